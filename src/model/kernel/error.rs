//! Typed errors of the lab: what [`super::parse`] refuses and why [`super::run`] stops.
//!
//! Every variant carries the data a translated message needs (names, lines, limits); `Display`
//! gives plain English for tests and logs. Positions are 1-based lines and columns (columns
//! count characters).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A place in the kernel source: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pos {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

/// Why [`super::parse`] refused the source, and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParseError {
    /// Where the problem is.
    pub pos: Pos,
    /// What the problem is.
    pub kind: ParseErrorKind,
}

/// What the parser expected at a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Expected {
    /// A given punctuator or keyword, e.g. `;` or `(`.
    Token(&'static str),
    /// An expression.
    Expression,
    /// A name.
    Identifier,
    /// A type name (`int`, `float`, …).
    Type,
    /// A statement.
    Statement,
    /// A constant integer expression (array sizes, `#define`d constants).
    Constant,
    /// The member `x`, `y` or `z` of a built-in index variable.
    Axis,
}

/// A construct the lab does not run. Refused rather than approximated, so that no count is
/// ever computed from code the lab does not model.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Unsupported {
    /// `p + 1`, `p++`, `p - q`: the lab indexes pointers only (`p[i]`).
    PointerArithmetic,
    /// `&x`.
    AddressOf,
    /// `*p`.
    Dereference,
    /// A local pointer variable (`float* p = a;`).
    PointerVariable,
    /// A local array (`float r[4];`); shared arrays are fine.
    LocalArray,
    /// A reference declarator (`int& r`).
    Reference,
    /// `atomicAdd` and the other atomics.
    Atomic { name: String },
    /// Warp-level intrinsics: `__shfl_sync`, `__ballot_sync`, `__syncwarp`, `__activemask`, …
    WarpIntrinsic { name: String },
    /// `printf`.
    Printf,
    /// A template.
    Template,
    /// `goto` or a label.
    Goto,
    /// `switch`.
    Switch,
    /// `struct`, `class`, `union`, `enum`, `typedef`, `using` or `namespace`.
    UserType { keyword: String },
    /// A `__device__` (or host) function beside the kernel.
    DeviceFunction,
    /// A second `__global__` function.
    SecondKernel,
    /// `extern __shared__ T s[];` (dynamic shared memory).
    DynamicSharedMemory,
    /// A shared array of three or more dimensions.
    SharedArrayRank { dims: u32 },
    /// An initialiser on a `__shared__` variable (CUDA forbids it).
    SharedInitializer,
    /// A type the lab does not model (`long`, `char`, `short`, `size_t`, `half`, `int4`, …).
    Type { name: String },
    /// `sizeof` (it is a 64-bit `size_t`, which the lab does not model).
    Sizeof,
    /// A string literal.
    StringLiteral,
    /// A character literal.
    CharLiteral,
    /// An integer literal with an `l`/`ll` suffix, or too large for 32 bits (64-bit integers).
    LongLiteral,
    /// A hexadecimal floating literal.
    HexFloat,
    /// `volatile`.
    Volatile,
    /// `asm`.
    Asm,
    /// A preprocessor directive other than `#define`, `#undef`, `#include`, `#pragma unroll`.
    Directive { name: String },
    /// A function-like macro `#define F(x) …`.
    FunctionLikeMacro { name: String },
    /// `new`, `delete`, `throw`, `try`, a lambda or another C++ feature.
    CppFeature { name: String },
    /// A storage class the lab does not model (`static`, `register`, `extern`, `__constant__`…).
    StorageClass { name: String },
    /// A cast to or from a vector or pointer type.
    VectorCast,
    /// A call to a function the lab does not know.
    Function { name: String },
}

