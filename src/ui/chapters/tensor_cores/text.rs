//! The Tensor Cores chapter's words, in both languages (course `a100-from-chip-to-simt` §2.3
//! and §5, and the Tensor Core history notes).
//!
//! Length: the chapter's words in both languages; a table read top to bottom.

// `trf!` binds each `name = value` argument with a `let`; `lane = lane` is its intended form.
#![allow(clippy::redundant_locals)]

use super::state::{StepId, VectorError};
use crate::model::roofline::Bound;
use crate::model::tensor_core::{
    element_list, ElementType, FragmentLayout, LayoutError, LayoutSource, Operand, RegisterPosition,
};
use crate::model::w8a8::{
    KernelStep, MeasuredVariant, MemoryLayout, StepAction, StepScope, TileWrite, W8a8Error,
};
use crate::trf;
use crate::ui::format::grouped;
use crate::ui::i18n::{tr, Lang, Tr};

pub const TITLE: Tr = tr("Tensor Cores and the W8A8 GEMV", "Tensor Core 与 W8A8 GEMV");
/// Header of the quantisation table's row-label column (read by screen readers only).
pub const QUANT_COL_ROW: Tr = tr("quantity", "量");
pub const INTRO: [Tr; 2] = [
    tr(
        "A [[Tensor Core|tensor-core]] does not take instructions from one [[thread]]. The whole [[warp]] issues one matrix instruction, and the operands A, B and the [[accumulator]] are spread over the registers of its 32 [[lanes|lane]]: no thread holds a whole matrix. This chapter follows the course's INT8 [[kernel]], a [[W8A8|w8a8]] [[GEMV|gemv]], for one Llama-style linear layer at batch 1, y = W · x (weights W, [[activation]] x) with K = N = 4096, from [[quantisation]] through [[PTX|ptx]] to the [[SASS|sass]] the GPU runs, [[fragment]] by fragment and lane by lane.",
        "[[Tensor Core|tensor-core]] 不接收单个[[线程|thread]]的指令：整个 [[warp]] 发射一条矩阵指令，A、B 与[[累加器|accumulator]]的 [[fragment]] 分散在 32 个 [[lane]] 的寄存器中，没有哪个线程拥有完整矩阵。本章跟踪课程中 batch = 1 的 Llama 风格线性层 y = W · x（权重 W、[[activation]] x，K = N = 4096）的 INT8 [[kernel]]，即一个 [[W8A8|w8a8]] [[GEMV|gemv]]，从[[量化|quantisation]]经 [[PTX|ptx]] 一直走到 GPU 实际执行的 [[SASS|sass]]，逐个 fragment、逐个 lane。",
    ),
    tr(
        "Every number here comes from the models of warpscope; the fragment layouts of [[WMMA|wmma]] are not specified by NVIDIA (those of [[mma.sync|mma-sync]] are, in the PTX ISA), and what is drawn is what was observed on a real GPU (the page always says which).",
        "页面上的每个数字都来自 warpscope 的模型；NVIDIA 并未规定 [[WMMA|wmma]] 的 fragment 布局（[[mma.sync|mma-sync]] 的布局由 PTX ISA 规定），这里画的是在真实 GPU 上观察到的布局（页面始终注明来源）。",
    ),
];

// ---- Fragment maps --------------------------------------------------------------------------

pub const FRAG_TITLE: Tr = tr(
    "Fragment maps: which lane holds which element",
    "fragment 映射：哪个 lane 持有哪个元素",
);
pub const FRAG_INTRO: Tr = tr(
    "Each cell is one element of the [[tile]], coloured by the lane whose registers hold it; the number is the lane, the small number its index i in the lane's fragment array x[i]. Pick a lane in the strip (click, or Tab to it) to see its elements and registers; pick a cell (click, or use the arrow keys inside the grid) to see who holds it.",
    "每个格子是 [[tile]] 的一个元素，颜色表示哪个 lane 的寄存器持有它；大数字是 lane 号，小数字是它在该 lane 的 fragment 数组 x[i] 中的下标 i。在下方的 lane 条中选一个 lane（点击或用 Tab 聚焦），可看到它持有的元素和寄存器；选一个格子（点击，或在网格内用方向键移动），可看到谁持有它。",
);
pub const SHAPE: Tr = tr("Instruction", "指令");
pub const OPERAND: Tr = tr("Operand", "操作数");
pub const ELEMENT: Tr = tr("Element type of A and B", "A、B 的元素类型");
pub const LANES: Tr = tr("Lanes of the warp", "warp 的 32 个 lane");
pub const CLEAR: Tr = tr("Clear selection", "清除选择");
pub const SOURCE: Tr = tr("Source", "来源");
pub const CAVEAT: Tr = tr("How far to trust it", "可信程度");
pub const ELEMENTS_PER_LANE: Tr = tr("elements per lane", "每 lane 元素数");
pub const REGISTERS_PER_LANE: Tr = tr("32-bit registers per lane", "每 lane 32 位寄存器数");
pub const COPIES: Tr = tr("copies of each element", "每个元素的副本数");
pub const NO_LAYOUT: Tr = tr(
    "There is no fragment map for this combination. Pick another element type or instruction: the rest of the page is unaffected.",
    "这个组合没有 fragment 映射。请换一种元素类型或指令；页面其他部分不受影响。",
);
pub const F16_DUPLICATES: Tr = tr(
    "WMMA f16 A and B fragments hold every element twice: x[8..15] repeat x[0..7] (16 elements per lane, 8 distinct).",
    "WMMA 的 f16 A、B fragment 中每个元素存两份：x[8..15] 重复 x[0..7]（每 lane 16 个元素，其中 8 个不同）。",
);
pub const W8A8_A_NOTE: Tr = tr(
    "In the course's kernel only row 0 of A is real: it is the 16-element activation slice qact[k0 .. k0+16]. Rows 1–15 are zero padding, yet the Tensor Core multiplies them all.",
    "在课程的 kernel 中 A 只有第 0 行是真实数据：16 个元素的 activation 片段 qact[k0 .. k0+16]；第 1–15 行全是补 0，但 Tensor Core 照样把它们全部乘一遍。",
);
pub const W8A8_B_NOTE: Tr = tr(
    "B is K × N = 16 × 16, loaded col_major: column n is weight row out_base + n, so qweight[N, K] stored row-major is exactly B stored column-major. No transpose is needed.",
    "B 是 K × N = 16 × 16，按 col_major 加载：第 n 列就是权重的第 out_base + n 行，因此行主序存放的 qweight[N, K] 恰好是列主序的 B，无需转置。",
);
pub const W8A8_ACC_NOTE: Tr = tr(
    "The s32 accumulator is 16 × 16, but only row 0 holds the 16 partial dot products; rows 1–15 are zero (they came from the padding rows of A).",
    "s32 累加器是 16 × 16，但只有第 0 行是 16 个部分点积；第 1–15 行全为 0（来自 A 的补 0 行）。",
);
pub const PADDING: Tr = tr("zero padding (rows 1–15)", "补 0（第 1–15 行）");
pub const SELECTED_LANE: Tr = tr("Selected lane", "所选 lane");
pub const SELECTED_CELL: Tr = tr("Selected element", "所选元素");
pub const GRID_LABEL: Tr = tr(
    "Tile elements coloured by owning lane",
    "按所属 lane 着色的 tile 元素",
);
pub const FRAG_TABLE: Tr = tr(
    "Data table of the fragment map (for screen readers)",
    "fragment 映射数据表（供读屏软件使用）",
);

