//! The little kernel language of the SIMT model: branch conditions, per-lane trip counts,
//! statements, and the warp's input (which warp of which block, its lane data).
//!
//! [`Stmt`] is one statement; [`Cond`] and [`TripCount`] are evaluated per lane against a
//! [`WarpInput`]. Seeded lane data comes from [`crate::model::rng`].

use super::*;
use crate::model::rng::SplitMix64;

/// Which side of an `if`/`else` the warp runs first when it diverges. On the H200 this was the
/// compiler's choice (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BranchOrder {
    /// The `then` block first, as written.
    ThenFirst,
    /// The `else` block first (what the H200 build did for most simple branches).
    ElseFirst,
}

/// A branch condition over the thread's ids. `lane = threadIdx.x % 32`,
/// `i = blockIdx.x * blockDim.x + threadIdx.x`. A zero divisor or modulus makes the condition
/// false instead of panicking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cond {
    /// `(threadIdx.x / divisor) % modulus == residue`. `{1, 2, 0}` is the course's odd/even
    /// branch; `{32, 2, 0}` its warp-aligned twin (uniform in every warp).
    TidDivMod {
        /// Divides `threadIdx.x` first (1: no division).
        divisor: u32,
        /// Modulus after the division.
        modulus: u32,
        /// Value the remainder is compared with.
        residue: u32,
    },
    /// `(lane / divisor) % modulus == residue`.
    LaneDivMod {
        /// Divides the lane id first (1: no division).
        divisor: u32,
        /// Modulus after the division.
        modulus: u32,
        /// Value the remainder is compared with.
        residue: u32,
    },
    /// `lane < bound`.
    LaneBelow(u32),
    /// `lane >= bound`.
    LaneAtLeast(u32),
    /// Boundary check `i < n`, with `n` = [`WarpInput::n`].
    InBounds,
    /// `data[i] != 0` over the array of [`WarpInput::data`].
    DataNonZero,
}

/// Per-lane trip count of a loop `for (int t = 0; t < trips; ++t)`. Clamped to [`MAX_TRIPS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TripCount {
    /// The same count for every lane (no divergence).
    Constant(u32),
    /// `lane % m + 1` (`m = 0` gives 0 trips).
    LaneModPlusOne(u32),
    /// `lane`: lane 0 skips the loop, lane 31 runs 31 times.
    Lane,
    /// `trips[i]` from [`WarpInput::data`].
    Data,
}

/// One statement of a [`Program`]. Each statement occupies listing lines (see
/// [`Program::listing`]); plain lines, `if` headers, loop headers and `return` each issue one
/// instruction when some lane is active.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stmt {
    /// One instruction line, e.g. `a = f(x);`.
    Op(String),
    /// `if (cond) { then_body } else { else_body }`; no `else` line when `else_body` is empty.
    If {
        /// The branch condition.
        cond: Cond,
        /// Statements of the `then` block.
        then_body: Vec<Stmt>,
        /// Statements of the `else` block (may be empty).
        else_body: Vec<Stmt>,
        /// Which side runs first when the warp diverges.
        first: BranchOrder,
    },
    /// `for (int t = 0; t < trips; ++t) { body }`.
    Loop {
        /// Per-lane trip count.
        trips: TripCount,
        /// Unroll factor the compiler applied (1 = `#pragma unroll 1`, the naive picture). With
        /// `u > 1` the warp first runs blocks of `u` body copies under the mask of lanes with at
        /// least `u` trips left, then a remainder loop of up to `u - 1` passes; this reproduces
        /// the masks the H200 showed for `nvcc -O3` with `u = 4`. Clamped to 1..=32.
        unroll: u32,
        /// Statements of the loop body.
        body: Vec<Stmt>,
    },
    /// `return;`: the active lanes leave the kernel for good.
    Return,
}

/// Where the per-lane data of [`Cond::DataNonZero`] and [`TripCount::Data`] come from.
#[allow(clippy::large_enum_variant)] // 256 bytes of plain data; boxing would lose `Copy`
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LaneData {
    /// A deterministic pseudo-random array keyed on the global thread index `i`: `data[i]` is 0
    /// or 1, `trips[i]` is in `0..=DATA_MAX_TRIPS`. Same seed, same data.
    Seeded(u64),
    /// Explicit per-lane values of this warp (e.g. the arrays of the H200 probe).
    Explicit {
        /// `data[i]` of lane 0..32.
        data: [u32; 32],
        /// `trips[i]` of lane 0..32.
        trips: [u32; 32],
    },
}

/// Which warp runs, and the kernel's parameters. Plain data: sliders write these fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarpInput {
    /// `blockDim.x`; sets the launch mask of the last, partial warp.
    pub threads_per_block: u32,
    /// `blockIdx.x` (used by `i`).
    pub block_index: u32,
    /// Warp of the block to run (`threadIdx.x / 32`).
    pub warp_index: u32,
    /// The bound `n` of [`Cond::InBounds`].
    pub n: u32,
    /// Data of the data-dependent conditions and trip counts.
    pub data: LaneData,
    /// Forces the order of every divergent branch; `None` keeps each branch's own order.
    pub order_override: Option<BranchOrder>,
}

