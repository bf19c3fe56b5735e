//! The Block dispatch chapter's state. The kernel's occupancy inputs are the Occupancy chapter's
//! (same URL keys); grid size, block duration and jitter are this chapter's own.

use std::sync::Arc;

use leptos::prelude::*;
use serde::Serialize;

use super::transport::{event_time, Clock, EventCursor};
use crate::model::dispatch::observed::{
    h200_runs, ObservedTrace, Replay, ReplayComparison, ReplayError,
};
use crate::model::dispatch::{waves, DispatchError, Durations, Simulator, Timeline, Trace, Waves};
use crate::model::gpu_spec::GpuSpec;
use crate::model::occupancy::{occupancy_steps, LaunchError};
use crate::ui::shared::launch::LaunchInputs as OccInputs;
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::keys::dispatch as key;
use crate::ui::url::{to_query, Notice, QueryReader};

/// This chapter's own inputs. Field names are the URL keys.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GridInputs {
    /// Blocks in the grid.
    pub grid: u64,
    /// Block duration, cycles.
    pub dur: u32,
    /// Duration jitter, ± percent (0 = every block equally long).
    pub jit: u32,
}

/// Ranges: the one place sliders, typed numbers and permalinks clamp to.
pub mod limits {
    /// Grid size: 1 to 2^20 blocks.
    pub const GRID: (u64, u64) = (1, 1 << 20);
    /// Block duration, cycles.
    pub const DUR: (u32, u32) = (100, 1_000_000);
    /// Jitter, ± percent.
    pub const JIT: (u32, u32) = (0, 90);
    /// The event cursor: a schedule of `GRID.1` blocks has at most one start and one end time
    /// per block, plus the launch.
    pub const EVENT: (u32, u32) = (0, 2 * (1 << 20));
}

impl Default for GridInputs {
    fn default() -> Self {
        GridInputs {
            grid: 1000,
            dur: 10_000,
            jit: 0,
        }
    }
}

/// Which H200 measurement the replay shows. The field name is the URL key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayInputs {
    /// The probe's config name of the run (`model::dispatch::observed::ObservedRun::config`).
    pub run: String,
    /// Draw the H200's SMs in the order they received their first block (not by `%smid`).
    pub arrange: bool,
}

/// The run the replay opens with: one block per SM, 4 clean waves and a tail of 37.
pub const DEFAULT_RUN: &str = "smem_limited_1_per_sm";

impl Default for ReplayInputs {
    fn default() -> Self {
        ReplayInputs {
            run: DEFAULT_RUN.into(),
            arrange: false,
        }
    }
}

/// Every input of the chapter.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DispInputs {
    /// The kernel (shared with the Occupancy chapter).
    pub occ: OccInputs,
    /// Grid, duration, jitter.
    pub grid: GridInputs,
    /// The measured run replayed beside the model.
    pub replay: ReplayInputs,
    /// The model figure's cursor in events (URL key `event`): `Some(k)` shows the schedule at
    /// its `k`-th event time (0 = launch, see [`event_times`]; a `k` past the last event shows
    /// the last), `None` leaves the time to the play / scrub clock. Not a model input.
    pub event: Option<u32>,
}

/// The course's launches, one button each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// 256 × 64 on the A100: 4 blocks/SM × 108 = 432 blocks, exactly one full wave.
    FullWave,
    /// 1 block per SM (1024 threads × 64 registers), 109 blocks: 2 waves, the second of 1 block.
    OneTooMany,
    /// The course's W8A8 GEMV: 256 blocks × 128 threads, 48 registers (ptxas on sm_90), 6 KiB
    /// static shared memory.
    W8a8,
}

