//! `tcgen05.ld` / `tcgen05.st`: which thread of a warp and which of its registers meet which
//! Tensor Memory lane and column.
//!
//! Source: PTX ISA §9.7.16.2.3 "Data Movement Shape" and "Matrix fragments for shape .32x32b"
//! (Figure 183), ".16x64b" (Figure 184), ".16x128b" (Figure 185), ".16x256b" (Figure 186),
//! ".16x32bx2" (Figure 187); Table "`.num` … registers" of `tcgen05.ld` (1, 2 or 4 registers
//! per repetition, up to 128 registers). The figures are images: the maps below are those of
//! CUTLASS's `Copy_Traits<SM100_TMEM_LOAD_*>` (`copy_traits_sm100.hpp`, thread and value
//! layouts decoded), not measured (no Blackwell here).
//!
//! Offsets are from the instruction's `taddr` (lane `L`, column `C`): a thread's register
//! `r` meets lane `L + lane`, column `C + column`:
//!
//! | shape | lanes | registers / thread | lane | column |
//! |---|---|---|---|---|
//! | `.32x32b.xN` | 32 | N | `t` | `r` |
//! | `.16x64b.xN` | 16 | N | `t/4 + 8·(t%2)` | `2r + (t/2)%2` |
//! | `.16x128b.xN` | 16 | 2N | `t/4 + 8·(r%2)` | `4·(r/2) + t%4` |
//! | `.16x256b.xN` | 16 | 4N | `t/4 + 8·((r/2)%2)` | `8·(r/4) + 2·(t%4) + r%2` |
//! | `.16x32bx2.xN` | 16 | N | `t%16` | `r + (t/16)·immHalfSplitoff` |
//!
//! What a reader should take away: `.32x32b` hands a warp one lane per thread — with Layout D
//! that is one row of D per thread, the simplest epilogue; the `.16x…` shapes hand out 16 lanes
//! the way `mma.sync`'s accumulator fragment does (`.16x256b` is exactly the m16n8 C/D
//! fragment: thread `t` gets rows `t/4` and `t/4+8`, columns `2·(t%4)` and `+1`).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::WARP_SIZE;

/// A `tcgen05.ld/st` shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TmemLdStShape {
    /// `.32x32b`: 32 lanes × 32 bits.
    S32x32b,
    /// `.16x64b`: 16 lanes × 64 bits.
    S16x64b,
    /// `.16x128b`: 16 lanes × 128 bits.
    S16x128b,
    /// `.16x256b`: 16 lanes × 256 bits.
    S16x256b,
    /// `.16x32bx2`: two 16 lanes × 32 bits accesses, the second `immHalfSplitoff` columns on.
    S16x32bx2,
}

impl TmemLdStShape {
    /// Every shape.
    pub const ALL: [TmemLdStShape; 5] = [
        TmemLdStShape::S32x32b,
        TmemLdStShape::S16x64b,
        TmemLdStShape::S16x128b,
        TmemLdStShape::S16x256b,
        TmemLdStShape::S16x32bx2,
    ];

    /// PTX qualifier: `".32x32b"` …
    pub fn label(self) -> &'static str {
        match self {
            TmemLdStShape::S32x32b => ".32x32b",
            TmemLdStShape::S16x64b => ".16x64b",
            TmemLdStShape::S16x128b => ".16x128b",
            TmemLdStShape::S16x256b => ".16x256b",
            TmemLdStShape::S16x32bx2 => ".16x32bx2",
        }
    }

    /// Lanes one repetition covers: 32 or 16.
    pub fn lanes(self) -> u32 {
        match self {
            TmemLdStShape::S32x32b => 32,
            _ => 16,
        }
    }

    /// Registers per thread per repetition (`.x1`): 1, 1, 2, 4, 1.
    pub fn registers_per_repetition(self) -> u32 {
        match self {
            TmemLdStShape::S16x128b => 2,
            TmemLdStShape::S16x256b => 4,
            _ => 1,
        }
    }

    /// Columns one repetition covers per lane (for `.16x32bx2`, per half).
    pub fn columns_per_repetition(self) -> u32 {
        match self {
            TmemLdStShape::S32x32b | TmemLdStShape::S16x32bx2 => 1,
            TmemLdStShape::S16x64b => 2,
            TmemLdStShape::S16x128b => 4,
            TmemLdStShape::S16x256b => 8,
        }
    }

    /// Largest `.num`: whatever keeps a thread at 128 registers.
    pub fn max_num(self) -> u32 {
        128 / self.registers_per_repetition()
    }
}

/// Why a `tcgen05.ld/st` form does not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TmemLdStError {
    /// `.num` not a power of two up to the shape's maximum.
    BadNum {
        /// The shape.
        shape: TmemLdStShape,
        /// `.num` asked for.
        num: u32,
    },
    /// `.16x32bx2` needs its split offset at least `.num` columns (the two halves would
    /// overlap otherwise; such overlaps are not modelled).
    BadSplit {
        /// `.num`.
        num: u32,
        /// The offset asked for.
        split: u32,
    },
}

impl fmt::Display for TmemLdStError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TmemLdStError::BadNum { shape, num } => write!(
                f,
                "tcgen05.ld{} takes .num = 1, 2, 4, …, {} (a power of two), not {num}",
                shape.label(),
                shape.max_num()
            ),
            TmemLdStError::BadSplit { num, split } => write!(
                f,
                "the second half of .16x32bx2.x{num} must start at least {num} columns on, not {split}"
            ),
        }
    }
}

