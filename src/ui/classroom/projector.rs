//! The projector view: one screen per step, the figure large, the caption in large type, the
//! chapter's controls one key away; the keys presentation tools use; overlays (help,
//! overview, jump, editor) and the blank screen.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::{text, Classroom, LangSwitch, Overlay};
use crate::ui::classroom::editor::Editor;
use crate::ui::classroom::export;
use crate::ui::i18n::use_lang;
use crate::ui::shell::QueryWrite;

/// Data attribute on the part of the chapter that fills the stage.
pub const FOCUS_ATTR: &str = "data-cls-focus";
/// Data attribute on the figure parts a step highlights.
const HIGHLIGHT_ATTR: &str = "data-cls-highlight";
/// Largest zoom the fit applies to a figure.
const MAX_ZOOM: f64 = 2.5;
/// Smallest zoom (below it the figure's text gets too small for the back of the room; the
/// stage then scrolls inside itself rather than shrink further).
const MIN_ZOOM: f64 = 0.55;

/// Presentation keys, on the whole window (ignored while typing in a field).
pub fn keys(c: Classroom) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let typing = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        let key = ev.key();
        if typing {
            if key == "Escape" {
                c.overlay.set(Overlay::None);
            }
            return;
        }
        let open = c.overlay.get_untracked();
        let handled = match key.as_str() {
            "ArrowRight" | " " | "n" | "N" | "PageDown" => {
                c.next();
                true
            }
            "ArrowLeft" | "p" | "P" | "PageUp" => {
                c.prev();
                true
            }
            "Home" => {
                c.go(0);
                true
            }
            "End" => {
                c.go(c.step_count().saturating_sub(1));
                true
            }
            "g" | "G" => {
                c.overlay.set(Overlay::Jump);
                true
            }
            "r" | "R" => {
                c.revealed.update(|r| *r = !*r);
                true
            }
            "b" | "B" | "." => {
                c.blank.update(|b| *b = !*b);
                true
            }
            "f" | "F" => {
                toggle_fullscreen();
                true
            }
            "o" | "O" => {
                c.overlay.set(if open == Overlay::Overview {
                    Overlay::None
                } else {
                    Overlay::Overview
                });
                true
            }
            "Escape" => {
                c.overlay.set(if open == Overlay::None {
                    Overlay::Overview
                } else {
                    Overlay::None
                });
                true
            }
            "s" | "S" => {
                open_presenter(c);
                true
            }
            "?" => {
                c.overlay.set(if open == Overlay::Help {
                    Overlay::None
                } else {
                    Overlay::Help
                });
                true
            }
            "c" | "C" => {
                c.controls.update(|v| *v = !*v);
                true
            }
            "h" | "H" => {
                c.contrast.update(|v| *v = !*v);
                true
            }
            "e" | "E" => {
                c.overlay.set(if open == Overlay::Editor {
                    Overlay::None
                } else {
                    Overlay::Editor
                });
                true
            }
            _ => false,
        };
        if handled {
            ev.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());
}

/// Opens the presenter window in a new tab at the current state.
pub fn open_presenter(c: Classroom) {
    let href = c.href(true, use_lang().get_untracked());
    let _ = window().open_with_url_and_target(&href, "_blank");
}

fn toggle_fullscreen() {
    let doc = document();
    if doc.fullscreen_element().is_some() {
        doc.exit_fullscreen();
    } else if let Some(el) = doc.document_element() {
        let _ = el.request_fullscreen();
    }
}

/// The chapter of the step, embedded and bound to the step's query; fitted to `stage`.
#[component]
pub fn Stage(
    /// The stage element (the fit measures it).
    stage: NodeRef<leptos::html::Div>,
) -> impl IntoView {
    let c = expect_context::<Classroom>();
    let slug = Memo::new(move |_| c.chapter().map(|ch| ch.slug));
    let query = Signal::derive(move || c.query.get());
    let sink = Callback::new(move |w: QueryWrite| c.params.set(Some(w.query)));
    fit_effect(c, stage);
    view! {
        <div class="gx-cls-stage" class:gx-cls-stage--all=move || c.controls.get() node_ref=stage data-testid="cls-stage">
            {move || {
                let chapter = slug.get().and_then(crate::ui::chapters::by_slug);
                chapter.and_then(|ch| ch.embed).map(|embed| embed(query, sink))
            }}
        </div>
    }
}

