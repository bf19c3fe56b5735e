//! Tests of the parent module.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;

#[test]
fn every_model_preset_is_one_kernel() {
    let ids: Vec<&str> = Kernel::ALL.iter().map(|k| k.id()).collect();
    assert_eq!(ids, PRESET_IDS);
    for k in Kernel::ALL {
        assert!(preset(k.id()).is_some(), "{k:?}");
        if let Some(t) = k.twin() {
            assert_eq!(t.twin(), Some(k));
        }
    }
}
use proptest::prelude::*;

#[test]
fn odd_even_default_and_its_twin() {
    let out = compute(&DivergenceInputs::default());
    assert_eq!(out.preset.id, "odd-even");
    assert_eq!(out.trace.issue_slots(), 5);
    assert!((out.trace.lane_efficiency() - 0.8).abs() < 1e-12);
    let twin = out.twin.expect("warp-aligned twin");
    assert_eq!(twin.preset.id, "warp-aligned");
    assert_eq!(twin.trace.issue_slots(), 4);
    assert_eq!(twin.trace.lane_efficiency(), 1.0);
    assert_eq!(DivergenceInputs::default().to_query(), "");
    assert_eq!(DEFAULT_SEED_U32 as u64, DEFAULT_SEED);
}

#[test]
fn partial_warp_of_48_launches_with_16_lanes() {
    let out = compute(&DivergenceInputs::for_preset("partial-warp"));
    assert_eq!(hex(out.trace.launch_mask), "0x0000ffff");
    let s = lane_states(&out, 0);
    assert_eq!(s[15], LaneState::Active);
    assert_eq!(s[16], LaneState::NotLaunched);
    assert_eq!(out.warps.len(), 2);
    assert_eq!(out.warps[0].launch_mask, u32::MAX);
}

#[test]
fn bounds_check_only_the_straddling_warp_diverges() {
    let out = compute(&DivergenceInputs::for_preset("bounds-check"));
    let diverging: Vec<u32> = out
        .warps
        .iter()
        .filter(|w| w.divergent_branches > 0)
        .map(|w| w.warp)
        .collect();
    assert_eq!(diverging, [7]);
}

#[test]
fn early_return_marks_lanes_exited() {
    let out = compute(&DivergenceInputs::for_preset("early-return"));
    let last = out.last_step() as usize;
    let s = lane_states(&out, last);
    assert_eq!(s[19], LaneState::Active);
    assert_eq!(s[20], LaneState::Exited);
}

#[test]
fn permalink_round_trips_with_step() {
    let mut s = DivergenceInputs::for_preset("bounds-check");
    s.n = 1001;
    s.order = Order::Else;
    // The last step of this warp's trace (a later one is clamped, with a notice).
    s.step = 2;
    let q = s.to_query();
    let (back, notices) = DivergenceInputs::from_query(&q);
    assert_eq!(back, s);
    assert!(notices.is_empty(), "{notices:?}");
    let plain = DivergenceInputs::for_preset("nested-if");
    assert_eq!(plain.to_query(), "preset=nested-if");
}

#[test]
fn a_step_past_the_trace_is_clamped_with_a_notice() {
    let (s, notices) = DivergenceInputs::from_query("preset=odd-even&step=4096");
    let last = compute(&s).last_step();
    assert!(last > 0);
    assert_eq!(s.step, last);
    let range = format!("0–{last}");
    assert!(
            notices.iter().any(|n| matches!(n, Notice::Clamped { key, allowed, .. } if key == "step" && *allowed == range)),
            "{notices:?}"
        );
    let (s, notices) = DivergenceInputs::from_query(&format!("preset=odd-even&step={last}"));
    assert_eq!(s.step, last);
    assert!(notices.is_empty(), "{notices:?}");
}

#[test]
fn warp_past_the_block_is_clamped_with_a_notice() {
    let (s, notices) = DivergenceInputs::from_query("preset=partial-warp&warp=9");
    assert_eq!(s.warp, 1);
    assert_eq!(notices.len(), 1);
    let (s, notices) = DivergenceInputs::from_query("preset=zzz&block=0&order=x&q=1");
    assert_eq!(s.preset, "odd-even");
    assert_eq!(s.block, 1);
    assert_eq!(notices.len(), 4, "{notices:?}");
}

#[test]
fn a_warp_past_a_clamped_block_gets_one_notice_with_the_range_that_applies() {
    // block=0 becomes 1 thread, so one warp: warp=99 is told once, against 0–0.
    let (s, notices) = DivergenceInputs::from_query("preset=odd-even&block=0&warp=99");
    assert_eq!((s.block, s.warp), (1, 0));
    let warp: Vec<_> = notices
        .iter()
        .filter(|n| matches!(n, Notice::Clamped { key, .. } if key == "warp"))
        .collect();
    assert_eq!(warp.len(), 1, "{notices:?}");
    assert!(
        matches!(warp[0], Notice::Clamped { value, used, allowed, .. } if value == "99" && used == "0" && allowed == "0–0"),
        "{notices:?}"
    );
    assert_eq!(notices.len(), 2, "{notices:?}");
}

#[test]
fn choosing_a_preset_recomputes_through_the_memo() {
    let owner = Owner::new();
    owner.set();
    let start = DivergenceInputs {
        step: 2,
        ..DivergenceInputs::default()
    };
    let state = DivergenceState::new(UrlInputs::detached(start));
    assert_eq!(state.step(), 2);
    state.choose_preset("lane-lt-16");
    assert_eq!(state.step(), 0);
    assert_eq!(state.outputs.get_untracked().preset.id, "lane-lt-16");
    state.set_block(40);
    state.inputs.update(|i| i.warp = 1);
    state.set_block(20);
    assert_eq!(state.inputs.get_untracked().warp, 0);
}

proptest! {
    #[test]
    fn any_query_computes_without_panic(q in ".{0,300}") {
        let (s, _) = DivergenceInputs::from_query(&q);
        let out = compute(&s);
        let _ = lane_states(&out, s.step as usize);
        prop_assert!(out.trace.lane_efficiency() <= 1.0);
    }

    #[test]
    fn any_in_range_input_computes(pi in 0usize..PRESET_IDS.len(), block in 1u32..=1024, warp in 0u32..32,
                                   n in 0u32..(1 << 26), bidx in 0u32..65_536, seed: u32) {
        let s = DivergenceInputs { preset: PRESET_IDS[pi].into(), block, warp, n, bidx, seed, order: Order::Measured, step: 0 };
        let out = compute(&s);
        prop_assert!(out.trace.steps.iter().all(|st| (st.line as usize) < out.listing.len()));
        prop_assert_eq!(out.exited_before.len(), out.trace.steps.len() + 1);
    }
}
