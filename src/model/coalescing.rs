//! Global-memory coalescing: 32 lane addresses → 32-byte sectors, 128-byte lines and requests.
//!
//! Model of spec `hw-model.md` §4 for one warp-level load with active mask `M` and per-lane
//! width `w ∈ {1, 2, 4, 8, 16}` bytes:
//!
//! * **sectors** = distinct 32-byte sectors touched by active lanes. BPG "Coalesced Access to
//!   Global Memory" (CC 6.0+): the warp's accesses "coalesce into a number of transactions equal
//!   to the number of 32-byte transactions necessary to service all of the threads of the warp".
//!   Matches `l1tex__t_sectors_pipe_lsu_mem_global_op_ld` in every H200 pattern measured.
//! * **lines** = distinct 128-byte lines (PG "Global Memory", 5.x+: a line is four sectors).
//! * **requests** = 1 per warp instruction: on Volta and later one warp-level memory instruction
//!   sends one request to L1TEX (Nsight team, NVIDIA forum), and ncu on H200 reports
//!   `l1tex__t_requests_pipe_lsu_mem_global_op_ld` = 1 for every pattern, float4 and scattered
//!   loads included. The older "one request (transaction) per 128-byte line" and the CC 3.x
//!   half-/quarter-warp split for 8-/16-byte words are kept apart, in [`LegacyTransactions`].
//! * **bytes moved** = 32 · sectors (what L2/DRAM deliver); **efficiency** = bytes requested
//!   (active lanes × w) / bytes moved. Duplicate addresses are free, so a broadcast has an
//!   efficiency above 1 (the same bytes serve several lanes); [`CoalescingDetail::bytes_used`]
//!   counts distinct bytes instead.
//! * **output wavefronts** (`l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld`): ⌈lines / 4⌉.
//!   This is an **empirical fit, not a documented rule** (UNCERTAIN): it reproduces all 24 H200
//!   patterns of `tests/fixtures/coalescing_h200.json` (1, 2, 4 and 8 wavefronts) and the truth
//!   README's examples (column read → 8), but was not probed beyond them.
//!
//! A warp with no active lane is modelled as sending nothing: 0 requests, sectors, lines and
//! bytes, and an efficiency of 1.0 (no byte was moved in vain). Not probed on hardware.

use serde::{Deserialize, Serialize};

pub use crate::model::access::AccessError;
use crate::model::access::{check_lane, check_width};
use crate::model::WARP_SIZE;

/// Bytes per sector, the unit L1TEX fetches from L2 (PG "Global Memory", 5.x+).
pub const SECTOR_BYTES: u64 = 32;

/// Bytes per L1/L2 cache line: four sectors (PG "Global Memory", 5.x+).
pub const LINE_BYTES: u64 = 128;

/// Distinct 128-byte lines one L1TEX output wavefront covers in the empirical fit of
/// [`CoalescingDetail::output_wavefronts`] (UNCERTAIN, see the module docs).
pub const LINES_PER_OUTPUT_WAVEFRONT: u32 = 4;

/// One warp-level global load: a byte address per lane (`None` = inactive lane) and the width.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WarpAccess {
    /// Byte address of each lane, `None` for a lane that is masked off.
    pub addresses: [Option<u64>; 32],
    /// Bytes each lane loads: 1, 2, 4, 8 or 16.
    pub bytes_per_lane: u32,
}

impl WarpAccess {
    /// Bit `l` set = lane `l` active.
    pub fn active_mask(&self) -> u32 {
        lane_mask(&self.addresses)
    }

    /// Number of active lanes.
    pub fn active_lanes(&self) -> u32 {
        self.active_mask().count_ones()
    }
}

/// What [`coalesce`] counts for one warp-level load (spec §4).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CoalescingReport {
    /// Requests to L1TEX as ncu counts them on Volta+ (measured on H200): 1 per warp
    /// instruction, 0 if no lane is active.
    pub requests: u32,
    /// Distinct 32-byte sectors touched.
    pub sectors: u32,
    /// Distinct 128-byte lines touched.
    pub lines: u32,
    /// Active lanes × bytes per lane (duplicates counted every time).
    pub bytes_requested: u64,
    /// Sectors × 32: bytes moved between L2 and L1.
    pub bytes_moved: u64,
}

