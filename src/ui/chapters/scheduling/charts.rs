//! The two SVG charts: utilisation against resident warps (with L / k marked), and the H200's
//! measured FFMA share over the model's curves; plus the numbers and the data table.

use leptos::prelude::*;

use crate::ui::widgets::formula_row_testid as row;

use crate::ui::widgets::DataDetails;

use super::text;
use super::views::state;
use crate::geom::chart::{LinearAxes, Rect};
use crate::model::measured::latency_hiding::{KERNELS, KERNEL_IDS};
use crate::model::scheduler::MAX_RESIDENT_WARPS;
use crate::ui::format::{fixed, percent, sig3};
use crate::ui::i18n::{t, use_lang, Lang, Tr};
use crate::ui::shared::roving::Roving;
use crate::ui::shared::scroll_figure::ScrollFigure;
use crate::ui::theme::use_on_stage;

const W_PX: f64 = 680.0;
const H_PX: f64 = 300.0;
/// Height of the sweep chart on the classroom stage: shorter, so the chart and its legend fit a
/// 1280×720 projector at 150 % (853×480 CSS px, a step with a question) with 12 px labels.
const STAGE_H_PX: f64 = 230.0;
/// Both charts' plotting rectangle in a `W_PX × h` view box: y labels on the left (ticks up to
/// "0.750", 34 units at 12 px, right-aligned 4 units left of the plot, and the rotated title at
/// x = 12 spanning about 3–15: 58 keeps a gap between them; 52 made them touch), the x axis
/// title below.
const fn plot(h: f64) -> Rect {
    Rect {
        x0: 58.0,
        y0: 14.0,
        x1: W_PX - 16.0,
        y1: h - 40.0,
    }
}
/// The charts' plotting rectangle at their page height (its x range is the same at every height).
const PLOT: Rect = plot(H_PX);

/// Data → pixels in a chart `h` tall: W = 1 ..= 64 resident warps across, 0 ..= `ymax` upwards.
fn chart_axes(ymax: f64, h: f64) -> LinearAxes {
    plot(h).linear((1.0, f64::from(MAX_RESIDENT_WARPS)), (0.0, ymax))
}

fn x_px(w: f64) -> f64 {
    chart_axes(1.0, H_PX).x.px_from_value(w)
}

fn y_px(v: f64, ymax: f64, h: f64) -> f64 {
    chart_axes(ymax, h).y.px_from_value(v.clamp(0.0, ymax))
}

fn polyline(points: &[(u32, f64)], ymax: f64, h: f64) -> String {
    points
        .iter()
        .enumerate()
        .map(|(i, (w, v))| {
            format!(
                "{}{:.1} {:.1}",
                if i == 0 { "M" } else { "L" },
                x_px(f64::from(*w)),
                y_px(*v, ymax, h)
            )
        })
        .collect()
}

/// The y ticks of a chart of `0 ..= ymax`: round steps of 1, 2 or 5 × 10^k (0.2, not 0.209).
fn y_ticks(ymax: f64, h: f64) -> Vec<f64> {
    chart_axes(ymax, h).y.ticks(5, None)
}

/// Grid lines and the x axis (the y axis is [`y_axis`], in the frozen label column).
fn axes(ymax: f64, h: f64, lang: Lang) -> impl IntoView {
    let plot = plot(h);
    let yticks = y_ticks(ymax, h);
    let xticks = [1u32, 8, 16, 24, 32, 40, 48, 56, 64];
    view! {
        <g class="gx-axes">
            {yticks.into_iter().map(|v| view! {
                <line class="gx-grid" x1=format!("{}", plot.x0) x2=format!("{}", plot.x1) y1=format!("{:.1}", y_px(v, ymax, h)) y2=format!("{:.1}", y_px(v, ymax, h))/>
            }).collect_view()}
            {xticks.into_iter().map(|w| view! {
                <text class="gx-tick" x=format!("{:.1}", x_px(f64::from(w))) y=format!("{}", plot.y1 + 14.0) text-anchor="middle">{w}</text>
            }).collect_view()}
            <text class="gx-axis-label" x=format!("{:.0}", (plot.x0 + plot.x1) / 2.0) y=format!("{}", h - 6.0) text-anchor="middle">
                {text::RESIDENT_WARPS_PER_SM.get(lang)}
            </text>
        </g>
    }
}

/// Width of the frozen label column: the y axis's ticks and title, left of the plot.
const Y_AXIS_PX: f64 = PLOT.x0 - 1.0;

