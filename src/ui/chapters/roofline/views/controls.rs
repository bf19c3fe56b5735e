//! The chapter's controls: the GPU, the precision, the kernel family and its sliders.

use leptos::prelude::*;

use crate::ui::shared::gpu_select::{all_gpu_ids, GpuSelect};

use crate::ui::shell::FieldSlider;

use crate::model::gpu_spec::ValueSource;
use crate::model::roofline::{Dtype, Precision};
use crate::ui::chapters::roofline::state::{limits, Family, RooflineInputs};
use crate::ui::chapters::roofline::text;
use crate::ui::i18n::{t, use_lang, Tr};
use crate::ui::widgets::{NumberField, Scale};

use super::state;

/// A kernel family's `<option>` value (its name in the code, as the page has always written it).
fn family_value(f: Family) -> &'static str {
    match f {
        Family::Gemm => "Gemm",
        Family::Elementwise => "Elementwise",
        Family::Rmsnorm => "Rmsnorm",
        Family::Attention => "Attention",
        Family::W8a8 => "W8a8",
        Family::Custom => "Custom",
    }
}

fn set(f: impl Fn(&mut RooflineInputs) + 'static + Send + Sync) {
    state().inputs.update(f);
}

fn slider(
    label: Tr,
    range: (u64, u64),
    scale: Scale,
    get: fn(&RooflineInputs) -> u64,
    put: fn(&mut RooflineInputs, u64),
    testid: &'static str,
) -> impl IntoView {
    let inputs = state().inputs;
    view! { <FieldSlider inputs=inputs label=label min=range.0 max=range.1 scale=scale get=get put=put testid=testid/> }
}

/// A kernel family's sliders: `(family, label, range, scale, read, write, data-testid)`, in
/// the order they are shown.
type FamilySlider = (
    Family,
    Tr,
    (u64, u64),
    Scale,
    fn(&RooflineInputs) -> u64,
    fn(&mut RooflineInputs, u64),
    &'static str,
);

const FAMILY_SLIDERS: [FamilySlider; 13] = [
    (
        Family::Gemm,
        text::M_ROWS_OF_A,
        limits::DIM,
        Scale::Log2,
        |i| i.m,
        |i, v| i.m = v,
        "slider-m",
    ),
    (
        Family::Gemm,
        text::N_COLUMNS_OF_B,
        limits::DIM,
        Scale::Log2,
        |i| i.n,
        |i, v| i.n = v,
        "slider-n",
    ),
    (
        Family::Gemm,
        text::K_REDUCTION_LENGTH,
        limits::DIM,
        Scale::Log2,
        |i| i.k,
        |i, v| i.k = v,
        "slider-k",
    ),
    (
        Family::Elementwise,
        text::N_ELEMENTS,
        limits::ELEMS,
        Scale::Log2,
        |i| i.elems,
        |i, v| i.elems = v,
        "slider-elems",
    ),
    (
        Family::Rmsnorm,
        text::ROWS_TOKENS,
        limits::ROWS,
        Scale::Log2,
        |i| i.rows,
        |i, v| i.rows = v,
        "slider-rows",
    ),
    (
        Family::Rmsnorm,
        text::D_HIDDEN_SIZE,
        limits::WIDTH,
        Scale::Log2,
        |i| i.d,
        |i, v| i.d = v,
        "slider-d",
    ),
    (
        Family::Attention,
        text::S_CONTEXT_LENGTH_TOKENS,
        limits::ROWS,
        Scale::Log2,
        |i| i.s,
        |i, v| i.s = v,
        "slider-s",
    ),
    (
        Family::Attention,
        text::LAYERS,
        limits::COUNT,
        Scale::Linear,
        |i| i.layers,
        |i, v| i.layers = v,
        "slider-layers",
    ),
    (
        Family::Attention,
        text::KV_HEADS,
        limits::COUNT,
        Scale::Linear,
        |i| i.kvh,
        |i, v| i.kvh = v,
        "slider-kvh",
    ),
    (
        Family::Attention,
        text::Q_HEADS,
        limits::COUNT,
        Scale::Linear,
        |i| i.qh,
        |i, v| i.qh = v,
        "slider-qh",
    ),
    (
        Family::Attention,
        text::D_HEAD,
        limits::WIDTH,
        Scale::Log2,
        |i| i.dh,
        |i, v| i.dh = v,
        "slider-dh",
    ),
    (
        Family::W8a8,
        text::K_INPUT_FEATURES,
        limits::DIM,
        Scale::Log2,
        |i| i.wk,
        |i, v| i.wk = v,
        "slider-wk",
    ),
    (
        Family::W8a8,
        text::N_OUTPUT_FEATURES,
        limits::DIM,
        Scale::Log2,
        |i| i.wn,
        |i, v| i.wn = v,
        "slider-wn",
    ),
];

