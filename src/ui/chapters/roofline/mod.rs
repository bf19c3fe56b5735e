//! Chapter 9, Roofline: roofs and ridge points of the selected GPU, the course's kernels and
//! table, the reader's kernel, a tiled GEMM, and what an H200 really measured.
//!
//! Model: [`crate::model::roofline`]. State: [`state::RooflineState`] (inputs → one memo).

pub mod state;
mod text;
mod views;

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::ui::i18n::{t, use_lang};
use crate::ui::widgets::{Notices, Questions};
use state::{RooflineInputs, RooflineState};

/// The whole chapter page.
#[component]
pub fn RooflineChapter() -> impl IntoView {
    let lang = use_lang();
    let query = window().location().search().unwrap_or_default();
    let (inputs, notices) = RooflineInputs::from_query(&query);
    let state = RooflineState::new(inputs);
    provide_context(state);

    // The outside world: keep the address bar a permalink of the current inputs.
    let permalink = Memo::new(move |_| {
        let q = state.inputs.with(|i| i.to_query());
        let path = window().location().pathname().unwrap_or_default();
        if q.is_empty() {
            path
        } else {
            format!("{path}?{q}")
        }
    });
    Effect::new(move |_| {
        let url = permalink.get();
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
        }
    });

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
            <p class="l-body gx-permalink">
                <a href=move || permalink.get() data-testid="permalink">{t(text::PERMALINK)}</a>
            </p>
        </article>
    }
}