pub fn operand(op: Operand) -> Tr {
    match op {
        Operand::A => tr("A (matrix_a)", "A（matrix_a）"),
        Operand::B => tr("B (matrix_b)", "B（matrix_b）"),
        Operand::Accumulator => tr("accumulator (C / D)", "累加器（C / D）"),
    }
}

// ---- Launch ---------------------------------------------------------------------------------

pub const LAUNCH_TITLE: Tr = tr("The launch: who computes what", "kernel 启动：谁算什么");
pub const LAUNCH_INTRO: Tr = tr(
    "Each block computes 16 outputs (one 16-wide N tile). Its warps split K into slices; each warp walks its slice 16 at a time with one wmma::mma_sync per step; the lanes of a warp cooperate to stage tiles and to hold the fragments. Change K, N or the warps per block: every number below is recomputed by the model.",
    "每个 block 计算 16 个输出（一个 16 宽的 N tile）；block 内的各 warp 把 K 切成若干段（K slice），每个 warp 以 16 为步长走完自己的一段，每步一次 wmma::mma_sync；warp 内的 lane 协作搬运 tile 并共同持有 fragment。改变 K、N 或每 block 的 warp 数，下面的数字都由模型重新计算。",
);
pub const K_LABEL: Tr = tr("K (input features)", "K（输入维度）");
pub const N_LABEL: Tr = tr("N (output features)", "N（输出维度）");
pub const WARPS_LABEL: Tr = tr("warps per block", "每 block 的 warp 数");
pub const INVALID_LAUNCH: Tr = tr(
    "The course's kernel cannot run this shape, so the numbers are hidden until the shape is valid. The fragment maps and the rest of the page still work.",
    "课程的 kernel 无法运行这个形状，因此在形状合法之前隐藏这些数字；fragment 映射和页面的其他部分照常可用。",
);
pub const ROOFLINE_LINK: Tr = tr(
    "See this kernel on the roofline",
    "在 Roofline 图上查看这个 kernel",
);
pub const TILE_SHAPES: Tr = tr(
    "The other legal WMMA int8 tiles (arithmetic only)",
    "其他合法的 WMMA int8 tile（仅算术量）",
);
pub const TILE_SHAPES_NOTE: Tr = tr(
    "With the activation in row 0 of an M-row A tile, the Tensor Cores do M times the useful work: m8n32k16 wastes least (1/8 useful), m32n8k16 most (1/32). Only m16n16k16 has a measured fragment layout and is traced step by step.",
    "把 activation 放在 M 行 A tile 的第 0 行时，Tensor Core 做的乘加是有用量的 M 倍：m8n32k16 浪费最少（有用 1/8），m32n8k16 最多（1/32）。只有 m16n16k16 有实测的 fragment 布局，并被逐步追踪。",
);

/// After an activations field's message: what the tables below it show meanwhile.
pub const TABLES_KEEP_LAST: Tr = tr(
    "The tables below, dimmed, keep the last valid activations.",
    "下方变灰的表格仍是上一次有效的激活值。",
);

/// Why a fragment cannot be drawn, in `lang`.
pub fn layout_error(e: &LayoutError, lang: Lang) -> String {
    match e {
        LayoutError::Unsupported {
            shape,
            operand,
            element,
            allowed,
        } => {
            let list = match lang {
                Lang::En => element_list(allowed, ", ", " or "),
                Lang::Zh => element_list(allowed, "、", " 或 "),
            };
            let (shape, element) = (shape.label(), element.label());
            match operand {
                Operand::Accumulator => trf!(
                    lang,
                    "{shape} has no {element} accumulator: it accumulates in {list}.",
                    "{shape} 没有 {element} 累加器：它的累加器是 {list}。"
                ),
                Operand::A | Operand::B => trf!(
                    lang,
                    "{shape} multiplies {list} inputs (A and B), not {element}.",
                    "{shape} 的输入（A 与 B）是 {list}，不能是 {element}。"
                ),
            }
        }
        LayoutError::NotModelled {
            shape,
            element,
            reason,
            ..
        } => {
            let (label, el) = (shape.label(), element.label());
            match (lang, shape.is_wmma() && *element == ElementType::Bf16) {
                (Lang::Zh, true) => format!(
                    "{label} {el} 的布局没有画出：sm_80 起有 WMMA bf16，但 NVIDIA 没有规定 WMMA 的 fragment 布局，这里只实测了 f16 与 s8 的；bf16 请看 mma.sync m16n8k16 bf16。"
                ),
                _ => format!("{label} {el} is not drawn: {reason}."),
            }
        }
    }
}

