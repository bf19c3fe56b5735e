//! Controls shared by the chapter's sections.

use leptos::prelude::*;

use super::state::{GenInputs, GenState};
use crate::ui::i18n::{t, use_lang, Tr};

/// The chapter's state, provided by the page.
pub(super) fn state() -> GenState {
    expect_context::<GenState>()
}

/// A `<select>` of a section: `options` (value, words), the one equal to `current` selected;
/// `set` applies a pick to the inputs.
pub(super) fn select(
    label: Tr,
    testid: &'static str,
    options: Vec<(impl Into<String>, Tr)>,
    current: Memo<String>,
    set: fn(&mut GenInputs, &str),
) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <label class="gx-field">
            <span class="gx-field__label">{t(label)}</span>
            <select class="gx-select" data-testid=testid on:change=move |ev| {
                let v = event_target_value(&ev);
                st.inputs.update(|i| set(i, &v));
            }>
                {options.into_iter().map(|(value, words)| {
                    let value: String = value.into();
                    let v = value.clone();
                    view! {
                        <option value=value selected=move || current.get() == v>{move || words.get(lang.get())}</option>
                    }
                }).collect_view()}
            </select>
        </label>
    }
}
