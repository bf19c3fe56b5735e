//! The kernel lab: one `__global__` function in a CUDA C subset, run over the whole grid warp by
//! warp, counting what Nsight Compute counts on an NVIDIA H200 (measured on an H100 SXM, the
//! same SM: see "Measured").
//!
//! ```
//! use warpscope::model::kernel::{parse, run, Launch};
//! let k = parse("__global__ void copy(const float* in, float* out, int n) {
//!     int i = blockIdx.x * blockDim.x + threadIdx.x;
//!     if (i < n) out[i] = in[i];
//! }").expect("parses");
//! let r = run(&k, &Launch { grid: [4, 1, 1], block: [256, 1, 1], args: vec![("n".into(), 1000)] })
//!     .expect("runs");
//! // 1000 threads: 32 warps have an active lane; 31 full warps read 4 sectors, the last 8 lanes 1.
//! assert_eq!((r.global_load.requests, r.global_load.sectors), (32, 125));
//! ```
//!
//! # Pipeline
//! [`parse`] = a hand-written lexer ([`lexer`]: tokens, `#define` expansion) → a
//! recursive-descent parser ([`parser`], [`parse_expr`]) → a checked lowering to a compact IR
//! ([`compile`], [`compile_expr`], [`ir`]): resolved variable registers, typed operations,
//! SIMT-stack markers. [`run`] / [`Runner`] executes the IR one warp at a time, 32 lanes per
//! operation ([`exec`], [`exec_ops`]), with global and shared memory ([`memory`]) and the
//! counters ([`counters`]). Why hand-written: the subset is small (one function, no user types),
//! every error needs a typed reason and a line and column for two languages, the lab ships to
//! the browser (no parser-generator runtime, no new dependency), and C's few ambiguities (casts,
//! declarations) need two tokens of lookahead at most.
//!
//! # The subset
//! Supported: one `__global__ void` kernel (`__launch_bounds__` accepted); parameters `T*`,
//! `const T*`, `T* __restrict__`, … for `T` ∈ {`int`, `unsigned` (`unsigned int`), `float`,
//! `double`, `bool`, `float2`, `float4`} and scalar `int`, `unsigned`, `float`, `double`, `bool`;
//! local variables of those types (`const` too); `threadIdx`, `blockIdx`, `blockDim`,
//! `gridDim` with `.x/.y/.z`, `warpSize`; `__shared__` arrays of one or two dimensions (or
//! scalars), in the body or at file scope, with constant sizes (`#define`d constants, `const
//! int` variables, constant expressions like `TILE * (TILE + 1)`); every C operator on those
//! types with C semantics (see [`exec_ops`]: integer `/` `%` truncate, 32-bit wrap, shifts,
//! short-circuit `&&` `||`, `?:`, compound assignment, `++`/`--`, the comma operator); casts
//! `(float)i`, `float(i)`, `static_cast<float>(i)`; literals `2`, `2u`, `0x1f`, `010`, `2.0f`,
//! `2.0`, `1e-3f`, `true`; integer promotion and the usual arithmetic conversions
//! ([`types`]); `.x .y .z .w` on `float2`/`float4` values, variables and elements;
//! `make_float2`, `make_float4`; `if`/`else`, `for`, `while`, `do … while`, `break`,
//! `continue`, `return`; `__syncthreads()`; `min`, `max`, `abs`, `fminf`, `fmaxf`, `fabsf`,
//! `sqrtf`, `expf`, `floorf`, `ceilf` and their `double` forms; `#define NAME tokens`,
//! `#undef`; `#include` and `#pragma unroll` (ignored); comments.
//!
//! Refused with a typed error naming the construct, line and column ([`Unsupported`]):
//! pointer arithmetic, `&`, `*p`, `->`, local pointers, local arrays, references, atomics, warp
//! intrinsics (`__shfl_sync`, `__ballot_sync`, `__syncwarp`…), `printf`, templates, `goto` and
//! labels, `switch`, `struct`/`class`/`union`/`enum`/`typedef`/`using`/`namespace`,
//! `__device__` functions, a second kernel, `extern __shared__`, shared arrays of three or more dimensions,
//! initialised shared variables, other types (`long`, `char`, `short`, `size_t`, `half`, `int4`,
//! `double2`, …), `sizeof`, string and character literals, 64-bit literals, hexadecimal floats,
//! `volatile`, `asm`, other directives and function-like macros, `new`/`delete` and other C++
//! features, storage classes, casts to vectors or pointers, unknown functions. Type errors are
//! [`ParseErrorKind`]s too: unknown names, assignment to `const` data, indexing a scalar, wrong
//! operand types, wrong argument counts.
//!
//! # Execution (spec §3; PG "Thread Hierarchy", "SIMT Architecture")
//! Blocks run one after another in linear order (blockIdx.x fastest); a block's threads form
//! warps of 32 in linear thread order (x fastest, then y, then z); a partial last warp starts
//! with [`crate::model::simt::launch_mask`]. A warp executes each operation for its active
//! lanes: a divergent `if` runs its `then` lanes, then its `else` lanes, and reconverges after
//! the `if`; loops run while any lane continues and reconverge after the loop; `break`,
//! `continue` and `return` park or retire lanes. `__syncthreads()` is a block barrier: each warp
//! runs to it in turn, and it opens when every warp that has not exited waits there (exited
//! threads count as arrived, as on the hardware). Reaching it with only some of a warp's live
//! threads is an error, "`__syncthreads()` inside divergent code" (PG: the barrier must be
//! reached by all threads or the behaviour is undefined; Volta+ tolerates some such code, the
//! lab refuses it), and so is a block whose warps wait at different barriers. Nothing can hang:
//! [`STEP_LIMIT`] warp-level steps per launch, [`LOOP_LIMIT`] iterations per loop entry per
//! warp, [`memory::MAX_WRITTEN_BYTES`] written and [`memory::MAX_TOUCHED_BYTES`] touched.
//!
//! Memory: every pointer parameter is its own buffer, 256-byte aligned (cudaMalloc); element
//! `i` of a `T*` is at byte `i × sizeof(T)`; any non-negative index is valid (no size is known),
//! a negative one is an error, and so is an `unsigned` index of 2^31 or more: in practice a
//! value that went below zero and wrapped (`threadIdx.x - 1` in thread 0 is 4,294,967,295), which
//! on a GPU lands gigabytes past the buffer, an illegal address. A never-written element reads as the pattern of [`memory`]
//! (`j mod 16`). Shared memory is zero at each block's start (CUDA leaves it undefined) and
//! every index is checked against its dimension. Shared arrays are laid out in declaration
//! order, each aligned to its element; ptxas's layout is not documented, and bank conflicts
//! depend on it only when an array's size is not a multiple of 128 bytes. When several lanes
//! store to one address, the highest lane's value stays (the hardware keeps one, unspecified).
//!
//! # Counters ([`Report`], [`counters`])
//! Per launch, per source line and per warp: global requests and sectors (spec §4, ncu
//! `l1tex__t_requests/t_sectors_pipe_lsu_mem_global_op_{ld,st}`), shared instructions,
//! wavefronts and bank conflicts (spec §5, `smsp__sass_inst_executed_op_shared_{ld,st}`,
//! `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}`,
//! `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}`), steps and active lanes, branches
//! and divergent branches, FP32/FP64 FLOPs, and the distinct 32-byte sectors each buffer
//! loaded and stored (the DRAM traffic of an ideal cache). [`trace_warp`] gives one warp's
//! lane addresses and masks for the figures.
//!
//! # Measured (`tests/fixtures/kernel_lab_h100.json`)
//! The 14 presets and 15 kernels of `examples/kernel_lab_gen.rs` (divergent loops, `float4`,
//! `double`, a shared 2-D tile, partial warps, 2-D and 3-D launches, early return, `do`,
//! `break`, `continue`, data-dependent loops, integer semantics in addresses, 8- and 16-byte
//! shared accesses), compiled by nvcc 13.0 `-O3 -arch=sm_90` and profiled with Nsight Compute
//! 2025.3 on an H100 SXM, the H200's SM: 26 of 29 launches match on all 12 counters (global
//! requests, sectors and instructions; shared instructions, wavefronts and bank conflicts; loads
//! and stores), every preset among them; FP32 and FP64 FLOPs match on all 29.
//!
//! Where they differ, nvcc transformed the source (read in the SASS; each reason is in the
//! fixture): a loop whose trip count differs between lanes is unrolled (a cascade of 16-, 8-
//! and 4-iteration blocks and a remainder loop: `lane % 5 + 1` trips issue the load 7 times per
//! warp, not 5; a data-dependent `while` touches more sectors because a remainder pass mixes
//! lanes at different iterations), and a repeated load of the same element is reused from a
//! register. `#pragma unroll 1` gives the source's loop (measured). Not measured here but
//! possible in the same way: an unused load removed, adjacent `float2`/`float4` components read
//! one by one merged into one wider load (or a vector load narrowed to the components used),
//! equal stores on both sides of an `if` merged, a short conditional body predicated. Steps are
//! source-level operations, not SASS instructions.

