//! Occupancy: spec §1's 32 worked examples, the H200 runtime rows, every case of
//! `tests/fixtures/occupancy_h200.json` (copied from shared/truth/occupancy.json), every case of
//! `tests/fixtures/occupancy_cuda_occupancy_h.json` (NVIDIA's header, CUDA 12.9, with the H200,
//! B200 and RTX 5090 presets; made by `tests/gpu/occupancy_table.cpp`), the course's examples,
//! and property tests over arbitrary inputs on every preset.

use proptest::prelude::*;
use warpscope::model::gpu_spec::GpuSpec;
use warpscope::model::occupancy::{
    max_potential_block_size, occupancy, occupancy_steps, sweep_block_size, sweep_dynamic_smem,
    sweep_regs_per_thread, Carveout, KernelConfig, LaunchError, Limiter, UNLIMITED,
};

use crate::common::fixture_json;

const W: Limiter = Limiter::Warps;
const R: Limiter = Limiter::Registers;
const S: Limiter = Limiter::SharedMemory;
const B: Limiter = Limiter::Blocks;

fn kernel(
    threads: u32,
    regs: u32,
    static_smem: u32,
    dynamic: u32,
    carve: Carveout,
) -> KernelConfig {
    KernelConfig {
        threads_per_block: threads,
        regs_per_thread: regs,
        static_smem_bytes: static_smem,
        dynamic_smem_bytes: dynamic,
        carveout: carve,
    }
}

/// One row of spec §1 "Worked occupancy examples" [PROBE: the header with §0 properties].
struct Row {
    n: u32,
    gpu: fn() -> GpuSpec,
    carve: Carveout,
    threads: u32,
    regs: u32,
    static_smem: u32,
    dynamic: u32,
    blocks: u32,
    warps: u32,
    /// Occupancy in per mille (the spec's percentages, 66.7 % = 667 ‰ rounded).
    occ_permille: u32,
    /// Limits reg / smem / warp / blk (the spec gives some; the rest are derived by hand from
    /// the same rules and cross-checked against the header rows of occupancy.json).
    limits: [u32; 4],
    limiters: &'static [Limiter],
}

const D: Carveout = Carveout::Default;
const U: u32 = UNLIMITED;

