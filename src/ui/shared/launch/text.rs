//! What a launch that cannot run says, in both languages: the occupancy and dispatch chapters
//! show the same message. The words of the budget bars ([`super::bars`]).

// `trf!` binds each `name = value` argument with a `let`.
#![allow(clippy::redundant_locals)]

use super::bars::{limit_text, Resource, ResourceBar, Segment, SegmentKind};
use crate::model::occupancy::LaunchError;
use crate::trf;
use crate::ui::format::grouped;
use crate::ui::i18n::{tr, Lang, Tr};

/// Heads the message of a launch that cannot run.
pub const CANNOT_RUN: Tr = tr("This launch cannot run", "这个配置无法启动");

/// The model's reason, in the reader's language, with what to do about it. The words are the
/// UI's, in both languages (the model's `Display` is for logs and tests).
pub fn launch_error(err: &LaunchError, lang: Lang) -> (String, &'static str) {
    let g = |v: u64| grouped(v);
    match *err {
        LaunchError::NoThreads => (
            trf!(lang, "a block needs at least 1 thread", "block 至少需要 1 个线程"),
            tr("A block needs at least one thread.", "请至少使用 1 个线程。").get(lang),
        ),
        LaunchError::InvalidCarveout { percent } => (
            trf!(
                lang,
                "carveout {percent} % is not a percentage (0 to 100)",
                "carveout {percent} % 不是 0 到 100 之间的百分比"
            ),
            tr("Pick a carveout from 0 to 100 %.", "请选择 0 到 100 % 之间的 carveout。").get(lang),
        ),
        LaunchError::TooManyThreads {
            threads_per_block,
            max_threads_per_block,
        } => (
            trf!(
                lang,
                "block has {t} threads > {m} allowed per block",
                "每 block {t} 个线程 > 上限 {m}",
                t = g(threads_per_block.into()),
                m = g(max_threads_per_block.into()),
            ),
            tr(
                "A block may have at most 1024 threads: use more blocks instead.",
                "一个 block 最多 1024 个线程：请改用更多的 block。",
            )
            .get(lang),
        ),
        LaunchError::TooManyRegistersPerThread {
            regs_per_thread,
            max_regs_per_thread,
        } => (
            trf!(
                lang,
                "{r} registers per thread > {max_regs_per_thread} allowed per thread",
                "每线程 {r} 个寄存器 > 上限 {max_regs_per_thread}",
                r = g(regs_per_thread.into()),
            ),
            tr("Registers per thread go up to 255.", "每线程最多 255 个寄存器。").get(lang),
        ),
        LaunchError::TooManyRegistersPerBlock {
            regs_per_warp,
            warps_counted,
            regs_per_block,
            max_regs_per_block,
            hardware_check,
        } => (
            trf!(
                lang,
                "registers: {w} per warp × {n} warps{rounded} = {b} per block > {m}",
                "寄存器：每 warp {w} × {n} 个 warp{rounded} = 每 block {b} > {m}",
                w = g(regs_per_warp),
                n = g(warps_counted),
                rounded = if hardware_check {
                    tr(
                        " (rounded up to a multiple of the 4 sub-partitions)",
                        "（按 4 个子分区向上取整）",
                    )
                    .get(lang)
                } else {
                    ""
                },
                b = g(regs_per_block),
                m = g(max_regs_per_block.into()),
            ),
            tr(
                "One block's registers must fit in the 65,536 of one SM. The launch fails with \"too many resources requested for launch\". Use fewer threads per block, or cap registers with __launch_bounds__ or -maxrregcount (the compiler then spills to local memory).",
                "一个 block 的寄存器必须装进一个 SM 的 65,536 个寄存器，否则启动失败（“too many resources requested for launch”）。请减少每 block 线程数，或用 __launch_bounds__ / -maxrregcount 限制寄存器（编译器会把多出的变量溢出到 local memory）。",
            )
            .get(lang),
        ),
        LaunchError::StaticSharedMemoryTooLarge {
            static_smem_bytes,
            max_static_smem_bytes,
        } => (
            trf!(
                lang,
                "static shared memory {s} B > {m} B (use dynamic shared memory above 48 KiB)",
                "静态 shared memory {s} B > {m} B（超过 48 KiB 须用动态 shared memory）",
                s = g(static_smem_bytes.into()),
                m = g(max_static_smem_bytes.into()),
            ),
            tr(
                "ptxas rejects static __shared__ arrays above 48 KiB: allocate the rest as dynamic shared memory (and opt in with cudaFuncSetAttribute).",
                "ptxas 拒绝超过 48 KiB 的静态 __shared__ 数组：多出的部分请改为动态 shared memory（并用 cudaFuncSetAttribute 申请）。",
            )
            .get(lang),
        ),
        LaunchError::TooMuchSharedMemory {
            allocated_smem_bytes,
            max_smem_bytes,
            reserved_smem_bytes,
        } => (
            trf!(
                lang,
                "shared memory {a} B > {m} B limit per block{reserve}",
                "shared memory {a} B > 每 block 上限 {m} B{reserve}",
                a = g(allocated_smem_bytes),
                m = g(max_smem_bytes),
                reserve = if reserved_smem_bytes > 0 {
                    trf!(
                        lang,
                        " (both include the driver's {r} B reserve)",
                        "（两者都含驱动保留的 {r} B）",
                        r = g(reserved_smem_bytes.into()),
                    )
                } else {
                    String::new()
                },
            ),
            tr(
                "One block's shared memory must fit in the per-block limit, even after opting in with cudaFuncSetAttribute(MaxDynamicSharedMemorySize). Use a smaller tile or fewer pipeline stages.",
                "一个 block 的 shared memory 必须不超过每 block 上限——即使已经用 cudaFuncSetAttribute(MaxDynamicSharedMemorySize) 申请了更多。请用更小的 tile 或更少的流水级。",
            )
            .get(lang),
        ),
        LaunchError::NoBlockFits => (
            trf!(lang, "no block fits on an SM", "一个 SM 上一个 block 也放不下"),
            tr("No block fits on one SM.", "一个 block 也放不下。").get(lang),
        ),
    }
}

