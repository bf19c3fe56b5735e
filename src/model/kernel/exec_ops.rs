//! Lane-wise arithmetic on 32 lanes at once, with C / PTX semantics:
//!
//! * `int` and `unsigned` wrap modulo 2^32 (two's complement; the GPU's `IADD3`/`IMAD` do, and
//!   C defines it for `unsigned`). `/` and `%` truncate toward zero (C++ [expr.mul]);
//!   `INT_MIN / -1` wraps to `INT_MIN`. Division by zero is reported by the caller.
//! * Shifts follow PTX `shl`/`shr` (PTX ISA "Logic and Shift Instructions"): a count of 32 or
//!   more gives 0 (or all sign bits for `>>` of a negative `int`); C leaves it undefined.
//!   `>>` of an `int` is arithmetic.
//! * `float` arithmetic is IEEE binary32 with round-to-nearest-even, as the GPU's `FADD`/`FMUL`
//!   and `div.rn.f32` / `sqrt.rn.f32` (nvcc's defaults without `--use_fast_math`); `double` is
//!   binary64. `fminf`/`fmaxf` return the non-NaN operand (IEEE minNum, as CUDA's).
//!   `expf`/`exp` give Rust's result, which may differ from CUDA's in the last place (the CUDA
//!   Math API documents up to 2 ulp for `expf`).

use super::ir::{Arith, Cmp, Unary};
use super::types::{convert, truthy, ScalarType};

pub(crate) type Lanes = [u64; 32];

#[inline(always)]
fn map2(out: &mut Lanes, a: &Lanes, b: &Lanes, f: impl Fn(u64, u64) -> u64) {
    for l in 0..32 {
        out[l] = f(a[l], b[l]);
    }
}

#[inline(always)]
fn map1(out: &mut Lanes, a: &Lanes, f: impl Fn(u64) -> u64) {
    for l in 0..32 {
        out[l] = f(a[l]);
    }
}

#[inline]
fn i(x: u64) -> i32 {
    x as u32 as i32
}

#[inline]
fn u(x: u64) -> u32 {
    x as u32
}

#[inline]
fn fi(x: i32) -> u64 {
    u64::from(x as u32)
}

#[inline]
fn f(x: u64) -> f32 {
    f32::from_bits(x as u32)
}

#[inline]
fn ff(x: f32) -> u64 {
    u64::from(x.to_bits())
}

#[inline]
fn d(x: u64) -> f64 {
    f64::from_bits(x)
}

/// `out = a op b` on every lane; returns the lanes where an integer `/` or `%` divides by 0
/// (their result is 0).
pub(crate) fn arith(op: Arith, ty: ScalarType, a: &Lanes, b: &Lanes, out: &mut Lanes) -> u32 {
    use Arith::*;
    let mut zero = 0u32;
    if ty.is_integer() && matches!(op, Div | Rem) {
        for (l, y) in b.iter().enumerate() {
            if *y as u32 == 0 {
                zero |= 1 << l;
            }
        }
    }
    match ty {
        ScalarType::Int => match op {
            Add => map2(out, a, b, |x, y| fi(i(x).wrapping_add(i(y)))),
            Sub => map2(out, a, b, |x, y| fi(i(x).wrapping_sub(i(y)))),
            Mul => map2(out, a, b, |x, y| fi(i(x).wrapping_mul(i(y)))),
            Div => map2(out, a, b, |x, y| {
                if i(y) == 0 {
                    0
                } else {
                    fi(i(x).wrapping_div(i(y)))
                }
            }),
            Rem => map2(out, a, b, |x, y| {
                if i(y) == 0 {
                    0
                } else {
                    fi(i(x).wrapping_rem(i(y)))
                }
            }),
            Shl => map2(out, a, b, |x, y| {
                if u(y) >= 32 {
                    0
                } else {
                    u64::from(u(x) << u(y))
                }
            }),
            Shr => map2(out, a, b, |x, y| fi(i(x) >> u(y).min(31))),
            And => map2(out, a, b, |x, y| x & y),
            Or => map2(out, a, b, |x, y| x | y),
            Xor => map2(out, a, b, |x, y| x ^ y),
            Min => map2(out, a, b, |x, y| fi(i(x).min(i(y)))),
            Max => map2(out, a, b, |x, y| fi(i(x).max(i(y)))),
        },
        ScalarType::UInt | ScalarType::Bool => match op {
            Add => map2(out, a, b, |x, y| u64::from(u(x).wrapping_add(u(y)))),
            Sub => map2(out, a, b, |x, y| u64::from(u(x).wrapping_sub(u(y)))),
            Mul => map2(out, a, b, |x, y| u64::from(u(x).wrapping_mul(u(y)))),
            Div => map2(out, a, b, |x, y| {
                u(x).checked_div(u(y)).map_or(0, u64::from)
            }),
            Rem => map2(out, a, b, |x, y| {
                u(x).checked_rem(u(y)).map_or(0, u64::from)
            }),
            Shl => map2(out, a, b, |x, y| {
                if u(y) >= 32 {
                    0
                } else {
                    u64::from(u(x) << u(y))
                }
            }),
            Shr => map2(out, a, b, |x, y| {
                if u(y) >= 32 {
                    0
                } else {
                    u64::from(u(x) >> u(y))
                }
            }),
            And => map2(out, a, b, |x, y| x & y),
            Or => map2(out, a, b, |x, y| x | y),
            Xor => map2(out, a, b, |x, y| x ^ y),
            Min => map2(out, a, b, |x, y| u64::from(u(x).min(u(y)))),
            Max => map2(out, a, b, |x, y| u64::from(u(x).max(u(y)))),
        },
        ScalarType::Float => match op {
            Add => map2(out, a, b, |x, y| ff(f(x) + f(y))),
            Sub => map2(out, a, b, |x, y| ff(f(x) - f(y))),
            Mul => map2(out, a, b, |x, y| ff(f(x) * f(y))),
            Div => map2(out, a, b, |x, y| ff(f(x) / f(y))),
            Min => map2(out, a, b, |x, y| ff(f(x).min(f(y)))),
            Max => map2(out, a, b, |x, y| ff(f(x).max(f(y)))),
            // Integer-only operators are refused by the type checker.
            _ => *out = [0; 32],
        },
        ScalarType::Double => match op {
            Add => map2(out, a, b, |x, y| (d(x) + d(y)).to_bits()),
            Sub => map2(out, a, b, |x, y| (d(x) - d(y)).to_bits()),
            Mul => map2(out, a, b, |x, y| (d(x) * d(y)).to_bits()),
            Div => map2(out, a, b, |x, y| (d(x) / d(y)).to_bits()),
            Min => map2(out, a, b, |x, y| d(x).min(d(y)).to_bits()),
            Max => map2(out, a, b, |x, y| d(x).max(d(y)).to_bits()),
            _ => *out = [0; 32],
        },
    }
    zero
}

