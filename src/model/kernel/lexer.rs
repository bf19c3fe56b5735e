//! Tokens of the CUDA C subset, and the preprocessor steps the lab keeps.
//!
//! A hand-written lexer (C++ [lex]): identifiers, integer literals (decimal, octal, hex, `u`
//! suffix), floating literals (`2.0`, `2.0f`, `1e-3f`, `.5f`), punctuators, `//` and `/* */`
//! comments, backslash-newline. Directives: object-like `#define NAME tokens…` (expanded at
//! each later use, recursively, as the C preprocessor does), `#undef`, `#include` (ignored: the
//! kernel needs no header) and `#pragma unroll …` (ignored: the lab runs loops as written, see
//! the module docs). Everything else is refused with its position.

use std::collections::HashMap;

use super::error::{Expected, LabLimit, ParseError, ParseErrorKind, Pos, Unsupported};

/// Longest source the lab parses, in characters.
pub const MAX_SOURCE_CHARS: usize = 100_000;

/// Most tokens after macro expansion.
pub const MAX_TOKENS: usize = 200_000;

/// Deepest nesting of macro expansions.
const MAX_MACRO_DEPTH: usize = 64;

/// One token.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    /// An integer literal; `unsigned` from the `u` suffix, `decimal` false for hex and octal
    /// (they may take `unsigned int` without a suffix, C++ [lex.icon]).
    Int {
        value: u64,
        unsigned: bool,
        decimal: bool,
    },
    /// A floating literal; `single` for the `f` suffix (then `value` is exactly a binary32).
    Float {
        value: f64,
        single: bool,
    },
    Punct(&'static str),
    /// A string or character literal (`'` or `"`), kept so that the parser can name the
    /// construct around it (`asm("…")`, `printf("…")`) before refusing it.
    Quoted(char),
    Eof,
}

/// A token and where it starts (for a macro's tokens: where the macro was used).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub pos: Pos,
}

impl Token {
    /// The token as the user would read it, for "found …" messages.
    pub fn text(&self) -> String {
        match &self.tok {
            Tok::Ident(s) => s.clone(),
            Tok::Int {
                value, unsigned, ..
            } => format!("{value}{}", if *unsigned { "u" } else { "" }),
            Tok::Float { value, single } => format!("{value}{}", if *single { "f" } else { "" }),
            Tok::Punct(p) => (*p).to_string(),
            Tok::Quoted(q) => format!("{q}…{q}"),
            Tok::Eof => super::error::END_OF_INPUT.to_string(),
        }
    }
}

const PUNCTS: [&str; 48] = [
    "<<=", ">>=", "...", "->", "++", "--", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "::", "(", ")", "[", "]", "{", "}", ";", ",", ".",
    "?", ":", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "=", "<", ">", "#",
];

enum Item {
    Token(Token),
    Define { name: String, body: Vec<Token> },
    Undef { name: String },
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: u32,
    column: u32,
    at_line_start: bool,
}

/// Lexes and preprocesses `source` into tokens ending with [`Tok::Eof`].
pub(crate) fn tokenize(source: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = source.chars().collect();
    if chars.len() > MAX_SOURCE_CHARS {
        return Err(ParseError::new(
            Pos { line: 1, column: 1 },
            ParseErrorKind::TooComplex {
                what: LabLimit::Characters,
                limit: MAX_SOURCE_CHARS as u32,
            },
        ));
    }
    let mut lx = Lexer {
        chars,
        i: 0,
        line: 1,
        column: 1,
        at_line_start: true,
    };
    let mut items = Vec::new();
    loop {
        lx.skip_space(false)?;
        let pos = lx.pos();
        match lx.peek(0) {
            None => break,
            Some('#') if lx.at_line_start => {
                if let Some(item) = lx.directive()? {
                    items.push(item);
                }
            }
            Some(_) => {
                lx.at_line_start = false;
                let tok = lx.token()?;
                items.push(Item::Token(Token { tok, pos }));
            }
        }
    }
    let eof = lx.pos();
    expand(items, eof)
}

impl Lexer {
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
            self.at_line_start = true;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// Skips spaces, comments and backslash-newlines. With `in_directive`, stops before a
    /// newline (the end of the directive).
    fn skip_space(&mut self, in_directive: bool) -> Result<(), ParseError> {
        loop {
            match (self.peek(0), self.peek(1)) {
                (Some('\\'), Some('\n')) => {
                    let keep = self.at_line_start;
                    self.bump();
                    self.bump();
                    self.at_line_start = keep;
                }
                (Some('\\'), Some('\r')) if self.peek(2) == Some('\n') => {
                    let keep = self.at_line_start;
                    self.bump();
                    self.bump();
                    self.bump();
                    self.at_line_start = keep;
                }
                (Some('\n'), _) if in_directive => return Ok(()),
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while let Some(c) = self.peek(0) {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    let start = self.pos();
                    let keep = self.at_line_start;
                    self.bump();
                    self.bump();
                    loop {
                        match (self.peek(0), self.peek(1)) {
                            (Some('*'), Some('/')) => {
                                self.bump();
                                self.bump();
                                break;
                            }
                            (Some(_), _) => {
                                self.bump();
                            }
                            (None, _) => {
                                return Err(ParseError::new(
                                    start,
                                    ParseErrorKind::UnterminatedComment,
                                ))
                            }
                        }
                    }
                    // A comment does not end the line it starts on.
                    self.at_line_start = keep && self.at_line_start;
                }
                _ => return Ok(()),
            }
        }
    }

