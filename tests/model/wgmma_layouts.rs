//! wgmma's register fragments and shared-memory descriptors, element by element, against the
//! PTX ISA's figures and tables (each test names its figure or section) and proptests over
//! every shape. The hardware dump is replayed in `wgmma_dump.rs`.

use proptest::prelude::*;
use warpscope::model::tensor_core::{
    fragment_layout, ElementType, FragmentSlot, MmaShape, Operand,
};
use warpscope::model::tensor_core_gen::smem_banks::*;
use warpscope::model::tensor_core_gen::smem_descriptor::*;
use warpscope::model::tensor_core_gen::smem_layout::*;
use warpscope::model::tensor_core_gen::wgmma_fragments::*;
use warpscope::model::tensor_core_gen::{wgmma_accumulator_slot, WarpgroupSlot};

const SMEM_H200: u32 = 233_472;

fn d_layout(n: u32, dtype: ElementType) -> WgmmaDLayout {
    WgmmaDLayout::new(n, dtype).unwrap_or_else(|e| panic!("m64n{n} {dtype:?}: {e}"))
}

// ---------------------------------------------------------------------------------------------
// PTX ISA §9.7.15.5.1.1.1, Figure 149 "WGMMA .m64nNk16 register fragment layout for
// accumulator matrix D": rows T0 … T127 by warp, d0/d1 on row groupID, d2/d3 eight rows down,
// then the next 8 columns.

#[test]
fn figure_149_accumulator_d_table() {
    // (thread, i) -> (row, col), read off the figure for N = 16.
    let rows = [
        (0, 0, 0, 0),
        (0, 1, 0, 1),
        (0, 2, 8, 0),
        (0, 3, 8, 1),
        (0, 4, 0, 8),
        (0, 7, 8, 9),
        (1, 0, 0, 2),
        (3, 1, 0, 7),
        (4, 0, 1, 0),
        (31, 7, 15, 15),
        (32, 0, 16, 0),
        (64, 2, 40, 0),
        (127, 7, 63, 15),
    ];
    let d = d_layout(16, ElementType::F32);
    for (t, i, r, c) in rows {
        assert_eq!(d.element_at(t, i), Some((r, c)), "T{t} d{i}");
        let e = d.slot_of(r, c).expect("in range");
        assert_eq!((e.thread, e.index, e.position.register), (t, i, i));
    }
    assert_eq!(d.elements_per_thread(), 8);
    assert_eq!(d.registers_per_thread(), 8);
}

#[test]
fn figure_149_with_f16_accumulators_packs_two_per_register() {
    // Same figure, `.f16` row of the table: N/4 `.f16x2` registers, d_{2j} low half of
    // register j, d_{2j+1} high half.
    let d = d_layout(64, ElementType::F16);
    assert_eq!(
        (d.elements_per_thread(), d.registers_per_thread()),
        (32, 16)
    );
    let e = d.slot_of(8, 1).expect("in range"); // T0 d3
    assert_eq!((e.thread, e.index), (0, 3));
    assert_eq!(
        (e.position.register, e.position.part, e.position.bit_offset),
        (1, 1, 16)
    );
    assert_eq!(d.register_elements(0, 1), [(8, 0), (8, 1)]);
    assert_eq!(d.register_elements(0, 16), []);
}

#[test]
fn the_public_slot_function_matches_the_layout_for_every_n() {
    for n in (8..=256).step_by(8) {
        let d = d_layout(n, ElementType::F32);
        for row in 0..64 {
            for col in 0..n {
                let e = d.slot_of(row, col).expect("in range");
                assert_eq!(
                    wgmma_accumulator_slot(n, row, col),
                    Some(WarpgroupSlot {
                        thread: e.thread,
                        register: e.index
                    })
                );
            }
        }
        assert_eq!(wgmma_accumulator_slot(n, 0, n), None);
    }
    for bad in [0, 4, 12, 257, 264] {
        assert_eq!(wgmma_accumulator_slot(bad, 0, 0), None, "N = {bad}");
    }
}

