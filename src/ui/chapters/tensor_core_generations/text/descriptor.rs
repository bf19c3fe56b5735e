//! Words of the section "Shared-memory matrix descriptors", in both languages.

// `trf!` binds each `name = value` argument with a `let`; `n = n` is its intended form.
#![allow(clippy::redundant_locals)]

use crate::model::tensor_core_gen::smem_descriptor::{
    DescriptorField, Major, SmemLayoutError, Swizzle, DESCRIPTOR_WINDOW_BYTES,
};
use crate::trf;
use crate::ui::format::grouped;
use crate::ui::i18n::{tr, Lang, Tr};

pub const TITLE: Tr = tr(
    "Shared-memory matrix descriptors, and why wgmma wants a swizzle",
    "shared memory 矩阵描述符，以及 wgmma 为什么需要 swizzle",
);
pub const INTRO: Tr = tr(
    "wgmma finds B (and A, when A is not in registers) in shared memory through a 64-bit matrix descriptor: a start address, a leading dimension byte offset (LBO) and a stride dimension byte offset (SBO), each stored as bytes ÷ 16, and a swizzle mode (none, 32, 64 or 128 B). What it addresses are core matrices: 8 rows of 16 bytes each; one instruction reads 32 bytes of K per row. Change a field: the descriptor's bits, the core matrices and the 128-byte rows of shared memory they land in follow, over the 32 banks as the bank-conflict chapter draws them. An offset that breaks the layout is refused with the reason (PTX ISA §9.7.15.5.1.2).",
    "wgmma 通过一个 64 位的矩阵描述符在 shared memory 中找到 B（A 不在寄存器中时也包括 A）：起始地址、leading dimension byte offset（LBO）、stride dimension byte offset（SBO），三者都按字节数 ÷ 16 存储，以及 swizzle 模式（无、32、64 或 128 B）。它寻址的单位是 core matrix（核心矩阵）：8 行、每行 16 字节；一条指令每行读取 K 方向的 32 字节。修改任一字段，描述符的各个位、各个 core matrix 以及它们落在 shared memory 哪些 128 字节行上都会随之变化，并像 bank 冲突一章那样画在 32 个 bank 上。破坏布局的偏移会被拒绝，并说明原因（PTX ISA §9.7.15.5.1.2）。",
);
pub const MAJOR_LABEL: Tr = tr(
    "operand layout (K-major: A row-major, B column-major)",
    "操作数布局（K-major：A 行主序，B 列主序）",
);
pub const BITS_LABEL: Tr = tr("element width", "元素位宽");
pub const MN_LABEL: Tr = tr("rows along M or N", "M 或 N 方向的行数");
pub const SWIZZLE_LABEL: Tr = tr("swizzle", "swizzle");
pub const START_LABEL: Tr = tr("start address", "起始地址");
pub const LBO_LABEL: Tr = tr(
    "leading dimension byte offset (LBO)",
    "leading dimension byte offset（LBO）",
);
pub const SBO_LABEL: Tr = tr(
    "stride dimension byte offset (SBO)",
    "stride dimension byte offset（SBO）",
);
pub const ROW_LABEL: Tr = tr("element: row along M or N", "元素：M 或 N 方向的行");
pub const K_LABEL: Tr = tr("element: index along K", "元素：K 方向的序号");
pub const CANONICAL: Tr = tr(
    "Use the canonical LBO and SBO",
    "使用标准（canonical）LBO 与 SBO",
);
pub const CANONICAL_NOTE: Tr = tr(
    "Changing the layout, width, rows or swizzle sets the canonical LBO and SBO of the PTX ISA's examples; type your own to break them.",
    "修改布局、位宽、行数或 swizzle 时，LBO 与 SBO 会设为 PTX ISA 示例中的标准值；可以自己输入别的值来破坏布局。",
);
pub const HEX_LABEL: Tr = tr("the descriptor, 64-bit hex", "描述符（64 位十六进制）");
pub const HEX_BAD: Tr = tr(
    "not a 64-bit hex number: up to 16 digits 0–9, a–f, with or without 0x",
    "不是 64 位十六进制数：最多 16 位 0–9、a–f，可带 0x",
);

/// The menu's name of a layout.
pub fn major(m: Major) -> Tr {
    match m {
        Major::K => tr("K-major", "K-major"),
        Major::Mn => tr("MN-major (16-bit only)", "MN-major（仅 16 位）"),
    }
}

/// The menu's name of an element width.
pub fn bits(b: &str) -> Tr {
    match b {
        "8" => tr("8-bit (e4m3, e5m2, s8, u8)", "8 位（e4m3、e5m2、s8、u8）"),
        "32" => tr("32-bit (tf32)", "32 位（tf32）"),
        _ => tr("16-bit (f16, bf16)", "16 位（f16、bf16）"),
    }
}

