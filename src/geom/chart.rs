//! The frame of a 2-D chart: canvas size, margins, label areas and the plotting rectangle.
//!
//! The canvas chart (drawn with plotters) and the SVG overlay of focusable points both derive
//! their pixel positions from one [`ChartFrame`], so a point drawn in SVG lands exactly where
//! plotters put the axes. Units: CSS pixels, origin top-left, y down.

use crate::geom::scale::LogScale;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
