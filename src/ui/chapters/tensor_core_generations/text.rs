//! The Tensor-Core-generations chapter's words, in both languages (course
//! `tensor-core-history-and-instructions`).

// `trf!` binds each `name = value` argument with a `let`; `n = n` is its intended form.
#![allow(clippy::redundant_locals)]

use crate::model::measured::tensor_core_peak::TcLoop;
use crate::model::tensor_core_gen::pe_array::PeStage;
use crate::model::tensor_core_gen::peak::{ClockBasis, PeakError};
use crate::model::tensor_core_gen::quad_pair::ProductElement;
use crate::model::tensor_core_gen::wgmma::ProtocolStep;
use crate::model::tensor_core_gen::{Generation, IssueLevel, OperandPath};
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

pub mod descriptor;
pub mod tmem;
pub mod wgmma_map;

pub const TITLE: Tr = tr(
    "Inside the Tensor Core, generation by generation",
    "Tensor Core 内部与代际演进",
);
pub const INTRO: [Tr; 2] = [
    tr(
        "Why is a [[Tensor Core|tensor-core]] fast, and why did the instruction that feeds it change with every generation? A Tensor Core computes D = A · B + C on small [[tiles|tile]] in one go: every multiply at once, the sums in a tree. From Volta to Blackwell three things changed: how data reaches it (registers → [[shared memory|shared-memory]], filled by [[TMA|tma]] on Hopper → [[Tensor Memory|tensor-memory]]), the data types, and who issues the instruction (a [[warp]] → a [[warp group|warp-group]] of four → two [[SMs|sm]], with [[tcgen05]]).",
        "[[Tensor Core|tensor-core]] 为什么快？喂给它的指令为什么每一代都在变？Tensor Core 一次完成小 [[tile]] 上的 D = A · B + C：所有乘法同时进行，加法按树形归约。从 Volta 到 Blackwell，变化的有三件事：数据如何到达（寄存器 → [[shared memory|shared-memory]]（Hopper 上由 [[TMA|tma]] 填入）→ [[Tensor Memory|tensor-memory]]）、数据类型，以及由谁发射指令（一个 [[warp]] → 4 个 warp 组成的 [[warp group|warp-group]] → 两个 [[SM|sm]]，即 [[tcgen05]]）。",
    ),
    tr(
        "Below: the processing-element array stepped cycle by cycle, the datasheet peaks rebuilt from units, Volta's quad-pairs against Ampere's whole-warp [[fragments|fragment]], Hopper's warp group and its asynchronous protocol, [[wgmma]]'s register fragments thread by thread, the shared-memory matrix descriptor and its swizzle over the banks, Blackwell's Tensor Memory and tcgen05, the data path by generation, and what an H200 measured for [[mma.sync|mma-sync]] and wgmma.",
        "下面依次是：逐周期单步执行的 PE 阵列、由硬件单元推出的数据手册峰值、Volta 的 quad-pair 与 Ampere 整个 warp 的 [[fragment]] 对比、Hopper 的 warp group 及其异步协议、逐线程查看的 [[wgmma]] 寄存器 fragment、shared memory 矩阵描述符及其在 bank 上的 swizzle、Blackwell 专用的 Tensor Memory 与 tcgen05、各代的数据通路，以及在 H200 上实测的 [[mma.sync|mma-sync]] 与 wgmma。",
    ),
];

// ---- PE array --------------------------------------------------------------------------------

