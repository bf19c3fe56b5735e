//! Blackwell's Tensor Memory against the PTX ISA (§9.7.16 "TensorCore 5th Generation Family
//! Instructions"; each test names its section or figure): addressing, allocation, access
//! restrictions, the shape table, the data-path layouts A, B, D, F, and the `tcgen05.ld/st`
//! lane maps (Figures 183–187). No Blackwell GPU was available: these are checked against the
//! ISA's text and tables, CUTLASS's encodings of its figures, and each other.

use warpscope::model::gpu_spec::GpuSpec;
use warpscope::model::tensor_core::{
    fragment_layout, ElementType, FragmentSlot, MmaShape, Operand,
};
use warpscope::model::tensor_core_gen::tcgen05_ld::*;
use warpscope::model::tensor_core_gen::tmem::*;
use warpscope::model::tensor_core_gen::{AccumulatorStorage, Generation};

fn mma(kind: Tcgen05Kind, cta: CtaGroup, m: u32, n: u32, dtype: ElementType) -> Tcgen05Mma {
    Tcgen05Mma::new(kind, cta, m, n, dtype).unwrap_or_else(|e| panic!("{m}x{n}: {e}"))
}

fn cell(cta: u32, lane: u32, column: u32) -> TmemCell {
    TmemCell { cta, lane, column }
}

#[test]
fn tensor_memory_section_9_7_16_1() {
    // "512 columns and 128 rows per CTA, with each cell being 32-bits": 256 KiB.
    assert_eq!((TMEM_LANES, TMEM_COLUMNS, TMEM_CELL_BITS), (128, 512, 32));
    assert_eq!(TMEM_BYTES_PER_CTA, 262_144);
    // "Tensor Memory Addressing": lane in bits 31–16, column in 15–0.
    let a = TmemAddress {
        lane: 64,
        column: 256,
    };
    assert_eq!(a.encode(), Ok(0x0040_0100));
    assert_eq!(
        TmemAddress::decode(0x0080_0000),
        Err(TmemError::CellOutOfRange {
            lane: 128,
            column: 0
        })
    );
    assert!(TmemAddress {
        lane: 0,
        column: 512
    }
    .encode()
    .is_err());
    // "Tensor Memory Allocation": unit 32 columns, a power of two.
    for bad in [0, 16, 48, 96, 1024] {
        assert_eq!(alloc_columns(bad), Err(TmemError::AllocColumns(bad)));
    }
    assert_eq!(alloc_columns(512), Ok(512));
    assert!(!TmemError::AllocColumns(48).to_string().is_empty());
}

#[test]
fn access_restrictions_table() {
    // §9.7.16.8.1 "Access restrictions": warp 0–3 of the warp group → lanes 0–31 … 96–127.
    let table = [(0, 0..32), (1, 32..64), (2, 64..96), (3, 96..128)];
    for (w, lanes) in table {
        assert_eq!(warp_lanes(w), lanes);
        assert_eq!(
            warp_lanes(w + 8),
            warp_lanes(w),
            "warp {} is warp {w} of its group",
            w + 8
        );
        assert_eq!(warp_for_lane(lanes.start), Some(w));
    }
    assert_eq!(warp_for_lane(128), None);
}