/// Whether `k` is the course's W8A8 GEMV kernel as compiled for the H200: 128 threads, 48
/// registers per thread and 6,144 B static shared memory, the `ptxas -v` figures measured on
/// the H200 (sm_90, CUDA 13.0; `tests/fixtures/w8a8_h200.json`, `course_sm_90_native`).
pub fn is_w8a8_kernel(k: &crate::model::occupancy::KernelConfig) -> bool {
    k.threads_per_block == 128 && k.regs_per_thread == 48 && k.static_smem_bytes == 6144
}

impl Preset {
    /// Every preset, in button order.
    pub const ALL: [Preset; 3] = [Preset::FullWave, Preset::OneTooMany, Preset::W8a8];

    /// Sets the inputs (GPU A100, default carveout, no dynamic shared memory).
    pub fn apply(self, i: &mut DispInputs) {
        let (threads, regs, smem, grid) = match self {
            Preset::FullWave => (256, 64, 0, 432),
            Preset::OneTooMany => (1024, 64, 0, 109),
            Preset::W8a8 => (128, 48, 6144, 256),
        };
        i.occ.gpu = "a100".into();
        i.occ.threads = threads;
        i.occ.regs = regs;
        i.occ.smem = smem;
        i.occ.dsmem = 0;
        i.occ.carveout = -1;
        i.grid.grid = grid;
    }
}

/// Why nothing can be dispatched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DispError {
    /// The kernel does not launch (occupancy 0).
    Launch(LaunchError),
    /// The simulator refuses the launch.
    Dispatch(DispatchError),
}

/// Everything the chapter shows.
#[derive(Clone, Debug, PartialEq)]
pub struct DispOutputs {
    /// The selected GPU.
    pub gpu: GpuSpec,
    /// Resident blocks per SM (0 when the launch fails).
    pub blocks_per_sm: u32,
    /// Warps per block.
    pub warps_per_block: u32,
    /// Occupancy ratio.
    pub occupancy: f64,
    /// The wave structure.
    pub waves: Option<Waves>,
    /// The simulated trace the canvas scrubs (shared with the canvas without a copy).
    pub trace: Option<Arc<Trace>>,
    /// Why there is no trace.
    pub error: Option<DispError>,
}

/// Durations for the inputs: constant, or ± `jit` % around `dur` (fixed seed).
pub fn durations(g: &GridInputs) -> Durations {
    if g.jit == 0 {
        return Durations::Constant { cycles: g.dur };
    }
    let d = u64::from(g.dur);
    let spread = d * u64::from(g.jit) / 100;
    Durations::Jitter {
        min_cycles: u32::try_from((d - spread).max(1)).unwrap_or(1),
        max_cycles: u32::try_from(d + spread).unwrap_or(u32::MAX),
        seed: 2,
    }
}

/// Every distinct time at which a block starts or ends, ascending: the events the figure's
/// cursor steps through (one key press each in the classroom). With constant durations these
/// are the wave boundaries (`0, d, 2d, …`, where one wave ends and the next starts); with
/// jitter, each block's start and end. O(blocks · log blocks), computed only when stepped.
pub fn event_times(tl: &dyn Timeline) -> Vec<u32> {
    let n = tl.block_count();
    let mut times = Vec::with_capacity(2 * n as usize + 1);
    times.push(0);
    for b in 0..n {
        if let Some(r) = tl.block(b) {
            times.push(r.start_cycle);
            times.push(r.end_cycle);
        }
    }
    times.sort_unstable();
    times.dedup();
    times
}

/// The whole chapter as a pure function of its inputs.
pub fn compute(i: &DispInputs) -> DispOutputs {
    let gpu = i.occ.gpu_spec();
    let steps = occupancy_steps(&gpu, &i.occ.kernel());
    let blocks_per_sm = steps.blocks_per_sm;
    let mut out = DispOutputs {
        blocks_per_sm,
        warps_per_block: steps.warps_per_block,
        occupancy: steps.ratio(),
        waves: None,
        trace: None,
        error: None,
        gpu,
    };
    if let Some(e) = steps.errors.first() {
        out.error = Some(DispError::Launch(*e));
        return out;
    }
    out.waves = waves(out.gpu.sm_count, blocks_per_sm, i.grid.grid).ok();
    match Simulator::new(
        out.gpu.sm_count,
        blocks_per_sm,
        i.grid.grid,
        durations(&i.grid),
    ) {
        Ok(sim) => out.trace = Some(Arc::new(sim.run())),
        Err(e) => out.error = Some(DispError::Dispatch(e)),
    }
    out
}

