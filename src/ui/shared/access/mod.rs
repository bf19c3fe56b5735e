//! What the coalescing (ch. 6) and bank-conflict (ch. 7) chapters share: the inputs of one warp
//! access (preset, element size, stride, offset, active lanes, typed index formula), their URL
//! form, and the one function that turns them into 32 element indices; and their two figures
//! ([`coalescing`], [`banks`]), which the kernel lab draws too.
//!
//! Model: [`crate::model::access`] (patterns, presets, addresses) and
//! [`crate::model::formula`] (typed formulas).

pub mod banks;
pub mod coalescing;
pub mod controls;
pub mod figure;
pub mod state;
pub mod text;

use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::Serialize;

use crate::model::access::{
    first_lanes_mask, preset_by_id, AccessError, Pattern, Preset, SUPPORTED_WIDTHS_BYTES,
};
use crate::model::formula::{
    pattern_formula, FormulaError, FormulaVars, IndexFormula, MAX_FORMULA_CHARS,
};
use crate::model::WARP_SIZE;
use crate::ui::shell::ChapterInputs;
use crate::ui::url::keys::access as key;
use crate::ui::url::{to_query, Notice, QueryReader};

/// Preset id meaning "no preset: `lane * stride`".
pub use crate::ui::url::keys::access::CUSTOM;

/// Ranges of every numeric input: the one place sliders, typed numbers and permalinks clamp to.
pub mod limits {
    /// Stride in elements.
    pub const STRIDE: (u64, u64) = (0, 1024);
    /// Offset in bytes.
    pub const OFFSET: (u64, u64) = (0, 4096);
    /// Active lanes (the first n lanes of the warp).
    pub const LANES: (u64, u64) = (0, 32);
}

/// Every input of one warp access. Field names are the URL keys.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AccessInputs {
    /// Preset id, or [`CUSTOM`].
    pub preset: String,
    /// Bytes per element and per lane: 1, 2, 4, 8 or 16.
    pub elem: u32,
    /// Elements between neighbouring lanes (patterns with a stride, and the `stride` variable).
    pub stride: u64,
    /// Bytes added to every address.
    pub offset: u64,
    /// Active lanes: lanes `0..lanes` take part (an `i < n` guard in the last warp).
    pub lanes: u32,
    /// The typed element-index formula; empty = the preset's pattern.
    #[serde(rename = "f")]
    pub formula: String,
}

/// A memory chapter, named by the report its model returns: its presets (the first is the
/// default) and its model.
pub trait AccessChapter: Clone + PartialEq + Send + Sync + 'static {
    /// The chapter's presets.
    const PRESETS: &'static [Preset];
    /// The inputs and the 32 lanes' element indices (`None` = inactive) → the chapter's report,
    /// or why the addresses are invalid.
    fn model(inputs: &AccessInputs, indices: &[Option<i64>; 32]) -> Result<Self, AccessError>;
}

/// A memory chapter's URL inputs: the access inputs, read and written with the presets of
/// chapter `R`. Derefs to [`AccessInputs`].
pub struct AccessQuery<R> {
    /// The access.
    pub access: AccessInputs,
    chapter: PhantomData<fn() -> R>,
}

impl<R> AccessQuery<R> {
    /// Wraps `access`.
    pub fn new(access: AccessInputs) -> Self {
        AccessQuery {
            access,
            chapter: PhantomData,
        }
    }
}

impl<R> Clone for AccessQuery<R> {
    fn clone(&self) -> Self {
        AccessQuery::new(self.access.clone())
    }
}

impl<R> PartialEq for AccessQuery<R> {
    fn eq(&self, other: &Self) -> bool {
        self.access == other.access
    }
}

impl<R> std::fmt::Debug for AccessQuery<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.access.fmt(f)
    }
}

impl<R> Deref for AccessQuery<R> {
    type Target = AccessInputs;
    fn deref(&self) -> &AccessInputs {
        &self.access
    }
}

