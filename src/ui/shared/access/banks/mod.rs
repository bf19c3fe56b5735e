//! The bank-conflict figure: 32 lanes coloured by phase above a grid of 32 bank columns × the
//! 128-byte rows of 4-byte words the warp touches; below it, how many distinct words each bank
//! delivers to each phase (the largest is that phase's wavefronts). Drawn by the bank-conflict
//! chapter and by the kernel lab, each from an [`AccessState`] of [`BankReport`] it provides.

use leptos::prelude::*;

pub mod text;

use super::state::{AccessState, Shown};
use super::{AccessChapter, AccessInputs};
use crate::geom::fixed::fixed;
use crate::geom::warp_memory as g;
use crate::model::access::{smem_access_from_fn, AccessError, Preset, BANK_PRESETS};
use crate::model::bank_conflicts::{bank_conflicts, BankReport, BANKS};
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shared::access::figure::{lane_chip, AccessFigure};
use crate::ui::shared::roving::Roving;
use crate::ui::widgets::{indexed_list, keyed_list};
use std::sync::Arc;

/// A pattern the model accepted.
pub type Banked = Shown<BankReport>;
/// The figure's reactive state.
pub type BankState = AccessState<BankReport>;

fn state() -> BankState {
    expect_context::<BankState>()
}

/// The bank-conflict model of an access: 32 lane addresses → banks, phases, wavefronts.
pub fn model(
    inputs: &AccessInputs,
    indices: &[Option<i64>; 32],
) -> Result<BankReport, AccessError> {
    let access = smem_access_from_fn(0, inputs.offset as i64, inputs.elem, |lane| {
        indices.get(lane as usize).copied().flatten()
    })?;
    bank_conflicts(&access)
}

impl AccessChapter for BankReport {
    const PRESETS: &'static [Preset] = BANK_PRESETS;

    fn model(inputs: &AccessInputs, indices: &[Option<i64>; 32]) -> Result<Self, AccessError> {
        model(inputs, indices)
    }
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
    crate::model::sort_short_by(&mut rows, |a, b| a < b);
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

/// One word of the grid the warp reads: the lanes that read it (ascending) and the phase of the
/// first of them (its colour).
#[derive(Clone, Debug, PartialEq)]
struct Word {
    lanes: Vec<u32>,
    phase: u32,
}

/// One drawn row of the grid: its row number (word / 32), whether rows are skipped before it,
/// and the word in each bank the warp reads.
#[derive(Clone, Debug, PartialEq)]
struct GridRow {
    row: u32,
    gap: bool,
    words: Vec<Option<Word>>,
}

/// The grid rows of a pattern, top to bottom (the rows of [`rows`]).
fn grid(b: &Banked) -> Vec<GridRow> {
    let rows = rows(b);
    let mut out: Vec<GridRow> = rows
        .iter()
        .enumerate()
        .map(|(slot, &row)| GridRow {
            row,
            gap: slot > 0 && rows.get(slot - 1).is_some_and(|&p| p + 1 != row),
            words: vec![None; BANKS as usize],
        })
        .collect();
    for (lane, l) in b.result.lanes.iter().enumerate() {
        let Some(l) = l else { continue };
        for word in l.first_word..l.first_word + l.word_count {
            let Ok(slot) = rows.binary_search(&(word / BANKS)) else {
                continue;
            };
            if let Some(cell) = out
                .get_mut(slot)
                .and_then(|r| r.words.get_mut((word % BANKS) as usize))
            {
                cell.get_or_insert_with(|| Word {
                    lanes: Vec::new(),
                    phase: l.phase,
                })
                .lanes
                .push(lane as u32);
            }
        }
    }
    out
}

/// Per phase: the words each bank delivers and whether that bank sets the phase's wavefronts.
#[derive(Clone, Debug, PartialEq)]
struct PhaseCounts {
    first_lane: u32,
    last_lane: u32,
    wavefronts: u32,
    by_bank: Vec<(u32, bool)>,
}

fn phase_counts(b: &Banked) -> Vec<PhaseCounts> {
    b.result
        .phases
        .iter()
        .map(|phase| PhaseCounts {
            first_lane: phase.first_lane,
            last_lane: phase.first_lane + phase.lane_count - 1,
            wavefronts: phase.wavefronts,
            by_bank: phase
                .words_by_bank
                .iter()
                .map(|words| {
                    let n = words.len() as u32;
                    (n, n > 0 && n == phase.wavefronts && phase.wavefronts > 1)
                })
                .collect(),
        })
        .collect()
}

/// Top of the per-phase counts under a grid of `rows` rows.
fn counts_top_px(rows: usize) -> f64 {
    g::bank_row_y_px(rows) + 26.0
}

/// The drawing, built once: the grid's rows and the phases' count rows are keyed by their
/// position, each cell's word, colour, title and highlight follow the memos of what it shows, so
/// a slider tick writes only what changed.
fn draw(shown: Memo<Option<Banked>>) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let selected = st.selected_lane;
    let roving = expect_context::<Roving>();
    let bw = g::bank_width_px();
    let grid = Memo::new(move |_| shown.with(|b| b.as_ref().map(grid).unwrap_or_default()));
    let row_count = Memo::new(move |_| grid.with(Vec::len));
    let counts =
        Memo::new(move |_| shown.with(|b| b.as_ref().map(phase_counts).unwrap_or_default()));
    let phase_count = Memo::new(move |_| counts.with(Vec::len));
    let counts_top = Memo::new(move |_| counts_top_px(row_count.get()));

