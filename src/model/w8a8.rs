//! The course's W8A8 GEMV: symmetric INT8 quantisation, the integer GEMV on the Tensor Cores,
//! the FP16 epilogue, and the launch geometry of the teaching kernel.
//!
//! `y[N] = W[N×K] · x[K]` for one token (batch 1). Activations get one per-tensor scale `s_x`,
//! weights one scale per output row `s_W[o]`, zero points are 0. The products `q_W · q_x`
//! accumulate exactly in INT32; only the epilogue goes back to floating point:
//! `y[o] = fp16(float(z[o]) · s_x · s_W[o])`.
//!
//! The main type is [`W8a8Gemv`], the shape of the course's kernel `w8a8_tc_gemv_kernel`
//! (course `a100-from-chip-to-simt` §5.2): one block of `warps_per_block` warps per 16 outputs;
//! each warp walks its own `K / warps_per_block` slice in WMMA m16n16k16 s8 tiles whose A tile
//! holds the activation in row 0 and zeros in rows 1–15; the block's warps add their INT32
//! partials through shared memory. [`W8a8Gemv::trace`] lists what one warp does in one K-tile
//! iteration and in the epilogue, with the course listing's loop bounds.
//!
//! Sources: the course listing (§5.2) and its numbers (§5.5); the H200 measurement of the same
//! kernel (`shared/truth/measured/w8a8.json`: 31.1 µs with L2 flushed, 6144 B static shared
//! memory, 16,805,888 B minimum traffic, each `wmma::mma_sync` = two `IMMA.16816.S8.S8` on sm_80
//! and sm_90, ncu global-load requests and sectors); fragment layouts from
//! [`crate::model::tensor_core`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::{place, KernelShape, Placement, Precision};
use crate::model::tensor_core::{ElementType, MmaShape, Operand, WmmaIntShape};

/// WMMA tile rows (M): the A tile has 16 rows, of which only row 0 carries the activation.
pub const WMMA_M: u32 = 16;
/// WMMA tile columns (N): outputs per block.
pub const WMMA_N: u32 = 16;
/// WMMA reduction depth (K) of one `mma_sync`.
pub const WMMA_K: u32 = 16;
/// Threads per warp.
pub const WARP_SIZE: u32 = 32;
/// Largest block the hardware launches: 1024 threads = 32 warps.
pub const MAX_WARPS_PER_BLOCK: u32 = 32;
/// `IMMA.16816.S8.S8` instructions per `wmma::mma_sync` m16n16k16 s8 (SASS on sm_80 and sm_90).
pub const IMMA_PER_WMMA: u32 = 2;
/// PTX of one `wmma::mma_sync` in the course kernel (compute_80 PTX on the H200 run).
pub const PTX_WMMA_MMA: &str = "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32";
/// The SASS instruction each half of that `mma_sync` becomes on sm_80 and sm_90.
pub const SASS_IMMA: &str = "IMMA.16816.S8.S8";
/// The SASS instruction of each `load_matrix_sync` from shared memory (one for A, one for B).
pub const SASS_LDSM: &str = "LDSM.16.M88.2";
/// Largest quantised magnitude: q ∈ [−127, 127].
pub const Q_MAX: i32 = 127;
/// Largest K whose INT32 dot product cannot overflow with |q| ≤ 127: ⌊(2³¹ − 1) / 127²⌋.
pub const MAX_SAFE_K: u32 = 133_144;
/// Bytes of one FP32 scale.
const F32_BYTES: u64 = 4;
/// Bytes of one FP16 output.
const F16_BYTES: u64 = 2;
/// Bytes of one INT32 partial sum.
const I32_BYTES: u32 = 4;
/// Bytes of a global-memory sector.
const SECTOR_BYTES: u64 = 32;

/// Largest K for which `K · max_abs_q²` still fits a signed 32-bit accumulator
/// (`max_abs_q` = 127 for this quantiser → [`MAX_SAFE_K`]; 128, the course's conservative
/// bound allowing −128 · −128, → 131,071). Returns `u64::MAX` for `max_abs_q` = 0.
pub fn max_safe_k(max_abs_q: u32) -> u64 {
    let product = u64::from(max_abs_q) * u64::from(max_abs_q);
    (i32::MAX as u64).checked_div(product).unwrap_or(u64::MAX)
}

/// Why a kernel shape or a data set is rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum W8a8Error {
    /// K or N is 0.
    EmptyShape {
        /// Requested K.
        k: u32,
        /// Requested N.
        n: u32,
    },
    /// `warps_per_block` is 0 or more than 32 (1024 threads).
    WarpsPerBlock {
        /// Requested warps per block.
        warps_per_block: u32,
    },
    /// K does not split into whole 16-deep tiles per warp.
    KNotDivisible {
        /// Requested K.
        k: u32,
        /// Required multiple: `16 · warps_per_block`.
        multiple: u32,
    },
    /// N is not a multiple of the 16 outputs one block computes.
    NNotDivisible {
        /// Requested N.
        n: u32,
    },
    /// K is so long that the INT32 accumulator could overflow (`K · 127² ≥ 2³¹`).
    AccumulatorOverflow {
        /// Requested K.
        k: u64,
        /// Largest safe K.
        max_safe_k: u64,
    },
    /// A slice has the wrong length for the shape.
    LengthMismatch {
        /// Which input.
        what: &'static str,
        /// Expected length.
        expected: usize,
        /// Actual length.
        got: usize,
    },
    /// An input is NaN or infinite.
    NonFinite {
        /// Which input.
        what: &'static str,
        /// Index of the first non-finite value.
        index: usize,
    },
    /// The block, warp or K tile asked for in a trace does not exist.
    OutOfRange {
        /// Which index.
        what: &'static str,
        /// Requested value.
        value: u32,
        /// Number of valid values.
        count: u32,
    },
}

