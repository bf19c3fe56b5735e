//! The practice page's progress panel (stats, review, export, reset) and the course's
//! self-assessed questions.

use leptos::prelude::*;

use super::progress::Progress;
use super::storage::{self, StorageNote};
use super::{fresh_seed, kinds_for, text, Commit, QuizInputs};
use crate::ui::content::questions::{source_text, Source, BANK};
use crate::ui::i18n::{t, use_lang};
use crate::ui::shell::UrlInputs;

/// Per-kind stats, the review list, reset and export.
#[component]
pub(super) fn ProgressPanel(
    inputs: UrlInputs<QuizInputs>,
    progress: RwSignal<Progress>,
    status: RwSignal<Option<StorageNote>>,
    commit: Commit,
) -> impl IntoView {
    let lang = use_lang();
    let json = move || storage::data_url("application/json", &progress.with(|p| p.to_json()));
    let csv = move || storage::data_url("text/csv", &progress.with(|p| p.to_csv()));
    view! {
        <section class="l-body gx-quiz__progress" data-testid="quiz-progress" aria-labelledby="quiz-progress-h">
            <h2 id="quiz-progress-h">{t(text::PROGRESS)}</h2>
            {move || status.get().map(|s| {
                let words = match s {
                    StorageNote::Off => text::STORAGE_OFF,
                    StorageNote::Corrupt => text::STORAGE_CORRUPT,
                    StorageNote::Partial => text::STORAGE_PARTIAL,
                };
                view! { <p class="gx-notice" role="status" data-testid="quiz-storage-note">{move || words.get(lang.get())}</p> }
            })}
            <div class="gx-table-scroll">
                <table class="gx-table" data-testid="quiz-stats">
                    <thead>
                        <tr>
                            <th scope="col">{t(text::COL_KIND)}</th>
                            <th scope="col">{t(text::COL_ATTEMPTS)}</th>
                            <th scope="col">{t(text::COL_CORRECT)}</th>
                            <th scope="col">{t(text::COL_STREAK)}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {move || {
                            progress.with(|p| {
                                p.kinds
                                    .iter()
                                    .map(|(&k, s)| {
                                        let s = *s;
                                        view! {
                                            <tr data-kind=k.slug()>
                                                <th scope="row">{move || text::kind_title(k).get(lang.get())}</th>
                                                <td data-testid="quiz-attempts">{s.attempts}</td>
                                                <td>{s.correct}</td>
                                                <td>{s.streak}</td>
                                            </tr>
                                        }
                                    })
                                    .collect_view()
                            })
                        }}
                    </tbody>
                </table>
            </div>
            <h3>{t(text::REVIEW)}</h3>
            {move || {
                let due = progress.with(|p| p.review());
                if due.is_empty() {
                    view! { <p class="gx-quiz__muted">{t(text::REVIEW_NONE)}</p> }.into_any()
                } else {
                    view! {
                        <ul class="gx-quiz__review" data-testid="quiz-review">
                            {due
                                .into_iter()
                                .map(|k| view! {
                                    <li>
                                        <button type="button" class="gx-button gx-button--small"
                                            on:click=move |_| inputs.navigate_update(|i| {
                                                if !kinds_for(&i.chapter).contains(&k) {
                                                    i.chapter = String::new();
                                                }
                                                i.seed = fresh_seed(k, i.seed);
                                                i.kind = k;
                                            })>
                                            {move || text::kind_title(k).get(lang.get())}
                                        </button>
                                    </li>
                                })
                                .collect_view()}
                        </ul>
                    }
                    .into_any()
                }
            }}
            <p class="gx-quiz__actions">
                <a class="gx-button" data-testid="quiz-export-json" href=json download=text::export_name("json")>
                    {t(text::EXPORT_JSON)}
                </a>
                <a class="gx-button" data-testid="quiz-export-csv" href=csv download=text::export_name("csv")>
                    {t(text::EXPORT_CSV)}
                </a>
                <button type="button" class="gx-button" data-testid="quiz-reset"
                    on:click=move |_| commit.run(Box::new(|p: &mut Progress| *p = Progress::default()))>
                    {t(text::RESET)}
                </button>
            </p>
        </section>
    }
}

/// The course's questions (the bank's course entries, each once): answer, reveal, self-mark.
#[component]
pub(super) fn CourseQuestions(
    inputs: UrlInputs<QuizInputs>,
    progress: RwSignal<Progress>,
    commit: Commit,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <section class="l-body gx-quiz__course" data-testid="quiz-course" aria-labelledby="quiz-course-h">
            <h2 id="quiz-course-h">{t(text::COURSE)}</h2>
            <p>{t(text::COURSE_INTRO)}</p>
            <ol class="gx-quiz__course-list">
                {move || {
                    let ch = inputs.with(|i| i.chapter.clone());
                    BANK.iter()
                        .filter(|q| matches!(q.source, Source::Course { .. }))
                        .filter(|q| ch.is_empty() || q.chapters.contains(&ch.as_str()))
                        .map(|q| {
                            let shown = RwSignal::new(false);
                            let id = q.id;
                            let mark = move || progress.with(|p| p.course.get(id).copied());
                            let record = move |got: bool| {
                                let time = storage::now_ms();
                                commit.run(Box::new(move |p: &mut Progress| p.mark_course(id, got, time)));
                            };
                            let answer_id = format!("quiz-course-answer-{id}");
                            view! {
                                <li class="gx-quiz__course-item" id=q.element_id() data-testid=format!("quiz-course-{id}")>
                                    <p class="gx-quiz__course-q">{move || q.question.get(lang.get())}</p>
                                    <p class="gx-question__source">{move || source_text(q.source, lang.get())}</p>
                                    <label class="gx-quiz__course-own">
                                        <span>{t(text::YOUR_ANSWER)}</span>
                                        <textarea rows="2"></textarea>
                                    </label>
                                    <button type="button" class="gx-button" data-testid="quiz-course-reveal"
                                        aria-expanded=move || shown.get().to_string()
                                        aria-controls=answer_id.clone()
                                        on:click=move |_| shown.set(true)>
                                        {t(text::REVEAL)}
                                    </button>
                                    <div id=answer_id.clone()>
                                        <Show when=move || shown.get()>
                                            <p class="gx-question__answer" data-testid="quiz-course-answer">{move || q.answer.get(lang.get())}</p>
                                            <div class="gx-quiz__self" role="group">
                                                <button type="button" class="gx-button" data-testid="quiz-course-got"
                                                    aria-pressed=move || (mark() == Some(true)).to_string()
                                                    on:click=move |_| record(true)>
                                                    {move || format!("{}{}", if mark() == Some(true) { "✓ " } else { "" }, text::GOT_IT.get(lang.get()))}
                                                </button>
                                                <button type="button" class="gx-button" data-testid="quiz-course-not-yet"
                                                    aria-pressed=move || (mark() == Some(false)).to_string()
                                                    on:click=move |_| record(false)>
                                                    {move || format!("{}{}", if mark() == Some(false) { "✓ " } else { "" }, text::NOT_YET.get(lang.get()))}
                                                </button>
                                                <span role="status" aria-live="polite" data-testid="quiz-course-recorded">
                                                    {move || mark().map(|_| text::RECORDED.get(lang.get()))}
                                                </span>
                                            </div>
                                        </Show>
                                    </div>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </section>
    }
}
