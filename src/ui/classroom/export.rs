//! Figures for slides: the figure on screen as SVG or PNG, with the step's caption and the
//! permalink it came from. SVG figures keep their vector form (their CSS colours are copied
//! onto the elements, so the file stands alone); canvas figures and the PNG of an SVG figure
//! are drawn at 2× the figure's size on screen.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::editor::{save_blob, save_url};
use super::projector::FOCUS_ATTR;
use super::Classroom;
use crate::ui::i18n::use_lang;

/// The file format asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Vector (SVG figures only; a canvas figure is exported as PNG).
    Svg,
    /// Raster at 2× the screen size.
    Png,
}

/// Presentation properties copied from the page's CSS onto each exported SVG element.
const STYLE_PROPS: [&str; 10] = [
    "fill",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "opacity",
    "font-size",
    "font-family",
    "font-weight",
    "text-anchor",
    "dominant-baseline",
];
/// Height of one caption line and of the permalink line under the figure, in CSS px.
const LINE_PX: f64 = 20.0;

/// The caption cut into lines that fit `width_px` at 15 px (a CJK character counts double).
fn wrap(text: &str, width_px: f64) -> Vec<String> {
    let max = ((width_px - 16.0) / 8.0).max(20.0) as usize;
    let width = |c: char| if c.is_ascii() { 1 } else { 2 };
    let mut lines = vec![String::new()];
    let mut used = 0;
    for word in text.split_inclusive(|c: char| c == ' ' || !c.is_ascii()) {
        let w: usize = word.chars().map(width).sum();
        if used + w > max && used > 0 {
            lines.push(String::new());
            used = 0;
        }
        if let Some(line) = lines.last_mut() {
            line.push_str(word);
        }
        used += w;
    }
    lines
}

/// Height of the band under a figure `width_px` wide with this caption.
fn band_px(caption: &str, width_px: f64) -> f64 {
    (wrap(caption, width_px).len() as f64 + 1.0) * LINE_PX + 12.0
}

fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The SVG of `svg` with its computed styles inlined, and a caption band under it.
fn svg_text(svg: &web_sys::Element, caption: &str, link: &str) -> Option<(String, f64, f64)> {
    let rect = svg.get_bounding_client_rect();
    let (w, h) = (rect.width().max(1.0), rect.height().max(1.0));
    let clone = svg
        .clone_node_with_deep(true)
        .ok()?
        .dyn_into::<web_sys::Element>()
        .ok()?;
    let originals = svg.query_selector_all("*").ok()?;
    let copies = clone.query_selector_all("*").ok()?;
    for i in 0..originals.length().min(copies.length()) {
        let (Some(o), Some(k)) = (
            originals
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok()),
            copies
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok()),
        ) else {
            continue;
        };
        let Ok(Some(cs)) = window().get_computed_style(&o) else {
            continue;
        };
        let style: String = STYLE_PROPS
            .iter()
            .filter_map(|p| {
                cs.get_property_value(p)
                    .ok()
                    .filter(|v| !v.is_empty())
                    .map(|v| format!("{p}:{v};"))
            })
            .collect();
        let _ = k.set_attribute("style", &style);
    }
    let _ = clone.set_attribute("width", &format!("{w}"));
    let _ = clone.set_attribute("height", &format!("{h}"));
    let inner = web_sys::XmlSerializer::new()
        .ok()?
        .serialize_to_string(&clone)
        .ok()?;
    let total = h + band_px(caption, w);
    let lines: String = wrap(caption, w)
        .iter()
        .enumerate()
        .map(|(i, l)| {
            format!(
                "<text x=\"8\" y=\"{y}\" font-family=\"sans-serif\" font-size=\"15\" fill=\"#1d1d1f\">{t}</text>",
                y = h + LINE_PX * (i as f64 + 1.0),
                t = escape_xml(l.trim_end()),
            )
        })
        .collect();
    let out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{total}\" viewBox=\"0 0 {w} {total}\">\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>{inner}{lines}\
         <text x=\"8\" y=\"{y2}\" font-family=\"sans-serif\" font-size=\"11\" fill=\"#5b5b66\">{link}</text></svg>",
        y2 = total - 12.0,
        link = escape_xml(link),
    );
    Some((out, w, total))
}

