//! The SIMT divergence chapter's state: inputs (signals, serialised to the URL), the step the
//! reader is looking at, and the one memo that runs the warp through the model.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::model::simt::{
    preset, warps_per_block, BranchOrder, LaneData, Preset, SimtTrace, StepKind, Stmt, WarpInput,
    DEFAULT_SEED, PRESET_IDS,
};
use crate::ui::shell::{ChapterInputs, UrlInputs};
use crate::ui::url::keys::divergence as key;
use crate::ui::url::{to_query, Notice, QueryReader};

/// Which side of a divergent branch runs first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Each branch's own order, as the H200 build ran it.
    Measured,
    /// `then` side first, as written.
    Then,
    /// `else` side first.
    Else,
}

impl Order {
    /// Every order, in menu order.
    pub const ALL: [Order; 3] = [Order::Measured, Order::Then, Order::Else];

    /// The model's override.
    pub fn to_model(self) -> Option<BranchOrder> {
        match self {
            Order::Measured => None,
            Order::Then => Some(BranchOrder::ThenFirst),
            Order::Else => Some(BranchOrder::ElseFirst),
        }
    }
}

/// Every input of the chapter. Field names are the URL keys.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DivergenceInputs {
    /// Preset id, one of [`PRESET_IDS`].
    pub preset: String,
    /// `blockDim.x`.
    pub block: u32,
    /// `blockIdx.x`.
    pub bidx: u32,
    /// Warp of the block (`threadIdx.x / 32`).
    pub warp: u32,
    /// Bound `n` of the boundary check.
    pub n: u32,
    /// Seed of the data-dependent branch's array.
    pub seed: u32,
    /// Which side of a divergent branch runs first.
    pub order: Order,
    /// The step the reader looks at (clamped to the trace when read through
    /// [`DivergenceState::step`]); not an input of the model.
    pub step: u32,
}

/// Ranges of every numeric input: the one place sliders, typed numbers and permalinks clamp to.
pub mod limits {
    /// `blockDim.x`: 1 to 1024 threads.
    pub const BLOCK: (u32, u32) = (1, 1024);
    /// `blockIdx.x`.
    pub const BLOCK_INDEX: (u32, u32) = (0, 65_535);
    /// Warp index within the block (further limited to the block's warps).
    pub const WARP: (u32, u32) = (0, 31);
    /// The boundary check's `n`.
    pub const N: (u32, u32) = (0, 1 << 26);
    /// Seed of the data array.
    pub const SEED: (u32, u32) = (0, u32::MAX);
    /// Step index (further limited to the trace's length).
    pub const STEP: (u32, u32) = (0, 4096);
}

/// The chapter's kernels: one variant per id of [`PRESET_IDS`], in the same order. The model and
/// the URL name a preset by its string id; the chapter maps it once to this enum and matches
/// the enum exhaustively (texts, twins, which sliders apply).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// `odd-even`.
    OddEven,
    /// `warp-aligned`.
    WarpAligned,
    /// `lane-lt-16`.
    LaneLt16,
    /// `bounds-check`.
    BoundsCheck,
    /// `partial-warp`.
    PartialWarp,
    /// `nested-if`.
    NestedIf,
    /// `loop-per-lane`.
    LoopPerLane,
    /// `loop-per-lane-o3`.
    LoopPerLaneO3,
    /// `loop-trips-lane`.
    LoopTripsLane,
    /// `data-dependent`.
    DataDependent,
    /// `early-return`.
    EarlyReturn,
}

impl Kernel {
    /// Every kernel, in menu order.
    pub const ALL: [Kernel; 11] = [
        Kernel::OddEven,
        Kernel::WarpAligned,
        Kernel::LaneLt16,
        Kernel::BoundsCheck,
        Kernel::PartialWarp,
        Kernel::NestedIf,
        Kernel::LoopPerLane,
        Kernel::LoopPerLaneO3,
        Kernel::LoopTripsLane,
        Kernel::DataDependent,
        Kernel::EarlyReturn,
    ];

