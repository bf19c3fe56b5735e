//! Chapter 3, Block dispatch: the whole grid dispatched to every SM in waves, animated on a
//! canvas from a precomputed trace; wave count, tail and wave efficiency.
//!
//! Model: [`crate::model::dispatch`] (with the occupancy of chapter 2). State:
//! [`state::DispState`] (inputs → one memo; a `cycle` signal indexes the trace).

mod canvas;
mod readout;
mod replay;
pub mod state;
mod text;
mod transport;
mod views;

use leptos::prelude::*;

use crate::ui::widgets::{
    initial_query, use_permalink, ChapterIntro, Notices, PermalinkLink, Questions,
};
use state::{DispInputs, DispState};

/// The whole chapter page.
#[component]
pub fn DispatchChapter() -> impl IntoView {
    let (inputs, notices) = DispInputs::from_query(&initial_query());
    let state = DispState::new(inputs);
    provide_context(state);
    let permalink = use_permalink(move || state.inputs.with(|i| i.to_query()));

    view! {
        <article class="gx-chapter" data-testid="chapter-dispatch">
            <header class="l-body">
                <ChapterIntro number=3 title=text::TITLE intro=&text::INTRO/>
            </header>
            <div class="l-body">
                <Notices notices=notices/>
            </div>
            <section class="l-page gx-figure-grid">
                <views::Figure/>
                <views::Controls/>
            </section>
            <views::NumbersPanel/>
            <views::DataTable/>
            <replay::ReplaySection/>
            <Questions chapter="dispatch"/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
