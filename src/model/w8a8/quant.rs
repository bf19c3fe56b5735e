//! Quantisation and the numerics of the GEMV: symmetric per-tensor activations
//! ([`quantize_symmetric`]), per-channel weights ([`quantize_per_channel`]), the int32 GEMV, the
//! FP16 epilogue, the float reference and a worst-case error bound ([`error_bound`]).
//! Rounding follows CUDA's `__float2int_rn` and `torch.round` (half to even).

use super::*;

/// Symmetric per-tensor quantisation: `scale = max|x| / 127`, `q = clamp(round(x / scale),
/// −127, 127)`, rounding half to even (as CUDA's `__float2int_rn` and `torch.round`).
///
/// Never panics. Empty input → `(vec![], 0.0)`. All-zero input (or a maximum so small that
/// `max|x| / 127` underflows to 0) → `scale = 0` and every `q = 0`, no NaN. Non-finite
/// inputs are left out of `max|x|` and then saturate: NaN → 0, +∞ → 127, −∞ → −127; use
/// [`try_quantize_symmetric`] to reject them instead.
pub fn quantize_symmetric(x: &[f32]) -> (Vec<i8>, f32) {
    let amax = x
        .iter()
        .filter(|v| v.is_finite())
        .fold(0.0f32, |m, v| m.max(v.abs()));
    let scale = amax / Q_MAX as f32;
    let q = x.iter().map(|&v| quantize_one(v, scale)).collect();
    (q, scale)
}

/// [`quantize_symmetric`], but Err on the first NaN or infinity.
pub fn try_quantize_symmetric(x: &[f32]) -> Result<(Vec<i8>, f32), W8a8Error> {
    check_finite("x", x)?;
    Ok(quantize_symmetric(x))
}

/// `clamp(round_half_even(v / scale), −127, 127)` with the saturating rules of
/// [`quantize_symmetric`].
fn quantize_one(v: f32, scale: f32) -> i8 {
    if v.is_nan() {
        return 0;
    }
    let r = if scale > 0.0 {
        (v / scale).round_ties_even()
    } else if v.is_infinite() {
        v
    } else {
        0.0
    };
    // r is finite or ±∞ here; the clamp makes the cast exact.
    r.clamp(-(Q_MAX as f32), Q_MAX as f32) as i8
}

/// `q · scale` for each element.
pub fn dequantize(q: &[i8], scale: f32) -> Vec<f32> {
    q.iter().map(|&v| f32::from(v) * scale).collect()
}

fn check_finite(what: &'static str, x: &[f32]) -> Result<(), W8a8Error> {
    match x.iter().position(|v| !v.is_finite()) {
        Some(index) => Err(W8a8Error::NonFinite { what, index }),
        None => Ok(()),
    }
}

fn check_len(what: &'static str, got: usize, expected: usize) -> Result<(), W8a8Error> {
    if got == expected {
        Ok(())
    } else {
        Err(W8a8Error::LengthMismatch {
            what,
            expected,
            got,
        })
    }
}

/// INT8 weights with one scale per output row (per-channel), as the course stores them:
/// `q[o·k + j]` row-major `[n][k]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuantizedWeights {
    /// Output rows.
    pub n: usize,
    /// Input columns.
    pub k: usize,
    /// `q_W`, row-major `[n][k]`.
    pub q: Vec<i8>,
    /// `s_W[o]`, one per row.
    pub scales: Vec<f32>,
}

/// Per-channel symmetric quantisation of a row-major `[n][k]` weight matrix: each row gets
/// its own [`quantize_symmetric`] scale. Err if `w.len() != n · k` or a weight is not finite.
pub fn quantize_per_channel(w: &[f32], n: usize, k: usize) -> Result<QuantizedWeights, W8a8Error> {
    let expected = n.checked_mul(k).ok_or(W8a8Error::LengthMismatch {
        what: "w",
        expected: usize::MAX,
        got: w.len(),
    })?;
    check_len("w", w.len(), expected)?;
    check_finite("w", w)?;
    let mut q = Vec::with_capacity(expected);
    let mut scales = Vec::with_capacity(n);
    if k > 0 {
        for row in w.chunks(k) {
            let (qr, s) = quantize_symmetric(row);
            q.extend(qr);
            scales.push(s);
        }
    } else {
        scales.resize(n, 0.0);
    }
    Ok(QuantizedWeights { n, k, q, scales })
}

/// The exact integer GEMV `z[o] = Σ_j q_W[o][j] · q_x[j]` with INT32 accumulation, as the
/// Tensor Cores compute it. Err on a length mismatch or if a sum leaves the INT32 range (the
/// hardware would wrap; [`MAX_SAFE_K`] rules that out for |q| ≤ 127).
pub fn gemv_i32(weights: &QuantizedWeights, qx: &[i8]) -> Result<Vec<i32>, W8a8Error> {
    check_len("q_x", qx.len(), weights.k)?;
    check_len("q_W", weights.q.len(), weights.n.saturating_mul(weights.k))?;
    if weights.k == 0 {
        return Ok(vec![0; weights.n]);
    }
    weights
        .q
        .chunks(weights.k)
        .map(|row| {
            let z: i64 = row
                .iter()
                .zip(qx)
                .map(|(&a, &b)| i64::from(a) * i64::from(b))
                .sum();
            i32::try_from(z).map_err(|_| W8a8Error::AccumulatorOverflow {
                k: weights.k as u64,
                max_safe_k: max_safe_k(Q_MAX as u32),
            })
        })
        .collect()
}

