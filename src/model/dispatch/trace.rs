//! The schedule the simulator produced ([`Trace`]): every block's SM, slot, start and end
//! ([`BlockRecord`]), its wave ([`WaveInfo`]), and the time queries the animation scrubs through
//! (who is resident at a cycle, how many started or finished), answered from per-slot indexes.
//!
//! Length: the trace and the per-slot indexes its time queries read belong together.

use std::sync::OnceLock;

use super::*;

/// One block of the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockRecord {
    /// SM id.
    pub sm: u32,
    /// Slot (0..blocks_per_sm) on that SM.
    pub slot: u32,
    /// Start, ticks.
    pub start_cycle: u32,
    /// End (exclusive), ticks.
    pub end_cycle: u32,
}

/// One wave of the trace: blocks `first_block .. first_block + blocks` in dispatch order
/// (`full_wave_blocks` per wave; the last may be partial).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaveInfo {
    /// Index of the first block of the wave.
    pub first_block: u32,
    /// Blocks in the wave.
    pub blocks: u32,
    /// Earliest start in the wave, ticks.
    pub first_start_cycle: u32,
    /// Latest start in the wave, ticks.
    pub last_start_cycle: u32,
    /// Latest end in the wave, ticks.
    pub last_end_cycle: u32,
}

/// How the trace stores its blocks.
#[derive(Clone, Debug)]
pub(super) enum Layout {
    /// Constant durations: block `b` is in wave `b / F`, at `r = b mod F`: SM `r mod S`,
    /// slot `r / S`, start `wave × cycles` (F = slots on the GPU, S = SMs).
    Constant { cycles: u32 },
    /// One word per block, the simulator's queue key when the block took its slot:
    /// `start << 32 | slot << 16 | sm` ([`Placed`]: 4 or 8 bytes a block). Starts are
    /// non-decreasing in block id (blocks are issued in order). A block's end is
    /// `start + durations.cycles_of(b)` (saturating, as the simulator computed it), recomputed
    /// when asked rather than stored. The per-slot index is built on first use.
    Explicit {
        placed: Placed,
        durations: Durations,
        /// Longest block duration: a block resident at `t` started after `t − max_duration`.
        max_duration: u32,
        index: OnceLock<SlotIndex>,
    },
}

/// Every block's placed word (`start << 32 | slot << 16 | sm`, the slot's queue key when the
/// block took it), stored in one of two ways.
#[derive(Clone, Debug)]
pub(super) enum Placed {
    /// The words themselves, 8 bytes a block.
    Wide(Vec<u64>),
    /// 4 bytes a block, as the simulator's epochs hand them out: block `b`'s word is
    /// `(start − base) << rank_bits | slot << sm_bits | sm`, where `base` is the first tick of
    /// its run: `runs` lists `(first block, base)` in block order, the first run from block 0
    /// (`start − base < 2^(32 − rank_bits)`). `chunks[c]` is the run of block
    /// `c · 2^CHUNK_BITS`, so that finding a block's run is O(1).
    Packed {
        words: Vec<u32>,
        runs: Vec<(u32, u32)>,
        chunks: Vec<u32>,
        rank_bits: u32,
        sm_bits: u32,
    },
}

/// Blocks per entry of [`Placed::Packed`]'s `chunks`: 2^10.
const CHUNK_BITS: u32 = 10;

impl Placed {
    /// [`Placed::Packed`] from its words and runs (the first from block 0).
    pub(super) fn packed(
        words: Vec<u32>,
        runs: Vec<(u32, u32)>,
        rank_bits: u32,
        sm_bits: u32,
    ) -> Placed {
        let mut chunks = Vec::with_capacity((words.len() >> CHUNK_BITS) + 1);
        let mut r = 0;
        for c in 0..words.len().div_ceil(1 << CHUNK_BITS) {
            let b = c << CHUNK_BITS;
            while runs
                .get(r + 1)
                .is_some_and(|&(first, _)| first as usize <= b)
            {
                r += 1;
            }
            chunks.push(r as u32);
        }
        Placed::Packed {
            words,
            runs,
            chunks,
            rank_bits,
            sm_bits,
        }
    }

