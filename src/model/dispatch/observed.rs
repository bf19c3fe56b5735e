//! Block dispatch measured on a real GPU, and how it compares with the model's schedule.
//!
//! [`h200_runs`] are the six launches of the H200 probe (data in
//! [`crate::model::measured::dispatch`], [PROBE]): per block the `%smid` it ran on and its
//! `%globaltimer` start and end, relative to the earliest start. [`ObservedTrace`]
//! answers the same time queries as the simulator's [`Trace`] (through [`Timeline`]), so the
//! page can animate both side by side; [`ObservedRun::replay`] runs the model with the measured
//! per-block durations and [`ReplayComparison`] says where the two differ.
//!
//! Times here are nanoseconds. The probe's timer ticks in 32 ns steps ([`GLOBALTIMER_TICK_NS`]).

use std::fmt;

use super::{
    count_histogram, order_differences, BlockRecord, DispatchError, Durations, OrderComparison,
    Simulator, Timeline, Trace,
};

pub use crate::model::measured::dispatch::{
    h200_runs, ObservedRun, GLOBALTIMER_TICK_NS, H200_SM_COUNT,
};

impl ObservedRun {
    /// The measurement as a [`Timeline`] with `blocks_per_sm` slots per SM.
    pub fn trace(&self) -> Result<ObservedTrace, ObservedError> {
        let blocks: Vec<(u32, u32, u32)> = self.blocks().collect();
        ObservedTrace::new(H200_SM_COUNT, self.blocks_per_sm, &blocks)
    }

    /// The measurement beside the model's schedule of the same launch (132 SMs, the same blocks
    /// per SM, each block lasting exactly as long as it did on the H200), and their comparison.
    pub fn replay(&self) -> Result<Replay, ReplayError> {
        let observed = self.trace().map_err(ReplayError::Observed)?;
        // A block shorter than one tick is recorded as 0 ns; the simulator needs ≥ 1.
        let durations = self.durations_ns().into_iter().map(|d| d.max(1)).collect();
        let model = Simulator::new(
            H200_SM_COUNT,
            self.blocks_per_sm,
            u64::from(self.grid_blocks),
            Durations::PerBlock(durations),
        )
        .map_err(ReplayError::Model)?
        .run();
        let comparison = compare(&model, &observed);
        Ok(Replay {
            observed,
            model,
            comparison,
        })
    }
}

/// Why a measured trace cannot be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObservedError {
    /// No blocks.
    Empty,
    /// `blocks_per_sm` is 0.
    NoSlots,
    /// A block's SM id is not below the SM count.
    SmOutOfRange {
        /// Block id.
        block: u32,
        /// Its SM id.
        sm: u32,
    },
    /// A block ends before it starts.
    EndBeforeStart {
        /// Block id.
        block: u32,
    },
    /// More blocks overlap on one SM than it has slots (the trace contradicts the occupancy).
    MoreResidentThanSlots {
        /// SM id.
        sm: u32,
        /// The block that found no free slot.
        block: u32,
    },
}

impl fmt::Display for ObservedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObservedError::Empty => write!(f, "the trace has no blocks"),
            ObservedError::NoSlots => write!(f, "0 blocks per SM"),
            ObservedError::SmOutOfRange { block, sm } => {
                write!(f, "block {block} ran on SM {sm}, beyond the GPU's SMs")
            }
            ObservedError::EndBeforeStart { block } => {
                write!(f, "block {block} ends before it starts")
            }
            ObservedError::MoreResidentThanSlots { sm, block } => write!(
                f,
                "block {block} overlaps more blocks on SM {sm} than the occupancy allows"
            ),
        }
    }
}

impl std::error::Error for ObservedError {}

/// Why [`ObservedRun::replay`] failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The measurement is inconsistent.
    Observed(ObservedError),
    /// The simulator refused the launch.
    Model(DispatchError),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Observed(e) => write!(f, "measured trace: {e}"),
            ReplayError::Model(e) => write!(f, "model: {e}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A measured dispatch: per block its SM, a slot, start and end (ns). Slots are not measured;
/// they are assigned per SM in start order, each block to the lowest slot free at its start, so
/// blocks that overlapped in time sit in different slots.
///
/// Unlike the simulator's trace, starts need not follow block ids (on the H200 they do not
/// within a wave). Queries are O(log n) over sorted starts and ends, except
/// [`Timeline::resident_at_into`], O(n): meant for traces of a few thousand blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservedTrace {
    sm_count: u32,
    blocks_per_sm: u32,
    records: Vec<BlockRecord>,
    /// Starts, ascending.
    starts_sorted: Vec<u32>,
    /// Ends, ascending.
    ends_sorted: Vec<u32>,
    /// `newest_wave[i]`: highest wave among the first `i + 1` blocks to start.
    newest_wave: Vec<u32>,
    makespan_ns: u32,
}

