//! The chip-anatomy chapter's figures and tables.

use leptos::prelude::*;

use crate::ui::shared::gpu_select::GpuSelect;

use super::state::{ChipInputs, ChipState, GPUS};
use super::text;
use crate::geom::chart::Rect;
use crate::geom::die::{die_layout_in_cols, DieLayout};
use crate::ui::format::{bytes_binary, grouped, si, sig3};
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::roving::Roving;
use crate::ui::shell::Terms;
use crate::ui::theme::{use_narrow_screen, use_on_stage};
use crate::ui::widgets::formula_row;

/// A part of the figures the reader can point at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// A GPC box.
    Gpc(u32),
    /// An enabled SM (index among enabled SMs).
    Sm(u32),
    /// A fused-off TPC (gpc, tpc).
    FusedTpc(u32, u32),
    /// L2 and the crossbar.
    L2,
    /// HBM and the memory controllers.
    Memory,
    /// PCIe and NVLink.
    Io,
    /// A unit group of one partition.
    Unit(Unit),
}

/// The unit groups of one SM partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// L0 instruction cache.
    L0,
    /// Warp scheduler.
    Scheduler,
    /// Dispatch unit.
    Dispatch,
    /// Register-file slice.
    Registers,
    /// FP32 lanes.
    Fp32,
    /// INT32 lanes.
    Int32,
    /// FP64 lanes.
    Fp64,
    /// Tensor Core.
    Tensor,
    /// Load/store units.
    LdSt,
    /// Special-function units.
    Sfu,
    /// L1 instruction cache (per SM).
    L1i,
    /// Unified L1 data cache / shared memory (per SM).
    L1Shared,
}

fn state() -> ChipState {
    expect_context::<ChipState>()
}

fn rect_attrs(r: Rect) -> (String, String, String, String) {
    (
        format!("{:.1}", r.x0),
        format!("{:.1}", r.y0),
        format!("{:.1}", r.x1 - r.x0),
        format!("{:.1}", r.y1 - r.y0),
    )
}

/// The GPU switch, and what is not drawn for a GPU without a die layout.
#[component]
pub fn Controls() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <div class="gx-controls gx-controls--inline">
            <GpuSelect ids=GPUS.to_vec() selected=Signal::derive(move || st.inputs.with(|i| i.gpu.clone()))
                on_pick=Callback::new(move |id: String| st.inputs.update(|i| i.gpu = id))/>
        </div>
        {move || st.outputs.with(Option::is_none).then(|| {
            let g = st.inputs.with(ChipInputs::gpu_spec);
            view! { <p class="gx-note" data-testid="not-drawn">{move || text::not_drawn(&g, lang.get())}</p> }
        })}
    }
}

/// The part the reader points at in one figure, remembered with the GPU it belongs to: after a
/// GPU switch (a select, a link, Back) the readout no longer describes the previous GPU's part.
#[derive(Clone, Copy)]
struct Focus {
    part: RwSignal<Option<Part>>,
    gpu: RwSignal<String>,
    st: ChipState,
}

impl Focus {
    fn new(st: ChipState) -> Focus {
        Focus {
            part: RwSignal::new(None),
            gpu: RwSignal::new(String::new()),
            st,
        }
    }

    /// Points at `part` (`None` when the pointer leaves).
    fn set(self, part: Option<Part>) {
        self.gpu
            .set(self.st.inputs.with_untracked(|i| i.gpu.clone()));
        self.part.set(part);
    }

    /// The part pointed at on the GPU shown now; `None` once the figure is gone (a switch to a
    /// GPU without a die layout closes it, and a readout's update queued before may still run).
    fn get(self) -> Option<Part> {
        let now = self.st.inputs.with(|i| i.gpu.clone());
        if self.gpu.try_with(|g| *g == now)? {
            self.part.try_get().flatten()
        } else {
            None
        }
    }
}

