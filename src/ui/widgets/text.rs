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
        IntegerError::Empty { min, max } => {
            let (min, max) = (grouped(*min), grouped(*max));
            trf!(
                lang,
                "Enter a whole number from {min} to {max}.",
                "请输入 {min} 到 {max} 之间的整数。"
            )
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
