//! The SIMT divergence chapter's words, in both languages (course `gpu-kernel-engineering-01`
//! §3–§4 and `a100-from-chip-to-simt` §4.3–4.4).

// `trf!` binds each `name = value` argument with a `let`; `lane = lane` is its intended form.
#![allow(clippy::redundant_locals)]

use crate::ui::i18n::{tr, Tr};

use super::state::{Kernel, LaneState, Order};
use crate::model::simt::StepKind;
use crate::trf;
use crate::ui::i18n::Lang;

pub const TITLE: Tr = tr("SIMT divergence", "SIMT 分歧");
pub const INTRO: [Tr; 2] = [
    tr(
        "To the programmer every [[thread]] is a scalar program with its own if and its own loop count. To the hardware a [[warp]] is one 32-wide instruction ([[SIMT|simt]]), each thread one [[lane]] of it: the [[warp scheduler|warp-scheduler]] issues the warp's next instruction together with an [[active mask|active-mask]], and lanes whose bit is 0 sit it out. When the 32 threads of a warp [[take different sides of an if|divergence]], the warp runs one side under one mask, then the other side under the complementary mask, and [[reconverges|reconvergence]] after the if/else. The result is correct; the time is the sum of both paths.",
        "从程序员的角度，每个[[线程|thread]]都是一个独立的标量程序：有自己的 if、自己的循环次数。从硬件的角度，一个 [[warp]] 就是一条 32 路宽的指令（[[SIMT|simt]]），每个线程占其中一个 [[lane]]：[[warp 调度器|warp-scheduler]]发射的是 warp 的下一条指令加上一个[[活跃掩码|active-mask]]（active mask），对应位为 0 的 lane 只“旁观”。如果同一个 warp 的 32 个线程在一个 if 上[[走了不同的路|divergence]]，warp 先在一个掩码下执行一条路径，再在互补的掩码下执行另一条，然后在 if/else 之后[[重汇合|reconvergence]]。结果正确，但时间是两条路径之和。",
    ),
    tr(
        "Pick a [[kernel]], then step through it: the listing highlights the instruction the warp issues, the 32 lane cells show the active mask, and the timeline below has one row per issued instruction. Lane efficiency = Σ active lanes / (32 × [[issue slots|issue-slot]]).",
        "选一个 [[kernel]]，然后逐步执行：代码清单高亮 warp 正在发射的指令，32 个 lane 格子显示活跃掩码，下方时间线每行是一条发射的指令。lane 利用率 = Σ 活跃 lane 数 / (32 × [[发射槽|issue-slot]]数)。",
    ),
];

pub const PRESET: Tr = tr("Kernel", "kernel 示例");
pub const BLOCK: Tr = tr(
    "blockDim.x (threads per block)",
    "blockDim.x（每个 block 的线程数）",
);
pub const WARP: Tr = tr(
    "Warp of the block (threadIdx.x / 32)",
    "block 中的第几个 warp（threadIdx.x / 32）",
);
pub const BIDX: Tr = tr("blockIdx.x", "blockIdx.x");
pub const N: Tr = tr("n (array length)", "n（数组长度）");
pub const SEED: Tr = tr("Seed of data[]", "data[] 的随机种子");
pub const ORDER: Tr = tr("Which side runs first", "先执行哪一侧");
pub const LISTING: Tr = tr("Kernel listing", "kernel 代码");
pub const LANES: Tr = tr("The warp's 32 lanes", "warp 的 32 个 lane");
pub const TIMELINE: Tr = tr(
    "Serialised paths: one row per issued instruction",
    "路径串行：每行一条发射的指令",
);
pub const NUMBERS: Tr = tr("The numbers", "数字与算式");
pub const WARPS: Tr = tr("Every warp of the block", "block 中的每个 warp");
pub const COMPARE: Tr = tr("Side by side", "并排对比");
pub const DATA_TABLE: Tr = tr(
    "Data table of the figure (for screen readers)",
    "图中数据表（供读屏软件使用）",
);
pub const ITS_NOTE: Tr = tr(
    "Volta and later: independent thread scheduling",
    "Volta 及以后：独立线程调度",
);
pub const ITS: Tr = tr(
    "What you see is the pre-Volta picture: a per-warp SIMT stack runs one path of a divergent branch to its end, then the other, and reconverges at the immediate post-dominator (the end of the if/else). Since Volta (compute capability 7.0) every thread has its own program counter (independent thread scheduling): the scheduler may interleave the diverged paths, and lanes are not guaranteed to reconverge until __syncwarp() or a *_sync intrinsic with an explicit mask, so warp-synchronous code must say which lanes it expects. The cost model still holds (the issue slots of both paths add up), and __activemask() measured on an H200 still showed each path serialised under its own mask, with the full mask back right after the if/else.",
    "上面的画面是 Volta 之前的模型：每个 warp 一个 SIMT 栈，分歧分支的一条路径执行到底，再执行另一条，在直接后必经点（if/else 的结尾）重汇合。Volta（计算能力 7.0）起，warp 内每个线程有自己的程序计数器（独立线程调度）：调度器可以交错执行分歧的路径，而且在 __syncwarp() 或带显式 mask 的 *_sync 原语之前不保证重汇合，所以 warp 同步的代码必须写明它期待哪些 lane。代价模型仍然成立（两条路径的发射槽相加），在 H200 上用 __activemask() 实测也仍然看到：每条路径在各自的掩码下串行执行，if/else 一结束掩码立即恢复为满。",
);

