//! Chapter 1, chip anatomy: the die (GPC → TPC → SM), one SM's four partitions, the totals
//! derived from them, and the memory hierarchy with measured latencies.
//!
//! Model: [`crate::model::gpu_spec::GpuSpec::anatomy`]; layout: [`crate::geom::die`].

pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::ui::shell::{after_first_paint, ChapterBody, UrlInputs};
use state::ChipState;

/// The chapter's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = state::ChipInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] =
        crate::ui::content::questions::CHIP;

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let state = ChipState::new(inputs);
        provide_context(state);
        // A GPU without a die layout gets the note in Controls instead of empty figures.
        let drawn = move || state.outputs.with(Option::is_some);
        view! {
            <div class="l-body">
                <views::Controls/>
            </div>
            <Show when=drawn>
                <views::DieFigure/>
                // The rest follows after the first paint (chapter → chapter: shell `staged`).
                {after_first_paint(|| view! {
                    <views::SmFigure/>
                    <views::Totals/>
                    <views::MemoryTable/>
                }.into_any())}
            </Show>
        }
        .into_any()
    }
}
