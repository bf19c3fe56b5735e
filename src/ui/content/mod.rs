//! Course content that is not tied to one page: the self-check question bank (read by the
//! chapters' question lists and by the quiz), the built-in lessons of classroom mode and the
//! glossary (read by its page and by the chapters' links at a term's first use).

pub mod glossary;
pub mod lesson;
pub mod lessons;
pub mod questions;
