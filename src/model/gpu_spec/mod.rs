//! GPU presets: every per-SM limit, clock, peak and memory figure warpscope uses, with its source.
//!
//! The main type is [`GpuSpec`]; presets are named constructors (`GpuSpec::a100_sxm()`).
//! Per-compute-capability limits follow `spec/hw-model.md` §0 (sources: CUDA C++ Programming
//! Guide "Features and Technical Specifications" [PG], NVIDIA's `cuda_occupancy.h` [OCC-H],
//! CCCL `arch_traits.cuh` [CCCL], and an H200 probe [PROBE]); CC 10.0 (B200) and 12.0 (RTX 5090)
//! follow the CUDA 12.9 header, checked case for case by `tests/fixtures/occupancy_cuda_occupancy_h.json`. Peaks and memory follow §7
//! (whitepapers and datasheets [WP]). A100 and H100 also carry the course's rounded values
//! (A100 19.5 / 312 TFLOPS, 2.0 TB/s; H100 67 / 989 TFLOPS, 3.35 TB/s), which
//! [`GpuSpec::roof`] uses so that the course's Roofline table is reproduced exactly.

use crate::model::roofline::{Precision, Roof};

/// Threads per warp, the one definition in warpscope: 32 on every NVIDIA GPU so far (the warp
/// is the unit the SM schedules and issues; lane `i` is thread `warp · 32 + i` of its block).
/// Source: CUDA C++ Programming Guide, "SIMT Architecture" (also `warpSize` in "Built-in
/// Variables"). Re-exported as [`crate::model::WARP_SIZE`].
pub const WARP_SIZE: u32 = 32;

/// 1 TFLOP/s in FLOP/s.
const TERA: f64 = 1e12;
/// 1 GB/s in bytes per second (decimal, as datasheets use).
const GB_PER_S: f64 = 1e9;
const KIB: u32 = 1024;
const MIB: u64 = 1024 * 1024;
const GIB: u64 = 1024 * 1024 * 1024;

/// Dense peak throughput per precision in FLOP/s (OP/s for INT8), `None` where the part lacks
/// the unit. Tensor figures exclude 2:4 sparsity. Source per preset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Peaks {
    /// FP64 on the CUDA cores (vector), FLOP/s.
    pub fp64_flops_per_s: Option<f64>,
    /// FP32 on the CUDA cores (FFMA = 2 FLOP), FLOP/s.
    pub fp32_flops_per_s: Option<f64>,
    /// TF32 Tensor Core, dense, FLOP/s.
    pub tf32_tensor_flops_per_s: Option<f64>,
    /// FP16 Tensor Core with FP32 accumulate, dense, FLOP/s.
    pub fp16_tensor_flops_per_s: Option<f64>,
    /// BF16 Tensor Core with FP32 accumulate, dense, FLOP/s.
    pub bf16_tensor_flops_per_s: Option<f64>,
    /// INT8 Tensor Core, dense, OP/s.
    pub int8_tensor_ops_per_s: Option<f64>,
    /// FP8 Tensor Core, dense, FLOP/s.
    pub fp8_tensor_flops_per_s: Option<f64>,
}

impl Peaks {
    /// The peak for one precision, FLOP/s (OP/s for INT8).
    pub fn get(&self, precision: Precision) -> Option<f64> {
        match precision {
            Precision::Fp64 => self.fp64_flops_per_s,
            Precision::Fp32 => self.fp32_flops_per_s,
            Precision::Tf32Tensor => self.tf32_tensor_flops_per_s,
            Precision::Fp16Tensor => self.fp16_tensor_flops_per_s,
            Precision::Bf16Tensor => self.bf16_tensor_flops_per_s,
            Precision::Int8Tensor => self.int8_tensor_ops_per_s,
            Precision::Fp8Tensor => self.fp8_tensor_flops_per_s,
        }
    }
}

/// The course's rounded Roofline constants (seed `gpu-kernel-engineering-01`, §6 and its
/// `roofline_time.py`): only A100 and H100 have them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CourseValues {
    /// "CUDA Core FP32" roof, FLOP/s (A100 19.5e12, H100 67e12).
    pub fp32_flops_per_s: f64,
    /// "Tensor Core BF16 dense" roof, FLOP/s, also used for FP16 (A100 312e12, H100 989e12).
    pub bf16_tensor_flops_per_s: f64,
    /// FP8 Tensor Core dense as the course rounds it (H100 ≈ 1979e12); `None` on A100.
    pub fp8_tensor_flops_per_s: Option<f64>,
    /// HBM bandwidth, bytes/s (A100 2.0e12, H100 3.35e12).
    pub bandwidth_bytes_per_s: f64,
}

