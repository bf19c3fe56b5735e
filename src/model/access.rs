//! Warp access patterns: which byte address each of a warp's 32 lanes touches.
//!
//! Shared by the coalescing chapter ([`crate::model::coalescing`]) and the bank-conflict chapter
//! ([`crate::model::bank_conflicts`]). A pattern maps a lane id to an **element index**; the byte
//! address of lane `l` is
//!
//! ```text
//! address(l) = base_address + offset_bytes + element_index(l) · elem_bytes
//! ```
//!
//! so the offset is in **bytes** (it can misalign an access on purpose) while strides and indices
//! are in **elements**. [`AccessPattern`] holds a [`Pattern`] plus those parameters; [`Preset`]s
//! give the chapters' named examples a stable URL id. For a user formula, [`addresses_from_fn`]
//! accepts any `Fn(u32) -> Option<i64>` element-index function (`None` = inactive lane); a
//! formula parser can plug in there later.
//!
//! All arithmetic is done in `i128`, so no input can overflow; an address below zero or beyond the
//! address space is an [`AccessError`]. Sources for the preset counts: spec `hw-model.md` §4 and
//! §5 (PG "Global Memory", PG "Shared Memory" 5.x and later, BPG "Coalesced Access to Global
//! Memory"), and ncu counters measured on an H200 (`tests/fixtures/*_h200.json`).
//!
//! Length: global and shared memory share the lane and address machinery (one warp's addresses →
//! requests, sectors, wavefronts), so both spaces live in one module.

use std::fmt;

use crate::model::rng::SplitMix64;
use serde::{Deserialize, Serialize};

use crate::model::bank_conflicts::SmemAccess;
use crate::model::coalescing::WarpAccess;
use crate::model::WARP_SIZE;

/// Per-lane access widths a single load instruction can have, in bytes (8-bit up to 128-bit).
pub const SUPPORTED_WIDTHS_BYTES: [u32; 5] = [1, 2, 4, 8, 16];

/// Mask with every lane active.
pub const FULL_MASK: u32 = u32::MAX;

/// Why a warp access cannot be modelled. Shared by [`crate::model::coalescing`] and
/// [`crate::model::bank_conflicts`] (both re-export it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessError {
    /// The per-lane width is not one of [`SUPPORTED_WIDTHS_BYTES`].
    UnsupportedWidth {
        /// The width that was asked for.
        bytes_per_lane: u32,
    },
    /// A lane's address is not a multiple of its width (the hardware raises a
    /// misaligned-address error; PG "Device Memory Accesses": accesses must be naturally aligned).
    Misaligned {
        /// Lane id, 0..32.
        lane: u32,
        /// The offending byte address.
        address: u64,
        /// The access width.
        bytes_per_lane: u32,
    },
    /// A lane's address (or its last byte) lies beyond the address space: 2^64 bytes for global
    /// memory, 2^32 bytes for shared-memory offsets.
    AddressOverflow {
        /// Lane id, 0..32.
        lane: u32,
    },
    /// A pattern or formula put a lane's byte address below zero.
    NegativeAddress {
        /// Lane id, 0..32.
        lane: u32,
        /// The computed byte address (negative).
        address: i128,
    },
}

impl fmt::Display for AccessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AccessError::UnsupportedWidth { bytes_per_lane } => write!(
                f,
                "a lane can load 1, 2, 4, 8 or 16 bytes, not {bytes_per_lane}"
            ),
            AccessError::Misaligned {
                lane,
                address,
                bytes_per_lane,
            } => write!(
                f,
                "lane {lane}: address {address} is not a multiple of {bytes_per_lane} bytes"
            ),
            AccessError::AddressOverflow { lane } => {
                write!(f, "lane {lane}: address is beyond the address space")
            }
            AccessError::NegativeAddress { lane, address } => {
                write!(f, "lane {lane}: address {address} is negative")
            }
        }
    }
}

impl std::error::Error for AccessError {}

/// `Ok` when `bytes_per_lane` is 1, 2, 4, 8 or 16.
pub fn check_width(bytes_per_lane: u32) -> Result<(), AccessError> {
    if SUPPORTED_WIDTHS_BYTES.contains(&bytes_per_lane) {
        Ok(())
    } else {
        Err(AccessError::UnsupportedWidth { bytes_per_lane })
    }
}

