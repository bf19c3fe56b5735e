//! The projector view: one screen per step, the figure large, the caption in large type, the
//! chapter's controls one key away; the keys presentation tools use; overlays (help,
//! overview, jump, editor) and the blank screen.

mod fit;
mod keys;

use fit::fit_effect;
pub use fit::{elements, fit_when_loaded, Shown};
use keys::toggle_fullscreen;
pub use keys::{keys, open_presenter};

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::{text, Classroom, LangSwitch, Overlay};
use crate::ui::classroom::editor::Editor;
use crate::ui::classroom::export;
use crate::ui::i18n::use_lang;
use crate::ui::shell::QueryWrite;
use crate::ui::widgets::icon::{self, icon};

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
    /// Whether the figure is kept at reading size ([`MIN_TEXT_PX`]), panning when it is then
    /// larger than the stage.
    pub legible: bool,
}

/// The projector's (and the presenter's current step): at most 1.8× (more only enlarges a
/// figure's headings); at least 0.4×, and never so small that its text is drawn under
/// [`MIN_TEXT_PX`] (the figure pans inside the stage instead).
pub const STAGE_FIT: Fit = Fit {
    attr: FOCUS_ATTR,
    min_zoom: 0.4,
    max_zoom: 1.8,
    highlight: true,
    legible: true,
};

/// The presenter's preview of the next step: a thumbnail, any zoom that fits.
pub const PREVIEW_FIT: Fit = Fit {
    attr: PREVIEW_FOCUS_ATTR,
    min_zoom: 0.05,
    max_zoom: 1.5,
    highlight: false,
    legible: false,
};

