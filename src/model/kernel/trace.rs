//! One warp's run, for the figures: every memory access with its 32 lane addresses, every
//! branch with its masks, and the active mask of each step.

use serde::{Deserialize, Serialize};

use crate::model::bank_conflicts::SmemAccess;
use crate::model::coalescing::WarpAccess;

/// Global or shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MemorySpace {
    Global,
    Shared,
}

/// One warp-level load or store.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MemoryEvent {
    /// 1-based source line and column of the access.
    pub line: u32,
    pub column: u32,
    pub space: MemorySpace,
    /// True for a store.
    pub store: bool,
    /// The pointer parameter or shared array.
    pub name: String,
    /// Bytes each lane moves: 1, 4, 8 or 16.
    pub bytes_per_lane: u32,
    /// Lanes that access.
    pub active_mask: u32,
    /// Per lane: the byte address (global: the lab's virtual address, buffer `k` at
    /// `(k + 1) · 2^40`; shared: the offset in the block's shared memory); `None` if inactive.
    pub addresses: [Option<u64>; 32],
    /// Global: 1 request (0 never happens: events need an active lane). Shared: 0.
    pub requests: u32,
    /// Global: distinct sectors. Shared: 0.
    pub sectors: u32,
    /// Shared: wavefronts. Global: 0.
    pub wavefronts: u32,
    /// Shared: bank conflicts (wavefronts beyond the ideal). Global: 0.
    pub bank_conflicts: u32,
}

impl MemoryEvent {
    /// The access as the coalescing model takes it (global accesses only).
    pub fn warp_access(&self) -> Option<WarpAccess> {
        (self.space == MemorySpace::Global).then_some(WarpAccess {
            addresses: self.addresses,
            bytes_per_lane: self.bytes_per_lane,
        })
    }

    /// The access as the bank-conflict model takes it (shared accesses only).
    pub fn smem_access(&self) -> Option<SmemAccess> {
        (self.space == MemorySpace::Shared).then(|| SmemAccess {
            addresses: self.addresses.map(|a| a.map(|x| x as u32)),
            bytes_per_lane: self.bytes_per_lane,
        })
    }
}

/// What kind of conditional.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BranchKind {
    /// `if` / `else`.
    If,
    /// A loop's test: `taken` are the lanes that go round again.
    Loop,
    /// One side of `&&`, `||` or `?:`: `taken` are the lanes that evaluate it.
    Condition,
}

/// One conditional branch of the warp.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BranchEvent {
    pub line: u32,
    pub kind: BranchKind,
    /// Active lanes before the branch.
    pub mask_before: u32,
    /// Lanes that take it (then side, stay in the loop, evaluate the operand).
    pub taken: u32,
}

impl BranchEvent {
    /// True when both sides have lanes: the warp runs both paths.
    pub fn diverged(&self) -> bool {
        self.taken != 0 && self.taken != self.mask_before
    }
}

/// One event of the warp, in execution order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TraceEvent {
    /// A load or store (boxed: it carries 32 addresses).
    Memory(Box<MemoryEvent>),
    Branch(BranchEvent),
    /// `__syncthreads()` reached by the warp's live lanes.
    Barrier {
        line: u32,
        mask: u32,
    },
}

/// One step of the warp: its source line and active mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TraceStep {
    pub line: u32,
    pub active_mask: u32,
}

/// Most steps a trace keeps (the events are all kept).
pub const MAX_TRACE_STEPS: usize = 1 << 16;

/// What [`super::trace_warp`] returns.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WarpTrace {
    pub block: [u32; 3],
    pub warp: u32,
    /// Lanes that exist (a partial last warp has fewer).
    pub launch_mask: u32,
    pub events: Vec<TraceEvent>,
    /// Steps in order, at most [`MAX_TRACE_STEPS`].
    pub steps: Vec<TraceStep>,
    /// True when more steps ran than were kept.
    pub steps_truncated: bool,
}

impl WarpTrace {
    /// The memory accesses made by source line `line`, in order.
    pub fn accesses_at(&self, line: u32) -> Vec<&MemoryEvent> {
        self.events
            .iter()
            .filter_map(|e| match e {
                TraceEvent::Memory(m) if m.line == line => Some(m.as_ref()),
                _ => None,
            })
            .collect()
    }

    /// The branches taken at source line `line`, in order.
    pub fn branches_at(&self, line: u32) -> Vec<&BranchEvent> {
        self.events
            .iter()
            .filter_map(|e| match e {
                TraceEvent::Branch(b) if b.line == line => Some(b),
                _ => None,
            })
            .collect()
    }
}
