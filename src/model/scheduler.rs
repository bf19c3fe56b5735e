//! Warp schedulers and latency hiding: a deterministic cycle-level model of one SM.
//!
//! An SM has four partitions, each with one warp scheduler; resident warp `w` lives on
//! scheduler `w % 4`. Every cycle each scheduler issues at most one instruction, from one of its
//! *ready* warps; a warp whose next instruction needs a load that has not returned is not ready,
//! and the scheduler simply picks another one at no switching cost (course
//! `gpu-kernel-engineering-01` §4.2; CUDA C++ Programming Guide, "Hardware Multithreading").
//!
//! The warp program (every warp runs the same loop, forever):
//! 1. issue `ILP` independent loads (one instruction each);
//! 2. issue `ILP · k` independent instructions, which need none of those loads;
//! 3. the next iteration needs the loaded values: the warp waits until its last load returns,
//!    `L` cycles after that load issued.
//!
//! So `I = ILP · (1 + k)` issue slots per iteration, and one warp alone takes
//! `T1 = max(I, L + ILP − 1)` cycles per iteration. `ILP = n` is the `ILP = 1` loop unrolled
//! `n` times with its `n` loads hoisted to the top: one wait now brings back `n` values, which is
//! why the course calls for ILP. A scheduler saturates at about `T1 / I` warps, which for
//! `ILP = 1` is `L / (k + 1)`; the course's estimate [`warps_needed`] `≈ L / k` ignores the
//! load's own issue slot (L = 600, k = 10: 60 warps per scheduler, more than the 16 a partition
//! holds, hence ILP).
//!
//! Simplifications, all deliberate: non-load instructions are independent and a warp may issue
//! on consecutive cycles (the H200 issues ~1 FFMA per cycle from one warp with ≥ 4 independent
//! chains: 1.11 cycles per FFMA, `latency_h200.json`); memory has no bandwidth limit, so
//! latency stays `L` however many loads are in flight; all warps start ready at cycle 0.
//!
//! Measured on an H200 (`tests/fixtures/scheduler_latency_hiding_h200.json`): the FFMA share
//! of peak follows [`ffma_share_simple_model`] `min(K/I, (W/4)·K/T1)` within a few % up to
//! W = 32 warps per SM with one load per iteration. This simulator reproduces that formula
//! when fed the measured kernel ([`measured_kernel_config`]): FFMA share = issue utilisation ×
//! K / I. Where the hardware departs: at W = 64 the measured iteration time grows (949 instead
//! of 768 cycles for K = 32) as DRAM load rises, so the measured share is 0.54 where the
//! model says 0.67; with 4 loads per iteration the iteration time grows from W ≈ 16 on
//! (Little's law: bytes in flight / bandwidth) and the model overestimates by more than 5 %.

use serde::{Deserialize, Serialize};

use crate::model::measured::latency::{
    H200_DEPENDENT_FFMA_CYCLES, H200_HBM_CYCLES, H200_L1_HIT_CYCLES, H200_L2_HIT_CYCLES,
    H200_SHARED_CYCLES,
};

/// Warp schedulers (= partitions) per SM, CC 7.0 to 9.0.
pub const SCHEDULERS_PER_SM: u32 = 4;
/// Most resident warps per SM (2048 threads), CC 8.0 and 9.0.
pub const MAX_RESIDENT_WARPS: u32 = 64;
/// Most warps one scheduler holds: 64 / 4.
pub const MAX_WARPS_PER_SCHEDULER: u32 = MAX_RESIDENT_WARPS / SCHEDULERS_PER_SM;
/// Upper end of the latency slider (the measured loaded-DRAM iteration time is ~1900 cycles).
pub const MAX_LATENCY_CYCLES: u32 = 4096;
/// Upper end of `k`, independent instructions per load.
pub const MAX_INDEPENDENT_PER_LOAD: u32 = 256;
/// Upper end of the loads in flight per warp (ILP).
pub const MAX_LOADS_IN_FLIGHT: u32 = 8;
/// Longest trace [`Simulator::run`] records.
pub const MAX_HORIZON_CYCLES: u32 = 4096;

