//! Why a line counts what it counts: for the chosen warp, the line's memory accesses drawn as
//! the coalescing chapter draws sectors (global) or as the bank-conflict chapter draws banks and
//! wavefronts (shared), a branch's masks as the divergence chapter draws them, or the line's
//! active lanes. The warp's trace comes from [`super::state::LabState::trace`] (the model's
//! `trace_warp`: the warp's block run alone).
//!
//! What is picked at the line (which access, which of its executions) is view state keyed by
//! the line and warp it was picked for, so another line or warp starts at the first access
//! without an effect resetting anything.

use std::sync::Arc;

use leptos::prelude::*;

use super::figures::{BankView, CoalescingView, LabAccess};
use super::report::code_of;
use super::state::LabState;
use super::text;
use crate::model::kernel::{
    BranchEvent, BranchKind, MemoryEvent, MemorySpace, TraceEvent, WarpTrace,
};
use crate::ui::i18n::{sentences, t, use_lang, Lang};
use crate::ui::shared::lanes::{hex, LaneState, LaneStrip, LANES};
use crate::ui::widgets::IntegerInput;

fn state() -> LabState {
    expect_context::<LabState>()
}

/// One thing the warp did at the line, with every execution of it.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A load or store site (one column of the line): its executions.
    Access(Vec<Arc<MemoryEvent>>),
    /// A conditional of one kind: its evaluations.
    Branch(BranchKind, Vec<BranchEvent>),
    /// Neither: the active mask of each execution of the line (a run of the warp's steps at
    /// the line: one statement's warp-level steps count once, a loop body's once per iteration).
    Steps(Vec<u32>),
}

impl Item {
    /// How many times the warp executed it.
    pub fn executions(&self) -> usize {
        match self {
            Item::Access(v) => v.len(),
            Item::Branch(_, v) => v.len(),
            Item::Steps(v) => v.len(),
        }
    }
}

/// An access site on a line: its column, load or store, and memory space.
type SiteKey = (u32, bool, MemorySpace);

/// What warp `t` did at `line`: its access sites in order of first execution, then its branches
/// by kind; only the steps' masks when it did neither; nothing when it did not run the line.
pub fn items(t: &WarpTrace, line: u32) -> Vec<Item> {
    let mut sites: Vec<(SiteKey, Vec<Arc<MemoryEvent>>)> = Vec::new();
    let mut branches: Vec<(BranchKind, Vec<BranchEvent>)> = Vec::new();
    for e in &t.events {
        match e {
            TraceEvent::Memory(m) if m.line == line => {
                let key = (m.column, m.store, m.space);
                let ev = Arc::new(m.as_ref().clone());
                match sites.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, v)) => v.push(ev),
                    None => sites.push((key, vec![ev])),
                }
            }
            TraceEvent::Branch(b) if b.line == line => {
                match branches.iter_mut().find(|(k, _)| *k == b.kind) {
                    Some((_, v)) => v.push(*b),
                    None => branches.push((b.kind, vec![*b])),
                }
            }
            _ => {}
        }
    }
    let mut out: Vec<Item> = sites.into_iter().map(|(_, v)| Item::Access(v)).collect();
    out.extend(branches.into_iter().map(|(k, v)| Item::Branch(k, v)));
    if out.is_empty() {
        let mut masks: Vec<u32> = Vec::new();
        let mut was_here = false;
        for s in &t.steps {
            let here = s.line == line;
            if here && !was_here {
                masks.push(s.active_mask);
            }
            was_here = here;
        }
        if !masks.is_empty() {
            out.push(Item::Steps(masks));
        }
    }
    out
}

/// Lane states of a branch: taken → active, the other way → masked, inactive before it →
/// "exited" (inactive here), outside the launch → not launched.
pub fn branch_states(b: &BranchEvent, launch_mask: u32) -> [LaneState; LANES] {
    std::array::from_fn(|lane| {
        let bit = 1u32 << lane;
        if launch_mask & bit == 0 {
            LaneState::NotLaunched
        } else if b.taken & bit != 0 {
            LaneState::Active
        } else if b.mask_before & bit != 0 {
            LaneState::Masked
        } else {
            LaneState::Exited
        }
    })
}

