//! The chip-anatomy chapter's words (course `a100-from-chip-to-simt` §1–3,
//! `gpu-kernel-engineering-01` §3 and §5).

use crate::ui::i18n::{tr, Tr};

pub const TITLE: Tr = tr("Chip anatomy", "芯片结构");
pub const INTRO: [Tr; 2] = [
    tr(
        "A GPU is built as a hierarchy of repeated units: GPCs (graphics processing clusters) contain TPCs, each TPC holds two SMs, and the SM is the unit that runs CUDA thread blocks. L2, the crossbar and the memory controllers sit outside the GPCs and are shared by every SM. The full GA100 die has 128 SMs; the A100 product enables 108 of them — do not mix the two numbers.",
        "GPU 是由重复单元组成的层级结构：GPC（图形处理簇）包含 TPC，每个 TPC 含两个 SM，SM 是执行 CUDA thread block 的核心计算单元。L2、Crossbar 和内存控制器位于 GPC 之外，由所有 SM 共享。完整的 GA100 die 有 128 个 SM，A100 产品启用了其中 108 个——两个数字不要混写。",
    ),
    tr(
        "Hover over or tab to any part of the figures for its numbers and their source. Every total below is derived from the units of one partition, not typed in.",
        "把鼠标移到（或用 Tab 键聚焦）图中任一部件，即可看到它的数字与出处。下面所有合计都由一个分区的单元数推导而来，而不是直接写死。",
    ),
];
pub const DIE: Tr = tr("The die: GPC → TPC → SM", "整颗芯片：GPC → TPC → SM");
pub const SM: Tr = tr("One SM: four partitions", "一个 SM：四个处理分区");
pub const SM_NOTE: Tr = tr(
    "Each partition has its own L0 instruction cache, warp scheduler and dispatch unit, a 16K × 32-bit register-file slice (64 KB) and its execution units. The scheduler picks one ready warp per cycle and issues its next instruction with the warp's active mask; the operands stay in the register file. The four partitions share the L1 instruction cache and the unified L1 data cache / shared memory.",
    "每个分区都有自己的 L0 指令缓存、Warp Scheduler 与 Dispatch、16K × 32-bit 的寄存器文件切片（64 KB）和执行单元。调度器每周期从就绪的 warp 中选一个，发射它的下一条指令及 active mask；操作数留在寄存器文件里。四个分区共享 L1 指令缓存与统一的 L1 数据缓存 / shared memory。",
);
pub const TOTALS: Tr = tr("Totals, derived", "合计（推导）");
pub const MEMORY: Tr = tr("Memory hierarchy", "存储层次");
pub const MEMORY_NOTE: Tr = tr(
    "Course values are orders of magnitude for the A100. The measured column is a dependent-load chase on an NVIDIA H200 (the H100's SM) at 1.98 GHz; its L1 hit is slower than a shared-memory load (32 vs 23 cycles) because it goes through tag lookup.",
    "课程数值是 A100 的量级示意。实测列来自 NVIDIA H200（与 H100 同一种 SM，1.98 GHz）上的依赖访存链；L1 命中比 shared memory 慢（32 对 23 周期），因为要经过 tag 查找。",
);
pub const LINKS: Tr = tr("Off-chip links: do not mix them", "片外链路：不要混用");
pub const FUSED: Tr = tr(
    "Greyed TPCs are fused off. The whitepaper gives only the totals; which TPCs are disabled varies from chip to chip, so this is one representative layout.",
    "灰色的 TPC 是被屏蔽的。白皮书只给出总数；具体屏蔽哪些 TPC 每颗芯片各不相同，这里画的是一种代表性布局。",
);
pub const HOVER_HINT: Tr = tr(
    "Hover over or focus a part of the figure to see its numbers.",
    "把鼠标移到或聚焦图中的部件，即可查看数字。",
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
        Level::Shared => tr("Shared memory", "Shared memory"),
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
pub const WARP_SCHEDULER: Tr = tr("Warp scheduler", "Warp Scheduler");
pub const DISPATCH: Tr = tr("Dispatch", "Dispatch");
pub const L1_INSTRUCTION_CACHE: Tr = tr("L1 instruction cache", "L1 指令缓存");
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
pub const THE_COURSE_S_WARNING: Tr = tr("The course's warning, for the A100: NVLink's 600 GB/s is a bidirectional aggregate between GPUs, not host-memory bandwidth; PCIe 4.0's 64 GB/s is also bidirectional, about 32 GB/s each way. Neither is comparable with HBM's ~2 TB/s. The same holds on the H100 with its own numbers above.", "课程针对 A100 的提醒：NVLink 的 600 GB/s 是 GPU 之间的双向聚合带宽，不是 CPU 主存带宽；PCIe 4.0 的 64 GB/s 也是双向聚合，单方向约 32 GB/s。两者都不能和 HBM 约 2 TB/s 相比。H100 同理，只是换成上面它自己的数字。");

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
