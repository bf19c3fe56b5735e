//! The kernel lab's words, in both languages: the page, its controls and panels, what each
//! preset teaches, and every error of the model's kernel parser and runner (the model's
//! `Display` is English for logs only; these are what a reader sees).
//!
//! Length: every word of the lab in both languages, including one message per parser and runner
//! error; a table read top to bottom.

// `trf!` binds each `name = value` argument with a `let`; `line = line` is its intended form.
#![allow(clippy::redundant_locals)]

use crate::model::kernel::error::END_OF_INPUT;
use crate::model::kernel::{
    Expected, LabLimit, LaunchProblem, ParseError, ParseErrorKind, RunError, Unsupported,
};
use crate::trf;
use crate::ui::format::{between_han, bytes_binary, grouped};
use crate::ui::i18n::{tr, Lang, Tr};

use super::state::{ArgProblem, TraceProblem};

pub const INTRO: [Tr; 2] = [
    tr(
        "Write one __global__ function in CUDA C, give it a launch, and the lab runs every thread of the grid, warp by warp, counting what Nsight Compute counts: global requests and sectors, shared-memory wavefronts and bank conflicts, branches that diverge, lanes that idle, floating-point operations. On the lab's presets these counts match ncu on an H100 (the H200's SM) counter for counter.",
        "用 CUDA C 写一个 __global__ 函数、给它一个启动配置，实验室就会逐个 warp 运行 grid 中的每个线程，统计 Nsight Compute 统计的量：全局内存的请求与 sector、shared memory 的 wavefront 与 bank 冲突、发生分歧的分支、空闲的 lane、浮点运算次数。在实验室的预设上，这些计数与 H100（与 H200 相同的 SM）上 ncu 的结果逐项一致。",
    ),
    tr(
        "Click a line to see why: one warp's 32 addresses drawn as the coalescing chapter draws sectors, or as the bank-conflict chapter draws banks; a branch's active masks as the divergence chapter draws them. Below, the launch feeds occupancy, waves and the roofline, each linked to its chapter with the same numbers.",
        "点击一行看原因：某个 warp 的 32 个地址，按合并访存一章画 sector 的方式，或按 bank 冲突一章画 bank 的方式画出；分支的活跃掩码按 SIMT 分歧一章的方式画出。下方，这次启动的配置会送入占用率、波次和 Roofline，每项都链接到对应章节并带上相同的数值。",
    ),
];

// The editor.
pub const EDITOR_LABEL: Tr = tr(
    "Kernel source, CUDA C (one __global__ function)",
    "kernel 源码，CUDA C（一个 __global__ 函数）",
);
pub const EDIT: Tr = tr("Edit", "编辑");
pub const DONE_EDITING: Tr = tr("Done", "完成");
pub const READ_ONLY: Tr = tr(
    "Read-only on a small screen: tap Edit to change the kernel. Tap a line number to look at it.",
    "小屏幕上为只读：点“编辑”修改 kernel。点行号查看该行。",
);
pub const LINE_HINT: Tr = tr(
    "Click a line (or move the cursor to it with the arrow keys) to see why it counts what it counts.",
    "点击某一行（或用方向键把光标移到该行），看它为什么得到这些计数。",
);
pub const TOO_LONG: Tr = tr(
    "The kernel is longer than a link can hold (16 KiB): shorten it to run it. Until then the counts are those of the last kernel that fit, and a reload brings that one back.",
    "kernel 超过了链接能容纳的长度（16 KiB）：缩短后才会运行。在此之前，计数仍是上一个放得下的 kernel 的，重新加载页面也会回到那一个。",
);
pub const PRESETS: Tr = tr("Presets", "预设");
pub const PRESET_EDITED: Tr = tr("(edited)", "（已修改）");
pub const RESET: Tr = tr("Back to the preset", "恢复预设");
pub const SUBSET_NOTE: Tr = tr(
    "The lab runs a subset of CUDA C: int, unsigned, float, double, bool, float2, float4; pointer parameters indexed as p[i]; __shared__ arrays of one or two dimensions; if, for, while, do, break, continue, return, __syncthreads(). It refuses what it does not model (atomics, warp intrinsics, pointer arithmetic, …) rather than guess.",
    "实验室运行 CUDA C 的一个子集：int、unsigned、float、double、bool、float2、float4；指针参数以 p[i] 方式索引；一维或二维的 __shared__ 数组；if、for、while、do、break、continue、return、__syncthreads()。它不建模的内容（原子操作、warp 内置函数、指针运算……）会直接拒绝，而不是去猜。",
);

// The launch.
pub const LAUNCH: Tr = tr("The launch", "启动配置");
pub const GRID: Tr = tr("Grid (gridDim x × y × z)", "grid（gridDim x × y × z）");
pub const BLOCK: Tr = tr("Block (blockDim x × y × z)", "block（blockDim x × y × z）");
pub const DIM3_HINT: Tr = tr("e.g. 64 or 8x32 or 8x8x2", "例如 64、8x32 或 8x8x2");
pub const DIM3_BAD: Tr = tr(
    "Type one to three whole numbers separated by x, e.g. 8x32.",
    "请输入一到三个用 x 分隔的整数，例如 8x32。",
);
pub const DIM3_TOO_LARGE: Tr = tr(
    "Too large: each number can be at most 2,147,483,647 (2³¹ − 1, CUDA's largest gridDim.x).",
    "太大：每个数最大为 2,147,483,647（2³¹ − 1，CUDA 中 gridDim.x 的上限）。",
);
pub const ARGS: Tr = tr("Scalar arguments", "标量参数");
pub const NO_ARGS: Tr = tr(
    "The kernel has no scalar parameters.",
    "这个 kernel 没有标量参数。",
);
pub const BUFFERS_NOTE: Tr = tr(
    "Every pointer parameter is a buffer of its own, 256-byte aligned as cudaMalloc returns it; element i of a T* is at byte i × sizeof(T).",
    "每个指针参数各自是一块缓冲区，与 cudaMalloc 一样按 256 字节对齐；T* 的第 i 个元素位于第 i × sizeof(T) 字节。",
);
pub const REGS: Tr = tr("Registers per thread", "每线程寄存器数");
pub const REGS_NOTE: Tr = tr(
    "The lab cannot know how many registers nvcc allocates: compile with nvcc -Xptxas -v and type the number it prints (\"Used N registers\"). Only occupancy and waves use it.",
    "实验室无法得知 nvcc 分配了多少寄存器：用 nvcc -Xptxas -v 编译，把它打印的数字（“Used N registers”）填在这里。只有占用率和波次用到它。",
);

// The analysis.
pub const STOP: Tr = tr("Stop", "停止");
pub const STOPPED: Tr = tr(
    "Stopped. Change the kernel or the launch to analyse again.",
    "已停止。修改 kernel 或启动配置即可重新分析。",
);
pub const ANALYSING_FIRST: Tr = tr("Analysing…", "正在分析……");

/// The progress line.
pub fn progress(done: u64, total: u64, steps: u64, lang: Lang) -> String {
    let (done, total, steps) = (grouped(done), grouped(total), grouped(steps));
    trf!(
        lang,
        "Analysing: {done} of {total} blocks, {steps} warp-level steps so far…",
        "正在分析：已完成 {done} / {total} 个 block，累计 {steps} 个 warp 级步骤……",
        done = done,
        total = total,
        steps = steps,
    )
}

