//! The lab's C types (`bool`, `int`, `unsigned`, `float`, `double`, `float2`, `float4`) and the
//! C conversions between them.
//!
//! Values live in 64-bit lane slots: `bool`, `int` and `unsigned` as their 32 bits (zero-extended),
//! `float` as its IEEE-754 binary32 bits, `double` as its binary64 bits. A `float2` / `float4`
//! value is 2 / 4 consecutive `float` slots.
//!
//! Conversions follow C++ (ISO C++ [conv]) where it is defined and the PTX `cvt` instruction
//! nvcc emits where C leaves it undefined: float → integer truncates toward zero and saturates
//! (`cvt.rzi.s32.f32`, PTX ISA "cvt": out-of-range values clamp, NaN gives 0), which is what
//! Rust's `as` does too; integer → float rounds to nearest even (`cvt.rn`).

use serde::{Deserialize, Serialize};

/// A scalar C type of the lab.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ScalarType {
    /// C++ `bool`: 0 or 1. Comparisons and `!`, `&&`, `||` give it; it promotes to `int`.
    Bool,
    /// 32-bit two's-complement `int`; arithmetic wraps as on the GPU.
    Int,
    /// 32-bit `unsigned int`; arithmetic wraps modulo 2^32 (C).
    UInt,
    /// IEEE binary32 `float`, computed in f32.
    Float,
    /// IEEE binary64 `double`, computed in f64.
    Double,
}

impl ScalarType {
    /// `sizeof` in bytes.
    pub fn bytes(self) -> u32 {
        match self {
            ScalarType::Bool => 1,
            ScalarType::Int | ScalarType::UInt | ScalarType::Float => 4,
            ScalarType::Double => 8,
        }
    }

    /// The type as written in CUDA C.
    pub fn c_name(self) -> &'static str {
        match self {
            ScalarType::Bool => "bool",
            ScalarType::Int => "int",
            ScalarType::UInt => "unsigned int",
            ScalarType::Float => "float",
            ScalarType::Double => "double",
        }
    }

    /// `bool`, `int` or `unsigned`.
    pub fn is_integer(self) -> bool {
        matches!(self, ScalarType::Bool | ScalarType::Int | ScalarType::UInt)
    }

    /// `float` or `double`.
    pub fn is_floating(self) -> bool {
        matches!(self, ScalarType::Float | ScalarType::Double)
    }

    /// Integral promotion (C++ [conv.prom]): `bool` → `int`; the others are unchanged.
    pub fn promoted(self) -> ScalarType {
        match self {
            ScalarType::Bool => ScalarType::Int,
            other => other,
        }
    }
}

/// The usual arithmetic conversions (C++ [expr.arith.conv]) for the lab's types: `double` if
/// either operand is, else `float`, else `unsigned int` if either is (both have rank of `int`),
/// else `int`.
pub fn usual_arithmetic(a: ScalarType, b: ScalarType) -> ScalarType {
    use ScalarType::*;
    match (a.promoted(), b.promoted()) {
        (Double, _) | (_, Double) => Double,
        (Float, _) | (_, Float) => Float,
        (UInt, _) | (_, UInt) => UInt,
        _ => Int,
    }
}

/// A value type: a scalar, `float2` or `float4` (CUDA's built-in vector types, `vector_types.h`:
/// 8- and 16-byte aligned structs of `x, y` and `x, y, z, w`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ValueType {
    /// One scalar.
    Scalar(ScalarType),
    /// `float2 {x, y}`, 8 bytes, 8-byte aligned.
    Float2,
    /// `float4 {x, y, z, w}`, 16 bytes, 16-byte aligned.
    Float4,
}

impl ValueType {
    /// Scalar slots the value occupies: 1, 2 or 4.
    pub fn components(self) -> u32 {
        match self {
            ValueType::Scalar(_) => 1,
            ValueType::Float2 => 2,
            ValueType::Float4 => 4,
        }
    }

    /// The type of each component (`float` for the vectors).
    pub fn component(self) -> ScalarType {
        match self {
            ValueType::Scalar(s) => s,
            ValueType::Float2 | ValueType::Float4 => ScalarType::Float,
        }
    }

    /// `sizeof` in bytes.
    pub fn bytes(self) -> u32 {
        self.component().bytes() * self.components()
    }

    /// Alignment in bytes (`alignof`): the size, for every lab type.
    pub fn align(self) -> u32 {
        self.bytes()
    }

    /// The type as written in CUDA C.
    pub fn c_name(self) -> &'static str {
        match self {
            ValueType::Scalar(s) => s.c_name(),
            ValueType::Float2 => "float2",
            ValueType::Float4 => "float4",
        }
    }

    /// The scalar type, if this is one.
    pub fn scalar(self) -> Option<ScalarType> {
        match self {
            ValueType::Scalar(s) => Some(s),
            _ => None,
        }
    }
}

