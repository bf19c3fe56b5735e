//! The quiz's words in both languages: labels, the prompt of every kind from its parameters,
//! field names and units, diagnoses, hints and worked-solution labels. Terms follow the course
//! texts (`seeds/`): block, warp, lane, sector, bank, wavefront, memory-bound stay in English
//! in the Chinese text as the courses write them.
//!
//! Length: the prompt of every kind and its field names in both languages; a table read top to
//! bottom.

use crate::model::occupancy::Limiter;
use crate::model::quiz::{Category, Field, Kind, StepLabel, Unreadable};
use crate::model::roofline::Bound;
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

mod mistakes;
mod prompt;
pub mod sets;

pub use mistakes::mistake;
pub use prompt::{prompt, roof_numbers};

/// The intro under the title.
pub const INTRO: [Tr; 1] = [tr(
    "Generated questions are drawn from a seed and answered by the same models that draw the chapters; the seed is in the link, so a teacher can send one exact question. The course's own questions follow, self-assessed.",
    "生成题由一个种子随机抽取参数，答案由绘制各章图形的同一套模型算出；种子就在链接里，老师可以发出同一道题。之后是课程自己的自测题，自行评判。",
)];

/// Chapter filter label.
pub const FILTER: Tr = tr("Chapter", "章节");
/// Filter option: every chapter.
pub const ALL_CHAPTERS: Tr = tr("All chapters", "全部章节");
/// Kind selector label.
pub const KIND: Tr = tr("Question type", "题型");
/// New seed, same kind.
pub const ANOTHER: Tr = tr("Another like this", "换一道同类题");
/// Grading rule heading.
pub const RULE_HEADING: Tr = tr("How answers are graded", "判分规则");
/// Grading rule text.
pub const RULE: Tr = tr(
    "Counts, masks, lanes and registers must be exact. Real numbers are right within ±1 % of the model's value (a number of warps estimated by the course's rule also anywhere from the whole number below it to the one above). Categories are multiple choice. The unit is shown beside each field; masks are hex (0x…, bit i = lane i).",
    "计数、掩码、lane 和寄存器号必须完全正确；实数与模型值相差在 ±1% 以内即为正确（按课程估算规则求的 warp 数，从相邻的较小整数到较大整数之间都算对）；类别题为单选。每个输入框旁标有单位；掩码用十六进制（0x…，第 i 位对应 lane i）。",
);
/// The submit button.
pub const CHECK: Tr = tr("Check", "提交");
/// Hint button.
pub const HINT: Tr = tr("Hint", "提示");
/// Worked-solution button.
pub const SOLUTION: Tr = tr("Worked solution", "详细解答");
/// The link into the chapter.
/// Beside the chip question's chapter link: the chapter draws the GPU at its boost clock.
pub fn chapter_at_boost(boost_mhz: u32, clock_mhz: u32, lang: Lang) -> String {
    crate::trf!(
        lang,
        "The chapter draws this GPU at its boost clock, {boost_mhz} MHz, so its peak is higher than this question's at {clock_mhz} MHz.",
        "本章按这款 GPU 的 boost 频率 {boost_mhz} MHz 绘制，所以峰值高于本题 {clock_mhz} MHz 下的结果。",
    )
}

pub const OPEN_CHAPTER: Tr = tr(
    "See it in the chapter with these parameters →",
    "在本章中用这组参数查看 →",
);
/// Verdict: right.
pub const RIGHT: Tr = tr("✓ Correct", "✓ 正确");
/// Verdict: wrong.
pub const WRONG: Tr = tr("✗ Not yet", "✗ 还不对");
/// Per-field mark: right.
pub const FIELD_RIGHT: Tr = tr("right", "正确");
/// Per-field mark: wrong.
pub const FIELD_WRONG: Tr = tr("wrong", "错误");
/// Verdict line when a field is not an answer: nothing is graded or recorded.
pub const NOT_GRADED: Tr = tr(
    "Not graded yet: fix the fields marked ?. Nothing was recorded.",
    "尚未评分：请修改标有 ? 的空。本次不计入记录。",
);
/// Heading of the code a divergence question runs.
pub const LISTING: Tr = tr("The kernel", "kernel 代码");

/// Why a field was not read as an answer (the mark beside it). Each reason its own message.
pub fn unreadable(why: Unreadable) -> Tr {
    match why {
        Unreadable::Empty => tr("empty: type a number", "未填写：请填入数字"),
        Unreadable::NotANumber => tr(
            "not a number: digits, a point for decimals (52.2), commas only between thousands",
            "无法识别为数字：小数请用小数点（如 52.2），逗号只用于千位分隔",
        ),
        Unreadable::Negative => tr(
            "cannot be negative: every answer here is a count or a quantity of at least 0",
            "不能为负数：这里的答案都是计数或不小于 0 的量",
        ),
        Unreadable::NotWhole => tr(
            "a count is a whole number: no decimals here",
            "计数必须是整数：这里不能有小数",
        ),
        Unreadable::TooLarge => tr(
            "too large to be the answer: check the digits and the unit",
            "数值过大，不可能是答案：请检查位数和单位",
        ),
        Unreadable::NotHex => tr(
            "not a hex mask: digits 0–9 and a–f, with or without 0x (0x0000ffff)",
            "不是十六进制掩码：只能用 0–9 和 a–f，可带 0x（如 0x0000ffff）",
        ),
        Unreadable::MaskTooWide => tr(
            "wider than 32 bits: a warp's mask has one bit per lane, at most 8 hex digits",
            "超过 32 位：warp 的掩码每个 lane 一位，最多 8 个十六进制数字",
        ),
        Unreadable::NoChoice => tr("no option picked: pick one", "尚未选择：请选择一项"),
    }
}