#[test]
fn s32_accumulators_have_the_isa_n_list() {
    // §9.7.15.5.1.1.3 (m64nNk32, `.s32`): N = 8·i for i = 1…4, 16·i for i = 3…16.
    let legal: Vec<u32> = (0..=264)
        .filter(|&n| WgmmaDLayout::new(n, ElementType::S32).is_ok())
        .collect();
    let mut expected = vec![8, 16, 24, 32];
    expected.extend((3..=16).map(|i| 16 * i));
    assert_eq!(legal, expected);
    assert_eq!(
        WgmmaDLayout::new(40, ElementType::S32),
        Err(WgmmaLayoutError::BadN {
            n: 40,
            dtype: ElementType::S32
        })
    );
    assert_eq!(
        WgmmaDLayout::new(64, ElementType::Bf16),
        Err(WgmmaLayoutError::AccumulatorType(ElementType::Bf16))
    );
}

// ---------------------------------------------------------------------------------------------
// Figure 148 (A, m64nNk16, f16/bf16) and Figure 152 (A, m64nNk32, 8-bit): four registers per
// thread; the warp bands of "Register Fragments" (warp w holds rows 16w … 16w+15).

#[test]
fn figures_148_and_152_matrix_a() {
    let a16 = WgmmaALayout::new(WgmmaAType::Bf16);
    assert_eq!(
        (
            a16.cols(),
            a16.elements_per_thread(),
            a16.registers_per_thread()
        ),
        (16, 8, 4)
    );
    assert_eq!(
        a16.thread_elements(5),
        [
            (1, 2),
            (1, 3),
            (9, 2),
            (9, 3),
            (1, 10),
            (1, 11),
            (9, 10),
            (9, 11)
        ]
    );
    let a8 = WgmmaALayout::new(WgmmaAType::E4m3);
    assert_eq!(
        (
            a8.cols(),
            a8.elements_per_thread(),
            a8.registers_per_thread()
        ),
        (32, 16, 4)
    );
    assert_eq!(
        a8.thread_elements(33)[..4],
        [(16, 4), (16, 5), (16, 6), (16, 7)]
    );
    assert_eq!(a8.element_at(33, 4), Some((24, 4)));
    assert_eq!(a8.element_at(33, 8), Some((16, 20)));
    let e = a8.slot_of(24, 22).expect("in range");
    assert_eq!(
        (e.thread, e.index, e.position.register, e.position.part),
        (33, 14, 3, 2)
    );
    for t in 0..128 {
        for (r, _) in a8.thread_elements(t) {
            assert_eq!(warp_of_row(r), Some(t / 32));
        }
    }
    assert_eq!(warp_of_row(64), None);
}

#[test]
fn a_in_registers_is_a_bijection_for_every_type() {
    for atype in WgmmaAType::ALL {
        let a = WgmmaALayout::new(atype);
        let mut seen = vec![false; (64 * a.cols()) as usize];
        for t in 0..128 {
            for (i, (r, k)) in a.thread_elements(t).into_iter().enumerate() {
                let e = a.slot_of(r, k).expect("in range");
                assert_eq!((e.thread, e.index), (t, i as u32));
                assert!(!std::mem::replace(
                    &mut seen[(r * a.cols() + k) as usize],
                    true
                ));
            }
        }
        assert!(seen.into_iter().all(|s| s), "{atype:?}");
        assert_eq!(a.element_at(128, 0), None);
    }
}

#[test]
fn a_matches_the_measured_mma_sync_a_fragments_warp_by_warp() {
    // The H200-confirmed mma.m16n8k16 (f16) and m16n8k32 (s8) A layouts of
    // `tensor_core::fragment_layout`, shifted to each warp's band.
    for (atype, shape, elem) in [
        (WgmmaAType::F16, MmaShape::MmaM16N8K16, ElementType::F16),
        (WgmmaAType::U8, MmaShape::MmaM16N8K32, ElementType::U8),
    ] {
        let mma = fragment_layout(shape, Operand::A, elem).expect("legal");
        let a = WgmmaALayout::new(atype);
        for t in 0..128 {
            for i in 0..a.elements_per_thread() {
                let (r, k) = a.element_at(t, i).expect("in range");
                let slot = FragmentSlot {
                    lane: t % 32,
                    index: i,
                };
                assert_eq!(mma.element_at(slot), Some((r % 16, k)));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, failure_persistence: None, ..ProptestConfig::default() })]

    /// Slot ↔ element round trip for any N, accumulator type and element.
    #[test]
    fn d_round_trips(i in 1u32..=32, dtype_pick in 0usize..3, row in 0u32..64, col_seed in 0u32..256) {
        let dtype = [ElementType::F32, ElementType::F16, ElementType::S32][dtype_pick];
        let n = 8 * i;
        prop_assume!(n_is_legal(n, dtype));
        let d = d_layout(n, dtype);
        let col = col_seed % n;
        let e = d.slot_of(row, col).expect("in range");
        prop_assert!(e.thread < 128 && e.index < n / 2);
        prop_assert_eq!(d.element_at(e.thread, e.index), Some((row, col)));
        prop_assert_eq!(e.thread / 32, row / 16);
        prop_assert!(d.register_elements(e.thread, e.position.register).contains(&(row, col)));
    }
}

