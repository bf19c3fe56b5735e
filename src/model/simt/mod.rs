//! SIMT execution of one warp: launch masks, branch divergence and reconvergence.
//!
//! A warp is 32 lanes that issue one instruction at a time under an *active mask*. At a
//! conditional branch the mask splits into `taken = active & pred` and
//! `not_taken = active & !pred`; when both are non-empty the warp runs both paths one after the
//! other, each under its own mask, and reconverges at the branch's immediate post-dominator
//! (the end of the `if`/`else`). Loops keep iterating while any lane still has trips left.
//! Nested divergence ANDs masks. This is the pre-Volta SIMT-stack model of spec §3.
//!
//! [`Program`] is a small structured kernel (plain lines, `if`/`else`, loops with per-lane trip
//! counts, early `return`) that [`Program::run`] executes for one warp into a [`SimtTrace`]: one
//! [`Step`] per issued instruction (listing line + active mask), the reconvergence points, and the
//! lane efficiency. [`presets`] are the course's examples, each with its pseudo-CUDA listing.
//!
//! Sources: CUDA C++ Programming Guide, "SIMT Architecture" and "Thread Hierarchy"; course texts
//! `gpu-kernel-engineering-01` §4.1 (odd/even vs warp-aligned branch, boundary checks) and
//! `a100-from-chip-to-simt` §4 (active mask); `__activemask()` measured on an H200
//! (`shared/truth/divergence.json`, copied to `tests/fixtures/simt_h200.json`). See
//! [`INDEPENDENT_THREAD_SCHEDULING_NOTE`] for what changed with Volta.
//!
//! What the H200 showed, and how the model follows it:
//! - Which side of an `if`/`else` runs first is the compiler's choice. The *else* side ran first
//!   for `lane % 2 == 0`, `lane < 16`, `(lane / 8) % 2 == 0` and the outer `if` of the nested
//!   test; the *then* side ran first for the data-dependent branch. Each [`Stmt::If`] carries
//!   its order ([`BranchOrder`]); presets use the measured one, [`WarpInput::order_override`]
//!   forces one for every branch.
//! - Reconvergence is immediate: the mask is full again right after every `if`/`else`.
//! - Loop unrolling shows in the masks. Under `nvcc -O3` a loop of `lane % 5 + 1` trips ran its
//!   body 7 times at warp level, not 5: the masks are exactly those of a 4× unrolled loop (4
//!   copies under the lanes with ≥ 4 trips) followed by a remainder loop (3 passes); `trips =
//!   lane` likewise. [`Stmt::Loop::unroll`] models that transformation; `unroll: 1` is
//!   `#pragma unroll 1`, where the naive one-lane-drops-out-per-pass picture held exactly, as it
//!   did for a loop whose trip count came from data.

use serde::{Deserialize, Serialize};

pub use crate::model::WARP_SIZE;

mod exec;
mod listing;
mod presets;
mod program;
mod trace;

pub use exec::Program;
pub use listing::{parse_cond, ListingError};
pub use presets::{preset, presets, Preset, PRESET_IDS};
pub use program::{BranchOrder, Cond, LaneData, Stmt, TripCount, WarpInput};
pub use trace::{Reconvergence, SimtTrace, Step, StepKind};

/// Active mask with every lane on.
pub const FULL_MASK: u32 = u32::MAX;

/// Trip counts are clamped to this many per lane, so a trace stays small.
pub const MAX_TRIPS: u32 = 64;

/// A run stops after this many issued steps and sets [`SimtTrace::truncated`].
pub const MAX_STEPS: usize = 4096;

/// Largest trip count the seeded `trips[i]` array holds (the H200 probe used 0..=6).
pub const DATA_MAX_TRIPS: u32 = 6;

/// Seed of the data-dependent presets.
pub const DEFAULT_SEED: u64 = 0x5eed_2026;

