//! The pages the frame links between, and links under the site's base path.
//!
//! The registry of pages lives at the top (`ui::app`), above every page; the frame, the quiz
//! and the classroom need it below (previous / next, a lesson step's chapter, a question's
//! chapter). So the app hands it down once at start, with [`install`], together with the one
//! view the frame shows that belongs to a page above it (the classroom's "add this view to a
//! lesson" button). Nothing below `app` imports the registry.

use std::sync::OnceLock;

use leptos::prelude::*;

use crate::ui::i18n::Tr;

/// One chapter (or tool page) of the explainer: everything the frame needs to show it.
#[derive(Clone, Copy, Debug)]
pub struct Chapter {
    /// Chapter number as the course map shows it; `None` for the quiz and other tool pages.
    pub number: Option<u32>,
    /// URL path segment, e.g. "roofline".
    pub slug: &'static str,
    /// Title.
    pub title: Tr,
    /// One-line summary for the home page.
    pub summary: Tr,
    /// The page: [`super::frame`] over the chapter's body, or `None` while it is being written.
    pub page: Option<fn(&'static Chapter) -> AnyView>,
    /// The body alone, bound to a query someone else owns ([`super::embed`]); `None` for pages
    /// that are not chapters.
    pub embed: Option<super::EmbedFn>,
}

/// What the app hands down at start.
pub struct Site {
    /// Every page in teaching order (the registry).
    pub pages: &'static [Chapter],
    /// The "add this view to a lesson" button the frame shows under a chapter.
    pub lesson_button: fn(&'static Chapter) -> AnyView,
}

static SITE: OnceLock<Site> = OnceLock::new();

/// Hands the registry down (once, at start; a second call is ignored).
pub fn install(site: Site) {
    let _ = SITE.set(site);
}

/// Every page in teaching order; empty before [`install`].
pub fn pages() -> &'static [Chapter] {
    SITE.get().map_or(&[], |s| s.pages)
}

/// The page with this slug.
pub fn by_slug(slug: &str) -> Option<&'static Chapter> {
    pages().iter().find(|c| c.slug == slug)
}

/// Whether `slug` names a chapter whose view a lesson step can show.
pub fn is_chapter(slug: &str) -> bool {
    by_slug(slug).is_some_and(|c| c.embed.is_some())
}

/// The chapters before and after `slug` in teaching order (numbered chapters only).
pub fn neighbours(slug: &str) -> (Option<&'static Chapter>, Option<&'static Chapter>) {
    let numbered: Vec<&'static Chapter> = pages().iter().filter(|c| c.number.is_some()).collect();
    let Some(i) = numbered.iter().position(|c| c.slug == slug) else {
        return (None, None);
    };
    let prev = i.checked_sub(1).and_then(|j| numbered.get(j).copied());
    (prev, numbered.get(i + 1).copied())
}

/// A page whose view steps through something with the classroom's keys provides this (as a
/// context, from its body): the query key a lesson step's keys advance and its last value. The
/// "add this view to a lesson" button gives the step it adds that advance (the kernel lab: `at`,
/// its lines of code).
#[derive(Clone, Copy, Debug)]
pub struct LessonAdvance {
    /// The query key the keys advance.
    pub key: &'static str,
    /// The last value a key press reaches.
    pub last: Signal<u32>,
}

/// The "add this view to a lesson" button for `chapter`, if the app gave one.
pub(super) fn lesson_button(chapter: &'static Chapter) -> Option<AnyView> {
    SITE.get().map(|s| (s.lesson_button)(chapter))
}

/// The router base as context, for building links (`A` leaves absolute paths untouched).
#[derive(Clone, Debug)]
pub struct BasePath(pub String);

/// The link to `path` ("" for home, "roofline", …) under the app's base path.
pub fn route_href(path: &str) -> String {
    let base = use_context::<BasePath>().map(|b| b.0).unwrap_or_default();
    format!("{base}/{path}")
}
