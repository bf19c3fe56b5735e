//! Hopper's shared-memory matrix descriptor: the 64-bit value through which `wgmma.mma_async`
//! finds A and B in shared memory, and the byte address of every element it names.
//!
//! Source: PTX ISA §9.7.15.5.1.2 "Shared Memory Matrix Layout" (Table "Various combinations of
//! swizzling mode, leading dimension and swizzle-atom layout", Figures 156–170), its
//! sub-sections "Leading Dimension Byte Offset", "Stride Dimension Byte Offset", "Canonical
//! Layouts" and §9.7.15.5.1.2.2 "Matrix Descriptor Format".
//!
//! **The descriptor** (bits, low to high): start address (13–0), leading dimension byte offset
//! LBO (29–16), stride dimension byte offset SBO (45–32), each stored as
//! `matrix-descriptor-encode(x) = (x & 0x3FFFF) >> 4` (so 16-byte units, 256 KiB reach);
//! matrix base offset (51–49); swizzle mode (63–62: 0 none, 1 128 B, 2 64 B, 3 32 B).
//!
//! **The layout.** A wgmma reads 32 bytes of K per row of A or B (16 f16/bf16, 32 8-bit, 8 tf32
//! elements). The unit is the *core matrix*: 8 rows of 16 contiguous bytes. With `S` the
//! swizzle width (32, 64, 128 bytes) the PTX canonical layouts (§"Canonical Layouts", CuTe
//! notation, `T` = elements per 16 bytes) give the byte offset from the start address of
//! element (mn, k) — `mb`, `kb` its byte offsets along MN and K:
//!
//! | major | swizzle | offset before the swizzle |
//! |---|---|---|
//! | K | none | `(mn % 8)·16 + (mn / 8)·SBO + (kb / 16)·LBO + kb % 16` |
//! | K | S | `(mn % 8)·S + (mn / 8)·SBO + kb` (LBO unused, "assumed 1") |
//! | MN | none | `(k % 8)·16 + (k / 8)·LBO + (mb / 16)·SBO + mb % 16` |
//! | MN | S | `(k % 8)·S + (k / 8)·SBO + (mb / S)·LBO + mb % S` |
//!
//! The swizzle then permutes the 16-byte units of the absolute shared address: CuTe's
//! `Swizzle<B,4,3>` (B = 1, 2, 3 for 32, 64, 128 B), i.e. address bits `[4, 4+B)` XOR bits
//! `[7, 7+B)`: for 128 B, bits 4–6 (the 16-byte chunk within a 128-byte row) XOR bits 7–9 (the
//! row within a 1,024-byte pattern). That reading is the one under which the ISA's pattern
//! sizes (1,024 / 512 / 256 B, Table "Starting address of the repeating pattern") are exactly
//! 8 rows of S bytes; the hardware applies it to the absolute address (so a start address moved
//! 32 bytes along K inside a 128-byte row, as CUTLASS does for the second K block, still reads
//! the right bytes). Checked on Hopper silicon (an H100 80GB HBM3, the H200's chip) for every
//! mode, K-major and MN-major, and for that shifted start (`tests/fixtures/wgmma_layout_h100.json`,
//! `descriptor_variants`).
//!
//! **Typed checks** ([`SmemLayoutError`]): every field 16-byte aligned (PTX: "The following must
//! be 16-byte aligned: start address, LBO, SBO") and inside the 256 KiB a field can encode; the
//! footprint inside the SM's shared memory (228 KiB on H100/H200/B200); no two core matrices on
//! the same bytes; for a swizzle, every 8-row pattern starting on its 256/512/1,024-byte
//! boundary. A non-zero base offset is not modelled: the ISA gives the formula for the field
//! (`(pattern start addr >> 7) & 7`) but not the address arithmetic the hardware then applies,
//! so such a descriptor is refused rather than guessed.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Bytes of K one wgmma reads per row of A or B: 16 × f16, 32 × 8-bit, 8 × tf32.
pub const WGMMA_K_BYTES: u32 = 32;
/// Rows of a core matrix.
pub const CORE_MATRIX_ROWS: u32 = 8;
/// Bytes of a core-matrix row.
pub const CORE_MATRIX_ROW_BYTES: u32 = 16;
/// Shared-memory bytes a descriptor field can name: 14 bits of `address >> 4`, 256 KiB.
pub const DESCRIPTOR_WINDOW_BYTES: u32 = 1 << 18;

/// The descriptor's swizzle mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Swizzle {
    /// No swizzle ("interleave"): core matrices are 128 contiguous bytes.
    None,
    /// 32-byte swizzle: 256-byte pattern.
    B32,
    /// 64-byte swizzle: 512-byte pattern.
    B64,
    /// 128-byte swizzle: 1,024-byte pattern.
    B128,
}

