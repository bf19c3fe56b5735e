//! A labelled `<select>`, the chapters' one drop-down.

use leptos::prelude::*;

use crate::ui::i18n::{t, use_lang, Tr};

/// A labelled `<select>` (`.gx-field`): `options` as (value, words), the one equal to
/// `current` selected; `on_pick` gets the value picked. Words that are the same in both
/// languages (a shape's name, a type) are a [`Tr`] with both halves equal.
pub fn select_field(
    label: Tr,
    testid: &'static str,
    options: Vec<(String, Tr)>,
    current: Signal<String>,
    on_pick: impl Fn(String) + 'static,
) -> AnyView {
    let lang = use_lang();
    view! {
        <label class="gx-field">
            <span class="gx-field__label">{t(label)}</span>
            <select class="gx-select" data-testid=testid on:change=move |ev| on_pick(event_target_value(&ev))>
                {options.into_iter().map(|(value, words)| {
                    let v = value.clone();
                    view! {
                        <option value=value selected=move || current.with(|c| *c == v)>{move || words.get(lang.get())}</option>
                    }
                }).collect_view()}
            </select>
        </label>
    }
    .into_any()
}