/// Lane states of a step: active, inactive here, not launched.
pub fn step_states(mask: u32, launch_mask: u32) -> [LaneState; LANES] {
    std::array::from_fn(|lane| {
        let bit = 1u32 << lane;
        if launch_mask & bit == 0 {
            LaneState::NotLaunched
        } else if mask & bit != 0 {
            LaneState::Active
        } else {
            LaneState::Exited
        }
    })
}

/// The name of item `item` in the picker.
fn item_name(item: &Item, lang: Lang) -> String {
    match item {
        Item::Access(v) => v.first().map_or_else(String::new, |m| {
            text::access_name(
                m.store,
                m.space == MemorySpace::Shared,
                &m.name,
                m.column,
                lang,
            )
        }),
        Item::Branch(k, _) => text::branch_kind(*k, lang).to_string(),
        Item::Steps(_) => text::STEP_TITLE.get(lang).to_string(),
    }
}

/// What the panel shows at the line: the item and execution picked (clamped to what the line
/// has), the access or the lane states it draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    /// Index of the item among the line's.
    pub item: usize,
    /// Its execution shown (0-based).
    pub exec: usize,
    /// The item.
    pub shown: Item,
    /// The access drawn, for a memory item.
    pub access: Option<Arc<MemoryEvent>>,
    /// The lane states drawn, for a branch or the line's steps.
    pub lanes: Option<[LaneState; LANES]>,
}

/// The selection of `items` (`None` when the warp did not run the line): the pick if it was
/// made at this line and warp (`own`), else the first item's first execution.
pub fn select(
    items: &[Item],
    own: bool,
    (item, exec): (usize, usize),
    launch_mask: u32,
) -> Option<Selection> {
    let (item, exec) = if own { (item, exec) } else { (0, 0) };
    let item = item.min(items.len().checked_sub(1)?);
    let shown = items.get(item)?.clone();
    let exec = exec.min(shown.executions().saturating_sub(1));
    let (access, lanes) = match &shown {
        Item::Access(v) => (v.get(exec).cloned(), None),
        Item::Branch(_, v) => (None, v.get(exec).map(|b| branch_states(b, launch_mask))),
        Item::Steps(v) => (None, v.get(exec).map(|m| step_states(*m, launch_mask))),
    };
    Some(Selection {
        item,
        exec,
        shown,
        access,
        lanes,
    })
}

/// The numbers under the picker: the access's sectors or wavefronts, the branch's split, or
/// the line's active lanes.
pub fn numbers_text(s: &Selection, l: Lang) -> String {
    if let Some(a) = &s.access {
        let lanes = a.active_mask.count_ones();
        let shared = a.space == MemorySpace::Shared;
        let main = if shared {
            text::shared_access(lanes, a.wavefronts, a.bank_conflicts, l)
        } else {
            text::global_access(lanes, a.sectors, a.bytes_per_lane, l)
        };
        return sentences(l, &main, &text::relative_note(&a.name, shared, l));
    }
    match &s.shown {
        Item::Branch(_, v) => v.get(s.exec).map_or_else(String::new, |b| {
            let taken = b.taken.count_ones();
            let other = (b.mask_before & !b.taken).count_ones();
            format!(
                "{} {}",
                text::branch_split(taken, other, b.diverged(), l),
                hex(b.taken)
            )
        }),
        Item::Steps(v) => v.get(s.exec).map_or_else(String::new, |m| {
            format!("{} {}", text::active_lanes(m.count_ones(), l), hex(*m))
        }),
        Item::Access(_) => String::new(),
    }
}

/// What the reader picked at a line: the item and the execution, for that line and warp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pick {
    line: u32,
    warp: u64,
    item: usize,
    exec: usize,
}