/// Label of the expected answer after a wrong one is revealed in the solution.
pub const EXPECTED: Tr = tr("Answer", "答案");
/// Diagnosis heading.
pub const DIAGNOSIS: Tr = tr("Likely mistake", "可能的错误");
/// Choice group: pick one.
pub const PICK_ONE: Tr = tr("Pick one", "请选择一项");
/// Progress heading.
pub const PROGRESS: Tr = tr("Your progress", "学习进度");
/// Progress table: kind.
pub const COL_KIND: Tr = tr("Question type", "题型");
/// Progress table: attempts.
pub const COL_ATTEMPTS: Tr = tr("Attempts", "作答次数");
/// Progress table: correct.
pub const COL_CORRECT: Tr = tr("Correct", "正确");
/// Progress table: streak.
pub const COL_STREAK: Tr = tr("Streak", "连对");
/// Review heading.
pub const REVIEW: Tr = tr(
    "Review: missed last time or due",
    "复习：上次答错或到期的题型",
);
/// Nothing to review.
pub const REVIEW_NONE: Tr = tr(
    "Nothing to review yet: a question type you miss comes back here first.",
    "暂无需复习的题型：答错的题型会优先回到这里。",
);
/// Reset progress.
pub const RESET: Tr = tr("Reset progress", "清除进度");
/// Export JSON.
pub const EXPORT_JSON: Tr = tr("Export JSON", "导出 JSON");
/// Export CSV.
pub const EXPORT_CSV: Tr = tr("Export CSV", "导出 CSV");
/// Storage disabled.
pub const STORAGE_OFF: Tr = tr(
    "Progress cannot be saved in this browser (storage is disabled or full); the quiz still works, and Export keeps this session.",
    "此浏览器无法保存进度（存储被禁用或已满）；测验仍可使用，可用“导出”保存本次记录。",
);
/// Storage corrupt.
pub const STORAGE_CORRUPT: Tr = tr(
    "Saved progress could not be read and was started afresh.",
    "已保存的进度无法读取，已重新开始。",
);
/// Some lines skipped.
pub const STORAGE_PARTIAL: Tr = tr(
    "Part of the saved progress could not be read and was skipped.",
    "部分已保存的进度无法读取，已跳过。",
);
/// Course questions heading.
pub const COURSE: Tr = tr("The course's questions", "课程自测题");
/// Course questions intro.
pub const COURSE_INTRO: Tr = tr(
    "Write or think your answer, reveal the model answer, then mark yourself: the mark is recorded like a grade.",
    "先写下或想好你的答案，再显示参考答案，然后自评：自评结果和判分一样记录下来。",
);
/// Reveal.
pub const REVEAL: Tr = tr("Reveal the answer", "显示参考答案");
/// Self mark: got it.
pub const GOT_IT: Tr = tr("Got it", "答对了");
/// Self mark: not yet.
pub const NOT_YET: Tr = tr("Not yet", "还没掌握");
/// Your answer (course question).
pub const YOUR_ANSWER: Tr = tr("Your answer (not graded)", "你的答案（不判分）");
/// Worksheet heading.
pub const WORKSHEET: Tr = tr("Worksheet for a class", "课堂练习卷");
/// Worksheet intro.
pub const WORKSHEET_INTRO: Tr = tr(
    "Generate N questions for the chapter chosen above, print them with a separate answer key. Both carry the seeds, so the same sheet can be regenerated from its link.",
    "为上面选中的章节生成 N 道题并打印，答案页单独成页。两页都印有种子，可用同一链接重新生成同一份练习卷。",
);
/// Worksheet size.
pub const SHEET_SIZE: Tr = tr("Questions", "题数");
/// Make the worksheet.
pub const SHEET_MAKE: Tr = tr("Make worksheet", "生成练习卷");
/// Print.
pub const PRINT: Tr = tr("Print", "打印");
/// Close worksheet.
pub const SHEET_CLOSE: Tr = tr("Close worksheet", "关闭练习卷");
/// Answer key heading.
pub const ANSWER_KEY: Tr = tr("Answer key", "答案");
/// A sheet's choice to print its answer key (both sheets: the worksheet and a set's).
pub const PRINT_KEY: Tr = tr(
    "Print the answer key too (on a page of its own)",
    "同时打印答案（单独一页）",
);
/// Name line on the worksheet.
pub const NAME_LINE: Tr = tr(
    "Name: ______________________",
    "姓名：______________________",
);
/// No question (generator error).
pub const NO_QUESTION: Tr = tr(
    "No question could be drawn for this seed; try another.",
    "这个种子抽不出题目，请换一道。",
);
/// Live region: an answer was recorded for a course question.
pub const RECORDED: Tr = tr("Recorded.", "已记录。");

/// "Seed 1234" and the permalink hint.
pub fn seed_line(lang: Lang, seed: u64) -> String {
    trf!(lang, "Seed {seed}", "种子 {seed}")
}

/// Verdict line with how many fields were right.
pub fn fields_right(lang: Lang, right: usize, total: usize) -> String {
    trf!(
        lang,
        "{right} of {total} fields right.",
        "{total} 个空中答对 {right} 个。"
    )
}

/// The worksheet's line with its seed and link.
pub fn sheet_line(lang: Lang, seed: u64, n: u32) -> String {
    trf!(
        lang,
        "{n} questions, sheet seed {seed}",
        "共 {n} 题，练习卷种子 {seed}"
    )
}

