//! Generators of the Tensor Core chapters: fragment owners, the W8A8 launch, the PE array, a
//! dense peak from units, wgmma against mma.sync. Each known mistake is the same model run
//! without one rule (or with one input swapped).

use super::draw::{count, prefix_slips, real, step, with_mistake, with_mistakes, Draw};
use super::{sig4, Field, Mistake, Params, StepLabel};
use crate::model::rng::SplitMix64;
use crate::model::tensor_core::{fragment_layout, ElementType, MmaShape, Operand};
use crate::model::tensor_core_gen::pe_array::PeArray;
use crate::model::tensor_core_gen::peak::{tensor_peaks, ClockBasis, PEAK_GPUS};
use crate::model::tensor_core_gen::wgmma::WgmmaShape;
use crate::model::w8a8::W8a8Gemv;
use crate::model::WARP_SIZE;

pub(super) fn fragment(rng: &mut SplitMix64) -> Draw {
    const SHAPES: [MmaShape; 4] = [
        MmaShape::WmmaM16N16K16,
        MmaShape::MmaM16N8K16,
        MmaShape::MmaM16N8K32,
        MmaShape::MmaM8N8K16,
    ];
    const OPS: [Operand; 3] = [Operand::A, Operand::B, Operand::Accumulator];
    let shape = *rng.choose(&SHAPES)?;
    let operand = *rng.choose(&OPS)?;
    let element = *rng.choose(&ElementType::ALL)?;
    let layout = fragment_layout(shape, operand, element).ok()?;
    if layout.copies_per_element() != 1 {
        return None;
    }
    let row = rng.below(u64::from(layout.rows())) as u32;
    let col = rng.below(u64::from(layout.cols())) as u32;
    let slot = *layout.slots_of(row, col).first()?;
    let reg = layout.register_of(slot)?;
    let per_reg = element.elements_per_register();
    // Row and column swapped, where (col, row) is an element too.
    let swapped = (col < layout.rows() && row < layout.cols())
        .then(|| layout.slots_of(col, row).first().copied())
        .flatten();
    let lane = with_mistake(
        count(Field::Lane, u64::from(slot.lane)),
        Mistake::RowColumnSwapped,
        swapped.map(|s| f64::from(s.lane)),
    );
    let register = count(Field::Register, u64::from(reg.register));
    let register = with_mistake(
        register,
        Mistake::SlotNotRegister,
        Some(f64::from(slot.index)),
    );
    let register = with_mistake(
        register,
        Mistake::RowColumnSwapped,
        swapped
            .and_then(|s| layout.register_of(s))
            .map(|r| f64::from(r.register)),
    );
    let steps = vec![
        step(
            StepLabel::Slot,
            format!("({row}, {col}) → lane {}, x[{}]", slot.lane, slot.index),
        ),
        step(
            StepLabel::Register,
            format!("⌊{} / {per_reg}⌋ = {}", slot.index, reg.register),
        ),
    ];
    let params = Params::Fragment {
        shape,
        operand,
        element,
        row,
        col,
    };
    Some((params, vec![lane, register], steps))
}

pub(super) fn w8a8(rng: &mut SplitMix64) -> Draw {
    const WARPS: [u32; 4] = [1, 2, 4, 8];
    let warps = *rng.choose(&WARPS)?;
    let k = 256 * rng.range_inclusive(1, 64) as u32;
    let n = 16 * rng.range_inclusive(1, 1024) as u32;
    let g = W8a8Gemv::new(k, n, warps).ok()?;
    let grid = with_mistake(
        count(Field::GridBlocks, u64::from(g.grid_blocks())),
        Mistake::BlockPerOutput,
        Some(f64::from(n)),
    );
    let threads = with_mistake(
        count(Field::ThreadsPerBlock, u64::from(g.threads_per_block())),
        Mistake::WarpsNotThreads,
        Some(f64::from(warps)),
    );
    let mma = with_mistake(
        count(Field::MmaPerWarp, u64::from(g.mma_per_warp())),
        Mistake::KNotSplitOverWarps,
        Some(f64::from(k / 16)),
    );
    let steps = vec![
        step(
            StepLabel::GridBlocks,
            format!("{n} / 16 = {}", g.grid_blocks()),
        ),
        step(
            StepLabel::Threads,
            format!("{warps} × {WARP_SIZE} = {}", g.threads_per_block()),
        ),
        step(
            StepLabel::MmaPerWarp,
            format!(
                "{k} / {warps} = {}; {} / 16 = {}",
                g.k_per_warp(),
                g.k_per_warp(),
                g.mma_per_warp()
            ),
        ),
    ];
    Some((
        Params::W8a8 { k, n, warps },
        vec![grid, threads, mma],
        steps,
    ))
}

