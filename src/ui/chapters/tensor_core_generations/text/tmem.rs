//! Words of the sections "Blackwell's Tensor Memory and tcgen05" and "tcgen05.ld / st", in
//! both languages. Course terms: 专用的 Tensor Memory, 跨 SM 协作的 UTCMMA.2SM.

// `trf!` binds each `name = value` argument with a `let`; `n = n` is its intended form.
#![allow(clippy::redundant_locals)]

use crate::model::tensor_core_gen::tcgen05_ld::{TmemLdStError, TmemLdStShape};
use crate::model::tensor_core_gen::tmem::{CtaGroup, DataPathLayout, Tcgen05Kind, TmemError};
use crate::model::tensor_core_gen::AccumulatorStorage;
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

pub const TITLE: Tr = tr(
    "Blackwell: the dedicated Tensor Memory and tcgen05",
    "Blackwell：专用的 Tensor Memory 与 tcgen05",
);

/// The section's opening paragraph, with the model's sizes.
pub fn intro(lanes: u32, columns: u32, kib: u32, unit: u32, lang: Lang) -> String {
    trf!(
        lang,
        "The B200 (sm_100) takes the accumulator out of the registers and keeps it in a dedicated Tensor Memory beside the Tensor Cores: {lanes} lanes × {columns} columns of 32-bit cells per SM, {kib} KiB. A CTA takes columns with tcgen05.alloc, a power of two from {unit} columns, and every lane of a column comes with it. One thread issues tcgen05.mma for the whole CTA; with cta_group::2 the CTA pair on two SMs runs one MMA together, each SM holding half of D in its own Tensor Memory (the course's cross-SM UTCMMA.2SM). Warp w of a warp group may read and write only lanes 32·(w % 4) … 32·(w % 4) + 31 (tcgen05.ld / tcgen05.st). Sources: PTX ISA §9.7.16, \"Tensor Memory\", \"Matrix Shape\", \"Data Path Layout Organization\"; the element maps are CUTLASS's, not measured (no Blackwell here).",
        "B200（sm_100）把累加器从寄存器中移出，放进 Tensor Core 旁边专用的 Tensor Memory：每个 SM {lanes} 个 lane × {columns} 列、每格 32 位，共 {kib} KiB。CTA 用 tcgen05.alloc 申请列，列数是 2 的幂、至少 {unit} 列，申请一列就得到这一列的全部 lane。一个线程代表整个 CTA 发射 tcgen05.mma；使用 cta_group::2 时，位于两个 SM 上的一对 CTA 共同执行一个 MMA，每个 SM 在自己的 Tensor Memory 中保存 D 的一半（即课程中跨 SM 协作的 UTCMMA.2SM）。warp group 中的第 w 个 warp 只能读写第 32·(w % 4) … 32·(w % 4) + 31 个 lane（tcgen05.ld / tcgen05.st）。来源：PTX ISA §9.7.16 的 “Tensor Memory”“Matrix Shape”“Data Path Layout Organization”；元素映射取自 CUTLASS，未经实测（这里没有 Blackwell）。"
    )
}

