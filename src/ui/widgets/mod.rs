//! Shared widgets: no GPU knowledge here, only labelled inputs and readouts (thaw-style props).

mod chapter_intro;
mod clock;
mod data_table;
mod formula;
pub mod icon;
mod markup;
mod notices;
mod numbers;
mod permalink;
mod plain;
mod player;
mod questions;
mod select;
mod slider;
mod svg_title;
mod terms;
mod text;

pub use chapter_intro::ChapterIntro;
pub use clock::monotonic_ms;
pub use data_table::DataDetails;
pub use formula::FormulaField;
pub use markup::{data_index, markup_block, markup_into, Markup};
pub use notices::Notices;
pub use numbers::{formula_row, formula_row_testid, live_rows, live_rows_testid, RowCells};
pub use permalink::PermalinkLink;
pub use plain::{head_row, indexed_list, keyed_list};
pub use player::{PlayerControls, StepButtons, StepPlayer};
pub use questions::Questions;
pub use select::select_field;
pub(crate) use slider::normalise_number;
pub use slider::{IntegerError, IntegerInput, NumberField, RangeSlider, Scale};
pub use svg_title::svg_title;
pub use terms::{term_plain, term_spans, TermSpan, TermText};
