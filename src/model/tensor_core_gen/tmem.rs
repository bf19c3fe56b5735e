//! Blackwell's Tensor Memory (TMEM) and where `tcgen05.mma` keeps its accumulator in it
//! (data-center Blackwell: B200, `sm_100a`).
//!
//! Sources, PTX ISA §9.7.16 "TensorCore 5th Generation Family Instructions" (PTX ISA 8.7–9.x;
//! §9.7.17 in the newest numbering):
//! - "Tensor Memory": "a two-dimensional structure of 512 columns and 128 rows per CTA, with
//!   each cell being 32-bits in size" (rows are called lanes) — 256 KiB per CTA.
//! - "Tensor Memory Addressing": a 32-bit address, lane index in bits 31–16, column in 15–0.
//! - "Tensor Memory Allocation": "The unit of allocation is 32 columns and the number of
//!   columns being allocated must be a power of 2. When a column is allocated, all 128 lanes of
//!   the column are allocated" (so 32, 64, 128, 256 or 512 columns).
//! - "Access restrictions" (tcgen05.ld/st): warp `w % 4` of a warp group reaches lanes
//!   `32·(w % 4) … 32·(w % 4) + 31`, every column.
//! - "Matrix Shape", Table "Various combinations of .kind and shapes" (dense, no `.ws`):
//!   `cta_group::1` has M = 64 or 128, N = 8 … 256 in steps of 8 (i8: 8, 16, 24, 32, then steps
//!   of 16); `cta_group::2` has M = 128 or 256, N = 16 … 256 in steps of 16 (i8: steps of 32).
//! - "Packing format for matrix D in Tensor Memory": 16-bit D elements are not packed, one per
//!   32-bit cell (low half), so an M × N accumulator takes N columns whatever its type.
//! - "Data Path Layout Organization": Layout A (M = 256, `cta_group::2`), B (M = 128,
//!   `cta_group::2`, dense), D (M = 128, `cta_group::1`), F (M = 64, `cta_group::1`, half the
//!   lanes, lane alignment 0 or 16). The figures are images; the element maps below are the
//!   ones CUTLASS builds for them (`UMMA::tmem_frg` in `mma_sm100_desc.hpp`: M = 64 atom
//!   `((16,4),N):((1,32),128)`, M = 128 atom `(128,N):(1,128)`, 2-SM M = 128 per pair "2x2"
//!   atom `(64,(N/2,2)):(1,(128,64))`, each CTA of a pair holding rows `CTA·M/2 …`). Layouts C,
//!   E and G (sparse A, weight-stationary `.ws`) are not modelled.
//!
//! | layout | M, CTA group | D\[row\]\[col\] → (CTA, lane, column) | columns per CTA |
//! |---|---|---|---|
//! | D | 128, ::1 | (0, row, col) | N |
//! | F | 64, ::1 | (0, 32·(row/16) + row%16 + alignment, col) | N |
//! | A | 256, ::2 | (row/128, row%128, col) | N |
//! | B | 128, ::2 | (row/64, row%64 + 64·(col/(N/2)), col % (N/2)) | N/2 |
//!
//! What a reader should take away: the accumulator no longer lives in 128 threads' registers
//! but in a 128-lane × 512-column memory next to the Tensor Cores; a 128 × 256 f32 accumulator
//! is half of one SM's TMEM (256 of 512 columns), and lane `r` of it can only be read back by
//! warp `r / 32` of a warp group. Not every Blackwell has it: the GeForce RTX 5090 (GB202,
//! `sm_120`) has no Tensor Memory and no `tcgen05`; its Tensor Cores run warp-level
//! `mma.sync` as on Ampere ([`has_tensor_memory`]).

use std::fmt;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::model::tensor_core::ElementType;

/// Lanes (rows) of Tensor Memory per CTA.
pub const TMEM_LANES: u32 = 128;
/// Columns of Tensor Memory per CTA.
pub const TMEM_COLUMNS: u32 = 512;
/// Bits per cell.
pub const TMEM_CELL_BITS: u32 = 32;
/// Bytes of Tensor Memory per CTA: 128 × 512 × 4 = 262,144 (256 KiB).
pub const TMEM_BYTES_PER_CTA: u32 = TMEM_LANES * TMEM_COLUMNS * TMEM_CELL_BITS / 8;
/// The unit (and minimum) of `tcgen05.alloc`, columns.
pub const TMEM_ALLOC_UNIT_COLUMNS: u32 = 32;
/// Lanes one warp reaches with `tcgen05.ld` / `tcgen05.st`.
pub const LANES_PER_WARP: u32 = 32;

