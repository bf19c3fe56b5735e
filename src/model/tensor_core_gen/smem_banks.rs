//! Why wgmma operands are swizzled: the shared-memory banks of a core matrix.
//!
//! **The access analysed.** A core matrix is 8 rows of 16 bytes. We cost the read of one core
//! matrix as 8 lanes each loading one 16-byte row in one instruction: that is how `ldmatrix`
//! reads an 8 × 8 matrix of 16-bit values (one row address per lane, PTX ISA "Warp-level matrix
//! load instruction: ldmatrix"), as `stmatrix` and 16-byte `ld.shared`/`st.shared` touch the
//! same tile, and it is the kind of shared-memory access whose bank rules NVIDIA documents (CUDA
//! C++ Programming Guide "Shared Memory"; [`crate::model::bank_conflicts`]: 16-byte accesses are
//! served a quarter-warp, 8 lanes, at a time, so one core matrix is one phase). How the Tensor
//! Cores' own shared-memory path fetches a descriptor's rows is not documented; the 128-byte
//! core matrix is exactly one wavefront's worth (32 banks × 4 bytes), which is why the ISA's
//! layouts keep its 8 rows on 8 different 4-bank groups.
//!
//! **What a reader should take away.** Row `r` of a core matrix starts in bank
//! `(address / 4) % 32` and covers 4 banks. Without swizzle, a K-major tile whose rows are
//! 128 bytes apart (64 bf16 of K per row, as a plain row-major copy leaves it) puts all 8 rows
//! on the same 4 banks: 8 wavefronts where 1 would do (8-way). The 128-byte swizzle XORs the
//! 16-byte chunk index with the row index (bits 4–6 with bits 7–9), so the 8 rows land on 8
//! different chunks: 1 wavefront. Likewise 64-byte rows are 4-way without and conflict-free
//! with the 64-byte swizzle, 32-byte rows 2-way and conflict-free. The no-swizzle canonical
//! layout is conflict-free too, but only because it stores each core matrix as 128 contiguous
//! bytes, which a row-major global tile does not give you for free.

use serde::{Deserialize, Serialize};

use super::smem_descriptor::{CoreMatrix, Swizzle, CORE_MATRIX_ROWS, CORE_MATRIX_ROW_BYTES};
use super::smem_layout::SmemOperandLayout;
use crate::model::bank_conflicts::{
    bank_conflicts, AccessError, BankReport, SmemAccess, BANKS, BANK_WIDTH_BYTES,
};

/// The banks of one core-matrix read: 8 row addresses, the first bank of each (each row covers
/// 4 consecutive banks) and the wavefront count of [`bank_conflicts`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CoreMatrixBanks {
    /// Shared address of each 16-byte row.
    pub row_addresses: [u32; 8],
    /// First bank of each row: `(address / 4) % 32`.
    pub first_banks: [u32; 8],
    /// The 8-lane, 16-byte access (lanes 0–7 read rows 0–7).
    pub report: BankReport,
}

impl CoreMatrixBanks {
    /// Wavefronts of the read: 1 when the 8 rows hit 8 different 4-bank groups, up to 8.
    pub fn wavefronts(&self) -> u32 {
        self.report.wavefronts
    }

    /// How many rows share the busiest 4-bank group ("n-way"): equal to the wavefronts here.
    pub fn ways(&self) -> u32 {
        self.report.wavefronts
    }
}

/// The banks of reading 8 rows of 16 bytes at `rows` (one per lane, lanes 0–7); Err for a row
/// address that is not 16-byte aligned.
pub fn core_matrix_banks(rows: [u32; 8]) -> Result<CoreMatrixBanks, AccessError> {
    let mut addresses = [None; 32];
    for (slot, &r) in addresses.iter_mut().zip(rows.iter()) {
        *slot = Some(r);
    }
    let report = bank_conflicts(&SmemAccess {
        addresses,
        bytes_per_lane: CORE_MATRIX_ROW_BYTES,
    })?;
    Ok(CoreMatrixBanks {
        row_addresses: rows,
        first_banks: rows.map(|r| (r / BANK_WIDTH_BYTES) % BANKS),
        report,
    })
}

/// The banks of core matrix `cm` of a checked operand; `None` for a core matrix outside it.
pub fn operand_core_matrix_banks(
    layout: &SmemOperandLayout,
    cm: CoreMatrix,
) -> Option<CoreMatrixBanks> {
    core_matrix_banks(layout.core_matrix_rows(cm)?).ok()
}

/// The most wavefronts any core matrix of `layout` needs (1 for every layout the ISA allows:
/// see the tests).
pub fn worst_core_matrix_wavefronts(layout: &SmemOperandLayout) -> u32 {
    layout
        .core_matrices()
        .into_iter()
        .filter_map(|cm| operand_core_matrix_banks(layout, cm))
        .map(|b| b.wavefronts())
        .max()
        .unwrap_or(0)
}

/// Quiz helper: the worst core-matrix read of `layout` (wavefronts) stored plainly at the same
/// row pitch (the swizzle's XOR left out) and as the descriptor says, swizzle applied. For a
/// 128-byte swizzled K-major operand: (8, 1).
pub fn operand_swizzle_effect(layout: &SmemOperandLayout) -> (u32, u32) {
    let worst = |rows: Option<[u32; 8]>| {
        rows.and_then(|r| core_matrix_banks(r).ok())
            .map_or(0, |b| b.wavefronts())
    };
    let cms = layout.core_matrices();
    let plain = cms
        .iter()
        .map(|&cm| worst(layout.core_matrix_rows_unswizzled(cm)))
        .max()
        .unwrap_or(0);
    let swizzled = cms
        .iter()
        .map(|&cm| worst(layout.core_matrix_rows(cm)))
        .max()
        .unwrap_or(0);
    (plain, swizzled)
}

