//! The numbers panel (the reader's kernel) and the tiled-GEMM panel.

use leptos::prelude::*;

use crate::ui::shell::Terms;

use crate::model::roofline::{KernelShape, Placement};
use crate::ui::chapters::roofline::state::Family;
use crate::ui::chapters::roofline::text;
use crate::ui::format::{bytes_both, duration, si, sig3};
use crate::ui::i18n::{t, use_lang, Lang, Tr};
use crate::ui::widgets::{live_rows, RowCells};

use super::state;

/// `(FLOPs formula, bytes formula)` of a shape, with its numbers substituted.
fn formulas(shape: &KernelShape, lang: Lang) -> (String, String) {
    match *shape {
        KernelShape::Gemm { m, n, k, dtype } => (
            format!("2·M·N·K = 2·{m}·{n}·{k}"),
            format!("(M·K + K·N + M·N)·{} B", dtype.bytes()),
        ),
        KernelShape::Elementwise { n, dtype } => {
            (format!("n = {n}"), format!("3·n·{} B  (read x, b; write y)", dtype.bytes()))
        }
        KernelShape::RmsNorm { rows, d, dtype } => (
            format!("4·rows·d = 4·{rows}·{d}"),
            format!("2·rows·d·{} B  (read + write)", dtype.bytes()),
        ),
        KernelShape::DecodeAttention { s, layers, kv_heads, q_heads, d_head, dtype } => (
            format!("4·q_heads·d_head·s·layers = 4·{q_heads}·{d_head}·{s}·{layers}"),
            format!("2·kv_heads·d_head·{}·s·layers = 2·{kv_heads}·{d_head}·{}·{s}·{layers} B  (K and V)", dtype.bytes(), dtype.bytes()),
        ),
        KernelShape::W8a8Gemv { k, n } => (
            format!("2·K·N = 2·{k}·{n}"),
            format!("N·K + K + 4·N + 2·N = {n}·{k} + {k} + 4·{n} + 2·{n} B"),
        ),
        KernelShape::Custom { .. } => {
            let typed = text::TYPED_IN.get(lang);
            (typed.into(), typed.into())
        }
    }
}

/// The reader's kernel's rows `(quantity, formula, value)`; the last is the verdict.
fn panel_cells(
    shape: KernelShape,
    p: Placement,
    memory_kind: &'static str,
    lang: Lang,
) -> RowCells {
    let (ff, bf) = formulas(&shape, lang);
    let prec = shape.precision().label();
    let unit = text::ops(shape.precision());
    let ridge = p.roof.ridge_point();
    vec![
        (text::FLOPS_ROW, ff, si(p.flops, "")),
        (text::BYTES_MINIMUM, bf, bytes_both(p.bytes)),
        (
            text::ARITHMETIC_INTENSITY_I,
            "FLOPs / bytes".into(),
            format!("{} FLOP/byte", sig3(p.intensity)),
        ),
        (
            text::COMPUTE_ROOF_P,
            prec.to_string(),
            si(p.roof.peak_flops_per_s, unit),
        ),
        (
            text::BANDWIDTH_BW,
            memory_kind.to_string(),
            si(p.roof.bandwidth_bytes_per_s, "B/s"),
        ),
        (
            text::RIDGE_POINT,
            "P / BW".into(),
            format!("{} FLOP/byte", sig3(ridge)),
        ),
        (
            text::ATTAINABLE,
            "min(P, I × BW)".into(),
            si(p.attainable_flops_per_s, unit),
        ),
        (
            text::COMPUTE_TIME,
            "FLOPs / P".into(),
            duration(p.compute_time_s),
        ),
        (
            text::MEMORY_TIME,
            "bytes / BW".into(),
            duration(p.memory_time_s),
        ),
        (
            text::TIME_LOWER_BOUND,
            "max(FLOPs / P, bytes / BW)".into(),
            duration(p.time_lower_bound_s),
        ),
        (
            text::BOUND,
            if p.intensity < ridge {
                "I < ridge"
            } else if p.intensity > ridge {
                "I > ridge"
            } else {
                "I = ridge"
            }
            .into(),
            text::bound(p.bound).get(lang).into(),
        ),
    ]
}

/// Rows of [`panel_cells`] before the verdict.
const PANEL_ROWS: usize = 10;