impl Swizzle {
    /// Every mode, widest last.
    pub const ALL: [Swizzle; 4] = [Swizzle::None, Swizzle::B32, Swizzle::B64, Swizzle::B128];

    /// Bytes between two rows of a core matrix: 16 without swizzle, else the swizzle width.
    pub fn row_bytes(self) -> u32 {
        match self {
            Swizzle::None => CORE_MATRIX_ROW_BYTES,
            Swizzle::B32 => 32,
            Swizzle::B64 => 64,
            Swizzle::B128 => 128,
        }
    }

    /// Bytes of the repeating pattern: 8 rows (256, 512, 1,024; 128 = one core matrix for none).
    pub fn pattern_bytes(self) -> u32 {
        CORE_MATRIX_ROWS * self.row_bytes()
    }

    /// The descriptor's bits 63–62 for wgmma: 0 none, 1 128 B, 2 64 B, 3 32 B.
    pub fn wgmma_code(self) -> u64 {
        match self {
            Swizzle::None => 0,
            Swizzle::B128 => 1,
            Swizzle::B64 => 2,
            Swizzle::B32 => 3,
        }
    }

    /// Inverse of [`Swizzle::wgmma_code`] (two bits: every value is a mode).
    pub fn from_wgmma_code(code: u64) -> Swizzle {
        match code & 3 {
            1 => Swizzle::B128,
            2 => Swizzle::B64,
            3 => Swizzle::B32,
            _ => Swizzle::None,
        }
    }

    /// The tcgen05 descriptor's bits 63–61 for the same mode (PTX ISA §9.7.16.4.1 "Shared memory
    /// descriptor": 0 none, 2 128 B, 4 64 B, 6 32 B; 1, "128 B with 32 B atomicity", is not a
    /// wgmma mode).
    pub fn tcgen05_code(self) -> u64 {
        match self {
            Swizzle::None => 0,
            Swizzle::B128 => 2,
            Swizzle::B64 => 4,
            Swizzle::B32 => 6,
        }
    }

    /// The physical byte address of logical address `address`: bits `[4, 4+B)` XOR bits
    /// `[7, 7+B)` (`Swizzle<B,4,3>`, B = 0, 1, 2, 3).
    pub fn apply(self, address: u32) -> u32 {
        let mask = self.row_bytes() / CORE_MATRIX_ROW_BYTES - 1;
        address ^ (((address >> 7) & mask) << 4)
    }

    /// Label: `"none"`, `"32B"`, `"64B"`, `"128B"`.
    pub fn label(self) -> &'static str {
        match self {
            Swizzle::None => "none",
            Swizzle::B32 => "32B",
            Swizzle::B64 => "64B",
            Swizzle::B128 => "128B",
        }
    }
}

/// Which dimension is contiguous in shared memory (PTX: `imm-trans-a/b` = 0 is K-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Major {
    /// K contiguous: A row-major, B column-major (the default, `imm-trans = 0`).
    K,
    /// M (for A) or N (for B) contiguous (`imm-trans = 1`; 16-bit types only).
    Mn,
}

/// A byte field of the descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DescriptorField {
    /// The matrix start address.
    StartAddress,
    /// The leading dimension byte offset (LBO).
    LeadingByteOffset,
    /// The stride dimension byte offset (SBO).
    StrideByteOffset,
}

impl DescriptorField {
    fn label(self) -> &'static str {
        match self {
            DescriptorField::StartAddress => "start address",
            DescriptorField::LeadingByteOffset => "leading dimension byte offset (LBO)",
            DescriptorField::StrideByteOffset => "stride dimension byte offset (SBO)",
        }
    }
}

/// One core matrix of an operand: 8 rows × 16 bytes. For K-major, `mn_block` counts 8-row
/// groups and `k_block` 16-byte K chunks; for MN-major, `mn_block` counts 16-byte MN chunks and
/// `k_block` 8-row K groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CoreMatrix {
    /// Block along M (A) or N (B).
    pub mn_block: u32,
    /// Block along K.
    pub k_block: u32,
}

