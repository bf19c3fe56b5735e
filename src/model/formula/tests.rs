//! Formula parsing and evaluation: values, errors and their positions.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

#[test]
fn cuda_spelling_of_the_thread_index_is_the_lane() {
    let f = IndexFormula::parse("threadIdx.x * 2").expect("parses");
    let vars: [(&str, i64); 0] = [];
    assert_eq!(f.index(5, &vars), Ok(10));
}

use super::*;
use crate::model::access::{BANK_PRESETS, COALESCING_PRESETS};

fn at(text: &str, lane: u32) -> Result<i64, FormulaError> {
    let f = IndexFormula::parse(text)?;
    f.check_variables(&[("n", 33), ("stride", 2)])?;
    f.index(lane, &[("n", 33), ("stride", 2)])
}

#[test]
fn the_briefs_examples() {
    assert_eq!(at("lane * 33", 3), Ok(99));
    assert_eq!(at("(lane % 4) * 16", 7), Ok(48));
    // ^ is XOR as in CUDA C: 13 ^ 1 = 12.
    assert_eq!(at("lane ^ (lane / 8)", 13), Ok(12));
    assert_eq!(at("lane * n + 3", 2), Ok(69));
    assert_eq!(at("tid * stride", 5), Ok(10));
}

#[test]
fn c_integer_semantics() {
    assert_eq!(at("10 - 3 - 2", 0), Ok(5));
    assert_eq!(at("64 / 4 / 2", 0), Ok(8));
    assert_eq!(at("-7 / 2", 0), Ok(-3));
    assert_eq!(at("-7 % 3", 0), Ok(-1));
    assert_eq!(at("lane * 33 % 32", 1), Ok(1));
    assert_eq!(at("shl(lane, 2) + shr(64, 3)", 3), Ok(20));
    assert_eq!(at("bitxor(lane, 5)", 1), Ok(4));
    assert_eq!(at("min(lane, 4) + max(1, 2) + abs(-3)", 9), Ok(9));
    assert_eq!(at("0x10 + lane", 1), Ok(17));
}

#[test]
fn errors_are_values_not_panics() {
    assert_eq!(at("", 0), Err(FormulaError::Empty));
    assert_eq!(at("(lane", 0), Err(FormulaError::UnbalancedParentheses));
    assert_eq!(at("lane)", 0), Err(FormulaError::UnbalancedParentheses));
    assert_eq!(
        at("lane * k", 0),
        Err(FormulaError::UnknownVariable { name: "k".into() })
    );
    assert_eq!(
        at("lane / (lane - 3)", 3),
        Err(FormulaError::DivisionByZero { lane: 3 })
    );
    assert_eq!(
        at("lane % 0", 0),
        Err(FormulaError::DivisionByZero { lane: 0 })
    );
    assert_eq!(
        at("9223372036854775807 + lane", 1),
        Err(FormulaError::Overflow { lane: 1 })
    );
    assert_eq!(
        at("shl(1, 64)", 0),
        Err(FormulaError::ShiftOutOfRange {
            lane: 0,
            amount: 64
        })
    );
    assert_eq!(
        at("shr(lane, lane - 5)", 2),
        Err(FormulaError::ShiftOutOfRange {
            lane: 2,
            amount: -3
        })
    );
    assert_eq!(
        at("shl(1, 62) * 4", 0),
        Err(FormulaError::Overflow { lane: 0 })
    );
    // Typing slips get the parser's reason in the formula language's own words.
    for (text, e) in [
        ("1 2", FormulaError::MissingOperator),
        ("lane 3", FormulaError::MissingOperator),
        ("lane +", FormulaError::MissingOperand),
        ("lane ** 2", FormulaError::MissingOperand),
        ("* 3", FormulaError::MissingOperand),
        ("99999999999999999999999", FormulaError::IntegerTooLarge),
        ("lane + 9223372036854775808", FormulaError::IntegerTooLarge),
        (
            "lane $ 2",
            FormulaError::Unsupported {
                operator: "$".into(),
            },
        ),
        (
            "lane × 2",
            FormulaError::Unsupported {
                operator: "×".into(),
            },
        ),
    ] {
        assert_eq!(at(text, 0), Err(e), "{text}");
    }
    // The largest 64-bit integer is a number, not too large.
    assert_eq!(at("9223372036854775807 - lane", 7), Ok(9223372036854775800));
    assert_eq!(at("lane * 1.5", 0), Err(FormulaError::NotAnInteger));
    assert_eq!(
        at("lane * 32 + lane ^ 3", 0),
        Err(FormulaError::AmbiguousXor)
    );
    assert_eq!(at("-lane ^ 3", 0), Err(FormulaError::AmbiguousXor));
    assert!(matches!(
        at("lane < 3", 0),
        Err(FormulaError::Unsupported { .. })
    ));
    assert!(matches!(
        at("lane << 2", 0),
        Err(FormulaError::Unsupported { .. })
    ));
    assert!(matches!(
        at("lane & 7", 0),
        Err(FormulaError::Unsupported { .. })
    ));
    assert!(matches!(
        at("x = 3", 0),
        Err(FormulaError::Unsupported { .. })
    ));
    assert!(matches!(
        at("lane, 2", 0),
        Err(FormulaError::Unsupported { .. })
    ));
    assert!(at("<script>alert(1)</script>", 0).is_err());
    assert!(matches!(
        at("foo(lane)", 0),
        Err(FormulaError::UnknownFunction { .. })
    ));
    assert!(matches!(
        at("min(lane)", 0),
        Err(FormulaError::WrongArgumentCount { .. })
    ));
    assert!(matches!(at("\"a\"", 0), Err(FormulaError::NotAnInteger)));
    assert_eq!(
        IndexFormula::parse(&"1+".repeat(100)),
        Err(FormulaError::TooLong {
            max_chars: MAX_FORMULA_CHARS
        })
    );
}

#[test]
fn every_preset_formula_reproduces_its_pattern() {
    for p in COALESCING_PRESETS.iter().chain(BANK_PRESETS) {
        let Some((text, vars)) = pattern_formula(&p.access.pattern) else {
            assert!(matches!(p.access.pattern, Pattern::Permutation { .. }));
            continue;
        };
        let f = IndexFormula::parse(text).expect("preset formula parses");
        let got = f.indices(u32::MAX, &vars).expect("evaluates");
        for lane in 0..32 {
            assert_eq!(
                got[lane as usize].map(i128::from),
                Some(p.access.pattern.element_index(lane)),
                "{} lane {lane}",
                p.id
            );
        }
    }
}

#[test]
fn inactive_lanes_are_not_evaluated() {
    let f = IndexFormula::parse("64 / (lane - 31)").expect("parses");
    let got = f.indices(crate::model::access::first_lanes_mask(20), &[]);
    assert_eq!(got.map(|a| a[19]), Ok(Some(-5)));
    assert_eq!(
        f.indices(u32::MAX, &[]),
        Err(FormulaError::DivisionByZero { lane: 31 })
    );
}