impl fmt::Display for W8a8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            W8a8Error::EmptyShape { k, n } => {
                write!(f, "K and N must be positive (got K = {k}, N = {n})")
            }
            W8a8Error::WarpsPerBlock { warps_per_block } => write!(
                f,
                "warps per block must be 1 to 32 (1024 threads), got {warps_per_block}"
            ),
            W8a8Error::KNotDivisible { k, multiple } => write!(
                f,
                "K = {k} must be a multiple of 16 × warps per block = {multiple}, so that every warp gets whole 16-deep WMMA tiles"
            ),
            W8a8Error::NNotDivisible { n } => write!(
                f,
                "N = {n} must be a multiple of 16: each block computes one 16-wide output tile"
            ),
            W8a8Error::AccumulatorOverflow { k, max_safe_k } => write!(
                f,
                "K = {k} could overflow the INT32 accumulator (K · 127² ≥ 2³¹); the largest safe K is {max_safe_k}"
            ),
            W8a8Error::LengthMismatch {
                what,
                expected,
                got,
            } => write!(f, "{what} has {got} elements, expected {expected}"),
            W8a8Error::NonFinite { what, index } => {
                write!(f, "{what}[{index}] is NaN or infinite")
            }
            W8a8Error::OutOfRange { what, value, count } => {
                write!(f, "{what} {value} is out of range (0..{count})")
            }
        }
    }
}

impl std::error::Error for W8a8Error {}

/// The course's W8A8 GEMV kernel launched for `y[n] = W[n×k] · x[k]` with `warps_per_block`
/// warps per block. Plain data: sliders write the fields; [`W8a8Gemv::new`] /
/// [`W8a8Gemv::validate`] say whether the kernel can run that shape. The methods never panic,
/// even on an invalid shape (they return 0 where a division would be by 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct W8a8Gemv {
    /// Reduction length K (input features).
    pub k: u32,
    /// Outputs N (output features).
    pub n: u32,
    /// Warps per block; they split K between them.
    pub warps_per_block: u32,
}

/// Static shared memory of one block, split by array (course listing §5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SmemBytes {
    /// `int8 a_tile[WARPS][16 · 16]`: 256 B per warp.
    pub a_tile_bytes: u32,
    /// `int8 b_tile[WARPS][16 · 16]`: 256 B per warp.
    pub b_tile_bytes: u32,
    /// `int c_tile[WARPS][16 · 16]`: 1024 B per warp.
    pub c_tile_bytes: u32,
}

impl SmemBytes {
    /// Sum of the three arrays.
    pub fn total_bytes(&self) -> u32 {
        self.a_tile_bytes + self.b_tile_bytes + self.c_tile_bytes
    }
}

/// Minimum DRAM traffic of the kernel, by buffer: every input read once, the output written once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HbmBytes {
    /// `qweight[N][K]`, INT8: `N · K`.
    pub weight_bytes: u64,
    /// `qact[K]`, INT8: `K`.
    pub activation_bytes: u64,
    /// `w_scale[N]`, FP32: `4 · N`.
    pub weight_scale_bytes: u64,
    /// `act_scale` is a `float` kernel argument passed by value (constant bank), not a DRAM
    /// buffer: 0. (`roofline::KernelShape::W8a8Gemv` counts it as 4 bytes.)
    pub activation_scale_bytes: u64,
    /// `y[N]`, FP16: `2 · N`.
    pub output_bytes: u64,
}

impl HbmBytes {
    /// Sum of all buffers.
    pub fn total_bytes(&self) -> u64 {
        // Saturates only for shapes no GPU could hold (N·K near 2⁶⁴).
        self.weight_bytes
            .saturating_add(self.activation_bytes)
            .saturating_add(self.weight_scale_bytes)
            .saturating_add(self.activation_scale_bytes)
            .saturating_add(self.output_bytes)
    }
}

/// Warp-level global loads of the whole kernel, from the listing's access pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GlobalLoads {
    /// Warp-level load instructions (ncu `l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum`).
    pub requests: u64,
    /// 32-byte sectors they touch (ncu `l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum`).
    pub sectors: u64,
}

impl W8a8Gemv {
    /// The course's launch: K = N = 4096, 4 warps per block (`<<<256, 128>>>`).
    pub fn course() -> W8a8Gemv {
        W8a8Gemv {
            k: 4096,
            n: 4096,
            warps_per_block: 4,
        }
    }

    /// A validated shape; Err says why the kernel cannot run it.
    pub fn new(k: u32, n: u32, warps_per_block: u32) -> Result<W8a8Gemv, W8a8Error> {
        let g = W8a8Gemv {
            k,
            n,
            warps_per_block,
        };
        g.validate()?;
        Ok(g)
    }

    /// Ok when the kernel can run this shape exactly: K, N > 0; 1 ≤ warps ≤ 32; K a multiple
    /// of `16 · warps_per_block`; N a multiple of 16; K ≤ [`MAX_SAFE_K`] so INT32 cannot overflow.
    pub fn validate(&self) -> Result<(), W8a8Error> {
        if self.k == 0 || self.n == 0 {
            return Err(W8a8Error::EmptyShape {
                k: self.k,
                n: self.n,
            });
        }
        if self.warps_per_block == 0 || self.warps_per_block > MAX_WARPS_PER_BLOCK {
            return Err(W8a8Error::WarpsPerBlock {
                warps_per_block: self.warps_per_block,
            });
        }
        // ≤ 16 · 32 = 512: cannot overflow.
        let multiple = WMMA_K * self.warps_per_block;
        if !self.k.is_multiple_of(multiple) {
            return Err(W8a8Error::KNotDivisible {
                k: self.k,
                multiple,
            });
        }
        if !self.n.is_multiple_of(WMMA_N) {
            return Err(W8a8Error::NNotDivisible { n: self.n });
        }
        let max_k = max_safe_k(Q_MAX as u32);
        if u64::from(self.k) > max_k {
            return Err(W8a8Error::AccumulatorOverflow {
                k: u64::from(self.k),
                max_safe_k: max_k,
            });
        }
        Ok(())
    }

    /// Blocks in the grid: `N / 16` (256 for the course).
    pub fn grid_blocks(&self) -> u32 {
        self.n / WMMA_N
    }

    /// Threads per block: `32 · warps_per_block` (128 for the course).
    pub fn threads_per_block(&self) -> u32 {
        self.warps_per_block.saturating_mul(WARP_SIZE)
    }

    /// Warps in the whole grid.
    pub fn warps_total(&self) -> u64 {
        u64::from(self.grid_blocks()) * u64::from(self.warps_per_block)
    }

