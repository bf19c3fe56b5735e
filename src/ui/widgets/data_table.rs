//! The collapsible "data table" every figure has, for screen readers and for checking the
//! numbers. Its contents are built only while it is open, so a closed table costs nothing on
//! first load or when a slider moves, and an animation does not rebuild it every frame.

use leptos::prelude::*;

use crate::ui::i18n::{t, Tr};

/// `<details>` with `summary` as its line; `children` rendered only while open.
#[component]
pub fn DataDetails(
    /// The summary line.
    summary: Tr,
    /// `data-testid` of the `<details>`.
    #[prop(default = "data-table")]
    testid: &'static str,
    /// The table (or list), built on opening.
    children: ChildrenFn,
) -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <details class="l-body gx-data-table" data-testid=testid
            on:toggle=move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
            <summary>{t(summary)}</summary>
            {move || open.get().then(|| children())}
        </details>
    }
}
