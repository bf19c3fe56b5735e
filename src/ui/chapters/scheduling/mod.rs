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

use crate::ui::shell::{after_first_paint_split, ChapterBody, UrlInputs};
use state::SchedulingState;

/// The chapter's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = state::SchedulingInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] =
        crate::ui::content::questions::SCHEDULING;

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let state = SchedulingState::new(inputs);
        provide_context(state);
        view! {
            <section class="l-page gx-figure-grid">
                <views::Figure/>
                <views::Controls/>
            </section>
            // The rest follows after the first paint (chapter → chapter: shell `staged`).
            {after_first_paint_split(|| Box::pin(later()))}
        }
        .into_any()
    }
}

/// The parts after the first figure, in the chapter's later module (fetched after the first
/// paint: shell `staged`).
#[::leptos::wasm_split::wasm_split(scheduling_later, wasm_split_path = ::leptos::wasm_split)]
fn later() -> AnyView {
    view! {
        <charts::NumbersPanel/>
        <charts::SweepChart/>
        <charts::MeasuredChart/>
        <charts::DataTable/>
    }
    .into_any()
}
