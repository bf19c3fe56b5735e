//! The kernel lab's hardware check (H200 / H100 SXM, sm_90), both ends of it.
//!
//! * `cargo run --no-default-features --example kernel_lab_gen -- cu > tests/gpu/kernel_lab_ncu.cu`
//!   writes the CUDA program: every preset of `model::kernel::presets()` and the extra kernels
//!   below, each source inserted verbatim in a namespace of its own (its `#define`s undone after
//!   it), each buffer allocated to the extent the model's run touches and filled with the lab's
//!   initial pattern (scalar `j` holds `j mod 16`), each kernel launched once with its launch.
//! * `cargo run --no-default-features --example kernel_lab_gen -- fixture ncu.csv ncu_extra.csv
//!   env.txt reasons.json build.txt > tests/fixtures/kernel_lab_h100.json` joins the Nsight
//!   Compute CSVs and the `ptxas -v` output of that program (`tests/gpu/kernel_lab_ncu.sh` makes them) with the model's counts (one launch
//!   per kernel, in order) into the fixture `tests/model/kernel.rs` replays; `reasons.json` maps a
//!   launch name to the reason of a recorded difference, read in the program's SASS.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use warpscope::model::kernel::{
    parse, presets, run, Kernel, Launch, ParamKind, Report, ScalarType, ValueType,
};

/// The Nsight Compute metrics, in the order the fixture lists them.
const METRICS: [&str; 12] = [
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "smsp__sass_inst_executed_op_global_ld.sum",
    "smsp__sass_inst_executed_op_global_st.sum",
];

/// Diagnostic metrics of a second ncu pass: FLOPs (FFMA counts 2), DRAM bytes, instructions.
const DIAGNOSTICS: [&str; 9] = [
    "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum",
    "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum",
    "dram__bytes_read.sum",
    "dram__bytes_write.sum",
    "smsp__inst_executed.sum",
];

struct Case {
    name: &'static str,
    preset: bool,
    source: &'static str,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<(&'static str, i64)>,
}

