//! Section "descriptor": wgmma's shared-memory matrix descriptor with typed fields, its 64 bits,
//! the operand's core matrices (one tab stop, arrow keys), the 128-byte rows of shared memory
//! they land in over the 32 banks, and the banks of one core-matrix read with and without the
//! swizzle's XOR. Models: `smem_descriptor`, `smem_layout`, `smem_banks`.

use leptos::prelude::*;

use super::controls::{select, state};
use super::state::{limits, swizzle_of, swizzle_slug, GenInputs, DESC_BITS};
use super::text::descriptor as tx;
use crate::model::bank_conflicts::BANKS;
use crate::model::tensor_core_gen::smem_descriptor::{
    CoreMatrix, Major, MatrixDescriptor, Swizzle,
};
use crate::model::tensor_core_gen::smem_layout::SmemOperand;
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::roving::{item_index, Roving};
use crate::ui::shared::scroll_figure::ScrollFigure;
use crate::ui::url::keys::major;
use crate::ui::widgets::{data_index, markup_block, DataDetails, RangeSlider};

mod figures;
use figures::{
    bank_view, bits_markup, data_markup, effect_markup, facts_markup, first_element, grid_labels,
    grid_markup, memory_labels, memory_markup, BANK_PX, CMG_H_PX, CMG_LABEL_PX, CMG_TOP_PX,
    CMG_W_PX, MEM_LABEL_PX, MEM_ROW_PX, MEM_TOP_PX,
};

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
        let (Some(i), Some(l)) = (data_index(ev, "data-cm"), layout.get_untracked()) else {
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
