//! Occupancy: how many blocks (and warps) of a kernel one SM keeps resident.
//!
//! Main entry points: [`occupancy`] (the result the UI shows) and [`occupancy_steps`] (every
//! intermediate number, so the UI never re-derives arithmetic). The algorithm is NVIDIA's
//! `cudaOccMaxActiveBlocksPerMultiprocessor` from `cuda_occupancy.h` [OCC-H] for compute
//! capability 7.0–9.0, as written out in `spec/hw-model.md` §1, and 10.0 / 12.0 as the CUDA 12.9
//! header computes them (same steps; the per-CC constants live in the presets, and
//! `tests/fixtures/occupancy_cuda_occupancy_h.json` checks them case for case); the H200 probe
//! [PROBE] found the runtime API bit-identical to the header. Resident blocks are the minimum of four per-SM limits
//! (warp slots, registers, shared memory, block slots), plus the block-barrier cap on CC ≥ 9.0.
//!
//! Modelling decisions (each documented where it is made):
//! * **Shared-memory opt-in.** [`KernelConfig`] has no `maxDynamicSharedSizeBytes`. The model
//!   assumes the function has opted in to its whole dynamic budget, as the runtime API does after
//!   `cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, optin − static)`:
//!   `shmemLimitConfig = OPTIN`, `maxDynamicSharedSizeBytes = sharedMemPerBlockOptin − static`.
//!   Launches within the 48 KiB default get the same numbers with or without the opt-in, so a
//!   user asking for more than 48 KiB is simply assumed to have opted in.
//! * **Registers per thread > 255** is a launch error (PG: 255 is the maximum; ptxas never emits
//!   more). OCC-H only rejects > 256; the two differ at exactly 256, which no kernel can have.
//! * **Static shared memory > 48 KiB** is a launch error: ptxas rejects static allocations above
//!   48 KiB ("Entry function uses too much shared data"); larger buffers must be dynamic [PG
//!   "Shared Memory", CC 7.x+]. OCC-H itself does not check this.
//! * **Block barriers**: the runtime's conversion uses one barrier per block, so the CC ≥ 9.0 cap
//!   is `2 · maxBlocks / 1 = 64` and never binds; it is reported in the steps but is not a
//!   [`Limiter`].
//! * **Zero blocks.** When no block fits, the runtime API returns 0 blocks without an error;
//!   the model returns `Err(LaunchError)` naming the budget instead (the launch itself would fail
//!   with `cudaErrorInvalidConfiguration` / "too many resources requested").
//!
//! Length: the header's algorithm step by step, each limit with its rounding rule and source, and
//! [`occupancy_steps`], which returns every intermediate for the UI; a step kept apart from its
//! rule would lose its source.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::gpu_spec::GpuSpec;

/// A limit that does not bind at all (OCC-H returns `INT_MAX`): e.g. 0 registers per thread,
/// or 0 bytes of shared memory per block on CC 7.x (no per-block reserve).
pub const UNLIMITED: u32 = u32::MAX;

/// Largest static (`__shared__` array) allocation per block, bytes: 48 KiB. Larger buffers must
/// be dynamic [PG "Shared Memory"; ptxas].
pub const MAX_STATIC_SMEM_BYTES: u32 = 48 * 1024;

/// Block barriers per block assumed by the runtime API's conversion to OCC-H inputs
/// (`numBlockBarriers = 1`) [OCC-H, spec §1 "Inputs"].
pub const BLOCK_BARRIERS_PER_BLOCK: u32 = 1;

/// Shared-memory carveout preference (`cudaFuncAttributePreferredSharedMemoryCarveout`).
///
/// The carveout is how much of the unified L1/shared SRAM becomes shared memory [PG, OCC-H
/// `cudaOccSMemPerMultiprocessor`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Carveout {
    /// No preference (`-1`): OCC-H assumes the maximum, `sharedMemPerMultiprocessor`.
    #[default]
    Default,
    /// `p` percent (0..=100) of `sharedMemPerMultiprocessor`, rounded **up** to the next legal
    /// capacity of [`GpuSpec::carveout_capacities_kib`]. Above 100 is a [`LaunchError`].
    /// Legacy `cudaFuncCachePreferL1` = 0, `PreferShared` = 100, `PreferEqual` = 50.
    Percent(u32),
}

/// What one block of the kernel asks for. Plain data: sliders and URLs write these fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KernelConfig {
    /// Threads per block (`blockDim.x·y·z`); 1..=1024 launch.
    pub threads_per_block: u32,
    /// Registers per thread as ptxas reports it (`-Xptxas -v`, `cudaFuncGetAttributes.numRegs`).
    pub regs_per_thread: u32,
    /// Static shared memory per block (`__shared__` arrays), bytes; at most 48 KiB.
    pub static_smem_bytes: u32,
    /// Dynamic shared memory per block (third launch parameter), bytes.
    pub dynamic_smem_bytes: u32,
    /// Shared-memory carveout preference.
    pub carveout: Carveout,
}

