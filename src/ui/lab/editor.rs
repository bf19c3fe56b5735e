//! The kernel as a student writes it: the preset menu and what the preset teaches, the editor
//! (a textarea over a line-number gutter, the line looked at and the error's line highlighted,
//! each line's headline count beside it), and the status of the analysis.
//!
//! Typing is kept as a draft and committed to the inputs (and so the URL and the analysis)
//! once it has rested for [`COMMIT_DELAY`]: the debounce lives in the input handler, not in an
//! effect. The textarea's value follows only the committed source, so committing what is typed
//! leaves the caret where it is. On a narrow screen the editor is read-only until "Edit".

use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::link::MAX_SOURCE_BYTES;
use super::state::{LabInputs, LabState, Outcome, Setup};
use super::text;
use crate::model::kernel::{presets, Report, RunError};
use crate::ui::format::percent;
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::theme::use_narrow_screen;

/// How long typing rests before the kernel is analysed again.
pub const COMMIT_DELAY: Duration = Duration::from_millis(250);

fn state() -> LabState {
    expect_context::<LabState>()
}

/// The preset menu and the sentence on what to look at.
#[component]
pub fn Presets() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let id = st.inputs.part(|i| i.preset.clone());
    let edited = st.inputs.part(LabInputs::edited);
    let options = presets()
        .iter()
        .map(|p| {
            let pid = p.id;
            let (title, _) = text::preset_text(pid);
            view! { <option value=pid selected=move || id.with(|i| i == pid)>{t(title)}</option> }
        })
        .collect_view();
    let pick = move |ev: leptos::ev::Event| {
        let v = event_target_value(&ev);
        if presets().iter().any(|p| p.id == v) {
            st.draft.set(None);
            st.inputs.navigate_update(|i| i.apply_preset(&v));
        }
    };
    let reset = move |_| {
        st.draft.set(None);
        let id = st.inputs.with_untracked(|i| i.preset.clone());
        st.inputs.navigate_update(|i| i.apply_preset(&id));
    };
    view! {
        <div class="gx-lab__presets">
            <label class="gx-field">
                <span class="gx-field__label">{t(text::PRESETS)}</span>
                <span class="gx-field__row">
                    <select class="gx-select" data-testid="lab-preset" on:change=pick>{options}</select>
                    <Show when=move || edited.get()>
                        <span class="gx-lab__edited">{t(text::PRESET_EDITED)}</span>
                    </Show>
                </span>
            </label>
            <Show when=move || edited.get()>
                <button class="gx-button gx-button--small" data-testid="lab-reset" on:click=reset>{t(text::RESET)}</button>
            </Show>
            <p class="gx-lab__teaches" data-testid="lab-teaches">
                {move || { let (_, s) = text::preset_text(&id.get()); s.get(lang.get()) }}
            </p>
        </div>
    }
}

/// The 1-based line of the character at UTF-16 offset `offset` of `text` (a textarea's caret).
pub fn line_at(text: &str, offset: u32) -> u32 {
    let mut units = 0u32;
    let mut line = 1u32;
    for c in text.chars() {
        if units >= offset {
            break;
        }
        units += c.len_utf16() as u32;
        if c == '\n' {
            line += 1;
        }
    }
    line
}

/// The short note beside each line that ran: its headline count.
pub fn line_notes(report: &Report, lang: Lang) -> BTreeMap<u32, String> {
    let mut out = BTreeMap::new();
    for l in &report.lines {
        let mut parts = Vec::new();
        let per = |c: &crate::model::kernel::GlobalCounters| {
            (c.requests > 0).then(|| ratio(c.sectors, c.requests))
        };
        let (ld, st) = (per(&l.global_load), per(&l.global_store));
        if ld.is_some() || st.is_some() {
            parts.push(text::note_sectors(ld.as_deref(), st.as_deref(), lang));
        }
        let instr = l.shared_load.instructions + l.shared_store.instructions;
        if instr > 0 {
            let wf = l.shared_load.wavefronts + l.shared_store.wavefronts;
            parts.push(text::note_wavefronts(&ratio(wf, instr), lang));
        }
        if l.divergent_branches > 0 {
            let share = l.divergent_branches as f64 / l.branches.max(1) as f64;
            parts.push(text::note_divergent(&percent(share), lang));
        }
        if !parts.is_empty() {
            out.insert(l.line, parts.join(" · "));
        }
    }
    out
}

