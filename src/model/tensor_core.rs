//! Tensor Core fragment layouts: which lane's register holds which element of an A, B or
//! accumulator tile.
//!
//! A warp-level matrix instruction (`mma.sync`, or WMMA's `load_matrix_sync` / `mma_sync`)
//! spreads each operand tile over the 32 lanes of a warp: lane `l` holds a small array
//! `x[0..elements_per_lane]`, packed little-end first into 32-bit registers. The main type is
//! [`FragmentLayout`], built by [`fragment_layout`]; it maps a [`FragmentSlot`] (lane, index)
//! to a tile element (row, col) and back.
//!
//! Conventions (`spec/hw-model.md` §6): A is M×K (row = m, col = k), B is K×N (row = k,
//! col = n), the accumulator (C and D) is M×N. `g = lane >> 2` (groupID),
//! `t = lane & 3` (threadID_in_group).
//!
//! Sources:
//! - `mma.sync` layouts: PTX ISA §9.7.14.5 "Warp-level matrix fragments for mma" (sub-sections
//!   "Matrix Fragments for mma.m16n8k16 with floating point type", "… with integer type",
//!   "Matrix Fragments for mma.m16n8k32", "Matrix Fragments for mma.m8n8k16"), re-derived from
//!   CUTLASS CuTe `mma_traits_sm80.hpp` (commit 7107b05) and confirmed on an H200 by one-hot
//!   probes of every register element and 24 random full products per kind (m16n8k32 s8,
//!   m16n8k16 f16 with f32 and f16 accumulators).
//! - WMMA `m16n16k16` layouts: **NVIDIA leaves them unspecified** (CUDA C++ Programming Guide,
//!   "Warp Matrix Functions"). What is modelled here was observed on an H200 (sm_90, native
//!   and compute_80 PTX JIT builds agree); the f16 maps agree with \[WMMAE\]
//!   (`wmmae/wmma_extension` `detail/sm_80.hpp`), and the SASS of `load_matrix_sync` is
//!   identical on sm_80/86/89/90. u8 is assumed to follow the measured s8 layout.
//!   WMMA bf16 exists (sm_80+) but was neither measured nor covered by \[WMMAE\]: asking for it
//!   is an error rather than a guess.
//!
//! Length: one block per WMMA shape and element type, each with its measured or published layout;
//! the table is read top to bottom.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::WARP_SIZE;

/// Register width that fragment elements are packed into, bits.
pub const REGISTER_BITS: u32 = 32;

/// A warp-level matrix-multiply shape (M×N×K) and the API that issues it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MmaShape {
    /// CUDA C++ WMMA `m16n16k16` (`wmma::load_matrix_sync` / `wmma::mma_sync`); layout observed.
    WmmaM16N16K16,
    /// PTX `mma.sync.aligned.m16n8k16` (f16/bf16 with f32/f16 accumulate; s8/u8 with s32), sm_80+.
    MmaM16N8K16,
    /// PTX `mma.sync.aligned.m16n8k32` (s8/u8 with s32 accumulate), sm_80+.
    MmaM16N8K32,
    /// PTX `mma.sync.aligned.m8n8k16` (s8/u8 with s32 accumulate), sm_75+.
    MmaM8N8K16,
}

impl MmaShape {
    /// Every shape, in declaration order (for selectors).
    pub const ALL: [MmaShape; 4] = [
        MmaShape::WmmaM16N16K16,
        MmaShape::MmaM16N8K16,
        MmaShape::MmaM16N8K32,
        MmaShape::MmaM8N8K16,
    ];

    /// Rows of A and of the accumulator.
    pub fn m(self) -> u32 {
        match self {
            MmaShape::WmmaM16N16K16 | MmaShape::MmaM16N8K16 | MmaShape::MmaM16N8K32 => 16,
            MmaShape::MmaM8N8K16 => 8,
        }
    }

