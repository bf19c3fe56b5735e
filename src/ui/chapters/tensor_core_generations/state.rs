//! The Tensor-Core-generations chapter's state: inputs (URL keys) and the one memo that calls
//! [`crate::model::tensor_core_gen`].

use leptos::prelude::*;
use serde::Serialize;

use crate::model::tensor_core_gen::pe_array::{
    pe_trace, PeError, PeProblem, PeStep, COURSE_PE_ARRAY,
};
use crate::model::tensor_core_gen::peak::{tensor_peaks, PeakError, TensorPeak};
use crate::model::tensor_core_gen::quad_pair::{lane_elements, M8n8k4Fragment, ProductElement};
use crate::model::tensor_core_gen::smem_descriptor::{Major, Swizzle};
use crate::model::tensor_core_gen::tcgen05_ld::TmemLdStShape;
use crate::model::tensor_core_gen::tmem::Tcgen05Kind;
use crate::model::tensor_core_gen::wgmma::{complete_after_wait, WgmmaShape};

pub use super::newest::{
    desc_view, ld_view, tmem_view, wg_view, DescView, LdView, TmemView, WgView,
};
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::keys::tensor_core_generations as key;
use crate::ui::url::keys::tensor_core_generations::wg_frag;
use crate::ui::url::keys::{major, swizzle, tcgen05_kind};
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
    /// Selected thread of the warp group; −1 for none.
    pub const THREAD: (i64, i64) = (-1, 127);
    /// Selected row of the wgmma map (D or A has 64); −1 for none.
    pub const ROW: (i64, i64) = (-1, 63);
    /// Warp band of the zoomed tile.
    pub const BAND: (u64, u64) = (0, 3);
    /// Rows of the descriptor's operand along M or N.
    pub const DESC_MN: (u64, u64) = (8, 256);
    /// A descriptor byte field (start address, LBO, SBO): up to one past the 14 bits of
    /// `address >> 4`, so the model says why 262,144 does not fit.
    pub const DESC_BYTES: (u64, u64) = (0, 1 << 18);
    /// N of the `tcgen05.mma` accumulator.
    pub const TMEM_N: (u64, u64) = (8, 256);
    /// Selected accumulator row (M up to 256); −1 for none.
    pub const TMEM_ROW: (i64, i64) = (-1, 255);
    /// `.num` of `tcgen05.ld`.
    pub const LD_NUM: (u64, u64) = (1, 128);
    /// Selected thread of the `tcgen05.ld` warp; −1 for none.
    pub const LD_THREAD: (i64, i64) = (-1, 31);
}

pub use crate::ui::url::keys::tensor_core_generations::WgFrag;

/// Element widths of a descriptor's operand, bits, as URL text.
pub const DESC_BITS: [&str; 3] = ["8", "16", "32"];
/// `tcgen05.mma` M values offered (each CTA group allows two of them).
pub const TMEM_MS: [&str; 3] = ["64", "128", "256"];
/// `tcgen05.ld` shapes as URL text, in [`TmemLdStShape::ALL`]'s order.
pub const LD_SHAPES: [&str; 5] = ["32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2"];

/// The swizzle named by its URL text ([`swizzle`]; `none` for anything else).
pub fn swizzle_of(s: &str) -> Swizzle {
    swizzle::parse(s).unwrap_or(Swizzle::None)
}

pub use crate::ui::url::keys::swizzle::slug as swizzle_slug;

/// The `tcgen05.ld` shape named by its URL text (`.32x32b` for anything else).
pub fn ld_shape_of(s: &str) -> TmemLdStShape {
    LD_SHAPES
        .iter()
        .position(|x| *x == s)
        .and_then(|i| TmemLdStShape::ALL.get(i).copied())
        .unwrap_or(TmemLdStShape::S32x32b)
}

