//! The presenter window (`view=presenter`, opened with S in a new tab): the current step (its
//! figure drives the laser pointer shown on the projector), the next step, the speaker notes in
//! the chosen language, the answer, a clock and the elapsed time.

use leptos::prelude::*;

use super::projector::{
    elements, fit_when_loaded, Caption, PointerDot, Problems, Shown, Stage, FOCUS_ATTR, PREVIEW_FIT,
};
use super::{text, Classroom, LangSwitch};
use crate::ui::i18n::use_lang;
use crate::ui::shell::QueryWrite;

/// Wall-clock milliseconds (the presenter's timer; the model never sees time).
fn now_ms() -> f64 {
    web_sys::js_sys::Date::now()
}

/// `hh:mm` of the wall clock.
fn clock_text() -> String {
    let d = web_sys::js_sys::Date::new_0();
    format!("{:02}:{:02}", d.get_hours(), d.get_minutes())
}

/// The next step's figure, small and live: its chapter's body at its query (read only, not
/// focusable), fitted to a thumbnail.
#[component]
fn NextPreview() -> impl IntoView {
    let c = expect_context::<Classroom>();
    let lang = use_lang();
    let stage = NodeRef::<leptos::html::Div>::new();
    let next = Memo::new(move |_| {
        let i = c.index() + 1;
        c.read.with(|r| {
            r.lesson.steps.get(i).map(|s| {
                (
                    s.chapter.clone(),
                    s.query.clone(),
                    s.focus.clone(),
                    s.crop.clone(),
                )
            })
        })
    });
    // Edits cannot happen (the preview is inert); nothing to hand on.
    let sink = Callback::new(|_: QueryWrite| {});
    // The next step as the stage will draw it (figures' stage layouts, high contrast).
    provide_context(crate::ui::theme::OnStage);
    crate::ui::theme::provide_stage_theme(c.contrast);
    let tick = RwSignal::new(0u32);
    let handle = window_event_listener(leptos::ev::resize, move |_| tick.update(|t| *t += 1));
    on_cleanup(move || handle.remove());
    // The outside world: fit the figure once the chapter has drawn.
    Effect::new(move |_| {
        tick.track();
        lang.track();
        let shown = next
            .with(|n| {
                n.as_ref().map(|n| Shown {
                    focus: n.2.clone(),
                    crop: n.3.clone(),
                    highlight: String::new(),
                })
            })
            .unwrap_or_default();
        let Some(el) = stage.get() else { return };
        fit_when_loaded(el, shown, false, PREVIEW_FIT);
    });
    view! {
        <Show when=move || next.with(Option::is_some)>
            <div class="gx-cls-preview-box">
                <div class="gx-cls-preview" node_ref=stage inert="" aria-hidden="true" data-testid="cls-next-preview">
                    {move || next.get().and_then(|(slug, query, _, _)| {
                        let embed = crate::ui::shell::by_slug(&slug)?.embed?;
                        Some(embed(Signal::stored(query), sink))
                    })}
                </div>
            </div>
        </Show>
    }
}

/// The step lines (`data-substep`) of the stage's focus element (other sections of the chapter
/// hold their own, off the stage), or of the whole stage where the step has no focus, joined
/// with " · ".
fn substep_lines(stage: &web_sys::Element) -> String {
    let read = |selector: &str| -> Vec<String> {
        elements(stage, selector)
            .into_iter()
            .filter_map(|n| n.text_content())
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .collect()
    };
    let mut text = read("[data-cls-focus] [data-substep], [data-cls-focus][data-substep]");
    if text.is_empty() && elements(stage, "[data-cls-focus]").is_empty() {
        text = read("[data-substep]");
    }
    text.join(" · ")
}

