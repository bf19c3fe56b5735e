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
use crate::ui::shared::access::controls::figure_and_controls;
use crate::ui::shared::access::state::LaneTable;
use crate::ui::shared::access::AccessQuery;
use crate::ui::shell::chapter_body;
use state::CoalescingState;

chapter_body! {
    inputs: AccessQuery<CoalescingDetail>,
    state: CoalescingState,
    intro: text::INTRO,
    questions: COALESCING,
    first: |state| { figure_and_controls(state, view! { <Figure/> }.into_any(), text::preset) },
    later(coalescing_later): {
        view! {
            <views::NumbersPanel/>
            <views::LegacyPanel/>
            <LaneTable<CoalescingDetail> summary=text::DATA_TABLE describe=describe_lane/>
        }
    },
}
