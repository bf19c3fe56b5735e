//! The coalescing figure: 32 lanes above the touched 128-byte lines, each split into four
//! 32-byte sectors, with the bytes lanes use shaded. Lanes are focusable; the selected lane's
//! wire, sector and line are highlighted. Drawn by the coalescing chapter and by the kernel lab
//! (a warp's access at a line), each from an [`AccessState`] of [`CoalescingDetail`] it provides.

use leptos::prelude::*;

pub mod text;

use super::state::{AccessState, Shown};
use super::{AccessChapter, AccessInputs};
use crate::geom::fixed::fixed;
use crate::geom::warp_memory as g;
use crate::model::access::{warp_access_from_fn, AccessError, Preset, COALESCING_PRESETS};
use crate::model::coalescing::{coalesce_detail, CoalescingDetail};
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shared::access::figure::{lane_chip, AccessFigure};
use crate::ui::shared::roving::Roving;
use crate::ui::widgets::indexed_list;
use std::sync::Arc;

/// A pattern the model accepted.
pub type Coalesced = Shown<CoalescingDetail>;
/// The figure's reactive state.
pub type CoalescingState = AccessState<CoalescingDetail>;

fn state() -> CoalescingState {
    expect_context::<CoalescingState>()
}

/// The coalescing model of an access: 32 lane addresses → sectors, lines, requests, per-lane
/// detail.
pub fn model(
    inputs: &AccessInputs,
    indices: &[Option<i64>; 32],
) -> Result<CoalescingDetail, AccessError> {
    let access = warp_access_from_fn(0, inputs.offset as i64, inputs.elem, |lane| {
        indices.get(lane as usize).copied().flatten()
    })?;
    coalesce_detail(&access)
}

impl AccessChapter for CoalescingDetail {
    const PRESETS: &'static [Preset] = COALESCING_PRESETS;

    fn model(inputs: &AccessInputs, indices: &[Option<i64>; 32]) -> Result<Self, AccessError> {
        model(inputs, indices)
    }
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

/// One drawn line block: the line, whether lines are skipped before it (in its figure row), and
/// per sector `(bytes used, byte mask)` when the warp touches it.
#[derive(Clone, Debug, PartialEq)]
struct LineSlot {
    line: u64,
    gap: bool,
    sectors: [Option<(u32, u32)>; 4],
}

fn line_blocks(c: &Coalesced) -> Vec<LineSlot> {
    let lines = line_slots(c);
    lines
        .iter()
        .enumerate()
        .map(|(slot, &line)| {
            let mut sectors = [None; 4];
            for (k, s) in (0u64..).zip(sectors.iter_mut()) {
                *s = c
                    .result
                    .touched_sectors
                    .iter()
                    .find(|t| t.sector_index == line * 4 + k)
                    .map(|t| (t.bytes_used, t.byte_mask));
            }
            LineSlot {
                line,
                gap: slot % g::LINES_PER_ROW > 0
                    && lines.get(slot - 1).is_some_and(|&p| p + 1 != line),
                sectors,
            }
        })
        .collect()
}

/// The drawing, built once: line blocks are keyed by their position, sectors, wires and lanes
/// follow memos of what they show, so a slider tick writes only what changed.
fn draw(shown: Memo<Option<Coalesced>>) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let selected = st.selected_lane;
    let roving = expect_context::<Roving>();
    let lw = g::line_width_px();
    let sector_w = lw / 4.0;
    let blocks =
        Memo::new(move |_| shown.with(|c| c.as_ref().map(line_blocks).unwrap_or_default()));
    let block_count = Memo::new(move |_| blocks.with(Vec::len));
    let lane_info = move |lane: u32| {
        shown.with(|c| {
            c.as_ref()
                .and_then(|c| c.result.lanes.get(lane as usize).copied().flatten())
        })
    };
    let selected_sector =
        Memo::new(move |_| selected.get().and_then(lane_info).map(|ls| ls.sector_index));

