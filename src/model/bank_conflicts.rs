//! Shared-memory bank conflicts: 32 lane addresses → phases → wavefronts.
//!
//! Model of spec `hw-model.md` §5 (PG "Shared Memory", compute capability 5.x and later,
//! unchanged through 9.0; NVIDIA forum answers by Greg Smith; ncu on H200):
//!
//! * 32 banks, 4 bytes wide: `bank = (byte_address / 4) % 32`. Lanes reading the same 32-bit
//!   word do not conflict (broadcast).
//! * A **phase** is a group of lanes serviced together: the whole warp for accesses of ≤ 4 bytes,
//!   half-warps (lanes 0–15, 16–31) for 8 bytes, quarter-warps (0–7, …, 24–31) for 16 bytes.
//! * **Pair-packing exception** (Greg Smith, CC 7.x; confirmed by the H200 probe): if every pair
//!   of lanes `(n, n^1)` has equal addresses, or every pair `(n, n^2)` has, the number of phases
//!   halves: 8-byte loads run as one whole-warp phase, 16-byte loads as two half-warp phases. So an
//!   8-byte broadcast takes 1 wavefront and a 16-byte broadcast takes **2**. The exact
//!   generalisation is UNCERTAIN (spec §8.2). For partially active warps (not probed) we require
//!   each pair to be both inactive or both active with equal addresses.
//! * `wavefronts(phase)` = the largest number of distinct 32-bit words any one bank must deliver
//!   to the phase's active lanes; an 8-byte access covers 2 consecutive words, a 16-byte one 4.
//!   `wavefronts` = Σ over phases (`l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld`).
//! * `ideal_wavefronts` = ⌈active lanes · width / 128⌉ (full warp: 1, 2, 4 for 4, 8, 16 bytes) and
//!   `conflicts = max(0, wavefronts − ideal_wavefronts)`. The ideal counts requested bytes, not
//!   distinct bytes, so broadcasts of 8 or 16 bytes need *fewer* wavefronts than the "ideal"
//!   (1 < 2, 2 < 4) and show 0 conflicts.
//! * ncu's `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld` is
//!   [`BankReport::ncu_conflicts`]: the wavefronts beyond the first of each phase. For a full
//!   warp without the packing exception the phases equal the ideal and the two agree (the 18
//!   patterns of `bank_conflicts_h200.json`); where paired lanes share an address the phases
//!   halve and ncu counts more: the 24 such rows among the 120 accesses of
//!   `bank_conflicts_quiz_h200.json`, all measured on an H200.
//!
//! Only loads were probed; stores (STS) follow the same bank math per the spec, but whether the
//! packing exception applies to them is UNCERTAIN.

use serde::{Deserialize, Serialize};

pub use crate::model::access::AccessError;
use crate::model::access::{check_lane, check_width};
use crate::model::WARP_SIZE;

/// Shared-memory banks per SM (PG "Shared Memory", 5.x+).
pub const BANKS: u32 = 32;

/// Width of one bank, in bytes: successive 4-byte words map to successive banks.
pub const BANK_WIDTH_BYTES: u32 = 4;

/// Bytes all banks deliver in one wavefront: 32 × 4 = 128.
pub const WAVEFRONT_BYTES: u32 = BANKS * BANK_WIDTH_BYTES;

/// One warp-level shared-memory load: byte offsets into shared memory per lane (`None` =
/// inactive lane) and the width.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SmemAccess {
    /// Byte offset of each lane in shared memory, `None` for a lane that is masked off.
    pub addresses: [Option<u32>; 32],
    /// Bytes each lane loads: 1, 2, 4, 8 or 16.
    pub bytes_per_lane: u32,
}

impl SmemAccess {
    /// Bit `l` set = lane `l` active.
    pub fn active_mask(&self) -> u32 {
        self.addresses
            .iter()
            .enumerate()
            .filter(|(_, a)| a.is_some())
            .fold(0, |m, (l, _)| m | (1 << l))
    }

    /// Number of active lanes.
    pub fn active_lanes(&self) -> u32 {
        self.active_mask().count_ones()
    }
}

