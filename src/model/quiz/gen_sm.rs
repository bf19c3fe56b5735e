//! Generators of the SM chapters: chip (FP32 lanes and peak), grid and block (a thread's ids),
//! occupancy (blocks per SM, limiter, percent), dispatch (waves) and scheduling (warps needed,
//! issue utilisation). Each known mistake is the same model run without one rule.

use super::draw::{
    choice, count, limit_text, option_index, prefix_slips, real, step, with_mistake, with_mistakes,
    Draw,
};
use super::{sig4, Answer, Category, Field, Mistake, Params, Step, StepLabel};
use crate::model::dispatch::waves;
use crate::model::gpu_spec::GpuSpec;
use crate::model::hierarchy::{Dim3, DimLimits, Launch};
use crate::model::occupancy::{
    occupancy, occupancy_steps, Carveout, KernelConfig, Limiter, Occupancy,
};
use crate::model::rng::SplitMix64;
use crate::model::scheduler::{utilisation_estimate, warps_needed, SchedulerConfig};
use crate::model::WARP_SIZE;

/// The GPUs the chip chapter draws (its GPU switch), which the chip questions draw from.
pub const CHIP_GPUS: [&str; 6] = ["a100", "h100", "h200", "h100pcie", "b200", "rtx5090"];

pub(super) fn chip(rng: &mut SplitMix64) -> Draw {
    let id = *rng.choose(&CHIP_GPUS)?;
    let boost = GpuSpec::by_id(id)?;
    // A sustained clock at or below boost (power or thermal limits), in 15 MHz steps.
    let clock_mhz = boost
        .boost_clock_mhz
        .checked_sub(15 * rng.below(40) as u32)?;
    let gpu = GpuSpec {
        boost_clock_mhz: clock_mhz,
        ..boost.clone()
    };
    let lanes = gpu.fp32_lanes();
    let tflops = gpu.fp32_flops_per_s_from_units() / 1e12;
    let at_boost = boost.fp32_flops_per_s_from_units() / 1e12;
    let peak = real(Field::Fp32PeakTflops, tflops);
    let peak = with_mistake(peak, Mistake::OtherClock, Some(at_boost));
    let peak = with_mistake(peak, Mistake::FmaNotTwoFlops, Some(tflops / 2.0));
    let peak = with_mistakes(peak, Mistake::UnitPrefix, prefix_slips(tflops));
    let parts = vec![count(Field::Fp32Lanes, u64::from(lanes)), peak];
    let steps = vec![
        step(
            StepLabel::Fp32Lanes,
            format!("{} × {} = {lanes}", gpu.sm_count, gpu.fp32_lanes_per_sm),
        ),
        step(
            StepLabel::Fp32Peak,
            format!(
                "{lanes} × 2 FLOP × {} MHz = {} TFLOP/s",
                gpu.boost_clock_mhz,
                sig4(tflops)
            ),
        ),
    ];
    Some((
        Params::Chip {
            gpu: boost.id,
            clock_mhz,
        },
        parts,
        steps,
    ))
}

