//! The Block dispatch chapter's figure (canvas + transport), controls and numbers.

use leptos::prelude::*;

use super::canvas::{moment, DispatchCanvas};
use super::state::{limits, DispError, DispInputs, DispState, Preset};
use super::text;
use crate::model::gpu_spec::GpuSpec;
use crate::ui::chapters::occupancy::text as occ_text;
use crate::ui::format::grouped;
use crate::ui::i18n::{t, tr, use_lang, Lang};
use crate::ui::widgets::{RangeSlider, Scale};

fn state() -> DispState {
    expect_context::<DispState>()
}

/// Speeds, in quarters of "one block duration per second".
const SPEEDS: [u32; 5] = [1, 4, 16, 64, 256];

/// True when the system asks for reduced motion.
fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Advances the cycle while playing: one animation frame at a time, or (reduced motion) one
/// quarter block duration every 700 ms. Stops at the end, on pause, or when the page is gone.
fn run(st: DispState, reduced: bool) {
    let tick = move || {
        let (Some(playing), Some(cycle)) =
            (st.playing.try_get_untracked(), st.cycle.try_get_untracked())
        else {
            return;
        };
        if !playing {
            return;
        }
        let Some((end, dur)) = st.outputs.try_with_untracked(|o| {
            (
                o.trace.as_ref().map_or(0, |t| t.makespan_cycles()),
                st.inputs.with_untracked(|i| i.grid.dur),
            )
        }) else {
            return;
        };
        let step = if reduced {
            (dur / 4).max(1)
        } else {
            // At 1× (4 quarters) one block duration takes 60 frames ≈ 1 s.
            let q = st.speed_quarters.get_untracked();
            u32::try_from((u64::from(dur) * u64::from(q) / 240).max(1)).unwrap_or(u32::MAX)
        };
        let next = cycle.saturating_add(step);
        if next >= end {
            st.cycle.set(end);
            st.playing.set(false);
            return;
        }
        st.cycle.set(next);
        run(st, reduced);
    };
    if reduced {
        set_timeout(tick, std::time::Duration::from_millis(700));
    } else {
        request_animation_frame(tick);
    }
}

