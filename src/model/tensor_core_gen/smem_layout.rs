//! A wgmma operand in shared memory, element by element: the byte address of every element
//! and of every core matrix that a [`MatrixDescriptor`] names, with the checks the PTX ISA
//! asks for (the formulas and their sources are in [`super::smem_descriptor`]).
//!
//! The main type is [`SmemOperandLayout`], built from a plain [`SmemOperand`] by
//! [`SmemOperandLayout::new`], which refuses a layout the hardware would misread with a
//! [`SmemLayoutError`] saying why.

use serde::{Deserialize, Serialize};

use super::smem_descriptor::{
    CoreMatrix, DescriptorField, Major, MatrixDescriptor, SmemLayoutError, Swizzle,
    CORE_MATRIX_ROWS, CORE_MATRIX_ROW_BYTES, DESCRIPTOR_WINDOW_BYTES, WGMMA_K_BYTES,
};
use crate::model::sort_short_by;

/// An A or B operand of one wgmma in shared memory, as the descriptor describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SmemOperand {
    /// K-major or MN-major.
    pub major: Major,
    /// Bits per element: 8, 16 or 32 (tf32).
    pub element_bits: u32,
    /// Rows along M (64 for A) or N (N for B).
    pub mn: u32,
    /// The descriptor.
    pub descriptor: MatrixDescriptor,
}

impl SmemOperand {
    /// The densest layout of the ISA's examples at `start` (Figures 166–170): K-major none LBO
    /// 128, SBO 256 (core matrices back to back, K first); K-major swizzled SBO = pattern, LBO
    /// 16 ("assumed 1"); MN-major none SBO 128, LBO = 128 · MN chunks; MN-major swizzled LBO =
    /// pattern, SBO = pattern · atoms along MN.
    pub fn canonical(
        major: Major,
        element_bits: u32,
        mn: u32,
        swizzle: Swizzle,
        start_address_bytes: u32,
    ) -> SmemOperand {
        let s = swizzle.row_bytes();
        let pattern = swizzle.pattern_bytes();
        let mn_bytes = mn * element_bits / 8;
        let (lbo, sbo) = match (major, swizzle) {
            (Major::K, Swizzle::None) => (128, 256),
            (Major::K, _) => (16, pattern),
            (Major::Mn, Swizzle::None) => (128 * mn_bytes.div_ceil(16), 128),
            (Major::Mn, _) => (pattern, pattern * mn_bytes.div_ceil(s)),
        };
        SmemOperand {
            major,
            element_bits,
            mn,
            descriptor: MatrixDescriptor {
                start_address_bytes,
                leading_byte_offset_bytes: lbo,
                stride_byte_offset_bytes: sbo,
                base_offset: 0,
                swizzle,
            },
        }
    }
}

/// A checked operand: every element's address, core matrices and footprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SmemOperandLayout {
    operand: SmemOperand,
}

