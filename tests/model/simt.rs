//! Active masks: spec §3, the course's examples, and `__activemask()` measured on an H200
//! (`tests/fixtures/simt_h200.json`, copied from `shared/truth/divergence.json`).

use proptest::prelude::*;
use serde_json::Value;
use warpscope::model::simt::*;

use crate::common::fixture_json;

fn op(text: &str) -> Stmt {
    Stmt::Op(text.to_string())
}

fn branch(cond: Cond, then_body: Vec<Stmt>, else_body: Vec<Stmt>, first: BranchOrder) -> Stmt {
    Stmt::If {
        cond,
        then_body,
        else_body,
        first,
    }
}

fn lane_mod(modulus: u32, residue: u32) -> Cond {
    Cond::LaneDivMod {
        divisor: 1,
        modulus,
        residue,
    }
}

fn probe(body: Vec<Stmt>) -> Program {
    let mut all = vec![op("before")];
    all.extend(body);
    Program {
        signature: "__global__ void probe(int* rec)".to_string(),
        body: all,
    }
}

fn simple_if(cond: Cond, first: BranchOrder) -> Program {
    let mut p = probe(vec![branch(
        cond,
        vec![op("then")],
        vec![op("else")],
        first,
    )]);
    p.body.push(op("after"));
    p
}

fn probe_loop(trips: TripCount, unroll: u32) -> Program {
    let mut p = probe(vec![Stmt::Loop {
        trips,
        unroll,
        body: vec![op("loop_body")],
    }]);
    p.body.push(op("after"));
    p
}

fn u32_array(v: &Value) -> [u32; 32] {
    let mut out = [0u32; 32];
    let items = v.as_array().expect("array");
    assert_eq!(items.len(), 32);
    for (o, x) in out.iter_mut().zip(items) {
        *o = u32::try_from(x.as_u64().expect("number")).expect("u32");
    }
    out
}

fn hex(mask: u32) -> String {
    format!("{mask:#010x}")
}

/// (point name, mask) of every `Op` step, in issue order: what the probe kernel records.
fn recorded(program: &Program, input: &WarpInput) -> Vec<(String, String)> {
    let listing = program.listing();
    program
        .run(input)
        .steps
        .iter()
        .filter(|s| s.kind == StepKind::Instruction)
        .map(|s| (listing[s.line as usize].trim().to_string(), hex(s.mask)))
        .collect()
}

fn measured_events(fixture: &Value, name: &str) -> Vec<(String, String)> {
    let test = fixture["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no test {name} in the fixture"));
    test["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| {
            (
                e[0].as_str().expect("point").to_string(),
                e[1].as_str().expect("mask").to_string(),
            )
        })
        .collect()
}

