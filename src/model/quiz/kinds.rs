//! The generators: one draw per [`Kind`], each answered by the chapter's model.
//!
//! A draw returns `None` when the drawn parameters make no question (a launch that cannot run,
//! a layout that does not exist, a kernel too close to the ridge to call); [`super::generate`]
//! then draws again from the same stream, so the result still depends on the seed alone.

use super::REAL_TOLERANCE;
use super::{shuffle, sig4, Answer, Category, Field, Kind, Mistake, Part, Step, StepLabel};
use crate::model::access::{AccessPattern, Pattern};
use crate::model::bank_conflicts::bank_conflicts;
use crate::model::coalescing::coalesce;
use crate::model::dispatch::waves;
use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::hierarchy::{Dim3, DimLimits, Launch};
use crate::model::occupancy::{
    occupancy, occupancy_steps, Carveout, KernelConfig, Limiter, UNLIMITED,
};
use crate::model::rng::SplitMix64;
use crate::model::roofline::{tiled_gemm, Bound, Dtype, Precision};
use crate::model::scheduler::{utilisation_estimate, warps_needed, SchedulerConfig};
use crate::model::simt::{launch_mask, preset, split, Cond, Stmt, WarpInput};
use crate::model::tensor_core::{fragment_layout, ElementType, MmaShape, Operand};
use crate::model::tensor_core_gen::pe_array::PeArray;
use crate::model::tensor_core_gen::peak::{tensor_peaks, ClockBasis};
use crate::model::tensor_core_gen::wgmma::WgmmaShape;
use crate::model::w8a8::W8a8Gemv;
use crate::model::WARP_SIZE;

/// The drawn parameters of a question, per kind of question. Plain data; the UI words them.
#[derive(Clone, Debug, PartialEq)]
pub enum Params {
    /// A GPU (chip).
    Chip {
        /// [`GpuSpec::id`].
        gpu: &'static str,
        /// The clock the chip sustains, MHz (at most its boost clock).
        clock_mhz: u32,
    },
    /// A 2-D launch and one of its threads (hierarchy).
    Thread {
        /// `gridDim` (x, y).
        grid: (u32, u32),
        /// `blockDim` (x, y).
        block: (u32, u32),
        /// `blockIdx` (x, y).
        block_idx: (u32, u32),
        /// `threadIdx` (x, y).
        thread_idx: (u32, u32),
    },
    /// A kernel launch (occupancy): block size, registers, shared memory.
    Launch {
        /// [`GpuSpec::id`].
        gpu: &'static str,
        /// Threads per block.
        threads: u32,
        /// Registers per thread.
        regs: u32,
        /// Static shared memory per block, bytes.
        smem_bytes: u32,
        /// Dynamic shared memory per block, bytes.
        dsmem_bytes: u32,
    },
    /// A launch and a grid (dispatch).
    Grid {
        /// [`GpuSpec::id`].
        gpu: &'static str,
        /// SMs of the GPU.
        sm_count: u32,
        /// Threads per block.
        threads: u32,
        /// Registers per thread.
        regs: u32,
        /// Resident blocks per SM (from the occupancy model).
        blocks_per_sm: u32,
        /// Blocks in the grid.
        grid: u64,
    },
    /// Latency hiding (scheduling).
    Latency {
        /// Load latency L, cycles.
        latency_cycles: u32,
        /// Independent instructions per load, k.
        k: u32,
        /// Resident warps per SM, when asked.
        warps: Option<u32>,
    },
    /// A branch of a divergence preset (divergence).
    Branch {
        /// The divergence chapter's preset id.
        preset: &'static str,
        /// The condition as pseudo-CUDA source.
        condition: String,
        /// `blockDim.x`.
        block: u32,
        /// Warp of the block.
        warp: u32,
        /// `blockIdx.x`.
        block_index: u32,
        /// The bound `n` of `i < n` (bounds-check only).
        n: Option<u32>,
    },
    /// A strided global load (coalescing).
    Global {
        /// Bytes per lane.
        elem_bytes: u32,
        /// Elements between neighbouring lanes.
        stride: u32,
        /// Byte offset of lane 0.
        offset_bytes: u32,
    },
    /// A shared-memory access (bank conflicts): `index = (lane / group) × stride`.
    Shared {
        /// Bytes per lane.
        elem_bytes: u32,
        /// Elements between neighbouring groups.
        stride: u32,
        /// Consecutive lanes reading one element (1: plain stride).
        group: u32,
    },
    /// An element of a fragment (tensor cores).
    Fragment {
        /// The MMA shape.
        shape: MmaShape,
        /// The operand.
        operand: Operand,
        /// The element type.
        element: ElementType,
        /// Row of the element.
        row: u32,
        /// Column of the element.
        col: u32,
    },
    /// The course's W8A8 GEMV (tensor cores).
    W8a8 {
        /// K.
        k: u32,
        /// N.
        n: u32,
        /// Warps per block.
        warps: u32,
    },
    /// A kernel on a roof (roofline).
    Kernel {
        /// [`GpuSpec::id`] (`None`: both A100 and H100).
        gpu: Option<&'static str>,
        /// Precision of the compute roof.
        precision: Precision,
        /// FLOPs.
        flops: f64,
        /// Bytes moved.
        bytes: f64,
    },
    /// A tiled GEMM (roofline).
    Tiled {
        /// M.
        m: u64,
        /// N.
        n: u64,
        /// K.
        k: u64,
        /// Tile rows.
        bm: u64,
        /// Tile columns.
        bn: u64,
        /// Tile depth.
        bk: u64,
        /// Element type.
        dtype: Dtype,
    },
    /// A processing-element array (tensor-core-generations).
    PeArray {
        /// PEs per side (n).
        side: u32,
        /// Products per PE per cycle (k).
        dot_length: u32,
        /// Reduction length of the whole product (K).
        k_total: u32,
    },
    /// A GPU and a Tensor Core data type (tensor-core-generations).
    TensorPeak {
        /// [`GpuSpec::id`].
        gpu: &'static str,
        /// The data type.
        precision: Precision,
    },
    /// A wgmma shape m64nNk16 (tensor-core-generations).
    Wgmma {
        /// N.
        n: u32,
    },
}

/// `1.234e12` style for large reals.
pub fn sci(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let exp = value.abs().log10().floor() as i32;
    let mantissa = value / 10f64.powi(exp);
    let m = format!("{mantissa:.3}");
    let m = m.trim_end_matches('0').trim_end_matches('.');
    format!("{m}e{exp}")
}

