//! warpscope: an interactive, browser-based visual explainer of how an NVIDIA GPU runs a kernel.
//!
//! Three layers, each depending only on the ones above it in this list:
//!
//! | layer | what it is | web crates? |
//! |---|---|---|
//! | [`model`] | exact hardware models (occupancy, dispatch, coalescing, …), deterministic, tested natively | no |
//! | [`geom`] | pure screen layout: scales, cell rectangles, hit-testing | no |
//! | `ui` | Leptos components that read the model and geom (feature `ui`) | yes |

pub mod geom;
pub mod model;
#[cfg(feature = "ui")]
pub mod ui;
