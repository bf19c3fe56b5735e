//! Native release timings of the kernel lab: every preset, and a 2^20-thread
//! grid-stride copy (4096 blocks × 256 threads, n = 2^20), as min / median over repeated runs,
//! with each launch's warp-level steps. Printed, never asserted.
//! `cargo run --release --no-default-features --example kernel_lab_bench [runs]`.

use std::time::Instant;
use warpscope::model::kernel::{parse, preset, presets, run, Kernel, Launch};

fn time(k: &Kernel, l: &Launch, runs: usize) -> (f64, f64, u64) {
    let mut ms = Vec::with_capacity(runs);
    let mut steps = 0;
    for _ in 0..runs {
        let t0 = Instant::now();
        let r = run(k, l).expect("the launch runs");
        ms.push(t0.elapsed().as_secs_f64() * 1e3);
        steps = r.steps;
    }
    ms.sort_by(f64::total_cmp);
    (ms[0], ms[ms.len() / 2], steps)
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(9)
        .max(1);
    println!(
        "{:<22} {:>9} {:>10} {:>10} {:>10}",
        "launch", "threads", "steps", "min ms", "median ms"
    );
    for p in presets() {
        let k = parse(p.source).expect("the preset parses");
        let l = p.launch();
        let (min, med, steps) = time(&k, &l, runs);
        println!(
            "{:<22} {:>9} {:>10} {:>10.2} {:>10.2}",
            p.id,
            l.threads(),
            steps,
            min,
            med
        );
    }
    let copy = preset("grid-stride-copy").expect("preset");
    let k = parse(copy.source).expect("parses");
    let l = Launch {
        grid: [4096, 1, 1],
        block: [256, 1, 1],
        args: vec![("n".into(), 1 << 20)],
    };
    let (min, med, steps) = time(&k, &l, runs);
    println!(
        "{:<22} {:>9} {:>10} {:>10.2} {:>10.2}",
        "copy 2^20 threads",
        l.threads(),
        steps,
        min,
        med
    );
}
