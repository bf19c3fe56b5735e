//! IEEE 754 binary16 conversion in software, bit-exact with CUDA's `__float2half` (round to
//! nearest, ties to even) and `__half2float`, so the model reproduces the kernel's FP16 output
//! without a half-precision type.

/// `f32` → IEEE binary16 bits, rounding to nearest, ties to even (CUDA `__float2half`):
/// overflow → ±∞, tiny values → subnormals or ±0, NaN → a quiet NaN.
pub fn f32_to_f16_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        return if mant == 0 {
            sign | 0x7c00
        } else {
            sign | 0x7e00 | (mant >> 13) as u16
        };
    }
    // Exponent rebiased from 127 to 15.
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        // FP16 subnormal (unit 2⁻²⁴) or zero.
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32; // 14..=24
        let kept = m >> shift;
        let rem = m & ((1 << shift) - 1);
        let half = 1 << (shift - 1);
        let rounded = if rem > half || (rem == half && kept & 1 == 1) {
            kept + 1
        } else {
            kept
        };
        // A carry into bit 10 yields the smallest normal, which is the right encoding.
        return sign | rounded as u16;
    }
    let h = ((e as u32) << 10) | (mant >> 13);
    let rem = mant & 0x1fff;
    // A carry out of the mantissa bumps the exponent (up to ∞), which is correct.
    let rounded = if rem > 0x1000 || (rem == 0x1000 && h & 1 == 1) {
        h + 1
    } else {
        h
    };
    sign | rounded as u16
}

/// IEEE binary16 bits → `f32` (exact).
pub fn f16_bits_to_f32(h: u16) -> f32 {
    let negative = h & 0x8000 != 0;
    let exp = u32::from((h >> 10) & 0x1f);
    let mant = u32::from(h & 0x3ff);
    let sign = if negative { 1u32 << 31 } else { 0 };
    match exp {
        0 => {
            // mant · 2⁻²⁴, exact in f32.
            let v = mant as f32 * f32::from_bits(0x3380_0000);
            if negative {
                -v
            } else {
                v
            }
        }
        0x1f => f32::from_bits(sign | 0x7f80_0000 | (mant << 13)),
        _ => f32::from_bits(sign | ((exp + 112) << 23) | (mant << 13)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_known_values() {
        assert_eq!(f32_to_f16_bits(1.0), 0x3c00);
        assert_eq!(f32_to_f16_bits(-2.0), 0xc000);
        assert_eq!(f32_to_f16_bits(65504.0), 0x7bff);
        assert_eq!(f32_to_f16_bits(65520.0), 0x7c00); // tie → even → ∞
        assert_eq!(f32_to_f16_bits(f32::from_bits(0x3380_0000)), 0x0001); // 2⁻²⁴
        assert_eq!(f32_to_f16_bits(f32::from_bits(0x3300_0000)), 0x0000); // 2⁻²⁵ tie → 0
        assert_eq!(f32_to_f16_bits(-0.0), 0x8000);
        assert!(f16_bits_to_f32(f32_to_f16_bits(f32::NAN)).is_nan());
    }
}