/// The outside world: marks the focus element of the step, zooms it to fill the stage, and
/// marks the highlighted parts. Runs after every step or query change and on resize.
fn fit_effect(c: Classroom, stage: NodeRef<leptos::html::Div>) {
    let tick = RwSignal::new(0u32);
    let handle = window_event_listener(leptos::ev::resize, move |_| tick.update(|t| *t += 1));
    on_cleanup(move || handle.remove());
    Effect::new(move |_| {
        tick.track();
        c.query.track();
        c.controls.track();
        let focus = c
            .current
            .with(|s| s.as_ref().map(|s| s.focus.clone()))
            .unwrap_or_default();
        let highlight = c
            .current
            .with(|s| s.as_ref().map(|s| s.highlight.clone()))
            .unwrap_or_default();
        let all = c.controls.get();
        let Some(el) = stage.get() else { return };
        // After the chapter has drawn (its canvases draw in effects of their own).
        set_timeout(
            move || fit(&el, &focus, &highlight, all),
            std::time::Duration::from_millis(30),
        );
    });
}

fn fit(stage: &web_sys::HtmlDivElement, focus: &str, highlight: &str, all: bool) {
    if let Ok(old) = stage.query_selector_all(&format!("[{FOCUS_ATTR}],[{HIGHLIGHT_ATTR}]")) {
        for i in 0..old.length() {
            let Some(el) = old
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            else {
                continue;
            };
            let _ = el.remove_attribute(FOCUS_ATTR);
            let _ = el.remove_attribute(HIGHLIGHT_ATTR);
            if let Some(h) = el.dyn_ref::<web_sys::HtmlElement>() {
                let _ = h.style().remove_property("zoom");
            }
        }
    }
    if !highlight.is_empty() {
        if let Ok(list) = stage.query_selector_all(highlight) {
            for i in 0..list.length() {
                if let Some(el) = list
                    .item(i)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                {
                    let _ = el.set_attribute(HIGHLIGHT_ATTR, "");
                }
            }
        }
    }
    if all {
        return;
    }
    let selector = if focus.is_empty() {
        "[data-testid=figure]"
    } else {
        focus
    };
    let target = stage
        .query_selector(selector)
        .ok()
        .flatten()
        .or_else(|| stage.query_selector("[data-testid=figure]").ok().flatten())
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(target) = target else { return };
    let _ = target.set_attribute(FOCUS_ATTR, "");
    let style = target.style();
    let _ = style.set_property("zoom", "1");
    // The stage's padding (0.3 rem each side) is no room for the figure.
    let (avail_w, avail_h) = (
        f64::from(stage.client_width()) - 12.0,
        f64::from(stage.client_height()) - 12.0,
    );
    let (w, h) = (
        f64::from(target.scroll_width()),
        f64::from(target.scroll_height()),
    );
    if w <= 0.0 || h <= 0.0 || avail_w <= 0.0 || avail_h <= 0.0 {
        return;
    }
    let mut zoom = (avail_w / w).min(avail_h / h).clamp(MIN_ZOOM, MAX_ZOOM);
    let _ = style.set_property("zoom", &format!("{zoom:.3}"));
    // A fluid figure reflows at its new zoom: shrink until what is drawn fits (a few rounds).
    for _ in 0..3 {
        let r = target.get_bounding_client_rect();
        let over = (avail_w / r.width().max(1.0)).min(avail_h / r.height().max(1.0));
        if over >= 0.99 || zoom <= MIN_ZOOM {
            break;
        }
        zoom = (zoom * over * 0.98).max(MIN_ZOOM);
        let _ = style.set_property("zoom", &format!("{zoom:.3}"));
    }
}

/// The laser dot, placed over the focus element of `stage`.
#[component]
pub fn PointerDot(
    /// The stage the dot is placed in.
    stage: NodeRef<leptos::html::Div>,
) -> impl IntoView {
    let c = expect_context::<Classroom>();
    let place = move || -> Option<String> {
        let (x, y) = c.pointer.get()?;
        let stage = stage.get()?;
        let s = stage.get_bounding_client_rect();
        let target = stage
            .query_selector(&format!("[{FOCUS_ATTR}]"))
            .ok()
            .flatten();
        let r = target
            .map(|t| t.get_bounding_client_rect())
            .unwrap_or_else(|| s.clone());
        let left = r.left() - s.left() + x * r.width();
        let top = r.top() - s.top() + y * r.height();
        Some(format!("left: {left:.1}px; top: {top:.1}px"))
    };
    view! {
        {move || place().map(|style| view! { <div class="gx-cls-pointer" data-testid="cls-pointer" style=style></div> })}
    }
}

