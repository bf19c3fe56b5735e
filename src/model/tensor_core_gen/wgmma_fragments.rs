//! Hopper's `wgmma.mma_async` register fragments, thread by thread: which of the 128 threads of
//! the warp group holds which element of the accumulator D and of A when A comes from
//! registers.
//!
//! Source: PTX ISA §9.7.15.5.1.1 "Register Fragments" (PTX ISA 8.x/9.x numbering), sub-sections
//! "Matrix Fragments for wgmma.mma_async.m64nNk16" (Figure 148 "WGMMA .m64nNk16 register
//! fragment layout for matrix A", Figure 149 "… for accumulator matrix D") and "Matrix Fragments
//! for wgmma.mma_async.m64nNk32" (Figure 152 for A, Figure 153 for D). The figures are images;
//! the formulas below are read from them and agree with CUTLASS CuTe's `SM90::GMMA` layouts
//! (`CLayout_64xN`, `ALayout_64x16`, `ALayout_64x32` in `mma_traits_sm90_gmma.hpp`). The f32 D
//! and f16 D layouts were checked register by register on Hopper silicon (an H100 80GB HBM3, the
//! H200's GH100 chip; `tests/fixtures/wgmma_layout_h100.json`).
//!
//! With `t` the thread of the warp group (0–127), `w = t / 32` its warp in the group,
//! `g = (t % 32) / 4` (groupID) and `q = t % 4` (threadID_in_group), element `i` of the
//! thread's fragment (`d_i`, `a_i`, low to high) is:
//!
//! | fragment | row | column |
//! |---|---|---|
//! | D, m64nNk16/k32, `i < N/2` | `16w + g + 8·((i/2) % 2)` | `8·(i/4) + 2q + i % 2` |
//! | A, m64k16 (f16, bf16), `i < 8` | `16w + g + 8·((i/2) % 2)` | `8·(i/4) + 2q + i % 2` |
//! | A, m64k32 (e4m3, e5m2, s8, u8), `i < 16` | `16w + g + 8·((i/4) % 2)` | `16·(i/8) + 4q + i % 4` |
//!
//! Registers: f32 and s32 accumulators take one register per element (`d_i` in register `i`);
//! f16 accumulators two per `.f16x2` register (register `i/2`, low half for even `i`); A takes
//! four registers, two 16-bit or four 8-bit elements each.
//!
//! What a reader should take away: each warp of the group owns a 16-row band (warp `w`: rows
//! `16w … 16w+15`), and inside its band a warp holds exactly what Ampere's `mma.sync.m16n8k16`
//! (f16 inputs) or `m16n8k32` (8-bit inputs) would hold, repeated every 8 columns of D: one
//! m64nNk16 is four warps × N/8 m16n8k16 tiles, laid out the old way.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::wgmma::{THREADS_PER_WARP_GROUP, WGMMA_M};
use crate::model::tensor_core::{ElementType, RegisterPosition, REGISTER_BITS};
use crate::model::WARP_SIZE;

/// Rows of D (and A) one warp of the group owns: warp `w` holds rows `16w … 16w+15`.
pub const ROWS_PER_WARP: u32 = 16;

/// Where one element of a wgmma register fragment lives: the thread of the warp group and the
/// 32-bit register of its fragment (`d[register]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WarpgroupSlot {
    /// Thread of the warp group, 0..128 (`%tid.x % 128` for a one-dimensional block).
    pub thread: u32,
    /// Register of the thread's fragment vector, from 0.
    pub register: u32,
}

/// One element of a fragment with everything about its place: thread, the PTX element index
/// (`d_i` / `a_i`, low to high) and where in which 32-bit register it sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WarpgroupElement {
    /// Thread of the warp group, 0..128.
    pub thread: u32,
    /// Element index `i` of the thread's fragment (`d_i`, `a_i`).
    pub index: u32,
    /// Register, part of it (half or byte) and bit offset.
    pub position: RegisterPosition,
}

