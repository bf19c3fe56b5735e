//! Chapter 2, the software hierarchy: grid → block → warp → lane, a `dim3` indexing explorer,
//! the code a launch shape implies, and why the software and hardware hierarchies do not pair
//! level by level (course `a100-from-chip-to-simt` §4.1, §6 Q2–Q3).
//!
//! Model: [`crate::model::hierarchy`]; the partial last warp is [`crate::model::simt::launch_mask`].

pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::ui::shell::chapter_body;
use state::HierarchyState;

chapter_body! {
    inputs: state::HierarchyInputs,
    state: HierarchyState,
    intro: text::INTRO,
    questions: HIERARCHY,
    first: |state| {
        view! {
            <views::ShapeControls/>
            <views::PickControls/>
            <views::Coordinates/>
            <views::BlockFigure/>
        }
    },
    later(hierarchy_later): {
        view! {
            <views::WarpsFigure/>
            <views::SeeAlso/>
            <views::Code/>
            <views::Hierarchies/>
        }
    },
}
