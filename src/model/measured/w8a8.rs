//! The course's W8A8 GEMV (K = N = 4096) and two variants, timed and profiled on an NVIDIA H200.
//!
//! Source: `shared/truth/measured/w8a8.json` (2026-11-29, sm_90 native build; CUDA events with
//! L2 flushed, median; ncu counters), copied to `tests/fixtures/w8a8_h200.json` where a test
//! checks these numbers against it. The main type is [`MeasuredGemv`].

use serde::{Deserialize, Serialize};

use crate::model::measured::roofline::H200_COPY_BANDWIDTH_BYTES_PER_S;
use crate::model::w8a8::W8a8Gemv;

/// Which variant of the GEMV was timed on the H200.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeasuredVariant {
    /// The course listing: byte-wise staging of A and B through shared memory.
    Course,
    /// The B fragment loaded straight from global memory (`ldm = K`), no staging loop.
    DirectB,
    /// A CUDA-core GEMV with `dp4a` and 16-byte loads (no Tensor Cores).
    Dp4a,
}

/// One variant of the K = N = 4096 GEMV timed on an NVIDIA H200 (sm_90 native build).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasuredGemv {
    /// Which variant.
    pub variant: MeasuredVariant,
    /// CUDA-event time, L2 flushed before each repeat, median, seconds.
    pub time_s: f64,
    /// Warp-level instructions executed (ncu `smsp__inst_executed.sum`).
    pub warp_instructions: u64,
    /// Warp-level global load requests (ncu).
    pub global_load_requests: u64,
}

impl MeasuredGemv {
    /// Achieved bandwidth over the minimum traffic of the course shape, bytes/s.
    pub fn bandwidth_bytes_per_s(&self) -> f64 {
        if self.time_s > 0.0 {
            W8a8Gemv::course().hbm_bytes() as f64 / self.time_s
        } else {
            0.0
        }
    }

    /// Share of the best measured copy bandwidth (4277.4 GB/s).
    pub fn share_of_copy(&self) -> f64 {
        self.bandwidth_bytes_per_s() / H200_COPY_BANDWIDTH_BYTES_PER_S
    }
}

/// Warps active in the course kernel, averaged, as a share of the SM's peak (ncu
/// `sm__warps_active.avg.pct_of_peak_sustained_active` ≈ 12 %).
pub const MEASURED_COURSE_WARPS_ACTIVE: f64 = 0.12;

/// The three variants timed on the H200 (K = N = 4096, sm_90 native build).
pub fn measured_h200() -> [MeasuredGemv; 3] {
    [
        MeasuredGemv {
            variant: MeasuredVariant::Course,
            time_s: 31.072e-6,
            warp_instructions: 8_102_912,
            global_load_requests: 590_080,
        },
        MeasuredGemv {
            variant: MeasuredVariant::DirectB,
            time_s: 18.784e-6,
            warp_instructions: 865_280,
            global_load_requests: 196_864,
        },
        MeasuredGemv {
            variant: MeasuredVariant::Dp4a,
            time_s: 8.064e-6,
            warp_instructions: 372_736,
            global_load_requests: 69_632,
        },
    ]
}
