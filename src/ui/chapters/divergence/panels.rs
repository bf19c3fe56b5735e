//! Controls, the numbers with their formulas, the side-by-side comparison, the per-warp table
//! and the data table.

use leptos::prelude::*;

use crate::ui::widgets::DataDetails;

use super::figure::{path_label, state};
use super::state::{bits, hex, limits, Order};
use super::text;
use super::timeline::Timeline;
use crate::model::simt::{warps_per_block, PRESET_IDS};
use crate::ui::format::fixed;
use crate::ui::i18n::{t, tr, use_lang, Lang, Tr};
use crate::ui::widgets::RangeSlider;

fn slider(
    label: Tr,
    range: (u32, u32),
    get: fn(&super::state::DivergenceInputs) -> u32,
    put: fn(&mut super::state::DivergenceInputs, u32),
    testid: &'static str,
) -> impl IntoView {
    let st = state();
    view! {
        <RangeSlider
            label=label min=u64::from(range.0) max=u64::from(range.1) testid=testid
            value=Signal::derive(move || u64::from(st.inputs.with(get)))
            on_input=Callback::new(move |v: u64| {
                let v = u32::try_from(v).unwrap_or(range.1);
                st.inputs.update(|i| put(i, v));
            })
        />
    }
}

/// The controls: preset, branch order, block and warp, n, blockIdx, seed.
#[component]
pub fn Controls() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let preset = Memo::new(move |_| st.inputs.with(|i| i.preset.clone()));
    let uses = move |ids: &'static [&'static str]| move || ids.contains(&preset.get().as_str());
    let warp_slider = move || {
        let last = warps_per_block(st.inputs.with(|i| i.block)).saturating_sub(1);
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
        <aside class="gx-controls" aria-label=move || if lang.get() == Lang::Zh { "控制" } else { "Controls" }>
            <label class="gx-field">
                <span class="gx-field__label">{t(text::PRESET)}</span>
                <select class="gx-select" data-testid="select-preset" on:change=move |ev| {
                    st.choose_preset(&event_target_value(&ev));
                }>
                    {PRESET_IDS.iter().map(|id| {
                        let id = *id;
                        view! { <option value=id selected=move || preset.get() == id>{move || text::preset_title(id).get(lang.get())}</option> }
                    }).collect_view()}
                </select>
            </label>
            <p class="gx-note" data-testid="preset-note">{move || text::preset_note(&preset.get()).get(lang.get())}</p>
            <fieldset class="gx-field gx-radios">
                <legend class="gx-field__label">{t(text::ORDER)}</legend>
                {Order::ALL.iter().map(|o| {
                    let o = *o;
                    view! {
                        <label>
                            <input type="radio" name="simt-order" data-testid=format!("order-{o:?}").to_lowercase()
                                prop:checked=move || st.inputs.with(|i| i.order == o)
                                on:change=move |_| st.inputs.update(|i| i.order = o)/>
                            {move || text::order(o).get(lang.get())}
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <RangeSlider
                label=text::BLOCK min=u64::from(limits::BLOCK.0) max=u64::from(limits::BLOCK.1) testid="slider-block"
                value=Signal::derive(move || u64::from(st.inputs.with(|i| i.block)))
                on_input=Callback::new(move |v: u64| st.set_block(u32::try_from(v).unwrap_or(limits::BLOCK.1)))
            />
            {warp_slider}
            <Show when=uses(&["bounds-check"])>
                {slider(text::N, limits::N, |i| i.n, |i, v| i.n = v, "slider-n")}
            </Show>
            <Show when=uses(&["bounds-check", "data-dependent"])>
                {slider(text::BIDX, limits::BLOCK_INDEX, |i| i.bidx, |i, v| i.bidx = v, "slider-bidx")}
            </Show>
            <Show when=uses(&["data-dependent"])>
                {slider(text::SEED, limits::SEED, |i| i.seed, |i, v| i.seed = v, "slider-seed")}
            </Show>
        </aside>
    }
}

fn row(name: Tr, formula: String, value: String, testid: &'static str) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">{t(name)}</th>
            <td class="gx-formula">{formula}</td>
            <td class="gx-value" data-testid=testid>{value}</td>
        </tr>
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

fn pct(x: f64) -> String {
    format!("{} %", fixed(x * 100.0, 1))
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
                let warp_txt = match l {
                    Lang::En => format!("warp {} of {} (blockDim.x = {}, blockIdx.x = {}) · launch mask {}",
                        out.input.warp_index, out.warps_per_block, out.input.threads_per_block, out.input.block_index, hex(tr_.launch_mask)),
                    Lang::Zh => format!("第 {} 个 warp，共 {} 个（blockDim.x = {}，blockIdx.x = {}）· 启动掩码 {}",
                        out.input.warp_index, out.warps_per_block, out.input.threads_per_block, out.input.block_index, hex(tr_.launch_mask)),
                };
                view! {
                    <p class="gx-numbers__gpu">{warp_txt}</p>
                    <table class="gx-table">
                        <thead><tr>
                            <th scope="col">{t(tr("Quantity", "量"))}</th>
                            <th scope="col">{t(tr("Formula", "算式"))}</th>
                            <th scope="col">{t(tr("Value", "数值"))}</th>
                        </tr></thead>
                        <tbody>
                            {row(tr("Issue slots", "发射槽数"), tr("one per issued warp instruction", "每发射一条 warp 指令占一个").get(l).to_string(), slots.to_string(), "issue-slots")}
                            {row(tr("Active lane-slots", "活跃 lane·槽"), format!("Σ popcount(mask) = {}", sum_terms(&pops, 12)), active.to_string(), "active-lanes")}
                            {row(tr("Lane efficiency", "lane 利用率"), format!("Σ active / (32 × slots) = {active} / (32 × {slots})"), pct(tr_.lane_efficiency()), "efficiency")}
                            {row(tr("Efficiency vs the launched lanes", "相对启动 lane 的利用率"), format!("Σ active / ({launched} × slots) = {active} / ({launched} × {slots})"), pct(tr_.lane_efficiency_vs_launch()), "efficiency-launch")}
                            {row(tr("Divergent branches", "分歧的分支"), tr("if executions whose mask split into two non-empty sides", "掩码分成两侧都非空的 if 执行次数").get(l).to_string(), tr_.divergent_branches.to_string(), "divergent-branches")}
                            {row(tr("Serialised paths", "串行执行的路径"), tr("branch sides run under a partial mask", "在部分掩码下执行的分支侧").get(l).to_string(), tr_.serialized_paths.to_string(), "serialized-paths")}
                            {row(tr("Loop passes with lanes dropped out", "有 lane 退出的循环轮次"), tr("warp-level passes with fewer lanes than entered", "活跃 lane 少于进入循环时的轮次").get(l).to_string(), tr_.divergent_loop_passes.to_string(), "loop-passes")}
                            {row(tr("Reconvergences", "重汇合次数"), tr("the mask from before the branch or loop comes back after it (lanes that returned stay off)", "分支或循环结束后，进入前的掩码恢复（已 return 的 lane 不再回来）").get(l).to_string(), tr_.reconvergences.len().to_string(), "reconvergences")}
                        </tbody>
                    </table>
                    {tr_.truncated.then(|| view! { <p class="gx-error" role="alert">{t(tr("The run stopped after 4096 issued instructions.", "执行在发射 4096 条指令后停止。"))}</p> })}
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
            let id = st.outputs.with(|o| {
                if which {
                    o.preset.id
                } else {
                    o.twin.as_ref().map_or(o.preset.id, |t| t.preset.id)
                }
            });
            text::preset_title(id).get(lang.get())
        };
        let summary = move || {
            let t = trace.get();
            match lang.get() {
                Lang::En => format!(
                    "{} issue slots · {} divergent branches · lane efficiency {}",
                    t.issue_slots(),
                    t.divergent_branches,
                    pct(t.lane_efficiency())
                ),
                Lang::Zh => format!(
                    "{} 个发射槽 · {} 次分歧 · lane 利用率 {}",
                    t.issue_slots(),
                    t.divergent_branches,
                    pct(t.lane_efficiency())
                ),
            }
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
                <p class="l-body gx-note">{move || {
                    let id = st.outputs.with(|o| o.preset.id);
                    let l = lang.get();
                    if id.starts_with("loop") {
                        tr("The same loop, as written with #pragma unroll 1 and as nvcc -O3 compiled it on the H200: the unrolled version spends 7 body passes instead of 5 for the same work.",
                             "同一个循环：加 #pragma unroll 1 的写法，与 H200 上 nvcc -O3 编译的样子：展开后的版本为同样的工作执行了 7 轮循环体，而不是 5 轮。").get(l)
                    } else {
                        tr("The course's pair: the same work split by threadIdx.x % 2 (every warp diverges) and by (threadIdx.x / 32) % 2 (no warp diverges). Divergence costs one extra issue slot per if here, and both paths' full length in general.",
                             "课程中的一对写法：同样的工作，按 threadIdx.x % 2 划分（每个 warp 都分歧）与按 (threadIdx.x / 32) % 2 划分（没有 warp 分歧）。这里分歧让每个 if 多花一个发射槽，一般情况下是两条路径长度之和。").get(l)
                    }
                }}</p>
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
    let lang = use_lang();
    view! {
        <section class="l-body" data-testid="warps">
            <h2>{t(text::WARPS)}</h2>
            <p class="gx-note">{t(tr(
                "Warp w holds threadIdx.x = 32w … 32w + 31. Only a warp whose lanes disagree pays for divergence; a partial last warp idles its missing lanes in every instruction.",
                "第 w 个 warp 包含 threadIdx.x = 32w … 32w + 31。只有 lane 之间条件不一致的 warp 才为分歧付出代价；不满的最后一个 warp 在每条指令里都空着缺少的 lane。"))}</p>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric">
                <thead><tr>
                    <th scope="col">"warp"</th>
                    <th scope="col">{t(tr("launch mask", "启动掩码"))}</th>
                    <th scope="col">{t(tr("issue slots", "发射槽"))}</th>
                    <th scope="col">{t(tr("divergent branches + loop passes with lanes dropped", "分歧分支 + 有 lane 退出的循环轮次"))}</th>
                    <th scope="col">{t(tr("lane efficiency", "lane 利用率"))}</th>
                    <th scope="col"></th>
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
                                            {move || if lang.get() == Lang::Zh { "查看" } else { "show" }}
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
                    <th scope="col">{t(tr("line", "行"))}</th>
                    <th scope="col">{t(tr("path", "路径"))}</th>
                    <th scope="col">{t(tr("active mask", "活跃掩码"))}</th>
                    <th scope="col">{t(tr("active lanes", "活跃 lane"))}</th>
                </tr></thead>
                <tbody>
                    {move || {
                        let out = st.outputs.get();
                        let l = lang.get();
                        out.trace.steps.iter().enumerate().map(|(i, s)| view! {
                            <tr>
                                <td>{i + 1}</td>
                                <td>{s.line + 1}</td>
                                <td>{path_label(&s.path, l)}</td>
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
