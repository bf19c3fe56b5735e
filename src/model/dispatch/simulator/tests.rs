//! The dispatch simulator against hand-worked schedules and its invariants.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;
use proptest::prelude::*;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The simulator as first written (a binary heap of every slot, sift-down per block): the
/// reference the tournament tree must reproduce exactly. Returns `(sm, slot, start, end)`
/// per block.
fn reference_schedule(
    sms: u32,
    bps: u32,
    grid: u32,
    durations: &Durations,
) -> Vec<(u16, u16, u32, u32)> {
    let mut heap: BinaryHeap<Reverse<u64>> = (0..bps)
        .flat_map(|slot| (0..sms).map(move |sm| Reverse(key(0, slot as u16, sm as u16))))
        .collect();
    let mut out = Vec::with_capacity(grid as usize);
    for b in 0..grid {
        let Some(mut top) = heap.peek_mut() else {
            break;
        };
        let Reverse(k) = *top;
        let start = (k >> 32) as u32;
        let slot = ((k >> 16) & 0xFFFF) as u16;
        let sm = (k & 0xFFFF) as u16;
        let end = start.saturating_add(durations.cycles_of(b));
        out.push((sm, slot, start, end));
        *top = Reverse(key(end, slot, sm));
    }
    out
}

fn columns_of(t: &Trace) -> Vec<(u16, u16, u32, u32)> {
    match &t.layout {
        Layout::Explicit { .. } => (0..t.block_count())
            .map(|b| {
                let r = t.block(b).expect("in the grid");
                (r.sm as u16, r.slot as u16, r.start_cycle, r.end_cycle)
            })
            .collect(),
        Layout::Constant { .. } => Vec::new(),
    }
}

fn assert_matches_reference(sms: u32, bps: u32, grid: u32, d: Durations) {
    let want = reference_schedule(sms, bps, grid, &d);
    let t = Simulator::new(sms, bps, u64::from(grid), d)
        .expect("valid")
        .run();
    let got = columns_of(&t);
    assert_eq!(got.len(), want.len(), "{sms} SMs × {bps}, grid {grid}");
    if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
        panic!(
            "{sms} SMs × {bps}, grid {grid}: block {i} is {:?}, reference {:?}",
            got[i], want[i]
        );
    }
    let makespan = want.iter().map(|r| r.3).max().unwrap_or(0);
    assert_eq!(t.makespan_cycles(), makespan);
}

/// Every query the UI makes on a trace, against plain scans of the reference schedule.
fn assert_queries_match_reference(sms: u32, bps: u32, grid: u32, d: Durations) {
    let want = reference_schedule(sms, bps, grid, &d);
    let t = Simulator::new(sms, bps, u64::from(grid), d)
        .expect("valid")
        .run();
    let makespan = want.iter().map(|r| r.3).max().unwrap_or(0);
    assert_eq!(t.makespan_cycles(), makespan);
    for (b, &(sm, slot, start, end)) in want.iter().enumerate() {
        let r = t.block(b as u32).expect("in the grid");
        assert_eq!(
            (r.sm, r.slot, r.start_cycle, r.end_cycle),
            (u32::from(sm), u32::from(slot), start, end)
        );
    }
    assert_eq!(t.block(grid), None);
    let full = (sms * bps) as usize;
    for (k, wave) in want.chunks(full).enumerate() {
        let w = t.wave(k as u32).expect("a wave");
        assert_eq!(
            w.last_end_cycle,
            wave.iter().map(|r| r.3).max().unwrap_or(0)
        );
        assert_eq!(w.first_start_cycle, wave[0].2);
        assert_eq!(w.last_start_cycle, wave[wave.len() - 1].2);
    }
    let mut resident = Vec::new();
    for c in 0..=makespan + 1 {
        let started = want.iter().filter(|r| r.2 <= c).count() as u32;
        let completed = want.iter().filter(|r| r.3 <= c).count() as u32;
        assert_eq!(t.started_by(c), started, "started by {c}");
        assert_eq!(t.completed_by(c), completed, "completed by {c}");
        t.resident_at_into(c, &mut resident);
        assert_eq!(resident.len(), full);
        for sm in 0..sms {
            for slot in 0..bps {
                let on = want.iter().position(|r| {
                    (u32::from(r.0), u32::from(r.1)) == (sm, slot) && r.2 <= c && c < r.3
                });
                let on = on.map(|b| b as u32);
                assert_eq!(
                    resident[(sm * bps + slot) as usize],
                    on,
                    "({sm}, {slot}) at {c}"
                );
                assert_eq!(t.block_at(sm, slot, c), on, "({sm}, {slot}) at {c}");
            }
        }
    }
    for sm in 0..sms {
        for slot in 0..bps {
            let on: Vec<u32> = (0..grid)
                .filter(|&b| {
                    let r = want[b as usize];
                    (u32::from(r.0), u32::from(r.1)) == (sm, slot)
                })
                .collect();
            assert_eq!(t.blocks_on_slot(sm, slot), on);
        }
    }
    let counts = (0..sms)
        .map(|sm| want.iter().filter(|r| u32::from(r.0) == sm).count() as u32)
        .collect::<Vec<_>>();
    assert_eq!(t.blocks_per_sm_counts(), counts);
}

