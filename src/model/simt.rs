//! SIMT execution of one warp: launch masks, branch divergence and reconvergence.
//!
//! A warp is 32 lanes that issue one instruction at a time under an *active mask*. At a
//! conditional branch the mask splits into `taken = active & pred` and
//! `not_taken = active & !pred`; when both are non-empty the warp runs both paths one after the
//! other, each under its own mask, and reconverges at the branch's immediate post-dominator
//! (the end of the `if`/`else`). Loops keep iterating while any lane still has trips left.
//! Nested divergence ANDs masks. This is the pre-Volta SIMT-stack model of spec §3.
//!
//! [`Program`] is a small structured kernel (plain lines, `if`/`else`, loops with per-lane trip
//! counts, early `return`) that [`Program::run`] executes for one warp into a [`SimtTrace`]: one
//! [`Step`] per issued instruction (listing line + active mask), the reconvergence points, and the
//! lane efficiency. [`presets`] are the course's examples, each with its pseudo-CUDA listing.
//!
//! Sources: CUDA C++ Programming Guide, "SIMT Architecture" and "Thread Hierarchy"; course texts
//! `gpu-kernel-engineering-01` §4.1 (odd/even vs warp-aligned branch, boundary checks) and
//! `a100-from-chip-to-simt` §4 (active mask); `__activemask()` measured on an H200
//! (`shared/truth/divergence.json`, copied to `tests/fixtures/simt_h200.json`). See
//! [`INDEPENDENT_THREAD_SCHEDULING_NOTE`] for what changed with Volta.
//!
//! What the H200 showed, and how the model follows it:
//! - Which side of an `if`/`else` runs first is the compiler's choice. The *else* side ran first
//!   for `lane % 2 == 0`, `lane < 16`, `(lane / 8) % 2 == 0` and the outer `if` of the nested
//!   test; the *then* side ran first for the data-dependent branch. Each [`Stmt::If`] carries
//!   its order ([`BranchOrder`]); presets use the measured one, [`WarpInput::order_override`]
//!   forces one for every branch.
//! - Reconvergence is immediate: the mask is full again right after every `if`/`else`.
//! - Loop unrolling shows in the masks. Under `nvcc -O3` a loop of `lane % 5 + 1` trips ran its
//!   body 7 times at warp level, not 5: the masks are exactly those of a 4× unrolled loop (4
//!   copies under the lanes with ≥ 4 trips) followed by a remainder loop (3 passes); `trips =
//!   lane` likewise. [`Stmt::Loop::unroll`] models that transformation; `unroll: 1` is
//!   `#pragma unroll 1`, where the naive one-lane-drops-out-per-pass picture held exactly, as it
//!   did for a loop whose trip count came from data.

use crate::model::rng::SplitMix64;
use serde::{Deserialize, Serialize};

/// Lanes in a warp.
pub const WARP_SIZE: u32 = 32;

/// Active mask with every lane on.
pub const FULL_MASK: u32 = u32::MAX;

/// Trip counts are clamped to this many per lane, so a trace stays small.
pub const MAX_TRIPS: u32 = 64;

/// A run stops after this many issued steps and sets [`SimtTrace::truncated`].
pub const MAX_STEPS: usize = 4096;

/// Largest trip count the seeded `trips[i]` array holds (the H200 probe used 0..=6).
pub const DATA_MAX_TRIPS: u32 = 6;

/// Seed of the data-dependent presets.
pub const DEFAULT_SEED: u64 = 0x5eed_2026;

/// What the stack model leaves out: Volta+ independent thread scheduling.
pub const INDEPENDENT_THREAD_SCHEDULING_NOTE: &str =
    "This is the pre-Volta picture: a per-warp SIMT \
stack runs one path of a divergent branch to the end, then the other, and reconverges at the \
immediate post-dominator. Since Volta (compute capability 7.0) each thread has its own program \
counter (independent thread scheduling): the scheduler may interleave the diverged paths, and \
the lanes are not guaranteed to reconverge until __syncwarp() or a *_sync intrinsic with an \
explicit mask. Warp-synchronous code must therefore say which lanes it expects. The cost model \
(the issue slots of both paths add up) still holds, and __activemask() measured on an H200 still \
shows each path serialised under its own mask with immediate reconvergence after the if/else.";