/// The y axis (ticks and title) over a mask, kept in view while the chart scrolls sideways.
fn y_axis(ymax: f64, h: f64, y_label: Tr, lang: Lang) -> impl IntoView {
    let plot = plot(h);
    let yticks = y_ticks(ymax, h);
    view! {
        <rect class="gx-sfig__mask" x="0" y="0" width=format!("{Y_AXIS_PX}") height=format!("{}", plot.y1 + 2.0)/>
        {yticks.into_iter().map(|v| view! {
            <text class="gx-tick" x=format!("{}", plot.x0 - 4.0) y=format!("{:.1}", y_px(v, ymax, h) + 3.0) text-anchor="end">{sig3(v)}</text>
        }).collect_view()}
        <text class="gx-axis-label" x="12" y=format!("{:.0}", (plot.y0 + plot.y1) / 2.0) text-anchor="middle"
            transform=format!("rotate(-90 12 {:.0})", (plot.y0 + plot.y1) / 2.0)>{y_label.get(lang)}</text>
    }
}

fn vline(
    w: f64,
    class: &'static str,
    label: String,
    testid: &'static str,
    row: f64,
    h: f64,
) -> impl IntoView {
    let plot = plot(h);
    let x = x_px(w.clamp(1.0, 64.0));
    let anchor = if x > W_PX * 0.7 { "end" } else { "start" };
    let dx = if anchor == "end" { -4.0 } else { 4.0 };
    view! {
        <g class=class data-testid=testid>
            <line x1=format!("{x:.1}") x2=format!("{x:.1}") y1=format!("{}", plot.y0) y2=format!("{}", plot.y1)/>
            <text x=format!("{:.1}", x + dx) y=format!("{:.1}", plot.y1 - 6.0 - 16.0 * row) text-anchor=anchor>{label}</text>
        </g>
    }
}

/// Utilisation of the issue slots for W = 1..=64, the closed form, and the course's L / k.
#[component]
pub fn SweepChart() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let h = if use_on_stage() { STAGE_H_PX } else { H_PX };
    let chart = move || {
        let o = st.outputs.get();
        let l = lang.get();
        let sim: Vec<(u32, f64)> = o
            .sweep
            .iter()
            .map(|p| (p.resident_warps, p.utilisation))
            .collect();
        let est: Vec<(u32, f64)> = o
            .sweep
            .iter()
            .map(|p| (p.resident_warps, p.estimate))
            .collect();
        let w = f64::from(o.config.resident_warps);
        let lk = o.warps_needed.map(|x| x * 4.0);
        let lk_mark = match lk {
            Some(x) if x <= 64.0 => vline(
                x,
                "gx-mark gx-mark--course",
                format!("4 · L/k = {}", sig3(x)),
                "mark-lk",
                0.0,
                h,
            )
            .into_any(),
            // Beyond W = 64 there is no line to draw (one at 64 would read as the estimate):
            // only a label at the right edge, above the plot, pointing off the chart.
            Some(x) => view! {
                <g class="gx-mark gx-mark--course" data-testid="mark-lk">
                    <text x=format!("{:.1}", x_px(64.0)) y=format!("{:.1}", PLOT.y0 - 2.0) text-anchor="end">{text::beyond_chart(sig3(x), l)}</text>
                </g>
            }
            .into_any(),
            None => ().into_any(),
        };
        view! {
            <svg class="gx-lc" viewBox=format!("0 0 {W_PX} {h}") role="img" data-testid="sweep-chart"
                aria-label=text::ISSUE_SLOT_UTILISATION_AGAINST.get(l)>
                {axes(1.0, h, l)}
                <path class="gx-series gx-series--est" d=polyline(&est, 1.0, h)/>
                <path class="gx-series gx-series--sim" d=polyline(&sim, 1.0, h)/>
                {lk_mark}
                {vline(w, "gx-mark gx-mark--now", format!("W = {}: {}", o.config.resident_warps, percent(o.steady)), "mark-w", 1.0, h)}
            </svg>
        }
    };
    view! {
        <section class="l-body" data-testid="sweep">
            <h2>{t(text::SWEEP)}</h2>
            <figure class="gx-figure">
                <ScrollFigure label=text::SWEEP width_px=W_PX label_px=Y_AXIS_PX height_px=h class="gx-lc"
                    labels=move || y_axis(1.0, h, text::ISSUE_SLOT_UTILISATION, lang.get())>
                    {chart}
                </ScrollFigure>
                <figcaption>
                    <ul class="gx-legend">
                        <li><span class="gx-legend__mark gx-lc-mark--sim"></span>{t(text::SIMULATED_STEADY_STATE)}</li>
                        <li><span class="gx-legend__mark gx-lc-mark--est"></span>{t(text::CLOSED_FORM_MIN_1)}</li>
                        <li><span class="gx-legend__mark gx-lc-mark--course"></span>{t(text::COURSE_ESTIMATE)}</li>
                    </ul>
                </figcaption>
            </figure>
        </section>
    }
}

