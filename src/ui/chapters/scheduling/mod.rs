//! Chapter 5, Warp scheduling: one SM's four schedulers hiding memory latency by switching
//! warps; the course's "warps needed ≈ L / k" against the simulated utilisation; ILP; and what
//! an H200 measured.
//!
//! Model: [`crate::model::scheduler`]. State: [`state::SchedulingState`] (inputs → one memo).

mod charts;
pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::ui::shell::chapter_body;
use state::SchedulingState;

chapter_body! {
    inputs: state::SchedulingInputs,
    state: SchedulingState,
    intro: text::INTRO,
    questions: SCHEDULING,
    first: |state| {
        view! {
            <section class="l-page gx-figure-grid">
                <views::Figure/>
                <views::Controls/>
            </section>
        }
    },
    later(scheduling_later): {
        view! {
            <charts::NumbersPanel/>
            <charts::SweepChart/>
            <charts::MeasuredChart/>
            <charts::DataTable/>
        }
    },
}
