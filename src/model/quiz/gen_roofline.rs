//! Generators of the Roofline chapter: ridge point and bound, time lower bound on A100 and
//! H100, tiled-GEMM intensity. The roofs come from [`Params::roofs`], the same call the prompt
//! states them from. Each known mistake is the same model run without one rule.

use super::draw::{choice, option_index, real, step, with_mistake, with_mistakes, Draw};
use super::{sci, sig4, Category, Field, Mistake, Params, StepLabel};
use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::rng::SplitMix64;
use crate::model::roofline::{tiled_gemm, Bound, Dtype, Precision, Roof};

/// A FLOP count and a byte count, log-uniform, rounded to 3 significant digits.
fn draw_kernel(rng: &mut SplitMix64, flops_exp: (f64, f64), bytes_exp: (f64, f64)) -> (f64, f64) {
    let round3 = |x: f64| {
        let e = x.log10().floor() as i32 - 2;
        (x / 10f64.powi(e)).round() * 10f64.powi(e)
    };
    let flops = round3(10f64.powf(rng.f64_in(flops_exp.0, flops_exp.1)));
    let bytes = round3(10f64.powf(rng.f64_in(bytes_exp.0, bytes_exp.1)));
    (flops, bytes)
}

/// The roof of the other precision a student may pick up: FP32 for a 16-bit Tensor Core
/// kernel, BF16 Tensor for an FP32 one (course values where the course has them).
fn other_precision_roof(gpu: &GpuSpec, precision: Precision) -> Option<Roof> {
    let other = match precision {
        Precision::Fp16Tensor | Precision::Bf16Tensor => Precision::Fp32,
        Precision::Fp32 => Precision::Bf16Tensor,
        _ => return None,
    };
    gpu.roof(other)
}

pub(super) fn ridge(rng: &mut SplitMix64) -> Draw {
    const PRECISIONS: [Precision; 5] = [
        Precision::Fp32,
        Precision::Bf16Tensor,
        Precision::Fp16Tensor,
        Precision::Int8Tensor,
        Precision::Fp64,
    ];
    let gpus = GpuSpec::all();
    // The course's two GPUs half the time: their rounded values are the point.
    let gpu = if rng.below(2) == 0 {
        if rng.below(2) == 0 {
            GpuSpec::a100_sxm()
        } else {
            GpuSpec::h100_sxm()
        }
    } else {
        rng.choose(&gpus)?.clone()
    };
    let precision = *rng.choose(&PRECISIONS)?;
    gpu.roof(precision)?;
    let (flops, bytes) = draw_kernel(rng, (8.0, 14.0), (7.0, 11.0));
    let params = Params::Kernel {
        gpu: Some(gpu.id),
        precision,
        flops,
        bytes,
    };
    // The roof the prompt states.
    let roof = params.roofs().first()?.roof;
    let intensity = crate::model::roofline::arithmetic_intensity(flops, bytes);
    let ridge = roof.ridge_point();
    // Too close to the ridge to call within the tolerance: draw again.
    if (intensity / ridge).ln().abs() < 0.05 {
        return None;
    }
    let bound = roof.bound(flops, bytes);
    let datasheet = gpu
        .roof_from(precision, ValueSource::Datasheet)
        .map(|r| r.ridge_point());
    let mut ridge_part = real(Field::RidgePoint, ridge);
    ridge_part = with_mistake(ridge_part, Mistake::DatasheetValues, datasheet);
    if precision.is_tensor() {
        ridge_part = with_mistake(ridge_part, Mistake::SparsePeak, Some(2.0 * ridge));
    }
    ridge_part = with_mistake(
        ridge_part,
        Mistake::OtherPrecisionRoof,
        other_precision_roof(&gpu, precision).map(|r| r.ridge_point()),
    );
    ridge_part = with_mistake(ridge_part, Mistake::RidgeInverted, Some(1.0 / ridge));
    ridge_part = with_mistakes(ridge_part, Mistake::UnitPrefix, [ridge * 1e3, ridge / 1e3]);
    let options = vec![
        Category::Bound(Bound::Memory),
        Category::Bound(Bound::Compute),
    ];
    let mut bound_part = choice(Field::Bound, options, &[Category::Bound(bound)], rng);
    let other_side = match bound {
        Bound::Memory => Bound::Compute,
        Bound::Compute => Bound::Memory,
    };
    let index = option_index(&bound_part, Category::Bound(other_side));
    bound_part = with_mistake(bound_part, Mistake::WrongSideOfRidge, index);
    let steps = vec![
        step(
            StepLabel::Intensity,
            format!(
                "{} / {} = {} FLOP/B",
                sci(flops),
                sci(bytes),
                sig4(intensity)
            ),
        ),
        step(
            StepLabel::Ridge,
            format!(
                "{} / {} = {} FLOP/B",
                sci(roof.peak_flops_per_s),
                sci(roof.bandwidth_bytes_per_s),
                sig4(ridge)
            ),
        ),
        step(
            StepLabel::Bound,
            format!(
                "{} {} {}",
                sig4(intensity),
                if intensity < ridge { "<" } else { ">" },
                sig4(ridge)
            ),
        ),
    ];
    Some((params, vec![ridge_part, bound_part], steps))
}