#[rustfmt::skip]
fn spec_rows() -> Vec<Row> {
    let a = GpuSpec::a100_sxm; let h = GpuSpec::h100_sxm; let v = GpuSpec::v100_sxm2;
    let t = GpuSpec::t4; let g = GpuSpec::rtx_3090; let l = GpuSpec::l4;
    let row = |n, gpu, carve, threads, regs, static_smem, dynamic, blocks, warps, occ_permille, limits, limiters| Row {
        n, gpu, carve, threads, regs, static_smem, dynamic, blocks, warps, occ_permille, limits, limiters,
    };
    vec![
        row(1, a, D, 256, 64, 0, 0, 4, 32, 500, [4, 164, 8, 32], &[R]),
        row(2, a, D, 128, 32, 0, 0, 16, 64, 1000, [16, 164, 16, 32], &[W, R]),
        row(3, a, D, 1024, 32, 0, 0, 2, 64, 1000, [2, 164, 2, 32], &[W, R]),
        row(4, a, D, 256, 32, 0, 49152, 3, 24, 375, [8, 3, 8, 32], &[S]),
        row(5, a, D, 128, 255, 0, 0, 2, 8, 125, [2, 164, 16, 32], &[R]),
        row(6, a, D, 96, 40, 0, 0, 16, 48, 750, [16, 164, 21, 32], &[R]),
        row(7, h, D, 256, 32, 0, 102400, 2, 16, 250, [8, 2, 8, 32], &[S]),
        row(8, h, D, 1024, 64, 0, 0, 1, 32, 500, [1, 228, 2, 32], &[R]),
        row(9, a, D, 1024, 65, 0, 0, 0, 0, 0, [0, 164, 2, 32], &[R]),
        row(10, g, D, 256, 32, 0, 0, 6, 48, 1000, [8, 100, 6, 16], &[W]),
        row(11, g, D, 64, 16, 0, 0, 16, 32, 667, [64, 100, 24, 16], &[B]),
        row(12, l, D, 64, 16, 0, 0, 24, 48, 1000, [64, 100, 24, 24], &[W, B]),
        row(13, t, D, 256, 64, 0, 0, 4, 32, 1000, [4, U, 4, 16], &[W, R]),
        row(14, v, D, 256, 16, 32768, 0, 3, 24, 375, [16, 3, 8, 32], &[S]),
        row(15, a, Carveout::Percent(50), 256, 32, 20480, 0, 4, 32, 500, [8, 4, 8, 32], &[S]),
        row(16, a, D, 256, 32, 20480, 0, 7, 56, 875, [8, 7, 8, 32], &[S]),
        row(17, a, D, 256, 32, 1, 0, 8, 64, 1000, [8, 145, 8, 32], &[W, R]),
        row(18, a, D, 33, 32, 0, 0, 32, 64, 1000, [32, 164, 32, 32], &[W, R, B]),
        row(19, h, D, 128, 168, 0, 0, 3, 12, 188, [3, 228, 16, 32], &[R]),
        row(20, a, D, 512, 48, 0, 0, 2, 32, 500, [2, 164, 4, 32], &[R]),
        row(21, h, D, 384, 80, 0, 0, 2, 24, 375, [2, 228, 5, 32], &[R]),
        row(22, a, D, 256, 32, 0, 166912, 1, 8, 125, [8, 1, 8, 32], &[S]),
        row(23, a, D, 256, 32, 0, 166913, 0, 0, 0, [8, 0, 8, 32], &[S]),
        row(24, v, D, 256, 32, 0, 98304, 1, 8, 125, [8, 1, 8, 32], &[S]),
        row(25, t, D, 256, 32, 0, 65536, 1, 8, 250, [8, 1, 4, 16], &[S]),
        row(26, g, D, 128, 64, 0, 0, 8, 32, 667, [8, 100, 12, 16], &[R]),
        row(27, l, D, 1024, 64, 0, 0, 1, 32, 667, [1, 100, 1, 24], &[W, R]),
        row(28, a, Carveout::Percent(0), 128, 32, 0, 0, 8, 32, 500, [16, 8, 16, 32], &[S]),
        row(29, h, Carveout::Percent(25), 128, 32, 0, 0, 16, 64, 1000, [16, 64, 16, 32], &[W, R]),
        row(30, v, D, 128, 32, 0, 8192, 12, 48, 750, [16, 12, 16, 32], &[S]),
        row(31, a, D, 64, 24, 0, 0, 32, 64, 1000, [42, 164, 32, 32], &[W, B]),
        row(32, h, D, 32, 16, 0, 0, 32, 32, 500, [128, 228, 64, 32], &[B]),
    ]
}

#[test]
fn spec_section_1_worked_examples() {
    let rows = spec_rows();
    assert_eq!(rows.len(), 32);
    for r in rows {
        let gpu = (r.gpu)();
        let k = kernel(r.threads, r.regs, r.static_smem, r.dynamic, r.carve);
        let s = occupancy_steps(&gpu, &k);
        let ctx = format!("spec §1 #{} on {}", r.n, gpu.id);
        assert_eq!(s.blocks_per_sm, r.blocks, "{ctx}: blocks");
        assert_eq!(s.warps_per_sm, r.warps, "{ctx}: warps");
        assert_eq!(
            [
                s.limit_by_registers,
                s.limit_by_shared_memory,
                s.limit_by_warps,
                s.limit_by_blocks
            ],
            r.limits,
            "{ctx}: limits reg/smem/warp/blk"
        );
        assert_eq!(s.limiters, r.limiters, "{ctx}: limiters");
        assert_eq!(
            (s.ratio() * 1000.0).round() as u32,
            r.occ_permille,
            "{ctx}: occupancy"
        );
        match occupancy(&gpu, &k) {
            Ok(o) => {
                assert!(r.blocks > 0, "{ctx}");
                assert_eq!(o.blocks_per_sm, r.blocks, "{ctx}");
                assert_eq!(o.limiters, r.limiters, "{ctx}");
            }
            Err(e) => assert_eq!(r.blocks, 0, "{ctx}: unexpected {e}"),
        }
    }
}