fn precision_slug(p: Precision) -> &'static str {
    match p {
        Precision::Fp64 => "fp64",
        Precision::Fp32 => "fp32",
        Precision::Tf32Tensor => "tf32tensor",
        Precision::Fp16Tensor => "fp16tensor",
        Precision::Bf16Tensor => "bf16tensor",
        Precision::Int8Tensor => "int8tensor",
        Precision::Fp8Tensor => "fp8tensor",
    }
}

fn dtype_slug(d: Dtype) -> &'static str {
    match d {
        Dtype::Fp32 => "fp32",
        Dtype::Fp16 => "fp16",
        Dtype::Bf16 => "bf16",
        Dtype::Fp8 => "fp8",
        Dtype::Int8 => "int8",
    }
}

fn element_slug(e: ElementType) -> &'static str {
    match e {
        ElementType::F16 => "f16",
        ElementType::Bf16 => "bf16",
        ElementType::S8 => "s8",
        ElementType::U8 => "u8",
        ElementType::F32 => "f32",
        ElementType::S32 => "s32",
    }
}

impl Params {
    /// The parameters as `(name, value)` pairs, language-free.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        match self {
            Params::Chip { gpu, clock_mhz } => vec![
                ("gpu", gpu.to_string()),
                ("clock_mhz", clock_mhz.to_string()),
            ],
            Params::Thread {
                grid,
                block,
                block_idx,
                thread_idx,
            } => vec![
                ("gx", grid.0.to_string()),
                ("gy", grid.1.to_string()),
                ("bx", block.0.to_string()),
                ("by", block.1.to_string()),
                ("kx", block_idx.0.to_string()),
                ("ky", block_idx.1.to_string()),
                ("tx", thread_idx.0.to_string()),
                ("ty", thread_idx.1.to_string()),
            ],
            Params::Launch {
                gpu,
                threads,
                regs,
                smem_bytes,
                dsmem_bytes,
            } => vec![
                ("gpu", gpu.to_string()),
                ("threads", threads.to_string()),
                ("regs", regs.to_string()),
                ("smem", smem_bytes.to_string()),
                ("dsmem", dsmem_bytes.to_string()),
            ],
            Params::Grid {
                gpu,
                sm_count,
                threads,
                regs,
                blocks_per_sm,
                grid,
            } => vec![
                ("gpu", gpu.to_string()),
                ("sms", sm_count.to_string()),
                ("threads", threads.to_string()),
                ("regs", regs.to_string()),
                ("blocks_per_sm", blocks_per_sm.to_string()),
                ("grid", grid.to_string()),
            ],
            Params::Latency {
                latency_cycles,
                k,
                warps,
            } => {
                let mut v = vec![("l", latency_cycles.to_string()), ("k", k.to_string())];
                if let Some(w) = warps {
                    v.push(("w", w.to_string()));
                }
                v
            }
            Params::Branch {
                preset,
                condition,
                block,
                warp,
                block_index,
                n,
            } => {
                let mut v = vec![
                    ("preset", preset.to_string()),
                    ("if", condition.clone()),
                    ("block", block.to_string()),
                    ("warp", warp.to_string()),
                    ("bidx", block_index.to_string()),
                ];
                if let Some(n) = n {
                    v.push(("n", n.to_string()));
                }
                v
            }
            Params::Global {
                elem_bytes,
                stride,
                offset_bytes,
            } => vec![
                ("elem", elem_bytes.to_string()),
                ("stride", stride.to_string()),
                ("offset", offset_bytes.to_string()),
            ],
            Params::Shared {
                elem_bytes,
                stride,
                group,
            } => vec![
                ("elem", elem_bytes.to_string()),
                ("stride", stride.to_string()),
                ("group", group.to_string()),
            ],
            Params::Fragment {
                shape,
                operand,
                element,
                row,
                col,
            } => vec![
                ("shape", shape.slug().to_string()),
                ("op", operand.slug().to_string()),
                ("el", element_slug(*element).to_string()),
                ("row", row.to_string()),
                ("col", col.to_string()),
            ],
            Params::W8a8 { k, n, warps } => vec![
                ("k", k.to_string()),
                ("n", n.to_string()),
                ("warps", warps.to_string()),
            ],
            Params::Kernel {
                gpu,
                precision,
                flops,
                bytes,
            } => {
                let mut v = Vec::new();
                if let Some(g) = gpu {
                    v.push(("gpu", g.to_string()));
                }
                v.push(("prec", precision_slug(*precision).to_string()));
                v.push(("flops", sci(*flops)));
                v.push(("bytes", sci(*bytes)));
                v
            }
            Params::Tiled {
                m,
                n,
                k,
                bm,
                bn,
                bk,
                dtype,
            } => vec![
                ("m", m.to_string()),
                ("n", n.to_string()),
                ("k", k.to_string()),
                ("bm", bm.to_string()),
                ("bn", bn.to_string()),
                ("bk", bk.to_string()),
                ("dtype", dtype_slug(*dtype).to_string()),
            ],
            Params::PeArray {
                side,
                dot_length,
                k_total,
            } => vec![
                ("side", side.to_string()),
                ("dot", dot_length.to_string()),
                ("k", k_total.to_string()),
            ],
            Params::TensorPeak { gpu, precision } => vec![
                ("gpu", gpu.to_string()),
                ("precision", precision_slug(*precision).to_string()),
            ],
            Params::Wgmma { n } => vec![("n", n.to_string())],
        }
    }

    /// The chapter's permalink query for these parameters (its URL keys, no `?`).
    pub fn chapter_query(&self) -> String {
        let q = |pairs: Vec<(&str, String)>| {
            pairs
                .into_iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join("&")
        };
        match self {
            Params::Chip { gpu, .. } => q(vec![("gpu", gpu.to_string())]),
            Params::Thread { .. } => q(self.pairs()),
            Params::Launch { .. } => q(self.pairs()),
            Params::Grid {
                gpu,
                threads,
                regs,
                grid,
                ..
            } => q(vec![
                ("gpu", gpu.to_string()),
                ("threads", threads.to_string()),
                ("regs", regs.to_string()),
                ("grid", grid.to_string()),
            ]),
            Params::Latency { .. } => q(self.pairs()),
            Params::Branch {
                preset,
                block,
                warp,
                block_index,
                n,
                ..
            } => {
                let mut v = vec![
                    ("preset", preset.to_string()),
                    ("block", block.to_string()),
                    ("warp", warp.to_string()),
                    ("bidx", block_index.to_string()),
                ];
                if let Some(n) = n {
                    v.push(("n", n.to_string()));
                }
                q(v)
            }
            Params::Global {
                elem_bytes,
                stride,
                offset_bytes,
            } => q(vec![
                ("preset", "custom".into()),
                ("elem", elem_bytes.to_string()),
                ("stride", stride.to_string()),
                ("offset", offset_bytes.to_string()),
            ]),
            Params::Shared {
                elem_bytes,
                stride,
                group,
            } => {
                let mut v = vec![
                    ("preset", "custom".to_string()),
                    ("elem", elem_bytes.to_string()),
                    ("stride", stride.to_string()),
                ];
                if *group > 1 {
                    v.push(("f", format!("(lane/{group})*{stride}")));
                }
                q(v)
            }
            Params::Fragment { .. } | Params::W8a8 { .. } => q(self.pairs()),
            Params::Kernel {
                gpu,
                precision,
                flops,
                bytes,
            } => q(vec![
                ("gpu", gpu.unwrap_or("a100").to_string()),
                ("kind", "custom".into()),
                ("prec", precision_slug(*precision).to_string()),
                ("flops", sci(*flops)),
                ("bytes", sci(*bytes)),
            ]),
            Params::Tiled { .. } => {
                let mut v = vec![("kind", "gemm".to_string())];
                v.extend(self.pairs());
                q(v)
            }
            // The chapter's array is the course's 4 × 4 × 4; the question's own array is in
            // the prompt.
            Params::PeArray { .. } => String::new(),
            Params::TensorPeak { gpu, .. } => q(vec![("gpu", gpu.to_string())]),
            Params::Wgmma { n } => q(vec![("n", n.to_string())]),
        }
    }
}