/// What is wrong in the source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ParseErrorKind {
    /// A character that starts no token.
    UnexpectedCharacter { found: char },
    /// `/*` without `*/`.
    UnterminatedComment,
    /// A malformed number.
    BadNumber { text: String },
    /// Something else was expected; `found` is the token's text or "end of input".
    Expected { expected: Expected, found: String },
    /// A construct the lab refuses.
    Unsupported(Unsupported),
    /// The source has no `__global__` function.
    NoKernel,
    /// The kernel's return type is not `void`.
    KernelNotVoid,
    /// `void name(…)` without `__global__`: a host function where the kernel was meant.
    MissingGlobal { name: String },
    /// A parameter without a name.
    UnnamedParameter,
    /// A name that is not declared.
    UnknownIdentifier { name: String },
    /// A name declared twice in one scope (or a parameter name reused).
    Redeclared { name: String },
    /// The left side of an assignment, `++` or `--` is not assignable.
    NotAssignable,
    /// Assignment to a `const` variable or parameter.
    AssignToConst { name: String },
    /// Assignment to an element of a `const T*` parameter.
    AssignToConstPointee { name: String },
    /// `x[i]` where `x` is neither a pointer parameter nor a shared array.
    IndexNotArray { name: String },
    /// An index that is not an integer.
    IndexNotInteger { found: String },
    /// A shared array indexed with the wrong number of subscripts.
    WrongIndexCount {
        name: String,
        expected: u32,
        found: u32,
    },
    /// A pointer parameter or shared array used as a value.
    ArrayAsValue { name: String },
    /// Operands an operator does not take, e.g. `float % float` or `float4 + float4`.
    InvalidOperands {
        op: String,
        left: String,
        right: String,
    },
    /// An operand a unary operator or condition does not take.
    InvalidOperand { op: String, ty: String },
    /// A conversion that does not exist (e.g. `float` to `float4`).
    InvalidConversion { from: String, to: String },
    /// `v.q` on a type without that member.
    NoSuchMember { ty: String, member: String },
    /// A built-in variable (`threadIdx`…) used without `.x`, `.y` or `.z`.
    BuiltinWithoutAxis { name: String },
    /// A function called with the wrong number of arguments.
    WrongArgumentCount {
        function: String,
        expected: u32,
        found: u32,
    },
    /// `break` outside a loop.
    BreakOutsideLoop,
    /// `continue` outside a loop.
    ContinueOutsideLoop,
    /// `return value;` in a `void` kernel.
    ReturnWithValue,
    /// `__syncthreads()` inside an expression.
    SyncthreadsInExpression,
    /// A shared array size that is not a constant integer expression.
    ArraySizeNotConstant { name: String },
    /// A shared array size ≤ 0.
    ArraySizeInvalid { name: String, size: i64 },
    /// Static shared memory above the 48 KiB a block may declare statically (PG "Shared
    /// Memory": larger sizes need dynamic shared memory and an opt-in).
    SharedMemoryTooLarge { bytes: u64, limit_bytes: u32 },
    /// Integer division by zero in a constant expression.
    ConstantDivisionByZero,
    /// A macro that expands into itself without end, or expands too deeply.
    MacroRecursion { name: String },
    /// The kernel is too large or nested too deeply for the lab (the limit is given).
    TooComplex { what: LabLimit, limit: u32 },
}

/// The `found` text of [`ParseErrorKind::Expected`] where the source ended.
pub const END_OF_INPUT: &str = "end of input";

/// What a kernel has too many of for the lab ([`ParseErrorKind::TooComplex`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LabLimit {
    /// Characters of source.
    Characters,
    /// Tokens after the preprocessor.
    Tokens,
    /// Levels of nesting (parentheses, blocks, statements).
    Nesting,
    /// Virtual registers of the compiled kernel.
    Registers,
    /// Operations of the compiled kernel.
    Operations,
    /// Binary or comma operators chained in one expression (`1 + 1 + … + 1`).
    OperatorChain,
}

impl std::fmt::Display for LabLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LabLimit::Characters => "characters",
            LabLimit::Tokens => "tokens",
            LabLimit::Nesting => "levels of nesting",
            LabLimit::Registers => "registers",
            LabLimit::Operations => "operations",
            LabLimit::OperatorChain => "operators chained in one expression",
        })
    }
}

impl ParseError {
    pub(crate) fn new(pos: Pos, kind: ParseErrorKind) -> ParseError {
        ParseError { pos, kind }
    }

    pub(crate) fn unsupported(pos: Pos, what: Unsupported) -> ParseError {
        ParseError::new(pos, ParseErrorKind::Unsupported(what))
    }