pub(super) fn thread(rng: &mut SplitMix64) -> Draw {
    // Block widths that show both cases: warps of whole rows (8, 16, 32) and warps that
    // straddle rows (12, 24, 48).
    let bx = *rng.choose(&[8u32, 12, 16, 24, 32, 48, 64])?;
    let by = rng.range_inclusive(1, u64::from(1024 / bx).min(16)) as u32;
    let (gx, gy) = (
        rng.range_inclusive(1, 64) as u32,
        rng.range_inclusive(1, 8) as u32,
    );
    let launch = Launch::new(
        Dim3::new(gx, gy, 1),
        Dim3::new(bx, by, 1),
        &DimLimits::for_gpu(&GpuSpec::a100_sxm()),
    )
    .ok()?;
    let block_idx = Dim3::new(
        rng.below(u64::from(gx)) as u32,
        rng.below(u64::from(gy)) as u32,
        0,
    );
    let thread_idx = Dim3::new(
        rng.below(u64::from(bx)) as u32,
        rng.below(u64::from(by)) as u32,
        0,
    );
    let t = launch.thread(block_idx, thread_idx).ok()?;
    // y fastest: the same launch with the block's axes read the other way round.
    let row_major = thread_idx.y + thread_idx.x * by;
    let (tx_warp, tx_lane) = (thread_idx.x / WARP_SIZE, thread_idx.x % WARP_SIZE);
    let tid = with_mistake(
        count(Field::ThreadId, u64::from(t.tid)),
        Mistake::ThreadIdRowMajor,
        Some(f64::from(row_major)),
    );
    let warp = with_mistake(
        count(Field::WarpInBlock, u64::from(t.warp)),
        Mistake::ThreadIdRowMajor,
        Some(f64::from(row_major / WARP_SIZE)),
    );
    let warp = with_mistake(warp, Mistake::WarpFromThreadIdxX, Some(f64::from(tx_warp)));
    let lane = with_mistake(
        count(Field::Lane, u64::from(t.lane)),
        Mistake::ThreadIdRowMajor,
        Some(f64::from(row_major % WARP_SIZE)),
    );
    let lane = with_mistake(lane, Mistake::WarpFromThreadIdxX, Some(f64::from(tx_lane)));
    let parts = vec![tid, warp, lane, count(Field::GlobalX, t.global_xyz.0)];
    let steps = vec![
        step(
            StepLabel::ThreadId,
            format!("{} + {} × {bx} = {}", thread_idx.x, thread_idx.y, t.tid),
        ),
        step(
            StepLabel::WarpLane,
            format!("{} / 32 = {}, {} % 32 = {}", t.tid, t.warp, t.tid, t.lane),
        ),
        step(
            StepLabel::GlobalX,
            format!(
                "{} × {bx} + {} = {}",
                block_idx.x, thread_idx.x, t.global_xyz.0
            ),
        ),
    ];
    Some((
        Params::Thread {
            grid: (gx, gy),
            block: (bx, by),
            block_idx: (block_idx.x, block_idx.y),
            thread_idx: (thread_idx.x, thread_idx.y),
        },
        parts,
        steps,
    ))
}

/// A random launch that can run: `(gpu, kernel)`.
fn draw_launch(rng: &mut SplitMix64, with_smem: bool) -> Option<(GpuSpec, KernelConfig)> {
    let gpus = GpuSpec::all();
    let gpu = rng.choose(&gpus)?.clone();
    let threads = if rng.below(4) == 0 {
        rng.range_inclusive(1, 1024) as u32
    } else {
        32 * rng.range_inclusive(1, 32) as u32
    };
    let regs = rng.range_inclusive(16, u64::from(gpu.max_regs_per_thread.min(255))) as u32;
    let (smem, dsmem) = if with_smem {
        let smem = if rng.below(3) == 0 {
            0
        } else {
            1024 * rng.range_inclusive(1, 24) as u32
        };
        let dsmem = if rng.below(2) == 0 {
            0
        } else {
            1024 * rng.range_inclusive(1, 64) as u32
        };
        (smem, dsmem)
    } else {
        (0, 0)
    };
    let kernel = KernelConfig {
        threads_per_block: threads,
        regs_per_thread: regs,
        static_smem_bytes: smem,
        dynamic_smem_bytes: dsmem,
        carveout: Carveout::Default,
    };
    occupancy(&gpu, &kernel).ok()?;
    Some((gpu, kernel))
}

