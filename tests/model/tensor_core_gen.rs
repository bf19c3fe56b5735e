//! Tensor Cores by generation: peaks rebuilt from units against the datasheets, the PE-array
//! stepper against the matrix product, `mma.m8n8k4` lane maps against the PTX ISA, wgmma
//! instruction counts, and the H200's mma.sync / wgmma loops against their fixture.

use proptest::prelude::*;
use warpscope::model::gpu_spec::GpuSpec;
use warpscope::model::measured::tensor_core_peak::*;
use warpscope::model::roofline::Precision;
use warpscope::model::tensor_core::{
    fragment_layout, ElementType, FragmentSlot, MmaShape, Operand,
};
use warpscope::model::tensor_core_gen::pe_array::*;
use warpscope::model::tensor_core_gen::peak::*;
use warpscope::model::tensor_core_gen::quad_pair::*;
use warpscope::model::tensor_core_gen::wgmma::*;

use crate::common::fixture_json;

fn peak(gpu: &str, p: Precision) -> TensorPeak {
    tensor_peaks(gpu)
        .expect("modelled")
        .into_iter()
        .find(|x| x.precision == p)
        .expect("precision")
}

#[test]
fn course_peaks_add_up_from_units() {
    // (gpu, precision, TCs/SM, FMA/clk/TC, clock MHz, derived TFLOPS, datasheet TFLOPS)
    let rows = [
        ("v100", Precision::Fp16Tensor, 8, 64, 1530, 125.34, 125.0),
        ("t4", Precision::Fp16Tensor, 8, 64, 1590, 65.13, 65.0),
        ("t4", Precision::Int8Tensor, 8, 128, 1590, 130.25, 130.0),
        ("a100", Precision::Tf32Tensor, 4, 128, 1410, 155.93, 156.0),
        ("a100", Precision::Bf16Tensor, 4, 256, 1410, 311.87, 312.0),
        ("a100", Precision::Int8Tensor, 4, 512, 1410, 623.74, 624.0),
        ("h100", Precision::Tf32Tensor, 4, 256, 1830, 494.71, 494.7),
        ("h100", Precision::Bf16Tensor, 4, 512, 1830, 989.43, 989.4),
        ("h100", Precision::Fp8Tensor, 4, 1024, 1830, 1978.86, 1978.9),
        ("h200", Precision::Bf16Tensor, 4, 512, 1830, 989.43, 989.4),
        (
            "h100pcie",
            Precision::Bf16Tensor,
            4,
            512,
            1620,
            756.45,
            756.0,
        ),
    ];
    for (gpu, p, tcs, fma, mhz, derived, datasheet) in rows {
        let x = peak(gpu, p);
        assert_eq!(
            (
                x.tensor_cores_per_sm,
                x.fma_per_clk_per_tensor_core,
                x.clock_mhz
            ),
            (tcs, fma, mhz),
            "{gpu} {p:?}"
        );
        assert!(
            (x.flops_per_s() / 1e12 - derived).abs() < 0.01,
            "{gpu} {p:?}: {}",
            x.flops_per_s()
        );
        assert_eq!(x.datasheet_flops_per_s(), Some(datasheet * 1e12));
        assert!(x.relative_difference().expect("datasheet").abs() < 0.005);
    }
}

#[test]
fn the_h100_datasheet_assumes_1830_mhz_not_its_1980_boost() {
    let x = peak("h100", Precision::Bf16Tensor);
    assert_eq!(
        (x.boost_clock_mhz, x.clock_basis),
        (1980, ClockBasis::TensorClock)
    );
    // At the maximum boost the units overshoot the datasheet by 8 %.
    let at_boost = x.flops_at_mhz(1980);
    assert!((at_boost / 1e12 - 1070.5).abs() < 0.1, "{at_boost}");
    assert!(at_boost / 989.4e12 - 1.0 > 0.08);
    // FP32 does use 1,980 MHz: 132 SMs × 128 lanes × 2 × 1.98 GHz = 66.9 TFLOPS.
    let g = GpuSpec::h100_sxm();
    let fp32 = f64::from(g.sm_count * g.fp32_lanes_per_sm * 2) * 1980e6;
    assert!((fp32 / g.peaks.fp32_flops_per_s.expect("fp32") - 1.0).abs() < 0.005);
    // The clock the datasheet figure implies.
    assert!((clock_for(&x, 989.4e12) - 1830.0).abs() < 0.1);
}

