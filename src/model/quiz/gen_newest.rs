//! Generators of the newest Tensor Core paths (issue #42): the thread and register of the warp
//! group holding D\[r\]\[c\] of a wgmma, the Tensor Memory columns of a `tcgen05.mma`
//! accumulator and the allocation that holds it, and an element's address under a shared-memory
//! descriptor with the bank conflicts of its core-matrix reads with and without the swizzle.
//! Each answer is the model's ([`crate::model::tensor_core_gen`]); each known mistake is the
//! same model run without one rule (or with one input swapped).

use super::draw::{count, step, with_mistake, Draw};
use super::{Field, Mistake, Params, StepLabel};
use crate::model::gpu_spec::GpuSpec;
use crate::model::rng::SplitMix64;
use crate::model::tensor_core::{ElementType, REGISTER_BITS};
use crate::model::tensor_core_gen::smem_banks::operand_swizzle_effect;
use crate::model::tensor_core_gen::smem_descriptor::{Major, Swizzle, CORE_MATRIX_ROW_BYTES};
use crate::model::tensor_core_gen::smem_layout::{SmemOperand, SmemOperandLayout};
use crate::model::tensor_core_gen::tmem::{
    f32_accumulator_columns, smallest_alloc, CtaGroup, Tcgen05Kind, Tcgen05Mma,
    TMEM_ALLOC_UNIT_COLUMNS,
};
use crate::model::tensor_core_gen::wgmma_fragments::{WgmmaDLayout, ROWS_PER_WARP};
use crate::model::WARP_SIZE;

/// D\[row\]\[col\] of a wgmma m64nN with f32, f16 or s32 accumulators: which thread, which
/// register (PTX ISA Figure 149; f16 two per `.f16x2` register).
pub(super) fn wgmma_owner(rng: &mut SplitMix64) -> Draw {
    const TYPES: [ElementType; 3] = [ElementType::F32, ElementType::F16, ElementType::S32];
    let dtype = *rng.choose(&TYPES)?;
    let n = 8 * rng.range_inclusive(1, 32) as u32;
    // s32 has no N = 40, 56, …: such a draw makes no question and is drawn again.
    let d = WgmmaDLayout::new(n, dtype).ok()?;
    let row = rng.below(u64::from(d.rows())) as u32;
    let col = rng.below(u64::from(n)) as u32;
    let e = d.slot_of(row, col)?;
    let reg = e.position.register;
    // The model without one rule: row and column swapped; the row as if in warp 0's band; the
    // column as if in the first 8-column block.
    let swapped = (col < d.rows() && row < n)
        .then(|| d.slot_of(col, row))
        .flatten();
    let in_warp_0 = d.slot_of(row % ROWS_PER_WARP, col);
    let first_block = d.slot_of(row, col % 8);
    let thread = with_mistake(
        count(Field::WarpgroupThread, u64::from(e.thread)),
        Mistake::ForgotWarpBand,
        in_warp_0.map(|s| f64::from(s.thread)),
    );
    let thread = with_mistake(
        thread,
        Mistake::RowColumnSwapped,
        swapped.map(|s| f64::from(s.thread)),
    );
    let register = with_mistake(
        count(Field::Register, u64::from(reg)),
        Mistake::SlotNotRegister,
        Some(f64::from(e.index)),
    );
    let register = with_mistake(
        register,
        Mistake::ForgotColumnBlocks,
        first_block.map(|s| f64::from(s.position.register)),
    );
    let register = with_mistake(
        register,
        Mistake::RowColumnSwapped,
        swapped.map(|s| f64::from(s.position.register)),
    );
    let (warp, lane) = (e.thread / WARP_SIZE, e.thread % WARP_SIZE);
    let per_register = REGISTER_BITS / dtype.bits();
    let steps = vec![
        step(
            StepLabel::WarpAndLane,
            format!(
                "warp = ⌊{row} / 16⌋ = {warp}; lane = 4 × ({row} % 8) + ⌊({col} % 8) / 2⌋ = {lane}"
            ),
        ),
        step(
            StepLabel::WarpgroupThread,
            format!("32 × {warp} + {lane} = {}", e.thread),
        ),
        step(
            StepLabel::FragmentIndex,
            format!(
                "i = 4 × ⌊{col} / 8⌋ + 2 × ⌊({row} % 16) / 8⌋ + {col} % 2 = {}",
                e.index
            ),
        ),
        step(
            StepLabel::Register,
            format!("⌊{} / {per_register}⌋ = {reg}", e.index),
        ),
    ];
    Some((
        Params::WgmmaElement { n, dtype, row, col },
        vec![thread, register],
        steps,
    ))
}