/// The menu's name of a swizzle mode.
pub fn swizzle(s: Swizzle) -> Tr {
    match s {
        Swizzle::None => tr("none", "无"),
        Swizzle::B32 => tr("32 B", "32 B"),
        Swizzle::B64 => tr("64 B", "64 B"),
        Swizzle::B128 => tr("128 B", "128 B"),
    }
}

pub const BITS_HEAD: [Tr; 4] = [
    tr("field", "字段"),
    tr("bits", "位"),
    tr("stored", "存储值"),
    tr("bytes", "字节"),
];
pub const FIELD_NAMES: [Tr; 5] = [
    tr("start address", "起始地址"),
    tr("LBO", "LBO"),
    tr("SBO", "SBO"),
    tr("base offset", "base offset"),
    tr("swizzle mode", "swizzle 模式"),
];
pub const BITS_CAPTION: Tr = tr(
    "The 64-bit descriptor, field by field (byte fields stored as (bytes & 0x3FFFF) >> 4)",
    "64 位描述符的各个字段（字节字段存储为 (bytes & 0x3FFFF) >> 4）",
);
pub const NOT_MODELLED: Tr = tr("0 (only 0 is modelled)", "0（仅模拟 0）");
pub const CM_LABEL: Tr = tr(
    "The operand's core matrices (8 rows × 16 bytes each): pick one",
    "操作数的 core matrix（每个 8 行 × 16 字节）：选择一个",
);
pub const MEMORY_LABEL: Tr = tr(
    "Where they sit: shared memory in rows of 128 bytes over the 32 banks; a chunk is one 16-byte core-matrix row, labelled core matrix : row",
    "它们的位置：shared memory 按 128 字节一行画在 32 个 bank 上；每块是 core matrix 的一行（16 字节），标注为 core matrix 序号 : 行号",
);
pub const BANK_HEADING: Tr = tr("bank →", "bank →");
pub const BANKS_CAPTION: Tr = tr(
    "Reading one core matrix as ldmatrix does: 8 lanes, lane j loads row j (16 bytes = 4 banks) in one instruction, one quarter-warp phase. The busiest bank sets the wavefronts.",
    "按 ldmatrix 的方式读取一个 core matrix：8 个 lane，lane j 读取第 j 行（16 字节 = 4 个 bank），一条指令、四分之一 warp 的一个阶段。最忙的 bank 决定 wavefront 数。",
);
pub const BANKS_STORED: Tr = tr("as stored", "实际存储");
pub const BANKS_PLAIN: Tr = tr(
    "the same rows without the swizzle's XOR",
    "同样的行，去掉 swizzle 的 XOR",
);
pub const EFFECT_HEAD: [Tr; 4] = [
    tr("swizzle", "swizzle"),
    tr("row pitch", "行间距"),
    tr("wavefronts stored plainly", "直接存储的 wavefront"),
    tr("wavefronts with the swizzle", "使用 swizzle 的 wavefront"),
];
pub const EFFECT_CAPTION: Tr = tr(
    "What each mode buys: a K-major tile whose rows are the swizzle's width apart (128 B for none: 64 bf16 of K per row, as a plain row-major copy leaves it), reading rows 0–7 of its first 16-byte chunk.",
    "各模式的效果：K-major tile 的行间距等于 swizzle 宽度（无 swizzle 时为 128 B：每行 64 个 bf16，即普通行主序拷贝的结果），读取其第一个 16 字节块的第 0–7 行。",
);
pub const WHY: Tr = tr(
    "Without the XOR, rows S bytes apart start S / 4 banks apart, and S = 128 brings them back to the same 4 banks: 8 rows, 8 wavefronts. The 128-byte swizzle XORs the 16-byte chunk index (address bits 4–6) with the row index (bits 7–9), so row j of a core matrix moves to chunk c ^ j: 8 different 4-bank groups, 1 wavefront. The no-swizzle layout is conflict-free too, but only because it stores each core matrix as 128 contiguous bytes, which a row-major tile copied from global memory does not give you.",
    "没有 XOR 时，间距为 S 字节的两行起始 bank 相差 S / 4；S = 128 时所有行都回到同样的 4 个 bank：8 行、8 个 wavefront。128 字节 swizzle 把 16 字节块序号（地址第 4–6 位）与行号（第 7–9 位）做异或，core matrix 的第 j 行移到第 c ^ j 块：8 组不同的 4 个 bank，1 个 wavefront。无 swizzle 的布局同样没有冲突，但那是因为它把每个 core matrix 存成连续的 128 字节，而从 global memory 拷贝来的行主序 tile 并不是这样。",
);
pub const FACTS: [Tr; 5] = [
    tr(
        "K per wgmma (32 bytes of K)",
        "每条 wgmma 的 K（K 方向 32 字节）",
    ),
    tr("core matrices (MN × K)", "core matrix 数（MN × K）"),
    tr("ends at byte", "结束于字节"),
    tr(
        "worst core-matrix read, wavefronts",
        "最差的 core matrix 读取（wavefront）",
    ),
    tr("selected element's address", "所选元素的地址"),
];
pub const DATA_TABLE: Tr = tr(
    "Every core matrix's row addresses and banks (table)",
    "每个 core matrix 各行的地址与 bank（表格）",
);
pub const DATA_COLS: [Tr; 4] = [
    tr("core matrix", "core matrix"),
    tr("(MN block, K block)", "（MN 块, K 块）"),
    tr("row addresses, bytes", "各行地址（字节）"),
    tr("wavefronts", "wavefront"),
];

