//! Text a person types, as every reader of typed numbers in the site first sees it: the quiz's
//! answers ([`crate::model::quiz`]), the sliders' text boxes, the links' parameters and the
//! kernel lab's arguments.

/// `text` with the full-width forms a Chinese input method types (`１２８`, `０ｘＦＦ`, `％`,
/// U+FF01–U+FF5E) as their ASCII characters, the ideographic space as a space and `。` as a
/// decimal point. Every reader of typed numbers in the site starts with it (the Unicode blocks:
/// Halfwidth and Fullwidth Forms, CJK Symbols and Punctuation).
pub fn fold_full_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{3000}' => ' ',
            '\u{3002}' => '.',
            _ => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::fold_full_width;

    #[test]
    fn full_width_digits_signs_and_spaces_fold_to_ascii() {
        assert_eq!(fold_full_width("１２８"), "128");
        assert_eq!(fold_full_width("０ｘＦＦ"), "0xFF");
        assert_eq!(fold_full_width("－３。５％"), "-3.5%");
        assert_eq!(fold_full_width("1\u{3000}234"), "1 234");
        assert_eq!(fold_full_width("寄存器 64"), "寄存器 64");
    }
}
