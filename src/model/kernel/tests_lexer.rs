//! The lexer: literals and their types, comments, positions, `#define`, refusals.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::error::{ParseErrorKind, Pos, Unsupported};
use super::lexer::*;

fn toks(s: &str) -> Vec<Tok> {
    tokenize(s)
        .expect("lexes")
        .into_iter()
        .map(|t| t.tok)
        .collect()
}

#[test]
fn literals_and_their_types() {
    assert_eq!(
        toks("2 2u 0x1f 010 2.0f 2.0 1e-3f .5f 0xFFFFFFFF"),
        vec![
            Tok::Int {
                value: 2,
                unsigned: false,
                decimal: true
            },
            Tok::Int {
                value: 2,
                unsigned: true,
                decimal: true
            },
            Tok::Int {
                value: 31,
                unsigned: false,
                decimal: false
            },
            Tok::Int {
                value: 8,
                unsigned: false,
                decimal: false
            },
            Tok::Float {
                value: 2.0,
                single: true
            },
            Tok::Float {
                value: 2.0,
                single: false
            },
            Tok::Float {
                value: f64::from(1e-3f32),
                single: true
            },
            Tok::Float {
                value: 0.5,
                single: true
            },
            Tok::Int {
                value: 0xFFFF_FFFF,
                unsigned: true,
                decimal: false
            },
            Tok::Eof,
        ]
    );
}

#[test]
fn comments_and_punctuators() {
    assert_eq!(
        toks("a/*x\ny*/<<=b // c\n>>"),
        vec![
            Tok::Ident("a".into()),
            Tok::Punct("<<="),
            Tok::Ident("b".into()),
            Tok::Punct(">>"),
            Tok::Eof
        ]
    );
}

#[test]
fn positions_are_one_based_lines_and_columns() {
    let t = tokenize("int\n  x;").expect("lexes");
    assert_eq!(t[1].pos, Pos { line: 2, column: 3 });
}

#[test]
fn defines_expand_at_the_use_site() {
    let t = tokenize("#define TILE 32\n#define PAD (TILE + 1)\nPAD").expect("lexes");
    let texts: Vec<String> = t.iter().map(Token::text).collect();
    assert_eq!(texts, ["(", "32", "+", "1", ")", "end of input"]);
    assert!(t.iter().take(5).all(|x| x.pos.line == 3));
    // A self-referencing macro stops expanding (C rescan rule).
    assert_eq!(
        toks("#define A A\nA"),
        vec![Tok::Ident("A".into()), Tok::Eof]
    );
    assert_eq!(
        toks("#define A 1\n#undef A\nA"),
        vec![Tok::Ident("A".into()), Tok::Eof]
    );
}

#[test]
fn refusals_name_the_construct_and_place() {
    let e = tokenize("x\n#define F(a) a").expect_err("refused");
    assert_eq!(e.pos.line, 2);
    assert_eq!(
        e.kind,
        ParseErrorKind::Unsupported(Unsupported::FunctionLikeMacro { name: "F".into() })
    );
    let e = tokenize("#ifdef X").expect_err("refused");
    assert_eq!(
        e.kind,
        ParseErrorKind::Unsupported(Unsupported::Directive {
            name: "ifdef".into()
        })
    );
    assert!(matches!(
        tokenize("1ll").expect_err("refused").kind,
        ParseErrorKind::Unsupported(Unsupported::LongLiteral)
    ));
    assert!(matches!(
        tokenize("3000000000").expect_err("refused").kind,
        ParseErrorKind::Unsupported(Unsupported::LongLiteral)
    ));
    assert_eq!(
        toks("\"s\\\"\" 'c'"),
        vec![Tok::Quoted('"'), Tok::Quoted('\''), Tok::Eof]
    );
    assert!(matches!(
        tokenize("/* x").expect_err("refused").kind,
        ParseErrorKind::UnterminatedComment
    ));
    assert!(matches!(
        tokenize("a @ b").expect_err("refused").kind,
        ParseErrorKind::UnexpectedCharacter { found: '@' }
    ));
    assert!(matches!(
        tokenize("1e").expect_err("refused").kind,
        ParseErrorKind::BadNumber { .. }
    ));
    assert!(matches!(
        tokenize("09").expect_err("refused").kind,
        ParseErrorKind::BadNumber { .. }
    ));
    // #include and #pragma unroll are accepted and ignored.
    assert_eq!(
        toks("#include <cstdio>\n#pragma unroll 4\nx"),
        vec![Tok::Ident("x".into()), Tok::Eof]
    );
}
