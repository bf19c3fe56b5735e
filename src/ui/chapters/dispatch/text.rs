//! The Block dispatch chapter's words, in both languages (course 000 §2 and §5, spec §2).

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
        "NVIDIA does not document the block scheduler's order. This page uses a simple deterministic policy: blocks in increasing index, each to the slot that frees first (ties to the lowest slot, then the lowest SM), so the first wave goes breadth-first across the SMs. A trace measured on an H200 agrees on the wave structure but not block for block. Waves are not synchronised: with uneven block durations (jitter) the waves blur into each other.",
        "NVIDIA 没有公开 block 调度器的分派顺序。本页采用一个简单的确定性策略：按 block 编号递增，每个 block 去最先空出的槽位（同时空出时取最小槽位号、再取最小 SM 号），因此第一波按广度优先铺满各 SM。在 H200 上实测的 trace 与它的波次结构一致，但并非逐个 block 相同。波次之间没有同步：block 时长不均（抖动）时，相邻波次会相互交错。",
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
pub const EDIT_KERNEL: Tr = tr(
    "Change the kernel in the Occupancy chapter",
    "在“占用率”一章修改这个 kernel",
);
pub const DATA_TABLE: Tr = tr(
    "Data table: blocks per SM at this moment (for screen readers)",
    "数据表：此刻每个 SM 上的 block（供读屏软件使用）",
);
pub const REDUCED_MOTION: Tr = tr(
    "Your system asks for reduced motion: playing jumps a quarter of a block duration per step instead of animating.",
    "系统设置了“减少动态效果”：播放时每步跳过四分之一个 block 时长，而不是连续动画。",
);

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
