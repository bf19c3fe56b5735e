//! The software hierarchy: grid → block → warp → lane, and the index arithmetic of `dim3`.
//!
//! A launch `<<<grid, block>>>` names two `dim3` shapes. Inside a block, threads are numbered
//! x fastest, then y, then z: `tid = x + y·Dx + z·Dx·Dy`; then `warp = tid / 32` and
//! `lane = tid % 32` (spec §3, PG "Thread Hierarchy", "SIMT Architecture"). Warps never span
//! blocks, so a block whose thread count is not a multiple of 32 ends in a partial warp whose
//! live lanes are [`crate::model::simt::launch_mask`].
//!
//! Limits (PG "Compute Capabilities", every CC ≥ 3.0): a block of at most
//! `maxThreadsPerBlock` (1024) threads and at most 1024 × 1024 × 64 per axis; a grid of at most
//! (2³¹ − 1) × 65535 × 65535 blocks. Everything is checked: a dimension of 0 or over its limit is
//! an error, and so is a grid whose `blockIdx.x * blockDim.x + threadIdx.x` would not fit the
//! 32-bit `int` the usual kernel computes it in (the launch itself is legal, but the index
//! wraps; we refuse rather than wrap).

use std::fmt;

use crate::model::gpu_spec::GpuSpec;
use crate::model::simt;
use crate::model::WARP_SIZE;

/// A CUDA `dim3`: extents (or indices) along x, y, z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dim3 {
    /// x (fastest-varying).
    pub x: u32,
    /// y.
    pub y: u32,
    /// z (slowest-varying).
    pub z: u32,
}

impl Dim3 {
    /// `dim3(x, y, z)`.
    pub const fn new(x: u32, y: u32, z: u32) -> Dim3 {
        Dim3 { x, y, z }
    }

    /// `x · y · z` (fits: each factor is below 2³²).
    pub fn count(self) -> u128 {
        u128::from(self.x) * u128::from(self.y) * u128::from(self.z)
    }

    /// The component along `axis`.
    pub fn get(self, axis: Axis) -> u32 {
        match axis {
            Axis::X => self.x,
            Axis::Y => self.y,
            Axis::Z => self.z,
        }
    }
}

impl fmt::Display for Dim3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {}, {})", self.x, self.y, self.z)
    }
}

/// An axis of a `dim3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// x.
    X,
    /// y.
    Y,
    /// z.
    Z,
}

impl Axis {
    /// x, y, z.
    pub const ALL: [Axis; 3] = [Axis::X, Axis::Y, Axis::Z];

    /// "x", "y" or "z".
    pub fn name(self) -> &'static str {
        match self {
            Axis::X => "x",
            Axis::Y => "y",
            Axis::Z => "z",
        }
    }
}

/// Which of the two launch shapes (or index pairs) a value belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// `gridDim` / `blockIdx`.
    Grid,
    /// `blockDim` / `threadIdx`.
    Block,
}

/// The launch limits of a GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DimLimits {
    /// `maxThreadsPerBlock`: 1024.
    pub max_threads_per_block: u32,
    /// `maxThreadsDim`: 1024 × 1024 × 64.
    pub max_block: Dim3,
    /// `maxGridSize`: (2³¹ − 1) × 65535 × 65535.
    pub max_grid: Dim3,
}

impl DimLimits {
    /// The limits every compute capability from 3.0 to 12.0 shares (PG table "Technical
    /// Specifications per Compute Capability").
    pub const CUDA: DimLimits = DimLimits {
        max_threads_per_block: 1024,
        max_block: Dim3::new(1024, 1024, 64),
        max_grid: Dim3::new(i32::MAX as u32, 65_535, 65_535),
    };

    /// The limits of `gpu` (its `maxThreadsPerBlock`; the per-axis limits are the same on
    /// every part the model carries).
    pub fn for_gpu(gpu: &GpuSpec) -> DimLimits {
        DimLimits {
            max_threads_per_block: gpu.max_threads_per_block,
            ..DimLimits::CUDA
        }
    }
}

