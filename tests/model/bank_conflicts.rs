//! Shared-memory bank conflicts: spec §5 worked examples, the H200 fixtures, the chapter presets
//! and properties of [`bank_conflicts`].

use proptest::prelude::*;
use warpscope::model::access::{preset_by_id, AccessPattern, Pattern, BANK_PRESETS};
use warpscope::model::bank_conflicts::{
    bank_conflicts, AccessError, Packing, PhaseSplit, SmemAccess,
};

use crate::common::fixture_json;

fn warp(width: u32, addr_of_lane: impl Fn(u32) -> u32) -> SmemAccess {
    SmemAccess {
        addresses: std::array::from_fn(|l| Some(addr_of_lane(l as u32))),
        bytes_per_lane: width,
    }
}

#[test]
fn spec_section_5_worked_examples() {
    // Source: spec/hw-model.md §5, "Worked examples: one warp, all lanes active,
    // addr_i = i · stride, measured with ncu on H200 [PROBE]". The stride is in 4-byte words;
    // the last rows use lane formulas (in words). Columns: w, byte address of lane, wavefronts,
    // conflicts.
    type Row = (u32, fn(u32) -> u32, u32, u32, &'static str);
    let table: &[Row] = &[
        (4, |i| 4 * i, 1, 0, "32 distinct banks"),
        (4, |i| 4 * 2 * i, 2, 1, "2-way"),
        (4, |i| 4 * 16 * i, 16, 15, "16-way"),
        (4, |i| 4 * 32 * i, 32, 31, "all lanes hit bank 0"),
        (4, |i| 4 * 33 * i, 1, 0, "padding trick"),
        (4, |_| 0, 1, 0, "broadcast"),
        (8, |i| 4 * 2 * i, 2, 0, "contiguous: 2 half-warps x 1"),
        (8, |i| 4 * 4 * i, 4, 2, "each half-warp 2-way"),
        (8, |i| 4 * 32 * i, 32, 30, "each half-warp 16-way"),
        (8, |i| 4 * 34 * i, 2, 0, "stride 34 words"),
        (8, |_| 0, 1, 0, "all same: packing exception -> 1 phase"),
        (
            8,
            |i| 4 * (i % 16) * 2,
            2,
            0,
            "lanes i and i+16 equal: 2 half-warps",
        ),
        (16, |i| 4 * 4 * i, 4, 0, "contiguous: 4 quarter-warps x 1"),
        (16, |i| 4 * 8 * i, 8, 4, "each quarter 2-way"),
        (16, |i| 4 * 32 * i, 32, 28, "each quarter 8-way"),
        (16, |_| 0, 2, 0, "all same: packing exception -> 2 phases"),
        (
            16,
            |i| 4 * (i / 2) * 4,
            2,
            0,
            "T_n = T_(n^1): packing exception",
        ),
        (
            16,
            |i| 4 * (i % 4) * 4,
            4,
            0,
            "Greg Smith's forum case: 4 phases",
        ),
    ];
    for &(w, addr, wavefronts, conflicts, why) in table {
        let r = bank_conflicts(&warp(w, addr)).expect(why);
        assert_eq!(
            (r.wavefronts, r.conflicts),
            (wavefronts, conflicts),
            "w={w}: {why}"
        );
        // Full warp: ideal = w / 4, so conflicts are ncu's max(0, wavefronts − w/4).
        assert_eq!(r.ideal_wavefronts, w / 4, "{why}");
    }
}

#[test]
fn phases_follow_width_and_packing() {
    // Spec §5 "Phases by access width" and "Packing exception".
    let f32 = bank_conflicts(&warp(4, |i| 4 * i)).expect("valid test input");
    assert_eq!(
        (f32.phase_split, f32.phases.len()),
        (PhaseSplit::WholeWarp, 1)
    );
    let f64 = bank_conflicts(&warp(8, |i| 8 * i)).expect("valid test input");
    assert_eq!(
        (f64.phase_split, f64.packing),
        (PhaseSplit::HalfWarps, None)
    );
    assert_eq!(
        f64.phases.iter().map(|p| p.wavefronts).collect::<Vec<_>>(),
        [1, 1]
    );
    let f128 = bank_conflicts(&warp(16, |i| 16 * i)).expect("valid test input");
    assert_eq!(f128.phase_split, PhaseSplit::QuarterWarps);
    assert_eq!(f128.lanes[9].expect("valid test input").phase, 1);
    assert_eq!(
        f128.lanes[9]
            .expect("valid test input")
            .banks()
            .collect::<Vec<_>>(),
        [4, 5, 6, 7]
    );
    // (n, n^2) pairing: lanes 0,2 / 1,3 equal, lanes 0,1 differ.
    let two_apart =
        bank_conflicts(&warp(16, |i| 16 * ((i & 1) + 2 * (i / 4)))).expect("valid test input");
    assert_eq!(two_apart.packing, Some(Packing::PairsTwoApart));
    assert_eq!(two_apart.phase_split, PhaseSplit::HalfWarps);
    assert_eq!(two_apart.wavefronts, 2);
}

fn fixture_access(p: &serde_json::Value) -> SmemAccess {
    let offsets = p["byte_offsets"].as_array().expect("byte_offsets");
    assert_eq!(offsets.len(), 32);
    SmemAccess {
        addresses: std::array::from_fn(|l| {
            // -1 marks an inactive lane.
            u32::try_from(offsets[l].as_i64().expect("integer offset")).ok()
        }),
        bytes_per_lane: p["elem_bytes"].as_u64().expect("elem_bytes") as u32,
    }
}

fn per_warp(p: &serde_json::Value, metric: &str) -> u32 {
    let sum = p["metrics"][metric].as_u64().expect(metric);
    let warps = p["warps"].as_u64().expect("warps");
    assert_eq!(sum % warps, 0, "{metric} not a multiple of warps");
    u32::try_from(sum / warps).expect("small")
}

#[test]
fn every_h200_fixture_pattern_matches_wavefronts_and_conflicts() {
    // Source: tests/fixtures/bank_conflicts_h200.json (shared/truth/bank_conflicts.json, ncu on
    // H200): one LDS per launch, one warp.
    let data = fixture_json("bank_conflicts_h200.json");
    let patterns = data["patterns"].as_array().expect("patterns");
    assert_eq!(patterns.len(), 18);
    let mut mismatches = Vec::new();
    for p in patterns {
        let name = format!("{} {} #{}", p["pattern"], p["type"], p["index"]);
        let r = bank_conflicts(&fixture_access(p)).expect("fixture access is valid");
        let wavefronts = per_warp(p, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum");
        let conflicts = per_warp(
            p,
            "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
        );
        let elem_bytes = p["elem_bytes"].as_u64().expect("elem_bytes") as u32;
        // The truth README's reading of ncu: conflicts = max(0, wavefronts − elem_bytes / 4).
        let ncu_rule = wavefronts.saturating_sub(elem_bytes / 4);
        if (r.wavefronts, r.conflicts) != (wavefronts, conflicts) || conflicts != ncu_rule {
            mismatches.push(format!(
                "{name}: measured ({wavefronts}, {conflicts}), model ({}, {}), ncu rule {ncu_rule}",
                r.wavefronts, r.conflicts
            ));
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

#[test]
fn every_quiz_access_matches_ncu_on_the_h200() {
    // Source: tests/fixtures/bank_conflicts_quiz_h200.json (tests/gpu/bank_quiz.cu, ncu 2025.3 on
    // an H200): every access the quiz's bank kind draws, index = (lane / group) × stride, for 4-,
    // 8- and 16-byte elements; one LDS per launch, one warp. Wavefronts match the model and ncu's
    // conflict counter matches `ncu_conflicts` (extra wavefronts per phase) in every row; it
    // differs from wavefronts − ideal exactly where paired lanes share an address and the
    // wavefronts exceed the halved phases (the rows listed in `differ`).
    let data = fixture_json("bank_conflicts_quiz_h200.json");
    let patterns = data["patterns"].as_array().expect("patterns");
    assert_eq!(patterns.len(), 120);
    let mut mismatches = Vec::new();
    let mut differ = Vec::new();
    for p in patterns {
        let field = |k: &str| p[k].as_u64().expect(k) as u32;
        let (elem, stride, group) = (field("elem_bytes"), field("stride"), field("group"));
        let access = fixture_access(p);
        // The fixture's offsets are the quiz's formula.
        for (lane, a) in access.addresses.iter().enumerate() {
            assert_eq!(*a, Some(lane as u32 / group * stride * elem));
        }
        let r = bank_conflicts(&access).expect("fixture access is valid");
        let metric = |m: &str| p["metrics"][m].as_u64().expect(m) as u32;
        let wavefronts = metric("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum");
        let conflicts = metric("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
        assert_eq!(metric("smsp__sass_inst_executed_op_shared_ld.sum"), 1);
        if (r.wavefronts, r.ncu_conflicts()) != (wavefronts, conflicts) {
            mismatches.push(format!(
                "{elem} B, stride {stride}, group {group}: measured ({wavefronts}, {conflicts}), model ({}, {})",
                r.wavefronts,
                r.ncu_conflicts()
            ));
        }
        if r.conflicts != conflicts {
            assert!(r.packing.is_some(), "{elem} {stride} {group}");
            differ.push((elem, stride, group));
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
    // Pair-packed 8- and 16-byte rows with more wavefronts than phases.
    assert_eq!(
        differ,
        [
            (8, 2, 2),
            (8, 4, 2),
            (8, 4, 4),
            (8, 8, 2),
            (8, 8, 4),
            (8, 8, 8),
            (8, 16, 2),
            (8, 16, 4),
            (8, 16, 8),
            (8, 32, 2),
            (8, 32, 4),
            (8, 32, 8),
            (16, 2, 2),
            (16, 4, 2),
            (16, 4, 4),
            (16, 8, 2),
            (16, 8, 4),
            (16, 8, 8),
            (16, 16, 2),
            (16, 16, 4),
            (16, 16, 8),
            (16, 32, 2),
            (16, 32, 4),
            (16, 32, 8),
        ]
    );
}

#[test]
fn presets_give_the_counts_the_chapter_promises() {
    // (id, wavefronts, conflicts). Sources: spec §5 table and the truth README (H200 probe):
    // stride-32 → 32, padded column → 1, XOR swizzle → 1, float4 broadcast → 2.
    const TABLE: &[(&str, u32, u32)] = &[
        ("stride-1", 1, 0),
        ("stride-2", 2, 1),
        ("stride-16", 16, 15),
        ("stride-32", 32, 31),
        ("stride-33", 1, 0),
        ("broadcast", 1, 0),
        ("float2-contiguous", 2, 0),
        ("float2-stride-2", 4, 2),
        ("float2-broadcast", 1, 0),
        ("float2-lane-mod-16", 2, 0),
        ("float2-adjacent-pairs", 1, 0),
        ("float4-contiguous", 4, 0),
        ("float4-stride-2", 8, 4),
        ("float4-broadcast", 2, 0),
        ("forum-lane-mod-4", 4, 0),
        ("tile-row", 1, 0),
        ("tile-column", 32, 31),
        ("tile-column-padded", 1, 0),
        ("tile-column-xor", 1, 0),
    ];
    assert_eq!(TABLE.len(), BANK_PRESETS.len());
    for &(id, wavefronts, conflicts) in TABLE {
        let p = preset_by_id(BANK_PRESETS, id).unwrap_or_else(|| panic!("{id}"));
        let r = bank_conflicts(&p.access.smem_access().expect(id)).expect(id);
        assert_eq!((r.wavefronts, r.conflicts), (wavefronts, conflicts), "{id}");
    }
}

#[test]
fn forum_case_is_lane_mod_4_times_16_bytes() {
    // Greg Smith's forum case, written as the chapter states it: byte address (lane % 4) * 16.
    let p = preset_by_id(BANK_PRESETS, "forum-lane-mod-4").expect("valid test input");
    let access = p.access.smem_access().expect("valid test input");
    assert_eq!(access, warp(16, |l| (l % 4) * 16));
}

#[test]
fn permuting_lanes_can_change_wavefronts_for_wide_accesses() {
    // The same multiset of 8-byte addresses: lanes l and l+16 equal (2 wavefronts) versus
    // adjacent lanes equal (1 wavefront, packing exception). Truth README "Surprise".
    let mod16 = bank_conflicts(&warp(8, |l| (l % 16) * 8)).expect("valid test input");
    let pairs = bank_conflicts(&warp(8, |l| (l / 2) * 8)).expect("valid test input");
    assert_eq!((mod16.wavefronts, pairs.wavefronts), (2, 1));
    // Without packing, moving a lane across a phase boundary changes the count too: float4
    // stride 1 (4 wavefronts) against lanes regrouped so that quarter-warp 0 reads elements
    // 0, 8, 16, 24, 1, 9, 17, 25: elements 0, 8, 16, 24 all sit in banks 0–3, so 4-way, and
    // likewise for every quarter: 4 × 4 = 16.
    let contiguous = bank_conflicts(&warp(16, |l| 16 * l)).expect("valid test input");
    let regrouped =
        bank_conflicts(&warp(16, |l| 16 * ((l % 4) * 8 + l / 4))).expect("valid test input");
    assert_eq!((contiguous.wavefronts, regrouped.wavefronts), (4, 16));
}

#[test]
fn errors_for_width_and_alignment() {
    assert_eq!(
        bank_conflicts(&warp(12, |l| 16 * l)),
        Err(AccessError::UnsupportedWidth { bytes_per_lane: 12 })
    );
    assert_eq!(
        bank_conflicts(&warp(8, |l| 4 * l)),
        Err(AccessError::Misaligned {
            lane: 1,
            address: 4,
            bytes_per_lane: 8
        })
    );
    // Sub-word accesses: four bytes of one word are a broadcast.
    let bytes = bank_conflicts(&warp(1, |l| l)).expect("valid test input");
    assert_eq!((bytes.wavefronts, bytes.conflicts), (1, 0));
    let halves = bank_conflicts(&warp(2, |l| 2 * l * 32)).expect("valid test input");
    assert_eq!(halves.wavefronts, 16); // words 0,16,32,…: banks 0 and 16, 16 words each
}

#[test]
fn partial_warp_uses_active_lanes_only() {
    // 16 active lanes of a stride-32-word float load: 16 wavefronts, ideal ⌈64/128⌉ = 1.
    let mut a = warp(4, |l| 128 * l);
    a.addresses[16..].fill(None);
    let r = bank_conflicts(&a).expect("valid test input");
    assert_eq!(
        (
            r.active_lanes,
            r.wavefronts,
            r.ideal_wavefronts,
            r.conflicts
        ),
        (16, 16, 1, 15)
    );
    // float4 with only lanes 0..8 active: the other quarter-warps are idle (0 wavefronts).
    let mut b = warp(16, |l| 16 * l);
    b.addresses[8..].fill(None);
    let r = bank_conflicts(&b).expect("valid test input");
    assert_eq!(
        r.phases.iter().map(|p| p.wavefronts).collect::<Vec<_>>(),
        [1, 0, 0, 0]
    );
}

fn width() -> impl Strategy<Value = u32> {
    prop_oneof![Just(1u32), Just(2), Just(4), Just(8), Just(16)]
}

/// Valid accesses: aligned byte offsets, often in a small window so that words collide.
fn aligned_access() -> impl Strategy<Value = SmemAccess> {
    (width(), any::<bool>()).prop_flat_map(|(w, small)| {
        let addr = if small {
            (0u32..1024).boxed()
        } else {
            any::<u32>().boxed()
        };
        proptest::array::uniform32(proptest::option::weighted(0.85, addr)).prop_map(move |a| {
            SmemAccess {
                addresses: a.map(|x| x.map(|x| x / w * w)),
                bytes_per_lane: w,
            }
        })
    })
}

fn distinct_words(access: &SmemAccess) -> u32 {
    let words_per_lane = access.bytes_per_lane.div_ceil(4);
    let mut words: Vec<u32> = access
        .addresses
        .iter()
        .flatten()
        .flat_map(|a| (0..words_per_lane).map(move |i| a / 4 + i))
        .collect();
    words.sort_unstable();
    words.dedup();
    words.len() as u32
}

proptest! {
    #[test]
    fn never_panics_on_arbitrary_input(
        addresses in proptest::array::uniform32(any::<Option<u32>>()),
        bytes_per_lane in prop_oneof![any::<u32>(), 0u32..20],
    ) {
        let _ = bank_conflicts(&SmemAccess { addresses, bytes_per_lane });
    }

    #[test]
    fn wavefronts_are_bounded(access in aligned_access()) {
        let r = bank_conflicts(&access).expect("valid test input");
        let active = access.active_lanes();
        // Each wavefront delivers at most one word per bank: 32 distinct words.
        prop_assert!(r.wavefronts >= distinct_words(&access).div_ceil(32));
        prop_assert_eq!(r.wavefronts == 0, active == 0);
        // At worst every word of every active lane is its own wavefront.
        prop_assert!(r.wavefronts <= active * access.bytes_per_lane.div_ceil(4));
        prop_assert_eq!(r.conflicts, r.wavefronts.saturating_sub(r.ideal_wavefronts));
        prop_assert_eq!(r.ideal_wavefronts, (active * access.bytes_per_lane).div_ceil(128));
        prop_assert_eq!(r.wavefronts, r.phases.iter().map(|p| p.wavefronts).sum::<u32>());
    }

    #[test]
    fn distinct_addresses_need_at_least_the_ideal(access in aligned_access()) {
        // Not true in general: an 8-byte broadcast takes 1 wavefront against an ideal of 2.
        let mut seen: Vec<u32> = access.addresses.iter().flatten().copied().collect();
        let n = seen.len();
        seen.sort_unstable();
        seen.dedup();
        prop_assume!(seen.len() == n);
        let r = bank_conflicts(&access).expect("valid test input");
        prop_assert!(r.wavefronts >= r.ideal_wavefronts);
    }

    #[test]
    fn narrow_accesses_ignore_lane_order(
        access in aligned_access(),
        perm in Just((0..32usize).collect::<Vec<_>>()).prop_shuffle(),
    ) {
        // ≤ 4 bytes: one phase of the whole warp, so only the set of words matters.
        prop_assume!(access.bytes_per_lane <= 4);
        let permuted = SmemAccess {
            addresses: std::array::from_fn(|l| access.addresses[perm[l]]),
            bytes_per_lane: access.bytes_per_lane,
        };
        prop_assert_eq!(
            bank_conflicts(&access).expect("valid test input").wavefronts,
            bank_conflicts(&permuted).expect("valid test input").wavefronts
        );
    }

    #[test]
    fn swapping_half_warps_keeps_wavefronts(access in aligned_access()) {
        // Phases are half- or quarter-warps and the (n^1, n^2) pairings stay inside them, so
        // exchanging the two half-warps only reorders the phases.
        let swapped = SmemAccess {
            addresses: std::array::from_fn(|l| access.addresses[l ^ 16]),
            bytes_per_lane: access.bytes_per_lane,
        };
        prop_assert_eq!(
            bank_conflicts(&access).expect("valid test input").wavefronts,
            bank_conflicts(&swapped).expect("valid test input").wavefronts
        );
    }
}

/// The builder's pattern for a fixture pattern name.
fn builder_for(name: &str, elem_bytes: u32) -> Option<AccessPattern> {
    let mut p = AccessPattern::new(Pattern::Strided { stride_elems: 1 }, elem_bytes);
    p.pattern = match name {
        "f32_stride_1_words" | "f64_double_stride_1" => Pattern::Strided { stride_elems: 1 },
        "f32_stride_3_words" => Pattern::Strided { stride_elems: 3 },
        "f32_stride_8_words" => Pattern::Strided { stride_elems: 8 },
        "f32_stride_17_words" => Pattern::Strided { stride_elems: 17 },
        "f32_stride_33_words" => Pattern::Strided { stride_elems: 33 },
        "f64x1_float2_stride_2" | "float4_stride_2" => Pattern::Strided { stride_elems: 2 },
        "float2_broadcast" => Pattern::Strided { stride_elems: 0 },
        "f32_two_words_different_banks" => Pattern::LaneModulo {
            modulus: 2,
            stride_elems: 1,
        },
        "f32_four_words_same_bank" => Pattern::LaneModulo {
            modulus: 4,
            stride_elems: 32,
        },
        "float4_8_distinct_lanes_mod8" => Pattern::LaneModulo {
            modulus: 8,
            stride_elems: 1,
        },
        "float2_lane_mod16" => Pattern::LaneModulo {
            modulus: 16,
            stride_elems: 1,
        },
        "transpose_tile32x32_column_read_unpadded" => Pattern::MatrixColumn {
            col: 3,
            row_pitch_elems: 32,
        },
        "transpose_tile32x32_row_read" => Pattern::MatrixRow {
            row: 5,
            row_pitch_elems: 32,
        },
        "xor_swizzled_tile32x32_row_read" => Pattern::XorSwizzleRow { row: 5 },
        "float4_reversed_stride_1" | "float2_reversed_stride_1" => {
            p.offset_bytes = 31 * i64::from(elem_bytes);
            Pattern::Strided { stride_elems: -1 }
        }
        _ => return None,
    };
    Some(p)
}

#[test]
fn builder_reproduces_the_fixture_patterns() {
    // The probe's byte offsets, rebuilt from the pattern names with `model::access`.
    let data = fixture_json("bank_conflicts_h200.json");
    for p in data["patterns"].as_array().expect("patterns") {
        let name = p["pattern"].as_str().expect("name");
        let fixture = fixture_access(p);
        let pattern = builder_for(name, fixture.bytes_per_lane)
            .unwrap_or_else(|| panic!("no builder pattern for {name}"));
        assert_eq!(pattern.smem_access(), Ok(fixture), "{name}");
    }
}
