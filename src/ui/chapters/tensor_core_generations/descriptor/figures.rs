//! The descriptor section's figures as markup: the operand tile's core matrices, the bytes in
//! shared memory, the banks a core matrix's rows hit, the descriptor's bits, its facts and the
//! data table.

use super::super::newest::{DescView, SMEM_ROW_BYTES};
use super::super::text::descriptor as tx;
use crate::model::bank_conflicts::BANKS;
use crate::model::tensor_core_gen::smem_banks::{swizzle_effect, CoreMatrixBanks};
use crate::model::tensor_core_gen::smem_descriptor::{
    CoreMatrix, Major, MatrixDescriptor, Swizzle, CORE_MATRIX_ROWS, CORE_MATRIX_ROW_BYTES,
};
use crate::model::tensor_core_gen::smem_layout::SmemOperandLayout;
use crate::ui::format::grouped;
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shared::scroll_figure::ScrollFigure;
use crate::ui::widgets::{markup_block, Markup};
use leptos::prelude::*;

/// The first element (mn, k) of core matrix `cm`.
pub(super) fn first_element(l: &SmemOperandLayout, cm: CoreMatrix) -> Option<(u32, u32)> {
    (0..l.operand().mn)
        .flat_map(|m| (0..l.k()).map(move |k| (m, k)))
        .find(|&(m, k)| l.core_matrix_of(m, k) == Some(cm))
}

/// The row of the grid a core matrix's K block is drawn in, and its K range.
pub(super) fn k_range(l: &SmemOperandLayout, k_block: u32) -> (u32, u32) {
    let per = match l.operand().major {
        Major::K => 128 / l.operand().element_bits,
        Major::Mn => CORE_MATRIX_ROWS,
    };
    (per * k_block, per * k_block + per - 1)
}

/// The first MN row of an MN block.
pub(super) fn mn_first(l: &SmemOperandLayout, mn_block: u32) -> u32 {
    match l.operand().major {
        Major::K => CORE_MATRIX_ROWS * mn_block,
        Major::Mn => 128 / l.operand().element_bits * mn_block,
    }
}

/// The core-matrix grid: MN blocks across, K blocks down (item `kb · m + mb`).
pub(super) fn grid_markup(
    l: &SmemOperandLayout,
    sel: Option<CoreMatrix>,
    active: usize,
    lang: Lang,
) -> Markup {
    let (m, k) = l.core_matrix_grid();
    let mut h = Markup::new();
    for mb in 0..m {
        h.svg_text(
            "gx-wgm__axis",
            (CMG_LABEL_PX + mb * CMG_W_PX + CMG_W_PX / 2).to_string(),
            (CMG_TOP_PX - 5).to_string(),
            mn_first(l, mb).to_string(),
        );
    }
    for kb in 0..k {
        for mb in 0..m {
            let cm = CoreMatrix {
                mn_block: mb,
                k_block: kb,
            };
            let index = mb * k + kb;
            let item = kb * m + mb;
            let on = sel == Some(cm);
            let (x, y) = (CMG_LABEL_PX + mb * CMG_W_PX, CMG_TOP_PX + kb * CMG_H_PX);
            h.open("g")
                .class(if on { "gx-dsc__cm is-on" } else { "gx-dsc__cm" })
                .attr("data-roving", item.to_string())
                .attr("data-testid", format!("cm-{mb}-{kb}"))
                .attr("tabindex", if active == item as usize { "0" } else { "-1" })
                .attr("role", "button")
                .attr("aria-pressed", if on { "true" } else { "false" })
                .attr("aria-label", tx::core_matrix(index, mb, kb, lang))
                .open("rect")
                .class(format!("gx-lane-{}", index % 32))
                .attr("x", (x + 1).to_string())
                .attr("y", (y + 1).to_string())
                .attr("width", (CMG_W_PX - 2).to_string())
                .attr("height", (CMG_H_PX - 2).to_string())
                .close()
                .open("text")
                .attr("x", (x + CMG_W_PX / 2).to_string())
                .attr("y", (y + 17).to_string())
                .text(index.to_string())
                .close()
                .close();
        }
    }
    h
}

/// The core-matrix grid: label column, top row, cell size.
pub(super) const CMG_LABEL_PX: u32 = 64;
pub(super) const CMG_TOP_PX: u32 = 18;
pub(super) const CMG_W_PX: u32 = 30;
pub(super) const CMG_H_PX: u32 = 26;

