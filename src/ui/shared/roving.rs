//! Roving tabindex: a figure with many focusable parts (lanes, SMs, bars, chart points) is ONE
//! tab stop, and the arrow keys move inside it (WAI-ARIA Authoring Practices, "Managing focus
//! within components using a roving tabindex").
//!
//! Use: give the container (the `<svg>` or `<g>` with `role="group"` and a name)
//! `on:keydown=roving.on_keydown()` and `on:focusin=roving.on_focusin()` (an SVG container also
//! `tabindex="-1"`: Chromium puts an SVG element with focus listeners in the tab order); give item `i`
//! (`0..count`, in reading order) `tabindex=roving.tabindex(i)` and `data-roving=i`. Exactly
//! one item has `tabindex="0"`: the one focused last (the first at the start, the last one
//! when the figure shrinks below it). Keys: ← / ↑ previous, → / ↓ next (in a grid of `cols`
//! columns ↑ / ↓ move a row), Home / End first and last; the movement stops at the ends.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The item a key moves to from item `at` among `count` items laid out in rows of `cols`
/// (`cols == 0`: one row); `None` for a key that does not move (the event is left alone).
pub fn step_index(key: &str, at: usize, count: usize, cols: usize) -> Option<usize> {
    if count == 0 {
        return None;
    }
    let last = count - 1;
    let at = at.min(last);
    let row = if cols == 0 { 1 } else { cols };
    Some(match key {
        "ArrowLeft" => at.saturating_sub(1),
        "ArrowRight" => (at + 1).min(last),
        "ArrowUp" if cols == 0 => at.saturating_sub(1),
        "ArrowDown" if cols == 0 => (at + 1).min(last),
        "ArrowUp" => at.checked_sub(row).unwrap_or(at),
        "ArrowDown" if at + row <= last => at + row,
        "ArrowDown" => at,
        "Home" => 0,
        "End" => last,
        _ => return None,
    })
}

/// The roving tab stop of one figure. `Copy`: hand it to every item.
#[derive(Clone, Copy)]
pub struct Roving {
    active: RwSignal<usize>,
    count: Signal<usize>,
    cols: usize,
}

impl Roving {
    /// A roving stop over `count` items in rows of `cols` (`0`: one row, all four arrows step).
    pub fn new(count: impl Into<Signal<usize>>, cols: usize) -> Roving {
        Roving {
            active: RwSignal::new(0),
            count: count.into(),
            cols,
        }
    }

    /// The same stop held by item `i` at the start (the selected one), so the first Tab lands
    /// on it.
    pub fn starting_at(self, i: usize) -> Roving {
        self.active.set(i);
        self
    }

    /// The item that holds the tab stop (tracked).
    pub fn active(self) -> usize {
        self.active.get().min(self.count.get().saturating_sub(1))
    }

    /// `tabindex` of item `i`: "0" for the item holding the stop, "-1" for the others.
    pub fn tabindex(self, i: usize) -> impl Fn() -> &'static str + Send + Sync + Copy + 'static {
        move || if self.active() == i { "0" } else { "-1" }
    }

    /// Keydown handler for the container: arrows, Home and End move the focus among the items.
    pub fn on_keydown(self) -> impl Fn(leptos::ev::KeyboardEvent) + Clone + 'static {
        move |ev: leptos::ev::KeyboardEvent| {
            if ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
                return;
            }
            let Some(at) = ev.target().as_ref().and_then(item_index) else {
                return;
            };
            let Some(to) = step_index(&ev.key(), at, self.count.get_untracked(), self.cols) else {
                return;
            };
            ev.prevent_default();
            self.active.set(to);
            let container = ev
                .current_target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
            if let Some(el) = container
                .and_then(|c| c.query_selector(&format!("[data-roving=\"{to}\"]")).ok())
                .flatten()
            {
                // SVG elements have focus() too (HTMLOrSVGElement); the cast is structural.
                let _ = el.unchecked_into::<web_sys::HtmlElement>().focus();
            }
        }
    }

    /// Focusin handler for the container: an item focused by the mouse or a script takes the stop.
    pub fn on_focusin(self) -> impl Fn(leptos::ev::FocusEvent) + Clone + 'static {
        move |ev: leptos::ev::FocusEvent| {
            if let Some(i) = ev.target().as_ref().and_then(item_index) {
                if self.active.get_untracked() != i {
                    self.active.set(i);
                }
            }
        }
    }
}

/// The `data-roving` index of the item an event hit (the item itself or an element inside it).
pub fn item_index(target: &web_sys::EventTarget) -> Option<usize> {
    let el = target.dyn_ref::<web_sys::Element>()?;
    let item = el.closest("[data-roving]").ok().flatten()?;
    item.get_attribute("data-roving")?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::step_index;

    #[test]
    fn one_row_steps_and_stops_at_the_ends() {
        assert_eq!(step_index("ArrowRight", 0, 32, 0), Some(1));
        assert_eq!(step_index("ArrowDown", 0, 32, 0), Some(1));
        assert_eq!(step_index("ArrowLeft", 0, 32, 0), Some(0));
        assert_eq!(step_index("ArrowUp", 5, 32, 0), Some(4));
        assert_eq!(step_index("ArrowRight", 31, 32, 0), Some(31));
        assert_eq!(step_index("End", 3, 32, 0), Some(31));
        assert_eq!(step_index("Home", 3, 32, 0), Some(0));
        assert_eq!(step_index("a", 3, 32, 0), None);
        assert_eq!(step_index("Tab", 3, 32, 0), None);
        assert_eq!(step_index("ArrowRight", 0, 0, 0), None);
        // An index past a shrunken figure starts from its last item.
        assert_eq!(step_index("ArrowLeft", 40, 32, 0), Some(30));
    }

    #[test]
    fn a_grid_moves_by_rows() {
        assert_eq!(step_index("ArrowDown", 1, 16, 8), Some(9));
        assert_eq!(step_index("ArrowDown", 9, 16, 8), Some(9));
        assert_eq!(step_index("ArrowUp", 9, 16, 8), Some(1));
        assert_eq!(step_index("ArrowUp", 1, 16, 8), Some(1));
        assert_eq!(step_index("ArrowRight", 7, 16, 8), Some(8));
    }
}
