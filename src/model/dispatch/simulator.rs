//! The deterministic block scheduler ([`Simulator`]): blocks in index order, each to the slot that
//! frees first (spec §2 "recommended model"); a closed form for constant durations and a binary
//! heap otherwise. [`Simulator::run`] produces a [`Trace`].

use super::durations::JitterDraw;
use super::trace::Layout;
use std::sync::OnceLock;

use super::*;

/// Deterministic block scheduler. Policy (spec §2 "recommended model", UNCERTAIN: the real
/// order is undocumented, see [`order_differences`]):
///
/// 1. Blocks are issued in increasing linear block index.
/// 2. Each SM has `blocks_per_sm` identical slots (the occupancy result); a block occupies one
///    slot from `start` to `end = start + duration` and never migrates.
/// 3. Each block takes the slot that becomes free first; ties (equal free times) go to the
///    lowest slot index, then the lowest SM id. At time 0 every slot is free, so the initial
///    fill is breadth-first: block `i < sm_count` lands on SM `i`, slot 0; the next `sm_count`
///    blocks on slot 1; … With constant durations every wave repeats this layout: block `i`
///    runs on SM `i mod sm_count` of its wave, starting at `wave × duration`.
///
/// Dispatch latency is zero (the H200 shows ≈ 250 ns between waves of 50.6 µs blocks).
#[derive(Clone, Debug, PartialEq)]
pub struct Simulator {
    sm_count: u32,
    blocks_per_sm: u32,
    grid_blocks: u32,
    durations: Durations,
}

impl Simulator {
    /// Validates the launch: `Err` for 0 SMs, 0 slots, an empty grid, a grid above
    /// [`MAX_SIMULATED_BLOCKS`], more than 65,535 SMs or slots per SM, zero durations, an empty
    /// jitter range, a duration list of the wrong length, or a makespan that could exceed
    /// `u32::MAX` ticks (bound: `(grid − 1) · max_duration / slots + max_duration`).
    pub fn new(
        sm_count: u32,
        blocks_per_sm: u32,
        grid_blocks: u64,
        durations: Durations,
    ) -> Result<Simulator, DispatchError> {
        waves(sm_count, blocks_per_sm, grid_blocks)?;
        if grid_blocks > MAX_SIMULATED_BLOCKS {
            return Err(DispatchError::GridTooLargeToSimulate {
                grid_blocks,
                max_blocks: MAX_SIMULATED_BLOCKS,
            });
        }
        if sm_count > u32::from(u16::MAX) || blocks_per_sm > u32::from(u16::MAX) {
            return Err(DispatchError::TooManySlots);
        }
        match &durations {
            Durations::Constant { cycles: 0 } => return Err(DispatchError::ZeroDuration),
            Durations::Jitter {
                min_cycles,
                max_cycles,
                ..
            } => {
                if min_cycles > max_cycles {
                    return Err(DispatchError::InvalidJitter {
                        min_cycles: *min_cycles,
                        max_cycles: *max_cycles,
                    });
                }
                if *min_cycles == 0 {
                    return Err(DispatchError::ZeroDuration);
                }
            }
            Durations::PerBlock(v) => {
                if v.len() as u64 != grid_blocks {
                    return Err(DispatchError::DurationCountMismatch {
                        expected: grid_blocks,
                        got: v.len() as u64,
                    });
                }
                if v.contains(&0) {
                    return Err(DispatchError::ZeroDuration);
                }
            }
            Durations::Constant { .. } => {}
        }
        let slots = u64::from(sm_count) * u64::from(blocks_per_sm);
        let max = u64::from(durations.max_cycles());
        let bound = (grid_blocks - 1) * max / slots + max;
        if bound > u64::from(u32::MAX) {
            return Err(DispatchError::TraceTooLong {
                bound_cycles: bound,
            });
        }
        Ok(Simulator {
            sm_count,
            blocks_per_sm,
            grid_blocks: u32::try_from(grid_blocks).unwrap_or(u32::MAX),
            durations,
        })
    }

