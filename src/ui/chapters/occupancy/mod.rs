//! Chapter 3, Occupancy: one SM's four budgets (registers, shared memory, warp slots, block
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

use crate::ui::shell::{after_first_paint, chapter_body};
use state::OccState;

// The figure and its controls are the first answer; the note and the numbers panel, the sweeps
// and the data table follow after the first paint, a part each (shell `staged`).
chapter_body! {
    inputs: state::OccInputs,
    state: OccState,
    intro: text::INTRO,
    questions: OCCUPANCY,
    first: |state| {
        view! {
            <section class="l-page gx-figure-grid">
                <bars::Figure/>
                <views::Controls/>
            </section>
        }
    },
    later(occupancy_later): {
        view! {
            {after_first_paint(|| view! { <views::GemmNote/> <views::NumbersPanel/> }.into_any())}
            {after_first_paint(|| view! { <sweeps::Sweeps/> }.into_any())}
            {after_first_paint(|| view! { <bars::DataTable/> }.into_any())}
        }
    },
}
