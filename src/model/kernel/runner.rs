//! The launch: blocks one after another in blockIdx order (x fastest), the warps of a block in
//! turn, each until it finishes or waits at `__syncthreads()`; the barrier opens when every
//! warp that has not exited waits at it. Resumable: [`Runner::step`] runs a budget of steps
//! and returns, so a browser can spread a large launch over many short tasks.

use serde::{Deserialize, Serialize};

use super::counters::{BufferTraffic, LineCounters, Report, WarpCounters};
use super::error::{LaunchProblem, RunError};
use super::exec::{run_warp, Env, Machine, Warp, WarpState};
use super::ir::{ParamKind, Reg};
use super::memory::GlobalMemory;
use super::trace::WarpTrace;
use super::types::{bits_of_float, bits_of_int, ScalarType};
use super::{Kernel, Launch};
use crate::model::simt::launch_mask;

/// Most threads a launch may have in the lab (2^22): the per-warp counts of a report stay
/// under about 20 MB.
pub const MAX_GRID_THREADS: u64 = 1 << 22;

/// Block limits (PG "Compute Capabilities", technical specifications, CC 7.0–12.0).
const MAX_BLOCK_THREADS: u32 = 1024;
const MAX_BLOCK_DIM: [u32; 3] = [1024, 1024, 64];
const MAX_GRID_DIM: [u32; 3] = [i32::MAX as u32, 65535, 65535];

/// A scalar argument's value: an integer, or a real for `float`/`double` parameters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum ArgValue {
    Int(i64),
    Float(f64),
}

/// How far a [`Runner`] has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Blocks finished.
    pub done_blocks: u64,
    /// Blocks the runner will run.
    pub total_blocks: u64,
    /// Warp-level steps so far.
    pub steps: u64,
}

impl Progress {
    /// True when every block has run.
    pub fn is_done(&self) -> bool {
        self.done_blocks >= self.total_blocks
    }
}

/// A launch in progress.
pub struct Runner {
    kernel: Kernel,
    grid: [u32; 3],
    block_dim: [u32; 3],
    threads_per_block: u32,
    params: Vec<(Reg, u64)>,
    buffer_names: Vec<String>,
    machine: Machine,
    warps: Vec<Warp>,
    next_block: u64,
    end_block: u64,
    current: Option<([u32; 3], usize)>,
    done_blocks: u64,
    total_blocks: u64,
    trace_warp: Option<u32>,
    warp_counts: Vec<WarpCounters>,
    error: Option<RunError>,
}

fn check_launch(grid: [u32; 3], block: [u32; 3]) -> Result<(), RunError> {
    let axes = ['x', 'y', 'z'];
    for (is_grid, dims, limits) in [(false, block, MAX_BLOCK_DIM), (true, grid, MAX_GRID_DIM)] {
        for k in 0..3 {
            if dims[k] == 0 {
                return Err(RunError::InvalidLaunch(LaunchProblem::ZeroDimension {
                    grid: is_grid,
                    axis: axes[k],
                }));
            }
            if dims[k] > limits[k] {
                return Err(RunError::InvalidLaunch(LaunchProblem::DimensionTooLarge {
                    grid: is_grid,
                    axis: axes[k],
                    value: dims[k],
                    limit: limits[k],
                }));
            }
        }
    }
    let tpb: u64 = block.iter().map(|d| u64::from(*d)).product();
    if tpb > u64::from(MAX_BLOCK_THREADS) {
        return Err(RunError::InvalidLaunch(LaunchProblem::BlockTooLarge {
            threads: tpb,
            limit: MAX_BLOCK_THREADS,
        }));
    }
    // Saturating: the largest grid the limits above allow has 2^73 threads.
    let threads = grid
        .iter()
        .fold(tpb, |n, d| n.saturating_mul(u64::from(*d)));
    if threads > MAX_GRID_THREADS {
        return Err(RunError::InvalidLaunch(LaunchProblem::GridTooLarge {
            threads,
            limit: MAX_GRID_THREADS,
        }));
    }
    Ok(())
}

