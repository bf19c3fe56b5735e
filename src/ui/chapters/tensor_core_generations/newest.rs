//! The newest Tensor Core paths, lane by lane (issue #42): what the wgmma-map, descriptor and
//! Tensor Memory sections draw, as pure functions of the chapter's inputs. [`super::state`]
//! calls them from its one memo; the views only read the results.
//!
//! Models: [`crate::model::tensor_core_gen::wgmma_fragments`], `smem_layout`, `smem_banks`,
//! `tmem` and `tcgen05_ld`.

use std::collections::BTreeMap;

use super::state::{ld_shape_of, swizzle_of, GenInputs, WgFrag};
use crate::model::bank_conflicts::{BANKS, BANK_WIDTH_BYTES};
use crate::model::tensor_core::{ElementType, RegisterPosition};
use crate::model::tensor_core_gen::smem_banks::{
    core_matrix_banks, operand_core_matrix_banks, operand_swizzle_effect,
    worst_core_matrix_wavefronts, CoreMatrixBanks,
};
use crate::model::tensor_core_gen::smem_descriptor::{
    CoreMatrix, MatrixDescriptor, SmemLayoutError, CORE_MATRIX_ROW_BYTES,
};
use crate::model::tensor_core_gen::smem_layout::{SmemOperand, SmemOperandLayout};
use crate::model::tensor_core_gen::tcgen05_ld::{TmemLdSt, TmemLdStError, TmemLdStShape};
use crate::model::tensor_core_gen::tmem::{CtaGroup, Tcgen05Mma, TmemCell, TmemError};
use crate::model::tensor_core_gen::wgmma_fragments::{
    WarpgroupElement, WgmmaALayout, WgmmaDLayout, WgmmaLayoutError,
};

/// Shared memory the descriptor's operand must fit: 233,472 bytes per SM on H100, H200 and
/// B200 (`GpuSpec::smem_per_sm_bytes`).
pub fn smem_capacity_bytes() -> u32 {
    crate::model::gpu_spec::GpuSpec::h100_sxm().smem_per_sm_bytes
}

/// Bytes of one drawn shared-memory row: 32 banks × 4 bytes.
pub const SMEM_ROW_BYTES: u32 = BANKS * BANK_WIDTH_BYTES;
/// Most shared-memory rows the descriptor's map draws.
pub const MAX_SMEM_ROWS: usize = 16;

/// A wgmma register fragment: D (64 × N) or A (64 × K).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WgLayout {
    /// The accumulator.
    D(WgmmaDLayout),
    /// A from registers.
    A(WgmmaALayout),
}

impl WgLayout {
    /// Columns: N for D, K for A.
    pub fn cols(&self) -> u32 {
        match self {
            WgLayout::D(d) => d.n(),
            WgLayout::A(a) => a.cols(),
        }
    }

    /// Rows: 64.
    pub fn rows(&self) -> u32 {
        match self {
            WgLayout::D(d) => d.rows(),
            WgLayout::A(a) => a.rows(),
        }
    }

    /// Elements per thread.
    pub fn elements_per_thread(&self) -> u32 {
        match self {
            WgLayout::D(d) => d.elements_per_thread(),
            WgLayout::A(a) => a.elements_per_thread(),
        }
    }

    /// 32-bit registers per thread.
    pub fn registers_per_thread(&self) -> u32 {
        match self {
            WgLayout::D(d) => d.registers_per_thread(),
            WgLayout::A(a) => a.registers_per_thread(),
        }
    }

    /// Where element (row, col) lives; `None` outside.
    pub fn slot_of(&self, row: u32, col: u32) -> Option<WarpgroupElement> {
        match self {
            WgLayout::D(d) => d.slot_of(row, col),
            WgLayout::A(a) => a.slot_of(row, col),
        }
    }

    /// The element fragment index `index` of `thread` holds.
    pub fn element_at(&self, thread: u32, index: u32) -> Option<(u32, u32)> {
        match self {
            WgLayout::D(d) => d.element_at(thread, index),
            WgLayout::A(a) => a.element_at(thread, index),
        }
    }

    /// `true` for D.
    pub fn is_d(&self) -> bool {
        matches!(self, WgLayout::D(_))
    }
}

/// One element of the selected thread's fragment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadElement {
    /// Fragment index `i` (`d_i`, `a_i`).
    pub index: u32,
    /// Row and column of the matrix.
    pub at: (u32, u32),
    /// Register and bits.
    pub position: RegisterPosition,
}