/// Kernels beyond the presets: divergent loops (with and without `#pragma unroll 1`),
/// float4, double, a shared 2-D tile, partial warps, 2-D and 3-D launches, early return,
/// `do`/`break`/`continue`, data-dependent loops, C integer semantics in addresses, 8- and
/// 16-byte shared accesses, and a guarded load the compiler may reuse.
fn extra_cases() -> Vec<Case> {
    let c = |name, source, grid, block, args: &[(&'static str, i64)]| Case {
        name,
        preset: false,
        source,
        grid,
        block,
        args: args.to_vec(),
    };
    vec![
        c("divergent-loop", "__global__ void divergent_loop(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < threadIdx.x % 5 + 1; k++)
        acc += in[i * 8 + k];
    out[i] = acc;
}
", [2, 1, 1], [64, 1, 1], &[]),
        c("divergent-loop-unroll-1", "__global__ void divergent_loop_unroll1(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
#pragma unroll 1
    for (int k = 0; k < threadIdx.x % 5 + 1; k++)
        acc += in[i * 8 + k];
    out[i] = acc;
}
", [2, 1, 1], [64, 1, 1], &[]),
        c("float4-scale", "__global__ void scale4(const float4* in, float4* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float4 v = in[i];
        out[i] = make_float4(2.0f * v.x, 2.0f * v.y, 2.0f * v.z, 2.0f * v.w);
    }
}
", [8, 1, 1], [256, 1, 1], &[("n", 2000)]),
        c("daxpy", "__global__ void daxpy(const double* x, double* y, double a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}
", [4, 1, 1], [256, 1, 1], &[("a", 3), ("n", 1000)]),
        c("saxpy", "__global__ void saxpy(const float* x, float* y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}
", [4, 1, 1], [256, 1, 1], &[("a", 2), ("n", 1000)]),
        c("shared-tile-16", "__global__ void tile16(const float* in, float* out)
{
    __shared__ float t[16][16];
    int x = blockIdx.x * 16 + threadIdx.x;
    int y = blockIdx.y * 16 + threadIdx.y;
    t[threadIdx.y][threadIdx.x] = in[y * 64 + x];
    __syncthreads();
    out[y * 64 + x] = t[threadIdx.x][threadIdx.y];
}
", [4, 4, 1], [16, 16, 1], &[]),
        c("partial-warps", "__global__ void partial(const int* in, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * 3 - 1;
}
", [3, 1, 1], [48, 1, 1], &[("n", 100)]),
        c("launch-3d", "__global__ void index3d(float* out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int w = gridDim.x * blockDim.x;
    int h = gridDim.y * blockDim.y;
    out[(z * h + y) * w + x] = (float)(x + y + z);
}
", [2, 3, 2], [8, 4, 2], &[]),
        c("early-return", "__global__ void early_return(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x % 32 >= 20)
        return;
    out[i] = in[i] + 1.0f;
    if (threadIdx.x >= 64)
        return;
    out[i + 4096] = in[i] * 2.0f;
}
", [2, 1, 1], [128, 1, 1], &[]),
        c("if-else-buffers", "__global__ void if_else(const int* in, int* even, int* odd)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    if (v % 2 == 0)
        even[i / 2] = v;
    else
        odd[i / 2] = -v;
}
", [2, 1, 1], [64, 1, 1], &[]),
        c("data-loop", "__global__ void data_loop(const int* counts, const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int c = counts[i];
    float acc = 0.0f;
    int k = 0;
    while (k < c) {
        acc += in[i + k * 1024];
        k++;
    }
    out[i] = acc;
}
", [2, 1, 1], [64, 1, 1], &[]),
        c("loop-control", "__global__ void loop_control(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    int k = 0;
    do {
        k++;
        if ((k + threadIdx.x) % 3 == 0)
            continue;
        if (k > (int)(threadIdx.x % 8))
            break;
        acc += in[i * 4 + k];
    } while (k < 6);
    out[i] = acc;
}
", [1, 1, 1], [64, 1, 1], &[]),
        c("int-semantics", "__global__ void int_math(int* out)
{
    int t = (int)threadIdx.x - 16;
    int q = t / 4;
    int r = t % 4;
    unsigned int u = threadIdx.x - 1u;
    if (u < 31u)
        out[(q + 4) * 8 + (r + 3)] = t >> 1;
    out[100 + ((t << 2) & 63)] = r;
}
", [1, 1, 1], [32, 1, 1], &[]),
        c("shared-8-and-16-byte", "__global__ void smem_wide(const double* in, double* out, const float2* in2, float2* out2)
{
    __shared__ double sd[64];
    __shared__ float2 sf[64];
    int t = threadIdx.x;
    sd[t] = in[t];
    sf[t] = in2[t];
    __syncthreads();
    out[t] = sd[(t * 2) % 64];
    out2[t] = sf[(t * 4) % 64];
}
", [1, 1, 1], [64, 1, 1], &[]),
        c("guarded-reload", "__global__ void guarded(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n && in[i] > 4.0f) ? in[i] : -1.0f;
    out[i] = v;
}
", [2, 1, 1], [64, 1, 1], &[("n", 100)]),
    ]
}

fn cases() -> Vec<Case> {
    let mut v: Vec<Case> = presets()
        .iter()
        .map(|p| Case {
            name: p.id,
            preset: true,
            source: p.source,
            grid: p.grid,
            block: p.block,
            args: p.args.to_vec(),
        })
        .collect();
    v.extend(extra_cases());
    v
}

fn launch(c: &Case) -> Launch {
    Launch {
        grid: c.grid,
        block: c.block,
        args: c.args.iter().map(|(n, v)| ((*n).to_string(), *v)).collect(),
    }
}

fn scalar_c(s: ScalarType) -> &'static str {
    match s {
        ScalarType::Bool => "bool",
        ScalarType::Int => "int",
        ScalarType::UInt => "unsigned int",
        ScalarType::Float => "float",
        ScalarType::Double => "double",
    }
}

fn model(k: &Kernel, c: &Case) -> Report {
    run(k, &launch(c)).unwrap_or_else(|e| panic!("{}: {e}", c.name))
}

/// The model's value of each metric, in [`METRICS`] order.
fn model_metrics(r: &Report) -> Vec<u64> {
    let t = &r.totals;
    vec![
        t.global_load.requests,
        t.global_load.sectors,
        t.global_store.requests,
        t.global_store.sectors,
        t.shared_load.instructions,
        t.shared_store.instructions,
        t.shared_load.wavefronts,
        t.shared_store.wavefronts,
        t.shared_load_bank_conflicts,
        t.shared_store_bank_conflicts,
        t.global_load.requests,
        t.global_store.requests,
    ]
}

fn write_cu() {
    let mut out = String::new();
    out.push_str(
        "// The kernel lab's H200 check. GENERATED by `cargo run --no-default-features --example\n",
    );
    out.push_str("// kernel_lab_gen -- cu` from the presets (src/model/kernel/presets.rs) and the extra kernels of\n");
    out.push_str("// examples/kernel_lab_gen.rs: regenerate, do not edit. Each kernel source is inserted verbatim.\n");
    out.push_str("// Build and measure on the GPU:\n");
    out.push_str("//   nvcc -O3 -std=c++17 -arch=sm_90 -o kernel_lab kernel_lab_ncu.cu\n");
    out.push_str(&format!("//   ncu --clock-control none --cache-control all --print-units base --csv --metrics {} ./kernel_lab\n", METRICS.join(",")));
    out.push_str("#include <cstdio>\n#include <cstdlib>\n#include <vector>\n#ifndef LAB_STUB\n#include <cuda_runtime.h>\n#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)\n#endif\n");
    out.push_str("#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, \"CUDA error %s at line %d\\n\", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)\n\n");
    let all = cases();
    for (n, c) in all.iter().enumerate() {
        out.push_str(&format!(
            "// {n}: {}\nnamespace kl{n} {{\n{}}}\n",
            c.name, c.source
        ));
        for line in c.source.lines() {
            if let Some(rest) = line.trim_start().strip_prefix("#define") {
                if let Some(name) = rest.split_whitespace().next() {
                    out.push_str(&format!("#undef {name}\n"));
                }
            }
        }
        out.push('\n');
    }
    out.push_str(
        "// A buffer of `bytes` bytes holding the lab's initial pattern: scalar j is j % 16.\n",
    );
    out.push_str("template <class T> void* lab_buffer(size_t bytes) {\n    size_t n = bytes / sizeof(T);\n    std::vector<T> h(n);\n    for (size_t j = 0; j < n; j++) h[j] = (T)(j % 16);\n    void* d = nullptr;\n    CHECK(cudaMalloc(&d, bytes));\n    CHECK(cudaMemcpy(d, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));\n    return d;\n}\n\nint main() {\n");
    for (n, c) in all.iter().enumerate() {
        let k = parse(c.source).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let r = model(&k, c);
        out.push_str(&format!("    {{ // {n}: {}\n", c.name));
        let mut args = Vec::new();
        let mut buf = 0;
        for p in &k.params {
            match p.kind {
                ParamKind::Pointer { elem, is_const } => {
                    let extent = r.buffers[buf].extent_bytes;
                    let bytes = (extent.div_ceil(256) * 256).max(256) + 256;
                    out.push_str(&format!(
                        "        void* b{buf} = lab_buffer<{}>({bytes});\n",
                        scalar_c(elem.component())
                    ));
                    let ty = match elem {
                        ValueType::Scalar(s) => scalar_c(s),
                        ValueType::Float2 => "float2",
                        ValueType::Float4 => "float4",
                    };
                    args.push(format!(
                        "({}{ty}*)b{buf}",
                        if is_const { "const " } else { "" }
                    ));
                    buf += 1;
                }
                ParamKind::Scalar { ty } => {
                    let v = c
                        .args
                        .iter()
                        .find(|(a, _)| *a == p.name)
                        .map_or(0, |(_, v)| *v);
                    args.push(format!("({}){v}", scalar_c(ty)));
                }
            }
        }
        let d = |v: [u32; 3]| format!("dim3({}, {}, {})", v[0], v[1], v[2]);
        out.push_str(&format!(
            "        LAUNCH(kl{n}::{}, {}, {}, {});\n",
            k.name,
            d(c.grid),
            d(c.block),
            args.join(", ")
        ));
        out.push_str(
            "        CHECK(cudaGetLastError());\n        CHECK(cudaDeviceSynchronize());\n",
        );
        for b in 0..buf {
            out.push_str(&format!("        CHECK(cudaFree(b{b}));\n"));
        }
        out.push_str(&format!(
            "        fprintf(stderr, \"launch {n} {} ok\\n\");\n    }}\n",
            c.name
        ));
    }
    out.push_str("    return 0;\n}\n");
    print!("{out}");
}

/// Splits one CSV line (double-quoted fields, `""` inside quotes).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(ch) = chars.next() {
        match (ch, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut cur)),
            (c, _) => cur.push(c),
        }
    }
    fields.push(cur);
    fields
}

