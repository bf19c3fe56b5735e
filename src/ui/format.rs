//! Number formatting for readouts: SI prefixes, byte units, times. Pure functions.

/// `value` with an SI prefix and `unit`, 3 significant digits: `si(1.9789e15, "FLOP/s")` →
/// "1.98 PFLOP/s". Non-finite values print as "∞" or "—".
pub fn si(value: f64, unit: &str) -> String {
    if value.is_nan() {
        return "—".into();
    }
    if value.is_infinite() {
        return format!("∞ {unit}");
    }
    // Beyond the prefixes (or below a thousandth), scientific notation stays readable.
    if value != 0.0 && (value.abs() >= 1e21 || value.abs() < 1e-3) {
        return format!("{value:.2e} {unit}");
    }
    const PREFIXES: [(f64, &str); 7] = [
        (1e18, "E"),
        (1e15, "P"),
        (1e12, "T"),
        (1e9, "G"),
        (1e6, "M"),
        (1e3, "k"),
        (1.0, ""),
    ];
    let abs = value.abs();
    for (scale, prefix) in PREFIXES {
        if abs >= scale {
            return format!("{} {prefix}{unit}", sig3(value / scale));
        }
    }
    format!("{} {unit}", sig3(value))
}

/// Three significant digits without trailing zeros beyond what is needed: 156 → "156",
/// 1.6789 → "1.68", 0.16667 → "0.167".
pub fn sig3(value: f64) -> String {
    if !value.is_finite() {
        return if value.is_nan() {
            "—".into()
        } else {
            "∞".into()
        };
    }
    let abs = value.abs();
    if abs != 0.0 && !(1e-4..1e7).contains(&abs) {
        return format!("{value:.2e}");
    }
    let decimals = if abs >= 100.0 {
        0
    } else if abs >= 10.0 {
        1
    } else if abs >= 1.0 {
        2
    } else if abs == 0.0 {
        0
    } else {
        // 0.0123 → 4 decimals
        (2.0 - abs.log10().floor()) as usize
    };
    format!("{value:.decimals$}")
}

/// The one way a percentage is written on every page: the fraction as per cent with at most one
/// decimal (two where the share is exactly that: 0.0625 → "6.25 %"), a trailing ".0" dropped, a
/// space before "%": 0.625 → "62.5 %",
/// 0.5 → "50 %", 1.0 → "100 %", 0.0637 → "6.4 %". Between 0 and 0.1 % two significant digits
/// (0.00039 → "0.039 %"), so a small share never reads as "0 %"; just under 100 % as many
/// decimals as show the gap (1,048,576 blocks in 2,428 waves of 432: 0.99974 → "99.97 %"), so a
/// share that is not whole never reads as "100 %" (a gap under 10⁻⁹ % is rounding: "100 %").
pub fn percent(fraction: f64) -> String {
    let p = fraction * 100.0;
    if !p.is_finite() {
        return format!("{} %", sig3(p));
    }
    if p != 0.0 && p.abs() < 0.1 {
        let decimals = (1.0 - p.abs().log10().floor()) as usize;
        return format!("{p:.decimals$} %");
    }
    let gap = 100.0 - p;
    if gap > 1e-9 && gap < 0.05 {
        let decimals = (-gap.log10().floor()) as usize;
        return format!("{p:.decimals$} %");
    }
    // A share that ends exactly in five hundredths keeps them: rounding it to one decimal would
    // hide an exact value behind a tie (1/16 = 6.25 %, not "6.2 %"); 6.37 % reads "6.4 %".
    let hundredths = (p * 100.0).round();
    if (p * 100.0 - hundredths).abs() < 1e-6 && hundredths % 10.0 == 5.0 {
        return format!("{p:.2} %");
    }
    let s = format!("{p:.1}");
    format!("{} %", s.strip_suffix(".0").unwrap_or(&s))
}

/// Fixed decimals: `fixed(1610.61, 1)` → "1610.6".
pub fn fixed(value: f64, decimals: usize) -> String {
    if !value.is_finite() {
        return sig3(value);
    }
    format!("{value:.decimals$}")
}

/// Bytes with a binary prefix: 134217728 → "128 MiB"; 6144 → "6 KiB".
pub fn bytes_binary(bytes: f64) -> String {
    if !bytes.is_finite() {
        return sig3(bytes);
    }
    const UNITS: [(f64, &str); 5] = [
        (1_125_899_906_842_624.0, "PiB"),
        (1_099_511_627_776.0, "TiB"),
        (1_073_741_824.0, "GiB"),
        (1_048_576.0, "MiB"),
        (1024.0, "KiB"),
    ];
    for (scale, unit) in UNITS {
        if bytes.abs() >= scale {
            return format!("{} {unit}", sig3(bytes / scale));
        }
    }
    format!("{} B", sig3(bytes))
}

/// Bytes with a decimal prefix, as bandwidths are quoted: 3221225472 → "3.22 GB".
pub fn bytes_decimal(bytes: f64) -> String {
    si(bytes, "B")
}

/// Decimal first (what divides by TB/s), binary in parentheses when it differs:
/// 3221225472 → "3.22 GB (3.00 GiB)".
pub fn bytes_both(bytes: f64) -> String {
    let dec = bytes_decimal(bytes);
    if bytes.abs() < 1000.0 || !bytes.is_finite() {
        return dec;
    }
    format!("{dec} ({})", bytes_binary(bytes))
}

/// A duration in the unit that reads best: "440.5 µs", "1.61 ms", "3.21e+9 s".
pub fn duration(seconds: f64) -> String {
    if !seconds.is_finite() {
        return sig3(seconds);
    }
    let s = seconds.abs();
    if s == 0.0 {
        "0 s".into()
    } else if s < 1e-6 {
        format!("{} ns", sig3(seconds * 1e9))
    } else if s < 1e-2 {
        format!("{} µs", fixed(seconds * 1e6, 1))
    } else if s < 10.0 {
        format!("{} ms", sig3(seconds * 1e3))
    } else {
        format!("{} s", sig3(seconds))
    }
}

