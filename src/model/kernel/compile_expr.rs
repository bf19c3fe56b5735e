//! Expressions: C++ typing (integral promotion, usual arithmetic conversions, `bool` results
//! of comparisons), places that can be assigned, loads and stores, short-circuit `&&`/`||`
//! and `?:` under narrowed masks, built-in variables and the math functions the lab knows.

use super::ast::{BinOp, Expr, ExprKind, UnOp};
use super::compile::{Binding, Compiler, VarInfo};
use super::error::{ParseError, ParseErrorKind, Pos, Unsupported};
use super::ir::{Arith, Builtin, Cmp, MemRef, Op, Reg, Space, Unary};
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
    fn ty(&self) -> ValueType {
        match self {
            Place::Var { ty, .. } | Place::Mem { ty, .. } => *ty,
        }
    }
}

fn builtin(name: &str) -> Option<Builtin> {
    match name {
        "threadIdx" => Some(Builtin::ThreadIdx),
        "blockIdx" => Some(Builtin::BlockIdx),
        "blockDim" => Some(Builtin::BlockDim),
        "gridDim" => Some(Builtin::GridDim),
        _ => None,
    }
}

fn member_index(ty: ValueType, member: &str) -> Option<u32> {
    let k = match member {
        "x" => 0,
        "y" => 1,
        "z" => 2,
        "w" => 3,
        _ => return None,
    };
    (k < ty.components() && ty.scalar().is_none()).then_some(k)
}

fn invalid_operands(op: &str, l: ValueType, r: ValueType, pos: Pos) -> ParseError {
    ParseError::new(
        pos,
        ParseErrorKind::InvalidOperands {
            op: op.into(),
            left: l.c_name().into(),
            right: r.c_name().into(),
        },
    )
}