#[test]
fn spec_example_9_and_23_errors_say_by_how_much() {
    // #9: 65 regs → 2,080 → 2,304 per warp × 32 warps = 73,728 > 65,536.
    let e = occupancy(&GpuSpec::a100_sxm(), &kernel(1024, 65, 0, 0, D)).expect_err("launch fails");
    assert_eq!(
        e,
        LaunchError::TooManyRegistersPerBlock {
            regs_per_warp: 2304,
            warps_counted: 32,
            regs_per_block: 73_728,
            max_regs_per_block: 65_536,
            hardware_check: false,
        }
    );
    assert!(e.to_string().contains("73,728"), "{e}");
    assert!(e.to_string().contains("65,536"), "{e}");
    // #23: 166,913 + 1,024 → 168,064 > 167,936.
    let e =
        occupancy(&GpuSpec::a100_sxm(), &kernel(256, 32, 0, 166_913, D)).expect_err("launch fails");
    assert_eq!(
        e,
        LaunchError::TooMuchSharedMemory {
            allocated_smem_bytes: 168_064,
            max_smem_bytes: 167_936,
            reserved_smem_bytes: 1024,
        }
    );
    assert!(e.to_string().contains("168,064 B > 167,936 B"), "{e}");
    let e = occupancy(&GpuSpec::a100_sxm(), &kernel(1025, 32, 0, 0, D)).expect_err("launch fails");
    assert_eq!(
        e.to_string(),
        "block has 1,025 threads > 1,024 allowed per block"
    );
    let e = occupancy(&GpuSpec::a100_sxm(), &kernel(0, 32, 0, 0, D)).expect_err("launch fails");
    assert_eq!(e, LaunchError::NoThreads);
    let e = occupancy(&GpuSpec::a100_sxm(), &kernel(256, 256, 0, 0, D)).expect_err("launch fails");
    assert!(matches!(
        e,
        LaunchError::TooManyRegistersPerThread {
            regs_per_thread: 256,
            ..
        }
    ));
    let e = occupancy(
        &GpuSpec::a100_sxm(),
        &kernel(256, 32, 0, 0, Carveout::Percent(101)),
    )
    .expect_err("launch fails");
    assert_eq!(e, LaunchError::InvalidCarveout { percent: 101 });
    let e =
        occupancy(&GpuSpec::a100_sxm(), &kernel(256, 32, 50_000, 0, D)).expect_err("launch fails");
    assert!(matches!(e, LaunchError::StaticSharedMemoryTooLarge { .. }));
}

#[test]
fn h200_runtime_rows_with_a_12_register_kernel() {
    // PROBE (spec §1): the H200 has the H100's SM, so the h100_sxm preset's limits apply.
    let h = GpuSpec::h100_sxm();
    let blocks = |threads, dynamic| {
        occupancy(&h, &kernel(threads, 12, 0, dynamic, D)).map_or(0, |o| o.blocks_per_sm)
    };
    assert_eq!(blocks(32, 8192), 25); // (8192 + 1024) → 233,472 / 9,216
    assert_eq!(blocks(96, 0), 21); // warp limit 64 / 3
    assert_eq!(blocks(1024, 100_000), 2);
    assert_eq!(blocks(1024, 116_736), 1);
}

#[test]
fn max_l1_carveout_caps_blocks_even_without_smem() {
    // truth/README: carveout 0 → at most 8 blocks (8 KiB step / 1 KiB reserve); 1 KiB dyn → 4.
    for gpu in [GpuSpec::h100_sxm(), GpuSpec::a100_sxm()] {
        let s = occupancy_steps(&gpu, &kernel(32, 16, 0, 0, Carveout::Percent(0)));
        assert_eq!(s.carveout_preference_bytes, Some(0));
        assert_eq!((s.carveout_bytes, s.carveout_bumped), (8192, true));
        assert_eq!(
            (s.blocks_per_sm, s.limiters.clone()),
            (8, vec![S]),
            "{}",
            gpu.id
        );
        let o =
            occupancy(&gpu, &kernel(32, 16, 0, 1024, Carveout::Percent(0))).expect("launchable");
        assert_eq!(o.blocks_per_sm, 4, "{}", gpu.id);
    }
}

