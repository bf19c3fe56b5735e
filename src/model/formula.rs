//! Typed element-index formulas: `lane * 33`, `(lane % 4) * 16`, `lane ^ (lane / 8)`.
//!
//! The coalescing and bank-conflict chapters let the reader type the element index of each lane
//! as an integer expression over `lane` (0..32), `tid` or `threadIdx.x` (the thread index; the
//! figure shows warp 0 of a one-dimensional block, so `tid = threadIdx.x = lane`) and the variables of the current pattern (`stride`, `row`, `col`, `n`,
//! `field`, see [`pattern_formula`]). [`IndexFormula::parse`] parses the text with the
//! `evalexpr` crate and [`IndexFormula::index`] evaluates the tree with **C integer semantics**
//! in `i64`: `/` truncates toward zero, `%` takes the dividend's sign, every operation is checked
//! (overflow and division by zero are errors, never a panic), and `^` is **XOR** as in CUDA C,
//! not evalexpr's power. Because evalexpr gives `^` a higher precedence than `*` and `+` (C gives
//! it a lower one), an unparenthesised `^` next to an arithmetic operator is rejected as
//! ambiguous ([`FormulaError::AmbiguousXor`]): `lane * 32 + (lane ^ 3)` is accepted,
//! `lane * 32 + lane ^ 3` is not. Functions: `min`, `max`, `abs`, `bitand`, `bitor`, `bitxor`,
//! `shl`, `shr` (evalexpr's names for the bitwise operators it lacks).
//!
//! The result feeds [`crate::model::access::addresses_from_fn`], which turns element indices
//! into byte addresses and reports negative or overflowing addresses; alignment is checked by
//! the coalescing and bank-conflict models.

use std::fmt;

use evalexpr::{build_operator_tree, DefaultNumericTypes, EvalexprError, Node, Operator, Value};

use crate::model::access::Pattern;
use crate::model::WARP_SIZE;

/// Longest formula accepted, in characters (also bounds the parser's recursion).
pub const MAX_FORMULA_CHARS: usize = 160;

/// Variables every formula may read, besides those of the pattern: the lane id and the thread
/// index, also in CUDA's spelling (`threadIdx.x`: the figure shows warp 0 of a one-dimensional
/// block, where `threadIdx.x = tid = lane`).
pub const LANE_VARIABLES: [&str; 3] = ["lane", "tid", "threadIdx.x"];

/// Why a formula cannot give an element index. `Display` is English; the UI translates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FormulaError {
    /// Nothing was typed (or only `()`).
    Empty,
    /// Longer than [`MAX_FORMULA_CHARS`].
    TooLong {
        /// The limit.
        max_chars: usize,
    },
    /// `(` and `)` do not pair up.
    UnbalancedParentheses,
    /// Two values with no operator between them (`1 2`, `lane 3`, `(lane)(2)`).
    MissingOperator,
    /// An operator without a value on one side (`lane +`, `lane ** 2`, `* 3`).
    MissingOperand,
    /// A whole number past the 64-bit range (`99999999999999999999`).
    IntegerTooLarge,
    /// An operator or construct this integer language does not have (`<`, `==`, `=`, `,`, `;`,
    /// `&`, `<<` …).
    Unsupported {
        /// The operator as typed.
        operator: String,
    },
    /// `^` next to `+ - * / %` or a unary minus without parentheses (see the module docs).
    AmbiguousXor,
    /// A name that is not a variable here.
    UnknownVariable {
        /// The name as typed.
        name: String,
    },
    /// A function that does not exist.
    UnknownFunction {
        /// The name as typed.
        name: String,
    },
    /// A function called with the wrong number of arguments.
    WrongArgumentCount {
        /// The function.
        function: String,
        /// Arguments it takes.
        expected: usize,
    },
    /// A float, string or boolean literal: indices are integers.
    NotAnInteger,
    /// `x / 0` or `x % 0` for this lane.
    DivisionByZero {
        /// The lane being evaluated.
        lane: u32,
    },
    /// The result does not fit in 64 bits for this lane.
    Overflow {
        /// The lane being evaluated.
        lane: u32,
    },
    /// `shl` or `shr` by an amount outside 0..=63 for this lane.
    ShiftOutOfRange {
        /// The lane being evaluated.
        lane: u32,
        /// The shift amount.
        amount: i64,
    },
}

