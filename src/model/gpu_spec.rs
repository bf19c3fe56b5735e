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

impl GpuSpec {
    /// NVIDIA A100 SXM4 80GB (GA100, CC 8.0, 108 SMs at 1410 MHz, 2039 GB/s HBM2e, 40 MB L2).
    ///
    /// Limits: spec §0 column 8.0. Source of each value, NVIDIA A100 80GB datasheet, SXM column
    /// ("nvidia-a100-datasheet-us-nvidia-1758950-r4-web"): FP64 9.7 TFLOPS; FP64 Tensor Core
    /// 19.5 (not a roof here); FP32 19.5; TF32 Tensor 156 (312 with sparsity); BF16 and FP16
    /// Tensor 312 (624 with sparsity); INT8 Tensor 624 TOPS (1,248 with sparsity); 80 GB HBM2e
    /// at 2,039 GB/s. Clock: 1,410 MHz boost (A100 whitepaper). Check: 108 × 4 TC × 256 FMA × 2
    /// × 1.41 GHz = 311.9 TFLOPS. Course values (DESIGN §4, the seed's table): FP32 19.5,
    /// BF16/FP16 312 TFLOPS, 2.0 TB/s; [`GpuSpec::roof`] uses them.
    pub const fn a100_sxm() -> GpuSpec {
        GpuSpec {
            architecture: "Ampere",
            smem_per_sm_bytes: 167_936,
            smem_per_block_optin_bytes: 166_912,
            carveout_capacities_kib: &[0, 8, 16, 32, 64, 100, 132, 164],
            l1_smem_per_sm_bytes: 192 * KIB,
            fp32_lanes_per_sm: 64,
            boost_clock_mhz: 1410,
            l2_bytes: 40 * MIB,
            memory_bytes: 80 * GIB,
            memory_kind: "HBM2e",
            bandwidth_bytes_per_s: 2039.0 * GB_PER_S,
            peaks: Peaks {
                fp64_flops_per_s: Some(9.7 * TERA),
                fp32_flops_per_s: Some(19.5 * TERA),
                tf32_tensor_flops_per_s: Some(156.0 * TERA),
                fp16_tensor_flops_per_s: Some(312.0 * TERA),
                bf16_tensor_flops_per_s: Some(312.0 * TERA),
                int8_tensor_ops_per_s: Some(624.0 * TERA),
                fp8_tensor_flops_per_s: None,
            },
            course: Some(CourseValues {
                fp32_flops_per_s: 19.5 * TERA,
                bf16_tensor_flops_per_s: 312.0 * TERA,
                fp8_tensor_flops_per_s: None,
                bandwidth_bytes_per_s: 2.0 * TERA,
            }),
            source: "NVIDIA A100 datasheet and whitepaper v1.0",
            ..base("a100", "A100 SXM4 80GB", (8, 0), 108)
        }
    }

    /// NVIDIA H100 SXM5 80GB (GH100, CC 9.0, 132 SMs, 3350 GB/s HBM3, 50 MB L2).
    ///
    /// Limits: spec §0 column 9.0 (H200 probe: 233472 B smem/SM, 232448 opt-in). Source of each
    /// value, NVIDIA H100 Tensor Core GPU datasheet, H100 SXM column: FP64 34 TFLOPS; FP64
    /// Tensor Core 67 (not a roof here); FP32 67; TF32 Tensor 989, BF16 and FP16 Tensor 1,979,
    /// FP8 and INT8 Tensor 3,958, each "shown with sparsity, 1/2 lower without"; 80 GB at
    /// 3.35 TB/s. The dense Tensor figures kept here are the H100 whitepaper's (TF32 494.7,
    /// FP16/BF16 989.4, FP8/INT8 1,978.9), the datasheet's halved to one more digit; they are
    /// what 132 SMs × 4 Tensor Cores × 512 FMA × 2 at 1,830 MHz give. FP32 67 is the units at the
    /// 1,980 MHz maximum boost (132 × 128 × 2 × 1.98 GHz = 66.9). Course values (DESIGN §4):
    /// FP32 67, BF16/FP16 989, FP8 1,979 TFLOPS, 3.35 TB/s; [`GpuSpec::roof`] uses them.
    pub const fn h100_sxm() -> GpuSpec {
        GpuSpec {
            architecture: "Hopper",
            smem_per_sm_bytes: 233_472,
            smem_per_block_optin_bytes: 232_448,
            carveout_capacities_kib: &[0, 8, 16, 32, 64, 100, 132, 164, 196, 228],
            l1_smem_per_sm_bytes: 256 * KIB,
            fp32_lanes_per_sm: 128,
            boost_clock_mhz: 1980,
            l2_bytes: 50 * MIB,
            memory_bytes: 80 * GIB,
            memory_kind: "HBM3",
            bandwidth_bytes_per_s: 3350.0 * GB_PER_S,
            peaks: Peaks {
                fp64_flops_per_s: Some(34.0 * TERA),
                fp32_flops_per_s: Some(67.0 * TERA),
                tf32_tensor_flops_per_s: Some(494.7 * TERA),
                fp16_tensor_flops_per_s: Some(989.4 * TERA),
                bf16_tensor_flops_per_s: Some(989.4 * TERA),
                int8_tensor_ops_per_s: Some(1978.9 * TERA),
                fp8_tensor_flops_per_s: Some(1978.9 * TERA),
            },
            course: Some(CourseValues {
                fp32_flops_per_s: 67.0 * TERA,
                bf16_tensor_flops_per_s: 989.0 * TERA,
                fp8_tensor_flops_per_s: Some(1979.0 * TERA),
                bandwidth_bytes_per_s: 3.35 * TERA,
            }),
            source: "NVIDIA H100 datasheet and whitepaper",
            ..base("h100", "H100 SXM5 80GB", (9, 0), 132)
        }
    }

