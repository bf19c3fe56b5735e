//! Fixed-point text of SVG coordinates without `core::fmt`'s exact float path: `{:.1}` of a
//! value that is an integer or a half takes Rust's slow bignum (Dragon) fallback, and a slider
//! tick formats hundreds of coordinates (occupancy's sweep paths, in a CPU profile).

/// Appends `value` with `decimals` (1 or 2) digits after the point to `out`, exactly as
/// `format!("{value:.decimals$}")` writes it: the nearest decimal, an exact tie to even, a `-`
/// before any negative value (also one that rounds to zero). Ties, other precisions and values
/// too large for a `u64` of hundredths go through `core::fmt` itself.
pub fn push_fixed(out: &mut String, value: f64, decimals: usize) {
    let scale = match decimals {
        1 => 10.0,
        2 => 100.0,
        _ => return out.push_str(&format!("{value:.decimals$}")),
    };
    let t = value.abs() * scale;
    // NaN and infinities too.
    if t.is_nan() || t >= 1e15 {
        return out.push_str(&format!("{value:.decimals$}"));
    }
    let whole = t.floor();
    let frac = t - whole;
    // The product's rounding error is below 2^-52 · t: only a fraction this near one half can
    // be a tie or on the other side of one.
    if (frac - 0.5).abs() <= 1e-9 * t.max(1.0) {
        return out.push_str(&format!("{value:.decimals$}"));
    }
    let n = whole as u64 + u64::from(frac > 0.5);
    let unit = if decimals == 1 { 10 } else { 100 };
    if value.is_sign_negative() {
        out.push('-');
    }
    push_u64(out, n / unit);
    out.push('.');
    let rest = n % unit;
    if decimals == 2 && rest < 10 {
        out.push('0');
    }
    push_u64(out, rest);
}

/// `value` as [`push_fixed`] writes it.
pub fn fixed(value: f64, decimals: usize) -> String {
    let mut s = String::with_capacity(12);
    push_fixed(&mut s, value, decimals);
    s
}

/// Appends the decimal digits of `n` (no `core::fmt`, no allocation: also the lengths in
/// `Markup`'s operations).
pub fn push_u64(out: &mut String, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(buf[i..].iter().map(|&b| char::from(b)));
}

#[cfg(test)]
mod tests {
    use super::fixed;

    #[test]
    fn same_text_as_core_fmt() {
        let mut values = vec![
            0.0, -0.0, 0.05, 0.15, 0.25, 0.35, 1.005, 2.675, 0.125, -0.04, -0.05, -1.25, 1.45,
            99.95, 99.94999, 639.999, 640.0, 12.5, 7.0, 1e14, 1e16, -1e16, 0.004, 0.005, 0.006,
        ];
        // Many ordinary coordinates: thirds, sevenths, and integers, halves and quarters.
        for k in -2000..2000 {
            let k = f64::from(k);
            values.extend([
                k / 3.0,
                k / 7.0,
                k / 2.0,
                k / 4.0,
                k / 8.0,
                k / 10.0,
                k / 100.0,
                k * 0.1,
                k * 0.01,
            ]);
            values.extend([640.0 * k / 1999.0, 37.3 + k * 0.013]);
        }
        for v in values {
            assert_eq!(fixed(v, 1), format!("{v:.1}"), "{v:e} .1");
            assert_eq!(fixed(v, 2), format!("{v:.2}"), "{v:e} .2");
        }
        assert_eq!(fixed(f64::NAN, 1), "NaN");
        assert_eq!(fixed(f64::INFINITY, 2), "inf");
        assert_eq!(fixed(2.5, 3), "2.500");
    }

    #[test]
    fn integers_are_plain_decimals() {
        let mut out = String::new();
        for n in [0, 7, 10, 4096, u64::MAX] {
            super::push_u64(&mut out, n);
            out.push(':');
        }
        assert_eq!(out, format!("0:7:10:4096:{}:", u64::MAX));
    }
}