/// Checks one lane's access `[address, address + bytes_per_lane)`: aligned to its width, and
/// its last byte at most `max_address`. `bytes_per_lane` must already be a supported width.
pub fn check_lane(
    lane: u32,
    address: u64,
    bytes_per_lane: u32,
    max_address: u64,
) -> Result<(), AccessError> {
    let width = u64::from(bytes_per_lane.max(1));
    if !address.is_multiple_of(width) {
        return Err(AccessError::Misaligned {
            lane,
            address,
            bytes_per_lane,
        });
    }
    match address.checked_add(width - 1) {
        Some(last) if last <= max_address => Ok(()),
        _ => Err(AccessError::AddressOverflow { lane }),
    }
}

/// Bit mask with lanes `0..n` active (`i < n` boundary check in the last warp); `n ≥ 32` gives
/// the full mask.
pub fn first_lanes_mask(n: u32) -> u32 {
    if n >= WARP_SIZE {
        FULL_MASK
    } else {
        (1u32 << n) - 1
    }
}

/// Byte address of every lane from an element-index function: `base_address + offset_bytes +
/// index_of_lane(lane) · elem_bytes`, `None` for lanes where the function returns `None`.
///
/// This is the plug-in point for user formulas. Errors: [`AccessError::UnsupportedWidth`] for a
/// width other than 1, 2, 4, 8, 16; [`AccessError::NegativeAddress`] and
/// [`AccessError::AddressOverflow`] (beyond `u64`) per lane. Alignment is not checked here (a
/// misaligned pattern is something to show); [`crate::model::coalescing::coalesce`] reports it.
///
/// ```
/// use warpscope::model::access::addresses_from_fn;
/// let addrs = addresses_from_fn(4096, 0, 4, |lane| Some(i64::from(lane) * 2)).expect("valid test input");
/// assert_eq!(addrs[3], Some(4096 + 24));
/// ```
pub fn addresses_from_fn(
    base_address: u64,
    offset_bytes: i64,
    elem_bytes: u32,
    index_of_lane: impl Fn(u32) -> Option<i64>,
) -> Result<[Option<u64>; 32], AccessError> {
    addresses_wide(base_address, offset_bytes, elem_bytes, u64::MAX, |lane| {
        index_of_lane(lane).map(i128::from)
    })
}

/// [`addresses_from_fn`] packaged as a global-memory [`WarpAccess`] of width `elem_bytes`.
pub fn warp_access_from_fn(
    base_address: u64,
    offset_bytes: i64,
    elem_bytes: u32,
    index_of_lane: impl Fn(u32) -> Option<i64>,
) -> Result<WarpAccess, AccessError> {
    Ok(WarpAccess {
        addresses: addresses_from_fn(base_address, offset_bytes, elem_bytes, index_of_lane)?,
        bytes_per_lane: elem_bytes,
    })
}

/// Like [`warp_access_from_fn`] for shared memory: byte offsets must fit in `u32`
/// ([`AccessError::AddressOverflow`] otherwise).
pub fn smem_access_from_fn(
    base_address: u32,
    offset_bytes: i64,
    elem_bytes: u32,
    index_of_lane: impl Fn(u32) -> Option<i64>,
) -> Result<SmemAccess, AccessError> {
    let wide = addresses_wide(
        u64::from(base_address),
        offset_bytes,
        elem_bytes,
        u64::from(u32::MAX),
        |lane| index_of_lane(lane).map(i128::from),
    )?;
    Ok(SmemAccess {
        addresses: narrow_to_u32(&wide)?,
        bytes_per_lane: elem_bytes,
    })
}