pub const PE_TITLE: Tr = tr(
    "The processing-element array, cycle by cycle",
    "PE 阵列：逐个周期",
);
pub const PE_INTRO: Tr = tr(
    "The course's 4 × 4 array: processing element PE(i, j) owns output D[i][j]. Each cycle, row i of A is broadcast horizontally to every PE of array row i and column j of B vertically to every PE of array column j, over hard-wired lines, so no two PEs contend for a register. Every PE multiplies its 4 pairs at once (FP16 × FP16, exact in FP32), adds them with a tree of log2 4 = 2 adder levels and adds the sum into its 32-bit accumulator. Step through the stages; the hardware may finish several of them in one clock.",
    "课程中的 4 × 4 阵列：处理单元 PE(i, j) 负责输出 D[i][j]。每个周期，A 的第 i 行经硬连线水平广播到阵列第 i 行的所有 PE，B 的第 j 列垂直广播到阵列第 j 列的所有 PE，无访问冲突。每个 PE 同时完成 4 个乘法（FP16 × FP16，在 FP32 中精确），用 log2 4 = 2 级加法树求和，再累加到 32 位累加器。可逐阶段单步；硬件上一个周期可能完成其中几步。",
);
pub const SEED_LABEL: Tr = tr("values (seed)", "数值（随机种子）");
pub const K_LABEL: Tr = tr("K (blocks of 4)", "K（以 4 为一块）");
pub const PLAYER_LABEL: Tr = tr("Step through the PE array", "单步执行 PE 阵列");
pub const A_WIRES: Tr = tr("A row → (horizontal)", "A 的行 →（水平广播）");
pub const B_WIRES: Tr = tr("B column ↓ (vertical)", "B 的列 ↓（垂直广播）");
pub const MACS_PER_CYCLE: Tr = tr(
    "multiply-accumulates per cycle per Tensor Core",
    "每个 Tensor Core 每周期乘加次数",
);
pub const MACS_DONE: Tr = tr("multiply-accumulates done", "已完成乘加");
pub const ADDER_LEVELS: Tr = tr("adder levels per PE", "每个 PE 的加法树层数");
pub const RESULT_OK: Tr = tr(
    "D = A · B + C: every accumulator equals the exact matrix product.",
    "D = A · B + C：每个累加器都等于精确的矩阵乘积。",
);
pub const RESULT_PENDING: Tr = tr(
    "Accumulators so far; the last stage holds D = A · B + C.",
    "目前的累加器；最后一步得到 D = A · B + C。",
);
pub const PE_VOLTA: Tr = tr(
    "4 × 4 PEs × 4 products = 64 multiply-adds per cycle: exactly Volta's 64 FP16 FMA per clock per Tensor Core. Ampere's Tensor Core does 256 and Hopper's 512 (FP16), as if the array were 4 and 8 times larger.",
    "4 × 4 个 PE × 4 个乘积 = 每周期 64 次乘加，正好是 Volta 每个 Tensor Core 每时钟 64 次 FP16 FMA。Ampere 的 Tensor Core 为 256 次，Hopper 为 512 次（FP16），相当于阵列扩大 4 倍和 8 倍。",
);
pub const PE_TABLE: Tr = tr("Accumulators after this stage", "本阶段后的累加器");

/// The stage's name.
pub fn stage(s: PeStage, lang: Lang) -> String {
    match s {
        PeStage::Broadcast => tr(
            "broadcast: A rows go out horizontally, B columns vertically",
            "广播：A 的行水平送出，B 的列垂直送出",
        )
        .get(lang)
        .into(),
        PeStage::Multiply => tr(
            "multiply: all 64 products at once",
            "乘法：64 个乘积同时完成",
        )
        .get(lang)
        .into(),
        PeStage::Reduce(l) => trf!(
            lang,
            "adder level {l}: pairs of partial sums added",
            "加法树第 {l} 层：部分和两两相加"
        ),
        PeStage::Accumulate => tr(
            "accumulate: each sum added into its FP32 accumulator",
            "累加：每个和加到各自的 FP32 累加器",
        )
        .get(lang)
        .into(),
    }
}

/// "cycle 2 of 4, stage 3 of 5".
pub fn progress(cycle: u32, cycles: u32, stage: u32, stages: u32, lang: Lang) -> String {
    let (c, s) = (cycle + 1, stage + 1);
    trf!(
        lang,
        "cycle {c} of {cycles} · stage {s} of {stages}",
        "第 {c} / {cycles} 周期 · 第 {s} / {stages} 阶段"
    )
}

// ---- Peak from units -------------------------------------------------------------------------

pub const PEAK_TITLE: Tr = tr("Peak from units", "由硬件单元推出峰值");
pub const PEAK_INTRO: Tr = tr(
    "A datasheet's dense Tensor Core peak is Tensor Cores per SM × dense FMA per clock per Tensor Core × 2 FLOP × SMs × clock. The clock that makes the product match is not always the maximum boost clock: the H100 SXM's 989.4 TFLOPS BF16 works out at 1,830 MHz, not 1,980 (its FP32 66.9 TFLOPS does use 1,980).",
    "数据手册上的 Tensor Core 稠密峰值 = 每 SM 的 Tensor Core 数 × 每个 Tensor Core 每时钟的稠密 FMA 数 × 2 FLOP × SM 数 × 频率。能让乘积对上的频率并不总是最高 Boost 频率：H100 SXM 的 989.4 TFLOPS BF16 对应 1,830 MHz，而不是 1,980 MHz（它的 FP32 66.9 TFLOPS 才用 1,980 MHz）。",
);
pub const PEAK_HEAD: [Tr; 8] = [
    tr("Data type", "数据类型"),
    tr("Tensor Cores / SM", "Tensor Core / SM"),
    tr("FMA / clk / Tensor Core", "FMA / 时钟 / Tensor Core"),
    tr("× 2 × SMs", "× 2 × SM 数"),
    tr("clock", "频率"),
    tr("from units", "由单元推出"),
    tr("datasheet (dense)", "数据手册（稠密）"),
    tr("difference", "差值"),
];

