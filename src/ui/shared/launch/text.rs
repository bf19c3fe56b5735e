//! What a launch that cannot run says, in both languages: the occupancy and dispatch chapters
//! show the same message.

use crate::model::occupancy::LaunchError;
use crate::ui::format::grouped;
use crate::ui::i18n::{tr, Lang, Tr};

/// Heads the message of a launch that cannot run.
pub const CANNOT_RUN: Tr = tr("This launch cannot run", "这个配置无法启动");

/// The model's reason, in the reader's language, with what to do about it.
pub fn launch_error(err: &LaunchError, lang: Lang) -> (String, &'static str) {
    let g = |v: u64| grouped(v);
    match (*err, lang) {
        (_, Lang::En) => (
            err.to_string(),
            match err {
                LaunchError::NoThreads => "A block needs at least one thread.",
                LaunchError::InvalidCarveout { .. } => "Pick a carveout from 0 to 100 %.",
                LaunchError::TooManyThreads { .. } => "A block may have at most 1024 threads: use more blocks instead.",
                LaunchError::TooManyRegistersPerThread { .. } => "Registers per thread go up to 255.",
                LaunchError::TooManyRegistersPerBlock { .. } => "One block's registers must fit in the 65,536 of one SM. The launch fails with \"too many resources requested for launch\". Use fewer threads per block, or cap registers with __launch_bounds__ or -maxrregcount (the compiler then spills to local memory).",
                LaunchError::StaticSharedMemoryTooLarge { .. } => "ptxas rejects static __shared__ arrays above 48 KiB: allocate the rest as dynamic shared memory (and opt in with cudaFuncSetAttribute).",
                LaunchError::TooMuchSharedMemory { .. } => "One block's shared memory must fit in the per-block limit, even after opting in with cudaFuncSetAttribute(MaxDynamicSharedMemorySize). Use a smaller tile or fewer pipeline stages.",
                LaunchError::NoBlockFits => "No block fits on one SM.",
            },
        ),
        (LaunchError::NoThreads, Lang::Zh) => ("block 至少需要 1 个线程".into(), "请至少使用 1 个线程。"),
        (LaunchError::InvalidCarveout { percent }, Lang::Zh) => (
            format!("carveout {percent} % 不是 0 到 100 之间的百分比"),
            "请选择 0 到 100 % 之间的 carveout。",
        ),
        (
            LaunchError::TooManyThreads {
                threads_per_block,
                max_threads_per_block,
            },
            Lang::Zh,
        ) => (
            format!(
                "每 block {} 个线程 > 上限 {}",
                g(threads_per_block.into()),
                g(max_threads_per_block.into())
            ),
            "一个 block 最多 1024 个线程：请改用更多的 block。",
        ),
        (
            LaunchError::TooManyRegistersPerThread {
                regs_per_thread,
                max_regs_per_thread,
            },
            Lang::Zh,
        ) => (
            format!("每线程 {regs_per_thread} 个寄存器 > 上限 {max_regs_per_thread}"),
            "每线程最多 255 个寄存器。",
        ),
        (
            LaunchError::TooManyRegistersPerBlock {
                regs_per_warp,
                warps_counted,
                regs_per_block,
                max_regs_per_block,
                hardware_check,
            },
            Lang::Zh,
        ) => (
            format!(
                "寄存器：每 warp {} × {} 个 warp{} = 每 block {} > {}",
                g(regs_per_warp),
                g(warps_counted),
                if hardware_check {
                    "（按 4 个子分区向上取整）"
                } else {
                    ""
                },
                g(regs_per_block),
                g(max_regs_per_block.into())
            ),
            "一个 block 的寄存器必须装进一个 SM 的 65,536 个寄存器，否则启动失败（“too many resources requested for launch”）。请减少每 block 线程数，或用 __launch_bounds__ / -maxrregcount 限制寄存器（编译器会把多出的变量溢出到 local memory）。",
        ),
        (
            LaunchError::StaticSharedMemoryTooLarge {
                static_smem_bytes,
                max_static_smem_bytes,
            },
            Lang::Zh,
        ) => (
            format!(
                "静态 shared memory {} B > {} B（超过 48 KiB 须用动态 shared memory）",
                g(static_smem_bytes.into()),
                g(max_static_smem_bytes.into())
            ),
            "ptxas 拒绝超过 48 KiB 的静态 __shared__ 数组：多出的部分请改为动态 shared memory（并用 cudaFuncSetAttribute 申请）。",
        ),
        (
            LaunchError::TooMuchSharedMemory {
                allocated_smem_bytes,
                max_smem_bytes,
                reserved_smem_bytes,
            },
            Lang::Zh,
        ) => (
            format!(
                "shared memory {} B > 每 block 上限 {} B{}",
                g(allocated_smem_bytes),
                g(max_smem_bytes),
                if reserved_smem_bytes > 0 {
                    format!("（两者都含驱动保留的 {} B）", g(reserved_smem_bytes.into()))
                } else {
                    String::new()
                }
            ),
            "一个 block 的 shared memory 必须不超过每 block 上限——即使已经用 cudaFuncSetAttribute(MaxDynamicSharedMemorySize) 申请了更多。请用更小的 tile 或更少的流水级。",
        ),
        (LaunchError::NoBlockFits, Lang::Zh) => ("一个 SM 上一个 block 也放不下".into(), "一个 block 也放不下。"),
    }
}