impl Default for KernelConfig {
    /// 256 threads, 32 registers, no shared memory, default carveout.
    fn default() -> Self {
        KernelConfig {
            threads_per_block: 256,
            regs_per_thread: 32,
            static_smem_bytes: 0,
            dynamic_smem_bytes: 0,
            carveout: Carveout::Default,
        }
    }
}

/// A per-SM budget that limits resident blocks. Order = OCC-H's limiting-factor bits
/// (WARPS=1, REGS=2, SMEM=4, BLOCKS=8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Limiter {
    /// Warp slots: `max_warps_per_sm / warps_per_block`.
    Warps,
    /// Register file (allocated per warp in units of 256, per sub-partition).
    Registers,
    /// Shared memory (with the per-block reserve and allocation granularity).
    SharedMemory,
    /// Resident-block slots (`max_blocks_per_sm`).
    Blocks,
}

impl Limiter {
    /// Every limiter, in enum (OCC-H bit) order.
    pub const ALL: [Limiter; 4] = [
        Limiter::Warps,
        Limiter::Registers,
        Limiter::SharedMemory,
        Limiter::Blocks,
    ];

    /// Plain-English name: "warp slots", "registers", "shared memory", "block slots".
    pub fn label(self) -> &'static str {
        match self {
            Limiter::Warps => "warp slots",
            Limiter::Registers => "registers",
            Limiter::SharedMemory => "shared memory",
            Limiter::Blocks => "block slots",
        }
    }
}

/// Result of [`occupancy`] for a launchable kernel (`blocks_per_sm ≥ 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occupancy {
    /// Resident blocks per SM: the minimum of the four limits.
    pub blocks_per_sm: u32,
    /// Resident warps per SM: `blocks_per_sm × warps_per_block`.
    pub warps_per_sm: u32,
    /// Every limit equal to the minimum, in enum order (never empty).
    pub limiters: Vec<Limiter>,
    /// Blocks allowed by warp slots ([`UNLIMITED`] never occurs here).
    pub limit_by_warps: u32,
    /// Blocks allowed by registers ([`UNLIMITED`] for 0 registers per thread).
    pub limit_by_registers: u32,
    /// Blocks allowed by shared memory ([`UNLIMITED`] for 0 bytes per block on CC 7.x).
    pub limit_by_shared_memory: u32,
    /// Blocks allowed by block slots (`max_blocks_per_sm`).
    pub limit_by_blocks: u32,
    /// Warps per block: `ceil(threads / 32)` (not in MODEL_API; needed by the UI).
    pub warps_per_block: u32,
    /// Max resident warps per SM of the GPU (the denominator of [`Occupancy::ratio`]).
    pub max_warps_per_sm: u32,
}

impl Occupancy {
    /// Theoretical occupancy: active warps / max warps per SM, in 0.0..=1.0 [OCC-H step 7].
    pub fn ratio(&self) -> f64 {
        if self.max_warps_per_sm == 0 {
            return 0.0;
        }
        f64::from(self.warps_per_sm) / f64::from(self.max_warps_per_sm)
    }
}

/// Why no block of the kernel can be resident: which budget fails and by how much.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LaunchError {
    /// A block of 0 threads (OCC-H: `blockSize <= 0` is invalid input).
    NoThreads,
    /// A carveout percentage above 100.
    InvalidCarveout {
        /// The requested percentage.
        percent: u32,
    },
    /// More threads per block than the GPU allows (`maxThreadsPerBlock`, 1024) [OCC-H step 3].
    TooManyThreads {
        /// Requested threads per block.
        threads_per_block: u32,
        /// The GPU's `maxThreadsPerBlock`.
        max_threads_per_block: u32,
    },
    /// More registers per thread than the ISA allows (255) [PG].
    TooManyRegistersPerThread {
        /// Requested registers per thread.
        regs_per_thread: u32,
        /// The GPU's maximum (255).
        max_regs_per_thread: u32,
    },
    /// The block's registers exceed `regsPerBlock` [OCC-H `cudaOccMaxBlocksPerSMRegsLimit`].
    TooManyRegistersPerBlock {
        /// Registers allocated per warp (rounded up to 256).
        regs_per_warp: u64,
        /// Warps counted: the block's warps, or rounded up to a multiple of the 4
        /// sub-partitions when only the hardware check fails.
        warps_counted: u64,
        /// `regs_per_warp × warps_counted`.
        regs_per_block: u64,
        /// The GPU's `regsPerBlock` (65,536).
        max_regs_per_block: u32,
        /// True when only the hardware check (warps rounded up to 4) fails.
        hardware_check: bool,
    },
    /// Static shared memory above 48 KiB (ptxas rejects it) [PG].
    StaticSharedMemoryTooLarge {
        /// Requested static shared memory, bytes.
        static_smem_bytes: u32,
        /// 48 KiB.
        max_static_smem_bytes: u32,
    },
    /// The block's shared memory (with reserve and rounding) exceeds the per-block limit
    /// (`sharedMemPerBlockOptin` + reserve) [OCC-H `cudaOccMaxBlocksPerSMSmemLimit`].
    TooMuchSharedMemory {
        /// `round_up(static + dynamic + reserve, granularity)`, bytes.
        allocated_smem_bytes: u64,
        /// Per-block limit including the reserve, bytes.
        max_smem_bytes: u64,
        /// Driver reserve per block included in both figures, bytes.
        reserved_smem_bytes: u32,
    },
    /// No block fits although no single budget is exceeded (only with an inconsistent
    /// [`GpuSpec`], never with a preset).
    NoBlockFits,
}