/// Every derived number of the reader's kernel with its formula.
#[component]
pub fn NumbersPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // The rows are built once (rebuilt only when the GPU gains or loses the kernel's unit); a
    // slider tick rewrites their text.
    let cells = Memo::new(move |_| {
        let l = lang.get();
        st.outputs.with(|o| {
            o.user
                .map(|p| panel_cells(o.user_shape, p, o.gpu.memory_kind, l))
                .unwrap_or_default()
        })
    });
    let placed = Memo::new(move |_| st.outputs.with(|o| o.user.is_some()));
    view! {
        <section class="l-body gx-numbers" data-testid="numbers">
            <h2>{t(text::NUMBERS)}</h2>
            <p class="gx-numbers__gpu">{move || {
                let name = st.outputs.with(|o| o.gpu.name);
                format!("{} · {}", name, text::family(st.inputs.with(|i| i.kind)).get(lang.get()))
            }}</p>
            {move || {
                if placed.get() {
                    let verdict = move |f: fn(&(Tr, String, String), Lang) -> String| move || {
                        let l = lang.get();
                        cells.with(|c| c.get(PANEL_ROWS).map(|r| f(r, l)).unwrap_or_default())
                    };
                    view! {
                        <table class="gx-table">
                            <thead><tr>
                                <th scope="col">{t(text::QUANTITY)}</th>
                                <th scope="col">{t(text::FORMULA)}</th>
                                <th scope="col">{t(text::VALUE)}</th>
                            </tr></thead>
                            <tbody>
                                {live_rows(cells, 0..PANEL_ROWS)}
                                <tr class="gx-numbers__verdict">
                                    <th scope="row">{t(text::BOUND)}</th>
                                    <td class="gx-formula">{verdict(|r, _| r.1.clone())}</td>
                                    <td class="gx-value" data-testid="user-bound">{verdict(|r, _| r.2.clone())}</td>
                                </tr>
                            </tbody>
                        </table>
                    }.into_any()
                } else {
                    view! { <p class="gx-error" role="alert" data-testid="no-unit">{move || {
                        let l = lang.get();
                        st.outputs.with(|o| text::no_unit(o.user_shape.precision(), &o.gpu, l))
                    }}</p> }.into_any()
                }
            }}
        </section>
    }
}

/// Rows of the tiled panel before its verdict.
const TILED_ROWS: usize = 7;

/// The tiled GEMM's traffic without L2 reuse, and where it lands against the ridge.
#[component]
pub fn TiledPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // The rows are built once; a slider tick rewrites their text.
    let cells = Memo::new(move |_| {
        let l = lang.get();
        let i = st.inputs.get();
        st.outputs.with(|out| {
            let tg = out.tiled;
            let (m, n, k) = if i.kind == Family::Gemm {
                (i.m, i.n, i.k)
            } else {
                (4096, 4096, 4096)
            };
            let e = i.dtype.bytes();
            vec![
                (
                    text::BLOCKS,
                    format!("⌈M/BM⌉·⌈N/BN⌉ = ⌈{m}/{}⌉·⌈{n}/{}⌉", i.bm, i.bn),
                    crate::ui::format::grouped(tg.blocks),
                ),
                (
                    text::ELEMENTS_READ_PER_BLOCK,
                    format!("(BM + BN)·K = ({} + {})·{k}", i.bm, i.bn),
                    crate::ui::format::grouped(tg.elements_read_per_block),
                ),
                (
                    text::HBM_BYTES_NO_L2,
                    format!("blocks·(BM + BN)·K·{e} + M·N·{e}"),
                    bytes_both(tg.bytes),
                ),
                (
                    text::NAIVE_GEMM_BYTES,
                    format!("(2·M·N·K + M·N)·{e}"),
                    bytes_both(tg.naive_bytes),
                ),
                (
                    text::SAVING_VS_NAIVE,
                    "naive / tiled".into(),
                    format!("{}×", sig3(tg.naive_bytes / tg.bytes)),
                ),
                (
                    text::INTENSITY_WITHOUT_L2_REUSE,
                    "2·M·N·K / bytes".into(),
                    format!("{} FLOP/byte", sig3(tg.intensity)),
                ),
                (
                    text::SHARED_MEMORY_PER_STAGE,
                    format!("(BM + BN)·BK·{e} = ({} + {})·{}·{e}", i.bm, i.bn, i.bk),
                    {
                        let (one, two) = (
                            crate::ui::format::bytes_binary(tg.smem_per_stage_bytes as f64),
                            crate::ui::format::bytes_binary(2.0 * tg.smem_per_stage_bytes as f64),
                        );
                        text::one_double_buffered(one, two, l)
                    },
                ),
            ]
        })
    });
    let verdict = Memo::new(move |_| {
        let l = lang.get();
        let dtype = st.inputs.with(|i| i.dtype);
        st.outputs.with(|out| {
            out.tiled_place
                .map(|p| {
                    let ridge = p.roof.ridge_point();
                    let rel = if p.intensity < ridge { "<" } else { "≥" };
                    format!(
                        "I = {} {rel} {} → {}",
                        sig3(p.intensity),
                        sig3(ridge),
                        text::bound(p.bound).get(l)
                    )
                })
                .unwrap_or_else(|| text::no_unit(dtype.tensor_precision(), &out.gpu, l))
        })
    });
    view! {
        <section class="l-body gx-numbers" data-testid="tiled">
            <h2>{t(text::TILES)}</h2>
            <p>{t(text::ONE_BLOCK_COMPUTES_A)}</p>
            <table class="gx-table">
                <tbody>
                    {live_rows(cells, 0..TILED_ROWS)}
                    <tr class="gx-numbers__verdict"><th scope="row">{t(text::AGAINST_THE_RIDGE)}</th><td colspan="2" data-testid="tiled-verdict">{verdict}</td></tr>
                </tbody>
            </table>
            <p class="gx-note"><Terms text=text::REAL_GEMMS_GET_WELL/></p>
        </section>
    }
}
