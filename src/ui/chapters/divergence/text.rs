//! The SIMT divergence chapter's words, in both languages (course `gpu-kernel-engineering-01`
//! §3–§4 and `a100-from-chip-to-simt` §4.3–4.4).

use crate::ui::i18n::{tr, Tr};

use super::state::{LaneState, Order};

pub const TITLE: Tr = tr("SIMT divergence", "SIMT 分歧");
pub const INTRO: [Tr; 2] = [
    tr(
        "To the programmer every thread is a scalar program with its own if and its own loop count. To the hardware a warp is one 32-wide instruction, each thread one lane of it: the warp scheduler issues the warp's next instruction together with an active mask, and lanes whose bit is 0 sit it out. When the 32 threads of a warp take different sides of an if, the warp runs one side under one mask, then the other side under the complementary mask, and reconverges after the if/else. The result is correct; the time is the sum of both paths.",
        "从程序员的角度，每个线程都是一个独立的标量程序：有自己的 if、自己的循环次数。从硬件的角度，一个 warp 就是一条 32 路宽的指令，每个线程占其中一个 lane：warp 调度器发射的是 warp 的下一条指令加上一个活跃掩码（active mask），对应位为 0 的 lane 只“旁观”。如果同一个 warp 的 32 个线程在一个 if 上走了不同的路，warp 先在一个掩码下执行一条路径，再在互补的掩码下执行另一条，然后在 if/else 之后重汇合。结果正确，但时间是两条路径之和。",
    ),
    tr(
        "Pick a kernel, then step through it: the listing highlights the instruction the warp issues, the 32 lane cells show the active mask, and the timeline below has one row per issued instruction. Lane efficiency = Σ active lanes / (32 × issue slots).",
        "选一个 kernel，然后逐步执行：代码清单高亮 warp 正在发射的指令，32 个 lane 格子显示活跃掩码，下方时间线每行是一条发射的指令。lane 利用率 = Σ 活跃 lane 数 / (32 × 发射槽数)。",
    ),
];

pub const PRESET: Tr = tr("Kernel", "Kernel 示例");
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
pub const LISTING: Tr = tr("Kernel listing", "Kernel 代码");
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

/// Title of a preset.
pub fn preset_title(id: &str) -> Tr {
    match id {
        "odd-even" => tr(
            "threadIdx.x % 2 == 0 (odd and even lanes)",
            "threadIdx.x % 2 == 0（奇偶 lane）",
        ),
        "warp-aligned" => tr(
            "(threadIdx.x / 32) % 2 == 0 (warp-aligned)",
            "(threadIdx.x / 32) % 2 == 0（按 warp 对齐）",
        ),
        "lane-lt-16" => tr("lane < 16 (half warps)", "lane < 16（半个 warp）"),
        "bounds-check" => tr("Boundary check i < n", "边界检查 i < n"),
        "partial-warp" => tr(
            "Partial last warp (blockDim 48)",
            "不满的最后一个 warp（blockDim 48）",
        ),
        "nested-if" => tr("Nested if", "嵌套 if"),
        "loop-per-lane" => tr(
            "Loop, lane % 5 + 1 trips (#pragma unroll 1)",
            "循环，每 lane lane % 5 + 1 次（#pragma unroll 1）",
        ),
        "loop-per-lane-o3" => tr(
            "The same loop as nvcc -O3 compiled it",
            "同一个循环，nvcc -O3 编译的样子",
        ),
        "loop-trips-lane" => tr("Loop, trip count = lane", "循环，次数 = lane"),
        "data-dependent" => tr(
            "Data-dependent branch data[i] != 0",
            "按数据分歧 data[i] != 0",
        ),
        "early-return" => tr(
            "Early return: if (lane >= 20) return;",
            "提前返回：if (lane >= 20) return;",
        ),
        _ => tr("Unknown kernel", "未知 kernel"),
    }
}

