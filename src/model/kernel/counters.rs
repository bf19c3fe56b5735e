//! What a launch counts: the Nsight Compute counters per launch, per source line and per warp,
//! and the two per-instruction models they come from.
//!
//! For each warp-level memory instruction with at least one active lane, the lab builds the 32
//! lane addresses and counts with the models of spec §4–5 ([`crate::model::coalescing`] and
//! [`crate::model::bank_conflicts`]). [`global_sectors`] and [`shared_wavefronts`] are allocation-
//! free versions of those two functions' counts, tested equal to them on random accesses, so a
//! 2^20-thread launch stays fast; [`super::trace_warp`] returns the addresses for the figures,
//! which call the full models.

use serde::{Deserialize, Serialize};

use crate::model::bank_conflicts::{BANKS, BANK_WIDTH_BYTES, WAVEFRONT_BYTES};
use crate::model::coalescing::SECTOR_BYTES;

/// Global-memory counters: ncu `l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}.sum` and
/// `l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GlobalCounters {
    /// One per warp-level instruction with an active lane (measured on an H200: every width).
    pub requests: u64,
    /// Distinct 32-byte sectors per instruction, summed.
    pub sectors: u64,
}

/// Shared-memory counters: ncu `smsp__sass_inst_executed_op_shared_{ld,st}.sum` and
/// `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SharedCounters {
    /// Warp-level instructions with an active lane.
    pub instructions: u64,
    /// Wavefronts (spec §5), summed.
    pub wavefronts: u64,
}

/// Everything counted for one source line (or, in [`Report`], for the whole launch).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LineCounters {
    /// 1-based source line (0 in totals).
    pub line: u32,
    /// Warp-level steps of the lab's compiled form with an active lane: source-level
    /// operations (arithmetic, conversion, load, store, branch, barrier), not SASS.
    pub warp_instructions: u64,
    /// Active lanes summed over those steps (lane efficiency = this / 32 / steps).
    pub active_lanes: u64,
    pub global_load: GlobalCounters,
    pub global_store: GlobalCounters,
    pub shared_load: SharedCounters,
    pub shared_store: SharedCounters,
    /// `max(0, wavefronts − ideal)` summed (ncu `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld`).
    pub shared_load_bank_conflicts: u64,
    /// The same for stores.
    pub shared_store_bank_conflicts: u64,
    /// Conditional branches evaluated by a warp (`if`, loop tests, `&&`, `||`, `?:`).
    pub branches: u64,
    /// Those whose active lanes split both ways (both paths run).
    pub divergent_branches: u64,
    /// FP32 operations per active lane: `+ - * /` count 1 each (a fused `a*b+c` is 2, as ncu
    /// counts FFMA); `sqrtf`, `expf`, `fminf`… count nothing.
    pub fp32_flops: u64,
    /// The same in FP64.
    pub fp64_flops: u64,
}

impl LineCounters {
    /// Active lanes / (32 × steps), 0.0..=1.0; 1.0 when nothing ran.
    pub fn lane_efficiency(&self) -> f64 {
        if self.warp_instructions == 0 {
            1.0
        } else {
            self.active_lanes as f64 / (32.0 * self.warp_instructions as f64)
        }
    }

    pub(crate) fn add(&mut self, o: &LineCounters) {
        self.warp_instructions += o.warp_instructions;
        self.active_lanes += o.active_lanes;
        self.global_load.requests += o.global_load.requests;
        self.global_load.sectors += o.global_load.sectors;
        self.global_store.requests += o.global_store.requests;
        self.global_store.sectors += o.global_store.sectors;
        self.shared_load.instructions += o.shared_load.instructions;
        self.shared_load.wavefronts += o.shared_load.wavefronts;
        self.shared_store.instructions += o.shared_store.instructions;
        self.shared_store.wavefronts += o.shared_store.wavefronts;
        self.shared_load_bank_conflicts += o.shared_load_bank_conflicts;
        self.shared_store_bank_conflicts += o.shared_store_bank_conflicts;
        self.branches += o.branches;
        self.divergent_branches += o.divergent_branches;
        self.fp32_flops += o.fp32_flops;
        self.fp64_flops += o.fp64_flops;
    }
}

