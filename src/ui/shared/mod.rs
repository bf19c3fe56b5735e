//! UI pieces several chapters share, so that no chapter imports another: the memory access of
//! the coalescing and bank-conflict chapters, and the kernel launch of the occupancy, dispatch
//! and scheduling chapters; and the roving tab stop every figure with many focusable parts uses.

pub mod access;
pub mod launch;
pub mod roving;
