//! Course content that is not tied to one page: the self-check question bank (read by the
//! chapters' question lists and by the quiz) and the built-in lessons of classroom mode.

pub mod lesson;
pub mod lessons;
pub mod questions;
