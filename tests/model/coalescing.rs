//! Global-memory coalescing: spec §4 worked examples, the H200 fixtures, the chapter presets and
//! properties of [`coalesce`].

use proptest::prelude::*;
use warpscope::model::access::{preset_by_id, AccessPattern, Pattern, COALESCING_PRESETS};
use warpscope::model::coalescing::{
    coalesce, coalesce_detail, AccessError, CoalescingReport, WarpAccess,
};

use crate::common::fixture_json;

/// `a_i = base + off + lane · stride` for all 32 lanes (spec §4's convention).
fn strided(width: u32, stride_bytes: i64, off_bytes: i64) -> WarpAccess {
    let base: i64 = 4096;
    WarpAccess {
        addresses: std::array::from_fn(|l| {
            Some(u64::try_from(base + off_bytes + l as i64 * stride_bytes).expect("non-negative"))
        }),
        bytes_per_lane: width,
    }
}

#[test]
fn spec_section_4_worked_examples() {
    // Source: spec/hw-model.md §4, "Worked examples, measured with ncu on H200 [PROBE]";
    // base 4096-aligned, a_i = base + off + lane·stride. Columns: w, stride (B), off, sectors.
    const TABLE: &[(u32, i64, i64, u32)] = &[
        (4, 4, 0, 4),     // perfectly coalesced, 1 line
        (4, 8, 0, 8),     // 50 % efficiency
        (4, 32, 0, 32),   // one sector per thread
        (4, 128, 0, 32),  // 32 lines
        (4, 0, 0, 1),     // broadcast
        (4, 4, 4, 5),     // misaligned: crosses a sector (and line) boundary
        (4, -4, 124, 4),  // reversed order, still 4 sectors
        (8, 8, 0, 8),     // 256 B = 2 lines
        (8, 16, 0, 16),   //
        (16, 16, 0, 16),  // 512 B = 4 lines
        (16, 16, 16, 17), //
        (16, 32, 0, 32),  //
    ];
    for &(w, stride, off, sectors) in TABLE {
        let r = coalesce(&strided(w, stride, off)).expect("valid access");
        assert_eq!(
            (r.requests, r.sectors),
            (1, sectors),
            "w={w} stride={stride} off={off}"
        );
        assert_eq!(r.bytes_moved, 32 * u64::from(sectors));
        assert_eq!(r.bytes_requested, 32 * u64::from(w));
    }
}

#[test]
fn spec_section_4_efficiency_and_lines() {
    // Spec §4 notes: stride 8 B is "50 % efficiency"; 128-B stride touches 32 lines;
    // 8 B unit stride is 2 lines, 16 B unit stride 4 lines.
    assert_eq!(
        coalesce(&strided(4, 8, 0))
            .expect("valid test input")
            .efficiency(),
        0.5
    );
    assert_eq!(
        coalesce(&strided(4, 128, 0))
            .expect("valid test input")
            .lines,
        32
    );
    assert_eq!(
        coalesce(&strided(8, 8, 0)).expect("valid test input").lines,
        2
    );
    assert_eq!(
        coalesce(&strided(16, 16, 0))
            .expect("valid test input")
            .lines,
        4
    );
    assert_eq!(
        coalesce(&strided(4, 4, 4)).expect("valid test input").lines,
        2
    );
}

fn fixture_access(p: &serde_json::Value) -> WarpAccess {
    let offsets = p["byte_offsets"].as_array().expect("byte_offsets");
    assert_eq!(offsets.len(), 32);
    WarpAccess {
        addresses: std::array::from_fn(|l| {
            let off = offsets[l].as_i64().expect("integer offset");
            // -1 marks an inactive lane; the base is a cudaMalloc pointer (≥ 256-B aligned), so
            // offsets from 0 give the same sectors and lines.
            u64::try_from(off).ok()
        }),
        bytes_per_lane: p["elem_bytes"].as_u64().expect("elem_bytes") as u32,
    }
}

fn per_warp(p: &serde_json::Value, metric: &str) -> u64 {
    let sum = p["metrics"][metric].as_u64().expect(metric);
    let warps = p["warps"].as_u64().expect("warps");
    assert_eq!(sum % warps, 0, "{metric} not a multiple of warps");
    sum / warps
}

