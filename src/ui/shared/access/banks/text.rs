//! The words of the bank-conflict figure (the bank-conflict chapter and the kernel lab draw it).

// `trf!` binds each `name = value` argument with a `let`; `lane = lane` is its intended form.
#![allow(clippy::redundant_locals)]

use crate::model::bank_conflicts::LaneBanks;
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

pub const LANES_HEADING: Tr = tr(
    "32 lanes, coloured by phase (click or Tab to a lane)",
    "32 个 lane，按 phase 着色（点击或用 Tab 选中 lane）",
);

pub const BANKS_HEADING: Tr = tr(
    "shared memory: bank = (byte address / 4) mod 32; one row = 32 words = 128 bytes",
    "shared memory：bank = (字节地址 / 4) mod 32；一行 = 32 个 word = 128 字节",
);

pub const COUNTS_HEADING: Tr = tr(
    "distinct words per bank, per phase (lanes: wavefronts)",
    "每个 phase 中各 bank 需提供的不同 word 数（lane 范围：wavefront）",
);

pub const FIGURE_LABEL: Tr = tr(
    "Lanes mapped to shared-memory banks",
    "lane 到 shared memory bank 的映射",
);

pub const SELECT_LANE: Tr = tr(
    "Select a lane to see its word, bank and phase.",
    "选中一个 lane 查看它的 word、bank 和 phase。",
);

pub const LEGEND_SHARED: Tr = tr(
    "×n: a word n lanes share (broadcast)",
    "×n：n 个 lane 共享的 word（广播）",
);

pub const LEGEND_BUSIEST: Tr = tr(
    "red count: the busiest bank of a conflicted phase",
    "红色数字：有冲突的 phase 中最忙的 bank",
);

/// What an inactive lane does.
pub fn lane_inactive(lane: u32, lang: Lang) -> String {
    trf!(
        lang,
        "lane {lane}: inactive (masked off)",
        "lane {lane}：非活跃（被屏蔽）",
        lane = lane,
    )
}

/// Where one active lane's bytes land: element `index` at `offset + index × elem_bytes`, the
/// words and banks of `l`, its phase and the wavefront (1-based) that serves it.
pub fn lane_banks(
    lane: u32,
    index: i64,
    (offset, elem_bytes): (u64, u32),
    l: &LaneBanks,
    wavefront: u32,
    lang: Lang,
) -> String {
    let banks: Vec<String> = l.banks().map(|x| x.to_string()).collect();
    let words = if l.word_count == 1 {
        format!("{}", l.first_word)
    } else {
        format!("{}–{}", l.first_word, l.first_word + l.word_count - 1)
    };
    trf!(
        lang,
        "lane {lane}: index {index} → byte {off} + {index} × {w} = {a} → word {words} → bank {banks}; phase {p}, served in wavefront {slot}",
        "lane {lane}：下标 {index} → 字节 {off} + {index} × {w} = {a} → word {words} → bank {banks}；phase {p}，在第 {slot} 个 wavefront 取到",
        lane = lane,
        index = index,
        off = offset,
        w = elem_bytes,
        a = l.address,
        words = words,
        banks = banks.join(", "),
        p = l.phase,
        slot = wavefront,
    )
}

/// A word's tooltip: which lanes read it.
pub fn word_title(word: u32, bank: u32, lanes: &str, lang: Lang) -> String {
    trf!(
        lang,
        "word {word} (bank {bank}), read by lane(s) {lanes}",
        "word {word}（bank {bank}），由 lane {lanes} 读取",
        word = word,
        bank = bank,
        lanes = lanes,
    )
}

/// A word row's label in the bank grid (row `row` = words `32 × row ..`).
pub fn row_label(row: u32, lang: Lang) -> String {
    trf!(lang, "row {row}", "第 {row} 行", row = row)
}