pub(super) fn pe_array(rng: &mut SplitMix64) -> Draw {
    let side = rng.range_inclusive(2, 8) as u32;
    let dot_length = *rng.choose(&[2u32, 4, 8])?;
    let k_total = dot_length * rng.range_inclusive(1, 8) as u32;
    let array = PeArray {
        pes_per_side: side,
        dot_length,
    };
    let macs = array.macs_per_cycle();
    let levels = array.adder_levels();
    let cycles = k_total / dot_length;
    let macs_part = with_mistake(
        count(Field::MacsPerCycle, u64::from(macs)),
        Mistake::ForgotDotLength,
        Some(f64::from(side * side)),
    );
    let levels_part = with_mistakes(
        count(Field::AdderLevels, u64::from(levels)),
        Mistake::LinearAdderLevels,
        [f64::from(dot_length - 1), f64::from(dot_length)],
    );
    let cycles_part = with_mistake(
        count(Field::PeCycles, u64::from(cycles)),
        Mistake::ForgotDotLength,
        Some(f64::from(k_total)),
    );
    let steps = vec![
        step(
            StepLabel::PeMacs,
            format!("{side} × {side} × {dot_length} = {macs}"),
        ),
        step(
            StepLabel::PeAdderLevels,
            format!("log2 {dot_length} = {levels}"),
        ),
        step(
            StepLabel::PeCycles,
            format!("{k_total} / {dot_length} = {cycles}"),
        ),
    ];
    Some((
        Params::PeArray {
            side,
            dot_length,
            k_total,
        },
        vec![macs_part, levels_part, cycles_part],
        steps,
    ))
}

pub(super) fn tensor_peak(rng: &mut SplitMix64) -> Draw {
    // Every GPU the chapter derives (the prompt states the clock, published or derived).
    let gpu = *rng.choose(&PEAK_GPUS)?;
    let peaks = tensor_peaks(gpu).ok()?;
    let p = *rng.choose(&peaks)?;
    // One question in three asks at a clock the SMs sustain under load, below the boost clock.
    let sustained = (rng.below(3) == 0)
        .then(|| {
            p.boost_clock_mhz
                .checked_sub(10 * rng.range_inclusive(1, 40) as u32)
        })
        .flatten();
    let clock = sustained.unwrap_or(p.clock_mhz);
    let tflops = p.flops_at_mhz(clock) / 1e12;
    let per_clk = p.flops_per_clk_per_sm();
    let at_boost = p.flops_at_mhz(p.boost_clock_mhz) / 1e12;
    let mut part = real(Field::TensorPeakTflops, tflops);
    if sustained.is_some() {
        part = with_mistake(part, Mistake::OtherClock, Some(at_boost));
        part = with_mistake(part, Mistake::OtherClock, Some(p.flops_per_s() / 1e12));
    } else if p.clock_basis != ClockBasis::BoostClock {
        part = with_mistake(part, Mistake::BoostNotTensorClock, Some(at_boost));
    }
    part = with_mistake(part, Mistake::SparsePeak, Some(2.0 * tflops));
    part = with_mistake(part, Mistake::FmaNotTwoFlops, Some(tflops / 2.0));
    part = with_mistakes(part, Mistake::UnitPrefix, prefix_slips(tflops));
    let steps = vec![
        step(
            StepLabel::TensorFlopsPerClk,
            format!(
                "{} × {} × 2 = {per_clk}",
                p.tensor_cores_per_sm, p.fma_per_clk_per_tensor_core
            ),
        ),
        step(
            StepLabel::TensorPeak,
            format!(
                "{per_clk} × {} × {clock} MHz = {} TFLOP/s",
                p.sm_count,
                sig4(tflops)
            ),
        ),
    ];
    Some((
        Params::TensorPeak {
            gpu,
            precision: p.precision,
            clock_mhz: sustained,
        },
        vec![part],
        steps,
    ))
}

pub(super) fn wgmma(rng: &mut SplitMix64) -> Draw {
    let n = 8 * rng.range_inclusive(1, 32) as u32;
    let s = WgmmaShape::new(n).ok()?;
    let mma = s.mma_sync_equivalent();
    let regs = s.f32_accumulators_per_thread();
    let mma_part = with_mistake(
        count(Field::MmaSyncCount, u64::from(mma)),
        Mistake::ForgotRowBlocks,
        Some(f64::from(n / 8)),
    );
    let regs_part = with_mistake(
        count(Field::AccumulatorRegisters, u64::from(regs)),
        Mistake::PerWarpNotWarpGroup,
        Some(f64::from(64 * n / WARP_SIZE)),
    );
    let regs_part = with_mistake(regs_part, Mistake::AllAccumulators, Some(f64::from(64 * n)));
    let steps = vec![
        step(
            StepLabel::MmaEquivalent,
            format!("(64 / 16) × ({n} / 8) = {mma}"),
        ),
        step(
            StepLabel::AccumulatorRegisters,
            format!("64 × {n} / 128 = {regs}"),
        ),
    ];
    Some((Params::Wgmma { n }, vec![mma_part, regs_part], steps))
}