    /// NVIDIA V100 SXM2 32GB (GV100, CC 7.0, 80 SMs at 1530 MHz, 900 GB/s HBM2, 6 MB L2).
    ///
    /// Limits: spec §0 column 7.0 (no per-block reserve, 256 B granularity). Source of each
    /// value, NVIDIA Tesla V100 datasheet, V100 SXM2 column: double precision 7.8 TFLOPS, single
    /// precision 15.7, Tensor performance 125 (FP16 multiply, FP32 accumulate); 32 GB HBM2 at
    /// 900 GB/s; no BF16, TF32 or INT8 Tensor Cores, no FP64 Tensor Core. Clock: 1,530 MHz
    /// boost (Volta whitepaper): 80 × 64 × 2 × 1.53 GHz = 15.7 TFLOPS FP32.
    pub const fn v100_sxm2() -> GpuSpec {
        GpuSpec {
            architecture: "Volta",
            smem_per_sm_bytes: 98_304,
            smem_per_block_optin_bytes: 98_304,
            reserved_smem_per_block_bytes: 0,
            smem_alloc_granularity_bytes: 256,
            carveout_capacities_kib: &[0, 8, 16, 32, 64, 96],
            l1_smem_per_sm_bytes: 128 * KIB,
            fp32_lanes_per_sm: 64,
            tensor_cores_per_sm: 8,
            boost_clock_mhz: 1530,
            l2_bytes: 6 * MIB,
            memory_bytes: 32 * GIB,
            memory_kind: "HBM2",
            bandwidth_bytes_per_s: 900.0 * GB_PER_S,
            peaks: Peaks {
                fp64_flops_per_s: Some(7.8 * TERA),
                fp32_flops_per_s: Some(15.7 * TERA),
                tf32_tensor_flops_per_s: None,
                fp16_tensor_flops_per_s: Some(125.0 * TERA),
                bf16_tensor_flops_per_s: None,
                int8_tensor_ops_per_s: None,
                fp8_tensor_flops_per_s: None,
            },
            source: "NVIDIA Tesla V100 datasheet (SXM2)",
            ..base("v100", "V100 SXM2 32GB", (7, 0), 80)
        }
    }

    /// NVIDIA T4 (TU104, CC 7.5, 40 SMs at 1590 MHz, 320 GB/s GDDR6, 4 MB L2).
    ///
    /// Limits: spec §0 column 7.5 (1024 threads and 16 blocks per SM, 64 KiB smem). Source of
    /// each value, NVIDIA T4 datasheet: single precision 8.1 TFLOPS, mixed precision (FP16
    /// multiply, FP32 accumulate) 65 TFLOPS, INT8 130 TOPS (INT4 260, not a roof here); 16 GB
    /// GDDR6; bandwidth 320 GB/s (NVIDIA's T4 page: "320+ GB/s"; 256 bits × 10 Gbps). The sheet
    /// gives no FP64: 0.25 TFLOPS is the 1/32 rate of Turing (2 FP64 units per SM: 40 × 2 × 2 ×
    /// 1.59 GHz), derived. Clock: 1,590 MHz boost (40 × 64 × 2 × 1.59 GHz = 8.14 TFLOPS).
    pub const fn t4() -> GpuSpec {
        GpuSpec {
            architecture: "Turing",
            max_threads_per_sm: 1024,
            max_blocks_per_sm: 16,
            smem_per_sm_bytes: 65_536,
            smem_per_block_optin_bytes: 65_536,
            reserved_smem_per_block_bytes: 0,
            smem_alloc_granularity_bytes: 256,
            carveout_capacities_kib: &[32, 64],
            l1_smem_per_sm_bytes: 96 * KIB,
            fp32_lanes_per_sm: 64,
            tensor_cores_per_sm: 8,
            boost_clock_mhz: 1590,
            l2_bytes: 4 * MIB,
            memory_bytes: 16 * GIB,
            memory_kind: "GDDR6",
            bandwidth_bytes_per_s: 320.0 * GB_PER_S,
            peaks: Peaks {
                fp64_flops_per_s: Some(0.25 * TERA),
                fp32_flops_per_s: Some(8.1 * TERA),
                tf32_tensor_flops_per_s: None,
                fp16_tensor_flops_per_s: Some(65.0 * TERA),
                bf16_tensor_flops_per_s: None,
                int8_tensor_ops_per_s: Some(130.0 * TERA),
                fp8_tensor_flops_per_s: None,
            },
            source: "NVIDIA T4 datasheet; FP64 derived (1/32 rate)",
            ..base("t4", "Tesla T4", (7, 5), 40)
        }
    }

