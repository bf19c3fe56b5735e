//! Expressions: C precedence by precedence climbing (C++ [expr], lowest first: comma,
//! assignment, `?:`, `||`, `&&`, `|`, `^`, `&`, equality, relational, shift, additive,
//! multiplicative, unary, postfix).

use super::ast::{BinOp, Expr, ExprKind, UnOp};
use super::error::{Expected, ParseError, Unsupported};
use super::lexer::Tok;
use super::parser::{is_type_word, Parser};
use super::types::ValueType;

fn binary_op(t: &Tok) -> Option<(BinOp, u8)> {
    let Tok::Punct(p) = t else { return None };
    Some(match *p {
        "||" => (BinOp::LogOr, 1),
        "&&" => (BinOp::LogAnd, 2),
        "|" => (BinOp::BitOr, 3),
        "^" => (BinOp::BitXor, 4),
        "&" => (BinOp::BitAnd, 5),
        "==" => (BinOp::Eq, 6),
        "!=" => (BinOp::Ne, 6),
        "<" => (BinOp::Lt, 7),
        "<=" => (BinOp::Le, 7),
        ">" => (BinOp::Gt, 7),
        ">=" => (BinOp::Ge, 7),
        "<<" => (BinOp::Shl, 8),
        ">>" => (BinOp::Shr, 8),
        "+" => (BinOp::Add, 9),
        "-" => (BinOp::Sub, 9),
        "*" => (BinOp::Mul, 10),
        "/" => (BinOp::Div, 10),
        "%" => (BinOp::Rem, 10),
        _ => return None,
    })
}

fn assign_op(t: &Tok) -> Option<Option<BinOp>> {
    let Tok::Punct(p) = t else { return None };
    Some(match *p {
        "=" => None,
        "+=" => Some(BinOp::Add),
        "-=" => Some(BinOp::Sub),
        "*=" => Some(BinOp::Mul),
        "/=" => Some(BinOp::Div),
        "%=" => Some(BinOp::Rem),
        "&=" => Some(BinOp::BitAnd),
        "|=" => Some(BinOp::BitOr),
        "^=" => Some(BinOp::BitXor),
        "<<=" => Some(BinOp::Shl),
        ">>=" => Some(BinOp::Shr),
        _ => return None,
    })
}

impl Parser {
    /// A full expression, comma operator included.
    pub(crate) fn expr(&mut self) -> Result<Expr, ParseError> {
        let chain = self.chain;
        let r = self.comma_list();
        self.chain = chain;
        r
    }

    fn comma_list(&mut self) -> Result<Expr, ParseError> {
        let mut left = self.assign()?;
        while self.is_punct(",") {
            self.chain_one()?;
            let pos = self.bump().pos;
            let right = self.assign()?;
            left = Expr {
                kind: ExprKind::Binary {
                    op: BinOp::Comma,
                    left: Box::new(left),
                    right: Box::new(right),
                },
                pos,
            };
        }
        Ok(left)
    }

    /// An assignment-expression (no top-level comma).
    pub(crate) fn assign(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let r = self.assign_inner();
        self.leave();
        r
    }

    fn assign_inner(&mut self) -> Result<Expr, ParseError> {
        let target = self.conditional()?;
        if let Some(op) = assign_op(&self.peek().tok) {
            let pos = self.bump().pos;
            let value = self.assign()?;
            return Ok(Expr {
                kind: ExprKind::Assign {
                    op,
                    target: Box::new(target),
                    value: Box::new(value),
                },
                pos,
            });
        }
        Ok(target)
    }

    fn conditional(&mut self) -> Result<Expr, ParseError> {
        let cond = self.binary(1)?;
        if self.is_punct("?") {
            let pos = self.bump().pos;
            let then = self.expr()?;
            self.expect_punct(":")?;
            let other = self.assign()?;
            return Ok(Expr {
                kind: ExprKind::Cond {
                    cond: Box::new(cond),
                    then: Box::new(then),
                    other: Box::new(other),
                },
                pos,
            });
        }
        Ok(cond)
    }

