//! Register-only Tensor Core loops timed on an NVIDIA H200: Ampere's `mma.sync` against Hopper's
//! `wgmma`, as a share of the dense BF16 peak.
//!
//! Source: `tests/gpu/tensor_core_peak.cu` (2026-12-01, CUDA 13.0, sm_90a), output in
//! `tests/fixtures/tensor_core_peak_h200.json`, which a test checks these constants against.
//! Method: no global memory inside the loops; fastest of 7 timed launches (CUDA events) after a
//! warm-up; FLOPs = 2·M·N·K per instruction; the SM clock is measured in the kernel
//! (`clock64()` cycles / `%globaltimer` ns over every block's thread 0).
//!
//! What it shows: `mma.sync.m16n8k16` reaches 641.5 TFLOP/s (65 % of 989.4) with the SMs at
//! 1,799 MHz, i.e. 338 of the 512 FMA per clock a Tensor Core can do; `wgmma` m64n256k16 with two
//! warp groups per SM reaches 953.3 TFLOP/s (96 %) and 511.5 FMA per clock per Tensor Core, so
//! what it misses of the datasheet is the clock (1,765 MHz measured vs the 1,830 MHz the
//! datasheet assumes), not the issue rate.

/// Which loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TcLoop {
    /// `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`, 4 accumulator chains per warp
    /// (SASS `HMMA.16816.F32.BF16`).
    MmaSyncM16n8k16,
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16`, A and B from shared memory,
    /// 16 per commit group (SASS `HGMMA.64xNx16.F32.BF16`).
    WgmmaM64nNk16,
}

/// One timed configuration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TcPeakRun {
    /// The loop.
    pub kernel: TcLoop,
    /// N of the instruction (8 for m16n8k16).
    pub n: u32,
    /// Resident warps per SM (wgmma: 4 per warp group).
    pub warps_per_sm: u32,
    /// Fastest launch, milliseconds.
    pub time_ms: f64,
    /// Achieved TFLOP/s.
    pub tflops: f64,
    /// SM clock during that launch, MHz (measured in the kernel).
    pub sm_mhz: f64,
}

impl TcPeakRun {
    /// Achieved dense FMA per clock per Tensor Core at the measured clock:
    /// `TFLOP/s / (2 · 132 SMs · 4 Tensor Cores · clock)`.
    pub fn fma_per_clk_per_tensor_core(&self) -> f64 {
        self.tflops * 1e12 / (2.0 * 132.0 * 4.0 * self.sm_mhz * 1e6)
    }
}

/// The dense BF16 peak the runs are compared with, FLOP/s (H100 / H200 SXM datasheet).
pub const H200_DENSE_BF16_FLOPS_PER_S: f64 = 989.4e12;

/// The eight runs of `tensor_core_peak_h200.json`, in its order.
pub const TC_PEAK_RUNS_H200: [TcPeakRun; 8] = [
    run(TcLoop::MmaSyncM16n8k16, 8, 16, 2.7019, 640.34, 1799.0),
    run(TcLoop::MmaSyncM16n8k16, 8, 32, 5.3940, 641.51, 1799.0),
    run(TcLoop::WgmmaM64nNk16, 64, 4, 6.3685, 869.36, 1799.0),
    run(TcLoop::WgmmaM64nNk16, 128, 4, 12.5595, 881.64, 1725.0),
    run(TcLoop::WgmmaM64nNk16, 256, 4, 23.7303, 933.23, 1785.0),
    run(TcLoop::WgmmaM64nNk16, 64, 8, 11.6004, 954.53, 1771.0),
    run(TcLoop::WgmmaM64nNk16, 128, 8, 23.9754, 923.69, 1710.0),
    run(TcLoop::WgmmaM64nNk16, 256, 8, 46.4599, 953.33, 1765.0),
];

const fn run(kernel: TcLoop, n: u32, warps: u32, ms: f64, tflops: f64, mhz: f64) -> TcPeakRun {
    TcPeakRun {
        kernel,
        n,
        warps_per_sm: warps,
        time_ms: ms,
        tflops,
        sm_mhz: mhz,
    }
}

/// cuBLAS (through `torch.matmul`) BF16 4096³ on the same H200, TFLOP/s
/// (`tests/fixtures/roofline_measured_h200.json`, 0.2054 ms).
pub const CUBLAS_BF16_4096_TFLOPS: f64 = 669.05;

/// The SASS lines `cuobjdump -sass` showed (sm_90a build of `tests/gpu/tensor_core_peak.cu`).
pub const SASS_MMA_SYNC: &str = "HMMA.16816.F32.BF16 R16, R4, R26, R16";
/// The wgmma loop's body: one arrive, 16 HGMMA, one dependency barrier per commit group.
pub const SASS_WGMMA: [&str; 3] = [
    "WARPGROUP.ARRIVE",
    "HGMMA.64x256x16.F32.BF16 R24, gdesc[UR4], R24",
    "WARPGROUP.DEPBAR.LE gsb0, 0x0",
];
/// The course's example `wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16`.
pub const SASS_COURSE_M64N8K16: [&str; 3] = [
    "WARPGROUP.ARRIVE",
    "HGMMA.64x8x16.F16 R24, gdesc[UR4], RZ, !UPT, gsb0",
    "WARPGROUP.DEPBAR.LE gsb0, 0x0",
];
