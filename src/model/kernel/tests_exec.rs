//! Execution: C semantics, SIMT masks (against `model::simt`), barriers, limits, counters.
//!
//! Length: test cases only.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::runner::read_buffer;
use super::*;
use crate::model::simt::{launch_mask, split};

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

/// Runs and returns buffer `buf`'s first `n` values as i64 (ints) after the launch.
fn ints(src: &str, l: &Launch, buf: &str, n: usize) -> Vec<i64> {
    let k = parse(src).unwrap_or_else(|e| panic!("{e}"));
    read_buffer(&k, l, buf, n)
        .expect("runs")
        .iter()
        .map(|b| i64::from(*b as u32 as i32))
        .collect()
}

fn floats(src: &str, l: &Launch, buf: &str, n: usize) -> Vec<f32> {
    let k = parse(src).unwrap_or_else(|e| panic!("{e}"));
    read_buffer(&k, l, buf, n)
        .expect("runs")
        .iter()
        .map(|b| f32::from_bits(*b as u32))
        .collect()
}

#[test]
fn c_semantics_of_int_unsigned_float_double() {
    let src = "__global__ void k(int* o)
{
    o[0] = -7 / 2;
    o[1] = -7 % 2;
    o[2] = 7 % -2;
    unsigned int u = 0u - 1u;
    o[3] = u > 0;
    o[4] = -1 < 0u;
    o[5] = 1 << 31 >> 31;
    o[6] = (int)(0x80000000u >> 31);
    float f = 1.0f / 3.0f;
    double d = 1.0 / 3.0;
    o[7] = f == d;
    o[8] = (int)2.9f;
    o[9] = (int)-2.9f;
    int z = 0;
    o[10] = z != 0 && 10 / z > 1;
    o[11] = z ? 1 : 2;
    int i = 5;
    o[12] = i++;
    o[13] = i;
    o[14] = ++i;
    i += 3;
    i <<= 1;
    o[15] = i;
    o[16] = 7 & 3 | 8 ^ 1;
    o[17] = ~0u == 0xFFFFFFFFu;
    o[18] = (i = 1, i + 1);
    o[19] = min(-3, 2u);
    o[20] = max(2, -3);
    o[21] = (int)sqrtf(16.0f);
    o[22] = (int)(fmaxf(1.5f, -2.0f) * 2.0f);
    o[23] = 2147483647 + 1;
    o[24] = (int)(unsigned)(-1) / 2;
    o[25] = (unsigned)(-1) / 2u == 2147483647u;
    o[26] = 16777217 == (int)(float)16777217;
    o[27] = z == 0 || 1 / z;
    o[28] = (0.1f + 0.2f) == 0.3f;
    o[29] = (0.1 + 0.2) == 0.3;
    o[30] = -8 >> 1;
    o[31] = (-8u) >> 1 == 2147483644u;
}";
    let got = ints(src, &launch(1, 1, &[]), "o", 32);
    let want: Vec<i64> = vec![
        -3,
        -1,
        1,
        1,
        0,
        -1,
        1,
        0,
        2,
        -2,
        0,
        2,
        5,
        6,
        7,
        20,
        11,
        1,
        2,
        2,
        2,
        4,
        3,
        i64::from(i32::MIN),
        0,
        1,
        0,
        1,
        1,
        0,
        -4,
        1,
    ];
    assert_eq!(got, want);
}

#[test]
fn float_and_double_arithmetic_and_vectors() {
    let src = "__global__ void k(float* o, double* d, float4* v)
{
    float a = 16777216.0f;
    o[0] = a + 1.0f;
    d[0] = (double)a + 1.0;
    float4 q = v[1];
    o[1] = q.x + q.y + q.z + q.w;
    v[2] = make_float4(q.w, q.z, q.y, q.x);
    float4 r = v[2];
    o[2] = r.x;
    o[3] = 7.0f / 2;
    o[4] = 7 / 2;
}";
    let k = parse(src).expect("parses");
    let o: Vec<f32> = read_buffer(&k, &launch(1, 1, &[]), "o", 5)
        .expect("runs")
        .iter()
        .map(|b| f32::from_bits(*b as u32))
        .collect();
    // The float4 buffer's pattern: scalar j holds j % 16; element 1 is scalars 4..8.
    assert_eq!(o, vec![16_777_216.0, 4.0 + 5.0 + 6.0 + 7.0, 7.0, 3.5, 3.0]);
    let d = read_buffer(&k, &launch(1, 1, &[]), "d", 1).expect("runs");
    assert_eq!(f64::from_bits(d[0]), 16_777_217.0);
}

