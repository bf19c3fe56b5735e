//! The models as a bare wasm module, for timing them in V8 without building the site
//! (`tools/lab-node.mjs` builds it for `wasm32-unknown-unknown` and runs it in Node): the
//! dispatch simulation of `examples/dispatch_bench.rs` and the kernel lab's presets.

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

use std::sync::Mutex;
use warpscope::model::kernel::{parse, preset, presets, run, Launch, Runner};

/// Runs the kernel lab's preset number `index` with its default launch: its warp-level steps
/// (0 for an index past the list or a launch the lab refuses). Timed by `tools/lab-node.mjs`.
#[no_mangle]
pub extern "C" fn lab_preset(index: u32) -> u32 {
    let Some(p) = presets().get(index as usize) else { return 0 };
    let Ok(k) = parse(p.source) else { return 0 };
    run(&k, &p.launch()).map_or(0, |r| r.steps as u32)
}

static COPY: Mutex<Option<Runner>> = Mutex::new(None);

/// Starts the 2^20-thread grid-stride copy (4096 blocks × 256 threads, n = 2^20); 1 if it
/// launched.
#[no_mangle]
pub extern "C" fn lab_copy_start() -> u32 {
    let Some(p) = preset("grid-stride-copy") else { return 0 };
    let Ok(k) = parse(p.source) else { return 0 };
    let launch = Launch { grid: [4096, 1, 1], block: [256, 1, 1], args: vec![("n".into(), 1 << 20)] };
    let Ok(r) = Runner::new(&k, &launch) else { return 0 };
    let Ok(mut slot) = COPY.lock() else { return 0 };
    *slot = Some(r);
    1
}

/// Runs `budget` more steps of the copy: 1 while blocks remain, 0 once done (or on error).
#[no_mangle]
pub extern "C" fn lab_copy_step(budget: u32) -> u32 {
    let Ok(mut slot) = COPY.lock() else { return 0 };
    let Some(r) = slot.as_mut() else { return 0 };
    match r.step(u64::from(budget)) {
        Ok(p) => u32::from(!p.is_done()),
        Err(_) => 0,
    }
}