/// The outside world: keeps `line` a copy of [`substep_lines`] of `stage`. A `MutationObserver`
/// on the stage reads it 120 ms after a change (a step, a query, the chapter's lazily loaded
/// module arriving, its later parts drawing, the fit marking the focus), so a chapter that draws
/// late is read once it has, on a slow machine as on a fast one. Writes the DOM, no signal.
fn copy_substep_lines(stage: web_sys::HtmlDivElement, line: web_sys::HtmlParagraphElement) {
    use std::{cell::Cell, rc::Rc};
    use wasm_bindgen::{prelude::Closure, JsCast, JsValue};
    let pending = Rc::new(Cell::new(false));
    let schedule = {
        let stage = stage.clone();
        move || {
            if pending.replace(true) {
                return;
            }
            let (stage, line, pending) = (stage.clone(), line.clone(), pending.clone());
            set_timeout(
                move || {
                    pending.set(false);
                    line.set_text_content(Some(&substep_lines(&stage)));
                },
                std::time::Duration::from_millis(120),
            );
        }
    };
    schedule();
    let changed =
        Closure::<dyn Fn(JsValue, JsValue)>::new(move |_: JsValue, _: JsValue| schedule());
    let Ok(observer) = web_sys::MutationObserver::new(changed.as_ref().unchecked_ref()) else {
        return;
    };
    let options = web_sys::MutationObserverInit::new();
    options.set_child_list(true);
    options.set_character_data(true);
    options.set_subtree(true);
    options.set_attribute_filter(&web_sys::js_sys::Array::of1(&JsValue::from_str(FOCUS_ATTR)));
    if observer.observe_with_options(&stage, &options).is_err() {
        return;
    }
    // Disconnected with the view or a new stage (the observer would keep the old one alive).
    let kept = send_wrapper::SendWrapper::new((observer, changed));
    on_cleanup(move || kept.0.disconnect());
}

