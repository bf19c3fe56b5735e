//! The Block dispatch chapter's words, in both languages (course 000 §2 and §5, spec §2).

use crate::model::dispatch::observed::ReplayError;
use crate::model::dispatch::DispatchError;
use crate::ui::i18n::{tr, Lang, Tr};
use crate::ui::widgets::Question;

use super::state::Preset;

pub const TITLE: Tr = tr("Block dispatch", "Block 分派");
pub const INTRO: [Tr; 2] = [
    tr(
        "A grid can have far more blocks than the GPU can hold at once. The block scheduler hands each SM whole blocks while it has room (the occupancy of the previous chapter: registers, shared memory, warp and block slots); the other blocks wait. When a block finishes, its resources are freed and the next waiting block moves in. So a large grid runs in waves of blocks-per-SM × SMs blocks, and a grid that is not a multiple of that leaves a partial last wave, the tail, while most SMs sit idle.",
        "Grid 可以包含远多于 GPU 同时容纳能力的 block。block 调度器在 SM 有空位时把完整的 block 交给它（空位由上一章的占用率决定：寄存器、shared memory、warp 槽位与 block 槽位），其余 block 等待。某个 block 完成后资源释放，下一个等待的 block 补入。所以大 grid 以“每 SM block 数 × SM 数”为一波、分多个波次推进；grid 不是它的整数倍时，最后一波不满，这就是尾波（tail）：此时大多数 SM 在空等。",
    ),
    tr(
        "NVIDIA does not document the block scheduler's order. This page uses a simple deterministic policy: blocks in increasing index, each to the slot that frees first (ties to the lowest slot, then the lowest SM), so the first wave goes breadth-first across the SMs. A trace measured on an H200 agrees on the wave structure but not block for block: the last section replays it beside the model. Waves are not synchronised: with uneven block durations (jitter) the waves blur into each other.",
        "NVIDIA 没有公开 block 调度器的分派顺序。本页采用一个简单的确定性策略：按 block 编号递增，每个 block 去最先空出的槽位（同时空出时取最小槽位号、再取最小 SM 号），因此第一波按广度优先铺满各 SM。在 H200 上实测的 trace 与它的波次结构一致，但并非逐个 block 相同：本页最后一节把它与模型并排回放。波次之间没有同步：block 时长不均（抖动）时，相邻波次会相互交错。",
    ),
];

pub const PRESETS: Tr = tr("The course's launches", "课程中的启动配置");
pub const KERNEL: Tr = tr(
    "The kernel (from the Occupancy chapter)",
    "Kernel（来自“占用率”一章）",
);
pub const GRID: Tr = tr("Grid size (blocks)", "Grid 大小（block 数）");
pub const DUR: Tr = tr("Block duration (cycles)", "Block 时长（周期）");
pub const JIT: Tr = tr("Duration jitter (± %)", "时长抖动（± %）");
pub const PLAY: Tr = tr("Play", "播放");
pub const PAUSE: Tr = tr("Pause", "暂停");
pub const STEP: Tr = tr("Step", "单步");
pub const BACK: Tr = tr("Step back", "后退");
pub const RESET: Tr = tr("Start", "回到开头");
pub const SPEED: Tr = tr("Speed", "速度");
pub const TIME: Tr = tr("Time (cycles)", "时间（周期）");
pub const NUMBERS: Tr = tr("Waves", "波次");
pub const WAVES_DECIMAL: Tr = tr("Waves as a decimal", "波数（小数）");
pub const WAVES_DECIMAL_NOTE: Tr = tr(
    "Wave-quantisation discussions quote the grid in waves as a decimal, grid / (blocks per SM × SMs): on a 170-SM RTX 5090 with one tile per SM, 160 tiles are 0.94 waves and 544 tiles 3.2. The whole-wave count rounds it up; the efficiency is the decimal divided by the whole count.",
    "讨论波次量化（wave quantization）时，常把 grid 写成小数波数：grid / (每 SM block 数 × SM 数)。例如 170 个 SM 的 RTX 5090 上每 SM 一个 tile：160 个 tile 是 0.94 波，544 个是 3.2 波。整波数是它向上取整；波次效率等于小数波数除以整波数。",
);
pub const EDIT_KERNEL: Tr = tr(
    "Change the kernel in the Occupancy chapter",
    "在“占用率”一章修改这个 kernel",
);
pub const DATA_TABLE: Tr = tr(
    "Data table: blocks per SM at this moment (for screen readers)",
    "数据表：此刻每个 SM 上的 block（供读屏软件使用）",
);
pub const CANVAS_LABEL: Tr = tr(
    "Every SM and its resident blocks (numbers in the data table below)",
    "各 SM 及其驻留 block（数据见下方数据表）",
);
pub const REDUCED_MOTION: Tr = tr(
    "Your system asks for reduced motion: playing jumps a quarter of a block duration per step instead of animating.",
    "系统设置了“减少动态效果”：播放时每步跳过四分之一个 block 时长，而不是连续动画。",
);