type Draw = Option<(Params, Vec<Part>, Vec<Step>)>;

fn step(label: StepLabel, math: String) -> Step {
    Step { label, math }
}

fn count(field: Field, n: u64) -> Part {
    Part {
        field,
        answer: Answer::Count(n),
        mistakes: Vec::new(),
    }
}

fn real(field: Field, value: f64) -> Part {
    Part {
        field,
        answer: Answer::Real {
            value,
            rel_tol: REAL_TOLERANCE,
            whole: false,
        },
        mistakes: Vec::new(),
    }
}

/// Adds `(mistake, wrong)` to `part` when `wrong` is not itself graded right.
fn with_mistake(mut part: Part, mistake: Mistake, wrong: Option<f64>) -> Part {
    if let Some(w) = wrong {
        let right = match part.answer {
            Answer::Real { value, rel_tol, .. } => (w - value).abs() <= rel_tol * value.abs(),
            Answer::Count(n) => w == n as f64,
            Answer::Mask(m) => w == f64::from(m),
            Answer::Choice { .. } => true,
        };
        if !right && w.is_finite() {
            part.mistakes.push((mistake, w));
        }
    }
    part
}

fn choice(
    field: Field,
    mut options: Vec<Category>,
    right: &[Category],
    rng: &mut SplitMix64,
) -> Part {
    shuffle(&mut options, rng);
    let correct = options
        .iter()
        .enumerate()
        .filter(|(_, o)| right.contains(o))
        .map(|(i, _)| i)
        .collect();
    Part {
        field,
        answer: Answer::Choice { options, correct },
        mistakes: Vec::new(),
    }
}

fn limit_text(n: u32) -> String {
    if n == UNLIMITED {
        "∞".into()
    } else {
        n.to_string()
    }
}

/// One draw of `kind`.
pub(super) fn draw(kind: Kind, rng: &mut SplitMix64) -> Draw {
    match kind {
        Kind::ChipFp32 => chip(rng),
        Kind::ThreadIndex => thread(rng),
        Kind::OccupancyBlocks => launch(rng, false),
        Kind::OccupancyPercent => launch(rng, true),
        Kind::DispatchWaves => grid(rng),
        Kind::WarpsNeeded => latency(rng, false),
        Kind::SchedulerUtilisation => latency(rng, true),
        Kind::DivergenceMask => branch(rng),
        Kind::CoalescingSectors => global(rng),
        Kind::BankWavefronts => shared(rng),
        Kind::FragmentOwner => fragment(rng),
        Kind::W8a8Launch => w8a8(rng),
        Kind::RooflineRidge => ridge(rng),
        Kind::RooflineTime => time(rng),
        Kind::TiledGemm => tiled(rng),
        Kind::PeArrayMacs => pe_array(rng),
        Kind::PeakFromUnits => tensor_peak(rng),
        Kind::WgmmaVsMma => wgmma(rng),
    }
}

fn chip(rng: &mut SplitMix64) -> Draw {
    let gpus: Vec<GpuSpec> = GpuSpec::all()
        .into_iter()
        // The GPUs the chip chapter draws (those with an anatomy).
        .filter(|g| g.anatomy().is_some() && g.fp32_lanes_per_sm > 0 && g.boost_clock_mhz > 600)
        .collect();
    let boost = rng.choose(&gpus)?.clone();
    // A sustained clock below boost (power or thermal limits), in 15 MHz steps.
    let clock_mhz = boost.boost_clock_mhz - 15 * rng.below(40) as u32;
    let gpu = GpuSpec {
        boost_clock_mhz: clock_mhz,
        ..boost
    };
    let lanes = gpu.fp32_lanes();
    let tflops = gpu.fp32_flops_per_s_from_units() / 1e12;
    let parts = vec![
        count(Field::Fp32Lanes, u64::from(lanes)),
        real(Field::Fp32PeakTflops, tflops),
    ];
    let steps = vec![
        step(
            StepLabel::Fp32Lanes,
            format!("{} × {} = {lanes}", gpu.sm_count, gpu.fp32_lanes_per_sm),
        ),
        step(
            StepLabel::Fp32Peak,
            format!(
                "{lanes} × 2 FLOP × {} MHz = {} TFLOP/s",
                gpu.boost_clock_mhz,
                sig4(tflops)
            ),
        ),
    ];
    Some((
        Params::Chip {
            gpu: gpu.id,
            clock_mhz,
        },
        parts,
        steps,
    ))
}

