//! The Roofline model: arithmetic intensity, roofs, ridge points and time lower bounds.
//!
//! `attainable = min(peak, I · BW)` with `I = FLOPs / DRAM bytes` (Williams, Waterman, Patterson
//! 2009; course `gpu-kernel-engineering-01` §6). The time lower bound is
//! `max(FLOPs / peak, bytes / BW)`. [`KernelShape`] computes FLOPs and minimum bytes of the
//! course's kernels (elementwise, RMSNorm, decode attention, GEMM, the W8A8 GEMV) from their
//! shapes, and [`tiled_gemm`] the per-block traffic `(BM + BN) · K` of a tiled GEMM without L2
//! reuse (course §6.5).

use serde::{Deserialize, Serialize};

use crate::model::gpu_spec::{GpuSpec, ValueSource};

/// Which execution unit's peak is the compute roof.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Precision {
    /// FP64 on the CUDA cores.
    Fp64,
    /// FP32 on the CUDA cores ("CUDA Core FP32" in the course).
    Fp32,
    /// TF32 on the Tensor Cores, dense.
    Tf32Tensor,
    /// FP16 on the Tensor Cores with FP32 accumulate, dense.
    Fp16Tensor,
    /// BF16 on the Tensor Cores with FP32 accumulate, dense.
    Bf16Tensor,
    /// INT8 on the Tensor Cores, dense (OP/s).
    Int8Tensor,
    /// FP8 on the Tensor Cores, dense (Hopper and Ada).
    Fp8Tensor,
}

impl Precision {
    /// Every precision, lowest roof first.
    pub const ALL: [Precision; 7] = [
        Precision::Fp64,
        Precision::Fp32,
        Precision::Tf32Tensor,
        Precision::Fp16Tensor,
        Precision::Bf16Tensor,
        Precision::Int8Tensor,
        Precision::Fp8Tensor,
    ];

    /// Short label as NVIDIA's datasheets write it: "FP32", "BF16 Tensor", …
    pub fn label(self) -> &'static str {
        match self {
            Precision::Fp64 => "FP64",
            Precision::Fp32 => "FP32",
            Precision::Tf32Tensor => "TF32 Tensor",
            Precision::Fp16Tensor => "FP16 Tensor",
            Precision::Bf16Tensor => "BF16 Tensor",
            Precision::Int8Tensor => "INT8 Tensor",
            Precision::Fp8Tensor => "FP8 Tensor",
        }
    }

    /// True for Tensor Core precisions.
    pub fn is_tensor(self) -> bool {
        !matches!(self, Precision::Fp64 | Precision::Fp32)
    }
}

/// One compute roof against one bandwidth roof.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Roof {
    /// Peak compute, FLOP/s (OP/s for INT8).
    pub peak_flops_per_s: f64,
    /// Memory bandwidth, bytes/s.
    pub bandwidth_bytes_per_s: f64,
}

/// Which roof bounds a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// `bytes / BW ≥ FLOPs / peak`: the kernel sits on the slanted bandwidth roof.
    Memory,
    /// `FLOPs / peak > bytes / BW`: the kernel sits on the flat compute roof.
    Compute,
}

impl Roof {
    /// The intensity where the two roofs meet, `peak / BW`, FLOP per byte. A100 course BF16:
    /// 312e12 / 2.0e12 = 156. Returns +∞ for zero bandwidth.
    pub fn ridge_point(&self) -> f64 {
        self.peak_flops_per_s / self.bandwidth_bytes_per_s
    }

    /// `min(peak, I · BW)`, FLOP/s, for an intensity in FLOP/byte (negative or NaN gives 0).
    pub fn attainable_flops_per_s(&self, intensity: f64) -> f64 {
        if intensity.is_nan() || intensity <= 0.0 {
            return 0.0;
        }
        self.peak_flops_per_s
            .min(intensity * self.bandwidth_bytes_per_s)
    }

    /// `max(FLOPs / peak, bytes / BW)`, seconds: no kernel doing this work can be faster.
    pub fn time_lower_bound_s(&self, flops: f64, bytes: f64) -> f64 {
        self.compute_time_s(flops).max(self.memory_time_s(bytes))
    }

    /// `FLOPs / peak`, seconds.
    pub fn compute_time_s(&self, flops: f64) -> f64 {
        flops.max(0.0) / self.peak_flops_per_s
    }

    /// `bytes / BW`, seconds.
    pub fn memory_time_s(&self, bytes: f64) -> f64 {
        bytes.max(0.0) / self.bandwidth_bytes_per_s
    }

