//! The words of the coalescing figure (the coalescing chapter and the kernel lab draw it).

// `trf!` binds each `name = value` argument with a `let`; `lane = lane` is its intended form.
#![allow(clippy::redundant_locals)]

use crate::model::coalescing::LaneSector;
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

pub const LANES_HEADING: Tr = tr(
    "32 lanes of one warp (click or Tab to a lane)",
    "一个 warp 的 32 个 lane（点击或用 Tab 选中 lane）",
);

pub const MEMORY_HEADING: Tr = tr(
    "memory: the 128-byte lines touched, four 32-byte sectors each",
    "内存：被访问的 128 字节 line，每条 4 个 32 字节 sector",
);

pub const FIGURE_LABEL: Tr = tr(
    "Lane addresses mapped to sectors",
    "lane 地址到 sector 的映射",
);

pub const SELECT_LANE: Tr = tr(
    "Select a lane to see its address, sector and line.",
    "选中一个 lane 查看它的地址、sector 和 line。",
);

pub const LEGEND_USED: Tr = tr("bytes a lane uses", "被 lane 使用的字节");

pub const LEGEND_WASTED: Tr = tr("moved but unused (wasted)", "搬运了但没用上（浪费）");

pub const LEGEND_IDLE: Tr = tr("sector not moved", "未搬运的 sector");

pub const LEGEND_INACTIVE: Tr = tr("inactive lane", "非活跃 lane");

/// What an inactive lane does.
pub fn lane_inactive(lane: u32, lang: Lang) -> String {
    trf!(
        lang,
        "lane {lane}: inactive (masked off), no address",
        "lane {lane}：非活跃（被屏蔽），不访存",
        lane = lane,
    )
}

/// What an active lane does, in words: element `index` at `offset + index × elem_bytes`.
pub fn lane_address(
    lane: u32,
    index: i64,
    offset: u64,
    elem_bytes: u32,
    ls: &LaneSector,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "lane {lane}: index {index} → address {off} + {index} × {w} = {addr} (0x{addr:x}) → sector {s} (bytes {first}–{last}), line {l}",
        "lane {lane}：下标 {index} → 地址 {off} + {index} × {w} = {addr}（0x{addr:x}）→ sector {s}（第 {first}–{last} 字节），line {l}",
        lane = lane,
        index = index,
        off = offset,
        w = elem_bytes,
        addr = ls.address,
        s = ls.sector_index,
        first = ls.byte_in_sector,
        last = ls.byte_in_sector + elem_bytes - 1,
        l = ls.line_index,
    )
}

/// A sector's tooltip.
pub fn sector_title(sector: u64, bytes_used: Option<u32>, lang: Lang) -> String {
    match bytes_used {
        Some(used) => trf!(
            lang,
            "sector {sector}: moved, {used} of 32 bytes used",
            "sector {sector}：已搬运，32 字节中用了 {used} 字节",
            sector = sector,
            used = used,
        ),
        None => trf!(
            lang,
            "sector {sector}: not moved",
            "sector {sector}：未搬运",
            sector = sector,
        ),
    }
}