    /// 1-based line of the problem.
    pub fn line(&self) -> u32 {
        self.pos.line
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Token(t) => write!(f, "`{t}`"),
            Expected::Expression => f.write_str("an expression"),
            Expected::Identifier => f.write_str("a name"),
            Expected::Type => f.write_str("a type"),
            Expected::Statement => f.write_str("a statement"),
            Expected::Constant => f.write_str("a constant integer expression"),
            Expected::Axis => f.write_str("`.x`, `.y` or `.z`"),
        }
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Unsupported::*;
        match self {
            PointerArithmetic => f.write_str("pointer arithmetic is not supported by the lab: index the pointer, `p[i]`"),
            AddressOf => f.write_str("taking an address (`&`) is not supported by the lab"),
            Dereference => f.write_str("dereferencing (`*p`) is not supported by the lab: write `p[0]`"),
            PointerVariable => f.write_str("local pointer variables are not supported by the lab: index the parameter"),
            LocalArray => f.write_str("local arrays are not supported by the lab (use scalars or a `__shared__` array)"),
            Reference => f.write_str("references (`&`) are not supported by the lab"),
            Atomic { name } => write!(f, "`{name}` is not supported by the lab (atomics are not modelled)"),
            WarpIntrinsic { name } => write!(f, "`{name}` is not supported by the lab (warp-level intrinsics are not modelled)"),
            Printf => f.write_str("`printf` is not supported by the lab"),
            Template => f.write_str("templates are not supported by the lab"),
            Goto => f.write_str("`goto` and labels are not supported by the lab"),
            Switch => f.write_str("`switch` is not supported by the lab: use `if`/`else`"),
            UserType { keyword } => write!(f, "`{keyword}` is not supported by the lab"),
            DeviceFunction => f.write_str("functions other than the one `__global__` kernel are not supported by the lab"),
            SecondKernel => f.write_str("the lab runs one `__global__` kernel; this is a second one"),
            DynamicSharedMemory => f.write_str("dynamic `extern __shared__` arrays are not supported by the lab: give the array a constant size"),
            SharedArrayRank { dims } => write!(f, "shared arrays of {dims} dimensions are not supported by the lab (one or two)"),
            SharedInitializer => f.write_str("a `__shared__` variable cannot have an initialiser"),
            Type { name } => write!(f, "type `{name}` is not supported by the lab (int, unsigned, float, double, bool, float2, float4)"),
            Sizeof => f.write_str("`sizeof` is not supported by the lab (its type is the 64-bit size_t)"),
            StringLiteral => f.write_str("string literals are not supported by the lab"),
            CharLiteral => f.write_str("character literals are not supported by the lab"),
            LongLiteral => f.write_str("64-bit integer literals are not supported by the lab"),
            HexFloat => f.write_str("hexadecimal floating literals are not supported by the lab"),
            Volatile => f.write_str("`volatile` is not supported by the lab"),
            Asm => f.write_str("inline `asm` is not supported by the lab"),
            Directive { name } => write!(f, "the preprocessor directive `#{name}` is not supported by the lab"),
            FunctionLikeMacro { name } => write!(f, "function-like macro `{name}(…)` is not supported by the lab: use `#define NAME constant`"),
            CppFeature { name } => write!(f, "`{name}` is not supported by the lab"),
            StorageClass { name } => write!(f, "`{name}` is not supported by the lab"),
            VectorCast => f.write_str("casts to or from vector or pointer types are not supported by the lab"),
            Function { name } => write!(f, "function `{name}` is not supported by the lab"),
        }
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind::*;
        match self {
            UnexpectedCharacter { found } => write!(f, "unexpected character `{found}`"),
            UnterminatedComment => f.write_str("comment `/*` is never closed"),
            BadNumber { text } => write!(f, "malformed number `{text}`"),
            Expected { expected, found } => write!(f, "expected {expected}, found `{found}`"),
            Unsupported(u) => u.fmt(f),
            NoKernel => f.write_str("no `__global__ void` kernel found"),
            KernelNotVoid => f.write_str("a `__global__` kernel must return `void`"),
            MissingGlobal { name } => write!(f, "`{name}` is not a kernel: a kernel is declared `__global__ void {name}(…)`"),
            UnnamedParameter => f.write_str("every parameter needs a name"),
            UnknownIdentifier { name } => write!(f, "`{name}` is not declared"),
            Redeclared { name } => write!(f, "`{name}` is already declared in this scope"),
            NotAssignable => f.write_str("the left side cannot be assigned to"),
            AssignToConst { name } => write!(f, "`{name}` is const and cannot be assigned to"),
            AssignToConstPointee { name } => write!(f, "`{name}` points to const data: its elements cannot be assigned to"),
            IndexNotArray { name } => write!(f, "`{name}` is not a pointer or an array and cannot be indexed"),
            IndexNotInteger { found } => write!(f, "an index must be an integer, not `{found}`"),
            WrongIndexCount { name, expected, found } => write!(f, "`{name}` takes {expected} index(es), found {found}"),
            ArrayAsValue { name } => write!(f, "`{name}` is an array or pointer: index it to get an element"),
            InvalidOperands { op, left, right } => write!(f, "operator `{op}` does not apply to `{left}` and `{right}`"),
            InvalidOperand { op, ty } => write!(f, "`{op}` does not apply to `{ty}`"),
            InvalidConversion { from, to } => write!(f, "cannot convert `{from}` to `{to}`"),
            NoSuchMember { ty, member } => write!(f, "`{ty}` has no member `{member}`"),
            BuiltinWithoutAxis { name } => write!(f, "`{name}` needs a member: `{name}.x`, `.y` or `.z`"),
            WrongArgumentCount { function, expected, found } => write!(f, "`{function}` takes {expected} argument(s), found {found}"),
            BreakOutsideLoop => f.write_str("`break` outside a loop"),
            ContinueOutsideLoop => f.write_str("`continue` outside a loop"),
            ReturnWithValue => f.write_str("a `void` kernel cannot return a value"),
            SyncthreadsInExpression => f.write_str("`__syncthreads()` must be a statement of its own"),
            ArraySizeNotConstant { name } => write!(f, "the size of `{name}` must be a constant integer expression"),
            ArraySizeInvalid { name, size } => write!(f, "the size of `{name}` must be positive, found {size}"),
            SharedMemoryTooLarge { bytes, limit_bytes } => write!(f, "{bytes} bytes of static shared memory exceed the {limit_bytes}-byte limit per block"),
            ConstantDivisionByZero => f.write_str("division by zero in a constant expression"),
            MacroRecursion { name } => write!(f, "macro `{name}` expands into itself"),
            TooComplex { what, limit } => write!(f, "the kernel is too large for the lab: more than {limit} {what}"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.pos.line, self.pos.column, self.kind
        )
    }
}