/// What the wgmma register map draws.
#[derive(Clone, Debug, PartialEq)]
pub struct WgView {
    /// The fragment chosen.
    pub frag: WgFrag,
    /// wgmma N.
    pub n: u32,
    /// Its layout, or why that fragment does not exist.
    pub layout: Result<WgLayout, WgmmaLayoutError>,
    /// The selected thread.
    pub thread: Option<u32>,
    /// Its elements in fragment order.
    pub thread_elements: Vec<ThreadElement>,
    /// The selected element and where it lives.
    pub element: Option<((u32, u32), WarpgroupElement)>,
    /// The zoomed tile: warp band (16 rows) and 8-column block.
    pub tile: (u32, u32),
}

/// The wgmma map for the inputs, N = `n`.
pub fn wg_view(i: &GenInputs, n: u32) -> WgView {
    let layout = match (i.wf.accumulator(), i.wf.a_type()) {
        (Some(acc), _) => WgmmaDLayout::new(n, acc).map(WgLayout::D),
        (None, Some(a)) => Ok(WgLayout::A(WgmmaALayout::new(a))),
        (None, None) => Err(WgmmaLayoutError::AccumulatorType(ElementType::S8)),
    };
    let thread = u32::try_from(i.wt).ok();
    let (mut thread_elements, mut element) = (Vec::new(), None);
    let mut tile = (
        u32::try_from(i.wband).unwrap_or(0).min(3),
        u32::try_from(i.wb).unwrap_or(0),
    );
    if let Ok(l) = &layout {
        if let Some(t) = thread {
            thread_elements = (0..l.elements_per_thread())
                .filter_map(|index| {
                    let at = l.element_at(t, index)?;
                    let position = l.slot_of(at.0, at.1)?.position;
                    Some(ThreadElement {
                        index,
                        at,
                        position,
                    })
                })
                .collect();
        }
        let (r, c) = (u32::try_from(i.wr).ok(), u32::try_from(i.wc).ok());
        if let (Some(r), Some(c)) = (r, c) {
            element = l.slot_of(r, c).map(|e| ((r, c), e));
            if element.is_some() {
                tile = (r / 16, c / 8);
            }
        }
        tile.1 = tile.1.min((l.cols() / 8).saturating_sub(1));
    }
    WgView {
        frag: i.wf,
        n,
        layout,
        thread,
        thread_elements,
        element,
        tile,
    }
}

/// One 16-byte chunk of shared memory that holds a core-matrix row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// Index of its core matrix in [`SmemOperandLayout::core_matrices`].
    pub cm_index: u32,
    /// The core matrix.
    pub cm: CoreMatrix,
    /// Row of the core matrix, 0–7.
    pub row: u32,
    /// The element (mn, k) whose first byte starts the chunk.
    pub first: Option<(u32, u32)>,
}

/// One 128-byte row of shared memory the operand uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmemRow {
    /// Byte address of the row.
    pub address: u32,
    /// Rows are skipped before it.
    pub gap: bool,
    /// Its 8 chunks.
    pub chunks: [Option<Chunk>; 8],
}

/// What the descriptor section draws.
#[derive(Clone, Debug, PartialEq)]
pub struct DescView {
    /// The operand as typed.
    pub operand: SmemOperand,
    /// The 64-bit descriptor, or why its fields do not encode.
    pub encoded: Result<u64, SmemLayoutError>,
    /// The checked layout, or why it is refused.
    pub layout: Result<SmemOperandLayout, SmemLayoutError>,
    /// The selected element (mn, k), its address and core matrix.
    pub element: Option<((u32, u32), u32, CoreMatrix)>,
    /// Banks of the selected core matrix as stored.
    pub banks: Option<CoreMatrixBanks>,
    /// Banks of the same rows at the same pitch without the swizzle's XOR.
    pub plain_banks: Option<CoreMatrixBanks>,
    /// The worst core-matrix read of the layout, wavefronts.
    pub worst_wavefronts: u32,
    /// Worst wavefronts (without XOR, as stored).
    pub effect: (u32, u32),
    /// The shared-memory rows drawn (at most [`MAX_SMEM_ROWS`]).
    pub rows: Vec<SmemRow>,
    /// Rows the operand uses in all.
    pub rows_total: usize,
}

/// The operand the inputs describe.
pub fn operand_of(i: &GenInputs) -> SmemOperand {
    let word = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    SmemOperand {
        major: i.dmaj,
        element_bits: i.dbits.parse().unwrap_or(16),
        mn: word(i.dmn),
        descriptor: MatrixDescriptor {
            start_address_bytes: word(i.dstart),
            leading_byte_offset_bytes: word(i.dlbo),
            stride_byte_offset_bytes: word(i.dsbo),
            base_offset: 0,
            swizzle: swizzle_of(&i.dswz),
        },
    }
}

