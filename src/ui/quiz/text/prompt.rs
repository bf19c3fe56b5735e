//! The question's sentence in both languages, rendered from the same values its answer is
//! computed from: the parameters, the GPU preset the model reads, the roofs of
//! [`Params::roofs`], the Tensor Core units of `tensor_peaks`. A value the student cannot derive
//! (a datasheet peak, a per-SM limit, an observed layout, how Nsight Compute counts) is stated
//! with where it comes from. A divergence question's code is not in the sentence: the page
//! prints [`crate::model::quiz::Question::listing`] below it.

use crate::model::gpu_spec::GpuSpec;
use crate::model::quiz::{plain, sci, Kind, Params, Question, QuestionRoof, RoofValues};
use crate::model::roofline::Precision;
use crate::model::tensor_core::{ElementType, MmaShape, Operand};
use crate::model::tensor_core_gen::peak::tensor_peaks;
use crate::model::tensor_core_gen::smem_descriptor::{Major, Swizzle};
use crate::model::tensor_core_gen::tmem::{TMEM_ALLOC_UNIT_COLUMNS, TMEM_COLUMNS, TMEM_LANES};
use crate::trf;
use crate::ui::i18n::{tr, Lang};

/// A count as the site writes it: grouped in thousands from five digits on ("65,536", "4096").
fn n5(value: impl Into<u64>) -> String {
    let v = value.into();
    if v >= 10_000 {
        crate::ui::format::grouped(v)
    } else {
        v.to_string()
    }
}

fn gpu_name(id: &str) -> String {
    GpuSpec::by_id(id).map_or_else(|| id.to_string(), |g| g.name.to_string())
}

/// The unit of a precision's peak: TOP/s for INT8, TFLOP/s otherwise.
fn peak_unit(p: Precision) -> &'static str {
    if p == Precision::Int8Tensor {
        "TOP/s"
    } else {
        "TFLOP/s"
    }
}

/// What a Tensor Core roof counts: dense (sparsity excluded), and the accumulator of a 16-bit
/// or FP8 roof; empty for a CUDA-core roof.
fn tensor_words(r: &QuestionRoof, lang: Lang) -> &'static str {
    let accumulate = matches!(
        r.precision,
        Precision::Fp16Tensor | Precision::Bf16Tensor | Precision::Fp8Tensor
    );
    match (r.precision.is_tensor(), accumulate, r.geforce_fp32_accumulate) {
        (false, _, _) => "",
        (true, false, _) => tr("dense, without 2:4 sparsity", "稠密，不含 2:4 稀疏").get(lang),
        (true, true, false) => tr(
            "dense, without 2:4 sparsity, FP32 accumulate",
            "稠密，不含 2:4 稀疏，FP32 累加",
        )
        .get(lang),
        (true, true, true) => tr(
            "dense, without 2:4 sparsity, FP32 accumulate: the GeForce datasheet figure, half the FP16-accumulate rate",
            "稠密，不含 2:4 稀疏，FP32 累加：GeForce 规格表给出的数值，是 FP16 累加速率的一半",
        )
        .get(lang),
    }
}

/// `words` in parentheses after a space (English) or in full-width ones (Chinese); empty stays
/// empty.
fn bracketed(words: &str, lang: Lang) -> String {
    match (words.is_empty(), lang) {
        (true, _) => String::new(),
        (false, Lang::En) => format!(" ({words})"),
        (false, Lang::Zh) => format!("（{words}）"),
    }
}

fn values_words(v: RoofValues, lang: Lang) -> &'static str {
    match v {
        RoofValues::Course => tr("the course's rounded values", "课程的取整值"),
        RoofValues::DatasheetPeakCourseBandwidth => tr(
            "the datasheet's peak, which the course does not round, against the course's bandwidth",
            "峰值取规格表数值（课程未对此精度取整），带宽取课程的取整值",
        ),
        RoofValues::Datasheet => tr("datasheet values", "规格表数值"),
    }
    .get(lang)
}

