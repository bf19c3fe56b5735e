//! The course's W8A8 GEMV: symmetric INT8 quantisation, the integer GEMV on the Tensor Cores,
//! the FP16 epilogue, and the launch geometry of the teaching kernel.
//!
//! `y[N] = W[N×K] · x[K]` for one token (batch 1). Activations get one per-tensor scale `s_x`,
//! weights one scale per output row `s_W[o]`, zero points are 0. The products `q_W · q_x`
//! accumulate exactly in INT32; only the epilogue goes back to floating point:
//! `y[o] = fp16(float(z[o]) · s_x · s_W[o])`.
//!
//! The main type is [`W8a8Gemv`], the shape of the course's kernel `w8a8_tc_gemv_kernel`
//! (course `a100-from-chip-to-simt` §5.2): one block of `warps_per_block` warps per 16 outputs;
//! each warp walks its own `K / warps_per_block` slice in WMMA m16n16k16 s8 tiles whose A tile
//! holds the activation in row 0 and zeros in rows 1–15; the block's warps add their INT32
//! partials through shared memory. [`W8a8Gemv::trace`] lists what one warp does in one K-tile
//! iteration and in the epilogue, with the course listing's loop bounds.
//!
//! Sources: the course listing (§5.2) and its numbers (§5.5); the H200 measurement of the same
//! kernel (`shared/truth/measured/w8a8.json`: 31.1 µs with L2 flushed, 6144 B static shared
//! memory, 16,805,888 B minimum traffic, each `wmma::mma_sync` = two `IMMA.16816.S8.S8` on sm_80
//! and sm_90, ncu global-load requests and sectors); fragment layouts from
//! [`crate::model::tensor_core`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::tensor_core::{ElementType, MmaShape, Operand, WmmaIntShape};
use crate::model::WARP_SIZE;

mod f16;
mod kernel;
mod quant;
mod steps;

pub use f16::{f16_bits_to_f32, f32_to_f16_bits};
pub use kernel::{GlobalLoads, HbmBytes, SmemBytes, TileCost, W8a8Gemv};
pub use quant::{
    dequantize, dequantize_output, error_bound, gemv_i32, gemv_reference, quantize_per_channel,
    quantize_symmetric, try_quantize_symmetric, w8a8_gemv, ErrorBound, GemvOutput,
    QuantizedWeights,
};
pub use steps::{KernelStep, MemoryLayout, StepAction, StepScope, TileWrite};

/// WMMA tile rows (M): the A tile has 16 rows, of which only row 0 carries the activation.
pub const WMMA_M: u32 = 16;
/// WMMA tile columns (N): outputs per block.
pub const WMMA_N: u32 = 16;
/// WMMA reduction depth (K) of one `mma_sync`.
pub const WMMA_K: u32 = 16;
/// Largest block the hardware launches: 1024 threads = 32 warps.
pub const MAX_WARPS_PER_BLOCK: u32 = 32;
/// `IMMA.16816.S8.S8` instructions per `wmma::mma_sync` m16n16k16 s8 (SASS on sm_80 and sm_90).
pub const IMMA_PER_WMMA: u32 = 2;
/// PTX of one `wmma::mma_sync` in the course kernel (compute_80 PTX on the H200 run).
pub const PTX_WMMA_MMA: &str = "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32";
/// The SASS instruction each half of that `mma_sync` becomes on sm_80 and sm_90.
pub const SASS_IMMA: &str = "IMMA.16816.S8.S8";
/// The SASS instruction of each `load_matrix_sync` from shared memory (one for A, one for B).
pub const SASS_LDSM: &str = "LDSM.16.M88.2";
/// Largest quantised magnitude: q ∈ [−127, 127].
pub const Q_MAX: i32 = 127;
/// Largest K whose INT32 dot product cannot overflow with |q| ≤ 127: ⌊(2³¹ − 1) / 127²⌋.
pub const MAX_SAFE_K: u32 = 133_144;
/// Bytes of one FP32 scale.
const F32_BYTES: u64 = 4;
/// Bytes of one FP16 output.
const F16_BYTES: u64 = 2;
/// Bytes of one INT32 partial sum.
const I32_BYTES: u32 = 4;
/// Bytes of a global-memory sector.
const SECTOR_BYTES: u64 = 32;

