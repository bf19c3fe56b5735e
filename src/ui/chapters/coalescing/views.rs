//! The coalescing chapter's panels: counts with formulas, the legacy transaction view, and the
//! figure's data table.

use leptos::prelude::*;

use super::state::CoalescingState;
use super::text;
use crate::ui::format::{fixed, grouped};
use crate::ui::i18n::{t, tr, use_lang, Lang, Tr};

fn state() -> CoalescingState {
    expect_context::<CoalescingState>()
}

fn row(name: Tr, formula: String, value: String, testid: &'static str) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">{t(name)}</th>
            <td class="gx-formula">{formula}</td>
            <td class="gx-value" data-testid=testid>{value}</td>
        </tr>
    }
}

fn percent(x: f64) -> String {
    format!("{} %", fixed(x * 100.0, 1).trim_end_matches(".0"))
}

/// Sectors, lines, requests, bytes and efficiency, each with its formula.
#[component]
pub fn NumbersPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <section class="l-body gx-numbers" data-testid="numbers">
            <h2>{t(text::NUMBERS)}</h2>
            {move || {
                let out = st.outputs.get();
                let c = out.shown?;
                let d = &c.result;
                let r = &d.report;
                let n = d.lanes.iter().filter(|l| l.is_some()).count();
                let w = c.elem_bytes;
                Some(view! {
                    <table class="gx-table">
                        <thead><tr>
                            <th scope="col">{t(tr("Quantity", "量"))}</th>
                            <th scope="col">{t(tr("Formula", "算式"))}</th>
                            <th scope="col">{t(tr("Value", "数值"))}</th>
                        </tr></thead>
                        <tbody>
                            {row(tr("Active lanes", "活跃 lane"), "popcount(active mask)".into(), n.to_string(), "count-lanes")}
                            {row(tr("Bytes requested", "请求的字节"), format!("active lanes × {w} B = {n} × {w}"), format!("{} B", r.bytes_requested), "bytes-requested")}
                            {row(tr("Sectors", "sector 数"), "distinct ⌊address / 32⌋".into(), r.sectors.to_string(), "count-sectors")}
                            {row(tr("Lines", "line 数"), "distinct ⌊address / 128⌋".into(), r.lines.to_string(), "count-lines")}
                            {row(tr("Requests", "请求数"), if lang.get() == Lang::Zh { "每条 warp 指令 1 个（H200 实测）".into() } else { "1 per warp instruction (measured on H200)".to_string() }, r.requests.to_string(), "count-requests")}
                            {row(tr("Bytes moved", "搬运的字节"), format!("sectors × 32 B = {} × 32", r.sectors), format!("{} B", grouped(r.bytes_moved)), "bytes-moved")}
                            {row(tr("Distinct bytes used", "实际用到的字节（去重）"), "Σ bytes read in each sector".into(), format!("{} B", d.bytes_used), "bytes-used")}
                            <tr class="gx-numbers__verdict">
                                <th scope="row">{t(tr("Efficiency", "效率"))}</th>
                                <td class="gx-formula">{format!("requested / moved = {} / {}", r.bytes_requested, r.bytes_moved)}</td>
                                <td class="gx-value" data-testid="efficiency">{if r.bytes_moved == 0 { "—".to_string() } else { percent(r.efficiency()) }}</td>
                            </tr>
                            {row(tr("Output wavefronts (fit)", "输出 wavefront（拟合）"), match lang.get() { Lang::En => format!("⌈lines / 4⌉ = ⌈{} / 4⌉, an empirical fit", r.lines), Lang::Zh => format!("⌈lines / 4⌉ = ⌈{} / 4⌉，经验拟合", r.lines) }, d.output_wavefronts.to_string(), "count-wavefronts")}
                        </tbody>
                    </table>
                    {(d.bytes_used < r.bytes_requested).then(|| {
                        let (used, req) = (d.bytes_used, r.bytes_requested);
                        view! { <p class="gx-note" data-testid="broadcast-note">{move || match lang.get() {
                            Lang::En => format!("Lanes share bytes (a broadcast): {used} distinct bytes serve {req} requested bytes, so the efficiency can exceed 100 %; the moved bytes some lane uses are {used} / {} = {}.", r_moved(&st), percent(util(&st))),
                            Lang::Zh => format!("多个 lane 读同一批字节（广播）：{used} 个不同字节服务了 {req} 个请求字节，所以效率可以超过 100 %；搬运的字节中被用到的比例为 {used} / {} = {}。", r_moved(&st), percent(util(&st))),
                        }}</p> }
                    })}
                    <p class="gx-note">{t(text::MEASURED_NOTE)}</p>
                })
            }}
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

/// The CC 3.x half-/quarter-warp split, next to what the H200 counts.
#[component]
pub fn LegacyPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <section class="l-body gx-numbers" data-testid="legacy">
            <h2>{t(text::LEGACY_TITLE)}</h2>
            <p>{t(text::LEGACY_NOTE)}</p>
            {move || {
                let c = st.outputs.get().shown?;
                let d = c.result;
                let lg = d.legacy;
                let group_name = match (lg.groups.first().map_or(32, |g| g.lane_count), lang.get()) {
                    (32, Lang::En) => "whole warp",
                    (32, Lang::Zh) => "整个 warp",
                    (16, Lang::En) => "half-warp",
                    (16, Lang::Zh) => "半个 warp",
                    (_, Lang::En) => "quarter-warp",
                    (_, Lang::Zh) => "四分之一 warp",
                };
                let line_eff = if lg.line_bytes_moved() == 0 { 1.0 } else { d.report.bytes_requested as f64 / lg.line_bytes_moved() as f64 };
                Some(view! {
                    <div class="gx-table-scroll">
                    <table class="gx-table gx-table--numeric gx-mem__legacy">
                        <thead><tr>
                            <th scope="col">{t(tr("group", "分组"))}</th>
                            <th scope="col">{t(tr("lanes", "lane"))}</th>
                            <th scope="col">{t(tr("128-byte lines", "128 字节 line"))}</th>
                            <th scope="col">{t(tr("32-byte sectors", "32 字节 sector"))}</th>
                        </tr></thead>
                        <tbody>
                            {lg.groups.iter().map(|g| view! {
                                <tr>
                                    <th scope="row">{group_name}</th>
                                    <td>{format!("{}–{}", g.first_lane, g.first_lane + g.lane_count - 1)}</td>
                                    <td>{g.lines}</td>
                                    <td>{g.sectors}</td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                    </div>
                    <table class="gx-table">
                        <tbody>
                            {row(tr("Legacy requests", "老口径请求数"), "groups with an active lane".into(), lg.requests.to_string(), "legacy-requests")}
                            {row(tr("Legacy line transactions", "老口径 line 事务数"), "Σ lines per group".into(), lg.line_transactions.to_string(), "legacy-lines")}
                            {row(tr("Bytes moved, line view", "按 line 计的搬运字节"), format!("{} × 128 B", lg.line_transactions), format!("{} B", grouped(lg.line_bytes_moved())), "legacy-bytes")}
                            {row(tr("Efficiency, line view", "按 line 计的效率"), format!("{} / {}", d.report.bytes_requested, lg.line_bytes_moved()), percent(line_eff), "legacy-efficiency")}
                            {row(tr("Requests measured on H200", "H200 实测请求数"), "l1tex__t_requests".into(), d.report.requests.to_string(), "measured-requests")}
                        </tbody>
                    </table>
                })
            }}
        </section>
    }
}
