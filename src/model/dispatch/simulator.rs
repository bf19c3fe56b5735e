//! The deterministic block scheduler ([`Simulator`]): blocks in index order, each to the slot that
//! frees first (spec §2 "recommended model"); a closed form for constant durations and a binary
//! heap otherwise. [`Simulator::run`] produces a [`Trace`].
//!
//! Length: the event-driven simulation and its slot bookkeeping, one loop; its tests are in
//! `simulator/tests.rs`.

use super::durations::JitterDraw;
use super::trace::{Layout, Placed};
use std::hint::black_box;
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
    /// durations run an event simulation ([`schedule`]: epochs sorted once each, O(1) per
    /// block, or a tournament tree, O(log slots)) and store one word per block: 4 bytes from
    /// the epochs (their packed keys, starts relative to a run of epochs), 8 from the tree.
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
    /// Per block, its slot's queue key when it took the slot (`start << 32 | slot << 16 | sm`),
    /// in 4 bytes a block from the epochs, 8 from the tournament.
    placed: Placed,
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

/// The policy's simulation: block `b` (in index order) takes the slot that frees first, ties
/// to the lowest slot then the lowest SM, and holds it for `cycles_of(b)` ticks (every duration
/// in `min_cycles..=max_cycles`, `min_cycles ≥ 1`). A slot's rank in tie order is
/// `slot × sms + sm`; its queue key `free time << 32 | slot << 16 | sm` ([`key`]) orders slots
/// exactly as the policy does, and any exact priority queue over these keys gives the same
/// schedule: the keys taken, in block order, are the slots' free times in increasing key
/// order. Three phases:
///
/// 1. The first wave needs no queue: block `b < slots` takes rank `b` at time 0.
/// 2. Epochs ([`Epochs`]): time is cut into epochs of `2^shift ≤ min_cycles` ticks. A block
///    that takes a slot in epoch `e` frees it at least `min_cycles` later, in a later epoch:
///    when the blocks reach epoch `e`, every key it will ever hold is already there. Its keys
///    are then sorted once ([`sort_epoch`]) and handed to the next blocks
///    in that order, each block queueing its slot again in its end's epoch (one store). No
///    search and no data-dependent branch per block; O(1) per block.
/// 3. If the epochs would need too large a ring (the shortest duration far below the longest,
///    or very many slots), a tournament tree ([`tournament`]), O(log slots) per block whatever
///    the durations.
///
/// Each epoch and each chunk of [`CHUNK`] blocks on the tree is one call: a browser's
/// WebAssembly engine first runs a function from its quick baseline compile and swaps in
/// optimised code only for later calls (V8 has no on-stack replacement for wasm), so one call
/// for 2^20 blocks would run start to end unoptimised. Those functions are called through a
/// pointer that no optimiser can see through ([`black_box`]): `wasm-opt` inlines a function
/// called from one place into its caller, which made the whole simulation one call again
/// (measured in Chromium: the first run took about twice as long as the next). Plain slices written by index
/// throughout: with the release profile's `opt-level = "z"`, `Vec::push` and `Vec` indexing
/// stay calls; slice indexing is built in.
fn schedule<D: BlockCycles>(
    sms: u32,
    slots: u32,
    grid: u32,
    (min_cycles, max_cycles): (u32, u32),
    durations: D,
) -> Columns {
    let n = grid as usize;
    // 1 and 2: the first wave and epochs, when their ring is small enough.
    if let Some(epochs) = Epochs::new(slots as usize, sms, min_cycles, max_cycles) {
        return epochs.run(n, &durations);
    }
    let mut sim = Sim {
        sms,
        placed: vec![0; n],
        makespan: 0,
        keys: vec![0u64; slots as usize],
    };
    if slots == 0 || sms == 0 {
        return sim.columns();
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
    // 3. The tournament tree.
    let mut tree = tournament(&sim.keys);
    let chunk: fn(&mut Sim, &mut [u64], usize, usize, &D) = black_box(Sim::tournament_chunk);
    while b < n {
        let to = (b + CHUNK).min(n);
        chunk(&mut sim, &mut tree, b, to, &durations);
        b = to;
    }
    sim.columns()
}

/// Blocks per call of [`Sim::tournament_chunk`] (see [`schedule`]).
const CHUNK: usize = 1 << 14;

/// The simulation's output so far and every slot's current key (by rank).
struct Sim {
    sms: u32,
    /// Per block, the key of the slot it took.
    placed: Vec<u64>,
    /// The latest end so far.
    makespan: u32,
    keys: Vec<u64>,
}

/// Bits needed to write `x`: 0 for 0.
fn bits(x: u32) -> u32 {
    u32::BITS - x.leading_zeros()
}

/// [`schedule`]'s phase 2: the queued slots by the epoch (`time >> shift`) of their free time,
/// in a ring of epochs that covers the longest duration. A queued slot is one `u32`, its
/// *packed key*: `(time mod 2^shift) << rank_bits | slot << sm_bits | sm`; within an epoch,
/// packed keys order slots as [`key`] does (`shift + rank_bits ≤ 32`).
struct Epochs {
    /// Epoch width: `2^shift` ticks, ≤ the shortest duration.
    shift: u32,
    /// SMs.
    sms: u32,
    /// Bits of the SM in a packed key.
    sm_bits: u32,
    /// Bits of `slot << sm_bits | sm`.
    rank_bits: u32,
    /// Epochs in the ring − 1 (a power of two, > `max_cycles >> shift`).
    mask: u32,
    /// Slots queued (each epoch's room).
    room: usize,
    /// Epoch `i` of the ring: `ring[i × room ..][..count[i]]`, unsorted.
    ring: Vec<u32>,
    count: Vec<u32>,
    /// The epoch being handed out, sorted.
    sorted: Vec<u32>,
    /// [`sort_epoch`]'s buckets.
    hist: Vec<u32>,
    /// Absolute epoch to look at next.
    cursor: u32,
}

/// Largest ring [`Epochs`] allocates, packed keys (16 MB; only the filled part of each epoch is
/// touched).
const MAX_RING: usize = 1 << 22;

impl Epochs {
    /// `None` when the ring would be too large: more than [`MAX_RING`] keys, or many more
    /// epochs than slots (the cursor would walk mostly empty epochs).
    fn new(room: usize, sms: u32, min_cycles: u32, max_cycles: u32) -> Option<Epochs> {
        if room == 0 || sms == 0 {
            return None;
        }
        let sm_bits = bits(sms.saturating_sub(1));
        let slot_bits = bits(u32::try_from(room.saturating_sub(1)).ok()? / sms.max(1));
        let rank_bits = sm_bits + slot_bits;
        if rank_bits >= 32 {
            return None;
        }
        let shift = min_cycles.max(1).ilog2().min(32 - rank_bits);
        let epochs = ((max_cycles >> shift) as usize + 2).next_power_of_two();
        if epochs.checked_mul(room)? > MAX_RING || epochs > 4 * room + 64 {
            return None;
        }
        Some(Epochs {
            shift,
            sms,
            sm_bits,
            rank_bits,
            mask: (epochs - 1) as u32,
            room,
            ring: vec![0; epochs * room],
            count: vec![0; epochs],
            sorted: vec![0; room],
            hist: vec![0; 2 * room],
            cursor: 0,
        })
    }

    /// The whole schedule of `n` blocks: the first wave (block `b < room` takes the slot of
    /// rank `b` at time 0: slot `b / sms`, SM `b mod sms`), then one epoch per call of
    /// [`Epochs::next`]. Block words are the epochs' packed keys with their start relative to
    /// their run's first tick ([`Placed::Packed`]); a run is one or more epochs.
    fn run<D: BlockCycles>(mut self, n: usize, durations: &D) -> Columns {
        let mut out = Packed {
            words: vec![0; n],
            runs: vec![(0, 0)],
            makespan: 0,
        };
        let first = self.room.min(n);
        let sm_count = self.sms;
        for b in 0..first {
            let (slot, sm) = (b as u32 / sm_count, b as u32 % sm_count);
            let rank = slot << self.sm_bits | sm;
            let end = durations.cycles_of(b as u32);
            out.words[b] = rank;
            out.makespan = out.makespan.max(end);
            self.queue(end, rank);
        }
        let mut b = first;
        let next: fn(&mut Epochs, &mut Packed, usize, &D) -> usize = black_box(Epochs::next);
        while b < n {
            b = next(&mut self, &mut out, b, durations);
        }
        Columns {
            placed: Placed::packed(out.words, out.runs, self.rank_bits, self.sm_bits),
            makespan: out.makespan,
        }
    }

    /// Queues the slot `rank` (`slot << sm_bits | sm`) free from `time`.
    #[inline(always)]
    fn queue(&mut self, time: u32, rank: u32) {
        let i = ((time >> self.shift) & self.mask) as usize;
        let low = time & ((1u32 << self.shift) - 1);
        let c = &mut self.count[i];
        self.ring[i * self.room + *c as usize] = (low << self.rank_bits) | rank;
        *c += 1;
    }

    /// Hands the next non-empty epoch to blocks `from..` (up to the end of `out`); returns the
    /// next block. Its keys, sorted, go one per block; each block queues its slot again at its
    /// end, in a later epoch (durations ≥ `2^shift`), never in this one.
    #[inline(never)]
    fn next(&mut self, out: &mut Packed, from: usize, durations: &impl BlockCycles) -> usize {
        let mask = self.mask;
        let mut e = self.cursor;
        while self.count[(e & mask) as usize] == 0 {
            e = e.wrapping_add(1);
        }
        let i = (e & mask) as usize;
        let len = std::mem::replace(&mut self.count[i], 0) as usize;
        let at = i * self.room;
        let bits = self.shift + self.rank_bits;
        sort_epoch(
            &mut self.ring[at..at + len],
            &mut self.sorted[..len],
            &mut self.hist,
            bits,
        );
        let (shift, rank_bits) = (self.shift, self.rank_bits);
        let rank_mask = (1u32 << rank_bits) - 1;
        let (room, low_mask) = (self.room, (1u32 << shift) - 1);
        let base = e << shift;
        let (ring, count) = (self.ring.as_mut_slice(), self.count.as_mut_slice());
        let to = (from + len).min(out.words.len());
        // The epoch's blocks join the last run if their starts, less its first tick, fit the
        // word's time bits; else they start a run at the epoch's first tick.
        let run_base = out.runs.last().map_or(0, |r| r.1);
        let top = u64::from(base - run_base) + (1u64 << shift);
        let run_base = if top <= 1u64 << (32 - rank_bits) {
            run_base
        } else {
            out.runs.push((from as u32, base));
            base
        };
        let offset = (base - run_base) << rank_bits;
        let mut makespan = out.makespan;
        let blocks = out.words[from..to].iter_mut().zip(from as u32..);
        for ((word, b), &p) in blocks.zip(&self.sorted[..len]) {
            let start = base | (p >> rank_bits);
            let rank = p & rank_mask;
            let end = start.saturating_add(durations.cycles_of(b));
            *word = p + offset;
            makespan = makespan.max(end);
            let j = ((end >> shift) & mask) as usize;
            let c = &mut count[j];
            ring[j * room + *c as usize] = ((end & low_mask) << rank_bits) | rank;
            *c += 1;
        }
        out.makespan = makespan;
        self.cursor = e.wrapping_add(1);
        to
    }
}

/// Sorts an epoch's packed keys (distinct, each below `2^key_bits`) into `sorted` (same
/// length), with `hist` as scratch (≥ 2 × len entries). Free times within an epoch spread
/// evenly, so one counting pass on the top bits (one or two buckets per key) leaves the keys
/// nearly sorted, and an insertion sort moves the few left out of order: O(len). Keys bunched
/// on a few ticks (many slots freed at the same tick: equal durations) would make the
/// insertion sort quadratic; past [`MOVES_PER_KEY`] moves a key it stops, and a radix sort
/// ([`radix_sort_into`]) sorts the epoch instead.
#[inline(never)]
fn sort_epoch(keys: &mut [u32], sorted: &mut [u32], hist: &mut [u32], key_bits: u32) {
    let len = keys.len();
    if len < 2 {
        sorted.copy_from_slice(keys);
        return;
    }
    // 2^k buckets, 1 to 2 per key.
    let k = bits(len as u32).min(key_bits);
    let shift = key_bits - k;
    let hist = &mut hist[..1 << k];
    hist.fill(0);
    for &p in keys.iter() {
        hist[(p >> shift) as usize] += 1;
    }
    let mut sum = 0;
    for h in hist.iter_mut() {
        (*h, sum) = (sum, sum + *h);
    }
    for &p in keys.iter() {
        let h = &mut hist[(p >> shift) as usize];
        sorted[*h as usize] = p;
        *h += 1;
    }
    let mut budget = MOVES_PER_KEY * len;
    for i in 1..len {
        let p = sorted[i];
        if sorted[i - 1] <= p {
            continue;
        }
        let mut j = i;
        while j > 0 && sorted[j - 1] > p {
            sorted[j] = sorted[j - 1];
            j -= 1;
        }
        sorted[j] = p;
        budget = budget.saturating_sub(i - j);
        if budget == 0 {
            radix_sort_into(keys, sorted, key_bits);
            return;
        }
    }
}

/// Insertion-sort moves per key [`sort_epoch`] allows before it sorts by radix instead.
const MOVES_PER_KEY: usize = 4;

/// Sorts `keys` (each below `2^bits`) into `sorted` (same length): a least-significant-digit
/// radix sort, 8 bits a pass, the two slices taking turns as source and destination. Keys
/// are distinct, so stability does not matter; O(len + 256) per pass, no data-dependent
/// branches.
fn radix_sort_into(keys: &mut [u32], sorted: &mut [u32], bits: u32) {
    let (mut src, mut dst) = (keys, sorted);
    let passes = bits.div_ceil(8);
    for pass in 0..passes {
        let shift = 8 * pass;
        let mut at = [0u32; 256];
        for &k in src.iter() {
            at[((k >> shift) & 0xFF) as usize] += 1;
        }
        let mut sum = 0;
        for a in at.iter_mut() {
            (*a, sum) = (sum, sum + *a);
        }
        for &k in src.iter() {
            let a = &mut at[((k >> shift) & 0xFF) as usize];
            dst[*a as usize] = k;
            *a += 1;
        }
        std::mem::swap(&mut src, &mut dst);
    }
    // After an even number of passes the result is back in `keys`.
    if passes.is_multiple_of(2) {
        dst.copy_from_slice(src);
    }
}

/// [`Epochs::run`]'s output so far: per block its packed key, the runs of blocks (first block,
/// first tick of their epoch), the latest end.
struct Packed {
    words: Vec<u32>,
    runs: Vec<(u32, u32)>,
    makespan: u32,
}

/// [`Sim`]'s output as slices, for the loops.
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
        (
            Out {
                placed: self.placed.as_mut_slice(),
                makespan: &mut self.makespan,
            },
            self.keys.as_mut_slice(),
        )
    }

    /// The output, one wide word a block.
    fn columns(self) -> Columns {
        Columns {
            placed: Placed::Wide(self.placed),
            makespan: self.makespan,
        }
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
mod tests;
