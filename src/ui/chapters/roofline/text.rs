//! The Roofline chapter's words, in both languages (course `gpu-kernel-engineering-01` §6).

use crate::model::gpu_spec::GpuSpec;
use crate::model::roofline::{Bound, MeasuredId, Precision};
use crate::ui::i18n::{tr, Lang, Tr};
use crate::ui::widgets::Question;

use super::state::{CourseKernel, Family, PointKind};

pub const TITLE: Tr = tr("Roofline", "Roofline 模型");
pub const INTRO: [Tr; 3] = [
    tr(
        "Any computation can be described by two numbers: how many operations it does (FLOPs) and how many bytes it must move to and from HBM. Their ratio is its arithmetic intensity I = FLOPs / bytes, a property of the algorithm, not of the hardware. Bytes are counted at the minimum: every input read once, every output written once.",
        "任何一段计算都可以用两个数字刻画：做了多少次运算（FLOPs），以及从 HBM 搬了多少字节。两者之比叫算术强度 I = FLOPs / bytes，它只和算法有关，与硬件无关。字节数取最小必要流量：输入各读一次、输出各写一次。",
    ),
    tr(
        "A GPU is described by two numbers too: peak compute P and HBM bandwidth BW. A kernel of intensity I can reach at most min(P, I × BW): on a log-log plot the slanted bandwidth roof and the flat compute roof form a roof. Where they meet, I = P / BW, is the ridge point. Left of it a kernel is memory-bound, right of it compute-bound, and no kernel can finish faster than max(FLOPs / P, bytes / BW).",
        "GPU 也用两个数字刻画：峰值算力 P 和 HBM 带宽 BW。算术强度为 I 的 kernel 最多达到 min(P, I × BW)：在双对数坐标上，斜的带宽屋顶和平的算力屋顶拼成一个屋顶。两者交点 I = P / BW 叫拐点（ridge point）。拐点左侧是 memory-bound，右侧是 compute-bound；任何 kernel 都不可能快于 max(FLOPs / P, bytes / BW)。",
    ),
    tr(
        "Each execution unit has its own compute roof and so its own ridge: on the A100 the BF16 Tensor Cores need 156 FLOP per byte read from HBM, the FP32 CUDA cores only about 10. Pick a GPU, move the sliders, and hover or tab to any point for its arithmetic.",
        "不同的执行单元有不同的算力屋顶，也就有不同的拐点：A100 上 BF16 Tensor Core 每从 HBM 读一个字节至少要做 156 次运算，FP32 CUDA Core 只要约 10 次。选择 GPU、拖动滑块，把鼠标移到（或用 Tab 键聚焦）任一点上即可看到它的算式。",
    ),
];

pub const GPU: Tr = tr("GPU", "GPU");
pub const VALUES: Tr = tr("Values", "数值口径");
pub const COURSE_VALUES: Tr = tr(
    "Course (A100 19.5 / 312 TFLOPS, 2.0 TB/s; H100 67 / 989, 3.35 TB/s)",
    "课程取整值（A100 19.5 / 312 TFLOPS、2.0 TB/s；H100 67 / 989、3.35 TB/s）",
);
pub const DATASHEET_VALUES: Tr = tr(
    "Datasheet (A100 2039 GB/s, H100 989.4 TFLOPS …)",
    "数据手册值（A100 2039 GB/s、H100 989.4 TFLOPS …）",
);
pub const SHOW_MEASURED: Tr = tr(
    "Show what an H200 measured (with the H200 preset)",
    "显示 H200 实测结果（选 H200 时）",
);
pub const MEASURED_LEGEND: Tr = tr(
    "measured on an H200 (dashed: its copy bandwidth 4277 GB/s)",
    "H200 实测（虚线：实测拷贝带宽 4277 GB/s）",
);
pub const MEASURED_HINT: Tr = tr(
    "Pick the H200 to see its measurements on the chart.",
    "选择 H200 即可在图上看到它的实测点。",
);

