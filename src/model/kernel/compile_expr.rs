//! Expressions: C++ typing (integral promotion, usual arithmetic conversions, `bool` results
//! of comparisons), places that can be assigned, loads and stores, short-circuit `&&`/`||`
//! and `?:` under narrowed masks, built-in variables and the math functions the lab knows.

use super::ast::{BinOp, Expr, ExprKind, UnOp};
use super::compile::{Binding, Compiler};
use super::error::{ParseError, ParseErrorKind, Pos, Unsupported};
use super::ir::{Arith, Builtin, Cmp, Op, Reg, Space, Unary};
use super::types::{bits_of_float, usual_arithmetic, ScalarType, ValueType};

/// A computed value: its first register and its type.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Val {
    pub reg: Reg,
    pub ty: ValueType,
}

/// Something that can be read and assigned.
#[derive(Clone, Debug)]
pub(crate) enum Place {
    Var {
        reg: Reg,
        ty: ValueType,
        tracked: Option<u32>,
        name: String,
        is_const: bool,
    },
    Mem {
        space: Space,
        idx: [Reg; 2],
        n_idx: u8,
        idx_ty: [ScalarType; 2],
        ty: ValueType,
        offset: u32,
        elem_bytes: u32,
        name: String,
        read_only: bool,
    },
}

impl Place {
    pub(crate) fn ty(&self) -> ValueType {
        match self {
            Place::Var { ty, .. } | Place::Mem { ty, .. } => *ty,
        }
    }
}

pub(crate) fn builtin(name: &str) -> Option<Builtin> {
    match name {
        "threadIdx" => Some(Builtin::ThreadIdx),
        "blockIdx" => Some(Builtin::BlockIdx),
        "blockDim" => Some(Builtin::BlockDim),
        "gridDim" => Some(Builtin::GridDim),
        _ => None,
    }
}

pub(crate) fn member_index(ty: ValueType, member: &str) -> Option<u32> {
    let k = match member {
        "x" => 0,
        "y" => 1,
        "z" => 2,
        "w" => 3,
        _ => return None,
    };
    (k < ty.components() && ty.scalar().is_none()).then_some(k)
}

pub(crate) fn invalid_operands(op: &str, l: ValueType, r: ValueType, pos: Pos) -> ParseError {
    ParseError::new(
        pos,
        ParseErrorKind::InvalidOperands {
            op: op.into(),
            left: l.c_name().into(),
            right: r.c_name().into(),
        },
    )
}

pub(crate) fn invalid_operand(op: &str, ty: ValueType, pos: Pos) -> ParseError {
    ParseError::new(
        pos,
        ParseErrorKind::InvalidOperand {
            op: op.into(),
            ty: ty.c_name().into(),
        },
    )
}

impl Compiler {
    /// Compiles `e`, requiring a scalar; returns its register and type.
    pub(crate) fn scalar(&mut self, e: &Expr, what: &str) -> Result<(Reg, ScalarType), ParseError> {
        let v = self.expr(e)?;
        match v.ty.scalar() {
            Some(s) => Ok((v.reg, s)),
            None => Err(invalid_operand(what, v.ty, e.pos)),
        }
    }

    /// `reg` (of type `from`) as type `to`: the same register where the bits agree.
    pub(crate) fn conv_scalar(
        &mut self,
        reg: Reg,
        from: ScalarType,
        to: ScalarType,
        pos: Pos,
    ) -> Result<Reg, ParseError> {
        use ScalarType::*;
        if from == to || matches!((from, to), (Bool, Int | UInt) | (Int, UInt) | (UInt, Int)) {
            return Ok(reg);
        }
        let dst = self.temp(1);
        self.emit(
            Op::Cvt {
                from,
                to,
                dst,
                src: reg,
            },
            pos,
        )?;
        Ok(dst)
    }

    /// C++ implicit conversion of `v` to `to` (scalars convert freely; vectors only to their
    /// own type).
    pub(crate) fn convert(&mut self, v: Val, to: ValueType, pos: Pos) -> Result<Val, ParseError> {
        if v.ty == to {
            return Ok(v);
        }
        match (v.ty.scalar(), to.scalar()) {
            (Some(a), Some(b)) => Ok(Val {
                reg: self.conv_scalar(v.reg, a, b, pos)?,
                ty: to,
            }),
            _ => Err(ParseError::new(
                pos,
                ParseErrorKind::InvalidConversion {
                    from: v.ty.c_name().into(),
                    to: to.c_name().into(),
                },
            )),
        }
    }