    /// Runs every block to completion and returns the trace the UI scrubs.
    ///
    /// Constant durations give a closed-form trace (O(1) to build and to query); other
    /// durations run an event simulation ([`schedule`]: a calendar queue, O(1) expected per
    /// block, falling back to a tournament tree, O(log slots)) and store per-block arrays.
    pub fn run(self) -> Trace {
        let sms = self.sm_count;
        let mut makespan = 0;
        let layout = match self.durations {
            Durations::Constant { cycles } => Layout::Constant { cycles },
            ref durations => {
                let slots = used_slots(sms, self.blocks_per_sm, self.grid_blocks);
                let (grid, max) = (self.grid_blocks, durations.max_cycles());
                // The per-block duration rule is chosen once, outside the loop.
                let cols = match durations {
                    Durations::Jitter {
                        min_cycles,
                        max_cycles,
                        seed,
                    } => {
                        let jitter = JitterDraw::new(*min_cycles, *max_cycles, *seed);
                        schedule(sms, slots, grid, max, jitter)
                    }
                    other => schedule(sms, slots, grid, max, other),
                };
                makespan = cols.makespan;
                let Columns {
                    sm_of_block,
                    slot_of_block,
                    start_cycle,
                    end_cycle,
                    ..
                } = cols;
                Layout::Explicit {
                    sm_of_block,
                    slot_of_block,
                    start_cycle,
                    end_cycle,
                    max_duration: durations.max_cycles(),
                    index: OnceLock::new(),
                }
            }
        };
        let makespan_cycles = match &layout {
            Layout::Constant { cycles } => {
                let full = sms * self.blocks_per_sm;
                let waves = (self.grid_blocks - 1) / full + 1;
                waves.saturating_mul(*cycles)
            }
            Layout::Explicit { .. } => makespan,
        };
        Trace {
            sm_count: sms,
            blocks_per_sm: self.blocks_per_sm,
            grid_blocks: self.grid_blocks,
            makespan_cycles,
            layout,
        }
    }
}

/// The queue key of a slot: free time (high 32 bits), slot (16), SM (16); the minimum is the
/// policy's pick.
#[inline(always)]
fn key(time: u32, slot: u16, sm: u16) -> u64 {
    (u64::from(time) << 32) | (u64::from(slot) << 16) | u64::from(sm)
}

/// The per-block output columns of [`Simulator::run`] (struct of arrays, as [`Layout`] stores them).
struct Columns {
    sm_of_block: Vec<u16>,
    slot_of_block: Vec<u16>,
    start_cycle: Vec<u32>,
    end_cycle: Vec<u32>,
    /// The latest end.
    makespan: u32,
}

/// Slots a grid of `grid` blocks can ever use: the first `min(sms × bps, grid)` in policy
/// order (slot-major, then SM). At time 0 every slot is free with the same time, so blocks take
/// untouched slots in that order before any slot is reused (a reused slot's free time is > 0);
/// with `grid` blocks in all, the slots of rank ≥ `grid` are never chosen.
fn used_slots(sms: u32, bps: u32, grid: u32) -> u32 {
    let all = u64::from(sms) * u64::from(bps);
    u32::try_from(all.min(u64::from(grid))).unwrap_or(u32::MAX)
}

/// How long block `b` runs, ticks: [`Durations`] in general, [`JitterDraw`] for the common case
/// (a trait rather than a closure so that the draw inlines into the loop at `opt-level = "z"`).
trait BlockCycles {
    fn cycles_of(&self, block: u32) -> u32;
}

impl BlockCycles for JitterDraw {
    #[inline(always)]
    fn cycles_of(&self, block: u32) -> u32 {
        JitterDraw::cycles_of(self, block)
    }
}

impl BlockCycles for &Durations {
    #[inline(always)]
    fn cycles_of(&self, block: u32) -> u32 {
        Durations::cycles_of(self, block)
    }
}

/// "No slot" in the calendar's linked lists.
const NONE: u32 = u32::MAX;