#[test]
fn every_preset_either_derives_or_says_why_not() {
    for g in GpuSpec::all() {
        match tensor_peaks(g.id) {
            Ok(peaks) => {
                assert!(PEAK_GPUS.contains(&g.id));
                for p in peaks {
                    assert!(
                        p.relative_difference().expect("datasheet").abs() < 0.005,
                        "{}",
                        g.id
                    );
                }
            }
            Err(PeakError::NotPublished { reason, .. }) => {
                assert!(!PEAK_GPUS.contains(&g.id));
                assert!(!reason.is_empty());
            }
            Err(e) => panic!("{e}"),
        }
    }
}

// ---- PE array ------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

    /// With small integers (exact in FP16 and in every FP32 partial sum) the stepper's result is
    /// the exact matrix product, whatever the array and K.
    #[test]
    fn the_stepper_computes_the_matrix_product(
        side in 1u32..=MAX_SIDE,
        dot_pow in 0u32..=3,
        blocks in 1u32..=8,
        values in prop::collection::vec(-8i32..=8, 2 * 8 * 64 + 64),
    ) {
        let array = PeArray { pes_per_side: side, dot_length: 1 << dot_pow };
        let k_total = (blocks * array.dot_length).min(MAX_K_TOTAL);
        let (n, k) = (side as usize, k_total as usize);
        let take = |o: usize, len: usize| values[o..o + len].iter().map(|&v| v as f32).collect::<Vec<_>>();
        let problem = PeProblem { array, k_total, a: take(0, n * k), b: take(n * k, k * n), c: take(2 * n * k, n * n) };
        let trace = pe_trace(&problem).expect("valid");
        let last = trace.last().expect("at least one cycle");
        let want = problem.reference();
        for (got, want) in last.accumulators.iter().zip(&want) {
            prop_assert_eq!(f64::from(*got), *want);
        }
        prop_assert_eq!(last.macs_done, u64::from(side * side) * u64::from(k_total));
        prop_assert_eq!(trace.len() as u32, (k_total / array.dot_length) * array.stages_per_cycle());
    }

    /// Seeded FP16 inputs on the course array: FP32 accumulation stays within 1e-6 relative of
    /// the exact product (every value here is a whole number below 2^11: exact in FP32).
    #[test]
    fn seeded_course_problems_are_exact(seed: u64, blocks in 1u32..=16) {
        let p = PeProblem::from_seed(COURSE_PE_ARRAY, 4 * blocks, seed).expect("valid");
        let last = pe_trace(&p).expect("valid").pop().expect("steps");
        for (got, want) in last.accumulators.iter().zip(p.reference()) {
            prop_assert_eq!(f64::from(*got), want);
        }
    }
}

#[test]
fn each_cycle_broadcasts_a_row_of_a_and_a_column_of_b() {
    let p = PeProblem::from_seed(COURSE_PE_ARRAY, 8, 3).expect("valid");
    let t = pe_trace(&p).expect("valid");
    // Cycle 1, broadcast: array row 2 carries A[2][4..8], array column 3 carries B[4..8][3].
    let s = t
        .iter()
        .find(|s| s.cycle == 1 && s.stage == PeStage::Broadcast)
        .expect("step");
    assert_eq!(s.a_row[2], p.a[2 * 8 + 4..2 * 8 + 8].to_vec());
    assert_eq!(
        s.b_col[3],
        (4..8).map(|k| p.b[k * 4 + 3]).collect::<Vec<_>>()
    );
    // After the multiply PE (2,3) holds the four products; after two adder levels one sum.
    let m = t
        .iter()
        .find(|s| s.cycle == 1 && s.stage == PeStage::Multiply)
        .expect("step");
    let want: Vec<f32> = (0..4).map(|k| s.a_row[2][k] * s.b_col[3][k]).collect();
    assert_eq!(m.pe_values[2 * 4 + 3], want);
    let r2 = t
        .iter()
        .find(|s| s.cycle == 1 && s.stage == PeStage::Reduce(2))
        .expect("step");
    assert_eq!(r2.pe_values[2 * 4 + 3], vec![want.iter().sum::<f32>()]);
}

// ---- mma.m8n8k4 ----------------------------------------------------------------------------

#[test]
fn m8n8k4_round_trips_lane_element_lane() {
    for f in M8n8k4Fragment::ALL {
        for lane in 0..32 {
            for index in 0..f.elements_per_lane() {
                let e = element(f, lane, index).expect("in range");
                assert_eq!(quad_pair_of(lane), Some(e.product));
                assert_eq!(
                    owner(f, e.product, e.row, e.col),
                    Some(FragmentSlot { lane, index })
                );
            }
        }
        assert_eq!(element(f, 32, 0), None);
        assert_eq!(element(f, 0, f.elements_per_lane()), None);
        assert_eq!(owner(f, 4, 0, 0), None);
        assert_eq!(M8n8k4Fragment::from_slug(f.slug()), Some(f));
    }
}

