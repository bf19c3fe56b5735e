//! Section "pe-array": the course's 4 × 4 PE array stepped stage by stage.

use leptos::prelude::*;

use super::state::{limits, GenState};
use super::text;
use crate::model::tensor_core_gen::pe_array::{PeStage, COURSE_PE_ARRAY};
use crate::ui::format::grouped;
use crate::ui::i18n::{t, use_lang};
use crate::ui::widgets::{DataDetails, RangeSlider, StepPlayer};

/// A value as the figure prints it: whole numbers without decimals.
pub fn num(x: f32) -> String {
    // −4 × 0 is −0 in IEEE arithmetic; print it as 0.
    let x = x + 0.0;
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

/// Up to four values as a 2 × 2 block, following `v`: the block is built once, a change rewrites its numbers.
fn live_values(v: impl Fn() -> Vec<f32> + Send + Sync + Copy + 'static) -> impl IntoView {
    view! {
        <span class="gx-pe__vals">
            {move || v().into_iter().map(|x| view! { <span>{num(x)}</span> }).collect_view()}
        </span>
    }
}

/// The PE array figure, its player and counters.
#[component]
pub fn PeSection() -> impl IntoView {
    let st = expect_context::<GenState>();
    let lang = use_lang();
    let out = st.outputs;
    let n = COURSE_PE_ARRAY.pes_per_side as usize;
    let last = Signal::derive(move || out.with(|o| o.trace.len().saturating_sub(1) as u32));
    let step = Signal::derive(move || out.with(|o| o.step as u32));
    // The stage shown; the grid is built once (while there is a trace) and a step or a new seed
    // rewrites its numbers and toggles its highlights.
    let current = Memo::new(move |_| out.with(|o| o.trace.get(o.step).cloned()));
    let shown = Memo::new(move |_| current.with(Option::is_some));
    let broadcast = Memo::new(move |_| {
        current.with(|s| s.as_ref().is_some_and(|s| s.stage == PeStage::Broadcast))
    });
    let accumulate = Memo::new(move |_| {
        current.with(|s| s.as_ref().is_some_and(|s| s.stage == PeStage::Accumulate))
    });
    let grid = move || {
        if !shown.get() {
            return ().into_any();
        }
        let mut cells = vec![view! {
            <div class="gx-pe__corner">{t(text::B_WIRES)}<br/>{t(text::A_WIRES)}</div>
        }
        .into_any()];
        for j in 0..n {
            let col = move || {
                current.with(|s| {
                    s.as_ref()
                        .and_then(|s| s.b_col.get(j).cloned())
                        .unwrap_or_default()
                })
            };
            cells.push(
                view! {
                    <div class="gx-pe__wire gx-pe__wire--b" class:is-active=move || broadcast.get() data-testid=format!("b-col-{j}")>
                        {live_values(col)}
                    </div>
                }
                .into_any(),
            );
        }
        for i in 0..n {
            let row = move || {
                current.with(|s| {
                    s.as_ref()
                        .and_then(|s| s.a_row.get(i).cloned())
                        .unwrap_or_default()
                })
            };
            cells.push(
                view! {
                    <div class="gx-pe__wire gx-pe__wire--a" class:is-active=move || broadcast.get() data-testid=format!("a-row-{i}")>
                        {live_values(row)}
                    </div>
                }
                .into_any(),
            );
            for j in 0..n {
                let p = i * n + j;
                let vals = move || {
                    current.with(|s| {
                        s.as_ref()
                            .and_then(|s| s.pe_values.get(p).cloned())
                            .unwrap_or_default()
                    })
                };
                let active = move || {
                    current.with(|s| {
                        s.as_ref()
                            .is_some_and(|s| s.pe_values.get(p).is_some_and(|v| !v.is_empty()))
                    })
                };
                let acc = move || {
                    current.with(|s| {
                        s.as_ref()
                            .and_then(|s| s.accumulators.get(p).copied())
                            .unwrap_or(0.0)
                    })
                };
                cells.push(
                    view! {
                        <div class="gx-pe__cell" class:is-active=active data-testid=format!("pe-{i}-{j}")>
                            <span class="gx-pe__name">{format!("PE {i},{j}")}</span>
                            // Always two rows high, so the cell keeps its size as the cycle steps.
                            {live_values(move || if accumulate.get() { Vec::new() } else { vals() })}
                            <span class="gx-pe__acc" data-testid=format!("acc-{i}-{j}")>{move || format!("acc {}", num(acc()))}</span>
                        </div>
                    }
                    .into_any(),
                );
            }
        }
        cells.into_view().into_any()
    };
    let stage_line = move || {
        out.with(|o| {
            let Some(s) = o.trace.get(o.step) else {
                return String::new();
            };
            let stages = COURSE_PE_ARRAY.stages_per_cycle();
            let cycles = (o.trace.len() as u32) / stages.max(1);
            let within = (o.step as u32) % stages.max(1);
            format!(
                "{} — {}",
                text::progress(s.cycle, cycles, within, stages, lang.get()),
                text::stage(s.stage, lang.get())
            )
        })
    };
    let done = move || {
        out.with(|o| {
            let last = o.trace.len().saturating_sub(1);
            let exact = o.trace.last().is_some_and(|s| {
                s.accumulators
                    .iter()
                    .zip(&o.reference)
                    .all(|(a, r)| f64::from(*a) == *r)
            });
            if o.step == last && exact {
                text::RESULT_OK.get(lang.get())
            } else {
                text::RESULT_PENDING.get(lang.get())
            }
        })
    };
    let acc_len =
        Memo::new(move |_| current.with(|s| s.as_ref().map_or(0, |s| s.accumulators.len())));
    let macs_done = move || out.with(|o| o.trace.get(o.step).map(|s| s.macs_done).unwrap_or(0));
    view! {
        <section class="l-page gx-section" data-testid="pe-array">
            <div class="l-body">
                <h2>{t(text::PE_TITLE)}</h2>
                <p>{t(text::PE_INTRO)}</p>
                <div class="gx-tcg__controls">
                    <RangeSlider label=text::SEED_LABEL min=limits::SEED.0 max=limits::SEED.1 testid="slider-seed"
                        value=Signal::derive(move || st.inputs.with(|i| i.seed))
                        on_input=Callback::new(move |v| st.inputs.update(|i| { i.seed = v; i.step = 0; }))/>
                    <RangeSlider label=text::K_LABEL min=limits::K_BLOCKS.0 max=limits::K_BLOCKS.1 testid="slider-kb"
                        value=Signal::derive(move || st.inputs.with(|i| i.kb))
                        on_input=Callback::new(move |v| st.inputs.update(|i| { i.kb = v; i.step = 0; }))/>
                </div>
                <StepPlayer step=step on_step=Callback::new(move |s: u32| st.inputs.update(|i| i.step = u64::from(s)))
                    playing=st.playing last=last interval_ms=900 label=text::PLAYER_LABEL/>
                <p class="gx-tcg__stage" data-testid="pe-stage" data-substep="" aria-live="polite">{stage_line}</p>
            </div>
            <div data-testid="figure">
                <div class="gx-pe" data-testid="pe-grid">{grid}</div>
            </div>
            <div class="l-body">
                <dl class="gx-tcg__counters" data-testid="pe-counters">
                    <div><dt>{t(text::MACS_PER_CYCLE)}</dt><dd data-testid="macs-per-cycle">{COURSE_PE_ARRAY.macs_per_cycle()}</dd></div>
                    <div><dt>{t(text::ADDER_LEVELS)}</dt><dd data-testid="adder-levels">{COURSE_PE_ARRAY.adder_levels()}</dd></div>
                    <div><dt>{t(text::MACS_DONE)}</dt><dd data-testid="macs-done">{move || grouped(macs_done())}</dd></div>
                </dl>
                <p data-testid="pe-result">{done}</p>
                <p class="gx-note">{t(text::PE_VOLTA)}</p>
            </div>
            <DataDetails summary=text::PE_TABLE testid="pe-data-table">
                <table class="gx-table gx-table--numeric">
                    <tbody>{move || {
                        // One row per line of accumulators, built once; a change rewrites the numbers.
                        let rows = acc_len.get().div_ceil(n.max(1));
                        (0..rows).map(|i| view! {
                            <tr><th scope="row">{format!("D[{i}]")}</th>{(0..n).filter(|j| i * n + j < acc_len.get_untracked()).map(|j| view! {
                                <td>{move || current.with(|s| s.as_ref().and_then(|s| s.accumulators.get(i * n + j).copied()).map(num).unwrap_or_default())}</td>
                            }).collect_view()}</tr>
                        }).collect_view()
                    }}</tbody>
                </table>
            </DataDetails>
        </section>
    }
}