#[test]
fn launch_masks_and_thread_order_follow_the_hierarchy() {
    // blockDim (16, 3): warp 1 holds threads 32..48, x fastest; its launch mask is 0xFFFF.
    let src = "__global__ void k(int* o) { o[threadIdx.z * 48 + threadIdx.y * 16 + threadIdx.x] = threadIdx.y; }";
    let k = parse(src).expect("parses");
    let l = Launch {
        grid: [1, 1, 1],
        block: [16, 3, 1],
        args: vec![],
    };
    let t = trace_warp(&k, &l, [0, 0, 0], 1).expect("runs");
    assert_eq!(t.launch_mask, launch_mask(48, 1));
    assert_eq!(t.launch_mask, 0xFFFF);
    let TraceEvent::Memory(m) = &t.events[0] else {
        panic!("a store")
    };
    assert_eq!(m.active_mask, 0xFFFF);
    assert_eq!(m.addresses[0], Some(buffer_base(0) + 32 * 4));
    let got = ints(src, &l, "o", 48);
    assert_eq!(got, (0..48).map(|t| t / 16).collect::<Vec<i64>>());
    assert!(matches!(
        trace_warp(&k, &l, [0, 0, 0], 2),
        Err(RunError::NoSuchWarp { .. })
    ));
    assert!(matches!(
        trace_warp(&k, &l, [1, 0, 0], 0),
        Err(RunError::NoSuchWarp { .. })
    ));
}

#[test]
fn divergent_if_matches_the_simt_split_and_reconverges() {
    let src = "__global__ void k(float* o)
{
    int t = threadIdx.x;
    if (t % 2)
        o[t] = 1.0f;
    else
        o[t + 64] = 2.0f;
    o[t + 128] = 3.0f;
}";
    let k = parse(src).expect("parses");
    let l = launch(1, 48, &[]);
    for warp in 0..2 {
        let t = trace_warp(&k, &l, [0, 0, 0], warp).expect("runs");
        let before = launch_mask(48, warp);
        let s = split(before, |lane| (warp * 32 + lane) % 2 == 1);
        let b = t.branches_at(4);
        assert_eq!((b[0].mask_before, b[0].taken), (before, s.taken));
        assert_eq!(b[0].diverged(), s.diverged());
        assert_eq!(t.accesses_at(5)[0].active_mask, s.taken);
        assert_eq!(t.accesses_at(7)[0].active_mask, s.not_taken);
        // Reconverged after the if.
        assert_eq!(t.accesses_at(8)[0].active_mask, before);
    }
    let r = run(&k, &l).expect("runs");
    assert_eq!(
        r.line(4).map(|c| (c.branches, c.divergent_branches)),
        Some((2, 2))
    );
    assert_eq!(r.global_store.requests, 6);
}

#[test]
fn loops_break_continue_and_return_remove_lanes() {
    // Lane l runs (l % 5) + 1 trips: the body's warp-level executions are 5 with masks of
    // the lanes that still have trips (naive SIMT, as `#pragma unroll 1` runs on the GPU).
    let src = "__global__ void k(float* o)
{
    int t = threadIdx.x;
    float acc = 0.0f;
    for (int j = 0; j < t % 5 + 1; j++)
        acc += o[t * 8 + j];
    o[t] = acc;
}";
    let k = parse(src).expect("parses");
    let t = trace_warp(&k, &launch(1, 32, &[]), [0, 0, 0], 0).expect("runs");
    let masks: Vec<u32> = t.accesses_at(6).iter().map(|m| m.active_mask).collect();
    let want: Vec<u32> = (0..5)
        .map(|j| (0..32).filter(|l| l % 5 >= j).fold(0, |m, l| m | 1 << l))
        .collect();
    assert_eq!(masks, want);
    assert_eq!(t.accesses_at(7)[0].active_mask, u32::MAX);

    let src = "__global__ void k(int* o)
{
    int t = threadIdx.x;
    int n = 0;
    for (int j = 0; j < 8; j++) {
        if (j == t % 4) continue;
        if (j > t % 8) break;
        n += 1;
    }
    if (t >= 20) return;
    o[t] = n;
}";
    let got = ints(src, &launch(1, 32, &[]), "o", 32);
    for (t, n) in got.iter().enumerate() {
        if t >= 20 {
            assert_eq!(*n, (t % 16) as i64, "lane {t} returned: the pattern stays");
            continue;
        }
        let want = (0..8)
            .take_while(|j| !(*j > t % 8 && *j != t % 4))
            .filter(|j| *j != t % 4)
            .count();
        assert_eq!(*n, want as i64, "lane {t}");
    }
    let k = parse(src).expect("parses");
    let t = trace_warp(&k, &launch(1, 32, &[]), [0, 0, 0], 0).expect("runs");
    assert_eq!(t.accesses_at(11)[0].active_mask, 0x000F_FFFF);

    let src = "__global__ void k(int* o)
{
    int t = threadIdx.x;
    int n = 0;
    do {
        n++;
    } while (n < t % 3);
    int m = 0;
    while (m < 2 * t) m += 3;
    o[t] = n * 100 + m;
}";
    let got = ints(src, &launch(1, 32, &[]), "o", 32);
    for (t, v) in got.iter().enumerate() {
        let n = (t % 3).max(1) as i64;
        let m = (2 * t as i64 + 2) / 3 * 3;
        assert_eq!(*v, n * 100 + m, "lane {t}");
    }
}

