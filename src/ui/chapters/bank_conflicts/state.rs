//! The bank-conflict chapter's state: the shared access inputs and the one memo that calls
//! [`crate::model::bank_conflicts::bank_conflicts`]. When the inputs are wrong (a bad formula, a
//! misaligned address) the memo reports the problem and keeps the last valid result.

use leptos::prelude::*;

use crate::model::access::{smem_access_from_fn, Preset, BANK_PRESETS};
use crate::model::bank_conflicts::{bank_conflicts, BankReport};
use crate::ui::chapters::access::{keep_last_valid, AccessInputs, Problem};

/// The chapter's presets.
pub const PRESETS: &[Preset] = BANK_PRESETS;

/// A pattern the model accepted, with everything the figure draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Banked {
    /// Element index per lane (`None` = inactive).
    pub indices: [Option<i64>; 32],
    /// Bytes per lane.
    pub elem_bytes: u32,
    /// Offset in bytes.
    pub offset_bytes: u64,
    /// The model's answer.
    pub report: BankReport,
}

/// Everything the chapter shows.
#[derive(Clone, Debug, PartialEq)]
pub struct BankOutputs {
    /// What is wrong with the current inputs, if anything.
    pub problem: Option<Problem>,
    /// The current pattern, or the last valid one when `problem` is `Some` (`None` only if
    /// even the default preset failed, which the tests rule out).
    pub shown: Option<Banked>,
}

/// The model's view of `inputs`, or why there is none.
pub fn banked(inputs: &AccessInputs) -> Result<Banked, Problem> {
    let indices = inputs.indices(PRESETS)?;
    let access = smem_access_from_fn(0, inputs.offset as i64, inputs.elem, |lane| {
        indices.get(lane as usize).copied().flatten()
    })
    .map_err(Problem::Access)?;
    let report = bank_conflicts(&access).map_err(Problem::Access)?;
    Ok(Banked {
        indices,
        elem_bytes: inputs.elem,
        offset_bytes: inputs.offset,
        report,
    })
}

/// The whole chapter as a function of its inputs and the previous outputs.
pub fn compute(inputs: &AccessInputs, previous: Option<&BankOutputs>) -> BankOutputs {
    let (problem, shown) = keep_last_valid(
        inputs,
        previous.and_then(|p| p.shown.as_ref()),
        PRESETS,
        banked,
    );
    BankOutputs { problem, shown }
}

/// The chapter's reactive state.
#[derive(Clone, Copy)]
pub struct BankState {
    /// Every input.
    pub inputs: RwSignal<AccessInputs>,
    /// Everything derived: the only place the model is called.
    pub outputs: Memo<BankOutputs>,
    /// The lane the reader clicked or focused (view state, not in the URL).
    pub selected_lane: RwSignal<Option<u32>>,
}

impl BankState {
    /// State starting from `inputs`.
    pub fn new(inputs: AccessInputs) -> Self {
        let inputs = RwSignal::new(inputs);
        let outputs =
            Memo::new(move |prev: Option<&BankOutputs>| inputs.with(|i| compute(i, prev)));
        BankState {
            inputs,
            outputs,
            selected_lane: RwSignal::new(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::access::preset_by_id;
    use proptest::prelude::*;

    fn preset(id: &str) -> AccessInputs {
        AccessInputs::from_preset(&preset_by_id(PRESETS, id).expect("preset"))
    }

    fn wavefronts(i: &AccessInputs) -> (u32, u32, u32) {
        let r = compute(i, None).shown.expect("shown").report;
        (r.wavefronts, r.ideal_wavefronts, r.conflicts)
    }

    #[test]
    fn the_chapters_headline_cases() {
        assert_eq!(wavefronts(&preset("stride-1")), (1, 1, 0));
        assert_eq!(wavefronts(&preset("stride-32")), (32, 1, 31));
        assert_eq!(wavefronts(&preset("tile-column")), (32, 1, 31));
        assert_eq!(wavefronts(&preset("tile-column-padded")), (1, 1, 0));
        assert_eq!(wavefronts(&preset("tile-column-xor")), (1, 1, 0));
        assert_eq!(wavefronts(&preset("forum-lane-mod-4")), (4, 4, 0));
    }

    #[test]
    fn typed_formulas_give_the_same_counts() {
        let mut i = preset("stride-1");
        i.formula = "lane * 33".into();
        assert_eq!(wavefronts(&i), (1, 1, 0));
        i.formula = "lane * 32".into();
        assert_eq!(wavefronts(&i), (32, 1, 31));
        let mut f = preset("forum-lane-mod-4");
        f.formula = "(lane % 4) * 1".into();
        assert_eq!(wavefronts(&f), (4, 4, 0));
        let mut x = preset("stride-1");
        x.formula = "lane ^ (lane / 8)".into();
        assert_eq!(compute(&x, None).problem, None);
    }

    #[test]
    fn a_bad_formula_keeps_the_last_valid_pattern() {
        let owner = Owner::new();
        owner.set();
        let state = BankState::new(preset("stride-32"));
        // The page reads the memo before any edit; so does this test.
        assert_eq!(state.outputs.get_untracked().problem, None);
        state.inputs.update(|i| i.formula = "lane / 0".into());
        let out = state.outputs.get_untracked();
        assert!(matches!(out.problem, Some(Problem::Formula(_))));
        assert_eq!(out.shown.expect("shown").report.wavefronts, 32);
    }

    proptest! {
        #[test]
        fn any_query_computes(q in ".{0,200}") {
            let (s, _) = AccessInputs::from_query(&q, PRESETS);
            let out = compute(&s, None);
            prop_assert!(out.shown.expect("shown").report.wavefronts <= 128);
        }
    }
}
