//! The chapter shell: the frame every chapter gets from the registry.
//!
//! A registry entry ([`Chapter`]) names the chapter's number, slug, title,
//! summary and intro, and its [`ChapterBody`]. The shell renders, in order: the kicker, title and
//! intro; the notices of the link; the body (the chapter's figure and panels); the chapter's
//! questions from the bank; the permalink; links to the previous and next chapters. A chapter
//! supplies only its inputs type (a [`ChapterInputs`]), its state and its views.
//!
//! The inputs follow the URL ([`UrlInputs`]): a link, Back, Forward or a classroom step that
//! changes the query of the chapter on screen changes what the chapter shows.

mod field_slider;
mod lazy;
mod pages;
mod staged;
mod text;
mod url_state;
mod warm;

use leptos::prelude::*;
use leptos_router::components::A;

pub use field_slider::{range_slider, FieldSlider};
pub use lazy::suspended;
pub(crate) use lazy::{chapter_body, lazy_embed, lazy_page};
pub use pages::{
    by_slug, install, is_chapter, neighbours, pages, route_href, BasePath, Chapter, LessonAdvance,
    Site,
};
pub use staged::{after_first_paint, after_first_paint_split, FirstPaint, SplitPart};
pub use url_state::{without_lang, ChapterInputs, QueryWrite, UrlInputs, WRITE_INTERVAL_MS};
pub use warm::{keep_app_owner, warm_chapter};

use crate::model::quiz::Kind;
use crate::ui::i18n::{t, use_lang, Tr};
use crate::ui::widgets::{ChapterIntro, Notices, PermalinkLink, Questions, TermText};

/// What a chapter supplies to the shell: its inputs type and its body.
pub trait ChapterBody {
    /// The chapter's inputs, read from and written to the URL.
    type Inputs: ChapterInputs;
    /// The intro paragraphs under the title. Here rather than in the registry, so that they
    /// travel with the chapter's lazily loaded module, not in the main module (first load).
    const INTRO: &'static [crate::ui::i18n::Tr];
    /// The chapter's self-check questions, listed at its end: one of the bank's per-chapter
    /// lists ([`crate::ui::content::questions::OCCUPANCY`], …). Here, so that their text travels
    /// with the chapter's module rather than in the pack every chapter loads (first load).
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion];
    /// The figure and panels, given the inputs (the chapter builds its state from them and
    /// provides it as context to its views).
    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView;
}

/// The whole page of chapter `chapter` with body `B`: the registry stores `frame::<Body>`.
pub fn frame<B: ChapterBody>(chapter: &'static Chapter) -> AnyView {
    let inputs = UrlInputs::<B::Inputs>::from_router();
    let notices = inputs.notices();
    let permalink = inputs.permalink();
    let number = chapter.number.unwrap_or_default();
    // The intro and the body's first part are painted first; the body's later parts and the
    // page's tail (questions, permalink, links) right after (first load: `staged`).
    staged::provide_first_paint();
    view! {
        <article class="gx-chapter" data-testid=format!("chapter-{}", chapter.slug)>
            <header class="l-body">
                <ChapterIntro number=number title=chapter.title intro=B::INTRO glossary=route_href("glossary")/>
            </header>
            <div class="l-body">
                {move || view! { <Notices notices=notices.get()/> }}
            </div>
            {B::body(inputs)}
            {after_first_paint(move || tail(chapter, permalink, B::QUESTIONS))}
        </article>
    }
    .into_any()
}

/// The page's tail under a chapter's body: the course questions, the permalink, the practise
/// link, "add to lesson", previous and next.
fn tail(
    chapter: &'static Chapter,
    permalink: Memo<String>,
    questions: &'static [&'static crate::ui::content::questions::BankQuestion],
) -> AnyView {
    view! {
        // The quiz page lists every course question itself.
        {chapter.number.map(|_| view! { <Questions questions=questions/> })}
        <PermalinkLink url=permalink/>
        {Kind::of_chapter(chapter.slug).next().map(|_| view! {
            <p class="l-body gx-practise">
                <A href=format!("{}?ch={}", route_href("quiz"), chapter.slug) attr:data-testid="practise">{t(text::PRACTISE)}</A>
            </p>
        })}
        // Only a chapter's view can be a lesson step.
        {chapter.embed.and_then(|_| pages::lesson_button(chapter))}
        <PrevNext chapter=chapter/>
    }
    .into_any()
}

/// Chapter `B`'s body alone (no intro, questions or links), following `query` and handing
/// every edit to `sink`: how the classroom projects a chapter at a lesson step's parameters.
/// The registry stores `embed::<Body>`.
pub fn embed<B: ChapterBody>(query: Signal<String>, sink: Callback<QueryWrite>) -> AnyView {
    B::body(UrlInputs::<B::Inputs>::bound(query, sink))
}

/// A chapter body bound to a query another owner keeps (see [`embed`]).
pub type EmbedFn = fn(Signal<String>, Callback<QueryWrite>) -> AnyView;

/// A text module's paragraph in the current language, its `[[…]]`-marked terms linked to the
/// glossary (the first use of a term on a page: `ui::content::glossary`).
#[component]
pub fn Terms(
    /// The text, with `[[shown|slug]]` markers.
    text: Tr,
) -> impl IntoView {
    view! { <TermText text=text glossary=route_href("glossary")/> }
}

/// Links to the previous and next chapters in teaching order.
#[component]
fn PrevNext(chapter: &'static Chapter) -> impl IntoView {
    let lang = use_lang();
    let (prev, next) = neighbours(chapter.slug);
    let link = move |c: Option<&'static Chapter>, rel: &'static str, label| {
        c.map(|c| {
            let number = c.number.unwrap_or_default();
            view! {
                <A href=route_href(c.slug) attr:rel=rel attr:class=format!("gx-prevnext__{rel}") attr:data-testid=format!("chapter-{rel}")>
                    <span class="gx-prevnext__label">{t(label)}</span>
                    <span class="gx-prevnext__title">{move || format!("{number}. {}", c.title.get(lang.get()))}</span>
                </A>
            }
        })
    };
    view! {
        <nav class="l-body gx-prevnext" aria-label=t(text::CHAPTER_NAV)>
            {link(prev, "prev", text::PREVIOUS)}
            {link(next, "next", text::NEXT)}
        </nav>
    }
}
