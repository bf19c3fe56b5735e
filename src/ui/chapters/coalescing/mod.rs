//! Chapter 6, Coalescing: 32 lane addresses → 32-byte sectors and 128-byte lines; requests,
//! bytes moved vs used, efficiency; the legacy half-/quarter-warp view.
//!
//! Model: [`crate::model::coalescing`]. State: [`state::CoalescingState`] (inputs → one memo).

mod figure;
pub mod state;
mod text;
mod views;

use leptos::prelude::*;

use crate::model::coalescing::CoalescingDetail;

use crate::ui::chapters::access::controls::AccessControls;
use crate::ui::chapters::access::state::LaneTable;
use crate::ui::chapters::access::AccessInputs;
use crate::ui::widgets::{
    initial_query, use_permalink, ChapterIntro, Notices, PermalinkLink, Questions,
};
use state::PRESETS;

/// The whole chapter page.
#[component]
pub fn CoalescingChapter() -> impl IntoView {
    let (inputs, notices) = AccessInputs::from_query(&initial_query(), PRESETS);
    let state = state::new_state(inputs);
    provide_context(state);
    let permalink = use_permalink(move || state.inputs.with(|i| i.to_query(PRESETS)));
    let problem = Signal::derive(move || state.outputs.with(|o| o.problem.clone()));

    view! {
        <article class="gx-chapter" data-testid="chapter-coalescing">
            <header class="l-body">
                <ChapterIntro number=6 title=text::TITLE intro=&text::INTRO/>
            </header>
            <div class="l-body">
                <Notices notices=notices/>
            </div>
            <section class="l-page gx-figure-grid">
                <figure::Figure/>
                <AccessControls inputs=state.inputs presets=PRESETS preset_text=text::preset problem=problem/>
            </section>
            <views::NumbersPanel/>
            <views::LegacyPanel/>
            <LaneTable<CoalescingDetail> summary=text::DATA_TABLE describe=figure::describe_lane/>
            <Questions chapter="coalescing"/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
