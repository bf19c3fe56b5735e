//! The counts: the launch's totals with the Nsight Compute metric each one is, and the per-line
//! table (each row picks its line). Both show the last report; while a newer analysis runs they
//! say the counts are for the kernel before the last change.

use leptos::prelude::*;

use super::editor::ratio;
use super::state::LabState;
use super::text;
use crate::model::kernel::{LineCounters, Report};
use crate::ui::format::{grouped, percent};
use crate::ui::i18n::{t, use_lang, Tr};

fn state() -> LabState {
    expect_context::<LabState>()
}

/// One row of the totals: what, how many, and the ncu metric (`None`: the lab's own count).
pub type CounterRow = (Tr, String, Option<&'static str>);

/// The totals of a report, in the order the table lists them.
pub fn counter_rows(r: &Report) -> Vec<CounterRow> {
    let t = &r.totals;
    let g = |v: u64| grouped(v);
    vec![
        (
            text::GLOBAL_LOAD_REQUESTS,
            g(r.global_load.requests),
            Some("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
        ),
        (
            text::GLOBAL_LOAD_SECTORS,
            g(r.global_load.sectors),
            Some("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"),
        ),
        (
            text::GLOBAL_STORE_REQUESTS,
            g(r.global_store.requests),
            Some("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"),
        ),
        (
            text::GLOBAL_STORE_SECTORS,
            g(r.global_store.sectors),
            Some("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"),
        ),
        (
            text::SHARED_LOAD_INSTR,
            g(r.shared_load.instructions),
            Some("smsp__sass_inst_executed_op_shared_ld.sum"),
        ),
        (
            text::SHARED_LOAD_WAVEFRONTS,
            g(r.shared_load.wavefronts),
            Some("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
        ),
        (
            text::SHARED_LOAD_CONFLICTS,
            g(t.shared_load_bank_conflicts),
            Some("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
        ),
        (
            text::SHARED_STORE_INSTR,
            g(r.shared_store.instructions),
            Some("smsp__sass_inst_executed_op_shared_st.sum"),
        ),
        (
            text::SHARED_STORE_WAVEFRONTS,
            g(r.shared_store.wavefronts),
            Some("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
        ),
        (
            text::SHARED_STORE_CONFLICTS,
            g(t.shared_store_bank_conflicts),
            Some("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"),
        ),
        (
            text::BRANCHES,
            format!("{} ({})", g(t.branches), g(t.divergent_branches)),
            None,
        ),
        (text::LANE_EFFICIENCY, percent(t.lane_efficiency()), None),
        (
            text::FP32_FLOPS,
            g(t.fp32_flops),
            Some("fadd + fmul + 2 × ffma (smsp__sass_thread_inst_executed_op_*_pred_on.sum)"),
        ),
        (
            text::FP64_FLOPS,
            g(t.fp64_flops),
            Some("dadd + dmul + 2 × dfma (smsp__sass_thread_inst_executed_op_*_pred_on.sum)"),
        ),
        (
            text::DRAM_BYTES,
            g(r.dram_load_bytes() + r.dram_store_bytes()),
            None,
        ),
    ]
}

/// The stale note, shown while a newer analysis runs or the kernel no longer parses.
#[component]
fn StaleNote() -> impl IntoView {
    let st = state();
    let stale =
        Memo::new(move |_| st.shown.with(Option::is_some) && st.report.with(Option::is_none));
    view! {
        <Show when=move || stale.get()>
            <p class="gx-note gx-lab__stale" data-testid="lab-stale">{t(text::STALE)}</p>
        </Show>
    }
}

/// The launch's totals.
#[component]
pub fn Counters() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let rows = Memo::new(move |_| {
        st.shown
            .with(|s| s.as_ref().map(|s| counter_rows(&s.report)))
    });
    let row = move |(label, value, metric): CounterRow| {
        let testid = format!(
            "lab-total-{}",
            label
                .en
                .to_ascii_lowercase()
                .replace([' ', ',', '(', ')', '×'], "-")
        );
        view! {
            <tr>
                <th scope="row">{move || label.get(lang.get())}</th>
                <td class="gx-value" data-testid=testid>{value}</td>
                <td class="gx-formula">{metric.unwrap_or("—")}</td>
            </tr>
        }
    };
    view! {
        <section class="l-body gx-lab__counters" aria-labelledby="gx-lab-counters" data-testid="lab-counters">
            <h2 id="gx-lab-counters" class="gx-lab__h">{t(text::COUNTERS)}</h2>
            <StaleNote/>
            <div class="gx-table-scroll">
                <table class="gx-table">
                    <thead><tr>
                        <th scope="col">{t(text::COUNTER)}</th>
                        <th scope="col">{t(text::VALUE)}</th>
                        <th scope="col">{t(text::NCU_METRIC)}</th>
                    </tr></thead>
                    <tbody>
                        {move || rows.get().unwrap_or_default().into_iter().map(row).collect_view()}
                    </tbody>
                </table>
            </div>
            <p class="gx-note">{t(text::STEPS_NOTE)}</p>
        </section>
    }
}

/// The cells of one line's row: global, shared, branches, active lanes.
pub fn line_cells(l: &LineCounters) -> [String; 4] {
    let req = l.global_load.requests + l.global_store.requests;
    let sectors = l.global_load.sectors + l.global_store.sectors;
    let global = if req == 0 {
        String::new()
    } else {
        format!(
            "{} · {} ({})",
            grouped(req),
            grouped(sectors),
            ratio(sectors, req)
        )
    };
    let instr = l.shared_load.instructions + l.shared_store.instructions;
    let shared = if instr == 0 {
        String::new()
    } else {
        let wf = l.shared_load.wavefronts + l.shared_store.wavefronts;
        let conflicts = l.shared_load_bank_conflicts + l.shared_store_bank_conflicts;
        format!(
            "{} · {} ({})",
            grouped(instr),
            grouped(wf),
            grouped(conflicts)
        )
    };
    let branches = if l.branches == 0 {
        String::new()
    } else {
        format!(
            "{} ({})",
            grouped(l.branches),
            grouped(l.divergent_branches)
        )
    };
    [global, shared, branches, percent(l.lane_efficiency())]
}

/// The source text of line `line` (1-based), trimmed, at most 60 characters.
pub fn code_of(source: &str, line: u32) -> String {
    let text = source
        .lines()
        .nth(line.saturating_sub(1) as usize)
        .unwrap_or("")
        .trim();
    let mut s: String = text.chars().take(60).collect();
    if text.chars().count() > 60 {
        s.push('…');
    }
    s
}

/// The per-line table.
#[component]
pub fn Lines() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let source = st.inputs.part(|i| i.source.clone());
    let picked = st.line;
    let rows = Memo::new(move |_| {
        st.shown.with(|s| {
            s.as_ref()
                .map(|s| {
                    // The code as it reads now while its counts are current (an edit that kept the
                    // kernel), else as it was analysed.
                    let current = st.report.with(Option::is_some);
                    let rows = |src: &str| {
                        s.report
                            .lines
                            .iter()
                            .map(|l| (l.line, code_of(src, l.line), line_cells(l)))
                            .collect::<Vec<_>>()
                    };
                    if current {
                        source.with(|src| rows(src))
                    } else {
                        rows(&s.source)
                    }
                })
                .unwrap_or_default()
        })
    });
    let row = move |(line, code, cells): (u32, String, [String; 4])| {
        let is_picked = move || picked.get() == line;
        let [global, shared, branches, lanes] = cells;
        view! {
            <tr class:gx-lab__row--picked=is_picked data-testid=format!("lab-line-{line}")>
                <th scope="row">
                    <button class="gx-button gx-button--small" aria-pressed=move || if is_picked() { "true" } else { "false" }
                        on:click=move |_| st.inputs.update(|i| i.pick_line(line))>
                        {move || text::pick_line(line, lang.get())}
                    </button>
                </th>
                <td><code class="gx-lab__code">{code}</code></td>
                <td class="gx-value">{global}</td>
                <td class="gx-value">{shared}</td>
                <td class="gx-value">{branches}</td>
                <td class="gx-value">{lanes}</td>
            </tr>
        }
    };
    view! {
        <section class="l-page gx-lab__lines" aria-labelledby="gx-lab-lines" data-testid="lab-lines">
            <h2 id="gx-lab-lines" class="gx-lab__h">{t(text::LINES)}</h2>
            <p class="gx-note">{t(text::LINES_NOTE)}</p>
            <div class="gx-table-scroll">
                <table class="gx-table gx-lab__table">
                    <thead><tr>
                        <th scope="col">{t(text::COL_LINE)}</th>
                        <th scope="col">{t(text::COL_CODE)}</th>
                        <th scope="col">{t(text::COL_GLOBAL)}</th>
                        <th scope="col">{t(text::COL_SHARED)}</th>
                        <th scope="col">{t(text::COL_BRANCHES)}</th>
                        <th scope="col">{t(text::COL_LANES)}</th>
                    </tr></thead>
                    <tbody>{move || rows.get().into_iter().map(row).collect_view()}</tbody>
                </table>
            </div>
        </section>
    }
}
