//! Figures for slides: the figure on the stage, as the class sees it, as an SVG file or a PNG at
//! 2×, with the step's caption and the permalink it came from.
//!
//! One path for every figure: the stage's focus element is drawn into one SVG document, layer by
//! layer in document order, at the size it is shown: each canvas as an embedded PNG image, each
//! SVG as a nested SVG (its CSS colours copied onto its elements, so the file stands alone), and
//! the HTML around them (cell backgrounds and borders, text runs line by line) as rectangles and
//! text. The PNG is that SVG drawn at 2× onto a canvas. Text is only ever written as escaped
//! character data.

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
    /// Vector (a canvas layer rides inside as an image).
    Svg,
    /// Raster at 2× the size shown.
    Png,
}

/// Presentation properties copied from the page's CSS onto each exported SVG element.
const STYLE_PROPS: [&str; 15] = [
    "display",
    "visibility",
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-opacity",
    "paint-order",
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

/// `s` as XML character data or an attribute value.
fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A box relative to the figure's top-left corner, in CSS px as shown.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Box2 {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

fn rel(r: &web_sys::DomRect, origin: &web_sys::DomRect) -> Box2 {
    Box2 {
        x: r.left() - origin.left(),
        y: r.top() - origin.top(),
        w: r.width(),
        h: r.height(),
    }
}

/// A colour the page computed, or `None` when it paints nothing.
fn paint(value: &str) -> Option<String> {
    let v = value.trim();
    let clear = v.is_empty()
        || v == "transparent"
        || v == "none"
        || v.replace(' ', "").ends_with(",0)")
        || v.starts_with("rgba(0,0,0,0");
    (!clear).then(|| v.to_string())
}

fn css(style: &web_sys::CssStyleDeclaration, prop: &str) -> String {
    style.get_property_value(prop).unwrap_or_default()
}

/// One SVG document being written.
struct Writer {
    out: String,
    origin: web_sys::DomRect,
    /// Per font family, the height of a text run's box per px of font size (measured once on an
    /// unscaled probe), to read a run's font size as drawn from its box.
    box_per_px: std::collections::HashMap<String, f64>,
}

impl Writer {
    /// An HTML element's own paint: its background and its border.
    fn element_box(&mut self, el: &web_sys::Element, style: &web_sys::CssStyleDeclaration) {
        let b = rel(&el.get_bounding_client_rect(), &self.origin);
        if b.w < 0.5 || b.h < 0.5 {
            return;
        }
        let fill = paint(&css(style, "background-color"));
        let border_w: f64 = css(style, "border-top-width")
            .trim_end_matches("px")
            .parse()
            .unwrap_or(0.0);
        let stroke = (border_w > 0.0 && css(style, "border-top-style") != "none")
            .then(|| paint(&css(style, "border-top-color")))
            .flatten();
        if fill.is_none() && stroke.is_none() {
            return;
        }
        let radius: f64 = css(style, "border-top-left-radius")
            .trim_end_matches("px")
            .parse()
            .unwrap_or(0.0);
        self.out.push_str(&format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"{radius:.1}\" fill=\"{}\"{}/>",
            b.x,
            b.y,
            b.w,
            b.h,
            escape_xml(fill.as_deref().unwrap_or("none")),
            stroke
                .map(|s| format!(" stroke=\"{}\" stroke-width=\"{border_w:.1}\"", escape_xml(&s)))
                .unwrap_or_default(),
        ));
    }

    /// A text node of the HTML, one `<text>` per line it is drawn on.
    fn text_node(&mut self, node: &web_sys::Text, parent: &web_sys::Element) {
        let content = node.data();
        if content.trim().is_empty() {
            return;
        }
        let Ok(Some(style)) = window().get_computed_style(parent) else {
            return;
        };
        if css(&style, "visibility") == "hidden" {
            return;
        }
        let Some(color) = paint(&css(&style, "color")) else {
            return;
        };
        let Ok(range) = document().create_range() else {
            return;
        };
        // The text's lines: runs of characters drawn at the same height, read character by
        // character range (a word wrapped to the next line starts a new run).
        let chars: Vec<(usize, char)> = content.char_indices().collect();
        let mut lines: Vec<(Box2, String)> = Vec::new();
        let utf16 = |byte: usize| content[..byte].encode_utf16().count() as u32;
        for (i, &(at, ch)) in chars.iter().enumerate() {
            let end = chars.get(i + 1).map_or(content.len(), |c| c.0);
            if range.set_start(node, utf16(at)).is_err() || range.set_end(node, utf16(end)).is_err()
            {
                continue;
            }
            let r = rel(&range.get_bounding_client_rect(), &self.origin);
            if r.w <= 0.0 && ch.is_whitespace() {
                if let Some(last) = lines.last_mut() {
                    last.1.push(' ');
                }
                continue;
            }
            match lines.last_mut() {
                Some((b, s)) if (b.y - r.y).abs() < b.h.max(1.0) * 0.5 => {
                    let right = (b.x + b.w).max(r.x + r.w);
                    b.x = b.x.min(r.x);
                    b.w = right - b.x;
                    s.push(ch);
                }
                _ => lines.push((r, ch.to_string())),
            }
        }
        // The font size as drawn (every zoom included): a run's box height over its font's box
        // height per px.
        let family = css(&style, "font-family");
        let per_px = self.box_per_px(&family);
        for (b, s) in lines {
            let s = s.trim();
            if s.is_empty() {
                continue;
            }
            let font_px = b.h / per_px;
            self.out.push_str(&format!(
                "<text x=\"{:.1}\" y=\"{:.1}\" dominant-baseline=\"central\" font-size=\"{font_px:.2}\" font-family=\"{}\" font-weight=\"{}\" fill=\"{}\" xml:space=\"preserve\">{}</text>",
                b.x,
                b.y + b.h / 2.0,
                escape_xml(&family),
                escape_xml(&css(&style, "font-weight")),
                escape_xml(&color),
                escape_xml(s),
            ));
        }
    }

    /// The box height of a text run per px of font size in `family` (1.15 if unmeasurable).
    fn box_per_px(&mut self, family: &str) -> f64 {
        if let Some(r) = self.box_per_px.get(family) {
            return *r;
        }
        let measured = (|| {
            let doc = document();
            let probe = doc.create_element("span").ok()?;
            probe
                .set_attribute(
                    "style",
                    "position:fixed;left:0;top:0;font-size:100px;line-height:normal;white-space:nowrap;zoom:1;visibility:hidden",
                )
                .ok()?;
            probe
                .dyn_ref::<web_sys::HtmlElement>()?
                .style()
                .set_property("font-family", family)
                .ok()?;
            probe.set_text_content(Some("Hg"));
            doc.body()?.append_child(&probe).ok()?;
            let range = doc.create_range().ok()?;
            range.select_node_contents(&probe).ok()?;
            let h = range.get_bounding_client_rect().height();
            probe.remove();
            (h > 0.0).then_some(h / 100.0)
        })()
        .unwrap_or(1.15);
        self.box_per_px.insert(family.to_string(), measured);
        measured
    }

    /// A canvas layer as an embedded PNG, where it is shown.
    fn canvas(&mut self, canvas: &web_sys::HtmlCanvasElement) {
        let b = rel(&canvas.get_bounding_client_rect(), &self.origin);
        if b.w < 0.5 || b.h < 0.5 {
            return;
        }
        let Ok(url) = canvas.to_data_url() else {
            return;
        };
        self.out.push_str(&format!(
            "<image x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" preserveAspectRatio=\"none\" href=\"{}\"/>",
            b.x,
            b.y,
            b.w,
            b.h,
            escape_xml(&url)
        ));
    }

    /// An SVG of the figure, nested where it is shown, with its computed styles inlined.
    fn svg(&mut self, svg: &web_sys::Element) {
        let b = rel(&svg.get_bounding_client_rect(), &self.origin);
        if b.w < 0.5 || b.h < 0.5 {
            return;
        }
        let Some(clone) = svg
            .clone_node_with_deep(true)
            .ok()
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        if let (Ok(originals), Ok(copies)) =
            (svg.query_selector_all("*"), clone.query_selector_all("*"))
        {
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
        }
        for (k, v) in [("x", b.x), ("y", b.y), ("width", b.w), ("height", b.h)] {
            let _ = clone.set_attribute(k, &format!("{v:.1}"));
        }
        let _ = clone.remove_attribute("style");
        if let Some(s) = web_sys::XmlSerializer::new()
            .ok()
            .and_then(|x| x.serialize_to_string(&clone).ok())
        {
            self.out.push_str(&s);
        }
    }

    /// `el` and everything inside it, in document order (what is drawn later lies on top).
    fn walk(&mut self, el: &web_sys::Element) {
        let tag = el.tag_name().to_ascii_lowercase();
        if tag == "svg" {
            self.svg(el);
            return;
        }
        if let Some(c) = el.dyn_ref::<web_sys::HtmlCanvasElement>() {
            self.canvas(c);
            return;
        }
        if matches!(tag.as_str(), "script" | "style" | "template" | "title") {
            return;
        }
        let Ok(Some(style)) = window().get_computed_style(el) else {
            return;
        };
        if css(&style, "display") == "none" || css(&style, "opacity") == "0" {
            return;
        }
        // Text for screen readers only (a 1 px box that clips its overflow, a clip path): not
        // part of the picture.
        let r = el.get_bounding_client_rect();
        let clipped =
            css(&style, "overflow") != "visible" && (r.width() <= 2.0 || r.height() <= 2.0);
        let clip = css(&style, "clip");
        if clipped
            || (!clip.is_empty() && clip != "auto")
            || css(&style, "clip-path").starts_with("inset(50%")
        {
            return;
        }
        self.element_box(el, &style);
        let children = el.child_nodes();
        for i in 0..children.length() {
            let Some(n) = children.item(i) else { continue };
            if let Some(t) = n.dyn_ref::<web_sys::Text>() {
                self.text_node(t, el);
            } else if let Some(e) = n.dyn_ref::<web_sys::Element>() {
                self.walk(e);
            }
        }
    }
}

