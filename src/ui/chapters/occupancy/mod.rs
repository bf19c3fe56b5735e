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

use crate::ui::shell::{after_first_paint, after_first_paint_split, ChapterBody, UrlInputs};
use state::OccState;

/// The chapter's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = state::OccInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] =
        crate::ui::content::questions::OCCUPANCY;

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let state = OccState::new(inputs);
        provide_context(state);
        // The figure and its controls are the first answer; the rest follows after the first
        // paint, from the chapter's later module (shell `staged`).
        view! {
            <section class="l-page gx-figure-grid">
                <bars::Figure/>
                <views::Controls/>
            </section>
            {after_first_paint_split(|| Box::pin(later()))}
        }
        .into_any()
    }
}

/// The parts after the figure, in the chapter's later module (fetched after the first paint:
/// shell `staged`), a task each: the note and the numbers panel, the sweeps, the data table.
#[::leptos::wasm_split::wasm_split(occupancy_later, wasm_split_path = ::leptos::wasm_split)]
fn later() -> AnyView {
    view! {
        {after_first_paint(|| view! { <views::GemmNote/> <views::NumbersPanel/> }.into_any())}
        {after_first_paint(|| view! { <sweeps::Sweeps/> }.into_any())}
        {after_first_paint(|| view! { <bars::DataTable/> }.into_any())}
    }
    .into_any()
}
