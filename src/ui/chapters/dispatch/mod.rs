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

use crate::ui::shell::{after_first_paint_split, ChapterBody, UrlInputs};
use state::DispState;

/// The chapter's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = state::DispInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] =
        crate::ui::content::questions::DISPATCH;

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let state = DispState::new(inputs);
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
#[::leptos::wasm_split::wasm_split(dispatch_later, wasm_split_path = ::leptos::wasm_split)]
fn later() -> AnyView {
    view! {
        <views::NumbersPanel/>
        <views::DataTable/>
        <replay::ReplaySection/>
    }
    .into_any()
}