/// How a scheduler picks among its ready warps. Both are deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum IssuePolicy {
    /// Loose round robin: the first ready warp after the one issued last (wrapping around).
    LooseRoundRobin,
    /// Greedy then oldest: keep issuing the last warp while it is ready, else the lowest
    /// (oldest) ready warp.
    GreedyThenOldest,
}

/// Inputs of the model. Plain data: sliders write these fields; [`SchedulerConfig::clamped`]
/// is the one place their ranges are enforced, and every function here clamps first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SchedulerConfig {
    /// Resident warps on the SM, `W`, spread round robin over the 4 schedulers. 1..=64.
    pub resident_warps: u32,
    /// Load latency `L` in cycles, issue to first use. 0..=4096 (0 acts as 1: a warp issues at
    /// most once per cycle anyway). H200: L1 32, L2 ~280, HBM ~690 ([`latency_presets`]).
    pub latency_cycles: u32,
    /// `k`: independent instructions per load, issued while the loads are in flight. 0..=256.
    pub independent_per_load: u32,
    /// `ILP`: loads each warp issues back to back before it needs the first. 1..=8.
    pub loads_in_flight: u32,
    /// Cycles [`Simulator::run`] records. 1..=4096.
    pub horizon_cycles: u32,
    /// How each scheduler picks a ready warp.
    pub policy: IssuePolicy,
}

impl Default for SchedulerConfig {
    /// The course's example: L = 600, k = 10, ILP = 1, a full SM of 64 warps, 1200 cycles.
    fn default() -> Self {
        SchedulerConfig {
            resident_warps: MAX_RESIDENT_WARPS,
            latency_cycles: 600,
            independent_per_load: 10,
            loads_in_flight: 1,
            horizon_cycles: 1200,
            policy: IssuePolicy::LooseRoundRobin,
        }
    }
}

impl SchedulerConfig {
    /// The config with every field clamped into its documented range.
    pub fn clamped(&self) -> SchedulerConfig {
        SchedulerConfig {
            resident_warps: self.resident_warps.clamp(1, MAX_RESIDENT_WARPS),
            latency_cycles: self.latency_cycles.min(MAX_LATENCY_CYCLES),
            independent_per_load: self.independent_per_load.min(MAX_INDEPENDENT_PER_LOAD),
            loads_in_flight: self.loads_in_flight.clamp(1, MAX_LOADS_IN_FLIGHT),
            horizon_cycles: self.horizon_cycles.clamp(1, MAX_HORIZON_CYCLES),
            policy: self.policy,
        }
    }

    /// `I = ILP · (1 + k)`: issue slots per warp per iteration (clamped config).
    pub fn instructions_per_iteration(&self) -> u32 {
        let c = self.clamped();
        c.loads_in_flight * (1 + c.independent_per_load)
    }

    /// `T1 = max(I, L + ILP − 1)`: cycles per iteration of a warp alone on its scheduler.
    pub fn unloaded_iteration_cycles(&self) -> u32 {
        let c = self.clamped();
        let latency = c.latency_cycles.max(1);
        self.instructions_per_iteration()
            .max(latency + c.loads_in_flight - 1)
    }

    /// Warps on scheduler `scheduler` (0..4): warps `w` with `w % 4 == scheduler`.
    pub fn warps_on_scheduler(&self, scheduler: u32) -> u32 {
        let w = self.clamped().resident_warps;
        if scheduler >= SCHEDULERS_PER_SM {
            return 0;
        }
        w / SCHEDULERS_PER_SM + u32::from(scheduler < w % SCHEDULERS_PER_SM)
    }
}

/// The course's estimate of warps each scheduler needs to hide latency `L` with `k` independent
/// instructions between loads: `L / k` (L = 600, k = 10 → 60). `None` for `k = 0`: no number of
/// warps hides the latency when there is nothing to issue meanwhile.
pub fn warps_needed(latency_cycles: u32, independent_instructions: u32) -> Option<f64> {
    if independent_instructions == 0 {
        None
    } else {
        Some(f64::from(latency_cycles) / f64::from(independent_instructions))
    }
}

