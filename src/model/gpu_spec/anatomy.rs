//! One SM's anatomy and the memory hierarchy of a preset (chapter 1): units per partition, the
//! totals derived from them, and each memory level's capacity, bandwidth and latency.

use super::*;

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
            // The datasheet's, as the die drawing labels it (the roofline offers the course's
            // rounding as its own choice of values).
            bandwidth_bytes_per_s: Some(gpu.bandwidth_bytes_per_s),
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