fn thread(rng: &mut SplitMix64) -> Draw {
    // Block widths that show both cases: warps of whole rows (8, 16, 32) and warps that
    // straddle rows (12, 24, 48).
    let bx = *rng.choose(&[8u32, 12, 16, 24, 32, 48, 64])?;
    let by = rng.range_inclusive(1, u64::from(1024 / bx).min(16)) as u32;
    let (gx, gy) = (
        rng.range_inclusive(1, 64) as u32,
        rng.range_inclusive(1, 8) as u32,
    );
    let launch = Launch::new(
        Dim3::new(gx, gy, 1),
        Dim3::new(bx, by, 1),
        &DimLimits::for_gpu(&GpuSpec::a100_sxm()),
    )
    .ok()?;
    let block_idx = Dim3::new(
        rng.below(u64::from(gx)) as u32,
        rng.below(u64::from(gy)) as u32,
        0,
    );
    let thread_idx = Dim3::new(
        rng.below(u64::from(bx)) as u32,
        rng.below(u64::from(by)) as u32,
        0,
    );
    let t = launch.thread(block_idx, thread_idx).ok()?;
    let parts = vec![
        count(Field::ThreadId, u64::from(t.tid)),
        count(Field::WarpInBlock, u64::from(t.warp)),
        count(Field::Lane, u64::from(t.lane)),
        count(Field::GlobalX, t.global_xyz.0),
    ];
    let steps = vec![
        step(
            StepLabel::ThreadId,
            format!("{} + {} × {bx} = {}", thread_idx.x, thread_idx.y, t.tid),
        ),
        step(
            StepLabel::WarpLane,
            format!("{} / 32 = {}, {} % 32 = {}", t.tid, t.warp, t.tid, t.lane),
        ),
        step(
            StepLabel::GlobalX,
            format!(
                "{} × {bx} + {} = {}",
                block_idx.x, thread_idx.x, t.global_xyz.0
            ),
        ),
    ];
    Some((
        Params::Thread {
            grid: (gx, gy),
            block: (bx, by),
            block_idx: (block_idx.x, block_idx.y),
            thread_idx: (thread_idx.x, thread_idx.y),
        },
        parts,
        steps,
    ))
}

/// A random launch that can run: `(gpu, kernel)`.
fn draw_launch(rng: &mut SplitMix64, with_smem: bool) -> Option<(GpuSpec, KernelConfig)> {
    let gpus = GpuSpec::all();
    let gpu = rng.choose(&gpus)?.clone();
    let threads = if rng.below(4) == 0 {
        rng.range_inclusive(1, 1024) as u32
    } else {
        32 * rng.range_inclusive(1, 32) as u32
    };
    let regs = rng.range_inclusive(16, u64::from(gpu.max_regs_per_thread.min(255))) as u32;
    let (smem, dsmem) = if with_smem {
        let smem = if rng.below(3) == 0 {
            0
        } else {
            1024 * rng.range_inclusive(1, 24) as u32
        };
        let dsmem = if rng.below(2) == 0 {
            0
        } else {
            1024 * rng.range_inclusive(1, 64) as u32
        };
        (smem, dsmem)
    } else {
        (0, 0)
    };
    let kernel = KernelConfig {
        threads_per_block: threads,
        regs_per_thread: regs,
        static_smem_bytes: smem,
        dynamic_smem_bytes: dsmem,
        carveout: Carveout::Default,
    };
    occupancy(&gpu, &kernel).ok()?;
    Some((gpu, kernel))
}

fn occupancy_steps_of(gpu: &GpuSpec, kernel: &KernelConfig) -> Vec<Step> {
    let s = occupancy_steps(gpu, kernel);
    vec![
        step(
            StepLabel::WarpsPerBlock,
            format!(
                "⌈{} / {WARP_SIZE}⌉ = {}",
                kernel.threads_per_block, s.warps_per_block
            ),
        ),
        step(
            StepLabel::RegistersPerWarp,
            format!(
                "{} × {WARP_SIZE} = {} → ⌈·⌉ to {} = {}",
                kernel.regs_per_thread,
                s.regs_per_warp_requested,
                gpu.reg_alloc_unit_per_warp,
                s.regs_per_warp
            ),
        ),
        step(
            StepLabel::LimitRegisters,
            format!(
                "⌊{} / {}⌋ = {} × {} = {} warps → {}",
                s.regs_per_partition,
                s.regs_per_warp,
                limit_text(s.warps_per_partition_by_regs),
                gpu.partitions_per_sm,
                limit_text(s.warps_per_sm_by_regs),
                limit_text(s.limit_by_registers)
            ),
        ),
        step(
            StepLabel::LimitWarps,
            format!(
                "⌊{} / {}⌋ = {}",
                s.max_warps_per_sm,
                s.warps_per_block,
                limit_text(s.limit_by_warps)
            ),
        ),
        step(
            StepLabel::SharedPerBlock,
            format!(
                "{} + {} + {} = {} → {} B",
                kernel.static_smem_bytes,
                kernel.dynamic_smem_bytes,
                gpu.reserved_smem_per_block_bytes,
                s.smem_per_block_requested_bytes,
                s.smem_per_block_bytes
            ),
        ),
        step(
            StepLabel::LimitShared,
            if s.smem_per_block_bytes == 0 {
                "∞".to_string()
            } else {
                format!(
                    "⌊{} / {}⌋ = {}",
                    s.carveout_bytes,
                    s.smem_per_block_bytes,
                    limit_text(s.limit_by_shared_memory)
                )
            },
        ),
        step(StepLabel::LimitBlocks, limit_text(s.limit_by_blocks)),
        step(
            StepLabel::BlocksPerSm,
            format!(
                "min({}, {}, {}, {}) = {}",
                limit_text(s.limit_by_registers),
                limit_text(s.limit_by_warps),
                limit_text(s.limit_by_shared_memory),
                limit_text(s.limit_by_blocks),
                s.blocks_per_sm
            ),
        ),
        step(
            StepLabel::Occupancy,
            format!(
                "{} × {} = {} / {} = {} %",
                s.blocks_per_sm,
                s.warps_per_block,
                s.warps_per_sm,
                s.max_warps_per_sm,
                sig4(s.ratio() * 100.0)
            ),
        ),
    ]
}

