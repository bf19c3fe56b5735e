//! The Roofline chapter's words, in both languages (course `gpu-kernel-engineering-01` §6).

use std::fmt::Display;

use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::{Bound, MeasuredId, Precision};
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

use super::state::{ChartPoint, CourseKernel, Family, PointKind};
use crate::ui::format::{bytes_both, duration, si, sig3};

pub const TITLE: Tr = tr("Roofline", "Roofline 模型");
pub const INTRO: [Tr; 3] = [
    tr(
        "Any computation can be described by two numbers: how many operations it does ([[FLOPs|flops]]) and how many bytes it must move to and from [[HBM|hbm]]. Their ratio is its [[arithmetic intensity|arithmetic-intensity]] I = FLOPs / bytes, a property of the algorithm, not of the hardware. Bytes are counted at the minimum: every input read once, every output written once.",
        "任何一段计算都可以用两个数字刻画：做了多少次运算（[[FLOPs|flops]]），以及从 [[HBM|hbm]] 搬了多少字节。两者之比叫[[算术强度|arithmetic-intensity]] I = FLOPs / bytes，它只和算法有关，与硬件无关。字节数取最小必要流量：输入各读一次、输出各写一次。",
    ),
    tr(
        "A GPU is described by two numbers too: peak compute P (in [[TFLOP/s|tflops]]) and HBM bandwidth BW. A [[kernel]] of intensity I can reach at most min(P, I × BW): on a log-log plot the slanted bandwidth roof and the flat compute roof form a roof, the [[Roofline|roofline]]. Where they meet, I = P / BW, is the [[ridge point|ridge-point]]. Left of it a kernel is [[memory-bound]], right of it [[compute-bound]], and no kernel can finish faster than max(FLOPs / P, bytes / BW).",
        "GPU 也用两个数字刻画：峰值算力 P（单位 [[TFLOPS|tflops]]）和 HBM 带宽 BW。算术强度为 I 的 [[kernel]] 最多达到 min(P, I × BW)：在双对数坐标上，斜的带宽屋顶和平的算力屋顶拼成一个屋顶，即 [[Roofline|roofline]]。两者交点 I = P / BW 叫[[拐点|ridge-point]]（ridge point）。拐点左侧是 [[memory-bound]]，右侧是 [[compute-bound]]；任何 kernel 都不可能快于 max(FLOPs / P, bytes / BW)。",
    ),
    tr(
        "Each execution unit has its own compute roof and so its own ridge: on the A100 the BF16 [[Tensor Cores|tensor-core]] need 156 FLOP per byte read from HBM, the FP32 [[CUDA cores|cuda-core]] only about 10. Pick a GPU, move the sliders, and point at, tap or tab to any point for its arithmetic.",
        "不同的执行单元有不同的算力屋顶，也就有不同的拐点：A100 上 BF16 [[Tensor Core|tensor-core]] 每从 HBM 读一个字节至少要做 156 次运算，FP32 [[CUDA Core|cuda-core]] 只要约 10 次。选择 GPU、拖动滑块，把鼠标移到任一点上（触屏上点一下，或用 Tab 键聚焦）即可看到它的算式。",
    ),
];

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
/// The chart's scroll box (a phone scrolls the chart sideways; the y axis stays).
pub const CHART: Tr = tr("Roofline chart", "Roofline 图");
pub const YOUR_KERNEL: Tr = tr("Your kernel", "你的 kernel");
pub const FAMILY: Tr = tr("Kernel", "kernel 类型");
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
        Family::Attention => tr("Decode attention", "decode 阶段的 attention"),
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
        CourseKernel::Attention => tr("decode attention s = 4096", "decode attention s = 4096"),
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

// ---- Labels of the figures and controls ------------------------------------------------------