/// One warp's counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WarpCounters {
    /// blockIdx of the warp's block.
    pub block: [u32; 3],
    /// Warp index within the block.
    pub warp: u32,
    /// The counts (its `line` is 0).
    pub counts: LineCounters,
}

/// Global traffic with an ideal cache: every distinct 32-byte sector once (the DRAM lower
/// bound the roofline uses).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BufferTraffic {
    /// The pointer parameter's name.
    pub name: String,
    /// Distinct sectors loaded.
    pub load_sectors: u64,
    /// Distinct sectors stored.
    pub store_sectors: u64,
    /// One past the highest byte offset touched (0: untouched): the allocation the launch needs.
    pub extent_bytes: u64,
}

/// The launch's counts. The four counter fields of the public API come first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// ncu `l1tex__t_requests/t_sectors_pipe_lsu_mem_global_op_ld.sum`.
    pub global_load: GlobalCounters,
    /// ncu `…_op_st.sum`.
    pub global_store: GlobalCounters,
    /// ncu `smsp__sass_inst_executed_op_shared_ld.sum`, `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum`.
    pub shared_load: SharedCounters,
    /// ncu `…_st.sum`.
    pub shared_store: SharedCounters,
    /// Every count of the launch in one place (its `line` is 0).
    pub totals: LineCounters,
    /// Per source line that ran something, ascending.
    pub lines: Vec<LineCounters>,
    /// Per warp, in launch order (blocks in blockIdx order, x fastest; warps in order).
    pub warps: Vec<WarpCounters>,
    /// Per pointer parameter, in parameter order.
    pub buffers: Vec<BufferTraffic>,
    /// Blocks in the grid.
    pub blocks: u64,
    /// Threads in the grid.
    pub threads: u64,
    /// Warps in the grid (partial warps count whole).
    pub warps_launched: u64,
    /// Static `__shared__` bytes per block.
    pub static_smem_bytes: u32,
    /// Warp-level steps run, bookkeeping included (what the step limit counts).
    pub steps: u64,
}

impl Report {
    /// Distinct bytes loaded from global memory with an ideal cache: 32 × distinct sectors.
    pub fn dram_load_bytes(&self) -> u64 {
        self.buffers.iter().map(|b| b.load_sectors).sum::<u64>() * SECTOR_BYTES
    }

    /// Distinct bytes stored to global memory: 32 × distinct sectors.
    pub fn dram_store_bytes(&self) -> u64 {
        self.buffers.iter().map(|b| b.store_sectors).sum::<u64>() * SECTOR_BYTES
    }

    /// FLOPs executed (FP32 + FP64), for the roofline.
    pub fn flops(&self) -> u64 {
        self.totals.fp32_flops + self.totals.fp64_flops
    }

    /// The counts of source line `line`, if it ran.
    pub fn line(&self, line: u32) -> Option<&LineCounters> {
        self.lines.iter().find(|l| l.line == line)
    }
}

#[inline]
fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(l)
        }
    })
}

/// Distinct 32-byte sectors of the active lanes' accesses (`coalesce(..).sectors`): naturally
/// aligned accesses of ≤ 16 bytes lie in one sector each.
pub fn global_sectors(addresses: &[u64; 32], mask: u32) -> u32 {
    let mut s = [0u64; 32];
    let mut n = 0;
    for l in lanes(mask) {
        s[n] = addresses[l] / SECTOR_BYTES;
        n += 1;
    }
    let s = &mut s[..n];
    if !s.windows(2).all(|w| w[0] <= w[1]) {
        s.sort_unstable();
    }
    let mut count = 0;
    let mut last = None;
    for x in s.iter() {
        if last != Some(*x) {
            count += 1;
            last = Some(*x);
        }
    }
    count
}

