//! The hierarchy chapter's words (course `a100-from-chip-to-simt` §4.1 and §6 Q2–Q3; spec §3).

use crate::model::hierarchy::{Axis, Dim3, HierarchyError, Level};
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

pub const TITLE: Tr = tr("Grid, block, warp, lane", "grid、block、warp 与 lane");
pub const INTRO: [Tr; 2] = [
    tr(
        "A [[kernel]] launch <<<grid, block>>> names two dim3 shapes: how many [[blocks|block]], and how many [[threads|thread]] in each. Inside a block the threads are numbered x fastest, then y, then z; every 32 consecutive numbers form one [[warp]], and a thread's place in its warp is its [[lane]]. This is the software hierarchy: [[grid]] → block → warp → thread.",
        "一次 [[kernel]] 启动 <<<grid, block>>> 给出两个 dim3 形状：有多少个 [[block]]，每个 block 有多少个 [[thread]]。block 内的线程按 x 最快、其次 y、最后 z 的顺序编号；每 32 个连续编号组成一个 [[warp]]，线程在 warp 中的位置就是它的 [[lane]]。这就是软件层次：[[grid]] → block → warp → thread。",
    ),
    tr(
        "Pick a shape and a thread below and see every coordinate, the CUDA expression that computes it, and how the warps cut through a 2-D block. The hardware hierarchy ([[GPC|gpc]] → [[TPC|tpc]] → [[SM|sm]] → pipelines) is a different picture: the two do not pair level by level.",
        "在下面选一个形状和一个线程，查看它的每种坐标、计算该坐标的 CUDA 表达式，以及 warp 如何切过一个二维 block。硬件层次（[[GPC|gpc]] → [[TPC|tpc]] → [[SM|sm]] → 执行流水线）是另一张图：两组层次并不逐级一一对应。",
    ),
];

pub const SHAPE: Tr = tr("Launch shape", "启动形状");
pub const GRID_X: Tr = tr("gridDim.x (blocks)", "gridDim.x（block 数）");
pub const GRID_Y: Tr = tr("gridDim.y", "gridDim.y");
pub const GRID_Z: Tr = tr("gridDim.z", "gridDim.z");
pub const BLOCK_X: Tr = tr("blockDim.x (threads)", "blockDim.x（线程数）");
pub const BLOCK_Y: Tr = tr("blockDim.y", "blockDim.y");
pub const BLOCK_Z: Tr = tr("blockDim.z", "blockDim.z");
pub const SHAPES: Tr = tr("Block shapes to try", "可以试试的 block 形状");
pub const PICK: Tr = tr("Pick a thread", "选一个线程");
pub const BLOCK_IDX_X: Tr = tr("blockIdx.x", "blockIdx.x");
pub const BLOCK_IDX_Y: Tr = tr("blockIdx.y", "blockIdx.y");
pub const BLOCK_IDX_Z: Tr = tr("blockIdx.z", "blockIdx.z");
pub const THREAD_IDX_X: Tr = tr("threadIdx.x", "threadIdx.x");
pub const THREAD_IDX_Y: Tr = tr("threadIdx.y", "threadIdx.y");
pub const THREAD_IDX_Z: Tr = tr("threadIdx.z", "threadIdx.z");
pub const GLOBAL: Tr = tr("…or by its global linear index", "……或者按全局线性编号选");
pub const COORDS: Tr = tr("The picked thread", "所选线程");
pub const COL_WHAT: Tr = tr("coordinate", "坐标");
pub const COL_EXPR: Tr = tr("CUDA expression", "CUDA 表达式");
pub const COL_VALUE: Tr = tr("value", "值");
pub const ROW_BLOCK_IDX: Tr = tr("block index", "block 索引");
pub const ROW_THREAD_IDX: Tr = tr("thread index in the block", "block 内线程索引");
pub const ROW_TID: Tr = tr(
    "linear thread id in the block (tid)",
    "block 内线性线程号（tid）",
);
pub const ROW_WARP: Tr = tr("warp in the block", "block 内的 warp");
pub const ROW_LANE: Tr = tr("lane in the warp", "warp 内的 lane");
pub const ROW_GLOBAL_X: Tr = tr("global x", "全局 x");
pub const ROW_GLOBAL_Y: Tr = tr("global y", "全局 y");
pub const ROW_GLOBAL_Z: Tr = tr("global z", "全局 z");
pub const ROW_BLOCK_LINEAR: Tr = tr(
    "linear block id in the grid (blockId)",
    "grid 内线性 block 号（blockId）",
);
pub const ROW_GLOBAL: Tr = tr("global linear index", "全局线性编号");
pub const BLOCK_FIG: Tr = tr("One block, coloured by warp", "一个 block，按 warp 着色");
pub const BLOCK_FIG_NOTE: Tr = tr(
    "Each square is a thread at (threadIdx.x, threadIdx.y); its colour is its warp. Click a thread to pick it. Warps follow the linear id, not the rows: a 16-wide block makes warps of two whole rows, a 24-wide block makes warps that start in the middle of a row.",
    "每个方格是位于 (threadIdx.x, threadIdx.y) 的一个线程，颜色表示它所属的 warp。点击方格即可选中该线程。warp 按线性编号切分，而不是按行：16 宽的 block 让每个 warp 恰好是两整行，24 宽的 block 让 warp 从某一行的中间开始。",
);
pub const WARPS_FIG: Tr = tr(
    "The block's warps: 32 lanes each",
    "该 block 的 warp：每个 32 个 lane",
);
pub const WARPS_FIG_NOTE: Tr = tr(
    "Hollow lanes have no thread: the last warp of a block whose thread count is not a multiple of 32 launches with only the low lanes active (its launch mask), yet takes a whole warp slot.",
    "空心的 lane 没有线程：线程数不是 32 倍数的 block，最后一个 warp 启动时只有低位 lane 有效（即启动时的 active mask），却仍占用一整个 warp 的位置。",
);
pub const CODE: Tr = tr("The code this shape implies", "这个形状对应的代码");
pub const COPY: Tr = tr("Copy", "复制");
pub const COPIED: Tr = tr("Copied", "已复制");
pub const COPY_FAILED: Tr = tr(
    "Copying is not available here; select the text instead.",
    "此处无法复制，请直接选中文本。",
);
/// (The English keeps its space after the colon; a full-width colon needs none.)
pub const LAUNCH_FAILS: Tr = tr("This launch would fail: ", "这次启动会失败：");

