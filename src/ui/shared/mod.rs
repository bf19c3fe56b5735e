//! UI pieces several chapters share, so that no chapter imports another: the memory access of
//! the coalescing and bank-conflict chapters, and the kernel launch of the occupancy, dispatch
//! and scheduling chapters; the roving tab stop every figure with many focusable parts uses; the scroll box
//! with a frozen label column of the wide figures; the GPU picker; and a warp's lanes as a
//! strip of mask cells (the divergence chapter and the kernel lab).

pub mod access;
pub mod gpu_select;
pub mod lanes;
pub mod launch;
pub mod roving;
pub mod scroll_figure;