pub const COURSE_KERNELS: Tr = tr("the course's kernels", "课程中的 kernel");
pub const M_ROWS_OF_A: Tr = tr("M (rows of A and C)", "M（A、C 的行数）");
pub const N_COLUMNS_OF_B: Tr = tr("N (columns of B and C)", "N（B、C 的列数）");
pub const K_REDUCTION_LENGTH: Tr = tr("K (reduction length)", "K（归约长度）");
pub const N_ELEMENTS: Tr = tr("n (elements)", "n（元素个数）");
pub const ROWS_TOKENS: Tr = tr("rows (tokens)", "行数（token 数）");
pub const D_HIDDEN_SIZE: Tr = tr("d (hidden size)", "d（隐藏维度）");
pub const S_CONTEXT_LENGTH_TOKENS: Tr = tr("s (context length, tokens)", "s（上下文长度，token）");
pub const LAYERS: Tr = tr("layers", "层数");
pub const KV_HEADS: Tr = tr("KV heads", "KV 头数");
pub const Q_HEADS: Tr = tr("Q heads", "Q 头数");
pub const D_HEAD: Tr = tr("d_head", "d_head（每头维度）");
pub const K_INPUT_FEATURES: Tr = tr("K (input features)", "K（输入维度）");
pub const N_OUTPUT_FEATURES: Tr = tr("N (output features)", "N（输出维度）");
pub const FLOPS: Tr = tr("FLOPs", "FLOPs（运算次数）");
pub const BYTES_MOVED_TO_FROM: Tr = tr("Bytes moved to/from HBM", "与 HBM 之间搬运的字节数");
pub const BM_TILE_ROWS: Tr = tr("BM (tile rows)", "BM（tile 行数）");
pub const BN_TILE_COLUMNS: Tr = tr("BN (tile columns)", "BN（tile 列数）");
pub const BK_K_PER_STAGE: Tr = tr("BK (K per stage)", "BK（每级 K 步长）");
pub const FLOPS_ROW: Tr = tr("FLOPs", "运算量 FLOPs");
pub const BYTES_MINIMUM: Tr = tr("Bytes (minimum)", "字节数（最小流量）");
pub const ARITHMETIC_INTENSITY_I: Tr = tr("Arithmetic intensity I", "算术强度 I");
pub const COMPUTE_ROOF_P: Tr = tr("Compute roof P", "算力屋顶 P");
pub const BANDWIDTH_BW: Tr = tr("Bandwidth BW", "带宽 BW");
pub const RIDGE_POINT: Tr = tr("Ridge point", "拐点");
pub const ATTAINABLE: Tr = tr("Attainable", "可达算力");
pub const COMPUTE_TIME: Tr = tr("Compute time", "算力时间");
pub const MEMORY_TIME: Tr = tr("Memory time", "访存时间");
pub const TIME_LOWER_BOUND: Tr = tr("Time lower bound", "理论时间下界");
pub const BOUND: Tr = tr("Bound", "瓶颈类型");
pub const QUANTITY: Tr = tr("Quantity", "量");
pub const FORMULA: Tr = tr("Formula", "算式");
pub const VALUE: Tr = tr("Value", "数值");
pub const ONE_BLOCK_COMPUTES_A: Tr = tr("One block computes a BM × BN tile of C and walks K in steps of BK, loading a BM × BK slice of A and a BK × BN slice of B into shared memory each step. It reads (BM + BN) · K elements from global memory; if no two blocks share anything through L2, all blocks together read blocks × (BM + BN) · K.", "一个 block 负责 C 的一个 BM × BN tile，沿 K 方向每次把 A 的 BM × BK、B 的 BK × BN 装进 shared memory。每个 block 从全局内存读 (BM + BN) · K 个元素；如果 tile 之间在 L2 里完全没有共享，所有 block 合计读 blocks × (BM + BN) · K 个元素。");
pub const BLOCKS: Tr = tr("Blocks", "block 数");
pub const ELEMENTS_READ_PER_BLOCK: Tr = tr("Elements read per block", "每个 block 读的元素");
pub const HBM_BYTES_NO_L2: Tr = tr("HBM bytes, no L2 reuse", "HBM 字节数（无 L2 复用）");
pub const NAIVE_GEMM_BYTES: Tr = tr("Naive GEMM bytes", "naive GEMM 字节数");
pub const SAVING_VS_NAIVE: Tr = tr("Saving vs naive", "相对 naive 的节省");
pub const INTENSITY_WITHOUT_L2_REUSE: Tr =
    tr("Intensity without L2 reuse", "无 L2 复用时的算术强度");
pub const SHARED_MEMORY_PER_STAGE: Tr = tr("Shared memory per stage", "每级 shared memory");
pub const AGAINST_THE_RIDGE: Tr = tr("Against the ridge", "与拐点相比");
pub const REAL_GEMMS_GET_WELL: Tr = tr("Real [[GEMMs|gemm]] get well above this: concurrently running blocks read the same row blocks of A and column blocks of B, and L2 (40 MiB on the A100) stops those repeated reads before they reach HBM. GEMM is compute-bound only when tiles are large, on-chip reuse is high and the block order is L2-friendly.", "实际 [[GEMM|gemm]] 远高于这个数：同时运行的 block 中有很多读的是 A 的同一行块或 B 的同一列块，L2（A100 上 40 MiB）把这些重复读取拦在了 HBM 之外。GEMM 是 compute-bound 不是天然的，而是 tile 足够大、片上复用足够多、block 调度顺序对 L2 友好的结果。");
pub const BYTES: Tr = tr("bytes", "字节");
pub const BOUND_LABEL: Tr = tr("bound", "瓶颈");
pub const SPEED_UP: Tr = tr("speed-up", "加速比");
pub const TIME: Tr = tr("time", "时间");
pub const BANDWIDTH: Tr = tr("bandwidth", "带宽");
pub const OF_COPY_4277_GB: Tr = tr("of copy (4277 GB/s)", "占拷贝带宽（4277 GB/s）");
pub const ACHIEVED: Tr = tr("achieved", "达到算力");
pub const ROOF_LABEL: Tr = tr("roof", "屋顶");
pub const RIDGE_FLOP_BYTE: Tr = tr("ridge (FLOP/byte)", "拐点（FLOP/byte）");