/// A 2× canvas of `w × h` CSS px with a white background, and its context.
fn canvas_2x(
    w: f64,
    h: f64,
) -> Option<(
    web_sys::HtmlCanvasElement,
    web_sys::CanvasRenderingContext2d,
)> {
    let canvas = document()
        .create_element("canvas")
        .ok()?
        .dyn_into::<web_sys::HtmlCanvasElement>()
        .ok()?;
    canvas.set_width((w * 2.0).round() as u32);
    canvas.set_height((h * 2.0).round() as u32);
    let ctx = canvas
        .get_context("2d")
        .ok()??
        .dyn_into::<web_sys::CanvasRenderingContext2d>()
        .ok()?;
    let _ = ctx.scale(2.0, 2.0);
    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, w, h);
    Some((canvas, ctx))
}

fn draw_band(ctx: &web_sys::CanvasRenderingContext2d, w: f64, h: f64, caption: &str, link: &str) {
    ctx.set_fill_style_str("#1d1d1f");
    ctx.set_font("15px sans-serif");
    let lines = wrap(caption, w);
    for (i, l) in lines.iter().enumerate() {
        let _ = ctx.fill_text(l.trim_end(), 8.0, h + LINE_PX * (i as f64 + 1.0));
    }
    ctx.set_fill_style_str("#5b5b66");
    ctx.set_font("11px sans-serif");
    let _ = ctx.fill_text(link, 8.0, h + LINE_PX * (lines.len() as f64 + 1.0));
}

/// Exports the figure on the stage.
pub fn figure(c: Classroom, stage: NodeRef<leptos::html::Div>, format: Format) {
    let lang = use_lang().get_untracked();
    let Some(stage) = stage.get_untracked() else {
        return;
    };
    let root = stage
        .query_selector(&format!("[{FOCUS_ATTR}]"))
        .ok()
        .flatten()
        .or_else(|| stage.query_selector("[data-testid=figure]").ok().flatten());
    let Some(root) = root else { return };
    let caption = c
        .current
        .with_untracked(|s| s.as_ref().map(|s| s.caption.get(lang).to_string()))
        .unwrap_or_default();
    let link = c.chapter_href(lang);
    let slug = c.chapter().map(|ch| ch.slug).unwrap_or("figure");
    let name = format!("warpscope-{slug}-{}", c.index() + 1);
    let svg = root.query_selector("svg").ok().flatten();
    let canvas = root
        .query_selector("canvas")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok());
    match (format, svg, canvas) {
        (Format::Svg, Some(svg), _) => {
            let Some((text, _, _)) = svg_text(&svg, &caption, &link) else {
                return;
            };
            let parts = web_sys::js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(&text));
            let opts = web_sys::BlobPropertyBag::new();
            opts.set_type("image/svg+xml");
            if let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) {
                save_blob(&format!("{name}.svg"), &blob);
            }
        }
        (_, _, Some(canvas)) => {
            let r = canvas.get_bounding_client_rect();
            let (w, h) = (r.width().max(1.0), r.height().max(1.0));
            let Some((out, ctx)) = canvas_2x(w, h + band_px(&caption, w)) else {
                return;
            };
            let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(&canvas, 0.0, 0.0, w, h);
            draw_band(&ctx, w, h, &caption, &link);
            if let Ok(url) = out.to_data_url() {
                save_url(&format!("{name}.png"), &url);
            }
        }
        (_, Some(svg), None) => {
            let Some((text, w, h)) = svg_text(&svg, &caption, &link) else {
                return;
            };
            let Ok(img) = web_sys::HtmlImageElement::new() else {
                return;
            };
            let url = format!(
                "data:image/svg+xml;charset=utf-8,{}",
                crate::ui::url::query::component(&text)
            );
            let i = img.clone();
            let onload = Closure::<dyn Fn()>::new(move || {
                let Some((out, ctx)) = canvas_2x(w, h) else {
                    return;
                };
                let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(&i, 0.0, 0.0, w, h);
                if let Ok(url) = out.to_data_url() {
                    save_url(&format!("{name}.png"), &url);
                }
            });
            img.set_onload(Some(onload.as_ref().unchecked_ref()));
            onload.forget();
            img.set_src(&url);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caption_wraps_to_the_figure_width_and_keeps_every_word() {
        let caption = "The full GA100 die has 128 SMs. The A100 you can buy enables 108 of them.";
        let lines = wrap(caption, 300.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.trim_end().len() <= 36), "{lines:?}");
        assert_eq!(lines.concat(), caption);
        assert_eq!(wrap("", 300.0), vec![String::new()]);
    }
}