/// What a preset shows, including what the H200 did.
pub fn preset_note(id: &str) -> Tr {
    match id {
        "odd-even" => tr(
            "The course's odd/even branch: every warp splits 16 / 16, so every warp runs both paths one after the other. On the H200 the compiler put the else side first: mask 0xaaaaaaaa (odd lanes) ran before 0x55555555 (even lanes), then the full mask 0xffffffff was back. Compare the warp-aligned twin: the same work, no divergence.",
            "课程中的奇偶分支：每个 warp 都 16 / 16 分开，所以每个 warp 都要先后执行两条路径。在 H200 上编译器把 else 侧放在前面：先是掩码 0xaaaaaaaa（奇数 lane），再是 0x55555555（偶数 lane），之后掩码恢复为 0xffffffff。对比按 warp 对齐的写法：同样的工作量，没有分歧。",
        ),
        "warp-aligned" => tr(
            "The same work split by (threadIdx.x / 32) % 2: all 32 threads of a warp agree, so each warp takes one side under the full mask and nothing is serialised. Warp 1 of a 64-thread block is shown; warp 0 takes the other side. Try the warp control.",
            "同样的工作量按 (threadIdx.x / 32) % 2 划分：一个 warp 的 32 个线程条件一致，每个 warp 在满掩码下只走一侧，没有串行。图中是 64 线程 block 的 warp 1；warp 0 走另一侧，可以用 warp 控件切换。",
        ),
        "lane-lt-16" => tr(
            "The lower and upper half-warps take different sides. On the H200 the else side (lanes 16–31, 0xffff0000) ran first, then lanes 0–15 (0x0000ffff).",
            "上下两个半 warp 走不同的分支。在 H200 上 else 侧（lane 16–31，0xffff0000）先执行，然后是 lane 0–15（0x0000ffff）。",
        ),
        "bounds-check" => tr(
            "The most common divergence is not an artificial odd/even branch but a boundary check: when n is not a multiple of 32 only the one warp that straddles n has lanes on both sides, and its cost is negligible. Change n and the block size and watch which warp diverges in the table below.",
            "最常见的分歧其实不是人为的奇偶分支，而是边界检查：数组长度 n 不是 32 的倍数时，只有跨过 n 的那一个 warp 两侧都有 lane，代价可以忽略。改变 n 和 block 大小，在下面的表里看是哪个 warp 分歧。",
        ),
        "partial-warp" => tr(
            "A block of 48 threads occupies two warps; the second has only 16 live lanes and launches with the mask 0x0000ffff, exactly what __activemask() returned on the H200. Its lanes 16–31 idle for the whole kernel: lane efficiency 50 % without any branch. Change blockDim.x to see the last warp's launch mask.",
            "48 个线程的 block 占两个 warp；第二个只有 16 个有效 lane，启动时掩码就是 0x0000ffff，与 H200 上 __activemask() 的返回值完全一致。它的 lane 16–31 整个 kernel 都空闲：没有任何分支，lane 利用率也只有 50 %。改变 blockDim.x 看最后一个 warp 的启动掩码。",
        ),
        "nested-if" => tr(
            "Nested divergence ANDs the masks: lane < 16 && lane % 4 == 0 is 0x00001111, lane >= 16 && lane % 3 == 0 is 0x49240000. On the H200 the outer else (lanes 16–31) ran first, and each inner branch ran its then side first.",
            "嵌套分歧时掩码按位与：lane < 16 且 lane % 4 == 0 是 0x00001111，lane >= 16 且 lane % 3 == 0 是 0x49240000。在 H200 上外层 else（lane 16–31）先执行，内层分支各自先执行 then 侧。",
        ),
        "loop-per-lane" => tr(
            "Each lane loops lane % 5 + 1 times. The warp keeps looping while any lane has trips left: 5 passes, and lanes drop out of the mask as they finish. With #pragma unroll 1 the H200 showed exactly this.",
            "每个 lane 循环 lane % 5 + 1 次。只要还有 lane 没跑完，warp 就继续循环：共 5 轮，跑完的 lane 逐轮退出掩码。加上 #pragma unroll 1 后，H200 上看到的正是这样。",
        ),
        "loop-per-lane-o3" => tr(
            "Measured on the H200: compiled with nvcc -O3, the same loop ran its body 7 times at warp level, not 5. The compiler unrolled it 4×: one block of 4 copies under the lanes with at least 4 trips (0x318c6318), then a remainder loop of 3 passes. More issue slots than the naive picture, for the same work.",
            "H200 实测：用 nvcc -O3 编译，同一个循环在 warp 层面执行了 7 次循环体，而不是 5 次。编译器把它展开了 4 倍：先在至少有 4 次迭代的 lane（0x318c6318）下执行一组 4 份拷贝，再跑最多 3 轮的余数循环。同样的工作，发射槽比朴素模型更多。",
        ),
        "loop-trips-lane" => tr(
            "Lane 0 skips the loop, lane 31 runs it 31 times: 31 warp-level passes, and pass t runs lanes t+1..31, so lane efficiency inside the loop is about 1/2.",
            "lane 0 不进循环，lane 31 循环 31 次：warp 层面共 31 轮，第 t 轮只有 lane t+1..31 活跃，循环内的 lane 利用率约 1/2。",
        ),
        "data-dependent" => tr(
            "A branch on the data: every warp diverges in its own way (here a seeded random 0/1 array). This is the kind of divergence worth avoiding, because it hits every warp. On the H200 the compiler ran this branch's then side first.",
            "按数据内容分歧：每个 warp 各自以不同方式分歧（这里是固定种子的随机 0/1 数组）。这才是真正要避免的分歧，因为每个 warp 都会碰到。在 H200 上编译器对这个分支先执行 then 侧。",
        ),
        "early-return" => tr(
            "Lanes 20–31 return; the other 20 lanes finish the kernel under 0x000fffff. Returned lanes never come back: the rest of the warp runs at 20 / 32 lane efficiency.",
            "lane 20–31 return；其余 20 个 lane 在 0x000fffff 下跑完 kernel。return 的 lane 不会回来：warp 剩下的部分 lane 利用率是 20 / 32。",
        ),
        _ => tr("", ""),
    }
}
