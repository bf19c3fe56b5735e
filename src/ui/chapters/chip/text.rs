//! The chip-anatomy chapter's words (course `a100-from-chip-to-simt` §1–3,
//! `gpu-kernel-engineering-01` §3 and §5).

use super::state::ChipOutputs;
use super::views::{Part, Unit};
use crate::model::gpu_spec::GpuSpec;
use crate::trf;
use crate::ui::format::{bytes_binary, grouped, si};
use crate::ui::i18n::{tr, Lang, Tr};

pub const TITLE: Tr = tr("Chip anatomy", "芯片结构");
pub const INTRO: [Tr; 2] = [
    tr(
        "A GPU is built as a hierarchy of repeated units: [[GPCs|gpc]] (graphics processing clusters) contain [[TPCs|tpc]], each TPC holds two [[SMs|sm]], and the SM is the unit that runs CUDA [[thread blocks|block]]. [[L2|l2]], the crossbar and the memory controllers sit outside the GPCs and are shared by every SM. The full GA100 die has 128 SMs; the A100 product enables 108 of them — do not mix the two numbers.",
        "GPU 是由重复单元组成的层级结构：[[GPC|gpc]]（图形处理簇）包含 [[TPC|tpc]]，每个 TPC 含两个 [[SM|sm]]，SM 是执行 CUDA [[thread block|block]] 的核心计算单元。[[L2|l2]]、crossbar 和内存控制器位于 GPC 之外，由所有 SM 共享。完整的 GA100 die 有 128 个 SM，A100 产品启用了其中 108 个——两个数字不要混写。",
    ),
    tr(
        "Point at, tap or tab to any part of the figures for its numbers and their source. Every total below is derived from the units of one partition, not typed in.",
        "把鼠标移到图中任一部件上（触屏上点一下，或用 Tab 键聚焦），即可看到它的数字与出处。下面所有合计都由一个分区的单元数推导而来，而不是直接写死。",
    ),
];
pub const DIE: Tr = tr("The die: GPC → TPC → SM", "整颗芯片：GPC → TPC → SM");
pub const SM: Tr = tr("One SM: four partitions", "一个 SM：四个处理分区");
pub const SM_NOTE: Tr = tr(
    "Each [[partition|smsp]] has its own L0 instruction cache, [[warp scheduler|warp-scheduler]] and dispatch unit, a 16K × 32-bit [[register-file|register-file]] slice (64 KiB) and its execution units: FP32 lanes (NVIDIA's [[CUDA Cores|cuda-core]]), INT32 and FP64 lanes, a [[Tensor Core|tensor-core]], load/store units and SFUs. The scheduler picks one ready [[warp]] per cycle and issues its next instruction with the warp's [[active mask|active-mask]]; the operands stay in the register file. The four partitions share the L1 instruction cache and the unified [[L1|l1]] data cache / [[shared memory|shared-memory]].",
    "每个[[处理分区|smsp]]都有自己的 L0 指令缓存、[[warp 调度器|warp-scheduler]]与 dispatch 单元、16K × 32-bit 的[[寄存器文件|register-file]]切片（64 KiB）和执行单元：FP32 lane（NVIDIA 计数中的 [[CUDA Core|cuda-core]]）、INT32 与 FP64 lane、一个 [[Tensor Core|tensor-core]]、load/store 单元和 SFU。调度器每周期从就绪的 [[warp]] 中选一个，发射它的下一条指令及[[活跃掩码|active-mask]]；操作数留在寄存器文件里。四个分区共享 L1 指令缓存与统一的 [[L1|l1]] 数据缓存 / [[shared memory|shared-memory]]。",
);
pub const TOTALS: Tr = tr("Totals, derived", "合计（推导）");
pub const MEMORY: Tr = tr("Memory hierarchy", "存储层次");
pub const MEMORY_NOTE: Tr = tr(
    "Course latencies are orders of magnitude for the A100; the [[HBM|hbm]] bandwidth is the datasheet's, as on the die above (the course rounds the A100's 2.04 TB/s to 2 TB/s). The measured column is a dependent-load chase on an NVIDIA H200 (the H100's SM) at 1.98 GHz; its L1 hit is slower than a shared-memory load (32 vs 23 cycles) because it goes through tag lookup.",
    "课程延迟是 A100 的量级示意；[[HBM|hbm]] 带宽取数据手册值，与上方芯片图一致（课程把 A100 的 2.04 TB/s 取整为 2 TB/s）。实测列来自 NVIDIA H200（与 H100 同一种 SM，1.98 GHz）上的依赖访存链；L1 命中比 shared memory 慢（32 对 23 周期），因为要经过 tag 查找。",
);
pub const LINKS: Tr = tr("Off-chip links: do not mix them", "片外链路：不要混用");
pub const FUSED: Tr = tr(
    "Greyed TPCs are fused off. The whitepaper gives the totals (7 GPCs of 7 or 8 TPCs, 54 TPCs); which TPCs are disabled varies from chip to chip, so this is one representative layout of that kind.",
    "灰色的 TPC 是被屏蔽的。白皮书给出的是总数（7 个 GPC，每个 7 或 8 个 TPC，共 54 个 TPC）；具体屏蔽哪些 TPC 每颗芯片各不相同，这里画的是符合这些数字的一种代表性布局。",
);
/// What the chapter does not draw for a preset without a die layout, and the totals it has.
pub fn not_drawn(g: &GpuSpec, lang: Lang) -> String {
    let cc = format!("{}.{}", g.compute_capability.0, g.compute_capability.1);
    let lanes = grouped(u64::from(g.fp32_lanes()));
    let mem = format!("{} {}", bytes_binary(g.memory_bytes as f64), g.memory_kind);
    let bw = si(g.bandwidth_bytes_per_s, "B/s");
    match lang {
        Lang::En => format!(
            "The {} (CC {cc}): {} SMs × {} FP32 lanes = {lanes} lanes, {mem} at {bw}. The model carries no die layout, partition units or memory-hierarchy latencies for it, so no die, SM or hierarchy is drawn here (drawing another chip's would be wrong). Its per-SM limits are used exactly in the Occupancy, Block dispatch and Roofline chapters. Source: {}.",
            g.name, g.sm_count, g.fp32_lanes_per_sm, g.source
        ),
        Lang::Zh => format!(
            "{}（CC {cc}）：{} 个 SM × 每 SM {} 个 FP32 lane = {lanes} 个 lane，{mem}，带宽 {bw}。模型没有它的 die 布局、分区单元和存储层次延迟，所以这里不画 die、SM 和存储层次（画成别的芯片的样子就是错的）。它的每 SM 限制在“占用率”“block 分派”和 Roofline 各章中按原值精确使用。来源：{}。",
            g.name, g.sm_count, g.fp32_lanes_per_sm, g.source
        ),
    }
}

