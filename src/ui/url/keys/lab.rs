//! The kernel lab's URL keys.

/// The preset kernel's id.
pub const PRESET: &str = "preset";
/// The packed source's format version.
pub const VERSION: &str = "v";
/// The edited source, packed.
pub const SOURCE: &str = "k";
/// `gridDim`, as the lab writes a dim3.
pub const GRID: &str = "grid";
/// `blockDim`, as the lab writes a dim3.
pub const BLOCK: &str = "block";
/// GPU preset id.
pub const GPU: &str = "gpu";
/// Registers per thread.
pub const REGS: &str = "regs";
/// The source line looked at, 1-based (absent: none).
pub const LINE: &str = "line";
/// The line looked at as the `at`-th line of code, 1-based (absent: `line` says).
pub const AT: &str = "at";
/// The warp looked at: its index in the launch.
pub const WARP: &str = "warp";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[
    PRESET, VERSION, SOURCE, GRID, BLOCK, GPU, REGS, LINE, AT, WARP,
];

/// The prefix of a scalar argument's key: `a.<name>=<value>`, one per kernel parameter changed.
pub const ARG_PREFIX: &str = "a.";

/// The key of the scalar argument `name`.
pub fn arg(name: &str) -> String {
    format!("{ARG_PREFIX}{name}")
}
