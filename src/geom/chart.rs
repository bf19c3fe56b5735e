//! The frame of a 2-D chart: canvas size, margins, label areas and the plotting rectangle.
//!
//! The canvas chart (drawn with plotters' primitives: its grid, axes and roofs placed by the
//! frame's [`LogLogAxes`] scaled to the backing store) and the SVG overlay of focusable points
//! both derive their pixel positions from one [`ChartFrame`], so a point drawn in SVG lands
//! exactly on the canvas's axes. Units: CSS pixels, origin top-left, y down.

use crate::geom::fixed::push_fixed;
use crate::geom::scale::{LinearScale, LogScale};

/// A rectangle in CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x0: f64,
    /// Top edge.
    pub y0: f64,
    /// Right edge.
    pub x1: f64,
    /// Bottom edge.
    pub y1: f64,
}

impl Rect {
    /// Linear axes over this rectangle for the given data domains (y grows upwards).
    pub fn linear(&self, x_domain: (f64, f64), y_domain: (f64, f64)) -> LinearAxes {
        LinearAxes {
            x: LinearScale {
                domain_min: x_domain.0,
                domain_max: x_domain.1,
                range_start_px: self.x0,
                range_end_px: self.x1,
            },
            y: LinearScale {
                domain_min: y_domain.0,
                domain_max: y_domain.1,
                range_start_px: self.y1,
                range_end_px: self.y0,
            },
        }
    }

    /// True if `(x, y)` lies inside (edges included).
    pub fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.x0 && x <= self.x1 && y >= self.y0 && y <= self.y1
    }
}

/// Canvas size and the space around the plotting area, CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartFrame {
    /// Canvas width.
    pub width_px: f64,
    /// Canvas height.
    pub height_px: f64,
    /// Empty margin on every side.
    pub margin_px: f64,
    /// Height of the x-axis label area below the plot.
    pub x_label_area_px: f64,
    /// Width of the y-axis label area left of the plot.
    pub y_label_area_px: f64,
}

impl ChartFrame {
    /// The frame the Roofline chapter uses: 760 × 460.
    pub const ROOFLINE: ChartFrame = ChartFrame {
        width_px: 760.0,
        height_px: 460.0,
        margin_px: 24.0,
        x_label_area_px: 52.0,
        y_label_area_px: 84.0,
    };

    /// The Roofline frame laid out at `width_px × height_px` CSS px (a box of its own, e.g. the
    /// classroom's stage): [`ChartFrame::ROOFLINE`]'s margins and label areas, so its text keeps
    /// its size and the plot takes the rest; at least 240 × 180 (room for the label areas).
    pub fn roofline_at(width_px: f64, height_px: f64) -> ChartFrame {
        let size = |v: f64, min: f64| if v.is_finite() { v.max(min) } else { min };
        ChartFrame {
            width_px: size(width_px, 240.0),
            height_px: size(height_px, 180.0),
            ..ChartFrame::ROOFLINE
        }
    }

    /// The frame of the Occupancy chapter's sweep graphs: 360 × 220.
    pub const SWEEP: ChartFrame = ChartFrame {
        width_px: 360.0,
        height_px: 220.0,
        margin_px: 10.0,
        x_label_area_px: 40.0,
        y_label_area_px: 44.0,
    };

    /// Linear axes over the plot rectangle for the given data domains (y grows upwards).
    pub fn linear(&self, x_domain: (f64, f64), y_domain: (f64, f64)) -> LinearAxes {
        self.plot_rect().linear(x_domain, y_domain)
    }

    /// The plotting rectangle: what lies inside margins and label areas.
    pub fn plot_rect(&self) -> Rect {
        Rect {
            x0: self.margin_px + self.y_label_area_px,
            y0: self.margin_px,
            x1: self.width_px - self.margin_px,
            y1: self.height_px - self.margin_px - self.x_label_area_px,
        }
    }

    /// Log-log axes over the plot rectangle for the given data domains (y grows upwards).
    pub fn log_log(&self, x_domain: (f64, f64), y_domain: (f64, f64)) -> LogLogAxes {
        let r = self.plot_rect();
        LogLogAxes {
            x: LogScale {
                domain_min: x_domain.0,
                domain_max: x_domain.1,
                range_start_px: r.x0,
                range_end_px: r.x1,
            },
            y: LogScale {
                domain_min: y_domain.0,
                domain_max: y_domain.1,
                range_start_px: r.y1,
                range_end_px: r.y0,
            },
        }
    }
}

/// A pair of log scales: data → CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LogLogAxes {
    /// Horizontal scale.
    pub x: LogScale,
    /// Vertical scale (range runs bottom → top).
    pub y: LogScale,
}

impl LogLogAxes {
    /// Pixel position of a data point.
    pub fn px_from_data(&self, x: f64, y: f64) -> (f64, f64) {
        (self.x.px_from_value(x), self.y.px_from_value(y))
    }

    /// Data point at a pixel position.
    pub fn data_from_px(&self, px: f64, py: f64) -> (f64, f64) {
        (self.x.value_from_px(px), self.y.value_from_px(py))
    }
}