pub fn order(o: Order) -> Tr {
    match o {
        Order::Measured => tr("As the H200 build ran it", "按 H200 实测的顺序"),
        Order::Then => tr("then side first (as written)", "先 then 侧（按书写顺序）"),
        Order::Else => tr("else side first", "先 else 侧"),
    }
}

pub fn lane_state(s: LaneState) -> Tr {
    match s {
        LaneState::Active => tr("active", "活跃"),
        LaneState::Masked => tr(
            "masked off, waits for the other path",
            "被屏蔽，等待另一条路径",
        ),
        LaneState::Exited => tr("returned (left the kernel)", "已 return（退出 kernel）"),
        LaneState::NotLaunched => tr(
            "not launched (past the end of the block)",
            "未启动（超出 block 末尾）",
        ),
    }
}

/// Title of a kernel.
pub fn preset_title(k: Kernel) -> Tr {
    match k {
        Kernel::OddEven => tr(
            "threadIdx.x % 2 == 0 (odd/even)",
            "threadIdx.x % 2 == 0（奇偶 lane）",
        ),
        Kernel::WarpAligned => tr(
            "(threadIdx.x / 32) % 2 == 0 (per warp)",
            "(threadIdx.x / 32) % 2 == 0（按 warp）",
        ),
        Kernel::LaneLt16 => tr("lane < 16 (half warps)", "lane < 16（半个 warp）"),
        Kernel::BoundsCheck => tr("Boundary check i < n", "边界检查 i < n"),
        Kernel::PartialWarp => tr(
            "Partial last warp (blockDim 48)",
            "不满的最后一个 warp（blockDim 48）",
        ),
        Kernel::NestedIf => tr("Nested if", "嵌套 if"),
        Kernel::LoopPerLane => tr(
            "Loop of lane % 5 + 1 trips, unroll 1",
            "循环 lane % 5 + 1 次，unroll 1",
        ),
        Kernel::LoopPerLaneO3 => tr(
            "The same loop as nvcc -O3 compiled it",
            "同一个循环，nvcc -O3 编译的样子",
        ),
        Kernel::LoopTripsLane => tr("Loop, trip count = lane", "循环，次数 = lane"),
        Kernel::DataDependent => tr(
            "Data-dependent branch data[i] != 0",
            "按数据分歧 data[i] != 0",
        ),
        Kernel::EarlyReturn => tr(
            "Early return: if (lane >= 20) return;",
            "提前返回：if (lane >= 20) return;",
        ),
    }
}

