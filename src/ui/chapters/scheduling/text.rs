//! The warp scheduling chapter's words, in both languages (course `gpu-kernel-engineering-01`
//! §4.2 and `a100-from-chip-to-simt` §4.3).

use std::fmt::Display;

use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

pub const TITLE: Tr = tr("Warp scheduling", "warp 调度");
pub const INTRO: [Tr; 2] = [
    tr(
        "An [[SM|sm]] has four [[partitions|smsp]], each with its own [[warp scheduler|warp-scheduler]]; [[resident]] [[warp]] w lives on scheduler w % 4. Every cycle (one [[issue slot|issue-slot]]) each scheduler issues at most one instruction, from one of its ready warps. A warp whose next instruction needs a load that has not returned is not ready, and the scheduler simply picks another: the warps' registers stay on chip, so switching costs nothing. [[Latency is hidden|latency-hiding]] by always finding some warp with work to do, not by out-of-order execution.",
        "一个 [[SM|sm]] 有四个[[处理分区|smsp]]，每个分区一个 [[warp 调度器|warp-scheduler]]；[[驻留|resident]] [[warp]] w 归调度器 w % 4 管。每个周期（一个[[发射槽|issue-slot]]）每个调度器最多从它的就绪 warp 中发射一条指令。下一条指令要用的数据还没回来的 warp 不是就绪状态，调度器直接换一个：warp 的寄存器一直在片上，切换没有开销。[[延迟隐藏|latency-hiding]]靠的是总能找到有活可干的 warp，而不是乱序执行。",
    ),
    tr(
        "So how many warps fill the latency? If a load takes L cycles and each warp has only k independent instructions to issue between two loads, each scheduler needs about L / k warps to have work every cycle. With [[HBM|hbm]] at 600 cycles and k = 10 that is 60 warps, but an SM holds at most 64 warps, 16 per scheduler. Warps alone cannot fill HBM latency: each warp also needs [[instruction-level parallelism|ilp]] (ILP), several independent loads in flight at once.",
        "那么要多少个 warp 才能把延迟填满？如果一次访存延迟是 L 周期，而每个 warp 在两次访存之间只有 k 条独立指令可以发射，那么每个调度器需要约 L / k 个 warp 才能保证每周期都有活干。[[HBM|hbm]] 延迟按 600 周期、k = 10 算就是 60 个 warp——而一个 SM 最多驻留 64 个 warp，分给 4 个调度器每个 16 个。光靠 warp 数量填不满 HBM 延迟，还要靠单个 warp 内部的并行度（[[ILP|ilp]]）：一次发出多条互不依赖的 load，让它们同时在飞。",
    ),
];

pub const MODEL: Tr = tr(
    "The model's warp program: issue ILP loads, then ILP · k independent instructions, then wait until the last load returns, L cycles after it issued. So I = ILP · (1 + k) issue slots per iteration, and a warp alone takes T1 = max(I, L + ILP − 1) cycles per iteration; a scheduler saturates at about T1 / I warps (L / (k + 1) for ILP = 1, a little below the course's L / k, which ignores the load's own slot). Memory has no bandwidth limit here.",
    "模型中每个 warp 的程序：先发 ILP 条 load，再发 ILP · k 条独立指令，然后等最后一条 load 返回（发出后 L 周期）。所以每轮迭代 I = ILP · (1 + k) 个发射槽，单个 warp 每轮需要 T1 = max(I, L + ILP − 1) 个周期；一个调度器约在 T1 / I 个 warp 时饱和（ILP = 1 时为 L / (k + 1)，比课程的 L / k 略小，因为课程没算 load 自己的发射槽）。这里的内存没有带宽上限。",
);
pub const L: Tr = tr("L: load latency (cycles)", "L：访存延迟（周期）");
pub const LATENCY_PRESET: Tr = tr("Latency preset", "延迟预设");
pub const K: Tr = tr(
    "k: independent instructions per load",
    "k：每条 load 之间的独立指令数",
);
pub const W: Tr = tr("Resident warps on the SM", "SM 上驻留的 warp 数");
pub const ILP: Tr = tr(
    "Loads in flight per warp (ILP)",
    "每个 warp 同时在飞的 load 数（ILP）",
);
pub const CYCLES: Tr = tr("Cycles drawn", "显示的周期数");
pub const TIMELINE: Tr = tr("Issue slots, cycle by cycle", "逐周期的发射槽");
pub const NUMBERS: Tr = tr("The numbers", "数字与算式");
pub const SWEEP: Tr = tr(
    "Utilisation against resident warps",
    "发射槽利用率与驻留 warp 数",
);
pub const MEASURED: Tr = tr("Measured on an NVIDIA H200", "在 NVIDIA H200 上的实测");
pub const MEASURED_KERNEL: Tr = tr("Measured kernel", "实测 kernel");
pub const MEASURED_NOTE: Tr = tr(
    "A microbenchmark on an H200 (sm_90, 1980 MHz): each warp loops over ILP independent 128-byte loads from DRAM (all in flight together) and K independent FFMAs; the loop body is 13 SASS instructions at K = 1 and 44 at K = 32 (address arithmetic and the loop counter come on top of K + ILP). The share of the FFMA peak follows the simple model min(K / I, (W / 4) · K / T1) within a few per cent up to W = 32 warps per SM. Beyond that the hardware departs: for K = 32 at W = 64 the model says 0.67 but the H200 reached 0.54, because the iteration time grew from 768 to 949 cycles as the DRAM load grew: latency is not constant once the memory system gets busy. With 4 loads in flight per iteration the iteration time grows from W ≈ 16 on (Little's law: bytes in flight / bandwidth), and the model overestimates by more than 5 %.",
    "H200（sm_90，1980 MHz）上的微基准：每个 warp 循环执行 ILP 条相互独立、同时在飞的 128 字节 DRAM load 和 K 条独立的 FFMA；循环体在 K = 1 时是 13 条 SASS 指令，K = 32 时是 44 条（除 K + ILP 外还有地址计算和循环计数）。FFMA 占峰值的比例在每 SM 32 个 warp 以内与简单模型 min(K / I, (W / 4) · K / T1) 相差不过几个百分点。再往上硬件就偏离了：K = 32、W = 64 时模型给出 0.67，H200 实测只有 0.54，因为 DRAM 负载变大后每轮迭代时间从 768 周期涨到 949 周期——内存系统一忙，延迟就不再是常数。每轮 4 条 load 同时在飞时，迭代时间从 W ≈ 16 起就开始增长（Little 定律：在途字节数 / 带宽），模型高估超过 5 %。",
);
pub const DATA_TABLE: Tr = tr(
    "Data table of the charts (for screen readers)",
    "图中数据表（供读屏软件使用）",
);

