//! Section "tmem": Blackwell's Tensor Memory (the accumulator of `tcgen05.mma` for
//! `cta_group::1` and `::2`, the allocation, which warp reaches which lanes, which GPUs have it
//! and what NVIDIA publishes about the B200). Model: `tensor_core_gen::tmem`. The
//! `tcgen05.ld` / `st` section is [`super::tmem_ld`].

use leptos::prelude::*;

use super::controls::{select, state};
use super::newest::{accumulator_of, TmemView};
use super::state::{limits, GenInputs, TMEM_MS};
use super::text::tmem as tx;
use crate::model::gpu_spec::GpuSpec;
use crate::model::tensor_core_gen::tmem::{
    has_tensor_memory, warp_for_lane, CtaGroup, Tcgen05Kind, Tcgen05Mma, TmemAddress, TmemCell,
    TMEM_ALLOC_UNIT_COLUMNS, TMEM_BYTES_PER_CTA, TMEM_COLUMNS, TMEM_LANES,
};
use crate::ui::format::{fixed, percent};
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shared::roving::{item_index, Roving};
use crate::ui::shared::scroll_figure::ScrollFigure;
use crate::ui::widgets::{data_index, markup_block, Markup, RangeSlider};

/// The D panel: label column, top row, block size (16 rows × 8 columns per block).
const D_LABEL_PX: u32 = 44;
const D_TOP_PX: u32 = 18;
const DB_W_PX: u32 = 12;
const DB_H_PX: u32 = 16;
/// A Tensor Memory panel: label column, top row, block size (16 lanes × 8 columns).
const T_LABEL_PX: u32 = 96;
const T_TOP_PX: u32 = 18;
const TB_W_PX: u32 = 10;
const TB_H_PX: u32 = 16;
/// Lane bands (16 lanes) and column blocks (8 columns) of one CTA's Tensor Memory.
const BANDS: u32 = TMEM_LANES / 16;
const COL_BLOCKS: u32 = TMEM_COLUMNS / 8;

/// The colour of a Tensor Memory lane band of a CTA.
fn colour(cta: u32, band: u32) -> String {
    format!("gx-lane-{}", (cta * BANDS + band) % 32)
}

/// Per Tensor Memory block (CTA, band, column block) the D block that lands there.
fn block_map(mma: &Tcgen05Mma) -> Vec<Option<(u32, u32)>> {
    let ctas = mma.cta_group().ctas();
    let mut map = vec![None; (ctas * BANDS * COL_BLOCKS) as usize];
    for rb in 0..mma.m() / 16 {
        for cb in 0..mma.n() / 8 {
            if let Some(cell) = mma.accumulator_cell(16 * rb, 8 * cb) {
                let i = (cell.cta * BANDS + cell.lane / 16) * COL_BLOCKS + cell.column / 8;
                if let Some(slot) = map.get_mut(i as usize) {
                    *slot = Some((rb, cb));
                }
            }
        }
    }
    map
}

/// The D panel's blocks.
fn d_markup(v: &TmemView, mma: &Tcgen05Mma, active: usize, lang: Lang) -> Markup {
    let (rbs, cbs) = (mma.m() / 16, mma.n() / 8);
    let sel = v.element.map(|((r, c), _)| (r / 16, c / 8));
    let mut h = Markup::new();
    for cb in (0..cbs).step_by(4) {
        h.svg_text(
            "gx-wgm__axis",
            (D_LABEL_PX + cb * DB_W_PX + DB_W_PX / 2).to_string(),
            (D_TOP_PX - 5).to_string(),
            (8 * cb).to_string(),
        );
    }
    for rb in 0..rbs {
        for cb in 0..cbs {
            let i = rb * cbs + cb;
            let Some(cell) = mma.accumulator_cell(16 * rb, 8 * cb) else {
                continue;
            };
            let on = sel == Some((rb, cb));
            let (x, y) = (D_LABEL_PX + cb * DB_W_PX, D_TOP_PX + rb * DB_H_PX);
            h.open("g")
                .class(if on { "gx-tm__blk is-on" } else { "gx-tm__blk" })
                .attr("data-roving", i.to_string())
                .attr("data-testid", format!("d-{rb}-{cb}"))
                .attr("tabindex", if active == i as usize { "0" } else { "-1" })
                .attr("role", "button")
                .attr("aria-pressed", if on { "true" } else { "false" })
                .attr("aria-label", tx::d_block(16 * rb, 8 * cb, lang))
                .open("rect")
                .class(colour(cell.cta, cell.lane / 16))
                .attr("x", x.to_string())
                .attr("y", y.to_string())
                .attr("width", DB_W_PX.to_string())
                .attr("height", DB_H_PX.to_string())
                .close()
                .close();
        }
    }
    h
}

