//! Light/dark theme follows the system (`prefers-color-scheme`). CSS switches the tokens by
//! itself; canvas charts read the tokens when they draw, so they subscribe to [`ThemeCtx`] and
//! redraw when the system theme changes.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Window event the classroom sends after it resized the figures on its stage (setting or
/// clearing the charts' fill attribute): a chart that can fill its box reads its box again, and
/// a canvas draws again at its new size.
pub const RELAYOUT_EVENT: &str = "gx-relayout";

/// The colour scheme the design tokens follow where it is provided: the system's dark
/// preference (the app's) and, on the classroom stage, its high-contrast switch
/// ([`provide_stage_theme`]). One context, so a canvas reads its theme with one lookup.
#[derive(Clone, Copy)]
pub struct ThemeCtx {
    /// True while the system prefers dark colours. Written only by the media-query listener.
    pub dark: RwSignal<bool>,
    /// The classroom's high-contrast switch (the H key), where there is one: its CSS class
    /// changes the tokens of everything inside the stage.
    pub high_contrast: Option<RwSignal<bool>>,
    /// On the classroom stage and the presenter's preview: flipped whenever a fit there has
    /// resized the figures ([`RELAYOUT_EVENT`]), so a canvas whose backing
    /// store follows the width it is shown at (block dispatch's SM grid) redraws at its new size.
    pub refit: Option<RwSignal<bool>>,
}

/// Creates the theme signal and listens for system theme changes for the app's lifetime.
pub fn provide_theme() {
    let dark = media_query_signal("(prefers-color-scheme: dark)");
    provide_context(ThemeCtx {
        dark,
        high_contrast: None,
        refit: None,
    });
    provide_context(NarrowCtx(media_query_signal(&format!(
        "(max-width: {NARROW_MAX_PX}px)"
    ))));
}

/// A signal that follows a media query for the app's lifetime, written only by its listener.
fn media_query_signal(query: &str) -> RwSignal<bool> {
    let query = window().match_media(query).ok().flatten();
    let matches = RwSignal::new(query.as_ref().is_some_and(|q| q.matches()));
    if let Some(q) = query {
        let listener = Closure::<dyn Fn(web_sys::Event)>::new(move |ev: web_sys::Event| {
            if let Some(q) = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::MediaQueryList>().ok())
            {
                matches.set(q.matches());
            }
        });
        let _ = q.add_event_listener_with_callback("change", listener.as_ref().unchecked_ref());
        // The listener lives as long as the page.
        listener.forget();
    }
    matches
}

/// The widest screen (CSS px) on which figures use their narrow layout: a 390 px phone and
/// tablets in portrait; a 1280×720 projector at 150 % (853 CSS px) keeps the wide one.
pub const NARROW_MAX_PX: u32 = 760;

/// True while the viewport is at most [`NARROW_MAX_PX`] wide. Written only by its listener.
#[derive(Clone, Copy)]
pub struct NarrowCtx(pub RwSignal<bool>);

/// Present (as context) while a chapter is drawn on the classroom stage (the projector's and
/// the presenter's): a figure may then take a wider, shorter layout that fits a 1280×720
/// projector at 150 % (853×480 CSS px) at reading size, where the chapter's page keeps its own.
#[derive(Clone, Copy)]
pub struct OnStage;

/// True on the classroom stage (see [`OnStage`]); false on a chapter's page.
pub fn use_on_stage() -> bool {
    use_context::<OnStage>().is_some()
}

/// True while the screen is narrow: figures pick fewer columns there, so their text stays
/// ≥ 12 CSS px instead of shrinking with the width (issue #14). False outside the app.
pub fn use_narrow_screen() -> Signal<bool> {
    let ctx = use_context::<NarrowCtx>();
    Signal::derive(move || ctx.is_some_and(|c| c.0.get()))
}

/// The theme of the views built below on the classroom's stage and the presenter's preview:
/// `on` is their high-contrast switch, and their canvases redraw when it changes (as they do for
/// the system theme) and after each fit of the stage ([`ThemeCtx::refit`]; its listener lives as
/// long as the calling component).
pub fn provide_stage_theme(on: RwSignal<bool>) {
    if let Some(theme) = use_context::<ThemeCtx>() {
        let refit = RwSignal::new(false);
        let listener = window_event_listener_untyped(RELAYOUT_EVENT, move |_| {
            refit.set(!refit.get_untracked());
        });
        on_cleanup(move || listener.remove());
        provide_context(ThemeCtx {
            high_contrast: Some(on),
            refit: Some(refit),
            ..theme
        });
    }
}

/// The colour scheme the design tokens currently follow ([`ThemeCtx`]). A canvas that read its
/// colours under one key reads them again under another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThemeKey {
    /// The system prefers dark colours.
    pub dark: bool,
    /// The classroom stage's high contrast is on.
    pub high_contrast: bool,
}

/// Tracks the theme inside an effect so that it reruns when the system theme or the stage's
/// high contrast changes, and on the classroom stage after each fit ([`ThemeCtx::refit`]).
pub fn track_theme() -> ThemeKey {
    use_context::<ThemeCtx>()
        .map(|t| {
            if let Some(refit) = t.refit {
                refit.track();
            }
            ThemeKey {
                dark: t.dark.get(),
                high_contrast: t.high_contrast.is_some_and(|c| c.get()),
            }
        })
        .unwrap_or_default()
}

/// Draws a canvas once it is in the document: at once, or on one of the next animation frames
/// (a chapter built off the document and attached a frame later, as a deep link's first view
/// is). An element's computed style is empty off the document, so a canvas drawn there would
/// take its colours from the fallbacks, the light theme's. One per canvas layer: only its latest
/// request draws, so a deferred drawing never lands over a newer one drawn since. A request
/// gives up after ~1 s off the document.
#[derive(Clone, Default)]
pub struct DrawWhenConnected(std::rc::Rc<std::cell::Cell<u64>>);

impl DrawWhenConnected {
    /// Runs `draw` now if `el` is in the document, else once it is, unless another request on
    /// `self` comes first.
    pub fn draw(&self, el: &web_sys::Node, draw: impl FnOnce() + 'static) {
        // A request still waiting is dropped: this one is newer.
        self.0.set(self.0.get().wrapping_add(1));
        retry(el.clone(), Box::new(draw), self.0.clone(), self.0.get(), 60);
    }
}

/// [`DrawWhenConnected::draw`]'s body, not generic: one copy per pack that uses it.
fn retry(
    el: web_sys::Node,
    draw: Box<dyn FnOnce()>,
    latest: std::rc::Rc<std::cell::Cell<u64>>,
    generation: u64,
    frames_left: u32,
) {
    if latest.get() != generation {
        return;
    }
    if el.is_connected() {
        draw();
    } else if frames_left > 0 {
        request_animation_frame(move || retry(el, draw, latest, generation, frames_left - 1));
    }
}

/// True when the reader asked the system for reduced motion (`prefers-reduced-motion: reduce`):
/// players jump instead of animating.
pub fn prefers_reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}
