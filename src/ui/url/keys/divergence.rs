//! The divergence chapter's URL keys.

/// The branch preset id (always written).
pub const PRESET: &str = "preset";
/// `blockDim.x`.
pub const BLOCK: &str = "block";
/// `blockIdx.x`.
pub const BIDX: &str = "bidx";
/// Warp of the block.
pub const WARP: &str = "warp";
/// The bound `n` of `i < n`.
pub const N: &str = "n";
/// Seed of the data-dependent branch's array.
pub const SEED: &str = "seed";
/// Which side of the branch runs first.
pub const ORDER: &str = "order";
/// The step of the trace shown.
pub const STEP: &str = "step";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[PRESET, BLOCK, BIDX, WARP, N, SEED, ORDER, STEP];
