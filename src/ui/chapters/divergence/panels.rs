//! Controls, the numbers with their formulas, the side-by-side comparison, the per-warp table
//! and the data table.

use leptos::prelude::*;

use crate::ui::format::percent as pct;
use crate::ui::shell::range_slider;

use crate::ui::widgets::formula_row_testid as row;

use crate::ui::widgets::DataDetails;

use super::figure::state;
use super::state::{bits, has_two_sided_branch, hex, limits, Kernel, Order};
use super::text;
use super::timeline::Timeline;
use crate::model::simt::warps_per_block;
use crate::ui::i18n::{t, use_lang};
use crate::ui::widgets::{select_field, RangeSlider};

/// The controls: preset, branch order, block and warp, n, blockIdx, seed.
#[component]
pub fn Controls() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let kernel = Memo::new(move |_| st.inputs.with(|i| i.kernel()));
    let uses = move |reads: fn(Kernel) -> bool| move || reads(kernel.get());
    // Rebuilt when the block's warp count changes, not at every tick of the block slider.
    let last_warp =
        Memo::new(move |_| warps_per_block(st.inputs.with(|i| i.block)).saturating_sub(1));
    let warp_slider = move || {
        let last = last_warp.get();
        view! {
            <RangeSlider
                label=text::WARP min=0 max=u64::from(last) testid="slider-warp"
                value=Signal::derive(move || u64::from(st.inputs.with(|i| i.warp)))
                on_input=Callback::new(move |v: u64| {
                    let v = u32::try_from(v).unwrap_or(0);
                    st.inputs.update(|i| i.warp = v);
                })
            />
        }
    };
    view! {
        <aside class="gx-controls" aria-label=t(text::CONTROLS)>
            {select_field(
                text::PRESET,
                "select-preset",
                Kernel::ALL.iter().map(|k| (k.id().to_string(), text::preset_title(*k))).collect(),
                Signal::derive(move || kernel.get().id().to_string()),
                move |v| st.choose_preset(&v),
            )}
            <p class="gx-note" data-testid="preset-note">{move || text::preset_note(kernel.get()).get(lang.get())}</p>
            <Show when=move || st.outputs.with(|o| has_two_sided_branch(&o.preset.program.body))>
            <fieldset class="gx-field gx-radios">
                <legend class="gx-field__label">{t(text::ORDER)}</legend>
                {Order::ALL.iter().map(|o| {
                    let o = *o;
                    view! {
                        <label>
                            <input type="radio" name="simt-order" data-testid=format!("order-{o:?}").to_ascii_lowercase()
                                prop:checked=move || st.inputs.with(|i| i.order == o)
                                on:change=move |_| st.inputs.update(|i| i.order = o)/>
                            {t(text::order(o))}
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            </Show>
            <RangeSlider
                label=text::BLOCK min=u64::from(limits::BLOCK.0) max=u64::from(limits::BLOCK.1) testid="slider-block"
                value=Signal::derive(move || u64::from(st.inputs.with(|i| i.block)))
                on_input=Callback::new(move |v: u64| st.set_block(u32::try_from(v).unwrap_or(limits::BLOCK.1)))
            />
            {warp_slider}
            <Show when=uses(Kernel::uses_n)>
                {range_slider(st.inputs, text::N, limits::N, |i| i.n, |i, v| i.n = v, "slider-n")}
            </Show>
            <Show when=uses(Kernel::uses_block_index)>
                {range_slider(st.inputs, text::BIDX, limits::BLOCK_INDEX, |i| i.bidx, |i, v| i.bidx = v, "slider-bidx")}
            </Show>
            <Show when=uses(Kernel::uses_seed)>
                {range_slider(st.inputs, text::SEED, limits::SEED, |i| i.seed, |i, v| i.seed = v, "slider-seed")}
            </Show>
        </aside>
    }
}

/// `a + b + c …` of the first terms, with an ellipsis past `max`.
fn sum_terms(values: &[u32], max: usize) -> String {
    let mut s = values
        .iter()
        .take(max)
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" + ");
    if values.len() > max {
        s.push_str(" + …");
    }
    s
}

/// Issue slots, active lanes, lane efficiency and the divergence counts, with formulas.
#[component]
pub fn NumbersPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <section class="l-body gx-numbers" data-testid="numbers">
            <h2>{t(text::NUMBERS)}</h2>
            {move || {
                let out = st.outputs.get();
                let tr_ = &out.trace;
                let slots = tr_.issue_slots();
                let active = tr_.active_lane_slots();
                let pops: Vec<u32> = tr_.steps.iter().map(|s| s.mask.count_ones()).collect();
                let launched = tr_.launch_mask.count_ones();
                let l = lang.get();
                let warp_txt = text::warp_line(
                    out.input.warp_index,
                    out.warps_per_block,
                    (out.input.threads_per_block, out.input.block_index),
                    &hex(tr_.launch_mask),
                    l,
                );
                view! {
                    <p class="gx-numbers__gpu">{warp_txt}</p>
                    <table class="gx-table">
                        <thead><tr>
                            <th scope="col">{t(text::COL_QUANTITY)}</th>
                            <th scope="col">{t(text::COL_FORMULA)}</th>
                            <th scope="col">{t(text::COL_VALUE)}</th>
                        </tr></thead>
                        <tbody>
                            {row(text::ISSUE_SLOTS, text::ISSUE_SLOTS_FORMULA.get(l).to_string(), slots.to_string(), "issue-slots")}
                            {row(text::ACTIVE_LANE_SLOTS, format!("Σ popcount(mask) = {}", sum_terms(&pops, 12)), active.to_string(), "active-lanes")}
                            {row(text::EFFICIENCY, text::efficiency_formula(32, active, slots, l), pct(tr_.lane_efficiency()), "efficiency")}
                            {row(text::EFFICIENCY_LAUNCHED, text::efficiency_formula(launched, active, slots, l), pct(tr_.lane_efficiency_vs_launch()), "efficiency-launch")}
                            {row(text::DIVERGENT_BRANCHES, text::DIVERGENT_BRANCHES_FORMULA.get(l).to_string(), tr_.divergent_branches.to_string(), "divergent-branches")}
                            {row(text::SERIALISED_PATHS, text::SERIALISED_PATHS_FORMULA.get(l).to_string(), tr_.serialized_paths.to_string(), "serialized-paths")}
                            {row(text::LOOP_PASSES, text::LOOP_PASSES_FORMULA.get(l).to_string(), tr_.divergent_loop_passes.to_string(), "loop-passes")}
                            {row(text::RECONVERGENCES, text::RECONVERGENCES_FORMULA.get(l).to_string(), tr_.reconvergences.len().to_string(), "reconvergences")}
                        </tbody>
                    </table>
                    {tr_.truncated.then(|| view! { <p class="gx-error" role="alert">{t(text::TRUNCATED)}</p> })}
                }
            }}
        </section>
    }
}

