//! Native integration tests of the pure model: golden tables from the spec and the course,
//! and fixtures measured on an NVIDIA H200 (`tests/fixtures/`, copied from shared/truth).

/// The public model API of shared/MODEL_API.md, path by path.
mod api;
/// Source scans: model and geom pure, no geom in the model, no chapter importing another, no
/// Chinese outside text modules.
mod architecture;
/// Shared-memory wavefronts: spec §5 and `bank_conflicts.json`.
mod bank_conflicts;
/// Sectors and requests: spec §4 and `coalescing.json`.
mod coalescing;
/// Fixture loading helpers.
mod common;
/// Waves and the block-dispatch simulator: spec §2 and `dispatch.json`.
mod dispatch;
/// Grid, block, warp, lane: spec §3 and the launch masks of the divergence model.
mod hierarchy;
/// The kernel lab: the fixture `kernel_lab_h100.json` (ncu on an H100) replayed, and properties of the
/// parser and the runner on arbitrary input.
mod kernel;
/// Occupancy: spec §1 worked examples and `occupancy.json`.
mod occupancy;
/// Generated quiz questions against the chapters' models, over 10,000 seeds each.
mod quiz;
/// The course's Roofline table and spec §7 ridge points.
mod roofline;
/// Warp scheduler and latency hiding.
mod scheduler;
/// Active masks: spec §3 and `divergence.json`.
mod simt;
/// Fragment layouts: spec §6 and `wmma_layout.json`.
mod tensor_core;
/// Tensor Cores by generation: peaks from units, PE array, m8n8k4 quad-pairs, wgmma, H200 loops.
mod tensor_core_gen;
/// Blackwell's Tensor Memory: tcgen05 data-path layouts and tcgen05.ld/st lane maps.
mod tmem_layouts;
/// The course's W8A8 GEMV.
mod w8a8;
/// wgmma fragments and descriptor layouts against the dump taken on GH100.
mod wgmma_dump;
/// wgmma register fragments and shared-memory descriptors: PTX ISA figures and the GH100 dump.
mod wgmma_layouts;