    /// NVIDIA GeForce RTX 3090 (GA102, CC 8.6, 82 SMs at 1695 MHz, 936 GB/s GDDR6X, 6 MB L2).
    ///
    /// Limits: spec §0 column 8.6 (1536 threads and 16 blocks per SM, 100 KiB smem). Source of
    /// each value, NVIDIA Ampere GA102 GPU architecture whitepaper, appendix table, RTX 3090
    /// column: peak FP32 35.6 TFLOPS; peak FP16 Tensor with FP32 accumulate 71 (142 with
    /// sparsity; 142 / 284 with FP16 accumulate: GeForce runs FP32 accumulation at half rate,
    /// and the FP32-accumulate figure is the one here), BF16 Tensor 71, TF32 Tensor 35.6, INT8
    /// Tensor 284 TOPS dense; 24 GB GDDR6X at 936 GB/s. FP64 is 1/64 of FP32 (2 FP64 units per
    /// SM): 0.556, derived. Clock: 1,695 MHz boost (82 × 128 × 2 × 1.695 GHz = 35.6).
    pub const fn rtx_3090() -> GpuSpec {
        GpuSpec {
            architecture: "Ampere",
            max_threads_per_sm: 1536,
            max_blocks_per_sm: 16,
            smem_per_sm_bytes: 102_400,
            smem_per_block_optin_bytes: 101_376,
            carveout_capacities_kib: &[0, 8, 16, 32, 64, 100],
            l1_smem_per_sm_bytes: 128 * KIB,
            block_barriers_per_block_slot: 1,
            fp32_lanes_per_sm: 128,
            boost_clock_mhz: 1695,
            l2_bytes: 6 * MIB,
            memory_bytes: 24 * GIB,
            memory_kind: "GDDR6X",
            bandwidth_bytes_per_s: 936.0 * GB_PER_S,
            peaks: Peaks {
                fp64_flops_per_s: Some(0.556 * TERA),
                fp32_flops_per_s: Some(35.6 * TERA),
                tf32_tensor_flops_per_s: Some(35.6 * TERA),
                fp16_tensor_flops_per_s: Some(71.0 * TERA),
                bf16_tensor_flops_per_s: Some(71.0 * TERA),
                int8_tensor_ops_per_s: Some(284.0 * TERA),
                fp8_tensor_flops_per_s: None,
            },
            source: "NVIDIA GA102 whitepaper (RTX 3090, FP32 accumulate); FP64 derived (1/64 rate)",
            ..base("rtx3090", "GeForce RTX 3090", (8, 6), 82)
        }
    }