    let header = (0..BANKS)
        .map(|bank| view! {
            <text class="gx-bank__head" x=fixed(g::bank_x_px(bank) + bw / 2.0, 1) y=fixed(g::BANK_GRID_TOP_PX - 6.0, 1)>{bank.to_string()}</text>
        })
        .collect_view();

    // A grid row: its 32 bank cells, then the words the warp reads in it, keyed by bank (a
    // `<Show>` per cell woke 32 effects per row, 32 rows: 1,024, at every slider tick); each
    // word's colour, title and label follow the row.
    let grid_row = move |slot: usize| {
        let row = Memo::new(move |_| grid.with(|g| g.get(slot).cloned()));
        let present = Memo::new(move |_| {
            row.with(|r| {
                r.as_ref()
                    .map(|r| {
                        (0..BANKS)
                            .filter(|&bank| r.words.get(bank as usize).is_some_and(Option::is_some))
                            .collect::<Vec<u32>>()
                    })
                    .unwrap_or_default()
            })
        });
        let y = g::bank_row_y_px(slot);
        let cells = (0..BANKS)
            .map(|bank| {
                let x = g::bank_x_px(bank);
                view! {
                    <rect class="gx-bank__cell" x=fixed(x, 1) y=fixed(y, 1) width=fixed(bw, 1) height=fixed(g::BANK_ROW_PX, 1)/>
                }
            })
            .collect_view();
        let word_view = move |bank: u32| {
            let word = move |f: &dyn Fn(u32, &Word) -> String| {
                row.with(|r| {
                    r.as_ref()
                        .and_then(|r| {
                            Some(f(
                                r.row * BANKS + bank,
                                r.words.get(bank as usize)?.as_ref()?,
                            ))
                        })
                        .unwrap_or_default()
                })
            };
            let x = g::bank_x_px(bank);
            let class = move || {
                let sel = selected.get();
                word(&|_, w| {
                    let picked = sel.is_some_and(|s| w.lanes.contains(&s));
                    format!(
                        "gx-bank__word {}{}",
                        phase_class(w.phase),
                        if picked {
                            " gx-bank__word--selected"
                        } else {
                            ""
                        }
                    )
                })
            };
            let title = move || {
                let lang = lang.get();
                word(&|word, w| {
                    let lane_list = w
                        .lanes
                        .iter()
                        .map(|l| l.to_string())
                        .collect::<Vec<_>>()
                        .join(", ");
                    text::word_title(word, bank, &lane_list, lang)
                })
            };
            let label = move || {
                word(&|_, w| match w.lanes.as_slice() {
                    [one] => one.to_string(),
                    lanes => format!("×{}", lanes.len()),
                })
            };
            view! {
                <g>
                    <rect class=class x=fixed(x + 1.0, 1) y=fixed(y + 1.0, 1) width=fixed(bw - 2.0, 1) height=fixed(g::BANK_ROW_PX - 2.0, 1) rx="2">
                        <title>{title}</title>
                    </rect>
                    <text class="gx-bank__word-text" x=fixed(x + bw / 2.0, 1) y=fixed(y + 16.0, 1)>{label}</text>
                </g>
            }
        };
        view! {
            <g data-testid="bank-row">
                {cells}
                {keyed_list(present.into(), Arc::new(move |bank| word_view(bank).into_any()))}
            </g>
        }
    };

    // A phase's counts under the grid, one render effect for its 32 banks.
    let count_row = move |p: usize| {
        let phase = Memo::new(move |_| {
            counts.with(|c| c.get(p).map(|c| c.by_bank.clone()).unwrap_or_default())
        });
        let nums = move || {
            let y = fixed(counts_top.get() + p as f64 * COUNT_ROW_PX + 14.0, 1);
            phase.with(|c| {
                c.iter()
                    .enumerate()
                    .map(|(bank, &(n, max))| {
                        view! {
                            <text class="gx-bank__count" class:gx-bank__count--max=max
                                x=fixed(g::bank_x_px(bank as u32) + bw / 2.0, 1) y=y.clone()>
                                {match n { 0 => "·".to_string(), n => n.to_string() }}
                            </text>
                        }
                    })
                    .collect_view()
            })
        };
        view! {
            <g>
                {nums}
            </g>
        }
    };

