//! The hierarchy chapter's state: the GPU, the launch shape `<<<grid, block>>>` and the picked
//! thread (URL keys below), and the one memo that checks the shape and locates the thread.

use leptos::prelude::*;
use serde::Serialize;

use crate::model::gpu_spec::GpuSpec;
use crate::model::hierarchy::{Dim3, DimLimits, HierarchyError, Launch, ThreadCoords};
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::keys::hierarchy as key;
use crate::ui::url::{to_query, Notice, QueryReader};

/// Ranges of every numeric input: the one place sliders, typed numbers and permalinks clamp
/// to (CUDA's per-axis limits; the product limits are the model's to check).
pub mod limits {
    /// `gridDim.x`: 1 to 2³¹ − 1.
    pub const GRID_X: (u32, u32) = (1, i32::MAX as u32);
    /// `gridDim.y`, `gridDim.z`: 1 to 65535.
    pub const GRID_YZ: (u32, u32) = (1, 65_535);
    /// `blockDim.x`, `blockDim.y`: 1 to 1024.
    pub const BLOCK_XY: (u32, u32) = (1, 1024);
    /// `blockDim.z`: 1 to 64.
    pub const BLOCK_Z: (u32, u32) = (1, 64);
}

/// Every input of the chapter. Field names are the URL keys: `g*` gridDim, `b*` blockDim,
/// `k*` the picked thread's blockIdx, `t*` its threadIdx.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HierarchyInputs {
    /// GPU id ([`GpuSpec::by_id`]).
    pub gpu: String,
    /// `gridDim.x`.
    pub gx: u32,
    /// `gridDim.y`.
    pub gy: u32,
    /// `gridDim.z`.
    pub gz: u32,
    /// `blockDim.x`.
    pub bx: u32,
    /// `blockDim.y`.
    pub by: u32,
    /// `blockDim.z`.
    pub bz: u32,
    /// Picked `blockIdx.x` (clamped to the grid when computed).
    pub kx: u32,
    /// Picked `blockIdx.y`.
    pub ky: u32,
    /// Picked `blockIdx.z`.
    pub kz: u32,
    /// Picked `threadIdx.x` (clamped to the block when computed).
    pub tx: u32,
    /// Picked `threadIdx.y`.
    pub ty: u32,
    /// Picked `threadIdx.z`.
    pub tz: u32,
}

impl Default for HierarchyInputs {
    fn default() -> Self {
        HierarchyInputs {
            gpu: "a100".into(),
            gx: 4,
            gy: 4,
            gz: 1,
            bx: 16,
            by: 16,
            bz: 1,
            kx: 1,
            ky: 0,
            kz: 0,
            tx: 3,
            ty: 2,
            tz: 0,
        }
    }
}

impl HierarchyInputs {
    /// `gridDim`.
    pub fn grid(&self) -> Dim3 {
        Dim3::new(self.gx, self.gy, self.gz)
    }

    /// `blockDim`.
    pub fn block(&self) -> Dim3 {
        Dim3::new(self.bx, self.by, self.bz)
    }

    /// Sets the picked thread.
    pub fn pick(&mut self, t: &ThreadCoords) {
        (self.kx, self.ky, self.kz) = (t.block_idx.x, t.block_idx.y, t.block_idx.z);
        (self.tx, self.ty, self.tz) = (t.thread_idx.x, t.thread_idx.y, t.thread_idx.z);
    }
}

/// The ids of every GPU the chapter offers.
pub fn gpu_ids() -> Vec<&'static str> {
    GpuSpec::presets().iter().map(|g| g.id).collect()
}

/// Everything the chapter shows.
#[derive(Clone, Debug, PartialEq)]
pub struct HierarchyOutputs {
    /// The GPU's launch limits.
    pub limits: DimLimits,
    /// The checked shape, or why the launch would fail.
    pub launch: Result<Launch, HierarchyError>,
    /// The picked thread (its indices clamped into the shape); `None` when the launch fails.
    pub pick: Option<ThreadCoords>,
}