/// The shared core: addresses in `i128`, checked against `[0, max_address]`.
fn addresses_wide(
    base_address: u64,
    offset_bytes: i64,
    elem_bytes: u32,
    max_address: u64,
    index_of_lane: impl Fn(u32) -> Option<i128>,
) -> Result<[Option<u64>; 32], AccessError> {
    check_width(elem_bytes)?;
    let mut out = [None; 32];
    for (lane, slot) in (0..WARP_SIZE).zip(out.iter_mut()) {
        let Some(index) = index_of_lane(lane) else {
            continue;
        };
        // 64-bit inputs cannot overflow i128 here; checked anyway, for any future caller.
        let address = index
            .checked_mul(i128::from(elem_bytes))
            .and_then(|b| b.checked_add(i128::from(base_address)))
            .and_then(|b| b.checked_add(i128::from(offset_bytes)))
            .ok_or(AccessError::AddressOverflow { lane })?;
        if address < 0 {
            return Err(AccessError::NegativeAddress { lane, address });
        }
        let address = u64::try_from(address).map_err(|_| AccessError::AddressOverflow { lane })?;
        if address > max_address {
            return Err(AccessError::AddressOverflow { lane });
        }
        *slot = Some(address);
    }
    Ok(out)
}

fn narrow_to_u32(wide: &[Option<u64>; 32]) -> Result<[Option<u32>; 32], AccessError> {
    let mut out = [None; 32];
    for ((lane, a), slot) in (0..WARP_SIZE).zip(wide.iter()).zip(out.iter_mut()) {
        if let Some(a) = a {
            *slot = Some(u32::try_from(*a).map_err(|_| AccessError::AddressOverflow { lane })?);
        }
    }
    Ok(out)
}

/// How a lane id becomes an element index. All strides and indices are in elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pattern {
    /// `index = lane · stride_elems`. Stride 1 is unit stride, 0 a broadcast, negative a
    /// reversed order (then use `offset_bytes` to stay non-negative).
    Strided {
        /// Elements between neighbouring lanes.
        stride_elems: i64,
    },
    /// Lane `l` reads `M[row][l]` of a row-major matrix with `row_pitch_elems` elements per row:
    /// `index = row · row_pitch_elems + l`.
    MatrixRow {
        /// Row read by the warp.
        row: u32,
        /// Elements per row (the leading dimension, including any padding).
        row_pitch_elems: u32,
    },
    /// Lane `l` reads `M[l][col]` of a row-major matrix: `index = l · row_pitch_elems + col`.
    /// A `[32][32]` tile has pitch 32; the `+1` padding trick makes it 33.
    MatrixColumn {
        /// Column read by the warp.
        col: u32,
        /// Elements per row (the leading dimension, including any padding).
        row_pitch_elems: u32,
    },
    /// Array of structs: lane `l` reads field `field` of struct `l`, each struct `struct_elems`
    /// elements long: `index = l · struct_elems + field`.
    ArrayOfStructs {
        /// Elements per struct (3 for `struct { float x, y, z; }`).
        struct_elems: u32,
        /// Which field, 0-based.
        field: u32,
    },
    /// The lanes read elements `0..32` in a random order: a Fisher–Yates shuffle driven by
    /// SplitMix64 from `seed`, so the same seed always gives the same permutation.
    Permutation {
        /// Seed of the shuffle.
        seed: u64,
    },
    /// `index = (lane % modulus) · stride_elems`: groups of `modulus` lanes repeat the same
    /// addresses (lanes `l` and `l + modulus` read the same element). `modulus` 0 acts as 1.
    LaneModulo {
        /// Lanes per repeating group.
        modulus: u32,
        /// Elements between neighbouring lanes of a group.
        stride_elems: i64,
    },
    /// `index = (lane / group_lanes) · stride_elems`: each run of `group_lanes` consecutive lanes
    /// reads one element. `group_lanes` 0 acts as 1.
    LaneGroups {
        /// Consecutive lanes sharing an element.
        group_lanes: u32,
        /// Elements between neighbouring groups.
        stride_elems: i64,
    },
    /// A `[32][32]` tile stored XOR-swizzled: logical element `(r, c)` lives at column
    /// `c ^ (r % 32)` of row `r`. The warp reads logical column `col` (lane `l` reads `(l, col)`,
    /// stored at `l · 32 + (col ^ l)`), which hits 32 different banks for 4-byte elements.
    XorSwizzleColumn {
        /// Logical column read by the warp, 0..32 (taken mod 32).
        col: u32,
    },
    /// The same XOR-swizzled `[32][32]` tile read along logical row `row`: lane `l` reads
    /// `(row, l)`, stored at `row · 32 + (l ^ (row % 32))`.
    XorSwizzleRow {
        /// Logical row read by the warp.
        row: u32,
    },
}