/// Where the clock comes from.
pub fn clock_note(b: ClockBasis, boost_mhz: &str, at_boost_tflops: &str, lang: Lang) -> String {
    match b {
        ClockBasis::BoostClock => trf!(
            lang,
            "Clock: the published boost clock, {boost_mhz} MHz.",
            "频率：公开的 Boost 频率 {boost_mhz} MHz。"
        ),
        ClockBasis::TensorClock => trf!(
            lang,
            "Clock: 1,830 MHz, below the {boost_mhz} MHz maximum boost. NVIDIA prints no clock for the Tensor figures; 1,830 MHz is the one that makes the units give 989.4 TFLOPS (G. Lockwood's H100 notes: \"1.83 GHz (low precision), 1.98 GHz (high precision)\"). At {boost_mhz} MHz the same units would give {at_boost_tflops} TFLOPS, 8 % above the datasheet.",
            "频率：1,830 MHz，低于 {boost_mhz} MHz 的最高 Boost 频率。NVIDIA 没有给出 Tensor 峰值所用的频率；1,830 MHz 正是让各单元相乘得到 989.4 TFLOPS 的频率（G. Lockwood 的 H100 笔记：“1.83 GHz（低精度），1.98 GHz（高精度）”）。若按 {boost_mhz} MHz 计算，同样的单元会得到 {at_boost_tflops} TFLOPS，比数据手册高 8 %。"
        ),
        ClockBasis::DerivedFromDatasheet => trf!(
            lang,
            "Clock: not published. 1,620 MHz is the clock at which these units give the datasheet figure; the printed {boost_mhz} MHz boost would give {at_boost_tflops} TFLOPS. Derived, so this row checks nothing.",
            "频率：未公开。1,620 MHz 是让这些单元得到数据手册数值的频率；按公开的 {boost_mhz} MHz Boost 频率会得到 {at_boost_tflops} TFLOPS。此行是反推的，不构成验证。"
        ),
    }
}

/// Where the per-Tensor-Core rate comes from.
pub fn rate_note(g: Generation, lang: Lang) -> &'static str {
    match g {
        Generation::Volta => tr(
            "Rate: Volta whitepaper, \"each Tensor Core performs 64 floating point FMA mixed-precision operations per clock\", eight Tensor Cores per SM.",
            "速率：Volta 白皮书，“每个 Tensor Core 每时钟执行 64 次浮点混合精度 FMA”，每个 SM 8 个 Tensor Core。",
        ),
        Generation::Turing => tr(
            "Rate: Turing whitepaper, 64 FP16 FMA per clock per Tensor Core and INT8 at twice that rate, eight per SM.",
            "速率：Turing 白皮书，每个 Tensor Core 每时钟 64 次 FP16 FMA，INT8 为其两倍，每个 SM 8 个。",
        ),
        Generation::Ampere => tr(
            "Rate: A100 whitepaper, \"256 FP16/FP32 FMA operations per clock\" per Tensor Core, four per SM; TF32 at half and INT8 at twice that rate (the datasheet's 156 : 312 : 624).",
            "速率：A100 白皮书，每个 Tensor Core “每时钟 256 次 FP16/FP32 FMA”，每个 SM 4 个；TF32 为其一半，INT8 为其两倍（对应数据手册的 156 : 312 : 624）。",
        ),
        Generation::Hopper | Generation::Blackwell => tr(
            "Rate: H100 whitepaper, twice A100's dense MMA rate per SM clock for clock (512 FP16 FMA per Tensor Core), FP8 and INT8 twice FP16; four per SM.",
            "速率：H100 白皮书，同频下每个 SM 的稠密 MMA 速率是 A100 的两倍（每个 Tensor Core 512 次 FP16 FMA），FP8 与 INT8 再翻倍；每个 SM 4 个。",
        ),
    }
    .get(lang)
}