pub const KIND_LABEL: Tr = tr("kind (input types)", "kind（输入类型）");
pub const GROUP_LABEL: Tr = tr("CTA group", "CTA 组");
pub const M_LABEL: Tr = tr("M (rows of D)", "M（D 的行数）");
pub const N_LABEL: Tr = tr("N (columns of D)", "N（D 的列数）");
pub const D_LABEL: Tr = tr(
    "D, M × N, in blocks of 16 rows × 8 columns, coloured by where each block lands",
    "D（M × N），按 16 行 × 8 列分块，颜色表示每块落在哪里",
);
pub const FIGURE_LABEL: Tr = tr(
    "Tensor Memory: 128 lanes × 512 columns per SM, in blocks of 16 lanes × 8 columns; dashed: the allocation",
    "Tensor Memory：每个 SM 128 个 lane × 512 列，按 16 个 lane × 8 列分块；虚线框：申请的列",
);
pub const PICK: Tr = tr(
    "Pick a block of D (or of Tensor Memory) to see where its first element lives.",
    "选择 D 的一块（或 Tensor Memory 的一块），查看其第一个元素的位置。",
);
pub const FACTS: [Tr; 5] = [
    tr("data-path layout", "数据通路布局"),
    tr(
        "columns of D in each SM's TMEM",
        "D 在每个 SM 的 TMEM 中占的列数",
    ),
    tr("lanes used in each SM", "每个 SM 用到的 lane 数"),
    tr("tcgen05.alloc (columns)", "tcgen05.alloc（列数）"),
    tr("share of the 512 columns", "占 512 列的比例"),
];

/// The menu's name of a kind.
pub fn kind(k: Tcgen05Kind) -> Tr {
    match k {
        Tcgen05Kind::F16 => tr(
            "kind::f16 (f16, bf16 → f32)",
            "kind::f16（f16、bf16 → f32）",
        ),
        Tcgen05Kind::Tf32 => tr("kind::tf32 (tf32 → f32)", "kind::tf32（tf32 → f32）"),
        Tcgen05Kind::F8f6f4 => tr(
            "kind::f8f6f4 (fp8, fp6, fp4 → f32)",
            "kind::f8f6f4（fp8、fp6、fp4 → f32）",
        ),
        Tcgen05Kind::I8 => tr("kind::i8 (s8, u8 → s32)", "kind::i8（s8、u8 → s32）"),
    }
}

/// The menu's name of a CTA group.
pub fn group(g: CtaGroup) -> Tr {
    match g {
        CtaGroup::One => tr("cta_group::1 (one SM)", "cta_group::1（一个 SM）"),
        CtaGroup::Two => tr("cta_group::2 (two SMs)", "cta_group::2（两个 SM）"),
    }
}

/// The M values each CTA group allows (from the model's shape table).
pub fn m_allowed(one: &str, two: &str, lang: Lang) -> String {
    trf!(
        lang,
        "cta_group::1 allows M = {one}; cta_group::2 allows M = {two}: a pair's M is twice a single SM's.",
        "cta_group::1 允许 M = {one}；cta_group::2 允许 M = {two}：一对 SM 的 M 是单个 SM 的两倍。"
    )
}

/// A Tensor Memory panel's title.
pub fn panel(cta: u32, pair: bool, lang: Lang) -> String {
    if pair {
        trf!(
            lang,
            "Tensor Memory of CTA {cta} (on SM {cta} of the pair)",
            "CTA {cta} 的 Tensor Memory（位于这对 SM 中的 SM {cta}）"
        )
    } else {
        tr(
            "Tensor Memory of the CTA's SM",
            "该 CTA 所在 SM 的 Tensor Memory",
        )
        .get(lang)
        .to_string()
    }
}

/// "warp 1" over "lanes 32–63".
pub fn quarter(w: u32, lang: Lang) -> (String, String) {
    let (a, b) = (32 * w, 32 * w + 31);
    (
        trf!(lang, "warp {w}", "warp {w}"),
        trf!(lang, "lanes {a}–{b}", "lane {a}–{b}"),
    )
}

/// A D block's accessible name.
pub fn d_block(r0: u32, c0: u32, lang: Lang) -> String {
    let (r1, c1) = (r0 + 15, c0 + 7);
    trf!(
        lang,
        "D rows {r0}–{r1}, columns {c0}–{c1}",
        "D 的第 {r0}–{r1} 行、第 {c0}–{c1} 列"
    )
}