fn launch(rng: &mut SplitMix64, percent: bool) -> Draw {
    let (gpu, kernel) = draw_launch(rng, true)?;
    let occ = occupancy(&gpu, &kernel).ok()?;
    // Known mistakes, computed by the same model on a GPU without the rule.
    let no_unit = GpuSpec {
        reg_alloc_unit_per_warp: 1,
        ..gpu.clone()
    };
    let no_reserve = GpuSpec {
        reserved_smem_per_block_bytes: 0,
        ..gpu.clone()
    };
    let wrong_unit = occupancy(&no_unit, &kernel).ok();
    let wrong_reserve = (gpu.reserved_smem_per_block_bytes > 0)
        .then(|| occupancy(&no_reserve, &kernel).ok())
        .flatten();
    let parts = if percent {
        let pct = |o: &crate::model::occupancy::Occupancy| o.ratio() * 100.0;
        let p = real(Field::OccupancyPercent, pct(&occ));
        let p = with_mistake(
            p,
            Mistake::RegisterAllocationUnit,
            wrong_unit.as_ref().map(pct),
        );
        vec![with_mistake(
            p,
            Mistake::ReservedSharedMemory,
            wrong_reserve.as_ref().map(pct),
        )]
    } else {
        let blocks = |o: &crate::model::occupancy::Occupancy| f64::from(o.blocks_per_sm);
        let p = count(Field::BlocksPerSm, u64::from(occ.blocks_per_sm));
        let p = with_mistake(
            p,
            Mistake::RegisterAllocationUnit,
            wrong_unit.as_ref().map(blocks),
        );
        let p = with_mistake(
            p,
            Mistake::ReservedSharedMemory,
            wrong_reserve.as_ref().map(blocks),
        );
        let right: Vec<Category> = occ.limiters.iter().map(|&l| Category::Limiter(l)).collect();
        let options = Limiter::ALL.iter().map(|&l| Category::Limiter(l)).collect();
        vec![p, choice(Field::Limiter, options, &right, rng)]
    };
    let params = Params::Launch {
        gpu: gpu.id,
        threads: kernel.threads_per_block,
        regs: kernel.regs_per_thread,
        smem_bytes: kernel.static_smem_bytes,
        dsmem_bytes: kernel.dynamic_smem_bytes,
    };
    Some((params, parts, occupancy_steps_of(&gpu, &kernel)))
}

fn grid(rng: &mut SplitMix64) -> Draw {
    let (gpu, kernel) = draw_launch(rng, false)?;
    let occ = occupancy(&gpu, &kernel).ok()?;
    let full = u64::from(occ.blocks_per_sm) * u64::from(gpu.sm_count);
    let grid = rng.range_inclusive(1, (full * 12).min(1 << 20));
    let w = waves(gpu.sm_count, occ.blocks_per_sm, grid).ok()?;
    let waves_part = with_mistake(
        count(Field::Waves, w.count),
        Mistake::FloorNotCeil,
        Some((grid / full) as f64),
    );
    let parts = vec![waves_part, count(Field::LastWaveBlocks, w.last_wave_blocks)];
    let steps = vec![
        step(
            StepLabel::BlocksPerSm,
            format!(
                "{} threads, {} regs → {}",
                kernel.threads_per_block, kernel.regs_per_thread, occ.blocks_per_sm
            ),
        ),
        step(
            StepLabel::FullWave,
            format!("{} × {} = {full}", occ.blocks_per_sm, gpu.sm_count),
        ),
        step(StepLabel::Waves, format!("⌈{grid} / {full}⌉ = {}", w.count)),
        step(
            StepLabel::LastWave,
            format!(
                "{grid} − ({} − 1) × {full} = {}",
                w.count, w.last_wave_blocks
            ),
        ),
    ];
    let params = Params::Grid {
        gpu: gpu.id,
        sm_count: gpu.sm_count,
        threads: kernel.threads_per_block,
        regs: kernel.regs_per_thread,
        blocks_per_sm: occ.blocks_per_sm,
        grid,
    };
    Some((params, parts, steps))
}

fn latency(rng: &mut SplitMix64, utilisation: bool) -> Draw {
    // Latencies the chapter names (H200: L1 32, L2 ~280, HBM ~690; the course's 600) or any.
    let latency_cycles = match rng.below(5) {
        0 => 280,
        1 => 600,
        2 => 690,
        _ => rng.range_inclusive(40, 1000) as u32,
    };
    let k = rng.range_inclusive(1, 40) as u32;
    if !utilisation {
        let needed = warps_needed(latency_cycles, k)?;
        // The chapter's per-SM figure is 4 schedulers × L / k.
        let per_sm = f64::from(crate::model::scheduler::SCHEDULERS_PER_SM) * needed;
        // "How many warps": the whole numbers either side of L / k are right too.
        let mut count = real(Field::WarpsNeeded, needed);
        if let Answer::Real { whole, .. } = &mut count.answer {
            *whole = true;
        }
        let parts = vec![with_mistake(
            count,
            Mistake::PerSmNotPerScheduler,
            Some(per_sm),
        )];
        let steps = vec![step(
            StepLabel::WarpsNeeded,
            format!("{latency_cycles} / {k} = {}", sig4(needed)),
        )];
        let params = Params::Latency {
            latency_cycles,
            k,
            warps: None,
        };
        return Some((params, parts, steps));
    }
    let warps = rng.range_inclusive(1, 64) as u32;
    let config = SchedulerConfig {
        resident_warps: warps,
        latency_cycles,
        independent_per_load: k,
        ..SchedulerConfig::default()
    };
    let u = utilisation_estimate(&config) * 100.0;
    if u <= 0.0 {
        return None;
    }
    let i = config.instructions_per_iteration();
    let t1 = config.unloaded_iteration_cycles();
    let per: Vec<String> = (0..4)
        .map(|s| config.warps_on_scheduler(s).to_string())
        .collect();
    let parts = vec![real(Field::UtilisationPercent, u)];
    let steps = vec![
        step(
            StepLabel::Iteration,
            format!("I = 1 + {k} = {i}; T1 = max({i}, {latency_cycles}) = {t1}"),
        ),
        step(
            StepLabel::WarpsPerScheduler,
            format!("{warps} → {}", per.join(" + ")),
        ),
        step(
            StepLabel::Utilisation,
            format!("Σ min(1, w × {i} / {t1}) / 4 = {} %", sig4(u)),
        ),
    ];
    let params = Params::Latency {
        latency_cycles,
        k,
        warps: Some(warps),
    };
    Some((params, parts, steps))
}

fn first_condition(body: &[Stmt]) -> Option<Cond> {
    body.iter().find_map(|s| match s {
        Stmt::If { cond, .. } => Some(*cond),
        _ => None,
    })
}