/// What the finished analysis covered.
pub fn analysed(threads: u64, warps: u64, blocks: u64, steps: u64, lang: Lang) -> String {
    let (threads_en, warps_en, blocks_en, steps_en) = (
        counted(threads, "thread", "threads"),
        counted(warps, "warp", "warps"),
        counted(blocks, "block", "blocks"),
        counted(steps, "warp-level step", "warp-level steps"),
    );
    let (threads, warps, blocks, steps) = (
        grouped(threads),
        grouped(warps),
        grouped(blocks),
        grouped(steps),
    );
    trf!(
        lang,
        "Ran {threads_en}: {warps_en} in {blocks_en}, {steps_en}.",
        "已运行 {threads} 个线程：{blocks} 个 block 中的 {warps} 个 warp，共 {steps} 个 warp 级步骤。",
        threads_en = threads_en,
        warps_en = warps_en,
        blocks_en = blocks_en,
        steps_en = steps_en,
        threads = threads,
        warps = warps,
        blocks = blocks,
        steps = steps,
    )
}

/// `n` grouped, with its English noun in the singular for 1 and the plural otherwise.
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

pub const STALE: Tr = tr(
    "The counts below are for the kernel as it was before the last change.",
    "下面的计数对应上一次修改之前的 kernel。",
);

// The counters.
pub const COUNTERS: Tr = tr(
    "What Nsight Compute counts for the whole launch",
    "整次启动中 Nsight Compute 会统计的量",
);
pub const COUNTER: Tr = tr("Counter", "计数器");
pub const VALUE: Tr = tr("Value", "数值");
pub const NCU_METRIC: Tr = tr("ncu metric", "ncu 指标");
pub const GLOBAL_LOAD_REQUESTS: Tr = tr("Global load requests", "全局 load 请求");
pub const GLOBAL_LOAD_SECTORS: Tr = tr("Global load sectors", "全局 load sector");
pub const GLOBAL_STORE_REQUESTS: Tr = tr("Global store requests", "全局 store 请求");
pub const GLOBAL_STORE_SECTORS: Tr = tr("Global store sectors", "全局 store sector");
pub const SHARED_LOAD_INSTR: Tr = tr("Shared load instructions", "shared load 指令");
pub const SHARED_LOAD_WAVEFRONTS: Tr = tr("Shared load wavefronts", "shared load wavefront");
pub const SHARED_LOAD_CONFLICTS: Tr = tr("Shared load bank conflicts", "shared load bank 冲突");
pub const SHARED_STORE_INSTR: Tr = tr("Shared store instructions", "shared store 指令");
pub const SHARED_STORE_WAVEFRONTS: Tr = tr("Shared store wavefronts", "shared store wavefront");
pub const SHARED_STORE_CONFLICTS: Tr = tr("Shared store bank conflicts", "shared store bank 冲突");
pub const BRANCHES: Tr = tr("Branches (divergent)", "分支（发生分歧的）");
pub const LANE_EFFICIENCY: Tr = tr("Active lanes per step", "每步活跃 lane 比例");
pub const FP32_FLOPS: Tr = tr("FP32 operations", "FP32 运算");
pub const FP64_FLOPS: Tr = tr("FP64 operations", "FP64 运算");
pub const DRAM_BYTES: Tr = tr(
    "DRAM bytes, ideal cache (distinct sectors × 32)",
    "DRAM 字节，理想缓存（不同 sector 数 × 32）",
);
pub const STEPS_NOTE: Tr = tr(
    "Steps are the lab's source-level operations, not SASS instructions; FLOPs count + − × ÷ once per active lane (a fused a × b + c twice, as ncu counts FFMA).",
    "这里的“步骤”是实验室的源码级操作，不是 SASS 指令；FLOP 按每个活跃 lane 的 + − × ÷ 各计一次（融合的 a × b + c 计两次，与 ncu 统计 FFMA 的方式一致）。",
);

// The per-line table.
pub const LINES: Tr = tr("Line by line", "逐行计数");
pub const LINES_NOTE: Tr = tr(
    "Only lines that ran are listed. Pick a line to see one warp's view of it.",
    "只列出执行过的行。选择一行，看其中一个 warp 的情况。",
);
pub const COL_LINE: Tr = tr("Line", "行");
pub const COL_CODE: Tr = tr("Code", "代码");
pub const COL_GLOBAL: Tr = tr(
    "Global: requests · sectors (per request)",
    "全局：请求 · sector（每请求）",
);
pub const COL_SHARED: Tr = tr(
    "Shared: instructions · wavefronts (conflicts)",
    "shared：指令 · wavefront（冲突）",
);
pub const COL_BRANCHES: Tr = tr("Branches (divergent)", "分支（分歧）");
pub const COL_LANES: Tr = tr("Active lanes", "活跃 lane");

/// The button that picks line `line`.
pub fn pick_line(line: u32, lang: Lang) -> String {
    trf!(lang, "Line {line}", "第 {line} 行", line = line)
}

/// A short note beside a line in the editor: sectors per request of its loads and stores
/// (`ld`, `st`: the SASS mnemonics' stems).
pub fn note_sectors(load: Option<&str>, store: Option<&str>, lang: Lang) -> String {
    let parts: Vec<String> = [(load, "ld"), (store, "st")]
        .into_iter()
        .filter_map(|(v, what)| v.map(|v| format!("{what} {v}")))
        .collect();
    match lang {
        Lang::En => format!("{} sectors/req", parts.join(" · ")),
        Lang::Zh => format!("{} sector/请求", parts.join(" · ")),
    }
}

/// A short note beside a line: wavefronts per shared instruction.
pub fn note_wavefronts(per_instr: &str, lang: Lang) -> String {
    trf!(
        lang,
        "{per_instr} wavefronts/instr",
        "{per_instr} wavefront/指令",
        per_instr = per_instr
    )
}

/// A short note beside a line: the share of its branches that diverge.
pub fn note_divergent(percent: &str, lang: Lang) -> String {
    trf!(
        lang,
        "{percent} divergent",
        "{percent} 分歧",
        percent = percent
    )
}

// The line looked at.
pub const WHY: Tr = tr(
    "Why: one warp at the chosen line",
    "原因：某个 warp 在所选行上的情况",
);
pub const NO_LINE: Tr = tr(
    "Pick a line in the editor or the table to see one warp's addresses or masks there.",
    "在编辑器或表格中选择一行，查看某个 warp 在该行的地址或掩码。",
);
pub const WARP: Tr = tr("Warp (index in the launch)", "warp（在整次启动中的序号）");
pub const PREV_WARP: Tr = tr("Previous warp", "上一个 warp");
pub const NEXT_WARP: Tr = tr("Next warp", "下一个 warp");
pub const ACCESS: Tr = tr("Access", "访存");
pub const EXECUTION: Tr = tr("Execution", "第几次执行");
pub const PREV_EXEC: Tr = tr("Previous execution", "上一次执行");
pub const NEXT_EXEC: Tr = tr("Next execution", "下一次执行");
pub const WAITING_FOR_REPORT: Tr = tr(
    "The warp is shown once the analysis has finished.",
    "分析完成后显示该 warp。",
);
pub const WAITING_FOR_SETUP: Tr = tr(
    "The warp is shown once the kernel parses and its launch can run (see the message above).",
    "kernel 能解析、启动配置能运行之后才显示该 warp（见上方的提示）。",
);
pub const STEP_TITLE: Tr = tr("Active lanes on this line", "这一行上的活跃 lane");
pub const LANES_LABEL: Tr = tr("The warp's 32 lanes", "warp 的 32 个 lane");
pub const LEGEND_TAKEN: Tr = tr(
    "takes the branch (then side, stays in the loop)",
    "走这一分支（then 侧，继续循环）",
);
pub const LEGEND_OTHER: Tr = tr("goes the other way", "走另一侧");
pub const LEGEND_IDLE: Tr = tr(
    "inactive here (masked off earlier or returned)",
    "此处不活跃（之前已被屏蔽或已 return）",
);
pub const LEGEND_OFF: Tr = tr(
    "not launched (past the end of the block)",
    "未启动（超出 block 的线程数）",
);
pub const LEGEND_ACTIVE: Tr = tr("active on this line", "在这一行上活跃");