/// What a kernel shows, including what the H200 did.
pub fn preset_note(k: Kernel) -> Tr {
    match k {
        Kernel::OddEven => tr(
            "The course's odd/even branch: every warp splits 16 / 16, so every warp runs both paths one after the other. On the H200 the compiler put the else side first: mask 0xaaaaaaaa (odd lanes) ran before 0x55555555 (even lanes), then the full mask 0xffffffff was back. Compare the warp-aligned twin: the same work, no divergence.",
            "课程中的奇偶分支：每个 warp 都 16 / 16 分开，所以每个 warp 都要先后执行两条路径。在 H200 上编译器把 else 侧放在前面：先是掩码 0xaaaaaaaa（奇数 lane），再是 0x55555555（偶数 lane），之后掩码恢复为 0xffffffff。对比按 warp 对齐的写法：同样的工作量，没有分歧。",
        ),
        Kernel::WarpAligned => tr(
            "The same work split by (threadIdx.x / 32) % 2: all 32 threads of a warp agree, so each warp takes one side under its full mask and nothing is serialised: even-numbered warps take the then side, odd-numbered warps the else side. Try the warp control.",
            "同样的工作量按 (threadIdx.x / 32) % 2 划分：一个 warp 的 32 个线程条件一致，每个 warp 在自己的满掩码下只走一侧，没有串行：偶数号 warp 走 then 侧，奇数号 warp 走 else 侧。可以用 warp 控件切换。",
        ),
        Kernel::LaneLt16 => tr(
            "The lower and upper half-warps take different sides. On the H200 the else side (lanes 16–31, 0xffff0000) ran first, then lanes 0–15 (0x0000ffff).",
            "上下两个半 warp 走不同的分支。在 H200 上 else 侧（lane 16–31，0xffff0000）先执行，然后是 lane 0–15（0x0000ffff）。",
        ),
        Kernel::BoundsCheck => tr(
            "The most common divergence is not an artificial odd/even branch but a boundary check: when n is not a multiple of 32 only the one warp that straddles n has lanes on both sides, and its cost is negligible. Change n and the block size and watch which warp diverges in the table below.",
            "最常见的分歧其实不是人为的奇偶分支，而是边界检查：数组长度 n 不是 32 的倍数时，只有跨过 n 的那一个 warp 两侧都有 lane，代价可以忽略。改变 n 和 block 大小，在下面的表里看是哪个 warp 分歧。",
        ),
        Kernel::PartialWarp => tr(
            "A block of 48 threads occupies two warps; the second has only 16 live lanes and launches with the mask 0x0000ffff, exactly what __activemask() returned on the H200. Its lanes 16–31 idle for the whole kernel: lane efficiency 50 % without any branch. Change blockDim.x to see the last warp's launch mask.",
            "48 个线程的 block 占两个 warp；第二个只有 16 个有效 lane，启动时掩码就是 0x0000ffff，与 H200 上 __activemask() 的返回值完全一致。它的 lane 16–31 整个 kernel 都空闲：没有任何分支，lane 利用率也只有 50 %。改变 blockDim.x 看最后一个 warp 的启动掩码。",
        ),
        Kernel::NestedIf => tr(
            "Nested divergence ANDs the masks: lane < 16 && lane % 4 == 0 is 0x00001111, lane >= 16 && lane % 3 == 0 is 0x49240000. On the H200 the outer else (lanes 16–31) ran first, and each inner branch ran its then side first.",
            "嵌套分歧时掩码按位与：lane < 16 且 lane % 4 == 0 是 0x00001111，lane >= 16 且 lane % 3 == 0 是 0x49240000。在 H200 上外层 else（lane 16–31）先执行，内层分支各自先执行 then 侧。",
        ),
        Kernel::LoopPerLane => tr(
            "Each lane loops lane % 5 + 1 times. The warp keeps looping while any lane has trips left: 5 passes, and lanes drop out of the mask as they finish. With #pragma unroll 1 the H200 showed exactly this.",
            "每个 lane 循环 lane % 5 + 1 次。只要还有 lane 没跑完，warp 就继续循环：共 5 轮，跑完的 lane 逐轮退出掩码。加上 #pragma unroll 1 后，H200 上看到的正是这样。",
        ),
        Kernel::LoopPerLaneO3 => tr(
            "Measured on the H200: compiled with nvcc -O3, the same loop ran its body 7 times at warp level, not 5. The compiler unrolled it 4×: one block of 4 copies under the lanes with at least 4 trips (0x318c6318), then a remainder loop of 3 passes. More issue slots than the naive picture, for the same work.",
            "H200 实测：用 nvcc -O3 编译，同一个循环在 warp 层面执行了 7 次循环体，而不是 5 次。编译器把它展开了 4 倍：先在至少有 4 次迭代的 lane（0x318c6318）下执行一组 4 份拷贝，再跑最多 3 轮的余数循环。同样的工作，发射槽比朴素模型更多。",
        ),
        Kernel::LoopTripsLane => tr(
            "Lane 0 skips the loop, lane 31 runs it 31 times: 31 warp-level passes, and pass t runs lanes t+1..31, so lane efficiency inside the loop is about 1/2.",
            "lane 0 不进循环，lane 31 循环 31 次：warp 层面共 31 轮，第 t 轮只有 lane t+1..31 活跃，循环内的 lane 利用率约 1/2。",
        ),
        Kernel::DataDependent => tr(
            "A branch on the data: every warp diverges in its own way (here a seeded random 0/1 array). This is the kind of divergence worth avoiding, because it hits every warp. On the H200 the compiler ran this branch's then side first.",
            "按数据内容分歧：每个 warp 各自以不同方式分歧（这里是固定种子的随机 0/1 数组）。这才是真正要避免的分歧，因为每个 warp 都会碰到。在 H200 上编译器对这个分支先执行 then 侧。",
        ),
        Kernel::EarlyReturn => tr(
            "Lanes 20–31 return; the other 20 lanes finish the kernel under 0x000fffff. Returned lanes never come back: the rest of the warp runs at 20 / 32 lane efficiency.",
            "lane 20–31 return；其余 20 个 lane 在 0x000fffff 下跑完 kernel。return 的 lane 不会回来：warp 剩下的部分 lane 利用率是 20 / 32。",
        ),
    }
}

