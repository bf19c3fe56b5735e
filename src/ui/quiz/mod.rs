//! The quiz page: generated questions (kind and seed in the URL, graded by [`crate::model::quiz`]),
//! the course's questions (self-assessed), progress with review and export, and a printable
//! worksheet with its answer key.
//!
//! State flows one way: the URL's [`QuizInputs`] → a memo that generates the question → views.
//! Answers typed into a question live in that question's card; grading happens in the submit
//! handler, which also records progress and writes it to storage (no effect writes a signal).

mod links;
pub mod progress;
#[cfg(test)]
mod prompt_tests;
mod storage;
pub mod text;

use leptos::prelude::*;

use crate::model::quiz::{another_seed, generate, grade, Answer, Kind, Part, Question, Verdict};
use crate::model::rng::SplitMix64;
use crate::ui::content::questions::{source_text, Source, BANK};
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shell::{self, route_href, ChapterBody, ChapterInputs, UrlInputs};
use crate::ui::url::{Notice, QueryReader};
use progress::Progress;
use storage::StorageNote;

/// A change to the progress, applied and saved by the page (see [`QuizBody`]).
type Commit = Callback<Box<dyn FnOnce(&mut Progress) + Send + Sync>>;

/// Largest seed a link may carry (seeds are drawn as 32-bit numbers).
pub const MAX_SEED: u64 = crate::model::quiz::MAX_SEED;
/// Most questions on one worksheet.
pub const MAX_SHEET: u32 = 40;

/// The quiz's inputs, kept in the URL: chapter filter, kind, seed, worksheet size.
#[derive(Clone, Debug, PartialEq)]
pub struct QuizInputs {
    /// Chapter slug to filter by; empty for every chapter.
    pub chapter: String,
    /// The kind on screen.
    pub kind: Kind,
    /// Its seed.
    pub seed: u64,
    /// Questions on the worksheet; 0 when no worksheet is shown.
    pub sheet: u32,
}

impl Default for QuizInputs {
    fn default() -> Self {
        QuizInputs {
            chapter: String::new(),
            kind: Kind::ALL[0],
            seed: 1,
            sheet: 0,
        }
    }
}

/// Slugs of the chapters that have generated kinds.
fn quiz_chapters() -> Vec<&'static str> {
    let mut slugs: Vec<&'static str> = Vec::new();
    for kind in Kind::ALL {
        if !slugs.contains(&kind.chapter()) {
            slugs.push(kind.chapter());
        }
    }
    slugs
}

/// The kinds the filter allows.
fn kinds_for(chapter: &str) -> Vec<Kind> {
    if chapter.is_empty() {
        Kind::ALL.to_vec()
    } else {
        Kind::of_chapter(chapter).collect()
    }
}

impl ChapterInputs for QuizInputs {
    fn from_query(query: &str) -> (QuizInputs, Vec<Notice>) {
        let d = QuizInputs::default();
        let mut r = QueryReader::parse(query);
        let mut chapter_ids = vec![""];
        chapter_ids.extend(quiz_chapters());
        let chapter = r.one_of("ch", "", &chapter_ids);
        let allowed = kinds_for(&chapter);
        let first = allowed.first().copied().unwrap_or(d.kind);
        let slugs: Vec<&str> = allowed.iter().map(|k| k.slug()).collect();
        let kind = Kind::from_slug(&r.one_of("kind", first.slug(), &slugs)).unwrap_or(first);
        let seed = r.num("seed", d.seed, 0, MAX_SEED);
        let sheet = r.num("sheet", 0, 0, MAX_SHEET);
        (
            QuizInputs {
                chapter,
                kind,
                seed,
                sheet,
            },
            r.finish(),
        )
    }

    fn to_query(&self) -> String {
        let mut parts = Vec::new();
        if !self.chapter.is_empty() {
            parts.push(format!("ch={}", self.chapter));
        }
        parts.push(format!("kind={}", self.kind.slug()));
        parts.push(format!("seed={}", self.seed));
        if self.sheet > 0 {
            parts.push(format!("sheet={}", self.sheet));
        }
        parts.join("&")
    }
}

/// A fresh seed of `kind`: the page's clock mixed with the current seed, skipping any seed whose
/// question is the one on screen ([`another_seed`]).
fn fresh_seed(kind: Kind, current: u64) -> u64 {
    another_seed(
        kind,
        current,
        SplitMix64::nth(current, storage::now_ms().to_bits()),
    )
}

