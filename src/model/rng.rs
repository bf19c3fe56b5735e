//! The one seeded pseudo-random generator of warpscope: SplitMix64.
//!
//! Everything "random" on the site (block durations with jitter, shuffled lane permutations,
//! seeded lane data, example matrices, later quiz parameters) comes from here, so the same seed
//! gives the same numbers on every platform and in every build. Nothing here reads a clock or
//! an OS entropy source (STYLE.md §2: no unseeded RNG).
//!
//! [`SplitMix64`] adds the golden-ratio increment [`GAMMA`] to a 64-bit state and passes the
//! state through the [`mix`] finaliser (variant 13 of Stafford's MurmurHash3 mixer). It is fast,
//! passes BigCrush, and its `n`-th output is a pure function of `(seed, n)` ([`SplitMix64::nth`]),
//! which lets a model hash an index without carrying a generator around.
//! Source: G. L. Steele, D. Lea, C. H. Flood, "Fast Splittable Pseudorandom Number Generators",
//! OOPSLA 2014; reference code `splitmix64.c` by S. Vigna (prng.di.unimi.it).

/// The state increment of SplitMix64: 2⁶⁴ / φ, rounded to an odd integer (Steele et al. 2014).
pub const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 output finaliser: a bijective, well-avalanched 64-bit hash of `z`
/// (Stafford's "Mix13" constants). `mix(0) == 0`; add something first if that matters.
#[inline(always)]
pub const fn mix(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seeded SplitMix64 generator. Plain data: clone it to replay a sequence, compare two
/// generators with `==` (equal states give equal futures).
///
/// ```
/// use warpscope::model::rng::SplitMix64;
/// let mut a = SplitMix64::new(42);
/// let mut b = a.clone();
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// let x = a.f64_in(-1.0, 1.0);
/// assert!((-1.0..1.0).contains(&x));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    /// The 64-bit state; it advances by [`GAMMA`] per draw.
    state: u64,
}

impl SplitMix64 {
    /// A generator whose first draw is `mix(seed + GAMMA)`. Every seed, 0 included, is fine.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The `index`-th draw (0-based) of `SplitMix64::new(seed)`, without drawing the ones
    /// before it: a stateless, well-mixed hash of `(seed, index)`.
    pub const fn nth(seed: u64, index: u64) -> u64 {
        mix(seed.wrapping_add(index.wrapping_add(1).wrapping_mul(GAMMA)))
    }

    /// The next 64 uniformly distributed bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix(self.state)
    }

    /// The next 32 bits (the high half of [`SplitMix64::next_u64`]).
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    /// A number in `0..n` by multiply-shift (`⌊x · n / 2⁶⁴⌋`: no division, bias below
    /// n / 2⁶⁴). Returns 0 for `n == 0` rather than panicking.
    pub fn below(&mut self, n: u64) -> u64 {
        let x = self.next_u64();
        ((u128::from(x) * u128::from(n)) >> 64) as u64
    }

    /// A number in `lo..=hi` (the bounds are swapped if `lo > hi`).
    pub fn range_inclusive(&mut self, lo: u64, hi: u64) -> u64 {
        let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
        match (hi - lo).checked_add(1) {
            Some(span) => lo + self.below(span),
            // lo = 0, hi = u64::MAX: every value is allowed.
            None => self.next_u64(),
        }
    }

    /// A uniformly chosen element of `items`, or `None` if it is empty.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        let i = self.below(items.len() as u64);
        items.get(usize::try_from(i).ok()?)
    }

    /// A float in `[0, 1)` with 53 random bits (every multiple of 2⁻⁵³ equally likely).
    pub fn unit_f64(&mut self) -> f64 {
        // 2⁻⁵³: the top 53 bits are the mantissa's worth of randomness.
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A float in `[lo, hi)` (in `[hi, lo)` if `hi < lo`; `lo` if they are equal).
    pub fn f64_in(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit_f64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_splitmix64() {
        // First outputs of Vigna's splitmix64.c seeded with 0 and 1234567.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn nth_is_the_nth_draw() {
        let mut r = SplitMix64::new(0x5eed);
        for i in 0..20 {
            assert_eq!(SplitMix64::nth(0x5eed, i), r.next_u64());
        }
    }

    #[test]
    fn same_seed_same_sequence_and_clone_replays() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        assert_eq!(a, b);
        let _ = a.next_u64();
        let mut c = a.clone();
        assert_ne!(a, b);
        let _ = b.next_u64();
        assert_eq!(a, b);
        assert_eq!(a.next_u64(), c.next_u64());
        assert_ne!(SplitMix64::new(7).next_u64(), SplitMix64::new(8).next_u64());
    }

    #[test]
    fn bounded_draws_stay_in_range() {
        let mut r = SplitMix64::new(3);
        assert_eq!(r.below(0), 0);
        assert_eq!(r.below(1), 0);
        let mut seen = [false; 6];
        for _ in 0..1000 {
            let v = r.below(6);
            assert!(v < 6);
            seen[v as usize] = true;
            let w = r.range_inclusive(10, 12);
            assert!((10..=12).contains(&w));
            assert!((10..=12).contains(&r.range_inclusive(12, 10)));
            let u = r.unit_f64();
            assert!((0.0..1.0).contains(&u));
            let x = r.f64_in(-1.0, 1.0);
            assert!((-1.0..1.0).contains(&x));
        }
        assert!(seen.iter().all(|&s| s), "every face of a die shows up");
        assert_eq!(r.range_inclusive(5, 5), 5);
        let _ = r.range_inclusive(0, u64::MAX);
        assert_eq!(r.choose::<u8>(&[]), None);
        assert_eq!(r.choose(&[9]), Some(&9));
    }

    #[test]
    fn mix_is_the_finaliser() {
        assert_eq!(mix(0), 0);
        assert_eq!(SplitMix64::new(0).next_u64(), mix(GAMMA));
    }
}
