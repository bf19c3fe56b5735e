//! The browser side of quiz progress: `localStorage`, the clock, export links and printing.
//! Every call tolerates a browser that refuses (storage disabled, full, or corrupt): the quiz
//! keeps working in memory and says so.

use leptos::prelude::*;

use super::progress::{Progress, STORAGE_KEY};

/// What went wrong with storage, for the message on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageNote {
    /// Storage is disabled or full: progress lives only in this tab.
    Off,
    /// The stored progress was not ours or unreadable; started afresh.
    Corrupt,
    /// Some stored lines could not be read and were skipped.
    Partial,
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// The stored progress, or a fresh one and why.
pub fn load() -> (Progress, Option<StorageNote>) {
    let Some(s) = storage() else {
        return (Progress::default(), Some(StorageNote::Off));
    };
    match s.get_item(STORAGE_KEY) {
        Ok(None) => (Progress::default(), None),
        Ok(Some(text)) => match Progress::from_storage(&text) {
            Ok((p, 0)) => (p, None),
            Ok((p, _)) => (p, Some(StorageNote::Partial)),
            Err(_) => (Progress::default(), Some(StorageNote::Corrupt)),
        },
        Err(_) => (Progress::default(), Some(StorageNote::Off)),
    }
}

/// Writes `p`; `Err` when the browser refuses (disabled or full).
pub fn save(p: &Progress) -> Result<(), StorageNote> {
    let s = storage().ok_or(StorageNote::Off)?;
    s.set_item(STORAGE_KEY, &p.to_storage())
        .map_err(|_| StorageNote::Off)
}

/// Milliseconds since 1970 from the page's clock.
pub fn now_ms() -> f64 {
    window()
        .performance()
        .map_or(0.0, |p| p.time_origin() + p.now())
}

/// A `data:` URL holding `text` (export links: no request leaves the page).
pub fn data_url(mime: &str, text: &str) -> String {
    let mut out = format!("data:{mime};charset=utf-8,");
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Opens the browser's print dialog.
pub fn print() {
    let _ = window().print();
}
