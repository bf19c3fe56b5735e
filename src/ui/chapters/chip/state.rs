//! The chip-anatomy chapter's state: the GPU (URL key `gpu`) and the memo of everything drawn.

use leptos::prelude::*;
use serde::Serialize;

use crate::geom::die::{die_layout, DieLayout};
use crate::model::gpu_spec::{Anatomy, GpuSpec};
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::{to_query, Notice, QueryReader};

/// GPUs whose die layout the model carries.
pub const GPUS: [&str; 2] = ["a100", "h100"];

/// Every input of the chapter (field names are URL keys).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChipInputs {
    /// "a100" or "h100".
    pub gpu: String,
}

impl Default for ChipInputs {
    fn default() -> Self {
        ChipInputs { gpu: "a100".into() }
    }
}

/// Everything the chapter draws.
#[derive(Clone, Debug, PartialEq)]
pub struct ChipOutputs {
    /// The GPU.
    pub gpu: GpuSpec,
    /// Its structure.
    pub anatomy: Anatomy,
    /// The die drawing.
    pub die: DieLayout,
}

/// The chapter as a pure function of its inputs; `None` only for a GPU without an anatomy,
/// which [`ChipInputs::from_query`] never yields.
pub fn compute(inputs: &ChipInputs) -> Option<ChipOutputs> {
    let gpu = GpuSpec::by_id(&inputs.gpu)?;
    let anatomy = gpu.anatomy()?;
    let die = die_layout(
        anatomy.gpcs_full_die,
        anatomy.tpcs_per_gpc,
        anatomy.sms_per_tpc,
        anatomy.enabled_tpcs_per_gpc,
    );
    Some(ChipOutputs { gpu, anatomy, die })
}

impl ChapterInputs for ChipInputs {
    /// Reads a permalink; unknown GPUs fall back to the A100 with a notice.
    fn from_query(query: &str) -> (ChipInputs, Vec<Notice>) {
        let mut r = QueryReader::parse(query);
        let gpu = r.one_of("gpu", "a100", &GPUS);
        (ChipInputs { gpu }, r.finish())
    }

    /// The query string (only non-default values).
    fn to_query(&self) -> String {
        to_query(self, &ChipInputs::default())
    }
}

/// Reactive state: inputs and the one memo.
#[derive(Clone, Copy)]
pub struct ChipState {
    /// Inputs.
    pub inputs: UrlInputs<ChipInputs>,
    /// Derived.
    pub outputs: Memo<Option<ChipOutputs>>,
}

impl ChipState {
    /// State from `inputs`.
    pub fn new(inputs: UrlInputs<ChipInputs>) -> Self {
        let outputs = Memo::new(move |_| inputs.with(compute));
        ChipState { inputs, outputs }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn both_gpus_compute_and_round_trip() {
        for id in GPUS {
            let i = ChipInputs { gpu: id.into() };
            let (back, notices) = ChipInputs::from_query(&i.to_query());
            assert_eq!((back, notices.len()), (i.clone(), 0));
            let out = compute(&i).expect("anatomy");
            assert_eq!(out.anatomy.sms_enabled(), out.gpu.sm_count);
        }
        let (i, notices) = ChipInputs::from_query("gpu=t4");
        assert_eq!((i.gpu.as_str(), notices.len()), ("a100", 1));
    }

    proptest! {
        #[test]
        fn any_query_is_safe(q in ".{0,200}") {
            let (i, _) = ChipInputs::from_query(&q);
            prop_assert!(GPUS.contains(&i.gpu.as_str()));
            let _ = compute(&i);
        }
    }
}
