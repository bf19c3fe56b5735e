//! The figure: one SM's four budgets as stacked SVG bars (used / reserve / idle because another
//! budget binds / free / L1), each segment focusable with its numbers; plus the verdict.

use leptos::prelude::*;

use crate::ui::widgets::DataDetails;

use super::state::{OccState, Resource, ResourceBar, SegmentKind};
use super::text;
use super::views::Verdict;
use crate::geom::chart::stacked_spans;
use crate::geom::fixed::fixed;
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

/// One bar's block dividers `(count, x of each)`: the block boundaries across the used and idle
/// parts, none past [`MAX_DIVIDERS`].
fn dividers(bar: &ResourceBar) -> Vec<f64> {
    let cells = if bar.limit == UNLIMITED || bar.per_block == 0 {
        0
    } else {
        u64::from(bar.limit).min(bar.total / bar.per_block)
    };
    if cells > 1 && cells <= MAX_DIVIDERS {
        (1..cells)
            .map(|k| WIDTH * (k * bar.per_block) as f64 / bar.total as f64)
            .collect()
    } else {
        Vec::new()
    }
}

/// One bar, built once: a slider tick rewrites only the attributes and text that changed (the
/// segments are keyed by kind, the dividers by number).
/// The heading of budget bar `bar` in the reader's language ("" when there is no such bar),
/// read by the figure and its data table alike.
fn heading_of(
    bar: Memo<Option<ResourceBar>>,
    lang: RwSignal<crate::ui::i18n::Lang>,
) -> impl Fn() -> String + Copy + 'static {
    move || {
        let l = lang.get();
        bar.with(|b| {
            b.as_ref()
                .map(|b| text::bar_heading(b, l))
                .unwrap_or_default()
        })
    }
}

