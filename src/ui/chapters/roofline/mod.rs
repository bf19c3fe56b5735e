//! Chapter 9, Roofline: roofs and ridge points of the selected GPU, the course's kernels and
//! table, the reader's kernel, a tiled GEMM, and what an H200 really measured.
//!
//! Model: [`crate::model::roofline`]. State: [`state::RooflineState`] (inputs → one memo).

pub mod state;
mod text;
mod views;

use leptos::prelude::*;

use crate::ui::i18n::{t, use_lang};
use crate::ui::widgets::{initial_query, use_permalink, Notices, PermalinkLink, Questions};
use state::{RooflineInputs, RooflineState};

/// The whole chapter page.
#[component]
pub fn RooflineChapter() -> impl IntoView {
    let lang = use_lang();
    let (inputs, notices) = RooflineInputs::from_query(&initial_query());
    let state = RooflineState::new(inputs);
    provide_context(state);
    let permalink = use_permalink(move || state.inputs.with(|i| i.to_query()));

    view! {
        <article class="gx-chapter" data-testid="chapter-roofline">
            <header class="l-body">
                <p class="gx-kicker">{move || if lang.get() == crate::ui::i18n::Lang::Zh { "第 9 章" } else { "Chapter 9" }}</p>
                <h1>{t(text::TITLE)}</h1>
                {text::INTRO.iter().map(|p| view! { <p>{t(*p)}</p> }).collect_view()}
            </header>
            <div class="l-body">
                <Notices notices=notices/>
            </div>
            <section class="l-page gx-figure-grid">
                <views::Figure/>
                <views::Controls/>
            </section>
            <views::NumbersPanel/>
            <views::TiledPanel/>
            <views::CourseTable/>
            <views::MeasuredTable/>
            <views::DataTable/>
            <Questions questions=&text::QUESTIONS/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