/// Per profiled launch (in order): kernel name and metric → value, from an ncu `--csv` report.
fn read_ncu(path: &str) -> BTreeMap<u64, (String, BTreeMap<String, u64>)> {
    let csv = std::fs::read_to_string(path).expect("ncu CSV");
    let mut header: Option<Vec<String>> = None;
    let mut measured: BTreeMap<u64, (String, BTreeMap<String, u64>)> = BTreeMap::new();
    for line in csv.lines() {
        let f = csv_fields(line);
        if header.is_none() {
            if f.first().map(String::as_str) == Some("ID") {
                header = Some(f);
            }
            continue;
        }
        let Some(h) = &header else { continue };
        let col = |name: &str| {
            h.iter()
                .position(|x| x == name)
                .and_then(|i| f.get(i))
                .cloned()
        };
        let (Some(id), Some(kernel), Some(metric), Some(value)) = (
            col("ID"),
            col("Kernel Name"),
            col("Metric Name"),
            col("Metric Value"),
        ) else {
            continue;
        };
        let (Ok(id), Ok(value)) = (id.parse::<u64>(), value.replace(',', "").parse::<f64>()) else {
            continue;
        };
        let e = measured
            .entry(id)
            .or_insert_with(|| (kernel, BTreeMap::new()));
        e.1.insert(metric, value as u64);
    }
    measured
}

