//! Chapter 1, chip anatomy: the die (GPC → TPC → SM), one SM's four partitions, the totals
//! derived from them, and the memory hierarchy with measured latencies.
//!
//! Model: [`crate::model::gpu_spec::GpuSpec::anatomy`]; layout: [`crate::geom::die`].

pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::ui::shell::{after_first_paint_split, ChapterBody, UrlInputs};
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
            </Show>
            // The rest follows after the first paint (chapter → chapter: shell `staged`), outside
            // the `Show`: a GPU switch shows or hides the parts, not their module's placeholder.
            {after_first_paint_split(|| Box::pin(later()))}
        }
        .into_any()
    }
}

/// The parts after the first figure, in the chapter's later module (fetched after the first
/// paint: shell `staged`).
#[::leptos::wasm_split::wasm_split(chip_later, wasm_split_path = ::leptos::wasm_split)]
fn later() -> AnyView {
    let Some(state) = use_context::<ChipState>() else {
        return ().into_any();
    };
    let drawn = move || state.outputs.with(Option::is_some);
    view! {
        <Show when=drawn>
            <views::SmFigure/>
            <views::Totals/>
            <views::MemoryTable/>
        </Show>
    }
    .into_any()
}
