//! The Roofline chapter's state: inputs (signals, serialised to the URL) and the one memo that
//! calls the model.

use leptos::prelude::*;
use serde::Serialize;

use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::{
    chart_spec, compare, measured_h200, place_kernel, tiled_gemm, Comparison, Dtype, KernelShape,
    Placement, Precision, RooflineChartSpec, RooflineMeasurement, TiledGemm,
};
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::keys::roofline::{self as key, family};
use crate::ui::url::keys::{dtype, precision};
use crate::ui::url::{to_query, Notice, QueryReader};

pub use crate::ui::url::keys::roofline::Family;

/// Every input of the chapter. Field names are the URL keys.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RooflineInputs {
    /// GPU preset id.
    pub gpu: String,
    /// Course or datasheet values.
    pub src: ValueSource,
    /// The reader's kernel family.
    #[serde(serialize_with = "family::serialize")]
    pub kind: Family,
    /// GEMM M.
    pub m: u64,
    /// GEMM N.
    pub n: u64,
    /// GEMM K.
    pub k: u64,
    /// Element type for GEMM, elementwise, RMSNorm and attention.
    #[serde(serialize_with = "dtype::serialize")]
    pub dtype: Dtype,
    /// Elementwise element count.
    pub elems: u64,
    /// RMSNorm rows.
    pub rows: u64,
    /// RMSNorm hidden size.
    pub d: u64,
    /// Attention context length.
    pub s: u64,
    /// Attention layers.
    pub layers: u64,
    /// Attention KV heads.
    pub kvh: u64,
    /// Attention query heads.
    pub qh: u64,
    /// Attention head dimension.
    pub dh: u64,
    /// W8A8 K.
    pub wk: u64,
    /// W8A8 N.
    pub wn: u64,
    /// Custom FLOPs.
    pub flops: f64,
    /// Custom bytes.
    pub bytes: f64,
    /// Custom roof.
    #[serde(serialize_with = "precision::serialize")]
    pub prec: Precision,
    /// Tile rows of C per block.
    pub bm: u64,
    /// Tile columns of C per block.
    pub bn: u64,
    /// K step per shared-memory stage.
    pub bk: u64,
    /// Show the H200 measurements.
    pub measured: bool,
}

/// Ranges of every numeric input: the one place sliders, typed numbers and permalinks clamp to.
pub mod limits {
    /// GEMM M, N, K and W8A8 K, N.
    pub const DIM: (u64, u64) = (1, 1 << 17);
    /// Elementwise elements.
    pub const ELEMS: (u64, u64) = (1, 1 << 36);
    /// RMSNorm rows, attention context.
    pub const ROWS: (u64, u64) = (1, 1 << 22);
    /// Hidden size, head dim.
    pub const WIDTH: (u64, u64) = (1, 1 << 16);
    /// Layers and heads.
    pub const COUNT: (u64, u64) = (1, 1024);
    /// Tile sizes BM, BN.
    pub const TILE: (u64, u64) = (8, 1024);
    /// BK.
    pub const TILE_K: (u64, u64) = (4, 512);
    /// Custom FLOPs and bytes.
    pub const AMOUNT: (f64, f64) = (1.0, 1e24);
}

impl Default for RooflineInputs {
    fn default() -> Self {
        RooflineInputs {
            gpu: "a100".into(),
            src: ValueSource::Course,
            kind: Family::Gemm,
            m: 4096,
            n: 4096,
            k: 4096,
            dtype: Dtype::Bf16,
            elems: 1 << 29,
            rows: 8192,
            d: 4096,
            s: 4096,
            layers: 32,
            kvh: 8,
            qh: 32,
            dh: 128,
            wk: 4096,
            wn: 4096,
            flops: 1e12,
            bytes: 1e10,
            prec: Precision::Bf16Tensor,
            bm: 128,
            bn: 128,
            bk: 32,
            measured: true,
        }
    }
}

impl RooflineInputs {
    /// The reader's kernel as a model shape.
    pub fn shape(&self) -> KernelShape {
        match self.kind {
            Family::Gemm => KernelShape::Gemm {
                m: self.m,
                n: self.n,
                k: self.k,
                dtype: self.dtype,
            },
            Family::Elementwise => KernelShape::Elementwise {
                n: self.elems,
                dtype: self.dtype,
            },
            Family::Rmsnorm => KernelShape::RmsNorm {
                rows: self.rows,
                d: self.d,
                dtype: self.dtype,
            },
            Family::Attention => KernelShape::DecodeAttention {
                s: self.s,
                layers: self.layers,
                kv_heads: self.kvh,
                q_heads: self.qh,
                d_head: self.dh,
                dtype: self.dtype,
            },
            Family::W8a8 => KernelShape::W8a8Gemv {
                k: self.wk,
                n: self.wn,
            },
            Family::Custom => KernelShape::Custom {
                flops: self.flops,
                bytes: self.bytes,
                precision: self.prec,
            },
        }
    }