    /// K elements each warp reduces: `K / warps_per_block` (1024 for the course); 0 for 0 warps.
    pub fn k_per_warp(&self) -> u32 {
        self.k.checked_div(self.warps_per_block).unwrap_or(0)
    }

    /// `wmma::mma_sync` calls per warp = K tiles per warp: `k_per_warp / 16` (64).
    pub fn mma_per_warp(&self) -> u32 {
        self.k_per_warp() / WMMA_K
    }

    /// `wmma::mma_sync` calls per block (256 for the course).
    pub fn mma_per_block(&self) -> u32 {
        self.mma_per_warp().saturating_mul(self.warps_per_block)
    }

    /// `wmma::mma_sync` calls in the grid (65,536 for the course).
    pub fn mma_total(&self) -> u64 {
        self.warps_total() * u64::from(self.mma_per_warp())
    }

    /// `IMMA.16816.S8.S8` SASS instructions in the grid: 2 per `mma_sync` (131,072).
    pub fn imma_total(&self) -> u64 {
        self.mma_total() * u64::from(IMMA_PER_WMMA)
    }

    /// Multiply-adds the GEMV needs: `K · N` (16,777,216 for the course).
    pub fn useful_macs(&self) -> u64 {
        u64::from(self.k) * u64::from(self.n)
    }

    /// Multiply-adds the Tensor Cores perform: `mma_total · 16³` (16× the useful ones: 15 of
    /// the 16 A rows are zero padding).
    pub fn tensor_macs(&self) -> u64 {
        self.mma_total()
            .saturating_mul(MmaShape::WmmaM16N16K16.macs())
    }

    /// `useful_macs / tensor_macs`: 1/16 for any valid shape; 0 when nothing runs.
    pub fn tensor_utilisation(&self) -> f64 {
        let tensor = self.tensor_macs();
        if tensor == 0 {
            return 0.0;
        }
        self.useful_macs() as f64 / tensor as f64
    }

    /// Integer operations of the GEMV counted like the Roofline chapter: `2 · K · N`.
    pub fn useful_ops(&self) -> u64 {
        self.useful_macs().saturating_mul(2)
    }

    /// Static shared memory of one block, by array.
    pub fn smem_bytes(&self) -> SmemBytes {
        let tile = WMMA_M * WMMA_K; // 256 elements per warp per array
        let w = self.warps_per_block;
        SmemBytes {
            a_tile_bytes: w.saturating_mul(tile),
            b_tile_bytes: w.saturating_mul(tile),
            c_tile_bytes: w.saturating_mul(tile * I32_BYTES),
        }
    }

    /// Static shared memory per block: `warps · (256 + 256 + 1024)` B = 6144 B (6 KiB) for
    /// the course, as `nvcc -Xptxas -v` reports on the H200.
    pub fn smem_bytes_per_block(&self) -> u32 {
        self.smem_bytes().total_bytes()
    }

    /// Minimum DRAM traffic by buffer.
    pub fn hbm(&self) -> HbmBytes {
        let (k, n) = (u64::from(self.k), u64::from(self.n));
        HbmBytes {
            weight_bytes: n * k,
            activation_bytes: k,
            weight_scale_bytes: F32_BYTES * n,
            activation_scale_bytes: 0,
            output_bytes: F16_BYTES * n,
        }
    }

    /// Minimum DRAM bytes: `N·K + K + 4·N + 2·N` (16,805,888 B ≈ 16.03 MiB for the course, the
    /// H200 measurement's `min_bytes`). `act_scale` travels as a kernel argument, not through DRAM.
    pub fn hbm_bytes(&self) -> u64 {
        self.hbm().total_bytes()
    }

    /// Operations per DRAM byte: `2·K·N / hbm_bytes` (≈ 2.0 for the course); 0 for no bytes.
    pub fn intensity_ops_per_byte(&self) -> f64 {
        let bytes = self.hbm_bytes();
        if bytes == 0 {
            return 0.0;
        }
        self.useful_ops() as f64 / bytes as f64
    }

    /// The same kernel as the Roofline chapter's [`KernelShape::W8a8Gemv`].
    pub fn roofline_shape(&self) -> KernelShape {
        KernelShape::W8a8Gemv {
            k: u64::from(self.k),
            n: u64::from(self.n),
        }
    }

    /// The kernel's point under `gpu`'s INT8 Tensor roof, with this module's byte count;
    /// `None` if the GPU has no INT8 Tensor Cores.
    pub fn roofline(&self, gpu: &GpuSpec, source: ValueSource) -> Option<Placement> {
        let roof = gpu.roof_from(Precision::Int8Tensor, source)?;
        Some(place(
            self.useful_ops() as f64,
            self.hbm_bytes() as f64,
            roof,
        ))
    }

    /// Global loads of the whole kernel, as the listing issues them: per warp and K tile,
    /// 8 loop iterations each loading two 16-byte weight rows (one warp-level request, two
    /// sectors) plus one request for the 16 activation bytes (lanes 0–15 of iteration 0, one
    /// sector); per block one request for 16 FP32 weight scales (two sectors). Every tile has
    /// the same alignment (K is a multiple of 16), so each tile costs the same. Measured on
    /// the H200 for the course: 590,080 requests and 1,114,624 sectors.
    pub fn global_loads(&self) -> GlobalLoads {
        let per_tile = tile_global_loads();
        let tiles = self.mma_total();
        let blocks = u64::from(self.grid_blocks());
        // Epilogue: threads 0–15 of warp 0 read w_scale[out_base .. out_base + 16] (64 B).
        let scale_sectors = (u64::from(WMMA_N) * F32_BYTES).div_ceil(SECTOR_BYTES);
        GlobalLoads {
            requests: tiles * per_tile.requests + blocks,
            sectors: tiles * per_tile.sectors + blocks * scale_sectors,
        }
    }

