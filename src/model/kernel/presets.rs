//! The lab's presets: kernels as a student writes them, each with a default launch of at most
//! 65,536 threads. Language-free (the UI words what each one teaches). Every one was measured
//! with Nsight Compute on an H100 SXM, the H200's SM (`tests/fixtures/kernel_lab_h100.json`),
//! and the lab's counts match on every counter.

use super::Launch;

/// One preset: its id, CUDA source and default launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Stable id, also the URL value.
    pub id: &'static str,
    /// The kernel source (parsed by [`super::parse`], compiled by nvcc for the fixture).
    pub source: &'static str,
    /// gridDim.
    pub grid: [u32; 3],
    /// blockDim.
    pub block: [u32; 3],
    /// Scalar arguments.
    pub args: &'static [(&'static str, i64)],
}

impl Preset {
    /// The default launch.
    pub fn launch(&self) -> Launch {
        Launch {
            grid: self.grid,
            block: self.block,
            args: self
                .args
                .iter()
                .map(|(n, v)| ((*n).to_string(), *v))
                .collect(),
        }
    }
}

/// Copy with a bounds check: the last block is partly idle, its last active warp partial.
const COPY_BOUNDS: &str = "__global__ void copy(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}
";

/// A strided read: `stride` 2 touches 8 sectors per warp instead of 4.
const STRIDED_READ: &str = "__global__ void strided(const float* in, float* out, int stride)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i * stride];
}
";

/// A misaligned read: `offset` 1 spans 5 sectors per warp.
const OFFSET_READ: &str = "__global__ void offset(const float* in, float* out, int offset)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i + offset];
}
";

/// Array of structures: three 4-byte fields 12 bytes apart, each read strided.
const AOS: &str = "// points holds struct { float x, y, z; } one after another.
__global__ void aos(const float* points, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = points[3 * i];
        float y = points[3 * i + 1];
        float z = points[3 * i + 2];
        out[i] = x * x + y * y + z * z;
    }
}
";

/// Structure of arrays: the same work with unit-stride reads.
const SOA: &str =
    "__global__ void soa(const float* xs, const float* ys, const float* zs, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = xs[i];
        float y = ys[i];
        float z = zs[i];
        out[i] = x * x + y * y + z * z;
    }
}
";

/// Naive transpose: coalesced reads, one sector per lane on the writes.
const TRANSPOSE_NAIVE: &str = "#define N 256

__global__ void transpose_naive(const float* in, float* out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    out[x * N + y] = in[y * N + x];
}
";

/// Tiled transpose through shared memory: coalesced both ways, but the column read of the
/// 32 × 32 tile hits one bank 32 times.
const TRANSPOSE_TILED: &str = "#define TILE 32
#define ROWS 8
#define N 256

__global__ void transpose_tiled(const float* in, float* out)
{
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * N + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * N + x] = tile[threadIdx.x][threadIdx.y + j];
}
";

/// The same with one padding column: `[32][33]` spreads the column over all banks.
const TRANSPOSE_PADDED: &str = "#define TILE 32
#define ROWS 8
#define N 256

__global__ void transpose_padded(const float* in, float* out)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * N + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * N + x] = tile[threadIdx.x][threadIdx.y + j];
}
";

/// Reduction 1: interleaved addressing with `%`: divergent warps, most lanes idle.
const REDUCE_INTERLEAVED: &str = "#define BLOCK 256

