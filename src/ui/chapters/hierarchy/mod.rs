//! Chapter 2, the software hierarchy: grid → block → warp → lane, a `dim3` indexing explorer,
//! the code a launch shape implies, and why the software and hardware hierarchies do not pair
//! level by level (course `a100-from-chip-to-simt` §4.1, §6 Q2–Q3).
//!
//! Model: [`crate::model::hierarchy`]; the partial last warp is [`crate::model::simt::launch_mask`].

pub mod state;
pub(crate) mod text;
mod views;

use leptos::prelude::*;

use crate::ui::shell::{after_first_paint_split, ChapterBody, UrlInputs};
use state::HierarchyState;

/// The chapter's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = state::HierarchyInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] =
        crate::ui::content::questions::HIERARCHY;

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let state = HierarchyState::new(inputs);
        provide_context(state);
        view! {
            <views::ShapeControls/>
            <views::PickControls/>
            <views::Coordinates/>
            <views::BlockFigure/>
            // The rest follows after the first paint (chapter → chapter: shell `staged`).
            {after_first_paint_split(|| Box::pin(later()))}
        }
        .into_any()
    }
}

/// The parts after the first figure, in the chapter's later module (fetched after the first
/// paint: shell `staged`).
#[::leptos::wasm_split::wasm_split(hierarchy_later, wasm_split_path = ::leptos::wasm_split)]
fn later() -> AnyView {
    view! {
        <views::WarpsFigure/>
        <views::SeeAlso/>
        <views::Code/>
        <views::Hierarchies/>
    }
    .into_any()
}
