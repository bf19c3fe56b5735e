//! Non-generic builders for shapes that chapters repeat (a table's header row, a keyed list):
//! each is compiled once and shared, where a `view!` or `<For>` per use would ship its own copy
//! of the same code in every chapter pack (issue #18, deep-link bytes).

use leptos::prelude::*;

use crate::ui::i18n::{t, Tr};

/// A table's `<thead>` row of `<th scope="col">` cells, each in the reader's language (a
/// symbol shown the same in both languages is a [`Tr`] with one text twice).
pub fn head_row(cols: &[Tr]) -> AnyView {
    let cells = cols
        .iter()
        .map(|c| view! { <th scope="col">{t(*c)}</th> })
        .collect_view();
    view! { <thead><tr>{cells}</tr></thead> }.into_any()
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
