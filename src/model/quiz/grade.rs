//! Grading one field: reading what the student typed ([`read`]), then comparing it with the
//! answer and the known mistakes ([`grade`]).
//!
//! An answer that cannot be one of the field's values is not an attempt: [`Verdict::Unreadable`]
//! says why ([`Unreadable`]: empty, not a number, negative, not whole, too large, not hex, wider
//! than 32 bits, no option picked), the page says so in words and records nothing. Every
//! quantity the quiz asks for is ≥ 0, so a negative number is never a wrong attempt but a typo
//! to fix. Sources: PrairieLearn and Numbas, which reject a malformed submission before grading
//! it ("invalid", not "incorrect").

use super::{Answer, Mistake, Part};
use crate::model::typed::fold_full_width;

/// Why a response is not read as an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unreadable {
    /// Nothing typed.
    Empty,
    /// Not a number as people type them (a decimal comma, letters, two points).
    NotANumber,
    /// A negative number: no answer of the quiz is below zero.
    Negative,
    /// A count, lane or register with a fractional part.
    NotWhole,
    /// Too large to be the answer: beyond 2⁵³ for a count (no longer exact), infinite for a real.
    TooLarge,
    /// A mask with a character that is not a hex digit.
    NotHex,
    /// A mask with more than 32 bits.
    MaskTooWide,
    /// A multiple-choice field with no option picked.
    NoChoice,
}

/// The verdict on one field.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// Right (within the tolerance for reals).
    Correct,
    /// Wrong; the known mistake that gives this value, if one does.
    Wrong(Option<Mistake>),
    /// Not an answer: the reason. Nothing is graded or recorded.
    Unreadable(Unreadable),
}

impl Verdict {
    /// True for [`Verdict::Correct`].
    pub fn is_correct(self) -> bool {
        self == Verdict::Correct
    }

    /// False for [`Verdict::Unreadable`]: the response was an answer (right or wrong).
    pub fn is_readable(self) -> bool {
        !matches!(self, Verdict::Unreadable(_))
    }
}

/// Largest count the quiz reads: 2⁵³, the last integer an `f64` holds exactly.
pub const MAX_COUNT: f64 = 9_007_199_254_740_992.0;

/// Reads a number as people type it: `1,234`, `1 234`, `1_234`, `1.5e3`, `12%`. A comma (or
/// `，`, a space, `_`) separates thousands only: every group after it has exactly 3 digits, in
/// the integer part; `52,2` (a decimal comma), `1,23` or `1 2` is `None` (unreadable, not a
/// wrong number), so a student who writes decimals with a comma is told to retype, not marked
/// wrong. Infinite results (`1e400`) are `None`.
pub fn parse_number(text: &str) -> Option<f64> {
    read_number(text).ok().filter(|v| v.is_finite())
}

/// [`parse_number`] without the finiteness filter, with the reason when it fails.
fn read_number(text: &str) -> Result<f64, Unreadable> {
    let text = fold_full_width(text);
    let trimmed = text.trim().trim_end_matches('%').trim_end();
    if trimmed.is_empty() {
        return Err(Unreadable::Empty);
    }
    // The integer part: up to the decimal point or the exponent.
    let int_end = trimmed.find(['.', 'e', 'E']).unwrap_or(trimmed.len());
    let (int_part, rest) = trimmed.split_at(int_end);
    const SEPARATORS: [char; 6] = [',', '，', ' ', '_', '\u{a0}', '\u{202f}'];
    let groups: Vec<&str> = int_part.split(SEPARATORS).collect();
    let digits = |g: &str| g.chars().filter(char::is_ascii_digit).count();
    if groups.len() > 1 && groups[1..].iter().any(|g| digits(g) != 3) {
        return Err(Unreadable::NotANumber);
    }
    if rest.contains(SEPARATORS) {
        return Err(Unreadable::NotANumber);
    }
    let cleaned: String = trimmed
        .chars()
        .filter(|c| !matches!(c, ',' | '_' | ' ' | '\u{a0}' | '\u{202f}' | '，'))
        .collect();
    // Rust also reads "inf" and "NaN": not numbers a student types for these fields.
    if cleaned.is_empty()
        || cleaned
            .chars()
            .any(|c| c.is_ascii_alphabetic() && c != 'e' && c != 'E')
    {
        return Err(Unreadable::NotANumber);
    }
    cleaned.parse::<f64>().map_err(|_| Unreadable::NotANumber)
}