/// Where the selected element lives.
pub fn element_line(
    (r, c): (u32, u32),
    (cta, lane, column): (u32, u32, u32),
    address: &str,
    warp: u32,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "D[{r}][{c}] → CTA {cta}, lane {lane}, column {column} from the accumulator's first column (TMEM address {address} when that column is 0). Only warp {warp} of a warp group (warp index % 4 = {warp}) can read it back with tcgen05.ld.",
        "D[{r}][{c}] → CTA {cta}、lane {lane}、距累加器首列第 {column} 列（首列为 0 时 TMEM 地址为 {address}）。只有 warp group 中的 warp {warp}（warp 编号 % 4 = {warp}）能用 tcgen05.ld 读回它。"
    )
}

/// A data-path layout's name and organisation.
pub fn layout(l: DataPathLayout) -> String {
    format!("{} · {}", l.label(), l.organization())
}

/// Why the instruction does not exist; `allowed`: the M values of its CTA group.
pub fn mma_error(e: &TmemError, allowed: &str, lang: Lang) -> String {
    match *e {
        TmemError::BadM { m, cta_group } => {
            let g = cta_group.label();
            trf!(
                lang,
                "tcgen05.mma.{g} has M = {allowed}, not {m}.",
                "tcgen05.mma.{g} 的 M 只能是 {allowed}，没有 {m}。"
            )
        }
        TmemError::BadN { n, kind, cta_group } => {
            let (g, k) = (cta_group.label(), kind.label());
            trf!(
                lang,
                "tcgen05.mma.{g}.{k} has no N = {n}: N steps by 8 for one SM and by 16 for a pair (kind::i8: 8, 16, 24, 32 then steps of 16; by 32 for a pair).",
                "tcgen05.mma.{g}.{k} 没有 N = {n}：单个 SM 时 N 以 8 为步长，一对 SM 时以 16 为步长（kind::i8：8、16、24、32 之后步长 16；一对 SM 时步长 32）。"
            )
        }
        TmemError::BadAccumulator { kind, dtype } => {
            let (k, d) = (kind.label(), dtype.label());
            trf!(
                lang,
                "tcgen05.mma.{k} cannot accumulate in {d}.",
                "tcgen05.mma.{k} 不能用 {d} 累加。"
            )
        }
        ref other => other.to_string(),
    }
}

/// Where D lives, for the data-path table.
pub fn storage(s: AccumulatorStorage, lang: Lang) -> &'static str {
    match s {
        AccumulatorStorage::Registers => tr("registers", "寄存器"),
        AccumulatorStorage::TensorMemory => tr("Tensor Memory", "Tensor Memory"),
    }
    .get(lang)
}

pub const STORAGE_HEAD: Tr = tr("accumulator D in", "累加器 D 位于");
pub const PATH_5090: Tr = tr(
    "The Blackwell row is data-center Blackwell (B200, sm_100). The GeForce RTX 5090 (sm_120) is Blackwell too but has no Tensor Memory: its Tensor Cores run warp-level mma.sync with D in registers, the Ampere row's path.",
    "Blackwell 一行指数据中心 Blackwell（B200，sm_100）。GeForce RTX 5090（sm_120）同属 Blackwell，但没有 Tensor Memory：它的 Tensor Core 执行 warp 级 mma.sync，D 在寄存器中，即 Ampere 一行的数据通路。",
);

// ---- Which GPUs have it, and what is published ---------------------------------------------

pub const GPUS_TITLE: Tr = tr(
    "Not every Blackwell has Tensor Memory",
    "并非所有 Blackwell 都有 Tensor Memory",
);
pub const GPUS_INTRO: Tr = tr(
    "The GeForce RTX 5090 (GB202, compute capability 12.0, sm_120) is a Blackwell too, but it has no Tensor Memory and no tcgen05: its Tensor Cores run warp-level mma.sync with the accumulators in registers, as on Ampere. Tensor Memory and tcgen05 belong to data-center Blackwell (B200, sm_100a).",
    "GeForce RTX 5090（GB202，计算能力 12.0，sm_120）同样属于 Blackwell，但它没有 Tensor Memory，也没有 tcgen05：它的 Tensor Core 执行 warp 级的 mma.sync，累加器在寄存器中，和 Ampere 一样。Tensor Memory 与 tcgen05 只属于数据中心 Blackwell（B200，sm_100a）。",
);
pub const GPUS_HEAD: [Tr; 4] = [
    tr("GPU", "GPU"),
    tr("compute capability", "计算能力"),
    tr("Tensor Memory", "Tensor Memory"),
    tr("newest Tensor Core instruction", "最新的 Tensor Core 指令"),
];
pub const YES: Tr = tr("yes", "有");
pub const NO: Tr = tr("no", "无");