/// The memory part of the die for a GPU the course gives no values for (H200).
pub fn memory_without_course_values(g: &GpuSpec, lang: Lang) -> String {
    let (mem, bw) = (
        format!("{} {}", bytes_binary(g.memory_bytes as f64), g.memory_kind),
        si(g.bandwidth_bytes_per_s, "B/s"),
    );
    match lang {
        Lang::En => format!("{mem} with its memory controllers: {bw} (datasheet; the course gives no value for the {}).", g.name),
        Lang::Zh => format!("{mem} 及其内存控制器：{bw}（数据手册；课程没有给出 {} 的数值）。", g.name),
    }
}

pub const HOVER_HINT: Tr = tr(
    "Point at or tap a part of the figure to see its numbers, or Tab to the figure and move with the arrow keys.",
    "把鼠标移到（触屏上点一下）图中的部件即可查看数字；也可以用 Tab 键进入图，再用方向键移动。",
);

/// A level of the memory table (`model::gpu_spec` `MemoryLevel::id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// "registers".
    Registers,
    /// "shared".
    Shared,
    /// "l1".
    L1,
    /// "l2".
    L2,
    /// "hbm".
    Hbm,
}

impl Level {
    /// Every level, nearest first.
    pub const ALL: [Level; 5] = [
        Level::Registers,
        Level::Shared,
        Level::L1,
        Level::L2,
        Level::Hbm,
    ];