// ---------------------------------------------------------------------------------------------
// §9.7.15.5.1.2 "Shared Memory Matrix Layout": the ISA's worked examples, Figures 166–170, as
// CuTe layouts (element offsets) with their LBO / SBO and encodings.

fn layout(
    major: Major,
    bits: u32,
    mn: u32,
    swizzle: Swizzle,
    lbo: u32,
    sbo: u32,
) -> SmemOperandLayout {
    let operand = SmemOperand {
        major,
        element_bits: bits,
        mn,
        descriptor: MatrixDescriptor {
            start_address_bytes: 0,
            leading_byte_offset_bytes: lbo,
            stride_byte_offset_bytes: sbo,
            base_offset: 0,
            swizzle,
        },
    };
    SmemOperandLayout::new(operand, SMEM_H200).unwrap_or_else(|e| panic!("{operand:?}: {e}"))
}

#[test]
fn isa_examples_figures_166_to_170() {
    // (figure, layout, element offset (mn, k) of the ISA's "Exact layout", element bytes)
    type Exact = fn(u32, u32) -> u32;
    let cases: [(&str, SmemOperandLayout, Exact, u32); 5] = [
        // Figure 166, K-major no swizzle tf32: ((8,2),(4,4)):((4,32),(1,64)), LBO 64·4, SBO 32·4.
        (
            "166",
            layout(Major::K, 32, 16, Swizzle::None, 256, 128),
            |m, k| (m % 8) * 4 + (m / 8) * 32 + k % 4 + (k / 4) * 64,
            4,
        ),
        // Figure 167, K-major 32 B tf32: ((8,2),(4,4)):((8,64),(1,4)), SBO 64·4 (one wgmma's K).
        (
            "167",
            layout(Major::K, 32, 16, Swizzle::B32, 16, 256),
            |m, k| (m % 8) * 8 + (m / 8) * 64 + k,
            4,
        ),
        // Figure 168, MN-major no swizzle bf16: ((8,1,2),(8,2)):((1,8,64),(8,128)),
        // LBO 128·2, SBO 64·2.
        (
            "168",
            layout(Major::Mn, 16, 16, Swizzle::None, 256, 128),
            |m, k| m % 8 + (m / 8) * 64 + (k % 8) * 8 + (k / 8) * 128,
            2,
        ),
        // Figure 169, MN-major 32 B bf16: ((8,2,2),(8,2)):((1,8,128),(16,256)), LBO 128·2,
        // SBO 256·2.
        (
            "169",
            layout(Major::Mn, 16, 32, Swizzle::B32, 256, 512),
            |m, k| m % 8 + ((m / 8) % 2) * 8 + (m / 16) * 128 + (k % 8) * 16 + (k / 8) * 256,
            2,
        ),
        // Figure 170, MN-major 64 B bf16: ((8,4,2),(8,2)):((1,8,256),(32,512)), LBO 256·2,
        // SBO 512·2.
        (
            "170",
            layout(Major::Mn, 16, 64, Swizzle::B64, 512, 1024),
            |m, k| m % 8 + ((m / 8) % 4) * 8 + (m / 32) * 256 + (k % 8) * 32 + (k / 8) * 512,
            2,
        ),
    ];
    for (figure, l, exact, bytes) in cases {
        let swizzle = l.operand().descriptor.swizzle;
        for mn in 0..l.operand().mn {
            for k in 0..l.k() {
                let offset = exact(mn, k) * bytes;
                assert_eq!(
                    l.logical_offset(mn, k),
                    Some(offset),
                    "Figure {figure} ({mn},{k})"
                );
                assert_eq!(l.byte_address(mn, k), Some(swizzle.apply(offset)));
            }
        }
    }
    // The tables' encodings: LBO (64·4) >> 4 = 16, SBO (32·4) >> 4 = 8; Figure 170: 32 and 64.
    assert_eq!(matrix_descriptor_encode(256), 16);
    assert_eq!(matrix_descriptor_encode(128), 8);
    assert_eq!(
        (
            matrix_descriptor_encode(512),
            matrix_descriptor_encode(1024)
        ),
        (32, 64)
    );
}