pub const CONTROLS: Tr = tr("Controls", "控制");
pub const TIMELINE_NOTE: Tr = tr(
    "Each row is one issue slot; filled cells are the lanes of its active mask (lane 0 on the left). Click a row to jump to it. A line marks where the diverged lanes reconverge.",
    "每行是一个发射槽；填充的格子是这条指令活跃掩码中的 lane（lane 0 在左）。点击某行可跳到该步。横线标出分歧的 lane 重汇合的位置。",
);

/// The note over the side-by-side comparison of a kernel and its twin.
pub fn compare_note(k: Kernel) -> Tr {
    match k {
        Kernel::LoopPerLane | Kernel::LoopPerLaneO3 => tr(
            "The same loop, as written with #pragma unroll 1 and as nvcc -O3 compiled it on the H200: the unrolled version spends 7 body passes instead of 5 for the same work.",
            "同一个循环：加 #pragma unroll 1 的写法，与 H200 上 nvcc -O3 编译的样子：展开后的版本为同样的工作执行了 7 轮循环体，而不是 5 轮。",
        ),
        Kernel::OddEven
        | Kernel::WarpAligned
        | Kernel::LaneLt16
        | Kernel::BoundsCheck
        | Kernel::PartialWarp
        | Kernel::NestedIf
        | Kernel::LoopTripsLane
        | Kernel::DataDependent
        | Kernel::EarlyReturn => tr(
            "The course's pair: the same work split by threadIdx.x % 2 (every warp diverges) and by (threadIdx.x / 32) % 2 (no warp diverges). Divergence costs one extra issue slot per if here, and both paths' full length in general.",
            "课程中的一对写法：同样的工作，按 threadIdx.x % 2 划分（每个 warp 都发生分歧）与按 (threadIdx.x / 32) % 2 划分（没有 warp 分歧）。这里分歧让每个 if 多花一个发射槽，一般情况下是两条路径长度之和。",
        ),
    }
}

/// Lane efficiency's formula over `lanes` lanes a slot, with its numbers.
pub fn efficiency_formula(lanes: u32, active: u64, slots: u32, lang: Lang) -> String {
    trf!(
        lang,
        "Σ active / ({lanes} × slots) = {active} / ({lanes} × {slots})",
        "Σ 活跃 lane 数 / ({lanes} × 发射槽数) = {active} / ({lanes} × {slots})"
    )
}

/// One card of the comparison: its issue slots, divergent branches and lane efficiency.
pub fn compare_summary(slots: u32, branches: u32, efficiency: &str, lang: Lang) -> String {
    trf!(
        lang,
        "{slots} issue {slot_word} · {branches} divergent {branch_word} · lane efficiency {efficiency}",
        "{slots} 个发射槽 · {branches} 次分歧 · lane 利用率 {efficiency}",
        slots = slots,
        slot_word = if slots == 1 { "slot" } else { "slots" },
        branches = branches,
        branch_word = if branches == 1 { "branch" } else { "branches" },
        efficiency = efficiency,
    )
}

// The numbers panel.
pub const COL_QUANTITY: Tr = tr("Quantity", "量");
pub const COL_FORMULA: Tr = tr("Formula", "算式");
pub const COL_VALUE: Tr = tr("Value", "数值");
pub const ISSUE_SLOTS: Tr = tr("Issue slots", "发射槽数");
pub const ISSUE_SLOTS_FORMULA: Tr = tr(
    "one per issued warp instruction",
    "每发射一条 warp 指令占一个",
);
pub const ACTIVE_LANE_SLOTS: Tr = tr("Active lane-slots", "活跃 lane·槽");
pub const EFFICIENCY: Tr = tr("Lane efficiency", "lane 利用率");
pub const EFFICIENCY_LAUNCHED: Tr =
    tr("Efficiency vs the launched lanes", "相对启动 lane 的利用率");
