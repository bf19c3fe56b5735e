//! The coalescing chapter's state: the shared access inputs and the one memo that calls
//! [`crate::model::coalescing::coalesce_detail`]. When the inputs are wrong (a bad formula, a
//! misaligned address) the memo reports the problem and keeps the last valid result.

use leptos::prelude::*;

use crate::model::access::{warp_access_from_fn, Preset, COALESCING_PRESETS};
use crate::model::coalescing::{coalesce_detail, CoalescingDetail};
use crate::ui::chapters::access::{keep_last_valid, AccessInputs, Problem};

/// The chapter's presets.
pub const PRESETS: &[Preset] = COALESCING_PRESETS;

/// A pattern the model accepted, with everything the figure draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Coalesced {
    /// Element index per lane (`None` = inactive).
    pub indices: [Option<i64>; 32],
    /// Bytes per lane.
    pub elem_bytes: u32,
    /// Offset in bytes.
    pub offset_bytes: u64,
    /// The model's answer.
    pub detail: CoalescingDetail,
}

/// Everything the chapter shows.
#[derive(Clone, Debug, PartialEq)]
pub struct CoalescingOutputs {
    /// What is wrong with the current inputs, if anything.
    pub problem: Option<Problem>,
    /// The current pattern, or the last valid one when `problem` is `Some` (`None` only if
    /// even the default preset failed, which the tests rule out).
    pub shown: Option<Coalesced>,
}

/// The model's view of `inputs`, or why there is none.
pub fn coalesced(inputs: &AccessInputs) -> Result<Coalesced, Problem> {
    let indices = inputs.indices(PRESETS)?;
    let access = warp_access_from_fn(0, inputs.offset as i64, inputs.elem, |lane| {
        indices.get(lane as usize).copied().flatten()
    })
    .map_err(Problem::Access)?;
    let detail = coalesce_detail(&access).map_err(Problem::Access)?;
    Ok(Coalesced {
        indices,
        elem_bytes: inputs.elem,
        offset_bytes: inputs.offset,
        detail,
    })
}

/// The whole chapter as a function of its inputs and the previous outputs.
pub fn compute(inputs: &AccessInputs, previous: Option<&CoalescingOutputs>) -> CoalescingOutputs {
    let (problem, shown) = keep_last_valid(
        inputs,
        previous.and_then(|p| p.shown.as_ref()),
        PRESETS,
        coalesced,
    );
    CoalescingOutputs { problem, shown }
}

/// The chapter's reactive state.
#[derive(Clone, Copy)]
pub struct CoalescingState {
    /// Every input.
    pub inputs: RwSignal<AccessInputs>,
    /// Everything derived: the only place the model is called.
    pub outputs: Memo<CoalescingOutputs>,
    /// The lane the reader clicked or focused (view state, not in the URL).
    pub selected_lane: RwSignal<Option<u32>>,
}

impl CoalescingState {
    /// State starting from `inputs`.
    pub fn new(inputs: AccessInputs) -> Self {
        let inputs = RwSignal::new(inputs);
        let outputs =
            Memo::new(move |prev: Option<&CoalescingOutputs>| inputs.with(|i| compute(i, prev)));
        CoalescingState {
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

    #[test]
    fn the_courses_two_cases() {
        // 32 × 4 B unit stride = 128 B = 4 sectors = 1 line, 100 %.
        let r = compute(&preset("unit-stride"), None)
            .shown
            .expect("shown")
            .detail
            .report;
        assert_eq!(
            (r.sectors, r.lines, r.requests, r.bytes_moved),
            (4, 1, 1, 128)
        );
        // The course's scattered case: 32 sectors, 1/8.
        let r = compute(&preset("course-scattered"), None)
            .shown
            .expect("shown")
            .detail
            .report;
        assert_eq!((r.sectors, r.efficiency()), (32, 0.125));
        let r = compute(&preset("misaligned-4b"), None)
            .shown
            .expect("shown")
            .detail
            .report;
        assert_eq!(r.sectors, 5);
    }

    #[test]
    fn a_bad_formula_keeps_the_last_valid_pattern() {
        let owner = Owner::new();
        owner.set();
        let state = CoalescingState::new(preset("stride-2"));
        assert_eq!(
            state
                .outputs
                .get_untracked()
                .shown
                .expect("shown")
                .detail
                .report
                .sectors,
            8
        );
        state.inputs.update(|i| i.formula = "lane * ".into());
        let out = state.outputs.get_untracked();
        assert!(matches!(out.problem, Some(Problem::Formula(_))));
        assert_eq!(out.shown.expect("shown").detail.report.sectors, 8);
        state.inputs.update(|i| i.formula = "lane * 8".into());
        let out = state.outputs.get_untracked();
        assert_eq!(
            (out.problem, out.shown.expect("shown").detail.report.sectors),
            (None, 32)
        );
        // Misaligned: 8-byte loads at offset 4.
        state.inputs.update(|i| {
            i.formula.clear();
            i.elem = 8;
            i.offset = 4;
        });
        assert!(matches!(
            state.outputs.get_untracked().problem,
            Some(Problem::Access(_))
        ));
    }

    #[test]
    fn a_bad_formula_in_a_link_shows_the_preset() {
        let mut i = preset("aos-xyz");
        i.formula = "lane / 0".into();
        let out = compute(&i, None);
        assert!(matches!(out.problem, Some(Problem::Formula(_))));
        assert_eq!(out.shown.expect("shown").detail.report.sectors, 12);
    }

    #[test]
    fn negative_address_is_a_problem() {
        let mut i = preset("unit-stride");
        i.formula = "-lane".into();
        assert!(matches!(
            compute(&i, None).problem,
            Some(Problem::Access(_))
        ));
        i.offset = 124;
        assert_eq!(
            compute(&i, None)
                .shown
                .expect("shown")
                .detail
                .report
                .sectors,
            4
        );
    }

    proptest! {
        #[test]
        fn any_query_computes(q in ".{0,200}") {
            let (s, _) = AccessInputs::from_query(&q, PRESETS);
            let out = compute(&s, None);
            prop_assert!(out.shown.expect("shown").detail.report.sectors <= 32);
        }
    }
}