impl Pattern {
    /// Element index of `lane` (0..32) before the active mask is applied.
    pub fn element_index(&self, lane: u32) -> i128 {
        let l = i128::from(lane);
        match *self {
            Pattern::Strided { stride_elems } => l * i128::from(stride_elems),
            Pattern::MatrixRow {
                row,
                row_pitch_elems,
            } => i128::from(row) * i128::from(row_pitch_elems) + l,
            Pattern::MatrixColumn {
                col,
                row_pitch_elems,
            } => l * i128::from(row_pitch_elems) + i128::from(col),
            Pattern::ArrayOfStructs {
                struct_elems,
                field,
            } => l * i128::from(struct_elems) + i128::from(field),
            Pattern::Permutation { seed } => {
                let perm = permutation_32(seed);
                perm.get(lane as usize).map_or(l, |&p| i128::from(p))
            }
            Pattern::LaneModulo {
                modulus,
                stride_elems,
            } => i128::from(lane % modulus.max(1)) * i128::from(stride_elems),
            Pattern::LaneGroups {
                group_lanes,
                stride_elems,
            } => i128::from(lane / group_lanes.max(1)) * i128::from(stride_elems),
            Pattern::XorSwizzleColumn { col } => {
                l * 32 + i128::from((col % WARP_SIZE) ^ (lane % WARP_SIZE))
            }
            Pattern::XorSwizzleRow { row } => {
                i128::from(row) * 32 + i128::from((lane % WARP_SIZE) ^ (row % WARP_SIZE))
            }
        }
    }
}

/// A permutation of `0..32` from a seed: Fisher–Yates with SplitMix64 (Steele, Lea, Flood 2014).
/// Deterministic on every platform.
pub fn permutation_32(seed: u64) -> [u32; 32] {
    let mut perm: [u32; 32] = std::array::from_fn(|i| i as u32);
    let mut rng = SplitMix64::new(seed);
    for i in (1..perm.len()).rev() {
        // Modulo bias is irrelevant here: we need determinism, not uniformity (and `% (i + 1)`
        // keeps the permutations the site has always shown for a given seed).
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        perm.swap(i, j);
    }
    perm
}

/// A pattern plus everything needed to turn it into 32 byte addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AccessPattern {
    /// Lane id → element index.
    pub pattern: Pattern,
    /// Bytes per element and per lane: 1, 2, 4, 8 or 16 (`float` 4, `float2` 8, `float4` 16).
    pub elem_bytes: u32,
    /// Added to every address, in bytes (may misalign the access on purpose).
    pub offset_bytes: i64,
    /// Byte address of element 0. For global memory, think of a `cudaMalloc` base (at least
    /// 256-byte aligned); presets use 0 so that sector and line numbers read small.
    pub base_address: u64,
    /// Bit `l` set = lane `l` active (e.g. [`first_lanes_mask`] for an `i < n` guard).
    pub active_mask: u32,
}

impl AccessPattern {
    /// A full-warp pattern with zero base and offset.
    pub fn new(pattern: Pattern, elem_bytes: u32) -> Self {
        AccessPattern {
            pattern,
            elem_bytes,
            offset_bytes: 0,
            base_address: 0,
            active_mask: FULL_MASK,
        }
    }

    /// Element index of `lane`, or `None` when the lane is inactive or `lane ≥ 32`.
    pub fn element_index(&self, lane: u32) -> Option<i128> {
        if lane >= WARP_SIZE || self.active_mask & (1 << lane) == 0 {
            None
        } else {
            Some(self.pattern.element_index(lane))
        }
    }

    /// Byte address of every lane in the 64-bit global address space.
    pub fn global_addresses(&self) -> Result<[Option<u64>; 32], AccessError> {
        addresses_wide(
            self.base_address,
            self.offset_bytes,
            self.elem_bytes,
            u64::MAX,
            |lane| self.element_index(lane),
        )
    }

    /// The pattern as a global-memory load.
    pub fn warp_access(&self) -> Result<WarpAccess, AccessError> {
        Ok(WarpAccess {
            addresses: self.global_addresses()?,
            bytes_per_lane: self.elem_bytes,
        })
    }