fn arg_bits(name: &str, ty: ScalarType, v: ArgValue) -> Result<u64, RunError> {
    let out_of_range = |value: i64| RunError::ArgumentOutOfRange {
        name: name.into(),
        value,
        ty: ty.c_name().into(),
    };
    let int = |v: ArgValue| -> Result<i64, RunError> {
        match v {
            ArgValue::Int(i) => Ok(i),
            ArgValue::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e18 => Ok(f as i64),
            ArgValue::Float(f) => Err(out_of_range(f as i64)),
        }
    };
    Ok(match ty {
        ScalarType::Int => {
            let i = int(v)?;
            i32::try_from(i).map_err(|_| out_of_range(i))?;
            bits_of_int(i, ty)
        }
        ScalarType::UInt => {
            let i = int(v)?;
            u32::try_from(i).map_err(|_| out_of_range(i))?;
            bits_of_int(i, ty)
        }
        ScalarType::Bool => {
            let i = int(v)?;
            if !(0..=1).contains(&i) {
                return Err(out_of_range(i));
            }
            bits_of_int(i, ty)
        }
        ScalarType::Float | ScalarType::Double => match v {
            ArgValue::Int(i) => bits_of_int(i, ty),
            ArgValue::Float(f) => bits_of_float(f, ty),
        },
    })
}

impl Runner {
    /// A runner for `launch`, its scalar arguments given as integers (a `float` or `double`
    /// parameter gets the integer converted, rounded to nearest).
    pub fn new(kernel: &Kernel, launch: &Launch) -> Result<Runner, RunError> {
        let args: Vec<(String, ArgValue)> = launch
            .args
            .iter()
            .map(|(n, v)| (n.clone(), ArgValue::Int(*v)))
            .collect();
        Runner::with_values(kernel, launch.grid, launch.block, &args)
    }

    /// A runner whose scalar arguments may be reals ([`ArgValue::Float`] for `float`/`double`
    /// parameters, rounded to nearest for `float`). Later entries with the same name win.
    pub fn with_values(
        kernel: &Kernel,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[(String, ArgValue)],
    ) -> Result<Runner, RunError> {
        check_launch(grid, block)?;
        for (name, _) in args {
            let known = kernel
                .params
                .iter()
                .any(|p| p.name == *name && matches!(p.kind, ParamKind::Scalar { .. }));
            if !known {
                return Err(RunError::UnknownArgument { name: name.clone() });
            }
        }
        let mut params = Vec::new();
        for (i, reg) in &kernel.program.param_regs {
            let Some(p) = kernel.params.get(*i) else {
                continue;
            };
            let ParamKind::Scalar { ty } = p.kind else {
                continue;
            };
            let Some((_, v)) = args.iter().rev().find(|(n, _)| *n == p.name) else {
                return Err(RunError::MissingArgument {
                    name: p.name.clone(),
                });
            };
            params.push((*reg, arg_bits(&p.name, ty, *v)?));
        }
        let mut comps = Vec::new();
        let mut buffer_names = Vec::new();
        for p in &kernel.params {
            if let ParamKind::Pointer { elem, .. } = p.kind {
                comps.push(elem.component());
                buffer_names.push(p.name.clone());
            }
        }
        let threads_per_block = block[0] * block[1] * block[2];
        let warps_per_block = threads_per_block.div_ceil(32);
        let total_blocks = grid.iter().map(|d| u64::from(*d)).product();
        let n_tracked = kernel.program.tracked_names.len();
        let machine = Machine {
            memory: GlobalMemory::new(&comps),
            smem: vec![0; kernel.static_smem_bytes() as usize],
            lines: vec![LineCounters::default(); kernel.program.max_line as usize + 1],
            steps: 0,
            step_limit: super::STEP_LIMIT,
            events: Vec::new(),
            trace_steps: Vec::new(),
            trace_truncated: false,
        };
        Ok(Runner {
            kernel: kernel.clone(),
            grid,
            block_dim: block,
            threads_per_block,
            params,
            buffer_names,
            machine,
            warps: (0..warps_per_block)
                .map(|_| Warp::new(kernel.program.n_regs, n_tracked))
                .collect(),
            next_block: 0,
            end_block: total_blocks,
            current: None,
            done_blocks: 0,
            total_blocks,
            trace_warp: None,
            warp_counts: Vec::new(),
            error: None,
        })
    }

    /// Lowers (or raises) the step limit of this launch (default [`super::STEP_LIMIT`]).
    pub fn set_step_limit(&mut self, steps: u64) {
        self.machine.step_limit = steps;
    }

    /// The progress so far.
    pub fn progress(&self) -> Progress {
        Progress {
            done_blocks: self.done_blocks,
            total_blocks: self.total_blocks,
            steps: self.machine.steps,
        }
    }

