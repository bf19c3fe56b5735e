//! The tensor-cores chapter's URL keys.

/// K of the GEMV.
pub const K: &str = "k";
/// N of the GEMV.
pub const N: &str = "n";
/// Warps per block.
pub const WARPS: &str = "warps";
/// The MMA shape ([`crate::model::tensor_core::MmaShape::slug`]).
pub const SHAPE: &str = "shape";
/// The operand ([`crate::model::tensor_core::Operand::slug`]).
pub const OP: &str = "op";
/// The element type ([`super::element`]).
pub const EL: &str = "el";
/// Selected lane, −1 for none.
pub const LANE: &str = "lane";
/// Selected element's row, −1 for none.
pub const ROW: &str = "row";
/// Selected element's column, −1 for none.
pub const COL: &str = "col";
/// Block traced.
pub const BLOCK: &str = "block";
/// Warp traced.
pub const WARP: &str = "warp";
/// K tile traced.
pub const KT: &str = "kt";
/// Step of the trace shown.
pub const STEP: &str = "step";
/// The quantisation example's activations, comma-separated.
pub const X: &str = "x";
/// Seed of the example's weight matrix.
pub const SEED: &str = "seed";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[
    K, N, WARPS, SHAPE, OP, EL, LANE, ROW, COL, BLOCK, WARP, KT, STEP, X, SEED,
];
