//! The exact hardware models behind every number warpscope shows.
//!
//! Pure Rust: no web crate, no clock, no unseeded randomness. Every rule cites its source
//! (`spec/hw-model.md` tags: OCC-H, PG, PTX, WP, PROBE…). Each chapter reads one module.
//!
//! | module | what it models | source |
//! |---|---|---|
//! | [`gpu_spec`] | per-GPU constants (SMs, limits, clocks, peaks, memory) | PG, OCC-H, CCCL, WP |
//! | [`hierarchy`] | grid / block / warp / lane index arithmetic (`dim3`) | PG "Thread Hierarchy" |
//! | [`occupancy`] | resident blocks per SM and the limiter | `cuda_occupancy.h` |
//! | [`dispatch`] | blocks dispatched to SMs in waves | spec §2, measured on H200 |
//! | [`scheduler`] | warp schedulers, latency hiding | course, measured on H200 |
//! | [`simt`] | active masks under divergence | PG "SIMT Architecture" |
//! | [`access`] | warp access patterns: presets and index functions → 32 lane addresses | PG, course |
//! | [`coalescing`] | lane addresses → 32-byte sectors | PG "Global Memory", ncu on H200 |
//! | [`bank_conflicts`] | lane addresses → shared-memory wavefronts | PG "Shared Memory", ncu on H200 |
//! | [`formula`] | typed element-index formulas (`lane * 33`) with C integer semantics | evalexpr parser |
//! | [`tensor_core`] | mma / wmma fragment-to-lane layouts | PTX ISA 9.7.14.5, probe on H200 |
//! | [`tensor_core_gen`] | Tensor Cores by generation: peaks from units, the PE array, `mma.m8n8k4` quad-pairs, `wgmma` | whitepapers, PTX ISA, course, H200 |
//! | [`w8a8`] | the course's INT8 W8A8 GEMV kernel | course text, measured on H200 |
//! | [`measured`] | every number measured on an H200, with its source | H200 probes, ncu |
//! | [`roofline`] | arithmetic intensity, roofs, ridge points, time bounds | Williams et al. 2009, course ch. 6 |
//! | [`quiz`] | self-check questions answered by the models | course texts |
//! | [`kernel`] | the kernel lab: a CUDA C subset parsed and run warp by warp; ncu counters per launch, line and warp | PG, spec §3–5, ncu on H200 |
//! | [`rng`] | the one seeded generator (SplitMix64) | Steele, Lea, Flood 2014 |

pub mod access;
pub mod bank_conflicts;
pub mod coalescing;
pub mod dispatch;
pub mod formula;
pub mod gpu_spec;
pub mod hierarchy;
pub mod kernel;
pub mod measured;
pub mod occupancy;
pub mod quiz;
pub mod rng;
pub mod roofline;
pub mod scheduler;
pub mod simt;
pub mod tensor_core;
pub mod tensor_core_gen;
pub mod typed;
pub mod w8a8;

pub use gpu_spec::WARP_SIZE;

/// Sorts a short slice in place, stably, by `less` (strictly less: equal items keep their
/// order). An insertion sort: O(n²), for the short lists warpscope sorts (a warp's 32 lanes, a
/// GPU's roofs, a few dozen quiz kinds). Why not `sort_by`: the standard sorts bring 3–5 KB of
/// wasm per element type and comparator (driftsort, ipnsort), into each chapter module that
/// uses one; this is a few dozen bytes per use.
pub(crate) fn sort_short_by<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod sort_tests {
    use super::sort_short_by;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        let mut rng = crate::model::rng::SplitMix64::new(7);
        for n in 0..40 {
            let v: Vec<(u64, usize)> = (0..n).map(|i| (rng.next_u64() % 5, i)).collect();
            let (mut a, mut b) = (v.clone(), v);
            sort_short_by(&mut a, |x, y| x.0 < y.0);
            b.sort_by_key(|x| x.0);
            assert_eq!(a, b);
        }
    }
}
