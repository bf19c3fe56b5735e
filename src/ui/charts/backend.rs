//! A plotters canvas backend that measures text with the canvas's own `measureText`.
//!
//! plotters-canvas 0.3 leaves `estimate_text_size` to plotters' web font code, which appends a
//! `<span>` to `<body>` and reads its `offsetHeight` for every label: each read forces a layout
//! of the whole page. The Roofline chart measures ~30 labels per draw (axis ticks, titles, roof
//! labels), which cost ~40 ms on first load of the long chapter page. `measureText` on the 2d
//! context touches no layout. Everything else is forwarded to [`CanvasBackend`] unchanged.

use plotters::prelude::DrawingBackend;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontTransform,
};
use plotters_canvas::CanvasBackend;

/// plotters-canvas's error type (not exported by name).
type CanvasError = <CanvasBackend as DrawingBackend>::ErrorType;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::JsCast;

/// [`CanvasBackend`] plus a 2d context to measure text with, and the smallest font size it
/// drew text in (backing pixels; infinite until some text is drawn).
pub struct MeasuredCanvas {
    inner: CanvasBackend,
    ctx: web_sys::CanvasRenderingContext2d,
    min_font: Rc<Cell<f64>>,
}

impl MeasuredCanvas {
    /// The backend for `canvas`; `None` when it has no 2d context.
    pub fn new(canvas: web_sys::HtmlCanvasElement) -> Option<MeasuredCanvas> {
        let ctx = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        Some(MeasuredCanvas {
            inner: CanvasBackend::with_canvas_object(canvas)?,
            ctx,
            min_font: Rc::new(Cell::new(f64::INFINITY)),
        })
    }

    /// The smallest font size of the text drawn so far, in backing pixels (infinite: none);
    /// shared, so it can still be read once the backend is moved into a drawing area.
    pub fn min_font(&self) -> Rc<Cell<f64>> {
        Rc::clone(&self.min_font)
    }

    /// The canvas's 2d context.
    pub fn context(&self) -> &web_sys::CanvasRenderingContext2d {
        &self.ctx
    }
}

impl DrawingBackend for MeasuredCanvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if !text.trim().is_empty() {
            self.min_font.set(self.min_font.get().min(style.size()));
        }
        self.inner.draw_text(text, style, pos)
    }

    /// Width from `measureText` in the style's font; height = 1.2 × the font size, the
    /// `line-height: normal` box the span measured. Rotated text swaps the two.
    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        self.ctx.set_font(&format!(
            "{} {}px {}",
            style.style().as_str(),
            style.size(),
            style.family().as_str()
        ));
        let width = self
            .ctx
            .measure_text(text)
            .map(|m| m.width())
            .unwrap_or(0.0)
            .ceil() as u32;
        let height = (style.size() * 1.2).ceil() as u32;
        Ok(match style.transform() {
            FontTransform::Rotate90 | FontTransform::Rotate270 => (height, width),
            _ => (width, height),
        })
    }
}