/// A valid launch whose usual `int` global index overflows along x.
pub fn int_index_overflow(threads_x: u64, lang: Lang) -> String {
    let threads_x = crate::ui::format::grouped(threads_x);
    trf!(
        lang,
        "Valid, but gridDim.x × blockDim.x = {threads_x} threads along x: past thread 2,147,483,647 the usual int i = blockIdx.x * blockDim.x + threadIdx.x overflows. Index with a 64-bit type: size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x.",
        "启动合法，但 gridDim.x × blockDim.x = {threads_x} 个 x 方向线程：第 2,147,483,647 号线程之后，常见的 int i = blockIdx.x * blockDim.x + threadIdx.x 会溢出。请用 64 位类型作下标：size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x。"
    )
}
pub const CONTAINS: Tr = tr("Who contains whom", "谁包含谁");
pub const HANDED: Tr = tr("Who is handed to whom at run time", "运行时谁被交给谁");
pub const SOFTWARE: Tr = tr("Software", "软件");
pub const HARDWARE: Tr = tr("Hardware", "硬件");
pub const PIPELINES: Tr = tr("execution pipelines", "执行流水线");
pub const HANDED_BLOCK: Tr = tr(
    "a block → one SM, whole: all its warps stay on that SM until it finishes",
    "一个 block → 一个 SM，整体交付：它的所有 warp 一直留在该 SM 上直到完成",
);
pub const HANDED_WARP: Tr = tr(
    "a warp's next instruction + active mask → one partition's warp scheduler",
    "一个 warp 的下一条指令 + active mask → 一个分区的 warp 调度器",
);
pub const HANDED_PIPE: Tr = tr(
    "the instruction → the execution unit its kind needs (FP32, INT32, LD/ST, Tensor Core…)",
    "这条指令 → 其类型所需的执行单元（FP32、INT32、LD/ST、Tensor Core……）",
);
pub const NOT_PAIRED: Tr = tr(
    "Do not pair the two hierarchies level by level. There is no 1 grid = 1 GPC, no 1 block = 1 TPC, and no thread that owns a CUDA core: the stable contract is block → SM.",
    "不要把两组层次逐级配对。不存在 1 grid = 1 GPC、1 block = 1 TPC，也不存在独占一个 CUDA Core 的线程：真正稳定的调度契约落在 block → SM。",
);
pub const FOUR: Tr = tr("The picture in four sentences", "把这张图读成四句话");
pub const SENTENCES: [Tr; 4] = [
    tr(
        "The grid faces the whole device. The work distributor hands the grid's not-yet-run blocks to available SMs; the basic launch syntax cannot name a GPC, TPC or SM, and the order is not part of the program's meaning.",
        "grid 面向整个 CUDA 设备。A100 的工作分发逻辑把 grid 中尚未执行的 block 分派到可用 SM；基础 CUDA 启动语法不能指定 GPC、TPC 或 SM，具体分发次序也不是程序语义的一部分。",
    ),
    tr(
        "GPC and TPC are hardware groupings, not partners of a software level. On the A100, GPC → TPC → SM yields 108 SMs; an ordinary grid uses SMs across many GPCs.",
        "GPC/TPC 是硬件分组，不是软件层次的“配对项”。A100 中 GPC → TPC → SM 最终提供 108 个 SM；普通 grid 可以使用跨多个 GPC 的 SM。",
    ),
    tr(
        "A block is the unit of residency and is never split: all its threads run on one SM, and so do all its warps. One SM may hold several blocks at once, as far as threads, registers and shared memory allow.",
        "block 是不可拆分的驻留单位。一个 block 的全部线程都由同一个 SM 执行，因此它的所有 warp 也留在该 SM 内。只要线程数、寄存器、shared memory 等资源允许，一个 SM 可同时常驻多个 block。",
    ),
    tr(
        "The warp is the unit of instruction issue inside the SM. A scheduler issues one warp's next instruction with its active mask, not 32 independent threads; each thread keeps its own data and control state.",
        "warp 才是 SM 内的指令发射单位。调度器发射的是“某个 warp 的下一条指令 + active mask”，不是逐个发射 32 个独立 thread；thread 保留各自的数据与控制状态。",
    ),
];
/// In place of the figures and links while the launch cannot run.
pub const NO_FIGURE: Tr = tr(
    "Nothing to draw: this launch would fail (see the message under the shape above).",
    "无图可画：这次启动会失败（见上方形状下的说明）。",
);
pub const SEE_ALSO: Tr = tr("The same shape in other chapters", "同一形状在其他章节");
pub const LINK_COALESCING: Tr = tr(
    "Coalescing: the picked warp reading a row-major array (1024 elements per row) at [y][x]",
    "访存合并：所选 warp 按 [y][x] 读取行主序数组（每行 1024 个元素）",
);
pub const LINK_DIVERGENCE: Tr = tr(
    "Divergence: the picked warp of a block this size (a 1-D block of the same thread count)",
    "分歧：同样线程数的 block 中所选的 warp（按相同线程数的一维 block）",
);
pub const LINK_OCCUPANCY: Tr = tr(
    "Occupancy: how many blocks of this size one SM holds",
    "占用率：一个 SM 能驻留多少个这种大小的 block",
);