#[test]
fn short_circuit_and_conditional_evaluate_under_narrowed_masks() {
    let src = "__global__ void k(const float* in, float* o, int n)
{
    int i = threadIdx.x;
    float v = (i < n && in[i] > 4.0f) ? in[i + 32] : -1.0f;
    o[i] = v;
}";
    let k = parse(src).expect("parses");
    let l = launch(1, 32, &[("n", 20)]);
    let t = trace_warp(&k, &l, [0, 0, 0], 0).expect("runs");
    let loads = t.accesses_at(4);
    // in[i] for i < 20; in[i + 32] where in[i] = i % 16 > 4: lanes 5..16.
    assert_eq!(loads[0].active_mask, 0x000F_FFFF);
    assert_eq!(loads[1].active_mask, 0xFFE0);
    let o = floats(src, &l, "o", 32);
    for (i, v) in o.iter().enumerate() {
        let want = if i < 20 && i % 16 > 4 {
            ((i + 32) % 16) as f32
        } else {
            -1.0
        };
        assert_eq!(*v, want);
    }
    // A guarded division never divides by zero.
    let src = "__global__ void k(int* o) { int z = threadIdx.x % 2; o[threadIdx.x] = z != 0 && 10 / z == 10; }";
    assert_eq!(ints(src, &launch(1, 4, &[]), "o", 4), vec![0, 1, 0, 1]);
}

#[test]
fn shared_memory_reduction_and_barrier_order() {
    let p = preset("reduce-sequential").expect("preset");
    let k = parse(p.source).expect("parses");
    let out = read_buffer(&k, &p.launch(), "out", 3).expect("runs");
    // Each block sums 256 pattern values i % 16: 16 × (0 + … + 15) = 1920.
    assert!(out.iter().all(|b| f32::from_bits(*b as u32) == 1920.0));
    // Warps see each other's shared writes only across the barrier.
    let src = "__global__ void k(int* o)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    o[threadIdx.x] = s[63 - threadIdx.x];
}";
    assert_eq!(
        ints(src, &launch(2, 64, &[]), "o", 64),
        (0..64).rev().collect::<Vec<i64>>()
    );
}

#[test]
fn barrier_errors_name_the_line_and_never_hang() {
    let src = "__global__ void k(int* o)
{
    if (threadIdx.x < 16)
        __syncthreads();
}";
    let e = run_src(src, &launch(1, 64, &[])).expect_err("divergent");
    assert_eq!(
        e,
        RunError::BarrierInDivergentCode {
            line: 4,
            block: [0, 0, 0],
            warp: 0,
            active_mask: 0xFFFF,
            live_mask: u32::MAX
        }
    );
    let src = "__global__ void k(int* o)
{
    if (threadIdx.x < 32) {
        __syncthreads();
    } else {
        __syncthreads();
    }
}";
    let e = run_src(src, &launch(1, 64, &[])).expect_err("two barriers");
    assert_eq!(
        e,
        RunError::BarrierMismatch {
            line: 4,
            other_line: 6,
            block: [0, 0, 0]
        }
    );
    // The same two barriers on one line are still two.
    let src = "__global__ void k(int* o)\n{\n    if (threadIdx.x < 32) { __syncthreads(); } else { __syncthreads(); }\n}";
    let e = run_src(src, &launch(1, 64, &[])).expect_err("two barriers on one line");
    assert_eq!(
        e,
        RunError::BarrierMismatch {
            line: 3,
            other_line: 3,
            block: [0, 0, 0]
        }
    );
    // Warps that exited count as arrived: the rest pass the barrier.
    let src = "__global__ void k(int* o)
{
    if (threadIdx.x >= 32) return;
    __syncthreads();
    o[threadIdx.x] = 1;
}";
    let r = run_src(src, &launch(1, 64, &[])).expect("runs");
    assert_eq!(r.global_store.requests, 1);
    // A warp-uniform branch around a barrier is fine.
    let src = "__global__ void k(int* o)
{
    for (int i = 0; i < 3; i++) {
        if (blockIdx.x < 100) __syncthreads();
    }
}";
    assert!(run_src(src, &launch(2, 64, &[])).is_ok());
}

