//! The Occupancy chapter's words, in both languages (course 001 §3, course 000 §2 and §6).

use crate::trf;
use crate::ui::format::grouped;
use crate::ui::i18n::{tr, Lang, Tr};
use crate::ui::shared::launch::bars::limit_text;
use crate::ui::shared::launch::text::launch_error;
pub use crate::ui::shared::launch::text::limiter_name;

use super::state::{OccOutputs, Preset, Resource, YAxis};
use crate::model::occupancy::Carveout;

pub const TITLE: Tr = tr("Occupancy", "占用率");
pub const INTRO: [Tr; 3] = [
    tr(
        "An [[SM|sm]] keeps many [[warps|warp]] [[resident]] at once and switches between them for free; that is how it [[hides memory latency|latency-hiding]]. But every resident warp keeps its registers in the SM's [[register file|register-file]], every resident [[block]] keeps its [[shared memory|shared-memory]], and the SM has only so many warp and block slots. A block is admitted whole or not at all, so the number of blocks one SM holds is the smallest of four limits; the budget that sets it is the [[limiter]].",
        "[[SM|sm]] 同时[[驻留|resident]]许多 [[warp]]，并以零开销在它们之间切换，以此[[隐藏访存延迟|latency-hiding]]。但每个驻留 warp 的寄存器都住在 SM 的[[寄存器文件|register-file]]里，每个驻留 [[block]] 都占着自己的 [[shared memory|shared-memory]]，而 SM 的 warp 槽位和 block 槽位也有上限。block 要么整个驻留、要么不驻留，所以一个 SM 能放下的 block 数，是四项限制中最小的那一项；决定它的那一项叫[[限制因素|limiter]]。",
    ),
    tr(
        "[[Occupancy|occupancy]] is resident warps divided by the most warps an SM can hold (64 on the A100 and H100). The calculation below follows NVIDIA's cuda_occupancy.h step by step: registers are allocated per warp in units of 256, shared memory per block in units of 128 bytes plus a 1 KiB reserve the driver keeps for every block, out of the shared memory the [[carveout]] gives the SM.",
        "[[占用率|occupancy]] = 实际驻留的 warp 数 ÷ SM 最多能驻留的 warp 数（A100 与 H100 都是 64）。下面的计算逐步照搬 NVIDIA 的 cuda_occupancy.h：寄存器按 warp 分配、以 256 个为单位向上取整；shared memory 按 block 分配、以 128 字节为单位向上取整，另加驱动为每个 block 保留的 1 KiB；SM 能分出的 shared memory 总量由 [[carveout]] 决定。",
    ),
    tr(
        "Move the sliders (or type a number beside them) and watch which budget runs out first. High occupancy is not a goal in itself: it only has to be high enough to hide latency.",
        "拖动滑块（或在旁边直接输入数字），看哪一项资源先用完。高占用率本身不是目标：它只需要高到足以隐藏延迟。",
    ),
];