#[test]
fn every_h200_fixture_pattern_matches_sectors_requests_and_wavefronts() {
    // Source: tests/fixtures/coalescing_h200.json (shared/truth/coalescing.json, ncu on H200).
    let data = fixture_json("coalescing_h200.json");
    let patterns = data["patterns"].as_array().expect("patterns");
    assert_eq!(patterns.len(), 24);
    let mut mismatches = Vec::new();
    for p in patterns {
        let name = format!("{} {} #{}", p["pattern"], p["type"], p["index"]);
        let d = coalesce_detail(&fixture_access(p)).expect("fixture access is valid");
        let measured = (
            per_warp(p, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
            per_warp(p, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"),
            per_warp(
                p,
                "l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum",
            ),
            per_warp(p, "lts__t_sectors_srcunit_tex_op_read.sum"),
        );
        let model = (
            u64::from(d.report.requests),
            u64::from(d.report.sectors),
            u64::from(d.output_wavefronts),
            // Cold caches (--cache-control all): L2 serves every L1 sector.
            u64::from(d.report.sectors),
        );
        if measured != model {
            mismatches.push(format!("{name}: measured {measured:?}, model {model:?}"));
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

#[test]
fn output_wavefronts_fit_covers_one_to_eight() {
    // The ⌈lines / 4⌉ fit is exercised at 1, 2, 4 and 8 wavefronts by the fixtures; the truth
    // README also reports column reads (32 lines) → 8.
    let column = preset_by_id(COALESCING_PRESETS, "matrix-column").expect("valid test input");
    let d = coalesce_detail(&column.access.warp_access().expect("valid test input"))
        .expect("valid test input");
    assert_eq!((d.report.lines, d.output_wavefronts), (32, 8));
}

#[test]
fn presets_give_the_counts_the_chapter_promises() {
    // (id, sectors, lines, efficiency). Sources: spec §4 table and the course text
    // (gpu-kernel-engineering-01: unit stride 4 sectors; scattered 32 sectors, 1/8 not 1/32).
    const TABLE: &[(&str, u32, u32, f64)] = &[
        ("unit-stride", 4, 1, 1.0),
        ("course-scattered", 32, 32, 0.125),
        ("misaligned-4b", 5, 2, 0.8),
        ("stride-2", 8, 2, 0.5),
        ("stride-8", 32, 8, 0.125),
        ("stride-32", 32, 32, 0.125),
        ("broadcast", 1, 1, 4.0),
        ("float2-unit", 8, 2, 1.0),
        ("float4-unit", 16, 4, 1.0),
        ("aos-xyz", 12, 3, 1.0 / 3.0),
        ("soa-x", 4, 1, 1.0),
        ("matrix-row", 4, 1, 1.0),
        ("matrix-column", 32, 32, 0.125),
        ("boundary-check", 3, 1, 80.0 / 96.0),
        ("random-permutation", 4, 1, 1.0),
    ];
    assert_eq!(TABLE.len(), COALESCING_PRESETS.len());
    for &(id, sectors, lines, eff) in TABLE {
        let p = preset_by_id(COALESCING_PRESETS, id).unwrap_or_else(|| panic!("{id}"));
        let r = coalesce(&p.access.warp_access().expect(id)).expect(id);
        assert_eq!(
            (r.requests, r.sectors, r.lines),
            (1, sectors, lines),
            "{id}"
        );
        assert!(
            (r.efficiency() - eff).abs() < 1e-12,
            "{id}: {}",
            r.efficiency()
        );
    }
}

#[test]
fn course_scattered_legacy_line_view_is_one_thirty_second() {
    // Course: "有效带宽掉到 1/8（不是常说的 1/32——那是按 128 B cache line 数的老口径）".
    let p = preset_by_id(COALESCING_PRESETS, "course-scattered").expect("valid test input");
    let d = coalesce_detail(&p.access.warp_access().expect("valid test input"))
        .expect("valid test input");
    assert_eq!(d.legacy.line_transactions, 32);
    assert_eq!(d.report.bytes_requested * 32, d.legacy.line_bytes_moved());
}

#[test]
fn legacy_split_for_8_and_16_byte_words() {
    // PG CC 3.x (cutlass#328): 8-byte words → one request per half-warp, 16-byte words → one
    // per quarter-warp; each group coalesced on its own.
    let f2 = coalesce_detail(&strided(8, 8, 0))
        .expect("valid test input")
        .legacy;
    assert_eq!(
        (f2.groups.len(), f2.requests, f2.line_transactions),
        (2, 2, 2)
    );
    let f4 = coalesce_detail(&strided(16, 16, 0))
        .expect("valid test input")
        .legacy;
    assert_eq!(
        (f4.groups.len(), f4.requests, f4.line_transactions),
        (4, 4, 4)
    );
    // A float4 broadcast: every quarter-warp asks for the same line again.
    let b4 = coalesce_detail(&strided(16, 0, 0))
        .expect("valid test input")
        .legacy;
    assert_eq!(
        (b4.requests, b4.line_transactions, b4.sector_transactions),
        (4, 4, 4)
    );
    // Half the warp inactive: only two quarter-warp requests remain.
    let mut half = strided(16, 16, 0);
    half.addresses[16..].fill(None);
    let h = coalesce_detail(&half).expect("valid test input").legacy;
    assert_eq!((h.requests, h.line_transactions), (2, 2));
}

#[test]
fn errors_for_width_alignment_and_none_for_inactive() {
    assert_eq!(
        coalesce(&strided(3, 4, 0)),
        Err(AccessError::UnsupportedWidth { bytes_per_lane: 3 })
    );
    assert_eq!(
        coalesce(&strided(0, 4, 0)),
        Err(AccessError::UnsupportedWidth { bytes_per_lane: 0 })
    );
    assert_eq!(
        coalesce(&strided(16, 16, 4)),
        Err(AccessError::Misaligned {
            lane: 0,
            address: 4100,
            bytes_per_lane: 16
        })
    );
    let none = WarpAccess {
        addresses: [None; 32],
        bytes_per_lane: 8,
    };
    assert_eq!(
        coalesce(&none),
        Ok(CoalescingReport {
            requests: 0,
            sectors: 0,
            lines: 0,
            bytes_requested: 0,
            bytes_moved: 0
        })
    );
    assert_eq!(coalesce(&none).expect("valid test input").efficiency(), 1.0);
    // The top of the address space is fine when aligned.
    let top = WarpAccess {
        addresses: std::array::from_fn(|l| if l == 0 { Some(u64::MAX - 15) } else { None }),
        bytes_per_lane: 16,
    };
    assert_eq!(coalesce(&top).expect("valid test input").sectors, 1);
}

#[test]
fn builder_misaligned_float4_is_an_error_not_a_panic() {
    let mut p = AccessPattern::new(Pattern::Strided { stride_elems: 1 }, 16);
    p.offset_bytes = 4;
    let access = p.warp_access().expect("addresses are in range");
    assert!(matches!(
        coalesce(&access),
        Err(AccessError::Misaligned { lane: 0, .. })
    ));
}

#[test]
fn detail_per_lane_and_per_sector_is_consistent() {
    let d = coalesce_detail(&strided(4, 4, 4)).expect("valid test input");
    // Misaligned by 4: lanes 0..=6 in the first sector (28 B), lane 31 alone in the fifth (4 B).
    assert_eq!(d.touched_sectors.len(), 5);
    assert_eq!(d.touched_sectors[0].bytes_used, 28);
    assert_eq!(d.touched_sectors[4].bytes_used, 4);
    assert_eq!(d.touched_sectors[4].lane_mask, 1 << 31);
    assert_eq!(d.lanes[31].expect("valid test input").touched_slot, 4);
    assert_eq!(d.lanes[0].expect("valid test input").byte_in_sector, 4);
    assert!((d.sector_utilization() - 0.8).abs() < 1e-12);
}

fn width() -> impl Strategy<Value = u32> {
    prop_oneof![Just(1u32), Just(2), Just(4), Just(8), Just(16)]
}

/// A valid access: aligned addresses in a window (so that sectors collide often) or anywhere.
fn aligned_access() -> impl Strategy<Value = WarpAccess> {
    (width(), any::<bool>()).prop_flat_map(|(w, small)| {
        let addr = if small {
            (0u64..2048).boxed()
        } else {
            any::<u64>().boxed()
        };
        proptest::array::uniform32(proptest::option::weighted(0.85, addr)).prop_map(move |a| {
            WarpAccess {
                addresses: a.map(|x| x.map(|x| x / u64::from(w) * u64::from(w))),
                bytes_per_lane: w,
            }
        })
    })
}

proptest! {
    #[test]
    fn never_panics_on_arbitrary_input(
        addresses in proptest::array::uniform32(any::<Option<u64>>()),
        bytes_per_lane in prop_oneof![any::<u32>(), 0u32..20],
    ) {
        let _ = coalesce_detail(&WarpAccess { addresses, bytes_per_lane });
    }

    #[test]
    fn sectors_cover_the_bytes(access in aligned_access()) {
        let d = coalesce_detail(&access).expect("valid test input");
        let r = &d.report;
        // Every distinct byte lies in a moved sector.
        prop_assert!(u64::from(r.sectors) * 32 >= d.bytes_used);
        prop_assert!(d.bytes_used <= r.bytes_requested);
        prop_assert!(r.lines <= r.sectors && r.sectors <= 4 * r.lines);
        prop_assert!(r.sectors <= access.active_lanes());
        prop_assert_eq!(r.requests, u32::from(access.active_lanes() > 0));
        prop_assert_eq!(r.bytes_moved, 32 * u64::from(r.sectors));
        prop_assert_eq!(d.output_wavefronts, r.lines.div_ceil(4));
        let legacy_sum: u32 = d.legacy.groups.iter().map(|g| g.sectors).sum();
        prop_assert!(d.legacy.sector_transactions == legacy_sum && legacy_sum >= r.sectors);
    }

    #[test]
    fn distinct_addresses_move_at_least_what_they_request(access in aligned_access()) {
        let mut seen: Vec<u64> = access.addresses.iter().flatten().copied().collect();
        let n = seen.len();
        seen.sort_unstable();
        seen.dedup();
        prop_assume!(seen.len() == n);
        let r = coalesce(&access).expect("valid test input");
        prop_assert!(r.bytes_moved >= r.bytes_requested);
        prop_assert!(u64::from(r.sectors) >= r.bytes_requested.div_ceil(32));
        prop_assert!(r.efficiency() <= 1.0);
    }

    #[test]
    fn permuting_lanes_keeps_sectors_lines_and_bytes(
        access in aligned_access(),
        perm in Just((0..32usize).collect::<Vec<_>>()).prop_shuffle(),
    ) {
        let permuted = WarpAccess {
            addresses: std::array::from_fn(|l| access.addresses[perm[l]]),
            bytes_per_lane: access.bytes_per_lane,
        };
        let a = coalesce_detail(&access).expect("valid test input");
        let b = coalesce_detail(&permuted).expect("valid test input");
        prop_assert_eq!(a.report, b.report);
        prop_assert_eq!(a.bytes_used, b.bytes_used);
        prop_assert_eq!(a.output_wavefronts, b.output_wavefronts);
    }

    #[test]
    fn builder_never_panics(
        base in any::<u64>(),
        offset in any::<i64>(),
        w in prop_oneof![width(), any::<u32>()],
        stride in any::<i64>(),
        mask in any::<u32>(),
    ) {
        let p = AccessPattern {
            pattern: Pattern::Strided { stride_elems: stride },
            elem_bytes: w,
            offset_bytes: offset,
            base_address: base,
            active_mask: mask,
        };
        if let Ok(access) = p.warp_access() {
            let _ = coalesce(&access);
        }
    }
}

/// The builder's pattern for a fixture pattern name (None: the probe's own random permutation).
fn builder_for(name: &str, elem_bytes: u32) -> Option<AccessPattern> {
    let mut p = AccessPattern::new(Pattern::Strided { stride_elems: 1 }, elem_bytes);
    match name {
        "unit_stride_aligned" => {}
        "unit_stride_shifted_32B" => p.offset_bytes = 32,
        "stride_2_elements" => p.pattern = Pattern::Strided { stride_elems: 2 },
        "stride_8_elements" => p.pattern = Pattern::Strided { stride_elems: 8 },
        "all_lanes_same_address" => p.pattern = Pattern::Strided { stride_elems: 0 },
        "unit_stride_lanes_0_15_only" => p.active_mask = 0xFFFF,
        "random_permutation_of_unit_stride" => return None,
        _ => {
            let width: u32 = name.strip_prefix("2d_row_access_W")?.parse().ok()?;
            p.pattern = Pattern::MatrixRow {
                row: 5,
                row_pitch_elems: width,
            };
        }
    }
    Some(p)
}

#[test]
fn builder_reproduces_the_fixture_patterns() {
    // The probe's byte offsets, rebuilt from the pattern names with `model::access`.
    let data = fixture_json("coalescing_h200.json");
    for p in data["patterns"].as_array().expect("patterns") {
        let name = p["pattern"].as_str().expect("name");
        let fixture = fixture_access(p);
        match builder_for(name, fixture.bytes_per_lane) {
            Some(pattern) => {
                assert_eq!(pattern.warp_access(), Ok(fixture), "{name}");
            }
            None => {
                // "each lane one distinct element of the contiguous 32*E-byte span".
                let w = u64::from(fixture.bytes_per_lane);
                let mut elems: Vec<u64> =
                    fixture.addresses.iter().flatten().map(|a| a / w).collect();
                elems.sort_unstable();
                assert_eq!(elems, (0..32).collect::<Vec<u64>>(), "{name}");
            }
        }
    }
}
