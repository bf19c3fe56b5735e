//! Recursive-descent parser: top level, declarations and statements (expressions are in
//! [`super::parse_expr`]). One token of lookahead, two in a few places (labels, declarations of
//! an unknown type). Nesting ([`MAX_NESTING`]) and operator chains ([`MAX_OPERATOR_CHAIN`]) are
//! bounded so that no input can overflow the stack (here or in the recursive lowering).

use super::ast::{KernelAst, ParamDecl, SharedDecl, Stmt};
use super::error::{Expected, LabLimit, ParseError, ParseErrorKind, Pos, Unsupported};
use super::lexer::{Tok, Token};
use super::types::{ScalarType, ValueType};

/// Deepest nesting of statements and expressions together.
pub const MAX_NESTING: u32 = 64;

/// The most binary and comma operators chained along one path of an expression's tree
/// (`1 + 1 + … + 1` builds a tree as deep as it is long, and compiling it recurses that deep).
pub const MAX_OPERATOR_CHAIN: u32 = 256;

/// Names of types the lab refuses with [`Unsupported::Type`].
const UNSUPPORTED_TYPES: [&str; 36] = [
    "long",
    "short",
    "char",
    "size_t",
    "ptrdiff_t",
    "half",
    "__half",
    "__half2",
    "__nv_bfloat16",
    "int2",
    "int3",
    "int4",
    "uint2",
    "uint3",
    "uint4",
    "float1",
    "float3",
    "double2",
    "double3",
    "double4",
    "dim3",
    "auto",
    "void",
    "int8_t",
    "uint8_t",
    "int16_t",
    "uint16_t",
    "int32_t",
    "uint32_t",
    "int64_t",
    "uint64_t",
    "long2",
    "char4",
    "uchar4",
    "short2",
    "wchar_t",
];

const STORAGE: [&str; 10] = [
    "static",
    "register",
    "__constant__",
    "__managed__",
    "thread_local",
    "inline",
    "__forceinline__",
    "__noinline__",
    "mutable",
    "constexpr",
];

pub(crate) const USER_TYPES: [&str; 8] = [
    "struct",
    "class",
    "union",
    "enum",
    "typedef",
    "using",
    "namespace",
    "operator",
];

pub(crate) const CPP: [&str; 12] = [
    "new",
    "delete",
    "throw",
    "try",
    "catch",
    "this",
    "nullptr",
    "reinterpret_cast",
    "const_cast",
    "dynamic_cast",
    "typeid",
    "decltype",
];

pub(crate) struct Parser {
    toks: Vec<Token>,
    i: usize,
    depth: u32,
    /// Binary and comma operators chained on the path being parsed ([`MAX_OPERATOR_CHAIN`]).
    pub(crate) chain: u32,
}

/// Parses the token stream of one kernel source.
pub(crate) fn parse_tokens(toks: Vec<Token>) -> Result<KernelAst, ParseError> {
    let mut p = Parser {
        toks,
        i: 0,
        depth: 0,
        chain: 0,
    };
    p.translation_unit()
}

impl Parser {
    pub(crate) fn peek(&self) -> &Token {
        self.peek_at(0)
    }

    pub(crate) fn peek_at(&self, k: usize) -> &Token {
        let last = self.toks.len().saturating_sub(1);
        match self.toks.get((self.i + k).min(last)) {
            Some(t) => t,
            None => &EOF_TOKEN,
        }
    }

    pub(crate) fn pos(&self) -> Pos {
        self.peek().pos
    }