fn branch(rng: &mut SplitMix64) -> Draw {
    const PRESETS: [&str; 4] = ["odd-even", "lane-lt-16", "bounds-check", "warp-aligned"];
    let id = *rng.choose(&PRESETS)?;
    let p = preset(id)?;
    let cond = first_condition(&p.program.body)?;
    let block = if rng.below(2) == 0 {
        32 * rng.range_inclusive(1, 32) as u32
    } else {
        rng.range_inclusive(1, 1024) as u32
    };
    let warp = rng.below(u64::from(block.div_ceil(WARP_SIZE))) as u32;
    let (block_index, n) = if id == "bounds-check" {
        let bidx = rng.range_inclusive(0, 63) as u32;
        let first = bidx * block + warp * WARP_SIZE;
        let n = (first + rng.range_inclusive(0, 40) as u32)
            .saturating_sub(4)
            .max(1);
        (bidx, Some(n))
    } else {
        (0, None)
    };
    let input = WarpInput {
        threads_per_block: block,
        block_index,
        warp_index: warp,
        n: n.unwrap_or(p.input.n),
        ..p.input
    };
    let launch = launch_mask(block, warp);
    let taken = split(launch, |lane| cond.eval(&input, lane));
    let cond_mask = split(u32::MAX, |lane| cond.eval(&input, lane)).taken;
    let trace = p.program.run(&input);
    let mask_part = Part {
        field: Field::ThenMask,
        answer: Answer::Mask(taken.taken),
        mistakes: if cond_mask != taken.taken {
            vec![(Mistake::PartialWarpLaunchMask, f64::from(cond_mask))]
        } else {
            Vec::new()
        },
    };
    let parts = vec![
        mask_part,
        count(Field::SerialisedPaths, u64::from(trace.serialized_paths)),
    ];
    let steps = vec![
        step(
            StepLabel::LaunchMask,
            format!("blockDim.x = {block}, warp {warp} → 0x{launch:08x}"),
        ),
        step(
            StepLabel::Condition,
            format!("{} → 0x{cond_mask:08x}", cond.source()),
        ),
        step(
            StepLabel::ThenMask,
            format!("0x{launch:08x} & 0x{cond_mask:08x} = 0x{:08x}", taken.taken),
        ),
        step(
            StepLabel::Serialised,
            format!(
                "then 0x{:08x}, else 0x{:08x} → {}",
                taken.taken, taken.not_taken, trace.serialized_paths
            ),
        ),
    ];
    let params = Params::Branch {
        preset: p.id,
        condition: cond.source(),
        block,
        warp,
        block_index,
        n,
    };
    Some((params, parts, steps))
}

fn global(rng: &mut SplitMix64) -> Draw {
    const WIDTHS: [u32; 5] = [1, 2, 4, 8, 16];
    const STRIDES: [u32; 9] = [0, 1, 1, 2, 3, 4, 8, 16, 32];
    let elem = *rng.choose(&WIDTHS)?;
    let stride = if rng.below(4) == 0 {
        rng.range_inclusive(1, 64) as u32
    } else {
        *rng.choose(&STRIDES)?
    };
    let offset = elem * rng.range_inclusive(0, 40) as u32;
    let access = AccessPattern {
        offset_bytes: i64::from(offset),
        ..AccessPattern::new(
            Pattern::Strided {
                stride_elems: i64::from(stride),
            },
            elem,
        )
    };
    let report = coalesce(&access.warp_access().ok()?).ok()?;
    let last = u64::from(offset) + 31 * u64::from(stride) * u64::from(elem);
    let parts = vec![
        with_mistake(
            count(Field::Sectors, u64::from(report.sectors)),
            Mistake::LinesNotSectors,
            Some(f64::from(report.lines)),
        ),
        with_mistake(
            count(Field::Requests, u64::from(report.requests)),
            Mistake::RequestPerLane,
            Some(f64::from(WARP_SIZE)),
        ),
    ];
    let steps = vec![
        step(
            StepLabel::Addresses,
            format!(
                "{offset} + lane × {stride} × {elem} B: {offset}, {}, …, {last}",
                u64::from(offset) + u64::from(stride) * u64::from(elem)
            ),
        ),
        step(
            StepLabel::Sectors,
            format!("⌊addr / 32⌋ → {}", report.sectors),
        ),
        step(StepLabel::Lines, format!("⌊addr / 128⌋ → {}", report.lines)),
        step(StepLabel::Requests, report.requests.to_string()),
    ];
    let params = Params::Global {
        elem_bytes: elem,
        stride,
        offset_bytes: offset,
    };
    Some((params, parts, steps))
}

fn shared(rng: &mut SplitMix64) -> Draw {
    const WIDTHS: [u32; 3] = [4, 8, 16];
    const STRIDES: [u32; 10] = [0, 1, 2, 3, 4, 8, 16, 17, 32, 33];
    const GROUPS: [u32; 6] = [1, 1, 1, 2, 4, 8];
    let elem = *rng.choose(&WIDTHS)?;
    let stride = *rng.choose(&STRIDES)?;
    let group = *rng.choose(&GROUPS)?;
    let pattern = if group == 1 {
        Pattern::Strided {
            stride_elems: i64::from(stride),
        }
    } else {
        Pattern::LaneGroups {
            group_lanes: group,
            stride_elems: i64::from(stride),
        }
    };
    let access = AccessPattern::new(pattern, elem).smem_access().ok()?;
    let report = bank_conflicts(&access).ok()?;
    // The mistake: every lane on a bank counted, even lanes reading the same word.
    let lanes_per_phase = report.phase_split.lanes_per_phase().max(1);
    let mut naive = 0u32;
    for phase in 0..WARP_SIZE.div_ceil(lanes_per_phase) {
        let mut per_bank = [0u32; 32];
        for lane in phase * lanes_per_phase..(phase + 1) * lanes_per_phase {
            if let Some(Some(lb)) = report.lanes.get(lane as usize) {
                for b in lb.banks() {
                    if let Some(c) = per_bank.get_mut(b as usize) {
                        *c += 1;
                    }
                }
            }
        }
        naive += per_bank.iter().copied().max().unwrap_or(0).max(1);
    }
    let shares = stride == 0 || group > 1;
    let naive_conflicts = naive.saturating_sub(report.ideal_wavefronts);
    let parts = vec![
        with_mistake(
            count(Field::Wavefronts, u64::from(report.wavefronts)),
            Mistake::BroadcastAsConflict,
            shares.then_some(f64::from(naive)),
        ),
        with_mistake(
            count(Field::Conflicts, u64::from(report.conflicts)),
            Mistake::BroadcastAsConflict,
            shares.then_some(f64::from(naive_conflicts)),
        ),
    ];
    let banks: Vec<String> = (0..4)
        .filter_map(|l| {
            report.lanes[l]
                .as_ref()
                .and_then(|lb| lb.banks().next())
                .map(|b| b.to_string())
        })
        .collect();
    let steps = vec![
        step(
            StepLabel::Phases,
            format!(
                "{elem} B × 32 = {} B → {} × {lanes_per_phase}",
                elem * 32,
                WARP_SIZE.div_ceil(lanes_per_phase)
            ),
        ),
        step(
            StepLabel::Banks,
            format!(
                "(lane / {group}) × {stride} × {elem} B / 4 mod 32: {}, …",
                banks.join(", ")
            ),
        ),
        step(StepLabel::Wavefronts, report.wavefronts.to_string()),
        step(
            StepLabel::Conflicts,
            format!(
                "{} − {} = {}",
                report.wavefronts, report.ideal_wavefronts, report.conflicts
            ),
        ),
    ];
    let params = Params::Shared {
        elem_bytes: elem,
        stride,
        group,
    };
    Some((params, parts, steps))
}