/// The model program for each measured test, with the branch order and unrolling the H200
/// build showed.
fn measured_programs() -> Vec<(&'static str, Program)> {
    use BranchOrder::{ElseFirst, ThenFirst};
    let nested = {
        let mut p = probe(vec![branch(
            Cond::LaneBelow(16),
            vec![
                op("outer_then(lane<16)"),
                branch(
                    lane_mod(4, 0),
                    vec![op("inner_then(lane%4==0)")],
                    vec![op("inner_else")],
                    ThenFirst,
                ),
                op("outer_then_end"),
            ],
            vec![
                op("outer_else(lane>=16)"),
                branch(
                    lane_mod(3, 0),
                    vec![op("inner_then(lane%3==0)")],
                    Vec::new(),
                    ThenFirst,
                ),
                op("outer_else_end"),
            ],
            ElseFirst,
        )]);
        p.body.push(op("after"));
        p
    };
    // switch (lane % 4) as the if/else chain it behaves like: cases ran in case order.
    let switch = {
        let case = |r: u32, name: &str, rest: Vec<Stmt>| {
            branch(lane_mod(4, r), vec![op(name)], rest, ThenFirst)
        };
        let mut p = probe(vec![case(
            0,
            "case0",
            vec![case(
                1,
                "case1",
                vec![case(2, "case2", vec![op("default(case3)")])],
            )],
        )]);
        p.body.push(op("after"));
        p
    };
    let early_return = probe(vec![
        branch(
            Cond::LaneAtLeast(20),
            vec![Stmt::Return],
            Vec::new(),
            ThenFirst,
        ),
        op("after_return(lane<20)"),
    ]);
    vec![
        ("lane%2==0", simple_if(lane_mod(2, 0), ElseFirst)),
        ("lane<16", simple_if(Cond::LaneBelow(16), ElseFirst)),
        (
            "(lane/8)%2==0",
            simple_if(
                Cond::LaneDivMod {
                    divisor: 8,
                    modulus: 2,
                    residue: 0,
                },
                ElseFirst,
            ),
        ),
        ("data[lane]!=0", simple_if(Cond::DataNonZero, ThenFirst)),
        ("nested", nested),
        // nvcc -O3 unrolled these two loops 4x.
        (
            "loop trips=lane%5+1",
            probe_loop(TripCount::LaneModPlusOne(5), 4),
        ),
        ("loop trips=lane", probe_loop(TripCount::Lane, 4)),
        ("switch(lane%4)", switch),
        ("loop trips=data2[lane]", probe_loop(TripCount::Data, 1)),
        (
            "loop trips=lane%5+1 (#pragma unroll 1)",
            probe_loop(TripCount::LaneModPlusOne(5), 1),
        ),
        (
            "loop trips=lane (#pragma unroll 1)",
            probe_loop(TripCount::Lane, 1),
        ),
        ("early return if lane>=20", early_return),
    ]
}

fn h200_input(fixture: &Value) -> WarpInput {
    WarpInput {
        data: LaneData::Explicit {
            data: u32_array(&fixture["data"]),
            trips: u32_array(&fixture["data2_trips"]),
        },
        ..WarpInput::default()
    }
}

#[test]
fn every_measured_divergence_test_is_reproduced_mask_for_mask() {
    let fixture = fixture_json("simt_h200.json");
    let input = h200_input(&fixture);
    let programs = measured_programs();
    assert_eq!(
        programs.len(),
        fixture["tests"].as_array().expect("tests").len(),
        "every fixture test has a model program"
    );
    for (name, program) in programs {
        assert_eq!(
            recorded(&program, &input),
            measured_events(&fixture, name),
            "{name}"
        );
    }
}

#[test]
fn odd_even_measured_masks_then_full_mask_again() {
    // divergence.json: else 0xaaaaaaaa ran first, then 0x55555555, then 0xffffffff.
    let p = simple_if(lane_mod(2, 0), BranchOrder::ElseFirst);
    let t = p.run(&WarpInput::default());
    let ops: Vec<u32> = t
        .steps
        .iter()
        .filter(|s| s.kind == StepKind::Instruction)
        .map(|s| s.mask)
        .collect();
    assert_eq!(ops, [FULL_MASK, 0xaaaa_aaaa, 0x5555_5555, FULL_MASK]);
    assert_eq!(t.reconvergences.len(), 1);
    assert_eq!(t.reconvergences[0].mask, FULL_MASK);
    assert_eq!((t.divergent_branches, t.serialized_paths), (1, 2));
}

#[test]
fn block_of_48_gives_the_measured_partial_warp() {
    let fixture = fixture_json("simt_h200.json");
    let pw = &fixture["partial_warp_block48"];
    assert_eq!(pw["blockDim"], 48);
    assert_eq!(
        hex(launch_mask(48, 0)),
        pw["warp0_mask"].as_str().expect("mask")
    );
    assert_eq!(
        hex(launch_mask(48, 1)),
        pw["warp1_mask"].as_str().expect("mask")
    );
    let t = preset("partial-warp").expect("preset").run();
    assert_eq!(t.launch_mask, 0x0000_ffff);
    assert!(t.steps.iter().all(|s| s.mask == 0x0000_ffff));
    assert_eq!(t.lane_efficiency(), 0.5);
    assert_eq!(t.lane_efficiency_vs_launch(), 1.0);
}

