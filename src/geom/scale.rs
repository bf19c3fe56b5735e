//! Linear and logarithmic scales from data values to pixels, with tick generation.

/// A base-10 logarithmic scale mapping `[domain_min, domain_max]` (both > 0) onto
/// `[range_start_px, range_end_px]` (the range may run backwards, as a y axis does).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LogScale {
    /// Smallest value, > 0.
    pub domain_min: f64,
    /// Largest value, > domain_min.
    pub domain_max: f64,
    /// Pixel of `domain_min`.
    pub range_start_px: f64,
    /// Pixel of `domain_max`.
    pub range_end_px: f64,
}

impl LogScale {
    /// Pixel position of `value`; values ≤ 0 or NaN map to the start of the range.
    pub fn px_from_value(&self, value: f64) -> f64 {
        if value.is_nan() || value <= 0.0 {
            return self.range_start_px;
        }
        let (lo, hi) = (self.domain_min.log10(), self.domain_max.log10());
        let t = (value.log10() - lo) / (hi - lo);
        self.range_start_px + t * (self.range_end_px - self.range_start_px)
    }

    /// Data value at pixel `px` (inverse of [`LogScale::px_from_value`]).
    pub fn value_from_px(&self, px: f64) -> f64 {
        let (lo, hi) = (self.domain_min.log10(), self.domain_max.log10());
        let t = (px - self.range_start_px) / (self.range_end_px - self.range_start_px);
        10f64.powf(lo + t * (hi - lo))
    }

    /// True if `value` lies inside the domain (inclusive).
    pub fn contains(&self, value: f64) -> bool {
        value >= self.domain_min && value <= self.domain_max
    }

    /// Powers of ten inside the domain, ascending.
    pub fn decade_ticks(&self) -> Vec<f64> {
        if !(self.domain_min > 0.0 && self.domain_max > self.domain_min) {
            return Vec::new();
        }
        let first = self.domain_min.log10().ceil() as i32;
        let last = self.domain_max.log10().floor() as i32;
        (first..=last).map(|e| 10f64.powi(e)).collect()
    }

    /// The values 2·10^e … 9·10^e inside the domain, ascending: where a log axis draws its
    /// light grid lines between the [`LogScale::decade_ticks`].
    pub fn minor_ticks(&self) -> Vec<f64> {
        if !(self.domain_min > 0.0 && self.domain_max > self.domain_min) {
            return Vec::new();
        }
        let first = self.domain_min.log10().floor() as i32;
        let last = self.domain_max.log10().ceil() as i32;
        // A value within 1e-9 of an edge counts as inside (10^e is not exact in binary).
        let (lo, hi) = (
            self.domain_min * (1.0 - 1e-9),
            self.domain_max * (1.0 + 1e-9),
        );
        (first..=last)
            .flat_map(|e| (2..=9).map(move |k| f64::from(k) * 10f64.powi(e)))
            .filter(|v| *v >= lo && *v <= hi)
            .collect()
    }
}

/// The decade-aligned domain `[10^floor(log10 lo), 10^ceil(log10 hi)]` that contains every
/// positive, finite value in `values`, or `fallback` if there are none.
pub fn decade_domain(values: impl IntoIterator<Item = f64>, fallback: (f64, f64)) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut hi = 0.0f64;
    for v in values {
        if v.is_finite() && v > 0.0 {
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    if !(lo.is_finite() && hi > 0.0) {
        return fallback;
    }
    // Whole powers of ten by `powi` (exact up to 10^22; no libm `pow` in the site's wasm).
    let lo = 10f64.powi(lo.log10().floor() as i32);
    let mut hi = 10f64.powi(hi.log10().ceil() as i32);
    if hi <= lo {
        hi = lo * 10.0;
    }
    (lo, hi)
}

/// The Roofline chart's axis domains `(x, y)`: x is the decade-aligned `intensity_extent`
/// (FLOP/byte); y runs from the bandwidth roof at the left edge to 1.5 × the top roof, decade
/// aligned (FLOP/s). Inputs are `model::roofline::RooflineChartSpec`'s fields.
pub fn roofline_domains(
    intensity_extent: (f64, f64),
    bandwidth_bytes_per_s: f64,
    top_flops_per_s: f64,
) -> ((f64, f64), (f64, f64)) {
    let x_domain = decade_domain([intensity_extent.0, intensity_extent.1], (0.01, 1e4));
    let bottom = bandwidth_bytes_per_s * x_domain.0;
    // 1.5 × the top roof leaves room above the highest roof's label.
    let y_domain = decade_domain([bottom, top_flops_per_s * 1.5], (1e9, 1e16));
    (x_domain, y_domain)
}

/// A linear scale mapping `[domain_min, domain_max]` onto `[range_start_px, range_end_px]`
/// (the range may run backwards, as a y axis does).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearScale {
    /// Value at the start of the range.
    pub domain_min: f64,
    /// Value at the end of the range (> domain_min).
    pub domain_max: f64,
    /// Pixel of `domain_min`.
    pub range_start_px: f64,
    /// Pixel of `domain_max`.
    pub range_end_px: f64,
}

