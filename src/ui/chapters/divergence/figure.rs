//! The main figure: kernel listing with the current line, the 32 lane cells, the active mask,
//! and the step / play / scrub controls.

use leptos::prelude::*;

use super::state::{bits, hex, lane_states, lane_steps, DivergenceState, LaneState, LANES};
use super::text;
use crate::geom::fixed::fixed;
use crate::geom::legible::WrappedStrip;
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::roving::Roving;
use crate::ui::theme::use_narrow_screen;
use crate::ui::widgets::StepPlayer;

pub(super) fn state() -> DivergenceState {
    expect_context::<DivergenceState>()
}

/// The lane strip: one row of 32 cells on a wide screen (712 units, ≥ scale 1 in the figure's
/// column on a 1440 desktop and a 853 px projector), two rows of 16 on a narrow one (344 units,
/// scale ≥ 1 on a 390 px phone), so the 12-unit lane numbers stay ≥ 12 CSS px.
fn strip(narrow: bool) -> WrappedStrip {
    if narrow {
        WrappedStrip {
            cols: 16,
            cell_w_px: 21.0,
            row_h_px: 50.0,
            margin_px: 4.0,
        }
    } else {
        WrappedStrip {
            cols: 32,
            cell_w_px: 22.0,
            row_h_px: 48.0,
            margin_px: 4.0,
        }
    }
}

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
    // The 32 lanes are one tab stop; the arrow keys walk them.
    let roving = Roving::new(LANES, 0);
    let narrow = use_narrow_screen();
    // The lane the reader clicked (or tabbed to): its path and mask are read out below.
    let picked = RwSignal::new(None::<usize>);
    // The 32 lanes are built once; each follows its own state and the strip's geometry.
    let warp_index = Memo::new(move |_| st.outputs.with(|o| o.input.warp_index));
    let lanes = (0..LANES)
        .map(|lane| {
            let s = Memo::new(move |_| states.with(|v| v.get(lane).copied().unwrap_or(LaneState::NotLaunched)));
            let origin = move || {
                let g = strip(narrow.get());
                let (x, y0) = g.cell_origin_px(lane as u32);
                (x, y0, g.cell_w_px)
            };
            // One memo for the lane's name and its title.
            let label = Memo::new(move |_| {
                let tid = u64::from(warp_index.get()) * 32 + lane as u64;
                text::lane_label(lane, tid, s.get(), lang.get())
            });
            let class = move || {
                let picked = if picked.get() == Some(lane) { " gx-lane--picked" } else { "" };
                format!("{}{picked}", lane_class(s.get()))
            };
            view! {
                <g class=class
                    data-testid="lane" data-state=move || format!("{:?}", s.get()).to_ascii_lowercase()
                    tabindex=roving.tabindex(lane) data-roving=lane.to_string() role="img" aria-label=label
                    on:click=move |_| picked.set(Some(lane)) on:focus=move |_| picked.set(Some(lane))>
                    {crate::ui::widgets::svg_title(label)}
                    <rect x=move || { let (x, _, _) = origin(); fixed(x + 1.0, 1) } y=move || { let (_, y0, _) = origin(); fixed(y0 + 18.0, 1) }
                        width=move || { let (_, _, cell) = origin(); fixed(cell - 2.0, 1) } height="26" rx="3"/>
                    <text class="gx-lane__bit" x=move || { let (x, _, cell) = origin(); fixed(x + cell / 2.0, 1) } y=move || { let (_, y0, _) = origin(); fixed(y0 + 36.0, 1) }
                        text-anchor="middle">{move || if s.get() == LaneState::Active { "1" } else { "0" }}</text>
                    <text class="gx-lane__no" x=move || { let (x, _, cell) = origin(); fixed(x + cell / 2.0, 1) } y=move || { let (_, y0, _) = origin(); fixed(y0 + 13.0, 1) }
                        text-anchor="middle">{lane}</text>
                </g>
            }
        })
        .collect_view();
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
            <svg class="gx-lanes" viewBox=move || { let g = strip(narrow.get()); format!("0 0 {} {}", g.width_px(), g.height_px(LANES as u32)) }
                style=move || format!("max-width: {}px", strip(narrow.get()).width_px() * 1.6)
                role="group" data-testid="lanes"
                aria-label=move || text::LANES.get(lang.get())
                tabindex="-1" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>
                {lanes}
            </svg>
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