fn bar_row(
    i: usize,
    resource: Resource,
    roving: Roving,
    focused: RwSignal<Option<String>>,
) -> impl IntoView {
    let st = expect_context::<OccState>();
    let lang = use_lang();
    let bar = Memo::new(move |_| st.outputs.with(|o| o.bars.get(i).cloned()));
    // The roving index of this bar's first segment: the segments of the bars above it.
    let first = Memo::new(move |_| {
        st.outputs.with(|o| {
            o.bars
                .iter()
                .take(i)
                .map(|b| b.segments.len())
                .sum::<usize>()
        })
    });
    let kinds = Memo::new(move |_| {
        bar.with(|b| {
            b.as_ref()
                .map(|b| b.segments.iter().map(|s| s.kind).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    // Each segment's `(amount, x0, x1)`, in the bar's order.
    let spans = Memo::new(move |_| {
        bar.with(|b| {
            b.as_ref()
                .map(|b| {
                    let amounts: Vec<u64> = b.segments.iter().map(|s| s.amount).collect();
                    amounts
                        .iter()
                        .copied()
                        .zip(stacked_spans(&amounts, b.total, 0.0, WIDTH))
                        .map(|(a, (x0, x1))| (a, x0, x1))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let binds = Memo::new(move |_| bar.with(|b| b.as_ref().is_some_and(|b| b.binds)));
    // The budget that cannot hold even one block (the launch fails).
    let fails = Memo::new(move |_| bar.with(|b| b.as_ref().is_some_and(|b| b.limit == 0)));
    let lines = Memo::new(move |_| bar.with(|b| b.as_ref().map(dividers).unwrap_or_default()));
    let heading = heading_of(bar, lang);
    let segment = move |kind: SegmentKind| {
        let at =
            Memo::new(move |_| kinds.with(|ks| ks.iter().position(|k| *k == kind).unwrap_or(0)));
        let index = Memo::new(move |_| first.get() + at.get());
        let span = move || spans.with(|s| s.get(at.get()).copied().unwrap_or_default());
        let label = Memo::new(move |_| {
            let l = lang.get();
            bar.with(|b| {
                b.as_ref()
                    .and_then(|b| {
                        let seg = b.segments.iter().find(|s| s.kind == kind)?;
                        Some(text::describe_segment(b, seg, l))
                    })
                    .unwrap_or_default()
            })
        });
        let tabindex = move || roving.tabindex(index.get())();
        view! {
            <rect class=seg_class(kind)
                data-kind=format!("{kind:?}").to_ascii_lowercase()
                data-amount=move || span().0.to_string()
                x=move || fixed(span().1, 2) y=format!("{:.1}", BAR_Y)
                width=move || { let (_, x0, x1) = span(); fixed((x1 - x0).max(0.0), 2) } height=BAR_H.to_string()
                tabindex=tabindex data-roving=move || index.get().to_string()
                role="img" aria-label=move || label.get()
                on:mouseenter=move |_| focused.set(Some(label.get_untracked()))
                on:focus=move |_| focused.set(Some(label.get_untracked()))
                on:mouseleave=move |_| focused.set(None)
                on:blur=move |_| focused.set(None)
            >
                <title>{move || label.get()}</title>
            </rect>
        }
    };
    // The block dividers as one path (`M x,1V27` per divider): one element and one render
    // effect per bar, where a line per divider (up to 64 a bar) with an effect per end woke
    // ~100 effects at every slider tick. The same strokes (the path has no area to fill).
    let dividers = Memo::new(move |_| {
        // Each divider runs from `BAR_Y` down to `BAR_Y + BAR_H`.
        let span = format!(",{}V{}", fixed(BAR_Y, 1), fixed(BAR_Y + BAR_H, 1));
        lines.with(|v| {
            let mut d = String::new();
            for &x in v {
                d.push('M');
                d.push_str(&fixed(x, 2));
                d.push_str(&span);
            }
            d
        })
    });
    let testid = format!("bar-{resource:?}").to_ascii_lowercase();
    view! {
        <div class="gx-bar" class:gx-bar--binds=move || binds.get() class:gx-bar--fails=move || fails.get() data-testid=testid>
            <p class="gx-bar__label">
                {heading}
                <Show when=move || binds.get()>
                    <span class="gx-bar__binds">{t(text::BAR_BINDS)}</span>
                </Show>
                <Show when=move || fails.get()>
                    <span class="gx-bar__binds">{t(text::BAR_DOES_NOT_FIT)}</span>
                </Show>
            </p>
            <svg class="gx-bar__svg" viewBox=format!("-2 0 {} {}", WIDTH + 4.0, BAR_H + 2.0) preserveAspectRatio="none">
                <For each=move || kinds.get() key=|k| *k children=segment/>
                <path class="gx-bar__divider" fill="none" d=move || dividers.get()/>
                <rect class="gx-bar__frame" x="0" y=format!("{:.1}", BAR_Y) width=WIDTH.to_string() height=BAR_H.to_string()/>
            </svg>
        </div>
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
    // The four budgets are always there, in this order ([`super::state::resource_bars`]).
    let rows = Resource::ALL
        .into_iter()
        .enumerate()
        .map(|(i, r)| bar_row(i, r, roving, focused))
        .collect_view();
    view! {
        <figure class="gx-figure gx-occ-figure" data-testid="figure">
            <Verdict/>
            <h2 class="gx-bars__title">{move || { let l = lang.get(); st.outputs.with(|o| text::bars_title(o.gpu.name, l)) }}</h2>
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
            <p class="gx-sr-only">{move || { let l = lang.get(); st.outputs.with(|o| text::limiter_sentence(o, l)) }}</p>
        </figure>
    }
}

/// The bars as a table, collapsible, for screen readers and for checking. Its rows are built
/// once (one per budget, one item per segment kind); a slider tick rewrites their text.
#[component]
pub fn DataTable() -> impl IntoView {
    let st = expect_context::<OccState>();
    let lang = use_lang();
    let row = move |i: usize| {
        let bar = Memo::new(move |_| st.outputs.with(|o| o.bars.get(i).cloned()));
        let kinds = Memo::new(move |_| {
            bar.with(|b| {
                b.as_ref()
                    .map(|b| b.segments.iter().map(|s| s.kind).collect::<Vec<_>>())
                    .unwrap_or_default()
            })
        });
        let heading = heading_of(bar, lang);
        let item = move |kind: SegmentKind| {
            let words = move || {
                let l = lang.get();
                bar.with(|b| {
                    b.as_ref()
                        .and_then(|b| {
                            let seg = b.segments.iter().find(|s| s.kind == kind)?;
                            Some(text::describe_segment(b, seg, l))
                        })
                        .unwrap_or_default()
                })
            };
            view! { <li>{words}</li> }
        };
        view! {
            <tr>
                <th scope="row">{heading}</th>
                <td><ul><For each=move || kinds.get() key=|k| *k children=item/></ul></td>
            </tr>
        }
    };
    view! {
        <DataDetails summary=text::DATA_TABLE>
            <table class="gx-table">
                <caption>{move || st.outputs.with(|o| o.gpu.name)}</caption>
                <thead><tr>
                    <th scope="col">{t(text::TABLE_BUDGET)}</th>
                    <th scope="col">{t(text::TABLE_PARTS)}</th>
                </tr></thead>
                <tbody>
                    {(0..Resource::ALL.len()).map(row).collect_view()}
                </tbody>
            </table>
        </DataDetails>
    }
}