/// The course's comparison: the twin preset's trace next to this one's.
#[component]
pub fn ComparePanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let has_twin = Memo::new(move |_| st.outputs.with(|o| o.twin.is_some()));
    let twin = Signal::derive(move || {
        st.outputs.with(|o| {
            o.twin
                .as_ref()
                .map(|t| t.trace.clone())
                .unwrap_or_else(|| o.trace.clone())
        })
    });
    let this_trace = Signal::derive(move || st.outputs.with(|o| o.trace.clone()));
    let card = move |which: bool| {
        let trace = if which { this_trace } else { twin };
        let title = move || {
            let k = st.outputs.with(|o| {
                if which {
                    o.kernel
                } else {
                    o.twin.as_ref().map_or(o.kernel, |t| t.kernel)
                }
            });
            text::preset_title(k).get(lang.get())
        };
        let summary = move || {
            let t = trace.get();
            text::compare_summary(
                t.issue_slots(),
                t.divergent_branches,
                &pct(t.lane_efficiency()),
                lang.get(),
            )
        };
        view! {
            <div class="gx-compare__card" data-testid=if which { "compare-this" } else { "compare-twin" }>
                <h3>{title}</h3>
                <p class="gx-note">{summary}</p>
                <Timeline trace=trace/>
            </div>
        }
    };
    view! {
        <Show when=move || has_twin.get()>
            <section class="l-page gx-compare" data-testid="compare">
                <h2 class="l-body">{t(text::COMPARE)}</h2>
                <p class="l-body gx-note">{move || text::compare_note(st.outputs.with(|o| o.kernel)).get(lang.get())}</p>
                <div class="gx-compare__grid">
                    {card(true)}
                    {card(false)}
                </div>
            </section>
        </Show>
    }
}

