//! The coalescing chapter's state: the shared access state ([`AccessState`]) with
//! [`crate::model::coalescing::coalesce_detail`] as its model.

use crate::model::access::{warp_access_from_fn, AccessError, Preset, COALESCING_PRESETS};
use crate::model::coalescing::{coalesce_detail, CoalescingDetail};
use crate::ui::shared::access::state::{AccessOutputs, AccessState, Shown};
use crate::ui::shared::access::{AccessChapter, AccessInputs};

/// The chapter's presets.
pub const PRESETS: &[Preset] = COALESCING_PRESETS;

/// The chapter's presets, one variant per entry of [`PRESETS`], in the same order. The model
/// names a preset by its string id (URL value); the chapter maps it once to this enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoalescingPreset {
    /// `unit-stride`.
    UnitStride,
    /// `course-scattered`.
    CourseScattered,
    /// `misaligned-4b`.
    Misaligned4b,
    /// `stride-2`.
    Stride2,
    /// `stride-8`.
    Stride8,
    /// `stride-32`.
    Stride32,
    /// `broadcast`.
    Broadcast,
    /// `float2-unit`.
    Float2Unit,
    /// `float4-unit`.
    Float4Unit,
    /// `aos-xyz`.
    AosXyz,
    /// `soa-x`.
    SoaX,
    /// `matrix-row`.
    MatrixRow,
    /// `matrix-column`.
    MatrixColumn,
    /// `boundary-check`.
    BoundaryCheck,
    /// `random-permutation`.
    RandomPermutation,
}

impl CoalescingPreset {
    /// Every preset, in menu order.
    pub const ALL: [CoalescingPreset; 15] = [
        CoalescingPreset::UnitStride,
        CoalescingPreset::CourseScattered,
        CoalescingPreset::Misaligned4b,
        CoalescingPreset::Stride2,
        CoalescingPreset::Stride8,
        CoalescingPreset::Stride32,
        CoalescingPreset::Broadcast,
        CoalescingPreset::Float2Unit,
        CoalescingPreset::Float4Unit,
        CoalescingPreset::AosXyz,
        CoalescingPreset::SoaX,
        CoalescingPreset::MatrixRow,
        CoalescingPreset::MatrixColumn,
        CoalescingPreset::BoundaryCheck,
        CoalescingPreset::RandomPermutation,
    ];

    /// The model's id of this preset.
    pub const fn id(self) -> &'static str {
        match self {
            CoalescingPreset::UnitStride => "unit-stride",
            CoalescingPreset::CourseScattered => "course-scattered",
            CoalescingPreset::Misaligned4b => "misaligned-4b",
            CoalescingPreset::Stride2 => "stride-2",
            CoalescingPreset::Stride8 => "stride-8",
            CoalescingPreset::Stride32 => "stride-32",
            CoalescingPreset::Broadcast => "broadcast",
            CoalescingPreset::Float2Unit => "float2-unit",
            CoalescingPreset::Float4Unit => "float4-unit",
            CoalescingPreset::AosXyz => "aos-xyz",
            CoalescingPreset::SoaX => "soa-x",
            CoalescingPreset::MatrixRow => "matrix-row",
            CoalescingPreset::MatrixColumn => "matrix-column",
            CoalescingPreset::BoundaryCheck => "boundary-check",
            CoalescingPreset::RandomPermutation => "random-permutation",
        }
    }

    /// The preset with this id, if the chapter has one.
    pub fn from_id(id: &str) -> Option<CoalescingPreset> {
        CoalescingPreset::ALL.into_iter().find(|p| p.id() == id)
    }
}

/// A pattern the model accepted.
pub type Coalesced = Shown<CoalescingDetail>;
/// Everything the chapter shows.
pub type CoalescingOutputs = AccessOutputs<CoalescingDetail>;
/// The chapter's reactive state.
pub type CoalescingState = AccessState<CoalescingDetail>;

/// The chapter's model: 32 lane addresses → sectors, lines, requests, per-lane detail.
pub fn model(
    inputs: &AccessInputs,
    indices: &[Option<i64>; 32],
) -> Result<CoalescingDetail, AccessError> {
    let access = warp_access_from_fn(0, inputs.offset as i64, inputs.elem, |lane| {
        indices.get(lane as usize).copied().flatten()
    })?;
    coalesce_detail(&access)
}

impl AccessChapter for CoalescingDetail {
    const PRESETS: &'static [Preset] = PRESETS;