    /// Memory-bound when moving the bytes takes at least as long as the math (ties count as
    /// memory-bound: the kernel sits exactly on the ridge).
    pub fn bound(&self, flops: f64, bytes: f64) -> Bound {
        if self.memory_time_s(bytes) >= self.compute_time_s(flops) {
            Bound::Memory
        } else {
            Bound::Compute
        }
    }
}

/// `FLOPs / bytes`, FLOP per byte. Zero bytes gives +∞ (pure compute); zero of both gives 0.
pub fn arithmetic_intensity(flops: f64, bytes: f64) -> f64 {
    if bytes <= 0.0 {
        if flops > 0.0 {
            f64::INFINITY
        } else {
            0.0
        }
    } else {
        flops / bytes
    }
}

/// Element type of a kernel's tensors; its size sets the bytes moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dtype {
    /// 4-byte IEEE float.
    Fp32,
    /// 2-byte IEEE half.
    Fp16,
    /// 2-byte bfloat16 (the course's default).
    #[default]
    Bf16,
    /// 1-byte FP8 (E4M3/E5M2).
    Fp8,
    /// 1-byte integer.
    Int8,
}

impl Dtype {
    /// Every dtype, widest first.
    pub const ALL: [Dtype; 5] = [
        Dtype::Fp32,
        Dtype::Fp16,
        Dtype::Bf16,
        Dtype::Fp8,
        Dtype::Int8,
    ];

    /// Bytes per element.
    pub fn bytes(self) -> u64 {
        match self {
            Dtype::Fp32 => 4,
            Dtype::Fp16 | Dtype::Bf16 => 2,
            Dtype::Fp8 | Dtype::Int8 => 1,
        }
    }

    /// "FP32", "BF16", …
    pub fn label(self) -> &'static str {
        match self {
            Dtype::Fp32 => "FP32",
            Dtype::Fp16 => "FP16",
            Dtype::Bf16 => "BF16",
            Dtype::Fp8 => "FP8",
            Dtype::Int8 => "INT8",
        }
    }

    /// The Tensor Core precision a matrix multiply in this dtype runs at (FP32 without TF32
    /// runs on the CUDA cores).
    pub fn tensor_precision(self) -> Precision {
        match self {
            Dtype::Fp32 => Precision::Fp32,
            Dtype::Fp16 => Precision::Fp16Tensor,
            Dtype::Bf16 => Precision::Bf16Tensor,
            Dtype::Fp8 => Precision::Fp8Tensor,
            Dtype::Int8 => Precision::Int8Tensor,
        }
    }
}

/// A kernel the Roofline chapter can place: its shape gives FLOPs, minimum HBM bytes (each
/// input read once, each output written once) and the roof it runs under.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum KernelShape {
    /// `y = x + b` over `n` elements: 1 FLOP, 2 reads + 1 write per element. CUDA-core roof.
    Elementwise {
        /// Elements.
        n: u64,
        /// Element type.
        dtype: Dtype,
    },
    /// RMSNorm over `rows × d`: ~4 FLOP per element (square, sum, × rsqrt, × weight), one read
    /// and one write per element. CUDA-core roof.
    RmsNorm {
        /// Rows (tokens).
        rows: u64,
        /// Hidden size.
        d: u64,
        /// Element type.
        dtype: Dtype,
    },
    /// One decode step of attention over a context of `s` tokens: reads the whole KV cache
    /// (`2 · kv_heads · d_head · s` elements per layer), computes QKᵀ and PV
    /// (`2 · 2 · q_heads · d_head · s` FLOP per layer). Tensor roof of `dtype`.
    DecodeAttention {
        /// Context length, tokens.
        s: u64,
        /// Transformer layers.
        layers: u64,
        /// KV heads (GQA groups).
        kv_heads: u64,
        /// Query heads.
        q_heads: u64,
        /// Head dimension.
        d_head: u64,
        /// KV-cache element type.
        dtype: Dtype,
    },
    /// `C[M×N] = A[M×K] · B[K×N]`: `2·M·N·K` FLOP, `(M·K + K·N + M·N)` elements. Tensor roof
    /// of `dtype`.
    Gemm {
        /// Rows of A and C.
        m: u64,
        /// Columns of B and C.
        n: u64,
        /// Reduction length.
        k: u64,
        /// Element type of A, B and C.
        dtype: Dtype,
    },
    /// The course's W8A8 GEMV `y[N] = W[N×K] · x[K]`: `2·K·N` integer OP; INT8 weights and
    /// activations, FP32 per-channel scales (`N`), FP16 output; the per-tensor scale is a kernel argument. INT8 Tensor roof.
    W8a8Gemv {
        /// Reduction length.
        k: u64,
        /// Outputs.
        n: u64,
    },
    /// FLOPs and bytes typed in by the user, with the roof they chose.
    Custom {
        /// Floating-point (or integer) operations.
        flops: f64,
        /// Bytes moved to or from DRAM.
        bytes: f64,
        /// Roof to compare against.
        precision: Precision,
    },
}

