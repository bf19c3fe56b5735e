//! Fragment layouts: the worked examples of `spec/hw-model.md` §6, the PTX inverse formulas,
//! every lane and element of the H200 dump (`tests/fixtures/tensor_core_h200.json`, copied
//! from `shared/truth/wmma_layout.json`), and structural properties of every legal layout.

use proptest::prelude::*;
use warpscope::model::tensor_core::{
    accumulator_types, fragment_layout, shapes, ElementType, FragmentLayout, FragmentSlot,
    LayoutError, LayoutSource, MmaShape, Operand,
};

use crate::common::fixture_json;

fn layout(shape: MmaShape, operand: Operand, element: ElementType) -> FragmentLayout {
    fragment_layout(shape, operand, element)
        .unwrap_or_else(|e| panic!("{shape} {operand} {element} should be legal: {e}"))
}

fn slot(lane: u32, index: u32) -> FragmentSlot {
    FragmentSlot { lane, index }
}

/// Every legal (shape, operand, element) combination.
fn legal_layouts() -> Vec<FragmentLayout> {
    let mut out = Vec::new();
    for shape in MmaShape::ALL {
        for operand in Operand::ALL {
            for element in ElementType::ALL {
                if let Ok(l) = fragment_layout(shape, operand, element) {
                    out.push(l);
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Spec §6 worked examples.

#[test]
fn m16n8k16_f16_worked_examples() {
    // spec §6.1: A(9,10) → lane 5, i = 6 (register 3, low half).
    let a = layout(MmaShape::MmaM16N8K16, Operand::A, ElementType::F16);
    assert_eq!(a.slots_of(9, 10), vec![slot(5, 6)]);
    let reg = a.register_of(slot(5, 6)).expect("in range");
    assert_eq!((reg.register, reg.part, reg.bit_offset), (3, 0, 0));
    // B(k=13, n=6) → lane 26, i = 3 (register 1, high half).
    let b = layout(MmaShape::MmaM16N8K16, Operand::B, ElementType::F16);
    assert_eq!(b.slots_of(13, 6), vec![slot(26, 3)]);
    let reg = b.register_of(slot(26, 3)).expect("in range");
    assert_eq!((reg.register, reg.part, reg.bit_offset), (1, 1, 16));
    // C(15,7) → lane 31, i = 3, for f32 and f16 accumulators.
    for acc in [ElementType::F32, ElementType::F16] {
        let c = layout(MmaShape::MmaM16N8K16, Operand::Accumulator, acc);
        assert_eq!(c.slots_of(15, 7), vec![slot(31, 3)]);
    }
    // Lane 0 holds A(0,0), A(0,1), A(8,0), A(8,1), A(0,8), A(0,9), A(8,8), A(8,9).
    assert_eq!(
        a.lane_elements(0),
        vec![
            (0, 0),
            (0, 1),
            (8, 0),
            (8, 1),
            (0, 8),
            (0, 9),
            (8, 8),
            (8, 9)
        ]
    );
}

#[test]
fn m16n8k32_s8_worked_examples() {
    // spec §6.2: A(10,21) → lane 9, i = 13 (register 3, byte 1).
    let a = layout(MmaShape::MmaM16N8K32, Operand::A, ElementType::S8);
    assert_eq!(a.slots_of(10, 21), vec![slot(9, 13)]);
    let reg = a.register_of(slot(9, 13)).expect("in range");
    assert_eq!(
        (reg.register, reg.part, reg.bit_offset, reg.bits),
        (3, 1, 8, 8)
    );
    // B(k=30, n=3) → lane 15, i = 6.
    let b = layout(MmaShape::MmaM16N8K32, Operand::B, ElementType::S8);
    assert_eq!(b.slots_of(30, 3), vec![slot(15, 6)]);
}

#[test]
fn m8n8k16_s8_worked_examples() {
    // spec §6.3: A(5,14) → lane 23, i = 2; C(7,7) → lane 31, i = 1.
    let a = layout(MmaShape::MmaM8N8K16, Operand::A, ElementType::S8);
    assert_eq!(a.slots_of(5, 14), vec![slot(23, 2)]);
    let c = layout(MmaShape::MmaM8N8K16, Operand::Accumulator, ElementType::S32);
    assert_eq!(c.slots_of(7, 7), vec![slot(31, 1)]);
}

#[test]
fn wmma_worked_examples() {
    // spec §6.4: lane 0's f16 A holds (row·16+col) 0, 1, 128, 129, 8, 9, 136, 137, then again.
    let a = layout(MmaShape::WmmaM16N16K16, Operand::A, ElementType::F16);
    let codes: Vec<u32> = a
        .lane_elements(0)
        .iter()
        .map(|&(r, c)| r * 16 + c)
        .collect();
    let half = [0, 1, 128, 129, 8, 9, 136, 137];
    assert_eq!(codes, [half, half].concat());
    // Two slots for each element, in the same lane, x[i] and x[i + 8].
    assert_eq!(a.slots_of(8, 9), vec![slot(0, 7), slot(0, 15)]);
    // Lane 5's s8 A holds row 1 cols 4–7, then row 9 cols 4–7.
    let s8a = layout(MmaShape::WmmaM16N16K16, Operand::A, ElementType::S8);
    assert_eq!(
        s8a.lane_elements(5),
        vec![
            (1, 4),
            (1, 5),
            (1, 6),
            (1, 7),
            (9, 4),
            (9, 5),
            (9, 6),
            (9, 7)
        ]
    );
}

#[test]
fn ptx_inverse_formulas_hold_for_every_element() {
    // spec §6.1–6.3 inverse formulas: (row, col) → (lane, i).
    type Inverse = fn(u32, u32) -> (u32, u32);
    let cases: [(MmaShape, Operand, ElementType, Inverse); 9] = [
        (
            MmaShape::MmaM16N8K16,
            Operand::A,
            ElementType::F16,
            |r, c| {
                (
                    4 * (r % 8) + (c % 8) / 2,
                    (c & 1) + 2 * (r / 8) + 4 * (c / 8),
                )
            },
        ),
        (
            MmaShape::MmaM16N8K16,
            Operand::B,
            ElementType::Bf16,
            |k, n| (4 * n + (k % 8) / 2, (k & 1) + 2 * (k / 8)),
        ),
        (
            MmaShape::MmaM16N8K16,
            Operand::Accumulator,
            ElementType::F32,
            |r, c| (4 * (r % 8) + c / 2, (c & 1) + 2 * (r / 8)),
        ),
        (
            MmaShape::MmaM16N8K32,
            Operand::A,
            ElementType::U8,
            |r, c| {
                (
                    4 * (r % 8) + (c % 16) / 4,
                    (c & 3) + 4 * (r / 8) + 8 * (c / 16),
                )
            },
        ),
        (
            MmaShape::MmaM16N8K32,
            Operand::B,
            ElementType::S8,
            |k, n| (4 * n + (k % 16) / 4, (k & 3) + 4 * (k / 16)),
        ),
        (
            MmaShape::MmaM16N8K32,
            Operand::Accumulator,
            ElementType::S32,
            |r, c| (4 * (r % 8) + c / 2, (c & 1) + 2 * (r / 8)),
        ),
        (MmaShape::MmaM8N8K16, Operand::A, ElementType::S8, |r, c| {
            (4 * r + c / 4, c & 3)
        }),
        (MmaShape::MmaM8N8K16, Operand::B, ElementType::U8, |k, n| {
            (4 * n + k / 4, k & 3)
        }),
        (
            MmaShape::MmaM8N8K16,
            Operand::Accumulator,
            ElementType::S32,
            |r, c| (4 * r + c / 2, c & 1),
        ),
    ];
    for (shape, operand, element, inverse) in cases {
        let l = layout(shape, operand, element);
        for r in 0..l.rows() {
            for c in 0..l.cols() {
                let (lane, index) = inverse(r, c);
                assert_eq!(
                    l.slots_of(r, c),
                    vec![slot(lane, index)],
                    "{shape} {operand} {element} ({r},{c})"
                );
            }
        }
    }
}

#[test]
fn tile_dimensions_and_fragment_sizes() {
    // (shape, operand, element) → (rows, cols, elements per lane, registers per lane).
    let cases = [
        (
            MmaShape::MmaM16N8K16,
            Operand::A,
            ElementType::F16,
            (16, 16, 8, 4),
        ),
        (
            MmaShape::MmaM16N8K16,
            Operand::B,
            ElementType::F16,
            (16, 8, 4, 2),
        ),
        (
            MmaShape::MmaM16N8K16,
            Operand::Accumulator,
            ElementType::F32,
            (16, 8, 4, 4),
        ),
        (
            MmaShape::MmaM16N8K16,
            Operand::Accumulator,
            ElementType::F16,
            (16, 8, 4, 2),
        ),
        (
            MmaShape::MmaM16N8K16,
            Operand::A,
            ElementType::S8,
            (16, 16, 8, 2),
        ),
        (
            MmaShape::MmaM16N8K16,
            Operand::B,
            ElementType::S8,
            (16, 8, 4, 1),
        ),
        (
            MmaShape::MmaM16N8K32,
            Operand::A,
            ElementType::S8,
            (16, 32, 16, 4),
        ),
        (
            MmaShape::MmaM16N8K32,
            Operand::B,
            ElementType::S8,
            (32, 8, 8, 2),
        ),
        (
            MmaShape::MmaM16N8K32,
            Operand::Accumulator,
            ElementType::S32,
            (16, 8, 4, 4),
        ),
        (
            MmaShape::MmaM8N8K16,
            Operand::A,
            ElementType::S8,
            (8, 16, 4, 1),
        ),
        (
            MmaShape::MmaM8N8K16,
            Operand::B,
            ElementType::S8,
            (16, 8, 4, 1),
        ),
        (
            MmaShape::MmaM8N8K16,
            Operand::Accumulator,
            ElementType::S32,
            (8, 8, 2, 2),
        ),
        (
            MmaShape::WmmaM16N16K16,
            Operand::A,
            ElementType::F16,
            (16, 16, 16, 8),
        ),
        (
            MmaShape::WmmaM16N16K16,
            Operand::B,
            ElementType::F16,
            (16, 16, 16, 8),
        ),
        (
            MmaShape::WmmaM16N16K16,
            Operand::A,
            ElementType::S8,
            (16, 16, 8, 2),
        ),
        (
            MmaShape::WmmaM16N16K16,
            Operand::B,
            ElementType::U8,
            (16, 16, 8, 2),
        ),
        (
            MmaShape::WmmaM16N16K16,
            Operand::Accumulator,
            ElementType::S32,
            (16, 16, 8, 8),
        ),
        (
            MmaShape::WmmaM16N16K16,
            Operand::Accumulator,
            ElementType::F16,
            (16, 16, 8, 4),
        ),
    ];
    for (shape, operand, element, want) in cases {
        let l = layout(shape, operand, element);
        let got = (
            l.rows(),
            l.cols(),
            l.elements_per_lane(),
            l.registers_per_lane(),
        );
        assert_eq!(got, want, "{shape} {operand} {element}");
    }
}

#[test]
fn eight_bit_elements_pack_four_to_a_register() {
    let l = layout(MmaShape::WmmaM16N16K16, Operand::A, ElementType::S8);
    for index in 0..8 {
        let reg = l.register_of(slot(7, index)).expect("in range");
        assert_eq!((reg.register, reg.part), (index / 4, index % 4));
    }
    assert_eq!(l.register_of(slot(7, 8)), None);
}

// ---------------------------------------------------------------------------------------------
// Sources, errors, shapes list.

#[test]
fn sources_distinguish_ptx_from_observed_wmma() {
    let wmma = layout(MmaShape::WmmaM16N16K16, Operand::B, ElementType::S8);
    assert_eq!(wmma.source(), LayoutSource::ObservedWmma { measured: true });
    assert!(wmma.caveat().contains("unspecified"));
    assert!(wmma.caveat().contains("sm_80"));
    let u8b = layout(MmaShape::WmmaM16N16K16, Operand::B, ElementType::U8);
    assert_eq!(u8b.source(), LayoutSource::ObservedWmma { measured: false });
    assert!(u8b.caveat().contains("not measured"));
    let mma = layout(MmaShape::MmaM16N8K32, Operand::A, ElementType::S8);
    assert!(matches!(
        mma.source(),
        LayoutSource::PtxIsa { section, probed_on_h200: true } if section.contains("m16n8k32")
    ));
    assert!(mma.caveat().contains("confirmed on H200"));
    let f = layout(MmaShape::MmaM16N8K16, Operand::A, ElementType::Bf16);
    assert!(matches!(
        f.source(),
        LayoutSource::PtxIsa { section, probed_on_h200: false } if section.contains("floating point")
    ));
    assert!(f.caveat().contains("not probed"));
    // Exactly the kinds in the H200 dump are marked probed / measured.
    let probed: Vec<String> = legal_layouts()
        .iter()
        .filter(|l| {
            matches!(
                l.source(),
                LayoutSource::PtxIsa {
                    probed_on_h200: true,
                    ..
                }
            )
        })
        .map(|l| format!("{} {} {}", l.shape(), l.operand(), l.element()))
        .collect();
    assert_eq!(
        probed,
        [
            "mma.sync m16n8k16 A f16",
            "mma.sync m16n8k16 B f16",
            "mma.sync m16n8k16 accumulator f16",
            "mma.sync m16n8k16 accumulator f32",
            "mma.sync m16n8k32 A s8",
            "mma.sync m16n8k32 B s8",
            "mma.sync m16n8k32 accumulator s32",
        ]
    );
}

#[test]
fn combinations_that_do_not_exist_are_errors() {
    let err = fragment_layout(MmaShape::MmaM16N8K32, Operand::A, ElementType::F16)
        .expect_err("m16n8k32 takes 8-bit inputs");
    assert!(matches!(err, LayoutError::Unsupported { .. }));
    assert_eq!(
        err.to_string(),
        "mma.sync m16n8k32 has no f16 A operand; its A takes s8 or u8"
    );
    for shape in MmaShape::ALL {
        for bad in [ElementType::S8, ElementType::U8, ElementType::Bf16] {
            assert!(fragment_layout(shape, Operand::Accumulator, bad).is_err());
        }
        for bad in [ElementType::F32, ElementType::S32] {
            assert!(fragment_layout(shape, Operand::A, bad).is_err());
            assert!(fragment_layout(shape, Operand::B, bad).is_err());
        }
    }
    assert!(fragment_layout(MmaShape::MmaM8N8K16, Operand::Accumulator, ElementType::F32).is_err());
    let bf16 = fragment_layout(MmaShape::WmmaM16N16K16, Operand::A, ElementType::Bf16)
        .expect_err("WMMA bf16 was never measured");
    assert!(matches!(bf16, LayoutError::NotModelled { .. }));
    assert!(bf16.to_string().contains("not modelled"));
}

#[test]
fn accumulator_types_pair_with_inputs() {
    use ElementType::*;
    assert_eq!(accumulator_types(MmaShape::MmaM16N8K16, F16), &[F32, F16]);
    assert_eq!(accumulator_types(MmaShape::MmaM16N8K16, Bf16), &[F32]);
    assert_eq!(accumulator_types(MmaShape::MmaM16N8K32, S8), &[S32]);
    assert_eq!(accumulator_types(MmaShape::WmmaM16N16K16, U8), &[S32]);
    assert!(accumulator_types(MmaShape::MmaM16N8K32, F16).is_empty());
    assert!(accumulator_types(MmaShape::MmaM8N8K16, F32).is_empty());
    // Every pairing it offers has a layout (WMMA bf16 aside, which is not modelled).
    for shape in MmaShape::ALL {
        for input in ElementType::ALL {
            for &acc in accumulator_types(shape, input) {
                assert!(fragment_layout(shape, Operand::Accumulator, acc).is_ok());
            }
        }
    }
    let err = fragment_layout(MmaShape::WmmaM16N16K16, Operand::Accumulator, S8)
        .expect_err("no s8 accumulator");
    assert_eq!(
        err.to_string(),
        "wmma m16n16k16 has no s8 accumulator operand; its accumulator takes f32, f16 or s32"
    );
}

#[test]
fn legal_combination_count() {
    // WMMA: A/B f16, s8, u8 (3 each), acc f32, f16, s32 (3) = 9;
    // m16n8k16: A/B f16, bf16, s8, u8 (4 each), acc 3 = 11; m16n8k32 and m8n8k16: 2 + 2 + 1 = 5 each.
    assert_eq!(legal_layouts().len(), 9 + 11 + 5 + 5);
}

#[test]
fn wmma_int8_shapes_list() {
    let list = shapes();
    let dims: Vec<(u32, u32, u32)> = list.iter().map(|s| (s.m, s.n, s.k)).collect();
    assert_eq!(dims, vec![(16, 16, 16), (32, 8, 16), (8, 32, 16)]);
    assert_eq!(list[0].modelled, Some(MmaShape::WmmaM16N16K16));
    assert!(list[1..].iter().all(|s| s.modelled.is_none()));
    assert_eq!(list[1].label(), "m32n8k16");
}

#[test]
fn slugs_round_trip() {
    for s in MmaShape::ALL {
        assert_eq!(MmaShape::from_slug(s.slug()), Some(s));
    }
    for o in Operand::ALL {
        assert_eq!(Operand::from_slug(o.slug()), Some(o));
    }
    for e in ElementType::ALL {
        assert_eq!(ElementType::from_label(e.label()), Some(e));
    }
    assert_eq!(MmaShape::from_slug("m64n8k16"), None);
}

// ---------------------------------------------------------------------------------------------
// Properties of every legal layout (exhaustive).

#[test]
fn every_element_has_a_slot_and_round_trips() {
    for l in legal_layouts() {
        let name = format!("{} {} {}", l.shape(), l.operand(), l.element());
        for r in 0..l.rows() {
            for c in 0..l.cols() {
                let slots = l.slots_of(r, c);
                assert!(!slots.is_empty(), "{name}: ({r},{c}) has no slot");
                assert_eq!(slots.len() as u32, l.copies_per_element(), "{name}");
                let mut sorted = slots.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted, slots, "{name}: slots of ({r},{c}) not sorted");
                for s in slots {
                    assert_eq!(l.element_at(s), Some((r, c)), "{name}: {s:?}");
                }
            }
        }
    }
}

#[test]
fn every_lane_holds_exactly_elements_per_lane_slots() {
    for l in legal_layouts() {
        let mut per_lane = [0u32; 32];
        for r in 0..l.rows() {
            for c in 0..l.cols() {
                for s in l.slots_of(r, c) {
                    per_lane[s.lane as usize] += 1;
                }
            }
        }
        assert!(per_lane.iter().all(|&n| n == l.elements_per_lane()));
        for lane in 0..32 {
            for index in 0..l.elements_per_lane() {
                let (r, c) = l.element_at(slot(lane, index)).expect("in range");
                assert!(l.slots_of(r, c).contains(&slot(lane, index)));
            }
            assert_eq!(l.element_at(slot(lane, l.elements_per_lane())), None);
        }
    }
}

#[test]
fn wmma_f16_duplicates_stay_in_the_same_lane() {
    for operand in [Operand::A, Operand::B] {
        let l = layout(MmaShape::WmmaM16N16K16, operand, ElementType::F16);
        for lane in 0..32 {
            let xs = l.lane_elements(lane);
            assert_eq!(xs[..8], xs[8..]);
        }
    }
}

#[test]
fn owner_grid_is_the_first_slot_of_each_element() {
    for l in legal_layouts() {
        let grid = l.owner_grid();
        assert_eq!(grid.len() as u32, l.rows());
        for (r, row) in grid.iter().enumerate() {
            assert_eq!(row.len() as u32, l.cols());
            for (c, first) in row.iter().enumerate() {
                assert_eq!(Some(first), l.slots_of(r as u32, c as u32).first());
            }
        }
    }
}

proptest! {
    #[test]
    fn queries_never_panic(r in 0u32..64, c in 0u32..64, lane in 0u32..64, index in 0u32..64,
                           shape in 0usize..4, operand in 0usize..3, element in 0usize..6) {
        let Ok(l) = fragment_layout(MmaShape::ALL[shape], Operand::ALL[operand], ElementType::ALL[element]) else {
            return Ok(());
        };
        let slots = l.slots_of(r, c);
        prop_assert_eq!(slots.is_empty(), r >= l.rows() || c >= l.cols());
        let at = l.element_at(slot(lane, index));
        prop_assert_eq!(at.is_none(), lane >= 32 || index >= l.elements_per_lane());
        if let Some((row, col)) = at {
            prop_assert!(l.slots_of(row, col).contains(&slot(lane, index)));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The H200 dump.

fn rows_cols(v: &serde_json::Value) -> Vec<Vec<(u32, u32)>> {
    v.as_array()
        .expect("lane list")
        .iter()
        .map(|lane| {
            lane.as_array()
                .expect("element list")
                .iter()
                .map(|rc| {
                    let r = rc[0].as_u64().expect("row") as u32;
                    let c = rc[1].as_u64().expect("col") as u32;
                    (r, c)
                })
                .collect()
        })
        .collect()
}

fn element_type(label: &str) -> ElementType {
    ElementType::from_label(label).unwrap_or_else(|| panic!("unknown type {label}"))
}

/// Compares every lane and element of a measured map with the model; returns elements checked.
fn check_against_model(name: &str, l: &FragmentLayout, measured: &[Vec<(u32, u32)>]) -> usize {
    assert_eq!(measured.len(), 32, "{name}: lanes");
    let mut checked = 0;
    for (lane, xs) in measured.iter().enumerate() {
        assert_eq!(xs.len() as u32, l.elements_per_lane(), "{name} lane {lane}");
        for (index, &rc) in xs.iter().enumerate() {
            let s = slot(lane as u32, index as u32);
            assert_eq!(l.element_at(s), Some(rc), "{name}: lane {lane} x[{index}]");
            assert!(l.slots_of(rc.0, rc.1).contains(&s), "{name}: {rc:?}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn wmma_fragments_match_the_h200_dump_in_every_lane() {
    let fx = fixture_json("tensor_core_h200.json");
    let frags = fx["wmma_m16n16k16"].as_array().expect("fragments");
    // s8 A/B row+col (4), s32 acc (3), f16 A/B row+col (4), f32 acc (3), f16 acc (3).
    assert_eq!(frags.len(), 17);
    let mut elements = 0;
    for f in frags {
        let name = f["name"].as_str().expect("name");
        let operand = match f["fragment"].as_str().expect("fragment") {
            "matrix_a" => Operand::A,
            "matrix_b" => Operand::B,
            "accumulator" => Operand::Accumulator,
            other => panic!("{name}: unknown fragment {other}"),
        };
        let element = element_type(f["type"].as_str().expect("type"));
        let l = layout(MmaShape::WmmaM16N16K16, operand, element);
        assert_eq!(
            f["num_elements_per_lane"].as_u64(),
            Some(u64::from(l.elements_per_lane())),
            "{name}"
        );
        assert_eq!(
            f["upper_half_x8_15_duplicates_x0_7_in_same_lane"].as_bool(),
            Some(l.copies_per_element() == 2),
            "{name}"
        );
        elements += check_against_model(name, &l, &rows_cols(&f["lane_elements_row_col"]));
    }
    // 4 × 256 (s8 A/B) + 3 × 256 (s32) + 4 × 512 (f16 A/B) + 6 × 256 (f32, f16 acc).
    assert_eq!(elements, 4 * 256 + 3 * 256 + 4 * 512 + 6 * 256);
}

#[test]
fn mma_sync_fragments_match_the_h200_dump_in_every_lane() {
    let fx = fixture_json("tensor_core_h200.json");
    let frags = fx["mma_sync"].as_array().expect("mma fragments");
    // m16n8k32 s8, m16n8k16 f16→f32, m16n8k16 f16→f16; A, B, D each.
    assert_eq!(frags.len(), 9);
    let mut elements = 0;
    for f in frags {
        let ptx = f["ptx"].as_str().expect("ptx");
        let shape = if ptx.contains("m16n8k32") {
            MmaShape::MmaM16N8K32
        } else if ptx.contains("m16n8k16") {
            MmaShape::MmaM16N8K16
        } else {
            panic!("unexpected {ptx}")
        };
        let operand = match f["operand"].as_str().expect("operand") {
            "A" => Operand::A,
            "B" => Operand::B,
            "D" => Operand::Accumulator,
            other => panic!("unknown operand {other}"),
        };
        let element = element_type(f["type"].as_str().expect("type"));
        let l = layout(shape, operand, element);
        let dims = (f["shape"][0].as_u64(), f["shape"][1].as_u64());
        assert_eq!(
            dims,
            (Some(u64::from(l.rows())), Some(u64::from(l.cols()))),
            "{ptx} {operand}"
        );
        assert_eq!(f["agree_with_documented"].as_bool(), Some(true));
        assert_eq!(f["random_full_checks_mismatching"].as_u64(), Some(0));
        let name = format!("{ptx} {operand}");
        elements += check_against_model(&name, &l, &rows_cols(&f["lane_elements_row_col"]));
    }
    // s8: A 512 + B 256 + D 128; f16 (twice): A 256 + B 128 + D 128.
    assert_eq!(elements, (512 + 256 + 128) + 2 * (256 + 128 + 128));
}
