//! Step / play / scrub through a sequence (instructions of a warp, cycles of a scheduler, the
//! steps of a kernel listing). One implementation of the behaviour, [`PlayerControls`]: playing
//! is a timer started by the Play button (an event handler); it writes only the step and stops
//! at the last step; Play at the last step starts over from the first; ◀ / ▶ stop at the first
//! and last step; under `prefers-reduced-motion: reduce`, Play advances one stride per press
//! instead of animating. Two looks over it: [`StepPlayer`] (icon buttons and a scrubber) and
//! [`StepButtons`] (worded buttons, a step count and ← / → keys).

use std::time::Duration;

use leptos::prelude::*;

use crate::ui::i18n::{use_lang, Tr};
use crate::ui::text;
use crate::ui::widgets::icon::{icon, FIRST, LAST, NEXT, PAUSE, PLAY, PREV};

/// The play / pause / step logic every player shares. `Copy`: hand it to as many buttons as
/// needed. Where the step lives is the caller's business (a signal of its own, or a field of a
/// chapter's URL state): the controls read it with `get` and write it with `set`.
#[derive(Clone, Copy)]
pub struct PlayerControls {
    get: Callback<(), u32>,
    set: Callback<u32>,
    last: Signal<u32>,
    playing: RwSignal<bool>,
    stride: u32,
    interval_ms: u64,
    handle: StoredValue<Option<IntervalHandle>>,
}

impl PlayerControls {
    /// Controls over the step that `get` reads (untracked) and `set` writes, valid in
    /// `0..=last`; `stride` steps per tick and per ◀ / ▶ press, `interval_ms` between ticks.
    /// The timer is cleared when the calling component is cleaned up.
    pub fn new(
        get: Callback<(), u32>,
        set: Callback<u32>,
        last: Signal<u32>,
        playing: RwSignal<bool>,
        stride: u32,
        interval_ms: u64,
    ) -> PlayerControls {
        let handle = StoredValue::new(None::<IntervalHandle>);
        on_cleanup(move || {
            if let Some(h) = handle.get_value() {
                h.clear();
            }
        });
        PlayerControls {
            get,
            set,
            last,
            playing,
            stride: stride.max(1),
            interval_ms,
            handle,
        }
    }

    /// Controls over a step signal of its own.
    pub fn over_signal(
        step: RwSignal<u32>,
        last: Signal<u32>,
        playing: RwSignal<bool>,
        stride: u32,
        interval_ms: u64,
    ) -> PlayerControls {
        PlayerControls::new(
            Callback::new(move |()| step.get_untracked()),
            Callback::new(move |s| step.set(s)),
            last,
            playing,
            stride,
            interval_ms,
        )
    }

    /// The current step, clamped to `0..=last` (untracked).
    pub fn now(self) -> u32 {
        self.get.run(()).min(self.last.get_untracked())
    }

    /// Goes to step `s` (clamped to the last step).
    pub fn go(self, s: u32) {
        self.set.run(s.min(self.last.get_untracked()));
    }

    /// Ends the play (if any).
    pub fn stop(self) {
        if let Some(h) = self.handle.get_value() {
            h.clear();
        }
        self.handle.set_value(None);
        // Only a change notifies: a scrub tick while stopped would redraw the play button's
        // icon (a dozen attribute writes a tick, issue #18).
        if self.playing.get_untracked() {
            self.playing.set(false);
        }
    }

    /// Stops playing and goes to the first step.
    pub fn first(self) {
        self.stop();
        self.go(0);
    }

    /// Stops playing and goes back one stride (not before the first step).
    pub fn prev(self) {
        self.stop();
        self.go(self.now().saturating_sub(self.stride));
    }

    /// Stops playing and goes forward one stride (not past the last step).
    pub fn next(self) {
        self.stop();
        self.go(self.now().saturating_add(self.stride));
    }

    /// Stops playing and goes to the last step.
    pub fn last(self) {
        self.stop();
        self.go(self.last.get_untracked());
    }

    /// Forward one stride (not past the last step); true when that reached the last step.
    fn advance(self) -> bool {
        let end = self.last.get_untracked();
        let next = self.now().saturating_add(self.stride).min(end);
        self.set.run(next);
        next >= end
    }

    /// One timer tick: forward one stride, and stop at the last step.
    fn tick(self) {
        // Something else (a click elsewhere) stopped the play: end the timer too.
        if !self.playing.get_untracked() || self.advance() {
            self.stop();
        }
    }