/// A [`Replay`] with each schedule shareable with its canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayView {
    /// What the H200 did.
    pub observed: Arc<ObservedTrace>,
    /// The model's schedule with the same durations.
    pub model: Arc<Trace>,
    /// Where they differ.
    pub comparison: ReplayComparison,
}

/// The selected H200 run replayed beside the model's schedule of it (`None` for an unknown
/// run name, which the URL reader already replaced).
pub fn replay_of(run: &str) -> Option<Result<ReplayView, ReplayError>> {
    let run = h200_runs().iter().find(|r| r.config == run)?;
    Some(run.replay().map(|r: Replay| ReplayView {
        observed: Arc::new(r.observed),
        model: Arc::new(r.model),
        comparison: r.comparison,
    }))
}

/// Where the replay opens: the moment the H200 has started every block of its first wave (all
/// start within ~0.1 µs; at 0 only a few have, and the GPU looks idle).
pub fn replay_start(r: &Option<Result<ReplayView, ReplayError>>) -> u32 {
    let Some(Ok(r)) = r else { return 0 };
    let tl: &dyn Timeline = r.observed.as_ref();
    (0..tl.full_wave_blocks().min(tl.block_count()))
        .filter_map(|b| tl.block(b).map(|rec| rec.start_cycle))
        .max()
        .unwrap_or(0)
}

/// The model's outputs and how long computing them took in this browser, ms.
#[derive(Clone, Debug, PartialEq)]
pub struct Timed {
    /// Everything derived.
    pub outputs: DispOutputs,
    /// Wall time of [`compute`] (occupancy + simulation), ms.
    pub compute_ms: f64,
}

impl ChapterInputs for DispInputs {
    /// Reads a permalink's query; never panics; unknown/bad values become notices.
    fn from_query(query: &str) -> (DispInputs, Vec<Notice>) {
        use limits::*;
        let mut r = QueryReader::parse(query);
        let occ = OccInputs::read(&mut r);
        let d = GridInputs::default();
        let grid = GridInputs {
            grid: r.num(key::GRID, d.grid, GRID.0, GRID.1),
            dur: r.num(key::DUR, d.dur, DUR.0, DUR.1),
            jit: r.num(key::JIT, d.jit, JIT.0, JIT.1),
        };
        let runs: Vec<&str> = h200_runs().iter().map(|r| r.config).collect();
        let replay = ReplayInputs {
            run: r.one_of(key::RUN, DEFAULT_RUN, &runs),
            arrange: r.flag(key::ARRANGE, false),
        };
        // Absent (or unreadable, with a notice): the clock runs free.
        let event = r.num(key::EVENT, u32::MAX, EVENT.0, EVENT.1);
        let event = (event != u32::MAX).then_some(event);
        (
            DispInputs {
                occ,
                grid,
                replay,
                event,
            },
            r.finish(),
        )
    }

    /// The query string (only non-default values; the occupancy keys as that chapter writes them).
    fn to_query(&self) -> String {
        [
            self.occ.to_query(),
            to_query(&self.grid, &GridInputs::default()),
            to_query(&self.replay, &ReplayInputs::default()),
            self.event.map(|k| format!("event={k}")).unwrap_or_default(),
        ]
        .into_iter()
        .filter(|q| !q.is_empty())
        .collect::<Vec<_>>()
        .join("&")
    }
}

