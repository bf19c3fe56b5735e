//! One SM's four budgets as stacked SVG bars (used / reserve / idle because another budget
//! binds / free / L1), each segment focusable with its numbers: the occupancy chapter's figure,
//! also drawn by the kernel lab for its launch. [`resource_bars`] splits the model's occupancy
//! steps into the bars; [`BudgetBars`] draws them, [`BarsTable`] lists them.

use leptos::prelude::*;

use super::text;
use crate::geom::chart::stacked_spans;
use crate::geom::fixed::fixed;
use crate::model::gpu_spec::GpuSpec;
use crate::model::occupancy::{Limiter, OccupancySteps, UNLIMITED};
use crate::ui::format::grouped;
use crate::ui::i18n::{t, use_lang, Tr};
use crate::ui::shared::roving::Roving;
use crate::ui::widgets::DataDetails;

/// A per-SM budget drawn as one bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resource {
    /// The register file.
    Registers,
    /// Shared memory (the unified L1/shared SRAM).
    SharedMemory,
    /// Warp slots.
    Warps,
    /// Block slots.
    Blocks,
}

impl Resource {
    /// Every bar, top to bottom.
    pub const ALL: [Resource; 4] = [
        Resource::Registers,
        Resource::SharedMemory,
        Resource::Warps,
        Resource::Blocks,
    ];

    /// The model's limiter for this budget.
    pub fn limiter(self) -> Limiter {
        match self {
            Resource::Registers => Limiter::Registers,
            Resource::SharedMemory => Limiter::SharedMemory,
            Resource::Warps => Limiter::Warps,
            Resource::Blocks => Limiter::Blocks,
        }
    }
}

/// What a part of a bar is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SegmentKind {
    /// Allocated to the resident blocks.
    Used,
    /// The driver's 1 KiB per-block shared-memory reserve (CC ≥ 8.0).
    Reserve,
    /// Enough for more whole blocks, left idle because another budget binds first.
    Idle,
    /// Free, but not enough for one more block (registers: counted per partition).
    Free,
    /// SRAM the carveout leaves to the L1 cache.
    L1,
}

/// One part of a bar, in the budget's unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// What it is.
    pub kind: SegmentKind,
    /// How much (registers, bytes, warps or blocks).
    pub amount: u64,
}

/// One per-SM budget split into used / idle / free.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceBar {
    /// Which budget.
    pub resource: Resource,
    /// The whole bar (for shared memory: the SRAM that can become shared memory).
    pub total: u64,
    /// One block's allocation of this budget.
    pub per_block: u64,
    /// Blocks this budget alone allows ([`UNLIMITED`] when it never binds).
    pub limit: u32,
    /// True when this budget sets the resident-block count.
    pub binds: bool,
    /// Left to right; amounts sum to `total`.
    pub segments: Vec<Segment>,
}

// Eight plain numbers read better at the call sites than a one-use struct.
#[allow(clippy::too_many_arguments)]
fn bar(
    resource: Resource,
    total: u64,
    per_block: u64,
    limit: u32,
    blocks: u32,
    binds: bool,
    reserve_per_block: u64,
    l1: u64,
) -> ResourceBar {
    let blocks = u64::from(blocks);
    let capacity = total.saturating_sub(l1);
    let used_all = blocks.saturating_mul(per_block).min(capacity);
    let reserve = blocks.saturating_mul(reserve_per_block).min(used_all);
    let more = if limit == UNLIMITED {
        0
    } else {
        u64::from(limit).saturating_sub(blocks)
    };
    let idle = more
        .saturating_mul(per_block)
        .min(capacity.saturating_sub(used_all));
    let free = capacity - used_all - idle;
    let segments = [
        (SegmentKind::Used, used_all - reserve),
        (SegmentKind::Reserve, reserve),
        (SegmentKind::Idle, idle),
        (SegmentKind::Free, free),
        (SegmentKind::L1, l1.min(total)),
    ]
    .into_iter()
    .filter(|&(_, amount)| amount > 0)
    .map(|(kind, amount)| Segment { kind, amount })
    .collect();
    ResourceBar {
        resource,
        total,
        per_block,
        limit,
        binds,
        segments,
    }
}