/// Tensor Memory columns of an M × N f32 accumulator of a kind::f16 `tcgen05.mma`, per CTA, and
/// the `tcgen05.alloc` that holds it (PTX ISA §9.7.16, "Matrix Shape", "Data Path Layout
/// Organization", "Tensor Memory Allocation").
pub(super) fn tmem_columns(rng: &mut SplitMix64) -> Draw {
    let group = *rng.choose(&[CtaGroup::One, CtaGroup::Two])?;
    let ms: &[u32] = match group {
        CtaGroup::One => &[64, 128],
        CtaGroup::Two => &[128, 256],
    };
    let m = *rng.choose(ms)?;
    // One SM: N = 8 … 256 in steps of 8; a pair: 16 … 256 in steps of 16.
    let n_step = 8 * group.ctas();
    let n = n_step * rng.range_inclusive(1, u64::from(256 / n_step)) as u32;
    let (columns, alloc) = f32_accumulator_columns(group, m, n).ok()?;
    let mma = Tcgen05Mma::new(Tcgen05Kind::F16, group, m, n, ElementType::F32).ok()?;
    let unit = TMEM_ALLOC_UNIT_COLUMNS;
    let cols_part = with_mistake(
        count(Field::TmemColumns, u64::from(columns)),
        Mistake::WholeNPerCta,
        Some(f64::from(n)),
    );
    let cols_part = with_mistake(
        cols_part,
        Mistake::ElementsNotColumns,
        Some(f64::from(m * n)),
    );
    let alloc_part = with_mistake(
        count(Field::TmemAlloc, u64::from(alloc)),
        Mistake::AllocNotPowerOfTwo,
        Some(f64::from(columns.div_ceil(unit) * unit)),
    );
    let alloc_part = with_mistake(
        alloc_part,
        Mistake::AllocBelowMinimum,
        Some(f64::from(columns.next_power_of_two())),
    );
    let alloc_part = with_mistake(
        alloc_part,
        Mistake::WholeNPerCta,
        smallest_alloc(n).ok().map(f64::from),
    );
    let steps = vec![
        step(
            StepLabel::TmemLayout,
            format!(
                "M = {m}, cta_group::{} → {} ({}): {columns}",
                group.ctas(),
                mma.layout().label(),
                mma.layout().organization()
            ),
        ),
        step(
            StepLabel::TmemAlloc,
            format!("max({unit}, {columns}) → {alloc}"),
        ),
    ];
    Some((
        Params::TmemAccumulator {
            cta_group: group,
            m,
            n,
        },
        vec![cols_part, alloc_part],
        steps,
    ))
}

/// The offset formula of the operand's layout with this element's numbers (the table of
/// `smem_descriptor`'s module docs).
fn offset_math(op: &SmemOperand, row: u32, k: u32, offset: u32) -> String {
    let d = op.descriptor;
    let (lbo, sbo, s) = (
        d.leading_byte_offset_bytes,
        d.stride_byte_offset_bytes,
        d.swizzle.row_bytes(),
    );
    let (mb, kb) = (row * op.element_bits / 8, k * op.element_bits / 8);
    match (op.major, d.swizzle) {
        (Major::K, Swizzle::None) => format!(
            "({row} % 8) × 16 + ⌊{row} / 8⌋ × {sbo} + ⌊{kb} / 16⌋ × {lbo} + {kb} % 16 = {offset}"
        ),
        (Major::K, _) => format!("({row} % 8) × {s} + ⌊{row} / 8⌋ × {sbo} + {kb} = {offset}"),
        (Major::Mn, Swizzle::None) => format!(
            "({k} % 8) × 16 + ⌊{k} / 8⌋ × {lbo} + ⌊{mb} / 16⌋ × {sbo} + {mb} % 16 = {offset}"
        ),
        (Major::Mn, _) => format!(
            "({k} % 8) × {s} + ⌊{k} / 8⌋ × {sbo} + ⌊{mb} / {s}⌋ × {lbo} + {mb} % {s} = {offset}"
        ),
    }
}

