//! Chapter 10, Roofline: roofs and ridge points of the selected GPU, the course's kernels and
//! table, the reader's kernel, a tiled GEMM, and what an H200 really measured.
//!
//! Model: [`crate::model::roofline`]. State: [`state::RooflineState`] (inputs → one memo).

pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::ui::shell::{after_first_paint, ChapterBody, UrlInputs};
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
            {after_first_paint(|| view! {
                <views::NumbersPanel/>
                <views::TiledPanel/>
                <views::CourseTable/>
                <views::MeasuredTable/>
                <views::DataTable/>
            }.into_any())}
        }
        .into_any()
    }
}
