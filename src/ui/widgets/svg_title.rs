//! An SVG `<title>`: the tooltip of the shape or group it is in.

use leptos::prelude::*;
use leptos::tachys::html::element::ElementChild;
use leptos::tachys::view::IntoRender;

/// A `<title>` in the SVG namespace holding `text` (a string or a closure returning one).
///
/// `view!` (leptos_macro 0.8) builds a `<title>` written directly inside a `<g>` as an *HTML*
/// element, which an SVG ignores: no tooltip (the lane and warp-row
/// groups of four chapters). A `<title>` inside a `<rect>` or `<circle>` comes out right; use
/// this one inside a `<g>`.
pub fn svg_title<T>(text: T) -> impl IntoView
where
    T: IntoRender + Send + 'static,
    T::Output: leptos::tachys::view::RenderHtml,
{
    leptos::tachys::svg::title().child(text)
}
