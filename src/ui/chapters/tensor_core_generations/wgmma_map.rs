//! Section "wgmma-map": wgmma's register fragments thread by thread. Three drawings, each one
//! tab stop with arrow keys ([`Roving`]): the 128 threads (one row per warp), the whole matrix
//! as 16 × 8 tiles (one row of tiles per warp band, the selected thread's elements marked), and
//! the zoomed tile with the thread and fragment index of each element. Click or tap selects;
//! nothing needs hover. Model: [`crate::model::tensor_core_gen::wgmma_fragments`].

use leptos::prelude::*;

use super::controls::state;
use super::newest::{WgLayout, WgView};
use super::state::{select_wgmma_thread, set_wgmma_frag, set_wgmma_n, GenInputs, WgFrag, WGMMA_NS};
use super::text::{self, wgmma_map as tx};
use crate::model::tensor_core_gen::wgmma::WgmmaShape;
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shared::roving::{item_index, Roving};
use crate::ui::shared::scroll_figure::ScrollFigure;
use crate::ui::widgets::{markup_block, select_field, DataDetails, Markup, RangeSlider};

/// Pitch of a thread chip, view-box units (= CSS px at the figure's own size).
const CHIP_PX: u32 = 24;
/// The thread strip's label column.
const STRIP_LABEL_PX: u32 = 64;
/// A tile of the overview: 8 columns × 4 units, 16 rows × 3 units.
const TILE_W_PX: u32 = 32;
const TILE_H_PX: u32 = 48;
const TILE_GAP_PX: u32 = 2;
/// The overview's label column and column-number row.
const OV_LABEL_PX: u32 = 76;
const OV_TOP_PX: u32 = 18;
/// A cell of the zoomed tile, its row-number column and column-number row.
const CELL_PX: u32 = 34;
const ZOOM_LEFT_PX: u32 = 40;
const ZOOM_TOP_PX: u32 = 20;

/// "D" or "A", and the fragment's element prefix ("d" or "a").
fn names(l: &WgLayout) -> (&'static str, &'static str) {
    if l.is_d() {
        ("D", "d")
    } else {
        ("A", "a")
    }
}

fn band_class(band: u32) -> &'static str {
    match band {
        0 => "gx-wgm__band-0",
        1 => "gx-wgm__band-1",
        2 => "gx-wgm__band-2",
        _ => "gx-wgm__band-3",
    }
}

/// The thread strip: 4 rows (warps) × 32 chips (lanes).
fn strip_markup(selected: Option<u32>, active: usize, lang: Lang) -> Markup {
    let mut h = Markup::new();
    for t in 0u32..128 {
        let (w, l) = (t / 32, t % 32);
        let (x, y) = (STRIP_LABEL_PX + l * CHIP_PX, w * CHIP_PX + 1);
        let on = selected == Some(t);
        h.open("g")
            .class(format!(
                "gx-wgm__chip {}{}",
                band_class(w),
                if on { " is-on" } else { "" }
            ))
            .attr("data-roving", t.to_string())
            .attr("data-testid", format!("wg-thread-{t}"))
            .attr("tabindex", if active == t as usize { "0" } else { "-1" })
            .attr("role", "button")
            .attr("aria-pressed", if on { "true" } else { "false" })
            .attr("aria-label", tx::thread_chip(t, lang))
            .open("rect")
            .attr("x", x.to_string())
            .attr("y", y.to_string())
            .attr("width", (CHIP_PX - 2).to_string())
            .attr("height", (CHIP_PX - 2).to_string())
            .attr("rx", "3")
            .close()
            .open("text")
            .attr("x", (x + CHIP_PX / 2 - 1).to_string())
            .attr("y", (y + 15).to_string())
            .text(t.to_string())
            .close()
            .close();
    }
    h
}

/// The thread strip's frozen labels: "warp w" per row.
fn strip_labels(lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.label_mask(
        (STRIP_LABEL_PX - 2).to_string(),
        (4 * CHIP_PX + 2).to_string(),
    );
    for w in 0..4 {
        h.svg_text(
            "gx-wgm__label",
            "4",
            (w * CHIP_PX + 16).to_string(),
            tx::warp(w, lang),
        );
    }
    h
}