/// A latency preset of `model::scheduler::latency_presets`, named by the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LatencyPreset {
    /// "course-hbm".
    CourseHbm,
    /// "h200-hbm".
    H200Hbm,
    /// "h200-l2".
    H200L2,
    /// "h200-l1".
    H200L1,
    /// "h200-shared".
    H200Shared,
    /// "h200-ffma".
    H200Ffma,
}

impl LatencyPreset {
    /// Every preset.
    pub const ALL: [LatencyPreset; 6] = [
        LatencyPreset::CourseHbm,
        LatencyPreset::H200Hbm,
        LatencyPreset::H200L2,
        LatencyPreset::H200L1,
        LatencyPreset::H200Shared,
        LatencyPreset::H200Ffma,
    ];

    /// The model's id of the preset (also the `<option>` value).
    pub fn id(self) -> &'static str {
        match self {
            LatencyPreset::CourseHbm => "course-hbm",
            LatencyPreset::H200Hbm => "h200-hbm",
            LatencyPreset::H200L2 => "h200-l2",
            LatencyPreset::H200L1 => "h200-l1",
            LatencyPreset::H200Shared => "h200-shared",
            LatencyPreset::H200Ffma => "h200-ffma",
        }
    }

    /// The preset with the model's `id`.
    pub fn from_id(id: &str) -> Option<LatencyPreset> {
        LatencyPreset::ALL.into_iter().find(|p| p.id() == id)
    }
}

/// A latency preset's name in the menu.
pub fn latency_preset(p: LatencyPreset) -> Tr {
    match p {
        LatencyPreset::CourseHbm => tr(
            "HBM, course estimate (A100): 600",
            "HBM，课程估计（A100）：600",
        ),
        LatencyPreset::H200Hbm => tr("HBM, measured on the H200: 687", "HBM，H200 实测：687"),
        LatencyPreset::H200L2 => tr("L2 hit, H200: 280", "L2 命中，H200：280"),
        LatencyPreset::H200L1 => tr("L1 hit, H200: 32", "L1 命中，H200：32"),
        LatencyPreset::H200Shared => tr("Shared memory, H200: 23", "shared memory，H200：23"),
        LatencyPreset::H200Ffma => tr("Dependent FFMA, H200: 4", "相关 FFMA，H200：4"),
    }
}

/// The menu entry for a latency no preset has.
pub const CUSTOM_LATENCY: Tr = tr("custom", "自定义");

// ---- Labels of the figures and controls ------------------------------------------------------

