//! Staged first render: a chapter page paints its first answer (the intro, the figure and its
//! controls) before the rest of the page is built.
//!
//! Opening a chapter builds every view of the page in one task before the browser can paint; on a
//! cold deep link most of that task is the parts below the figure (numbers panels, sweeps, tables,
//! the course questions, links), each view's wasm code compiled on its first call. [`frame`]
//! provides a [`FirstPaint`] signal that turns true after the page's first frame has been painted
//! (an animation frame, then a task); [`after_first_paint`] builds its part of the page then. The
//! page ends up the same, a frame later. Every chapter's body puts what comes after its first
//! figure and controls (numbers panels, sweeps, later sections, data tables) in
//! [`after_first_paint`] as well: opening a chapter from another one builds only its first
//! answer before the next frame (chapter → chapter, issue #18). Without a frame (the
//! classroom's embedded chapter, whose stage measures the whole body once it is in),
//! [`after_first_paint`] builds its part at once.
//!
//! The signal is written by a browser callback, not by an effect.
//!
//! [`frame`]: crate::ui::shell::frame

use std::time::Duration;

use leptos::prelude::*;

/// True once the chapter page's first frame is painted (provided by the shell's frame).
#[derive(Clone, Copy)]
pub struct FirstPaint(ReadSignal<bool>);

/// Provides [`FirstPaint`] for the page being built: false now, true in the task after the next
/// animation frame (so after the browser has painted what the page shows first).
pub fn provide_first_paint() {
    let (painted, set_painted) = signal(false);
    provide_context(FirstPaint(painted));
    request_animation_frame(move || {
        set_timeout(
            move || {
                // The page may be gone already (a fast second navigation): then nothing to show.
                let _ = set_painted.try_set(true);
            },
            Duration::ZERO,
        );
    });
}

/// `rest`, built after the page's first paint (see the module docs); at once where no frame
/// provides [`FirstPaint`].
pub fn after_first_paint(rest: impl Fn() -> AnyView + Send + Sync + 'static) -> AnyView {
    deferred(std::sync::Arc::new(rest))
}

/// [`after_first_paint`]'s body, not generic: one copy in the shared code rather than one per
/// call in each chapter's module (first load).
fn deferred(rest: std::sync::Arc<dyn Fn() -> AnyView + Send + Sync>) -> AnyView {
    match use_context::<FirstPaint>() {
        None => rest(),
        Some(FirstPaint(painted)) => {
            view! { <Show when=move || painted.get()>{rest()}</Show> }.into_any()
        }
    }
}
