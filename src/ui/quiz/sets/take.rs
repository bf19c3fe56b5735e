//! Taking a set: the student's name, then the questions in order (feedback after each, or in
//! exam mode only at the end), then the answers file to download.

use leptos::prelude::*;

use super::codec::{answers_file_name, AnswersFile, FileQuestion, FILE_FORMAT, VERSION};
use crate::model::quiz::set::{
    normalise_student, regrade, QuestionGrade, QuestionSet, Seeding, SetQuestion,
};
use crate::model::quiz::{generate, grade_all, Verdict};
use crate::ui::content::questions::BANK;
use crate::ui::i18n::{t, use_lang};
use crate::ui::quiz::card::{FieldInput, VerdictLines};
use crate::ui::quiz::{answer_words, storage, text};

/// A student's run through the set.
#[derive(Clone, Debug, PartialEq)]
struct Session {
    student: String,
    questions: Vec<SetQuestion>,
    started_ms: f64,
    entries: Vec<FileQuestion>,
    finished_ms: Option<f64>,
}

/// The take page.
#[component]
pub fn Take(set: QuestionSet, code: String) -> impl IntoView {
    let lang = use_lang();
    let n = set.len();
    let exam = set.exam;
    let per_student = set.seeding == Seeding::PerStudent;
    let title = set.title.clone();
    let set = StoredValue::new(set);
    let code = StoredValue::new(code);
    let name = RwSignal::new(String::new());
    let name_missing = RwSignal::new(false);
    let session: RwSignal<Option<Session>> = RwSignal::new(None);
    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let student = name.get_untracked().trim().to_string();
        if normalise_student(&student).is_empty() {
            name_missing.set(true);
            return;
        }
        name_missing.set(false);
        let questions = set.with_value(|s| s.questions(&student));
        session.set(Some(Session {
            student,
            questions,
            started_ms: storage::now_ms(),
            entries: Vec::new(),
            finished_ms: None,
        }));
    };
    let current = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref().and_then(|s| {
                (s.finished_ms.is_none())
                    .then(|| {
                        s.questions
                            .get(s.entries.len())
                            .cloned()
                            .map(|q| (s.entries.len(), q))
                    })
                    .flatten()
            })
        })
    });
    let done = Callback::new(move |entry: FileQuestion| {
        let now = storage::now_ms();
        session.update(|s| {
            if let Some(s) = s {
                s.entries.push(entry);
                if s.entries.len() >= s.questions.len() {
                    s.finished_ms = Some(now);
                }
            }
        });
    });
    let started = move || session.with(Option::is_some);
    let finished = move || session.with(|s| s.as_ref().is_some_and(|s| s.finished_ms.is_some()));
    view! {
        <section class="l-body gx-sets__take" data-testid="set-take" aria-labelledby="set-take-h">
            <h2 id="set-take-h">{if title.is_empty() { None } else { Some(title.clone()) }.unwrap_or_else(|| text::sets::SHEET_HEADING.get(lang.get_untracked()).to_string())}</h2>
            <p data-testid="set-take-intro">{move || text::sets::take_intro(lang.get(), n, exam)}</p>
            <Show when=move || !started()>
                <form class="gx-sets__name" on:submit=start>
                    <label class="gx-quiz__control">
                        <span>{t(text::sets::NAME)}</span>
                        <input type="text" class="gx-quiz__input" data-testid="set-name" autocomplete="off"
                            maxlength=crate::model::quiz::set::MAX_STUDENT_CHARS.to_string()
                            prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev))/>
                    </label>
                    {per_student.then(|| view! { <p class="gx-quiz__muted">{t(text::sets::NAME_VARIANT)}</p> })}
                    <button type="submit" class="gx-button gx-button--primary" data-testid="set-start">{t(text::sets::START)}</button>
                    <p role="alert" class="gx-quiz__mark--wrong">{move || name_missing.get().then(|| text::sets::NAME_MISSING.get(lang.get()))}</p>
                </form>
            </Show>
            {move || current.get().map(|(i, q)| view! { <Step i=i n=n q=q exam=exam done=done/> })}
            {move || finished().then(|| {
                let s = session.get_untracked().unwrap_or_else(|| Session { student: String::new(), questions: vec![], started_ms: 0.0, entries: vec![], finished_ms: None });
                let file = AnswersFile {
                    format: FILE_FORMAT.into(),
                    v: VERSION,
                    set: code.get_value(),
                    title: set.with_value(|x| x.title.clone()),
                    student: s.student.clone(),
                    started_ms: s.started_ms,
                    finished_ms: s.finished_ms.unwrap_or(s.started_ms),
                    questions: s.entries.clone(),
                };
                view! { <Finished set=set.get_value() file=file/> }
            })}
        </section>
    }
}

