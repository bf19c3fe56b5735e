//! The Leptos front end (feature `ui`): app shell, router, i18n, URL state, widgets, charts and
//! one folder per chapter. It reads `model` and `geom` and never re-implements them.
//!
//! State flows one way: controls write `RwSignal`s, one `Memo` per chapter calls the model,
//! views read memos; effects only draw canvases and write the URL.

pub mod app;
pub mod chapters;
pub mod charts;
pub mod classroom;
pub mod content;
pub mod format;
pub mod glossary;
pub mod i18n;
pub mod lab;
pub mod quiz;
pub mod shared;
pub mod shell;
pub mod text;
pub mod theme;
pub mod url;
pub mod widgets;

pub use app::App;
