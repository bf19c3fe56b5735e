//! Waves and the block-dispatch simulator: spec §2 examples, the course's launches, the H200
//! dispatch measurements (`tests/fixtures/dispatch_h200.json`, copied from
//! shared/truth/dispatch.json), the 2^20-block performance case, and property tests.

use proptest::prelude::*;
use warpscope::model::dispatch::observed::h200_runs;
use warpscope::model::dispatch::{
    count_histogram, order_differences, waves, BlockRecord, DispatchError, Durations, Simulator,
    Timeline, Trace, MAX_SIMULATED_BLOCKS,
};
use warpscope::model::gpu_spec::GpuSpec;
use warpscope::model::occupancy::{occupancy, KernelConfig, Limiter};

use crate::common::fixture_json;

fn kernel(threads: u32, regs: u32, static_smem: u32, dynamic: u32) -> KernelConfig {
    KernelConfig {
        threads_per_block: threads,
        regs_per_thread: regs,
        static_smem_bytes: static_smem,
        dynamic_smem_bytes: dynamic,
        ..KernelConfig::default()
    }
}

fn simulate(sms: u32, bps: u32, grid: u64, durations: Durations) -> Trace {
    Simulator::new(sms, bps, grid, durations)
        .expect("valid launch")
        .run()
}

#[test]
fn a100_256x64_grid_432_is_exactly_one_wave() {
    // Spec §1 #1 → 4 blocks/SM; spec §2: 108 × 4 = 432 → 1 wave, 100 %.
    let a = GpuSpec::a100_sxm();
    let bps = occupancy(&a, &kernel(256, 64, 0, 0))
        .expect("launchable")
        .blocks_per_sm;
    let w = waves(a.sm_count, bps, 432).expect("valid");
    assert_eq!(
        (w.full_wave_blocks, w.count, w.last_wave_blocks),
        (432, 1, 432)
    );
    assert_eq!(w.efficiency, 1.0);
    assert!(!w.has_tail());
    assert_eq!(w.full_waves(), 1);
}

#[test]
fn spec_section_2_examples() {
    // A100, 4/SM, grid 1000: 432-block waves → 432, 432, 136; 1000 / 1296 = 77.2 %.
    let w = waves(108, 4, 1000).expect("valid");
    assert_eq!((w.count, w.last_wave_blocks, w.full_waves()), (3, 136, 2));
    assert!((w.efficiency - 0.7716).abs() < 1e-4);
    // H100, 2/SM (#7): 264 = 1 wave; 265 → 2 waves, tail 1, 265 / 528 = 50.2 %.
    assert_eq!(waves(132, 2, 264).expect("valid").count, 1);
    let w = waves(132, 2, 265).expect("valid");
    assert_eq!((w.count, w.last_wave_blocks), (2, 1));
    assert!((w.efficiency - 265.0 / 528.0).abs() < 1e-12);
    // 109 blocks on 108 SMs at 1/SM: 2 waves, tail 1.
    let w = waves(108, 1, 109).expect("valid");
    assert_eq!((w.count, w.last_wave_blocks, w.has_tail()), (2, 1, true));
}

#[test]
fn waves_reject_what_cannot_launch() {
    assert_eq!(waves(0, 4, 10), Err(DispatchError::NoSms));
    assert_eq!(waves(108, 0, 10), Err(DispatchError::NoBlockSlots));
    assert_eq!(waves(108, 4, 0), Err(DispatchError::EmptyGrid));
    assert!(!DispatchError::EmptyGrid.to_string().is_empty());
}