impl CoalescingReport {
    /// `bytes_requested / bytes_moved`: 1.0 is perfectly coalesced, 0.125 one sector per 4-byte
    /// lane. Above 1.0 when lanes share addresses (broadcast). 1.0 when nothing was moved.
    pub fn efficiency(&self) -> f64 {
        if self.bytes_moved == 0 {
            1.0
        } else {
            self.bytes_requested as f64 / self.bytes_moved as f64
        }
    }
}

/// Where one active lane's bytes fall, for drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LaneSector {
    /// The lane's byte address.
    pub address: u64,
    /// `address / 32`: the global sector number.
    pub sector_index: u64,
    /// `address / 128`: the global line number.
    pub line_index: u64,
    /// Byte offset of the access inside its sector, 0..32.
    pub byte_in_sector: u32,
    /// Position of the lane's sector in [`CoalescingDetail::touched_sectors`].
    pub touched_slot: u32,
}

/// One sector the warp touches, with how much of it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TouchedSector {
    /// `address / 32`.
    pub sector_index: u64,
    /// `address / 128`: the line holding this sector.
    pub line_index: u64,
    /// Which of the line's four sectors, 0..4.
    pub sector_in_line: u32,
    /// Distinct bytes of this sector read by some active lane, 1..=32.
    pub bytes_used: u32,
    /// Bit `b` set = byte `b` of the sector is read.
    pub byte_mask: u32,
    /// Bit `l` set = lane `l` reads from this sector.
    pub lane_mask: u32,
}

/// One group of the legacy split: the CC 3.x guide splits a warp's request into one 128-byte
/// request per half-warp (8-byte words) or quarter-warp (16-byte words).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LegacyGroup {
    /// First lane of the group.
    pub first_lane: u32,
    /// Lanes in the group: 32, 16 or 8.
    pub lane_count: u32,
    /// Active lanes of the group, as a warp-wide lane mask.
    pub lane_mask: u32,
    /// Distinct 128-byte lines the group touches.
    pub lines: u32,
    /// Distinct 32-byte sectors the group touches.
    pub sectors: u32,
}

/// The legacy transaction views, shown next to the H200 measurement for comparison. Not what ncu
/// reports on Volta and later (it reports 1 request per instruction).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LegacyTransactions {
    /// Groups of the split: one group of 32 lanes for w ≤ 4, two half-warps for w = 8, four
    /// quarter-warps for w = 16 (PG, CC 3.x "Global Memory", cited in NVIDIA/cutlass#328).
    pub groups: Vec<LegacyGroup>,
    /// Groups with at least one active lane: the "memory requests" of the CC 3.x wording.
    pub requests: u32,
    /// Σ lines per group: "one request per 128-byte line", each group coalesced on its own.
    pub line_transactions: u32,
    /// Σ sectors per group: the same split counted in 32-byte segments.
    pub sector_transactions: u32,
}

impl LegacyTransactions {
    /// Bytes the line view moves: `line_transactions × 128`.
    pub fn line_bytes_moved(&self) -> u64 {
        u64::from(self.line_transactions) * LINE_BYTES
    }
}

/// Everything the coalescing figure draws: the [`CoalescingReport`] plus per-lane and per-sector
/// detail, the legacy views and the output-wavefront fit.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CoalescingDetail {
    /// The headline counts.
    pub report: CoalescingReport,
    /// Per lane: its sector and line (`None` = inactive).
    pub lanes: [Option<LaneSector>; 32],
    /// Every touched sector, sorted by sector index.
    pub touched_sectors: Vec<TouchedSector>,
    /// Distinct bytes read by active lanes (≤ `bytes_requested`; equal when no two lanes
    /// overlap).
    pub bytes_used: u64,
    /// `l1tex__t_output_wavefronts` estimate: ⌈lines / 4⌉. Empirical fit to the H200 fixtures,
    /// UNCERTAIN (module docs).
    pub output_wavefronts: u32,
    /// The legacy half-/quarter-warp and per-line transaction views.
    pub legacy: LegacyTransactions,
}