/// "k 0–7": a row of the core-matrix grid.
pub fn k_range(first: u32, last: u32, lang: Lang) -> String {
    trf!(lang, "k {first}–{last}", "k {first}–{last}")
}

/// "1,024 B": a shared-memory row's label.
pub fn row_address(bytes: u32, gap: bool) -> String {
    format!(
        "{}{} B",
        if gap { "⋯ " } else { "" },
        grouped(u64::from(bytes))
    )
}

/// A core matrix's accessible name.
pub fn core_matrix(index: u32, mn: u32, k: u32, lang: Lang) -> String {
    trf!(
        lang,
        "core matrix {index}: MN block {mn}, K block {k}",
        "core matrix {index}：MN 块 {mn}，K 块 {k}"
    )
}

/// A drawn chunk's title.
pub fn chunk_title(
    cm: u32,
    row: u32,
    address: u32,
    first: Option<(u32, u32)>,
    lang: Lang,
) -> String {
    let a = grouped(u64::from(address));
    match first {
        Some((m, k)) => trf!(
            lang,
            "bytes {a}–: core matrix {cm}, row {row}, from element ({m}, {k})",
            "字节 {a} 起：core matrix {cm} 第 {row} 行，从元素 ({m}, {k}) 开始"
        ),
        None => trf!(
            lang,
            "bytes {a}–: core matrix {cm}, row {row}",
            "字节 {a} 起：core matrix {cm} 第 {row} 行"
        ),
    }
}

/// "first 32 of 64 rows shown".
pub fn rows_shown(shown: usize, total: usize, lang: Lang) -> String {
    trf!(
        lang,
        "The first {shown} of the {total} shared-memory rows the operand uses are drawn.",
        "图中画出操作数所用 {total} 行 shared memory 中的前 {shown} 行。"
    )
}

/// A bank view's summary: the busiest bank and the wavefronts.
pub fn banks_summary(wavefronts: u32, lang: Lang) -> String {
    let conflicts = wavefronts.saturating_sub(1);
    if wavefronts == 1 {
        tr(
            "8 rows on 8 different 4-bank groups: 1 wavefront, no conflict.",
            "8 行落在 8 组不同的 4 个 bank 上：1 个 wavefront，没有冲突。",
        )
        .get(lang)
        .to_string()
    } else {
        trf!(
            lang,
            "{wavefronts} rows share the busiest banks: {wavefronts} wavefronts, {conflicts} bank conflicts ({wavefronts}-way).",
            "最忙的 bank 上有 {wavefronts} 行：{wavefronts} 个 wavefront，{conflicts} 次 bank 冲突（{wavefronts}-way）。"
        )
    }
}

/// "row 3" of a bank view.
pub fn bank_row(j: u32, lang: Lang) -> String {
    trf!(lang, "row {j}", "第 {j} 行")
}

/// The selected element and its core matrix.
pub fn element_line((m, k): (u32, u32), address: u32, cm: u32, lang: Lang) -> String {
    let a = grouped(u64::from(address));
    trf!(
        lang,
        "Element ({m}, {k}) is at byte {a}, in core matrix {cm}.",
        "元素 ({m}, {k}) 位于字节 {a}，属于 core matrix {cm}。"
    )
}

fn field(f: DescriptorField) -> Tr {
    match f {
        DescriptorField::StartAddress => tr("start address", "起始地址"),
        DescriptorField::LeadingByteOffset => tr("LBO", "LBO"),
        DescriptorField::StrideByteOffset => tr("SBO", "SBO"),
    }
}