/// The summary line under the controls.
pub fn summary(
    lang: Lang,
    blocks: u64,
    threads_per_block: u32,
    warps: u32,
    threads: u64,
) -> String {
    let b = crate::ui::format::grouped(blocks);
    let t = crate::ui::format::grouped(threads);
    trf!(
        lang,
        "{b} {blocks_word} × {tpb} {tpb_word} = {t} {t_word}; {warps} {warps_word} per block",
        "{b} 个 block × {tpb} 个线程 = {t} 个线程；每个 block {warps} 个 warp",
        b = b,
        blocks_word = if blocks == 1 { "block" } else { "blocks" },
        tpb = crate::ui::format::grouped(u64::from(threads_per_block)),
        tpb_word = if threads_per_block == 1 {
            "thread"
        } else {
            "threads"
        },
        t = t,
        t_word = if threads == 1 { "thread" } else { "threads" },
        warps = warps,
        warps_word = if warps == 1 { "warp" } else { "warps" },
    )
}

/// The caption of the warps figure's partial warp.
pub fn partial(lang: Lang, warp: u32, live: u32) -> String {
    let idle = 32 - live;
    trf!(
        lang,
        "Warp {warp} has {live} live {lanes} and {idle} inactive {ones}.",
        "warp {warp} 有 {live} 个有效 lane，{idle} 个无效 lane。",
        warp = warp,
        live = live,
        idle = idle,
        lanes = if live == 1 { "lane" } else { "lanes" },
        ones = if idle == 1 { "one" } else { "ones" },
    )
}

/// The caption of the block figure's z slice.
pub fn slice(lang: Lang, z: u32, depth: u32) -> String {
    trf!(
        lang,
        "Slice threadIdx.z = {z} of {depth}.",
        "threadIdx.z = {z} 的切片（共 {depth} 层）。",
        z = z,
        depth = depth,
    )
}

/// What the picked thread is, in one line.
pub fn picked(lang: Lang, warp: u32, lane: u32, tid: u32) -> String {
    trf!(
        lang,
        "Thread {tid} of its block: warp {warp}, lane {lane}.",
        "block 内第 {tid} 号线程：warp {warp}，lane {lane}。",
        tid = tid,
        warp = warp,
        lane = lane,
    )
}

