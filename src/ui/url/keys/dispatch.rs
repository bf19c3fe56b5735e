//! The dispatch chapter's own URL keys (it reads the launch's, [`super::launch`], first).

/// Blocks in the grid.
pub const GRID: &str = "grid";
/// Block duration, cycles.
pub const DUR: &str = "dur";
/// Duration jitter, ± percent.
pub const JIT: &str = "jit";
/// The measured H200 run replayed (its probe config name).
pub const RUN: &str = "run";
/// Whether the SMs are drawn in the order they received their first block.
pub const ARRANGE: &str = "arrange";
/// The event the clock stops at, 0 = launch (absent: the clock runs free).
pub const EVENT: &str = "event";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[GRID, DUR, JIT, RUN, ARRANGE, EVENT];
