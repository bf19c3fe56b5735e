//! Rows of a "numbers" panel: a quantity, its formula with the current numbers, its value.

use leptos::prelude::*;

use crate::ui::i18n::{t, Tr};

/// One `<tr>`: the quantity's name, its formula (monospace), its value (right-aligned).
pub fn formula_row(name: Tr, formula: String, value: String) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">{t(name)}</th>
            <td class="gx-formula">{formula}</td>
            <td class="gx-value">{value}</td>
        </tr>
    }
}

/// [`formula_row`] whose value cell carries `data-testid=testid` (for the browser tests).
pub fn formula_row_testid(
    name: Tr,
    formula: String,
    value: String,
    testid: &'static str,
) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">{t(name)}</th>
            <td class="gx-formula">{formula}</td>
            <td class="gx-value" data-testid=testid>{value}</td>
        </tr>
    }
}