/// A plainly stored (row-major, K-major) tile: rows `pitch_bytes` apart from a 1,024-byte
/// aligned base; the 8 rows `8·row_group … 8·row_group+7` of the 16-byte K chunk `k_chunk`,
/// with `swizzle` applied to the addresses (`Swizzle::None` for a plain copy). Err for a pitch
/// that is not a multiple of 16.
pub fn pitched_core_matrix_banks(
    pitch_bytes: u32,
    row_group: u32,
    k_chunk: u32,
    swizzle: Swizzle,
) -> Result<CoreMatrixBanks, AccessError> {
    let mut rows = [0u32; 8];
    for (j, r) in rows.iter_mut().enumerate() {
        let row = CORE_MATRIX_ROWS * row_group + j as u32;
        let logical = row
            .saturating_mul(pitch_bytes)
            .saturating_add(k_chunk.saturating_mul(CORE_MATRIX_ROW_BYTES));
        *r = swizzle.apply(logical);
    }
    core_matrix_banks(rows)
}

/// What a swizzle mode buys (quiz helper): a K-major tile with rows `row_bytes` apart (the mode's
/// width; 128 for no swizzle, a plain row-major tile of 64 bf16), reading the core matrix of
/// rows 0–7, 16-byte chunk 0, without and with the mode's XOR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SwizzleEffect {
    /// The mode.
    pub swizzle: Swizzle,
    /// Bytes between rows of the tile.
    pub row_bytes: u32,
    /// Wavefronts stored plainly.
    pub plain_wavefronts: u32,
    /// Wavefronts with the swizzle.
    pub swizzled_wavefronts: u32,
}

impl SwizzleEffect {
    /// Bank conflicts stored plainly: `plain − 1` (7 for 128-byte rows).
    pub fn plain_conflicts(&self) -> u32 {
        self.plain_wavefronts.saturating_sub(1)
    }

    /// Bank conflicts with the swizzle.
    pub fn swizzled_conflicts(&self) -> u32 {
        self.swizzled_wavefronts.saturating_sub(1)
    }
}

/// [`SwizzleEffect`] of `swizzle` (for [`Swizzle::None`]: 128-byte rows, no XOR either way).
pub fn swizzle_effect(swizzle: Swizzle) -> SwizzleEffect {
    let row_bytes = match swizzle {
        Swizzle::None => 128,
        s => s.row_bytes(),
    };
    let wavefronts = |s: Swizzle| {
        pitched_core_matrix_banks(row_bytes, 0, 0, s)
            .map(|b| b.wavefronts())
            .unwrap_or(0)
    };
    SwizzleEffect {
        swizzle,
        row_bytes,
        plain_wavefronts: wavefronts(Swizzle::None),
        swizzled_wavefronts: wavefronts(swizzle),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::tensor_core_gen::smem_descriptor::Major;
    use crate::model::tensor_core_gen::smem_layout::SmemOperand;

    #[test]
    fn plain_128_byte_rows_are_8_way_and_the_128b_swizzle_fixes_them() {
        let plain = pitched_core_matrix_banks(128, 0, 0, Swizzle::None).expect("aligned");
        assert_eq!(plain.first_banks, [0; 8]);
        assert_eq!((plain.wavefronts(), plain.report.conflicts), (8, 7));
        let swizzled = pitched_core_matrix_banks(128, 0, 0, Swizzle::B128).expect("aligned");
        assert_eq!(swizzled.first_banks, [0, 4, 8, 12, 16, 20, 24, 28]);
        assert_eq!(swizzled.wavefronts(), 1);
        let effects: Vec<(u32, u32)> = Swizzle::ALL
            .map(swizzle_effect)
            .iter()
            .map(|e| (e.plain_wavefronts, e.swizzled_wavefronts))
            .collect();
        assert_eq!(effects, [(8, 8), (2, 1), (4, 1), (8, 1)]);
    }

    #[test]
    fn a_descriptor_layout_with_and_without_its_swizzle() {
        let expected = [(1, 1), (2, 1), (4, 1), (8, 1)];
        for (swizzle, want) in Swizzle::ALL.into_iter().zip(expected) {
            let op = SmemOperand::canonical(Major::K, 16, 64, swizzle, 0);
            let layout = SmemOperandLayout::new(op, 233_472).expect("canonical");
            assert_eq!(operand_swizzle_effect(&layout), want, "{swizzle:?}");
        }
    }

    #[test]
    fn every_canonical_layout_is_conflict_free() {
        for swizzle in Swizzle::ALL {
            for (major, bits) in [(Major::K, 16), (Major::K, 8), (Major::Mn, 16)] {
                for mn in [8, 64, 256] {
                    let op = SmemOperand::canonical(major, bits, mn, swizzle, 0);
                    let layout = SmemOperandLayout::new(op, 233_472).expect("canonical");
                    assert_eq!(worst_core_matrix_wavefronts(&layout), 1, "{op:?}");
                }
            }
        }
    }
}