/// Warps per scheduler at which this model saturates: `T1 / I` (clamped config). Equals
/// `L / (k + 1)` for ILP = 1, a little below the course's [`warps_needed`].
pub fn saturation_warps_per_scheduler(config: &SchedulerConfig) -> f64 {
    f64::from(config.unloaded_iteration_cycles()) / f64::from(config.instructions_per_iteration())
}

/// Closed-form issue utilisation: `Σ_s min(1, w_s · I / T1) / 4` over the 4 schedulers. Exact
/// for ILP = 1 in this model; with ILP > 1 and round robin, interleaved loads stretch the
/// iteration a little and the simulation comes out slightly lower.
pub fn utilisation_estimate(config: &SchedulerConfig) -> f64 {
    let per_warp = f64::from(config.instructions_per_iteration())
        / f64::from(config.unloaded_iteration_cycles());
    let sum: f64 = (0..SCHEDULERS_PER_SM)
        .map(|s| (f64::from(config.warps_on_scheduler(s)) * per_warp).min(1.0))
        .sum();
    sum / f64::from(SCHEDULERS_PER_SM)
}

/// The measured README's simple model of the FFMA share of peak on the H200:
/// `min(K / I, (W / 4) · K / T1)`, with `K` FFMAs and `I` instructions per iteration, `T1` the
/// cycles per iteration of one warp alone and `W` resident warps per SM. 0 when `I` or `T1`
/// is not positive.
pub fn ffma_share_simple_model(
    ffma_per_iteration: f64,
    instructions_per_iteration: f64,
    t1_cycles_per_iteration: f64,
    warps_per_sm: f64,
) -> f64 {
    if instructions_per_iteration <= 0.0 || t1_cycles_per_iteration <= 0.0 {
        return 0.0;
    }
    let issue_bound = ffma_per_iteration / instructions_per_iteration;
    let latency_bound =
        warps_per_sm / f64::from(SCHEDULERS_PER_SM) * ffma_per_iteration / t1_cycles_per_iteration;
    issue_bound.min(latency_bound).max(0.0)
}

/// The config that makes this simulator run a measured one-load-per-iteration kernel: one load,
/// `k = I − 1` other instructions, latency `L = T1` (so a lone warp takes `T1` cycles per
/// iteration, as measured). Its steady-state utilisation times `K / I` is the FFMA share of
/// [`ffma_share_simple_model`].
pub fn measured_kernel_config(
    instructions_per_iteration: u32,
    t1_cycles_per_iteration: u32,
    warps_per_sm: u32,
) -> SchedulerConfig {
    SchedulerConfig {
        resident_warps: warps_per_sm,
        latency_cycles: t1_cycles_per_iteration,
        independent_per_load: instructions_per_iteration.saturating_sub(1),
        loads_in_flight: 1,
        ..SchedulerConfig::default()
    }
    .clamped()
}

/// A latency the UI offers as a preset, with its source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LatencyPreset {
    /// Stable id, e.g. `"h200-hbm"`.
    pub id: &'static str,
    /// Label for a menu.
    pub label: &'static str,
    /// Latency in SM cycles (rounded).
    pub latency_cycles: u32,
    /// Where the number comes from.
    pub source: &'static str,
}

/// Latencies to pick from: the course's HBM figure and the H200 measurements.
pub fn latency_presets() -> Vec<LatencyPreset> {
    let measured = "measured on H200, one thread, dependent loads (latency.json)";
    vec![
        LatencyPreset {
            id: "course-hbm",
            label: "HBM, course estimate (A100)",
            latency_cycles: 600,
            source: "course gpu-kernel-engineering-01 §4.2",
        },
        LatencyPreset {
            id: "h200-hbm",
            label: "HBM (H200)",
            latency_cycles: H200_HBM_CYCLES,
            source: measured,
        },
        LatencyPreset {
            id: "h200-l2",
            label: "L2 hit (H200)",
            latency_cycles: H200_L2_HIT_CYCLES,
            source: measured,
        },
        LatencyPreset {
            id: "h200-l1",
            label: "L1 hit (H200)",
            latency_cycles: H200_L1_HIT_CYCLES,
            source: measured,
        },
        LatencyPreset {
            id: "h200-shared",
            label: "Shared memory (H200)",
            latency_cycles: H200_SHARED_CYCLES,
            source: measured,
        },
        LatencyPreset {
            id: "h200-ffma",
            label: "Dependent FFMA (H200)",
            latency_cycles: H200_DEPENDENT_FFMA_CYCLES,
            source: measured,
        },
    ]
}