/// A pair of linear scales: data → CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearAxes {
    /// Horizontal scale.
    pub x: LinearScale,
    /// Vertical scale (range runs bottom → top).
    pub y: LinearScale,
}

impl LinearAxes {
    /// Pixel position of a data point.
    pub fn px_from_data(&self, x: f64, y: f64) -> (f64, f64) {
        (self.x.px_from_value(x), self.y.px_from_value(y))
    }

    /// An SVG path through `points` (sorted by x) drawn as steps for inputs that round up: each
    /// value holds from the previous point's x (the first from `x_start`) up to its own x, as
    /// 33..=64 threads are 2 warps like 64. Empty for no points.
    /// Consecutive points with the same y make one step (a sweep of 1,300 points has a few
    /// dozen): the same drawing, a path a fraction as long to write, send and parse.
    pub fn step_path(&self, points: &[(f64, f64)], x_start: f64) -> String {
        let mut runs: Vec<(f64, f64)> = Vec::new();
        for &(x, y) in points {
            match runs.last_mut() {
                Some(last) if last.1.to_bits() == y.to_bits() => last.0 = x,
                _ => runs.push((x, y)),
            }
        }
        let mut d = String::new();
        for (i, &(x, y)) in runs.iter().enumerate() {
            let py = self.y.px_from_value(y);
            if i == 0 {
                d.push('M');
                push_fixed(&mut d, self.x.px_from_value(x_start), 1);
                d.push(',');
            } else {
                d.push('V');
            }
            push_fixed(&mut d, py, 1);
            d.push('H');
            push_fixed(&mut d, self.x.px_from_value(x), 1);
        }
        d
    }
}

/// Splits `[x0, x0 + width]` into consecutive spans proportional to `amounts` out of `total`
/// (a stacked bar). Spans never exceed the bar; a zero total gives zero-width spans at `x0`.
pub fn stacked_spans(amounts: &[u64], total: u64, x0: f64, width: f64) -> Vec<(f64, f64)> {
    let mut acc = 0u64;
    amounts
        .iter()
        .map(|&a| {
            let px = |v: u64| {
                if total == 0 {
                    x0
                } else {
                    x0 + width * (v.min(total) as f64 / total as f64)
                }
            };
            let start = px(acc);
            acc = acc.saturating_add(a);
            (start, px(acc))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rect_linear_maps_the_domain_onto_the_edges() {
        let r = Rect {
            x0: 52.0,
            y0: 14.0,
            x1: 664.0,
            y1: 260.0,
        };
        let a = r.linear((1.0, 64.0), (0.0, 1.0));
        assert_eq!(a.px_from_data(1.0, 0.0), (52.0, 260.0));
        assert_eq!(a.px_from_data(64.0, 1.0), (664.0, 14.0));
        assert_eq!(
            ChartFrame::SWEEP.linear((0.0, 1.0), (0.0, 1.0)),
            ChartFrame::SWEEP.plot_rect().linear((0.0, 1.0), (0.0, 1.0))
        );
    }

    #[test]
    fn corners_map_to_domain_corners_and_back() {
        let f = ChartFrame::ROOFLINE;
        let axes = f.log_log((0.01, 1e4), (1e9, 1e16));
        let r = f.plot_rect();
        assert_eq!(axes.px_from_data(0.01, 1e9), (r.x0, r.y1));
        assert_eq!(axes.px_from_data(1e4, 1e16), (r.x1, r.y0));
        let (x, y) = axes.data_from_px(axes.x.px_from_value(156.0), axes.y.px_from_value(312e12));
        assert!((x / 156.0 - 1.0).abs() < 1e-9 && (y / 312e12 - 1.0).abs() < 1e-9);
        assert!(r.contains((r.x0 + r.x1) / 2.0, (r.y0 + r.y1) / 2.0));
    }

    #[test]
    fn steps_and_stacks() {
        let f = ChartFrame::SWEEP;
        let axes = f.linear((0.0, 100.0), (0.0, 1.0));
        let r = f.plot_rect();
        let d = axes.step_path(&[(50.0, 1.0), (100.0, 0.0)], 0.0);
        assert_eq!(
            d,
            format!(
                "M{:.1},{:.1}H{:.1}V{:.1}H{:.1}",
                r.x0,
                r.y0,
                axes.x.px_from_value(50.0),
                r.y1,
                r.x1
            )
        );
        assert_eq!(axes.step_path(&[], 1.0), "");
        // Points with the same y are one step.
        assert_eq!(
            axes.step_path(&[(25.0, 1.0), (50.0, 1.0), (75.0, 0.0), (100.0, 0.0)], 0.0),
            d
        );
        assert_eq!(
            stacked_spans(&[1, 2, 1], 4, 10.0, 40.0),
            vec![(10.0, 20.0), (20.0, 40.0), (40.0, 50.0)]
        );
        assert_eq!(stacked_spans(&[5], 0, 3.0, 10.0), vec![(3.0, 3.0)]);
    }
}