#[test]
fn one_slot_with_a_wide_duration_range_runs_on_the_tournament() {
    // One slot, a first block of 1 tick and then 1,000-tick blocks: 1-tick epochs would
    // need a ring of 1,024 for one slot, so the tournament tree runs it.
    let per_block = (0..5000u32)
        .map(|b| if b == 0 { 1 } else { 1000 })
        .collect();
    assert_matches_reference(1, 1, 5000, Durations::PerBlock(per_block));
    let per_block: Vec<u32> = (0..5000u32).map(|b| 1 + (b * 7919) % 1000).collect();
    assert_matches_reference(1, 1, 5000, Durations::PerBlock(per_block.clone()));
    assert_queries_match_reference(1, 1, 300, Durations::PerBlock(per_block[..300].to_vec()));
}

#[test]
fn matches_the_heap_on_the_benchmark_launch() {
    // H100 (132 SMs) × 32 slots, 2^16 blocks of 1 M ± 20 % ticks (the benchmark's shape).
    let d = Durations::Jitter {
        min_cycles: 800_000,
        max_cycles: 1_200_000,
        seed: 2,
    };
    assert_matches_reference(132, 32, 1 << 16, d);
    // Many ties: durations of 1–3 ticks.
    let d = Durations::Jitter {
        min_cycles: 1,
        max_cycles: 3,
        seed: 5,
    };
    assert_matches_reference(132, 32, 1 << 15, d);
    // Long, varied blocks, then thousands of 1-tick blocks (all slots free within a few
    // ticks of each other; 1-tick epochs, a ring too large: the tournament).
    let j = Durations::Jitter {
        min_cycles: 1_000,
        max_cycles: 90_000,
        seed: 3,
    };
    let per_block = (0..40_000u32)
        .map(|b| {
            if b < 20_000 {
                j.cycles_of(b)
            } else {
                1 + b % 2
            }
        })
        .collect();
    assert_matches_reference(132, 32, 40_000, Durations::PerBlock(per_block));
    // One slot, one SM; more slots than blocks.
    assert_matches_reference(1, 1, 500, j.clone());
    assert_matches_reference(144, 32, 3000, j);
}

#[test]
fn the_chapter_launches_run_on_epochs() {
    // H100 × 32 slots, 1 M ticks ± 5..=95 % (the chapter's jitter range): the fast path.
    for jit in (5..=95).step_by(5) {
        let spread = 10_000 * jit;
        let e = Epochs::new(132 * 32, 132, 1_000_000 - spread, 1_000_000 + spread);
        assert!(e.is_some(), "± {jit} %");
    }
}