/// Why a descriptor or its operand is refused, in words.
pub fn layout_error(e: &SmemLayoutError, lang: Lang) -> String {
    match *e {
        SmemLayoutError::Misaligned { field: f, bytes } => {
            let f = field(f).get(lang);
            trf!(
                lang,
                "The {f} must be a multiple of 16 bytes: the descriptor stores it as bytes ÷ 16. {bytes} is not.",
                "{f} 必须是 16 字节的倍数：描述符按字节数 ÷ 16 存储它。{bytes} 不是。"
            )
        }
        SmemLayoutError::BeyondDescriptorRange { field: f, bytes } => {
            let (f, b) = (field(f).get(lang), grouped(u64::from(bytes)));
            let w = grouped(u64::from(DESCRIPTOR_WINDOW_BYTES));
            trf!(
                lang,
                "The {f} reaches byte {b}: a descriptor field has 14 bits of bytes ÷ 16, so it names less than {w} bytes.",
                "{f} 到达字节 {b}：描述符字段只有 14 位（字节数 ÷ 16），只能表示小于 {w} 字节的地址。"
            )
        }
        SmemLayoutError::BaseOffsetRange(b) | SmemLayoutError::BaseOffsetNotModelled(b) => trf!(
            lang,
            "Base offset {b}: only a pattern that starts on its boundary (base offset 0) is modelled; the ISA does not give the address arithmetic for the others.",
            "base offset 为 {b}：这里只模拟从边界开始的 pattern（base offset 为 0）；PTX ISA 没有给出其它情况的地址计算方式。"
        ),
        SmemLayoutError::ReservedBits(bits) => trf!(
            lang,
            "{bits:#018x} has reserved descriptor bits set: it is not a wgmma descriptor.",
            "{bits:#018x} 设置了描述符的保留位：它不是 wgmma 描述符。"
        ),
        SmemLayoutError::ElementBits(b) => trf!(
            lang,
            "wgmma operands are 8, 16 or 32 bits wide, not {b}.",
            "wgmma 操作数的位宽是 8、16 或 32 位，不是 {b}。"
        ),
        SmemLayoutError::MnMajorNeeds16Bit(b) => trf!(
            lang,
            "An MN-major operand must be f16 or bf16 (the transpose exists for 16-bit types only); {b}-bit elements are K-major only.",
            "MN-major 操作数必须是 f16 或 bf16（只有 16 位类型能转置）；{b} 位元素只能是 K-major。"
        ),
        SmemLayoutError::BadExtent(mn) => trf!(
            lang,
            "An operand has 8, 16, …, 256 rows along M or N, not {mn}.",
            "操作数在 M 或 N 方向有 8、16、…、256 行，不是 {mn}。"
        ),
        SmemLayoutError::RowOverrun {
            swizzle,
            offset_in_row,
            bytes,
        } => {
            let s = swizzle.row_bytes();
            trf!(
                lang,
                "With the {s}-byte swizzle each row is {s} bytes: {bytes} bytes read from byte {offset_in_row} of a row run past its end. Move the start address.",
                "使用 {s} 字节 swizzle 时每行 {s} 字节：从一行的第 {offset_in_row} 字节开始读 {bytes} 字节会越过行尾。请调整起始地址。"
            )
        }
        SmemLayoutError::PatternMisaligned {
            swizzle,
            pattern_start,
            alignment,
        } => {
            let (s, p, a) = (
                swizzle.row_bytes(),
                grouped(u64::from(pattern_start)),
                grouped(u64::from(alignment)),
            );
            trf!(
                lang,
                "A {s}-byte swizzle repeats every 8 rows = {a} bytes, and each pattern must start on a {a}-byte boundary: this one starts at byte {p}. Align the start address or SBO.",
                "{s} 字节 swizzle 每 8 行 = {a} 字节重复一次，每个 pattern 必须从 {a} 字节边界开始：这里从字节 {p} 开始。请对齐起始地址或 SBO。"
            )
        }
        SmemLayoutError::Overlap {
            first,
            second,
            address,
        } => {
            let a = grouped(u64::from(address));
            let (m0, k0, m1, k1) = (first.mn_block, first.k_block, second.mn_block, second.k_block);
            trf!(
                lang,
                "Core matrices ({m0}, {k0}) and ({m1}, {k1}) both use byte {a}: LBO or SBO is too small, so two core matrices share bytes.",
                "core matrix ({m0}, {k0}) 与 ({m1}, {k1}) 都用到字节 {a}：LBO 或 SBO 太小，两个 core matrix 重叠了。"
            )
        }
        SmemLayoutError::BeyondSharedMemory {
            end_bytes,
            capacity_bytes,
        } => {
            let (e, c) = (grouped(u64::from(end_bytes)), grouped(u64::from(capacity_bytes)));
            trf!(
                lang,
                "The operand ends at byte {e}, past the {c} bytes of shared memory an H100, H200 or B200 SM has.",
                "操作数结束于字节 {e}，超出了 H100、H200、B200 每个 SM 的 {c} 字节 shared memory。"
            )
        }
    }
}