/// Seed of question `i` of the worksheet with seed `sheet_seed`.
pub fn sheet_seed(sheet_seed: u64, i: u32) -> u64 {
    SplitMix64::nth(sheet_seed, u64::from(i)) & MAX_SEED
}

/// The answer of `part` in words.
fn answer_words(part: &Part, lang: Lang) -> String {
    match &part.answer {
        Answer::Choice { options, correct } => correct
            .iter()
            .filter_map(|&i| options.get(i))
            .map(|&c| text::category(c).get(lang).to_string())
            .collect::<Vec<_>>()
            .join(" / "),
        a => {
            let value = a.text();
            let u = if value == "1" {
                text::unit_of_one(part.field, lang)
            } else {
                text::unit(part.field).get(lang)
            };
            format!("{value} {u}").trim_end().to_string()
        }
    }
}

/// A field on the worksheet: a blank with its unit, or the options to tick.
fn sheet_blank(part: &Part, lang: Lang) -> String {
    let label = text::field_label(part.field).get(lang);
    match &part.answer {
        Answer::Choice { options, .. } => {
            let boxes: Vec<String> = options
                .iter()
                .map(|&c| format!("☐ {}", text::category(c).get(lang)))
                .collect();
            format!("{label}: {}", boxes.join("  "))
        }
        _ => format!("{label}: ________ {}", text::unit(part.field).get(lang)),
    }
}

/// The quiz page's body in the shell frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = QuizInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    // The quiz lists every course question itself (`CourseQuestions`).
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] = &[];
    fn body(inputs: UrlInputs<QuizInputs>) -> AnyView {
        view! { <QuizBody inputs=inputs/> }.into_any()
    }
}

#[component]
fn QuizBody(inputs: UrlInputs<QuizInputs>) -> impl IntoView {
    let lang = use_lang();
    let (loaded, note) = storage::load();
    let progress = RwSignal::new(loaded);
    let status = RwSignal::new(note);
    let question = Memo::new(move |_| inputs.with(|i| generate(i.kind, i.seed)));
    let commit: Commit = Callback::new(move |f: Box<dyn FnOnce(&mut Progress) + Send + Sync>| {
        progress.update(|p| f(p));
        let saved = progress.with_untracked(storage::save);
        status.set(saved.err());
    });
    view! {
        <div class="gx-quiz" data-testid="quiz">
            <QuizControls inputs=inputs/>
            <section class="l-body gx-quiz__rule" aria-labelledby="quiz-rule">
                <h2 id="quiz-rule">{t(text::RULE_HEADING)}</h2>
                <p>{t(text::RULE)}</p>
            </section>
            <div class="l-body">
                {move || match question.get() {
                    Ok(q) => view! { <QuestionCard q=q commit=commit/> }.into_any(),
                    Err(_) => view! { <p class="gx-quiz__error" role="alert">{t(text::NO_QUESTION)}</p> }.into_any(),
                }}
            </div>
            <ProgressPanel inputs=inputs progress=progress status=status commit=commit/>
            <CourseQuestions inputs=inputs progress=progress commit=commit/>
            <WorksheetPanel inputs=inputs/>
            {move || {
                let i = inputs.get();
                (i.sheet > 0).then(|| view! { <Worksheet inputs=i/> })
            }}
            <span hidden>{move || lang.get().tag()}</span>
        </div>
    }
}

