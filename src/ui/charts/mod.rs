//! Dense charts drawn with plotters on a `<canvas>`, with focusable SVG overlays for the parts
//! a reader hovers or tabs to.

pub mod backend;
pub mod colors;
pub mod roofline_chart;
mod text;

/// Data attribute a canvas figure writes after each drawing: the smallest font it drew text in,
/// in CSS px at the canvas's own size (its backing store over `devicePixelRatio`). The
/// classroom's fit (`ui::classroom::projector`) and the browser tests
/// (`tests/e2e/classroom-measure.mjs`) scale it by the canvas's drawn size; a canvas without
/// it drew no text.
pub const MIN_FONT_ATTR: &str = "data-min-font-px";

/// Data attribute the classroom sets on a figure it gives a box of its own (its width and
/// height set): a chart inside it that can lay itself out at any size (the roofline chart)
/// fills that box at its own text size instead of keeping its page layout and being zoomed.
pub const FILL_ATTR: &str = "data-fill-box";

/// Data attribute on the part of a chart that lays itself out at its box's size when a figure
/// around it carries [`FILL_ATTR`] (the roofline chart's stack); its value is the chart's page
/// layout, `"<width> <height>"` in CSS px. The classroom gives such a figure the whole stage,
/// zoomed only as far as the stage is larger than that layout in both directions (text larger
/// on a big screen, never smaller than the chart draws it).
pub const CAN_FILL_ATTR: &str = "data-can-fill";

pub use crate::ui::theme::RELAYOUT_EVENT;

/// How much wider than its layout width `layout_px` (CSS px) `canvas` is shown, clamped to
/// 1 ..= 4 (1 off the document): a canvas stretched to its column (block dispatch's SM grid, the
/// roofline: 760 laid out, 863 CSS px shown at 1440) sizes its backing store × this, so its
/// lines and text stay sharp. Reads the canvas's box (a layout, if one is pending).
pub fn shown_zoom(canvas: &web_sys::HtmlCanvasElement, layout_px: f64) -> f64 {
    (canvas.get_bounding_client_rect().width() / layout_px).clamp(1.0, 4.0)
}

/// Writes [`MIN_FONT_ATTR`] on `canvas`: `min_backing_px` (the smallest font drawn, in backing
/// pixels) over `dpr` (the device pixel ratio the canvas was drawn for); removes it when no
/// text was drawn (`min_backing_px` infinite).
pub fn record_min_font(canvas: &web_sys::Element, min_backing_px: f64, dpr: f64) {
    // Written only when it changes (a redraw per slider tick would otherwise write it each time).
    if min_backing_px.is_finite() && dpr > 0.0 {
        let v = format!("{:.2}", min_backing_px / dpr);
        if canvas.get_attribute(MIN_FONT_ATTR).as_deref() != Some(v.as_str()) {
            let _ = canvas.set_attribute(MIN_FONT_ATTR, &v);
        }
    } else if canvas.has_attribute(MIN_FONT_ATTR) {
        let _ = canvas.remove_attribute(MIN_FONT_ATTR);
    }
}