impl<R> DerefMut for AccessQuery<R> {
    fn deref_mut(&mut self) -> &mut AccessInputs {
        &mut self.access
    }
}

impl<R: AccessChapter> ChapterInputs for AccessQuery<R> {
    fn from_query(query: &str) -> (Self, Vec<Notice>) {
        let (access, notices) = AccessInputs::read_query(query, R::PRESETS);
        (AccessQuery::new(access), notices)
    }

    fn to_query(&self) -> String {
        self.access.write_query(R::PRESETS)
    }
}

/// Whether a pattern has a stride the stride control changes.
pub fn has_stride(pattern: &Pattern) -> bool {
    matches!(
        pattern,
        Pattern::Strided { .. } | Pattern::LaneModulo { .. } | Pattern::LaneGroups { .. }
    )
}

fn stride_of(pattern: &Pattern) -> Option<u64> {
    match *pattern {
        Pattern::Strided { stride_elems }
        | Pattern::LaneModulo { stride_elems, .. }
        | Pattern::LaneGroups { stride_elems, .. } => u64::try_from(stride_elems).ok(),
        _ => None,
    }
}

/// Why the current inputs give no pattern to draw. The figure keeps the last valid one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The typed formula does not parse or evaluate.
    Formula(FormulaError),
    /// The addresses are negative, overflow, or are not aligned to the element size.
    Access(AccessError),
}

impl AccessInputs {
    /// A custom access: 4-byte elements, stride 1, offset 0, a full warp, no formula.
    pub fn custom() -> AccessInputs {
        AccessInputs {
            preset: CUSTOM.into(),
            elem: 4,
            stride: 1,
            offset: 0,
            lanes: WARP_SIZE,
            formula: String::new(),
        }
    }

    /// The fields a permalink leaves out stand for these: the preset `id`'s values, or for
    /// [`CUSTOM`] (or an unknown id) the chapter's first preset's values under the id `custom`.
    fn base(presets: &[Preset], id: &str) -> AccessInputs {
        preset_by_id(presets, id)
            .map(|p| AccessInputs::from_preset(&p))
            .unwrap_or_else(|| AccessInputs {
                preset: CUSTOM.into(),
                ..default_inputs(presets)
            })
    }

    /// The inputs of a preset (formula cleared).
    pub fn from_preset(p: &Preset) -> AccessInputs {
        let mut i = AccessInputs::custom();
        i.apply_preset(p);
        i
    }

    /// Switches to preset `p`: its element size, stride, offset and active lanes; clears the
    /// formula.
    pub fn apply_preset(&mut self, p: &Preset) {
        let a = p.access;
        self.preset = p.id.into();
        self.elem = a.elem_bytes;
        if let Some(s) = stride_of(&a.pattern) {
            self.stride = s.min(limits::STRIDE.1);
        }
        self.offset = u64::try_from(a.offset_bytes)
            .unwrap_or(0)
            .min(limits::OFFSET.1);
        self.lanes = a.active_mask.count_ones();
        self.formula.clear();
    }

    /// Reads a permalink's query; never panics; unknown/bad values become notices. `presets`
    /// is the chapter's list; its first entry is the default.
    pub fn read_query(query: &str, presets: &[Preset]) -> (AccessInputs, Vec<Notice>) {
        let d = default_inputs(presets);
        let mut r = QueryReader::parse(query);
        let mut ids: Vec<&str> = presets.iter().map(|p| p.id).collect();
        ids.push(CUSTOM);
        let preset = r.one_of(key::PRESET, &d.preset, &ids);
        // Unlisted fields default to the chosen preset's values.
        let base = AccessInputs::base(presets, &preset);
        let elem_ids: Vec<String> = SUPPORTED_WIDTHS_BYTES
            .iter()
            .map(|w| w.to_string())
            .collect();
        let elem_refs: Vec<&str> = elem_ids.iter().map(String::as_str).collect();
        let elem = r
            .one_of(key::ELEM, &base.elem.to_string(), &elem_refs)
            .parse()
            .unwrap_or(base.elem);
        let inputs = AccessInputs {
            preset,
            elem,
            stride: r.num(key::STRIDE, base.stride, limits::STRIDE.0, limits::STRIDE.1),
            offset: r.num(key::OFFSET, base.offset, limits::OFFSET.0, limits::OFFSET.1),
            lanes: r.num(
                key::LANES,
                base.lanes,
                limits::LANES.0 as u32,
                limits::LANES.1 as u32,
            ),
            formula: r.text(key::FORMULA, "", MAX_FORMULA_CHARS),
        };
        (inputs, r.finish())
    }

