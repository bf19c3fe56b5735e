//! Staged first render: a chapter page paints its first answer (the intro, the figure and its
//! controls) before the rest of the page is built.
//!
//! Opening a chapter builds every view of the page in one task before the browser can paint; on a
//! cold deep link most of that task is the parts below the figure (numbers panels, sweeps, tables,
//! the course questions, links), each view's wasm code compiled on its first call. [`frame`]
//! provides [`FirstPaint`], whose turn advances after the page's first frame has been painted
//! (an animation frame, then a task) and then once per task; each [`after_first_paint`] part
//! is built in a turn of its own, in the order the parts were made, so that an input made
//! meanwhile (a slider moved as soon as it shows) waits for one part, not for the whole page. The
//! page ends up the same, a few tasks later. Every chapter's body puts what comes after its first
//! figure and controls (numbers panels, sweeps, later sections, data tables) in
//! [`after_first_paint`] as well: opening a chapter from another one builds only its first
//! answer before the next frame (chapter → chapter, issue #18). Without a frame (the
//! classroom's embedded chapter, whose stage measures the whole body once it is in),
//! [`after_first_paint`] builds its part at once.
//!
//! The turn is written by browser callbacks, not by an effect.
//!
//! [`frame`]: crate::ui::shell::frame

use std::time::Duration;

use leptos::prelude::*;

/// The chapter page's staged build (provided by the shell's frame): turn 0 until the page's first
/// frame is painted, then one turn per task, each building the next [`after_first_paint`] part.
#[derive(Clone, Copy)]
pub struct FirstPaint {
    /// The parts built so far (part `n` shows once `turn >= n`).
    turn: RwSignal<u32>,
    /// The parts asked for so far, numbered from 1 in the order they were made.
    issued: StoredValue<u32>,
}

/// Provides [`FirstPaint`] for the page being built: turn 0 now, turn 1 in the task after the
/// next animation frame (so after the browser has painted what the page shows first).
pub fn provide_first_paint() {
    let staged = FirstPaint {
        turn: RwSignal::new(0),
        issued: StoredValue::new(0),
    };
    provide_context(staged);
    request_animation_frame(move || next_turn(staged));
}

/// In a task of its own: builds the next part if one is waiting, then looks again in the task
/// after that, so a click or a key press made meanwhile is handled between two parts, not after
/// all of them. (A part made while building another, a part inside a part, is counted by the
/// next look.) Written by browser callbacks, not by an effect; once the page is gone (a fast
/// second navigation) nothing more is built.
fn next_turn(staged: FirstPaint) {
    set_timeout(
        move || {
            let waiting = match (
                staged.turn.try_get_untracked(),
                staged.issued.try_get_value(),
            ) {
                (Some(turn), Some(issued)) => turn < issued,
                _ => false,
            };
            if waiting && staged.turn.try_update(|turn| *turn += 1).is_some() {
                next_turn(staged);
            }
        },
        Duration::ZERO,
    );
}

/// `rest`, built after the page's first paint, in a turn of its own (see the module docs); at
/// once where no frame provides [`FirstPaint`].
pub fn after_first_paint(rest: impl Fn() -> AnyView + Send + Sync + 'static) -> AnyView {
    deferred(std::sync::Arc::new(rest))
}

/// [`after_first_paint`]'s body, not generic: one copy in the shared code rather than one per
/// call in each chapter's module (first load).
fn deferred(rest: std::sync::Arc<dyn Fn() -> AnyView + Send + Sync>) -> AnyView {
    match use_context::<FirstPaint>() {
        None => rest(),
        Some(FirstPaint { turn, issued }) => {
            let part = issued.try_update_value(|n| {
                *n += 1;
                *n
            });
            let Some(part) = part else {
                return rest();
            };
            let reached = move || turn.get() >= part;
            view! { <Show when=reached>{rest()}</Show> }.into_any()
        }
    }
}