/// An element's byte address under a canonical descriptor, and the bank conflicts of reading
/// the operand's core matrices as laid out and without the swizzle's XOR (PTX ISA
/// §9.7.15.5.1.2; the read as `ldmatrix` makes it: [`crate::model::tensor_core_gen::smem_banks`]).
pub(super) fn descriptor(rng: &mut SplitMix64) -> Draw {
    let major = if rng.below(4) == 0 {
        Major::Mn
    } else {
        Major::K
    };
    let bits = match major {
        Major::Mn => 16,
        Major::K => *rng.choose(&[8u32, 16, 16, 32])?,
    };
    let swizzle = *rng.choose(&Swizzle::ALL)?;
    let mn = *rng.choose(&[8u32, 16, 32, 64, 128, 256])?;
    let start = 1024 * rng.below(32) as u32;
    let operand = SmemOperand::canonical(major, bits, mn, swizzle, start);
    let smem = GpuSpec::h100_sxm().smem_per_sm_bytes;
    let layout = SmemOperandLayout::new(operand, smem).ok()?;
    let row = rng.below(u64::from(mn)) as u32;
    let k = rng.below(u64::from(layout.k())) as u32;
    let offset = layout.logical_offset(row, k)?;
    let address = layout.byte_address(row, k)?;
    let logical = start + offset;
    let (plain, stored) = operand_swizzle_effect(&layout);
    // LBO and SBO swapped, where that is still a layout.
    let swapped = {
        let mut op = operand;
        op.descriptor.leading_byte_offset_bytes = operand.descriptor.stride_byte_offset_bytes;
        op.descriptor.stride_byte_offset_bytes = operand.descriptor.leading_byte_offset_bytes;
        SmemOperandLayout::new(op, smem)
            .ok()
            .and_then(|l| l.byte_address(row, k))
    };
    let address_part = with_mistake(
        count(Field::ElementAddress, u64::from(address)),
        Mistake::XorLeftOut,
        Some(f64::from(logical)),
    );
    let address_part = with_mistake(address_part, Mistake::LboSboSwapped, swapped.map(f64::from));
    let conflicts = |w: u32| f64::from(w.saturating_sub(1));
    let stored_part = with_mistake(
        count(
            Field::ConflictsAsStored,
            u64::from(stored.saturating_sub(1)),
        ),
        Mistake::XorLeftOut,
        Some(conflicts(plain)),
    );
    let stored_part = with_mistake(
        stored_part,
        Mistake::ConflictsNotExtra,
        Some(f64::from(stored)),
    );
    let plain_part = with_mistake(
        count(
            Field::ConflictsWithoutSwizzle,
            u64::from(plain.saturating_sub(1)),
        ),
        Mistake::XorKept,
        Some(conflicts(stored)),
    );
    let plain_part = with_mistake(
        plain_part,
        Mistake::ConflictsNotExtra,
        Some(f64::from(plain)),
    );
    let xor = match swizzle {
        Swizzle::None => format!("{start} + {offset} = {address}"),
        s => {
            let b = (s.row_bytes() / CORE_MATRIX_ROW_BYTES).trailing_zeros();
            format!("{start} + {offset} = {logical}; Swizzle<{b},4,3> → {address}")
        }
    };
    let steps = vec![
        step(
            StepLabel::LogicalOffset,
            offset_math(&operand, row, k, offset),
        ),
        step(StepLabel::SwizzleXor, xor),
        step(StepLabel::CoreMatrixBanks, format!("{stored} | {plain}")),
        step(
            StepLabel::Conflicts,
            format!(
                "{stored} − 1 = {}; {plain} − 1 = {}",
                stored.saturating_sub(1),
                plain.saturating_sub(1)
            ),
        ),
    ];
    Some((
        Params::Descriptor { operand, row, k },
        vec![address_part, stored_part, plain_part],
        steps,
    ))
}
