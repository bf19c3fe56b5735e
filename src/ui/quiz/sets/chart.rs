//! A horizontal bar chart drawn with plotters on a canvas: one row per bar, its label above
//! the bar and its value at the bar's end, so it reads at any width (a phone's column too).
//! The canvas is as wide as its column and is drawn for the screen's pixel ratio. The numbers
//! are also in the table beside each chart (the chart is `aria-hidden`).

use leptos::prelude::*;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontDesc, FontFamily, FontStyle};
use wasm_bindgen::JsCast;

use crate::ui::charts::backend::MeasuredCanvas;
use crate::ui::charts::colors::Tokens;

/// Label text size, CSS px.
const LABEL_PX: f64 = 14.0;
/// Bar height, CSS px.
const BAR_PX: f64 = 16.0;
/// One row: label, gap, bar, gap.
const ROW_PX: f64 = LABEL_PX + 6.0 + BAR_PX + 12.0;

/// One bar: its label, its value (0..=`max`) and the value as shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// Label above the bar.
    pub label: String,
    /// Length, in the chart's unit.
    pub value: f64,
    /// The value as text at the bar's end.
    pub shown: String,
}

fn draw(canvas: &web_sys::HtmlCanvasElement, bars: &[Bar], max: f64) -> Result<(), String> {
    let dpr = window().device_pixel_ratio().clamp(1.0, 3.0);
    let parent_w = canvas
        .parent_element()
        .map(|p| f64::from(p.client_width()))
        .filter(|w| *w > 0.0)
        .unwrap_or(600.0);
    let css_w = parent_w.clamp(240.0, 760.0);
    let css_h = (bars.len().max(1) as f64) * ROW_PX + 4.0;
    canvas.set_width((css_w * dpr).round() as u32);
    canvas.set_height((css_h * dpr).round() as u32);
    let style: &web_sys::HtmlElement = canvas.unchecked_ref();
    let _ = style.style().set_property("width", &format!("{css_w}px"));
    let _ = style.style().set_property("height", &format!("{css_h}px"));
    let tokens = Tokens::of(canvas);
    let text = tokens.color("--gx-text", RGBColor(0x1d, 0x1d, 0x1f));
    let accent = tokens.color("--gx-accent", RGBColor(0x0b, 0x6e, 0x99));
    let track = tokens.color("--gx-lane-wait", RGBColor(0xe9, 0xe9, 0xee));
    let bg = tokens.color("--gx-surface", RGBColor(0xff, 0xff, 0xff));
    let backend = MeasuredCanvas::new(canvas.clone()).ok_or("no 2d context")?;
    let min_font = backend.min_font();
    let root = backend.into_drawing_area();
    root.fill(&bg).map_err(|e| e.to_string())?;
    let font = FontDesc::new(FontFamily::SansSerif, LABEL_PX * dpr, FontStyle::Normal).color(&text);
    let px = |v: f64| (v * dpr).round() as i32;
    // Room at the right for the value text.
    let value_room = 64.0;
    let bar_w = (css_w - value_room - 4.0).max(40.0);
    for (i, bar) in bars.iter().enumerate() {
        let top = i as f64 * ROW_PX;
        root.draw(&Text::new(
            bar.label.clone(),
            (px(2.0), px(top)),
            font.clone().pos(Pos::new(HPos::Left, VPos::Top)),
        ))
        .map_err(|e| e.to_string())?;
        let y0 = top + LABEL_PX + 6.0;
        let share = if max > 0.0 {
            (bar.value / max).clamp(0.0, 1.0)
        } else {
            0.0
        };
        root.draw(&Rectangle::new(
            [(px(2.0), px(y0)), (px(2.0 + bar_w), px(y0 + BAR_PX))],
            track.filled(),
        ))
        .map_err(|e| e.to_string())?;
        if share > 0.0 {
            root.draw(&Rectangle::new(
                [
                    (px(2.0), px(y0)),
                    (px(2.0 + bar_w * share).max(px(3.0)), px(y0 + BAR_PX)),
                ],
                accent.filled(),
            ))
            .map_err(|e| e.to_string())?;
        }
        root.draw(&Text::new(
            bar.shown.clone(),
            (px(2.0 + bar_w + 8.0), px(y0 + BAR_PX / 2.0)),
            font.clone().pos(Pos::new(HPos::Left, VPos::Center)),
        ))
        .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())?;
    crate::ui::charts::record_min_font(canvas, min_font.get(), dpr);
    Ok(())
}

/// The chart; redraws whenever `bars` change or the theme switches.
#[component]
pub fn BarChart(
    /// The bars.
    #[prop(into)]
    bars: Signal<Vec<Bar>>,
    /// The value of a full bar.
    max: f64,
    /// `data-testid` of the canvas.
    testid: &'static str,
) -> impl IntoView {
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let when_connected = crate::ui::theme::DrawWhenConnected::default();
    Effect::new(move |_| {
        let b = bars.get();
        let _theme = crate::ui::theme::track_theme();
        let Some(el) = canvas.get() else { return };
        let el: web_sys::HtmlCanvasElement = el;
        when_connected.draw(&el.clone().into(), move || {
            if let Err(err) = draw(&el, &b, max) {
                leptos::logging::error!("bar chart: {err}");
            }
        });
    });
    view! {
        <div class="gx-sets__chart">
            <canvas node_ref=canvas data-testid=testid data-bars=move || bars.with(Vec::len).to_string() aria-hidden="true"></canvas>
        </div>
    }
}