    /// Play / pause. Play at the last step starts over from the first.
    pub fn toggle(self) {
        if self.playing.get_untracked() {
            self.stop();
            return;
        }
        let at_end = self.now() >= self.last.get_untracked();
        if at_end {
            self.set.run(0);
        }
        if crate::ui::theme::prefers_reduced_motion() {
            // No animation: each press is one stride (the press at the end showed step 0).
            if !at_end {
                self.advance();
            }
            return;
        }
        if let Ok(h) =
            set_interval_with_handle(move || self.tick(), Duration::from_millis(self.interval_ms))
        {
            self.handle.set_value(Some(h));
            self.playing.set(true);
        }
    }
}

/// First / previous / play-pause / next / last buttons and a scrubber over `0..=last`.
#[component]
pub fn StepPlayer(
    /// The step index.
    #[prop(into)]
    step: Signal<u32>,
    /// Called with the step the player moves to (the chapter writes it where it keeps it).
    on_step: Callback<u32>,
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
    let get = Callback::new(move |()| step.get_untracked());
    let c = PlayerControls::new(get, on_step, last, playing, stride, interval_ms);
    let say = move |s: Tr| move || s.get(lang.get());
    view! {
        <div class="gx-player" role="group" aria-label=move || label.get(lang.get())>
            <button class="gx-button" data-testid="step-first" aria-label=say(text::STEP_FIRST)
                on:click=move |_| c.first()>{icon(FIRST)}</button>
            <button class="gx-button" data-testid="step-prev" aria-label=say(text::STEP_PREV)
                on:click=move |_| c.prev()>{icon(PREV)}</button>
            <button class="gx-button gx-button--play" data-testid="play"
                aria-pressed=move || playing.get().to_string()
                aria-label=move || text::play_toggle(playing.get()).get(lang.get())
                on:click=move |_| c.toggle()>{move || if playing.get() { icon(PAUSE).into_any() } else { icon(PLAY).into_any() }}</button>
            <button class="gx-button" data-testid="step-next" aria-label=say(text::STEP_NEXT)
                on:click=move |_| c.next()>{icon(NEXT)}</button>
            <button class="gx-button" data-testid="step-last" aria-label=say(text::STEP_LAST)
                on:click=move |_| c.last()>{icon(LAST)}</button>
            <input type="range" class="gx-field__range gx-player__scrub" data-testid="scrub"
                aria-label=say(text::STEP_SCRUB)
                min="0" max=move || last.get().to_string() step="1"
                prop:value=move || step.get().min(last.get()).to_string()
                on:input=move |ev| {
                    c.stop();
                    if let Ok(v) = event_target_value(&ev).parse::<u32>() { c.go(v); }
                }/>
        </div>
    }
}

/// Worded Previous / Play-Pause / Next buttons, the step count `i / n` (empty when there are no
/// steps) and ← / → keys on the bar: the same [`PlayerControls`] as [`StepPlayer`], for a
/// listing read one step at a time.
#[component]
pub fn StepButtons(
    /// The shared controls (step, last step, playing, timer).
    controls: PlayerControls,
    /// Number of steps (the count shows `step + 1 / steps`).
    #[prop(into)]
    steps: Signal<u32>,
    /// Label of the Previous button.
    prev: Tr,
    /// Label of the Play button.
    play: Tr,
    /// Label of the Play button while playing.
    pause: Tr,
    /// Label of the Next button.
    next: Tr,
    /// Name of the group for screen readers (say that ← / → step).
    label: Tr,
    /// The step now shown (tracked, for the count).
    #[prop(into)]
    current: Signal<u32>,
) -> impl IntoView {
    let lang = use_lang();
    let c = controls;
    let playing = c.playing;
    let on_key = move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
        "ArrowRight" => {
            ev.prevent_default();
            c.next();
        }
        "ArrowLeft" => {
            ev.prevent_default();
            c.prev();
        }
        _ => {}
    };
    view! {
        <div class="gx-steps__controls" tabindex="0" on:keydown=on_key
            aria-label=move || label.get(lang.get())>
            <button class="gx-button" data-testid="step-prev" on:click=move |_| c.prev()>{move || prev.get(lang.get())}</button>
            <button class="gx-button" data-testid="step-play" aria-pressed=move || playing.get().to_string() on:click=move |_| c.toggle()>
                {move || if playing.get() { pause.get(lang.get()) } else { play.get(lang.get()) }}
            </button>
            <button class="gx-button" data-testid="step-next" on:click=move |_| c.next()>{move || next.get(lang.get())}</button>
            <span class="gx-steps__count" data-testid="step-count">{move || {
                let n = steps.get();
                let cur = current.get().min(n.saturating_sub(1));
                if n == 0 { String::new() } else { format!("{} / {n}", cur + 1) }
            }}</span>
        </div>
    }
}
