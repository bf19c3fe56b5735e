//! Self-check questions generated from the models, language-free.
//!
//! A [`Kind`] and a seed give one [`Question`] ([`generate`]): the parameters drawn by the one
//! seeded generator ([`crate::model::rng::SplitMix64`]), the answer parts computed by the same
//! model the chapter draws with (occupancy, waves, scheduler, SIMT split, coalescing, bank
//! conflicts, fragment layouts, W8A8 launch, roofline), the values of known mistakes (for a
//! diagnosis), and the worked solution as formulas with the same numbers. The UI renders the
//! sentences in either language; nothing here is English or Chinese.
//!
//! What the page shows comes from the values the answer is computed from: a divergence
//! question carries the program it runs ([`Params::listing`]), a roofline question the roofs it
//! is answered with ([`Params::roofs`]); `ui::quiz` tests every kind × 1,000 seeds that the
//! prompt's numbers are the inputs of the model call.
//!
//! Grading ([`grade`]) follows the rule the page states before answering: counts, masks and
//! lanes exact; real numbers within a stated relative tolerance ([`REAL_TOLERANCE`]); categories
//! as multiple choice in an order fixed by the seed. A response that cannot be an answer
//! (negative, not whole, too large, not hex, wider than 32 bits, no option) is
//! [`Verdict::Unreadable`] with its reason and is not an attempt. Each [`Mistake`] is the model
//! run without one rule. [`another_seed`] gives a seed whose question differs from the one on
//! screen. Sources: the course texts (seeds 000, 001) for the questions; PrairieLearn / Numbas
//! for seeded variants, stated tolerances and invalid-versus-incorrect submissions.

mod draw;
mod gen_lab;
mod gen_memory;
mod gen_newest;
mod gen_roofline;
mod gen_sm;
mod gen_tensor;
mod grade;
mod mistake;
mod params;
pub mod set;

use crate::model::occupancy::Limiter;
use crate::model::rng::SplitMix64;
use crate::model::roofline::Bound;

pub use gen_sm::CHIP_GPUS;
pub use grade::{
    grade, grade_all, parse_mask, parse_number, read, sig4, Unreadable, Verdict, MAX_COUNT,
};
pub use mistake::Mistake;
pub use params::{plain, roof_values, sci, Params, QuestionRoof, RoofValues};

/// Relative tolerance for real-valued answers: 1 % (PrairieLearn's default `rtol` is 1 %).
pub const REAL_TOLERANCE: f64 = 0.01;

/// Draws a generator may make before it gives up on a seed (it never gives up in the tests:
/// every kind is checked over 10,000 seeds).
pub const MAX_DRAWS: u32 = 64;

/// Largest seed a link carries: seeds are 32-bit numbers.
pub const MAX_SEED: u64 = u32::MAX as u64;