/// Reads a mask: hex with or without `0x` (`0x0000FFFF`, `ffff`, `0xffff_0000`).
pub fn parse_mask(text: &str) -> Option<u32> {
    read_mask(text).ok()
}

fn read_mask(text: &str) -> Result<u32, Unreadable> {
    let t: String = fold_full_width(text)
        .trim()
        .chars()
        .filter(|c| !matches!(c, '_' | ' ' | '\''))
        .collect();
    if t.is_empty() {
        return Err(Unreadable::Empty);
    }
    if t.starts_with('-') {
        return Err(Unreadable::Negative);
    }
    let hex = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(&t);
    if hex.is_empty() || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(Unreadable::NotHex);
    }
    if hex.trim_start_matches('0').len() > 8 {
        return Err(Unreadable::MaskTooWide);
    }
    u32::from_str_radix(hex, 16).map_err(|_| Unreadable::MaskTooWide)
}

/// Reads `response` as a value of `answer`'s kind: a mask, a count (whole, ≥ 0, at most
/// [`MAX_COUNT`]), a real (finite, ≥ 0) or a picked option (its index, as the page sends it).
pub fn read(answer: &Answer, response: &str) -> Result<f64, Unreadable> {
    match answer {
        Answer::Mask(_) => read_mask(response).map(f64::from),
        Answer::Choice { options, .. } => {
            let t = response.trim();
            if t.is_empty() {
                return Err(Unreadable::NoChoice);
            }
            t.parse::<usize>()
                .ok()
                .filter(|&i| i < options.len())
                .map(|i| i as f64)
                .ok_or(Unreadable::NoChoice)
        }
        Answer::Count(_) | Answer::Real { .. } => {
            let v = read_number(response)?;
            if v.is_nan() {
                return Err(Unreadable::NotANumber);
            }
            if v < 0.0 {
                return Err(Unreadable::Negative);
            }
            if !v.is_finite() {
                return Err(Unreadable::TooLarge);
            }
            if matches!(answer, Answer::Count(_)) {
                if v > MAX_COUNT {
                    return Err(Unreadable::TooLarge);
                }
                if v.fract() != 0.0 {
                    return Err(Unreadable::NotWhole);
                }
            }
            Ok(v)
        }
    }
}

impl Answer {
    /// The answer as text: counts in decimal, masks as `0x%08x`, reals to 4 significant digits,
    /// choices by the index of the first right option.
    pub fn text(&self) -> String {
        match self {
            Answer::Count(n) => n.to_string(),
            Answer::Mask(m) => format!("0x{m:08x}"),
            Answer::Real { value, .. } => sig4(*value),
            Answer::Choice { correct, .. } => {
                correct.first().map_or(String::new(), usize::to_string)
            }
        }
    }

    /// Whether `value` (already read) is right.
    pub(super) fn accepts(&self, value: f64) -> bool {
        match self {
            Answer::Count(n) => value == *n as f64,
            Answer::Mask(m) => value == f64::from(*m),
            Answer::Real {
                value: v,
                rel_tol,
                whole,
            } => {
                (value - v).abs() <= rel_tol * v.abs().max(f64::MIN_POSITIVE)
                    || (*whole && (v.floor()..=v.ceil()).contains(&value))
            }
            Answer::Choice { correct, .. } => correct.iter().any(|&i| value == i as f64),
        }
    }

    /// Whether `value` is what the mistake value `wrong` stands for: within the tolerance for
    /// reals, exactly otherwise.
    pub(super) fn matches_wrong(&self, value: f64, wrong: f64) -> bool {
        match self {
            Answer::Real { rel_tol, .. } => {
                (value - wrong).abs() <= rel_tol * wrong.abs().max(f64::MIN_POSITIVE)
            }
            _ => value == wrong,
        }
    }
}

/// Grades every field of a question: `responses[i]` against `parts[i]`, a missing response
/// as nothing typed. One verdict per part.
pub fn grade_all(parts: &[Part], responses: &[String]) -> Vec<Verdict> {
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| grade(p, responses.get(i).map_or("", String::as_str)))
        .collect()
}

/// Grades `response` (what the student typed, or the chosen option's index) against `part`.
pub fn grade(part: &Part, response: &str) -> Verdict {
    let value = match read(&part.answer, response) {
        Ok(v) => v,
        Err(why) => return Verdict::Unreadable(why),
    };
    if part.answer.accepts(value) {
        return Verdict::Correct;
    }
    let mistake = part
        .mistakes
        .iter()
        .find_map(|&(m, wrong)| part.answer.matches_wrong(value, wrong).then_some(m));
    Verdict::Wrong(mistake)
}

