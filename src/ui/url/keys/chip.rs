//! The chip chapter's URL keys.

/// GPU preset id ([`crate::model::gpu_spec::GpuSpec::id`]).
pub const GPU: &str = "gpu";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[GPU];
