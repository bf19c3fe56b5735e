//! Inside the Tensor Core, generation by generation (the course's third text,
//! `tensor-core-history-and-instructions`): what one Tensor Core does per clock, how many of them
//! a GPU has and at which clock its datasheet counts them, and how the instruction that feeds
//! them changed from Volta to Hopper.
//!
//! | module | what it models | source |
//! |---|---|---|
//! | [`peak`] | dense peak = Tensor Cores per SM × FMA per clock per Tensor Core × 2 × SMs × clock, against the datasheets | Volta, Turing, A100, H100 whitepapers and datasheets |
//! | [`pe_array`] | the course's 4×4 processing-element array, stepped cycle by cycle | course text ("TensorCore 架构设计 - 原理科普") |
//! | [`quad_pair`] | Volta's `mma.m8n8k4`: four independent 8×8×4 products per warp, one per quad-pair | PTX ISA §9.7.14.5.1 |
//! | [`wgmma`] | Hopper's `wgmma.mma_async` m64nNk16: the warp group, operand sources, instruction counts, the asynchronous protocol | PTX ISA §9.7.15 (wgmma), H200 SASS |
//! | [`wgmma_fragments`] | wgmma's register fragments thread by thread: D (f32, f16, s32) and A (16- and 8-bit) | PTX ISA §9.7.15.5.1.1, Figures 148–153; dump on GH100 (H100/H200 chip) |
//! | [`smem_descriptor`] | the 64-bit shared-memory matrix descriptor and every element's byte address, swizzles included | PTX ISA §9.7.15.5.1.2; dump on GH100 |
//! | [`smem_layout`] | a checked operand: each element's and core matrix's byte address, typed errors | PTX ISA §9.7.15.5.1.2 |
//! | [`smem_banks`] | the banks of a core matrix: why 128-byte rows need the 128 B swizzle | PTX ISA, CUDA C++ PG "Shared Memory", [`crate::model::bank_conflicts`] |
//! | [`tmem`] | Blackwell's Tensor Memory, `tcgen05.alloc`, and where `tcgen05.mma` keeps D (Layouts A, B, D, F) | PTX ISA §9.7.16 |
//! | [`tcgen05_ld`] | `tcgen05.ld/st` shapes: thread and register ↔ TMEM lane and column | PTX ISA §9.7.16.2.3, CUTLASS |
//!
//! The generations themselves ([`Generation`]) carry what the course's table says about each:
//! the year, the product, the instruction level and where the operands come from. Prose about
//! them lives in the UI's text modules.

pub mod pe_array;
pub mod peak;
pub mod quad_pair;
pub mod smem_banks;
pub mod smem_descriptor;
pub mod smem_layout;
pub mod tcgen05_ld;
pub mod tmem;
pub mod wgmma;
pub mod wgmma_fragments;

pub use wgmma_fragments::{wgmma_accumulator_slot, WarpgroupSlot};

use serde::{Deserialize, Serialize};

/// A Tensor Core generation, in order (course table "TensorCore 历史概述").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Generation {
    /// 1st, 2017, V100 (CC 7.0): warp-level `wmma` / `mma.m8n8k4`, FP16.
    Volta,
    /// 2nd, 2018, T4 (CC 7.5): as Volta, plus INT8, INT4, INT1.
    Turing,
    /// 3rd, 2020, A100 (CC 8.0): `mma.sync` with per-thread layouts, `cp.async`; TF32, BF16.
    Ampere,
    /// 4th, 2022, H100 (CC 9.0): warp-group `wgmma.mma_async`, TMA; FP8.
    Hopper,
    /// 5th, 2024, B200 (CC 10.0): `tcgen05` with Tensor Memory, two SMs per MMA; FP6, FP4.
    /// This is data-center Blackwell (`sm_100a`). The GeForce RTX 5090 (GB202, CC 12.0,
    /// `sm_120`) is also called Blackwell but has **no Tensor Memory and no `tcgen05`**: its
    /// Tensor Cores run warp-level `mma.sync` with register accumulators, as on Ampere
    /// ([`tmem::has_tensor_memory`]).
    Blackwell,
}