/// Every warp of the block: launch mask, issue slots, divergence. Click to look at one.
#[component]
pub fn WarpsTable() -> impl IntoView {
    let st = state();
    view! {
        <section class="l-body" data-testid="warps">
            <h2>{t(text::WARPS)}</h2>
            <p class="gx-note">{t(text::WARPS_NOTE)}</p>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric">
                <thead><tr>
                    <th scope="col">"warp"</th>
                    <th scope="col">{t(text::COL_LAUNCH_MASK)}</th>
                    <th scope="col">{t(text::COL_ISSUE_SLOTS)}</th>
                    <th scope="col">{t(text::COL_DIVERGENCE)}</th>
                    <th scope="col">{t(text::COL_EFFICIENCY)}</th>
                    <th scope="col"><span class="gx-sr-only">{t(text::COL_SHOW)}</span></th>
                </tr></thead>
                <tbody>
                    {move || {
                        let out = st.outputs.get();
                        let sel = out.input.warp_index;
                        out.warps.into_iter().map(|w| {
                            let warp = w.warp;
                            let diverges = w.divergent_branches + w.divergent_loop_passes > 0;
                            view! {
                                <tr class:gx-row--selected=warp == sel class:gx-row--diverges=diverges data-testid="warp-row">
                                    <th scope="row">{warp}</th>
                                    <td><code>{hex(w.launch_mask)}</code></td>
                                    <td>{w.issue_slots}</td>
                                    <td>{w.divergent_branches + w.divergent_loop_passes}</td>
                                    <td>{pct(w.lane_efficiency)}</td>
                                    <td>
                                        <button class="gx-button gx-button--small" disabled=warp == sel
                                            on:click=move |_| st.inputs.update(|i| { i.warp = warp; i.step = 0; })>
                                            {t(text::SHOW_WARP)}
                                        </button>
                                    </td>
                                </tr>
                            }
                        }).collect_view()
                    }}
                </tbody>
            </table>
            </div>
        </section>
    }
}

/// The figure's data: every step with its line, path and mask.
#[component]
pub fn DataTable() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <DataDetails summary=text::DATA_TABLE>
            <table class="gx-table gx-table--numeric">
                <thead><tr>
                    <th scope="col">"#"</th>
                    <th scope="col">{t(text::COL_LINE)}</th>
                    <th scope="col">{t(text::COL_PATH)}</th>
                    <th scope="col">{t(text::COL_MASK)}</th>
                    <th scope="col">{t(text::COL_ACTIVE)}</th>
                </tr></thead>
                <tbody>
                    {move || {
                        let out = st.outputs.get();
                        let l = lang.get();
                        out.trace.steps.iter().enumerate().map(|(i, s)| view! {
                            <tr>
                                <td>{i + 1}</td>
                                <td>{s.line + 1}</td>
                                <td>{text::path_label(&s.path, l)}</td>
                                <td><code>{hex(s.mask)}</code>" "<code>{bits(s.mask)}</code></td>
                                <td>{s.mask.count_ones()}</td>
                            </tr>
                        }).collect_view()
                    }}
                </tbody>
            </table>
        </DataDetails>
    }
}