impl std::error::Error for ParseError {}

/// Why a launch configuration cannot run (PG "Compute Capabilities", table of technical
/// specifications: block ≤ 1024 threads, blockDim.z ≤ 64, gridDim.y/z ≤ 65535).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LaunchProblem {
    /// A grid or block dimension is 0.
    ZeroDimension { grid: bool, axis: char },
    /// A block or grid dimension above its limit.
    DimensionTooLarge {
        grid: bool,
        axis: char,
        value: u32,
        limit: u32,
    },
    /// More than 1024 threads in a block.
    BlockTooLarge { threads: u64, limit: u32 },
    /// More threads in the grid than the lab runs.
    GridTooLarge { threads: u64, limit: u64 },
}

/// Why [`super::run`] stopped. Errors from inside the kernel name its line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunError {
    /// The launch configuration cannot run.
    InvalidLaunch(LaunchProblem),
    /// A scalar parameter has no value in the launch.
    MissingArgument { name: String },
    /// A launch argument names no scalar parameter of the kernel.
    UnknownArgument { name: String },
    /// A value that does not fit its parameter's type (e.g. 2^40 for an `int`).
    ArgumentOutOfRange {
        name: String,
        value: i64,
        ty: String,
    },
    /// A shared-memory index outside its array's dimension.
    SharedIndexOutOfBounds {
        line: u32,
        array: String,
        index: i64,
        extent: u32,
        block: [u32; 3],
        thread: [u32; 3],
    },
    /// A negative element index into a global buffer.
    NegativeGlobalIndex {
        line: u32,
        buffer: String,
        index: i64,
        block: [u32; 3],
        thread: [u32; 3],
    },
    /// An unsigned element index of 2^31 or more into a global buffer: almost always a value
    /// that went below zero and wrapped around (`threadIdx.x - 1` in thread 0 is 4,294,967,295,
    /// C's unsigned arithmetic modulo 2^32). On a GPU the access lands `offset_bytes` past the
    /// buffer's start, gigabytes past any buffer a kernel of the lab's size uses: an illegal
    /// address that stops the kernel.
    WrappedGlobalIndex {
        line: u32,
        buffer: String,
        index: u64,
        offset_bytes: u64,
        block: [u32; 3],
        thread: [u32; 3],
    },
    /// Integer division or remainder by zero (undefined in C).
    DivisionByZero {
        line: u32,
        block: [u32; 3],
        thread: [u32; 3],
    },
    /// A variable read before it was given a value.
    UninitializedRead { line: u32, name: String },
    /// The launch ran more warp-level steps than the lab allows.
    StepLimit { line: u32, limit: u64 },
    /// One loop of one warp iterated more times than the lab allows.
    LoopLimit { line: u32, limit: u64 },
    /// The kernel wrote more distinct global memory than the lab keeps.
    MemoryLimit { line: u32, limit_bytes: u64 },
    /// The kernel touched more distinct global memory (read or written) than the lab tracks.
    FootprintLimit { line: u32, limit_bytes: u64 },
    /// `__syncthreads()` reached by only some of a warp's live threads.
    BarrierInDivergentCode {
        line: u32,
        block: [u32; 3],
        warp: u32,
        active_mask: u32,
        live_mask: u32,
    },
    /// The warps of a block wait at different `__syncthreads()`.
    BarrierMismatch {
        line: u32,
        other_line: u32,
        block: [u32; 3],
    },
    /// [`super::trace_warp`] asked for a block or warp the launch does not have.
    NoSuchWarp { block: [u32; 3], warp: u32 },
}

