//! Lowering: the syntax tree → [`Program`]. Resolves names through nested scopes, gives every
//! variable a register, lays out shared memory, and turns `if`/loops into SIMT-stack markers.
//! Type checking happens here (expressions in [`super::compile_expr`]).

use super::ast::{Expr, KernelAst, SharedDecl, Stmt};
use super::compile_const::const_in_type;
use super::error::{LabLimit, ParseError, ParseErrorKind, Pos};
use super::ir::{MemRef, Op, Param, ParamKind, Program, Reg, SharedArray};
use super::types::ValueType;

/// Temporaries are numbered from this bit until the end of compilation, then placed after
/// the variables.
pub(crate) const TEMP: u32 = 1 << 31;

/// Most operations in a compiled kernel.
pub const MAX_OPS: usize = 200_000;

/// Most registers (each is 32 lanes × 8 bytes per warp).
pub const MAX_REGS: u32 = 4096;

/// Static shared memory a block may declare (PG "Shared Memory": 48 KB; more needs dynamic
/// shared memory and `cudaFuncAttributeMaxDynamicSharedMemorySize`).
pub const STATIC_SMEM_LIMIT_BYTES: u32 = 48 * 1024;

/// A name in scope.
#[derive(Clone, Debug)]
pub(crate) enum Binding {
    Var(VarInfo),
    /// Pointer parameter number `buf` among the pointers.
    Buffer(u32),
    /// Shared array number `arr`.
    Shared(u32),
}

#[derive(Clone, Debug)]
pub(crate) struct VarInfo {
    pub reg: Reg,
    pub ty: ValueType,
    pub is_const: bool,
    /// First tracked-initialisation id (one per component) for variables declared without a
    /// value.
    pub tracked: Option<u32>,
    /// The value of a `const` integer variable with a constant initialiser (usable in array
    /// sizes, as C++ allows).
    pub const_value: Option<i64>,
}

#[derive(Clone, Debug)]
pub(crate) struct BufInfo {
    pub elem: ValueType,
    pub is_const: bool,
}

pub(crate) struct Compiler {
    pub ops: Vec<Op>,
    pub pos: Vec<Pos>,
    pub mems: Vec<MemRef>,
    scopes: Vec<Vec<(String, Binding)>>,
    n_vars: u32,
    temp: u32,
    temp_max: u32,
    pub tracked_names: Vec<String>,
    loop_depth: u32,
    pub buffers: Vec<BufInfo>,
    pub shared: Vec<SharedArray>,
    smem_end: u64,
}

/// Compiles a parsed kernel: its parameters, shared arrays and program.
pub(crate) fn compile(
    ast: &KernelAst,
) -> Result<(Vec<Param>, Vec<SharedArray>, Program), ParseError> {
    let mut c = Compiler {
        ops: Vec::new(),
        pos: Vec::new(),
        mems: Vec::new(),
        scopes: vec![Vec::new(), Vec::new()],
        n_vars: 0,
        temp: 0,
        temp_max: 0,
        tracked_names: Vec::new(),
        loop_depth: 0,
        buffers: Vec::new(),
        shared: Vec::new(),
        smem_end: 0,
    };
    for g in &ast.globals {
        c.declare_shared(g, 0)?;
    }
    let mut params = Vec::new();
    let mut param_regs = Vec::new();
    for (i, p) in ast.params.iter().enumerate() {
        if c.scopes[1].iter().any(|(n, _)| *n == p.name) {
            return Err(ParseError::new(
                p.pos,
                ParseErrorKind::Redeclared {
                    name: p.name.clone(),
                },
            ));
        }
        if p.pointer {
            let buf = c.buffers.len() as u32;
            c.buffers.push(BufInfo {
                elem: p.ty,
                is_const: p.is_const,
            });
            c.scopes[1].push((p.name.clone(), Binding::Buffer(buf)));
            params.push(Param {
                name: p.name.clone(),
                kind: ParamKind::Pointer {
                    elem: p.ty,
                    is_const: p.is_const,
                },
            });
        } else {
            let ty = p.ty.component();
            let reg = c.var_regs(1);
            param_regs.push((i, reg));
            let info = VarInfo {
                reg,
                ty: p.ty,
                is_const: p.is_const,
                tracked: None,
                const_value: None,
            };
            c.scopes[1].push((p.name.clone(), Binding::Var(info)));
            params.push(Param {
                name: p.name.clone(),
                kind: ParamKind::Scalar { ty },
            });
        }
    }
    for s in &ast.body {
        c.stmt(s)?;
    }
    let n_vars = c.n_vars;
    let n_regs = n_vars + c.temp_max;
    if n_regs > MAX_REGS {
        return Err(ParseError::new(
            Pos { line: 1, column: 1 },
            ParseErrorKind::TooComplex {
                what: LabLimit::Registers,
                limit: MAX_REGS,
            },
        ));
    }
    let remap = |r: Reg| {
        if r & TEMP != 0 {
            n_vars + (r & !TEMP)
        } else {
            r
        }
    };
    for op in &mut c.ops {
        op.map_regs(&remap);
    }
    for m in &mut c.mems {
        m.reg = remap(m.reg);
        for r in &mut m.idx {
            *r = remap(*r);
        }
    }
    let max_line = c.pos.iter().map(|p| p.line).max().unwrap_or(0);
    let program = Program {
        ops: c.ops,
        pos: c.pos,
        mems: c.mems,
        n_regs,
        tracked_names: c.tracked_names,
        param_regs,
        max_line,
    };
    Ok((params, c.shared, program))
}