    fn binary(&mut self, min_prec: u8) -> Result<Expr, ParseError> {
        let chain = self.chain;
        let r = self.binary_chain(min_prec);
        self.chain = chain;
        r
    }

    fn binary_chain(&mut self, min_prec: u8) -> Result<Expr, ParseError> {
        let mut left = self.unary()?;
        while let Some((op, prec)) = binary_op(&self.peek().tok) {
            if prec < min_prec {
                break;
            }
            self.chain_one()?;
            let pos = self.bump().pos;
            let right = self.binary(prec + 1)?;
            left = Expr {
                kind: ExprKind::Binary {
                    op,
                    left: Box::new(left),
                    right: Box::new(right),
                },
                pos,
            };
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let r = self.unary_inner();
        self.leave();
        r
    }

    fn unary_inner(&mut self) -> Result<Expr, ParseError> {
        let pos = self.pos();
        let op = match &self.peek().tok {
            Tok::Punct("-") => Some(UnOp::Neg),
            Tok::Punct("+") => Some(UnOp::Plus),
            Tok::Punct("!") => Some(UnOp::Not),
            Tok::Punct("~") => Some(UnOp::BitNot),
            Tok::Punct("++") => Some(UnOp::PreInc),
            Tok::Punct("--") => Some(UnOp::PreDec),
            Tok::Punct("*") => return Err(ParseError::unsupported(pos, Unsupported::Dereference)),
            Tok::Punct("&") => return Err(ParseError::unsupported(pos, Unsupported::AddressOf)),
            Tok::Ident(w) if w == "sizeof" || w == "alignof" => {
                return Err(ParseError::unsupported(pos, Unsupported::Sizeof))
            }
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            let operand = self.unary()?;
            return Ok(Expr {
                kind: ExprKind::Unary {
                    op,
                    operand: Box::new(operand),
                },
                pos,
            });
        }
        // A C cast: `(type) operand`.
        if self.is_punct("(") && self.looks_like_cast() {
            self.bump();
            let (ty, _, _) = self.parse_type()?;
            if self.is_punct("*") {
                return Err(ParseError::unsupported(self.pos(), Unsupported::VectorCast));
            }
            self.expect_punct(")")?;
            let operand = self.unary()?;
            return cast(ty, operand, pos);
        }
        self.postfix()
    }

    /// `(` followed by type words and then `)` or `*`: a C cast, not a parenthesised expression.
    fn looks_like_cast(&self) -> bool {
        let mut k = 1;
        while let Some(w) = self.ident_at(k) {
            if !(is_type_word(w) || matches!(w, "const" | "volatile")) {
                return false;
            }
            k += 1;
        }
        k > 1 && (self.is_punct_at(k, ")") || self.is_punct_at(k, "*"))
    }

    fn postfix(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.primary()?;
        loop {
            let pos = self.pos();
            if self.eat_punct("[") {
                let index = self.expr()?;
                self.expect_punct("]")?;
                e = Expr {
                    kind: ExprKind::Index {
                        base: Box::new(e),
                        index: Box::new(index),
                    },
                    pos,
                };
            } else if self.eat_punct(".") {
                let (member, _) = self.expect_ident()?;
                e = Expr {
                    kind: ExprKind::Member {
                        base: Box::new(e),
                        member,
                    },
                    pos,
                };
            } else if self.is_punct("->") {
                return Err(ParseError::unsupported(pos, Unsupported::Dereference));
            } else if self.is_punct("++") || self.is_punct("--") {
                let op = if self.is_punct("++") {
                    UnOp::PostInc
                } else {
                    UnOp::PostDec
                };
                self.bump();
                e = Expr {
                    kind: ExprKind::Unary {
                        op,
                        operand: Box::new(e),
                    },
                    pos,
                };
            } else if self.is_punct("(") {
                let ExprKind::Ident(name) = &e.kind else {
                    return Err(self.expected(Expected::Token(";")));
                };
                let name = name.clone();
                if name == "printf" {
                    return Err(ParseError::unsupported(e.pos, Unsupported::Printf));
                }
                self.bump();
                let mut args = Vec::new();
                if !self.is_punct(")") {
                    loop {
                        args.push(self.assign()?);
                        if !self.eat_punct(",") {
                            break;
                        }
                    }
                }
                self.expect_punct(")")?;
                e = Expr {
                    kind: ExprKind::Call { name, args },
                    pos: e.pos,
                };
            } else {
                return Ok(e);
            }
        }
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        let pos = self.pos();
        let tok = self.peek().tok.clone();
        match tok {
            Tok::Int {
                value, unsigned, ..
            } => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Int { value, unsigned },
                    pos,
                })
            }
            Tok::Float { value, single } => {
                self.bump();
                Ok(Expr {
                    kind: ExprKind::Float { value, single },
                    pos,
                })
            }
            Tok::Punct("(") => {
                self.bump();
                let e = self.expr()?;
                self.expect_punct(")")?;
                Ok(e)
            }
            Tok::Punct("[") => Err(ParseError::unsupported(
                pos,
                Unsupported::CppFeature {
                    name: "lambda".into(),
                },
            )),
            Tok::Quoted('"') => Err(ParseError::unsupported(pos, Unsupported::StringLiteral)),
            Tok::Quoted(_) => Err(ParseError::unsupported(pos, Unsupported::CharLiteral)),
            Tok::Ident(w) => match w.as_str() {
                "true" | "false" => {
                    self.bump();
                    Ok(Expr {
                        kind: ExprKind::Bool(w == "true"),
                        pos,
                    })
                }
                "static_cast" => {
                    self.bump();
                    self.expect_punct("<")?;
                    let (ty, _, _) = self.parse_type()?;
                    if self.is_punct("*") {
                        return Err(ParseError::unsupported(self.pos(), Unsupported::VectorCast));
                    }
                    self.expect_punct(">")?;
                    self.expect_punct("(")?;
                    let operand = self.expr()?;
                    self.expect_punct(")")?;
                    cast(ty, operand, pos)
                }
                "new" | "delete" | "throw" | "this" | "nullptr" | "reinterpret_cast"
                | "const_cast" | "dynamic_cast" | "typeid" | "decltype" | "operator" => Err(
                    ParseError::unsupported(pos, Unsupported::CppFeature { name: w.clone() }),
                ),
                "asm" | "__asm__" => Err(ParseError::unsupported(pos, Unsupported::Asm)),
                // Before its arguments (`&a[0]`), which would be refused first.
                w2 if w2.starts_with("atomic") && self.is_punct_at(1, "(") => Err(
                    ParseError::unsupported(pos, Unsupported::Atomic { name: w.clone() }),
                ),
                "template" => Err(ParseError::unsupported(pos, Unsupported::Template)),
                "if" | "for" | "while" | "do" | "return" | "break" | "continue" | "else"
                | "switch" | "goto" | "case" | "default" | "__shared__" | "__global__"
                | "__device__" => Err(self.expected(Expected::Expression)),
                w2 if is_type_word(w2) && self.is_punct_at(1, "(") => {
                    // Functional cast `float(x)`.
                    let (ty, _, _) = self.parse_type()?;
                    self.expect_punct("(")?;
                    let operand = self.expr()?;
                    self.expect_punct(")")?;
                    cast(ty, operand, pos)
                }
                w2 if is_type_word(w2) => {
                    self.parse_type()?;
                    Err(self.expected(Expected::Expression))
                }
                _ => {
                    self.bump();
                    Ok(Expr {
                        kind: ExprKind::Ident(w),
                        pos,
                    })
                }
            },
            _ => Err(self.expected(Expected::Expression)),
        }
    }
}

fn cast(ty: ValueType, operand: Expr, pos: super::error::Pos) -> Result<Expr, ParseError> {
    match ty {
        ValueType::Scalar(to) => Ok(Expr {
            kind: ExprKind::Cast {
                to,
                operand: Box::new(operand),
            },
            pos,
        }),
        _ => Err(ParseError::unsupported(pos, Unsupported::VectorCast)),
    }
}