/// A translated explanation of a launch error (the model's own words are shown beside it).
pub fn launch_error(e: &W8a8Error, lang: Lang) -> String {
    let fixed = match e {
        W8a8Error::EmptyShape { .. } => tr("K and N must both be at least 1.", "K 与 N 都必须至少为 1。"),
        W8a8Error::WarpsPerBlock { .. } => tr(
            "A block holds 1 to 32 warps (at most 1024 threads).",
            "一个 block 有 1 到 32 个 warp（最多 1024 个线程）。",
        ),
        W8a8Error::KNotDivisible { .. } => tr(
            "Each warp must get a whole number of 16-deep WMMA tiles: K must be a multiple of 16 × warps per block.",
            "每个 warp 必须分到整数个 16 深的 WMMA tile：K 必须是 16 × 每 block warp 数的倍数。",
        ),
        W8a8Error::NNotDivisible { .. } => tr(
            "Each block computes 16 outputs: N must be a multiple of 16.",
            "每个 block 计算 16 个输出：N 必须是 16 的倍数。",
        ),
        W8a8Error::AccumulatorOverflow { .. } => tr(
            "The INT32 accumulator could overflow: K · 127² must stay below 2³¹.",
            "INT32 累加器可能溢出：K · 127² 必须小于 2³¹。",
        ),
        W8a8Error::OutOfRange { what, value, count } => {
            let last = count.saturating_sub(1);
            return trf!(
                lang,
                "There is no {what} {value} in this launch: its {what}s are numbered 0 to {last}.",
                "这次启动中没有编号为 {value} 的 {what}：编号从 0 到 {last}。"
            );
        }
        W8a8Error::LengthMismatch { .. } | W8a8Error::NonFinite { .. } => tr(
            "The inputs do not fit the model.",
            "输入与模型不符。",
        ),
    };
    fixed.get(lang).to_string()
}

// ---- Steps ----------------------------------------------------------------------------------

pub const STEPS_TITLE: Tr = tr(
    "One warp, one K tile, step by step",
    "一个 warp 的一次 K tile 迭代，逐步执行",
);
pub const STEPS_INTRO: Tr = tr(
    "Freeze one warp of one block in one iteration of its k0 loop, then follow the block's [[epilogue]]. Step with the buttons or the arrow keys; Play steps on its own (slower when your system asks for reduced motion).",
    "冻结某个 block 中某个 warp 的一次 k0 循环迭代，再接上 block 的 [[epilogue]]。用按钮或方向键单步；“播放”自动前进（系统要求减少动效时会放慢）。",
);
pub const BLOCK_LABEL: Tr = tr("block (blockIdx.x)", "block（blockIdx.x）");
pub const WARP_LABEL: Tr = tr("warp in the block", "block 内的 warp");
pub const KT_LABEL: Tr = tr("K tile of that warp", "该 warp 的第几个 K tile");
pub const PREV: Tr = tr("◀ Previous", "◀ 上一步");
pub const NEXT: Tr = tr("Next ▶", "下一步 ▶");
pub const PLAY: Tr = tr("Play", "播放");
pub const PAUSE: Tr = tr("Pause", "暂停");
pub const FILL_GRID: Tr = tr(
    "Bytes i = 0 … 255 of a_tile[warp] and b_tile[warp] (16 per row), coloured by the lane that writes them",
    "a_tile[warp] 与 b_tile[warp] 的第 i = 0 … 255 字节（每行 16 个），按写入它的 lane 着色",
);
pub const NO_TRACE: Tr = tr("This warp cannot be traced:", "无法追踪这个 warp：");

/// A step's title by the model's step id ("Step" for an id the chapter does not know, which
/// its tests rule out for every step of the trace).
pub fn step_title(id: &str) -> Tr {
    StepId::from_id(id).map_or(tr("Step", "步骤"), step_title_of)
}

/// A step's title.
pub fn step_title_of(s: StepId) -> Tr {
    match s {
        StepId::FillTiles => tr(
            "1. Lanes fill the shared tiles",
            "1. lane 协作把数据填入 shared memory 中的 tile",
        ),
        StepId::SyncwarpTilesReady => {
            tr("2. __syncwarp(): tiles ready", "2. __syncwarp()：tile 就绪")
        }
        StepId::LoadA => tr("3. load_matrix_sync(a_frag)", "3. load_matrix_sync(a_frag)"),
        StepId::LoadB => tr("4. load_matrix_sync(b_frag)", "4. load_matrix_sync(b_frag)"),
        StepId::Mma => tr("5. mma_sync: s8 × s8 → s32", "5. mma_sync：s8 × s8 → s32"),
        StepId::SyncwarpTilesFree => tr(
            "6. __syncwarp(): tiles free",
            "6. __syncwarp()：tile 可覆写",
        ),
        StepId::RepeatKTiles => tr("7. Repeat over the K tiles", "7. 沿 K tile 重复"),
        StepId::StoreAccumulator => tr(
            "8. store_matrix_sync(c_tile)",
            "8. store_matrix_sync(c_tile)",
        ),
        StepId::Syncthreads => tr("9. __syncthreads()", "9. __syncthreads()"),
        StepId::ReducePartials => tr(
            "10. Threads 0–15 add the warps' partials",
            "10. 线程 0–15 合并各 warp 的部分和",
        ),
        StepId::Dequantize => tr("11. Dequantise", "11. 反量化"),
        StepId::WriteOutput => tr("12. Write 16 FP16 outputs", "12. 写出 16 个 FP16 输出"),
    }
}

// ---- Layers and what the H200 measured ------------------------------------------------------