pub const PRESETS: Tr = tr("The course's examples", "课程中的例子");
pub const THREADS: Tr = tr("Threads per block", "每 block 线程数");
pub const REGS: Tr = tr("Registers per thread", "每线程寄存器数");
pub const STATIC_SMEM: Tr = tr(
    "Static shared memory per block (__shared__ arrays), B",
    "每 block 静态 shared memory（__shared__ 数组），字节",
);
pub const DYNAMIC_SMEM_B: Tr = tr(
    "Dynamic shared memory per block (launch parameter), B",
    "每 block 动态 shared memory（启动参数），字节",
);
pub const DYNAMIC_SMEM_KIB: Tr = tr(
    "Dynamic shared memory per block (launch parameter), KiB",
    "每 block 动态 shared memory（启动参数），KiB",
);
pub const UNIT: Tr = tr("Type dynamic shared memory in", "动态 shared memory 的单位");
pub const CARVEOUT: Tr = tr(
    "Shared-memory carveout",
    "shared memory carveout（划分比例）",
);
pub const CARVEOUT_DEFAULT: Tr = tr(
    "No preference (−1: the largest shared memory)",
    "不指定（−1：取最大 shared memory）",
);
pub const CARVEOUT_PERCENT: Tr = tr("Percent of the maximum", "最大值的百分比");
pub const CARVEOUT_SLIDER: Tr = tr("Carveout preference, %", "carveout 偏好，%");
pub const THREADS_HINT: Tr = tr(
    "The slider moves in whole warps (32 threads); type any number from 1 to 1024.",
    "滑块以整 warp（32 线程）移动；也可直接输入 1 到 1024 之间的任意数。",
);
pub const NUMBERS: Tr = tr("The arithmetic, step by step", "逐步计算");
pub const SWEEPS: Tr = tr("What if one input changed?", "只改一个输入会怎样？");
pub const SWEEPS_NOTE: Tr = tr(
    "Each graph changes one input and keeps the others; the dot is the current kernel. Steps show where a budget fits one block fewer.",
    "每张图只改变一个输入、其余保持不变；圆点是当前 kernel。台阶处就是某项资源少放一个 block 的位置。",
);
pub const Y_PCT: Tr = tr("occupancy %", "占用率 %");
pub const Y_WARPS: Tr = tr("warps per SM", "每 SM warp 数");
pub const X_THREADS: Tr = tr("threads per block", "每 block 线程数");
pub const X_REGS: Tr = tr("registers per thread", "每线程寄存器数");
pub const X_DSMEM: Tr = tr(
    "dynamic shared memory per block (KiB)",
    "每 block 动态 shared memory（KiB）",
);
pub const DATA_TABLE: Tr = tr(
    "Data table of the bars (for screen readers)",
    "资源条数据表（供读屏软件使用）",
);
pub const GEMM_NOTE: Tr = tr(
    "Why 4 and not the course's 5? The course divides 164 KiB by 32 KiB = 5.1. But on compute capability 8.0 and later the driver reserves 1 KiB of shared memory for every block, so each block really takes 32 KiB + 1 KiB = 33,792 B, and 167,936 / 33,792 = 4.97: only 4 blocks fit. cudaOccupancyMaxActiveBlocksPerMultiprocessor on a real GPU says 4 too.",
    "为什么是 4 而不是课程里的 5？课程用 164 KiB ÷ 32 KiB = 5.1。但在计算能力 8.0 及以后，驱动为每个 block 额外保留 1 KiB shared memory，所以每个 block 实际占 32 KiB + 1 KiB = 33,792 B，167,936 / 33,792 = 4.97：只能放 4 个。在真实 GPU 上调用 cudaOccupancyMaxActiveBlocksPerMultiprocessor 得到的也是 4。",
);

pub fn preset(p: Preset) -> Tr {
    match p {
        Preset::Regs64 => tr("256 threads × 64 registers", "256 线程 × 64 寄存器"),
        Preset::Regs128 => tr("256 threads × 128 registers", "256 线程 × 128 寄存器"),
        Preset::GemmTile => tr(
            "GEMM tile 128×128×32 BF16, double-buffered: 32 KiB shared",
            "GEMM 分块 128×128×32 BF16 双缓冲：32 KiB shared",
        ),
    }
}

// ---- Labels of the figures and controls ------------------------------------------------------

pub const Y_AXIS: Tr = tr("y axis", "纵轴");
pub const SEE_THIS_KERNEL_WAVES: Tr = tr(
    "See this kernel's grid dispatched in waves →",
    "看这个 kernel 的 grid 如何分波次分派 →",
);
pub const WARPS_PER_BLOCK: Tr = tr("Warps per block", "每 block warp 数");
pub const REGISTERS_PER_WARP_ALLOCATED: Tr = tr(
    "Registers per warp (allocated in units of 256)",
    "每 warp 寄存器（以 256 为单位分配）",
);
pub const REGISTERS_PER_BLOCK: Tr = tr("Registers per block", "每 block 寄存器");
pub const WITH_WARPS_ROUNDED_UP: Tr = tr(
    "… with warps rounded up to the 4 partitions (hardware check)",
    "……warp 数按 4 个分区向上取整（硬件检查）",
);
pub const WARPS_PER_PARTITION_SMSP: Tr = tr(
    "Warps per partition (SMSP) by registers",
    "每个分区（SMSP）按寄存器可驻留的 warp",
);
pub const WARPS_PER_SM_BY: Tr = tr("Warps per SM by registers", "每 SM 按寄存器可驻留的 warp");
pub const BLOCKS_ALLOWED_BY_REGISTERS: Tr =
    tr("① Blocks allowed by registers", "① 寄存器允许的 block 数");