/// Model blocks per SM, 0 for a launch error (the runtime API's "0 blocks, no error").
fn model_blocks(gpu: &GpuSpec, k: &KernelConfig) -> u32 {
    occupancy(gpu, k).map_or(0, |o| o.blocks_per_sm)
}

fn carveout_of(v: i64) -> Carveout {
    if v < 0 {
        Carveout::Default
    } else {
        Carveout::Percent(v as u32)
    }
}

fn int(v: &serde_json::Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("not an integer: {v}"))
}

fn limit(v: &serde_json::Value) -> u32 {
    match int(v) {
        2_147_483_647 => UNLIMITED, // INT_MAX in OCC-H
        x => x as u32,
    }
}

#[test]
fn h200_runtime_api_cases() {
    // 450 cases of cudaOccupancyMaxActiveBlocksPerMultiprocessor on the H200. The API returns 0
    // blocks (no error) when the block exceeds the kernel's register-limited maxThreadsPerBlock;
    // the model returns Err(TooManyRegistersPerBlock) there.
    let fx = fixture_json("occupancy_h200.json");
    let rows = fx["runtime"].as_array().expect("runtime rows");
    assert_eq!(rows.len(), 450);
    let h = GpuSpec::h100_sxm();
    let mut zeros = 0;
    for row in rows {
        let [carve, regs, kmax, block, dynamic, blocks, warps] =
            [0, 1, 2, 3, 4, 5, 6].map(|i| int(&row[i]));
        let k = kernel(
            block as u32,
            regs as u32,
            0,
            dynamic as u32,
            carveout_of(carve),
        );
        let got = occupancy(&h, &k);
        let ctx = format!("runtime row {row}");
        assert_eq!(
            got.as_ref().map_or(0, |o| o.blocks_per_sm),
            blocks as u32,
            "{ctx}"
        );
        assert_eq!(
            got.as_ref().map_or(0, |o| o.warps_per_sm),
            warps as u32,
            "{ctx}"
        );
        if blocks == 0 {
            zeros += 1;
            assert!(
                block > kmax,
                "{ctx}: zero only above the kernel's max threads"
            );
            assert!(
                matches!(got, Err(LaunchError::TooManyRegistersPerBlock { .. })),
                "{ctx}"
            );
        } else {
            assert!(block <= kmax, "{ctx}");
        }
    }
    assert_eq!(zeros, 51);
}

#[test]
fn header_calculator_cases_for_a100_h100_h200() {
    // 1,350 rows: every limit, the limiting factors and the allocation figures.
    let fx = fixture_json("occupancy_h200.json");
    let rows = fx["calculator"].as_array().expect("calculator rows");
    assert_eq!(rows.len(), 1350);
    for row in rows {
        let gpu = match row[0].as_str() {
            Some("a100") => GpuSpec::a100_sxm(),
            Some("h100") | Some("h200") => GpuSpec::h100_sxm(),
            other => panic!("unknown props {other:?}"),
        };
        let k = kernel(
            int(&row[3]) as u32,
            int(&row[2]) as u32,
            0,
            int(&row[4]) as u32,
            carveout_of(int(&row[1])),
        );
        let s = occupancy_steps(&gpu, &k);
        let ctx = format!("calculator row {row}");
        assert_eq!(s.blocks_per_sm, limit(&row[5]), "{ctx}: blocks");
        assert_eq!(s.warps_per_sm, limit(&row[6]), "{ctx}: warps");
        let factors: Vec<&str> = s
            .limiters
            .iter()
            .map(|l| match l {
                Limiter::Warps => "warps",
                Limiter::Registers => "registers",
                Limiter::SharedMemory => "shared_memory",
                Limiter::Blocks => "blocks",
            })
            .collect();
        assert_eq!(
            factors.join("|"),
            row[7].as_str().unwrap_or(""),
            "{ctx}: factors"
        );
        assert_eq!(s.limit_by_registers, limit(&row[8]), "{ctx}: regs");
        assert_eq!(s.limit_by_shared_memory, limit(&row[9]), "{ctx}: smem");
        assert_eq!(s.limit_by_warps, limit(&row[10]), "{ctx}: warps limit");
        assert_eq!(s.limit_by_blocks, limit(&row[11]), "{ctx}: blocks limit");
        assert_eq!(s.limit_by_barriers, limit(&row[12]), "{ctx}: barriers");
        assert_eq!(s.regs_per_block, int(&row[13]) as u64, "{ctx}: alloc regs");
        assert_eq!(
            s.smem_per_block_bytes,
            int(&row[14]) as u64,
            "{ctx}: alloc smem"
        );
    }
}

