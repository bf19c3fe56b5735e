//! The main figure: kernel listing with the current line, the 32 lane cells, the active mask,
//! and the step / play / scrub controls.

use leptos::prelude::*;

use super::state::{bits, hex, lane_states, DivergenceState, LaneState, LANES};
use super::text;
use crate::model::simt::StepKind;
use crate::ui::i18n::{t, tr, use_lang, Lang};
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

fn kind_label(k: StepKind, lang: Lang) -> &'static str {
    match (k, lang) {
        (StepKind::Instruction, Lang::En) => "instruction",
        (StepKind::Instruction, Lang::Zh) => "指令",
        (StepKind::Branch, Lang::En) => "compare and branch",
        (StepKind::Branch, Lang::Zh) => "比较并分支",
        (StepKind::LoopHeader, Lang::En) => "loop test",
        (StepKind::LoopHeader, Lang::Zh) => "循环判断",
        (StepKind::Return, Lang::En) => "return",
        (StepKind::Return, Lang::Zh) => "return",
    }
}

/// The path label of a step in the reader's language ("main", "else", "then/pass 2" …).
pub(super) fn path_label(path: &str, lang: Lang) -> String {
    match lang {
        Lang::En => path.to_string(),
        Lang::Zh => path
            .replace("main", "主路径")
            .replace("pass ", "第 ")
            .replace("then", "then 侧")
            .replace("else", "else 侧"),
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
    let lanes = move || {
        let sts = states.get();
        let out = st.outputs.get();
        let input = out.input;
        sts.into_iter()
            .enumerate()
            .map(|(lane, s)| {
                let x = STRIP_MARGIN_PX + CELL_PX * lane as f64;
                let tid = u64::from(input.warp_index) * 32 + lane as u64;
                let label = move || {
                    let l = lang.get();
                    match l {
                        Lang::En => format!("lane {lane} (threadIdx.x = {tid}): {}", text::lane_state(s).get(l)),
                        Lang::Zh => format!("lane {lane}（threadIdx.x = {tid}）：{}", text::lane_state(s).get(l)),
                    }
                };
                let bit = if s == LaneState::Active { "1" } else { "0" };
                view! {
                    <g class=lane_class(s) data-testid="lane" data-state=format!("{s:?}").to_lowercase()
                        tabindex="0" role="img" aria-label=label>
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
        let who = match l {
            Lang::En => format!("{n} of 32 lanes active"),
            Lang::Zh => format!("32 个 lane 中 {n} 个活跃"),
        };
        view! {
            <p class="gx-mask">
                <span class="gx-mask__label">{if l == Lang::Zh { "活跃掩码 active mask" } else { "active mask" }}</span>
                " "<code class="gx-mask__hex" data-testid="mask-hex">{hex(mask)}</code>
                " "<code class="gx-mask__bits" aria-label=if l == Lang::Zh { "二进制，lane 31 在左" } else { "binary, lane 31 first" }>{bits(mask)}</code>
                " · "<span data-testid="mask-count">{who}</span>
            </p>
        }
    };
    let step_line = move || {
        let l = lang.get();
        let total = st.outputs.with(|o| o.trace.steps.len());
        let Some(s) = current.get() else {
            return view! {
                <p class="gx-error" role="alert" data-testid="no-steps">{t(tr(
                    "This warp issues nothing: it lies past the end of the block (launch mask 0). Pick a smaller warp index or a larger block.",
                    "这个 warp 不发射任何指令：它在 block 末尾之外（启动掩码为 0）。请选更小的 warp 编号或更大的 block。"))}</p>
            }.into_any();
        };
        let reconv = st
            .outputs
            .with(|o| o.reconverges_before(step.get()).map(|r| (r.line, r.mask)));
        let reconv_text = reconv.map(|(line, mask)| match l {
            Lang::En => format!(" · reconverged at line {} under {}", line + 1, hex(mask)),
            Lang::Zh => format!(" · 在第 {} 行重汇合，掩码 {}", line + 1, hex(mask)),
        });
        let txt = match l {
            Lang::En => format!(
                "Step {} of {total} · line {} · {} · path {} · SIMT stack depth {}",
                step.get() + 1,
                s.line + 1,
                kind_label(s.kind, l),
                path_label(&s.path, l),
                s.stack_depth
            ),
            Lang::Zh => format!(
                "第 {} / {total} 步 · 第 {} 行 · {} · 路径 {} · SIMT 栈深度 {}",
                step.get() + 1,
                s.line + 1,
                kind_label(s.kind, l),
                path_label(&s.path, l),
                s.stack_depth
            ),
        };
        view! { <p class="gx-stepinfo" data-testid="step-info" aria-live="polite">{txt}{reconv_text}</p> }.into_any()
    };
    view! {
        <figure class="gx-figure gx-simt" data-testid="figure">
            <div class="gx-simt__top">
                <div class="gx-simt__listing">
                    <h3 class="gx-simt__heading">{t(text::LISTING)}</h3>
                    <ol class="gx-listing" data-testid="listing" aria-label=move || text::LISTING.get(lang.get())>{listing}</ol>
                </div>
            </div>
            <h3 class="gx-simt__heading">{t(text::LANES)}</h3>
            <svg class="gx-lanes" viewBox=format!("0 0 {strip_w} 48") role="group" data-testid="lanes"
                aria-label=move || text::LANES.get(lang.get())>
                {lanes}
            </svg>
            {mask_line}
            <StepPlayer step=Signal::derive(move || st.inputs.with(|i| i.step)) on_step=Callback::new(move |s| st.set_step(s)) playing=st.playing last=Signal::derive(move || st.outputs.with(|o| o.last_step()))
                label=tr("Step through the instructions", "逐条执行指令")/>
            {step_line}
            <figcaption>
                <ul class="gx-legend">
                    <li><span class="gx-legend__mark gx-lane-mark--active"></span>{t(tr("active (bit 1)", "活跃（位为 1）"))}</li>
                    <li><span class="gx-legend__mark gx-lane-mark--masked"></span>{t(tr("masked off (waits)", "被屏蔽（等待）"))}</li>
                    <li><span class="gx-legend__mark gx-lane-mark--exited"></span>{t(tr("returned", "已 return"))}</li>
                    <li><span class="gx-legend__mark gx-lane-mark--off"></span>{t(tr("not launched", "未启动"))}</li>
                </ul>
            </figcaption>
        </figure>
    }
}
