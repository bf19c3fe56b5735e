//! The Tensor-Core-generations chapter's state: inputs (URL keys) and the one memo that calls
//! [`crate::model::tensor_core_gen`].

use leptos::prelude::*;
use serde::Serialize;

use crate::model::tensor_core_gen::pe_array::{
    pe_trace, PeError, PeProblem, PeStep, COURSE_PE_ARRAY,
};
use crate::model::tensor_core_gen::peak::{tensor_peaks, PeakError, TensorPeak};
use crate::model::tensor_core_gen::quad_pair::{lane_elements, M8n8k4Fragment, ProductElement};
use crate::model::tensor_core_gen::wgmma::{complete_after_wait, WgmmaShape};
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::{to_query, Notice, QueryReader};

/// GPUs in the peak table's switch (the derivable ones, then the B200, which says why not).
pub const GPUS: [&str; 7] = ["v100", "t4", "a100", "h100", "h200", "h100pcie", "b200"];

/// Every legal wgmma N as URL text.
pub const WGMMA_NS: [&str; 32] = [
    "8", "16", "24", "32", "40", "48", "56", "64", "72", "80", "88", "96", "104", "112", "120",
    "128", "136", "144", "152", "160", "168", "176", "184", "192", "200", "208", "216", "224",
    "232", "240", "248", "256",
];

/// Ranges of the numeric inputs: the one place controls and permalinks clamp to.
pub mod limits {
    /// Seed of the PE array's values.
    pub const SEED: (u64, u64) = (0, 1000);
    /// K of the PE array's product in blocks of 4 (K = 4 … 16).
    pub const K_BLOCKS: (u64, u64) = (1, 4);
    /// Stage of the PE trace (clamped again to the trace's length).
    pub const STEP: (u64, u64) = (0, 19);
    /// Selected lane; −1 for none.
    pub const LANE: (i64, i64) = (-1, 31);
    /// wgmma groups committed before the wait.
    pub const GROUPS: (u64, u64) = (1, 4);
    /// N of `wgmma.wait_group N`.
    pub const WAIT: (u64, u64) = (0, 3);
}

/// Every input of the chapter. Field names are the URL keys.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GenInputs {
    /// Seed of the PE array's A and B.
    pub seed: u64,
    /// K of the PE product in blocks of the array's dot length (4).
    pub kb: u64,
    /// Stage of the PE trace shown.
    pub step: u64,
    /// GPU of the peak table (one of [`GPUS`]).
    pub gpu: String,
    /// Lane selected in the Volta / Ampere maps, −1 for none.
    pub lane: i64,
    /// Fragment of `mma.m8n8k4` shown.
    pub frag: M8n8k4Fragment,
    /// N of the wgmma shape (one of [`WGMMA_NS`]).
    pub n: String,
    /// wgmma groups committed in the timeline.
    pub groups: u64,
    /// N of the `wgmma.wait_group` in the timeline.
    pub wait: u64,
}

impl Default for GenInputs {
    fn default() -> Self {
        GenInputs {
            seed: 1,
            kb: 2,
            step: 0,
            gpu: "h100".into(),
            lane: 5,
            frag: M8n8k4Fragment::CF32,
            n: "64".into(),
            groups: 3,
            wait: 1,
        }
    }
}

impl ChapterInputs for GenInputs {
    /// Reads a permalink: numbers clamp with a notice, unknown words fall back with one.
    fn from_query(query: &str) -> (GenInputs, Vec<Notice>) {
        let d = GenInputs::default();
        let mut r = QueryReader::parse(query);
        let inputs = GenInputs {
            seed: r.num("seed", d.seed, limits::SEED.0, limits::SEED.1),
            kb: r.num("kb", d.kb, limits::K_BLOCKS.0, limits::K_BLOCKS.1),
            step: r.num("step", d.step, limits::STEP.0, limits::STEP.1),
            gpu: r.one_of("gpu", &d.gpu, &GPUS),
            lane: r.num("lane", d.lane, limits::LANE.0, limits::LANE.1),
            frag: r.choice("frag", d.frag),
            n: r.one_of("n", &d.n, &WGMMA_NS),
            groups: r.num("groups", d.groups, limits::GROUPS.0, limits::GROUPS.1),
            wait: r.num("wait", d.wait, limits::WAIT.0, limits::WAIT.1),
        };
        (inputs, r.finish())
    }