    /// What the same GEMV would cost on another legal WMMA int8 tile (see
    /// [`crate::model::tensor_core::shapes`]), with the activation in row 0 of an M-row A tile:
    /// `(K / k) · (N / n)` mma_syncs of `m·n·k` MACs, so a utilisation of `1 / m`
    /// (m32n8k16: 1/32; m16n16k16: 1/16; m8n32k16: 1/8). `None` when the tile does not divide
    /// K and N, or the tile is empty. Only the course's m16n16k16 kernel is modelled step by
    /// step; this is the arithmetic alone.
    pub fn tile_cost(&self, tile: &WmmaIntShape) -> Option<TileCost> {
        let (m, n, k) = (tile.m, tile.n, tile.k);
        if m == 0 || n == 0 || k == 0 || self.k == 0 || self.n == 0 {
            return None;
        }
        if !self.k.is_multiple_of(k) || !self.n.is_multiple_of(n) {
            return None;
        }
        let mma_total = u64::from(self.k / k) * u64::from(self.n / n);
        let tensor_macs = mma_total.saturating_mul(u64::from(m) * u64::from(n) * u64::from(k));
        Some(TileCost {
            m,
            n,
            k,
            mma_total,
            tensor_macs,
            useful_macs: self.useful_macs(),
            padding_rows: m - 1,
        })
    }

    /// Byte-by-byte shared-tile fill of one warp in one K-tile iteration (the inner loop
    /// `for (i = lane; i < 256; i += 32)`), in loop order: iteration 0 for lanes 0–31, then
    /// iteration 1, …
    pub fn fill_writes(
        &self,
        block: u32,
        warp: u32,
        k_tile: u32,
    ) -> Result<Vec<TileWrite>, W8a8Error> {
        let k0 = self.tile_k0(block, warp, k_tile)?;
        let out_base = block * WMMA_N;
        let tile = WMMA_M * WMMA_K;
        let mut writes = Vec::with_capacity(tile as usize);
        for iteration in 0..tile / WARP_SIZE {
            for lane in 0..WARP_SIZE {
                let i = lane + iteration * WARP_SIZE;
                // A: logical M = 1, row 0 valid, rows 1–15 zero.
                let activation_index = (i < WMMA_K).then_some(k0 + i);
                // B is [K, N] col-major = qweight[N, K] row-major.
                let n = i / WMMA_K;
                let kk = i % WMMA_K;
                let weight_byte = u64::from(out_base + n) * u64::from(self.k) + u64::from(k0 + kk);
                writes.push(TileWrite {
                    lane,
                    iteration,
                    tile_byte: i,
                    activation_index,
                    weight_row: out_base + n,
                    weight_col: k0 + kk,
                    weight_byte,
                });
            }
        }
        Ok(writes)
    }

    /// What warp `warp` of block `block` does in K-tile iteration `k_tile`, then the loop
    /// repeat and the block's epilogue: the steps the chapter walks through. Err for an
    /// invalid shape or an index out of range.
    pub fn trace(&self, block: u32, warp: u32, k_tile: u32) -> Result<Vec<KernelStep>, W8a8Error> {
        let k0 = self.tile_k0(block, warp, k_tile)?;
        let writes = self.fill_writes(block, warp, k_tile)?;
        let tile = WMMA_M * WMMA_K;
        let k_begin = warp * self.k_per_warp();
        let out_base = block * WMMA_N;
        let loads = tile_global_loads();
        let steps = vec![
            KernelStep {
                id: "fill_tiles",
                scope: StepScope::Lanes,
                action: StepAction::FillSharedTiles {
                    k0,
                    loop_bound: tile,
                    loop_stride: WARP_SIZE,
                    iterations_per_lane: tile / WARP_SIZE,
                    activation_bytes: WMMA_K,
                    zero_bytes: tile - WMMA_K,
                    weight_bytes: tile,
                    global_requests: loads.requests,
                    global_sectors: loads.sectors,
                    a_tile_offset_bytes: warp * tile,
                    b_tile_offset_bytes: warp * tile,
                    writes,
                },
            },
            KernelStep {
                id: "syncwarp_tiles_ready",
                scope: StepScope::Warp,
                action: StepAction::SyncWarp,
            },
            KernelStep {
                id: "load_a",
                scope: StepScope::Warp,
                action: StepAction::LoadMatrix {
                    operand: Operand::A,
                    element: ElementType::S8,
                    memory_layout: MemoryLayout::RowMajor,
                    ldm: WMMA_K,
                    elements_per_lane: 8,
                    sass: SASS_LDSM,
                },
            },
            KernelStep {
                id: "load_b",
                scope: StepScope::Warp,
                action: StepAction::LoadMatrix {
                    operand: Operand::B,
                    element: ElementType::S8,
                    memory_layout: MemoryLayout::ColMajor,
                    ldm: WMMA_K,
                    elements_per_lane: 8,
                    sass: SASS_LDSM,
                },
            },
            KernelStep {
                id: "mma",
                scope: StepScope::Warp,
                action: StepAction::MmaSync {
                    shape: MmaShape::WmmaM16N16K16,
                    imma_instructions: IMMA_PER_WMMA,
                    tensor_macs: MmaShape::WmmaM16N16K16.macs(),
                    useful_macs: u64::from(WMMA_K * WMMA_N),
                    ptx: PTX_WMMA_MMA,
                    sass: SASS_IMMA,
                },
            },
            KernelStep {
                id: "syncwarp_tiles_free",
                scope: StepScope::Warp,
                action: StepAction::SyncWarp,
            },
            KernelStep {
                id: "repeat_k_tiles",
                scope: StepScope::Warp,
                action: StepAction::RepeatKTiles {
                    tiles: self.mma_per_warp(),
                    k_begin,
                    k_end: k_begin + self.k_per_warp(),
                    k_step: WMMA_K,
                },
            },
            KernelStep {
                id: "store_accumulator",
                scope: StepScope::Warp,
                action: StepAction::StoreAccumulator {
                    memory_layout: MemoryLayout::RowMajor,
                    ldm: WMMA_N,
                    bytes: tile * I32_BYTES,
                    c_tile_offset_bytes: warp * tile * I32_BYTES,
                },
            },
            KernelStep {
                id: "syncthreads",
                scope: StepScope::Block,
                action: StepAction::SyncThreads,
            },
            KernelStep {
                id: "reduce_partials",
                scope: StepScope::Block,
                action: StepAction::ReducePartials {
                    threads: WMMA_N,
                    partials_per_thread: self.warps_per_block,
                },
            },
            KernelStep {
                id: "dequantize",
                scope: StepScope::Block,
                action: StepAction::Dequantize { outputs: WMMA_N },
            },
            KernelStep {
                id: "write_output",
                scope: StepScope::Block,
                action: StepAction::WriteOutput {
                    first_output: out_base,
                    outputs: WMMA_N,
                    bytes: WMMA_N * F16_BYTES as u32,
                },
            },
        ];
        Ok(steps)
    }

