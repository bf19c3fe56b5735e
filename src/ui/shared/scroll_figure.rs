//! A wide figure that keeps its reading size and scrolls sideways inside its box on a narrow
//! screen, with its row labels kept in view (issue #14): the labels are a second SVG laid over
//! the figure's left edge and pinned there (`position: sticky`), like a spreadsheet's frozen
//! column. Where the figure fits, both layers scale together and it looks as one drawing.
//!
//! The figure (the children) is drawn at `width_px` view-box units or wider (`min-width`, so
//! 12-unit text stays ≥ 12 CSS px); the label layer is `label_px` of those units wide, with the
//! view box `0 0 label_px height_px` and the same scale, so a label placed at `(x, y)` in the
//! figure's units sits where it would in the figure. It draws its own background where rows
//! must not show through it (`gx-sfig__mask`); text may run past its right edge
//! (`overflow: visible`). The box is a group named `label`; while it scrolls (its figure is
//! wider than it) it is also one tab stop, so a keyboard can scroll it (axe
//! `scrollable-region-focusable`), unless the figure has focusable parts of its own
//! (`parts_focusable`: focusing one scrolls it into view). Where the figure fits, it is no stop.

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::prelude::*;

use crate::ui::i18n::{t, Tr};

/// Makes the box `el` one tab stop while it scrolls, as a directive on the box; `figure_px`: the
/// figure's width in CSS px, `None` where the figure has focusable parts of its own. A `ResizeObserver` on the box and its track (the
/// figure's row) checks it after the browser's own layout, so the check forces none: a figure
/// in a section the browser skips (`content-visibility: auto`, below the fold) is laid out when
/// it comes into view, not when the chapter opens (chapter → chapter, issue #18). It follows a
/// new figure width and a window resize. Sets the DOM attribute directly; no signal is written.
fn tab_stop_while_scrolling(el: web_sys::Element, figure_px: Option<f64>) {
    let Some(figure_px) = figure_px else {
        return;
    };
    // Until the browser lays the box out (a section it skips below the fold is laid out only
    // when it comes near the view), the window's width decides: wider figure, a tab stop. No
    // layout is read for that; the observer corrects it once the box is laid out.
    let viewport_px = window()
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .unwrap_or(f64::INFINITY);
    if figure_px > viewport_px {
        let _ = el.set_attribute("tabindex", "0");
    }
    let target = el.clone();
    let track_seen = std::cell::Cell::new(false);
    let check = Closure::<dyn Fn(JsValue, web_sys::ResizeObserver)>::new(
        move |_entries: JsValue, observer: web_sys::ResizeObserver| {
            // The track is built after the box's directive runs: watched from the first check.
            if !track_seen.replace(true) {
                if let Some(track) = target.first_element_child() {
                    observer.observe(&track);
                }
            }
            if target.scroll_width() > target.client_width() + 1 {
                let _ = target.set_attribute("tabindex", "0");
            } else {
                let _ = target.remove_attribute("tabindex");
            }
        },
    );
    let Ok(observer) = web_sys::ResizeObserver::new(check.as_ref().unchecked_ref()) else {
        return;
    };
    observer.observe(&el);
    // Unobserved with the view (the observer would keep the removed figure alive).
    let kept = SendWrapper::new((observer, check));
    on_cleanup(move || kept.0.disconnect());
}

/// The frozen-column scroll box. CSS in `style/widgets.css` (`.gx-sfig`).
#[component]
pub fn ScrollFigure(
    /// Accessible name of the scroll box.
    label: Tr,
    /// The figure's width, in its view-box units (= CSS px at scale 1): its minimum width.
    width_px: f64,
    /// The label column's width, in the same units.
    label_px: f64,
    /// Height of the label layer's view box, in the same units (the figure's height).
    #[prop(into)]
    height_px: Signal<f64>,
    /// Class of the label SVG (for its font), besides `gx-sfig__labels`.
    #[prop(optional)]
    class: &'static str,
    /// The figure has its own tab stop (a roving one): the box itself takes none.
    #[prop(optional)]
    parts_focusable: bool,
    /// The figure is drawn at its own size (`width_px`), not scaled to the box: the track is
    /// that wide and centred where the box is wider.
    #[prop(optional)]
    natural_size: bool,
    /// Extra classes of the scroll box (a chapter's own box style).
    #[prop(optional)]
    box_class: &'static str,
    /// `data-testid` of the scroll box.
    #[prop(optional)]
    testid: &'static str,
    /// The label layer's SVG content.
    #[prop(optional, into)]
    labels: ViewFn,
    /// A canvas figure's label layer: a canvas (instead of the SVG) the figure copies its
    /// label strip into, `label_px` wide at the figure's scale.
    #[prop(optional)]
    label_canvas: Option<NodeRef<leptos::html::Canvas>>,
    /// The figure: an SVG or a canvas 100 % wide.
    children: Children,
) -> impl IntoView {
    // The label layer's width: exactly `label_px` at the figure's own size, else its share of
    // the (scaled) track.
    let layer_width = if natural_size {
        format!("width: {label_px}px")
    } else {
        format!("width: {:.4}%", label_px / width_px * 100.0)
    };
    let view_box = move || format!("0 0 {label_px} {:.1}", height_px.get());
    view! {
        <div use:tab_stop_while_scrolling=(!parts_focusable).then_some(width_px) class=format!("gx-scroll-x gx-sfig {box_class}") role="group"
            aria-label=t(label) data-testid=(!testid.is_empty()).then_some(testid)>
            <div class=if natural_size { "gx-sfig__track gx-sfig__track--natural" } else { "gx-sfig__track" } style=if natural_size {
                format!("width: {width_px}px; margin-inline: auto")
            } else {
                format!("min-width: {width_px}px")
            }>
                {children()}
                {match label_canvas {
                    Some(node) => view! {
                        <canvas node_ref=node class=format!("gx-sfig__labels {class}") aria-hidden="true"
                            style=layer_width.clone() data-testid="sticky-labels"></canvas>
                    }.into_any(),
                    None => view! {
                        <svg class=format!("gx-sfig__labels {class}") viewBox=view_box aria-hidden="true"
                            style=layer_width.clone() data-testid="sticky-labels">
                            // Reactive: the labels follow what they read (a step that
                            // changes the number of rows keeps this box).
                            {move || labels.run()}
                        </svg>
                    }.into_any(),
                }}
            </div>
        </div>
    }
}
