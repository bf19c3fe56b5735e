//! The roofline chapter's URL keys, and the kernel families its `kind` names.

/// GPU preset id.
pub const GPU: &str = "gpu";
/// Course or datasheet values.
pub const SRC: &str = "src";
/// The kernel family ([`family`]).
pub const KIND: &str = "kind";
/// GEMM M.
pub const M: &str = "m";
/// GEMM N.
pub const N: &str = "n";
/// GEMM K.
pub const K: &str = "k";
/// Element type ([`super::dtype`]).
pub const DTYPE: &str = "dtype";
/// Elementwise element count.
pub const ELEMS: &str = "elems";
/// RMSNorm rows.
pub const ROWS: &str = "rows";
/// RMSNorm hidden size.
pub const D: &str = "d";
/// Attention context length.
pub const S: &str = "s";
/// Attention layers.
pub const LAYERS: &str = "layers";
/// Attention KV heads.
pub const KVH: &str = "kvh";
/// Attention query heads.
pub const QH: &str = "qh";
/// Attention head dimension.
pub const DH: &str = "dh";
/// W8A8 K.
pub const WK: &str = "wk";
/// W8A8 N.
pub const WN: &str = "wn";
/// Custom kernel: FLOPs.
pub const FLOPS: &str = "flops";
/// Custom kernel: bytes moved.
pub const BYTES: &str = "bytes";
/// Custom kernel: the compute roof's precision ([`super::precision`]).
pub const PREC: &str = "prec";
/// Tile rows of C per block.
pub const BM: &str = "bm";
/// Tile columns of C per block.
pub const BN: &str = "bn";
/// K step per shared-memory stage.
pub const BK: &str = "bk";
/// Show the H200 measurements.
pub const MEASURED: &str = "measured";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[
    GPU, SRC, KIND, M, N, K, DTYPE, ELEMS, ROWS, D, S, LAYERS, KVH, QH, DH, WK, WN, FLOPS, BYTES,
    PREC, BM, BN, BK, MEASURED,
];

/// Which kind of kernel the reader places on the chart (`kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// GEMM M × N × K.
    Gemm,
    /// `y = x + b` over n elements.
    Elementwise,
    /// RMSNorm rows × d.
    Rmsnorm,
    /// Decode attention.
    Attention,
    /// The course's W8A8 GEMV.
    W8a8,
    /// FLOPs and bytes typed in.
    Custom,
}

impl Family {
    /// Every family, in menu order.
    pub const ALL: [Family; 6] = [
        Family::Gemm,
        Family::Elementwise,
        Family::Rmsnorm,
        Family::Attention,
        Family::W8a8,
        Family::Custom,
    ];
}

super::vocabulary! {
    /// A kernel family's URL text (`kind`).
    family: Family {
        Family::Gemm => "gemm",
        Family::Elementwise => "elementwise",
        Family::Rmsnorm => "rmsnorm",
        Family::Attention => "attention",
        Family::W8a8 => "w8a8",
        Family::Custom => "custom",
    }
}
