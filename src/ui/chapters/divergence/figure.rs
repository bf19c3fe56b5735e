//! The main figure: kernel listing with the current line, the 32 lane cells, the active mask,
//! and the step / play / scrub controls.

use leptos::prelude::*;

use super::state::{bits, hex, lane_states, DivergenceState, LaneState, LANES};
use super::text;
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::roving::Roving;
use crate::ui::widgets::StepPlayer;

pub(super) fn state() -> DivergenceState {
    expect_context::<DivergenceState>()
}

/// Width of one lane cell in the lane strip, px (SVG user units).
const CELL_PX: f64 = 22.0;
/// Left/right margin of the lane strip.
const STRIP_MARGIN_PX: f64 = 4.0;

fn lane_class(s: LaneState) -> &'static str {
    match s {
        LaneState::Active => "gx-lane gx-lane--active",
        LaneState::Masked => "gx-lane gx-lane--masked",
        LaneState::Exited => "gx-lane gx-lane--exited",
        LaneState::NotLaunched => "gx-lane gx-lane--off",
    }
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
    let listing = move || {
        let out = st.outputs.get();
        let cur = current.get().map(|s| s.line as usize);
        let reconv_line = out.reconverges_before(step.get()).map(|r| r.line as usize);
        out.listing
            .iter()
            .enumerate()
            .map(|(n, line)| {
                let is_cur = cur == Some(n);
                let is_reconv = reconv_line == Some(n);
                view! {
                    <li class="gx-listing__line" class:gx-listing__line--current=is_cur
                        class:gx-listing__line--reconv=is_reconv
                        aria-current=if is_cur { Some("step") } else { None }
                        data-testid=if is_cur { "current-line" } else { "listing-line" }
                        data-line=n.to_string()>
                        <span class="gx-listing__no" aria-hidden="true">{n + 1}</span>
                        <code>{line.clone()}</code>
                    </li>
                }
            })
            .collect_view()
    };
    let strip_w = STRIP_MARGIN_PX * 2.0 + CELL_PX * LANES as f64;
    // The 32 lanes are one tab stop; the arrow keys walk them.
    let roving = Roving::new(LANES, 0);
    let lanes = move || {
        let sts = states.get();
        let out = st.outputs.get();
        let input = out.input;
        sts.into_iter()
            .enumerate()
            .map(|(lane, s)| {
                let x = STRIP_MARGIN_PX + CELL_PX * lane as f64;
                let tid = u64::from(input.warp_index) * 32 + lane as u64;
                let label = move || text::lane_label(lane, tid, s, lang.get());
                let bit = if s == LaneState::Active { "1" } else { "0" };
                view! {
                    <g class=lane_class(s) data-testid="lane" data-state=format!("{s:?}").to_lowercase()
                        tabindex=roving.tabindex(lane) data-roving=lane.to_string() role="img" aria-label=label>
                        <title>{label}</title>
                        <rect x=format!("{:.1}", x + 1.0) y="18" width=format!("{:.1}", CELL_PX - 2.0) height="26" rx="3"/>
                        <text class="gx-lane__bit" x=format!("{:.1}", x + CELL_PX / 2.0) y="36" text-anchor="middle">{bit}</text>
                        <text class="gx-lane__no" x=format!("{:.1}", x + CELL_PX / 2.0) y="12" text-anchor="middle">{lane}</text>
                    </g>
                }
            })
            .collect_view()
    };
    let mask_line = move || {
        let mask = current.get().map_or(0, |s| s.mask);
        let n = mask.count_ones();
        let l = lang.get();
        let who = text::active_count(n, l);
        view! {
            <p class="gx-mask">
                <span class="gx-mask__label">{text::MASK_LABEL.get(l)}</span>
                " "<code class="gx-mask__hex" data-testid="mask-hex">{hex(mask)}</code>
                " "<code class="gx-mask__bits" aria-label=text::MASK_BITS.get(l)>{bits(mask)}</code>
                " · "<span data-testid="mask-count">{who}</span>
            </p>
        }
    };
    let step_line = move || {
        let l = lang.get();
        let total = st.outputs.with(|o| o.trace.steps.len());
        let Some(s) = current.get() else {
            return view! {
                <p class="gx-error" role="alert" data-testid="no-steps">{t(text::NO_STEPS)}</p>
            }
            .into_any();
        };
        let reconv = st
            .outputs
            .with(|o| o.reconverges_before(step.get()).map(|r| (r.line, r.mask)));
        let reconv_text = reconv.map(|(line, mask)| text::reconverged(line + 1, &hex(mask), l));
        let txt = text::step_info(
            (step.get() + 1, total),
            s.line + 1,
            s.kind,
            &s.path,
            s.stack_depth,
            l,
        );
        view! { <p class="gx-stepinfo" data-testid="step-info" aria-live="polite">{txt}{reconv_text}</p> }.into_any()
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
            <svg class="gx-lanes" viewBox=format!("0 0 {strip_w} 48") role="group" data-testid="lanes"
                aria-label=move || text::LANES.get(lang.get())
                tabindex="-1" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>
                {lanes}
            </svg>
            {mask_line}
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
