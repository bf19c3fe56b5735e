//! The Block dispatch chapter's figure (canvas + transport), controls and numbers.

use leptos::prelude::*;

use crate::ui::shared::gpu_select::{all_gpu_ids, GpuSelect};

use super::canvas::{DispatchCanvas, SharedTimeline, SmTable, MODEL_COLS, STAGE_COLS};
use super::readout::{readout, TimeUnit};
use super::state::{limits, DispError, DispInputs, DispState, Preset};
use super::text;
use super::transport::{event_time, Transport};
use crate::ui::format::{grouped, percent};
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::launch::text as launch_text;
use crate::ui::shell::ChapterInputs;
use crate::ui::theme::use_on_stage;
use crate::ui::widgets::{RangeSlider, Scale};

fn state() -> DispState {
    expect_context::<DispState>()
}

/// The model's trace as a drawable schedule.
pub fn model_timeline(st: DispState) -> Signal<Option<SharedTimeline>> {
    Signal::derive(move || {
        st.outputs
            .with(|o| o.trace.clone().map(|t| t as SharedTimeline))
    })
}

/// The canvas, the transport controls and the live readout.
#[component]
pub fn Figure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let hovered = RwSignal::new(None::<u32>);
    let timeline = model_timeline(st);
    let end = Signal::derive(move || {
        st.outputs
            .with(|o| o.trace.as_ref().map_or(0, |t| t.makespan_cycles()))
    });
    let unit = Signal::derive(move || st.inputs.with(|i| i.grid.dur));
    let readout_text = move || {
        let (l, now, hover) = (lang.get(), st.now.get(), hovered.get());
        timeline.with(|tl| {
            tl.as_ref()
                .map(|tl| readout(tl.as_ref(), now, TimeUnit::Cycles, hover, l))
                .unwrap_or_default()
        })
    };
    // What happened at the event on screen (only while the event cursor is on).
    let event_text = move || {
        let k = st.inputs.with(|i| i.event)?;
        let l = lang.get();
        st.events.with(|times| {
            let last = u32::try_from(times.len().checked_sub(1)?).ok()?;
            let k = k.min(last);
            let t = event_time(times, k);
            timeline.with(|tl| {
                let tl = tl.as_ref()?;
                let before = t.checked_sub(1);
                let started = tl.started_by(t) - before.map_or(0, |b| tl.started_by(b));
                let ended = tl.completed_by(t) - before.map_or(0, |b| tl.completed_by(b));
                Some(text::event_line(k, last, t, started, ended, l))
            })
        })
    };
    view! {
        <figure class="gx-figure gx-dispatch" data-testid="figure">
            {move || st.outputs.with(|o| o.error).map(|e| {
                let l = lang.get();
                let msg = match e {
                    DispError::Launch(err) => {
                        let (reason, advice) = launch_text::launch_error(&err, l);
                        format!("{} {reason}. {advice}", launch_text::CANNOT_RUN.get(l))
                    }
                    DispError::Dispatch(err) => text::dispatch_error(&err, l),
                };
                view! { <p class="gx-error" role="alert" data-testid="dispatch-error">{msg}</p> }
            })}
            <DispatchCanvas timeline=timeline t=st.now cols=if use_on_stage() { STAGE_COLS } else { MODEL_COLS } label=text::CANVAS_LABEL
                testid="dispatch-canvas" on_hover=Callback::new(move |sm| hovered.set(sm))/>
            <Transport clock=st.clock end=end unit=unit time_label=text::TIME time_unit=TimeUnit::Cycles events=st.cursor()/>
            <p class="gx-dispatch__readout" aria-live="polite" data-substep="" data-testid="dispatch-readout">{readout_text}</p>
            {move || event_text().map(|s| view! { <p class="gx-dispatch__event" data-substep="" data-testid="dispatch-event">{s}</p> })}
            <figcaption>
                <WaveLegend/>
            </figcaption>
        </figure>
    }
}

/// What the slot colours mean (both canvases).
#[component]
pub fn WaveLegend() -> impl IntoView {
    view! {
        <ul class="gx-legend">
            <li><span class="gx-legend__mark gx-legend__mark--bar gx-swatch gx-wave--prev"></span>{t(text::BLOCK_OF_AN_EARLIER)}</li>
            <li><span class="gx-legend__mark gx-legend__mark--bar gx-swatch gx-wave--current"></span>{t(text::BLOCK_OF_THE_NEWEST)}</li>
            <li><span class="gx-legend__mark gx-legend__mark--bar gx-swatch gx-wave--tail"></span>{t(text::BLOCK_OF_THE_TAIL)}</li>
            <li><span class="gx-legend__mark gx-legend__mark--bar gx-swatch gx-seg--free"></span>{t(text::FREE_SLOT)}</li>
            <li><span class="gx-legend__mark gx-legend__mark--bar gx-swatch gx-sm--idle"></span>{t(text::IDLE_SM)}</li>
        </ul>
    }
}

