//! Hopper's `wgmma.mma_async` m64nNk16 (PTX ISA §9.7.15, "Asynchronous Warpgroup Level Matrix
//! Multiply-Accumulate Instructions"; course text "WGMMA - H100").
//!
//! - A **warp group** is four consecutive warps (128 threads) whose first warp index is a
//!   multiple of 4; all four issue the instruction together.
//! - The shape is `M = 64`, `K = 16` for 16-bit inputs, `N = 8 … 256` in steps of 8, fixed in the
//!   instruction (not a run-time value).
//! - A comes from registers or shared memory (a matrix descriptor), **B only from shared
//!   memory**; the accumulators D are registers: warp `w` of the group holds rows `16w … 16w+15`
//!   (PTX "Register fragments and shared memory matrix layouts" for wgmma).
//! - The course's reading (an inference, marked as such on the page): A is split into four
//!   16-row blocks, one per SM partition's Tensor Core, and B is shared by all four, which is
//!   why B must sit in shared memory.
//! - The same 64×N×16 product with Ampere's `mma.sync.m16n8k16` takes `(64/16)·(N/8) = N/2`
//!   instructions: one m64n8k16 wgmma = four m16n8k16.
//!
//! The asynchronous protocol and the SASS each step became on the H200 (CUDA 13.0, sm_90a,
//! `tests/fixtures/tensor_core_peak_h200.json`): `wgmma.fence` → `WARPGROUP.ARRIVE`,
//! `wgmma.mma_async` → `HGMMA.64xNx16…`, `wgmma.commit_group` (no instruction of its own: the
//! last HGMMA of the group carries `gsb0`), `wgmma.wait_group N` → `WARPGROUP.DEPBAR.LE gsb0, N`.

use std::fmt;

/// Rows of A and D of every wgmma.
pub const WGMMA_M: u32 = 64;
/// Reduction length for 16-bit inputs (f16, bf16).
pub const WGMMA_K: u32 = 16;
/// Smallest, step and largest N.
pub const WGMMA_N_MIN: u32 = 8;
/// Largest N.
pub const WGMMA_N_MAX: u32 = 256;
/// Warps in a warp group.
pub const WARPS_PER_WARP_GROUP: u32 = 4;
/// Threads in a warp group.
pub const THREADS_PER_WARP_GROUP: u32 = 128;
/// Rows of `mma.sync.m16n8k16` (the Ampere instruction compared against).
const MMA_M: u32 = 16;
/// Columns of `mma.sync.m16n8k16`.
const MMA_N: u32 = 8;

/// A legal wgmma shape m64nNk16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WgmmaShape {
    n: u32,
}

/// An N that no wgmma has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadN(pub u32);

impl fmt::Display for BadN {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "wgmma N = {} is not one of 8, 16, …, 256 (a multiple of 8)",
            self.0
        )
    }
}

impl std::error::Error for BadN {}

impl WgmmaShape {
    /// m64nNk16; Err unless `n` is a multiple of 8 in 8..=256.
    pub fn new(n: u32) -> Result<WgmmaShape, BadN> {
        if (WGMMA_N_MIN..=WGMMA_N_MAX).contains(&n) && n.is_multiple_of(WGMMA_N_MIN) {
            Ok(WgmmaShape { n })
        } else {
            Err(BadN(n))
        }
    }

    /// Every legal shape, N = 8 … 256.
    pub fn all() -> Vec<WgmmaShape> {
        (1..=WGMMA_N_MAX / WGMMA_N_MIN)
            .map(|i| WgmmaShape { n: i * WGMMA_N_MIN })
            .collect()
    }

    /// N.
    pub fn n(self) -> u32 {
        self.n
    }

    /// Multiply-adds of one instruction: 64 · N · 16.
    pub fn macs(self) -> u64 {
        u64::from(WGMMA_M) * u64::from(self.n) * u64::from(WGMMA_K)
    }

    /// `mma.sync.m16n8k16` instructions doing the same product: (64/16)·(N/8) = N/2.
    pub fn mma_sync_equivalent(self) -> u32 {
        (WGMMA_M / MMA_M) * (self.n / MMA_N)
    }

    /// `mma.sync.m16n8k16` per warp when the four warps split those rows (16 each): N/8.
    pub fn mma_sync_per_warp(self) -> u32 {
        self.n / MMA_N
    }

    /// f32 accumulator registers per thread: 64·N / 128 = N/2 (128 at N = 256).
    pub fn f32_accumulators_per_thread(self) -> u32 {
        WGMMA_M * self.n / THREADS_PER_WARP_GROUP
    }

    /// Registers per thread for A when A comes from registers (16-bit): 64·16 / 128 / 2 = 4.
    pub fn a_registers_per_thread(self) -> u32 {
        WGMMA_M * WGMMA_K / THREADS_PER_WARP_GROUP / 2
    }

    /// Bytes of B (16-bit) the instruction reads from shared memory: 16 · N · 2.
    pub fn b_shared_bytes(self) -> u32 {
        WGMMA_K * self.n * 2
    }