impl WarpgroupElement {
    /// The slot (thread, register) without the part.
    pub fn slot(&self) -> WarpgroupSlot {
        WarpgroupSlot {
            thread: self.thread,
            register: self.position.register,
        }
    }
}

/// Why a wgmma fragment layout does not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WgmmaLayoutError {
    /// The accumulator type is not one of f32, f16, s32.
    AccumulatorType(ElementType),
    /// No wgmma has this N for that accumulator type (f32 and f16: 8 … 256 in steps of 8;
    /// s32: 8, 16, 24, 32, then 48 … 256 in steps of 16; PTX ISA §9.7.15.5.1.1.3).
    BadN {
        /// The N asked for.
        n: u32,
        /// The accumulator type.
        dtype: ElementType,
    },
}

impl fmt::Display for WgmmaLayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WgmmaLayoutError::AccumulatorType(t) => write!(
                f,
                "wgmma accumulators are f32, f16 or s32, not {}",
                t.label()
            ),
            WgmmaLayoutError::BadN { n, dtype } => match dtype {
                ElementType::S32 => write!(
                    f,
                    "wgmma with s32 accumulators has N = 8, 16, 24, 32, 48, …, 256, not {n}"
                ),
                _ => write!(
                    f,
                    "wgmma with {} accumulators has N = 8, 16, …, 256, not {n}",
                    dtype.label()
                ),
            },
        }
    }
}

impl std::error::Error for WgmmaLayoutError {}

/// `true` when some `wgmma.mma_async.m64nNkK` has this N with this accumulator type (PTX ISA
/// §9.7.15.5.1.1: f32 and f16 accumulators `N = 8·i, i = 1…32`; s32 `N = 8·i, i = 1…4` and
/// `16·i, i = 3…16`).
pub fn n_is_legal(n: u32, dtype: ElementType) -> bool {
    match dtype {
        ElementType::F32 | ElementType::F16 => (8..=256).contains(&n) && n.is_multiple_of(8),
        ElementType::S32 => {
            matches!(n, 8 | 16 | 24 | 32) || ((48..=256).contains(&n) && n.is_multiple_of(16))
        }
        _ => false,
    }
}

/// Row and column of fragment element `i` of thread `t` in the "quad" pattern shared by D and
/// 16-bit A (see the module table).
fn quad_position(thread: u32, i: u32) -> (u32, u32) {
    let lane = thread % WARP_SIZE;
    let row = ROWS_PER_WARP * (thread / WARP_SIZE) + lane / 4 + 8 * ((i / 2) % 2);
    let col = 8 * (i / 4) + 2 * (lane % 4) + i % 2;
    (row, col)
}

/// Inverse of [`quad_position`]: (thread, i) holding (row, col).
fn quad_index(row: u32, col: u32) -> (u32, u32) {
    let (w, r) = (row / ROWS_PER_WARP, row % ROWS_PER_WARP);
    let (j, c) = (col / 8, col % 8);
    let thread = WARP_SIZE * w + 4 * (r % 8) + c / 2;
    (thread, 4 * j + 2 * (r / 8) + c % 2)
}

fn register_position(index: u32, bits: u32) -> RegisterPosition {
    let per_register = REGISTER_BITS / bits;
    let part = index % per_register;
    RegisterPosition {
        register: index / per_register,
        part,
        bit_offset: part * bits,
        bits,
    }
}

/// The accumulator D (64 × N) of `wgmma.mma_async.m64nNkK` in the warp group's registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WgmmaDLayout {
    n: u32,
    dtype: ElementType,
}

impl WgmmaDLayout {
    /// D of m64nN with `dtype` accumulators (f32, f16 or s32); Err for another type or an N
    /// that shape does not have ([`n_is_legal`]).
    pub fn new(n: u32, dtype: ElementType) -> Result<WgmmaDLayout, WgmmaLayoutError> {
        if !matches!(
            dtype,
            ElementType::F32 | ElementType::F16 | ElementType::S32
        ) {
            return Err(WgmmaLayoutError::AccumulatorType(dtype));
        }
        if !n_is_legal(n, dtype) {
            return Err(WgmmaLayoutError::BadN { n, dtype });
        }
        Ok(WgmmaDLayout { n, dtype })
    }