/// The roof's peak in its unit and its bandwidth in TB/s, as the prompt writes them.
pub fn roof_numbers(r: &QuestionRoof) -> (String, String) {
    (
        plain(r.roof.peak_flops_per_s / 1e12),
        plain(r.roof.bandwidth_bytes_per_s / 1e12),
    )
}

/// The question's sentence in `lang`, from its parameters.
pub fn prompt(q: &Question, lang: Lang) -> String {
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
                "The {name} has {sms} SMs with {per} FP32 lanes each. How many FP32 lanes does the chip have, and what FP32 peak, in TFLOP/s, do they reach at a sustained clock of {clock_mhz} MHz (one FFMA = 2 FLOP per lane per cycle)?",
                "{name} 有 {sms} 个 SM，每个 SM 有 {per} 个 FP32 单元。整颗芯片共有多少个 FP32 单元？在 {clock_mhz} MHz 的持续频率下，FP32 峰值是多少 TFLOP/s（每个单元每周期一条 FFMA = 2 FLOP）？"
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
            let Some(g) = GpuSpec::by_id(gpu) else {
                return String::new();
            };
            let (major, minor) = g.compute_capability;
            let (warps, blocks, sm_regs, parts, sm_smem) = (
                g.max_warps_per_sm(),
                g.max_blocks_per_sm,
                n5(g.regs_per_sm),
                g.partitions_per_sm,
                n5(g.smem_per_sm_bytes),
            );
            let (smem_bytes, dsmem_bytes) = (n5(*smem_bytes), n5(*dsmem_bytes));
            let (unit, granularity, reserve) = (
                g.reg_alloc_unit_per_warp,
                g.smem_alloc_granularity_bytes,
                g.reserved_smem_per_block_bytes,
            );
            let reserve = match (reserve, lang) {
                (0, Lang::En) => ", no system reserve".to_string(),
                (0, Lang::Zh) => "，无系统预留".to_string(),
                (r, Lang::En) => format!(", plus a {r} B system reserve per block"),
                (r, Lang::Zh) => format!("，另加每个 block {r} B 的系统预留"),
            };
            let launch = trf!(
                lang,
                "A kernel on the {name} (compute capability {major}.{minor}; per SM at most {warps} warps, {blocks} blocks, {sm_regs} registers split over {parts} partitions, and {sm_smem} B of shared memory with the default carveout; registers go to a warp in units of {unit}, shared memory to a block in units of {granularity} B{reserve}) runs {threads} threads per block with {regs} registers per thread, {smem_bytes} B of static and {dsmem_bytes} B of dynamic shared memory per block.",
                "{name}（计算能力 {major}.{minor}；每个 SM 最多 {warps} 个 warp、{blocks} 个 block、{sm_regs} 个寄存器（分属 {parts} 个分区），默认 carveout 下 {sm_smem} B shared memory；寄存器按每个 warp {unit} 个为单位分配，shared memory 按每个 block {granularity} B 为单位分配{reserve}）上的一个 kernel：每个 block {threads} 个线程，每个线程 {regs} 个寄存器，每个 block {smem_bytes} B 静态和 {dsmem_bytes} B 动态 shared memory。"
            );
            let ask = if q.kind == Kind::OccupancyPercent {
                tr(
                    " What is its theoretical occupancy, in % (active warps / maximum warps per SM)?",
                    "它的理论占用率是多少 %（活跃 warp 数 / 每个 SM 最大 warp 数）？",
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
            let grid = n5(*grid);
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
            "An SM holds {w} resident warps, spread round robin over its 4 schedulers; each scheduler issues at most one instruction per cycle. Each warp issues a load, then {k} independent instructions, then waits for the load (L = {latency_cycles} cycles), so a warp alone takes max(1 + k, L) cycles per iteration of 1 + k instructions. What share of the issue slots is used, in % (the chapter's closed-form estimate)?",
            "一个 SM 上驻留 {w} 个 warp，轮流分配给 4 个调度器；每个调度器每周期最多发射一条指令。每个 warp 发出一条 load，再发 {k} 条独立指令，然后等待 load 返回（L = {latency_cycles} 个周期），因此单个 warp 每次迭代发射 1 + k 条指令、用时 max(1 + k, L) 个周期。发射槽的利用率是多少 %（本章的闭式估计）？"
        ),
        Params::Branch {
            block,
            warp,
            block_index,
            n,
            ..
        } => {
            let bound = n.map_or_else(String::new, |n| format!(", n = {}", n5(n)));
            trf!(
                lang,
                "A kernel launched with blockDim.x = {block}{bound} runs the code below. For warp {warp} of block {block_index}: what is the active mask of the then side (hex, bit i = lane i), and how many paths of the branch run one after the other under a partial mask (0 when the warp does not diverge)?",
                "一个 blockDim.x = {block}{bound} 的 kernel 执行下面的代码。对 block {block_index} 的第 {warp} 个 warp：then 分支的 active mask 是多少（十六进制，第 i 位 = lane i）？分支中有几条路径在部分掩码下依次执行（warp 不分歧时为 0）？"
            )
        }
        Params::Global {
            elem_bytes,
            stride,
            offset_bytes,
        } => trf!(
            lang,
            "Each lane of a full warp loads {elem_bytes} B from global memory at byte address {offset_bytes} + lane × {stride} × {elem_bytes}. How many 32-byte sectors does the load touch, and how many requests does it take (as Nsight Compute counts l1tex__t_requests on Volta and later)?",
            "一个完整 warp 的每个 lane 从 global memory 读取 {elem_bytes} B，字节地址为 {offset_bytes} + lane × {stride} × {elem_bytes}。这次访存涉及多少个 32 字节 sector？需要几个请求（request，按 Volta 及以后 Nsight Compute 的 l1tex__t_requests 计数）？"
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
                "Each lane of a full warp reads {elem_bytes} B from shared memory at element index {index} (byte address = index × {elem_bytes}). How many wavefronts does the access take, and how many bank conflicts does Nsight Compute count for it (l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld: the wavefronts beyond the first of each phase)?",
                "一个完整 warp 的每个 lane 从 shared memory 读取 {elem_bytes} B，元素下标为 {index}（字节地址 = 下标 × {elem_bytes}）。这次访问需要多少个 wavefront？Nsight Compute 为它记多少次 bank 冲突（l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld：每个阶段第一个之外的 wavefront）？"
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
            let matrix = match operand {
                Operand::A => "M × K",
                Operand::B => "K × N",
                Operand::Accumulator => "M × N",
            };
            let source = if *shape == MmaShape::WmmaM16N16K16 {
                tr(
                    "NVIDIA does not specify WMMA fragment layouts: this one is as observed on sm_90 (the same SASS on sm_80)",
                    "NVIDIA 未规定 WMMA fragment 布局：此处为在 sm_90 上实测的布局（sm_80 的 SASS 相同）",
                )
            } else {
                tr(
                    "the layout is the PTX ISA's",
                    "布局取自 PTX ISA",
                )
            }
            .get(lang);
            trf!(
                lang,
                "In the {s} fragment of operand {o} ({e}, a {matrix} matrix; {source}), which lane holds element (row {row}, column {col}), and in which of that lane's registers, counting from 0 (each register holds 32 bits)?",
                "在 {s} 的操作数 {o}（{e}，{matrix} 矩阵；{source}）的 fragment 中，元素（第 {row} 行，第 {col} 列）由哪个 lane 持有？在该 lane 的第几个寄存器中（从 0 开始，每个寄存器 32 位）？"
            )
        }
        Params::W8a8 { k, n, warps } => {
            let k = n5(*k);
            trf!(
            lang,
            "The course's W8A8 GEMV with K = {k}, N = {n} and {warps} {warps_word} per block (WMMA m16n16k16 int8, one block per 16 outputs, the warps split K): how many blocks does the grid have, how many threads per block, and how many MMAs does each warp issue?",
            "课程中的 W8A8 GEMV，K = {k}，N = {n}，每个 block {warps} 个 warp（WMMA m16n16k16 int8，每个 block 负责 16 个输出，各 warp 分摊 K）：grid 有多少个 block？每个 block 多少线程？每个 warp 发出多少次 MMA？",
            warps_word = if *warps == 1 { "warp" } else { "warps" }
        )
        }
        Params::Kernel {
            gpu: Some(gpu),
            precision,
            flops,
            bytes,
        } => {
            let roofs = q.params.roofs();
            let Some(r) = roofs.first() else {
                return String::new();
            };
            let (name, p, f, b) = (gpu_name(gpu), precision.label(), sci(*flops), sci(*bytes));
            let (peak, bw) = roof_numbers(r);
            let (unit, dense, values) = (
                peak_unit(*precision),
                bracketed(tensor_words(r, lang), lang),
                values_words(r.values, lang),
            );
            trf!(
                lang,
                "A kernel does {f} FLOP and moves {b} bytes on the {name}. Its {p} roof{dense}: peak {peak} {unit}, memory bandwidth {bw} TB/s ({values}). What is the ridge point of that roof, in FLOP/byte, and is the kernel memory-bound or compute-bound?",
                "一个 kernel 在 {name} 上执行 {f} FLOP、搬运 {b} 字节。其 {p} 屋顶{dense}：峰值 {peak} {unit}，显存带宽 {bw} TB/s（{values}）。该屋顶的拐点（ridge point）是多少 FLOP/byte？这个 kernel 是 memory-bound 还是 compute-bound？"
            )
        }
        Params::Kernel {
            gpu: None,
            precision,
            flops,
            bytes,
        } => {
            let roofs = q.params.roofs();
            let (Some(a), Some(h)) = (roofs.first(), roofs.get(1)) else {
                return String::new();
            };
            let (p, f, b) = (precision.label(), sci(*flops), sci(*bytes));
            let ((pa, ba), (ph, bh)) = (roof_numbers(a), roof_numbers(h));
            let dense = match (tensor_words(a, lang), lang) {
                ("", _) => String::new(),
                (w, Lang::En) => format!(", {w}"),
                (w, Lang::Zh) => format!("，{w}"),
            };
            trf!(
                lang,
                "A kernel does {f} FLOP ({p}{dense}) and moves {b} bytes. With the course's rounded values (A100: {pa} TFLOP/s, {ba} TB/s; H100: {ph} TFLOP/s, {bh} TB/s), what is its time lower bound on each GPU, in µs?",
                "一个 kernel 执行 {f} FLOP（{p}{dense}），搬运 {b} 字节。按课程的取整值（A100：{pa} TFLOP/s、{ba} TB/s；H100：{ph} TFLOP/s、{bh} TB/s），它在两块 GPU 上的理论时间下界各是多少 µs？"
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
            let (d, e) = (dtype.label(), dtype.bytes());
            trf!(
                lang,
                "A GEMM with M × N × K = {m} × {n} × {k} (A is M × K, B is K × N, C is M × N; {d}, {e} bytes per element) is tiled into BM × BN × BK = {bm} × {bn} × {bk} blocks with no L2 reuse: each block reads (BM + BN) × K elements of A and B, and C is written once. What is its arithmetic intensity, in FLOP/byte (2 FLOP per multiply-add)?",
                "一个 M × N × K = {m} × {n} × {k} 的 GEMM（A 为 M × K，B 为 K × N，C 为 M × N；{d}，每个元素 {e} 字节）按 BM × BN × BK = {bm} × {bn} × {bk} 分块，且不考虑 L2 复用：每个 block 读取 A、B 共 (BM + BN) × K 个元素，C 只写一次。它的算术强度是多少 FLOP/byte（每次乘加算 2 FLOP）？"
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
        Params::TensorPeak {
            gpu,
            precision,
            clock_mhz,
        } => {
            let name = gpu_name(gpu);
            let p = tensor_peaks(gpu)
                .ok()
                .and_then(|v| v.into_iter().find(|x| x.precision == *precision));
            let (sms, tcs, fma, datasheet, boost) = p.map_or((0, 0, 0, 0, 0), |p| {
                (
                    p.sm_count,
                    p.tensor_cores_per_sm,
                    p.fma_per_clk_per_tensor_core,
                    p.clock_mhz,
                    p.boost_clock_mhz,
                )
            });
            let label = precision.label();
            let acc = if matches!(precision, Precision::Fp16Tensor | Precision::Bf16Tensor) {
                tr(" (FP32 accumulate)", "（FP32 累加）").get(lang)
            } else {
                ""
            };
            match clock_mhz {
                None => trf!(
                    lang,
                    "The {name} has {sms} SMs with {tcs} Tensor Cores each; one Tensor Core does {fma} dense {label} multiply-adds per clock{acc}. Its datasheet's Tensor figures correspond to {datasheet} MHz (maximum boost: {boost} MHz). What dense {label} peak do these units give, in TFLOP/s?",
                    "{name} 有 {sms} 个 SM，每个 SM 有 {tcs} 个 Tensor Core；每个 Tensor Core 每时钟做 {fma} 次稠密 {label} 乘加{acc}。其数据手册的 Tensor 峰值对应 {datasheet} MHz（最高 Boost：{boost} MHz）。这些单元给出的稠密 {label} 峰值是多少 TFLOP/s？"
                ),
                Some(clock) => trf!(
                    lang,
                    "The {name} has {sms} SMs with {tcs} Tensor Cores each; one Tensor Core does {fma} dense {label} multiply-adds per clock{acc}. Under a long matrix product its SMs hold {clock} MHz (maximum boost: {boost} MHz; the datasheet's Tensor figures correspond to {datasheet} MHz). What dense {label} peak do these units give at {clock} MHz, in TFLOP/s?",
                    "{name} 有 {sms} 个 SM，每个 SM 有 {tcs} 个 Tensor Core；每个 Tensor Core 每时钟做 {fma} 次稠密 {label} 乘加{acc}。在长时间的矩阵乘中，其 SM 频率保持在 {clock} MHz（最高 Boost：{boost} MHz；数据手册的 Tensor 峰值对应 {datasheet} MHz）。在 {clock} MHz 下这些单元给出的稠密 {label} 峰值是多少 TFLOP/s？"
                ),
            }
        }
        Params::Wgmma { n } => trf!(
            lang,
            "A warp group issues wgmma.mma_async.m64nNk16 with N = {n}, BF16 inputs and FP32 accumulators. How many mma.sync.m16n8k16 instructions compute the same product, and how many FP32 accumulator registers does each of the group's 128 threads hold?",
            "一个 warp group 发射 wgmma.mma_async.m64nNk16，其中 N = {n}（BF16 输入、FP32 累加）。同样的乘积需要多少条 mma.sync.m16n8k16？warp group 的 128 个线程每个持有多少个 FP32 累加寄存器？"
        ),
        Params::Lab { .. } => lab(q, lang),
        Params::WgmmaElement {
            n,
            dtype,
            row,
            col,
        } => {
            let (t, shape) = (dtype.label(), newest_shape(*dtype, *n));
            let per = match dtype {
                ElementType::F16 => tr(
                    "two f16 per .f16x2 register, the even element in the low half",
                    "每个 .f16x2 寄存器存两个 f16，偶数号元素在低半部分",
                ),
                _ => tr("one element per register", "每个寄存器一个元素"),
            }
            .get(lang);
            trf!(
                lang,
                "A warp group (128 threads) runs wgmma.mma_async.{shape} with {t} accumulators. Which thread of the group holds element D[{row}][{col}] of the 64 × {n} accumulator, and which of that thread's 32-bit accumulator registers holds it ({per}; the PTX ISA's wgmma D fragment)?",
                "一个 warp group（128 个线程）执行 wgmma.mma_async.{shape}，累加器为 {t}。64 × {n} 累加器中的元素 D[{row}][{col}] 由 warp group 中的哪个线程持有？它位于该线程的第几个 32 位累加寄存器（{per}；见 PTX ISA 的 wgmma D fragment）？"
            )
        }
        Params::TmemAccumulator { cta_group, m, n } => {
            let g = cta_group.ctas();
            let (lanes, cols, unit) = (TMEM_LANES, TMEM_COLUMNS, TMEM_ALLOC_UNIT_COLUMNS);
            trf!(
                lang,
                "On a B200, a kind::f16 tcgen05.mma with cta_group::{g}, M = {m} and N = {n} keeps its f32 accumulator D in Tensor Memory ({lanes} lanes × {cols} columns of 32-bit cells per SM; tcgen05.alloc takes a power of two of at least {unit} columns). How many Tensor Memory columns does D take in each SM, and how many columns must each CTA allocate?",
                "在 B200 上，一条 cta_group::{g}、M = {m}、N = {n} 的 kind::f16 tcgen05.mma 把 f32 累加器 D 放在 Tensor Memory 中（每个 SM {lanes} 个 lane × {cols} 列、每格 32 位；tcgen05.alloc 申请的列数须为二的幂且至少 {unit} 列）。D 在每个 SM 中占多少列 Tensor Memory？每个 CTA 至少要申请多少列？"
            )
        }
        Params::Descriptor { operand, row, k } => {
            let d = operand.descriptor;
            let (bits, mn) = (operand.element_bits, operand.mn);
            let (start, lbo, sbo) = (
                n5(d.start_address_bytes),
                n5(d.leading_byte_offset_bytes),
                n5(d.stride_byte_offset_bytes),
            );
            let major = match operand.major {
                Major::K => "K-major",
                Major::Mn => "MN-major",
            };
            let swz = match (d.swizzle, lang) {
                (Swizzle::None, Lang::En) => "no swizzle".to_string(),
                (Swizzle::None, Lang::Zh) => "无 swizzle".to_string(),
                (s, Lang::En) => format!("the {}-byte swizzle", s.row_bytes()),
                (s, Lang::Zh) => format!("{} 字节 swizzle", s.row_bytes()),
            };
            trf!(
                lang,
                "A wgmma operand sits in shared memory {major}, {bits}-bit elements, {mn} rows along M or N, described by a descriptor with start address {start}, LBO {lbo} and SBO {sbo} bytes and {swz}. At which byte address is element ({row}, {k}) (row along M or N, index along K)? One core matrix (8 rows of 16 bytes) is read by 8 lanes, one row each, over 32 banks of 4 bytes. At worst over the operand's core matrices, how many bank conflicts (wavefronts beyond the first) does that read have as laid out, and how many if the rows kept their pitch but the swizzle's XOR were left out?",
                "一个 wgmma 操作数以 {major} 方式存放在 shared memory 中：{bits} 位元素，M 或 N 方向 {mn} 行，描述符的起始地址为 {start}、LBO 为 {lbo}、SBO 为 {sbo} 字节，{swz}。元素 ({row}, {k})（M 或 N 方向的行、K 方向的序号）位于哪个字节地址？一个 core matrix（8 行、每行 16 字节）由 8 个 lane 读取，每个 lane 读一行，共 32 个 bank、每个 4 字节。在该操作数的所有 core matrix 中最坏的情况下，按实际布局读取有多少次 bank 冲突（第一个之外的 wavefront）？若各行间距不变、但去掉 swizzle 的 XOR，又有多少次？"
            )
        }
    }
}

/// `m64n{N}k16` (`k32` for s32 accumulators, which take 8-bit inputs).
fn newest_shape(dtype: ElementType, n: u32) -> String {
    let k = if dtype == ElementType::S32 { 32 } else { 16 };
    format!("m64n{n}k{k}")
}

/// A kernel-lab question: the launch and arguments of the preset (its source is printed below
/// the sentence), the warp, and the access.
fn lab(q: &Question, lang: Lang) -> String {
    let Params::Lab {
        preset,
        args,
        line,
        column,
        name,
        store,
        execution,
        warp,
        block,
        warp_in_block,
    } = &q.params
    else {
        return String::new();
    };
    let Some(p) = crate::model::kernel::preset(preset) else {
        return String::new();
    };
    let dim = |d: [u32; 3]| format!("({}, {}, {})", d[0], d[1], d[2]);
    let (grid, blockdim, b) = (dim(p.grid), dim(p.block), dim(*block));
    // Every scalar argument's value: the drawn one where there is one.
    let values: Vec<String> = p
        .args
        .iter()
        .map(|(n, v)| {
            let v = args.iter().find(|(a, _)| a == n).map_or(*v, |(_, x)| *x);
            format!("{n} = {}", n5(v.unsigned_abs()))
        })
        .collect();
    let shared = matches!(q.kind, Kind::LabWavefronts);
    let (what_en, what_zh) = match store {
        true => ("store to", "store 写入"),
        false => ("load of", "load 读取"),
    };
    let args_en = if values.is_empty() {
        String::new()
    } else {
        format!(" and {}", values.join(", "))
    };
    let args_zh = if values.is_empty() {
        String::new()
    } else {
        format!("，参数 {}", values.join("，"))
    };
    let warp = n5(*warp);
    let setup = trf!(
        lang,
        "The kernel below runs with gridDim = {grid}, blockDim = {blockdim}{args_en}. Warp {warp} of the launch (warp {warp_in_block} of block {b}) executes the {what_en} {name}[…] on line {line}, column {column} (execution {execution} of it by this warp).",
        "下面的 kernel 以 gridDim = {grid}、blockDim = {blockdim} 启动{args_zh}。整次启动中的第 {warp} 个 warp（block {b} 的第 {warp_in_block} 个 warp）第 {execution} 次执行第 {line} 行第 {column} 列对 {name}[…] 的 {what_zh}。",
        what_en = what_en,
        what_zh = what_zh,
    );
    let ask = if shared {
        trf!(
            lang,
            "How many of the warp's lanes take part in that shared-memory access, how many wavefronts does it take, and how many bank conflicts does Nsight Compute count for it (l1tex__data_bank_conflicts_pipe_lsu_mem_shared: the wavefronts beyond the first of each phase)? Shared arrays are laid out in declaration order from offset 0.",
            "这个 warp 有几个 lane 参与这次 shared memory 访问？它需要多少个 wavefront？Nsight Compute 为它记多少次 bank 冲突（l1tex__data_bank_conflicts_pipe_lsu_mem_shared：每个 phase 第一个之外的 wavefront）？shared 数组按声明顺序从偏移 0 开始排列。"
        )
    } else {
        trf!(
            lang,
            "How many 32-byte sectors does that warp-level access touch, and how many requests does it take (as Nsight Compute counts l1tex__t_requests)? Each pointer is a buffer of its own, aligned to 256 bytes as cudaMalloc returns it.",
            "这次 warp 级访存涉及多少个 32 字节 sector？需要几个请求（按 Nsight Compute 的 l1tex__t_requests 计数）？每个指针各自是一块缓冲区，与 cudaMalloc 一样按 256 字节对齐。"
        )
    };
    format!("{setup} {ask}")
}
