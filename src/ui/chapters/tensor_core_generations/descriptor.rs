//! Section "descriptor": wgmma's shared-memory matrix descriptor with typed fields, its 64 bits,
//! the operand's core matrices (one tab stop, arrow keys), the 128-byte rows of shared memory
//! they land in over the 32 banks, and the banks of one core-matrix read with and without the
//! swizzle's XOR. Models: `smem_descriptor`, `smem_layout`, `smem_banks`.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::newest::{DescView, SMEM_ROW_BYTES};
use super::state::{limits, swizzle_of, swizzle_slug, GenInputs, GenState, DESC_BITS};
use super::text::descriptor as tx;
use crate::model::bank_conflicts::BANKS;
use crate::model::tensor_core_gen::smem_banks::{swizzle_effect, CoreMatrixBanks};
use crate::model::tensor_core_gen::smem_descriptor::{
    CoreMatrix, Major, MatrixDescriptor, Swizzle, CORE_MATRIX_ROWS, CORE_MATRIX_ROW_BYTES,
};
use crate::model::tensor_core_gen::smem_layout::{SmemOperand, SmemOperandLayout};
use crate::ui::format::grouped;
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shared::roving::{item_index, Roving};
use crate::ui::shared::scroll_figure::ScrollFigure;
use crate::ui::url::keys::major;
use crate::ui::widgets::{markup_block, DataDetails, Markup, RangeSlider};

/// The core-matrix grid: label column, top row, cell size.
const CMG_LABEL_PX: u32 = 64;
const CMG_TOP_PX: u32 = 18;
const CMG_W_PX: u32 = 30;
const CMG_H_PX: u32 = 26;
/// The shared-memory map: label column, header, bank width, row height.
const MEM_LABEL_PX: u32 = 84;
const MEM_TOP_PX: u32 = 20;
const BANK_PX: u32 = 22;
const MEM_ROW_PX: u32 = 20;
/// A bank view: label column, header, bank width, row height.
const BV_LABEL_PX: u32 = 56;
const BV_TOP_PX: u32 = 18;
const BV_W_PX: u32 = 20;
const BV_ROW_PX: u32 = 18;

fn state() -> GenState {
    expect_context::<GenState>()
}

/// The canonical LBO and SBO for the inputs' layout (PTX ISA Figures 166–170).
fn set_canonical(i: &mut GenInputs) {
    let op = SmemOperand::canonical(
        i.dmaj,
        i.dbits.parse().unwrap_or(16),
        u32::try_from(i.dmn).unwrap_or(64),
        swizzle_of(&i.dswz),
        u32::try_from(i.dstart).unwrap_or(0),
    );
    i.dlbo = u64::from(op.descriptor.leading_byte_offset_bytes);
    i.dsbo = u64::from(op.descriptor.stride_byte_offset_bytes);
}

/// Keeps the selected element inside the operand after a change of its shape.
fn clamp_element(i: &mut GenInputs) {
    let k = 256 / i.dbits.parse::<u64>().unwrap_or(16);
    i.drow = i.drow.min(i.dmn.saturating_sub(1));
    i.dk = i.dk.min(k - 1);
}

/// The first element (mn, k) of core matrix `cm`.
fn first_element(l: &SmemOperandLayout, cm: CoreMatrix) -> Option<(u32, u32)> {
    (0..l.operand().mn)
        .flat_map(|m| (0..l.k()).map(move |k| (m, k)))
        .find(|&(m, k)| l.core_matrix_of(m, k) == Some(cm))
}

/// The row of the grid a core matrix's K block is drawn in, and its K range.
fn k_range(l: &SmemOperandLayout, k_block: u32) -> (u32, u32) {
    let per = match l.operand().major {
        Major::K => 128 / l.operand().element_bits,
        Major::Mn => CORE_MATRIX_ROWS,
    };
    (per * k_block, per * k_block + per - 1)
}

