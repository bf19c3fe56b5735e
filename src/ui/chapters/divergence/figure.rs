//! The main figure: kernel listing with the current line, the 32 lane cells, the active mask,
//! and the step / play / scrub controls.

use leptos::prelude::*;

use super::state::{bits, hex, lane_states, lane_steps, DivergenceState};
use super::text;
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::lanes::LaneStrip;
use crate::ui::widgets::StepPlayer;

pub(super) fn state() -> DivergenceState {
    expect_context::<DivergenceState>()
}

/// The listing, the lanes and the player.
#[component]
pub fn Figure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let step = Memo::new(move |_| st.step());
    let current = Memo::new(move |_| {
        let i = step.get();
        st.outputs.with(|o| o.trace.steps.get(i).cloned())
    });
    let states = Memo::new(move |_| {
        let i = step.get();
        st.outputs.with(|o| lane_states(o, i))
    });
    // The listing is drawn again only when the kernel changes; a step moves the current and
    // reconvergence lines by their classes (issue #18: fewer DOM writes per slider tick).
    let listing_lines = Memo::new(move |_| st.outputs.with(|o| o.listing.clone()));
    let cur_line = Memo::new(move |_| current.with(|c| c.as_ref().map(|s| s.line as usize)));
    let reconv_line = Memo::new(move |_| {
        let i = step.get();
        st.outputs
            .with(|o| o.reconverges_before(i).map(|r| r.line as usize))
    });
    let listing = move || {
        listing_lines
            .get()
            .into_iter()
            .enumerate()
            .map(|(n, line)| {
                let is_cur = move || cur_line.get() == Some(n);
                view! {
                    <li class="gx-listing__line" class:gx-listing__line--current=is_cur
                        class:gx-listing__line--reconv=move || reconv_line.get() == Some(n)
                        aria-current=move || is_cur().then_some("step")
                        data-testid=move || if is_cur() { "current-line" } else { "listing-line" }
                        data-line=n.to_string()>
                        <span class="gx-listing__no" aria-hidden="true">{n + 1}</span>
                        <code>{line}</code>
                    </li>
                }
            })
            .collect_view()
    };
    // The lane the reader clicked (or tabbed to): its path and mask are read out below.
    let picked = RwSignal::new(None::<usize>);
    let warp_index = Memo::new(move |_| st.outputs.with(|o| o.input.warp_index));
    let lane_label = Callback::new(move |lane: usize| {
        let tid = u64::from(warp_index.get()) * 32 + lane as u64;
        let s = states.with(|v| v[lane]);
        text::lane_label(lane, tid, s, lang.get())
    });
    // The mask line and the step line are built once; a step rewrites their text.
    let mask = Memo::new(move |_| current.with(|c| c.as_ref().map_or(0, |s| s.mask)));
    let mask_line = move || {
        view! {
            <p class="gx-mask">
                <span class="gx-mask__label">{t(text::MASK_LABEL)}</span>
                " "<code class="gx-mask__hex" data-testid="mask-hex">{move || hex(mask.get())}</code>
                " "<code class="gx-mask__bits" aria-label=move || text::MASK_BITS.get(lang.get())>{move || bits(mask.get())}</code>
                " · "<span data-testid="mask-count">{move || text::active_count(mask.get().count_ones(), lang.get())}</span>
            </p>
        }
    };
    let lane_line = move || {
        let lane = picked.get()?;
        let l = lang.get();
        let (steps, mask_bit) = st.outputs.with(|o| {
            let now = o.trace.steps.get(step.get()).map_or(0, |s| s.mask);
            (lane_steps(&o.trace, lane), now & (1 << lane) != 0)
        });
        let path: Vec<String> = steps
            .iter()
            .map(|(line, path)| format!("L{} {}", line + 1, text::path_label(path, l)))
            .collect();
        let total = st.outputs.with(|o| o.trace.steps.len());
        Some(view! {
            <p class="gx-stepinfo gx-lane-path" data-testid="lane-path" aria-live="polite">
                {text::lane_path(lane, mask_bit, steps.len(), total, &path.join(" → "), l)}
            </p>
        })
    };
    // `(step, reconvergence)` sentences of the current step; `None` without steps.
    let step_info = Memo::new(move |_| {
        let l = lang.get();
        let i = step.get();
        current.with(|s| {
            let s = s.as_ref()?;
            st.outputs.with(|o| {
                let total = o.trace.steps.len();
                let reconv = o
                    .reconverges_before(i)
                    .map(|r| text::reconverged(r.line + 1, &hex(r.mask), l));
                let txt = text::step_info(
                    (i + 1, total),
                    s.line + 1,
                    s.kind,
                    &s.path,
                    s.stack_depth,
                    l,
                );
                Some((txt, reconv))
            })
        })
    });
    let has_steps = Memo::new(move |_| step_info.with(Option::is_some));
    let step_line = move || {
        if !has_steps.get() {
            return view! {
                <p class="gx-error" role="alert" data-testid="no-steps">{t(text::NO_STEPS)}</p>
            }
            .into_any();
        }
        let txt = move || step_info.with(|s| s.as_ref().map(|s| s.0.clone()).unwrap_or_default());
        let reconv = move || step_info.with(|s| s.as_ref().and_then(|s| s.1.clone()));
        view! { <p class="gx-stepinfo" data-testid="step-info" data-substep="" aria-live="polite">{txt}{reconv}</p> }.into_any()
    };
    view! {
        <figure class="gx-figure gx-simt" data-testid="figure">
            <div class="gx-simt__top">
                <div class="gx-simt__listing">
                    <h2 class="gx-simt__heading">{t(text::LISTING)}</h2>
                    <ol class="gx-listing" data-testid="listing" aria-label=move || text::LISTING.get(lang.get())>{listing}</ol>
                </div>
            </div>
            <h2 class="gx-simt__heading">{t(text::LANES)}</h2>
            <LaneStrip states=states label=text::LANES lane_label=lane_label picked=picked/>
            {mask_line}
            {lane_line}
            <StepPlayer step=Signal::derive(move || st.inputs.with(|i| i.step)) on_step=Callback::new(move |s| st.set_step(s)) playing=st.playing last=Signal::derive(move || st.outputs.with(|o| o.last_step()))
                label=text::PLAYER/>
            {step_line}
            <figcaption>
                <ul class="gx-legend">
                    <li><span class="gx-legend__mark gx-lane-mark--active"></span>{t(text::LEGEND_ACTIVE)}</li>
                    <li><span class="gx-legend__mark gx-lane-mark--masked"></span>{t(text::LEGEND_MASKED)}</li>
                    <li><span class="gx-legend__mark gx-lane-mark--exited"></span>{t(text::LEGEND_RETURNED)}</li>
                    <li><span class="gx-legend__mark gx-lane-mark--off"></span>{t(text::LEGEND_OFF)}</li>
                </ul>
            </figcaption>
        </figure>
    }
}
