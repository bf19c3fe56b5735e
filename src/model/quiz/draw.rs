//! One draw per [`Kind`], and the pieces every generator builds its question from.
//!
//! A draw returns `None` when the drawn parameters make no question (a launch that cannot run,
//! a layout that does not exist, a kernel too close to the ridge to call); [`super::generate`]
//! then draws again from the same stream, so the result still depends on the seed alone.
//!
//! The generators live by chapter family: [`super::gen_sm`] (chip, hierarchy, occupancy,
//! dispatch, scheduling), [`super::gen_memory`] (divergence, coalescing, bank conflicts),
//! [`super::gen_tensor`] (fragments, W8A8, Tensor Core generations), [`super::gen_newest`]
//! (wgmma fragments, Tensor Memory, shared-memory descriptors), [`super::gen_roofline`] and
//! [`super::gen_lab`] (the kernel lab's presets).

use super::REAL_TOLERANCE;
use super::{gen_lab, gen_memory, gen_newest, gen_roofline, gen_sm, gen_tensor};
use super::{shuffle, Answer, Category, Field, Kind, Mistake, Params, Part, Step, StepLabel};
use crate::model::occupancy::UNLIMITED;
use crate::model::rng::SplitMix64;

/// What a generator returns: the parameters, the fields with their answers and mistakes, and
/// the worked solution.
pub(super) type Draw = Option<(Params, Vec<Part>, Vec<Step>)>;

pub(super) fn step(label: StepLabel, math: String) -> Step {
    Step { label, math }
}

pub(super) fn count(field: Field, n: u64) -> Part {
    Part {
        field,
        answer: Answer::Count(n),
        mistakes: Vec::new(),
    }
}

pub(super) fn real(field: Field, value: f64) -> Part {
    Part {
        field,
        answer: Answer::Real {
            value,
            rel_tol: REAL_TOLERANCE,
            whole: false,
        },
        mistakes: Vec::new(),
    }
}

/// Adds `(mistake, wrong)` to `part` when `wrong` is a value the field can hold, is not itself
/// graded right, and no earlier mistake already names it (the first, most specific, wins).
pub(super) fn with_mistake(mut part: Part, mistake: Mistake, wrong: Option<f64>) -> Part {
    let Some(w) = wrong else {
        return part;
    };
    if !w.is_finite() || w < 0.0 {
        return part;
    }
    let holdable = match &part.answer {
        Answer::Count(_) => w.fract() == 0.0,
        Answer::Mask(_) => w.fract() == 0.0 && w <= f64::from(u32::MAX),
        Answer::Choice { options, .. } => w.fract() == 0.0 && (w as usize) < options.len(),
        Answer::Real { .. } => w > 0.0,
    };
    let named = part
        .mistakes
        .iter()
        .any(|&(_, v)| part.answer.matches_wrong(w, v));
    if holdable && !part.answer.accepts(w) && !named {
        part.mistakes.push((mistake, w));
    }
    part
}

/// [`with_mistake`] for each value of `wrong`.
pub(super) fn with_mistakes(
    part: Part,
    mistake: Mistake,
    wrong: impl IntoIterator<Item = f64>,
) -> Part {
    wrong
        .into_iter()
        .fold(part, |p, w| with_mistake(p, mistake, Some(w)))
}

/// The [`Mistake::UnitPrefix`] values of a real in TFLOP/s (GFLOP/s and PFLOP/s slips).
pub(super) fn prefix_slips(value: f64) -> [f64; 2] {
    [value * 1e3, value / 1e3]
}

/// A multiple-choice part; `options` are shuffled with the seeded generator.
pub(super) fn choice(
    field: Field,
    mut options: Vec<Category>,
    right: &[Category],
    rng: &mut SplitMix64,
) -> Part {
    shuffle(&mut options, rng);
    let correct = options
        .iter()
        .enumerate()
        .filter(|(_, o)| right.contains(o))
        .map(|(i, _)| i)
        .collect();
    Part {
        field,
        answer: Answer::Choice { options, correct },
        mistakes: Vec::new(),
    }
}

/// The index of `category` among a choice part's options, as a mistake value.
pub(super) fn option_index(part: &Part, category: Category) -> Option<f64> {
    match &part.answer {
        Answer::Choice { options, .. } => options
            .iter()
            .position(|&o| o == category)
            .map(|i| i as f64),
        _ => None,
    }
}

pub(super) fn limit_text(n: u32) -> String {
    if n == UNLIMITED {
        "∞".into()
    } else {
        n.to_string()
    }
}

/// One draw of `kind`.
pub(super) fn draw(kind: Kind, rng: &mut SplitMix64) -> Draw {
    match kind {
        Kind::ChipFp32 => gen_sm::chip(rng),
        Kind::ThreadIndex => gen_sm::thread(rng),
        Kind::OccupancyBlocks => gen_sm::launch(rng, false),
        Kind::OccupancyPercent => gen_sm::launch(rng, true),
        Kind::DispatchWaves => gen_sm::grid(rng),
        Kind::WarpsNeeded => gen_sm::latency(rng, false),
        Kind::SchedulerUtilisation => gen_sm::latency(rng, true),
        Kind::DivergenceMask => gen_memory::branch(rng),
        Kind::CoalescingSectors => gen_memory::global(rng),
        Kind::BankWavefronts => gen_memory::shared(rng),
        Kind::FragmentOwner => gen_tensor::fragment(rng),
        Kind::W8a8Launch => gen_tensor::w8a8(rng),
        Kind::PeArrayMacs => gen_tensor::pe_array(rng),
        Kind::PeakFromUnits => gen_tensor::tensor_peak(rng),
        Kind::WgmmaVsMma => gen_tensor::wgmma(rng),
        Kind::WgmmaDOwner => gen_newest::wgmma_owner(rng),
        Kind::TmemColumns => gen_newest::tmem_columns(rng),
        Kind::DescriptorConflicts => gen_newest::descriptor(rng),
        Kind::RooflineRidge => gen_roofline::ridge(rng),
        Kind::RooflineTime => gen_roofline::time(rng),
        Kind::TiledGemm => gen_roofline::tiled(rng),
        Kind::LabSectors => gen_lab::global(rng),
        Kind::LabWavefronts => gen_lab::shared(rng),
    }
}