    /// Columns of B and of the accumulator.
    pub fn n(self) -> u32 {
        match self {
            MmaShape::WmmaM16N16K16 => 16,
            MmaShape::MmaM16N8K16 | MmaShape::MmaM16N8K32 | MmaShape::MmaM8N8K16 => 8,
        }
    }

    /// Reduction length: columns of A, rows of B.
    pub fn k(self) -> u32 {
        match self {
            MmaShape::WmmaM16N16K16 | MmaShape::MmaM16N8K16 | MmaShape::MmaM8N8K16 => 16,
            MmaShape::MmaM16N8K32 => 32,
        }
    }

    /// Multiply-adds one instruction (or one `wmma::mma_sync`) performs: `M · N · K`.
    pub fn macs(self) -> u64 {
        u64::from(self.m()) * u64::from(self.n()) * u64::from(self.k())
    }

    /// `true` for the CUDA C++ WMMA API (layout unspecified by NVIDIA), `false` for PTX `mma.sync`.
    pub fn is_wmma(self) -> bool {
        matches!(self, MmaShape::WmmaM16N16K16)
    }

    /// Human label, e.g. `"wmma m16n16k16"`, `"mma.sync m16n8k32"`.
    pub fn label(self) -> &'static str {
        match self {
            MmaShape::WmmaM16N16K16 => "wmma m16n16k16",
            MmaShape::MmaM16N8K16 => "mma.sync m16n8k16",
            MmaShape::MmaM16N8K32 => "mma.sync m16n8k32",
            MmaShape::MmaM8N8K16 => "mma.sync m8n8k16",
        }
    }

    /// Stable URL token, e.g. `"wmma_m16n16k16"`; inverse of [`MmaShape::from_slug`].
    pub fn slug(self) -> &'static str {
        match self {
            MmaShape::WmmaM16N16K16 => "wmma_m16n16k16",
            MmaShape::MmaM16N8K16 => "mma_m16n8k16",
            MmaShape::MmaM16N8K32 => "mma_m16n8k32",
            MmaShape::MmaM8N8K16 => "mma_m8n8k16",
        }
    }

    /// Parses a [`MmaShape::slug`]; `None` for anything else.
    pub fn from_slug(slug: &str) -> Option<MmaShape> {
        MmaShape::ALL.into_iter().find(|s| s.slug() == slug)
    }
}