    /// N, the columns of D.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The accumulator type.
    pub fn dtype(&self) -> ElementType {
        self.dtype
    }

    /// Rows of D: 64.
    pub fn rows(&self) -> u32 {
        WGMMA_M
    }

    /// Elements per thread: 64·N / 128 = N/2 (PTX: `d0 … d(N/2−1)`).
    pub fn elements_per_thread(&self) -> u32 {
        self.n / 2
    }

    /// 32-bit registers per thread: N/2 for f32 and s32, N/4 `.f16x2` for f16.
    pub fn registers_per_thread(&self) -> u32 {
        self.elements_per_thread() / (REGISTER_BITS / self.dtype.bits())
    }

    /// Where D\[row\]\[col\] lives; `None` outside 64 × N.
    pub fn slot_of(&self, row: u32, col: u32) -> Option<WarpgroupElement> {
        if row >= WGMMA_M || col >= self.n {
            return None;
        }
        let (thread, index) = quad_index(row, col);
        Some(WarpgroupElement {
            thread,
            index,
            position: register_position(index, self.dtype.bits()),
        })
    }

    /// The element (row, col) that `d_index` of `thread` holds; `None` out of range.
    pub fn element_at(&self, thread: u32, index: u32) -> Option<(u32, u32)> {
        (thread < THREADS_PER_WARP_GROUP && index < self.elements_per_thread())
            .then(|| quad_position(thread, index))
    }

    /// The elements of register `register` of `thread`, low part first (one for f32 and s32,
    /// two for f16); empty out of range.
    pub fn register_elements(&self, thread: u32, register: u32) -> Vec<(u32, u32)> {
        let per_register = REGISTER_BITS / self.dtype.bits();
        (0..per_register)
            .filter_map(|p| self.element_at(thread, register * per_register + p))
            .collect()
    }

    /// Every element `thread` holds, in fragment order (`d_0` first); empty past thread 127.
    pub fn thread_elements(&self, thread: u32) -> Vec<(u32, u32)> {
        (0..self.elements_per_thread())
            .filter_map(|i| self.element_at(thread, i))
            .collect()
    }
}

/// Where element (row, col) of the f32 accumulator D of `wgmma.mma_async.m64nNk16` lives
/// (N = 8…256 in steps of 8; row < 64, col < N): thread `32·(row/16) + 4·(row%8) + (col%8)/2`,
/// register `4·(col/8) + 2·((row%16)/8) + col%2` (PTX ISA Figure 149). `None` for a shape or
/// element that does not exist.
pub fn wgmma_accumulator_slot(n: u32, row: u32, col: u32) -> Option<WarpgroupSlot> {
    let layout = WgmmaDLayout::new(n, ElementType::F32).ok()?;
    layout.slot_of(row, col).map(|e| e.slot())
}

/// The warp of the group (0–3) whose threads hold row `row` of D or A: `row / 16`; `None` past
/// row 63.
pub fn warp_of_row(row: u32) -> Option<u32> {
    (row < WGMMA_M).then_some(row / ROWS_PER_WARP)
}

/// The input type of A when A comes from registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WgmmaAType {
    /// IEEE binary16 (m64nNk16).
    F16,
    /// bfloat16 (m64nNk16).
    Bf16,
    /// FP8 E4M3 (m64nNk32).
    E4m3,
    /// FP8 E5M2 (m64nNk32).
    E5m2,
    /// Signed 8-bit integer (m64nNk32).
    S8,
    /// Unsigned 8-bit integer (m64nNk32).
    U8,
}

impl WgmmaAType {
    /// Every type, in declaration order.
    pub const ALL: [WgmmaAType; 6] = [
        WgmmaAType::F16,
        WgmmaAType::Bf16,
        WgmmaAType::E4m3,
        WgmmaAType::E5m2,
        WgmmaAType::S8,
        WgmmaAType::U8,
    ];