/// Where warp `warp` is: its block and its index in it.
pub fn warp_place(warp: u64, total: u64, block: [u32; 3], in_block: u32, lang: Lang) -> String {
    let (warp, total) = (grouped(warp), grouped(total));
    let b = format!("({}, {}, {})", block[0], block[1], block[2]);
    trf!(
        lang,
        "Warp {warp} of {total}: block {b}, warp {in_block} of the block.",
        "共 {total} 个 warp 中的第 {warp} 个：block {b} 中的第 {in_block} 个 warp。",
        warp = warp,
        total = total,
        b = b,
        in_block = in_block,
    )
}

/// The line's heading: `Line 5: out[i] = in[i];`.
pub fn line_heading(line: u32, code: &str, lang: Lang) -> String {
    trf!(
        lang,
        "Line {line}: {code}",
        "第 {line} 行：{code}",
        line = line,
        code = code
    )
}

/// The warp did not execute the line.
pub fn not_executed(line: u32, lang: Lang) -> String {
    trf!(
        lang,
        "This warp did not execute line {line}: pick another warp.",
        "这个 warp 没有执行第 {line} 行：请换一个 warp。",
        line = line
    )
}

/// A memory access's name in the access picker: `load in[…]`, `store tile[…]`.
pub fn access_name(store: bool, shared: bool, name: &str, column: u32, lang: Lang) -> String {
    let what = match (store, lang) {
        (false, Lang::En) => "load",
        (true, Lang::En) => "store",
        (false, Lang::Zh) => "load",
        (true, Lang::Zh) => "store",
    };
    let space = match (shared, lang) {
        (true, Lang::En) => "shared",
        (false, Lang::En) => "global",
        (true, Lang::Zh) => "shared",
        (false, Lang::Zh) => "全局",
    };
    trf!(
        lang,
        "{space} {what} {name}[…] (column {column})",
        "{space} {what} {name}[…]（第 {column} 列）",
        space = space,
        what = what,
        name = name,
        column = column,
    )
}

/// Execution `k` (1-based) of `n` of the access by this warp.
pub fn execution_of(k: usize, n: usize, lang: Lang) -> String {
    trf!(lang, "{k} of {n}", "第 {k} / {n} 次", k = k, n = n)
}

/// One global access in numbers.
pub fn global_access(lanes: u32, sectors: u32, bytes_per_lane: u32, lang: Lang) -> String {
    let used = lanes * bytes_per_lane;
    let moved = sectors * 32;
    trf!(
        lang,
        "{lanes} lanes × {bytes_per_lane} B = {used} B requested; 1 request, {sectors} sectors = {moved} B moved.",
        "{lanes} 个 lane × {bytes_per_lane} B = 请求 {used} B；1 个请求，{sectors} 个 sector = 搬运 {moved} B。",
        lanes = lanes,
        bytes_per_lane = bytes_per_lane,
        used = used,
        sectors = sectors,
        moved = moved,
    )
}

/// One shared access in numbers.
pub fn shared_access(lanes: u32, wavefronts: u32, conflicts: u32, lang: Lang) -> String {
    trf!(
        lang,
        "{lanes} lanes: {wavefronts} wavefronts, {conflicts} beyond the ideal (bank conflicts).",
        "{lanes} 个 lane：{wavefronts} 个 wavefront，比理想值多 {conflicts} 个（bank 冲突）。",
        lanes = lanes,
        wavefronts = wavefronts,
        conflicts = conflicts,
    )
}

/// The buffer-relative addressing the figure uses.
pub fn relative_note(name: &str, shared: bool, lang: Lang) -> String {
    if shared {
        trf!(
            lang,
            "Addresses are byte offsets in the block's shared memory ({name} as the lab lays it out).",
            "地址是 block 的 shared memory 中的字节偏移（{name} 按实验室的布局）。",
            name = name
        )
    } else {
        trf!(
            lang,
            "Addresses count bytes from the start of {name} (256-byte aligned, so its sectors and lines are the hardware's).",
            "地址从 {name} 的起点开始按字节计（256 字节对齐，所以 sector 与 line 的划分与硬件相同）。",
            name = name
        )
    }
}

/// A branch's split.
pub fn branch_split(taken: u32, other: u32, diverged: bool, lang: Lang) -> String {
    if diverged {
        trf!(
            lang,
            "{taken} lanes take it, {other} go the other way: the warp runs both paths, one after the other.",
            "{taken} 个 lane 走这一分支，{other} 个走另一侧：warp 要先后执行两条路径。",
            taken = taken,
            other = other
        )
    } else {
        trf!(
            lang,
            "All {n} active lanes go the same way: no divergence.",
            "全部 {n} 个活跃 lane 走同一侧：没有分歧。",
            n = taken + other
        )
    }
}

/// Which kind of conditional a branch is.
pub fn branch_kind(kind: crate::model::kernel::BranchKind, lang: Lang) -> &'static str {
    use crate::model::kernel::BranchKind as K;
    match kind {
        K::If => tr("if / else", "if / else"),
        K::Loop => tr(
            "loop test (taken: go round again)",
            "循环判断（走这一分支：再循环一次）",
        ),
        K::Condition => tr(
            "one side of && || ?: (taken: it is evaluated)",
            "&& || ?: 的一侧（走这一分支：对它求值）",
        ),
    }
    .get(lang)
}

/// The active mask of a step.
pub fn active_lanes(active: u32, lang: Lang) -> String {
    trf!(
        lang,
        "{active} of 32 lanes active.",
        "32 个 lane 中 {active} 个活跃。",
        active = active
    )
}

/// A lane of the mask strip, named.
pub fn lane_state(lane: u32, state: &str, lang: Lang) -> String {
    trf!(
        lang,
        "Lane {lane}: {state}",
        "lane {lane}：{state}",
        lane = lane,
        state = state
    )
}

/// Why no trace is shown.
pub fn trace_problem(p: &TraceProblem, lang: Lang) -> String {
    match p {
        TraceProblem::TooLong { steps } => {
            let steps = grouped(*steps);
            trf!(
                lang,
                "This warp's block runs {steps} warp-level steps: too long to trace here without stalling the page. Try a smaller launch.",
                "这个 warp 所在的 block 要运行 {steps} 个 warp 级步骤，在这里追踪会让页面卡顿。请换一个更小的启动配置。",
                steps = steps
            )
        }
        TraceProblem::Run(e) => run_error(e, lang),
    }
}

// The launch in context.
pub const CONTEXT: Tr = tr(
    "The launch on the GPU: occupancy, waves, roofline",
    "这次启动在 GPU 上：占用率、波次、Roofline",
);
pub const OCCUPANCY: Tr = tr("Occupancy", "占用率");
pub const WAVES: Tr = tr("Waves", "波次");
pub const ROOFLINE: Tr = tr("Roofline", "Roofline");
pub const OPEN_OCCUPANCY: Tr = tr(
    "Open the occupancy chapter with this launch",
    "用这次启动打开“占用率”一章",
);
pub const OPEN_DISPATCH: Tr = tr(
    "Open the block-dispatch chapter with this launch",
    "用这次启动打开“block 分派”一章",
);
pub const OPEN_ROOFLINE: Tr = tr(
    "Open the roofline chapter with this kernel's FLOPs and bytes",
    "用这个 kernel 的 FLOP 与字节数打开 Roofline 一章",
);
pub const IDEAL_CACHE: Tr = tr(
    "DRAM bytes are the distinct 32-byte sectors the launch touches, each counted once: what a perfect cache would move, a lower bound on the real traffic (L2 misses, write-backs and evictions can only add to it).",
    "DRAM 字节数取整次启动访问到的不同 32 字节 sector，每个只计一次：即完美缓存需要搬运的量，是真实流量的下界（L2 未命中、写回与逐出只会让它更多）。",
);