impl fmt::Display for MmaShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Which operand tile of `D = A · B + C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Operand {
    /// A, M×K: row = m, col = k.
    A,
    /// B, K×N: row = k, col = n.
    B,
    /// C / D (WMMA `accumulator`), M×N: row = m, col = n. C and D share one layout.
    Accumulator,
}

impl Operand {
    /// Every operand, in declaration order.
    pub const ALL: [Operand; 3] = [Operand::A, Operand::B, Operand::Accumulator];

    /// Human label: `"A"`, `"B"`, `"accumulator"`.
    pub fn label(self) -> &'static str {
        match self {
            Operand::A => "A",
            Operand::B => "B",
            Operand::Accumulator => "accumulator",
        }
    }

    /// Stable URL token: `"a"`, `"b"`, `"acc"`; inverse of [`Operand::from_slug`].
    pub fn slug(self) -> &'static str {
        match self {
            Operand::A => "a",
            Operand::B => "b",
            Operand::Accumulator => "acc",
        }
    }

    /// Parses an [`Operand::slug`]; `None` for anything else.
    pub fn from_slug(slug: &str) -> Option<Operand> {
        Operand::ALL.into_iter().find(|o| o.slug() == slug)
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Element type of one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ElementType {
    /// IEEE binary16.
    F16,
    /// bfloat16.
    Bf16,
    /// Signed 8-bit integer.
    S8,
    /// Unsigned 8-bit integer.
    U8,
    /// IEEE binary32 (accumulator only).
    F32,
    /// Signed 32-bit integer (accumulator only).
    S32,
}

impl ElementType {
    /// Every element type, in declaration order.
    pub const ALL: [ElementType; 6] = [
        ElementType::F16,
        ElementType::Bf16,
        ElementType::S8,
        ElementType::U8,
        ElementType::F32,
        ElementType::S32,
    ];

    /// Width of one element, bits.
    pub fn bits(self) -> u32 {
        match self {
            ElementType::S8 | ElementType::U8 => 8,
            ElementType::F16 | ElementType::Bf16 => 16,
            ElementType::F32 | ElementType::S32 => 32,
        }
    }

    /// Elements packed into one 32-bit register: 4 for 8-bit types, 2 for 16-bit, 1 for 32-bit.
    pub fn elements_per_register(self) -> u32 {
        REGISTER_BITS / self.bits()
    }

    /// PTX-style label: `"f16"`, `"bf16"`, `"s8"`, `"u8"`, `"f32"`, `"s32"` (also the URL token).
    pub fn label(self) -> &'static str {
        match self {
            ElementType::F16 => "f16",
            ElementType::Bf16 => "bf16",
            ElementType::S8 => "s8",
            ElementType::U8 => "u8",
            ElementType::F32 => "f32",
            ElementType::S32 => "s32",
        }
    }

    /// Parses an [`ElementType::label`]; `None` for anything else.
    pub fn from_label(label: &str) -> Option<ElementType> {
        ElementType::ALL.into_iter().find(|e| e.label() == label)
    }
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// One element of one lane's fragment: `x[index]` of lane `lane`. Orders by (lane, index).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct FragmentSlot {
    /// Lane in the warp, 0..32.
    pub lane: u32,
    /// Index `i` into the lane's fragment array `x[i]`, 0..elements_per_lane.
    pub index: u32,
}

/// Where a 32-bit register holds one fragment element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RegisterPosition {
    /// Register of the lane's fragment, counted from 0: `index / elements_per_register`.
    pub register: u32,
    /// Sub-position inside the register, 0 = least-significant bits: `index % elements_per_register`.
    pub part: u32,
    /// Lowest bit of the element inside the register: `part · bits`.
    pub bit_offset: u32,
    /// Width of the element, bits.
    pub bits: u32,
}

/// Where a layout comes from: a documented PTX formula or a WMMA observation, and whether
/// this exact (shape, operand, type) was checked on the H200.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LayoutSource {
    /// Documented in the PTX ISA; `section` names the sub-section of §9.7.14.5.
    PtxIsa {
        /// Sub-section title, e.g. "Matrix Fragments for mma.m16n8k32".
        section: &'static str,
        /// Probed on the H200 (one-hot per register element + random full products): m16n8k32
        /// s8 and m16n8k16 f16 with f32/f16 accumulators. Others rely on the document alone.
        probed_on_h200: bool,
    },
    /// WMMA: NVIDIA documents no layout.
    ObservedWmma {
        /// Dumped on the H200 (f16, s8, and the f32/f16/s32 accumulators); `false` for u8,
        /// which is inferred from s8 (same byte-wise loads).
        measured: bool,
    },
}

impl LayoutSource {
    /// One-line citation for the UI.
    pub fn citation(self) -> &'static str {
        match self {
            LayoutSource::PtxIsa { section, .. } => section,
            LayoutSource::ObservedWmma { measured: true } => {
                "observed on H200 (sm_90) by loading coordinate-coded tiles; [WMMAE] sm_80.hpp agrees for f16"
            }
            LayoutSource::ObservedWmma { measured: false } => {
                "inferred from the s8 layout observed on H200 (sm_90); not measured"
            }
        }
    }

    /// How far the reader may trust the layout.
    pub fn caveat(self) -> &'static str {
        match self {
            LayoutSource::PtxIsa {
                probed_on_h200: true,
                ..
            } => {
                "documented by the PTX ISA (§9.7.14.5), independent of the .row/.col qualifiers; confirmed on H200 by one-hot probes of every register element"
            }
            LayoutSource::PtxIsa {
                probed_on_h200: false,
                ..
            } => {
                "documented by the PTX ISA (§9.7.14.5), independent of the .row/.col qualifiers; this variant was not probed (m16n8k32 s8 and m16n8k16 f16 were, and matched)"
            }
            LayoutSource::ObservedWmma { measured: true } => {
                "observed on sm_90, SASS identical on sm_80; NVIDIA leaves WMMA layouts unspecified, so code must not rely on them"
            }
            LayoutSource::ObservedWmma { measured: false } => {
                "inferred from s8 as observed on sm_90 (u8 not measured); NVIDIA leaves WMMA layouts unspecified, so code must not rely on them"
            }
        }
    }
}

/// A (shape, operand, element type) combination that has no layout here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// The instruction does not take this element type for this operand.
    Unsupported {
        /// Requested shape.
        shape: MmaShape,
        /// Requested operand.
        operand: Operand,
        /// Requested element type.
        element: ElementType,
        /// The element types the instruction does take for this operand.
        allowed: Vec<ElementType>,
    },
    /// The instruction exists with this type, but its layout was never measured or documented.
    NotModelled {
        /// Requested shape.
        shape: MmaShape,
        /// Requested operand.
        operand: Operand,
        /// Requested element type.
        element: ElementType,
        /// Why warpscope does not draw it.
        reason: &'static str,
    },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::Unsupported {
                shape,
                operand,
                element,
                allowed,
            } => {
                let list = element_list(allowed, ", ", " or ");
                write!(
                    f,
                    "{shape} has no {element} {operand} operand; its {operand} takes {list}"
                )
            }
            LayoutError::NotModelled {
                shape,
                operand,
                element,
                reason,
            } => write!(f, "{shape} {element} {operand} is not modelled: {reason}"),
        }
    }
}

impl std::error::Error for LayoutError {}

/// The labels of `elements` as a list: `sep` between them and `last` before the last one
/// (`s8, u8 or f16` with `", "` and `" or "`).
pub fn element_list(elements: &[ElementType], sep: &str, last: &str) -> String {
    let labels: Vec<&str> = elements.iter().map(|e| e.label()).collect();
    match labels.split_last() {
        Some((final_label, rest)) if !rest.is_empty() => {
            format!("{}{last}{final_label}", rest.join(sep))
        }
        _ => labels.concat(),
    }
}

/// The lane/element map of one operand of one instruction. Immutable; build with
/// [`fragment_layout`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FragmentLayout {
    shape: MmaShape,
    operand: Operand,
    element: ElementType,
    rows: u32,
    cols: u32,
    elements_per_lane: u32,
    /// `(row, col)` of `x[index]` of `lane` at `lane · elements_per_lane + index`.
    positions: Vec<(u32, u32)>,
    /// Slots of element `(row, col)` at `row · cols + col`, sorted by (lane, index).
    owners: Vec<Vec<FragmentSlot>>,
    source: LayoutSource,
}

/// Section titles of PTX ISA §9.7.14.5 used below.
const PTX_M16N8K16_FLOAT: &str =
    "PTX ISA §9.7.14.5 \"Matrix Fragments for mma.m16n8k16 with floating point type\"";
const PTX_M16N8K16_INT: &str =
    "PTX ISA §9.7.14.5 \"Matrix Fragments for mma.m16n8k16 with integer type\"";
const PTX_M16N8K32: &str = "PTX ISA §9.7.14.5 \"Matrix Fragments for mma.m16n8k32\"";
const PTX_M8N8K16: &str = "PTX ISA §9.7.14.5 \"Matrix Fragments for mma.m8n8k16\"";

/// Which formula family a legal combination uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// 16-bit inputs: m16n8k16 f16/bf16 and WMMA f16.
    Float16,
    /// 8-bit inputs.
    Int8,
    /// Accumulator (f32, f16 or s32).
    Acc,
}

/// Legal element types per (shape, operand), and the formula family.
fn allowed(shape: MmaShape, operand: Operand) -> &'static [ElementType] {
    use ElementType::*;
    match (shape, operand) {
        (MmaShape::WmmaM16N16K16, Operand::A | Operand::B) => &[F16, Bf16, S8, U8],
        (MmaShape::WmmaM16N16K16, Operand::Accumulator) => &[F32, F16, S32],
        (MmaShape::MmaM16N8K16, Operand::A | Operand::B) => &[F16, Bf16, S8, U8],
        (MmaShape::MmaM16N8K16, Operand::Accumulator) => &[F32, F16, S32],
        (MmaShape::MmaM16N8K32 | MmaShape::MmaM8N8K16, Operand::A | Operand::B) => &[S8, U8],
        (MmaShape::MmaM16N8K32 | MmaShape::MmaM8N8K16, Operand::Accumulator) => &[S32],
    }
}

/// The accumulator types `shape` offers for A/B elements of type `input` (PTX ISA `mma`
/// type table; CUDA C++ "Warp Matrix Functions" for WMMA): f16 → f32 or f16, bf16 → f32,
/// s8/u8 → s32. Empty when `input` is not an A/B type of `shape`. [`fragment_layout`] checks
/// each operand on its own; use this to pair them.
pub fn accumulator_types(shape: MmaShape, input: ElementType) -> &'static [ElementType] {
    use ElementType::*;
    if !allowed(shape, Operand::A).contains(&input) {
        return &[];
    }
    match input {
        F16 => &[F32, F16],
        Bf16 => &[F32],
        S8 | U8 => &[S32],
        F32 | S32 => &[],
    }
}

/// `(row, col)` of `x[i]` of `lane`. Only called for legal combinations with `i < epl`.
fn position(shape: MmaShape, operand: Operand, kind: Kind, lane: u32, i: u32) -> (u32, u32) {
    let g = lane >> 2;
    let t = lane & 3;
    match (shape, operand, kind) {
        // m16n8k16 f16/bf16 A; also WMMA f16 A with x[8..15] repeating x[0..7].
        (MmaShape::MmaM16N8K16 | MmaShape::WmmaM16N16K16, Operand::A, Kind::Float16) => {
            let j = i & 7;
            (g + 8 * ((j >> 1) & 1), 2 * t + (j & 1) + 8 * (j >> 2))
        }
        // m16n8k16 f16/bf16 B (K×N = 16×8).
        (MmaShape::MmaM16N8K16, Operand::B, Kind::Float16) => (2 * t + (i & 1) + 8 * (i >> 1), g),
        // WMMA f16 B: two m16n8k16 B tiles (n 0–7, n 8–15); x[8..15] repeat x[0..7].
        (MmaShape::WmmaM16N16K16, Operand::B, Kind::Float16) => {
            let j = i & 7;
            (2 * t + (j & 1) + 8 * ((j >> 1) & 1), g + 8 * (j >> 2))
        }
        // m16n8k16 s8 A (2 registers); WMMA s8 A is the same map.
        (MmaShape::MmaM16N8K16 | MmaShape::WmmaM16N16K16, Operand::A, Kind::Int8) => {
            (g + 8 * (i >> 2), 4 * t + (i & 3))
        }
        // m16n8k16 s8 B (1 register, K×N = 16×8).
        (MmaShape::MmaM16N8K16, Operand::B, Kind::Int8) => (4 * t + i, g),
        // WMMA s8 B: two m16n8k16 s8 B tiles.
        (MmaShape::WmmaM16N16K16, Operand::B, Kind::Int8) => (4 * t + (i & 3), g + 8 * (i >> 2)),
        // m16n8k32 s8 A: 4 registers.
        (MmaShape::MmaM16N8K32, Operand::A, _) => {
            (g + 8 * ((i >> 2) & 1), 4 * t + (i & 3) + 16 * (i >> 3))
        }
        // m16n8k32 s8 B: 2 registers (K×N = 32×8).
        (MmaShape::MmaM16N8K32, Operand::B, _) => (4 * t + (i & 3) + 16 * (i >> 2), g),
        // m8n8k16 s8.
        (MmaShape::MmaM8N8K16, Operand::A, _) => (g, 4 * t + i),
        (MmaShape::MmaM8N8K16, Operand::B, _) => (4 * t + i, g),
        (MmaShape::MmaM8N8K16, Operand::Accumulator, _) => (g, 2 * t + i),
        // m16n8 C/D (m16n8k16 and m16n8k32).
        (MmaShape::MmaM16N8K16 | MmaShape::MmaM16N8K32, Operand::Accumulator, _) => {
            (g + 8 * (i >> 1), 2 * t + (i & 1))
        }
        // WMMA accumulator: two m16n8 C tiles, x[0..3] cols 0–7, x[4..7] cols 8–15.
        (MmaShape::WmmaM16N16K16, Operand::Accumulator, _) => {
            (g + 8 * ((i >> 1) & 1), 2 * t + (i & 1) + 8 * (i >> 2))
        }
        // Kind::Acc never pairs with A/B: `fragment_layout` derives the kind from the operand.
        (MmaShape::MmaM16N8K16 | MmaShape::WmmaM16N16K16, Operand::A | Operand::B, Kind::Acc) => {
            (0, 0)
        }
    }
}

/// The fragment layout of `operand` of `shape` with elements of type `element`.
///
/// Err for combinations the instruction does not have (m16n8k32 with f16, an s8 accumulator,
/// …) and for WMMA bf16, whose layout nobody measured.
///
/// ```
/// use warpscope::model::tensor_core::*;
/// let a = fragment_layout(MmaShape::MmaM16N8K16, Operand::A, ElementType::F16).unwrap();
/// // spec §6.1: A(9,10) lives in lane 5, x[6].
/// assert_eq!(a.slots_of(9, 10), vec![FragmentSlot { lane: 5, index: 6 }]);
/// ```
pub fn fragment_layout(
    shape: MmaShape,
    operand: Operand,
    element: ElementType,
) -> Result<FragmentLayout, LayoutError> {
    let legal = allowed(shape, operand);
    if !legal.contains(&element) {
        return Err(LayoutError::Unsupported {
            shape,
            operand,
            element,
            allowed: legal.to_vec(),
        });
    }
    if shape.is_wmma() && element == ElementType::Bf16 {
        return Err(LayoutError::NotModelled {
            shape,
            operand,
            element,
            reason: "WMMA bf16 exists on sm_80+, but NVIDIA leaves WMMA layouts unspecified and \
                     only f16 and s8 fragments were measured; use mma.sync m16n8k16 bf16 instead",
        });
    }
    let kind = match (operand, element.bits()) {
        (Operand::Accumulator, _) => Kind::Acc,
        (_, 8) => Kind::Int8,
        _ => Kind::Float16,
    };
    let (rows, cols) = match operand {
        Operand::A => (shape.m(), shape.k()),
        Operand::B => (shape.k(), shape.n()),
        Operand::Accumulator => (shape.m(), shape.n()),
    };
    // WMMA f16 A/B hold every element twice (x[8..15] = x[0..7]); all others hold it once.
    let copies = if shape.is_wmma() && kind == Kind::Float16 {
        2
    } else {
        1
    };
    let elements_per_lane = rows * cols * copies / WARP_SIZE;
    let source = if shape.is_wmma() {
        LayoutSource::ObservedWmma {
            measured: element != ElementType::U8,
        }
    } else {
        let section = match (shape, kind, element) {
            (MmaShape::MmaM16N8K32, _, _) => PTX_M16N8K32,
            (MmaShape::MmaM8N8K16, _, _) => PTX_M8N8K16,
            (_, Kind::Int8, _) | (_, Kind::Acc, ElementType::S32) => PTX_M16N8K16_INT,
            _ => PTX_M16N8K16_FLOAT,
        };
        // The H200 probe covered m16n8k32 s8 (A, B, s32 C/D) and m16n8k16 f16 (A, B, f32/f16 C/D).
        let probed_on_h200 = matches!(
            (shape, element),
            (MmaShape::MmaM16N8K32, ElementType::S8 | ElementType::S32)
                | (MmaShape::MmaM16N8K16, ElementType::F16 | ElementType::F32)
        );
        LayoutSource::PtxIsa {
            section,
            probed_on_h200,
        }
    };

    let mut positions = Vec::with_capacity((WARP_SIZE * elements_per_lane) as usize);
    let mut owners = vec![Vec::new(); (rows * cols) as usize];
    for lane in 0..WARP_SIZE {
        for index in 0..elements_per_lane {
            let (row, col) = position(shape, operand, kind, lane, index);
            positions.push((row, col));
            if let Some(slots) = owners.get_mut((row * cols + col) as usize) {
                // Pushed in (lane, index) order, so each list is already sorted.
                slots.push(FragmentSlot { lane, index });
            }
        }
    }
    Ok(FragmentLayout {
        shape,
        operand,
        element,
        rows,
        cols,
        elements_per_lane,
        positions,
        owners,
        source,
    })
}

