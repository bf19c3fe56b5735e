//! Chapter 8, Tensor Cores and the W8A8 GEMV: the course's INT8 kernel end to end —
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
mod text;

use leptos::prelude::*;

use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::widgets::{
    initial_query, use_permalink, ChapterIntro, Notices, PermalinkLink, Questions,
};
use state::{TcInputs, TcState};

/// The whole chapter page.
#[component]
pub fn TensorCoresChapter() -> impl IntoView {
    let lang = use_lang();
    let (inputs, notices) = TcInputs::from_query(&initial_query());
    let state = TcState::new(inputs);
    provide_context(state);
    let permalink = use_permalink(move || state.inputs.with(|i| i.to_query()));

    view! {
        <article class="gx-chapter" data-testid="chapter-tensor-cores">
            <header class="l-body">
                <ChapterIntro number=8 title=text::TITLE intro=&text::INTRO/>
            </header>
            <div class="l-body">
                <Notices notices=notices/>
            </div>
            <quant::QuantSection/>
            <launch::LaunchSection/>
            <section class="l-page gx-section" data-testid="fragments">
                <div class="l-body">
                    <h2>{t(text::FRAG_TITLE)}</h2>
                    <p>{t(text::FRAG_INTRO)}</p>
                </div>
                <div class="gx-figure-grid">
                    <fragments::FragmentFigure/>
                    <aside class="gx-controls" aria-label=move || if lang.get() == Lang::Zh { "Fragment 控制" } else { "Fragment controls" }>
                        <fragments::FragmentControls/>
                    </aside>
                </div>
                <fragments::FragmentReadout/>
                <fragments::FragmentDataTable/>
            </section>
            <steps::StepsSection/>
            <layers::LayersSection/>
            <layers::GenerationsSection/>
            <Questions chapter="tensor-cores"/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
