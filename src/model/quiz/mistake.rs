//! The known mistakes the quiz diagnoses ([`Mistake`]), one per rule a student can miss. The
//! generators offer a mistake on a field with the value the model gives without that rule; the
//! page words each one (`ui::quiz::text::mistake`).

/// A known mistake the feedback diagnoses. Each is found by running the question's model
/// without one rule (or with one input swapped) and comparing the student's value with that
/// run's; a value the right answer also gives is never offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mistake {
    /// Counted 128-byte lines instead of 32-byte sectors.
    LinesNotSectors,
    /// Forgot that registers are allocated 256 per warp.
    RegisterAllocationUnit,
    /// Forgot the 1 KiB of shared memory reserved per block on 8.x and later.
    ReservedSharedMemory,
    /// Used the datasheet instead of the course's rounded bandwidth and peak.
    DatasheetValues,
    /// Counted a broadcast (same address) as a bank conflict.
    BroadcastAsConflict,
    /// Rounded the wave count down: forgot the partial tail wave.
    FloorNotCeil,
    /// Ignored the launch mask of a partial last warp.
    PartialWarpLaunchMask,
    /// Counted every lane of the warp as a request of its own (one request per warp instruction).
    RequestPerLane,
    /// Answered the per-SM number instead of the per-scheduler one (or the other way round).
    PerSmNotPerScheduler,
    /// Used the maximum boost clock instead of the clock the datasheet's Tensor figures assume.
    BoostNotTensorClock,
    /// Counted an FMA as one FLOP instead of two.
    FmaNotTwoFlops,
    /// Used another clock (the boost clock, the datasheet's) instead of the one the question gives.
    OtherClock,
    /// Took the 2:4-sparse Tensor Core figure (twice the dense one).
    SparsePeak,
    /// A thousand (or million) times off: GFLOP/s for TFLOP/s, ms or s for µs, GB/s for TB/s.
    UnitPrefix,
    /// Numbered the threads of a block y fastest: `tid = threadIdx.y + threadIdx.x · blockDim.y`.
    ThreadIdRowMajor,
    /// Took warp and lane from `threadIdx.x` alone instead of the linear thread id.
    WarpFromThreadIdxX,
    /// Divided the SM's 65,536 registers by the registers per warp: they are split over its 4
    /// partitions, and a warp's registers come from one partition.
    SubPartitionRegisters,
    /// Counted warps per block as ⌊threads / 32⌋: a partial warp still takes a whole warp slot.
    FloorWarpsPerBlock,
    /// Divided by 64 warps on an SM that holds fewer (48 on 8.6 / 8.9 / 12.0, 32 on 7.5).
    MaxWarps64,
    /// Took one block per SM as a full wave, ignoring the blocks each SM holds.
    FullWaveOneBlockPerSm,
    /// Counted the load among the k independent instructions (L / (k + 1), or I = k).
    LoadCountedInK,
    /// Gave the mask of the lanes where the condition is false.
    ElseSideMask,
    /// Wrote the mask with lane 0 as the highest bit.
    ReversedBitOrder,
    /// Counted a side with no instructions as a path that runs.
    EmptySideCounted,
    /// Counted a branch every active lane takes the same way as serialised.
    UniformBranchSerialised,
    /// Split 8- and 16-byte loads into half- and quarter-warp requests (the CC 3.x guide).
    LegacyHalfWarpRequests,
    /// Counted one request per 128-byte line (the pre-Volta "transaction").
    RequestPerLine,
    /// Divided the bytes the lanes ask for by 32, ignoring gaps, overlaps and alignment.
    RequestedBytesNotSectors,
    /// Placed lane 0 at an aligned address, ignoring the offset.
    IgnoredOffset,
    /// Counted conflicts as wavefronts − ideal (bytes / 128), not per phase as ncu does.
    IdealNotPhases,
    /// Served an 8- or 16-byte access as one whole-warp phase.
    NoPhaseSplit,
    /// Split by width alone, missing that paired lanes sharing an address halve the phases.
    NoPairPacking,
    /// Gave all the wavefronts as conflicts instead of those beyond one per phase.
    ConflictsNotExtra,
    /// Swapped row and column.
    RowColumnSwapped,
    /// Gave the fragment slot x[i] instead of the 32-bit register holding it.
    SlotNotRegister,
    /// One block per output element instead of per 16.
    BlockPerOutput,
    /// Gave warps instead of threads.
    WarpsNotThreads,
    /// Let every warp run the whole K instead of its share.
    KNotSplitOverWarps,
    /// Took the wrong side of the ridge: below it a kernel is memory-bound.
    WrongSideOfRidge,
    /// Divided bandwidth by peak.
    RidgeInverted,
    /// Added compute time and memory time: they overlap, the bound is the larger.
    SumNotMax,
    /// Used the roof of the other precision (FP32 CUDA cores for a BF16 Tensor Core kernel, or
    /// the other way round).
    OtherPrecisionRoof,
    /// Left out writing C.
    ForgotOutputWrite,
    /// Counted each matrix once, as if the tiles were reused perfectly.
    IdealTraffic,
    /// Left out the k products each PE does per cycle.
    ForgotDotLength,
    /// Counted adders in a chain (k − 1 or k) instead of the levels of a tree (log2 k).
    LinearAdderLevels,
    /// Divided by a warp's 32 threads instead of the warp group's 128.
    PerWarpNotWarpGroup,
    /// Gave every accumulator of the tile instead of those of one thread.
    AllAccumulators,
    /// Counted only the N / 8 columns, not the 64 / 16 row blocks.
    ForgotRowBlocks,
    /// Left out the warp's 16-row band: gave the lane inside the warp, not the thread of the
    /// warp group.
    ForgotWarpBand,
    /// Left out the 8-column blocks: gave the register inside the first block.
    ForgotColumnBlocks,
    /// Gave N columns for each SM of a pair: with M = 128 (Layout B) each holds N / 2.
    WholeNPerCta,
    /// Counted every element as a column: a column holds a whole row of 128 lanes.
    ElementsNotColumns,
    /// Rounded up to a multiple of 32 columns: `tcgen05.alloc` takes a power of two.
    AllocNotPowerOfTwo,
    /// Allocated fewer than 32 columns: the unit and minimum of `tcgen05.alloc`.
    AllocBelowMinimum,
    /// Left out the swizzle's XOR: the address (or the banks) before the swizzle.
    XorLeftOut,
    /// Kept the XOR in the case that leaves it out.
    XorKept,
    /// Swapped LBO and SBO.
    LboSboSwapped,
}