/// What the stack model leaves out: Volta+ independent thread scheduling.
pub const INDEPENDENT_THREAD_SCHEDULING_NOTE: &str =
    "This is the pre-Volta picture: a per-warp SIMT \
stack runs one path of a divergent branch to the end, then the other, and reconverges at the \
immediate post-dominator. Since Volta (compute capability 7.0) each thread has its own program \
counter (independent thread scheduling): the scheduler may interleave the diverged paths, and \
the lanes are not guaranteed to reconverge until __syncwarp() or a *_sync intrinsic with an \
explicit mask. Warp-synchronous code must therefore say which lanes it expects. The cost model \
(the issue slots of both paths add up) still holds, and __activemask() measured on an H200 still \
shows each path serialised under its own mask with immediate reconvergence after the if/else.";

/// Initial active mask of warp `warp_index` of a block of `threads_per_block` threads:
/// `0xFFFF_FFFF` for a full warp, `(1 << n) - 1` for a last warp with `n` live lanes, `0` for a
/// warp past the end of the block (spec §3). Never panics.
///
/// ```
/// use warpscope::model::simt::launch_mask;
/// assert_eq!(launch_mask(48, 1), 0x0000_ffff); // measured on the H200
/// assert_eq!(launch_mask(48, 2), 0);
/// ```
pub fn launch_mask(threads_per_block: u32, warp_index: u32) -> u32 {
    let first_thread = u64::from(warp_index) * u64::from(WARP_SIZE);
    let live_lanes = u64::from(threads_per_block).saturating_sub(first_thread);
    if live_lanes >= u64::from(WARP_SIZE) {
        FULL_MASK
    } else {
        // live_lanes < 32, so the shift cannot overflow; 0 live lanes gives 0.
        (1u32 << live_lanes) - 1
    }
}

/// Warps a block of `threads_per_block` threads occupies: `ceil(threads / 32)`. The last one is
/// partial when the block size is not a multiple of 32 (its [`launch_mask`] has fewer lanes).
pub fn warps_per_block(threads_per_block: u32) -> u32 {
    threads_per_block.div_ceil(WARP_SIZE)
}

/// The two masks a conditional branch splits the active mask into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BranchSplit {
    /// Active lanes whose predicate is true.
    pub taken: u32,
    /// Active lanes whose predicate is false.
    pub not_taken: u32,
}

impl BranchSplit {
    /// True when both sides have lanes: the warp must run both paths one after the other.
    pub fn diverged(&self) -> bool {
        self.taken != 0 && self.not_taken != 0
    }
}

/// Splits `active` by `predicate`, which gets the lane id (0..32) of each active lane.
/// Inactive lanes are never asked and land on neither side.
pub fn split(active: u32, predicate: impl Fn(u32) -> bool) -> BranchSplit {
    let mut taken = 0u32;
    for lane in 0..WARP_SIZE {
        let bit = 1u32 << lane;
        if active & bit != 0 && predicate(lane) {
            taken |= bit;
        }
    }
    BranchSplit {
        taken,
        not_taken: active & !taken,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn launch_mask_edges() {
        assert_eq!(launch_mask(0, 0), 0);
        assert_eq!(launch_mask(32, 0), FULL_MASK);
        assert_eq!(launch_mask(33, 1), 1);
        assert_eq!(launch_mask(u32::MAX, u32::MAX), 0);
        assert_eq!(launch_mask(u32::MAX, 0), FULL_MASK);
        assert_eq!(warps_per_block(48), 2);
        assert_eq!(warps_per_block(0), 0);
        assert_eq!(warps_per_block(u32::MAX), 134_217_728);
        assert_eq!(launch_mask(u32::MAX, 134_217_727), 0x7fff_ffff);
    }

    #[test]
    fn odd_even_splits_into_two_half_masks() {
        let s = split(FULL_MASK, |lane| lane % 2 == 1);
        assert_eq!((s.taken, s.not_taken), (0xaaaa_aaaa, 0x5555_5555));
        assert!(s.diverged());
    }

    #[test]
    fn every_preset_id_resolves_and_lines_are_in_the_listing() {
        for id in PRESET_IDS {
            let p = preset(id).expect("known id");
            assert_eq!(p.id, id);
            let n = p.listing().len() as u32;
            assert!(p.run().steps.iter().all(|s| s.line < n), "{id}");
        }
        assert!(preset("nope").is_none());
    }
}
