//! How long each block runs ([`Durations`]): constant, seeded jitter (uniform in a range, from
//! [`crate::model::rng::SplitMix64`], like the H200 probe's random 50k–200k-cycle spin), or one
//! explicit duration per block (replayed from a measurement).

use crate::model::rng::SplitMix64;

use super::*;

/// How long each block runs, in ticks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Durations {
    /// Every block runs `cycles` ticks (the simulator then uses a closed form).
    Constant {
        /// Ticks per block, ≥ 1.
        cycles: u32,
    },
    /// Block `b` runs a deterministic pseudo-random number of ticks, uniform in
    /// `min_cycles..=max_cycles`, from splitmix64 of `seed` and `b` (like the H200 probe's
    /// "uniformly random 50k..200k cycles" spin).
    Jitter {
        /// Shortest duration, ≥ 1.
        min_cycles: u32,
        /// Longest duration, ≥ `min_cycles`.
        max_cycles: u32,
        /// Seed; the same seed always gives the same durations.
        seed: u64,
    },
    /// Explicit durations, one per block (e.g. replayed from a measured trace).
    PerBlock(Vec<u32>),
}

impl Durations {
    /// Ticks block `block` runs (0 only for a missing [`Durations::PerBlock`] entry).
    pub fn cycles_of(&self, block: u32) -> u32 {
        match self {
            Durations::Constant { cycles } => *cycles,
            Durations::Jitter {
                min_cycles,
                max_cycles,
                seed,
            } => {
                let span = u64::from(max_cycles.saturating_sub(*min_cycles)) + 1;
                // One generator per block, seeded from `seed` and the block index spread by an
                // odd constant, so block b's duration does not depend on the blocks before it.
                let mut rng =
                    SplitMix64::new(seed ^ u64::from(block).wrapping_mul(0xD6E8_FEB8_6659_FD93));
                let offset = rng.below(span);
                min_cycles.saturating_add(u32::try_from(offset).unwrap_or(u32::MAX))
            }
            Durations::PerBlock(v) => v.get(block as usize).copied().unwrap_or(0),
        }
    }

    /// The longest duration over `grid` blocks.
    pub(super) fn max_cycles(&self) -> u32 {
        match self {
            Durations::Constant { cycles } => *cycles,
            Durations::Jitter { max_cycles, .. } => *max_cycles,
            Durations::PerBlock(v) => v.iter().copied().max().unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jitter_is_deterministic_and_in_range() {
        let d = Durations::Jitter {
            min_cycles: 50,
            max_cycles: 200,
            seed: 7,
        };
        let a: Vec<u32> = (0..1000).map(|b| d.cycles_of(b)).collect();
        let b: Vec<u32> = (0..1000).map(|b| d.cycles_of(b)).collect();
        assert_eq!(a, b);
        assert!(a.iter().all(|&c| (50..=200).contains(&c)));
        assert!(a.contains(&50) || a.contains(&51));
        assert!(a.iter().any(|&c| c > 190));
    }
}