impl FragmentLayout {
    /// The instruction shape.
    pub fn shape(&self) -> MmaShape {
        self.shape
    }

    /// The operand.
    pub fn operand(&self) -> Operand {
        self.operand
    }

    /// The element type.
    pub fn element(&self) -> ElementType {
        self.element
    }

    /// Rows of the tile (M for A and the accumulator, K for B).
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the tile (K for A, N for B and the accumulator).
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Length of each lane's fragment array `x[]` (WMMA's `num_elements`).
    pub fn elements_per_lane(&self) -> u32 {
        self.elements_per_lane
    }

    /// 32-bit registers behind each lane's `x[]`: `elements_per_lane / elements_per_register`.
    /// For WMMA f16 A/B the upper half duplicates the lower half.
    pub fn registers_per_lane(&self) -> u32 {
        self.elements_per_lane / self.element.elements_per_register()
    }

    /// How many slots hold each element: 2 for WMMA f16 A/B, 1 otherwise.
    pub fn copies_per_element(&self) -> u32 {
        (WARP_SIZE * self.elements_per_lane) / (self.rows * self.cols)
    }

    /// Where the layout comes from.
    pub fn source(&self) -> LayoutSource {
        self.source
    }

    /// How far the layout may be trusted (documented vs observed), for the UI.
    pub fn caveat(&self) -> &'static str {
        self.source.caveat()
    }

    /// Every slot holding element `(row, col)`, sorted by (lane, index): one, or two for WMMA
    /// f16 A/B. Empty when `(row, col)` is outside the tile.
    pub fn slots_of(&self, row: u32, col: u32) -> Vec<FragmentSlot> {
        if row >= self.rows || col >= self.cols {
            return Vec::new();
        }
        self.owners
            .get((row * self.cols + col) as usize)
            .cloned()
            .unwrap_or_default()
    }

    /// The element `(row, col)` held in `slot`; `None` when the lane or index is out of range.
    pub fn element_at(&self, slot: FragmentSlot) -> Option<(u32, u32)> {
        if slot.lane >= WARP_SIZE || slot.index >= self.elements_per_lane {
            return None;
        }
        self.positions
            .get((slot.lane * self.elements_per_lane + slot.index) as usize)
            .copied()
    }

    /// `(row, col)` of `x[0..elements_per_lane]` of `lane`; empty for a lane ≥ 32.
    pub fn lane_elements(&self, lane: u32) -> Vec<(u32, u32)> {
        if lane >= WARP_SIZE {
            return Vec::new();
        }
        let start = (lane * self.elements_per_lane) as usize;
        let end = start + self.elements_per_lane as usize;
        self.positions.get(start..end).unwrap_or_default().to_vec()
    }

    /// The register of the lane's fragment that holds `slot`, and where inside it: for 8-bit
    /// types four elements share a register (`register = index / 4`, byte `index % 4`), for
    /// 16-bit types two (`index / 2`, low half for even `index`). `None` for a slot outside
    /// the fragment.
    pub fn register_of(&self, slot: FragmentSlot) -> Option<RegisterPosition> {
        self.element_at(slot)?;
        let per_register = self.element.elements_per_register();
        let part = slot.index % per_register;
        Some(RegisterPosition {
            register: slot.index / per_register,
            part,
            bit_offset: part * self.element.bits(),
            bits: self.element.bits(),
        })
    }

    /// Whole-tile map for drawing: `grid[row][col]` is the first slot (lowest lane, then index)
    /// holding that element.
    pub fn owner_grid(&self) -> Vec<Vec<FragmentSlot>> {
        self.owners
            .chunks(self.cols.max(1) as usize)
            .map(|row| {
                row.iter()
                    .map(|slots| slots.first().copied().unwrap_or_default())
                    .collect()
            })
            .collect()
    }
}