#[test]
fn w8a8_course_kernel_is_one_sparse_wave() {
    // truth/measured/w8a8.json (sm_90 build): grid 256 × 128 threads, 48 regs, 6,144 B static.
    // H100: 48·32 = 1,536 regs/warp → 10 warps/SMSP → 40 / 4 = 10 blocks (registers).
    let h = GpuSpec::h100_sxm();
    let occ = occupancy(&h, &kernel(128, 48, 6144, 0)).expect("launchable");
    assert_eq!(
        (occ.blocks_per_sm, occ.limiters.clone()),
        (10, vec![Limiter::Registers])
    );
    let w = waves(h.sm_count, occ.blocks_per_sm, 256).expect("valid");
    assert_eq!(
        (w.full_wave_blocks, w.count, w.last_wave_blocks),
        (1320, 1, 256)
    );
    assert!((w.efficiency - 256.0 / 1320.0).abs() < 1e-12);
    // Breadth-first: 124 SMs get 2 blocks, 8 get 1 → 1,024 warps / 132 SMs = 7.8 of 64 warps
    // (12 %), as ncu's "warps active 12 %" on the H200.
    let t = simulate(
        h.sm_count,
        occ.blocks_per_sm,
        256,
        Durations::Constant { cycles: 1000 },
    );
    assert_eq!(
        count_histogram(&t.blocks_per_sm_counts()),
        vec![(1, 8), (2, 124)]
    );
    // A100: also 10 blocks/SM (smem 167,936 / 7,168 = 23) → 1,080 per wave, 1 wave.
    let a = GpuSpec::a100_sxm();
    let occ = occupancy(&a, &kernel(128, 48, 6144, 0)).expect("launchable");
    assert_eq!(occ.blocks_per_sm, 10);
    assert_eq!(waves(a.sm_count, 10, 256).expect("valid").count, 1);
}

#[test]
fn two_to_the_20_blocks_on_132_sms_x_32_slots() {
    // ceil(2^20 / (132·32)) = ceil(248.2) = 249 waves.
    let grid = 1u64 << 20;
    let d = 1000;
    let t = simulate(132, 32, grid, Durations::Constant { cycles: d });
    let w = waves(132, 32, grid).expect("valid");
    assert_eq!(w.count, 249);
    assert_eq!(t.makespan_cycles(), 249 * d);
    assert_eq!(t.wave_count(), 249);
    assert_eq!(t.block_count(), 1 << 20);
    // The heap path completes too, and is no shorter than the average-work bound.
    let t = simulate(
        132,
        32,
        grid,
        Durations::Jitter {
            min_cycles: 500,
            max_cycles: 1500,
            seed: 42,
        },
    );
    let work: u64 = (0..t.block_count())
        .filter_map(|b| t.block(b))
        .map(|r| u64::from(r.end_cycle - r.start_cycle))
        .sum();
    assert!(u64::from(t.makespan_cycles()) >= work / (132 * 32));
    assert!(u64::from(t.makespan_cycles()) <= work / (132 * 32) + 1500);
}

#[test]
fn simulator_rejects_bad_launches() {
    let c = Durations::Constant { cycles: 10 };
    assert_eq!(
        Simulator::new(0, 1, 1, c.clone()).err(),
        Some(DispatchError::NoSms)
    );
    assert_eq!(
        Simulator::new(1, 1, MAX_SIMULATED_BLOCKS + 1, c.clone()).err(),
        Some(DispatchError::GridTooLargeToSimulate {
            grid_blocks: MAX_SIMULATED_BLOCKS + 1,
            max_blocks: MAX_SIMULATED_BLOCKS
        })
    );
    assert_eq!(
        Simulator::new(1, 1, 1, Durations::Constant { cycles: 0 }).err(),
        Some(DispatchError::ZeroDuration)
    );
    assert!(matches!(
        Simulator::new(1, 1, 3, Durations::PerBlock(vec![1, 2])).err(),
        Some(DispatchError::DurationCountMismatch { .. })
    ));
    assert!(matches!(
        Simulator::new(
            1,
            1,
            3,
            Durations::Jitter {
                min_cycles: 5,
                max_cycles: 4,
                seed: 0
            }
        )
        .err(),
        Some(DispatchError::InvalidJitter { .. })
    ));
    assert!(matches!(
        Simulator::new(1, 1, 1 << 20, Durations::Constant { cycles: u32::MAX }).err(),
        Some(DispatchError::TraceTooLong { .. })
    ));
    assert!(matches!(
        Simulator::new(70_000, 1, 1, c).err(),
        Some(DispatchError::TooManySlots)
    ));
}