/// The occupancy in one sentence.
pub fn occupancy_line(
    blocks: u32,
    warps: u32,
    max_warps: u32,
    percent: &str,
    limiter: &str,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "{blocks_en} = {warps} of {max_warps} warps per SM resident: occupancy {percent}, limited by {limiter}.",
        "每个 SM 驻留 {blocks} 个 block = {warps} / {max_warps} 个 warp：占用率 {percent}，受{limiter_zh}限制。",
        blocks_en = counted(u64::from(blocks), "block", "blocks"),
        blocks = blocks,
        warps = warps,
        max_warps = max_warps,
        percent = percent,
        limiter = limiter,
        limiter_zh = between_han(limiter),
    )
}

/// The shared memory the kernel declares.
pub fn smem_line(bytes: u32, regs: u32, threads: u64, lang: Lang) -> String {
    let bytes = grouped(u64::from(bytes));
    let threads = grouped(threads);
    trf!(
        lang,
        "Per block: {threads} threads, {regs} registers per thread (the field above), {bytes} B of static shared memory (the kernel's __shared__ declarations).",
        "每个 block：{threads} 个线程，每线程 {regs} 个寄存器（上面的输入框），{bytes} B 静态 shared memory（kernel 中的 __shared__ 声明）。",
        threads = threads,
        regs = regs,
        bytes = bytes,
    )
}

/// The launch cannot be resident at all.
pub const DOES_NOT_FIT: Tr = tr(
    "No block of this launch fits on an SM of this GPU: the launch would fail.",
    "这次启动的 block 在这个 GPU 的 SM 上一个也放不下：启动会失败。",
);

/// The waves in one sentence.
pub fn waves_line(
    blocks: u64,
    per_wave: u64,
    waves: u64,
    last: u64,
    efficiency: &str,
    lang: Lang,
) -> String {
    let count = grouped(waves);
    let full = last >= per_wave;
    let (blocks, per_wave, last) = (grouped(blocks), grouped(per_wave), grouped(last));
    match (waves, full) {
        (1, true) => {
            return trf!(
                lang,
                "{blocks} blocks in waves of {per_wave} (blocks per SM × SMs): one full wave; wave efficiency {efficiency}.",
                "{blocks} 个 block，每波 {per_wave} 个（每 SM block 数 × SM 数）：正好一整波；波次效率 {efficiency}。",
                blocks = blocks,
                per_wave = per_wave,
                efficiency = efficiency,
            )
        }
        (1, false) => {
            return trf!(
                lang,
                "{blocks} blocks in waves of {per_wave} (blocks per SM × SMs): one wave, partly filled; wave efficiency {efficiency}.",
                "{blocks} 个 block，每波 {per_wave} 个（每 SM block 数 × SM 数）：只有一波，未填满；波次效率 {efficiency}。",
                blocks = blocks,
                per_wave = per_wave,
                efficiency = efficiency,
            )
        }
        (_, true) => {
            return trf!(
                lang,
                "{blocks} blocks in waves of {per_wave} (blocks per SM × SMs): {count} full waves; wave efficiency {efficiency}.",
                "{blocks} 个 block，每波 {per_wave} 个（每 SM block 数 × SM 数）：共 {count} 个整波；波次效率 {efficiency}。",
                blocks = blocks,
                per_wave = per_wave,
                count = count,
                efficiency = efficiency,
            )
        }
        _ => {}
    }
    trf!(
        lang,
        "{blocks} blocks in waves of {per_wave} (blocks per SM × SMs): {count} waves, the last with {last} blocks; wave efficiency {efficiency}.",
        "{blocks} 个 block，每波 {per_wave} 个（每 SM block 数 × SM 数）：共 {count} 波，最后一波 {last} 个 block；波次效率 {efficiency}。",
        blocks = blocks,
        per_wave = per_wave,
        count = count,
        last = last,
        efficiency = efficiency,
    )
}

/// The roofline numbers.
pub fn roofline_line(
    flops: &str,
    bytes: &str,
    intensity: &str,
    precision: &str,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "{flops} FLOPs over {bytes} of DRAM traffic: {intensity} FLOP/byte, under the {precision} roof.",
        "{flops} 次浮点运算，DRAM 流量 {bytes}：算术强度 {intensity} FLOP/字节，对应 {precision} 屋顶。",
        flops = flops,
        bytes = bytes,
        intensity = intensity,
        precision = precision,
    )
}

/// The time bound.
pub fn time_bound_line(time: &str, memory_bound: bool, lang: Lang) -> String {
    if memory_bound {
        trf!(
            lang,
            "Time lower bound {time}: memory-bound (below the ridge point).",
            "时间下界 {time}：访存受限（位于拐点左侧）。",
            time = time
        )
    } else {
        trf!(
            lang,
            "Time lower bound {time}: compute-bound (right of the ridge point).",
            "时间下界 {time}：计算受限（位于拐点右侧）。",
            time = time
        )
    }
}

pub const NO_FLOPS: Tr = tr(
    "The kernel does no floating-point arithmetic (or touches no global memory): it has no point on the roofline.",
    "这个 kernel 没有浮点运算（或没有访问全局内存）：它在 Roofline 上没有位置。",
);
pub const ROOFLINE_FIGURE: Tr = tr(
    "The kernel's point on the chosen GPU's roofline",
    "这个 kernel 在所选 GPU 的 Roofline 上的位置",
);
pub const YOUR_KERNEL: Tr = tr("your kernel", "你的 kernel");

// Presets.