    pub(crate) fn constant(
        &mut self,
        bits: u64,
        ty: ScalarType,
        pos: Pos,
    ) -> Result<Val, ParseError> {
        let dst = self.temp(1);
        self.emit(Op::Const { dst, bits }, pos)?;
        Ok(Val {
            reg: dst,
            ty: ValueType::Scalar(ty),
        })
    }

    /// Compiles an expression into a value.
    pub(crate) fn expr(&mut self, e: &Expr) -> Result<Val, ParseError> {
        let pos = e.pos;
        match &e.kind {
            ExprKind::Int { value, unsigned } => {
                let ty = if *unsigned {
                    ScalarType::UInt
                } else {
                    ScalarType::Int
                };
                self.constant(*value & 0xFFFF_FFFF, ty, pos)
            }
            ExprKind::Float { value, single } => {
                let ty = if *single {
                    ScalarType::Float
                } else {
                    ScalarType::Double
                };
                self.constant(bits_of_float(*value, ty), ty, pos)
            }
            ExprKind::Bool(b) => self.constant(u64::from(*b), ScalarType::Bool, pos),
            ExprKind::Ident(name) => match self.lookup(name).cloned() {
                Some(Binding::Var(_)) | Some(Binding::Shared(_)) => {
                    let p = self.place(e)?;
                    self.read(&p, pos)
                }
                Some(Binding::Buffer(_)) => Err(ParseError::new(
                    pos,
                    ParseErrorKind::ArrayAsValue { name: name.clone() },
                )),
                None if name == "warpSize" => self.constant(32, ScalarType::Int, pos),
                None if builtin(name).is_some() => Err(ParseError::new(
                    pos,
                    ParseErrorKind::BuiltinWithoutAxis { name: name.clone() },
                )),
                None => Err(ParseError::new(
                    pos,
                    ParseErrorKind::UnknownIdentifier { name: name.clone() },
                )),
            },
            ExprKind::Member { base, member } => {
                if let ExprKind::Ident(n) = &base.kind {
                    if let (Some(which), None) = (builtin(n), self.lookup(n)) {
                        let axis = match member.as_str() {
                            "x" => 0,
                            "y" => 1,
                            "z" => 2,
                            _ => {
                                return Err(ParseError::new(
                                    pos,
                                    ParseErrorKind::NoSuchMember {
                                        ty: "uint3".into(),
                                        member: member.clone(),
                                    },
                                ))
                            }
                        };
                        let dst = self.temp(1);
                        self.emit(Op::Builtin { dst, which, axis }, base.pos)?;
                        return Ok(Val {
                            reg: dst,
                            ty: ValueType::Scalar(ScalarType::UInt),
                        });
                    }
                }
                if matches!(
                    base.kind,
                    ExprKind::Ident(_) | ExprKind::Index { .. } | ExprKind::Member { .. }
                ) {
                    let p = self.place(e)?;
                    return self.read(&p, pos);
                }
                let v = self.expr(base)?;
                let Some(k) = member_index(v.ty, member) else {
                    return Err(ParseError::new(
                        pos,
                        ParseErrorKind::NoSuchMember {
                            ty: v.ty.c_name().into(),
                            member: member.clone(),
                        },
                    ));
                };
                Ok(Val {
                    reg: v.reg + k,
                    ty: ValueType::Scalar(ScalarType::Float),
                })
            }
            ExprKind::Index { .. } => {
                let p = self.place(e)?;
                self.read(&p, pos)
            }
            ExprKind::Call { name, args } => self.call(name, args, pos),
            ExprKind::Cast { to, operand } => {
                let v = self.expr(operand)?;
                if v.ty.scalar().is_none() {
                    return Err(ParseError::unsupported(pos, Unsupported::VectorCast));
                }
                self.convert(v, ValueType::Scalar(*to), pos)
            }
            ExprKind::Unary { op, operand } => self.unary(*op, operand, pos),
            ExprKind::Assign {
                op: Some(_),
                target,
                ..
            } if self.is_array(target) => {
                Err(ParseError::unsupported(pos, Unsupported::PointerArithmetic))
            }
            ExprKind::Assign { op, target, value } => {
                // C++17 [expr.ass]: the right operand is sequenced before the left.
                let v = self.expr(value)?;
                let p = self.place(target)?;
                let result = match op {
                    None => v,
                    Some(bop) => {
                        let cur = self.read(&p, target.pos)?;
                        self.binary(*bop, cur, v, pos)?
                    }
                };
                let cv = self.convert(result, p.ty(), pos)?;
                self.write(&p, cv, pos)?;
                Ok(cv)
            }
            ExprKind::Cond { cond, then, other } => {
                let (c, cty) = self.scalar(cond, "?:")?;
                let t = self.conv_to_bool(c, cty, pos)?;
                let a = self.masked(t, false, pos, |s| s.expr(then))?;
                let b = self.masked(t, true, pos, |s| s.expr(other))?;
                let ty = match (a.ty.scalar(), b.ty.scalar()) {
                    _ if a.ty == b.ty => a.ty,
                    (Some(x), Some(y)) => ValueType::Scalar(usual_arithmetic(x, y)),
                    _ => return Err(invalid_operands("?:", a.ty, b.ty, pos)),
                };
                let a = self.convert(a, ty, pos)?;
                let b = self.convert(b, ty, pos)?;
                let n = ty.components();
                let dst = self.temp(n);
                for k in 0..n {
                    self.emit(
                        Op::Select {
                            cond: t,
                            dst: dst + k,
                            a: a.reg + k,
                            b: b.reg + k,
                        },
                        pos,
                    )?;
                }
                Ok(Val { reg: dst, ty })
            }
            ExprKind::Binary {
                op: BinOp::Comma,
                left,
                right,
            } => {
                self.expr(left)?;
                self.expr(right)
            }
            ExprKind::Binary {
                op: op @ (BinOp::LogAnd | BinOp::LogOr),
                left,
                right,
            } => {
                let (l, lty) = self.scalar(left, op.symbol())?;
                let t = self.temp(1);
                self.bool_into(t, l, lty, pos)?;
                let neg = *op == BinOp::LogOr;
                self.masked(t, neg, pos, |s| {
                    let (r, rty) = s.scalar(right, op.symbol())?;
                    s.bool_into(t, r, rty, pos)?;
                    Ok(Val {
                        reg: t,
                        ty: ValueType::Scalar(ScalarType::Bool),
                    })
                })?;
                Ok(Val {
                    reg: t,
                    ty: ValueType::Scalar(ScalarType::Bool),
                })
            }
            ExprKind::Binary { op, left, right } => {
                if self.is_array(left) || self.is_array(right) {
                    return Err(ParseError::unsupported(pos, Unsupported::PointerArithmetic));
                }
                let l = self.expr(left)?;
                let r = self.expr(right)?;
                self.binary(*op, l, r, pos)
            }
        }
    }