    fn model(inputs: &AccessInputs, indices: &[Option<i64>; 32]) -> Result<Self, AccessError> {
        model(inputs, indices)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::shared::access::state;

    fn compute(inputs: &AccessInputs, previous: Option<&CoalescingOutputs>) -> CoalescingOutputs {
        state::compute(inputs, previous)
    }
    use crate::model::access::preset_by_id;
    use crate::ui::shared::access::AccessQuery;
    use crate::ui::shared::access::Problem;
    use crate::ui::shell::UrlInputs;
    use leptos::prelude::*;
    use proptest::prelude::*;

    #[test]
    fn every_preset_is_one_enum_variant_with_the_models_english_text() {
        let ids: Vec<&str> = PRESETS.iter().map(|p| p.id).collect();
        let variants: Vec<&str> = CoalescingPreset::ALL.iter().map(|p| p.id()).collect();
        assert_eq!(ids, variants);
        for p in PRESETS {
            let v = CoalescingPreset::from_id(p.id).expect("a variant");
            let t = super::super::text::preset_text(v);
            assert_eq!(t.title.en, p.title, "{}", p.id);
            assert_eq!(t.description.en, p.description, "{}", p.id);
        }
    }

    fn preset(id: &str) -> AccessInputs {
        AccessInputs::from_preset(&preset_by_id(PRESETS, id).expect("preset"))
    }

    /// Numbers in prose come from the model: every "N sectors" a preset's description names, in
    /// both languages, is the sectors the model moves for it.
    #[test]
    fn every_sector_count_a_preset_description_names_is_the_models() {
        let numbers_before = |text: &str, unit: &str| -> Vec<u32> {
            text.match_indices(unit)
                .filter_map(|(at, _)| {
                    let head = text[..at].trim_end();
                    let start = head
                        .char_indices()
                        .rev()
                        .take_while(|(_, c)| c.is_ascii_digit())
                        .last()?
                        .0;
                    head[start..].parse().ok()
                })
                .collect()
        };
        for p in PRESETS {
            let v = CoalescingPreset::from_id(p.id).expect("a variant");
            let t = super::super::text::preset_text(v);
            let r = compute(&preset(p.id), None)
                .shown
                .expect("shown")
                .result
                .report;
            for (text, unit) in [
                (t.description.en, " sectors"),
                (t.description.zh, " 个 sector"),
            ] {
                for n in numbers_before(text, unit) {
                    assert_eq!(n, r.sectors, "{}: “{text}” names {n} sectors", p.id);
                }
            }
        }
    }

    #[test]
    fn the_courses_two_cases() {
        // 32 × 4 B unit stride = 128 B = 4 sectors = 1 line, 100 %.
        let r = compute(&preset("unit-stride"), None)
            .shown
            .expect("shown")
            .result
            .report;
        assert_eq!(
            (r.sectors, r.lines, r.requests, r.bytes_moved),
            (4, 1, 1, 128)
        );
        // The course's scattered case: 32 sectors, 1/8.
        let r = compute(&preset("course-scattered"), None)
            .shown
            .expect("shown")
            .result
            .report;
        assert_eq!((r.sectors, r.efficiency()), (32, 0.125));
        let r = compute(&preset("misaligned-4b"), None)
            .shown
            .expect("shown")
            .result
            .report;
        assert_eq!(r.sectors, 5);
    }

    #[test]
    fn a_bad_formula_keeps_the_last_valid_pattern() {
        let owner = Owner::new();
        owner.set();
        let state = AccessState::new(UrlInputs::detached(AccessQuery::<CoalescingDetail>::new(
            preset("stride-2"),
        )));
        assert_eq!(
            state
                .outputs
                .get_untracked()
                .shown
                .expect("shown")
                .result
                .report
                .sectors,
            8
        );
        state.inputs.update(|i| i.formula = "lane * ".into());
        let out = state.outputs.get_untracked();
        assert!(matches!(out.problem, Some(Problem::Formula(_))));
        assert_eq!(out.shown.expect("shown").result.report.sectors, 8);
        state.inputs.update(|i| i.formula = "lane * 8".into());
        let out = state.outputs.get_untracked();
        assert_eq!(
            (out.problem, out.shown.expect("shown").result.report.sectors),
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
        assert_eq!(out.shown.expect("shown").result.report.sectors, 12);
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
                .result
                .report
                .sectors,
            4
        );
    }

    proptest! {
        #[test]
        fn any_query_computes(q in ".{0,200}") {
            let (s, _) = AccessInputs::read_query(&q, PRESETS);
            let out = compute(&s, None);
            prop_assert!(out.shown.expect("shown").result.report.sectors <= 32);
        }
    }
}
