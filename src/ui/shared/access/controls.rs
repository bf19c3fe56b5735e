//! The controls both memory chapters share: example, element size, stride, offset, active lanes
//! and the typed index formula. They only write the inputs signal.

use leptos::prelude::*;

use super::{has_stride, limits, text, AccessChapter, AccessQuery, Problem, CUSTOM};
use crate::model::access::{AccessError, Preset, SUPPORTED_WIDTHS_BYTES};
use crate::ui::i18n::{t, use_lang};
use crate::ui::shell::UrlInputs;
use crate::ui::widgets::{FormulaField, RangeSlider};

/// A chapter's preset texts by preset id: the chapter maps the model's id once to its own
/// preset enum and matches that exhaustively; `None` only for an id the chapter does not know
/// (its tests rule that out for every preset in its list).
pub type PresetTexts = fn(&str) -> Option<text::PresetText>;

/// An access chapter's first answer: `figure` (built once the chapter's state is provided)
/// beside the control column.
pub fn figure_and_controls<R: AccessChapter>(
    state: super::state::AccessState<R>,
    figure: AnyView,
    preset_text: PresetTexts,
) -> AnyView {
    let problem = Signal::derive(move || state.outputs.with(|o| o.problem.clone()));
    view! {
        <section class="l-page gx-figure-grid">
            {figure}
            <AccessControls inputs=state.inputs preset_text=preset_text problem=problem/>
        </section>
    }
    .into_any()
}

/// The control column.
#[component]
pub fn AccessControls<R: AccessChapter>(
    /// The chapter's inputs (its presets are `R::PRESETS`).
    inputs: UrlInputs<AccessQuery<R>>,
    /// Their titles and descriptions.
    preset_text: PresetTexts,
    /// What is wrong with the current inputs, if anything.
    #[prop(into)]
    problem: Signal<Option<Problem>>,
) -> impl IntoView {
    let presets = R::PRESETS;
    let lang = use_lang();
    let title = move |p: &Preset| preset_text(p.id).map_or(p.title, |t| t.title.get(lang.get()));
    // A preset's description quotes its own numbers: once an input is edited it no longer
    // applies, and the page says so instead of showing stale figures.
    let description = move || {
        let l = lang.get();
        inputs.with(|i| {
            let Some(p) = presets.iter().find(|p| p.id == i.preset) else {
                return text::CUSTOM_DESCRIPTION.get(l).to_string();
            };
            let mut fresh = i.clone();
            fresh.apply_preset(p);
            if fresh == *i {
                preset_text(p.id)
                    .map_or(p.description, |t| t.description.get(l))
                    .to_string()
            } else {
                text::modified_preset(title(p), problem.with(Option::is_none), l)
            }
        })
    };
    let stride_unused = move || {
        inputs.with(|i| {
            i.formula.trim().is_empty()
                && i.preset_in(presets)
                    .is_some_and(|p| !has_stride(&p.access.pattern))
        })
    };
    let message = move |p: &Problem| text::problem_text(p, lang.get());
    // A misaligned address comes from the offset (formulas give element indices), so its
    // message sits under the offset; every other problem comes from the formula.
    let offset_caused = |p: &Problem| matches!(p, Problem::Access(AccessError::Misaligned { .. }));
    let error = Signal::derive(move || {
        problem
            .get()
            .filter(|p| !offset_caused(p))
            .map(|p| message(&p))
    });
    let offset_error = move || {
        problem
            .get()
            .filter(offset_caused)
            .map(|p| view! { <p class="gx-field__error" role="alert" data-testid="offset-error">{message(&p)}</p> })
    };
    view! {
        <aside class="gx-controls" aria-label=t(text::CONTROLS)>
            <label class="gx-field">
                <span class="gx-field__label">{t(text::PRESET)}</span>
                <select class="gx-select" data-testid="select-preset" on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if let Some(p) = presets.iter().find(|p| p.id == id) {
                        inputs.navigate_update(|i| i.apply_preset(p));
                    } else if id == CUSTOM {
                        inputs.update(|i| { i.preset = CUSTOM.into(); i.formula.clear(); });
                    }
                }>
                    {presets.iter().map(|p| {
                        let id = p.id;
                        view! { <option value=id prop:selected=move || inputs.with(|i| i.preset == id)>{move || title(p)}</option> }
                    }).collect_view()}
                    <option value=CUSTOM prop:selected=move || inputs.with(|i| i.preset == CUSTOM)>{t(text::CUSTOM_PRESET)}</option>
                </select>
            </label>
            <p class="gx-controls__description" data-testid="preset-description">{description}</p>
            <label class="gx-field">
                <span class="gx-field__label">{t(text::ELEM)}</span>
                <select class="gx-select" data-testid="select-elem" on:change=move |ev| {
                    if let Ok(w) = event_target_value(&ev).parse::<u32>() {
                        if SUPPORTED_WIDTHS_BYTES.contains(&w) {
                            inputs.update(|i| i.elem = w);
                        }
                    }
                }>
                    {SUPPORTED_WIDTHS_BYTES.iter().map(|&w| view! {
                        <option value=w.to_string() prop:selected=move || inputs.with(|i| i.elem == w)>{text::elem_label(w)}</option>
                    }).collect_view()}
                </select>
            </label>
            <RangeSlider label=text::STRIDE min=limits::STRIDE.0 max=limits::STRIDE.1 testid="slider-stride"
                value=Signal::derive(move || inputs.with(|i| i.stride))
                on_input=Callback::new(move |v| inputs.update(|i| {
                    if i.formula.trim().is_empty() && i.preset_in(presets).is_some_and(|p| !has_stride(&p.access.pattern)) {
                        i.preset = CUSTOM.into();
                    }
                    i.stride = v;
                }))/>
            <Show when=stride_unused>
                <p class="gx-field__help">{t(text::STRIDE_UNUSED)}</p>
            </Show>
            <RangeSlider label=text::OFFSET min=limits::OFFSET.0 max=limits::OFFSET.1 unit="B" testid="slider-offset"
                value=Signal::derive(move || inputs.with(|i| i.offset))
                on_input=Callback::new(move |v| inputs.update(|i| i.offset = v))/>
            {offset_error}
            <RangeSlider label=text::LANES min=limits::LANES.0 max=limits::LANES.1 testid="slider-lanes"
                value=Signal::derive(move || inputs.with(|i| u64::from(i.lanes)))
                on_input=Callback::new(move |v: u64| inputs.update(|i| i.lanes = v.min(32) as u32))/>
            <FormulaField label=text::FORMULA testid="formula"
                value=Signal::derive(move || inputs.with(|i| i.formula.clone()))
                placeholder=Signal::derive(move || inputs.with(|i| i.pattern_formula_text(presets).unwrap_or("").to_string()))
                on_input=Callback::new(move |f: String| inputs.update(|i| i.formula = f))
                error=error
                help=Signal::derive(move || inputs.with(|i| text::formula_help(&i.vars(presets), lang.get())))
            />
        </aside>
    }
}