pub(super) fn time(rng: &mut SplitMix64) -> Draw {
    const PRECISIONS: [Precision; 2] = [Precision::Bf16Tensor, Precision::Fp32];
    let precision = *rng.choose(&PRECISIONS)?;
    let (flops, bytes) = draw_kernel(rng, (9.0, 14.0), (7.0, 10.5));
    let params = Params::Kernel {
        gpu: None,
        precision,
        flops,
        bytes,
    };
    let roofs = params.roofs();
    if roofs.len() != 2 {
        return None;
    }
    let mut parts = Vec::new();
    let mut steps = Vec::new();
    for (r, field, label) in [
        (&roofs[0], Field::TimeA100Us, StepLabel::TimeA100),
        (&roofs[1], Field::TimeH100Us, StepLabel::TimeH100),
    ] {
        let gpu = GpuSpec::by_id(r.gpu)?;
        let roof = r.roof;
        let us = roof.time_lower_bound_s(flops, bytes) * 1e6;
        let datasheet = gpu
            .roof_from(precision, ValueSource::Datasheet)
            .map(|d| d.time_lower_bound_s(flops, bytes) * 1e6);
        let sum = (roof.compute_time_s(flops) + roof.memory_time_s(bytes)) * 1e6;
        let other =
            other_precision_roof(&gpu, precision).map(|o| o.time_lower_bound_s(flops, bytes) * 1e6);
        let part = real(field, us);
        let part = with_mistake(part, Mistake::SumNotMax, Some(sum));
        let part = with_mistake(part, Mistake::OtherPrecisionRoof, other);
        let part = with_mistake(part, Mistake::DatasheetValues, datasheet);
        let part = with_mistakes(part, Mistake::UnitPrefix, [us * 1e3, us / 1e3, us / 1e6]);
        parts.push(part);
        steps.push(step(
            label,
            format!(
                "max({} / {}, {} / {}) = max({}, {}) µs = {} µs",
                sci(flops),
                sci(roof.peak_flops_per_s),
                sci(bytes),
                sci(roof.bandwidth_bytes_per_s),
                sig4(roof.compute_time_s(flops) * 1e6),
                sig4(roof.memory_time_s(bytes) * 1e6),
                sig4(us)
            ),
        ));
    }
    Some((params, parts, steps))
}

pub(super) fn tiled(rng: &mut SplitMix64) -> Draw {
    const TILES: [u64; 4] = [32, 64, 128, 256];
    const TILES_K: [u64; 4] = [8, 16, 32, 64];
    const DTYPES: [Dtype; 3] = [Dtype::Fp16, Dtype::Bf16, Dtype::Fp32];
    let m = 512 * rng.range_inclusive(1, 16);
    let n = 512 * rng.range_inclusive(1, 16);
    let k = 512 * rng.range_inclusive(1, 16);
    let bm = *rng.choose(&TILES)?;
    let bn = *rng.choose(&TILES)?;
    let bk = *rng.choose(&TILES_K)?;
    let dtype = *rng.choose(&DTYPES)?;
    let t = tiled_gemm(m, n, k, bm, bn, bk, dtype);
    let flops = 2.0 * m as f64 * n as f64 * k as f64;
    let e = dtype.bytes();
    let c_bytes = (m * n * e) as f64;
    let ideal = ((m * k + k * n + m * n) * e) as f64;
    let part = real(Field::Intensity, t.intensity);
    let part = with_mistake(part, Mistake::FmaNotTwoFlops, Some(t.intensity / 2.0));
    let part = with_mistake(
        part,
        Mistake::ForgotOutputWrite,
        (t.bytes > c_bytes).then(|| flops / (t.bytes - c_bytes)),
    );
    let part = with_mistake(part, Mistake::IdealTraffic, Some(flops / ideal));
    let steps = vec![
        step(
            StepLabel::TiledBytes,
            format!(
                "⌈{m}/{bm}⌉ × ⌈{n}/{bn}⌉ = {} × ({bm} + {bn}) × {k} × {e} B + {m} × {n} × {e} B = {} B",
                t.blocks,
                sci(t.bytes)
            ),
        ),
        step(
            StepLabel::Intensity,
            format!(
                "2 × {m} × {n} × {k} / {} = {} / {} = {} FLOP/B",
                sci(t.bytes),
                sci(flops),
                sci(t.bytes),
                sig4(t.intensity)
            ),
        ),
    ];
    let params = Params::Tiled {
        m,
        n,
        k,
        bm,
        bn,
        bk,
        dtype,
    };
    Some((params, vec![part], steps))
}
