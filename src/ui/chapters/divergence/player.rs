//! Step / play / scrub through the issued instructions. Playing is a timer started by the Play
//! button (an event handler); it writes only the step signal and stops at the last step.

use std::time::Duration;

use leptos::prelude::*;

use super::figure::state;
use crate::ui::i18n::{use_lang, Lang};

/// Time between steps while playing.
const STEP_INTERVAL: Duration = Duration::from_millis(700);

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

/// The player: first / previous / play-pause / next / last buttons and a scrubber.
#[component]
pub fn Player() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let handle = StoredValue::new(None::<IntervalHandle>);
    let stop = move || {
        if let Some(h) = handle.get_value() {
            h.clear();
        }
        handle.set_value(None);
        st.playing.set(false);
    };
    on_cleanup(move || {
        if let Some(h) = handle.get_value() {
            h.clear();
        }
    });
    let last = Memo::new(move |_| st.outputs.with(|o| o.last_step()));
    let go = move |s: u32| {
        st.step.set(s.min(last.get_untracked()));
    };
    let tick = move || {
        let now = st.step();
        let end = last.get_untracked() as usize;
        if now >= end {
            stop();
        } else {
            st.step.set(now as u32 + 1);
            if now + 1 >= end {
                stop();
            }
        }
    };
    let toggle = move |_| {
        if st.playing.get_untracked() {
            stop();
            return;
        }
        if st.step() as u32 >= last.get_untracked() {
            st.step.set(0);
        }
        // Reduced motion: one step per press instead of an animation.
        if prefers_reduced_motion() {
            tick();
            return;
        }
        if let Ok(h) = set_interval_with_handle(tick, STEP_INTERVAL) {
            handle.set_value(Some(h));
            st.playing.set(true);
        }
    };
    let label = move |en: &'static str, zh: &'static str| {
        move || if lang.get() == Lang::Zh { zh } else { en }
    };
    view! {
        <div class="gx-player" role="group" aria-label=label("Step through the instructions", "逐条执行指令")>
            <button class="gx-button" data-testid="step-first" aria-label=label("First step", "第一步")
                on:click=move |_| { stop(); go(0); }>{icon(FIRST)}</button>
            <button class="gx-button" data-testid="step-prev" aria-label=label("Previous step", "上一步")
                on:click=move |_| { stop(); go((st.step() as u32).saturating_sub(1)); }>{icon(PREV)}</button>
            <button class="gx-button gx-button--play" data-testid="play"
                aria-pressed=move || st.playing.get().to_string()
                aria-label=move || match (st.playing.get(), lang.get()) {
                    (true, Lang::Zh) => "暂停", (true, _) => "Pause",
                    (false, Lang::Zh) => "播放", (false, _) => "Play",
                }
                on:click=toggle>{move || if st.playing.get() { icon(PAUSE).into_any() } else { icon(PLAY).into_any() }}</button>
            <button class="gx-button" data-testid="step-next" aria-label=label("Next step", "下一步")
                on:click=move |_| { stop(); go(st.step() as u32 + 1); }>{icon(NEXT)}</button>
            <button class="gx-button" data-testid="step-last" aria-label=label("Last step", "最后一步")
                on:click=move |_| { stop(); go(last.get_untracked()); }>{icon(LAST)}</button>
            <input type="range" class="gx-field__range gx-player__scrub" data-testid="scrub"
                aria-label=label("Scrub through the steps", "拖动选择步骤")
                min="0" max=move || last.get().to_string() step="1"
                prop:value=move || st.step().to_string()
                on:input=move |ev| {
                    stop();
                    if let Ok(v) = event_target_value(&ev).parse::<u32>() { go(v); }
                }/>
        </div>
    }
}