    /// `k0` of K tile `k_tile` of warp `warp` in block `block`, after validating all three.
    fn tile_k0(&self, block: u32, warp: u32, k_tile: u32) -> Result<u32, W8a8Error> {
        self.validate()?;
        let checks = [
            ("block", block, self.grid_blocks()),
            ("warp", warp, self.warps_per_block),
            ("K tile", k_tile, self.mma_per_warp()),
        ];
        for (what, value, count) in checks {
            if value >= count {
                return Err(W8a8Error::OutOfRange { what, value, count });
            }
        }
        Ok(warp * self.k_per_warp() + k_tile * WMMA_K)
    }
}

/// The arithmetic cost of the GEMV on one WMMA tile shape ([`W8a8Gemv::tile_cost`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TileCost {
    /// Tile rows (A rows; only row 0 is the activation).
    pub m: u32,
    /// Tile columns (outputs per tile).
    pub n: u32,
    /// Tile depth.
    pub k: u32,
    /// `mma_sync` calls for the whole GEMV: `(K / k) · (N / n)`.
    pub mma_total: u64,
    /// MACs the Tensor Cores perform: `mma_total · m·n·k`.
    pub tensor_macs: u64,
    /// MACs that matter: `K · N`.
    pub useful_macs: u64,
    /// Zero rows of each A tile: `m − 1`.
    pub padding_rows: u32,
}

impl TileCost {
    /// `useful_macs / tensor_macs` = `1 / m`; 0 when nothing runs.
    pub fn utilisation(&self) -> f64 {
        if self.tensor_macs == 0 {
            return 0.0;
        }
        self.useful_macs as f64 / self.tensor_macs as f64
    }
}

/// Loads of one warp in one K-tile iteration (identical for every tile of a valid shape).
fn tile_global_loads() -> GlobalLoads {
    let iterations = u64::from(WMMA_M * WMMA_K / WARP_SIZE);
    // Each iteration: 32 lanes read 16 contiguous bytes of two weight rows → 2 sectors.
    // Iteration 0 also has lanes 0–15 read 16 activation bytes → 1 request, 1 sector.
    GlobalLoads {
        requests: iterations + 1,
        sectors: iterations * 2 + 1,
    }
}

/// One byte written into the warp's shared tiles by the fill loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TileWrite {
    /// Lane that writes it.
    pub lane: u32,
    /// Loop iteration `j` (`i = lane + 32·j`).
    pub iteration: u32,
    /// Byte `i` of `a_tile[warp]` and of `b_tile[warp]`, 0..256.
    pub tile_byte: u32,
    /// `Some(k)`: `a_tile[i] = qact[k]` (i < 16, row 0); `None`: zero padding (rows 1–15).
    pub activation_index: Option<u32>,
    /// Weight row = output `out_base + i / 16` (B column n = i / 16).
    pub weight_row: u32,
    /// Weight column = `k0 + i % 16` (B row k = i % 16).
    pub weight_col: u32,
    /// Byte offset in `qweight`: `weight_row · K + weight_col`.
    pub weight_byte: u64,
}

/// Who executes a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepScope {
    /// Each lane on its own (SIMT code).
    Lanes,
    /// The warp as a whole (warp-synchronous).
    Warp,
    /// The whole block.
    Block,
}

/// How a tile is laid out in memory for `load_matrix_sync` / `store_matrix_sync`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MemoryLayout {
    /// `wmma::row_major` / `wmma::mem_row_major`.
    RowMajor,
    /// `wmma::col_major` / `wmma::mem_col_major`.
    ColMajor,
}

/// One step of the kernel as the chapter shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelStep {
    /// Stable text id (`"fill_tiles"`, `"mma"`, …) the UI keys captions on.
    pub id: &'static str,
    /// Who executes it.
    pub scope: StepScope,
    /// What happens, with its numbers.
    pub action: StepAction,
}

