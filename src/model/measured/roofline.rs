//! Kernels timed on an NVIDIA H200 for the Roofline chapter, and the H200's best copy
//! bandwidth.
//!
//! Source: `truth/measured/roofline_measured.json` (2026-11-29, CUDA 13.0, torch 2.11; CUDA
//! events, warm-up, median, L2 flushed), copied to `tests/fixtures/roofline_measured_h200.json`
//! where a test checks these numbers against it. The main type is [`RooflineMeasurement`].

use crate::model::roofline::KernelShape;

/// Best device-to-device copy measured on the H200 (16 B per thread kernel, read + write,
/// 2 GiB each way, median of 15): 4277.4 GB/s = 89 % of the datasheet.
/// Source: `truth/measured/roofline_measured.json` (`copy_bandwidth_best_GBps`).
pub const H200_COPY_BANDWIDTH_BYTES_PER_S: f64 = 4277.4e9;

/// Which measured kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeasuredId {
    /// The course's BF16 `y = x + b`, one element per thread.
    ElementwiseNaive,
    /// The same with 16-byte vectors (8 elements per thread).
    ElementwiseVec16,
    /// `F.rms_norm` over 8192 × 4096 BF16.
    RmsNorm,
    /// `torch.matmul` 4096³ in BF16.
    GemmBf16,
}

/// One kernel timed on a real NVIDIA H200 (CUDA events, warm-up, median, L2 flushed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RooflineMeasurement {
    /// Which kernel.
    pub id: MeasuredId,
    /// The kernel's shape (FLOPs and minimum bytes come from it).
    pub shape: KernelShape,
    /// Bytes the measurement counted (may include the RMSNorm weight vector).
    pub counted_bytes: f64,
    /// Median time, seconds.
    pub time_s: f64,
}

impl RooflineMeasurement {
    /// Achieved FLOP/s: `FLOPs / time`.
    pub fn achieved_flops_per_s(&self) -> f64 {
        self.shape.flops() / self.time_s
    }
    /// Achieved bandwidth: `counted bytes / time`, bytes/s.
    pub fn achieved_bandwidth_bytes_per_s(&self) -> f64 {
        self.counted_bytes / self.time_s
    }
    /// Achieved bandwidth as a share of the measured copy bandwidth.
    pub fn share_of_copy(&self) -> f64 {
        self.achieved_bandwidth_bytes_per_s() / H200_COPY_BANDWIDTH_BYTES_PER_S
    }
}

/// The kernels measured on an H200 (`truth/measured/roofline_measured.json`, 2026-11-29,
/// CUDA 13.0, torch 2.11): elementwise add 1.5545 ms naive (2072 GB/s, 48 % of copy) and
/// 0.7288 ms with 16-byte vectors (4420 GB/s, 103 %); `F.rms_norm` 41.84 µs (3208 GB/s);
/// bf16 matmul 4096³ 0.2054 ms (669 TFLOP/s).
pub fn measured_h200() -> [RooflineMeasurement; 4] {
    [
        RooflineMeasurement {
            id: MeasuredId::ElementwiseNaive,
            shape: KernelShape::course_elementwise(),
            counted_bytes: 3_221_225_472.0,
            time_s: 1.5545e-3,
        },
        RooflineMeasurement {
            id: MeasuredId::ElementwiseVec16,
            shape: KernelShape::course_elementwise(),
            counted_bytes: 3_221_225_472.0,
            time_s: 0.7288e-3,
        },
        RooflineMeasurement {
            id: MeasuredId::RmsNorm,
            shape: KernelShape::course_rmsnorm(),
            counted_bytes: 134_225_920.0,
            time_s: 0.041_840_000_078_082_085e-3,
        },
        RooflineMeasurement {
            id: MeasuredId::GemmBf16,
            shape: KernelShape::course_gemm(),
            counted_bytes: KernelShape::course_gemm().bytes(),
            time_s: 0.205_424_003_303_051e-3,
        },
    ]
}