pub const LAYERS_TITLE: Tr = tr("From wmma::mma_sync to IMMA", "从 wmma::mma_sync 到 IMMA");
pub const LAYERS_INTRO: Tr = tr(
    "The same multiply exists at three layers. WMMA is the CUDA C++ warp-level API; PTX is NVIDIA's virtual ISA, which the GPU does not run as text; SASS in the cubin is the machine code ptxas emits for one architecture. Exact registers, counts and order change with the CUDA version: check your own build.",
    "同一次乘法存在于三个层次：WMMA 是 CUDA C++ 的 warp 级矩阵 API；PTX 是 NVIDIA 的虚拟 ISA，GPU 并不直接执行 PTX 文本；cubin 里的 SASS 才是 ptxas 为某一架构生成的机器码。确切的寄存器、指令数量和次序随 CUDA 版本变化，应以本机产物为准。",
);
pub const LAYER: Tr = tr("Layer", "层次");
pub const LAYER_CPP: Tr = tr("CUDA C++ (WMMA API)", "CUDA C++（WMMA API）");
pub const LAYER_PTX: Tr = tr("PTX (virtual ISA)", "PTX（虚拟 ISA）");
pub const LAYER_SASS: Tr = tr(
    "SASS (sm_80 and sm_90, measured)",
    "SASS（sm_80 与 sm_90，实测）",
);
pub const COMMANDS: Tr = tr("The course's commands", "课程中的编译与检查命令");
pub const WASTE_TITLE: Tr = tr(
    "Why M = 1 wastes 15/16 of the Tensor Core work — and why it does not matter",
    "为什么 M = 1 浪费了 15/16 的 Tensor Core 算力——以及为什么这并不要紧",
);
pub const MEASURED_TITLE: Tr = tr(
    "What really happened on an H200",
    "在 H200 上实际发生了什么",
);
pub const MEASURED_INTRO: Tr = tr(
    "The course's kernel was compiled and timed on an NVIDIA H200 (the H100's SM, 4.8 TB/s HBM3e) with K = N = 4096; all three variants give the same FP16 output bit for bit, and ncu counts 16.8 MB read from DRAM for each — the minimum. They differ in instructions, not bytes.",
    "课程的 kernel 在 NVIDIA H200（与 H100 相同的 SM，4.8 TB/s HBM3e）上以 K = N = 4096 编译并计时；三个版本的 FP16 输出逐位一致，ncu 统计的 DRAM 读取量都是 16.8 MB——正是最小流量。它们的差别在指令，而不在字节。",
);
pub const MEASURED_LESSON: Tr = tr(
    "The roofline says this GEMV is HBM-bound, so its floor on the H200 is about 16.03 MiB / 4277 GB/s ≈ 3.9 µs. The course's kernel takes 31.1 µs, 12.6 % of copy bandwidth, not because of Tensor Core waste nor extra bytes, but because its byte-wise staging loop issues 8.1 M warp instructions and its warps are active only about 12 % of the time: too few loads in flight to cover HBM latency. Loading B straight from global memory cuts the instructions to 0.87 M (18.8 µs); a plain CUDA-core dp4a GEMV with 16-byte loads and no Tensor Cores at all is fastest (8.1 µs, 49 % of copy). A problem this small cannot reach the copy figure: launch and ramp-up take a large share of a few microseconds.",
    "Roofline 说这个 GEMV 受 HBM 带宽限制，所以它在 H200 上的下限约为 16.03 MiB / 4277 GB/s ≈ 3.9 µs。课程的 kernel 用了 31.1 µs，只有拷贝带宽的 12.6 %——原因既不是 Tensor Core 的浪费，也不是多搬了字节，而是逐字节搬运的循环发出了 810 万条 warp 指令，warp 平均只有约 12 % 的时间处于活跃状态：在途的访存太少，掩盖不了 HBM 延迟。让 B fragment 直接从 global memory 加载，指令数降到 87 万（18.8 µs）；完全不用 Tensor Core、改用 16 字节访存的 CUDA Core dp4a GEMV 反而最快（8.1 µs，拷贝带宽的 49 %）。问题规模这么小，也达不到拷贝带宽：几微秒里 kernel 启动和爬坡占了很大比例。",
);

pub fn measured(v: MeasuredVariant) -> Tr {
    match v {
        MeasuredVariant::Course => tr(
            "course kernel (byte-wise staging through shared memory)",
            "课程 kernel（逐字节经 shared memory 搬运）",
        ),
        MeasuredVariant::DirectB => tr(
            "B fragment loaded straight from global memory",
            "B fragment 直接从 global memory 加载",
        ),
        MeasuredVariant::Dp4a => tr(
            "CUDA-core dp4a GEMV, 16-byte loads (no Tensor Cores)",
            "CUDA Core dp4a GEMV，16 字节访存（不用 Tensor Core）",
        ),
    }
}

// ---- Generations ----------------------------------------------------------------------------

pub const GEN_TITLE: Tr = tr("Tensor Core generations", "Tensor Core 的演进");
pub const GEN_MOVED: Tr = tr(
    "Three things changed from one generation to the next: how data reaches the Tensor Cores (asynchronous copies → TMA → Tensor Memory), the data types, and the level at which the instruction is issued (warp → warp group → two SMs). The next chapter takes them one by one: the PE array inside a Tensor Core, peaks from units, Volta's quad-pairs, Hopper's wgmma, and wgmma against mma.sync measured on an H200.",
    "代际演进的三条主线：数据如何到达 Tensor Core（异步拷贝 → 硬件 TMA → Tensor Memory）、数据类型越来越丰富、指令的协作层级不断提升（warp → warp group → 跨 SM）。下一章逐一展开：Tensor Core 内部的 PE 阵列、由单元推出峰值、Volta 的 quad-pair、Hopper 的 wgmma，以及在 H200 上实测的 wgmma 与 mma.sync 对比。",
);
pub const GEN_LINK: Tr = tr(
    "Inside the Tensor Core, generation by generation →",
    "Tensor Core 内部与代际演进 →",
);

// ---- Quantisation ---------------------------------------------------------------------------

pub const QUANT_TITLE: Tr = tr(
    "Quantisation: integers first, scales last",
    "量化：先整数，最后乘 scale",
);
pub const QUANT_INTRO: Tr = tr(
    "Symmetric W8A8: the activation gets one scale s_x = max|x| / 127 for the whole vector (per tensor), each weight row its own s_W[o] (per channel), zero points are 0. q = round(v / s), clamped to ±127. The Tensor Cores see only INT8 × INT8 and add into INT32; only the epilogue multiplies the exact integer z[o] by s_x · s_W[o] and rounds to FP16. Edit the activations; the 4 × 8 weights come from a seed.",
    "对称 W8A8：activation 整个向量共用一个 scale s_x = max|x| / 127（per-tensor），每个输出通道的权重行有自己的 s_W[o]（per-channel），zero point 为 0；q = round(v / s)，截断到 ±127。送进 Tensor Core 的只有 INT8 × INT8，乘积累加到 INT32；只有 epilogue 才把精确的整数 z[o] 乘以 s_x · s_W[o] 并舍入到 FP16。可编辑 activation；4 × 8 的权重由随机种子生成。",
);
pub const X_LABEL: Tr = tr(
    "activations x (8 values, comma-separated)",
    "activation x（8 个数，逗号分隔）",
);
pub const SEED_LABEL: Tr = tr("weight seed", "权重随机种子");

// ---- Questions (course a100-from-chip-to-simt §6, Q9–Q13) -----------------------------------

// ---- Layout sources, in both languages ------------------------------------------------------

