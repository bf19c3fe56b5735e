//! Play / pause / step / scrub / speed over a dispatch schedule's time axis, shared by the
//! model's figure and the H200 replay. Playing advances the time signal once per animation frame
//! (or, under `prefers-reduced-motion: reduce`, a quarter block duration every 700 ms) from a
//! loop the Play button starts; it stops at the end, on pause, or when the page is gone.
//!
//! A transport may also drive an [`EventCursor`]: "previous / next event" jump to the
//! schedule's event times and keep the cursor outside the clock (the model figure keeps it in
//! its URL, so a classroom step advances one event per key press); any other control hands the
//! time back to the clock at the event's time.

use std::sync::Arc;

use leptos::prelude::*;

use super::readout::TimeUnit;
use super::text;
use crate::ui::i18n::{t as tx, use_lang, Tr};

/// Speeds, in quarters of "one block duration per second".
const SPEEDS: [u32; 5] = [1, 4, 16, 64, 256];

/// The signals a transport drives.
#[derive(Clone, Copy)]
pub struct Clock {
    /// The time shown, in the schedule's ticks.
    pub t: RwSignal<u32>,
    /// Animation running.
    pub playing: RwSignal<bool>,
    /// Speed, in quarters of "one block duration per second".
    pub speed_quarters: RwSignal<u32>,
}

impl Clock {
    /// At time 0, paused, 1×.
    pub fn new() -> Clock {
        Clock {
            t: RwSignal::new(0),
            playing: RwSignal::new(false),
            speed_quarters: RwSignal::new(4),
        }
    }

    /// At time `t`, paused, 1×.
    pub fn at(t: u32) -> Clock {
        let clock = Clock::new();
        clock.t.set(t);
        clock
    }

    /// Pauses and rewinds (after an input changed the schedule).
    pub fn rewind(self) {
        self.rewind_to(0);
    }

    /// Pauses and jumps to `t`.
    pub fn rewind_to(self, t: u32) {
        self.playing.set(false);
        self.t.set(t);
    }
}

impl Default for Clock {
    fn default() -> Self {
        Clock::new()
    }
}

/// A cursor over a schedule's event times, held outside the clock (in the chapter's URL).
#[derive(Clone, Copy)]
pub struct EventCursor {
    /// The event on screen (0-based), `None` while the clock runs free.
    pub event: Signal<Option<u32>>,
    /// Every event time, ascending and distinct.
    pub times: Signal<Arc<Vec<u32>>>,
    /// Moves the cursor (`None`: the clock's time is shown again).
    pub set: Callback<Option<u32>>,
}

/// The time of event `k` (the last event's past the end; 0 without events).
pub fn event_time(times: &[u32], k: u32) -> u32 {
    let k = (k as usize).min(times.len().saturating_sub(1));
    times.get(k).copied().unwrap_or(0)
}

/// The event a step from time `t` (not on the cursor) lands on: the first event after `t`
/// going forward, the last one before it going back.
pub fn event_from_time(times: &[u32], t: u32, forward: bool) -> u32 {
    let last = times.len().saturating_sub(1);
    let k = if forward {
        times.partition_point(|&x| x <= t).min(last)
    } else {
        times.partition_point(|&x| x < t).saturating_sub(1)
    };
    u32::try_from(k).unwrap_or(u32::MAX)
}

fn run(clock: Clock, end: Signal<u32>, unit: Signal<u32>, reduced: bool) {
    let tick = move || {
        let (Some(playing), Some(now), Some(last), Some(duration)) = (
            clock.playing.try_get_untracked(),
            clock.t.try_get_untracked(),
            end.try_get_untracked(),
            unit.try_get_untracked(),
        ) else {
            return;
        };
        if !playing {
            return;
        }
        let step = if reduced {
            (duration / 4).max(1)
        } else {
            // At 1× (4 quarters) one block duration takes 60 frames ≈ 1 s.
            let q = clock.speed_quarters.get_untracked();
            u32::try_from((u64::from(duration) * u64::from(q) / 240).max(1)).unwrap_or(u32::MAX)
        };
        let next = now.saturating_add(step);
        if next >= last {
            clock.t.set(last);
            clock.playing.set(false);
            return;
        }
        clock.t.set(next);
        run(clock, end, unit, reduced);
    };
    if reduced {
        set_timeout(tick, std::time::Duration::from_millis(700));
    } else {
        request_animation_frame(tick);
    }
}

