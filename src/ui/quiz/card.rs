//! One generated question on the practice page ([`QuestionCard`]) and its answer fields
//! ([`FieldInput`], also used when a question set is taken).

use leptos::prelude::*;

use super::progress::Progress;
use super::{answer_words, storage, text, Commit};
use crate::model::quiz::{grade_all, Answer, Part, Question, Verdict};
use crate::ui::i18n::{t, use_lang};
use crate::ui::shell::route_href;

/// One generated question: prompt, fields, check, verdict, hints, solution, chapter link.
#[component]
pub(super) fn QuestionCard(q: Question, commit: Commit) -> impl IntoView {
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
        let v: Vec<Verdict> = q.with_value(|q| grade_all(&q.parts, &given));
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
            super::links::chapter_query(&q.params)
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
                    view! { <VerdictLines verdicts=v testid="quiz"/> }
                    .into_any()
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
pub(crate) fn FieldInput(
    i: usize,
    part: Part,
    responses: RwSignal<Vec<String>>,
    verdicts: RwSignal<Option<Vec<Verdict>>>,
    /// Marks only fields that are not an answer (exam mode: no right or wrong until the end).
    #[prop(optional)]
    hide_grades: bool,
) -> impl IntoView {
    let lang = use_lang();
    let field = part.field;
    let id = format!("quiz-field-{i}");
    let mark = move || {
        verdicts.with(|v| {
            v.as_ref()
                .and_then(|v| v.get(i).copied())
                .filter(|v| !hide_grades || !v.is_readable())
                .map(|v| match v {
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

/// The verdict of a graded question: right or wrong, how many fields right, and one diagnosis
/// line per wrong field whose mistake is recognised. `testid` prefixes the lines' `data-testid`s
/// (`{testid}-result`, `{testid}-diagnosis`).
#[component]
pub(super) fn VerdictLines(verdicts: Vec<Verdict>, testid: &'static str) -> impl IntoView {
    let lang = use_lang();
    let right = verdicts.iter().filter(|v| v.is_correct()).count();
    let fields = verdicts.len();
    let all = right == fields;
    let diagnoses = verdicts.iter().filter_map(|v| match v {
        Verdict::Wrong(Some(m)) => Some(*m),
        _ => None,
    });
    let class = if all {
        "gx-quiz__result gx-quiz__result--right"
    } else {
        "gx-quiz__result gx-quiz__result--wrong"
    };
    view! {
        <p class=class data-testid=format!("{testid}-result") data-correct=all.to_string()>
            <strong>{move || if all { text::RIGHT.get(lang.get()) } else { text::WRONG.get(lang.get()) }}</strong>
            " "
            {move || text::fields_right(lang.get(), right, fields)}
        </p>
        {diagnoses
            .map(|m| view! {
                <p class="gx-quiz__diagnosis" data-testid=format!("{testid}-diagnosis")>
                    <strong>{t(text::DIAGNOSIS)}": "</strong>
                    {move || text::mistake(m).get(lang.get())}
                </p>
            })
            .collect_view()}
    }
}