/// What one preset teaches: its name, and the sentence on what to look at.
pub fn preset_text(id: &str) -> (Tr, Tr) {
    match id {
        "copy-bounds" => (
            tr("Copy with a bounds check", "带边界检查的拷贝"),
            tr(
                "n = 10,000 is not a multiple of the block: look at the last block's warps, where if (i < n) leaves lanes idle and the last warp moves fewer sectors.",
                "n = 10,000 不是 block 大小的整数倍：看最后一个 block 的 warp，if (i < n) 让部分 lane 空闲，最后一个 warp 搬运的 sector 更少。",
            ),
        ),
        "strided-read" => (
            tr("Strided read", "跨步读取"),
            tr(
                "Stride 2: each read request touches 8 sectors where 4 would do; the writes stay at 4. Try stride 1, 8 and 32.",
                "步长 2：每个读请求要访问 8 个 sector，而 4 个就够；写仍是 4 个。试试步长 1、8 和 32。",
            ),
        ),
        "offset-read" => (
            tr("Offset read", "错位读取"),
            tr(
                "An offset of one float shifts the warp's 128 bytes across a sector boundary: 5 sectors per read request instead of 4.",
                "偏移一个 float，warp 的 128 字节就跨过了 sector 边界：每个读请求 5 个 sector 而不是 4 个。",
            ),
        ),
        "aos" => (
            tr("Array of structures", "结构体数组（AoS）"),
            tr(
                "Each field is read 12 bytes apart: three strided reads, 12 sectors per field where SoA needs 4. Compare with the next preset.",
                "每个字段相隔 12 字节读取：三次跨步读取，每个字段 12 个 sector，而 SoA 只要 4 个。与下一个预设对比。",
            ),
        ),
        "soa" => (
            tr("Structure of arrays", "数组结构体（SoA）"),
            tr(
                "The same work with one array per field: every read is unit-stride, 4 sectors per request.",
                "同样的计算，每个字段一个数组：每次读取都是单位步长，每请求 4 个 sector。",
            ),
        ),
        "transpose-naive" => (
            tr("Naive transpose", "朴素转置"),
            tr(
                "Reads along rows are coalesced; the writes go down a column, 32 sectors per request (one per lane). Look at the store on line 7.",
                "按行读取是合并的；写入沿着列进行，每个请求 32 个 sector（每个 lane 一个）。看第 7 行的 store。",
            ),
        ),
        "transpose-tiled" => (
            tr("Tiled transpose", "分块转置"),
            tr(
                "Through a 32 × 32 shared tile both global accesses are coalesced, but reading the tile by column hits one bank 32 times: 32 wavefronts per read.",
                "借助 32 × 32 的 shared tile，两次全局访问都是合并的，但按列读 tile 会 32 次命中同一个 bank：每次读 32 个 wavefront。",
            ),
        ),
        "transpose-padded" => (
            tr("Tiled transpose, padded", "分块转置（padding）"),
            tr(
                "One padding column, tile[32][33], spreads the column over all 32 banks: 1 wavefront per read, no conflicts.",
                "加一列 padding，tile[32][33]，把一列分散到全部 32 个 bank：每次读 1 个 wavefront，没有冲突。",
            ),
        ),
        "reduce-interleaved" => (
            tr("Reduction 1: interleaved, %", "归约 1：交错寻址，用 %"),
            tr(
                "tid % (2 * s) == 0 keeps every other lane, then every fourth…: divergent branches and idle lanes in every warp.",
                "tid % (2 * s) == 0 先保留一半 lane，再是四分之一……：每个 warp 都有分歧分支和空闲 lane。",
            ),
        ),
        "reduce-strided" => (
            tr("Reduction 2: interleaved, strided index", "归约 2：交错寻址，跨步下标"),
            tr(
                "Contiguous threads do the work, so whole warps idle instead of lanes, but the index 2 · s · tid makes shared-memory bank conflicts.",
                "由连续的线程干活，空闲的是整个 warp 而不是单个 lane，但下标 2 · s · tid 造成 shared memory bank 冲突。",
            ),
        ),
        "reduce-sequential" => (
            tr("Reduction 3: sequential addressing", "归约 3：顺序寻址"),
            tr(
                "Halving the stride from blockDim / 2: contiguous active lanes and no bank conflicts. Compare the shared wavefronts with reduction 2.",
                "步长从 blockDim / 2 开始减半：活跃 lane 连续，没有 bank 冲突。把 shared wavefront 与归约 2 对比。",
            ),
        ),
        "stencil-2d" => (
            tr("2-D stencil", "二维模板计算（stencil）"),
            tr(
                "Five reads per point: the rows above and below are whole sector sets away; the border threads idle. Look at the FLOPs and the ideal-cache DRAM bytes.",
                "每个点读 5 次：上下两行相隔整整一组 sector；边界上的线程空闲。看 FLOP 数和理想缓存下的 DRAM 字节数。",
            ),
        ),
        "gemv" => (
            tr("GEMV, one row per thread", "GEMV，每线程一行"),
            tr(
                "A[row * cols + k] reads a column of 32 rows: 32 sectors per request. x[k] is a broadcast: 1 sector. Look at line 7.",
                "A[row * cols + k] 读的是 32 行的一列：每请求 32 个 sector。x[k] 是广播：1 个 sector。看第 7 行。",
            ),
        ),
        "grid-stride-copy" => (
            tr("Grid-stride copy", "grid 跨步拷贝"),
            tr(
                "A fixed grid of 16,384 threads copies 2^20 floats, 64 per thread; every request stays at 4 sectors.",
                "固定 16,384 个线程的 grid 拷贝 2^20 个 float，每线程 64 个；每个请求都是 4 个 sector。",
            ),
        ),
        _ => (tr("Preset", "预设"), tr("", "")),
    }
}

// Errors.

/// Where a parse error is, and what.
pub fn parse_error(e: &ParseError, lang: Lang) -> String {
    let what = parse_kind(&e.kind, lang);
    trf!(
        lang,
        "Line {line}, column {column}: {what}",
        "第 {line} 行第 {column} 列：{what}",
        line = e.pos.line,
        column = e.pos.column,
        what = what,
    )
}

fn expected(e: &Expected, lang: Lang) -> String {
    match e {
        Expected::Token(t) => format!("`{t}`"),
        Expected::Expression => tr("an expression", "表达式").get(lang).into(),
        Expected::Identifier => tr("a name", "名字").get(lang).into(),
        Expected::Type => tr("a type", "类型").get(lang).into(),
        Expected::Statement => tr("a statement", "语句").get(lang).into(),
        Expected::Constant => tr("a constant integer expression", "整数常量表达式")
            .get(lang)
            .into(),
        Expected::Axis => tr("`.x`, `.y` or `.z`", "`.x`、`.y` 或 `.z`")
            .get(lang)
            .into(),
    }
}