/// PTX ISA §9.7.14.5.1, Figures 46–52, read element by element: (lane, [(row, col) of x[0..]]).
#[test]
fn m8n8k4_matches_the_ptx_isa_figures() {
    let check = |f: M8n8k4Fragment, lane: u32, want: &[(u32, u32)]| {
        let got: Vec<(u32, u32)> = lane_elements(f, lane)
            .iter()
            .map(|e| (e.row, e.col))
            .collect();
        assert_eq!(got, want, "{f:?} lane {lane}");
    };
    use M8n8k4Fragment::*;
    // A row-major: lanes 0–3 rows 0–3, lanes 16–19 rows 4–7, all four columns.
    check(ARow, 0, &[(0, 0), (0, 1), (0, 2), (0, 3)]);
    check(ARow, 17, &[(5, 0), (5, 1), (5, 2), (5, 3)]);
    check(ARow, 22, &[(6, 0), (6, 1), (6, 2), (6, 3)]);
    // A column-major: the lane picks the column.
    check(ACol, 2, &[(0, 2), (1, 2), (2, 2), (3, 2)]);
    check(ACol, 19, &[(4, 3), (5, 3), (6, 3), (7, 3)]);
    // B row-major: the lane picks the row (k), the high group the right half.
    check(BRow, 1, &[(1, 0), (1, 1), (1, 2), (1, 3)]);
    check(BRow, 29, &[(1, 4), (1, 5), (1, 6), (1, 7)]);
    // B column-major.
    check(BCol, 7, &[(0, 3), (1, 3), (2, 3), (3, 3)]);
    check(BCol, 20, &[(0, 4), (1, 4), (2, 4), (3, 4)]);
    // C/D .f16: a whole row per lane.
    check(CF16, 3, &(0..8).map(|c| (3, c)).collect::<Vec<_>>());
    check(CF16, 31, &(0..8).map(|c| (7, c)).collect::<Vec<_>>());
    // C/D .f32 (Figures 51, 52): rows {X, X+2}, columns {0,1,4,5} or {2,3,6,7}.
    check(
        CF32,
        0,
        &[
            (0, 0),
            (0, 1),
            (2, 0),
            (2, 1),
            (0, 4),
            (0, 5),
            (2, 4),
            (2, 5),
        ],
    );
    check(
        CF32,
        1,
        &[
            (1, 0),
            (1, 1),
            (3, 0),
            (3, 1),
            (1, 4),
            (1, 5),
            (3, 4),
            (3, 5),
        ],
    );
    check(
        CF32,
        2,
        &[
            (0, 2),
            (0, 3),
            (2, 2),
            (2, 3),
            (0, 6),
            (0, 7),
            (2, 6),
            (2, 7),
        ],
    );
    check(
        CF32,
        3,
        &[
            (1, 2),
            (1, 3),
            (3, 2),
            (3, 3),
            (1, 6),
            (1, 7),
            (3, 6),
            (3, 7),
        ],
    );
    check(
        CF32,
        16,
        &[
            (4, 0),
            (4, 1),
            (6, 0),
            (6, 1),
            (4, 4),
            (4, 5),
            (6, 4),
            (6, 5),
        ],
    );
    check(
        CF32,
        27,
        &[
            (5, 2),
            (5, 3),
            (7, 2),
            (7, 3),
            (5, 6),
            (5, 7),
            (7, 6),
            (7, 7),
        ],
    );
    // Quad-pairs: product q is lanes 4q..4q+3 and 16+4q..16+4q+3.
    assert_eq!(quad_pair_lanes(0), vec![0, 1, 2, 3, 16, 17, 18, 19]);
    assert_eq!(quad_pair_lanes(3), vec![12, 13, 14, 15, 28, 29, 30, 31]);
    assert_eq!(quad_pair_of(22), Some(1));
}

