//! Counters: the course's coalescing and bank patterns, FLOPs, per-warp counts, the resumable
//! runner.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;

fn launch(grid: u32, block: u32, args: &[(&str, i64)]) -> Launch {
    Launch {
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        args: args.iter().map(|(n, v)| ((*n).to_string(), *v)).collect(),
    }
}

fn run_src(src: &str, l: &Launch) -> Result<Report, RunError> {
    run(&parse(src).unwrap_or_else(|e| panic!("{e}")), l)
}

#[test]
fn counters_of_the_course_patterns() {
    // Spec §4: unit stride 4 sectors, misaligned 5, stride 2 → 8, broadcast 1; §5: stride 32
    // floats → 32 wavefronts, 31 conflicts; +1 padding → 1.
    let src = "__global__ void k(const float* in, float* o, int s, int off)
{
    int t = threadIdx.x;
    __shared__ float tile[32][33];
    __shared__ float flat[32 * 32];
    float a = in[t * s + off];
    float b = in[7];
    tile[t][0] = a;
    flat[t * 32] = b;
    o[t] = tile[0][t % 32] + flat[t];
}";
    let k = parse(src).expect("parses");
    let sectors = |s: i64, off: i64| {
        let r = run(&k, &launch(1, 32, &[("s", s), ("off", off)])).expect("runs");
        r.line(6).map(|c| c.global_load.sectors)
    };
    assert_eq!(sectors(1, 0), Some(4));
    assert_eq!(sectors(1, 1), Some(5));
    assert_eq!(sectors(2, 0), Some(8));
    assert_eq!(sectors(0, 3), Some(1));
    let r = run(&k, &launch(1, 32, &[("s", 1), ("off", 0)])).expect("runs");
    assert_eq!(
        r.line(7)
            .map(|c| (c.global_load.requests, c.global_load.sectors)),
        Some((1, 1))
    );
    assert_eq!(
        r.line(8)
            .map(|c| (c.shared_store.wavefronts, c.shared_store_bank_conflicts)),
        Some((1, 0))
    );
    assert_eq!(
        r.line(9)
            .map(|c| (c.shared_store.wavefronts, c.shared_store_bank_conflicts)),
        Some((32, 31))
    );
    assert_eq!(r.static_smem_bytes, 32 * 33 * 4 + 32 * 32 * 4);
    // DRAM with an ideal cache: in[0..32] and in[7] are 4 sectors; o is 4.
    assert_eq!((r.dram_load_bytes(), r.dram_store_bytes()), (128, 128));
    assert_eq!(r.buffers[0].extent_bytes, 128);
}

#[test]
fn flops_warps_and_lane_efficiency() {
    let src = "__global__ void k(const float* x, float* y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}";
    let r = run_src(src, &launch(2, 64, &[("a", 2), ("n", 100)])).expect("runs");
    // a*x+y: 2 FLOPs per active lane (ncu counts the fused FFMA as 2).
    assert_eq!(r.totals.fp32_flops, 200);
    assert_eq!(r.warps.len(), 4);
    assert_eq!(r.warps[3].block, [1, 0, 0]);
    assert_eq!(r.warps[3].counts.global_store.requests, 1);
    assert_eq!(r.warps[3].counts.divergent_branches, 1);
    let l = r.line(5).expect("ran");
    assert!(l.lane_efficiency() < 1.0 && l.lane_efficiency() > 0.0);
    assert_eq!((r.blocks, r.threads, r.warps_launched), (2, 128, 4));
}

#[test]
fn the_runner_resumes_and_matches_run() {
    let p = preset("transpose-tiled").expect("preset");
    let k = parse(p.source).expect("parses");
    let whole = run(&k, &p.launch()).expect("runs");
    let mut r = Runner::new(&k, &p.launch()).expect("launches");
    let mut calls = 0;
    while !r.step(777).expect("runs").is_done() {
        calls += 1;
    }
    assert!(calls > 10);
    assert_eq!(r.finish().expect("done"), whole);
}