    /// The model's (and the URL's) id of this kernel.
    pub const fn id(self) -> &'static str {
        match self {
            Kernel::OddEven => "odd-even",
            Kernel::WarpAligned => "warp-aligned",
            Kernel::LaneLt16 => "lane-lt-16",
            Kernel::BoundsCheck => "bounds-check",
            Kernel::PartialWarp => "partial-warp",
            Kernel::NestedIf => "nested-if",
            Kernel::LoopPerLane => "loop-per-lane",
            Kernel::LoopPerLaneO3 => "loop-per-lane-o3",
            Kernel::LoopTripsLane => "loop-trips-lane",
            Kernel::DataDependent => "data-dependent",
            Kernel::EarlyReturn => "early-return",
        }
    }

    /// The kernel with this id, if the chapter has one.
    pub fn from_id(id: &str) -> Option<Kernel> {
        Kernel::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The other half of a comparison the course makes, if any.
    pub const fn twin(self) -> Option<Kernel> {
        match self {
            Kernel::OddEven => Some(Kernel::WarpAligned),
            Kernel::WarpAligned => Some(Kernel::OddEven),
            Kernel::LoopPerLane => Some(Kernel::LoopPerLaneO3),
            Kernel::LoopPerLaneO3 => Some(Kernel::LoopPerLane),
            Kernel::LaneLt16
            | Kernel::BoundsCheck
            | Kernel::PartialWarp
            | Kernel::NestedIf
            | Kernel::LoopTripsLane
            | Kernel::DataDependent
            | Kernel::EarlyReturn => None,
        }
    }

    /// Whether the kernel reads `n` (the array length).
    pub const fn uses_n(self) -> bool {
        matches!(self, Kernel::BoundsCheck)
    }

    /// Whether the kernel reads `blockIdx.x`.
    pub const fn uses_block_index(self) -> bool {
        matches!(self, Kernel::BoundsCheck | Kernel::DataDependent)
    }

    /// Whether the kernel reads `data[]` (and so its seed).
    pub const fn uses_seed(self) -> bool {
        matches!(self, Kernel::DataDependent)
    }
}

/// The preset a link without one (or with an unknown one) starts with.
const DEFAULT_PRESET: &str = Kernel::OddEven.id();

impl DivergenceInputs {
    /// The kernel of [`DivergenceInputs::preset`] (the default one for an unknown id, which
    /// parsing rules out).
    pub fn kernel(&self) -> Kernel {
        Kernel::from_id(&self.preset).unwrap_or(Kernel::OddEven)
    }

    /// The inputs a preset starts with.
    pub fn for_preset(id: &str) -> DivergenceInputs {
        let p = preset(id)
            .or_else(|| preset(DEFAULT_PRESET))
            .expect("default preset exists");
        let seed = match p.input.data {
            LaneData::Seeded(s) => u32::try_from(s).unwrap_or(0),
            LaneData::Explicit { .. } => 0,
        };
        DivergenceInputs {
            preset: p.id.to_string(),
            block: p.input.threads_per_block,
            bidx: p.input.block_index,
            warp: p.input.warp_index,
            n: p.input.n,
            seed,
            order: Order::Measured,
            step: 0,
        }
    }

    /// The model's input for warp `warp` of this state.
    pub fn warp_input(&self, warp: u32) -> WarpInput {
        WarpInput {
            threads_per_block: self.block,
            block_index: self.bidx,
            warp_index: warp,
            n: self.n,
            data: LaneData::Seeded(u64::from(self.seed)),
            order_override: self.order.to_model(),
        }
    }
}

impl Default for DivergenceInputs {
    fn default() -> Self {
        DivergenceInputs::for_preset(DEFAULT_PRESET)
    }
}

/// One warp of the block, summarised for the "which warp diverges" table.
#[derive(Clone, Debug, PartialEq)]
pub struct WarpSummary {
    /// Warp index in the block.
    pub warp: u32,
    /// Its launch mask.
    pub launch_mask: u32,
    /// Issue slots it spends.
    pub issue_slots: u32,
    /// Divergent `if` executions.
    pub divergent_branches: u32,
    /// Loop passes with lanes dropped out.
    pub divergent_loop_passes: u32,
    /// Σ active / (32 × slots).
    pub lane_efficiency: f64,
}

/// The other half of a comparison the course makes (odd/even vs warp-aligned, the loop as
/// written vs as `nvcc -O3` compiled it).
#[derive(Clone, Debug, PartialEq)]
pub struct Twin {
    /// The twin kernel.
    pub kernel: Kernel,
    /// The twin preset.
    pub preset: Preset,
    /// Its trace under the same block and order settings (its own default warp).
    pub trace: SimtTrace,
}

/// Everything the chapter shows, computed in one place from the inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct DivergenceOutputs {
    /// The kernel shown.
    pub kernel: Kernel,
    /// The preset (program, title, default input).
    pub preset: Preset,
    /// The kernel listing, one string per line.
    pub listing: Vec<String>,
    /// The warp's input as run.
    pub input: WarpInput,
    /// The trace of the selected warp.
    pub trace: SimtTrace,
    /// `ceil(blockDim / 32)`.
    pub warps_per_block: u32,
    /// Every warp of the block (at most 32).
    pub warps: Vec<WarpSummary>,
    /// The comparison preset, if this preset has one.
    pub twin: Option<Twin>,
    /// Lanes that have returned before each step (`exited_before[s]`), one entry per step plus
    /// one for "after the last step".
    pub exited_before: Vec<u32>,
}