impl KernelShape {
    /// The course's elementwise example: BF16 `y = x + b` over 2^29 elements (3 GiB).
    pub fn course_elementwise() -> KernelShape {
        KernelShape::Elementwise {
            n: 1 << 29,
            dtype: Dtype::Bf16,
        }
    }
    /// The course's RMSNorm: 8192 rows × d = 4096, BF16 (128 MiB).
    pub fn course_rmsnorm() -> KernelShape {
        KernelShape::RmsNorm {
            rows: 8192,
            d: 4096,
            dtype: Dtype::Bf16,
        }
    }
    /// The course's decode attention: Llama-3-8B (32 layers, 8 KV heads, 32 Q heads,
    /// d_head 128), s = 4096, BF16 KV cache (512 MiB).
    pub fn course_decode_attention() -> KernelShape {
        KernelShape::DecodeAttention {
            s: 4096,
            layers: 32,
            kv_heads: 8,
            q_heads: 32,
            d_head: 128,
            dtype: Dtype::Bf16,
        }
    }
    /// The course's GEMM 4096³ in BF16.
    pub fn course_gemm() -> KernelShape {
        KernelShape::Gemm {
            m: 4096,
            n: 4096,
            k: 4096,
            dtype: Dtype::Bf16,
        }
    }
    /// The course's W8A8 GEMV, K = N = 4096.
    pub fn course_w8a8() -> KernelShape {
        KernelShape::W8a8Gemv { k: 4096, n: 4096 }
    }

    /// Floating-point (integer for W8A8) operations. Saturates instead of overflowing.
    pub fn flops(&self) -> f64 {
        match *self {
            KernelShape::Elementwise { n, .. } => n as f64,
            KernelShape::RmsNorm { rows, d, .. } => 4.0 * rows as f64 * d as f64,
            KernelShape::DecodeAttention {
                s,
                layers,
                q_heads,
                d_head,
                ..
            } => {
                // QKᵀ and PV, each 2 · q_heads · d_head · s per layer.
                4.0 * q_heads as f64 * d_head as f64 * s as f64 * layers as f64
            }
            KernelShape::Gemm { m, n, k, .. } => 2.0 * m as f64 * n as f64 * k as f64,
            KernelShape::W8a8Gemv { k, n } => 2.0 * k as f64 * n as f64,
            KernelShape::Custom { flops, .. } => flops,
        }
    }

    /// Minimum DRAM bytes: each input read once, each output written once.
    pub fn bytes(&self) -> f64 {
        match *self {
            KernelShape::Elementwise { n, dtype } => 3.0 * n as f64 * dtype.bytes() as f64,
            KernelShape::RmsNorm { rows, d, dtype } => {
                2.0 * rows as f64 * d as f64 * dtype.bytes() as f64
            }
            KernelShape::DecodeAttention {
                s,
                layers,
                kv_heads,
                d_head,
                dtype,
                ..
            } => {
                // K and V: 2 · kv_heads · d_head elements per token per layer.
                2.0 * kv_heads as f64
                    * d_head as f64
                    * dtype.bytes() as f64
                    * s as f64
                    * layers as f64
            }
            KernelShape::Gemm { m, n, k, dtype } => {
                let (m, n, k) = (m as f64, n as f64, k as f64);
                (m * k + k * n + m * n) * dtype.bytes() as f64
            }
            KernelShape::W8a8Gemv { k, n } => {
                let (k, n) = (k as f64, n as f64);
                // int8 W + int8 x + fp32 s_W[N] + fp16 y[N]; s_x is a kernel argument (course
                // listing), so it never crosses HBM. Matches ncu's minimum on the H200 (w8a8.json).
                n * k + k + 4.0 * n + 2.0 * n
            }
            KernelShape::Custom { bytes, .. } => bytes,
        }
    }