/// `73728` → `"73,728"` (thousands separated by commas, as the error messages print them).
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl fmt::Display for LaunchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LaunchError::NoThreads => write!(f, "a block needs at least 1 thread"),
            LaunchError::InvalidCarveout { percent } => {
                write!(f, "carveout {percent} % is not a percentage (0 to 100)")
            }
            LaunchError::TooManyThreads {
                threads_per_block,
                max_threads_per_block,
            } => write!(
                f,
                "block has {} threads > {} allowed per block",
                thousands(threads_per_block.into()),
                thousands(max_threads_per_block.into())
            ),
            LaunchError::TooManyRegistersPerThread {
                regs_per_thread,
                max_regs_per_thread,
            } => write!(
                f,
                "{} registers per thread > {} allowed per thread",
                thousands(regs_per_thread.into()),
                max_regs_per_thread
            ),
            LaunchError::TooManyRegistersPerBlock {
                regs_per_warp,
                warps_counted,
                regs_per_block,
                max_regs_per_block,
                hardware_check,
            } => {
                write!(
                    f,
                    "registers: {} per warp × {} warps{} = {} per block > {}",
                    thousands(regs_per_warp),
                    thousands(warps_counted),
                    if hardware_check {
                        " (rounded up to a multiple of the 4 sub-partitions)"
                    } else {
                        ""
                    },
                    thousands(regs_per_block),
                    thousands(max_regs_per_block.into())
                )
            }
            LaunchError::StaticSharedMemoryTooLarge {
                static_smem_bytes,
                max_static_smem_bytes,
            } => write!(
                f,
                "static shared memory {} B > {} B (use dynamic shared memory above 48 KiB)",
                thousands(static_smem_bytes.into()),
                thousands(max_static_smem_bytes.into())
            ),
            LaunchError::TooMuchSharedMemory {
                allocated_smem_bytes,
                max_smem_bytes,
                reserved_smem_bytes,
            } => {
                write!(
                    f,
                    "shared memory {} B > {} B limit per block",
                    thousands(allocated_smem_bytes),
                    thousands(max_smem_bytes)
                )?;
                if reserved_smem_bytes > 0 {
                    write!(
                        f,
                        " (both include the driver's {} B reserve)",
                        thousands(reserved_smem_bytes.into())
                    )?;
                }
                Ok(())
            }
            LaunchError::NoBlockFits => write!(f, "no block fits on an SM"),
        }
    }
}

impl std::error::Error for LaunchError {}

/// What the resident blocks use of one SM, for the UI's resource bars. All figures are per SM
/// and `0` when the launch fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SmUsage {
    /// Registers the threads actually use: `blocks × threads × regs_per_thread`.
    pub registers_used: u64,
    /// Registers allocated: `blocks × regs_per_block_allocated` (per-warp rounding to 256 and
    /// whole warps included).
    pub registers_allocated: u64,
    /// The register file: `regs_per_sm` (65,536).
    pub registers_total: u32,
    /// Shared memory the kernel asked for: `blocks × (static + dynamic)`, bytes.
    pub smem_requested_bytes: u64,
    /// Driver reserve: `blocks × reserved_smem_per_block_bytes`, bytes.
    pub smem_reserved_bytes: u64,
    /// Shared memory allocated: `blocks × smem_per_block_allocated` (request + reserve,
    /// rounded to the granularity), bytes.
    pub smem_allocated_bytes: u64,
    /// The carveout in force (shared-memory capacity of the SM for this launch), bytes.
    pub smem_carveout_bytes: u32,
    /// The largest possible carveout, `smem_per_sm_bytes`.
    pub smem_max_bytes: u32,
    /// Threads resident: `blocks × threads_per_block`.
    pub threads_used: u64,
    /// Warp slots used: `blocks × warps_per_block`.
    pub warps_used: u32,
    /// Warp slots of the SM: `max_warps_per_sm`.
    pub warps_total: u32,
    /// Block slots used: `blocks`.
    pub blocks_used: u32,
    /// Block slots of the SM: `max_blocks_per_sm`.
    pub blocks_total: u32,
}

