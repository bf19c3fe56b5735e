//! The widgets' own words.

use super::IntegerError;
use crate::trf;
use crate::ui::format::grouped;
use crate::ui::i18n::Lang;

/// A typed integer the field refuses.
pub fn integer_error(error: &IntegerError, lang: Lang) -> String {
    match error {
        IntegerError::OutOfRange { min, max, used } => {
            crate::ui::text::number_clamped(&grouped(*min), &grouped(*max), &grouped(*used), lang)
        }
        IntegerError::NotANumber { shown } => {
            trf!(
                lang,
                "“{shown}” is not a whole number.",
                "“{shown}”不是整数。"
            )
        }
    }
}