/// `true` for a compute capability whose SMs have Tensor Memory and `tcgen05`: 10.x (B200,
/// B300) and 11.x (PTX ISA lists `tcgen05` for `sm_100a/f`, `sm_101a`, `sm_103a`, `sm_110f`).
/// `false` for 12.x (GeForce RTX 50, RTX PRO Blackwell: `sm_120` has warp-level `mma` only)
/// and everything older.
pub fn has_tensor_memory(compute_capability: (u32, u32)) -> bool {
    matches!(compute_capability.0, 10 | 11)
}

/// Why a Tensor Memory request is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TmemError {
    /// `tcgen05.alloc` columns not a power of two in 32..=512.
    AllocColumns(u32),
    /// More columns needed than one CTA has (512).
    TooManyColumns(u32),
    /// A lane past 127 or a column past 511.
    CellOutOfRange {
        /// Lane asked for.
        lane: u32,
        /// Column asked for.
        column: u32,
    },
    /// M not allowed for that CTA group (64/128 for ::1, 128/256 for ::2).
    BadM {
        /// M asked for.
        m: u32,
        /// The CTA group.
        cta_group: CtaGroup,
    },
    /// N not allowed for that kind and CTA group.
    BadN {
        /// N asked for.
        n: u32,
        /// The kind.
        kind: Tcgen05Kind,
        /// The CTA group.
        cta_group: CtaGroup,
    },
    /// Accumulator type not allowed for that kind.
    BadAccumulator {
        /// The kind.
        kind: Tcgen05Kind,
        /// The type asked for.
        dtype: ElementType,
    },
    /// Lane alignment other than 0, or 16 with Layout F.
    BadLaneAlignment(u32),
}

impl fmt::Display for TmemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TmemError::AllocColumns(n) => write!(
                f,
                "tcgen05.alloc takes 32, 64, 128, 256 or 512 columns (a power of two, at least 32), not {n}"
            ),
            TmemError::TooManyColumns(n) => write!(
                f,
                "{n} columns do not fit the 512 columns of a CTA's Tensor Memory"
            ),
            TmemError::CellOutOfRange { lane, column } => write!(
                f,
                "Tensor Memory has lanes 0–127 and columns 0–511; ({lane}, {column}) is outside"
            ),
            TmemError::BadM { m, cta_group } => write!(
                f,
                "tcgen05.mma.{} has M = {}, not {m}",
                cta_group.label(),
                match cta_group {
                    CtaGroup::One => "64 or 128",
                    CtaGroup::Two => "128 or 256",
                }
            ),
            TmemError::BadN { n, kind, cta_group } => write!(
                f,
                "tcgen05.mma.{}.{} has no N = {n}",
                cta_group.label(),
                kind.label()
            ),
            TmemError::BadAccumulator { kind, dtype } => write!(
                f,
                "tcgen05.mma.{} cannot accumulate in {}",
                kind.label(),
                dtype.label()
            ),
            TmemError::BadLaneAlignment(a) => write!(
                f,
                "the lane alignment is 0 (or 16 for the M = 64 layout), not {a}"
            ),
        }
    }
}

impl std::error::Error for TmemError {}

/// A Tensor Memory cell: lane (row) and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TmemAddress {
    /// Lane, 0..128.
    pub lane: u32,
    /// Column, 0..512.
    pub column: u32,
}

impl TmemAddress {
    /// The 32-bit address: lane in bits 31–16, column in 15–0; Err outside 128 × 512.
    pub fn encode(self) -> Result<u32, TmemError> {
        if self.lane >= TMEM_LANES || self.column >= TMEM_COLUMNS {
            return Err(TmemError::CellOutOfRange {
                lane: self.lane,
                column: self.column,
            });
        }
        Ok(self.lane << 16 | self.column)
    }

    /// The cell a 32-bit address names; Err outside 128 × 512.
    pub fn decode(address: u32) -> Result<TmemAddress, TmemError> {
        let cell = TmemAddress {
            lane: address >> 16,
            column: address & 0xFFFF,
        };
        cell.encode().map(|_| cell)
    }
}

/// Checks a `tcgen05.alloc` column count: a power of two in 32..=512.
pub fn alloc_columns(columns: u32) -> Result<u32, TmemError> {
    if columns.is_power_of_two() && (TMEM_ALLOC_UNIT_COLUMNS..=TMEM_COLUMNS).contains(&columns) {
        Ok(columns)
    } else {
        Err(TmemError::AllocColumns(columns))
    }
}