pub const ISSUE_SLOT_UTILISATION: Tr = tr("issue-slot utilisation", "发射槽利用率");
pub const SIMULATED_STEADY_STATE: Tr = tr("simulated steady state", "模拟的稳态利用率");
pub const CLOSED_FORM_MIN_1: Tr = tr(
    "closed form Σ min(1, w·I/T1) / 4",
    "解析式 Σ min(1, w·I/T1) / 4",
);
pub const COURSE_ESTIMATE: Tr = tr(
    "the course's estimate, 4 schedulers × L / k",
    "课程的估计：4 个调度器 × L / k",
);
pub const FFMA_SHARE_OF_PEAK: Tr = tr("FFMA share of peak", "FFMA 占峰值比例");
pub const MEASURED_ON_THE_H200: Tr = tr("measured on the H200", "H200 实测");
pub const SIMPLE_MODEL_MIN_K: Tr = tr(
    "simple model min(K/I, (W/4)·K/T1)",
    "简单模型 min(K/I, (W/4)·K/T1)",
);
pub const PAGE_SIMULATOR: Tr = tr(
    "this page's simulator with L = T1, k = I − 1",
    "本页模拟器（L = T1，k = I − 1）",
);
pub const QUANTITY: Tr = tr("Quantity", "量");
pub const FORMULA: Tr = tr("Formula", "算式");
pub const VALUE: Tr = tr("Value", "数值");
pub const WARPS_PER_SCHEDULER: Tr = tr("Warps per scheduler", "每个调度器的 warp 数");
pub const COURSE_ESTIMATE_OF_WARPS: Tr = tr(
    "Course estimate of warps needed per scheduler",
    "课程估计：每个调度器所需 warp 数",
);
pub const ISSUE_SLOTS_PER_ITERATION: Tr = tr("Issue slots per iteration", "每轮迭代的发射槽");
pub const CYCLES_PER_ITERATION_ONE: Tr = tr(
    "Cycles per iteration, one warp alone",
    "单个 warp 每轮周期数",
);
pub const MODEL_SATURATES_AT_PER: Tr = tr(
    "Model saturates at (per scheduler)",
    "模型饱和点（每调度器）",
);
pub const UTILISATION_CLOSED_FORM: Tr = tr("Utilisation, closed form", "利用率（解析式）");
/// Under the table when the closed form and the simulation differ.
pub const CLOSED_FORM_VS_SIMULATION: Tr = tr(
    "Why the two utilisations differ: the closed form takes a warp's ILP loads as issued on back-to-back cycles (T1 = L + ILP − 1). The simulated scheduler picks among the ready warps in turn, so a warp's next independent load can wait behind the other warps' instructions: its iteration takes longer than T1 and the simulated utilisation comes out lower.",
    "两个利用率为什么不同：解析式假设一个 warp 的 ILP 个 load 在相邻周期连续发射（T1 = L + ILP − 1）。模拟的调度器在就绪的 warp 之间轮流挑选，所以一个 warp 的下一个独立 load 可能要排在其他 warp 的指令之后：它的一轮迭代比 T1 长，模拟得到的利用率因此更低。",
);
/// The simulated utilisation's formula.
pub const SIMULATED_FORMULA: Tr = tr("issued / (4 × cycles)", "已发射指令数 / (4 × 周期数)");
pub const UTILISATION_SIMULATED_STEADY_STATE: Tr =
    tr("Utilisation, simulated steady state", "利用率（模拟稳态）");
pub const UTILISATION_SIMULATED: Tr = tr("utilisation (simulated)", "利用率（模拟）");
pub const UTILISATION_CLOSED_FORM_LABEL: Tr = tr("utilisation (closed form)", "利用率（解析式）");
pub const H200_FFMA_SHARE: Tr = tr("H200 FFMA share", "H200 FFMA 占比");
pub const MODEL_FFMA_SHARE: Tr = tr("model FFMA share", "模型 FFMA 占比");
pub const STEP_THROUGH_THE_CYCLES: Tr = tr(
    "Step through the cycles, 4 per step",
    "逐周期查看（每步 4 个周期）",
);
pub const ISSUING_AN_INSTRUCTION: Tr = tr("issuing an instruction", "正在发射指令");
pub const ISSUING_A_LOAD: Tr = tr("issuing a load", "正在发射 load");
pub const READY_NOT_PICKED: Tr = tr("ready, not picked", "就绪但未被选中");
pub const WAITING_FOR_MEMORY: Tr = tr("waiting for memory", "等待访存");
pub const S0_S3_THE_FOUR: Tr = tr("S0–S3: the four schedulers", "S0–S3：四个调度器");

// ---- Chart labels and sentences with numbers ------------------------------------------------

pub const ISSUE_SLOT_UTILISATION_AGAINST: Tr = tr(
    "Issue-slot utilisation against resident warps",
    "发射槽利用率与驻留 warp 数",
);

pub const FFMA_CHART_LABEL: Tr = tr(
    "FFMA share of peak: measured and modelled",
    "FFMA 占峰值比例：实测与模型",
);