#[test]
fn unrolled_loop_is_a_documented_known_difference_from_the_naive_model() {
    let fixture = fixture_json("simt_h200.json");
    let diff = fixture["known_differences"]
        .as_array()
        .expect("known_differences")
        .iter()
        .find(|d| d["test"] == "loop trips=lane%5+1")
        .expect("the -O3 loop is recorded as a known difference");
    assert_eq!(diff["naive_body_executions"], 5);
    assert_eq!(diff["measured_body_executions"], 7);
    let measured = measured_events(&fixture, "loop trips=lane%5+1");
    let body = |events: &[(String, String)]| events.iter().filter(|e| e.0 == "loop_body").count();
    assert_eq!(body(&measured), 7);
    let input = WarpInput::default();
    // The naive picture (#pragma unroll 1) runs 5 passes, not 7 ...
    let naive = recorded(&probe_loop(TripCount::LaneModPlusOne(5), 1), &input);
    assert_eq!(body(&naive), 5);
    // ... and matches the #pragma unroll 1 measurement; unroll 4 matches the -O3 one.
    assert_eq!(
        naive,
        measured_events(&fixture, "loop trips=lane%5+1 (#pragma unroll 1)")
    );
    assert_eq!(
        recorded(&probe_loop(TripCount::LaneModPlusOne(5), 4), &input),
        measured
    );
}

#[test]
fn pragma_unroll_1_loop_shrinks_the_mask_each_pass() {
    let t = preset("loop-per-lane").expect("preset").run();
    let listing = preset("loop-per-lane").expect("preset").listing();
    let body_line = listing
        .iter()
        .position(|l| l.trim() == "acc += x[t];")
        .expect("body line") as u32;
    assert_eq!(
        t.masks_at_line(body_line),
        [
            FULL_MASK,
            0xbdef_7bde,
            0x39ce_739c,
            0x318c_6318,
            0x2108_4210
        ]
    );
    assert_eq!(t.divergent_loop_passes, 4);
    let o3 = preset("loop-per-lane-o3").expect("preset");
    assert_eq!(o3.run().masks_at_line(body_line).len(), 7);
}

#[test]
fn every_lane_still_in_a_loop_issues_its_test_the_leaving_ones_too() {
    // `for (t = 0; t < lane; ++t)`: test t is issued for the lanes with lane ≥ t (lane t tests
    // `t < t` and leaves), so 32 tests from the full mask down to lane 31 alone, beside 31 body
    // passes under the lanes with lane > t.
    let loop_tests = |id: &str| -> (SimtTrace, Vec<u32>) {
        let t = preset(id).expect("preset").run();
        let masks = t
            .steps
            .iter()
            .filter(|s| s.kind == StepKind::LoopHeader)
            .map(|s| s.mask)
            .collect();
        (t, masks)
    };
    let counts = |masks: Vec<u32>| -> Vec<u32> { masks.iter().map(|m| m.count_ones()).collect() };
    let (t, tests) = loop_tests("loop-trips-lane");
    let expected: Vec<u32> = (0..32).map(|k| FULL_MASK << k).collect();
    assert_eq!(tests, expected);
    assert_eq!(t.steps.len(), 66);
    assert_eq!(t.active_lane_slots(), 1120);
    // lane % 5 + 1 trips: 6 tests (32, 32, 25, 18, 12, 6 lanes) and 5 passes.
    assert_eq!(
        counts(loop_tests("loop-per-lane").1),
        [32, 32, 25, 18, 12, 6]
    );
    // Unrolled 4×: the test for a block of 4 by every lane, again by the 12 lanes of ≥ 4 trips,
    // then the remainder loop's tests: every lane enters it (trips % 4 = 1, 2, 3, 0, 1 for
    // trips 1 … 5), 26 have a first pass, 13 a second, 6 a third.
    assert_eq!(
        counts(loop_tests("loop-per-lane-o3").1),
        [32, 12, 32, 26, 13, 6]
    );
}