/// One kind of generated question, each tied to one chapter. The discriminant seeds the
/// kind's question stream ([`generate`]): a kind keeps its number forever, so a shared link
/// (kind, seed) always gives the same question; a new kind takes the next free number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// FP32 lanes and FP32 peak of a GPU from its SM count and clock (chip).
    ChipFp32 = 0,
    /// A thread's linear id, warp, lane and global x index in a 2-D launch (hierarchy).
    ThreadIndex = 14,
    /// Resident blocks per SM and the limiter of a random kernel on a random GPU (occupancy).
    OccupancyBlocks = 1,
    /// Theoretical occupancy in percent (occupancy).
    OccupancyPercent = 2,
    /// Waves and last-wave blocks of a grid (dispatch).
    DispatchWaves = 3,
    /// Warps needed to hide latency ≈ L / k (scheduling).
    WarpsNeeded = 4,
    /// Issue utilisation at W resident warps (scheduling).
    SchedulerUtilisation = 5,
    /// The active mask of a branch side and the serialised paths (divergence).
    DivergenceMask = 6,
    /// Sectors and requests of a strided warp load (coalescing).
    CoalescingSectors = 7,
    /// Wavefronts and conflicts of a shared-memory access (bank conflicts).
    BankWavefronts = 8,
    /// Lane and register holding element (r, c) of a fragment (tensor cores).
    FragmentOwner = 9,
    /// The W8A8 GEMV's launch numbers for K, N (tensor cores).
    W8a8Launch = 10,
    /// Ridge point and bound type of a kernel (roofline).
    RooflineRidge = 11,
    /// Time lower bound of a kernel on A100 and on H100 (roofline).
    RooflineTime = 12,
    /// Tiled-GEMM intensity from BM, BN, BK (roofline).
    TiledGemm = 13,
    /// Multiply-accumulates per cycle, adder levels and cycles of a PE array
    /// (tensor-core-generations).
    PeArrayMacs = 15,
    /// A GPU's dense Tensor Core peak from its units (tensor-core-generations).
    PeakFromUnits = 16,
    /// mma.sync instructions for one wgmma, and its accumulator registers
    /// (tensor-core-generations).
    WgmmaVsMma = 17,
    /// The thread and register of the warp group that hold D\[r\]\[c\] of a wgmma
    /// (tensor-core-generations).
    WgmmaDOwner = 18,
    /// Tensor Memory columns an M × N f32 accumulator of `tcgen05.mma` takes, and the
    /// `tcgen05.alloc` that holds it (tensor-core-generations).
    TmemColumns = 19,
    /// An element's address under a shared-memory descriptor, and the bank conflicts of its
    /// core-matrix reads with and without the swizzle (tensor-core-generations).
    DescriptorConflicts = 20,
    /// Sectors and requests of one warp's global access at a line of a kernel-lab preset (lab).
    LabSectors = 30,
    /// Wavefronts and bank conflicts of one warp's shared access at a line of a kernel-lab
    /// preset (lab).
    LabWavefronts = 31,
}

impl Kind {
    /// Every kind, in chapter order.
    pub const ALL: [Kind; 23] = [
        Kind::ChipFp32,
        Kind::ThreadIndex,
        Kind::OccupancyBlocks,
        Kind::OccupancyPercent,
        Kind::DispatchWaves,
        Kind::WarpsNeeded,
        Kind::SchedulerUtilisation,
        Kind::DivergenceMask,
        Kind::CoalescingSectors,
        Kind::BankWavefronts,
        Kind::FragmentOwner,
        Kind::W8a8Launch,
        Kind::PeArrayMacs,
        Kind::PeakFromUnits,
        Kind::WgmmaVsMma,
        Kind::WgmmaDOwner,
        Kind::TmemColumns,
        Kind::DescriptorConflicts,
        Kind::RooflineRidge,
        Kind::RooflineTime,
        Kind::TiledGemm,
        Kind::LabSectors,
        Kind::LabWavefronts,
    ];

    /// Stable id for URLs, storage and exports.
    pub fn slug(self) -> &'static str {
        match self {
            Kind::ChipFp32 => "chip-fp32",
            Kind::ThreadIndex => "thread-index",
            Kind::OccupancyBlocks => "occupancy-blocks",
            Kind::OccupancyPercent => "occupancy-percent",
            Kind::DispatchWaves => "dispatch-waves",
            Kind::WarpsNeeded => "warps-needed",
            Kind::SchedulerUtilisation => "scheduler-utilisation",
            Kind::DivergenceMask => "divergence-mask",
            Kind::CoalescingSectors => "coalescing-sectors",
            Kind::BankWavefronts => "bank-wavefronts",
            Kind::FragmentOwner => "fragment-owner",
            Kind::W8a8Launch => "w8a8-launch",
            Kind::RooflineRidge => "roofline-ridge",
            Kind::RooflineTime => "roofline-time",
            Kind::TiledGemm => "tiled-gemm",
            Kind::PeArrayMacs => "pe-array-macs",
            Kind::PeakFromUnits => "peak-from-units",
            Kind::WgmmaVsMma => "wgmma-vs-mma",
            Kind::WgmmaDOwner => "wgmma-d-owner",
            Kind::TmemColumns => "tmem-columns",
            Kind::DescriptorConflicts => "descriptor-conflicts",
            Kind::LabSectors => "lab-sectors",
            Kind::LabWavefronts => "lab-wavefronts",
        }
    }

    /// The kind with this slug.
    pub fn from_slug(slug: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.slug() == slug)
    }

    /// Slug of the chapter whose figure shows the answer.
    pub fn chapter(self) -> &'static str {
        match self {
            Kind::ChipFp32 => "chip",
            Kind::ThreadIndex => "hierarchy",
            Kind::OccupancyBlocks | Kind::OccupancyPercent => "occupancy",
            Kind::DispatchWaves => "dispatch",
            Kind::WarpsNeeded | Kind::SchedulerUtilisation => "scheduling",
            Kind::DivergenceMask => "divergence",
            Kind::CoalescingSectors => "coalescing",
            Kind::BankWavefronts => "bank-conflicts",
            Kind::FragmentOwner | Kind::W8a8Launch => "tensor-cores",
            Kind::PeArrayMacs
            | Kind::PeakFromUnits
            | Kind::WgmmaVsMma
            | Kind::WgmmaDOwner
            | Kind::TmemColumns
            | Kind::DescriptorConflicts => "tensor-core-generations",
            Kind::RooflineRidge | Kind::RooflineTime | Kind::TiledGemm => "roofline",
            Kind::LabSectors | Kind::LabWavefronts => "lab",
        }
    }

    /// The kinds of one chapter.
    pub fn of_chapter(chapter: &str) -> impl Iterator<Item = Kind> + '_ {
        Kind::ALL
            .into_iter()
            .filter(move |k| k.chapter() == chapter)
    }
}