    fn bool_into(
        &mut self,
        dst: Reg,
        src: Reg,
        ty: ScalarType,
        pos: Pos,
    ) -> Result<(), ParseError> {
        let op = if ty == ScalarType::Bool {
            Op::Mov { dst, src }
        } else {
            Op::Cvt {
                from: ty,
                to: ScalarType::Bool,
                dst,
                src,
            }
        };
        self.emit(op, pos).map(|_| ())
    }

    fn conv_to_bool(&mut self, src: Reg, ty: ScalarType, pos: Pos) -> Result<Reg, ParseError> {
        let t = self.temp(1);
        self.bool_into(t, src, ty, pos)?;
        Ok(t)
    }

    /// Runs `f` under the mask narrowed to lanes where `cond` (a `bool`) is true (`negate`:
    /// false); skipped when no lane is left.
    fn masked(
        &mut self,
        cond: Reg,
        negate: bool,
        pos: Pos,
        f: impl FnOnce(&mut Self) -> Result<Val, ParseError>,
    ) -> Result<Val, ParseError> {
        let push = self.emit(
            Op::MaskPush {
                cond,
                ty: ScalarType::Bool,
                negate,
                skip_to: 0,
            },
            pos,
        )?;
        let v = f(self)?;
        let pop = self.emit(Op::MaskPop, pos)?;
        if let Some(Op::MaskPush { skip_to, .. }) = self.ops.get_mut(push as usize) {
            *skip_to = pop;
        }
        Ok(v)
    }

