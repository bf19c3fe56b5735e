//! Latencies measured on an NVIDIA H200 with one thread and dependent loads (pointer chase).
//!
//! Source: `shared/truth/measured/latency.json` (clock64 at 1.98 GHz, median of 3, L2 flushed
//! before each launch), copied to `tests/fixtures/latency_h200.json`, where a test checks these
//! numbers against it. Values are SM cycles per dependent access, rounded to whole cycles.

/// Global load that hits L1 (64 KiB footprint, 128-byte stride): 32.0 cycles.
pub const H200_L1_HIT_CYCLES: u32 = 32;
/// Global load that hits L2 (8 MiB footprint): 280.44 cycles.
pub const H200_L2_HIT_CYCLES: u32 = 280;
/// Global load from HBM (1 GiB footprint, sequential 128-byte stride): 687.19 cycles.
pub const H200_HBM_CYCLES: u32 = 687;
/// Shared-memory load: 23.0 cycles.
pub const H200_SHARED_CYCLES: u32 = 23;
/// Dependent FFMA (one chain): 4.057 cycles.
pub const H200_DEPENDENT_FFMA_CYCLES: u32 = 4;