pub const REPLAY_TITLE: Tr = tr("Observed on an H200", "在 H200 上的实测");
pub const REPLAY_INTRO: [Tr; 2] = [
    tr(
        "How close is the model to a real block scheduler? A probe kernel that only spins for a while recorded, for every block, the SM it ran on (%smid) and when it started and ended (%globaltimer, 32 ns resolution) on an NVIDIA H200 (132 SMs, CUDA 13.0). Below, that measurement plays beside the model's schedule of the same launch, on one clock. The model is given each block's measured duration, so what differs is only the dispatch policy.",
        "模型与真实的 block 调度器有多接近？一个只会空转一段时间的探针 kernel 在 NVIDIA H200（132 个 SM，CUDA 13.0）上记录了每个 block 所在的 SM（%smid）及其开始、结束时刻（%globaltimer，分辨率 32 ns）。下面把这份实测与模型对同一次启动的调度放在同一个时钟上并排回放。模型使用每个 block 的实测时长，因此两者的差别只来自分派策略。",
    ),
    tr(
        "Pick a launch. The one-block-per-SM launch shows clean waves; the 16-per-SM launch spreads 565 blocks 4 or 5 to an SM; the random-duration launch shows waves blurring. All blocks of a wave start within about 0.1 µs of each other, so the order in which SMs are picked shows in the table below and in where the tail lands, not in the animation. The replay opens when the first wave has started.",
        "选择一次启动：每 SM 1 个 block 的启动显示整齐的波次；每 SM 16 个的启动把 565 个 block 按每 SM 4 或 5 个铺开；随机时长的启动显示波次如何变得模糊。同一波的 block 在约 0.1 µs 内相继开始，所以 SM 被选中的先后顺序体现在下方的表格和尾波落在哪些 SM 上，而不是动画里。回放从第一波全部开始的时刻起。",
    ),
];
pub const REPLAY_RUN: Tr = tr(
    "Measured launch (565 = 4 × 132 + 37 blocks unless noted)",
    "实测的启动（未注明时为 565 = 4 × 132 + 37 个 block）",
);
pub const REPLAY_OBSERVED: Tr = tr(
    "H200, measured: each block on the SM it reported (%smid)",
    "H200 实测：每个 block 画在它报告的 SM（%smid）上",
);
pub const REPLAY_MODEL: Tr = tr(
    "Model: the same launch and durations, this page's policy",
    "模型：同一启动、同样的时长，本页的分派策略",
);
pub const REPLAY_ARRANGE: Tr = tr(
    "Draw the H200's SMs in the order they got their first block (128, 129, 130, 131, 124, …) instead of by id: the first wave then fills position by position, as the model's does",
    "按 H200 的 SM 拿到第一个 block 的先后（128、129、130、131、124……）而不是按编号排列：第一波就会像模型一样按位置依次填满",
);
pub const REPLAY_TIME: Tr = tr(
    "Time on the H200's clock (readouts in µs)",
    "H200 时钟上的时间（读数单位 µs）",
);
pub const REPLAY_CAPTION: Tr = tr(
    "16 SMs per row, so SM ids 16 apart sit in one column. A wave is 132 × (blocks per SM) consecutive block ids, as in the model above; the tail is a partial last wave after full ones. Slots are not measured: a block is drawn in the lowest slot of its SM that was free when it started.",
    "每行 16 个 SM，编号相差 16 的 SM 在同一列。一波是编号连续的 132 ×（每 SM block 数）个 block，与上方模型相同；尾波是若干整波之后不满的最后一波。槽位并非实测：每个 block 画在它开始时该 SM 上编号最小的空闲槽位。",
);
pub const REPLAY_COMPARE: Tr = tr("Measured against the model", "实测与模型对比");
pub const REPLAY_COL_OBSERVED: Tr = tr("H200, measured", "H200 实测");
pub const REPLAY_COL_MODEL: Tr = tr("Model", "模型");
pub const REPLAY_DIFFERS: Tr = tr("Where the model differs", "模型与实测的差别");
pub const REPLAY_DATA_TABLE: Tr = tr(
    "Data table: measured blocks per SM at this moment (for screen readers)",
    "数据表：此刻实测每个 SM 上的 block（供读屏软件使用）",
);

