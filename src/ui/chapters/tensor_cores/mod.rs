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
use crate::ui::shell::{ChapterBody, UrlInputs};
use state::TcState;

/// A table's header row, `<thead><tr>` with one `<th scope="col">` per text: one view function
/// for every table of the chapter (a typed view tree per table was ~0.1 KB per cell).
#[inline(never)]
fn head_row(cols: &'static [Tr]) -> AnyView {
    view! {
        <thead><tr>{cols.iter().map(|c| view! { <th scope="col">{t(*c)}</th> }).collect_view()}</tr></thead>
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
            <section class="l-page gx-section gx-defer" data-testid="fragments">
                <div class="l-body">
                    <h2>{t(text::FRAG_TITLE)}</h2>
                    <p>{t(text::FRAG_INTRO)}</p>
                </div>
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
        }
        .into_any()
    }
}
