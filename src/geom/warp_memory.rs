//! Layout of the two memory figures: a row of 32 lanes above either touched 128-byte lines
//! (coalescing) or a 32-bank grid of 4-byte words (bank conflicts). SVG px, origin top-left.

/// Width of both figures' viewBox: 780 fits a 1280×720 projector at 150 % (853 CSS px less the
/// page's and the figure's padding) at scale ≥ 1, so the figures' 12-unit text is ≥ 12 CSS px
/// (the SVG never draws narrower, its `min-width`; a phone scrolls it sideways).
pub const FIGURE_WIDTH_PX: f64 = 780.0;
/// Left and right margin.
pub const MARGIN_PX: f64 = 16.0;
/// Top of the lane row.
pub const LANE_TOP_PX: f64 = 22.0;
/// Height of a lane box.
pub const LANE_HEIGHT_PX: f64 = 26.0;

/// Width of one lane's slot in the lane row.
pub fn lane_slot_px() -> f64 {
    (FIGURE_WIDTH_PX - 2.0 * MARGIN_PX) / 32.0
}

/// Left edge of lane `lane`'s box (the box is `lane_slot_px() - 2` wide).
pub fn lane_x_px(lane: u32) -> f64 {
    MARGIN_PX + f64::from(lane) * lane_slot_px() + 1.0
}

/// Horizontal centre of lane `lane`.
pub fn lane_center_px(lane: u32) -> f64 {
    MARGIN_PX + (f64::from(lane) + 0.5) * lane_slot_px()
}

/// Lines per row of the coalescing memory strip.
pub const LINES_PER_ROW: usize = 4;
/// Gap between line blocks in a row.
pub const LINE_GAP_PX: f64 = 24.0;
/// Height of a line block.
pub const LINE_HEIGHT_PX: f64 = 34.0;
/// Vertical distance between rows of line blocks (label + block + space).
pub const LINE_ROW_PITCH_PX: f64 = 70.0;
/// Top of the first line block (its label sits above).
pub const STRIP_TOP_PX: f64 = 130.0;

/// Width of one 128-byte line block.
pub fn line_width_px() -> f64 {
    (FIGURE_WIDTH_PX - 2.0 * MARGIN_PX - (LINES_PER_ROW as f64 - 1.0) * LINE_GAP_PX)
        / LINES_PER_ROW as f64
}

/// Top-left corner of the `slot`-th drawn line block.
pub fn line_origin_px(slot: usize) -> (f64, f64) {
    let col = slot % LINES_PER_ROW;
    let row = slot / LINES_PER_ROW;
    (
        MARGIN_PX + col as f64 * (line_width_px() + LINE_GAP_PX),
        STRIP_TOP_PX + row as f64 * LINE_ROW_PITCH_PX,
    )
}

/// Height of the coalescing figure with `lines` drawn line blocks.
pub fn strip_height_px(lines: usize) -> f64 {
    STRIP_TOP_PX + lines.div_ceil(LINES_PER_ROW).max(1) as f64 * LINE_ROW_PITCH_PX + 8.0
}

/// x of byte `byte_in_line` (0..128, fractional allowed) of the line block at `slot`.
pub fn byte_x_px(slot: usize, byte_in_line: f64) -> f64 {
    line_origin_px(slot).0 + byte_in_line / 128.0 * line_width_px()
}

/// Width of the bank grid's row-label column.
pub const BANK_LABEL_PX: f64 = 96.0;
/// Top of the bank-number header.
pub const BANK_HEADER_TOP_PX: f64 = 104.0;
/// Top of the first word row.
pub const BANK_GRID_TOP_PX: f64 = 124.0;
/// Height of one word row.
pub const BANK_ROW_PX: f64 = 24.0;

/// Width of one bank column.
pub fn bank_width_px() -> f64 {
    (FIGURE_WIDTH_PX - MARGIN_PX - BANK_LABEL_PX) / 32.0
}

/// Left edge of bank `bank`'s column.
pub fn bank_x_px(bank: u32) -> f64 {
    BANK_LABEL_PX + f64::from(bank) * bank_width_px()
}

/// Top of the `slot`-th drawn word row.
pub fn bank_row_y_px(slot: usize) -> f64 {
    BANK_GRID_TOP_PX + slot as f64 * BANK_ROW_PX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_and_lines_fit_the_figure() {
        assert!(
            (lane_x_px(31) + lane_slot_px() - 1.0 - (FIGURE_WIDTH_PX - MARGIN_PX)).abs() < 1e-9
        );
        let (x, _) = line_origin_px(3);
        assert!((x + line_width_px() - (FIGURE_WIDTH_PX - MARGIN_PX)).abs() < 1e-9);
        assert_eq!(line_origin_px(4).1, STRIP_TOP_PX + LINE_ROW_PITCH_PX);
        assert!((bank_x_px(32) - (FIGURE_WIDTH_PX - MARGIN_PX)).abs() < 1e-9);
        assert!((byte_x_px(1, 128.0) - byte_x_px(2, 0.0) + LINE_GAP_PX).abs() < 1e-9);
        assert_eq!(strip_height_px(0), strip_height_px(4));
    }
}
