//! The glossary page (`/glossary`): every term of `ui::content::glossary`, grouped by the
//! chapter that shows it, each with its English and Chinese names, a one-line definition and a
//! link to the chapter (with a query that shows the term where the default view does not).
//!
//! Each entry's id is its slug, so `/glossary#sector` opens the page at "sector": chapters link
//! a term's first use there (`shell::Terms`). The page arrives lazily, after the router has
//! looked for the anchor, so the page itself scrolls to it once mounted and whenever the
//! fragment changes, and marks that entry.

pub mod text;

use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_location;
use wasm_bindgen::JsCast;

use crate::ui::content::glossary::{Term, TERMS};
use crate::ui::i18n::{t, use_lang};
use crate::ui::shell::{self, route_href, ChapterBody, ChapterInputs, UrlInputs};
use crate::ui::url::{Notice, QueryReader};

/// The page has no inputs; a link's unknown keys are reported like any chapter's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GlossaryInputs;

impl ChapterInputs for GlossaryInputs {
    fn from_query(query: &str) -> (GlossaryInputs, Vec<Notice>) {
        (GlossaryInputs, QueryReader::parse(query).finish())
    }
    fn to_query(&self) -> String {
        String::new()
    }
}

/// The page's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = GlossaryInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] = &[];
    fn body(_inputs: UrlInputs<GlossaryInputs>) -> AnyView {
        view! { <GlossaryBody/> }.into_any()
    }
}

/// The numbered chapters that show at least one term, in teaching order.
fn chapters() -> Vec<&'static shell::Chapter> {
    shell::pages()
        .iter()
        .filter(|c| c.number.is_some() && TERMS.iter().any(|t| t.chapter == c.slug))
        .collect()
}

#[component]
fn GlossaryBody() -> impl IntoView {
    let lang = use_lang();
    let hash = use_location().hash;
    // The outside world: bring the entry the fragment names into view (the router looked for
    // it before this lazily loaded page was mounted) and move the focus there, a frame later:
    // the effect runs before the page's nodes are in the document.
    Effect::new(move |_| {
        let id = hash.get().trim_start_matches('#').to_string();
        if id.is_empty() {
            return;
        }
        request_animation_frame(move || {
            let Some(el) = document().get_element_by_id(&id) else {
                return;
            };
            if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                let _ = el.focus();
                el.scroll_into_view_with_bool(true);
            }
        });
    });
    let sections = chapters();
    view! {
        <div class="l-body gx-glossary" data-testid="glossary">
            <p class="gx-glossary__count">{move || text::count(TERMS.len(), lang.get())}</p>
            <nav class="gx-glossary__jump" aria-label=t(text::JUMP)>
                <ul>
                    {sections.iter().map(|c| {
                        let c = *c;
                        view! {
                            <li><a href=format!("{}#ch-{}", route_href("glossary"), c.slug)>
                                {move || text::chapter_heading(c.number.unwrap_or_default(), c.title.get(lang.get()), lang.get())}
                            </a></li>
                        }
                    }).collect_view()}
                </ul>
            </nav>
            {sections.iter().map(|c| {
                let c = *c;
                let heading = format!("ch-{}", c.slug);
                view! {
                    <section class="gx-glossary__chapter" aria-labelledby=heading.clone()>
                        <h2 id=heading.clone() tabindex="-1">
                            {move || text::chapter_heading(c.number.unwrap_or_default(), c.title.get(lang.get()), lang.get())}
                        </h2>
                        <dl class="gx-glossary__list">
                            {TERMS.iter().filter(|t| t.chapter == c.slug).map(|term| view! { <Entry term=term chapter=c hash=hash/> }).collect_view()}
                        </dl>
                    </section>
                }
            }).collect_view()}
        </div>
    }
}

/// One term: its names, its definition and its chapter.
#[component]
fn Entry(
    term: &'static Term,
    chapter: &'static shell::Chapter,
    hash: Memo<String>,
) -> impl IntoView {
    let lang = use_lang();
    let href = match term.query {
        Some(q) => format!("{}?{q}", route_href(chapter.slug)),
        None => route_href(chapter.slug),
    };
    let target = move || hash.with(|h| h.strip_prefix('#') == Some(term.slug));
    view! {
        <div
            class="gx-glossary__term"
            class:gx-glossary__term--target=target
            id=term.slug
            tabindex="-1"
            data-testid=format!("term-{}", term.slug)
        >
            <dt>
                <dfn lang="en" class="gx-glossary__en">{term.en}</dfn>
                // A term the course keeps in English is written once.
                {(term.zh != term.en).then(|| view! {
                    " "
                    <span lang="zh-CN" class="gx-glossary__zh" data-testid="term-zh">{term.zh}</span>
                })}
            </dt>
            <dd>
                {t(term.definition)}
                " "
                <span class="gx-glossary__where">
                    {t(text::SHOWN_IN)}
                    <A href=href attr:data-testid="term-chapter">
                        {move || text::chapter_heading(chapter.number.unwrap_or_default(), chapter.title.get(lang.get()), lang.get())}
                    </A>
                </span>
            </dd>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_reads_no_key_and_reports_unknown_ones() {
        assert_eq!(GlossaryInputs::from_query(""), (GlossaryInputs, vec![]));
        assert_eq!(GlossaryInputs::from_query("lang=zh").1, vec![]);
        assert_eq!(GlossaryInputs::from_query("q=1").1.len(), 1);
        assert_eq!(GlossaryInputs.to_query(), "");
    }
}