/// Where a layout comes from: the model's citation in English, a translation in Chinese.
pub fn source_text(s: LayoutSource, lang: Lang) -> String {
    match (lang, s) {
        (Lang::En, _) => s.citation().to_string(),
        (Lang::Zh, LayoutSource::PtxIsa { section, .. }) => format!("PTX ISA 文档：{section}"),
        (Lang::Zh, LayoutSource::ObservedWmma { measured: true }) => {
            "在 H200（sm_90）上加载按坐标编码的 tile 观察得到；f16 与 [WMMAE] sm_80.hpp 一致".into()
        }
        (Lang::Zh, LayoutSource::ObservedWmma { measured: false }) => {
            "由在 H200（sm_90）上观察到的 s8 布局推断，未实测".into()
        }
    }
}

/// How far to trust a layout: the model's caveat in English, a translation in Chinese.
pub fn caveat_text(s: LayoutSource, lang: Lang) -> String {
    match (lang, s) {
        (Lang::En, _) => s.caveat().to_string(),
        (Lang::Zh, LayoutSource::PtxIsa { probed_on_h200: true, .. }) => {
            "由 PTX ISA（§9.7.14.5）规定，与 .row/.col 修饰无关；已在 H200 上逐个寄存器元素做 one-hot 探测确认".into()
        }
        (Lang::Zh, LayoutSource::PtxIsa { probed_on_h200: false, .. }) => {
            "由 PTX ISA（§9.7.14.5）规定，与 .row/.col 修饰无关；这一变体未做探测（m16n8k32 s8 与 m16n8k16 f16 已探测且吻合）".into()
        }
        (Lang::Zh, LayoutSource::ObservedWmma { measured: true }) => {
            "在 sm_90 上观察得到，sm_80 上的 SASS 完全相同；NVIDIA 未规定 WMMA 布局，代码不得依赖它".into()
        }
        (Lang::Zh, LayoutSource::ObservedWmma { measured: false }) => {
            "由 sm_90 上观察到的 s8 布局推断（u8 未实测）；NVIDIA 未规定 WMMA 布局，代码不得依赖它".into()
        }
    }
}

/// The model's own (English) words for an error, shown beside the translated explanation on the
/// English page only (the Chinese page gives the explanation alone).
pub fn model_error_detail(e: &W8a8Error, lang: Lang) -> Option<String> {
    // An index out of range: the explanation names it in both languages.
    match lang {
        Lang::En if !matches!(e, W8a8Error::OutOfRange { .. }) => Some(e.to_string()),
        _ => None,
    }
}

// ---- Fragment views -------------------------------------------------------------------------

pub const FRAG_CONTROLS: Tr = tr("Fragment controls", "fragment 控制");
pub const KEY_LANE: Tr = tr(" lane", " lane 号");
pub const KEY_INDEX: Tr = tr(" index i in x[i]", " x[i] 的下标 i");
pub const COL_ROW_COL: Tr = tr("(row, col)", "（行, 列）");
pub const COL_REGISTER: Tr = tr("register", "寄存器");
pub const COL_BITS: Tr = tr("bits", "位");
pub const COL_VALUE: Tr = tr("value", "取值");

/// What element (row `r`, column `c`) of the course's tile of `operand` holds.
pub fn course_value(
    operand: crate::model::tensor_core::Operand,
    r: u32,
    c: u32,
    lang: Lang,
) -> String {
    use crate::model::tensor_core::Operand;
    match operand {
        Operand::A if r == 0 => format!("qact[k0 + {c}]"),
        Operand::B => format!("qweight[out_base + {c}][k0 + {r}]"),
        Operand::Accumulator if r == 0 => trf!(
            lang,
            "partial sum of z[out_base + {c}]",
            "z[out_base + {c}] 的部分和"
        ),
        _ => tr("0 (padding)", "0（补零）").get(lang).to_string(),
    }
}

/// A lane whose elements all lie in the padding rows.
pub fn lane_only_padding(lane: u32, lang: Lang) -> String {
    trf!(
        lang,
        "Lane {lane} holds only padding: all its elements are in rows 1–15, which are zero in the course's kernel.",
        "lane {lane} 只持有补零的元素：它的所有元素都在第 1–15 行，在课程的 kernel 中为 0。"
    )
}

/// A lane chip's label.
pub fn lane_chip(lane: u32, lang: Lang) -> String {
    trf!(lang, "lane {lane}", "lane {lane}", lane = lane)
}

/// Where an element sits in a lane's registers.
pub fn register_text(reg: RegisterPosition, lang: Lang) -> String {
    trf!(
        lang,
        "register {r} (bits {lo}–{hi}, part {part})",
        "第 {r} 个寄存器（位 {lo}–{hi}，第 {part} 部分）",
        r = reg.register,
        lo = reg.bit_offset,
        hi = reg.bit_offset + reg.bits - 1,
        part = reg.part,
    )
}

/// A cell's label: the element and every lane slot that holds it.
pub fn cell_label(l: &FragmentLayout, r: u32, c: u32, lang: Lang) -> String {
    let who = l
        .slots_of(r, c)
        .iter()
        .map(|s| lane_slot(s.lane, s.index, lang))
        .collect::<Vec<_>>()
        .join(", ");
    trf!(
        lang,
        "{op}({r}, {c}): {who}",
        "{op}({r}, {c})：{who}",
        op = l.operand().label(),
        r = r,
        c = c,
        who = who,
    )
}

/// One lane's slot of an element.
fn lane_slot(lane: u32, index: u32, lang: Lang) -> String {
    trf!(
        lang,
        "lane {lane} x[{index}]",
        "lane {lane} x[{index}]",
        lane = lane,
        index = index,
    )
}

/// The selected lane's group coordinates.
pub fn lane_groups(lane: u32, lang: Lang) -> String {
    trf!(
        lang,
        "groupID g = lane >> 2 = {g}, threadID_in_group t = lane & 3 = {t}",
        "groupID g = lane >> 2 = {g}，threadID_in_group t = lane & 3 = {t}",
        g = lane >> 2,
        t = lane & 3,
    )
}

/// Who holds the selected element: lane, index and register.
pub fn cell_holder(lane: u32, index: u32, reg: RegisterPosition, lang: Lang) -> String {
    trf!(
        lang,
        "lane {lane}, x[{index}], {reg}",
        "lane {lane}，x[{index}]，{reg}",
        lane = lane,
        index = index,
        reg = register_text(reg, lang),
    )
}

// ---- Launch views ---------------------------------------------------------------------------