/// `value` to 4 significant digits, without a trailing `.0` on integers.
pub fn sig4(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let digits = value.abs().log10().floor() as i32;
    let decimals = (3 - digits).clamp(0, 12) as usize;
    format!("{value:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count() -> Answer {
        Answer::Count(16)
    }

    #[test]
    fn a_warp_count_by_the_rule_of_thumb_takes_the_whole_numbers_either_side_and_between() {
        let warps = Answer::Real {
            value: 832.0 / 38.0, // 21.89
            rel_tol: 0.01,
            whole: true,
        };
        for right in [21.0, 21.5, 21.89, 22.0] {
            assert!(warps.accepts(right), "{right}");
        }
        for wrong in [20.9, 22.2, 23.0] {
            assert!(!warps.accepts(wrong), "{wrong}");
        }
    }

    #[test]
    fn each_reason_is_its_own() {
        assert_eq!(read(&count(), ""), Err(Unreadable::Empty));
        assert_eq!(read(&count(), "  "), Err(Unreadable::Empty));
        assert_eq!(read(&count(), "16,2"), Err(Unreadable::NotANumber));
        assert_eq!(read(&count(), "abc"), Err(Unreadable::NotANumber));
        assert_eq!(read(&count(), "inf"), Err(Unreadable::NotANumber));
        assert_eq!(read(&count(), "-3"), Err(Unreadable::Negative));
        assert_eq!(read(&count(), "-2,048"), Err(Unreadable::Negative));
        assert_eq!(read(&count(), "2.5"), Err(Unreadable::NotWhole));
        assert_eq!(read(&count(), "1e400"), Err(Unreadable::TooLarge));
        assert_eq!(
            read(&count(), "99999999999999999999"),
            Err(Unreadable::TooLarge)
        );
        assert_eq!(read(&count(), "16"), Ok(16.0));
        assert_eq!(read(&count(), "-0"), Ok(0.0));
        let real = Answer::Real {
            value: 1.0,
            rel_tol: 0.01,
            whole: false,
        };
        assert_eq!(read(&real, "2.5"), Ok(2.5));
        assert_eq!(read(&real, "1e400"), Err(Unreadable::TooLarge));
        assert_eq!(read(&real, "-1"), Err(Unreadable::Negative));
        let mask = Answer::Mask(0xffff);
        assert_eq!(read(&mask, "0x0000FFFF"), Ok(65535.0));
        // Typed with a Chinese input method: full-width digits, letters and signs.
        assert_eq!(read(&count(), "１６"), Ok(16.0));
        assert_eq!(read(&count(), "１６，８９６"), Ok(16896.0));
        assert_eq!(read(&real, "２．５"), Ok(2.5));
        assert_eq!(read(&real, "１４．５８％"), Ok(14.58));
        assert_eq!(read(&mask, "０ｘＦＦＦＦ"), Ok(65535.0));
        assert_eq!(read(&mask, "0x1_0000_0000"), Err(Unreadable::MaskTooWide));
        assert_eq!(read(&mask, "0x0000_0000_ffff"), Ok(65535.0));
        assert_eq!(read(&mask, "0xfffg"), Err(Unreadable::NotHex));
        assert_eq!(read(&mask, "0x"), Err(Unreadable::NotHex));
        assert_eq!(read(&mask, "12.5"), Err(Unreadable::NotHex));
        assert_eq!(read(&mask, "-0x1"), Err(Unreadable::Negative));
        assert_eq!(read(&mask, ""), Err(Unreadable::Empty));
        let choice = Answer::Choice {
            options: vec![],
            correct: vec![],
        };
        assert_eq!(read(&choice, ""), Err(Unreadable::NoChoice));
        assert_eq!(read(&choice, "0"), Err(Unreadable::NoChoice));
    }

    #[test]
    fn nothing_unreadable_is_graded() {
        let part = Part {
            field: super::super::Field::Sectors,
            answer: count(),
            mistakes: vec![(Mistake::LinesNotSectors, 5.0)],
        };
        for r in ["", "-5", "5.5", "1e999", "x"] {
            assert!(!grade(&part, r).is_readable(), "{r}");
        }
        assert_eq!(
            grade(&part, "5"),
            Verdict::Wrong(Some(Mistake::LinesNotSectors))
        );
        assert_eq!(grade(&part, "16"), Verdict::Correct);
    }
}