    /// Packed: the run of block `b` (< blocks), from its chunk's on.
    #[inline]
    fn run_of(runs: &[(u32, u32)], chunks: &[u32], b: usize) -> usize {
        let mut r = chunks.get(b >> CHUNK_BITS).map_or(0, |&r| r as usize);
        while runs
            .get(r + 1)
            .is_some_and(|&(first, _)| first as usize <= b)
        {
            r += 1;
        }
        r
    }

    /// Whether both store the same words the same way (then they hold the same words).
    fn same_storage(&self, other: &Placed) -> bool {
        match (self, other) {
            (Placed::Wide(a), Placed::Wide(b)) => a == b,
            (
                Placed::Packed {
                    words: a,
                    runs: ra,
                    rank_bits: ka,
                    sm_bits: sa,
                    ..
                },
                Placed::Packed {
                    words: b,
                    runs: rb,
                    rank_bits: kb,
                    sm_bits: sb,
                    ..
                },
            ) => (ka, sa) == (kb, sb) && ra == rb && a == b,
            _ => false,
        }
    }

    /// Blocks.
    pub(super) fn len(&self) -> usize {
        match self {
            Placed::Wide(w) => w.len(),
            Placed::Packed { words, .. } => words.len(),
        }
    }

    /// Block `b`'s word, `None` past the grid. O(1) wide; packed, its chunk's first run and then
    /// the runs that start inside that chunk (few: a run holds every block that starts within
    /// 2^(32 − rank_bits) ticks of its base).
    pub(super) fn get(&self, b: usize) -> Option<u64> {
        match self {
            Placed::Wide(w) => w.get(b).copied(),
            Placed::Packed {
                words,
                runs,
                chunks,
                ..
            } => {
                let w = *words.get(b)?;
                let base = runs.get(Placed::run_of(runs, chunks, b))?.1;
                Some(self.unpack(base, w))
            }
        }
    }

    /// A packed word with its run's base as a word.
    #[inline(always)]
    fn unpack(&self, base: u32, w: u32) -> u64 {
        let Placed::Packed {
            rank_bits, sm_bits, ..
        } = *self
        else {
            return 0;
        };
        let start = base.wrapping_add(w.checked_shr(rank_bits).unwrap_or(0));
        let rank = w & low_bits(rank_bits);
        let (slot, sm) = (rank >> sm_bits, rank & low_bits(sm_bits));
        (u64::from(start) << 32) | (u64::from(slot) << 16) | u64::from(sm)
    }

    /// The words of blocks `range` (clamped to the grid), in block order.
    pub(super) fn iter(&self, range: std::ops::Range<usize>) -> PlacedIter<'_> {
        let end = range.end.min(self.len());
        let run = match self {
            Placed::Wide(_) => 0,
            Placed::Packed { runs, chunks, .. } if range.start < end => {
                Placed::run_of(runs, chunks, range.start)
            }
            Placed::Packed { .. } => 0,
        };
        PlacedIter {
            placed: self,
            b: range.start.min(end),
            end,
            run,
        }
    }

    /// The first block whose word fails `pred`, with `pred` true then false along the blocks
    /// `0..hi` (as `slice::partition_point`).
    pub(super) fn partition_point(&self, hi: usize, pred: impl Fn(u64) -> bool) -> usize {
        let (mut lo, mut hi) = (0, hi.min(self.len()));
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.get(mid).is_some_and(&pred) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }
}

/// `2^bits − 1` for `bits ≤ 32`.
#[inline(always)]
fn low_bits(bits: u32) -> u32 {
    1u32.checked_shl(bits).map_or(u32::MAX, |x| x - 1)
}

/// [`Placed::iter`].
pub(super) struct PlacedIter<'a> {
    placed: &'a Placed,
    b: usize,
    end: usize,
    /// Packed: the run of block `b`.
    run: usize,
}

impl Iterator for PlacedIter<'_> {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.b >= self.end {
            return None;
        }
        let b = self.b;
        self.b += 1;
        match self.placed {
            Placed::Wide(w) => w.get(b).copied(),
            Placed::Packed { words, runs, .. } => {
                while runs
                    .get(self.run + 1)
                    .is_some_and(|&(first, _)| first as usize <= b)
                {
                    self.run += 1;
                }
                let base = runs.get(self.run).map_or(0, |r| r.1);
                Some(self.placed.unpack(base, *words.get(b)?))
            }
        }
    }
}