/// The caption, question and (once revealed) answer of the step.
#[component]
pub fn Caption() -> impl IntoView {
    let c = expect_context::<Classroom>();
    let lang = use_lang();
    let part =
        move |f: fn(&crate::ui::classroom::lesson::Step) -> &crate::ui::classroom::lesson::Text| {
            move || {
                c.current
                    .with(|s| s.as_ref().map(|s| f(s).get(lang.get()).to_string()))
                    .unwrap_or_default()
            }
        };
    let caption = part(|s| &s.caption);
    let question = part(|s| &s.question);
    let answer = part(|s| &s.answer);
    view! {
        <div class="gx-cls-caption" data-testid="cls-caption">
            <p class="gx-cls-caption__text">{caption}</p>
            <Show when=move || !question().trim().is_empty()>
                <p class="gx-cls-caption__question" data-testid="cls-question">
                    <span class="gx-cls-caption__label">{move || text::QUESTION.get(lang.get())}": "</span>{question}
                </p>
                <p class="gx-cls-caption__answer" data-testid="cls-answer" class:gx-cls-caption__answer--hidden=move || !c.revealed.get()>
                    <Show when=move || c.revealed.get() fallback=move || view! {
                        <button class="gx-cls-btn" data-testid="cls-reveal" on:click=move |_| c.revealed.set(true)>{move || text::REVEAL.get(lang.get())}</button>
                    }>
                        <span class="gx-cls-caption__label">{move || text::ANSWER.get(lang.get())}": "</span>{answer}
                    </Show>
                </p>
            </Show>
        </div>
    }
}

/// The projector view.
#[component]
pub fn Projector() -> impl IntoView {
    let c = expect_context::<Classroom>();
    let lang = use_lang();
    let stage = NodeRef::<leptos::html::Div>::new();
    let counter = move || text::step_of(lang.get(), c.index() + 1, c.step_count());
    let chapter_title = move || {
        c.chapter()
            .map(|ch| {
                format!(
                    "{}. {}",
                    ch.number.unwrap_or_default(),
                    ch.title.get(lang.get())
                )
            })
            .unwrap_or_default()
    };
    view! {
        <div class="gx-cls" class:gx-cls--contrast=move || c.contrast.get() data-testid="classroom">
            <header class="gx-cls-bar">
                <span class="gx-cls-bar__title" data-testid="cls-title">{move || c.read.with(|r| r.lesson.title.get(lang.get()).to_string())}</span>
                <span class="gx-cls-bar__chapter" data-testid="cls-chapter">{chapter_title}</span>
                <span class="gx-cls-bar__count" data-testid="cls-count">{counter}</span>
                <span class="gx-cls-bar__tools">
                    <button class="gx-cls-btn" data-testid="cls-prev" on:click=move |_| c.prev() aria-label=move || text::PREV.get(lang.get())>"←"</button>
                    <button class="gx-cls-btn" data-testid="cls-next" on:click=move |_| c.next() aria-label=move || text::NEXT.get(lang.get())>"→"</button>
                    <button class="gx-cls-btn" data-testid="cls-controls" aria-pressed=move || c.controls.get().to_string() on:click=move |_| c.controls.update(|v| *v = !*v)>{move || text::CONTROLS.get(lang.get())}</button>
                    <button class="gx-cls-btn" data-testid="cls-contrast" aria-pressed=move || c.contrast.get().to_string() on:click=move |_| c.contrast.update(|v| *v = !*v)>{move || text::CONTRAST.get(lang.get())}</button>
                    <button class="gx-cls-btn" data-testid="cls-export-svg" on:click=move |_| export::figure(c, stage, export::Format::Svg)>{move || text::EXPORT_SVG.get(lang.get())}</button>
                    <button class="gx-cls-btn" data-testid="cls-export-png" on:click=move |_| export::figure(c, stage, export::Format::Png)>{move || text::EXPORT_PNG.get(lang.get())}</button>
                    <button class="gx-cls-btn" data-testid="cls-presenter" on:click=move |_| open_presenter(c)>{move || text::PRESENTER.get(lang.get())}</button>
                    <button class="gx-cls-btn" data-testid="cls-edit" on:click=move |_| c.overlay.set(Overlay::Editor)>{move || text::EDIT.get(lang.get())}</button>
                    <button class="gx-cls-btn" data-testid="cls-help" on:click=move |_| c.overlay.set(Overlay::Help)>{move || text::HELP.get(lang.get())}</button>
                    <LangSwitch/>
                    <a class="gx-cls-btn" href=crate::ui::app::route_href("")>{move || text::EXIT.get(lang.get())}</a>
                </span>
            </header>
            <Problems/>
            <Show when=move || c.step_count() != 0 fallback=move || view! { <p class="gx-cls-empty" data-testid="cls-empty">{move || text::EMPTY.get(lang.get())}</p> }>
                <div class="gx-cls-main">
                    <Stage stage=stage/>
                    <PointerDot stage=stage/>
                </div>
                <Caption/>
            </Show>
            <Show when=move || c.blank.get()>
                <div class="gx-cls-blank" data-testid="cls-blank" on:click=move |_| c.blank.set(false)>
                    <span class="gx-cls-blank__hint">{move || text::BLANKED.get(lang.get())}</span>
                </div>
            </Show>
            <Overlays/>
        </div>
    }
}