/// Why a GPU has no derivation.
pub fn peak_error(e: &PeakError, lang: Lang) -> String {
    match (e, lang) {
        (PeakError::NotPublished { gpu_id: "b200", .. }, Lang::Zh) => {
            "B200：NVIDIA 既未公布频率，也未公布每个 Tensor Core 的速率，其稠密 2.25 PFLOPS BF16（数据手册稀疏值 4.5 的一半）无法在不猜测的情况下拆成各单元。".into()
        }
        (PeakError::NotPublished { gpu_id: "b200", .. }, Lang::En) => {
            "B200: NVIDIA publishes neither its clock nor a per-Tensor-Core rate, so its dense 2.25 PFLOPS BF16 (half the datasheet's sparse 4.5) cannot be split into units without a guess.".into()
        }
        (e, _) => e.to_string(),
    }
}

// ---- Volta quad-pairs --------------------------------------------------------------------------

pub const VOLTA_TITLE: Tr = tr("Volta: octets and quad-pairs", "Volta：octet 与 quad-pair");
pub const VOLTA_INTRO: Tr = tr(
    "A Volta SM has 4 sub-cores with 2 Tensor Cores each, and a Tensor Core works for 8 threads at a time (the course; Raihan et al., arXiv:1811.08309). The PTX instruction that matches, mma.sync.m8n8k4, makes a warp compute four independent 8 × 8 × 4 products, one per quad-pair: lanes 0–3 with 16–19, 4–7 with 20–23, 8–11 with 24–27, 12–15 with 28–31 (PTX ISA §9.7.14.5.1). Click a lane to see which product and which elements it holds.",
    "Volta 的一个 SM 有 4 个 sub-core，每个 2 个 Tensor Core，每个 Tensor Core 一次服务 8 个线程（课程；Raihan 等，arXiv:1811.08309）。与之对应的 PTX 指令 mma.sync.m8n8k4 让一个 warp 计算四个独立的 8 × 8 × 4 乘积，每个 quad-pair 一个：lane 0–3 与 16–19、4–7 与 20–23、8–11 与 24–27、12–15 与 28–31（PTX ISA §9.7.14.5.1）。点击一个 lane，查看它属于哪个乘积、持有哪些元素。",
);
pub const FRAG_LABEL: Tr = tr("m8n8k4 fragment", "m8n8k4 Fragment");
pub const LANES_LABEL: Tr = tr(
    "Lanes of the warp, coloured by quad-pair",
    "warp 中的 lane，按 quad-pair 着色",
);
pub const PICK_LANE: Tr = tr("Click a lane.", "请点击一个 lane。");
pub const VOLTA_COUNT: Tr = tr(
    "32 lanes × 8 accumulators = 256 values, for four 8 × 8 outputs of 64 elements each: the warp runs four independent MMAs, not one.",
    "32 个 lane × 8 个累加器 = 256 个值，对应四个各 64 元素的 8 × 8 输出：这个 warp 执行的是四个独立的 MMA，而不是一个。",
);
pub const AMPERE_TITLE: Tr = tr(
    "Ampere: one Tensor Core per sub-core serves the whole warp",
    "Ampere：每个 sub-core 一个 Tensor Core，服务整个 warp",
);
pub const AMPERE_INTRO: Tr = tr(
    "mma.sync.m16n8k16 computes one 16 × 8 × 16 product per warp; every lane holds 4 of its 128 FP32 accumulators (PTX ISA §9.7.14.5.8). The same lane, in the same colour:",
    "mma.sync.m16n8k16 每个 warp 计算一个 16 × 8 × 16 的乘积；每个 lane 持有 128 个 FP32 累加器中的 4 个（PTX ISA §9.7.14.5.8）。同一个 lane，同一种颜色：",
);
pub const AMPERE_COUNT: Tr = tr(
    "32 lanes × 4 accumulators = 128 values = one 16 × 8 output.",
    "32 个 lane × 4 个累加器 = 128 个值 = 一个 16 × 8 输出。",
);

/// "Product 2".
pub fn product(p: u32, lang: Lang) -> String {
    trf!(lang, "product {p}", "乘积 {p}")
}

/// What the selected lane holds.
pub fn lane_info(lane: u32, product: u32, lanes: &str, lang: Lang) -> String {
    trf!(
        lang,
        "Lane {lane} belongs to quad-pair {product} (lanes {lanes}) and holds elements of product {product} only:",
        "lane {lane} 属于 quad-pair {product}（lane {lanes}），只持有乘积 {product} 的元素："
    )
}

/// One element of the lane's fragment.
pub fn element_line(index: u32, e: &ProductElement, label: &str, lang: Lang) -> String {
    let (p, r, c) = (e.product, e.row, e.col);
    trf!(
        lang,
        "x[{index}] = {label}({r}, {c}) of product {p}",
        "x[{index}] = 乘积 {p} 的 {label}({r}, {c})"
    )
}

