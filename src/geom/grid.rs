//! Cell rectangles for the dispatch figure: SMs in a grid of columns, each SM holding its
//! resident-block slots in rows of up to [`SmGrid::SLOT_COLS`]. CSS pixels, origin top-left.

use crate::geom::chart::Rect;

/// Layout of `sm_count` SMs with `slots` block slots each, `cols` SMs per row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmGrid {
    /// SMs.
    pub sm_count: u32,
    /// Block slots per SM (≥ 1 is drawn; 0 draws empty SMs).
    pub slots: u32,
    /// SMs per row.
    pub cols: u32,
    /// Width of the whole figure.
    pub width_px: f64,
}

impl SmGrid {
    /// Most slots per row inside one SM.
    pub const SLOT_COLS: u32 = 8;
    /// Largest slot cell, so that 1 slot per SM does not draw a giant square.
    pub const MAX_CELL_PX: f64 = 16.0;
    /// Gap between SMs.
    pub const GAP_PX: f64 = 6.0;
    /// Padding inside an SM around its slots, and height of its label strip.
    pub const PAD_PX: f64 = 3.0;
    /// Height of the SM label strip: room for a 12 px label ([`crate::geom::legible::MIN_TEXT_PX`]).
    pub const LABEL_PX: f64 = 15.0;

    fn sm_width(&self) -> f64 {
        let cols = f64::from(self.cols.max(1));
        (self.width_px - Self::GAP_PX * (cols - 1.0)) / cols
    }

    /// Slots per row inside one SM: all of them up to [`SmGrid::SLOT_COLS`].
    pub fn slot_cols(&self) -> u32 {
        self.slots.clamp(1, Self::SLOT_COLS)
    }

    /// Side of one slot cell.
    pub fn cell_px(&self) -> f64 {
        ((self.sm_width() - 2.0 * Self::PAD_PX) / f64::from(self.slot_cols()))
            .min(Self::MAX_CELL_PX)
    }

    fn slot_rows(&self) -> u32 {
        self.slots.div_ceil(self.slot_cols()).max(1)
    }

    fn sm_height(&self) -> f64 {
        Self::LABEL_PX + 2.0 * Self::PAD_PX + f64::from(self.slot_rows()) * self.cell_px()
    }

    /// Height of the whole figure.
    pub fn height_px(&self) -> f64 {
        let rows = self.sm_count.div_ceil(self.cols.max(1)).max(1);
        f64::from(rows) * (self.sm_height() + Self::GAP_PX) - Self::GAP_PX
    }

    /// The rectangle of SM `sm`.
    pub fn sm_rect(&self, sm: u32) -> Rect {
        let cols = self.cols.max(1);
        let (col, row) = (sm % cols, sm / cols);
        let x0 = f64::from(col) * (self.sm_width() + Self::GAP_PX);
        let y0 = f64::from(row) * (self.sm_height() + Self::GAP_PX);
        Rect {
            x0,
            y0,
            x1: x0 + self.sm_width(),
            y1: y0 + self.sm_height(),
        }
    }

    /// The rectangle of slot `slot` of SM `sm` (a square cell with a 1 px inset).
    pub fn slot_rect(&self, sm: u32, slot: u32) -> Rect {
        let sm = self.sm_rect(sm);
        let c = self.cell_px();
        let cols = self.slot_cols();
        let x0 = sm.x0 + Self::PAD_PX + f64::from(slot % cols) * c;
        let y0 = sm.y0 + Self::LABEL_PX + Self::PAD_PX + f64::from(slot / cols) * c;
        Rect {
            x0: x0 + 0.5,
            y0: y0 + 0.5,
            x1: x0 + c - 0.5,
            y1: y0 + c - 0.5,
        }
    }

    /// The SM under a point, if any (for hover).
    pub fn sm_from_px(&self, x: f64, y: f64) -> Option<u32> {
        let cols = self.cols.max(1);
        let col = (x / (self.sm_width() + Self::GAP_PX)).floor();
        let row = (y / (self.sm_height() + Self::GAP_PX)).floor();
        if col < 0.0 || row < 0.0 || col >= f64::from(cols) {
            return None;
        }
        let sm = row as u32 * cols + col as u32;
        (sm < self.sm_count && self.sm_rect(sm).contains(x, y)).then_some(sm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sms_tile_the_width_and_round_trip() {
        let g = SmGrid {
            sm_count: 108,
            slots: 32,
            cols: 12,
            width_px: 780.0,
        };
        let last = g.sm_rect(11);
        assert!((last.x1 - 780.0).abs() < 1e-9);
        assert_eq!(g.sm_rect(12).y0, g.sm_rect(0).y1 + SmGrid::GAP_PX);
        assert!((g.height_px() - g.sm_rect(107).y1).abs() < 1e-9);
        for sm in [0, 5, 12, 107] {
            let r = g.sm_rect(sm);
            assert_eq!(
                g.sm_from_px((r.x0 + r.x1) / 2.0, (r.y0 + r.y1) / 2.0),
                Some(sm)
            );
        }
        let s = g.slot_rect(0, 31);
        assert!(s.x1 <= g.sm_rect(0).x1 && s.y1 <= g.sm_rect(0).y1);
        assert_eq!(g.sm_from_px(-1.0, 3.0), None);
    }
}
