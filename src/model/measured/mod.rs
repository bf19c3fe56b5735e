//! Everything warpscope shows that was measured on real hardware (an NVIDIA H200), in one place.
//!
//! The models elsewhere in [`crate::model`] compute; this module only holds numbers, each with
//! its source. Shipped data files live in `assets/measured/` (`build.rs` embeds them); the
//! hand-copied constants here are checked against the copies in `tests/fixtures/` by the tests.
//!
//! | module | what was measured | source |
//! |---|---|---|
//! | [`dispatch`] | block → SM and start/end times of six launches | `%smid`, `%globaltimer` probe |
//! | [`latency`] | L1, L2, HBM, shared-memory and FFMA latencies | pointer chase, `clock64` |
//! | [`latency_hiding`] | FFMA share of peak against resident warps | `clock64`, SASS counts |
//! | [`roofline`] | four kernels' times and the best copy bandwidth | CUDA events, torch |
//! | [`tensor_core_peak`] | `mma.sync` vs `wgmma` register-only loops against the BF16 peak | CUDA events, `clock64`, `cuobjdump` |
//! | [`w8a8`] | the course's INT8 GEMV and two variants | CUDA events, ncu |

pub mod dispatch;
pub mod latency;
pub mod latency_hiding;
pub mod roofline;
pub mod tensor_core_peak;
pub mod w8a8;