impl LinearScale {
    /// Pixel position of `value` (not clamped); an empty domain maps everything to the start.
    pub fn px_from_value(&self, value: f64) -> f64 {
        let span = self.domain_max - self.domain_min;
        if span.is_nan() || span <= 0.0 || !value.is_finite() {
            return self.range_start_px;
        }
        let t = (value - self.domain_min) / span;
        self.range_start_px + t * (self.range_end_px - self.range_start_px)
    }

    /// Data value at pixel `px` (inverse of [`LinearScale::px_from_value`]).
    pub fn value_from_px(&self, px: f64) -> f64 {
        let span = self.range_end_px - self.range_start_px;
        if span == 0.0 {
            return self.domain_min;
        }
        self.domain_min + (px - self.range_start_px) / span * (self.domain_max - self.domain_min)
    }

    /// About `count` evenly spaced "nice" ticks (steps of 1, 2 or 5 × 10^k, or `step_hint`
    /// multiples when given) inside the domain, ascending.
    pub fn ticks(&self, count: usize, step_hint: Option<f64>) -> Vec<f64> {
        let span = self.domain_max - self.domain_min;
        if span.is_nan() || span <= 0.0 || count == 0 {
            return Vec::new();
        }
        let step = match step_hint {
            Some(h) if h > 0.0 => {
                let mut s = h;
                while span / s > count as f64 {
                    s *= 2.0;
                }
                s
            }
            _ => {
                let raw = span / count as f64;
                let mag = 10f64.powi(raw.log10().floor() as i32);
                let norm = raw / mag;
                let nice = if norm <= 1.0 {
                    1.0
                } else if norm <= 2.0 {
                    2.0
                } else if norm <= 5.0 {
                    5.0
                } else {
                    10.0
                };
                nice * mag
            }
        };
        let first = (self.domain_min / step).ceil() as i64;
        let last = (self.domain_max / step + 1e-9).floor() as i64;
        (first..=last).map(|i| i as f64 * step).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_reverses() {
        let s = LogScale {
            domain_min: 0.01,
            domain_max: 1e4,
            range_start_px: 400.0,
            range_end_px: 0.0,
        };
        for v in [0.01, 0.5, 1.0, 156.0, 1e4] {
            let back = s.value_from_px(s.px_from_value(v));
            assert!((back / v - 1.0).abs() < 1e-9, "{v} -> {back}");
        }
        assert_eq!(s.px_from_value(0.01), 400.0);
        assert_eq!(s.px_from_value(1e4), 0.0);
        assert_eq!(
            s.decade_ticks(),
            vec![0.01, 0.1, 1.0, 10.0, 100.0, 1000.0, 10000.0]
        );
        let minor = s.minor_ticks();
        assert_eq!(minor.len(), 6 * 8);
        assert!((minor[0] - 0.02).abs() < 1e-12 && (minor[47] - 9000.0).abs() < 1e-9);
        let odd = LogScale {
            domain_min: 3.0,
            domain_max: 50.0,
            ..s
        };
        let minor = odd.minor_ticks();
        assert_eq!(minor.first(), Some(&3.0));
        assert_eq!(minor.last(), Some(&50.0));
        assert_eq!(minor.len(), 7 + 4);
        assert!(LogScale {
            domain_min: 0.0,
            ..s
        }
        .minor_ticks()
        .is_empty());
    }

    #[test]
    fn domain_covers_values() {
        assert_eq!(decade_domain([0.17, 1365.0], (1.0, 10.0)), (0.1, 10000.0));
        assert_eq!(decade_domain([f64::NAN, -1.0], (1.0, 10.0)), (1.0, 10.0));
        assert_eq!(decade_domain([100.0], (1.0, 10.0)), (100.0, 1000.0));
    }

    #[test]
    fn roofline_domains_are_decades_around_the_data() {
        // H100 SXM, course values: 3.35 TB/s, top roof 1979 TFLOP/s.
        let (x, y) = roofline_domains((0.01, 10000.0), 3.35e12, 1979e12);
        assert_eq!(x, (0.01, 10000.0));
        assert_eq!(y, (1e10, 1e16));
        assert!(y.1 >= 1979e12);
        assert_eq!(roofline_domains((0.001, 1e6), 2e12, 312e12).0, (0.001, 1e6));
    }

    #[test]
    fn linear_round_trips_and_ticks() {
        let s = LinearScale {
            domain_min: 0.0,
            domain_max: 1024.0,
            range_start_px: 50.0,
            range_end_px: 450.0,
        };
        assert_eq!(s.px_from_value(512.0), 250.0);
        assert_eq!(s.value_from_px(250.0), 512.0);
        assert_eq!(
            s.ticks(8, Some(32.0)),
            vec![0.0, 128.0, 256.0, 384.0, 512.0, 640.0, 768.0, 896.0, 1024.0]
        );
        let y = LinearScale {
            domain_min: 0.0,
            domain_max: 100.0,
            range_start_px: 200.0,
            range_end_px: 0.0,
        };
        assert_eq!(y.ticks(4, None), vec![0.0, 50.0, 100.0]);
        assert_eq!(y.px_from_value(100.0), 0.0);
    }
}