    /// NVIDIA L4 (AD104, CC 8.9, 58 SMs at 2040 MHz, 300 GB/s GDDR6, 48 MB L2).
    ///
    /// Limits: spec §0 column 8.9 (1536 threads and 24 blocks per SM, 100 KiB smem). Source of
    /// each value, NVIDIA L4 datasheet: FP32 30.3 TFLOPS; TF32 Tensor 120, BF16 and FP16 Tensor
    /// 242, FP8 Tensor 485, INT8 Tensor 485 TOPS, each "shown with sparsity", so 60, 121, 242.5
    /// and 242.5 dense; 24 GB GDDR6 at 300 GB/s. The sheet gives no FP64: 0.473 TFLOPS is Ada's
    /// 1/64 rate (2 FP64 units per SM: 58 × 2 × 2 × 2.04 GHz), derived. Clock: 2,040 MHz boost
    /// (58 × 128 × 2 × 2.04 GHz = 30.3).
    pub const fn l4() -> GpuSpec {
        GpuSpec {
            architecture: "Ada Lovelace",
            max_threads_per_sm: 1536,
            max_blocks_per_sm: 24,
            smem_per_sm_bytes: 102_400,
            smem_per_block_optin_bytes: 101_376,
            carveout_capacities_kib: &[0, 8, 16, 32, 64, 100],
            l1_smem_per_sm_bytes: 128 * KIB,
            block_barriers_per_block_slot: 1,
            fp32_lanes_per_sm: 128,
            boost_clock_mhz: 2040,
            l2_bytes: 48 * MIB,
            memory_bytes: 24 * GIB,
            memory_kind: "GDDR6",
            bandwidth_bytes_per_s: 300.0 * GB_PER_S,
            peaks: Peaks {
                fp64_flops_per_s: Some(0.473 * TERA),
                fp32_flops_per_s: Some(30.3 * TERA),
                tf32_tensor_flops_per_s: Some(60.0 * TERA),
                fp16_tensor_flops_per_s: Some(121.0 * TERA),
                bf16_tensor_flops_per_s: Some(121.0 * TERA),
                int8_tensor_ops_per_s: Some(242.5 * TERA),
                fp8_tensor_flops_per_s: Some(242.5 * TERA),
            },
            source:
                "NVIDIA L4 datasheet (Tensor figures halved to dense); FP64 derived (1/64 rate)",
            ..base("l4", "L4", (8, 9), 58)
        }
    }

    /// NVIDIA GeForce RTX 4090 (AD102, CC 8.9, 128 SMs at 2520 MHz, 1008 GB/s GDDR6X, 72 MB L2).
    ///
    /// Limits: spec §0 column 8.9. Source of each value, NVIDIA Ada Lovelace GPU architecture
    /// whitepaper, appendix table, RTX 4090 column: peak FP32 82.6 TFLOPS; peak FP16 and BF16
    /// Tensor with FP32 accumulate 165.2 (330.3 with FP16 accumulate: GeForce runs FP32
    /// accumulation at half rate, and the FP32-accumulate figure is the one here); TF32 Tensor
    /// 82.6; FP8 Tensor with FP32 accumulate 330.3; INT8 Tensor 660.6 TOPS, all dense; 24 GB
    /// GDDR6X at 1,008 GB/s. FP64 1.29 is Ada's 1/64 rate, derived. Clock: 2,520 MHz boost (128 ×
    /// 128 × 2 × 2.52 GHz = 82.6). Checked against reproductions of the table, not NVIDIA's PDF.
    pub const fn rtx_4090() -> GpuSpec {
        GpuSpec {
            architecture: "Ada Lovelace",
            max_threads_per_sm: 1536,
            max_blocks_per_sm: 24,
            smem_per_sm_bytes: 102_400,
            smem_per_block_optin_bytes: 101_376,
            carveout_capacities_kib: &[0, 8, 16, 32, 64, 100],
            l1_smem_per_sm_bytes: 128 * KIB,
            block_barriers_per_block_slot: 1,
            fp32_lanes_per_sm: 128,
            boost_clock_mhz: 2520,
            l2_bytes: 72 * MIB,
            memory_bytes: 24 * GIB,
            memory_kind: "GDDR6X",
            bandwidth_bytes_per_s: 1008.0 * GB_PER_S,
            peaks: Peaks {
                fp64_flops_per_s: Some(1.29 * TERA),
                fp32_flops_per_s: Some(82.6 * TERA),
                tf32_tensor_flops_per_s: Some(82.6 * TERA),
                fp16_tensor_flops_per_s: Some(165.2 * TERA),
                bf16_tensor_flops_per_s: Some(165.2 * TERA),
                int8_tensor_ops_per_s: Some(660.6 * TERA),
                fp8_tensor_flops_per_s: Some(330.3 * TERA),
            },
            source: "NVIDIA Ada Lovelace whitepaper (RTX 4090, FP32 accumulate); FP64 derived (1/64 rate)",
            ..base("rtx4090", "GeForce RTX 4090", (8, 9), 128)
        }
    }

