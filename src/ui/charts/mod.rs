//! Dense charts drawn with plotters on a `<canvas>`, with focusable SVG overlays for the parts
//! a reader hovers or tabs to.

pub mod backend;
pub mod colors;
pub mod roofline_chart;
mod text;
