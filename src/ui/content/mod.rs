//! Course content that is not tied to one page: the self-check question bank, read by the
//! chapters' question lists and by the quiz.

pub mod questions;
