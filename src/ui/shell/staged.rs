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
//! A chapter's later parts also come from a split module of their own, `<chapter>_later`
//! ([`after_first_paint_split`]): a link's critical path carries only the code of the intro,
//! the figure and its controls; the later module is fetched once the chapter's own packs are in
//! (`assets/loader.js`), and the parts it makes are built a turn each as they arrive.
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
    /// Whether a turn is scheduled (the first from the start; then while parts are waiting). A
    /// part asked for once none is, one a later module's part makes when its code arrives,
    /// schedules the next.
    scheduled: StoredValue<bool>,
}

/// Provides [`FirstPaint`] for the page being built: turn 0 now, turn 1 in the task after the
/// next animation frame (so after the browser has painted what the page shows first).
pub fn provide_first_paint() {
    let staged = FirstPaint {
        turn: RwSignal::new(0),
        issued: StoredValue::new(0),
        scheduled: StoredValue::new(true),
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
            } else {
                staged.scheduled.try_set_value(false);
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

/// A later part whose code is in a split module of its own (the chapter's `<chapter>_later`
/// module, fetched after the first paint, so not on a link's critical path): `load` is the split
/// point's call, made when the part's turn comes (see [`after_first_paint`]). While the module
/// loads, the part's place is an empty `aria-busy` placeholder (the classroom's fit waits for it
/// as for a chapter's module); once the module is in, a later call builds the part at once.
pub fn after_first_paint_split(load: impl Fn() -> SplitPart + Send + Sync + 'static) -> AnyView {
    after_first_paint(move || split_part(load()))
}

/// A later part's view, as its split point's call returns it (boxed: one [`split_part`] for
/// every chapter's parts).
pub type SplitPart = std::pin::Pin<Box<dyn std::future::Future<Output = AnyView> + Send>>;

fn split_part(part: SplitPart) -> AnyView {
    let part = WhileShown {
        shown: StoredValue::new(()),
        part,
    };
    view! {
        <Suspense fallback=super::lazy::loading>
            {Suspend::new(part)}
        </Suspense>
    }
    .into_any()
}

/// A later part's future, polled only while its place is on the page: the split point's call
/// builds the part's views when its module has arrived, and by then the place may be gone (the
/// chapter left, or a `Show` around it closed), its owner's context with it. Polled untracked:
/// building a part subscribes its own views, not the `Suspend` around it.
struct WhileShown {
    /// Disposed with the part's owner.
    shown: StoredValue<()>,
    part: SplitPart,
}

impl std::future::Future for WhileShown {
    type Output = AnyView;

    fn poll(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<AnyView> {
        if self.shown.try_get_value().is_none() {
            return std::task::Poll::Pending;
        }
        untrack(|| self.part.as_mut().poll(cx))
    }
}

/// [`after_first_paint`]'s body, not generic: one copy in the shared code rather than one per
/// call in each chapter's module (first load).
fn deferred(rest: std::sync::Arc<dyn Fn() -> AnyView + Send + Sync>) -> AnyView {
    match use_context::<FirstPaint>() {
        None => rest(),
        Some(
            staged @ FirstPaint {
                turn,
                issued,
                scheduled,
            },
        ) => {
            let part = issued.try_update_value(|n| {
                *n += 1;
                *n
            });
            let Some(part) = part else {
                return rest();
            };
            if scheduled.try_update_value(|s| !std::mem::replace(s, true)) == Some(true) {
                next_turn(staged);
            }
            let reached = move || turn.get() >= part;
            view! { <Show when=reached>{rest()}</Show> }.into_any()
        }
    }
}
