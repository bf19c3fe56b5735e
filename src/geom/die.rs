//! Layout of a GPU die drawing: GPC boxes in a 4-column grid, TPCs inside each, two SM cells
//! per TPC. CSS pixels, origin top-left, y down.

use crate::geom::chart::Rect;

/// One SM cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SmCell {
    /// Where it is drawn.
    pub rect: Rect,
    /// Its index among enabled SMs (0..sm_count), or `None` if fused off.
    pub sm: Option<u32>,
}

/// One TPC: a box around two SM cells.
#[derive(Clone, Debug, PartialEq)]
pub struct TpcBox {
    /// Where it is drawn.
    pub rect: Rect,
    /// TPC index inside its GPC.
    pub tpc: u32,
    /// Enabled on the product.
    pub enabled: bool,
    /// Its SM cells.
    pub sms: Vec<SmCell>,
}

/// One GPC box.
#[derive(Clone, Debug, PartialEq)]
pub struct GpcBox {
    /// Where it is drawn.
    pub rect: Rect,
    /// GPC index.
    pub gpc: u32,
    /// Its TPCs.
    pub tpcs: Vec<TpcBox>,
}

/// The whole die drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct DieLayout {
    /// Total width.
    pub width_px: f64,
    /// Total height.
    pub height_px: f64,
    /// GPC boxes.
    pub gpcs: Vec<GpcBox>,
    /// The L2 / crossbar band between the two GPC rows.
    pub l2: Rect,
    /// Memory band (HBM stacks and controllers) along the bottom.
    pub memory: Rect,
    /// Host/peer interface band (PCIe, NVLink) along the top.
    pub io: Rect,
}

const SM_PX: f64 = 15.0;
const GAP_PX: f64 = 3.0;
const PAD_PX: f64 = 6.0;
const GPC_COLS: u32 = 4;
const BAND_PX: f64 = 26.0;
const LABEL_PX: f64 = 16.0;

/// Lays out `gpcs` GPCs of `tpcs_per_gpc` TPCs (2 SMs each); `enabled_tpcs[g]` TPCs of GPC
/// `g` are enabled (the first ones). Enabled SMs are numbered in drawing order. Four GPCs per
/// row (the A100's 8 GPCs: 402 × 356 px); see [`die_layout_in_cols`].
pub fn die_layout(
    gpcs: u32,
    tpcs_per_gpc: u32,
    sms_per_tpc: u32,
    enabled_tpcs: &[u32],
) -> DieLayout {
    die_layout_in_cols(gpcs, tpcs_per_gpc, sms_per_tpc, enabled_tpcs, GPC_COLS)
}