/// What could not be read in the lesson link, as text.
#[component]
pub fn Problems() -> impl IntoView {
    let c = expect_context::<Classroom>();
    let lang = use_lang();
    let problems = Memo::new(move |_| c.read.with(|r| r.problems.clone()));
    view! {
        <Show when=move || !problems.with(Vec::is_empty)>
            <div class="gx-cls-problems" role="alert" data-testid="cls-problems">
                <strong>{move || text::PROBLEMS.get(lang.get())}</strong>
                <ul>{move || problems.get().iter().map(|p| view! { <li>{text::problem(lang.get(), p)}</li> }).collect_view()}</ul>
            </div>
        </Show>
    }
}

/// Help, overview, jump and editor overlays.
#[component]
fn Overlays() -> impl IntoView {
    let c = expect_context::<Classroom>();
    let lang = use_lang();
    let close = move |_| c.overlay.set(Overlay::None);
    move || {
        match c.overlay.get() {
        Overlay::None => ().into_any(),
        Overlay::Help => view! {
            <div class="gx-cls-overlay" role="dialog" aria-label=move || text::KEYS.get(lang.get()) data-testid="cls-help-overlay">
                <h2>{move || text::KEYS.get(lang.get())}</h2>
                <table class="gx-cls-keys">
                    {text::KEY_LIST.iter().map(|(k, what)| view! {
                        <tr><th><kbd>{*k}</kbd></th><td>{move || what.get(lang.get())}</td></tr>
                    }).collect_view()}
                </table>
                <button class="gx-cls-btn" on:click=close>{move || text::CLOSE.get(lang.get())}</button>
            </div>
        }
        .into_any(),
        Overlay::Overview => view! {
            <div class="gx-cls-overlay gx-cls-overlay--wide" role="dialog" aria-label=move || text::OVERVIEW.get(lang.get()) data-testid="cls-overview">
                <ol class="gx-cls-overview">
                    {move || c.read.with(|r| r.lesson.steps.iter().enumerate().map(|(i, s)| {
                        let caption = s.caption.get(lang.get()).to_string();
                        let chapter = crate::ui::chapters::by_slug(&s.chapter).map(|ch| ch.title.get(lang.get())).unwrap_or_default();
                        view! {
                            <li>
                                <button class="gx-cls-overview__item" class:gx-cls-overview__item--current=move || c.index() == i
                                    on:click=move |_| { c.go(i); c.overlay.set(Overlay::None); }>
                                    <span class="gx-cls-overview__n">{i + 1}". "{chapter}</span>
                                    <span class="gx-cls-overview__caption">{caption}</span>
                                </button>
                            </li>
                        }
                    }).collect_view())}
                </ol>
                <button class="gx-cls-btn" on:click=close>{move || text::CLOSE.get(lang.get())}</button>
            </div>
        }
        .into_any(),
        Overlay::Jump => view! {
            <div class="gx-cls-overlay" role="dialog" aria-label=move || text::JUMP.get(lang.get()) data-testid="cls-jump">
                <JumpFocus/>
                <label>
                    {move || text::JUMP.get(lang.get())}" "
                    <input class="gx-cls-jump" type="number" min="1" data-testid="cls-jump-input"
                        on:keydown=move |ev| {
                            if ev.key() == "Enter" {
                                let v = event_target_value(&ev);
                                if let Ok(n) = v.trim().parse::<usize>() {
                                    c.go(n.saturating_sub(1));
                                }
                                c.overlay.set(Overlay::None);
                            }
                        }/>
                </label>
            </div>
        }
        .into_any(),
        Overlay::Editor => view! { <Editor/> }.into_any(),
    }
    }
}

/// Puts the keyboard in the jump field as soon as it opens (the outside world: focus).
#[component]
fn JumpFocus() -> impl IntoView {
    Effect::new(move |_| {
        set_timeout(
            || {
                if let Some(el) = document()
                    .query_selector("[data-testid=cls-jump-input]")
                    .ok()
                    .flatten()
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    let _ = el.focus();
                }
            },
            std::time::Duration::from_millis(0),
        );
    });
}
