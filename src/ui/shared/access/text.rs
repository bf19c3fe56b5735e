//! Words shared by the coalescing and bank-conflict chapters, in both languages.

// `trf!` binds each `name = value` argument with a `let`; `lane = lane` is its intended form.
#![allow(clippy::redundant_locals)]

use crate::model::access::AccessError;
use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

use super::Problem;

pub const CONTROLS: Tr = tr("Controls", "控制");
pub const PRESET: Tr = tr("Example", "示例");
pub const CUSTOM_PRESET: Tr = tr("Custom: lane × stride", "自定义：lane × stride");
pub const CUSTOM_DESCRIPTION: Tr = tr(
    "Lane i reads element i × stride. Move the sliders, or type a formula below.",
    "lane i 读第 i × stride 个元素。拖动滑块，或在下面输入公式。",
);
pub const ELEM: Tr = tr(
    "Element size (bytes per lane)",
    "元素大小（每个 lane 的字节数）",
);
pub const STRIDE: Tr = tr("Stride (elements)", "步长 stride（元素）");
pub const OFFSET: Tr = tr("Offset (bytes)", "偏移 offset（字节）");
pub const LANES: Tr = tr(
    "Active lanes (lanes 0 … n−1, an i < n guard)",
    "活跃 lane 数（lane 0 … n−1，即 i < n 边界检查）",
);
pub const FORMULA: Tr = tr(
    "Element index of each lane (formula)",
    "每个 lane 的元素下标（公式）",
);
/// Title and description of one preset, in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PresetText {
    /// Menu title.
    pub title: Tr,
    /// What the preset shows, quoting its own numbers.
    pub description: Tr,
}

pub const KEEPS_LAST: Tr = tr(
    "The figure and the numbers, dimmed, show the last pattern that could be drawn (on a page just opened: the chapter's first example).",
    "图和数字（变灰）显示的是最近一个能画出的访问模式（刚打开的页面则为本章第一个示例）。",
);
pub const STALE_NUMBERS: Tr = tr(
    "These numbers are for the last pattern that could be drawn, not for the inputs above: see the message there.",
    "这些数字对应最近一个能画出的访问模式，而不是上面的输入：请看那里的提示。",
);
pub const STRIDE_UNUSED: Tr = tr(
    "This example has no stride: moving the stride switches to “Custom”. In a formula, stride reads this value.",
    "这个示例没有步长：拖动 stride 会切换到“自定义”。公式里的 stride 读取这个值。",
);

/// The element type a width usually is, for the element-size menu.
pub fn elem_label(bytes: u32) -> &'static str {
    match bytes {
        1 => "1 B (char)",
        2 => "2 B (half)",
        4 => "4 B (float)",
        8 => "8 B (float2)",
        _ => "16 B (float4)",
    }
}

/// Help line under the formula field: the variables with their values, and the operators.
pub fn formula_help(vars: &[(&str, i64)], lang: Lang) -> String {
    let list: Vec<String> = vars.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    trf!(
        lang,
        "Variables: lane = 0…31, tid = threadIdx.x = lane (warp 0), {vars}. Operators: + - * / % ( ), ^ is XOR (as in CUDA C); functions min max abs bitand bitor bitxor shl shr. Leave empty for the example's own formula.",
        "变量：lane = 0…31，tid = threadIdx.x = lane（warp 0），{vars}。运算：+ - * / % ( )，^ 为异或（同 CUDA C）；函数 min max abs bitand bitor bitxor shl shr。留空则使用示例的公式。",
        vars = list.join(", "),
    )
}

/// A problem in `lang`: the model's message plus what it means, then that the figure keeps the
/// last valid pattern.
pub fn problem_text(p: &Problem, lang: Lang) -> String {
    let what = match p {
        Problem::Formula(e) => crate::ui::text::formula_error(e, lang),
        Problem::Access(e) => {
            let en = e.to_string();
            match *e {
                AccessError::Misaligned {
                    lane,
                    address,
                    bytes_per_lane,
                } => trf!(
                    lang,
                    "{en}. Accesses of {bytes_per_lane} bytes must be naturally aligned; on a GPU this load stops the kernel with “misaligned address”. Change the offset or the element size.",
                    "lane {lane}：地址 {address} 不是 {bytes_per_lane} 的倍数。{bytes_per_lane} 字节的访存必须自然对齐，GPU 上这条 load 会以 “misaligned address” 错误终止 kernel。请调整偏移或元素大小。",
                    en = en,
                    lane = lane,
                    address = address,
                    bytes_per_lane = bytes_per_lane,
                ),
                AccessError::NegativeAddress { lane, address } => trf!(
                    lang,
                    "{en}: the lane reads before the start of the array. Raise the offset.",
                    "lane {lane}：地址 {address} 为负，读到了数组起点之前。请增大偏移。",
                    en = en,
                    lane = lane,
                    address = address,
                ),
                AccessError::AddressOverflow { lane } => trf!(
                    lang,
                    "{en}.",
                    "lane {lane}：地址超出地址空间。",
                    en = en,
                    lane = lane,
                ),
                AccessError::UnsupportedWidth { bytes_per_lane } => trf!(
                    lang,
                    "{en}.",
                    "一个 lane 只能读 1、2、4、8 或 16 字节，不能是 {bytes_per_lane}。",
                    en = en,
                    bytes_per_lane = bytes_per_lane,
                ),
            }
        }
    };
    crate::ui::i18n::sentences(lang, &what, KEEPS_LAST.get(lang))
}

/// The description line once the reader has edited a preset's inputs. With `drawn` false the
/// inputs give no pattern (a problem stands) and the figure keeps the last valid one, so the line
/// does not claim the figure is for the reader's values.
pub fn modified_preset(title: &str, drawn: bool, lang: Lang) -> String {
    if drawn {
        trf!(
            lang,
            "Changed from “{title}”: the figure and the numbers are for your values (pick the preset again to restore it).",
            "已在“{title}”的基础上修改：图和数字对应你的取值（重新选择该预设即可恢复）。",
            title = title,
        )
    } else {
        trf!(
            lang,
            "Changed from “{title}” (pick the preset again to restore it).",
            "已在“{title}”的基础上修改（重新选择该预设即可恢复）。",
            title = title,
        )
    }
}