    /// The GPU preset (A100 if the id is unknown, which `from_query` already prevents).
    pub fn gpu_spec(&self) -> GpuSpec {
        GpuSpec::by_id(&self.gpu).unwrap_or_else(GpuSpec::a100_sxm)
    }
}

/// The course's examples, in the order of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CourseKernel {
    /// BF16 `y = x + b`, 2^29 elements.
    Elementwise,
    /// RMSNorm 8192 × 4096.
    RmsNorm,
    /// Decode attention, Llama-3-8B, s = 4096.
    Attention,
    /// GEMM 4096³ BF16.
    Gemm,
    /// The W8A8 GEMV, K = N = 4096 (not in the course's table; a point on the chart).
    W8a8,
}

impl CourseKernel {
    /// The four rows of the course's table.
    pub const TABLE: [CourseKernel; 4] = [
        CourseKernel::Elementwise,
        CourseKernel::RmsNorm,
        CourseKernel::Attention,
        CourseKernel::Gemm,
    ];

    /// Its shape.
    pub fn shape(self) -> KernelShape {
        match self {
            CourseKernel::Elementwise => KernelShape::course_elementwise(),
            CourseKernel::RmsNorm => KernelShape::course_rmsnorm(),
            CourseKernel::Attention => KernelShape::course_decode_attention(),
            CourseKernel::Gemm => KernelShape::course_gemm(),
            CourseKernel::W8a8 => KernelShape::course_w8a8(),
        }
    }
}

/// What kind of point the chart draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointKind {
    /// One of the course's kernels.
    Course(CourseKernel),
    /// The reader's kernel.
    User,
    /// The tiled GEMM without L2 reuse.
    Tiled,
    /// Measured on the H200.
    Measured(crate::model::roofline::MeasuredId),
}

/// One point on the chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartPoint {
    /// What it is.
    pub kind: PointKind,
    /// FLOP per byte.
    pub intensity: f64,
    /// FLOP/s where it sits (attainable for theory, achieved for measurements).
    pub flops_per_s: f64,
    /// The roof it is compared with.
    pub precision: Precision,
    /// Its placement (theory points) for the tooltip.
    pub placement: Option<Placement>,
}

/// Everything the chapter shows, computed in one place from the inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct RooflineOutputs {
    /// The selected GPU.
    pub gpu: GpuSpec,
    /// Roofs and axes.
    pub spec: RooflineChartSpec,
    /// The course's table: A100 vs H100 with the chosen value source.
    pub course_rows: Vec<(CourseKernel, Option<Comparison>)>,
    /// The reader's kernel shape.
    pub user_shape: KernelShape,
    /// Its placement on the selected GPU; `None` if the GPU lacks its unit.
    pub user: Option<Placement>,
    /// The tiled GEMM's traffic (over the reader's GEMM shape, or 4096³ for other families).
    pub tiled: TiledGemm,
    /// Its placement under the GEMM dtype's roof.
    pub tiled_place: Option<Placement>,
    /// The H200 measurements.
    pub measured: [RooflineMeasurement; 4],
    /// Every point to draw.
    pub points: Vec<ChartPoint>,
}

