//! Chapter 1, chip anatomy: the die (GPC → TPC → SM), one SM's four partitions, the totals
//! derived from them, and the memory hierarchy with measured latencies.
//!
//! Model: [`crate::model::gpu_spec::GpuSpec::anatomy`]; layout: [`crate::geom::die`].

pub mod state;
mod text;
mod views;

use leptos::prelude::*;

use crate::ui::widgets::{
    initial_query, use_permalink, ChapterIntro, Notices, PermalinkLink, Questions,
};
use state::{ChipInputs, ChipState};

/// The whole chapter page.
#[component]
pub fn ChipChapter() -> impl IntoView {
    let (inputs, notices) = ChipInputs::from_query(&initial_query());
    let state = ChipState::new(inputs);
    provide_context(state);
    let permalink = use_permalink(move || state.inputs.with(|i| i.to_query()));
    view! {
        <article class="gx-chapter" data-testid="chapter-chip">
            <header class="l-body">
                <ChapterIntro number=1 title=text::TITLE intro=&text::INTRO/>
                <Notices notices=notices/>
                <views::Controls/>
            </header>
            <views::DieFigure/>
            <views::SmFigure/>
            <views::Totals/>
            <views::MemoryTable/>
            <Questions chapter="chip"/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