/// The policy's simulation: block `b` (in index order) takes the slot that frees first, ties
/// to the lowest slot then the lowest SM, and holds it for `cycles_of(b)` ticks (every duration
/// in `1..=max_cycles`). A slot's rank in tie order is `slot × sms + sm`; its queue key
/// `free time << 32 | slot << 16 | sm` ([`key`]) orders slots exactly as the policy does, and
/// any exact priority queue over these keys gives the same schedule. Three phases:
///
/// 1. The first wave needs no queue: block `b < slots` takes rank `b` at time 0.
/// 2. A calendar queue (R. Brown, "Calendar queues", CACM 31(10), 1988): buckets of `2^shift`
///    ticks, about one slot per bucket, in a ring that covers the longest duration, so the
///    first non-empty bucket from the cursor holds the minimum; each bucket is a linked list
///    scanned for its minimum. O(1) expected per block.
/// 3. If the buckets crowd (many slots free at nearly the same tick: narrow jitter, tiny
///    durations) and the scans exceed a budget, the rest runs on a tournament tree
///    ([`tournament`]), O(log slots) per block whatever the durations.
///
/// The loops run in chunks of [`CHUNK`] blocks, one call each: a browser's WebAssembly engine
/// first runs a function from its quick baseline compile and swaps in optimised code only for
/// later calls (V8 has no on-stack replacement for wasm), so one call for 2^20 blocks would run
/// start to end unoptimised. Plain slices written by index throughout: with the release
/// profile's `opt-level = "z"`, `Vec::push` and `Vec` indexing stay calls; slice indexing is
/// built in.
fn schedule(
    sms: u32,
    slots: u32,
    grid: u32,
    max_cycles: u32,
    durations: impl BlockCycles,
) -> Columns {
    let n = grid as usize;
    let mut sim = Sim {
        sms,
        cols: Columns {
            sm_of_block: vec![0; n],
            slot_of_block: vec![0; n],
            start_cycle: vec![0; n],
            end_cycle: vec![0; n],
            makespan: 0,
        },
        keys: vec![0u64; slots as usize],
    };
    if slots == 0 || sms == 0 {
        return sim.cols;
    }
    // 1. The first wave.
    let first = (slots as usize).min(n);
    {
        let (mut out, keys) = sim.out();
        for (b, k) in keys.iter_mut().enumerate().take(first) {
            let (slot, sm) = ((b as u32 / sms) as u16, (b as u32 % sms) as u16);
            let end = durations.cycles_of(b as u32);
            out.put(b, slot, sm, 0, end);
            *k = key(end, slot, sm);
        }
    }
    let mut b = first;
    // 2. The calendar queue while it stays cheap.
    if b < n {
        let mut cal = Calendar::new(&sim.keys, max_cycles, n);
        while b < n && cal.budget > 0 {
            b = sim.calendar_chunk(&mut cal, b, (b + CHUNK).min(n), &durations);
        }
    }
    // 3. The tournament tree for whatever is left.
    if b < n {
        let mut tree = tournament(&sim.keys);
        while b < n {
            let to = (b + CHUNK).min(n);
            sim.tournament_chunk(&mut tree, b, to, &durations);
            b = to;
        }
    }
    sim.cols
}

/// Blocks per call of [`Sim::calendar_chunk`] / [`Sim::tournament_chunk`] (see [`schedule`]).
const CHUNK: usize = 1 << 14;

/// The simulation's output so far and every slot's current key (by rank).
struct Sim {
    sms: u32,
    cols: Columns,
    keys: Vec<u64>,
}

/// The calendar queue of [`schedule`]'s phase 2: per bucket the first slot of its list, per
/// slot the next one.
struct Calendar {
    /// Bucket width: `2^shift` ticks ≈ `max_cycles / slots`.
    shift: u32,
    /// Buckets − 1 (a power of two): enough buckets that every live key (in
    /// `[now, now + max_cycles]`) has its own bucket time modulo the ring.
    mask: u64,
    head: Vec<u32>,
    next: Vec<u32>,
    /// Absolute bucket time (`time >> shift`) of the earliest key.
    cursor: u64,
    /// Scan steps left (~8 per block and a fixed allowance); at 0, phase 3.
    budget: u64,
}

