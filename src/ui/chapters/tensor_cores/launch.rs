//! Section "launch": grid, warps, K slices, WMMA counts, shared memory, HBM bytes and the
//! roofline point of the course kernel for the reader's K, N and warps per block.

use leptos::prelude::*;

use super::slider;
use super::state::{limits, LaunchView, TcState};
use super::text;
use crate::model::w8a8::{WMMA_K, WMMA_M, WMMA_N};
use crate::ui::format::{bytes_binary, fixed, grouped, micros, si, sig3};
use crate::ui::i18n::{t, tr, use_lang, Lang, Tr};
use crate::ui::widgets::{markup_block, Markup, Scale};

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

/// The numbers of the launch, with formulas, or the model's error, as a read-only block
/// ([`Markup`]).
pub fn launch_markup(lv: &LaunchView, lang: Lang) -> Markup {
    let mut h = Markup::new();
    let g = lv.kernel;
    if let Err(e) = &lv.valid {
        h.open("div")
            .class("gx-error")
            .attr("role", "alert")
            .attr("data-testid", "launch-error");
        if let Some(d) = text::model_error_detail(e, lang) {
            h.open("p").leaf("strong", d).close();
        }
        h.leaf("p", text::launch_error(e, lang));
        h.leaf("p", text::INVALID_LAUNCH.get(lang)).close();
        return h;
    }
    let smem = g.smem_bytes();
    let hbm = g.hbm();
    let util = g.tensor_utilisation();
    let (k, n, w) = (g.k, g.n, g.warps_per_block);
    h.table("gx-table gx-numbers", Some("launch-numbers"))
        .open("tbody");
    for (name, formula, value, testid) in [
        (
            text::GRID_BLOCKS,
            format!("N / {WMMA_N} = {n} / {WMMA_N}"),
            grouped(u64::from(g.grid_blocks())),
            "grid-blocks",
        ),
        (
            text::THREADS,
            format!("32 × warps = 32 × {w}"),
            grouped(u64::from(g.threads_per_block())),
            "threads",
        ),
        (
            text::OUTPUTS_PER_BLOCK,
            "WMMA_N".to_string(),
            WMMA_N.to_string(),
            "outputs-per-block",
        ),
        (
            text::K_PER_WARP,
            format!("K / warps = {k} / {w}"),
            grouped(u64::from(g.k_per_warp())),
            "k-per-warp",
        ),
        (
            text::MMA_PER_WARP,
            format!("K slice / {WMMA_K} = {} / {WMMA_K}", g.k_per_warp()),
            grouped(u64::from(g.mma_per_warp())),
            "mma-per-warp",
        ),
        (
            text::MMA_PER_BLOCK,
            format!("{} × {w}", g.mma_per_warp()),
            grouped(u64::from(g.mma_per_block())),
            "mma-per-block",
        ),
        (
            text::MMA_TOTAL,
            format!("{} × {}", g.mma_per_block(), g.grid_blocks()),
            grouped(g.mma_total()),
            "mma-total",
        ),
        (
            text::IMMA_TOTAL,
            format!("2 × {}", grouped(g.mma_total())),
            grouped(g.imma_total()),
            "imma-total",
        ),
        (
            text::USEFUL_MACS,
            format!("K × N = {k} × {n}"),
            grouped(g.useful_macs()),
            "useful-macs",
        ),
        (
            text::TENSOR_MACS,
            format!("{} × {WMMA_M}·{WMMA_N}·{WMMA_K}", grouped(g.mma_total())),
            grouped(g.tensor_macs()),
            "tensor-macs",
        ),
        (
            text::UTILISATION,
            text::useful_share(WMMA_M, g.useful_macs(), g.tensor_macs(), lang),
            format!(
                "{} (1/{})",
                crate::ui::format::percent(util),
                fixed(1.0 / util.max(f64::MIN_POSITIVE), 0)
            ),
            "utilisation",
        ),
        (
            text::SMEM,
            format!(
                "{w} × ({} + {} + {}) B",
                smem.a_tile_bytes / w.max(1),
                smem.b_tile_bytes / w.max(1),
                smem.c_tile_bytes / w.max(1)
            ),
            format!(
                "{} B = {}",
                grouped(u64::from(smem.total_bytes())),
                bytes_binary(f64::from(smem.total_bytes()))
            ),
            "smem",
        ),
        (
            text::HBM,
            format!(
                "N·K + K + 4·N + 2·N = {} + {} + {} + {}",
                grouped(hbm.weight_bytes),
                grouped(hbm.activation_bytes),
                grouped(hbm.weight_scale_bytes),
                grouped(hbm.output_bytes)
            ),
            format!(
                "{} B = {}",
                grouped(hbm.total_bytes()),
                mib(hbm.total_bytes())
            ),
            "hbm",
        ),
        (
            text::INTENSITY,
            format!(
                "2·K·N / bytes = {} / {}",
                grouped(g.useful_ops()),
                grouped(hbm.total_bytes())
            ),
            format!("{} OP/B", sig3(g.intensity_ops_per_byte())),
            "intensity",
        ),
        (
            text::LOADS,
            text::LOADS_FORMULA.get(lang).to_string(),
            format!(
                "{} / {}",
                grouped(lv.loads.requests),
                grouped(lv.loads.sectors)
            ),
            "loads",
        ),
    ] {
        h.row_open(name.get(lang))
            .leaf_class("td", "gx-formula", formula)
            .open("td")
            .class("gx-value")
            .attr("data-testid", testid)
            .text(value)
            .close()
            .close();
    }
    h.close().table_end();
    h.leaf("h3", text::ROOF_TITLE.get(lang));
    h.table("gx-table gx-table--numeric", Some("launch-roofline"))
        .head(&ROOF_COLS, lang)
        .open("tbody");
    for (name, p) in [("A100", lv.a100), ("H100", lv.h100)] {
        let Some(p) = p else { continue };
        let id = format!("time-{}", name.to_ascii_lowercase());
        h.row(
            name,
            &[
                &sig3(p.intensity),
                &sig3(p.roof.ridge_point()),
                &si(p.roof.peak_flops_per_s, "OP/s"),
                &si(p.roof.bandwidth_bytes_per_s, "B/s"),
                &micros(p.time_lower_bound_s),
                text::bound(p.bound).get(lang),
            ],
            Some((4, &id)),
        );
    }
    h.close().table_end();
    h.open("p")
        .open("a")
        .attr("href", format!("./roofline?kind=w8a8&wk={k}&wn={n}"))
        .attr("data-testid", "roofline-link")
        .text(text::ROOFLINE_LINK.get(lang))
        .close()
        .close();
    // The GEMV on the other legal WMMA int8 tiles.
    h.leaf("h3", text::TILE_SHAPES.get(lang));
    h.table("gx-table gx-table--numeric", None)
        .head(&TILE_COLS, lang)
        .open("tbody");
    for (s, c) in &lv.tile_costs {
        match c {
            Some(c) => h.row(
                &s.label(),
                &[
                    &grouped(c.mma_total),
                    &grouped(c.tensor_macs),
                    &c.padding_rows.to_string(),
                    &format!("1/{}", c.m),
                ],
                None,
            ),
            None => h
                .row_open(s.label())
                .open("td")
                .attr("colspan", "4")
                .text("—")
                .close()
                .close(),
        };
    }
    h.close().table_end();
    h.leaf_class("p", "gx-note", text::TILE_SHAPES_NOTE.get(lang));
    h
}

/// Whole section.
#[component]
pub fn LaunchSection() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let numbers = Signal::derive(move || st.launch.with(|lv| launch_markup(lv, lang.get())));
    view! {
        <section class="l-page gx-section" data-testid="launch">
            {super::body_head(text::LAUNCH_TITLE, text::LAUNCH_INTRO)}
            <div class="gx-figure-grid">
                <div class="gx-figure gx-pad">{markup_block("div", "gx-launch", None, numbers)}</div>
                <aside class="gx-controls" aria-label=t(text::LAUNCH_CONTROLS)>
                    <LaunchControls/>
                </aside>
            </div>
        </section>
    }
}