fn invalid_operand(op: &str, ty: ValueType, pos: Pos) -> ParseError {
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
    fn conv_scalar(
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

    fn constant(&mut self, bits: u64, ty: ScalarType, pos: Pos) -> Result<Val, ParseError> {
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

    /// The place an lvalue expression names (its indices are computed here).
    pub(crate) fn place(&mut self, e: &Expr) -> Result<Place, ParseError> {
        match &e.kind {
            ExprKind::Ident(name) => match self.lookup(name).cloned() {
                Some(Binding::Var(VarInfo {
                    reg,
                    ty,
                    is_const,
                    tracked,
                    ..
                })) => Ok(Place::Var {
                    reg,
                    ty,
                    tracked,
                    name: name.clone(),
                    is_const,
                }),
                Some(Binding::Shared(arr)) => self.shared_place(arr, name, &[], e.pos),
                Some(Binding::Buffer(_)) => Err(ParseError::new(
                    e.pos,
                    ParseErrorKind::ArrayAsValue { name: name.clone() },
                )),
                None if builtin(name).is_some() || name == "warpSize" => {
                    Err(ParseError::new(e.pos, ParseErrorKind::NotAssignable))
                }
                None => Err(ParseError::new(
                    e.pos,
                    ParseErrorKind::UnknownIdentifier { name: name.clone() },
                )),
            },
            ExprKind::Member { base, member } => {
                if let ExprKind::Ident(n) = &base.kind {
                    if builtin(n).is_some() && self.lookup(n).is_none() {
                        return Err(ParseError::new(e.pos, ParseErrorKind::NotAssignable));
                    }
                }
                let p = self.place(base)?;
                let Some(k) = member_index(p.ty(), member) else {
                    return Err(ParseError::new(
                        e.pos,
                        ParseErrorKind::NoSuchMember {
                            ty: p.ty().c_name().into(),
                            member: member.clone(),
                        },
                    ));
                };
                let f = ValueType::Scalar(ScalarType::Float);
                Ok(match p {
                    Place::Var {
                        reg,
                        tracked,
                        name,
                        is_const,
                        ..
                    } => Place::Var {
                        reg: reg + k,
                        ty: f,
                        tracked: tracked.map(|t| t + k),
                        name,
                        is_const,
                    },
                    Place::Mem {
                        space,
                        idx,
                        n_idx,
                        idx_ty,
                        offset,
                        elem_bytes,
                        name,
                        read_only,
                        ..
                    } => Place::Mem {
                        space,
                        idx,
                        n_idx,
                        idx_ty,
                        ty: f,
                        offset: offset + 4 * k,
                        elem_bytes,
                        name,
                        read_only,
                    },
                })
            }
            ExprKind::Index { .. } => {
                let mut indices = Vec::new();
                let mut root = e;
                while let ExprKind::Index { base, index } = &root.kind {
                    indices.push(index.as_ref());
                    root = base;
                }
                indices.reverse();
                let ExprKind::Ident(name) = &root.kind else {
                    // `(p + 1)[i]` and the like: report what is wrong inside first.
                    self.expr(root)?;
                    return Err(ParseError::new(
                        e.pos,
                        ParseErrorKind::IndexNotArray {
                            name: "this expression".into(),
                        },
                    ));
                };
                match self.lookup(name).cloned() {
                    Some(Binding::Buffer(buf)) => {
                        if indices.len() != 1 {
                            return Err(ParseError::new(
                                e.pos,
                                ParseErrorKind::IndexNotArray {
                                    name: format!("{name}[…]"),
                                },
                            ));
                        }
                        let (r, t) = self.index(indices[0])?;
                        let Some(info) = self.buffers.get(buf as usize).cloned() else {
                            return Err(ParseError::new(
                                e.pos,
                                ParseErrorKind::UnknownIdentifier { name: name.clone() },
                            ));
                        };
                        Ok(Place::Mem {
                            space: Space::Global { buf },
                            idx: [r, 0],
                            n_idx: 1,
                            idx_ty: [t, ScalarType::Int],
                            ty: info.elem,
                            offset: 0,
                            elem_bytes: info.elem.bytes(),
                            name: name.clone(),
                            read_only: info.is_const,
                        })
                    }
                    Some(Binding::Shared(arr)) => self.shared_place(arr, name, &indices, e.pos),
                    Some(Binding::Var(_)) => Err(ParseError::new(
                        e.pos,
                        ParseErrorKind::IndexNotArray { name: name.clone() },
                    )),
                    None => Err(ParseError::new(
                        root.pos,
                        ParseErrorKind::UnknownIdentifier { name: name.clone() },
                    )),
                }
            }
            _ => Err(ParseError::new(e.pos, ParseErrorKind::NotAssignable)),
        }
    }

    /// True when `e` names a pointer parameter or a shared array (with dimensions).
    fn is_array(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Ident(n) => match self.lookup(n) {
                Some(Binding::Buffer(_)) => true,
                Some(Binding::Shared(arr)) => self
                    .shared
                    .get(*arr as usize)
                    .is_some_and(|a| !a.dims.is_empty()),
                _ => false,
            },
            _ => false,
        }
    }

    fn index(&mut self, e: &Expr) -> Result<(Reg, ScalarType), ParseError> {
        let v = self.expr(e)?;
        match v.ty.scalar() {
            Some(s) if s.is_integer() => Ok((v.reg, s.promoted())),
            _ => Err(ParseError::new(
                e.pos,
                ParseErrorKind::IndexNotInteger {
                    found: v.ty.c_name().into(),
                },
            )),
        }
    }

    fn shared_place(
        &mut self,
        arr: u32,
        name: &str,
        indices: &[&Expr],
        pos: Pos,
    ) -> Result<Place, ParseError> {
        let Some(a) = self.shared.get(arr as usize).cloned() else {
            return Err(ParseError::new(
                pos,
                ParseErrorKind::UnknownIdentifier { name: name.into() },
            ));
        };
        if indices.len() != a.dims.len() {
            if a.dims.is_empty() || indices.is_empty() {
                let kind = if a.dims.is_empty() {
                    ParseErrorKind::IndexNotArray { name: name.into() }
                } else {
                    ParseErrorKind::ArrayAsValue { name: name.into() }
                };
                return Err(ParseError::new(pos, kind));
            }
            return Err(ParseError::new(
                pos,
                ParseErrorKind::WrongIndexCount {
                    name: name.into(),
                    expected: a.dims.len() as u32,
                    found: indices.len() as u32,
                },
            ));
        }
        let mut idx = [0; 2];
        let mut idx_ty = [ScalarType::Int; 2];
        for (k, e) in indices.iter().enumerate() {
            let (r, t) = self.index(e)?;
            idx[k] = r;
            idx_ty[k] = t;
        }
        Ok(Place::Mem {
            space: Space::Shared { arr },
            idx,
            n_idx: indices.len() as u8,
            idx_ty,
            ty: a.elem,
            offset: 0,
            elem_bytes: a.elem.bytes(),
            name: name.into(),
            read_only: false,
        })
    }

    fn mem_ref(&mut self, p: &Place, reg: Reg, store: bool) -> Option<u32> {
        let Place::Mem {
            space,
            idx,
            n_idx,
            idx_ty,
            ty,
            offset,
            elem_bytes,
            ..
        } = p
        else {
            return None;
        };
        self.mems.push(MemRef {
            space: *space,
            idx: *idx,
            n_idx: *n_idx,
            idx_ty: *idx_ty,
            reg,
            comps: ty.components() as u8,
            comp: ty.component(),
            offset_bytes: *offset,
            width_bytes: ty.bytes(),
            elem_bytes: *elem_bytes,
            store,
        });
        Some((self.mems.len() - 1) as u32)
    }

    /// Reads a place: a variable's registers (checking it has a value) or a load.
    pub(crate) fn read(&mut self, p: &Place, pos: Pos) -> Result<Val, ParseError> {
        match p {
            Place::Var {
                reg, ty, tracked, ..
            } => {
                if let Some(t) = tracked {
                    for k in 0..ty.components() {
                        self.emit(Op::CheckInit { id: t + k }, pos)?;
                    }
                }
                Ok(Val { reg: *reg, ty: *ty })
            }
            Place::Mem { ty, .. } => {
                let dst = self.temp(ty.components());
                if let Some(mem) = self.mem_ref(p, dst, false) {
                    self.emit(Op::Load { mem }, pos)?;
                }
                Ok(Val { reg: dst, ty: *ty })
            }
        }
    }

    /// Assigns `v` (already of the place's type) to a place.
    pub(crate) fn write(&mut self, p: &Place, v: Val, pos: Pos) -> Result<(), ParseError> {
        match p {
            Place::Var {
                reg,
                ty,
                tracked,
                name,
                is_const,
            } => {
                if *is_const {
                    return Err(ParseError::new(
                        pos,
                        ParseErrorKind::AssignToConst { name: name.clone() },
                    ));
                }
                for k in 0..ty.components() {
                    self.emit(
                        Op::Mov {
                            dst: reg + k,
                            src: v.reg + k,
                        },
                        pos,
                    )?;
                    if let Some(t) = tracked {
                        self.emit(Op::MarkInit { id: t + k }, pos)?;
                    }
                }
                Ok(())
            }
            Place::Mem {
                read_only, name, ..
            } => {
                if *read_only {
                    return Err(ParseError::new(
                        pos,
                        ParseErrorKind::AssignToConstPointee { name: name.clone() },
                    ));
                }
                if let Some(mem) = self.mem_ref(p, v.reg, true) {
                    self.emit(Op::Store { mem }, pos)?;
                }
                Ok(())
            }
        }
    }

    fn call(&mut self, name: &str, args: &[Expr], pos: Pos) -> Result<Val, ParseError> {
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