#[test]
fn shape_table_dense_no_ws() {
    // §9.7.16.2.1 "Matrix Shape", Table "Various combinations of .kind and shapes".
    let ns = |kind: Tcgen05Kind, cta: CtaGroup, m: u32, dtype: ElementType| -> Vec<u32> {
        (0..=264)
            .filter(|&n| Tcgen05Mma::new(kind, cta, m, n, dtype).is_ok())
            .collect()
    };
    let steps =
        |from: u32, step: u32| -> Vec<u32> { (from..=256).step_by(step as usize).collect() };
    for m in [64, 128] {
        assert_eq!(
            ns(Tcgen05Kind::F16, CtaGroup::One, m, ElementType::F32),
            steps(8, 8)
        );
        assert_eq!(
            ns(Tcgen05Kind::Tf32, CtaGroup::One, m, ElementType::F32),
            steps(8, 8)
        );
        let mut i8 = vec![8, 16, 24, 32];
        i8.extend(steps(48, 16));
        assert_eq!(ns(Tcgen05Kind::I8, CtaGroup::One, m, ElementType::S32), i8);
    }
    for m in [128, 256] {
        assert_eq!(
            ns(Tcgen05Kind::F16, CtaGroup::Two, m, ElementType::F16),
            steps(16, 16)
        );
        assert_eq!(
            ns(Tcgen05Kind::F8f6f4, CtaGroup::Two, m, ElementType::F32),
            steps(16, 16)
        );
        assert_eq!(
            ns(Tcgen05Kind::I8, CtaGroup::Two, m, ElementType::S32),
            steps(32, 32)
        );
    }
    assert_eq!(
        Tcgen05Mma::new(Tcgen05Kind::F16, CtaGroup::One, 256, 64, ElementType::F32),
        Err(TmemError::BadM {
            m: 256,
            cta_group: CtaGroup::One
        })
    );
    assert_eq!(
        Tcgen05Mma::new(Tcgen05Kind::F16, CtaGroup::Two, 64, 64, ElementType::F32),
        Err(TmemError::BadM {
            m: 64,
            cta_group: CtaGroup::Two
        })
    );
    assert_eq!(
        Tcgen05Mma::new(Tcgen05Kind::Tf32, CtaGroup::One, 128, 64, ElementType::F16),
        Err(TmemError::BadAccumulator {
            kind: Tcgen05Kind::Tf32,
            dtype: ElementType::F16
        })
    );
    assert_eq!(
        Tcgen05Mma::new(Tcgen05Kind::I8, CtaGroup::Two, 128, 48, ElementType::S32),
        Err(TmemError::BadN {
            n: 48,
            kind: Tcgen05Kind::I8,
            cta_group: CtaGroup::Two
        })
    );
    let ks: Vec<u32> = Tcgen05Kind::ALL.iter().map(|k| k.k()).collect();
    assert_eq!(ks, [16, 8, 32, 32]);
}

#[test]
fn data_path_layouts_a_b_d_f() {
    // §9.7.16.10.5 "Data Path Layout Organization": which layout each (M, cta_group) uses.
    let f32 = ElementType::F32;
    let d = mma(Tcgen05Kind::F16, CtaGroup::One, 128, 256, f32);
    let f = mma(Tcgen05Kind::F16, CtaGroup::One, 64, 256, f32);
    let b = mma(Tcgen05Kind::F16, CtaGroup::Two, 128, 256, f32);
    let a = mma(Tcgen05Kind::F16, CtaGroup::Two, 256, 256, f32);
    assert_eq!(
        [d.layout(), f.layout(), b.layout(), a.layout()],
        [
            DataPathLayout::D,
            DataPathLayout::F,
            DataPathLayout::B,
            DataPathLayout::A
        ]
    );
    assert_eq!(b.layout().organization(), "2x2");
    // Layout D ("Layout organization for M = 128 + .cta_group::1"): row r in lane r.
    assert_eq!(d.accumulator_cell(77, 200), Some(cell(0, 77, 200)));
    // Layout F (M = 64, "1/2 datapath utilized"): 16 rows per 32-lane chunk, alignment 0 or 16.
    let table_f = [(0, 0), (15, 15), (16, 32), (31, 47), (48, 96), (63, 111)];
    for (row, lane) in table_f {
        assert_eq!(f.accumulator_cell(row, 5), Some(cell(0, lane, 5)));
    }
    let f16 = f.with_lane_alignment(16).expect("Layout F");
    assert_eq!(f16.accumulator_cell(17, 0), Some(cell(0, 49, 0)));
    assert_eq!(f16.element_at(cell(0, 33, 0)), None);
    assert_eq!(
        d.with_lane_alignment(16),
        Err(TmemError::BadLaneAlignment(16))
    );
    // Layout A (M = 256, cta_group::2): the even CTA holds rows 0–127, the odd CTA 128–255.
    assert_eq!(a.accumulator_cell(130, 9), Some(cell(1, 2, 9)));
    // Layout B (M = 128, cta_group::2, dense): each CTA 64 rows; columns N/2… on lanes 64….
    assert_eq!(b.accumulator_cell(3, 10), Some(cell(0, 3, 10)));
    assert_eq!(b.accumulator_cell(3, 130), Some(cell(0, 67, 2)));
    assert_eq!(b.accumulator_cell(70, 255), Some(cell(1, 70, 127)));
    // Columns per CTA and the alloc that holds them.
    let cols: Vec<(u32, u32)> = [d, f, b, a]
        .iter()
        .map(|m| (m.columns_per_cta(), m.alloc_columns()))
        .collect();
    assert_eq!(cols, [(256, 256), (256, 256), (128, 128), (256, 256)]);
    assert_eq!(
        f32_accumulator_columns(CtaGroup::One, 128, 200),
        Ok((200, 256))
    );
    assert_eq!(f32_accumulator_columns(CtaGroup::One, 64, 8), Ok((8, 32)));
    assert_eq!(f32_accumulator_columns(CtaGroup::Two, 128, 16), Ok((8, 32)));
    // "Packing format for matrix D": f16 D is unpacked, one element per 32-bit cell.
    let d16 = mma(Tcgen05Kind::F16, CtaGroup::One, 128, 256, ElementType::F16);
    assert_eq!(d16.columns_per_cta(), d.columns_per_cta());
    // Two 128 × 256 f32 accumulators (double buffering) fill one SM's 512 columns.
    assert_eq!(2 * d.alloc_columns(), TMEM_COLUMNS);
}