fn d_labels(rbs: u32) -> Markup {
    let mut h = Markup::new();
    h.label_mask(
        (D_LABEL_PX - 2).to_string(),
        (D_TOP_PX + rbs * DB_H_PX + 2).to_string(),
    );
    for rb in 0..rbs {
        h.svg_text(
            "gx-wgm__axis gx-wgm__axis--row",
            (D_LABEL_PX - 4).to_string(),
            (D_TOP_PX + rb * DB_H_PX + 12).to_string(),
            (16 * rb).to_string(),
        );
    }
    h
}

/// One CTA's Tensor Memory: 8 lane bands × 64 column blocks.
fn tmem_markup(v: &TmemView, mma: &Tcgen05Mma, map: &[Option<(u32, u32)>], cta: u32) -> Markup {
    let sel = v.element.map(|(_, c)| (c.cta, c.lane / 16, c.column / 8));
    let mut h = Markup::new();
    for cb in (0..COL_BLOCKS).step_by(4) {
        h.svg_text(
            "gx-wgm__axis gx-tm__tick",
            (T_LABEL_PX + cb * TB_W_PX + 1).to_string(),
            (T_TOP_PX - 5).to_string(),
            (8 * cb).to_string(),
        );
    }
    for band in 0..BANDS {
        for cb in 0..COL_BLOCKS {
            let i = (cta * BANDS + band) * COL_BLOCKS + cb;
            let used = map.get(i as usize).copied().flatten().is_some();
            let on = sel == Some((cta, band, cb));
            let (x, y) = (T_LABEL_PX + cb * TB_W_PX, T_TOP_PX + band * TB_H_PX);
            h.open("rect")
                .class(match (used, on) {
                    (true, true) => format!("gx-tm__cell is-on {}", colour(cta, band)),
                    (true, false) => format!("gx-tm__cell {}", colour(cta, band)),
                    _ => "gx-tm__cell gx-tm__free".to_string(),
                })
                .attr("data-tm", i.to_string())
                .attr("x", x.to_string())
                .attr("y", y.to_string())
                .attr("width", TB_W_PX.to_string())
                .attr("height", TB_H_PX.to_string())
                .close();
        }
    }
    for q in 1..4 {
        let y = T_TOP_PX + q * 2 * TB_H_PX;
        h.open("line")
            .class("gx-tm__quarter")
            .attr("x1", T_LABEL_PX.to_string())
            .attr("x2", (T_LABEL_PX + COL_BLOCKS * TB_W_PX).to_string())
            .attr("y1", y.to_string())
            .attr("y2", y.to_string())
            .close();
    }
    h.open("rect")
        .class("gx-tm__alloc")
        .attr("data-testid", format!("alloc-{cta}"))
        .attr("x", T_LABEL_PX.to_string())
        .attr("y", T_TOP_PX.to_string())
        .attr("width", (mma.alloc_columns() / 8 * TB_W_PX).to_string())
        .attr("height", (BANDS * TB_H_PX).to_string())
        .close();
    h
}

fn tmem_labels(lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.label_mask(
        (T_LABEL_PX - 2).to_string(),
        (T_TOP_PX + BANDS * TB_H_PX + 2).to_string(),
    );
    for w in 0..4 {
        let y = T_TOP_PX + 2 * w * TB_H_PX;
        let (warp, lanes) = tx::quarter(w, lang);
        h.svg_text(
            "gx-wgm__label gx-wgm__label--strong",
            "4",
            (y + 13).to_string(),
            warp,
        )
        .svg_text("gx-wgm__label", "4", (y + 28).to_string(), lanes);
    }
    h
}

