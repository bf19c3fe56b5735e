//! The figure: 32 lanes coloured by phase above a grid of 32 bank columns × the 128-byte rows of
//! 4-byte words the warp touches; below it, how many distinct words each bank delivers to each
//! phase (the largest is that phase's wavefronts).

use leptos::prelude::*;

use super::state::{BankState, Banked};
use super::text;
use crate::geom::warp_memory as g;
use crate::model::bank_conflicts::BankReport;
use crate::model::bank_conflicts::BANKS;
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shared::access::figure::AccessFigure;
use crate::ui::shared::roving::Roving;

fn state() -> BankState {
    expect_context::<BankState>()
}

/// Height of one per-phase count row under the grid.
const COUNT_ROW_PX: f64 = 20.0;

fn phase_class(phase: u32) -> &'static str {
    match phase % 4 {
        0 => "gx-phase-0",
        1 => "gx-phase-1",
        2 => "gx-phase-2",
        _ => "gx-phase-3",
    }
}

/// The rows (word / 32) the warp touches, ascending.
fn rows(b: &Banked) -> Vec<u32> {
    let mut rows: Vec<u32> = b
        .result
        .lanes
        .iter()
        .flatten()
        .flat_map(|l| (0..l.word_count).map(move |i| (l.first_word + i) / BANKS))
        .collect();
    rows.sort_unstable();
    rows.dedup();
    rows
}

/// What one lane does, in words.
pub fn describe_lane(b: &Banked, lane: u32, lang: Lang) -> String {
    let Some(Some(l)) = b.result.lanes.get(lane as usize) else {
        return text::lane_inactive(lane, lang);
    };
    let index = b.indices.get(lane as usize).copied().flatten().unwrap_or(0);
    let slot = b.result.schedule_slot(lane).map_or(0, |s| s + 1);
    text::lane_banks(lane, index, (b.offset_bytes, b.elem_bytes), l, slot, lang)
}