fn fragment(rng: &mut SplitMix64) -> Draw {
    const SHAPES: [MmaShape; 4] = [
        MmaShape::WmmaM16N16K16,
        MmaShape::MmaM16N8K16,
        MmaShape::MmaM16N8K32,
        MmaShape::MmaM8N8K16,
    ];
    const OPS: [Operand; 3] = [Operand::A, Operand::B, Operand::Accumulator];
    let shape = *rng.choose(&SHAPES)?;
    let operand = *rng.choose(&OPS)?;
    let element = *rng.choose(&ElementType::ALL)?;
    let layout = fragment_layout(shape, operand, element).ok()?;
    if layout.copies_per_element() != 1 {
        return None;
    }
    let row = rng.below(u64::from(layout.rows())) as u32;
    let col = rng.below(u64::from(layout.cols())) as u32;
    let slot = *layout.slots_of(row, col).first()?;
    let reg = layout.register_of(slot)?;
    let per_reg = element.elements_per_register();
    let parts = vec![
        count(Field::Lane, u64::from(slot.lane)),
        count(Field::Register, u64::from(reg.register)),
    ];
    let steps = vec![
        step(
            StepLabel::Slot,
            format!("({row}, {col}) → lane {}, x[{}]", slot.lane, slot.index),
        ),
        step(
            StepLabel::Register,
            format!("⌊{} / {per_reg}⌋ = {}", slot.index, reg.register),
        ),
    ];
    let params = Params::Fragment {
        shape,
        operand,
        element,
        row,
        col,
    };
    Some((params, parts, steps))
}

fn w8a8(rng: &mut SplitMix64) -> Draw {
    const WARPS: [u32; 4] = [1, 2, 4, 8];
    let warps = *rng.choose(&WARPS)?;
    let k = 256 * rng.range_inclusive(1, 64) as u32;
    let n = 16 * rng.range_inclusive(1, 1024) as u32;
    let g = W8a8Gemv::new(k, n, warps).ok()?;
    let parts = vec![
        count(Field::GridBlocks, u64::from(g.grid_blocks())),
        count(Field::ThreadsPerBlock, u64::from(g.threads_per_block())),
        count(Field::MmaPerWarp, u64::from(g.mma_per_warp())),
    ];
    let steps = vec![
        step(
            StepLabel::GridBlocks,
            format!("{n} / 16 = {}", g.grid_blocks()),
        ),
        step(
            StepLabel::Threads,
            format!("{warps} × {WARP_SIZE} = {}", g.threads_per_block()),
        ),
        step(
            StepLabel::MmaPerWarp,
            format!(
                "{k} / {warps} = {}; {} / 16 = {}",
                g.k_per_warp(),
                g.k_per_warp(),
                g.mma_per_warp()
            ),
        ),
    ];
    Some((Params::W8a8 { k, n, warps }, parts, steps))
}

/// A FLOP count and a byte count, log-uniform, rounded to 3 significant digits.
fn draw_kernel(rng: &mut SplitMix64, flops_exp: (f64, f64), bytes_exp: (f64, f64)) -> (f64, f64) {
    let round3 = |x: f64| {
        let e = x.log10().floor() as i32 - 2;
        (x / 10f64.powi(e)).round() * 10f64.powi(e)
    };
    let flops = round3(10f64.powf(rng.f64_in(flops_exp.0, flops_exp.1)));
    let bytes = round3(10f64.powf(rng.f64_in(bytes_exp.0, bytes_exp.1)));
    (flops, bytes)
}

fn ridge(rng: &mut SplitMix64) -> Draw {
    const PRECISIONS: [Precision; 5] = [
        Precision::Fp32,
        Precision::Bf16Tensor,
        Precision::Fp16Tensor,
        Precision::Int8Tensor,
        Precision::Fp64,
    ];
    let gpus = GpuSpec::all();
    // The course's two GPUs half the time: their rounded values are the point.
    let gpu = if rng.below(2) == 0 {
        if rng.below(2) == 0 {
            GpuSpec::a100_sxm()
        } else {
            GpuSpec::h100_sxm()
        }
    } else {
        rng.choose(&gpus)?.clone()
    };
    let precision = *rng.choose(&PRECISIONS)?;
    let roof = gpu.roof(precision)?;
    let (flops, bytes) = draw_kernel(rng, (8.0, 14.0), (7.0, 11.0));
    let intensity = crate::model::roofline::arithmetic_intensity(flops, bytes);
    let ridge = roof.ridge_point();
    // Too close to the ridge to call within the tolerance: draw again.
    if (intensity / ridge).ln().abs() < 0.05 {
        return None;
    }
    let bound = roof.bound(flops, bytes);
    let datasheet = gpu
        .roof_from(precision, ValueSource::Datasheet)
        .map(|r| r.ridge_point());
    let ridge_part = with_mistake(
        real(Field::RidgePoint, ridge),
        Mistake::DatasheetValues,
        datasheet,
    );
    let options = vec![
        Category::Bound(Bound::Memory),
        Category::Bound(Bound::Compute),
    ];
    let parts = vec![
        ridge_part,
        choice(Field::Bound, options, &[Category::Bound(bound)], rng),
    ];
    let steps = vec![
        step(
            StepLabel::Intensity,
            format!(
                "{} / {} = {} FLOP/B",
                sci(flops),
                sci(bytes),
                sig4(intensity)
            ),
        ),
        step(
            StepLabel::Ridge,
            format!(
                "{} / {} = {} FLOP/B",
                sci(roof.peak_flops_per_s),
                sci(roof.bandwidth_bytes_per_s),
                sig4(ridge)
            ),
        ),
        step(
            StepLabel::Bound,
            format!(
                "{} {} {}",
                sig4(intensity),
                if intensity < ridge { "<" } else { ">" },
                sig4(ridge)
            ),
        ),
    ];
    let params = Params::Kernel {
        gpu: Some(gpu.id),
        precision,
        flops,
        bytes,
    };
    Some((params, parts, steps))
}

