//! UI pieces several chapters share, so that no chapter imports another: the memory access of
//! the coalescing and bank-conflict chapters, and the kernel launch of the occupancy, dispatch
//! and scheduling chapters.

pub mod access;
pub mod launch;
