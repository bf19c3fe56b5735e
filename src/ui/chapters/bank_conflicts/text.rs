//! The bank-conflict chapter's words, in both languages (course 001 §7.2 on shared memory;
//! the H200 measurements of `tests/fixtures/bank_conflicts_h200.json`).

// `trf!` binds each `name = value` argument with a `let`; `lane = lane` is its intended form.
#![allow(clippy::redundant_locals)]

use super::state::BankPreset;
use crate::model::bank_conflicts::{Packing, PhaseSplit};
use crate::trf;
use crate::ui::format::grouped;
use crate::ui::i18n::{tr, Lang, Tr};
use crate::ui::shared::access::text::PresetText;

pub const TITLE: Tr = tr("Bank conflicts", "bank 冲突");
pub const INTRO: [Tr; 2] = [
    tr(
        "[[Shared memory|shared-memory]] is split into 32 [[banks|bank]]; successive 4-byte words go to successive banks, so word w lives in bank w mod 32 and a row of 32 words is 128 bytes. Each bank delivers one 4-byte word per cycle: when the 32 [[lanes|lane]] of a [[warp]] each hit a different bank, the access takes one pass (one [[wavefront]]) and moves 128 bytes. Lanes that read the same word share it (a [[broadcast]]); lanes that need different words of the same bank are served one after another: a [[bank conflict|bank-conflict]].",
        "[[shared memory|shared-memory]] 被分成 32 个 [[bank]]，连续的 4 字节 word 依次落在连续的 bank 上：第 w 个 word 在 bank w mod 32，一行 32 个 word 正好 128 字节。每个 bank 每周期服务一个 4 字节访问：[[warp]] 的 32 个 [[lane]] 恰好各访问一个不同 bank 时，一次（一个 [[wavefront]]）就能取完 128 字节。读同一个 word 的 lane 共享它（[[广播|broadcast]]）；需要同一个 bank 中不同 word 的 lane 只能依次服务：这就是 [[bank 冲突|bank-conflict]]。",
    ),
    tr(
        "Wider loads are split into [[phases|phase]]: 8-byte loads are served per half-warp, 16-byte loads per quarter-warp, each phase at most 128 bytes. Lanes are coloured by phase. The wavefronts of a phase are the most distinct words any one bank must deliver to it; the warp's wavefronts are the sum over phases. Try the [32][32] [[tile]] read by column, then the +1 [[padding]] and the XOR [[swizzle]] that fix it.",
        "更宽的访存会被拆成若干 [[phase]]：8 字节按半个 warp、16 字节按四分之一 warp，每个 phase 至多 128 字节。lane 按 phase 着色。一个 phase 的 wavefront 数等于其中任一 bank 需要提供的不同 word 的最大个数；整个 warp 的 wavefront 数是各 phase 之和。试试按列读 [32][32] [[tile]]，再看修复它的 +1 [[padding]] 和 XOR [[swizzle]]。",
    ),
];