/// The chapter's reactive state.
#[derive(Clone, Copy)]
pub struct DispState {
    /// Every input (URL).
    pub inputs: UrlInputs<DispInputs>,
    /// The model's schedule, recomputed only when the kernel, grid or durations change.
    pub timed: Memo<Timed>,
    /// Everything derived from the model (a view of `timed`).
    pub outputs: Memo<DispOutputs>,
    /// The play / scrub clock of the model figure (cycles); the figure shows it while the
    /// event cursor is off.
    pub clock: Clock,
    /// The event times of the model's schedule ([`event_times`]; computed when first read).
    pub events: Memo<Arc<Vec<u32>>>,
    /// The time the model figure shows: the event cursor's time, else the clock's.
    pub now: Memo<u32>,
    /// The H200 replay, recomputed only when the run changes.
    pub replay: Memo<Option<Result<ReplayView, ReplayError>>>,
    /// The replay's time axis (ns).
    pub replay_clock: Clock,
}

impl DispState {
    /// `f` of the replay, when the selected run replays (tracked).
    pub fn with_replay<T>(&self, f: impl FnOnce(&ReplayView) -> T) -> Option<T> {
        self.replay
            .with(|r| r.as_ref().and_then(|r| r.as_ref().ok()).map(f))
    }

    /// State starting from `inputs`, at time 0, paused.
    pub fn new(inputs: UrlInputs<DispInputs>) -> Self {
        let model_inputs = Memo::new(move |_| {
            inputs.with(|i| DispInputs {
                replay: ReplayInputs::default(),
                event: None,
                ..i.clone()
            })
        });
        let timed = Memo::new(move |_| {
            model_inputs.with(|i| {
                let t0 = crate::ui::widgets::monotonic_ms();
                let outputs = compute(i);
                Timed {
                    outputs,
                    compute_ms: crate::ui::widgets::monotonic_ms() - t0,
                }
            })
        });
        let outputs = Memo::new(move |_| timed.with(|t| t.outputs.clone()));
        let run = Memo::new(move |_| inputs.with(|i| i.replay.run.clone()));
        let replay = Memo::new(move |_| run.with(|r| replay_of(r)));
        let start = replay.with_untracked(replay_start);
        let events = Memo::new(move |_| {
            outputs.with(|o| {
                Arc::new(
                    o.trace
                        .as_ref()
                        .map(|t| event_times(t.as_ref()))
                        .unwrap_or_default(),
                )
            })
        });
        let clock = Clock::new();
        let now = Memo::new(move |_| match inputs.with(|i| i.event) {
            Some(k) => events.with(|e| event_time(e, k)),
            None => clock.t.get(),
        });
        DispState {
            inputs,
            timed,
            outputs,
            clock,
            events,
            now,
            replay,
            replay_clock: Clock::at(start),
        }
    }

