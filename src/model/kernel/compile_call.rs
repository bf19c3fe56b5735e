//! Calls: `make_float2`/`make_float4`, `min`/`max` and the math functions the lab knows, typed
//! as the CUDA Math API's overloads; everything else is refused by name.

use super::ast::Expr;
use super::compile::Compiler;
use super::compile_expr::{invalid_operand, invalid_operands, Val};
use super::error::{ParseError, ParseErrorKind, Pos, Unsupported};
use super::ir::{Arith, Op, Unary};
use super::types::{usual_arithmetic, ScalarType, ValueType};

impl Compiler {
    /// Compiles a call of function `name`.
    pub(crate) fn call(&mut self, name: &str, args: &[Expr], pos: Pos) -> Result<Val, ParseError> {
        let arity = |n: u32| -> Result<(), ParseError> {
            if args.len() as u32 == n {
                Ok(())
            } else {
                Err(ParseError::new(
                    pos,
                    ParseErrorKind::WrongArgumentCount {
                        function: name.into(),
                        expected: n,
                        found: args.len() as u32,
                    },
                ))
            }
        };
        let float = ValueType::Scalar(ScalarType::Float);
        match name {
            "__syncthreads" => Err(ParseError::new(
                pos,
                ParseErrorKind::SyncthreadsInExpression,
            )),
            "make_float2" | "make_float4" => {
                let n = if name == "make_float2" { 2 } else { 4 };
                arity(n)?;
                let mut regs = Vec::new();
                for a in args {
                    let v = self.expr(a)?;
                    regs.push(self.convert(v, float, a.pos)?.reg);
                }
                let dst = self.temp(n);
                for (k, r) in regs.into_iter().enumerate() {
                    self.emit(
                        Op::Mov {
                            dst: dst + k as u32,
                            src: r,
                        },
                        pos,
                    )?;
                }
                Ok(Val {
                    reg: dst,
                    ty: if n == 2 {
                        ValueType::Float2
                    } else {
                        ValueType::Float4
                    },
                })
            }
            "min" | "max" | "fminf" | "fmaxf" | "fmin" | "fmax" => {
                arity(2)?;
                let a = self.expr(&args[0])?;
                let b = self.expr(&args[1])?;
                let (Some(x), Some(y)) = (a.ty.scalar(), b.ty.scalar()) else {
                    return Err(invalid_operands(name, a.ty, b.ty, pos));
                };
                let t = match name {
                    "fminf" | "fmaxf" => ScalarType::Float,
                    "fmin" | "fmax" if usual_arithmetic(x, y).is_integer() => ScalarType::Double,
                    _ => usual_arithmetic(x, y),
                };
                let ra = self.conv_scalar(a.reg, x, t, pos)?;
                let rb = self.conv_scalar(b.reg, y, t, pos)?;
                let dst = self.temp(1);
                let op = if name.contains("min") {
                    Arith::Min
                } else {
                    Arith::Max
                };
                self.emit(
                    Op::Arith {
                        op,
                        ty: t,
                        dst,
                        a: ra,
                        b: rb,
                    },
                    pos,
                )?;
                Ok(Val {
                    reg: dst,
                    ty: ValueType::Scalar(t),
                })
            }
            "abs" | "fabsf" | "fabs" | "sqrtf" | "sqrt" | "expf" | "exp" | "floorf" | "floor"
            | "ceilf" | "ceil" => {
                arity(1)?;
                let a = self.expr(&args[0])?;
                let Some(x) = a.ty.scalar() else {
                    return Err(invalid_operand(name, a.ty, pos));
                };
                let t = match name {
                    "fabsf" | "sqrtf" | "expf" | "floorf" | "ceilf" => ScalarType::Float,
                    "abs" if x.is_integer() => ScalarType::Int,
                    _ if x.is_integer() => ScalarType::Double,
                    _ => x,
                };
                let r = self.conv_scalar(a.reg, x, t, pos)?;
                let op = match name {
                    "abs" | "fabs" | "fabsf" => Unary::Abs,
                    "sqrt" | "sqrtf" => Unary::Sqrt,
                    "exp" | "expf" => Unary::Exp,
                    "floor" | "floorf" => Unary::Floor,
                    _ => Unary::Ceil,
                };
                let dst = self.temp(1);
                self.emit(
                    Op::Unary {
                        op,
                        ty: t,
                        dst,
                        a: r,
                    },
                    pos,
                )?;
                Ok(Val {
                    reg: dst,
                    ty: ValueType::Scalar(t),
                })
            }
            "printf" => Err(ParseError::unsupported(pos, Unsupported::Printf)),
            n if n.starts_with("atomic") => Err(ParseError::unsupported(
                pos,
                Unsupported::Atomic { name: n.into() },
            )),
            n if n.starts_with("__shfl")
                || n.starts_with("__ballot")
                || n.starts_with("__any")
                || n.starts_with("__all")
                || n.starts_with("__match")
                || n.starts_with("__reduce")
                || n == "__syncwarp"
                || n == "__activemask" =>
            {
                Err(ParseError::unsupported(
                    pos,
                    Unsupported::WarpIntrinsic { name: n.into() },
                ))
            }
            n => Err(ParseError::unsupported(
                pos,
                Unsupported::Function { name: n.into() },
            )),
        }
    }
}
