//! The chip-anatomy chapter's words (course `a100-from-chip-to-simt` §1–3,
//! `gpu-kernel-engineering-01` §3 and §5).

use crate::model::gpu_spec::GpuSpec;
use crate::ui::format::{bytes_binary, grouped, si};
use crate::ui::i18n::{tr, Lang, Tr};
use crate::ui::widgets::Question;

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
            "{}（CC {cc}）：{} 个 SM × 每 SM {} 个 FP32 lane = {lanes} 个 lane，{mem}，带宽 {bw}。模型没有它的 die 布局、分区单元和存储层次延迟，所以这里不画 die、SM 和存储层次（画成别的芯片的样子就是错的）。它的每 SM 限制在“占用率”“Block 分派”和 Roofline 各章中按原值精确使用。来源：{}。",
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
    "Hover over or focus a part of the figure to see its numbers.",
    "把鼠标移到或聚焦图中的部件，即可查看数字。",
);

pub fn level_name(id: &str) -> Tr {
    match id {
        "registers" => tr("Registers", "寄存器"),
        "shared" => tr("Shared memory", "Shared memory"),
        "l1" => tr(
            "L1 data cache (same SRAM as shared)",
            "L1 数据缓存（与 shared 同一块 SRAM）",
        ),
        "l2" => tr("L2 cache", "L2 缓存"),
        _ => tr("HBM (device memory)", "HBM（显存）"),
    }
}

pub fn level_scope(id: &str) -> Tr {
    match id {
        "registers" => tr("one thread", "一个 thread"),
        "shared" => tr("one block", "一个 block 内所有 thread"),
        "l1" => tr("one SM (transparent)", "一个 SM（透明）"),
        _ => tr("all SMs", "整卡所有 SM"),
    }
}