impl fmt::Display for FormulaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormulaError::Empty => write!(f, "the formula is empty"),
            FormulaError::TooLong { max_chars } => {
                write!(f, "the formula is longer than {max_chars} characters")
            }
            FormulaError::UnbalancedParentheses => write!(f, "unbalanced parentheses"),
            FormulaError::MissingOperator => write!(f, "two values with no operator between them"),
            FormulaError::MissingOperand => write!(f, "an operator is missing a value"),
            FormulaError::IntegerTooLarge => write!(f, "a number past the 64-bit range"),
            FormulaError::Unsupported { operator } => write!(f, "“{operator}” is not supported"),
            FormulaError::AmbiguousXor => write!(
                f,
                "“^” (XOR) next to + - * / % needs parentheses: C gives ^ a lower precedence"
            ),
            FormulaError::UnknownVariable { name } => write!(f, "unknown variable “{name}”"),
            FormulaError::UnknownFunction { name } => write!(f, "unknown function “{name}”"),
            FormulaError::WrongArgumentCount { function, expected } => {
                write!(f, "{function} takes {expected} argument(s)")
            }
            FormulaError::NotAnInteger => write!(f, "indices are integers"),
            FormulaError::DivisionByZero { lane } => write!(f, "lane {lane}: division by zero"),
            FormulaError::Overflow { lane } => write!(f, "lane {lane}: integer overflow"),
            FormulaError::ShiftOutOfRange { lane, amount } => {
                write!(f, "lane {lane}: a shift by {amount} (0 to 63 allowed)")
            }
        }
    }
}

impl std::error::Error for FormulaError {}

/// Integer variables a formula reads, besides `lane` and `tid`.
pub type FormulaVars = Vec<(&'static str, i64)>;

/// A parsed element-index formula.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexFormula {
    text: String,
    tree: Node<DefaultNumericTypes>,
}

impl IndexFormula {
    /// Parses `text`; checks syntax, the operators used and `^` precedence. Variables are
    /// checked at evaluation ([`IndexFormula::check_variables`]).
    pub fn parse(text: &str) -> Result<IndexFormula, FormulaError> {
        if text.chars().count() > MAX_FORMULA_CHARS {
            return Err(FormulaError::TooLong {
                max_chars: MAX_FORMULA_CHARS,
            });
        }
        if text.trim().is_empty() {
            return Err(FormulaError::Empty);
        }
        if let Some(op) = c_only_operator(text) {
            return Err(FormulaError::Unsupported {
                operator: op.into(),
            });
        }
        if let Some(c) = text.chars().find(|c| !formula_char(*c)) {
            return Err(FormulaError::Unsupported {
                operator: c.to_string(),
            });
        }
        if integer_too_large(text) {
            return Err(FormulaError::IntegerTooLarge);
        }
        let tree = build_operator_tree::<DefaultNumericTypes>(text).map_err(from_evalexpr)?;
        check_tree(&tree)?;
        Ok(IndexFormula {
            text: text.to_string(),
            tree,
        })
    }

    /// The text as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// `Ok` when every variable and function the formula names exists, given `vars`.
    pub fn check_variables(&self, vars: &[(&str, i64)]) -> Result<(), FormulaError> {
        check_names(&self.tree, vars)
    }

    /// The element index of `lane`.
    pub fn index(&self, lane: u32, vars: &[(&str, i64)]) -> Result<i64, FormulaError> {
        eval(&self.tree, &Scope { lane, vars })
    }

    /// The element index of every lane set in `active_mask` (`None` for the others); the first
    /// error, in lane order, otherwise.
    pub fn indices(
        &self,
        active_mask: u32,
        vars: &[(&str, i64)],
    ) -> Result<[Option<i64>; 32], FormulaError> {
        self.check_variables(vars)?;
        let mut out = [None; 32];
        for (lane, slot) in (0..WARP_SIZE).zip(out.iter_mut()) {
            if active_mask & (1 << lane) != 0 {
                *slot = Some(self.index(lane, vars)?);
            }
        }
        Ok(out)
    }
}