/// Seconds as µs with one decimal (the course's table): 1.6106e-3 → "1610.6 µs"; under 1 µs
/// three significant digits: 5.37e-8 → "0.0537 µs".
pub fn micros(seconds: f64) -> String {
    let us = seconds * 1e6;
    if us != 0.0 && us.abs() < 1.0 {
        // Under a microsecond, three significant digits: 0.0537 µs, not "0.1 µs".
        return format!("{} µs", sig3(us));
    }
    format!("{} µs", fixed(us, 1))
}

/// Integer with thousands separators: 16777216 → "16,777,216" (the model's error messages use
/// the same function).
pub fn grouped(value: u64) -> String {
    crate::model::occupancy::thousands(value)
}

/// Signed integer with thousands separators: -20547 → "-20,547" (an INT32 accumulator).
pub fn grouped_signed(value: i64) -> String {
    let digits = grouped(value.unsigned_abs());
    if value < 0 {
        format!("-{digits}")
    } else {
        digits
    }
}

/// Whether `c` is a Latin letter or digit (which Chinese typesetting spaces from Han).
fn latin(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_ascii_alphanumeric())
}

/// `items` joined by the Chinese word `sep` ("与", "和"), spaced from a Latin neighbour as
/// [`between_han`] spaces: ["寄存器", "block 槽位"] → "寄存器与 block 槽位".
pub fn join_han<S: AsRef<str>>(items: &[S], sep: &str) -> String {
    let mut out = String::new();
    for (k, item) in items.iter().enumerate() {
        let item = item.as_ref();
        if k > 0 {
            if latin(out.chars().last()) {
                out.push(' ');
            }
            out.push_str(sep);
            if latin(item.chars().next()) {
                out.push(' ');
            }
        }
        out.push_str(item);
    }
    out
}

/// `text` as it sits between two Chinese characters: a space on each side where it meets a Latin
/// letter or digit, as Chinese typesetting spaces Han from Latin ("受 warp 槽位限制", "受寄存器限制").
pub fn between_han(text: &str) -> String {
    let before = if latin(text.chars().next()) { " " } else { "" };
    let after = if latin(text.chars().last()) { " " } else { "" };
    format!("{before}{text}{after}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(si(1.9789e15, "FLOP/s"), "1.98 PFLOP/s");
        assert_eq!(si(312e12, "FLOP/s"), "312 TFLOP/s");
        assert_eq!(si(2.0e12, "B/s"), "2.00 TB/s");
        assert_eq!(sig3(0.16667), "0.167");
        assert_eq!(sig3(156.0), "156");
        assert_eq!(micros(1.6106127e-3), "1610.6 µs");
        assert_eq!(micros(5.3687e-8), "0.0537 µs");
        assert_eq!(micros(8.59e-7), "0.859 µs");
        assert_eq!(bytes_binary(134_217_728.0), "128 MiB");
        assert_eq!(grouped(16_777_216), "16,777,216");
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped_signed(-20_547), "-20,547");
        assert_eq!(grouped_signed(i64::MIN), "-9,223,372,036,854,775,808");
        assert_eq!(grouped_signed(12_345), "12,345");
        assert_eq!(si(f64::NAN, "B"), "—");
        assert_eq!(si(1e24, "FLOP"), "1.00e24 FLOP");
        assert_eq!(sig3(1e24), "1.00e24");
        assert_eq!(bytes_both(3_221_225_472.0), "3.22 GB (3.00 GiB)");
        assert_eq!(between_han("warp 槽位"), " warp 槽位");
        assert_eq!(between_han("shared memory"), " shared memory ");
        assert_eq!(between_han("寄存器"), "寄存器");
        assert_eq!(
            join_han(&["寄存器", "block 槽位"], "与"),
            "寄存器与 block 槽位"
        );
        assert_eq!(
            join_han(&["warp 槽位", "寄存器"], "与"),
            "warp 槽位与寄存器"
        );
        assert_eq!(
            join_han(&["shared memory", "block 槽位"], "与"),
            "shared memory 与 block 槽位"
        );
        assert_eq!(duration(440.5e-6), "440.5 µs");
        assert_eq!(duration(3.2e15), "3.20e15 s");
        assert_eq!(duration(1e-12), "0.00100 ns");
    }
}

#[cfg(test)]
mod percent_tests {
    use super::percent;

    #[test]
    fn one_rule_for_every_percentage() {
        assert_eq!(percent(0.625), "62.5 %");
        assert_eq!(percent(0.5), "50 %");
        assert_eq!(percent(1.0), "100 %");
        assert_eq!(percent(0.772), "77.2 %");
        assert_eq!(percent(0.0637), "6.4 %");
        assert_eq!(percent(0.0625), "6.25 %");
        assert_eq!(percent(1.0 / 3.0), "33.3 %");
        assert_eq!(percent(0.125), "12.5 %");
        assert_eq!(percent(0.00039), "0.039 %");
        assert_eq!(percent(0.0), "0 %");
        assert_eq!(percent(0.2371), "23.7 %");
        // Just under a whole: never "100 %".
        assert_eq!(percent(1_048_576.0 / (2428.0 * 432.0)), "99.97 %");
        assert_eq!(percent(0.99995), "99.995 %");
        assert_eq!(percent(0.9996), "99.96 %");
        assert_eq!(percent(0.9994), "99.9 %");
        assert_eq!(percent(0.999), "99.9 %");
        assert_eq!(percent(1.0 - 1e-15), "100 %");
    }
}
