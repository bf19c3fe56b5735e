//! The projector and the presenter window stay in sync by state, not by replaying events:
//! each window sends its whole shared state ([`Wire`]) whenever it changes, and a window that
//! receives a state different from its own takes it. Transport: a `BroadcastChannel`, and the
//! `localStorage` `storage` event as a fallback (both work from a static host or `file://`,
//! with no server).

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{BroadcastChannel, MessageEvent};

use super::Classroom;

/// Channel and storage key.
const CHANNEL: &str = "warpscope.classroom";
/// A message asking the other windows of the session to send their state (`hello:<sid>`).
const HELLO: &str = "hello:";

/// What the windows share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Wire {
    sid: String,
    lesson: String,
    step: usize,
    q: Option<String>,
    rev: bool,
    blank: bool,
    ptr: Option<(f64, f64)>,
}

impl Wire {
    fn of(c: Classroom) -> Wire {
        Wire {
            sid: c.session.get_value(),
            lesson: c.source.get(),
            step: c.step.get(),
            q: c.params.get(),
            rev: c.revealed.get(),
            blank: c.blank.get(),
            ptr: c.pointer.get(),
        }
    }

    /// Takes this state (an event from the outside world: the other window).
    fn apply(self, c: Classroom) {
        if c.source.get_untracked() != self.lesson {
            c.source.set(self.lesson);
        }
        if c.step.get_untracked() != self.step {
            c.step.set(self.step);
        }
        if c.params.get_untracked() != self.q {
            c.params.set(self.q);
        }
        if c.revealed.get_untracked() != self.rev {
            c.revealed.set(self.rev);
        }
        if c.blank.get_untracked() != self.blank {
            c.blank.set(self.blank);
        }
        if c.pointer.get_untracked() != self.ptr {
            c.pointer.set(self.ptr);
        }
    }
}

/// Connects this window to the others of the same origin.
pub fn connect(c: Classroom) {
    let channel: Option<BroadcastChannel> = BroadcastChannel::new(CHANNEL).ok();
    // The last state sent or received, so a received state is not echoed back.
    let last = Rc::new(RefCell::new(String::new()));
    let send = {
        let channel = channel.clone();
        move |msg: &str| {
            if let Some(ch) = &channel {
                let _ = ch.post_message(&wasm_bindgen::JsValue::from_str(msg));
            }
            if let Ok(Some(s)) = window().local_storage() {
                // A nonce makes every write an event, even of the same state.
                let _ = s.set_item(
                    CHANNEL,
                    &format!("{}\n{msg}", crate::ui::widgets::monotonic_ms()),
                );
            }
        }
    };
    let receive = {
        let last = Rc::clone(&last);
        let send = send.clone();
        move |msg: &str| {
            let sid = c.session.get_value();
            if let Some(from) = msg.strip_prefix(HELLO) {
                if from != sid {
                    return;
                }
                let own = last.borrow().clone();
                if !own.is_empty() {
                    send(&own);
                }
                return;
            }
            let Ok(wire) = serde_json::from_str::<Wire>(msg) else {
                return;
            };
            if wire.sid != sid {
                return;
            }
            *last.borrow_mut() = msg.to_string();
            wire.apply(c);
        }
    };
    if let Some(ch) = &channel {
        let receive = receive.clone();
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
            if let Some(msg) = ev.data().as_string() {
                receive(&msg);
            }
        });
        ch.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
    }
    {
        let receive = receive.clone();
        let handle = window_event_listener(leptos::ev::storage, move |ev| {
            if ev.key().as_deref() != Some(CHANNEL) {
                return;
            }
            if let Some(v) = ev.new_value() {
                if let Some((_, msg)) = v.split_once('\n') {
                    receive(msg);
                }
            }
        });
        on_cleanup(move || handle.remove());
    }
    let first = Rc::new(RefCell::new(true));
    Effect::new(move |_| {
        let wire = Wire::of(c);
        let Ok(msg) = serde_json::to_string(&wire) else {
            return;
        };
        if *last.borrow() == msg {
            return;
        }
        *last.borrow_mut() = msg.clone();
        if std::mem::take(&mut *first.borrow_mut()) {
            // A window that just opened asks for the state instead of imposing its own.
            send(&format!("{HELLO}{}", c.session.get_value()));
            return;
        }
        send(&msg);
    });
    if let Some(ch) = channel {
        let ch = StoredValue::new_local(ch);
        on_cleanup(move || ch.with_value(|ch| ch.close()));
    }
}
