//! The course's divergence examples as [`Preset`]s: each a program, its pseudo-CUDA listing
//! and the warp it runs by default, with the branch order measured on the H200
//! (`tests/fixtures/simt_h200.json`). Looked up by id with [`preset`].

use super::*;

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
