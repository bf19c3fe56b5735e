//! Non-generic builders for shapes that chapters repeat (a `<select>` of fixed options, a radio
//! button, a table's header row, a row of fixed text): each is compiled once and shared, where a
//! `view!` per use would ship its own copy of the same element code in every chapter pack
//! (issue #18, deep-link bytes).

use leptos::prelude::*;

use crate::ui::i18n::{t, Tr};

/// A labelled `<select class="gx-select">` of `options` `(value, shown text)`; option `i` is
/// marked `selected` while `selected` is `i`; a change calls `on_pick` with the picked option's
/// index (a value not in `options` calls nothing).
pub fn select_field(
    label: Tr,
    testid: Option<&'static str>,
    options: Vec<(&'static str, Tr)>,
    selected: Signal<usize>,
    on_pick: Callback<usize>,
) -> AnyView {
    let values: Vec<&'static str> = options.iter().map(|o| o.0).collect();
    view! {
        <label class="gx-field">
            <span class="gx-field__label">{t(label)}</span>
            <select class="gx-select" data-testid=testid on:change=move |ev| {
                let v = event_target_value(&ev);
                if let Some(i) = values.iter().position(|x| *x == v) {
                    on_pick.run(i);
                }
            }>
                {options.into_iter().enumerate().map(|(i, (value, name))| view! {
                    <option value=value selected=move || selected.get() == i>{t(name)}</option>
                }).collect_view()}
            </select>
        </label>
    }
    .into_any()
}

/// `<label><input type="radio" name=name data-testid=testid> label</label>`, checked while
/// `checked`; choosing it calls `on_pick`.
pub fn radio(
    name: &'static str,
    testid: &'static str,
    label: Tr,
    checked: Signal<bool>,
    on_pick: Callback<()>,
) -> AnyView {
    view! {
        <label>
            <input type="radio" name=name data-testid=testid
                prop:checked=move || checked.get()
                on:change=move |_| on_pick.run(())/>
            {t(label)}
        </label>
    }
    .into_any()
}

/// A table's `<thead>` row of `<th scope="col">` cells, each in the reader's language (a
/// symbol shown the same in both languages is a [`Tr`] with one text twice).
pub fn head_row(cols: &[Tr]) -> AnyView {
    let cells = cols
        .iter()
        .map(|c| view! { <th scope="col">{t(*c)}</th> })
        .collect_view();
    view! { <thead><tr>{cells}</tr></thead> }.into_any()
}

/// A `<tr>` of fixed text: a row header `<th scope="row">` (in the reader's language) and
/// `<td>` cells, each with an optional `data-testid`.
pub fn text_row(name: Tr, cells: Vec<(String, Option<&'static str>)>) -> AnyView {
    let cells = cells
        .into_iter()
        .map(|(text, testid)| view! { <td data-testid=testid>{text}</td> })
        .collect_view();
    view! { <tr><th scope="row">{t(name)}</th>{cells}</tr> }.into_any()
}

/// A list keyed by `keys` (each key once): `child(key)` is built when its key appears and
/// dropped when it goes, the others kept as they are. One keyed `<For>` compiled for every
/// chapter that uses it, where a `<For>` per list ships its own copy of the keyed diff.
pub fn keyed_list(
    keys: Signal<Vec<u32>>,
    child: std::sync::Arc<dyn Fn(u32) -> AnyView + Send + Sync>,
) -> AnyView {
    view! { <For each=move || keys.get() key=|k| *k children=move |k| child(k)/> }.into_any()
}

/// Items `0..count`, each built once when the count first reaches it ([`keyed_list`] by
/// position): a change of the count adds or drops items at the end only.
pub fn indexed_list(
    count: Signal<usize>,
    child: std::sync::Arc<dyn Fn(usize) -> AnyView + Send + Sync>,
) -> AnyView {
    keyed_list(
        Signal::derive(move || {
            (0..count.get())
                .filter_map(|k| u32::try_from(k).ok())
                .collect()
        }),
        std::sync::Arc::new(move |k| child(k as usize)),
    )
}
