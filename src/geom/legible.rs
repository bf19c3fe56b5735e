//! Layout that keeps figure text readable: wrapped cell strips, timelines with room for their
//! marks, label thinning, and label placement without overlap.
//!
//! The target (issue #14): no text a student reads is smaller than [`MIN_TEXT_PX`] CSS px at a
//! 1440×900 desktop, a 1280×720 projector at 150 % (853×480 CSS px) or a 390 px phone. Figures
//! re-lay out (fewer columns, room between rows, fewer labels) rather than shrink their text.
//! Units: SVG user units (= CSS px where a figure is drawn at scale 1), origin top-left, y down.

use crate::geom::chart::Rect;

/// Smallest text a student must read, CSS px.
pub const MIN_TEXT_PX: f64 = 12.0;

/// Cells `0..n` in rows of `cols`, left to right then top to bottom (a 32-lane strip as one row
/// of 32 on a wide screen, two rows of 16 on a phone).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WrappedStrip {
    /// Cells per row (≥ 1).
    pub cols: u32,
    /// Width of one cell.
    pub cell_w_px: f64,
    /// Height of one row of cells, its labels included.
    pub row_h_px: f64,
    /// Empty margin left and right.
    pub margin_px: f64,
}

impl WrappedStrip {
    /// Top-left corner of cell `i`.
    pub fn cell_origin_px(&self, i: u32) -> (f64, f64) {
        let cols = self.cols.max(1);
        (
            self.margin_px + f64::from(i % cols) * self.cell_w_px,
            f64::from(i / cols) * self.row_h_px,
        )
    }

    /// Width of the strip.
    pub fn width_px(&self) -> f64 {
        self.margin_px * 2.0 + f64::from(self.cols.max(1)) * self.cell_w_px
    }

    /// Height of the strip holding `n` cells.
    pub fn height_px(&self, n: u32) -> f64 {
        f64::from(n.div_ceil(self.cols.max(1)).max(1)) * self.row_h_px
    }
}

/// Top of row `i` of a timeline whose rows are `row_px` tall below a `head_px` header, with a
/// `gap_px` band opened before every row listed in `gaps_before` (sorted or not; a row listed
/// twice gets one band). The bands hold marks drawn between rows (a reconvergence line and its
/// label), so a mark never prints over a row's text.
pub fn row_top_px(i: usize, head_px: f64, row_px: f64, gap_px: f64, gaps_before: &[usize]) -> f64 {
    let mut seen: Vec<usize> = gaps_before.iter().copied().filter(|&g| g <= i).collect();
    crate::model::sort_short_by(&mut seen, |a, b| a < b);
    seen.dedup();
    head_px + i as f64 * row_px + seen.len() as f64 * gap_px
}

/// Label every how many rows, so labels of `font_px` on rows `row_px` apart keep at least
/// `font_px + 2` between baselines (1 = every row).
pub fn label_every(row_px: f64, font_px: f64) -> usize {
    if row_px <= 0.0 {
        return 1;
    }
    ((font_px + 2.0) / row_px).ceil().max(1.0) as usize
}

/// A label to place: its anchor point (the thing it names) and its size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelBox {
    /// The named point.
    pub anchor: (f64, f64),
    /// Width of the label's text.
    pub width_px: f64,
    /// Height of the label's text.
    pub height_px: f64,
}

fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

