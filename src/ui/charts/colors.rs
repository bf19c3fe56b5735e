//! Chart colours come from the CSS design tokens (`style/tokens.css`), so the canvas follows the
//! light/dark theme like the rest of the page. No colour literal lives in Rust except the
//! fallbacks used when a token is missing.

use plotters::style::RGBColor;
use wasm_bindgen::JsCast;

/// Parses `#rrggbb` (or `#rgb`); `None` otherwise.
pub fn parse_hex(text: &str) -> Option<RGBColor> {
    let hex = text.trim().strip_prefix('#')?;
    let full: String = match hex.len() {
        3 => hex.chars().flat_map(|c| [c, c]).collect(),
        6 => hex.to_string(),
        _ => return None,
    };
    let v = u32::from_str_radix(&full, 16).ok()?;
    Some(RGBColor((v >> 16) as u8, (v >> 8) as u8, v as u8))
}

/// Reads CSS custom properties from an element's computed style.
pub struct Tokens(Option<web_sys::CssStyleDeclaration>);

impl Tokens {
    /// The computed style of `el`.
    pub fn of(el: &web_sys::HtmlCanvasElement) -> Tokens {
        let el: &web_sys::Element = el.unchecked_ref();
        Tokens(
            leptos::prelude::window()
                .get_computed_style(el)
                .ok()
                .flatten(),
        )
    }

    /// The raw CSS value of `--name` (trimmed), or `fallback` when missing or empty.
    pub fn css(&self, name: &str, fallback: &str) -> String {
        self.0
            .as_ref()
            .and_then(|s| s.get_property_value(name).ok())
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| fallback.to_string())
    }

    /// The colour of `--name`, or `fallback`.
    pub fn color(&self, name: &str, fallback: RGBColor) -> RGBColor {
        self.0
            .as_ref()
            .and_then(|s| s.get_property_value(name).ok())
            .and_then(|v| parse_hex(&v))
            .unwrap_or(fallback)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_parses() {
        assert_eq!(parse_hex(" #1a2B3c"), Some(RGBColor(0x1a, 0x2b, 0x3c)));
        assert_eq!(parse_hex("#fff"), Some(RGBColor(255, 255, 255)));
        assert_eq!(parse_hex("red"), None);
        assert_eq!(parse_hex("#12345"), None);
    }
}
