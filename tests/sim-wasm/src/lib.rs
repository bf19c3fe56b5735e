//! The dispatch simulation of `examples/dispatch_bench.rs` as a bare wasm module, for timing it
//! in V8's two tiers without building the site (issue #18): `tests/e2e/sim-node.mjs` builds it
//! for `wasm32-unknown-unknown` and runs it in Node with `--liftoff-only` (the baseline code a
//! cold page starts in), `--no-liftoff` (optimised code only) and V8's defaults.

use warpscope::model::dispatch::{Durations, Simulator};

/// 2^20 blocks of 1 M ± `jitter_pct` % ticks (seed `seed`) on 132 SMs × 32 slots, the launch
/// of the chapter's `gpu=h100&threads=32&regs=16&grid=1048576&dur=1000000&jit=…`: the makespan
/// in ticks (0 for a launch the model refuses).
#[no_mangle]
pub extern "C" fn simulate(jitter_pct: u32, seed: u32) -> u32 {
    let spread = 10_000 * jitter_pct.min(99);
    let d = Durations::Jitter {
        min_cycles: 1_000_000 - spread,
        max_cycles: 1_000_000 + spread,
        seed: u64::from(seed),
    };
    Simulator::new(132, 32, 1 << 20, d).map_or(0, |s| s.run().makespan_cycles())
}