impl Compiler {
    /// Appends an op; returns its index.
    pub(crate) fn emit(&mut self, op: Op, pos: Pos) -> Result<u32, ParseError> {
        if self.ops.len() >= MAX_OPS {
            return Err(ParseError::new(
                pos,
                ParseErrorKind::TooComplex {
                    what: LabLimit::Operations,
                    limit: MAX_OPS as u32,
                },
            ));
        }
        self.ops.push(op);
        self.pos.push(pos);
        Ok((self.ops.len() - 1) as u32)
    }

    pub(crate) fn pc(&self) -> u32 {
        self.ops.len() as u32
    }

    /// `n` consecutive temporary registers.
    pub(crate) fn temp(&mut self, n: u32) -> Reg {
        let r = TEMP | self.temp;
        self.temp += n;
        self.temp_max = self.temp_max.max(self.temp);
        r
    }

    fn var_regs(&mut self, n: u32) -> Reg {
        let r = self.n_vars;
        self.n_vars += n;
        r
    }

    pub(crate) fn lookup(&self, name: &str) -> Option<&Binding> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.iter().rev().find(|(n, _)| n == name).map(|(_, b)| b))
    }

    fn bind(&mut self, name: &str, pos: Pos, b: Binding) -> Result<(), ParseError> {
        let Some(scope) = self.scopes.last_mut() else {
            return Ok(());
        };
        if scope.iter().any(|(n, _)| n == name) {
            return Err(ParseError::new(
                pos,
                ParseErrorKind::Redeclared {
                    name: name.to_string(),
                },
            ));
        }
        scope.push((name.to_string(), b));
        Ok(())
    }

    fn scoped<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        self.scopes.push(Vec::new());
        let r = f(self);
        self.scopes.pop();
        r
    }

    fn stmt(&mut self, s: &Stmt) -> Result<(), ParseError> {
        let mark = self.temp;
        let r = self.stmt_inner(s);
        self.temp = mark;
        r
    }

    fn stmt_inner(&mut self, s: &Stmt) -> Result<(), ParseError> {
        match s {
            Stmt::Empty => Ok(()),
            Stmt::Expr(e) => self.expr(e).map(|_| ()),
            Stmt::Decl { ty, is_const, vars } => {
                for d in vars {
                    let mark = self.temp;
                    let init = match &d.init {
                        Some(e) => {
                            let v = self.expr(e)?;
                            Some(self.convert(v, *ty, e.pos)?)
                        }
                        None => None,
                    };
                    let n = ty.components();
                    let reg = self.var_regs(n);
                    // Stored as the declared type holds it (`const bool B = 8` is 1).
                    let const_value = match (&d.init, is_const, ty.scalar()) {
                        (Some(e), true, Some(s)) if s.is_integer() => {
                            self.const_eval(e)?.map(|v| const_in_type(v, s))
                        }
                        _ => None,
                    };
                    let tracked = if init.is_none() {
                        let first = self.tracked_names.len() as u32;
                        for _ in 0..n {
                            self.tracked_names.push(d.name.clone());
                        }
                        self.emit(Op::DeclUninit { first, count: n }, d.pos)?;
                        Some(first)
                    } else {
                        None
                    };
                    if let Some(v) = init {
                        for k in 0..n {
                            self.emit(
                                Op::Mov {
                                    dst: reg + k,
                                    src: v.reg + k,
                                },
                                d.pos,
                            )?;
                        }
                    }
                    let info = VarInfo {
                        reg,
                        ty: *ty,
                        is_const: *is_const,
                        tracked,
                        const_value,
                    };
                    self.bind(&d.name, d.pos, Binding::Var(info))?;
                    self.temp = mark;
                }
                Ok(())
            }
            Stmt::Shared(d) => {
                let depth = self.scopes.len() - 1;
                self.declare_shared(d, depth)
            }
            Stmt::If {
                cond,
                then,
                other,
                pos,
            } => {
                let (c, ty) = self.scalar(cond, "if")?;
                let at = self.emit(
                    Op::If {
                        cond: c,
                        ty,
                        else_pc: 0,
                        end_pc: 0,
                    },
                    *pos,
                )?;
                self.scoped(|c| c.stmt(then))?;
                let else_pc = self.emit(Op::Else, *pos)?;
                if let Some(o) = other {
                    self.scoped(|c| c.stmt(o))?;
                }
                let end_pc = self.emit(Op::EndIf, *pos)?;
                if let Some(Op::If {
                    else_pc: e,
                    end_pc: x,
                    ..
                }) = self.ops.get_mut(at as usize)
                {
                    *e = else_pc;
                    *x = end_pc;
                }
                Ok(())
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
                pos,
            } => self.scoped(|c| {
                if let Some(i) = init {
                    c.stmt(i)?;
                }
                c.lower_loop(*pos, cond.as_ref(), body, step.as_ref(), false)
            }),
            Stmt::While { cond, body, pos } => self.lower_loop(*pos, Some(cond), body, None, false),
            Stmt::DoWhile { body, cond, pos } => {
                self.lower_loop(*pos, Some(cond), body, None, true)
            }
            Stmt::Break(p) | Stmt::Continue(p) => {
                if self.loop_depth == 0 {
                    let kind = if matches!(s, Stmt::Break(_)) {
                        ParseErrorKind::BreakOutsideLoop
                    } else {
                        ParseErrorKind::ContinueOutsideLoop
                    };
                    return Err(ParseError::new(*p, kind));
                }
                let op = if matches!(s, Stmt::Break(_)) {
                    Op::Break
                } else {
                    Op::Continue
                };
                self.emit(op, *p).map(|_| ())
            }
            Stmt::Return(p) => self.emit(Op::Return, *p).map(|_| ()),
            Stmt::Sync(p) => self.emit(Op::Barrier, *p).map(|_| ()),
            Stmt::Block(b) => self.scoped(|c| {
                for s in b {
                    c.stmt(s)?;
                }
                Ok(())
            }),
        }
    }

    /// `LoopEnter; top: [cond; LoopTest]; body; cont: LoopCont; step; LoopBack top; LoopExit`
    /// (a do-while tests after `LoopCont`).
    fn lower_loop(
        &mut self,
        pos: Pos,
        cond: Option<&Expr>,
        body: &Stmt,
        step: Option<&Expr>,
        test_last: bool,
    ) -> Result<(), ParseError> {
        let enter = self.emit(
            Op::LoopEnter {
                cont_pc: 0,
                end_pc: 0,
            },
            pos,
        )?;
        let top = self.pc();
        if let (Some(c), false) = (cond, test_last) {
            self.loop_test(c)?;
        }
        self.loop_depth += 1;
        let r = self.scoped(|c| c.stmt(body));
        self.loop_depth -= 1;
        r?;
        let cont_pc = self.emit(Op::LoopCont, pos)?;
        if let Some(s) = step {
            let mark = self.temp;
            self.expr(s)?;
            self.temp = mark;
        }
        if let (Some(c), true) = (cond, test_last) {
            self.loop_test(c)?;
        }
        self.emit(Op::LoopBack { top }, pos)?;
        let end_pc = self.emit(Op::LoopExit, pos)?;
        if let Some(Op::LoopEnter {
            cont_pc: c,
            end_pc: e,
        }) = self.ops.get_mut(enter as usize)
        {
            *c = cont_pc;
            *e = end_pc;
        }
        Ok(())
    }

    fn loop_test(&mut self, cond: &Expr) -> Result<(), ParseError> {
        let mark = self.temp;
        let (c, ty) = self.scalar(cond, "loop condition")?;
        self.emit(Op::LoopTest { cond: c, ty }, cond.pos)?;
        self.temp = mark;
        Ok(())
    }

    fn declare_shared(&mut self, d: &SharedDecl, scope: usize) -> Result<(), ParseError> {
        let mut dims = Vec::new();
        for e in &d.dims {
            let Some(v) = self.const_eval(e)? else {
                return Err(ParseError::new(
                    e.pos,
                    ParseErrorKind::ArraySizeNotConstant {
                        name: d.name.clone(),
                    },
                ));
            };
            if v <= 0 || v > i64::from(u32::MAX) {
                return Err(ParseError::new(
                    e.pos,
                    ParseErrorKind::ArraySizeInvalid {
                        name: d.name.clone(),
                        size: v,
                    },
                ));
            }
            dims.push(v as u32);
        }
        let count: u64 = dims.iter().map(|x| u64::from(*x)).product();
        let bytes = count.saturating_mul(u64::from(d.elem.bytes()));
        let align = u64::from(d.elem.align());
        let offset = self.smem_end.div_ceil(align) * align;
        let end = offset.saturating_add(bytes);
        if end > u64::from(STATIC_SMEM_LIMIT_BYTES) {
            return Err(ParseError::new(
                d.pos,
                ParseErrorKind::SharedMemoryTooLarge {
                    bytes: end,
                    limit_bytes: STATIC_SMEM_LIMIT_BYTES,
                },
            ));
        }
        self.smem_end = end;
        let arr = self.shared.len() as u32;
        self.shared.push(SharedArray {
            name: d.name.clone(),
            elem: d.elem,
            dims,
            offset_bytes: offset as u32,
            bytes: bytes as u32,
            line: d.pos.line,
        });
        let Some(s) = self.scopes.get_mut(scope) else {
            return Ok(());
        };
        if s.iter().any(|(n, _)| *n == d.name) {
            return Err(ParseError::new(
                d.pos,
                ParseErrorKind::Redeclared {
                    name: d.name.clone(),
                },
            ));
        }
        s.push((d.name.clone(), Binding::Shared(arr)));
        Ok(())
    }
}