/// The four bars for a result (used = 0 everywhere when the launch fails).
pub fn resource_bars(gpu: &GpuSpec, s: &OccupancySteps) -> Vec<ResourceBar> {
    let blocks = s.blocks_per_sm;
    let binds = |l: Limiter| s.limiters.contains(&l) && blocks > 0;
    // Shared memory: the bar is the largest carveout; what the carveout in force leaves out is
    // L1. The per-block allocation includes the reserve (rounded to the granularity).
    let smem_total = u64::from(gpu.smem_per_sm_bytes.max(s.carveout_bytes));
    let l1 = smem_total - u64::from(s.carveout_bytes.min(gpu.smem_per_sm_bytes));
    vec![
        bar(
            Resource::Registers,
            gpu.regs_per_sm.into(),
            s.regs_per_block,
            s.limit_by_registers,
            blocks,
            binds(Limiter::Registers),
            0,
            0,
        ),
        bar(
            Resource::SharedMemory,
            smem_total,
            s.smem_per_block_bytes,
            s.limit_by_shared_memory,
            blocks,
            binds(Limiter::SharedMemory),
            gpu.reserved_smem_per_block_bytes.into(),
            l1,
        ),
        bar(
            Resource::Warps,
            s.max_warps_per_sm.into(),
            s.warps_per_block.into(),
            s.limit_by_warps,
            blocks,
            binds(Limiter::Warps),
            0,
            0,
        ),
        bar(
            Resource::Blocks,
            gpu.max_blocks_per_sm.into(),
            1,
            s.limit_by_blocks,
            blocks,
            binds(Limiter::Blocks),
            0,
            0,
        ),
    ]
}

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
    bars: Memo<Vec<ResourceBar>>,
    i: usize,
    resource: Resource,
    roving: Roving,
    focused: RwSignal<Option<String>>,
) -> impl IntoView {
    let lang = use_lang();
    let bar = Memo::new(move |_| bars.with(|b| b.get(i).cloned()));
    // The roving index of this bar's first segment: the segments of the bars above it.
    let first = Memo::new(move |_| {
        bars.with(|b| b.iter().take(i).map(|b| b.segments.len()).sum::<usize>())
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

/// The bars of `bars` (the four budgets, in [`Resource::ALL`] order) under a heading naming
/// the GPU, with the readout of the segment hovered or focused and the legend.
#[component]
pub fn BudgetBars(
    /// The bars ([`resource_bars`]).
    bars: Memo<Vec<ResourceBar>>,
    /// The GPU's name, for the heading.
    #[prop(into)]
    gpu_name: Signal<&'static str>,
) -> impl IntoView {
    let lang = use_lang();
    let focused = RwSignal::new(None::<String>);
    // Every segment of every bar, in reading order, is one roving tab stop.
    let segments =
        Memo::new(move |_| bars.with(|b| b.iter().map(|b| b.segments.len()).sum::<usize>()));
    let roving = Roving::new(segments, 0);
    // The four budgets are always there, in this order ([`resource_bars`]).
    let rows = Resource::ALL
        .into_iter()
        .enumerate()
        .map(|(i, r)| bar_row(bars, i, r, roving, focused))
        .collect_view();
    view! {
        <h2 class="gx-bars__title">{move || text::bars_title(gpu_name.get(), lang.get())}</h2>
        <div class="gx-bars" role="group" aria-label=t(text::BARS_LABEL)
            tabindex="-1" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>
            {rows}
        </div>
        <p class="gx-bars__readout" aria-live="polite" data-testid="bar-readout">
            {move || focused.get().unwrap_or_else(|| text::BARS_HINT.get(lang.get()).into())}
        </p>
        <ul class="gx-legend">
            {[SegmentKind::Used, SegmentKind::Reserve, SegmentKind::Idle, SegmentKind::Free, SegmentKind::L1]
                .into_iter()
                .map(|k| view! {
                    <li><span class=format!("gx-legend__mark gx-legend__mark--bar {}", seg_class(k).replace("gx-seg ", "gx-swatch "))></span>{t(text::segment(None, k))}</li>
                })
                .collect_view()}
        </ul>
    }
}

/// The bars as a table, collapsible, for screen readers and for checking. Its rows are built
/// once (one per budget, one item per segment kind); a slider tick rewrites their text.
#[component]
pub fn BarsTable(
    /// The bars ([`resource_bars`]).
    bars: Memo<Vec<ResourceBar>>,
    /// The GPU's name, for the caption.
    #[prop(into)]
    gpu_name: Signal<&'static str>,
    /// The summary line of the collapsible table.
    summary: Tr,
) -> impl IntoView {
    let lang = use_lang();
    let row = move |i: usize| {
        let bar = Memo::new(move |_| bars.with(|b| b.get(i).cloned()));
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
        <DataDetails summary=summary>
            <table class="gx-table">
                <caption>{move || gpu_name.get()}</caption>
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
