//! The course's Roofline table (seed `gpu-kernel-engineering-01` §6, `roofline_time.py`) and the
//! ridge points of spec §7, reproduced by `model::roofline` and `model::gpu_spec`.

use warpscope::model::gpu_spec::{GpuSpec, ValueSource};
use warpscope::model::roofline::{
    arithmetic_intensity, compare, measured_h200, Bound, KernelShape, MeasuredId, Precision,
    H200_COPY_BANDWIDTH_BYTES_PER_S,
};

use crate::common::fixture_json;

/// Equal within 1e-9 relative.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// (kernel, FLOPs, bytes, A100 µs, H100 µs, bound) — the course's printed table.
fn course_table() -> Vec<(KernelShape, f64, f64, f64, f64, Bound)> {
    vec![
        (
            KernelShape::course_elementwise(),
            536_870_912.0,
            3_221_225_472.0,
            1610.6,
            961.6,
            Bound::Memory,
        ),
        (
            KernelShape::course_rmsnorm(),
            134_217_728.0,
            134_217_728.0,
            67.1,
            40.1,
            Bound::Memory,
        ),
        (
            KernelShape::course_decode_attention(),
            2_147_483_648.0,
            536_870_912.0,
            268.4,
            160.3,
            Bound::Memory,
        ),
        (
            KernelShape::course_gemm(),
            137_438_953_472.0,
            100_663_296.0,
            440.5,
            139.0,
            Bound::Compute,
        ),
    ]
}

#[test]
fn course_table_is_reproduced_exactly() {
    let (a100, h100) = (GpuSpec::a100_sxm(), GpuSpec::h100_sxm());
    for (kernel, flops, bytes, a_us, h_us, bound) in course_table() {
        let c = compare(&a100, &h100, &kernel, ValueSource::Course).expect("both have the unit");
        assert_eq!(kernel.flops(), flops, "{kernel:?}");
        assert_eq!(kernel.bytes(), bytes, "{kernel:?}");
        assert_eq!(round1(c.a.time_lower_bound_s * 1e6), a_us, "{kernel:?}");
        assert_eq!(round1(c.b.time_lower_bound_s * 1e6), h_us, "{kernel:?}");
        assert_eq!((c.a.bound, c.b.bound), (bound, bound), "{kernel:?}");
    }
}

#[test]
fn speedup_diagnoses_the_bound() {
    // Course: memory-bound kernels speed up by the bandwidth ratio 3.35/2.0 = 1.68,
    // compute-bound ones by the compute ratio 989/312 = 3.17.
    let (a100, h100) = (GpuSpec::a100_sxm(), GpuSpec::h100_sxm());
    for (kernel, .., bound) in course_table() {
        let c = compare(&a100, &h100, &kernel, ValueSource::Course).expect("both have the unit");
        let expected = match bound {
            Bound::Memory => 1.68,
            Bound::Compute => 3.17,
        };
        assert_eq!((c.speedup * 100.0).round() / 100.0, expected, "{kernel:?}");
    }
}

#[test]
fn ridge_points_match_the_course_and_spec() {
    let a100 = GpuSpec::a100_sxm();
    let h100 = GpuSpec::h100_sxm();
    let ridge = |g: &GpuSpec, p: Precision, s: ValueSource| {
        g.roof_from(p, s).expect("unit present").ridge_point()
    };
    // Course: A100 BF16 156, FP32 ≈ 10; H100 BF16 ≈ 295, FP32 ≈ 20.
    assert_eq!(
        ridge(&a100, Precision::Bf16Tensor, ValueSource::Course),
        156.0
    );
    assert_eq!(ridge(&a100, Precision::Fp32, ValueSource::Course), 9.75);
    assert_eq!(
        ridge(&h100, Precision::Bf16Tensor, ValueSource::Course).round(),
        295.0
    );
    assert_eq!(
        ridge(&h100, Precision::Fp32, ValueSource::Course).round(),
        20.0
    );
    // Spec §7 with datasheet values: A100 FP32 9.56, FP16 TC 153.0, FP64 4.76; H100 FP16 TC
    // 295.3, FP8 590.7, and with the H100 datasheet's FP32 67 and FP64 34 TFLOPS (spec §7's
    // 66.9 and 33.5 are the whitepaper's): FP32 20.0, FP64 10.1.
    let two = |x: f64| (x * 100.0).round() / 100.0;
    let one = |x: f64| (x * 10.0).round() / 10.0;
    let d = ValueSource::Datasheet;
    assert_eq!(two(ridge(&a100, Precision::Fp32, d)), 9.56);
    assert_eq!(one(ridge(&a100, Precision::Fp16Tensor, d)), 153.0);
    assert_eq!(two(ridge(&a100, Precision::Fp64, d)), 4.76);
    assert_eq!(two(ridge(&h100, Precision::Fp32, d)), 20.0);
    assert_eq!(one(ridge(&h100, Precision::Fp16Tensor, d)), 295.3);
    assert_eq!(one(ridge(&h100, Precision::Fp8Tensor, d)), 590.7);
    assert_eq!(one(ridge(&h100, Precision::Fp64, d)), 10.1);
}