/// The overview's tiles (a block of its own: its shape follows only N and the fragment, so a
/// selection patches it in place and the focused tile keeps the focus).
fn tiles_markup(v: &WgView, blocks: u32, active: usize, lang: Lang) -> Markup {
    let mut h = Markup::new();
    for j in 0..blocks {
        h.svg_text(
            "gx-wgm__axis",
            (OV_LABEL_PX + j * (TILE_W_PX + TILE_GAP_PX) + TILE_W_PX / 2).to_string(),
            (OV_TOP_PX - 5).to_string(),
            (8 * j).to_string(),
        );
    }
    for band in 0..4 {
        for block in 0..blocks {
            let i = band * blocks + block;
            let on = v.tile == (band, block);
            let (x, y) = (
                OV_LABEL_PX + block * (TILE_W_PX + TILE_GAP_PX),
                OV_TOP_PX + band * (TILE_H_PX + TILE_GAP_PX),
            );
            h.open("g")
                .class(format!(
                    "gx-wgm__tile {}{}",
                    band_class(band),
                    if on { " is-on" } else { "" }
                ))
                .attr("data-roving", i.to_string())
                .attr("data-testid", format!("wg-tile-{band}-{block}"))
                .attr("tabindex", if active == i as usize { "0" } else { "-1" })
                .attr("role", "button")
                .attr("aria-pressed", if on { "true" } else { "false" })
                .attr("aria-label", tx::tile(band, block, lang))
                .open("rect")
                .attr("x", x.to_string())
                .attr("y", y.to_string())
                .attr("width", TILE_W_PX.to_string())
                .attr("height", TILE_H_PX.to_string())
                .close()
                .close();
        }
    }
    h
}

/// Where element (row, col) is marked in the overview.
fn mark_xy(row: u32, col: u32) -> (u32, u32) {
    (
        OV_LABEL_PX + (col / 8) * (TILE_W_PX + TILE_GAP_PX) + (col % 8) * 4,
        OV_TOP_PX + (row / 16) * (TILE_H_PX + TILE_GAP_PX) + (row % 16) * 3,
    )
}

/// The selected thread's elements (and the selected element) as marks over the tiles.
fn marks_markup(v: &WgView) -> Markup {
    let mut h = Markup::new();
    let mark = |h: &mut Markup, (r, c): (u32, u32), class: &'static str| {
        let (x, y) = mark_xy(r, c);
        h.open("rect")
            .class(class)
            .attr("x", x.to_string())
            .attr("y", y.to_string())
            .attr("width", "4")
            .attr("height", "3")
            .close();
    };
    for e in &v.thread_elements {
        mark(&mut h, e.at, "gx-wgm__mark");
    }
    if let Some((at, _)) = v.element {
        mark(&mut h, at, "gx-wgm__mark gx-wgm__mark--sel");
    }
    h
}

/// The overview's frozen labels: "warp w" and its rows per band.
fn overview_labels(lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.open("rect")
        .class("gx-sfig__mask")
        .attr("x", "0")
        .attr("y", (OV_TOP_PX - 2).to_string())
        .attr("width", (OV_LABEL_PX - 4).to_string())
        .attr("height", (4 * (TILE_H_PX + TILE_GAP_PX) + 2).to_string())
        .close();
    for band in 0..4 {
        let y = OV_TOP_PX + band * (TILE_H_PX + TILE_GAP_PX);
        h.svg_text(
            "gx-wgm__label gx-wgm__label--strong",
            "4",
            (y + 18).to_string(),
            tx::warp(band, lang),
        )
        .svg_text(
            "gx-wgm__label",
            "4",
            (y + 36).to_string(),
            tx::rows(16 * band, 16 * band + 15, lang),
        );
    }
    h
}