/// A category answered by multiple choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// An occupancy limiter.
    Limiter(Limiter),
    /// A roofline bound.
    Bound(Bound),
}

/// What a field of the answer names (the UI words it and its unit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// FP32 lanes on the chip.
    Fp32Lanes,
    /// FP32 peak, TFLOP/s.
    Fp32PeakTflops,
    /// Linear thread id inside the block.
    ThreadId,
    /// Warp inside the block.
    WarpInBlock,
    /// Global x index `blockIdx.x · blockDim.x + threadIdx.x`.
    GlobalX,
    /// Resident blocks per SM.
    BlocksPerSm,
    /// The limiter.
    Limiter,
    /// Theoretical occupancy, %.
    OccupancyPercent,
    /// Waves.
    Waves,
    /// Blocks in the last wave.
    LastWaveBlocks,
    /// Warps needed ≈ L / k (per scheduler).
    WarpsNeeded,
    /// Issue utilisation, %.
    UtilisationPercent,
    /// Active mask of the `then` side (hex).
    ThenMask,
    /// Serialised paths.
    SerialisedPaths,
    /// 32-byte sectors.
    Sectors,
    /// Requests.
    Requests,
    /// Shared-memory wavefronts.
    Wavefronts,
    /// Bank conflicts (extra wavefronts).
    Conflicts,
    /// Lane.
    Lane,
    /// 32-bit register of the lane's fragment.
    Register,
    /// Blocks in the grid.
    GridBlocks,
    /// Threads per block.
    ThreadsPerBlock,
    /// MMA operations per warp.
    MmaPerWarp,
    /// Ridge point, FLOP/byte.
    RidgePoint,
    /// Bound type.
    Bound,
    /// Time lower bound on A100, µs.
    TimeA100Us,
    /// Time lower bound on H100, µs.
    TimeH100Us,
    /// Arithmetic intensity, FLOP/byte.
    Intensity,
    /// Multiply-accumulates per cycle of a PE array.
    MacsPerCycle,
    /// Adder levels of one PE's reduction tree.
    AdderLevels,
    /// Cycles for the whole K.
    PeCycles,
    /// Dense Tensor Core peak, TFLOP/s.
    TensorPeakTflops,
    /// `mma.sync.m16n8k16` instructions for the same product.
    MmaSyncCount,
    /// FP32 accumulator registers per thread.
    AccumulatorRegisters,
    /// Thread of the warp group, 0–127.
    WarpgroupThread,
    /// Tensor Memory columns an accumulator takes in each CTA.
    TmemColumns,
    /// Columns of the `tcgen05.alloc` that holds it.
    TmemAlloc,
    /// Shared-memory byte address of an element.
    ElementAddress,
    /// Bank conflicts of the worst core-matrix read as laid out.
    ConflictsAsStored,
    /// The same with the swizzle's XOR left out.
    ConflictsWithoutSwizzle,
    /// Lanes of the warp that take part in an access.
    ActiveLanes,
}