/// Why a launch shape or an index is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HierarchyError {
    /// A dimension of 0: the launch fails (`cudaErrorInvalidConfiguration`).
    ZeroDim {
        /// Grid or block.
        level: Level,
        /// The axis.
        axis: Axis,
    },
    /// A dimension over its per-axis limit.
    DimOverLimit {
        /// Grid or block.
        level: Level,
        /// The axis.
        axis: Axis,
        /// The value asked for.
        value: u32,
        /// The limit.
        max: u32,
    },
    /// `blockDim.x · y · z` over `maxThreadsPerBlock`.
    BlockTooLarge {
        /// Threads asked for.
        threads: u64,
        /// The limit.
        max: u32,
    },
    /// More threads than a 64-bit linear index can number (a launch within every per-axis
    /// limit, which this model cannot number).
    TotalOverflow,
    /// An index at or past its extent.
    IndexOutOfRange {
        /// `blockIdx` (Grid) or `threadIdx` (Block).
        level: Level,
        /// The axis.
        axis: Axis,
        /// The index asked for.
        index: u32,
        /// The extent along that axis.
        extent: u32,
    },
    /// A global linear index at or past the number of threads.
    GlobalOutOfRange {
        /// The index asked for.
        index: u64,
        /// Threads in the grid.
        threads: u64,
    },
}

impl fmt::Display for HierarchyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = |l: &Level| match l {
            Level::Grid => "gridDim",
            Level::Block => "blockDim",
        };
        let index = |l: &Level| match l {
            Level::Grid => "blockIdx",
            Level::Block => "threadIdx",
        };
        match self {
            HierarchyError::ZeroDim { level, axis } => {
                write!(f, "{}.{} is 0", shape(level), axis.name())
            }
            HierarchyError::DimOverLimit {
                level,
                axis,
                value,
                max,
            } => write!(f, "{}.{} = {value} > {max}", shape(level), axis.name()),
            HierarchyError::BlockTooLarge { threads, max } => {
                write!(f, "{threads} threads per block > {max}")
            }
            HierarchyError::TotalOverflow => write!(f, "more than 2^64 threads"),
            HierarchyError::IndexOutOfRange {
                level,
                axis,
                index: i,
                extent,
            } => write!(f, "{}.{} = {i} ≥ {extent}", index(level), axis.name()),
            HierarchyError::GlobalOutOfRange { index, threads } => {
                write!(f, "global index {index} ≥ {threads} threads")
            }
        }
    }
}

impl std::error::Error for HierarchyError {}

/// A checked launch shape `<<<grid, block>>>`: every accessor is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Launch {
    grid: Dim3,
    block: Dim3,
}

/// Where one thread sits, in every coordinate system the chapter shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadCoords {
    /// `blockIdx`.
    pub block_idx: Dim3,
    /// `threadIdx`.
    pub thread_idx: Dim3,
    /// Linear thread id inside the block: `x + y·Dx + z·Dx·Dy`.
    pub tid: u32,
    /// Warp inside the block: `tid / 32`.
    pub warp: u32,
    /// Lane inside the warp: `tid % 32`.
    pub lane: u32,
    /// Linear block id inside the grid: `bx + by·Gx + bz·Gx·Gy`.
    pub block_linear: u64,
    /// Global linear index: `block_linear · threads_per_block + tid`.
    pub global: u64,
    /// Global coordinates `blockIdx · blockDim + threadIdx`, per axis.
    pub global_xyz: (u64, u64, u64),
}

fn check_dim(level: Level, d: Dim3, max: Dim3) -> Result<(), HierarchyError> {
    for axis in Axis::ALL {
        let (value, max) = (d.get(axis), max.get(axis));
        if value == 0 {
            return Err(HierarchyError::ZeroDim { level, axis });
        }
        if value > max {
            return Err(HierarchyError::DimOverLimit {
                level,
                axis,
                value,
                max,
            });
        }
    }
    Ok(())
}

fn check_index(level: Level, idx: Dim3, extent: Dim3) -> Result<(), HierarchyError> {
    for axis in Axis::ALL {
        let (index, extent) = (idx.get(axis), extent.get(axis));
        if index >= extent {
            return Err(HierarchyError::IndexOutOfRange {
                level,
                axis,
                index,
                extent,
            });
        }
    }
    Ok(())
}

