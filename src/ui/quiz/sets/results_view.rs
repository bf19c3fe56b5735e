//! The results page: answers files dropped or picked (many at once), read in the browser,
//! graded again from the seeds ([`super::results::grade_files`]); bad files listed with their
//! reason while the others are graded; the class's results per student, per question and per
//! kind with bar charts; the gradebook CSV.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::js_sys;

use super::chart::{Bar, BarChart};
use super::codec::{FileError, MAX_FILE_BYTES};
use super::results::{grade_files, gradebook_csv, results, Rejected, MAX_FILES};
use crate::model::quiz::set::{summarise, QuestionGrade, QuestionSet, SetQuestion, Tally};
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::quiz::{storage, text};

/// Keeps `list` sorted by name as files arrive (they load in any order).
fn insert_sorted(list: &mut Vec<(String, Vec<u8>)>, item: (String, Vec<u8>)) {
    let at = list
        .iter()
        .position(|(n, _)| *n > item.0)
        .unwrap_or(list.len());
    list.insert(at, item);
}

/// Reads every file of `list` (too large ones are set aside unread).
fn read_files(
    list: web_sys::FileList,
    files: RwSignal<Vec<(String, Vec<u8>)>>,
    unread: RwSignal<Vec<Rejected>>,
) {
    for i in 0..list.length() {
        let Some(file) = list.get(i) else { continue };
        let name = file.name();
        let count = files.with_untracked(Vec::len) + unread.with_untracked(Vec::len);
        if count >= MAX_FILES {
            unread.update(|u| {
                u.push(Rejected {
                    file_name: name,
                    error: FileError::TooMuch,
                })
            });
            continue;
        }
        if file.size() > MAX_FILE_BYTES as f64 {
            unread.update(|u| {
                u.push(Rejected {
                    file_name: name,
                    error: FileError::TooLarge,
                })
            });
            continue;
        }
        let Ok(reader) = web_sys::FileReader::new() else {
            continue;
        };
        let r = reader.clone();
        let n = name.clone();
        let onload = Closure::<dyn Fn()>::new(move || {
            let bytes = r
                .result()
                .map(|buf| js_sys::Uint8Array::new(&buf).to_vec())
                .unwrap_or_default();
            files.update(|f| insert_sorted(f, (n.clone(), bytes)));
        });
        reader.set_onload(Some(onload.as_ref().unchecked_ref()));
        onload.forget();
        let n = name.clone();
        let onerror = Closure::<dyn Fn()>::new(move || {
            unread.update(|u| {
                u.push(Rejected {
                    file_name: n.clone(),
                    error: FileError::NotText,
                })
            });
        });
        reader.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        onerror.forget();
        let _ = reader.read_as_array_buffer(&file);
    }
}