    let block = move |slot: usize| {
        let (x, y) = g::line_origin_px(slot);
        let block = Memo::new(move |_| blocks.with(|b| b.get(slot).cloned()));
        let line = move || block.with(|b| b.as_ref().map_or(0, |b| b.line));
        let sectors = (0..4u64)
            .map(|k| {
                let touched = Memo::new(move |_| block.with(|b| b.as_ref().and_then(|b| b.sectors.get(k as usize).copied().flatten())));
                let sector_index = move || line() * 4 + k;
                let sx = x + k as f64 * sector_w;
                let class = move || {
                    let moved = if touched.with(Option::is_some) { "gx-sector gx-sector--moved" } else { "gx-sector gx-sector--idle" };
                    // The line is read only when a sector is selected: with none, the class
                    // does not re-run when the lines shift under a slider.
                    let picked = selected_sector.get().is_some_and(|s| s == sector_index());
                    format!("{moved}{}", if picked { " gx-sector--selected" } else { "" })
                };
                let label = move || text::sector_title(sector_index(), touched.get().map(|(used, _)| used), lang.get());
                let used = move |(b, n): (u32, u32)| view! {
                    <rect class="gx-sector__used" x=fixed(sx + f64::from(b) / 32.0 * sector_w, 2) y=fixed(y + 3.0, 1)
                        width=fixed(f64::from(n) / 32.0 * sector_w, 2) height=fixed(g::LINE_HEIGHT_PX - 6.0, 1)/>
                };
                view! {
                    <g>
                        <rect class=class x=fixed(sx, 2) y=fixed(y, 1) width=fixed(sector_w, 2) height=fixed(g::LINE_HEIGHT_PX, 1)>
                            <title>{label}</title>
                        </rect>
                        {move || touched.get().map(|(_, mask)| runs(mask)).unwrap_or_default().into_iter().map(used).collect_view()}
                    </g>
                }
            })
            .collect_view();
        view! {
            <g class="gx-line" data-testid="line">
                <text class="gx-mem__label" x=fixed(x, 1) y=fixed(y - 6.0, 1)>
                    {move || { let line = line(); format!("line {line} · 0x{:x}", line * 128) }}
                </text>
                <Show when=move || block.with(|b| b.as_ref().is_some_and(|b| b.gap))>
                    <text class="gx-mem__gap" x=fixed(x - g::LINE_GAP_PX / 2.0, 1) y=fixed(y + g::LINE_HEIGHT_PX / 2.0 + 5.0, 1)>"⋯"</text>
                </Show>
                {sectors}
            </g>
        }
    };

    let wires = (0..32u32)
        .map(|lane| {
            let end = Memo::new(move |_| {
                let ls = lane_info(lane)?;
                let elem_bytes = shown.with(|c| c.as_ref().map_or(0, |c| c.elem_bytes));
                let slot = blocks.with(|b| b.iter().position(|s| s.line == ls.line_index).unwrap_or(0));
                let byte = (ls.address % 128) as f64 + f64::from(elem_bytes) / 2.0;
                let (_, y) = g::line_origin_px(slot);
                Some((g::byte_x_px(slot, byte), y))
            });
            let x1 = g::lane_center_px(lane);
            view! {
                <Show when=move || end.with(Option::is_some)>
                    <line class=move || if selected.get() == Some(lane) { "gx-mem__wire gx-mem__wire--selected" } else { "gx-mem__wire" }
                        x1=fixed(x1, 1) y1=fixed(g::LANE_TOP_PX + g::LANE_HEIGHT_PX, 1)
                        x2=move || fixed(end.get().map_or(0.0, |e| e.0), 1) y2=move || fixed(end.get().map_or(0.0, |e| e.1), 1)/>
                </Show>
            }
        })
        .collect_view();

    let lanes = (0..32u32)
        .map(|lane| {
            let active = Memo::new(move |_| lane_info(lane).is_some());
            let class = move || {
                format!(
                    "gx-lane{}{}",
                    if active.get() {
                        ""
                    } else {
                        " gx-lane--inactive"
                    },
                    if selected.get() == Some(lane) {
                        " gx-lane--selected"
                    } else {
                        ""
                    }
                )
            };
            // One memo for the lane's name and its title: the sentence is formatted once a tick.
            let label = Memo::new(move |_| {
                let lang = lang.get();
                shown.with(|c| {
                    c.as_ref()
                        .map(|c| describe_lane(c, lane, lang))
                        .unwrap_or_default()
                })
            });
            lane_chip(lane, class, label, selected, roving)
        })
        .collect_view();

    view! {
        <g class="gx-mem__wires">{wires}</g>
        <text class="gx-mem__heading" x=fixed(g::MARGIN_PX, 1) y="14">{t(text::LANES_HEADING)}</text>
        <text class="gx-mem__heading" x=fixed(g::MARGIN_PX, 1) y=fixed(g::STRIP_TOP_PX - 34.0, 1)>{t(text::MEMORY_HEADING)}</text>
        {indexed_list(block_count.into(), Arc::new(move |slot| block(slot).into_any()))}
        {lanes}
    }
}

/// No frozen label column: each lane's number is inside its box and each line's label sits on
/// its block, so they scroll with what they name; the headings are sentences wider than a phone
/// and scroll with the figure, so all of each can be read.
fn labels(_: Memo<Option<Coalesced>>) -> impl IntoView {}

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