    /// The PTX, bf16 inputs with f32 accumulation.
    pub fn ptx_bf16(self) -> String {
        format!(
            "wgmma.mma_async.sync.aligned.m64n{}k16.f32.bf16.bf16",
            self.n
        )
    }

    /// The SASS the H200 showed for it (`HGMMA.64x{N}x16.F32.BF16`; seen for N = 64, 128, 256).
    pub fn sass_bf16(self) -> String {
        format!("HGMMA.64x{}x16.F32.BF16", self.n)
    }

    /// Rows of A and D warp `warp_in_group` (0–3) holds: `16w … 16w+15`; `None` past 3.
    pub fn rows_of_warp(self, warp_in_group: u32) -> Option<std::ops::Range<u32>> {
        (warp_in_group < WARPS_PER_WARP_GROUP)
            .then(|| warp_in_group * MMA_M..(warp_in_group + 1) * MMA_M)
    }
}

/// Where an operand of wgmma can come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandSource {
    /// The issuing threads' registers.
    Registers,
    /// Shared memory, through a 64-bit matrix descriptor.
    SharedMemory,
}

/// Where A may come from: registers or shared memory.
pub const A_SOURCES: [OperandSource; 2] = [OperandSource::Registers, OperandSource::SharedMemory];
/// Where B may come from: shared memory only.
pub const B_SOURCES: [OperandSource; 1] = [OperandSource::SharedMemory];

/// The warp group of warp `warp` of a block: `warp / 4` (groups start at multiples of 4).
pub fn warp_group_of(warp: u32) -> u32 {
    warp / WARPS_PER_WARP_GROUP
}

/// One step of the asynchronous protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProtocolStep {
    /// `wgmma.fence`: registers and shared memory written before are visible to the wgmma that
    /// follow (needed before the first wgmma, and after touching its accumulators or A).
    Fence,
    /// `fence.proxy.async`: generic-proxy writes to shared memory become visible to the async
    /// proxy the Tensor Cores read through (after ordinary stores, not after TMA).
    ProxyFence,
    /// `wgmma.mma_async`: issue one multiply-add; the warps do not wait for it.
    MmaAsync,
    /// `wgmma.commit_group`: close a wgmma-group with every uncommitted mma_async.
    CommitGroup,
    /// `wgmma.wait_group N`: wait until at most N groups are pending.
    WaitGroup,
}

impl ProtocolStep {
    /// The protocol in order (course text "完整执行流程").
    pub const ALL: [ProtocolStep; 5] = [
        ProtocolStep::Fence,
        ProtocolStep::ProxyFence,
        ProtocolStep::MmaAsync,
        ProtocolStep::CommitGroup,
        ProtocolStep::WaitGroup,
    ];

    /// The PTX (course example: m64n8k16 with f16 inputs and accumulators).
    pub fn ptx(self) -> &'static str {
        match self {
            ProtocolStep::Fence => "wgmma.fence.sync.aligned;",
            ProtocolStep::ProxyFence => "fence.proxy.async;",
            ProtocolStep::MmaAsync => "wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 …;",
            ProtocolStep::CommitGroup => "wgmma.commit_group.sync.aligned;",
            ProtocolStep::WaitGroup => "wgmma.wait_group.sync.aligned N;",
        }
    }

    /// The SASS it became on the H200 (`None`: no instruction of its own).
    pub fn sass(self) -> Option<&'static str> {
        match self {
            ProtocolStep::Fence => Some("WARPGROUP.ARRIVE"),
            ProtocolStep::ProxyFence => None,
            ProtocolStep::MmaAsync => Some("HGMMA.64x8x16.F16 R24, gdesc[UR4], RZ, !UPT, gsb0"),
            ProtocolStep::CommitGroup => None,
            ProtocolStep::WaitGroup => Some("WARPGROUP.DEPBAR.LE gsb0, 0x0"),
        }
    }
}

/// Which of `committed` groups (oldest first) are certainly complete when
/// `wgmma.wait_group pending` returns: all but the `pending` most recent (PTX: "waits until
/// `N` or fewer of the most recent wgmma-groups are pending").
pub fn complete_after_wait(committed: u32, pending: u32) -> Vec<bool> {
    let done = committed.saturating_sub(pending);
    (0..committed).map(|g| g < done).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_m64n8k16_is_four_m16n8k16() {
        let s = WgmmaShape::new(8).expect("legal");
        assert_eq!(s.mma_sync_equivalent(), 4);
        assert_eq!(s.macs(), 4 * 16 * 8 * 16);
        let big = WgmmaShape::new(256).expect("legal");
        assert_eq!(
            (big.mma_sync_equivalent(), big.f32_accumulators_per_thread()),
            (128, 128)
        );
        assert_eq!(WgmmaShape::all().len(), 32);
        for n in [0, 4, 12, 264] {
            assert_eq!(WgmmaShape::new(n), Err(BadN(n)));
        }
    }

    #[test]
    fn wait_group_keeps_the_newest_n_pending() {
        assert_eq!(complete_after_wait(3, 1), vec![true, true, false]);
        assert_eq!(complete_after_wait(2, 0), vec![true, true]);
        assert_eq!(complete_after_wait(1, 5), vec![false]);
    }
}
