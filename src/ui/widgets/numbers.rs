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

/// The cells of a panel's rows, `(quantity, formula, value)`, from one memo: see [`live_rows`].
pub type RowCells = Vec<(Tr, String, String)>;

/// Rows `range` of a panel as [`formula_row`]s built once, each cell's text following row `k` of
/// `cells` (empty past its end): a slider tick rewrites the text that changed, no element or
/// attribute.
pub fn live_rows(cells: Memo<RowCells>, range: std::ops::Range<usize>) -> impl IntoView {
    live_rows_testid(cells, range, &[])
}

/// [`live_rows`] whose row `k`'s value cell carries `data-testid=testids[k]` (none past its
/// end).
pub fn live_rows_testid(
    cells: Memo<RowCells>,
    range: std::ops::Range<usize>,
    testids: &'static [&'static str],
) -> impl IntoView {
    let lang = crate::ui::i18n::use_lang();
    range
        .map(|k| {
            let cell = move |f: fn(&(Tr, String, String), crate::ui::i18n::Lang) -> String| {
                move || {
                    let l = lang.get();
                    cells.with(|c| c.get(k).map(|r| f(r, l)).unwrap_or_default())
                }
            };
            view! {
                <tr>
                    <th scope="row">{cell(|r, l| r.0.get(l).to_string())}</th>
                    <td class="gx-formula">{cell(|r, _| r.1.clone())}</td>
                    <td class="gx-value" data-testid=testids.get(k).copied()>{cell(|r, _| r.2.clone())}</td>
                </tr>
            }
        })
        .collect_view()
}