    /// Runs about `budget` warp-level steps (at least one), then returns. Err once the kernel
    /// fails; every later call returns the same error. A step costs about 0.1–0.2 µs natively
    /// and in V8's wasm (`tools/lab-node.mjs`: the 2^20-thread copy in
    /// slices of 100,000 steps took at most 18 ms a slice), so 100,000 keeps a browser task
    /// well under 50 ms.
    pub fn step(&mut self, budget: u64) -> Result<Progress, RunError> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        let mut left = budget.max(1);
        while left > 0 && self.done_blocks < self.total_blocks {
            if self.current.is_none() {
                if self.next_block >= self.end_block {
                    break;
                }
                self.start_block(self.next_block);
                self.next_block += 1;
            }
            match self.advance_block(&mut left) {
                Ok(true) => self.finish_block(),
                Ok(false) => {}
                Err(e) => {
                    self.error = Some(e.clone());
                    return Err(e);
                }
            }
        }
        Ok(self.progress())
    }

    fn start_block(&mut self, linear: u64) {
        let [gx, gy, _] = self.grid.map(u64::from);
        let idx = [
            (linear % gx) as u32,
            ((linear / gx) % gy) as u32,
            (linear / (gx * gy)) as u32,
        ];
        let [bx, by, _] = self.block_dim;
        let tpb = self.threads_per_block;
        for (i, w) in self.warps.iter_mut().enumerate() {
            let i = i as u32;
            w.index = i;
            w.launch_mask = launch_mask(tpb, i);
            w.active = w.launch_mask;
            w.exited = 0;
            w.pc = 0;
            w.frames.clear();
            w.masks.clear();
            w.state = WarpState::Ready;
            w.init.fill(0);
            w.counts = LineCounters::default();
            for l in 0..32u32 {
                let t = i * 32 + l;
                let (x, y, z) = if t < tpb {
                    (t % bx, (t / bx) % by, t / (bx * by))
                } else {
                    (0, 0, 0)
                };
                w.tid[0][l as usize] = x;
                w.tid[1][l as usize] = y;
                w.tid[2][l as usize] = z;
            }
            for (reg, bits) in &self.params {
                if let Some(r) = w.regs.get_mut(*reg as usize) {
                    *r = [*bits; 32];
                }
            }
        }
        self.machine.smem.fill(0);
        self.current = Some((idx, 0));
    }

    fn finish_block(&mut self) {
        if let Some((idx, _)) = self.current.take() {
            for w in &self.warps {
                self.warp_counts.push(WarpCounters {
                    block: idx,
                    warp: w.index,
                    counts: w.counts.clone(),
                });
            }
        }
        self.done_blocks += 1;
    }

    /// Runs the current block; `Ok(true)` when all its warps are done.
    fn advance_block(&mut self, budget: &mut u64) -> Result<bool, RunError> {
        let Runner {
            kernel,
            machine,
            warps,
            current,
            buffer_names,
            grid,
            block_dim,
            trace_warp,
            ..
        } = self;
        let Some((idx, cursor)) = current.as_mut() else {
            return Ok(true);
        };
        let env = Env {
            prog: &kernel.program,
            shared: &kernel.shared,
            buffer_names,
            block: *idx,
            block_dim: *block_dim,
            grid_dim: *grid,
            trace_warp: *trace_warp,
        };
        let n = warps.len();
        loop {
            if *budget == 0 {
                return Ok(false);
            }
            if let Some(w) = warps.get_mut(*cursor) {
                if w.state == WarpState::Ready {
                    run_warp(&env, machine, w, budget)?;
                    if w.state == WarpState::Ready {
                        return Ok(false);
                    }
                }
            }
            if let Some(next) = (1..=n)
                .map(|k| (*cursor + k) % n)
                .find(|&i| warps[i].state == WarpState::Ready)
            {
                *cursor = next;
                continue;
            }
            let mut first = None;
            for w in warps.iter() {
                if let WarpState::AtBarrier { line, pc } = w.state {
                    match first {
                        None => first = Some((line, pc)),
                        Some((x, at)) if at != pc => {
                            return Err(RunError::BarrierMismatch {
                                line: x,
                                other_line: line,
                                block: *idx,
                            })
                        }
                        _ => {}
                    }
                }
            }
            if first.is_none() {
                return Ok(true);
            }
            for w in warps.iter_mut() {
                if matches!(w.state, WarpState::AtBarrier { .. }) {
                    w.state = WarpState::Ready;
                }
            }
            *cursor = warps
                .iter()
                .position(|w| w.state == WarpState::Ready)
                .unwrap_or(0);
        }
    }

    /// Runs to the end and returns the counts.
    pub fn finish(mut self) -> Result<Report, RunError> {
        while !self.progress().is_done() {
            self.step(u64::MAX)?;
        }
        Ok(self.report())
    }

    fn report(self) -> Report {
        let mut totals = LineCounters::default();
        let mut lines = Vec::new();
        for (i, l) in self.machine.lines.into_iter().enumerate() {
            if l.warp_instructions > 0 {
                totals.add(&l);
                lines.push(LineCounters {
                    line: i as u32,
                    ..l
                });
            }
        }
        let buffers = self
            .buffer_names
            .iter()
            .zip(self.machine.memory.buffers.iter())
            .map(|(name, b)| BufferTraffic {
                name: name.clone(),
                load_sectors: b.load_sectors,
                store_sectors: b.store_sectors,
                extent_bytes: b.extent_bytes,
            })
            .collect();
        let tpb = u64::from(self.threads_per_block);
        Report {
            global_load: totals.global_load,
            global_store: totals.global_store,
            shared_load: totals.shared_load,
            shared_store: totals.shared_store,
            totals,
            lines,
            warps: self.warp_counts,
            buffers,
            blocks: self.total_blocks,
            threads: self.total_blocks * tpb,
            warps_launched: self.total_blocks * tpb.div_ceil(32),
            static_smem_bytes: self.kernel.static_smem_bytes(),
            steps: self.machine.steps,
        }
    }
}

