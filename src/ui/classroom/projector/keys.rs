//! The keys presentation tools use (→ / Space / N, ← / P, G, R, B, F, O, S, C, H, E, ?), and
//! the presenter window and fullscreen they open.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::super::{Classroom, Overlay};
use crate::ui::i18n::use_lang;

/// Presentation keys, on the whole window (ignored while typing in a field).
pub fn keys(c: Classroom) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let typing = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        let key = ev.key();
        if typing {
            if key == "Escape" {
                c.overlay.set(Overlay::None);
            }
            return;
        }
        let open = c.overlay.get_untracked();
        let skip = ev.shift_key() && matches!(key.as_str(), "ArrowRight" | "ArrowLeft");
        let handled = match key.as_str() {
            // The next or previous step itself, past the simulation's events.
            "PageDown" | "ArrowRight" if skip || key == "PageDown" => {
                c.go(c.step.get_untracked().saturating_add(1));
                true
            }
            "PageUp" | "ArrowLeft" if skip || key == "PageUp" => {
                c.go(c.step.get_untracked().saturating_sub(1));
                true
            }
            "ArrowRight" | " " | "n" | "N" => {
                c.next();
                true
            }
            "ArrowLeft" | "p" | "P" => {
                c.prev();
                true
            }
            "Home" => {
                c.go(0);
                true
            }
            "End" => {
                c.go(c.step_count().saturating_sub(1));
                true
            }
            "g" | "G" => {
                c.overlay.set(Overlay::Jump);
                true
            }
            "r" | "R" => {
                if c.has_question() {
                    c.revealed.update(|r| *r = !*r);
                }
                true
            }
            "b" | "B" | "." => {
                c.blank.update(|b| *b = !*b);
                true
            }
            "f" | "F" => {
                toggle_fullscreen();
                true
            }
            "o" | "O" => {
                c.overlay.set(if open == Overlay::Overview {
                    Overlay::None
                } else {
                    Overlay::Overview
                });
                true
            }
            "Escape" => {
                c.overlay.set(if open == Overlay::None {
                    Overlay::Overview
                } else {
                    Overlay::None
                });
                true
            }
            "s" | "S" => {
                open_presenter(c);
                true
            }
            "?" => {
                c.overlay.set(if open == Overlay::Help {
                    Overlay::None
                } else {
                    Overlay::Help
                });
                true
            }
            "c" | "C" => {
                c.controls.update(|v| *v = !*v);
                true
            }
            "h" | "H" => {
                c.contrast.update(|v| *v = !*v);
                true
            }
            "e" | "E" => {
                c.overlay.set(if open == Overlay::Editor {
                    Overlay::None
                } else {
                    Overlay::Editor
                });
                true
            }
            _ => false,
        };
        if handled {
            ev.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());
}

/// Opens the presenter window in a new tab at the current state.
pub fn open_presenter(c: Classroom) {
    let href = c.href(true, use_lang().get_untracked());
    let _ = window().open_with_url_and_target(&href, "_blank");
}

pub(super) fn toggle_fullscreen() {
    let doc = document();
    if doc.fullscreen_element().is_some() {
        doc.exit_fullscreen();
    } else if let Some(el) = doc.document_element() {
        let _ = el.request_fullscreen();
    }
}