/// A legal WMMA tile shape for 8-bit integer inputs, and whether warpscope models its layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WmmaIntShape {
    /// Rows of A and the accumulator.
    pub m: u32,
    /// Columns of B and the accumulator.
    pub n: u32,
    /// Reduction length.
    pub k: u32,
    /// `Some(shape)` when [`fragment_layout`] draws it; `None` when only the dimensions are known.
    pub modelled: Option<MmaShape>,
}

impl WmmaIntShape {
    /// Label such as `"m32n8k16"`.
    pub fn label(&self) -> String {
        format!("m{}n{}k{}", self.m, self.n, self.k)
    }
}

/// The WMMA shapes legal for `signed char` / `unsigned char` inputs with an `int` accumulator
/// (CUDA C++ Programming Guide, "Warp Matrix Functions", element types and matrix sizes;
/// sm_72+). Only m16n16k16 has a measured fragment layout; m32n8k16 and m8n32k16 are listed
/// for their dimensions only.
pub fn shapes() -> Vec<WmmaIntShape> {
    vec![
        WmmaIntShape {
            m: 16,
            n: 16,
            k: 16,
            modelled: Some(MmaShape::WmmaM16N16K16),
        },
        WmmaIntShape {
            m: 32,
            n: 8,
            k: 16,
            modelled: None,
        },
        WmmaIntShape {
            m: 8,
            n: 32,
            k: 16,
            modelled: None,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_legal_layout_is_a_bijection_up_to_copies() {
        for shape in MmaShape::ALL {
            for operand in Operand::ALL {
                for element in ElementType::ALL {
                    let Ok(l) = fragment_layout(shape, operand, element) else {
                        continue;
                    };
                    let copies = l.copies_per_element();
                    for row in 0..l.rows() {
                        for col in 0..l.cols() {
                            assert_eq!(l.slots_of(row, col).len() as u32, copies);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn out_of_range_queries_are_empty() {
        let l = fragment_layout(MmaShape::MmaM8N8K16, Operand::A, ElementType::S8).expect("legal");
        assert!(l.slots_of(8, 0).is_empty());
        assert_eq!(l.element_at(FragmentSlot { lane: 32, index: 0 }), None);
        assert_eq!(l.element_at(FragmentSlot { lane: 0, index: 4 }), None);
        assert!(l.lane_elements(40).is_empty());
    }
}