/// What one warp did in one cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WarpState {
    /// Its scheduler issued one of its loads.
    IssuedLoad,
    /// Its scheduler issued one of its independent instructions.
    IssuedCompute,
    /// Ready, but its scheduler picked another warp.
    Ready,
    /// Waiting for its loads; `cycles_left` until the last one returns.
    WaitingMemory {
        /// Cycles until the warp is ready again.
        cycles_left: u32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct WarpSlot {
    /// Next instruction of the iteration, 0..I.
    pc: u32,
    /// First cycle the warp may issue again (its loads returned).
    ready_at: u64,
    /// Cycle the last load of the current iteration returns.
    loads_return_at: u64,
}

/// One scheduler and its warps (local index `l` is SM warp `4·l + scheduler`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Partition {
    warps: Vec<WarpSlot>,
    last: Option<usize>,
}

impl Partition {
    fn new(warps: u32) -> Self {
        let slot = WarpSlot {
            pc: 0,
            ready_at: 0,
            loads_return_at: 0,
        };
        Partition {
            warps: vec![slot; warps as usize],
            last: None,
        }
    }

    fn pick(&self, cycle: u64, policy: IssuePolicy) -> Option<usize> {
        let n = self.warps.len();
        let ready = |i: usize| self.warps.get(i).is_some_and(|w| w.ready_at <= cycle);
        match policy {
            IssuePolicy::LooseRoundRobin => {
                let start = self.last.map_or(0, |l| l + 1).min(n);
                (start..n).chain(0..start).find(|&i| ready(i))
            }
            IssuePolicy::GreedyThenOldest => match self.last {
                Some(l) if ready(l) => Some(l),
                _ => (0..n).find(|&i| ready(i)),
            },
        }
    }

    /// Issues at most one instruction this cycle; returns the local warp and whether it was a
    /// load.
    fn issue(&mut self, cycle: u64, c: &SchedulerConfig) -> Option<(usize, bool)> {
        let i = self.pick(cycle, c.policy)?;
        let latency = u64::from(c.latency_cycles.max(1));
        let per_iteration = c.loads_in_flight * (1 + c.independent_per_load);
        let w = self.warps.get_mut(i)?;
        let is_load = w.pc < c.loads_in_flight;
        if is_load {
            w.loads_return_at = w.loads_return_at.max(cycle + latency);
        }
        w.pc += 1;
        if w.pc >= per_iteration {
            w.pc = 0;
            w.ready_at = w.loads_return_at.max(cycle + 1);
        } else {
            w.ready_at = cycle + 1;
        }
        self.last = Some(i);
        Some((i, is_load))
    }

    fn next_ready(&self) -> Option<u64> {
        self.warps.iter().map(|w| w.ready_at).min()
    }
}

/// What happened in one cycle ([`Simulator::step`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CycleRecord {
    /// The cycle (0-based).
    pub cycle: u64,
    /// SM warp issued by each scheduler, `None` for an idle issue slot.
    pub issue: [Option<u8>; 4],
    /// State of every resident warp, by SM warp index.
    pub states: Vec<WarpState>,
}

/// Cycle-by-cycle simulator of one SM's four schedulers: `new`, then `step` or `run`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Simulator {
    config: SchedulerConfig,
    cycle: u64,
    partitions: Vec<Partition>,
}

impl Simulator {
    /// A fresh SM at cycle 0 with every warp ready; the config is clamped.
    pub fn new(config: &SchedulerConfig) -> Self {
        let config = config.clamped();
        let partitions = (0..SCHEDULERS_PER_SM)
            .map(|s| Partition::new(config.warps_on_scheduler(s)))
            .collect();
        Simulator {
            config,
            cycle: 0,
            partitions,
        }
    }

    /// The clamped config this simulator runs.
    pub fn config(&self) -> &SchedulerConfig {
        &self.config
    }

