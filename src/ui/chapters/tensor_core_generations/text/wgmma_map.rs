//! Words of the section "wgmma's register fragments, thread by thread", in both languages.

// `trf!` binds each `name = value` argument with a `let`; `n = n` is its intended form.
#![allow(clippy::redundant_locals)]

use super::super::state::WgFrag;
use crate::model::tensor_core::ElementType;
use crate::model::tensor_core_gen::wgmma_fragments::WgmmaLayoutError;
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

pub const TITLE: Tr = tr(
    "wgmma's register fragments, thread by thread",
    "wgmma 的寄存器 fragment：逐线程查看",
);
pub const INTRO: Tr = tr(
    "Which of the warp group's 128 threads holds which element? The accumulator D of wgmma.mma_async.m64nNk16 (f32, f16 or s32 accumulators, N = 8 … 256) and A when it comes from registers (m64k16 for f16 and bf16, m64k32 for the 8-bit types) follow one rule: warp w of the group owns the 16-row band 16w … 16w + 15, and inside its band a warp holds exactly what Ampere's mma.sync.m16n8k16 would, repeated every 8 columns. Pick a thread to see its elements; pick a tile, then an element, to see its thread and register (PTX ISA §9.7.15.5.1.1, Figures 148–153).",
    "warp group 的 128 个线程中，哪个线程持有哪个元素？wgmma.mma_async.m64nNk16 的累加器 D（f32、f16 或 s32 累加，N = 8 … 256）以及来自寄存器的 A（f16、bf16 为 m64k16，8 位类型为 m64k32）遵循同一条规则：warp group 中的第 w 个 warp 负责第 16w … 16w + 15 这 16 行；在自己的行带内，每个 warp 持有的元素与 Ampere 的 mma.sync.m16n8k16 完全相同，每 8 列重复一次。选择一个线程查看它持有的元素；选择一个 tile 再选择一个元素，查看它属于哪个线程、哪个寄存器（PTX ISA §9.7.15.5.1.1，图 148–153）。",
);
pub const HARDWARE: Tr = tr(
    "The f32 and f16 D layouts were checked register by register on Hopper silicon (an H100 80GB HBM3, the H200's GH100 chip): every register of every thread held the element this map gives.",
    "f32 与 f16 的 D 布局已在 Hopper 芯片上逐个寄存器核对（H100 80GB HBM3，与 H200 同为 GH100 芯片）：每个线程的每个寄存器都与本图给出的元素一致。",
);
pub const FRAG_LABEL: Tr = tr("fragment", "Fragment");
pub const STRIP_LABEL: Tr = tr(
    "The warp group's 128 threads, one row per warp",
    "warp group 的 128 个线程，每个 warp 一行",
);
pub const OVERVIEW_LABEL: Tr = tr(
    "The whole matrix in tiles of 16 rows × 8 columns, one row of tiles per warp",
    "整个矩阵按 16 行 × 8 列分成 tile，每个 warp 一行 tile",
);
pub const ZOOM_LABEL: Tr = tr(
    "One tile: the thread and fragment index of each element",
    "一个 tile：每个元素所属的线程与 fragment 序号",
);
pub const LEGEND: Tr = tr(
    "Tiles: marks = the selected thread's elements. Tile cells: top = thread, bottom = its fragment index; outlined = the selected thread; thick = the selected element.",
    "tile 概览：小方块 = 所选线程的元素。tile 单元格：上方 = 线程号，下方 = fragment 序号；描边 = 所选线程；粗框 = 所选元素。",
);
pub const PICK: Tr = tr(
    "Pick a thread, or an element of the tile.",
    "请选择一个线程，或 tile 中的一个元素。",
);
pub const COL_ELEMENT: Tr = tr("element", "元素");
pub const COL_AT: Tr = tr("(row, column)", "（行, 列）");
pub const COL_REGISTER: Tr = tr("register", "寄存器");
pub const COL_BITS: Tr = tr("bits", "位");
pub const FACTS: [Tr; 4] = [
    tr("matrix", "矩阵"),
    tr("elements per thread", "每线程元素数"),
    tr("32-bit registers per thread", "每线程 32 位寄存器数"),
    tr("m16n8 tiles per warp", "每个 warp 的 m16n8 tile 数"),
];
pub const DATA_TABLE: Tr = tr(
    "Every thread's rows and columns (table)",
    "每个线程持有的行与列（表格）",
);
pub const DATA_COLS: [Tr; 5] = [
    tr("thread", "线程"),
    tr("warp", "warp"),
    tr("lane", "lane"),
    tr("rows", "行"),
    tr("columns", "列"),
];