pub const NUMBERS: Tr = tr("The numbers", "数字与算式");
pub const MEASURED_NOTE: Tr = tr(
    "Wavefronts match Nsight Compute on an H200 for every pattern measured: 18 patterns of the kinds this chapter's presets show (strides, broadcasts, float2 and float4 accesses, a 32 × 32 tile read by rows, by columns and XOR-swizzled) and the 120 accesses the quiz draws (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld). The pair-packing exception: when every lane n reads the same address as lane n^1 (or every lane as lane n^2), which includes all lanes reading one address, 8- and 16-byte loads use half as many phases (8-byte: one 32-lane phase instead of two half-warps; 16-byte: half-warps instead of quarter-warps). It was observed on the H200 and in NVIDIA's forum answers; its exact general rule is not documented, and for a partly active warp it was not measured: the page packs only when each pair is both active with one address or both inactive.",
    "wavefront 数在 H200 上与 Nsight Compute 的每个实测模式一致：与本章预设同类的 18 种模式（各种步长、广播、float2 与 float4 访问、按行、按列和经 XOR swizzle 读取的 32 × 32 tile），以及测验抽取的全部 120 种访问（l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld）。成对合并例外：若每个 lane n 与 lane n^1 读同一地址（或每个 lane 与 lane n^2 读同一地址，包括所有 lane 读同一地址），8、16 字节访存的 phase 数减半（8 字节：一个 32 lane 的 phase，而不是两个半 warp；16 字节：半 warp，而不是四分之一 warp）。这是在 H200 上和 NVIDIA 论坛的解答中观察到的，其一般规则没有文档说明；部分 lane 活跃的 warp 没有实测：本页只在每一对 lane 都活跃且地址相同、或都不活跃时才合并。",
);
/// What "conflicts" means here and where it differs from Nsight Compute's counter.
pub const CONFLICTS_NOTE: Tr = tr(
    "Two counts of conflicts. This chapter's is wavefronts − ideal, the ideal being the requested bytes / 128. Nsight Compute's l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld counts every wavefront beyond the first of each phase (wavefronts − phases). Without the pair-packing exception a full warp has as many phases as ideal wavefronts, and the two agree. With it the phases halve but the ideal does not: float2 at element (lane / 2) × 2 takes 2 wavefronts in one phase, so wavefronts − ideal = 2 − 2 = 0 while ncu counts 1 (measured on the H200, as for all 24 such accesses the quiz draws). The quiz asks for ncu's count.",
    "冲突有两种算法。本章的是 wavefront 数 − 理想值，理想值 = 请求字节数 / 128。Nsight Compute 的 l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld 把每个 phase 第一个之外的 wavefront 都记为冲突（wavefront 数 − phase 数）。没有成对合并例外时，完整 warp 的 phase 数等于理想 wavefront 数，两者一致。有例外时 phase 数减半而理想值不变：在元素 (lane / 2) × 2 处读 float2，一个 phase 需要 2 个 wavefront，wavefront 数 − 理想值 = 2 − 2 = 0，而 ncu 记 1 次（在 H200 上实测，测验抽到的 24 种此类访问全部如此）。测验问的是 ncu 的计数。",
);
/// The worst phase as an "n-way conflict", tied to the conflicts counted above.
pub fn n_way(way: u32, conflicts: u32, lang: Lang) -> String {
    let extra = way.saturating_sub(1);
    let share = if extra >= conflicts {
        match conflicts {
            1 => tr(
                "so the 1 conflict above comes from it",
                "上面的 1 次冲突来自它",
            )
            .get(lang)
            .to_string(),
            _ => trf!(
                lang,
                "so all {conflicts} conflicts above come from it",
                "上面的 {conflicts} 次冲突都来自它"
            ),
        }
    } else if extra == 1 {
        trf!(
            lang,
            "so 1 of the {conflicts} conflicts above comes from it",
            "上面 {conflicts} 次冲突中有 1 次来自它"
        )
    } else {
        trf!(
            lang,
            "so {extra} of the {conflicts} conflicts above come from it",
            "上面 {conflicts} 次冲突中有 {extra} 次来自它"
        )
    };
    // "an 8-way", "an 11-way", "an 18-way": the article follows the number's sound.
    let a = if matches!(way, 8 | 11 | 18) || (80..90).contains(&way) {
        "an"
    } else {
        "a"
    };
    trf!(
        lang,
        "The worst phase is {a} {way}-way conflict: {way} wavefronts where 1 would do, {share} (an n-way conflict adds n − 1).",
        "最差的 phase 是 {way} 路冲突：本该 1 个 wavefront 却需要 {way} 个，{share}（n 路冲突多出 n − 1 个 wavefront）。"
    )
}

