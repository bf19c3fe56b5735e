//! The course's W8A8 GEMV: the launch numbers of course §5.5, the listing's loop bounds (§5.2),
//! the H200 measurement (`tests/fixtures/w8a8_h200.json`, copied from
//! `shared/truth/measured/w8a8.json`), and the numerics of quantise → INT32 GEMV → FP16.

use proptest::prelude::*;
use warpscope::model::gpu_spec::{GpuSpec, ValueSource};
use warpscope::model::rng::SplitMix64;
use warpscope::model::roofline::{place_kernel, Bound};
use warpscope::model::tensor_core::{fragment_layout, shapes, ElementType, MmaShape, Operand};
use warpscope::model::w8a8::{
    dequantize, error_bound, f16_bits_to_f32, f32_to_f16_bits, gemv_i32, gemv_reference,
    max_safe_k, quantize_per_channel, quantize_symmetric, try_quantize_symmetric, w8a8_gemv,
    MemoryLayout, QuantizedWeights, StepAction, StepScope, W8a8Error, W8a8Gemv, IMMA_PER_WMMA,
    MAX_SAFE_K, PTX_WMMA_MMA, SASS_IMMA, SASS_LDSM,
};

use crate::common::fixture_json;

// ---------------------------------------------------------------------------------------------
// Launch geometry (course §5.5).

#[test]
fn course_launch_numbers() {
    let g = W8a8Gemv::course();
    assert_eq!((g.k, g.n, g.warps_per_block), (4096, 4096, 4));
    assert_eq!(W8a8Gemv::new(4096, 4096, 4), Ok(g));
    // 4096 / 16 = 256 blocks of 128 threads (4 warps).
    assert_eq!(g.grid_blocks(), 256);
    assert_eq!(g.threads_per_block(), 128);
    // 1024 K per warp, 1024 / 16 = 64 WMMA per warp, 256 per block, 65,536 in the grid.
    assert_eq!(g.k_per_warp(), 1024);
    assert_eq!(g.mma_per_warp(), 64);
    assert_eq!(g.mma_per_block(), 256);
    assert_eq!(g.mma_total(), 65_536);
    assert_eq!(g.imma_total(), 131_072);
    // 4096 × 4096 = 16,777,216 useful MACs; one WMMA = 4096 MACs → 16× on the Tensor Cores.
    assert_eq!(g.useful_macs(), 16_777_216);
    assert_eq!(g.tensor_macs(), 16 * 16_777_216);
    assert_eq!(g.tensor_utilisation(), 1.0 / 16.0);
    // a_tile 4 × 256 + b_tile 4 × 256 + c_tile 4 × 256 × 4 = 6144 B = 6 KiB.
    let smem = g.smem_bytes();
    assert_eq!(
        (smem.a_tile_bytes, smem.b_tile_bytes, smem.c_tile_bytes),
        (1024, 1024, 4096)
    );
    assert_eq!(g.smem_bytes_per_block(), 6 * 1024);
}

#[test]
fn hbm_bytes_follow_the_listing_types() {
    let g = W8a8Gemv::course();
    let h = g.hbm();
    // int8 qweight[N,K] 16 MiB, int8 qact[K] 4 KiB, fp32 w_scale[N] 16 KiB, fp16 y[N] 8 KiB;
    // act_scale is a by-value float kernel argument.
    assert_eq!(h.weight_bytes, 16_777_216);
    assert_eq!(h.activation_bytes, 4_096);
    assert_eq!(h.weight_scale_bytes, 16_384);
    assert_eq!(h.activation_scale_bytes, 0);
    assert_eq!(h.output_bytes, 8_192);
    assert_eq!(g.hbm_bytes(), 16_805_888);
    // ≈ 16.03 MiB.
    let mib = g.hbm_bytes() as f64 / (1024.0 * 1024.0);
    assert!((mib - 16.03).abs() < 0.005, "{mib}");
    assert!((g.intensity_ops_per_byte() - 33_554_432.0 / 16_805_888.0).abs() < 1e-12);
}