impl CoalescingDetail {
    /// `bytes_used / bytes_moved`, 0.0..=1.0: the fraction of moved bytes some lane reads.
    /// 1.0 when nothing was moved.
    pub fn sector_utilization(&self) -> f64 {
        if self.report.bytes_moved == 0 {
            1.0
        } else {
            self.bytes_used as f64 / self.report.bytes_moved as f64
        }
    }
}

/// Counts sectors, lines, requests and bytes of one warp-level global load (spec §4).
///
/// Err for a width other than 1, 2, 4, 8, 16 ([`AccessError::UnsupportedWidth`]) or an address
/// not aligned to its width ([`AccessError::Misaligned`], first offending lane). Every lane with
/// no address is inactive; an all-inactive warp is fine (see the module docs).
///
/// ```
/// use warpscope::model::coalescing::{coalesce, WarpAccess};
/// let access = WarpAccess { addresses: std::array::from_fn(|l| Some(4 * l as u64)), bytes_per_lane: 4 };
/// let r = coalesce(&access).expect("valid test input");
/// assert_eq!((r.requests, r.sectors, r.lines, r.bytes_moved), (1, 4, 1, 128));
/// assert_eq!(r.efficiency(), 1.0);
/// ```
pub fn coalesce(access: &WarpAccess) -> Result<CoalescingReport, AccessError> {
    coalesce_detail(access).map(|d| d.report)
}

/// [`coalesce`] plus the per-lane, per-sector and legacy detail the figure draws.
pub fn coalesce_detail(access: &WarpAccess) -> Result<CoalescingDetail, AccessError> {
    let width = access.bytes_per_lane;
    check_width(width)?;
    for (lane, a) in (0..WARP_SIZE).zip(access.addresses.iter()) {
        if let Some(a) = *a {
            check_lane(lane, a, width, u64::MAX)?;
        }
    }

    // Aligned accesses of ≤ 16 bytes never straddle a sector: one sector per lane.
    let mut touched: Vec<TouchedSector> = Vec::new();
    for (lane, a) in (0..WARP_SIZE).zip(access.addresses.iter()) {
        let Some(a) = *a else { continue };
        let sector_index = a / SECTOR_BYTES;
        let byte_in_sector = (a % SECTOR_BYTES) as u32;
        let bytes = byte_bits(byte_in_sector, width);
        match touched.binary_search_by_key(&sector_index, |s| s.sector_index) {
            Ok(i) => {
                if let Some(s) = touched.get_mut(i) {
                    s.byte_mask |= bytes;
                    s.lane_mask |= 1 << lane;
                }
            }
            Err(i) => touched.insert(
                i,
                TouchedSector {
                    sector_index,
                    line_index: a / LINE_BYTES,
                    sector_in_line: ((a % LINE_BYTES) / SECTOR_BYTES) as u32,
                    bytes_used: 0,
                    byte_mask: bytes,
                    lane_mask: 1 << lane,
                },
            ),
        }
    }
    for s in &mut touched {
        s.bytes_used = s.byte_mask.count_ones();
    }

    let mut lanes = [None; 32];
    for (a, slot) in access.addresses.iter().zip(lanes.iter_mut()) {
        let Some(a) = *a else { continue };
        let sector_index = a / SECTOR_BYTES;
        let touched_slot = touched
            .binary_search_by_key(&sector_index, |s| s.sector_index)
            .unwrap_or_default() as u32;
        *slot = Some(LaneSector {
            address: a,
            sector_index,
            line_index: a / LINE_BYTES,
            byte_in_sector: (a % SECTOR_BYTES) as u32,
            touched_slot,
        });
    }

    let active_lanes = access.active_lanes();
    let sectors = touched.len() as u32;
    let lines = distinct_lines(touched.iter().map(|s| s.line_index));
    let report = CoalescingReport {
        requests: u32::from(active_lanes > 0),
        sectors,
        lines,
        bytes_requested: u64::from(active_lanes) * u64::from(width),
        bytes_moved: u64::from(sectors) * SECTOR_BYTES,
    };
    Ok(CoalescingDetail {
        report,
        lanes,
        bytes_used: touched.iter().map(|s| u64::from(s.bytes_used)).sum(),
        touched_sectors: touched,
        output_wavefronts: lines.div_ceil(LINES_PER_OUTPUT_WAVEFRONT),
        legacy: legacy_transactions(access),
    })
}