/// The URL text of `s`.
pub fn ld_shape_slug(s: TmemLdStShape) -> &'static str {
    let i = TmemLdStShape::ALL.iter().position(|x| *x == s).unwrap_or(0);
    LD_SHAPES.get(i).copied().unwrap_or("32x32b")
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
    #[serde(serialize_with = "frag_slug")]
    pub frag: M8n8k4Fragment,
    /// N of the wgmma shape (one of [`WGMMA_NS`]).
    pub n: String,
    /// wgmma groups committed in the timeline.
    pub groups: u64,
    /// N of the `wgmma.wait_group` in the timeline.
    pub wait: u64,
    /// The wgmma fragment of the register map.
    #[serde(serialize_with = "wg_frag::serialize")]
    pub wf: WgFrag,
    /// Selected thread of the warp group, −1 for none.
    pub wt: i64,
    /// Selected element's row, −1 for none.
    pub wr: i64,
    /// Selected element's column, −1 for none.
    pub wc: i64,
    /// Warp band (16 rows) of the zoomed tile.
    pub wband: u64,
    /// 8-column block of the zoomed tile.
    pub wb: u64,
    /// Descriptor: K-major or MN-major operand.
    #[serde(serialize_with = "major::serialize")]
    pub dmaj: Major,
    /// Descriptor: bits per element (one of [`DESC_BITS`]).
    pub dbits: String,
    /// Descriptor: rows along M or N.
    pub dmn: u64,
    /// Descriptor: swizzle mode (one of [`swizzle::NAMES`]).
    pub dswz: String,
    /// Descriptor: start address, bytes.
    pub dstart: u64,
    /// Descriptor: leading dimension byte offset, bytes.
    pub dlbo: u64,
    /// Descriptor: stride dimension byte offset, bytes.
    pub dsbo: u64,
    /// Descriptor: selected element's row along M or N.
    pub drow: u64,
    /// Descriptor: selected element's K index.
    pub dk: u64,
    /// `tcgen05.mma` kind.
    #[serde(serialize_with = "tcgen05_kind::serialize")]
    pub tk: Tcgen05Kind,
    /// CTA group: 1 or 2.
    pub cg: u64,
    /// M of the accumulator (one of [`TMEM_MS`]).
    pub tm: String,
    /// N of the accumulator.
    pub tn: u64,
    /// Selected accumulator row, −1 for none.
    pub tr: i64,
    /// Selected accumulator column, −1 for none.
    pub tc: i64,
    /// `tcgen05.ld` shape (one of [`LD_SHAPES`]).
    pub ls: String,
    /// `tcgen05.ld` `.num`.
    pub lnum: u64,
    /// Selected thread of the `tcgen05.ld` warp, −1 for none.
    pub lt: i64,
}

/// The `mma.m8n8k4` fragment's URL text: the model's token.
fn frag_slug<S: serde::Serializer>(f: &M8n8k4Fragment, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(f.slug())
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
            wf: WgFrag::DF32,
            wt: 37,
            wr: -1,
            wc: -1,
            wband: 1,
            wb: 0,
            dmaj: Major::K,
            dbits: "16".into(),
            dmn: 64,
            dswz: "128b".into(),
            dstart: 0,
            dlbo: 16,
            dsbo: 1024,
            drow: 0,
            dk: 0,
            tk: Tcgen05Kind::F16,
            cg: 1,
            tm: "128".into(),
            tn: 256,
            tr: -1,
            tc: -1,
            ls: "32x32b".into(),
            lnum: 4,
            lt: 5,
        }
    }
}