/// `a / b` with at most one decimal (`4`, `4.5`).
pub fn ratio(a: u64, b: u64) -> String {
    if b == 0 {
        return "0".into();
    }
    let tenths = (a.saturating_mul(10).saturating_add(b / 2)) / b;
    if tenths.is_multiple_of(10) {
        (tenths / 10).to_string()
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

/// The line an error points at, if any: a parse error's, or the failed run's.
pub fn error_line(setup: &Setup, outcome: Option<&Outcome>) -> Option<u32> {
    match setup {
        Setup::Parse(e) => Some(e.line()),
        _ => match outcome {
            Some(Outcome::Failed(e)) => e.line(),
            _ => None,
        },
    }
}

/// The editor: gutter, textarea and per-line notes.
#[component]
pub fn Editor() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let narrow = use_narrow_screen();
    let editing = RwSignal::new(false);
    let read_only = Memo::new(move |_| narrow.get() && !editing.get());
    let source = st.inputs.part(|i| i.source.clone());
    let selected = st.line;
    let text_now = Memo::new(move |_| {
        st.draft
            .with(|d| d.as_ref().map(|(_, t)| t.clone()))
            .unwrap_or_else(|| source.get())
    });
    let line_count = Memo::new(move |_| text_now.with(|t| t.split('\n').count() as u32));
    let too_long = Memo::new(move |_| text_now.with(|t| t.len() > MAX_SOURCE_BYTES));
    // The error's line, for the current job only.
    let err_line = Memo::new(move |_| {
        st.setup.with(|s| {
            let outcome = st.finished.with(|f| {
                f.as_ref()
                    .filter(|f| s.job() == Some(&f.job))
                    .map(|f| f.outcome.clone())
            });
            error_line(s, outcome.as_ref())
        })
    });
    let notes = Memo::new(move |_| {
        let l = lang.get();
        // Only beside the code they were counted for: none while an edit (typed, not yet run)
        // waits for its counts.
        if st.draft.with(Option::is_some) {
            return Default::default();
        }
        st.report
            .with(|r| r.as_ref().map(|r| line_notes(r, l)))
            .unwrap_or_default()
    });
    let typed = Rc::new(std::cell::Cell::new(0u64));
    let on_input = {
        let typed = Rc::clone(&typed);
        move |ev: leptos::ev::Event| {
            let value = event_target_value(&ev);
            let base = source.get_untracked();
            st.draft.set(Some((base, value)));
            let n = typed.get() + 1;
            typed.set(n);
            let typed = Rc::clone(&typed);
            set_timeout(
                move || {
                    if typed.get() != n {
                        return; // typing went on: a later timer commits
                    }
                    let Some(Some((base, text))) = st.draft.try_get_untracked() else {
                        return;
                    };
                    if text.len() > MAX_SOURCE_BYTES {
                        return; // kept as a draft, with the message, until it is shortened
                    }
                    st.draft.set(None);
                    // A navigation (a preset, Back) since the typing began wins over the draft.
                    if source.get_untracked() == base {
                        st.inputs.update(|i| i.source = text);
                    }
                },
                COMMIT_DELAY,
            );
        }
    };
    let pick_line = move |line: u32| {
        if st.line.get_untracked() != line {
            st.inputs.update(|i| i.pick_line(line));
        }
    };
    let caret_line = move |ev: &leptos::ev::Event| {
        let Some(area) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        else {
            return;
        };
        let offset = area.selection_start().ok().flatten().unwrap_or(0);
        pick_line(line_at(&area.value(), offset));
    };
    let on_click = move |ev: leptos::ev::MouseEvent| caret_line(&ev);
    let on_keyup = move |ev: leptos::ev::KeyboardEvent| {
        if matches!(
            ev.key().as_str(),
            "ArrowUp" | "ArrowDown" | "PageUp" | "PageDown" | "Home" | "End"
        ) {
            caret_line(&ev);
        }
    };
    let gutter_row = move |n: u32| {
        let cls = move || {
            let mut c = String::from("gx-lab-ed__no");
            if selected.get() == n {
                c.push_str(" gx-lab-ed__no--picked");
            }
            if err_line.get() == Some(n) {
                c.push_str(" gx-lab-ed__no--error");
            }
            c
        };
        view! { <div class=cls data-line=n.to_string() on:click=move |_| pick_line(n)>{n}</div> }
    };
    let note_row = move |n: u32| {
        let note = move || notes.with(|m| m.get(&n).cloned()).unwrap_or_default();
        // The picked line's note sits on the highlight band: body colour keeps its contrast.
        let cls = move || {
            if selected.get() == n {
                "gx-lab-ed__note gx-lab-ed__note--picked"
            } else {
                "gx-lab-ed__note"
            }
        };
        view! { <div class=cls data-line=n.to_string()>{note}</div> }
    };
    // The band behind the picked line and the error's line, in lines from the top.
    let band = move |line: Option<u32>| {
        line.filter(|&l| l >= 1)
            .map(|l| {
                format!(
                    "top: calc({} * var(--gx-lab-lh) + var(--gx-lab-pad))",
                    l - 1
                )
            })
            .unwrap_or_else(|| "display: none".into())
    };
    let hint_id = "gx-lab-hint";
    view! {
        <div class="gx-lab-ed__head">
            <label class="gx-lab-ed__label" for="gx-lab-source">{t(text::EDITOR_LABEL)}</label>
            <Show when=move || narrow.get()>
                <button class="gx-button gx-button--small" data-testid="lab-edit"
                    aria-pressed=move || if editing.get() { "true" } else { "false" }
                    on:click=move |_| editing.update(|e| *e = !*e)>
                    {move || if editing.get() { text::DONE_EDITING.get(lang.get()) } else { text::EDIT.get(lang.get()) }}
                </button>
            </Show>
        </div>
        <div class="gx-lab-ed" class:gx-lab-ed--readonly=move || read_only.get() data-testid="lab-editor">
            <div class="gx-lab-ed__band gx-lab-ed__band--picked" style=move || band(Some(selected.get()))></div>
            <div class="gx-lab-ed__band gx-lab-ed__band--error" style=move || band(err_line.get())></div>
            <div class="gx-lab-ed__gutter" aria-hidden="true">
                <For each=move || 1..=line_count.get() key=|n| *n children=gutter_row/>
            </div>
            <textarea id="gx-lab-source" class="gx-lab-ed__text" data-testid="lab-source"
                spellcheck="false" autocapitalize="off" autocomplete="off" wrap="off"
                rows=move || (line_count.get() + 1).to_string()
                readonly=move || read_only.get()
                aria-describedby=format!("{hint_id} gx-lab-error")
                aria-invalid=move || if err_line.get().is_some() { "true" } else { "false" }
                prop:value=move || source.get()
                on:input=on_input on:click=on_click on:keyup=on_keyup></textarea>
            <div class="gx-lab-ed__notes" aria-hidden="true">
                <For each=move || 1..=line_count.get() key=|n| *n children=note_row/>
            </div>
        </div>
        <p class="gx-note gx-lab-ed__hint" id=hint_id>
            {move || if read_only.get() { text::READ_ONLY.get(lang.get()) } else { text::LINE_HINT.get(lang.get()) }}
        </p>
        <Show when=move || too_long.get()>
            <p class="gx-error" role="alert" data-testid="lab-too-long">{t(text::TOO_LONG)}</p>
        </Show>
        <ErrorBox/>
    }
}

/// The parse or run error, worded, under the editor.
#[component]
fn ErrorBox() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let message = Memo::new(move |_| {
        let l = lang.get();
        st.setup.with(|s| match s {
            Setup::Parse(e) => Some((text::PARSE_FAILED.get(l), text::parse_error(e, l))),
            Setup::Args(..) => None,
            Setup::Ready(job) => st.finished.with(|f| match f {
                Some(f) if f.job == *job => match &f.outcome {
                    Outcome::Failed(e) => {
                        Some((text::run_failed_title(e).get(l), text::run_error_body(e, l)))
                    }
                    _ => None,
                },
                _ => None,
            }),
        })
    });
    view! {
        <div id="gx-lab-error" role="alert" data-testid="lab-error-box">
            {move || message.get().map(|(head, body)| view! {
                <p class="gx-error" data-testid="lab-error"><strong>{head}</strong>" "{body}</p>
            })}
        </div>
    }
}

