//! Places (what can be assigned): variables, vector members, pointer and shared-array elements;
//! their loads and stores, with the constness checks of C++.

use super::ast::{Expr, ExprKind};
use super::compile::{Binding, Compiler, VarInfo};
use super::compile_expr::{builtin, member_index, Place, Val};
use super::error::{ParseError, ParseErrorKind, Pos};
use super::ir::{MemRef, Op, Reg, Space};
use super::types::{ScalarType, ValueType};

impl Compiler {
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
    pub(crate) fn is_array(&self, e: &Expr) -> bool {
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
}
