//! The launch: grid and block as dim3, each scalar parameter's value, the GPU and registers per
//! thread. Each field commits on change (Enter or leaving it); what cannot be read stays on
//! screen with a message and changes nothing.

use leptos::prelude::*;

use super::editor::current_run_error;
use super::state::{dim3_text, limits, parse_dim3, Dim3Error, LabState, Setup};
use super::text;
use crate::model::kernel::{ParamKind, RunError};
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::gpu_select::{all_gpu_ids, GpuSelect};
use crate::ui::widgets::IntegerInput;

fn state() -> LabState {
    expect_context::<LabState>()
}

/// One dim3 field.
#[component]
fn Dim3Field(
    /// Label.
    label: crate::ui::i18n::Tr,
    /// `data-testid` and id.
    id: &'static str,
    /// Reads the field's dim3 from the inputs.
    get: fn(&super::state::LabInputs) -> [u32; 3],
    /// Writes it.
    set: fn(&mut super::state::LabInputs, [u32; 3]),
) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let value = st.inputs.part(get);
    let bad = RwSignal::new(None::<Dim3Error>);
    let err_id = format!("{id}-err");
    view! {
        <div class="gx-field">
            <label class="gx-field__label" for=id>{t(label)}</label>
            <input id=id type="text" inputmode="numeric" class="gx-field__number gx-field__number--wide"
                data-testid=id placeholder=move || text::DIM3_HINT.get(lang.get())
                class:gx-field__number--invalid=move || bad.get().is_some()
                aria-invalid=move || if bad.get().is_some() { "true" } else { "false" }
                aria-describedby=err_id.clone()
                prop:value=move || dim3_text(value.get())
                on:change=move |ev| {
                    match parse_dim3(&event_target_value(&ev)) {
                        Ok(d) => {
                            bad.set(None);
                            st.inputs.update(|i| set(i, d));
                        }
                        Err(e) => bad.set(Some(e)),
                    }
                }/>
            <p class="gx-field__error" id=err_id role="alert">
                {move || bad.get().map(|e| match e {
                    Dim3Error::Format => text::DIM3_BAD.get(lang.get()),
                    Dim3Error::TooLarge => text::DIM3_TOO_LARGE.get(lang.get()),
                })}
            </p>
        </div>
    }
}

/// The scalar parameters to show: the parsed kernel's, else (the source does not parse) the
/// values the inputs hold.
fn scalar_params(st: &LabState) -> Vec<(String, &'static str)> {
    st.setup.with(|s| match s.kernel() {
        Some(k) => k
            .params
            .iter()
            .filter_map(|p| match p.kind {
                ParamKind::Scalar { ty } => Some((p.name.clone(), ty.c_name())),
                ParamKind::Pointer { .. } => None,
            })
            .collect(),
        None => st
            .inputs
            .with(|i| i.args.keys().map(|k| (k.clone(), "")).collect()),
    })
}

/// The message under argument `name`'s field, if any.
fn arg_message(st: &LabState, name: &str, lang: crate::ui::i18n::Lang) -> Option<String> {
    let typed = st.setup.with(|s| match s {
        Setup::Args(_, problems) => problems
            .iter()
            .find(|(n, _)| n == name)
            .map(|(n, p)| text::arg_problem(n, p, lang)),
        _ => None,
    });
    typed.or_else(|| match current_run_error(st) {
        Some(e @ RunError::ArgumentOutOfRange { .. }) => match &e {
            RunError::ArgumentOutOfRange { name: n, .. } if n == name => {
                Some(text::run_error(&e, lang))
            }
            _ => None,
        },
        _ => None,
    })
}

/// One scalar argument's field.
fn arg_field(st: LabState, name: String, ty: &'static str) -> impl IntoView {
    let lang = use_lang();
    let key = name.clone();
    let value = st
        .inputs
        .part(move |i| i.args.get(&key).cloned().unwrap_or_default());
    let id = format!("gx-lab-arg-{name}");
    let err_id = format!("{id}-err");
    let label = if ty.is_empty() {
        name.clone()
    } else {
        format!("{name} ({ty})")
    };
    let n1 = name.clone();
    let n2 = name.clone();
    let message = Memo::new(move |_| arg_message(&st, &n1, lang.get()));
    view! {
        <div class="gx-field">
            <label class="gx-field__label gx-lab__arg-label" for=id.clone()>{label}</label>
            <input id=id type="text" inputmode="decimal" class="gx-field__number gx-field__number--wide"
                data-testid=format!("lab-arg-{name}")
                class:gx-field__number--invalid=move || message.with(Option::is_some)
                aria-invalid=move || if message.with(Option::is_some) { "true" } else { "false" }
                aria-describedby=err_id.clone()
                prop:value=move || value.get()
                on:change=move |ev| {
                    let v: String = event_target_value(&ev).chars().take(limits::ARG_VALUE_CHARS).collect();
                    let n = n2.clone();
                    st.inputs.update(|i| { i.args.insert(n, v); });
                }/>
            <p class="gx-field__error" id=err_id role="alert">{move || message.get()}</p>
        </div>
    }
}

/// The launch panel.
#[component]
pub fn Launch() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let params = Memo::new(move |_| scalar_params(&st));
    let gpu = st.inputs.part(|i| i.gpu.clone());
    let regs = st.inputs.part(|i| i.regs);
    let launch_error = Memo::new(move |_| match current_run_error(&st) {
        Some(e @ RunError::InvalidLaunch(_)) => Some(text::run_error(&e, lang.get())),
        _ => None,
    });
    view! {
        <section class="gx-controls gx-lab__launch" aria-labelledby="gx-lab-launch" data-testid="lab-launch">
            <h2 id="gx-lab-launch" class="gx-lab__h">{t(text::LAUNCH)}</h2>
            <Dim3Field label=text::GRID id="lab-grid" get=|i| i.grid set=|i, d| i.grid = d/>
            <Dim3Field label=text::BLOCK id="lab-block" get=|i| i.block set=|i, d| i.block = d/>
            <p class="gx-error" role="alert" data-testid="lab-launch-error"
                style:display=move || if launch_error.with(Option::is_some) { "" } else { "none" }>
                {move || launch_error.get()}
            </p>
            <h3 class="gx-lab__h3">{t(text::ARGS)}</h3>
            {move || {
                let ps = params.get();
                if ps.is_empty() {
                    view! { <p class="gx-note">{t(text::NO_ARGS)}</p> }.into_any()
                } else {
                    ps.into_iter().map(|(n, ty)| arg_field(st, n, ty)).collect_view().into_any()
                }
            }}
            <p class="gx-note">{t(text::BUFFERS_NOTE)}</p>
            <GpuSelect ids=all_gpu_ids() selected=Signal::derive(move || gpu.get()) with_sms=true
                on_pick=Callback::new(move |id: String| st.inputs.update(|i| i.gpu = id))/>
            <div class="gx-field">
                <label class="gx-field__label" for="lab-regs">{t(text::REGS)}</label>
                <IntegerInput id="lab-regs" testid="lab-regs"
                    min=u64::from(limits::REGS.0) max=u64::from(limits::REGS.1)
                    value=Signal::derive(move || u64::from(regs.get()))
                    on_input=Callback::new(move |v: u64| st.inputs.update(|i| i.regs = v as u32))/>
                <p class="gx-note" id="lab-regs-note">{t(text::REGS_NOTE)}</p>
            </div>
            <details class="gx-lab__subset">
                <summary>{t(text::SUBSET_SUMMARY)}</summary>
                <p class="gx-note">{t(text::SUBSET_NOTE)}</p>
            </details>
        </section>
    }
}