impl Calendar {
    fn new(keys: &[u64], max_cycles: u32, blocks: usize) -> Calendar {
        let slots = keys.len().max(1) as u32;
        let shift = (max_cycles / slots).max(1).ilog2();
        let buckets = ((max_cycles >> shift) as usize + 2).next_power_of_two();
        let mut cal = Calendar {
            shift,
            mask: (buckets - 1) as u64,
            head: vec![NONE; buckets],
            next: vec![NONE; keys.len()],
            cursor: 0,
            budget: 8 * blocks as u64 + 4 * buckets as u64 + 4096,
        };
        for (rank, &k) in keys.iter().enumerate() {
            let bucket = cal.bucket_of(k);
            let h = &mut cal.head[bucket];
            cal.next[rank] = *h;
            *h = rank as u32;
        }
        cal
    }

    #[inline(always)]
    fn bucket_of(&self, k: u64) -> usize {
        ((k >> (32 + self.shift)) & self.mask) as usize
    }
}

/// [`Columns`] as slices, for the loops.
struct Out<'a> {
    sm: &'a mut [u16],
    slot: &'a mut [u16],
    start: &'a mut [u32],
    end: &'a mut [u32],
    makespan: &'a mut u32,
}

impl Out<'_> {
    #[inline(always)]
    fn put(&mut self, b: usize, slot: u16, sm: u16, start: u32, end: u32) {
        self.sm[b] = sm;
        self.slot[b] = slot;
        self.start[b] = start;
        self.end[b] = end;
        if end > *self.makespan {
            *self.makespan = end;
        }
    }
}

impl Sim {
    fn out(&mut self) -> (Out<'_>, &mut [u64]) {
        let c = &mut self.cols;
        (
            Out {
                sm: c.sm_of_block.as_mut_slice(),
                slot: c.slot_of_block.as_mut_slice(),
                start: c.start_cycle.as_mut_slice(),
                end: c.end_cycle.as_mut_slice(),
                makespan: &mut c.makespan,
            },
            self.keys.as_mut_slice(),
        )
    }

    /// Blocks `from..to` on the calendar; returns the next block (< `to` if the budget ran out).
    #[inline(never)]
    fn calendar_chunk(
        &mut self,
        cal: &mut Calendar,
        from: usize,
        to: usize,
        durations: &impl BlockCycles,
    ) -> usize {
        let (mut out, keys) = self.out();
        let (head, next) = (cal.head.as_mut_slice(), cal.next.as_mut_slice());
        let (shift, mask) = (cal.shift, cal.mask);
        let bucket_of = |k: u64| ((k >> (32 + shift)) & mask) as usize;
        let (mut cursor, mut budget) = (cal.cursor, cal.budget);
        let mut b = from;
        while b < to && budget > 0 {
            // The first non-empty bucket from the cursor.
            let mut h = head[(cursor & mask) as usize];
            while h == NONE {
                cursor += 1;
                budget = budget.saturating_sub(1);
                h = head[(cursor & mask) as usize];
            }
            // Its minimum, and the list node before it.
            let (mut best, mut best_key, mut before) = (h, keys[h as usize], NONE);
            let (mut p, mut q) = (h, next[h as usize]);
            while q != NONE {
                let kq = keys[q as usize];
                if kq < best_key {
                    (best, best_key, before) = (q, kq, p);
                }
                (p, q) = (q, next[q as usize]);
                budget = budget.saturating_sub(1);
            }
            if before == NONE {
                head[(cursor & mask) as usize] = next[best as usize];
            } else {
                next[before as usize] = next[best as usize];
            }
            let start = (best_key >> 32) as u32;
            let (slot, sm) = ((best_key >> 16) as u16, best_key as u16);
            let end = start.saturating_add(durations.cycles_of(b as u32));
            let k = key(end, slot, sm);
            keys[best as usize] = k;
            let h = &mut head[bucket_of(k)];
            next[best as usize] = *h;
            *h = best;
            out.put(b, slot, sm, start, end);
            b += 1;
        }
        (cal.cursor, cal.budget) = (cursor, budget);
        b
    }

