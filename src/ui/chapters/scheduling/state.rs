//! The warp scheduling chapter's state: inputs (serialised to the URL) and the one memo that
//! runs the scheduler model.

use leptos::prelude::*;
use serde::Serialize;

use crate::model::measured::latency_hiding::{kernel, LatencyHidingRun, KERNELS, KERNEL_IDS};
use crate::model::scheduler::{
    ffma_share_simple_model, measured_kernel_config, saturation_warps_per_scheduler,
    utilisation_estimate, utilisation_sweep, warps_needed, IssuePolicy, SchedulerConfig,
    SchedulerTrace, Simulator, SweepPoint, MAX_INDEPENDENT_PER_LOAD, MAX_LATENCY_CYCLES,
    MAX_LOADS_IN_FLIGHT, MAX_RESIDENT_WARPS,
};
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::keys::scheduling as key;
use crate::ui::url::{to_query, Notice, QueryReader};

/// Every input of the chapter. Field names are the URL keys.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SchedulingInputs {
    /// Load latency L, cycles.
    pub l: u32,
    /// Independent instructions per load, k.
    pub k: u32,
    /// Resident warps on the SM, W.
    pub w: u32,
    /// Loads in flight per warp (ILP).
    pub ilp: u32,
    /// Cycles drawn in the timeline.
    pub cycles: u32,
    /// The measured H200 kernel drawn against the model.
    pub kernel: String,
    /// The timeline's cursor, in steps of [`STRIDE`] cycles (clamped to the trace when read
    /// through [`SchedulingState::cursor`]); not an input of the model.
    pub step: u32,
}

/// Cycles per step of the timeline's player (and per classroom key press).
pub const STRIDE: u32 = 4;

/// Ranges of every numeric input: the one place sliders, typed numbers and permalinks clamp to.
pub mod limits {
    use super::*;
    /// L, cycles.
    pub const L: (u32, u32) = (1, MAX_LATENCY_CYCLES);
    /// k.
    pub const K: (u32, u32) = (0, MAX_INDEPENDENT_PER_LOAD);
    /// Resident warps.
    pub const W: (u32, u32) = (1, MAX_RESIDENT_WARPS);
    /// ILP.
    pub const ILP: (u32, u32) = (1, MAX_LOADS_IN_FLIGHT);
    /// Cycles shown in the timeline (keeps the figure small).
    pub const CYCLES: (u32, u32) = (32, 2000);
    /// The cursor step: every cycle of the longest timeline.
    pub const STEP: (u32, u32) = (0, CYCLES.1.div_ceil(STRIDE));
}

impl Default for SchedulingInputs {
    /// The course's example (L = 600, k = 10) on a full SM, 1200 cycles drawn (two
    /// iterations of a warp).
    fn default() -> Self {
        SchedulingInputs {
            l: 600,
            k: 10,
            w: 64,
            ilp: 1,
            cycles: 1200,
            kernel: "ilp1-k32".into(),
            step: 0,
        }
    }
}

impl SchedulingInputs {
    /// The model's config.
    pub fn config(&self) -> SchedulerConfig {
        SchedulerConfig {
            resident_warps: self.w,
            latency_cycles: self.l,
            independent_per_load: self.k,
            loads_in_flight: self.ilp,
            horizon_cycles: self.cycles,
            policy: IssuePolicy::LooseRoundRobin,
        }
        .clamped()
    }
}

/// The measured kernel with the model's curves for the same I and T1.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredComparison {
    /// The kernel.
    pub kernel: LatencyHidingRun,
    /// `(W, min(K/I, (W/4)·K/T1))` for W = 1..=64.
    pub simple: Vec<(u32, f64)>,
    /// `(W, simulated utilisation × K / I)` for W = 1..=64.
    pub simulated: Vec<(u32, f64)>,
}

/// Everything the chapter shows.
#[derive(Clone, Debug, PartialEq)]
pub struct SchedulingOutputs {
    /// The clamped config.
    pub config: SchedulerConfig,
    /// The cycle-by-cycle run drawn in the timeline.
    pub trace: SchedulerTrace,
    /// Utilisation for W = 1..=64 with the same L, k, ILP.
    pub sweep: Vec<SweepPoint>,
    /// The course's L / k, per scheduler (`None` for k = 0).
    pub warps_needed: Option<f64>,
    /// Where this model saturates, per scheduler: T1 / I.
    pub saturation: f64,
    /// Closed-form utilisation at the chosen W.
    pub estimate: f64,
    /// Steady-state utilisation at the chosen W (from the sweep).
    pub steady: f64,
    /// The measured comparison.
    pub measured: MeasuredComparison,
}