/// The panel.
#[component]
pub fn Why() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let line = st.line;
    let warp = st.inputs.part(|i| i.warp);
    let source = st.inputs.part(|i| i.source.clone());
    let total_warps = Memo::new(move |_| st.setup.with(|s| s.job().map_or(0, |j| j.warps())));
    let pick = RwSignal::new(Pick {
        line: 0,
        warp: 0,
        item: 0,
        exec: 0,
    });
    let items_now = Memo::new(move |_| {
        st.trace.with(|t| match t {
            Some(Ok(t)) => items(t, line.get()),
            _ => Vec::new(),
        })
    });
    // What is shown: one memo over the warp's trace, the line, the warp and the pick.
    let sel = Memo::new(move |_| {
        let p = pick.get();
        let (l, w) = (line.get(), warp.get());
        let launch_mask = st.trace.with(|t| {
            t.as_ref()
                .and_then(|t| t.as_ref().ok())
                .map_or(0, |t| t.launch_mask)
        });
        items_now.with(|v| select(v, p.line == l && p.warp == w, (p.item, p.exec), launch_mask))
    });
    let chosen = Memo::new(move |_| sel.with(|s| s.as_ref().map_or((0, 0), |s| (s.item, s.exec))));
    let set_pick = move |item: usize, exec: usize| {
        pick.set(Pick {
            line: line.get_untracked(),
            warp: warp.get_untracked(),
            item,
            exec,
        })
    };
    let shown_item = Memo::new(move |_| sel.with(|s| s.as_ref().map(|s| s.shown.clone())));
    let access = Memo::new(move |_| sel.with(|s| s.as_ref().and_then(|s| s.access.clone())));
    let global = Memo::new(move |_| {
        access.with(|a| {
            a.as_ref()
                .filter(|a| a.space == MemorySpace::Global)
                .map(|a| LabAccess::from_event(a))
        })
    });
    let shared = Memo::new(move |_| {
        access.with(|a| {
            a.as_ref()
                .filter(|a| a.space == MemorySpace::Shared)
                .map(|a| LabAccess::from_event(a))
        })
    });
    let lanes = Memo::new(move |_| sel.with(|s| s.as_ref().and_then(|s| s.lanes)));
    let lane_states = Memo::new(move |_| lanes.get().unwrap_or([LaneState::NotLaunched; LANES]));
    let picked_lane = RwSignal::new(None::<usize>);
    let lane_label = Callback::new(move |lane: usize| {
        let l = lang.get();
        let s = lane_states.with(|v| v[lane]);
        let word = match (s, shown_item.with(|i| matches!(i, Some(Item::Branch(..))))) {
            (LaneState::Active, true) => text::LEGEND_TAKEN,
            (LaneState::Active, false) => text::LEGEND_ACTIVE,
            (LaneState::Masked, _) => text::LEGEND_OTHER,
            (LaneState::Exited, _) => text::LEGEND_IDLE,
            (LaneState::NotLaunched, _) => text::LEGEND_OFF,
        };
        text::lane_state(lane as u32, word.get(l), l)
    });

    let heading = move || {
        let l = line.get();
        if l == 0 {
            return String::new();
        }
        source.with(|s| text::line_heading(l, &code_of(s, l), lang.get()))
    };
    let warp_line = move || {
        let l = lang.get();
        st.setup.with(|s| {
            s.job().map(|j| {
                let w = warp.get().min(j.warps().saturating_sub(1));
                let (b, iw) = j.warp_place(w);
                text::warp_place(w, j.warps(), b, iw, l)
            })
        })
    };
    let set_warp = move |w: u64| {
        let max = total_warps.get_untracked().saturating_sub(1);
        st.inputs.update(|i| i.warp = w.min(max));
    };
    // The message in place of a figure, if any.
    let message = move || {
        let l = lang.get();
        let ln = line.get();
        if ln == 0 {
            return Some(text::NO_LINE.get(l).to_string());
        }
        match st.trace.get() {
            // No analysis will come until the kernel parses and its launch can run.
            None if st.setup.with(|s| s.job().is_none()) => {
                Some(text::WAITING_FOR_SETUP.get(l).to_string())
            }
            None => Some(text::WAITING_FOR_REPORT.get(l).to_string()),
            Some(Err(p)) => Some(text::trace_problem(&p, l)),
            Some(Ok(_)) if items_now.with(Vec::is_empty) => Some(text::not_executed(ln, l)),
            Some(Ok(_)) => None,
        }
    };
    let picker = move || {
        let l = lang.get();
        let (cur, exec) = chosen.get();
        items_now.with(|v| {
            let buttons = v
                .iter()
                .enumerate()
                .map(|(i, it)| {
                    let name = item_name(it, l);
                    view! {
                        <button class="gx-button gx-button--small" aria-pressed=if i == cur { "true" } else { "false" }
                            data-testid=format!("lab-item-{i}") on:click=move |_| set_pick(i, 0)>{name}</button>
                    }
                })
                .collect_view();
            let n = v.get(cur).map_or(0, Item::executions);
            let stepper = (n > 1).then(|| {
                view! {
                    <span class="gx-lab__exec" data-testid="lab-exec">
                        <span class="gx-field__label">{t(text::EXECUTION)}</span>" "
                        <button class="gx-button gx-button--small" aria-label=move || text::PREV_EXEC.get(lang.get())
                            disabled={exec == 0} on:click=move |_| set_pick(cur, exec.saturating_sub(1))>"‹"</button>
                        " "<span data-testid="lab-exec-text">{text::execution_of(exec + 1, n, l)}</span>" "
                        <button class="gx-button gx-button--small" aria-label=move || text::NEXT_EXEC.get(lang.get())
                            disabled={exec + 1 >= n} on:click=move |_| set_pick(cur, exec + 1)>"›"</button>
                    </span>
                }
            });
            (v.len() > 1 || stepper.is_some()).then(|| {
                view! {
                    <div class="gx-lab__picker" role="group" aria-label=move || text::ACCESS.get(lang.get())>
                        {(v.len() > 1).then_some(buttons)}
                        {stepper}
                    </div>
                }
            })
        })
    };
    let numbers = move || {
        let l = lang.get();
        sel.with(|s| s.as_ref().map(|s| numbers_text(s, l)))
            .unwrap_or_default()
    };
    view! {
        <section class="l-page gx-lab__why" aria-labelledby="gx-lab-why" data-testid="lab-why">
            <h2 id="gx-lab-why" class="gx-lab__h">{t(text::WHY)}</h2>
            <p class="gx-lab__line-heading" data-testid="lab-why-line"><code>{heading}</code></p>
            <div class="gx-lab__warp">
                <label class="gx-field__label" for="lab-warp">{t(text::WARP)}</label>
                <button class="gx-button gx-button--small" aria-label=move || text::PREV_WARP.get(lang.get())
                    on:click=move |_| set_warp(warp.get_untracked().saturating_sub(1))>"‹"</button>
                <IntegerInput id="lab-warp" min=0 testid="lab-warp"
                    max=Signal::derive(move || total_warps.get().saturating_sub(1))
                    value=warp
                    on_input=Callback::new(set_warp)/>
                <button class="gx-button gx-button--small" aria-label=move || text::NEXT_WARP.get(lang.get())
                    on:click=move |_| set_warp(warp.get_untracked() + 1)>"›"</button>
                <span class="gx-note" data-testid="lab-warp-place">{warp_line}</span>
            </div>
            {move || message().map(|m| view! { <p class="gx-note" data-testid="lab-why-message">{m}</p> })}
            {picker}
            <p class="gx-lab__numbers" data-testid="lab-why-numbers" aria-live="polite">{numbers}</p>
            <Show when=move || global.with(Option::is_some)>
                <CoalescingView access=global/>
            </Show>
            <Show when=move || shared.with(Option::is_some)>
                <BankView access=shared/>
            </Show>
            <Show when=move || lanes.with(Option::is_some)>
                <div class="gx-lab__lanes gx-simt" data-testid="lab-lanes">
                    <LaneStrip states=lane_states label=text::LANES_LABEL lane_label=lane_label picked=picked_lane/>
                    <ul class="gx-legend">
                        <li><span class="gx-legend__mark gx-lane-mark--active"></span>
                            {move || if shown_item.with(|i| matches!(i, Some(Item::Branch(..)))) { text::LEGEND_TAKEN.get(lang.get()) } else { text::LEGEND_ACTIVE.get(lang.get()) }}</li>
                        <Show when=move || shown_item.with(|i| matches!(i, Some(Item::Branch(..))))>
                            <li><span class="gx-legend__mark gx-lane-mark--masked"></span>{t(text::LEGEND_OTHER)}</li>
                        </Show>
                        <li><span class="gx-legend__mark gx-lane-mark--exited"></span>{t(text::LEGEND_IDLE)}</li>
                        <li><span class="gx-legend__mark gx-lane-mark--off"></span>{t(text::LEGEND_OFF)}</li>
                    </ul>
                </div>
            </Show>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::kernel::{parse, preset, trace_warp};

    fn trace_of(id: &str, block: [u32; 3], warp: u32) -> WarpTrace {
        let p = preset(id).expect("preset");
        let k = parse(p.source).expect("parses");
        trace_warp(&k, &p.launch(), block, warp).expect("traced")
    }

    #[test]
    fn a_line_lists_its_accesses_then_its_branches() {
        // copy-bounds, last block (39): warp 0 runs i = 9984.., 16 of 32 lanes in bounds.
        let t = trace_of("copy-bounds", [39, 0, 0], 0);
        let branch = items(&t, 4);
        assert!(matches!(&branch[..], [Item::Branch(BranchKind::If, v)] if v[0].taken == 0xffff));
        let copy = items(&t, 5);
        assert_eq!(copy.len(), 2);
        assert!(matches!(&copy[0], Item::Access(v) if !v[0].store && v[0].sectors == 2));
        assert!(matches!(&copy[1], Item::Access(v) if v[0].store));
        // Warp 1 of that block has no lane in bounds: it never runs line 5.
        assert!(items(&trace_of("copy-bounds", [39, 0, 0], 1), 5).is_empty());
    }

    #[test]
    fn the_selection_follows_the_pick_and_clamps() {
        let t = trace_of("copy-bounds", [39, 0, 0], 0);
        let line5 = items(&t, 5);
        // Not picked here: the load's first execution.
        let s = select(&line5, false, (1, 3), t.launch_mask).expect("ran");
        assert_eq!((s.item, s.exec), (0, 0));
        assert!(s.access.as_ref().is_some_and(|a| !a.store));
        assert!(numbers_text(&s, Lang::En).contains("2 sectors"));
        // Picked: the store, its only execution.
        let s = select(&line5, true, (1, 3), t.launch_mask).expect("ran");
        assert_eq!((s.item, s.exec), (1, 0));
        assert!(s.access.as_ref().is_some_and(|a| a.store));
        // A branch: the lane states.
        let s = select(&items(&t, 4), false, (0, 0), t.launch_mask).expect("ran");
        assert!(s.lanes.is_some() && s.access.is_none());
        assert!(numbers_text(&s, Lang::En).starts_with("16 lanes take it, 16 go the other way"));
        // Nothing at the line: no selection.
        assert_eq!(select(&[], true, (0, 0), 0), None);
    }

    #[test]
    fn a_statement_runs_once_however_many_steps_it_takes() {
        // `int i = blockIdx.x * blockDim.x + threadIdx.x;`: several warp-level steps, one execution.
        let t = trace_of("copy-bounds", [0, 0, 0], 0);
        assert!(matches!(&items(&t, 3)[..], [Item::Steps(v)] if v.len() == 1));
        let t = trace_of("gemv", [0, 0, 0], 0);
        assert!(matches!(&items(&t, 5)[..], [Item::Steps(v)] if v.len() == 1));
    }

    #[test]
    fn a_loop_line_has_one_execution_per_iteration() {
        let t = trace_of("gemv", [0, 0, 0], 0);
        let body = items(&t, 7);
        // 128 columns: the two loads run 128 times.
        assert!(matches!(&body[0], Item::Access(v) if v.len() == 128 && v[0].sectors == 32));
        assert!(matches!(&body[1], Item::Access(v) if v.len() == 128 && v[0].sectors == 1));
        let states = branch_states(
            &BranchEvent {
                line: 1,
                kind: BranchKind::If,
                mask_before: 0x0000_00ff,
                taken: 0x0000_000f,
            },
            0x0000_ffff,
        );
        assert_eq!(states[0], LaneState::Active);
        assert_eq!(states[4], LaneState::Masked);
        assert_eq!(states[8], LaneState::Exited);
        assert_eq!(states[16], LaneState::NotLaunched);
    }
}