/// The newest Tensor Core instruction a compute capability runs.
pub fn instruction(cc: (u32, u32), tmem: bool, lang: Lang) -> &'static str {
    match (tmem, cc.0) {
        (true, _) => tr(
            "tcgen05.mma (one thread for the CTA; D in Tensor Memory)",
            "tcgen05.mma（一个线程代表 CTA 发射；D 在 Tensor Memory）",
        ),
        (false, 9) => tr(
            "wgmma.mma_async (a warp group; D in registers)",
            "wgmma.mma_async（warp group；D 在寄存器）",
        ),
        _ => tr(
            "mma.sync (one warp; D in registers)",
            "mma.sync（一个 warp；D 在寄存器）",
        ),
    }
    .get(lang)
}

pub const PUBLISHED_TITLE: Tr = tr(
    "The B200: what is published and what is not",
    "B200：哪些数据已公开，哪些没有",
);

/// The published B200 numbers, each with its source.
pub fn published(
    sms: u32,
    bf16_pflops: &str,
    memory_gb: u64,
    tb_per_s: &str,
    tmem_kib: u32,
    lang: Lang,
) -> [String; 4] {
    [
        trf!(
            lang,
            "{sms} SMs (the HGX B200 specification).",
            "{sms} 个 SM（HGX B200 规格）。"
        ),
        trf!(
            lang,
            "Dense BF16 Tensor peak {bf16_pflops} PFLOPS: the datasheet prints the sparse figure, twice this.",
            "稠密 BF16 Tensor 峰值 {bf16_pflops} PFLOPS：数据手册印的是稀疏值，为其两倍。"
        ),
        trf!(
            lang,
            "{memory_gb} GB of HBM3e at {tb_per_s} TB/s.",
            "{memory_gb} GB HBM3e，带宽 {tb_per_s} TB/s。"
        ),
        trf!(
            lang,
            "Tensor Memory of {tmem_kib} KiB per SM (PTX ISA: 128 lanes × 512 columns × 32 bits).",
            "每个 SM {tmem_kib} KiB 的 Tensor Memory（PTX ISA：128 个 lane × 512 列 × 32 位）。"
        ),
    ]
}
pub const PUBLISHED: Tr = tr("Published:", "已公开：");
pub const NOT_PUBLISHED: Tr = tr("Not published:", "未公开：");
pub const UNPUBLISHED: [Tr; 2] = [
    tr(
        "the clock the Tensor figures assume, and the dense multiply-adds per clock of one Tensor Core;",
        "Tensor 峰值所依据的频率，以及单个 Tensor Core 每时钟的稠密乘加次数；",
    ),
    tr(
        "so this page rebuilds no B200 peak from units (the peak table above says why) and guesses none.",
        "因此本页不从硬件单元推算 B200 的峰值（上面的峰值表说明了原因），也不做任何猜测。",
    ),
];

// ---- tcgen05.ld / st -------------------------------------------------------------------------