/// The whole chapter as a pure function of its inputs.
pub fn compute(inputs: &SchedulingInputs) -> SchedulingOutputs {
    let config = inputs.config();
    let trace = Simulator::new(&config).run();
    let sweep = utilisation_sweep(&config);
    let steady = sweep
        .iter()
        .find(|p| p.resident_warps == config.resident_warps)
        .map_or(0.0, |p| p.utilisation);
    let kernel = *kernel(&inputs.kernel).unwrap_or(&KERNELS[3]);
    let i = f64::from(kernel.instructions);
    let kf = f64::from(kernel.k_ffma);
    let simple = (1..=MAX_RESIDENT_WARPS)
        .map(|w| {
            (
                w,
                ffma_share_simple_model(kf, i, kernel.t1_cycles, f64::from(w)),
            )
        })
        .collect();
    let mcfg = measured_kernel_config(kernel.instructions, kernel.t1_cycles.round() as u32, 1);
    let simulated = utilisation_sweep(&mcfg)
        .into_iter()
        .map(|p| (p.resident_warps, p.utilisation * kf / i))
        .collect();
    SchedulingOutputs {
        config,
        trace,
        sweep,
        warps_needed: warps_needed(config.latency_cycles, config.independent_per_load),
        saturation: saturation_warps_per_scheduler(&config),
        estimate: utilisation_estimate(&config),
        steady,
        measured: MeasuredComparison {
            kernel,
            simple,
            simulated,
        },
    }
}

impl ChapterInputs for SchedulingInputs {
    /// Reads a permalink's query; never panics; bad values become notices.
    fn from_query(query: &str) -> (SchedulingInputs, Vec<Notice>) {
        use limits::*;
        let d = SchedulingInputs::default();
        let mut r = QueryReader::parse(query);
        let s = SchedulingInputs {
            l: r.num(key::L, d.l, L.0, L.1),
            k: r.num(key::K, d.k, K.0, K.1),
            w: r.num(key::W, d.w, W.0, W.1),
            ilp: r.num(key::ILP, d.ilp, ILP.0, ILP.1),
            cycles: r.num(key::CYCLES, d.cycles, CYCLES.0, CYCLES.1),
            kernel: r.one_of(key::KERNEL, &d.kernel, &KERNEL_IDS),
            step: r.num(key::STEP, d.step, STEP.0, STEP.1),
        };
        let mut notices = r.finish();
        // A cursor past the timeline's last cycle is clamped to it, with a notice like every
        // other key: the trace has `cycles` cycles, the last one is reached at step
        // ceil((cycles − 1) / STRIDE).
        let mut s = s;
        let last = s.cycles.saturating_sub(1).div_ceil(STRIDE);
        if s.step > last {
            // One notice for the key, about the value the link holds: a step already clamped to
            // STEP's range (step=99999 → 500) is then reported as 99999 → `last`, not twice.
            let mut value = s.step.to_string();
            notices.retain(|n| match n {
                Notice::Clamped { key, value: v, .. } if key == "step" => {
                    value = v.clone();
                    false
                }
                _ => true,
            });
            notices.push(Notice::Clamped {
                key: key::STEP.into(),
                value,
                used: last.to_string(),
                allowed: format!("0–{last}"),
            });
            s.step = last;
        }
        (s, notices)
    }

    /// The query string (only non-default values).
    fn to_query(&self) -> String {
        to_query(self, &SchedulingInputs::default())
    }
}

/// The chapter's reactive state.
#[derive(Clone, Copy)]
pub struct SchedulingState {
    /// Every input, and the cursor's step (read through [`Self::cursor`]).
    pub inputs: UrlInputs<SchedulingInputs>,
    /// Everything derived: the only place the model is called.
    pub outputs: Memo<SchedulingOutputs>,
    /// Whether the cursor is playing.
    pub playing: RwSignal<bool>,
}

impl SchedulingState {
    /// State starting from `inputs`.
    pub fn new(inputs: UrlInputs<SchedulingInputs>) -> Self {
        // The cursor is not a model input: moving it does not rerun the model.
        let run = Memo::new(move |_| {
            inputs.with(|i| SchedulingInputs {
                step: 0,
                ..i.clone()
            })
        });
        let outputs = Memo::new(move |_| run.with(compute));
        SchedulingState {
            inputs,
            outputs,
            playing: RwSignal::new(false),
        }
    }

    /// The last cycle of the timeline.
    pub fn last_cycle(&self) -> u32 {
        self.outputs.with(|o| o.trace.cycles().saturating_sub(1))
    }

    /// The cycle under the cursor: `step × STRIDE`, clamped to the trace.
    pub fn cursor(&self) -> u32 {
        let last = self.last_cycle();
        self.inputs
            .with(|i| i.step)
            .saturating_mul(STRIDE)
            .min(last)
    }

