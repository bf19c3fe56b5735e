//! Chapter 7, Coalescing: 32 lane addresses → 32-byte sectors and 128-byte lines; requests,
//! bytes moved vs used, efficiency; the legacy half-/quarter-warp view.
//!
//! Model: [`crate::model::coalescing`]. State: [`state::CoalescingState`] (inputs → one memo).

pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::model::coalescing::CoalescingDetail;

use crate::ui::shared::access::coalescing::{describe_lane, Figure};
use crate::ui::shared::access::controls::AccessControls;
use crate::ui::shared::access::state::LaneTable;
use crate::ui::shared::access::AccessQuery;
use crate::ui::shell::{after_first_paint_split, ChapterBody, UrlInputs};
use state::CoalescingState;

/// The chapter's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = AccessQuery<CoalescingDetail>;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] =
        crate::ui::content::questions::COALESCING;

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let state = CoalescingState::new(inputs);
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
#[::leptos::wasm_split::wasm_split(coalescing_later, wasm_split_path = ::leptos::wasm_split)]
fn later() -> AnyView {
    view! {
        <views::NumbersPanel/>
        <views::LegacyPanel/>
        <LaneTable<CoalescingDetail> summary=text::DATA_TABLE describe=describe_lane/>
    }
    .into_any()
}