/// What a [`KernelStep`] does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepAction {
    /// `for (i = lane; i < 256; i += 32)`: fill `a_tile[warp]` (row 0 = `qact[k0..k0+16]`, the
    /// rest 0) and `b_tile[warp]` (`b[i] = qweight[(out_base + i/16)·K + k0 + i%16]`).
    FillSharedTiles {
        /// First K index of this tile.
        k0: u32,
        /// Loop bound: 256 = 16 × 16 bytes.
        loop_bound: u32,
        /// Loop stride: 32 lanes.
        loop_stride: u32,
        /// Iterations of every lane: 256 / 32 = 8.
        iterations_per_lane: u32,
        /// Bytes copied from `qact` (row 0 of A): 16.
        activation_bytes: u32,
        /// Zero bytes written for rows 1–15 of A: 240.
        zero_bytes: u32,
        /// Bytes copied from `qweight` into B: 256.
        weight_bytes: u32,
        /// Warp-level global load instructions: 8 for weights + 1 for activations.
        global_requests: u64,
        /// 32-byte sectors they touch: 8 × 2 + 1.
        global_sectors: u64,
        /// Offset of `a_tile[warp]` inside `a_tile`, bytes.
        a_tile_offset_bytes: u32,
        /// Offset of `b_tile[warp]` inside `b_tile`, bytes.
        b_tile_offset_bytes: u32,
        /// Every byte written, in loop order.
        writes: Vec<TileWrite>,
    },
    /// `__syncwarp()`.
    SyncWarp,
    /// `wmma::load_matrix_sync(frag, tile, ldm)`: shared memory → fragment registers, laid
    /// out as [`crate::model::tensor_core::fragment_layout`]`(WmmaM16N16K16, operand, S8)`.
    LoadMatrix {
        /// A or B.
        operand: Operand,
        /// s8.
        element: ElementType,
        /// A row_major, B col_major.
        memory_layout: MemoryLayout,
        /// Leading dimension: 16.
        ldm: u32,
        /// Fragment elements per lane: 8.
        elements_per_lane: u32,
        /// SASS on sm_80/sm_90: [`SASS_LDSM`].
        sass: &'static str,
    },
    /// `wmma::mma_sync(acc, a, b, acc)`: s8 × s8 → s32, two `IMMA.16816.S8.S8` in SASS.
    MmaSync {
        /// m16n16k16.
        shape: MmaShape,
        /// SASS instructions: 2.
        imma_instructions: u32,
        /// Multiply-adds performed: 4096.
        tensor_macs: u64,
        /// Multiply-adds that matter (row 0 of A): 256.
        useful_macs: u64,
        /// PTX: [`PTX_WMMA_MMA`].
        ptx: &'static str,
        /// SASS, issued `imma_instructions` times: [`SASS_IMMA`].
        sass: &'static str,
    },
    /// The `k0` loop: the steps above run once per 16-deep K tile of the warp's slice.
    RepeatKTiles {
        /// Iterations: `k_per_warp / 16` = 64.
        tiles: u32,
        /// First K of the warp's slice.
        k_begin: u32,
        /// One past the last K of the slice.
        k_end: u32,
        /// K per iteration: 16.
        k_step: u32,
    },
    /// `wmma::store_matrix_sync(c_tile[warp], acc, 16, mem_row_major)`.
    StoreAccumulator {
        /// mem_row_major.
        memory_layout: MemoryLayout,
        /// Leading dimension: 16.
        ldm: u32,
        /// Bytes stored: 256 × 4 = 1024.
        bytes: u32,
        /// Offset of `c_tile[warp]` inside `c_tile`, bytes.
        c_tile_offset_bytes: u32,
    },
    /// `__syncthreads()`.
    SyncThreads,
    /// `if (tid < 16) z = Σ_w c_tile[w][tid]`: row 0 of each warp's partial tile.
    ReducePartials {
        /// Threads that work: 16 (tid 0–15).
        threads: u32,
        /// Partials each adds: one per warp.
        partials_per_thread: u32,
    },
    /// `float(z) · act_scale · w_scale[o]`.
    Dequantize {
        /// Outputs: 16.
        outputs: u32,
    },
    /// `y[o] = __float2half(…)` for `o = out_base + tid`.
    WriteOutput {
        /// `out_base = blockIdx.x · 16`.
        first_output: u32,
        /// Outputs: 16.
        outputs: u32,
        /// Bytes: 16 × 2 = 32.
        bytes: u32,
    },
}

// ---------------------------------------------------------------------------------------------
// What an H200 measured (`shared/truth/measured/w8a8.json`, 2026-11-29), for the chapter's table.

/// Which variant of the GEMV was timed on the H200.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeasuredVariant {
    /// The course listing: byte-wise staging of A and B through shared memory.
    Course,
    /// The B fragment loaded straight from global memory (`ldm = K`), no staging loop.
    DirectB,
    /// A CUDA-core GEMV with `dp4a` and 16-byte loads (no Tensor Cores).
    Dp4a,
}

/// One variant of the K = N = 4096 GEMV timed on an NVIDIA H200 (sm_90 native build).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasuredGemv {
    /// Which variant.
    pub variant: MeasuredVariant,
    /// CUDA-event time, L2 flushed before each repeat, median, seconds.
    pub time_s: f64,
    /// Warp-level instructions executed (ncu `smsp__inst_executed.sum`).
    pub warp_instructions: u64,
    /// Warp-level global load requests (ncu).
    pub global_load_requests: u64,
}

impl MeasuredGemv {
    /// Achieved bandwidth over the minimum traffic of the course shape, bytes/s.
    pub fn bandwidth_bytes_per_s(&self) -> f64 {
        if self.time_s > 0.0 {
            W8a8Gemv::course().hbm_bytes() as f64 / self.time_s
        } else {
            0.0
        }
    }

    /// Share of the best measured copy bandwidth (4277.4 GB/s).
    pub fn share_of_copy(&self) -> f64 {
        self.bandwidth_bytes_per_s() / crate::model::roofline::H200_COPY_BANDWIDTH_BYTES_PER_S
    }
}

/// Warps active in the course kernel, averaged, as a share of the SM's peak (ncu
/// `sm__warps_active.avg.pct_of_peak_sustained_active` ≈ 12 %).
pub const MEASURED_COURSE_WARPS_ACTIVE: f64 = 0.12;

/// The three variants timed on the H200 (K = N = 4096, sm_90 native build).
pub fn measured_h200() -> [MeasuredGemv; 3] {
    [
        MeasuredGemv {
            variant: MeasuredVariant::Course,
            time_s: 31.072e-6,
            warp_instructions: 8_102_912,
            global_load_requests: 590_080,
        },
        MeasuredGemv {
            variant: MeasuredVariant::DirectB,
            time_s: 18.784e-6,
            warp_instructions: 865_280,
            global_load_requests: 196_864,
        },
        MeasuredGemv {
            variant: MeasuredVariant::Dp4a,
            time_s: 8.064e-6,
            warp_instructions: 372_736,
            global_load_requests: 69_632,
        },
    ]
}

// ---------------------------------------------------------------------------------------------
// Quantisation and the numerics of the GEMV.

/// Symmetric per-tensor quantisation: `scale = max|x| / 127`, `q = clamp(round(x / scale),
/// −127, 127)`, rounding half to even (as CUDA's `__float2int_rn` and `torch.round`).
///
/// Never panics. Empty input → `(vec![], 0.0)`. All-zero input (or a maximum so small that
/// `max|x| / 127` underflows to 0) → `scale = 0` and every `q = 0`, no NaN. Non-finite
/// inputs are left out of `max|x|` and then saturate: NaN → 0, +∞ → 127, −∞ → −127; use
/// [`try_quantize_symmetric`] to reject them instead.
pub fn quantize_symmetric(x: &[f32]) -> (Vec<i8>, f32) {
    let amax = x
        .iter()
        .filter(|v| v.is_finite())
        .fold(0.0f32, |m, v| m.max(v.abs()));
    let scale = amax / Q_MAX as f32;
    let q = x.iter().map(|&v| quantize_one(v, scale)).collect();
    (q, scale)
}

/// [`quantize_symmetric`], but Err on the first NaN or infinity.
pub fn try_quantize_symmetric(x: &[f32]) -> Result<(Vec<i8>, f32), W8a8Error> {
    check_finite("x", x)?;
    Ok(quantize_symmetric(x))
}

