//! The course's W8A8 GEMV kernel as launched: [`W8a8Gemv`] (K, N, warps per block) and what
//! follows from it: grid, MMA counts, shared-memory and HBM bytes, global loads per tile, the
//! Roofline placement, the cost on other WMMA tiles ([`TileCost`]), and the step-by-step trace of
//! one warp ([`W8a8Gemv::trace`], [`W8a8Gemv::fill_writes`]). Source: the course text's kernel
//! listing; SASS and ncu on an H200.

use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::{place, KernelShape, Placement, Precision};

use super::*;

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