    /// The query string for this state: the preset id (unless it is the first), plus the
    /// fields that differ from that preset.
    pub fn write_query(&self, presets: &[Preset]) -> String {
        let base = AccessInputs::base(presets, &self.preset);
        let rest = to_query(self, &base);
        let mut parts = Vec::new();
        if self.preset != presets.first().map_or("", |p| p.id) {
            parts.push(format!("{}={}", key::PRESET, self.preset));
        }
        if !rest.is_empty() {
            parts.push(rest);
        }
        parts.join("&")
    }

    /// The chosen preset, `None` for [`CUSTOM`].
    pub fn preset_in(&self, presets: &[Preset]) -> Option<Preset> {
        preset_by_id(presets, &self.preset)
    }

    /// The pattern in effect without a formula: the preset's, with the stride control applied.
    pub fn pattern(&self, presets: &[Preset]) -> Pattern {
        let stride_elems = self.stride as i64;
        match self.preset_in(presets).map(|p| p.access.pattern) {
            None | Some(Pattern::Strided { .. }) => Pattern::Strided { stride_elems },
            Some(Pattern::LaneModulo { modulus, .. }) => Pattern::LaneModulo {
                modulus,
                stride_elems,
            },
            Some(Pattern::LaneGroups { group_lanes, .. }) => Pattern::LaneGroups {
                group_lanes,
                stride_elems,
            },
            Some(p) => p,
        }
    }

    /// The variables a formula may read here (besides `lane` and `tid`): the pattern's, plus
    /// `stride` from the stride control.
    pub fn vars(&self, presets: &[Preset]) -> FormulaVars {
        let mut vars = pattern_formula(&self.pattern(presets))
            .map(|(_, v)| v)
            .unwrap_or_default();
        vars.retain(|(n, _)| *n != "stride");
        vars.push(("stride", self.stride as i64));
        vars
    }

    /// The formula equivalent to the pattern in effect (shown when nothing is typed).
    pub fn pattern_formula_text(&self, presets: &[Preset]) -> Option<&'static str> {
        pattern_formula(&self.pattern(presets)).map(|(t, _)| t)
    }

    /// Bit `l` set = lane `l` active.
    pub fn active_mask(&self) -> u32 {
        first_lanes_mask(self.lanes)
    }

    /// The element index of every active lane, from the formula if one is typed, else from the
    /// pattern.
    pub fn indices(&self, presets: &[Preset]) -> Result<[Option<i64>; 32], Problem> {
        let mask = self.active_mask();
        if self.formula.trim().is_empty() {
            let pattern = self.pattern(presets);
            let mut out = [None; 32];
            for (lane, slot) in (0..WARP_SIZE).zip(out.iter_mut()) {
                if mask & (1 << lane) != 0 {
                    let i = i64::try_from(pattern.element_index(lane))
                        .map_err(|_| Problem::Access(AccessError::AddressOverflow { lane }))?;
                    *slot = Some(i);
                }
            }
            return Ok(out);
        }
        let f = IndexFormula::parse(&self.formula).map_err(Problem::Formula)?;
        f.indices(mask, &self.vars(presets))
            .map_err(Problem::Formula)
    }
}

