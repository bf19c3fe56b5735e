//! The figure: one SM's four budgets as stacked SVG bars (used / reserve / idle because another
//! budget binds / free / L1), each segment focusable with its numbers; plus the verdict.

use leptos::prelude::*;

use crate::ui::widgets::DataDetails;

use super::state::{OccState, SegmentKind};
use super::text;
use super::views::Verdict;
use crate::geom::chart::stacked_spans;
use crate::model::occupancy::UNLIMITED;
use crate::ui::format::grouped;
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::roving::Roving;

/// Bar layout in each bar's SVG user units. The bar stretches to the figure's width
/// (`preserveAspectRatio="none"`); its heading is HTML above it and wraps on a phone, so it
/// stays at the page's text size at every width.
const WIDTH: f64 = 640.0;
const BAR_Y: f64 = 1.0;
const BAR_H: f64 = 26.0;
/// Most block dividers drawn inside one bar (more would be a grey smear).
const MAX_DIVIDERS: u64 = 64;

fn seg_class(k: SegmentKind) -> &'static str {
    match k {
        SegmentKind::Used => "gx-seg gx-seg--used",
        SegmentKind::Reserve => "gx-seg gx-seg--reserve",
        SegmentKind::Idle => "gx-seg gx-seg--idle",
        SegmentKind::Free => "gx-seg gx-seg--free",
        SegmentKind::L1 => "gx-seg gx-seg--l1",
    }
}

/// "≤ 4 blocks" / "∞" for a limit.
pub fn limit_text(limit: u32) -> String {
    if limit == UNLIMITED {
        "∞".into()
    } else {
        grouped(limit.into())
    }
}

