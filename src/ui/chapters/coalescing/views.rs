//! The coalescing chapter's panels: counts with formulas, the legacy transaction view, and the
//! figure's data table.

use leptos::prelude::*;

use super::state::CoalescingState;
use super::text;
use crate::ui::format::grouped;
use crate::ui::format::percent;
use crate::ui::i18n::{t, use_lang, Tr};
use crate::ui::widgets::{indexed_list, live_rows_testid};
use std::sync::Arc;

fn state() -> CoalescingState {
    expect_context::<CoalescingState>()
}

/// The value cells' test ids of the numbers panel's rows, in order (the efficiency row, 7, is
/// drawn apart as the verdict).
const NUMBER_IDS: [&str; 9] = [
    "count-lanes",
    "bytes-requested",
    "count-sectors",
    "count-lines",
    "count-requests",
    "bytes-moved",
    "bytes-used",
    "efficiency",
    "count-wavefronts",
];

/// Sectors, lines, requests, bytes and efficiency, each with its formula.
#[component]
pub fn NumbersPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // The table is built once while there is an access to count; a slider tick rewrites its
    // text (one memo of cells).
    let shown = Memo::new(move |_| st.outputs.with(|o| o.shown.is_some()));
    let broadcast = Memo::new(move |_| {
        st.outputs.with(|o| {
            o.shown
                .as_ref()
                .is_some_and(|c| c.result.bytes_used < c.result.report.bytes_requested)
        })
    });
    let cells = Memo::new(move |_| {
        let l = lang.get();
        st.outputs.with(|o| {
            let Some(c) = o.shown.as_ref() else {
                return Vec::new();
            };
            let d = &c.result;
            let r = &d.report;
            let n = d.lanes.iter().filter(|l| l.is_some()).count();
            let w = c.elem_bytes;
            vec![
                (
                    text::ACTIVE_LANES,
                    text::F_ACTIVE_LANES.get(l).into(),
                    n.to_string(),
                ),
                (
                    text::BYTES_REQUESTED,
                    text::bytes_requested_formula(n, w, l),
                    format!("{} B", r.bytes_requested),
                ),
                (
                    text::SECTORS,
                    text::F_SECTORS.get(l).into(),
                    r.sectors.to_string(),
                ),
                (
                    text::LINES,
                    text::F_LINES.get(l).into(),
                    r.lines.to_string(),
                ),
                (
                    text::REQUESTS,
                    text::REQUESTS_FORMULA.get(l).into(),
                    r.requests.to_string(),
                ),
                (
                    text::BYTES_MOVED,
                    format!("{} = {} × 32", text::F_BYTES_MOVED.get(l), r.sectors),
                    format!("{} B", grouped(r.bytes_moved)),
                ),
                (
                    text::BYTES_USED,
                    text::BYTES_USED_FORMULA.get(l).into(),
                    format!("{} B", d.bytes_used),
                ),
                (
                    text::EFFICIENCY,
                    text::efficiency_formula(d.bytes_used, r.bytes_moved, l),
                    if r.bytes_moved == 0 {
                        "—".to_string()
                    } else {
                        percent(d.sector_utilization())
                    },
                ),
                (
                    text::WAVEFRONTS_FIT,
                    text::wavefronts_fit_formula(r.lines, l),
                    d.output_wavefronts.to_string(),
                ),
            ]
        })
    });
    view! {
        <section class="l-body gx-numbers" class:gx-stale=st.stale() data-testid="numbers">
            <h2>{t(text::NUMBERS)}</h2>
            {crate::ui::shared::access::state::stale_note(st)}
            {move || shown.get().then(|| {
                let efficiency = move |f: fn(&(Tr, String, String)) -> String| move || cells.with(|c| c.get(7).map(f).unwrap_or_default());
                view! {
                    <table class="gx-table">
                        {crate::ui::widgets::head_row(&[text::COL_QUANTITY, text::COL_FORMULA, text::COL_VALUE])}
                        <tbody>
                            {live_rows_testid(cells, 0..7, &NUMBER_IDS)}
                            // Efficiency = distinct bytes used / bytes moved: the share of the moved bytes the
                            // figure paints as used. It equals requested / moved unless lanes share bytes (a
                            // broadcast), where requested / moved would count the shared bytes once per lane.
                            <tr class="gx-numbers__verdict">
                                <th scope="row">{t(text::EFFICIENCY)}</th>
                                <td class="gx-formula">{efficiency(|r| r.1.clone())}</td>
                                <td class="gx-value" data-testid="efficiency">{efficiency(|r| r.2.clone())}</td>
                            </tr>
                            {live_rows_testid(cells, 8..9, &NUMBER_IDS)}
                        </tbody>
                    </table>
                    <Show when=move || broadcast.get()>
                        <p class="gx-note" data-testid="broadcast-note">{move || {
                            let (used, req) = st.outputs.with(|o| o.shown.as_ref().map_or((0, 0), |c| (c.result.bytes_used, c.result.report.bytes_requested)));
                            text::broadcast_note(used, req, r_moved(&st), &percent(util(&st)), &percent(req as f64 / r_moved(&st).max(1) as f64), lang.get())
                        }}</p>
                    </Show>
                    <p class="gx-note">{t(text::MEASURED_NOTE)}</p>
                }
            })}
        </section>
    }
}

