//! The serialised-paths timeline: one row per issued instruction, 32 lane columns, active lanes
//! filled (one SVG path per row), reconvergence marked between rows.

use leptos::prelude::*;

use super::state::hex;
use super::text;
use crate::geom::fixed::{fixed, push_fixed};
use crate::geom::legible::row_top_px;
use crate::model::simt::{SimtTrace, StepKind};
use crate::ui::i18n::use_lang;
use crate::ui::shared::scroll_figure::ScrollFigure;

// 150 + 32 × 14 + 150 = 748 units: drawn at scale ≥ 1 (the SVG's `min-width`) in the timeline's
// box on a 1440 desktop and a 853 px projector, so its 12-unit text is ≥ 12 CSS px; a phone
// scrolls the box sideways.
const LABEL_PX: f64 = 150.0;
const COL_PX: f64 = 14.0;
const ROW_PX: f64 = 16.0;
const HEAD_PX: f64 = 18.0;
const RIGHT_PX: f64 = 150.0;
/// The band opened between two rows where the warp reconverges: its dashed line runs across
/// the lanes and its label sits in the mask column, so neither prints over a row.
const REC_GAP_PX: f64 = 16.0;

/// SVG path data of the active lanes of `mask` in a row at `y`: one rectangle per run of set
/// bits, lane 0 on the left.
pub fn row_path(mask: u32, x0: f64, y: f64, col: f64, h: f64) -> String {
    let mut d = String::new();
    let mut lane = 0u32;
    while lane < 32 {
        if mask & (1 << lane) != 0 {
            let start = lane;
            while lane < 32 && mask & (1 << lane) != 0 {
                lane += 1;
            }
            let x = x0 + f64::from(start) * col + 1.0;
            let w = f64::from(lane - start) * col - 2.0;
            // `M{x:.1} {y:.1}h{w:.1}v{h:.1}h{-w:.1}z`, without core::fmt's float path.
            d.push('M');
            push_fixed(&mut d, x, 1);
            d.push(' ');
            push_fixed(&mut d, y, 1);
            d.push('h');
            push_fixed(&mut d, w, 1);
            d.push('v');
            push_fixed(&mut d, h, 1);
            d.push('h');
            push_fixed(&mut d, -w, 1);
            d.push('z');
        } else {
            lane += 1;
        }
    }
    d
}

/// The CSS classes of a row of `kind`.
fn row_class(kind: StepKind) -> &'static str {
    match kind {
        StepKind::Branch => "gx-tl__row gx-tl__row--branch",
        StepKind::LoopHeader => "gx-tl__row gx-tl__row--loop",
        StepKind::Return => "gx-tl__row gx-tl__row--return",
        StepKind::Instruction => "gx-tl__row",
    }
}