/// Storage-saving failure after an answer.
pub fn export_name(ext: &str) -> String {
    format!("warpscope-quiz.{ext}")
}

/// The kind's short title.
pub fn kind_title(kind: Kind) -> Tr {
    match kind {
        Kind::ChipFp32 => tr("Chip: FP32 lanes and peak", "芯片：FP32 单元数与峰值"),
        Kind::ThreadIndex => tr(
            "Grid and block: a thread's tid, warp, lane and global x",
            "grid 与 block：线程的 tid、warp、lane 与全局 x 下标",
        ),
        Kind::OccupancyBlocks => tr(
            "Occupancy: blocks per SM and the limiter",
            "占用率：每个 SM 的 block 数与限制因素",
        ),
        Kind::OccupancyPercent => tr("Occupancy: theoretical occupancy", "占用率：理论占用率"),
        Kind::DispatchWaves => tr("Dispatch: waves and the tail", "分派：波次与尾波"),
        Kind::WarpsNeeded => tr(
            "Scheduling: warps needed ≈ L / k",
            "调度：所需 warp 数 ≈ L / k",
        ),
        Kind::SchedulerUtilisation => tr("Scheduling: issue utilisation", "调度：发射槽利用率"),
        Kind::DivergenceMask => tr(
            "Divergence: active mask and serialised paths",
            "分歧：active mask 与串行路径",
        ),
        Kind::CoalescingSectors => tr(
            "Coalescing: sectors and requests",
            "合并访存：sector 数与请求数",
        ),
        Kind::BankWavefronts => tr("Bank conflicts: wavefronts", "bank 冲突：wavefront 数"),
        Kind::FragmentOwner => tr(
            "Tensor Cores: which lane holds (r, c)",
            "Tensor Core：元素 (r, c) 在哪个 lane",
        ),
        Kind::W8a8Launch => tr(
            "Tensor Cores: the W8A8 launch",
            "Tensor Core：W8A8 的启动配置",
        ),
        Kind::RooflineRidge => tr(
            "Roofline: ridge point and bound",
            "Roofline：拐点与受限类型",
        ),
        Kind::RooflineTime => tr(
            "Roofline: time lower bound, A100 vs H100",
            "Roofline：A100 与 H100 的时间下界",
        ),
        Kind::TiledGemm => tr(
            "Roofline: tiled-GEMM intensity",
            "Roofline：分块 GEMM 的算术强度",
        ),
        Kind::PeArrayMacs => tr(
            "Inside the Tensor Core: a PE array's multiply-adds per cycle",
            "Tensor Core 内部：PE 阵列每周期的乘加次数",
        ),
        Kind::PeakFromUnits => tr(
            "Inside the Tensor Core: a peak from units",
            "Tensor Core 内部：由硬件单元推出峰值",
        ),
        Kind::WgmmaVsMma => tr(
            "Inside the Tensor Core: wgmma against mma.sync",
            "Tensor Core 内部：wgmma 与 mma.sync 的指令数",
        ),
        Kind::WgmmaDOwner => tr(
            "Inside the Tensor Core: which thread holds D[r][c] of a wgmma",
            "Tensor Core 内部：wgmma 的 D[r][c] 由哪个线程持有",
        ),
        Kind::TmemColumns => tr(
            "Inside the Tensor Core: Tensor Memory columns of a tcgen05.mma accumulator",
            "Tensor Core 内部：tcgen05.mma 累加器占多少列 Tensor Memory",
        ),
        Kind::DescriptorConflicts => tr(
            "Inside the Tensor Core: a descriptor's addresses and bank conflicts",
            "Tensor Core 内部：描述符的地址与 bank 冲突",
        ),
        Kind::LabSectors => tr(
            "Kernel lab: the sectors of one warp's access",
            "kernel 实验室：一个 warp 一次访存的 sector 数",
        ),
        Kind::LabWavefronts => tr(
            "Kernel lab: the wavefronts of one warp's shared access",
            "kernel 实验室：一个 warp 一次 shared 访问的 wavefront 数",
        ),
    }
}

