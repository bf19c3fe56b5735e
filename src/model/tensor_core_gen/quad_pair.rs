//! Volta's `mma.sync.aligned.m8n8k4` with `.f16` inputs: one warp instruction computes **four
//! independent** 8×8×4 products, one per quad-pair (PTX ISA §9.7.14.5.1, "Matrix Fragments for
//! mma.m8n8k4 with .f16 floating point type").
//!
//! | product | lanes (low group, high group) |
//! |---|---|
//! | 0 | 0–3 and 16–19 |
//! | 1 | 4–7 and 20–23 |
//! | 2 | 8–11 and 24–27 |
//! | 3 | 12–15 and 28–31 |
//!
//! Each product's 8 lanes hold its whole A (8×4), B (4×8) and C/D (8×8): 8 lanes × 4 = 32
//! elements of A, 32 of B, and 8 lanes × 8 = 64 accumulators. So a warp's 32 lanes × 8
//! accumulators = 256 values are **four** 64-element outputs, not one. Formulas, with `i` the
//! index into the lane's fragment and `hi = lane ≥ 16`:
//!
//! - A row-major: `row = lane % 4 (+4 if hi)`, `col = i`.
//! - A column-major: `row = i % 4 (+4 if hi)`, `col = lane % 4`.
//! - B row-major: `row = lane % 4`, `col = i (+4 if hi)`.
//! - B column-major: `row = i`, `col = lane % 4 (+4 if hi)`.
//! - C/D `.f16`: `row = lane % 4 (+4 if hi)`, `col = i` for `i = 0..8`.
//! - C/D `.f32`: `row = X (+4 if hi)` with `X = (lane & 1) + (i & 2)`,
//!   `col = (i & 4) + (lane & 2) + (i & 1)`.
//!
//! Ampere's `mma.sync.m16n8k16` is the contrast: one product per warp, every lane holding a
//! piece of it ([`crate::model::tensor_core::fragment_layout`]).

use serde::{Deserialize, Serialize};

use crate::model::tensor_core::FragmentSlot;
use crate::model::WARP_SIZE;

/// Products one `mma.m8n8k4` computes per warp.
pub const PRODUCTS_PER_WARP: u32 = 4;
/// Lanes per quad-pair (two groups of four).
pub const LANES_PER_QUAD_PAIR: u32 = 8;

/// A fragment of `mma.m8n8k4 .f16`, with its layout qualifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum M8n8k4Fragment {
    /// A (8×4), `.row`.
    ARow,
    /// A (8×4), `.col`.
    ACol,
    /// B (4×8), `.row`.
    BRow,
    /// B (4×8), `.col`.
    BCol,
    /// C/D (8×8) with `.f16` accumulators (four `.f16x2` registers).
    CF16,
    /// C/D (8×8) with `.f32` accumulators (eight registers).
    CF32,
}

impl M8n8k4Fragment {
    /// Every fragment, in declaration order.
    pub const ALL: [M8n8k4Fragment; 6] = [
        M8n8k4Fragment::ARow,
        M8n8k4Fragment::ACol,
        M8n8k4Fragment::BRow,
        M8n8k4Fragment::BCol,
        M8n8k4Fragment::CF16,
        M8n8k4Fragment::CF32,
    ];

    /// Rows of the tile: 8 for A and C/D, 4 for B (K).
    pub fn rows(self) -> u32 {
        match self {
            M8n8k4Fragment::BRow | M8n8k4Fragment::BCol => 4,
            _ => 8,
        }
    }

    /// Columns of the tile: 4 for A (K), 8 for B and C/D.
    pub fn cols(self) -> u32 {
        match self {
            M8n8k4Fragment::ARow | M8n8k4Fragment::ACol => 4,
            _ => 8,
        }
    }

    /// Elements per lane: 4 for A and B, 8 for C/D.
    pub fn elements_per_lane(self) -> u32 {
        match self {
            M8n8k4Fragment::CF16 | M8n8k4Fragment::CF32 => 8,
            _ => 4,
        }
    }