#[test]
fn trace_queries_match_brute_force() {
    let t = simulate(
        5,
        3,
        97,
        Durations::Jitter {
            min_cycles: 3,
            max_cycles: 40,
            seed: 9,
        },
    );
    let blocks: Vec<BlockRecord> = (0..t.block_count()).filter_map(|b| t.block(b)).collect();
    assert_eq!(blocks.len(), 97);
    for cycle in 0..=t.makespan_cycles() + 1 {
        let resident = t.resident_at(cycle);
        assert_eq!(resident.len(), 15);
        for (b, r) in blocks.iter().enumerate() {
            let b = b as u32;
            let running = r.start_cycle <= cycle && cycle < r.end_cycle;
            assert_eq!(
                t.block_at(r.sm, r.slot, cycle) == Some(b),
                running,
                "block {b} at {cycle}"
            );
            assert_eq!(resident[(r.sm * 3 + r.slot) as usize] == Some(b), running);
        }
        let started = blocks.iter().filter(|r| r.start_cycle <= cycle).count() as u32;
        let done = blocks.iter().filter(|r| r.end_cycle <= cycle).count() as u32;
        assert_eq!(t.started_by(cycle), started);
        assert_eq!(t.completed_by(cycle), done);
        let on_sm0: u32 = t.blocks_running_on(0, cycle).len() as u32;
        assert!(on_sm0 <= 3);
    }
    assert_eq!(t.block_at(99, 0, 0), None);
    assert!(t.blocks_on_slot(0, 9).is_empty());
}

#[test]
fn constant_durations_layout_is_breadth_first_per_wave() {
    // Policy: block i of each wave on SM i mod sm_count, slot (i mod wave) / sm_count.
    let t = simulate(4, 2, 19, Durations::Constant { cycles: 7 });
    let rec: Vec<BlockRecord> = (0..19).filter_map(|b| t.block(b)).collect();
    let sms: Vec<u32> = rec.iter().map(|r| r.sm).collect();
    assert_eq!(
        sms,
        [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]
    );
    let slots: Vec<u32> = rec.iter().take(8).map(|r| r.slot).collect();
    assert_eq!(slots, [0, 0, 0, 0, 1, 1, 1, 1]);
    let starts: Vec<u32> = rec.iter().map(|r| r.start_cycle).collect();
    assert_eq!(
        starts,
        [0, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 14, 14, 14]
    );
    assert_eq!(t.block(19), None);
    assert_eq!(t.makespan_cycles(), 21);
    assert_eq!(t.wave_count(), 3);
    let w = t.wave(2).expect("third wave");
    assert_eq!(
        (
            w.first_block,
            w.blocks,
            w.first_start_cycle,
            w.last_end_cycle
        ),
        (16, 3, 14, 21)
    );
    assert_eq!(t.wave(3), None);
    assert_eq!(t.blocks_on_slot(1, 0), vec![1, 9, 17]);
    assert_eq!(t.blocks_per_sm_counts(), vec![5, 5, 5, 4]);
    assert_eq!(t.block_at(1, 0, 7), Some(9));
    assert_eq!(t.block_at(3, 0, 14), None);
    assert_eq!((t.started_by(7), t.completed_by(7)), (16, 8));
    assert_eq!(t.wave_of_block(17), 2);
}

#[test]
fn shipped_dispatch_data_is_the_fixture() {
    // build.rs embeds assets/measured/; the tests read tests/fixtures/: they must not drift.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |p: &str| std::fs::read(root.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    assert_eq!(
        read("assets/measured/dispatch_h200.json"),
        read("tests/fixtures/dispatch_h200.json")
    );
}

/// One measured run of `dispatch_h200.json`.
struct Run {
    config: String,
    grid: u64,
    bps: u32,
    variable: bool,
    smid: Vec<u32>,
    start_ns: Vec<u32>,
    end_ns: Vec<u32>,
    histogram: Vec<(u32, u32)>,
}

fn runs() -> Vec<Run> {
    let fx = fixture_json("dispatch_h200.json");
    let nums = |v: &serde_json::Value| -> Vec<u32> {
        v.as_array()
            .expect("array")
            .iter()
            .map(|x| x.as_u64().expect("number") as u32)
            .collect()
    };
    fx["runs"]
        .as_array()
        .expect("runs")
        .iter()
        .map(|r| {
            let mut histogram: Vec<(u32, u32)> = r["blocks_per_sm_histogram"]
                .as_object()
                .expect("histogram")
                .iter()
                .map(|(k, v)| (k.parse().expect("count"), v.as_u64().expect("sms") as u32))
                .collect();
            histogram.sort_unstable();
            Run {
                config: r["config"].as_str().expect("config").to_string(),
                grid: r["grid"].as_u64().expect("grid"),
                bps: r["occupancy_api_blocks_per_sm"].as_u64().expect("bps") as u32,
                variable: r["variable_duration"].as_bool().expect("bool"),
                smid: nums(&r["smid"]),
                start_ns: nums(&r["start_ns"]),
                end_ns: nums(&r["end_ns"]),
                histogram,
            }
        })
        .collect()
}

