//! Chapter 4, Block dispatch: the whole grid dispatched to every SM in waves, animated on a
//! canvas from a precomputed trace; wave count, tail and wave efficiency.
//!
//! Model: [`crate::model::dispatch`] (with the occupancy of chapter 2). State:
//! [`state::DispState`] (inputs → one memo; a `cycle` signal indexes the trace).

mod canvas;
mod readout;
mod replay;
pub mod state;
pub(crate) mod text;
mod transport;
mod views;

use leptos::prelude::*;

use crate::ui::shell::chapter_body;
use state::DispState;

chapter_body! {
    inputs: state::DispInputs,
    state: DispState,
    intro: text::INTRO,
    questions: DISPATCH,
    first: |state| {
        view! {
            <section class="l-page gx-figure-grid">
                <views::Figure/>
                <views::Controls/>
            </section>
        }
    },
    later(dispatch_later): {
        view! {
            <views::NumbersPanel/>
            <views::DataTable/>
            <replay::ReplaySection/>
        }
    },
}