/// [`die_layout`] with `gpc_cols` GPCs per row (at least 1): all 8 of the A100's in one row is
/// 798 × 229 px, a shape that fits a projector's wide, short stage with its 12 px labels at
/// scale ≥ 1. The L2 band sits between the first two rows, or under a single row.
pub fn die_layout_in_cols(
    gpcs: u32,
    tpcs_per_gpc: u32,
    sms_per_tpc: u32,
    enabled_tpcs: &[u32],
    gpc_cols: u32,
) -> DieLayout {
    let gpc_cols = gpc_cols.max(1);
    let tpc_cols = if tpcs_per_gpc > 8 { 3 } else { 2 };
    let tpc_rows = tpcs_per_gpc.div_ceil(tpc_cols).max(1);
    let tpc_w = f64::from(sms_per_tpc) * SM_PX
        + f64::from(sms_per_tpc.saturating_sub(1)) * GAP_PX
        + 2.0 * GAP_PX;
    let tpc_h = SM_PX + 2.0 * GAP_PX;
    let gpc_w = f64::from(tpc_cols) * tpc_w + f64::from(tpc_cols - 1) * GAP_PX + 2.0 * PAD_PX;
    let gpc_h =
        LABEL_PX + f64::from(tpc_rows) * tpc_h + f64::from(tpc_rows - 1) * GAP_PX + 2.0 * PAD_PX;
    let gpc_rows = gpcs.div_ceil(gpc_cols).max(1);
    let cols = gpcs.clamp(1, gpc_cols);
    let width = f64::from(cols) * gpc_w + f64::from(cols + 1) * PAD_PX;
    let io = Rect {
        x0: PAD_PX,
        y0: PAD_PX,
        x1: width - PAD_PX,
        y1: PAD_PX + BAND_PX,
    };
    let mut y = io.y1 + PAD_PX;
    let mut out = Vec::new();
    let mut next_sm = 0u32;
    let mut l2 = Rect {
        x0: PAD_PX,
        y0: 0.0,
        x1: width - PAD_PX,
        y1: 0.0,
    };
    for row in 0..gpc_rows {
        for col in 0..cols {
            let g = row * cols + col;
            if g >= gpcs {
                break;
            }
            let x0 = PAD_PX + f64::from(col) * (gpc_w + PAD_PX);
            let rect = Rect {
                x0,
                y0: y,
                x1: x0 + gpc_w,
                y1: y + gpc_h,
            };
            let enabled = enabled_tpcs.get(g as usize).copied().unwrap_or(0);
            let mut tpcs = Vec::new();
            for t in 0..tpcs_per_gpc {
                let (tc, tr) = (t % tpc_cols, t / tpc_cols);
                let tx = x0 + PAD_PX + f64::from(tc) * (tpc_w + GAP_PX);
                let ty = y + PAD_PX + LABEL_PX + f64::from(tr) * (tpc_h + GAP_PX);
                let on = t < enabled;
                let sms = (0..sms_per_tpc)
                    .map(|s| {
                        let sx = tx + GAP_PX + f64::from(s) * (SM_PX + GAP_PX);
                        let sm = on.then(|| {
                            next_sm += 1;
                            next_sm - 1
                        });
                        SmCell {
                            rect: Rect {
                                x0: sx,
                                y0: ty + GAP_PX,
                                x1: sx + SM_PX,
                                y1: ty + GAP_PX + SM_PX,
                            },
                            sm,
                        }
                    })
                    .collect();
                tpcs.push(TpcBox {
                    rect: Rect {
                        x0: tx,
                        y0: ty,
                        x1: tx + tpc_w,
                        y1: ty + tpc_h,
                    },
                    tpc: t,
                    enabled: on,
                    sms,
                });
            }
            out.push(GpcBox { rect, gpc: g, tpcs });
        }
        y += gpc_h + PAD_PX;
        if row == 0 && gpc_rows > 1 {
            l2.y0 = y;
            l2.y1 = y + BAND_PX;
            y = l2.y1 + PAD_PX;
        }
    }
    if gpc_rows == 1 {
        l2.y0 = y;
        l2.y1 = y + BAND_PX;
        y = l2.y1 + PAD_PX;
    }
    let memory = Rect {
        x0: PAD_PX,
        y0: y,
        x1: width - PAD_PX,
        y1: y + BAND_PX,
    };
    DieLayout {
        width_px: width,
        height_px: memory.y1 + PAD_PX,
        gpcs: out,
        l2,
        memory,
        io,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a100_layout_numbers_108_sms_without_overlap() {
        let d = die_layout(8, 8, 2, &[8, 8, 8, 8, 8, 7, 7, 0]);
        let cells: Vec<SmCell> = d
            .gpcs
            .iter()
            .flat_map(|g| g.tpcs.iter().flat_map(|t| t.sms.clone()))
            .collect();
        assert_eq!(cells.len(), 128);
        let ids: Vec<u32> = cells.iter().filter_map(|c| c.sm).collect();
        assert_eq!(ids, (0..108).collect::<Vec<_>>());
        for (i, a) in cells.iter().enumerate() {
            assert!(a.rect.x1 <= d.width_px && a.rect.y1 <= d.height_px);
            for b in &cells[i + 1..] {
                let overlap = a.rect.x0 < b.rect.x1
                    && b.rect.x0 < a.rect.x1
                    && a.rect.y0 < b.rect.y1
                    && b.rect.y0 < a.rect.y1;
                assert!(!overlap);
            }
        }
        // Each GPC box holds its TPCs.
        for g in &d.gpcs {
            for t in &g.tpcs {
                assert!(g.rect.x0 <= t.rect.x0 && t.rect.x1 <= g.rect.x1 && t.rect.y1 <= g.rect.y1);
            }
        }
    }

    #[test]
    fn one_row_of_eight_gpcs_is_wide_and_short_with_the_same_sms() {
        let enabled = [8, 8, 8, 8, 8, 7, 7, 0];
        let (four, eight) = (
            die_layout(8, 8, 2, &enabled),
            die_layout_in_cols(8, 8, 2, &enabled, 8),
        );
        assert_eq!((four.width_px, four.height_px), (402.0, 356.0));
        assert_eq!((eight.width_px, eight.height_px), (798.0, 229.0));
        let ids = |d: &DieLayout| -> Vec<Option<u32>> {
            d.gpcs
                .iter()
                .flat_map(|g| g.tpcs.iter().flat_map(|t| t.sms.iter().map(|c| c.sm)))
                .collect()
        };
        assert_eq!(ids(&four), ids(&eight));
        // One row: every GPC at the same height, L2 under them and the memory under L2.
        assert!(eight
            .gpcs
            .iter()
            .all(|g| g.rect.y0 == eight.gpcs[0].rect.y0));
        assert!(eight.gpcs[0].rect.y1 < eight.l2.y0 && eight.l2.y1 < eight.memory.y0);
        assert_eq!(
            die_layout_in_cols(8, 8, 2, &enabled, 0),
            die_layout_in_cols(8, 8, 2, &enabled, 1)
        );
    }

    #[test]
    fn h100_layout_and_degenerate_inputs() {
        let d = die_layout(8, 9, 2, &[8, 8, 8, 8, 8, 8, 9, 9]);
        let n = d
            .gpcs
            .iter()
            .flat_map(|g| g.tpcs.iter().flat_map(|t| t.sms.iter()))
            .filter(|c| c.sm.is_some())
            .count();
        assert_eq!(n, 132);
        let e = die_layout(0, 0, 2, &[]);
        assert!(e.gpcs.is_empty() && e.height_px > 0.0);
    }
}