    let lanes = (0..32u32)
        .map(|lane| {
            let info = Memo::new(move |_| {
                shown.with(|b| {
                    b.as_ref()
                        .and_then(|b| b.result.lanes.get(lane as usize).copied().flatten())
                })
            });
            let class = move || {
                let picked = if selected.get() == Some(lane) {
                    " gx-lane--selected"
                } else {
                    ""
                };
                match info.get() {
                    Some(l) => format!("gx-lane {}{picked}", phase_class(l.phase)),
                    None => format!("gx-lane gx-lane--inactive{picked}"),
                }
            };
            // One memo for the lane's name and its title: the sentence is formatted once a tick.
            let label = Memo::new(move |_| {
                let lang = lang.get();
                shown.with(|b| {
                    b.as_ref()
                        .map(|b| describe_lane(b, lane, lang))
                        .unwrap_or_default()
                })
            });
            lane_chip(lane, class, label, selected, roving)
        })
        .collect_view();

    view! {
        <text class="gx-mem__heading" x=fixed(g::MARGIN_PX, 1) y="14">{t(text::LANES_HEADING)}</text>
        <text class="gx-mem__heading" x=fixed(g::MARGIN_PX, 1) y=fixed(g::BANK_HEADER_TOP_PX - 16.0, 1)>{t(text::BANKS_HEADING)}</text>
        {header}
        {indexed_list(row_count.into(), Arc::new(move |slot| grid_row(slot).into_any()))}
        <text class="gx-mem__heading" x=fixed(g::MARGIN_PX, 1) y=move || fixed(counts_top.get() - 4.0, 1)>{t(text::COUNTS_HEADING)}</text>
        {indexed_list(phase_count.into(), Arc::new(move |p| count_row(p).into_any()))}
        {lanes}
    }
}

/// The frozen label column: the word-row labels and the phases' swatches and wavefront counts,
/// over masks behind those rows (the headings are sentences wider than a phone: they stay in
/// the figure and scroll with it, so all of each can be read). Built once, like [`draw`].
fn labels(shown: Memo<Option<Banked>>) -> impl IntoView {
    let lang = use_lang();
    let rows = Memo::new(move |_| {
        shown.with(|b| {
            let rows = b.as_ref().map(rows).unwrap_or_default();
            rows.iter()
                .enumerate()
                .map(|(slot, &row)| {
                    (
                        row,
                        slot > 0 && rows.get(slot - 1).is_some_and(|&p| p + 1 != row),
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    let row_count = Memo::new(move |_| rows.with(Vec::len));
    let counts_top = Memo::new(move |_| counts_top_px(row_count.get()));
    let phases =
        Memo::new(move |_| shown.with(|b| b.as_ref().map(phase_counts).unwrap_or_default()));
    let phase_count = Memo::new(move |_| phases.with(Vec::len));
    let mask_top = g::BANK_GRID_TOP_PX - 20.0;
    let grid_bottom = move || g::bank_row_y_px(row_count.get()) + 4.0;
    let row_label = move |slot: usize| {
        let y = g::bank_row_y_px(slot);
        let label = move || {
            let lang = lang.get();
            rows.with(|r| {
                r.get(slot).map(|&(row, gap)| {
                    format!(
                        "{}{}",
                        if gap { "⋯ " } else { "" },
                        text::row_label(row, lang)
                    )
                })
            })
            .unwrap_or_default()
        };
        view! {
            <text class="gx-mem__label" x=fixed(g::MARGIN_PX, 1) y=fixed(y + 16.0, 1)>{label}</text>
        }
    };
    let phase_label = move |p: usize| {
        let y = move || counts_top.get() + p as f64 * COUNT_ROW_PX;
        let label = move || {
            phases
                .with(|c| {
                    c.get(p)
                        .map(|c| format!("{}–{}: {}", c.first_lane, c.last_lane, c.wavefronts))
                })
                .unwrap_or_default()
        };
        view! {
            <rect class=format!("gx-bank__swatch {}", phase_class(p as u32)) x=fixed(g::MARGIN_PX, 1) y=move || fixed(y() + 4.0, 1) width="10" height="10"/>
            <text class="gx-mem__label" x=fixed(g::MARGIN_PX + 14.0, 1) y=move || fixed(y() + 14.0, 1)>{label}</text>
        }
    };
    view! {
        <rect class="gx-sfig__mask" x="0" y=fixed(mask_top, 1) width=fixed(g::BANK_LABEL_PX - 2.0, 1) height=move || fixed(grid_bottom() - mask_top, 1)/>
        // The counts' rows and no further: the layer draws outside its box on the classroom's
        // stage (no scroll box there), where a mask to the bottom ("100%" from its top) covered
        // the legend under the figure.
        <rect class="gx-sfig__mask" x="0" y=move || fixed(counts_top.get(), 1) width=fixed(g::BANK_LABEL_PX - 2.0, 1) height=move || fixed(phase_count.get() as f64 * COUNT_ROW_PX, 1)/>
        <text class="gx-mem__label" x=fixed(g::MARGIN_PX, 1) y=fixed(g::BANK_GRID_TOP_PX - 6.0, 1)>"bank →"</text>
        {indexed_list(row_count.into(), Arc::new(move |slot| row_label(slot).into_any()))}
        {indexed_list(phase_count.into(), Arc::new(move |p| phase_label(p).into_any()))}
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
