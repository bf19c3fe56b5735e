//! One warp running the compiled kernel: 32 lanes under an active mask, a SIMT stack of
//! `if` and loop frames, lanes parked by `break`/`continue` and retired by `return`.
//!
//! The stack follows spec §3 (PG "SIMT Architecture"): at a divergent `if` the `then` lanes run
//! first, then the `else` lanes, and all reconverge after the `if`; a loop runs while any lane
//! stays, and its lanes reconverge after it; `continue` lanes wait for the next iteration,
//! `break` lanes for the loop's end, `return` lanes leave for good. An operation runs only with
//! at least one active lane.

use super::counters::LineCounters;
use super::error::RunError;
use super::exec_ops::{arith, compare, cvt, truth_mask, unary, write_masked, Lanes};
use super::ir::{Arith, Builtin, Op, Program, SharedArray};
use super::memory::GlobalMemory;
use super::trace::{BranchEvent, BranchKind, TraceEvent, TraceStep, MAX_TRACE_STEPS};
use super::types::ScalarType;

/// Most warp-level steps one launch may run.
pub const STEP_LIMIT: u64 = 50_000_000;

/// Most iterations of one loop in one warp (one entry of the loop).
pub const LOOP_LIMIT: u64 = 1 << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WarpState {
    Ready,
    /// Waiting at the `__syncthreads()` at this source line, operation `pc` (two barriers on
    /// one line are two statements).
    AtBarrier {
        line: u32,
        pc: u32,
    },
    Done,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Frame {
    If {
        resume: u32,
        pending: u32,
        else_pc: u32,
        end_pc: u32,
        in_else: bool,
    },
    Loop {
        entry: u32,
        brk: u32,
        cont: u32,
        cont_pc: u32,
        end_pc: u32,
        iterations: u64,
    },
}

pub(crate) struct Warp {
    pub index: u32,
    pub regs: Vec<Lanes>,
    pub init: Vec<u32>,
    pub pc: u32,
    pub active: u32,
    pub exited: u32,
    pub launch_mask: u32,
    pub frames: Vec<Frame>,
    pub masks: Vec<u32>,
    pub state: WarpState,
    pub tid: [[u32; 32]; 3],
    pub counts: LineCounters,
}

/// What a warp reads but does not change.
pub(crate) struct Env<'a> {
    pub prog: &'a Program,
    pub shared: &'a [SharedArray],
    pub buffer_names: &'a [String],
    pub block: [u32; 3],
    pub block_dim: [u32; 3],
    pub grid_dim: [u32; 3],
    /// The warp being traced, if it is in this block.
    pub trace_warp: Option<u32>,
}

/// What warps share and change.
pub(crate) struct Machine {
    pub memory: GlobalMemory,
    pub smem: Vec<u8>,
    pub lines: Vec<LineCounters>,
    pub steps: u64,
    pub step_limit: u64,
    pub events: Vec<TraceEvent>,
    pub trace_steps: Vec<TraceStep>,
    pub trace_truncated: bool,
}

impl Warp {
    pub fn new(n_regs: u32, n_tracked: usize) -> Warp {
        Warp {
            index: 0,
            regs: vec![[0; 32]; n_regs as usize],
            init: vec![0; n_tracked],
            pc: 0,
            active: 0,
            exited: 0,
            launch_mask: 0,
            frames: Vec::new(),
            masks: Vec::new(),
            state: WarpState::Done,
            tid: [[0; 32]; 3],
            counts: LineCounters::default(),
        }
    }

    pub(crate) fn thread(&self, lane: usize) -> [u32; 3] {
        [self.tid[0][lane], self.tid[1][lane], self.tid[2][lane]]
    }

    /// Lanes not parked by `break`/`continue` of the innermost loop and not returned.
    fn alive(&self) -> u32 {
        let mut removed = self.exited;
        for f in self.frames.iter().rev() {
            if let Frame::Loop { brk, cont, .. } = f {
                removed |= brk | cont;
                break;
            }
        }
        !removed
    }

    /// The mask is empty: go to the innermost frame's next control point (or finish).
    fn unwind(&mut self) {
        match self.frames.last() {
            None => self.state = WarpState::Done,
            Some(Frame::If {
                in_else: false,
                else_pc,
                ..
            }) => self.pc = *else_pc,
            Some(Frame::If { end_pc, .. }) => self.pc = *end_pc,
            Some(Frame::Loop { cont_pc, .. }) => self.pc = *cont_pc,
        }
    }

    fn innermost_loop(&mut self) -> Option<&mut Frame> {
        self.frames
            .iter_mut()
            .rev()
            .find(|f| matches!(f, Frame::Loop { .. }))
    }
}

pub(crate) fn first_lane(mask: u32) -> usize {
    mask.trailing_zeros() as usize
}

