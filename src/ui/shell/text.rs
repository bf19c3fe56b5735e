//! The shell's own words.

use crate::ui::i18n::{tr, Tr};

/// The label of the previous / next chapter links' landmark.
pub const CHAPTER_NAV: Tr = tr("Previous and next chapter", "上一章与下一章");
/// Above the previous chapter's title.
pub const PREVIOUS: Tr = tr("← Previous chapter", "← 上一章");
/// Above the next chapter's title.
pub const NEXT: Tr = tr("Next chapter →", "下一章 →");
/// The link at the end of a chapter that opens the quiz filtered to it.
pub const PRACTISE: Tr = tr(
    "Practise: questions on this chapter →",
    "练习：本章的测验题 →",
);