/// `ptxas -v` output: mangled kernel name → (registers per thread, static shared bytes).
fn read_ptxas(path: &str) -> BTreeMap<String, (u64, u64)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut out = BTreeMap::new();
    let mut current = String::new();
    for line in text.lines() {
        if let Some(rest) = line.split("Compiling entry function '").nth(1) {
            current = rest.split('\'').next().unwrap_or_default().to_string();
        } else if let Some(rest) = line.split("Used ").nth(1) {
            let regs = rest
                .split(' ')
                .next()
                .and_then(|r| r.parse().ok())
                .unwrap_or(0);
            let smem = rest
                .split(", ")
                .find(|p| p.ends_with("bytes smem"))
                .and_then(|p| p.split(' ').next())
                .and_then(|b| b.parse().ok())
                .unwrap_or(0);
            out.insert(current.clone(), (regs, smem));
        }
    }
    out
}

fn write_fixture(
    csv_path: &str,
    extra_path: &str,
    env_path: &str,
    reasons_path: &str,
    build_path: &str,
) {
    let env = std::fs::read_to_string(env_path).unwrap_or_default();
    let ptxas = read_ptxas(build_path);
    let reasons: BTreeMap<String, String> = std::fs::read_to_string(reasons_path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let measured = read_ncu(csv_path);
    let extra = read_ncu(extra_path);
    let all = cases();
    assert_eq!(measured.len(), all.len(), "one profiled launch per case");
    let mut launches = Vec::new();
    let mut matches = 0;
    for (n, (c, (&id, (kernel_name, metrics)))) in all.iter().zip(measured.iter()).enumerate() {
        let k = parse(c.source).expect("parses");
        // Itanium mangling of kl<n>::<name>: _ZN <len>kl<n> <len><name> E…
        let ns = format!("kl{n}");
        let mangled = format!("_ZN{}{ns}{}{}E", ns.len(), k.name.len(), k.name);
        let (registers, smem) = ptxas
            .iter()
            .find(|(m, _)| m.starts_with(&mangled))
            .map(|(_, v)| *v)
            .unwrap_or((0, 0));
        assert!(
            kernel_name.contains(&k.name),
            "{} profiled as {kernel_name}",
            c.name
        );
        let r = model(&k, c);
        let model_values = model_metrics(&r);
        let mut ncu = serde_json::Map::new();
        let mut lab = serde_json::Map::new();
        let mut differ = Vec::new();
        for (m, v) in METRICS.iter().zip(model_values.iter()) {
            let g = metrics.get(*m).copied().unwrap_or(u64::MAX);
            ncu.insert((*m).into(), json!(g));
            lab.insert((*m).into(), json!(v));
            if g != *v {
                differ.push(*m);
            }
        }
        if differ.is_empty() {
            matches += 1;
        }
        let x = extra.get(&id).map(|e| e.1.clone()).unwrap_or_default();
        let g = |m: &str| x.get(m).copied().unwrap_or(0);
        let diagnostics = json!({
            "fp32_flops": g("smsp__sass_thread_inst_executed_op_fadd_pred_on.sum") + g("smsp__sass_thread_inst_executed_op_fmul_pred_on.sum") + 2 * g("smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"),
            "fp64_flops": g("smsp__sass_thread_inst_executed_op_dadd_pred_on.sum") + g("smsp__sass_thread_inst_executed_op_dmul_pred_on.sum") + 2 * g("smsp__sass_thread_inst_executed_op_dfma_pred_on.sum"),
            "dram_bytes_read": g("dram__bytes_read.sum"),
            "dram_bytes_write": g("dram__bytes_write.sum"),
            "inst_executed": g("smsp__inst_executed.sum"),
        });
        let model_diagnostics = json!({
            "fp32_flops": r.totals.fp32_flops,
            "fp64_flops": r.totals.fp64_flops,
            "dram_load_bytes_lower_bound": r.dram_load_bytes(),
            "dram_store_bytes_lower_bound": r.dram_store_bytes(),
            "warp_steps": r.steps,
        });
        let args: serde_json::Map<String, Value> = c
            .args
            .iter()
            .map(|(n, v)| ((*n).to_string(), json!(v)))
            .collect();
        launches.push(json!({
            "name": c.name,
            "preset": c.preset,
            "source": c.source,
            "grid": c.grid,
            "block": c.block,
            "args": args,
            "ncu": ncu,
            "model": lab,
            "ptxas": { "registers": registers, "smem_bytes": smem },
            "ncu_diagnostics": diagnostics,
            "model_diagnostics": model_diagnostics,
            "matches": differ.is_empty(),
            "differing_metrics": differ,
            "reason": reasons.get(c.name).cloned(),
        }));
    }
    let fixture = json!({
        "meta": {
            "gpu": env.lines().next().unwrap_or_default(),
            "note": "The GPU available for the H200 check was an NVIDIA H100 80GB HBM3 (SXM): the same GH100 streaming multiprocessor (compute capability 9.0) as the H200, whose L1TEX and shared-memory counters these are.",
            "environment": env.lines().collect::<Vec<&str>>(),
            "commands": {
                "generate": "cargo run --no-default-features --example kernel_lab_gen -- cu > tests/gpu/kernel_lab_ncu.cu",
                "build": "nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -o kernel_lab kernel_lab_ncu.cu (ptxas: registers and static shared bytes per kernel)",
                "ncu": format!("ncu --clock-control none --cache-control all --print-units base --csv --metrics {} ./kernel_lab", METRICS.join(",")),
                "ncu_diagnostics": format!("ncu --clock-control none --cache-control all --print-units base --csv --metrics {} ./kernel_lab", DIAGNOSTICS.join(",")),
                "script": "tests/gpu/kernel_lab_ncu.sh (its third ncu set, smsp__sass_thread_inst_executed_op_{global,shared}_{ld,st}_pred_on.sum, printed n/a on this GPU and is not used)",
                "sass": "cuobjdump -sass kernel_lab",
                "fixture": "cargo run --no-default-features --example kernel_lab_gen -- fixture ncu.csv ncu_extra.csv env.txt tests/gpu/kernel_lab_reasons.json build.txt",
            },
            "initial_memory": "scalar j of every buffer holds j % 16 converted to the buffer's component type",
            "metrics": METRICS,
            "diagnostic_metrics": DIAGNOSTICS,
            "diagnostics": "ncu_diagnostics: fp32_flops = fadd + fmul + 2 ffma thread instructions (predicated on), fp64_flops likewise, DRAM bytes and warp instructions; model_diagnostics: the lab's FLOPs, its ideal-cache DRAM lower bounds and its warp-level steps",
            "launches_matching_every_metric": matches,
            "launches": all.len(),
        },
        "launches": launches,
    });
    println!(
        "{}",
        serde_json::to_string_pretty(&fixture).expect("serialises")
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("cu") => write_cu(),
        Some("fixture") if args.len() >= 7 => {
            write_fixture(&args[2], &args[3], &args[4], &args[5], &args[6])
        }
        _ => eprintln!(
            "usage: kernel_lab_gen cu | fixture <ncu.csv> <ncu_extra.csv> <env.txt> <reasons.json> <build.txt>"
        ),
    }
}
