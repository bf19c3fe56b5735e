//! What a launch that cannot run says, in both languages: the occupancy and dispatch chapters
//! show the same message.

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
