//! Step / play / scrub through a sequence (instructions of a warp, cycles of a scheduler).
//! Playing is a timer started by the Play button (an event handler); it writes only the step
//! signal and stops at the last step. Under `prefers-reduced-motion: reduce`, Play advances one
//! stride per press instead of animating.

use std::time::Duration;

use leptos::prelude::*;

use crate::ui::i18n::{use_lang, Tr};
use crate::ui::text;

/// True when the reader asked the system for reduced motion.
fn prefers_reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// A small player icon as SVG (system fonts often lack the media-control glyphs).
fn icon(d: &'static str) -> impl IntoView {
    view! {
        <svg class="gx-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d=d/></svg>
    }
}

const FIRST: &str = "M1 3h2v10H1zM9 3v10L3 8zM15 3v10L9 8z";
const PREV: &str = "M3 3h2v10H3zM12 3v10L6 8z";
const PLAY: &str = "M5 3v10l8-5z";
const PAUSE: &str = "M4 3h3v10H4zM9 3h3v10H9z";
const NEXT: &str = "M4 3v10l6-5zM11 3h2v10h-2z";
const LAST: &str = "M1 3v10l6-5zM7 3v10l6-5zM13 3h2v10h-2z";

/// First / previous / play-pause / next / last buttons and a scrubber over `0..=last`.
#[component]
pub fn StepPlayer(
    /// The step index; the player writes it.
    step: RwSignal<u32>,
    /// Whether it is playing; the player writes it.
    playing: RwSignal<bool>,
    /// The last valid step.
    #[prop(into)]
    last: Signal<u32>,
    /// Steps per tick while playing and per ◀ / ▶ press.
    #[prop(default = 1)]
    stride: u32,
    /// Milliseconds between ticks while playing.
    #[prop(default = 700)]
    interval_ms: u64,
    /// Name of the group for screen readers.
    label: Tr,
) -> impl IntoView {
    let lang = use_lang();
    let handle = StoredValue::new(None::<IntervalHandle>);
    let stop = move || {
        if let Some(h) = handle.get_value() {
            h.clear();
        }
        handle.set_value(None);
        playing.set(false);
    };
    on_cleanup(move || {
        if let Some(h) = handle.get_value() {
            h.clear();
        }
    });
    let now = move || step.get_untracked().min(last.get_untracked());
    let go = move |s: u32| step.set(s.min(last.get_untracked()));
    let tick = move || {
        // Something else (a click elsewhere) stopped the play: end the timer too.
        if !playing.get_untracked() {
            stop();
            return;
        }
        let end = last.get_untracked();
        let next = now().saturating_add(stride).min(end);
        step.set(next);
        if next >= end {
            stop();
        }
    };
    let toggle = move |_| {
        if playing.get_untracked() {
            stop();
            return;
        }
        if now() >= last.get_untracked() {
            step.set(0);
        }
        if prefers_reduced_motion() {
            tick();
            return;
        }
        if let Ok(h) = set_interval_with_handle(tick, Duration::from_millis(interval_ms)) {
            handle.set_value(Some(h));
            playing.set(true);
        }
    };
    let say = move |s: Tr| move || s.get(lang.get());
    view! {
        <div class="gx-player" role="group" aria-label=move || label.get(lang.get())>
            <button class="gx-button" data-testid="step-first" aria-label=say(text::STEP_FIRST)
                on:click=move |_| { stop(); go(0); }>{icon(FIRST)}</button>
            <button class="gx-button" data-testid="step-prev" aria-label=say(text::STEP_PREV)
                on:click=move |_| { stop(); go(now().saturating_sub(stride)); }>{icon(PREV)}</button>
            <button class="gx-button gx-button--play" data-testid="play"
                aria-pressed=move || playing.get().to_string()
                aria-label=move || text::play_toggle(playing.get()).get(lang.get())
                on:click=toggle>{move || if playing.get() { icon(PAUSE).into_any() } else { icon(PLAY).into_any() }}</button>
            <button class="gx-button" data-testid="step-next" aria-label=say(text::STEP_NEXT)
                on:click=move |_| { stop(); go(now().saturating_add(stride)); }>{icon(NEXT)}</button>
            <button class="gx-button" data-testid="step-last" aria-label=say(text::STEP_LAST)
                on:click=move |_| { stop(); go(last.get_untracked()); }>{icon(LAST)}</button>
            <input type="range" class="gx-field__range gx-player__scrub" data-testid="scrub"
                aria-label=say(text::STEP_SCRUB)
                min="0" max=move || last.get().to_string() step="1"
                prop:value=move || step.get().min(last.get()).to_string()
                on:input=move |ev| {
                    stop();
                    if let Ok(v) = event_target_value(&ev).parse::<u32>() { go(v); }
                }/>
        </div>
    }
}