/// The measured FFMA share over the model's curves.
#[component]
pub fn MeasuredChart() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let focused = RwSignal::new(None::<String>);
    // The measured points are one tab stop; the arrow keys walk them.
    let points = Memo::new(move |_| st.outputs.with(|o| o.measured.kernel.points.len()));
    let roving = Roving::new(points, 0);
    let measured_ymax = move || {
        st.outputs.with(|o| {
            let k = o.measured.kernel;
            (f64::from(k.k_ffma) / f64::from(k.instructions) * 1.15).max(0.01)
        })
    };
    let chart = move || {
        let o = st.outputs.get();
        let l = lang.get();
        let m = &o.measured;
        let k = m.kernel;
        let ymax = measured_ymax();
        view! {
            <svg class="gx-lc" viewBox=format!("0 0 {W_PX} {H_PX}") role="group" data-testid="measured-chart"
                aria-label=text::FFMA_CHART_LABEL.get(l) tabindex="-1" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>
                {axes(ymax, H_PX, l)}
                <path class="gx-series gx-series--est" d=polyline(&m.simulated, ymax, H_PX)/>
                <path class="gx-series gx-series--sim" d=polyline(&m.simple, ymax, H_PX)/>
                {k.points.iter().enumerate().map(|(i, (w, s))| {
                    let model = m.simple.iter().find(|p| p.0 == *w).map_or(0.0, |p| p.1);
                    let label = text::ffma_point(fixed(*s, 3), fixed(model, 3), w, l);
                    let lab2 = label.clone();
                    let aria = label.clone();
                    view! {
                        <circle class="gx-measured-pt" cx=format!("{:.1}", x_px(f64::from(*w))) cy=format!("{:.1}", y_px(*s, ymax, H_PX)) r="5"
                            tabindex=roving.tabindex(i) data-roving=i.to_string() role="img" aria-label=aria data-testid="measured-point"
                            on:focus=move |_| focused.set(Some(lab2.clone())) on:blur=move |_| focused.set(None)>
                            <title>{label}</title>
                        </circle>
                    }
                }).collect_view()}
            </svg>
        }
    };
    view! {
        <section class="l-body" data-testid="measured">
            <h2>{t(text::MEASURED)}</h2>
            <p>{t(text::MEASURED_NOTE)}</p>
            <label class="gx-field">
                <span class="gx-field__label">{t(text::MEASURED_KERNEL)}</span>
                <select class="gx-select" data-testid="select-kernel" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if KERNEL_IDS.contains(&v.as_str()) { st.inputs.update(|i| i.kernel = v); }
                }>
                    {KERNELS.iter().map(|k| {
                        let id = k.id;
                        let txt = move || text::measured_kernel_option(k.ilp, k.k_ffma, k.instructions, &fixed(k.t1_cycles, 0), lang.get());
                        view! { <option value=id selected=move || st.inputs.with(|i| i.kernel == id)>{txt}</option> }
                    }).collect_view()}
                </select>
            </label>
            <figure class="gx-figure">
                <ScrollFigure label=text::MEASURED width_px=W_PX label_px=Y_AXIS_PX height_px=H_PX class="gx-lc"
                    parts_focusable=true labels=move || y_axis(measured_ymax(), H_PX, text::FFMA_SHARE_OF_PEAK, lang.get())>
                    {chart}
                </ScrollFigure>
                <p class="gx-stepinfo" aria-live="polite">{move || focused.get()}</p>
                <figcaption>
                    <ul class="gx-legend">
                        <li><span class="gx-legend__mark gx-pt--measured gx-lc-mark--measured"></span>{t(text::MEASURED_ON_THE_H200)}</li>
                        <li><span class="gx-legend__mark gx-lc-mark--sim"></span>{t(text::SIMPLE_MODEL_MIN_K)}</li>
                        <li><span class="gx-legend__mark gx-lc-mark--est"></span>{t(text::PAGE_SIMULATOR)}</li>
                    </ul>
                </figcaption>
            </figure>
        </section>
    }
}

