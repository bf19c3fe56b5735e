//! The memory chapters' URL keys (coalescing, bank conflicts: one warp access).

/// Preset id, or [`CUSTOM`].
pub const PRESET: &str = "preset";
/// Bytes per element and per lane.
pub const ELEM: &str = "elem";
/// Elements between neighbouring lanes.
pub const STRIDE: &str = "stride";
/// Bytes added to every address.
pub const OFFSET: &str = "offset";
/// Active lanes.
pub const LANES: &str = "lanes";
/// The typed element-index formula.
pub const FORMULA: &str = "f";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[PRESET, ELEM, STRIDE, OFFSET, LANES, FORMULA];

/// The preset value of an access typed in rather than chosen.
pub const CUSTOM: &str = "custom";
