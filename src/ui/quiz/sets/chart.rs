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

/// `text` in lines no wider than `max_px` as `measure` gives widths: broken at a space where
/// the line has one, else between characters (Chinese has no spaces).
fn wrap(text: &str, max_px: f64, measure: impl Fn(&str) -> f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for c in text.chars() {
        line.push(c);
        if measure(line.trim_end()) > max_px && line.chars().count() > 1 {
            let cut = line.trim_end().rfind(' ').filter(|&i| i > 0);
            let rest = match cut {
                Some(i) => {
                    let rest = line[i + 1..].to_string();
                    line.truncate(i);
                    rest
                }
                None => line.pop().map(String::from).unwrap_or_default(),
            };
            lines.push(std::mem::take(&mut line));
            line = rest;
        }
    }
    if !line.trim().is_empty() {
        lines.push(line);
    }
    lines
}

fn draw(canvas: &web_sys::HtmlCanvasElement, bars: &[Bar], max: f64) -> Result<(), String> {
    let dpr = window().device_pixel_ratio().clamp(1.0, 3.0);
    let parent_w = canvas
        .parent_element()
        .map(|p| f64::from(p.client_width()))
        .filter(|w| *w > 0.0)
        .unwrap_or(600.0);
    let css_w = parent_w.clamp(240.0, 760.0);
    // Labels wrapped to the width, measured in the canvas's own font.
    let ctx: Option<web_sys::CanvasRenderingContext2d> = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into().ok());
    if let Some(ctx) = &ctx {
        ctx.set_font(&format!("{LABEL_PX}px sans-serif"));
    }
    let measure = |t: &str| {
        ctx.as_ref()
            .and_then(|c| c.measure_text(t).ok())
            .map_or(t.chars().count() as f64 * LABEL_PX, |m| m.width())
    };
    let labels: Vec<Vec<String>> = bars
        .iter()
        .map(|b| wrap(&b.label, css_w - 8.0, measure))
        .collect();
    let line_px = LABEL_PX + 4.0;
    let row_px = |n: usize| n.max(1) as f64 * line_px + 2.0 + BAR_PX + 12.0;
    let css_h = labels
        .iter()
        .map(|l| row_px(l.len()))
        .sum::<f64>()
        .max(ROW_PX)
        + 4.0;
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
    let mut top = 0.0;
    for (bar, lines) in bars.iter().zip(&labels) {
        for (k, line) in lines.iter().enumerate() {
            root.draw(&Text::new(
                line.clone(),
                (px(2.0), px(top + k as f64 * line_px)),
                font.clone().pos(Pos::new(HPos::Left, VPos::Top)),
            ))
            .map_err(|e| e.to_string())?;
        }
        let y0 = top + lines.len().max(1) as f64 * line_px + 2.0;
        top += row_px(lines.len());
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

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn labels_wrap_at_spaces_or_between_characters() {
        let w = |t: &str| t.chars().count() as f64;
        assert_eq!(wrap("one two three", 7.0, w), vec!["one two", "three"]);
        assert_eq!(wrap("abcdefgh", 3.0, w), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("", 3.0, w), Vec::<String>::new());
        let lines = wrap("请求字节数 / 32 假设各 lane 紧密填满", 6.0, w);
        assert!(lines.iter().all(|l| w(l) <= 6.0), "{lines:?}");
    }
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