/// `clamp(round_half_even(v / scale), −127, 127)` with the saturating rules of
/// [`quantize_symmetric`].
fn quantize_one(v: f32, scale: f32) -> i8 {
    if v.is_nan() {
        return 0;
    }
    let r = if scale > 0.0 {
        (v / scale).round_ties_even()
    } else if v.is_infinite() {
        v
    } else {
        0.0
    };
    // r is finite or ±∞ here; the clamp makes the cast exact.
    r.clamp(-(Q_MAX as f32), Q_MAX as f32) as i8
}

/// `q · scale` for each element.
pub fn dequantize(q: &[i8], scale: f32) -> Vec<f32> {
    q.iter().map(|&v| f32::from(v) * scale).collect()
}

fn check_finite(what: &'static str, x: &[f32]) -> Result<(), W8a8Error> {
    match x.iter().position(|v| !v.is_finite()) {
        Some(index) => Err(W8a8Error::NonFinite { what, index }),
        None => Ok(()),
    }
}

fn check_len(what: &'static str, got: usize, expected: usize) -> Result<(), W8a8Error> {
    if got == expected {
        Ok(())
    } else {
        Err(W8a8Error::LengthMismatch {
            what,
            expected,
            got,
        })
    }
}

/// INT8 weights with one scale per output row (per-channel), as the course stores them:
/// `q[o·k + j]` row-major `[n][k]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuantizedWeights {
    /// Output rows.
    pub n: usize,
    /// Input columns.
    pub k: usize,
    /// `q_W`, row-major `[n][k]`.
    pub q: Vec<i8>,
    /// `s_W[o]`, one per row.
    pub scales: Vec<f32>,
}

/// Per-channel symmetric quantisation of a row-major `[n][k]` weight matrix: each row gets
/// its own [`quantize_symmetric`] scale. Err if `w.len() != n · k` or a weight is not finite.
pub fn quantize_per_channel(w: &[f32], n: usize, k: usize) -> Result<QuantizedWeights, W8a8Error> {
    let expected = n.checked_mul(k).ok_or(W8a8Error::LengthMismatch {
        what: "w",
        expected: usize::MAX,
        got: w.len(),
    })?;
    check_len("w", w.len(), expected)?;
    check_finite("w", w)?;
    let mut q = Vec::with_capacity(expected);
    let mut scales = Vec::with_capacity(n);
    if k > 0 {
        for row in w.chunks(k) {
            let (qr, s) = quantize_symmetric(row);
            q.extend(qr);
            scales.push(s);
        }
    } else {
        scales.resize(n, 0.0);
    }
    Ok(QuantizedWeights { n, k, q, scales })
}

/// The exact integer GEMV `z[o] = Σ_j q_W[o][j] · q_x[j]` with INT32 accumulation, as the
/// Tensor Cores compute it. Err on a length mismatch or if a sum leaves the INT32 range (the
/// hardware would wrap; [`MAX_SAFE_K`] rules that out for |q| ≤ 127).
pub fn gemv_i32(weights: &QuantizedWeights, qx: &[i8]) -> Result<Vec<i32>, W8a8Error> {
    check_len("q_x", qx.len(), weights.k)?;
    check_len("q_W", weights.q.len(), weights.n.saturating_mul(weights.k))?;
    if weights.k == 0 {
        return Ok(vec![0; weights.n]);
    }
    weights
        .q
        .chunks(weights.k)
        .map(|row| {
            let z: i64 = row
                .iter()
                .zip(qx)
                .map(|(&a, &b)| i64::from(a) * i64::from(b))
                .sum();
            i32::try_from(z).map_err(|_| W8a8Error::AccumulatorOverflow {
                k: weights.k as u64,
                max_safe_k: max_safe_k(Q_MAX as u32),
            })
        })
        .collect()
}

/// The epilogue's arithmetic in FP32, in the listing's order:
/// `static_cast<float>(z) * act_scale * w_scale[o]` = `(float(z) · s_x) · s_W`.
pub fn dequantize_output(z: i32, s_x: f32, s_w: f32) -> f32 {
    (z as f32 * s_x) * s_w
}

/// Result of [`w8a8_gemv`]: every stage of one output vector.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GemvOutput {
    /// INT32 dot products `z[o]`.
    pub z: Vec<i32>,
    /// Dequantised FP32 values before the FP16 store.
    pub y_f32: Vec<f32>,
    /// `__float2half` of `y_f32` (round to nearest even), as raw FP16 bits.
    pub y_f16_bits: Vec<u16>,
}

impl GemvOutput {
    /// The FP16 outputs widened back to f32 (exact).
    pub fn y_f16(&self) -> Vec<f32> {
        self.y_f16_bits
            .iter()
            .map(|&h| f16_bits_to_f32(h))
            .collect()
    }
}

/// The course kernel's numerics end to end: integer GEMV, FP32 dequantisation, FP16 output.
/// Bit-exact with the kernel (the H200 run matched a host formula of the same order in every bit).
pub fn w8a8_gemv(weights: &QuantizedWeights, qx: &[i8], s_x: f32) -> Result<GemvOutput, W8a8Error> {
    check_len("s_W", weights.scales.len(), weights.n)?;
    let z = gemv_i32(weights, qx)?;
    let y_f32: Vec<f32> = z
        .iter()
        .zip(&weights.scales)
        .map(|(&z, &s_w)| dequantize_output(z, s_x, s_w))
        .collect();
    let y_f16_bits = y_f32.iter().map(|&y| f32_to_f16_bits(y)).collect();
    Ok(GemvOutput {
        z,
        y_f32,
        y_f16_bits,
    })
}

/// Float reference `y[o] = Σ_j w[o][j] · x[j]` in f64 from the unquantised inputs. Err on a
/// length mismatch or a non-finite input.
pub fn gemv_reference(w: &[f32], x: &[f32], n: usize) -> Result<Vec<f64>, W8a8Error> {
    let k = x.len();
    check_len("w", w.len(), n.saturating_mul(k))?;
    check_finite("w", w)?;
    check_finite("x", x)?;
    if k == 0 {
        return Ok(vec![0.0; n]);
    }
    Ok(w.chunks(k)
        .map(|row| {
            row.iter()
                .zip(x)
                .map(|(&a, &b)| f64::from(a) * f64::from(b))
                .sum()
        })
        .collect())
}

