//! The warp scheduling chapter's figure (issue-slot timeline) and controls.

use leptos::prelude::*;

use crate::ui::shell::range_slider;

use super::state::{limits, SchedulingState, STRIDE};
use super::text;
use crate::geom::legible::label_every;
use crate::model::scheduler::{latency_presets, WarpState};
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::scroll_figure::ScrollFigure;
use crate::ui::widgets::StepPlayer;

pub(super) fn state() -> SchedulingState {
    expect_context::<SchedulingState>()
}

const LABEL_PX: f64 = 44.0;
/// 44 + 740 + 14 = 798 view-box units: the figure's width on a 1280×720 projector at 150 %
/// (853 CSS px less the page's and the figure's padding), drawn at scale ≥ 1 (the SVG's
/// `min-width`), so 12-unit labels are ≥ 12 CSS px; narrower screens scroll the figure.
const PLOT_W_PX: f64 = 740.0;
/// Label size in view-box units (= CSS px at scale 1).
const LABEL_FONT_PX: f64 = 12.0;
/// Height of one warp's row: taller when there are few warps (64 warps need 8 px rows to fit).
fn row_px(rows: usize) -> f64 {
    match rows {
        0..=16 => 16.0,
        17..=32 => 11.0,
        _ => 8.0,
    }
}
const HEAD_PX: f64 = 18.0;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Band {
    Load,
    Compute,
    Wait,
    Ready,
}

fn band(s: WarpState) -> Band {
    match s {
        WarpState::IssuedLoad => Band::Load,
        WarpState::IssuedCompute => Band::Compute,
        WarpState::WaitingMemory { .. } => Band::Wait,
        WarpState::Ready => Band::Ready,
    }
}

/// SVG path data of the cycles of `row` in band `b`: one rectangle per run.
fn runs_path(row: &[Band], b: Band, y: f64, cell: f64, row_h: f64) -> String {
    let mut d = String::new();
    let mut c = 0;
    while c < row.len() {
        if row[c] == b {
            let start = c;
            while c < row.len() && row[c] == b {
                c += 1;
            }
            let x = LABEL_PX + start as f64 * cell;
            let w = (c - start) as f64 * cell;
            d.push_str(&format!(
                "M{x:.2} {y:.1}h{w:.2}v{:.1}h{:.2}z",
                row_h - 1.5,
                -w
            ));
        } else {
            c += 1;
        }
    }
    d
}

