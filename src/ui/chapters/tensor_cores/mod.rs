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
use crate::ui::shell::{after_first_paint, ChapterBody, UrlInputs};
use crate::ui::widgets::{RangeSlider, Scale};
use state::{TcInputs, TcState};

/// A table's header row, `<thead><tr>` with one `<th scope="col">` per text: one view function
/// for every table of the chapter (a typed view tree per table was ~0.1 KB per cell).
#[inline(never)]
fn head_row(cols: &'static [Tr]) -> AnyView {
    view! {
        <thead><tr>{cols.iter().map(|c| view! { <th scope="col">{t(*c)}</th> }).collect_view()}</tr></thead>
    }
    .into_any()
}

/// A section's title and first paragraph, `<h2>` + `<p>`.
#[inline(never)]
fn section_head(title: Tr, intro: Tr) -> AnyView {
    view! { <h2>{t(title)}</h2><p>{t(intro)}</p> }.into_any()
}

/// [`section_head`] inside `<div class="l-body">`.
#[inline(never)]
fn body_head(title: Tr, intro: Tr) -> AnyView {
    view! { <div class="l-body">{section_head(title, intro)}</div> }.into_any()
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

/// The chapter's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = state::TcInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] =
        crate::ui::content::questions::TENSOR_CORES;

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let state = TcState::new(inputs);
        provide_context(state);
        view! {
            <quant::QuantSection/>
            <launch::LaunchSection/>
            // The rest follows after the first paint (chapter → chapter: shell `staged`).
            {after_first_paint(|| view! {
                <section class="l-page gx-section gx-defer" data-testid="fragments">
                    {body_head(text::FRAG_TITLE, text::FRAG_INTRO)}
                    <div class="gx-figure-grid">
                        <fragments::FragmentFigure/>
                        <aside class="gx-controls" aria-label=t(text::FRAG_CONTROLS)>
                            <fragments::FragmentControls/>
                        </aside>
                    </div>
                    <fragments::FragmentReadout/>
                    <fragments::FragmentDataTable/>
                </section>
                <steps::StepsSection/>
                <layers::LayersSection/>
                <layers::GenerationsSection/>
            }.into_any())}
        }
        .into_any()
    }
}