/// `(wavefronts, conflicts)` of one shared access (`bank_conflicts(..)`: phases by width, the
/// pair-packing exception, max distinct words per bank per phase; conflicts = wavefronts −
/// ⌈active · width / 128⌉, floored at 0).
pub fn shared_wavefronts(addresses: &[u32; 32], mask: u32, width: u32) -> (u32, u32) {
    if mask == 0 {
        return (0, 0);
    }
    let mut lanes_per_phase: u32 = match width {
        8 => 16,
        16 => 8,
        _ => 32,
    };
    if lanes_per_phase < 32 {
        let pairs = |x: usize| {
            (0..32).all(|n| {
                let a = (mask >> n) & 1;
                let b = (mask >> (n ^ x)) & 1;
                a == b && (a == 0 || addresses[n] == addresses[n ^ x])
            })
        };
        if pairs(1) || pairs(2) {
            lanes_per_phase *= 2;
        }
    }
    let words_per_lane = width.div_ceil(BANK_WIDTH_BYTES);
    let mut wavefronts = 0;
    for first in (0..32).step_by(lanes_per_phase as usize) {
        let phase_mask = mask & (((1u64 << lanes_per_phase) - 1) << first) as u32;
        if phase_mask == 0 {
            continue;
        }
        let mut words = [0u32; 128];
        let mut n = 0;
        for l in lanes(phase_mask) {
            let w0 = addresses[l] / BANK_WIDTH_BYTES;
            for i in 0..words_per_lane {
                words[n] = w0.saturating_add(i);
                n += 1;
            }
        }
        let words = &mut words[..n];
        words.sort_unstable();
        let mut per_bank = [0u32; BANKS as usize];
        let mut last = None;
        for w in words.iter() {
            if last != Some(*w) {
                per_bank[(w % BANKS) as usize] += 1;
                last = Some(*w);
            }
        }
        wavefronts += per_bank.iter().copied().max().unwrap_or(0);
    }
    let ideal = (mask.count_ones() * width).div_ceil(WAVEFRONT_BYTES);
    (wavefronts, wavefronts.saturating_sub(ideal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::bank_conflicts::{bank_conflicts, SmemAccess};
    use crate::model::coalescing::{coalesce, WarpAccess};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sectors_equal_the_coalescing_model(
            words in prop::array::uniform32(0u64..512), mask in any::<u32>(), w in 0usize..5,
        ) {
            let width = [1u32, 2, 4, 8, 16][w];
            let addresses = words.map(|x| x * u64::from(width) + (1 << 40));
            let access = WarpAccess {
                addresses: std::array::from_fn(|l| ((mask >> l) & 1 == 1).then_some(addresses[l])),
                bytes_per_lane: width,
            };
            let r = coalesce(&access).expect("aligned");
            prop_assert_eq!(global_sectors(&addresses, mask), r.sectors);
        }

        #[test]
        fn wavefronts_equal_the_bank_model(
            words in prop::array::uniform32(0u32..96), mask in any::<u32>(), w in 0usize..5, pair in 0u8..3,
        ) {
            let width = [1u32, 2, 4, 8, 16][w];
            // Sometimes force lane pairs to share addresses, to reach the packing exception.
            let words: [u32; 32] = std::array::from_fn(|l| match pair {
                1 => words[l & !1],
                2 => words[l & !2],
                _ => words[l],
            });
            let mask = match pair { 0 => mask, _ => u32::MAX };
            let addresses = words.map(|x| x * width);
            let access = SmemAccess {
                addresses: std::array::from_fn(|l| ((mask >> l) & 1 == 1).then_some(addresses[l])),
                bytes_per_lane: width,
            };
            let r = bank_conflicts(&access).expect("aligned");
            prop_assert_eq!(shared_wavefronts(&addresses, mask, width), (r.wavefronts, r.conflicts));
        }
    }
}