/// Runs block `block` of the launch alone (every warp of it, for the barriers) and returns what
/// warp `warp` did. Global memory starts as in [`super::run`]; writes by other blocks are not
/// seen (CUDA orders no block before another).
pub fn trace_warp(
    kernel: &Kernel,
    launch: &Launch,
    block: [u32; 3],
    warp: u32,
) -> Result<WarpTrace, RunError> {
    let args: Vec<(String, ArgValue)> = launch
        .args
        .iter()
        .map(|(n, v)| (n.clone(), ArgValue::Int(*v)))
        .collect();
    trace_warp_with_values(kernel, launch.grid, launch.block, &args, block, warp)
}

/// [`trace_warp`] for a launch whose scalar arguments may be reals (as [`Runner::with_values`]
/// takes them): `grid` and `block_dim` are the launch's gridDim and blockDim, `block` and `warp`
/// the warp to trace.
pub fn trace_warp_with_values(
    kernel: &Kernel,
    grid: [u32; 3],
    block_dim: [u32; 3],
    args: &[(String, ArgValue)],
    block: [u32; 3],
    warp: u32,
) -> Result<WarpTrace, RunError> {
    let mut r = Runner::with_values(kernel, grid, block_dim, args)?;
    let warps = r.threads_per_block.div_ceil(32);
    if (0..3).any(|k| block[k] >= r.grid[k]) || warp >= warps {
        return Err(RunError::NoSuchWarp { block, warp });
    }
    let [gx, gy, _] = r.grid.map(u64::from);
    let linear = u64::from(block[0]) + gx * (u64::from(block[1]) + gy * u64::from(block[2]));
    r.next_block = linear;
    r.end_block = linear + 1;
    r.total_blocks = 1;
    r.trace_warp = Some(warp);
    while !r.progress().is_done() {
        r.step(u64::MAX)?;
    }
    Ok(WarpTrace {
        block,
        warp,
        launch_mask: launch_mask(r.threads_per_block, warp),
        events: r.machine.events,
        steps: r.machine.trace_steps,
        steps_truncated: r.machine.trace_truncated,
    })
}

/// Runs the launch and returns the first `n` scalars of buffer `name` afterwards (as bits of
/// the buffer's component type).
#[cfg(test)]
pub(crate) fn read_buffer(
    kernel: &Kernel,
    launch: &Launch,
    name: &str,
    n: usize,
) -> Result<Vec<u64>, RunError> {
    let mut r = Runner::new(kernel, launch)?;
    while !r.progress().is_done() {
        r.step(u64::MAX)?;
    }
    let Some(buf) = r.buffer_names.iter().position(|b| b == name) else {
        return Ok(Vec::new());
    };
    let comp = r.machine.memory.buffers[buf].comp;
    let cb = u64::from(comp.bytes());
    let mut out = Vec::new();
    for j in 0..n as u64 {
        let mut regs = [[0u64; 32]; 1];
        let offs = [j * cb; 32];
        r.machine
            .memory
            .access(buf, &offs, 1, comp, &mut regs, false)
            .map_err(|_| RunError::NoSuchWarp {
                block: [0; 3],
                warp: 0,
            })?;
        out.push(regs[0][0]);
    }
    Ok(out)
}
