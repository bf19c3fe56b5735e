//! Chapter 5, SIMT divergence: one warp's 32 lanes through a small kernel, the active mask of
//! every issued instruction, the serialised paths, reconvergence and lane efficiency.
//!
//! Model: [`crate::model::simt`]. State: [`state::DivergenceState`] (inputs → one memo; the
//! step the reader looks at is its own signal).

mod figure;
mod panels;
pub mod state;
mod text;
mod timeline;

use leptos::prelude::*;

use crate::ui::i18n::t;
use crate::ui::widgets::{
    initial_query, use_permalink, ChapterIntro, Notices, PermalinkLink, Questions,
};
use state::{DivergenceInputs, DivergenceState};
use timeline::Timeline;

/// The whole chapter page.
#[component]
pub fn DivergenceChapter() -> impl IntoView {
    let (inputs, step, notices) = DivergenceInputs::from_query(&initial_query());
    let state = DivergenceState::new(inputs, step);
    provide_context(state);
    let permalink = use_permalink(move || {
        let step = state.step() as u32;
        state.inputs.with(|i| i.to_query(step))
    });
    let trace = Signal::derive(move || state.outputs.with(|o| o.trace.clone()));
    let current = Signal::derive(move || state.step());
    let pick = Callback::new(move |s: usize| {
        state.playing.set(false);
        state.step.set(u32::try_from(s).unwrap_or(0));
    });

    view! {
        <article class="gx-chapter" data-testid="chapter-divergence">
            <header class="l-body">
                <ChapterIntro number=5 title=text::TITLE intro=&text::INTRO/>
            </header>
            <div class="l-body">
                <Notices notices=notices/>
            </div>
            <section class="l-page gx-figure-grid">
                <figure::Figure/>
                <panels::Controls/>
            </section>
            <section class="l-page gx-timeline" data-testid="timeline">
                <h2 class="l-body">{t(text::TIMELINE)}</h2>
                <p class="l-body gx-note">{t(crate::ui::i18n::tr(
                    "Each row is one issue slot; filled cells are the lanes of its active mask (lane 0 on the left). Click a row to jump to it. A line marks where the diverged lanes reconverge.",
                    "每行是一个发射槽；填充的格子是这条指令活跃掩码中的 lane（lane 0 在左）。点击某行可跳到该步。横线标出分歧的 lane 重汇合的位置。"))}</p>
                <div class="gx-figure gx-timeline__box">
                    <Timeline trace=trace current=current on_pick=pick testid="timeline-svg"/>
                </div>
            </section>
            <panels::NumbersPanel/>
            <panels::ComparePanel/>
            <panels::WarpsTable/>
            <section class="l-body gx-its" data-testid="its-note">
                <h2>{t(text::ITS_NOTE)}</h2>
                <p>{t(text::ITS)}</p>
            </section>
            <panels::DataTable/>
            <Questions chapter="divergence"/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