impl ObservedTrace {
    /// Builds the trace from `(sm, start_ns, end_ns)` per block id. Errors: an empty list, 0
    /// slots, an SM id ≥ `sm_count`, an end before its start, or more overlapping blocks on an SM
    /// than `blocks_per_sm`.
    pub fn new(
        sm_count: u32,
        blocks_per_sm: u32,
        blocks: &[(u32, u32, u32)],
    ) -> Result<ObservedTrace, ObservedError> {
        if blocks.is_empty() {
            return Err(ObservedError::Empty);
        }
        if blocks_per_sm == 0 {
            return Err(ObservedError::NoSlots);
        }
        for (b, &(sm, start, end)) in blocks.iter().enumerate() {
            let block = b as u32;
            if sm >= sm_count {
                return Err(ObservedError::SmOutOfRange { block, sm });
            }
            if end < start {
                return Err(ObservedError::EndBeforeStart { block });
            }
        }
        let mut by_start: Vec<u32> = (0..blocks.len() as u32).collect();
        by_start.sort_by_key(|&b| (blocks[b as usize].1, b));
        // Per SM, the end of the block last placed on each slot.
        let slots = blocks_per_sm as usize;
        let mut slot_end: Vec<Option<u32>> = vec![None; sm_count as usize * slots];
        let mut slot_of = vec![0u32; blocks.len()];
        for &b in &by_start {
            let (sm, start, end) = blocks[b as usize];
            let row = &mut slot_end[sm as usize * slots..(sm as usize + 1) * slots];
            let free = row.iter().position(|e| e.is_none_or(|e| e <= start));
            let Some(slot) = free else {
                return Err(ObservedError::MoreResidentThanSlots { sm, block: b });
            };
            row[slot] = Some(end);
            slot_of[b as usize] = slot as u32;
        }
        let records: Vec<BlockRecord> = blocks
            .iter()
            .zip(&slot_of)
            .map(|(&(sm, start, end), &slot)| BlockRecord {
                sm,
                slot,
                start_cycle: start,
                end_cycle: end,
            })
            .collect();
        let full = sm_count.saturating_mul(blocks_per_sm).max(1);
        let mut newest = 0;
        let newest_wave = by_start
            .iter()
            .map(|&b| {
                newest = newest.max(b / full);
                newest
            })
            .collect();
        let mut starts_sorted: Vec<u32> = blocks.iter().map(|b| b.1).collect();
        starts_sorted.sort_unstable();
        let mut ends_sorted: Vec<u32> = blocks.iter().map(|b| b.2).collect();
        ends_sorted.sort_unstable();
        let makespan_ns = ends_sorted.last().copied().unwrap_or(0);
        Ok(ObservedTrace {
            sm_count,
            blocks_per_sm,
            records,
            starts_sorted,
            ends_sorted,
            newest_wave,
            makespan_ns,
        })
    }

    /// Median time between a block ending and the next block starting in the same slot, ns
    /// (`None` when no slot ran two blocks). The model's is 0; the H200's ≈ 290 ns.
    pub fn median_refill_gap_ns(&self) -> Option<u32> {
        let mut by_slot: Vec<&BlockRecord> = self.records.iter().collect();
        by_slot.sort_by_key(|r| (r.sm, r.slot, r.start_cycle));
        let mut gaps: Vec<u32> = by_slot
            .windows(2)
            .filter(|w| (w[0].sm, w[0].slot) == (w[1].sm, w[1].slot))
            .map(|w| w[1].start_cycle.saturating_sub(w[0].end_cycle))
            .collect();
        gaps.sort_unstable();
        gaps.get(gaps.len() / 2).copied()
    }

    /// Blocks that started before some lower-numbered block (0 for the model, whose starts
    /// follow block ids).
    pub fn out_of_order_starts(&self) -> u32 {
        let mut latest = 0;
        let mut n = 0;
        for r in &self.records {
            if r.start_cycle < latest {
                n += 1;
            }
            latest = latest.max(r.start_cycle);
        }
        n
    }
}

impl Timeline for ObservedTrace {
    fn sm_count(&self) -> u32 {
        self.sm_count
    }

    fn blocks_per_sm(&self) -> u32 {
        self.blocks_per_sm
    }

    fn block_count(&self) -> u32 {
        self.records.len() as u32
    }

    fn makespan_cycles(&self) -> u32 {
        self.makespan_ns
    }

    fn block(&self, b: u32) -> Option<BlockRecord> {
        self.records.get(b as usize).copied()
    }

    fn resident_at_into(&self, t: u32, out: &mut Vec<Option<u32>>) {
        out.clear();
        out.resize((self.sm_count * self.blocks_per_sm) as usize, None);
        for (b, r) in self.records.iter().enumerate() {
            if r.start_cycle <= t && t < r.end_cycle {
                if let Some(s) = out.get_mut((r.sm * self.blocks_per_sm + r.slot) as usize) {
                    *s = Some(b as u32);
                }
            }
        }
    }