fn set(f: impl Fn(&mut DispInputs) + 'static + Send + Sync) {
    let st = state();
    st.clock.rewind();
    st.inputs.update(|i| {
        f(i);
        i.event = None;
    });
}

/// GPU, presets, grid, duration, jitter, and the kernel from the Occupancy chapter.
#[component]
pub fn Controls() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let occ_link = move || {
        let q = st.inputs.with(|i| i.occ.to_query());
        if q.is_empty() {
            "occupancy".to_string()
        } else {
            format!("occupancy?{q}")
        }
    };
    view! {
        <aside class="gx-controls" aria-label=t(crate::ui::text::CONTROLS)>
            <GpuSelect ids=all_gpu_ids() selected=Signal::derive(move || st.inputs.with(|i| i.occ.gpu.clone()))
                on_pick=Callback::new(move |id: String| set(move |i| i.occ.gpu = id.clone())) with_sms=true/>
            <div class="gx-field">
                <span class="gx-field__label">{t(text::PRESETS)}</span>
                <div class="gx-presets">
                    {Preset::ALL.iter().map(|&p| view! {
                        <button class="gx-button gx-preset" data-testid=format!("dpreset-{:?}", p).to_ascii_lowercase()
                            on:click=move |_| { st.clock.rewind(); st.inputs.navigate_update(move |i| { p.apply(i); i.event = None; }); }>
                            "A100 · "{t(text::preset(p))}
                        </button>
                    }).collect_view()}
                </div>
            </div>
            <RangeSlider label=text::GRID min=limits::GRID.0 max=limits::GRID.1 scale=Scale::Log2 testid="slider-grid"
                value=Signal::derive(move || st.inputs.with(|i| i.grid.grid))
                on_input=Callback::new(move |v: u64| set(move |i| i.grid.grid = v))/>
            <RangeSlider label=text::DUR min=u64::from(limits::DUR.0) max=u64::from(limits::DUR.1) scale=Scale::Log2 testid="slider-dur"
                value=Signal::derive(move || u64::from(st.inputs.with(|i| i.grid.dur)))
                on_input=Callback::new(move |v: u64| set(move |i| i.grid.dur = u32::try_from(v).unwrap_or(limits::DUR.1)))/>
            <RangeSlider label=text::JIT min=u64::from(limits::JIT.0) max=u64::from(limits::JIT.1) step=5 unit="%" testid="slider-jit"
                value=Signal::derive(move || u64::from(st.inputs.with(|i| i.grid.jit)))
                on_input=Callback::new(move |v: u64| set(move |i| i.grid.jit = u32::try_from(v).unwrap_or(0)))/>
            <h2 class="gx-h3">{t(text::KERNEL)}</h2>
            <p class="gx-dispatch__kernel" data-testid="kernel">{move || {
                let k = st.inputs.with(|i| i.occ.kernel());
                st.outputs.with(|o| text::kernel_summary(&k, o.blocks_per_sm, o.occupancy, lang.get()))
            }}</p>
            {move || st.inputs.with(|i| super::state::is_w8a8_kernel(&i.occ.kernel())).then(|| view! {
                <p class="gx-note" data-testid="w8a8-source">{t(text::W8A8_REGISTERS_SOURCE)}</p>
            })}
            <a href=occ_link data-testid="edit-kernel">{t(text::EDIT_KERNEL)}</a>
        </aside>
    }
}

