//! The chip-anatomy chapter's figures and tables.

use leptos::prelude::*;

use super::state::{ChipInputs, ChipOutputs, ChipState, GPUS};
use super::text;
use crate::geom::chart::Rect;
use crate::model::gpu_spec::GpuSpec;
use crate::ui::format::{bytes_binary, grouped, si, sig3};
use crate::ui::i18n::{t, tr, use_lang, Lang};
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

/// What a part is, with its numbers and source, in `lang`.
pub fn describe(part: Part, out: &ChipOutputs, lang: Lang) -> String {
    let g = &out.gpu;
    let a = &out.anatomy;
    let p = &a.partition;
    let en = lang == Lang::En;
    let pick = |e: String, z: String| if en { e } else { z };
    let wp = if g.id == "h100" || g.id == "h200" {
        "H100 whitepaper"
    } else {
        "A100 whitepaper"
    };
    match part {
        Part::Gpc(i) => {
            let tpcs = a.enabled_tpcs_per_gpc.get(i as usize).copied().unwrap_or(0);
            pick(
                format!("GPC {i}: {} TPCs on the full die, {tpcs} enabled here = {} SMs. ({wp})", a.tpcs_per_gpc, tpcs * a.sms_per_tpc),
                format!("GPC {i}：完整 die 上有 {} 个 TPC，此处启用 {tpcs} 个 = {} 个 SM。（{wp}）", a.tpcs_per_gpc, tpcs * a.sms_per_tpc),
            )
        }
        Part::Sm(i) => pick(
            format!("SM {i} of {}: 4 partitions, {} FP32 lanes, {} Tensor Cores, {} registers, up to {} KB shared memory, 2048 threads / 64 warps / 32 blocks resident.", g.sm_count, g.fp32_lanes_per_sm, g.tensor_cores_per_sm, grouped(u64::from(g.regs_per_sm)), g.smem_per_sm_bytes / 1024),
            format!("第 {i} 个 SM（共 {} 个）：4 个分区，{} 个 FP32 lane，{} 个 Tensor Core，{} 个寄存器，最多 {} KB shared memory，最多驻留 2048 线程 / 64 warp / 32 block。", g.sm_count, g.fp32_lanes_per_sm, g.tensor_cores_per_sm, grouped(u64::from(g.regs_per_sm)), g.smem_per_sm_bytes / 1024),
        ),
        Part::FusedTpc(gpc, tpc) => pick(
            format!("GPC {gpc}, TPC {tpc}: fused off on this product (2 SMs). {}", text::FUSED.en),
            format!("GPC {gpc}，TPC {tpc}：在本产品上被屏蔽（2 个 SM）。{}", text::FUSED.zh),
        ),
        Part::L2 => pick(
            format!("L2 cache {} and the crossbar, outside the GPCs, shared by all {} SMs: every HBM access passes through it. ({wp})", bytes_binary(g.l2_bytes as f64), g.sm_count),
            format!("L2 缓存 {} 与 Crossbar，位于 GPC 之外，由全部 {} 个 SM 共享：所有 HBM 访问都经过它。（{wp}）", bytes_binary(g.l2_bytes as f64), g.sm_count),
        ),
        Part::Memory if g.course.is_none() => text::memory_without_course_values(g, lang),
        Part::Memory => pick(
            format!("{} {} with its memory controllers: {} (datasheet), {} in the course's rounding.", bytes_binary(g.memory_bytes as f64), g.memory_kind, si(g.bandwidth_bytes_per_s, "B/s"), si(g.bandwidth_from(crate::model::gpu_spec::ValueSource::Course), "B/s")),
            format!("{} {} 及其内存控制器：{}（数据手册），课程取整为 {}。", bytes_binary(g.memory_bytes as f64), g.memory_kind, si(g.bandwidth_bytes_per_s, "B/s"), si(g.bandwidth_from(crate::model::gpu_spec::ValueSource::Course), "B/s")),
        ),
        Part::Io => {
            let (pcie_gen, pcie_bw) = a.pcie;
            let nv = a.nvlink.map(|(gen, links, bw)| (gen, links, si(bw, "B/s"))).unwrap_or((0, 0, "—".into()));
            pick(
                format!("NVLink {}.0: {} links, {} bidirectional aggregate, to peer GPUs. PCIe {pcie_gen}.0 x16: {} bidirectional, {} each way, to the host.", nv.0, nv.1, nv.2, si(pcie_bw, "B/s"), si(pcie_bw / 2.0, "B/s")),
                format!("NVLink {}.0：{} 条链路，双向聚合 {}，连接其他 GPU。PCIe {pcie_gen}.0 x16：双向 {}，单方向 {}，连接主机。", nv.0, nv.1, nv.2, si(pcie_bw, "B/s"), si(pcie_bw / 2.0, "B/s")),
            )
        }
        Part::Unit(u) => {
            let per_sm = |n: u32| n * g.partitions_per_sm;
            let (en_s, zh_s) = match u {
                Unit::L0 => ("L0 instruction cache, one per partition.".to_string(), "L0 指令缓存，每个分区一个。".to_string()),
                Unit::Scheduler => ("Warp scheduler: each cycle picks one ready warp of this partition and issues its next instruction (one warp = 32 threads).".into(), "Warp Scheduler：每周期从本分区就绪的 warp 中选一个，发射它的下一条指令（一个 warp = 32 线程）。".into()),
                Unit::Dispatch => ("Dispatch: sends the warp instruction and its active mask to the execution pipe.".into(), "Dispatch：把 warp 指令连同 active mask 送到执行流水线。".into()),
                Unit::Registers => (
                    format!("Register-file slice: {} × 32-bit = {} per partition; × 4 = {} registers = {} per SM.", grouped(u64::from(p.registers)), bytes_binary(f64::from(p.registers) * 4.0), grouped(u64::from(per_sm(p.registers))), bytes_binary(f64::from(per_sm(p.registers)) * 4.0)),
                    format!("寄存器文件切片：{} × 32-bit = 每分区 {}；× 4 = 每 SM {} 个寄存器 = {}。", grouped(u64::from(p.registers)), bytes_binary(f64::from(p.registers) * 4.0), grouped(u64::from(per_sm(p.registers))), bytes_binary(f64::from(per_sm(p.registers)) * 4.0)),
                ),
                Unit::Fp32 => (format!("FP32 lanes: {} per partition, {} per SM, {} on the chip. One FFMA = 2 FLOP.", p.fp32, per_sm(p.fp32), grouped(u64::from(g.fp32_lanes()))), format!("FP32 lane：每分区 {}，每 SM {}，整卡 {}。一次 FFMA = 2 FLOP。", p.fp32, per_sm(p.fp32), grouped(u64::from(g.fp32_lanes())))),
                Unit::Int32 => (format!("INT32 lanes: {} per partition, {} per SM; address and loop arithmetic can run beside FP32.", p.int32, per_sm(p.int32)), format!("INT32 lane：每分区 {}，每 SM {}；地址与循环计数可与 FP32 并行。", p.int32, per_sm(p.int32))),
                Unit::Fp64 => (format!("FP64 lanes: {} per partition, {} per SM.", p.fp64, per_sm(p.fp64)), format!("FP64 lane：每分区 {}，每 SM {}。", p.fp64, per_sm(p.fp64))),
                Unit::Tensor => (format!("Tensor Core: {} per partition, {} per SM; {} dense FP16 FMA per clock each. Executes warp-level MMA (HMMA/IMMA).", p.tensor_cores, per_sm(p.tensor_cores), a.tensor_fp16_fma_per_clk), format!("Tensor Core：每分区 {}，每 SM {}；每个每周期 {} 次稠密 FP16 FMA。执行 warp 级 MMA（HMMA/IMMA）。", p.tensor_cores, per_sm(p.tensor_cores), a.tensor_fp16_fma_per_clk)),
                Unit::LdSt => (format!("Load/store units: {} per partition, {} per SM: address generation for global, local and shared accesses.", p.ld_st, per_sm(p.ld_st)), format!("Load/Store 单元：每分区 {}，每 SM {}：为 global、local、shared 访存生成地址。", p.ld_st, per_sm(p.ld_st))),
                Unit::Sfu => (format!("Special-function units: {} per partition, {} per SM (sin, cos, exp2, rsqrt …).", p.sfu, per_sm(p.sfu)), format!("特殊函数单元 SFU：每分区 {}，每 SM {}（sin、cos、exp2、rsqrt …）。", p.sfu, per_sm(p.sfu))),
                Unit::L1i => ("L1 instruction cache, shared by the four partitions.".into(), "L1 指令缓存，四个分区共享。".into()),
                Unit::L1Shared => (
                    format!("Unified L1 data cache / shared memory: {} of SRAM per SM; up to {} of it can be shared memory (carveout), 32 banks × 4 B = 128 B per cycle.", bytes_binary(f64::from(g.l1_smem_per_sm_bytes)), bytes_binary(f64::from(g.smem_per_sm_bytes))),
                    format!("统一 L1 数据缓存 / shared memory：每 SM {} SRAM；其中最多 {} 可作 shared memory（carveout），32 个 bank × 4 B = 每周期 128 B。", bytes_binary(f64::from(g.l1_smem_per_sm_bytes)), bytes_binary(f64::from(g.smem_per_sm_bytes))),
                ),
            };
            pick(format!("{en_s} ({wp})"), format!("{zh_s}（{wp}）"))
        }
    }
}