    /// NVIDIA H200 SXM 141GB (GH100, CC 9.0, 132 SMs, 4.8 TB/s HBM3e).
    ///
    /// The H100 SXM5's die and SM with more, faster memory. Limits: spec §0 column 9.0, as the
    /// H100 (the H200 probe [PROBE] reads 132 SMs, 233,472 B smem/SM, 232,448 B opt-in, 1,024 B
    /// reserved, 32 blocks/SM). Memory: H200 datasheet, 141 GB HBM3e at 4.8 TB/s (stored as
    /// 141 GiB like the other presets' "80GB"). L2: 60 MiB as the probe's H200 reports it
    /// (`l2CacheSize`; the datasheet gives none). Source of each peak, NVIDIA H200 Tensor Core
    /// GPU datasheet, H200 SXM column: FP64 34 TFLOPS, FP64 Tensor Core 67 (not a roof here),
    /// FP32 67, TF32 Tensor 989, BF16/FP16 Tensor 1,979, FP8/INT8 Tensor 3,958, the Tensor
    /// figures with sparsity: the H100 SXM's, so this preset carries the H100 preset's peaks
    /// (dense Tensor figures from the H100 whitepaper). No course values: the course rounds only
    /// A100 and H100.
    pub const fn h200_sxm() -> GpuSpec {
        GpuSpec {
            l2_bytes: 60 * MIB,
            memory_bytes: 141 * GIB,
            memory_kind: "HBM3e",
            bandwidth_bytes_per_s: 4800.0 * GB_PER_S,
            course: None,
            source:
                "NVIDIA H200 datasheet (peaks as the H100 SXM); L2 as the H200 probe reports it",
            ..GpuSpec {
                id: "h200",
                name: "H200 SXM 141GB",
                sm_count: 132,
                ..GpuSpec::h100_sxm()
            }
        }
    }

    /// NVIDIA H100 PCIe 80GB (GH100, CC 9.0, 114 SMs at 1755 MHz, 2.0 TB/s HBM2e, 50 MB L2).
    ///
    /// Limits: spec §0 column 9.0 (same SM as the H100 SXM5). Source of each value, NVIDIA H100
    /// Tensor Core GPU datasheet, H100 PCIe column: FP64 26 TFLOPS; FP64 Tensor Core 51 (not a
    /// roof here); FP32 51; TF32 Tensor 756, BF16/FP16 Tensor 1,513, FP8/INT8 Tensor 3,026, each
    /// "shown with sparsity, 1/2 lower without": 378, 756, 1,513 dense; 80 GB HBM2e at 2,000 GB/s.
    /// Clock: 1,755 MHz boost (114 SMs × 128 lanes × 2 × 1.755 GHz = 51.2 TFLOPS FP32); the
    /// Tensor figures correspond to a lower clock (see `tensor_core_gen::peak`).
    pub const fn h100_pcie() -> GpuSpec {
        GpuSpec {
            boost_clock_mhz: 1755,
            memory_kind: "HBM2e",
            bandwidth_bytes_per_s: 2000.0 * GB_PER_S,
            peaks: Peaks {
                fp64_flops_per_s: Some(26.0 * TERA),
                fp32_flops_per_s: Some(51.0 * TERA),
                tf32_tensor_flops_per_s: Some(378.0 * TERA),
                fp16_tensor_flops_per_s: Some(756.0 * TERA),
                bf16_tensor_flops_per_s: Some(756.0 * TERA),
                int8_tensor_ops_per_s: Some(1513.0 * TERA),
                fp8_tensor_flops_per_s: Some(1513.0 * TERA),
            },
            course: None,
            source:
                "NVIDIA H100 PCIe datasheet, dense figures (its 1,513 TFLOPS FP16 is with sparsity)",
            ..GpuSpec {
                id: "h100pcie",
                name: "H100 PCIe 80GB",
                sm_count: 114,
                ..GpuSpec::h100_sxm()
            }
        }
    }