    fn started_by(&self, t: u32) -> u32 {
        self.starts_sorted.partition_point(|&s| s <= t) as u32
    }

    fn completed_by(&self, t: u32) -> u32 {
        self.ends_sorted.partition_point(|&e| e <= t) as u32
    }

    fn newest_started_wave(&self, t: u32) -> u32 {
        let started = self.started_by(t) as usize;
        started
            .checked_sub(1)
            .and_then(|i| self.newest_wave.get(i))
            .copied()
            .unwrap_or(0)
    }
}

/// A measured launch and the model's schedule of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// What the H200 did.
    pub observed: ObservedTrace,
    /// What the model does with the same launch and the same per-block durations.
    pub model: Trace,
    /// Where they differ.
    pub comparison: ReplayComparison,
}

/// Model against measurement, in numbers the page can print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayComparison {
    /// SM of each block, first-SM order and blocks-per-SM spread ([`order_differences`]).
    pub order: OrderComparison,
    /// Blocks per SM, `(blocks, SMs with that many)`, measured.
    pub observed_histogram: Vec<(u32, u32)>,
    /// The same for the model.
    pub model_histogram: Vec<(u32, u32)>,
    /// Earliest start of each wave (blocks `k·F .. (k+1)·F`), measured, ns.
    pub observed_wave_starts_ns: Vec<u32>,
    /// The same for the model, ns.
    pub model_wave_starts_ns: Vec<u32>,
    /// Last end, measured, ns.
    pub observed_makespan_ns: u32,
    /// Last end, model, ns.
    pub model_makespan_ns: u32,
    /// Blocks that started before a lower-numbered block, measured (the model: 0).
    pub observed_out_of_order_starts: u32,
    /// Median end-to-next-start gap on a slot, measured, ns (the model: 0).
    pub observed_refill_gap_ns: Option<u32>,
}

/// Compares a model trace with a measured one of the same launch.
pub fn compare(model: &Trace, observed: &ObservedTrace) -> ReplayComparison {
    let observed_sms: Vec<u32> = (0..observed.block_count())
        .filter_map(|b| Timeline::block(observed, b).map(|r| r.sm))
        .collect();
    let order = order_differences(model, &observed_sms);
    ReplayComparison {
        observed_histogram: count_histogram(&order.observed_blocks_per_sm),
        model_histogram: count_histogram(&order.model_blocks_per_sm),
        order,
        observed_wave_starts_ns: observed.wave_first_starts(),
        model_wave_starts_ns: model.wave_first_starts(),
        observed_makespan_ns: observed.makespan_ns,
        model_makespan_ns: model.makespan_cycles(),
        observed_out_of_order_starts: observed.out_of_order_starts(),
        observed_refill_gap_ns: observed.median_refill_gap_ns(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_assigned_to_overlapping_blocks() {
        // SM 0: blocks 0 and 1 overlap, block 2 starts when 0 ends and reuses its slot.
        let t = ObservedTrace::new(2, 2, &[(0, 0, 10), (0, 5, 20), (0, 10, 30), (1, 3, 4)])
            .expect("valid");
        let slots: Vec<u32> = (0..4).filter_map(|b| t.block(b)).map(|r| r.slot).collect();
        assert_eq!(slots, vec![0, 1, 0, 0]);
        let mut buf = Vec::new();
        t.resident_at_into(10, &mut buf);
        assert_eq!(buf, vec![Some(2), Some(1), None, None]);
        assert_eq!((t.started_by(4), t.completed_by(10)), (2, 2));
        assert_eq!(t.makespan_cycles(), 30);
        assert_eq!(t.median_refill_gap_ns(), Some(0));
        assert_eq!(t.out_of_order_starts(), 1);
    }

    #[test]
    fn inconsistent_traces_are_errors() {
        assert_eq!(ObservedTrace::new(1, 1, &[]), Err(ObservedError::Empty));
        assert_eq!(
            ObservedTrace::new(1, 0, &[(0, 0, 1)]),
            Err(ObservedError::NoSlots)
        );
        assert_eq!(
            ObservedTrace::new(1, 1, &[(3, 0, 1)]),
            Err(ObservedError::SmOutOfRange { block: 0, sm: 3 })
        );
        assert_eq!(
            ObservedTrace::new(1, 1, &[(0, 5, 1)]),
            Err(ObservedError::EndBeforeStart { block: 0 })
        );
        assert_eq!(
            ObservedTrace::new(1, 1, &[(0, 0, 10), (0, 9, 12)]),
            Err(ObservedError::MoreResidentThanSlots { sm: 0, block: 1 })
        );
    }

    #[test]
    fn every_embedded_run_replays() {
        assert_eq!(h200_runs().len(), 6);
        for run in h200_runs() {
            let r = run.replay().expect(run.config);
            assert_eq!(r.observed.block_count(), run.grid_blocks, "{}", run.config);
            assert_eq!(r.model.block_count(), run.grid_blocks, "{}", run.config);
        }
    }
}
