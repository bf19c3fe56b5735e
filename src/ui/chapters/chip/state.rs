//! The chip-anatomy chapter's state: the GPU (URL key `gpu`) and the memo of everything drawn.

use leptos::prelude::*;
use serde::Serialize;

use crate::geom::die::{die_layout, DieLayout};
use crate::model::gpu_spec::{Anatomy, GpuSpec};
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::keys::chip as key;
use crate::ui::url::{to_query, Notice, QueryReader};

/// GPUs in the switch: A100, H100 and H200 with the die layout the model carries; H100 PCIe,
/// B200 and RTX 5090 with their totals and a note of what is not drawn (no layout is invented).
pub const GPUS: [&str; 6] = ["a100", "h100", "h200", "h100pcie", "b200", "rtx5090"];

/// Every input of the chapter (field names are URL keys).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChipInputs {
    /// One of [`GPUS`].
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

/// The chapter as a pure function of its inputs; `None` for a GPU without an anatomy (the view
/// then says what it does not draw, see [`ChipInputs::gpu_spec`]).
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

impl ChipInputs {
    /// The selected preset (A100 if the id is unknown, which `from_query` already prevents).
    pub fn gpu_spec(&self) -> GpuSpec {
        GpuSpec::by_id(&self.gpu).unwrap_or_else(GpuSpec::a100_sxm)
    }
}

impl ChapterInputs for ChipInputs {
    /// Reads a permalink; unknown GPUs fall back to the A100 with a notice.
    fn from_query(query: &str) -> (ChipInputs, Vec<Notice>) {
        let mut r = QueryReader::parse(query);
        let gpu = r.one_of(key::GPU, "a100", &GPUS);
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
    fn every_gpu_round_trips_and_only_known_layouts_are_drawn() {
        for id in GPUS {
            let i = ChipInputs { gpu: id.into() };
            let (back, notices) = ChipInputs::from_query(&i.to_query());
            assert_eq!((back, notices.len()), (i.clone(), 0));
            assert_eq!(i.gpu_spec().id, id);
            match compute(&i) {
                Some(out) => {
                    assert!(["a100", "h100", "h200"].contains(&id), "{id}");
                    assert_eq!(out.anatomy.sms_enabled(), out.gpu.sm_count);
                }
                None => assert!(["h100pcie", "b200", "rtx5090"].contains(&id), "{id}"),
            }
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