/// The shared-memory map: label column, header, bank width, row height.
pub(super) const MEM_LABEL_PX: u32 = 84;
pub(super) const MEM_TOP_PX: u32 = 20;
pub(super) const BANK_PX: u32 = 22;
pub(super) const MEM_ROW_PX: u32 = 20;

/// A bank view: label column, header, bank width, row height.
pub(super) const BV_LABEL_PX: u32 = 56;
pub(super) const BV_TOP_PX: u32 = 18;
pub(super) const BV_W_PX: u32 = 20;
pub(super) const BV_ROW_PX: u32 = 18;

pub(super) fn grid_labels(l: &SmemOperandLayout, lang: Lang) -> Markup {
    let (_, k) = l.core_matrix_grid();
    let mut h = Markup::new();
    h.label_mask(
        (CMG_LABEL_PX - 2).to_string(),
        (CMG_TOP_PX + k * CMG_H_PX + 2).to_string(),
    )
    .svg_text("gx-wgm__label", "4", (CMG_TOP_PX - 5).to_string(), "MN →");
    for kb in 0..k {
        let (a, b) = k_range(l, kb);
        h.svg_text(
            "gx-wgm__label",
            "4",
            (CMG_TOP_PX + kb * CMG_H_PX + 17).to_string(),
            tx::k_range(a, b, lang),
        );
    }
    h
}

/// The shared-memory rows the operand uses, over the 32 banks.
pub(super) fn memory_markup(v: &DescView, lang: Lang) -> Markup {
    let sel = v.element.map(|e| e.2);
    let mut h = Markup::new();
    for b in 0..BANKS {
        h.svg_text(
            "gx-wgm__axis",
            (MEM_LABEL_PX + b * BANK_PX + BANK_PX / 2).to_string(),
            (MEM_TOP_PX - 6).to_string(),
            b.to_string(),
        );
    }
    let chunk_px = BANK_PX * CORE_MATRIX_ROW_BYTES / 4;
    for (slot, row) in (0u32..).zip(&v.rows) {
        let y = MEM_TOP_PX + slot * MEM_ROW_PX;
        h.open("rect")
            .class("gx-dsc__row")
            .attr("data-testid", format!("mrow-{slot}"))
            .attr("x", MEM_LABEL_PX.to_string())
            .attr("y", y.to_string())
            .attr("width", (BANKS * BANK_PX).to_string())
            .attr("height", MEM_ROW_PX.to_string())
            .close();
        for (c, chunk) in (0u32..).zip(&row.chunks) {
            let Some(ch) = chunk else { continue };
            let x = MEM_LABEL_PX + c * chunk_px;
            let on = sel == Some(ch.cm);
            let class = match sel {
                Some(_) if on => "gx-dsc__chunk is-on",
                Some(_) => "gx-dsc__chunk is-dim",
                None => "gx-dsc__chunk",
            };
            let address = row.address + c * CORE_MATRIX_ROW_BYTES;
            h.open("g")
                .class(class)
                .attr("data-cm", ch.cm_index.to_string())
                .attr(
                    "data-testid",
                    format!("chunk-{}-{c}", row.address / SMEM_ROW_BYTES),
                )
                .open("rect")
                .class(format!("gx-lane-{}", ch.cm_index % 32))
                .attr("x", (x + 1).to_string())
                .attr("y", (y + 1).to_string())
                .attr("width", (chunk_px - 2).to_string())
                .attr("height", (MEM_ROW_PX - 2).to_string())
                .leaf(
                    "title",
                    tx::chunk_title(ch.cm_index, ch.row, address, ch.first, lang),
                )
                .close()
                .open("text")
                .attr("x", (x + chunk_px / 2).to_string())
                .attr("y", (y + 14).to_string())
                .text(format!("{}:{}", ch.cm_index, ch.row))
                .close()
                .close();
        }
    }
    h
}

pub(super) fn memory_labels(v: &DescView, lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.label_mask(
        (MEM_LABEL_PX - 2).to_string(),
        (MEM_TOP_PX + v.rows.len() as u32 * MEM_ROW_PX + 2).to_string(),
    )
    .svg_text(
        "gx-wgm__label",
        "4",
        (MEM_TOP_PX - 6).to_string(),
        tx::BANK_HEADING.get(lang),
    );
    for (slot, row) in (0u32..).zip(&v.rows) {
        h.svg_text(
            "gx-wgm__label",
            "4",
            (MEM_TOP_PX + slot * MEM_ROW_PX + 14).to_string(),
            tx::row_address(row.address, row.gap),
        );
    }
    h
}

