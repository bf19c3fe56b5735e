//! What an H200 measured for latency hiding: FFMA share of peak against resident warps.
//!
//! Source: `shared/truth/measured/latency_hiding.json` (NVIDIA H200, sm_90, 1980 MHz SM clock,
//! CUDA 13.0), copied to `tests/fixtures/scheduler_latency_hiding_h200.json`, where a test
//! checks these numbers against it. Per iteration each warp issues ILP warp-wide 128-byte loads
//! (a dependent chain through the loaded value) and K independent FFMAs; I = SASS instructions
//! in the loop body; T1 = cycles per iteration at W = 1. FFMA share = warp-FFMAs issued / (4 per
//! cycle per SM). Only the numbers drawn are kept. The main type is [`LatencyHidingRun`].

/// One measured latency-hiding kernel and its curve of FFMA share against resident warps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LatencyHidingRun {
    /// Stable id for the URL, e.g. `"ilp1-k32"`.
    pub id: &'static str,
    /// Loads in flight per warp.
    pub ilp: u32,
    /// FFMAs per iteration, K.
    pub k_ffma: u32,
    /// SASS instructions per iteration, I.
    pub instructions: u32,
    /// Cycles per iteration of one warp alone, T1.
    pub t1_cycles: f64,
    /// `(warps per SM, FFMA share of peak)`.
    pub points: [(u32, f64); 10],
}

/// Every measured kernel.
pub const KERNELS: [LatencyHidingRun; 8] = [
    LatencyHidingRun {
        id: "ilp1-k1",
        ilp: 1,
        k_ffma: 1,
        instructions: 13,
        t1_cycles: 760.23,
        points: [
            (1, 0.00033),
            (2, 0.00066),
            (4, 0.00134),
            (8, 0.00273),
            (12, 0.00406),
            (16, 0.00542),
            (24, 0.00801),
            (32, 0.01053),
            (48, 0.01534),
            (64, 0.0196),
        ],
    },
    LatencyHidingRun {
        id: "ilp1-k4",
        ilp: 1,
        k_ffma: 4,
        instructions: 16,
        t1_cycles: 760.81,
        points: [
            (1, 0.00131),
            (2, 0.00265),
            (4, 0.00535),
            (8, 0.01093),
            (12, 0.01625),
            (16, 0.02163),
            (24, 0.03196),
            (32, 0.042),
            (48, 0.061),
            (64, 0.07777),
        ],
    },
    LatencyHidingRun {
        id: "ilp1-k10",
        ilp: 1,
        k_ffma: 10,
        instructions: 22,
        t1_cycles: 755.59,
        points: [
            (1, 0.00331),
            (2, 0.00668),
            (4, 0.01347),
            (8, 0.0275),
            (12, 0.04088),
            (16, 0.05429),
            (24, 0.08021),
            (32, 0.10507),
            (48, 0.15182),
            (64, 0.19208),
        ],
    },
    LatencyHidingRun {
        id: "ilp1-k32",
        ilp: 1,
        k_ffma: 32,
        instructions: 44,
        t1_cycles: 767.98,
        points: [
            (1, 0.01042),
            (2, 0.02105),
            (4, 0.04242),
            (8, 0.08632),
            (12, 0.12776),
            (16, 0.16956),
            (24, 0.2481),
            (32, 0.3218),
            (48, 0.44988),
            (64, 0.53968),
        ],
    },
    LatencyHidingRun {
        id: "ilp4-k1",
        ilp: 4,
        k_ffma: 1,
        instructions: 35,
        t1_cycles: 931.82,
        points: [
            (1, 0.00027),
            (2, 0.00054),
            (4, 0.0011),
            (8, 0.00213),
            (12, 0.00312),
            (16, 0.00401),
            (24, 0.00559),
            (32, 0.00674),
            (48, 0.00803),
            (64, 0.00851),
        ],
    },
    LatencyHidingRun {
        id: "ilp4-k4",
        ilp: 4,
        k_ffma: 4,
        instructions: 38,
        t1_cycles: 938.29,
        points: [
            (1, 0.00107),
            (2, 0.00217),
            (4, 0.00436),
            (8, 0.00848),
            (12, 0.01237),
            (16, 0.01588),
            (24, 0.02217),
            (32, 0.02674),
            (48, 0.03185),
            (64, 0.03389),
        ],
    },
    LatencyHidingRun {
        id: "ilp4-k10",
        ilp: 4,
        k_ffma: 10,
        instructions: 45,
        t1_cycles: 935.47,
        points: [
            (1, 0.00267),
            (2, 0.00543),
            (4, 0.01093),
            (8, 0.02128),
            (12, 0.03102),
            (16, 0.03985),
            (24, 0.05558),
            (32, 0.06698),
            (48, 0.07976),
            (64, 0.08476),
        ],
    },
    LatencyHidingRun {
        id: "ilp4-k32",
        ilp: 4,
        k_ffma: 32,
        instructions: 67,
        t1_cycles: 940.05,
        points: [
            (1, 0.00851),
            (2, 0.01728),
            (4, 0.03482),
            (8, 0.06764),
            (12, 0.09841),
            (16, 0.12612),
            (24, 0.17556),
            (32, 0.21135),
            (48, 0.2506),
            (64, 0.26797),
        ],
    },
];

/// Ids of [`KERNELS`], in menu order.
pub const KERNEL_IDS: [&str; 8] = [
    "ilp1-k1", "ilp1-k4", "ilp1-k10", "ilp1-k32", "ilp4-k1", "ilp4-k4", "ilp4-k10", "ilp4-k32",
];

/// The kernel with this id.
pub fn kernel(id: &str) -> Option<&'static LatencyHidingRun> {
    KERNELS.iter().find(|k| k.id == id)
}

/// Iteration time measured at W = 64 for K = 32, ILP = 1 (it was 768 at W = 1): DRAM load.
pub const K32_W64_CYCLES_PER_ITERATION: f64 = 949.0;