/// The shared-memory rows of `layout`, in address order.
fn smem_rows(layout: &SmemOperandLayout) -> Vec<SmemRow> {
    let (mn, k) = (layout.operand().mn, layout.k());
    // The element that starts each 16-byte chunk.
    let mut first: BTreeMap<u32, (u32, u32)> = BTreeMap::new();
    for m in 0..mn {
        for kk in 0..k {
            if let Some(a) = layout.byte_address(m, kk) {
                if a % CORE_MATRIX_ROW_BYTES == 0 {
                    first.entry(a).or_insert((m, kk));
                }
            }
        }
    }
    let mut rows: BTreeMap<u32, [Option<Chunk>; 8]> = BTreeMap::new();
    for (cm_index, cm) in (0u32..).zip(layout.core_matrices()) {
        let Some(addresses) = layout.core_matrix_rows(cm) else {
            continue;
        };
        for (row, a) in (0u32..).zip(addresses) {
            let chunks = rows.entry(a / SMEM_ROW_BYTES).or_insert([None; 8]);
            if let Some(slot) =
                chunks.get_mut(((a % SMEM_ROW_BYTES) / CORE_MATRIX_ROW_BYTES) as usize)
            {
                *slot = Some(Chunk {
                    cm_index,
                    cm,
                    row,
                    first: first.get(&a).copied(),
                });
            }
        }
    }
    let mut out = Vec::with_capacity(rows.len());
    let mut before: Option<u32> = None;
    for (row, chunks) in rows {
        out.push(SmemRow {
            address: row * SMEM_ROW_BYTES,
            gap: before.is_some_and(|b| b + 1 != row),
            chunks,
        });
        before = Some(row);
    }
    out
}

/// The descriptor section for the inputs.
pub fn desc_view(i: &GenInputs) -> DescView {
    let operand = operand_of(i);
    let encoded = operand.descriptor.encode();
    let layout = SmemOperandLayout::new(operand, smem_capacity_bytes());
    let mut view = DescView {
        operand,
        encoded,
        layout,
        element: None,
        banks: None,
        plain_banks: None,
        worst_wavefronts: 0,
        effect: (0, 0),
        rows: Vec::new(),
        rows_total: 0,
    };
    if let Ok(l) = &view.layout {
        let (m, k) = (
            u32::try_from(i.drow).unwrap_or(0),
            u32::try_from(i.dk).unwrap_or(0),
        );
        let (m, k) = (
            m.min(l.operand().mn.saturating_sub(1)),
            k.min(l.k().saturating_sub(1)),
        );
        if let (Some(a), Some(cm)) = (l.byte_address(m, k), l.core_matrix_of(m, k)) {
            view.element = Some(((m, k), a, cm));
            view.banks = operand_core_matrix_banks(l, cm);
            view.plain_banks = l
                .core_matrix_rows_unswizzled(cm)
                .and_then(|rows| core_matrix_banks(rows).ok());
        }
        view.worst_wavefronts = worst_core_matrix_wavefronts(l);
        view.effect = operand_swizzle_effect(l);
        let mut rows = smem_rows(l);
        view.rows_total = rows.len();
        rows.truncate(MAX_SMEM_ROWS);
        view.rows = rows;
    }
    view
}

/// What the Tensor Memory section draws.
#[derive(Clone, Debug, PartialEq)]
pub struct TmemView {
    /// The instruction, or why it does not exist.
    pub mma: Result<Tcgen05Mma, TmemError>,
    /// The selected element and its cell.
    pub element: Option<((u32, u32), TmemCell)>,
}

/// The CTA group of the inputs.
pub fn cta_group_of(i: &GenInputs) -> CtaGroup {
    if i.cg == 2 {
        CtaGroup::Two
    } else {
        CtaGroup::One
    }
}

/// The accumulator type a kind's figure uses: f32 (s32 for `kind::i8`).
pub fn accumulator_of(kind: crate::model::tensor_core_gen::tmem::Tcgen05Kind) -> ElementType {
    kind.accumulators()
        .first()
        .copied()
        .unwrap_or(ElementType::F32)
}