/// The canvas, the transport controls and the live readout.
#[component]
pub fn Figure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let hovered = RwSignal::new(None::<u32>);
    let reduced = reduced_motion();
    let end = Memo::new(move |_| {
        st.outputs
            .with(|o| o.trace.as_ref().map_or(0, |t| t.makespan_cycles()))
    });
    let dur = Memo::new(move |_| st.inputs.with(|i| i.grid.dur));
    let toggle = move |_| {
        if st.playing.get_untracked() {
            st.playing.set(false);
        } else {
            if st.cycle.get_untracked() >= end.get_untracked() {
                st.cycle.set(0);
            }
            st.playing.set(true);
            run(st, reduced);
        }
    };
    let step_by = move |forward: bool| {
        st.playing.set(false);
        let s = (dur.get_untracked() / 4).max(1);
        st.cycle.update(|c| {
            *c = if forward {
                c.saturating_add(s).min(end.get_untracked())
            } else {
                c.saturating_sub(s)
            }
        });
    };
    let readout = move || {
        let l = lang.get();
        let cycle = st.cycle.get();
        st.outputs.with(|o| {
            let Some(trace) = o.trace.as_ref() else {
                return String::new();
            };
            let m = moment(trace, cycle);
            let running = m.started - m.completed;
            let resident = trace.resident_at(cycle);
            let slots = trace.blocks_per_sm() as usize;
            let idle = resident
                .chunks(slots.max(1))
                .filter(|c| c.iter().all(Option::is_none))
                .count();
            let waves = trace.wave_count();
            let tail = if m.tail_wave == Some(m.current_wave) && m.started > 0 {
                match l { Lang::En => " (the tail)", Lang::Zh => "（尾波）" }
            } else {
                ""
            };
            let hover = hovered.get().map(|sm| {
                let blocks = trace.blocks_running_on(sm, cycle);
                let list = blocks.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(", ");
                match l {
                    Lang::En => format!(" SM {sm}: {} block(s) resident [{list}].", blocks.len()),
                    Lang::Zh => format!(" SM {sm}：驻留 {} 个 block [{list}]。", blocks.len()),
                }
            }).unwrap_or_default();
            match l {
                Lang::En => format!(
                    "Cycle {} of {}: wave {} of {waves}{tail}; {} blocks started, {} finished, {} running; {idle} of {} SMs idle.{hover}",
                    grouped(cycle.into()), grouped(trace.makespan_cycles().into()), m.current_wave + 1,
                    grouped(m.started.into()), grouped(m.completed.into()), grouped(running.into()), trace.sm_count()
                ),
                Lang::Zh => format!(
                    "第 {} / {} 周期：第 {} / {waves} 波{tail}；已开始 {} 个 block，已完成 {} 个，运行中 {} 个；{} 个 SM 中 {idle} 个空闲。{hover}",
                    grouped(cycle.into()), grouped(trace.makespan_cycles().into()), m.current_wave + 1,
                    grouped(m.started.into()), grouped(m.completed.into()), grouped(running.into()), trace.sm_count()
                ),
            }
        })
    };
    view! {
        <figure class="gx-figure gx-dispatch" data-testid="figure">
            {move || st.outputs.with(|o| o.error).map(|e| {
                let l = lang.get();
                let msg = match e {
                    DispError::Launch(err) => {
                        let (reason, advice) = occ_text::launch_error(&err, l);
                        format!("{} {reason}. {advice}", occ_text::CANNOT_RUN.get(l))
                    }
                    DispError::Dispatch(err) => text::dispatch_error(&err, l),
                };
                view! { <p class="gx-error" role="alert" data-testid="dispatch-error">{msg}</p> }
            })}
            <DispatchCanvas on_hover=Callback::new(move |sm| hovered.set(sm))/>
            <div class="gx-transport">
                <button class="gx-button" data-testid="play" on:click=toggle>
                    {move || if st.playing.get() { t(text::PAUSE)() } else { t(text::PLAY)() }}
                </button>
                <button class="gx-button" data-testid="back" on:click=move |_| step_by(false)>{t(text::BACK)}</button>
                <button class="gx-button" data-testid="step" on:click=move |_| step_by(true)>{t(text::STEP)}</button>
                <button class="gx-button" data-testid="reset" on:click=move |_| { st.playing.set(false); st.cycle.set(0); }>{t(text::RESET)}</button>
                <label class="gx-transport__speed">
                    {t(text::SPEED)}" "
                    <select class="gx-select" data-testid="speed" disabled=reduced on:change=move |ev| {
                        if let Ok(q) = event_target_value(&ev).parse::<u32>() {
                            st.speed_quarters.set(q);
                        }
                    }>
                        {SPEEDS.iter().map(|&q| view! {
                            <option value=q.to_string() selected=move || st.speed_quarters.get() == q>{format!("{}×", f64::from(q) / 4.0)}</option>
                        }).collect_view()}
                    </select>
                </label>
            </div>
            <label class="gx-field gx-transport__scrub">
                <span class="gx-field__label">{t(text::TIME)}</span>
                <input type="range" class="gx-field__range" data-testid="scrub" min="0"
                    max=move || end.get().to_string()
                    prop:value=move || st.cycle.get().to_string()
                    on:input=move |ev| {
                        if let Ok(c) = event_target_value(&ev).parse::<u32>() {
                            st.playing.set(false);
                            st.cycle.set(c.min(end.get_untracked()));
                        }
                    }/>
            </label>
            <p class="gx-dispatch__readout" aria-live="polite" data-testid="dispatch-readout">{readout}</p>
            {reduced.then(|| view! { <p class="gx-note">{t(text::REDUCED_MOTION)}</p> })}
            <figcaption>
                <ul class="gx-legend">
                    <li><span class="gx-legend__mark gx-legend__mark--bar gx-swatch gx-wave--prev"></span>{t(tr("block of an earlier wave", "较早波次的 block"))}</li>
                    <li><span class="gx-legend__mark gx-legend__mark--bar gx-swatch gx-wave--current"></span>{t(tr("block of the newest wave", "最新一波的 block"))}</li>
                    <li><span class="gx-legend__mark gx-legend__mark--bar gx-swatch gx-wave--tail"></span>{t(tr("block of the tail (partial last wave)", "尾波（不满的最后一波）的 block"))}</li>
                    <li><span class="gx-legend__mark gx-legend__mark--bar gx-swatch gx-seg--free"></span>{t(tr("free slot", "空槽位"))}</li>
                    <li><span class="gx-legend__mark gx-legend__mark--bar gx-swatch gx-sm--idle"></span>{t(tr("idle SM", "空闲 SM"))}</li>
                </ul>
            </figcaption>
        </figure>
    }
}