#[test]
fn swizzle_pattern_boundaries_follow_the_base_offset_table() {
    // "Matrix Descriptor Format": 128 B pattern on 1,024-byte boundaries, 64 B on 512, 32 B on
    // 256; one row off the boundary is refused (base offset needed, not modelled).
    for (swizzle, boundary) in [
        (Swizzle::B128, 1024),
        (Swizzle::B64, 512),
        (Swizzle::B32, 256),
    ] {
        assert_eq!(swizzle.pattern_bytes(), boundary);
        let ok = SmemOperand::canonical(Major::K, 16, 64, swizzle, 4 * boundary);
        assert!(SmemOperandLayout::new(ok, SMEM_H200).is_ok());
        let mut off = ok;
        off.descriptor.start_address_bytes += swizzle.row_bytes();
        assert_eq!(
            SmemOperandLayout::new(off, SMEM_H200),
            Err(SmemLayoutError::PatternMisaligned {
                swizzle,
                pattern_start: 4 * boundary + swizzle.row_bytes(),
                alignment: boundary
            })
        );
        let mut based = ok;
        based.descriptor.base_offset = 1;
        assert_eq!(
            SmemOperandLayout::new(based, SMEM_H200),
            Err(SmemLayoutError::BaseOffsetNotModelled(1))
        );
    }
    // A start 32 bytes into a 128-byte row (the second K block of a 64-wide bf16 tile) is fine;
    // 112 bytes in, the 32 bytes of K would run past the row.
    let shifted = SmemOperand::canonical(Major::K, 16, 64, Swizzle::B128, 1024 + 32);
    assert!(SmemOperandLayout::new(shifted, SMEM_H200).is_ok());
    let overrun = SmemOperand::canonical(Major::K, 16, 64, Swizzle::B128, 1024 + 112);
    assert_eq!(
        SmemOperandLayout::new(overrun, SMEM_H200),
        Err(SmemLayoutError::RowOverrun {
            swizzle: Swizzle::B128,
            offset_in_row: 112,
            bytes: 32
        })
    );
}