/// How far the W8A8 output may be from the float reference, per output.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ErrorBound {
    /// From quantising both operands: `s_x/2 · Σ|w| + s_W/2 · Σ|x| + K · s_x · s_W / 4`
    /// (`w·x − ŵ·x̂ = w·e_x + e_w·x − e_w·e_x` with `|e| ≤ s/2`).
    pub quantisation: f64,
    /// From the FP32 epilogue and the FP16 store: `|ŷ| · (2⁻¹¹ + 2⁻²¹) + 2⁻²⁵` (half an FP16
    /// ulp relative, three FP32 roundings, half the smallest FP16 subnormal). Valid while
    /// |y| < 65504 (beyond that FP16 overflows to ∞).
    pub rounding: f64,
}

impl ErrorBound {
    /// `quantisation + rounding`.
    pub fn total(&self) -> f64 {
        self.quantisation + self.rounding
    }
}

/// Per-output bound on `|y_f16 − y_reference|` for [`w8a8_gemv`] of these inputs, when the
/// weights and `s_x` came from [`quantize_per_channel`] / [`quantize_symmetric`] with normal
/// (not subnormal) scales. Err on mismatched lengths or non-finite inputs.
pub fn error_bound(
    w: &[f32],
    x: &[f32],
    weights: &QuantizedWeights,
    s_x: f32,
) -> Result<Vec<ErrorBound>, W8a8Error> {
    let k = x.len();
    check_len("w", w.len(), weights.n.saturating_mul(k))?;
    check_len("s_W", weights.scales.len(), weights.n)?;
    check_finite("w", w)?;
    check_finite("x", x)?;
    // Rounding of v / s in f32 can move v/s across a .5 boundary by a few ulps.
    let slack = 1.0 + 1e-6;
    let s_x = f64::from(s_x);
    let sum_abs_x: f64 = x.iter().map(|&v| f64::from(v).abs()).sum();
    let rows: Vec<&[f32]> = if k == 0 {
        vec![&[]; weights.n]
    } else {
        w.chunks(k).collect()
    };
    Ok(rows
        .iter()
        .zip(&weights.scales)
        .map(|(row, &s_w)| {
            let s_w = f64::from(s_w);
            let sum_abs_w: f64 = row.iter().map(|&v| f64::from(v).abs()).sum();
            let quantisation =
                (s_x / 2.0 * sum_abs_w + s_w / 2.0 * sum_abs_x + k as f64 * s_x * s_w / 4.0)
                    * slack;
            let y_hat: f64 = row
                .iter()
                .zip(x)
                .map(|(&a, &b)| f64::from(a) * f64::from(b))
                .sum::<f64>()
                .abs()
                + quantisation;
            let rounding = y_hat * (2f64.powi(-11) + 2f64.powi(-21)) + 2f64.powi(-25);
            ErrorBound {
                quantisation,
                rounding,
            }
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------
// FP16 conversion.

/// `f32` → IEEE binary16 bits, rounding to nearest, ties to even (CUDA `__float2half`):
/// overflow → ±∞, tiny values → subnormals or ±0, NaN → a quiet NaN.
pub fn f32_to_f16_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        return if mant == 0 {
            sign | 0x7c00
        } else {
            sign | 0x7e00 | (mant >> 13) as u16
        };
    }
    // Exponent rebiased from 127 to 15.
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        // FP16 subnormal (unit 2⁻²⁴) or zero.
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32; // 14..=24
        let kept = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let half = 1 << (shift - 1);
        let rounded = if rem > half || (rem == half && kept & 1 == 1) {
            kept + 1
        } else {
            kept
        };
        // A carry into bit 10 yields the smallest normal, which is the right encoding.
        return sign | rounded as u16;
    }
    let h = ((e as u32) << 10) | (mant >> 13);
    let rem = mant & 0x1fff;
    // A carry out of the mantissa bumps the exponent (up to ∞), which is correct.
    let rounded = if rem > 0x1000 || (rem == 0x1000 && h & 1 == 1) {
        h + 1
    } else {
        h
    };
    sign | rounded as u16
}

/// IEEE binary16 bits → `f32` (exact).
pub fn f16_bits_to_f32(h: u16) -> f32 {
    let negative = h & 0x8000 != 0;
    let exp = u32::from((h >> 10) & 0x1f);
    let mant = u32::from(h & 0x3ff);
    let sign = if negative { 1u32 << 31 } else { 0 };
    match exp {
        0 => {
            // mant · 2⁻²⁴, exact in f32.
            let v = mant as f32 * f32::from_bits(0x3380_0000);
            if negative {
                -v
            } else {
                v
            }
        }
        0x1f => f32::from_bits(sign | 0x7f80_0000 | (mant << 13)),
        _ => f32::from_bits(sign | ((exp + 112) << 23) | (mant << 13)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_safe_k_matches_the_int32_bound() {
        assert_eq!(max_safe_k(127), u64::from(MAX_SAFE_K));
        assert!(u64::from(MAX_SAFE_K) * 127 * 127 <= i32::MAX as u64);
        assert!((u64::from(MAX_SAFE_K) + 1) * 127 * 127 > i32::MAX as u64);
        assert_eq!(max_safe_k(128), 131_071);
        assert_eq!(max_safe_k(0), u64::MAX);
    }

    #[test]
    fn f16_known_values() {
        assert_eq!(f32_to_f16_bits(1.0), 0x3c00);
        assert_eq!(f32_to_f16_bits(-2.0), 0xc000);
        assert_eq!(f32_to_f16_bits(65504.0), 0x7bff);
        assert_eq!(f32_to_f16_bits(65520.0), 0x7c00); // tie → even → ∞
        assert_eq!(f32_to_f16_bits(f32::from_bits(0x3380_0000)), 0x0001); // 2⁻²⁴
        assert_eq!(f32_to_f16_bits(f32::from_bits(0x3300_0000)), 0x0000); // 2⁻²⁵ tie → 0
        assert_eq!(f32_to_f16_bits(-0.0), 0x8000);
        assert!(f16_bits_to_f32(f32_to_f16_bits(f32::NAN)).is_nan());
    }
}