/// Initial active mask of warp `warp_index` of a block of `threads_per_block` threads:
/// `0xFFFF_FFFF` for a full warp, `(1 << n) - 1` for a last warp with `n` live lanes, `0` for a
/// warp past the end of the block (spec §3). Never panics.
///
/// ```
/// use warpscope::model::simt::launch_mask;
/// assert_eq!(launch_mask(48, 1), 0x0000_ffff); // measured on the H200
/// assert_eq!(launch_mask(48, 2), 0);
/// ```
pub fn launch_mask(threads_per_block: u32, warp_index: u32) -> u32 {
    let first_thread = u64::from(warp_index) * u64::from(WARP_SIZE);
    let live_lanes = u64::from(threads_per_block).saturating_sub(first_thread);
    if live_lanes >= u64::from(WARP_SIZE) {
        FULL_MASK
    } else {
        // live_lanes < 32, so the shift cannot overflow; 0 live lanes gives 0.
        (1u32 << live_lanes) - 1
    }
}

/// Warps a block of `threads_per_block` threads occupies: `ceil(threads / 32)`. The last one is
/// partial when the block size is not a multiple of 32 (its [`launch_mask`] has fewer lanes).
pub fn warps_per_block(threads_per_block: u32) -> u32 {
    threads_per_block.div_ceil(WARP_SIZE)
}

/// The two masks a conditional branch splits the active mask into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BranchSplit {
    /// Active lanes whose predicate is true.
    pub taken: u32,
    /// Active lanes whose predicate is false.
    pub not_taken: u32,
}

impl BranchSplit {
    /// True when both sides have lanes: the warp must run both paths one after the other.
    pub fn diverged(&self) -> bool {
        self.taken != 0 && self.not_taken != 0
    }
}

/// Splits `active` by `predicate`, which gets the lane id (0..32) of each active lane.
/// Inactive lanes are never asked and land on neither side.
pub fn split(active: u32, predicate: impl Fn(u32) -> bool) -> BranchSplit {
    let mut taken = 0u32;
    for lane in 0..WARP_SIZE {
        let bit = 1u32 << lane;
        if active & bit != 0 && predicate(lane) {
            taken |= bit;
        }
    }
    BranchSplit {
        taken,
        not_taken: active & !taken,
    }
}

/// Which side of an `if`/`else` the warp runs first when it diverges. On the H200 this was the
/// compiler's choice (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BranchOrder {
    /// The `then` block first, as written.
    ThenFirst,
    /// The `else` block first (what the H200 build did for most simple branches).
    ElseFirst,
}

/// A branch condition over the thread's ids. `lane = threadIdx.x % 32`,
/// `i = blockIdx.x * blockDim.x + threadIdx.x`. A zero divisor or modulus makes the condition
/// false instead of panicking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cond {
    /// `(threadIdx.x / divisor) % modulus == residue`. `{1, 2, 0}` is the course's odd/even
    /// branch; `{32, 2, 0}` its warp-aligned twin (uniform in every warp).
    TidDivMod {
        /// Divides `threadIdx.x` first (1: no division).
        divisor: u32,
        /// Modulus after the division.
        modulus: u32,
        /// Value the remainder is compared with.
        residue: u32,
    },
    /// `(lane / divisor) % modulus == residue`.
    LaneDivMod {
        /// Divides the lane id first (1: no division).
        divisor: u32,
        /// Modulus after the division.
        modulus: u32,
        /// Value the remainder is compared with.
        residue: u32,
    },
    /// `lane < bound`.
    LaneBelow(u32),
    /// `lane >= bound`.
    LaneAtLeast(u32),
    /// Boundary check `i < n`, with `n` = [`WarpInput::n`].
    InBounds,
    /// `data[i] != 0` over the array of [`WarpInput::data`].
    DataNonZero,
}

/// Per-lane trip count of a loop `for (int t = 0; t < trips; ++t)`. Clamped to [`MAX_TRIPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TripCount {
    /// The same count for every lane (no divergence).
    Constant(u32),
    /// `lane % m + 1` (`m = 0` gives 0 trips).
    LaneModPlusOne(u32),
    /// `lane`: lane 0 skips the loop, lane 31 runs 31 times.
    Lane,
    /// `trips[i]` from [`WarpInput::data`].
    Data,
}

/// One statement of a [`Program`]. Each statement occupies listing lines (see
/// [`Program::listing`]); plain lines, `if` headers, loop headers and `return` each issue one
/// instruction when some lane is active.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stmt {
    /// One instruction line, e.g. `a = f(x);`.
    Op(String),
    /// `if (cond) { then_body } else { else_body }`; no `else` line when `else_body` is empty.
    If {
        /// The branch condition.
        cond: Cond,
        /// Statements of the `then` block.
        then_body: Vec<Stmt>,
        /// Statements of the `else` block (may be empty).
        else_body: Vec<Stmt>,
        /// Which side runs first when the warp diverges.
        first: BranchOrder,
    },
    /// `for (int t = 0; t < trips; ++t) { body }`.
    Loop {
        /// Per-lane trip count.
        trips: TripCount,
        /// Unroll factor the compiler applied (1 = `#pragma unroll 1`, the naive picture). With
        /// `u > 1` the warp first runs blocks of `u` body copies under the mask of lanes with at
        /// least `u` trips left, then a remainder loop of up to `u - 1` passes; this reproduces
        /// the masks the H200 showed for `nvcc -O3` with `u = 4`. Clamped to 1..=32.
        unroll: u32,
        /// Statements of the loop body.
        body: Vec<Stmt>,
    },
    /// `return;`: the active lanes leave the kernel for good.
    Return,
}

