//! Chapter 1, chip anatomy: the die (GPC → TPC → SM), one SM's four partitions, the totals
//! derived from them, and the memory hierarchy with measured latencies.
//!
//! Model: [`crate::model::gpu_spec::GpuSpec::anatomy`]; layout: [`crate::geom::die`].

pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::ui::shell::chapter_body;
use state::ChipState;

chapter_body! {
    inputs: state::ChipInputs,
    state: ChipState,
    intro: text::INTRO,
    questions: CHIP,
    first: |state| {
        // A GPU without a die layout gets the note in Controls instead of empty figures.
        let drawn = move || state.outputs.with(Option::is_some);
        view! {
            <div class="l-body">
                <views::Controls/>
            </div>
            <Show when=drawn>
                <views::DieFigure/>
            </Show>
        }
    },
    // Outside the `Show`: a GPU switch shows or hides the parts, not their module's placeholder.
    later(chip_later): {
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
    },
}