#[test]
fn epochs_match_the_heap_with_ties_and_narrow_epochs() {
    // Every slot free at the same tick, wave after wave: whole epochs of equal times,
    // sorted by slot and SM alone.
    assert_matches_reference(132, 32, 50_000, Durations::PerBlock(vec![10; 50_000]));
    assert_matches_reference(132, 32, 50_000, Durations::PerBlock(vec![1; 50_000]));
    // 4,000 SMs × 16 slots: 16 bits of slot and SM leave 16 for the time within an epoch,
    // so the epochs are narrower than the shortest block (2^16 < 2^18).
    let d = Durations::Jitter {
        min_cycles: 1 << 18,
        max_cycles: (1 << 18) + 70_000,
        seed: 9,
    };
    assert_matches_reference(4000, 16, 200_000, d);
    // The shortest duration exactly a power of two, no jitter beyond it; one SM.
    let d = Durations::Jitter {
        min_cycles: 1 << 10,
        max_cycles: 1 << 11,
        seed: 4,
    };
    assert_matches_reference(1, 7, 20_000, d.clone());
    assert_matches_reference(5, 1, 20_000, d);
    assert_queries_match_reference(
        3,
        2,
        300,
        Durations::Jitter {
            min_cycles: 16,
            max_cycles: 40,
            seed: 1,
        },
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn tournament_matches_the_heap(
        sms in 1u32..40, bps in 1u32..40, grid in 1u32..3000,
        lo in 1u32..50, span in 0u32..60, seed in any::<u64>(), per_block in any::<bool>(),
    ) {
        let d = if per_block {
            let j = Durations::Jitter { min_cycles: lo, max_cycles: lo + span, seed };
            Durations::PerBlock((0..grid).map(|b| j.cycles_of(b)).collect())
        } else {
            Durations::Jitter { min_cycles: lo, max_cycles: lo + span, seed }
        };
        assert_matches_reference(sms, bps, grid, d);
    }

    #[test]
    fn epochs_match_the_heap(
        sms in 1u32..200, bps in 1u32..33, grid in 1u32..20_000,
        lo in 1u32..100_000, span in 0u32..400_000, seed in any::<u64>(),
    ) {
        let d = Durations::Jitter { min_cycles: lo, max_cycles: lo + span, seed };
        // Few slots and long blocks can exceed the u32 makespan bound (an error, not run).
        prop_assume!(Simulator::new(sms, bps, u64::from(grid), d.clone()).is_ok());
        assert_matches_reference(sms, bps, grid, d);
    }

    #[test]
    fn epoch_sorts_sort(
        keys in proptest::collection::hash_set(any::<u32>(), 0..3000),
        bits in 0u32..=32, bunched in any::<bool>(),
    ) {
        // `bunched`: a few "ticks" in the top bits, many "slots" below (the radix path).
        let mask = if bits == 32 { u32::MAX } else { (1u32 << bits) - 1 };
        let keys: std::collections::BTreeSet<u32> = keys
            .into_iter()
            .map(|k| if bunched && bits >= 14 { (k >> 30) << (bits - 2) | (k & 0xFFF) } else { k & mask })
            .collect();
        let want: Vec<u32> = keys.into_iter().collect();
        let mut input = want.clone();
        input.reverse();
        let third = input.len() / 3;
        input.rotate_left(third);
        let mut got = vec![0; input.len()];
        let mut hist = vec![0; 2 * input.len()];
        sort_epoch(&mut input.clone(), &mut got, &mut hist, bits);
        prop_assert_eq!(&got, &want);
        radix_sort_into(&mut input, &mut got, bits);
        prop_assert_eq!(&got, &want);
    }

    #[test]
    fn tournament_matches_the_heap_with_wide_slots(
        sms in 1u32..70_000, bps in 1u32..4, grid in 1u32..400, seed in any::<u64>(),
    ) {
        prop_assume!(sms <= u32::from(u16::MAX));
        let d = Durations::Jitter { min_cycles: 1, max_cycles: 1 << 20, seed };
        assert_matches_reference(sms, bps, grid, d);
    }

    #[test]
    fn few_slots_and_wide_ranges_match_the_heap(
        sms in 1u32..4, bps in 1u32..3, grid in 1u32..3000,
        lo in 1u32..20, span in 0u32..2000, seed in any::<u64>(),
    ) {
        // Few slots, a ring of ~`span` short epochs: the tournament unless `lo` is near
        // `span`.
        let d = Durations::Jitter { min_cycles: lo, max_cycles: lo + span, seed };
        assert_matches_reference(sms, bps, grid, d);
    }

    #[test]
    fn trace_queries_match_the_reference(
        sms in 1u32..12, bps in 1u32..6, grid in 1u32..600,
        lo in 1u32..40, span in 0u32..80, seed in any::<u64>(), per_block in any::<bool>(),
    ) {
        let j = Durations::Jitter { min_cycles: lo, max_cycles: lo + span, seed };
        let d = if per_block {
            Durations::PerBlock((0..grid).map(|b| j.cycles_of(b)).collect())
        } else {
            j
        };
        assert_queries_match_reference(sms, bps, grid, d);
    }
}

#[test]
fn equal_launches_give_equal_traces() {
    let run = |seed| {
        let d = Durations::Jitter {
            min_cycles: 800,
            max_cycles: 1200,
            seed,
        };
        Simulator::new(132, 32, 50_000, d).expect("valid").run()
    };
    assert_eq!(run(1), run(1));
    assert_ne!(run(1), run(2));
}

#[test]
fn heap_matches_closed_form() {
    for (sms, bps, grid) in [(3u32, 2u32, 20u64), (4, 1, 9), (5, 3, 15), (7, 4, 1)] {
        let closed = Simulator::new(sms, bps, grid, Durations::Constant { cycles: 10 })
            .expect("valid")
            .run();
        let heap = Simulator::new(sms, bps, grid, Durations::PerBlock(vec![10; grid as usize]))
            .expect("valid")
            .run();
        let ctx = format!("{sms} SMs × {bps}, grid {grid}");
        for b in 0..grid as u32 + 1 {
            assert_eq!(closed.block(b), heap.block(b), "{ctx}: block {b}");
            assert_eq!(closed.wave(b), heap.wave(b), "{ctx}: wave {b}");
        }
        assert_eq!(closed.makespan_cycles(), heap.makespan_cycles(), "{ctx}");
        assert_eq!(closed.wave_count(), heap.wave_count(), "{ctx}");
        assert_eq!(
            closed.blocks_per_sm_counts(),
            heap.blocks_per_sm_counts(),
            "{ctx}"
        );
        for cycle in 0..=closed.makespan_cycles() + 1 {
            assert_eq!(
                closed.resident_at(cycle),
                heap.resident_at(cycle),
                "{ctx} @{cycle}"
            );
            assert_eq!(
                closed.started_by(cycle),
                heap.started_by(cycle),
                "{ctx} @{cycle}"
            );
            assert_eq!(
                closed.completed_by(cycle),
                heap.completed_by(cycle),
                "{ctx} @{cycle}"
            );
        }
        for sm in 0..sms {
            for slot in 0..bps {
                assert_eq!(
                    closed.blocks_on_slot(sm, slot),
                    heap.blocks_on_slot(sm, slot)
                );
            }
        }
    }
}
