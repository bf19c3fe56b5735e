//! The Roofline chapter's views. Each reads [`RooflineState`] from context.

mod controls;
mod figure;
mod panels;
mod tables;

pub use controls::Controls;
pub use figure::Figure;
pub use panels::{NumbersPanel, TiledPanel};
pub use tables::{CourseTable, DataTable, MeasuredTable};

use super::state::RooflineState;

/// The chapter's state, provided by the page.
fn state() -> RooflineState {
    leptos::prelude::expect_context::<RooflineState>()
}
