//! Small icons as SVG paths on a 16 × 16 grid, drawn in the text's colour: system fonts often
//! lack the media-control and symbol glyphs (⛶, ⏏, ⌨ drew as empty boxes on Debian's fonts).

use leptos::prelude::*;

/// An icon: `d` is one path on a 16 × 16 grid, filled even-odd (a hole is a second subpath).
/// Decoration only (`aria-hidden`); the control carries the label.
pub fn icon(d: &'static str) -> impl IntoView {
    view! {
        <svg class="gx-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d=d fill-rule="evenodd"/></svg>
    }
}

/// ⏮ first step.
pub const FIRST: &str = "M1 3h2v10H1zM9 3v10L3 8zM15 3v10L9 8z";
/// ◀ previous step.
pub const PREV: &str = "M3 3h2v10H3zM12 3v10L6 8z";
/// ▶ play.
pub const PLAY: &str = "M5 3v10l8-5z";
/// ⏸ pause.
pub const PAUSE: &str = "M4 3h3v10H4zM9 3h3v10H9z";
/// ▶ next step.
pub const NEXT: &str = "M4 3v10l6-5zM11 3h2v10h-2z";
/// ⏭ last step.
pub const LAST: &str = "M1 3v10l6-5zM7 3v10l6-5zM13 3h2v10h-2z";
/// Four tiles: every step at a glance.
pub const GRID: &str = "M2 2h5v5H2zM9 2h5v5H9zM2 9h5v5H2zM9 9h5v5H9z";
/// Two sliders: a chapter's controls.
pub const SLIDERS: &str = "M1 4h14v1.5H1zM1 10.5h14V12H1zM4 2h2.5v5.5H4zM9.5 8.5H12V14H9.5z";
/// A half-filled ring: high contrast.
pub const CONTRAST: &str =
    "M8 1a7 7 0 1 0 0 14A7 7 0 1 0 8 1zM8 2.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11zM8 2.5a5.5 5.5 0 0 0 0 11z";
/// A check mark: a menu toggle that is on.
pub const CHECK: &str = "M1.5 8.5l1.6-1.6L6 9.8l6.9-6.9 1.6 1.6L6 13z";
/// Four corners: fullscreen.
pub const FULLSCREEN: &str = "M1 1h5v2H3v3H1zM10 1h5v5h-2V3h-3zM1 10h2v3h3v2H1zM13 10h2v5h-5v-2h3z";
/// A filled square: blank the screen.
pub const SQUARE: &str = "M2 2h12v12H2z";
/// An arrow down onto a bar: download.
pub const DOWNLOAD: &str = "M7 1h2v7h3l-4 4-4-4h3zM2 13h12v2H2z";
/// A pencil: edit.
pub const PENCIL: &str = "M11.5 1L15 4.5 5.5 14H2v-3.5zM2 15h12v1H2z";
/// A keyboard: the keys.
pub const KEYBOARD: &str =
    "M1 4h14v8H1zM3 6h2v2H3zM6 6h2v2H6zM9 6h2v2H9zM12 6h1.5v2H12zM4 9.2h8v1.3H4z";
/// ⏏ eject: leave.
pub const EJECT: &str = "M8 2l6 7H2zM2 11h12v2.5H2z";