/// The zoomed tile: 16 × 8 cells with thread and fragment index.
fn zoom_markup(v: &WgView, l: &WgLayout, active: usize, lang: Lang) -> Markup {
    let mut h = Markup::new();
    let (band, block) = v.tile;
    let (matrix, prefix) = names(l);
    for c in 0..8 {
        h.svg_text(
            "gx-wgm__axis",
            (ZOOM_LEFT_PX + c * CELL_PX + CELL_PX / 2).to_string(),
            (ZOOM_TOP_PX - 6).to_string(),
            (8 * block + c).to_string(),
        );
    }
    for r in 0..16 {
        for c in 0..8 {
            let at = (16 * band + r, 8 * block + c);
            let Some(e) = l.slot_of(at.0, at.1) else {
                continue;
            };
            let i = r * 8 + c;
            let mut class = format!("gx-wgm__cell gx-lane-{}", e.thread % 32);
            if let Some(t) = v.thread {
                class.push_str(if t == e.thread { " is-hl" } else { " is-dim" });
            }
            if v.element.is_some_and(|(s, _)| s == at) {
                class.push_str(" is-sel");
            }
            let element = format!("{prefix}{}", e.index);
            let (x, y) = (ZOOM_LEFT_PX + c * CELL_PX, ZOOM_TOP_PX + r * CELL_PX);
            // The rect is the button (its texts beside it are drawn for the eye; the name says
            // all of it).
            h.open("g")
                .class(class)
                .attr("data-testid", format!("wg-cell-{}-{}", at.0, at.1))
                .open("rect")
                .attr("data-roving", i.to_string())
                .attr("tabindex", if active == i as usize { "0" } else { "-1" })
                .attr("role", "button")
                .attr(
                    "aria-label",
                    tx::cell(matrix, at, e.thread, &element, e.position.register, lang),
                )
                .attr("x", x.to_string())
                .attr("y", y.to_string())
                .attr("width", CELL_PX.to_string())
                .attr("height", CELL_PX.to_string())
                .close()
                .svg_text(
                    "gx-wgm__t",
                    (x + CELL_PX / 2).to_string(),
                    (y + 15).to_string(),
                    e.thread.to_string(),
                )
                .svg_text(
                    "gx-wgm__i",
                    (x + CELL_PX / 2).to_string(),
                    (y + 29).to_string(),
                    element,
                )
                .close();
        }
    }
    h
}

/// The zoomed tile's frozen row numbers.
fn zoom_labels(band: u32) -> Markup {
    let mut h = Markup::new();
    h.open("rect")
        .class("gx-sfig__mask")
        .attr("x", "0")
        .attr("y", (ZOOM_TOP_PX - 2).to_string())
        .attr("width", (ZOOM_LEFT_PX - 2).to_string())
        .attr("height", (16 * CELL_PX + 4).to_string())
        .close();
    for r in 0..16 {
        h.svg_text(
            "gx-wgm__axis gx-wgm__axis--row",
            (ZOOM_LEFT_PX - 5).to_string(),
            (ZOOM_TOP_PX + r * CELL_PX + CELL_PX / 2 + 4).to_string(),
            (16 * band + r).to_string(),
        );
    }
    h
}