/// Start of a placed word ([`Layout::Explicit`]).
#[inline(always)]
fn start_of(p: u64) -> u32 {
    (p >> 32) as u32
}

/// Slot of a placed word.
#[inline(always)]
fn slot_of(p: u64) -> u16 {
    (p >> 16) as u16
}

/// SM of a placed word.
#[inline(always)]
fn sm_of(p: u64) -> u16 {
    p as u16
}

/// End of block `b` placed as `p` with `durations`.
#[inline(always)]
fn end_of(durations: &Durations, b: usize, p: u64) -> u32 {
    start_of(p).saturating_add(durations.cycles_of(b as u32))
}

impl PartialEq for Layout {
    fn eq(&self, other: &Self) -> bool {
        // The lazily built index is a cache of the arrays: equal blocks, equal layouts. Two
        // duration rules that give every block the same end are equal here too.
        match (self, other) {
            (Layout::Constant { cycles: a }, Layout::Constant { cycles: b }) => a == b,
            (
                Layout::Explicit {
                    placed: a,
                    durations: da,
                    ..
                },
                Layout::Explicit {
                    placed: b,
                    durations: db,
                    ..
                },
            ) => {
                a.len() == b.len()
                    && (a.same_storage(b) || a.iter(0..a.len()).eq(b.iter(0..b.len())))
                    && (da == db
                        || a.iter(0..a.len())
                            .enumerate()
                            .all(|(i, p)| end_of(da, i, p) == end_of(db, i, p)))
            }
            _ => false,
        }
    }
}

impl Eq for Layout {}

/// Blocks grouped by slot (counting sort), for O(log n) `(sm, slot, t)` queries.
#[derive(Clone, Debug)]
pub(super) struct SlotIndex {
    /// `offsets[s]..offsets[s+1]` indexes `blocks` / `starts` for slot `s = sm·bps + slot`.
    offsets: Vec<u32>,
    /// Block ids grouped by slot, each group in start order.
    blocks: Vec<u32>,
    /// Start of `blocks[i]`, contiguous per slot for cache-friendly searches.
    starts: Vec<u32>,
}

impl SlotIndex {
    fn build(n_slots: usize, bps: usize, placed: &Placed) -> SlotIndex {
        let slot_at = |p: u64| usize::from(sm_of(p)) * bps + usize::from(slot_of(p));
        let mut offsets = vec![0u32; n_slots + 1];
        for p in placed.iter(0..placed.len()) {
            if let Some(o) = offsets.get_mut(slot_at(p) + 1) {
                *o += 1;
            }
        }
        for s in 0..n_slots {
            offsets[s + 1] += offsets[s];
        }
        let mut fill = offsets.clone();
        let mut blocks = vec![0u32; placed.len()];
        let mut starts = vec![0u32; placed.len()];
        // Blocks are visited in id order = start order, so each group ends up sorted.
        for (b, p) in placed.iter(0..placed.len()).enumerate() {
            let Some(f) = fill.get_mut(slot_at(p)) else {
                continue;
            };
            let at = *f as usize;
            blocks[at] = b as u32;
            starts[at] = start_of(p);
            *f += 1;
        }
        SlotIndex {
            offsets,
            blocks,
            starts,
        }
    }
}

/// The simulated run: per block its SM, slot, start and end; the makespan; waves; and time
/// queries for the animation.
///
/// Constant-duration traces are stored in closed form (every query O(1)). Others are stored as
/// struct-of-arrays (`u16` SM and slot, `u32` start and end per block): per-frame queries
/// ([`Trace::resident_at_into`], [`Trace::started_by`], [`Trace::completed_by`]) binary-search
/// the start times and scan only the blocks that started within one maximum duration before
/// `t`, O(log n + slots · (max/min duration + 1)); per-slot queries ([`Trace::block_at`],
/// [`Trace::blocks_on_slot`]) use a per-slot index built on first use, then O(log n).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub(super) sm_count: u32,
    pub(super) blocks_per_sm: u32,
    pub(super) grid_blocks: u32,
    pub(super) makespan_cycles: u32,
    pub(super) layout: Layout,
}

impl Trace {
    /// SMs simulated.
    pub fn sm_count(&self) -> u32 {
        self.sm_count
    }

