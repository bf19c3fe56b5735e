//! Section "tcgen05-ld": the `tcgen05.ld` / `st` shapes as lane maps (which thread of the warp
//! reads which Tensor Memory lane and column). Model: `tensor_core_gen::tcgen05_ld`.

use super::controls::{select, state};
use super::state::{ld_shape_of, ld_shape_slug, LD_SHAPES};
use super::text::tmem as tx;
use crate::model::tensor_core_gen::tcgen05_ld::{TmemLdSt, TmemOffset};
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shared::roving::{item_index, Roving};
use crate::ui::shared::scroll_figure::ScrollFigure;
use crate::ui::widgets::{markup_block, Markup};
use leptos::prelude::*;

/// The `tcgen05.ld` map: label column, top row, cell size, most columns drawn.
const L_LABEL_PX: u32 = 44;
const L_TOP_PX: u32 = 18;
const LC_W_PX: u32 = 30;
const LC_H_PX: u32 = 22;
const LD_MAX_COLS: u32 = 16;

/// The `tcgen05.ld` map's cells.
fn ld_markup(ld: &TmemLdSt, sel: Option<u32>, active: usize, lang: Lang) -> Markup {
    let shown = ld.column_span().min(LD_MAX_COLS);
    let mut h = Markup::new();
    for c in 0..shown {
        h.svg_text(
            "gx-wgm__axis",
            (L_LABEL_PX + c * LC_W_PX + LC_W_PX / 2).to_string(),
            (L_TOP_PX - 5).to_string(),
            c.to_string(),
        );
    }
    for lane in 0..ld.lanes() {
        for column in 0..shown {
            let Some((thread, reg)) = ld.thread_of(TmemOffset { lane, column }) else {
                continue;
            };
            let i = lane * shown + column;
            let mine = sel == Some(thread);
            let class = match sel {
                Some(_) if mine => "gx-ld__cell is-hl",
                Some(_) => "gx-ld__cell is-dim",
                None => "gx-ld__cell",
            };
            let (x, y) = (L_LABEL_PX + column * LC_W_PX, L_TOP_PX + lane * LC_H_PX);
            h.open("g")
                .class(class)
                .attr("data-testid", format!("ld-{lane}-{column}"))
                .open("rect")
                .class(format!("gx-lane-{thread}"))
                .attr("data-roving", i.to_string())
                .attr("tabindex", if active == i as usize { "0" } else { "-1" })
                .attr("role", "button")
                .attr("aria-label", tx::ld_cell(lane, column, thread, reg, lang))
                .attr("x", x.to_string())
                .attr("y", y.to_string())
                .attr("width", LC_W_PX.to_string())
                .attr("height", LC_H_PX.to_string())
                .close()
                .open("text")
                .attr("x", (x + LC_W_PX / 2).to_string())
                .attr("y", (y + 15).to_string())
                .text(if mine {
                    format!("r{reg}")
                } else {
                    thread.to_string()
                })
                .close()
                .close();
        }
    }
    h
}

fn ld_labels(lanes: u32) -> Markup {
    let mut h = Markup::new();
    h.label_mask(
        (L_LABEL_PX - 2).to_string(),
        (L_TOP_PX + lanes * LC_H_PX + 2).to_string(),
    );
    for lane in 0..lanes {
        h.svg_text(
            "gx-wgm__axis gx-wgm__axis--row",
            (L_LABEL_PX - 4).to_string(),
            (L_TOP_PX + lane * LC_H_PX + 15).to_string(),
            lane.to_string(),
        );
    }
    h
}

/// The selected thread's registers.
fn ld_thread_markup(ld: &TmemLdSt, sel: Option<u32>, lang: Lang) -> Markup {
    let mut h = Markup::new();
    let Some(t) = sel else {
        return h;
    };
    h.leaf_testid(
        "h3",
        "ld-thread",
        tx::ld_thread(t, ld.registers_per_thread(), lang),
    )
    .open("div")
    .class("gx-table-scroll gx-wgm__list")
    .open("table")
    .class("gx-table gx-table--compact")
    .head(&tx::LD_COLS, lang)
    .open("tbody");
    for r in 0..ld.registers_per_thread() {
        if let Some(c) = ld.cell(t, r) {
            h.row(
                &format!("r{r}"),
                &[&c.lane.to_string(), &c.column.to_string()],
                None,
            );
        }
    }
    h.close().close().close();
    h
}