/// The info line under a figure: what the focused part is.
#[component]
fn Info(focused: Focus) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <p class="gx-info" aria-live="polite" data-testid="info">
            {move || match (focused.get(), st.outputs.get()) {
                (Some(p), Some(out)) => text::describe(p, &out, lang.get()),
                _ => text::HOVER_HINT.get(lang.get()).to_string(),
            }}
        </p>
    }
}

/// One part of a figure: a named image (`role="img"`, its description as the accessible name)
/// and item `index` of the figure's roving tab stop, so the figure is one tab stop and the
/// arrow keys walk its parts; focus or hover describes it below the figure.
fn part_rect(
    r: Rect,
    class: &'static str,
    part: Part,
    focused: Focus,
    (roving, index): (Roving, usize),
    label: impl Fn() -> String + Send + Sync + 'static,
) -> impl IntoView {
    let (x, y, w, h) = rect_attrs(r);
    view! {
        <rect x=x y=y width=w height=h class=class
            class:gx-part--focused=move || focused.get() == Some(part)
            role="img" tabindex=roving.tabindex(index) data-roving=index.to_string() aria-label=label
            on:mouseenter=move |_| focused.set(Some(part))
            on:focus=move |_| focused.set(Some(part))
        />
    }
}

/// The die's parts in reading order, the order of the arrow keys: I/O, L2, memory, then each
/// GPC followed by its SMs and fused-off TPCs (the order the figure draws them in).
fn die_parts(d: &DieLayout) -> Vec<Part> {
    let mut parts = vec![Part::Io, Part::L2, Part::Memory];
    for gpc in &d.gpcs {
        parts.push(Part::Gpc(gpc.gpc));
        for tpc in &gpc.tpcs {
            parts.extend(tpc.sms.iter().filter_map(|c| c.sm.map(Part::Sm)));
            if !tpc.enabled {
                parts.push(Part::FusedTpc(gpc.gpc, tpc.tpc));
            }
        }
    }
    parts
}