    /// The pattern as a shared-memory load; addresses are byte offsets that must fit in `u32`.
    pub fn smem_access(&self) -> Result<SmemAccess, AccessError> {
        let wide = addresses_wide(
            self.base_address,
            self.offset_bytes,
            self.elem_bytes,
            u64::from(u32::MAX),
            |lane| self.element_index(lane),
        )?;
        Ok(SmemAccess {
            addresses: narrow_to_u32(&wide)?,
            bytes_per_lane: self.elem_bytes,
        })
    }
}

/// A named example for a chapter. `id` is stable: it is what URLs store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Preset {
    /// Stable URL id, kebab-case, unique within its list.
    pub id: &'static str,
    /// Short English title for a menu.
    pub title: &'static str,
    /// One or two English sentences: the pattern and what it costs.
    pub description: &'static str,
    /// The pattern and its parameters.
    pub access: AccessPattern,
}

const fn preset(
    id: &'static str,
    title: &'static str,
    description: &'static str,
    pattern: Pattern,
    elem_bytes: u32,
) -> Preset {
    Preset {
        id,
        title,
        description,
        access: AccessPattern {
            pattern,
            elem_bytes,
            offset_bytes: 0,
            base_address: 0,
            active_mask: FULL_MASK,
        },
    }
}

const fn strided(stride_elems: i64) -> Pattern {
    Pattern::Strided { stride_elems }
}

/// Elements per row of the row-major `float` matrix of the row/column presets (4 KiB rows).
pub const MATRIX_PITCH_ELEMS: u32 = 1024;

/// Active lanes of the `boundary-check` preset: the last warp of an `i < n` kernel where
/// `n % 32 = 20`.
pub const BOUNDARY_ACTIVE_LANES: u32 = 20;

/// Global-memory presets of the coalescing chapter (spec §4, measured on H200).
pub const COALESCING_PRESETS: &[Preset] = &[
    preset(
        "unit-stride",
        "Unit stride",
        "Lane i reads float i: 128 contiguous, aligned bytes = 4 sectors, 100 % efficiency.",
        strided(1),
        4,
    ),
    preset(
        "course-scattered",
        "Scattered (one sector per lane)",
        "The course's scattered case: every lane lands in its own 32-byte sector (here 128 bytes \
         apart), so 32 sectors = 1024 bytes move for 128 useful bytes, 1/8 efficiency. Counting \
         whole 128-byte lines, the legacy view, would say 1/32.",
        strided(32),
        4,
    ),
    Preset {
        id: "misaligned-4b",
        title: "Unit stride, misaligned by 4 B",
        description: "The same 128 bytes shifted by one float: they straddle a sector (and line) \
                      boundary, so 5 sectors move, 80 % efficiency.",
        access: AccessPattern {
            pattern: strided(1),
            elem_bytes: 4,
            offset_bytes: 4,
            base_address: 0,
            active_mask: FULL_MASK,
        },
    },
    preset(
        "stride-2",
        "Stride 2",
        "Lane i reads float 2i: every other float, 8 sectors, 50 % efficiency.",
        strided(2),
        4,
    ),
    preset(
        "stride-8",
        "Stride 8",
        "Lane i reads float 8i: 32 bytes apart, one sector per lane, 32 sectors, 12.5 %.",
        strided(8),
        4,
    ),
    preset(
        "stride-32",
        "Stride 32",
        "Lane i reads float 32i: 128 bytes apart, one sector and one line per lane, 32 sectors, \
         12.5 %.",
        strided(32),
        4,
    ),
    preset(
        "broadcast",
        "Broadcast",
        "Every lane reads the same float: one sector serves the whole warp.",
        strided(0),
        4,
    ),
    preset(
        "float2-unit",
        "float2, unit stride",
        "Lane i reads 8 bytes at 8i: 256 contiguous bytes = 8 sectors, 100 %.",
        strided(1),
        8,
    ),
    preset(
        "float4-unit",
        "float4, unit stride",
        "Lane i reads 16 bytes at 16i: 512 contiguous bytes = 16 sectors, 100 %.",
        strided(1),
        16,
    ),
    preset(
        "aos-xyz",
        "Array of structs (x of xyz)",
        "struct { float x, y, z; } p[]; lane i reads p[i].x: 12 bytes apart, 12 sectors for 128 \
         useful bytes, 33 %.",
        Pattern::ArrayOfStructs {
            struct_elems: 3,
            field: 0,
        },
        4,
    ),
    preset(
        "soa-x",
        "Struct of arrays (x[])",
        "struct { float x[N], y[N], z[N]; }; lane i reads x[i]: unit stride again, 4 sectors, 100 %.",
        strided(1),
        4,
    ),
    preset(
        "matrix-row",
        "Row of a row-major matrix",
        "Lane i reads M[5][i] of a 1024-column float matrix: contiguous, 4 sectors.",
        Pattern::MatrixRow {
            row: 5,
            row_pitch_elems: MATRIX_PITCH_ELEMS,
        },
        4,
    ),
    preset(
        "matrix-column",
        "Column of a row-major matrix",
        "Lane i reads M[i][3] of a 1024-column float matrix: 4 KiB apart, 32 sectors, 12.5 %.",
        Pattern::MatrixColumn {
            col: 3,
            row_pitch_elems: MATRIX_PITCH_ELEMS,
        },
        4,
    ),
    Preset {
        id: "boundary-check",
        title: "Boundary check (i < n)",
        description: "The last warp of a launch with n % 32 = 20: lanes 20-31 fail i < n and stay \
                      inactive. 80 bytes in 3 sectors, 83 %.",
        access: AccessPattern {
            pattern: strided(1),
            elem_bytes: 4,
            offset_bytes: 0,
            base_address: 0,
            active_mask: (1 << BOUNDARY_ACTIVE_LANES) - 1,
        },
    },
    preset(
        "random-permutation",
        "Random permutation",
        "Each lane reads a different float of the same 128 bytes in shuffled order: still 4 \
         sectors, 100 %. Order inside a warp does not matter.",
        Pattern::Permutation { seed: 2024 },
        4,
    ),
];