/// A field's label.
pub fn field_label(field: Field) -> Tr {
    match field {
        Field::Fp32Lanes => tr("FP32 lanes", "FP32 单元数"),
        Field::Fp32PeakTflops => tr("FP32 peak", "FP32 峰值"),
        Field::ThreadId => tr("tid in the block", "block 内 tid"),
        Field::WarpInBlock => tr("Warp in the block", "block 内 warp 号"),
        Field::GlobalX => tr("Global x index", "全局 x 下标"),
        Field::BlocksPerSm => tr("Blocks per SM", "每个 SM 的 block 数"),
        Field::Limiter => tr("Limiter", "限制因素"),
        Field::OccupancyPercent => tr("Theoretical occupancy", "理论占用率"),
        Field::Waves => tr("Waves", "波次数"),
        Field::LastWaveBlocks => tr("Blocks in the last wave", "最后一波的 block 数"),
        Field::WarpsNeeded => tr("Warps needed per scheduler", "每个调度器所需 warp 数"),
        Field::UtilisationPercent => tr("Issue utilisation", "发射槽利用率"),
        Field::ThenMask => tr("Active mask of the then side", "then 分支的 active mask"),
        Field::SerialisedPaths => tr("Serialised paths", "串行路径数"),
        Field::Sectors => tr("Sectors", "sector 数"),
        Field::Requests => tr("Requests", "请求数"),
        Field::Wavefronts => tr("Wavefronts", "wavefront 数"),
        Field::Conflicts => tr("Conflicts", "冲突数"),
        Field::Lane => tr("Lane", "lane"),
        Field::Register => tr("Register", "寄存器"),
        Field::GridBlocks => tr("Blocks in the grid", "grid 中的 block 数"),
        Field::ThreadsPerBlock => tr("Threads per block", "每个 block 的线程数"),
        Field::MmaPerWarp => tr("MMAs per warp", "每个 warp 的 MMA 次数"),
        Field::RidgePoint => tr("Ridge point", "拐点"),
        Field::Bound => tr("Bound", "受限类型"),
        Field::TimeA100Us => tr("Time lower bound on A100", "A100 上的时间下界"),
        Field::TimeH100Us => tr("Time lower bound on H100", "H100 上的时间下界"),
        Field::Intensity => tr("Arithmetic intensity", "算术强度"),
        Field::MacsPerCycle => tr("Multiply-accumulates per cycle", "每周期乘加次数"),
        Field::AdderLevels => tr("Adder levels per PE", "每个 PE 的加法层数"),
        Field::PeCycles => tr("Cycles for K", "K 所需周期数"),
        Field::TensorPeakTflops => tr("Dense Tensor Core peak", "Tensor Core 稠密峰值"),
        Field::MmaSyncCount => tr("mma.sync m16n8k16 instructions", "mma.sync m16n8k16 指令数"),
        Field::AccumulatorRegisters => tr("FP32 accumulators per thread", "每线程 FP32 累加寄存器"),
        Field::WarpgroupThread => tr("Thread of the warp group", "warp group 中的线程号"),
        Field::TmemColumns => tr(
            "Tensor Memory columns of D per SM",
            "D 在每个 SM 占的 Tensor Memory 列数",
        ),
        Field::TmemAlloc => tr("Columns each CTA allocates", "每个 CTA 申请的列数"),
        Field::ElementAddress => tr("Byte address of the element", "元素的字节地址"),
        Field::ConflictsAsStored => tr("Bank conflicts as laid out", "按实际布局的 bank 冲突数"),
        Field::ConflictsWithoutSwizzle => tr(
            "Bank conflicts without the XOR",
            "去掉 XOR 后的 bank 冲突数",
        ),
        Field::ActiveLanes => tr("Active lanes", "活跃 lane 数"),
    }
}

/// A field's unit after a count of exactly one: "1 request", not "1 requests" (English; the
/// Chinese units have no plural). Other fields and languages: [`unit`].
pub fn unit_of_one(field: Field, lang: Lang) -> &'static str {
    let u = unit(field).get(lang);
    match field {
        Field::Fp32Lanes
        | Field::BlocksPerSm
        | Field::LastWaveBlocks
        | Field::GridBlocks
        | Field::Waves
        | Field::WarpsNeeded
        | Field::SerialisedPaths
        | Field::Sectors
        | Field::Requests
        | Field::Wavefronts
        | Field::Conflicts
        | Field::ThreadsPerBlock
        | Field::MmaPerWarp
        | Field::AdderLevels
        | Field::PeCycles
        | Field::MmaSyncCount
        | Field::AccumulatorRegisters
        | Field::TmemColumns
        | Field::TmemAlloc
        | Field::ConflictsAsStored
        | Field::ConflictsWithoutSwizzle
        | Field::ActiveLanes => u.strip_suffix('s').unwrap_or(u),
        _ => u,
    }
}

/// A field's unit, shown beside it.
pub fn unit(field: Field) -> Tr {
    match field {
        Field::Fp32Lanes => tr("lanes", "个"),
        Field::Fp32PeakTflops => tr("TFLOP/s", "TFLOP/s"),
        Field::ThreadId => tr("thread id", "线程号"),
        Field::WarpInBlock => tr("warp id", "warp 号"),
        Field::GlobalX => tr("index", "下标"),
        Field::BlocksPerSm | Field::LastWaveBlocks | Field::GridBlocks => tr("blocks", "个 block"),
        Field::OccupancyPercent | Field::UtilisationPercent => tr("%", "%"),
        Field::Waves => tr("waves", "波"),
        Field::WarpsNeeded => tr("warps", "个 warp"),
        Field::ThenMask => tr("hex", "十六进制"),
        Field::SerialisedPaths => tr("paths", "条"),
        Field::Sectors => tr("sectors", "个 sector"),
        Field::Requests => tr("requests", "个请求"),
        Field::Wavefronts | Field::Conflicts => tr("wavefronts", "个 wavefront"),
        Field::Lane => tr("lane id 0–31", "lane 号 0–31"),
        Field::Register => tr("register index", "寄存器序号"),
        Field::ThreadsPerBlock => tr("threads", "个线程"),
        Field::MmaPerWarp => tr("MMAs", "次"),
        Field::RidgePoint | Field::Intensity => tr("FLOP/byte", "FLOP/byte"),
        Field::MacsPerCycle => tr("MAC/cycle", "次/周期"),
        Field::AdderLevels => tr("levels", "级"),
        Field::PeCycles => tr("cycles", "个周期"),
        Field::TensorPeakTflops => tr("TFLOP/s", "TFLOP/s"),
        Field::MmaSyncCount => tr("instructions", "条"),
        Field::AccumulatorRegisters => tr("registers", "个寄存器"),
        Field::WarpgroupThread => tr("thread 0–127", "线程号 0–127"),
        Field::TmemColumns | Field::TmemAlloc => tr("columns", "列"),
        Field::ElementAddress => tr("byte address", "字节地址"),
        Field::ConflictsAsStored | Field::ConflictsWithoutSwizzle => tr("conflicts", "次冲突"),
        Field::ActiveLanes => tr("lanes", "个 lane"),
        Field::TimeA100Us | Field::TimeH100Us => tr("µs", "µs"),
        Field::Limiter | Field::Bound => tr("", ""),
    }
}

