//! Section "launch": grid, warps, K slices, WMMA counts, shared memory, HBM bytes and the
//! roofline point of the course kernel for the reader's K, N and warps per block.

use leptos::prelude::*;

use crate::ui::widgets::formula_row_testid as row;

use super::head_row;
use super::slider;
use super::state::{limits, TcState};
use super::text;
use crate::model::w8a8::{WMMA_K, WMMA_M, WMMA_N};
use crate::ui::format::{bytes_binary, fixed, grouped, micros, si, sig3};
use crate::ui::i18n::{t, tr, use_lang, Tr};
use crate::ui::widgets::Scale;

/// Bytes as MiB with two decimals (16,805,888 B = 16.03 MiB).
pub fn mib(bytes: u64) -> String {
    format!("{} MiB", fixed(bytes as f64 / 1_048_576.0, 2))
}

/// Columns of the roofline table.
const ROOF_COLS: [Tr; 7] = [
    tr("GPU", "GPU"),
    text::COL_INTENSITY,
    text::COL_RIDGE,
    text::COL_PEAK,
    text::COL_HBM,
    text::COL_TIME,
    text::COL_BOUND,
];

/// Columns of the tile shapes table.
const TILE_COLS: [Tr; 5] = [
    text::COL_TILE,
    tr("mma_sync", "mma_sync"),
    text::COL_TENSOR_MACS,
    text::COL_PADDING,
    text::COL_USEFUL,
];

fn state() -> TcState {
    expect_context::<TcState>()
}

/// K, N and warps per block.
#[component]
pub fn LaunchControls() -> impl IntoView {
    view! {
        <div class="gx-tc-controls" data-testid="launch-controls">
            {slider(text::K_LABEL, limits::DIM, Scale::Log2, "slider-k", |i| i.k, |i, v| i.k = v)}
            {slider(text::N_LABEL, limits::DIM, Scale::Log2, "slider-n", |i| i.n, |i, v| i.n = v)}
            {slider(text::WARPS_LABEL, limits::WARPS, Scale::Linear, "slider-warps", |i| i.warps, |i, v| i.warps = v)}
        </div>
    }
}

/// The numbers of the launch, with formulas, or the model's error.
#[component]
pub fn LaunchNumbers() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let body = move || {
        let lv = st.launch.get();
        let g = lv.kernel;
        if let Err(e) = &lv.valid {
            let why = text::launch_error(e);
            return view! {
                <div class="gx-error" role="alert" data-testid="launch-error">
                    {text::model_error_detail(e, lang.get()).map(|d| view! { <p><strong>{d}</strong></p> })}
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
                        <td data-testid=format!("time-{}", name.to_ascii_lowercase())>{micros(p.time_lower_bound_s)}</td>
                        <td>{text::bound(p.bound).get(lang.get())}</td>
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
                    {[
                    (text::GRID_BLOCKS, format!("N / {WMMA_N} = {n} / {WMMA_N}"), grouped(u64::from(g.grid_blocks())), "grid-blocks"),
                    (text::THREADS, format!("32 × warps = 32 × {w}"), grouped(u64::from(g.threads_per_block())), "threads"),
                    (text::OUTPUTS_PER_BLOCK, "WMMA_N".to_string(), WMMA_N.to_string(), "outputs-per-block"),
                    (text::K_PER_WARP, format!("K / warps = {k} / {w}"), grouped(u64::from(g.k_per_warp())), "k-per-warp"),
                    (text::MMA_PER_WARP, format!("K slice / {WMMA_K} = {} / {WMMA_K}", g.k_per_warp()), grouped(u64::from(g.mma_per_warp())), "mma-per-warp"),
                    (text::MMA_PER_BLOCK, format!("{} × {w}", g.mma_per_warp()), grouped(u64::from(g.mma_per_block())), "mma-per-block"),
                    (text::MMA_TOTAL, format!("{} × {}", g.mma_per_block(), g.grid_blocks()), grouped(g.mma_total()), "mma-total"),
                    (text::IMMA_TOTAL, format!("2 × {}", grouped(g.mma_total())), grouped(g.imma_total()), "imma-total"),
                    (text::USEFUL_MACS, format!("K × N = {k} × {n}"), grouped(g.useful_macs()), "useful-macs"),
                    (text::TENSOR_MACS, format!("{} × {WMMA_M}·{WMMA_N}·{WMMA_K}", grouped(g.mma_total())), grouped(g.tensor_macs()), "tensor-macs"),
                    (text::UTILISATION, text::useful_share(WMMA_M, g.useful_macs(), g.tensor_macs(), lang.get()), format!("{} (1/{})", crate::ui::format::percent(util), fixed(1.0 / util.max(f64::MIN_POSITIVE), 0)), "utilisation"),
                    (text::SMEM, format!("{w} × ({} + {} + {}) B", smem.a_tile_bytes / w.max(1), smem.b_tile_bytes / w.max(1), smem.c_tile_bytes / w.max(1)), format!("{} B = {}", grouped(u64::from(smem.total_bytes())), bytes_binary(f64::from(smem.total_bytes()))), "smem"),
                    (text::HBM, format!("N·K + K + 4·N + 2·N = {} + {} + {} + {}", grouped(hbm.weight_bytes), grouped(hbm.activation_bytes), grouped(hbm.weight_scale_bytes), grouped(hbm.output_bytes)), format!("{} B = {}", grouped(hbm.total_bytes()), mib(hbm.total_bytes())), "hbm"),
                    (text::INTENSITY, format!("2·K·N / bytes = {} / {}", grouped(g.useful_ops()), grouped(hbm.total_bytes())), format!("{} OP/B", sig3(g.intensity_ops_per_byte())), "intensity"),
                    (text::LOADS, text::LOADS_FORMULA.get(lang.get()).to_string(), format!("{} / {}", grouped(lv.loads.requests), grouped(lv.loads.sectors)), "loads"),
                    ]
                    .into_iter()
                    .map(|(name, formula, value, testid)| row(name, formula, value, testid))
                    .collect_view()}
                </tbody>
            </table>
            </div>
            <h3>{t(text::ROOF_TITLE)}</h3>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric" data-testid="launch-roofline">
                {head_row(&ROOF_COLS)}
                <tbody>{roof_rows}</tbody>
            </table>
            </div>
            <p><a href=link data-testid="roofline-link">{t(text::ROOFLINE_LINK)}</a></p>
        }
        .into_any()
    };
    let tiles = move || {
        let lv = st.launch.get();
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
                {head_row(&TILE_COLS)}
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
    view! {
        <section class="l-page gx-section" data-testid="launch">
            {super::body_head(text::LAUNCH_TITLE, text::LAUNCH_INTRO)}
            <div class="gx-figure-grid">
                <div class="gx-figure gx-pad"><LaunchNumbers/></div>
                <aside class="gx-controls" aria-label=t(text::LAUNCH_CONTROLS)>
                    <LaunchControls/>
                </aside>
            </div>
        </section>
    }
}