// The budget bars (the occupancy chapter and the kernel lab draw them).

pub const BARS_TITLE: Tr = tr("The budgets", "一个 SM 的资源");

pub fn resource(r: Resource) -> Tr {
    match r {
        Resource::Registers => tr("Registers", "寄存器"),
        Resource::SharedMemory => tr("Shared memory", "Shared memory"),
        Resource::Warps => tr("Warp slots", "warp 槽位"),
        Resource::Blocks => tr("Block slots", "block 槽位"),
    }
}

/// The limiter's name inside a sentence.
pub fn limiter_name(r: Resource) -> Tr {
    match r {
        Resource::Registers => tr("registers", "寄存器"),
        Resource::SharedMemory => tr("shared memory", "shared memory"),
        Resource::Warps => tr("warp slots", "warp 槽位"),
        Resource::Blocks => tr("block slots", "block 槽位"),
    }
}

/// What a segment of `r`'s bar is (the legend's words are `segment(None, k)`, for every bar).
pub fn segment(r: Option<Resource>, k: SegmentKind) -> Tr {
    match k {
        // Registers are allocated per partition, a warp at a time ([OCC-H]: each SMSP holds a
        // quarter of the file): a register bar can have more free than a block needs in total
        // and still no room for its warps.
        SegmentKind::Free if r == Some(Resource::Registers) => tr(
            "free: not enough for one more block, counted per partition (each SMSP allocates its quarter of the registers a warp at a time)",
            "空闲：按分区计算不够再放一个 block（每个 SMSP 持有四分之一的寄存器，按 warp 分配）",
        ),
        SegmentKind::Used => tr("used by resident blocks", "驻留 block 占用"),
        SegmentKind::Reserve => tr(
            "driver reserve (1 KiB per block)",
            "驱动保留（每 block 1 KiB）",
        ),
        SegmentKind::Idle => tr(
            "idle: room for more blocks, but another budget binds",
            "闲置：还放得下更多 block，但另一项资源先用完",
        ),
        SegmentKind::Free => tr(
            "free: not enough for one more block",
            "空闲：不够再放一个 block",
        ),
        SegmentKind::L1 => tr("left to L1 by the carveout", "按 carveout 留给 L1"),
    }
}

/// The unit of a resource's amounts.
pub fn unit(r: Resource, lang: Lang) -> &'static str {
    match (r, lang) {
        (Resource::Registers, Lang::En) => "registers",
        (Resource::Registers, Lang::Zh) => "个寄存器",
        (Resource::SharedMemory, _) => "B",
        (Resource::Warps, Lang::En) => "warps",
        (Resource::Warps, Lang::Zh) => "个 warp",
        (Resource::Blocks, Lang::En) => "blocks",
        (Resource::Blocks, Lang::Zh) => "个 block",
    }
}

pub fn amount(r: Resource, v: u64, lang: Lang) -> String {
    let unit = unit(r, lang);
    // "1 block", "2 blocks" (Chinese has no plural).
    let unit = if v == 1 && lang == Lang::En {
        unit.strip_suffix('s').unwrap_or(unit)
    } else {
        unit
    };
    format!("{} {unit}", grouped(v))
}

