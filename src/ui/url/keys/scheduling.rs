//! The scheduling chapter's URL keys.

/// Load latency, cycles.
pub const L: &str = "l";
/// Independent instructions per load.
pub const K: &str = "k";
/// Resident warps per SM.
pub const W: &str = "w";
/// Loads in flight per warp (ILP).
pub const ILP: &str = "ilp";
/// Cycles drawn in the timeline.
pub const CYCLES: &str = "cycles";
/// The measured H200 kernel drawn against the model.
pub const KERNEL: &str = "kernel";
/// The timeline's cursor, in steps of the chapter's stride.
pub const STEP: &str = "step";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[L, K, W, ILP, CYCLES, KERNEL, STEP];
