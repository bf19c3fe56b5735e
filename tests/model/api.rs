//! The public model API of `shared/MODEL_API.md`, named path by path: checks outside the
//! repository compile against these, so a refactor that moves one fails here first.

use warpscope::model::bank_conflicts::{bank_conflicts, BankReport, SmemAccess};
use warpscope::model::coalescing::{coalesce, CoalescingReport, WarpAccess};
use warpscope::model::dispatch::{waves, Waves};
use warpscope::model::gpu_spec::GpuSpec;
use warpscope::model::kernel::{
    parse, run, GlobalCounters, Kernel, Launch, ParseError, Report, RunError, SharedCounters,
};
use warpscope::model::occupancy::{occupancy, Carveout, KernelConfig, Limiter, Occupancy};
use warpscope::model::roofline::{arithmetic_intensity, Precision, Roof};
use warpscope::model::simt::{launch_mask, split, BranchSplit};
use warpscope::model::tensor_core::{
    fragment_layout, ElementType, FragmentLayout, FragmentSlot, MmaShape, Operand,
};
use warpscope::model::tensor_core_gen::{wgmma_accumulator_slot, WarpgroupSlot};
use warpscope::model::w8a8::{quantize_symmetric, W8a8Gemv};

#[test]
fn every_documented_path_and_signature_compiles() {
    let a100: GpuSpec = GpuSpec::a100_sxm();
    let _: (&str, &str, (u32, u32), u32) =
        (a100.id, a100.name, a100.compute_capability, a100.sm_count);
    let presets: [fn() -> GpuSpec; 11] = [
        GpuSpec::a100_sxm,
        GpuSpec::h100_sxm,
        GpuSpec::v100_sxm2,
        GpuSpec::t4,
        GpuSpec::rtx_3090,
        GpuSpec::l4,
        GpuSpec::rtx_4090,
        GpuSpec::h200_sxm,
        GpuSpec::h100_pcie,
        GpuSpec::b200,
        GpuSpec::rtx_5090,
    ];
    assert!(presets.iter().all(|p| GpuSpec::by_id(p().id).is_some()));
    assert!(GpuSpec::all().len() >= presets.len());
    let roof: Option<Roof> = a100.roof(Precision::Fp16Tensor);
    let roof = roof.expect("A100 has fp16 tensor cores");
    let _: (f64, f64, f64, f64, f64) = (
        roof.peak_flops_per_s,
        roof.bandwidth_bytes_per_s,
        roof.ridge_point(),
        roof.attainable_flops_per_s(1.0),
        roof.time_lower_bound_s(1.0, 1.0),
    );
    let _: f64 = arithmetic_intensity(2.0, 1.0);

    let kernel = KernelConfig {
        threads_per_block: 256,
        regs_per_thread: 64,
        static_smem_bytes: 0,
        dynamic_smem_bytes: 0,
        carveout: Carveout::Default,
    };
    let occ: Occupancy = occupancy(&a100, &kernel).expect("launchable");
    let _: (u32, u32, &Vec<Limiter>, u32, u32, u32, u32, f64) = (
        occ.blocks_per_sm,
        occ.warps_per_sm,
        &occ.limiters,
        occ.limit_by_warps,
        occ.limit_by_registers,
        occ.limit_by_shared_memory,
        occ.limit_by_blocks,
        occ.ratio(),
    );
    let _ = Carveout::Percent(50);

    let w: Waves = waves(108, 4, 1000).expect("waves");
    let _: (u64, u64, u64, f64) = (
        w.full_wave_blocks,
        w.count,
        w.last_wave_blocks,
        w.efficiency,
    );

    let _: u32 = launch_mask(48, 1);
    let s: BranchSplit = split(u32::MAX, |lane| lane % 2 == 0);
    let _: (u32, u32, bool) = (s.taken, s.not_taken, s.diverged());

    let mut addresses = [None; 32];
    for (lane, a) in addresses.iter_mut().enumerate() {
        *a = Some(lane as u64 * 4);
    }
    let c: CoalescingReport = coalesce(&WarpAccess {
        addresses,
        bytes_per_lane: 4,
    })
    .expect("aligned");
    let _: (u32, u32, u32, u64, u64, f64) = (
        c.requests,
        c.sectors,
        c.lines,
        c.bytes_requested,
        c.bytes_moved,
        c.efficiency(),
    );
    let mut smem = [None; 32];
    for (lane, a) in smem.iter_mut().enumerate() {
        *a = Some(lane as u32 * 4);
    }
    let b: BankReport = bank_conflicts(&SmemAccess {
        addresses: smem,
        bytes_per_lane: 4,
    })
    .expect("aligned");
    let _: (u32, u32, u32) = (b.wavefronts, b.ideal_wavefronts, b.conflicts);

    let layout: FragmentLayout =
        fragment_layout(MmaShape::MmaM16N8K16, Operand::A, ElementType::F16).expect("layout");
    let _: (u32, u32, u32) = (layout.rows(), layout.cols(), layout.elements_per_lane());
    let slots: Vec<FragmentSlot> = layout.slots_of(0, 0);
    let _: Option<(u32, u32)> = layout.element_at(slots[0]);
    let _ = (
        MmaShape::WmmaM16N16K16,
        MmaShape::MmaM16N8K32,
        MmaShape::MmaM8N8K16,
        Operand::B,
        Operand::Accumulator,
        ElementType::Bf16,
        ElementType::S8,
        ElementType::U8,
        ElementType::F32,
        ElementType::S32,
    );

    let g: W8a8Gemv = W8a8Gemv::course();
    let _: (u32, u32, u32) = (g.k, g.n, g.warps_per_block);
    let _: (u32, u32, u32, u32, u64, u64, u64, u32, u64) = (
        g.grid_blocks(),
        g.threads_per_block(),
        g.k_per_warp(),
        g.mma_per_warp(),
        g.mma_total(),
        g.useful_macs(),
        g.tensor_macs(),
        g.smem_bytes_per_block(),
        g.hbm_bytes(),
    );
    let (q, scale): (Vec<i8>, f32) = quantize_symmetric(&[1.0, -2.0]);
    assert_eq!(q.len(), 2);
    assert!(scale > 0.0);
    let slot: Option<WarpgroupSlot> = wgmma_accumulator_slot(256, 63, 255);
    let WarpgroupSlot { thread, register } = slot.expect("exists");
    assert_eq!((thread, register), (127, 127));
    let copied = slot;
    assert_eq!(copied, slot);
    let _ = format!("{slot:?}");
    let _ = (
        Precision::Fp64,
        Precision::Fp32,
        Precision::Tf32Tensor,
        Precision::Bf16Tensor,
        Precision::Int8Tensor,
        Precision::Fp8Tensor,
    );

    let kernel: Result<Kernel, ParseError> =
        parse("__global__ void k(float* o) { o[threadIdx.x] = 1.0f; }");
    let kernel = kernel.expect("parses");
    let launch = Launch {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        args: Vec::<(String, i64)>::new(),
    };
    let report: Result<Report, RunError> = run(&kernel, &launch);
    let report = report.expect("runs");
    let g: GlobalCounters = report.global_store;
    let _: (u64, u64) = (g.requests, g.sectors);
    let _: GlobalCounters = report.global_load;
    let s: SharedCounters = report.shared_load;
    let _: (u64, u64) = (s.instructions, s.wavefronts);
    let _: SharedCounters = report.shared_store;
    assert_eq!((g.requests, g.sectors), (1, 4));
}