#[test]
fn every_legal_accumulator_is_a_bijection_onto_its_cells() {
    let mut shapes = 0;
    for kind in Tcgen05Kind::ALL {
        for cta in [CtaGroup::One, CtaGroup::Two] {
            for m in [64, 128, 256] {
                for n in (8..=256).step_by(8) {
                    for &dtype in kind.accumulators() {
                        let Ok(x) = Tcgen05Mma::new(kind, cta, m, n, dtype) else {
                            continue;
                        };
                        let alignments: &[u32] = if x.layout() == DataPathLayout::F {
                            &[0, 16]
                        } else {
                            &[0]
                        };
                        for &al in alignments {
                            let x = x.with_lane_alignment(al).expect("legal");
                            let mut used = vec![false; (2 * 128 * x.columns_per_cta()) as usize];
                            for row in 0..m {
                                for col in 0..n {
                                    let c = x.accumulator_cell(row, col).expect("in range");
                                    assert!(
                                        c.cta < cta.ctas()
                                            && c.lane < 128
                                            && c.column < x.columns_per_cta()
                                    );
                                    assert_eq!(x.element_at(c), Some((row, col)));
                                    let i = ((c.cta * 128 + c.lane) * x.columns_per_cta()
                                        + c.column)
                                        as usize;
                                    assert!(!std::mem::replace(&mut used[i], true));
                                }
                            }
                            let cells = used.iter().filter(|&&u| u).count() as u32;
                            assert_eq!(cells, m * n);
                            assert_eq!(cells, cta.ctas() * x.lanes_per_cta() * x.columns_per_cta());
                            assert!(x.alloc_columns() >= x.columns_per_cta());
                            shapes += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(shapes > 400, "{shapes}");
}

// ---------------------------------------------------------------------------------------------
// §9.7.16.2.3 "Data Movement Shape" and its Figures 183–187, Table ".num … registers".

fn ld(shape: TmemLdStShape, num: u32) -> TmemLdSt {
    TmemLdSt::new(shape, num).unwrap_or_else(|e| panic!("{e}"))
}

fn at(lane: u32, column: u32) -> TmemOffset {
    TmemOffset { lane, column }
}

#[test]
fn num_table_registers_per_thread() {
    // (.num, .16x32bx2/.16x64b/.32x32b, .16x128b, .16x256b); "NA" past 128 registers.
    let table = [
        (1, 1, 2, 4),
        (2, 2, 4, 8),
        (8, 8, 16, 32),
        (32, 32, 64, 128),
        (64, 64, 128, 0),
        (128, 128, 0, 0),
    ];
    for (num, r1, r2, r4) in table {
        for shape in [
            TmemLdStShape::S32x32b,
            TmemLdStShape::S16x64b,
            TmemLdStShape::S16x32bx2,
        ] {
            assert_eq!(ld(shape, num).registers_per_thread(), r1);
        }
        for (shape, regs) in [(TmemLdStShape::S16x128b, r2), (TmemLdStShape::S16x256b, r4)] {
            match TmemLdSt::new(shape, num) {
                Ok(x) => assert_eq!(x.registers_per_thread(), regs),
                Err(e) => assert_eq!((regs, e), (0, TmemLdStError::BadNum { shape, num })),
            }
        }
    }
}

#[test]
fn figures_183_to_187() {
    // Figure 183 (.32x32b): thread t on lane t, register r on column r.
    assert_eq!(ld(TmemLdStShape::S32x32b, 4).cell(17, 3), Some(at(17, 3)));
    // Figure 184 (.16x64b): 16 lanes × 2 columns per repetition.
    let x = ld(TmemLdStShape::S16x64b, 2);
    assert_eq!(
        [0, 1, 2, 3, 4].map(|t| x.cell(t, 0)),
        [0, 1, 2, 3, 4].map(|t| Some(at(t / 4 + 8 * (t % 2), (t / 2) % 2)))
    );
    assert_eq!(x.cell(0, 1), Some(at(0, 2)));
    // Figure 185 (.16x128b): 16 lanes × 4 columns, two registers per repetition.
    let x = ld(TmemLdStShape::S16x128b, 1);
    assert_eq!(
        [x.cell(5, 0), x.cell(5, 1)],
        [Some(at(1, 1)), Some(at(9, 1))]
    );
    // Figure 186 (.16x256b): 16 lanes × 8 columns, four registers per repetition.
    let x = ld(TmemLdStShape::S16x256b, 2);
    assert_eq!(
        (0..8).map(|r| x.cell(6, r)).collect::<Vec<_>>(),
        [
            at(1, 4),
            at(1, 5),
            at(9, 4),
            at(9, 5),
            at(1, 12),
            at(1, 13),
            at(9, 12),
            at(9, 13)
        ]
        .map(Some)
    );
    // Figure 187 (.16x32bx2): threads 16–31 read the same 16 lanes immHalfSplitoff columns on.
    let x = TmemLdSt::new_16x32bx2(2, 8).expect("legal");
    assert_eq!(
        [x.cell(3, 1), x.cell(19, 1)],
        [Some(at(3, 1)), Some(at(3, 9))]
    );
    assert_eq!(x.thread_of(at(3, 5)), None);
    assert_eq!(
        TmemLdSt::new_16x32bx2(4, 2),
        Err(TmemLdStError::BadSplit { num: 4, split: 2 })
    );
}

#[test]
fn x16x256b_is_the_m16n8_accumulator_fragment() {
    // Read through .16x256b.x1, 16 lanes × 8 columns land in registers exactly as mma.m16n8k16's
    // C/D fragment (PTX ISA §9.7.14.5.8, confirmed on an H200 in tensor_core.rs).
    let c = fragment_layout(
        MmaShape::MmaM16N8K16,
        Operand::Accumulator,
        ElementType::F32,
    )
    .expect("legal");
    let x = ld(TmemLdStShape::S16x256b, 1);
    for t in 0..32 {
        for r in 0..4 {
            let o = x.cell(t, r).expect("in range");
            assert_eq!(
                c.element_at(FragmentSlot { lane: t, index: r }),
                Some((o.lane, o.column))
            );
        }
    }
}

#[test]
fn a_layout_d_epilogue_gives_each_thread_one_row() {
    // Warp w of the epilogue warp group reads its lanes 32w… of a 128 × 256 f32 accumulator
    // with two .32x32b.x128 (.num stops at 128 registers); thread t of warp w then holds
    // D[32w + t][128·half + r]: one row of D per thread.
    let d = mma(Tcgen05Kind::F16, CtaGroup::One, 128, 256, ElementType::F32);
    let x = ld(TmemLdStShape::S32x32b, 128);
    for w in 0..4 {
        for half in 0..2 {
            for t in [0, 13, 31] {
                for r in [0, 77, 127] {
                    let o = x.cell(t, r).expect("in range");
                    let lane = warp_lanes(w).start + o.lane;
                    let column = 128 * half + o.column;
                    assert_eq!(
                        d.element_at(cell(0, lane, column)),
                        Some((32 * w + t, 128 * half + r))
                    );
                }
            }
        }
    }
}

#[test]
fn only_data_center_blackwell_has_tensor_memory() {
    let b200 = GpuSpec::b200();
    let rtx5090 = GpuSpec::rtx_5090();
    assert!(has_tensor_memory(b200.compute_capability));
    assert!(!has_tensor_memory(rtx5090.compute_capability));
    assert!(!has_tensor_memory(GpuSpec::h200_sxm().compute_capability));
    // 148 SMs × 256 KiB of Tensor Memory (derived from the ISA's per-CTA size, one CTA per SM
    // at most holding it all): 37 MiB.
    assert_eq!(
        u64::from(b200.sm_count) * u64::from(TMEM_BYTES_PER_CTA),
        37 * 1024 * 1024
    );
    assert_eq!(
        Generation::Blackwell.accumulator_storage(),
        AccumulatorStorage::TensorMemory
    );
    assert_eq!(
        Generation::Hopper.accumulator_storage(),
        AccumulatorStorage::Registers
    );
}