impl SmemOperandLayout {
    /// Checks `operand` against the ISA's rules and a shared memory of `smem_capacity_bytes`
    /// (233,472 on H100, H200 and B200: `GpuSpec::smem_per_sm_bytes`).
    pub fn new(
        operand: SmemOperand,
        smem_capacity_bytes: u32,
    ) -> Result<SmemOperandLayout, SmemLayoutError> {
        let bits = operand.element_bits;
        if !matches!(bits, 8 | 16 | 32) {
            return Err(SmemLayoutError::ElementBits(bits));
        }
        if operand.major == Major::Mn && bits != 16 {
            return Err(SmemLayoutError::MnMajorNeeds16Bit(bits));
        }
        if !(8..=256).contains(&operand.mn) || !operand.mn.is_multiple_of(8) {
            return Err(SmemLayoutError::BadExtent(operand.mn));
        }
        let d = operand.descriptor;
        d.encode()?;
        if d.base_offset != 0 {
            return Err(SmemLayoutError::BaseOffsetNotModelled(d.base_offset));
        }
        let layout = SmemOperandLayout { operand };
        let swizzle = d.swizzle;
        if swizzle != Swizzle::None {
            let s = swizzle.row_bytes();
            let row_read = match operand.major {
                Major::K => WGMMA_K_BYTES,
                Major::Mn => (operand.mn * bits / 8).min(s),
            };
            let offset_in_row = d.start_address_bytes % s;
            if offset_in_row + row_read > s {
                return Err(SmemLayoutError::RowOverrun {
                    swizzle,
                    offset_in_row,
                    bytes: row_read,
                });
            }
        }
        // Every 16-byte row of every core matrix, at its logical (pre-swizzle) address.
        let mut rows: Vec<(u32, CoreMatrix)> = Vec::new();
        for cm in layout.core_matrices() {
            let first = layout.row_start_logical(cm, 0);
            if swizzle != Swizzle::None {
                let s = swizzle.row_bytes();
                let pattern_start = first - first % s;
                if !pattern_start.is_multiple_of(swizzle.pattern_bytes()) {
                    return Err(SmemLayoutError::PatternMisaligned {
                        swizzle,
                        pattern_start,
                        alignment: swizzle.pattern_bytes(),
                    });
                }
            }
            for j in 0..CORE_MATRIX_ROWS {
                rows.push((layout.row_start_logical(cm, j), cm));
            }
        }
        sort_short_by(&mut rows, |a, b| a.0 < b.0);
        for pair in rows.windows(2) {
            if pair[1].0 < pair[0].0 + CORE_MATRIX_ROW_BYTES {
                return Err(SmemLayoutError::Overlap {
                    first: pair[0].1,
                    second: pair[1].1,
                    address: pair[1].0,
                });
            }
        }
        let end_bytes = layout.end_bytes();
        if end_bytes > DESCRIPTOR_WINDOW_BYTES {
            return Err(SmemLayoutError::BeyondDescriptorRange {
                field: DescriptorField::StartAddress,
                bytes: end_bytes,
            });
        }
        if end_bytes > smem_capacity_bytes {
            return Err(SmemLayoutError::BeyondSharedMemory {
                end_bytes,
                capacity_bytes: smem_capacity_bytes,
            });
        }
        Ok(layout)
    }

    /// The operand.
    pub fn operand(&self) -> &SmemOperand {
        &self.operand
    }

    /// K of the instruction in elements: 32 bytes' worth (16, 32 or 8).
    pub fn k(&self) -> u32 {
        WGMMA_K_BYTES * 8 / self.operand.element_bits
    }

    /// Core matrices along MN and along K.
    pub fn core_matrix_grid(&self) -> (u32, u32) {
        let bits = self.operand.element_bits;
        match self.operand.major {
            Major::K => (self.operand.mn / CORE_MATRIX_ROWS, WGMMA_K_BYTES / 16),
            Major::Mn => (
                (self.operand.mn * bits / 8).div_ceil(CORE_MATRIX_ROW_BYTES),
                self.k() / CORE_MATRIX_ROWS,
            ),
        }
    }

    /// Every core matrix, MN block by MN block.
    pub fn core_matrices(&self) -> Vec<CoreMatrix> {
        let (m, k) = self.core_matrix_grid();
        (0..m)
            .flat_map(|mn_block| (0..k).map(move |k_block| CoreMatrix { mn_block, k_block }))
            .collect()
    }

    /// Offset of element (mn, k) from the start address before the swizzle (module table);
    /// `None` outside the operand.
    pub fn logical_offset(&self, mn: u32, k: u32) -> Option<u32> {
        if mn >= self.operand.mn || k >= self.k() {
            return None;
        }
        let d = self.operand.descriptor;
        let (lbo, sbo) = (d.leading_byte_offset_bytes, d.stride_byte_offset_bytes);
        let bits = self.operand.element_bits;
        let (mb, kb) = (mn * bits / 8, k * bits / 8);
        let s = d.swizzle.row_bytes();
        Some(match (self.operand.major, d.swizzle) {
            (Major::K, Swizzle::None) => (mn % 8) * 16 + (mn / 8) * sbo + (kb / 16) * lbo + kb % 16,
            (Major::K, _) => (mn % 8) * s + (mn / 8) * sbo + kb,
            (Major::Mn, Swizzle::None) => (k % 8) * 16 + (k / 8) * lbo + (mb / 16) * sbo + mb % 16,
            (Major::Mn, _) => (k % 8) * s + (k / 8) * sbo + (mb / s) * lbo + mb % s,
        })
    }

    /// Shared-memory byte address of element (mn, k), swizzle applied; `None` outside.
    pub fn byte_address(&self, mn: u32, k: u32) -> Option<u32> {
        let d = self.operand.descriptor;
        let logical = d.start_address_bytes + self.logical_offset(mn, k)?;
        Some(d.swizzle.apply(logical))
    }