/// Shared-memory presets of the bank-conflict chapter (spec §5, measured on H200).
pub const BANK_PRESETS: &[Preset] = &[
    preset(
        "stride-1",
        "Stride 1",
        "Lane i reads word i: 32 different banks, 1 wavefront.",
        strided(1),
        4,
    ),
    preset(
        "stride-2",
        "Stride 2",
        "Lane i reads word 2i: lanes i and i+16 share a bank, 2 wavefronts (2-way conflict).",
        strided(2),
        4,
    ),
    preset(
        "stride-16",
        "Stride 16",
        "Lane i reads word 16i: only banks 0 and 16 are used, 16 wavefronts.",
        strided(16),
        4,
    ),
    preset(
        "stride-32",
        "Stride 32",
        "Lane i reads word 32i: every lane hits bank 0, 32 wavefronts.",
        strided(32),
        4,
    ),
    preset(
        "stride-33",
        "Stride 33",
        "Lane i reads word 33i: an odd stride visits all 32 banks, 1 wavefront.",
        strided(33),
        4,
    ),
    preset(
        "broadcast",
        "Broadcast",
        "Every lane reads the same word: it is broadcast, 1 wavefront, no conflict.",
        strided(0),
        4,
    ),
    preset(
        "float2-contiguous",
        "float2, contiguous",
        "64-bit loads at stride 1: two half-warps of 128 bytes, 2 wavefronts and 0 conflicts.",
        strided(1),
        8,
    ),
    preset(
        "float2-stride-2",
        "float2, stride 2",
        "64-bit loads 16 bytes apart: each half-warp is 2-way, 4 wavefronts, 2 conflicts.",
        strided(2),
        8,
    ),
    preset(
        "float2-broadcast",
        "float2, broadcast",
        "Every lane reads the same 8 bytes: the pair-packing exception merges the half-warps, 1 \
         wavefront.",
        strided(0),
        8,
    ),
    preset(
        "float2-lane-mod-16",
        "float2, lanes l and l+16 equal",
        "Lane l reads 8 bytes at (l % 16)·8: only 128 distinct bytes, but lanes l and l+16 are \
         not a packing pair, so both half-warps run, 2 wavefronts.",
        Pattern::LaneModulo {
            modulus: 16,
            stride_elems: 1,
        },
        8,
    ),
    preset(
        "float2-adjacent-pairs",
        "float2, adjacent pairs equal",
        "Lanes 2k and 2k+1 read the same 8 bytes: the same 128 distinct bytes as lane-mod-16, but \
         the pair-packing exception makes it 1 wavefront.",
        Pattern::LaneGroups {
            group_lanes: 2,
            stride_elems: 1,
        },
        8,
    ),
    preset(
        "float4-contiguous",
        "float4, contiguous",
        "128-bit loads at stride 1: four quarter-warps of 128 bytes, 4 wavefronts, 0 conflicts.",
        strided(1),
        16,
    ),
    preset(
        "float4-stride-2",
        "float4, stride 2",
        "128-bit loads 32 bytes apart: each quarter-warp is 2-way, 8 wavefronts, 4 conflicts.",
        strided(2),
        16,
    ),
    preset(
        "float4-broadcast",
        "float4, broadcast",
        "Every lane reads the same 16 bytes, yet it takes 2 wavefronts: packing halves the four \
         quarter-warp phases to two half-warp phases, not one.",
        strided(0),
        16,
    ),
    preset(
        "forum-lane-mod-4",
        "float4, (lane % 4) · 16 B",
        "The NVIDIA forum case: lanes read 16 bytes at (lane % 4)·16. No adjacent pair is equal, \
         so all four quarter-warps run: 4 wavefronts, 0 conflicts.",
        Pattern::LaneModulo {
            modulus: 4,
            stride_elems: 1,
        },
        16,
    ),
    preset(
        "tile-row",
        "[32][32] tile, row read",
        "Lane i reads tile[5][i] of a float tile: contiguous, 1 wavefront.",
        Pattern::MatrixRow {
            row: 5,
            row_pitch_elems: 32,
        },
        4,
    ),
    preset(
        "tile-column",
        "[32][32] tile, column read",
        "Lane i reads tile[i][3] of a float tile: 128 bytes apart, all in one bank, 32 wavefronts.",
        Pattern::MatrixColumn {
            col: 3,
            row_pitch_elems: 32,
        },
        4,
    ),
    preset(
        "tile-column-padded",
        "[32][33] tile, column read",
        "The +1 padding trick: rows are 33 words long, so a column walks through all 32 banks, 1 \
         wavefront.",
        Pattern::MatrixColumn {
            col: 3,
            row_pitch_elems: 33,
        },
        4,
    ),
    preset(
        "tile-column-xor",
        "[32][32] tile, XOR-swizzled column read",
        "Element (r, c) is stored at column c ^ r: a logical column lands in 32 different banks, \
         1 wavefront, with no padding.",
        Pattern::XorSwizzleColumn { col: 3 },
        4,
    ),
];

