//! Pure screen layout: scales and rectangles in named coordinate spaces.
//!
//! Convention: SVG/canvas origin top-left, x right, y down, units CSS pixels. Conversions are
//! named `b_from_a` (`px_from_value`, `value_from_px`). No web crate here.

pub mod chart;
pub mod die;
pub mod fixed;
pub mod grid;
pub mod legible;
pub mod scale;
pub mod warp_memory;
