//! Executing a [`Program`] for one warp: the listing, and the SIMT-stack interpreter behind
//! [`Program::run`].
//!
//! The SIMT stack is the Rust call stack of the interpreter (one frame per pending
//! reconvergence point), which for structured code is exactly the immediate-post-dominator
//! stack of spec §3 (PG "SIMT Architecture").

use super::*;

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
        // Each test of the loop's condition is issued for every lane still in the loop: those
        // that go on and those that leave after it (lane 0 of `t < lane` tests `0 < 0` once).
        // Main part: before each block of `unroll` body copies, the lanes still in the main loop
        // test whether they have `unroll` more trips. Then the remainder loop (`unroll` > 1):
        // every lane enters it, and before pass r the lanes still in it test for more than r
        // trips left over.
        let mut block_index = 0u32;
        loop {
            let tested = lanes_where(&|t| t / unroll >= block_index, self.exited);
            if tested == 0 || self.truncated {
                break;
            }
            self.push(line, tested, StepKind::LoopHeader);
            let block_mask = lanes_where(&|t| t / unroll > block_index, self.exited);
            if block_mask == 0 {
                break;
            }
            for _ in 0..unroll {
                pass += 1;
                diverged |= self.loop_pass(body, block_mask, active, pass);
            }
            block_index += 1;
        }
        for rest in 0..if unroll > 1 { unroll } else { 0 } {
            let tested = lanes_where(&|t| t % unroll >= rest, self.exited);
            if tested == 0 || self.truncated {
                break;
            }
            self.push(line, tested, StepKind::LoopHeader);
            let rest_mask = lanes_where(&|t| t % unroll > rest, self.exited);
            if rest_mask == 0 {
                break;
            }
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