/// What a parse error says.
pub fn parse_kind(k: &ParseErrorKind, lang: Lang) -> String {
    use ParseErrorKind as K;
    match k {
        K::UnexpectedCharacter { found } => trf!(
            lang,
            "unexpected character `{found}`",
            "意外的字符 `{found}`",
            found = found
        ),
        K::UnterminatedComment => tr("comment `/*` is never closed", "注释 `/*` 没有闭合")
            .get(lang)
            .into(),
        K::BadNumber { text } => trf!(
            lang,
            "malformed number `{text}`",
            "数字格式有误 `{text}`",
            text = text
        ),
        K::Expected { expected: e, found } if found == END_OF_INPUT => {
            let e = expected(e, lang);
            trf!(
                lang,
                "expected {e}, found the end of the kernel",
                "此处应为{e}，但 kernel 已经结束",
                e = e
            )
        }
        K::Expected { expected: e, found } => {
            let e = expected(e, lang);
            trf!(
                lang,
                "expected {e}, found `{found}`",
                "此处应为{e}，实际是 `{found}`",
                e = e,
                found = found
            )
        }
        K::Unsupported(u) => unsupported(u, lang),
        K::NoKernel => tr(
            "no `__global__ void` kernel found",
            "没有找到 `__global__ void` kernel",
        )
        .get(lang)
        .into(),
        K::KernelNotVoid => tr(
            "a `__global__` kernel must return `void`",
            "`__global__` kernel 必须返回 `void`",
        )
        .get(lang)
        .into(),
        K::MissingGlobal { name } => trf!(
            lang,
            "`{name}` is not a kernel: a kernel is declared `__global__ void {name}(…)`",
            "`{name}` 不是 kernel：kernel 要写成 `__global__ void {name}(…)`",
            name = name
        ),
        K::UnnamedParameter => tr("every parameter needs a name", "每个参数都需要名字")
            .get(lang)
            .into(),
        K::UnknownIdentifier { name } => trf!(
            lang,
            "`{name}` is not declared",
            "`{name}` 未声明",
            name = name
        ),
        K::Redeclared { name } => trf!(
            lang,
            "`{name}` is already declared in this scope",
            "`{name}` 在此作用域中已声明",
            name = name
        ),
        K::NotAssignable => tr("the left side cannot be assigned to", "左侧不能被赋值")
            .get(lang)
            .into(),
        K::AssignToConst { name } => trf!(
            lang,
            "`{name}` is const and cannot be assigned to",
            "`{name}` 是 const，不能赋值",
            name = name
        ),
        K::AssignToConstPointee { name } => trf!(
            lang,
            "`{name}` points to const data: its elements cannot be assigned to",
            "`{name}` 指向 const 数据：不能给它的元素赋值",
            name = name
        ),
        K::IndexNotArray { name } => trf!(
            lang,
            "`{name}` is not a pointer or an array and cannot be indexed",
            "`{name}` 不是指针或数组，不能下标访问",
            name = name
        ),
        K::IndexNotInteger { found } => trf!(
            lang,
            "an index must be an integer, not `{found}`",
            "下标必须是整数，不能是 `{found}`",
            found = found
        ),
        K::WrongIndexCount {
            name,
            expected,
            found,
        } => trf!(
            lang,
            "`{name}` takes {expected} index(es), found {found}",
            "`{name}` 需要 {expected} 个下标，实际有 {found} 个",
            name = name,
            expected = expected,
            found = found
        ),
        K::ArrayAsValue { name } => trf!(
            lang,
            "`{name}` is an array or pointer: index it to get an element",
            "`{name}` 是数组或指针：要用下标取出元素",
            name = name
        ),
        K::InvalidOperands { op, left, right } => trf!(
            lang,
            "operator `{op}` does not apply to `{left}` and `{right}`",
            "运算符 `{op}` 不能用于 `{left}` 和 `{right}`",
            op = op,
            left = left,
            right = right
        ),
        K::InvalidOperand { op, ty } => trf!(
            lang,
            "`{op}` does not apply to `{ty}`",
            "`{op}` 不能用于 `{ty}`",
            op = op,
            ty = ty
        ),
        K::InvalidConversion { from, to } => trf!(
            lang,
            "cannot convert `{from}` to `{to}`",
            "不能把 `{from}` 转换为 `{to}`",
            from = from,
            to = to
        ),
        K::NoSuchMember { ty, member } => trf!(
            lang,
            "`{ty}` has no member `{member}`",
            "`{ty}` 没有成员 `{member}`",
            ty = ty,
            member = member
        ),
        K::BuiltinWithoutAxis { name } => trf!(
            lang,
            "`{name}` needs a member: `{name}.x`, `.y` or `.z`",
            "`{name}` 需要成员：`{name}.x`、`.y` 或 `.z`",
            name = name
        ),
        K::WrongArgumentCount {
            function,
            expected,
            found,
        } => trf!(
            lang,
            "`{function}` takes {expected} argument(s), found {found}",
            "`{function}` 需要 {expected} 个参数，实际有 {found} 个",
            function = function,
            expected = expected,
            found = found
        ),
        K::BreakOutsideLoop => tr("`break` outside a loop", "`break` 不在循环中")
            .get(lang)
            .into(),
        K::ContinueOutsideLoop => tr("`continue` outside a loop", "`continue` 不在循环中")
            .get(lang)
            .into(),
        K::ReturnWithValue => tr(
            "a `void` kernel cannot return a value",
            "`void` kernel 不能返回值",
        )
        .get(lang)
        .into(),
        K::SyncthreadsInExpression => tr(
            "`__syncthreads()` must be a statement of its own",
            "`__syncthreads()` 必须单独成为一条语句",
        )
        .get(lang)
        .into(),
        K::ArraySizeNotConstant { name } => trf!(
            lang,
            "the size of `{name}` must be a constant integer expression",
            "`{name}` 的大小必须是整数常量表达式",
            name = name
        ),
        K::ArraySizeInvalid { name, size } => trf!(
            lang,
            "the size of `{name}` must be positive, found {size}",
            "`{name}` 的大小必须为正，实际是 {size}",
            name = name,
            size = size
        ),
        K::SharedMemoryTooLarge { bytes, limit_bytes } => {
            let (bytes, limit) = (grouped(*bytes), grouped(u64::from(*limit_bytes)));
            trf!(
                lang,
                "{bytes} bytes of static shared memory exceed the {limit}-byte limit per block",
                "{bytes} 字节静态 shared memory 超过了每个 block {limit} 字节的上限",
                bytes = bytes,
                limit = limit
            )
        }
        K::ConstantDivisionByZero => tr(
            "division by zero in a constant expression",
            "常量表达式中除以零",
        )
        .get(lang)
        .into(),
        K::MacroRecursion { name } => trf!(
            lang,
            "macro `{name}` expands into itself",
            "宏 `{name}` 展开后包含它自己",
            name = name
        ),
        K::TooComplex { what, limit } => {
            let limit = grouped(u64::from(*limit));
            let what = match what {
                LabLimit::Characters => tr("characters", "个字符"),
                LabLimit::Tokens => tr("tokens", "个词法单元"),
                LabLimit::Nesting => tr("levels of nesting", "层嵌套"),
                LabLimit::Registers => tr("registers", "个寄存器"),
                LabLimit::Operations => tr("operations", "个操作"),
                LabLimit::OperatorChain => tr(
                    "operators chained in one expression",
                    "个运算符连在一个表达式里",
                ),
            }
            .get(lang);
            trf!(
                lang,
                "the kernel is too large for the lab: more than {limit} {what}",
                "kernel 对实验室来说太大：超过 {limit} {what}",
                limit = limit,
                what = what
            )
        }
    }
}