/// Runs warp `w` until it waits at a barrier, finishes, or `budget` steps are spent.
// Lanes are indexed in lockstep over fixed 32-lane arrays: the form that vectorises.
#[allow(clippy::needless_range_loop)]
pub(crate) fn run_warp(
    env: &Env,
    m: &mut Machine,
    w: &mut Warp,
    budget: &mut u64,
) -> Result<(), RunError> {
    let prog = env.prog;
    let tracing = env.trace_warp == Some(w.index);
    // Every operation that uses it writes all 32 lanes first.
    let mut out: Lanes = [0; 32];
    while *budget > 0 && w.state == WarpState::Ready {
        let pc = w.pc as usize;
        let Some(&op) = prog.ops.get(pc) else {
            w.state = WarpState::Done;
            w.active = 0;
            return Ok(());
        };
        let pos = prog.pos.get(pc).copied().unwrap_or_default();
        let line = pos.line;
        *budget -= 1;
        m.steps += 1;
        if m.steps > m.step_limit {
            return Err(RunError::StepLimit {
                line,
                limit: m.step_limit,
            });
        }
        let active = w.active;
        let n = u64::from(active.count_ones());
        if active != 0 && op.is_instruction() {
            if let Some(lc) = m.lines.get_mut(line as usize) {
                lc.warp_instructions += 1;
                lc.active_lanes += n;
            }
            w.counts.warp_instructions += 1;
            w.counts.active_lanes += n;
            if tracing {
                if m.trace_steps.len() < MAX_TRACE_STEPS {
                    m.trace_steps.push(TraceStep {
                        line,
                        active_mask: active,
                    });
                } else {
                    m.trace_truncated = true;
                }
            }
        }
        w.pc += 1;
        match op {
            Op::Const { dst, bits } => write_masked(&mut w.regs[dst as usize], &[bits; 32], active),
            Op::Mov { dst, src } => {
                let v = w.regs[src as usize];
                write_masked(&mut w.regs[dst as usize], &v, active);
            }
            Op::Builtin { dst, which, axis } => {
                let a = axis.min(2) as usize;
                match which {
                    Builtin::ThreadIdx => {
                        for l in 0..32 {
                            out[l] = u64::from(w.tid[a][l]);
                        }
                    }
                    Builtin::BlockIdx => out = [u64::from(env.block[a]); 32],
                    Builtin::BlockDim => out = [u64::from(env.block_dim[a]); 32],
                    Builtin::GridDim => out = [u64::from(env.grid_dim[a]); 32],
                }
                write_masked(&mut w.regs[dst as usize], &out, active);
            }
            Op::Arith {
                op: aop,
                ty,
                dst,
                a,
                b,
            } => {
                let zero = arith(aop, ty, &w.regs[a as usize], &w.regs[b as usize], &mut out);
                if zero & active != 0 {
                    let l = first_lane(zero & active);
                    return Err(RunError::DivisionByZero {
                        line,
                        block: env.block,
                        thread: w.thread(l),
                    });
                }
                if ty.is_floating()
                    && matches!(aop, Arith::Add | Arith::Sub | Arith::Mul | Arith::Div)
                {
                    let f = |c: &mut LineCounters| {
                        if ty == ScalarType::Float {
                            c.fp32_flops += n;
                        } else {
                            c.fp64_flops += n;
                        }
                    };
                    f(&mut w.counts);
                    if let Some(lc) = m.lines.get_mut(line as usize) {
                        f(lc);
                    }
                }
                write_masked(&mut w.regs[dst as usize], &out, active);
            }
            Op::Cmp {
                op: cop,
                ty,
                dst,
                a,
                b,
            } => {
                compare(cop, ty, &w.regs[a as usize], &w.regs[b as usize], &mut out);
                write_masked(&mut w.regs[dst as usize], &out, active);
            }
            Op::Unary {
                op: uop,
                ty,
                dst,
                a,
            } => {
                unary(uop, ty, &w.regs[a as usize], &mut out);
                write_masked(&mut w.regs[dst as usize], &out, active);
            }
            Op::Cvt { from, to, dst, src } => {
                cvt(from, to, &w.regs[src as usize], &mut out);
                write_masked(&mut w.regs[dst as usize], &out, active);
            }
            Op::Select { cond, dst, a, b } => {
                let c = w.regs[cond as usize];
                let (x, y) = (&w.regs[a as usize], &w.regs[b as usize]);
                for l in 0..32 {
                    out[l] = if c[l] as u32 != 0 { x[l] } else { y[l] };
                }
                write_masked(&mut w.regs[dst as usize], &out, active);
            }
            Op::Load { mem } | Op::Store { mem } => {
                let Some(mr) = prog.mems.get(mem as usize) else {
                    continue;
                };
                super::exec_mem::memory_op(env, m, w, mr, pos, tracing)?;
            }
            Op::If {
                cond,
                ty,
                else_pc,
                end_pc,
            } => {
                let t = active & truth_mask(&w.regs[cond as usize], ty);
                branch(m, w, line, BranchKind::If, active, t, tracing);
                let pending = active & !t;
                if t != 0 {
                    w.frames.push(Frame::If {
                        resume: active,
                        pending,
                        else_pc,
                        end_pc,
                        in_else: false,
                    });
                    w.active = t;
                } else {
                    w.frames.push(Frame::If {
                        resume: active,
                        pending: 0,
                        else_pc,
                        end_pc,
                        in_else: true,
                    });
                    w.active = pending;
                    w.pc = else_pc + 1;
                }
            }
            Op::Else => {
                if let Some(Frame::If {
                    pending,
                    in_else,
                    end_pc,
                    ..
                }) = w.frames.last_mut()
                {
                    *in_else = true;
                    if *pending != 0 {
                        w.active = *pending;
                        *pending = 0;
                    } else {
                        w.pc = *end_pc;
                    }
                }
            }
            Op::EndIf => {
                if let Some(Frame::If { resume, .. }) = w.frames.pop() {
                    w.active = resume & w.alive();
                    if w.active == 0 {
                        w.unwind();
                    }
                }
            }
            Op::LoopEnter { cont_pc, end_pc } => {
                w.frames.push(Frame::Loop {
                    entry: active,
                    brk: 0,
                    cont: 0,
                    cont_pc,
                    end_pc,
                    iterations: 0,
                });
            }
            Op::LoopTest { cond, ty } => {
                let t = active & truth_mask(&w.regs[cond as usize], ty);
                branch(m, w, line, BranchKind::Loop, active, t, tracing);
                w.active = t;
                if t == 0 {
                    if let Some(Frame::Loop { end_pc, .. }) = w.frames.last() {
                        w.pc = *end_pc;
                    }
                }
            }
            Op::LoopCont => {
                let exited = w.exited;
                if let Some(Frame::Loop { cont, end_pc, .. }) = w.frames.last_mut() {
                    w.active = (active | *cont) & !exited;
                    *cont = 0;
                    if w.active == 0 {
                        w.pc = *end_pc;
                    }
                }
            }
            Op::LoopBack { top } => {
                if let Some(Frame::Loop {
                    iterations, end_pc, ..
                }) = w.frames.last_mut()
                {
                    *iterations += 1;
                    if *iterations > LOOP_LIMIT {
                        return Err(RunError::LoopLimit {
                            line,
                            limit: LOOP_LIMIT,
                        });
                    }
                    w.pc = if active == 0 { *end_pc } else { top };
                }
            }
            Op::LoopExit => {
                if let Some(Frame::Loop { entry, .. }) = w.frames.pop() {
                    w.active = entry & !w.exited;
                    if w.active == 0 {
                        w.unwind();
                    }
                }
            }
            Op::Break | Op::Continue => {
                if let Some(Frame::Loop { brk, cont, .. }) = w.innermost_loop() {
                    if op == Op::Break {
                        *brk |= active;
                    } else {
                        *cont |= active;
                    }
                }
                w.active = 0;
                w.unwind();
            }
            Op::Return => {
                w.exited |= active;
                w.active = 0;
                w.unwind();
            }
            Op::Barrier => {
                let live = w.launch_mask & !w.exited;
                if active != live {
                    return Err(RunError::BarrierInDivergentCode {
                        line,
                        block: env.block,
                        warp: w.index,
                        active_mask: active,
                        live_mask: live,
                    });
                }
                if tracing {
                    m.events.push(TraceEvent::Barrier { line, mask: active });
                }
                w.state = WarpState::AtBarrier {
                    line,
                    pc: pc as u32,
                };
            }
            Op::MaskPush {
                cond,
                ty,
                negate,
                skip_to,
            } => {
                let truth = truth_mask(&w.regs[cond as usize], ty);
                let t = active & if negate { !truth } else { truth };
                branch(m, w, line, BranchKind::Condition, active, t, tracing);
                w.masks.push(active);
                w.active = t;
                if t == 0 {
                    w.pc = skip_to;
                }
            }
            Op::MaskPop => {
                if let Some(saved) = w.masks.pop() {
                    w.active = saved;
                }
            }
            Op::DeclUninit { first, count } => {
                for id in first..first + count {
                    if let Some(i) = w.init.get_mut(id as usize) {
                        *i &= !active;
                    }
                }
            }
            Op::CheckInit { id } => {
                let init = w.init.get(id as usize).copied().unwrap_or(u32::MAX);
                if active & !init != 0 {
                    let name = prog
                        .tracked_names
                        .get(id as usize)
                        .cloned()
                        .unwrap_or_default();
                    return Err(RunError::UninitializedRead { line, name });
                }
            }
            Op::MarkInit { id } => {
                if let Some(i) = w.init.get_mut(id as usize) {
                    *i |= active;
                }
            }
        }
    }
    Ok(())
}

fn branch(
    m: &mut Machine,
    w: &mut Warp,
    line: u32,
    kind: BranchKind,
    before: u32,
    taken: u32,
    tracing: bool,
) {
    let diverged = taken != 0 && taken != before;
    w.counts.branches += 1;
    w.counts.divergent_branches += u64::from(diverged);
    if let Some(lc) = m.lines.get_mut(line as usize) {
        lc.branches += 1;
        lc.divergent_branches += u64::from(diverged);
    }
    if tracing {
        m.events.push(TraceEvent::Branch(BranchEvent {
            line,
            kind,
            mask_before: before,
            taken,
        }));
    }
}