    /// The core matrix holding element (mn, k); `None` outside.
    pub fn core_matrix_of(&self, mn: u32, k: u32) -> Option<CoreMatrix> {
        self.logical_offset(mn, k)?;
        let bits = self.operand.element_bits;
        Some(match self.operand.major {
            Major::K => CoreMatrix {
                mn_block: mn / 8,
                k_block: k * bits / 8 / 16,
            },
            Major::Mn => CoreMatrix {
                mn_block: mn * bits / 8 / 16,
                k_block: k / 8,
            },
        })
    }

    /// First element (mn, k) of row `j` of core matrix `cm`.
    fn row_element(&self, cm: CoreMatrix, j: u32) -> (u32, u32) {
        let per_16 = 128 / self.operand.element_bits;
        match self.operand.major {
            Major::K => (CORE_MATRIX_ROWS * cm.mn_block + j, per_16 * cm.k_block),
            Major::Mn => (per_16 * cm.mn_block, CORE_MATRIX_ROWS * cm.k_block + j),
        }
    }

    fn row_start_logical(&self, cm: CoreMatrix, j: u32) -> u32 {
        let (mn, k) = self.row_element(cm, j);
        self.operand.descriptor.start_address_bytes + self.logical_offset(mn, k).unwrap_or(0)
    }

    /// Shared addresses of the 8 rows (16 bytes each) of core matrix `cm`, swizzle applied;
    /// `None` for a core matrix outside the operand.
    pub fn core_matrix_rows(&self, cm: CoreMatrix) -> Option<[u32; 8]> {
        let (m, k) = self.core_matrix_grid();
        if cm.mn_block >= m || cm.k_block >= k {
            return None;
        }
        let mut rows = [0; 8];
        for (j, r) in rows.iter_mut().enumerate() {
            let (mn, k) = self.row_element(cm, j as u32);
            *r = self.byte_address(mn, k)?;
        }
        Some(rows)
    }

    /// The 8 row addresses of core matrix `cm` before the swizzle: where the rows would be
    /// stored plainly at the same pitch (equal to [`SmemOperandLayout::core_matrix_rows`]
    /// without swizzle); `None` outside the operand.
    pub fn core_matrix_rows_unswizzled(&self, cm: CoreMatrix) -> Option<[u32; 8]> {
        let (m, k) = self.core_matrix_grid();
        if cm.mn_block >= m || cm.k_block >= k {
            return None;
        }
        let mut rows = [0; 8];
        for (j, r) in rows.iter_mut().enumerate() {
            *r = self.row_start_logical(cm, j as u32);
        }
        Some(rows)
    }

    /// One past the highest byte the operand uses.
    pub fn end_bytes(&self) -> u32 {
        self.core_matrices()
            .into_iter()
            .flat_map(|cm| (0..CORE_MATRIX_ROWS).map(move |j| (cm, j)))
            .map(|(cm, j)| {
                let logical = self.row_start_logical(cm, j);
                self.operand.descriptor.swizzle.apply(logical) + CORE_MATRIX_ROW_BYTES
            })
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMEM: u32 = 233_472;

    #[test]
    fn layouts_are_refused_with_a_reason() {
        let ok = SmemOperand::canonical(Major::K, 16, 64, Swizzle::B128, 1024);
        assert!(SmemOperandLayout::new(ok, SMEM).is_ok());
        let mut misaligned = ok;
        misaligned.descriptor.start_address_bytes = 1024 + 128;
        assert!(matches!(
            SmemOperandLayout::new(misaligned, SMEM),
            Err(SmemLayoutError::PatternMisaligned {
                alignment: 1024,
                ..
            })
        ));
        let mut overlap = SmemOperand::canonical(Major::K, 16, 64, Swizzle::None, 0);
        overlap.descriptor.stride_byte_offset_bytes = 128;
        assert!(matches!(
            SmemOperandLayout::new(overlap, SMEM),
            Err(SmemLayoutError::Overlap { .. })
        ));
        let far = SmemOperand::canonical(Major::K, 16, 256, Swizzle::B128, 200 * 1024);
        assert!(matches!(
            SmemOperandLayout::new(far, SMEM),
            Err(SmemLayoutError::BeyondSharedMemory { .. })
        ));
        let mn8 = SmemOperand::canonical(Major::Mn, 8, 64, Swizzle::None, 0);
        assert_eq!(
            SmemOperandLayout::new(mn8, SMEM),
            Err(SmemLayoutError::MnMajorNeeds16Bit(8))
        );
    }
}
