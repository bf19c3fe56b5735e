//! A typed formula field: every keystroke goes to `on_input` (the page redraws within the frame),
//! and whatever the caller reports as wrong is shown inline underneath, as text.
//!
//! The formula language's errors are worded in one place, [`text::formula_error`].

use leptos::prelude::*;

use crate::ui::i18n::{use_lang, Tr};

/// A labelled one-line formula input with an inline error.
#[component]
pub fn FormulaField(
    /// Label in both languages.
    label: Tr,
    /// The formula as stored (typed text; empty = none).
    #[prop(into)]
    value: Signal<String>,
    /// Shown greyed when the field is empty (e.g. the preset's equivalent formula).
    #[prop(into)]
    placeholder: Signal<String>,
    /// Called on every keystroke with the whole text.
    on_input: Callback<String>,
    /// The current error, already in the page's language; `None` when the formula is fine.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// A short help line under the field (variables and operators).
    #[prop(into)]
    help: Signal<String>,
    /// `data-testid` of the wrapper.
    #[prop(optional)]
    testid: &'static str,
) -> impl IntoView {
    let lang = use_lang();
    let id = format!("ff-{}", if testid.is_empty() { "formula" } else { testid });
    let help_id = format!("{id}-help");
    view! {
        <div class="gx-field gx-formula-field" data-testid=testid>
            <label class="gx-field__label" for=id.clone()>{move || label.get(lang.get())}</label>
            <input
                type="text"
                id=id
                class="gx-field__number gx-field__number--wide gx-formula-field__input"
                class:gx-field__number--invalid=move || error.read().is_some()
                aria-invalid=move || if error.read().is_some() { "true" } else { "false" }
                aria-describedby=help_id.clone()
                spellcheck="false"
                autocomplete="off"
                placeholder=move || placeholder.get()
                prop:value=move || value.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
            <p class="gx-field__error" role="alert" data-testid="formula-error">{move || error.get()}</p>
            <p class="gx-field__help" id=help_id>{move || help.get()}</p>
        </div>
    }
}