/// Every intermediate number of the occupancy calculation [OCC-H, spec §1], in step order.
///
/// Always computed (saturating arithmetic), even when the launch fails, so the UI can show which
/// step fails and by how much. Byte and register totals are `u64` so no input overflows.
#[derive(Clone, Debug, PartialEq)]
pub struct OccupancySteps {
    /// Step 1: `ceil(threads / warp_size)`; partial warps count as whole warps.
    pub warps_per_block: u32,
    /// Step 2: `regs_per_thread × 32` before rounding.
    pub regs_per_warp_requested: u64,
    /// Step 2: `round_up(regs_per_thread × 32, 256)`: allocation unit is 256 registers per warp.
    pub regs_per_warp: u64,
    /// Step 2 "software check": `regs_per_warp × warps_per_block`.
    pub regs_per_block: u64,
    /// Step 2 "hardware check": warps rounded up to a multiple of the sub-partitions (4).
    pub warps_per_block_hw_check: u64,
    /// Step 2 "hardware check": `regs_per_warp × warps_per_block_hw_check`.
    pub regs_per_block_hw_check: u64,
    /// Step 2: `regs_per_sm / partitions` (16,384 registers per SMSP).
    pub regs_per_partition: u32,
    /// Step 2: `regs_per_partition / regs_per_warp` ([`UNLIMITED`] for 0 registers).
    pub warps_per_partition_by_regs: u32,
    /// Step 2: `warps_per_partition_by_regs × partitions` ([`UNLIMITED`] for 0 registers).
    pub warps_per_sm_by_regs: u32,
    /// Step 3: `max_threads_per_sm / 32`.
    pub max_warps_per_sm: u32,
    /// Step 5: `static + reserve` (OCC-H `staticSmemSize`), bytes.
    pub smem_static_with_reserve_bytes: u64,
    /// Step 5: `static + dynamic + reserve` before rounding, bytes.
    pub smem_per_block_requested_bytes: u64,
    /// Step 5: `round_up(static + dynamic + reserve, granularity)` (OCC-H
    /// `allocatedSharedMemPerBlock`), bytes.
    pub smem_per_block_bytes: u64,
    /// Step 5: the per-block limit in force including the reserve, bytes (opt-in assumed, see
    /// the module docs).
    pub smem_per_block_limit_bytes: u64,
    /// Step 5: the carveout preference after rounding up to a legal capacity, bytes; `None` for
    /// an invalid percentage.
    pub carveout_preference_bytes: Option<u32>,
    /// Step 5: the carveout used for the limit: the preference, or (Volta+) the smallest legal
    /// capacity holding one block when the preference is too small, bytes.
    pub carveout_bytes: u32,
    /// Step 5: true when the preference was too small for one block and was bumped up.
    pub carveout_bumped: bool,
    /// Step 3 result: blocks allowed by warp slots.
    pub limit_by_warps: u32,
    /// Step 2 result: blocks allowed by registers.
    pub limit_by_registers: u32,
    /// Step 5 result: blocks allowed by shared memory.
    pub limit_by_shared_memory: u32,
    /// Step 4 result: blocks allowed by block slots.
    pub limit_by_blocks: u32,
    /// Step 6, CC ≥ 9.0 only: `barriers_per_slot × max_blocks / 1` ([`UNLIMITED`] below 9.0).
    pub limit_by_barriers: u32,
    /// Step 6: resident blocks per SM (0 when the launch fails).
    pub blocks_per_sm: u32,
    /// Step 7: `blocks × warps_per_block`.
    pub warps_per_sm: u32,
    /// Step 6: every limit equal to the minimum, in enum order.
    pub limiters: Vec<Limiter>,
    /// Resource-bar figures.
    pub usage: SmUsage,
    /// Every budget that fails, in check order; the first one is what [`occupancy`] returns.
    pub errors: Vec<LaunchError>,
}

impl OccupancySteps {
    /// Theoretical occupancy `warps_per_sm / max_warps_per_sm` (0.0 when the launch fails).
    pub fn ratio(&self) -> f64 {
        if self.max_warps_per_sm == 0 {
            return 0.0;
        }
        f64::from(self.warps_per_sm) / f64::from(self.max_warps_per_sm)
    }

    /// The [`occupancy`] result these steps produce.
    pub fn result(&self) -> Result<Occupancy, LaunchError> {
        if let Some(err) = self.errors.first() {
            return Err(*err);
        }
        Ok(Occupancy {
            blocks_per_sm: self.blocks_per_sm,
            warps_per_sm: self.warps_per_sm,
            limiters: self.limiters.clone(),
            limit_by_warps: self.limit_by_warps,
            limit_by_registers: self.limit_by_registers,
            limit_by_shared_memory: self.limit_by_shared_memory,
            limit_by_blocks: self.limit_by_blocks,
            warps_per_block: self.warps_per_block,
            max_warps_per_sm: self.max_warps_per_sm,
        })
    }
}