pub const DIVERGENT_BRANCHES: Tr = tr("Divergent branches", "分歧的分支");
pub const DIVERGENT_BRANCHES_FORMULA: Tr = tr(
    "if executions whose mask split into two non-empty sides",
    "掩码分成两侧都非空的 if 执行次数",
);
pub const SERIALISED_PATHS: Tr = tr("Serialised paths", "串行执行的路径");
pub const SERIALISED_PATHS_FORMULA: Tr = tr(
    "branch sides run under a partial mask",
    "在部分掩码下执行的分支侧",
);
pub const LOOP_PASSES: Tr = tr(
    "Loop passes with lanes dropped out",
    "有 lane 退出的循环轮次",
);
pub const LOOP_PASSES_FORMULA: Tr = tr(
    "warp-level passes with fewer lanes than entered",
    "活跃 lane 少于进入循环时的轮次",
);
pub const RECONVERGENCES: Tr = tr("Reconvergences", "重汇合次数");
pub const RECONVERGENCES_FORMULA: Tr = tr(
    "the mask from before the branch or loop comes back after it (lanes that returned stay off)",
    "分支或循环结束后，进入前的掩码恢复（已 return 的 lane 不再回来）",
);
pub const TRUNCATED: Tr = tr(
    "The run stopped after 4096 issued instructions.",
    "执行在发射 4096 条指令后停止。",
);

/// The line over the numbers: which warp of which block, and its launch mask.
pub fn warp_line(
    warp: u32,
    warps: u32,
    (block_dim, block_index): (u32, u32),
    launch_mask: &str,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "warp {warp} of {warps} (blockDim.x = {block_dim}, blockIdx.x = {block_index}) · launch mask {launch_mask}",
        "第 {warp} 个 warp，共 {warps} 个（blockDim.x = {block_dim}，blockIdx.x = {block_index}）· 启动掩码 {launch_mask}",
        warp = warp,
        warps = warps,
        block_dim = block_dim,
        block_index = block_index,
        launch_mask = launch_mask,
    )
}

// The table of warps.
pub const WARPS_NOTE: Tr = tr(
    "Warp w holds threadIdx.x = 32w … 32w + 31. Only a warp whose lanes disagree pays for divergence; a partial last warp idles its missing lanes in every instruction.",
    "第 w 个 warp 包含 threadIdx.x = 32w … 32w + 31。只有 lane 之间条件不一致的 warp 才为分歧付出代价；不满的最后一个 warp 在每条指令里都空着缺少的 lane。",
);
pub const COL_LAUNCH_MASK: Tr = tr("launch mask", "启动掩码");
pub const COL_ISSUE_SLOTS: Tr = tr("issue slots", "发射槽");
pub const COL_DIVERGENCE: Tr = tr(
    "divergent branches + loop passes with lanes dropped",
    "分歧分支 + 有 lane 退出的循环轮次",
);
pub const COL_EFFICIENCY: Tr = tr("lane efficiency", "lane 利用率");
pub const SHOW_WARP: Tr = tr("show", "查看");
/// Header of the warp table's button column (read by screen readers only).
pub const COL_SHOW: Tr = tr("show in the figure", "在图中查看");

// The data table.
pub const COL_LINE: Tr = tr("line", "行");
pub const COL_PATH: Tr = tr("path", "路径");
pub const COL_MASK: Tr = tr("active mask", "活跃掩码");
pub const COL_ACTIVE: Tr = tr("active lanes", "活跃 lane");

// The figure.
pub const NO_STEPS: Tr = tr(
    "This warp issues nothing: it lies past the end of the block (launch mask 0). Pick a smaller warp index or a larger block.",
    "这个 warp 不发射任何指令：它在 block 末尾之外（启动掩码为 0）。请选更小的 warp 编号或更大的 block。",
);
pub const MASK_LABEL: Tr = tr("active mask", "活跃掩码 active mask");
pub const MASK_BITS: Tr = tr("binary, lane 31 first", "二进制，lane 31 在左");
pub const PLAYER: Tr = tr("Step through the instructions", "逐条执行指令");
pub const LEGEND_ACTIVE: Tr = tr("active (bit 1)", "活跃（位为 1）");
pub const LEGEND_MASKED: Tr = tr("masked off (waits)", "被屏蔽（等待）");
pub const LEGEND_RETURNED: Tr = tr("returned", "已 return");
pub const LEGEND_OFF: Tr = tr("not launched", "未启动");