/// Group sorted start times into waves: a gap above 5 µs starts a new wave.
fn measured_wave_sizes(start_ns: &[u32]) -> Vec<u64> {
    let mut s = start_ns.to_vec();
    s.sort_unstable();
    let mut sizes = vec![];
    let mut prev: Option<u32> = None;
    for t in s {
        match prev {
            Some(p) if t - p <= 5000 => {
                if let Some(last) = sizes.last_mut() {
                    *last += 1;
                }
            }
            _ => sizes.push(1),
        }
        prev = Some(t);
    }
    sizes
}

#[test]
fn h200_runs_match_the_occupancy_model() {
    // The API's blocks per SM in each run are what the model computes for its launch.
    let h = GpuSpec::h100_sxm();
    for r in runs() {
        let (threads, dynamic) = match r.config.as_str() {
            "many_blocks_per_sm_block128" => (128, 0),
            "threads_limited_2_per_sm_block1024" => (1024, 0),
            "smem_limited_2_per_sm" => (128, 102_400),
            _ => (128, 153_600),
        };
        // The spin kernel's register count is not recorded; 32 is enough for these limits.
        let occ = occupancy(&h, &kernel(threads, 32, 0, dynamic)).expect("launchable");
        assert_eq!(occ.blocks_per_sm, r.bps, "{}", r.config);
    }
}

#[test]
fn h200_wave_structure_matches_waves() {
    // 1 block/SM: starts at 0, 50.8, 101.6, 152.5, 203.3 µs → 4 full waves of 132 + 37.
    // 2 blocks/SM: 3 waves of 264 (the last holds 37). 16/SM: everything in one wave.
    let mut checked = 0;
    for r in runs().into_iter().filter(|r| !r.variable) {
        let w = waves(132, r.bps, r.grid).expect("valid");
        let mut expected = vec![w.full_wave_blocks; (w.count - 1) as usize];
        expected.push(w.last_wave_blocks);
        assert_eq!(measured_wave_sizes(&r.start_ns), expected, "{}", r.config);
        checked += 1;
    }
    assert_eq!(checked, 5);
    let r = runs();
    let one = r
        .iter()
        .find(|r| r.config == "smem_limited_1_per_sm")
        .expect("run");
    assert_eq!(
        measured_wave_sizes(&one.start_ns),
        vec![132, 132, 132, 132, 37]
    );
}

#[test]
fn h200_spread_matches_breadth_first_model() {
    for r in runs() {
        let obs = order_differences(
            &simulate(132, r.bps, r.grid, Durations::Constant { cycles: 50_560 }),
            &r.smid,
        );
        // Measured numbering differs from i mod 132: block 0 went to SM 128, not 0.
        assert_eq!(
            &obs.observed_first_sm_order[..8],
            &[128, 129, 130, 131, 124, 125, 126, 127][..],
            "{}",
            r.config
        );
        assert_eq!(obs.differences[0].block, 0);
        assert_eq!(
            (obs.differences[0].model_sm, obs.differences[0].observed_sm),
            (0, 128)
        );
        assert_eq!(obs.blocks_compared as u64, r.grid);
        assert!(!obs.differences.is_empty());
        assert_eq!(obs.observed_first_sm_order.len(), 132, "every SM used");
        assert_eq!(
            count_histogram(&obs.observed_blocks_per_sm),
            r.histogram,
            "{}",
            r.config
        );
        let model_hist = count_histogram(&obs.model_blocks_per_sm);
        match (r.config.as_str(), r.variable) {
            // The tail of 37 blocks of the 2-per-SM smem-limited run went two per SM on 10 SMs;
            // the model (and the thread-limited 2-per-SM run) spread it one per SM.
            ("smem_limited_2_per_sm", _) => {
                assert!(!obs.same_spread);
                assert_eq!(model_hist, vec![(4, 95), (5, 37)]);
                assert_eq!(r.histogram, vec![(4, 105), (5, 17), (6, 10)]);
            }
            (_, true) => {} // checked with replayed durations below
            _ => assert!(
                obs.same_spread,
                "{}: {model_hist:?} vs {:?}",
                r.config, r.histogram
            ),
        }
    }
}

