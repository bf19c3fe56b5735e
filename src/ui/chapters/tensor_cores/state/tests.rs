//! Tests of the parent module.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;

#[test]
fn every_traced_step_is_one_step_id_in_order() {
    let out = compute(&TcInputs::default());
    let ids: Vec<&str> = out.trace.expect("trace").iter().map(|s| s.id).collect();
    let known: Vec<&str> = StepId::ALL.iter().map(|s| s.id()).collect();
    assert_eq!(ids, known);
}
use proptest::prelude::*;

#[test]
fn default_state_is_the_course_kernel() {
    let out = compute(&TcInputs::default());
    assert_eq!(out.launch.valid, Ok(()));
    assert_eq!(out.launch.kernel.mma_total(), 65_536);
    assert_eq!(out.launch.kernel.smem_bytes_per_block(), 6144);
    assert!(out.launch.a100.is_some() && out.launch.h100.is_some());
    let l = out.fragment.layout.expect("wmma s8 A");
    assert_eq!(l.elements_per_lane(), 8);
    assert_eq!(out.trace.expect("trace").len(), 12);
    let q = out.quant.expect("quant");
    assert_eq!(q.out.z.len(), limits::W_ROWS);
    for ((y, r), b) in q.out.y_f16().iter().zip(&q.reference).zip(&q.bounds) {
        assert!((f64::from(*y) - r).abs() <= b.total());
    }
}

#[test]
fn lane_5_of_the_s8_a_fragment_is_rows_1_and_9() {
    let s = TcInputs {
        lane: 5,
        ..TcInputs::default()
    };
    let out = compute(&s);
    let cells: Vec<(u32, u32)> = out.fragment.lane_slots.iter().map(|s| s.1).collect();
    assert_eq!(
        cells,
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
    assert_eq!(out.fragment.lane_slots[5].2.register, 1);
}

#[test]
fn f16_has_16_elements_per_lane_and_accumulator_follows_input() {
    let s = TcInputs {
        el: ElementType::F16,
        lane: 0,
        ..TcInputs::default()
    };
    assert_eq!(compute(&s).fragment.lane_slots.len(), 16);
    let acc = TcInputs {
        op: Operand::Accumulator,
        ..TcInputs::default()
    };
    assert_eq!(compute(&acc).fragment.element, ElementType::S32);
    let bad = TcInputs {
        shape: MmaShape::MmaM16N8K32,
        el: ElementType::F16,
        op: Operand::Accumulator,
        ..TcInputs::default()
    };
    assert!(compute(&bad).fragment.layout.is_err());
}

#[test]
fn invalid_k_is_an_error_not_a_panic() {
    let s = TcInputs {
        k: 1000,
        ..TcInputs::default()
    };
    let out = compute(&s);
    assert!(matches!(
        out.launch.valid,
        Err(W8a8Error::KNotDivisible { .. })
    ));
    assert!(out.trace.is_err());
    assert!(out.launch.a100.is_none());
}

#[test]
fn permalink_round_trips() {
    let s = TcInputs {
        k: 8192,
        shape: MmaShape::MmaM16N8K32,
        op: Operand::B,
        lane: 7,
        row: 3,
        col: 2,
        step: 4,
        x: "1,2,3,4,5,6,7,-8.5".into(),
        seed: 9,
        ..TcInputs::default()
    };
    let q = s.to_query();
    assert!(
        q.contains("shape=mma_m16n8k32") && q.contains("op=b"),
        "{q}"
    );
    let (back, notices) = TcInputs::from_query(&q);
    assert_eq!(back, s);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(TcInputs::default().to_query(), "");
}

#[test]
fn malformed_permalinks_fall_back_with_notices() {
    let (s, notices) =
        TcInputs::from_query("k=0&warps=99&shape=huge&op=z&lane=77&x=1,2,zz&foo=%ZZ");
    assert_eq!(s.k, 1);
    assert_eq!(s.warps, 32);
    assert_eq!(s.shape, MmaShape::WmmaM16N16K16);
    assert_eq!(s.lane, 31);
    assert_eq!(s.x, DEFAULT_X);
    assert!(notices.len() >= 6, "{notices:?}");
}

#[test]
fn vectors_parse_strictly() {
    assert_eq!(parse_vector("1 2 3 4 5 6 7 8").map(|v| v.len()), Ok(8));
    assert_eq!(parse_vector("1,2"), Err(VectorError::Count(2)));
    assert!(matches!(
        parse_vector("1,2,3,4,5,6,7,x"),
        Err(VectorError::NotANumber(_))
    ));
    assert!(matches!(
        parse_vector("1,2,3,4,5,6,7,1e9"),
        Err(VectorError::OutOfRange(_))
    ));
    assert!(matches!(
        parse_vector("1,2,3,4,5,6,7,NaN"),
        Err(VectorError::OutOfRange(_))
    ));
    let w = seeded_weights(1, 4, 8);
    assert_eq!(w.len(), 32);
    assert!(w.iter().all(|v| (-1.0..=1.0).contains(v)));
    assert_eq!(w, seeded_weights(1, 4, 8));
    assert_ne!(w, seeded_weights(2, 4, 8));
}

#[test]
fn selecting_a_lane_recomputes_through_the_memo() {
    let owner = Owner::new();
    owner.set();
    let state = TcState::new(UrlInputs::detached(TcInputs::default()));
    assert!(state.fragment.get_untracked().lane_slots.is_empty());
    state.inputs.update(|i| i.lane = 5);
    assert_eq!(state.fragment.get_untracked().lane_slots.len(), 8);
}

proptest! {
    #[test]
    fn any_query_computes_without_panic(q in ".{0,300}") {
        let (s, _) = TcInputs::from_query(&q);
        let out = compute(&s);
        prop_assert!(out.quant.is_ok());
    }

    #[test]
    fn any_shape_computes(k in 0u64..=(1 << 18), n in 0u64..=(1 << 18), warps in 0u64..=40,
                          block in 0u64..300, warp in 0u64..40, kt in 0u64..100) {
        let s = TcInputs { k, n, warps, block, warp, kt, ..TcInputs::default() };
        let out = compute(&s);
        prop_assert_eq!(out.launch.valid.is_ok(), out.launch.a100.is_some());
    }
}