/// The menu's name of a fragment.
pub fn frag_label(f: WgFrag) -> Tr {
    match f {
        WgFrag::DF32 => tr(
            "D, f32 accumulators (m64nNk16)",
            "D，f32 累加器（m64nNk16）",
        ),
        WgFrag::DF16 => tr(
            "D, f16 accumulators (.f16x2 registers)",
            "D，f16 累加器（.f16x2 寄存器）",
        ),
        WgFrag::DS32 => tr(
            "D, s32 accumulators (m64nNk32)",
            "D，s32 累加器（m64nNk32）",
        ),
        WgFrag::AF16 => tr(
            "A from registers, f16 (m64k16)",
            "A 来自寄存器，f16（m64k16）",
        ),
        WgFrag::ABf16 => tr(
            "A from registers, bf16 (m64k16)",
            "A 来自寄存器，bf16（m64k16）",
        ),
        WgFrag::AE4m3 => tr(
            "A from registers, e4m3 (m64k32)",
            "A 来自寄存器，e4m3（m64k32）",
        ),
        WgFrag::AE5m2 => tr(
            "A from registers, e5m2 (m64k32)",
            "A 来自寄存器，e5m2（m64k32）",
        ),
        WgFrag::AS8 => tr(
            "A from registers, s8 (m64k32)",
            "A 来自寄存器，s8（m64k32）",
        ),
        WgFrag::AU8 => tr(
            "A from registers, u8 (m64k32)",
            "A 来自寄存器，u8（m64k32）",
        ),
    }
}

/// "warp 1".
pub fn warp(w: u32, lang: Lang) -> String {
    trf!(lang, "warp {w}", "warp {w}")
}

/// "rows 16–31".
pub fn rows(first: u32, last: u32, lang: Lang) -> String {
    trf!(lang, "rows {first}–{last}", "第 {first}–{last} 行")
}

/// A thread chip's accessible name.
pub fn thread_chip(t: u32, lang: Lang) -> String {
    let (w, l) = (t / 32, t % 32);
    trf!(
        lang,
        "thread {t}: warp {w}, lane {l}",
        "线程 {t}：warp {w}，lane {l}"
    )
}

/// A tile's accessible name.
pub fn tile(band: u32, block: u32, lang: Lang) -> String {
    let (r0, r1, c0, c1) = (16 * band, 16 * band + 15, 8 * block, 8 * block + 7);
    trf!(
        lang,
        "warp {band}: rows {r0}–{r1}, columns {c0}–{c1}",
        "warp {band}：第 {r0}–{r1} 行，第 {c0}–{c1} 列"
    )
}

/// The zoomed tile's caption.
pub fn zoom_caption(band: u32, block: u32, lang: Lang) -> String {
    let (r0, r1, c0, c1) = (16 * band, 16 * band + 15, 8 * block, 8 * block + 7);
    trf!(
        lang,
        "Rows {r0}–{r1} × columns {c0}–{c1}, held by warp {band}",
        "第 {r0}–{r1} 行 × 第 {c0}–{c1} 列，由 warp {band} 持有"
    )
}

/// A cell's accessible name: `D[3][5]: thread 22, d10, register 10`.
pub fn cell(
    matrix: &str,
    (r, c): (u32, u32),
    thread: u32,
    element: &str,
    register: u32,
    lang: Lang,
) -> String {
    trf!(
        lang,
        "{matrix}[{r}][{c}]: thread {thread}, {element}, register {register}",
        "{matrix}[{r}][{c}]：线程 {thread}，{element}，寄存器 {register}"
    )
}

/// The selected thread's heading.
pub fn thread_heading(t: u32, lang: Lang) -> String {
    trf!(lang, "Thread {t}", "线程 {t}")
}

/// What the selected thread holds.
pub fn thread_summary(t: u32, elements: usize, registers: u32, rows: &str, lang: Lang) -> String {
    let (w, l) = (t / 32, t % 32);
    trf!(
        lang,
        "warp {w} of the group, lane {l}: {elements} elements in {registers} registers, rows {rows}.",
        "warp group 中的 warp {w}、lane {l}：{registers} 个寄存器中共 {elements} 个元素，位于第 {rows} 行。"
    )
}

/// Where the selected element lives.
pub fn element_line(
    thread: u32,
    element: &str,
    register: u32,
    (b0, b1): (u32, u32),
    lang: Lang,
) -> String {
    let (w, l) = (thread / 32, thread % 32);
    trf!(
        lang,
        "held by thread {thread} (warp {w}, lane {l}) as {element}: register {register}, bits {b0}–{b1}.",
        "由线程 {thread}（warp {w}，lane {l}）以 {element} 持有：寄存器 {register}，第 {b0}–{b1} 位。"
    )
}

/// Why the fragment does not exist.
pub fn layout_error(e: &WgmmaLayoutError, lang: Lang) -> String {
    match e {
        WgmmaLayoutError::BadN {
            n,
            dtype: ElementType::S32,
        } => trf!(
            lang,
            "wgmma with s32 accumulators (8-bit inputs, m64nNk32) has N = 8, 16, 24, 32, then 48 … 256 in steps of 16, not {n}: pick another N or another fragment.",
            "s32 累加器的 wgmma（8 位输入，m64nNk32）的 N 为 8、16、24、32，以及 48 … 256（步长 16），没有 {n}：请换一个 N 或另一个 fragment。"
        ),
        WgmmaLayoutError::BadN { n, .. } => trf!(
            lang,
            "wgmma has N = 8, 16, …, 256, not {n}.",
            "wgmma 的 N 为 8、16、…、256，没有 {n}。"
        ),
        WgmmaLayoutError::AccumulatorType(_) => tr(
            "wgmma accumulators are f32, f16 or s32.",
            "wgmma 的累加器只能是 f32、f16 或 s32。",
        )
        .get(lang)
        .to_string(),
    }
}
