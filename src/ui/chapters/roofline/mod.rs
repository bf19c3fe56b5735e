//! Chapter 9, Roofline: roofs and ridge points of the selected GPU, the course's kernels and
//! table, the reader's kernel, a tiled GEMM, and what an H200 really measured.
//!
//! Model: [`crate::model::roofline`]. State: [`state::RooflineState`] (inputs → one memo).

pub mod state;
mod text;
mod views;

use leptos::prelude::*;

use crate::ui::widgets::{
    initial_query, use_permalink, ChapterIntro, Notices, PermalinkLink, Questions,
};
use state::{RooflineInputs, RooflineState};

/// The whole chapter page.
#[component]
pub fn RooflineChapter() -> impl IntoView {
    let (inputs, notices) = RooflineInputs::from_query(&initial_query());
    let state = RooflineState::new(inputs);
    provide_context(state);
    let permalink = use_permalink(move || state.inputs.with(|i| i.to_query()));

    view! {
        <article class="gx-chapter" data-testid="chapter-roofline">
            <header class="l-body">
                <ChapterIntro number=9 title=text::TITLE intro=&text::INTRO/>
            </header>
            <div class="l-body">
                <Notices notices=notices/>
            </div>
            <section class="l-page gx-figure-grid">
                <views::Figure/>
                <views::Controls/>
            </section>
            <views::NumbersPanel/>
            <views::TiledPanel/>
            <views::CourseTable/>
            <views::MeasuredTable/>
            <views::DataTable/>
            <Questions chapter="roofline"/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