    /// Slots (resident blocks) per SM.
    pub fn blocks_per_sm(&self) -> u32 {
        self.blocks_per_sm
    }

    /// Blocks in the trace.
    pub fn block_count(&self) -> u32 {
        self.grid_blocks
    }

    /// Time the last block ends, ticks.
    pub fn makespan_cycles(&self) -> u32 {
        self.makespan_cycles
    }

    /// Blocks per full wave: `sm_count × blocks_per_sm`.
    pub fn full_wave_blocks(&self) -> u32 {
        self.sm_count * self.blocks_per_sm
    }

    /// Ids of the blocks that can be resident at `cycle`: those that started in
    /// `(cycle − max_duration, cycle]` (starts are non-decreasing in block id). Empty for a
    /// constant-duration trace (not used there).
    fn window(&self, cycle: u32) -> std::ops::Range<u32> {
        match &self.layout {
            Layout::Constant { .. } => 0..0,
            Layout::Explicit {
                placed,
                max_duration,
                ..
            } => {
                let hi = placed.partition_point(placed.len(), |p| start_of(p) <= cycle);
                let lo = placed.partition_point(hi, |p| {
                    u64::from(start_of(p)) + u64::from(*max_duration) <= u64::from(cycle)
                });
                lo as u32..hi as u32
            }
        }
    }

    /// The per-slot index (built on first use) and slot `(sm, slot)`'s range in it.
    fn slot_span(&self, sm: u32, slot: u32) -> Option<(&SlotIndex, usize, usize)> {
        let Layout::Explicit { placed, index, .. } = &self.layout else {
            return None;
        };
        if sm >= self.sm_count || slot >= self.blocks_per_sm {
            return None;
        }
        let index = index.get_or_init(|| {
            SlotIndex::build(
                self.full_wave_blocks() as usize,
                self.blocks_per_sm as usize,
                placed,
            )
        });
        let s = (sm * self.blocks_per_sm + slot) as usize;
        let lo = *index.offsets.get(s)? as usize;
        let hi = *index.offsets.get(s + 1)? as usize;
        Some((index, lo, hi))
    }

    /// Block `b`'s SM, slot, start and end; `None` past the grid.
    pub fn block(&self, b: u32) -> Option<BlockRecord> {
        if b >= self.grid_blocks {
            return None;
        }
        match &self.layout {
            Layout::Constant { cycles } => {
                let full = self.full_wave_blocks();
                let r = b % full;
                let start = (b / full).saturating_mul(*cycles);
                Some(BlockRecord {
                    sm: r % self.sm_count,
                    slot: r / self.sm_count,
                    start_cycle: start,
                    end_cycle: start.saturating_add(*cycles),
                })
            }
            Layout::Explicit {
                placed, durations, ..
            } => {
                let i = b as usize;
                let p = placed.get(i)?;
                Some(BlockRecord {
                    sm: u32::from(sm_of(p)),
                    slot: u32::from(slot_of(p)),
                    start_cycle: start_of(p),
                    end_cycle: end_of(durations, i, p),
                })
            }
        }
    }

    /// SM of every block, by block id (for comparisons with a measured trace).
    pub fn sm_of_blocks(&self) -> Vec<u32> {
        (0..self.grid_blocks)
            .map(|b| self.block(b).map_or(0, |r| r.sm))
            .collect()
    }

    /// Number of waves: `ceil(blocks / full_wave_blocks)`.
    pub fn wave_count(&self) -> u32 {
        (self.grid_blocks - 1) / self.full_wave_blocks() + 1
    }

    /// Wave index of block `b` in dispatch order (`b / full_wave_blocks`).
    pub fn wave_of_block(&self, b: u32) -> u32 {
        b / self.full_wave_blocks()
    }

    /// Figures of wave `k` (`None` past the last wave). O(1) for constant durations, O(wave
    /// size) otherwise (for the latest end).
    pub fn wave(&self, k: u32) -> Option<WaveInfo> {
        let full = self.full_wave_blocks();
        let first = k.checked_mul(full).filter(|&f| f < self.grid_blocks)?;
        let blocks = full.min(self.grid_blocks - first);
        let last = first + blocks - 1;
        // Starts are non-decreasing in block id.
        let first_start_cycle = self.block(first)?.start_cycle;
        let last_start_cycle = self.block(last)?.start_cycle;
        let last_end_cycle = match &self.layout {
            Layout::Constant { cycles } => last_start_cycle.saturating_add(*cycles),
            Layout::Explicit {
                placed, durations, ..
            } => placed
                .iter(first as usize..last as usize + 1)
                .enumerate()
                .map(|(i, p)| end_of(durations, first as usize + i, p))
                .max()
                .unwrap_or(0),
        };
        Some(WaveInfo {
            first_block: first,
            blocks,
            first_start_cycle,
            last_start_cycle,
            last_end_cycle,
        })
    }