/// What a refused construct's message says.
pub fn unsupported(u: &Unsupported, lang: Lang) -> String {
    use Unsupported as U;
    let fixed = |t: Tr| t.get(lang).to_string();
    match u {
        U::PointerArithmetic => fixed(tr("pointer arithmetic is not supported by the lab: index the pointer, `p[i]`", "实验室不支持指针运算：请用下标访问，`p[i]`")),
        U::AddressOf => fixed(tr("taking an address (`&`) is not supported by the lab", "实验室不支持取地址（`&`）")),
        U::Dereference => fixed(tr("dereferencing (`*p`) is not supported by the lab: write `p[0]`", "实验室不支持解引用（`*p`）：请写 `p[0]`")),
        U::PointerVariable => fixed(tr("local pointer variables are not supported by the lab: index the parameter", "实验室不支持局部指针变量：请直接对参数用下标")),
        U::LocalArray => fixed(tr("local arrays are not supported by the lab (use scalars or a `__shared__` array)", "实验室不支持局部数组（请用标量或 `__shared__` 数组）")),
        U::Reference => fixed(tr("references (`&`) are not supported by the lab", "实验室不支持引用（`&`）")),
        U::Atomic { name } => trf!(lang, "`{name}` is not supported by the lab (atomics are not modelled)", "实验室不支持 `{name}`（不建模原子操作）", name = name),
        U::WarpIntrinsic { name } => trf!(lang, "`{name}` is not supported by the lab (warp-level intrinsics are not modelled)", "实验室不支持 `{name}`（不建模 warp 级内置函数）", name = name),
        U::Printf => fixed(tr("`printf` is not supported by the lab", "实验室不支持 `printf`")),
        U::Template => fixed(tr("templates are not supported by the lab", "实验室不支持模板")),
        U::Goto => fixed(tr("`goto` and labels are not supported by the lab", "实验室不支持 `goto` 和标签")),
        U::Switch => fixed(tr("`switch` is not supported by the lab: use `if`/`else`", "实验室不支持 `switch`：请用 `if`/`else`")),
        U::UserType { keyword } => trf!(lang, "`{keyword}` is not supported by the lab", "实验室不支持 `{keyword}`", keyword = keyword),
        U::DeviceFunction => fixed(tr("functions other than the one `__global__` kernel are not supported by the lab", "实验室只支持一个 `__global__` kernel，不支持其他函数")),
        U::SecondKernel => fixed(tr("the lab runs one `__global__` kernel; this is a second one", "实验室只运行一个 `__global__` kernel；这是第二个")),
        U::DynamicSharedMemory => fixed(tr("dynamic `extern __shared__` arrays are not supported by the lab: give the array a constant size", "实验室不支持动态 `extern __shared__` 数组：请给数组一个常量大小")),
        U::SharedArrayRank { dims } => trf!(lang, "shared arrays of {dims} dimensions are not supported by the lab (one or two)", "实验室不支持 {dims} 维 shared 数组（只支持一维或二维）", dims = dims),
        U::SharedInitializer => fixed(tr("a `__shared__` variable cannot have an initialiser", "`__shared__` 变量不能带初始值")),
        U::Type { name } => trf!(lang, "type `{name}` is not supported by the lab (int, unsigned, float, double, bool, float2, float4)", "实验室不支持类型 `{name}`（支持 int、unsigned、float、double、bool、float2、float4）", name = name),
        U::Sizeof => fixed(tr("`sizeof` is not supported by the lab (its type is the 64-bit size_t)", "实验室不支持 `sizeof`（它的类型是 64 位的 size_t）")),
        U::StringLiteral => fixed(tr("string literals are not supported by the lab", "实验室不支持字符串字面量")),
        U::CharLiteral => fixed(tr("character literals are not supported by the lab", "实验室不支持字符字面量")),
        U::LongLiteral => fixed(tr("64-bit integer literals are not supported by the lab", "实验室不支持 64 位整数字面量")),
        U::HexFloat => fixed(tr("hexadecimal floating literals are not supported by the lab", "实验室不支持十六进制浮点字面量")),
        U::Volatile => fixed(tr("`volatile` is not supported by the lab", "实验室不支持 `volatile`")),
        U::Asm => fixed(tr("inline `asm` is not supported by the lab", "实验室不支持内联 `asm`")),
        U::Directive { name } => trf!(lang, "the preprocessor directive `#{name}` is not supported by the lab", "实验室不支持预处理指令 `#{name}`", name = name),
        U::FunctionLikeMacro { name } => trf!(lang, "function-like macro `{name}(…)` is not supported by the lab: use `#define NAME constant`", "实验室不支持带参数的宏 `{name}(…)`：请用 `#define NAME 常量`", name = name),
        U::CppFeature { name } => trf!(lang, "`{name}` is not supported by the lab", "实验室不支持 `{name}`", name = name),
        U::StorageClass { name } => trf!(lang, "`{name}` is not supported by the lab", "实验室不支持 `{name}`", name = name),
        U::VectorCast => fixed(tr("casts to or from vector or pointer types are not supported by the lab", "实验室不支持与向量或指针类型之间的强制转换")),
        U::Function { name } => trf!(lang, "function `{name}` is not supported by the lab", "实验室不支持函数 `{name}`", name = name),
    }
}

fn dim_name(grid: bool) -> &'static str {
    if grid {
        "gridDim"
    } else {
        "blockDim"
    }
}

/// Why a launch configuration cannot run.
pub fn launch_problem(p: &LaunchProblem, lang: Lang) -> String {
    match p {
        LaunchProblem::ZeroDimension { grid, axis } => {
            let d = dim_name(*grid);
            trf!(
                lang,
                "{d}.{axis} is 0",
                "{d}.{axis} 为 0",
                d = d,
                axis = axis
            )
        }
        LaunchProblem::DimensionTooLarge {
            grid,
            axis,
            value,
            limit,
        } => {
            let d = dim_name(*grid);
            let (value, limit) = (grouped(u64::from(*value)), grouped(u64::from(*limit)));
            trf!(
                lang,
                "{d}.{axis} = {value} exceeds CUDA's limit {limit}",
                "{d}.{axis} = {value} 超过 CUDA 的上限 {limit}",
                d = d,
                axis = axis,
                value = value,
                limit = limit
            )
        }
        LaunchProblem::BlockTooLarge { threads, limit } => {
            let (threads, limit) = (grouped(*threads), grouped(u64::from(*limit)));
            trf!(
                lang,
                "a block of {threads} threads exceeds CUDA's {limit}",
                "一个 block {threads} 个线程，超过 CUDA 的上限 {limit}",
                threads = threads,
                limit = limit
            )
        }
        LaunchProblem::GridTooLarge { threads, limit } => {
            // u64::MAX: the count saturated (a grid of more than 2^64 threads).
            let threads = match *threads {
                u64::MAX => format!("≥ {}", grouped(u64::MAX)),
                n => grouped(n),
            };
            let limit = grouped(*limit);
            trf!(
                lang,
                "{threads} threads: more than the {limit} the lab runs in a browser",
                "{threads} 个线程：超过了实验室在浏览器中能运行的 {limit} 个",
                threads = threads,
                limit = limit
            )
        }
    }
}

fn dim3(v: &[u32; 3]) -> String {
    format!("({}, {}, {})", v[0], v[1], v[2])
}

