//! Constant integer expressions (C++ [expr.const]): the sizes of `__shared__` arrays and the
//! values of `const` integer variables, evaluated in C's types.

use super::ast::{BinOp, Expr, ExprKind, UnOp};
use super::compile::{Binding, Compiler, VarInfo};
use super::error::{ParseError, ParseErrorKind};
use super::types::ScalarType;

impl Compiler {
    /// The value of a constant integer expression, `None` if it is not one (C++ [expr.const],
    /// for the operators the lab has; `const` integer variables with constant values count).
    /// Evaluated with C's types: `int` or `unsigned` after the usual arithmetic conversions,
    /// unsigned arithmetic modulo 2^32 (`~0u >> 24` is 255), and a signed overflow, a division
    /// of `INT_MIN` by −1 or a shift by 32 or more is no constant ([expr.const]: undefined
    /// behaviour).
    pub(crate) fn const_eval(&self, e: &Expr) -> Result<Option<i64>, ParseError> {
        Ok(self.const_int(e)?.map(|c| c.value))
    }

    fn const_int(&self, e: &Expr) -> Result<Option<ConstInt>, ParseError> {
        let c = match &e.kind {
            ExprKind::Int { value, unsigned } => ConstInt::new(*value as i64, *unsigned),
            ExprKind::Bool(b) => ConstInt::new(i64::from(*b), false),
            ExprKind::Ident(n) => match self.lookup(n) {
                Some(Binding::Var(VarInfo {
                    const_value: Some(v),
                    ty,
                    ..
                })) => ConstInt::new(*v, ty.scalar() == Some(ScalarType::UInt)),
                _ => None,
            },
            ExprKind::Cast { to, operand } => {
                let Some(v) = self.const_int(operand)? else {
                    return Ok(None);
                };
                match to {
                    ScalarType::Int | ScalarType::UInt | ScalarType::Bool => {
                        Some(ConstInt::convert(v.value, *to))
                    }
                    _ => None,
                }
            }
            ExprKind::Unary { op, operand } => {
                let Some(v) = self.const_int(operand)? else {
                    return Ok(None);
                };
                match op {
                    UnOp::Neg => ConstInt::new(-v.value, v.unsigned),
                    UnOp::Plus => Some(v),
                    UnOp::BitNot => ConstInt::new(!v.value, v.unsigned),
                    UnOp::Not => ConstInt::new(i64::from(v.value == 0), false),
                    _ => None,
                }
            }
            ExprKind::Binary { op, left, right } => {
                let (Some(a), Some(b)) = (self.const_int(left)?, self.const_int(right)?) else {
                    return Ok(None);
                };
                if matches!(op, BinOp::Div | BinOp::Rem) && b.value == 0 {
                    return Err(ParseError::new(
                        e.pos,
                        ParseErrorKind::ConstantDivisionByZero,
                    ));
                }
                const_binary(*op, a, b)
            }
            ExprKind::Cond { cond, then, other } => {
                let Some(c) = self.const_int(cond)? else {
                    return Ok(None);
                };
                let picked = if c.value != 0 { then } else { other };
                self.const_int(picked)?
            }
            _ => None,
        };
        Ok(c)
    }
}

/// `value` converted to the integer type `to` as C converts it (`const bool B = 8` holds 1).
pub(crate) fn const_in_type(value: i64, to: ScalarType) -> i64 {
    ConstInt::convert(value, to).value
}

/// A constant `int` or `unsigned` (a `bool` is promoted to `int`): `value` is the number it
/// stands for (0..2^32 for `unsigned`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ConstInt {
    value: i64,
    unsigned: bool,
}

impl ConstInt {
    /// `value` in the type: `unsigned` wraps modulo 2^32, an `int` out of range is an overflow
    /// (`None`).
    fn new(value: i64, unsigned: bool) -> Option<ConstInt> {
        if unsigned {
            Some(ConstInt {
                value: value.rem_euclid(1 << 32),
                unsigned,
            })
        } else {
            i32::try_from(value)
                .ok()
                .map(|_| ConstInt { value, unsigned })
        }
    }

    /// C's conversion to `to` (an integer type): modulo 2^32, as nvcc converts to `int` too.
    fn convert(value: i64, to: ScalarType) -> ConstInt {
        let value = match to {
            ScalarType::Bool => i64::from(value != 0),
            ScalarType::UInt => i64::from(value as u32),
            _ => i64::from(value as i32),
        };
        ConstInt {
            value,
            unsigned: to == ScalarType::UInt,
        }
    }
}

/// One binary operator on constants, after the usual arithmetic conversions.
fn const_binary(op: BinOp, a: ConstInt, b: ConstInt) -> Option<ConstInt> {
    let unsigned = a.unsigned || b.unsigned;
    let wrap = |c: ConstInt| {
        if unsigned {
            c.value.rem_euclid(1 << 32)
        } else {
            c.value
        }
    };
    let (x, y) = (wrap(a), wrap(b));
    let truth = |t: bool| ConstInt::new(i64::from(t), false);
    match op {
        BinOp::Add => ConstInt::new(x + y, unsigned),
        BinOp::Sub => ConstInt::new(x - y, unsigned),
        BinOp::Mul => ConstInt::new(x.checked_mul(y)?, unsigned),
        // Truncating toward zero, as C does (both fit 32 bits, so no i64 overflow).
        BinOp::Div => ConstInt::new(x / y, unsigned),
        BinOp::Rem => ConstInt::new(x % y, unsigned),
        // The left operand's type; a count of 32 or more (or negative) is undefined.
        BinOp::Shl | BinOp::Shr => {
            let count = u32::try_from(b.value).ok().filter(|c| *c < 32)?;
            let value = if op == BinOp::Shl {
                // Modulo 2^32 for both (C++20's rule for signed too, and nvcc's).
                i64::from((a.value as u32) << count)
            } else if a.unsigned {
                a.value >> count
            } else {
                i64::from((a.value as i32) >> count)
            };
            Some(ConstInt::convert(
                value,
                if a.unsigned {
                    ScalarType::UInt
                } else {
                    ScalarType::Int
                },
            ))
        }
        BinOp::BitAnd => ConstInt::new(x & y, unsigned),
        BinOp::BitOr => ConstInt::new(x | y, unsigned),
        BinOp::BitXor => ConstInt::new(x ^ y, unsigned),
        BinOp::Lt => truth(x < y),
        BinOp::Le => truth(x <= y),
        BinOp::Gt => truth(x > y),
        BinOp::Ge => truth(x >= y),
        BinOp::Eq => truth(x == y),
        BinOp::Ne => truth(x != y),
        BinOp::LogAnd => truth(a.value != 0 && b.value != 0),
        BinOp::LogOr => truth(a.value != 0 || b.value != 0),
        BinOp::Comma => Some(b),
    }
}
