//! The drawn parameters of a question ([`Params`]), language-free, and what the page shows
//! from them besides the sentence: the listing a divergence question runs and the roofs a
//! roofline question uses. The generators compute the answers from these same values
//! ([`Params::roofs`], [`Params::listing`]), so what is shown and what is graded cannot drift.

use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::{Dtype, Precision, Roof};
use crate::model::simt::Program;
use crate::model::tensor_core::{ElementType, MmaShape, Operand};
use crate::model::tensor_core_gen::smem_layout::SmemOperand;
use crate::model::tensor_core_gen::tmem::CtaGroup;

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
        /// The kernel the warp runs: the prompt shows its listing ([`Params::listing`]) and the
        /// answer is its run.
        program: Program,
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
        /// A clock the SMs sustain, MHz; `None` asks for the datasheet's figure (at the clock
        /// its Tensor figures assume, which the prompt states).
        clock_mhz: Option<u32>,
    },
    /// A wgmma shape m64nNk16 (tensor-core-generations).
    Wgmma {
        /// N.
        n: u32,
    },
    /// An element of a wgmma accumulator (tensor-core-generations).
    WgmmaElement {
        /// N of m64nN.
        n: u32,
        /// The accumulator type: f32, f16 or s32.
        dtype: ElementType,
        /// Row of D, 0–63.
        row: u32,
        /// Column of D, below N.
        col: u32,
    },
    /// A `tcgen05.mma` kind::f16 accumulator in Tensor Memory (tensor-core-generations).
    TmemAccumulator {
        /// One SM or the CTA pair.
        cta_group: CtaGroup,
        /// M.
        m: u32,
        /// N.
        n: u32,
    },
    /// A wgmma operand under a shared-memory descriptor, and one of its elements
    /// (tensor-core-generations).
    Descriptor {
        /// The operand and its descriptor.
        operand: SmemOperand,
        /// The element's row along M or N.
        row: u32,
        /// The element's index along K.
        k: u32,
    },
    /// One warp's access at a line of a kernel-lab preset (lab): the preset's kernel and
    /// launch, with `args` changed.
    Lab {
        /// The preset's id ([`crate::model::kernel::preset`]).
        preset: &'static str,
        /// Scalar arguments that differ from the preset's, `(name, value)`.
        args: Vec<(&'static str, i64)>,
        /// Source line of the access.
        line: u32,
        /// Column of the access on the line (1-based).
        column: u32,
        /// The pointer parameter or shared array accessed.
        name: String,
        /// True for a store.
        store: bool,
        /// Which execution of the access by the warp (1-based: a loop runs it again).
        execution: u32,
        /// The warp's index in the launch.
        warp: u64,
        /// Its block (blockIdx).
        block: [u32; 3],
        /// Its index in the block.
        warp_in_block: u32,
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

impl Params {
    /// The parameters as `(name, value)` pairs, language-free: the record a question leaves
    /// (progress, exports). Not a URL: a value of a model enum is written by the model's own
    /// name (an element type as PTX writes it, a precision or swizzle by its variant); the
    /// chapters' URL spellings live in the UI.
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
                ..
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
                ("el", element.label().to_string()),
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
                v.push(("prec", format!("{precision:?}")));
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
                ("dtype", format!("{dtype:?}")),
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
            Params::TensorPeak {
                gpu,
                precision,
                clock_mhz,
            } => {
                let mut v = vec![
                    ("gpu", gpu.to_string()),
                    ("precision", format!("{precision:?}")),
                ];
                if let Some(c) = clock_mhz {
                    v.push(("clock_mhz", c.to_string()));
                }
                v
            }
            Params::Wgmma { n } => vec![("n", n.to_string())],
            Params::WgmmaElement { n, dtype, row, col } => vec![
                ("n", n.to_string()),
                ("acc", dtype.label().to_string()),
                ("row", row.to_string()),
                ("col", col.to_string()),
            ],
            Params::TmemAccumulator { cta_group, m, n } => vec![
                ("cta_group", cta_group.ctas().to_string()),
                ("m", m.to_string()),
                ("n", n.to_string()),
            ],
            Params::Descriptor { operand, row, k } => {
                let d = operand.descriptor;
                vec![
                    ("major", format!("{:?}", operand.major)),
                    ("bits", operand.element_bits.to_string()),
                    ("mn", operand.mn.to_string()),
                    ("swizzle", format!("{:?}", d.swizzle)),
                    ("start", d.start_address_bytes.to_string()),
                    ("lbo", d.leading_byte_offset_bytes.to_string()),
                    ("sbo", d.stride_byte_offset_bytes.to_string()),
                    ("row", row.to_string()),
                    ("k", k.to_string()),
                ]
            }
            Params::Lab {
                preset,
                args,
                line,
                column,
                store,
                execution,
                warp,
                ..
            } => {
                let mut v = vec![("preset", preset.to_string())];
                v.extend(args.iter().map(|(n, x)| ("arg", format!("{n}={x}"))));
                v.extend([
                    ("line", line.to_string()),
                    ("column", column.to_string()),
                    ("store", store.to_string()),
                    ("execution", execution.to_string()),
                    ("warp", warp.to_string()),
                ]);
                v
            }
        }
    }
}

