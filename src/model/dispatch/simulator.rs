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
                let min = durations.min_cycles();
                // The per-block duration rule is chosen once, outside the loop.
                let cols = match durations {
                    Durations::Jitter {
                        min_cycles,
                        max_cycles,
                        seed,
                    } => {
                        let jitter = JitterDraw::new(*min_cycles, *max_cycles, *seed);
                        schedule(sms, slots, grid, (min, max), jitter)
                    }
                    other => schedule(sms, slots, grid, (min, max), other),
                };
                makespan = cols.makespan;
                Layout::Explicit {
                    placed: cols.placed,
                    max_duration: max,
                    durations: self.durations,
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

/// The per-block output of [`Simulator::run`], as [`Layout`] stores it.
struct Columns {
    /// Per block, its slot's queue key when it took the slot: `start << 32 | slot << 16 | sm`.
    placed: Vec<u64>,
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
/// in `min_cycles..=max_cycles`, `min_cycles ≥ 1`). A slot's rank in tie order is
/// `slot × sms + sm`; its queue key `free time << 32 | slot << 16 | sm` ([`key`]) orders slots
/// exactly as the policy does, and any exact priority queue over these keys gives the same
/// schedule. Three phases:
///
/// 1. The first wave needs no queue: block `b < slots` takes rank `b` at time 0.
/// 2. A calendar queue (R. Brown, "Calendar queues", CACM 31(10), 1988): buckets of `2^shift`
///    ticks, several slots per bucket, in a ring that covers the longest duration; each bucket
///    is a linked list. The bucket width is at most the shortest duration, so a block that
///    takes a slot from bucket `c` frees it in a later bucket: once the cursor reaches a
///    bucket, no key joins it. The bucket is then sorted once ([`sort_batch`]) and handed to
///    the next blocks in that order, with no search per block. O(1) expected per block plus
///    the small sorts, and few unpredictable branches (one per bucket, not per block).
/// 3. If the ring would be huge (shortest duration far below the longest) or the cursor walks
///    too many empty buckets, the rest runs on a tournament tree ([`tournament`]),
///    O(log slots) per block whatever the durations.
///
/// The loops run in chunks of [`CHUNK`] blocks, one call each: a browser's WebAssembly engine
/// first runs a function from its quick baseline compile and swaps in optimised code only for
/// later calls (V8 has no on-stack replacement for wasm), so one call for 2^20 blocks would run
/// start to end unoptimised; the first chunks are small so that little runs unoptimised. Plain
/// slices written by index throughout: with the release profile's `opt-level = "z"`,
/// `Vec::push` and `Vec` indexing stay calls; slice indexing is built in.
fn schedule(
    sms: u32,
    slots: u32,
    grid: u32,
    (min_cycles, max_cycles): (u32, u32),
    durations: impl BlockCycles,
) -> Columns {
    let n = grid as usize;
    let mut sim = Sim {
        sms,
        cols: Columns {
            placed: vec![0; n],
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
            out.put(b, key(0, slot, sm), end);
            *k = key(end, slot, sm);
        }
    }
    let mut b = first;
    // 2. The calendar queue while it stays cheap.
    if b < n {
        if let Some(mut cal) = Calendar::new(&sim.keys, sms, min_cycles, max_cycles, n) {
            let mut chunk = CHUNK >> 6;
            while b < n && cal.budget > 0 {
                b = cal.chunk(&mut sim.out().0, b, (b + chunk).min(n), &durations);
                chunk = (chunk * 4).min(CHUNK);
            }
            cal.keys_into(&mut sim.keys);
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

/// Blocks per call of [`Calendar::chunk`] / [`Sim::tournament_chunk`] (see [`schedule`]).
const CHUNK: usize = 1 << 14;

/// The simulation's output so far and every slot's current key (by rank).
struct Sim {
    sms: u32,
    cols: Columns,
    keys: Vec<u64>,
}

/// A slot in the calendar: its key and the next slot of its bucket's list (rank, or [`NONE`]),
/// side by side so that walking a list touches one cache line per slot.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    next: u32,
}

/// The calendar queue of [`schedule`]'s phase 2: per bucket the first slot of its list and a
/// bit saying it is not empty; per slot its key and the next one; the bucket under the cursor
/// when it held several keys, sorted, being handed out.
struct Calendar {
    sms: u32,
    /// Bucket width: `2^shift` ticks, ≤ the shortest duration; most buckets hold 0 or 1 key.
    shift: u32,
    /// Buckets − 1 (a power of two, ≥ 63): enough buckets that every live key (in
    /// `[now, now + max_cycles]`) has its own bucket time modulo the ring.
    mask: u64,
    head: Vec<u32>,
    /// Bit `i mod 64` of word `i / 64`: bucket `i` is not empty.
    full: Vec<u64>,
    /// By rank.
    nodes: Vec<Node>,
    /// Absolute bucket time (`time >> shift`) of the last bucket taken.
    cursor: u64,
    /// Its keys in policy order when it held several; `batch[at..]` are still queued.
    batch: Vec<u64>,
    at: usize,
    /// Empty buckets the cursor may still skip; at 0, phase 3.
    budget: u64,
}

/// Buckets per slot the calendar aims at (a power of two): with about one key per four
/// buckets, most non-empty buckets hold one key, so a block usually takes its slot with no
/// sort and no search beyond one bitmap word.
const BUCKETS_PER_SLOT: u64 = 4;

impl Calendar {
    /// `None` when the ring would be much larger than the slots (the shortest duration is far
    /// below the longest): phase 3 then does better.
    fn new(
        keys: &[u64],
        sms: u32,
        min_cycles: u32,
        max_cycles: u32,
        blocks: usize,
    ) -> Option<Calendar> {
        let slots = keys.len().max(1) as u64;
        let wide = (u64::from(max_cycles) / (BUCKETS_PER_SLOT * slots)).max(1);
        let shift = wide.ilog2().min(min_cycles.max(1).ilog2());
        let buckets = ((max_cycles >> shift) as usize + 2)
            .next_power_of_two()
            .max(64);
        if buckets as u64 > 64 * slots + 1024 {
            return None;
        }
        let mut cal = Calendar {
            sms,
            shift,
            mask: (buckets - 1) as u64,
            head: vec![NONE; buckets],
            full: vec![0; buckets / 64],
            nodes: vec![Node { key: 0, next: NONE }; keys.len()],
            cursor: 0,
            batch: Vec::new(),
            at: 0,
            budget: 8 * blocks as u64 + 4 * buckets as u64 + 4096,
        };
        for (rank, &k) in keys.iter().enumerate() {
            cal.insert(rank as u32, k);
        }
        // Start one bucket early: the first search moves to the first non-empty one.
        let first = keys.iter().min().map_or(0, |&k| k >> (32 + shift));
        cal.cursor = first.wrapping_sub(1);
        Some(cal)
    }

    /// Queues slot `rank` with key `k` (in a bucket after the cursor's).
    #[inline(always)]
    fn insert(&mut self, rank: u32, k: u64) {
        let i = ((k >> (32 + self.shift)) & self.mask) as usize;
        let h = &mut self.head[i];
        self.nodes[rank as usize] = Node { key: k, next: *h };
        *h = rank;
        self.full[i >> 6] |= 1 << (i & 63);
    }

    /// Every slot's current key, by rank (for phase 3). Keys of the batch not yet handed out
    /// are still their slots' keys.
    fn keys_into(&self, keys: &mut [u64]) {
        for (k, n) in keys.iter_mut().zip(&self.nodes) {
            *k = n.key;
        }
    }

    /// Blocks `from..to`; returns the next block (< `to` if the budget ran out). Each block
    /// takes the next key in policy order: from the batch, else from the next non-empty bucket
    /// after the cursor (found with the bitmap; sorted into the batch when it holds several),
    /// and queues its slot again at its end.
    #[inline(never)]
    fn chunk(
        &mut self,
        out: &mut Out<'_>,
        from: usize,
        to: usize,
        durations: &impl BlockCycles,
    ) -> usize {
        let (sms, shift, mask) = (self.sms, self.shift, self.mask);
        let head = self.head.as_mut_slice();
        let full = self.full.as_mut_slice();
        let nodes = self.nodes.as_mut_slice();
        let batch = &mut self.batch;
        let (mut at, mut cursor, mut budget) = (self.at, self.cursor, self.budget);
        let placed = &mut out.placed[..to];
        let mut makespan = *out.makespan;
        let mut b = from;
        while b < to {
            let k = if let Some(&k) = batch.get(at) {
                at += 1;
                k
            } else {
                // The next non-empty bucket, a bitmap word at a time.
                let mut c = cursor.wrapping_add(1);
                let i = loop {
                    let i = (c & mask) as usize;
                    let word = full[i >> 6] >> (i & 63);
                    if word != 0 {
                        let skip = word.trailing_zeros();
                        c = c.wrapping_add(u64::from(skip));
                        break i + skip as usize;
                    }
                    let skip = 64 - (i & 63) as u64;
                    if budget < skip {
                        budget = 0;
                        break usize::MAX;
                    }
                    budget -= skip;
                    c = c.wrapping_add(skip);
                };
                if i == usize::MAX {
                    break;
                }
                cursor = c;
                full[i >> 6] &= !(1u64 << (i & 63));
                let h = std::mem::replace(&mut head[i], NONE);
                let node = nodes[h as usize];
                if node.next == NONE {
                    node.key
                } else {
                    gather(batch, nodes, node);
                    at = 1;
                    batch[0]
                }
            };
            let start = (k >> 32) as u32;
            let end = start.saturating_add(durations.cycles_of(b as u32));
            let (slot, sm) = ((k >> 16) as u16, k as u16);
            let rank = u32::from(slot) * sms + u32::from(sm);
            let nk = key(end, slot, sm);
            let i = ((nk >> (32 + shift)) & mask) as usize;
            nodes[rank as usize] = Node {
                key: nk,
                next: head[i],
            };
            head[i] = rank;
            full[i >> 6] |= 1u64 << (i & 63);
            placed[b] = k;
            makespan = makespan.max(end);
            b += 1;
        }
        (self.at, self.cursor, self.budget) = (at, cursor, budget);
        *out.makespan = makespan;
        b
    }
}

/// A bucket of several keys, from its first node, into `batch`, sorted.
#[inline(never)]
fn gather(batch: &mut Vec<u64>, nodes: &[Node], first: Node) {
    batch.clear();
    batch.push(first.key);
    let mut h = first.next;
    while h != NONE {
        let node = nodes[h as usize];
        batch.push(node.key);
        h = node.next;
    }
    sort_batch(batch);
}

/// Sorts a bucket's keys (distinct). Small buckets, the common case, by counting for each key
/// how many are smaller, over a fixed 16 keys padded with `u64::MAX` (which is never smaller:
/// no data-dependent branches, fixed trip counts); large ones by the library sort.
#[inline(always)]
fn sort_batch(batch: &mut [u64]) {
    const SMALL: usize = 16;
    let n = batch.len();
    if n > SMALL {
        batch.sort_unstable();
        return;
    }
    let mut src = [u64::MAX; SMALL];
    src[..n].copy_from_slice(batch);
    for &k in &src[..n] {
        let mut smaller = 0;
        for &j in &src {
            smaller += usize::from(j < k);
        }
        batch[smaller] = k;
    }
}

/// [`Columns`] as slices, for the loops.
struct Out<'a> {
    placed: &'a mut [u64],
    makespan: &'a mut u32,
}

impl Out<'_> {
    /// Block `b` took the slot whose key was `placed` and holds it until `end`.
    #[inline(always)]
    fn put(&mut self, b: usize, placed: u64, end: u32) {
        self.placed[b] = placed;
        *self.makespan = (*self.makespan).max(end);
    }
}

impl Sim {
    fn out(&mut self) -> (Out<'_>, &mut [u64]) {
        let c = &mut self.cols;
        (
            Out {
                placed: c.placed.as_mut_slice(),
                makespan: &mut c.makespan,
            },
            self.keys.as_mut_slice(),
        )
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
            out.put(b, k, end);
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
    fn the_calendar_hands_over_to_the_tournament_mid_run() {
        // One slot, a first block of 1 tick and then 1,000-tick blocks: a ring of 1,024
        // one-tick buckets that the cursor crosses almost whole for every block.
        let per_block = (0..5000u32)
            .map(|b| if b == 0 { 1 } else { 1000 })
            .collect();
        assert_matches_reference(1, 1, 5000, Durations::PerBlock(per_block));
        let per_block: Vec<u32> = (0..5000u32).map(|b| 1 + (b * 7919) % 1000).collect();
        assert_matches_reference(1, 1, 5000, Durations::PerBlock(per_block.clone()));
        assert_queries_match_reference(1, 1, 300, Durations::PerBlock(per_block[..300].to_vec()));
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

        #[test]
        fn calendar_falls_back_to_the_tournament(
            sms in 1u32..4, bps in 1u32..3, grid in 1u32..3000,
            lo in 1u32..20, span in 0u32..2000, seed in any::<u64>(),
        ) {
            // Few slots, a ring of ~`span` one-tick buckets: the cursor skips so many empty
            // buckets per block that the budget runs out mid-run.
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