/// The readout: the selected thread's elements and the selected element's place.
fn readout_markup(v: &WgView, lang: Lang) -> Markup {
    let mut h = Markup::new();
    let Ok(l) = &v.layout else {
        return h;
    };
    let (matrix, prefix) = names(l);
    let per_warp = if l.is_d() {
        WgmmaShape::new(v.n).map_or(0, |s| s.mma_sync_per_warp())
    } else {
        l.cols() / 8
    };
    h.open("dl").class("gx-facts");
    let values = [
        format!("{matrix}: {} × {}", l.rows(), l.cols()),
        l.elements_per_thread().to_string(),
        l.registers_per_thread().to_string(),
        per_warp.to_string(),
    ];
    for (k, (label, value)) in tx::FACTS.iter().zip(values).enumerate() {
        h.leaf("dt", label.get(lang))
            .open("dd")
            .attr("data-testid", format!("wg-fact-{k}"))
            .text(value)
            .close();
    }
    h.close();
    if let Some((at, e)) = v.element {
        let p = e.position;
        h.open("div")
            .class("gx-frag__sel")
            .attr("data-testid", "wg-element")
            .leaf("h3", format!("{matrix}[{}][{}]", at.0, at.1))
            .leaf(
                "p",
                tx::element_line(
                    e.thread,
                    &format!("{prefix}{}", e.index),
                    p.register,
                    (p.bit_offset, p.bit_offset + p.bits - 1),
                    lang,
                ),
            )
            .close();
    }
    if let Some(t) = v.thread {
        let mut rows: Vec<u32> = v.thread_elements.iter().map(|e| e.at.0).collect();
        rows.sort_unstable();
        rows.dedup();
        let rows = rows
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        h.open("div")
            .class("gx-frag__sel")
            .attr("data-testid", "wg-thread")
            .leaf("h3", tx::thread_heading(t, lang))
            .leaf(
                "p",
                tx::thread_summary(
                    t,
                    v.thread_elements.len(),
                    l.registers_per_thread(),
                    &rows,
                    lang,
                ),
            )
            .open("div")
            .class("gx-table-scroll gx-wgm__list")
            .attr("tabindex", "0")
            .attr("role", "group")
            .attr("aria-label", tx::thread_heading(t, lang))
            .open("table")
            .class("gx-table gx-table--compact")
            .attr("data-testid", "wg-thread-elements")
            .head(
                &[tx::COL_ELEMENT, tx::COL_AT, tx::COL_REGISTER, tx::COL_BITS],
                lang,
            )
            .open("tbody");
        for e in &v.thread_elements {
            let p = e.position;
            h.row(
                &format!("{prefix}{}", e.index),
                &[
                    &format!("({}, {})", e.at.0, e.at.1),
                    &p.register.to_string(),
                    &format!("{}–{}", p.bit_offset, p.bit_offset + p.bits - 1),
                ],
                None,
            );
        }
        h.close().close().close().close();
    }
    if v.thread.is_none() && v.element.is_none() {
        h.leaf("p", tx::PICK.get(lang));
    }
    h
}

/// Every thread's rows and columns.
fn data_markup(l: &WgLayout, lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.table("gx-table gx-table--compact", None)
        .head(&tx::DATA_COLS, lang)
        .open("tbody");
    for t in 0u32..128 {
        let (mut rows, mut cols): (Vec<u32>, Vec<u32>) = (0..l.elements_per_thread())
            .filter_map(|i| l.element_at(t, i))
            .unzip();
        rows.sort_unstable();
        rows.dedup();
        cols.sort_unstable();
        cols.dedup();
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        h.row(
            &t.to_string(),
            &[
                &(t / 32).to_string(),
                &(t % 32).to_string(),
                &list(&rows),
                &list(&cols),
            ],
            None,
        );
    }
    h.close().table_end();
    h
}