    /// Advances one cycle: each scheduler issues at most one instruction.
    pub fn step(&mut self) -> CycleRecord {
        let cycle = self.cycle;
        let warps = self.config.resident_warps as usize;
        let mut issue = [None; 4];
        let mut states = vec![WarpState::Ready; warps];
        for (s, part) in self.partitions.iter_mut().enumerate() {
            let issued = part.issue(cycle, &self.config);
            for (l, w) in part.warps.iter().enumerate() {
                let sm_warp = l * SCHEDULERS_PER_SM as usize + s;
                let state = match issued {
                    Some((i, true)) if i == l => WarpState::IssuedLoad,
                    Some((i, false)) if i == l => WarpState::IssuedCompute,
                    // An unpicked warp's ready_at is unchanged this cycle.
                    _ if w.ready_at <= cycle => WarpState::Ready,
                    _ => WarpState::WaitingMemory {
                        cycles_left: u32::try_from(w.ready_at - cycle).unwrap_or(u32::MAX),
                    },
                };
                if let Some(slot) = states.get_mut(sm_warp) {
                    *slot = state;
                }
            }
            if let (Some(slot), Some((i, _))) = (issue.get_mut(s), issued) {
                *slot = u8::try_from(i * SCHEDULERS_PER_SM as usize + s).ok();
            }
        }
        self.cycle += 1;
        CycleRecord {
            cycle,
            issue,
            states,
        }
    }

    /// Runs `horizon_cycles` cycles and returns the trace the UI scrubs through.
    pub fn run(mut self) -> SchedulerTrace {
        let cycles = self.config.horizon_cycles;
        let warps = self.config.resident_warps;
        let mut issue = Vec::with_capacity(cycles as usize);
        let mut warp_states = Vec::with_capacity(cycles as usize * warps as usize);
        for _ in 0..cycles {
            let record = self.step();
            issue.push(record.issue);
            warp_states.extend(record.states);
        }
        SchedulerTrace {
            steady_state_utilisation: steady_state_utilisation(&self.config),
            config: self.config,
            issue,
            warp_states,
        }
    }
}

/// A recorded run: per cycle, what each scheduler issued and what each warp did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SchedulerTrace {
    /// The clamped config that produced the trace.
    pub config: SchedulerConfig,
    /// Per cycle: SM warp issued by schedulers 0..4 (`None` = idle slot).
    pub issue: Vec<[Option<u8>; 4]>,
    /// Per cycle, per SM warp, row-major: entry `cycle · W + warp`. Use [`SchedulerTrace::state`].
    pub warp_states: Vec<WarpState>,
    /// [`steady_state_utilisation`] of the config (not of the recorded window).
    pub steady_state_utilisation: f64,
}

impl SchedulerTrace {
    /// Recorded cycles.
    pub fn cycles(&self) -> u32 {
        u32::try_from(self.issue.len()).unwrap_or(u32::MAX)
    }

    /// State of SM warp `warp` at `cycle`; `None` outside the trace.
    pub fn state(&self, cycle: u32, warp: u32) -> Option<WarpState> {
        if warp >= self.config.resident_warps {
            return None;
        }
        let index = cycle as usize * self.config.resident_warps as usize + warp as usize;
        self.warp_states.get(index).copied()
    }

    /// Instructions issued over the trace.
    pub fn issued_instructions(&self) -> u64 {
        self.issue
            .iter()
            .map(|c| c.iter().flatten().count() as u64)
            .sum()
    }

    /// Issued / (4 · cycles) over the whole recorded window, start-up included.
    pub fn utilisation(&self) -> f64 {
        let slots = self.issue.len() as f64 * f64::from(SCHEDULERS_PER_SM);
        if slots == 0.0 {
            0.0
        } else {
            self.issued_instructions() as f64 / slots
        }
    }
}

/// Cycle budget of one [`partition_utilisation`] run: warm-up and measured iterations of warp
/// 0 shrink (to 1 each, at least) when one iteration of the busiest scheduler is this long.
const WARMUP_BUDGET_CYCLES: u64 = 8192;
const MEASURED_BUDGET_CYCLES: u64 = 24576;