/// The visible note for a GPU the course gives no values for: its roofs are datasheet values.
pub fn no_course_values_note(gpu: &GpuSpec, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "The course gives no values for the {}: its roofs are datasheet values either way. Source: {}.",
            gpu.name, gpu.source
        ),
        Lang::Zh => format!(
            "课程没有给出 {} 的数值：无论选哪种口径，它的屋顶都用数据手册值。来源：{}。",
            gpu.name, gpu.source
        ),
    }
}
pub const YOUR_KERNEL: Tr = tr("Your kernel", "你的 kernel");
pub const FAMILY: Tr = tr("Kernel", "Kernel 类型");
pub const DTYPE: Tr = tr("Element type", "数据类型");
pub const ROOF: Tr = tr("Compute roof", "算力屋顶");
pub const TILES: Tr = tr("Tiled GEMM (no L2 reuse)", "分块 GEMM（不计 L2 复用）");
pub const NUMBERS: Tr = tr("The numbers", "数字与算式");
pub const COURSE_TABLE: Tr = tr(
    "The course's table: A100 vs H100",
    "课程中的表：A100 与 H100",
);
pub const COURSE_TABLE_DATASHEET: Tr = tr(
    "The course's kernels with datasheet values: A100 vs H100",
    "课程中的 kernel，按数据手册值：A100 与 H100",
);

/// The speed-up diagnostic with the ratios of the values in use: `bw` and `peak` are
/// (H100, A100) bandwidth and BF16 peak.
pub fn course_table_note(bw: (f64, f64), peak: (f64, f64), lang: Lang) -> String {
    let f = |x: f64| crate::ui::format::sig3(x);
    let (rb, rp) = (bw.0 / bw.1, peak.0 / peak.1);
    let (b0, b1) = (f(bw.0 / 1e12), f(bw.1 / 1e12));
    let (p0, p1) = (f(peak.0 / 1e12), f(peak.1 / 1e12));
    match lang {
        Lang::En => format!(
            "Elementwise, RMSNorm and decode attention are timed by their bytes: their A100 → H100 speed-up is the bandwidth ratio {b0} / {b1} = {:.2}×. The GEMM is timed by its FLOPs: {p0} / {p1} = {:.2}×. A kernel's speed-up on new hardware tells you which bound it is, without a profiler.",
            rb, rp
        ),
        Lang::Zh => format!(
            "elementwise、RMSNorm、decode attention 的时间全由字节数决定，A100 → H100 的加速比恰好是带宽比 {b0} / {b1} = {:.2}×；GEMM 的时间由 FLOPs 决定，加速比是算力比 {p0} / {p1} = {:.2}×。一个 kernel 换硬件后的加速比，本身就能告诉你它是哪一类瓶颈——这是一个不用 profiler 的诊断方法。",
            rb, rp
        ),
    }
}

/// Why a kernel cannot be placed: the GPU lacks the unit for `precision`.
pub fn no_unit(precision: Precision, gpu: &GpuSpec, lang: Lang) -> String {
    let have: Vec<&str> = Precision::ALL
        .iter()
        .filter(|p| p.is_tensor() && gpu.peaks.get(**p).is_some())
        .map(|p| p.label())
        .collect();
    let have = if have.is_empty() {
        "—".to_string()
    } else {
        have.join(", ")
    };
    match lang {
        Lang::En => format!(
            "The {} has no {} unit, so this kernel cannot be placed on its roofline. Its Tensor Cores run: {have}. Pick another element type or GPU.",
            gpu.name,
            precision.label()
        ),
        Lang::Zh => format!(
            "{} 没有 {} 执行单元，无法把这个 kernel 放到它的 Roofline 上。它的 Tensor Core 支持：{have}。请换一种数据类型或换一块 GPU。",
            gpu.name,
            precision.label()
        ),
    }
}
pub const MEASURED_TITLE: Tr = tr("Measured on an NVIDIA H200", "在 NVIDIA H200 上的实测");
pub const MEASURED_NOTE: Tr = tr(
    "The roofline is a bound, not a prediction. On an H200 (the H100's SM with 4.8 TB/s of HBM3e) the best device-to-device copy reached 4277 GB/s, 89 % of the datasheet: that is the practical bandwidth roof (dashed). The course's elementwise add with one element per thread reaches only 48 % of it; with 16-byte vectors it reaches 103 % (a read-mostly mix beats a pure copy). cuBLAS BF16 GEMM 4096³ reaches 669 TFLOP/s, 68 % of the 989 TFLOPS peak. On the H200 chart the solid roof is the 4.8 TB/s datasheet bandwidth; compare the points with the dashed copy-bandwidth line.",
    "Roofline 给的是上界，不是预测。在 H200（与 H100 相同的 SM，4.8 TB/s HBM3e）上，最好的设备内拷贝达到 4277 GB/s，是数据手册值的 89 %：这才是实际可达的带宽屋顶（虚线）。课程里每线程一个元素的 elementwise 加法只达到它的 48 %；改用 16 字节向量访存后达到 103 %（读多写少比纯拷贝略快）。cuBLAS 的 BF16 GEMM 4096³ 达到 669 TFLOP/s，是 989 TFLOPS 峰值的 68 %。在 H200 的图上，实线屋顶是数据手册的 4.8 TB/s 带宽；这些点应当和虚线（实测拷贝带宽）比较。",
);
pub const DATA_TABLE: Tr = tr(
    "Data table of the chart (for screen readers)",
    "图中数据表（供读屏软件使用）",
);