fn time(rng: &mut SplitMix64) -> Draw {
    const PRECISIONS: [Precision; 2] = [Precision::Bf16Tensor, Precision::Fp32];
    let precision = *rng.choose(&PRECISIONS)?;
    let (flops, bytes) = draw_kernel(rng, (9.0, 14.0), (7.0, 10.5));
    let a100 = GpuSpec::a100_sxm();
    let h100 = GpuSpec::h100_sxm();
    let mut parts = Vec::new();
    let mut steps = Vec::new();
    for (gpu, field, label) in [
        (&a100, Field::TimeA100Us, StepLabel::TimeA100),
        (&h100, Field::TimeH100Us, StepLabel::TimeH100),
    ] {
        let roof = gpu.roof(precision)?;
        let us = roof.time_lower_bound_s(flops, bytes) * 1e6;
        let datasheet = gpu
            .roof_from(precision, ValueSource::Datasheet)
            .map(|r| r.time_lower_bound_s(flops, bytes) * 1e6);
        parts.push(with_mistake(
            real(field, us),
            Mistake::DatasheetValues,
            datasheet,
        ));
        steps.push(step(
            label,
            format!(
                "max({} / {}, {} / {}) = max({}, {}) µs = {} µs",
                sci(flops),
                sci(roof.peak_flops_per_s),
                sci(bytes),
                sci(roof.bandwidth_bytes_per_s),
                sig4(roof.compute_time_s(flops) * 1e6),
                sig4(roof.memory_time_s(bytes) * 1e6),
                sig4(us)
            ),
        ));
    }
    let params = Params::Kernel {
        gpu: None,
        precision,
        flops,
        bytes,
    };
    Some((params, parts, steps))
}

fn tiled(rng: &mut SplitMix64) -> Draw {
    const TILES: [u64; 4] = [32, 64, 128, 256];
    const TILES_K: [u64; 4] = [8, 16, 32, 64];
    const DTYPES: [Dtype; 3] = [Dtype::Fp16, Dtype::Bf16, Dtype::Fp32];
    let m = 512 * rng.range_inclusive(1, 16);
    let n = 512 * rng.range_inclusive(1, 16);
    let k = 512 * rng.range_inclusive(1, 16);
    let bm = *rng.choose(&TILES)?;
    let bn = *rng.choose(&TILES)?;
    let bk = *rng.choose(&TILES_K)?;
    let dtype = *rng.choose(&DTYPES)?;
    let t = tiled_gemm(m, n, k, bm, bn, bk, dtype);
    let flops = 2.0 * m as f64 * n as f64 * k as f64;
    let e = dtype.bytes();
    let parts = vec![real(Field::Intensity, t.intensity)];
    let steps = vec![
        step(
            StepLabel::TiledBytes,
            format!(
                "⌈{m}/{bm}⌉ × ⌈{n}/{bn}⌉ = {} × ({bm} + {bn}) × {k} × {e} B + {m} × {n} × {e} B = {} B",
                t.blocks,
                sci(t.bytes)
            ),
        ),
        step(
            StepLabel::Intensity,
            format!(
                "2 × {m} × {n} × {k} / {} = {} / {} = {} FLOP/B",
                sci(t.bytes),
                sci(flops),
                sci(t.bytes),
                sig4(t.intensity)
            ),
        ),
    ];
    let params = Params::Tiled {
        m,
        n,
        k,
        bm,
        bn,
        bk,
        dtype,
    };
    Some((params, parts, steps))
}

fn pe_array(rng: &mut SplitMix64) -> Draw {
    let side = rng.range_inclusive(2, 8) as u32;
    let dot_length = *rng.choose(&[2u32, 4, 8])?;
    let k_total = dot_length * rng.range_inclusive(1, 8) as u32;
    let array = PeArray {
        pes_per_side: side,
        dot_length,
    };
    let macs = array.macs_per_cycle();
    let levels = array.adder_levels();
    let cycles = k_total / dot_length;
    let parts = vec![
        count(Field::MacsPerCycle, u64::from(macs)),
        count(Field::AdderLevels, u64::from(levels)),
        count(Field::PeCycles, u64::from(cycles)),
    ];
    let steps = vec![
        step(
            StepLabel::PeMacs,
            format!("{side} × {side} × {dot_length} = {macs}"),
        ),
        step(
            StepLabel::PeAdderLevels,
            format!("log2 {dot_length} = {levels}"),
        ),
        step(
            StepLabel::PeCycles,
            format!("{k_total} / {dot_length} = {cycles}"),
        ),
    ];
    Some((
        Params::PeArray {
            side,
            dot_length,
            k_total,
        },
        parts,
        steps,
    ))
}

fn tensor_peak(rng: &mut SplitMix64) -> Draw {
    // Every GPU the chapter derives (the prompt states the clock, published or derived).
    let gpu = *rng.choose(&crate::model::tensor_core_gen::peak::PEAK_GPUS)?;
    let peaks = tensor_peaks(gpu).ok()?;
    let p = *rng.choose(&peaks)?;
    let tflops = p.flops_per_s() / 1e12;
    let per_clk = p.flops_per_clk_per_sm();
    let part = with_mistake(
        real(Field::TensorPeakTflops, tflops),
        Mistake::BoostNotTensorClock,
        (p.clock_basis == ClockBasis::TensorClock)
            .then(|| p.flops_at_mhz(p.boost_clock_mhz) / 1e12),
    );
    let part = with_mistake(part, Mistake::FmaNotTwoFlops, Some(tflops / 2.0));
    let steps = vec![
        step(
            StepLabel::TensorFlopsPerClk,
            format!(
                "{} × {} × 2 = {per_clk}",
                p.tensor_cores_per_sm, p.fma_per_clk_per_tensor_core
            ),
        ),
        step(
            StepLabel::TensorPeak,
            format!(
                "{per_clk} × {} × {} MHz = {} TFLOP/s",
                p.sm_count,
                p.clock_mhz,
                sig4(tflops)
            ),
        ),
    ];
    Some((
        Params::TensorPeak {
            gpu,
            precision: p.precision,
        },
        vec![part],
        steps,
    ))
}

fn wgmma(rng: &mut SplitMix64) -> Draw {
    let n = 8 * rng.range_inclusive(1, 32) as u32;
    let s = WgmmaShape::new(n).ok()?;
    let mma = s.mma_sync_equivalent();
    let regs = s.f32_accumulators_per_thread();
    let parts = vec![
        count(Field::MmaSyncCount, u64::from(mma)),
        count(Field::AccumulatorRegisters, u64::from(regs)),
    ];
    let steps = vec![
        step(
            StepLabel::MmaEquivalent,
            format!("(64 / 16) × ({n} / 8) = {mma}"),
        ),
        step(
            StepLabel::AccumulatorRegisters,
            format!("64 × {n} / 128 = {regs}"),
        ),
    ];
    Some((Params::Wgmma { n }, parts, steps))
}
