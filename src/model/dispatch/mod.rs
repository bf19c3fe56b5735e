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

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;
use std::sync::OnceLock;

use crate::model::rng::SplitMix64;
use serde::{Deserialize, Serialize};

pub mod observed;

/// Largest grid the simulator accepts: 2^22 blocks (≈ 67 MB of trace). The UI clamps to it.
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
    fn max_cycles(&self) -> u32 {
        match self {
            Durations::Constant { cycles } => *cycles,
            Durations::Jitter { max_cycles, .. } => *max_cycles,
            Durations::PerBlock(v) => v.iter().copied().max().unwrap_or(0),
        }
    }
}

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
    /// durations run a binary-heap simulation, O(n log slots), and store per-block arrays.
    pub fn run(self) -> Trace {
        let sms = self.sm_count;
        let layout = match self.durations {
            Durations::Constant { cycles } => Layout::Constant { cycles },
            ref durations => {
                let n = self.grid_blocks as usize;
                let mut sm_of_block = Vec::with_capacity(n);
                let mut slot_of_block = Vec::with_capacity(n);
                let mut start_cycle = Vec::with_capacity(n);
                let mut end_cycle = Vec::with_capacity(n);
                // Key = free time (high 32 bits), slot (16), SM (16): the min is the policy's pick.
                let mut heap: BinaryHeap<Reverse<u64>> = (0..self.blocks_per_sm)
                    .flat_map(|slot| (0..sms).map(move |sm| Reverse(key(0, slot, sm))))
                    .collect();
                for b in 0..self.grid_blocks {
                    // Replace the minimum in place: one sift-down instead of a pop and a push.
                    let Some(mut top) = heap.peek_mut() else {
                        break;
                    };
                    let Reverse(k) = *top;
                    let start = (k >> 32) as u32;
                    let slot = ((k >> 16) & 0xFFFF) as u32;
                    let sm = (k & 0xFFFF) as u32;
                    let end = start.saturating_add(durations.cycles_of(b));
                    sm_of_block.push(sm as u16);
                    slot_of_block.push(slot as u16);
                    start_cycle.push(start);
                    end_cycle.push(end);
                    *top = Reverse(key(end, slot, sm));
                }
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
            Layout::Explicit { end_cycle, .. } => end_cycle.iter().copied().max().unwrap_or(0),
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

fn key(time: u32, slot: u32, sm: u32) -> u64 {
    (u64::from(time) << 32) | (u64::from(slot & 0xFFFF) << 16) | u64::from(sm & 0xFFFF)
}

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
enum Layout {
    /// Constant durations: block `b` is in wave `b / F`, at `r = b mod F`: SM `r mod S`,
    /// slot `r / S`, start `wave × cycles` (F = slots on the GPU, S = SMs).
    Constant { cycles: u32 },
    /// Per-block struct of arrays; the per-slot index is built on first use.
    Explicit {
        sm_of_block: Vec<u16>,
        slot_of_block: Vec<u16>,
        /// Non-decreasing in block id (blocks are issued in order).
        start_cycle: Vec<u32>,
        end_cycle: Vec<u32>,
        /// Longest block duration: a block resident at `t` started after `t − max_duration`.
        max_duration: u32,
        index: OnceLock<SlotIndex>,
    },
}

impl PartialEq for Layout {
    fn eq(&self, other: &Self) -> bool {
        // The lazily built index is a cache of the arrays: equal arrays, equal layouts.
        match (self, other) {
            (Layout::Constant { cycles: a }, Layout::Constant { cycles: b }) => a == b,
            (
                Layout::Explicit {
                    sm_of_block: a1,
                    slot_of_block: a2,
                    start_cycle: a3,
                    end_cycle: a4,
                    ..
                },
                Layout::Explicit {
                    sm_of_block: b1,
                    slot_of_block: b2,
                    start_cycle: b3,
                    end_cycle: b4,
                    ..
                },
            ) => a1 == b1 && a2 == b2 && a3 == b3 && a4 == b4,
            _ => false,
        }
    }
}

impl Eq for Layout {}

/// Blocks grouped by slot (counting sort), for O(log n) `(sm, slot, t)` queries.
#[derive(Clone, Debug)]
struct SlotIndex {
    /// `offsets[s]..offsets[s+1]` indexes `blocks` / `starts` for slot `s = sm·bps + slot`.
    offsets: Vec<u32>,
    /// Block ids grouped by slot, each group in start order.
    blocks: Vec<u32>,
    /// Start of `blocks[i]`, contiguous per slot for cache-friendly searches.
    starts: Vec<u32>,
}

impl SlotIndex {
    fn build(
        n_slots: usize,
        bps: usize,
        sm_of_block: &[u16],
        slot_of_block: &[u16],
        start_cycle: &[u32],
    ) -> SlotIndex {
        let mut offsets = vec![0u32; n_slots + 1];
        for (&sm, &slot) in sm_of_block.iter().zip(slot_of_block) {
            if let Some(o) = offsets.get_mut(usize::from(sm) * bps + usize::from(slot) + 1) {
                *o += 1;
            }
        }
        for s in 0..n_slots {
            offsets[s + 1] += offsets[s];
        }
        let mut fill = offsets.clone();
        let mut blocks = vec![0u32; sm_of_block.len()];
        let mut starts = vec![0u32; sm_of_block.len()];
        // Blocks are visited in id order = start order, so each group ends up sorted.
        for (b, ((&sm, &slot), &start)) in sm_of_block
            .iter()
            .zip(slot_of_block)
            .zip(start_cycle)
            .enumerate()
        {
            let Some(f) = fill.get_mut(usize::from(sm) * bps + usize::from(slot)) else {
                continue;
            };
            let at = *f as usize;
            blocks[at] = b as u32;
            starts[at] = start;
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
    sm_count: u32,
    blocks_per_sm: u32,
    grid_blocks: u32,
    makespan_cycles: u32,
    layout: Layout,
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
                start_cycle,
                max_duration,
                ..
            } => {
                let hi = start_cycle.partition_point(|&s| s <= cycle);
                let lo = start_cycle[..hi].partition_point(|&s| {
                    u64::from(s) + u64::from(*max_duration) <= u64::from(cycle)
                });
                lo as u32..hi as u32
            }
        }
    }

    /// The per-slot index (built on first use) and slot `(sm, slot)`'s range in it.
    fn slot_span(&self, sm: u32, slot: u32) -> Option<(&SlotIndex, usize, usize)> {
        let Layout::Explicit {
            sm_of_block,
            slot_of_block,
            start_cycle,
            index,
            ..
        } = &self.layout
        else {
            return None;
        };
        if sm >= self.sm_count || slot >= self.blocks_per_sm {
            return None;
        }
        let index = index.get_or_init(|| {
            SlotIndex::build(
                self.full_wave_blocks() as usize,
                self.blocks_per_sm as usize,
                sm_of_block,
                slot_of_block,
                start_cycle,
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
                sm_of_block,
                slot_of_block,
                start_cycle,
                end_cycle,
                ..
            } => {
                let i = b as usize;
                Some(BlockRecord {
                    sm: u32::from(*sm_of_block.get(i)?),
                    slot: u32::from(*slot_of_block.get(i)?),
                    start_cycle: *start_cycle.get(i)?,
                    end_cycle: *end_cycle.get(i)?,
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
            Layout::Explicit { end_cycle, .. } => end_cycle
                .get(first as usize..=last as usize)?
                .iter()
                .copied()
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
            Layout::Explicit { end_cycle, .. } => {
                let (index, lo, hi) = self.slot_span(sm, slot)?;
                let starts = index.starts.get(lo..hi)?;
                let i = starts.partition_point(|&t| t <= cycle).checked_sub(1)?;
                let b = *index.blocks.get(lo + i)?;
                (cycle < *end_cycle.get(b as usize)?).then_some(b)
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
                sm_of_block,
                slot_of_block,
                end_cycle,
                ..
            } => {
                out.resize(self.full_wave_blocks() as usize, None);
                let bps = self.blocks_per_sm as usize;
                for b in self.window(cycle) {
                    let i = b as usize;
                    let (Some(&sm), Some(&slot), Some(&end)) =
                        (sm_of_block.get(i), slot_of_block.get(i), end_cycle.get(i))
                    else {
                        continue;
                    };
                    if cycle < end {
                        if let Some(o) = out.get_mut(usize::from(sm) * bps + usize::from(slot)) {
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
            Layout::Explicit { start_cycle, .. } => {
                start_cycle.partition_point(|&s| s <= cycle) as u32
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
            Layout::Explicit { end_cycle, .. } => {
                // Every block before the window has ended; blocks after it have not started.
                let window = self.window(cycle);
                let done_in_window = end_cycle
                    .get(window.start as usize..window.end as usize)
                    .map_or(0, |ends| ends.iter().filter(|&&e| e <= cycle).count());
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
            Layout::Explicit { sm_of_block, .. } => {
                sm_counts(sm_of_block.iter().map(|&s| u32::from(s)), self.sm_count)
            }
        }
    }
}

/// The time queries the dispatch animation makes of a schedule, simulated ([`Trace`]) or
/// measured ([`observed::ObservedTrace`]). Times are the trace's ticks (cycles, or ns for a
/// measurement). Waves are counted in block ids: wave `k` is blocks `k·F .. (k+1)·F`,
/// `F = sm_count × blocks_per_sm` (on the H200 every such group started together).
pub trait Timeline {
    /// SMs.
    fn sm_count(&self) -> u32;
    /// Slots (resident blocks) per SM.
    fn blocks_per_sm(&self) -> u32;
    /// Blocks in the grid.
    fn block_count(&self) -> u32;
    /// Time the last block ends.
    fn makespan_cycles(&self) -> u32;
    /// Block `b`'s SM, slot, start and end; `None` past the grid.
    fn block(&self, b: u32) -> Option<BlockRecord>;
    /// Every slot's block at `t` into `out` (length `sm_count × blocks_per_sm`, index
    /// `sm × blocks_per_sm + slot`); reuses `out`'s allocation.
    fn resident_at_into(&self, t: u32, out: &mut Vec<Option<u32>>);
    /// Blocks started at or before `t`.
    fn started_by(&self, t: u32) -> u32;
    /// Blocks ended at or before `t`.
    fn completed_by(&self, t: u32) -> u32;

    /// Blocks per full wave, `sm_count × blocks_per_sm`.
    fn full_wave_blocks(&self) -> u32 {
        self.sm_count().saturating_mul(self.blocks_per_sm()).max(1)
    }
    /// Waves, `ceil(blocks / full_wave_blocks)`.
    fn wave_count(&self) -> u32 {
        self.block_count().div_ceil(self.full_wave_blocks())
    }
    /// Wave of block `b`, `b / full_wave_blocks`.
    fn wave_of_block(&self, b: u32) -> u32 {
        b / self.full_wave_blocks()
    }
    /// The newest wave with a block started by `t` (0 before any). The default assumes starts
    /// follow block ids, as the simulator's do.
    fn newest_started_wave(&self, t: u32) -> u32 {
        self.wave_of_block(self.started_by(t).saturating_sub(1))
    }
    /// Blocks resident on `sm` at `t`, by slot.
    fn blocks_running_on(&self, sm: u32, t: u32) -> Vec<u32> {
        let mut buf = Vec::new();
        self.resident_at_into(t, &mut buf);
        let bps = self.blocks_per_sm() as usize;
        buf.get(sm as usize * bps..(sm as usize + 1) * bps)
            .unwrap_or(&[])
            .iter()
            .flatten()
            .copied()
            .collect()
    }
    /// Earliest start of every wave, O(blocks).
    fn wave_first_starts(&self) -> Vec<u32> {
        let mut firsts = vec![u32::MAX; self.wave_count() as usize];
        for b in 0..self.block_count() {
            if let (Some(r), Some(f)) = (
                self.block(b),
                firsts.get_mut(self.wave_of_block(b) as usize),
            ) {
                *f = (*f).min(r.start_cycle);
            }
        }
        firsts
    }
}

impl Timeline for Trace {
    fn sm_count(&self) -> u32 {
        Trace::sm_count(self)
    }
    fn blocks_per_sm(&self) -> u32 {
        Trace::blocks_per_sm(self)
    }
    fn block_count(&self) -> u32 {
        Trace::block_count(self)
    }
    fn makespan_cycles(&self) -> u32 {
        Trace::makespan_cycles(self)
    }
    fn block(&self, b: u32) -> Option<BlockRecord> {
        Trace::block(self, b)
    }
    fn resident_at_into(&self, t: u32, out: &mut Vec<Option<u32>>) {
        Trace::resident_at_into(self, t, out)
    }
    fn started_by(&self, t: u32) -> u32 {
        Trace::started_by(self, t)
    }
    fn completed_by(&self, t: u32) -> u32 {
        Trace::completed_by(self, t)
    }
    fn full_wave_blocks(&self) -> u32 {
        Trace::full_wave_blocks(self)
    }
    fn wave_count(&self) -> u32 {
        Trace::wave_count(self)
    }
    fn wave_of_block(&self, b: u32) -> u32 {
        Trace::wave_of_block(self, b)
    }
    fn blocks_running_on(&self, sm: u32, t: u32) -> Vec<u32> {
        Trace::blocks_running_on(self, sm, t)
    }
    fn wave_first_starts(&self) -> Vec<u32> {
        // Starts follow block ids: each wave's first block starts first.
        (0..Trace::wave_count(self))
            .filter_map(|k| self.wave(k).map(|w| w.first_start_cycle))
            .collect()
    }
}

/// Per-SM block counts of a list of SM ids (ids ≥ `sm_count` are ignored).
pub fn sm_counts(sms: impl Iterator<Item = u32>, sm_count: u32) -> Vec<u32> {
    let mut counts = vec![0u32; sm_count as usize];
    for sm in sms {
        if let Some(c) = counts.get_mut(sm as usize) {
            *c += 1;
        }
    }
    counts
}

/// Histogram of per-SM counts: `(blocks on an SM, number of SMs with that many)`, ascending.
/// The H200 probe's 565 blocks at 16 per SM give `[(4, 95), (5, 37)]`.
pub fn count_histogram(counts: &[u32]) -> Vec<(u32, u32)> {
    let mut sorted = counts.to_vec();
    sorted.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for c in sorted {
        match out.last_mut() {
            Some((v, n)) if *v == c => *n += 1,
            _ => out.push((c, 1)),
        }
    }
    out
}

/// One block the model puts on another SM than the measurement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SmDifference {
    /// Block id.
    pub block: u32,
    /// SM in the model's trace.
    pub model_sm: u32,
    /// SM in the measured trace.
    pub observed_sm: u32,
}

/// Where a measured dispatch differs from the model ([`order_differences`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderComparison {
    /// Blocks present in both (the shorter length).
    pub blocks_compared: u32,
    /// Blocks on the same SM in both.
    pub same_sm: u32,
    /// Every block on a different SM, by block id.
    pub differences: Vec<SmDifference>,
    /// SMs in the order the measurement gave them their first block (the H200: 128, 129, 130,
    /// 131, 124, …, 127, then pairs 0, 1, 16, 17, 32, 33, …).
    pub observed_first_sm_order: Vec<u32>,
    /// Per-SM block counts, model.
    pub model_blocks_per_sm: Vec<u32>,
    /// Per-SM block counts, measured (ids ≥ the model's SM count ignored).
    pub observed_blocks_per_sm: Vec<u32>,
    /// True when both give the same multiset of per-SM counts (the same spread, whatever the
    /// SM numbering).
    pub same_spread: bool,
}

/// Compares the model's SM for each block with a measured one (`observed_sm_of_block[b]` =
/// `%smid` of block `b`). The model's numbering is `i mod sm_count`; real GPUs number SMs by
/// GPC/TPC, so ids differ while the spread (blocks per SM) usually agrees.
pub fn order_differences(model: &Trace, observed_sm_of_block: &[u32]) -> OrderComparison {
    let model_sms = model.sm_of_blocks();
    let n = model_sms.len().min(observed_sm_of_block.len());
    let mut differences = Vec::new();
    for (b, (&m, &o)) in model_sms.iter().zip(observed_sm_of_block).enumerate() {
        if m != o {
            differences.push(SmDifference {
                block: b as u32,
                model_sm: m,
                observed_sm: o,
            });
        }
    }
    let mut seen = vec![false; model.sm_count as usize];
    let mut observed_first_sm_order = Vec::new();
    for &o in observed_sm_of_block {
        if let Some(s) = seen.get_mut(o as usize) {
            if !*s {
                *s = true;
                observed_first_sm_order.push(o);
            }
        }
    }
    let model_blocks_per_sm = model.blocks_per_sm_counts();
    let observed_blocks_per_sm = sm_counts(observed_sm_of_block.iter().copied(), model.sm_count);
    let same_spread =
        count_histogram(&model_blocks_per_sm) == count_histogram(&observed_blocks_per_sm);
    OrderComparison {
        blocks_compared: n as u32,
        same_sm: (n - differences.len()) as u32,
        differences,
        observed_first_sm_order,
        model_blocks_per_sm,
        observed_blocks_per_sm,
        same_spread,
    }
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
    fn histogram_counts() {
        assert_eq!(count_histogram(&[5, 4, 4, 5, 4]), vec![(4, 3), (5, 2)]);
        assert!(count_histogram(&[]).is_empty());
    }
}
