//! The Tensor-Core-generations chapter's URL keys, and the wgmma register fragments its `wf`
//! names.

use crate::model::tensor_core::ElementType;
use crate::model::tensor_core_gen::wgmma_fragments::WgmmaAType;

/// Seed of the PE array's A and B.
pub const SEED: &str = "seed";
/// K of the PE product in blocks of the array's dot length.
pub const KB: &str = "kb";
/// Stage of the PE trace shown.
pub const STEP: &str = "step";
/// GPU of the peak table.
pub const GPU: &str = "gpu";
/// Lane selected in the Volta / Ampere maps, −1 for none.
pub const LANE: &str = "lane";
/// Fragment of `mma.m8n8k4` shown ([`crate::model::tensor_core_gen::quad_pair::M8n8k4Fragment::slug`]).
pub const FRAG: &str = "frag";
/// N of the wgmma shape.
pub const N: &str = "n";
/// wgmma groups committed in the timeline.
pub const GROUPS: &str = "groups";
/// N of the `wgmma.wait_group` in the timeline.
pub const WAIT: &str = "wait";
/// The wgmma fragment of the register map ([`WgFrag`]).
pub const WF: &str = "wf";
/// Selected thread of the warp group, −1 for none.
pub const WT: &str = "wt";
/// Selected element's row, −1 for none.
pub const WR: &str = "wr";
/// Selected element's column, −1 for none.
pub const WC: &str = "wc";
/// Warp band (16 rows) of the zoomed tile.
pub const WBAND: &str = "wband";
/// 8-column block of the zoomed tile.
pub const WB: &str = "wb";
/// Descriptor: K-major or MN-major operand ([`super::major`]).
pub const DMAJ: &str = "dmaj";
/// Descriptor: bits per element.
pub const DBITS: &str = "dbits";
/// Descriptor: rows along M or N.
pub const DMN: &str = "dmn";
/// Descriptor: swizzle mode ([`super::swizzle`]).
pub const DSWZ: &str = "dswz";
/// Descriptor: start address, bytes.
pub const DSTART: &str = "dstart";
/// Descriptor: leading dimension byte offset, bytes.
pub const DLBO: &str = "dlbo";
/// Descriptor: stride dimension byte offset, bytes.
pub const DSBO: &str = "dsbo";
/// Descriptor: selected element's row along M or N.
pub const DROW: &str = "drow";
/// Descriptor: selected element's K index.
pub const DK: &str = "dk";
/// `tcgen05.mma` kind ([`super::tcgen05_kind`]).
pub const TK: &str = "tk";
/// CTA group: 1 or 2.
pub const CG: &str = "cg";
/// M of the accumulator.
pub const TM: &str = "tm";
/// N of the accumulator.
pub const TN: &str = "tn";
/// Selected accumulator row, −1 for none.
pub const TR: &str = "tr";
/// Selected accumulator column, −1 for none.
pub const TC: &str = "tc";
/// `tcgen05.ld` shape.
pub const LS: &str = "ls";
/// `tcgen05.ld` `.num`.
pub const LNUM: &str = "lnum";
/// Selected thread of the `tcgen05.ld` warp, −1 for none.
pub const LT: &str = "lt";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[
    SEED, KB, STEP, GPU, LANE, FRAG, N, GROUPS, WAIT, WF, WT, WR, WC, WBAND, WB, DMAJ, DBITS, DMN,
    DSWZ, DSTART, DLBO, DSBO, DROW, DK, TK, CG, TM, TN, TR, TC, LS, LNUM, LT,
];

/// A wgmma register fragment the map shows: D with its accumulator type, or A from registers
/// with its input type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WgFrag {
    /// D, f32 accumulators.
    DF32,
    /// D, f16 accumulators (`.f16x2` registers).
    DF16,
    /// D, s32 accumulators.
    DS32,
    /// A from registers, f16 (m64k16).
    AF16,
    /// A from registers, bf16 (m64k16).
    ABf16,
    /// A from registers, e4m3 (m64k32).
    AE4m3,
    /// A from registers, e5m2 (m64k32).
    AE5m2,
    /// A from registers, s8 (m64k32).
    AS8,
    /// A from registers, u8 (m64k32).
    AU8,
}

super::vocabulary! {
    /// A wgmma fragment's URL text (`wf`): the matrix, then the element type.
    wg_frag: WgFrag {
        WgFrag::DF32 => "d-f32",
        WgFrag::DF16 => "d-f16",
        WgFrag::DS32 => "d-s32",
        WgFrag::AF16 => "a-f16",
        WgFrag::ABf16 => "a-bf16",
        WgFrag::AE4m3 => "a-e4m3",
        WgFrag::AE5m2 => "a-e5m2",
        WgFrag::AS8 => "a-s8",
        WgFrag::AU8 => "a-u8",
    }
}

impl WgFrag {
    /// Every fragment, in the menu's order.
    pub const ALL: [WgFrag; 9] = [
        WgFrag::DF32,
        WgFrag::DF16,
        WgFrag::DS32,
        WgFrag::AF16,
        WgFrag::ABf16,
        WgFrag::AE4m3,
        WgFrag::AE5m2,
        WgFrag::AS8,
        WgFrag::AU8,
    ];

    /// The URL value (`"d-f32"` …).
    pub fn slug(self) -> &'static str {
        wg_frag::slug(self)
    }

    /// The fragment with this URL value.
    pub fn from_slug(s: &str) -> Option<WgFrag> {
        wg_frag::parse(s)
    }

    /// The D fragment of accumulator type `e` (f32, f16 or s32); `None` for another type.
    pub fn of_accumulator(e: ElementType) -> Option<WgFrag> {
        WgFrag::ALL.into_iter().find(|f| f.accumulator() == Some(e))
    }

    /// The accumulator type of a D fragment; `None` for A.
    pub fn accumulator(self) -> Option<ElementType> {
        match self {
            WgFrag::DF32 => Some(ElementType::F32),
            WgFrag::DF16 => Some(ElementType::F16),
            WgFrag::DS32 => Some(ElementType::S32),
            _ => None,
        }
    }

    /// The input type of an A fragment; `None` for D.
    pub fn a_type(self) -> Option<WgmmaAType> {
        match self {
            WgFrag::AF16 => Some(WgmmaAType::F16),
            WgFrag::ABf16 => Some(WgmmaAType::Bf16),
            WgFrag::AE4m3 => Some(WgmmaAType::E4m3),
            WgFrag::AE5m2 => Some(WgmmaAType::E5m2),
            WgFrag::AS8 => Some(WgmmaAType::S8),
            WgFrag::AU8 => Some(WgmmaAType::U8),
            _ => None,
        }
    }

    /// Columns of the matrix for wgmma N = `n`: N for D, K (16 or 32) for A.
    pub fn cols(self, n: u32) -> u32 {
        self.a_type().map_or(n, WgmmaAType::k)
    }
}