/// One question of the set, answered once.
#[component]
fn Step(
    i: usize,
    n: usize,
    q: SetQuestion,
    exam: bool,
    done: Callback<FileQuestion>,
) -> impl IntoView {
    let lang = use_lang();
    // The entry waiting for "next" (feedback mode shows the verdict first).
    let pending: RwSignal<Option<FileQuestion>> = RwSignal::new(None);
    let position = move || text::sets::position(lang.get(), i + 1, n);
    let next_label = if i + 1 == n {
        text::sets::FINISH
    } else {
        text::sets::NEXT
    };
    let next = move |_| {
        if let Some(e) = pending.get_untracked() {
            done.run(e);
        }
    };
    let body = match q {
        SetQuestion::Generated { kind, seed } => match generate(kind, seed) {
            Err(_) => view! { <p class="gx-quiz__error" role="alert">{t(text::NO_QUESTION)}</p> }
                .into_any(),
            Ok(question) => {
                let parts = question.parts.clone();
                let n_parts = parts.len();
                let question = StoredValue::new(question);
                let responses = RwSignal::new(vec![String::new(); n_parts]);
                let verdicts: RwSignal<Option<Vec<Verdict>>> = RwSignal::new(None);
                let submit = move |ev: leptos::ev::SubmitEvent| {
                    ev.prevent_default();
                    if pending.get_untracked().is_some() {
                        return;
                    }
                    let given = responses.get_untracked();
                    let v: Vec<Verdict> = question.with_value(|q| grade_all(&q.parts, &given));
                    let readable = v.iter().all(|v| v.is_readable());
                    let right = v.iter().all(|v| v.is_correct());
                    verdicts.set(Some(v));
                    if !readable {
                        return;
                    }
                    let entry = FileQuestion {
                        kind: Some(kind.slug().to_string()),
                        seed: Some(seed),
                        course: None,
                        answers: given,
                        correct: Some(right),
                        answered_ms: storage::now_ms(),
                    };
                    if exam {
                        done.run(entry);
                    } else {
                        pending.set(Some(entry));
                    }
                };
                let verdict = move || {
                    if exam || pending.with(Option::is_none) {
                        return None;
                    }
                    let v = verdicts.get()?;
                    Some(view! {
                        <VerdictLines verdicts=v testid="set"/>
                        <p>
                            <strong>{t(text::EXPECTED)}": "</strong>
                            {move || question.with_value(|q| q.parts.iter().map(|p| format!("{} = {}", text::field_label(p.field).get(lang.get()), answer_words(p, lang.get()))).collect::<Vec<_>>().join("; "))}
                        </p>
                    })
                };
                view! {
                    <p class="gx-quiz__prompt" data-testid="set-prompt">{move || question.with_value(|q| text::prompt(q, lang.get()))}</p>
                    {question.with_value(|q| q.listing()).map(|lines| view! {
                        <pre class="gx-quiz__listing" aria-label=t(text::LISTING)><code>{lines.join("\n")}</code></pre>
                    })}
                    <form class="gx-quiz__form" on:submit=submit>
                        {parts.into_iter().enumerate().map(|(j, part)| view! {
                            <FieldInput i=j part=part responses=responses verdicts=verdicts hide_grades=exam/>
                        }).collect_view()}
                        <button type="submit" class="gx-button gx-button--primary" data-testid="set-submit"
                            prop:disabled=move || pending.with(Option::is_some)>{t(text::sets::SUBMIT)}</button>
                    </form>
                    <div class="gx-quiz__verdict" role="status" aria-live="polite" data-testid="set-verdict">{verdict}</div>
                }
                .into_any()
            }
        },
        SetQuestion::Course { id } => {
            let b = BANK.iter().find(|b| b.id == id).copied();
            let words = RwSignal::new(String::new());
            let submit = move |ev: leptos::ev::SubmitEvent| {
                ev.prevent_default();
                if pending.get_untracked().is_some() {
                    return;
                }
                let entry = FileQuestion {
                    kind: None,
                    seed: None,
                    course: Some(id.clone()),
                    answers: vec![words.get_untracked()],
                    correct: None,
                    answered_ms: storage::now_ms(),
                };
                if exam {
                    done.run(entry);
                } else {
                    pending.set(Some(entry));
                }
            };
            view! {
                <p class="gx-quiz__prompt" data-testid="set-prompt">{move || b.map(|b| b.question.get(lang.get()).to_string()).unwrap_or_default()}</p>
                <form class="gx-quiz__form" on:submit=submit>
                    <label class="gx-quiz__course-own">
                        <span>{t(text::sets::OPEN_ANSWER)}</span>
                        <textarea rows="4" data-testid="set-open" prop:value=move || words.get()
                            on:input=move |ev| words.set(event_target_value(&ev))></textarea>
                    </label>
                    <button type="submit" class="gx-button gx-button--primary" data-testid="set-submit"
                        prop:disabled=move || pending.with(Option::is_some)>{t(text::sets::SUBMIT)}</button>
                </form>
                <div role="status" aria-live="polite" data-testid="set-verdict">
                    {move || pending.with(Option::is_some).then(|| view! {
                        <p class="gx-question__answer"><strong>{t(text::sets::WORKED_ANSWER)}": "</strong>
                            {move || b.map(|b| b.answer.get(lang.get()).to_string()).unwrap_or_default()}</p>
                    })}
                </div>
            }
            .into_any()
        }
    };
    view! {
        <article class="gx-quiz__card" data-testid="set-question" data-index=i.to_string()>
            <h3 class="gx-quiz__kind" data-testid="set-position">{position}</h3>
            {body}
            <Show when=move || pending.with(Option::is_some)>
                <button type="button" class="gx-button gx-button--primary" data-testid="set-next" on:click=next>{t(next_label)}</button>
            </Show>
        </article>
    }
}

