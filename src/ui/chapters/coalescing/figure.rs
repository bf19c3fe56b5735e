//! The figure: 32 lanes above the touched 128-byte lines, each split into four 32-byte sectors,
//! with the bytes lanes use shaded. Lanes are focusable; the selected lane's wire, sector and
//! line are highlighted.

use leptos::prelude::*;

use super::state::{Coalesced, CoalescingState};
use super::text;
use crate::geom::warp_memory as g;
use crate::model::coalescing::CoalescingDetail;
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shared::access::figure::AccessFigure;
use crate::ui::shared::roving::Roving;

fn state() -> CoalescingState {
    expect_context::<CoalescingState>()
}

/// Runs of set bits in a 32-bit byte mask: `(first byte, length)`.
fn runs(mask: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut b = 0;
    while b < 32 {
        if mask & (1 << b) != 0 {
            let start = b;
            while b < 32 && mask & (1 << b) != 0 {
                b += 1;
            }
            out.push((start, b - start));
        } else {
            b += 1;
        }
    }
    out
}

/// Distinct lines, ascending: the drawn line blocks.
fn line_slots(c: &Coalesced) -> Vec<u64> {
    let mut lines: Vec<u64> = c
        .result
        .touched_sectors
        .iter()
        .map(|s| s.line_index)
        .collect();
    lines.dedup();
    lines
}

/// What one lane does, in words.
pub fn describe_lane(c: &Coalesced, lane: u32, lang: Lang) -> String {
    let Some(Some(ls)) = c.result.lanes.get(lane as usize) else {
        return text::lane_inactive(lane, lang);
    };
    let index = c.indices.get(lane as usize).copied().flatten().unwrap_or(0);
    text::lane_address(lane, index, c.offset_bytes, c.elem_bytes, ls, lang)
}