/// Where the numbers of a roof come from.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum ValueSource {
    /// The course's rounded values where it gives them (A100/H100), datasheet values otherwise.
    #[default]
    Course,
    /// Datasheet / whitepaper values (A100 2039 GB/s, H100 989.4 TFLOPS BF16, …).
    Datasheet,
}

/// One GPU: identity, per-SM limits (spec §0), clocks, peaks and memory (spec §7).
///
/// All sizes are bytes unless the name says otherwise. Construct with a preset.
#[derive(Clone, Debug, PartialEq)]
pub struct GpuSpec {
    /// Short stable id used in URLs: "a100", "h100", "v100", "t4", "rtx3090", "l4", "rtx4090",
    /// "h200", "h100pcie", "b200", "rtx5090".
    pub id: &'static str,
    /// Product name, e.g. "A100 SXM4 80GB".
    pub name: &'static str,
    /// Architecture name, e.g. "Ampere".
    pub architecture: &'static str,
    /// Compute capability (major, minor), e.g. (8, 0). [PG]
    pub compute_capability: (u32, u32),
    /// SMs enabled on the product (A100 108 of GA100's 128). [WP]
    pub sm_count: u32,
    /// Threads per warp: 32 on every part. [PG]
    pub warp_size: u32,
    /// `maxThreadsPerBlock`: 1024. [PG]
    pub max_threads_per_block: u32,
    /// `maxThreadsPerMultiProcessor` (2048 on 7.0/8.0/9.0, 1024 on 7.5, 1536 on 8.6/8.9). [PG, CCCL]
    pub max_threads_per_sm: u32,
    /// Resident blocks per SM (32, 16, 32, 16, 24, 32, 32, 24 for 7.0 … 9.0, 10.0, 12.0). [OCC-H, PROBE]
    pub max_blocks_per_sm: u32,
    /// 32-bit registers per SM: 65536. [PG]
    pub regs_per_sm: u32,
    /// `regsPerBlock`: 65536. [PG]
    pub regs_per_block: u32,
    /// Registers one thread may use: 255. [PG]
    pub max_regs_per_thread: u32,
    /// SM sub-partitions (SMSPs), each with its own warp scheduler: 4. [OCC-H]
    pub partitions_per_sm: u32,
    /// Register allocation unit, registers per warp: 256 (8 per thread). [OCC-H]
    pub reg_alloc_unit_per_warp: u32,
    /// `sharedMemPerMultiprocessor`: the largest shared-memory carveout, bytes. [CCCL, PROBE]
    pub smem_per_sm_bytes: u32,
    /// `sharedMemPerBlock`: default per-block limit without opt-in, bytes (48 KiB). [PG]
    pub smem_per_block_bytes: u32,
    /// `sharedMemPerBlockOptin`: per-block limit after opting in, bytes. [CCCL, PROBE]
    pub smem_per_block_optin_bytes: u32,
    /// `reservedSharedMemPerBlock`: driver reserve per block, bytes (1024 from 8.0 on). [CCCL, PROBE]
    pub reserved_smem_per_block_bytes: u32,
    /// Shared-memory allocation granularity, bytes (256 on 7.x, 128 on 8.x/9.0/10.x/12.x). [OCC-H]
    pub smem_alloc_granularity_bytes: u32,
    /// Legal shared-memory carveout capacities per SM, KiB, ascending. [OCC-H, PG]
    pub carveout_capacities_kib: &'static [u32],
    /// Unified L1 + shared memory per SM, bytes (display only; UNCERTAIN for 7.5 and 8.9). [WP]
    pub l1_smem_per_sm_bytes: u32,
    /// Block-barrier limit factor per SM (× max blocks: 2 on 9.0/10.0, 1 on 12.x); checked only
    /// for CC ≥ 9.0. [OCC-H]
    pub block_barriers_per_block_slot: u32,
    /// Shared-memory banks: 32, each 4 bytes wide. [PG]
    pub smem_banks: u32,
    /// Width of one shared-memory bank, bytes: 4. [PG]
    pub smem_bank_width_bytes: u32,
    /// FP32 lanes ("CUDA cores") per SM: 64 on 7.x/8.0, 128 on 8.6/8.9/9.0/10.0/12.0. [WP]
    pub fp32_lanes_per_sm: u32,
    /// Tensor Cores per SM (one per partition); 0 where the part has none. [WP]
    pub tensor_cores_per_sm: u32,
    /// Boost clock, MHz (the clock the FP32 peak is quoted at). [WP]
    pub boost_clock_mhz: u32,
    /// L2 cache, bytes; 0 where NVIDIA publishes none (B200). [WP]
    pub l2_bytes: u64,
    /// Device memory, bytes. [WP]
    pub memory_bytes: u64,
    /// Device memory kind, e.g. "HBM2e". [WP]
    pub memory_kind: &'static str,
    /// Datasheet memory bandwidth, bytes/s. [WP]
    pub bandwidth_bytes_per_s: f64,
    /// Datasheet dense peaks per precision. [WP]
    pub peaks: Peaks,
    /// The course's rounded values (A100, H100 only).
    pub course: Option<CourseValues>,
    /// Where this preset's peaks and bandwidth come from, in words.
    pub source: &'static str,
}