#[test]
fn hbm_bytes_agree_with_the_roofline_kernel_shape() {
    // Both leave s_x out: the course passes it by value (a kernel argument), and the H200's
    // min_bytes does not count it.
    for (k, n) in [(4096, 4096), (4096, 11008), (14336, 4096), (64, 16)] {
        let g = W8a8Gemv::new(k, n, 4).expect("valid");
        let shape = g.roofline_shape();
        let diff = shape.bytes() - g.hbm_bytes() as f64;
        assert!(diff == 0.0, "K={k} N={n}: {diff}");
        assert_eq!(shape.flops(), g.useful_ops() as f64);
    }
}

#[test]
fn roofline_point_is_memory_bound_on_a100_and_h100() {
    let g = W8a8Gemv::course();
    for gpu in [GpuSpec::a100_sxm(), GpuSpec::h100_sxm()] {
        let p = g
            .roofline(&gpu, ValueSource::Course)
            .expect("INT8 tensor cores");
        assert_eq!(p.bound, Bound::Memory, "{}", gpu.id);
        assert_eq!(p.bytes, 16_805_888.0);
        assert_eq!(p.flops, 33_554_432.0);
        let via_roofline =
            place_kernel(&gpu, &g.roofline_shape(), ValueSource::Course).expect("INT8");
        let rel = (p.time_lower_bound_s - via_roofline.time_lower_bound_s).abs()
            / via_roofline.time_lower_bound_s;
        assert!(rel < 1e-6, "{rel}");
    }
    // V100 has no INT8 Tensor Cores.
    assert!(g
        .roofline(&GpuSpec::v100_sxm2(), ValueSource::Course)
        .is_none());
}

#[test]
fn invalid_shapes_are_rejected_with_reasons() {
    let cases = [
        (0, 4096, 4, "positive"),
        (4096, 0, 4, "positive"),
        (4096, 4096, 0, "1 to 32"),
        (4096, 4096, 33, "1 to 32"),
        (4048, 4096, 4, "multiple of 16 × warps per block = 64"),
        (4096, 4100, 4, "multiple of 16"),
        (140_000, 16, 1, "overflow the INT32 accumulator"),
    ];
    for (k, n, w, needle) in cases {
        let err = W8a8Gemv::new(k, n, w).expect_err("invalid");
        let msg = err.to_string();
        assert!(msg.contains(needle), "({k},{n},{w}): {msg}");
    }
    assert_eq!(
        W8a8Gemv::new(4048, 4096, 4),
        Err(W8a8Error::KNotDivisible {
            k: 4048,
            multiple: 64
        })
    );
    // The largest K that is safe and tiles for 1 warp: ⌊133,144 / 16⌋ · 16 = 133,136.
    assert!(W8a8Gemv::new(133_136, 16, 1).is_ok());
    assert!(W8a8Gemv::new(133_152, 16, 1).is_err());
    // 32 warps: 1024 threads, 48 KiB of static shared memory (the static limit).
    let big = W8a8Gemv::new(4096, 4096, 32).expect("valid");
    assert_eq!(big.threads_per_block(), 1024);
    assert_eq!(big.smem_bytes_per_block(), 48 * 1024);
}

#[test]
fn other_wmma_int8_tiles_change_only_the_padding() {
    // M = 1: utilisation is 1 / m. m16n16k16 is the course kernel (65,536 mma_syncs).
    let g = W8a8Gemv::course();
    let costs: Vec<(u32, u64, u64)> = shapes()
        .iter()
        .map(|t| {
            let c = g.tile_cost(t).expect("4096 tiles by 8, 16 and 32");
            assert_eq!(c.useful_macs, 16_777_216);
            assert_eq!(c.utilisation(), 1.0 / f64::from(c.m));
            (c.m, c.mma_total, c.tensor_macs)
        })
        .collect();
    assert_eq!(
        costs,
        vec![
            (16, 65_536, 16 * 16_777_216),
            (32, 131_072, 32 * 16_777_216),
            (8, 32_768, 8 * 16_777_216),
        ]
    );
    assert_eq!(
        g.tile_cost(&shapes()[0]).map(|c| c.mma_total),
        Some(g.mma_total())
    );
    let odd = W8a8Gemv {
        k: 4096,
        n: 48,
        warps_per_block: 4,
    };
    assert!(odd.tile_cost(&shapes()[2]).is_none()); // 48 is not a multiple of 32
}