/// The expected answer of one field.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A count, exact.
    Count(u64),
    /// A 32-bit mask, exact; written in hex.
    Mask(u32),
    /// A real number within `rel_tol` of `value`.
    Real {
        /// The model's value.
        value: f64,
        /// Relative tolerance.
        rel_tol: f64,
        /// Whether the whole numbers either side of `value`, and anything between them, are
        /// right too (a count estimated by a rule of thumb: "about L / k warps" = 22.26 accepts
        /// 22, 22.5 and 23).
        whole: bool,
    },
    /// One of `options` (in the order the seed fixed); any index in `correct` is right (two
    /// limiters can tie).
    Choice {
        /// The options, in display order.
        options: Vec<Category>,
        /// Indices of the right options.
        correct: Vec<usize>,
    },
}

/// One field of a question: what it names, its answer, and wrong values that a known mistake
/// produces (only values different from the answer).
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// What the field names.
    pub field: Field,
    /// The expected answer.
    pub answer: Answer,
    /// `(mistake, the value it gives)`.
    pub mistakes: Vec<(Mistake, f64)>,
}

/// What a worked-solution step computes (the UI words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepLabel {
    /// FP32 lanes = SMs × lanes per SM.
    Fp32Lanes,
    /// FP32 peak = lanes × 2 FLOP × clock.
    Fp32Peak,
    /// tid = x + y · blockDim.x.
    ThreadId,
    /// warp = tid / 32, lane = tid % 32.
    WarpLane,
    /// global x = blockIdx.x · blockDim.x + threadIdx.x.
    GlobalX,
    /// Warps per block.
    WarpsPerBlock,
    /// Registers per warp, rounded to the allocation unit.
    RegistersPerWarp,
    /// Blocks allowed by registers.
    LimitRegisters,
    /// Blocks allowed by warp slots.
    LimitWarps,
    /// Shared memory per block with the reserve, rounded.
    SharedPerBlock,
    /// Blocks allowed by shared memory.
    LimitShared,
    /// Blocks allowed by block slots.
    LimitBlocks,
    /// Resident blocks = the minimum.
    BlocksPerSm,
    /// Occupancy = warps / max warps.
    Occupancy,
    /// One full wave = blocks per SM × SMs.
    FullWave,
    /// Waves = ceil(grid / full wave).
    Waves,
    /// Last wave = grid − (waves − 1) × full wave.
    LastWave,
    /// Warps needed ≈ L / k.
    WarpsNeeded,
    /// Instructions per iteration and cycles of one warp alone.
    Iteration,
    /// Warps per scheduler.
    WarpsPerScheduler,
    /// Utilisation = Σ min(1, w·I/T1) / 4.
    Utilisation,
    /// Launch mask of the warp.
    LaunchMask,
    /// Lanes where the condition holds.
    Condition,
    /// Then-side mask = launch mask AND condition.
    ThenMask,
    /// Paths run one after the other.
    Serialised,
    /// Only the then side has instructions: one path under a partial mask when it diverges.
    SerialisedThenOnly,
    /// Byte address of each lane.
    Addresses,
    /// Distinct 32-byte sectors.
    Sectors,
    /// Distinct 128-byte lines.
    Lines,
    /// Requests.
    Requests,
    /// Banks of the lanes.
    Banks,
    /// Phases the warp is split into.
    Phases,
    /// Wavefronts.
    Wavefronts,
    /// Conflicts = wavefronts − ideal.
    Conflicts,
    /// The fragment slot x[i] of the lane.
    Slot,
    /// Register = i / elements per register.
    Register,
    /// Grid blocks = N / 16.
    GridBlocks,
    /// Threads = warps × 32.
    Threads,
    /// K per warp and MMAs per warp.
    MmaPerWarp,
    /// Intensity = FLOPs / bytes.
    Intensity,
    /// Ridge = peak / bandwidth.
    Ridge,
    /// Bound: compare intensity and ridge.
    Bound,
    /// Time = max(FLOPs / peak, bytes / BW) on A100.
    TimeA100,
    /// Same on H100.
    TimeH100,
    /// Tiled GEMM bytes.
    TiledBytes,
    /// MACs per cycle = n × n × k.
    PeMacs,
    /// Adder levels = log2 k.
    PeAdderLevels,
    /// Cycles = K / k.
    PeCycles,
    /// FLOP per clock per SM = Tensor Cores × FMA × 2.
    TensorFlopsPerClk,
    /// Peak = FLOP/clk/SM × SMs × clock.
    TensorPeak,
    /// (64 / 16) × (N / 8) mma.sync.
    MmaEquivalent,
    /// 64 × N / 128 accumulators per thread.
    AccumulatorRegisters,
    /// warp = row / 16, lane from the row and column inside the band.
    WarpAndLane,
    /// thread = 32 × warp + lane.
    WarpgroupThread,
    /// Fragment index i from the row and column.
    FragmentIndex,
    /// The data-path layout and the columns it takes in each CTA.
    TmemLayout,
    /// The smallest power of two ≥ max(32, columns).
    TmemAlloc,
    /// The element's offset before the swizzle, from LBO and SBO.
    LogicalOffset,
    /// The swizzle's XOR applied to the address.
    SwizzleXor,
    /// The first banks of a core matrix's 8 rows, and the wavefronts.
    CoreMatrixBanks,
}