mod ast;
mod compile;
mod compile_call;
mod compile_const;
mod compile_expr;
mod compile_place;
pub mod counters;
pub mod error;
mod exec;
mod exec_mem;
mod exec_ops;
mod ir;
pub mod lexer;
mod memory;
mod parse_expr;
mod parse_stmt;
mod parser;
pub mod presets;
mod runner;
pub mod trace;
pub mod types;

use serde::{Deserialize, Serialize};

pub use counters::{
    global_sectors, shared_wavefronts, BufferTraffic, GlobalCounters, LineCounters, Report,
    SharedCounters, WarpCounters,
};
pub use error::{
    Expected, LabLimit, LaunchProblem, ParseError, ParseErrorKind, Pos, RunError, Unsupported,
};
pub use exec::{LOOP_LIMIT, STEP_LIMIT};
pub use ir::{Param, ParamKind, SharedArray};
pub use memory::{buffer_base, MAX_TOUCHED_BYTES, MAX_WRITTEN_BYTES};
pub use presets::{preset, presets, Preset};
pub use runner::{
    trace_warp, trace_warp_with_values, ArgValue, Progress, Runner, MAX_GRID_THREADS,
};
pub use trace::{
    BranchEvent, BranchKind, MemoryEvent, MemorySpace, TraceEvent, TraceStep, WarpTrace,
};
pub use types::{ScalarType, ValueType};