#[test]
fn course_examples() {
    // Course ch. 4: A100, 256 threads × 64 regs → 65536 / (64·256) = 4 blocks, 32 warps, 50 %.
    let a = GpuSpec::a100_sxm();
    let o = occupancy(&a, &kernel(256, 64, 0, 0, D)).expect("launchable");
    assert_eq!((o.blocks_per_sm, o.warps_per_sm, o.ratio()), (4, 32, 0.5));
    // 256 × 128 regs → 2 blocks, 25 %, register-limited.
    let o = occupancy(&a, &kernel(256, 128, 0, 0, D)).expect("launchable");
    assert_eq!(
        (o.blocks_per_sm, o.ratio(), o.limiters.clone()),
        (2, 0.25, vec![R])
    );
    // 128×128 tile, BK = 32, BF16, double-buffered: 2·(128+128)·32·2 B = 32 KiB of smem.
    // The course says 164 KB holds 5 such blocks; with the 1 KiB reserve each block takes
    // 33,792 B and 167,936 / 33,792 = 4. With 256 threads × 64 regs, registers also allow 4.
    let tile_bytes = 2 * (128 + 128) * 32 * 2;
    assert_eq!(tile_bytes, 32 * 1024);
    let s = occupancy_steps(&a, &kernel(256, 64, 0, tile_bytes, D));
    assert_eq!(s.smem_per_block_bytes, 33_792);
    assert_eq!(s.limit_by_shared_memory, 4);
    assert_eq!((s.blocks_per_sm, s.warps_per_sm), (4, 32));
    assert_eq!(s.limiters, vec![R, S]);
    assert_eq!(s.ratio(), 0.5);
    // Without the driver reserve it would be 167,936 / 32,768 = 5 (the course's figure).
    assert_eq!(167_936 / tile_bytes, 5);
}

#[test]
fn usage_figures_for_the_resource_bars() {
    let s = occupancy_steps(&GpuSpec::a100_sxm(), &kernel(96, 40, 0, 0, D));
    // #6: 16 blocks × 3 warps; 40 regs → 1,280 per warp (no rounding), 3,840 per block.
    let u = s.usage;
    assert_eq!(
        (u.warps_used, u.warps_total, u.blocks_used, u.blocks_total),
        (48, 64, 16, 32)
    );
    assert_eq!(u.registers_used, 16 * 96 * 40);
    assert_eq!(u.registers_allocated, 16 * 3 * 1280);
    assert_eq!(
        (u.smem_allocated_bytes, u.smem_reserved_bytes),
        (16 * 1024, 16 * 1024)
    );
    assert_eq!(u.smem_carveout_bytes, 167_936);
    assert_eq!(s.regs_per_warp, 1280);
    assert_eq!(s.warps_per_partition_by_regs, 12);
    assert_eq!(s.warps_per_sm_by_regs, 48);
}

#[test]
fn max_potential_block_size_examples() {
    // A100, 32 regs: 1024 threads × 2 blocks = 2048 reaches the limit at once.
    let a = GpuSpec::a100_sxm();
    assert_eq!(
        max_potential_block_size(&a, &kernel(0, 32, 0, 0, D)),
        Some((1024, 216))
    );
    // 64 regs: 256×4 = 512×2 = 1024×1 = 1024 threads; ties keep the larger block.
    assert_eq!(
        max_potential_block_size(&a, &kernel(0, 64, 0, 0, D)),
        Some((1024, 108))
    );
    // 255 regs: 8 warps per SM at most → 256 threads (larger blocks fail), 1 block.
    assert_eq!(
        max_potential_block_size(&a, &kernel(0, 255, 0, 0, D)),
        Some((256, 108))
    );
    // H100 12 regs with 100,000 B dyn smem: 2 blocks of 1024.
    let h = GpuSpec::h100_sxm();
    assert_eq!(
        max_potential_block_size(&h, &kernel(0, 12, 0, 100_000, D)),
        Some((1024, 264))
    );
    // Nothing launches.
    assert_eq!(max_potential_block_size(&a, &kernel(0, 300, 0, 0, D)), None);
}