/// `out = (a op b) ? 1 : 0` on every lane (IEEE comparisons: NaN compares unequal).
pub(crate) fn compare(op: Cmp, ty: ScalarType, a: &Lanes, b: &Lanes, out: &mut Lanes) {
    macro_rules! cmp {
        ($conv:expr) => {
            match op {
                Cmp::Lt => map2(out, a, b, |x, y| u64::from($conv(x) < $conv(y))),
                Cmp::Le => map2(out, a, b, |x, y| u64::from($conv(x) <= $conv(y))),
                Cmp::Gt => map2(out, a, b, |x, y| u64::from($conv(x) > $conv(y))),
                Cmp::Ge => map2(out, a, b, |x, y| u64::from($conv(x) >= $conv(y))),
                Cmp::Eq => map2(out, a, b, |x, y| u64::from($conv(x) == $conv(y))),
                Cmp::Ne => map2(out, a, b, |x, y| u64::from($conv(x) != $conv(y))),
            }
        };
    }
    match ty {
        ScalarType::Int => cmp!(i),
        ScalarType::UInt | ScalarType::Bool => cmp!(u),
        ScalarType::Float => cmp!(f),
        ScalarType::Double => cmp!(d),
    }
}

/// `out = op a` on every lane.
pub(crate) fn unary(op: Unary, ty: ScalarType, a: &Lanes, out: &mut Lanes) {
    use ScalarType::*;
    match (op, ty) {
        (Unary::Not, t) => map1(out, a, |x| u64::from(!truthy(x, t))),
        (Unary::Neg, Int | UInt | Bool) => map1(out, a, |x| u64::from(u(x).wrapping_neg())),
        (Unary::Neg, Float) => map1(out, a, |x| ff(-f(x))),
        (Unary::Neg, Double) => map1(out, a, |x| (-d(x)).to_bits()),
        (Unary::BitNot, _) => map1(out, a, |x| u64::from(!u(x))),
        (Unary::Abs, Int | UInt | Bool) => map1(out, a, |x| fi(i(x).wrapping_abs())),
        (Unary::Abs, Float) => map1(out, a, |x| ff(f(x).abs())),
        (Unary::Abs, Double) => map1(out, a, |x| d(x).abs().to_bits()),
        (Unary::Sqrt, Float) => map1(out, a, |x| ff(f(x).sqrt())),
        (Unary::Sqrt, Double) => map1(out, a, |x| d(x).sqrt().to_bits()),
        (Unary::Exp, Float) => map1(out, a, |x| ff(f(x).exp())),
        (Unary::Exp, Double) => map1(out, a, |x| d(x).exp().to_bits()),
        (Unary::Floor, Float) => map1(out, a, |x| ff(f(x).floor())),
        (Unary::Floor, Double) => map1(out, a, |x| d(x).floor().to_bits()),
        (Unary::Ceil, Float) => map1(out, a, |x| ff(f(x).ceil())),
        (Unary::Ceil, Double) => map1(out, a, |x| d(x).ceil().to_bits()),
        // Math functions take floating arguments (the compiler converts integers).
        (Unary::Sqrt | Unary::Exp | Unary::Floor | Unary::Ceil, _) => *out = *a,
    }
}