fn r_moved(st: &CoalescingState) -> u64 {
    st.outputs
        .with(|o| o.shown.as_ref().map_or(0, |c| c.result.report.bytes_moved))
}

fn util(st: &CoalescingState) -> f64 {
    st.outputs.with(|o| {
        o.shown
            .as_ref()
            .map_or(1.0, |c| c.result.sector_utilization())
    })
}

/// The legacy panel's total rows' value test ids, in order.
const LEGACY_IDS: [&str; 5] = [
    "legacy-requests",
    "legacy-lines",
    "legacy-bytes",
    "legacy-efficiency",
    "measured-requests",
];

/// The CC 3.x half-/quarter-warp split, next to what the H200 counts. Built once while there is
/// an access to show: the group rows are keyed by position (their count changes with the element
/// size) and every cell follows a memo of its text, so a slider tick rewrites only the text that
/// changed (it rebuilt both tables, 24 nodes and ~60 attributes a tick, issue #18).
#[component]
pub fn LegacyPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let shown = Memo::new(move |_| st.outputs.with(|o| o.shown.is_some()));
    // Per group: its name, lane range, lines and sectors.
    let groups = Memo::new(move |_| {
        let l = lang.get();
        st.outputs.with(|o| {
            let Some(c) = o.shown.as_ref() else {
                return Vec::new();
            };
            let lg = &c.result.legacy;
            let name = text::legacy_group(lg.groups.first().map_or(32, |g| g.lane_count)).get(l);
            lg.groups
                .iter()
                .map(|g| {
                    [
                        name.to_string(),
                        format!("{}–{}", g.first_lane, g.first_lane + g.lane_count - 1),
                        g.lines.to_string(),
                        g.sectors.to_string(),
                    ]
                })
                .collect::<Vec<_>>()
        })
    });
    let group_count = Memo::new(move |_| groups.with(Vec::len));
    let totals = Memo::new(move |_| {
        let l = lang.get();
        st.outputs.with(|o| {
            let Some(c) = o.shown.as_ref() else {
                return Vec::new();
            };
            let d = &c.result;
            let lg = &d.legacy;
            let line_eff = if lg.line_bytes_moved() == 0 {
                1.0
            } else {
                d.bytes_used as f64 / lg.line_bytes_moved() as f64
            };
            vec![
                (
                    text::LEGACY_REQUESTS,
                    text::LEGACY_REQUESTS_FORMULA.get(l).into(),
                    lg.requests.to_string(),
                ),
                (
                    text::LEGACY_LINE_TRANSACTIONS,
                    text::LEGACY_LINE_TRANSACTIONS_FORMULA.get(l).into(),
                    lg.line_transactions.to_string(),
                ),
                (
                    text::LEGACY_BYTES,
                    format!("{} × 128 B", lg.line_transactions),
                    format!("{} B", grouped(lg.line_bytes_moved())),
                ),
                (
                    text::LEGACY_EFFICIENCY,
                    format!("{} / {}", d.bytes_used, lg.line_bytes_moved()),
                    percent(line_eff),
                ),
                (
                    text::MEASURED_REQUESTS,
                    "l1tex__t_requests".into(),
                    d.report.requests.to_string(),
                ),
            ]
        })
    });
    let group_row = move |k: usize| {
        let cell = move |i: usize| {
            move || groups.with(|g| g.get(k).map(|r| r[i].clone()).unwrap_or_default())
        };
        view! {
            <tr>
                <th scope="row">{cell(0)}</th>
                <td>{cell(1)}</td>
                <td>{cell(2)}</td>
                <td>{cell(3)}</td>
            </tr>
        }
    };
    view! {
        <section class="l-body gx-numbers" class:gx-stale=st.stale() data-testid="legacy">
            <h2>{t(text::LEGACY_TITLE)}</h2>
            {crate::ui::shared::access::state::stale_note(st)}
            <p>{t(text::LEGACY_NOTE)}</p>
            {move || shown.get().then(|| view! {
                <div class="gx-table-scroll">
                <table class="gx-table gx-table--numeric gx-mem__legacy">
                    {crate::ui::widgets::head_row(&[text::LEGACY_GROUP, text::LEGACY_LANES, text::LEGACY_LINES, text::LEGACY_SECTORS])}
                    <tbody>
                        {indexed_list(group_count.into(), Arc::new(move |k| group_row(k).into_any()))}
                    </tbody>
                </table>
                </div>
                // Its own header: the totals have three columns, not the groups' four.
                <table class="gx-table gx-mem__legacy-totals">
                    {crate::ui::widgets::head_row(&[text::COL_QUANTITY, text::COL_FORMULA, text::COL_VALUE])}
                    <tbody>
                        {live_rows_testid(totals, 0..5, &LEGACY_IDS)}
                    </tbody>
                </table>
            })}
        </section>
    }
}