/// The rectangles where `labels` go: for each, the first of twelve positions around its anchor
/// (right, above-right, below-right, right and raised or lowered by 4 px — between two lines
/// that run through and near the anchor —, above, below, left, above-left, below-left, left and
/// raised or lowered; then the same further out) that stays inside `bounds` and overlaps neither an `obstacle` (a point's disc,
/// a line's label) nor a label placed before it. `None` when no position is free: the caller
/// shows that label in a numbered legend instead. Greedy, in the order given (put the labels
/// that matter most first).
pub fn place_labels(labels: &[LabelBox], obstacles: &[Rect], bounds: Rect) -> Vec<Option<Rect>> {
    let mut placed: Vec<Rect> = Vec::new();
    let mut out = Vec::with_capacity(labels.len());
    for l in labels {
        let (ax, ay) = l.anchor;
        let (w, h) = (l.width_px, l.height_px);
        let mut found = None;
        'search: for gap in [6.0, 16.0, 28.0] {
            let candidates = [
                (ax + gap, ay - h / 2.0),
                (ax + gap * 0.7, ay - gap * 0.7 - h),
                (ax + gap * 0.7, ay + gap * 0.7),
                (ax + gap, ay - 4.0 - h),
                (ax + gap, ay + 4.0),
                (ax - w / 2.0, ay - gap - h),
                (ax - w / 2.0, ay + gap),
                (ax - gap - w, ay - h / 2.0),
                (ax - gap * 0.7 - w, ay - gap * 0.7 - h),
                (ax - gap * 0.7 - w, ay + gap * 0.7),
                (ax - gap - w, ay - 4.0 - h),
                (ax - gap - w, ay + 4.0),
            ];
            for (x0, y0) in candidates {
                let r = Rect {
                    x0,
                    y0,
                    x1: x0 + w,
                    y1: y0 + h,
                };
                let inside = r.x0 >= bounds.x0
                    && r.x1 <= bounds.x1
                    && r.y0 >= bounds.y0
                    && r.y1 <= bounds.y1;
                if inside
                    && !obstacles.iter().any(|o| overlaps(&r, o))
                    && !placed.iter().any(|p| overlaps(&r, p))
                {
                    found = Some(r);
                    break 'search;
                }
            }
        }
        if let Some(r) = found {
            placed.push(r);
        }
        out.push(found);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strip_of_32_wraps_into_two_rows_of_16() {
        let s = WrappedStrip {
            cols: 16,
            cell_w_px: 21.0,
            row_h_px: 50.0,
            margin_px: 4.0,
        };
        assert_eq!(s.cell_origin_px(0), (4.0, 0.0));
        assert_eq!(s.cell_origin_px(15), (4.0 + 15.0 * 21.0, 0.0));
        assert_eq!(s.cell_origin_px(16), (4.0, 50.0));
        assert_eq!(s.width_px(), 8.0 + 16.0 * 21.0);
        assert_eq!(s.height_px(32), 100.0);
        assert_eq!(s.height_px(33), 150.0);
        // 16 cells of 21 units fit a 390 px phone's figure (≈ 352 CSS px) at scale ≥ 1.
        assert!(s.width_px() <= 352.0);
    }

    #[test]
    fn gaps_open_before_the_listed_rows_only() {
        assert_eq!(row_top_px(0, 20.0, 16.0, 18.0, &[2]), 20.0);
        assert_eq!(row_top_px(1, 20.0, 16.0, 18.0, &[2]), 36.0);
        assert_eq!(row_top_px(2, 20.0, 16.0, 18.0, &[2]), 20.0 + 32.0 + 18.0);
        assert_eq!(
            row_top_px(5, 20.0, 16.0, 18.0, &[4, 2, 2]),
            20.0 + 80.0 + 36.0
        );
    }

    #[test]
    fn labels_thin_out_on_short_rows() {
        assert_eq!(label_every(16.0, 12.0), 1);
        assert_eq!(label_every(11.0, 12.0), 2);
        assert_eq!(label_every(8.0, 12.0), 2);
        assert_eq!(label_every(4.0, 12.0), 4);
        assert_eq!(label_every(0.0, 12.0), 1);
    }

    #[test]
    fn placed_labels_never_overlap_each_other_or_obstacles() {
        let bounds = Rect {
            x0: 0.0,
            y0: 0.0,
            x1: 400.0,
            y1: 300.0,
        };
        let dot = |x: f64, y: f64| Rect {
            x0: x - 5.0,
            y0: y - 5.0,
            x1: x + 5.0,
            y1: y + 5.0,
        };
        // Five points crowded together and a line label across the middle.
        let pts = [
            (100.0, 100.0),
            (104.0, 102.0),
            (108.0, 98.0),
            (110.0, 104.0),
            (395.0, 295.0),
        ];
        let mut obstacles: Vec<Rect> = pts.iter().map(|&(x, y)| dot(x, y)).collect();
        obstacles.push(Rect {
            x0: 60.0,
            y0: 80.0,
            x1: 200.0,
            y1: 92.0,
        });
        let labels: Vec<LabelBox> = pts
            .iter()
            .map(|&anchor| LabelBox {
                anchor,
                width_px: 60.0,
                height_px: 14.0,
            })
            .collect();
        let placed = place_labels(&labels, &obstacles, bounds);
        let rects: Vec<Rect> = placed.iter().flatten().copied().collect();
        assert!(rects.len() >= 4, "{placed:?}");
        for (i, a) in rects.iter().enumerate() {
            assert!(a.x0 >= 0.0 && a.x1 <= 400.0 && a.y0 >= 0.0 && a.y1 <= 300.0);
            assert!(!obstacles.iter().any(|o| overlaps(a, o)), "{a:?}");
            for b in &rects[i + 1..] {
                assert!(!overlaps(a, b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn two_labels_of_one_point_on_a_line_fit_between_its_neighbour_lines() {
        // The roofline's default: the reader's kernel and the course's GEMM at one point on the
        // BF16 roof, with the INT8 and TF32 roofs 25 px above and below.
        let bounds = Rect {
            x0: 0.0,
            y0: 0.0,
            x1: 400.0,
            y1: 200.0,
        };
        let (ax, ay) = (200.0, 100.0);
        let line = |y: f64| Rect {
            x0: 100.0,
            y0: y - 2.5,
            x1: 400.0,
            y1: y + 2.5,
        };
        // The point's disc, as the roofline chart's obstacle (10 px each way).
        let dot = Rect {
            x0: ax - 10.0,
            y0: ay - 10.0,
            x1: ax + 10.0,
            y1: ay + 10.0,
        };
        let obstacles = [dot, line(ay - 25.0), line(ay), line(ay + 25.0)];
        let labels = [
            LabelBox {
                anchor: (ax, ay),
                width_px: 80.0,
                height_px: 15.0,
            },
            LabelBox {
                anchor: (ax, ay),
                width_px: 8.0,
                height_px: 15.0,
            },
        ];
        let placed = place_labels(&labels, &obstacles, bounds);
        let (Some(a), Some(b)) = (placed[0], placed[1]) else {
            panic!("both labels placed: {placed:?}");
        };
        assert!(!overlaps(&a, &b));
        for r in [a, b] {
            assert!(!obstacles.iter().any(|o| overlaps(&r, o)), "{r:?}");
            // Beside the point: within one line spacing of it.
            assert!(r.y0 > ay - 25.0 && r.y1 < ay + 25.0 && r.x0 >= ax, "{r:?}");
        }
    }

    #[test]
    fn a_label_with_no_room_is_left_for_the_legend() {
        let bounds = Rect {
            x0: 0.0,
            y0: 0.0,
            x1: 50.0,
            y1: 20.0,
        };
        let l = LabelBox {
            anchor: (25.0, 10.0),
            width_px: 80.0,
            height_px: 14.0,
        };
        assert_eq!(place_labels(&[l], &[], bounds), vec![None]);
    }
}