/// The derived numbers with their formulas.
#[component]
pub fn NumbersPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <section class="l-body gx-numbers" data-testid="numbers">
            <h2>{t(text::NUMBERS)}</h2>
            <p class="gx-note">{t(text::MODEL)}</p>
            {move || {
                let o = st.outputs.get();
                let c = o.config;
                let i = c.instructions_per_iteration();
                let t1 = c.unloaded_iteration_cycles();
                let per: Vec<String> = (0..4).map(|s| c.warps_on_scheduler(s).to_string()).collect();
                let l = lang.get();
                let need = match o.warps_needed {
                    Some(x) => {
                        let verdict = if x > 16.0 && c.loads_in_flight > 1 {
                            text::WARPS_PLUS_ILP.get(l)
                        } else if x > 16.0 {
                            text::WARPS_NEED_ILP.get(l)
                        } else {
                            text::WARPS_SUFFICE.get(l)
                        };
                        format!("{}{verdict}", sig3(x))
                    }
                    None => text::K_NO_NUMBER_OF.get(l).into(),
                };
                view! {
                    <table class="gx-table">
                        <thead><tr>
                            <th scope="col">{t(text::QUANTITY)}</th>
                            <th scope="col">{t(text::FORMULA)}</th>
                            <th scope="col">{t(text::VALUE)}</th>
                        </tr></thead>
                        <tbody>
                            {row(text::WARPS_PER_SCHEDULER, text::round_robin(c.resident_warps, lang.get()), per.join(" / "), "per-scheduler")}
                            {row(text::COURSE_ESTIMATE_OF_WARPS, format!("L / k = {} / {}", c.latency_cycles, c.independent_per_load), need, "warps-needed")}
                            {row(text::ISSUE_SLOTS_PER_ITERATION, format!("I = ILP · (1 + k) = {} · (1 + {})", c.loads_in_flight, c.independent_per_load), i.to_string(), "instr-per-iter")}
                            {row(text::CYCLES_PER_ITERATION_ONE, format!("T1 = max(I, L + ILP − 1) = max({i}, {} + {} − 1)", c.latency_cycles, c.loads_in_flight), t1.to_string(), "t1")}
                            {row(text::MODEL_SATURATES_AT_PER, format!("T1 / I = {t1} / {i}"), sig3(o.saturation), "saturation")}
                            {row(text::UTILISATION_CLOSED_FORM, "Σ_s min(1, w_s · I / T1) / 4".into(), percent(o.estimate), "estimate")}
                            {row(text::UTILISATION_SIMULATED_STEADY_STATE, text::SIMULATED_FORMULA.get(l).into(), percent(o.steady), "utilisation")}
                        </tbody>
                    </table>
                    {((o.estimate - o.steady).abs() > 0.005).then(|| view! {
                        <p class="gx-note" data-testid="closed-form-vs-simulation">{text::CLOSED_FORM_VS_SIMULATION.get(l)}</p>
                    })}
                }
            }}
        </section>
    }
}

/// The charts' data as a table.
#[component]
pub fn DataTable() -> impl IntoView {
    let st = state();
    view! {
        <DataDetails summary=text::DATA_TABLE>
            <table class="gx-table gx-table--numeric">
                <thead><tr>
                    <th scope="col">"W"</th>
                    <th scope="col">{t(text::UTILISATION_SIMULATED)}</th>
                    <th scope="col">{t(text::UTILISATION_CLOSED_FORM_LABEL)}</th>
                    <th scope="col">{t(text::H200_FFMA_SHARE)}</th>
                    <th scope="col">{t(text::MODEL_FFMA_SHARE)}</th>
                </tr></thead>
                <tbody>
                    {move || {
                        let o = st.outputs.get();
                        o.sweep.iter().map(|p| {
                            let meas = o.measured.kernel.points.iter().find(|q| q.0 == p.resident_warps).map(|q| fixed(q.1, 4)).unwrap_or_default();
                            let model = o.measured.simple.iter().find(|q| q.0 == p.resident_warps).map(|q| fixed(q.1, 4)).unwrap_or_default();
                            view! {
                                <tr>
                                    <td>{p.resident_warps}</td>
                                    <td>{fixed(p.utilisation, 3)}</td>
                                    <td>{fixed(p.estimate, 3)}</td>
                                    <td>{meas}</td>
                                    <td>{model}</td>
                                </tr>
                            }
                        }).collect_view()
                    }}
                </tbody>
            </table>
        </DataDetails>
    }
}

#[cfg(test)]
mod tests {
    use super::{y_ticks, H_PX};

    #[test]
    fn the_y_ticks_are_round() {
        let close = |a: &[f64], b: &[f64]| {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-9)
        };
        assert!(close(&y_ticks(0.836, H_PX), &[0.0, 0.2, 0.4, 0.6, 0.8]));
        assert!(close(&y_ticks(1.0, H_PX), &[0.0, 0.2, 0.4, 0.6, 0.8, 1.0]));
    }
}