#[test]
fn a_warp_holds_four_m8n8k4_outputs_but_one_m16n8k16_output() {
    // Volta: 32 lanes × 8 accumulators = 256 = four 8×8 outputs.
    assert_eq!(accumulators_per_warp(), 4 * 8 * 8);
    // Ampere: 32 lanes × 4 f32 accumulators = 128 = one 16×8 output, every lane in it.
    let c = fragment_layout(
        MmaShape::MmaM16N8K16,
        Operand::Accumulator,
        ElementType::F32,
    )
    .expect("legal");
    assert_eq!(32 * c.elements_per_lane(), c.rows() * c.cols());
    assert_eq!(c.copies_per_element(), 1);
}

// ---- wgmma ---------------------------------------------------------------------------------

#[test]
fn wgmma_shapes_and_instruction_counts() {
    for s in WgmmaShape::all() {
        let n = s.n();
        assert_eq!(n % 8, 0);
        // The same product in m16n8k16 instructions: (64/16)·(N/8).
        assert_eq!(u64::from(s.mma_sync_equivalent()) * 16 * 8 * 16, s.macs());
        assert_eq!(
            s.mma_sync_per_warp() * WARPS_PER_WARP_GROUP,
            s.mma_sync_equivalent()
        );
        assert_eq!(s.f32_accumulators_per_thread(), n / 2);
        assert_eq!(s.a_registers_per_thread(), 4);
        assert_eq!(s.sass_bf16(), format!("HGMMA.64x{n}x16.F32.BF16"));
    }
    let s = WgmmaShape::new(8).expect("legal");
    assert_eq!(s.mma_sync_equivalent(), 4);
    assert_eq!(s.rows_of_warp(3), Some(48..64));
    assert_eq!(s.rows_of_warp(4), None);
    assert_eq!(warp_group_of(7), 1);
    assert_eq!(B_SOURCES, [OperandSource::SharedMemory]);
}

// ---- H200 measurements ---------------------------------------------------------------------

#[test]
fn tensor_core_peak_constants_match_the_fixture() {
    let f = fixture_json("tensor_core_peak_h200.json");
    let runs = f["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), TC_PEAK_RUNS_H200.len());
    for (r, c) in runs.iter().zip(TC_PEAK_RUNS_H200) {
        let kernel = r["kernel"].as_str().expect("kernel");
        assert_eq!(
            kernel.starts_with("mma_sync"),
            c.kernel == TcLoop::MmaSyncM16n8k16
        );
        assert_eq!(r["n"].as_u64(), Some(u64::from(c.n)));
        assert_eq!(r["warps_per_sm"].as_u64(), Some(u64::from(c.warps_per_sm)));
        assert_eq!(r["tflops"].as_f64(), Some(c.tflops));
        assert_eq!(r["time_ms"].as_f64(), Some(c.time_ms));
        assert_eq!(r["sm_mhz"].as_f64(), Some(c.sm_mhz));
        // TFLOP/s is FLOPs / time.
        let flops = r["flops"].as_f64().expect("flops");
        assert!((flops / (c.time_ms * 1e-3) / 1e12 / c.tflops - 1.0).abs() < 1e-3);
    }
    assert_eq!(
        f["sass"]["mma_sync_m16n8k16_bf16"]["line"].as_str(),
        Some(SASS_MMA_SYNC)
    );
    let course: Vec<&str> = f["sass"]["course_m64n8k16_f16"]["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    assert_eq!(course, SASS_COURSE_M64N8K16);
    assert_eq!(
        f["meta"]["cublas_bf16_4096_tflops"].as_f64(),
        Some(CUBLAS_BF16_4096_TFLOPS)
    );
}

#[test]
fn wgmma_with_two_warp_groups_runs_the_tensor_cores_at_their_full_rate() {
    let best_mma = TC_PEAK_RUNS_H200
        .iter()
        .filter(|r| r.kernel == TcLoop::MmaSyncM16n8k16)
        .map(|r| r.tflops)
        .fold(0.0, f64::max);
    let best_wg = TC_PEAK_RUNS_H200
        .iter()
        .filter(|r| r.kernel == TcLoop::WgmmaM64nNk16)
        .map(|r| r.tflops)
        .fold(0.0, f64::max);
    assert!(best_mma / (H200_DENSE_BF16_FLOPS_PER_S / 1e12) < 0.66);
    assert!(best_wg / (H200_DENSE_BF16_FLOPS_PER_S / 1e12) > 0.96);
    for r in TC_PEAK_RUNS_H200.iter().filter(|r| r.warps_per_sm == 8) {
        // Within 0.5 % of 512 FMA/clk/TC at the measured clock.
        assert!(
            (r.fma_per_clk_per_tensor_core() / 512.0 - 1.0).abs() < 0.005,
            "{r:?}"
        );
    }
}
