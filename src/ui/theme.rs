//! Light/dark theme follows the system (`prefers-color-scheme`). CSS switches the tokens by
//! itself; canvas charts read the tokens when they draw, so they subscribe to [`ThemeCtx`] and
//! redraw when the system theme changes.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// True while the system prefers dark colours. Written only by the media-query listener.
#[derive(Clone, Copy)]
pub struct ThemeCtx(pub RwSignal<bool>);

/// Creates the theme signal and listens for system theme changes for the app's lifetime.
pub fn provide_theme() {
    let query = window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten();
    let dark = RwSignal::new(query.as_ref().is_some_and(|q| q.matches()));
    if let Some(q) = query {
        let listener = Closure::<dyn Fn(web_sys::Event)>::new(move |ev: web_sys::Event| {
            if let Some(q) = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::MediaQueryList>().ok())
            {
                dark.set(q.matches());
            }
        });
        let _ = q.add_event_listener_with_callback("change", listener.as_ref().unchecked_ref());
        // The listener lives as long as the page.
        listener.forget();
    }
    provide_context(ThemeCtx(dark));
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

/// Tracks the theme inside an effect so that it reruns when the system theme changes.
pub fn track_theme() -> bool {
    use_context::<ThemeCtx>()
        .map(|t| t.0.get())
        .unwrap_or(false)
}
