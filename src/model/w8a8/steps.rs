//! The vocabulary of the kernel trace: one [`KernelStep`] per line of the course listing that
//! a warp executes ([`StepAction`], its [`StepScope`]), and the bytes the fill loop writes
//! ([`TileWrite`], [`MemoryLayout`]).

use super::*;

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