/// The figure `root` as shown, with the caption band and the permalink under it: the SVG
/// document, its width and its height (CSS px).
fn figure_svg(root: &web_sys::Element, caption: &str, link: &str) -> (String, f64, f64) {
    let origin = root.get_bounding_client_rect();
    let (w, h) = (origin.width().max(1.0), origin.height().max(1.0));
    let mut writer = Writer {
        out: String::new(),
        origin,
        box_per_px: Default::default(),
    };
    writer.walk(root);
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
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{w:.1}\" height=\"{total:.1}\" viewBox=\"0 0 {w:.1} {total:.1}\">\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/><g data-layer=\"figure\">{body}</g>{lines}\
         <text x=\"8\" y=\"{y2:.1}\" font-family=\"sans-serif\" font-size=\"11\" fill=\"#5b5b66\">{link}</text></svg>",
        body = writer.out,
        y2 = total - 12.0,
        link = escape_xml(link),
    );
    (svg, w, total)
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

/// The stage's figure: the focus element the fit marked, else the chapter's figure.
pub fn stage_figure(stage: &web_sys::Element) -> Option<web_sys::Element> {
    stage
        .query_selector(&format!("[{FOCUS_ATTR}]"))
        .ok()
        .flatten()
        .or_else(|| stage.query_selector("[data-testid=figure]").ok().flatten())
        .or_else(|| {
            stage
                .query_selector("[data-testid=cls-text-slide]")
                .ok()
                .flatten()
        })
}