/// A category's name (a multiple-choice option).
pub fn category(c: Category) -> Tr {
    match c {
        Category::Limiter(Limiter::Warps) => tr("Warp slots", "warp 槽位"),
        Category::Limiter(Limiter::Registers) => tr("Registers", "寄存器"),
        Category::Limiter(Limiter::SharedMemory) => tr("Shared memory", "shared memory"),
        Category::Limiter(Limiter::Blocks) => tr("Block slots", "block 槽位"),
        Category::Bound(Bound::Memory) => tr("Memory-bound", "memory-bound"),
        Category::Bound(Bound::Compute) => tr("Compute-bound", "compute-bound"),
    }
}

/// Two hints per kind, the second closer to the answer.
pub fn hints(kind: Kind) -> [Tr; 2] {
    match kind {
        Kind::ThreadIndex => [
            tr("Threads of a block are numbered x fastest: tid = threadIdx.x + threadIdx.y × blockDim.x.", "block 内线程按 x 最快编号：tid = threadIdx.x + threadIdx.y × blockDim.x。"),
            tr("Every 32 consecutive tids form one warp: warp = tid / 32, lane = tid % 32. The global x index ignores y.", "每 32 个连续的 tid 组成一个 warp：warp = tid / 32，lane = tid % 32。全局 x 下标与 y 无关。"),
        ],
        Kind::ChipFp32 => [
            tr("Lanes on the chip = SMs × lanes per SM.", "全芯片单元数 = SM 数 × 每个 SM 的单元数。"),
            tr("Peak = lanes × 2 FLOP × clock; 1 TFLOP/s = 10¹² FLOP/s.", "峰值 = 单元数 × 2 FLOP × 频率；1 TFLOP/s = 10¹² FLOP/s。"),
        ],
        Kind::OccupancyBlocks | Kind::OccupancyPercent => [
            tr("Four budgets limit resident blocks: warp slots, registers, shared memory, block slots. Compute each limit, take the minimum.", "四项资源限制驻留 block 数：warp 槽位、寄存器、shared memory、block 槽位。分别算出上限，取最小值。"),
            tr("Registers are allocated per warp in units of 256; shared memory per block includes a 1 KiB reserve on 8.x and later and is rounded up to the allocation granularity.", "寄存器按 warp 以 256 个为单位分配；每个 block 的 shared memory 在 8.x 及以后还要加 1 KiB 预留，并向上取整到分配粒度。"),
        ],
        Kind::DispatchWaves => [
            tr("One full wave is blocks per SM × number of SMs.", "一整波 = 每个 SM 的 block 数 × SM 数。"),
            tr("Waves = ⌈grid / full wave⌉; the last wave holds what is left.", "波次 = ⌈grid / 一整波⌉；最后一波是剩下的部分。"),
        ],
        Kind::WarpsNeeded => [
            tr("While one warp waits L cycles, the others must fill the issue slots, k instructions each.", "一个 warp 等待 L 个周期时，其它 warp 各提供 k 条指令来填满发射槽。"),
            tr("The course's rule: warps needed ≈ L / k.", "课程的经验法则：所需 warp 数 ≈ L / k。"),
        ],
        Kind::SchedulerUtilisation => [
            tr("One warp alone issues I = 1 + k instructions per iteration of T1 = max(I, L) cycles.", "单个 warp 每次迭代发射 I = 1 + k 条指令，用时 T1 = max(I, L) 个周期。"),
            tr("Each scheduler's share is min(1, w × I / T1) for its w warps; average the 4 schedulers.", "每个调度器的利用率为 min(1, w × I / T1)（w 为它的 warp 数），再对 4 个调度器取平均。"),
        ],
        Kind::DivergenceMask => [
            tr("Start from the launch mask: lanes with threadIdx.x < blockDim.x.", "先求初始掩码：threadIdx.x < blockDim.x 的 lane。"),
            tr("Then side = launch mask AND the lanes where the condition holds; a branch whose sides both have lanes diverges, and each side with instructions then runs as a path of its own.", "then 分支 = 初始掩码与条件成立的 lane 相与；两侧都有 lane 时 warp 分歧，有指令的每一侧各作为一条路径依次执行。"),
        ],
        Kind::CoalescingSectors => [
            tr("List the first and last byte each lane touches; a sector is an aligned 32-byte block.", "列出每个 lane 访问的首末字节；sector 是对齐的 32 字节块。"),
            tr("Count distinct ⌊address / 32⌋ over all bytes read; one warp instruction is one request as ncu counts it on Volta and later, whatever the width.", "统计所有被读字节的 ⌊地址 / 32⌋ 有多少个不同值；在 Volta 及以后，ncu 把一条 warp 指令记为一个请求，与宽度无关。"),
        ],
        Kind::BankWavefronts => [
            tr("Bank = (byte address / 4) mod 32. 8- and 16-byte accesses are split into half- or quarter-warp phases.", "bank = (字节地址 / 4) mod 32。8 字节和 16 字节访问分成半个或四分之一个 warp 的阶段。"),
            tr("In each phase, the busiest bank sets the wavefronts; lanes reading the same word are a broadcast, not a conflict. Nsight Compute counts as conflicts the wavefronts beyond the first of each phase.", "每个阶段由最忙的 bank 决定 wavefront 数；读同一个字的 lane 是广播，不是冲突。Nsight Compute 把每个阶段第一个之外的 wavefront 记为冲突。"),
        ],
        Kind::FragmentOwner => [
            tr("The layouts are in the PTX ISA (mma.sync) or observed on the GPU (wmma): groups of 4 lanes share a row.", "布局见 PTX ISA（mma.sync）或在 GPU 上实测（wmma）：每 4 个 lane 一组共享一行。"),
            tr("A 32-bit register holds 32 / bits elements; register = slot index / elements per register.", "一个 32 位寄存器存放 32 / 位宽 个元素；寄存器号 = 槽位序号 / 每寄存器元素数。"),
        ],
        Kind::W8a8Launch => [
            tr("Each block computes 16 outputs (the N side of one WMMA tile).", "每个 block 计算 16 个输出（一个 WMMA tile 的 N 方向）。"),
            tr("The warps split K evenly; each MMA consumes 16 of K.", "各 warp 平均分摊 K；每次 MMA 消耗 K 中的 16。"),
        ],
        Kind::RooflineRidge => [
            tr("Ridge point = peak FLOP/s / bandwidth bytes/s.", "拐点 = 峰值 FLOP/s / 带宽 bytes/s。"),
            tr("Intensity = FLOPs / bytes: below the ridge the kernel is memory-bound.", "算术强度 = FLOPs / bytes：低于拐点为 memory-bound。"),
        ],
        Kind::RooflineTime => [
            tr("Time ≥ the larger of FLOPs / peak and bytes / bandwidth.", "时间 ≥ FLOPs / 峰值 与 bytes / 带宽 中较大的一个。"),
            tr("Do it once per GPU with its own roof; 1 µs = 10⁻⁶ s.", "用各自的屋顶分别计算；1 µs = 10⁻⁶ s。"),
        ],
        Kind::TiledGemm => [
            tr("FLOPs = 2 × M × N × K. Blocks = ⌈M / BM⌉ × ⌈N / BN⌉.", "FLOPs = 2 × M × N × K。block 数 = ⌈M / BM⌉ × ⌈N / BN⌉。"),
            tr("Bytes = blocks × (BM + BN) × K × element size + M × N × element size; BK does not change the traffic.", "字节数 = block 数 × (BM + BN) × K × 元素大小 + M × N × 元素大小；BK 不改变访存量。"),
        ],
        Kind::PeArrayMacs => [
            tr("Every PE does its k products in the same cycle: n × n PEs × k.", "所有 PE 在同一个周期完成各自的 k 个乘法：n × n 个 PE × k。"),
            tr("A tree adding k values pairwise needs log2 k levels; the array covers k of K per cycle.", "两两相加 k 个数的加法树需要 log2 k 级；阵列每周期处理 K 中的 k 个。"),
        ],
        Kind::PeakFromUnits => [
            tr("FLOP per clock per SM = Tensor Cores per SM × FMA per clock × 2.", "每 SM 每时钟 FLOP = 每 SM 的 Tensor Core 数 × 每时钟 FMA × 2。"),
            tr("Peak = that × SMs × the clock the datasheet assumes (not always the maximum boost).", "峰值 = 上式 × SM 数 × 数据手册假设的频率（不一定是最高 Boost 频率）。"),
        ],
        Kind::WgmmaVsMma => [
            tr("An m16n8k16 covers 16 rows and 8 columns of the 64 × N output.", "一条 m16n8k16 覆盖 64 × N 输出中的 16 行、8 列。"),
            tr("The 64 × N FP32 accumulators are spread over the warp group's 128 threads.", "64 × N 个 FP32 累加器分布在 warp group 的 128 个线程上。"),
        ],
        Kind::WgmmaDOwner => [
            tr("Warp w of the group owns rows 16w … 16w + 15; inside its band a warp holds what mma.sync.m16n8k16's accumulator would, every 8 columns: lane = 4 × (row % 8) + (column % 8) / 2.", "warp group 中的 warp w 负责第 16w … 16w + 15 行；在行带内，每 8 列一组，warp 持有的元素与 mma.sync.m16n8k16 的累加器相同：lane = 4 × (行 % 8) + (列 % 8) / 2。"),
            tr("Fragment index i = 4 × (column / 8) + 2 × ((row % 16) / 8) + column % 2; a 32-bit register holds one f32 or s32, or two f16.", "fragment 序号 i = 4 × (列 / 8) + 2 × ((行 % 16) / 8) + 列 % 2；一个 32 位寄存器存一个 f32 或 s32，或两个 f16。"),
        ],
        Kind::TmemColumns => [
            tr("Row r of D sits in lane r and column c in column c: an M = 128 accumulator takes N columns. M = 64 uses half the lanes, still N columns; a CTA pair splits D, and with M = 128 each SM holds N / 2 columns on all 128 lanes.", "D 的第 r 行在第 r 个 lane，第 c 列在第 c 列：M = 128 的累加器占 N 列。M = 64 只用一半 lane，仍占 N 列；一对 CTA 分担 D，M = 128 时每个 SM 在全部 128 个 lane 上占 N / 2 列。"),
            tr("tcgen05.alloc takes a power of two of at least 32 columns: round up.", "tcgen05.alloc 申请的列数是二的幂且至少 32 列：向上取整。"),
        ],
        Kind::DescriptorConflicts => [
            tr("Before the swizzle, K-major: offset = (row % 8) × S + (row / 8) × SBO + K byte (S = the swizzle's width, 16 without one; then LBO steps the 16-byte K chunks). The swizzle XORs address bits 4–6 with bits 7–9 (fewer for 32 and 64 B).", "swizzle 之前（K-major）：偏移 = (行 % 8) × S + (行 / 8) × SBO + K 方向字节（S 为 swizzle 宽度，无 swizzle 时为 16，并由 LBO 跨越 16 字节的 K 块）。swizzle 把地址第 4–6 位与第 7–9 位异或（32、64 B 时位数更少）。"),
            tr("A 16-byte row covers 4 banks, bank = (address / 4) mod 32: rows S bytes apart start S / 4 banks apart, so 128-byte rows meet the same banks again. Conflicts = wavefronts − 1.", "16 字节的一行占 4 个 bank，bank = (地址 / 4) mod 32：间距 S 字节的行起始 bank 相差 S / 4，所以 128 字节间距的行又回到同样的 bank。冲突数 = wavefront 数 − 1。"),
        ],
        Kind::LabSectors => [
            tr("Work out the warp's threads from blockIdx and the warp's index, then each lane's index and byte address.", "先由 blockIdx 和 warp 序号求出该 warp 的线程，再求每个 lane 的下标和字节地址。"),
            tr("Count the distinct 32-byte sectors (address / 32) of the active lanes; one warp instruction is one request.", "数出活跃 lane 涉及的不同 32 字节 sector（地址 / 32）；一条 warp 指令就是一个请求。"),
        ],
        Kind::LabWavefronts => [
            tr("Each lane's byte offset in shared memory gives its bank: (offset / 4) mod 32.", "每个 lane 在 shared memory 中的字节偏移决定它的 bank：(偏移 / 4) mod 32。"),
            tr("A phase takes as many wavefronts as the most distinct words one bank must deliver; lanes reading one word share it.", "一个 phase 的 wavefront 数等于单个 bank 需提供的不同 word 的最大个数；读同一 word 的 lane 共享它。"),
        ],
    }
}