#[test]
fn early_return_leaves_twenty_lanes() {
    let p = preset("early-return").expect("preset");
    let t = p.run();
    let last = t.steps.last().expect("steps");
    assert_eq!(last.mask, 0x000f_ffff);
    let ret = t
        .steps
        .iter()
        .find(|s| s.kind == StepKind::Return)
        .expect("a return step");
    assert_eq!(ret.mask, 0xfff0_0000);
    assert_eq!(t.reconvergences[0].mask, 0x000f_ffff);
}

#[test]
fn warp_aligned_branch_does_the_same_work_without_divergence() {
    // Course §4.1: the odd/even branch costs both paths; (threadIdx.x / 32) % 2 costs one.
    let odd_even = preset("odd-even").expect("preset");
    let aligned = preset("warp-aligned").expect("preset");
    for warp_index in 0..2 {
        let input = WarpInput {
            threads_per_block: 64,
            warp_index,
            ..WarpInput::default()
        };
        let d = odd_even.program.run(&input);
        let u = aligned.program.run(&input);
        assert_eq!((d.divergent_branches, d.serialized_paths), (1, 2));
        assert_eq!((u.divergent_branches, u.serialized_paths), (0, 0));
        assert_eq!(d.issue_slots(), u.issue_slots() + 1);
        assert_eq!(u.lane_efficiency(), 1.0);
        // load, if, store at 32 lanes + two paths at 16 lanes: (3·32 + 2·16) / (5·32) = 0.8.
        assert!((d.lane_efficiency() - 0.8).abs() < 1e-12);
        assert!(u.reconvergences.is_empty());
    }
}

#[test]
fn bounds_check_diverges_only_in_the_warp_that_straddles_n() {
    let p = preset("bounds-check").expect("preset");
    let t = p.run();
    // i = 992..1023, n = 1000: lanes 0..7 in bounds.
    let listing = p.listing();
    let body = listing
        .iter()
        .position(|l| l.contains("y[i] = a * x[i] + y[i];"))
        .expect("body") as u32;
    assert_eq!(t.masks_at_line(body), [0x0000_00ff]);
    for warp_index in 0..7 {
        let full = p.program.run(&WarpInput {
            warp_index,
            ..p.input
        });
        assert_eq!(full.divergent_branches, 0, "warp {warp_index}");
    }
    let past = p.program.run(&WarpInput {
        block_index: 4,
        ..p.input
    });
    assert_eq!(past.masks_at_line(body), Vec::<u32>::new());
}

#[test]
fn nested_if_ands_the_masks() {
    let t = preset("nested-if").expect("preset").run();
    let masks: Vec<u32> = t.steps.iter().map(|s| s.mask).collect();
    assert!(masks.contains(&0x0000_1111)); // lane < 16 && lane % 4 == 0
    assert!(masks.contains(&0x4924_0000)); // lane >= 16 && lane % 3 == 0
    assert_eq!(t.divergent_branches, 3);
    assert_eq!(t.serialized_paths, 5);
    assert_eq!(t.reconvergences.len(), 3);
    assert_eq!(t.steps.last().expect("steps").mask, FULL_MASK);
    assert_eq!(t.steps.iter().map(|s| s.stack_depth).max(), Some(2));
}

#[test]
fn order_override_swaps_the_serialised_paths() {
    let p = preset("odd-even").expect("preset");
    let input = WarpInput {
        order_override: Some(BranchOrder::ThenFirst),
        ..p.input
    };
    let masks: Vec<u32> = p.program.run(&input).steps.iter().map(|s| s.mask).collect();
    assert_eq!(
        masks,
        [FULL_MASK, FULL_MASK, 0x5555_5555, 0xaaaa_aaaa, FULL_MASK]
    );
}

#[test]
fn seeded_data_is_deterministic_and_depends_on_the_seed() {
    let p = preset("data-dependent").expect("preset");
    assert_eq!(p.run(), p.run());
    let masks = |seed: u64| {
        let input = WarpInput {
            data: LaneData::Seeded(seed),
            ..p.input
        };
        p.program
            .run(&input)
            .steps
            .iter()
            .map(|s| s.mask)
            .collect::<Vec<_>>()
    };
    let distinct: std::collections::BTreeSet<_> = (0..8).map(masks).collect();
    assert!(distinct.len() > 1);
}

