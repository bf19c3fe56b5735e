//! The bank-conflict chapter's state: the shared access state ([`AccessState`]) with
//! [`crate::model::bank_conflicts::bank_conflicts`] as its model.

use crate::model::access::{smem_access_from_fn, AccessError, Preset, BANK_PRESETS};
use crate::model::bank_conflicts::{bank_conflicts, BankReport};
use crate::ui::shared::access::state::{AccessOutputs, AccessState, Shown};
use crate::ui::shared::access::{AccessChapter, AccessInputs};

/// The chapter's presets.
pub const PRESETS: &[Preset] = BANK_PRESETS;

/// The chapter's presets, one variant per entry of [`PRESETS`], in the same order. The model
/// names a preset by its string id (URL value); the chapter maps it once to this enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BankPreset {
    /// `stride-1`.
    Stride1,
    /// `stride-2`.
    Stride2,
    /// `stride-16`.
    Stride16,
    /// `stride-32`.
    Stride32,
    /// `stride-33`.
    Stride33,
    /// `broadcast`.
    Broadcast,
    /// `float2-contiguous`.
    Float2Contiguous,
    /// `float2-stride-2`.
    Float2Stride2,
    /// `float2-broadcast`.
    Float2Broadcast,
    /// `float2-lane-mod-16`.
    Float2LaneMod16,
    /// `float2-adjacent-pairs`.
    Float2AdjacentPairs,
    /// `float4-contiguous`.
    Float4Contiguous,
    /// `float4-stride-2`.
    Float4Stride2,
    /// `float4-broadcast`.
    Float4Broadcast,
    /// `forum-lane-mod-4`.
    ForumLaneMod4,
    /// `tile-row`.
    TileRow,
    /// `tile-column`.
    TileColumn,
    /// `tile-column-padded`.
    TileColumnPadded,
    /// `tile-column-xor`.
    TileColumnXor,
}

impl BankPreset {
    /// Every preset, in menu order.
    pub const ALL: [BankPreset; 19] = [
        BankPreset::Stride1,
        BankPreset::Stride2,
        BankPreset::Stride16,
        BankPreset::Stride32,
        BankPreset::Stride33,
        BankPreset::Broadcast,
        BankPreset::Float2Contiguous,
        BankPreset::Float2Stride2,
        BankPreset::Float2Broadcast,
        BankPreset::Float2LaneMod16,
        BankPreset::Float2AdjacentPairs,
        BankPreset::Float4Contiguous,
        BankPreset::Float4Stride2,
        BankPreset::Float4Broadcast,
        BankPreset::ForumLaneMod4,
        BankPreset::TileRow,
        BankPreset::TileColumn,
        BankPreset::TileColumnPadded,
        BankPreset::TileColumnXor,
    ];

    /// The model's id of this preset.
    pub const fn id(self) -> &'static str {
        match self {
            BankPreset::Stride1 => "stride-1",
            BankPreset::Stride2 => "stride-2",
            BankPreset::Stride16 => "stride-16",
            BankPreset::Stride32 => "stride-32",
            BankPreset::Stride33 => "stride-33",
            BankPreset::Broadcast => "broadcast",
            BankPreset::Float2Contiguous => "float2-contiguous",
            BankPreset::Float2Stride2 => "float2-stride-2",
            BankPreset::Float2Broadcast => "float2-broadcast",
            BankPreset::Float2LaneMod16 => "float2-lane-mod-16",
            BankPreset::Float2AdjacentPairs => "float2-adjacent-pairs",
            BankPreset::Float4Contiguous => "float4-contiguous",
            BankPreset::Float4Stride2 => "float4-stride-2",
            BankPreset::Float4Broadcast => "float4-broadcast",
            BankPreset::ForumLaneMod4 => "forum-lane-mod-4",
            BankPreset::TileRow => "tile-row",
            BankPreset::TileColumn => "tile-column",
            BankPreset::TileColumnPadded => "tile-column-padded",
            BankPreset::TileColumnXor => "tile-column-xor",
        }
    }

    /// The preset with this id, if the chapter has one.
    pub fn from_id(id: &str) -> Option<BankPreset> {
        BankPreset::ALL.into_iter().find(|p| p.id() == id)
    }
}

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

impl AccessChapter for BankReport {
    const PRESETS: &'static [Preset] = PRESETS;

    fn model(inputs: &AccessInputs, indices: &[Option<i64>; 32]) -> Result<Self, AccessError> {
        model(inputs, indices)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::shared::access::state;

    fn compute(inputs: &AccessInputs, previous: Option<&BankOutputs>) -> BankOutputs {
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
        let variants: Vec<&str> = BankPreset::ALL.iter().map(|p| p.id()).collect();
        assert_eq!(ids, variants);
        for p in PRESETS {
            let v = BankPreset::from_id(p.id).expect("a variant");
            let t = super::super::text::preset_text(v);
            assert_eq!(t.title.en, p.title, "{}", p.id);
            assert_eq!(t.description.en, p.description, "{}", p.id);
        }
    }

    fn preset(id: &str) -> AccessInputs {
        AccessInputs::from_preset(&preset_by_id(PRESETS, id).expect("preset"))
    }

    fn wavefronts(i: &AccessInputs) -> (u32, u32, u32) {
        let r = compute(i, None).shown.expect("shown").result;
        (r.wavefronts, r.ideal_wavefronts, r.conflicts)
    }

    /// The numbers written right before `unit` in `text` ("2 wavefronts" → 2).
    fn numbers_before(text: &str, unit: &str) -> Vec<u32> {
        text.match_indices(unit)
            .filter_map(|(at, _)| {
                let head = text[..at].trim_end();
                let digits: String = head
                    .chars()
                    .rev()
                    .take_while(char::is_ascii_digit)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                digits.parse().ok()
            })
            .collect()
    }

    /// Numbers in prose come from the model: every "N wavefront(s)" and "N conflict(s)" a
    /// preset's description names, in both languages, is what the model counts for it.
    #[test]
    fn every_count_a_preset_description_names_is_the_models() {
        for p in PRESETS {
            let v = BankPreset::from_id(p.id).expect("a variant");
            let t = super::super::text::preset_text(v);
            let (w, _, c) = wavefronts(&preset(p.id));
            for (text, wave, conflict) in [
                (t.description.en, " wavefront", " conflict"),
                (t.description.zh, " 个 wavefront", " 次冲突"),
            ] {
                for n in numbers_before(text, wave) {
                    assert_eq!(n, w, "{}: “{text}” names {n} wavefronts", p.id);
                }
                for n in numbers_before(text, conflict) {
                    assert_eq!(n, c, "{}: “{text}” names {n} conflicts", p.id);
                }
            }
        }
        assert_eq!(numbers_before("a, 32 wavefronts", " wavefront"), vec![32]);
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
