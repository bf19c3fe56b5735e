//! Section "launch": grid, warps, K slices, WMMA counts, shared memory, HBM bytes and the
//! roofline point of the course kernel for the reader's K, N and warps per block.

use leptos::prelude::*;

use super::state::{limits, TcState};
use super::text;
use crate::model::roofline::Bound;
use crate::model::w8a8::{WMMA_K, WMMA_M, WMMA_N};
use crate::ui::format::{bytes_binary, fixed, grouped, micros, si, sig3};
use crate::ui::i18n::{t, tr, use_lang, Lang, Tr};
use crate::ui::widgets::{RangeSlider, Scale};

/// Bytes as MiB with two decimals (16,805,888 B = 16.03 MiB).
pub fn mib(bytes: u64) -> String {
    format!("{} MiB", fixed(bytes as f64 / 1_048_576.0, 2))
}

fn state() -> TcState {
    expect_context::<TcState>()
}

/// K, N and warps per block.
#[component]
pub fn LaunchControls() -> impl IntoView {
    let st = state();
    view! {
        <div class="gx-tc-controls" data-testid="launch-controls">
            <RangeSlider label=text::K_LABEL min=limits::DIM.0 max=limits::DIM.1 scale=Scale::Log2 testid="slider-k"
                value=Signal::derive(move || st.inputs.with(|i| i.k))
                on_input=Callback::new(move |v| st.inputs.update(|i| i.k = v))/>
            <RangeSlider label=text::N_LABEL min=limits::DIM.0 max=limits::DIM.1 scale=Scale::Log2 testid="slider-n"
                value=Signal::derive(move || st.inputs.with(|i| i.n))
                on_input=Callback::new(move |v| st.inputs.update(|i| i.n = v))/>
            <RangeSlider label=text::WARPS_LABEL min=limits::WARPS.0 max=limits::WARPS.1 testid="slider-warps"
                value=Signal::derive(move || st.inputs.with(|i| i.warps))
                on_input=Callback::new(move |v| st.inputs.update(|i| i.warps = v))/>
        </div>
    }
}

fn row(label: Tr, formula: String, value: String, testid: &'static str) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">{t(label)}</th>
            <td class="gx-formula">{formula}</td>
            <td class="gx-value" data-testid=testid>{value}</td>
        </tr>
    }
}

fn bound_text(b: Bound) -> Tr {
    match b {
        Bound::Memory => tr("memory-bound", "memory-bound（带宽瓶颈）"),
        Bound::Compute => tr("compute-bound", "compute-bound（算力瓶颈）"),
    }
}