/// The timeline of `trace`. With `current` and `on_pick`, the current row is outlined and a
/// click on a row selects its step.
#[component]
pub fn Timeline(
    /// The trace to draw.
    #[prop(into)]
    trace: Signal<SimtTrace>,
    /// The highlighted step.
    #[prop(into, optional)]
    current: Option<Signal<usize>>,
    /// Called with the clicked step.
    #[prop(optional)]
    on_pick: Option<Callback<usize>>,
    /// `data-testid`.
    #[prop(optional)]
    testid: &'static str,
) -> impl IntoView {
    let lang = use_lang();
    // Only a changed trace redraws (the chapter's outputs change at every tick of any input).
    let trace = Memo::new(move |_| trace.get());
    let grid_w = COL_PX * 32.0;
    let width = LABEL_PX + grid_w + RIGHT_PX;
    let gaps = move || {
        trace.with(|t| {
            t.reconvergences
                .iter()
                .map(|r| r.step_index)
                .collect::<Vec<_>>()
        })
    };
    let view_box = move || {
        let rows = trace.with(|t| t.steps.len()).max(1);
        format!(
            "0 0 {width} {:.0}",
            row_top_px(rows, HEAD_PX, ROW_PX, REC_GAP_PX, &gaps()) + 6.0
        )
    };
    let head = (0..32u32)
        .filter(|l| l % 8 == 0 || *l == 31)
        .map(|l| {
            let x = LABEL_PX + (f64::from(l) + 0.5) * COL_PX;
            view! { <text class="gx-tl__head" x=fixed(x, 1) y="13" text-anchor="middle">{l}</text> }
        })
        .collect_view();
    // The rows and reconvergence marks are built once per index (keyed `<For>`) and follow
    // the trace through their attributes: a step or a slider tick rewrites what changed.
    let current = Memo::new(move |_| current.map(|c| c.get()));
    let row_count = Memo::new(move |_| trace.with(|t| t.steps.len()));
    let rec_count = Memo::new(move |_| trace.with(|t| t.reconvergences.len()));
    let gaps = Memo::new(move |_| gaps());
    let row_y = move |i: usize| gaps.with(|g| row_top_px(i, HEAD_PX, ROW_PX, REC_GAP_PX, g));
    // A row's classes: its kind's, and the current row's outline.
    let row_classes = move |i: usize, kind: Option<StepKind>| {
        let kind = row_class(kind.unwrap_or(StepKind::Instruction));
        if current.get() == Some(i) {
            format!("{kind} gx-tl__row--current")
        } else {
            kind.to_string()
        }
    };
    let row = move |i: usize| {
        let step = Memo::new(move |_| trace.with(|t| t.steps.get(i).map(|s| (s.kind, s.mask))));
        let y = Memo::new(move |_| row_y(i));
        let mask = move || step.get().map_or(0, |s| s.1);
        let pick = on_pick;
        view! {
            <g class=move || row_classes(i, step.get().map(|s| s.0)) data-testid="timeline-row"
                on:click=move |_| { if let Some(p) = pick { p.run(i); } }>
                <rect class="gx-tl__bg" x=fixed(LABEL_PX, 1) y=move || fixed(y.get(), 1) width=fixed(grid_w, 1) height=fixed(ROW_PX, 1)/>
                <path class="gx-tl__on" d=move || row_path(mask(), LABEL_PX, y.get() + 1.0, COL_PX, ROW_PX - 2.0)/>
                <text class="gx-tl__mask" x=fixed(LABEL_PX + grid_w + 6.0, 1) y=move || fixed(y.get() + ROW_PX - 4.0, 1)>
                    {move || format!("{} ({})", hex(mask()), mask().count_ones())}
                </text>
            </g>
        }
    };
    let reconv = move |k: usize| {
        let at = Memo::new(move |_| {
            trace.with(|t| t.reconvergences.get(k).map(|r| (r.step_index, r.line)))
        });
        // The band just above the row it reconverges before.
        let band = move || row_y(at.get().map_or(0, |r| r.0)) - REC_GAP_PX;
        let y = move || fixed(band() + REC_GAP_PX / 2.0, 1);
        view! {
            <g class="gx-tl__reconv" data-testid="reconvergence">
                <line x1=fixed(LABEL_PX - 4.0, 1) x2=fixed(LABEL_PX + grid_w + 2.0, 1)
                    y1=y y2=y/>
                <text x=fixed(LABEL_PX + grid_w + 6.0, 1) y=move || fixed(band() + REC_GAP_PX - 3.0, 1)>
                    {move || text::reconverge_mark(at.get().map_or(0, |r| r.1) + 1, lang.get())}
                </text>
            </g>
        }
    };
    let rows = view! {
        <For each=move || 0..row_count.get() key=|i| *i children=row/>
        <For each=move || 0..rec_count.get() key=|k| *k children=reconv/>
    };
    let aria = move || {
        let t = trace.get();
        text::timeline_summary(
            t.steps.len(),
            t.reconvergences.len(),
            t.lane_efficiency(),
            lang.get(),
        )
    };
    // The frozen label column: each row's source line and path, over a mask (rows built once
    // per index, like the timeline's).
    let labels = move || {
        let label_row = move |i: usize| {
            let label = move || {
                let l = lang.get();
                trace.with(|t| {
                    t.steps
                        .get(i)
                        .map(|s| format!("L{} {}", s.line + 1, text::path_label(&s.path, l)))
                        .unwrap_or_default()
                })
            };
            let kind = Memo::new(move |_| trace.with(|t| t.steps.get(i).map(|s| s.kind)));
            view! {
                <g class=move || row_classes(i, kind.get())>
                    <text class="gx-tl__label" x="2" y=move || fixed(row_y(i) + ROW_PX - 4.0, 1)>{label}</text>
                </g>
            }
        };
        view! {
            <rect class="gx-sfig__mask" x="0" y="0" width=fixed(LABEL_PX - 4.0, 1) height="100%"/>
            <For each=move || 0..row_count.get() key=|i| *i children=label_row/>
        }
    };
    let height = Signal::derive(move || {
        let rows = trace.with(|t| t.steps.len()).max(1);
        (row_top_px(rows, HEAD_PX, ROW_PX, REC_GAP_PX, &gaps.get()) + 6.0).round()
    });
    view! {
        <ScrollFigure label=text::TIMELINE width_px=width label_px=LABEL_PX height_px=height class="gx-tl" labels=labels>
            <svg class="gx-tl" class:gx-tl--pick=on_pick.is_some() viewBox=view_box
                role="img" aria-label=aria data-testid=testid>
                {head}
                {rows}
            </svg>
        </ScrollFigure>
    }
}

#[cfg(test)]
mod tests {
    use super::row_path;

    #[test]
    fn row_path_text_is_core_fmt_s() {
        let (x0, y, col, h) = (150.0, 35.0, 14.0, 14.0);
        let d = row_path(0b1011, x0, y, col, h);
        let w1 = 2.0 * col - 2.0;
        let w2 = col - 2.0;
        assert_eq!(
            d,
            format!(
                "M{:.1} {y:.1}h{w1:.1}v{h:.1}h{:.1}zM{:.1} {y:.1}h{w2:.1}v{h:.1}h{:.1}z",
                x0 + 1.0,
                -w1,
                x0 + 3.0 * col + 1.0,
                -w2
            )
        );
    }

    #[test]
    fn row_path_has_one_rectangle_per_run() {
        assert_eq!(row_path(0, 0.0, 0.0, 10.0, 8.0), "");
        assert_eq!(
            row_path(0x5555_5555, 0.0, 0.0, 10.0, 8.0)
                .matches('M')
                .count(),
            16
        );
        assert_eq!(
            row_path(u32::MAX, 0.0, 0.0, 10.0, 8.0).matches('M').count(),
            1
        );
        assert_eq!(
            row_path(0x8000_0001, 0.0, 0.0, 10.0, 8.0)
                .matches('M')
                .count(),
            2
        );
    }
}