    /// URL token; inverse of [`M8n8k4Fragment::from_slug`].
    pub fn slug(self) -> &'static str {
        match self {
            M8n8k4Fragment::ARow => "a_row",
            M8n8k4Fragment::ACol => "a_col",
            M8n8k4Fragment::BRow => "b_row",
            M8n8k4Fragment::BCol => "b_col",
            M8n8k4Fragment::CF16 => "c_f16",
            M8n8k4Fragment::CF32 => "c_f32",
        }
    }

    /// Parses a [`M8n8k4Fragment::slug`].
    pub fn from_slug(s: &str) -> Option<M8n8k4Fragment> {
        M8n8k4Fragment::ALL.into_iter().find(|f| f.slug() == s)
    }

    /// Label as the PTX ISA's figures name it, e.g. `"A .row"`, `"C/D .f32"`.
    pub fn label(self) -> &'static str {
        match self {
            M8n8k4Fragment::ARow => "A .row",
            M8n8k4Fragment::ACol => "A .col",
            M8n8k4Fragment::BRow => "B .row",
            M8n8k4Fragment::BCol => "B .col",
            M8n8k4Fragment::CF16 => "C/D .f16",
            M8n8k4Fragment::CF32 => "C/D .f32",
        }
    }
}

/// One element of one of the warp's four products.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ProductElement {
    /// Which of the four products (0–3): the lane's quad-pair.
    pub product: u32,
    /// Row in that product's tile.
    pub row: u32,
    /// Column in that product's tile.
    pub col: u32,
}

/// The quad-pair (= product) of `lane`: `(lane / 4) % 4`. Lanes ≥ 32 give `None`.
pub fn quad_pair_of(lane: u32) -> Option<u32> {
    (lane < WARP_SIZE).then_some((lane >> 2) & 3)
}

/// The 8 lanes of quad-pair `q` (0–3), low group first: `4q..4q+4` and `16+4q..16+4q+4`.
pub fn quad_pair_lanes(q: u32) -> Vec<u32> {
    if q >= PRODUCTS_PER_WARP {
        return Vec::new();
    }
    (0..4)
        .map(|t| 4 * q + t)
        .chain((0..4).map(|t| 16 + 4 * q + t))
        .collect()
}

/// The element `x[index]` of `lane` holds in `fragment`; `None` for a lane ≥ 32 or an index past
/// the fragment. Formulas: module docs (PTX ISA §9.7.14.5.1).
pub fn element(fragment: M8n8k4Fragment, lane: u32, index: u32) -> Option<ProductElement> {
    let product = quad_pair_of(lane)?;
    if index >= fragment.elements_per_lane() {
        return None;
    }
    let hi = if lane >= 16 { 4 } else { 0 };
    let t = lane % 4;
    let (row, col) = match fragment {
        M8n8k4Fragment::ARow => (t + hi, index),
        M8n8k4Fragment::ACol => (index % 4 + hi, t),
        M8n8k4Fragment::BRow => (t, index + hi),
        M8n8k4Fragment::BCol => (index, t + hi),
        M8n8k4Fragment::CF16 => (t + hi, index),
        M8n8k4Fragment::CF32 => {
            let x = (lane & 1) + (index & 2);
            (x + hi, (index & 4) + (lane & 2) + (index & 1))
        }
    };
    Some(ProductElement { product, row, col })
}

/// Every element `lane` holds, `x[0..]` in order; empty for a lane ≥ 32.
pub fn lane_elements(fragment: M8n8k4Fragment, lane: u32) -> Vec<ProductElement> {
    (0..fragment.elements_per_lane())
        .filter_map(|i| element(fragment, lane, i))
        .collect()
}

/// The slot (lane, index) holding `(row, col)` of product `product`; `None` outside the tile or
/// for a product ≥ 4. Each element has exactly one owner.
pub fn owner(fragment: M8n8k4Fragment, product: u32, row: u32, col: u32) -> Option<FragmentSlot> {
    if product >= PRODUCTS_PER_WARP || row >= fragment.rows() || col >= fragment.cols() {
        return None;
    }
    quad_pair_lanes(product).into_iter().find_map(|lane| {
        (0..fragment.elements_per_lane()).find_map(|index| {
            let e = element(fragment, lane, index)?;
            (e.row == row && e.col == col).then_some(FragmentSlot { lane, index })
        })
    })
}

/// Accumulator values a warp holds for one `mma.m8n8k4`: 32 lanes × 8 = 256, four 8×8 outputs.
pub fn accumulators_per_warp() -> u32 {
    WARP_SIZE * M8n8k4Fragment::CF32.elements_per_lane()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_element_of_every_product_has_exactly_one_owner() {
        for f in M8n8k4Fragment::ALL {
            let mut seen = std::collections::BTreeSet::new();
            for lane in 0..WARP_SIZE {
                for e in lane_elements(f, lane) {
                    assert!(e.row < f.rows() && e.col < f.cols(), "{f:?} {e:?}");
                    assert!(seen.insert(e), "{f:?} {e:?} twice");
                }
            }
            assert_eq!(seen.len() as u32, PRODUCTS_PER_WARP * f.rows() * f.cols());
        }
        assert_eq!(accumulators_per_warp(), 4 * 64);
    }
}