/// The buttons, the speed menu and the time scrubber.
#[component]
pub fn Transport(
    /// The signals to drive.
    clock: Clock,
    /// The schedule's last time.
    #[prop(into)]
    end: Signal<u32>,
    /// Ticks of one block duration (1× plays one per second; a step is a quarter).
    #[prop(into)]
    unit: Signal<u32>,
    /// Label of the scrubber.
    time_label: Tr,
    /// How the scrubber's position is read out to screen readers.
    time_unit: TimeUnit,
    /// Prefix of every `data-testid` (two transports on one page).
    #[prop(default = "")]
    testid_prefix: &'static str,
    /// An event cursor to drive with "previous / next event" (none: no such buttons).
    #[prop(optional)]
    events: Option<EventCursor>,
) -> impl IntoView {
    let reduced = crate::ui::theme::prefers_reduced_motion();
    let lang = use_lang();
    let id = move |s: &str| format!("{testid_prefix}{s}");
    // The time on screen: the event cursor's, else the clock's.
    let shown = Signal::derive(
        move || match events.and_then(|e| e.event.get().map(|k| (e, k))) {
            Some((e, k)) => e.times.with(|t| event_time(t, k)),
            None => clock.t.get(),
        },
    );
    // The clock takes over from the event cursor at the event's time.
    let release = move || {
        if let Some(e) = events {
            if let Some(k) = e.event.get_untracked() {
                clock.t.set(e.times.with_untracked(|t| event_time(t, k)));
                e.set.run(None);
            }
        }
    };
    let step_event = move |forward: bool| {
        let Some(e) = events else { return };
        clock.playing.set(false);
        let k = e.times.with_untracked(|times| {
            let last = u32::try_from(times.len().saturating_sub(1)).unwrap_or(0);
            match e.event.get_untracked() {
                Some(k) if forward => k.min(last).saturating_add(1).min(last),
                Some(k) => k.min(last).saturating_sub(1),
                None => event_from_time(times, clock.t.get_untracked(), forward),
            }
        });
        e.set.run(Some(k));
    };
    let toggle = move |_| {
        release();
        if clock.playing.get_untracked() {
            clock.playing.set(false);
        } else {
            if clock.t.get_untracked() >= end.get_untracked() {
                clock.t.set(0);
            }
            clock.playing.set(true);
            run(clock, end, unit, reduced);
        }
    };
    let step_by = move |forward: bool| {
        release();
        clock.playing.set(false);
        let s = (unit.get_untracked() / 4).max(1);
        clock.t.update(|c| {
            *c = if forward {
                c.saturating_add(s).min(end.get_untracked())
            } else {
                c.saturating_sub(s)
            }
        });
    };
    view! {
        <div class="gx-transport">
            <button class="gx-button" data-testid=id("play") on:click=toggle>
                {move || if clock.playing.get() { tx(text::PAUSE)() } else { tx(text::PLAY)() }}
            </button>
            <button class="gx-button" data-testid=id("back") on:click=move |_| step_by(false)>{tx(text::BACK)}</button>
            <button class="gx-button" data-testid=id("step") on:click=move |_| step_by(true)>{tx(text::STEP)}</button>
            <button class="gx-button" data-testid=id("reset") on:click=move |_| { release(); clock.rewind(); }>{tx(text::RESET)}</button>
            {events.map(|_| view! {
                <button class="gx-button" data-testid=id("event-back") on:click=move |_| step_event(false)>{tx(text::EVENT_BACK)}</button>
                <button class="gx-button" data-testid=id("event-next") on:click=move |_| step_event(true)>{tx(text::EVENT_NEXT)}</button>
            })}
            <label class="gx-transport__speed">
                {tx(text::SPEED)}" "
                <select class="gx-select" data-testid=id("speed") disabled=reduced on:change=move |ev| {
                    if let Ok(q) = event_target_value(&ev).parse::<u32>() {
                        clock.speed_quarters.set(q);
                    }
                }>
                    {SPEEDS.iter().map(|&q| view! {
                        <option value=q.to_string() selected=move || clock.speed_quarters.get() == q>{format!("{}×", f64::from(q) / 4.0)}</option>
                    }).collect_view()}
                </select>
            </label>
        </div>
        <label class="gx-field gx-transport__scrub">
            <span class="gx-field__label">{tx(time_label)}</span>
            <input type="range" class="gx-field__range" data-testid=id("scrub") min="0"
                max=move || end.get().to_string()
                // Arrow keys move 1/200 of the run, not one tick of 250,000.
                step=move || (end.get() / 200).max(1).to_string()
                aria-valuetext=move || time_unit.stamp(shown.get(), end.get(), lang.get())
                prop:value=move || shown.get().to_string()
                on:input=move |ev| {
                    if let Ok(c) = event_target_value(&ev).parse::<u32>() {
                        release();
                        clock.playing.set(false);
                        clock.t.set(c.min(end.get_untracked()));
                    }
                }/>
        </label>
        {reduced.then(|| view! { <p class="gx-note">{tx(text::REDUCED_MOTION)}</p> })}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_found_from_a_time_and_clamped() {
        let times = [0, 10_000, 20_000];
        assert_eq!(event_time(&times, 1), 10_000);
        assert_eq!(event_time(&times, 9), 20_000);
        assert_eq!(event_time(&[], 3), 0);
        // Between events: forward to the next, back to the one before.
        assert_eq!(event_from_time(&times, 2_500, true), 1);
        assert_eq!(event_from_time(&times, 2_500, false), 0);
        // On an event: forward to the next, back to the previous.
        assert_eq!(event_from_time(&times, 10_000, true), 2);
        assert_eq!(event_from_time(&times, 10_000, false), 0);
        assert_eq!(event_from_time(&times, 0, false), 0);
        assert_eq!(event_from_time(&times, 30_000, true), 2);
    }
}