// ---- Sentences with numbers -------------------------------------------------------------------

pub const KERNELS_ON_THE_ROOFLINE: Tr =
    tr("Kernels on the roofline chart", "Roofline 图中的 kernel");

/// "OP/s" for integer Tensor Core work (INT8 is quoted in TOPS), "FLOP/s" otherwise.
pub fn ops(precision: Precision) -> &'static str {
    if precision == Precision::Int8Tensor {
        "OP/s"
    } else {
        "FLOP/s"
    }
}

/// One-line description of a point for its tooltip, aria-label and data table.
pub fn describe(p: &ChartPoint, lang: Lang) -> String {
    let name = point(p.kind).get(lang);
    match p.placement {
        Some(pl) => {
            let bound = bound(pl.bound).get(lang);
            let flops = si(pl.flops, "");
            let bytes = bytes_both(pl.bytes);
            let intensity = sig3(pl.intensity);
            let peak = si(pl.roof.peak_flops_per_s, ops(p.precision));
            let bw = si(pl.roof.bandwidth_bytes_per_s, "B/s");
            let attainable = si(pl.attainable_flops_per_s, ops(p.precision));
            let time = duration(pl.time_lower_bound_s);
            trf!(
                lang,
                "{name}: I = {flops} FLOP / {bytes} = {intensity} FLOP/byte; attainable = min({peak}, I × {bw}) = {attainable}; {bound}; at least {time}",
                "{name}：I = {flops} FLOP / {bytes} = {intensity} FLOP/byte；可达 = min({peak}, I × {bw}) = {attainable}；{bound}；理论下界 {time}"
            )
        }
        None => {
            let intensity = sig3(p.intensity);
            let achieved = si(p.flops_per_s, "FLOP/s");
            trf!(
                lang,
                "{name}: I = {intensity} FLOP/byte; achieved {achieved} (measured)",
                "{name}：I = {intensity} FLOP/byte；实测达到 {achieved}"
            )
        }
    }
}

/// The formula cell of a kernel whose FLOPs and bytes are typed in.
pub const TYPED_IN: Tr = tr("typed", "手动输入");

/// Which values the course table is computed with; the datasheet figures are the presets' own.
pub fn values_note(src: ValueSource, lang: Lang) -> String {
    match src {
        ValueSource::Course => tr(
            "Computed with the course's rounded values, as its roofline_time.py does: elementwise and RMSNorm against the FP32 CUDA-core roof, attention and GEMM against the BF16 Tensor Core roof.",
            "按课程 roofline_time.py 的取整值计算：elementwise 与 RMSNorm 用 FP32 CUDA Core 屋顶，attention 与 GEMM 用 BF16 Tensor Core 屋顶。",
        )
        .get(lang)
        .to_string(),
        ValueSource::Datasheet => {
            let (a, h) = (GpuSpec::a100_sxm(), GpuSpec::h100_sxm());
            // As the datasheets print them: at most one decimal (67, 989.4, 2039).
            let one = |x: f64| {
                let s = format!("{x:.1}");
                s.strip_suffix(".0").map_or(s.clone(), str::to_string)
            };
            let tflops = |p: Option<f64>| p.map_or_else(|| "—".to_string(), |p| one(p / 1e12));
            let bw = format!("{} GB/s", one(a.bandwidth_bytes_per_s / 1e9));
            let (fp32, bf16) = (
                tflops(h.peaks.fp32_flops_per_s),
                tflops(h.peaks.bf16_tensor_flops_per_s),
            );
            trf!(
                lang,
                "Computed with datasheet values (A100 {bw}, H100 {fp32} / {bf16} TFLOPS): the course's rounded table differs slightly.",
                "按数据手册值计算（A100 {bw}，H100 {fp32} / {bf16} TFLOPS），与课程取整值的表略有不同。",
            )
        }
    }
}

/// The double-buffered shared-memory footprint of a tile.
pub fn one_double_buffered(one: impl Display, two: impl Display, lang: Lang) -> String {
    trf!(
        lang,
        "{one} (×2 double-buffered: {two})",
        "{one}（双缓冲 ×2：{two}）"
    )
}