/// What the analysis is doing: progress with a Stop button, what ran, or why it stopped.
#[component]
pub fn Status(
    /// Stops the analysis in progress ([`super::run::drive`]).
    stop: Rc<dyn Fn()>,
) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let line = move || {
        let l = lang.get();
        if st.running.get() {
            let p = st.progress.get();
            return Some((
                p.map_or_else(
                    || text::ANALYSING_FIRST.get(l).to_string(),
                    |p| text::progress(p.done_blocks, p.total_blocks, p.steps, l),
                ),
                true,
            ));
        }
        let ran = st.setup.with(|s| {
            let job = s.job()?;
            st.finished.with(|f| match f {
                Some(f) if f.job == *job => match &f.outcome {
                    Outcome::Report(r) => Some(text::analysed(
                        r.threads,
                        r.warps_launched,
                        r.blocks,
                        r.steps,
                        l,
                    )),
                    Outcome::Stopped => Some(text::STOPPED.get(l).to_string()),
                    Outcome::Failed(_) => None,
                },
                _ => None,
            })
        })?;
        Some((ran, false))
    };
    let stop = StoredValue::new_local(stop);
    view! {
        <div class="gx-lab__status" data-testid="lab-status" aria-live="polite"
            aria-busy=move || if st.running.get() { "true" } else { "false" }>
            <p class="gx-lab__status-line">
                <span data-testid="lab-status-text">{move || line().map(|(s, _)| s)}</span>
                <Show when=move || st.running.get()>
                    " "<button class="gx-button gx-button--small" data-testid="lab-stop"
                        on:click=move |_| stop.with_value(|f| f())>{t(text::STOP)}</button>
                </Show>
            </p>
        </div>
    }
}