/// Exports the figure on the stage.
pub fn figure(c: Classroom, stage: NodeRef<leptos::html::Div>, format: Format) {
    let lang = use_lang().get_untracked();
    let Some(stage) = stage.get_untracked() else {
        return;
    };
    let Some(root) = stage_figure(&stage) else {
        return;
    };
    let caption = c
        .current
        .with_untracked(|s| s.as_ref().map(|s| s.caption.get(lang).to_string()))
        .unwrap_or_default();
    let link = c.chapter_href(lang);
    let slug = c.chapter().map(|ch| ch.slug).unwrap_or("slide");
    let name = format!("warpscope-{slug}-{}", c.index() + 1);
    let (text, w, h) = figure_svg(&root, &caption, &link);
    match format {
        Format::Svg => {
            let parts = web_sys::js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(&text));
            let opts = web_sys::BlobPropertyBag::new();
            opts.set_type("image/svg+xml");
            if let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) {
                save_blob(&format!("{name}.svg"), &blob);
            }
        }
        Format::Png => {
            let Ok(img) = web_sys::HtmlImageElement::new() else {
                return;
            };
            let url = format!(
                "data:image/svg+xml;charset=utf-8,{}",
                percent_encoding::utf8_percent_encode(&text, percent_encoding::NON_ALPHANUMERIC)
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

    #[test]
    fn only_painted_colours_are_drawn() {
        assert_eq!(paint("rgba(0, 0, 0, 0)"), None);
        assert_eq!(paint("transparent"), None);
        assert_eq!(paint("rgb(12, 34, 56)").as_deref(), Some("rgb(12, 34, 56)"));
        assert_eq!(
            paint("rgba(12, 34, 56, 0.5)").as_deref(),
            Some("rgba(12, 34, 56, 0.5)")
        );
        assert_eq!(escape_xml("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