/// The whole chapter as a pure function of its inputs.
pub fn compute(inputs: &RooflineInputs) -> RooflineOutputs {
    let gpu = inputs.gpu_spec();
    let src = inputs.src;
    let (a100, h100) = (GpuSpec::a100_sxm(), GpuSpec::h100_sxm());
    let course_rows = CourseKernel::TABLE
        .iter()
        .map(|&c| (c, compare(&a100, &h100, &c.shape(), src)))
        .collect();
    let user_shape = inputs.shape();
    let user = place_kernel(&gpu, &user_shape, src);
    let (gm, gn, gk, gdtype) = match inputs.kind {
        Family::Gemm => (inputs.m, inputs.n, inputs.k, inputs.dtype),
        _ => (4096, 4096, 4096, inputs.dtype),
    };
    let tiled = tiled_gemm(gm, gn, gk, inputs.bm, inputs.bn, inputs.bk, gdtype);
    let tiled_flops = 2.0 * gm as f64 * gn as f64 * gk as f64;
    let tiled_place = gpu
        .roof_from(gdtype.tensor_precision(), src)
        .map(|roof| crate::model::roofline::place(tiled_flops, tiled.bytes, roof));
    let measured = measured_h200();

    let mut points = Vec::new();
    for c in [
        CourseKernel::Elementwise,
        CourseKernel::RmsNorm,
        CourseKernel::Attention,
        CourseKernel::Gemm,
        CourseKernel::W8a8,
    ] {
        let shape = c.shape();
        if let Some(p) = place_kernel(&gpu, &shape, src) {
            points.push(ChartPoint {
                kind: PointKind::Course(c),
                intensity: p.intensity,
                flops_per_s: p.attainable_flops_per_s,
                precision: shape.precision(),
                placement: Some(p),
            });
        }
    }
    if let Some(p) = tiled_place {
        points.push(ChartPoint {
            kind: PointKind::Tiled,
            intensity: p.intensity,
            flops_per_s: p.attainable_flops_per_s,
            precision: gdtype.tensor_precision(),
            placement: Some(p),
        });
    }
    // Measured on an H200: drawn on the H200 preset's chart only.
    if inputs.measured && gpu.id == "h200" {
        for m in measured {
            points.push(ChartPoint {
                kind: PointKind::Measured(m.id),
                intensity: m.shape.intensity(),
                flops_per_s: m.achieved_flops_per_s(),
                precision: m.shape.precision(),
                placement: None,
            });
        }
    }
    if let Some(p) = user {
        points.push(ChartPoint {
            kind: PointKind::User,
            intensity: p.intensity,
            flops_per_s: p.attainable_flops_per_s,
            precision: user_shape.precision(),
            placement: Some(p),
        });
    }
    let intensities: Vec<f64> = points.iter().map(|p| p.intensity).collect();
    let spec = chart_spec(&gpu, src, &intensities);
    RooflineOutputs {
        gpu,
        spec,
        course_rows,
        user_shape,
        user,
        tiled,
        tiled_place,
        measured,
        points,
    }
}

impl ChapterInputs for RooflineInputs {
    /// Reads a permalink's query; never panics; unknown/bad values become notices.
    fn from_query(query: &str) -> (RooflineInputs, Vec<Notice>) {
        use limits::*;
        let d = RooflineInputs::default();
        let mut r = QueryReader::parse(query);
        let ids: Vec<&str> = GpuSpec::presets().iter().map(|g| g.id).collect();
        let inputs = RooflineInputs {
            gpu: r.one_of(key::GPU, &d.gpu, &ids),
            src: r.choice(key::SRC, d.src),
            kind: r.parsed(key::KIND, d.kind, family::parse),
            m: r.num(key::M, d.m, DIM.0, DIM.1),
            n: r.num(key::N, d.n, DIM.0, DIM.1),
            k: r.num(key::K, d.k, DIM.0, DIM.1),
            dtype: r.parsed(key::DTYPE, d.dtype, dtype::parse),
            elems: r.num(key::ELEMS, d.elems, ELEMS.0, ELEMS.1),
            rows: r.num(key::ROWS, d.rows, ROWS.0, ROWS.1),
            d: r.num(key::D, d.d, WIDTH.0, WIDTH.1),
            s: r.num(key::S, d.s, ROWS.0, ROWS.1),
            layers: r.num(key::LAYERS, d.layers, COUNT.0, COUNT.1),
            kvh: r.num(key::KVH, d.kvh, COUNT.0, COUNT.1),
            qh: r.num(key::QH, d.qh, COUNT.0, COUNT.1),
            dh: r.num(key::DH, d.dh, WIDTH.0, WIDTH.1),
            wk: r.num(key::WK, d.wk, DIM.0, DIM.1),
            wn: r.num(key::WN, d.wn, DIM.0, DIM.1),
            flops: r.float(key::FLOPS, d.flops, AMOUNT.0, AMOUNT.1),
            bytes: r.float(key::BYTES, d.bytes, AMOUNT.0, AMOUNT.1),
            prec: r.parsed(key::PREC, d.prec, precision::parse),
            bm: r.num(key::BM, d.bm, TILE.0, TILE.1),
            bn: r.num(key::BN, d.bn, TILE.0, TILE.1),
            bk: r.num(key::BK, d.bk, TILE_K.0, TILE_K.1),
            measured: r.flag(key::MEASURED, d.measured),
        };
        (inputs, r.finish())
    }