/// The controls: GPU, value source, measured layer, the reader's kernel, tile sizes.
#[component]
pub fn Controls() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let kind = Memo::new(move |_| st.inputs.with(|i| i.kind));
    let family_sliders = move || {
        match kind.get() {
        Family::Custom => view! {
            <NumberField label=text::FLOPS min=limits::AMOUNT.0 max=limits::AMOUNT.1 testid="field-flops"
                value=st.inputs.part(|i| i.flops)
                on_input=Callback::new(move |v| st.inputs.update(|i| i.flops = v))/>
            <NumberField label=text::BYTES_MOVED_TO_FROM min=limits::AMOUNT.0 max=limits::AMOUNT.1 testid="field-bytes"
                value=st.inputs.part(|i| i.bytes)
                on_input=Callback::new(move |v| st.inputs.update(|i| i.bytes = v))/>
            <label class="gx-field">
                <span class="gx-field__label">{t(text::ROOF)}</span>
                <select class="gx-select" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(p) = Precision::ALL.iter().find(|p| p.label() == v) {
                        let p = *p;
                        set(move |i| i.prec = p);
                    }
                }>
                    {Precision::ALL.iter().map(|p| view! {
                        <option value=p.label() selected=move || st.inputs.with(|i| i.prec == *p)>{p.label()}</option>
                    }).collect_view()}
                </select>
            </label>
        }.into_any(),
        // The other families: their sliders, from the table.
        family => FAMILY_SLIDERS
            .iter()
            .filter(|s| s.0 == family)
            .map(|&(_, label, range, scale, get, put, testid)| slider(label, range, scale, get, put, testid))
            .collect_view()
            .into_any(),
    }
    };
    let shows_dtype = Memo::new(move |_| {
        matches!(
            kind.get(),
            Family::Gemm | Family::Elementwise | Family::Rmsnorm | Family::Attention
        )
    });
    view! {
        <aside class="gx-controls" aria-label=t(crate::ui::text::CONTROLS)>
            <GpuSelect ids=all_gpu_ids() selected=st.inputs.part(|i| i.gpu.clone())
                on_pick=Callback::new(move |id: String| set(move |i| i.gpu = id.clone()))/>
            <fieldset class="gx-field gx-radios">
                <legend class="gx-field__label">{t(text::VALUES)}</legend>
                <label>
                    <input type="radio" name="roofline-src" data-testid="src-course"
                        prop:checked=move || st.inputs.with(|i| i.src == ValueSource::Course)
                        on:change=move |_| set(|i| i.src = ValueSource::Course)/>
                    {t(text::COURSE_VALUES)}
                </label>
                <label>
                    <input type="radio" name="roofline-src" data-testid="src-datasheet"
                        prop:checked=move || st.inputs.with(|i| i.src == ValueSource::Datasheet)
                        on:change=move |_| set(|i| i.src = ValueSource::Datasheet)/>
                    {t(text::DATASHEET_VALUES)}
                </label>
            </fieldset>
            {move || {
                let l = lang.get();
                st.outputs
                    .with(|o| o.gpu.course.is_none().then(|| text::no_course_values_note(&o.gpu, l)))
                    .map(|note| view! { <p class="gx-note" data-testid="no-course-values">{note}</p> })
            }}
            <label class="gx-check">
                <input type="checkbox" data-testid="toggle-measured"
                    disabled=move || st.inputs.with(|i| i.gpu != "h200")
                    prop:checked=move || st.inputs.with(|i| i.measured)
                    on:change=move |ev| { let on = event_target_checked(&ev); set(move |i| i.measured = on); }/>
                {t(text::SHOW_MEASURED)}
            </label>
            <h2 class="gx-h3">{t(text::YOUR_KERNEL)}</h2>
            <label class="gx-field">
                <span class="gx-field__label">{t(text::FAMILY)}</span>
                <select class="gx-select" data-testid="select-family" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(f) = Family::ALL.iter().find(|f| family_value(**f) == v) {
                        let f = *f;
                        // A kernel family is a preset: its own history entry.
                        state().inputs.navigate_update(move |i| i.kind = f);
                    }
                }>
                    {Family::ALL.iter().map(|f| {
                        let f = *f;
                        view! { <option value=family_value(f) selected=move || kind.get() == f>{move || text::family(f).get(lang.get())}</option> }
                    }).collect_view()}
                </select>
            </label>
            {move || shows_dtype.get().then(|| view! {
                <label class="gx-field">
                    <span class="gx-field__label">{t(text::DTYPE)}</span>
                    <select class="gx-select" data-testid="select-dtype" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(d) = Dtype::ALL.iter().find(|d| d.label() == v) {
                            let d = *d;
                            set(move |i| i.dtype = d);
                        }
                    }>
                        {Dtype::ALL.iter().map(|d| view! {
                            <option value=d.label() selected=move || st.inputs.with(|i| i.dtype == *d)>{d.label()}</option>
                        }).collect_view()}
                    </select>
                </label>
            })}
            {family_sliders}
            <h2 class="gx-h3">{t(text::TILES)}</h2>
            {slider(text::BM_TILE_ROWS, limits::TILE, Scale::Log2, |i| i.bm, |i, v| i.bm = v, "slider-bm")}
            {slider(text::BN_TILE_COLUMNS, limits::TILE, Scale::Log2, |i| i.bn, |i, v| i.bn = v, "slider-bn")}
            {slider(text::BK_K_PER_STAGE, limits::TILE_K, Scale::Log2, |i| i.bk, |i, v| i.bk = v, "slider-bk")}
        </aside>
    }
}