    /// NVIDIA B200 as in the HGX B200 (GB100 ×2, CC 10.0, 148 SMs, 180 GB HBM3e at 7.7 TB/s,
    /// configurable up to 1,000 W).
    ///
    /// Limits: [OCC-H] CUDA 12.9 for CC 10.0 (32 blocks/SM, barriers 2 × blocks, 128 B smem
    /// granularity, carveouts 0 … 228 KiB as 9.0) and [CCCL] `arch_traits` for sm_100 (2,048
    /// threads / 64 warps per SM, 65,536 registers, 233,472 B smem/SM, 232,448 B opt-in, 1,024 B
    /// reserved). Source of each value, NVIDIA's GB200 NVL72 / HGX B200 datasheet, HGX B200
    /// column ("Individual Blackwell GPU", TDP configurable up to 1,000 W): FP64/FP64 Tensor
    /// Core 37 TFLOPS; FP32 75; TF32 Tensor 2.2 PFLOPS, FP16/BF16 Tensor 4.5, FP8 Tensor 9, INT8
    /// Tensor 9 POPS, with 2:4 sparsity, so 1.1, 2.25, 4.5 and 4.5 dense; 180 GB HBM3e at
    /// 7.7 TB/s. The table was read from reproductions of NVIDIA's page, not from nvidia.com
    /// itself: UNCERTAIN.
    /// Earlier NVIDIA material (Blackwell technical brief) gives 8 TB/s, FP32 80 and FP64 40 for
    /// the same HGX part. The boost clock is not published: 1,980 MHz is FP32 75 TFLOPS / (148 ×
    /// 128 lanes × 2), derived, UNCERTAIN. L2 is not published: 0 here means unknown.
    pub const fn b200() -> GpuSpec {
        GpuSpec {
            architecture: "Blackwell",
            smem_per_sm_bytes: 233_472,
            smem_per_block_optin_bytes: 232_448,
            carveout_capacities_kib: &[0, 8, 16, 32, 64, 100, 132, 164, 196, 228],
            l1_smem_per_sm_bytes: 256 * KIB,
            fp32_lanes_per_sm: 128,
            boost_clock_mhz: 1980,
            l2_bytes: 0,
            memory_bytes: 180 * GIB,
            memory_kind: "HBM3e",
            bandwidth_bytes_per_s: 7700.0 * GB_PER_S,
            peaks: Peaks {
                fp64_flops_per_s: Some(37.0 * TERA),
                fp32_flops_per_s: Some(75.0 * TERA),
                tf32_tensor_flops_per_s: Some(1100.0 * TERA),
                fp16_tensor_flops_per_s: Some(2250.0 * TERA),
                bf16_tensor_flops_per_s: Some(2250.0 * TERA),
                int8_tensor_ops_per_s: Some(4500.0 * TERA),
                fp8_tensor_flops_per_s: Some(4500.0 * TERA),
            },
            source: "NVIDIA HGX B200 datasheet (up to 1,000 W), Tensor figures halved to dense; read from a reproduction, not re-verified",
            ..base("b200", "B200 (HGX, 1000 W)", (10, 0), 148)
        }
    }

    /// NVIDIA GeForce RTX 5090 (GB202, CC 12.0, 170 SMs at 2407 MHz, 1,792 GB/s GDDR7, 96 MB L2).
    ///
    /// Limits: [OCC-H] CUDA 12.9 for CC 12.x (24 blocks/SM, barriers 1 × blocks, 128 B smem
    /// granularity, carveouts 0, 8, 16, 32, 64, 100 KiB) and [CCCL] `arch_traits` for sm_120
    /// (1,536 threads / 48 warps per SM, 65,536 registers, 102,400 B smem/SM, 101,376 B opt-in,
    /// 1,024 B reserved); a CC 12.0 RTX 5060 Ti's published device query (GitHub
    /// `Jumperkables/cuda-benchmarking`) reads the same threads, registers and smem per SM. The
    /// 24 blocks/SM are the header's; no device was queried for them. SMs, clock, memory and L2: NVIDIA's RTX 5090 specifications (170 SMs,
    /// 21,760 CUDA cores, 2.41 GHz boost, 32 GB GDDR7 at 28 Gbps on 512 bits = 1,792 GB/s).
    /// Peaks: FP32 = 21,760 × 2 × 2.407 GHz = 104.8 TFLOPS. NVIDIA publishes the Tensor rate only
    /// as 3,352 "AI TOPS" (FP4 with sparsity); the dense figures here follow from it as in the
    /// RTX Blackwell whitepaper's table: FP4 1,676, FP8 and INT8 838 (FP8 with FP32 accumulate
    /// 419), FP16/BF16 with FP32 accumulate 209.5 (419 with FP16 accumulate), TF32 104.8; FP64
    /// at 1/64 rate ≈ 1.64, derived. The GeForce half-rate FP32 accumulate is as on the RTX
    /// 4090; the whitepaper table itself was not re-checked: UNCERTAIN.
    pub const fn rtx_5090() -> GpuSpec {
        GpuSpec {
            architecture: "Blackwell",
            max_threads_per_sm: 1536,
            max_blocks_per_sm: 24,
            smem_per_sm_bytes: 102_400,
            smem_per_block_optin_bytes: 101_376,
            carveout_capacities_kib: &[0, 8, 16, 32, 64, 100],
            l1_smem_per_sm_bytes: 128 * KIB,
            block_barriers_per_block_slot: 1,
            fp32_lanes_per_sm: 128,
            boost_clock_mhz: 2407,
            l2_bytes: 96 * MIB,
            memory_bytes: 32 * GIB,
            memory_kind: "GDDR7",
            bandwidth_bytes_per_s: 1792.0 * GB_PER_S,
            peaks: Peaks {
                fp64_flops_per_s: Some(1.64 * TERA),
                fp32_flops_per_s: Some(104.8 * TERA),
                tf32_tensor_flops_per_s: Some(104.8 * TERA),
                fp16_tensor_flops_per_s: Some(209.5 * TERA),
                bf16_tensor_flops_per_s: Some(209.5 * TERA),
                int8_tensor_ops_per_s: Some(838.0 * TERA),
                fp8_tensor_flops_per_s: Some(419.0 * TERA),
            },
            source: "NVIDIA RTX 5090 specifications; Tensor peaks derived from 3,352 AI TOPS (FP4, sparse), not re-verified",
            ..base("rtx5090", "GeForce RTX 5090", (12, 0), 170)
        }
    }

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

/// Execution units in one SM sub-partition (SMSP). Four partitions make an SM. [WP]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartitionUnits {
    /// FP32 lanes ("CUDA cores").
    pub fp32: u32,
    /// INT32 lanes.
    pub int32: u32,
    /// FP64 lanes.
    pub fp64: u32,
    /// Tensor Cores.
    pub tensor_cores: u32,
    /// Load/store units.
    pub ld_st: u32,
    /// Special-function units (sin, rsqrt, …).
    pub sfu: u32,
    /// 32-bit registers in the partition's register-file slice (16,384 = 64 KB).
    pub registers: u32,
}