/// The picker's name of a measured launch (the probe's config name).
pub fn run_label(config: &str) -> Tr {
    match config {
        "many_blocks_per_sm_block128" => tr(
            "128 threads, 16 fit per SM: all blocks resident at once",
            "128 线程，每 SM 可驻留 16 个：所有 block 同时驻留",
        ),
        "threads_limited_2_per_sm_block1024" => tr(
            "1024 threads: 2 per SM (2048 threads per SM)",
            "1024 线程：每 SM 2 个（每 SM 2048 线程）",
        ),
        "smem_limited_1_per_sm" => tr(
            "150 KB shared memory: 1 per SM, 4 waves and a tail of 37",
            "150 KB shared memory：每 SM 1 个，4 整波加 37 个的尾波",
        ),
        "smem_limited_1_per_sm_variable_duration" => tr(
            "150 KB shared memory, random durations (50k–200k cycles of spin, about 25–100 µs at 1.98 GHz)",
            "150 KB shared memory，随机时长（空转 5 万–20 万周期，1.98 GHz 下约 25–100 µs）",
        ),
        "smem_limited_1_per_sm_grid_eq_sms" => tr(
            "150 KB shared memory, 132 blocks: exactly one wave",
            "150 KB shared memory，132 个 block：恰好一波",
        ),
        "smem_limited_2_per_sm" => tr(
            "100 KB shared memory: 2 per SM",
            "100 KB shared memory：每 SM 2 个",
        ),
        _ => tr("Measured launch", "实测的启动"),
    }
}

/// Why a measurement cannot be replayed, in the reader's language.
pub fn replay_error(e: &ReplayError, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Cannot replay this measurement: {e}."),
        Lang::Zh => format!("无法回放这份实测：{e}。"),
    }
}

pub fn preset(p: Preset) -> Tr {
    match p {
        Preset::FullWave => tr(
            "One full wave: 432 blocks (256 × 64 registers, 4 per SM)",
            "恰好一波：432 个 block（256 线程 × 64 寄存器，每 SM 4 个）",
        ),
        Preset::OneTooMany => tr(
            "109 blocks on 108 SMs, 1 per SM: 2 waves",
            "108 个 SM 上 109 个 block，每 SM 1 个：2 波",
        ),
        Preset::W8a8 => tr(
            "The W8A8 GEMV: 256 blocks × 128 threads",
            "W8A8 GEMV：256 个 block × 128 线程",
        ),
    }
}

/// The simulator's refusal in the reader's language.
pub fn dispatch_error(e: &DispatchError, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Cannot simulate this launch: {e}."),
        Lang::Zh => format!("无法模拟这个启动配置：{e}。"),
    }
}

pub static QUESTIONS: [Question; 2] = [
    Question {
        id: "q-000-6-3-dispatch",
        source: tr("Course 000, §6 question 3", "课程 000 第 6 节 第 3 题"),
        question: tr(
            "Why does a large grid execute in several waves? What are the residency relations between block, warp and SM?",
            "一个大 Grid 为什么会分多个波次执行？Block、Warp 与 SM 的驻留关系分别是什么？",
        ),
        answer: tr(
            "A block is admitted to one SM whole and never migrates; its warps stay on that SM. One SM holds several blocks at once, as many as occupancy allows, so the GPU holds blocks-per-SM × SMs blocks at a time (432 for 256 × 64 on the A100). The rest of the grid waits and fills in as blocks finish: the grid advances in waves, dynamic ones, with no chip-wide barrier between them.",
            "Block 整个被一个 SM 接纳、不会迁移，它的 Warp 也都留在该 SM 上。一个 SM 可同时驻留多个 Block（个数由占用率决定），所以整卡同时驻留“每 SM block 数 × SM 数”个 Block（A100 上 256 × 64 为 432 个）。Grid 中其余的 Block 等待，前面的 Block 完成后再补入：Grid 以动态波次推进，全芯片之间没有同步栅栏。",
        ),
    },
    Question {
        id: "q-tail",
        source: tr("Course 000, §5 (256 blocks on 108 SMs)", "课程 000 第 5 节（108 个 SM 上的 256 个 block）"),
        question: tr(
            "The W8A8 GEMV launches 256 blocks on an A100 with 108 SMs. How are they spread, and why does the course say there is no chip-wide wave barrier?",
            "W8A8 GEMV 在 108 个 SM 的 A100 上启动 256 个 block。它们如何分布？为什么课程说不存在全芯片整齐同步的“波次栅栏”？",
        ),
        answer: tr(
            "The kernel's occupancy allows 10 blocks per SM, so all 256 fit in one wave, but unevenly: 256 = 2 × 108 + 40, so 40 SMs get 3 blocks and 68 get 2; the SMs with 3 finish last. Admission is per slot: a slot that frees takes the next waiting block at once, whatever the other SMs do, so waves are a counting device, not a synchronisation.",
            "该 kernel 的占用率允许每 SM 10 个 block，所以 256 个 block 一波就能全部驻留，但分布不均：256 = 2 × 108 + 40，40 个 SM 各 3 个、68 个 SM 各 2 个，有 3 个 block 的 SM 最后完成。准入是按槽位进行的：一个槽位空出后立即接纳下一个等待的 block，与其他 SM 无关，所以“波次”只是计数方式，并不是同步。",
        ),
    },
];