/// Why the run stopped.
pub fn run_error(e: &RunError, lang: Lang) -> String {
    use RunError as E;
    match e {
        E::InvalidLaunch(p) => {
            let p = launch_problem(p, lang);
            trf!(
                lang,
                "The launch cannot run: {p}.",
                "这次启动无法运行：{p}。",
                p = p
            )
        }
        E::MissingArgument { name } => trf!(
            lang,
            "No value for parameter `{name}`.",
            "参数 `{name}` 没有值。",
            name = name
        ),
        E::UnknownArgument { name } => trf!(
            lang,
            "The kernel has no scalar parameter `{name}`.",
            "kernel 没有名为 `{name}` 的标量参数。",
            name = name
        ),
        E::ArgumentOutOfRange { name, value, ty } => trf!(
            lang,
            "{value} does not fit parameter `{name}` of type {ty}.",
            "{value} 超出了 {ty} 类型参数 `{name}` 的范围。",
            value = value,
            name = name,
            ty = ty
        ),
        E::SharedIndexOutOfBounds {
            line,
            array,
            index,
            extent,
            block,
            thread,
        } => {
            let (b, t) = (dim3(block), dim3(thread));
            trf!(lang, "Line {line}: index {index} is outside `{array}` (size {extent}) in block {b}, thread {t}.", "第 {line} 行：下标 {index} 超出了 `{array}` 的范围（大小 {extent}），发生在 block {b} 的线程 {t}。", line = line, index = index, array = array, extent = extent, b = b, t = t)
        }
        E::NegativeGlobalIndex {
            line,
            buffer,
            index,
            block,
            thread,
        } => {
            let (b, t) = (dim3(block), dim3(thread));
            trf!(
                lang,
                "Line {line}: negative index {index} into `{buffer}` in block {b}, thread {t}.",
                "第 {line} 行：对 `{buffer}` 使用了负下标 {index}，发生在 block {b} 的线程 {t}。",
                line = line,
                index = index,
                buffer = buffer,
                b = b,
                t = t
            )
        }
        E::WrappedGlobalIndex {
            line,
            buffer,
            index,
            offset_bytes,
            block,
            thread,
        } => {
            let (b, t) = (dim3(block), dim3(thread));
            let (index, past) = (grouped(*index), bytes_binary(*offset_bytes as f64));
            trf!(
                lang,
                "Line {line}: index {index} into `{buffer}` in block {b}, thread {t}: an unsigned value that went below zero wraps around to 2³² minus what it lacked. A GPU would access {past} past the start of `{buffer}`, an illegal address that stops the kernel. Test before subtracting (`if (threadIdx.x > 0)`) or compute the index as an `int`.",
                "第 {line} 行：对 `{buffer}` 使用了下标 {index}，发生在 block {b} 的线程 {t}：无符号数减到零以下会回绕成 2³² 减去差值。GPU 会访问 `{buffer}` 起始位置之后 {past} 处，这是非法地址，kernel 会因此中止。请先判断再相减（`if (threadIdx.x > 0)`），或用 `int` 计算下标。",
                line = line,
                index = index,
                buffer = buffer,
                b = b,
                t = t,
                past = past
            )
        }
        E::DivisionByZero {
            line,
            block,
            thread,
        } => {
            let (b, t) = (dim3(block), dim3(thread));
            trf!(
                lang,
                "Line {line}: integer division by zero in block {b}, thread {t}.",
                "第 {line} 行：整数除以零，发生在 block {b} 的线程 {t}。",
                line = line,
                b = b,
                t = t
            )
        }
        E::UninitializedRead { line, name } => trf!(
            lang,
            "Line {line}: `{name}` is read before it is given a value.",
            "第 {line} 行：`{name}` 在赋值之前就被读取。",
            line = line,
            name = name
        ),
        E::StepLimit { line, limit } => {
            let limit = grouped(*limit);
            trf!(lang, "Line {line}: the launch ran more than {limit} warp-level steps, the lab's limit (an endless loop?).", "第 {line} 行：这次启动运行超过了实验室的上限 {limit} 个 warp 级步骤（是不是死循环？）。", line = line, limit = limit)
        }
        E::LoopLimit { line, limit } => {
            let limit = grouped(*limit);
            trf!(lang, "Line {line}: a loop ran more than {limit} iterations in one warp, the lab's limit (an endless loop?).", "第 {line} 行：某个 warp 中的一个循环超过了实验室的上限 {limit} 次迭代（是不是死循环？）。", line = line, limit = limit)
        }
        E::MemoryLimit { line, limit_bytes } => {
            let limit = grouped(*limit_bytes);
            trf!(lang, "Line {line}: the kernel writes more than {limit} bytes of global memory, the lab's limit.", "第 {line} 行：kernel 写入的全局内存超过了实验室的上限 {limit} 字节。", line = line, limit = limit)
        }
        E::FootprintLimit { line, limit_bytes } => {
            let limit = grouped(*limit_bytes);
            trf!(lang, "Line {line}: the kernel touches more than {limit} bytes of global memory, the lab's limit.", "第 {line} 行：kernel 访问的全局内存超过了实验室的上限 {limit} 字节。", line = line, limit = limit)
        }
        E::BarrierInDivergentCode {
            line,
            block,
            warp,
            active_mask,
            live_mask,
        } => {
            let b = dim3(block);
            let (a, l) = (format!("{active_mask:#010x}"), format!("{live_mask:#010x}"));
            trf!(lang, "Line {line}: `__syncthreads()` inside divergent code (block {b}, warp {warp}: active lanes {a} of live {l}); CUDA leaves this undefined and the lab refuses it.", "第 {line} 行：`__syncthreads()` 位于分歧代码中（block {b} 的 warp {warp}：存活 lane {l} 中只有 {a} 活跃）；CUDA 对此未定义，实验室拒绝运行。", line = line, b = b, warp = warp, a = a, l = l)
        }
        E::BarrierMismatch {
            line,
            other_line,
            block,
        } => {
            let b = dim3(block);
            if line == other_line {
                return trf!(lang, "Line {line}: the warps of block {b} wait at two different `__syncthreads()` of this line.", "第 {line} 行：block {b} 的各个 warp 停在这一行的两个不同的 `__syncthreads()` 上。", line = line, b = b);
            }
            trf!(lang, "Line {line}: the warps of block {b} wait at different `__syncthreads()` (lines {line} and {other_line}).", "第 {line} 行：block {b} 的各个 warp 停在不同的 `__syncthreads()` 上（第 {line} 行和第 {other_line} 行）。", line = line, b = b, other_line = other_line)
        }
        E::NoSuchWarp { block, warp } => {
            let b = dim3(block);
            trf!(
                lang,
                "The launch has no warp {warp} in block {b}.",
                "这次启动的 block {b} 中没有第 {warp} 个 warp。",
                warp = warp,
                b = b
            )
        }
    }
}

/// Why an argument has no usable value.
pub fn arg_problem(name: &str, p: &ArgProblem, lang: Lang) -> String {
    match p {
        ArgProblem::Missing => trf!(
            lang,
            "Type a value for `{name}`.",
            "请为 `{name}` 填一个值。",
            name = name
        ),
        ArgProblem::NotANumber { text } => trf!(
            lang,
            "“{text}” is not a number `{name}` can take.",
            "“{text}”不是 `{name}` 能接受的数字。",
            text = text,
            name = name
        ),
    }
}

/// The error banner's heading.
pub const PARSE_FAILED: Tr = tr("The kernel does not parse", "kernel 无法解析");
pub const RUN_FAILED: Tr = tr("The launch stopped", "启动中止");
/// The heading of a launch refused before its first thread ran (its size, its arguments).
pub const RUN_REFUSED: Tr = tr("The launch cannot start", "无法启动");

/// The error banner's text for `e` under [`run_failed_title`] (a refused launch's reason alone:
/// the heading already says it cannot start).
pub fn run_error_body(e: &RunError, lang: Lang) -> String {
    match e {
        RunError::InvalidLaunch(p) => {
            let p = launch_problem(p, lang);
            trf!(lang, "{p}.", "{p}。", p = p)
        }
        _ => run_error(e, lang),
    }
}

/// The error banner's heading for `e`: refused before it ran, or stopped while running.
pub fn run_failed_title(e: &RunError) -> Tr {
    match e {
        RunError::InvalidLaunch(_)
        | RunError::MissingArgument { .. }
        | RunError::UnknownArgument { .. }
        | RunError::ArgumentOutOfRange { .. } => RUN_REFUSED,
        _ => RUN_FAILED,
    }
}

pub const SUBSET_SUMMARY: Tr = tr("What the lab runs", "实验室能运行什么");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_in_the_singular_for_one() {
        assert_eq!(
            analysed(32, 1, 1, 4, Lang::En),
            "Ran 32 threads: 1 warp in 1 block, 4 warp-level steps."
        );
        assert_eq!(
            analysed(10_240, 320, 40, 1, Lang::En),
            "Ran 10,240 threads: 320 warps in 40 blocks, 1 warp-level step."
        );
    }

    #[test]
    fn a_full_wave_is_not_called_partly_filled() {
        assert!(waves_line(40, 40, 1, 40, "100 %", Lang::En).contains("one full wave"));
        assert!(waves_line(30, 40, 1, 30, "75 %", Lang::En).contains("one wave, partly filled"));
        assert!(waves_line(80, 40, 2, 40, "100 %", Lang::En).contains("2 full waves"));
        assert!(waves_line(90, 40, 3, 10, "75 %", Lang::En).contains("the last with 10 blocks"));
        assert!(waves_line(40, 40, 1, 40, "100 %", Lang::Zh).contains("正好一整波"));
    }

    #[test]
    fn the_end_of_the_source_and_the_lab_limits_read_in_chinese() {
        let k = ParseErrorKind::Expected {
            expected: Expected::Token("}"),
            found: END_OF_INPUT.into(),
        };
        assert_eq!(parse_kind(&k, Lang::Zh), "此处应为`}`，但 kernel 已经结束");
        let k = ParseErrorKind::TooComplex {
            what: LabLimit::Nesting,
            limit: 64,
        };
        assert_eq!(
            parse_kind(&k, Lang::Zh),
            "kernel 对实验室来说太大：超过 64 层嵌套"
        );
    }
}
