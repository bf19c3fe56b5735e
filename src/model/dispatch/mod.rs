//! Block dispatch: how a grid's blocks are spread over the SMs in waves.
//!
//! Two levels, both from `spec/hw-model.md` §2:
//! * [`waves`]: the closed-form wave count, tail and efficiency. A full wave is
//!   `blocks_per_sm × sm_count` resident blocks; `cudaOccMaxPotentialBlockSize` calls that
//!   "a full machine launch" [OCC-H].
//! * [`Simulator`] → [`Trace`]: a deterministic block-scheduler simulation the UI animates
//!   and scrubs. NVIDIA does not document the real order (spec §8.1, UNCERTAIN); the model's
//!   policy is documented on [`Simulator`]. [`order_differences`] reports where a measured H200
//!   trace (`dispatch.json`, [PROBE]) puts blocks on other SMs than the model.
//!
//! [`observed`] holds the H200's measured dispatch and replays it beside the model; both kinds
//! of trace answer the animation's queries through [`Timeline`].
//!
//! Times are in abstract ticks (call them cycles; the UI may pass nanoseconds). No clock, no
//! unseeded randomness: jitter comes from a seeded splitmix64 per block index.

use std::fmt;

use serde::{Deserialize, Serialize};

pub mod observed;

mod compare;
mod durations;
mod simulator;
mod timeline;
mod trace;

pub use compare::{count_histogram, order_differences, sm_counts, OrderComparison, SmDifference};
pub use durations::Durations;
pub use simulator::Simulator;
pub use timeline::Timeline;
pub use trace::{BlockRecord, Trace, WaveInfo};

/// Largest grid the simulator accepts: 2^22 blocks (≈ 17 MB of trace, 4 bytes per block; 8 when
/// the shortest block is far shorter than the longest, see [`Simulator::run`]). The
/// UI clamps to it.
pub const MAX_SIMULATED_BLOCKS: u64 = 1 << 22;

/// Why a dispatch question has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DispatchError {
    /// `sm_count = 0`.
    NoSms,
    /// `blocks_per_sm = 0`: the kernel cannot launch (see `occupancy::LaunchError`).
    NoBlockSlots,
    /// A grid of 0 blocks: CUDA rejects it (`cudaErrorInvalidConfiguration`), so there are no waves.
    EmptyGrid,
    /// More blocks than [`MAX_SIMULATED_BLOCKS`].
    GridTooLargeToSimulate {
        /// Requested blocks.
        grid_blocks: u64,
        /// [`MAX_SIMULATED_BLOCKS`].
        max_blocks: u64,
    },
    /// SM count or blocks per SM above 65,535 (the trace stores them as `u16`).
    TooManySlots,
    /// A block duration of 0 ticks.
    ZeroDuration,
    /// Jitter range with `min_cycles > max_cycles`.
    InvalidJitter {
        /// Lower bound.
        min_cycles: u32,
        /// Upper bound.
        max_cycles: u32,
    },
    /// [`Durations::PerBlock`] with a length other than the grid.
    DurationCountMismatch {
        /// Grid blocks.
        expected: u64,
        /// Durations given.
        got: u64,
    },
    /// The makespan could exceed `u32::MAX` ticks (the trace stores `u32` times).
    TraceTooLong {
        /// Upper bound of the makespan, ticks.
        bound_cycles: u64,
    },
}

impl fmt::Display for DispatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DispatchError::NoSms => write!(f, "the GPU needs at least 1 SM"),
            DispatchError::NoBlockSlots => {
                write!(
                    f,
                    "no block fits on an SM (0 blocks per SM), so the launch fails"
                )
            }
            DispatchError::EmptyGrid => write!(f, "a grid of 0 blocks launches nothing"),
            DispatchError::GridTooLargeToSimulate {
                grid_blocks,
                max_blocks,
            } => write!(
                f,
                "{grid_blocks} blocks is more than the {max_blocks} the simulator animates"
            ),
            DispatchError::TooManySlots => {
                write!(f, "more than 65,535 SMs or blocks per SM")
            }
            DispatchError::ZeroDuration => write!(f, "a block must run for at least 1 cycle"),
            DispatchError::InvalidJitter {
                min_cycles,
                max_cycles,
            } => write!(
                f,
                "jitter range {min_cycles}..={max_cycles} cycles is empty (min > max)"
            ),
            DispatchError::DurationCountMismatch { expected, got } => {
                write!(
                    f,
                    "{got} block durations given for a grid of {expected} blocks"
                )
            }
            DispatchError::TraceTooLong { bound_cycles } => write!(
                f,
                "the run could last {bound_cycles} cycles, more than the trace can hold (2^32 − 1)"
            ),
        }
    }
}

impl std::error::Error for DispatchError {}