/// One segment's description for its aria-label, tooltip and the data table.
pub fn describe_segment(bar: &ResourceBar, seg: &Segment, lang: Lang) -> String {
    let name = resource(bar.resource).get(lang);
    let what = segment(Some(bar.resource), seg.kind).get(lang);
    let pct = crate::ui::format::percent(if bar.total == 0 {
        0.0
    } else {
        seg.amount as f64 / bar.total as f64
    });
    let blocks = match (seg.kind, bar.per_block) {
        (SegmentKind::Used | SegmentKind::Idle, per) if per > 0 => Some(seg.amount / per),
        _ => None,
    };
    let amt = amount(bar.resource, seg.amount, lang);
    match (lang, blocks) {
        (Lang::En, Some(b)) if seg.kind == SegmentKind::Idle => format!(
            "{name}: {what}: {amt} ({pct} of {}), enough for {b} more {} of {}",
            grouped(bar.total),
            if b == 1 { "block" } else { "blocks" },
            amount(bar.resource, bar.per_block, lang)
        ),
        (Lang::Zh, Some(b)) if seg.kind == SegmentKind::Idle => format!(
            "{name}：{what}：{amt}（占 {} 的 {pct}），还够放 {b} 个每个 {} 的 block",
            grouped(bar.total),
            amount(bar.resource, bar.per_block, lang)
        ),
        (Lang::En, Some(b)) => format!(
            "{name}: {what}: {amt} ({pct} of {}) = {b} {} × {}",
            grouped(bar.total),
            if b == 1 { "block" } else { "blocks" },
            amount(bar.resource, bar.per_block, lang)
        ),
        (Lang::Zh, Some(b)) => format!(
            "{name}：{what}：{amt}（占 {} 的 {pct}）= {b} 个 block × {}",
            grouped(bar.total),
            amount(bar.resource, bar.per_block, lang)
        ),
        (Lang::En, None) => format!("{name}: {what}: {amt} ({pct} of {})", grouped(bar.total)),
        (Lang::Zh, None) => format!(
            "{name}：{what}：{amt}（占 {} 的 {pct}）",
            grouped(bar.total)
        ),
    }
}

/// A resource bar's heading: its budget, one block's share and the blocks it allows.
pub fn bar_heading(bar: &ResourceBar, lang: Lang) -> String {
    let name = resource(bar.resource).get(lang);
    // The bar's name says the unit; only bytes need one.
    let unit = if bar.resource == Resource::SharedMemory {
        " B"
    } else {
        ""
    };
    let per = format!("{}{unit}", grouped(bar.per_block));
    let lim = limit_text(bar.limit);
    let blocks = if bar.limit == 1 { "block" } else { "blocks" };
    // Shared memory under a carveout: what the blocks divide is the configured share, not the
    // whole SRAM (167,936 B of SRAM with 65,536 B left to L1: 102,400 B per SM).
    let l1: u64 = bar
        .segments
        .iter()
        .filter(|s| s.kind == SegmentKind::L1)
        .map(|s| s.amount)
        .sum();
    if l1 > 0 {
        let shared = format!("{}{unit}", grouped(bar.total.saturating_sub(l1)));
        let sram = format!("{}{unit}", grouped(bar.total));
        return trf!(
            lang,
            "{name}: {shared} per SM (the carveout's share of {sram}) · {per} per block · allows {lim} {blocks}",
            "{name}：每 SM {shared}（carveout 从 {sram} 中分出的部分） · 每 block {per} · 允许 {lim} 个 block"
        );
    }
    let total = format!("{}{unit}", grouped(bar.total));
    trf!(
        lang,
        "{name}: {total} per SM · {per} per block · allows {lim} {blocks}",
        "{name}：每 SM {total} · 每 block {per} · 允许 {lim} 个 block"
    )
}

pub const BAR_BINDS: Tr = tr("  ◀ binds", "  ◀ 限制因素");

pub const BAR_DOES_NOT_FIT: Tr = tr("  ◀ does not fit", "  ◀ 放不下");

pub const BARS_LABEL: Tr = tr("One SM's resource bars", "一个 SM 的资源条");

pub const BARS_HINT: Tr = tr(
    "Point at or tap a part of a bar for its numbers, or Tab to the bars and move with the arrow keys.",
    "把鼠标移到（触屏上点一下）资源条的任一段即可看到它的数字；也可以用 Tab 键进入，再用方向键移动。",
);

pub const TABLE_BUDGET: Tr = tr("budget", "资源");

pub const TABLE_PARTS: Tr = tr("parts", "各段");

/// The bars' heading, naming the GPU.
pub fn bars_title(gpu: &str, lang: Lang) -> String {
    let title = BARS_TITLE.get(lang);
    trf!(lang, "{title} of one SM ({gpu})", "{title}（{gpu}）")
}