    /// Moves the cursor to `cycle` (rounded up to a step, so the last cycle is reachable).
    pub fn set_cursor(&self, cycle: u32) {
        let step = cycle.div_ceil(STRIDE).min(limits::STEP.1);
        self.inputs.update(|i| i.step = step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_cursor_past_the_timeline_is_clamped_with_a_notice() {
        // 1200 cycles: the last cycle, 1199, is step 300.
        let (s, notices) = SchedulingInputs::from_query("step=1000");
        assert_eq!(s.step, 300);
        assert!(
            notices.iter().any(|n| matches!(n, Notice::Clamped { key, allowed, .. } if key == "step" && allowed == "0–300")),
            "{notices:?}"
        );
        // A step past both ranges: one notice, about the link's value and the timeline's range.
        let (s, notices) = SchedulingInputs::from_query("w=1000&step=99999");
        assert_eq!(s.step, 300);
        let steps: Vec<_> = notices
            .iter()
            .filter(|n| matches!(n, Notice::Clamped { key, .. } if key == "step"))
            .collect();
        assert_eq!(steps.len(), 1, "{notices:?}");
        assert!(
            matches!(steps[0], Notice::Clamped { value, used, allowed, .. } if value == "99999" && used == "300" && allowed == "0–300"),
            "{steps:?}"
        );
        let (s, notices) = SchedulingInputs::from_query("cycles=64&step=16");
        assert_eq!(s.step, 16);
        assert!(notices.is_empty(), "{notices:?}");
        let (s, _) = SchedulingInputs::from_query("cycles=64&step=17");
        assert_eq!(s.step, 16);
    }

    #[test]
    fn course_example() {
        let out = compute(&SchedulingInputs::default());
        assert_eq!(out.warps_needed, Some(60.0));
        assert_eq!(out.trace.cycles(), 1200);
        assert_eq!(out.sweep.len(), 64);
        // 16 warps per scheduler cannot hide 600 cycles with k = 10.
        assert!(out.steady < 0.5, "{}", out.steady);
        assert_eq!(SchedulingInputs::default().to_query(), "");
    }

    #[test]
    fn measured_k32_w64_differs_from_the_model() {
        let out = compute(&SchedulingInputs::default());
        let m = &out.measured;
        let model = m.simple.iter().find(|p| p.0 == 64).expect("w64").1;
        assert!((model - 0.67).abs() < 0.01, "{model}");
        assert_eq!(m.kernel.points[9], (64, 0.53968));
        let sim = m.simulated.iter().find(|p| p.0 == 64).expect("w64").1;
        assert!((sim - model).abs() < 0.03, "{sim} {model}");
    }

    #[test]
    fn permalink_round_trips_and_bad_links_fall_back() {
        let s = SchedulingInputs {
            l: 280,
            k: 4,
            w: 17,
            ilp: 3,
            cycles: 120,
            kernel: "ilp4-k10".into(),
            step: 7,
        };
        let (back, n) = SchedulingInputs::from_query(&s.to_query());
        assert_eq!(back, s);
        assert!(n.is_empty());
        let (b, n) = SchedulingInputs::from_query("l=abc&w=999&kernel=zzz&x=1");
        assert_eq!(b.w, 64);
        assert_eq!(b.l, 600);
        assert_eq!(n.len(), 4);
    }

    #[test]
    fn memo_follows_inputs() {
        let owner = Owner::new();
        owner.set();
        let st = SchedulingState::new(UrlInputs::detached(SchedulingInputs::default()));
        let before = st.outputs.get_untracked().steady;
        st.inputs.update(|i| i.ilp = 4);
        assert!(st.outputs.get_untracked().steady > before);
    }

    #[test]
    fn cursor_is_a_url_step_that_does_not_rerun_the_model() {
        let owner = Owner::new();
        owner.set();
        let (i, n) = SchedulingInputs::from_query("");
        assert_eq!((i.step, n.len()), (0, 0));
        let (i, _) = SchedulingInputs::from_query("step=3");
        assert_eq!(i.step, 3);
        assert_eq!(i.to_query(), "step=3");
        let st = SchedulingState::new(UrlInputs::detached(SchedulingInputs::default()));
        let trace = st.outputs.get_untracked();
        st.set_cursor(8);
        assert_eq!(st.inputs.with_untracked(|i| i.step), 2);
        assert_eq!(st.cursor(), 8);
        st.set_cursor(1199);
        assert_eq!(st.cursor(), 1199);
        st.set_cursor(1195);
        assert_eq!(st.cursor(), 1196);
        assert_eq!(st.outputs.get_untracked(), trace);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn any_query_computes(q in ".{0,200}") {
            let (s, _) = SchedulingInputs::from_query(&q);
            let out = compute(&s);
            prop_assert!((0.0..=1.0).contains(&out.steady));
        }
    }
}
