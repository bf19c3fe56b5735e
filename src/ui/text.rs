//! The app's shared text: the shell, the widgets and the URL notices. Chapters keep their own
//! text in `chapters/<chapter>/text.rs`; the question bank is in [`crate::ui::content`].

use crate::ui::i18n::{tr, Tr};

/// Heading of a chapter's question list.
pub const QUESTIONS_HEADING: Tr = tr("Check yourself", "自测");
/// Button that reveals an answer.
pub const SHOW_ANSWER: Tr = tr("Show answer", "显示答案");
/// Button that hides an answer again.
pub const HIDE_ANSWER: Tr = tr("Hide answer", "隐藏答案");

/// The answer button's label when the answer is `shown` or not.
pub fn answer_toggle(shown: bool) -> Tr {
    if shown {
        HIDE_ANSWER
    } else {
        SHOW_ANSWER
    }
}
