//! What one warp did: a [`SimtTrace`] of issued instructions ([`Step`]: listing line and
//! active mask), the reconvergence points, and the lane efficiency derived from them.

use super::*;

/// What kind of instruction a [`Step`] issued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepKind {
    /// A plain line ([`Stmt::Op`]).
    Instruction,
    /// The compare-and-branch of an `if`, under the mask that arrives at it.
    Branch,
    /// One warp-level pass of a loop header (test and branch back).
    LoopHeader,
    /// `return;`: its lanes leave the active mask for good.
    Return,
}

/// One issued warp instruction: the UI highlights `line` and lights the lanes of `mask`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// 0-based line of [`Program::listing`].
    pub line: u32,
    /// Active mask (bit `l` = lane `l`); never 0.
    pub mask: u32,
    /// What was issued.
    pub kind: StepKind,
    /// Which serialised path this is, e.g. `"main"`, `"else"`, `"then/pass 2"`.
    pub path: String,
    /// SIMT-stack depth: how many divergent constructs (branch sides run under a partial mask,
    /// loop passes with lanes dropped out) enclose this step.
    pub stack_depth: u32,
}

/// A point where diverged lanes join again (the immediate post-dominator of a divergent branch
/// or loop).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reconvergence {
    /// Index into [`SimtTrace::steps`] of the first step issued after reconvergence (may equal
    /// `steps.len()` when nothing follows).
    pub step_index: usize,
    /// Listing line of the closing `}` where the lanes join.
    pub line: u32,
    /// The restored mask (the mask before the construct, minus lanes that returned).
    pub mask: u32,
}

/// Result of [`Program::run`]: the step-by-step trace of one warp.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimtTrace {
    /// Mask the warp started with ([`launch_mask`]).
    pub launch_mask: u32,
    /// One entry per issued instruction, in issue order.
    pub steps: Vec<Step>,
    /// Where divergent lanes joined again, in order.
    pub reconvergences: Vec<Reconvergence>,
    /// Dynamic `if` executions whose mask split into two non-empty sides.
    pub divergent_branches: u32,
    /// Branch sides that issued at least one instruction under a partial mask because their
    /// branch diverged (odd/even: 2). Uniform branches add nothing.
    pub serialized_paths: u32,
    /// Warp-level loop passes run with fewer lanes than entered the loop.
    pub divergent_loop_passes: u32,
    /// True when the run hit [`MAX_STEPS`] and stopped early.
    pub truncated: bool,
}

impl SimtTrace {
    /// Issue slots the warp spent: one per step.
    pub fn issue_slots(&self) -> u32 {
        u32::try_from(self.steps.len()).unwrap_or(u32::MAX)
    }

    /// Σ popcount(mask) over all steps: lane-instructions that did useful work.
    pub fn active_lane_slots(&self) -> u64 {
        self.steps
            .iter()
            .map(|s| u64::from(s.mask.count_ones()))
            .sum()
    }

    /// Σ popcount(mask) / (32 · issue slots), in `[0, 1]`; 0 when nothing issued. Lanes missing
    /// from a partial warp count as idle, as in Nsight Compute's "thread instructions executed
    /// per warp instruction / 32".
    pub fn lane_efficiency(&self) -> f64 {
        let slots = self.steps.len() as f64 * f64::from(WARP_SIZE);
        if slots == 0.0 {
            0.0
        } else {
            self.active_lane_slots() as f64 / slots
        }
    }

    /// Σ popcount(mask) / (popcount(launch mask) · issue slots), in `[0, 1]`: efficiency
    /// relative to the lanes the warp launched with, so a partial warp that never diverges
    /// scores 1. 0 when nothing issued.
    pub fn lane_efficiency_vs_launch(&self) -> f64 {
        let slots = self.steps.len() as f64 * f64::from(self.launch_mask.count_ones());
        if slots == 0.0 {
            0.0
        } else {
            (self.active_lane_slots() as f64 / slots).min(1.0)
        }
    }

    /// Masks of the steps issued on listing line `line`, in order.
    pub fn masks_at_line(&self, line: u32) -> Vec<u32> {
        self.steps
            .iter()
            .filter(|s| s.line == line)
            .map(|s| s.mask)
            .collect()
    }
}