/// The GPU switch, and what is not drawn for a GPU without a die layout.
#[component]
pub fn Controls() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <div class="gx-controls gx-controls--inline">
            <label class="gx-field">
                <span class="gx-field__label">"GPU"</span>
                <select class="gx-select" data-testid="select-gpu" on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if GPUS.contains(&id.as_str()) {
                        st.inputs.update(|i| i.gpu = id.clone());
                    }
                }>
                    {GPUS.iter().filter_map(|id| GpuSpec::by_id(id)).map(|g| {
                        let id = g.id;
                        view! { <option value=id selected=move || st.inputs.with(|i| i.gpu == id)>{g.name}</option> }
                    }).collect_view()}
                </select>
            </label>
        </div>
        {move || st.outputs.with(Option::is_none).then(|| {
            let g = st.inputs.with(ChipInputs::gpu_spec);
            view! { <p class="gx-note" data-testid="not-drawn">{move || text::not_drawn(&g, lang.get())}</p> }
        })}
    }
}

/// The info line under a figure: what the focused part is.
#[component]
fn Info(focused: RwSignal<Option<Part>>) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <p class="gx-info" aria-live="polite" data-testid="info">
            {move || match (focused.get(), st.outputs.get()) {
                (Some(p), Some(out)) => describe(p, &out, lang.get()),
                _ => text::HOVER_HINT.get(lang.get()).to_string(),
            }}
        </p>
    }
}

