//! The glossary page's words, in both languages (the terms themselves are in
//! `ui::content::glossary`).

use crate::trf;
use crate::ui::i18n::{tr, Lang, Tr};

/// The intro under the title.
pub const INTRO: [Tr; 1] = [tr(
    "Every term the chapters use, with a one-line definition as CUDA, PTX and Nsight Compute use it, the chapter that shows it and the course's Chinese term (a term the course keeps in English is written once). Each chapter links a term's first use here.",
    "各章用到的每个术语：按 CUDA、PTX 与 Nsight Compute 的用法给出一句话定义、展示它的章节，以及课程中的中文术语（课程沿用英文的术语只写一次）。各章在术语第一次出现处都链接到这里。",
)];

/// The label of the link to the chapter that shows a term.
pub const SHOWN_IN: Tr = tr("Shown in: ", "见：");
/// Name of the list of chapters to jump to.
pub const JUMP: Tr = tr("Terms by chapter", "按章节查找术语");

/// A section's heading: the chapter's number and title.
pub fn chapter_heading(number: u32, title: &str, lang: Lang) -> String {
    trf!(lang, "{number}. {title}", "第 {number} 章 {title}")
}

/// The number of terms, under the intro.
pub fn count(n: usize, lang: Lang) -> String {
    trf!(lang, "{n} terms.", "共 {n} 个术语。")
}