#[test]
fn listing_shows_the_course_branch() {
    let listing = preset("odd-even").expect("preset").listing();
    assert!(listing[0].starts_with("__global__ void odd_even"));
    assert!(listing
        .iter()
        .any(|l| l.trim() == "if (threadIdx.x % 2 == 0) {"));
    assert!(listing.iter().any(|l| l.trim() == "} else {"));
    let aligned = preset("warp-aligned").expect("preset").listing();
    assert!(aligned
        .iter()
        .any(|l| l.trim() == "if ((threadIdx.x / 32) % 2 == 0) {"));
    assert_eq!(listing.last().map(String::as_str), Some("}"));
}

#[test]
fn its_note_mentions_syncwarp() {
    assert!(INDEPENDENT_THREAD_SCHEDULING_NOTE.contains("__syncwarp"));
    assert_eq!(presets().len(), PRESET_IDS.len());
}

proptest! {
    #[test]
    fn split_partitions_the_active_mask(active in any::<u32>(), pattern in any::<u32>()) {
        let s = split(active, |lane| pattern & (1 << lane) != 0);
        prop_assert_eq!(s.taken | s.not_taken, active);
        prop_assert_eq!(s.taken & s.not_taken, 0);
        prop_assert_eq!(s.taken, active & pattern);
        prop_assert_eq!(s.diverged(), s.taken != 0 && s.not_taken != 0);
    }

    #[test]
    fn launch_mask_is_a_low_run_of_live_lanes(tpb in any::<u32>(), warp in any::<u32>()) {
        let m = launch_mask(tpb, warp);
        let live = (u64::from(tpb)).saturating_sub(u64::from(warp) * 32).min(32);
        prop_assert_eq!(u64::from(m.count_ones()), live);
        prop_assert_eq!(m & m.wrapping_add(1), 0); // of the form 2^n - 1
    }

    #[test]
    fn presets_never_panic_and_efficiency_stays_in_range(
        idx in 0usize..PRESET_IDS.len(),
        tpb in any::<u32>(),
        block_index in any::<u32>(),
        warp_index in any::<u32>(),
        n in any::<u32>(),
        seed in any::<u64>(),
        order in prop::option::of(prop_oneof![Just(BranchOrder::ThenFirst), Just(BranchOrder::ElseFirst)]),
    ) {
        let p = preset(PRESET_IDS[idx]).expect("preset");
        let input = WarpInput { threads_per_block: tpb, block_index, warp_index, n, data: LaneData::Seeded(seed), order_override: order };
        let t = p.program.run(&input);
        let e = t.lane_efficiency();
        let el = t.lane_efficiency_vs_launch();
        prop_assert!((0.0..=1.0).contains(&e));
        prop_assert!((0.0..=1.0).contains(&el));
        prop_assert!(el >= e);
        let lines = p.listing().len() as u32;
        for s in &t.steps {
            prop_assert!(s.mask != 0);
            prop_assert_eq!(s.mask & !t.launch_mask, 0);
            prop_assert!(s.line < lines);
        }
        prop_assert_eq!(t.clone(), p.program.run(&input));
    }

    #[test]
    fn odd_parameters_do_not_panic(
        divisor in any::<u32>(), modulus in any::<u32>(), residue in any::<u32>(),
        trips in any::<u32>(), unroll in any::<u32>(), m in any::<u32>(),
    ) {
        let program = Program {
            signature: "__global__ void k()".to_string(),
            body: vec![
                branch(Cond::TidDivMod { divisor, modulus, residue }, vec![Stmt::Loop {
                    trips: TripCount::Constant(trips), unroll, body: vec![Stmt::Loop {
                        trips: TripCount::LaneModPlusOne(m), unroll, body: vec![op("x += 1;")],
                    }],
                }], vec![Stmt::Return], BranchOrder::ElseFirst),
                op("y = x;"),
            ],
        };
        let t = program.run(&WarpInput::default());
        prop_assert!(t.steps.len() <= MAX_STEPS);
        prop_assert!((0.0..=1.0).contains(&t.lane_efficiency()));
    }
}