/// Where the A and B operands come from when the Tensor Core starts (course: "内存层次优化").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OperandPath {
    /// Shared memory → registers → Tensor Core, for A and B (every operand passes the
    /// register file: the course's "RF 瓶颈").
    ThroughRegisters,
    /// A from registers or shared memory, B straight from shared memory (Hopper `wgmma`).
    BFromSharedMemory,
    /// A and B from shared memory (A may also come from Tensor Memory), accumulators in
    /// Tensor Memory instead of registers (Blackwell `tcgen05.mma`).
    TensorMemory,
}

/// Where the accumulator D lives while the Tensor Cores work on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccumulatorStorage {
    /// The issuing threads' registers (`mma.sync`, `wgmma`: N/2 f32 registers per thread of
    /// the warp group for m64nN).
    Registers,
    /// Tensor Memory, 128 lanes × 512 columns of 32 bits per SM, read back with `tcgen05.ld`
    /// ([`tmem`]).
    TensorMemory,
}

/// The widest group of threads (or SMs) that issues one Tensor Core instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IssueLevel {
    /// One warp (`wmma`, `mma.sync`).
    Warp,
    /// A warp group: 4 consecutive warps, 128 threads (`wgmma`).
    WarpGroup,
    /// One thread issues for the CTA; a pair of SMs can cooperate (`tcgen05.mma.cta_group::2`,
    /// SASS `UTCMMA.2SM` in the course).
    TwoSms,
}

impl Generation {
    /// Every generation, oldest first.
    pub const ALL: [Generation; 5] = [
        Generation::Volta,
        Generation::Turing,
        Generation::Ampere,
        Generation::Hopper,
        Generation::Blackwell,
    ];