pub const WARPS_PLUS_ILP: Tr = tr(
    " > 16 per scheduler: warps alone are not enough; here ILP supplies the rest",
    " > 每调度器 16 个：光靠 warp 不够，这里由 ILP 补足",
);

pub const WARPS_NEED_ILP: Tr = tr(
    " > 16 per scheduler: warps alone are not enough, ILP is needed",
    " > 每调度器 16 个：光靠 warp 不够，需要 ILP",
);

pub const WARPS_SUFFICE: Tr = tr(
    " ≤ 16 per scheduler: warps suffice",
    " ≤ 每调度器 16 个：warp 数足够",
);

pub const K_NO_NUMBER_OF: Tr = tr("k = 0: no number of warps", "k = 0：多少 warp 都不够");

pub const RESIDENT_WARPS_PER_SM: Tr = tr("resident warps per SM, W", "每 SM 驻留 warp 数 W");

/// One measured kernel in the chart's menu: its ILP, FFMAs per iteration, instructions per
/// iteration and unloaded cycles per iteration (`t1_cycles`, already formatted).
pub fn measured_kernel_option(
    ilp: impl Display,
    k_ffma: impl Display,
    instructions: impl Display,
    t1_cycles: &str,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "ILP = {ilp}, K = {k_ffma} FFMA, I = {instructions}, T1 = {t1_cycles} cycles",
        "ILP = {ilp}, K = {k_ffma} FFMA, I = {instructions}, T1 = {t1_cycles} 周期"
    )
}

/// The estimate 4 · L/k when it lies beyond the chart.
pub fn beyond_chart(v: impl Display, lang: Lang) -> String {
    trf!(
        lang,
        "4 · L/k = {v} warps: off the chart →",
        "4 · L/k = {v} 个 warp：超出图外 →"
    )
}

/// One measured FFMA point against the model.
pub fn ffma_point(
    measured: impl Display,
    model: impl Display,
    w: impl Display,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "W = {w}: measured {measured}, model {model}",
        "W = {w}：实测 {measured}，模型 {model}"
    )
}

/// How the resident warps are spread over the four schedulers.
pub fn round_robin(resident_warps: impl Display, lang: Lang) -> String {
    trf!(
        lang,
        "W = {resident_warps} round robin over 4",
        "W = {resident_warps} 个 warp 轮流分给 4 个调度器"
    )
}

/// The run in one line: warps, cycles and issue slots used.
pub fn utilisation_summary(
    resident_warps: u32,
    cycles: impl Display,
    issued_instructions: impl Display,
    slots: impl Display,
    utilisation: impl Display,
    lang: Lang,
) -> String {
    let warps_word = if resident_warps == 1 { "warp" } else { "warps" };
    trf!(lang, "{resident_warps} {warps_word} over {cycles} cycles; {issued_instructions} of {slots} issue slots used ({utilisation})", "{resident_warps} 个 warp、{cycles} 个周期；{slots} 个发射槽中用了 {issued_instructions} 个（{utilisation}）")
}

/// One scheduler in the current cycle.
pub fn scheduler_state(
    s: impl Display,
    what: impl Display,
    ready: impl Display,
    waiting: impl Display,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "S{s}: {what}, {ready} ready, {waiting} waiting",
        "S{s}：{what}，{ready} 个就绪，{waiting} 个等待"
    )
}

/// The head of the cycle readout.
pub fn cycle_head(c: impl Display, lang: Lang) -> String {
    trf!(lang, "Cycle {c}: ", "第 {c} 周期：")
}

/// Issue slots used over the run, warm-up included.
pub fn issue_slots_used(
    cycles: impl Display,
    issued_instructions: impl Display,
    utilisation: impl Display,
    lang: Lang,
) -> String {
    trf!(lang, "Issue slots used in these {cycles} cycles: {issued_instructions} / (4 × {cycles}) = {utilisation} (the first cycles include the warm-up: all warps start ready)", "这 {cycles} 个周期里用掉的发射槽：{issued_instructions} / (4 × {cycles}) = {utilisation}（开头几个周期是预热：所有 warp 一开始都就绪）")
}

/// What one scheduler did in a cycle: issued warp `w`, or nothing.
pub fn slot(issued: Option<u8>, lang: Lang) -> String {
    match issued {
        Some(w) => trf!(lang, "issues warp {w}", "发射 warp {w}"),
        None => tr("idle slot", "空闲槽").get(lang).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scheduler::latency_presets;

    #[test]
    fn every_model_preset_has_a_name() {
        let presets = latency_presets();
        assert_eq!(presets.len(), LatencyPreset::ALL.len());
        for p in presets {
            let named = LatencyPreset::from_id(p.id).expect(p.id);
            assert!(latency_preset(named)
                .en
                .ends_with(&p.latency_cycles.to_string()));
        }
    }
}