    /// The roof this kernel runs under. The course puts elementwise and RMSNorm on the FP32
    /// CUDA-core roof (they do not use Tensor Cores); the result does not depend on it
    /// because both are memory-bound.
    pub fn precision(&self) -> Precision {
        match *self {
            KernelShape::Elementwise { .. } | KernelShape::RmsNorm { .. } => Precision::Fp32,
            KernelShape::DecodeAttention { dtype, .. } | KernelShape::Gemm { dtype, .. } => {
                dtype.tensor_precision()
            }
            KernelShape::W8a8Gemv { .. } => Precision::Int8Tensor,
            KernelShape::Custom { precision, .. } => precision,
        }
    }

    /// `flops() / bytes()`.
    pub fn intensity(&self) -> f64 {
        arithmetic_intensity(self.flops(), self.bytes())
    }
}

/// A kernel placed under one GPU's roof.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Operations.
    pub flops: f64,
    /// Bytes.
    pub bytes: f64,
    /// FLOP per byte.
    pub intensity: f64,
    /// The roof used.
    pub roof: Roof,
    /// `min(peak, I · BW)`, FLOP/s.
    pub attainable_flops_per_s: f64,
    /// `FLOPs / peak`, seconds.
    pub compute_time_s: f64,
    /// `bytes / BW`, seconds.
    pub memory_time_s: f64,
    /// `max(compute, memory)`, seconds.
    pub time_lower_bound_s: f64,
    /// Which roof binds.
    pub bound: Bound,
}

/// Places a kernel under `roof`.
pub fn place(flops: f64, bytes: f64, roof: Roof) -> Placement {
    let intensity = arithmetic_intensity(flops, bytes);
    Placement {
        flops,
        bytes,
        intensity,
        roof,
        attainable_flops_per_s: roof.attainable_flops_per_s(intensity),
        compute_time_s: roof.compute_time_s(flops),
        memory_time_s: roof.memory_time_s(bytes),
        time_lower_bound_s: roof.time_lower_bound_s(flops, bytes),
        bound: roof.bound(flops, bytes),
    }
}

/// Places `kernel` on `gpu` with values from `source`; `None` if the GPU lacks the unit the
/// kernel needs (e.g. FP8 on an A100).
pub fn place_kernel(gpu: &GpuSpec, kernel: &KernelShape, source: ValueSource) -> Option<Placement> {
    let roof = gpu.roof_from(kernel.precision(), source)?;
    Some(place(kernel.flops(), kernel.bytes(), roof))
}

/// One row of the course's table: a kernel on A100 and on H100 and the speed-up between them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// On the first GPU (A100 in the course).
    pub a: Placement,
    /// On the second GPU (H100 in the course).
    pub b: Placement,
    /// `a.time / b.time`: equals the bandwidth ratio (1.68×) for memory-bound kernels and the
    /// compute ratio (3.17×) for compute-bound ones: the course's profiler-free diagnostic.
    pub speedup: f64,
}

/// Compares a kernel on two GPUs; `None` if either lacks the unit.
pub fn compare(
    a: &GpuSpec,
    b: &GpuSpec,
    kernel: &KernelShape,
    source: ValueSource,
) -> Option<Comparison> {
    let pa = place_kernel(a, kernel, source)?;
    let pb = place_kernel(b, kernel, source)?;
    Some(Comparison {
        a: pa,
        b: pb,
        speedup: pa.time_lower_bound_s / pb.time_lower_bound_s,
    })
}

/// DRAM traffic of a tiled GEMM without any L2 reuse (course §6.5): every block reads a
/// `BM × K` strip of A and a `K × BN` strip of B and writes its `BM × BN` tile of C.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TiledGemm {
    /// `ceil(M/BM) · ceil(N/BN)` blocks.
    pub blocks: u64,
    /// `(BM + BN) · K` elements read per block.
    pub elements_read_per_block: u64,
    /// `blocks · (BM + BN) · K · dtype + M · N · dtype`, bytes.
    pub bytes: f64,
    /// `2·M·N·K / bytes`, FLOP per byte.
    pub intensity: f64,
    /// The naive GEMM's traffic, every output reading `2K` elements: `2·M·N·K` elements + C.
    pub naive_bytes: f64,
    /// Shared memory one stage of the tile needs: `(BM + BN) · BK · dtype`, bytes.
    pub smem_per_stage_bytes: u64,
}