    /// Arithmetic, bitwise and comparison operators on two values (not `&&`, `||`, `,`).
    pub(crate) fn binary(
        &mut self,
        op: BinOp,
        l: Val,
        r: Val,
        pos: Pos,
    ) -> Result<Val, ParseError> {
        let (Some(ls), Some(rs)) = (l.ty.scalar(), r.ty.scalar()) else {
            return Err(invalid_operands(op.symbol(), l.ty, r.ty, pos));
        };
        let integer_only = matches!(
            op,
            BinOp::Rem | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::Shl | BinOp::Shr
        );
        if integer_only && !(ls.is_integer() && rs.is_integer()) {
            return Err(invalid_operands(op.symbol(), l.ty, r.ty, pos));
        }
        let arith = match op {
            BinOp::Add => Some(Arith::Add),
            BinOp::Sub => Some(Arith::Sub),
            BinOp::Mul => Some(Arith::Mul),
            BinOp::Div => Some(Arith::Div),
            BinOp::Rem => Some(Arith::Rem),
            BinOp::Shl => Some(Arith::Shl),
            BinOp::Shr => Some(Arith::Shr),
            BinOp::BitAnd => Some(Arith::And),
            BinOp::BitOr => Some(Arith::Or),
            BinOp::BitXor => Some(Arith::Xor),
            _ => None,
        };
        let dst = self.temp(1);
        if let Some(a_op) = arith {
            // Shifts: the result has the promoted left type (C++ [expr.shift]).
            let (t, rt) = if matches!(op, BinOp::Shl | BinOp::Shr) {
                (ls.promoted(), rs.promoted())
            } else {
                let t = usual_arithmetic(ls, rs);
                (t, t)
            };
            let a = self.conv_scalar(l.reg, ls, t, pos)?;
            let b = self.conv_scalar(r.reg, rs, rt, pos)?;
            self.emit(
                Op::Arith {
                    op: a_op,
                    ty: t,
                    dst,
                    a,
                    b,
                },
                pos,
            )?;
            return Ok(Val {
                reg: dst,
                ty: ValueType::Scalar(t),
            });
        }
        let cmp = match op {
            BinOp::Lt => Cmp::Lt,
            BinOp::Le => Cmp::Le,
            BinOp::Gt => Cmp::Gt,
            BinOp::Ge => Cmp::Ge,
            BinOp::Eq => Cmp::Eq,
            BinOp::Ne => Cmp::Ne,
            _ => return Err(invalid_operands(op.symbol(), l.ty, r.ty, pos)),
        };
        let t = usual_arithmetic(ls, rs);
        let a = self.conv_scalar(l.reg, ls, t, pos)?;
        let b = self.conv_scalar(r.reg, rs, t, pos)?;
        self.emit(
            Op::Cmp {
                op: cmp,
                ty: t,
                dst,
                a,
                b,
            },
            pos,
        )?;
        Ok(Val {
            reg: dst,
            ty: ValueType::Scalar(ScalarType::Bool),
        })
    }

    fn unary(&mut self, op: UnOp, operand: &Expr, pos: Pos) -> Result<Val, ParseError> {
        match op {
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                if self.is_array(operand) {
                    return Err(ParseError::unsupported(pos, Unsupported::PointerArithmetic));
                }
                let p = self.place(operand)?;
                let cur = self.read(&p, operand.pos)?;
                let ok = cur.ty.scalar().is_some_and(|s| s != ScalarType::Bool);
                if !ok {
                    return Err(invalid_operand(op.symbol(), cur.ty, pos));
                }
                let old = match p {
                    Place::Var { .. } => {
                        let t = self.temp(1);
                        self.emit(
                            Op::Mov {
                                dst: t,
                                src: cur.reg,
                            },
                            pos,
                        )?;
                        Val { reg: t, ty: cur.ty }
                    }
                    Place::Mem { .. } => cur,
                };
                let one = self.constant(1, ScalarType::Int, pos)?;
                let bop = if matches!(op, UnOp::PreInc | UnOp::PostInc) {
                    BinOp::Add
                } else {
                    BinOp::Sub
                };
                let new = self.binary(bop, old, one, pos)?;
                let new = self.convert(new, p.ty(), pos)?;
                self.write(&p, new, pos)?;
                Ok(if matches!(op, UnOp::PreInc | UnOp::PreDec) {
                    new
                } else {
                    old
                })
            }
            UnOp::Plus | UnOp::Neg | UnOp::BitNot | UnOp::Not => {
                let v = self.expr(operand)?;
                let Some(s) = v.ty.scalar() else {
                    return Err(invalid_operand(op.symbol(), v.ty, pos));
                };
                if op == UnOp::Not {
                    let dst = self.temp(1);
                    self.emit(
                        Op::Unary {
                            op: Unary::Not,
                            ty: s,
                            dst,
                            a: v.reg,
                        },
                        pos,
                    )?;
                    return Ok(Val {
                        reg: dst,
                        ty: ValueType::Scalar(ScalarType::Bool),
                    });
                }
                if op == UnOp::BitNot && !s.is_integer() {
                    return Err(invalid_operand(op.symbol(), v.ty, pos));
                }
                let t = s.promoted();
                let a = self.conv_scalar(v.reg, s, t, pos)?;
                if op == UnOp::Plus {
                    return Ok(Val {
                        reg: a,
                        ty: ValueType::Scalar(t),
                    });
                }
                let dst = self.temp(1);
                let u = if op == UnOp::Neg {
                    Unary::Neg
                } else {
                    Unary::BitNot
                };
                self.emit(
                    Op::Unary {
                        op: u,
                        ty: t,
                        dst,
                        a,
                    },
                    pos,
                )?;
                Ok(Val {
                    reg: dst,
                    ty: ValueType::Scalar(t),
                })
            }
        }
    }
}