    /// The query string for this state (only non-default values).
    fn to_query(&self) -> String {
        to_query(self, &RooflineInputs::default())
    }
}

/// The chapter's reactive state: one signal of inputs and one memo of outputs.
#[derive(Clone, Copy)]
pub struct RooflineState {
    /// Every input.
    pub inputs: UrlInputs<RooflineInputs>,
    /// Everything derived: the only place the model is called.
    pub outputs: Memo<RooflineOutputs>,
}

impl RooflineState {
    /// State starting from `inputs`.
    pub fn new(inputs: UrlInputs<RooflineInputs>) -> Self {
        let outputs = Memo::new(move |_| inputs.with(compute));
        RooflineState { inputs, outputs }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn default_state_places_every_course_kernel() {
        let out = compute(&RooflineInputs::default());
        assert_eq!(out.course_rows.len(), 4);
        assert!(out.course_rows.iter().all(|(_, c)| c.is_some()));
        // 5 course points + tiled + user; measured points only on the H200 chart.
        assert_eq!(out.points.len(), 7);
        let at = |gpu: &str| RooflineInputs {
            gpu: gpu.into(),
            ..RooflineInputs::default()
        };
        assert_eq!(compute(&at("h100")).points.len(), 7);
        assert_eq!(compute(&at("h200")).points.len(), 11);
        // Presets without course values place every point on their datasheet roofs.
        for id in ["b200", "rtx5090", "h100pcie"] {
            let out = compute(&at(id));
            assert_eq!(out.gpu.id, id);
            assert_eq!(out.points.len(), 7, "{id}");
            assert_eq!(
                out.gpu.roof(Precision::Bf16Tensor),
                out.gpu
                    .roof_from(Precision::Bf16Tensor, ValueSource::Datasheet),
                "{id}"
            );
        }
        assert!(out.user.is_some());
    }

    #[test]
    fn permalink_round_trips() {
        let s = RooflineInputs {
            gpu: "h100".into(),
            kind: Family::Attention,
            s: 32768,
            src: ValueSource::Datasheet,
            flops: 3.5e15,
            measured: false,
            ..RooflineInputs::default()
        };
        let (back, notices) = RooflineInputs::from_query(&s.to_query());
        assert_eq!(back, s);
        assert!(notices.is_empty());
        assert_eq!(RooflineInputs::default().to_query(), "");
    }

    #[test]
    fn malformed_permalinks_fall_back_with_notices() {
        let (s, notices) =
            RooflineInputs::from_query("gpu=b300&m=0&k=99999999999&kind=fft&src=x&bm=%ZZ&foo=1");
        assert_eq!(s.gpu, "a100");
        assert_eq!(s.m, 1);
        assert_eq!(s.k, limits::DIM.1);
        assert_eq!(s.kind, Family::Gemm);
        assert!(notices.len() >= 6, "{notices:?}");
    }

    #[test]
    fn missing_unit_gives_no_user_point() {
        let s = RooflineInputs {
            gpu: "a100".into(),
            kind: Family::Gemm,
            dtype: Dtype::Fp8,
            ..RooflineInputs::default()
        };
        assert!(compute(&s).user.is_none());
    }

    #[test]
    fn raising_k_recomputes_through_the_memo() {
        let owner = Owner::new();
        owner.set();
        let state = RooflineState::new(UrlInputs::detached(RooflineInputs::default()));
        let before = state
            .outputs
            .get_untracked()
            .user
            .expect("placed")
            .intensity;
        state.inputs.update(|i| i.k = 64);
        let after = state
            .outputs
            .get_untracked()
            .user
            .expect("placed")
            .intensity;
        assert!(after < before);
    }

    proptest! {
        #[test]
        fn any_query_computes_without_panic(q in ".{0,300}") {
            let (s, _) = RooflineInputs::from_query(&q);
            let out = compute(&s);
            prop_assert!(out.spec.intensity_extent.0 > 0.0);
        }

        #[test]
        fn any_in_range_shape_computes(m in 1u64..=(1<<17), n in 1u64..=(1<<17), k in 1u64..=(1<<17),
                                       bm in 8u64..=1024, bn in 8u64..=1024, bk in 4u64..=512) {
            let s = RooflineInputs { m, n, k, bm, bn, bk, ..RooflineInputs::default() };
            let out = compute(&s);
            let p = out.user.expect("bf16 on a100");
            prop_assert!(p.time_lower_bound_s > 0.0 && p.time_lower_bound_s.is_finite());
            prop_assert!(out.tiled.intensity > 0.0);
        }
    }
}
