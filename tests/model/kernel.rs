//! The kernel lab against the hardware: every launch of `kernel_lab_h100.json` (the presets and
//! the extra kernels of `examples/kernel_lab_gen.rs`, measured with Nsight Compute on an H100
//! SXM, the H200's SM) parsed, run and compared on every metric, FLOPs and DRAM bounds; and
//! properties on arbitrary input: parsing never panics, running never panics and never passes
//! its limits.

use proptest::prelude::*;
use warpscope::model::kernel::{parse, presets, run, Launch, Report, RunError, Runner};

use crate::common::fixture_json;

/// The fixture's metrics and the model's value of each.
fn model_metric(r: &Report, metric: &str) -> Option<u64> {
    let t = &r.totals;
    Some(match metric {
        "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum" => t.global_load.requests,
        "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum" => t.global_load.sectors,
        "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum" => t.global_store.requests,
        "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum" => t.global_store.sectors,
        "smsp__sass_inst_executed_op_shared_ld.sum" => t.shared_load.instructions,
        "smsp__sass_inst_executed_op_shared_st.sum" => t.shared_store.instructions,
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum" => t.shared_load.wavefronts,
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum" => t.shared_store.wavefronts,
        "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum" => t.shared_load_bank_conflicts,
        "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum" => t.shared_store_bank_conflicts,
        "smsp__sass_inst_executed_op_global_ld.sum" => t.global_load.requests,
        "smsp__sass_inst_executed_op_global_st.sum" => t.global_store.requests,
        _ => return None,
    })
}

fn launch_of(l: &serde_json::Value) -> Launch {
    let dims = |k: &str| -> [u32; 3] {
        let v: Vec<u32> = l[k]
            .as_array()
            .expect("dims")
            .iter()
            .map(|x| x.as_u64().expect("dim") as u32)
            .collect();
        [v[0], v[1], v[2]]
    };
    let args = l["args"]
        .as_object()
        .expect("args")
        .iter()
        .map(|(n, v)| (n.clone(), v.as_i64().expect("arg")))
        .collect();
    Launch {
        grid: dims("grid"),
        block: dims("block"),
        args,
    }
}