#[test]
fn invalid_fields_never_panic() {
    let g = W8a8Gemv {
        k: u32::MAX,
        n: u32::MAX,
        warps_per_block: 0,
    };
    assert_eq!(g.k_per_warp(), 0);
    assert_eq!(g.mma_total(), 0);
    assert_eq!(g.tensor_utilisation(), 0.0);
    let _ = (
        g.hbm_bytes(),
        g.smem_bytes_per_block(),
        g.intensity_ops_per_byte(),
    );
    assert!(g.trace(0, 0, 0).is_err());
}

proptest! {
    #[test]
    fn geometry_is_consistent(kt in 1u32..64, nt in 1u32..64, w in 1u32..=32) {
        let g = W8a8Gemv::new(kt * 16 * w, nt * 16, w).expect("valid by construction");
        prop_assert_eq!(g.mma_total(), u64::from(g.k / 16) * u64::from(g.n / 16));
        prop_assert_eq!(g.tensor_macs(), 16 * g.useful_macs());
        prop_assert_eq!(g.smem_bytes_per_block(), 1536 * w);
        prop_assert_eq!(u64::from(g.grid_blocks()) * 16, u64::from(g.n));
    }
}

// ---------------------------------------------------------------------------------------------
// The per-step trace (course listing §5.2).

#[test]
fn trace_follows_the_listing() {
    let g = W8a8Gemv::course();
    let steps = g.trace(3, 2, 5).expect("in range");
    let ids: Vec<&str> = steps.iter().map(|s| s.id).collect();
    assert_eq!(
        ids,
        [
            "fill_tiles",
            "syncwarp_tiles_ready",
            "load_a",
            "load_b",
            "mma",
            "syncwarp_tiles_free",
            "repeat_k_tiles",
            "store_accumulator",
            "syncthreads",
            "reduce_partials",
            "dequantize",
            "write_output",
        ]
    );
    // Warp 2 of block 3, tile 5: k0 = 2 · 1024 + 5 · 16 = 2128; outputs 48..64.
    let StepAction::FillSharedTiles {
        k0,
        loop_bound,
        loop_stride,
        iterations_per_lane,
        activation_bytes,
        zero_bytes,
        weight_bytes,
        global_requests,
        global_sectors,
        writes,
        ..
    } = &steps[0].action
    else {
        panic!("first step is the fill loop")
    };
    assert_eq!(steps[0].scope, StepScope::Lanes);
    assert_eq!(*k0, 2128);
    assert_eq!(
        (*loop_bound, *loop_stride, *iterations_per_lane),
        (256, 32, 8)
    );
    assert_eq!(
        (*activation_bytes, *zero_bytes, *weight_bytes),
        (16, 240, 256)
    );
    assert_eq!((*global_requests, *global_sectors), (9, 17));
    assert_eq!(writes.len(), 256);
    for w in writes {
        let i = w.lane + 32 * w.iteration;
        assert_eq!(w.tile_byte, i);
        assert_eq!(w.activation_index, (i < 16).then_some(2128 + i));
        assert_eq!(w.weight_row, 48 + i / 16);
        assert_eq!(w.weight_col, 2128 + i % 16);
        assert_eq!(
            w.weight_byte,
            u64::from(48 + i / 16) * 4096 + u64::from(2128 + i % 16)
        );
    }
    // Lane 17 writes bytes 17, 49, …, 241: 8 iterations.
    let lane17: Vec<u32> = writes
        .iter()
        .filter(|w| w.lane == 17)
        .map(|w| w.tile_byte)
        .collect();
    assert_eq!(lane17, (0..8).map(|j| 17 + 32 * j).collect::<Vec<_>>());

    let StepAction::LoadMatrix {
        operand,
        element,
        memory_layout,
        ldm,
        elements_per_lane,
        sass,
    } = steps[3].action.clone()
    else {
        panic!("load_b")
    };
    assert_eq!(
        (operand, element, memory_layout, ldm, sass),
        (
            Operand::B,
            ElementType::S8,
            MemoryLayout::ColMajor,
            16,
            SASS_LDSM
        )
    );
    // The fragment it fills is the measured WMMA s8 B layout: 8 elements per lane.
    let layout = fragment_layout(MmaShape::WmmaM16N16K16, operand, element).expect("legal");
    assert_eq!(layout.elements_per_lane(), elements_per_lane);

    assert_eq!(
        steps[4].action,
        StepAction::MmaSync {
            shape: MmaShape::WmmaM16N16K16,
            imma_instructions: 2,
            tensor_macs: 4096,
            useful_macs: 256,
            ptx: PTX_WMMA_MMA,
            sass: SASS_IMMA,
        }
    );
    assert_eq!(
        steps[6].action,
        StepAction::RepeatKTiles {
            tiles: 64,
            k_begin: 2048,
            k_end: 3072,
            k_step: 16
        }
    );
    assert_eq!(
        steps[7].action,
        StepAction::StoreAccumulator {
            memory_layout: MemoryLayout::RowMajor,
            ldm: 16,
            bytes: 1024,
            c_tile_offset_bytes: 2048,
        }
    );
    assert_eq!(
        steps[9].action,
        StepAction::ReducePartials {
            threads: 16,
            partials_per_thread: 4
        }
    );
    assert_eq!(
        steps[11].action,
        StepAction::WriteOutput {
            first_output: 48,
            outputs: 16,
            bytes: 32
        }
    );
}