/// The Ampere lane's four accumulators.
pub fn ampere_lane(lane: u32, cells: &str, lang: Lang) -> String {
    trf!(
        lang,
        "Lane {lane} in m16n8k16: C/D {cells}",
        "m16n8k16 中的 lane {lane}：C/D {cells}"
    )
}

// ---- Hopper ------------------------------------------------------------------------------------

pub const HOPPER_TITLE: Tr = tr(
    "Hopper: the warp group and wgmma",
    "Hopper：warp group 与 wgmma",
);
pub const HOPPER_INTRO: Tr = tr(
    "Four consecutive warps (the first one's index a multiple of 4) form a warp group and issue one wgmma.mma_async together. Its shape is m64nNk16 for 16-bit inputs: M = 64 and K = 16 fixed, N from 8 to 256 in steps of 8, fixed in the instruction's encoding at compile time. A comes from registers or shared memory, B only from shared memory. Warp w of the group holds rows 16w … 16w + 15 of the accumulators (PTX ISA, wgmma register fragments).",
    "4 个连续的 warp（第一个 warp 的编号是 4 的倍数）组成一个 warp group，共同发射一条 wgmma.mma_async。16 位输入时形状为 m64nNk16：M = 64、K = 16 固定，N 从 8 到 256、步长 8，编译时写进指令编码，运行时不能改。A 来自寄存器或 shared memory，B 只能来自 shared memory。warp group 中的第 w 个 warp 持有累加器的第 16w … 16w + 15 行（PTX ISA，wgmma 寄存器 fragment）。",
);
pub const N_LABEL: Tr = tr("N of m64nNk16", "m64nNk16 的 N");
pub const INFERENCE: Tr = tr(
    "The course's reading, an inference rather than a documented fact: A is split into four 16-row blocks, one per SM partition's Tensor Core, and B is shared by all four, which is why B has to sit in shared memory.",
    "课程的推测（并非官方文档）：A 被切成 4 个 16 行的块，分别在 SM 4 个分区的 Tensor Core 上执行；B 由这 4 个 Tensor Core 共享，所以只能放在 shared memory 上。",
);
pub const WARP_LABEL: Tr = tr("warp", "warp");
pub const ROWS_LABEL: Tr = tr("rows of A and D", "A 与 D 的行");
pub const B_SHARED: Tr = tr(
    "B: 16 × N in shared memory, read by all four",
    "B：16 × N，位于 shared memory，4 个 warp 共享",
);
pub const HOPPER_NUMBERS: [Tr; 6] = [
    tr("multiply-adds per wgmma", "每条 wgmma 的乘加数"),
    tr(
        "mma.sync m16n8k16 for the same product",
        "同样乘积需要的 mma.sync m16n8k16 条数",
    ),
    tr("… of which each warp issues", "……其中每个 warp 发射"),
    tr(
        "FP32 accumulator registers per thread",
        "每线程 FP32 累加寄存器",
    ),
    tr(
        "B bytes read from shared memory",
        "从 shared memory 读取的 B 字节数",
    ),
    tr("SASS on the H200", "H200 上的 SASS"),
];
pub const PROTOCOL_TITLE: Tr = tr(
    "The asynchronous protocol, and the SASS it becomes",
    "异步协议，以及对应的 SASS",
);
pub const PROTOCOL_INTRO: Tr = tr(
    "wgmma.mma_async returns before the product is done (it reads shared memory, so its time is not fixed). The course's sequence, with the SASS an H200 build (CUDA 13.0, sm_90a) produced for the course's own example, wgmma m64n8k16 with FP16 accumulators:",
    "wgmma.mma_async 在乘积完成之前就返回（它要读 shared memory，执行时间不确定）。下面是课程给出的流程，以及在 H200 上（CUDA 13.0，sm_90a）编译课程示例 wgmma m64n8k16（FP16 累加）得到的 SASS：",
);
pub const PROTOCOL_HEAD: [Tr; 3] = [
    tr("PTX", "PTX"),
    tr("SASS", "SASS"),
    tr("what it does", "作用"),
];
pub const NO_SASS: Tr = tr("(no instruction of its own)", "（没有单独的指令）");