/// `out = (to) a` on every lane.
pub(crate) fn cvt(from: ScalarType, to: ScalarType, a: &Lanes, out: &mut Lanes) {
    map1(out, a, |x| convert(x, from, to));
}

/// Bit `l` set where lane `l` of `a` is true.
#[inline]
// Lanes indexed in lockstep over a fixed 32-lane array: the form that vectorises.
#[allow(clippy::needless_range_loop)]
pub(crate) fn truth_mask(a: &Lanes, ty: ScalarType) -> u32 {
    let mut m = 0;
    if ty.is_integer() {
        for l in 0..32 {
            m |= u32::from(a[l] as u32 != 0) << l;
        }
    } else {
        for l in 0..32 {
            m |= u32::from(truthy(a[l], ty)) << l;
        }
    }
    m
}

/// `dst[l] = v[l]` for lanes in `mask`.
#[inline]
pub(crate) fn write_masked(dst: &mut Lanes, v: &Lanes, mask: u32) {
    if mask == u32::MAX {
        *dst = *v;
    } else {
        for l in 0..32 {
            let sel = 0u64.wrapping_sub(u64::from((mask >> l) & 1));
            dst[l] = (v[l] & sel) | (dst[l] & !sel);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::kernel::types::bits_of_int;

    fn one(op: Arith, ty: ScalarType, x: i64, y: i64) -> (i64, u32) {
        let a = [bits_of_int(x, ty); 32];
        let b = [bits_of_int(y, ty); 32];
        let mut out = [0; 32];
        let z = arith(op, ty, &a, &b, &mut out);
        let v = match ty {
            ScalarType::Int => i64::from(out[0] as u32 as i32),
            _ => i64::from(out[0] as u32),
        };
        (v, z)
    }

    #[test]
    fn c_integer_semantics() {
        use Arith::*;
        use ScalarType::*;
        // Truncation toward zero, remainder takes the dividend's sign (C++ [expr.mul]).
        assert_eq!(one(Div, Int, -7, 2).0, -3);
        assert_eq!(one(Rem, Int, -7, 2).0, -1);
        assert_eq!(one(Rem, Int, 7, -2).0, 1);
        assert_eq!(
            one(Div, Int, i64::from(i32::MIN), -1).0,
            i64::from(i32::MIN)
        );
        // Unsigned wraps.
        assert_eq!(one(Sub, UInt, 0, 1).0, i64::from(u32::MAX));
        assert_eq!(one(Mul, Int, 65536, 65536).0, 0);
        assert_eq!(one(Add, Int, i64::from(i32::MAX), 1).0, i64::from(i32::MIN));
        // Shifts: arithmetic for int, logical for unsigned, clamped counts (PTX).
        assert_eq!(one(Shr, Int, -8, 1).0, -4);
        assert_eq!(one(Shr, UInt, 0xFFFF_FFF8, 1).0, 0x7FFF_FFFC);
        assert_eq!(one(Shl, Int, 1, 31).0, i64::from(i32::MIN));
        assert_eq!(one(Shl, UInt, 1, 32).0, 0);
        assert_eq!(one(Shr, Int, -1, 40).0, -1);
        // Division by zero is flagged on every lane.
        assert_eq!(one(Div, Int, 1, 0), (0, u32::MAX));
        assert_eq!(one(Rem, UInt, 1, 0), (0, u32::MAX));
    }

    #[test]
    fn float_is_f32_and_double_is_f64() {
        let a = [u64::from(0.1f32.to_bits()); 32];
        let b = [u64::from(0.2f32.to_bits()); 32];
        let mut out = [0; 32];
        arith(Arith::Add, ScalarType::Float, &a, &b, &mut out);
        assert_eq!(f32::from_bits(out[0] as u32), 0.1f32 + 0.2f32);
        let a = [0.1f64.to_bits(); 32];
        let b = [0.2f64.to_bits(); 32];
        arith(Arith::Add, ScalarType::Double, &a, &b, &mut out);
        assert_eq!(f64::from_bits(out[0]), 0.1 + 0.2);
        // fminf returns the non-NaN operand.
        let n = [u64::from(f32::NAN.to_bits()); 32];
        let one = [u64::from(1.0f32.to_bits()); 32];
        arith(Arith::Min, ScalarType::Float, &n, &one, &mut out);
        assert_eq!(f32::from_bits(out[0] as u32), 1.0);
        // Signed vs unsigned comparison after the usual conversions happens in the compiler;
        // here -1 < 0 as int, and 0xFFFFFFFF > 0 as unsigned.
        let m1 = [u64::from(u32::MAX); 32];
        let z = [0; 32];
        compare(Cmp::Lt, ScalarType::Int, &m1, &z, &mut out);
        assert_eq!(out[0], 1);
        compare(Cmp::Lt, ScalarType::UInt, &m1, &z, &mut out);
        assert_eq!(out[0], 0);
    }
}