    fn ident(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek(0) {
            if c.is_ascii_alphanumeric() || c == '_' {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    fn token(&mut self) -> Result<Tok, ParseError> {
        let pos = self.pos();
        let Some(c) = self.peek(0) else {
            return Ok(Tok::Eof);
        };
        if c.is_ascii_alphabetic() || c == '_' {
            return Ok(Tok::Ident(self.ident()));
        }
        if c.is_ascii_digit() || (c == '.' && self.peek(1).is_some_and(|d| d.is_ascii_digit())) {
            return self.number(pos);
        }
        if c == '"' || c == '\'' {
            self.bump();
            while let Some(d) = self.peek(0) {
                if d == '\n' {
                    break;
                }
                self.bump();
                if d == '\\' {
                    self.bump();
                } else if d == c {
                    break;
                }
            }
            return Ok(Tok::Quoted(c));
        }
        for p in PUNCTS {
            if p.chars()
                .enumerate()
                .all(|(k, pc)| self.peek(k) == Some(pc))
            {
                for _ in 0..p.chars().count() {
                    self.bump();
                }
                return Ok(Tok::Punct(p));
            }
        }
        Err(ParseError::new(
            pos,
            ParseErrorKind::UnexpectedCharacter { found: c },
        ))
    }

    fn number(&mut self, pos: Pos) -> Result<Tok, ParseError> {
        let mut text = String::new();
        let bad = |text: String| ParseError::new(pos, ParseErrorKind::BadNumber { text });
        let is_hex = self.peek(0) == Some('0') && matches!(self.peek(1), Some('x' | 'X'));
        if is_hex {
            self.bump();
            self.bump();
            while let Some(c) = self.peek(0).filter(|c| c.is_ascii_hexdigit()) {
                text.push(c);
                self.bump();
            }
            if matches!(self.peek(0), Some('.' | 'p' | 'P')) {
                return Err(ParseError::unsupported(pos, Unsupported::HexFloat));
            }
            let value = u64::from_str_radix(&text, 16).map_err(|_| bad(format!("0x{text}")))?;
            return self.int_suffix(pos, value, false, format!("0x{text}"));
        }
        while let Some(c) = self.peek(0).filter(|c| c.is_ascii_digit()) {
            text.push(c);
            self.bump();
        }
        let mut is_float = false;
        if self.peek(0) == Some('.') {
            is_float = true;
            text.push('.');
            self.bump();
            while let Some(c) = self.peek(0).filter(|c| c.is_ascii_digit()) {
                text.push(c);
                self.bump();
            }
        }
        if matches!(self.peek(0), Some('e' | 'E')) {
            is_float = true;
            text.push('e');
            self.bump();
            if let Some(sign) = self.peek(0).filter(|c| *c == '+' || *c == '-') {
                text.push(sign);
                self.bump();
            }
            let mut digits = 0;
            while let Some(c) = self.peek(0).filter(|c| c.is_ascii_digit()) {
                text.push(c);
                self.bump();
                digits += 1;
            }
            if digits == 0 {
                return Err(bad(text));
            }
        }
        if is_float {
            let single = matches!(self.peek(0), Some('f' | 'F'));
            if single {
                self.bump();
            } else if matches!(self.peek(0), Some('l' | 'L')) {
                return Err(ParseError::unsupported(
                    pos,
                    Unsupported::Type {
                        name: "long double".into(),
                    },
                ));
            }
            if self
                .peek(0)
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                return Err(bad(text));
            }
            let value = if single {
                text.parse::<f32>()
                    .map(f64::from)
                    .map_err(|_| bad(text.clone()))?
            } else {
                text.parse::<f64>().map_err(|_| bad(text.clone()))?
            };
            return Ok(Tok::Float { value, single });
        }
        // Octal when it starts with 0 (C++ [lex.icon]).
        let (value, decimal) = if text.len() > 1 && text.starts_with('0') {
            (
                u64::from_str_radix(&text[1..], 8).map_err(|_| bad(text.clone()))?,
                false,
            )
        } else {
            (
                text.parse::<u64>()
                    .map_err(|_| ParseError::unsupported(pos, Unsupported::LongLiteral))?,
                true,
            )
        };
        self.int_suffix(pos, value, decimal, text)
    }

    fn int_suffix(
        &mut self,
        pos: Pos,
        value: u64,
        decimal: bool,
        text: String,
    ) -> Result<Tok, ParseError> {
        let mut unsigned = false;
        loop {
            match self.peek(0) {
                Some('u' | 'U') if !unsigned => {
                    unsigned = true;
                    self.bump();
                }
                Some('l' | 'L') => {
                    return Err(ParseError::unsupported(pos, Unsupported::LongLiteral))
                }
                _ => break,
            }
        }
        if self
            .peek(0)
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        {
            return Err(ParseError::new(pos, ParseErrorKind::BadNumber { text }));
        }
        // int, else (hex/octal or `u`) unsigned int; anything wider is a 64-bit type.
        let fits = if unsigned || !decimal {
            value <= u64::from(u32::MAX)
        } else {
            value <= i32::MAX as u64
        };
        if !fits {
            return Err(ParseError::unsupported(pos, Unsupported::LongLiteral));
        }
        Ok(Tok::Int {
            value,
            unsigned: unsigned || value > i32::MAX as u64,
            decimal,
        })
    }

    /// Reads one directive line (the `#` is next). Returns `None` for an ignored directive.
    fn directive(&mut self) -> Result<Option<Item>, ParseError> {
        let hash = self.pos();
        self.bump();
        self.at_line_start = false;
        self.skip_space(true)?;
        let name = self.ident();
        let result = match name.as_str() {
            "define" => {
                self.skip_space(true)?;
                let pos = self.pos();
                let macro_name = self.ident();
                if macro_name.is_empty() {
                    let found = self.peek(0).map_or("end of line".to_string(), String::from);
                    return Err(ParseError::new(
                        pos,
                        ParseErrorKind::Expected {
                            expected: Expected::Identifier,
                            found,
                        },
                    ));
                }
                if self.peek(0) == Some('(') {
                    return Err(ParseError::unsupported(
                        pos,
                        Unsupported::FunctionLikeMacro { name: macro_name },
                    ));
                }
                let body = self.rest_of_line()?;
                Some(Item::Define {
                    name: macro_name,
                    body,
                })
            }
            "undef" => {
                self.skip_space(true)?;
                let macro_name = self.ident();
                self.rest_of_line()?;
                Some(Item::Undef { name: macro_name })
            }
            "include" => {
                self.skip_line();
                None
            }
            "pragma" => {
                self.skip_space(true)?;
                let what = self.ident();
                if what != "unroll" {
                    return Err(ParseError::unsupported(
                        hash,
                        Unsupported::Directive {
                            name: format!("pragma {what}"),
                        },
                    ));
                }
                self.rest_of_line()?;
                None
            }
            "" => None,
            other => {
                return Err(ParseError::unsupported(
                    hash,
                    Unsupported::Directive {
                        name: other.to_string(),
                    },
                ));
            }
        };
        Ok(result)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.peek(0) {
            if c == '\n' {
                break;
            }
            if c == '\\' && self.peek(1) == Some('\n') {
                self.bump();
            }
            self.bump();
        }
    }

    fn rest_of_line(&mut self) -> Result<Vec<Token>, ParseError> {
        let mut out = Vec::new();
        loop {
            self.skip_space(true)?;
            match self.peek(0) {
                None | Some('\n') => return Ok(out),
                Some(_) => {
                    let pos = self.pos();
                    let tok = self.token()?;
                    self.at_line_start = false;
                    out.push(Token { tok, pos });
                }
            }
        }
    }
}

/// Expands object-like macros (C [cpp.rescan]: a macro is not expanded inside its own
/// expansion) and appends [`Tok::Eof`].
fn expand(items: Vec<Item>, eof: Pos) -> Result<Vec<Token>, ParseError> {
    let mut macros: HashMap<String, Vec<Token>> = HashMap::new();
    let mut out = Vec::new();
    let mut active = Vec::new();
    for item in items {
        match item {
            Item::Define { name, body } => {
                macros.insert(name, body);
            }
            Item::Undef { name } => {
                macros.remove(&name);
            }
            Item::Token(t) => {
                let pos = t.pos;
                push_expanded(t, pos, &macros, &mut active, &mut out)?;
            }
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        pos: eof,
    });
    Ok(out)
}

fn push_expanded(
    t: Token,
    pos: Pos,
    macros: &HashMap<String, Vec<Token>>,
    active: &mut Vec<String>,
    out: &mut Vec<Token>,
) -> Result<(), ParseError> {
    if out.len() >= MAX_TOKENS {
        return Err(ParseError::new(
            pos,
            ParseErrorKind::TooComplex {
                what: LabLimit::Tokens,
                limit: MAX_TOKENS as u32,
            },
        ));
    }
    if let Tok::Ident(name) = &t.tok {
        if let Some(body) = macros.get(name) {
            if !active.contains(name) {
                if active.len() >= MAX_MACRO_DEPTH {
                    return Err(ParseError::new(
                        pos,
                        ParseErrorKind::MacroRecursion { name: name.clone() },
                    ));
                }
                active.push(name.clone());
                for b in body {
                    push_expanded(
                        Token {
                            tok: b.tok.clone(),
                            pos,
                        },
                        pos,
                        macros,
                        active,
                        out,
                    )?;
                }
                active.pop();
                return Ok(());
            }
        }
    }
    out.push(Token { tok: t.tok, pos });
    Ok(())
}