/// The figure's three drawings and the readout.
#[component]
fn WgmmaFigure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let v = Memo::new(move |_| st.outputs.with(|o| o.wg.clone()));
    let blocks =
        Memo::new(move |_| v.with(|v| v.layout.as_ref().map_or(1, |l| (l.cols() / 8).max(1))));
    let layout_ok = Memo::new(move |_| v.with(|v| v.layout.is_ok()));

    // Threads.
    let strip =
        Roving::new(128usize, 32).starting_at(v.with_untracked(|v| v.thread.unwrap_or(0)) as usize);
    let thread_of = Memo::new(move |_| v.with(|v| v.thread));
    let strip_html =
        Signal::derive(move || strip_markup(thread_of.get(), strip.active(), lang.get()));
    let pick_thread = move |ev: &web_sys::Event| {
        if let Some(t) = ev.target().as_ref().and_then(item_index) {
            st.inputs
                .update(|i| select_wgmma_thread(i, u32::try_from(t).unwrap_or(0)));
        }
    };
    let strip_focus = strip.on_focusin();
    let strip_w = STRIP_LABEL_PX + 32 * CHIP_PX;
    let strip_h = 4 * CHIP_PX + 2;

    // Tiles.
    let tile_count = Signal::derive(move || 4 * blocks.get() as usize);
    let tiles = Roving::new(tile_count, 0).starting_at(v.with_untracked(|v| {
        let b = v.layout.as_ref().map_or(1, |l| (l.cols() / 8).max(1));
        (v.tile.0 * b + v.tile.1) as usize
    }));
    let tiles_html = Signal::derive(move || {
        let b = blocks.get();
        v.with(|v| tiles_markup(v, b, tiles.active(), lang.get()))
    });
    let marks_html = Signal::derive(move || v.with(marks_markup));
    let pick_tile = move |ev: &web_sys::Event| {
        let Some(i) = ev.target().as_ref().and_then(item_index) else {
            return;
        };
        let b = blocks.get_untracked() as usize;
        st.inputs.update(|inp: &mut GenInputs| {
            inp.wband = (i / b) as u64;
            inp.wb = (i % b) as u64;
            inp.wr = -1;
            inp.wc = -1;
        });
    };
    let ov_w = Memo::new(move |_| OV_LABEL_PX + blocks.get() * (TILE_W_PX + TILE_GAP_PX));
    let ov_h = OV_TOP_PX + 4 * (TILE_H_PX + TILE_GAP_PX);

    // The zoomed tile.
    let cells = Roving::new(128usize, 8);
    let zoom_html = Signal::derive(move || {
        v.with(|v| match &v.layout {
            Ok(l) => zoom_markup(v, l, cells.active(), lang.get()),
            Err(_) => Markup::new(),
        })
    });
    let band = Memo::new(move |_| v.with(|v| v.tile.0));
    let pick_cell = move |ev: &web_sys::Event| {
        let Some(i) = ev.target().as_ref().and_then(item_index) else {
            return;
        };
        let (tile, owner) = v.with_untracked(|v| {
            let (r, c) = (16 * v.tile.0 + i as u32 / 8, 8 * v.tile.1 + i as u32 % 8);
            let owner = v.layout.as_ref().ok().and_then(|l| l.slot_of(r, c));
            ((r, c), owner)
        });
        if let Some(e) = owner {
            st.inputs.update(|inp| {
                inp.wr = i64::from(tile.0);
                inp.wc = i64::from(tile.1);
                inp.wt = i64::from(e.thread);
                inp.wband = u64::from(tile.0 / 16);
                inp.wb = u64::from(tile.1 / 8);
            });
        }
    };
    let zoom_w = ZOOM_LEFT_PX + 8 * CELL_PX + 2;
    let zoom_h = ZOOM_TOP_PX + 16 * CELL_PX + 2;

    let error = move || {
        v.with(|v| {
            v.layout.as_ref().err().map(|e| {
                let msg = tx::layout_error(e, lang.get());
                view! { <div class="gx-error" role="alert" data-testid="wg-error"><p>{msg}</p></div> }
            })
        })
    };
    let caption = move || v.with(|v| tx::zoom_caption(v.tile.0, v.tile.1, lang.get()));
    view! {
        <figure class="gx-figure gx-wgm" data-testid="wg-figure">
            <ScrollFigure label=tx::STRIP_LABEL width_px=f64::from(strip_w) label_px=f64::from(STRIP_LABEL_PX)
                height_px=f64::from(strip_h) parts_focusable=true testid="wg-strip"
                labels=move || markup_block("g", "", None, Signal::derive(move || strip_labels(lang.get())))>
                <svg class="gx-wgm__svg" viewBox=format!("0 0 {strip_w} {strip_h}") role="group" tabindex="-1"
                    aria-label=move || t(tx::STRIP_LABEL)()
                    on:keydown=strip.on_keydown()
                    on:focusin=move |ev| { pick_thread(&ev); strip_focus(ev); }
                    on:click=move |ev| pick_thread(&ev)>
                    {markup_block("g", "", None, strip_html)}
                </svg>
            </ScrollFigure>
            {error}
            {move || {
                if !layout_ok.get() {
                    return ().into_any();
                }
                let w = ov_w.get();
                view! {
                    <ScrollFigure label=tx::OVERVIEW_LABEL width_px=f64::from(w) label_px=f64::from(OV_LABEL_PX)
                        height_px=f64::from(ov_h) parts_focusable=true natural_size=true testid="wg-overview"
                        labels=move || markup_block("g", "", None, Signal::derive(move || overview_labels(lang.get())))>
                        <svg class="gx-wgm__svg gx-wgm__svg--natural" viewBox=format!("0 0 {w} {ov_h}")
                            width=w.to_string() height=ov_h.to_string()
                            role="group" tabindex="-1" aria-label=move || t(tx::OVERVIEW_LABEL)()
                            on:keydown=tiles.on_keydown()
                            on:focusin=move |ev| { pick_tile(&ev); tiles.on_focusin()(ev); }
                            on:click=move |ev| pick_tile(&ev)>
                            {markup_block("g", "", None, tiles_html)}
                            {markup_block("g", "gx-wgm__marks", None, marks_html)}
                        </svg>
                    </ScrollFigure>
                }
                .into_any()
            }}
            {move || layout_ok.get().then(|| view! {
                <p class="gx-wgm__caption" data-testid="wg-zoom-caption">{caption}</p>
                <ScrollFigure label=tx::ZOOM_LABEL width_px=f64::from(zoom_w) label_px=f64::from(ZOOM_LEFT_PX)
                    height_px=f64::from(zoom_h) parts_focusable=true natural_size=true testid="wg-zoom"
                    labels=move || markup_block("g", "", None, Signal::derive(move || zoom_labels(band.get())))>
                    <svg class="gx-wgm__svg gx-wgm__svg--natural" viewBox=format!("0 0 {zoom_w} {zoom_h}")
                        width=zoom_w.to_string() height=zoom_h.to_string()
                        role="group" tabindex="-1" aria-label=move || t(tx::ZOOM_LABEL)()
                        on:keydown=cells.on_keydown()
                        on:focusin=move |ev| { pick_cell(&ev); cells.on_focusin()(ev); }
                        on:click=move |ev| pick_cell(&ev)>
                        {markup_block("g", "", None, zoom_html)}
                    </svg>
                </ScrollFigure>
            })}
            <figcaption class="gx-frag__legend">{t(tx::LEGEND)}</figcaption>
        </figure>
        <div aria-live="polite">
            {markup_block("div", "gx-frag__readout", Some("wg-readout"), Signal::derive(move || v.with(|v| readout_markup(v, lang.get()))))}
        </div>
        <DataDetails summary=tx::DATA_TABLE testid="wg-data-table">
            {markup_block("div", "", None, Signal::derive(move || {
                v.with(|v| v.layout.as_ref().map(|l| data_markup(l, lang.get())).unwrap_or_default())
            }))}
        </DataDetails>
    }
}