    /// Block ids that ran on `(sm, slot)`, in start order (empty for an unknown slot).
    pub fn blocks_on_slot(&self, sm: u32, slot: u32) -> Vec<u32> {
        if sm >= self.sm_count || slot >= self.blocks_per_sm {
            return Vec::new();
        }
        match &self.layout {
            Layout::Constant { .. } => {
                let full = self.full_wave_blocks();
                let offset = slot * self.sm_count + sm;
                (0..self.wave_count())
                    .map(|w| w * full + offset)
                    .filter(|&b| b < self.grid_blocks)
                    .collect()
            }
            Layout::Explicit { .. } => {
                let Some((index, lo, hi)) = self.slot_span(sm, slot) else {
                    return Vec::new();
                };
                index
                    .blocks
                    .get(lo..hi)
                    .map(<[u32]>::to_vec)
                    .unwrap_or_default()
            }
        }
    }

    /// The block occupying `(sm, slot)` at `cycle` (a block occupies `start..end`): O(1) for
    /// constant durations, O(log blocks-on-that-slot) otherwise.
    pub fn block_at(&self, sm: u32, slot: u32, cycle: u32) -> Option<u32> {
        if sm >= self.sm_count || slot >= self.blocks_per_sm {
            return None;
        }
        match &self.layout {
            Layout::Constant { cycles } => {
                let wave = cycle / (*cycles).max(1);
                let b = u64::from(wave) * u64::from(self.full_wave_blocks())
                    + u64::from(slot * self.sm_count + sm);
                u32::try_from(b).ok().filter(|&b| b < self.grid_blocks)
            }
            Layout::Explicit {
                placed, durations, ..
            } => {
                let (index, lo, hi) = self.slot_span(sm, slot)?;
                let starts = index.starts.get(lo..hi)?;
                let i = starts.partition_point(|&t| t <= cycle).checked_sub(1)?;
                let b = *index.blocks.get(lo + i)?;
                let p = placed.get(b as usize)?;
                (cycle < end_of(durations, b as usize, p)).then_some(b)
            }
        }
    }

    /// Every slot's block at `cycle`, written into `out` (resized to `sm_count × blocks_per_sm`,
    /// index `sm × blocks_per_sm + slot`). Reuses `out`'s allocation: meant for every frame.
    pub fn resident_at_into(&self, cycle: u32, out: &mut Vec<Option<u32>>) {
        out.clear();
        match &self.layout {
            Layout::Constant { .. } => {
                for sm in 0..self.sm_count {
                    for slot in 0..self.blocks_per_sm {
                        out.push(self.block_at(sm, slot, cycle));
                    }
                }
            }
            Layout::Explicit {
                placed, durations, ..
            } => {
                out.resize(self.full_wave_blocks() as usize, None);
                let bps = self.blocks_per_sm as usize;
                let window = self.window(cycle);
                let words = placed.iter(window.start as usize..window.end as usize);
                for (b, p) in window.zip(words) {
                    let i = b as usize;
                    if cycle < end_of(durations, i, p) {
                        let at = usize::from(sm_of(p)) * bps + usize::from(slot_of(p));
                        if let Some(o) = out.get_mut(at) {
                            *o = Some(b);
                        }
                    }
                }
            }
        }
    }

    /// Every slot's block at `cycle`, index `sm × blocks_per_sm + slot`.
    pub fn resident_at(&self, cycle: u32) -> Vec<Option<u32>> {
        let mut out = Vec::with_capacity(self.full_wave_blocks() as usize);
        self.resident_at_into(cycle, &mut out);
        out
    }