/// Whether the program has an `if` with both a `then` and an `else` side: only then does "which
/// side runs first" change anything (a loop, or an `if` without `else`, has one order).
pub fn has_two_sided_branch(body: &[Stmt]) -> bool {
    body.iter().any(|s| match s {
        Stmt::If {
            then_body,
            else_body,
            ..
        } => {
            (!then_body.is_empty() && !else_body.is_empty())
                || has_two_sided_branch(then_body)
                || has_two_sided_branch(else_body)
        }
        Stmt::Loop { body, .. } => has_two_sided_branch(body),
        Stmt::Op(_) | Stmt::Return => false,
    })
}

/// The path and the mask a lane sees: the steps it is active in, as (listing line, path).
pub fn lane_steps(trace: &SimtTrace, lane: usize) -> Vec<(u32, String)> {
    trace
        .steps
        .iter()
        .filter(|s| lane < 32 && s.mask & (1 << lane) != 0)
        .map(|s| (s.line, s.path.clone()))
        .collect()
}

impl DivergenceOutputs {
    /// The last valid step index (0 when nothing issued).
    pub fn last_step(&self) -> u32 {
        u32::try_from(self.trace.steps.len().saturating_sub(1)).unwrap_or(0)
    }

    /// Whether a reconvergence happens right before step `s`.
    pub fn reconverges_before(&self, s: usize) -> Option<&crate::model::simt::Reconvergence> {
        self.trace.reconvergences.iter().find(|r| r.step_index == s)
    }
}

/// The whole chapter as a pure function of its inputs.
pub fn compute(inputs: &DivergenceInputs) -> DivergenceOutputs {
    let kernel = inputs.kernel();
    let preset = preset(kernel.id()).expect("every kernel is a model preset");
    let listing = preset.listing();
    let wpb = warps_per_block(inputs.block).max(1);
    let warp = inputs.warp.min(wpb - 1);
    let input = inputs.warp_input(warp);
    let trace = preset.program.run(&input);
    let warps = (0..wpb.min(limits::WARP.1 + 1))
        .map(|w| {
            let t = preset.program.run(&inputs.warp_input(w));
            WarpSummary {
                warp: w,
                launch_mask: t.launch_mask,
                issue_slots: t.issue_slots(),
                divergent_branches: t.divergent_branches,
                divergent_loop_passes: t.divergent_loop_passes,
                lane_efficiency: t.lane_efficiency(),
            }
        })
        .collect();
    let twin = kernel.twin().and_then(|k| {
        let p = crate::model::simt::preset(k.id())?;
        let mut tin = p.input;
        tin.order_override = inputs.order.to_model();
        let trace = p.program.run(&tin);
        Some(Twin {
            kernel: k,
            preset: p,
            trace,
        })
    });
    let mut exited_before = Vec::with_capacity(trace.steps.len() + 1);
    let mut exited = 0u32;
    for s in &trace.steps {
        exited_before.push(exited);
        if s.kind == StepKind::Return {
            exited |= s.mask;
        }
    }
    exited_before.push(exited);
    DivergenceOutputs {
        kernel,
        preset,
        listing,
        input,
        trace,
        warps_per_block: wpb,
        warps,
        twin,
        exited_before,
    }
}

pub use crate::ui::shared::lanes::{bits, hex, LaneState, LANES};

/// The state of every lane at step `step` of `out` (all `NotLaunched` when nothing issued).
pub fn lane_states(out: &DivergenceOutputs, step: usize) -> [LaneState; 32] {
    let mut states = [LaneState::NotLaunched; 32];
    let mask = out.trace.steps.get(step).map_or(0, |s| s.mask);
    let exited = out.exited_before.get(step).copied().unwrap_or(0);
    for (lane, st) in states.iter_mut().enumerate() {
        let bit = 1u32 << lane;
        *st = if out.trace.launch_mask & bit == 0 {
            LaneState::NotLaunched
        } else if mask & bit != 0 {
            LaneState::Active
        } else if exited & bit != 0 {
            LaneState::Exited
        } else {
            LaneState::Masked
        };
    }
    states
}

