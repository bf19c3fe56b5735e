//! Content shared by the site's modes: the built-in lessons of classroom mode.

pub mod lessons;