fn ceil_div_u64(x: u64, y: u64) -> u64 {
    match x.checked_div(y) {
        Some(q) => q + u64::from(!x.is_multiple_of(y)),
        None => 0,
    }
}

fn round_up_u64(x: u64, y: u64) -> u64 {
    ceil_div_u64(x, y).saturating_mul(y)
}

fn to_u32_sat(x: u64) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}

/// The smallest legal carveout capacity ≥ `bytes` [OCC-H `cudaOccAlignUpShmemSizeVoltaPlus`];
/// `None` if `bytes` exceeds the largest one.
pub fn align_up_to_carveout(gpu: &GpuSpec, bytes: u64) -> Option<u32> {
    gpu.carveout_capacities_kib
        .iter()
        .map(|kib| kib.saturating_mul(1024))
        .find(|&cap| u64::from(cap) >= bytes)
}

/// The carveout preference in bytes [OCC-H `cudaOccSMemPerMultiprocessor`]: the maximum for
/// [`Carveout::Default`]; `p · smem_per_sm / 100` (floored) rounded up to a legal capacity for
/// [`Carveout::Percent`]. `None` for a percentage above 100. A100 50 % → 83,968 → 102,400.
pub fn carveout_preference_bytes(gpu: &GpuSpec, carveout: Carveout) -> Option<u32> {
    match carveout {
        Carveout::Default => Some(gpu.smem_per_sm_bytes),
        Carveout::Percent(p) if p > 100 => None,
        Carveout::Percent(p) => {
            let raw = u64::from(p) * u64::from(gpu.smem_per_sm_bytes) / 100;
            Some(align_up_to_carveout(gpu, raw).unwrap_or(gpu.smem_per_sm_bytes))
        }
    }
}