/// The `tcgen05.ld` / `st` section.
#[component]
pub fn LdSection() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let lv = Memo::new(move |_| st.outputs.with(|o| o.ld.clone()));
    let ld = Memo::new(move |_| lv.with(|l| l.ld.ok()));
    let shape = Memo::new(move |_| lv.with(|l| l.shape));
    let sel = Memo::new(move |_| lv.with(|l| l.thread));
    let shape_slug = Memo::new(move |_| ld_shape_slug(shape.get()).to_string());
    let num = Memo::new(move |_| st.inputs.with(|i| i.lnum.to_string()));
    let dims =
        Memo::new(move |_| ld.with(|l| l.map(|l| (l.lanes(), l.column_span().min(LD_MAX_COLS)))));
    let roving = Roving::new(
        Signal::derive(move || dims.get().map_or(1, |(a, b)| (a * b) as usize)),
        0,
    );
    let pick = move |ev: &web_sys::Event| {
        let (Some(i), Some(l), Some((_, shown))) = (
            ev.target().as_ref().and_then(item_index),
            ld.get_untracked(),
            dims.get_untracked(),
        ) else {
            return;
        };
        let off = TmemOffset {
            lane: i as u32 / shown.max(1),
            column: i as u32 % shown.max(1),
        };
        if let Some((t, _)) = l.thread_of(off) {
            st.inputs.update(|inp| inp.lt = i64::from(t));
        }
    };
    let shapes = LD_SHAPES
        .iter()
        .map(|s| (s.to_string(), crate::ui::i18n::tr(s, s)))
        .collect::<Vec<_>>();
    let nums = move || {
        let max = shape.get().max_num();
        std::iter::successors(Some(1u32), |n| (n * 2 <= max).then_some(n * 2))
            .map(|n| {
                let value = n.to_string();
                let v2 = value.clone();
                view! { <option value=value selected=move || num.get() == v2>{format!(".x{n}")}</option> }
            })
            .collect_view()
    };
    let grid = move || {
        let Some((lanes, shown)) = dims.get() else {
            return ().into_any();
        };
        let w = L_LABEL_PX + shown * LC_W_PX + 2;
        let h = L_TOP_PX + lanes * LC_H_PX + 2;
        view! {
            <ScrollFigure label=tx::LD_LABEL width_px=f64::from(w) label_px=f64::from(L_LABEL_PX) height_px=f64::from(h)
                parts_focusable=true natural_size=true testid="ld-map"
                labels=move || markup_block("g", "", None, Signal::stored(ld_labels(lanes)))>
                <svg class="gx-wgm__svg gx-wgm__svg--natural" viewBox=format!("0 0 {w} {h}") width=w.to_string() height=h.to_string()
                    role="group" tabindex="-1" aria-label=move || t(tx::LD_LABEL)()
                    on:keydown=roving.on_keydown()
                    on:focusin=move |ev| { pick(&ev); roving.on_focusin()(ev); }
                    on:click=move |ev| pick(&ev)>
                    {markup_block("g", "", None, Signal::derive(move || {
                        let a = roving.active();
                        ld.with(|l| l.as_ref().map(|l| ld_markup(l, sel.get(), a, lang.get())).unwrap_or_default())
                    }))}
                </svg>
            </ScrollFigure>
        }
        .into_any()
    };
    let shown_note = move || {
        ld.with(|l| {
            l.as_ref()
                .filter(|l| l.column_span() > LD_MAX_COLS)
                .map(|l| tx::ld_cols_shown(LD_MAX_COLS, l.column_span(), lang.get()))
        })
    };
    let error = move || {
        lv.with(|l| {
            l.ld.as_ref().err().map(|e| {
                view! { <div class="gx-error" role="alert" data-testid="ld-error"><p>{tx::ld_error(e, lang.get())}</p></div> }
            })
        })
    };
    view! {
        <section class="l-page gx-section" data-testid="tcgen05-ld">
            <div class="l-body">
                <h2>{t(tx::LD_TITLE)}</h2>
                <p>{t(tx::LD_INTRO)}</p>
                <div class="gx-tcg__controls">
                    {select(tx::LD_SHAPE_LABEL, "select-ls", shapes, shape_slug, |i, v| {
                        if LD_SHAPES.contains(&v) {
                            i.ls = v.to_string();
                            i.lnum = i.lnum.min(u64::from(ld_shape_of(v).max_num()));
                        }
                    })}
                    <label class="gx-field">
                        <span class="gx-field__label">{t(tx::LD_NUM_LABEL)}</span>
                        <select class="gx-select" data-testid="select-lnum" on:change=move |ev| {
                            if let Ok(n) = event_target_value(&ev).parse::<u64>() {
                                st.inputs.update(|i| i.lnum = n);
                            }
                        }>{nums}</select>
                    </label>
                </div>
                <p data-testid="ld-shape">{move || tx::ld_shape(shape.get(), lang.get())}</p>
            </div>
            {error}
            <figure class="gx-figure gx-ld" data-testid="ld-figure">
                {grid}
                <p class="gx-note">{shown_note}</p>
                <figcaption class="gx-frag__legend">{t(tx::LD_LABEL)}</figcaption>
            </figure>
            <div class="l-body" aria-live="polite">
                {markup_block("div", "", Some("ld-readout"), Signal::derive(move || {
                    ld.with(|l| l.as_ref().map(|l| ld_thread_markup(l, sel.get(), lang.get())).unwrap_or_default())
                }))}
            </div>
        </section>
    }
}