/// What a protocol step does.
pub fn protocol_text(s: ProtocolStep, lang: Lang) -> &'static str {
    match s {
        ProtocolStep::Fence => tr(
            "register and shared-memory data written before are visible to the warp group's wgmma; needed before the first wgmma and after touching its accumulators",
            "确保 warp group 内之前写入的寄存器 / shared memory 数据可见；第一条 wgmma 之前、以及改动累加器之后都需要",
        ),
        ProtocolStep::ProxyFence => tr(
            "ordinary stores to shared memory become visible to the async proxy the Tensor Cores read through (not needed after TMA)",
            "让普通的 shared memory 写入对 Tensor Core 读取所经过的 async proxy 可见（TMA 写入后不需要）",
        ),
        ProtocolStep::MmaAsync => tr(
            "issue the multiply-add; the warps go on without waiting",
            "发射矩阵乘加；warp 不等待，继续执行",
        ),
        ProtocolStep::CommitGroup => tr(
            "close a wgmma-group with every wgmma issued since the last commit (in SASS the group's last HGMMA carries gsb0)",
            "把上次提交以来发射的所有 wgmma 打包成一个 wgmma-group（SASS 中该组最后一条 HGMMA 带 gsb0 标记）",
        ),
        ProtocolStep::WaitGroup => tr(
            "wait until at most N groups are still pending; N = 0 waits for all; N is a constant",
            "等待，直到最多还有 N 个组未完成；N = 0 表示等待全部完成；N 是常数",
        ),
    }
    .get(lang)
}

pub const GROUPS_LABEL: Tr = tr("groups committed", "已提交的组数");
pub const WAIT_LABEL: Tr = tr("N of wait_group", "wait_group 的 N");
pub const GROUP_DONE: Tr = tr("complete", "已完成");
pub const GROUP_PENDING: Tr = tr("may still run", "可能仍在执行");

/// "after wgmma.wait_group 1, groups 0 … 1 are complete".
pub fn wait_summary(groups: u32, wait: u32, lang: Lang) -> String {
    let done = groups.saturating_sub(wait);
    trf!(
        lang,
        "{groups} groups committed; when wgmma.wait_group {wait} returns, the oldest {done} are complete and the newest {pending} may still run.",
        "已提交 {groups} 个组；wgmma.wait_group {wait} 返回时，最早的 {done} 个组已完成，最新的 {pending} 个组可能仍在执行。",
        pending = groups - done
    )
}

/// "group 2".
pub fn group(g: usize, lang: Lang) -> String {
    trf!(lang, "group {g}", "第 {g} 组")
}

// ---- Data path by generation --------------------------------------------------------------------

pub const PATH_TITLE: Tr = tr("The data path by generation", "各代的数据通路");
pub const PATH_INTRO: Tr = tr(
    "Until Ampere every operand passes through the register file: shared memory → registers → Tensor Core, and the register file becomes the bottleneck. Hopper's wgmma reads B (and optionally A) straight from shared memory; Blackwell keeps the accumulators in a dedicated Tensor Memory and lets two SMs cooperate on one MMA (tcgen05, SASS UTCMMA.2SM in the course).",
    "Ampere 之前，所有操作数都要经过寄存器文件：shared memory → 寄存器 → Tensor Core，寄存器文件成为瓶颈。Hopper 的 wgmma 直接从 shared memory 读取 B（A 也可以）；Blackwell 把累加器放在专用的 Tensor Memory 中，并让两个 SM 协作完成一个 MMA（tcgen05，课程中的 SASS 为 UTCMMA.2SM）。",
);
pub const PATH_HEAD: [Tr; 8] = [
    tr("Generation", "代际"),
    tr("Tensor Cores / SM", "Tensor Core / SM"),
    tr("threads per Tensor Core", "每个 Tensor Core 服务的线程"),
    tr("instruction", "指令"),
    tr("issued by", "发射单位"),
    tr(
        "operands reach the Tensor Core",
        "操作数到达 Tensor Core 的路径",
    ),
    tr("asynchronous copy", "异步拷贝"),
    tr("types added", "新增数据类型"),
];
pub const NO_ASYNC: Tr = tr("none (ld / st)", "无（ld / st）");

/// Who issues.
pub fn issue_level(l: IssueLevel, lang: Lang) -> &'static str {
    match l {
        IssueLevel::Warp => tr("a warp (32 threads)", "一个 warp（32 线程）"),
        IssueLevel::WarpGroup => tr(
            "a warp group (4 warps, 128 threads)",
            "一个 warp group（4 个 warp，128 线程）",
        ),
        IssueLevel::TwoSms => tr(
            "one thread for the CTA; two SMs can pair up",
            "一个线程代表 CTA 发射；两个 SM 可协作",
        ),
    }
    .get(lang)
}