impl ChapterInputs for DivergenceInputs {
    /// Reads a permalink's query: the inputs and step, and notices for whatever was bad.
    /// Never panics.
    fn from_query(query: &str) -> (DivergenceInputs, Vec<Notice>) {
        let mut r = QueryReader::parse(query);
        let id = r.one_of(key::PRESET, DEFAULT_PRESET, &PRESET_IDS);
        let d = DivergenceInputs::for_preset(&id);
        let block = r.num(key::BLOCK, d.block, limits::BLOCK.0, limits::BLOCK.1);
        // The warp is read against this block's warps (a smaller block has fewer): one notice,
        // naming the range that applies.
        let last_warp = warps_per_block(block).saturating_sub(1).min(limits::WARP.1);
        let warp = r.num(key::WARP, d.warp.min(last_warp), limits::WARP.0, last_warp);
        let inputs = DivergenceInputs {
            preset: id,
            block,
            bidx: r.num(
                key::BIDX,
                d.bidx,
                limits::BLOCK_INDEX.0,
                limits::BLOCK_INDEX.1,
            ),
            warp,
            n: if d.n == u32::MAX {
                // Presets without a bound keep n unbounded; a link may still set one.
                r.num(key::N, d.n, limits::N.0, u32::MAX)
            } else {
                r.num(key::N, d.n, limits::N.0, limits::N.1)
            },
            seed: r.num(key::SEED, d.seed, limits::SEED.0, limits::SEED.1),
            order: r.choice(key::ORDER, d.order),
            step: r.num(key::STEP, 0, limits::STEP.0, limits::STEP.1),
        };
        let mut notices = r.finish();
        // A step past this trace's last is clamped to it, with a notice like every other key
        // (the trace is simulated only when a link asks for a step).
        let mut inputs = inputs;
        if inputs.step > 0 {
            let last = compute(&DivergenceInputs {
                step: 0,
                ..inputs.clone()
            })
            .last_step();
            if inputs.step > last {
                notices.push(Notice::Clamped {
                    key: key::STEP.into(),
                    value: inputs.step.to_string(),
                    used: last.to_string(),
                    allowed: format!("0–{last}"),
                });
                inputs.step = last;
            }
        }
        (inputs, notices)
    }

    /// The query string (only values that differ from the preset's; the preset always).
    fn to_query(&self) -> String {
        let mut q = to_query(self, &DivergenceInputs::for_preset(&self.preset));
        // The preset id is always written so a link never depends on the default preset.
        let preset_pair = format!("{}=", key::PRESET);
        if !q.starts_with(&preset_pair) && !q.contains(&format!("&{preset_pair}")) {
            let id = format!("{preset_pair}{}", self.preset);
            q = if q.is_empty() {
                id
            } else {
                format!("{id}&{q}")
            };
        }
        if q == format!("{preset_pair}{DEFAULT_PRESET}") {
            String::new()
        } else {
            q
        }
    }
}

/// The chapter's reactive state.
#[derive(Clone, Copy)]
pub struct DivergenceState {
    /// Every input, and the step the reader looks at (clamped through [`Self::step`]).
    pub inputs: UrlInputs<DivergenceInputs>,
    /// Whether the steps are playing.
    pub playing: RwSignal<bool>,
    /// Everything derived: the only place the model is called.
    pub outputs: Memo<DivergenceOutputs>,
}

impl DivergenceState {
    /// State following `inputs`.
    pub fn new(inputs: UrlInputs<DivergenceInputs>) -> Self {
        // The step is not a model input: moving it does not rerun the model.
        let run = Memo::new(move |_| {
            inputs.with(|i| DivergenceInputs {
                step: 0,
                ..i.clone()
            })
        });
        let outputs = Memo::new(move |_| run.with(compute));
        DivergenceState {
            inputs,
            playing: RwSignal::new(false),
            outputs,
        }
    }

    /// The current step, clamped to the trace.
    pub fn step(&self) -> usize {
        let last = self.outputs.with(|o| o.last_step());
        self.inputs.with(|i| i.step).min(last) as usize
    }

    /// Moves to step `step`.
    pub fn set_step(&self, step: u32) {
        self.inputs.update(|i| i.step = step);
    }

    /// Picks a preset: its default warp and parameters, back to step 0 (a navigation: Back
    /// returns to the previous preset).
    pub fn choose_preset(&self, id: &str) {
        if PRESET_IDS.contains(&id) {
            self.inputs.navigate(DivergenceInputs::for_preset(id));
        }
    }

    /// Sets `blockDim.x`, keeping the warp index inside the block.
    pub fn set_block(&self, block: u32) {
        let block = block.clamp(limits::BLOCK.0, limits::BLOCK.1);
        self.inputs.update(|i| {
            i.block = block;
            i.warp = i.warp.min(warps_per_block(block).saturating_sub(1));
        });
    }
}

/// The seed the data-dependent preset starts with, as the URL writes it.
pub const DEFAULT_SEED_U32: u32 = DEFAULT_SEED as u32;

#[cfg(test)]
mod tests;