/// One level of the memory hierarchy as the course's table gives it (A100, orders of magnitude),
/// with a latency measured on an H200 where there is one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MemoryLevel {
    /// Stable id: "registers", "shared", "l1", "l2", "hbm".
    pub id: &'static str,
    /// Capacity per SM (registers, shared, L1) or per chip (L2, HBM), bytes.
    pub capacity_bytes: u64,
    /// True when `capacity_bytes` is per SM.
    pub per_sm: bool,
    /// Latency range the course quotes, cycles (`(0, 0)` for registers).
    pub course_latency_cycles: (u32, u32),
    /// Dependent-load latency measured on an H200 (`truth/measured/latency.json`), cycles.
    pub measured_latency_cycles: Option<f64>,
    /// Bandwidth for the whole chip, bytes/s, where the course gives one.
    pub bandwidth_bytes_per_s: Option<f64>,
}

/// The chip's structure: GPCs, TPCs and SMs of the full die and of the product, the units of
/// one SM partition, interconnects and the memory hierarchy. Sources: the A100 and H100
/// whitepapers [WP]; the course (`a100-from-chip-to-simt` §1–3, `gpu-kernel-engineering-01`
/// §5); latencies measured on an H200.
#[derive(Clone, Debug, PartialEq)]
pub struct Anatomy {
    /// GPCs on the full die (GA100 8, GH100 8).
    pub gpcs_full_die: u32,
    /// TPCs per GPC on the full die (GA100 8, GH100 9).
    pub tpcs_per_gpc: u32,
    /// SMs per TPC: 2.
    pub sms_per_tpc: u32,
    /// Enabled TPCs per GPC on the product. The whitepapers give the totals (A100: 7 GPCs
    /// with 7 or 8 TPCs, 54 TPCs; H100 SXM5: 66 TPCs); which TPCs are fused off varies from
    /// chip to chip, so this is one representative layout with the right totals.
    pub enabled_tpcs_per_gpc: &'static [u32],
    /// Dense FP16 FMA per clock of one Tensor Core (A100 256, H100 512). [WP]
    pub tensor_fp16_fma_per_clk: u32,
    /// Clock the Tensor Core peak is quoted at, MHz (A100 1410, H100 1830). [WP, spec §7]
    pub tensor_clock_mhz: u32,
    /// Units of one partition.
    pub partition: PartitionUnits,
    /// NVLink generation, link count and bidirectional aggregate bandwidth, bytes/s.
    pub nvlink: Option<(u32, u32, f64)>,
    /// PCIe generation and bidirectional x16 bandwidth, bytes/s (one direction is half).
    pub pcie: (u32, f64),
    /// Memory hierarchy, fastest first.
    pub memory: Vec<MemoryLevel>,
}

impl Anatomy {
    /// SMs on the full die: GPCs × TPCs × 2 (GA100 128, GH100 144).
    pub fn sms_full_die(&self) -> u32 {
        self.gpcs_full_die * self.tpcs_per_gpc * self.sms_per_tpc
    }

    /// Enabled SMs of the representative layout (equals the product's `sm_count`).
    pub fn sms_enabled(&self) -> u32 {
        self.enabled_tpcs_per_gpc.iter().sum::<u32>() * self.sms_per_tpc
    }

    /// Dense FP16 Tensor Core peak: SMs × Tensor Cores × FMA/clk × 2 FLOP × clock, FLOP/s.
    /// A100: 108 × 4 × 256 × 2 × 1.41e9 = 311.9e12.
    pub fn tensor_fp16_flops_per_s(&self, gpu: &GpuSpec) -> f64 {
        f64::from(gpu.sm_count)
            * f64::from(gpu.tensor_cores_per_sm)
            * f64::from(self.tensor_fp16_fma_per_clk)
            * 2.0
            * f64::from(self.tensor_clock_mhz)
            * 1e6
    }
}