/// A tally's mistakes as "mistake ×n; …".
fn mistakes_text(t: &Tally, lang: Lang) -> String {
    t.mistakes
        .iter()
        .map(|m| format!("{} ×{}", text::mistake(m.mistake).get(lang), m.count))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The results page.
#[component]
pub fn Results(set: QuestionSet, code: String) -> impl IntoView {
    let _ = code;
    let lang = use_lang();
    let set = StoredValue::new(set);
    let files: RwSignal<Vec<(String, Vec<u8>)>> = RwSignal::new(Vec::new());
    let unread: RwSignal<Vec<Rejected>> = RwSignal::new(Vec::new());
    let graded = Memo::new(move |_| files.with(|f| set.with_value(|s| grade_files(s, f))));
    let rejected = Memo::new(move |_| {
        let mut all = unread.get();
        all.extend(graded.with(|g| g.1.clone()));
        all
    });
    let summary =
        Memo::new(move |_| graded.with(|g| set.with_value(|s| summarise(s, &results(&g.0)))));
    let csv = move || {
        graded.with(|g| set.with_value(|s| storage::data_url("text/csv", &gradebook_csv(s, &g.0))))
    };
    let on_pick = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        if let Some(list) = input.files() {
            read_files(list, files, unread);
        }
        input.set_value("");
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        if let Some(list) = ev.data_transfer().and_then(|d| d.files()) {
            read_files(list, files, unread);
        }
    };
    let template = set.with_value(|s| s.questions(""));
    let template = StoredValue::new(template);
    let share_bars = Signal::derive(move || {
        let l = lang.get();
        summary.with(|s| {
            s.per_kind
                .iter()
                .map(|(k, t)| Bar {
                    label: text::kind_title(*k).get(l).to_string(),
                    value: t.share_correct(),
                    shown: text::sets::percent(t.share_correct()),
                })
                .collect::<Vec<_>>()
        })
    });
    let mistake_bars = Signal::derive(move || {
        let l = lang.get();
        summary.with(|s| {
            let mut all: Vec<(crate::model::quiz::Mistake, usize)> = Vec::new();
            for (_, t) in &s.per_kind {
                for m in &t.mistakes {
                    match all.iter_mut().find(|(x, _)| *x == m.mistake) {
                        Some(e) => e.1 += m.count,
                        None => all.push((m.mistake, m.count)),
                    }
                }
            }
            all.into_iter()
                .map(|(m, n)| Bar {
                    label: text::mistake(m).get(l).to_string(),
                    value: n as f64,
                    shown: n.to_string(),
                })
                .collect::<Vec<_>>()
        })
    });
    let mistake_max = Signal::derive(move || {
        mistake_bars.with(|b| b.iter().map(|b| b.value).fold(1.0, f64::max))
    });
    view! {
        <section class="l-body gx-sets__results" data-testid="set-results" aria-labelledby="set-results-h">
            <h2 id="set-results-h">{t(text::sets::RESULTS_HEADING)}</h2>
            <p class="gx-notice" data-testid="results-privacy">{t(text::sets::PRIVACY)}</p>
            <p>{t(text::sets::RESULTS_INTRO)}</p>
            <div class="gx-sets__drop" data-testid="results-drop"
                on:dragover=move |ev: leptos::ev::DragEvent| ev.prevent_default()
                on:drop=on_drop>
                <p>{t(text::sets::DROP)}</p>
                <label class="gx-button">
                    {t(text::sets::PICK_FILES)}
                    <input type="file" multiple class="gx-sets__file" data-testid="results-files" on:change=on_pick/>
                </label>
                " "
                <button type="button" class="gx-button" data-testid="results-clear"
                    on:click=move |_| { files.set(Vec::new()); unread.set(Vec::new()); }>{t(text::sets::CLEAR)}</button>
            </div>
            <p role="status" aria-live="polite" data-testid="results-count"
                data-graded=move || graded.with(|g| g.0.len()).to_string()
                data-rejected=move || rejected.with(Vec::len).to_string()>
                {move || {
                    let (g, r) = (graded.with(|g| g.0.len()), rejected.with(Vec::len));
                    if g + r == 0 { text::sets::NO_FILES.get(lang.get()).to_string() } else { text::sets::graded_line(lang.get(), g, r) }
                }}
            </p>
            {move || (!rejected.with(Vec::is_empty)).then(|| view! {
                <h3>{t(text::sets::REJECTED)}</h3>
                <ul class="gx-sets__rejected" data-testid="results-rejected-list">
                    {move || rejected.get().into_iter().map(|r| view! {
                        <li data-testid="results-rejected" data-file=r.file_name.clone()>
                            <strong>{r.file_name.clone()}</strong>": "{move || text::sets::file_error(&r.error, lang.get())}
                        </li>
                    }).collect_view()}
                </ul>
            })}
            {move || (!graded.with(|g| g.0.is_empty())).then(|| view! {
                <p class="gx-quiz__actions">
                    <a class="gx-button gx-button--primary" data-testid="results-csv" href=csv download="warpscope-set-gradebook.csv">{t(text::sets::DOWNLOAD_CSV)}</a>
                </p>
                <h3>{t(text::sets::STUDENTS)}</h3>
                <div class="gx-table-scroll">
                    <table class="gx-table" data-testid="results-students">
                        <thead><tr>
                            <th scope="col">{t(text::sets::COL_STUDENT)}</th>
                            <th scope="col">{t(text::sets::COL_SCORE)}</th>
                            <th scope="col">{t(text::sets::COL_MINUTES)}</th>
                            <th scope="col">{t(text::sets::COL_OPEN)}</th>
                        </tr></thead>
                        <tbody>
                            {move || graded.with(|g| g.0.iter().map(|g| {
                                let r = &g.result;
                                let minutes = ((g.file.finished_ms - g.file.started_ms) / 60_000.0).max(0.0);
                                let open = r.grades.iter().enumerate().filter_map(|(i, q)| match q {
                                    QuestionGrade::Open { text: words, .. } => Some(format!("{}: {words}", text::sets::q_label(i + 1))),
                                    _ => None,
                                }).collect::<Vec<_>>().join(" · ");
                                view! {
                                    <tr data-testid="results-student" data-right=r.correct.to_string() data-scored=r.scored.to_string()>
                                        <th scope="row">{r.student.clone()}</th>
                                        <td>{format!("{} / {}", r.correct, r.scored)}</td>
                                        <td>{if minutes.is_finite() { format!("{minutes:.1}") } else { String::new() }}</td>
                                        <td class="gx-sets__open">{open}</td>
                                    </tr>
                                }
                            }).collect_view())}
                        </tbody>
                    </table>
                </div>
                <h3>{t(text::sets::PER_KIND)}</h3>
                <p class="gx-quiz__muted">{t(text::sets::CHART_SHARE)}</p>
                <BarChart bars=share_bars max=1.0 testid="results-share-chart"/>
                <div class="gx-table-scroll">
                    <table class="gx-table" data-testid="results-kinds">
                        <thead><tr>
                            <th scope="col">{t(text::COL_KIND)}</th>
                            <th scope="col">{t(text::sets::COL_ANSWERED)}</th>
                            <th scope="col">{t(text::sets::COL_SHARE)}</th>
                            <th scope="col">{t(text::sets::COL_MISTAKES)}</th>
                        </tr></thead>
                        <tbody>
                            {move || {
                                let l = lang.get();
                                summary.with(|s| s.per_kind.iter().map(|(k, t)| view! {
                                    <tr data-kind=k.slug() data-answered=t.answered.to_string() data-correct=t.correct.to_string()>
                                        <th scope="row">{text::kind_title(*k).get(l)}</th>
                                        <td>{t.answered}</td>
                                        <td>{text::sets::percent(t.share_correct())}</td>
                                        <td>{mistakes_text(t, l)}</td>
                                    </tr>
                                }).collect_view())
                            }}
                        </tbody>
                    </table>
                </div>
                <h3>{t(text::sets::MISTAKES)}</h3>
                {move || if mistake_bars.with(Vec::is_empty) {
                    view! { <p class="gx-quiz__muted" data-testid="results-no-mistakes">{t(text::sets::NO_MISTAKES)}</p> }.into_any()
                } else {
                    view! {
                        <p class="gx-quiz__muted">{t(text::sets::CHART_MISTAKES)}</p>
                        <BarChart bars=mistake_bars max=mistake_max.get_untracked() testid="results-mistake-chart"/>
                    }.into_any()
                }}
                <h3>{t(text::sets::PER_QUESTION)}</h3>
                <div class="gx-table-scroll">
                    <table class="gx-table" data-testid="results-questions">
                        <thead><tr>
                            <th scope="col">{t(text::sets::COL_QUESTION)}</th>
                            <th scope="col">{t(text::COL_KIND)}</th>
                            <th scope="col">{t(text::sets::COL_ANSWERED)}</th>
                            <th scope="col">{t(text::sets::COL_SHARE)}</th>
                            <th scope="col">{t(text::sets::COL_MISTAKES)}</th>
                        </tr></thead>
                        <tbody>
                            {move || {
                                let l = lang.get();
                                summary.with(|s| s.per_question.iter().enumerate().map(|(i, t)| {
                                    let kind = template.with_value(|q| match q.get(i) {
                                        Some(SetQuestion::Generated { kind, .. }) => text::kind_title(*kind).get(l).to_string(),
                                        Some(SetQuestion::Course { id }) => format!("{} · {id}", text::sets::OPEN.get(l)),
                                        None => String::new(),
                                    });
                                    match t {
                                        Some(t) => view! {
                                            <tr data-testid="results-question" data-answered=t.answered.to_string() data-correct=t.correct.to_string()>
                                                <th scope="row">{text::sets::q_label(i + 1)}</th>
                                                <td>{kind}</td>
                                                <td>{t.answered}</td>
                                                <td>{text::sets::percent(t.share_correct())}</td>
                                                <td>{mistakes_text(t, l)}</td>
                                            </tr>
                                        }.into_any(),
                                        None => view! {
                                            <tr data-testid="results-question">
                                                <th scope="row">{text::sets::q_label(i + 1)}</th>
                                                <td>{kind}</td>
                                                <td></td><td></td><td></td>
                                            </tr>
                                        }.into_any(),
                                    }
                                }).collect_view())
                            }}
                        </tbody>
                    </table>
                </div>
            })}
        </section>
    }
}
