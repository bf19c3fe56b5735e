//! The Block dispatch chapter's words, in both languages (course 000 §2 and §5, spec §2).

use super::readout::micros;
use super::state::ReplayView;
use crate::model::dispatch::observed::ObservedRun;
use crate::model::dispatch::observed::{ObservedError, ReplayError};
use crate::model::dispatch::DispatchError;
use crate::model::occupancy::KernelConfig;
use crate::trf;
use crate::ui::format::{grouped, percent};
use crate::ui::i18n::{tr, Lang, Tr};

use super::state::Preset;

pub const TITLE: Tr = tr("Block dispatch", "block 分派");
pub const INTRO: [Tr; 2] = [
    tr(
        "A [[grid]] can have far more [[blocks|block]] than the GPU can hold at once. The block scheduler hands each [[SM|sm]] whole blocks while it has room (the [[occupancy]] of the previous chapter: registers, [[shared memory|shared-memory]], [[warp]] and block slots); the other blocks wait. When a block finishes, its resources are freed and the next waiting block moves in. So a large grid runs in [[waves|wave]] of blocks-per-SM × SMs blocks, and a grid that is not a multiple of that leaves a partial last wave, [[the tail|tail-wave]], while most SMs sit idle.",
        "[[grid]] 可以包含远多于 GPU 同时容纳能力的 [[block]]。block 调度器在 [[SM|sm]] 有空位时把完整的 block 交给它（空位由上一章的[[占用率|occupancy]]决定：寄存器、[[shared memory|shared-memory]]、[[warp]] 槽位与 block 槽位），其余 block 等待。某个 block 完成后资源释放，下一个等待的 block 补入。所以大 grid 以“每 SM block 数 × SM 数”为一波、分多个[[波次|wave]]推进；grid 不是它的整数倍时，最后一波不满，这就是[[尾波|tail-wave]]（tail）：此时大多数 SM 在空等。",
    ),
    tr(
        "NVIDIA does not document the block scheduler's order. This page uses a simple deterministic policy: blocks in increasing index, each to the slot that frees first (ties to the lowest slot, then the lowest SM), so the first wave goes breadth-first across the SMs. A trace measured on an H200 agrees on the wave structure but not block for block: the last section replays it beside the model. Waves are not synchronised: with uneven block durations (jitter) the waves blur into each other.",
        "NVIDIA 没有公开 block 调度器的分派顺序。本页采用一个简单的确定性策略：按 block 编号递增，每个 block 去最先空出的槽位（同时空出时取最小槽位号、再取最小 SM 号），因此第一波按广度优先铺满各 SM。在 H200 上实测的 trace 与它的波次结构一致，但并非逐个 block 相同：本页最后一节把它与模型并排回放。波次之间没有同步：block 时长不均（抖动）时，相邻波次会相互交错。",
    ),
];

pub const PRESETS: Tr = tr("The course's launches", "课程中的启动配置");
pub const KERNEL: Tr = tr(
    "The kernel (its occupancy, as in the Occupancy chapter)",
    "kernel（其占用率与“占用率”一章的算法相同）",
);
pub const GRID: Tr = tr("Grid size (blocks)", "grid 大小（block 数）");
pub const DUR: Tr = tr("Block duration (cycles)", "block 时长（周期）");
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
/// Header of the replay table's first column (read by screen readers only).
pub const REPLAY_COL_QUANTITY: Tr = tr("Quantity", "指标");
pub const REPLAY_COL_OBSERVED: Tr = tr("H200, measured", "H200 实测");
pub const REPLAY_COL_MODEL: Tr = tr("Model", "模型");
pub const REPLAY_DIFFERS: Tr = tr("Where the model differs", "模型与实测的差别");
pub const REPLAY_DATA_TABLE: Tr = tr(
    "Data table: measured blocks per SM at this moment (for screen readers)",
    "数据表：此刻实测每个 SM 上的 block（供读屏软件使用）",
);