/// The operand path.
pub fn operand_path(p: OperandPath, lang: Lang) -> &'static str {
    match p {
        OperandPath::ThroughRegisters => tr(
            "shared memory → registers → Tensor Core (register-file bottleneck)",
            "shared memory → 寄存器 → Tensor Core（寄存器文件瓶颈）",
        ),
        OperandPath::BFromSharedMemory => tr(
            "B: shared memory → Tensor Core; A: registers or shared memory; D in registers",
            "B：shared memory → Tensor Core；A：寄存器或 shared memory；D 在寄存器",
        ),
        OperandPath::TensorMemory => tr(
            "A, B from shared memory; D in Tensor Memory; two SMs per MMA",
            "A、B 来自 shared memory；D 在 Tensor Memory；两个 SM 协作一个 MMA",
        ),
    }
    .get(lang)
}

/// "2017 · Volta (V100)".
pub fn generation_name(g: Generation, lang: Lang) -> String {
    let (n, y, name, p) = (g.number(), g.year(), g.name(), g.product());
    trf!(
        lang,
        "{n} · {y} · {name} ({p})",
        "第 {n} 代 · {y} · {name}（{p}）"
    )
}

// ---- WMMA vs mma.sync --------------------------------------------------------------------------

pub const WMMA_TITLE: Tr = tr("WMMA vs mma.sync", "WMMA 与 mma.sync");
pub const WMMA_INTRO: Tr = tr(
    "Before Hopper both are warp-level. WMMA wraps the whole shared memory → MMA → shared memory round trip (load_matrix_sync, mma_sync, store_matrix_sync) and leaves the fragment layout unspecified; mma.sync documents which thread holds which element, so the programmer manages registers. Compilers such as Triton emit mma and need no wmma. What WMMA cannot express and mma.sync can:",
    "Hopper 之前两者都是 warp 级指令。WMMA 封装了 shared memory → MMA → shared memory 的完整流程（load_matrix_sync、mma_sync、store_matrix_sync），不公开 fragment 布局；mma.sync 规定了每个线程持有哪些元素，由程序员管理寄存器。Triton 等 AI 编译器只用 mma，不需要 wmma。以下场景 WMMA 无法实现，而 mma.sync 可以：",
);
pub const WMMA_CANNOT: [Tr; 3] = [
    tr(
        "a custom swizzled layout from shared memory to the MMA operands, to avoid bank conflicts;",
        "自定义从 shared memory 到 MMA 操作数的 swizzle 布局，以规避 bank 冲突；",
    ),
    tr(
        "fusing an element-wise epilogue straight into the accumulator registers;",
        "把 elementwise 操作直接融合进 MMA 累加寄存器；",
    ),
    tr(
        "reusing fragments across tiles for better data locality.",
        "跨 tile 复用数据，实现更好的数据局部性。",
    ),
];
pub const SWIZZLE_LINK: Tr = tr(
    "See an XOR swizzle remove the conflicts of a [32][32] tile's column read (chapter 8).",
    "查看 XOR swizzle 如何消除 [32][32] tile 按列读取的 bank 冲突（第 8 章）。",
);
pub const SYNC_NOTE: Tr = tr(
    "The *_sync calls need every lane of the warp: load_matrix_sync and mma_sync are undefined unless all 32 threads call them; store_matrix_sync does not require it.",
    "*_sync 类调用需要 warp 内所有 lane 参与：load_matrix_sync 与 mma_sync 必须由全部 32 个线程调用，否则结果未定义；store_matrix_sync 不要求。",
);
pub const API_HEAD: [Tr; 4] = [
    tr("Instruction", "指令"),
    tr("issued by", "协作单位"),
    tr("shapes (examples)", "形状（示例）"),
    tr("operands", "操作数"),
];
pub const APIS: [[Tr; 4]; 3] = [
    [
        tr("wmma (CUDA C++)", "wmma（CUDA C++）"),
        tr("one warp", "一个 warp"),
        tr(
            "m16n16k16, m32n8k16, m8n32k16",
            "m16n16k16、m32n8k16、m8n32k16",
        ),
        tr(
            "registers loaded by load_matrix_sync; layout unspecified",
            "由 load_matrix_sync 加载到寄存器；布局未公开",
        ),
    ],
    [
        tr("mma.sync (PTX)", "mma.sync（PTX）"),
        tr("one warp", "一个 warp"),
        tr(
            "m8n8k4 (Volta), m16n8k16, m16n8k32",
            "m8n8k4（Volta）、m16n8k16、m16n8k32",
        ),
        tr(
            "registers, in a layout the PTX ISA documents per thread",
            "寄存器，布局由 PTX ISA 逐线程规定",
        ),
    ],
    [
        tr(
            "wgmma.mma_async (PTX, sm_90a)",
            "wgmma.mma_async（PTX，sm_90a）",
        ),
        tr("a warp group (4 warps)", "warp group（4 个 warp）"),
        tr("m64nNk16, N = 8 … 256", "m64nNk16，N = 8 … 256"),
        tr(
            "A: registers or shared memory; B: shared memory",
            "A：寄存器或 shared memory；B：shared memory",
        ),
    ],
];