    /// The model's id of the level.
    pub fn id(self) -> &'static str {
        match self {
            Level::Registers => "registers",
            Level::Shared => "shared",
            Level::L1 => "l1",
            Level::L2 => "l2",
            Level::Hbm => "hbm",
        }
    }

    /// The level with the model's `id`.
    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.id() == id)
    }
}

/// A memory level's name.
pub fn level_name(level: Level) -> Tr {
    match level {
        Level::Registers => tr("Registers", "寄存器"),
        Level::Shared => tr("Shared memory", "shared memory"),
        Level::L1 => tr(
            "L1 data cache (same SRAM as shared)",
            "L1 数据缓存（与 shared 同一块 SRAM）",
        ),
        Level::L2 => tr("L2 cache", "L2 缓存"),
        Level::Hbm => tr("HBM (device memory)", "HBM（显存）"),
    }
}

/// Who can see a memory level.
pub fn level_scope(level: Level) -> Tr {
    match level {
        Level::Registers => tr("one thread", "一个 thread"),
        Level::Shared => tr("one block", "一个 block 内所有 thread"),
        Level::L1 => tr("one SM (transparent)", "一个 SM（透明）"),
        Level::L2 | Level::Hbm => tr("all SMs", "整卡所有 SM"),
    }
}

// ---- Labels of the figures and controls ------------------------------------------------------

pub const L0_I_CACHE: Tr = tr("L0 I-cache", "L0 指令缓存");
pub const WARP_SCHEDULER: Tr = tr("Warp scheduler", "warp 调度器");
pub const DISPATCH: Tr = tr("Dispatch", "Dispatch");
pub const L1_INSTRUCTION_CACHE: Tr = tr("L1 instruction cache", "L1 指令缓存");
/// The SM figure's L1 box (its size follows: [`l1_size`]).
pub const L1_DATA_CACHE_SHARED: Tr = tr(
    "L1 data cache / shared memory",
    "L1 数据缓存 / shared memory",
);
pub const FP32_LANES_SM: Tr = tr("FP32 lanes / SM", "每 SM 的 FP32 lane");
pub const INT32_LANES_SM: Tr = tr("INT32 lanes / SM", "每 SM 的 INT32 lane");
pub const FP64_LANES_SM: Tr = tr("FP64 lanes / SM", "每 SM 的 FP64 lane");
pub const TENSOR_CORES_SM: Tr = tr("Tensor Cores / SM", "每 SM 的 Tensor Core");
pub const LD_ST_UNITS_SM: Tr = tr("LD/ST units / SM", "每 SM 的 LD/ST 单元");
pub const SFUS_SM: Tr = tr("SFUs / SM", "每 SM 的 SFU");
pub const REGISTERS_SM: Tr = tr("registers / SM", "每 SM 的寄存器");
pub const FP32_LANES_CHIP: Tr = tr("FP32 lanes / chip", "整卡 FP32 lane");
pub const REGISTERS_CHIP: Tr = tr("registers / chip", "整卡寄存器");
pub const FP32_PEAK: Tr = tr("FP32 peak", "FP32 峰值");
pub const FP16_TENSOR_PEAK_DENSE: Tr = tr("FP16 Tensor peak (dense)", "FP16 Tensor 峰值（稠密）");
pub const LEVEL: Tr = tr("level", "层级");
pub const VISIBLE_TO: Tr = tr("visible to", "谁能看到");
pub const CAPACITY: Tr = tr("capacity", "容量");
pub const LATENCY_COURSE_CYCLES: Tr = tr("latency, course (cycles)", "延迟·课程（周期）");
pub const LATENCY_H200_MEASURED: Tr = tr("latency, H200 measured", "延迟·H200 实测");
pub const BANDWIDTH_CHIP: Tr = tr("bandwidth (chip)", "带宽（整卡）");
pub const COURSE_WARNING: Tr = tr("The course's warning, for the A100: NVLink's 600 GB/s is a bidirectional aggregate between GPUs, not host-memory bandwidth; PCIe 4.0's 64 GB/s is also bidirectional, about 32 GB/s each way. Neither is comparable with HBM's ~2 TB/s. The same holds on the H100 with its own numbers above.", "课程针对 A100 的提醒：NVLink 的 600 GB/s 是 GPU 之间的双向聚合带宽，不是 CPU 主存带宽；PCIe 4.0 的 64 GB/s 也是双向聚合，单方向约 32 GB/s。两者都不能和 HBM 约 2 TB/s 相比。H100 同理，只是换成上面它自己的数字。");