    /// Blocks running on `sm` at `cycle`, by slot order.
    pub fn blocks_running_on(&self, sm: u32, cycle: u32) -> Vec<u32> {
        (0..self.blocks_per_sm)
            .filter_map(|slot| self.block_at(sm, slot, cycle))
            .collect()
    }

    /// Blocks started at or before `cycle` (O(log n): starts are non-decreasing in block id).
    pub fn started_by(&self, cycle: u32) -> u32 {
        match &self.layout {
            Layout::Constant { cycles } => {
                let waves = u64::from(cycle / (*cycles).max(1)) + 1;
                let n = waves * u64::from(self.full_wave_blocks());
                n.min(u64::from(self.grid_blocks)) as u32
            }
            Layout::Explicit { placed, .. } => {
                placed.partition_point(placed.len(), |p| start_of(p) <= cycle) as u32
            }
        }
    }

    /// Blocks finished at or before `cycle` (O(1) for constant durations; otherwise
    /// O(log n + window), see [`Trace`]).
    pub fn completed_by(&self, cycle: u32) -> u32 {
        match &self.layout {
            Layout::Constant { cycles } => {
                let waves = u64::from(cycle / (*cycles).max(1));
                let n = waves * u64::from(self.full_wave_blocks());
                n.min(u64::from(self.grid_blocks)) as u32
            }
            Layout::Explicit {
                placed, durations, ..
            } => {
                // Every block before the window has ended; blocks after it have not started.
                let window = self.window(cycle);
                let from = window.start as usize;
                let done_in_window = placed
                    .iter(from..window.end as usize)
                    .enumerate()
                    .filter(|&(i, p)| end_of(durations, from + i, p) <= cycle)
                    .count();
                window.start + done_in_window as u32
            }
        }
    }

    /// Blocks each SM ran over the whole trace, index = SM id.
    pub fn blocks_per_sm_counts(&self) -> Vec<u32> {
        match &self.layout {
            Layout::Constant { .. } => {
                let full = self.full_wave_blocks();
                let full_waves = self.grid_blocks / full;
                let tail = self.grid_blocks % full;
                (0..self.sm_count)
                    .map(|sm| {
                        full_waves * self.blocks_per_sm
                            + tail / self.sm_count
                            + u32::from(sm < tail % self.sm_count)
                    })
                    .collect()
            }
            Layout::Explicit { placed, .. } => {
                let words = placed.iter(0..placed.len());
                sm_counts(words.map(|p| u32::from(sm_of(p))), self.sm_count)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_words_read_back_across_runs_and_chunks() {
        // 3 SMs × 2 slots: 2 bits of SM, 1 of slot, 29 of time. Runs every 700 blocks, with
        // bases far apart; every block's start a few ticks past its run's base.
        let (rank_bits, sm_bits) = (3, 2);
        let n = 5000usize;
        let runs: Vec<(u32, u32)> = (0..n as u32)
            .step_by(700)
            .map(|b| (b, b * 100_003))
            .collect();
        let want: Vec<u64> = (0..n as u32)
            .map(|b| {
                let base = runs[(b / 700) as usize].1;
                let (slot, sm) = (b % 2, b % 3);
                (u64::from(base + b % 700 + 7) << 32) | u64::from(slot) << 16 | u64::from(sm)
            })
            .collect();
        let words = (0..n as u32)
            .map(|b| ((b % 700 + 7) << rank_bits) | (b % 2) << sm_bits | (b % 3))
            .collect();
        let placed = Placed::packed(words, runs, rank_bits, sm_bits);
        assert_eq!(placed.len(), n);
        for (b, &w) in want.iter().enumerate() {
            assert_eq!(placed.get(b), Some(w), "block {b}");
        }
        assert_eq!(placed.get(n), None);
        for (from, to) in [
            (0, n),
            (699, 1401),
            (1023, 1025),
            (4999, 7000),
            (3000, 3000),
        ] {
            let got: Vec<u64> = placed.iter(from..to).collect();
            assert_eq!(got, want[from.min(n)..to.min(n)], "{from}..{to}");
        }
        for cut in [0u32, 7, 700 * 100_003, 3_500_000_000, u32::MAX] {
            let at = placed.partition_point(n, |p| (p >> 32) as u32 <= cut);
            assert_eq!(
                at,
                want.partition_point(|&p| (p >> 32) as u32 <= cut),
                "{cut}"
            );
        }
    }
}