__global__ void reduce_interleaved(const float* in, float* out, int n)
{
    __shared__ float sdata[BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
";

/// Reduction 2: interleaved addressing with a strided index: no divergence, bank conflicts.
const REDUCE_STRIDED: &str = "#define BLOCK 256

__global__ void reduce_strided(const float* in, float* out, int n)
{
    __shared__ float sdata[BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
";

/// Reduction 3: sequential addressing: contiguous active lanes, no conflicts.
const REDUCE_SEQUENTIAL: &str = "#define BLOCK 256

__global__ void reduce_sequential(const float* in, float* out, int n)
{
    __shared__ float sdata[BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
";

/// A 5-point 2-D stencil: neighbours one row apart are one sector set apart, the border idles.
const STENCIL_2D: &str = "#define W 256
#define H 256

__global__ void stencil(const float* in, float* out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x > 0 && x < W - 1 && y > 0 && y < H - 1) {
        int i = y * W + x;
        out[i] = in[i - W] + in[i - 1] - 4.0f * in[i] + in[i + 1] + in[i + W];
    }
}
";

/// GEMV with one row per thread: the matrix reads are a column of 32 rows (one sector per
/// lane), the vector reads a broadcast.
const GEMV: &str =
    "__global__ void gemv(const float* A, const float* x, float* y, int rows, int cols)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < rows) {
        float sum = 0.0f;
        for (int k = 0; k < cols; k++)
            sum += A[row * cols + k] * x[k];
        y[row] = sum;
    }
}
";

/// Grid-stride copy: a fixed grid covers any `n`.
const GRID_STRIDE_COPY: &str =
    "__global__ void grid_stride_copy(const float* in, float* out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = in[i];
}
";

const PRESETS: [Preset; 14] = [
    Preset {
        id: "copy-bounds",
        source: COPY_BOUNDS,
        grid: [40, 1, 1],
        block: [256, 1, 1],
        args: &[("n", 10_000)],
    },
    Preset {
        id: "strided-read",
        source: STRIDED_READ,
        grid: [64, 1, 1],
        block: [256, 1, 1],
        args: &[("stride", 2)],
    },
    Preset {
        id: "offset-read",
        source: OFFSET_READ,
        grid: [64, 1, 1],
        block: [256, 1, 1],
        args: &[("offset", 1)],
    },
    Preset {
        id: "aos",
        source: AOS,
        grid: [64, 1, 1],
        block: [256, 1, 1],
        args: &[("n", 16_384)],
    },
    Preset {
        id: "soa",
        source: SOA,
        grid: [64, 1, 1],
        block: [256, 1, 1],
        args: &[("n", 16_384)],
    },
    Preset {
        id: "transpose-naive",
        source: TRANSPOSE_NAIVE,
        grid: [8, 32, 1],
        block: [32, 8, 1],
        args: &[],
    },
    Preset {
        id: "transpose-tiled",
        source: TRANSPOSE_TILED,
        grid: [8, 8, 1],
        block: [32, 8, 1],
        args: &[],
    },
    Preset {
        id: "transpose-padded",
        source: TRANSPOSE_PADDED,
        grid: [8, 8, 1],
        block: [32, 8, 1],
        args: &[],
    },
    Preset {
        id: "reduce-interleaved",
        source: REDUCE_INTERLEAVED,
        grid: [256, 1, 1],
        block: [256, 1, 1],
        args: &[("n", 65_536)],
    },
    Preset {
        id: "reduce-strided",
        source: REDUCE_STRIDED,
        grid: [256, 1, 1],
        block: [256, 1, 1],
        args: &[("n", 65_536)],
    },
    Preset {
        id: "reduce-sequential",
        source: REDUCE_SEQUENTIAL,
        grid: [256, 1, 1],
        block: [256, 1, 1],
        args: &[("n", 65_536)],
    },
    Preset {
        id: "stencil-2d",
        source: STENCIL_2D,
        grid: [8, 32, 1],
        block: [32, 8, 1],
        args: &[],
    },
    Preset {
        id: "gemv",
        source: GEMV,
        grid: [8, 1, 1],
        block: [256, 1, 1],
        args: &[("rows", 2048), ("cols", 128)],
    },
    Preset {
        id: "grid-stride-copy",
        source: GRID_STRIDE_COPY,
        grid: [64, 1, 1],
        block: [256, 1, 1],
        args: &[("n", 1 << 20)],
    },
];

/// Every preset, in the order the lab lists them.
pub fn presets() -> &'static [Preset] {
    &PRESETS
}

/// The preset with this id.
pub fn preset(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::kernel::{parse, run};

    #[test]
    fn every_preset_parses_and_runs_within_65536_threads() {
        for p in presets() {
            let k = parse(p.source).unwrap_or_else(|e| panic!("{}: {e}", p.id));
            let launch = p.launch();
            assert!(launch.threads() <= 65_536, "{}", p.id);
            let r = run(&k, &launch).unwrap_or_else(|e| panic!("{}: {e}", p.id));
            assert!(r.global_load.requests > 0, "{}", p.id);
        }
        assert!(preset("gemv").is_some());
    }
}