/// How the warp is cut into phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PhaseSplit {
    /// One phase of 32 lanes.
    WholeWarp,
    /// Two phases: lanes 0–15 and 16–31.
    HalfWarps,
    /// Four phases: lanes 0–7, 8–15, 16–23, 24–31.
    QuarterWarps,
}

impl PhaseSplit {
    /// Lanes per phase: 32, 16 or 8.
    pub fn lanes_per_phase(self) -> u32 {
        match self {
            PhaseSplit::WholeWarp => 32,
            PhaseSplit::HalfWarps => 16,
            PhaseSplit::QuarterWarps => 8,
        }
    }

    /// The split by width alone, before the packing exception: whole warp for ≤ 4 bytes,
    /// half-warps for 8, quarter-warps for 16.
    pub fn for_width(bytes_per_lane: u32) -> PhaseSplit {
        match bytes_per_lane {
            8 => PhaseSplit::HalfWarps,
            16 => PhaseSplit::QuarterWarps,
            _ => PhaseSplit::WholeWarp,
        }
    }

    fn halved(self) -> PhaseSplit {
        match self {
            PhaseSplit::QuarterWarps => PhaseSplit::HalfWarps,
            _ => PhaseSplit::WholeWarp,
        }
    }
}

/// Which lane pairing triggered the packing exception.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Packing {
    /// Lanes `n` and `n^1` (0–1, 2–3, …) have equal addresses.
    AdjacentPairs,
    /// Lanes `n` and `n^2` (0–2, 1–3, 4–6, …) have equal addresses.
    PairsTwoApart,
}

/// Where one active lane lands in the banks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LaneBanks {
    /// The lane's byte offset.
    pub address: u32,
    /// Index into [`BankReport::phases`] of the phase serving this lane.
    pub phase: u32,
    /// First 32-bit word the lane touches: `address / 4`.
    pub first_word: u32,
    /// Words the lane touches: 1 for ≤ 4 bytes, 2 for 8, 4 for 16.
    pub word_count: u32,
    /// Bank of the first word: `first_word % 32`; the others follow consecutively (mod 32).
    pub first_bank: u32,
}

impl LaneBanks {
    /// The banks this lane touches, in word order.
    pub fn banks(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.word_count).map(move |i| (self.first_bank + i) % BANKS)
    }
}

/// One phase: which lanes it serves, what each bank must deliver, and its wavefront count.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BankPhase {
    /// First lane of the phase.
    pub first_lane: u32,
    /// Lanes in the phase: 32, 16 or 8.
    pub lane_count: u32,
    /// Active lanes of this phase, as a warp-wide mask.
    pub lane_mask: u32,
    /// `words_by_bank[b]`: the distinct word addresses (byte address / 4) bank `b` delivers,
    /// ascending. Always 32 entries.
    pub words_by_bank: Vec<Vec<u32>>,
    /// Max over banks of distinct words: the phase's wavefronts (0 if no lane is active).
    pub wavefronts: u32,
}

impl BankPhase {
    /// Banks that need the most wavefronts (empty when the phase is idle).
    pub fn busiest_banks(&self) -> Vec<u32> {
        if self.wavefronts == 0 {
            return Vec::new();
        }
        (0..BANKS)
            .zip(self.words_by_bank.iter())
            .filter(|(_, w)| w.len() as u32 == self.wavefronts)
            .map(|(b, _)| b)
            .collect()
    }
}

/// What [`bank_conflicts`] reports for one warp-level shared load (spec §5).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BankReport {
    /// Σ wavefronts over phases (ncu `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld`).
    pub wavefronts: u32,
    /// ⌈active lanes · width / 128⌉ (spec §5).
    pub ideal_wavefronts: u32,
    /// `max(0, wavefronts − ideal_wavefronts)`; ncu's counter is [`BankReport::ncu_conflicts`]
    /// (the same for a full warp unless paired lanes share addresses).
    pub conflicts: u32,
    /// Bytes per lane of the access.
    pub bytes_per_lane: u32,
    /// Active lanes.
    pub active_lanes: u32,
    /// The split actually used, after the packing exception.
    pub phase_split: PhaseSplit,
    /// `Some` when the packing exception halved the phases.
    pub packing: Option<Packing>,
    /// Every phase in lane order, idle ones included (their wavefronts are 0).
    pub phases: Vec<BankPhase>,
    /// Per lane: phase, words and banks (`None` = inactive).
    pub lanes: [Option<LaneBanks>; 32],
}