/// Lanes per legacy group: 32 for w ≤ 4, 16 for w = 8, 8 for w = 16 (PG, CC 3.x wording).
pub fn legacy_group_lanes(bytes_per_lane: u32) -> u32 {
    match bytes_per_lane {
        8 => 16,
        16 => 8,
        _ => 32,
    }
}

fn legacy_transactions(access: &WarpAccess) -> LegacyTransactions {
    let group_lanes = legacy_group_lanes(access.bytes_per_lane);
    let mut groups = Vec::new();
    for first_lane in (0..WARP_SIZE).step_by(group_lanes as usize) {
        let mut sectors: Vec<u64> = Vec::new();
        let mut lane_mask = 0u32;
        for lane in first_lane..first_lane + group_lanes {
            if let Some(Some(a)) = access.addresses.get(lane as usize) {
                lane_mask |= 1 << lane;
                sectors.push(a / SECTOR_BYTES);
            }
        }
        crate::model::sort_short_by(&mut sectors, |a, b| a < b);
        sectors.dedup();
        let lines = distinct_lines(sectors.iter().map(|s| s * SECTOR_BYTES / LINE_BYTES));
        groups.push(LegacyGroup {
            first_lane,
            lane_count: group_lanes,
            lane_mask,
            lines,
            sectors: sectors.len() as u32,
        });
    }
    LegacyTransactions {
        requests: groups.iter().filter(|g| g.lane_mask != 0).count() as u32,
        line_transactions: groups.iter().map(|g| g.lines).sum(),
        sector_transactions: groups.iter().map(|g| g.sectors).sum(),
        groups,
    }
}

/// Count of distinct values in a sorted (non-decreasing) sequence.
fn distinct_lines(sorted: impl Iterator<Item = u64>) -> u32 {
    let mut count = 0;
    let mut last = None;
    for x in sorted {
        if last != Some(x) {
            count += 1;
            last = Some(x);
        }
    }
    count
}

/// Bits `start..start + width` of a 32-bit byte mask (`start + width ≤ 32` for aligned access).
fn byte_bits(start: u32, width: u32) -> u32 {
    let ones = if width >= 32 {
        u32::MAX
    } else {
        (1u32 << width) - 1
    };
    ones.checked_shl(start).unwrap_or(0)
}

fn lane_mask<T>(addresses: &[Option<T>; 32]) -> u32 {
    addresses
        .iter()
        .enumerate()
        .filter(|(_, a)| a.is_some())
        .fold(0, |m, (l, _)| m | (1 << l))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strided(stride_bytes: u64, width: u32) -> WarpAccess {
        WarpAccess {
            addresses: std::array::from_fn(|l| Some(l as u64 * stride_bytes)),
            bytes_per_lane: width,
        }
    }

    #[test]
    fn all_inactive_is_empty_and_efficient() {
        let r = coalesce(&WarpAccess {
            addresses: [None; 32],
            bytes_per_lane: 4,
        })
        .expect("valid test input");
        assert_eq!((r.requests, r.sectors, r.bytes_moved), (0, 0, 0));
        assert_eq!(r.efficiency(), 1.0);
    }

    #[test]
    fn touched_sector_bytes_used() {
        let d = coalesce_detail(&strided(8, 4)).expect("valid test input");
        assert_eq!(d.touched_sectors.len(), 8);
        assert!(d.touched_sectors.iter().all(|s| s.bytes_used == 16));
        assert_eq!(d.bytes_used, 128);
        assert_eq!(d.lanes[5].expect("valid test input").touched_slot, 1);
    }

    #[test]
    fn legacy_float4_is_four_quarter_warp_requests() {
        let d = coalesce_detail(&strided(16, 16)).expect("valid test input");
        assert_eq!(d.legacy.requests, 4);
        assert_eq!(d.legacy.line_transactions, 4);
        assert_eq!(d.report.requests, 1);
    }
}