#[test]
fn trace_rejects_out_of_range_indices() {
    let g = W8a8Gemv::course();
    assert!(g.trace(255, 3, 63).is_ok());
    for (b, w, t, what) in [
        (256, 0, 0, "block"),
        (0, 4, 0, "warp"),
        (0, 0, 64, "K tile"),
    ] {
        let err = g.trace(b, w, t).expect_err("out of range");
        assert!(err.to_string().starts_with(what), "{err}");
    }
}

#[test]
fn every_weight_byte_is_staged_exactly_once() {
    // Over all warps and K tiles of one block, the fill loop copies each of its 16 weight rows'
    // 4096 bytes exactly once (the kernel reads the weights once).
    let g = W8a8Gemv::new(256, 32, 4).expect("valid");
    let mut seen = vec![0u32; 32 * 256];
    for block in 0..g.grid_blocks() {
        for warp in 0..g.warps_per_block {
            for t in 0..g.mma_per_warp() {
                for w in g.fill_writes(block, warp, t).expect("in range") {
                    seen[w.weight_byte as usize] += 1;
                }
            }
        }
    }
    assert!(seen.iter().all(|&c| c == 1));
}

// ---------------------------------------------------------------------------------------------
// H200 measurement.

#[test]
fn model_matches_the_h200_measurement() {
    let fx = fixture_json("w8a8_h200.json");
    let g = W8a8Gemv::new(
        fx["K"].as_u64().expect("K") as u32,
        fx["N"].as_u64().expect("N") as u32,
        4,
    )
    .expect("course shape");
    assert_eq!(g, W8a8Gemv::course());
    // Minimum traffic 16,805,888 B.
    assert_eq!(Some(g.hbm_bytes()), fx["min_bytes"].as_u64());
    for build in ["course_sm_90_native", "course_compute_80_ptx_jit_on_sm90"] {
        let c = &fx[build];
        assert_eq!(c["grid"].as_u64(), Some(u64::from(g.grid_blocks())));
        assert_eq!(c["block"].as_u64(), Some(u64::from(g.threads_per_block())));
        assert_eq!(
            c["static_smem"].as_u64(),
            Some(u64::from(g.smem_bytes_per_block()))
        );
        assert_eq!(
            c["fp16_bit_mismatches_vs_host_same_formula"].as_u64(),
            Some(0)
        );
    }
    // 31.1 µs with L2 flushed; 16,805,888 B / 31.072 µs = 540.9 GB/s.
    let us = fx["course_sm_90_native"]["us_l2_flushed_median"]
        .as_f64()
        .expect("time");
    assert!((us - 31.1).abs() < 0.05);
    let gbps = g.hbm_bytes() as f64 / (us * 1e-6) / 1e9;
    let measured_gbps = fx["course_sm_90_native"]["GBps_l2_flushed"]
        .as_f64()
        .expect("GB/s");
    assert!(
        (gbps - measured_gbps).abs() < 0.1,
        "{gbps} vs {measured_gbps}"
    );
    // ncu: DRAM reads are within 0.1 % of the minimum (all inputs, 16,797,696 B, once).
    let dram = fx["ncu_course"]["dram_read_bytes"].as_f64().expect("dram");
    let inputs = (g.hbm_bytes() - g.hbm().output_bytes) as f64;
    assert!(dram >= inputs && (dram - inputs) / inputs < 1e-3);
}