#[test]
fn every_measured_launch_replays_with_its_recorded_counts() {
    let f = fixture_json("kernel_lab_h100.json");
    let metrics: Vec<&str> = f["meta"]["metrics"]
        .as_array()
        .expect("metrics")
        .iter()
        .map(|m| m.as_str().expect("name"))
        .collect();
    assert_eq!(metrics.len(), 12);
    let launches = f["launches"].as_array().expect("launches");
    let mut matching = 0;
    for l in launches {
        let name = l["name"].as_str().expect("name");
        let k =
            parse(l["source"].as_str().expect("source")).unwrap_or_else(|e| panic!("{name}: {e}"));
        let r = run(&k, &launch_of(l)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut all_equal = true;
        for m in &metrics {
            let model = model_metric(&r, m).expect("known metric");
            // The model's recorded value is what it computes now.
            assert_eq!(
                Some(model),
                l["model"][*m].as_u64(),
                "{name} {m}: the model changed; regenerate the fixture"
            );
            all_equal &= Some(model) == l["ncu"][*m].as_u64();
        }
        assert_eq!(
            all_equal,
            l["matches"].as_bool().expect("matches"),
            "{name}"
        );
        // Static shared memory as ptxas reports it (occupancy's input).
        let smem = u64::from(k.static_smem_bytes());
        assert_eq!(l["ptxas"]["smem_bytes"].as_u64(), Some(smem), "{name} smem");
        // FLOPs agree on every launch (FFMA counts 2, so a fused a*b+c is the source's 2);
        // the DRAM bytes read are at least the ideal-cache lower bound.
        let gpu = &l["ncu_diagnostics"];
        assert_eq!(
            gpu["fp32_flops"].as_u64(),
            Some(r.totals.fp32_flops),
            "{name} FP32"
        );
        assert_eq!(
            gpu["fp64_flops"].as_u64(),
            Some(r.totals.fp64_flops),
            "{name} FP64"
        );
        let dram = gpu["dram_bytes_read"].as_u64().expect("DRAM bytes");
        assert!(dram >= r.dram_load_bytes(), "{name} DRAM bytes");
        if all_equal {
            matching += 1;
        } else {
            // A difference is recorded with the compiler's reason, found in the SASS.
            let reason = l["reason"].as_str().unwrap_or_default();
            assert!(reason.len() > 20, "{name}: a difference without a reason");
        }
    }
    assert_eq!(
        Some(matching),
        f["meta"]["launches_matching_every_metric"].as_u64()
    );
    assert_eq!(Some(launches.len() as u64), f["meta"]["launches"].as_u64());
}

#[test]
fn every_preset_is_measured_as_it_ships() {
    let f = fixture_json("kernel_lab_h100.json");
    let launches = f["launches"].as_array().expect("launches");
    for p in presets() {
        let l = launches
            .iter()
            .find(|l| l["name"] == p.id)
            .unwrap_or_else(|| panic!("{} not measured", p.id));
        assert_eq!(l["preset"], true);
        assert_eq!(
            l["source"].as_str(),
            Some(p.source),
            "{}: source changed since it was measured",
            p.id
        );
        let (mut measured, mut shipped) = (launch_of(l), p.launch());
        measured.args.sort();
        shipped.args.sort();
        assert_eq!(
            measured, shipped,
            "{}: launch changed since it was measured",
            p.id
        );
    }
}

/// Pieces of kernels: statements that use `t` (int), `x` (float), `in`, `out` and `s`.
const STATEMENTS: [&str; 18] = [
    "x += in[t * 2];",
    "out[t] = x;",
    "s[t % 64] = x;",
    "x = s[(t * 3) % 64];",
    "if (t % 3 == 0) { x = x * 2.0f; } else { x -= 1.0f; }",
    "for (int k = 0; k < t % 4; k++) { x += in[k]; }",
    "while (x < 10.0f) { x += 3.0f; }",
    "if (t > 40) return;",
    "__syncthreads();",
    "t = t / (t % 3);",
    "do { t++; } while (t % 5 != 0);",
    "for (int k = 0; k < 8; k++) { if (k == t % 8) break; if (k % 2) continue; x += 1.0f; }",
    "x = (t < 10 && in[t] > 2.0f) ? in[t + 1] : -x;",
    "t = t << (t % 40);",
    "t = -t;",
    "x = s[t];",
    "out[t - 5] = 1.0f;",
    "while (t > 0) { t = t - 1; }",
];

fn kernel_from(picks: &[(usize, bool)]) -> String {
    let mut body = String::new();
    let mut open = 0;
    for (i, nest) in picks {
        if *nest && open < 3 {
            body.push_str("if (t % 2 == 0) {\n");
            open += 1;
        }
        body.push_str(STATEMENTS[*i % STATEMENTS.len()]);
        body.push('\n');
    }
    body.push_str(&"}\n".repeat(open));
    format!(
        "__global__ void k(const float* in, float* out)\n{{\n__shared__ float s[64];\nint t = blockIdx.x * blockDim.x + threadIdx.x;\nfloat x = 0.0f;\n{body}}}\n"
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn parsing_arbitrary_text_never_panics(src in "\\PC{0,300}") {
        let _ = parse(&src);
    }

    #[test]
    fn parsing_token_soup_never_panics(toks in prop::collection::vec(prop::sample::select(vec![
        "__global__", "void", "k", "(", ")", "{", "}", "[", "]", "int", "float", "float4", "*", "const",
        "x", "in", "out", "=", "+", ";", ",", "if", "else", "for", "while", "return", "__shared__",
        "1", "2.0f", "threadIdx", ".", "x", "<", ">>=", "?", ":", "#define N 4\n", "N", "++", "&&",
        "__syncthreads", "break", "continue", "do", "unsigned", "-", "!", "~", "%", "static_cast",
    ]), 0..80)) {
        let _ = parse(&toks.join(" "));
    }

    #[test]
    fn running_generated_kernels_never_panics_nor_passes_the_limits(
        picks in prop::collection::vec((0usize..100, any::<bool>()), 1..8),
        grid in 1u32..4, block in 1u32..160,
    ) {
        let src = kernel_from(&picks);
        let k = parse(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
        let launch = Launch { grid: [grid, 1, 1], block: [block, 1, 1], args: vec![] };
        let mut r = Runner::new(&k, &launch).expect("valid launch");
        r.set_step_limit(200_000);
        match r.finish() {
            Ok(report) => prop_assert!(report.steps <= 200_000),
            Err(e) => prop_assert!(e.line().is_some(), "{e}"),
        }
    }

    #[test]
    fn arbitrary_launches_of_the_presets_never_panic(
        which in 0usize..14, grid in prop::array::uniform3(0u32..5), block in prop::array::uniform3(0u32..70),
        arg in -3i64..100,
    ) {
        let p = &presets()[which % presets().len()];
        let k = parse(p.source).expect("preset parses");
        let args = p.args.iter().map(|(n, _)| ((*n).to_string(), arg)).collect();
        let launch = Launch { grid, block, args };
        match Runner::new(&k, &launch) {
            Err(RunError::InvalidLaunch(_)) => prop_assert!(grid.contains(&0) || block.contains(&0) || block.iter().product::<u32>() > 1024 || block[2] > 64),
            Err(e) => prop_assert!(false, "{e}"),
            Ok(mut r) => {
                r.set_step_limit(300_000);
                let _ = r.finish();
            }
        }
    }
}