/// The Tensor Memory section for the inputs.
pub fn tmem_view(i: &GenInputs) -> TmemView {
    let m = i.tm.parse().unwrap_or(128);
    let n = u32::try_from(i.tn).unwrap_or(256);
    let mma = Tcgen05Mma::new(i.tk, cta_group_of(i), m, n, accumulator_of(i.tk));
    let element = match (&mma, u32::try_from(i.tr), u32::try_from(i.tc)) {
        (Ok(mma), Ok(r), Ok(c)) => mma.accumulator_cell(r, c).map(|cell| ((r, c), cell)),
        _ => None,
    };
    TmemView { mma, element }
}

/// What the `tcgen05.ld` map draws.
#[derive(Clone, Debug, PartialEq)]
pub struct LdView {
    /// The shape.
    pub shape: TmemLdStShape,
    /// The form, or why it does not exist.
    pub ld: Result<TmemLdSt, TmemLdStError>,
    /// The selected thread.
    pub thread: Option<u32>,
}

/// The `tcgen05.ld` map for the inputs.
pub fn ld_view(i: &GenInputs) -> LdView {
    let shape = ld_shape_of(&i.ls);
    LdView {
        shape,
        ld: TmemLdSt::new(shape, u32::try_from(i.lnum).unwrap_or(1)),
        thread: u32::try_from(i.lt).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::tensor_core_gen::smem_descriptor::{Major, Swizzle};
    use crate::model::tensor_core_gen::tmem::Tcgen05Kind;

    #[test]
    fn the_default_map_is_thread_37_of_an_m64n64_f32_accumulator() {
        let i = GenInputs::default();
        let v = wg_view(&i, 64);
        // Thread 37: warp 1, lane 5 → rows 16 + 5/4 = 17 and 25, columns 2·(5 % 4) = 2, 3 of
        // every 8-column block (PTX ISA Figure 149).
        assert_eq!(v.thread_elements.len(), 32);
        assert_eq!(
            v.thread_elements[..4]
                .iter()
                .map(|e| e.at)
                .collect::<Vec<_>>(),
            [(17, 2), (17, 3), (25, 2), (25, 3)]
        );
        assert_eq!(v.tile, (1, 0));
    }

    #[test]
    fn the_default_descriptor_is_the_128b_swizzled_k_major_bf16_tile() {
        let v = desc_view(&GenInputs::default());
        let l = v.layout.as_ref().expect("canonical");
        assert_eq!(l.operand().major, Major::K);
        assert_eq!(l.operand().descriptor.swizzle, Swizzle::B128);
        // 64 rows × 128 bytes apart: 64 shared-memory rows, two 16-byte chunks each.
        assert_eq!(v.rows_total, 64);
        assert!(v
            .rows
            .iter()
            .all(|r| r.chunks.iter().flatten().count() == 2));
        assert_eq!(v.effect, (8, 1));
        assert_eq!(v.plain_banks.as_ref().map(|b| b.wavefronts()), Some(8));
        assert_eq!(v.banks.as_ref().map(|b| b.wavefronts()), Some(1));
        // Row 1: K chunk c lands in chunk c ^ 1 (128 B swizzle: bits 4–6 ^ bits 7–9).
        let second = &v.rows[1].chunks;
        assert_eq!(second[1].and_then(|c| c.first), Some((1, 0)));
        assert_eq!(second[0].and_then(|c| c.first), Some((1, 8)));
        assert!(second[2..].iter().all(Option::is_none));
    }

    #[test]
    fn a_bad_offset_is_refused_with_its_reason() {
        let i = GenInputs {
            dswz: "none".into(),
            dlbo: 24,
            ..GenInputs::default()
        };
        assert!(matches!(
            desc_view(&i).layout,
            Err(SmemLayoutError::Misaligned { bytes: 24, .. })
        ));
    }

    #[test]
    fn tensor_memory_views_follow_the_model() {
        let i = GenInputs {
            cg: 2,
            tm: "128".into(),
            tn: 256,
            tr: 70,
            tc: 200,
            ..GenInputs::default()
        };
        let v = tmem_view(&i);
        let mma = v.mma.expect("legal");
        assert_eq!(mma.columns_per_cta(), 128);
        // Layout B: row 70 → CTA 1, lane 6 + 64 · (200 / 128) = 70, column 200 % 128 = 72.
        assert_eq!(
            v.element.map(|e| e.1),
            Some(TmemCell {
                cta: 1,
                lane: 70,
                column: 72
            })
        );
        let bad = GenInputs {
            tk: Tcgen05Kind::I8,
            tn: 40,
            ..GenInputs::default()
        };
        assert!(tmem_view(&bad).mma.is_err());
        assert!(ld_view(&GenInputs::default()).ld.is_ok());
    }
}