/// The smallest legal allocation holding `columns_needed` columns (32 for 0 … 32); Err past 512.
pub fn smallest_alloc(columns_needed: u32) -> Result<u32, TmemError> {
    if columns_needed > TMEM_COLUMNS {
        return Err(TmemError::TooManyColumns(columns_needed));
    }
    Ok(columns_needed
        .max(TMEM_ALLOC_UNIT_COLUMNS)
        .next_power_of_two())
}

/// Lanes warp `warp` of a CTA can reach with `tcgen05.ld/st`: `32·(warp % 4)` to `+31`.
pub fn warp_lanes(warp: u32) -> Range<u32> {
    let first = LANES_PER_WARP * (warp % 4);
    first..first + LANES_PER_WARP
}

/// The warp of a warp group (0–3) that can reach `lane`; `None` past lane 127.
pub fn warp_for_lane(lane: u32) -> Option<u32> {
    (lane < TMEM_LANES).then_some(lane / LANES_PER_WARP)
}

/// How many CTAs issue one `tcgen05` operation together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CtaGroup {
    /// One CTA (`.cta_group::1`).
    One,
    /// The CTA pair of two SMs (`.cta_group::2`): `%cluster_ctarank` differing in the last bit;
    /// each CTA allocates the same columns of its own TMEM and holds half of D.
    Two,
}

impl CtaGroup {
    /// CTAs: 1 or 2.
    pub fn ctas(self) -> u32 {
        match self {
            CtaGroup::One => 1,
            CtaGroup::Two => 2,
        }
    }

    /// PTX qualifier: `"cta_group::1"`, `"cta_group::2"`.
    pub fn label(self) -> &'static str {
        match self {
            CtaGroup::One => "cta_group::1",
            CtaGroup::Two => "cta_group::2",
        }
    }
}

/// The `.kind` of a dense `tcgen05.mma` modelled here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tcgen05Kind {
    /// f16 / bf16 inputs, f16 or f32 accumulators, K = 16.
    F16,
    /// tf32 inputs, f32 accumulators, K = 8.
    Tf32,
    /// 8-, 6- and 4-bit float inputs, f16 or f32 accumulators, K = 32.
    F8f6f4,
    /// s8 / u8 inputs, s32 accumulators, K = 32.
    I8,
}

impl Tcgen05Kind {
    /// Every kind.
    pub const ALL: [Tcgen05Kind; 4] = [
        Tcgen05Kind::F16,
        Tcgen05Kind::Tf32,
        Tcgen05Kind::F8f6f4,
        Tcgen05Kind::I8,
    ];

    /// PTX qualifier: `"kind::f16"` …
    pub fn label(self) -> &'static str {
        match self {
            Tcgen05Kind::F16 => "kind::f16",
            Tcgen05Kind::Tf32 => "kind::tf32",
            Tcgen05Kind::F8f6f4 => "kind::f8f6f4",
            Tcgen05Kind::I8 => "kind::i8",
        }
    }

    /// K of one dense instruction: 32 bytes of input (16, 8, 32, 32 elements).
    pub fn k(self) -> u32 {
        match self {
            Tcgen05Kind::F16 => 16,
            Tcgen05Kind::Tf32 => 8,
            Tcgen05Kind::F8f6f4 | Tcgen05Kind::I8 => 32,
        }
    }

    /// Accumulator types the kind allows.
    pub fn accumulators(self) -> &'static [ElementType] {
        match self {
            Tcgen05Kind::F16 | Tcgen05Kind::F8f6f4 => &[ElementType::F32, ElementType::F16],
            Tcgen05Kind::Tf32 => &[ElementType::F32],
            Tcgen05Kind::I8 => &[ElementType::S32],
        }
    }

    fn n_is_legal(self, n: u32, cta_group: CtaGroup) -> bool {
        match (self, cta_group) {
            (Tcgen05Kind::I8, CtaGroup::One) => {
                matches!(n, 8 | 16 | 24 | 32) || ((48..=256).contains(&n) && n.is_multiple_of(16))
            }
            (Tcgen05Kind::I8, CtaGroup::Two) => (32..=256).contains(&n) && n.is_multiple_of(32),
            (_, CtaGroup::One) => (8..=256).contains(&n) && n.is_multiple_of(8),
            (_, CtaGroup::Two) => (16..=256).contains(&n) && n.is_multiple_of(16),
        }
    }
}