/// Why a descriptor or an operand layout is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmemLayoutError {
    /// A field is not a multiple of 16 bytes.
    Misaligned {
        /// Which field.
        field: DescriptorField,
        /// Its value, bytes.
        bytes: u32,
    },
    /// A field is past the 256 KiB its 14 bits can encode.
    BeyondDescriptorRange {
        /// Which field.
        field: DescriptorField,
        /// Its value, bytes.
        bytes: u32,
    },
    /// The base offset is past 7 (3 bits).
    BaseOffsetRange(u32),
    /// A non-zero base offset: not modelled (see the module docs).
    BaseOffsetNotModelled(u32),
    /// A 64-bit value with reserved bits set is not a descriptor.
    ReservedBits(u64),
    /// Element size other than 8, 16 or 32 bits.
    ElementBits(u32),
    /// MN-major operands exist for 16-bit types only (PTX: `imm-trans` is for `.f16`/`.bf16`).
    MnMajorNeeds16Bit(u32),
    /// Rows along M/N not a multiple of 8 in 8..=256.
    BadExtent(u32),
    /// With a swizzle, the bytes read from one row run past the end of that S-byte row.
    RowOverrun {
        /// The swizzle.
        swizzle: Swizzle,
        /// Offset of the first byte read within its row.
        offset_in_row: u32,
        /// Bytes read from the row.
        bytes: u32,
    },
    /// A swizzle pattern does not start on its boundary.
    PatternMisaligned {
        /// The swizzle.
        swizzle: Swizzle,
        /// Where the 8-row pattern starts.
        pattern_start: u32,
        /// The boundary it needs: 256, 512 or 1,024 bytes.
        alignment: u32,
    },
    /// Two core matrices share bytes: LBO or SBO too small.
    Overlap {
        /// One core matrix.
        first: CoreMatrix,
        /// Another on the same 16 bytes.
        second: CoreMatrix,
        /// The shared address.
        address: u32,
    },
    /// The operand ends past the shared memory given.
    BeyondSharedMemory {
        /// One past the last byte.
        end_bytes: u32,
        /// The shared memory available, bytes.
        capacity_bytes: u32,
    },
}

impl fmt::Display for SmemLayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmemLayoutError::Misaligned { field, bytes } => write!(
                f,
                "the {} must be a multiple of 16 bytes; {bytes} is not",
                field.label()
            ),
            SmemLayoutError::BeyondDescriptorRange { field, bytes } => write!(
                f,
                "the {} of {bytes} bytes does not fit the descriptor's 14 bits (< 262,144)",
                field.label()
            ),
            SmemLayoutError::BaseOffsetRange(b) => {
                write!(f, "the base offset has 3 bits (0–7); {b} does not fit")
            }
            SmemLayoutError::BaseOffsetNotModelled(b) => write!(
                f,
                "base offset {b}: a pattern that does not start on its boundary is not modelled"
            ),
            SmemLayoutError::ReservedBits(bits) => {
                write!(f, "{bits:#018x} has reserved descriptor bits set")
            }
            SmemLayoutError::ElementBits(b) => {
                write!(f, "wgmma operands are 8, 16 or 32 bits wide, not {b}")
            }
            SmemLayoutError::MnMajorNeeds16Bit(b) => write!(
                f,
                "an MN-major operand must be f16 or bf16; {b}-bit elements are K-major only"
            ),
            SmemLayoutError::BadExtent(mn) => write!(
                f,
                "an operand has 8, 16, …, 256 rows along M or N, not {mn}"
            ),
            SmemLayoutError::RowOverrun {
                swizzle,
                offset_in_row,
                bytes,
            } => write!(
                f,
                "{bytes} bytes from byte {offset_in_row} of a {}-byte swizzled row run past its end",
                swizzle.row_bytes()
            ),
            SmemLayoutError::PatternMisaligned {
                swizzle,
                pattern_start,
                alignment,
            } => write!(
                f,
                "a {} swizzle pattern starts at byte {pattern_start}, not on a {alignment}-byte boundary",
                swizzle.label()
            ),
            SmemLayoutError::Overlap {
                first,
                second,
                address,
            } => write!(
                f,
                "core matrices ({}, {}) and ({}, {}) both use byte {address}: LBO or SBO is too small",
                first.mn_block, first.k_block, second.mn_block, second.k_block
            ),
            SmemLayoutError::BeyondSharedMemory {
                end_bytes,
                capacity_bytes,
            } => write!(
                f,
                "the operand ends at byte {end_bytes}, past the {capacity_bytes} bytes of shared memory"
            ),
        }
    }
}

impl std::error::Error for SmemLayoutError {}

/// `matrix-descriptor-encode(x) = (x & 0x3FFFF) >> 4` (PTX ISA "Matrix Descriptor Format").
pub fn matrix_descriptor_encode(x: u32) -> u64 {
    u64::from((x & 0x3FFFF) >> 4)
}

const FIELD_MASK: u64 = 0x3FFF;
const USED_BITS: u64 = FIELD_MASK | FIELD_MASK << 16 | FIELD_MASK << 32 | 7 << 49 | 3 << 62;

