//! The GPU picker every chapter with a GPU input shows: a labelled `<select>` of GPU ids
//! (`data-testid="select-gpu"`). It only reports picks of ids it offers; the chapter writes its
//! inputs (and so the URL, and any notice) as it always did.

use leptos::prelude::*;

use crate::model::gpu_spec::GpuSpec;
use crate::ui::i18n::t;
use crate::ui::text;

/// A labelled select of the GPUs `ids` (ids [`GpuSpec::by_id`] knows, in the order shown; an
/// unknown id is left out), showing `selected` as chosen.
#[component]
pub fn GpuSelect(
    /// The GPU ids offered, in order.
    #[prop(into)]
    ids: Vec<&'static str>,
    /// The id shown as chosen.
    #[prop(into)]
    selected: Signal<String>,
    /// Called with the picked id (always one of `ids`).
    on_pick: Callback<String>,
    /// Write each GPU's SM count after its name (`H100 SXM (132 SMs)`).
    #[prop(optional)]
    with_sms: bool,
    /// Extra class of the `<label>` (besides `gx-field`).
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    let specs: Vec<GpuSpec> = ids.iter().filter_map(|id| GpuSpec::by_id(id)).collect();
    let known = ids.clone();
    let lang = crate::ui::i18n::use_lang();
    let options = specs
        .into_iter()
        .map(|g| {
            let id = g.id;
            let name = move || {
                if with_sms {
                    text::gpu_with_sms(g.name, g.sm_count, lang.get())
                } else {
                    g.name.to_string()
                }
            };
            view! { <option value=id selected=move || selected.with(|s| s.as_str() == id)>{name}</option> }
        })
        .collect_view();
    view! {
        <label class=if class.is_empty() { "gx-field".to_string() } else { format!("gx-field {class}") }>
            <span class="gx-field__label">{t(text::GPU)}</span>
            <select class="gx-select" data-testid="select-gpu" on:change=move |ev| {
                let id = event_target_value(&ev);
                if known.contains(&id.as_str()) {
                    on_pick.run(id);
                }
            }>
                {options}
            </select>
        </label>
    }
}

/// Every GPU the model knows, in its order.
pub fn all_gpu_ids() -> Vec<&'static str> {
    GpuSpec::presets().iter().map(|g| g.id).collect()
}