fn set(f: impl Fn(&mut DispInputs) + 'static + Send + Sync) {
    let st = state();
    st.playing.set(false);
    st.cycle.set(0);
    st.inputs.update(f);
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
        <aside class="gx-controls" aria-label=move || if lang.get() == Lang::Zh { "控制" } else { "Controls" }>
            <label class="gx-field">
                <span class="gx-field__label">"GPU"</span>
                <select class="gx-select" data-testid="select-gpu" on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if GpuSpec::by_id(&id).is_some() {
                        set(move |i| i.occ.gpu = id.clone());
                    }
                }>
                    {GpuSpec::all().into_iter().map(|g| {
                        let id = g.id;
                        view! { <option value=id selected=move || st.inputs.with(|i| i.occ.gpu == id)>{format!("{} ({} SMs)", g.name, g.sm_count)}</option> }
                    }).collect_view()}
                </select>
            </label>
            <div class="gx-field">
                <span class="gx-field__label">{t(text::PRESETS)}</span>
                <div class="gx-presets">
                    {Preset::ALL.iter().map(|&p| view! {
                        <button class="gx-button gx-preset" data-testid=format!("dpreset-{:?}", p).to_lowercase()
                            on:click=move |_| set(move |i| p.apply(i))>
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
            <h3>{t(text::KERNEL)}</h3>
            <p class="gx-dispatch__kernel" data-testid="kernel">{move || {
                let k = st.inputs.with(|i| i.occ.kernel());
                st.outputs.with(|o| match lang.get() {
                    Lang::En => format!(
                        "{} threads × {} registers, {} B static + {} B dynamic shared memory → {} blocks per SM ({:.0} % occupancy).",
                        k.threads_per_block, k.regs_per_thread, grouped(k.static_smem_bytes.into()), grouped(k.dynamic_smem_bytes.into()), o.blocks_per_sm, o.occupancy * 100.0
                    ),
                    Lang::Zh => format!(
                        "{} 线程 × {} 寄存器，静态 {} B + 动态 {} B shared memory → 每 SM {} 个 block（占用率 {:.0} %）。",
                        k.threads_per_block, k.regs_per_thread, grouped(k.static_smem_bytes.into()), grouped(k.dynamic_smem_bytes.into()), o.blocks_per_sm, o.occupancy * 100.0
                    ),
                })
            }}</p>
            <a href=occ_link data-testid="edit-kernel">{t(text::EDIT_KERNEL)}</a>
        </aside>
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
                        return view! { <p class="gx-note">{match l { Lang::En => "No waves: the kernel cannot launch.", Lang::Zh => "没有波次：这个 kernel 无法启动。" }}</p> }.into_any();
                    };
                    let sms = o.gpu.sm_count;
                    let rows: Vec<(&str, String, String, &str)> = vec![
                        (tr("Blocks per full wave", "每波 block 数").get(l), format!("{} blocks/SM × {sms} SMs", o.blocks_per_sm), grouped(w.full_wave_blocks), "full-wave"),
                        (tr("Waves", "波数").get(l), format!("⌈{} / {}⌉", grouped(grid), grouped(w.full_wave_blocks)), grouped(w.count), "waves"),
                        (tr("Blocks in the last wave", "最后一波的 block 数").get(l), format!("{} − {} × {}", grouped(grid), w.count - 1, grouped(w.full_wave_blocks)), grouped(w.last_wave_blocks), "last-wave"),
                        (tr("Wave efficiency", "波次效率").get(l), format!("{} / ({} × {})", grouped(grid), w.count, grouped(w.full_wave_blocks)), format!("{:.1} %", w.efficiency * 100.0), "efficiency"),
                        (tr("Simulated makespan", "模拟总时长").get(l), o.trace.as_ref().map(|t| if st.inputs.with(|i| i.grid.jit) == 0 { format!("{} waves × {} cycles", w.count, grouped(st.inputs.with(|i| i.grid.dur).into())) } else { let _ = t; match l { Lang::En => "uneven durations: slots refill as they free".into(), Lang::Zh => "时长不均：槽位一空出就补入".into() } }).unwrap_or_default(), o.trace.as_ref().map(|t| format!("{} cycles", grouped(t.makespan_cycles().into()))).unwrap_or_default(), "makespan"),
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
                        <p class="gx-note">{match l {
                            Lang::En => "The tail wave keeps the whole GPU busy for a full block duration while only its blocks run: the efficiency is the share of slot-time the grid fills. A grid of many waves, or one sized to a multiple of the full wave, hides the tail.",
                            Lang::Zh => "尾波也要占满一个完整的 block 时长，而此时只有它的 block 在运行：波次效率就是 grid 填满的槽位时间占比。波数很多，或 grid 恰为整波的整数倍，都能掩盖尾波。",
                        }}</p>
                    }.into_any()
                })
            }}
        </section>
    }
}

/// Per-SM resident blocks at the current cycle, for screen readers.
#[component]
pub fn DataTable() -> impl IntoView {
    let st = state();
    // Built only while open, so the animation does not rebuild it every frame.
    let open = RwSignal::new(false);
    view! {
        <details class="l-body gx-data-table" data-testid="data-table"
            on:toggle=move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
            <summary>{t(text::DATA_TABLE)}</summary>
            <ul class="gx-data-table__points">
                {move || {
                    if !open.get() {
                        return None;
                    }
                    let cycle = st.cycle.get();
                    st.outputs.with(|o| o.trace.as_ref().map(|trace| {
                        (0..trace.sm_count()).map(|sm| {
                            let blocks = trace.blocks_running_on(sm, cycle);
                            let list = blocks.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(", ");
                            view! { <li>{format!("SM {sm}: {} [{list}]", blocks.len())}</li> }
                        }).collect_view()
                    }))
                }}
            </ul>
        </details>
    }
}