pub const LD_TITLE: Tr = tr(
    "tcgen05.ld and tcgen05.st: which thread meets which lane",
    "tcgen05.ld 与 tcgen05.st：哪个线程对应哪个 lane",
);
pub const LD_INTRO: Tr = tr(
    "The epilogue reads D back from Tensor Memory into registers with tcgen05.ld (and tcgen05.st writes registers into it), one warp at a time, inside the 32 lanes that warp may reach. The shape says how the warp's threads and registers meet lanes and columns; .num repeats it along the columns. .32x32b gives each thread one lane, so with Layout D each thread gets one row of D: the simplest epilogue. The .16x… shapes hand 16 lanes out the way mma.sync's accumulator fragment does. Pick a cell: its thread's registers are numbered (PTX ISA §9.7.16.2.3, Figures 183–187).",
    "收尾阶段用 tcgen05.ld 把 D 从 Tensor Memory 读回寄存器（tcgen05.st 则把寄存器写入其中），每次一个 warp，并且只能访问该 warp 可达的 32 个 lane。shape 决定 warp 的线程与寄存器如何对应 lane 和列；.num 沿列方向重复。.32x32b 让每个线程对应一个 lane，配合 Layout D 时每个线程正好拿到 D 的一行：最简单的收尾方式。.16x… 系列 shape 按 mma.sync 累加器 fragment 的方式分配 16 个 lane。点击一个单元格，该线程的各寄存器会标出序号（PTX ISA §9.7.16.2.3，图 183–187）。",
);
pub const LD_SHAPE_LABEL: Tr = tr("shape", "shape");
pub const LD_NUM_LABEL: Tr = tr(".num (repetitions)", ".num（重复次数）");
pub const LD_LABEL: Tr = tr(
    "Lanes (rows) × columns from the instruction's address: each cell's thread, or the selected thread's register",
    "从指令地址起的 lane（行）× 列：每格为对应的线程号，所选线程的格子显示其寄存器号",
);
pub const LD_COLS: [Tr; 3] = [
    tr("register", "寄存器"),
    tr("lane", "lane"),
    tr("column", "列"),
];

/// A shape's description.
pub fn ld_shape(s: TmemLdStShape, lang: Lang) -> String {
    let (lanes, regs, cols) = (
        s.lanes(),
        s.registers_per_repetition(),
        s.columns_per_repetition(),
    );
    trf!(
        lang,
        "{lanes} lanes; per repetition each thread has {regs} register(s) and each lane {cols} column(s).",
        "{lanes} 个 lane；每次重复每个线程 {regs} 个寄存器，每个 lane {cols} 列。"
    )
}

/// "first 16 of 128 columns".
pub fn ld_cols_shown(shown: u32, span: u32, lang: Lang) -> String {
    trf!(
        lang,
        "The first {shown} of the {span} columns are drawn.",
        "图中画出 {span} 列中的前 {shown} 列。"
    )
}

/// A cell's accessible name.
pub fn ld_cell(lane: u32, column: u32, thread: u32, register: u32, lang: Lang) -> String {
    trf!(
        lang,
        "lane {lane}, column {column}: thread {thread}, register {register}",
        "lane {lane}，第 {column} 列：线程 {thread}，寄存器 {register}"
    )
}

/// The selected thread's heading.
pub fn ld_thread(t: u32, regs: u32, lang: Lang) -> String {
    trf!(
        lang,
        "Thread {t}: {regs} registers",
        "线程 {t}：{regs} 个寄存器"
    )
}

/// Why a `tcgen05.ld` form does not exist.
pub fn ld_error(e: &TmemLdStError, lang: Lang) -> String {
    match *e {
        TmemLdStError::BadNum { shape, num } => {
            let (s, max) = (shape.label(), shape.max_num());
            trf!(
                lang,
                "tcgen05.ld{s} takes .num = 1, 2, 4, …, {max} (a power of two, at most 128 registers per thread), not {num}.",
                "tcgen05.ld{s} 的 .num 只能是 1、2、4、…、{max}（2 的幂，每线程最多 128 个寄存器），不能是 {num}。"
            )
        }
        ref other => other.to_string(),
    }
}