// ---- What each part of the figures is -----------------------------------------------------

/// What a part of the figures is, with its numbers and source, in `lang`.
pub fn describe(part: Part, out: &ChipOutputs, lang: Lang) -> String {
    let g = &out.gpu;
    let a = &out.anatomy;
    let p = &a.partition;
    let wp = match (g.id == "h100" || g.id == "h200", lang) {
        (true, Lang::En) => "H100 whitepaper",
        (true, Lang::Zh) => "H100 白皮书",
        (false, Lang::En) => "A100 whitepaper",
        (false, Lang::Zh) => "A100 白皮书",
    };
    match part {
        Part::Gpc(i) => {
            let tpcs = a.enabled_tpcs_per_gpc.get(i as usize).copied().unwrap_or(0);
            trf!(lang, "GPC {i}: {tpcs_per_gpc} TPCs on the full die, {tpcs} enabled here = {sms_per_tpc} SMs. ({wp})", "GPC {i}：完整 die 上有 {tpcs_per_gpc} 个 TPC，此处启用 {tpcs} 个 = {sms_per_tpc} 个 SM。（{wp}）", tpcs_per_gpc = a.tpcs_per_gpc, sms_per_tpc = tpcs * a.sms_per_tpc)
        }
        Part::Sm(i) => trf!(lang, "SM {i} of {sm_count}: 4 partitions, {fp32_lanes_per_sm} FP32 lanes, {tensor_cores_per_sm} Tensor Cores, {regs_per_sm} registers, up to {smem_kib} KiB shared memory, 2048 threads / 64 warps / 32 blocks resident.", "第 {i} 个 SM（共 {sm_count} 个）：4 个分区，{fp32_lanes_per_sm} 个 FP32 lane，{tensor_cores_per_sm} 个 Tensor Core，{regs_per_sm} 个寄存器，最多 {smem_kib} KiB shared memory，最多驻留 2048 线程 / 64 warp / 32 block。", sm_count = g.sm_count, fp32_lanes_per_sm = g.fp32_lanes_per_sm, tensor_cores_per_sm = g.tensor_cores_per_sm, regs_per_sm = grouped(u64::from(g.regs_per_sm)), smem_kib = g.smem_per_sm_bytes / 1024),
        Part::FusedTpc(gpc, tpc) => trf!(lang, "GPC {gpc}, TPC {tpc}: fused off on this product (2 SMs). {fused}", "GPC {gpc}，TPC {tpc}：在本产品上被屏蔽（2 个 SM）。{fused}", fused = FUSED.get(lang)),
        Part::L2 => trf!(lang, "L2 cache {l2_bytes} and the crossbar, outside the GPCs, shared by all {sm_count} SMs: every HBM access passes through it. ({wp})", "L2 缓存 {l2_bytes} 与 Crossbar，位于 GPC 之外，由全部 {sm_count} 个 SM 共享：所有 HBM 访问都经过它。（{wp}）", l2_bytes = bytes_binary(g.l2_bytes as f64), sm_count = g.sm_count),
        Part::Memory if g.course.is_none() => memory_without_course_values(g, lang),
        Part::Memory => trf!(lang, "{memory_bytes} {memory_kind} with its memory controllers: {bandwidth_bytes_per_s} (datasheet), {course_bw} in the course's rounding.", "{memory_bytes} {memory_kind} 及其内存控制器：{bandwidth_bytes_per_s}（数据手册），课程取整为 {course_bw}。", memory_bytes = bytes_binary(g.memory_bytes as f64), memory_kind = g.memory_kind, bandwidth_bytes_per_s = si(g.bandwidth_bytes_per_s, "B/s"), course_bw = si(g.bandwidth_from(crate::model::gpu_spec::ValueSource::Course), "B/s")),
        Part::Io => {
            let (pcie_gen, pcie_bw) = a.pcie;
            let nv = a.nvlink.map(|(gen, links, bw)| (gen, links, si(bw, "B/s"))).unwrap_or((0, 0, "—".into()));
            trf!(lang, "NVLink {nv_gen}.0: {nv_links} links, {nv_bw} bidirectional aggregate, to peer GPUs. PCIe {pcie_gen}.0 x16: {pcie_total} bidirectional, {pcie_each_way} each way, to the host.", "NVLink {nv_gen}.0：{nv_links} 条链路，双向聚合 {nv_bw}，连接其他 GPU。PCIe {pcie_gen}.0 x16：双向 {pcie_total}，单方向 {pcie_each_way}，连接主机。", nv_gen = nv.0, nv_links = nv.1, nv_bw = nv.2, pcie_total = si(pcie_bw, "B/s"), pcie_each_way = si(pcie_bw / 2.0, "B/s"))
        }
        Part::Unit(u) => {
            let per_sm = |n: u32| n * g.partitions_per_sm;
            let what = match u {
                Unit::L0 => tr("L0 instruction cache, one per partition.", "L0 指令缓存，每个分区一个。").get(lang).to_string(),
                Unit::Scheduler => tr("Warp scheduler: each cycle picks one ready warp of this partition and issues its next instruction (one warp = 32 threads).", "warp 调度器：每周期从本分区就绪的 warp 中选一个，发射它的下一条指令（一个 warp = 32 线程）。").get(lang).to_string(),
                Unit::Dispatch => tr("Dispatch: sends the warp instruction and its active mask to the execution pipe.", "Dispatch：把 warp 指令连同 active mask 送到执行流水线。").get(lang).to_string(),
                Unit::Registers => trf!(lang, "Register-file slice: {registers} × 32-bit = {rf_partition} per partition; × 4 = {registers_sm} registers = {rf_sm} per SM.", "寄存器文件切片：{registers} × 32-bit = 每分区 {rf_partition}；× 4 = 每 SM {registers_sm} 个寄存器 = {rf_sm}。", registers = grouped(u64::from(p.registers)), rf_partition = bytes_binary(f64::from(p.registers) * 4.0), registers_sm = grouped(u64::from(per_sm(p.registers))), rf_sm = bytes_binary(f64::from(per_sm(p.registers)) * 4.0)),
                Unit::Fp32 => trf!(lang, "FP32 lanes: {fp32} per partition, {fp32_sm} per SM, {fp32_lanes} on the chip. One FFMA = 2 FLOP.", "FP32 lane：每分区 {fp32}，每 SM {fp32_sm}，整卡 {fp32_lanes}。一次 FFMA = 2 FLOP。", fp32 = p.fp32, fp32_sm = per_sm(p.fp32), fp32_lanes = grouped(u64::from(g.fp32_lanes()))),
                Unit::Int32 => trf!(lang, "INT32 lanes: {int32} per partition, {int32_sm} per SM; address and loop arithmetic can run beside FP32.", "INT32 lane：每分区 {int32}，每 SM {int32_sm}；地址与循环计数可与 FP32 并行。", int32 = p.int32, int32_sm = per_sm(p.int32)),
                Unit::Fp64 => trf!(lang, "FP64 lanes: {fp64} per partition, {fp64_sm} per SM.", "FP64 lane：每分区 {fp64}，每 SM {fp64_sm}。", fp64 = p.fp64, fp64_sm = per_sm(p.fp64)),
                Unit::Tensor => trf!(lang, "Tensor Core: {tensor_cores} per partition, {tensor_cores_sm} per SM; {tensor_fp16_fma_per_clk} dense FP16 FMA per clock each. Executes warp-level MMA (HMMA/IMMA).", "Tensor Core：每分区 {tensor_cores}，每 SM {tensor_cores_sm}；每个每周期 {tensor_fp16_fma_per_clk} 次稠密 FP16 FMA。执行 warp 级 MMA（HMMA/IMMA）。", tensor_cores = p.tensor_cores, tensor_cores_sm = per_sm(p.tensor_cores), tensor_fp16_fma_per_clk = a.tensor_fp16_fma_per_clk),
                Unit::LdSt => trf!(lang, "Load/store units: {ld_st} per partition, {ld_st_sm} per SM: address generation for global, local and shared accesses.", "Load/Store 单元：每分区 {ld_st}，每 SM {ld_st_sm}：为 global、local、shared 访存生成地址。", ld_st = p.ld_st, ld_st_sm = per_sm(p.ld_st)),
                Unit::Sfu => trf!(lang, "Special-function units: {sfu} per partition, {sfu_sm} per SM (sin, cos, exp2, rsqrt …).", "特殊函数单元 SFU：每分区 {sfu}，每 SM {sfu_sm}（sin、cos、exp2、rsqrt …）。", sfu = p.sfu, sfu_sm = per_sm(p.sfu)),
                Unit::L1i => tr("L1 instruction cache, shared by the four partitions.", "L1 指令缓存，四个分区共享。").get(lang).to_string(),
                Unit::L1Shared => trf!(lang, "Unified L1 data cache / shared memory: {l1_smem_per_sm_bytes} of SRAM per SM; up to {smem_per_sm_bytes} of it can be shared memory (carveout), 32 banks × 4 B = 128 B per cycle.", "统一 L1 数据缓存 / shared memory：每 SM {l1_smem_per_sm_bytes} SRAM；其中最多 {smem_per_sm_bytes} 可作 shared memory（carveout），32 个 bank × 4 B = 每周期 128 B。", l1_smem_per_sm_bytes = bytes_binary(f64::from(g.l1_smem_per_sm_bytes)), smem_per_sm_bytes = bytes_binary(f64::from(g.smem_per_sm_bytes))),
            };
            trf!(lang, "{what} ({wp})", "{what}（{wp}）")
        }
    }
}

