//! The fit: the step's focus element marked, cut to its crop, zoomed to fill the stage at no
//! less than reading size (panning inside the stage where it cannot), its highlights marked; run
//! after every step, query or window change, once the chapter has drawn.
//!
//! Length: one algorithm (mark, crop, zoom, pan) of three functions; its geometry is tested
//! natively.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::super::Classroom;
use super::{Fit, HIGHLIGHT_ATTR, STAGE_FIT};
use crate::ui::charts;

/// The outside world: marks the focus element of the step, zooms it to fill the stage, and
/// marks the highlighted parts. Runs after every step or query change and on resize.
pub(super) fn fit_effect(c: Classroom, stage: NodeRef<leptos::html::Div>) {
    let tick = RwSignal::new(0u32);
    let handle = window_event_listener(leptos::ev::resize, move |_| tick.update(|t| *t += 1));
    on_cleanup(move || handle.remove());
    Effect::new(move |was_all: Option<bool>| {
        tick.track();
        c.query.track();
        c.controls.track();
        let shown = c
            .current
            .with(|s| {
                s.as_ref().map(|s| Shown {
                    focus: s.focus.clone(),
                    crop: s.crop.clone(),
                    highlight: s.highlight.clone(),
                })
            })
            .unwrap_or_default();
        let all = c.controls.get();
        let Some(el) = stage.get() else { return all };
        // C just pressed: the whole chapter opens at the section of the step's figure (its
        // controls beside it), not at the chapter's top; later changes keep the teacher's scroll.
        if all && was_all != Some(true) {
            let (el, focus) = (el.clone(), shown.focus.clone());
            set_timeout(
                move || reveal_focus(&el, &focus),
                std::time::Duration::from_millis(60),
            );
        }
        // After the chapter has drawn (its canvases draw in effects of their own).
        fit_when_loaded(el, shown, all, STAGE_FIT);
        all
    });
}

/// Scrolls the stage (in controls mode) to the section that holds the step's focus element.
pub(super) fn reveal_focus(stage: &web_sys::HtmlDivElement, focus: &str) {
    let selector = if focus.is_empty() {
        "[data-testid=figure]"
    } else {
        focus
    };
    let Some(target) = stage.query_selector(selector).ok().flatten() else {
        return;
    };
    let section = target.closest("section").ok().flatten().unwrap_or(target);
    let top = section.get_bounding_client_rect().top() - stage.get_bounding_client_rect().top()
        + f64::from(stage.scroll_top());
    stage.set_scroll_top((top - 8.0).max(0.0) as i32);
}

/// Runs [`fit`] once the chapter has drawn: 30 ms after the change (its canvases draw in effects
/// of their own); while code is still arriving (a `chapter-loading` placeholder on the stage: the
/// chapter's module or its later parts', which hold some steps' focus), again every 50 ms until
/// none is left, however long the network takes; while the step's focus element is not there
/// yet (a step's own focus, in a part built a turn later), again every 50 ms for at most 2 s; then once more 100 ms
/// later. A newer call for the same kind of stage ([`Fit::attr`]), or the stage leaving the
/// page, ends the waiting.
pub fn fit_when_loaded(el: web_sys::HtmlDivElement, shown: Shown, all: bool, how: Fit) {
    /// Polls the focus element may be missing for, once nothing is loading (2 s).
    const FOCUS_POLLS: u32 = 40;
    fn attempt(
        el: web_sys::HtmlDivElement,
        shown: Shown,
        all: bool,
        how: Fit,
        call: u64,
        waited: u32,
    ) {
        if !el.is_connected() || latest_call(how.attr) != call {
            return;
        }
        let loading = el
            .query_selector("[data-testid=chapter-loading]")
            .ok()
            .flatten()
            .is_some();
        // A step's own focus may be in a part built a turn later; a chapter's figure is in its
        // first part.
        let focus_missing =
            !shown.focus.is_empty() && el.query_selector(&shown.focus).ok().flatten().is_none();
        if loading || (focus_missing && waited < FOCUS_POLLS) {
            set_timeout(
                move || attempt(el, shown, all, how, call, waited.saturating_add(1)),
                std::time::Duration::from_millis(50),
            );
            return;
        }
        fit(&el, &shown, all, how);
        if waited > 0 {
            set_timeout(
                move || {
                    if latest_call(how.attr) == call {
                        fit(&el, &shown, all, how);
                    }
                },
                std::time::Duration::from_millis(100),
            );
        }
    }
    let call = next_call(how.attr);
    set_timeout(
        move || attempt(el, shown, all, how, call, 0),
        std::time::Duration::from_millis(30),
    );
}

