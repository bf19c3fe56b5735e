//! The printable sheet of a set and its answer key (print stylesheet: `style/quiz.css`).

use leptos::prelude::*;

use crate::model::quiz::generate;
use crate::model::quiz::set::{QuestionSet, Seeding, SetQuestion};
use crate::ui::content::questions::BANK;
use crate::ui::i18n::{t, use_lang};
use crate::ui::quiz::sheet::PrintKey;
use crate::ui::quiz::{answer_words, sheet_blank, storage, text};

/// The sheet: the questions (for the student named, where the set has one variant per
/// student) with blanks, then the answer key with the course questions' worked answers.
#[component]
pub fn SetSheet(set: QuestionSet) -> impl IntoView {
    let lang = use_lang();
    let per_student = set.seeding == Seeding::PerStudent;
    let title = set.title.clone();
    let set = StoredValue::new(set);
    let who = RwSignal::new(String::new());
    let questions = Memo::new(move |_| set.with_value(|s| s.questions(&who.get())));
    let heading = move || {
        if title.is_empty() {
            text::sets::SHEET_HEADING.get(lang.get()).to_string()
        } else {
            title.clone()
        }
    };
    let heading2 = heading.clone();
    // The key prints only when asked (see `PrintKey`).
    let print_key = RwSignal::new(false);
    view! {
        <section class="l-body gx-sheet" data-testid="set-sheet">
            <p class="gx-sheet__tools">
                <button type="button" class="gx-button" data-testid="set-print" on:click=move |_| storage::print()>{t(text::PRINT)}</button>
                " "
                <PrintKey print_key=print_key/>
            </p>
            {per_student.then(|| view! {
                <label class="gx-quiz__control gx-sheet__tools">
                    <span>{t(text::sets::SHEET_FOR)}</span>
                    <input type="text" class="gx-quiz__input" data-testid="set-sheet-name"
                        prop:value=move || who.get() on:input=move |ev| who.set(event_target_value(&ev))/>
                </label>
            })}
            <header>
                <h2>{heading}</h2>
                <p>{move || text::sets::set_size(lang.get(), questions.with(Vec::len))}</p>
                <p>{move || if per_student && !who.get().trim().is_empty() { who.get() } else { text::NAME_LINE.get(lang.get()).to_string() }}</p>
            </header>
            <ol class="gx-sheet__list">
                {move || {
                    let l = lang.get();
                    questions.get().into_iter().map(|q| match q {
                        SetQuestion::Generated { kind, seed } => match generate(kind, seed) {
                            Ok(q) => view! {
                                <li class="gx-sheet__q">
                                    <p>{text::prompt(&q, l)}</p>
                                    {q.listing().map(|lines| view! { <pre class="gx-quiz__listing"><code>{lines.join("\n")}</code></pre> })}
                                    <p class="gx-sheet__blanks">{q.parts.iter().map(|p| sheet_blank(p, l)).collect::<Vec<_>>().join("    ")}</p>
                                </li>
                            }.into_any(),
                            Err(_) => view! { <li>{text::NO_QUESTION.get(l)}</li> }.into_any(),
                        },
                        SetQuestion::Course { id } => {
                            let b = BANK.iter().find(|b| b.id == id).copied();
                            view! {
                                <li class="gx-sheet__q">
                                    <p>{b.map(|b| b.question.get(l).to_string()).unwrap_or_default()}</p>
                                    <p class="gx-sheet__blanks">{text::sets::OPEN_BLANK.get(l)}</p>
                                    <p class="gx-sheet__open" aria-hidden="true"></p>
                                </li>
                            }.into_any()
                        }
                    }).collect_view()
                }}
            </ol>
            <section class="gx-sheet__key" class:gx-sheet__key--screen-only=move || !print_key.get() data-testid="set-sheet-key">
                <h2>{move || format!("{} — {}", text::ANSWER_KEY.get(lang.get()), heading2())}</h2>
                <ol>
                    {move || {
                        let l = lang.get();
                        questions.get().into_iter().map(|q| match q {
                            SetQuestion::Generated { kind, seed } => {
                                let line = generate(kind, seed).map(|q| q.parts.iter().map(|p| format!("{} = {}", text::field_label(p.field).get(l), answer_words(p, l))).collect::<Vec<_>>().join("; ")).unwrap_or_default();
                                view! { <li>{format!("{line}  ({} · {})", kind.slug(), text::seed_line(l, seed))}</li> }.into_any()
                            }
                            SetQuestion::Course { id } => {
                                let b = BANK.iter().find(|b| b.id == id).copied();
                                view! { <li>{b.map(|b| b.answer.get(l).to_string()).unwrap_or_default()}</li> }.into_any()
                            }
                        }).collect_view()
                    }}
                </ol>
            </section>
        </section>
    }
}