/// The fields of a wgmma matrix descriptor, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatrixDescriptor {
    /// Shared-memory address of the matrix, bytes.
    pub start_address_bytes: u32,
    /// Leading dimension byte offset (LBO), bytes.
    pub leading_byte_offset_bytes: u32,
    /// Stride dimension byte offset (SBO), bytes.
    pub stride_byte_offset_bytes: u32,
    /// Matrix base offset, 0–7.
    pub base_offset: u32,
    /// Swizzle mode.
    pub swizzle: Swizzle,
}

fn check_field(field: DescriptorField, bytes: u32) -> Result<(), SmemLayoutError> {
    if !bytes.is_multiple_of(CORE_MATRIX_ROW_BYTES) {
        return Err(SmemLayoutError::Misaligned { field, bytes });
    }
    if bytes >= DESCRIPTOR_WINDOW_BYTES {
        return Err(SmemLayoutError::BeyondDescriptorRange { field, bytes });
    }
    Ok(())
}

impl MatrixDescriptor {
    /// The 64-bit descriptor; Err for a field that is not 16-byte aligned or does not fit.
    pub fn encode(&self) -> Result<u64, SmemLayoutError> {
        check_field(DescriptorField::StartAddress, self.start_address_bytes)?;
        check_field(
            DescriptorField::LeadingByteOffset,
            self.leading_byte_offset_bytes,
        )?;
        check_field(
            DescriptorField::StrideByteOffset,
            self.stride_byte_offset_bytes,
        )?;
        if self.base_offset > 7 {
            return Err(SmemLayoutError::BaseOffsetRange(self.base_offset));
        }
        Ok(matrix_descriptor_encode(self.start_address_bytes)
            | matrix_descriptor_encode(self.leading_byte_offset_bytes) << 16
            | matrix_descriptor_encode(self.stride_byte_offset_bytes) << 32
            | u64::from(self.base_offset) << 49
            | self.swizzle.wgmma_code() << 62)
    }

    /// The fields of a 64-bit descriptor; Err if a reserved bit is set.
    pub fn decode(bits: u64) -> Result<MatrixDescriptor, SmemLayoutError> {
        if bits & !USED_BITS != 0 {
            return Err(SmemLayoutError::ReservedBits(bits));
        }
        // Each field is 14 bits, so the u32 conversions cannot truncate.
        let field = |shift: u32| ((bits >> shift) & FIELD_MASK) as u32 * CORE_MATRIX_ROW_BYTES;
        Ok(MatrixDescriptor {
            start_address_bytes: field(0),
            leading_byte_offset_bytes: field(16),
            stride_byte_offset_bytes: field(32),
            base_offset: ((bits >> 49) & 7) as u32,
            swizzle: Swizzle::from_wgmma_code(bits >> 62),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptor_bits_match_the_isa_table() {
        // PTX ISA "Matrix Descriptor Format": the tf32 K-major no-swizzle example of Figure 166
        // encodes LBO = 64 · 4 B as 16 and SBO = 32 · 4 B as 8.
        let d = MatrixDescriptor {
            start_address_bytes: 0x400,
            leading_byte_offset_bytes: 256,
            stride_byte_offset_bytes: 128,
            base_offset: 0,
            swizzle: Swizzle::B128,
        };
        let bits = d.encode().expect("valid");
        assert_eq!(bits & 0x3FFF, 0x40);
        assert_eq!((bits >> 16) & 0x3FFF, 16);
        assert_eq!((bits >> 32) & 0x3FFF, 8);
        assert_eq!(bits >> 62, 1);
        assert_eq!(MatrixDescriptor::decode(bits), Ok(d));
        assert_eq!(
            MatrixDescriptor::decode(bits | 1 << 14),
            Err(SmemLayoutError::ReservedBits(bits | 1 << 14))
        );
        let bad = MatrixDescriptor {
            leading_byte_offset_bytes: 24,
            ..d
        };
        assert_eq!(
            bad.encode(),
            Err(SmemLayoutError::Misaligned {
                field: DescriptorField::LeadingByteOffset,
                bytes: 24
            })
        );
    }

    #[test]
    fn the_128b_swizzle_is_a_permutation_of_each_pattern() {
        for s in Swizzle::ALL {
            let p = s.pattern_bytes();
            let mut seen = vec![false; p as usize / 16];
            for unit in 0..p / 16 {
                let a = s.apply(4096 + unit * 16);
                assert!((4096..4096 + p).contains(&a));
                seen[((a - 4096) / 16) as usize] = true;
            }
            assert!(seen.iter().all(|&x| x), "{s:?}");
        }
        // 128 B: chunk c of row r goes to chunk c ^ (r % 8).
        assert_eq!(
            Swizzle::B128.apply(3 * 128 + 5 * 16),
            3 * 128 + (5 ^ 3) * 16
        );
    }
}
