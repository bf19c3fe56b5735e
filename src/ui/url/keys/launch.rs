//! The kernel launch's URL keys: the occupancy chapter's, which the dispatch chapter reads too.

/// GPU preset id.
pub const GPU: &str = "gpu";
/// Threads per block.
pub const THREADS: &str = "threads";
/// Registers per thread.
pub const REGS: &str = "regs";
/// Static shared memory per block, bytes.
pub const SMEM: &str = "smem";
/// Dynamic shared memory per block, bytes.
pub const DSMEM: &str = "dsmem";
/// The unit the dynamic shared memory is typed in (`b`, `kib`).
pub const DUNIT: &str = "dunit";
/// Carveout preference, percent (−1: none).
pub const CARVEOUT: &str = "carveout";
/// The sweep graphs' y axis (`pct`, `warps`).
pub const Y: &str = "y";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[GPU, THREADS, REGS, SMEM, DSMEM, DUNIT, CARVEOUT, Y];