/// Largest K for which `K · max_abs_q²` still fits a signed 32-bit accumulator
/// (`max_abs_q` = 127 for this quantiser → [`MAX_SAFE_K`]; 128, the course's conservative
/// bound allowing −128 · −128, → 131,071). Returns `u64::MAX` for `max_abs_q` = 0.
pub fn max_safe_k(max_abs_q: u32) -> u64 {
    let product = u64::from(max_abs_q) * u64::from(max_abs_q);
    (i32::MAX as u64).checked_div(product).unwrap_or(u64::MAX)
}

/// Why a kernel shape or a data set is rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum W8a8Error {
    /// K or N is 0.
    EmptyShape {
        /// Requested K.
        k: u32,
        /// Requested N.
        n: u32,
    },
    /// `warps_per_block` is 0 or more than 32 (1024 threads).
    WarpsPerBlock {
        /// Requested warps per block.
        warps_per_block: u32,
    },
    /// K does not split into whole 16-deep tiles per warp.
    KNotDivisible {
        /// Requested K.
        k: u32,
        /// Required multiple: `16 · warps_per_block`.
        multiple: u32,
    },
    /// N is not a multiple of the 16 outputs one block computes.
    NNotDivisible {
        /// Requested N.
        n: u32,
    },
    /// K is so long that the INT32 accumulator could overflow (`K · 127² ≥ 2³¹`).
    AccumulatorOverflow {
        /// Requested K.
        k: u64,
        /// Largest safe K.
        max_safe_k: u64,
    },
    /// A slice has the wrong length for the shape.
    LengthMismatch {
        /// Which input.
        what: &'static str,
        /// Expected length.
        expected: usize,
        /// Actual length.
        got: usize,
    },
    /// An input is NaN or infinite.
    NonFinite {
        /// Which input.
        what: &'static str,
        /// Index of the first non-finite value.
        index: usize,
    },
    /// The block, warp or K tile asked for in a trace does not exist.
    OutOfRange {
        /// Which index.
        what: &'static str,
        /// Requested value.
        value: u32,
        /// Number of valid values.
        count: u32,
    },
}

impl fmt::Display for W8a8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            W8a8Error::EmptyShape { k, n } => {
                write!(f, "K and N must be positive (got K = {k}, N = {n})")
            }
            W8a8Error::WarpsPerBlock { warps_per_block } => write!(
                f,
                "warps per block must be 1 to 32 (1024 threads), got {warps_per_block}"
            ),
            W8a8Error::KNotDivisible { k, multiple } => write!(
                f,
                "K = {k} must be a multiple of 16 × warps per block = {multiple}, so that every warp gets whole 16-deep WMMA tiles"
            ),
            W8a8Error::NNotDivisible { n } => write!(
                f,
                "N = {n} must be a multiple of 16: each block computes one 16-wide output tile"
            ),
            W8a8Error::AccumulatorOverflow { k, max_safe_k } => write!(
                f,
                "K = {k} could overflow the INT32 accumulator (K · 127² ≥ 2³¹); the largest safe K is {max_safe_k}"
            ),
            W8a8Error::LengthMismatch {
                what,
                expected,
                got,
            } => write!(f, "{what} has {got} elements, expected {expected}"),
            W8a8Error::NonFinite { what, index } => {
                write!(f, "{what}[{index}] is NaN or infinite")
            }
            W8a8Error::OutOfRange { what, value, count } => {
                let last = count.saturating_sub(1);
                write!(f, "{what} {value} does not exist: the launch has {what}s 0 to {last}")
            }
        }
    }
}

impl std::error::Error for W8a8Error {}

pub use crate::model::measured::w8a8::{
    measured_h200, MeasuredGemv, MeasuredVariant, MEASURED_COURSE_WARPS_ACTIVE,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_safe_k_matches_the_int32_bound() {
        assert_eq!(max_safe_k(127), u64::from(MAX_SAFE_K));
        assert!(u64::from(MAX_SAFE_K) * 127 * 127 <= i32::MAX as u64);
        assert!((u64::from(MAX_SAFE_K) + 1) * 127 * 127 > i32::MAX as u64);
        assert_eq!(max_safe_k(128), 131_071);
        assert_eq!(max_safe_k(0), u64::MAX);
    }
}