    /// Blocks `from..to` on the tournament tree `tree` ([`tournament`]).
    #[inline(never)]
    fn tournament_chunk(
        &mut self,
        tree: &mut [u64],
        from: usize,
        to: usize,
        durations: &impl BlockCycles,
    ) {
        let leaves = tree.len();
        let sms = self.sms;
        let (mut out, _) = self.out();
        for b in from..to {
            let k = tree[0];
            let start = (k >> 32) as u32;
            let (slot, sm) = ((k >> 16) as u16, k as u16);
            let end = start.saturating_add(durations.cycles_of(b as u32));
            out.put(b, slot, sm, start, end);
            // Replay the winner's matches with its new key, leaf to root.
            let mut cand = key(end, slot, sm);
            let mut node = (leaves + (u32::from(slot) * sms + u32::from(sm)) as usize) >> 1;
            while node > 0 {
                let held = tree[node];
                tree[node] = if held > cand { held } else { cand };
                cand = if held > cand { cand } else { held };
                node >>= 1;
            }
            tree[0] = cand;
        }
    }
}

/// A tournament ("loser") tree over the slots' keys (leaf = rank): `tree[1..leaves]` holds the
/// loser of the match at each internal node, `tree[0]` the winner (the minimum key); leaves
/// are padded to a power of two with `u64::MAX`, which never wins (real keys are unique and
/// smaller: an SM id is ≤ 65,534). Replacing the winner's key replays exactly ⌈log₂ slots⌉
/// compare-and-swap steps on one leaf-to-root path, with no data-dependent branches (Knuth,
/// *TAOCP* vol. 3, §5.4.1 "replacement selection"). [`schedule`] plays it.
fn tournament(keys: &[u64]) -> Vec<u64> {
    let leaves = keys.len().next_power_of_two();
    // Winners of each subtree, bottom-up; the tree keeps the losers.
    let mut winner = vec![u64::MAX; 2 * leaves];
    winner[leaves..leaves + keys.len()].copy_from_slice(keys);
    let mut tree = vec![u64::MAX; leaves];
    for node in (1..leaves).rev() {
        let (a, b) = (winner[2 * node], winner[2 * node + 1]);
        winner[node] = a.min(b);
        tree[node] = a.max(b);
    }
    tree[0] = winner[1];
    tree
}

#[cfg(test)]
mod tests {
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
            Layout::Explicit {
                sm_of_block,
                slot_of_block,
                start_cycle,
                end_cycle,
                ..
            } => (0..sm_of_block.len())
                .map(|i| {
                    (
                        sm_of_block[i],
                        slot_of_block[i],
                        start_cycle[i],
                        end_cycle[i],
                    )
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

    #[test]
    fn tournament_matches_the_heap_on_the_benchmark_launch() {
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
        // The calendar crowds mid-run and hands over to the tournament: long, varied blocks,
        // then thousands of 1-tick blocks (all slots free within a few ticks of each other).
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
        fn calendar_matches_the_heap(
            sms in 1u32..200, bps in 1u32..33, grid in 1u32..20_000,
            lo in 1u32..100_000, span in 0u32..400_000, seed in any::<u64>(),
        ) {
            let d = Durations::Jitter { min_cycles: lo, max_cycles: lo + span, seed };
            assert_matches_reference(sms, bps, grid, d);
        }

        #[test]
        fn tournament_matches_the_heap_with_wide_slots(
            sms in 1u32..70_000, bps in 1u32..4, grid in 1u32..400, seed in any::<u64>(),
        ) {
            prop_assume!(sms <= u32::from(u16::MAX));
            let d = Durations::Jitter { min_cycles: 1, max_cycles: 1 << 20, seed };
            assert_matches_reference(sms, bps, grid, d);
        }
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
}
