//! Roofline: roofs, ridge points and kernel placement.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;

#[test]
fn ridge_of_course_a100_bf16_is_156() {
    let roof = GpuSpec::a100_sxm()
        .roof(Precision::Bf16Tensor)
        .expect("A100 has BF16");
    assert!((roof.ridge_point() - 156.0).abs() < 1e-9);
}

#[test]
fn attainable_is_min_of_roofs() {
    let roof = Roof {
        peak_flops_per_s: 312e12,
        bandwidth_bytes_per_s: 2.039e12,
    };
    // spec §7: AI = 100 → min(312, 203.9) TFLOPS.
    assert!((roof.attainable_flops_per_s(100.0) / 1e12 - 203.9).abs() < 1e-9);
    assert_eq!(roof.attainable_flops_per_s(1e6), 312e12);
    assert_eq!(roof.attainable_flops_per_s(f64::NAN), 0.0);
    assert_eq!(roof.attainable_flops_per_s(-1.0), 0.0);
}

#[test]
fn chart_spec_covers_roofs_and_points() {
    let spec = chart_spec(&GpuSpec::h100_sxm(), ValueSource::Course, &[0.1667, 1365.0]);
    assert_eq!(spec.intensity_extent, (0.01, 10000.0));
    assert_eq!(spec.top_flops_per_s, 1979e12);
    // FP16 = BF16 on H100: drawn once. FP64, FP32, TF32, BF16, INT8, FP8 remain.
    assert_eq!(spec.roofs.len(), 6);
    assert!(spec
        .roofs
        .windows(2)
        .all(|w| w[0].roof.peak_flops_per_s <= w[1].roof.peak_flops_per_s));
    let wild = chart_spec(
        &GpuSpec::a100_sxm(),
        ValueSource::Course,
        &[1e-9, f64::NAN, 1e12],
    );
    assert_eq!(wild.intensity_extent, (0.001, 1e6));
}

#[test]
fn intensity_edge_cases() {
    assert_eq!(arithmetic_intensity(0.0, 0.0), 0.0);
    assert_eq!(arithmetic_intensity(1.0, 0.0), f64::INFINITY);
    assert!((arithmetic_intensity(2.0, 12.0) - 1.0 / 6.0).abs() < 1e-12);
}

#[test]
fn course_kernels_have_the_course_intensities() {
    // Course §6.4: elementwise 1/6, RMSNorm 1, decode attention 4 (= GQA group), GEMM ≈ 1365.
    assert!((KernelShape::course_elementwise().intensity() - 1.0 / 6.0).abs() < 1e-12);
    assert!((KernelShape::course_rmsnorm().intensity() - 1.0).abs() < 1e-12);
    assert!((KernelShape::course_decode_attention().intensity() - 4.0).abs() < 1e-12);
    assert!((KernelShape::course_gemm().intensity() - 1365.33).abs() < 0.01);
}

#[test]
fn tiled_gemm_128_tiles_is_memory_bound_on_a100() {
    // Course §6.5: 128×128 tiles without L2 reuse stay below the ridge of 156.
    let t = tiled_gemm(4096, 4096, 4096, 128, 128, 32, Dtype::Bf16);
    assert_eq!(t.blocks, 1024);
    assert_eq!(t.elements_read_per_block, 256 * 4096);
    assert_eq!(t.smem_per_stage_bytes, 16 * 1024);
    assert!(t.intensity > 10.0 && t.intensity < 156.0, "{}", t.intensity);
}