    pub(crate) fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if self.i < self.toks.len() {
            self.i += 1;
        }
        t
    }

    pub(crate) fn is_punct(&self, p: &str) -> bool {
        matches!(&self.peek().tok, Tok::Punct(q) if *q == p)
    }

    pub(crate) fn is_punct_at(&self, k: usize, p: &str) -> bool {
        matches!(&self.peek_at(k).tok, Tok::Punct(q) if *q == p)
    }

    pub(crate) fn is_ident(&self, s: &str) -> bool {
        self.ident_at(0) == Some(s)
    }

    /// What an `extern` at the current token declares, none of which the lab runs: dynamic
    /// shared memory (`extern __shared__`) or another storage class.
    pub(crate) fn extern_unsupported(&self) -> Unsupported {
        if self.ident_at(1) == Some("__shared__") {
            Unsupported::DynamicSharedMemory
        } else {
            Unsupported::StorageClass {
                name: "extern".into(),
            }
        }
    }

    pub(crate) fn ident_at(&self, k: usize) -> Option<&str> {
        match &self.peek_at(k).tok {
            Tok::Ident(s) => Some(s.as_str()),
            _ => None,
        }
    }

    pub(crate) fn eat_punct(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn expected(&self, expected: Expected) -> ParseError {
        ParseError::new(
            self.pos(),
            ParseErrorKind::Expected {
                expected,
                found: self.peek().text(),
            },
        )
    }

    pub(crate) fn expect_punct(&mut self, p: &'static str) -> Result<Pos, ParseError> {
        if self.is_punct(p) {
            Ok(self.bump().pos)
        } else {
            Err(self.expected(Expected::Token(p)))
        }
    }

    pub(crate) fn expect_ident(&mut self) -> Result<(String, Pos), ParseError> {
        match &self.peek().tok {
            Tok::Ident(s) => {
                let s = s.clone();
                Ok((s, self.bump().pos))
            }
            _ => Err(self.expected(Expected::Identifier)),
        }
    }

    /// Counts one level of nesting; Err past [`MAX_NESTING`].
    pub(crate) fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        self.within(self.depth, LabLimit::Nesting, MAX_NESTING)
    }

    /// Counts one more operator chained on the current path; Err past [`MAX_OPERATOR_CHAIN`].
    /// The caller restores `chain` when its expression is done.
    pub(crate) fn chain_one(&mut self) -> Result<(), ParseError> {
        self.chain += 1;
        self.within(self.chain, LabLimit::OperatorChain, MAX_OPERATOR_CHAIN)
    }

    /// Err naming `what` and `limit` when `count` is past `limit`.
    fn within(&self, count: u32, what: LabLimit, limit: u32) -> Result<(), ParseError> {
        if count > limit {
            return Err(ParseError::new(
                self.pos(),
                ParseErrorKind::TooComplex { what, limit },
            ));
        }
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// True when the next tokens start a type (a declaration or a cast).
    pub(crate) fn at_type(&self) -> bool {
        match self.ident_at(0) {
            Some(w) => is_type_word(w) || w == "const" || w == "volatile" || STORAGE.contains(&w),
            None => false,
        }
    }

    /// Reads `const`/`volatile`/storage words and a base type. Refuses the unsupported ones.
    pub(crate) fn parse_type(&mut self) -> Result<(ValueType, bool, Pos), ParseError> {
        let pos = self.pos();
        let mut is_const = false;
        let mut signedness: Option<bool> = None;
        let mut base: Option<ValueType> = None;
        while let Some(w) = self.ident_at(0).map(str::to_string) {
            let here = self.pos();
            match w.as_str() {
                "const" => is_const = true,
                "volatile" => return Err(ParseError::unsupported(here, Unsupported::Volatile)),
                "__restrict__" | "__restrict" | "restrict" => {}
                "unsigned" | "signed" if signedness.is_none() && base.is_none() => {
                    signedness = Some(w == "unsigned");
                }
                "int" if base.is_none() => base = Some(ValueType::Scalar(ScalarType::Int)),
                "float" | "double" | "bool" | "float2" | "float4"
                    if base.is_none() && signedness.is_none() =>
                {
                    base = Some(match w.as_str() {
                        "float" => ValueType::Scalar(ScalarType::Float),
                        "double" => ValueType::Scalar(ScalarType::Double),
                        "bool" => ValueType::Scalar(ScalarType::Bool),
                        "float2" => ValueType::Float2,
                        _ => ValueType::Float4,
                    })
                }
                w2 if STORAGE.contains(&w2) => {
                    return Err(ParseError::unsupported(
                        here,
                        Unsupported::StorageClass { name: w },
                    ))
                }
                w2 if UNSUPPORTED_TYPES.contains(&w2) => {
                    let name = match (signedness, w2) {
                        (Some(true), _) => format!("unsigned {w2}"),
                        (_, "long") if self.ident_at(1) == Some("long") => "long long".to_string(),
                        _ => w,
                    };
                    return Err(ParseError::unsupported(here, Unsupported::Type { name }));
                }
                _ => break,
            }
            self.bump();
        }
        let ty = match (signedness, base) {
            (Some(true), None | Some(ValueType::Scalar(ScalarType::Int))) => {
                ValueType::Scalar(ScalarType::UInt)
            }
            (Some(false), None) => ValueType::Scalar(ScalarType::Int),
            (_, Some(t)) => t,
            (None, None) => return Err(self.expected(Expected::Type)),
        };
        // Trailing qualifiers: `float const`, `int const`.
        while self.is_ident("const") {
            self.bump();
            is_const = true;
        }
        Ok((ty, is_const, pos))
    }

    fn translation_unit(&mut self) -> Result<KernelAst, ParseError> {
        let mut globals = Vec::new();
        let mut kernel: Option<KernelAst> = None;
        loop {
            let pos = self.pos();
            match &self.peek().tok {
                Tok::Eof => break,
                Tok::Punct(";") => {
                    self.bump();
                }
                Tok::Ident(w) => match w.as_str() {
                    "__global__" => {
                        if kernel.is_some() {
                            return Err(ParseError::unsupported(pos, Unsupported::SecondKernel));
                        }
                        kernel = Some(self.kernel()?);
                    }
                    "__shared__" => {
                        self.bump();
                        globals.push(self.shared_decl(pos)?);
                    }
                    "extern" => {
                        return Err(ParseError::unsupported(pos, self.extern_unsupported()));
                    }
                    "template" => return Err(ParseError::unsupported(pos, Unsupported::Template)),
                    w if USER_TYPES.contains(&w) => {
                        return Err(ParseError::unsupported(
                            pos,
                            Unsupported::UserType {
                                keyword: w.to_string(),
                            },
                        ))
                    }
                    "__device__" | "__host__" => {
                        return Err(ParseError::unsupported(pos, Unsupported::DeviceFunction))
                    }
                    // `void f(…)` in a source with no `__global__` at all: the kernel without
                    // its `__global__`; beside the kernel, a helper function.
                    "void" if self.ident_at(1).is_some() && self.is_punct_at(2, "(") => {
                        let global_later = self
                            .toks
                            .get(self.i..)
                            .unwrap_or_default()
                            .iter()
                            .any(|t| matches!(&t.tok, Tok::Ident(w) if w == "__global__"));
                        if kernel.is_some() || global_later {
                            return Err(ParseError::unsupported(pos, Unsupported::DeviceFunction));
                        }
                        let name = self.ident_at(1).unwrap_or_default().to_string();
                        return Err(ParseError::new(pos, ParseErrorKind::MissingGlobal { name }));
                    }
                    _ if self.at_type() => {
                        // A host function or a global variable: only the kernel is allowed.
                        self.parse_type()?;
                        return Err(ParseError::unsupported(pos, Unsupported::DeviceFunction));
                    }
                    _ => return Err(self.expected(Expected::Token("__global__"))),
                },
                _ => return Err(self.expected(Expected::Token("__global__"))),
            }
        }
        let Some(mut k) = kernel else {
            return Err(ParseError::new(self.pos(), ParseErrorKind::NoKernel));
        };
        k.globals = globals;
        Ok(k)
    }

    fn skip_launch_bounds(&mut self) -> Result<(), ParseError> {
        while self.is_ident("__launch_bounds__") {
            self.bump();
            self.expect_punct("(")?;
            let mut depth = 1;
            while depth > 0 {
                match &self.bump().tok {
                    Tok::Punct("(") => depth += 1,
                    Tok::Punct(")") => depth -= 1,
                    Tok::Eof => return Err(self.expected(Expected::Token(")"))),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    fn kernel(&mut self) -> Result<KernelAst, ParseError> {
        self.bump(); // __global__
        self.skip_launch_bounds()?;
        if !self.is_ident("void") {
            return Err(ParseError::new(self.pos(), ParseErrorKind::KernelNotVoid));
        }
        self.bump();
        self.skip_launch_bounds()?;
        let (name, _) = self.expect_ident()?;
        if self.is_punct("<") {
            return Err(ParseError::unsupported(self.pos(), Unsupported::Template));
        }
        self.expect_punct("(")?;
        let mut params = Vec::new();
        if self.is_ident("void") && self.is_punct_at(1, ")") {
            self.bump();
        }
        if !self.is_punct(")") {
            loop {
                params.push(self.param()?);
                if !self.eat_punct(",") {
                    break;
                }
            }
        }
        self.expect_punct(")")?;
        if !self.is_punct("{") {
            return Err(self.expected(Expected::Token("{")));
        }
        let body = match self.statement()? {
            Stmt::Block(b) => b,
            other => vec![other],
        };
        Ok(KernelAst {
            name,
            params,
            globals: Vec::new(),
            body,
        })
    }

    fn param(&mut self) -> Result<ParamDecl, ParseError> {
        let (ty, mut is_const, pos) = self.parse_type()?;
        let mut pointer = false;
        if self.eat_punct("*") {
            pointer = true;
            if self.is_punct("*") {
                return Err(ParseError::unsupported(
                    self.pos(),
                    Unsupported::Type {
                        name: format!("{}**", ty.c_name()),
                    },
                ));
            }
            // Qualifiers of the pointer itself: `T* __restrict__ const p`.
            let pointee_const = is_const;
            while let Some(w) = self.ident_at(0) {
                match w {
                    "__restrict__" | "__restrict" | "restrict" | "const" => {
                        self.bump();
                    }
                    "volatile" => {
                        return Err(ParseError::unsupported(self.pos(), Unsupported::Volatile))
                    }
                    _ => break,
                }
            }
            is_const = pointee_const;
        } else if self.is_punct("&") {
            return Err(ParseError::unsupported(self.pos(), Unsupported::Reference));
        }
        if !pointer && matches!(ty, ValueType::Float2 | ValueType::Float4) {
            return Err(ParseError::unsupported(
                pos,
                Unsupported::Type {
                    name: format!("{} parameter", ty.c_name()),
                },
            ));
        }
        let (name, name_pos) = match &self.peek().tok {
            Tok::Ident(_) => self.expect_ident()?,
            _ => {
                return Err(ParseError::new(
                    self.pos(),
                    ParseErrorKind::UnnamedParameter,
                ))
            }
        };
        if self.is_punct("[") {
            return Err(ParseError::unsupported(
                self.pos(),
                Unsupported::Type {
                    name: format!("{}[] parameter", ty.c_name()),
                },
            ));
        }
        Ok(ParamDecl {
            name,
            pos: name_pos,
            pointer,
            ty,
            is_const,
        })
    }

    /// After `__shared__`: `T name[d0][d1] ;`.
    pub(crate) fn shared_decl(&mut self, pos: Pos) -> Result<SharedDecl, ParseError> {
        let (elem, _, _) = self.parse_type()?;
        if self.is_punct("*") {
            return Err(ParseError::unsupported(
                self.pos(),
                Unsupported::PointerVariable,
            ));
        }
        let (name, name_pos) = self.expect_ident()?;
        let mut dims = Vec::new();
        while self.is_punct("[") {
            let open = self.bump().pos;
            if self.is_punct("]") {
                return Err(ParseError::unsupported(
                    open,
                    Unsupported::DynamicSharedMemory,
                ));
            }
            dims.push(self.expr()?);
            self.expect_punct("]")?;
        }
        if dims.len() > 2 {
            return Err(ParseError::unsupported(
                pos,
                Unsupported::SharedArrayRank {
                    dims: dims.len() as u32,
                },
            ));
        }
        if self.is_punct("=") || self.is_punct("{") {
            return Err(ParseError::unsupported(
                self.pos(),
                Unsupported::SharedInitializer,
            ));
        }
        self.expect_punct(";")?;
        Ok(SharedDecl {
            name,
            pos: name_pos,
            elem,
            dims,
        })
    }
}

/// A word that names a type (supported or refused).
pub(crate) fn is_type_word(w: &str) -> bool {
    matches!(
        w,
        "int" | "unsigned" | "signed" | "float" | "double" | "bool" | "float2" | "float4"
    ) || UNSUPPORTED_TYPES.contains(&w)
}

static EOF_TOKEN: Token = Token {
    tok: Tok::Eof,
    pos: Pos { line: 1, column: 1 },
};