/// The numbers of the launch, with formulas, or the model's error.
#[component]
pub fn LaunchNumbers() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let body = move || {
        let out = st.outputs.get();
        let lv = out.launch;
        let g = lv.kernel;
        if let Err(e) = &lv.valid {
            let why = text::launch_error(e);
            return view! {
                <div class="gx-error" role="alert" data-testid="launch-error">
                    {(lang.get() == Lang::En).then(|| view! { <p><strong>{e.to_string()}</strong></p> })}
                    <p>{why.get(lang.get())}</p>
                    <p>{t(text::INVALID_LAUNCH)}</p>
                </div>
            }
            .into_any();
        }
        let smem = g.smem_bytes();
        let hbm = g.hbm();
        let util = g.tensor_utilisation();
        let roof_rows = [("A100", lv.a100), ("H100", lv.h100)]
            .into_iter()
            .filter_map(|(name, p)| {
                let p = p?;
                Some(view! {
                    <tr>
                        <th scope="row">{name}</th>
                        <td>{sig3(p.intensity)}</td>
                        <td>{sig3(p.roof.ridge_point())}</td>
                        <td>{si(p.roof.peak_flops_per_s, "OP/s")}</td>
                        <td>{si(p.roof.bandwidth_bytes_per_s, "B/s")}</td>
                        <td data-testid=format!("time-{}", name.to_lowercase())>{micros(p.time_lower_bound_s)}</td>
                        <td>{bound_text(p.bound).get(lang.get())}</td>
                    </tr>
                })
            })
            .collect_view();
        let link = format!("./roofline?kind=w8a8&wk={}&wn={}", g.k, g.n);
        let (k, n, w) = (g.k, g.n, g.warps_per_block);
        view! {
            <div class="gx-table-scroll">
            <table class="gx-table gx-numbers" data-testid="launch-numbers">
                <tbody>
                    {row(tr("blocks in the grid", "Grid 中的 Block 数"), format!("N / {WMMA_N} = {n} / {WMMA_N}"), grouped(u64::from(g.grid_blocks())), "grid-blocks")}
                    {row(tr("threads per block", "每 Block 线程数"), format!("32 × warps = 32 × {w}"), grouped(u64::from(g.threads_per_block())), "threads")}
                    {row(tr("outputs per block", "每 Block 输出数"), "WMMA_N".to_string(), WMMA_N.to_string(), "outputs-per-block")}
                    {row(tr("K slice per warp", "每 Warp 的 K Slice"), format!("K / warps = {k} / {w}"), grouped(u64::from(g.k_per_warp())), "k-per-warp")}
                    {row(tr("wmma::mma_sync per warp", "每 Warp 的 mma_sync 次数"), format!("K slice / {WMMA_K} = {} / {WMMA_K}", g.k_per_warp()), grouped(u64::from(g.mma_per_warp())), "mma-per-warp")}
                    {row(tr("wmma::mma_sync per block", "每 Block 的 mma_sync 次数"), format!("{} × {w}", g.mma_per_warp()), grouped(u64::from(g.mma_per_block())), "mma-per-block")}
                    {row(tr("wmma::mma_sync in the grid", "整个 Grid 的 mma_sync 次数"), format!("{} × {}", g.mma_per_block(), g.grid_blocks()), grouped(g.mma_total()), "mma-total")}
                    {row(tr("IMMA.16816 in SASS", "SASS 中的 IMMA.16816"), format!("2 × {}", grouped(g.mma_total())), grouped(g.imma_total()), "imma-total")}
                    {row(tr("useful multiply-adds", "有用的乘加次数"), format!("K × N = {k} × {n}"), grouped(g.useful_macs()), "useful-macs")}
                    {row(tr("multiply-adds on the Tensor Cores", "Tensor Core 实际做的乘加"), format!("{} × {WMMA_M}·{WMMA_N}·{WMMA_K}", grouped(g.mma_total())), grouped(g.tensor_macs()), "tensor-macs")}
                    {row(tr("useful share", "有用比例"), match lang.get() { Lang::En => format!("1 of {WMMA_M} A rows: {} / {}", grouped(g.useful_macs()), grouped(g.tensor_macs())), Lang::Zh => format!("A 的 {WMMA_M} 行中 1 行：{} / {}", grouped(g.useful_macs()), grouped(g.tensor_macs())) }, format!("{} % (1/{})", fixed(util * 100.0, 2), fixed(1.0 / util.max(f64::MIN_POSITIVE), 0)), "utilisation")}
                    {row(tr("shared memory per block", "每 Block 的 Shared Memory"), format!("{w} × ({} + {} + {}) B", smem.a_tile_bytes / w.max(1), smem.b_tile_bytes / w.max(1), smem.c_tile_bytes / w.max(1)), format!("{} B = {}", grouped(u64::from(smem.total_bytes())), bytes_binary(f64::from(smem.total_bytes()))), "smem")}
                    {row(tr("minimum HBM traffic", "最小 HBM 流量"), format!("N·K + K + 4·N + 2·N = {} + {} + {} + {}", grouped(hbm.weight_bytes), grouped(hbm.activation_bytes), grouped(hbm.weight_scale_bytes), grouped(hbm.output_bytes)), format!("{} B = {}", grouped(hbm.total_bytes()), mib(hbm.total_bytes())), "hbm")}
                    {row(tr("arithmetic intensity", "算术强度"), format!("2·K·N / bytes = {} / {}", grouped(g.useful_ops()), grouped(hbm.total_bytes())), format!("{} OP/B", sig3(g.intensity_ops_per_byte())), "intensity")}
                    {row(tr("global load requests / sectors", "Global 加载请求 / sector 数"), if lang.get() == Lang::Zh { "每 Warp 每 K Tile 9 条请求、17 个 sector + 每 Block 1 条请求、2 个 sector".to_string() } else { "9 requests, 17 sectors per warp per K tile + 1 request, 2 sectors per block".to_string() }, format!("{} / {}", grouped(lv.loads.requests), grouped(lv.loads.sectors)), "loads")}
                </tbody>
            </table>
            </div>
            <h3>{t(tr("Its point on the roofline (INT8 Tensor roof, course values)", "它在 Roofline 上的位置（INT8 Tensor 屋顶，课程取整值）"))}</h3>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric" data-testid="launch-roofline">
                <thead><tr>
                    <th scope="col">"GPU"</th>
                    <th scope="col">{t(tr("I (OP/B)", "I（OP/B）"))}</th>
                    <th scope="col">{t(tr("ridge", "拐点"))}</th>
                    <th scope="col">{t(tr("INT8 peak", "INT8 峰值"))}</th>
                    <th scope="col">{t(tr("HBM", "HBM"))}</th>
                    <th scope="col">{t(tr("time ≥", "时间下界"))}</th>
                    <th scope="col">{t(tr("bound", "瓶颈"))}</th>
                </tr></thead>
                <tbody>{roof_rows}</tbody>
            </table>
            </div>
            <p><a href=link data-testid="roofline-link">{t(text::ROOFLINE_LINK)}</a></p>
        }
        .into_any()
    };
    let tiles = move || {
        let lv = st.outputs.get().launch;
        if lv.valid.is_err() {
            return None;
        }
        let rows = lv
            .tile_costs
            .into_iter()
            .map(|(s, c)| match c {
                Some(c) => view! {
                    <tr>
                        <th scope="row">{s.label()}</th>
                        <td>{grouped(c.mma_total)}</td>
                        <td>{grouped(c.tensor_macs)}</td>
                        <td>{c.padding_rows}</td>
                        <td>{format!("1/{}", c.m)}</td>
                    </tr>
                }
                .into_any(),
                None => view! { <tr><th scope="row">{s.label()}</th><td colspan="4">"—"</td></tr> }
                    .into_any(),
            })
            .collect_view();
        Some(view! {
            <h3>{t(text::TILE_SHAPES)}</h3>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric">
                <thead><tr>
                    <th scope="col">{t(tr("tile", "Tile"))}</th>
                    <th scope="col">"mma_sync"</th>
                    <th scope="col">{t(tr("Tensor MACs", "Tensor 乘加"))}</th>
                    <th scope="col">{t(tr("padding rows", "补 0 行"))}</th>
                    <th scope="col">{t(tr("useful", "有用比例"))}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
            </div>
            <p class="gx-note">{t(text::TILE_SHAPES_NOTE)}</p>
        })
    };
    view! {
        <div class="gx-launch">
            {body}
            {tiles}
        </div>
    }
}

/// Whole section.
#[component]
pub fn LaunchSection() -> impl IntoView {
    let lang = use_lang();
    view! {
        <section class="l-page gx-section" data-testid="launch">
            <div class="l-body">
                <h2>{t(text::LAUNCH_TITLE)}</h2>
                <p>{t(text::LAUNCH_INTRO)}</p>
            </div>
            <div class="gx-figure-grid">
                <div class="gx-figure gx-pad"><LaunchNumbers/></div>
                <aside class="gx-controls" aria-label=move || if lang.get() == Lang::Zh { "Launch 控制" } else { "Launch controls" }>
                    <LaunchControls/>
                </aside>
            </div>
        </section>
    }
}