/// What a worked-solution step computes.
pub fn step_label(label: StepLabel) -> Tr {
    match label {
        StepLabel::ThreadId => tr(
            "tid = threadIdx.x + threadIdx.y × blockDim.x",
            "tid = threadIdx.x + threadIdx.y × blockDim.x",
        ),
        StepLabel::WarpLane => tr(
            "warp = tid / 32, lane = tid % 32",
            "warp = tid / 32，lane = tid % 32",
        ),
        StepLabel::GlobalX => tr(
            "global x = blockIdx.x × blockDim.x + threadIdx.x",
            "全局 x = blockIdx.x × blockDim.x + threadIdx.x",
        ),
        StepLabel::Fp32Lanes => tr(
            "FP32 lanes = SMs × lanes per SM",
            "FP32 单元数 = SM 数 × 每 SM 单元数",
        ),
        StepLabel::Fp32Peak => tr(
            "Peak = lanes × 2 FLOP × clock",
            "峰值 = 单元数 × 2 FLOP × 频率",
        ),
        StepLabel::WarpsPerBlock => tr("Warps per block", "每个 block 的 warp 数"),
        StepLabel::RegistersPerWarp => tr(
            "Registers per warp, rounded to the allocation unit",
            "每个 warp 的寄存器数，按分配粒度取整",
        ),
        StepLabel::LimitRegisters => tr(
            "Blocks allowed by registers (per partition × partitions)",
            "寄存器允许的 block 数（每分区 × 分区数）",
        ),
        StepLabel::LimitWarps => tr("Blocks allowed by warp slots", "warp 槽位允许的 block 数"),
        StepLabel::SharedPerBlock => tr(
            "Shared memory per block: static + dynamic + reserve, rounded",
            "每个 block 的 shared memory：静态 + 动态 + 预留，取整",
        ),
        StepLabel::LimitShared => tr(
            "Blocks allowed by shared memory",
            "shared memory 允许的 block 数",
        ),
        StepLabel::LimitBlocks => tr("Blocks allowed by block slots", "block 槽位允许的 block 数"),
        StepLabel::BlocksPerSm => tr("Resident blocks per SM", "每个 SM 驻留的 block 数"),
        StepLabel::Occupancy => tr(
            "Occupancy = resident warps / max warps",
            "占用率 = 驻留 warp 数 / 最大 warp 数",
        ),
        StepLabel::FullWave => tr(
            "One full wave = blocks per SM × SMs",
            "一整波 = 每 SM block 数 × SM 数",
        ),
        StepLabel::Waves => tr("Waves = ⌈grid / full wave⌉", "波次 = ⌈grid / 一整波⌉"),
        StepLabel::LastWave => tr("Blocks in the last wave", "最后一波的 block 数"),
        StepLabel::WarpsNeeded => tr("Warps needed ≈ L / k", "所需 warp 数 ≈ L / k"),
        StepLabel::Iteration => tr(
            "One warp alone: instructions and cycles per iteration",
            "单个 warp：每次迭代的指令数和周期数",
        ),
        StepLabel::WarpsPerScheduler => tr(
            "Warps on each of the 4 schedulers",
            "4 个调度器各分到的 warp 数",
        ),
        StepLabel::Utilisation => tr("Utilisation", "利用率"),
        StepLabel::LaunchMask => tr("Launch mask of the warp", "warp 的初始掩码"),
        StepLabel::Condition => tr("Lanes where the condition holds", "条件成立的 lane"),
        StepLabel::ThenMask => tr(
            "Then side = launch mask AND condition",
            "then 分支 = 初始掩码 AND 条件",
        ),
        StepLabel::Serialised => tr(
            "Paths run one after the other only when both sides have lanes (an empty side is skipped)",
            "只有两侧都有 lane 时路径才依次执行（空的一侧直接跳过）",
        ),
        StepLabel::SerialisedThenOnly => tr(
            "Only the then side has instructions: when the warp diverges it runs under its partial mask while the other lanes wait at the end of the if, one path",
            "只有 then 分支有指令：warp 分歧时它在部分掩码下执行，其余 lane 在 if 末尾等待，只有一条路径",
        ),
        StepLabel::Addresses => tr("Byte addresses of the lanes", "各 lane 的字节地址"),
        StepLabel::Sectors => tr("Distinct 32-byte sectors", "不同的 32 字节 sector"),
        StepLabel::Lines => tr(
            "(For comparison) distinct 128-byte lines",
            "（对照）不同的 128 字节 line",
        ),
        StepLabel::Requests => tr("Requests", "请求数"),
        StepLabel::Banks => tr("Banks of the first lanes", "前几个 lane 的 bank"),
        StepLabel::Phases => tr(
            "Phases of the access (halved when paired lanes share an address)",
            "访问分成的阶段（成对 lane 地址相同时减半）",
        ),
        StepLabel::Wavefronts => tr(
            "Wavefronts (busiest bank per phase, broadcasts free)",
            "wavefront 数（每阶段最忙的 bank，广播不计）",
        ),
        StepLabel::Conflicts => tr(
            "Conflicts as Nsight Compute counts them = wavefronts − phases (each phase's first wavefront is no conflict)",
            "Nsight Compute 计的冲突 = wavefront 数 − 阶段数（每个阶段的第一个 wavefront 不算冲突）",
        ),
        StepLabel::Slot => tr(
            "Element → lane and fragment slot x[i]",
            "元素 → lane 与 fragment 槽位 x[i]",
        ),
        StepLabel::Register => tr(
            "Register = i / elements per register",
            "寄存器 = i / 每寄存器元素数",
        ),
        StepLabel::GridBlocks => tr("Grid = N / 16", "grid = N / 16"),
        StepLabel::Threads => tr("Threads = warps × 32", "线程数 = warp 数 × 32"),
        StepLabel::MmaPerWarp => tr(
            "K per warp, then MMAs per warp",
            "每个 warp 的 K，再求每个 warp 的 MMA 次数",
        ),
        StepLabel::Intensity => tr("Intensity = FLOPs / bytes", "算术强度 = FLOPs / bytes"),
        StepLabel::Ridge => tr("Ridge = peak / bandwidth", "拐点 = 峰值 / 带宽"),
        StepLabel::Bound => tr("Intensity vs ridge", "算术强度与拐点比较"),
        StepLabel::TimeA100 => tr(
            "A100: max(compute time, memory time)",
            "A100：max(计算时间, 访存时间)",
        ),
        StepLabel::TimeH100 => tr(
            "H100: max(compute time, memory time)",
            "H100：max(计算时间, 访存时间)",
        ),
        StepLabel::TiledBytes => tr("Bytes moved by the tiles", "分块搬运的字节数"),
        StepLabel::PeMacs => tr("MACs per cycle = n × n × k", "每周期乘加 = n × n × k"),
        StepLabel::PeAdderLevels => tr("Adder levels = log2 k", "加法层数 = log2 k"),
        StepLabel::PeCycles => tr("Cycles = K / k", "周期数 = K / k"),
        StepLabel::TensorFlopsPerClk => tr(
            "FLOP per clock per SM = Tensor Cores × FMA × 2",
            "每 SM 每时钟 FLOP = Tensor Core 数 × FMA × 2",
        ),
        StepLabel::TensorPeak => tr(
            "Peak = FLOP per clock per SM × SMs × clock",
            "峰值 = 每 SM 每时钟 FLOP × SM 数 × 频率",
        ),
        StepLabel::MmaEquivalent => tr(
            "mma.sync = (64 / 16) × (N / 8)",
            "mma.sync 条数 = (64 / 16) × (N / 8)",
        ),
        StepLabel::AccumulatorRegisters => tr(
            "Accumulators per thread = 64 × N / 128",
            "每线程累加器 = 64 × N / 128",
        ),
        StepLabel::WarpAndLane => tr(
            "The warp of the row's band, the lane inside it",
            "行所在行带的 warp，以及 warp 内的 lane",
        ),
        StepLabel::WarpgroupThread => tr(
            "Thread of the warp group = 32 × warp + lane",
            "warp group 中的线程号 = 32 × warp + lane",
        ),
        StepLabel::FragmentIndex => tr(
            "Fragment index i of the element",
            "元素的 fragment 序号 i",
        ),
        StepLabel::TmemLayout => tr(
            "Data-path layout, and the columns of D in each SM (f32: one element per 32-bit cell)",
            "数据通路布局，以及 D 在每个 SM 中的列数（f32：每格 32 位一个元素）",
        ),
        StepLabel::TmemAlloc => tr(
            "Allocation = the smallest power of two ≥ max(32, columns)",
            "申请列数 = 不小于 max(32, 列数) 的最小二的幂",
        ),
        StepLabel::LogicalOffset => tr(
            "Offset before the swizzle, from the layout's formula",
            "swizzle 之前的偏移（按布局公式）",
        ),
        StepLabel::SwizzleXor => tr(
            "Start address + offset, then the swizzle's XOR",
            "起始地址 + 偏移，再做 swizzle 的 XOR",
        ),
        StepLabel::CoreMatrixBanks => tr(
            "Worst core-matrix read, wavefronts: as laid out | without the XOR",
            "最差的 core matrix 读取（wavefront）：实际布局 | 去掉 XOR",
        ),
    }
}
