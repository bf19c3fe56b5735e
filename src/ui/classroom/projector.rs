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
/// Data attribute on the part of the next step's chapter the presenter's preview shows.
pub const PREVIEW_FOCUS_ATTR: &str = "data-cls-preview-focus";

/// How a stage fits its figure.
#[derive(Clone, Copy)]
pub struct Fit {
    /// The attribute that marks the focus element (CSS shows only it and its ancestors).
    pub attr: &'static str,
    /// Smallest zoom.
    pub min_zoom: f64,
    /// Largest zoom.
    pub max_zoom: f64,
    /// Whether the step's highlight is marked.
    pub highlight: bool,
}

/// The projector's (and the presenter's current step): at most 1.8× (more only enlarges a
/// figure's headings); at least 0.4× (a figure that is too tall even then is clipped at the
/// stage's bottom).
pub const STAGE_FIT: Fit = Fit {
    attr: FOCUS_ATTR,
    min_zoom: 0.4,
    max_zoom: 1.8,
    highlight: true,
};

/// The presenter's preview of the next step: a thumbnail, any zoom that fits.
pub const PREVIEW_FIT: Fit = Fit {
    attr: PREVIEW_FOCUS_ATTR,
    min_zoom: 0.05,
    max_zoom: 1.5,
    highlight: false,
};

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
        let skip = ev.shift_key() && matches!(key.as_str(), "ArrowRight" | "ArrowLeft");
        let handled = match key.as_str() {
            // The next or previous step itself, past the simulation's events.
            "PageDown" | "ArrowRight" if skip || key == "PageDown" => {
                c.go(c.step.get_untracked().saturating_add(1));
                true
            }
            "PageUp" | "ArrowLeft" if skip || key == "PageUp" => {
                c.go(c.step.get_untracked().saturating_sub(1));
                true
            }
            "ArrowRight" | " " | "n" | "N" => {
                c.next();
                true
            }
            "ArrowLeft" | "p" | "P" => {
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
        fit_when_loaded(el, focus, highlight, all, STAGE_FIT);
    });
}

/// Runs [`fit`] once the chapter has drawn: 30 ms after the change (its canvases draw in effects
/// of their own), and, while the chapter's lazily loaded module is still arriving (the shell's
/// `chapter-loading` placeholder is on the stage), again every 50 ms until it is there (at most
/// 10 s), then once more 100 ms later.
pub fn fit_when_loaded(
    el: web_sys::HtmlDivElement,
    focus: String,
    highlight: String,
    all: bool,
    how: Fit,
) {
    fn attempt(
        el: web_sys::HtmlDivElement,
        focus: String,
        highlight: String,
        all: bool,
        how: Fit,
        waited: u32,
    ) {
        let loading = el
            .query_selector("[data-testid=chapter-loading]")
            .ok()
            .flatten()
            .is_some();
        if loading && waited < 200 {
            set_timeout(
                move || attempt(el, focus, highlight, all, how, waited + 1),
                std::time::Duration::from_millis(50),
            );
            return;
        }
        fit(&el, &focus, &highlight, all, how);
        if waited > 0 {
            set_timeout(
                move || fit(&el, &focus, &highlight, all, how),
                std::time::Duration::from_millis(100),
            );
        }
    }
    set_timeout(
        move || attempt(el, focus, highlight, all, how, 0),
        std::time::Duration::from_millis(30),
    );
}