impl std::error::Error for TmemLdStError {}

/// A lane and column offset from the instruction's Tensor Memory address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TmemOffset {
    /// Lane offset.
    pub lane: u32,
    /// Column offset.
    pub column: u32,
}

/// One `tcgen05.ld` / `tcgen05.st` form: shape, `.num` and, for `.16x32bx2`, the split offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TmemLdSt {
    shape: TmemLdStShape,
    num: u32,
    split: u32,
}

impl TmemLdSt {
    /// `shape.num`; for `.16x32bx2` the split offset defaults to `num` (halves side by side).
    pub fn new(shape: TmemLdStShape, num: u32) -> Result<TmemLdSt, TmemLdStError> {
        if !num.is_power_of_two() || num > shape.max_num() {
            return Err(TmemLdStError::BadNum { shape, num });
        }
        let split = if shape == TmemLdStShape::S16x32bx2 {
            num
        } else {
            0
        };
        Ok(TmemLdSt { shape, num, split })
    }

    /// `.16x32bx2.x{num}` with its second half `split` columns on.
    pub fn new_16x32bx2(num: u32, split: u32) -> Result<TmemLdSt, TmemLdStError> {
        let base = TmemLdSt::new(TmemLdStShape::S16x32bx2, num)?;
        if split < num {
            return Err(TmemLdStError::BadSplit { num, split });
        }
        Ok(TmemLdSt { split, ..base })
    }

    /// The shape.
    pub fn shape(&self) -> TmemLdStShape {
        self.shape
    }

    /// `.num`.
    pub fn num(&self) -> u32 {
        self.num
    }

    /// 32-bit registers per thread.
    pub fn registers_per_thread(&self) -> u32 {
        self.shape.registers_per_repetition() * self.num
    }

    /// Lanes the warp touches.
    pub fn lanes(&self) -> u32 {
        self.shape.lanes()
    }

    /// Columns per lane, from the first to one past the last touched.
    pub fn column_span(&self) -> u32 {
        match self.shape {
            TmemLdStShape::S16x32bx2 => self.split + self.num,
            s => s.columns_per_repetition() * self.num,
        }
    }

    /// The lane and column that register `register` of thread `thread` (0–31) meets; `None`
    /// out of range.
    pub fn cell(&self, thread: u32, register: u32) -> Option<TmemOffset> {
        if thread >= WARP_SIZE || register >= self.registers_per_thread() {
            return None;
        }
        let (t, r) = (thread, register);
        let (lane, column) = match self.shape {
            TmemLdStShape::S32x32b => (t, r),
            TmemLdStShape::S16x64b => (t / 4 + 8 * (t % 2), 2 * r + (t / 2) % 2),
            TmemLdStShape::S16x128b => (t / 4 + 8 * (r % 2), 4 * (r / 2) + t % 4),
            TmemLdStShape::S16x256b => {
                (t / 4 + 8 * ((r / 2) % 2), 8 * (r / 4) + 2 * (t % 4) + r % 2)
            }
            TmemLdStShape::S16x32bx2 => (t % 16, r + (t / 16) * self.split),
        };
        Some(TmemOffset { lane, column })
    }

    /// The (thread, register) that meets `offset`; `None` for a cell the form does not touch.
    pub fn thread_of(&self, offset: TmemOffset) -> Option<(u32, u32)> {
        let TmemOffset { lane: l, column: c } = offset;
        if l >= self.lanes() || c >= self.column_span() {
            return None;
        }
        let (t, r) = match self.shape {
            TmemLdStShape::S32x32b => (l, c),
            TmemLdStShape::S16x64b => (4 * (l % 8) + 2 * (c % 2) + l / 8, c / 2),
            TmemLdStShape::S16x128b => (4 * (l % 8) + c % 4, 2 * (c / 4) + l / 8),
            TmemLdStShape::S16x256b => {
                (4 * (l % 8) + (c % 8) / 2, 4 * (c / 8) + 2 * (l / 8) + c % 2)
            }
            TmemLdStShape::S16x32bx2 => {
                if c < self.num {
                    (l, c)
                } else if c >= self.split {
                    (l + 16, c - self.split)
                } else {
                    return None;
                }
            }
        };
        (r < self.registers_per_thread()).then_some((t, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_is_a_bijection_onto_its_cells() {
        for shape in TmemLdStShape::ALL {
            let mut num = 1;
            while num <= shape.max_num() {
                let ld = TmemLdSt::new(shape, num).expect("legal");
                let mut cells = 0;
                for t in 0..32 {
                    for r in 0..ld.registers_per_thread() {
                        let cell = ld.cell(t, r).expect("in range");
                        assert_eq!(ld.thread_of(cell), Some((t, r)), "{shape:?} x{num}");
                        cells += 1;
                    }
                }
                // Every cell of lanes × span is met exactly once (x2 halves side by side).
                assert_eq!(cells, ld.lanes() * ld.column_span());
                num *= 2;
            }
            assert!(TmemLdSt::new(shape, shape.max_num() * 2).is_err());
            assert!(TmemLdSt::new(shape, 3).is_err());
        }
    }
}