/// Focus/hover handlers and label for one part.
fn part_rect(
    r: Rect,
    class: &'static str,
    part: Part,
    focused: RwSignal<Option<Part>>,
    label: impl Fn() -> String + Send + Sync + 'static,
) -> impl IntoView {
    let (x, y, w, h) = rect_attrs(r);
    // SM cells answer the mouse only: 108–132 tab stops would trap keyboard users; their GPC
    // box is the keyboard stop and describes them.
    let tabindex = (!matches!(part, Part::Sm(_))).then_some("0");
    view! {
        <rect x=x y=y width=w height=h class=class
            class:gx-part--focused=move || focused.get() == Some(part)
            tabindex=tabindex aria-label=label
            on:mouseenter=move |_| focused.set(Some(part))
            on:focus=move |_| focused.set(Some(part))
        />
    }
}

/// The die: GPCs, TPCs, SMs, L2, memory and links.
#[component]
pub fn DieFigure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let focused = RwSignal::new(None::<Part>);
    let figure = move || {
        let out = st.outputs.get()?;
        let d = out.die.clone();
        let view_box = format!("0 0 {:.0} {:.0}", d.width_px, d.height_px);
        let band = |r: Rect, class: &'static str, part: Part, label: String| {
            let o = out.clone();
            let (tx, ty) = (
                format!("{:.1}", r.x0 + 8.0),
                format!("{:.1}", (r.y0 + r.y1) / 2.0 + 4.0),
            );
            view! {
                <g>
                    {part_rect(r, class, part, focused, move || describe(part, &o, lang.get()))}
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
            format!("{nv}   ·   PCIe {pg}.0 x16 · {}", si(pbw, "B/s"))
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
                        part_rect(c.rect, "gx-die__sm", Part::Sm(sm), focused, move || describe(Part::Sm(sm), &o, lang.get())).into_any()
                    }
                    None => {
                        let (x, y, w, h) = rect_attrs(c.rect);
                        view! { <rect x=x y=y width=w height=h class="gx-die__sm gx-die__sm--fused"/> }.into_any()
                    }
                }).collect_view();
                let fused = (!tpc.enabled).then(|| {
                    let o = o.clone();
                    let part = Part::FusedTpc(gi, tpc.tpc);
                    part_rect(tpc.rect, "gx-die__tpc gx-die__tpc--fused", part, focused, move || describe(part, &o, lang.get()))
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
                    {part_rect(gpc.rect, "gx-die__gpc", part, focused, move || describe(part, &o, lang.get()))}
                    <text x=lx y=ly class="gx-die__label" aria-hidden="true">{format!("GPC {gi}")}</text>
                    {tpcs}
                </g>
            }
        }).collect_view();
        Some(view! {
            <svg class="gx-die" viewBox=view_box role="group" aria-label=move || text::DIE.get(lang.get())>
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
            {figure}
            <Info focused=focused/>
            <p class="gx-note">{move || st.outputs.get().map(|o| {
                let full = o.anatomy.sms_full_die();
                match lang.get() {
                    Lang::En => format!("{} SMs of the full die's {full} are enabled ({} GPCs × {} TPCs × 2 SMs). {}", o.gpu.sm_count, o.anatomy.gpcs_full_die, o.anatomy.tpcs_per_gpc, text::FUSED.en),
                    Lang::Zh => format!("完整 die 的 {full} 个 SM 中启用了 {} 个（{} GPC × {} TPC × 2 SM）。{}", o.gpu.sm_count, o.anatomy.gpcs_full_die, o.anatomy.tpcs_per_gpc, text::FUSED.zh),
                }
            })}</p>
        </figure>
    }
}