/// Wave structure of a launch (spec §2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Waves {
    /// Blocks resident at once on the whole GPU: `blocks_per_sm × sm_count`.
    pub full_wave_blocks: u64,
    /// Number of waves: `ceil(grid / full_wave_blocks)`.
    pub count: u64,
    /// Blocks in the last wave: `grid mod full_wave_blocks`, or `full_wave_blocks` when the
    /// grid divides evenly.
    pub last_wave_blocks: u64,
    /// Wave efficiency (tail effect): `grid / (count × full_wave_blocks)`, in (0, 1].
    pub efficiency: f64,
}

impl Waves {
    /// Number of full waves (`count − 1` with a partial tail, else `count`).
    pub fn full_waves(&self) -> u64 {
        if self.last_wave_blocks == self.full_wave_blocks {
            self.count
        } else {
            self.count.saturating_sub(1)
        }
    }

    /// True when the last wave is partial (a tail).
    pub fn has_tail(&self) -> bool {
        self.last_wave_blocks != self.full_wave_blocks
    }

    /// The grid in waves as a decimal: `grid / full_wave_blocks`, as wave-quantisation
    /// discussions quote it. `count` is this rounded up, and `efficiency = fractional / count`.
    /// A 170-SM RTX 5090 running one tile per SM: 160 tiles are 0.94 waves, 544 tiles 3.2.
    pub fn fractional(&self) -> f64 {
        // grid = (count − 1) × full + last, without overflow (grid fitted in u64).
        let grid = self.count.saturating_sub(1) * self.full_wave_blocks + self.last_wave_blocks;
        if self.full_wave_blocks == 0 {
            return 0.0;
        }
        grid as f64 / self.full_wave_blocks as f64
    }
}

/// Waves for `grid_blocks` blocks on `sm_count` SMs holding `blocks_per_sm` blocks each
/// (spec §2). `Err` for 0 SMs, 0 blocks per SM (the launch fails) or an empty grid (CUDA rejects
/// a 0-block grid). Never divides by zero or overflows.
///
/// ```
/// use warpscope::model::dispatch::waves;
/// // Spec §2: A100, 4 blocks/SM, grid 1000 → 432-block waves: 3 waves (432, 432, 136), 77.2 %.
/// let w = waves(108, 4, 1000).expect("valid");
/// assert_eq!((w.full_wave_blocks, w.count, w.last_wave_blocks), (432, 3, 136));
/// assert!((w.efficiency - 1000.0 / 1296.0).abs() < 1e-12);
/// ```
pub fn waves(sm_count: u32, blocks_per_sm: u32, grid_blocks: u64) -> Result<Waves, DispatchError> {
    if sm_count == 0 {
        return Err(DispatchError::NoSms);
    }
    if blocks_per_sm == 0 {
        return Err(DispatchError::NoBlockSlots);
    }
    if grid_blocks == 0 {
        return Err(DispatchError::EmptyGrid);
    }
    let full = u64::from(blocks_per_sm) * u64::from(sm_count); // ≤ (2^32−1)^2 < 2^64
    let count = (grid_blocks - 1) / full + 1;
    let last = grid_blocks - (count - 1) * full;
    // count × full < grid + full may exceed u64 only for absurd inputs; then divide in steps.
    let efficiency = match count.checked_mul(full) {
        Some(capacity) => grid_blocks as f64 / capacity as f64,
        None => (grid_blocks as f64 / full as f64) / count as f64,
    };
    Ok(Waves {
        full_wave_blocks: full,
        count,
        last_wave_blocks: last,
        efficiency: efficiency.min(1.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waves_errors() {
        assert_eq!(waves(0, 1, 1), Err(DispatchError::NoSms));
        assert_eq!(waves(1, 0, 1), Err(DispatchError::NoBlockSlots));
        assert_eq!(waves(1, 1, 0), Err(DispatchError::EmptyGrid));
        let w = waves(u32::MAX, u32::MAX, u64::MAX).expect("huge but valid");
        assert!(w.count >= 1 && w.efficiency > 0.0 && w.efficiency <= 1.0);
        assert!(w.fractional() > 1.0 && w.fractional() <= w.count as f64);
    }

    #[test]
    fn fractional_waves_on_an_rtx_5090() {
        // 170 SMs, one tile per SM: 160 tiles = 0.94 waves (1 wave, 94 %); 544 = 3.2 (4 waves, 80 %).
        let w = waves(170, 1, 160).expect("valid");
        assert_eq!(w.count, 1);
        assert!((w.fractional() - 160.0 / 170.0).abs() < 1e-12);
        assert_eq!(format!("{:.2}", w.fractional()), "0.94");
        let w = waves(170, 1, 544).expect("valid");
        assert_eq!((w.count, w.last_wave_blocks), (4, 34));
        assert_eq!(format!("{:.1}", w.fractional()), "3.2");
        assert!((w.efficiency - w.fractional() / 4.0).abs() < 1e-12);
        // An even grid is a whole number of waves.
        assert_eq!(waves(108, 4, 864).expect("valid").fractional(), 2.0);
    }
}