/// The die: GPCs, TPCs, SMs, L2, memory and links.
#[component]
pub fn DieFigure() -> impl IntoView {
    let st = state();
    let focused = Focus::new(st);
    let lang = use_lang();
    let parts = Memo::new(move |_| {
        st.outputs
            .with(|o| o.as_ref().map(|o| die_parts(&o.die)).unwrap_or_default())
    });
    let roving = Roving::new(Signal::derive(move || parts.with(Vec::len)), 0);
    let on_stage = use_on_stage();
    let item = move |part: Part| {
        (
            roving,
            parts.with_untracked(|p| p.iter().position(|q| *q == part).unwrap_or(0)),
        )
    };
    let figure = move || {
        let out = st.outputs.get()?;
        // On the classroom stage all GPCs in one row: wide and short, the stage's shape.
        let d = if on_stage {
            let a = &out.anatomy;
            die_layout_in_cols(
                a.gpcs_full_die,
                a.tpcs_per_gpc,
                a.sms_per_tpc,
                a.enabled_tpcs_per_gpc,
                a.gpcs_full_die,
            )
        } else {
            out.die.clone()
        };
        let view_box = format!("0 0 {:.0} {:.0}", d.width_px, d.height_px);
        let band = |r: Rect, class: &'static str, part: Part, label: String| {
            let o = out.clone();
            let (tx, ty) = (
                format!("{:.1}", r.x0 + 8.0),
                format!("{:.1}", (r.y0 + r.y1) / 2.0 + 4.0),
            );
            view! {
                <g>
                    {part_rect(r, class, part, focused, item(part), move || text::describe(part, &o, lang.get()))}
                    <text x=tx y=ty class="gx-die__band-label" aria-hidden="true">{label}</text>
                </g>
            }
        };
        let io_label = {
            let (pg, pbw) = out.anatomy.pcie;
            let nv = out
                .anatomy
                .nvlink
                .map(|(gen, links, bw)| format!("NVLink {gen}.0 ×{links} · {}", si(bw, "B/s")))
                .unwrap_or_default();
            format!("{nv} · PCIe {pg}.0 x16 · {}", si(pbw, "B/s"))
        };
        let l2_label = format!("L2 {} + Crossbar", bytes_binary(out.gpu.l2_bytes as f64));
        let mem_label = format!(
            "{} {} · {}",
            bytes_binary(out.gpu.memory_bytes as f64),
            out.gpu.memory_kind,
            si(out.gpu.bandwidth_bytes_per_s, "B/s")
        );
        let gpcs = d.gpcs.iter().map(|gpc| {
            let o = out.clone();
            let gi = gpc.gpc;
            let (lx, ly) = (format!("{:.1}", gpc.rect.x0 + 6.0), format!("{:.1}", gpc.rect.y0 + 14.0));
            let tpcs = gpc.tpcs.iter().map(|tpc| {
                let cells = tpc.sms.iter().map(|c| match c.sm {
                    Some(sm) => {
                        let o = o.clone();
                        part_rect(c.rect, "gx-die__sm", Part::Sm(sm), focused, item(Part::Sm(sm)), move || text::describe(Part::Sm(sm), &o, lang.get())).into_any()
                    }
                    None => {
                        let (x, y, w, h) = rect_attrs(c.rect);
                        view! { <rect x=x y=y width=w height=h class="gx-die__sm gx-die__sm--fused"/> }.into_any()
                    }
                }).collect_view();
                let fused = (!tpc.enabled).then(|| {
                    let o = o.clone();
                    let part = Part::FusedTpc(gi, tpc.tpc);
                    part_rect(tpc.rect, "gx-die__tpc gx-die__tpc--fused", part, focused, item(part), move || text::describe(part, &o, lang.get()))
                });
                let (x, y, w, h) = rect_attrs(tpc.rect);
                view! {
                    <g>
                        <rect x=x y=y width=w height=h class="gx-die__tpc"/>
                        {cells}
                        {fused}
                    </g>
                }
            }).collect_view();
            let part = Part::Gpc(gi);
            view! {
                <g>
                    {part_rect(gpc.rect, "gx-die__gpc", part, focused, item(part), move || text::describe(part, &o, lang.get()))}
                    <text x=lx y=ly class="gx-die__label" aria-hidden="true">{format!("GPC {gi}")}</text>
                    {tpcs}
                </g>
            }
        }).collect_view();
        Some(view! {
            <svg class="gx-die" class:gx-die--stage=on_stage viewBox=view_box style=format!("min-width: {:.0}px{}", d.width_px, if on_stage { "; max-width: none" } else { "" }) role="group" aria-label=move || text::DIE.get(lang.get())
                tabindex="-1" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin() on:mouseleave=move |_| focused.set(None)>
                {band(d.io, "gx-die__band gx-die__band--io", Part::Io, io_label)}
                {band(d.l2, "gx-die__band gx-die__band--l2", Part::L2, l2_label)}
                {band(d.memory, "gx-die__band gx-die__band--mem", Part::Memory, mem_label)}
                {gpcs}
            </svg>
        })
    };
    view! {
        <figure class="gx-figure l-page" data-testid="figure">
            <figcaption><h2>{t(text::DIE)}</h2></figcaption>
            // The drawing scrolls sideways on its own where it is wider than the screen (its text
            // stays ≥ 12 px), so its edge fade leaves the notes below it alone.
            <div class="gx-scroll-x">{figure}</div>
            <Info focused=focused/>
            <p class="gx-note">{move || st.outputs.get().map(|o| {
                let full = o.anatomy.sms_full_die();
                text::enabled_sms(o.gpu.sm_count, full, o.anatomy.gpcs_full_die, o.anatomy.tpcs_per_gpc, lang.get())
            })}</p>
        </figure>
    }
}