#[test]
fn every_refusal_has_its_error() {
    let base = SmemOperand::canonical(Major::K, 16, 64, Swizzle::None, 0);
    let with = |f: fn(&mut SmemOperand)| {
        let mut o = base;
        f(&mut o);
        SmemOperandLayout::new(o, SMEM_H200)
    };
    assert_eq!(
        with(|o| o.descriptor.start_address_bytes = 8),
        Err(SmemLayoutError::Misaligned {
            field: DescriptorField::StartAddress,
            bytes: 8
        })
    );
    assert_eq!(
        with(|o| o.descriptor.stride_byte_offset_bytes = 1 << 18),
        Err(SmemLayoutError::BeyondDescriptorRange {
            field: DescriptorField::StrideByteOffset,
            bytes: 1 << 18
        })
    );
    assert_eq!(
        with(|o| o.descriptor.base_offset = 8),
        Err(SmemLayoutError::BaseOffsetRange(8))
    );
    assert_eq!(
        with(|o| o.element_bits = 4),
        Err(SmemLayoutError::ElementBits(4))
    );
    assert_eq!(with(|o| o.mn = 12), Err(SmemLayoutError::BadExtent(12)));
    assert_eq!(with(|o| o.mn = 264), Err(SmemLayoutError::BadExtent(264)));
    // LBO 64: the second K chunk of every core matrix lands inside the first.
    assert!(matches!(
        with(|o| o.descriptor.leading_byte_offset_bytes = 64),
        Err(SmemLayoutError::Overlap { .. })
    ));
    // 228 KiB of shared memory on H100/H200/B200; 256 KiB is the descriptor's reach.
    assert_eq!(
        with(|o| o.descriptor.start_address_bytes = SMEM_H200 - 1024),
        Err(SmemLayoutError::BeyondSharedMemory {
            end_bytes: SMEM_H200 + 1024,
            capacity_bytes: SMEM_H200
        })
    );
    for e in [
        with(|o| o.descriptor.start_address_bytes = 8),
        with(|o| o.descriptor.leading_byte_offset_bytes = 64),
    ] {
        assert!(!e.expect_err("refused").to_string().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, failure_persistence: None, ..ProptestConfig::default() })]

    /// Descriptor bits round-trip for any aligned fields.
    #[test]
    fn descriptors_round_trip(start in 0u32..16384, lbo in 0u32..16384, sbo in 0u32..16384,
                              base in 0u32..8, sw in 0usize..4) {
        let d = MatrixDescriptor {
            start_address_bytes: 16 * start,
            leading_byte_offset_bytes: 16 * lbo,
            stride_byte_offset_bytes: 16 * sbo,
            base_offset: base,
            swizzle: Swizzle::ALL[sw],
        };
        let bits = d.encode().expect("aligned and in range");
        prop_assert_eq!(MatrixDescriptor::decode(bits), Ok(d));
    }

    /// Every canonical layout puts each element at its own address, inside its footprint and
    /// inside the core matrix the model says, and reads each core matrix in one wavefront.
    #[test]
    fn canonical_layouts_are_injective_and_conflict_free(
        pick in 0usize..3, sw in 0usize..4, n8 in 1u32..=32, atoms in 0u32..8,
    ) {
        let (major, bits) = [(Major::K, 16), (Major::K, 8), (Major::Mn, 16)][pick];
        let swizzle = Swizzle::ALL[sw];
        let op = SmemOperand::canonical(major, bits, 8 * n8, swizzle, 1024 * atoms);
        let l = SmemOperandLayout::new(op, SMEM_H200).expect("canonical");
        let mut seen = std::collections::HashSet::new();
        for mn in 0..op.mn {
            for k in 0..l.k() {
                let a = l.byte_address(mn, k).expect("in range");
                prop_assert!(a >= 1024 * atoms && a < l.end_bytes());
                prop_assert!(seen.insert(a), "({}, {}) shares {}", mn, k, a);
                if (mn + k) % 7 == 0 {
                    let cm = l.core_matrix_of(mn, k).expect("in range");
                    let rows = l.core_matrix_rows(cm).expect("in range");
                    prop_assert!(rows.iter().any(|&r| (r..r + 16).contains(&a)));
                }
            }
        }
        prop_assert_eq!(worst_core_matrix_wavefronts(&l), 1);
    }
}

// ---------------------------------------------------------------------------------------------
// The bank view (CUDA C++ PG "Shared Memory", `bank_conflicts`): 8 rows × 16 bytes.

#[test]
fn row_major_128_byte_rows_are_8_way_until_swizzled() {
    // K-major tile of 64 bf16 per row (128-byte pitch), core matrix rows 0–7, K chunk 3.
    let plain = pitched_core_matrix_banks(128, 0, 3, Swizzle::None).expect("aligned");
    assert_eq!(plain.first_banks, [12; 8]);
    assert_eq!((plain.wavefronts(), plain.report.conflicts), (8, 7));
    let swizzled = pitched_core_matrix_banks(128, 0, 3, Swizzle::B128).expect("aligned");
    let mut groups: Vec<u32> = swizzled.first_banks.iter().map(|b| b / 4).collect();
    groups.sort_unstable();
    assert_eq!(groups, [0, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!((swizzled.wavefronts(), swizzled.report.conflicts), (1, 0));
    let e = swizzle_effect(Swizzle::B128);
    assert_eq!((e.plain_conflicts(), e.swizzled_conflicts()), (7, 0));
    assert_eq!(
        (
            swizzle_effect(Swizzle::B64).plain_wavefronts,
            swizzle_effect(Swizzle::B32).plain_wavefronts
        ),
        (4, 2)
    );
}