/// The ISA's data-path layouts modelled here ("Data Path Layout Organization").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DataPathLayout {
    /// M = 256, `cta_group::2`: "4x1" in each CTA, 128 rows per CTA.
    A,
    /// M = 128, `cta_group::2`, dense A: "2x2", 64 rows per CTA on all 128 lanes, N/2 columns.
    B,
    /// M = 128, `cta_group::1`: "4x1", row `r` in lane `r`.
    D,
    /// M = 64, `cta_group::1`: "4x1 (1/2 datapath utilized)", 16 rows per 32-lane chunk.
    F,
}

impl DataPathLayout {
    /// The ISA's name: `"Layout A"` …
    pub fn label(self) -> &'static str {
        match self {
            DataPathLayout::A => "Layout A",
            DataPathLayout::B => "Layout B",
            DataPathLayout::D => "Layout D",
            DataPathLayout::F => "Layout F",
        }
    }

    /// The ISA's "Datapath organization" column.
    pub fn organization(self) -> &'static str {
        match self {
            DataPathLayout::A | DataPathLayout::D => "4x1",
            DataPathLayout::B => "2x2",
            DataPathLayout::F => "4x1 (1/2 datapath utilized)",
        }
    }
}

/// Where an accumulator element lives: which CTA of the group, lane and column, relative to
/// the accumulator's TMEM address (lane 0, its first column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TmemCell {
    /// CTA of the pair: 0 (even) or 1 (odd); always 0 for `cta_group::1`.
    pub cta: u32,
    /// Lane, 0..128.
    pub lane: u32,
    /// Column offset from the accumulator's first column.
    pub column: u32,
}

/// A dense `tcgen05.mma` and its accumulator's place in Tensor Memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tcgen05Mma {
    kind: Tcgen05Kind,
    cta_group: CtaGroup,
    m: u32,
    n: u32,
    dtype: ElementType,
    lane_alignment: u32,
}

impl Tcgen05Mma {
    /// Checks M, N and the accumulator type against the ISA's shape table.
    pub fn new(
        kind: Tcgen05Kind,
        cta_group: CtaGroup,
        m: u32,
        n: u32,
        dtype: ElementType,
    ) -> Result<Tcgen05Mma, TmemError> {
        let m_ok = match cta_group {
            CtaGroup::One => matches!(m, 64 | 128),
            CtaGroup::Two => matches!(m, 128 | 256),
        };
        if !m_ok {
            return Err(TmemError::BadM { m, cta_group });
        }
        if !kind.n_is_legal(n, cta_group) {
            return Err(TmemError::BadN { n, kind, cta_group });
        }
        if !kind.accumulators().contains(&dtype) {
            return Err(TmemError::BadAccumulator { kind, dtype });
        }
        Ok(Tcgen05Mma {
            kind,
            cta_group,
            m,
            n,
            dtype,
            lane_alignment: 0,
        })
    }

    /// The same instruction with D on the upper 16 lanes of each 32-lane chunk (lane alignment
    /// 16, Layout F only).
    pub fn with_lane_alignment(self, lane_alignment: u32) -> Result<Tcgen05Mma, TmemError> {
        match (lane_alignment, self.layout()) {
            (0, _) | (16, DataPathLayout::F) => Ok(Tcgen05Mma {
                lane_alignment,
                ..self
            }),
            _ => Err(TmemError::BadLaneAlignment(lane_alignment)),
        }
    }

    /// M.
    pub fn m(&self) -> u32 {
        self.m
    }

    /// N.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// K of one instruction.
    pub fn k(&self) -> u32 {
        self.kind.k()
    }

    /// The kind.
    pub fn kind(&self) -> Tcgen05Kind {
        self.kind
    }

    /// The CTA group.
    pub fn cta_group(&self) -> CtaGroup {
        self.cta_group
    }

    /// The accumulator type.
    pub fn dtype(&self) -> ElementType {
        self.dtype
    }

    /// The data-path layout of the accumulator.
    pub fn layout(&self) -> DataPathLayout {
        match (self.cta_group, self.m) {
            (CtaGroup::One, 64) => DataPathLayout::F,
            (CtaGroup::One, _) => DataPathLayout::D,
            (CtaGroup::Two, 128) => DataPathLayout::B,
            (CtaGroup::Two, _) => DataPathLayout::A,
        }
    }

