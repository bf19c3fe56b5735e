//! Chapter 10, Roofline: roofs and ridge points of the selected GPU, the course's kernels and
//! table, the reader's kernel, a tiled GEMM, and what an H200 really measured.
//!
//! Model: [`crate::model::roofline`]. State: [`state::RooflineState`] (inputs → one memo).

pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::ui::shell::{after_first_paint_split, ChapterBody, UrlInputs};
use state::RooflineState;

/// The chapter's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = state::RooflineInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] =
        crate::ui::content::questions::ROOFLINE;

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let state = RooflineState::new(inputs);
        provide_context(state);
        view! {
            <section class="l-page gx-figure-grid">
                <views::Figure/>
                <views::Controls/>
            </section>
            // The rest follows after the first paint (chapter → chapter: shell `staged`).
            {after_first_paint_split(|| Box::pin(later()))}
        }
        .into_any()
    }
}

/// The parts after the first figure, in the chapter's later module (fetched after the first
/// paint: shell `staged`).
#[::leptos::wasm_split::wasm_split(roofline_later, wasm_split_path = ::leptos::wasm_split)]
fn later() -> AnyView {
    view! {
        <views::NumbersPanel/>
        <views::TiledPanel/>
        <views::CourseTable/>
        <views::MeasuredTable/>
        <views::DataTable/>
    }
    .into_any()
}
