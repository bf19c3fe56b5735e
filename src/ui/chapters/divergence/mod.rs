//! Chapter 6, SIMT divergence: one warp's 32 lanes through a small kernel, the active mask of
//! every issued instruction, the serialised paths, reconvergence and lane efficiency.
//!
//! Model: [`crate::model::simt`]. State: [`state::DivergenceState`] (inputs → one memo; the
//! step the reader looks at is its own signal).

mod figure;
mod panels;
pub mod state;
pub(crate) mod text;
mod timeline;

use leptos::prelude::*;

use crate::ui::i18n::t;
use crate::ui::shell::chapter_body;
use state::{DivergenceInputs, DivergenceState};
use timeline::Timeline;

chapter_body! {
    inputs: DivergenceInputs,
    state: DivergenceState,
    intro: text::INTRO,
    questions: DIVERGENCE,
    first: |state| {
        view! {
            <section class="l-page gx-figure-grid">
                <figure::Figure/>
                <panels::Controls/>
            </section>
        }
    },
    // The timeline, the numbers, the comparison and the tables.
    later(divergence_later): {
        let Some(state) = use_context::<DivergenceState>() else {
            return ().into_any();
        };
        let trace = Signal::derive(move || state.outputs.with(|o| o.trace.clone()));
        let current = Signal::derive(move || state.step());
        let pick = Callback::new(move |s: usize| {
            state.playing.set(false);
            state.set_step(u32::try_from(s).unwrap_or(0));
        });
        view! {
            <section class="l-page gx-timeline" data-testid="timeline">
                <h2 class="l-body">{t(text::TIMELINE)}</h2>
                <p class="l-body gx-note">{t(text::TIMELINE_NOTE)}</p>
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
        }
    },
}
