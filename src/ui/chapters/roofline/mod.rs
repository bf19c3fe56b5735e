//! Chapter 10, Roofline: roofs and ridge points of the selected GPU, the course's kernels and
//! table, the reader's kernel, a tiled GEMM, and what an H200 really measured.
//!
//! Model: [`crate::model::roofline`]. State: [`state::RooflineState`] (inputs → one memo).

pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::ui::shell::chapter_body;
use state::RooflineState;

chapter_body! {
    inputs: state::RooflineInputs,
    state: RooflineState,
    intro: text::INTRO,
    questions: ROOFLINE,
    first: |state| {
        view! {
            <section class="l-page gx-figure-grid">
                <views::Figure/>
                <views::Controls/>
            </section>
        }
    },
    later(roofline_later): {
        view! {
            <views::NumbersPanel/>
            <views::TiledPanel/>
            <views::CourseTable/>
            <views::MeasuredTable/>
            <views::DataTable/>
        }
    },
}