#[test]
fn sweeps_cover_the_ranges() {
    let a = GpuSpec::a100_sxm();
    let k = kernel(256, 64, 0, 0, D);
    let bs = sweep_block_size(&a, &k);
    assert_eq!(bs.len(), 32);
    assert_eq!((bs[0].x, bs[31].x), (32, 1024));
    assert_eq!(bs[7].blocks_per_sm(), 4); // 256 threads
    let rs = sweep_regs_per_thread(&a, &k);
    assert_eq!(rs.len(), 255);
    assert_eq!(rs[63].x, 64);
    assert_eq!(rs[63].ratio(), 0.5);
    let ss = sweep_dynamic_smem(&a, &k);
    assert_eq!(ss.first().map(|p| p.x), Some(0));
    assert_eq!(ss.last().map(|p| p.x), Some(166_912));
    assert_eq!(ss.last().map(|p| p.blocks_per_sm()), Some(1));
    assert!(ss
        .windows(2)
        .all(|w| w[1].blocks_per_sm() <= w[0].blocks_per_sm()));
}

fn presets() -> Vec<GpuSpec> {
    GpuSpec::all()
}

fn any_carveout() -> impl Strategy<Value = Carveout> {
    prop_oneof![
        Just(Carveout::Default),
        (0u32..=100).prop_map(Carveout::Percent),
        any::<u32>().prop_map(Carveout::Percent),
    ]
}

fn any_kernel() -> impl Strategy<Value = KernelConfig> {
    (
        prop_oneof![any::<u32>(), 0u32..=1100],
        prop_oneof![any::<u32>(), 0u32..=260],
        prop_oneof![any::<u32>(), 0u32..=50_000],
        prop_oneof![any::<u32>(), 0u32..=240_000],
        any_carveout(),
    )
        .prop_map(|(t, r, s, d, c)| kernel(t, r, s, d, c))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn never_panics_and_results_are_consistent(gpu_i in 0usize..11, k in any_kernel()) {
        let gpu = &presets()[gpu_i];
        let s = occupancy_steps(gpu, &k);
        let r = occupancy(gpu, &k);
        prop_assert_eq!(r.clone(), s.result());
        match r {
            Ok(o) => {
                prop_assert!(o.blocks_per_sm >= 1);
                prop_assert!(!o.limiters.is_empty());
                let lims = [o.limit_by_warps, o.limit_by_registers, o.limit_by_shared_memory, o.limit_by_blocks];
                prop_assert_eq!(o.blocks_per_sm, *lims.iter().min().unwrap_or(&0));
                for (l, v) in Limiter::ALL.iter().zip(lims) {
                    prop_assert_eq!(o.limiters.contains(l), v == o.blocks_per_sm);
                }
                prop_assert!(o.warps_per_sm <= gpu.max_warps_per_sm());
                prop_assert_eq!(o.warps_per_sm, o.blocks_per_sm * o.warps_per_block);
                prop_assert!(o.ratio() > 0.0 && o.ratio() <= 1.0);
                prop_assert!(s.usage.registers_allocated <= u64::from(gpu.regs_per_sm));
                prop_assert!(s.usage.smem_allocated_bytes <= u64::from(s.carveout_bytes));
                prop_assert!(s.carveout_bytes <= gpu.smem_per_sm_bytes);
            }
            Err(e) => {
                prop_assert_eq!(s.blocks_per_sm, 0);
                prop_assert!(!e.to_string().is_empty());
                prop_assert!(!s.limiters.is_empty());
            }
        }
    }

    #[test]
    fn more_registers_never_raise_blocks(gpu_i in 0usize..11, k in any_kernel(), extra in 0u32..300) {
        let gpu = &presets()[gpu_i];
        let more = KernelConfig { regs_per_thread: k.regs_per_thread.saturating_add(extra), ..k };
        prop_assert!(model_blocks(gpu, &more) <= model_blocks(gpu, &k));
    }

    #[test]
    fn more_shared_memory_never_raises_blocks(
        gpu_i in 0usize..11, k in any_kernel(), extra_dyn in 0u32..100_000, extra_static in 0u32..20_000,
    ) {
        let gpu = &presets()[gpu_i];
        let more = KernelConfig { dynamic_smem_bytes: k.dynamic_smem_bytes.saturating_add(extra_dyn), ..k };
        prop_assert!(model_blocks(gpu, &more) <= model_blocks(gpu, &k));
        let more = KernelConfig { static_smem_bytes: k.static_smem_bytes.saturating_add(extra_static), ..k };
        prop_assert!(model_blocks(gpu, &more) <= model_blocks(gpu, &k));
    }
}

