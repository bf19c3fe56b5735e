//! Chapter 8, Bank conflicts: 32 lane addresses → 32 banks of 4-byte words; phases,
//! wavefronts, ideal and conflicts; padding and XOR swizzles.
//!
//! Model: [`crate::model::bank_conflicts`]. State: [`state::BankState`] (inputs → one memo).

pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::model::bank_conflicts::BankReport;

use crate::ui::shared::access::banks::{describe_lane, Figure};
use crate::ui::shared::access::controls::AccessControls;
use crate::ui::shared::access::state::LaneTable;
use crate::ui::shared::access::AccessQuery;
use crate::ui::shell::{after_first_paint_split, ChapterBody, UrlInputs};
use state::BankState;

/// The chapter's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = AccessQuery<BankReport>;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] =
        crate::ui::content::questions::BANK_CONFLICTS;

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let state = BankState::new(inputs);
        provide_context(state);
        let problem = Signal::derive(move || state.outputs.with(|o| o.problem.clone()));
        view! {
            <section class="l-page gx-figure-grid">
                <Figure/>
                <AccessControls inputs=state.inputs preset_text=text::preset problem=problem/>
            </section>
            // The rest follows after the first paint (chapter → chapter: shell `staged`).
            {after_first_paint_split(|| Box::pin(later()))}
        }
        .into_any()
    }
}

/// The parts after the first figure, in the chapter's later module (fetched after the first
/// paint: shell `staged`).
#[::leptos::wasm_split::wasm_split(bank_conflicts_later, wasm_split_path = ::leptos::wasm_split)]
fn later() -> AnyView {
    view! {
        <views::NumbersPanel/>
        <LaneTable<BankReport> summary=text::DATA_TABLE describe=describe_lane/>
    }
    .into_any()
}