pub const BLOCKS_ALLOWED_BY_WARP: Tr = tr(
    "② Blocks allowed by warp slots",
    "② warp 槽位允许的 block 数",
);
pub const BLOCKS_ALLOWED_BY_BLOCK: Tr = tr(
    "③ Blocks allowed by block slots",
    "③ block 槽位允许的 block 数",
);
pub const SHARED_MEMORY_PER_BLOCK: Tr = tr(
    "Shared memory per block (static + dynamic + reserve, rounded to the granularity)",
    "每 block shared memory（静态 + 动态 + 保留，按粒度向上取整）",
);
pub const PER_BLOCK_LIMIT_OPT: Tr = tr(
    "Per-block limit (opt-in assumed, reserve included)",
    "每 block 上限（假定已 opt-in，含保留）",
);
pub const CARVEOUT_IN_FORCE: Tr = tr("Carveout in force", "生效的 carveout");
pub const BLOCKS_ALLOWED_BY_SHARED: Tr = tr(
    "④ Blocks allowed by shared memory",
    "④ shared memory 允许的 block 数",
);
pub const BLOCKS_ALLOWED_BY_SLOTS: Tr = tr(
    "Blocks allowed by block barriers (CC ≥ 9.0; with 1 per block never below the block-slot limit)",
    "block barrier 允许的 block 数（CC ≥ 9.0；每 block 1 个时从不低于 block 槽位上限）",
);
pub const RESIDENT_BLOCKS_PER_SM: Tr = tr("Resident blocks per SM", "每 SM 驻留 block 数");
pub const RESIDENT_WARPS_PER_SM: Tr = tr("Resident warps per SM", "每 SM 驻留 warp 数");
pub const OCCUPANCY: Tr = tr("Occupancy", "占用率");

/// The binding limiter(s) in words, or why the launch fails.
/// The result in one line, for the phone's strip that stays above the sliders while they
/// scroll: "4 blocks/SM · 32/64 warps · 50 % · limiter: registers".
pub fn result_strip(out: &OccOutputs, lang: Lang) -> String {
    let s = &out.steps;
    if out.error.is_some() {
        return tr("This launch cannot run", "这个配置无法启动")
            .get(lang)
            .to_string();
    }
    let binding: Vec<&str> = Resource::ALL
        .iter()
        .filter(|r| s.limiters.contains(&r.limiter()))
        .map(|r| limiter_name(*r).get(lang))
        .collect();
    trf!(
        lang,
        "{b} blocks/SM · {w}/{m} warps · {pct} · limiter: {lim}",
        "每 SM {b} 个 block · {w}/{m} warp · {pct} · 限制：{lim}",
        b = s.blocks_per_sm,
        w = s.warps_per_sm,
        m = s.max_warps_per_sm,
        pct = crate::ui::format::percent(s.ratio()),
        lim = binding.join(", "),
    )
}

pub fn limiter_sentence(out: &OccOutputs, lang: Lang) -> String {
    let s = &out.steps;
    if let Some(err) = &out.error {
        let (reason, _) = launch_error(err, lang);
        return trf!(
            lang,
            "This launch cannot run: {reason}.",
            "这个配置无法启动：{reason}。"
        );
    }
    let binding: Vec<&str> = Resource::ALL
        .iter()
        .filter(|r| s.limiters.contains(&r.limiter()))
        .map(|r| limiter_name(*r).get(lang))
        .collect();
    let others: Vec<String> = out
        .bars
        .iter()
        .filter(|b| !b.binds)
        .map(|b| {
            format!(
                "{} {}",
                limiter_name(b.resource).get(lang),
                limit_text(b.limit)
            )
        })
        .collect();
    let blocks = s.blocks_per_sm;
    match lang {
        Lang::En => {
            let binding = binding.join(" and ");
            let plural = if blocks == 1 { "" } else { "s" };
            let others = if others.is_empty() {
                String::new()
            } else {
                format!("The other budgets would allow: {}.", others.join(", "))
            };
            format!("Limited by {binding}: {blocks} block{plural} per SM. {others}")
        }
        Lang::Zh => {
            let binding = crate::ui::format::join_han(&binding, "与");
            let others = if others.is_empty() {
                String::new()
            } else {
                format!("其他资源分别允许：{}。", others.join("，"))
            };
            format!("限制因素：{binding}，每 SM {blocks} 个 block。{others}")
        }
    }
}