/// Where the numbers of a roof come from (the prompt says which).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoofValues {
    /// The course's rounded peak and bandwidth (A100, H100; FP32, FP16/BF16 and FP8 Tensor).
    Course,
    /// The datasheet's peak against the course's rounded bandwidth (A100, H100 for a precision
    /// the course does not round: FP64, TF32, INT8).
    DatasheetPeakCourseBandwidth,
    /// The datasheet's peak and bandwidth (every other GPU).
    Datasheet,
}

/// Which values [`GpuSpec::roof`] uses for `precision` on `gpu` (see [`GpuSpec::roof_from`]).
pub fn roof_values(gpu: &GpuSpec, precision: Precision) -> RoofValues {
    match gpu.course {
        None => RoofValues::Datasheet,
        Some(c) => match precision {
            Precision::Fp32 | Precision::Fp16Tensor | Precision::Bf16Tensor => RoofValues::Course,
            Precision::Fp8Tensor if c.fp8_tensor_flops_per_s.is_some() => RoofValues::Course,
            _ => RoofValues::DatasheetPeakCourseBandwidth,
        },
    }
}

/// One roof a roofline question uses: the GPU, the precision, the roof and where its numbers
/// come from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuestionRoof {
    /// [`GpuSpec::id`].
    pub gpu: &'static str,
    /// The compute roof's precision.
    pub precision: Precision,
    /// Peak and bandwidth.
    pub roof: Roof,
    /// Where they come from.
    pub values: RoofValues,
    /// True for a 16-bit (or FP8) Tensor Core roof of a GeForce part, whose datasheet figure is
    /// the one with FP32 accumulate (half the FP16-accumulate rate).
    pub geforce_fp32_accumulate: bool,
}

impl Params {
    /// The kernel listing a divergence question runs, one string per line
    /// ([`Program::listing`]); `None` for other kinds.
    pub fn listing(&self) -> Option<Vec<String>> {
        match self {
            Params::Branch { program, .. } => Some(program.listing()),
            Params::Lab { preset, .. } => crate::model::kernel::preset(preset)
                .map(|p| p.source.lines().map(str::to_string).collect()),
            _ => None,
        }
    }

    /// The roofs a roofline question is answered with, in the order of its answer fields: the
    /// GPU's roof for a ridge question, the A100's and the H100's (course values) for a time
    /// question; empty for other kinds.
    pub fn roofs(&self) -> Vec<QuestionRoof> {
        let Params::Kernel { gpu, precision, .. } = self else {
            return Vec::new();
        };
        let ids: &[&str] = match gpu {
            Some(id) => &[*id][..],
            None => &["a100", "h100"],
        };
        let ids: Vec<&str> = ids.to_vec();
        ids.into_iter()
            .filter_map(|id| {
                let g = GpuSpec::by_id(id)?;
                let roof = g.roof_from(*precision, ValueSource::Course)?;
                Some(QuestionRoof {
                    gpu: g.id,
                    precision: *precision,
                    roof,
                    values: roof_values(&g, *precision),
                    geforce_fp32_accumulate: g.name.starts_with("GeForce")
                        && matches!(
                            precision,
                            Precision::Fp16Tensor | Precision::Bf16Tensor | Precision::Fp8Tensor
                        ),
                })
            })
            .collect()
    }
}

/// A number as the prompt writes a datasheet value: at most 4 decimals, no trailing zeros
/// (`989.4`, `0.473`, `2`, `3.35`).
pub fn plain(value: f64) -> String {
    let s = format!("{value:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() || s == "-" {
        "0".to_string()
    } else {
        s.to_string()
    }
}
