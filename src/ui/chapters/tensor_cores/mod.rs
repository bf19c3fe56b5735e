//! Chapter 9, Tensor Cores and the W8A8 GEMV: the course's INT8 kernel end to end —
//! quantisation, the launch, fragment-to-lane maps, one warp's K-tile iteration step by step,
//! the layers from WMMA to SASS with what an H200 measured, and the Tensor Core generations.
//!
//! Models: [`crate::model::tensor_core`], [`crate::model::w8a8`]. State: [`state::TcState`]
//! (inputs → one memo).

mod fragments;
pub(crate) mod launch;
mod layers;
mod quant;
pub mod state;
mod steps;
pub(crate) mod text;

use leptos::prelude::*;

use crate::ui::i18n::{t, Tr};
use crate::ui::shell::{chapter_body, Terms};
use crate::ui::widgets::{RangeSlider, Scale};
use state::{TcInputs, TcState};

/// A section's title and first paragraph, `<h2>` + `<p>`.
#[inline(never)]
fn section_head(title: Tr, intro: Tr) -> AnyView {
    view! { <h2>{t(title)}</h2><p><Terms text=intro/></p> }.into_any()
}

/// [`section_head`] inside `<div class="l-body">`.
#[inline(never)]
fn body_head(title: Tr, intro: Tr) -> AnyView {
    view! { <div class="l-body">{section_head(title, intro)}</div> }.into_any()
}

/// `<p>` (with `class`, if any) holding `text` in the current language: one view function for
/// every paragraph of the chapter's fixed prose.
#[inline(never)]
fn para(class: Option<&'static str>, text: Tr) -> AnyView {
    view! { <p class=class>{t(text)}</p> }.into_any()
}

/// A model error in `<div class="gx-error" role="alert">`: the model's own words in bold (if
/// any), the translated explanation `why`, then `note` (if any).
#[inline(never)]
fn error_box(testid: &'static str, detail: Option<String>, why: Tr, note: Option<Tr>) -> AnyView {
    view! {
        <div class="gx-error" role="alert" data-testid=testid>
            {detail.map(|d| view! { <p><strong>{d}</strong></p> })}
            {para(None, why)}
            {note.map(|n| para(None, n))}
        </div>
    }
    .into_any()
}

/// One integer input of the chapter as a [`RangeSlider`]: `get` reads it from the inputs and
/// `set` writes it (function pointers: one memo and one callback type for every slider).
#[inline(never)]
fn slider(
    label: Tr,
    range: (u64, u64),
    scale: Scale,
    testid: &'static str,
    get: fn(&TcInputs) -> u64,
    set: fn(&mut TcInputs, u64),
) -> AnyView {
    let st = expect_context::<TcState>();
    view! {
        <RangeSlider label=label min=range.0 max=range.1 scale=scale testid=testid
            value=st.inputs.part(get)
            on_input=Callback::new(move |v| st.inputs.update(|i| set(i, v)))/>
    }
    .into_any()
}

chapter_body! {
    inputs: state::TcInputs,
    state: TcState,
    intro: text::INTRO,
    questions: TENSOR_CORES,
    first: |state| {
        view! {
            <quant::QuantSection/>
            <launch::LaunchSection/>
        }
    },
    later(tensor_cores_later): {
        view! {
            <section class="l-page gx-section gx-defer" data-testid="fragments">
                {body_head(text::FRAG_TITLE, text::FRAG_INTRO)}
                <div class="gx-figure-grid">
                    <fragments::FragmentFigure/>
                    <aside class="gx-controls" aria-label=t(text::FRAG_CONTROLS)>
                        <fragments::FragmentControls/>
                    </aside>
                </div>
                {fragments::fragment_readout()}
                <fragments::FragmentDataTable/>
            </section>
            <steps::StepsSection/>
            {layers::layers_sections()}
        }
    },
}