impl RunError {
    /// The kernel line the error is about, if it comes from the kernel's code.
    pub fn line(&self) -> Option<u32> {
        use RunError::*;
        match self {
            SharedIndexOutOfBounds { line, .. }
            | NegativeGlobalIndex { line, .. }
            | WrappedGlobalIndex { line, .. }
            | DivisionByZero { line, .. }
            | UninitializedRead { line, .. }
            | StepLimit { line, .. }
            | LoopLimit { line, .. }
            | MemoryLimit { line, .. }
            | FootprintLimit { line, .. }
            | BarrierInDivergentCode { line, .. }
            | BarrierMismatch { line, .. } => Some(*line),
            _ => None,
        }
    }
}

impl fmt::Display for LaunchProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = |grid: &bool| if *grid { "gridDim" } else { "blockDim" };
        match self {
            LaunchProblem::ZeroDimension { grid, axis } => write!(f, "{}.{axis} is 0", what(grid)),
            LaunchProblem::DimensionTooLarge {
                grid,
                axis,
                value,
                limit,
            } => {
                write!(
                    f,
                    "{}.{axis} = {value} exceeds the limit {limit}",
                    what(grid)
                )
            }
            LaunchProblem::BlockTooLarge { threads, limit } => {
                write!(f, "a block of {threads} threads exceeds {limit} threads")
            }
            LaunchProblem::GridTooLarge { threads, limit } => {
                write!(f, "{threads} threads exceed the {limit} the lab runs")
            }
        }
    }
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RunError::*;
        let d = |v: &[u32; 3]| format!("({}, {}, {})", v[0], v[1], v[2]);
        match self {
            InvalidLaunch(p) => write!(f, "the launch cannot run: {p}"),
            MissingArgument { name } => write!(f, "no value for parameter `{name}`"),
            UnknownArgument { name } => write!(f, "the kernel has no scalar parameter `{name}`"),
            ArgumentOutOfRange { name, value, ty } => write!(f, "{value} does not fit parameter `{name}` of type {ty}"),
            SharedIndexOutOfBounds { line, array, index, extent, block, thread } => write!(
                f,
                "line {line}: index {index} is outside `{array}` (size {extent}) in block {} thread {}",
                d(block), d(thread)
            ),
            NegativeGlobalIndex { line, buffer, index, block, thread } => write!(
                f,
                "line {line}: negative index {index} into `{buffer}` in block {} thread {}",
                d(block), d(thread)
            ),
            WrappedGlobalIndex { line, buffer, index, offset_bytes, block, thread } => write!(
                f,
                "line {line}: unsigned index {index} into `{buffer}` in block {} thread {} wrapped below zero ({offset_bytes} bytes past the buffer's start)",
                d(block), d(thread)
            ),
            DivisionByZero { line, block, thread } => write!(
                f,
                "line {line}: integer division by zero in block {} thread {}",
                d(block), d(thread)
            ),
            UninitializedRead { line, name } => write!(f, "line {line}: `{name}` is read before it is given a value"),
            StepLimit { line, limit } => write!(f, "line {line}: the launch ran more than {limit} warp-level steps (the lab's limit)"),
            LoopLimit { line, limit } => write!(f, "line {line}: a loop ran more than {limit} iterations in one warp (the lab's limit)"),
            MemoryLimit { line, limit_bytes } => write!(f, "line {line}: the kernel writes more than {limit_bytes} bytes of global memory (the lab's limit)"),
            FootprintLimit { line, limit_bytes } => write!(f, "line {line}: the kernel touches more than {limit_bytes} bytes of global memory (the lab's limit)"),
            BarrierInDivergentCode { line, block, warp, active_mask, live_mask } => write!(
                f,
                "line {line}: `__syncthreads()` inside divergent code (block {} warp {warp}: active lanes {active_mask:#010x} of live {live_mask:#010x})",
                d(block)
            ),
            BarrierMismatch { line, other_line, block } => write!(
                f,
                "line {line}: warps of block {} wait at different `__syncthreads()` (lines {line} and {other_line})",
                d(block)
            ),
            NoSuchWarp { block, warp } => write!(f, "the launch has no warp {warp} in block {}", d(block)),
        }
    }
}

impl std::error::Error for RunError {}
