//! The thread-hierarchy chapter's URL keys.

/// GPU preset id.
pub const GPU: &str = "gpu";
/// `gridDim.x`.
pub const GX: &str = "gx";
/// `gridDim.y`.
pub const GY: &str = "gy";
/// `gridDim.z`.
pub const GZ: &str = "gz";
/// `blockDim.x`.
pub const BX: &str = "bx";
/// `blockDim.y`.
pub const BY: &str = "by";
/// `blockDim.z`.
pub const BZ: &str = "bz";
/// `blockIdx.x` of the selected block.
pub const KX: &str = "kx";
/// `blockIdx.y` of the selected block.
pub const KY: &str = "ky";
/// `blockIdx.z` of the selected block.
pub const KZ: &str = "kz";
/// `threadIdx.x` of the selected thread.
pub const TX: &str = "tx";
/// `threadIdx.y` of the selected thread.
pub const TY: &str = "ty";
/// `threadIdx.z` of the selected thread.
pub const TZ: &str = "tz";

/// Every key above, in the order the chapter writes them.
pub const ALL: &[&str] = &[GPU, GX, GY, GZ, BX, BY, BZ, KX, KY, KZ, TX, TY, TZ];
