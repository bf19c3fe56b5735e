//! The quiz's words in both languages: labels, the prompt of every kind from its parameters,
//! field names and units, diagnoses, hints and worked-solution labels. Terms follow the course
//! texts (`seeds/`): block, warp, lane, sector, bank, wavefront, memory-bound stay in English
//! in the Chinese text as the courses write them.

use crate::model::gpu_spec::GpuSpec;
use crate::model::occupancy::Limiter;
use crate::model::quiz::{Category, Field, Kind, Mistake, Params, Question, StepLabel};
use crate::model::roofline::Bound;
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

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
    "Counts, masks, lanes and registers must be exact. Real numbers are right within ±1 % of the model's value (a number of warps estimated by the course's rule also as the whole number either side). Categories are multiple choice. The unit is shown beside each field; masks are hex (0x…, bit i = lane i).",
    "计数、掩码、lane 和寄存器号必须完全正确；实数与模型值相差在 ±1% 以内即为正确（按课程估算规则求的 warp 数，取相邻的整数也算对）；类别题为单选。每个输入框旁标有单位；掩码用十六进制（0x…，第 i 位对应 lane i）。",
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
/// Per-field mark: not readable.
pub const FIELD_UNREADABLE: Tr = tr(
    "not a number: digits, a point for decimals (52.2), commas only between thousands",
    "无法识别为数字：小数请用小数点（如 52.2），逗号只用于千位分隔",
);
/// Mark beside a field left empty.
pub const FIELD_EMPTY: Tr = tr("empty: type a number", "未填写：请填入数字");
/// Verdict line when a field is empty or unreadable: nothing is graded or recorded.
pub const NOT_GRADED: Tr = tr(
    "Not graded yet: fill in every field with a number. Nothing was recorded.",
    "尚未评分：请在每个空中填入数字。本次不计入记录。",
);
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
            "Grid 与 block：线程的 tid、warp、lane 与全局 x 下标",
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
    }
}

fn gpu_name(id: &str) -> String {
    GpuSpec::by_id(id).map_or_else(|| id.to_string(), |g| g.name.to_string())
}