/// Bits of a scalar constant of type `ty` holding the integer `v` (wrapping, as a C conversion
/// from a wider integer would).
pub(crate) fn bits_of_int(v: i64, ty: ScalarType) -> u64 {
    match ty {
        ScalarType::Bool => u64::from(v != 0),
        ScalarType::Int | ScalarType::UInt => u64::from(v as u32),
        ScalarType::Float => u64::from((v as f32).to_bits()),
        ScalarType::Double => (v as f64).to_bits(),
    }
}

/// Bits of a floating constant `v` (exact for `double`, rounded to nearest for `float`).
pub(crate) fn bits_of_float(v: f64, ty: ScalarType) -> u64 {
    match ty {
        ScalarType::Bool => u64::from(v != 0.0),
        ScalarType::Int => u64::from((v as i32) as u32),
        ScalarType::UInt => u64::from(v as u32),
        ScalarType::Float => u64::from((v as f32).to_bits()),
        ScalarType::Double => v.to_bits(),
    }
}

/// `true` when the value is nonzero (C's condition test; NaN is true, ±0 false).
#[inline]
pub(crate) fn truthy(bits: u64, ty: ScalarType) -> bool {
    match ty {
        ScalarType::Bool | ScalarType::Int | ScalarType::UInt => bits as u32 != 0,
        ScalarType::Float => f32::from_bits(bits as u32) != 0.0,
        ScalarType::Double => f64::from_bits(bits) != 0.0,
    }
}

/// The value as an `i64` (integers exactly; floats truncated, saturating; used for indices and
/// error messages).
#[inline]
pub(crate) fn as_i64(bits: u64, ty: ScalarType) -> i64 {
    match ty {
        ScalarType::Bool | ScalarType::UInt => i64::from(bits as u32),
        ScalarType::Int => i64::from(bits as u32 as i32),
        ScalarType::Float => f32::from_bits(bits as u32) as i64,
        ScalarType::Double => f64::from_bits(bits) as i64,
    }
}

/// C conversion of one value from `from` to `to` (see the module docs for the undefined cases).
#[inline]
pub(crate) fn convert(bits: u64, from: ScalarType, to: ScalarType) -> u64 {
    use ScalarType::*;
    match (from, to) {
        (a, b) if a == b => bits,
        (_, Bool) => u64::from(truthy(bits, from)),
        (Bool | Int | UInt, Int | UInt) => bits & 0xFFFF_FFFF,
        (Bool | UInt, Float) => u64::from((bits as u32 as f32).to_bits()),
        (Int, Float) => u64::from((bits as u32 as i32 as f32).to_bits()),
        (Bool | UInt, Double) => f64::from(bits as u32).to_bits(),
        (Int, Double) => f64::from(bits as u32 as i32).to_bits(),
        (Float, Int) => u64::from(f32::from_bits(bits as u32) as i32 as u32),
        (Float, UInt) => u64::from(f32::from_bits(bits as u32) as u32),
        (Double, Int) => u64::from(f64::from_bits(bits) as i32 as u32),
        (Double, UInt) => u64::from(f64::from_bits(bits) as u32),
        (Float, Double) => f64::from(f32::from_bits(bits as u32)).to_bits(),
        (Double, Float) => u64::from((f64::from_bits(bits) as f32).to_bits()),
        // Every pair is covered above; equal types return early.
        _ => bits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ScalarType::*;

    #[test]
    fn usual_arithmetic_conversions() {
        assert_eq!(usual_arithmetic(Int, UInt), UInt);
        assert_eq!(usual_arithmetic(Bool, Bool), Int);
        assert_eq!(usual_arithmetic(UInt, Float), Float);
        assert_eq!(usual_arithmetic(Float, Double), Double);
        assert_eq!(usual_arithmetic(Int, Int), Int);
    }

    #[test]
    fn conversions_follow_c_and_ptx_cvt() {
        // -1 as unsigned is 2^32 - 1 (C modulo rule); back to int is -1.
        let m1 = bits_of_int(-1, Int);
        assert_eq!(convert(m1, Int, UInt), 0xFFFF_FFFF);
        assert_eq!(as_i64(convert(m1, Int, Double), Double), -1);
        // float → int truncates toward zero; out of range saturates (cvt.rzi.s32.f32).
        let f = bits_of_float(-2.7, Float);
        assert_eq!(as_i64(convert(f, Float, Int), Int), -2);
        let big = bits_of_float(3e9, Float);
        assert_eq!(as_i64(convert(big, Float, Int), Int), i64::from(i32::MAX));
        assert_eq!(as_i64(convert(f, Float, UInt), UInt), 0);
        // 16777217 is not a float: rounds to nearest even, 16777216.
        let i = bits_of_int(16_777_217, Int);
        assert_eq!(f32::from_bits(convert(i, Int, Float) as u32), 16_777_216.0);
        assert_eq!(convert(bits_of_float(0.5, Double), Double, Bool), 1);
        assert!(truthy(bits_of_float(f64::NAN, Double), Double));
        assert!(!truthy(bits_of_float(-0.0, Float), Float));
    }
}
