//! [`Timeline`]: the time queries the dispatch animation makes of a schedule, shared by the
//! simulated [`Trace`] and the measured [`observed::ObservedTrace`], so the page animates both
//! the same way.

use super::*;

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