impl Launch {
    /// Checks `<<<grid, block>>>` against `limits`.
    pub fn new(grid: Dim3, block: Dim3, limits: &DimLimits) -> Result<Launch, HierarchyError> {
        check_dim(Level::Grid, grid, limits.max_grid)?;
        check_dim(Level::Block, block, limits.max_block)?;
        let threads = block.count();
        if threads > u128::from(limits.max_threads_per_block) {
            return Err(HierarchyError::BlockTooLarge {
                threads: u64::try_from(threads).unwrap_or(u64::MAX),
                max: limits.max_threads_per_block,
            });
        }
        if grid.count() * threads > u128::from(u64::MAX) {
            return Err(HierarchyError::TotalOverflow);
        }
        Ok(Launch { grid, block })
    }

    /// `gridDim.x · blockDim.x` when it is past `i32::MAX`: a valid launch (gridDim.x may reach
    /// 2^31 − 1) whose usual `int i = blockIdx.x * blockDim.x + threadIdx.x` overflows for the
    /// threads past 2^31 − 1 (signed overflow, undefined in C++; in practice it wraps negative).
    /// `None` when every thread's x index fits an `int`.
    pub fn int_index_overflow(&self) -> Option<u64> {
        let threads_x = u64::from(self.grid.x) * u64::from(self.block.x);
        (threads_x > i32::MAX as u64).then_some(threads_x)
    }

    /// `gridDim`.
    pub fn grid(&self) -> Dim3 {
        self.grid
    }

    /// `blockDim`.
    pub fn block(&self) -> Dim3 {
        self.block
    }

    /// Threads per block (≤ 1024 once checked).
    pub fn threads_per_block(&self) -> u32 {
        // Checked in `new` against maxThreadsPerBlock (a u32).
        u32::try_from(self.block.count()).unwrap_or(u32::MAX)
    }

    /// Blocks in the grid.
    pub fn blocks(&self) -> u64 {
        // ≤ (2^31 − 1) · 65535² < 2^63.
        u64::try_from(self.grid.count()).unwrap_or(u64::MAX)
    }

    /// Threads in the grid (checked in `new` to fit 64 bits).
    pub fn threads(&self) -> u64 {
        self.blocks()
            .saturating_mul(u64::from(self.threads_per_block()))
    }

    /// Warps per block: `ceil(threads / 32)`.
    pub fn warps_per_block(&self) -> u32 {
        simt::warps_per_block(self.threads_per_block())
    }

    /// Live lanes of warp `warp` of every block at launch: the divergence model's
    /// [`simt::launch_mask`] (0 for a warp past the block).
    pub fn warp_mask(&self, warp: u32) -> u32 {
        simt::launch_mask(self.threads_per_block(), warp)
    }

    /// The thread `(blockIdx, threadIdx)`.
    pub fn thread(
        &self,
        block_idx: Dim3,
        thread_idx: Dim3,
    ) -> Result<ThreadCoords, HierarchyError> {
        check_index(Level::Grid, block_idx, self.grid)?;
        check_index(Level::Block, thread_idx, self.block)?;
        let (b, g) = (self.block, self.grid);
        let tid = thread_idx.x + thread_idx.y * b.x + thread_idx.z * b.x * b.y;
        let block_linear = u64::from(block_idx.x)
            + u64::from(block_idx.y) * u64::from(g.x)
            + u64::from(block_idx.z) * u64::from(g.x) * u64::from(g.y);
        let global = block_linear * u64::from(self.threads_per_block()) + u64::from(tid);
        let along = |a: Axis| {
            u64::from(block_idx.get(a)) * u64::from(b.get(a)) + u64::from(thread_idx.get(a))
        };
        Ok(ThreadCoords {
            block_idx,
            thread_idx,
            tid,
            warp: tid / WARP_SIZE,
            lane: tid % WARP_SIZE,
            block_linear,
            global,
            global_xyz: (along(Axis::X), along(Axis::Y), along(Axis::Z)),
        })
    }