/// The end: the score (graded as the teacher will grade it), each question, the file.
#[component]
fn Finished(set: QuestionSet, file: AnswersFile) -> impl IntoView {
    let lang = use_lang();
    let result = regrade(&set, &file.student, &file.responses());
    let open = result
        .grades
        .iter()
        .filter(|g| matches!(g, QuestionGrade::Open { .. }))
        .count();
    let (right, scored) = (result.correct, result.scored);
    let json = storage::data_url("application/json", &file.to_json());
    let name = answers_file_name(&file.student);
    let rows = StoredValue::new(result.grades.clone());
    let answers = StoredValue::new(file.responses());
    view! {
        <section class="gx-sets__done" data-testid="set-done" aria-labelledby="set-done-h">
            <h3 id="set-done-h">{t(text::sets::DONE)}</h3>
            <p data-testid="set-score" data-right=right.to_string() data-scored=scored.to_string()>
                {move || text::sets::score_line(lang.get(), right, scored, open)}
            </p>
            <p class="gx-quiz__actions">
                <a class="gx-button gx-button--primary" data-testid="set-download" href=json download=name>{t(text::sets::DOWNLOAD_ANSWERS)}</a>
            </p>
            <p>{t(text::sets::DOWNLOAD_HINT)}</p>
            <div class="gx-table-scroll">
                <table class="gx-table" data-testid="set-review">
                    <thead><tr>
                        <th scope="col">{t(text::sets::COL_QUESTION)}</th>
                        <th scope="col">{t(text::sets::COL_YOURS)}</th>
                        <th scope="col">{t(text::sets::COL_EXPECTED)}</th>
                        <th scope="col">{t(text::sets::COL_VERDICT)}</th>
                    </tr></thead>
                    <tbody>
                        {move || {
                            let l = lang.get();
                            rows.with_value(|rows| rows.iter().enumerate().map(|(i, g)| {
                                let yours = answers.with_value(|a| a.get(i).map(|a| a.join(" | ")).unwrap_or_default());
                                let (label, expected, verdict) = match g {
                                    QuestionGrade::Generated { kind, seed, correct, .. } => {
                                        let expected = generate(*kind, *seed).map(|q| q.parts.iter().map(|p| answer_words(p, l)).collect::<Vec<_>>().join(" | ")).unwrap_or_default();
                                        (text::kind_title(*kind).get(l).to_string(), expected, if *correct { text::RIGHT.get(l) } else { text::WRONG.get(l) }.to_string())
                                    }
                                    QuestionGrade::Open { id, .. } => (id.clone(), String::new(), text::sets::TO_GRADE.get(l).to_string()),
                                    QuestionGrade::Missing => (String::new(), String::new(), text::WRONG.get(l).to_string()),
                                };
                                view! {
                                    <tr>
                                        <th scope="row">{format!("{} · {label}", text::sets::q_label(i + 1))}</th>
                                        <td>{yours}</td>
                                        <td>{expected}</td>
                                        <td>{verdict}</td>
                                    </tr>
                                }
                            }).collect_view())
                        }}
                    </tbody>
                </table>
            </div>
        </section>
    }
}