fn draw(c: Coalesced) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let selected = st.selected_lane;
    let roving = expect_context::<Roving>();
    let lines = line_slots(&c);
    let slot_of = |line: u64| lines.iter().position(|&l| l == line).unwrap_or(0);
    let lw = g::line_width_px();
    let sector_w = lw / 4.0;
    let c2 = c.clone();
    let selected_sector = Memo::new(move |_| {
        selected
            .get()
            .and_then(|l| c2.result.lanes.get(l as usize).copied().flatten())
            .map(|ls| ls.sector_index)
    });

    let blocks = lines
        .iter()
        .enumerate()
        .map(|(slot, &line)| {
            let (x, y) = g::line_origin_px(slot);
            let gap = slot % g::LINES_PER_ROW > 0 && lines.get(slot - 1).is_some_and(|&p| p + 1 != line);
            let sectors = (0..4u64)
                .map(|k| {
                    let sector_index = line * 4 + k;
                    let touched = c.result.touched_sectors.iter().find(|s| s.sector_index == sector_index).copied();
                    let sx = x + k as f64 * sector_w;
                    let used = touched.map(|s| runs(s.byte_mask)).unwrap_or_default().into_iter().map(|(b, n)| view! {
                        <rect class="gx-sector__used" x=format!("{:.2}", sx + f64::from(b) / 32.0 * sector_w) y=format!("{:.1}", y + 3.0)
                            width=format!("{:.2}", f64::from(n) / 32.0 * sector_w) height=format!("{:.1}", g::LINE_HEIGHT_PX - 6.0)/>
                    }).collect_view();
                    let label = move || text::sector_title(sector_index, touched.map(|s| s.bytes_used), lang.get());
                    view! {
                        <g>
                            <rect class=if touched.is_some() { "gx-sector gx-sector--moved" } else { "gx-sector gx-sector--idle" }
                                class:gx-sector--selected=move || selected_sector.get() == Some(sector_index)
                                x=format!("{sx:.2}") y=format!("{y:.1}") width=format!("{sector_w:.2}") height=format!("{:.1}", g::LINE_HEIGHT_PX)>
                                <title>{label}</title>
                            </rect>
                            {used}
                        </g>
                    }
                })
                .collect_view();
            view! {
                <g class="gx-line" data-testid="line">
                    <text class="gx-mem__label" x=format!("{x:.1}") y=format!("{:.1}", y - 6.0)>
                        {format!("line {line} · 0x{:x}", line * 128)}
                    </text>
                    {gap.then(|| view! { <text class="gx-mem__gap" x=format!("{:.1}", x - g::LINE_GAP_PX / 2.0) y=format!("{:.1}", y + g::LINE_HEIGHT_PX / 2.0 + 5.0)>"⋯"</text> })}
                    {sectors}
                </g>
            }
        })
        .collect_view();

    let wires = (0..32u32)
        .filter_map(|lane| {
            let ls = c.result.lanes.get(lane as usize).copied().flatten()?;
            let slot = slot_of(ls.line_index);
            let byte = (ls.address % 128) as f64 + f64::from(c.elem_bytes) / 2.0;
            let (_, y) = g::line_origin_px(slot);
            let x1 = g::lane_center_px(lane);
            let x2 = g::byte_x_px(slot, byte);
            Some(view! {
                <line class="gx-mem__wire" class:gx-mem__wire--selected=move || selected.get() == Some(lane)
                    x1=format!("{x1:.1}") y1=format!("{:.1}", g::LANE_TOP_PX + g::LANE_HEIGHT_PX)
                    x2=format!("{x2:.1}") y2=format!("{y:.1}")/>
            })
        })
        .collect_view();

    let lanes = (0..32u32)
        .map(|lane| {
            let active = c.result.lanes.get(lane as usize).is_some_and(|l| l.is_some());
            let c3 = c.clone();
            let label = move || describe_lane(&c3, lane, lang.get());
            let title = label.clone();
            let x = g::lane_x_px(lane);
            view! {
                <g class="gx-lane" class:gx-lane--inactive=!active class:gx-lane--selected=move || selected.get() == Some(lane)
                    tabindex=roving.tabindex(lane as usize) data-roving=lane.to_string()
                    role="button" aria-label=label data-testid=format!("lane-{lane}")
                    on:click=move |_| selected.set(Some(lane))
                    on:focus=move |_| selected.set(Some(lane))>
                    <rect x=format!("{x:.1}") y=format!("{:.1}", g::LANE_TOP_PX) width=format!("{:.1}", g::lane_slot_px() - 2.0) height=format!("{:.1}", g::LANE_HEIGHT_PX) rx="3"/>
                    <text x=format!("{:.1}", g::lane_center_px(lane)) y=format!("{:.1}", g::LANE_TOP_PX + 17.0)>{lane.to_string()}</text>
                    <title>{title}</title>
                </g>
            }
        })
        .collect_view();

    view! {
        <g class="gx-mem__wires">{wires}</g>
        <text class="gx-mem__heading" x=format!("{:.1}", g::MARGIN_PX) y="14">{t(text::LANES_HEADING)}</text>
        <text class="gx-mem__heading" x=format!("{:.1}", g::MARGIN_PX) y=format!("{:.1}", g::STRIP_TOP_PX - 34.0)>{t(text::MEMORY_HEADING)}</text>
        {blocks}
        {lanes}
    }
}

/// No frozen label column: each lane's number is inside its box and each line's label sits on
/// its block, so they scroll with what they name; the headings are sentences wider than a phone
/// and scroll with the figure, so all of each can be read.
fn labels(_: Coalesced) -> impl IntoView {}

/// Height of the figure for a pattern.
fn height_px(c: Option<&Coalesced>) -> f64 {
    g::strip_height_px(c.map_or(1, |c| line_slots(c).len()))
}

/// The coalescing figure.
#[component]
pub fn Figure() -> impl IntoView {
    view! {
        <AccessFigure<CoalescingDetail, _, _> label=text::FIGURE_LABEL select_lane=text::SELECT_LANE
            height_px=height_px draw=draw labels=labels label_px=g::BANK_LABEL_PX describe=describe_lane>
            <li><span class="gx-legend__mark gx-legend__mark--square gx-sector__used"></span>{t(text::LEGEND_USED)}</li>
            <li><span class="gx-legend__mark gx-legend__mark--square gx-sector--moved"></span>{t(text::LEGEND_WASTED)}</li>
            <li><span class="gx-legend__mark gx-legend__mark--square gx-sector--idle"></span>{t(text::LEGEND_IDLE)}</li>
            <li><span class="gx-legend__mark gx-legend__mark--square gx-lane--inactive"></span>{t(text::LEGEND_INACTIVE)}</li>
        </AccessFigure<CoalescingDetail, _, _>>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_runs() {
        assert_eq!(runs(0), vec![]);
        assert_eq!(runs(u32::MAX), vec![(0, 32)]);
        assert_eq!(runs(0b1111_0000_1111), vec![(0, 4), (8, 4)]);
    }
}
