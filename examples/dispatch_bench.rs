//! Native release benchmark of the dispatch simulation (issue #18): 2^20 jittered blocks
//! (1 M ± 20 % ticks, seed 2, as the chapter's `jit=20`) on 132 SMs × 32 slots (H100, 32 threads,
//! 16 registers), printed as min / median / p95 wall time over repeated runs. Printed, never
//! asserted. `cargo run --release --no-default-features --example dispatch_bench [runs]`; with
//! `runs = 1` it is the one-run case for `valgrind --tool=callgrind` instruction counts.

use std::time::Instant;
use warpscope::model::dispatch::{Durations, Simulator};

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(21);
    let mut ms = Vec::with_capacity(runs);
    let mut check = 0u64;
    for i in 0..runs {
        let d = Durations::Jitter {
            min_cycles: 800_000,
            max_cycles: 1_200_000,
            seed: 2 + i as u64 % 3,
        };
        let t0 = Instant::now();
        let sim = Simulator::new(132, 32, 1 << 20, d);
        let trace = sim.map(Simulator::run);
        ms.push(t0.elapsed().as_secs_f64() * 1e3);
        check ^= trace.map_or(0, |t| u64::from(t.makespan_cycles()));
    }
    ms.sort_by(f64::total_cmp);
    let p = |q: f64| ms[((ms.len() as f64 * q) as usize).min(ms.len() - 1)];
    println!(
        "dispatch 2^20 jittered blocks on 132 SMs × 32, native release: min / median / p95 {:.2} / {:.2} / {:.2} ms over {runs} runs (makespan xor {check})",
        ms[0],
        p(0.5),
        p(0.95)
    );
}
