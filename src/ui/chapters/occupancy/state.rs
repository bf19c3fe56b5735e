//! The Occupancy chapter's state: inputs (signals, serialised to the URL) and the one memo that
//! calls the model. The dispatch chapter reads the same URL keys through [`OccInputs::read`].

use leptos::prelude::*;

use crate::model::gpu_spec::GpuSpec;
use crate::model::occupancy::{
    max_potential_block_size, occupancy_steps, sweep_block_size, sweep_dynamic_smem,
    sweep_regs_per_thread, KernelConfig, LaunchError, OccupancySteps, SweepPoint,
};
pub use crate::ui::shared::launch::bars::{
    resource_bars, Resource, ResourceBar, Segment, SegmentKind,
};
pub use crate::ui::shared::launch::{limits, LaunchInputs as OccInputs, SmemUnit, YAxis};
use crate::ui::shell::UrlInputs;

/// The course's examples, one button each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// A100, 256 threads × 64 registers: 4 blocks, 32 warps, 50 % (course 001 §3).
    Regs64,
    /// A100, 256 threads × 128 registers: 2 blocks, 25 %, register-limited (course 001 §11 Q2).
    Regs128,
    /// A100, the 128×128×32 double-buffered BF16 GEMM tile: 32 KiB of shared memory
    /// (course 001 §4): 4 blocks, not the course's 5, because of the 1 KiB reserve.
    GemmTile,
}

impl Preset {
    /// Every preset, in button order.
    pub const ALL: [Preset; 3] = [Preset::Regs64, Preset::Regs128, Preset::GemmTile];

    /// The inputs the preset sets (the sweep axis and unit are kept).
    pub fn apply(self, inputs: &mut OccInputs) {
        let (threads, regs, smem) = match self {
            Preset::Regs64 => (256, 64, 0),
            Preset::Regs128 => (256, 128, 0),
            // 2 stages × (128 + 128) rows × 32 × 2 B = 32 KiB; 32 registers keep registers out
            // of the way so that shared memory alone decides.
            Preset::GemmTile => (256, 32, 32 * 1024),
        };
        inputs.gpu = "a100".into();
        inputs.threads = threads;
        inputs.regs = regs;
        inputs.smem = smem;
        inputs.dsmem = 0;
        inputs.carveout = -1;
    }

    /// True when `inputs` are this preset's.
    pub fn is_active(self, inputs: &OccInputs) -> bool {
        let mut probe = inputs.clone();
        self.apply(&mut probe);
        probe == *inputs
    }
}

/// Everything the chapter shows, computed in one place from the inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct OccOutputs {
    /// The selected GPU.
    pub gpu: GpuSpec,
    /// The model's input.
    pub kernel: KernelConfig,
    /// Every step of the calculation.
    pub steps: OccupancySteps,
    /// The first launch error, if any.
    pub error: Option<LaunchError>,
    /// The four resource bars.
    pub bars: Vec<ResourceBar>,
    /// `cudaOccMaxPotentialBlockSize`: (block size, min grid size).
    pub suggested: Option<(u32, u32)>,
    /// Occupancy vs threads per block.
    pub sweep_threads: Vec<SweepPoint>,
    /// Occupancy vs registers per thread.
    pub sweep_regs: Vec<SweepPoint>,
    /// Occupancy vs dynamic shared memory per block.
    pub sweep_dsmem: Vec<SweepPoint>,
}

/// The whole chapter as a pure function of its inputs.
pub fn compute(inputs: &OccInputs) -> OccOutputs {
    let gpu = inputs.gpu_spec();
    let kernel = inputs.kernel();
    let steps = occupancy_steps(&gpu, &kernel);
    let error = steps.errors.first().copied();
    let bars = resource_bars(&gpu, &steps);
    OccOutputs {
        suggested: max_potential_block_size(&gpu, &kernel),
        sweep_threads: sweep_block_size(&gpu, &kernel),
        sweep_regs: sweep_regs_per_thread(&gpu, &kernel),
        sweep_dsmem: sweep_dynamic_smem(&gpu, &kernel),
        gpu,
        kernel,
        steps,
        error,
        bars,
    }
}

/// The chapter's reactive state: one signal of inputs and one memo of outputs.
#[derive(Clone, Copy)]
pub struct OccState {
    /// Every input.
    pub inputs: UrlInputs<OccInputs>,
    /// Everything derived: the only place the model is called.
    pub outputs: Memo<OccOutputs>,
}