/// What kind of instruction a step issues.
pub fn step_kind(k: StepKind) -> Tr {
    match k {
        StepKind::Instruction => tr("instruction", "指令"),
        StepKind::Branch => tr("compare and branch", "比较并分支"),
        StepKind::LoopHeader => tr("loop test", "循环判断"),
        StepKind::Return => tr("return", "return"),
    }
}

/// The path label of a step in the reader's language ("main", "else", "then/pass 2" …): the
/// model's English label, with its words translated for Chinese.
pub fn path_label(path: &str, lang: Lang) -> String {
    match lang {
        Lang::En => path.to_string(),
        Lang::Zh => path
            .replace("main", "主路径")
            .replace("pass ", "第 ")
            .replace("then", "then 侧")
            .replace("else", "else 侧"),
    }
}

/// What the clicked lane does: its bit in the current mask, and the instructions it is active
/// in (out of all the warp issues), as `L2 main → L3 then → …`.
pub fn lane_path(
    lane: usize,
    active_now: bool,
    active_steps: usize,
    total_steps: usize,
    path: &str,
    lang: Lang,
) -> String {
    let bit = u32::from(active_now);
    trf!(
        lang,
        "Lane {lane}: bit {lane} of this step's mask is {bit}. It is active in {active_steps} of the warp's {total_steps} issued instructions: {path}.",
        "lane {lane}：本步 active mask 的第 {lane} 位是 {bit}。warp 发出的 {total_steps} 条指令中，它在 {active_steps} 条里活跃：{path}。",
        lane = lane,
        bit = bit,
        active_steps = active_steps,
        total_steps = total_steps,
        path = if path.is_empty() { "—" } else { path },
    )
}

/// A lane cell's label.
pub fn lane_label(lane: usize, tid: u64, state: LaneState, lang: Lang) -> String {
    trf!(
        lang,
        "lane {lane} (threadIdx.x = {tid}): {what}",
        "lane {lane}（threadIdx.x = {tid}）：{what}",
        lane = lane,
        tid = tid,
        what = lane_state(state).get(lang),
    )
}

/// How many lanes the mask holds.
pub fn active_count(n: u32, lang: Lang) -> String {
    trf!(
        lang,
        "{n} of 32 lanes active",
        "32 个 lane 中 {n} 个活跃",
        n = n
    )
}

/// Where the reader is: step, line, kind, path and SIMT stack depth.
pub fn step_info(
    (step, total): (usize, usize),
    line: u32,
    kind: StepKind,
    path: &str,
    depth: u32,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "Step {step} of {total} · line {line} · {kind} · path {path} · SIMT stack depth {depth}",
        "第 {step} / {total} 步 · 第 {line} 行 · {kind} · 路径 {path} · SIMT 栈深度 {depth}",
        step = step,
        total = total,
        line = line,
        kind = step_kind(kind).get(lang),
        path = path_label(path, lang),
        depth = depth,
    )
}

/// The reconvergence right before a step, appended to the step line.
pub fn reconverged(line: u32, mask: &str, lang: Lang) -> String {
    trf!(
        lang,
        " · reconverged at line {line} under {mask}",
        " · 在第 {line} 行重汇合，掩码 {mask}",
        line = line,
        mask = mask,
    )
}

/// A reconvergence mark in the timeline.
pub fn reconverge_mark(line: u32, lang: Lang) -> String {
    trf!(
        lang,
        "↩ reconverge L{line}",
        "↩ 重汇合 L{line}",
        line = line
    )
}

/// The timeline's label for screen readers.
pub fn timeline_summary(
    issued: usize,
    reconvergences: usize,
    efficiency: f64,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "{issued} issued {instructions}; {reconvergences} {reconv_word}; lane efficiency {pct}",
        "共发射 {issued} 条指令；重汇合 {reconvergences} 次；lane 利用率 {pct}",
        issued = issued,
        instructions = if issued == 1 {
            "instruction"
        } else {
            "instructions"
        },
        reconvergences = reconvergences,
        reconv_word = if reconvergences == 1 {
            "reconvergence"
        } else {
            "reconvergences"
        },
        pct = crate::ui::format::percent(efficiency),
    )
}
