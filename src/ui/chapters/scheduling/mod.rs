//! Chapter 4, Warp scheduling: one SM's four schedulers hiding memory latency by switching
//! warps; the course's "warps needed ≈ L / k" against the simulated utilisation; ILP; and what
//! an H200 measured.
//!
//! Model: [`crate::model::scheduler`]. State: [`state::SchedulingState`] (inputs → one memo).

mod charts;
pub mod measured;
pub mod state;
mod text;
mod views;

use leptos::prelude::*;

use crate::ui::widgets::{
    initial_query, use_permalink, ChapterIntro, Notices, PermalinkLink, Questions,
};
use state::{SchedulingInputs, SchedulingState};

/// The whole chapter page.
#[component]
pub fn SchedulingChapter() -> impl IntoView {
    let (inputs, notices) = SchedulingInputs::from_query(&initial_query());
    let state = SchedulingState::new(inputs);
    provide_context(state);
    let permalink = use_permalink(move || state.inputs.with(|i| i.to_query()));

    view! {
        <article class="gx-chapter" data-testid="chapter-scheduling">
            <header class="l-body">
                <ChapterIntro number=4 title=text::TITLE intro=&text::INTRO/>
            </header>
            <div class="l-body">
                <Notices notices=notices/>
            </div>
            <section class="l-page gx-figure-grid">
                <views::Figure/>
                <views::Controls/>
            </section>
            <charts::NumbersPanel/>
            <charts::SweepChart/>
            <charts::MeasuredChart/>
            <charts::DataTable/>
            <Questions chapter="scheduling"/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
