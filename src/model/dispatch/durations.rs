//! How long each block runs ([`Durations`]): constant, seeded jitter (uniform in a range, from
//! [`crate::model::rng::SplitMix64`], like the H200 probe's random 50k–200k-cycle spin), or one
//! explicit duration per block (replayed from a measurement).

use crate::model::rng::{mix, GAMMA};

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
            } => JitterDraw::new(*min_cycles, *max_cycles, *seed).cycles_of(block),
            Durations::PerBlock(v) => v.get(block as usize).copied().unwrap_or(0),
        }
    }

    /// The shortest duration over `grid` blocks.
    pub(super) fn min_cycles(&self) -> u32 {
        match self {
            Durations::Constant { cycles } => *cycles,
            Durations::Jitter { min_cycles, .. } => *min_cycles,
            Durations::PerBlock(v) => v.iter().copied().min().unwrap_or(0),
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

/// The odd constant that spreads block indices over jitter seeds.
const BLOCK_SPREAD: u64 = 0xD6E8_FEB8_6659_FD93;

/// [`Durations::Jitter`]'s draw with its range precomputed, for the simulator's per-block loop.
#[derive(Clone, Copy, Debug)]
pub(super) struct JitterDraw {
    min_cycles: u32,
    /// `max − min + 1`, in `1..=2³²`.
    span: u64,
    seed: u64,
}

impl JitterDraw {
    pub(super) fn new(min_cycles: u32, max_cycles: u32, seed: u64) -> JitterDraw {
        JitterDraw {
            min_cycles,
            span: u64::from(max_cycles.saturating_sub(min_cycles)) + 1,
            seed,
        }
    }

    /// Block `block`'s duration: `min + SplitMix64::new(seed ^ block·C).below(span)`. One
    /// generator per block, seeded from `seed` and the block index spread by an odd constant,
    /// so block b's duration does not depend on the blocks before it.
    #[inline(always)]
    pub(super) fn cycles_of(&self, block: u32) -> u32 {
        // `SplitMix64::new(s).next_u64()`, spelled out so that it inlines at `opt-level = "z"`.
        let s = self.seed ^ u64::from(block).wrapping_mul(BLOCK_SPREAD);
        let x = mix(s.wrapping_add(GAMMA));
        // `offset < span ≤ 2³²` fits a u32, and `min + offset ≤ max`: no overflow.
        let offset = below_span(x, self.span) as u32;
        self.min_cycles.wrapping_add(offset)
    }
}

/// `⌊x · n / 2⁶⁴⌋` for `n ≤ 2³²` (exactly [`SplitMix64::below`]'s multiply-shift) with two
/// 64-bit multiplies instead of a 128-bit product (which wasm32 has no instruction for).
/// With `x = h·2³² + l`: `x·n = 2³²·(h·n + ⌊l·n / 2³²⌋) + (l·n mod 2³²)`, and the last term
/// (< 2³²) cannot carry into bit 64, so `⌊x·n / 2⁶⁴⌋ = ⌊(h·n + ⌊l·n / 2³²⌋) / 2³²⌋`; neither
/// product nor the sum overflows (`h·n ≤ 2⁶⁴ − 2³²`).
#[inline(always)]
fn below_span(x: u64, n: u64) -> u64 {
    debug_assert!(n <= 1 << 32);
    let (h, l) = (x >> 32, x & 0xFFFF_FFFF);
    (h * n + ((l * n) >> 32)) >> 32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rng::SplitMix64;

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

    #[test]
    fn two_multiply_below_is_splitmix_below() {
        let mut r = SplitMix64::new(11);
        for n in [1u64, 2, 3, 400_001, 1 << 31, (1 << 32) - 1, 1 << 32] {
            for x in [
                0u64,
                1,
                u64::MAX,
                u64::MAX - 1,
                1 << 63,
                0xFFFF_FFFF,
                1 << 32,
            ] {
                let want = ((u128::from(x) * u128::from(n)) >> 64) as u64;
                assert_eq!(below_span(x, n), want, "x {x} n {n}");
            }
            for _ in 0..10_000 {
                let x = r.next_u64();
                let want = ((u128::from(x) * u128::from(n)) >> 64) as u64;
                assert_eq!(below_span(x, n), want, "x {x} n {n}");
            }
        }
    }

    #[test]
    fn jitter_draw_is_the_generator_draw() {
        // The draw as first written: one SplitMix64 per block, `below(span)`.
        let old = |min: u32, max: u32, seed: u64, b: u32| {
            let span = u64::from(max.saturating_sub(min)) + 1;
            let mut rng = SplitMix64::new(seed ^ u64::from(b).wrapping_mul(BLOCK_SPREAD));
            min.saturating_add(u32::try_from(rng.below(span)).unwrap_or(u32::MAX))
        };
        for (min, max, seed) in [
            (1, 1, 0),
            (50, 200, 7),
            (800_000, 1_200_000, 2),
            (1, u32::MAX, 9),
        ] {
            let d = JitterDraw::new(min, max, seed);
            for b in (0..5000).chain([u32::MAX - 1, u32::MAX]) {
                assert_eq!(
                    d.cycles_of(b),
                    old(min, max, seed, b),
                    "{min}..={max} seed {seed} block {b}"
                );
            }
        }
    }
}