/// The epilogue's arithmetic in FP32, in the listing's order:
/// `static_cast<float>(z) * act_scale * w_scale[o]` = `(float(z) · s_x) · s_W`.
pub fn dequantize_output(z: i32, s_x: f32, s_w: f32) -> f32 {
    (z as f32 * s_x) * s_w
}

/// Result of [`w8a8_gemv`]: every stage of one output vector.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GemvOutput {
    /// INT32 dot products `z[o]`.
    pub z: Vec<i32>,
    /// Dequantised FP32 values before the FP16 store.
    pub y_f32: Vec<f32>,
    /// `__float2half` of `y_f32` (round to nearest even), as raw FP16 bits.
    pub y_f16_bits: Vec<u16>,
}

impl GemvOutput {
    /// The FP16 outputs widened back to f32 (exact).
    pub fn y_f16(&self) -> Vec<f32> {
        self.y_f16_bits
            .iter()
            .map(|&h| f16_bits_to_f32(h))
            .collect()
    }
}

/// The course kernel's numerics end to end: integer GEMV, FP32 dequantisation, FP16 output.
/// Bit-exact with the kernel (the H200 run matched a host formula of the same order in every bit).
pub fn w8a8_gemv(weights: &QuantizedWeights, qx: &[i8], s_x: f32) -> Result<GemvOutput, W8a8Error> {
    check_len("s_W", weights.scales.len(), weights.n)?;
    let z = gemv_i32(weights, qx)?;
    let y_f32: Vec<f32> = z
        .iter()
        .zip(&weights.scales)
        .map(|(&z, &s_w)| dequantize_output(z, s_x, s_w))
        .collect();
    let y_f16_bits = y_f32.iter().map(|&y| f32_to_f16_bits(y)).collect();
    Ok(GemvOutput {
        z,
        y_f32,
        y_f16_bits,
    })
}

/// Float reference `y[o] = Σ_j w[o][j] · x[j]` in f64 from the unquantised inputs. Err on a
/// length mismatch or a non-finite input.
pub fn gemv_reference(w: &[f32], x: &[f32], n: usize) -> Result<Vec<f64>, W8a8Error> {
    let k = x.len();
    check_len("w", w.len(), n.saturating_mul(k))?;
    check_finite("w", w)?;
    check_finite("x", x)?;
    if k == 0 {
        return Ok(vec![0.0; n]);
    }
    Ok(w.chunks(k)
        .map(|row| {
            row.iter()
                .zip(x)
                .map(|(&a, &b)| f64::from(a) * f64::from(b))
                .sum()
        })
        .collect())
}

/// How far the W8A8 output may be from the float reference, per output.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ErrorBound {
    /// From quantising both operands: `s_x/2 · Σ|w| + s_W/2 · Σ|x| + K · s_x · s_W / 4`
    /// (`w·x − ŵ·x̂ = w·e_x + e_w·x − e_w·e_x` with `|e| ≤ s/2`).
    pub quantisation: f64,
    /// From the FP32 epilogue and the FP16 store: `|ŷ| · (2⁻¹¹ + 2⁻²¹) + 2⁻²⁵` (half an FP16
    /// ulp relative, three FP32 roundings, half the smallest FP16 subnormal). Valid while
    /// |y| < 65504 (beyond that FP16 overflows to ∞).
    pub rounding: f64,
}

impl ErrorBound {
    /// `quantisation + rounding`.
    pub fn total(&self) -> f64 {
        self.quantisation + self.rounding
    }
}

/// Per-output bound on `|y_f16 − y_reference|` for [`w8a8_gemv`] of these inputs, when the
/// weights and `s_x` came from [`quantize_per_channel`] / [`quantize_symmetric`] with normal
/// (not subnormal) scales. Err on mismatched lengths or non-finite inputs.
pub fn error_bound(
    w: &[f32],
    x: &[f32],
    weights: &QuantizedWeights,
    s_x: f32,
) -> Result<Vec<ErrorBound>, W8a8Error> {
    let k = x.len();
    check_len("w", w.len(), weights.n.saturating_mul(k))?;
    check_len("s_W", weights.scales.len(), weights.n)?;
    check_finite("w", w)?;
    check_finite("x", x)?;
    // Rounding of v / s in f32 can move v/s across a .5 boundary by a few ulps.
    let slack = 1.0 + 1e-6;
    let s_x = f64::from(s_x);
    let sum_abs_x: f64 = x.iter().map(|&v| f64::from(v).abs()).sum();
    let rows: Vec<&[f32]> = if k == 0 {
        vec![&[]; weights.n]
    } else {
        w.chunks(k).collect()
    };
    Ok(rows
        .iter()
        .zip(&weights.scales)
        .map(|(row, &s_w)| {
            let s_w = f64::from(s_w);
            let sum_abs_w: f64 = row.iter().map(|&v| f64::from(v).abs()).sum();
            let quantisation =
                (s_x / 2.0 * sum_abs_w + s_w / 2.0 * sum_abs_x + k as f64 * s_x * s_w / 4.0)
                    * slack;
            let y_hat: f64 = row
                .iter()
                .zip(x)
                .map(|(&a, &b)| f64::from(a) * f64::from(b))
                .sum::<f64>()
                .abs()
                + quantisation;
            let rounding = y_hat * (2f64.powi(-11) + 2f64.powi(-21)) + 2f64.powi(-25);
            ErrorBound {
                quantisation,
                rounding,
            }
        })
        .collect())
}