pub const LAUNCH_CONTROLS: Tr = tr("Launch controls", "启动参数");
pub const GRID_BLOCKS: Tr = tr("blocks in the grid", "grid 中的 block 数");
pub const THREADS: Tr = tr("threads per block", "每 block 线程数");
pub const OUTPUTS_PER_BLOCK: Tr = tr("outputs per block", "每 block 输出数");
pub const K_PER_WARP: Tr = tr("K slice per warp", "每 warp 的 K slice");
pub const MMA_PER_WARP: Tr = tr("wmma::mma_sync per warp", "每 warp 的 mma_sync 次数");
pub const MMA_PER_BLOCK: Tr = tr("wmma::mma_sync per block", "每 block 的 mma_sync 次数");
pub const MMA_TOTAL: Tr = tr("wmma::mma_sync in the grid", "整个 grid 的 mma_sync 次数");
pub const IMMA_TOTAL: Tr = tr("IMMA.16816 in SASS", "SASS 中的 IMMA.16816");
pub const USEFUL_MACS: Tr = tr("useful multiply-adds", "有用的乘加次数");
pub const TENSOR_MACS: Tr = tr(
    "multiply-adds on the Tensor Cores",
    "Tensor Core 实际做的乘加",
);
pub const UTILISATION: Tr = tr("useful share", "有用比例");
pub const SMEM: Tr = tr("shared memory per block", "每 block 的 shared memory");
pub const HBM: Tr = tr("minimum HBM traffic", "最小 HBM 流量");
pub const INTENSITY: Tr = tr("arithmetic intensity", "算术强度");
pub const LOADS: Tr = tr(
    "global load requests / sectors",
    "global 加载请求 / sector 数",
);
pub const LOADS_FORMULA: Tr = tr(
    "9 requests, 17 sectors per warp per K tile + 1 request, 2 sectors per block",
    "每 warp 每 K tile 9 条请求、17 个 sector + 每 block 1 条请求、2 个 sector",
);
pub const ROOF_TITLE: Tr = tr(
    "Its point on the roofline (INT8 Tensor roof, course values)",
    "它在 Roofline 上的位置（INT8 Tensor 屋顶，课程取整值）",
);
pub const COL_INTENSITY: Tr = tr("I (OP/B)", "I（OP/B）");
pub const COL_RIDGE: Tr = tr("ridge", "拐点");
pub const COL_PEAK: Tr = tr("INT8 peak", "INT8 峰值");
pub const COL_HBM: Tr = tr("HBM", "HBM");
pub const COL_TIME: Tr = tr("time ≥", "时间下界");
pub const COL_BOUND: Tr = tr("bound", "瓶颈");
pub const COL_TILE: Tr = tr("tile", "tile");
pub const COL_TENSOR_MACS: Tr = tr("Tensor MACs", "Tensor 乘加");
pub const COL_PADDING: Tr = tr("padding rows", "补 0 行");
pub const COL_USEFUL: Tr = tr("useful", "有用比例");

/// Which roof limits the kernel.
pub fn bound(b: Bound) -> Tr {
    match b {
        Bound::Memory => tr("memory-bound", "memory-bound（带宽瓶颈）"),
        Bound::Compute => tr("compute-bound", "compute-bound（算力瓶颈）"),
    }
}

/// Formula of the useful share: one real row of A's `m`.
pub fn useful_share(m: u32, useful: u64, total: u64, lang: Lang) -> String {
    trf!(
        lang,
        "1 of {m} A rows: {useful} / {total}",
        "A 的 {m} 行中 1 行：{useful} / {total}",
        m = m,
        useful = grouped(useful),
        total = grouped(total),
    )
}

// ---- Quantisation views ---------------------------------------------------------------------

pub const COL_Z: Tr = tr("z = Σ q_W · q_x (INT32)", "z = Σ q_W · q_x（INT32）");
pub const COL_SCALED: Tr = tr("z · s_x · s_W", "z · s_x · s_W");
pub const COL_FP16: Tr = tr("FP16 output", "FP16 输出");
pub const COL_REFERENCE: Tr = tr("float reference", "浮点参考值");
pub const COL_ERROR: Tr = tr("|error|", "|误差|");
pub const COL_ERROR_BOUND: Tr = tr("bound", "误差上界");
pub const ERROR_BOUND_NOTE: Tr = tr(
    "The bound: q = s_x/2 · Σ|w| + s_W/2 · Σ|x| + K · s_x · s_W / 4 from rounding both operands, plus the rounding of the FP32 epilogue and the FP16 store, (|Σ w·x| + q) · (2⁻¹¹ + 2⁻²¹) + 2⁻²⁵: half an FP16 ulp relative to the output, three FP32 roundings, half the smallest FP16 subnormal. The integer part z is exact: only the scales and the final roundings lose precision.",
    "误差上界：两个操作数的舍入带来 q = s_x/2 · Σ|w| + s_W/2 · Σ|x| + K · s_x · s_W / 4，再加上 FP32 epilogue 与 FP16 存储的舍入 (|Σ w·x| + q) · (2⁻¹¹ + 2⁻²¹) + 2⁻²⁵：相对于输出的半个 FP16 ulp、三次 FP32 舍入，以及最小 FP16 次正规数的一半。整数部分 z 是精确的：精度只在 scale 与最后的舍入处损失。",
);

/// Why typed activation text was rejected; `n` is the number of values wanted.
pub fn vector_error(e: &VectorError, n: usize, lang: Lang) -> String {
    match e {
        VectorError::Count(got) => trf!(
            lang,
            "Enter exactly {n} numbers separated by commas (got {got}).",
            "请输入恰好 {n} 个用逗号分隔的数（现在是 {got} 个）。",
            n = n,
            got = got,
        ),
        VectorError::NotANumber(v) => {
            trf!(lang, "“{v}” is not a number.", "“{v}”不是数字。", v = v,)
        }
        VectorError::OutOfRange(v) => trf!(
            lang,
            "“{v}” is out of range: use values between −10000 and 10000.",
            "“{v}”超出范围：请使用 −10000 到 10000 之间的值。",
            v = v,
        ),
    }
}

// ---- Layers views ---------------------------------------------------------------------------