/// The formula equivalent to a preset's pattern, and the variables it reads: `lane * stride`
/// with `stride = 32`, `lane * n + col` with `n = 33, col = 3` … `None` for a random
/// permutation, which has no closed form.
pub fn pattern_formula(pattern: &Pattern) -> Option<(&'static str, FormulaVars)> {
    let i = i64::from;
    Some(match *pattern {
        Pattern::Strided { stride_elems } => ("lane * stride", vec![("stride", stride_elems)]),
        Pattern::MatrixRow {
            row,
            row_pitch_elems,
        } => (
            "row * n + lane",
            vec![("row", i(row)), ("n", i(row_pitch_elems))],
        ),
        Pattern::MatrixColumn {
            col,
            row_pitch_elems,
        } => (
            "lane * n + col",
            vec![("n", i(row_pitch_elems)), ("col", i(col))],
        ),
        Pattern::ArrayOfStructs {
            struct_elems,
            field,
        } => (
            "lane * n + field",
            vec![("n", i(struct_elems)), ("field", i(field))],
        ),
        Pattern::Permutation { .. } => return None,
        Pattern::LaneModulo {
            modulus,
            stride_elems,
        } => (
            "(lane % n) * stride",
            vec![("n", i(modulus.max(1))), ("stride", stride_elems)],
        ),
        Pattern::LaneGroups {
            group_lanes,
            stride_elems,
        } => (
            "(lane / n) * stride",
            vec![("n", i(group_lanes.max(1))), ("stride", stride_elems)],
        ),
        Pattern::XorSwizzleColumn { col } => (
            "lane * 32 + (col ^ lane)",
            vec![("col", i(col % WARP_SIZE))],
        ),
        Pattern::XorSwizzleRow { row } => ("row * 32 + (lane ^ (row % 32))", vec![("row", i(row))]),
    })
}

/// C operators evalexpr would misread or reject with an unhelpful message.
fn c_only_operator(text: &str) -> Option<&'static str> {
    if text.contains("<<") {
        Some("<<")
    } else if text.contains(">>") {
        Some(">>")
    } else if text.replace("&&", "").contains('&') {
        Some("&")
    } else if text.replace("||", "").contains('|') {
        Some("|")
    } else if text.contains('~') {
        Some("~")
    } else {
        None
    }
}

/// A character a formula may hold: names (`threadIdx.x`), digits, blanks, `+ - * / % ^ ( ) ,`,
/// and the operators [`c_only_operator`] and [`check_tree`] name in their messages.
fn formula_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c.is_whitespace() || "_.+-*/%^(),<>=!&|~;\"".contains(c)
}

/// Whether a run of digits standing as a whole number (not part of a name or a decimal) is past
/// the 64-bit range: evalexpr would read it as a float.
fn integer_too_large(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut k = 0;
    while k < bytes.len() {
        if !bytes[k].is_ascii_digit() {
            k += 1;
            continue;
        }
        let start = k;
        while k < bytes.len() && bytes[k].is_ascii_digit() {
            k += 1;
        }
        let in_name =
            start > 0 && (bytes[start - 1].is_ascii_alphabetic() || bytes[start - 1] == b'_');
        let decimal = bytes
            .get(k)
            .is_some_and(|b| matches!(b, b'.' | b'e' | b'E'));
        if !in_name && !decimal && text[start..k].parse::<i64>().is_err() {
            return true;
        }
    }
    false
}

fn from_evalexpr(e: EvalexprError<DefaultNumericTypes>) -> FormulaError {
    match e {
        EvalexprError::UnmatchedLBrace | EvalexprError::UnmatchedRBrace => {
            FormulaError::UnbalancedParentheses
        }
        EvalexprError::UnmatchedDoubleQuote => FormulaError::NotAnInteger,
        EvalexprError::AppendedToLeafNode | EvalexprError::MissingOperatorOutsideOfBrace => {
            FormulaError::MissingOperator
        }
        // What is left is an operator out of place (`lane * * 2`, `* 3`, `lane +`).
        _ => FormulaError::MissingOperand,
    }
}