#[test]
fn global_load_requests_and_sectors_match_ncu() {
    // Per warp and tile: 8 weight loads (2 sectors each) + 1 activation load (1 sector);
    // per block 1 load of 16 FP32 scales (2 sectors).
    let fx = fixture_json("w8a8_h200.json");
    let loads = W8a8Gemv::course().global_loads();
    assert_eq!(
        Some(loads.requests),
        fx["ncu_course"]["global_load_requests"].as_u64()
    );
    assert_eq!(
        Some(loads.sectors),
        fx["ncu_course"]["global_load_sectors"].as_u64()
    );
    assert_eq!((loads.requests, loads.sectors), (590_080, 1_114_624));
}

#[test]
fn each_mma_sync_is_two_imma_in_sass() {
    let fx = fixture_json("w8a8_h200.json");
    assert_eq!(fx["ptx_mma"].as_str(), Some(PTX_WMMA_MMA));
    for arch in ["sm_80", "sm_90"] {
        let s = &fx["sass_course"][arch];
        // The loop is not unrolled: its body has one mma_sync → IMMA_PER_WMMA IMMAs.
        assert_eq!(
            s["imma_16816_s8_s8"].as_u64(),
            Some(u64::from(IMMA_PER_WMMA))
        );
        // One LDSM each for load_matrix_sync of A and B.
        assert_eq!(s["ldsm_16_m88_2"].as_u64(), Some(2));
        for ins in s["tensor_instructions"].as_array().expect("list") {
            assert!(ins.as_str().expect("text").starts_with(SASS_IMMA));
        }
    }
    // Two m16n8k16 halves make one m16n16k16.
    assert_eq!(
        u64::from(IMMA_PER_WMMA) * MmaShape::MmaM16N8K16.macs(),
        MmaShape::WmmaM16N16K16.macs()
    );
}

// ---------------------------------------------------------------------------------------------
// Quantisation and numerics.

/// Uniform in [-1, 1) from the model's seeded generator: deterministic test data.
fn next_f32(rng: &mut SplitMix64) -> f32 {
    rng.f64_in(-1.0, 1.0) as f32
}

#[test]
fn quantize_symmetric_follows_the_formula() {
    let (q, s) = quantize_symmetric(&[1.0, -0.5, 0.25, 0.0, -1.0]);
    assert_eq!(s, 1.0 / 127.0);
    assert_eq!(q, vec![127, -64, 32, 0, -127]);
    // Ties round to even: x/scale = 2.5 → 2, 3.5 → 4 (scale = 127/127 = 1).
    let (q, s) = quantize_symmetric(&[127.0, 2.5, 3.5, -2.5]);
    assert_eq!(s, 1.0);
    assert_eq!(q, vec![127, 2, 4, -2]);
}

#[test]
fn degenerate_inputs_do_not_panic_or_produce_nan() {
    assert_eq!(quantize_symmetric(&[]), (vec![], 0.0));
    assert_eq!(quantize_symmetric(&[0.0, -0.0, 0.0]), (vec![0, 0, 0], 0.0));
    let (q, s) = quantize_symmetric(&[f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 2.0, -1.0]);
    assert_eq!(s, 2.0 / 127.0);
    assert_eq!(q, vec![0, 127, -127, 127, -64]);
    let (q, s) = quantize_symmetric(&[f32::NAN, f32::INFINITY]);
    assert_eq!((q, s), (vec![0, 127], 0.0));
    assert_eq!(
        try_quantize_symmetric(&[1.0, f32::NAN]),
        Err(W8a8Error::NonFinite {
            what: "x",
            index: 1
        })
    );
    let (q, s) = quantize_symmetric(&[f32::MAX, -f32::MAX]);
    assert_eq!(q, vec![127, -127]);
    assert!(s.is_finite());
}

