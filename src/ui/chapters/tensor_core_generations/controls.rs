//! Controls shared by the chapter's sections.

use leptos::prelude::*;

use super::state::{GenInputs, GenState};
use crate::ui::i18n::Tr;
use crate::ui::widgets::select_field;

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
) -> AnyView {
    let st = state();
    select_field(
        label,
        testid,
        options.into_iter().map(|(v, w)| (v.into(), w)).collect(),
        current.into(),
        move |v| st.inputs.update(|i| set(i, &v)),
    )
}