const SM_W: f64 = 760.0;
const PART_W: f64 = 372.0;
const PART_H: f64 = 176.0;
const TOP_H: f64 = 30.0;
const ROW_H: f64 = 17.0;

/// One SM: the four partitions with every unit, the L1 instruction cache and L1/shared.
#[component]
pub fn SmFigure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let focused = RwSignal::new(None::<Part>);
    let figure = move || {
        let out = st.outputs.get()?;
        let p = out.anatomy.partition;
        let height = TOP_H + 2.0 * PART_H + 3.0 * 8.0 + TOP_H;
        let parts = (0..4u32).map(|k| {
            let x0 = 8.0 + f64::from(k % 2) * (PART_W + 8.0);
            let y0 = TOP_H + 8.0 + f64::from(k / 2) * (PART_H + 8.0);
            let outer = Rect { x0, y0, x1: x0 + PART_W, y1: y0 + PART_H };
            let (ox, oy, ow, oh) = rect_attrs(outer);
            // Header boxes: L0 | scheduler | dispatch.
            let hw = (PART_W - 16.0) / 3.0;
            let header = [
                (Unit::L0, tr("L0 I-cache", "L0 指令缓存")),
                (Unit::Scheduler, tr("Warp scheduler", "Warp Scheduler")),
                (Unit::Dispatch, tr("Dispatch", "Dispatch")),
            ]
                .into_iter()
                .enumerate()
                .map(|(i, (u, name))| {
                    let r = Rect { x0: x0 + 4.0 + i as f64 * (hw + 4.0), y0: y0 + 16.0, x1: x0 + 4.0 + i as f64 * (hw + 4.0) + hw, y1: y0 + 32.0 };
                    let o = out.clone();
                    let (tx, ty) = (format!("{:.1}", r.x0 + 4.0), format!("{:.1}", r.y1 - 4.0));
                    view! {
                        <g>
                            {part_rect(r, "gx-sm__ctl", Part::Unit(u), focused, move || describe(Part::Unit(u), &o, lang.get()))}
                            <text x=tx y=ty class="gx-sm__text" aria-hidden="true">{move || name.get(lang.get())}</text>
                        </g>
                    }
                })
                .collect_view();
            let rf = Rect { x0: x0 + 4.0, y0: y0 + 36.0, x1: x0 + PART_W - 4.0, y1: y0 + 52.0 };
            let rf_numbers = format!("{} × 32-bit ({})", grouped(u64::from(p.registers)), bytes_binary(f64::from(p.registers) * 4.0));
            let rf_label = move || match lang.get() {
                Lang::En => format!("Register file {rf_numbers}"),
                Lang::Zh => format!("寄存器文件 {rf_numbers}"),
            };
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
            let cell_w = ((PART_W - 100.0) / f64::from(max_cells)).min(14.0);
            let unit_rows = rows.into_iter().enumerate().map(|(i, (u, name, n))| {
                let ry0 = y0 + 58.0 + i as f64 * ROW_H;
                let (lx, ly) = (format!("{:.1}", x0 + 6.0), format!("{:.1}", ry0 + 12.0));
                let o = out.clone();
                let cells = if u == Unit::Tensor {
                    let r = Rect { x0: x0 + 92.0, y0: ry0 + 1.0, x1: x0 + PART_W - 6.0, y1: ry0 + ROW_H - 2.0 };
                    let (x, y, w, h) = rect_attrs(r);
                    view! { <rect x=x y=y width=w height=h class="gx-sm__cell gx-sm__cell--tensor" aria-hidden="true"/> }.into_any()
                } else {
                    (0..n).map(|c| {
                        let cx = x0 + 92.0 + f64::from(c) * cell_w;
                        let r = Rect { x0: cx, y0: ry0 + 2.0, x1: cx + cell_w - 2.0, y1: ry0 + ROW_H - 3.0 };
                        let (x, y, w, h) = rect_attrs(r);
                        view! { <rect x=x y=y width=w height=h class=format!("gx-sm__cell gx-sm__cell--{}", name.to_lowercase().replace('/', "")) aria-hidden="true"/> }
                    }).collect_view().into_any()
                };
                let hit = Rect { x0: x0 + 4.0, y0: ry0, x1: x0 + PART_W - 4.0, y1: ry0 + ROW_H - 1.0 };
                view! {
                    <g>
                        {part_rect(hit, "gx-sm__row", Part::Unit(u), focused, move || describe(Part::Unit(u), &o, lang.get()))}
                        <text x=lx y=ly class="gx-sm__text" aria-hidden="true">{format!("{name} ×{n}")}</text>
                        {cells}
                    </g>
                }
            }).collect_view();
            let (px, py) = (format!("{:.1}", x0 + 6.0), format!("{:.1}", y0 + 12.0));
            view! {
                <g>
                    <rect x=ox y=oy width=ow height=oh class="gx-sm__partition"/>
                    <text x=px y=py class="gx-sm__title" aria-hidden="true">{move || match lang.get() { Lang::En => format!("Partition {k}"), Lang::Zh => format!("分区 {k}") }}</text>
                    {header}
                    {part_rect(rf, "gx-sm__rf", Part::Unit(Unit::Registers), focused, move || describe(Part::Unit(Unit::Registers), &o, lang.get()))}
                    <text x=rx y=ry class="gx-sm__text" aria-hidden="true">{rf_label}</text>
                    {unit_rows}
                </g>
            }
        }).collect_view();
        let l1i = Rect {
            x0: 8.0,
            y0: 4.0,
            x1: SM_W - 8.0,
            y1: TOP_H,
        };
        let l1 = Rect {
            x0: 8.0,
            y0: height - TOP_H - 4.0,
            x1: SM_W - 8.0,
            y1: height - 8.0,
        };
        let (o1, o2) = (out.clone(), out.clone());
        let l1_label = format!(
            "L1 data cache / shared memory · {} (≤ {} shared)",
            bytes_binary(f64::from(out.gpu.l1_smem_per_sm_bytes)),
            bytes_binary(f64::from(out.gpu.smem_per_sm_bytes))
        );
        Some(view! {
            <svg class="gx-sm" viewBox=format!("0 0 {SM_W} {height:.0}") role="group" aria-label=move || text::SM.get(lang.get())>
                {part_rect(l1i, "gx-sm__cache", Part::Unit(Unit::L1i), focused, move || describe(Part::Unit(Unit::L1i), &o1, lang.get()))}
                <text x="16" y=format!("{:.1}", l1i.y1 - 8.0) class="gx-sm__text" aria-hidden="true">{t(tr("L1 instruction cache", "L1 指令缓存"))}</text>
                {parts}
                {part_rect(l1, "gx-sm__cache gx-sm__cache--data", Part::Unit(Unit::L1Shared), focused, move || describe(Part::Unit(Unit::L1Shared), &o2, lang.get()))}
                <text x="16" y=format!("{:.1}", l1.y1 - 8.0) class="gx-sm__text" aria-hidden="true">{l1_label}</text>
            </svg>
        })
    };
    view! {
        <figure class="gx-figure l-page" data-testid="figure-sm">
            <figcaption><h2>{t(text::SM)}</h2></figcaption>
            {figure}
            <Info focused=focused/>
            <p class="gx-note">{t(text::SM_NOTE)}</p>
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
                            {formula_row(tr("FP32 lanes / SM", "每 SM 的 FP32 lane"), format!("4 × {}", p.fp32), (p.fp32 * k).to_string())}
                            {formula_row(tr("INT32 lanes / SM", "每 SM 的 INT32 lane"), format!("4 × {}", p.int32), (p.int32 * k).to_string())}
                            {formula_row(tr("FP64 lanes / SM", "每 SM 的 FP64 lane"), format!("4 × {}", p.fp64), (p.fp64 * k).to_string())}
                            {formula_row(tr("Tensor Cores / SM", "每 SM 的 Tensor Core"), format!("4 × {}", p.tensor_cores), (p.tensor_cores * k).to_string())}
                            {formula_row(tr("LD/ST units / SM", "每 SM 的 LD/ST 单元"), format!("4 × {}", p.ld_st), (p.ld_st * k).to_string())}
                            {formula_row(tr("SFUs / SM", "每 SM 的 SFU"), format!("4 × {}", p.sfu), (p.sfu * k).to_string())}
                            {formula_row(tr("registers / SM", "每 SM 的寄存器"), format!("4 × {}", grouped(u64::from(p.registers))), format!("{} × 4 B = {}", grouped(u64::from(p.registers * k)), bytes_binary(f64::from(p.registers * k) * 4.0)))}
                            {formula_row(tr("FP32 lanes / chip", "整卡 FP32 lane"), format!("{} SMs × {}", g.sm_count, p.fp32 * k), grouped(u64::from(g.fp32_lanes())))}
                            {formula_row(tr("registers / chip", "整卡寄存器"), format!("{} SMs × {}", g.sm_count, bytes_binary(f64::from(g.regs_per_sm) * 4.0)), bytes_binary(f64::from(g.sm_count) * f64::from(g.regs_per_sm) * 4.0))}
                            {formula_row(tr("FP32 peak", "FP32 峰值"), format!("{} × 2 FLOP × {ghz} GHz", grouped(u64::from(g.fp32_lanes()))), si(g.fp32_flops_per_s_from_units(), "FLOP/s"))}
                            {formula_row(tr("FP16 Tensor peak (dense)", "FP16 Tensor 峰值（稠密）"), format!("{} × {} TC × {} FMA × 2 × {tghz} GHz", g.sm_count, g.tensor_cores_per_sm, o.anatomy.tensor_fp16_fma_per_clk), si(o.anatomy.tensor_fp16_flops_per_s(g), "FLOP/s"))}
                        </tbody>
                    </table>
                    <p class="gx-note">{
                        let (b, tc) = (g.boost_clock_mhz, o.anatomy.tensor_clock_mhz);
                        let lang = use_lang();
                        move || if b == tc {
                            String::new()
                        } else {
                            match lang.get() {
                                Lang::En => format!("The FP32 peak is quoted at the {b} MHz boost clock, the Tensor Core peak at {tc} MHz, as the datasheet's figures correspond to."),
                                Lang::Zh => format!("FP32 峰值按 {b} MHz boost 时钟计算，Tensor Core 峰值按 {tc} MHz 计算，与数据手册数字的口径一致。"),
                            }
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
                    <th scope="col">{t(tr("level", "层级"))}</th>
                    <th scope="col">{t(tr("visible to", "谁能看到"))}</th>
                    <th scope="col">{t(tr("capacity", "容量"))}</th>
                    <th scope="col">{t(tr("latency, course (cycles)", "延迟·课程（周期）"))}</th>
                    <th scope="col">{t(tr("latency, H200 measured", "延迟·H200 实测"))}</th>
                    <th scope="col">{t(tr("bandwidth (chip)", "带宽（整卡）"))}</th>
                </tr></thead>
                <tbody>
                    {move || st.outputs.get().map(|o| o.anatomy.memory.iter().map(|m| {
                        let cap = format!("{}{}", bytes_binary(m.capacity_bytes as f64), if m.per_sm { " / SM" } else { "" });
                        let course = match m.course_latency_cycles { (0, 0) => "~0".to_string(), (a, b) if a == b => format!("~{a}"), (a, b) => format!("{a}–{b}") };
                        let measured = m.measured_latency_cycles.map(sig3).unwrap_or_else(|| "—".into());
                        let bw = m.bandwidth_bytes_per_s.map(|b| si(b, "B/s")).unwrap_or_else(|| "—".into());
                        view! {
                            <tr>
                                <th scope="row">{text::level_name(m.id).get(lang.get())}</th>
                                <td>{text::level_scope(m.id).get(lang.get())}</td>
                                <td>{cap}</td><td>{course}</td><td>{measured}</td><td>{bw}</td>
                            </tr>
                        }
                    }).collect_view())}
                </tbody>
            </table>
            </div>
            <p class="gx-note">{t(text::MEMORY_NOTE)}</p>
            <h3>{t(text::LINKS)}</h3>
            <p>{move || st.outputs.get().map(|o| describe(Part::Io, &o, lang.get()))}</p>
            <p class="gx-note">{t(tr(
                "The course's warning, for the A100: NVLink's 600 GB/s is a bidirectional aggregate between GPUs, not host-memory bandwidth; PCIe 4.0's 64 GB/s is also bidirectional, about 32 GB/s each way. Neither is comparable with HBM's ~2 TB/s. The same holds on the H100 with its own numbers above.",
                "课程针对 A100 的提醒：NVLink 的 600 GB/s 是 GPU 之间的双向聚合带宽，不是 CPU 主存带宽；PCIe 4.0 的 64 GB/s 也是双向聚合，单方向约 32 GB/s。两者都不能和 HBM 约 2 TB/s 相比。H100 同理，只是换成上面它自己的数字。",
            ))}</p>
        </section>
    }
}