/// The SM figure's layout: two columns of partitions (760 units, drawn at scale ≥ 1 on a 1440
/// desktop and a 853 px projector), or one column on a narrow screen (352 units: scale ≥ 1 in
/// a 390 px phone's figure), so its 12-unit labels stay ≥ 12 CSS px.
fn sm_layout(narrow: bool) -> (f64, u32, f64) {
    // (width of a partition, partitions per row, width of the SM)
    if narrow {
        (336.0, 1, 352.0)
    } else {
        (372.0, 2, 760.0)
    }
}
const PART_H: f64 = 176.0;
const TOP_H: f64 = 30.0;
/// The L1 data cache box: two lines of text on a narrow screen.
const BOTTOM_H_NARROW: f64 = 46.0;
const ROW_H: f64 = 17.0;
/// Focusable parts of the SM figure: L1i, 4 × (3 header boxes, register file, 6 unit rows), L1.
const SM_PARTS: usize = 1 + 4 * 10 + 1;
/// Left edge of the unit cells in a partition: room for "Tensor Core ×1" at 12 px.
const CELLS_X: f64 = 108.0;

/// One SM: the four partitions with every unit, the L1 instruction cache and L1/shared.
#[component]
pub fn SmFigure() -> impl IntoView {
    let st = state();
    let focused = Focus::new(st);
    let lang = use_lang();
    // Arrow-key order: L1i (0), each partition's 3 header boxes, register file and 6 unit rows
    // (1 + 10 k …), L1 / shared (41).
    let roving = Roving::new(SM_PARTS, 0);
    let narrow = use_narrow_screen();
    let figure = move || {
        let out = st.outputs.get()?;
        let p = out.anatomy.partition;
        let (part_w, per_row, sm_w) = sm_layout(narrow.get());
        let part_rows = 4u32.div_ceil(per_row);
        let bottom_h = if per_row == 1 { BOTTOM_H_NARROW } else { TOP_H };
        let height = TOP_H + f64::from(part_rows) * (PART_H + 8.0) + 8.0 + bottom_h;
        let parts = (0..4u32).map(|k| {
            let x0 = 8.0 + f64::from(k % per_row) * (part_w + 8.0);
            let y0 = TOP_H + 8.0 + f64::from(k / per_row) * (PART_H + 8.0);
            let outer = Rect { x0, y0, x1: x0 + part_w, y1: y0 + PART_H };
            let (ox, oy, ow, oh) = rect_attrs(outer);
            // Header boxes: L0 | scheduler | dispatch.
            let hw = (part_w - 16.0) / 3.0;
            let header = [
                (Unit::L0, text::L0_I_CACHE),
                (Unit::Scheduler, text::WARP_SCHEDULER),
                (Unit::Dispatch, text::DISPATCH),
            ]
                .into_iter()
                .enumerate()
                .map(|(i, (u, name))| {
                    let r = Rect { x0: x0 + 4.0 + i as f64 * (hw + 4.0), y0: y0 + 16.0, x1: x0 + 4.0 + i as f64 * (hw + 4.0) + hw, y1: y0 + 32.0 };
                    let o = out.clone();
                    let (tx, ty) = (format!("{:.1}", r.x0 + 4.0), format!("{:.1}", r.y1 - 4.0));
                    view! {
                        <g>
                            {part_rect(r, "gx-sm__ctl", Part::Unit(u), focused, (roving, 1 + k as usize * 10 + i), move || text::describe(Part::Unit(u), &o, lang.get()))}
                            <text x=tx y=ty class="gx-sm__text" aria-hidden="true">{move || name.get(lang.get())}</text>
                        </g>
                    }
                })
                .collect_view();
            let rf = Rect { x0: x0 + 4.0, y0: y0 + 36.0, x1: x0 + part_w - 4.0, y1: y0 + 52.0 };
            let rf_numbers = format!("{} × 32-bit ({})", grouped(u64::from(p.registers)), bytes_binary(f64::from(p.registers) * 4.0));
            let rf_label = move || text::register_file(&rf_numbers, lang.get());
            let o = out.clone();
            let (rx, ry) = (format!("{:.1}", rf.x0 + 4.0), format!("{:.1}", rf.y1 - 4.0));
            let rows = [
                (Unit::Fp32, "FP32", p.fp32),
                (Unit::Int32, "INT32", p.int32),
                (Unit::Fp64, "FP64", p.fp64),
                (Unit::Tensor, "Tensor Core", p.tensor_cores),
                (Unit::LdSt, "LD/ST", p.ld_st),
                (Unit::Sfu, "SFU", p.sfu),
            ];
            let max_cells = rows.iter().filter(|r| r.0 != Unit::Tensor).map(|r| r.2).max().unwrap_or(1).max(1);
            let cell_w = ((part_w - CELLS_X - 8.0) / f64::from(max_cells)).min(14.0);
            let unit_rows = rows.into_iter().enumerate().map(|(i, (u, name, n))| {
                let ry0 = y0 + 58.0 + i as f64 * ROW_H;
                let (lx, ly) = (format!("{:.1}", x0 + 6.0), format!("{:.1}", ry0 + 12.0));
                let o = out.clone();
                let cells = if u == Unit::Tensor {
                    let r = Rect { x0: x0 + CELLS_X, y0: ry0 + 1.0, x1: x0 + part_w - 6.0, y1: ry0 + ROW_H - 2.0 };
                    let (x, y, w, h) = rect_attrs(r);
                    view! { <rect x=x y=y width=w height=h class="gx-sm__cell gx-sm__cell--tensor" aria-hidden="true"/> }.into_any()
                } else {
                    (0..n).map(|c| {
                        let cx = x0 + CELLS_X + f64::from(c) * cell_w;
                        let r = Rect { x0: cx, y0: ry0 + 2.0, x1: cx + cell_w - 2.0, y1: ry0 + ROW_H - 3.0 };
                        let (x, y, w, h) = rect_attrs(r);
                        view! { <rect x=x y=y width=w height=h class=format!("gx-sm__cell gx-sm__cell--{}", name.to_ascii_lowercase().replace('/', "")) aria-hidden="true"/> }
                    }).collect_view().into_any()
                };
                let hit = Rect { x0: x0 + 4.0, y0: ry0, x1: x0 + part_w - 4.0, y1: ry0 + ROW_H - 1.0 };
                view! {
                    <g>
                        {part_rect(hit, "gx-sm__row", Part::Unit(u), focused, (roving, 1 + k as usize * 10 + 4 + i), move || text::describe(Part::Unit(u), &o, lang.get()))}
                        <text x=lx y=ly class="gx-sm__text" aria-hidden="true">{format!("{name} ×{n}")}</text>
                        {cells}
                    </g>
                }
            }).collect_view();
            let (px, py) = (format!("{:.1}", x0 + 6.0), format!("{:.1}", y0 + 12.0));
            view! {
                <g>
                    <rect x=ox y=oy width=ow height=oh class="gx-sm__partition"/>
                    <text x=px y=py class="gx-sm__title" aria-hidden="true">{move || text::partition(k, lang.get())}</text>
                    {header}
                    {part_rect(rf, "gx-sm__rf", Part::Unit(Unit::Registers), focused, (roving, 1 + k as usize * 10 + 3), move || text::describe(Part::Unit(Unit::Registers), &o, lang.get()))}
                    <text x=rx y=ry class="gx-sm__text" aria-hidden="true">{rf_label}</text>
                    {unit_rows}
                </g>
            }
        }).collect_view();
        let l1i = Rect {
            x0: 8.0,
            y0: 4.0,
            x1: sm_w - 8.0,
            y1: TOP_H,
        };
        let l1 = Rect {
            x0: 8.0,
            y0: height - bottom_h - 4.0,
            x1: sm_w - 8.0,
            y1: height - 8.0,
        };
        let (o1, o2) = (out.clone(), out.clone());
        let (l1_name, l1_size) = (
            text::L1_DATA_CACHE_SHARED,
            text::l1_size(
                &bytes_binary(f64::from(out.gpu.l1_smem_per_sm_bytes)),
                &bytes_binary(f64::from(out.gpu.smem_per_sm_bytes)),
                lang.get(),
            ),
        );
        // One line on a wide screen, two on a narrow one.
        let l1_text = if per_row == 1 {
            view! {
                <text x="16" y=format!("{:.1}", l1.y0 + 18.0) class="gx-sm__text" aria-hidden="true">
                    <tspan>{t(l1_name)}</tspan>
                    <tspan x="16" dy="16">{l1_size}</tspan>
                </text>
            }
            .into_any()
        } else {
            view! {
                <text x="16" y=format!("{:.1}", l1.y1 - 8.0) class="gx-sm__text" aria-hidden="true">
                    {t(l1_name)}" · "{l1_size}
                </text>
            }
            .into_any()
        };
        Some(view! {
            <svg class="gx-sm" viewBox=format!("0 0 {sm_w} {height:.0}") style=format!("min-width: {sm_w}px") role="group" aria-label=move || text::SM.get(lang.get())
                tabindex="-1" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin() on:mouseleave=move |_| focused.set(None)>
                {part_rect(l1i, "gx-sm__cache", Part::Unit(Unit::L1i), focused, (roving, 0), move || text::describe(Part::Unit(Unit::L1i), &o1, lang.get()))}
                <text x="16" y=format!("{:.1}", l1i.y1 - 8.0) class="gx-sm__text" aria-hidden="true">{t(text::L1_INSTRUCTION_CACHE)}</text>
                {parts}
                {part_rect(l1, "gx-sm__cache gx-sm__cache--data", Part::Unit(Unit::L1Shared), focused, (roving, SM_PARTS - 1), move || text::describe(Part::Unit(Unit::L1Shared), &o2, lang.get()))}
                {l1_text}
            </svg>
        })
    };
    view! {
        <figure class="gx-figure l-page" data-testid="figure-sm">
            <figcaption><h2>{t(text::SM)}</h2></figcaption>
            {figure}
            <Info focused=focused/>
            <p class="gx-note"><Terms text=text::SM_NOTE/></p>
        </figure>
    }
}