/// One row per resident warp (grouped by scheduler), one column per cycle.
#[component]
pub fn Figure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let rows = Memo::new(move |_| {
        st.outputs.with(|o| {
            let w = o.config.resident_warps;
            let cycles = o.trace.cycles();
            // Scheduler-major order: scheduler 0's warps first.
            let mut order: Vec<u32> = (0..w).collect();
            crate::model::sort_short_by(&mut order, |a, b| (a % 4, a / 4) < (b % 4, b / 4));
            order
                .into_iter()
                .map(|warp| {
                    let row: Vec<Band> = (0..cycles)
                        .map(|c| o.trace.state(c, warp).map_or(Band::Ready, band))
                        .collect();
                    (warp, row)
                })
                .collect::<Vec<_>>()
        })
    });
    let height = move || {
        let n = rows.with(|r| r.len());
        HEAD_PX + n as f64 * row_px(n) + 4.0
    };
    let body = move || {
        let cycles = st.outputs.with(|o| o.trace.cycles()).max(1);
        let cell = PLOT_W_PX / f64::from(cycles);
        let mut prev_sched = u32::MAX;
        let rows = rows.get();
        let row_h = row_px(rows.len());
        rows.into_iter()
            .enumerate()
            .map(|(i, (warp, row))| {
                let y = HEAD_PX + i as f64 * row_h;
                let sched = warp % 4;
                let first = sched != prev_sched;
                prev_sched = sched;
                view! {
                    <g class="gx-sched__row" data-testid="warp-row">
                        {crate::ui::widgets::svg_title(format!("warp {warp} · scheduler {sched}"))}
                        {first.then(|| view! {
                            <line class="gx-sched__split" x1="0" x2=format!("{:.0}", LABEL_PX + PLOT_W_PX) y1=format!("{:.1}", y - 0.5) y2=format!("{:.1}", y - 0.5)/>
                        })}
                        <rect class="gx-sched__ready" x=format!("{LABEL_PX:.1}") y=format!("{y:.1}") width=format!("{PLOT_W_PX:.1}") height=format!("{:.1}", row_h - 1.5)/>
                        <path class="gx-sched__wait" d=runs_path(&row, Band::Wait, y, cell, row_h)/>
                        <path class="gx-sched__compute" d=runs_path(&row, Band::Compute, y, cell, row_h)/>
                        <path class="gx-sched__load" d=runs_path(&row, Band::Load, y, cell, row_h)/>
                    </g>
                }
            })
            .collect_view()
    };
    // The frozen label column: scheduler names and warp numbers, over a mask below the ticks.
    let labels = move || {
        let head_h = height() - 15.0;
        let names = rows.with(|rows| {
            let row_h = row_px(rows.len());
            // Every row at 16 units, every other row at 11 and 8 (labels ≥ 14 units apart).
            let every = label_every(row_h, LABEL_FONT_PX);
            let mut prev_sched = u32::MAX;
            let mut in_group = 0usize;
            rows.iter()
                .enumerate()
                .map(|(i, (warp, _))| {
                    let warp = *warp;
                    let y = HEAD_PX + i as f64 * row_h;
                    let sched = warp % 4;
                    let first = sched != prev_sched;
                    prev_sched = sched;
                    // Rows counted within the scheduler's group, so each group's first warp is named.
                    in_group = if first { 0 } else { in_group + 1 };
                    let named = in_group.is_multiple_of(every);
                    let base = y + row_h / 2.0 + LABEL_FONT_PX * 0.35;
                    view! {
                        {first.then(|| view! {
                            <line class="gx-sched__split" x1="0" x2=format!("{LABEL_PX:.0}") y1=format!("{:.1}", y - 0.5) y2=format!("{:.1}", y - 0.5)/>
                            <text class="gx-sched__label" x="2" y=format!("{base:.1}")>{format!("S{sched}")}</text>
                        })}
                        {named.then(|| view! {
                            <text class="gx-sched__warp" x=format!("{:.1}", LABEL_PX - 3.0) y=format!("{base:.1}") text-anchor="end">{warp}</text>
                        })}
                    }
                })
                .collect_view()
        });
        view! {
            <rect class="gx-sfig__mask" x="0" y="15" width=format!("{LABEL_PX:.1}") height=format!("{head_h:.1}")/>
            {names}
        }
    };
    let ticks = move || {
        let cycles = st.outputs.with(|o| o.trace.cycles()).max(1);
        let step = if cycles > 1000 {
            200
        } else if cycles > 400 {
            100
        } else if cycles > 200 {
            50
        } else if cycles > 80 {
            20
        } else {
            10
        };
        (0..=cycles)
            .step_by(step as usize)
            .map(|c| {
                let x = LABEL_PX + f64::from(c) * PLOT_W_PX / f64::from(cycles);
                view! { <text class="gx-sched__tick" x=format!("{x:.1}") y="13" text-anchor="middle">{c}</text> }
            })
            .collect_view()
    };
    let aria = move || {
        let o = st.outputs.get();
        text::utilisation_summary(
            o.config.resident_warps,
            o.trace.cycles(),
            o.trace.issued_instructions(),
            o.trace.cycles() * 4,
            crate::ui::format::percent(o.trace.utilisation()),
            lang.get(),
        )
    };
    let last = Signal::derive(move || st.last_cycle());
    let cursor = Memo::new(move |_| st.cursor());
    let cursor_line = move || {
        let cycles = st.outputs.with(|o| o.trace.cycles()).max(1);
        let x = LABEL_PX + (f64::from(cursor.get()) + 0.5) * PLOT_W_PX / f64::from(cycles);
        view! {
            <line class="gx-sched__cursor" x1=format!("{x:.1}") x2=format!("{x:.1}") y1="15" y2=format!("{:.0}", height())/>
        }
    };
    let readout = move || {
        let c = cursor.get();
        let l = lang.get();
        st.outputs.with(|o| {
            let issue = o.trace.issue.get(c as usize).copied().unwrap_or([None; 4]);
            let parts: Vec<String> = (0..4u32)
                .map(|s| {
                    let (mut ready, mut waiting) = (0, 0);
                    for w in (s..o.config.resident_warps).step_by(4) {
                        match o.trace.state(c, w) {
                            Some(WarpState::Ready) => ready += 1,
                            Some(WarpState::WaitingMemory { .. }) => waiting += 1,
                            _ => {}
                        }
                    }
                    let what = text::slot(issue[s as usize], l);
                    text::scheduler_state(s, what, ready, waiting, l)
                })
                .collect();
            let head = text::cycle_head(c, l);
            view! { <p class="gx-stepinfo" data-testid="cycle-info" data-substep="" aria-live="polite">{head}{parts.join(" · ")}</p> }
        })
    };
    view! {
        <figure class="gx-figure gx-sched" data-testid="figure">
            <h2 class="gx-simt__heading">{t(text::TIMELINE)}</h2>
            <ScrollFigure label=text::TIMELINE width_px=LABEL_PX + PLOT_W_PX + 14.0 label_px=LABEL_PX
                height_px=Signal::derive(move || height().round()) class="gx-sched__svg" labels=labels>
                <svg class="gx-sched__svg" viewBox=move || format!("0 0 {} {:.0}", LABEL_PX + PLOT_W_PX + 14.0, height())
                    role="img" aria-label=aria data-testid="sched-timeline">
                    {ticks}
                    {body}
                    {cursor_line}
                </svg>
            </ScrollFigure>
            <StepPlayer step=Signal::derive(move || cursor.get()) on_step=Callback::new(move |s| st.set_cursor(s)) playing=st.playing last=last stride=STRIDE interval_ms=80
                label=text::STEP_THROUGH_THE_CYCLES/>
            {readout}
            <p class="gx-stepinfo" data-testid="timeline-util">{move || {
                let o = st.outputs.get();
                text::issue_slots_used(o.trace.cycles(), o.trace.issued_instructions(), crate::ui::format::percent(o.trace.utilisation()), lang.get())
            }}</p>
            <figcaption>
                <ul class="gx-legend">
                    <li><span class="gx-legend__mark gx-sched-mark--compute"></span>{t(text::ISSUING_AN_INSTRUCTION)}</li>
                    <li><span class="gx-legend__mark gx-sched-mark--load"></span>{t(text::ISSUING_A_LOAD)}</li>
                    <li><span class="gx-legend__mark gx-sched-mark--ready"></span>{t(text::READY_NOT_PICKED)}</li>
                    <li><span class="gx-legend__mark gx-sched-mark--wait"></span>{t(text::WAITING_FOR_MEMORY)}</li>
                    <li>{t(text::S0_S3_THE_FOUR)}</li>
                </ul>
            </figcaption>
        </figure>
    }
}

