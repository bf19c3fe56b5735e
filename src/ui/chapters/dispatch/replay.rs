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
    let delta = f64::from(c.observed_makespan_ns) - f64::from(c.model_makespan_ns);
    let pct = 100.0 * delta / f64::from(c.observed_makespan_ns.max(1));
    vec![
        Row {
            key: "first-sms",
            label: text::ROW_FIRST_SMS.get(l).to_string(),
            observed: first_sms(r.observed.as_ref()),
            model: first_sms(r.model.as_ref()),
        },
        Row {
            key: "same-sm",
            label: text::ROW_SAME_SM.get(l).to_string(),
            observed: format!(
                "{} / {}",
                grouped(c.order.same_sm.into()),
                grouped(c.order.blocks_compared.into())
            ),
            model: String::from("—"),
        },
        Row {
            key: "spread",
            label: text::ROW_SPREAD.get(l).to_string(),
            observed: text::histogram(&c.observed_histogram, l),
            model: text::histogram(&c.model_histogram, l),
        },
        Row {
            key: "wave-starts",
            label: text::ROW_WAVE_STARTS.get(l).to_string(),
            observed: wave_starts(&c.observed_wave_starts_ns),
            model: wave_starts(&c.model_wave_starts_ns),
        },
        Row {
            key: "refill",
            label: text::ROW_REFILL.get(l).to_string(),
            observed: c.observed_refill_gap_ns.map_or_else(
                || text::NO_SLOT_REUSED.get(l).to_string(),
                |g| format!("{g} ns"),
            ),
            model: text::MODEL_AT_ONCE.get(l).to_string(),
        },
        Row {
            key: "out-of-order",
            label: text::ROW_OUT_OF_ORDER.get(l).to_string(),
            observed: grouped(c.observed_out_of_order_starts.into()),
            model: "0".into(),
        },
        Row {
            key: "makespan",
            label: text::ROW_MAKESPAN.get(l).to_string(),
            observed: micros(c.observed_makespan_ns),
            model: format!("{}{}", micros(c.model_makespan_ns), text::earlier(pct, l)),
        },
    ]
    .into_iter()
    .filter(|row| !(run.grid_blocks <= run.blocks_per_sm * 132 && row.key == "refill"))
    .collect()
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
                                <th scope="col"><span class="gx-sr-only">{text::REPLAY_COL_QUANTITY.get(l)}</span></th>
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
                            {text::findings(&r, run, l).into_iter().map(|f| view! { <li>{f}</li> }).collect_view()}
                        </ul>
                    })
                }}
            </div>
            <SmTable timeline=observed t=st.replay_clock.t summary=text::REPLAY_DATA_TABLE testid="replay-data-table"/>
        </section>
    }
}