/// A pattern that reaches past the most shared memory a block can have (`limit` bytes).
pub fn past_shared_memory(end_bytes: u64, limit_bytes: u64, lang: Lang) -> String {
    // The last byte touched (`end_bytes` is one past it).
    let (end, limit) = (grouped(end_bytes.saturating_sub(1)), grouped(limit_bytes));
    let kib = limit_bytes / 1024;
    trf!(
        lang,
        "This pattern reaches byte {end}, past the most shared memory a block can have ({limit} B = {kib} KiB, on H100, H200 and B200), so no kernel makes this access. Its banks and wavefronts still follow the rule: a word's bank depends only on its address modulo 128 bytes.",
        "这个模式访问到第 {end} 字节：超过了一个 block 最多能有的 shared memory（{limit} B = {kib} KiB，H100、H200 与 B200），所以没有 kernel 能做这次访问。它的 bank 与 wavefront 仍按规则计算：一个字的 bank 只取决于地址模 128 字节。"
    )
}

/// The numbers panel's row: conflicts as Nsight Compute counts them.
pub const NCU_CONFLICTS: Tr = tr(
    "Conflicts as Nsight Compute counts them",
    "Nsight Compute 计的冲突",
);
/// Its formula.
pub const F_NCU_CONFLICTS: Tr = tr(
    "Σ phases (wavefronts − 1)",
    "各 phase 之和（wavefront 数 − 1）",
);
pub const DATA_TABLE: Tr = tr(
    "Data table of the figure (for screen readers)",
    "图中数据表（供读屏软件使用）",
);