    /// Bits per element: 16 or 8.
    pub fn bits(self) -> u32 {
        match self {
            WgmmaAType::F16 | WgmmaAType::Bf16 => 16,
            _ => 8,
        }
    }

    /// K of the instruction: 16 for 16-bit inputs, 32 for 8-bit ones (32 bytes of K either way).
    pub fn k(self) -> u32 {
        256 / self.bits()
    }

    /// PTX type name: `"f16"`, `"bf16"`, `"e4m3"`, `"e5m2"`, `"s8"`, `"u8"`.
    pub fn label(self) -> &'static str {
        match self {
            WgmmaAType::F16 => "f16",
            WgmmaAType::Bf16 => "bf16",
            WgmmaAType::E4m3 => "e4m3",
            WgmmaAType::E5m2 => "e5m2",
            WgmmaAType::S8 => "s8",
            WgmmaAType::U8 => "u8",
        }
    }

    /// The same type as a [`ElementType`], where that enum has it (not the FP8 types).
    pub fn element_type(self) -> Option<ElementType> {
        match self {
            WgmmaAType::F16 => Some(ElementType::F16),
            WgmmaAType::Bf16 => Some(ElementType::Bf16),
            WgmmaAType::S8 => Some(ElementType::S8),
            WgmmaAType::U8 => Some(ElementType::U8),
            WgmmaAType::E4m3 | WgmmaAType::E5m2 => None,
        }
    }
}

/// A (64 × K) of `wgmma.mma_async` when it comes from registers: four 32-bit registers per
/// thread (PTX ISA Figures 148 and 152).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WgmmaALayout {
    atype: WgmmaAType,
}

impl WgmmaALayout {
    /// The layout for `atype` (every type has one).
    pub fn new(atype: WgmmaAType) -> WgmmaALayout {
        WgmmaALayout { atype }
    }

    /// The input type.
    pub fn atype(&self) -> WgmmaAType {
        self.atype
    }

    /// Rows of A: 64.
    pub fn rows(&self) -> u32 {
        WGMMA_M
    }

    /// Columns of A: K = 16 or 32.
    pub fn cols(&self) -> u32 {
        self.atype.k()
    }

    /// Elements per thread: 64·K / 128 = 8 (16-bit) or 16 (8-bit).
    pub fn elements_per_thread(&self) -> u32 {
        WGMMA_M * self.cols() / THREADS_PER_WARP_GROUP
    }

    /// 32-bit registers per thread: 4.
    pub fn registers_per_thread(&self) -> u32 {
        self.elements_per_thread() * self.atype.bits() / REGISTER_BITS
    }

    /// The element (row, k) that `a_index` of `thread` holds; `None` out of range.
    pub fn element_at(&self, thread: u32, index: u32) -> Option<(u32, u32)> {
        if thread >= THREADS_PER_WARP_GROUP || index >= self.elements_per_thread() {
            return None;
        }
        if self.atype.bits() == 16 {
            return Some(quad_position(thread, index));
        }
        let lane = thread % WARP_SIZE;
        let row = ROWS_PER_WARP * (thread / WARP_SIZE) + lane / 4 + 8 * ((index / 4) % 2);
        let k = 16 * (index / 8) + 4 * (lane % 4) + index % 4;
        Some((row, k))
    }

    /// Where A\[row\]\[k\] lives; `None` outside 64 × K.
    pub fn slot_of(&self, row: u32, k: u32) -> Option<WarpgroupElement> {
        if row >= WGMMA_M || k >= self.cols() {
            return None;
        }
        let (thread, index) = if self.atype.bits() == 16 {
            quad_index(row, k)
        } else {
            let r = row % ROWS_PER_WARP;
            let thread = WARP_SIZE * (row / ROWS_PER_WARP) + 4 * (r % 8) + (k % 16) / 4;
            (thread, 8 * (k / 16) + 4 * (r / 8) + k % 4)
        };
        Some(WarpgroupElement {
            thread,
            index,
            position: register_position(index, self.atype.bits()),
        })
    }