pub fn bound(b: Bound) -> Tr {
    match b {
        Bound::Memory => tr("memory-bound", "memory-bound（带宽瓶颈）"),
        Bound::Compute => tr("compute-bound", "compute-bound（算力瓶颈）"),
    }
}

pub fn family(f: Family) -> Tr {
    match f {
        Family::Gemm => tr("GEMM M × N × K", "GEMM M × N × K"),
        Family::Elementwise => tr("Elementwise y = x + b", "逐元素 y = x + b"),
        Family::Rmsnorm => tr("RMSNorm rows × d", "RMSNorm 行 × d"),
        Family::Attention => tr("Decode attention", "Decode attention"),
        Family::W8a8 => tr("W8A8 GEMV (INT8)", "W8A8 GEMV（INT8）"),
        Family::Custom => tr("Custom: FLOPs and bytes", "自定义：FLOPs 与字节数"),
    }
}

pub fn course_kernel(c: CourseKernel) -> Tr {
    match c {
        CourseKernel::Elementwise => tr(
            "elementwise y = x + b (BF16, 2²⁹)",
            "elementwise y = x + b（BF16，2²⁹）",
        ),
        CourseKernel::RmsNorm => tr("RMSNorm 8192 × 4096", "RMSNorm 8192 × 4096"),
        CourseKernel::Attention => tr("decode attention s = 4096", "attention decode s = 4096"),
        CourseKernel::Gemm => tr("GEMM 4096³ BF16", "GEMM 4096³ BF16"),
        CourseKernel::W8a8 => tr("W8A8 GEMV 4096 × 4096", "W8A8 GEMV 4096 × 4096"),
    }
}

pub fn measured(id: MeasuredId) -> Tr {
    match id {
        MeasuredId::ElementwiseNaive => {
            tr("H200: add, 1 element/thread", "H200：加法，每线程 1 个元素")
        }
        MeasuredId::ElementwiseVec16 => tr("H200: add, 16-byte vectors", "H200：加法，16 字节向量"),
        MeasuredId::RmsNorm => tr("H200: F.rms_norm", "H200：F.rms_norm"),
        MeasuredId::GemmBf16 => tr(
            "H200: cuBLAS GEMM 4096³ BF16",
            "H200：cuBLAS GEMM 4096³ BF16",
        ),
    }
}

pub fn point(kind: PointKind) -> Tr {
    match kind {
        PointKind::Course(c) => course_kernel(c),
        PointKind::User => YOUR_KERNEL,
        PointKind::Tiled => TILES,
        PointKind::Measured(id) => measured(id),
    }
}