/// Per-SM and per-chip totals, derived from one partition's units, with the peak arithmetic.
#[component]
pub fn Totals() -> impl IntoView {
    let st = state();
    view! {
        <section class="l-body gx-numbers" data-testid="totals">
            <h2>{t(text::TOTALS)}</h2>
            {move || st.outputs.get().map(|o| {
                let g = &o.gpu;
                let p = o.anatomy.partition;
                let k = g.partitions_per_sm;
                let ghz = f64::from(g.boost_clock_mhz) / 1000.0;
                let tghz = f64::from(o.anatomy.tensor_clock_mhz) / 1000.0;
                view! {
                    <table class="gx-table">
                        <tbody>
                            {formula_row(text::FP32_LANES_SM, format!("4 × {}", p.fp32), (p.fp32 * k).to_string())}
                            {formula_row(text::INT32_LANES_SM, format!("4 × {}", p.int32), (p.int32 * k).to_string())}
                            {formula_row(text::FP64_LANES_SM, format!("4 × {}", p.fp64), (p.fp64 * k).to_string())}
                            {formula_row(text::TENSOR_CORES_SM, format!("4 × {}", p.tensor_cores), (p.tensor_cores * k).to_string())}
                            {formula_row(text::LD_ST_UNITS_SM, format!("4 × {}", p.ld_st), (p.ld_st * k).to_string())}
                            {formula_row(text::SFUS_SM, format!("4 × {}", p.sfu), (p.sfu * k).to_string())}
                            {formula_row(text::REGISTERS_SM, format!("4 × {}", grouped(u64::from(p.registers))), format!("{} × 4 B = {}", grouped(u64::from(p.registers * k)), bytes_binary(f64::from(p.registers * k) * 4.0)))}
                            {formula_row(text::FP32_LANES_CHIP, format!("{} SMs × {}", g.sm_count, p.fp32 * k), grouped(u64::from(g.fp32_lanes())))}
                            {formula_row(text::REGISTERS_CHIP, format!("{} SMs × {}", g.sm_count, bytes_binary(f64::from(g.regs_per_sm) * 4.0)), bytes_binary(f64::from(g.sm_count) * f64::from(g.regs_per_sm) * 4.0))}
                            {formula_row(text::FP32_PEAK, format!("{} × 2 FLOP × {ghz} GHz", grouped(u64::from(g.fp32_lanes()))), si(g.fp32_flops_per_s_from_units(), "FLOP/s"))}
                            {formula_row(text::FP16_TENSOR_PEAK_DENSE, format!("{} × {} TC × {} FMA × 2 × {tghz} GHz", g.sm_count, g.tensor_cores_per_sm, o.anatomy.tensor_fp16_fma_per_clk), si(o.anatomy.tensor_fp16_flops_per_s(g), "FLOP/s"))}
                        </tbody>
                    </table>
                    <p class="gx-note">{
                        let (b, tc) = (g.boost_clock_mhz, o.anatomy.tensor_clock_mhz);
                        let lang = use_lang();
                        move || if b == tc {
                            String::new()
                        } else {
                            text::peak_clocks(b, tc, lang.get())
                        }
                    }</p>
                }
            })}
        </section>
    }
}