/// A parsed and checked kernel, ready to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// The kernel's name.
    pub name: String,
    /// Parameters in order.
    pub params: Vec<Param>,
    /// Static shared arrays in layout order.
    pub shared: Vec<SharedArray>,
    pub(crate) program: ir::Program,
}

impl Kernel {
    /// Static shared memory per block in bytes (what ptxas reports as `smem` and occupancy
    /// takes as `static_smem_bytes`).
    pub fn static_smem_bytes(&self) -> u32 {
        self.shared
            .iter()
            .map(|a| a.offset_bytes + a.bytes)
            .max()
            .unwrap_or(0)
    }

    /// Source lines that hold executable code, ascending.
    pub fn code_lines(&self) -> Vec<u32> {
        let mut lines: Vec<u32> = self
            .program
            .ops
            .iter()
            .zip(self.program.pos.iter())
            .filter(|(op, _)| op.is_instruction())
            .map(|(_, p)| p.line)
            .collect();
        lines.sort_unstable();
        lines.dedup();
        lines
    }
}

/// A launch: grid and block as dim3, scalar arguments by parameter name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Launch {
    /// gridDim.x, .y, .z.
    pub grid: [u32; 3],
    /// blockDim.x, .y, .z.
    pub block: [u32; 3],
    /// Scalar arguments by parameter name. Every pointer parameter gets a buffer of its own,
    /// each starting 256-byte aligned, as cudaMalloc returns; element i of a T* is at byte
    /// i × sizeof(T). A `float`/`double` parameter gets the integer converted (for a real value,
    /// use [`Runner::with_values`]).
    pub args: Vec<(String, i64)>,
}

impl Launch {
    /// Threads in the grid (saturating at `u64::MAX`: a grid at every dimension's limit has
    /// 2^73).
    pub fn threads(&self) -> u64 {
        self.grid
            .iter()
            .chain(self.block.iter())
            .fold(1, |n: u64, d| n.saturating_mul(u64::from(*d)))
    }
}

/// Parses one `__global__` function written in the CUDA C subset the lab accepts (module docs).
/// Err names the line, the column and what was expected or refused.
pub fn parse(source: &str) -> Result<Kernel, ParseError> {
    let tokens = lexer::tokenize(source)?;
    let ast = parser::parse_tokens(tokens)?;
    let (params, shared, program) = compile::compile(&ast)?;
    Ok(Kernel {
        name: ast.name,
        params,
        shared,
        program,
    })
}

/// Runs every thread of the grid, warp by warp with active masks. Counts are for the whole
/// launch, as Nsight Compute reports them (a warp-level instruction with no active lane counts
/// nothing). Err for a launch that cannot run, a missing argument, an out-of-bounds
/// shared-memory index, or a kernel that exceeds the lab's limits; each error names the line.
pub fn run(kernel: &Kernel, launch: &Launch) -> Result<Report, RunError> {
    Runner::new(kernel, launch)?.finish()
}

#[cfg(test)]
mod tests_counters;
#[cfg(test)]
mod tests_exec;
#[cfg(test)]
mod tests_lexer;
#[cfg(test)]
mod tests_limits;
#[cfg(test)]
mod tests_parse;