impl OccState {
    /// State starting from `inputs`.
    pub fn new(inputs: UrlInputs<OccInputs>) -> Self {
        let outputs = Memo::new(move |_| inputs.with(compute));
        OccState { inputs, outputs }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::occupancy::Limiter;
    use crate::ui::shell::ChapterInputs;
    use proptest::prelude::*;

    fn with(f: impl FnOnce(&mut OccInputs)) -> OccInputs {
        let mut i = OccInputs::default();
        f(&mut i);
        i
    }

    #[test]
    fn course_presets_reproduce_the_course() {
        let out = compute(&with(|i| Preset::Regs64.apply(i)));
        assert_eq!((out.steps.blocks_per_sm, out.steps.warps_per_sm), (4, 32));
        assert_eq!(out.steps.ratio(), 0.5);
        let out = compute(&with(|i| Preset::Regs128.apply(i)));
        assert_eq!(out.steps.blocks_per_sm, 2);
        assert_eq!(out.steps.limiters, vec![Limiter::Registers]);
        assert_eq!(out.steps.ratio(), 0.25);
        // 32,768 + 1,024 reserve = 33,792 B; 167,936 / 33,792 = 4.97 → 4 (course: 5 without it).
        let out = compute(&with(|i| Preset::GemmTile.apply(i)));
        assert_eq!(out.steps.smem_per_block_bytes, 33_792);
        assert_eq!(out.steps.blocks_per_sm, 4);
        assert_eq!(out.steps.limiters, vec![Limiter::SharedMemory]);
        assert!(Preset::GemmTile.is_active(&with(|i| Preset::GemmTile.apply(i))));
        assert!(!Preset::GemmTile.is_active(&OccInputs::default()));
    }

    #[test]
    fn bars_add_up_and_split_idle_from_free() {
        let out = compute(&OccInputs::default());
        for b in &out.bars {
            let sum: u64 = b.segments.iter().map(|s| s.amount).sum();
            assert_eq!(sum, b.total, "{:?}", b.resource);
        }
        let regs = &out.bars[0];
        assert!(regs.binds);
        assert_eq!(
            regs.segments,
            vec![Segment {
                kind: SegmentKind::Used,
                amount: 65_536
            }]
        );
        // Warps: 32 used, 4 more blocks' worth (32 warps) idle because registers bind.
        let warps = &out.bars[2];
        assert_eq!(
            warps.segments,
            vec![
                Segment {
                    kind: SegmentKind::Used,
                    amount: 32
                },
                Segment {
                    kind: SegmentKind::Idle,
                    amount: 32
                }
            ]
        );
        // Shared memory: 4 KiB of reserve, the rest idle (160 more 1 KiB blocks would fit).
        let smem = &out.bars[1];
        assert_eq!(smem.segments[0].kind, SegmentKind::Reserve);
        assert_eq!(smem.segments[0].amount, 4096);
    }

    #[test]
    fn carveout_leaves_the_rest_to_l1() {
        let out = compute(&with(|i| i.carveout = 50));
        let smem = &out.bars[1];
        assert_eq!(smem.total, 167_936);
        let l1 = smem.segments.last().expect("segments");
        assert_eq!(l1.kind, SegmentKind::L1);
        assert_eq!(l1.amount, 167_936 - 102_400);
    }

    #[test]
    fn launch_that_cannot_run_reports_and_uses_nothing() {
        let out = compute(&with(|i| {
            i.threads = 1024;
            i.regs = 65;
        }));
        assert!(matches!(
            out.error,
            Some(LaunchError::TooManyRegistersPerBlock { .. })
        ));
        for b in &out.bars {
            assert!(!b.binds);
            assert!(b.segments.iter().all(|s| s.kind != SegmentKind::Used));
        }
    }

    #[test]
    fn permalink_round_trips() {
        let s = OccInputs {
            gpu: "h100".into(),
            threads: 100,
            regs: 40,
            smem: 4096,
            dsmem: 70_000,
            dunit: SmemUnit::B,
            carveout: 25,
            y: YAxis::Warps,
        };
        let (back, notices) = OccInputs::from_query(&s.to_query());
        assert_eq!(back, s);
        assert!(notices.is_empty());
        assert_eq!(OccInputs::default().to_query(), "");
    }

    #[test]
    fn malformed_permalinks_fall_back_with_notices() {
        let (s, notices) =
            OccInputs::from_query("gpu=b300&threads=0&regs=999&carveout=-7&dunit=mb&y=%ZZ&foo=1");
        assert_eq!(s.gpu, "a100");
        assert_eq!(s.threads, 1);
        assert_eq!(s.regs, 255);
        assert_eq!(s.carveout, -1);
        assert_eq!(s.dunit, SmemUnit::Kib);
        assert!(notices.len() >= 6, "{notices:?}");
    }

    #[test]
    fn raising_registers_recomputes_through_the_memo() {
        let owner = Owner::new();
        owner.set();
        let state = OccState::new(UrlInputs::detached(OccInputs::default()));
        assert_eq!(state.outputs.get_untracked().steps.blocks_per_sm, 4);
        state.inputs.update(|i| i.regs = 128);
        assert_eq!(state.outputs.get_untracked().steps.blocks_per_sm, 2);
    }

    proptest! {
        #[test]
        fn any_query_computes_without_panic(q in ".{0,300}") {
            let (s, _) = OccInputs::from_query(&q);
            let out = compute(&s);
            prop_assert_eq!(out.bars.len(), 4);
        }

        #[test]
        fn any_in_range_input_has_consistent_bars(threads in 1u32..=1024, regs in 1u32..=255,
                smem in 0u32..=49152, dsmem in 0u32..=262144, carveout in -1i32..=100,
                gpu in 0usize..11) {
            let ids = ["a100", "h100", "v100", "t4", "rtx3090", "l4", "rtx4090", "h200", "h100pcie", "b200", "rtx5090"];
            let s = OccInputs { gpu: ids[gpu].into(), threads, regs, smem, dsmem, carveout, ..OccInputs::default() };
            let out = compute(&s);
            for b in &out.bars {
                let sum: u64 = b.segments.iter().map(|s| s.amount).sum();
                prop_assert_eq!(sum, b.total);
            }
            prop_assert_eq!(out.error.is_some(), out.steps.blocks_per_sm == 0);
        }
    }
}