/// Marks the focus element of `stage` with `how.attr`, zooms it to fill the stage (within
/// `how`'s zoom range), and marks the highlighted parts.
pub fn fit(stage: &web_sys::HtmlDivElement, focus: &str, highlight: &str, all: bool, how: Fit) {
    let (attr, min_zoom, max_zoom) = (how.attr, how.min_zoom, how.max_zoom);
    if let Ok(old) = stage.query_selector_all(&format!("[{attr}],[{HIGHLIGHT_ATTR}]")) {
        for i in 0..old.length() {
            let Some(el) = old
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            else {
                continue;
            };
            let _ = el.remove_attribute(attr);
            let _ = el.remove_attribute(HIGHLIGHT_ATTR);
            if let Some(h) = el.dyn_ref::<web_sys::HtmlElement>() {
                let _ = h.style().remove_property("zoom");
                let _ = h.style().remove_property("--gx-cls-zoom");
                let _ = h.style().remove_property("width");
            }
        }
    }
    if how.highlight && !highlight.is_empty() {
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
    let _ = target.set_attribute(attr, "");
    let style = target.style();
    let _ = style.set_property("zoom", "1");
    let _ = style.set_property("--gx-cls-zoom", "1");
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
    let mut zoom = (avail_w / w).min(avail_h / h).clamp(min_zoom, max_zoom);
    let floor = std::cell::Cell::new(true);
    let set_zoom = |zoom: f64| {
        let _ = style.set_property("zoom", &format!("{zoom:.3}"));
        // The CSS floor of HTML text (12.5 px as drawn) reads the zoom; 1 turns it off.
        let var = if floor.get() { zoom } else { 1.0 };
        let _ = style.set_property("--gx-cls-zoom", &format!("{var:.3}"));
    };
    let fits = || {
        let r = target.get_bounding_client_rect();
        r.width() <= avail_w + 0.5 && r.height() <= avail_h + 0.5
    };
    // A fluid figure (an SVG at 100 % width) is as wide as its box whatever the zoom: give the
    // box the widest drawn width at which the figure still fits (`zoom` scales its HTML text).
    let widest = |zoom: f64| -> bool {
        let set_width = |drawn: f64| {
            let _ = style.set_property("width", &format!("{:.1}px", drawn / zoom));
        };
        set_width(avail_w);
        if fits() {
            return true;
        }
        let (mut lo, mut hi) = (0.15 * avail_w, avail_w);
        set_width(lo);
        if !fits() {
            let _ = style.remove_property("width");
            return false;
        }
        for _ in 0..7 {
            let mid = (lo + hi) / 2.0;
            set_width(mid);
            if fits() {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        set_width(lo);
        true
    };
    set_zoom(zoom);
    if widest(zoom) {
        return;
    }
    // Too tall even narrow: shrink the zoom until what is drawn fits (a few rounds), then widen.
    let shrink = |mut zoom: f64| -> f64 {
        for _ in 0..5 {
            let r = target.get_bounding_client_rect();
            let over = (avail_w / r.width().max(1.0)).min(avail_h / r.height().max(1.0));
            if over >= 0.99 || zoom <= min_zoom {
                break;
            }
            zoom = (zoom * over * 0.98).max(min_zoom);
            set_zoom(zoom);
        }
        zoom
    };
    zoom = shrink(zoom);
    if widest(zoom) {
        return;
    }
    // A stage too small for the figure with its text at the floor (1280×720 at 150 %): the
    // whole figure, its text smaller, rather than a part of it.
    floor.set(false);
    set_zoom(zoom);
    zoom = shrink(zoom);
    widest(zoom);
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
                    <button class="gx-cls-btn gx-cls-btn--icon" data-testid="cls-prev" on:click=move |_| c.prev() aria-label=move || text::PREV.get(lang.get()) title=move || text::PREV.get(lang.get())>"←"</button>
                    <button class="gx-cls-btn gx-cls-btn--icon" data-testid="cls-next" on:click=move |_| c.next() aria-label=move || text::NEXT.get(lang.get()) title=move || text::NEXT.get(lang.get())>"→"</button>
                    <button class="gx-cls-btn" data-testid="cls-presenter" on:click=move |_| open_presenter(c)>{move || text::PRESENTER_SHORT.get(lang.get())}</button>
                    <button class="gx-cls-btn" data-testid="cls-menu" aria-haspopup="menu"
                        aria-expanded=move || (c.overlay.get() == Overlay::Menu).to_string()
                        on:click=move |_| c.overlay.update(|o| *o = if *o == Overlay::Menu { Overlay::None } else { Overlay::Menu })>
                        {move || text::MENU.get(lang.get())}
                    </button>
                    <LangSwitch/>
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
            <Overlays stage=stage/>
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

/// The top bar's menu: every tool that is not a key press away on the bar itself, each with
/// its label and key.
#[component]
fn Menu(
    /// The stage whose figure is exported.
    stage: NodeRef<leptos::html::Div>,
) -> impl IntoView {
    let c = expect_context::<Classroom>();
    let lang = use_lang();
    let close = move || c.overlay.set(Overlay::None);
    let item = move |testid: &'static str, label: text::MenuItem, act: Callback<()>| {
        view! {
            <button class="gx-cls-menu__item" role="menuitem" data-testid=testid on:click=move |_| act.run(())>
                <span class="gx-cls-menu__icon" aria-hidden="true">{label.icon}</span>
                <span>{move || label.label.get(lang.get())}</span>
                <kbd class="gx-cls-menu__key">{label.key}</kbd>
            </button>
        }
    };
    view! {
        <div class="gx-cls-menu__backdrop" on:click=move |_| close()></div>
        <div class="gx-cls-menu" role="menu" data-testid="cls-menu-list">
            {item("cls-overview-open", text::MENU_OVERVIEW, Callback::new(move |_| c.overlay.set(Overlay::Overview)))}
            {item("cls-controls", text::MENU_CONTROLS, Callback::new(move |_| { c.controls.update(|v| *v = !*v); close(); }))}
            {item("cls-contrast", text::MENU_CONTRAST, Callback::new(move |_| { c.contrast.update(|v| *v = !*v); close(); }))}
            {item("cls-fullscreen", text::MENU_FULLSCREEN, Callback::new(move |_| { toggle_fullscreen(); close(); }))}
            {item("cls-blank-open", text::MENU_BLANK, Callback::new(move |_| { c.blank.set(true); close(); }))}
            {item("cls-export-svg", text::MENU_SVG, Callback::new(move |_| { export::figure(c, stage, export::Format::Svg); close(); }))}
            {item("cls-export-png", text::MENU_PNG, Callback::new(move |_| { export::figure(c, stage, export::Format::Png); close(); }))}
            {item("cls-edit", text::MENU_EDIT, Callback::new(move |_| c.overlay.set(Overlay::Editor)))}
            {item("cls-help", text::MENU_HELP, Callback::new(move |_| c.overlay.set(Overlay::Help)))}
            <a class="gx-cls-menu__item" role="menuitem" data-testid="cls-exit" href=crate::ui::app::route_href("")>
                <span class="gx-cls-menu__icon" aria-hidden="true">"⏏"</span>
                <span>{move || text::EXIT.get(lang.get())}</span>
                <kbd class="gx-cls-menu__key"></kbd>
            </a>
        </div>
    }
}

/// Help, overview, jump, editor and menu overlays.
#[component]
fn Overlays(
    /// The stage whose figure the menu exports.
    stage: NodeRef<leptos::html::Div>,
) -> impl IntoView {
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
            <div class="gx-cls-overlay gx-cls-overlay--wide" role="dialog" aria-label=move || text::MENU_OVERVIEW.label.get(lang.get()) data-testid="cls-overview">
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
        Overlay::Menu => view! { <Menu stage=stage/> }.into_any(),
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