/// The bars and the verdict.
#[component]
pub fn Figure() -> impl IntoView {
    let st = expect_context::<OccState>();
    let lang = use_lang();
    let focused = RwSignal::new(None::<String>);
    // Every segment of every bar, in reading order, is one roving tab stop.
    let segments = Memo::new(move |_| {
        st.outputs
            .with(|o| o.bars.iter().map(|b| b.segments.len()).sum::<usize>())
    });
    let roving = Roving::new(segments, 0);
    let rows = move || {
        let out = st.outputs.get();
        let l = lang.get();
        let firsts: Vec<usize> = out
            .bars
            .iter()
            .scan(0, |n, b| {
                let first = *n;
                *n += b.segments.len();
                Some(first)
            })
            .collect();
        out.bars
            .into_iter()
            .enumerate()
            .map(|(i, bar)| {
                let y = 0.0;
                let amounts: Vec<u64> = bar.segments.iter().map(|s| s.amount).collect();
                let spans = stacked_spans(&amounts, bar.total, 0.0, WIDTH);
                // Block boundaries across the used and idle parts.
                let cells = if bar.limit == UNLIMITED || bar.per_block == 0 {
                    0
                } else {
                    u64::from(bar.limit).min(bar.total / bar.per_block)
                };
                let dividers: Vec<f64> = if cells > 1 && cells <= MAX_DIVIDERS {
                    (1..cells)
                        .map(|k| WIDTH * (k * bar.per_block) as f64 / bar.total as f64)
                        .collect()
                } else {
                    Vec::new()
                };
                let testid = format!("bar-{:?}", bar.resource).to_ascii_lowercase();
                let heading = text::bar_heading(&bar, l);
                let binds = bar.binds;
                // The budget that cannot hold even one block (the launch fails).
                let fails = bar.limit == 0;
                let first = firsts.get(i).copied().unwrap_or(0);
                let segs = bar
                    .segments
                    .iter()
                    .zip(spans)
                    .enumerate()
                    .map(|(j, (seg, (x0, x1)))| {
                        let label = text::describe_segment(&bar, seg, l);
                        let label2 = label.clone();
                        let label3 = label.clone();
                        let title = label.clone();
                        view! {
                            <rect class=seg_class(seg.kind)
                                data-kind=format!("{:?}", seg.kind).to_ascii_lowercase()
                                data-amount=seg.amount.to_string()
                                x=format!("{x0:.2}") y=format!("{:.1}", y + BAR_Y)
                                width=format!("{:.2}", (x1 - x0).max(0.0)) height=BAR_H.to_string()
                                tabindex=roving.tabindex(first + j) data-roving=(first + j).to_string()
                                role="img" aria-label=label.clone()
                                on:mouseenter=move |_| focused.set(Some(label2.clone()))
                                on:focus=move |_| focused.set(Some(label3.clone()))
                                on:mouseleave=move |_| focused.set(None)
                                on:blur=move |_| focused.set(None)
                            >
                                <title>{title}</title>
                            </rect>
                        }
                    })
                    .collect_view();
                view! {
                    <div class="gx-bar" class:gx-bar--binds=binds class:gx-bar--fails=fails data-testid=testid>
                        <p class="gx-bar__label">
                            {heading}
                            {binds.then(|| view! { <span class="gx-bar__binds">{text::BAR_BINDS.get(l)}</span> })}
                            {fails.then(|| view! { <span class="gx-bar__binds">{text::BAR_DOES_NOT_FIT.get(l)}</span> })}
                        </p>
                        <svg class="gx-bar__svg" viewBox=format!("-2 0 {} {}", WIDTH + 4.0, BAR_H + 2.0) preserveAspectRatio="none">
                            {segs}
                            {dividers.into_iter().map(|x| view! {
                                <line class="gx-bar__divider" x1=format!("{x:.2}") x2=format!("{x:.2}")
                                    y1=format!("{:.1}", y + BAR_Y) y2=format!("{:.1}", y + BAR_Y + BAR_H)/>
                            }).collect_view()}
                            <rect class="gx-bar__frame" x="0" y=format!("{:.1}", y + BAR_Y) width=WIDTH.to_string() height=BAR_H.to_string()/>
                        </svg>
                    </div>
                }
            })
            .collect_view()
    };
    view! {
        <figure class="gx-figure gx-occ-figure" data-testid="figure">
            <Verdict/>
            <h2 class="gx-bars__title">{move || text::bars_title(st.outputs.get().gpu.name, lang.get())}</h2>
            <div class="gx-bars" role="group" aria-label=t(text::BARS_LABEL)
                tabindex="-1" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>
                {rows}
            </div>
            <p class="gx-bars__readout" aria-live="polite" data-testid="bar-readout">
                {move || focused.get().unwrap_or_else(|| text::BARS_HINT.get(lang.get()).into())}
            </p>
            <figcaption>
                <ul class="gx-legend">
                    {[SegmentKind::Used, SegmentKind::Reserve, SegmentKind::Idle, SegmentKind::Free, SegmentKind::L1]
                        .into_iter()
                        .map(|k| view! {
                            <li><span class=format!("gx-legend__mark gx-legend__mark--bar {}", seg_class(k).replace("gx-seg ", "gx-swatch "))></span>{t(text::segment(k))}</li>
                        })
                        .collect_view()}
                </ul>
            </figcaption>
            <p class="gx-sr-only">{move || text::limiter_sentence(&st.outputs.get(), lang.get())}</p>
        </figure>
    }
}

/// The bars as a table, collapsible, for screen readers and for checking.
#[component]
pub fn DataTable() -> impl IntoView {
    let st = expect_context::<OccState>();
    let lang = use_lang();
    view! {
        <DataDetails summary=text::DATA_TABLE>
            <table class="gx-table">
                <caption>{move || st.outputs.get().gpu.name}</caption>
                <thead><tr>
                    <th scope="col">{t(text::TABLE_BUDGET)}</th>
                    <th scope="col">{t(text::TABLE_PARTS)}</th>
                </tr></thead>
                <tbody>
                    {move || {
                        let l = lang.get();
                        st.outputs.get().bars.into_iter().map(|bar| view! {
                            <tr>
                                <th scope="row">{text::bar_heading(&bar, l)}</th>
                                <td><ul>{bar.segments.iter().map(|s| view! { <li>{text::describe_segment(&bar, s, l)}</li> }).collect_view()}</ul></td>
                            </tr>
                        }).collect_view()
                    }}
                </tbody>
            </table>
        </DataDetails>
    }
}