/// Every step of the occupancy calculation for `kernel` on `gpu` [OCC-H, spec §1]. Never panics.
pub fn occupancy_steps(gpu: &GpuSpec, kernel: &KernelConfig) -> OccupancySteps {
    let mut errors = Vec::new();
    let warp_size = gpu.warp_size.max(1);
    let partitions = gpu.partitions_per_sm.max(1);
    let threads = kernel.threads_per_block;

    if threads == 0 {
        errors.push(LaunchError::NoThreads);
    }
    if let Carveout::Percent(p) = kernel.carveout {
        if p > 100 {
            errors.push(LaunchError::InvalidCarveout { percent: p });
        }
    }

    // Step 1: warps per block (ceil; fits u32 for any u32 thread count).
    let warps_per_block = to_u32_sat(ceil_div_u64(threads.into(), warp_size.into()));
    let w = u64::from(warps_per_block);

    // Step 3: warp-slot limit.
    let max_warps_per_sm = gpu.max_threads_per_sm / warp_size;
    let limit_by_warps = if threads == 0 {
        0
    } else if threads > gpu.max_threads_per_block {
        errors.push(LaunchError::TooManyThreads {
            threads_per_block: threads,
            max_threads_per_block: gpu.max_threads_per_block,
        });
        0
    } else {
        to_u32_sat(u64::from(max_warps_per_sm) / w.max(1))
    };

    // Step 2: register limit.
    let regs_per_warp_requested = u64::from(kernel.regs_per_thread) * u64::from(warp_size);
    let regs_per_warp = round_up_u64(
        regs_per_warp_requested,
        gpu.reg_alloc_unit_per_warp.max(1).into(),
    );
    let regs_per_block = regs_per_warp.saturating_mul(w);
    let warps_per_block_hw_check = round_up_u64(w, partitions.into());
    let regs_per_block_hw_check = regs_per_warp.saturating_mul(warps_per_block_hw_check);
    let regs_per_partition = gpu.regs_per_sm / partitions;
    let max_regs_block = u64::from(gpu.regs_per_block);
    // 0 registers per thread: OCC-H's INT_MAX.
    let (warps_per_partition_by_regs, warps_per_sm_by_regs) =
        match u64::from(regs_per_partition).checked_div(regs_per_warp) {
            None => (UNLIMITED, UNLIMITED),
            Some(per_partition) => {
                let per_partition = to_u32_sat(per_partition);
                (per_partition, per_partition.saturating_mul(partitions))
            }
        };
    let limit_by_registers = if kernel.regs_per_thread > gpu.max_regs_per_thread {
        errors.push(LaunchError::TooManyRegistersPerThread {
            regs_per_thread: kernel.regs_per_thread,
            max_regs_per_thread: gpu.max_regs_per_thread,
        });
        0
    } else if regs_per_block > max_regs_block {
        errors.push(LaunchError::TooManyRegistersPerBlock {
            regs_per_warp,
            warps_counted: w,
            regs_per_block,
            max_regs_per_block: gpu.regs_per_block,
            hardware_check: false,
        });
        0
    } else if regs_per_block_hw_check > max_regs_block {
        errors.push(LaunchError::TooManyRegistersPerBlock {
            regs_per_warp,
            warps_counted: warps_per_block_hw_check,
            regs_per_block: regs_per_block_hw_check,
            max_regs_per_block: gpu.regs_per_block,
            hardware_check: true,
        });
        0
    } else if regs_per_warp == 0 {
        UNLIMITED
    } else {
        // w = 0 only with 0 threads (already an error): no block.
        u64::from(warps_per_sm_by_regs)
            .checked_div(w)
            .map_or(0, to_u32_sat)
    };

    // Step 4: block limit.
    let limit_by_blocks = gpu.max_blocks_per_sm;

    // Step 5: shared-memory limit.
    let reserve = u64::from(gpu.reserved_smem_per_block_bytes);
    let static_bytes = u64::from(kernel.static_smem_bytes);
    let dynamic_bytes = u64::from(kernel.dynamic_smem_bytes);
    let smem_static_with_reserve_bytes = static_bytes + reserve;
    let smem_per_block_requested_bytes = smem_static_with_reserve_bytes + dynamic_bytes;
    let smem_per_block_bytes = round_up_u64(
        smem_per_block_requested_bytes,
        gpu.smem_alloc_granularity_bytes.max(1).into(),
    );
    // Opt-in assumed: maxDynamicSharedSizeBytes = optin − static (module docs).
    let max_dynamic_bytes = u64::from(gpu.smem_per_block_optin_bytes).saturating_sub(static_bytes);
    let max_smem_usage = smem_static_with_reserve_bytes + max_dynamic_bytes;
    let mut smem_per_block_limit_bytes = if max_smem_usage > u64::from(gpu.smem_per_block_bytes) {
        u64::from(gpu.smem_per_block_optin_bytes)
    } else {
        u64::from(gpu.smem_per_block_bytes)
    };
    if gpu.compute_capability.0 >= 8 {
        smem_per_block_limit_bytes += reserve;
    }
    let carveout_preference = carveout_preference_bytes(gpu, kernel.carveout);
    let mut smem_fails = false;
    if kernel.static_smem_bytes > MAX_STATIC_SMEM_BYTES {
        errors.push(LaunchError::StaticSharedMemoryTooLarge {
            static_smem_bytes: kernel.static_smem_bytes,
            max_static_smem_bytes: MAX_STATIC_SMEM_BYTES,
        });
        smem_fails = true;
    }
    if dynamic_bytes > max_dynamic_bytes || smem_per_block_bytes > smem_per_block_limit_bytes {
        errors.push(LaunchError::TooMuchSharedMemory {
            allocated_smem_bytes: smem_per_block_bytes,
            max_smem_bytes: smem_per_block_limit_bytes,
            reserved_smem_bytes: gpu.reserved_smem_per_block_bytes,
        });
        smem_fails = true;
    }
    let (carveout_bytes, carveout_bumped) = match carveout_preference {
        Some(pref) if u64::from(pref) >= smem_per_block_bytes => (pref, false),
        Some(_) => match align_up_to_carveout(gpu, smem_per_block_bytes) {
            // Volta+: a too-small preference is bumped up to the step that holds one block.
            Some(cap) => (cap, true),
            None => (gpu.smem_per_sm_bytes, false),
        },
        None => (gpu.smem_per_sm_bytes, false),
    };
    let limit_by_shared_memory = if smem_fails || carveout_preference.is_none() {
        0
    } else {
        // 0 bytes per block (CC 7.x, no reserve): OCC-H's INT_MAX.
        u64::from(carveout_bytes)
            .checked_div(smem_per_block_bytes)
            .map_or(UNLIMITED, to_u32_sat)
    };

    // Step 6: combine.
    let mut blocks = limit_by_registers
        .min(limit_by_shared_memory)
        .min(limit_by_warps)
        .min(limit_by_blocks);
    let mut limiters: Vec<Limiter> = Limiter::ALL
        .iter()
        .copied()
        .filter(|l| {
            blocks
                == match l {
                    Limiter::Warps => limit_by_warps,
                    Limiter::Registers => limit_by_registers,
                    Limiter::SharedMemory => limit_by_shared_memory,
                    Limiter::Blocks => limit_by_blocks,
                }
        })
        .collect();
    let limit_by_barriers = if gpu.compute_capability.0 >= 9 {
        to_u32_sat(
            u64::from(gpu.block_barriers_per_block_slot) * u64::from(gpu.max_blocks_per_sm)
                / u64::from(BLOCK_BARRIERS_PER_BLOCK),
        )
    } else {
        UNLIMITED
    };
    if limit_by_barriers < blocks {
        // Never with one barrier per block (cap 64 > 32); kept for fidelity to OCC-H.
        blocks = limit_by_barriers;
        limiters.clear();
    }
    if blocks == 0 && errors.is_empty() {
        errors.push(LaunchError::NoBlockFits);
    }
    if !errors.is_empty() {
        blocks = 0;
    }

    // Step 7: derived outputs.
    let warps_per_sm = to_u32_sat(u64::from(blocks) * w);
    let b = u64::from(blocks);
    let usage = SmUsage {
        registers_used: b * u64::from(threads) * u64::from(kernel.regs_per_thread),
        registers_allocated: b.saturating_mul(regs_per_block),
        registers_total: gpu.regs_per_sm,
        smem_requested_bytes: b * (static_bytes + dynamic_bytes),
        smem_reserved_bytes: b * reserve,
        smem_allocated_bytes: b.saturating_mul(smem_per_block_bytes),
        smem_carveout_bytes: carveout_bytes,
        smem_max_bytes: gpu.smem_per_sm_bytes,
        threads_used: b * u64::from(threads),
        warps_used: warps_per_sm,
        warps_total: max_warps_per_sm,
        blocks_used: blocks,
        blocks_total: gpu.max_blocks_per_sm,
    };

    OccupancySteps {
        warps_per_block,
        regs_per_warp_requested,
        regs_per_warp,
        regs_per_block,
        warps_per_block_hw_check,
        regs_per_block_hw_check,
        regs_per_partition,
        warps_per_partition_by_regs,
        warps_per_sm_by_regs,
        max_warps_per_sm,
        smem_static_with_reserve_bytes,
        smem_per_block_requested_bytes,
        smem_per_block_bytes,
        smem_per_block_limit_bytes,
        carveout_preference_bytes: carveout_preference,
        carveout_bytes,
        carveout_bumped,
        limit_by_warps,
        limit_by_registers,
        limit_by_shared_memory,
        limit_by_blocks,
        limit_by_barriers,
        blocks_per_sm: blocks,
        warps_per_sm,
        limiters,
        usage,
        errors,
    }
}