/// One core-matrix read over the 32 banks: row j's banks, then the rows per bank.
pub(super) fn banks_markup(b: &CoreMatrixBanks) -> Markup {
    let mut h = Markup::new();
    for bank in 0..BANKS {
        h.svg_text(
            "gx-wgm__axis",
            (BV_LABEL_PX + bank * BV_W_PX + BV_W_PX / 2).to_string(),
            (BV_TOP_PX - 5).to_string(),
            bank.to_string(),
        );
    }
    for (j, lane) in (0u32..).zip(b.report.lanes.iter().take(8)) {
        let y = BV_TOP_PX + j * BV_ROW_PX;
        let banks: Vec<u32> = lane
            .as_ref()
            .map(|l| l.banks().collect())
            .unwrap_or_default();
        for bank in 0..BANKS {
            let class = if banks.contains(&bank) {
                format!("gx-dsc__bank--on gx-lane-{j}")
            } else {
                "gx-dsc__bank".to_string()
            };
            h.open("rect")
                .class(class)
                .attr("x", (BV_LABEL_PX + bank * BV_W_PX).to_string())
                .attr("y", y.to_string())
                .attr("width", BV_W_PX.to_string())
                .attr("height", BV_ROW_PX.to_string())
                .close();
        }
    }
    let y = BV_TOP_PX + 8 * BV_ROW_PX + 15;
    if let Some(phase) = b.report.phases.iter().find(|p| p.wavefronts > 0) {
        for (bank, words) in (0u32..).zip(&phase.words_by_bank) {
            let n = words.len() as u32;
            h.svg_text(
                if n == phase.wavefronts && n > 1 {
                    "gx-dsc__count is-max"
                } else {
                    "gx-dsc__count"
                },
                (BV_LABEL_PX + bank * BV_W_PX + BV_W_PX / 2).to_string(),
                y.to_string(),
                if n == 0 {
                    "·".to_string()
                } else {
                    n.to_string()
                },
            );
        }
    }
    h
}

pub(super) fn banks_labels(lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.label_mask(
        (BV_LABEL_PX - 2).to_string(),
        (BV_TOP_PX + 9 * BV_ROW_PX + 4).to_string(),
    );
    for j in 0..8 {
        h.svg_text(
            "gx-wgm__label",
            "4",
            (BV_TOP_PX + j * BV_ROW_PX + 13).to_string(),
            tx::bank_row(j, lang),
        );
    }
    h.svg_text(
        "gx-wgm__label",
        "4",
        (BV_TOP_PX + 8 * BV_ROW_PX + 15).to_string(),
        "Σ",
    );
    h
}

/// A bank view with its title and summary.
pub(super) fn bank_view(
    title: crate::ui::i18n::Tr,
    testid: &'static str,
    banks: impl Fn() -> Option<CoreMatrixBanks> + Send + Sync + Copy + 'static,
) -> impl IntoView {
    let lang = use_lang();
    let w = BV_LABEL_PX + BANKS * BV_W_PX + 2;
    let h = BV_TOP_PX + 9 * BV_ROW_PX + 4;
    view! {
        <div class="gx-dsc__banks" data-testid=testid>
            <p class="l-body gx-dsc__banks-title">{t(title)}</p>
            <ScrollFigure label=title width_px=f64::from(w) label_px=f64::from(BV_LABEL_PX) height_px=f64::from(h)
                natural_size=true labels=move || markup_block("g", "", None, Signal::derive(move || banks_labels(lang.get())))>
                <svg class="gx-wgm__svg gx-wgm__svg--natural" viewBox=format!("0 0 {w} {h}") width=w.to_string() height=h.to_string()
                    role="img" aria-label=move || t(title)()>
                    {markup_block("g", "", None, Signal::derive(move || banks().map(|b| banks_markup(&b)).unwrap_or_default()))}
                </svg>
            </ScrollFigure>
            <p class="l-body gx-dsc__banks-sum" data-testid=format!("{testid}-sum")>
                {move || banks().map(|b| tx::banks_summary(b.wavefronts(), lang.get()))}
            </p>
        </div>
    }
}

