//! The bank-conflict chapter's state: the shared access state ([`AccessState`]) with
//! [`crate::model::bank_conflicts::bank_conflicts`] as its model.

use crate::model::access::{smem_access_from_fn, AccessError, Preset, BANK_PRESETS};
use crate::model::bank_conflicts::{bank_conflicts, BankReport};
use crate::ui::shared::access::state::{self, AccessOutputs, AccessState, Shown};
use crate::ui::shared::access::{AccessChapter, AccessInputs};

/// The chapter's presets.
pub const PRESETS: &[Preset] = BANK_PRESETS;

/// A pattern the model accepted.
pub type Banked = Shown<BankReport>;
/// Everything the chapter shows.
pub type BankOutputs = AccessOutputs<BankReport>;
/// The chapter's reactive state.
pub type BankState = AccessState<BankReport>;

/// The chapter's model: 32 lane addresses → banks, phases, wavefronts.
pub fn model(
    inputs: &AccessInputs,
    indices: &[Option<i64>; 32],
) -> Result<BankReport, AccessError> {
    let access = smem_access_from_fn(0, inputs.offset as i64, inputs.elem, |lane| {
        indices.get(lane as usize).copied().flatten()
    })?;
    bank_conflicts(&access)
}

/// The whole chapter as a function of its inputs and the previous outputs.
pub fn compute(inputs: &AccessInputs, previous: Option<&BankOutputs>) -> BankOutputs {
    state::compute(inputs, previous, PRESETS, model)
}

impl AccessChapter for BankReport {
    const PRESETS: &'static [Preset] = PRESETS;

    fn model(inputs: &AccessInputs, indices: &[Option<i64>; 32]) -> Result<Self, AccessError> {
        model(inputs, indices)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::access::preset_by_id;
    use crate::ui::shared::access::AccessQuery;
    use crate::ui::shared::access::Problem;
    use crate::ui::shell::UrlInputs;
    use leptos::prelude::*;
    use proptest::prelude::*;

    fn preset(id: &str) -> AccessInputs {
        AccessInputs::from_preset(&preset_by_id(PRESETS, id).expect("preset"))
    }

    fn wavefronts(i: &AccessInputs) -> (u32, u32, u32) {
        let r = compute(i, None).shown.expect("shown").result;
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
        let state = AccessState::new(UrlInputs::detached(AccessQuery::<BankReport>::new(preset(
            "stride-32",
        ))));
        // The page reads the memo before any edit; so does this test.
        assert_eq!(state.outputs.get_untracked().problem, None);
        state.inputs.update(|i| i.formula = "lane / 0".into());
        let out = state.outputs.get_untracked();
        assert!(matches!(out.problem, Some(Problem::Formula(_))));
        assert_eq!(out.shown.expect("shown").result.wavefronts, 32);
    }

    proptest! {
        #[test]
        fn any_query_computes(q in ".{0,200}") {
            let (s, _) = AccessInputs::read_query(&q, PRESETS);
            let out = compute(&s, None);
            prop_assert!(out.shown.expect("shown").result.wavefronts <= 128);
        }
    }
}