#[test]
fn runtime_errors_name_the_line() {
    let e = run_src(
        "__global__ void k(int* o)\n{\n    __shared__ int s[32];\n    s[threadIdx.x] = 1;\n}",
        &launch(1, 33, &[]),
    );
    assert_eq!(
        e,
        Err(RunError::SharedIndexOutOfBounds {
            line: 4,
            array: "s".into(),
            index: 32,
            extent: 32,
            block: [0, 0, 0],
            thread: [32, 0, 0]
        })
    );
    let e = run_src(
        "__global__ void k(int* o)\n{\n    o[(int)threadIdx.x - 1] = 1;\n}",
        &launch(1, 32, &[]),
    );
    assert_eq!(
        e,
        Err(RunError::NegativeGlobalIndex {
            line: 3,
            buffer: "o".into(),
            index: -1,
            block: [0, 0, 0],
            thread: [0, 0, 0]
        })
    );
    // An unsigned index below zero wraps: lane 0 of `threadIdx.x - 1` (lanes 1–31 are fine).
    let e = run_src(
        "__global__ void k(float* o)\n{\n    o[threadIdx.x - 1] = 1.0f;\n}",
        &launch(1, 32, &[]),
    );
    assert_eq!(
        e,
        Err(RunError::WrappedGlobalIndex {
            line: 3,
            buffer: "o".into(),
            index: 4_294_967_295,
            offset_bytes: 4 * 4_294_967_295,
            block: [0, 0, 0],
            thread: [0, 0, 0]
        })
    );
    // An inactive lane's wrapped index is never used.
    assert!(run_src(
        "__global__ void k(float* o)\n{\n    if (threadIdx.x > 0) o[threadIdx.x - 1] = 1.0f;\n}",
        &launch(1, 32, &[]),
    )
    .is_ok());
    let e = run_src(
        "__global__ void k(int* o)\n{\n    o[0] = 1 / (int)threadIdx.x;\n}",
        &launch(1, 32, &[]),
    );
    assert_eq!(
        e,
        Err(RunError::DivisionByZero {
            line: 3,
            block: [0, 0, 0],
            thread: [0, 0, 0]
        })
    );
    let e = run_src("__global__ void k(int* o)\n{\n    int x;\n    if (threadIdx.x > 3) x = 1;\n    o[0] = x;\n}", &launch(1, 32, &[]));
    assert_eq!(
        e,
        Err(RunError::UninitializedRead {
            line: 5,
            name: "x".into()
        })
    );
    let ok = run_src(
        "__global__ void k(int* o)\n{\n    int x;\n    x = 2;\n    o[0] = x;\n}",
        &launch(1, 32, &[]),
    );
    assert!(ok.is_ok());
    let e = run_src(
        "__global__ void k(int* o)\n{\n    while (1) { }\n}",
        &launch(1, 32, &[]),
    );
    assert_eq!(
        e,
        Err(RunError::LoopLimit {
            line: 3,
            limit: LOOP_LIMIT
        })
    );
    let e = run_src(
        "__global__ void k(int* o)\n{\n    for (;;);\n}",
        &launch(1, 32, &[]),
    );
    assert_eq!(
        e,
        Err(RunError::LoopLimit {
            line: 3,
            limit: LOOP_LIMIT
        })
    );
    // 16,385 pages of 4 KiB written: over the 64 MiB limit.
    let e = run_src(
        "__global__ void k(int* o)\n{\n    o[(blockIdx.x * 32 + threadIdx.x) * 1024] = 1;\n}",
        &launch(513, 32, &[]),
    );
    assert_eq!(
        e,
        Err(RunError::MemoryLimit {
            line: 3,
            limit_bytes: MAX_WRITTEN_BYTES
        })
    );
}

#[test]
fn the_step_limit_stops_a_long_launch() {
    let k = parse("__global__ void k(int* o)\n{\n    for (int i = 0; i < 1000; i++) o[0] = i;\n}")
        .expect("parses");
    let mut r = Runner::new(&k, &launch(64, 32, &[])).expect("launches");
    r.set_step_limit(10_000);
    assert_eq!(
        r.finish(),
        Err(RunError::StepLimit {
            line: 3,
            limit: 10_000
        })
    );
}