/// The preset with this id in `presets` (e.g. [`COALESCING_PRESETS`]), if any.
pub fn preset_by_id(presets: &[Preset], id: &str) -> Option<Preset> {
    presets.iter().find(|p| p.id == id).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutation_is_a_permutation_and_deterministic() {
        let p = permutation_32(7);
        let mut sorted = p;
        sorted.sort_unstable();
        assert_eq!(sorted, std::array::from_fn(|i| i as u32));
        assert_eq!(p, permutation_32(7));
        assert_ne!(p, permutation_32(8));
    }

    #[test]
    fn preset_ids_are_unique_kebab_case() {
        for list in [COALESCING_PRESETS, BANK_PRESETS] {
            for (i, p) in list.iter().enumerate() {
                assert!(p
                    .id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
                assert!(list[i + 1..].iter().all(|q| q.id != p.id), "{}", p.id);
            }
        }
    }

    #[test]
    fn negative_and_overflowing_addresses_are_errors() {
        assert_eq!(
            addresses_from_fn(0, 0, 4, |l| Some(-i64::from(l))),
            Err(AccessError::NegativeAddress {
                lane: 1,
                address: -4
            })
        );
        assert_eq!(
            addresses_from_fn(u64::MAX - 3, 0, 4, |l| Some(i64::from(l))),
            Err(AccessError::AddressOverflow { lane: 1 })
        );
        assert_eq!(
            smem_access_from_fn(0, 0, 16, |_| Some(i64::MAX)),
            Err(AccessError::AddressOverflow { lane: 0 })
        );
        assert_eq!(
            addresses_from_fn(0, 0, 3, |l| Some(i64::from(l))),
            Err(AccessError::UnsupportedWidth { bytes_per_lane: 3 })
        );
    }
}