/// The chapter of the step, embedded and bound to the step's query; fitted to `stage`.
#[component]
pub fn Stage(
    /// The stage element (the fit measures it).
    stage: NodeRef<leptos::html::Div>,
) -> impl IntoView {
    let c = expect_context::<Classroom>();
    let lang = use_lang();
    let slug = Memo::new(move |_| c.chapter().map(|ch| ch.slug));
    let text_slide = Memo::new(move |_| {
        c.current.with(|s| {
            s.as_ref()
                .filter(|s| s.is_text())
                .map(|s| s.caption.get(lang.get()).to_string())
        })
    });
    let query = Signal::derive(move || c.query.get());
    let sink = Callback::new(move |w: QueryWrite| c.params.set(Some(w.query)));
    // The chapter's figures take their stage layout (wide and short) where they have one, and
    // its canvases redraw with the high-contrast tokens when H switches them.
    provide_context(crate::ui::theme::OnStage);
    crate::ui::theme::provide_stage_theme(c.contrast);
    fit_effect(c, stage);
    view! {
        <div class="gx-cls-stage" class:gx-cls-stage--all=move || c.controls.get()
            class:gx-cls-stage--keys=move || c.keys_advance() node_ref=stage data-testid="cls-stage">
            {move || match text_slide.get() {
                // A text slide: its caption, first line as the heading (text nodes only).
                Some(caption) => {
                    let mut lines = caption.lines().map(str::trim).filter(|l| !l.is_empty());
                    let head = lines.next().unwrap_or_default().to_string();
                    let rest: Vec<String> = lines.map(str::to_string).collect();
                    view! {
                        <div class="gx-cls-slide" data-testid="cls-text-slide">
                            <h2 class="gx-cls-slide__title">{head}</h2>
                            {rest.into_iter().map(|l| view! { <p class="gx-cls-slide__text">{l}</p> }).collect_view()}
                        </div>
                    }
                    .into_any()
                }
                None => {
                    let chapter = slug.get().and_then(crate::ui::shell::by_slug);
                    chapter.and_then(|ch| ch.embed).map(|embed| embed(query, sink)).into_any()
                }
            }}
        </div>
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
        move |f: fn(&crate::ui::content::lesson::Step) -> &crate::ui::content::lesson::Text| {
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
            <Show when=move || !c.current.with(|s| s.as_ref().is_some_and(|s| s.is_text()))>
                <p class="gx-cls-caption__text">{caption}</p>
            </Show>
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
            .map(|ch| match ch.number {
                Some(n) => format!("{n}. {}", ch.title.get(lang.get())),
                // A page without a number (the kernel lab): its title alone.
                None => ch.title.get(lang.get()).to_string(),
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
    // (An empty lesson is said on the stage itself: `text::EMPTY`.)
    let problems = Memo::new(move |_| {
        c.read.with(|r| {
            r.problems
                .iter()
                .filter(|p| **p != crate::ui::content::lesson::Problem::NoSteps)
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    let notices = c.link_notices;
    // Dismissed for the visit: a teacher who has read it wants the room's screen back.
    let dismissed = RwSignal::new(false);
    let any = move || {
        !dismissed.get() && (!problems.with(Vec::is_empty) || !notices.with_value(Vec::is_empty))
    };
    view! {
        <Show when=any>
            <div class="gx-cls-problems" role="alert" data-testid="cls-problems">
                <button class="gx-cls-btn gx-cls-problems__dismiss" data-testid="cls-problems-dismiss"
                    on:click=move |_| dismissed.set(true)>{move || crate::ui::text::DISMISS.get(lang.get())}</button>
                <strong>{move || text::PROBLEMS.get(lang.get())}</strong>
                <ul>
                    {move || problems.get().iter().map(|p| view! { <li>{text::problem(lang.get(), p)}</li> }).collect_view()}
                    {move || notices.with_value(|ns| ns.iter().map(|n| view! { <li>{crate::ui::text::notice(n, lang.get())}</li> }).collect_view())}
                </ul>
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
    // `on`: a toggle (role menuitemcheckbox), its state read out and shown as a check mark.
    let entry = move |testid: &'static str,
                      label: text::MenuItem,
                      on: Option<Signal<bool>>,
                      act: Callback<()>| {
        let checked = move || on.map(|s| s.get().to_string());
        view! {
            <button class="gx-cls-menu__item" role=if on.is_some() { "menuitemcheckbox" } else { "menuitem" }
                aria-checked=checked data-testid=testid on:click=move |_| act.run(())>
                <span class="gx-cls-menu__icon" aria-hidden="true">{icon(label.icon)}</span>
                <span>{move || label.label.get(lang.get())}</span>
                <span class="gx-cls-menu__check" aria-hidden="true">{move || on.is_some_and(|s| s.get()).then(|| icon(icon::CHECK))}</span>
                <kbd class="gx-cls-menu__key">{label.key}</kbd>
            </button>
        }
    };
    let item = move |testid, label, act| entry(testid, label, None, act);
    let toggle = move |testid, label, on: Signal<bool>, act| entry(testid, label, Some(on), act);
    // Read when the menu opens (it is built each time): leaving fullscreen with Esc is no event here.
    let fullscreen = document().fullscreen_element().is_some();
    view! {
        <div class="gx-cls-menu__backdrop" on:click=move |_| close()></div>
        <div class="gx-cls-menu" role="menu" data-testid="cls-menu-list">
            {item("cls-overview-open", text::MENU_OVERVIEW, Callback::new(move |_| c.overlay.set(Overlay::Overview)))}
            {toggle("cls-controls", text::MENU_CONTROLS, c.controls.into(), Callback::new(move |_| { c.controls.update(|v| *v = !*v); close(); }))}
            {toggle("cls-contrast", text::MENU_CONTRAST, c.contrast.into(), Callback::new(move |_| { c.contrast.update(|v| *v = !*v); close(); }))}
            {toggle("cls-fullscreen", text::MENU_FULLSCREEN, Signal::stored(fullscreen), Callback::new(move |_| { toggle_fullscreen(); close(); }))}
            {item("cls-blank-open", text::MENU_BLANK, Callback::new(move |_| { c.blank.set(true); close(); }))}
            {item("cls-export-svg", text::MENU_SVG, Callback::new(move |_| { export::figure(c, stage, export::Format::Svg); close(); }))}
            {item("cls-export-png", text::MENU_PNG, Callback::new(move |_| { export::figure(c, stage, export::Format::Png); close(); }))}
            {item("cls-edit", text::MENU_EDIT, Callback::new(move |_| c.overlay.set(Overlay::Editor)))}
            {item("cls-help", text::MENU_HELP, Callback::new(move |_| c.overlay.set(Overlay::Help)))}
            <a class="gx-cls-menu__item" role="menuitem" data-testid="cls-exit" href=crate::ui::shell::route_href("")>
                <span class="gx-cls-menu__icon" aria-hidden="true">{icon(icon::EJECT)}</span>
                <span>{move || text::EXIT.get(lang.get())}</span>
                <span></span>
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
            <div class="gx-cls-overlay gx-cls-overlay--wide" role="dialog" aria-label=move || text::KEYS.get(lang.get()) data-testid="cls-help-overlay">
                <h2>{move || text::KEYS.get(lang.get())}</h2>
                // Every key at once, in as many columns as the screen holds.
                <dl class="gx-cls-keys">
                    {text::KEY_LIST.iter().map(|(k, what)| view! {
                        <div class="gx-cls-keys__item"><dt><kbd>{*k}</kbd></dt><dd>{move || what.get(lang.get())}</dd></div>
                    }).collect_view()}
                </dl>
                <button class="gx-cls-btn" on:click=close>{move || text::CLOSE.get(lang.get())}</button>
            </div>
        }
        .into_any(),
        Overlay::Overview => view! {
            <div class="gx-cls-overlay gx-cls-overlay--wide" role="dialog" aria-label=move || text::MENU_OVERVIEW.label.get(lang.get()) data-testid="cls-overview">
                <ol class="gx-cls-overview">
                    {move || c.read.with(|r| r.lesson.steps.iter().enumerate().map(|(i, s)| {
                        let caption = s.caption.get(lang.get()).to_string();
                        let chapter = crate::ui::shell::by_slug(&s.chapter).map(|ch| ch.title.get(lang.get())).unwrap_or_else(|| text::TEXT_SLIDE.get(lang.get()));
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