pub static QUESTIONS: [Question; 6] = [
    Question {
        id: "q-000-6-1",
        source: tr("Course 000, §6 question 1", "课程 000 第 6 节 第 1 题"),
        question: tr(
            "Why must the full GA100's 128 SMs and the A100's 108 SMs not be mixed up?",
            "完整 GA100 的 128 SM 与 A100 的 108 SM 为什么不能混写？",
        ),
        answer: tr(
            "128 is the full die (8 GPCs × 8 TPCs × 2 SMs); the A100 product enables only 108 (54 TPCs in 7 GPCs). Every per-chip figure — peak FLOPS, waves of blocks, the number of SMs a grid can use — must be computed with the 108 that actually run code.",
            "128 是完整 die（8 GPC × 8 TPC × 2 SM）；A100 产品只启用了 108 个（7 个 GPC 中的 54 个 TPC）。整卡峰值、block 波次、grid 能用的 SM 数等所有按芯片计算的数字，都必须用真正执行代码的 108。",
        ),
    },
    Question {
        id: "q-000-6-2",
        source: tr("Course 000, §6 question 2", "课程 000 第 6 节 第 2 题"),
        question: tr(
            "Why can Grid → Block → Warp → Thread not be matched level by level with GPC → TPC → SM → CUDA core?",
            "为什么不能把 Grid → Block → Warp → Thread 与 GPC → TPC → SM → CUDA Core 逐级一一对应？",
        ),
        answer: tr(
            "The first is how software is organised, the second how hardware is grouped. The only stable contract is Block → SM: a block runs entirely on one SM. A grid spreads over SMs of many GPCs, a launch cannot choose a GPC or TPC, and warps are issued to execution pipes instruction by instruction rather than owning cores.",
            "前者是软件的组织方式，后者是硬件的分组方式。唯一稳定的契约是 Block → SM：一个 block 全部在一个 SM 上执行。一个 grid 会铺到多个 GPC 的 SM 上，启动时无法指定 GPC 或 TPC；warp 按指令被发射到执行流水线，并不独占某些 core。",
        ),
    },
    Question {
        id: "q-000-6-4",
        source: tr("Course 000, §6 question 4", "课程 000 第 6 节 第 4 题"),
        question: tr(
            "Why does 32 threads per warp not mean each thread permanently owns a CUDA core?",
            "为什么 32 Threads / Warp 不代表每个 Thread 永久对应一个 CUDA Core？",
        ),
        answer: tr(
            "A partition has 16 FP32 lanes but issues one warp instruction of 32 threads; a warp's FP32 instruction occupies the lanes over two cycles, and the next cycle the same lanes may serve another warp. A CUDA core is a counting unit of FP32 throughput, not a small CPU bound to a thread: the thread's state lives in registers, and the instruction decides which pipe it uses.",
            "一个分区只有 16 个 FP32 lane，却发射 32 线程的 warp 指令；一条 FP32 warp 指令要分两拍占用这些 lane，下一拍它们可能服务另一个 warp。CUDA Core 是 FP32 吞吐的计数口径，不是绑定某个线程的小 CPU：线程的状态在寄存器里，当前指令决定用哪类执行单元。",
        ),
    },
    Question {
        id: "q-000-6-5",
        source: tr("Course 000, §6 question 5", "课程 000 第 6 节 第 5 题"),
        question: tr(
            "Why does 192 KB of unified L1/shared memory not mean a block can allocate 192 KB of shared memory?",
            "192 KB Unified L1/Shared 为什么不代表 Block 可申请 192 KB Shared Memory？",
        ),
        answer: tr(
            "The 192 KB SRAM is split between L1 cache and shared memory by the carveout; at most 164 KB per SM can be shared memory, the driver reserves 1 KB per block, so one block can opt in to at most 163 KB (166,912 B), and only 48 KB without opting in.",
            "192 KB 的 SRAM 按 carveout 在 L1 与 shared memory 之间划分；每 SM 最多 164 KB 可作 shared memory，驱动还为每个 block 保留 1 KB，所以单个 block 最多只能申请 163 KB（166,912 B，需 opt-in），不 opt-in 时只有 48 KB。",
        ),
    },
    Question {
        id: "q-000-6-6",
        source: tr("Course 000, §6 question 6", "课程 000 第 6 节 第 6 题"),
        question: tr(
            "Why can local memory be much slower than shared memory?",
            "Local Memory 为什么可能比 Shared Memory 慢很多？",
        ),
        answer: tr(
            "Local memory is private to a thread in name only: it is an address space in device memory (register spills, large per-thread arrays), reached through L1 and L2 like global memory. A miss costs hundreds of cycles (about 690 measured for HBM on the H200), while shared memory is on-chip SRAM in the SM at about 20–30 cycles (23 measured).",
            "Local Memory 只是名义上线程私有：它是显存中的一段地址空间（寄存器溢出、较大的线程私有数组），像 global memory 一样经过 L1 和 L2 访问。缓存未命中要数百周期（H200 上实测 HBM 约 690 周期），而 shared memory 是 SM 内的片上 SRAM，约 20–30 周期（实测 23）。",
        ),
    },
    Question {
        id: "q-000-6-8",
        source: tr("Course 000, §6 question 8", "课程 000 第 6 节 第 8 题"),
        question: tr(
            "On the 80 GB SXM A100, which path does each of HBM bandwidth, NVLink bandwidth and PCIe bandwidth describe?",
            "80 GB SXM 的 HBM 带宽、NVLink 带宽与 PCIe 带宽各描述哪条路径？",
        ),
        answer: tr(
            "HBM (~2 TB/s) is the GPU reading and writing its own device memory. NVLink 3.0 (600 GB/s) is the bidirectional aggregate of 12 links to peer GPUs. PCIe 4.0 x16 (64 GB/s) is the bidirectional aggregate to the host, about 32 GB/s each way. They are different paths and must not be added or substituted.",
            "HBM（约 2 TB/s）是 GPU 读写自己显存的带宽；NVLink 3.0（600 GB/s）是 12 条链路到其他 GPU 的双向聚合带宽；PCIe 4.0 x16（64 GB/s）是到主机的双向聚合带宽，单方向约 32 GB/s。它们是不同的路径，不能相加或互相替代。",
        ),
    },
];
