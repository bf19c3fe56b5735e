//! "Observed on an H200": a measured dispatch (per block `%smid` and `%globaltimer` start/end)
//! replayed beside the model's schedule of the same launch with the same per-block durations,
//! on one time axis, and a table of where the two agree and differ.
//!
//! Model: [`crate::model::dispatch::observed`]. State: [`DispState::replay`] (a memo of the
//! selected run, URL key `run`) and [`DispState::replay_clock`].

use std::sync::Arc;

use leptos::prelude::*;

use super::canvas::{DispatchCanvas, SharedTimeline, SmTable, REPLAY_COLS};
use super::readout::{micros, readout, TimeUnit};
use super::state::{replay_start, DispState, ReplayView};
use super::text;
use super::transport::Transport;
use crate::model::dispatch::observed::{h200_runs, ObservedRun, ReplayComparison};
use crate::model::dispatch::Timeline;
use crate::ui::format::grouped;
use crate::ui::i18n::{t, use_lang, Lang};

/// Blocks whose SM the comparison lists.
const FIRST_BLOCKS: u32 = 12;

fn selected_run(st: DispState) -> Option<&'static ObservedRun> {
    st.inputs
        .with(|i| h200_runs().iter().find(|r| r.config == i.replay.run))
}

/// `95 SMs × 4, 37 SMs × 5`.
fn histogram(h: &[(u32, u32)], l: Lang) -> String {
    h.iter()
        .map(|&(blocks, sms)| match l {
            Lang::En => format!("{sms} SMs × {blocks}"),
            Lang::Zh => format!("{sms} 个 SM × {blocks}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// SM ids of blocks 0 .. FIRST_BLOCKS.
fn first_sms(tl: &dyn Timeline) -> String {
    let ids: Vec<String> = (0..FIRST_BLOCKS.min(tl.block_count()))
        .filter_map(|b| tl.block(b).map(|r| r.sm.to_string()))
        .collect();
    format!("{}, …", ids.join(", "))
}

fn wave_starts(ns: &[u32]) -> String {
    ns.iter().map(|&t| micros(t)).collect::<Vec<_>>().join(", ")
}

/// One row of the comparison: what, measured, model.
struct Row {
    key: &'static str,
    label: String,
    observed: String,
    model: String,
}

fn rows(r: &ReplayView, run: &ObservedRun, l: Lang) -> Vec<Row> {
    let c: &ReplayComparison = &r.comparison;
    let zh = l == Lang::Zh;
    let pick = |en: &str, z: &str| if zh { z.to_string() } else { en.to_string() };
    let delta = f64::from(c.observed_makespan_ns) - f64::from(c.model_makespan_ns);
    let pct = 100.0 * delta / f64::from(c.observed_makespan_ns.max(1));
    vec![
        Row {
            key: "first-sms",
            label: pick("SM of blocks 0, 1, 2, …", "block 0、1、2…… 所在的 SM"),
            observed: first_sms(r.observed.as_ref()),
            model: first_sms(r.model.as_ref()),
        },
        Row {
            key: "same-sm",
            label: pick(
                "Blocks on an SM with the same id in both (ids are only names)",
                "两边所在 SM 编号相同的 block（编号只是名字）",
            ),
            observed: format!(
                "{} / {}",
                grouped(c.order.same_sm.into()),
                grouped(c.order.blocks_compared.into())
            ),
            model: String::from("—"),
        },
        Row {
            key: "spread",
            label: pick(
                "Blocks per SM over the run",
                "整个运行中每个 SM 执行的 block 数",
            ),
            observed: histogram(&c.observed_histogram, l),
            model: histogram(&c.model_histogram, l),
        },
        Row {
            key: "wave-starts",
            label: pick(
                "First start of each wave (µs)",
                "每一波最早的开始时间（µs）",
            ),
            observed: wave_starts(&c.observed_wave_starts_ns),
            model: wave_starts(&c.model_wave_starts_ns),
        },
        Row {
            key: "refill",
            label: pick(
                "A slot frees → the next block starts there (median)",
                "槽位空出 → 下一个 block 在此开始（中位数）",
            ),
            observed: c.observed_refill_gap_ns.map_or_else(
                || pick("no slot reused", "没有槽位被复用"),
                |g| format!("{g} ns"),
            ),
            model: pick("0 ns (at once)", "0 ns（立即）"),
        },
        Row {
            key: "out-of-order",
            label: pick(
                "Blocks that started before a lower-numbered block",
                "比编号更小的 block 更早开始的 block",
            ),
            observed: grouped(c.observed_out_of_order_starts.into()),
            model: "0".into(),
        },
        Row {
            key: "makespan",
            label: pick("Last block ends (µs)", "最后一个 block 结束（µs）"),
            observed: micros(c.observed_makespan_ns),
            model: format!(
                "{}{}",
                micros(c.model_makespan_ns),
                if zh {
                    format!("（早 {pct:.1}\u{a0}%）")
                } else {
                    format!(" ({pct:.1}\u{a0}% earlier)")
                }
            ),
        },
    ]
    .into_iter()
    .filter(|row| !(run.grid_blocks <= run.blocks_per_sm * 132 && row.key == "refill"))
    .collect()
}

/// The differences in words, from the numbers.
fn findings(r: &ReplayView, run: &ObservedRun, l: Lang) -> Vec<String> {
    let c = &r.comparison;
    let first: Vec<String> = c
        .order
        .observed_first_sm_order
        .iter()
        .take(14)
        .map(u32::to_string)
        .collect();
    let first = first.join(", ");
    let (same, n) = (c.order.same_sm, c.order.blocks_compared);
    let mut out = Vec::new();
    out.push(match l {
        Lang::En => format!(
            "SM numbering. The H200 handed out SMs in the order {first}, …: the first eight go to SMs 124–131, then pairs of neighbouring SMs (one TPC) 16 ids apart, as if the block scheduler took one TPC from each GPC in turn. The model fills SMs 0, 1, 2, … in order for the first wave, then gives each waiting block to the slot that frees first (with measured durations, wherever a block happened to end first), so only {same} of {n} blocks run on an SM with the same id."
        ),
        Lang::Zh => format!(
            "SM 编号。H200 分配 SM 的顺序是 {first}……：前 8 个 block 去了 SM 124–131，之后是相邻的一对 SM（一个 TPC），编号相隔 16，好像 block 调度器轮流从每个 GPC 取一个 TPC。模型的第一波按 0、1、2……依次填充，之后把每个等待的 block 交给最先空出的槽位（用实测时长时，就是恰好最早结束的那个 block 的槽位），所以 {n} 个 block 中只有 {same} 个所在 SM 的编号相同。"
        ),
    });
    let spread = if c.order.same_spread {
        match l {
            Lang::En => format!(
                "Spread. Both give the SMs the same numbers of blocks, {}; which SMs get the extra ones differs.",
                histogram(&c.observed_histogram, l)
            ),
            Lang::Zh => format!(
                "分布。两边分给各 SM 的 block 数相同，都是 {}；只是多分到 block 的是哪些 SM 不同。",
                histogram(&c.observed_histogram, l)
            ),
        }
    } else {
        match l {
            Lang::En => format!(
                "Spread. Here they differ: the H200 ran {}, the model {}. With uneven durations or several slots per SM, the hardware does not always give the next block to the SM the model picks.",
                histogram(&c.observed_histogram, l),
                histogram(&c.model_histogram, l)
            ),
            Lang::Zh => format!(
                "分布。这里两者不同：H200 为 {}，模型为 {}。block 时长不均或每 SM 有多个槽位时，硬件并不总把下一个 block 交给模型选的那个 SM。",
                histogram(&c.observed_histogram, l),
                histogram(&c.model_histogram, l)
            ),
        }
    };
    out.push(spread);
    if let Some(gap) = c.observed_refill_gap_ns {
        // From the two makespans as the table prints them (0.1 µs), so the numbers add up.
        let tenths = |ns: u32| (f64::from(ns) / 100.0).round() as u32;
        let delta =
            (tenths(c.observed_makespan_ns).saturating_sub(tenths(c.model_makespan_ns))) * 100;
        out.push(match l {
            Lang::En => format!(
                "Refill delay. When a block ends, the H200 starts the next block in that slot a median {gap} ns later; the model refills at once, so its last block ends {} µs earlier.",
                micros(delta)
            ),
            Lang::Zh => format!(
                "补入延迟。一个 block 结束后，H200 要在中位数 {gap} ns 之后才在该槽位启动下一个 block；模型立即补入，所以它的最后一个 block 早结束 {} µs。",
                micros(delta)
            ),
        });
    }
    out.push(match l {
        Lang::En => format!(
            "Start order. On the H200, {} blocks started before a block with a lower index (the timer ticks every 32 ns, and blocks of one wave start within about 0.1 µs of each other). The model starts blocks strictly in index order.",
            c.observed_out_of_order_starts
        ),
        Lang::Zh => format!(
            "开始顺序。在 H200 上有 {} 个 block 比编号更小的 block 更早开始（计时器每 32 ns 跳一次，同一波的 block 在约 0.1 µs 内相继开始）。模型严格按编号顺序启动 block。",
            c.observed_out_of_order_starts
        ),
    });
    if run.variable_duration {
        out.push(match l {
            Lang::En => "Waves blur. With durations from 25 to 100 µs, a slot refills whenever its block ends, on the H200 as in the model: after the first wave there are no clean waves, and SMs that drew short blocks run more of them.".to_string(),
            Lang::Zh => "波次模糊。block 时长在 25–100 µs 之间时，H200 与模型一样，哪个槽位的 block 结束就立即补入：第一波之后不再有整齐的波次，抽到短 block 的 SM 会执行更多 block。".to_string(),
        });
    }
    out
}

/// The replay section: run picker, both canvases on one clock, the comparison.
#[component]
pub fn ReplaySection() -> impl IntoView {
    let st = expect_context::<DispState>();
    let lang = use_lang();
    let hovered = RwSignal::new(None::<u32>);
    let observed = Signal::derive(move || st.with_replay(|r| r.observed.clone() as SharedTimeline));
    // The H200's SMs in the order they got their first block, when the reader asks for it.
    let order = Signal::derive(move || {
        st.inputs.with(|i| i.replay.arrange).then(|| {
            st.with_replay(|r| Arc::new(r.comparison.order.observed_first_sm_order.clone()))
        })?
    });
    let model = Signal::derive(move || st.with_replay(|r| r.model.clone() as SharedTimeline));
    let end = Signal::derive(move || {
        let ends = (observed.get(), model.get());
        let end_of = |t: Option<SharedTimeline>| t.map_or(0, |t| t.makespan_cycles());
        end_of(ends.0).max(end_of(ends.1))
    });
    // One step = a quarter of the median block duration.
    let unit = Signal::derive(move || {
        selected_run(st).map_or(1000, |run| {
            let mut d = run.durations_ns();
            d.sort_unstable();
            d.get(d.len() / 2).copied().unwrap_or(1000)
        })
    });
    let line = move |which: Signal<Option<SharedTimeline>>| {
        move || {
            let (l, now, hover) = (lang.get(), st.replay_clock.t.get(), hovered.get());
            which.with(|tl| {
                tl.as_ref()
                    .map(|tl| readout(tl.as_ref(), now, TimeUnit::Nanoseconds, hover, l))
                    .unwrap_or_default()
            })
        }
    };
    let on_hover = Callback::new(move |sm| hovered.set(sm));
    view! {
        <section class="l-page gx-replay" data-testid="replay">
            <div class="l-body">
                <h2>{t(text::REPLAY_TITLE)}</h2>
                {text::REPLAY_INTRO.iter().map(|p| view! { <p>{t(*p)}</p> }).collect_view()}
                <fieldset class="gx-field gx-replay__runs">
                    <legend class="gx-field__label">{t(text::REPLAY_RUN)}</legend>
                    {h200_runs().iter().map(|run| {
                        let config = run.config;
                        view! {
                            <label class="gx-replay__run">
                                <input type="radio" name="replay-run" value=config data-testid=format!("run-{config}")
                                    prop:checked=move || st.inputs.with(|i| i.replay.run == config)
                                    on:change=move |_| {
                                        st.inputs.update(|i| i.replay.run = config.to_string());
                                        st.replay_clock.rewind_to(st.replay.with_untracked(replay_start));
                                    }/>
                                " "{text::MeasuredRun::from_id(config).map(|r| t(text::run_label(r)))}
                            </label>
                        }
                    }).collect_view()}
                </fieldset>
                {move || st.replay.with(|r| r.as_ref().and_then(|r| r.as_ref().err()).copied()).map(|e| {
                    let msg = text::replay_error(&e, lang.get());
                    view! { <p class="gx-error" role="alert" data-testid="replay-error">{msg}</p> }
                })}
            </div>
            <figure class="gx-figure gx-dispatch gx-replay__figure" data-testid="replay-figure">
                <h3 class="gx-replay__label">{t(text::REPLAY_OBSERVED)}</h3>
                <label class="gx-check gx-replay__arrange">
                    <input type="checkbox" data-testid="replay-arrange"
                        prop:checked=move || st.inputs.with(|i| i.replay.arrange)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            st.inputs.update(|i| i.replay.arrange = on);
                        }/>
                    {t(text::REPLAY_ARRANGE)}
                </label>
                <DispatchCanvas timeline=observed t=st.replay_clock.t cols=REPLAY_COLS label=text::REPLAY_OBSERVED
                    testid="replay-observed-canvas" on_hover=on_hover order=order/>
                <p class="gx-dispatch__readout" aria-live="polite" data-testid="replay-observed-readout">{line(observed)}</p>
                <h3 class="gx-replay__label">{t(text::REPLAY_MODEL)}</h3>
                <DispatchCanvas timeline=model t=st.replay_clock.t cols=REPLAY_COLS label=text::REPLAY_MODEL
                    testid="replay-model-canvas" on_hover=on_hover/>
                <p class="gx-dispatch__readout" data-testid="replay-model-readout">{line(model)}</p>
                <Transport clock=st.replay_clock end=end unit=unit time_label=text::REPLAY_TIME time_unit=TimeUnit::Nanoseconds testid_prefix="replay-"/>
                <figcaption>
                    <super::views::WaveLegend/>
                    <p class="gx-note">{t(text::REPLAY_CAPTION)}</p>
                </figcaption>
            </figure>
            <div class="l-body gx-numbers">
                <h3>{t(text::REPLAY_COMPARE)}</h3>
                {move || {
                    let l = lang.get();
                    let r = st.with_replay(ReplayView::clone);
                    let (Some(r), Some(run)) = (r, selected_run(st)) else {
                        return None;
                    };
                    Some(view! {
                        <table class="gx-table" data-testid="replay-table">
                            <thead><tr>
                                <th scope="col"></th>
                                <th scope="col">{text::REPLAY_COL_OBSERVED.get(l)}</th>
                                <th scope="col">{text::REPLAY_COL_MODEL.get(l)}</th>
                            </tr></thead>
                            <tbody>
                                {rows(&r, run, l).into_iter().map(|row| view! {
                                    <tr data-testid=format!("replay-{}", row.key)>
                                        <th scope="row">{row.label}</th>
                                        <td class="gx-value">{row.observed}</td>
                                        <td class="gx-value">{row.model}</td>
                                    </tr>
                                }).collect_view()}
                            </tbody>
                        </table>
                        <h3>{text::REPLAY_DIFFERS.get(l)}</h3>
                        <ul class="gx-replay__findings" data-testid="replay-findings">
                            {findings(&r, run, l).into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}
                        </ul>
                    })
                }}
            </div>
            <SmTable timeline=observed t=st.replay_clock.t summary=text::REPLAY_DATA_TABLE testid="replay-data-table"/>
        </section>
    }
}