fn occupancy_steps_of(gpu: &GpuSpec, kernel: &KernelConfig) -> Vec<Step> {
    let s = occupancy_steps(gpu, kernel);
    vec![
        step(
            StepLabel::WarpsPerBlock,
            format!(
                "⌈{} / {WARP_SIZE}⌉ = {}",
                kernel.threads_per_block, s.warps_per_block
            ),
        ),
        step(
            StepLabel::RegistersPerWarp,
            format!(
                "{} × {WARP_SIZE} = {} → ⌈·⌉ to {} = {}",
                kernel.regs_per_thread,
                s.regs_per_warp_requested,
                gpu.reg_alloc_unit_per_warp,
                s.regs_per_warp
            ),
        ),
        step(
            StepLabel::LimitRegisters,
            format!(
                "⌊{} / {}⌋ = {} × {} = {} warps → {}",
                s.regs_per_partition,
                s.regs_per_warp,
                limit_text(s.warps_per_partition_by_regs),
                gpu.partitions_per_sm,
                limit_text(s.warps_per_sm_by_regs),
                limit_text(s.limit_by_registers)
            ),
        ),
        step(
            StepLabel::LimitWarps,
            format!(
                "⌊{} / {}⌋ = {}",
                s.max_warps_per_sm,
                s.warps_per_block,
                limit_text(s.limit_by_warps)
            ),
        ),
        step(
            StepLabel::SharedPerBlock,
            format!(
                "{} + {} + {} = {} → {} B",
                kernel.static_smem_bytes,
                kernel.dynamic_smem_bytes,
                gpu.reserved_smem_per_block_bytes,
                s.smem_per_block_requested_bytes,
                s.smem_per_block_bytes
            ),
        ),
        step(
            StepLabel::LimitShared,
            if s.smem_per_block_bytes == 0 {
                "∞".to_string()
            } else {
                format!(
                    "⌊{} / {}⌋ = {}",
                    s.carveout_bytes,
                    s.smem_per_block_bytes,
                    limit_text(s.limit_by_shared_memory)
                )
            },
        ),
        step(StepLabel::LimitBlocks, limit_text(s.limit_by_blocks)),
        step(
            StepLabel::BlocksPerSm,
            format!(
                "min({}, {}, {}, {}) = {}",
                limit_text(s.limit_by_registers),
                limit_text(s.limit_by_warps),
                limit_text(s.limit_by_shared_memory),
                limit_text(s.limit_by_blocks),
                s.blocks_per_sm
            ),
        ),
        step(
            StepLabel::Occupancy,
            format!(
                "{} × {} = {} / {} = {} %",
                s.blocks_per_sm,
                s.warps_per_block,
                s.warps_per_sm,
                s.max_warps_per_sm,
                sig4(s.ratio() * 100.0)
            ),
        ),
    ]
}

/// The occupancy model run without one rule each, in the order their diagnoses are tried.
fn without_rules(gpu: &GpuSpec, kernel: &KernelConfig) -> Vec<(Mistake, Occupancy)> {
    let mut runs = Vec::new();
    let mut run = |m: Mistake, g: &GpuSpec, k: &KernelConfig| {
        if let Ok(o) = occupancy(g, k) {
            runs.push((m, o));
        }
    };
    let g = |f: &dyn Fn(&mut GpuSpec)| {
        let mut x = gpu.clone();
        f(&mut x);
        x
    };
    run(
        Mistake::RegisterAllocationUnit,
        &g(&|x| x.reg_alloc_unit_per_warp = 1),
        kernel,
    );
    run(
        Mistake::SubPartitionRegisters,
        &g(&|x| x.partitions_per_sm = 1),
        kernel,
    );
    if gpu.reserved_smem_per_block_bytes > 0 {
        run(
            Mistake::ReservedSharedMemory,
            &g(&|x| x.reserved_smem_per_block_bytes = 0),
            kernel,
        );
    }
    // ⌊threads / 32⌋ warps: the block as if its partial warp were not there.
    let floored = kernel.threads_per_block / WARP_SIZE * WARP_SIZE;
    if floored > 0 && floored != kernel.threads_per_block {
        run(
            Mistake::FloorWarpsPerBlock,
            gpu,
            &KernelConfig {
                threads_per_block: floored,
                ..*kernel
            },
        );
    }
    runs
}