pub const COL_CONTAINS: Tr = tr(
    "what the course kernel contains",
    "课程 kernel 中的对应内容",
);
pub const SASS_NOTE: Tr = tr(
    " per mma_sync, e.g. IMMA.16816.S8.S8 R8, R2.reuse.ROW, R12.COL, R8 (no wgmma / IGMMA in either build)",
    " 每次 mma_sync，例如 IMMA.16816.S8.S8 R8, R2.reuse.ROW, R12.COL, R8（两种构建都没有 wgmma / IGMMA）",
);
/// Comments of the course's build commands (the commands themselves are not translated).
pub const COMMANDS_COMMENT_1: Tr = tr(
    "# common build: a linkable host object with A100 device code\n",
    "# 常用构建：生成可链接的主机端目标文件，并内嵌 A100 设备代码\n",
);
pub const COMMANDS_COMMENT_2: Tr = tr(
    "\n# look at the virtual ISA and at A100 machine code separately\n",
    "\n# 分别观察虚拟 ISA 与 A100 原生机器码\n",
);
pub const COL_VARIANT: Tr = tr("variant (K = N = 4096)", "版本（K = N = 4096）");
pub const COL_MEASURED_TIME: Tr = tr("time, L2 flushed", "时间（清空 L2）");
pub const COL_BANDWIDTH: Tr = tr("bandwidth", "带宽");
pub const COL_OF_COPY: Tr = tr("of copy (4277 GB/s)", "占拷贝带宽（4277 GB/s）");
pub const COL_WARP_INSTRUCTIONS: Tr = tr("warp instructions", "warp 指令数");
pub const COL_LOAD_REQUESTS: Tr = tr("global load requests", "global 加载请求");

/// The numbers of the M = 1 waste paragraph, already formatted.
pub struct Waste {
    pub tensor_macs: String,
    pub useful_macs: String,
    pub useful_pct: String,
    pub intensity: String,
    pub ridge: String,
    pub factor: String,
    pub compute_time: String,
    pub weights: String,
    pub memory_time: String,
    pub padded_time: String,
    pub bound_time: String,
}

/// Why one token wastes 15/16 of the Tensor Core work, and why it does not matter.
pub fn waste(w: &Waste, lang: Lang) -> String {
    trf!(
        lang,
        "With one token, A has one real row: the Tensor Cores perform {tensor} multiply-adds for {useful} useful ones ({pct}). That sounds terrible, but the kernel's intensity is I = {i} OP/byte against an INT8 ridge of {ridge} on the A100: it is memory-bound by a factor of about {factor}. Even at full INT8 speed the useful work would take {compute} of Tensor time, while streaming {weights} of weights takes {memory}; doing 16× the arithmetic costs {padded} — still far below the memory time. The waste is real, but the bytes set the time (lower bound {bound}).",
        "只有一个 token 时 A 只有一行真实数据：Tensor Core 做了 {tensor} 次乘加，其中有用的只有 {useful} 次（{pct}）。听起来很糟，但这个 kernel 的算术强度 I = {i} OP/byte，而 A100 的 INT8 拐点是 {ridge}：它离拐点差了约 {factor} 倍，是 memory-bound。即使按 INT8 峰值计算，有用的运算也只需 {compute}，而搬运 {weights} 权重需要 {memory}；多做 16 倍的算术也只要 {padded}——仍远低于访存时间。浪费是真的，但时间由字节决定（理论下界 {bound}）。",
        tensor = &w.tensor_macs,
        useful = &w.useful_macs,
        pct = &w.useful_pct,
        i = &w.intensity,
        ridge = &w.ridge,
        factor = &w.factor,
        compute = &w.compute_time,
        weights = &w.weights,
        memory = &w.memory_time,
        padded = &w.padded_time,
        bound = &w.bound_time,
    )
}

/// The note under the H200 measurements.
pub fn measured_floor(bytes: &str, floor: &str, warps_active_pct: &str, lang: Lang) -> String {
    trf!(
        lang,
        "Floor at the copy bandwidth: {bytes} / 4277 GB/s = {floor}. Course kernel warps active: about {pct} % of peak (ncu).",
        "按拷贝带宽计算的下限：{bytes} / 4277 GB/s = {floor}。课程 kernel 的 warp 活跃度：约为峰值的 {pct} %（ncu）。",
        bytes = bytes,
        floor = floor,
        pct = warps_active_pct,
    )
}

// ---- Step views -----------------------------------------------------------------------------

pub const STEP_CONTROLS: Tr = tr("Step controls (arrow keys)", "单步控制（方向键）");
pub const FILL_GRID_KEY: Tr = tr(
    ". Large number: lane; small: iteration j (i = lane + 32·j). Select a lane in the strip above to highlight its 8 bytes.",
    "。大数字：lane；小数字：迭代次数 j（i = lane + 32·j）。在上方 lane 条中选择一个 lane，可高亮它写的 8 个字节。",
);

/// Who executes a step.
pub fn scope(s: StepScope) -> Tr {
    match s {
        StepScope::Lanes => tr("each lane on its own (SIMT)", "每个 lane 各自执行（SIMT）"),
        StepScope::Warp => tr("the whole warp together", "整个 warp 协同执行"),
        StepScope::Block => tr("the whole block", "整个 block"),
    }
}

fn layout_name(m: MemoryLayout) -> &'static str {
    match m {
        MemoryLayout::RowMajor => "row_major",
        MemoryLayout::ColMajor => "col_major",
    }
}

/// One byte of the shared tiles: who writes it, and what.
pub fn write_label(w: &TileWrite, lang: Lang) -> String {
    let a = match w.activation_index {
        Some(k) => format!("qact[{k}]"),
        None => "0".into(),
    };
    trf!(
        lang,
        "byte {byte}: lane {lane}, iteration {it}; a_tile = {a}; b_tile = qweight[{row}][{col}] (byte {wb})",
        "字节 {byte}：lane {lane}，第 {it} 次迭代；a_tile = {a}；b_tile = qweight[{row}][{col}]（第 {wb} 字节）",
        byte = w.tile_byte,
        lane = w.lane,
        it = w.iteration,
        a = a,
        row = w.weight_row,
        col = w.weight_col,
        wb = crate::ui::format::grouped(w.weight_byte),
    )
}