/// A wave count as wave-quantisation discussions write it: two decimals, trailing zeros dropped
/// (0.94, 3.2, 2, 2,427.26), more where two would read as a whole number that it is not (265
/// blocks in waves of 264: 1.004, not 1; 1 of 432: 0.0023, not 0).
fn waves_decimal(w: f64) -> String {
    if !w.is_finite() || w < 0.0 {
        return crate::ui::format::sig3(w);
    }
    let mut decimals = 2usize;
    // Below one wave: two significant digits.
    if w > 0.0 && w < 1.0 {
        decimals = decimals.max((1.0 - w.log10().floor()) as usize);
    }
    // Within 0.005 of a whole number it is not: the first digit that tells them apart.
    let distance = (w - w.round()).abs();
    if distance > 0.0 && distance < 0.005 {
        decimals = decimals.max((-distance.log10().floor()) as usize);
    }
    let decimals = decimals.min(9);
    let s = format!("{w:.decimals$}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    // Group the whole part's digits (2,427.26).
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    let int = int
        .parse::<u64>()
        .map(grouped)
        .unwrap_or_else(|_| int.to_string());
    if frac.is_empty() {
        int
    } else {
        format!("{int}.{frac}")
    }
}

/// Waves, tail and efficiency with their formulas.
#[component]
pub fn NumbersPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <section class="l-body gx-numbers" data-testid="numbers">
            <h2>{t(text::NUMBERS)}</h2>
            {move || {
                let l = lang.get();
                let grid = st.inputs.with(|i| i.grid.grid);
                st.outputs.with(|o| {
                    let Some(w) = o.waves else {
                        return view! { <p class="gx-note">{text::NO_WAVES.get(l)}</p> }.into_any();
                    };
                    let sms = o.gpu.sm_count;
                    let rows: Vec<(&str, String, String, &str)> = vec![
                        (text::BLOCKS_PER_FULL_WAVE.get(l), text::full_wave_formula(o.blocks_per_sm, sms, l), grouped(w.full_wave_blocks), "full-wave"),
                        (text::WAVES.get(l), format!("⌈{} / {}⌉", grouped(grid), grouped(w.full_wave_blocks)), grouped(w.count), "waves"),
                        (text::BLOCKS_IN_THE_LAST.get(l), format!("{} − {} × {}", grouped(grid), grouped(w.count - 1), grouped(w.full_wave_blocks)), grouped(w.last_wave_blocks), "last-wave"),
                        (text::WAVES_DECIMAL.get(l), format!("{} / {}", grouped(grid), grouped(w.full_wave_blocks)), waves_decimal(w.fractional()), "fractional"),
                        (text::WAVE_EFFICIENCY.get(l), format!("{} / ({} × {})", grouped(grid), grouped(w.count), grouped(w.full_wave_blocks)), percent(w.efficiency), "efficiency"),
                        (text::SIMULATED_MAKESPAN.get(l), o.trace.as_ref().map(|t| if st.inputs.with(|i| i.grid.jit) == 0 { text::makespan_formula(w.count, &grouped(st.inputs.with(|i| i.grid.dur).into()), l) } else { let _ = t; text::UNEVEN_DURATIONS.get(l).into() }).unwrap_or_default(), o.trace.as_ref().map(|t| text::cycles(&grouped(t.makespan_cycles().into()), l)).unwrap_or_default(), "makespan"),
                    ];
                    view! {
                        <table class="gx-table"><tbody>
                            {rows.into_iter().map(|(label, formula, value, key)| view! {
                                <tr data-testid=format!("wave-{key}")>
                                    <th scope="row">{label}</th>
                                    <td class="gx-formula">{formula}</td>
                                    <td class="gx-value">{value}</td>
                                </tr>
                            }).collect_view()}
                        </tbody></table>
                        <p class="gx-note" data-testid="compute-ms" data-ms=format!("{:.2}", st.timed.with(|t| t.compute_ms))>{
                            let ms = st.timed.with(|t| t.compute_ms);
                            text::computed_in(grid, ms, st.inputs.with(|i| i.grid.jit) == 0, l)
                        }</p>
                        <p class="gx-note" data-testid="waves-decimal-note">{text::WAVES_DECIMAL_NOTE.get(l)}</p>
                        <p class="gx-note" data-testid="wave-efficiency-note">{text::wave_efficiency_note(&grouped(grid), w.count, &grouped(w.full_wave_blocks), &percent(w.efficiency), l)}</p>
                        <p class="gx-note">{text::TAIL_NOTE.get(l)}</p>
                    }.into_any()
                })
            }}
        </section>
    }
}

/// Per-SM resident blocks of the model at the current cycle, for screen readers.
#[component]
pub fn DataTable() -> impl IntoView {
    let st = state();
    view! { <SmTable timeline=model_timeline(st) t=st.now summary=text::DATA_TABLE testid="data-table"/> }
}

#[cfg(test)]
mod tests {
    use super::waves_decimal;

    #[test]
    fn a_wave_count_never_reads_as_a_whole_number_it_is_not() {
        assert_eq!(waves_decimal(0.94), "0.94");
        assert_eq!(waves_decimal(3.2), "3.2");
        assert_eq!(waves_decimal(2.0), "2");
        assert_eq!(waves_decimal(265.0 / 264.0), "1.004");
        assert_eq!(waves_decimal(1.0 / 432.0), "0.0023");
        assert_eq!(waves_decimal(2427.2571), "2,427.26");
        assert_eq!(waves_decimal(0.0), "0");
    }
}
