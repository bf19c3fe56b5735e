//! Sweep graphs: occupancy against threads per block, registers per thread and dynamic shared
//! memory, the current kernel marked. SVG on [`ChartFrame::SWEEP`].

use leptos::prelude::*;

use super::state::{OccState, YAxis};
use super::text;
use crate::geom::chart::ChartFrame;
use crate::geom::fixed::fixed;
use crate::model::occupancy::SweepPoint;
use crate::ui::i18n::{t, use_lang, Tr};

/// Which input a graph sweeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    Threads,
    Regs,
    Dsmem,
}

fn y_of(p: &SweepPoint, y: YAxis) -> f64 {
    match y {
        YAxis::Pct => p.ratio() * 100.0,
        YAxis::Warps => f64::from(p.warps_per_sm()),
    }
}

/// The x value of a sweep point in the axis unit (KiB for shared memory).
fn x_of(axis: Axis, x: u32) -> f64 {
    match axis {
        Axis::Dsmem => f64::from(x) / 1024.0,
        _ => f64::from(x),
    }
}

#[component]
fn SweepChart(axis: Axis, title: Tr) -> impl IntoView {
    let st = expect_context::<OccState>();
    let lang = use_lang();
    let frame = ChartFrame::SWEEP;
    let r = frame.plot_rect();
    // Three memos, so that a slider tick re-draws only what moved: the axes and their ticks
    // (the GPU's limits and the y unit: unchanged by the kernel's sliders), the step line (the
    // sweep), and the current kernel's point.
    let y_axis = st.inputs.part(|i| i.y);
    let axes = Memo::new(move |_| {
        let y_axis = y_axis.get();
        st.outputs.with(|out| {
            let (x_max, x_step) = match axis {
                Axis::Threads => (f64::from(out.gpu.max_threads_per_block), 32.0),
                Axis::Regs => (f64::from(out.gpu.max_regs_per_thread), 8.0),
                Axis::Dsmem => (f64::from(out.gpu.smem_per_block_optin_bytes) / 1024.0, 16.0),
            };
            let y_max = match y_axis {
                YAxis::Pct => 100.0,
                YAxis::Warps => f64::from(out.steps.max_warps_per_sm.max(1)),
            };
            (x_max, y_max, x_step, y_axis)
        })
    });
    let scale = move |(x_max, y_max): (f64, f64)| frame.linear((0.0, x_max.max(1.0)), (0.0, y_max));
    let ticks = Memo::new(move |_| {
        let (x_max, y_max, x_step, y_axis) = axes.get();
        let axes = scale((x_max, y_max));
        let x_ticks: Vec<(f64, String)> = axes
            .x
            .ticks(6, Some(x_step))
            .into_iter()
            .map(|v| (axes.x.px_from_value(v), format!("{v}")))
            .collect();
        let y_ticks: Vec<(f64, String)> = match y_axis {
            YAxis::Pct => vec![0.0, 25.0, 50.0, 75.0, 100.0],
            YAxis::Warps => axes.y.ticks(4, Some(8.0)),
        }
        .into_iter()
        .map(|v| (axes.y.px_from_value(v), format!("{v}")))
        .collect();
        (x_ticks, y_ticks)
    });
    let path = Memo::new(move |_| {
        let (x_max, y_max, _, y_axis) = axes.get();
        st.outputs.with(|out| {
            let points = match axis {
                Axis::Threads => &out.sweep_threads,
                Axis::Regs => &out.sweep_regs,
                Axis::Dsmem => &out.sweep_dsmem,
            };
            let xy: Vec<(f64, f64)> = points
                .iter()
                .map(|p| (x_of(axis, p.x), y_of(p, y_axis)))
                .collect();
            scale((x_max, y_max)).step_path(&xy, 0.0)
        })
    });
    let point = Memo::new(move |_| {
        let (x_max, y_max, _, y_axis) = axes.get();
        st.outputs.with(|out| {
            let x_cur = match axis {
                Axis::Threads => f64::from(out.kernel.threads_per_block),
                Axis::Regs => f64::from(out.kernel.regs_per_thread),
                Axis::Dsmem => f64::from(out.kernel.dynamic_smem_bytes) / 1024.0,
            };
            let y_cur = match y_axis {
                YAxis::Pct => out.steps.ratio() * 100.0,
                YAxis::Warps => f64::from(out.steps.warps_per_sm),
            };
            let (cx, cy) = scale((x_max, y_max)).px_from_data(x_cur.min(x_max), y_cur);
            (cx, cy, x_cur, y_cur, x_cur > x_max, y_axis)
        })
    });
    let label = move || {
        let (_, _, x, y, clipped, y_axis) = point.get();
        let y = (y * 10.0).round() / 10.0;
        text::sweep_readout(title.get(lang.get()), x, y, y_axis, clipped, lang.get())
    };
    let cx = move || point.with(|p| p.0);
    let testid = format!("sweep-{:?}", axis).to_ascii_lowercase();
    view! {
        <figure class="gx-sweep" data-testid=testid>
            <figcaption class="gx-sweep__title">{t(title)}</figcaption>
            <svg class="gx-sweep__svg" viewBox=format!("0 0 {} {}", frame.width_px, frame.height_px) role="group"
                aria-label=move || title.get(lang.get())>
                {move || {
                    let (x_ticks, y_ticks) = ticks.get();
                    view! {
                        {y_ticks.into_iter().map(|(py, s)| view! {
                            <line class="gx-sweep__grid" x1=r.x0 x2=r.x1 y1=py y2=py/>
                            <text class="gx-sweep__tick" x=r.x0 - 6.0 y=py + 4.0 text-anchor="end">{s}</text>
                        }).collect_view()}
                        {x_ticks.into_iter().map(|(px, s)| view! {
                            <line class="gx-sweep__grid" x1=px x2=px y1=r.y0 y2=r.y1/>
                            <text class="gx-sweep__tick" x=px y=r.y1 + 16.0 text-anchor="middle">{s}</text>
                        }).collect_view()}
                    }
                }}
                <rect class="gx-sweep__frame" x=r.x0 y=r.y0 width=r.x1 - r.x0 height=r.y1 - r.y0/>
                <line class="gx-sweep__cursor" x1=cx x2=cx y1=r.y0 y2=r.y1/>
                <path class="gx-sweep__line" d=move || path.get()/>
                <circle class="gx-sweep__point" class:gx-sweep__point--clipped=move || point.with(|p| p.4)
                    cx=move || fixed(point.with(|p| p.0), 1) cy=move || fixed(point.with(|p| p.1), 1) r="6"
                    tabindex="0" role="img" aria-label=label>
                    <title>{label}</title>
                </circle>
                <text class="gx-sweep__axis" x=(r.x0 + r.x1) / 2.0 y=frame.height_px - 6.0 text-anchor="middle">{t(title)}</text>
                <text class="gx-sweep__axis" x="12" y=(r.y0 + r.y1) / 2.0 text-anchor="middle"
                    transform=format!("rotate(-90 12 {})", (r.y0 + r.y1) / 2.0)>
                    {move || match y_axis.get() { YAxis::Pct => text::Y_PCT.get(lang.get()), YAxis::Warps => text::Y_WARPS.get(lang.get()) }}
                </text>
            </svg>
            <p class="gx-sweep__readout">{label}</p>
        </figure>
    }
}