thread_local! {
    /// The latest [`fit_when_loaded`] call per kind of stage (its [`Fit::attr`]).
    static CALLS: std::cell::RefCell<Vec<(&'static str, u64)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Numbers a new [`fit_when_loaded`] call for the stages marked with `attr`.
fn next_call(attr: &'static str) -> u64 {
    CALLS.with_borrow_mut(|calls| match calls.iter_mut().find(|(a, _)| *a == attr) {
        Some((_, n)) => {
            *n += 1;
            *n
        }
        None => {
            calls.push((attr, 1));
            1
        }
    })
}

/// The number of the latest [`fit_when_loaded`] call for the stages marked with `attr`.
fn latest_call(attr: &'static str) -> u64 {
    CALLS.with_borrow(|calls| {
        calls
            .iter()
            .find(|(a, _)| *a == attr)
            .map_or(0, |(_, n)| *n)
    })
}

/// Smallest figure text a student must read, in CSS px as drawn (issue #14: 12 px at 1280×720
/// with 150 % zoom); the fit aims a little above it so rounding never lands under.
pub const MIN_TEXT_PX: f64 = 12.0;
const AIM_TEXT_PX: f64 = 12.8;
/// Class of a stage whose figure cannot be shown whole at [`MIN_TEXT_PX`]: it pans (scrolls)
/// inside the stage instead of shrinking.
const PAN_CLASS: &str = "gx-cls-stage--pan";
/// Attributes a crop leaves on its SVG: the viewBox, width and height it replaced, and the
/// viewBox it set (to know whether the chapter has redrawn the SVG since).
const CROP_ORIG_ATTR: &str = "data-cls-crop-orig";
const CROP_SET_ATTR: &str = "data-cls-crop-set";
/// Data attribute on the HTML parts of the focus a crop keeps.
const CROP_ATTR: &str = "data-cls-crop";
/// Data attribute on a focus element with [`CROP_ATTR`] parts: the stylesheet hides the rest of
/// it (a `[data-cls-focus]:has([data-cls-crop]) *` selector instead made Blink restyle every
/// element of every page at each DOM change).
const CROPPED_ATTR: &str = "data-cls-cropped";

/// What a stage shows of the chapter: the focus element (empty: its figure), the part of it the
/// step is about (see [`crate::ui::content::lesson::Step::crop`]), and the parts highlighted.
#[derive(Clone, Default)]
pub struct Shown {
    /// CSS selector of the element that fills the stage.
    pub focus: String,
    /// CSS selector of the part of the focus shown (empty: all of it).
    pub crop: String,
    /// CSS selector of the parts outlined.
    pub highlight: String,
}

/// The elements of `root` that match `selector` (none where the selector is not valid CSS).
pub fn elements(root: &web_sys::Element, selector: &str) -> Vec<web_sys::Element> {
    let Ok(list) = root.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
        .collect()
}

/// Puts back every SVG a crop changed (unless the chapter has redrawn it since).
pub(super) fn uncrop(stage: &web_sys::Element) {
    for svg in elements(stage, &format!("[{CROP_ORIG_ATTR}]")) {
        let orig = svg.get_attribute(CROP_ORIG_ATTR).unwrap_or_default();
        let set = svg.get_attribute(CROP_SET_ATTR).unwrap_or_default();
        if svg.get_attribute("viewBox").unwrap_or_default() == set {
            let mut parts = orig.split('|');
            for name in CROP_SAVED {
                match parts.next().filter(|v| !v.is_empty()) {
                    Some(v) => {
                        let _ = svg.set_attribute(name, v);
                    }
                    None => {
                        let _ = svg.remove_attribute(name);
                    }
                }
            }
        }
        let _ = svg.remove_attribute(CROP_ORIG_ATTR);
        let _ = svg.remove_attribute(CROP_SET_ATTR);
    }
}

/// The attributes a crop replaces and [`uncrop`] puts back.
const CROP_SAVED: [&str; 4] = ["viewBox", "width", "height", "style"];

/// `svg`'s view box `[x, y, width, height]` (`None` when it has none or it does not parse).
pub(super) fn view_box(svg: &web_sys::Element) -> Option<[f64; 4]> {
    let vb: Vec<f64> = svg
        .get_attribute("viewBox")?
        .split([' ', ','])
        .filter_map(|v| v.trim().parse().ok())
        .collect();
    vb.try_into().ok()
}

/// Maps a box on screen into `svg`'s view-box units (`None` for an SVG with no box).
pub(super) fn view_box_map(
    svg: &web_sys::Element,
) -> Option<impl Fn(&web_sys::DomRect) -> (f64, f64, f64, f64)> {
    let [vx, vy, vw, vh] = view_box(svg)?;
    let r = svg.get_bounding_client_rect();
    if vw <= 0.0 || vh <= 0.0 || r.width() <= 0.0 || r.height() <= 0.0 {
        return None;
    }
    let (kx, ky) = (vw / r.width(), vh / r.height());
    let (left, top) = (r.left(), r.top());
    Some(move |b: &web_sys::DomRect| {
        (
            vx + (b.left() - left) * kx,
            vy + (b.top() - top) * ky,
            vx + (b.right() - left) * kx,
            vy + (b.bottom() - top) * ky,
        )
    })
}

/// Shows the part of `target` that `crop` selects. HTML parts are marked with [`CROP_ATTR`]
/// (the stylesheet hides the rest of the focus, as it hides the rest of the chapter around the
/// focus). Parts inside an SVG cut it to the box around them (4 units of margin): its viewBox
/// becomes that box, and a fixed-size SVG (one with a width attribute) is resized so one unit
/// stays one CSS px. The union box is read on screen and mapped back through the viewBox. A
/// figure with a frozen label column ([`crate::ui::shared::scroll_figure`]: a second SVG in the
/// figure's units laid over it) is cut as one drawing: parts may be in either layer, and the
/// label layer gets the same box, laid exactly over the figure and clipped to it.
pub(super) fn apply_crop(target: &web_sys::Element, crop: &str) {
    const LABELS: &str = ".gx-sfig__labels";
    let parts = elements(target, crop);
    let in_svg = |e: &web_sys::Element| {
        e.parent_element()
            .and_then(|p| p.closest("svg").ok().flatten())
            .is_some()
    };
    for p in parts.iter().filter(|p| !in_svg(p)) {
        let _ = p.set_attribute(CROP_ATTR, "");
        let _ = target.set_attribute(CROPPED_ATTR, "");
    }
    let svgs: Vec<web_sys::Element> = parts
        .iter()
        .filter(|p| in_svg(p))
        .filter_map(|e| e.closest("svg").ok().flatten())
        .collect();
    let Some(svg) = svgs
        .iter()
        .find(|s| !s.matches(LABELS).unwrap_or(false))
        .or(svgs.first())
        .cloned()
    else {
        return;
    };
    // The drawing and its label layers: one set of view-box units.
    let mut group = vec![svg.clone()];
    if let Some(track) = svg.closest(".gx-sfig__track").ok().flatten() {
        group.extend(
            elements(&track, &format!("svg{LABELS}"))
                .into_iter()
                .filter(|l| *l != svg),
        );
    }
    let maps: Vec<_> = group.iter().map(view_box_map).collect();
    if maps[0].is_none() {
        return;
    }
    let Some([vx, vy, vw, vh]) = view_box(&svg) else {
        return;
    };
    let map_in = |e: &web_sys::Element| {
        let owner = e.closest("svg").ok().flatten()?;
        let i = group.iter().position(|g| *g == owner)?;
        let map = maps[i].as_ref()?;
        Some(map(&e.get_bounding_client_rect()))
    };
    let mut bounds: Option<(f64, f64, f64, f64)> = None;
    for p in &parts {
        let b = p.get_bounding_client_rect();
        if b.width() <= 0.0 && b.height() <= 0.0 {
            continue;
        }
        let Some((x0, y0, x1, y1)) = map_in(p) else {
            continue;
        };
        bounds = Some(match bounds {
            None => (x0, y0, x1, y1),
            Some((a, b, c, d)) => (a.min(x0), b.min(y0), c.max(x1), d.max(y1)),
        });
    }
    let Some((bx0, by0, bx1, by1)) = bounds else {
        return;
    };
    let (mut x0, mut y0) = ((bx0 - 4.0).max(vx), (by0 - 4.0).max(vy));
    let (mut x1, mut y1) = ((bx1 + 4.0).min(vx + vw), (by1 + 4.0).min(vy + vh));
    // A text of the next row or column that the margin would cut in two is left out whole.
    for t in group.iter().flat_map(|g| elements(g, "text")) {
        let Some((t0, u0, t1, u1)) = map_in(&t) else {
            continue;
        };
        let across = t1 > x0 && t0 < x1;
        let along = u1 > y0 && u0 < y1;
        if across && u0 - 1.0 < y1 && u1 > y1 && u0 >= by1 {
            y1 = (u0 - 1.0).max(by1);
        }
        if across && u0 < y0 && u1 + 1.0 > y0 && u1 <= by0 {
            y0 = (u1 + 1.0).min(by0);
        }
        if along && t0 - 1.0 < x1 && t1 > x1 && t0 >= bx1 {
            x1 = (t0 - 1.0).max(bx1);
        }
        if along && t0 < x0 && t1 + 1.0 > x0 && t1 <= bx0 {
            x0 = (t1 + 1.0).min(bx0);
        }
    }
    // A shape of the next row or column that begins inside the margin (the top of the next
    // row's cells) is left out: the cut stops just before it, no sliver of it shows.
    for e in group
        .iter()
        .flat_map(|g| elements(g, "rect, line, circle, ellipse, path, polygon"))
    {
        let b = e.get_bounding_client_rect();
        if b.width() <= 0.0 && b.height() <= 0.0 {
            continue;
        }
        let Some((t0, u0, t1, u1)) = map_in(&e) else {
            continue;
        };
        let across = t1 > x0 && t0 < x1;
        let along = u1 > y0 && u0 < y1;
        if across && u0 >= by1 && u0 < y1 {
            y1 = (u0 - 0.5).max(by1);
        }
        if across && u1 <= by0 && u1 > y0 {
            y0 = (u1 + 0.5).min(by0);
        }
        if along && t0 >= bx1 && t0 < x1 {
            x1 = (t0 - 0.5).max(bx1);
        }
        if along && t1 <= bx0 && t1 > x0 {
            x0 = (t1 + 0.5).min(bx0);
        }
    }
    let set = format!("{x0:.1} {y0:.1} {:.1} {:.1}", x1 - x0, y1 - y0);
    // A fixed-size figure keeps one unit = one CSS px; its label layer takes the same width.
    let layer_width = if svg.has_attribute("width") {
        format!("{:.1}px", x1 - x0)
    } else {
        "100%".to_owned()
    };
    for (i, g) in group.iter().enumerate() {
        let orig = CROP_SAVED
            .map(|n| g.get_attribute(n).unwrap_or_default())
            .join("|");
        let _ = g.set_attribute(CROP_ORIG_ATTR, &orig);
        let _ = g.set_attribute(CROP_SET_ATTR, &set);
        let _ = g.set_attribute("viewBox", &set);
        if i > 0 {
            // A label layer: laid exactly over the cut figure, nothing outside the cut.
            let _ = g.set_attribute("style", &format!("width: {layer_width}; overflow: hidden"));
        } else if g.has_attribute("width") {
            let _ = g.set_attribute("width", &format!("{:.1}", x1 - x0));
            let _ = g.set_attribute("height", &format!("{:.1}", y1 - y0));
        }
    }
}

/// The smallest SVG and canvas text inside `target`, in CSS px as drawn (after every zoom and viewBox
/// scale): a text's box height on screen over its font's box height per px of font size
/// (measured once per font on an unscaled probe, as `tests/e2e/classroom-measure.mjs` does).
/// Text outside its SVG's box (cut away by a crop) and hidden text are skipped. HTML text is
/// floored by the stylesheet (`--gx-cls-zoom`), so it is not measured here. A canvas's text is
/// the smallest font it drew ([`charts::MIN_FONT_ATTR`], CSS px at its own size: its backing
/// store over the device pixel ratio) scaled as the canvas is drawn; a canvas without the
/// attribute drew no text. `None`: no text.
pub(super) fn min_text_px(target: &web_sys::Element) -> Option<f64> {
    let mut per_px: std::collections::HashMap<String, f64> = std::collections::HashMap::new();
    let mut box_per_px = |family: &str| -> f64 {
        *per_px.entry(family.to_string()).or_insert_with(|| {
            let doc = document();
            let Some(body) = doc.body() else { return 1.15 };
            let Ok(probe) = doc.create_element("span") else {
                return 1.15;
            };
            let _ = probe.set_attribute(
                "style",
                &format!("position:fixed;left:0;top:0;font-size:100px;line-height:normal;white-space:nowrap;zoom:1;font-family:{family}"),
            );
            probe.set_text_content(Some("Hg"));
            let _ = body.append_child(&probe);
            let h = probe.get_bounding_client_rect().height() / 100.0;
            probe.remove();
            if h > 0.0 {
                h
            } else {
                1.15
            }
        })
    };
    let mut min: Option<f64> = None;
    for t in elements(target, "svg text") {
        if t.text_content().unwrap_or_default().trim().is_empty() {
            continue;
        }
        let b = t.get_bounding_client_rect();
        if b.width() <= 0.5 || b.height() <= 0.5 {
            continue;
        }
        if let Some(svg) = t.closest("svg").ok().flatten() {
            let s = svg.get_bounding_client_rect();
            if b.bottom() <= s.top()
                || b.top() >= s.bottom()
                || b.right() <= s.left()
                || b.left() >= s.right()
            {
                continue;
            }
        }
        let Ok(Some(style)) = window().get_computed_style(&t) else {
            continue;
        };
        if style.get_property_value("visibility").ok().as_deref() == Some("hidden") {
            continue;
        }
        let family = style.get_property_value("font-family").unwrap_or_default();
        let px = b.height() / box_per_px(&family);
        min = Some(min.map_or(px, |m: f64| m.min(px)));
    }
    // A canvas's text: the smallest font it drew, at its own size, scaled as it is drawn.
    let dpr = window().device_pixel_ratio().max(1.0);
    for c in elements(target, &format!("canvas[{}]", charts::MIN_FONT_ATTR)) {
        let font: f64 = c
            .get_attribute(charts::MIN_FONT_ATTR)
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0);
        let Ok(c) = c.dyn_into::<web_sys::HtmlCanvasElement>() else {
            continue;
        };
        let b = c.get_bounding_client_rect();
        let own = f64::from(c.width()) / dpr;
        if b.width() <= 0.5 || own <= 0.0 || font <= 0.0 {
            continue;
        }
        let px = font * b.width() / own;
        min = Some(min.map_or(px, |m: f64| m.min(px)));
    }
    min
}

/// Marks the focus element of `stage` with `how.attr`, cuts it to the step's crop, zooms it to
/// fill the stage (within `how`'s zoom range), and marks the highlighted parts. On the stage
/// (`how.legible`), never below reading size: a figure whose text would be drawn under
/// [`MIN_TEXT_PX`] is enlarged until it reads, and then pans inside the stage.
pub fn fit(stage: &web_sys::HtmlDivElement, shown: &Shown, all: bool, how: Fit) {
    let (attr, min_zoom, max_zoom) = (how.attr, how.min_zoom, how.max_zoom);
    let _ = stage.class_list().remove_1(PAN_CLASS);
    uncrop(stage);
    for el in elements(
        stage,
        &format!("[{attr}],[{HIGHLIGHT_ATTR}],[{CROP_ATTR}],[{CROPPED_ATTR}]"),
    ) {
        let _ = el.remove_attribute(attr);
        let _ = el.remove_attribute(HIGHLIGHT_ATTR);
        let _ = el.remove_attribute(CROP_ATTR);
        let _ = el.remove_attribute(CROPPED_ATTR);
        if let Some(h) = el.dyn_ref::<web_sys::HtmlElement>() {
            let _ = h.style().remove_property("zoom");
            let _ = h.style().remove_property("--gx-cls-zoom");
            let _ = h.style().remove_property("width");
            let _ = h.style().remove_property("height");
        }
    }
    for el in elements(stage, &format!("[{}]", charts::FILL_ATTR)) {
        let _ = el.remove_attribute(charts::FILL_ATTR);
    }
    if how.highlight && !shown.highlight.is_empty() {
        for el in elements(stage, &shown.highlight) {
            let _ = el.set_attribute(HIGHLIGHT_ATTR, "");
        }
    }
    if all {
        relayout();
        return;
    }
    let selector = if shown.focus.is_empty() {
        "[data-testid=figure]"
    } else {
        &shown.focus
    };
    let target = stage
        .query_selector(selector)
        .ok()
        .flatten()
        .or_else(|| stage.query_selector("[data-testid=figure]").ok().flatten())
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(target) = target else {
        relayout();
        return;
    };
    let _ = target.set_attribute(attr, "");
    let style = target.style();
    let _ = style.set_property("zoom", "1");
    let _ = style.set_property("--gx-cls-zoom", "1");
    if !shown.crop.is_empty() {
        apply_crop(&target, &shown.crop);
    }
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
        relayout();
        return;
    }
    // A chart that lays itself out at its box's size gets the whole stage at zoom 1 (zooming it
    // would scale its text with it): it draws its text at its own size, which the check below
    // reads back from the canvas.
    let fills = elements(&target, &format!("[{}]", charts::CAN_FILL_ATTR))
        .into_iter()
        .find(|e| {
            let r = e.get_bounding_client_rect();
            r.width() > 0.0 || r.height() > 0.0
        });
    if let (true, Some(chart)) = (how.legible, fills) {
        // Enlarged as far as the stage exceeds the chart's page layout both ways.
        let page: Vec<f64> = chart
            .get_attribute(charts::CAN_FILL_ATTR)
            .unwrap_or_default()
            .split(' ')
            .filter_map(|v| v.parse().ok())
            .collect();
        let zoom = match page[..] {
            [pw, ph] if pw > 0.0 && ph > 0.0 => (avail_w / pw).min(avail_h / ph),
            _ => 1.0,
        }
        .clamp(1.0, max_zoom.max(1.0));
        let _ = target.set_attribute(charts::FILL_ATTR, "");
        let _ = style.set_property("zoom", &format!("{zoom:.3}"));
        let _ = style.set_property("--gx-cls-zoom", &format!("{zoom:.3}"));
        let _ = style.set_property("width", &format!("{:.1}px", avail_w / zoom));
        let _ = style.set_property("height", &format!("{:.1}px", avail_h / zoom));
        relayout();
        // The chart redraws at its new size in an effect of its own: judge what it drew then.
        let (stage, target) = (stage.clone(), target.clone());
        set_timeout(
            move || {
                if !target.has_attribute(charts::FILL_ATTR) {
                    return;
                }
                let over = target.scroll_width() > target.client_width() + 1
                    || target.scroll_height() > target.client_height() + 1;
                // (A canvas's backing store is whole device pixels: its text may read a
                // rounding under the size it was drawn at.)
                let small = min_text_px(&target).is_some_and(|px| px < MIN_TEXT_PX - 0.05);
                if over || small {
                    let _ = stage.class_list().add_1(PAN_CLASS);
                }
            },
            std::time::Duration::from_millis(120),
        );
        return;
    }
    relayout();
    let zoom = (avail_w / w).min(avail_h / h).clamp(min_zoom, max_zoom);
    let set_zoom = |zoom: f64| {
        let _ = style.set_property("zoom", &format!("{zoom:.3}"));
        // The CSS floor of HTML text (12.5 px as drawn) reads the zoom.
        let _ = style.set_property("--gx-cls-zoom", &format!("{zoom:.3}"));
    };
    // The drawn size, counting what overflows the focus box either way (a table wider than its
    // box; a grid whose cells, wrapped at a narrow width, grow below it).
    let drawn = || {
        let r = target.get_bounding_client_rect();
        let over = |scroll: i32, client: i32| {
            let client = client.max(1);
            if scroll > client + 2 {
                f64::from(scroll) / f64::from(client)
            } else {
                1.0
            }
        };
        (
            r.width() * over(target.scroll_width(), target.client_width()),
            r.height() * over(target.scroll_height(), target.client_height()),
        )
    };
    let fits = || {
        let (w, h) = drawn();
        w <= avail_w + 0.5 && h <= avail_h + 0.5
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
    // Too tall even narrow: shrink the zoom until what is drawn fits (a few rounds), then widen.
    let shrink = |mut zoom: f64| -> f64 {
        for _ in 0..5 {
            let (w, h) = drawn();
            let over = (avail_w / w.max(1.0)).min(avail_h / h.max(1.0));
            if fits() || zoom <= min_zoom {
                break;
            }
            zoom = (zoom * over.min(0.99) * 0.99).max(min_zoom);
            set_zoom(zoom);
        }
        zoom
    };
    set_zoom(zoom);
    let mut zoom = zoom;
    if !widest(zoom) {
        zoom = shrink(zoom);
        widest(zoom);
    }
    if !how.legible {
        return;
    }
    // Reading size first: enlarge (zoom and drawn width together) until the smallest text is
    // drawn at reading size; what no longer fits pans inside the stage.
    // A figure held at a fixed drawn size would not grow with the zoom: when a round does not
    // enlarge its text, the round is undone and the figure stays as it was.
    let mut last = min_text_px(&target);
    for _ in 0..6 {
        let Some(px) = last else {
            break;
        };
        if px >= MIN_TEXT_PX {
            break;
        }
        let next = zoom * AIM_TEXT_PX / px;
        set_zoom(next);
        let now = min_text_px(&target);
        if now.is_none_or(|n| n < px * 1.02) {
            set_zoom(zoom);
            break;
        }
        zoom = next;
        last = now;
    }
    if !fits() {
        let _ = stage.class_list().add_1(PAN_CLASS);
    }
}

/// Tells the figures on the page to read their boxes again ([`charts::RELAYOUT_EVENT`]): a
/// chart that fills a box of its own ([`charts::FILL_ATTR`]) lays itself out at its size, one
/// whose box was given back returns to its page layout.
pub(super) fn relayout() {
    if let Ok(ev) = web_sys::Event::new(charts::RELAYOUT_EVENT) {
        let _ = window().dispatch_event(&ev);
    }
}