/// Traffic and intensity of a `BM × BN × BK` tiling of an `M × N × K` GEMM with no L2 reuse.
/// Zero tile sizes are treated as 1.
pub fn tiled_gemm(m: u64, n: u64, k: u64, bm: u64, bn: u64, bk: u64, dtype: Dtype) -> TiledGemm {
    let (bm, bn, bk) = (bm.max(1), bn.max(1), bk.max(1));
    let blocks = m.div_ceil(bm).saturating_mul(n.div_ceil(bn));
    let elements_read_per_block = (bm + bn).saturating_mul(k);
    let e = dtype.bytes() as f64;
    let bytes = blocks as f64 * elements_read_per_block as f64 * e + m as f64 * n as f64 * e;
    let flops = 2.0 * m as f64 * n as f64 * k as f64;
    TiledGemm {
        blocks,
        elements_read_per_block,
        bytes,
        intensity: arithmetic_intensity(flops, bytes),
        naive_bytes: (2.0 * m as f64 * n as f64 * k as f64 + m as f64 * n as f64) * e,
        smem_per_stage_bytes: (bm + bn).saturating_mul(bk).saturating_mul(dtype.bytes()),
    }
}

/// One compute roof of a GPU as the chart draws it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoofLine {
    /// The precision.
    pub precision: Precision,
    /// Its roof (peak and bandwidth).
    pub roof: Roof,
    /// `peak / BW`, FLOP per byte.
    pub ridge_point: f64,
}

/// Everything the Roofline chart draws except the kernel points: the roofs of one GPU and the
/// extent of the data to show. The decade-aligned axis domains are layout: the layout layer
/// derives them from these numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct RooflineChartSpec {
    /// Compute roofs the GPU has, lowest first; FP16 is left out where it equals BF16.
    pub roofs: Vec<RoofLine>,
    /// Memory bandwidth of the slanted roof, bytes/s.
    pub bandwidth_bytes_per_s: f64,
    /// Smallest and largest arithmetic intensity to show, FLOP/byte: the kernels (clamped to
    /// 1e-3 … 1e6), every ridge point, and always 0.01 … 1e4.
    pub intensity_extent: (f64, f64),
    /// Highest roof, FLOP/s: the largest compute peak (or the bandwidth if that is larger).
    pub top_flops_per_s: f64,
}

/// The chart spec for `gpu` with values from `source`, with the extent stretched to show
/// every intensity in `intensities` (points outside 1e-3 … 1e6 FLOP/byte are clipped).
pub fn chart_spec(gpu: &GpuSpec, source: ValueSource, intensities: &[f64]) -> RooflineChartSpec {
    let mut roofs: Vec<RoofLine> = Precision::ALL
        .iter()
        .filter_map(|&p| {
            gpu.roof_from(p, source).map(|roof| RoofLine {
                precision: p,
                roof,
                ridge_point: roof.ridge_point(),
            })
        })
        .collect();
    // FP16 and BF16 Tensor share one roof on every preset that has both: draw it once.
    if let (Some(f16), Some(b16)) = (
        roofs
            .iter()
            .find(|r| r.precision == Precision::Fp16Tensor)
            .copied(),
        roofs
            .iter()
            .find(|r| r.precision == Precision::Bf16Tensor)
            .copied(),
    ) {
        if f16.roof == b16.roof {
            roofs.retain(|r| r.precision != Precision::Fp16Tensor);
        }
    }
    crate::model::sort_short_by(&mut roofs, |a, b| {
        a.roof
            .peak_flops_per_s
            .total_cmp(&b.roof.peak_flops_per_s)
            .is_lt()
    });
    let bandwidth = gpu.bandwidth_from(source);
    let xs = intensities
        .iter()
        .copied()
        .filter(|x| x.is_finite() && *x > 0.0)
        .map(|x| x.clamp(1e-3, 1e6))
        .chain(roofs.iter().map(|r| r.ridge_point))
        .chain([0.01, 1e4]);
    let intensity_extent = xs.fold((f64::INFINITY, 0.0f64), |(lo, hi), x| {
        (lo.min(x), hi.max(x))
    });
    let top_flops_per_s = roofs
        .iter()
        .map(|r| r.roof.peak_flops_per_s)
        .fold(bandwidth, f64::max);
    RooflineChartSpec {
        roofs,
        bandwidth_bytes_per_s: bandwidth,
        intensity_extent,
        top_flops_per_s,
    }
}

/// The H200's datasheet HBM3e bandwidth, bytes/s (4.8 TB/s; same SM as H100, more memory).
pub const H200_DATASHEET_BANDWIDTH_BYTES_PER_S: f64 = 4.8e12;
/// The H200's dense BF16 Tensor Core peak, FLOP/s (datasheet, same as H100 SXM).
pub const H200_BF16_TENSOR_FLOPS_PER_S: f64 = 989.4e12;

pub use crate::model::measured::roofline::{
    measured_h200, MeasuredId, RooflineMeasurement, H200_COPY_BANDWIDTH_BYTES_PER_S,
};

#[cfg(test)]
mod tests;