/// The note under the die: how many SMs of the full die are enabled.
pub fn enabled_sms(sms: u32, full: u32, gpcs: u32, tpcs_per_gpc: u32, lang: Lang) -> String {
    let fused = FUSED.get(lang);
    trf!(
        lang,
        "{sms} SMs of the full die's {full} are enabled ({gpcs} GPCs × {tpcs_per_gpc} TPCs × 2 SMs). {fused}",
        "完整 die 的 {full} 个 SM 中启用了 {sms} 个（{gpcs} GPC × {tpcs_per_gpc} TPC × 2 SM）。{fused}"
    )
}

/// The register file's label in the SM figure.
pub fn register_file(numbers: &str, lang: Lang) -> String {
    trf!(lang, "Register file {numbers}", "寄存器文件 {numbers}")
}

/// The L1 box's size: all of it, and how much may be shared memory.
pub fn l1_size(total: &str, shared: &str, lang: Lang) -> String {
    trf!(
        lang,
        "{total} (≤ {shared} shared)",
        "{total}（其中 shared memory ≤ {shared}）",
        total = total,
        shared = shared
    )
}

/// A partition's title in the SM figure.
pub fn partition(k: u32, lang: Lang) -> String {
    trf!(lang, "Partition {k}", "分区 {k}")
}

/// Why the FP32 and Tensor Core peaks use different clocks.
pub fn peak_clocks(boost_mhz: u32, tensor_mhz: u32, lang: Lang) -> String {
    trf!(
        lang,
        "The FP32 peak is quoted at the {boost_mhz} MHz boost clock, the Tensor Core peak at {tensor_mhz} MHz, as the datasheet's figures correspond to.",
        "FP32 峰值按 {boost_mhz} MHz boost 时钟计算，Tensor Core 峰值按 {tensor_mhz} MHz 计算，与数据手册数字的口径一致。"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::gpu_spec::GpuSpec;

    #[test]
    fn every_model_level_has_a_name() {
        let anatomy = GpuSpec::a100_sxm()
            .anatomy()
            .expect("the A100 has an anatomy");
        let ids: Vec<_> = anatomy.memory.iter().map(|m| m.id).collect();
        let ours: Vec<_> = Level::ALL.iter().map(|l| l.id()).collect();
        assert_eq!(ids, ours);
    }
}