/// Resident blocks and warps per SM for `kernel` on `gpu` (`cudaOccMaxActiveBlocksPerMultiprocessor`,
/// spec §1). `Err` when no block can be resident (the launch would fail); the error names the
/// first budget that fails, in the order threads, carveout, registers, shared memory.
///
/// ```
/// use warpscope::model::{gpu_spec::GpuSpec, occupancy::*};
/// // Spec §1 #1: A100, 256 threads × 64 registers → 4 blocks, 32 warps, 50 %, register-limited.
/// let k = KernelConfig { threads_per_block: 256, regs_per_thread: 64, ..KernelConfig::default() };
/// let occ = occupancy(&GpuSpec::a100_sxm(), &k).expect("launchable");
/// assert_eq!((occ.blocks_per_sm, occ.warps_per_sm), (4, 32));
/// assert_eq!(occ.limiters, vec![Limiter::Registers]);
/// assert_eq!(occ.ratio(), 0.5);
/// ```
pub fn occupancy(gpu: &GpuSpec, kernel: &KernelConfig) -> Result<Occupancy, LaunchError> {
    occupancy_steps(gpu, kernel).result()
}

/// The block size that maximises resident threads per SM, and the grid that fills the GPU once
/// (`cudaOccMaxPotentialBlockSize`, OCC-H / spec §1): returns `(block_size, min_grid_size)`.
///
/// `kernel.threads_per_block` is ignored. Sizes from `round_up(max_threads_per_block, 32)` down to
/// 32 in steps of 32 are tried; only a strictly greater `blocks × block_size` replaces the best
/// (ties keep the larger block); the search stops once it reaches `max_threads_per_sm`.
/// `min_grid_size = best_blocks × sm_count`. `None` when no block size launches.
pub fn max_potential_block_size(gpu: &GpuSpec, kernel: &KernelConfig) -> Option<(u32, u32)> {
    let granularity = gpu.warp_size.max(1);
    let max_block = gpu.max_threads_per_block;
    let mut aligned = to_u32_sat(round_up_u64(max_block.into(), granularity.into()));
    let mut best: Option<(u32, u32, u64)> = None; // (block size, blocks, threads)
    while aligned > 0 {
        let size = aligned.min(max_block);
        let steps = occupancy_steps(
            gpu,
            &KernelConfig {
                threads_per_block: size,
                ..*kernel
            },
        );
        let threads = u64::from(steps.blocks_per_sm) * u64::from(size);
        if threads > best.map_or(0, |b| b.2) {
            best = Some((size, steps.blocks_per_sm, threads));
        }
        if threads >= u64::from(gpu.max_threads_per_sm) {
            break;
        }
        aligned = aligned.saturating_sub(granularity);
    }
    best.map(|(size, blocks, _)| (size, blocks.saturating_mul(gpu.sm_count)))
}

/// One point of an occupancy sweep: the swept input `x` and the result there.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepPoint {
    /// The swept value (threads per block, registers per thread, or dynamic smem bytes).
    pub x: u32,
    /// The occupancy at `x`, or why it does not launch.
    pub result: Result<Occupancy, LaunchError>,
}