/// A launch measured on the H200 (`model::dispatch::observed::h200_runs`), by the probe's
/// config name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeasuredRun {
    /// "many_blocks_per_sm_block128".
    ManyBlocks128,
    /// "threads_limited_2_per_sm_block1024".
    ThreadsLimited1024,
    /// "smem_limited_1_per_sm".
    Smem1PerSm,
    /// "smem_limited_1_per_sm_variable_duration".
    Smem1PerSmVariable,
    /// "smem_limited_1_per_sm_grid_eq_sms".
    Smem1PerSmOneWave,
    /// "smem_limited_2_per_sm".
    Smem2PerSm,
}

impl MeasuredRun {
    /// Every measured launch.
    pub const ALL: [MeasuredRun; 6] = [
        MeasuredRun::ManyBlocks128,
        MeasuredRun::ThreadsLimited1024,
        MeasuredRun::Smem1PerSm,
        MeasuredRun::Smem1PerSmVariable,
        MeasuredRun::Smem1PerSmOneWave,
        MeasuredRun::Smem2PerSm,
    ];

    /// The probe's config name (also the URL value).
    pub fn id(self) -> &'static str {
        match self {
            MeasuredRun::ManyBlocks128 => "many_blocks_per_sm_block128",
            MeasuredRun::ThreadsLimited1024 => "threads_limited_2_per_sm_block1024",
            MeasuredRun::Smem1PerSm => "smem_limited_1_per_sm",
            MeasuredRun::Smem1PerSmVariable => "smem_limited_1_per_sm_variable_duration",
            MeasuredRun::Smem1PerSmOneWave => "smem_limited_1_per_sm_grid_eq_sms",
            MeasuredRun::Smem2PerSm => "smem_limited_2_per_sm",
        }
    }

    /// The launch with this config name.
    pub fn from_id(id: &str) -> Option<MeasuredRun> {
        MeasuredRun::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// The picker's name of a measured launch.
pub fn run_label(run: MeasuredRun) -> Tr {
    match run {
        MeasuredRun::ManyBlocks128 => tr(
            "128 threads, 16 fit per SM: all blocks resident at once",
            "128 线程，每 SM 可驻留 16 个：所有 block 同时驻留",
        ),
        MeasuredRun::ThreadsLimited1024 => tr(
            "1024 threads: 2 per SM (2048 threads per SM)",
            "1024 线程：每 SM 2 个（每 SM 2048 线程）",
        ),
        MeasuredRun::Smem1PerSm => tr(
            "150 KiB shared memory: 1 per SM, 4 waves and a tail of 37",
            "150 KiB shared memory：每 SM 1 个，4 整波加 37 个的尾波",
        ),
        MeasuredRun::Smem1PerSmVariable => tr(
            "150 KiB shared memory, random durations (50k–200k cycles of spin, about 25–100 µs at 1.98 GHz)",
            "150 KiB shared memory，随机时长（空转 5 万–20 万周期，1.98 GHz 下约 25–100 µs）",
        ),
        MeasuredRun::Smem1PerSmOneWave => tr(
            "150 KiB shared memory, 132 blocks: exactly one wave",
            "150 KiB shared memory，132 个 block：恰好一波",
        ),
        MeasuredRun::Smem2PerSm => tr(
            "100 KiB shared memory: 2 per SM",
            "100 KiB shared memory：每 SM 2 个",
        ),
    }
}

/// Why a measurement cannot be replayed, in the reader's language.
pub fn replay_error(e: &ReplayError, lang: Lang) -> String {
    let why = match e {
        ReplayError::Model(e) => dispatch_reason(e, lang),
        ReplayError::Observed(e) => observed_reason(e, lang),
    };
    trf!(
        lang,
        "Cannot replay this measurement: {why}.",
        "无法回放这份实测：{why}。",
        why = why
    )
}

/// What is wrong with a measured trace, in the reader's language.
fn observed_reason(e: &ObservedError, lang: Lang) -> String {
    let words = |en: &'static str, zh: &'static str| tr(en, zh).get(lang).to_string();
    match *e {
        ObservedError::Empty => words("the trace has no blocks", "实测中没有 block"),
        ObservedError::NoSlots => words("0 blocks per SM", "每 SM 0 个 block"),
        ObservedError::SmOutOfRange { block, sm } => trf!(
            lang,
            "block {block} ran on SM {sm}, beyond the GPU's SMs",
            "block {block} 运行在 SM {sm} 上，超出了 GPU 的 SM 数",
            block = block,
            sm = sm
        ),
        ObservedError::EndBeforeStart { block } => trf!(
            lang,
            "block {block} ends before it starts",
            "block {block} 的结束时刻早于开始时刻",
            block = block
        ),
        ObservedError::MoreResidentThanSlots { sm, block } => trf!(
            lang,
            "block {block} overlaps more blocks on SM {sm} than the occupancy allows",
            "block {block} 在 SM {sm} 上与之重叠的 block 多于占用率所允许的",
            block = block,
            sm = sm
        ),
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
    let why = dispatch_reason(e, lang);
    trf!(
        lang,
        "Cannot simulate this launch: {why}.",
        "无法模拟这个启动配置：{why}。",
        why = why
    )
}

/// Why the simulator refuses a launch, in the reader's language.
fn dispatch_reason(e: &DispatchError, lang: Lang) -> String {
    let words = |en: &'static str, zh: &'static str| tr(en, zh).get(lang).to_string();
    match *e {
        DispatchError::NoSms => words("the GPU needs at least 1 SM", "GPU 至少需要 1 个 SM"),
        DispatchError::NoBlockSlots => words(
            "no block fits on an SM (0 blocks per SM), so the launch fails",
            "一个 SM 上放不下任何 block（每 SM 0 个 block），启动失败",
        ),
        DispatchError::EmptyGrid => words(
            "a grid of 0 blocks launches nothing",
            "0 个 block 的 grid 什么也不会启动",
        ),
        DispatchError::GridTooLargeToSimulate {
            grid_blocks,
            max_blocks,
        } => trf!(
            lang,
            "{n} blocks is more than the {max} the simulator animates",
            "{n} 个 block 超过了模拟器能演示的 {max} 个",
            n = grouped(grid_blocks),
            max = grouped(max_blocks)
        ),
        DispatchError::TooManySlots => words(
            "more than 65,535 SMs or blocks per SM",
            "SM 数或每 SM 的 block 数超过 65,535",
        ),
        DispatchError::ZeroDuration => words(
            "a block must run for at least 1 cycle",
            "每个 block 至少要运行 1 个周期",
        ),
        DispatchError::InvalidJitter {
            min_cycles,
            max_cycles,
        } => trf!(
            lang,
            "jitter range {min}..={max} cycles is empty (min > max)",
            "抖动范围 {min}..={max} 个周期为空（最小值大于最大值）",
            min = min_cycles,
            max = max_cycles
        ),
        DispatchError::DurationCountMismatch { expected, got } => trf!(
            lang,
            "{got} block durations given for a grid of {expected} blocks",
            "给出了 {got} 个 block 的时长，而 grid 有 {expected} 个 block",
            got = grouped(got),
            expected = grouped(expected)
        ),
        DispatchError::TraceTooLong { bound_cycles } => trf!(
            lang,
            "the run could last {c} cycles, more than the trace can hold (2^32 − 1)",
            "这次运行可能持续 {c} 个周期，超出了记录所能容纳的上限（2^32 − 1）",
            c = grouped(bound_cycles)
        ),
    }
}

// ---- Labels of the figures and controls ------------------------------------------------------

pub const BLOCK_OF_AN_EARLIER: Tr = tr("block of an earlier wave", "较早波次的 block");
pub const BLOCK_OF_THE_NEWEST: Tr = tr("block of the newest wave", "最新一波的 block");
pub const BLOCK_OF_THE_TAIL: Tr = tr(
    "block of the tail (partial last wave)",
    "尾波（不满的最后一波）的 block",
);
pub const FREE_SLOT: Tr = tr("free slot", "空槽位");
pub const IDLE_SM: Tr = tr("idle SM", "空闲 SM");
pub const BLOCKS_PER_FULL_WAVE: Tr = tr("Blocks per full wave", "每波 block 数");
pub const WAVES: Tr = tr("Waves", "波数");
pub const BLOCKS_IN_THE_LAST: Tr = tr("Blocks in the last wave", "最后一波的 block 数");
pub const WAVE_EFFICIENCY: Tr = tr("Wave efficiency", "波次效率");

/// The blocks of one full wave, as a formula.
pub fn full_wave_formula(blocks_per_sm: u32, sms: u32, lang: Lang) -> String {
    let blocks = if blocks_per_sm == 1 {
        "block"
    } else {
        "blocks"
    };
    trf!(
        lang,
        "{blocks_per_sm} {blocks}/SM × {sms} SMs",
        "每 SM {blocks_per_sm} 个 block × {sms} 个 SM"
    )
}

/// The makespan with equal block durations, as a formula.
pub fn makespan_formula(waves: u64, cycles: &str, lang: Lang) -> String {
    let word = if waves == 1 { "wave" } else { "waves" };
    let waves = crate::ui::format::grouped(waves);
    trf!(
        lang,
        "{waves} {word} × {cycles} cycles",
        "{waves} 波 × {cycles} 个周期"
    )
}

/// A number of cycles.
pub fn cycles(n: &str, lang: Lang) -> String {
    trf!(lang, "{n} cycles", "{n} 个周期")
}

/// What the wave efficiency means, with this grid's numbers.
pub fn wave_efficiency_note(
    grid: &str,
    waves: u64,
    full_wave: &str,
    pct: &str,
    lang: Lang,
) -> String {
    let waves_word = if waves == 1 { "wave" } else { "waves" };
    trf!(
        lang,
        "Wave efficiency is the share of the block slots the launch keeps busy over its waves: {grid} blocks fill {pct} of {waves} {waves_word} × {full_wave} slots. Below 100 % some SMs (or slots) idle in the last wave; a grid smaller than one wave leaves the rest of the GPU empty the whole time.",
        "波次效率是启动在各波次里占用的 block 槽位比例：{grid} 个 block 占满 {waves} 波 × {full_wave} 个槽位中的 {pct}。低于 100 % 说明最后一波有 SM（或槽位）空闲；grid 小于一波时，GPU 的其余部分一直空着。",
        grid = grid,
        waves = crate::ui::format::grouped(waves),
        waves_word = waves_word,
        full_wave = full_wave,
        pct = pct,
    )
}
pub const SIMULATED_MAKESPAN: Tr = tr("Simulated makespan", "模拟总时长");

// ---- The live readout under a dispatch canvas -------------------------------------------------

/// "Cycle 250 of 3,000".
pub fn cycle_stamp(t: u32, end: u32, lang: Lang) -> String {
    let (t, end) = (grouped(t.into()), grouped(end.into()));
    trf!(lang, "Cycle {t} of {end}", "第 {t} / {end} 周期")
}

/// Marks the current wave as the tail.
pub const THE_TAIL: Tr = tr(" (the tail)", "（尾波）");

/// The hovered SM's resident blocks.
pub fn sm_resident(sm: u32, count: usize, list: &str, lang: Lang) -> String {
    trf!(
        lang,
        " SM {sm}: {count} block(s) resident [{list}].",
        " SM {sm}：驻留 {count} 个 block [{list}]。"
    )
}

/// The numbers of one moment of a dispatch, already formatted.
pub struct Readout<'a> {
    /// The time stamp.
    pub now: String,
    /// The current wave, from 1.
    pub wave: String,
    /// The number of waves.
    pub waves: String,
    /// [`THE_TAIL`] or "".
    pub tail: &'a str,
    /// Blocks started.
    pub started: String,
    /// Blocks finished.
    pub completed: String,
    /// Blocks running.
    pub running: String,
    /// Idle SMs.
    pub idle: usize,
    /// SMs.
    pub sms: u32,
    /// Exactly one block has started (English singular).
    pub one_started: bool,
}

/// The live sentence under a dispatch canvas.
pub fn readout(r: &Readout, lang: Lang) -> String {
    let Readout {
        now,
        wave,
        waves,
        tail,
        started,
        completed,
        running,
        idle,
        sms,
        one_started,
    } = r;
    let noun = if *one_started { "block" } else { "blocks" };
    trf!(
        lang,
        "{now}: wave {wave} of {waves}{tail}; {started} {noun} started, {completed} finished, {running} running; {idle} of {sms} SMs idle.",
        "{now}：第 {wave} / {waves} 波{tail}；已开始 {started} 个 block，已完成 {completed} 个，运行中 {running} 个；{sms} 个 SM 中 {idle} 个空闲。"
    )
}

// ---- The replay's comparison ---------------------------------------------------------------

pub const ROW_FIRST_SMS: Tr = tr("SM of blocks 0, 1, 2, …", "block 0、1、2…… 所在的 SM");
pub const ROW_SAME_SM: Tr = tr(
    "Blocks on an SM with the same id in both (ids are only names)",
    "两边所在 SM 编号相同的 block（编号只是名字）",
);
pub const ROW_SPREAD: Tr = tr(
    "Blocks per SM over the run",
    "整个运行中每个 SM 执行的 block 数",
);
pub const ROW_WAVE_STARTS: Tr = tr(
    "First start of each wave (µs)",
    "每一波最早的开始时间（µs）",
);
pub const ROW_REFILL: Tr = tr(
    "A slot frees → the next block starts there (median)",
    "槽位空出 → 下一个 block 在此开始（中位数）",
);
pub const NO_SLOT_REUSED: Tr = tr("no slot reused", "没有槽位被复用");
pub const MODEL_AT_ONCE: Tr = tr("0 ns (at once)", "0 ns（立即）");
pub const ROW_OUT_OF_ORDER: Tr = tr(
    "Blocks that started before a lower-numbered block",
    "比编号更小的 block 更早开始的 block",
);
pub const ROW_MAKESPAN: Tr = tr("Last block ends (µs)", "最后一个 block 结束（µs）");

/// How much earlier the model's last block ends.
pub fn earlier(pct: f64, lang: Lang) -> String {
    let pct = percent(pct / 100.0);
    trf!(lang, " ({pct} earlier)", "（早 {pct}）")
}

/// `95 SMs × 4, 37 SMs × 5`.
pub fn histogram(h: &[(u32, u32)], l: Lang) -> String {
    h.iter()
        .map(|&(blocks, sms)| trf!(l, "{sms} SMs × {blocks}", "{sms} 个 SM × {blocks}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The differences in words, from the numbers.
pub fn findings(r: &ReplayView, run: &ObservedRun, l: Lang) -> Vec<String> {
    let c = &r.comparison;
    let first: Vec<String> = c
        .order
        .observed_first_sm_order
        .iter()
        .take(14)
        .map(u32::to_string)
        .collect();
    let first = first.join(", ");
    let (same, n) = (c.order.same_sm, c.order.blocks_compared);
    let mut out = Vec::new();
    out.push(trf!(l, "SM numbering. The H200 handed out SMs in the order {first}, …: the first eight go to SMs 124–131, then pairs of neighbouring SMs (one TPC) 16 ids apart, as if the block scheduler took one TPC from each GPC in turn. The model fills SMs 0, 1, 2, … in order for the first wave, then gives each waiting block to the slot that frees first (with measured durations, wherever a block happened to end first), so only {same} of {n} blocks run on an SM with the same id.", "SM 编号。H200 分配 SM 的顺序是 {first}……：前 8 个 block 去了 SM 124–131，之后是相邻的一对 SM（一个 TPC），编号相隔 16，好像 block 调度器轮流从每个 GPC 取一个 TPC。模型的第一波按 0、1、2……依次填充，之后把每个等待的 block 交给最先空出的槽位（用实测时长时，就是恰好最早结束的那个 block 的槽位），所以 {n} 个 block 中只有 {same} 个所在 SM 的编号相同。"));
    let spread = if c.order.same_spread {
        trf!(l, "Spread. Both give the SMs the same numbers of blocks, {h200}; which SMs get the extra ones differs.", "分布。两边分给各 SM 的 block 数相同，都是 {h200}；只是多分到 block 的是哪些 SM 不同。", h200 = histogram(&c.observed_histogram, l))
    } else {
        trf!(l, "Spread. Here they differ: the H200 ran {h200}, the model {model}. With uneven durations or several slots per SM, the hardware does not always give the next block to the SM the model picks.", "分布。这里两者不同：H200 为 {h200}，模型为 {model}。block 时长不均或每 SM 有多个槽位时，硬件并不总把下一个 block 交给模型选的那个 SM。", h200 = histogram(&c.observed_histogram, l), model = histogram(&c.model_histogram, l))
    };
    out.push(spread);
    if let Some(gap) = c.observed_refill_gap_ns {
        // From the two makespans as the table prints them (0.1 µs), so the numbers add up.
        let tenths = |ns: u32| (f64::from(ns) / 100.0).round() as u32;
        let delta =
            (tenths(c.observed_makespan_ns).saturating_sub(tenths(c.model_makespan_ns))) * 100;
        out.push(trf!(l, "Refill delay. When a block ends, the H200 starts the next block in that slot a median {gap} ns later; the model refills at once, so its last block ends {delta_us} µs earlier.", "补入延迟。一个 block 结束后，H200 要在中位数 {gap} ns 之后才在该槽位启动下一个 block；模型立即补入，所以它的最后一个 block 早结束 {delta_us} µs。", delta_us = micros(delta)));
    }
    out.push(trf!(l, "Start order. On the H200, {out_of_order} blocks started before a block with a lower index (the timer ticks every 32 ns, and blocks of one wave start within about 0.1 µs of each other). The model starts blocks strictly in index order.", "开始顺序。在 H200 上有 {out_of_order} 个 block 比编号更小的 block 更早开始（计时器每 32 ns 跳一次，同一波的 block 在约 0.1 µs 内相继开始）。模型严格按编号顺序启动 block。", out_of_order = c.observed_out_of_order_starts));
    if run.variable_duration {
        out.push(tr("Waves blur. With durations from 25 to 100 µs, a slot refills whenever its block ends, on the H200 as in the model: after the first wave there are no clean waves, and SMs that drew short blocks run more of them.", "波次模糊。block 时长在 25–100 µs 之间时，H200 与模型一样，哪个槽位的 block 结束就立即补入：第一波之后不再有整齐的波次，抽到短 block 的 SM 会执行更多 block。").get(l).to_string());
    }
    out
}

// ---- The kernel and the waves table ------------------------------------------------------------

/// The kernel the grid launches, in one line.
pub fn kernel_summary(k: &KernelConfig, blocks_per_sm: u32, occupancy: f64, lang: Lang) -> String {
    let (threads, regs) = (k.threads_per_block, k.regs_per_thread);
    let (static_smem, dynamic_smem) = (
        grouped(k.static_smem_bytes.into()),
        grouped(k.dynamic_smem_bytes.into()),
    );
    let pct = percent(occupancy);
    let blocks = if blocks_per_sm == 1 {
        "block"
    } else {
        "blocks"
    };
    trf!(
        lang,
        "{threads} threads × {regs} registers, {static_smem} B static + {dynamic_smem} B dynamic shared memory → {blocks_per_sm} {blocks} per SM ({pct} occupancy).",
        "{threads} 线程 × {regs} 寄存器，静态 {static_smem} B + 动态 {dynamic_smem} B shared memory → 每 SM {blocks_per_sm} 个 block（占用率 {pct}）。"
    )
}

/// Where the W8A8 kernel's 48 registers and 6 KiB come from.
pub const W8A8_REGISTERS_SOURCE: Tr = tr(
    "48 registers per thread and 6 KiB of static shared memory are what ptxas -v reports for the course's W8A8 kernel compiled for the H200 (sm_90, CUDA 13.0), measured with the page's other H200 data.",
    "每线程 48 个寄存器、6 KiB 静态 shared memory：这是课程的 W8A8 kernel 为 H200（sm_90，CUDA 13.0）编译时 ptxas -v 报告的数值，与本页其他 H200 数据一起实测。",
);

pub const NO_WAVES: Tr = tr(
    "No waves: the kernel cannot launch.",
    "没有波次：这个 kernel 无法启动。",
);
pub const UNEVEN_DURATIONS: Tr = tr(
    "uneven durations: slots refill as they free",
    "时长不均：槽位一空出就补入",
);
pub const TAIL_NOTE: Tr = tr(
    "The tail wave still takes a full block duration, yet only its blocks run: the other slots of the GPU sit idle meanwhile. The efficiency is the share of slot-time the grid fills. A grid of many waves, or one sized to a multiple of the full wave, hides the tail.",
    "尾波同样要花一个完整的 block 时长，但此时只有它的 block 在运行，GPU 的其余槽位都闲着。波次效率就是 grid 填满的槽位时间占比。波数很多，或 grid 恰为整波的整数倍，都能掩盖尾波。",
);

/// How long the browser took to compute the schedule. `closed_form`: every block runs the same
/// duration (jitter 0), so the model writes the schedule down instead of simulating it
/// (`Simulator`'s constant-duration trace): a time near 0 ms is no mistake, and says why.
pub fn computed_in(grid: u64, ms: f64, closed_form: bool, lang: Lang) -> String {
    let blocks = if grid == 1 { "block" } else { "blocks" };
    let grid = grouped(grid);
    // A small grid takes microseconds: "0.0 ms" would read as nothing at all.
    let ms = if ms < 0.05 {
        "< 0.1".to_string()
    } else {
        format!("{ms:.1}")
    };
    if closed_form {
        trf!(
            lang,
            "Every block runs the same time, so this schedule ({grid} {blocks}) has a closed form: your browser wrote it down in {ms} ms without simulating block by block (add jitter to simulate).",
            "每个 block 的时长都相同，这个调度（{grid} 个 block）有闭式解：你的浏览器无需逐个 block 模拟，用 {ms} ms 就写出了它（加入抖动才需要模拟）。"
        )
    } else {
        trf!(
            lang,
            "Your browser computed this schedule ({grid} {blocks}) in {ms} ms.",
            "你的浏览器用 {ms} ms 算出了这个调度（{grid} 个 block）。"
        )
    }
}

/// Button: the previous event of the schedule.
pub const EVENT_BACK: Tr = tr("◀ Event", "◀ 上一事件");
/// Button: the next event of the schedule.
pub const EVENT_NEXT: Tr = tr("Event ▶", "下一事件 ▶");

/// The event on screen: its number (0-based `k` of `last`), its cycle, and what happened.
pub fn event_line(k: u32, last: u32, cycle: u32, started: u32, ended: u32, lang: Lang) -> String {
    let (n, of, cycle) = (k + 1, last + 1, grouped(cycle.into()));
    let noun = |c: u32| if c == 1 { "block" } else { "blocks" };
    let (sb, eb) = (noun(started), noun(ended));
    let (s, e) = (started, ended);
    let (started, ended) = (grouped(started.into()), grouped(ended.into()));
    match (s != 0, e != 0) {
        (true, true) => trf!(
            lang,
            "Event {n} of {of}, cycle {cycle}: {ended} {eb} finish and {started} start.",
            "第 {n} / {of} 个事件，第 {cycle} 周期：{ended} 个 block 结束，{started} 个开始。"
        ),
        (true, false) => trf!(
            lang,
            "Event {n} of {of}, cycle {cycle}: {started} {sb} start.",
            "第 {n} / {of} 个事件，第 {cycle} 周期：{started} 个 block 开始。"
        ),
        (false, true) => trf!(
            lang,
            "Event {n} of {of}, cycle {cycle}: {ended} {eb} finish.",
            "第 {n} / {of} 个事件，第 {cycle} 周期：{ended} 个 block 结束。"
        ),
        (false, false) => trf!(
            lang,
            "Event {n} of {of}, cycle {cycle}.",
            "第 {n} / {of} 个事件，第 {cycle} 周期。"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::dispatch::observed::h200_runs;

    #[test]
    fn every_measured_launch_has_a_name() {
        assert_eq!(h200_runs().len(), MeasuredRun::ALL.len());
        for run in h200_runs() {
            assert!(MeasuredRun::from_id(run.config).is_some(), "{}", run.config);
        }
    }
}