/// The controls: latency preset and L, k, W, ILP, cycles drawn.
#[component]
pub fn Controls() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let presets = latency_presets();
    let ids: Vec<(&'static str, u32)> = presets.iter().map(|p| (p.id, p.latency_cycles)).collect();
    // Every model preset has a variant (tested in `text`), so none is left out.
    let named: Vec<(text::LatencyPreset, u32)> = presets
        .iter()
        .filter_map(|p| Some((text::LatencyPreset::from_id(p.id)?, p.latency_cycles)))
        .collect();
    let ids2 = ids.clone();
    view! {
        <aside class="gx-controls" aria-label=move || crate::ui::text::CONTROLS.get(lang.get())>
            <label class="gx-field">
                <span class="gx-field__label">{t(text::LATENCY_PRESET)}</span>
                <select class="gx-select" data-testid="select-latency" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some((_, l)) = ids2.iter().find(|(id, _)| *id == v) {
                        let l = *l;
                        st.inputs.update(|i| i.l = l);
                    }
                }>
                    <option value="custom" selected=move || { let l = st.inputs.with(|i| i.l); !ids.iter().any(|(_, c)| *c == l) }>
                        {t(text::CUSTOM_LATENCY)}
                    </option>
                    {named.into_iter().map(|(p, l)| {
                        view! { <option value=p.id() selected=move || st.inputs.with(|i| i.l == l)>{t(text::latency_preset(p))}</option> }
                    }).collect_view()}
                </select>
            </label>
            {range_slider(st.inputs, text::L, limits::L, |i| i.l, |i, v| i.l = v, "slider-l")}
            {range_slider(st.inputs, text::K, limits::K, |i| i.k, |i, v| i.k = v, "slider-k")}
            {range_slider(st.inputs, text::W, limits::W, |i| i.w, |i, v| i.w = v, "slider-w")}
            {range_slider(st.inputs, text::ILP, limits::ILP, |i| i.ilp, |i, v| i.ilp = v, "slider-ilp")}
            {range_slider(st.inputs, text::CYCLES, limits::CYCLES, |i| i.cycles, |i, v| i.cycles = v, "slider-cycles")}
        </aside>
    }
}