/// Where the per-lane data of [`Cond::DataNonZero`] and [`TripCount::Data`] come from.
#[allow(clippy::large_enum_variant)] // 256 bytes of plain data; boxing would lose `Copy`
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LaneData {
    /// A deterministic pseudo-random array keyed on the global thread index `i`: `data[i]` is 0
    /// or 1, `trips[i]` is in `0..=DATA_MAX_TRIPS`. Same seed, same data.
    Seeded(u64),
    /// Explicit per-lane values of this warp (e.g. the arrays of the H200 probe).
    Explicit {
        /// `data[i]` of lane 0..32.
        data: [u32; 32],
        /// `trips[i]` of lane 0..32.
        trips: [u32; 32],
    },
}

/// Which warp runs, and the kernel's parameters. Plain data: sliders write these fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarpInput {
    /// `blockDim.x`; sets the launch mask of the last, partial warp.
    pub threads_per_block: u32,
    /// `blockIdx.x` (used by `i`).
    pub block_index: u32,
    /// Warp of the block to run (`threadIdx.x / 32`).
    pub warp_index: u32,
    /// The bound `n` of [`Cond::InBounds`].
    pub n: u32,
    /// Data of the data-dependent conditions and trip counts.
    pub data: LaneData,
    /// Forces the order of every divergent branch; `None` keeps each branch's own order.
    pub order_override: Option<BranchOrder>,
}

impl Default for WarpInput {
    /// Warp 0 of a 32-thread block 0, `n = u32::MAX`, seeded data.
    fn default() -> Self {
        WarpInput {
            threads_per_block: WARP_SIZE,
            block_index: 0,
            warp_index: 0,
            n: u32::MAX,
            data: LaneData::Seeded(DEFAULT_SEED),
            order_override: None,
        }
    }
}

impl WarpInput {
    /// `threadIdx.x` of `lane`.
    fn tid(&self, lane: u32) -> u64 {
        u64::from(self.warp_index) * u64::from(WARP_SIZE) + u64::from(lane)
    }

    /// Global index `i = blockIdx.x * blockDim.x + threadIdx.x` of `lane` (u64: no overflow).
    pub fn global_index(&self, lane: u32) -> u64 {
        u64::from(self.block_index) * u64::from(self.threads_per_block) + self.tid(lane)
    }

    /// `data[i]` of `lane`.
    pub fn data_value(&self, lane: u32) -> u32 {
        match self.data {
            LaneData::Seeded(seed) => (mix(seed, self.global_index(lane)) & 1) as u32,
            LaneData::Explicit { data, .. } => data.get(lane as usize).copied().unwrap_or(0),
        }
    }

    /// `trips[i]` of `lane`.
    pub fn data_trips(&self, lane: u32) -> u32 {
        match self.data {
            LaneData::Seeded(seed) => {
                let r = mix(seed ^ 0x7472_6970_7321, self.global_index(lane)) >> 32;
                (r % u64::from(DATA_MAX_TRIPS + 1)) as u32
            }
            LaneData::Explicit { trips, .. } => trips.get(lane as usize).copied().unwrap_or(0),
        }
    }
}

/// SplitMix64 of `seed` and `index`: the deterministic hash behind [`LaneData::Seeded`].
fn mix(seed: u64, index: u64) -> u64 {
    SplitMix64::nth(seed, index)
}

fn div_mod_eq(value: u64, divisor: u32, modulus: u32, residue: u32) -> bool {
    value
        .checked_div(u64::from(divisor))
        .and_then(|q| q.checked_rem(u64::from(modulus)))
        .is_some_and(|r| r == u64::from(residue))
}

impl Cond {
    /// The condition as pseudo-CUDA source, e.g. `threadIdx.x % 2 == 0`.
    pub fn source(&self) -> String {
        fn div_mod(name: &str, divisor: u32, modulus: u32, residue: u32) -> String {
            if divisor == 1 {
                format!("{name} % {modulus} == {residue}")
            } else {
                format!("({name} / {divisor}) % {modulus} == {residue}")
            }
        }
        match *self {
            Cond::TidDivMod {
                divisor,
                modulus,
                residue,
            } => div_mod("threadIdx.x", divisor, modulus, residue),
            Cond::LaneDivMod {
                divisor,
                modulus,
                residue,
            } => div_mod("lane", divisor, modulus, residue),
            Cond::LaneBelow(bound) => format!("lane < {bound}"),
            Cond::LaneAtLeast(bound) => format!("lane >= {bound}"),
            Cond::InBounds => "i < n".to_string(),
            Cond::DataNonZero => "data[i] != 0".to_string(),
        }
    }