pub static QUESTIONS: [Question; 4] = [
    Question {
        id: "q-001-11-1",
        source: tr("Course 001, §11 question 1", "课程 001 第 11 节 第 1 题"),
        question: tr(
            "A100: BF16 peak 312 TFLOPS, HBM 2.0 TB/s. What is the ridge point? Is a kernel with I = 40 FLOP/byte memory- or compute-bound on it? And on an H100 (989 TFLOPS, 3.35 TB/s)?",
            "A100 BF16 峰值 312 TFLOPS、HBM 2.0 TB/s：ridge point 是多少？一个 I = 40 FLOP/byte 的 kernel 在它上面是哪类？在 H100（989 T、3.35 TB/s）上呢？",
        ),
        answer: tr(
            "A100 ridge = 312 / 2.0 = 156; 40 < 156, so it is memory-bound. H100 ridge = 989 / 3.35 ≈ 295: still memory-bound, and further from the compute roof. Every generation moves the ridge to the right, so the same kernel leans more towards the bandwidth bound.",
            "A100 ridge = 312 / 2.0 = 156，40 < 156 是 memory-bound；H100 ridge = 989 / 3.35 ≈ 295，仍是 memory-bound 且离屋顶更远——每代硬件 ridge 右移，同一个 kernel 更偏向带宽瓶颈。",
        ),
    },
    Question {
        id: "q-ridge-trend",
        source: tr("Course 001, §6.3 (the ridge point)", "课程 001 第 6 节第 3 小节（拐点）"),
        question: tr(
            "From A100 to H100 compute grew 3.2× but bandwidth only 1.7×. What happens to the ridge point, and why does that make kernel fusion more important?",
            "从 A100 到 H100，算力提高了 3.2 倍，带宽只提高了 1.7 倍。ridge point 怎么变？为什么这让 kernel 融合越来越重要？",
        ),
        answer: tr(
            "The ridge moves from 156 to 295 FLOP/byte: each generation turns more operators memory-bound. Fusion matters not because compute is short but because there is too much of it for the bandwidth: the only way forward for a memory-bound kernel is to move fewer bytes.",
            "ridge 从 156 抬到 295 FLOP/byte：每一代硬件都让更多的算子变成 memory-bound。kernel 融合越来越重要，不是因为算力不够，而是因为算力太多、带宽跟不上——memory-bound 的 kernel 唯一的出路是少搬字节。",
        ),
    },
    Question {
        id: "q-speedup",
        source: tr("Course 001, §6.7 (the calculator)", "课程 001 第 6 节第 7 小节（计算器）"),
        question: tr(
            "Without a profiler: a kernel runs 1.68× faster on an H100 than on an A100. Which bound is it? And if it ran 3.17× faster?",
            "不用 profiler：一个 kernel 在 H100 上比 A100 快 1.68 倍，它是哪类瓶颈？如果快 3.17 倍呢？",
        ),
        answer: tr(
            "1.68× is the bandwidth ratio 3.35 / 2.0, so its time is set by bytes: memory-bound. 3.17× is the compute ratio 989 / 312: compute-bound.",
            "1.68× 恰好是带宽比 3.35 / 2.0，说明时间由字节数决定：memory-bound。3.17× 是算力比 989 / 312：compute-bound。",
        ),
    },
    Question {
        id: "q-tiled",
        source: tr("Course 001, §6.5 (when GEMM is really compute-bound)", "课程 001 第 6 节第 5 小节（GEMM 什么时候才真的 compute-bound）"),
        question: tr(
            "A 4096³ BF16 GEMM tiled 128 × 128: each block reads (BM + BN) · K elements. With no reuse between tiles in L2, what is its intensity against HBM, and which side of the A100's ridge (156) is it?",
            "4096³ 的 BF16 GEMM 按 128 × 128 分块：每个 block 读 (BM + BN) · K 个元素。如果 tile 之间在 L2 里完全没有复用，它对 HBM 的算术强度是多少？在 A100 ridge（156）的哪一侧？",
        ),
        answer: tr(
            "1024 blocks × 256 × 4096 elements × 2 B = 2.15 GB, plus 33.5 MB for C: I = 137.4 GFLOP / 2.18 GB ≈ 63 FLOP/byte < 156, so it would be memory-bound. In practice L2 catches the repeated reads of A's row blocks and B's column blocks, which is what makes large GEMMs compute-bound.",
            "1024 个 block × 256 × 4096 个元素 × 2 B = 2.15 GB，再加 C 的 33.5 MB：I = 137.4 GFLOP / 2.18 GB ≈ 63 FLOP/byte < 156，会是 memory-bound。实际中 40 MB 的 L2 拦住了对 A 行块、B 列块的重复读取，这才让大 GEMM 成为 compute-bound。",
        ),
    },
];