    /// The query string (only non-default values).
    fn to_query(&self) -> String {
        to_query(self, &GenInputs::default())
    }
}

/// Everything the chapter draws, from the inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct GenOutputs {
    /// The PE problem (values from the seed).
    pub problem: Result<PeProblem, PeError>,
    /// Its trace, stage by stage.
    pub trace: Vec<PeStep>,
    /// The stage shown (the input clamped to the trace).
    pub step: usize,
    /// The exact `A · B + C` the last stage must equal.
    pub reference: Vec<f64>,
    /// The peak derivation of the chosen GPU.
    pub peaks: Result<Vec<TensorPeak>, PeakError>,
    /// The selected lane's `mma.m8n8k4` elements (empty for none).
    pub lane_elements: Vec<ProductElement>,
    /// The wgmma shape.
    pub shape: WgmmaShape,
    /// Which committed groups are complete after the wait.
    pub complete: Vec<bool>,
}

/// The chapter as a pure function of its inputs.
pub fn compute(i: &GenInputs) -> GenOutputs {
    let k_total = u32::try_from(i.kb).unwrap_or(1) * COURSE_PE_ARRAY.dot_length;
    let seed = i.seed;
    let problem = PeProblem::from_seed(COURSE_PE_ARRAY, k_total, seed);
    let trace = problem
        .as_ref()
        .ok()
        .and_then(|p| pe_trace(p).ok())
        .unwrap_or_default();
    let step = usize::try_from(i.step)
        .unwrap_or(0)
        .min(trace.len().saturating_sub(1));
    let reference = problem
        .as_ref()
        .map(PeProblem::reference)
        .unwrap_or_default();
    let lane_elements = u32::try_from(i.lane)
        .map(|l| lane_elements(i.frag, l))
        .unwrap_or_default();
    let n = i.n.parse::<u32>().unwrap_or(64);
    let shape = WgmmaShape::new(n)
        .or_else(|_| WgmmaShape::new(64))
        .unwrap_or_else(|_| WgmmaShape::all().remove(7));
    let groups = u32::try_from(i.groups).unwrap_or(1);
    let wait = u32::try_from(i.wait).unwrap_or(0);
    GenOutputs {
        problem,
        trace,
        step,
        reference,
        peaks: tensor_peaks(&i.gpu),
        lane_elements,
        shape,
        complete: complete_after_wait(groups, wait),
    }
}

/// Reactive state: the inputs and the one memo.
#[derive(Clone, Copy)]
pub struct GenState {
    /// Inputs (follow the URL).
    pub inputs: UrlInputs<GenInputs>,
    /// Derived.
    pub outputs: Memo<GenOutputs>,
    /// Whether the PE player is playing.
    pub playing: RwSignal<bool>,
}

impl GenState {
    /// State from `inputs`.
    pub fn new(inputs: UrlInputs<GenInputs>) -> Self {
        GenState {
            inputs,
            outputs: Memo::new(move |_| inputs.with(compute)),
            playing: RwSignal::new(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn defaults_round_trip_and_compute() {
        let d = GenInputs::default();
        assert_eq!(d.to_query(), "");
        let out = compute(&d);
        assert_eq!(out.trace.len(), 2 * 5);
        assert_eq!(out.lane_elements.len(), 8);
        assert_eq!(out.shape.n(), 64);
        assert_eq!(out.complete, vec![true, true, false]);
        assert!(out.peaks.is_ok());
    }

    #[test]
    fn bad_values_fall_back_with_notices() {
        let (i, notices) = GenInputs::from_query("n=12&gpu=x&frag=d&lane=99&kb=0");
        assert_eq!(
            (i.n.as_str(), i.gpu.as_str(), i.lane, i.kb),
            ("64", "h100", 31, 1)
        );
        assert_eq!(i.frag, M8n8k4Fragment::CF32);
        assert_eq!(notices.len(), 5);
        let (i, _) = GenInputs::from_query("gpu=b200&step=19");
        let out = compute(&i);
        assert!(out.peaks.is_err());
        assert_eq!(out.step, out.trace.len() - 1);
    }

    proptest! {
        #[test]
        fn any_query_is_safe(q in ".{0,200}") {
            let (i, _) = GenInputs::from_query(&q);
            let out = compute(&i);
            prop_assert!(out.step < out.trace.len());
            let (again, notices) = GenInputs::from_query(&i.to_query());
            prop_assert_eq!(again, i);
            prop_assert!(notices.is_empty());
        }
    }
}