/// A launch error, in words.
pub fn error(e: &HierarchyError, lang: Lang) -> String {
    let shape = |l: &Level| match l {
        Level::Grid => "gridDim",
        Level::Block => "blockDim",
    };
    match e {
        HierarchyError::ZeroDim { level, axis } => trf!(
            lang,
            "{s}.{a} is 0: every dimension must be at least 1.",
            "{s}.{a} 为 0：每一维至少为 1。",
            s = shape(level),
            a = axis_name(*axis),
        ),
        HierarchyError::DimOverLimit {
            level,
            axis,
            value,
            max,
        } => trf!(
            lang,
            "{s}.{a} = {value} is over its limit {max}.",
            "{s}.{a} = {value} 超过上限 {max}。",
            s = shape(level),
            a = axis_name(*axis),
            value = crate::ui::format::grouped(u64::from(*value)),
            max = crate::ui::format::grouped(u64::from(*max)),
        ),
        HierarchyError::BlockTooLarge { threads, max } => trf!(
            lang,
            "{threads} threads per block: more than maxThreadsPerBlock = {max}.",
            "每个 block {threads} 个线程：超过 maxThreadsPerBlock = {max}。",
            threads = crate::ui::format::grouped(*threads),
            max = crate::ui::format::grouped(u64::from(*max)),
        ),
        HierarchyError::TotalOverflow => tr(
            "More threads than a 64-bit index can number: this page cannot draw it.",
            "线程总数超出 64 位编号范围：本页无法画出。",
        )
        .get(lang)
        .to_string(),
        HierarchyError::IndexOutOfRange { .. } | HierarchyError::GlobalOutOfRange { .. } => tr(
            "That thread is outside the launch.",
            "该线程不在这次启动范围内。",
        )
        .get(lang)
        .to_string(),
    }
}

fn axis_name(a: Axis) -> &'static str {
    a.name()
}

/// The generated code's comment lines.
pub fn code_comment_warp(lang: Lang) -> &'static str {
    tr(
        "// warp and lane of this thread inside its block",
        "// 本线程在 block 内的 warp 与 lane",
    )
    .get(lang)
}

/// The generated code's comment on the bounds check.
pub fn code_comment_bounds(lang: Lang) -> &'static str {
    tr(
        "// guard: the problem may be smaller than the grid",
        "// 边界检查：问题规模可能小于 grid",
    )
    .get(lang)
}

/// How many axes a shape uses: 3 when anything has depth, 2 when anything has height, else 1.
pub fn dims_used(grid: Dim3, block: Dim3) -> u32 {
    if grid.z > 1 || block.z > 1 {
        3
    } else if grid.y > 1 || block.y > 1 {
        2
    } else {
        1
    }
}

/// The kernel, its index computation and its launch for `<<<grid, block>>>`.
pub fn code(grid: Dim3, block: Dim3, lang: Lang) -> String {
    let dims = dims_used(grid, block);
    let (params, index, guard, store) = match dims {
        1 => (
            "int n, const float* in, float* out",
            "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n".to_string(),
            "i < n",
            "out[i] = in[i];",
        ),
        2 => (
            "int nx, int ny, const float* in, float* out",
            "    int x = blockIdx.x * blockDim.x + threadIdx.x;\n    int y = blockIdx.y * blockDim.y + threadIdx.y;\n".to_string(),
            "x < nx && y < ny",
            "out[y * nx + x] = in[y * nx + x];",
        ),
        _ => (
            "int nx, int ny, int nz, const float* in, float* out",
            "    int x = blockIdx.x * blockDim.x + threadIdx.x;\n    int y = blockIdx.y * blockDim.y + threadIdx.y;\n    int z = blockIdx.z * blockDim.z + threadIdx.z;\n".to_string(),
            "x < nx && y < ny && z < nz",
            "size_t i = ((size_t)z * ny + y) * nx + x;\n        out[i] = in[i];",
        ),
    };
    let args = match dims {
        1 => "n, in, out",
        2 => "nx, ny, in, out",
        _ => "nx, ny, nz, in, out",
    };
    let tid = match dims {
        1 => "threadIdx.x",
        2 => "threadIdx.x + threadIdx.y * blockDim.x",
        _ => "threadIdx.x + threadIdx.y * blockDim.x\n            + threadIdx.z * blockDim.x * blockDim.y",
    };
    let (warp, bounds) = (code_comment_warp(lang), code_comment_bounds(lang));
    format!(
        "__global__ void kernel({params})\n{{\n{index}    {bounds}\n    if ({guard}) {{\n        {store}\n    }}\n\n    {warp}\n    int tid  = {tid};\n    int warp = tid / warpSize;  // tid / 32\n    int lane = tid % warpSize;  // tid % 32\n}}\n\n// host\ndim3 grid({}, {}, {});\ndim3 block({}, {}, {});\nkernel<<<grid, block>>>({args});\n",
        grid.x, grid.y, grid.z, block.x, block.y, block.z
    )
}