pub(super) fn launch(rng: &mut SplitMix64, percent: bool) -> Draw {
    let (gpu, kernel) = draw_launch(rng, true)?;
    let occ = occupancy(&gpu, &kernel).ok()?;
    let wrong = without_rules(&gpu, &kernel);
    let parts = if percent {
        let pct = |o: &Occupancy| o.ratio() * 100.0;
        let mut p = real(Field::OccupancyPercent, pct(&occ));
        for (m, o) in &wrong {
            p = with_mistake(p, *m, Some(pct(o)));
        }
        // Divided by 64 warps where the SM holds another number.
        if gpu.max_warps_per_sm() != 64 {
            let of_64 = f64::from(occ.warps_per_sm) / 64.0 * 100.0;
            p = with_mistake(p, Mistake::MaxWarps64, Some(of_64));
        }
        vec![p]
    } else {
        let mut p = count(Field::BlocksPerSm, u64::from(occ.blocks_per_sm));
        for (m, o) in &wrong {
            p = with_mistake(p, *m, Some(f64::from(o.blocks_per_sm)));
        }
        let right: Vec<Category> = occ.limiters.iter().map(|&l| Category::Limiter(l)).collect();
        let options = Limiter::ALL.iter().map(|&l| Category::Limiter(l)).collect();
        let mut limiter = choice(Field::Limiter, options, &right, rng);
        for (m, o) in &wrong {
            if let Some(&l) = o.limiters.iter().find(|l| !occ.limiters.contains(l)) {
                let index = option_index(&limiter, Category::Limiter(l));
                limiter = with_mistake(limiter, *m, index);
            }
        }
        vec![p, limiter]
    };
    let params = Params::Launch {
        gpu: gpu.id,
        threads: kernel.threads_per_block,
        regs: kernel.regs_per_thread,
        smem_bytes: kernel.static_smem_bytes,
        dsmem_bytes: kernel.dynamic_smem_bytes,
    };
    Some((params, parts, occupancy_steps_of(&gpu, &kernel)))
}

pub(super) fn grid(rng: &mut SplitMix64) -> Draw {
    let (gpu, kernel) = draw_launch(rng, false)?;
    let occ = occupancy(&gpu, &kernel).ok()?;
    let full = u64::from(occ.blocks_per_sm) * u64::from(gpu.sm_count);
    let grid = rng.range_inclusive(1, (full * 12).min(1 << 20));
    let w = waves(gpu.sm_count, occ.blocks_per_sm, grid).ok()?;
    let waves_part = with_mistake(
        count(Field::Waves, w.count),
        Mistake::FloorNotCeil,
        Some((grid / full) as f64),
    );
    let last_part = with_mistake(
        count(Field::LastWaveBlocks, w.last_wave_blocks),
        Mistake::FloorNotCeil,
        Some((grid % full) as f64),
    );
    // One block per SM taken as the full wave.
    let one = waves(gpu.sm_count, 1, grid).ok();
    let waves_part = with_mistake(
        waves_part,
        Mistake::FullWaveOneBlockPerSm,
        one.as_ref().map(|o| o.count as f64),
    );
    let last_part = with_mistake(
        last_part,
        Mistake::FullWaveOneBlockPerSm,
        one.as_ref().map(|o| o.last_wave_blocks as f64),
    );
    let parts = vec![waves_part, last_part];
    let steps = vec![
        step(
            StepLabel::BlocksPerSm,
            format!(
                "{} threads, {} regs → {}",
                kernel.threads_per_block, kernel.regs_per_thread, occ.blocks_per_sm
            ),
        ),
        step(
            StepLabel::FullWave,
            format!("{} × {} = {full}", occ.blocks_per_sm, gpu.sm_count),
        ),
        step(StepLabel::Waves, format!("⌈{grid} / {full}⌉ = {}", w.count)),
        step(
            StepLabel::LastWave,
            format!(
                "{grid} − ({} − 1) × {full} = {}",
                w.count, w.last_wave_blocks
            ),
        ),
    ];
    let params = Params::Grid {
        gpu: gpu.id,
        sm_count: gpu.sm_count,
        threads: kernel.threads_per_block,
        regs: kernel.regs_per_thread,
        blocks_per_sm: occ.blocks_per_sm,
        grid,
    };
    Some((params, parts, steps))
}