/// The presenter window.
#[component]
pub fn Presenter() -> impl IntoView {
    let c = expect_context::<Classroom>();
    let lang = use_lang();
    let stage = NodeRef::<leptos::html::Div>::new();
    let started = RwSignal::new(now_ms());
    let now = RwSignal::new(now_ms());
    let clock = RwSignal::new(clock_text());
    // The outside world: the clock ticks.
    if let Ok(h) = set_interval_with_handle(
        move || {
            now.set(now_ms());
            clock.set(clock_text());
        },
        std::time::Duration::from_millis(500),
    ) {
        on_cleanup(move || h.clear());
    }
    let elapsed = move || {
        let s = ((now.get() - started.get()) / 1000.0).max(0.0) as u64;
        format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    };
    let counter = move || text::step_of(lang.get(), c.index() + 1, c.step_count());
    let notes = move || {
        c.current
            .with(|s| s.as_ref().map(|s| s.notes.get(lang.get()).to_string()))
            .unwrap_or_default()
    };
    let answer = move || {
        c.current
            .with(|s| s.as_ref().map(|s| s.answer.get(lang.get()).to_string()))
            .unwrap_or_default()
    };
    // The plan against the clock: minutes planned up to the end of this step, and how far the
    // elapsed time is ahead of or behind it.
    let plan = move || {
        let i = c.index();
        let (this, up_to, total) = c.read.with(|r| {
            let m = |s: &crate::ui::content::lesson::Step| s.minutes.unwrap_or(0);
            let steps = &r.lesson.steps;
            (
                steps.get(i).and_then(|s| s.minutes),
                steps.iter().take(i + 1).map(m).sum::<u32>(),
                steps.iter().map(m).sum::<u32>(),
            )
        });
        let elapsed_min = ((now.get() - started.get()) / 60_000.0).max(0.0);
        (total > 0).then(|| text::plan_line(lang.get(), this, up_to, total, elapsed_min))
    };
    let behind = move || plan().is_some_and(|(_, late)| late);
    let next = move || {
        let i = c.index() + 1;
        c.read.with(|r| {
            r.lesson.steps.get(i).map(|s| {
                let chapter = crate::ui::shell::by_slug(&s.chapter)
                    .map(|ch| ch.title.get(lang.get()))
                    .unwrap_or_else(|| text::TEXT_SLIDE.get(lang.get()));
                (
                    format!("{}. {chapter}", i + 1),
                    s.caption.get(lang.get()).to_string(),
                )
            })
        })
    };
    // What the stage shows at this sub-step, in the chapter's own words, copied from the stage
    // into the notes panel whenever the stage changes.
    let substep_line = NodeRef::<leptos::html::P>::new();
    Effect::new(move |_| {
        let (Some(el), Some(line)) = (stage.get(), substep_line.get()) else {
            return;
        };
        copy_substep_lines(el, line);
    });
    let substep = move || {
        c.query.track();
        c.substep().map(|(value, first, last)| {
            text::substep_of(
                lang.get(),
                value - first.min(value) + 1,
                last - first.min(last) + 1,
            )
        })
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        let Some(el) = stage.get() else { return };
        let target = el.query_selector(&format!("[{FOCUS_ATTR}]")).ok().flatten();
        let r = target.map_or_else(
            || el.get_bounding_client_rect(),
            |t| t.get_bounding_client_rect(),
        );
        if r.width() <= 0.0 || r.height() <= 0.0 {
            return;
        }
        let x = (f64::from(ev.client_x()) - r.left()) / r.width();
        let y = (f64::from(ev.client_y()) - r.top()) / r.height();
        let inside = (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y);
        // Rounded so that a still mouse sends nothing new.
        c.pointer
            .set(inside.then(|| ((x * 1000.0).round() / 1000.0, (y * 1000.0).round() / 1000.0)));
    };
    view! {
        <div class="gx-cls gx-cls--presenter" class:gx-cls--contrast=move || c.contrast.get() data-testid="presenter">
            <header class="gx-cls-bar">
                <span class="gx-cls-bar__title">{move || c.read.with(|r| r.lesson.title.get(lang.get()).to_string())}</span>
                <span class="gx-cls-bar__count" data-testid="cls-count">{counter}</span>
                <span class="gx-cls-bar__tools">
                    <button class="gx-cls-btn" data-testid="cls-prev" on:click=move |_| c.prev()>{move || text::PREV.get(lang.get())}</button>
                    <button class="gx-cls-btn" data-testid="cls-next" on:click=move |_| c.next()>{move || text::NEXT.get(lang.get())}</button>
                    // Only a step with a question has an answer to reveal or hide.
                    <Show when=move || c.has_question()>
                        <button class="gx-cls-btn" data-testid="cls-reveal-toggle" aria-pressed=move || c.revealed.get().to_string() on:click=move |_| c.revealed.update(|r| *r = !*r)>
                            {move || if c.revealed.get() { text::HIDE.get(lang.get()) } else { text::REVEAL.get(lang.get()) }}
                        </button>
                    </Show>
                    <button class="gx-cls-btn" data-testid="cls-blank-toggle" aria-pressed=move || c.blank.get().to_string() on:click=move |_| c.blank.update(|b| *b = !*b)>{move || text::BLANK.get(lang.get())}</button>
                    <button class="gx-cls-btn" aria-pressed=move || c.controls.get().to_string() on:click=move |_| c.controls.update(|v| *v = !*v)>{move || text::CONTROLS.get(lang.get())}</button>
                    <LangSwitch/>
                </span>
            </header>
            <Problems/>
            <div class="gx-cls-presenter">
                <section class="gx-cls-presenter__current">
                    <div class="gx-cls-main gx-cls-main--pointer" on:pointermove=on_move on:pointerleave=move |_| c.pointer.set(None)>
                        <Stage stage=stage/>
                        <PointerDot stage=stage/>
                    </div>
                    <Caption/>
                    <p class="gx-cls-hint">{move || text::POINTER_HINT.get(lang.get())}</p>
                </section>
                <aside class="gx-cls-presenter__side">
                    <div class="gx-cls-timer">
                        <div><span class="gx-cls-timer__label">{move || text::CLOCK.get(lang.get())}</span><span class="gx-cls-timer__value" data-testid="cls-clock">{move || clock.get()}</span></div>
                        <div><span class="gx-cls-timer__label">{move || text::ELAPSED.get(lang.get())}</span><span class="gx-cls-timer__value" data-testid="cls-elapsed">{elapsed}</span></div>
                        <button class="gx-cls-btn" on:click=move |_| started.set(now_ms())>{move || text::RESET_TIMER.get(lang.get())}</button>
                        <p class="gx-cls-plan" class:gx-cls-plan--behind=behind data-testid="cls-plan" hidden=move || plan().is_none()>
                            {move || plan().map(|p| p.0).unwrap_or_default()}
                        </p>
                    </div>
                    <Show when=move || !answer().trim().is_empty()>
                        <p class="gx-cls-presenter__answer"><strong>{move || text::ANSWER.get(lang.get())}": "</strong>{answer}</p>
                    </Show>
                    <h3>{move || text::NOTES.get(lang.get())}</h3>
                    <p class="gx-cls-notes" data-testid="cls-notes">{notes}</p>
                    // The step's simulation: which sub-step, and what the stage shows at it.
                    <div class="gx-cls-substep" data-testid="cls-substep" hidden=move || substep().is_none()>
                        <p class="gx-cls-substep__count">{substep}</p>
                        <p class="gx-cls-substep__line" node_ref=substep_line></p>
                    </div>
                    <h3>{move || text::UP_NEXT.get(lang.get())}</h3>
                    <div class="gx-cls-next" data-testid="cls-next-step">
                        {move || match next() {
                            Some((title, caption)) => view! { <p class="gx-cls-next__title" data-testid="cls-next-title">{title}</p><p class="gx-cls-next__caption">{caption}</p> }.into_any(),
                            None => view! { <p>{move || text::THE_END.get(lang.get())}</p> }.into_any(),
                        }}
                        <NextPreview/>
                    </div>
                </aside>
            </div>
        </div>
    }
}