/// The descriptor's fields, bit by bit.
pub(super) fn bits_markup(d: &MatrixDescriptor, encoded: Option<u64>, lang: Lang) -> Markup {
    let mut h = Markup::new();
    let stored = |shift: u32, mask: u64| encoded.map(|e| format!("{:#x}", (e >> shift) & mask));
    let dash = || "—".to_string();
    let rows: [(String, &str, String, String); 5] = [
        (
            tx::FIELD_NAMES[0].get(lang).into(),
            "13–0",
            stored(0, 0x3FFF).unwrap_or_else(dash),
            grouped(u64::from(d.start_address_bytes)),
        ),
        (
            tx::FIELD_NAMES[1].get(lang).into(),
            "29–16",
            stored(16, 0x3FFF).unwrap_or_else(dash),
            grouped(u64::from(d.leading_byte_offset_bytes)),
        ),
        (
            tx::FIELD_NAMES[2].get(lang).into(),
            "45–32",
            stored(32, 0x3FFF).unwrap_or_else(dash),
            grouped(u64::from(d.stride_byte_offset_bytes)),
        ),
        (
            tx::FIELD_NAMES[3].get(lang).into(),
            "51–49",
            stored(49, 7).unwrap_or_else(dash),
            tx::NOT_MODELLED.get(lang).into(),
        ),
        (
            tx::FIELD_NAMES[4].get(lang).into(),
            "63–62",
            stored(62, 3).unwrap_or_else(dash),
            tx::swizzle(d.swizzle).get(lang).into(),
        ),
    ];
    h.table("gx-table gx-table--compact", Some("desc-bits"))
        .leaf("caption", tx::BITS_CAPTION.get(lang))
        .head(&tx::BITS_HEAD, lang)
        .open("tbody");
    for (name, bits, stored, bytes) in &rows {
        h.row(name, &[bits, stored, bytes], None);
    }
    h.close().table_end();
    h
}

/// The numbers under the figure.
pub(super) fn facts_markup(v: &DescView, lang: Lang) -> Markup {
    let mut h = Markup::new();
    let Ok(l) = &v.layout else {
        return h;
    };
    let (m, k) = l.core_matrix_grid();
    let values = [
        l.k().to_string(),
        format!("{m} × {k}"),
        grouped(u64::from(l.end_bytes())),
        v.worst_wavefronts.to_string(),
        v.element
            .map(|e| format!("{} B", grouped(u64::from(e.1))))
            .unwrap_or_default(),
    ];
    h.open("dl").class("gx-facts");
    for (k, (label, value)) in tx::FACTS.iter().zip(values).enumerate() {
        h.leaf("dt", label.get(lang))
            .open("dd")
            .attr("data-testid", format!("desc-fact-{k}"))
            .text(value)
            .close();
    }
    h.close();
    if let Some(((mn, kk), a, cm)) = v.element {
        let (_, kg) = l.core_matrix_grid();
        h.leaf_testid(
            "p",
            "desc-element",
            tx::element_line((mn, kk), a, cm.mn_block * kg + cm.k_block, lang),
        );
    }
    h
}

/// What each swizzle mode buys, from [`swizzle_effect`].
pub(super) fn effect_markup(lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.table("gx-table gx-table--numeric", Some("swizzle-effect"))
        .leaf("caption", tx::EFFECT_CAPTION.get(lang))
        .head(&tx::EFFECT_HEAD, lang)
        .open("tbody");
    for s in Swizzle::ALL {
        let e = swizzle_effect(s);
        h.row(
            tx::swizzle(s).get(lang),
            &[
                &format!("{} B", e.row_bytes),
                &e.plain_wavefronts.to_string(),
                &e.swizzled_wavefronts.to_string(),
            ],
            None,
        );
    }
    h.close().table_end();
    h
}

/// Every core matrix's row addresses and wavefronts.
pub(super) fn data_markup(l: &SmemOperandLayout, lang: Lang) -> Markup {
    use crate::model::tensor_core_gen::smem_banks::operand_core_matrix_banks;
    let mut h = Markup::new();
    h.table("gx-table gx-table--compact", None)
        .head(&tx::DATA_COLS, lang)
        .open("tbody");
    for (i, cm) in (0u32..).zip(l.core_matrices()) {
        let rows = l
            .core_matrix_rows(cm)
            .map(|r| r.map(|a| a.to_string()).join(" "))
            .unwrap_or_default();
        let w = operand_core_matrix_banks(l, cm).map_or(0, |b| b.wavefronts());
        h.row(
            &i.to_string(),
            &[
                &format!("({}, {})", cm.mn_block, cm.k_block),
                &rows,
                &w.to_string(),
            ],
            None,
        );
    }
    h.close().table_end();
    h
}