/// Title and description of each preset of [`crate::model::access::BANK_PRESETS`].
pub fn preset_text(p: BankPreset) -> PresetText {
    use BankPreset as P;
    let (title, description) = match p {
        P::Stride1 => (tr("Stride 1", "步长 1"), tr("Lane i reads word i: 32 different banks, 1 wavefront.", "lane i 读第 i 个 word：32 个不同 bank，1 个 wavefront。")),
        P::Stride2 => (tr("Stride 2", "步长 2"), tr("Lane i reads word 2i: lanes i and i+16 share a bank, 2 wavefronts (2-way conflict).", "lane i 读第 2i 个 word：lane i 与 i+16 落在同一 bank，2 个 wavefront（2 路冲突）。")),
        P::Stride16 => (tr("Stride 16", "步长 16"), tr("Lane i reads word 16i: only banks 0 and 16 are used, 16 wavefronts.", "lane i 读第 16i 个 word：只用到 bank 0 和 16，16 个 wavefront。")),
        P::Stride32 => (tr("Stride 32", "步长 32"), tr("Lane i reads word 32i: every lane hits bank 0, 32 wavefronts.", "lane i 读第 32i 个 word：所有 lane 都落在 bank 0，32 个 wavefront。")),
        P::Stride33 => (tr("Stride 33", "步长 33"), tr("Lane i reads word 33i: an odd stride visits all 32 banks, 1 wavefront.", "lane i 读第 33i 个 word：奇数步长走遍全部 32 个 bank，1 个 wavefront。")),
        P::Broadcast => (tr("Broadcast", "广播"), tr("Every lane reads the same word: it is broadcast, 1 wavefront, no conflict.", "所有 lane 读同一个 word：广播，1 个 wavefront，没有冲突。")),
        P::Float2Contiguous => (tr("float2, contiguous", "float2，连续"), tr("64-bit loads at stride 1: two half-warps of 128 bytes, 2 wavefronts and 0 conflicts.", "步长 1 的 64 位访存：两个半 warp 各 128 字节，2 个 wavefront，0 冲突。")),
        P::Float2Stride2 => (tr("float2, stride 2", "float2，步长 2"), tr("64-bit loads 16 bytes apart: each half-warp is 2-way, 4 wavefronts, 2 conflicts.", "相距 16 字节的 64 位访存：每个半 warp 2 路冲突，4 个 wavefront，2 次冲突。")),
        P::Float2Broadcast => (tr("float2, broadcast", "float2，广播"), tr("Every lane reads the same 8 bytes: the pair-packing exception merges the half-warps, 1 wavefront.", "所有 lane 读同样的 8 字节：成对合并例外把两个半 warp 合成一个 phase，1 个 wavefront。")),
        P::Float2LaneMod16 => (tr("float2, lanes l and l+16 equal", "float2，lane l 与 l+16 相同"), tr("Lane l reads 8 bytes at (l % 16)·8: only 128 distinct bytes, but lanes l and l+16 are not a packing pair, so both half-warps run, 2 wavefronts.", "lane l 在 (l % 16)·8 处读 8 字节：只有 128 个不同字节，但 lane l 与 l+16 不是合并对，两个半 warp 都要执行，2 个 wavefront。")),
        P::Float2AdjacentPairs => (tr("float2, adjacent pairs equal", "float2，相邻成对相同"), tr("Lanes 2k and 2k+1 read the same 8 bytes: the same 128 distinct bytes as lane-mod-16, but the pair-packing exception makes it 1 wavefront.", "lane 2k 与 2k+1 读同样的 8 字节：不同字节数与上例相同（128），但成对合并例外使它只需 1 个 wavefront。")),
        P::Float4Contiguous => (tr("float4, contiguous", "float4，连续"), tr("128-bit loads at stride 1: four quarter-warps of 128 bytes, 4 wavefronts, 0 conflicts.", "步长 1 的 128 位访存：四个四分之一 warp 各 128 字节，4 个 wavefront，0 冲突。")),
        P::Float4Stride2 => (tr("float4, stride 2", "float4，步长 2"), tr("128-bit loads 32 bytes apart: each quarter-warp is 2-way, 8 wavefronts, 4 conflicts.", "相距 32 字节的 128 位访存：每个四分之一 warp 2 路冲突，8 个 wavefront，4 次冲突。")),
        P::Float4Broadcast => (tr("float4, broadcast", "float4，广播"), tr("Every lane reads the same 16 bytes, yet it takes 2 wavefronts: packing halves the four quarter-warp phases to two half-warp phases, not one.", "所有 lane 读同样的 16 字节，却需要 2 个 wavefront：成对合并只把四个四分之一 warp phase 减半为两个半 warp phase，而不是一个。")),
        P::ForumLaneMod4 => (tr("float4, (lane % 4) · 16 B", "float4，(lane % 4) · 16 B"), tr("The NVIDIA forum case: lanes read 16 bytes at (lane % 4)·16. No adjacent pair is equal, so all four quarter-warps run: 4 wavefronts, 0 conflicts.", "NVIDIA 论坛上的例子：lane 在 (lane % 4)·16 处读 16 字节。没有相邻成对相同，四个四分之一 warp 都要执行：4 个 wavefront，0 冲突。")),
        P::TileRow => (tr("[32][32] tile, row read", "[32][32] tile，按行读"), tr("Lane i reads tile[5][i] of a float tile: contiguous, 1 wavefront.", "lane i 读 float tile 的 tile[5][i]：连续，1 个 wavefront。")),
        P::TileColumn => (tr("[32][32] tile, column read", "[32][32] tile，按列读"), tr("Lane i reads tile[i][3] of a float tile: 128 bytes apart, all in one bank, 32 wavefronts.", "lane i 读 float tile 的 tile[i][3]：相距 128 字节，全在同一个 bank，32 个 wavefront。")),
        P::TileColumnPadded => (tr("[32][33] tile, column read", "[32][33] tile，按列读"), tr("The +1 padding trick: rows are 33 words long, so a column walks through all 32 banks, 1 wavefront.", "+1 padding 技巧：每行 33 个 word，一列正好走遍全部 32 个 bank，1 个 wavefront。")),
        P::TileColumnXor => (tr("[32][32] tile, XOR-swizzled column read", "[32][32] tile，XOR swizzle 后按列读"), tr("Element (r, c) is stored at column c ^ r: a logical column lands in 32 different banks, 1 wavefront, with no padding.", "元素 (r, c) 存在第 c ^ r 列：一个逻辑列落在 32 个不同 bank 上，1 个 wavefront，无需 padding。")),
    };
    PresetText { title, description }
}