    /// Value of the condition for `lane` of the warp described by `input`.
    pub fn eval(&self, input: &WarpInput, lane: u32) -> bool {
        match *self {
            Cond::TidDivMod {
                divisor,
                modulus,
                residue,
            } => div_mod_eq(input.tid(lane), divisor, modulus, residue),
            Cond::LaneDivMod {
                divisor,
                modulus,
                residue,
            } => div_mod_eq(u64::from(lane), divisor, modulus, residue),
            Cond::LaneBelow(bound) => lane < bound,
            Cond::LaneAtLeast(bound) => lane >= bound,
            Cond::InBounds => input.global_index(lane) < u64::from(input.n),
            Cond::DataNonZero => input.data_value(lane) != 0,
        }
    }
}

impl TripCount {
    /// The trip count as pseudo-CUDA source, e.g. `lane % 5 + 1`.
    pub fn source(&self) -> String {
        match *self {
            TripCount::Constant(n) => n.to_string(),
            TripCount::LaneModPlusOne(m) => format!("lane % {m} + 1"),
            TripCount::Lane => "lane".to_string(),
            TripCount::Data => "trips[i]".to_string(),
        }
    }

    /// Trips of `lane`, clamped to [`MAX_TRIPS`].
    pub fn eval(&self, input: &WarpInput, lane: u32) -> u32 {
        let trips = match *self {
            TripCount::Constant(n) => n,
            TripCount::LaneModPlusOne(m) => lane.checked_rem(m).map_or(0, |r| r + 1),
            TripCount::Lane => lane,
            TripCount::Data => input.data_trips(lane),
        };
        trips.min(MAX_TRIPS)
    }
}

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

/// A small structured kernel: a signature line and a body. [`Program::listing`] renders it as
/// pseudo-CUDA, one string per line; [`Step::line`] indexes those lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Program {
    /// First listing line without the brace, e.g. `__global__ void k(float* a)`.
    pub signature: String,
    /// The kernel body.
    pub body: Vec<Stmt>,
}

/// A statement with its listing lines assigned.
enum Node<'a> {
    Op {
        line: u32,
    },
    Return {
        line: u32,
    },
    If {
        line: u32,
        end_line: u32,
        cond: Cond,
        first: BranchOrder,
        then_body: Vec<Node<'a>>,
        else_body: Vec<Node<'a>>,
    },
    Loop {
        line: u32,
        end_line: u32,
        trips: &'a TripCount,
        unroll: u32,
        body: Vec<Node<'a>>,
    },
}

fn line_no(lines: &[String]) -> u32 {
    u32::try_from(lines.len()).unwrap_or(u32::MAX)
}

fn layout<'a>(stmts: &'a [Stmt], depth: usize, lines: &mut Vec<String>) -> Vec<Node<'a>> {
    let pad = "    ".repeat(depth);
    let mut nodes = Vec::with_capacity(stmts.len());
    for stmt in stmts {
        match stmt {
            Stmt::Op(text) => {
                nodes.push(Node::Op {
                    line: line_no(lines),
                });
                lines.push(format!("{pad}{text}"));
            }
            Stmt::Return => {
                nodes.push(Node::Return {
                    line: line_no(lines),
                });
                lines.push(format!("{pad}return;"));
            }
            Stmt::If {
                cond,
                then_body,
                else_body,
                first,
            } => {
                let line = line_no(lines);
                lines.push(format!("{pad}if ({}) {{", cond.source()));
                let then_nodes = layout(then_body, depth + 1, lines);
                let else_nodes = if else_body.is_empty() {
                    Vec::new()
                } else {
                    lines.push(format!("{pad}}} else {{"));
                    layout(else_body, depth + 1, lines)
                };
                let end_line = line_no(lines);
                lines.push(format!("{pad}}}"));
                nodes.push(Node::If {
                    line,
                    end_line,
                    cond: *cond,
                    first: *first,
                    then_body: then_nodes,
                    else_body: else_nodes,
                });
            }
            Stmt::Loop {
                trips,
                unroll,
                body,
            } => {
                let unroll = (*unroll).clamp(1, WARP_SIZE);
                if unroll == 1 {
                    lines.push(format!("{pad}#pragma unroll 1"));
                } else {
                    lines.push(format!(
                        "{pad}// nvcc -O3 unrolls this loop {unroll}x (remainder loop after)"
                    ));
                }
                let line = line_no(lines);
                lines.push(format!(
                    "{pad}for (int t = 0; t < {}; ++t) {{",
                    trips.source()
                ));
                let body_nodes = layout(body, depth + 1, lines);
                let end_line = line_no(lines);
                lines.push(format!("{pad}}}"));
                nodes.push(Node::Loop {
                    line,
                    end_line,
                    trips,
                    unroll,
                    body: body_nodes,
                });
            }
        }
    }
    nodes
}