impl SweepPoint {
    /// Resident blocks per SM (0 when the launch fails).
    pub fn blocks_per_sm(&self) -> u32 {
        self.result.as_ref().map_or(0, |o| o.blocks_per_sm)
    }
    /// Resident warps per SM (0 when the launch fails).
    pub fn warps_per_sm(&self) -> u32 {
        self.result.as_ref().map_or(0, |o| o.warps_per_sm)
    }
    /// Occupancy ratio (0.0 when the launch fails).
    pub fn ratio(&self) -> f64 {
        self.result.as_ref().map_or(0.0, Occupancy::ratio)
    }
}

fn sweep(
    gpu: &GpuSpec,
    xs: impl Iterator<Item = u32>,
    with: impl Fn(u32) -> KernelConfig,
) -> Vec<SweepPoint> {
    xs.map(|x| SweepPoint {
        x,
        result: occupancy(gpu, &with(x)),
    })
    .collect()
}

/// Occupancy vs threads per block: 32, 64, …, `max_threads_per_block` (1024), other inputs
/// from `kernel`. 32 points on every preset.
pub fn sweep_block_size(gpu: &GpuSpec, kernel: &KernelConfig) -> Vec<SweepPoint> {
    let step = gpu.warp_size.max(1);
    let xs = (1..=gpu.max_threads_per_block / step).map(move |i| i * step);
    sweep(gpu, xs, |x| KernelConfig {
        threads_per_block: x,
        ..*kernel
    })
}

/// Occupancy vs registers per thread: 1, 2, …, `max_regs_per_thread` (255), other inputs from
/// `kernel`.
pub fn sweep_regs_per_thread(gpu: &GpuSpec, kernel: &KernelConfig) -> Vec<SweepPoint> {
    sweep(gpu, 1..=gpu.max_regs_per_thread, |x| KernelConfig {
        regs_per_thread: x,
        ..*kernel
    })
}

/// Occupancy vs dynamic shared memory per block: 0, g, 2g, … up to `smem_per_block_optin_bytes`
/// (g = the allocation granularity, 128 B or 256 B), other inputs from `kernel`. Points beyond
/// the per-block budget are `Err`.
pub fn sweep_dynamic_smem(gpu: &GpuSpec, kernel: &KernelConfig) -> Vec<SweepPoint> {
    let step = gpu.smem_alloc_granularity_bytes.max(1);
    let xs = (0..=gpu.smem_per_block_optin_bytes / step).map(move |i| i * step);
    sweep(gpu, xs, |x| KernelConfig {
        dynamic_smem_bytes: x,
        ..*kernel
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(threads: u32, regs: u32, static_smem: u32, dynamic: u32) -> KernelConfig {
        KernelConfig {
            threads_per_block: threads,
            regs_per_thread: regs,
            static_smem_bytes: static_smem,
            dynamic_smem_bytes: dynamic,
            carveout: Carveout::Default,
        }
    }

    #[test]
    fn thousands_separator() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(73_728), "73,728");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn a100_zero_smem_still_pays_the_reserve() {
        // Spec §1: 167,936 / 1,024 = 164.
        let s = occupancy_steps(&GpuSpec::a100_sxm(), &k(256, 32, 0, 0));
        assert_eq!(s.smem_per_block_bytes, 1024);
        assert_eq!(s.limit_by_shared_memory, 164);
    }

    #[test]
    fn hardware_check_rounds_warps_to_four() {
        // 80 regs → 2,560/warp; 800 threads = 25 warps: 64,000 fits, but 28 × 2,560 = 71,680 does not.
        let s = occupancy_steps(&GpuSpec::a100_sxm(), &k(800, 80, 0, 0));
        assert_eq!(s.regs_per_block, 64_000);
        assert_eq!(s.regs_per_block_hw_check, 71_680);
        assert!(matches!(
            s.errors.first(),
            Some(LaunchError::TooManyRegistersPerBlock {
                hardware_check: true,
                ..
            })
        ));
    }

    #[test]
    fn extreme_inputs_do_not_panic() {
        let big = k(u32::MAX, u32::MAX, u32::MAX, u32::MAX);
        for gpu in GpuSpec::all() {
            let s = occupancy_steps(&gpu, &big);
            assert_eq!(s.blocks_per_sm, 0);
            assert!(s.errors.len() >= 3);
            for e in &s.errors {
                assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn carveout_rounds_up() {
        let a = GpuSpec::a100_sxm();
        assert_eq!(
            carveout_preference_bytes(&a, Carveout::Percent(50)),
            Some(102_400)
        );
        assert_eq!(carveout_preference_bytes(&a, Carveout::Percent(0)), Some(0));
        assert_eq!(carveout_preference_bytes(&a, Carveout::Percent(101)), None);
        let h = GpuSpec::h100_sxm();
        assert_eq!(
            carveout_preference_bytes(&h, Carveout::Percent(25)),
            Some(65_536)
        );
        let t = GpuSpec::t4();
        assert_eq!(
            carveout_preference_bytes(&t, Carveout::Percent(0)),
            Some(32_768)
        );
    }
}
