//! Statements and declarations: blocks, `if`/`else`, `for`, `while`, `do`, jumps, `__shared__`
//! and local declarations, `__syncthreads();`, expression statements.

use super::ast::{Declarator, Stmt};
use super::error::{Expected, ParseError, ParseErrorKind, Unsupported};
use super::lexer::Tok;
use super::parser::{Parser, CPP, USER_TYPES};

impl Parser {
    /// One statement.
    pub(crate) fn statement(&mut self) -> Result<Stmt, ParseError> {
        self.enter()?;
        let r = self.statement_inner();
        self.leave();
        r
    }

    fn statement_inner(&mut self) -> Result<Stmt, ParseError> {
        let pos = self.pos();
        if self.eat_punct("{") {
            let mut body = Vec::new();
            while !self.is_punct("}") {
                if matches!(self.peek().tok, Tok::Eof) {
                    return Err(self.expected(Expected::Token("}")));
                }
                body.push(self.statement()?);
            }
            self.bump();
            return Ok(Stmt::Block(body));
        }
        if self.eat_punct(";") {
            return Ok(Stmt::Empty);
        }
        let Some(word) = self.ident_at(0).map(str::to_string) else {
            return self.expr_statement();
        };
        if self.is_punct_at(1, ":") && !self.is_punct_at(1, "::") {
            let what = if word == "case" || word == "default" {
                Unsupported::Switch
            } else {
                Unsupported::Goto
            };
            return Err(ParseError::unsupported(pos, what));
        }
        match word.as_str() {
            "if" => {
                self.bump();
                self.expect_punct("(")?;
                let cond = self.expr()?;
                self.expect_punct(")")?;
                let then = Box::new(self.statement()?);
                let other = if self.is_ident("else") {
                    self.bump();
                    Some(Box::new(self.statement()?))
                } else {
                    None
                };
                Ok(Stmt::If {
                    cond,
                    then,
                    other,
                    pos,
                })
            }
            "for" => {
                self.bump();
                self.expect_punct("(")?;
                let init = if self.eat_punct(";") {
                    None
                } else if self.at_type() || self.at_unknown_type() {
                    Some(Box::new(self.declaration()?))
                } else {
                    let e = self.expr()?;
                    self.expect_punct(";")?;
                    Some(Box::new(Stmt::Expr(e)))
                };
                let cond = if self.is_punct(";") {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect_punct(";")?;
                let step = if self.is_punct(")") {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect_punct(")")?;
                let body = Box::new(self.statement()?);
                Ok(Stmt::For {
                    init,
                    cond,
                    step,
                    body,
                    pos,
                })
            }
            "while" => {
                self.bump();
                self.expect_punct("(")?;
                let cond = self.expr()?;
                self.expect_punct(")")?;
                let body = Box::new(self.statement()?);
                Ok(Stmt::While { cond, body, pos })
            }
            "do" => {
                self.bump();
                let body = Box::new(self.statement()?);
                if !self.is_ident("while") {
                    return Err(self.expected(Expected::Token("while")));
                }
                self.bump();
                self.expect_punct("(")?;
                let cond = self.expr()?;
                self.expect_punct(")")?;
                self.expect_punct(";")?;
                Ok(Stmt::DoWhile { body, cond, pos })
            }
            "break" | "continue" => {
                self.bump();
                self.expect_punct(";")?;
                Ok(if word == "break" {
                    Stmt::Break(pos)
                } else {
                    Stmt::Continue(pos)
                })
            }
            "return" => {
                self.bump();
                if !self.is_punct(";") {
                    return Err(ParseError::new(self.pos(), ParseErrorKind::ReturnWithValue));
                }
                self.bump();
                Ok(Stmt::Return(pos))
            }
            "else" => Err(self.expected(Expected::Statement)),
            "switch" | "case" | "default" => Err(ParseError::unsupported(pos, Unsupported::Switch)),
            "goto" => Err(ParseError::unsupported(pos, Unsupported::Goto)),
            "asm" | "__asm__" | "__asm" => Err(ParseError::unsupported(pos, Unsupported::Asm)),
            "template" => Err(ParseError::unsupported(pos, Unsupported::Template)),
            "__shared__" => {
                self.bump();
                if self.is_ident("volatile") {
                    return Err(ParseError::unsupported(self.pos(), Unsupported::Volatile));
                }
                Ok(Stmt::Shared(self.shared_decl(pos)?))
            }
            "extern" => Err(ParseError::unsupported(pos, self.extern_unsupported())),
            "__device__" | "__global__" | "__host__" => {
                Err(ParseError::unsupported(pos, Unsupported::DeviceFunction))
            }
            w if USER_TYPES.contains(&w) => Err(ParseError::unsupported(
                pos,
                Unsupported::UserType {
                    keyword: word.clone(),
                },
            )),
            w if CPP.contains(&w) || w == "try" => Err(ParseError::unsupported(
                pos,
                Unsupported::CppFeature { name: word.clone() },
            )),
            _ if self.at_type() || self.at_unknown_type() => self.declaration(),
            _ => self.expr_statement(),
        }
    }

    /// `name name` at the start of a statement: a declaration of a type the lab does not know.
    fn at_unknown_type(&self) -> bool {
        matches!(
            (&self.peek().tok, &self.peek_at(1).tok),
            (Tok::Ident(_), Tok::Ident(_))
        )
    }

    fn expr_statement(&mut self) -> Result<Stmt, ParseError> {
        let e = self.expr()?;
        self.expect_punct(";")?;
        if let super::ast::ExprKind::Call { name, args } = &e.kind {
            if name == "__syncthreads" && args.is_empty() {
                return Ok(Stmt::Sync(e.pos));
            }
        }
        Ok(Stmt::Expr(e))
    }

    /// `T a = e, b;` (the `;` included).
    fn declaration(&mut self) -> Result<Stmt, ParseError> {
        if !self.at_type() {
            // `flaot x`: a word that is no type the lab or CUDA knows, as nvcc says it
            // ("identifier is undefined"); the types the lab refuses are type words.
            let (name, pos) = self.expect_ident()?;
            return Err(ParseError::new(
                pos,
                ParseErrorKind::UnknownIdentifier { name },
            ));
        }
        let (ty, is_const, _) = self.parse_type()?;
        let mut vars = Vec::new();
        loop {
            if self.is_punct("*") {
                return Err(ParseError::unsupported(
                    self.pos(),
                    Unsupported::PointerVariable,
                ));
            }
            if self.is_punct("&") {
                return Err(ParseError::unsupported(self.pos(), Unsupported::Reference));
            }
            let (name, pos) = self.expect_ident()?;
            if self.is_punct("[") {
                return Err(ParseError::unsupported(self.pos(), Unsupported::LocalArray));
            }
            if self.is_punct("(") || self.is_punct("{") {
                return Err(ParseError::unsupported(
                    self.pos(),
                    Unsupported::CppFeature {
                        name: "constructor-style initialisation".into(),
                    },
                ));
            }
            let init = if self.eat_punct("=") {
                Some(self.assign()?)
            } else {
                None
            };
            vars.push(Declarator { name, pos, init });
            if !self.eat_punct(",") {
                break;
            }
        }
        self.expect_punct(";")?;
        Ok(Stmt::Decl { ty, is_const, vars })
    }
}