/// Per-SM limits that every CC 8.0 / 9.0 data-centre part shares; presets override the rest.
const fn base(id: &'static str, name: &'static str, cc: (u32, u32), sm_count: u32) -> GpuSpec {
    GpuSpec {
        id,
        name,
        architecture: "",
        compute_capability: cc,
        sm_count,
        warp_size: WARP_SIZE,
        max_threads_per_block: 1024,
        max_threads_per_sm: 2048,
        max_blocks_per_sm: 32,
        regs_per_sm: 65536,
        regs_per_block: 65536,
        max_regs_per_thread: 255,
        partitions_per_sm: 4,
        reg_alloc_unit_per_warp: 256,
        smem_per_sm_bytes: 0,
        smem_per_block_bytes: 48 * KIB,
        smem_per_block_optin_bytes: 0,
        reserved_smem_per_block_bytes: 1024,
        smem_alloc_granularity_bytes: 128,
        carveout_capacities_kib: &[],
        l1_smem_per_sm_bytes: 0,
        block_barriers_per_block_slot: 2,
        smem_banks: 32,
        smem_bank_width_bytes: 4,
        fp32_lanes_per_sm: 64,
        tensor_cores_per_sm: 4,
        boost_clock_mhz: 0,
        l2_bytes: 0,
        memory_bytes: 0,
        memory_kind: "",
        bandwidth_bytes_per_s: 0.0,
        peaks: Peaks {
            fp64_flops_per_s: None,
            fp32_flops_per_s: None,
            tf32_tensor_flops_per_s: None,
            fp16_tensor_flops_per_s: None,
            bf16_tensor_flops_per_s: None,
            int8_tensor_ops_per_s: None,
            fp8_tensor_flops_per_s: None,
        },
        course: None,
        source: "",
    }
}

/// The presets, built at compile time: a table in the program's data rather than code that
/// builds eleven structs field by field (measured: 5.5 KB of wasm in each chapter that lists
/// the GPUs).
static PRESETS: [GpuSpec; 11] = [
    GpuSpec::a100_sxm(),
    GpuSpec::h100_sxm(),
    GpuSpec::v100_sxm2(),
    GpuSpec::t4(),
    GpuSpec::rtx_3090(),
    GpuSpec::l4(),
    GpuSpec::rtx_4090(),
    GpuSpec::h200_sxm(),
    GpuSpec::h100_pcie(),
    GpuSpec::b200(),
    GpuSpec::rtx_5090(),
];

mod anatomy;
mod presets;

pub use anatomy::{Anatomy, MemoryLevel, PartitionUnits};

impl GpuSpec {
    /// Every preset, A100 first (the default), then H100, then by generation.
    pub fn all() -> Vec<GpuSpec> {
        PRESETS.to_vec()
    }