/// Steady-state issue utilisation of one scheduler holding `warps` warps: issued / cycles between
/// the starts of two of warp 0's iterations, after up to 2 warm-up iterations and over up to 4
/// (a whole number of its iterations, so a periodic schedule is measured exactly). Skips idle
/// stretches, so it costs about one step per issue.
fn partition_utilisation(warps: u32, c: &SchedulerConfig) -> f64 {
    if warps == 0 {
        return 0.0;
    }
    let mut part = Partition::new(warps);
    let per_iteration = u64::from(c.loads_in_flight * (1 + c.independent_per_load));
    // Longest a fair scheduler can take for one iteration of warp 0.
    let period = u64::from(c.unloaded_iteration_cycles()) + u64::from(warps) * per_iteration;
    let warmup = (WARMUP_BUDGET_CYCLES / period).clamp(1, 2);
    let measured = (MEASURED_BUDGET_CYCLES / period).clamp(1, 4);
    let cycle_cap = (warmup + measured + 2) * period;
    let (mut cycle, mut issued, mut starts) = (0u64, 0u64, 0u64);
    let mut window_start: Option<(u64, u64)> = None;
    while cycle < cycle_cap {
        let Some(next) = part.next_ready() else {
            return 0.0;
        };
        if next > cycle {
            cycle = next;
            continue;
        }
        let warp0_starts = part.warps.first().is_some_and(|w| w.pc == 0);
        if let Some((i, _)) = part.issue(cycle, c) {
            if i == 0 && warp0_starts {
                starts += 1;
                if starts == warmup + 1 {
                    window_start = Some((cycle, issued));
                } else if starts == warmup + measured + 1 {
                    if let Some((c0, i0)) = window_start {
                        return (issued - i0) as f64 / (cycle - c0).max(1) as f64;
                    }
                }
            }
            issued += 1;
        }
        cycle += 1;
    }
    // Warp 0 starved (greedy policy, saturated scheduler): the scheduler was busy throughout.
    issued as f64 / cycle.max(1) as f64
}

/// Simulated issue utilisation `issued / (4 · cycles)` in the steady state (after a warm-up of
/// up to two iterations, over up to four; fewer when iterations are very long). The schedulers do not interact in this model, so each distinct
/// warp count is simulated once.
pub fn steady_state_utilisation(config: &SchedulerConfig) -> f64 {
    let c = config.clamped();
    let low = c.resident_warps / SCHEDULERS_PER_SM;
    let high_count = c.resident_warps % SCHEDULERS_PER_SM;
    let u_low = partition_utilisation(low, &c);
    let u_high = if high_count > 0 {
        partition_utilisation(low + 1, &c)
    } else {
        0.0
    };
    (f64::from(SCHEDULERS_PER_SM - high_count) * u_low + f64::from(high_count) * u_high)
        / f64::from(SCHEDULERS_PER_SM)
}

/// One point of [`utilisation_sweep`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    /// Resident warps per SM.
    pub resident_warps: u32,
    /// Simulated steady-state issue utilisation.
    pub utilisation: f64,
    /// [`utilisation_estimate`], the closed form.
    pub estimate: f64,
}

/// Utilisation against resident warps W = 1..=64 for the config's L, k, ILP and policy (its
/// `resident_warps` is ignored). Simulates each warps-per-scheduler count 0..=16 once: 17 short
/// runs, a few ms even at the largest latency.
pub fn utilisation_sweep(config: &SchedulerConfig) -> Vec<SweepPoint> {
    let c = config.clamped();
    let per_scheduler: Vec<f64> = (0..=MAX_WARPS_PER_SCHEDULER)
        .map(|w| partition_utilisation(w, &c))
        .collect();
    (1..=MAX_RESIDENT_WARPS)
        .map(|w| {
            let cfg = SchedulerConfig {
                resident_warps: w,
                ..c
            };
            let sum: f64 = (0..SCHEDULERS_PER_SM)
                .map(|s| {
                    per_scheduler
                        .get(cfg.warps_on_scheduler(s) as usize)
                        .copied()
                        .unwrap_or(0.0)
                })
                .sum();
            SweepPoint {
                resident_warps: w,
                utilisation: sum / f64::from(SCHEDULERS_PER_SM),
                estimate: utilisation_estimate(&cfg),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
