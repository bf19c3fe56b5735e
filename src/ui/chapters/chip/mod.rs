//! Chapter 1, chip anatomy: the die (GPC → TPC → SM), one SM's four partitions, the totals
//! derived from them, and the memory hierarchy with measured latencies.
//!
//! Model: [`crate::model::gpu_spec::GpuSpec::anatomy`]; layout: [`crate::geom::die`].

pub mod state;
mod text;
mod views;

use leptos::prelude::*;

use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::widgets::{initial_query, use_permalink, Notices, PermalinkLink, Questions};
use state::{ChipInputs, ChipState};

/// The whole chapter page.
#[component]
pub fn ChipChapter() -> impl IntoView {
    let lang = use_lang();
    let (inputs, notices) = ChipInputs::from_query(&initial_query());
    let state = ChipState::new(inputs);
    provide_context(state);
    let permalink = use_permalink(move || state.inputs.with(|i| i.to_query()));
    view! {
        <article class="gx-chapter" data-testid="chapter-chip">
            <header class="l-body">
                <p class="gx-kicker">{move || if lang.get() == Lang::Zh { "第 1 章" } else { "Chapter 1" }}</p>
                <h1>{t(text::TITLE)}</h1>
                {text::INTRO.iter().map(|p| view! { <p>{t(*p)}</p> }).collect_view()}
                <Notices notices=notices/>
                <views::Controls/>
            </header>
            <views::DieFigure/>
            <views::SmFigure/>
            <views::Totals/>
            <views::MemoryTable/>
            <Questions questions=&text::QUESTIONS/>
            <PermalinkLink url=permalink/>
        </article>
    }
}