/// The running state of one warp: the SIMT stack is the Rust call stack of [`Exec::block`]
/// (one frame per pending reconvergence point), which for structured code is exactly the
/// immediate-post-dominator stack.
struct Exec<'a> {
    input: &'a WarpInput,
    launch_mask: u32,
    steps: Vec<Step>,
    reconvergences: Vec<Reconvergence>,
    exited: u32,
    divergent_branches: u32,
    serialized_paths: u32,
    divergent_loop_passes: u32,
    truncated: bool,
    path: Vec<String>,
    depth: u32,
}

impl Exec<'_> {
    fn push(&mut self, line: u32, mask: u32, kind: StepKind) {
        if mask == 0 {
            return;
        }
        if self.steps.len() >= MAX_STEPS {
            self.truncated = true;
            return;
        }
        let path = if self.path.is_empty() {
            "main".to_string()
        } else {
            self.path.join("/")
        };
        self.steps.push(Step {
            line,
            mask,
            kind,
            path,
            stack_depth: self.depth,
        });
    }

    fn block(&mut self, nodes: &[Node<'_>], mask: u32) {
        for node in nodes {
            let active = mask & !self.exited;
            if active == 0 || self.truncated {
                return;
            }
            match node {
                Node::Op { line } => self.push(*line, active, StepKind::Instruction),
                Node::Return { line } => {
                    self.push(*line, active, StepKind::Return);
                    self.exited |= active;
                }
                Node::If {
                    line,
                    end_line,
                    cond,
                    first,
                    then_body,
                    else_body,
                } => self.run_if(active, *line, *end_line, cond, *first, then_body, else_body),
                Node::Loop {
                    line,
                    end_line,
                    trips,
                    unroll,
                    body,
                } => self.run_loop(active, *line, *end_line, trips, *unroll, body),
            }
        }
    }

    #[allow(clippy::too_many_arguments)] // the fields of one `Node::If`
    fn run_if(
        &mut self,
        active: u32,
        line: u32,
        end_line: u32,
        cond: &Cond,
        first: BranchOrder,
        then_body: &[Node<'_>],
        else_body: &[Node<'_>],
    ) {
        self.push(line, active, StepKind::Branch);
        let input = self.input;
        let sides = split(active, |lane| cond.eval(input, lane));
        let diverged = sides.diverged();
        if diverged {
            self.divergent_branches += 1;
        }
        let then_side = (then_body, sides.taken, "then");
        let else_side = (else_body, sides.not_taken, "else");
        let order = match self.input.order_override.unwrap_or(first) {
            BranchOrder::ThenFirst => [then_side, else_side],
            BranchOrder::ElseFirst => [else_side, then_side],
        };
        for (body, side_mask, label) in order {
            if side_mask == 0 {
                continue;
            }
            let before = self.steps.len();
            if diverged {
                self.path.push(label.to_string());
                self.depth += 1;
            }
            self.block(body, side_mask);
            if diverged {
                self.path.pop();
                self.depth -= 1;
                if self.steps.len() > before {
                    self.serialized_paths += 1;
                }
            }
        }
        if diverged {
            self.reconverge(end_line, active);
        }
    }

    fn run_loop(
        &mut self,
        active: u32,
        line: u32,
        end_line: u32,
        trips: &TripCount,
        unroll: u32,
        body: &[Node<'_>],
    ) {
        let input = self.input;
        let mut lane_trips = [0u32; WARP_SIZE as usize];
        for (lane, t) in (0u32..).zip(lane_trips.iter_mut()) {
            *t = trips.eval(input, lane);
        }
        let lanes_where = |pred: &dyn Fn(u32) -> bool, exited: u32| {
            split(active & !exited, |lane| {
                pred(lane_trips.get(lane as usize).copied().unwrap_or(0))
            })
            .taken
        };
        let mut pass = 0u32;
        let mut diverged = false;
        // Main part: blocks of `unroll` body copies while a lane has `unroll` trips left. Then
        // the remainder loop: pass r runs the lanes with more than r trips left over.
        let mut block_index = 0u32;
        loop {
            let needed = block_index + 1;
            let block_mask = lanes_where(&|t| t / unroll >= needed, self.exited);
            if block_mask == 0 || self.truncated {
                break;
            }
            self.push(line, block_mask, StepKind::LoopHeader);
            for _ in 0..unroll {
                pass += 1;
                diverged |= self.loop_pass(body, block_mask, active, pass);
            }
            block_index += 1;
        }
        for rest in 0..unroll.saturating_sub(1) {
            let rest_mask = lanes_where(&|t| t % unroll > rest, self.exited);
            if rest_mask == 0 || self.truncated {
                break;
            }
            self.push(line, rest_mask, StepKind::LoopHeader);
            pass += 1;
            diverged |= self.loop_pass(body, rest_mask, active, pass);
        }
        if diverged {
            self.reconverge(end_line, active);
        }
    }

    /// Runs one warp-level body pass; returns true when it ran with lanes dropped out.
    fn loop_pass(&mut self, body: &[Node<'_>], pass_mask: u32, entry: u32, pass: u32) -> bool {
        let mask = pass_mask & !self.exited;
        let partial = mask != 0 && mask != entry & !self.exited;
        if partial {
            self.divergent_loop_passes += 1;
            self.depth += 1;
        }
        self.path.push(format!("pass {pass}"));
        self.block(body, mask);
        self.path.pop();
        if partial {
            self.depth -= 1;
        }
        partial
    }

    fn reconverge(&mut self, end_line: u32, before: u32) {
        let mask = before & !self.exited;
        if mask != 0 {
            self.reconvergences.push(Reconvergence {
                step_index: self.steps.len(),
                line: end_line,
                mask,
            });
        }
    }
}

impl Program {
    /// The kernel as pseudo-CUDA, one string per line: the signature with `{`, the body indented
    /// by four spaces, `}`. Loops get a `#pragma unroll 1` (or an unroll comment) line above the
    /// `for`.
    pub fn listing(&self) -> Vec<String> {
        let mut lines = vec![format!("{} {{", self.signature)];
        layout(&self.body, 1, &mut lines);
        lines.push("}".to_string());
        lines
    }

    /// Runs one warp of the kernel under the SIMT-stack model. Deterministic; never panics;
    /// stops after [`MAX_STEPS`] steps. A warp past the end of the block issues nothing.
    pub fn run(&self, input: &WarpInput) -> SimtTrace {
        let mut lines = vec![String::new()];
        let nodes = layout(&self.body, 1, &mut lines);
        let launch = launch_mask(input.threads_per_block, input.warp_index);
        let mut exec = Exec {
            input,
            launch_mask: launch,
            steps: Vec::new(),
            reconvergences: Vec::new(),
            exited: 0,
            divergent_branches: 0,
            serialized_paths: 0,
            divergent_loop_passes: 0,
            truncated: false,
            path: Vec::new(),
            depth: 0,
        };
        exec.block(&nodes, launch);
        SimtTrace {
            launch_mask: exec.launch_mask,
            steps: exec.steps,
            reconvergences: exec.reconvergences,
            divergent_branches: exec.divergent_branches,
            serialized_paths: exec.serialized_paths,
            divergent_loop_passes: exec.divergent_loop_passes,
            truncated: exec.truncated,
        }
    }
}

/// A course example: a stable id, a title, the program and the warp it runs by default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Preset {
    /// Stable id for URLs and tests, e.g. `"odd-even"`.
    pub id: &'static str,
    /// Short title for a menu.
    pub title: &'static str,
    /// One sentence on what the preset shows.
    pub summary: &'static str,
    /// The kernel.
    pub program: Program,
    /// Default warp and parameters.
    pub input: WarpInput,
}

impl Preset {
    /// The kernel listing ([`Program::listing`]).
    pub fn listing(&self) -> Vec<String> {
        self.program.listing()
    }

    /// Runs the preset with its default input.
    pub fn run(&self) -> SimtTrace {
        self.program.run(&self.input)
    }
}

/// Ids of [`presets`], in menu order.
pub const PRESET_IDS: [&str; 11] = [
    "odd-even",
    "warp-aligned",
    "lane-lt-16",
    "bounds-check",
    "partial-warp",
    "nested-if",
    "loop-per-lane",
    "loop-per-lane-o3",
    "loop-trips-lane",
    "data-dependent",
    "early-return",
];

fn op(text: &str) -> Stmt {
    Stmt::Op(text.to_string())
}

fn if_else(cond: Cond, then_body: Vec<Stmt>, else_body: Vec<Stmt>, first: BranchOrder) -> Stmt {
    Stmt::If {
        cond,
        then_body,
        else_body,
        first,
    }
}

fn lane_loop(trips: TripCount, unroll: u32) -> Program {
    Program {
        signature: "__global__ void per_lane_loop(float* out, const float* x)".to_string(),
        body: vec![
            op("int lane = threadIdx.x % 32;"),
            op("float acc = 0.0f;"),
            Stmt::Loop {
                trips,
                unroll,
                body: vec![op("acc += x[t];")],
            },
            op("out[threadIdx.x] = acc;"),
        ],
    }
}

fn odd_even_program(name: &str, cond: Cond) -> Program {
    Program {
        signature: format!("__global__ void {name}(float* a, const float* x)"),
        body: vec![
            op("float v = x[threadIdx.x];"),
            if_else(
                cond,
                vec![op("a[threadIdx.x] = f(v);")],
                vec![op("a[threadIdx.x] = g(v);")],
                BranchOrder::ElseFirst,
            ),
            op("a[threadIdx.x] *= 2.0f;"),
        ],
    }
}

/// Builds the preset `id` (one of [`PRESET_IDS`]); `None` for an unknown id.
pub fn preset(id: &str) -> Option<Preset> {
    let warp0 = WarpInput::default();
    let p = match id {
        "odd-even" => Preset {
            id: "odd-even",
            title: "Odd and even lanes",
            summary: "if (threadIdx.x % 2 == 0): both paths run one after the other, 16 of 32 lanes each.",
            program: odd_even_program(
                "odd_even",
                Cond::TidDivMod {
                    divisor: 1,
                    modulus: 2,
                    residue: 0,
                },
            ),
            input: warp0,
        },
        "warp-aligned" => Preset {
            id: "warp-aligned",
            title: "Warp-aligned branch",
            summary: "Same work split by (threadIdx.x / 32) % 2: every warp takes one side, no divergence.",
            program: odd_even_program(
                "warp_aligned",
                Cond::TidDivMod {
                    divisor: 32,
                    modulus: 2,
                    residue: 0,
                },
            ),
            input: WarpInput {
                threads_per_block: 64,
                warp_index: 1,
                ..warp0
            },
        },
        "lane-lt-16" => Preset {
            id: "lane-lt-16",
            title: "Half warp: lane < 16",
            summary: "The lower and upper half-warps take different sides.",
            program: Program {
                signature: "__global__ void half_warp(float* a, const float* x)".to_string(),
                body: vec![
                    op("int lane = threadIdx.x % 32;"),
                    if_else(
                        Cond::LaneBelow(16),
                        vec![op("a[threadIdx.x] = f(x[lane]);")],
                        vec![op("a[threadIdx.x] = g(x[lane]);")],
                        BranchOrder::ElseFirst,
                    ),
                    op("a[threadIdx.x] *= 2.0f;"),
                ],
            },
            input: warp0,
        },
        "bounds-check" => Preset {
            id: "bounds-check",
            title: "Boundary check i < n",
            summary: "n = 1000 is not a multiple of 32: only the warp holding i = 992..1023 diverges.",
            program: Program {
                signature: "__global__ void saxpy(int n, float a, const float* x, float* y)"
                    .to_string(),
                body: vec![
                    op("int i = blockIdx.x * blockDim.x + threadIdx.x;"),
                    if_else(
                        Cond::InBounds,
                        vec![op("y[i] = a * x[i] + y[i];")],
                        Vec::new(),
                        BranchOrder::ThenFirst,
                    ),
                ],
            },
            // Block 3 of 256 threads covers i = 768..1023; warp 7 holds i = 992..1023.
            input: WarpInput {
                threads_per_block: 256,
                block_index: 3,
                warp_index: 7,
                n: 1000,
                ..warp0
            },
        },
        "partial-warp" => Preset {
            id: "partial-warp",
            title: "Partial last warp (blockDim 48)",
            summary: "Warp 1 of a 48-thread block launches with 16 lanes: mask 0x0000ffff.",
            program: Program {
                signature: "__global__ void scale(float* a)".to_string(),
                body: vec![op("float v = a[threadIdx.x];"), op("a[threadIdx.x] = 2.0f * v;")],
            },
            input: WarpInput {
                threads_per_block: 48,
                warp_index: 1,
                ..warp0
            },
        },
        "nested-if" => Preset {
            id: "nested-if",
            title: "Nested if",
            summary: "Masks AND together; the H200 ran the outer else first.",
            program: Program {
                signature: "__global__ void nested(float* out, const float* x)".to_string(),
                body: vec![
                    op("int lane = threadIdx.x % 32;"),
                    if_else(
                        Cond::LaneBelow(16),
                        vec![
                            op("float a = f(x[lane]);"),
                            if_else(
                                Cond::LaneDivMod {
                                    divisor: 1,
                                    modulus: 4,
                                    residue: 0,
                                },
                                vec![op("a += 1.0f;")],
                                vec![op("a -= 1.0f;")],
                                BranchOrder::ThenFirst,
                            ),
                            op("out[lane] = a;"),
                        ],
                        vec![
                            op("float b = g(x[lane]);"),
                            if_else(
                                Cond::LaneDivMod {
                                    divisor: 1,
                                    modulus: 3,
                                    residue: 0,
                                },
                                vec![op("b *= 3.0f;")],
                                Vec::new(),
                                BranchOrder::ThenFirst,
                            ),
                            op("out[lane] = b;"),
                        ],
                        BranchOrder::ElseFirst,
                    ),
                    op("out[lane] += 1.0f;"),
                ],
            },
            input: warp0,
        },
        "loop-per-lane" => Preset {
            id: "loop-per-lane",
            title: "Loop with per-lane trip count",
            summary: "lane % 5 + 1 trips, #pragma unroll 1: 5 passes, lanes drop out as they finish.",
            program: lane_loop(TripCount::LaneModPlusOne(5), 1),
            input: warp0,
        },
        "loop-per-lane-o3" => Preset {
            id: "loop-per-lane-o3",
            title: "The same loop as nvcc -O3 compiles it",
            summary: "Unrolled 4x, as measured on the H200: 4 copies under the lanes with >= 4 trips, then 3 remainder passes = 7.",
            program: lane_loop(TripCount::LaneModPlusOne(5), 4),
            input: warp0,
        },
        "loop-trips-lane" => Preset {
            id: "loop-trips-lane",
            title: "Loop with trip count = lane",
            summary: "31 passes; pass t runs lanes t+1..31, so lane efficiency is about 1/2.",
            program: lane_loop(TripCount::Lane, 1),
            input: warp0,
        },
        "data-dependent" => Preset {
            id: "data-dependent",
            title: "Data-dependent branch",
            summary: "Branch on data[i]: every warp diverges in its own random way (seeded).",
            program: Program {
                signature: "__global__ void data_branch(const int* data, float* out)".to_string(),
                body: vec![
                    op("int i = blockIdx.x * blockDim.x + threadIdx.x;"),
                    if_else(
                        Cond::DataNonZero,
                        vec![op("out[i] = f(i);")],
                        vec![op("out[i] = g(i);")],
                        BranchOrder::ThenFirst,
                    ),
                    op("out[i] *= 2.0f;"),
                ],
            },
            input: warp0,
        },
        "early-return" => Preset {
            id: "early-return",
            title: "Early return",
            summary: "if (lane >= 20) return; leaves 20 lanes: 0x000fffff for the rest of the kernel.",
            program: Program {
                signature: "__global__ void early_exit(float* a)".to_string(),
                body: vec![
                    op("int lane = threadIdx.x % 32;"),
                    if_else(
                        Cond::LaneAtLeast(20),
                        vec![Stmt::Return],
                        Vec::new(),
                        BranchOrder::ThenFirst,
                    ),
                    op("a[lane] = 1.0f;"),
                    op("a[lane] *= 2.0f;"),
                ],
            },
            input: warp0,
        },
        _ => return None,
    };
    Some(p)
}

/// Every preset, in [`PRESET_IDS`] order.
pub fn presets() -> Vec<Preset> {
    PRESET_IDS.iter().filter_map(|id| preset(id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn launch_mask_edges() {
        assert_eq!(launch_mask(0, 0), 0);
        assert_eq!(launch_mask(32, 0), FULL_MASK);
        assert_eq!(launch_mask(33, 1), 1);
        assert_eq!(launch_mask(u32::MAX, u32::MAX), 0);
        assert_eq!(launch_mask(u32::MAX, 0), FULL_MASK);
        assert_eq!(warps_per_block(48), 2);
        assert_eq!(warps_per_block(0), 0);
        assert_eq!(warps_per_block(u32::MAX), 134_217_728);
        assert_eq!(launch_mask(u32::MAX, 134_217_727), 0x7fff_ffff);
    }

    #[test]
    fn odd_even_splits_into_two_half_masks() {
        let s = split(FULL_MASK, |lane| lane % 2 == 1);
        assert_eq!((s.taken, s.not_taken), (0xaaaa_aaaa, 0x5555_5555));
        assert!(s.diverged());
    }

    #[test]
    fn every_preset_id_resolves_and_lines_are_in_the_listing() {
        for id in PRESET_IDS {
            let p = preset(id).expect("known id");
            assert_eq!(p.id, id);
            let n = p.listing().len() as u32;
            assert!(p.run().steps.iter().all(|s| s.line < n), "{id}");
        }
        assert!(preset("nope").is_none());
    }
}