proptest! {
    #[test]
    fn round_trip_error_is_at_most_half_a_step(x in prop::collection::vec(-1.0e6f32..1.0e6, 1..64)) {
        let (q, s) = quantize_symmetric(&x);
        prop_assert!(s.is_finite() && s >= 0.0);
        let back = dequantize(&q, s);
        for (a, b) in x.iter().zip(&back) {
            // ≤ scale/2, plus the f32 roundings of x / scale and q · scale.
            let tol = f64::from(s) / 2.0 * (1.0 + 1e-6) + f64::from(a.abs()) * 1e-7;
            prop_assert!((f64::from(*a) - f64::from(*b)).abs() <= tol, "{} {} {}", a, b, s);
        }
        prop_assert!(q.iter().all(|&v| v != i8::MIN));
    }
}

#[test]
fn integer_gemv_matches_the_float_reference_within_the_bound() {
    let mut rng = SplitMix64::new(0x5eed_0001);
    let (n, k) = (48, 1024);
    let w: Vec<f32> = (0..n * k).map(|_| next_f32(&mut rng) * 0.05).collect();
    let x: Vec<f32> = (0..k).map(|_| next_f32(&mut rng) * 3.0).collect();
    let weights = quantize_per_channel(&w, n, k).expect("finite");
    let (qx, s_x) = quantize_symmetric(&x);
    let out = w8a8_gemv(&weights, &qx, s_x).expect("shapes agree");
    let reference = gemv_reference(&w, &x, n).expect("finite");
    let bounds = error_bound(&w, &x, &weights, s_x).expect("finite");
    let y16 = out.y_f16();
    let mut worst = 0.0f64;
    for o in 0..n {
        let err = (f64::from(y16[o]) - reference[o]).abs();
        assert!(err <= bounds[o].total(), "o={o}: {err} > {:?}", bounds[o]);
        worst = worst.max(err / bounds[o].total());
        // The integer part is exact.
        let z: i64 = (0..k)
            .map(|j| i64::from(weights.q[o * k + j]) * i64::from(qx[j]))
            .sum();
        assert_eq!(i64::from(out.z[o]), z);
        assert_eq!(out.y_f16_bits[o], f32_to_f16_bits(out.y_f32[o]));
    }
    // The bound is not vacuous: the real error uses a visible share of it.
    assert!(worst > 0.01, "{worst}");
}

#[test]
fn epilogue_uses_the_listing_order() {
    // float(z) · act_scale · w_scale[o], left to right, then __float2half.
    let weights = QuantizedWeights {
        n: 1,
        k: 2,
        q: vec![127, -3],
        scales: vec![0.013],
    };
    let out = w8a8_gemv(&weights, &[100, 7], 0.021).expect("ok");
    assert_eq!(out.z, vec![12_679]);
    let expected = (12_679.0f32 * 0.021f32) * 0.013f32;
    assert_eq!(out.y_f32[0].to_bits(), expected.to_bits());
    assert_eq!(out.y_f16_bits[0], f32_to_f16_bits(expected));
}

#[test]
fn int32_overflow_bound() {
    // K · 127² < 2³¹: K = 4096 is far inside (66,064,384); the largest safe K is 133,144.
    assert!(4096 <= max_safe_k(127));
    assert_eq!(max_safe_k(127), 133_144);
    assert_eq!(u64::from(MAX_SAFE_K), max_safe_k(127));
    // The course's conservative |q| ≤ 128: 4096 · 128² = 67,108,864 < 2³¹.
    assert!(4096 <= max_safe_k(128));
    // The worst case at the largest safe K fits; one more element (with −128 inputs) would not.
    let k = MAX_SAFE_K as usize;
    let weights = QuantizedWeights {
        n: 1,
        k,
        q: vec![127; k],
        scales: vec![1.0],
    };
    let z = gemv_i32(&weights, &vec![127; k]).expect("fits");
    assert_eq!(i64::from(z[0]), 133_144 * 16_129);
    let weights = QuantizedWeights {
        n: 1,
        k: 131_072,
        q: vec![-128; 131_072],
        scales: vec![1.0],
    };
    assert!(matches!(
        gemv_i32(&weights, &vec![-128; 131_072]),
        Err(W8a8Error::AccumulatorOverflow { .. })
    ));
}