fn symbol(op: &Operator<DefaultNumericTypes>) -> &'static str {
    match op {
        Operator::Eq => "==",
        Operator::Neq => "!=",
        Operator::Gt => ">",
        Operator::Lt => "<",
        Operator::Geq => ">=",
        Operator::Leq => "<=",
        Operator::And => "&&",
        Operator::Or => "||",
        Operator::Not => "!",
        Operator::Tuple => ",",
        Operator::Chain => ";",
        _ => "=",
    }
}

/// Static checks: only integer arithmetic, and no `^` whose C precedence would differ.
fn check_tree(node: &Node<DefaultNumericTypes>) -> Result<(), FormulaError> {
    let op = node.operator();
    match op {
        Operator::Add
        | Operator::Sub
        | Operator::Mul
        | Operator::Div
        | Operator::Mod
        | Operator::Neg => {
            if node
                .children()
                .iter()
                .any(|c| matches!(c.operator(), Operator::Exp))
            {
                return Err(FormulaError::AmbiguousXor);
            }
        }
        Operator::RootNode
        | Operator::Exp
        | Operator::VariableIdentifierRead { .. }
        | Operator::FunctionIdentifier { .. } => {}
        // A tuple is fine only as a function's argument list; `eval` rejects the others.
        Operator::Tuple => {}
        Operator::Const { value } => {
            if !matches!(value, Value::Int(_)) {
                return Err(match value {
                    Value::Empty => FormulaError::Empty,
                    _ => FormulaError::NotAnInteger,
                });
            }
        }
        other => {
            return Err(FormulaError::Unsupported {
                operator: symbol(other).into(),
            })
        }
    }
    node.children().iter().try_for_each(check_tree)
}

/// Function name → argument count.
const FUNCTIONS: [(&str, usize); 8] = [
    ("min", 2),
    ("max", 2),
    ("abs", 1),
    ("bitand", 2),
    ("bitor", 2),
    ("bitxor", 2),
    ("shl", 2),
    ("shr", 2),
];

fn check_names(node: &Node<DefaultNumericTypes>, vars: &[(&str, i64)]) -> Result<(), FormulaError> {
    match node.operator() {
        Operator::VariableIdentifierRead { identifier } => {
            let known = LANE_VARIABLES.contains(&identifier.as_str())
                || vars.iter().any(|(n, _)| n == identifier);
            if !known {
                return Err(FormulaError::UnknownVariable {
                    name: identifier.chars().take(24).collect(),
                });
            }
        }
        Operator::FunctionIdentifier { identifier }
            if !FUNCTIONS.iter().any(|(n, _)| n == identifier) =>
        {
            return Err(unknown_function(identifier, vars));
        }
        _ => {}
    }
    node.children()
        .iter()
        .try_for_each(|c| check_names(c, vars))
}

/// evalexpr reads `name value` as a call without parentheses: for a variable's name that is
/// two values with no operator between them (`lane 3`).
fn unknown_function(name: &str, vars: &[(&str, i64)]) -> FormulaError {
    if LANE_VARIABLES.contains(&name) || vars.iter().any(|(n, _)| *n == name) {
        FormulaError::MissingOperator
    } else {
        FormulaError::UnknownFunction {
            name: name.chars().take(24).collect(),
        }
    }
}

struct Scope<'a> {
    lane: u32,
    vars: &'a [(&'a str, i64)],
}