impl ChapterInputs for GenInputs {
    /// Reads a permalink: numbers clamp with a notice, unknown words fall back with one.
    fn from_query(query: &str) -> (GenInputs, Vec<Notice>) {
        let d = GenInputs::default();
        let mut r = QueryReader::parse(query);
        let inputs = GenInputs {
            seed: r.num(key::SEED, d.seed, limits::SEED.0, limits::SEED.1),
            kb: r.num(key::KB, d.kb, limits::K_BLOCKS.0, limits::K_BLOCKS.1),
            step: r.num(key::STEP, d.step, limits::STEP.0, limits::STEP.1),
            gpu: r.one_of(key::GPU, &d.gpu, &GPUS),
            lane: r.num(key::LANE, d.lane, limits::LANE.0, limits::LANE.1),
            frag: r.parsed(key::FRAG, d.frag, M8n8k4Fragment::from_slug),
            n: r.one_of(key::N, &d.n, &WGMMA_NS),
            groups: r.num(key::GROUPS, d.groups, limits::GROUPS.0, limits::GROUPS.1),
            wait: r.num(key::WAIT, d.wait, limits::WAIT.0, limits::WAIT.1),
            ..d.clone()
        };
        // The wgmma map: its columns (N for D, K for A) bound the selected column and block.
        let wf = r.parsed(key::WF, d.wf, wg_frag::parse);
        let cols = i64::from(wf.cols(inputs.n.parse::<u32>().unwrap_or(64)));
        let wc = r.num(key::WC, d.wc, -1, cols - 1);
        let blocks = u64::try_from(cols / 8).unwrap_or(1).max(1);
        let wgmma = GenInputs {
            wf,
            wt: r.num(key::WT, d.wt, limits::THREAD.0, limits::THREAD.1),
            wr: r.num(key::WR, d.wr, limits::ROW.0, limits::ROW.1),
            wc,
            wband: r.num(key::WBAND, d.wband, limits::BAND.0, limits::BAND.1),
            wb: r.num(key::WB, d.wb, 0, blocks - 1),
            ..inputs
        };
        // The descriptor: the element's row and K index stay inside the operand.
        let dbits = r.one_of(key::DBITS, &d.dbits, &DESC_BITS);
        let dmn = r.num(key::DMN, d.dmn, limits::DESC_MN.0, limits::DESC_MN.1);
        let k_max = 256 / dbits.parse::<u64>().unwrap_or(16) - 1;
        let (lo, hi) = limits::DESC_BYTES;
        let desc = GenInputs {
            dmaj: r.parsed(key::DMAJ, d.dmaj, major::parse),
            dbits,
            dmn,
            dswz: r.one_of(key::DSWZ, &d.dswz, swizzle::NAMES),
            dstart: r.num(key::DSTART, d.dstart, lo, hi),
            dlbo: r.num(key::DLBO, d.dlbo, lo, hi),
            dsbo: r.num(key::DSBO, d.dsbo, lo, hi),
            drow: r.num(key::DROW, d.drow, 0, dmn - 1),
            dk: r.num(key::DK, d.dk, 0, k_max),
            ..wgmma
        };
        // Tensor Memory and tcgen05.ld.
        let ls = r.one_of(key::LS, &d.ls, &LD_SHAPES);
        let num_max = u64::from(ld_shape_of(&ls).max_num());
        let inputs = GenInputs {
            tk: r.parsed(key::TK, d.tk, tcgen05_kind::parse),
            cg: r.num(key::CG, d.cg, 1, 2),
            tm: r.one_of(key::TM, &d.tm, &TMEM_MS),
            tn: r.num(key::TN, d.tn, limits::TMEM_N.0, limits::TMEM_N.1),
            tr: r.num(key::TR, d.tr, limits::TMEM_ROW.0, limits::TMEM_ROW.1),
            tc: r.num(key::TC, d.tc, limits::TMEM_ROW.0, limits::TMEM_ROW.1),
            ls,
            lnum: r.num(key::LNUM, d.lnum, limits::LD_NUM.0, num_max),
            lt: r.num(key::LT, d.lt, limits::LD_THREAD.0, limits::LD_THREAD.1),
            ..desc
        };
        (inputs, r.finish())
    }

    /// The query string (only non-default values).
    fn to_query(&self) -> String {
        to_query(self, &GenInputs::default())
    }
}

/// Sets wgmma N (one of [`WGMMA_NS`]), dropping a selected element or tile the new shape
/// does not have.
pub fn set_wgmma_n(i: &mut GenInputs, n: u32) {
    i.n = n.to_string();
    clamp_wgmma_selection(i);
}

/// Sets the wgmma map's fragment, dropping a selection the new fragment does not have.
pub fn set_wgmma_frag(i: &mut GenInputs, f: WgFrag) {
    i.wf = f;
    clamp_wgmma_selection(i);
}

fn clamp_wgmma_selection(i: &mut GenInputs) {
    let cols = i.wf.cols(i.n.parse().unwrap_or(64));
    if i.wc >= i64::from(cols) {
        i.wr = -1;
        i.wc = -1;
    }
    i.wb = i.wb.min(u64::from((cols / 8).saturating_sub(1)));
}

/// Selects thread `t` of the warp group (and its warp's band), dropping a selected element.
pub fn select_wgmma_thread(i: &mut GenInputs, t: u32) {
    i.wt = i64::from(t);
    i.wr = -1;
    i.wc = -1;
    i.wband = u64::from(t / 32);
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
    /// The wgmma register map.
    pub wg: WgView,
    /// The shared-memory descriptor and its operand.
    pub desc: DescView,
    /// The `tcgen05.mma` accumulator in Tensor Memory.
    pub tmem: TmemView,
    /// The `tcgen05.ld` lane map.
    pub ld: LdView,
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
        wg: wg_view(i, n),
        desc: desc_view(i),
        tmem: tmem_view(i),
        ld: ld_view(i),
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