/// The M values `group` allows for `kind`, from the model's shape table.
fn m_values(kind: Tcgen05Kind, group: CtaGroup) -> String {
    TMEM_MS
        .iter()
        .filter_map(|m| m.parse::<u32>().ok())
        .filter(|&m| Tcgen05Mma::new(kind, group, m, 64, accumulator_of(kind)).is_ok())
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn facts_markup(v: &TmemView, lang: Lang) -> Markup {
    let mut h = Markup::new();
    let Ok(mma) = &v.mma else {
        return h;
    };
    let share = f64::from(mma.alloc_columns()) / f64::from(TMEM_COLUMNS);
    let values = [
        tx::layout(mma.layout()),
        mma.columns_per_cta().to_string(),
        mma.lanes_per_cta().to_string(),
        mma.alloc_columns().to_string(),
        percent(share),
    ];
    h.open("dl").class("gx-facts");
    for (k, (label, value)) in tx::FACTS.iter().zip(values).enumerate() {
        h.leaf("dt", label.get(lang))
            .open("dd")
            .attr("data-testid", format!("tm-fact-{k}"))
            .text(value)
            .close();
    }
    h.close();
    match v.element {
        Some(((r, c), cell)) => {
            let address = TmemAddress {
                lane: cell.lane,
                column: cell.column,
            }
            .encode()
            .map(|a| format!("{a:#010x}"))
            .unwrap_or_default();
            let warp = warp_for_lane(cell.lane).unwrap_or(0);
            h.leaf_testid(
                "p",
                "tm-element",
                tx::element_line(
                    (r, c),
                    (cell.cta, cell.lane, cell.column),
                    &address,
                    warp,
                    lang,
                ),
            );
        }
        None => {
            h.leaf("p", tx::PICK.get(lang));
        }
    }
    h
}

/// The Tensor Memory section.
#[component]
pub fn TmemSection() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let v = Memo::new(move |_| st.outputs.with(|o| o.tmem.clone()));
    let mma = Memo::new(move |_| v.with(|v| v.mma.ok()));
    let map = Memo::new(move |_| mma.with(|m| m.as_ref().map(block_map).unwrap_or_default()));
    let dims = Memo::new(move |_| {
        mma.with(|m| {
            m.as_ref()
                .map(|m| (m.m() / 16, m.n() / 8, m.cta_group().ctas()))
        })
    });

    let kinds = Tcgen05Kind::ALL
        .iter()
        .map(|k| {
            (
                k.label().trim_start_matches("kind::").to_string(),
                tx::kind(*k),
            )
        })
        .collect::<Vec<_>>();
    let kind = Memo::new(move |_| {
        st.inputs
            .with(|i| i.tk.label().trim_start_matches("kind::").to_string())
    });
    let groups = vec![
        ("1".to_string(), tx::group(CtaGroup::One)),
        ("2".to_string(), tx::group(CtaGroup::Two)),
    ];
    let group = Memo::new(move |_| st.inputs.with(|i| i.cg.to_string()));
    let ms = TMEM_MS
        .iter()
        .map(|m| (m.to_string(), crate::ui::i18n::tr(m, m)))
        .collect::<Vec<_>>();
    let m_sel = Memo::new(move |_| st.inputs.with(|i| i.tm.clone()));
    let allowed = Memo::new(move |_| {
        st.inputs
            .with(|i| (m_values(i.tk, CtaGroup::One), m_values(i.tk, CtaGroup::Two)))
    });

    let roving = Roving::new(
        Signal::derive(move || dims.get().map_or(1, |(r, c, _)| (r * c) as usize)),
        0,
    );
    let pick_d = move |ev: &web_sys::Event| {
        let (Some(i), Some((_, cbs, _))) = (
            ev.target().as_ref().and_then(item_index),
            dims.get_untracked(),
        ) else {
            return;
        };
        let (rb, cb) = (i as u32 / cbs.max(1), i as u32 % cbs.max(1));
        st.inputs.update(|inp| {
            inp.tr = i64::from(16 * rb);
            inp.tc = i64::from(8 * cb);
        });
    };
    let pick_tm = move |ev: &web_sys::Event| {
        let (Some(i), Some(m)) = (data_index(ev, "data-tm"), mma.get_untracked()) else {
            return;
        };
        let cell = TmemCell {
            cta: i / (BANDS * COL_BLOCKS),
            lane: 16 * ((i / COL_BLOCKS) % BANDS),
            column: 8 * (i % COL_BLOCKS),
        };
        if let Some((r, c)) = m.element_at(cell) {
            st.inputs.update(|inp| {
                inp.tr = i64::from(r);
                inp.tc = i64::from(c);
            });
        }
    };
    let d_panel = move || {
        let Some((rbs, cbs, _)) = dims.get() else {
            return ().into_any();
        };
        let w = D_LABEL_PX + cbs * DB_W_PX + 2;
        let h = D_TOP_PX + rbs * DB_H_PX + 2;
        view! {
            <p class="gx-dsc__banks-title">{t(tx::D_LABEL)}</p>
            <ScrollFigure label=tx::D_LABEL width_px=f64::from(w) label_px=f64::from(D_LABEL_PX) height_px=f64::from(h)
                parts_focusable=true natural_size=true testid="tm-d"
                labels=move || markup_block("g", "", None, Signal::stored(d_labels(rbs)))>
                <svg class="gx-wgm__svg gx-wgm__svg--natural" viewBox=format!("0 0 {w} {h}") width=w.to_string() height=h.to_string()
                    role="group" tabindex="-1" aria-label=move || t(tx::D_LABEL)()
                    on:keydown=roving.on_keydown()
                    on:focusin=move |ev| { pick_d(&ev); roving.on_focusin()(ev); }
                    on:click=move |ev| pick_d(&ev)>
                    {markup_block("g", "", None, Signal::derive(move || {
                        let a = roving.active();
                        v.with(|v| mma.with(|m| m.as_ref().map(|m| d_markup(v, m, a, lang.get())).unwrap_or_default()))
                    }))}
                </svg>
            </ScrollFigure>
        }
        .into_any()
    };
    let t_w = T_LABEL_PX + COL_BLOCKS * TB_W_PX + 2;
    let t_h = T_TOP_PX + BANDS * TB_H_PX + 2;
    let panels = move || {
        let Some((_, _, ctas)) = dims.get() else {
            return ().into_any();
        };
        (0..ctas)
            .map(|cta| {
                view! {
                    <p class="gx-dsc__banks-title">{move || tx::panel(cta, ctas == 2, lang.get())}</p>
                    <ScrollFigure label=tx::FIGURE_LABEL width_px=f64::from(t_w) label_px=f64::from(T_LABEL_PX) height_px=f64::from(t_h)
                        natural_size=true testid=if cta == 0 { "tm-cta-0" } else { "tm-cta-1" }
                        labels=move || markup_block("g", "", None, Signal::derive(move || tmem_labels(lang.get())))>
                        <svg class="gx-wgm__svg gx-wgm__svg--natural" viewBox=format!("0 0 {t_w} {t_h}") width=t_w.to_string() height=t_h.to_string()
                            role="img" aria-label=move || t(tx::FIGURE_LABEL)()
                            on:click=move |ev| pick_tm(&ev)>
                            {markup_block("g", "", None, Signal::derive(move || {
                                v.with(|v| mma.with(|m| map.with(|map| m.as_ref().map(|m| tmem_markup(v, m, map, cta)).unwrap_or_default())))
                            }))}
                        </svg>
                    </ScrollFigure>
                }
            })
            .collect_view()
            .into_any()
    };
    let error = move || {
        v.with(|v| {
            v.mma.as_ref().err().map(|e| {
                let group = st.inputs.with_untracked(super::newest::cta_group_of);
                let (one, two) = allowed.get_untracked();
                let allowed = if group == CtaGroup::One { one } else { two };
                let msg = tx::mma_error(e, &allowed, lang.get());
                view! { <div class="gx-error" role="alert" data-testid="tm-error"><p>{msg}</p></div> }
            })
        })
    };
    let tmem_kib = TMEM_BYTES_PER_CTA / 1024;
    view! {
        <section class="l-page gx-section" data-testid="tmem">
            <div class="l-body">
                <h2>{t(tx::TITLE)}</h2>
                <p>{move || tx::intro(TMEM_LANES, TMEM_COLUMNS, tmem_kib, TMEM_ALLOC_UNIT_COLUMNS, lang.get())}</p>
                <div class="gx-tcg__controls">
                    {select(tx::KIND_LABEL, "select-tk", kinds, kind, |i, v| {
                        if let Some(k) = Tcgen05Kind::ALL.into_iter().find(|k| k.label().trim_start_matches("kind::") == v) {
                            i.tk = k;
                        }
                    })}
                    {select(tx::GROUP_LABEL, "select-cg", groups, group, |i, v| {
                        i.cg = if v == "2" { 2 } else { 1 };
                        // Each group's smallest M is the other's largest but one: keep a legal M.
                        if (i.cg == 2 && i.tm == "64") || (i.cg == 1 && i.tm == "256") {
                            i.tm = "128".into();
                        }
                    })}
                    {select(tx::M_LABEL, "select-tm", ms, m_sel, |i, v| {
                        if TMEM_MS.contains(&v) {
                            i.tm = v.to_string();
                        }
                    })}
                    <RangeSlider label=tx::N_LABEL min=limits::TMEM_N.0 max=limits::TMEM_N.1 step=8 testid="slider-tn"
                        value=st.inputs.part(|i: &GenInputs| i.tn)
                        on_input=Callback::new(move |v: u64| st.inputs.update(|i| i.tn = v))/>
                </div>
                <p data-testid="tm-m-allowed">{move || { let (a, b) = allowed.get(); tx::m_allowed(&a, &b, lang.get()) }}</p>
            </div>
            {error}
            <figure class="gx-figure gx-tm" data-testid="tm-figure">
                {d_panel}
                {panels}
                <figcaption class="gx-frag__legend">{t(tx::FIGURE_LABEL)}</figcaption>
            </figure>
            <div class="l-body" aria-live="polite">
                {markup_block("div", "", Some("tm-facts"), Signal::derive(move || v.with(|v| facts_markup(v, lang.get()))))}
            </div>
            <GpusPart/>
        </section>
    }
}

