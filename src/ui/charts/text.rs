//! The charts' own words (axis titles and roof labels drawn on the canvas).

use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

/// The roofline's x axis.
pub const X_AXIS: Tr = tr(
    "Arithmetic intensity I (FLOP/byte, log)",
    "算术强度 I（FLOP/byte，对数）",
);
/// The roofline's y axis.
pub const Y_AXIS: Tr = tr(
    "Attainable performance (FLOP/s, log)",
    "可达算力（FLOP/s，对数）",
);
/// The label beside the reader's own kernel's point.
pub const YOUR_KERNEL: Tr = tr("Your kernel", "你的 kernel");
/// The word before a roof's ridge point.
pub const RIDGE: Tr = tr("ridge", "拐点");

/// The label along the bandwidth roof: `HBM roof  P = I × 2 TB/s`.
pub fn bandwidth_roof(memory_kind: &str, bandwidth: &str, lang: Lang) -> String {
    trf!(
        lang,
        "{memory_kind} roof  P = I × {bandwidth}",
        "{memory_kind} 带宽屋顶  P = I × {bandwidth}",
        memory_kind = memory_kind,
        bandwidth = bandwidth,
    )
}