    /// The event cursor the model figure's transport drives (writes the URL's `event`).
    pub fn cursor(&self) -> EventCursor {
        let inputs = self.inputs;
        EventCursor {
            event: Signal::derive(move || inputs.with(|i| i.event)),
            times: self.events.into(),
            set: Callback::new(move |k: Option<u32>| inputs.update(|i| i.event = k)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn preset(p: Preset) -> DispOutputs {
        let mut i = DispInputs::default();
        p.apply(&mut i);
        compute(&i)
    }

    #[test]
    fn presets_give_the_course_waves() {
        let w = preset(Preset::FullWave).waves.expect("waves");
        assert_eq!(
            (w.full_wave_blocks, w.count, w.last_wave_blocks),
            (432, 1, 432)
        );
        assert_eq!(w.efficiency, 1.0);
        let w = preset(Preset::OneTooMany).waves.expect("waves");
        assert_eq!(
            (w.full_wave_blocks, w.count, w.last_wave_blocks),
            (108, 2, 1)
        );
        let out = preset(Preset::W8a8);
        assert_eq!(out.blocks_per_sm, 10);
        assert_eq!(out.waves.expect("waves").count, 1);
        assert_eq!(out.trace.expect("trace").block_count(), 256);
    }

    #[test]
    fn default_is_spec_example() {
        // Spec §2: A100, 4 blocks/SM, grid 1000 → 3 waves (432, 432, 136).
        let out = compute(&DispInputs::default());
        let w = out.waves.expect("waves");
        assert_eq!((w.count, w.last_wave_blocks), (3, 136));
        assert_eq!(out.trace.expect("trace").makespan_cycles(), 30_000);
    }

    #[test]
    fn a_launch_that_cannot_run_has_no_trace() {
        let mut i = DispInputs::default();
        i.occ.threads = 1024;
        i.occ.regs = 65;
        let out = compute(&i);
        assert!(matches!(out.error, Some(DispError::Launch(_))));
        assert!(out.trace.is_none());
    }

    #[test]
    fn permalink_round_trips_and_shares_the_launch_keys() {
        let mut i = DispInputs::default();
        i.occ.regs = 32;
        i.occ.gpu = "h100".into();
        i.grid = GridInputs {
            grid: 1 << 20,
            dur: 500,
            jit: 30,
        };
        let q = i.to_query();
        assert!(q.contains("regs=32") && q.contains("grid=1048576"), "{q}");
        let (back, notices) = DispInputs::from_query(&q);
        assert_eq!(back, i);
        assert!(notices.is_empty());
        assert_eq!(DispInputs::default().to_query(), "");
        // The "edit this kernel" link carries only the launch's keys.
        let (occ, notices) = OccInputs::from_query(&i.occ.to_query());
        assert_eq!(occ, i.occ);
        assert!(notices.is_empty(), "{notices:?}");
    }

    #[test]
    fn largest_grid_with_jitter_simulates() {
        let mut i = DispInputs::default();
        i.occ.gpu = "h100".into();
        i.occ.threads = 64;
        i.occ.regs = 16;
        i.grid = GridInputs {
            grid: 1 << 20,
            dur: 1_000_000,
            jit: 90,
        };
        let out = compute(&i);
        assert_eq!(out.blocks_per_sm, 32);
        assert!(out.trace.is_some(), "{:?}", out.error);
    }

    #[test]
    fn the_event_cursor_is_a_url_key_over_the_wave_boundaries() {
        // 109 blocks at 1 per SM: the launch, wave 1 ends as the tail starts, the tail ends.
        let (i, n) = DispInputs::from_query("threads=1024&grid=109&event=1");
        assert_eq!((i.event, n.len()), (Some(1), 0));
        assert_eq!(i.to_query(), "threads=1024&grid=109&event=1");
        let out = compute(&i);
        let trace = out.trace.expect("trace");
        assert_eq!(event_times(trace.as_ref()), vec![0, 10_000, 20_000]);
        assert_eq!(DispInputs::from_query("").0.event, None);
        // Out of range: clamped with a notice naming the range; text: ignored with a notice.
        let (i, n) = DispInputs::from_query("event=99999999");
        assert_eq!(i.event, Some(limits::EVENT.1));
        assert!(
            matches!(&n[..], [Notice::Clamped { allowed, .. }] if allowed == "0–2097152"),
            "{n:?}"
        );
        let (i, n) = DispInputs::from_query("event=abc");
        assert_eq!((i.event, n.len()), (None, 1));
        // With jitter every block has its own start and end.
        let (i, _) = DispInputs::from_query("threads=1024&grid=3&jit=50");
        let times = event_times(compute(&i).trace.expect("trace").as_ref());
        assert_eq!(times.len(), 4, "{times:?}");
    }

    proptest! {
        #[test]
        fn any_query_computes_without_panic(q in ".{0,200}") {
            let (s, _) = DispInputs::from_query(&q);
            let out = compute(&s);
            prop_assert!(out.trace.is_some() || out.error.is_some());
        }
    }
}
