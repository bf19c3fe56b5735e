//! The presets: one named constructor per GPU, each value with its source line (datasheet,
//! whitepaper, `cuda_occupancy.h`); [`super::GpuSpec::all`] lists them.

use super::*;

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
}