/// The first MN row of an MN block.
fn mn_first(l: &SmemOperandLayout, mn_block: u32) -> u32 {
    match l.operand().major {
        Major::K => CORE_MATRIX_ROWS * mn_block,
        Major::Mn => 128 / l.operand().element_bits * mn_block,
    }
}

/// The core-matrix grid: MN blocks across, K blocks down (item `kb · m + mb`).
fn grid_markup(
    l: &SmemOperandLayout,
    sel: Option<CoreMatrix>,
    active: usize,
    lang: Lang,
) -> Markup {
    let (m, k) = l.core_matrix_grid();
    let mut h = Markup::new();
    for mb in 0..m {
        h.open("text")
            .class("gx-wgm__axis")
            .attr(
                "x",
                (CMG_LABEL_PX + mb * CMG_W_PX + CMG_W_PX / 2).to_string(),
            )
            .attr("y", (CMG_TOP_PX - 5).to_string())
            .text(mn_first(l, mb).to_string())
            .close();
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

fn grid_labels(l: &SmemOperandLayout, lang: Lang) -> Markup {
    let (_, k) = l.core_matrix_grid();
    let mut h = Markup::new();
    h.open("rect")
        .class("gx-sfig__mask")
        .attr("x", "0")
        .attr("y", "0")
        .attr("width", (CMG_LABEL_PX - 2).to_string())
        .attr("height", (CMG_TOP_PX + k * CMG_H_PX + 2).to_string())
        .close()
        .open("text")
        .class("gx-wgm__label")
        .attr("x", "4")
        .attr("y", (CMG_TOP_PX - 5).to_string())
        .text("MN →")
        .close();
    for kb in 0..k {
        let (a, b) = k_range(l, kb);
        h.open("text")
            .class("gx-wgm__label")
            .attr("x", "4")
            .attr("y", (CMG_TOP_PX + kb * CMG_H_PX + 17).to_string())
            .text(tx::k_range(a, b, lang))
            .close();
    }
    h
}

/// The shared-memory rows the operand uses, over the 32 banks.
fn memory_markup(v: &DescView, lang: Lang) -> Markup {
    let sel = v.element.map(|e| e.2);
    let mut h = Markup::new();
    for b in 0..BANKS {
        h.open("text")
            .class("gx-wgm__axis")
            .attr("x", (MEM_LABEL_PX + b * BANK_PX + BANK_PX / 2).to_string())
            .attr("y", (MEM_TOP_PX - 6).to_string())
            .text(b.to_string())
            .close();
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

fn memory_labels(v: &DescView, lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.open("rect")
        .class("gx-sfig__mask")
        .attr("x", "0")
        .attr("y", "0")
        .attr("width", (MEM_LABEL_PX - 2).to_string())
        .attr(
            "height",
            (MEM_TOP_PX + v.rows.len() as u32 * MEM_ROW_PX + 2).to_string(),
        )
        .close()
        .open("text")
        .class("gx-wgm__label")
        .attr("x", "4")
        .attr("y", (MEM_TOP_PX - 6).to_string())
        .text(tx::BANK_HEADING.get(lang))
        .close();
    for (slot, row) in (0u32..).zip(&v.rows) {
        h.open("text")
            .class("gx-wgm__label")
            .attr("x", "4")
            .attr("y", (MEM_TOP_PX + slot * MEM_ROW_PX + 14).to_string())
            .text(tx::row_address(row.address, row.gap))
            .close();
    }
    h
}

/// One core-matrix read over the 32 banks: row j's banks, then the rows per bank.
fn banks_markup(b: &CoreMatrixBanks) -> Markup {
    let mut h = Markup::new();
    for bank in 0..BANKS {
        h.open("text")
            .class("gx-wgm__axis")
            .attr(
                "x",
                (BV_LABEL_PX + bank * BV_W_PX + BV_W_PX / 2).to_string(),
            )
            .attr("y", (BV_TOP_PX - 5).to_string())
            .text(bank.to_string())
            .close();
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
            h.open("text")
                .class(if n == phase.wavefronts && n > 1 {
                    "gx-dsc__count is-max"
                } else {
                    "gx-dsc__count"
                })
                .attr(
                    "x",
                    (BV_LABEL_PX + bank * BV_W_PX + BV_W_PX / 2).to_string(),
                )
                .attr("y", y.to_string())
                .text(if n == 0 {
                    "·".to_string()
                } else {
                    n.to_string()
                })
                .close();
        }
    }
    h
}

fn banks_labels(lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.open("rect")
        .class("gx-sfig__mask")
        .attr("x", "0")
        .attr("y", "0")
        .attr("width", (BV_LABEL_PX - 2).to_string())
        .attr("height", (BV_TOP_PX + 9 * BV_ROW_PX + 4).to_string())
        .close();
    for j in 0..8 {
        h.open("text")
            .class("gx-wgm__label")
            .attr("x", "4")
            .attr("y", (BV_TOP_PX + j * BV_ROW_PX + 13).to_string())
            .text(tx::bank_row(j, lang))
            .close();
    }
    h.open("text")
        .class("gx-wgm__label")
        .attr("x", "4")
        .attr("y", (BV_TOP_PX + 8 * BV_ROW_PX + 15).to_string())
        .text("Σ")
        .close();
    h
}

/// A bank view with its title and summary.
fn bank_view(
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
fn bits_markup(d: &MatrixDescriptor, encoded: Option<u64>, lang: Lang) -> Markup {
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
fn facts_markup(v: &DescView, lang: Lang) -> Markup {
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
fn effect_markup(lang: Lang) -> Markup {
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
fn data_markup(l: &SmemOperandLayout, lang: Lang) -> Markup {
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

/// The `data-cm` index of the chunk an event hit.
fn chunk_index(ev: &web_sys::Event) -> Option<u32> {
    let el = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    el.closest("[data-cm]")
        .ok()??
        .get_attribute("data-cm")?
        .parse()
        .ok()
}

/// A `<select>` of the descriptor: `options` (value, words); `set` applies a pick.
fn select(
    label: crate::ui::i18n::Tr,
    testid: &'static str,
    options: Vec<(&'static str, crate::ui::i18n::Tr)>,
    current: Memo<String>,
    set: fn(&mut GenInputs, &str),
) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <label class="gx-field">
            <span class="gx-field__label">{t(label)}</span>
            <select class="gx-select" data-testid=testid on:change=move |ev| {
                let v = event_target_value(&ev);
                st.inputs.update(|i| set(i, &v));
            }>
                {options.into_iter().map(|(value, words)| view! {
                    <option value=value selected=move || current.get() == value>{move || words.get(lang.get())}</option>
                }).collect_view()}
            </select>
        </label>
    }
}

/// A byte field of the descriptor.
fn byte_slider(
    label: crate::ui::i18n::Tr,
    testid: &'static str,
    get: fn(&GenInputs) -> u64,
    set: fn(&mut GenInputs, u64),
) -> impl IntoView {
    let st = state();
    let (lo, hi) = limits::DESC_BYTES;
    view! {
        <RangeSlider label=label min=lo max=hi step=16 unit="B" testid=testid
            value=st.inputs.part(get)
            on_input=Callback::new(move |v| st.inputs.update(|i| set(i, v)))/>
    }
}

/// The typed 64-bit descriptor: shows the encoding, decodes what is typed.
#[component]
fn HexField() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let error = RwSignal::new(None::<String>);
    let encoded = Memo::new(move |_| st.outputs.with(|o| o.desc.encoded.ok()));
    let on_change = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let digits: String = text
            .trim()
            .trim_start_matches("0x")
            .trim_start_matches("0X")
            .chars()
            .filter(|c| *c != '_')
            .collect();
        let Ok(bits) = u64::from_str_radix(&digits, 16) else {
            error.set(Some(tx::HEX_BAD.get(lang.get_untracked()).to_string()));
            return;
        };
        match MatrixDescriptor::decode(bits) {
            Ok(d) if d.base_offset == 0 => {
                error.set(None);
                st.inputs.update(|i| {
                    i.dstart = u64::from(d.start_address_bytes);
                    i.dlbo = u64::from(d.leading_byte_offset_bytes);
                    i.dsbo = u64::from(d.stride_byte_offset_bytes);
                    i.dswz = swizzle_slug(d.swizzle).to_string();
                });
            }
            Ok(d) => error.set(Some(tx::layout_error(
                &crate::model::tensor_core_gen::smem_descriptor::SmemLayoutError::BaseOffsetNotModelled(
                    d.base_offset,
                ),
                lang.get_untracked(),
            ))),
            Err(e) => error.set(Some(tx::layout_error(&e, lang.get_untracked()))),
        }
    };
    let invalid = move || error.read().is_some();
    view! {
        <div class="gx-field" data-testid="desc-hex">
            <label class="gx-field__label" for="desc-hex">{t(tx::HEX_LABEL)}</label>
            <input type="text" id="desc-hex" class="gx-field__number gx-field__number--wide gx-dsc__hex"
                spellcheck="false" autocomplete="off" aria-describedby="desc-hex-err"
                class:gx-field__number--invalid=invalid
                aria-invalid=move || if invalid() { "true" } else { "false" }
                prop:value=move || encoded.get().map(|e| format!("{e:#018x}")).unwrap_or_default()
                on:change=on_change/>
            <p class="gx-field__error" id="desc-hex-err" role="alert">{move || error.get()}</p>
        </div>
    }
}

/// The section.
#[component]
pub fn DescriptorSection() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let v = Memo::new(move |_| st.outputs.with(|o| o.desc.clone()));
    let layout = Memo::new(move |_| v.with(|v| v.layout.ok()));
    let grid_dims = Memo::new(move |_| layout.with(|l| l.as_ref().map(|l| l.core_matrix_grid())));
    let sel = Memo::new(move |_| v.with(|v| v.element.map(|e| e.2)));

    let majors = major::ALL
        .iter()
        .map(|(m, name)| (*name, tx::major(*m)))
        .collect::<Vec<_>>();
    let major = Memo::new(move |_| st.inputs.with(|i| major::slug(i.dmaj).to_string()));
    let bit_opts = DESC_BITS
        .iter()
        .map(|b| (*b, tx::bits(b)))
        .collect::<Vec<_>>();
    let bits = Memo::new(move |_| st.inputs.with(|i| i.dbits.clone()));
    let swz_opts = Swizzle::ALL
        .iter()
        .map(|s| (swizzle_slug(*s), tx::swizzle(*s)))
        .collect::<Vec<_>>();
    let swz = Memo::new(move |_| st.inputs.with(|i| i.dswz.clone()));
    let k_max =
        Memo::new(move |_| 256 / st.inputs.with(|i| i.dbits.parse::<u64>().unwrap_or(16)) - 1);
    let mn_max = Memo::new(move |_| st.inputs.with(|i| i.dmn.saturating_sub(1)));

    // The core-matrix grid: one tab stop.
    let cm_count = Signal::derive(move || grid_dims.get().map_or(1, |(m, k)| (m * k) as usize));
    let roving = Roving::new(cm_count, 0);
    let pick_item = move |ev: &web_sys::Event| {
        let Some(i) = ev.target().as_ref().and_then(item_index) else {
            return;
        };
        let Some(l) = layout.get_untracked() else {
            return;
        };
        let (m, _) = l.core_matrix_grid();
        let cm = CoreMatrix {
            mn_block: i as u32 % m.max(1),
            k_block: i as u32 / m.max(1),
        };
        if let Some((mn, k)) = first_element(&l, cm) {
            st.inputs.update(|inp| {
                inp.drow = u64::from(mn);
                inp.dk = u64::from(k);
            });
        }
    };
    let pick_chunk = move |ev: &web_sys::Event| {
        let (Some(i), Some(l)) = (chunk_index(ev), layout.get_untracked()) else {
            return;
        };
        let Some(cm) = l.core_matrices().get(i as usize).copied() else {
            return;
        };
        if let Some((mn, k)) = first_element(&l, cm) {
            st.inputs.update(|inp| {
                inp.drow = u64::from(mn);
                inp.dk = u64::from(k);
            });
        }
    };
    let grid = move || {
        let (Some(l), Some((m, k))) = (layout.get(), grid_dims.get()) else {
            return ().into_any();
        };
        let w = CMG_LABEL_PX + m * CMG_W_PX + 2;
        let h = CMG_TOP_PX + k * CMG_H_PX + 2;
        let labels_l = l;
        view! {
            <ScrollFigure label=tx::CM_LABEL width_px=f64::from(w) label_px=f64::from(CMG_LABEL_PX) height_px=f64::from(h)
                parts_focusable=true natural_size=true testid="desc-cms"
                labels=move || markup_block("g", "", None, Signal::derive(move || grid_labels(&labels_l, lang.get())))>
                <svg class="gx-wgm__svg gx-wgm__svg--natural" viewBox=format!("0 0 {w} {h}") width=w.to_string() height=h.to_string()
                    role="group" tabindex="-1" aria-label=move || t(tx::CM_LABEL)()
                    on:keydown=roving.on_keydown()
                    on:focusin=move |ev| { pick_item(&ev); roving.on_focusin()(ev); }
                    on:click=move |ev| pick_item(&ev)>
                    {markup_block("g", "", None, Signal::derive(move || {
                        layout.with(|l| l.as_ref().map(|l| grid_markup(l, sel.get(), roving.active(), lang.get())).unwrap_or_default())
                    }))}
                </svg>
            </ScrollFigure>
        }
        .into_any()
    };
    let rows_drawn = Memo::new(move |_| v.with(|v| v.rows.len() as u32));
    let memory = move || {
        let n = rows_drawn.get();
        if n == 0 {
            return ().into_any();
        }
        let w = MEM_LABEL_PX + BANKS * BANK_PX + 2;
        let h = MEM_TOP_PX + n * MEM_ROW_PX + 2;
        view! {
            <ScrollFigure label=tx::MEMORY_LABEL width_px=f64::from(w) label_px=f64::from(MEM_LABEL_PX) height_px=f64::from(h)
                testid="desc-memory"
                labels=move || markup_block("g", "", None, Signal::derive(move || v.with(|v| memory_labels(v, lang.get()))))>
                <svg class="gx-wgm__svg" viewBox=format!("0 0 {w} {h}") role="img" aria-label=move || t(tx::MEMORY_LABEL)()
                    on:click=move |ev| pick_chunk(&ev)>
                    {markup_block("g", "", None, Signal::derive(move || v.with(|v| memory_markup(v, lang.get()))))}
                </svg>
            </ScrollFigure>
        }
        .into_any()
    };
    let shown_note = move || {
        v.with(|v| {
            (v.rows_total > v.rows.len())
                .then(|| tx::rows_shown(v.rows.len(), v.rows_total, lang.get()))
        })
    };
    let error = move || {
        v.with(|v| {
            v.layout.as_ref().err().map(|e| {
                let msg = tx::layout_error(e, lang.get());
                view! { <div class="gx-error" role="alert" data-testid="desc-error"><p>{msg}</p></div> }
            })
        })
    };
    let stored = Memo::new(move |_| v.with(|v| v.banks.clone()));
    let plain = Memo::new(move |_| v.with(|v| v.plain_banks.clone()));
    view! {
        <section class="l-page gx-section" data-testid="descriptor">
            <div class="l-body">
                <h2>{t(tx::TITLE)}</h2>
                <p>{t(tx::INTRO)}</p>
                <div class="gx-tcg__controls">
                    {select(tx::MAJOR_LABEL, "select-dmaj", majors, major, |i, v| {
                        i.dmaj = major::parse(v).unwrap_or(Major::K);
                        set_canonical(i);
                        clamp_element(i);
                    })}
                    {select(tx::BITS_LABEL, "select-dbits", bit_opts, bits, |i, v| {
                        if DESC_BITS.contains(&v) {
                            i.dbits = v.to_string();
                            set_canonical(i);
                            clamp_element(i);
                        }
                    })}
                    {select(tx::SWIZZLE_LABEL, "select-dswz", swz_opts, swz, |i, v| {
                        i.dswz = swizzle_slug(swizzle_of(v)).to_string();
                        set_canonical(i);
                    })}
                    <RangeSlider label=tx::MN_LABEL min=limits::DESC_MN.0 max=limits::DESC_MN.1 step=8 testid="slider-dmn"
                        value=st.inputs.part(|i: &GenInputs| i.dmn)
                        on_input=Callback::new(move |v: u64| st.inputs.update(|i| {
                            i.dmn = v;
                            set_canonical(i);
                            clamp_element(i);
                        }))/>
                    {byte_slider(tx::START_LABEL, "slider-dstart", |i| i.dstart, |i, v| i.dstart = v)}
                    {byte_slider(tx::LBO_LABEL, "slider-dlbo", |i| i.dlbo, |i, v| i.dlbo = v)}
                    {byte_slider(tx::SBO_LABEL, "slider-dsbo", |i| i.dsbo, |i, v| i.dsbo = v)}
                    <HexField/>
                </div>
                <p class="gx-note">
                    {t(tx::CANONICAL_NOTE)}" "
                    <button class="gx-button gx-button--small" data-testid="desc-canonical"
                        on:click=move |_| st.inputs.update(set_canonical)>{t(tx::CANONICAL)}</button>
                </p>
                {markup_block("div", "", None, Signal::derive(move || v.with(|v| bits_markup(&v.operand.descriptor, v.encoded.ok(), lang.get()))))}
            </div>
            {error}
            <figure class="gx-figure gx-dsc" data-testid="desc-figure">
                {grid}
                <div class="gx-tcg__controls gx-dsc__pick">
                    {move || {
                        let hi = mn_max.get();
                        view! {
                            <RangeSlider label=tx::ROW_LABEL min=0 max=hi testid="slider-drow"
                                value=st.inputs.part(|i: &GenInputs| i.drow)
                                on_input=Callback::new(move |v| st.inputs.update(|i| i.drow = v))/>
                        }
                    }}
                    {move || {
                        let hi = k_max.get();
                        view! {
                            <RangeSlider label=tx::K_LABEL min=0 max=hi testid="slider-dk"
                                value=st.inputs.part(|i: &GenInputs| i.dk)
                                on_input=Callback::new(move |v| st.inputs.update(|i| i.dk = v))/>
                        }
                    }}
                </div>
                {memory}
                <p class="gx-note">{shown_note}</p>
                <figcaption class="gx-frag__legend">{t(tx::MEMORY_LABEL)}</figcaption>
            </figure>
            <div class="l-body" aria-live="polite">
                {markup_block("div", "", Some("desc-facts"), Signal::derive(move || v.with(|v| facts_markup(v, lang.get()))))}
            </div>
            <div class="gx-dsc__views">
                <p class="l-body">{t(tx::BANKS_CAPTION)}</p>
                {bank_view(tx::BANKS_STORED, "banks-stored", move || stored.get())}
                {bank_view(tx::BANKS_PLAIN, "banks-plain", move || plain.get())}
            </div>
            <div class="l-body">
                <p>{t(tx::WHY)}</p>
                {markup_block("div", "", None, Signal::derive(move || effect_markup(lang.get())))}
            </div>
            <DataDetails summary=tx::DATA_TABLE testid="desc-data-table">
                {markup_block("div", "", None, Signal::derive(move || {
                    layout.with(|l| l.as_ref().map(|l| data_markup(l, lang.get())).unwrap_or_default())
                }))}
            </DataDetails>
        </section>
    }
}