fn clamp_into(idx: Dim3, extent: Dim3) -> Dim3 {
    Dim3::new(
        idx.x.min(extent.x.saturating_sub(1)),
        idx.y.min(extent.y.saturating_sub(1)),
        idx.z.min(extent.z.saturating_sub(1)),
    )
}

/// The chapter as a pure function of its inputs.
pub fn compute(inputs: &HierarchyInputs) -> HierarchyOutputs {
    let gpu = GpuSpec::by_id(&inputs.gpu).unwrap_or_else(GpuSpec::a100_sxm);
    let limits = DimLimits::for_gpu(&gpu);
    let launch = Launch::new(inputs.grid(), inputs.block(), &limits);
    let pick = launch.as_ref().ok().and_then(|l| {
        let block_idx = clamp_into(Dim3::new(inputs.kx, inputs.ky, inputs.kz), l.grid());
        let thread_idx = clamp_into(Dim3::new(inputs.tx, inputs.ty, inputs.tz), l.block());
        l.thread(block_idx, thread_idx).ok()
    });
    HierarchyOutputs {
        limits,
        launch,
        pick,
    }
}

impl ChapterInputs for HierarchyInputs {
    /// Reads a permalink field by field: out-of-range numbers are clamped and unknown GPUs fall
    /// back to the A100, each with a notice.
    fn from_query(query: &str) -> (HierarchyInputs, Vec<Notice>) {
        let d = HierarchyInputs::default();
        let mut r = QueryReader::parse(query);
        let ids = gpu_ids();
        let (gx0, gx1) = limits::GRID_X;
        let (g0, g1) = limits::GRID_YZ;
        let (b0, b1) = limits::BLOCK_XY;
        let (z0, z1) = limits::BLOCK_Z;
        let inputs = HierarchyInputs {
            gpu: r.one_of(key::GPU, &d.gpu, &ids),
            gx: r.num(key::GX, d.gx, gx0, gx1),
            gy: r.num(key::GY, d.gy, g0, g1),
            gz: r.num(key::GZ, d.gz, g0, g1),
            bx: r.num(key::BX, d.bx, b0, b1),
            by: r.num(key::BY, d.by, b0, b1),
            bz: r.num(key::BZ, d.bz, z0, z1),
            kx: r.num(key::KX, d.kx, 0, gx1 - 1),
            ky: r.num(key::KY, d.ky, 0, g1 - 1),
            kz: r.num(key::KZ, d.kz, 0, g1 - 1),
            tx: r.num(key::TX, d.tx, 0, b1 - 1),
            ty: r.num(key::TY, d.ty, 0, b1 - 1),
            tz: r.num(key::TZ, d.tz, 0, z1 - 1),
        };
        (inputs, r.finish())
    }

    /// The query string (only non-default values).
    fn to_query(&self) -> String {
        to_query(self, &HierarchyInputs::default())
    }
}

/// The queries (no `?`) of the links to the chapters that show the same launch, written with
/// their URL tables: the coalescing chapter's custom access (warp `warp`'s row-major
/// [`row_major_formula`] for a block `width` threads wide, its `live` lanes), the divergence
/// chapter's partial warp (`threads` per block), the occupancy chapter's block size.
pub fn see_also_queries(gpu: &str, width: u32, warp: u32, live: u32, threads: u32) -> [String; 3] {
    use crate::ui::url::keys::{access, divergence, launch};
    use crate::ui::url::query::join;
    let formula = row_major_formula(width, warp, 1024);
    let (live, threads, warp) = (live.to_string(), threads.to_string(), warp.to_string());
    [
        join([
            (access::PRESET, access::CUSTOM),
            (access::FORMULA, formula.as_str()),
            (access::LANES, live.as_str()),
        ]),
        join([
            (divergence::PRESET, "partial-warp"),
            (divergence::BLOCK, threads.as_str()),
            (divergence::WARP, warp.as_str()),
        ]),
        join([(launch::GPU, gpu), (launch::THREADS, threads.as_str())]),
    ]
}