/// The section: controls, figure, readout, hardware note.
#[component]
pub fn WgmmaMapSection() -> impl IntoView {
    let st = state();
    let frag = st.inputs.part(|i: &GenInputs| i.wf);
    let n_value = Signal::derive(move || st.inputs.with(|i| i.n.parse::<u64>().unwrap_or(64)));
    view! {
        <section class="l-page gx-section" data-testid="wgmma-map">
            <div class="l-body">
                <h2>{t(tx::TITLE)}</h2>
                <p>{t(tx::INTRO)}</p>
                <div class="gx-tcg__controls">
                    {select_field(
                        tx::FRAG_LABEL,
                        "select-wf",
                        WgFrag::ALL.into_iter().map(|f| (f.slug().to_string(), tx::frag_label(f))).collect(),
                        Signal::derive(move || frag.get().slug().to_string()),
                        move |v| {
                            if let Some(f) = WgFrag::from_slug(&v) {
                                st.inputs.update(|i| set_wgmma_frag(i, f));
                            }
                        },
                    )}
                    <RangeSlider label=text::N_LABEL min=8 max=256 step=8 testid="slider-wn" value=n_value
                        on_input=Callback::new(move |v: u64| {
                            let n = (v / 8 * 8).clamp(8, 256);
                            if WGMMA_NS.contains(&n.to_string().as_str()) {
                                st.inputs.update(|i| set_wgmma_n(i, n as u32));
                            }
                        })/>
                </div>
            </div>
            <WgmmaFigure/>
            <p class="l-body gx-note" data-testid="wg-hardware">{t(tx::HARDWARE)}</p>
        </section>
    }
}