/// Course latencies (`gpu-kernel-engineering-01` §5 and §11 Q4) and H200 measurements
/// (`truth/measured/latency.json`: L1 32, L2 ~280, HBM 687, shared 23 cycles).
fn memory_levels(gpu: &GpuSpec) -> Vec<MemoryLevel> {
    vec![
        MemoryLevel {
            id: "registers",
            capacity_bytes: u64::from(gpu.regs_per_sm) * 4,
            per_sm: true,
            course_latency_cycles: (0, 0),
            measured_latency_cycles: None,
            bandwidth_bytes_per_s: None,
        },
        MemoryLevel {
            id: "shared",
            capacity_bytes: u64::from(gpu.smem_per_sm_bytes),
            per_sm: true,
            course_latency_cycles: (20, 30),
            measured_latency_cycles: Some(23.0),
            // 32 banks × 4 B per cycle per SM.
            bandwidth_bytes_per_s: Some(
                f64::from(gpu.smem_banks * gpu.smem_bank_width_bytes)
                    * f64::from(gpu.sm_count)
                    * f64::from(gpu.boost_clock_mhz)
                    * 1e6,
            ),
        },
        MemoryLevel {
            id: "l1",
            capacity_bytes: u64::from(gpu.l1_smem_per_sm_bytes),
            per_sm: true,
            course_latency_cycles: (20, 30),
            measured_latency_cycles: Some(32.0),
            bandwidth_bytes_per_s: None,
        },
        MemoryLevel {
            id: "l2",
            capacity_bytes: gpu.l2_bytes,
            per_sm: false,
            course_latency_cycles: (200, 200),
            measured_latency_cycles: Some(280.0),
            bandwidth_bytes_per_s: None,
        },
        MemoryLevel {
            id: "hbm",
            capacity_bytes: gpu.memory_bytes,
            per_sm: false,
            course_latency_cycles: (400, 800),
            measured_latency_cycles: Some(687.0),
            bandwidth_bytes_per_s: Some(gpu.bandwidth_from(ValueSource::Course)),
        },
    ]
}

impl GpuSpec {
    /// The chip's structure for the anatomy chapter; `None` for presets whose die layout the
    /// model does not carry (only A100 and H100 have it).
    pub fn anatomy(&self) -> Option<Anatomy> {
        let memory = memory_levels(self);
        match self.id {
            // A100 whitepaper: GA100 = 8 GPCs × 8 TPCs × 2 SMs = 128 SMs; A100 enables 108.
            // Per partition: 16 FP32, 16 INT32, 8 FP64, 1 Tensor Core, 8 LD/ST, 4 SFU,
            // 16,384 × 32-bit registers. NVLink 3: 12 links, 600 GB/s; PCIe 4.0 x16: 64 GB/s.
            "a100" => Some(Anatomy {
                gpcs_full_die: 8,
                tpcs_per_gpc: 8,
                sms_per_tpc: 2,
                enabled_tpcs_per_gpc: &[8, 8, 8, 8, 8, 7, 7, 0],
                tensor_fp16_fma_per_clk: 256,
                tensor_clock_mhz: 1410,
                partition: PartitionUnits {
                    fp32: 16,
                    int32: 16,
                    fp64: 8,
                    tensor_cores: 1,
                    ld_st: 8,
                    sfu: 4,
                    registers: 16_384,
                },
                nvlink: Some((3, 12, 600e9)),
                pcie: (4, 64e9),
                memory,
            }),
            // H100 whitepaper: GH100 = 8 GPCs × 9 TPCs × 2 SMs = 144 SMs; H100 SXM5 enables
            // 132. Per partition: 32 FP32, 16 INT32, 16 FP64, 1 Tensor Core, 8 LD/ST, 4 SFU.
            // NVLink 4: 18 links, 900 GB/s; PCIe 5.0 x16: 128 GB/s.
            // The H200 is the same GH100 product (132 SMs, NVLink 4, PCIe 5) with other memory.
            "h100" | "h200" => Some(Anatomy {
                gpcs_full_die: 8,
                tpcs_per_gpc: 9,
                sms_per_tpc: 2,
                enabled_tpcs_per_gpc: &[8, 8, 8, 8, 8, 8, 9, 9],
                tensor_fp16_fma_per_clk: 512,
                tensor_clock_mhz: 1830,
                partition: PartitionUnits {
                    fp32: 32,
                    int32: 16,
                    fp64: 16,
                    tensor_cores: 1,
                    ld_st: 8,
                    sfu: 4,
                    registers: 16_384,
                },
                nvlink: Some((4, 18, 900e9)),
                pcie: (5, 128e9),
                memory,
            }),
            _ => None,
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
