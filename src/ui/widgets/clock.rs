//! The page's monotonic clock.

use leptos::prelude::window;

/// Milliseconds on the page's monotonic clock (`performance.now()`; 0 where there is none):
/// what timers, throttles and measured compute times read. The model never sees it.
pub fn monotonic_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}