impl Default for WarpInput {
    /// Warp 0 of a 32-thread block 0, `n = u32::MAX`, seeded data.
    fn default() -> Self {
        WarpInput {
            threads_per_block: WARP_SIZE,
            block_index: 0,
            warp_index: 0,
            n: u32::MAX,
            data: LaneData::Seeded(DEFAULT_SEED),
            order_override: None,
        }
    }
}

impl WarpInput {
    /// `threadIdx.x` of `lane`.
    fn tid(&self, lane: u32) -> u64 {
        u64::from(self.warp_index) * u64::from(WARP_SIZE) + u64::from(lane)
    }

    /// Global index `i = blockIdx.x * blockDim.x + threadIdx.x` of `lane` (u64: no overflow).
    pub fn global_index(&self, lane: u32) -> u64 {
        u64::from(self.block_index) * u64::from(self.threads_per_block) + self.tid(lane)
    }

    /// `data[i]` of `lane`.
    pub fn data_value(&self, lane: u32) -> u32 {
        match self.data {
            LaneData::Seeded(seed) => (mix(seed, self.global_index(lane)) & 1) as u32,
            LaneData::Explicit { data, .. } => data.get(lane as usize).copied().unwrap_or(0),
        }
    }

    /// `trips[i]` of `lane`.
    pub fn data_trips(&self, lane: u32) -> u32 {
        match self.data {
            LaneData::Seeded(seed) => {
                let r = mix(seed ^ 0x7472_6970_7321, self.global_index(lane)) >> 32;
                (r % u64::from(DATA_MAX_TRIPS + 1)) as u32
            }
            LaneData::Explicit { trips, .. } => trips.get(lane as usize).copied().unwrap_or(0),
        }
    }
}

/// SplitMix64 of `seed` and `index`: the deterministic hash behind [`LaneData::Seeded`].
fn mix(seed: u64, index: u64) -> u64 {
    SplitMix64::nth(seed, index)
}

fn div_mod_eq(value: u64, divisor: u32, modulus: u32, residue: u32) -> bool {
    value
        .checked_div(u64::from(divisor))
        .and_then(|q| q.checked_rem(u64::from(modulus)))
        .is_some_and(|r| r == u64::from(residue))
}

impl Cond {
    /// The condition as pseudo-CUDA source, e.g. `threadIdx.x % 2 == 0`.
    pub fn source(&self) -> String {
        fn div_mod(name: &str, divisor: u32, modulus: u32, residue: u32) -> String {
            if divisor == 1 {
                format!("{name} % {modulus} == {residue}")
            } else {
                format!("({name} / {divisor}) % {modulus} == {residue}")
            }
        }
        match *self {
            Cond::TidDivMod {
                divisor,
                modulus,
                residue,
            } => div_mod("threadIdx.x", divisor, modulus, residue),
            Cond::LaneDivMod {
                divisor,
                modulus,
                residue,
            } => div_mod("lane", divisor, modulus, residue),
            Cond::LaneBelow(bound) => format!("lane < {bound}"),
            Cond::LaneAtLeast(bound) => format!("lane >= {bound}"),
            Cond::InBounds => "i < n".to_string(),
            Cond::DataNonZero => "data[i] != 0".to_string(),
        }
    }

    /// Value of the condition for `lane` of the warp described by `input`.
    pub fn eval(&self, input: &WarpInput, lane: u32) -> bool {
        match *self {
            Cond::TidDivMod {
                divisor,
                modulus,
                residue,
            } => div_mod_eq(input.tid(lane), divisor, modulus, residue),
            Cond::LaneDivMod {
                divisor,
                modulus,
                residue,
            } => div_mod_eq(u64::from(lane), divisor, modulus, residue),
            Cond::LaneBelow(bound) => lane < bound,
            Cond::LaneAtLeast(bound) => lane >= bound,
            Cond::InBounds => input.global_index(lane) < u64::from(input.n),
            Cond::DataNonZero => input.data_value(lane) != 0,
        }
    }
}

impl TripCount {
    /// The trip count as pseudo-CUDA source, e.g. `lane % 5 + 1`.
    pub fn source(&self) -> String {
        match *self {
            TripCount::Constant(n) => n.to_string(),
            TripCount::LaneModPlusOne(m) => format!("lane % {m} + 1"),
            TripCount::Lane => "lane".to_string(),
            TripCount::Data => "trips[i]".to_string(),
        }
    }

    /// Trips of `lane`, clamped to [`MAX_TRIPS`].
    pub fn eval(&self, input: &WarpInput, lane: u32) -> u32 {
        let trips = match *self {
            TripCount::Constant(n) => n,
            TripCount::LaneModPlusOne(m) => lane.checked_rem(m).map_or(0, |r| r + 1),
            TripCount::Lane => lane,
            TripCount::Data => input.data_trips(lane),
        };
        trips.min(MAX_TRIPS)
    }
}