impl Mistake {
    /// Every mistake, in declaration order.
    pub const ALL: [Mistake; 58] = [
        Mistake::LinesNotSectors,
        Mistake::RegisterAllocationUnit,
        Mistake::ReservedSharedMemory,
        Mistake::DatasheetValues,
        Mistake::BroadcastAsConflict,
        Mistake::FloorNotCeil,
        Mistake::PartialWarpLaunchMask,
        Mistake::RequestPerLane,
        Mistake::PerSmNotPerScheduler,
        Mistake::BoostNotTensorClock,
        Mistake::FmaNotTwoFlops,
        Mistake::OtherClock,
        Mistake::SparsePeak,
        Mistake::UnitPrefix,
        Mistake::ThreadIdRowMajor,
        Mistake::WarpFromThreadIdxX,
        Mistake::SubPartitionRegisters,
        Mistake::FloorWarpsPerBlock,
        Mistake::MaxWarps64,
        Mistake::FullWaveOneBlockPerSm,
        Mistake::LoadCountedInK,
        Mistake::ElseSideMask,
        Mistake::ReversedBitOrder,
        Mistake::EmptySideCounted,
        Mistake::UniformBranchSerialised,
        Mistake::LegacyHalfWarpRequests,
        Mistake::RequestPerLine,
        Mistake::RequestedBytesNotSectors,
        Mistake::IgnoredOffset,
        Mistake::IdealNotPhases,
        Mistake::NoPhaseSplit,
        Mistake::NoPairPacking,
        Mistake::ConflictsNotExtra,
        Mistake::RowColumnSwapped,
        Mistake::SlotNotRegister,
        Mistake::BlockPerOutput,
        Mistake::WarpsNotThreads,
        Mistake::KNotSplitOverWarps,
        Mistake::WrongSideOfRidge,
        Mistake::RidgeInverted,
        Mistake::SumNotMax,
        Mistake::OtherPrecisionRoof,
        Mistake::ForgotOutputWrite,
        Mistake::IdealTraffic,
        Mistake::ForgotDotLength,
        Mistake::LinearAdderLevels,
        Mistake::PerWarpNotWarpGroup,
        Mistake::AllAccumulators,
        Mistake::ForgotRowBlocks,
        Mistake::ForgotWarpBand,
        Mistake::ForgotColumnBlocks,
        Mistake::WholeNPerCta,
        Mistake::ElementsNotColumns,
        Mistake::AllocNotPowerOfTwo,
        Mistake::AllocBelowMinimum,
        Mistake::XorLeftOut,
        Mistake::XorKept,
        Mistake::LboSboSwapped,
    ];
}