impl BankReport {
    /// Conflicts as Nsight Compute counts them (`l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld`):
    /// every wavefront beyond the first of each phase that has an active lane,
    /// Σ (wavefronts(phase) − 1).
    ///
    /// Without the packing exception a full warp has as many phases as its ideal wavefronts
    /// (1, 2, 4 for 4, 8, 16 bytes), so this equals [`BankReport::conflicts`]. When paired lanes
    /// share an address the phases halve while the ideal (requested bytes / 128) does not, and
    /// the counter is the larger: `float2` at element `(lane / 2) × 2` takes 2 wavefronts in one
    /// phase, ideal 2, so wavefronts − ideal = 0 but ncu counts 1. Measured on an H200 for every
    /// access the quiz draws (120 patterns, `tests/fixtures/bank_conflicts_quiz_h200.json`).
    pub fn ncu_conflicts(&self) -> u32 {
        self.phases
            .iter()
            .filter(|p| p.lane_mask != 0)
            .map(|p| p.wavefronts.saturating_sub(1))
            .sum()
    }

    /// 0-based wavefront, within its phase, in which `lane` gets all its words, under one valid
    /// schedule: each bank serves its distinct words in ascending address order. A drawing aid
    /// for animating replays; the hardware's order is not documented. `None` for an inactive
    /// lane or `lane ≥ 32`.
    pub fn schedule_slot(&self, lane: u32) -> Option<u32> {
        let info = (*self.lanes.get(lane as usize)?)?;
        let phase = self.phases.get(info.phase as usize)?;
        (0..info.word_count)
            .filter_map(|i| {
                let word = info.first_word.checked_add(i)?;
                let bank = phase.words_by_bank.get((word % BANKS) as usize)?;
                bank.binary_search(&word).ok().map(|rank| rank as u32)
            })
            .max()
    }
}