// ---- Measured on the H200 ---------------------------------------------------------------------

pub const MEASURED_TITLE: Tr = tr(
    "Measured on an H200: mma.sync against wgmma",
    "H200 实测：mma.sync 与 wgmma",
);
pub const MEASURED_INTRO: Tr = tr(
    "The course says only TMA + wgmma reach the Tensor Cores' peak. Two register-only loops test the instruction half of that claim, with no global memory in the loop: mma.sync m16n8k16 BF16 (4 independent accumulator chains per warp) and wgmma m64nNk16 BF16 (A and B from shared memory, 16 per commit group). Fastest of 7 timed launches (CUDA events) after a warm-up; FLOPs = 2·M·N·K per instruction; the SM clock is read inside the kernel (clock64 cycles ÷ globaltimer ns), so the last column is the Tensor Cores' own rate.",
    "课程说只有 TMA + wgmma 才能打满 Tensor Core 的理论算力。这里用两个只用寄存器的循环检验其中“指令”这一半（循环中不访问 global memory）：mma.sync m16n8k16 BF16（每个 warp 4 条独立的累加链）和 wgmma m64nNk16 BF16（A、B 来自 shared memory，每个 commit group 16 条）。预热后计时 7 次（CUDA event）取最快；每条指令 FLOPs = 2·M·N·K；SM 频率在 kernel 内读取（clock64 周期 ÷ globaltimer 纳秒），因此最后一列是 Tensor Core 自身的速率。",
);
pub const MEASURED_HEAD: [Tr; 6] = [
    tr("instruction", "指令"),
    tr("warps / SM", "warp / SM"),
    tr("TFLOP/s", "TFLOP/s"),
    tr("of 989.4 (dense BF16)", "占 989.4（稠密 BF16）"),
    tr("SM clock measured", "实测 SM 频率"),
    tr(
        "FMA / clk / Tensor Core (of 512)",
        "FMA / 时钟 / Tensor Core（满值 512）",
    ),
];
pub const MEASURED_LESSON: Tr = tr(
    "mma.sync stays at two thirds of the peak however many warps are resident: each warp must move its operands through registers and issue one HMMA per 16 × 8 × 16 tile. wgmma with two warp groups per SM keeps every Tensor Core at 511 of its 512 FMA per clock; what it misses of 989.4 is the clock (about 1,765 MHz under this load against the 1,830 the datasheet assumes). A real GEMM must also bring the data in: cuBLAS's BF16 4096³ reached {cublas} TFLOP/s on the same GPU (chapter 11), and TMA is how the fastest kernels keep shared memory full.",
    "不论驻留多少 warp，mma.sync 都停在峰值的三分之二左右：每个 warp 都要把操作数搬进寄存器，每个 16 × 8 × 16 tile 发射一条 HMMA。每个 SM 两个 warp group 的 wgmma 让每个 Tensor Core 达到每时钟 511 次 FMA（满值 512）；与 989.4 的差距来自频率（此负载下约 1,765 MHz，数据手册假设 1,830 MHz）。真实的 GEMM 还要把数据搬进来：同一块 GPU 上 cuBLAS 的 BF16 4096³ 为 {cublas} TFLOP/s（第 11 章），而最快的 kernel 正是用 TMA 让 shared memory 保持满载。",
);
pub const SASS_TITLE: Tr = tr("The SASS (cuobjdump -sass)", "SASS（cuobjdump -sass）");
pub const COMMANDS_TITLE: Tr = tr("Method and commands", "方法与命令");

/// The measured lesson with the cuBLAS figure.
pub fn measured_lesson(cublas: &str, lang: Lang) -> String {
    MEASURED_LESSON.get(lang).replace("{cublas}", cublas)
}

/// A loop's label.
pub fn tc_loop(k: TcLoop, n: u32) -> String {
    match k {
        TcLoop::MmaSyncM16n8k16 => "mma.sync m16n8k16".into(),
        TcLoop::WgmmaM64nNk16 => format!("wgmma m64n{n}k16"),
    }
}
