//! Play / pause / step / scrub / speed over a dispatch schedule's time axis, shared by the
//! model's figure and the H200 replay. Playing advances the time signal once per animation frame
//! (or, under `prefers-reduced-motion: reduce`, a quarter block duration every 700 ms) from a
//! loop the Play button starts; it stops at the end, on pause, or when the page is gone.

use leptos::prelude::*;

use super::readout::TimeUnit;
use super::text;
use crate::ui::i18n::{t as tx, use_lang, Tr};

/// Speeds, in quarters of "one block duration per second".
const SPEEDS: [u32; 5] = [1, 4, 16, 64, 256];

/// True when the system asks for reduced motion.
pub fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

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
) -> impl IntoView {
    let reduced = reduced_motion();
    let lang = use_lang();
    let id = move |s: &str| format!("{testid_prefix}{s}");
    let toggle = move |_| {
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
            <button class="gx-button" data-testid=id("reset") on:click=move |_| clock.rewind()>{tx(text::RESET)}</button>
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
                aria-valuetext=move || time_unit.stamp(clock.t.get(), end.get(), lang.get())
                prop:value=move || clock.t.get().to_string()
                on:input=move |ev| {
                    if let Ok(c) = event_target_value(&ev).parse::<u32>() {
                        clock.playing.set(false);
                        clock.t.set(c.min(end.get_untracked()));
                    }
                }/>
        </label>
        {reduced.then(|| view! { <p class="gx-note">{tx(text::REDUCED_MOTION)}</p> })}
    }
}