/// The question's sentence in `lang`, from its parameters.
pub fn prompt(q: &Question, lang: Lang) -> String {
    use crate::model::quiz::sci;
    match &q.params {
        Params::Thread {
            grid: (gx, gy),
            block: (bx, by),
            block_idx: (kx, ky),
            thread_idx: (tx, ty),
        } => trf!(
            lang,
            "A kernel is launched with gridDim = ({gx}, {gy}) and blockDim = ({bx}, {by}). For the thread with blockIdx = ({kx}, {ky}) and threadIdx = ({tx}, {ty}): what is its linear id tid inside the block (x fastest), its warp in the block, its lane, and its global x index blockIdx.x · blockDim.x + threadIdx.x?",
            "kernel 以 gridDim = ({gx}, {gy})、blockDim = ({bx}, {by}) 启动。对 blockIdx = ({kx}, {ky})、threadIdx = ({tx}, {ty}) 的线程：它在 block 内的线性编号 tid（x 变化最快）是多少？属于 block 内第几个 warp、是哪个 lane？全局 x 下标 blockIdx.x · blockDim.x + threadIdx.x 是多少？"
        ),
        Params::Chip { gpu, clock_mhz } => {
            let g = GpuSpec::by_id(gpu);
            let sms = g.as_ref().map_or(0, |g| g.sm_count);
            let per = g.as_ref().map_or(0, |g| g.fp32_lanes_per_sm);
            let name = gpu_name(gpu);
            trf!(
                lang,
                "The {name} has {sms} SMs with {per} FP32 lanes each. How many FP32 lanes does the chip have, and what FP32 peak do they reach at a sustained clock of {clock_mhz} MHz (one FFMA = 2 FLOP per lane per cycle)?",
                "{name} 有 {sms} 个 SM，每个 SM 有 {per} 个 FP32 单元。整颗芯片共有多少个 FP32 单元？在 {clock_mhz} MHz 的持续频率下，FP32 峰值是多少（每个单元每周期一条 FFMA = 2 FLOP）？"
            )
        }
        Params::Launch {
            gpu,
            threads,
            regs,
            smem_bytes,
            dsmem_bytes,
        } => {
            let name = gpu_name(gpu);
            let cc = GpuSpec::by_id(gpu).map_or((0, 0), |g| g.compute_capability);
            let (major, minor) = cc;
            let launch = trf!(
                lang,
                "A kernel on the {name} (compute capability {major}.{minor}) runs {threads} threads per block with {regs} registers per thread, {smem_bytes} B of static and {dsmem_bytes} B of dynamic shared memory per block (default carveout).",
                "{name}（计算能力 {major}.{minor}）上的一个 kernel：每个 block {threads} 个线程，每个线程 {regs} 个寄存器，每个 block {smem_bytes} B 静态和 {dsmem_bytes} B 动态 shared memory（默认 carveout）。"
            );
            let ask = if q.kind == Kind::OccupancyPercent {
                tr(
                    " What is its theoretical occupancy (active warps / maximum warps per SM)?",
                    "它的理论占用率（活跃 warp 数 / 每个 SM 最大 warp 数）是多少？",
                )
            } else {
                tr(
                    " How many blocks can be resident on one SM, and which budget limits them?",
                    "一个 SM 上最多能同时驻留多少个 block？是哪一项资源限制了它？",
                )
            };
            format!("{launch}{}", ask.get(lang))
        }
        Params::Grid {
            gpu,
            sm_count,
            threads,
            regs,
            blocks_per_sm,
            grid,
        } => {
            let name = gpu_name(gpu);
            let word = |one: bool| if one { "block" } else { "blocks" };
            let (blocks_word, grid_word) = (word(*blocks_per_sm == 1), word(*grid == 1));
            trf!(
                lang,
                "On the {name} ({sm_count} SMs), a kernel with {threads} threads per block and {regs} registers per thread keeps {blocks_per_sm} {blocks_word} resident per SM. A grid of {grid} {grid_word} is launched. How many waves does it take, and how many blocks run in the last wave?",
                "在 {name}（{sm_count} 个 SM）上，一个每 block {threads} 线程、每线程 {regs} 个寄存器的 kernel 每个 SM 可驻留 {blocks_per_sm} 个 block。启动 {grid} 个 block 的 grid：需要几个波次？最后一波有多少个 block？"
            )
        }
        Params::Latency {
            latency_cycles,
            k,
            warps: None,
        } => trf!(
            lang,
            "A loop issues one global load, then {k} independent instructions, then needs the loaded value; the load latency is L = {latency_cycles} cycles. By the course's rule, how many warps does one scheduler need to hide the latency?",
            "一个循环先发出一条 global load，接着是 {k} 条独立指令，然后才用到加载的值；访存延迟 L = {latency_cycles} 个周期。按课程的经验法则，一个调度器需要多少个 warp 才能隐藏这段延迟？"
        ),
        Params::Latency {
            latency_cycles,
            k,
            warps: Some(w),
        } => trf!(
            lang,
            "An SM holds {w} resident warps, spread round robin over its 4 schedulers. Each warp issues a load, then {k} independent instructions, then waits for the load (L = {latency_cycles} cycles). What share of the issue slots is used (the chapter's closed-form estimate)?",
            "一个 SM 上驻留 {w} 个 warp，轮流分配给 4 个调度器。每个 warp 发出一条 load，再发 {k} 条独立指令，然后等待 load 返回（L = {latency_cycles} 个周期）。发射槽的利用率是多少（本章的闭式估计）？"
        ),
        Params::Branch {
            condition,
            block,
            warp,
            block_index,
            n,
            ..
        } => {
            let code = format!("if ({condition}) {{ … }} else {{ … }}");
            let bound = match n {
                Some(n) => trf!(
                    lang,
                    " with i = blockIdx.x × blockDim.x + threadIdx.x and n = {n}",
                    "，其中 i = blockIdx.x × blockDim.x + threadIdx.x，n = {n}"
                ),
                None => String::new(),
            };
            trf!(
                lang,
                "A kernel launched with blockDim.x = {block} runs `{code}`{bound}. For warp {warp} of block {block_index}: what is the active mask of the then side (hex, bit i = lane i), and how many branch paths run serialised under a partial mask (0 when the warp does not diverge)?",
                "一个 blockDim.x = {block} 的 kernel 执行 `{code}`{bound}。对 block {block_index} 的第 {warp} 个 warp：then 分支的 active mask 是多少（十六进制，第 i 位 = lane i）？有几条分支路径在部分掩码下串行执行（warp 不分歧时为 0）？"
            )
        }
        Params::Global {
            elem_bytes,
            stride,
            offset_bytes,
        } => trf!(
            lang,
            "Each lane of a full warp loads {elem_bytes} B from global memory at byte address {offset_bytes} + lane × {stride} × {elem_bytes}. How many 32-byte sectors does the load touch, and how many requests does it take?",
            "一个完整 warp 的每个 lane 从 global memory 读取 {elem_bytes} B，字节地址为 {offset_bytes} + lane × {stride} × {elem_bytes}。这次访存涉及多少个 32 字节 sector？需要几个请求（request）？"
        ),
        Params::Shared {
            elem_bytes,
            stride,
            group,
        } => {
            let index = if *group > 1 {
                format!("(lane / {group}) × {stride}")
            } else {
                format!("lane × {stride}")
            };
            trf!(
                lang,
                "Each lane of a full warp reads {elem_bytes} B from shared memory at element index {index} (byte address = index × {elem_bytes}). How many wavefronts does the access take, and how many of them are conflicts (beyond the ideal)?",
                "一个完整 warp 的每个 lane 从 shared memory 读取 {elem_bytes} B，元素下标为 {index}（字节地址 = 下标 × {elem_bytes}）。这次访问需要多少个 wavefront？其中多少个是冲突造成的（超出理想值的部分）？"
            )
        }
        Params::Fragment {
            shape,
            operand,
            element,
            row,
            col,
        } => {
            let (s, o, e) = (shape.label(), operand.label(), element.label());
            trf!(
                lang,
                "In the {s} fragment of operand {o} ({e}), which lane holds element (row {row}, column {col}), and in which of that lane's 32-bit registers (counting from 0)?",
                "在 {s} 的操作数 {o}（{e}）的 fragment 中，元素（第 {row} 行，第 {col} 列）由哪个 lane 持有？在该 lane 的第几个 32 位寄存器中（从 0 开始）？"
            )
        }
        Params::W8a8 { k, n, warps } => trf!(
            lang,
            "The course's W8A8 GEMV with K = {k}, N = {n} and {warps} {warps_word} per block (WMMA m16n16k16 int8, one block per 16 outputs, the warps split K): how many blocks does the grid have, how many threads per block, and how many MMAs does each warp issue?",
            "课程中的 W8A8 GEMV，K = {k}，N = {n}，每个 block {warps} 个 warp（WMMA m16n16k16 int8，每个 block 负责 16 个输出，各 warp 分摊 K）：grid 有多少个 block？每个 block 多少线程？每个 warp 发出多少次 MMA？",
            warps_word = if *warps == 1 { "warp" } else { "warps" }
        ),
        Params::Kernel {
            gpu: Some(gpu),
            precision,
            flops,
            bytes,
        } => {
            let (name, p, f, b) = (gpu_name(gpu), precision.label(), sci(*flops), sci(*bytes));
            trf!(
                lang,
                "A kernel does {f} FLOP and moves {b} bytes on the {name}, against the {p} roof (the course's rounded values for A100 and H100, datasheet values for the others). What is the ridge point of that roof, and is the kernel memory-bound or compute-bound?",
                "一个 kernel 在 {name} 上执行 {f} FLOP、搬运 {b} 字节，对照 {p} 的屋顶（A100、H100 用课程的取整值，其余用规格表数值）。该屋顶的拐点（ridge point）是多少？这个 kernel 是 memory-bound 还是 compute-bound？"
            )
        }
        Params::Kernel {
            gpu: None,
            precision,
            flops,
            bytes,
        } => {
            let (p, f, b) = (precision.label(), sci(*flops), sci(*bytes));
            trf!(
                lang,
                "A kernel does {f} FLOP ({p}) and moves {b} bytes. With the course's values (A100: 19.5 TFLOPS FP32, 312 TFLOPS BF16, 2.0 TB/s; H100: 67, 989 TFLOPS, 3.35 TB/s), what is its time lower bound on each GPU?",
                "一个 kernel 执行 {f} FLOP（{p}），搬运 {b} 字节。按课程的数值（A100：FP32 19.5 TFLOPS、BF16 312 TFLOPS、2.0 TB/s；H100：67、989 TFLOPS、3.35 TB/s），它在两块 GPU 上的理论时间下界各是多少？"
            )
        }
        Params::Tiled {
            m,
            n,
            k,
            bm,
            bn,
            bk,
            dtype,
        } => {
            let d = dtype.label();
            trf!(
                lang,
                "The GEMM of {m} × {n} × {k} ({d}) is tiled into BM × BN × BK = {bm} × {bn} × {bk} blocks with no L2 reuse: each block reads (BM + BN) × K elements of A and B, and C is written once. What is its arithmetic intensity?",
                "一个 {m} × {n} × {k} 的 GEMM（{d}）按 BM × BN × BK = {bm} × {bn} × {bk} 分块，且不考虑 L2 复用：每个 block 读取 A、B 共 (BM + BN) × K 个元素，C 只写一次。它的算术强度是多少？"
            )
        }
        Params::PeArray {
            side,
            dot_length,
            k_total,
        } => trf!(
            lang,
            "A Tensor Core is modelled as a {side} × {side} array of processing elements; each PE multiplies {dot_length} pairs per cycle (A's row broadcast horizontally, B's column vertically) and sums them with a reduction tree into its accumulator. How many multiply-accumulates does the array do per cycle, how many adder levels does each tree need, and how many cycles does a product with K = {k_total} take?",
            "把一个 Tensor Core 建模为 {side} × {side} 的 PE 阵列；每个 PE 每周期做 {dot_length} 对乘法（A 的行水平广播、B 的列垂直广播），再用归约树求和并累加。阵列每周期完成多少次乘加？每棵加法树需要几级？K = {k_total} 的乘积需要多少个周期？"
        ),
        Params::TensorPeak { gpu, precision } => {
            let name = gpu_name(gpu);
            let p = crate::model::tensor_core_gen::peak::tensor_peaks(gpu)
                .ok()
                .and_then(|v| v.into_iter().find(|x| x.precision == *precision));
            let (sms, tcs, fma, clock, boost) = p.map_or((0, 0, 0, 0, 0), |p| {
                (
                    p.sm_count,
                    p.tensor_cores_per_sm,
                    p.fma_per_clk_per_tensor_core,
                    p.clock_mhz,
                    p.boost_clock_mhz,
                )
            });
            let label = precision.label();
            trf!(
                lang,
                "The {name} has {sms} SMs with {tcs} Tensor Cores each; one Tensor Core does {fma} dense {label} multiply-adds per clock. Its datasheet's Tensor figures correspond to {clock} MHz (maximum boost: {boost} MHz). What dense {label} peak do these units give, in TFLOP/s?",
                "{name} 有 {sms} 个 SM，每个 SM 有 {tcs} 个 Tensor Core；每个 Tensor Core 每时钟做 {fma} 次稠密 {label} 乘加。其数据手册的 Tensor 峰值对应 {clock} MHz（最高 Boost：{boost} MHz）。这些单元给出的稠密 {label} 峰值是多少 TFLOP/s？"
            )
        }
        Params::Wgmma { n } => trf!(
            lang,
            "A warp group issues wgmma.mma_async m64n{n}k16 with BF16 inputs and FP32 accumulators. How many mma.sync.m16n8k16 instructions compute the same product, and how many FP32 accumulator registers does each of the group's 128 threads hold?",
            "一个 Warp Group 发射 wgmma.mma_async m64n{n}k16（BF16 输入、FP32 累加）。同样的乘积需要多少条 mma.sync.m16n8k16？Warp Group 的 128 个线程每个持有多少个 FP32 累加寄存器？"
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
        | Field::AccumulatorRegisters => u.strip_suffix('s').unwrap_or(u),
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

/// The diagnosis of a known mistake.
pub fn mistake(m: Mistake) -> Tr {
    match m {
        Mistake::LinesNotSectors => tr(
            "You counted 128-byte lines; the memory system moves 32-byte sectors. Count the distinct 32-byte sectors the addresses fall in.",
            "你数的是 128 字节的 cache line；内存系统按 32 字节 sector 搬运数据。请数地址落在多少个不同的 32 字节 sector 中。",
        ),
        Mistake::RegisterAllocationUnit => tr(
            "You forgot the register allocation unit: registers are given to a warp in units of 256 (regs × 32 rounded up to a multiple of 256).",
            "你忘了寄存器分配粒度：寄存器按每个 warp 256 个为单位分配（regs × 32 向上取整到 256 的倍数）。",
        ),
        Mistake::ReservedSharedMemory => tr(
            "You forgot the 1 KB of shared memory the system reserves per block on compute capability 8.x and later: add it before rounding.",
            "你忘了计算能力 8.x 及以后每个 block 由系统预留的 1 KB shared memory：先加上它再取整。",
        ),
        Mistake::DatasheetValues => tr(
            "That is the datasheet value (e.g. 2,039 GB/s on A100); the quiz uses the course's rounded values (A100 2.0 TB/s, 312 TFLOPS BF16; H100 3.35 TB/s, 989 TFLOPS).",
            "这是规格表的数值（如 A100 的 2039 GB/s）；本测验使用课程的取整值（A100 2.0 TB/s、BF16 312 TFLOPS；H100 3.35 TB/s、989 TFLOPS）。",
        ),
        Mistake::BroadcastAsConflict => tr(
            "You counted a broadcast as a conflict: lanes reading the same 4-byte word of a bank are served together in one wavefront.",
            "你把广播算成了冲突：读取同一 bank 中同一个 4 字节字的多个 lane 在同一个 wavefront 中一起完成。",
        ),
        Mistake::FloorNotCeil => tr(
            "You rounded down: the blocks left over after the full waves still need a (partial) tail wave, so round up.",
            "你向下取整了：整波之后剩下的 block 还需要一个（不满的）尾波，所以要向上取整。",
        ),
        Mistake::PartialWarpLaunchMask => tr(
            "The block size is not a multiple of 32, so this warp starts with a partial launch mask: lanes beyond blockDim.x never run. AND the condition with the launch mask.",
            "block 大小不是 32 的倍数，这个 warp 的初始掩码只有部分 lane：超出 blockDim.x 的 lane 从不执行。请把条件与初始掩码相与。",
        ),
        Mistake::RequestPerLane => tr(
            "One warp-wide load instruction is one request, however many lanes it has; the lanes' addresses decide the sectors, not the requests.",
            "一条 warp 级的 load 指令就是一个请求，不论有多少个 lane；lane 的地址决定的是 sector 数，而不是请求数。",
        ),
        Mistake::PerSmNotPerScheduler => tr(
            "Per SM and per scheduler differ by 4: each SM has 4 warp schedulers.",
            "按 SM 计和按调度器计相差 4 倍：每个 SM 有 4 个 warp 调度器。",
        ),
        Mistake::BoostNotTensorClock => tr(
            "That is the maximum boost clock: the datasheet's Tensor figures assume a lower one (1,830 MHz on the H100 / H200 SXM).",
            "这是按最高 Boost 频率算的：数据手册的 Tensor 峰值假设的频率更低（H100 / H200 SXM 为 1,830 MHz）。",
        ),
        Mistake::FmaNotTwoFlops => tr(
            "One fused multiply-add counts as 2 FLOP.",
            "一次融合乘加（FMA）算 2 个 FLOP。",
        ),
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
            tr("Registers are allocated per warp in units of 256; shared memory per block includes a 1 KB reserve on 8.x and later and is rounded up to the allocation granularity.", "寄存器按 warp 以 256 个为单位分配；每个 block 的 shared memory 在 8.x 及以后还要加 1 KB 预留，并向上取整到分配粒度。"),
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
            tr("Then side = launch mask AND the lanes where the condition holds; a branch with both sides non-empty diverges.", "then 分支 = 初始掩码与条件成立的 lane 相与；两侧都非空时 warp 才分歧。"),
        ],
        Kind::CoalescingSectors => [
            tr("List the first and last byte each lane touches; a sector is an aligned 32-byte block.", "列出每个 lane 访问的首末字节；sector 是对齐的 32 字节块。"),
            tr("Count distinct ⌊address / 32⌋ over all bytes read; one warp instruction is one request (16-byte accesses may split).", "统计所有被读字节的 ⌊地址 / 32⌋ 有多少个不同值；一条 warp 指令就是一个请求（16 字节访问可能拆分）。"),
        ],
        Kind::BankWavefronts => [
            tr("Bank = (byte address / 4) mod 32. 8- and 16-byte accesses are split into half- or quarter-warp phases.", "bank = (字节地址 / 4) mod 32。8 字节和 16 字节访问分成半个或四分之一个 warp 的阶段。"),
            tr("In each phase, the busiest bank sets the wavefronts; lanes reading the same word are a broadcast, not a conflict.", "每个阶段由最忙的 bank 决定 wavefront 数；读同一个字的 lane 是广播，不是冲突。"),
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
            tr("The 64 × N FP32 accumulators are spread over the warp group's 128 threads.", "64 × N 个 FP32 累加器分布在 Warp Group 的 128 个线程上。"),
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
        StepLabel::Addresses => tr("Byte addresses of the lanes", "各 lane 的字节地址"),
        StepLabel::Sectors => tr("Distinct 32-byte sectors", "不同的 32 字节 sector"),
        StepLabel::Lines => tr(
            "(For comparison) distinct 128-byte lines",
            "（对照）不同的 128 字节 line",
        ),
        StepLabel::Requests => tr("Requests", "请求数"),
        StepLabel::Banks => tr("Banks of the first lanes", "前几个 lane 的 bank"),
        StepLabel::Phases => tr("Phases of the access", "访问分成的阶段"),
        StepLabel::Wavefronts => tr(
            "Wavefronts (busiest bank per phase, broadcasts free)",
            "wavefront 数（每阶段最忙的 bank，广播不计）",
        ),
        StepLabel::Conflicts => tr(
            "Conflicts = wavefronts − ideal",
            "冲突 = wavefront 数 − 理想值",
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
    }
}
