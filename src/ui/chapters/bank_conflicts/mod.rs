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
use crate::ui::shared::access::controls::figure_and_controls;
use crate::ui::shared::access::state::LaneTable;
use crate::ui::shared::access::AccessQuery;
use crate::ui::shell::chapter_body;
use state::BankState;

chapter_body! {
    inputs: AccessQuery<BankReport>,
    state: BankState,
    intro: text::INTRO,
    questions: BANK_CONFLICTS,
    first: |state| { figure_and_controls(state, view! { <Figure/> }.into_any(), text::preset) },
    later(bank_conflicts_later): {
        view! {
            <views::NumbersPanel/>
            <LaneTable<BankReport> summary=text::DATA_TABLE describe=describe_lane/>
        }
    },
}