/// Which GPUs have Tensor Memory, and what NVIDIA publishes about the B200.
#[component]
fn GpusPart() -> impl IntoView {
    let lang = use_lang();
    let rows = move || {
        let l = lang.get();
        let mut h = Markup::new();
        h.table("gx-table gx-table--text", Some("tm-gpus"))
            .head(&tx::GPUS_HEAD, l)
            .open("tbody");
        for g in [GpuSpec::h100_sxm(), GpuSpec::b200(), GpuSpec::rtx_5090()] {
            let cc = g.compute_capability;
            let tmem = has_tensor_memory(cc);
            h.row(
                g.name,
                &[
                    &format!("{}.{}", cc.0, cc.1),
                    if tmem { tx::YES.get(l) } else { tx::NO.get(l) },
                    tx::instruction(cc, tmem, l),
                ],
                None,
            );
        }
        h.close().table_end();
        h
    };
    let published = move || {
        let l = lang.get();
        let b = GpuSpec::b200();
        let bf16 = b
            .peaks
            .bf16_tensor_flops_per_s
            .map(|f| fixed(f / 1e15, 2))
            .unwrap_or_default();
        let items = tx::published(
            b.sm_count,
            &bf16,
            b.memory_bytes >> 30,
            &fixed(b.bandwidth_bytes_per_s / 1e12, 1),
            TMEM_BYTES_PER_CTA / 1024,
            l,
        );
        let mut h = Markup::new();
        h.leaf("p", tx::PUBLISHED.get(l)).open("ul");
        for it in items {
            h.leaf("li", it);
        }
        h.close().leaf("p", tx::NOT_PUBLISHED.get(l)).open("ul");
        for it in tx::UNPUBLISHED {
            h.leaf("li", it.get(l));
        }
        h.close();
        h
    };
    view! {
        <div class="l-body">
            <h3>{t(tx::GPUS_TITLE)}</h3>
            <p data-testid="tm-5090">{t(tx::GPUS_INTRO)}</p>
            {markup_block("div", "", None, Signal::derive(rows))}
            <h3>{t(tx::PUBLISHED_TITLE)}</h3>
            {markup_block("div", "", Some("tm-published"), Signal::derive(published))}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::tensor_core::ElementType;

    #[test]
    fn every_d_block_lands_on_its_own_tensor_memory_block() {
        for (group, m) in [
            (CtaGroup::One, 64),
            (CtaGroup::One, 128),
            (CtaGroup::Two, 128),
            (CtaGroup::Two, 256),
        ] {
            let mma =
                Tcgen05Mma::new(Tcgen05Kind::F16, group, m, 256, ElementType::F32).expect("legal");
            let map = block_map(&mma);
            let used = map.iter().flatten().count() as u32;
            assert_eq!(used, m / 16 * 256 / 8, "{group:?} {m}");
        }
        assert_eq!(m_values(Tcgen05Kind::F16, CtaGroup::One), "64, 128");
        assert_eq!(m_values(Tcgen05Kind::I8, CtaGroup::Two), "128, 256");
    }
}