/// The element index lane `lane` of warp `warp` reads when a block `width` threads wide reads a
/// row-major array of `pitch` elements per row at `[y][x]`, as a formula of `lane` for the
/// coalescing chapter: `(32·warp + lane) / width · pitch + (32·warp + lane) % width`.
pub fn row_major_formula(width: u32, warp: u32, pitch: u32) -> String {
    let first = 32 * u64::from(warp);
    format!("(lane + {first}) / {width} * {pitch} + (lane + {first}) % {width}")
}

/// Reactive state: inputs and the one memo.
#[derive(Clone, Copy)]
pub struct HierarchyState {
    /// Inputs.
    pub inputs: UrlInputs<HierarchyInputs>,
    /// Derived.
    pub outputs: Memo<HierarchyOutputs>,
}

impl HierarchyState {
    /// State from `inputs`.
    pub fn new(inputs: UrlInputs<HierarchyInputs>) -> Self {
        let outputs = Memo::new(move |_| inputs.with(compute));
        HierarchyState { inputs, outputs }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn default_picks_warp_1_lane_3_and_round_trips() {
        let d = HierarchyInputs::default();
        let out = compute(&d);
        let t = out.pick.expect("legal default");
        assert_eq!((t.tid, t.warp, t.lane), (35, 1, 3));
        assert_eq!(HierarchyInputs::from_query(&d.to_query()), (d, vec![]));
        let i = HierarchyInputs {
            bx: 24,
            by: 3,
            tx: 8,
            ty: 1,
            ..HierarchyInputs::default()
        };
        let (back, notices) = HierarchyInputs::from_query(&i.to_query());
        assert_eq!((back.clone(), notices.len()), (i, 0));
        assert_eq!(compute(&back).pick.map(|t| (t.warp, t.lane)), Some((1, 0)));
    }

    #[test]
    fn bad_links_clamp_with_notices_and_bad_shapes_are_errors() {
        let (i, notices) = HierarchyInputs::from_query("bx=0&bz=65&gpu=zz&tx=abc");
        assert_eq!((i.bx, i.bz, i.gpu.as_str(), i.tx), (1, 64, "a100", 3));
        assert_eq!(notices.len(), 4);
        let (i, _) = HierarchyInputs::from_query("bx=64&by=32");
        assert!(compute(&i).launch.is_err());
        assert_eq!(compute(&i).pick, None);
    }

    /// Each link opens its chapter on exactly these values.
    #[test]
    fn see_also_links_are_read_without_a_notice() {
        let [c, d, o] = see_also_queries("h100", 24, 1, 32, 72);
        assert_eq!(d, "preset=partial-warp&block=72&warp=1");
        assert_eq!(o, "gpu=h100&threads=72");
        for (slug, q) in [("coalescing", &c), ("divergence", &d), ("occupancy", &o)] {
            assert_eq!(
                crate::ui::content::lessons::tests::notices(slug, q),
                0,
                "{slug}?{q}"
            );
        }
        use crate::ui::shared::access::AccessQuery;
        let (a, _) = AccessQuery::<crate::model::coalescing::CoalescingDetail>::from_query(&c);
        assert_eq!(a.formula, row_major_formula(24, 1, 1024));
        assert_eq!(a.lanes, 32);
    }

    #[test]
    fn the_formula_reads_in_the_coalescing_chapter() {
        assert_eq!(
            row_major_formula(24, 1, 1024),
            "(lane + 32) / 24 * 1024 + (lane + 32) % 24"
        );
        // The coalescing chapter's formula language reads it: lane 0 of warp 1 of a 24-wide
        // block is thread 32 = (8, 1) → element 1·1024 + 8.
        let f = crate::model::formula::IndexFormula::parse(&row_major_formula(24, 1, 1024))
            .expect("parses");
        assert_eq!(f.index(0, &[]), Ok(1032));
    }

    proptest! {
        #[test]
        fn any_query_is_safe(q in ".{0,200}") {
            let (i, _) = HierarchyInputs::from_query(&q);
            let out = compute(&i);
            if let (Ok(l), Some(t)) = (out.launch, out.pick) {
                prop_assert!(t.global < l.threads());
            }
        }
    }
}