/// Chapter filter, kind, seed and "another like this".
#[component]
fn QuizControls(inputs: UrlInputs<QuizInputs>) -> impl IntoView {
    let lang = use_lang();
    let on_chapter = move |ev: leptos::ev::Event| {
        let ch = event_target_value(&ev);
        inputs.navigate_update(|i| {
            let kinds = kinds_for(&ch);
            if !kinds.contains(&i.kind) {
                i.kind = kinds.first().copied().unwrap_or(i.kind);
            }
            i.chapter = ch;
        });
    };
    let on_kind = move |ev: leptos::ev::Event| {
        if let Some(k) = Kind::from_slug(&event_target_value(&ev)) {
            inputs.navigate_update(|i| i.kind = k);
        }
    };
    let another = move |_| inputs.navigate_update(|i| i.seed = fresh_seed(i.kind, i.seed));
    view! {
        <div class="l-body gx-quiz__controls" role="group" aria-label=t(text::KIND)>
            <label class="gx-quiz__control">
                <span>{t(text::FILTER)}</span>
                <select data-testid="quiz-chapter" on:change=on_chapter
                    prop:value=move || inputs.with(|i| i.chapter.clone())>
                    <option value="">{t(text::ALL_CHAPTERS)}</option>
                    {quiz_chapters()
                        .into_iter()
                        .map(|slug| {
                            let c = shell::by_slug(slug);
                            view! {
                                <option value=slug selected=move || inputs.with(|i| i.chapter == slug)>
                                    {move || c.map(|c| format!("{}. {}", c.number.unwrap_or_default(), c.title.get(lang.get()))).unwrap_or_default()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label class="gx-quiz__control">
                <span>{t(text::KIND)}</span>
                <select data-testid="quiz-kind" on:change=on_kind
                    prop:value=move || inputs.with(|i| i.kind.slug())>
                    {move || {
                        inputs
                            .with(|i| kinds_for(&i.chapter))
                            .into_iter()
                            .map(|k| view! {
                                <option value=k.slug() selected=move || inputs.with(|i| i.kind == k)>
                                    {move || text::kind_title(k).get(lang.get())}
                                </option>
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <button type="button" class="gx-button" data-testid="quiz-another" on:click=another>
                {t(text::ANOTHER)}
            </button>
            <span class="gx-quiz__seed" data-testid="quiz-seed">
                {move || text::seed_line(lang.get(), inputs.with(|i| i.seed))}
            </span>
        </div>
    }
}

/// One generated question: prompt, fields, check, verdict, hints, solution, chapter link.
#[component]
fn QuestionCard(q: Question, commit: Commit) -> impl IntoView {
    let lang = use_lang();
    let q = StoredValue::new(q);
    let n = q.with_value(|q| q.parts.len());
    let responses = RwSignal::new(vec![String::new(); n]);
    let verdicts: RwSignal<Option<Vec<Verdict>>> = RwSignal::new(None);
    let hints = RwSignal::new(0usize);
    let solution = RwSignal::new(false);
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let given = responses.get_untracked();
        let v: Vec<Verdict> = q.with_value(|q| {
            q.parts
                .iter()
                .zip(given.iter())
                .map(|(p, r)| grade(p, r))
                .collect()
        });
        let right = v.iter().all(|v| v.is_correct());
        // A field that is not an answer is not an attempt: say so, record nothing.
        let complete = v.iter().all(|v| v.is_readable());
        let (kind, seed, params) = q.with_value(|q| (q.kind, q.seed, q.params_text()));
        let answer = given.join(" | ");
        let time = storage::now_ms();
        verdicts.set(Some(v));
        if complete {
            commit.run(Box::new(move |p: &mut Progress| {
                p.record(kind, seed, &params, &answer, right, time)
            }));
        }
    };
    let chapter_href = q.with_value(|q| {
        format!(
            "{}?{}",
            route_href(q.kind.chapter()),
            links::chapter_query(&q.params)
        )
    });
    // The chip chapter draws a GPU at its boost clock; a question at a sustained clock says so
    // beside the link, so the chapter's peak does not read as a contradiction.
    let chapter_differs = q.with_value(|q| match q.params {
        crate::model::quiz::Params::Chip { gpu, clock_mhz } => {
            crate::model::gpu_spec::GpuSpec::by_id(gpu)
                .map(|g| g.boost_clock_mhz)
                .filter(|&boost| boost != clock_mhz)
                .map(|boost| (boost, clock_mhz))
        }
        _ => None,
    });
    let fields = q.with_value(|q| q.parts.clone());
    let kind = q.with_value(|q| q.kind);
    view! {
        <article class="gx-quiz__card" data-testid="quiz-question" data-kind=kind.slug()
            data-seed=q.with_value(|q| q.seed.to_string())>
            <h2 class="gx-quiz__kind">{move || text::kind_title(kind).get(lang.get())}</h2>
            <p class="gx-quiz__prompt" data-testid="quiz-prompt">
                {move || q.with_value(|q| text::prompt(q, lang.get()))}
            </p>
            {q.with_value(|q| q.listing()).map(|lines| view! {
                <pre class="gx-quiz__listing" data-testid="quiz-listing" aria-label=t(text::LISTING)><code>{lines.join("\n")}</code></pre>
            })}
            <form class="gx-quiz__form" on:submit=on_submit>
                {fields
                    .into_iter()
                    .enumerate()
                    .map(|(i, part)| view! { <FieldInput i=i part=part responses=responses verdicts=verdicts/> })
                    .collect_view()}
                <button type="submit" class="gx-button gx-button--primary" data-testid="quiz-check">
                    {t(text::CHECK)}
                </button>
            </form>
            <div class="gx-quiz__verdict" role="status" aria-live="polite" data-testid="quiz-verdict">
                {move || verdicts.get().map(|v| {
                    if v.iter().any(|v| !v.is_readable()) {
                        // Not an attempt (nothing recorded): no score, say what to fix.
                        return view! {
                            <p class="gx-quiz__result gx-quiz__result--unread" data-testid="quiz-result" data-correct="false">
                                {t(text::NOT_GRADED)}
                            </p>
                        }.into_any();
                    }
                    let right = v.iter().filter(|v| v.is_correct()).count();
                    let all = right == v.len();
                    let diagnoses: Vec<_> = v
                        .iter()
                        .filter_map(|v| match v {
                            Verdict::Wrong(Some(m)) => Some(*m),
                            _ => None,
                        })
                        .collect();
                    view! {
                        <p class=if all { "gx-quiz__result gx-quiz__result--right" } else { "gx-quiz__result gx-quiz__result--wrong" }
                            data-testid="quiz-result" data-correct=all.to_string()>
                            <strong>{move || if all { text::RIGHT.get(lang.get()) } else { text::WRONG.get(lang.get()) }}</strong>
                            " "
                            {move || text::fields_right(lang.get(), right, v.len())}
                        </p>
                        {diagnoses
                            .into_iter()
                            .map(|m| view! {
                                <p class="gx-quiz__diagnosis" data-testid="quiz-diagnosis">
                                    <strong>{t(text::DIAGNOSIS)}": "</strong>
                                    {move || text::mistake(m).get(lang.get())}
                                </p>
                            })
                            .collect_view()}
                    }.into_any()
                })}
            </div>
            <div class="gx-quiz__help">
                <button type="button" class="gx-button" data-testid="quiz-hint"
                    prop:disabled=move || { hints.get() >= 2 }
                    on:click=move |_| hints.update(|h| *h = (*h + 1).min(2))>
                    {move || format!("{} ({}/2)", text::HINT.get(lang.get()), hints.get())}
                </button>
                <button type="button" class="gx-button" data-testid="quiz-solution"
                    aria-expanded=move || solution.get().to_string()
                    on:click=move |_| solution.update(|s| *s = !*s)>
                    {t(text::SOLUTION)}
                </button>
                <a class="gx-quiz__chapter-link" data-testid="quiz-chapter-link" href=chapter_href>
                    {t(text::OPEN_CHAPTER)}
                </a>
            </div>
            {chapter_differs.map(|(boost, clock)| view! {
                <p class="gx-quiz__link-note" data-testid="quiz-link-note">
                    {move || text::chapter_at_boost(boost, clock, lang.get())}
                </p>
            })}
            <ul class="gx-quiz__hints">
                {move || {
                    text::hints(kind)
                        .into_iter()
                        .take(hints.get())
                        .map(|h| view! { <li>{move || h.get(lang.get())}</li> })
                        .collect_view()
                }}
            </ul>
            <Show when=move || solution.get()>
                <div class="gx-quiz__solution" data-testid="quiz-worked">
                    <ol>
                        {q.with_value(|q| q.steps.clone())
                            .into_iter()
                            .map(|s| view! {
                                <li>
                                    <span class="gx-quiz__step">{move || text::step_label(s.label).get(lang.get())}</span>
                                    ": "
                                    <code>{s.math.clone()}</code>
                                </li>
                            })
                            .collect_view()}
                    </ol>
                    <p>
                        <strong>{t(text::EXPECTED)}": "</strong>
                        {move || q.with_value(|q| {
                            q.parts
                                .iter()
                                .map(|p| format!("{} = {}", text::field_label(p.field).get(lang.get()), answer_words(p, lang.get())))
                                .collect::<Vec<_>>()
                                .join("; ")
                        })}
                    </p>
                </div>
            </Show>
        </article>
    }
}

/// One answer field: a text box with its unit, or a radio group for a category.
#[component]
fn FieldInput(
    i: usize,
    part: Part,
    responses: RwSignal<Vec<String>>,
    verdicts: RwSignal<Option<Vec<Verdict>>>,
) -> impl IntoView {
    let lang = use_lang();
    let field = part.field;
    let id = format!("quiz-field-{i}");
    let mark = move || {
        verdicts.with(|v| {
            v.as_ref().and_then(|v| v.get(i).copied()).map(|v| match v {
                Verdict::Correct => (
                    "gx-quiz__mark gx-quiz__mark--right",
                    format!("✓ {}", text::FIELD_RIGHT.get(lang.get())),
                ),
                Verdict::Wrong(_) => (
                    "gx-quiz__mark gx-quiz__mark--wrong",
                    format!("✗ {}", text::FIELD_WRONG.get(lang.get())),
                ),
                Verdict::Unreadable(why) => (
                    "gx-quiz__mark gx-quiz__mark--wrong",
                    format!("? {}", text::unreadable(why).get(lang.get())),
                ),
            })
        })
    };
    let mark_view = move || {
        mark().map(|(class, words)| view! { <span class=class data-testid=format!("quiz-mark-{i}")>{words}</span> })
    };
    let set = move |value: String| {
        responses.update(|r| {
            if let Some(slot) = r.get_mut(i) {
                *slot = value;
            }
        })
    };
    match part.answer {
        Answer::Choice { options, .. } => view! {
            <fieldset class="gx-quiz__field gx-quiz__choices" data-testid=format!("quiz-field-{i}")>
                <legend>{move || text::field_label(field).get(lang.get())}" "
                    <span class="gx-quiz__unit">{move || format!("({})", text::PICK_ONE.get(lang.get()))}</span>
                </legend>
                {options
                    .into_iter()
                    .enumerate()
                    .map(|(j, c)| view! {
                        <label class="gx-quiz__choice">
                            <input type="radio" name=id.clone() value=j.to_string()
                                data-testid=format!("quiz-choice-{i}-{j}")
                                prop:checked=move || responses.with(|r| r.get(i).is_some_and(|v| *v == j.to_string()))
                                on:change=move |_| set(j.to_string())/>
                            {move || text::category(c).get(lang.get())}
                        </label>
                    })
                    .collect_view()}
                {mark_view}
            </fieldset>
        }
        .into_any(),
        answer => {
            let mode = if matches!(answer, Answer::Mask(_)) { "text" } else { "decimal" };
            view! {
                <div class="gx-quiz__field">
                    <label for=id.clone()>{move || text::field_label(field).get(lang.get())}</label>
                    <input id=id.clone() type="text" inputmode=mode autocomplete="off" spellcheck="false"
                        class="gx-quiz__input" data-testid=format!("quiz-input-{i}")
                        prop:value=move || responses.with(|r| r.get(i).cloned().unwrap_or_default())
                        on:input=move |ev| set(event_target_value(&ev))/>
                    <span class="gx-quiz__unit">{move || text::unit(field).get(lang.get())}</span>
                    {mark_view}
                </div>
            }
            .into_any()
        }
    }
}

/// Per-kind stats, the review list, reset and export.
#[component]
fn ProgressPanel(
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
fn CourseQuestions(
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

/// Worksheet size and the "make" button.
#[component]
fn WorksheetPanel(inputs: UrlInputs<QuizInputs>) -> impl IntoView {
    let size = RwSignal::new(10u32);
    view! {
        <section class="l-body gx-quiz__sheet-panel" aria-labelledby="quiz-sheet-h">
            <h2 id="quiz-sheet-h">{t(text::WORKSHEET)}</h2>
            <p>{t(text::WORKSHEET_INTRO)}</p>
            <p class="gx-quiz__actions">
                <label class="gx-quiz__control">
                    <span>{t(text::SHEET_SIZE)}</span>
                    <input type="number" min="1" max=MAX_SHEET.to_string() class="gx-quiz__input gx-quiz__input--short"
                        data-testid="quiz-sheet-size"
                        prop:value=move || size.get().to_string()
                        on:input=move |ev| {
                            if let Ok(n) = event_target_value(&ev).parse::<u32>() {
                                size.set(n.clamp(1, MAX_SHEET));
                            }
                        }/>
                </label>
                <button type="button" class="gx-button" data-testid="quiz-sheet-make"
                    on:click=move |_| inputs.navigate_update(|i| i.sheet = size.get_untracked())>
                    {t(text::SHEET_MAKE)}
                </button>
            </p>
        </section>
    }
}

/// The printable worksheet and its answer key (print stylesheet: `style/quiz.css`).
#[component]
fn Worksheet(inputs: QuizInputs) -> impl IntoView {
    let lang = use_lang();
    let kinds = kinds_for(&inputs.chapter);
    let questions: Vec<Question> = (0..inputs.sheet)
        .filter_map(|i| {
            let kind = *kinds.get(i as usize % kinds.len().max(1))?;
            generate(kind, sheet_seed(inputs.seed, i)).ok()
        })
        .collect();
    let questions = StoredValue::new(questions);
    let (seed, n) = (inputs.seed, inputs.sheet);
    let chapter = shell::by_slug(&inputs.chapter);
    let heading = move || {
        let ch = chapter
            .map(|c| c.title.get(lang.get()).to_string())
            .unwrap_or_else(|| text::ALL_CHAPTERS.get(lang.get()).to_string());
        format!("{} — {ch}", text::WORKSHEET.get(lang.get()))
    };
    let link = move || window().location().href().unwrap_or_default();
    view! {
        <section class="l-body gx-sheet" data-testid="worksheet">
            <p class="gx-sheet__tools">
                <button type="button" class="gx-button" data-testid="quiz-print" on:click=move |_| storage::print()>{t(text::PRINT)}</button>
                " "
                <button type="button" class="gx-button" on:click=move |_| {
                    let _ = window().history().map(|h| h.back());
                }>{t(text::SHEET_CLOSE)}</button>
            </p>
            <header>
                <h2>{heading}</h2>
                <p>{move || text::sheet_line(lang.get(), seed, n)}</p>
                <p class="gx-sheet__link">{link}</p>
                <p>{t(text::NAME_LINE)}</p>
            </header>
            <ol class="gx-sheet__list">
                {move || questions.with_value(|qs| qs.iter().map(|q| {
                    let l = lang.get();
                    view! {
                        <li class="gx-sheet__q">
                            <p>{text::prompt(q, l)}</p>
                            {q.listing().map(|lines| view! { <pre class="gx-quiz__listing"><code>{lines.join("\n")}</code></pre> })}
                            <p class="gx-sheet__blanks">
                                {q.parts.iter().map(|p| sheet_blank(p, l)).collect::<Vec<_>>().join("    ")}
                            </p>
                            <p class="gx-sheet__seed">{format!("{} · {}", q.kind.slug(), text::seed_line(l, q.seed))}</p>
                        </li>
                    }
                }).collect_view())}
            </ol>
            <section class="gx-sheet__key" data-testid="worksheet-key">
                <h2>{move || format!("{} — {}", text::ANSWER_KEY.get(lang.get()), text::sheet_line(lang.get(), seed, n))}</h2>
                <ol>
                    {move || questions.with_value(|qs| qs.iter().map(|q| {
                        let l = lang.get();
                        let answers = q.parts.iter().map(|p| format!("{} = {}", text::field_label(p.field).get(l), answer_words(p, l))).collect::<Vec<_>>().join("; ");
                        view! { <li>{format!("{answers}  ({} · {})", q.kind.slug(), text::seed_line(l, q.seed))}</li> }
                    }).collect_view())}
                </ol>
            </section>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notices_of<I: ChapterInputs>(query: &str) -> Vec<Notice> {
        I::from_query(query).1
    }

    /// The registry, as the app hands it down at start (the chapter filter reads it).
    fn install_registry() {
        shell::install(shell::Site {
            pages: crate::ui::app::registry::ALL,
            lesson_button: |_| ().into_any(),
        });
    }

    #[test]
    fn quiz_inputs_round_trip_and_fall_back() {
        install_registry();
        let (i, n) = QuizInputs::from_query("ch=coalescing&kind=coalescing-sectors&seed=42");
        assert!(n.is_empty());
        assert_eq!((i.kind, i.seed), (Kind::CoalescingSectors, 42));
        assert_eq!(QuizInputs::from_query(&i.to_query()).0, i);
        // A kind outside the filter, a bad seed: fall back with notices, no panic.
        let (i, n) = QuizInputs::from_query("ch=roofline&kind=bogus&seed=-3&sheet=999");
        assert_eq!(i.kind, Kind::RooflineRidge);
        assert_eq!(i.sheet, MAX_SHEET);
        assert!(n.len() >= 2);
        let _ = QuizInputs::from_query("%%%&&==seed=\u{0}");
    }

    /// A count of one reads in the singular in English, in the prompt and in the answer line
    /// ("keeps 1 block resident", "1 request"), for every kind over 300 seeds.
    #[test]
    fn a_count_of_one_is_singular() {
        let plural = first_plural_after_one;
        let mut ones = 0;
        for kind in Kind::ALL {
            for seed in 0..300 {
                let q = generate(kind, seed).expect("question");
                let p = text::prompt(&q, Lang::En);
                assert_eq!(plural(&p), None, "{kind:?} seed {seed}: {p}");
                for part in &q.parts {
                    let a = answer_words(part, Lang::En);
                    ones += usize::from(a.starts_with("1 "));
                    assert_eq!(plural(&a), None, "{kind:?} seed {seed}: {a}");
                }
            }
        }
        assert!(ones > 0, "no answer of 1 seen: the test checked nothing");
    }

    /// The first "1 <plural count word>" in `s`, if any.
    fn first_plural_after_one(s: &str) -> Option<String> {
        const WORDS: [&str; 16] = [
            "blocks",
            "warps",
            "waves",
            "requests",
            "sectors",
            "wavefronts",
            "lanes",
            "threads",
            "registers",
            "cycles",
            "paths",
            "levels",
            "instructions",
            "MMAs",
            "bytes",
            "elements",
        ];
        let words: Vec<&str> = s.split(|c: char| c.is_whitespace() || c == '(').collect();
        words.windows(2).find_map(|w| {
            let one = w[0] == "1";
            let word = w[1].trim_end_matches(|c: char| !c.is_alphanumeric());
            (one && WORDS.contains(&word)).then(|| format!("1 {word}"))
        })
    }

    /// Every kind's chapter link opens its chapter with no notice: the parameters are honoured.
    #[test]
    fn quiz_chapter_links_are_exact() {
        use crate::ui::chapters::{
            bank_conflicts, chip, coalescing, dispatch, divergence, hierarchy, occupancy, roofline,
            scheduling, tensor_core_generations, tensor_cores,
        };
        for kind in Kind::ALL {
            for seed in 0..200 {
                let q = generate(kind, seed).expect("question");
                let query = links::chapter_query(&q.params);
                let notices = match kind.chapter() {
                    "chip" => notices_of::<<chip::Page as ChapterBody>::Inputs>(&query),
                    "hierarchy" => notices_of::<<hierarchy::Page as ChapterBody>::Inputs>(&query),
                    "occupancy" => notices_of::<<occupancy::Page as ChapterBody>::Inputs>(&query),
                    "dispatch" => notices_of::<<dispatch::Page as ChapterBody>::Inputs>(&query),
                    "scheduling" => notices_of::<<scheduling::Page as ChapterBody>::Inputs>(&query),
                    "divergence" => notices_of::<<divergence::Page as ChapterBody>::Inputs>(&query),
                    "coalescing" => notices_of::<<coalescing::Page as ChapterBody>::Inputs>(&query),
                    "bank-conflicts" => {
                        notices_of::<<bank_conflicts::Page as ChapterBody>::Inputs>(&query)
                    }
                    "tensor-cores" => {
                        notices_of::<<tensor_cores::Page as ChapterBody>::Inputs>(&query)
                    }
                    "tensor-core-generations" => {
                        notices_of::<<tensor_core_generations::Page as ChapterBody>::Inputs>(&query)
                    }
                    "roofline" => notices_of::<<roofline::Page as ChapterBody>::Inputs>(&query),
                    "lab" => notices_of::<<crate::ui::lab::Page as ChapterBody>::Inputs>(&query),
                    other => panic!("no chapter {other}"),
                };
                assert!(notices.is_empty(), "{kind:?} {seed}: {query} → {notices:?}");
            }
        }
    }
}