/// Wavefronts and conflicts of one warp-level shared-memory load (spec §5).
///
/// Err for a width other than 1, 2, 4, 8, 16 ([`AccessError::UnsupportedWidth`]) or an address
/// not aligned to its width ([`AccessError::Misaligned`], first offending lane). An all-inactive
/// warp gives 0 wavefronts.
///
/// ```
/// use warpscope::model::bank_conflicts::{bank_conflicts, SmemAccess};
/// // [32][32] float tile read by column: every lane in bank 3.
/// let column = SmemAccess { addresses: std::array::from_fn(|l| Some(128 * l as u32 + 12)), bytes_per_lane: 4 };
/// let r = bank_conflicts(&column).expect("valid test input");
/// assert_eq!((r.wavefronts, r.ideal_wavefronts, r.conflicts), (32, 1, 31));
/// ```
pub fn bank_conflicts(access: &SmemAccess) -> Result<BankReport, AccessError> {
    let width = access.bytes_per_lane;
    check_width(width)?;
    for (lane, a) in (0..WARP_SIZE).zip(access.addresses.iter()) {
        if let Some(a) = *a {
            check_lane(lane, u64::from(a), width, u64::from(u32::MAX))?;
        }
    }

    let active_lanes = access.active_lanes();
    let by_width = PhaseSplit::for_width(width);
    let packing = if by_width == PhaseSplit::WholeWarp || active_lanes == 0 {
        None
    } else if pairs_equal(&access.addresses, 1) {
        Some(Packing::AdjacentPairs)
    } else if pairs_equal(&access.addresses, 2) {
        Some(Packing::PairsTwoApart)
    } else {
        None
    };
    let phase_split = if packing.is_some() {
        by_width.halved()
    } else {
        by_width
    };

    let word_count = width.div_ceil(BANK_WIDTH_BYTES);
    let lanes_per_phase = phase_split.lanes_per_phase();
    let mut phases = Vec::new();
    let mut lanes = [None; 32];
    for (phase_index, first_lane) in (0..WARP_SIZE).step_by(lanes_per_phase as usize).enumerate() {
        let mut words_by_bank: Vec<Vec<u32>> = vec![Vec::new(); BANKS as usize];
        let mut lane_mask = 0u32;
        for lane in first_lane..first_lane + lanes_per_phase {
            let Some(Some(address)) = access.addresses.get(lane as usize).copied() else {
                continue;
            };
            lane_mask |= 1 << lane;
            let first_word = address / BANK_WIDTH_BYTES;
            for i in 0..word_count {
                // An aligned access never runs past u32::MAX, so the word fits.
                let word = first_word.saturating_add(i);
                if let Some(bank) = words_by_bank.get_mut((word % BANKS) as usize) {
                    if let Err(pos) = bank.binary_search(&word) {
                        bank.insert(pos, word);
                    }
                }
            }
            if let Some(slot) = lanes.get_mut(lane as usize) {
                *slot = Some(LaneBanks {
                    address,
                    phase: phase_index as u32,
                    first_word,
                    word_count,
                    first_bank: first_word % BANKS,
                });
            }
        }
        let wavefronts = words_by_bank
            .iter()
            .map(|w| w.len() as u32)
            .max()
            .unwrap_or(0);
        phases.push(BankPhase {
            first_lane,
            lane_count: lanes_per_phase,
            lane_mask,
            words_by_bank,
            wavefronts,
        });
    }

    let wavefronts = phases.iter().map(|p| p.wavefronts).sum();
    let ideal_wavefronts = (active_lanes * width).div_ceil(WAVEFRONT_BYTES);
    Ok(BankReport {
        wavefronts,
        ideal_wavefronts,
        conflicts: wavefronts.saturating_sub(ideal_wavefronts),
        bytes_per_lane: width,
        active_lanes,
        phase_split,
        packing,
        phases,
        lanes,
    })
}

/// True when every pair of lanes `(n, n ^ xor)` is both inactive or both active with equal
/// addresses.
fn pairs_equal(addresses: &[Option<u32>; 32], xor: usize) -> bool {
    (0..addresses.len()).all(|n| addresses.get(n) == addresses.get(n ^ xor))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warp(width: u32, f: impl Fn(u32) -> u32) -> SmemAccess {
        SmemAccess {
            addresses: std::array::from_fn(|l| Some(f(l as u32))),
            bytes_per_lane: width,
        }
    }

    #[test]
    fn float4_broadcast_packs_to_two_half_warps() {
        let r = bank_conflicts(&warp(16, |_| 0)).expect("valid test input");
        assert_eq!(r.packing, Some(Packing::AdjacentPairs));
        assert_eq!(r.phase_split, PhaseSplit::HalfWarps);
        assert_eq!((r.wavefronts, r.ideal_wavefronts, r.conflicts), (2, 4, 0));
    }

    #[test]
    fn stride_2_busiest_banks_are_the_even_ones() {
        let r = bank_conflicts(&warp(4, |l| 8 * l)).expect("valid test input");
        let busiest = r.phases[0].busiest_banks();
        assert_eq!(busiest.len(), 16);
        assert!(busiest.iter().all(|b| b % 2 == 0));
        assert_eq!(r.lanes[17].expect("valid test input").first_bank, 2);
        // Words 0 and 32 share bank 0: lane 0 first, lane 16 in the replay.
        assert_eq!(
            (r.schedule_slot(0), r.schedule_slot(16)),
            (Some(0), Some(1))
        );
    }

    #[test]
    fn inactive_warp_has_no_wavefronts() {
        let r = bank_conflicts(&SmemAccess {
            addresses: [None; 32],
            bytes_per_lane: 16,
        })
        .expect("valid test input");
        assert_eq!((r.wavefronts, r.ideal_wavefronts, r.conflicts), (0, 0, 0));
        assert_eq!(r.phases.len(), 4);
    }
}