    /// TMEM columns D takes in each CTA: N, or N/2 for Layout B (f16 D is unpacked: one element
    /// per 32-bit cell, so the type does not change the count).
    pub fn columns_per_cta(&self) -> u32 {
        match self.layout() {
            DataPathLayout::B => self.n / 2,
            _ => self.n,
        }
    }

    /// Lanes D uses in each CTA: 64 for Layout F, else 128.
    pub fn lanes_per_cta(&self) -> u32 {
        match self.layout() {
            DataPathLayout::F => TMEM_LANES / 2,
            _ => TMEM_LANES,
        }
    }

    /// The smallest `tcgen05.alloc` that holds D (in each CTA of the group).
    pub fn alloc_columns(&self) -> u32 {
        smallest_alloc(self.columns_per_cta()).unwrap_or(TMEM_COLUMNS)
    }

    /// Where D\[row\]\[col\] lives (module table); `None` outside M × N.
    pub fn accumulator_cell(&self, row: u32, col: u32) -> Option<TmemCell> {
        if row >= self.m || col >= self.n {
            return None;
        }
        Some(match self.layout() {
            DataPathLayout::D => TmemCell {
                cta: 0,
                lane: row,
                column: col,
            },
            DataPathLayout::F => TmemCell {
                cta: 0,
                lane: LANES_PER_WARP * (row / 16) + row % 16 + self.lane_alignment,
                column: col,
            },
            DataPathLayout::A => TmemCell {
                cta: row / 128,
                lane: row % 128,
                column: col,
            },
            DataPathLayout::B => {
                let half = self.n / 2;
                TmemCell {
                    cta: row / 64,
                    lane: row % 64 + 64 * (col / half),
                    column: col % half,
                }
            }
        })
    }

    /// The element of D in `cell`; `None` for a cell D does not use.
    pub fn element_at(&self, cell: TmemCell) -> Option<(u32, u32)> {
        if cell.cta >= self.cta_group.ctas()
            || cell.lane >= TMEM_LANES
            || cell.column >= self.columns_per_cta()
        {
            return None;
        }
        let (row, col) = match self.layout() {
            DataPathLayout::D => (cell.lane, cell.column),
            DataPathLayout::F => {
                let within = (cell.lane % LANES_PER_WARP).checked_sub(self.lane_alignment)?;
                if within >= 16 {
                    return None;
                }
                (16 * (cell.lane / LANES_PER_WARP) + within, cell.column)
            }
            DataPathLayout::A => (128 * cell.cta + cell.lane, cell.column),
            DataPathLayout::B => (
                64 * cell.cta + cell.lane % 64,
                cell.column + self.n / 2 * (cell.lane / 64),
            ),
        };
        Some((row, col))
    }
}

/// Quiz helper: TMEM columns an M × N f32 accumulator of a dense `kind::f16` MMA needs in each
/// CTA, and the `tcgen05.alloc` that holds it; Err for a shape the ISA does not have.
pub fn f32_accumulator_columns(
    cta_group: CtaGroup,
    m: u32,
    n: u32,
) -> Result<(u32, u32), TmemError> {
    let mma = Tcgen05Mma::new(Tcgen05Kind::F16, cta_group, m, n, ElementType::F32)?;
    Ok((mma.columns_per_cta(), mma.alloc_columns()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tensor_memory_is_256_kib_per_cta() {
        assert_eq!(TMEM_BYTES_PER_CTA, 256 * 1024);
        let a = TmemAddress {
            lane: 96,
            column: 300,
        };
        assert_eq!(a.encode(), Ok(96 << 16 | 300));
        assert_eq!(TmemAddress::decode(96 << 16 | 300), Ok(a));
        assert!(TmemAddress::decode(128 << 16).is_err());
    }

    #[test]
    fn alloc_is_a_power_of_two_from_32_to_512() {
        let ok: Vec<u32> = (0..=1024).filter(|&c| alloc_columns(c).is_ok()).collect();
        assert_eq!(ok, [32, 64, 128, 256, 512]);
        assert_eq!(smallest_alloc(0), Ok(32));
        assert_eq!(smallest_alloc(200), Ok(256));
        assert_eq!(smallest_alloc(513), Err(TmemError::TooManyColumns(513)));
    }

    #[test]
    fn warps_reach_their_quarter() {
        assert_eq!(warp_lanes(0), 0..32);
        assert_eq!(warp_lanes(6), 64..96);
        assert_eq!(warp_for_lane(127), Some(3));
        assert!(has_tensor_memory((10, 0)) && !has_tensor_memory((12, 0)));
    }
}