/// The memory hierarchy: scope, capacity, course latency, measured latency, bandwidth.
#[component]
pub fn MemoryTable() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <section class="l-body" data-testid="memory">
            <h2>{t(text::MEMORY)}</h2>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric">
                <thead><tr>
                    <th scope="col">{t(text::LEVEL)}</th>
                    <th scope="col">{t(text::VISIBLE_TO)}</th>
                    <th scope="col">{t(text::CAPACITY)}</th>
                    <th scope="col">{t(text::LATENCY_COURSE_CYCLES)}</th>
                    <th scope="col">{t(text::LATENCY_H200_MEASURED)}</th>
                    <th scope="col">{t(text::BANDWIDTH_CHIP)}</th>
                </tr></thead>
                <tbody>
                    {move || st.outputs.get().map(|o| o.anatomy.memory.iter().map(|m| {
                        let cap = format!("{}{}", bytes_binary(m.capacity_bytes as f64), if m.per_sm { " / SM" } else { "" });
                        let course = match m.course_latency_cycles { (0, 0) => "~0".to_string(), (a, b) if a == b => format!("~{a}"), (a, b) => format!("{a}–{b}") };
                        let measured = m.measured_latency_cycles.map(sig3).unwrap_or_else(|| "—".into());
                        let bw = m.bandwidth_bytes_per_s.map(|b| si(b, "B/s")).unwrap_or_else(|| "—".into());
                        // Every model level has a variant (tested in `text`).
                        let level = text::Level::from_id(m.id);
                        view! {
                            <tr>
                                <th scope="row">{level.map(|l| t(text::level_name(l)))}</th>
                                <td>{level.map(|l| t(text::level_scope(l)))}</td>
                                <td>{cap}</td><td>{course}</td><td>{measured}</td><td>{bw}</td>
                            </tr>
                        }
                    }).collect_view())}
                </tbody>
            </table>
            </div>
            <p class="gx-note"><Terms text=text::MEMORY_NOTE/></p>
            <h3>{t(text::LINKS)}</h3>
            <p>{move || st.outputs.get().map(|o| text::describe(Part::Io, &o, lang.get()))}</p>
            <p class="gx-note">{t(text::COURSE_WARNING)}</p>
        </section>
    }
}
