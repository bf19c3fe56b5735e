//! The registry's own words: each chapter's line on the home page, and the titles of the pages
//! that are not chapters.

use crate::ui::i18n::{tr, Tr};

/// The home page's line for /chip.
pub const CHIP_SUMMARY: Tr = tr(
    "GPC → TPC → SM → 4 partitions, and the memory hierarchy of the A100.",
    "GPC → TPC → SM → 4 个处理分区，以及 A100 的存储层次。",
);

/// The home page's line for /hierarchy.
pub const HIERARCHY_SUMMARY: Tr = tr(
    "dim3 grids and blocks: any thread's index, warp and lane; software vs hardware hierarchy.",
    "dim3 形式的 grid 与 block：任一线程的索引、warp 与 lane；软件层次与硬件层次。",
);

/// The home page's line for /occupancy.
pub const OCCUPANCY_SUMMARY: Tr = tr(
    "How registers, threads and shared memory limit the blocks resident on one SM.",
    "寄存器、线程数和 shared memory 如何限制一个 SM 上驻留的 block 数。",
);

/// The home page's line for /dispatch.
pub const DISPATCH_SUMMARY: Tr = tr(
    "A grid's blocks land on all 108 SMs in waves; the tail wave.",
    "grid 的 block 按波次分派到全部 108 个 SM；尾波。",
);

/// The home page's line for /scheduling.
pub const SCHEDULING_SUMMARY: Tr = tr(
    "Four schedulers hide memory latency by switching warps: warps needed ≈ L / k.",
    "四个调度器靠切换 warp 隐藏访存延迟：所需 warp 数 ≈ L / k。",
);

/// The home page's line for /divergence.
pub const DIVERGENCE_SUMMARY: Tr = tr(
    "32 lanes, one instruction: active masks, serialised paths, reconvergence.",
    "32 个 lane 一条指令：active mask、路径串行与重汇合。",
);

/// The home page's line for /coalescing.
pub const COALESCING_SUMMARY: Tr = tr(
    "32 lane addresses become 32-byte sectors: requests, sectors, efficiency.",
    "32 个 lane 的地址变成 32 字节 sector：请求数、sector 数与效率。",
);

/// The home page's line for /bank-conflicts.
pub const BANK_CONFLICTS_SUMMARY: Tr = tr(
    "32 banks × 4 bytes: wavefronts, conflicts, padding and swizzles.",
    "32 个 4 字节 bank：wavefront、冲突、padding 与 swizzle。",
);

/// The home page's line for /tensor-cores.
pub const TENSOR_CORES_SUMMARY: Tr = tr(
    "The course's INT8 kernel end to end, fragment by fragment, lane by lane.",
    "课程的 INT8 kernel 从头到尾：逐个 fragment、逐个 lane。",
);

/// The home page's line for /tensor-core-generations.
pub const TENSOR_CORE_GENERATIONS_SUMMARY: Tr = tr(
    "A PE array cycle by cycle, peaks from units, Volta's quad-pairs, Hopper's wgmma, measured on an H200.",
    "逐周期的 PE 阵列、由单元推出的峰值、Volta 的 quad-pair、Hopper 的 wgmma，以及 H200 实测。",
);

/// The home page's line for /roofline.
pub const ROOFLINE_SUMMARY: Tr = tr(
    "Arithmetic intensity, ridge points and time lower bounds on A100 and H100.",
    "算术强度、拐点与 A100 / H100 上的理论时间下界。",
);

/// The title of /quiz.
pub const QUIZ_TITLE: Tr = tr("Quiz", "测验");

/// The home page's line for /quiz.
pub const QUIZ_SUMMARY: Tr = tr(
    "All self-check questions plus questions generated from the models.",
    "全部自测题，以及由模型随机出题、自动判分。",
);