    /// Every element `thread` holds, in fragment order; empty past thread 127.
    pub fn thread_elements(&self, thread: u32) -> Vec<(u32, u32)> {
        (0..self.elements_per_thread())
            .filter_map(|i| self.element_at(thread, i))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::tensor_core::{fragment_layout, FragmentSlot, MmaShape, Operand};

    #[test]
    fn figure_149_corners() {
        // PTX ISA Figure 149: thread 0 holds d0 = D[0][0], d1 = D[0][1], d2 = D[8][0],
        // d3 = D[8][1], d4 = D[0][8]; thread 127 holds the last element D[63][N-1].
        let d = WgmmaDLayout::new(256, ElementType::F32).expect("legal");
        assert_eq!(
            d.thread_elements(0)[..5],
            [(0, 0), (0, 1), (8, 0), (8, 1), (0, 8)]
        );
        assert_eq!(d.element_at(127, 127), Some((63, 255)));
        assert_eq!(
            wgmma_accumulator_slot(256, 63, 255),
            Some(WarpgroupSlot {
                thread: 127,
                register: 127
            })
        );
        assert_eq!(wgmma_accumulator_slot(8, 0, 8), None);
        assert_eq!(wgmma_accumulator_slot(12, 0, 0), None);
        assert_eq!(wgmma_accumulator_slot(8, 64, 0), None);
    }

    #[test]
    fn every_d_layout_is_a_bijection() {
        for dtype in [ElementType::F32, ElementType::F16, ElementType::S32] {
            for n in (8..=256).step_by(8).filter(|&n| n_is_legal(n, dtype)) {
                let d = WgmmaDLayout::new(n, dtype).expect("legal");
                let mut seen = vec![false; (64 * n) as usize];
                for t in 0..128 {
                    for i in 0..d.elements_per_thread() {
                        let (r, c) = d.element_at(t, i).expect("in range");
                        let e = d.slot_of(r, c).expect("in range");
                        assert_eq!((e.thread, e.index), (t, i));
                        let cell = &mut seen[(r * n + c) as usize];
                        assert!(!*cell, "{n} {dtype:?} ({r},{c}) twice");
                        *cell = true;
                    }
                }
                assert!(seen.iter().all(|&s| s));
            }
        }
    }

    #[test]
    fn each_warp_band_is_m16n8k16_tiles() {
        // PTX ISA §9.7.14.5.8 (mma.m16n8k16 C/D, A) against Figures 148 / 149 / 152.
        let acc = fragment_layout(
            MmaShape::MmaM16N8K16,
            Operand::Accumulator,
            ElementType::F32,
        )
        .expect("legal");
        let d = WgmmaDLayout::new(64, ElementType::F32).expect("legal");
        for t in 0..128 {
            for i in 0..32 {
                let (r, c) = d.element_at(t, i).expect("in range");
                let slot = FragmentSlot {
                    lane: t % 32,
                    index: i % 4,
                };
                assert_eq!(
                    acc.element_at(slot),
                    Some((r - 16 * (t / 32), c - 8 * (i / 4)))
                );
            }
        }
        for (atype, shape, elem) in [
            (WgmmaAType::F16, MmaShape::MmaM16N8K16, ElementType::F16),
            (WgmmaAType::S8, MmaShape::MmaM16N8K32, ElementType::S8),
        ] {
            let mma = fragment_layout(shape, Operand::A, elem).expect("legal");
            let a = WgmmaALayout::new(atype);
            for t in 0..128 {
                for i in 0..a.elements_per_thread() {
                    let (r, k) = a.element_at(t, i).expect("in range");
                    let slot = FragmentSlot {
                        lane: t % 32,
                        index: i,
                    };
                    assert_eq!(mma.element_at(slot), Some((r - 16 * (t / 32), k)));
                    let back = a.slot_of(r, k).expect("in range");
                    assert_eq!((back.thread, back.index), (t, i));
                }
            }
        }
    }
}