#[test]
fn spec_worked_examples() {
    // Spec §7: SAXPY 2 FLOP / 12 B: A100 340 GFLOP/s, H100 558 GFLOP/s (datasheet bandwidth).
    let ai = arithmetic_intensity(2.0, 12.0);
    let d = ValueSource::Datasheet;
    let a = GpuSpec::a100_sxm()
        .roof_from(Precision::Fp32, d)
        .expect("fp32");
    let h = GpuSpec::h100_sxm()
        .roof_from(Precision::Fp32, d)
        .expect("fp32");
    assert_eq!((a.attainable_flops_per_s(ai) / 1e9).round(), 340.0);
    assert_eq!((h.attainable_flops_per_s(ai) / 1e9).round(), 558.0);
    // FP16 GEMM 4096³ at peak: 0.440 ms on A100, 0.139 ms on H100.
    let g = KernelShape::Gemm {
        m: 4096,
        n: 4096,
        k: 4096,
        dtype: warpscope::model::roofline::Dtype::Fp16,
    };
    let ta = GpuSpec::a100_sxm()
        .roof_from(Precision::Fp16Tensor, d)
        .expect("fp16")
        .time_lower_bound_s(g.flops(), g.bytes());
    let th = GpuSpec::h100_sxm()
        .roof_from(Precision::Fp16Tensor, d)
        .expect("fp16")
        .time_lower_bound_s(g.flops(), g.bytes());
    assert_eq!((ta * 1e6).round(), 441.0); // 137.4e9 / 312e12 = 440.5 µs
    assert_eq!((th * 1e6).round(), 139.0);
}

#[test]
fn every_preset_has_fp32_and_lacks_what_it_lacks() {
    for g in GpuSpec::all() {
        assert!(g.roof(Precision::Fp32).is_some(), "{}", g.id);
        for p in Precision::ALL {
            if let Some(roof) = g.roof(p) {
                assert!(roof.ridge_point().is_finite() && roof.ridge_point() > 0.0);
            }
        }
    }
    assert!(GpuSpec::a100_sxm().roof(Precision::Fp8Tensor).is_none());
    assert!(GpuSpec::v100_sxm2().roof(Precision::Bf16Tensor).is_none());
    assert!(GpuSpec::h100_sxm().roof(Precision::Fp8Tensor).is_some());
}

#[test]
fn measured_h200_layer_matches_the_fixture() {
    let j = fixture_json("roofline_measured_h200.json");
    let copy = j["copy_bandwidth_best_GBps"].as_f64().expect("copy");
    assert!(close(copy * 1e9, H200_COPY_BANDWIDTH_BYTES_PER_S));
    let variants = &j["cuda"]["add_bf16"]["variants"];
    let by_id = |id: MeasuredId| {
        measured_h200()
            .into_iter()
            .find(|m| m.id == id)
            .expect("present")
    };
    let naive = by_id(MeasuredId::ElementwiseNaive);
    assert_eq!(
        naive.time_s * 1e3,
        variants[0]["ms_median"].as_f64().expect("ms")
    );
    assert_eq!((naive.share_of_copy() * 100.0).round(), 48.0);
    let vec16 = by_id(MeasuredId::ElementwiseVec16);
    assert_eq!(
        vec16.time_s * 1e3,
        variants[1]["ms_median"].as_f64().expect("ms")
    );
    assert_eq!((vec16.share_of_copy() * 100.0).round(), 103.0);
    let gemm = by_id(MeasuredId::GemmBf16);
    assert_eq!((gemm.achieved_flops_per_s() / 1e12).round(), 669.0);
    let rms = by_id(MeasuredId::RmsNorm);
    assert_eq!(
        (rms.achieved_bandwidth_bytes_per_s() / 1e9).round(),
        j["torch"]["rmsnorm"]["variants"][0]["GBps"]
            .as_f64()
            .expect("GBps")
            .round()
    );
    // 4277 GB/s of copy is 89 % of the 4.8 TB/s datasheet figure.
    assert_eq!((copy / 4800.0 * 100.0).round(), 89.0);
}

#[test]
fn w8a8_gemv_is_memory_bound_on_both() {
    // 2·K·N = 33.5 MOP over 16.03 MiB → I ≈ 2, far below every INT8 ridge.
    let k = KernelShape::course_w8a8();
    assert_eq!(k.bytes(), 16_805_888.0);
    for g in [GpuSpec::a100_sxm(), GpuSpec::h100_sxm()] {
        let roof = g.roof(Precision::Int8Tensor).expect("int8");
        assert_eq!(roof.bound(k.flops(), k.bytes()), Bound::Memory);
    }
}