fn eval(node: &Node<DefaultNumericTypes>, s: &Scope<'_>) -> Result<i64, FormulaError> {
    let overflow = FormulaError::Overflow { lane: s.lane };
    let children = node.children();
    let unary = || -> Result<i64, FormulaError> {
        match children {
            [a] => eval(a, s),
            [] => Err(FormulaError::Empty),
            _ => Err(FormulaError::Unsupported {
                operator: ",".into(),
            }),
        }
    };
    let binary = || -> Result<(i64, i64), FormulaError> {
        match children {
            [a, b] => Ok((eval(a, s)?, eval(b, s)?)),
            _ => Err(FormulaError::MissingOperand),
        }
    };
    match node.operator() {
        Operator::RootNode => unary(),
        Operator::Neg => unary()?.checked_neg().ok_or(overflow),
        Operator::Add => {
            let (a, b) = binary()?;
            a.checked_add(b).ok_or(overflow)
        }
        Operator::Sub => {
            let (a, b) = binary()?;
            a.checked_sub(b).ok_or(overflow)
        }
        Operator::Mul => {
            let (a, b) = binary()?;
            a.checked_mul(b).ok_or(overflow)
        }
        Operator::Div | Operator::Mod => {
            let (a, b) = binary()?;
            if b == 0 {
                return Err(FormulaError::DivisionByZero { lane: s.lane });
            }
            let r = if matches!(node.operator(), Operator::Div) {
                a.checked_div(b)
            } else {
                a.checked_rem(b)
            };
            r.ok_or(overflow)
        }
        Operator::Exp => {
            let (a, b) = binary()?;
            Ok(a ^ b)
        }
        Operator::Const { value } => match value {
            Value::Int(i) => Ok(*i),
            Value::Empty => Err(FormulaError::Empty),
            _ => Err(FormulaError::NotAnInteger),
        },
        Operator::VariableIdentifierRead { identifier } => match identifier.as_str() {
            "lane" | "tid" | "threadIdx.x" => Ok(i64::from(s.lane)),
            name => s
                .vars
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| *v)
                .ok_or_else(|| FormulaError::UnknownVariable {
                    name: name.chars().take(24).collect(),
                }),
        },
        Operator::FunctionIdentifier { identifier } => call(identifier, children, s),
        other => Err(FormulaError::Unsupported {
            operator: symbol(other).into(),
        }),
    }
}

fn call(
    name: &str,
    children: &[Node<DefaultNumericTypes>],
    s: &Scope<'_>,
) -> Result<i64, FormulaError> {
    let overflow = FormulaError::Overflow { lane: s.lane };
    let Some(&(function, expected)) = FUNCTIONS.iter().find(|(n, _)| *n == name) else {
        return Err(unknown_function(name, s.vars));
    };
    // evalexpr parses `f(a, b)` as a function node over one root node holding a tuple.
    let mut arg_nodes: Vec<&Node<DefaultNumericTypes>> = children.iter().collect();
    while let [only] = arg_nodes.as_slice() {
        match only.operator() {
            Operator::RootNode => arg_nodes = only.children().iter().collect(),
            Operator::Tuple => {
                arg_nodes = only.children().iter().collect();
                break;
            }
            _ => break,
        }
    }
    if arg_nodes.len() != expected {
        return Err(FormulaError::WrongArgumentCount {
            function: function.into(),
            expected,
        });
    }
    let args = arg_nodes
        .iter()
        .map(|n| eval(n, s))
        .collect::<Result<Vec<i64>, _>>()?;
    let (a, b) = match args.as_slice() {
        [a] => (*a, 0),
        [a, b] => (*a, *b),
        _ => return Err(FormulaError::Empty),
    };
    let shift = |b: i64| {
        u32::try_from(b)
            .ok()
            .filter(|b| *b < 64)
            .ok_or(FormulaError::ShiftOutOfRange {
                lane: s.lane,
                amount: b,
            })
    };
    match function {
        "min" => Ok(a.min(b)),
        "max" => Ok(a.max(b)),
        "abs" => a.checked_abs().ok_or(overflow),
        "bitand" => Ok(a & b),
        "bitor" => Ok(a | b),
        "bitxor" => Ok(a ^ b),
        "shl" => {
            let b = shift(b)?;
            1i64.checked_shl(b)
                .and_then(|m| a.checked_mul(m))
                .ok_or(overflow)
        }
        _ => Ok(a >> shift(b)?),
    }
}

#[cfg(test)]
mod tests;
