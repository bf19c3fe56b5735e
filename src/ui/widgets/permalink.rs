//! Keeps the address bar a permalink of a chapter's inputs, and reads the query at mount.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::ui::i18n::{t, use_lang};
use crate::ui::text;

/// The page's query string as loaded (with its leading `?`, or empty).
pub fn initial_query() -> String {
    window().location().search().unwrap_or_default()
}

/// A memo of the current page's URL with `query()` as its query string, and an effect that
/// writes it to the address bar (`history.replaceState`, so Back still leaves the chapter).
/// `query` returns the query without `?`; the current language is appended as `lang=`, so a
/// teacher's link opens in the teacher's language.
pub fn use_permalink(query: impl Fn() -> String + Send + Sync + 'static) -> Memo<String> {
    let lang = use_lang();
    let url = Memo::new(move |_| {
        let q = query();
        let path = window().location().pathname().unwrap_or_default();
        let lang = lang.get().param();
        if q.is_empty() {
            format!("{path}?lang={lang}")
        } else {
            format!("{path}?{q}&lang={lang}")
        }
    });
    Effect::new(move |_| {
        let href = url.get();
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&href));
        }
    });
    url
}

/// The "permalink to this view" link at the end of a chapter.
#[component]
pub fn PermalinkLink(
    /// The URL from [`use_permalink`].
    url: Memo<String>,
) -> impl IntoView {
    view! {
        <p class="l-body gx-permalink">
            <a href=move || url.get() data-testid="permalink">
                {t(text::PERMALINK)}
            </a>
        </p>
    }
}