pub(super) fn latency(rng: &mut SplitMix64, utilisation: bool) -> Draw {
    // Latencies the chapter names (H200: L1 32, L2 ~280, HBM ~690; the course's 600) or any.
    let latency_cycles = match rng.below(5) {
        0 => 280,
        1 => 600,
        2 => 690,
        _ => rng.range_inclusive(40, 1000) as u32,
    };
    let k = rng.range_inclusive(1, 40) as u32;
    if !utilisation {
        let needed = warps_needed(latency_cycles, k)?;
        // The chapter's per-SM figure is 4 schedulers × L / k.
        let per_sm = f64::from(crate::model::scheduler::SCHEDULERS_PER_SM) * needed;
        // "How many warps": the whole numbers either side of L / k, and what lies between, are
        // right too.
        let mut count = real(Field::WarpsNeeded, needed);
        if let Answer::Real { whole, .. } = &mut count.answer {
            *whole = true;
        }
        let part = with_mistake(count, Mistake::PerSmNotPerScheduler, Some(per_sm));
        let part = with_mistake(
            part,
            Mistake::LoadCountedInK,
            Some(f64::from(latency_cycles) / f64::from(k + 1)),
        );
        let steps = vec![step(
            StepLabel::WarpsNeeded,
            format!("{latency_cycles} / {k} = {}", sig4(needed)),
        )];
        let params = Params::Latency {
            latency_cycles,
            k,
            warps: None,
        };
        return Some((params, vec![part], steps));
    }
    let warps = rng.range_inclusive(1, 64) as u32;
    let config = SchedulerConfig {
        resident_warps: warps,
        latency_cycles,
        independent_per_load: k,
        ..SchedulerConfig::default()
    };
    let u = utilisation_estimate(&config) * 100.0;
    if u <= 0.0 {
        return None;
    }
    let i = config.instructions_per_iteration();
    let t1 = config.unloaded_iteration_cycles();
    let per: Vec<String> = (0..4)
        .map(|s| config.warps_on_scheduler(s).to_string())
        .collect();
    // All W warps on one scheduler; and the load not counted (I = k, T1 = max(k, L)).
    let one_scheduler = (f64::from(warps) * f64::from(i) / f64::from(t1)).min(1.0) * 100.0;
    let load_in_k = {
        let t1k = f64::from(k.max(latency_cycles.max(1)));
        (0..4)
            .map(|s| (f64::from(config.warps_on_scheduler(s)) * f64::from(k) / t1k).min(1.0))
            .sum::<f64>()
            / 4.0
            * 100.0
    };
    let part = real(Field::UtilisationPercent, u);
    let part = with_mistake(part, Mistake::PerSmNotPerScheduler, Some(one_scheduler));
    let part = with_mistake(part, Mistake::LoadCountedInK, Some(load_in_k));
    let steps = vec![
        step(
            StepLabel::Iteration,
            format!("I = 1 + {k} = {i}; T1 = max({i}, {latency_cycles}) = {t1}"),
        ),
        step(
            StepLabel::WarpsPerScheduler,
            format!("{warps} → {}", per.join(" + ")),
        ),
        step(
            StepLabel::Utilisation,
            format!("Σ min(1, w × {i} / {t1}) / 4 = {} %", sig4(u)),
        ),
    ];
    let params = Params::Latency {
        latency_cycles,
        k,
        warps: Some(warps),
    };
    Some((params, vec![part], steps))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_percent_of_64_is_offered_only_where_the_sm_holds_another_number() {
        let mut seen = 0;
        for seed in 0..2_000 {
            let q = super::super::generate(super::super::Kind::OccupancyPercent, seed)
                .expect("question");
            let Params::Launch { gpu, .. } = q.params else {
                panic!("launch")
            };
            let max = GpuSpec::by_id(gpu).expect("gpu").max_warps_per_sm();
            let offered = q.parts[0]
                .mistakes
                .iter()
                .any(|(m, _)| *m == Mistake::MaxWarps64);
            assert!(!offered || max != 64, "{seed}");
            seen += usize::from(offered);
        }
        assert!(seen > 50, "{seen}");
    }
}