/// The texts of the preset with this id (the controls' lookup: the id is mapped once to
/// [`BankPreset`], whose texts are an exhaustive match).
pub fn preset(id: &str) -> Option<PresetText> {
    BankPreset::from_id(id).map(preset_text)
}

// The numbers panel.
pub const COL_QUANTITY: Tr = tr("Quantity", "量");
pub const COL_FORMULA: Tr = tr("Formula", "算式");
pub const COL_VALUE: Tr = tr("Value", "数值");
pub const BANK_OF_WORD: Tr = tr("Bank of a word", "word 所在 bank");
pub const PHASES: Tr = tr("Phases", "phase 划分");
pub const PHASE_WAVEFRONTS: Tr = tr("Wavefronts per phase", "每个 phase 的 wavefront");
pub const PHASE_WAVEFRONTS_FORMULA: Tr = tr(
    "max over banks of distinct words",
    "各 bank 不同 word 数的最大值",
);
pub const WAVEFRONTS: Tr = tr("Wavefronts", "wavefront 数");
pub const IDEAL: Tr = tr("Ideal wavefronts", "理想 wavefront 数");
pub const CONFLICTS: Tr = tr("Bank conflicts", "bank 冲突");

/// Formula of the phase split: the bytes per lane.
pub fn bytes_per_lane(w: u32, lang: Lang) -> String {
    trf!(lang, "{w} B per lane", "每个 lane {w} B", w = w)
}

/// How a warp's access is split into phases.
pub fn phase_split(s: PhaseSplit) -> Tr {
    match s {
        PhaseSplit::WholeWarp => tr("one phase: the whole warp", "一个 phase：整个 warp"),
        PhaseSplit::HalfWarps => tr(
            "two phases: half-warps 0–15, 16–31",
            "两个 phase：半 warp 0–15、16–31",
        ),
        PhaseSplit::QuarterWarps => tr(
            "four phases: quarter-warps of 8 lanes",
            "四个 phase：每 8 个 lane 一组",
        ),
    }
}

/// The pair-packing exception, when it applies.
pub fn packing(p: Packing) -> Tr {
    match p {
        Packing::AdjacentPairs => tr(
            "Pair-packing exception: lanes n and n^1 read the same address, so the phases halve.",
            "成对合并例外：lane n 与 n^1 地址相同，phase 数减半。",
        ),
        Packing::PairsTwoApart => tr(
            "Pair-packing exception: lanes n and n^2 read the same address, so the phases halve.",
            "成对合并例外：lane n 与 n^2 地址相同，phase 数减半。",
        ),
    }
}

/// Formulas of the numbers panel in words.
pub const F_BANK: Tr = tr(
    "bank = (byte address / 4) mod 32",
    "bank = (字节地址 / 4) mod 32",
);
pub const F_SUM_PHASES: Tr = tr("Σ phases", "各 phase 之和");
pub const F_ACTIVE_LANES: Tr = tr("active lanes", "活跃 lane 数");
pub const F_CONFLICTS: Tr = tr(
    "max(0, wavefronts − ideal)",
    "max(0, wavefront 数 − 理想值)",
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_phase_sentence_agrees_in_number() {
        let en = |way, conflicts| n_way(way, conflicts, Lang::En);
        assert!(en(2, 1).contains("so the 1 conflict above comes from it"));
        assert!(en(3, 2).contains("so all 2 conflicts above come from it"));
        assert!(en(2, 5).contains("so 1 of the 5 conflicts above comes from it"));
        assert!(en(4, 9).contains("so 3 of the 9 conflicts above come from it"));
        assert!(n_way(3, 2, Lang::Zh).contains("上面的 2 次冲突都来自它"));
    }
}