/// How the shared-memory carveout was chosen, as a formula line.
pub fn carveout_formula(out: &OccOutputs, lang: Lang) -> String {
    let s = &out.steps;
    let g = &out.gpu;
    let n = |v: u64| grouped(v);
    let pref = match out.kernel.carveout {
        Carveout::Default => trf!(
            lang,
            "no preference → the maximum {smem} B",
            "不指定 → 取最大值 {smem} B",
            smem = n(g.smem_per_sm_bytes.into())
        ),
        Carveout::Percent(p) => {
            let raw = u64::from(p) * u64::from(g.smem_per_sm_bytes) / 100;
            let cap = s.carveout_preference_bytes.unwrap_or(0);
            trf!(
                lang,
                "{p} % × {smem} = {raw} → rounded up to a legal capacity: {cap_kib} KiB",
                "{p} % × {smem} = {raw} → 向上取到合法容量：{cap_kib} KiB",
                smem = n(g.smem_per_sm_bytes.into()),
                raw = n(raw),
                cap_kib = cap / 1024
            )
        }
    };
    if s.carveout_bumped {
        trf!(
            lang,
            "{pref}; too small for one block, raised to {kib} KiB",
            "{pref}；放不下一个 block，提高到 {kib} KiB",
            kib = s.carveout_bytes / 1024
        )
    } else {
        pref
    }
}

/// Words inside the numbers panel's formulas.
pub const PARTITIONS_WORD: Tr = tr("partitions", "个分区");
pub const MAX_BLOCKS_PER_SM_WORDS: Tr = tr("max blocks per SM", "每 SM 最多 block 数");
pub const UNIT_BLOCKS_PER_SM: Tr = tr("blocks / SM", "block / SM");
/// [`UNIT_BLOCKS_PER_SM`] after the number 1.
pub const UNIT_BLOCK_PER_SM: Tr = tr("block / SM", "block / SM");
pub const UNIT_WARPS: Tr = tr("warps", "warp");
pub const UNIT_OCCUPANCY: Tr = tr("occupancy", "占用率");
pub const LAUNCH_FAILS_ZERO: Tr = tr("the launch fails → 0", "无法启动 → 0");
pub const NO_BLOCK_SIZE: Tr = tr(
    "No block size launches with these registers and this shared memory.",
    "在这样的寄存器与 shared memory 用量下，任何 block 大小都无法启动。",
);
pub const USE_IT: Tr = tr("Use it", "采用");

/// The exact shared-memory size when it is not a whole number of KiB.
pub fn exact_bytes(bytes: u32, lang: Lang) -> String {
    let bytes = grouped(bytes.into());
    trf!(
        lang,
        "Exactly {bytes} B (not a whole number of KiB).",
        "精确值 {bytes} B（不是整数 KiB）。"
    )
}

/// What cudaOccupancyMaxPotentialBlockSize suggests.
pub fn suggested(size: u32, per_sm: u32, grid: u32, sms: u32, lang: Lang) -> String {
    let threads = grouped(u64::from(per_sm) * u64::from(size));
    let grid = grouped(grid.into());
    let blocks_word = if per_sm == 1 { "block" } else { "blocks" };
    trf!(
        lang,
        "cudaOccupancyMaxPotentialBlockSize suggests {size} threads per block: {per_sm} {blocks_word} per SM, {threads} resident threads, and a grid of at least {grid} blocks ({per_sm} × {sms} SMs) to fill the GPU once.",
        "cudaOccupancyMaxPotentialBlockSize 建议每 block {size} 个线程：每 SM {per_sm} 个 block、{threads} 个驻留线程；至少 {grid} 个 block（{per_sm} × {sms} 个 SM）的 grid 才能把 GPU 填满一次。"
    )
}

// ---- The resource bars ---------------------------------------------------------------------

/// The sweep's readout of the current kernel.
pub fn sweep_readout(
    x_name: &str,
    x: f64,
    y: f64,
    y_axis: YAxis,
    clipped: bool,
    lang: Lang,
) -> String {
    let unit = match y_axis {
        YAxis::Pct => "%",
        YAxis::Warps => tr(" warps", " 个 warp").get(lang),
    };
    let clipped = if clipped {
        tr(" (beyond the per-block limit)", "（超出每 block 上限）").get(lang)
    } else {
        ""
    };
    trf!(
        lang,
        "Current kernel: {x_name} = {x} → {y}{unit}{clipped}",
        "当前 kernel：{x_name} = {x} → {y}{unit}{clipped}"
    )
}