/// One line of a worked solution: what it computes and the arithmetic with this question's
/// numbers (language-free, e.g. `⌈1000 / 216⌉ = 5`).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// What the step computes.
    pub label: StepLabel,
    /// The arithmetic.
    pub math: String,
}

/// One generated question.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// Its kind.
    pub kind: Kind,
    /// Its seed: `(kind, seed)` gives the same question every time.
    pub seed: u64,
    /// The drawn parameters.
    pub params: Params,
    /// The fields to answer, in order.
    pub parts: Vec<Part>,
    /// The worked solution.
    pub steps: Vec<Step>,
}

impl Question {
    /// The parameters as `key=value` pairs, language-free (for exports and worksheets).
    pub fn params_text(&self) -> String {
        self.params
            .pairs()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The answer of every part as text: counts in decimal, masks in hex, reals to 4
    /// significant digits, choices by their option index (for exports and answer keys).
    pub fn answer_text(&self) -> Vec<String> {
        self.parts.iter().map(|p| p.answer.text()).collect()
    }

    /// The kernel listing the question runs (divergence), one string per line.
    pub fn listing(&self) -> Option<Vec<String>> {
        self.params.listing()
    }
}

/// Why no question came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuizError {
    /// No valid draw within [`MAX_DRAWS`] tries (never seen over the tested seeds).
    NoValidDraw(Kind),
}

impl std::fmt::Display for QuizError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QuizError::NoValidDraw(k) => write!(f, "no valid draw for {}", k.slug()),
        }
    }
}

/// The question of `kind` for `seed`. Deterministic; never panics.
pub fn generate(kind: Kind, seed: u64) -> Result<Question, QuizError> {
    // Mix the kind into the stream so two kinds with one seed draw differently.
    let mut rng = SplitMix64::new(seed ^ (kind as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    for _ in 0..MAX_DRAWS {
        if let Some((params, parts, steps)) = draw::draw(kind, &mut rng) {
            return Ok(Question {
                kind,
                seed,
                params,
                parts,
                steps,
            });
        }
    }
    Err(QuizError::NoValidDraw(kind))
}

/// A seed of `kind` whose question is not the one `current` gives (its parameters differ), so
/// "another like this" never shows the same question again. Tries the seeds
/// `SplitMix64::nth(salt, i) & MAX_SEED` for `i = 0, 1, …` and returns the first that differs;
/// after 256 tries (never reached in the tests: every kind has thousands of questions) the
/// last one tried.
pub fn another_seed(kind: Kind, current: u64, salt: u64) -> u64 {
    let now = generate(kind, current).ok().map(|q| q.params);
    let mut seed = current;
    for i in 0..256 {
        seed = SplitMix64::nth(salt, i) & MAX_SEED;
        if seed == current {
            continue;
        }
        let next = generate(kind, seed).ok().map(|q| q.params);
        if next.is_some() && next != now {
            return seed;
        }
    }
    seed
}

/// Shuffles `items` in place with the seeded generator (Fisher–Yates).
fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}
