//! The syntax tree [`super::parser`] builds and [`super::compile`] lowers. Types are resolved
//! while parsing (the subset has no user types), names while compiling.

use super::error::Pos;
use super::types::{ScalarType, ValueType};

/// Binary operators, C precedence handled by the parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    LogAnd,
    LogOr,
    Comma,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
            Shl => "<<",
            Shr => ">>",
            BitAnd => "&",
            BitOr => "|",
            BitXor => "^",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            LogAnd => "&&",
            LogOr => "||",
            Comma => ",",
        }
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

impl UnOp {
    pub fn symbol(self) -> &'static str {
        match self {
            UnOp::Neg => "-",
            UnOp::Plus => "+",
            UnOp::Not => "!",
            UnOp::BitNot => "~",
            UnOp::PreInc | UnOp::PostInc => "++",
            UnOp::PreDec | UnOp::PostDec => "--",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Expr {
    pub kind: ExprKind,
    pub pos: Pos,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ExprKind {
    Int {
        value: u64,
        unsigned: bool,
    },
    Float {
        value: f64,
        single: bool,
    },
    Bool(bool),
    Ident(String),
    Member {
        base: Box<Expr>,
        member: String,
    },
    Index {
        base: Box<Expr>,
        index: Box<Expr>,
    },
    Call {
        name: String,
        args: Vec<Expr>,
    },
    Unary {
        op: UnOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinOp,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    Assign {
        op: Option<BinOp>,
        target: Box<Expr>,
        value: Box<Expr>,
    },
    Cond {
        cond: Box<Expr>,
        then: Box<Expr>,
        other: Box<Expr>,
    },
    Cast {
        to: ScalarType,
        operand: Box<Expr>,
    },
}

/// One declared variable of a declaration statement.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Declarator {
    pub name: String,
    pub pos: Pos,
    pub init: Option<Expr>,
}

/// `__shared__ T name[d0][d1];` (0, 1 or 2 dimensions, constant sizes).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SharedDecl {
    pub name: String,
    pub pos: Pos,
    pub elem: ValueType,
    pub dims: Vec<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Stmt {
    Decl {
        ty: ValueType,
        is_const: bool,
        vars: Vec<Declarator>,
    },
    Shared(SharedDecl),
    Expr(Expr),
    If {
        cond: Expr,
        then: Box<Stmt>,
        other: Option<Box<Stmt>>,
        pos: Pos,
    },
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
        pos: Pos,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
        pos: Pos,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
        pos: Pos,
    },
    Break(Pos),
    Continue(Pos),
    Return(Pos),
    Block(Vec<Stmt>),
    Sync(Pos),
    Empty,
}

/// A kernel parameter as declared.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ParamDecl {
    pub name: String,
    pub pos: Pos,
    pub pointer: bool,
    pub ty: ValueType,
    pub is_const: bool,
}

/// The parsed source: file-scope shared arrays, then the kernel.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct KernelAst {
    pub name: String,
    pub params: Vec<ParamDecl>,
    pub globals: Vec<SharedDecl>,
    pub body: Vec<Stmt>,
}
