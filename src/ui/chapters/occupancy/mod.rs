//! Chapter 2, Occupancy: one SM's four budgets (registers, shared memory, warp slots, block
//! slots) as bars split into used / idle / free, the binding limiter in words, the arithmetic
//! step by step, sweep graphs, and the course's examples.
//!
//! Model: [`crate::model::occupancy`]. State: [`state::OccState`] (inputs → one memo).

mod bars;
pub mod state;
mod sweeps;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::ui::widgets::{
    initial_query, use_permalink, ChapterIntro, Notices, PermalinkLink, Questions,
};
use state::{OccInputs, OccState};

/// The whole chapter page.
#[component]
pub fn OccupancyChapter() -> impl IntoView {
    let (inputs, notices) = OccInputs::from_query(&initial_query());
    let state = OccState::new(inputs);
    provide_context(state);
    let permalink = use_permalink(move || state.inputs.with(|i| i.to_query()));

    view! {
        <article class="gx-chapter" data-testid="chapter-occupancy">
            <header class="l-body">
                <ChapterIntro number=2 title=text::TITLE intro=&text::INTRO/>
            </header>
            <div class="l-body">
                <Notices notices=notices/>
            </div>
            <section class="l-page gx-figure-grid">
                <bars::Figure/>
                <views::Controls/>
            </section>
            <views::GemmNote/>
            <views::NumbersPanel/>
            <sweeps::Sweeps/>
            <bars::DataTable/>
            <Questions chapter="occupancy"/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