#[test]
fn cuda_occupancy_h_12_9_table_for_h200_b200_rtx5090() {
    // tests/gpu/occupancy_table.cpp: NVIDIA's header (CUDA 12.9) with each preset's properties
    // filled by hand; every row compared field for field, case for case.
    let fx = fixture_json("occupancy_cuda_occupancy_h.json");
    let rows = fx["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 4032);
    assert_eq!(int(&fx["count"]), 4032);
    let mut per_gpu = std::collections::BTreeMap::new();
    let mut launchable = 0;
    for row in rows {
        let id = row[0].as_str().expect("gpu id");
        let gpu = GpuSpec::by_id(id).unwrap_or_else(|| panic!("unknown preset {id}"));
        let k = kernel(
            int(&row[3]) as u32,
            int(&row[2]) as u32,
            int(&row[4]) as u32,
            int(&row[5]) as u32,
            carveout_of(int(&row[1])),
        );
        let ctx = format!("header row {row}");
        assert_eq!(int(&row[6]), 0, "{ctx}: header status");
        let s = occupancy_steps(&gpu, &k);
        assert_eq!(s.blocks_per_sm, limit(&row[7]), "{ctx}: blocks");
        assert_eq!(s.warps_per_sm, limit(&row[8]), "{ctx}: warps");
        // limitingFactors: WARPS=1, REGS=2, SMEM=4, BLOCKS=8 from `limiters`; BARRIERS=16 when
        // the barrier cap (CC >= 9.0) equals the result, as OCC-H sets it.
        let mut factors = 0;
        for l in &s.limiters {
            factors |= match l {
                Limiter::Warps => 1,
                Limiter::Registers => 2,
                Limiter::SharedMemory => 4,
                Limiter::Blocks => 8,
            };
        }
        if s.limit_by_barriers == s.blocks_per_sm {
            factors |= 16;
        }
        assert_eq!(factors, int(&row[9]), "{ctx}: limiting factors");
        assert_eq!(s.limit_by_registers, limit(&row[10]), "{ctx}: regs limit");
        assert_eq!(
            s.limit_by_shared_memory,
            limit(&row[11]),
            "{ctx}: smem limit"
        );
        assert_eq!(s.limit_by_warps, limit(&row[12]), "{ctx}: warps limit");
        assert_eq!(s.limit_by_blocks, limit(&row[13]), "{ctx}: blocks limit");
        assert_eq!(
            s.limit_by_barriers,
            limit(&row[14]),
            "{ctx}: barriers limit"
        );
        assert_eq!(s.regs_per_block, int(&row[15]) as u64, "{ctx}: alloc regs");
        assert_eq!(
            s.smem_per_block_bytes,
            int(&row[16]) as u64,
            "{ctx}: alloc smem"
        );
        // The header's 0 blocks is the model's launch error, and only that.
        assert_eq!(occupancy(&gpu, &k).is_ok(), s.blocks_per_sm > 0, "{ctx}");
        launchable += usize::from(s.blocks_per_sm > 0);
        *per_gpu.entry(id.to_string()).or_insert(0) += 1;
    }
    let counts: Vec<(String, i32)> = per_gpu.into_iter().collect();
    assert_eq!(
        counts,
        vec![
            ("b200".to_string(), 1344),
            ("h200".to_string(), 1344),
            ("rtx5090".to_string(), 1344)
        ]
    );
    assert_eq!(launchable, 3 * 888);
}

#[test]
fn per_compute_capability_constants_of_cuda_occupancy_h_12_9() {
    // cudaOccMaxBlocksPerMultiprocessor, cudaOccMaxBlocksPerSMBlockBarrierLimit,
    // cudaOccSMemAllocationGranularity and cudaOccAlignUpShmemSizeVoltaPlus for each preset's CC.
    for g in GpuSpec::all() {
        let (blocks, barriers, granularity, carveouts): (u32, u32, u32, &[u32]) =
            match g.compute_capability {
                (7, 0) => (32, 2, 256, &[0, 8, 16, 32, 64, 96]),
                (7, 5) => (16, 2, 256, &[32, 64]),
                (8, 0) => (32, 2, 128, &[0, 8, 16, 32, 64, 100, 132, 164]),
                (8, 6) => (16, 1, 128, &[0, 8, 16, 32, 64, 100]),
                (8, 9) => (24, 1, 128, &[0, 8, 16, 32, 64, 100]),
                (9, 0) | (10, 0) => (32, 2, 128, &[0, 8, 16, 32, 64, 100, 132, 164, 196, 228]),
                (12, 0) => (24, 1, 128, &[0, 8, 16, 32, 64, 100]),
                cc => panic!("{}: no header row for CC {cc:?}", g.id),
            };
        assert_eq!(g.max_blocks_per_sm, blocks, "{}", g.id);
        assert_eq!(g.block_barriers_per_block_slot, barriers, "{}", g.id);
        assert_eq!(g.smem_alloc_granularity_bytes, granularity, "{}", g.id);
        assert_eq!(g.carveout_capacities_kib, carveouts, "{}", g.id);
        assert_eq!(
            (g.reg_alloc_unit_per_warp, g.partitions_per_sm),
            (256, 4),
            "{}",
            g.id
        );
    }
    // The H100 PCIe has the H100 SXM5's SM: the same occupancy for every kernel.
    let (sxm, pcie) = (GpuSpec::h100_sxm(), GpuSpec::h100_pcie());
    for k in [
        kernel(256, 64, 0, 0, D),
        kernel(128, 32, 0, 102_400, Carveout::Percent(25)),
    ] {
        assert_eq!(occupancy_steps(&sxm, &k), occupancy_steps(&pcie, &k));
    }
}

#[test]
fn rtx_5090_and_b200_worked_examples() {
    // RTX 5090 (12.0): 64 threads × 16 regs → warp limit 48/2 = 24 = block limit 24 = barrier
    // cap 24 × 1 / 1 (OCC-H sets BLOCKS and BARRIERS); 100 % of 48 warps.
    let r = GpuSpec::rtx_5090();
    let s = occupancy_steps(&r, &kernel(64, 16, 0, 0, D));
    assert_eq!((s.blocks_per_sm, s.warps_per_sm), (24, 48));
    assert_eq!(s.limiters, vec![W, B]);
    assert_eq!(s.limit_by_barriers, 24);
    // 256 threads with 48 KiB dynamic: (49,152 + 1,024) → 102,400 / 50,176 = 2 blocks.
    let o = occupancy(&r, &kernel(256, 32, 0, 49_152, D)).expect("launchable");
    assert_eq!((o.blocks_per_sm, o.limiters.clone()), (2, vec![S]));
    // The opt-in maximum fits once; one byte more does not.
    assert_eq!(model_blocks(&r, &kernel(256, 32, 0, 101_376, D)), 1);
    assert!(occupancy(&r, &kernel(256, 32, 0, 101_377, D)).is_err());
    // B200 (10.0) has the H100's per-SM budgets: spec §1 #7 gives the same 2 blocks.
    let b = GpuSpec::b200();
    let o = occupancy(&b, &kernel(256, 32, 0, 102_400, D)).expect("launchable");
    assert_eq!((o.blocks_per_sm, o.warps_per_sm), (2, 16));
}