    /// The thread with global linear index `global` (blocks in order, then threads in order).
    pub fn thread_at(&self, global: u64) -> Result<ThreadCoords, HierarchyError> {
        let threads = self.threads();
        if global >= threads {
            return Err(HierarchyError::GlobalOutOfRange {
                index: global,
                threads,
            });
        }
        let per_block = u64::from(self.threads_per_block());
        let (block_linear, tid) = (global / per_block, global % per_block);
        let (g, b) = (self.grid, self.block);
        let plane = u64::from(g.x) * u64::from(g.y);
        let block_idx = Dim3::new(
            (block_linear % u64::from(g.x)) as u32,
            (block_linear / u64::from(g.x) % u64::from(g.y)) as u32,
            (block_linear / plane) as u32,
        );
        let (bx, bxy) = (u64::from(b.x), u64::from(b.x) * u64::from(b.y));
        let thread_idx = Dim3::new(
            (tid % bx) as u32,
            (tid / bx % u64::from(b.y)) as u32,
            (tid / bxy) as u32,
        );
        self.thread(block_idx, thread_idx)
    }

    /// The `threadIdx` of linear thread id `tid` inside a block, or `None` past the block.
    pub fn thread_idx_of(&self, tid: u32) -> Option<Dim3> {
        let b = self.block;
        (tid < self.threads_per_block())
            .then(|| Dim3::new(tid % b.x, tid / b.x % b.y, tid / (b.x * b.y)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn launch(g: (u32, u32, u32), b: (u32, u32, u32)) -> Result<Launch, HierarchyError> {
        Launch::new(
            Dim3::new(g.0, g.1, g.2),
            Dim3::new(b.0, b.1, b.2),
            &DimLimits::CUDA,
        )
    }

    #[test]
    fn a_16_by_16_block_makes_warps_of_two_rows() {
        let l = launch((4, 4, 1), (16, 16, 1)).expect("legal");
        let t = l
            .thread(Dim3::new(1, 0, 0), Dim3::new(3, 2, 0))
            .expect("in range");
        // tid = 3 + 2·16 = 35 → warp 1, lane 3; global = 1·256 + 35.
        assert_eq!((t.tid, t.warp, t.lane, t.global), (35, 1, 3, 291));
        assert_eq!(t.global_xyz, (19, 2, 0));
        assert_eq!(l.warps_per_block(), 8);
    }

    #[test]
    fn a_24_wide_block_straddles_rows_and_ends_partial() {
        // 24 × 3 = 72 threads: warps 0, 1 full, warp 2 has 8 lanes.
        let l = launch((1, 1, 1), (24, 3, 1)).expect("legal");
        let t = l
            .thread(Dim3::default(), Dim3::new(8, 1, 0))
            .expect("in range");
        assert_eq!((t.tid, t.warp, t.lane), (32, 1, 0));
        assert_eq!(l.warp_mask(2), 0xFF);
        assert_eq!(l.warp_mask(3), 0);
    }

    #[test]
    fn bad_shapes_are_errors() {
        assert_eq!(
            launch((1, 1, 1), (0, 1, 1)),
            Err(HierarchyError::ZeroDim {
                level: Level::Block,
                axis: Axis::X
            })
        );
        assert!(matches!(
            launch((1, 1, 1), (1, 1, 65)),
            Err(HierarchyError::DimOverLimit { .. })
        ));
        assert!(matches!(
            launch((1, 1, 1), (64, 32, 1)),
            Err(HierarchyError::BlockTooLarge { threads: 2048, .. })
        ));
        // Past 2^31 − 1 threads along x the launch is valid; only an `int` index overflows.
        let wide = launch((i32::MAX as u32, 1, 1), (2, 1, 1)).expect("valid launch");
        assert_eq!(wide.int_index_overflow(), Some(2 * i32::MAX as u64));
        let fits = launch((i32::MAX as u32, 1, 1), (1, 1, 1)).expect("valid launch");
        assert_eq!(fits.int_index_overflow(), None);
        assert_eq!(
            launch((i32::MAX as u32, 65_535, 65_535), (1, 1024, 1)),
            Err(HierarchyError::TotalOverflow)
        );
    }

    #[test]
    fn indices_are_checked() {
        let l = launch((2, 1, 1), (32, 1, 1)).expect("legal");
        assert!(l.thread(Dim3::new(2, 0, 0), Dim3::default()).is_err());
        assert!(l.thread(Dim3::default(), Dim3::new(0, 1, 0)).is_err());
        assert!(l.thread_at(64).is_err());
        assert_eq!(l.thread_at(63).map(|t| t.lane), Ok(31));
        assert_eq!(l.thread_idx_of(33), None);
    }
}