/// The run error of the current job, if its analysis failed (for the launch panel).
pub fn current_run_error(st: &LabState) -> Option<RunError> {
    st.setup.with(|s| {
        let job = s.job()?;
        st.finished.with(|f| match f {
            Some(f) if f.job == *job => match &f.outcome {
                Outcome::Failed(e) => Some(e.clone()),
                _ => None,
            },
            _ => None,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caret_names_its_line() {
        let s = "a\nbc\n中d\n";
        assert_eq!(line_at(s, 0), 1);
        assert_eq!(line_at(s, 1), 1);
        assert_eq!(line_at(s, 2), 2);
        assert_eq!(line_at(s, 5), 3);
        assert_eq!(line_at(s, 8), 4);
        assert_eq!(line_at(s, 999), 4);
    }

    #[test]
    fn ratios_keep_one_decimal() {
        assert_eq!(ratio(8, 2), "4");
        assert_eq!(ratio(9, 2), "4.5");
        assert_eq!(ratio(125, 32), "3.9");
        assert_eq!(ratio(1, 0), "0");
    }

    #[test]
    fn notes_name_what_each_line_moves() {
        let p = crate::model::kernel::preset("strided-read").expect("preset");
        let k = crate::model::kernel::parse(p.source).expect("parses");
        let r = crate::model::kernel::run(&k, &p.launch()).expect("runs");
        let notes = line_notes(&r, Lang::En);
        // Line 4: 8 sectors per request for the load, 4 for the store.
        assert_eq!(
            notes.get(&4).map(String::as_str),
            Some("ld 8 · st 4 sectors/req")
        );
    }
}
