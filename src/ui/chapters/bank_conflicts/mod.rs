//! Chapter 7, Bank conflicts: 32 lane addresses → 32 banks of 4-byte words; phases,
//! wavefronts, ideal and conflicts; padding and XOR swizzles.
//!
//! Model: [`crate::model::bank_conflicts`]. State: [`state::BankState`] (inputs → one memo).

mod figure;
pub mod state;
mod text;
mod views;

use leptos::prelude::*;

use crate::model::bank_conflicts::BankReport;

use crate::ui::chapters::access::controls::AccessControls;
use crate::ui::chapters::access::state::LaneTable;
use crate::ui::chapters::access::AccessInputs;
use crate::ui::widgets::{
    initial_query, use_permalink, ChapterIntro, Notices, PermalinkLink, Questions,
};
use state::PRESETS;

/// The whole chapter page.
#[component]
pub fn BankConflictsChapter() -> impl IntoView {
    let (inputs, notices) = AccessInputs::from_query(&initial_query(), PRESETS);
    let state = state::new_state(inputs);
    provide_context(state);
    let permalink = use_permalink(move || state.inputs.with(|i| i.to_query(PRESETS)));
    let problem = Signal::derive(move || state.outputs.with(|o| o.problem.clone()));

    view! {
        <article class="gx-chapter" data-testid="chapter-bank-conflicts">
            <header class="l-body">
                <ChapterIntro number=7 title=text::TITLE intro=&text::INTRO/>
            </header>
            <div class="l-body">
                <Notices notices=notices/>
            </div>
            <section class="l-page gx-figure-grid">
                <figure::Figure/>
                <AccessControls inputs=state.inputs presets=PRESETS preset_text=text::preset problem=problem/>
            </section>
            <views::NumbersPanel/>
            <LaneTable<BankReport> summary=text::DATA_TABLE describe=figure::describe_lane/>
            <Questions chapter="bank-conflicts"/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