    /// Architecture name.
    pub fn name(self) -> &'static str {
        match self {
            Generation::Volta => "Volta",
            Generation::Turing => "Turing",
            Generation::Ampere => "Ampere",
            Generation::Hopper => "Hopper",
            Generation::Blackwell => "Blackwell",
        }
    }

    /// Tensor Core generation number (1 = Volta).
    pub fn number(self) -> u32 {
        match self {
            Generation::Volta => 1,
            Generation::Turing => 2,
            Generation::Ampere => 3,
            Generation::Hopper => 4,
            Generation::Blackwell => 5,
        }
    }

    /// Year of introduction (course table).
    pub fn year(self) -> u32 {
        match self {
            Generation::Volta => 2017,
            Generation::Turing => 2018,
            Generation::Ampere => 2020,
            Generation::Hopper => 2022,
            Generation::Blackwell => 2024,
        }
    }

    /// The product the course names.
    pub fn product(self) -> &'static str {
        match self {
            Generation::Volta => "V100",
            Generation::Turing => "T4",
            Generation::Ampere => "A100",
            Generation::Hopper => "H100",
            Generation::Blackwell => "B200",
        }
    }

    /// Compute capability of that product.
    pub fn compute_capability(self) -> (u32, u32) {
        match self {
            Generation::Volta => (7, 0),
            Generation::Turing => (7, 5),
            Generation::Ampere => (8, 0),
            Generation::Hopper => (9, 0),
            Generation::Blackwell => (10, 0),
        }
    }

    /// Tensor Cores per SM: 8 on Volta and Turing (2 per partition), 4 from Ampere on (1 per
    /// partition). Sources: Volta and Turing whitepapers ("eight Tensor Cores per SM"), A100
    /// and H100 whitepapers ("four Tensor Cores per SM").
    pub fn tensor_cores_per_sm(self) -> u32 {
        match self {
            Generation::Volta | Generation::Turing => 8,
            Generation::Ampere | Generation::Hopper | Generation::Blackwell => 4,
        }
    }

    /// Threads one Tensor Core serves at a time: 8 (an octet, two quad-threadgroups) on Volta
    /// per the course and Raihan et al., arXiv:1811.08309; the whole warp from Ampere on
    /// (course: "每个 Tensor Core 可以处理 32 条线程").
    pub fn threads_per_tensor_core(self) -> u32 {
        match self {
            Generation::Volta | Generation::Turing => 8,
            Generation::Ampere | Generation::Hopper | Generation::Blackwell => 32,
        }
    }

    /// The newest matrix instruction of the generation, as PTX names it.
    pub fn instruction(self) -> &'static str {
        match self {
            Generation::Volta => "wmma / mma.sync.m8n8k4",
            Generation::Turing => "wmma / mma.sync.m8n8k16 (int8)",
            Generation::Ampere => "mma.sync.m16n8k16",
            Generation::Hopper => "wgmma.mma_async.m64nNk16",
            Generation::Blackwell => "tcgen05.mma",
        }
    }

    /// Who issues that instruction.
    pub fn issue_level(self) -> IssueLevel {
        match self {
            Generation::Volta | Generation::Turing | Generation::Ampere => IssueLevel::Warp,
            Generation::Hopper => IssueLevel::WarpGroup,
            Generation::Blackwell => IssueLevel::TwoSms,
        }
    }

    /// Where A and B come from.
    pub fn operand_path(self) -> OperandPath {
        match self {
            Generation::Volta | Generation::Turing | Generation::Ampere => {
                OperandPath::ThroughRegisters
            }
            Generation::Hopper => OperandPath::BFromSharedMemory,
            Generation::Blackwell => OperandPath::TensorMemory,
        }
    }

    /// Where D lives: registers up to Hopper, Tensor Memory on data-center Blackwell (PTX ISA
    /// §9.7.16.10: "the D matrix is of the shape MxN, in Tensor Memory").
    pub fn accumulator_storage(self) -> AccumulatorStorage {
        match self {
            Generation::Blackwell => AccumulatorStorage::TensorMemory,
            _ => AccumulatorStorage::Registers,
        }
    }

    /// Asynchronous copy into shared memory (course table "异步数据搬运机制"): none on Volta
    /// and Turing, `cp.async` on Ampere, TMA `cp.async.bulk.tensor` from Hopper on.
    pub fn async_copy(self) -> Option<&'static str> {
        match self {
            Generation::Volta | Generation::Turing => None,
            Generation::Ampere => Some("cp.async"),
            Generation::Hopper | Generation::Blackwell => Some("cp.async.bulk.tensor (TMA)"),
        }
    }

    /// Tensor Core input types this generation added (course table, with Ampere's FP64 and
    /// Hopper's INT8 kept as before): labels as NVIDIA writes them.
    pub fn added_types(self) -> &'static [&'static str] {
        match self {
            Generation::Volta => &["FP16"],
            Generation::Turing => &["INT8", "INT4", "INT1"],
            Generation::Ampere => &["BF16", "TF32", "FP64"],
            Generation::Hopper => &["FP8 (E4M3, E5M2)"],
            Generation::Blackwell => &["FP6", "FP4"],
        }
    }

    /// URL token (lower case name); inverse of [`Generation::from_slug`].
    pub fn slug(self) -> &'static str {
        match self {
            Generation::Volta => "volta",
            Generation::Turing => "turing",
            Generation::Ampere => "ampere",
            Generation::Hopper => "hopper",
            Generation::Blackwell => "blackwell",
        }
    }

    /// Parses a [`Generation::slug`].
    pub fn from_slug(s: &str) -> Option<Generation> {
        Generation::ALL.into_iter().find(|g| g.slug() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generations_are_in_order_and_round_trip() {
        for (i, g) in Generation::ALL.into_iter().enumerate() {
            assert_eq!(g.number() as usize, i + 1);
            assert_eq!(Generation::from_slug(g.slug()), Some(g));
            // Every partition has the same number of Tensor Cores: 4 partitions per SM.
            assert_eq!(g.tensor_cores_per_sm() % 4, 0);
        }
        assert!(Generation::ALL
            .windows(2)
            .all(|w| w[0].year() < w[1].year()));
        assert_eq!(Generation::from_slug("kepler"), None);
    }
}
