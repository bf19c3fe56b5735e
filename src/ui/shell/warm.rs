//! Warming the next chapter: once a page has rested and the next chapter's modules are fetched
//! (`assets/start.js`), its body is built once off the page, into an element that is never
//! attached, and dropped. The browser compiles a wasm function the first time it runs (lazily,
//! on the main thread): 18–37 ms of the click on "next" went to compiling the next chapter's
//! view and model code before it could be shown (chapter → chapter, issue #18). Built off the
//! page, nothing is styled, laid out or painted, and nothing the user sees changes.
//!
//! What is built is the chapter's whole page as a click would build it (the registry's `page`:
//! [`crate::ui::shell::frame`], its body and, a frame later, its tail), in the language on
//! screen, under an owner of its own below the app's (so it finds the app's contexts and the
//! router's). It reads the query of the page on screen, as a link without one would show the
//! chapter's defaults, and writes nothing: its owner carries [`WarmBuild`], and inputs built
//! under it never write the address bar (they would replace the query of the chapter on screen
//! with their own defaults). Each chapter is warmed once per visit.

use std::cell::RefCell;
use std::time::Duration;

use leptos::prelude::*;
use leptos::tachys::view::any_view::AnyViewState;
use leptos::tachys::view::{Mountable, Render};

thread_local! {
    /// The owner warm builds are children of: the app's, inside its router.
    static APP_OWNER: RefCell<Option<Owner>> = const { RefCell::new(None) };
    /// Chapters built once already in this visit (bit `i`: the registry's entry `i`).
    static WARMED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Context marker of a warm build: what is built under it is never on screen and must not
/// touch the page's shared state (the address bar: see `UrlInputs::from_router`).
#[derive(Clone, Copy, Debug)]
pub struct WarmBuild;

/// Keeps the current owner for [`warm_chapter`]: called once from a view that lives as long as
/// the app, inside its router (the header).
pub fn keep_app_owner() {
    APP_OWNER.with(|o| *o.borrow_mut() = Owner::current());
}

/// How long to wait, at most, for the chapter's module (already fetched) and its tail.
const LOAD_WAIT_TRIES: u32 = 100;
const LOAD_WAIT_STEP: Duration = Duration::from_millis(20);

/// Builds chapter `slug`'s body off the page once and drops it (see the module docs). Does
/// nothing for an unknown slug, a chapter without a page, or a chapter warmed already.
pub fn warm_chapter(slug: &str) {
    let Some((i, chapter)) = super::pages()
        .iter()
        .enumerate()
        .find(|(_, c)| c.slug == slug)
    else {
        return;
    };
    let Some(page) = chapter.page else {
        return;
    };
    let bit = 1u64 << (i % 64);
    if WARMED.with(|w| w.replace(w.get() | bit)) & bit != 0 {
        return;
    }
    let Some(owner) = APP_OWNER.with(|o| o.borrow().clone()) else {
        return;
    };
    let Some(host) = document().create_element("div").ok() else {
        return;
    };
    let scope = owner.child();
    let state = scope.with(|| {
        provide_context(WarmBuild);
        let mut state = page(chapter).build();
        state.mount(&host, None);
        state
    });
    // The body arrives once its module is instantiated (a task or two later), the page's tail a
    // frame after it: dropped then.
    drop_when_built(host, state, scope, LOAD_WAIT_TRIES);
}

fn drop_when_built(host: web_sys::Element, mut state: AnyViewState, scope: Owner, tries: u32) {
    set_timeout(
        move || {
            let built = host.query_selector(".gx-prevnext").ok().flatten().is_some();
            if !built && tries > 0 {
                drop_when_built(host, state, scope, tries - 1);
            } else {
                state.unmount();
                drop(state);
                scope.cleanup();
            }
        },
        LOAD_WAIT_STEP,
    );
}