#[test]
fn data_errors_are_reported() {
    assert!(matches!(
        quantize_per_channel(&[1.0; 10], 3, 4),
        Err(W8a8Error::LengthMismatch {
            what: "w",
            expected: 12,
            got: 10
        })
    ));
    assert!(matches!(
        quantize_per_channel(&[1.0, f32::INFINITY], 1, 2),
        Err(W8a8Error::NonFinite {
            what: "w",
            index: 1
        })
    ));
    let weights = quantize_per_channel(&[1.0; 8], 2, 4).expect("ok");
    assert_eq!(weights.scales, vec![1.0 / 127.0; 2]);
    assert!(gemv_i32(&weights, &[1, 2, 3]).is_err());
    assert!(gemv_reference(&[1.0; 8], &[1.0; 3], 2).is_err());
    // Empty shapes are fine.
    let empty = quantize_per_channel(&[], 0, 0).expect("empty");
    assert_eq!(
        w8a8_gemv(&empty, &[], 1.0).expect("empty").z,
        Vec::<i32>::new()
    );
}

#[test]
fn f16_conversion_rounds_to_nearest_even_everywhere() {
    // Every finite FP16 value round-trips; every midpoint between neighbours goes to the
    // even one; a hair either side goes to the nearer one.
    for h in 0u16..0x7c00 {
        let v = f16_bits_to_f32(h);
        assert_eq!(f32_to_f16_bits(v), h);
        assert_eq!(f32_to_f16_bits(-v), h | 0x8000);
        if h == 0x7bff {
            continue; // the next value is ∞; 65520 → ∞ is checked in the unit tests
        }
        let next = f16_bits_to_f32(h + 1);
        let mid = (v + next) / 2.0; // exact: FP16 has 11 significant bits, f32 24
        let even = if h % 2 == 0 { h } else { h + 1 };
        assert_eq!(f32_to_f16_bits(mid), even, "mid of {h:#x}");
        assert_eq!(f32_to_f16_bits(f32::from_bits(mid.to_bits() - 1)), h);
        assert_eq!(f32_to_f16_bits(f32::from_bits(mid.to_bits() + 1)), h + 1);
    }
    assert_eq!(f32_to_f16_bits(f32::INFINITY), 0x7c00);
    assert_eq!(f32_to_f16_bits(1.0e10), 0x7c00);
    assert_eq!(f32_to_f16_bits(1.0e-10), 0x0000);
}

#[test]
fn measured_variants_match_the_h200_run() {
    use warpscope::model::w8a8::{measured_h200, MeasuredVariant};
    let m = measured_h200();
    assert_eq!(m[0].variant, MeasuredVariant::Course);
    // 16,805,888 B / 31.072 µs = 540.9 GB/s = 12.6 % of the 4277.4 GB/s copy.
    assert!((m[0].bandwidth_bytes_per_s() / 1e9 - 540.9).abs() < 0.1);
    assert!((m[0].share_of_copy() - 0.12646).abs() < 1e-4);
    assert!((m[1].bandwidth_bytes_per_s() / 1e9 - 894.7).abs() < 0.1);
    assert!((m[2].bandwidth_bytes_per_s() / 1e9 - 2084.1).abs() < 0.2);
    let fx = fixture_json("w8a8_h200.json");
    let course = &fx["course_sm_90_native"];
    assert!(
        (course["us_l2_flushed_median"].as_f64().expect("time") * 1e-6 - m[0].time_s).abs() < 1e-12
    );
    assert_eq!(m[0].warp_instructions, 8_102_912);
}