/// The three sweep graphs with the percent / warps toggle.
#[component]
pub fn Sweeps() -> impl IntoView {
    let st = expect_context::<OccState>();
    let y = st.inputs.part(|i| i.y);
    let set_y = move |y: YAxis| st.inputs.update(|i| i.y = y);
    view! {
        <section class="l-page gx-sweeps gx-defer" data-testid="sweeps">
            <div class="l-body">
                <h2>{t(text::SWEEPS)}</h2>
                <p class="gx-note">{t(text::SWEEPS_NOTE)}</p>
                <fieldset class="gx-field gx-radios gx-radios--inline">
                    <legend class="gx-field__label">{t(text::Y_AXIS)}</legend>
                    <label>
                        <input type="radio" name="occ-y" data-testid="y-pct"
                            prop:checked=move || y.get() == YAxis::Pct
                            on:change=move |_| set_y(YAxis::Pct)/>
                        {t(text::Y_PCT)}
                    </label>
                    <label>
                        <input type="radio" name="occ-y" data-testid="y-warps"
                            prop:checked=move || y.get() == YAxis::Warps
                            on:change=move |_| set_y(YAxis::Warps)/>
                        {t(text::Y_WARPS)}
                    </label>
                </fieldset>
            </div>
            <div class="gx-sweeps__grid">
                <SweepChart axis=Axis::Threads title=text::X_THREADS/>
                <SweepChart axis=Axis::Regs title=text::X_REGS/>
                <SweepChart axis=Axis::Dsmem title=text::X_DSMEM/>
            </div>
        </section>
    }
}
