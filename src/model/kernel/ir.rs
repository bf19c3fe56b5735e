//! The compiled form [`super::exec`] runs: a flat list of typed operations on numbered lane
//! registers, with structured-control markers that drive the SIMT stack (spec §3).
//!
//! Every value lives in a register of 32 lane slots (64 bits each, see [`super::types`]);
//! variables have fixed registers, temporaries are reused statement by statement. Names,
//! scopes, types and conversions are resolved when compiling, so running needs no lookups.

use super::error::Pos;
use super::types::{ScalarType, ValueType};

/// A register number.
pub(crate) type Reg = u32;

/// Two-operand arithmetic. Shifts take the count as an unsigned 32-bit value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Or,
    Xor,
    Min,
    Max,
}

/// Comparisons; the result is a `bool`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// One-operand operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unary {
    Neg,
    BitNot,
    /// Logical not: the result is a `bool`.
    Not,
    Abs,
    Sqrt,
    Exp,
    Floor,
    Ceil,
}

/// The built-in index variables (PG "Built-in Variables").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    ThreadIdx,
    BlockIdx,
    BlockDim,
    GridDim,
}

/// Where a memory operation goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Space {
    /// Global memory: the buffer of pointer parameter number `buf` (counting pointers only).
    Global { buf: u32 },
    /// Shared memory: static array number `arr`.
    Shared { arr: u32 },
}

/// One load or store site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MemRef {
    pub space: Space,
    /// Index registers: one for a pointer or 1-D array, two for a 2-D array, none for a
    /// shared scalar.
    pub idx: [Reg; 2],
    pub n_idx: u8,
    /// Type of each index (`int` or `unsigned`).
    pub idx_ty: [ScalarType; 2],
    /// First register loaded into / stored from.
    pub reg: Reg,
    /// Registers moved: 1, 2 or 4.
    pub comps: u8,
    /// Type of each register moved.
    pub comp: ScalarType,
    /// Bytes from the element's start to the part accessed (a member: `.y` is 4).
    pub offset_bytes: u32,
    /// Bytes each lane moves.
    pub width_bytes: u32,
    /// Bytes of one element (the indexed type).
    pub elem_bytes: u32,
    pub store: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Const {
        dst: Reg,
        bits: u64,
    },
    Mov {
        dst: Reg,
        src: Reg,
    },
    Builtin {
        dst: Reg,
        which: Builtin,
        axis: u8,
    },
    Arith {
        op: Arith,
        ty: ScalarType,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    Cmp {
        op: Cmp,
        ty: ScalarType,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    Unary {
        op: Unary,
        ty: ScalarType,
        dst: Reg,
        a: Reg,
    },
    Cvt {
        from: ScalarType,
        to: ScalarType,
        dst: Reg,
        src: Reg,
    },
    /// `dst = cond ? a : b` per lane (`cond` a `bool`): the end of a `?:`.
    Select {
        cond: Reg,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    Load {
        mem: u32,
    },
    Store {
        mem: u32,
    },
    /// Splits the mask on `cond`; runs the `then` side first (the order is the compiler's
    /// choice on hardware: `divergence.json`), `else_pc` holds [`Op::Else`], `end_pc` [`Op::EndIf`].
    If {
        cond: Reg,
        ty: ScalarType,
        else_pc: u32,
        end_pc: u32,
    },
    Else,
    EndIf,
    LoopEnter {
        cont_pc: u32,
        end_pc: u32,
    },
    LoopTest {
        cond: Reg,
        ty: ScalarType,
    },
    LoopCont,
    LoopBack {
        top: u32,
    },
    LoopExit,
    Break,
    Continue,
    Return,
    Barrier,
    /// Narrows the mask for one side of `&&`, `||` or `?:`; `skip_to` is the matching
    /// [`Op::MaskPop`].
    MaskPush {
        cond: Reg,
        ty: ScalarType,
        negate: bool,
        skip_to: u32,
    },
    MaskPop,
    DeclUninit {
        first: u32,
        count: u32,
    },
    CheckInit {
        id: u32,
    },
    MarkInit {
        id: u32,
    },
}

impl Op {
    /// True for operations shown as warp-level instructions (arithmetic, memory, branches,
    /// barriers); false for the SIMT stack's bookkeeping.
    pub fn is_instruction(&self) -> bool {
        !matches!(
            self,
            Op::Else
                | Op::EndIf
                | Op::LoopEnter { .. }
                | Op::LoopCont
                | Op::LoopBack { .. }
                | Op::LoopExit
                | Op::MaskPop
                | Op::DeclUninit { .. }
                | Op::CheckInit { .. }
                | Op::MarkInit { .. }
        )
    }

    /// Applies `f` to every register the operation names.
    pub fn map_regs(&mut self, f: &impl Fn(Reg) -> Reg) {
        match self {
            Op::Const { dst, .. } | Op::Builtin { dst, .. } => *dst = f(*dst),
            Op::Mov { dst, src } | Op::Cvt { dst, src, .. } => {
                *dst = f(*dst);
                *src = f(*src);
            }
            Op::Arith { dst, a, b, .. } | Op::Cmp { dst, a, b, .. } => {
                *dst = f(*dst);
                *a = f(*a);
                *b = f(*b);
            }
            Op::Select { cond, dst, a, b } => {
                *cond = f(*cond);
                *dst = f(*dst);
                *a = f(*a);
                *b = f(*b);
            }
            Op::Unary { dst, a, .. } => {
                *dst = f(*dst);
                *a = f(*a);
            }
            Op::If { cond, .. } | Op::LoopTest { cond, .. } | Op::MaskPush { cond, .. } => {
                *cond = f(*cond)
            }
            _ => {}
        }
    }
}

/// A compiled kernel body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Program {
    pub ops: Vec<Op>,
    /// Source position of each op.
    pub pos: Vec<Pos>,
    pub mems: Vec<MemRef>,
    pub n_regs: u32,
    /// Names of variables declared without a value, one per tracked register.
    pub tracked_names: Vec<String>,
    /// `(parameter index, register)` for every scalar parameter.
    pub param_regs: Vec<(usize, Reg)>,
    /// Largest source line of any op.
    pub max_line: u32,
}

/// A kernel parameter, as the launch sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The parameter's name.
    pub name: String,
    /// Pointer (its own buffer) or scalar (a launch argument).
    pub kind: ParamKind,
}

/// What a parameter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `T*` or `const T*`: a buffer of its own, 256-byte aligned (cudaMalloc).
    Pointer { elem: ValueType, is_const: bool },
    /// A scalar, given by name in [`super::Launch::args`].
    Scalar { ty: ScalarType },
}

/// One static `__shared__` array (or scalar: no dimensions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedArray {
    /// The array's name.
    pub name: String,
    /// Element type.
    pub elem: ValueType,
    /// Sizes, outermost first: `[32][33]` is `[32, 33]`; empty for a scalar.
    pub dims: Vec<u32>,
    /// Byte offset in the block's shared memory: declaration order, each aligned to its element
    /// (the lab's layout; ptxas's order is not documented, see the module docs).
    pub offset_bytes: u32,
    /// Bytes of the array.
    pub bytes: u32,
    /// Line of the declaration.
    pub line: u32,
}

impl SharedArray {
    /// Number of elements.
    pub fn len(&self) -> u64 {
        self.dims.iter().map(|d| u64::from(*d)).product()
    }

    /// True for an array of no element (never: sizes are positive).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