fn draw(b: Banked) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let selected = st.selected_lane;
    let roving = expect_context::<Roving>();
    let rows = rows(&b);
    let bw = g::bank_width_px();

    let header = (0..BANKS)
        .map(|bank| view! {
            <text class="gx-bank__head" x=format!("{:.1}", g::bank_x_px(bank) + bw / 2.0) y=format!("{:.1}", g::BANK_GRID_TOP_PX - 6.0)>{bank.to_string()}</text>
        })
        .collect_view();

    let grid = rows
        .iter()
        .enumerate()
        .map(|(slot, &row)| {
            let y = g::bank_row_y_px(slot);
            let cells = (0..BANKS)
                .map(|bank| {
                    let word = row * BANKS + bank;
                    let lanes: Vec<(u32, u32)> = b
                        .result
                        .lanes
                        .iter()
                        .enumerate()
                        .filter_map(|(lane, l)| {
                            let l = (*l)?;
                            (l.first_word <= word && word < l.first_word + l.word_count).then_some((lane as u32, l.phase))
                        })
                        .collect();
                    let x = g::bank_x_px(bank);
                    let cell = view! { <rect class="gx-bank__cell" x=format!("{x:.1}") y=format!("{y:.1}") width=format!("{bw:.1}") height=format!("{:.1}", g::BANK_ROW_PX)/> };
                    let word_view = lanes.first().copied().map(|(first_lane, phase)| {
                        let n = lanes.len();
                        let lane_set: Vec<u32> = lanes.iter().map(|(l, _)| *l).collect();
                        let label = if n == 1 { first_lane.to_string() } else { format!("×{n}") };
                        let lane_list = lane_set.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(", ");
                        let title = move || text::word_title(word, bank, &lane_list, lang.get());
                        view! {
                            <g>
                                <rect class=format!("gx-bank__word {}", phase_class(phase))
                                    class:gx-bank__word--selected=move || selected.get().is_some_and(|s| lane_set.contains(&s))
                                    x=format!("{:.1}", x + 1.0) y=format!("{:.1}", y + 1.0) width=format!("{:.1}", bw - 2.0) height=format!("{:.1}", g::BANK_ROW_PX - 2.0) rx="2">
                                    <title>{title}</title>
                                </rect>
                                <text class="gx-bank__word-text" x=format!("{:.1}", x + bw / 2.0) y=format!("{:.1}", y + 16.0)>{label}</text>
                            </g>
                        }
                    });
                    view! { {cell}{word_view} }
                })
                .collect_view();
            view! {
                <g data-testid="bank-row">
                    {cells}
                </g>
            }
        })
        .collect_view();

    let counts_top = g::bank_row_y_px(rows.len()) + 26.0;
    let counts = b
        .result
        .phases
        .iter()
        .enumerate()
        .map(|(p, phase)| {
            let y = counts_top + p as f64 * COUNT_ROW_PX;
            let nums = phase
                .words_by_bank
                .iter()
                .enumerate()
                .map(|(bank, words)| {
                    let n = words.len() as u32;
                    let hot = n > 0 && n == phase.wavefronts && phase.wavefronts > 1;
                    view! {
                        <text class="gx-bank__count" class:gx-bank__count--max=hot
                            x=format!("{:.1}", g::bank_x_px(bank as u32) + bw / 2.0) y=format!("{:.1}", y + 14.0)>
                            {if n == 0 { "·".to_string() } else { n.to_string() }}
                        </text>
                    }
                })
                .collect_view();
            view! {
                <g>
                    {nums}
                </g>
            }
        })
        .collect_view();

    let lanes = (0..32u32)
        .map(|lane| {
            let info = b.result.lanes.get(lane as usize).copied().flatten();
            let class = match info {
                Some(l) => format!("gx-lane {}", phase_class(l.phase)),
                None => "gx-lane gx-lane--inactive".to_string(),
            };
            let b2 = b.clone();
            let label = move || describe_lane(&b2, lane, lang.get());
            let title = label.clone();
            let x = g::lane_x_px(lane);
            view! {
                <g class=class class:gx-lane--selected=move || selected.get() == Some(lane)
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
        <text class="gx-mem__heading" x=format!("{:.1}", g::MARGIN_PX) y="14">{t(text::LANES_HEADING)}</text>
        <text class="gx-mem__heading" x=format!("{:.1}", g::MARGIN_PX) y=format!("{:.1}", g::BANK_HEADER_TOP_PX - 16.0)>{t(text::BANKS_HEADING)}</text>
        {header}
        {grid}
        <text class="gx-mem__heading" x=format!("{:.1}", g::MARGIN_PX) y=format!("{:.1}", counts_top - 4.0)>{t(text::COUNTS_HEADING)}</text>
        {counts}
        {lanes}
    }
}

/// The frozen label column: the word-row labels and the phases' swatches and wavefront counts,
/// over masks behind those rows (the headings are sentences wider than a phone: they stay in
/// the figure and scroll with it, so all of each can be read).
fn labels(b: Banked) -> impl IntoView {
    let lang = use_lang();
    let rows = rows(&b);
    let counts_top = g::bank_row_y_px(rows.len()) + 26.0;
    let mask_top = g::BANK_GRID_TOP_PX - 20.0;
    let grid_bottom = g::bank_row_y_px(rows.len()) + 4.0;
    let row_labels = rows
        .iter()
        .enumerate()
        .map(|(slot, &row)| {
            let y = g::bank_row_y_px(slot);
            let gap = slot > 0 && rows.get(slot - 1).is_some_and(|&p| p + 1 != row);
            view! {
                <text class="gx-mem__label" x=format!("{:.1}", g::MARGIN_PX) y=format!("{:.1}", y + 16.0)>
                    {format!("{}{}", if gap { "⋯ " } else { "" }, text::row_label(row, lang.get()))}
                </text>
            }
        })
        .collect_view();
    let phases = b
        .result
        .phases
        .iter()
        .enumerate()
        .map(|(p, phase)| {
            let y = counts_top + p as f64 * COUNT_ROW_PX;
            let last = phase.first_lane + phase.lane_count - 1;
            view! {
                <rect class=format!("gx-bank__swatch {}", phase_class(p as u32)) x=format!("{:.1}", g::MARGIN_PX) y=format!("{:.1}", y + 4.0) width="10" height="10"/>
                <text class="gx-mem__label" x=format!("{:.1}", g::MARGIN_PX + 14.0) y=format!("{:.1}", y + 14.0)>
                    {format!("{}–{}: {}", phase.first_lane, last, phase.wavefronts)}
                </text>
            }
        })
        .collect_view();
    view! {
        <rect class="gx-sfig__mask" x="0" y=format!("{mask_top:.1}") width=format!("{:.1}", g::BANK_LABEL_PX - 2.0) height=format!("{:.1}", grid_bottom - mask_top)/>
        <rect class="gx-sfig__mask" x="0" y=format!("{counts_top:.1}") width=format!("{:.1}", g::BANK_LABEL_PX - 2.0) height="100%"/>
        <text class="gx-mem__label" x=format!("{:.1}", g::MARGIN_PX) y=format!("{:.1}", g::BANK_GRID_TOP_PX - 6.0)>"bank →"</text>
        {row_labels}
        {phases}
    }
}

/// Height of the figure for a pattern.
fn height_px(b: Option<&Banked>) -> f64 {
    b.map_or(200.0, |b| {
        g::bank_row_y_px(rows(b).len()) + 26.0 + b.result.phases.len() as f64 * COUNT_ROW_PX + 10.0
    })
}

/// The bank-conflict figure.
#[component]
pub fn Figure() -> impl IntoView {
    view! {
        <AccessFigure<BankReport, _, _> label=text::FIGURE_LABEL select_lane=text::SELECT_LANE
            height_px=height_px draw=draw labels=labels label_px=g::BANK_LABEL_PX describe=describe_lane>
            <li><span class="gx-legend__mark gx-legend__mark--square gx-phase-0"></span>"phase 0"</li>
            <li><span class="gx-legend__mark gx-legend__mark--square gx-phase-1"></span>"phase 1"</li>
            <li><span class="gx-legend__mark gx-legend__mark--square gx-phase-2"></span>"phase 2"</li>
            <li><span class="gx-legend__mark gx-legend__mark--square gx-phase-3"></span>"phase 3"</li>
            <li>{t(text::LEGEND_SHARED)}</li>
            <li>{t(text::LEGEND_BUSIEST)}</li>
        </AccessFigure<BankReport, _, _>>
    }
}