/// What a step does, with its numbers.
pub fn step_description(step: &KernelStep, lang: Lang) -> String {
    match &step.action {
        StepAction::FillSharedTiles {
            k0,
            loop_bound,
            loop_stride,
            iterations_per_lane,
            activation_bytes,
            zero_bytes,
            weight_bytes,
            global_requests,
            global_sectors,
            ..
        } => trf!(
            lang,
            "k0 = {k0}. Every lane runs i = lane; i < {loop_bound}; i += {loop_stride}: {iterations_per_lane} iterations. a_tile gets {activation_bytes} activation bytes (row 0) and {zero_bytes} zeros (rows 1–15); b_tile gets {weight_bytes} weight bytes. {global_requests} warp-level global loads touching {global_sectors} 32-byte sectors.",
            "k0 = {k0}。每个 lane 执行 i = lane; i < {loop_bound}; i += {loop_stride}：共 {iterations_per_lane} 次迭代。a_tile 写入 {activation_bytes} 个 activation 字节（第 0 行）和 {zero_bytes} 个 0（第 1–15 行）；b_tile 写入 {weight_bytes} 个权重字节。共 {global_requests} 条 warp 级 global 加载指令，涉及 {global_sectors} 个 32 字节 sector。",
            k0 = k0,
            loop_bound = loop_bound,
            loop_stride = loop_stride,
            iterations_per_lane = iterations_per_lane,
            activation_bytes = activation_bytes,
            zero_bytes = zero_bytes,
            weight_bytes = weight_bytes,
            global_requests = global_requests,
            global_sectors = global_sectors,
        ),
        StepAction::SyncWarp => if StepId::from_id(step.id) == Some(StepId::SyncwarpTilesReady) {
            tr(
                "Wait until all 32 lanes have written: after this, every lane may read the whole tile.",
                "等待 warp 内 32 个 lane 都写完：之后任何 lane 都能读到整个 tile。",
            )
        } else {
            tr(
                "Wait until every lane is done with this tile before the next iteration overwrites it.",
                "等待所有 lane 都用完这一 tile，下一次迭代才能覆写它。",
            )
        }
        .get(lang)
        .to_string(),
        StepAction::LoadMatrix {
            operand,
            element,
            memory_layout,
            ldm,
            elements_per_lane,
            sass,
        } => trf!(
            lang,
            "{op} ({label}, {layout}, ldm = {ldm}): each lane receives {elements_per_lane} {element} elements (two 32-bit registers), as in the fragment map above. SASS: {sass}.",
            "{op}（{label}，{layout}，ldm = {ldm}）：每个 lane 得到 {elements_per_lane} 个 {element} 元素（2 个 32 位寄存器），分布见上方的 fragment 映射。SASS：{sass}。",
            op = if *operand == Operand::A {
                "a_frag ← a_tile"
            } else {
                "b_frag ← b_tile"
            },
            label = operand.label(),
            layout = layout_name(*memory_layout),
            ldm = ldm,
            elements_per_lane = elements_per_lane,
            element = element,
            sass = sass,
        ),
        StepAction::MmaSync {
            shape,
            imma_instructions,
            tensor_macs,
            useful_macs,
            ptx,
            sass,
        } => trf!(
            lang,
            "{shape}: acc += A · B, s8 × s8 accumulated in s32. PTX: {ptx}; SASS: {imma_instructions} × {sass}. The Tensor Cores do {tensor} multiply-adds, of which {useful} are useful (row 0 of A).",
            "{shape}：acc += A · B，s8 × s8 累加到 s32。PTX：{ptx}；SASS：{imma_instructions} 条 {sass}。Tensor Core 做 {tensor} 次乘加，其中只有 {useful} 次有用（A 的第 0 行）。",
            shape = shape,
            ptx = ptx,
            imma_instructions = imma_instructions,
            sass = sass,
            tensor = grouped(*tensor_macs),
            useful = grouped(*useful_macs),
        ),
        StepAction::RepeatKTiles {
            tiles,
            k_begin,
            k_end,
            k_step,
        } => trf!(
            lang,
            "Everything above repeats for k0 = {k_begin}, {k_next}, … < {k_end}: {tiles} times; the accumulator stays in registers.",
            "以上步骤对 k0 = {k_begin}, {k_next}, … < {k_end} 重复，共 {tiles} 次；累加器一直留在寄存器中。",
            k_begin = k_begin,
            k_next = k_begin + k_step,
            k_end = k_end,
            tiles = tiles,
        ),
        StepAction::StoreAccumulator {
            memory_layout,
            ldm,
            bytes,
            c_tile_offset_bytes,
        } => trf!(
            lang,
            "The 16 × 16 s32 accumulator goes to c_tile[warp] (offset {offset} B, {layout}, ldm = {ldm}): {bytes} B.",
            "把 16 × 16 的 s32 累加器写到 c_tile[warp]（偏移 {offset} B，{layout}，ldm = {ldm}）：{bytes} B。",
            offset = c_tile_offset_bytes,
            layout = layout_name(*memory_layout),
            ldm = ldm,
            bytes = bytes,
        ),
        StepAction::SyncThreads => tr(
            "Wait until every warp of the block has stored its partial sums.",
            "等待 block 中所有 warp 都写完自己的部分和。",
        )
        .get(lang)
        .to_string(),
        StepAction::ReducePartials {
            threads,
            partials_per_thread,
        } => trf!(
            lang,
            "Threads 0–{last} each add the {partials_per_thread} warps' partials: z = Σ_w c_tile[w][tid] (row 0 only). The other threads idle.",
            "线程 0–{last} 各自把 {partials_per_thread} 个 warp 的部分和相加：z = Σ_w c_tile[w][tid]（只用第 0 行）。其余线程空闲。",
            last = threads - 1,
            partials_per_thread = partials_per_thread,
        ),
        StepAction::Dequantize { outputs } => trf!(
            lang,
            "Each of the {outputs} outputs computes float(z) · act_scale · w_scale[o] in FP32: the only return to floating point.",
            "{outputs} 个输出各自在 FP32 中计算 float(z) · act_scale · w_scale[o]：唯一一次回到浮点。",
            outputs = outputs,
        ),
        StepAction::WriteOutput {
            first_output,
            outputs,
            bytes,
        } => trf!(
            lang,
            "y[{first} … {last}] = __float2half(…): {outputs} FP16 outputs, {bytes} B.",
            "y[{first} … {last}] = __float2half(…)：{outputs} 个 FP16 输出，{bytes} B。",
            first = first_output,
            last = first_output + outputs - 1,
            outputs = outputs,
            bytes = bytes,
        ),
    }
}