/// Runs `run` on `inputs`; when that fails, keeps something valid on screen: the `previous`
/// result, else (first load from a bad link) the same preset without its formula, else the
/// default preset. Returns the problem, if any, and what to draw. Shared by both chapters.
pub fn keep_last_valid<T: Clone>(
    inputs: &AccessInputs,
    previous: Option<&T>,
    presets: &[Preset],
    run: impl Fn(&AccessInputs) -> Result<T, Problem>,
) -> (Option<Problem>, Option<T>) {
    match run(inputs) {
        Ok(shown) => (None, Some(shown)),
        Err(problem) => {
            let shown = previous
                .cloned()
                .or_else(|| {
                    let mut plain = inputs.clone();
                    plain.formula.clear();
                    run(&plain).ok()
                })
                .or_else(|| run(&default_inputs(presets)).ok());
            (Some(problem), shown)
        }
    }
}

/// The chapter's starting state: its first preset.
pub fn default_inputs(presets: &[Preset]) -> AccessInputs {
    presets
        .first()
        .map(AccessInputs::from_preset)
        .unwrap_or_else(AccessInputs::custom)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::access::{BANK_PRESETS, COALESCING_PRESETS};
    use proptest::prelude::*;

    #[test]
    fn presets_round_trip_through_the_url() {
        for presets in [COALESCING_PRESETS, BANK_PRESETS] {
            for p in presets {
                let s = AccessInputs::from_preset(p);
                let q = s.write_query(presets);
                let (back, notices) = AccessInputs::read_query(&q, presets);
                assert_eq!(back, s, "{} via {q}", p.id);
                assert!(notices.is_empty(), "{notices:?}");
            }
            assert_eq!(default_inputs(presets).write_query(presets), "");
        }
    }

    #[test]
    fn a_formula_round_trips_as_text() {
        let s = AccessInputs {
            formula: "(lane % 4) * 16 + <script>&amp; \"x\"".into(),
            stride: 7,
            preset: CUSTOM.into(),
            ..default_inputs(BANK_PRESETS)
        };
        let (back, notices) = AccessInputs::read_query(&s.write_query(BANK_PRESETS), BANK_PRESETS);
        assert_eq!(back, s);
        assert!(notices.is_empty());
        assert!(matches!(
            back.indices(BANK_PRESETS),
            Err(Problem::Formula(_))
        ));
    }

    #[test]
    fn bad_links_fall_back_with_notices() {
        let (s, notices) = AccessInputs::read_query(
            "preset=nope&elem=3&stride=99999&lanes=40&f="
                .to_string()
                .as_str(),
            COALESCING_PRESETS,
        );
        assert_eq!(s.preset, "unit-stride");
        assert_eq!(s.elem, 4);
        assert_eq!(s.stride, limits::STRIDE.1);
        assert_eq!(s.lanes, 32);
        assert_eq!(notices.len(), 4, "{notices:?}");
    }

    #[test]
    fn formula_and_pattern_agree() {
        let mut s = default_inputs(BANK_PRESETS);
        s.stride = 33;
        let from_pattern = s.indices(BANK_PRESETS);
        s.formula = "lane * 33".into();
        assert_eq!(s.indices(BANK_PRESETS), from_pattern);
        s.formula = "lane * stride".into();
        assert_eq!(s.indices(BANK_PRESETS), from_pattern);
    }

    proptest! {
        #[test]
        fn any_query_resolves_without_panic(q in ".{0,200}") {
            for presets in [COALESCING_PRESETS, BANK_PRESETS] {
                let (s, _) = AccessInputs::read_query(&q, presets);
                let _ = s.indices(presets);
                prop_assert!(s.lanes <= 32);
            }
        }

        #[test]
        fn any_formula_round_trips(f in ".{0,60}") {
            let s = AccessInputs { formula: f, ..default_inputs(COALESCING_PRESETS) };
            let (back, _) = AccessInputs::read_query(&s.write_query(COALESCING_PRESETS), COALESCING_PRESETS);
            prop_assert_eq!(back, s);
        }
    }
}