#[test]
fn h200_replayed_durations() {
    // Feed the measured per-block durations (ns) to the model: the greedy policy gives a
    // makespan within 1 % below the measurement (the model has no ≈ 250 ns dispatch gap per
    // wave), and the variable-duration run spreads 3 to 6 blocks per SM, as measured.
    for r in runs() {
        let d: Vec<u32> = r
            .start_ns
            .iter()
            .zip(&r.end_ns)
            .map(|(s, e)| e - s)
            .collect();
        let t = simulate(132, r.bps, r.grid, Durations::PerBlock(d));
        let measured = r.end_ns.iter().copied().max().unwrap_or(0);
        assert!(t.makespan_cycles() <= measured, "{}", r.config);
        assert!(
            f64::from(t.makespan_cycles()) >= 0.99 * f64::from(measured),
            "{}",
            r.config
        );
        if r.variable {
            let hist = count_histogram(&t.blocks_per_sm_counts());
            assert_eq!(hist.first().map(|h| h.0), Some(3));
            assert_eq!(hist.last().map(|h| h.0), Some(6));
            assert_eq!(r.histogram.first().map(|h| h.0), Some(3));
            assert_eq!(r.histogram.last().map(|h| h.0), Some(6));
        }
    }
}

#[test]
fn timing_of_the_two_to_the_20_case() {
    // Not asserted (machine-dependent); run with --release --nocapture to read it.
    let t0 = std::time::Instant::now();
    let t = simulate(132, 32, 1 << 20, Durations::Constant { cycles: 1000 });
    let constant = t0.elapsed();
    let t1 = std::time::Instant::now();
    let j = simulate(
        132,
        32,
        1 << 20,
        Durations::Jitter {
            min_cycles: 500,
            max_cycles: 1500,
            seed: 1,
        },
    );
    let jitter = t1.elapsed();
    let t2 = std::time::Instant::now();
    let mut buf = Vec::new();
    for frame in 0..60 {
        j.resident_at_into(frame * 4000, &mut buf);
    }
    let frames = t2.elapsed();
    println!(
        "2^20 blocks: constant {constant:?}, jitter {jitter:?}; 60 frames of resident_at {frames:?} ({} blocks)",
        t.block_count()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn waves_cover_the_grid(sms in any::<u32>(), bps in any::<u32>(), grid in any::<u64>()) {
        match waves(sms, bps, grid) {
            Ok(w) => {
                prop_assert_eq!(w.full_wave_blocks, u64::from(sms) * u64::from(bps));
                prop_assert!(u128::from(w.count) * u128::from(w.full_wave_blocks) >= u128::from(grid));
                prop_assert!(u128::from(w.count - 1) * u128::from(w.full_wave_blocks) < u128::from(grid));
                prop_assert!(w.last_wave_blocks >= 1 && w.last_wave_blocks <= w.full_wave_blocks);
                prop_assert!(w.efficiency > 0.0 && w.efficiency <= 1.0);
            }
            Err(_) => prop_assert!(sms == 0 || bps == 0 || grid == 0),
        }
    }

    #[test]
    fn simulated_slots_never_overlap(
        sms in 1u32..6, bps in 1u32..5, grid in 1u64..120, lo in 1u32..20, span in 0u32..30, seed in any::<u64>(),
    ) {
        let t = simulate(sms, bps, grid, Durations::Jitter { min_cycles: lo, max_cycles: lo + span, seed });
        prop_assert_eq!(u64::from(t.block_count()), grid);
        let rec: Vec<BlockRecord> = (0..t.block_count()).filter_map(|b| t.block(b)).collect();
        prop_assert_eq!(rec.len() as u64, grid);
        prop_assert!(rec.windows(2).all(|w| w[0].start_cycle <= w[1].start_cycle));
        for sm in 0..sms {
            for slot in 0..bps {
                let blocks = t.blocks_on_slot(sm, slot);
                for w in blocks.windows(2) {
                    // Back to back: no overlap and no idle gap while blocks wait.
                    prop_assert_eq!(rec[w[0] as usize].end_cycle, rec[w[1] as usize].start_cycle);
                }
                if let Some(&first) = blocks.first() {
                    prop_assert_eq!(rec[first as usize].start_cycle, 0);
                }
            }
        }
        prop_assert_eq!(t.makespan_cycles(), rec.iter().map(|r| r.end_cycle).max().unwrap_or(0));
        // The first full wave (or the whole grid) starts at 0 breadth-first.
        let first = grid.min(u64::from(sms * bps)) as usize;
        for (b, r) in rec.iter().enumerate().take(first) {
            prop_assert_eq!(r.start_cycle, 0);
            prop_assert_eq!(r.sm, b as u32 % sms);
        }
    }
}

#[test]
fn embedded_h200_runs_are_the_fixture() {
    // build.rs packs the fixture into 32 ns ticks; unpacked, every block is the measurement.
    let embedded = h200_runs();
    let fixture = runs();
    assert_eq!(embedded.len(), fixture.len());
    for (e, f) in embedded.iter().zip(&fixture) {
        assert_eq!(e.config, f.config);
        assert_eq!(u64::from(e.grid_blocks), f.grid);
        assert_eq!((e.blocks_per_sm, e.variable_duration), (f.bps, f.variable));
        let blocks: Vec<(u32, u32, u32)> = e.blocks().collect();
        let expected: Vec<(u32, u32, u32)> = f
            .smid
            .iter()
            .zip(&f.start_ns)
            .zip(&f.end_ns)
            .map(|((&sm, &s), &t)| (sm, s, t))
            .collect();
        assert_eq!(blocks, expected, "{}", e.config);
    }
}

#[test]
fn h200_replay_beside_the_model() {
    let run = h200_runs()
        .iter()
        .find(|r| r.config == "smem_limited_1_per_sm")
        .expect("run");
    let r = run.replay().expect("replays");
    let c = &r.comparison;
    // Measured: 4 clean waves of 132 and a tail of 37, about 50.8 µs apart.
    assert_eq!(
        c.observed_wave_starts_ns,
        vec![0, 50_816, 101_600, 152_416, 203_200]
    );
    // The model refills a slot the moment it frees (no ≈ 290 ns dispatch gap): each wave
    // starts when the previous wave's block on that slot ends.
    assert_eq!(c.model_wave_starts_ns.len(), 5);
    assert_eq!(c.model_wave_starts_ns[0], 0);
    for (m, o) in c
        .model_wave_starts_ns
        .iter()
        .zip(&c.observed_wave_starts_ns)
    {
        assert!(m <= o && o - m < 2_000, "model {m} vs observed {o}");
    }
    assert_eq!(c.observed_refill_gap_ns, Some(288));
    assert!(c.model_makespan_ns < c.observed_makespan_ns);
    assert_eq!(c.observed_makespan_ns, 253_888);
    // Same spread (95 SMs × 4, 37 × 5), other SM numbering, starts not in block order.
    assert_eq!(c.observed_histogram, vec![(4, 95), (5, 37)]);
    assert_eq!(c.model_histogram, c.observed_histogram);
    assert!(c.order.same_spread);
    assert_eq!(&c.order.observed_first_sm_order[..4], &[128, 129, 130, 131]);
    assert!(c.observed_out_of_order_starts > 0);
    assert!(c.order.same_sm < 20, "{}", c.order.same_sm);
    // The observed trace animates like the model's: one slot per SM, 132 busy at 1 µs.
    let mut buf = Vec::new();
    r.observed.resident_at_into(1_000, &mut buf);
    assert_eq!(buf.iter().flatten().count(), 132);
    assert_eq!(r.observed.newest_started_wave(1_000), 0);
    assert_eq!(r.observed.newest_started_wave(203_200), 4);
    assert_eq!(r.observed.completed_by(r.observed.makespan_cycles()), 565);
}

#[test]
fn every_h200_run_fits_its_occupancy() {
    // No SM ever ran more blocks at once than the occupancy API allows (slots are assignable),
    // and the 16-per-SM launch never had more than 5 resident.
    for run in h200_runs() {
        let t = run.trace().expect(run.config);
        let max_slot = (0..t.block_count())
            .filter_map(|b| Timeline::block(&t, b))
            .map(|r| r.slot)
            .max()
            .unwrap_or(0);
        assert!(max_slot < run.blocks_per_sm, "{}", run.config);
        if run.config == "many_blocks_per_sm_block128" {
            assert_eq!(max_slot, 4);
        }
    }
}