    /// Every preset in [`GpuSpec::all`]'s order, without copying them (the UI's lists).
    #[cfg_attr(not(feature = "ui"), allow(dead_code))]
    pub(crate) fn presets() -> &'static [GpuSpec] {
        &PRESETS
    }

    /// The preset with this [`GpuSpec::id`], or `None` for an unknown id.
    pub fn by_id(id: &str) -> Option<GpuSpec> {
        PRESETS.iter().find(|g| g.id == id).cloned()
    }

    /// Max resident warps per SM: `max_threads_per_sm / warp_size` (64 on A100).
    pub fn max_warps_per_sm(&self) -> u32 {
        self.max_threads_per_sm / self.warp_size.max(1)
    }

    /// FP32 lanes on the whole chip: `sm_count × fp32_lanes_per_sm` (6912 on A100).
    pub fn fp32_lanes(&self) -> u32 {
        self.sm_count * self.fp32_lanes_per_sm
    }

    /// FP32 peak derived from the units: lanes × 2 FLOP (FFMA) × boost clock, FLOP/s.
    /// A100: 6912 × 2 × 1.41e9 = 19.49e12.
    pub fn fp32_flops_per_s_from_units(&self) -> f64 {
        f64::from(self.fp32_lanes()) * 2.0 * f64::from(self.boost_clock_mhz) * 1e6
    }

    /// Roof for `precision` with the course's values for A100/H100 (seed table) and
    /// datasheet values for the others; `None` if the part lacks that unit.
    pub fn roof(&self, precision: Precision) -> Option<Roof> {
        self.roof_from(precision, ValueSource::Course)
    }

    /// Roof for `precision` from the chosen [`ValueSource`]. With `Course`, A100/H100 use the
    /// course's bandwidth and its FP32, BF16 (also for FP16) and FP8 figures; precisions the
    /// course does not round (FP64, TF32, INT8) keep the datasheet peak against the course's
    /// bandwidth. `None` if the part lacks that unit.
    pub fn roof_from(&self, precision: Precision, source: ValueSource) -> Option<Roof> {
        let datasheet_peak = self.peaks.get(precision)?;
        match (source, self.course) {
            (ValueSource::Course, Some(course)) => {
                let peak = match precision {
                    Precision::Fp32 => course.fp32_flops_per_s,
                    Precision::Fp16Tensor | Precision::Bf16Tensor => course.bf16_tensor_flops_per_s,
                    Precision::Fp8Tensor => course.fp8_tensor_flops_per_s.unwrap_or(datasheet_peak),
                    _ => datasheet_peak,
                };
                Some(Roof {
                    peak_flops_per_s: peak,
                    bandwidth_bytes_per_s: course.bandwidth_bytes_per_s,
                })
            }
            _ => Some(Roof {
                peak_flops_per_s: datasheet_peak,
                bandwidth_bytes_per_s: self.bandwidth_bytes_per_s,
            }),
        }
    }

    /// Memory bandwidth from the chosen source, bytes/s.
    pub fn bandwidth_from(&self, source: ValueSource) -> f64 {
        match (source, self.course) {
            (ValueSource::Course, Some(c)) => c.bandwidth_bytes_per_s,
            _ => self.bandwidth_bytes_per_s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_found() {
        let all = GpuSpec::all();
        for g in &all {
            assert_eq!(GpuSpec::by_id(g.id).map(|x| x.name), Some(g.name));
        }
        assert_eq!(all.len(), 11);
        assert!(GpuSpec::by_id("b300").is_none());
    }

    #[test]
    fn a100_fp32_peak_follows_from_its_units() {
        // 108 SMs × 64 lanes = 6912; × 2 FLOP × 1.41 GHz = 19.49 TFLOPS (course: 19.5).
        let a = GpuSpec::a100_sxm();
        assert_eq!(a.fp32_lanes(), 6912);
        assert!((a.fp32_flops_per_s_from_units() / 1e12 - 19.49).abs() < 0.01);
        assert_eq!(a.max_warps_per_sm(), 64);
    }

    #[test]
    fn anatomy_totals_follow_from_the_partitions() {
        // A100: 4 partitions × 16 FP32 = 64 per SM = fp32_lanes_per_sm; 108 × 64 = 6912.
        for g in [GpuSpec::a100_sxm(), GpuSpec::h100_sxm()] {
            let a = g.anatomy().expect("anatomy");
            assert_eq!(a.partition.fp32 * g.partitions_per_sm, g.fp32_lanes_per_sm);
            assert_eq!(
                a.partition.tensor_cores * g.partitions_per_sm,
                g.tensor_cores_per_sm
            );
            assert_eq!(a.partition.registers * g.partitions_per_sm, g.regs_per_sm);
            assert!(a.sms_full_die() >= g.sm_count);
        }
        let a = GpuSpec::a100_sxm().anatomy().expect("a100");
        assert_eq!(a.sms_full_die(), 128);
        // Course: shared memory 128 B/clk/SM × 108 × 1.41 GHz ≈ 19.5 TB/s.
        let shared = a.memory.iter().find(|m| m.id == "shared").expect("shared");
        let bw = shared.bandwidth_bytes_per_s.expect("bw");
        assert!((bw / 1e12 - 19.49).abs() < 0.01);
        assert_eq!(
            GpuSpec::h100_sxm().anatomy().expect("h100").sms_full_die(),
            144
        );
        assert!(GpuSpec::t4().anatomy().is_none());
    }

    #[test]
    fn reserve_is_what_opt_in_leaves() {
        // CCCL: sharedMemPerBlockOptin = smemPerSM − reserved (8.x/9.0).
        for g in GpuSpec::all() {
            if g.compute_capability.0 >= 8 {
                assert_eq!(
                    g.smem_per_block_optin_bytes + g.reserved_smem_per_block_bytes,
                    g.smem_per_sm_bytes,
                    "{}",
                    g.id
                );
            }
            let top = g.carveout_capacities_kib.last().copied().unwrap_or(0);
            assert_eq!(top * 1024, g.smem_per_sm_bytes, "{}", g.id);
        }
    }
}