#[test]
fn launch_and_argument_errors() {
    let k = parse("__global__ void k(int* o, int n, unsigned m, float f) { }").expect("parses");
    let args = [("n", 1), ("m", 2), ("f", 3)];
    let bad = |grid: [u32; 3], block: [u32; 3]| {
        run(
            &k,
            &Launch {
                grid,
                block,
                args: launch(1, 1, &args).args,
            },
        )
        .expect_err("invalid")
    };
    assert_eq!(
        bad([1, 1, 1], [0, 1, 1]),
        RunError::InvalidLaunch(LaunchProblem::ZeroDimension {
            grid: false,
            axis: 'x'
        })
    );
    assert_eq!(
        bad([1, 0, 1], [1, 1, 1]),
        RunError::InvalidLaunch(LaunchProblem::ZeroDimension {
            grid: true,
            axis: 'y'
        })
    );
    assert_eq!(
        bad([1, 1, 1], [64, 32, 1]),
        RunError::InvalidLaunch(LaunchProblem::BlockTooLarge {
            threads: 2048,
            limit: 1024
        })
    );
    assert_eq!(
        bad([1, 1, 1], [1, 1, 65]),
        RunError::InvalidLaunch(LaunchProblem::DimensionTooLarge {
            grid: false,
            axis: 'z',
            value: 65,
            limit: 64
        })
    );
    assert_eq!(
        bad([1, 70_000, 1], [1, 1, 1]),
        RunError::InvalidLaunch(LaunchProblem::DimensionTooLarge {
            grid: true,
            axis: 'y',
            value: 70_000,
            limit: 65_535
        })
    );
    assert!(matches!(
        bad([65_536, 1, 1], [1024, 1, 1]),
        RunError::InvalidLaunch(LaunchProblem::GridTooLarge { .. })
    ));
    // 2^70 threads: the count saturates rather than wrapping past the limit.
    assert_eq!(
        bad([1 << 30, 1 << 15, 1 << 15], [1024, 1, 1]),
        RunError::InvalidLaunch(LaunchProblem::GridTooLarge {
            threads: u64::MAX,
            limit: MAX_GRID_THREADS
        })
    );
    assert_eq!(
        run(&k, &launch(1, 1, &[("n", 1), ("m", 2)])),
        Err(RunError::MissingArgument { name: "f".into() })
    );
    assert_eq!(
        run(&k, &launch(1, 1, &[("n", 1), ("m", 2), ("f", 1), ("o", 0)])),
        Err(RunError::UnknownArgument { name: "o".into() })
    );
    assert_eq!(
        run(&k, &launch(1, 1, &[("n", 1 << 40), ("m", 2), ("f", 1)])),
        Err(RunError::ArgumentOutOfRange {
            name: "n".into(),
            value: 1 << 40,
            ty: "int".into()
        })
    );
    assert_eq!(
        run(&k, &launch(1, 1, &[("n", 1), ("m", -1), ("f", 1)])),
        Err(RunError::ArgumentOutOfRange {
            name: "m".into(),
            value: -1,
            ty: "unsigned int".into()
        })
    );
    // A float parameter takes an integer converted, or a real through with_values.
    let k = parse("__global__ void k(float* o, float f) { o[0] = f; }").expect("parses");
    assert_eq!(
        floats(
            "__global__ void k(float* o, float f) { o[0] = f; }",
            &launch(1, 1, &[("f", 3)]),
            "o",
            1
        ),
        vec![3.0]
    );
    let r = Runner::with_values(
        &k,
        [1, 1, 1],
        [1, 1, 1],
        &[("f".into(), ArgValue::Float(0.5))],
    )
    .expect("launches");
    assert!(r.finish().is_ok());
}

#[test]
fn a_real_argument_reaches_the_trace() {
    // `i < n * f` with f = 0.5: 16 of the 32 lanes take the branch (an integer 0 or 1 would
    // give 0 or 32).
    let k = parse(
        "__global__ void half(float* out, int n, float f) {
            int i = threadIdx.x;
            if (i < n * f) out[i] = 1.0f;
        }",
    )
    .expect("parses");
    let args = vec![
        ("n".to_string(), ArgValue::Int(32)),
        ("f".to_string(), ArgValue::Float(0.5)),
    ];
    let t = trace_warp_with_values(&k, [1, 1, 1], [32, 1, 1], &args, [0, 0, 0], 0).expect("runs");
    let b = t.branches_at(3);
    assert_eq!(b.len(), 1);
    assert_eq!(b[0].taken, 0x0000_ffff);
    assert_eq!(t.accesses_at(3)[0].active_mask, 0x0000_ffff);
}
