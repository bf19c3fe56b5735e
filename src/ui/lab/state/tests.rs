//! Tests of the parent module.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;
use crate::model::kernel::run;
use proptest::prelude::*;

#[test]
fn every_preset_round_trips_through_the_url() {
    for p in presets() {
        let i = LabInputs::from_preset(p.id);
        let q = i.to_query();
        assert!(!q.contains("k="), "{}: {q}", p.id);
        let (back, notices) = LabInputs::from_query(&q);
        assert_eq!(back, i, "{q}");
        assert!(notices.is_empty(), "{notices:?}");
    }
    assert_eq!(LabInputs::default().to_query(), "");
}

#[test]
fn an_edited_kernel_and_launch_round_trip() {
    let mut i = LabInputs::from_preset("gemv");
    i.source = i.source.replace("k++", "k += 2") + "// <b>&amp; 中文</b>\n";
    i.grid = [3, 2, 1];
    i.block = [32, 4, 2];
    i.args.insert("cols".into(), "64".into());
    i.args.insert("extra".into(), "1.5".into());
    i.gpu = "a100".into();
    i.regs = 40;
    i.line = 7;
    i.at = 3;
    i.warp = 9;
    let q = i.to_query();
    assert!(q.contains("v=1&k="), "{q}");
    assert!(q.contains("grid=3x2&block=32x4x2"), "{q}");
    let (back, notices) = LabInputs::from_query(&q);
    assert_eq!(back, i);
    assert!(notices.is_empty(), "{notices:?}");
}

#[test]
fn bad_links_fall_back_with_notices() {
    let (i, notices) = LabInputs::from_query(
        "preset=nope&v=1&k=%%%&grid=0x&block=1x2x3x4&a.1x=2&a.n=&gpu=b300&regs=999&line=-3&warp=x",
    );
    assert_eq!(i.preset, DEFAULT_PRESET);
    assert_eq!(i.source, LabInputs::default().source);
    assert_eq!(i.grid, LabInputs::default().grid);
    assert_eq!(i.args.get("n").map(String::as_str), Some(""));
    assert_eq!(
        (i.gpu.as_str(), i.regs, i.line, i.warp),
        ("h100", 255, 0, 0)
    );
    assert!(notices.len() >= 9, "{notices:?}");
    // Another version's kernel is not read.
    let k = link::pack("__global__ void x() {}");
    let (i, notices) = LabInputs::from_query(&format!("v=2&k={k}"));
    assert_eq!(i.source, LabInputs::default().source);
    assert_eq!(notices.len(), 1, "{notices:?}");
}

#[test]
fn dims_read_and_write() {
    assert_eq!(parse_dim3("8x32"), Ok([8, 32, 1]));
    assert_eq!(parse_dim3(" 8 × 32 × 2 "), Ok([8, 32, 2]));
    assert_eq!(parse_dim3("256"), Ok([256, 1, 1]));
    assert_eq!(parse_dim3("1,2,3"), Ok([1, 2, 3]));
    assert_eq!(parse_dim3("４０ｘ２"), Ok([40, 2, 1]));
    assert_eq!(parse_dim3("８，８"), Ok([8, 8, 1]));
    assert_eq!(parse_dim3("2147483647"), Ok([2147483647, 1, 1]));
    assert_eq!(parse_dim3("1x2x3x4"), Err(Dim3Error::Format));
    assert_eq!(parse_dim3("-1"), Err(Dim3Error::Format));
    assert_eq!(parse_dim3("2.5"), Err(Dim3Error::Format));
    assert_eq!(parse_dim3(""), Err(Dim3Error::Format));
    assert_eq!(parse_dim3("x8"), Err(Dim3Error::Format));
    // Whole numbers, too large: said so, not "type whole numbers".
    assert_eq!(parse_dim3("2147483648"), Err(Dim3Error::TooLarge));
    assert_eq!(parse_dim3("99999999999x2"), Err(Dim3Error::TooLarge));
    assert_eq!(parse_dim3("99999999999xq"), Err(Dim3Error::Format));
    assert_eq!(dim3_text([256, 1, 1]), "256");
    assert_eq!(dim3_text([1, 1, 4]), "1x1x4");
}

#[test]
fn argument_values_follow_the_parameter_type() {
    assert_eq!(
        arg_value(ScalarType::Int, "1e6"),
        Ok(ArgValue::Int(1_000_000))
    );
    assert_eq!(
        arg_value(ScalarType::Int, "65,536"),
        Ok(ArgValue::Int(65_536))
    );
    assert_eq!(arg_value(ScalarType::Int, "１２"), Ok(ArgValue::Int(12)));
    assert_eq!(
        arg_value(ScalarType::Float, "0.5"),
        Ok(ArgValue::Float(0.5))
    );
    assert_eq!(arg_value(ScalarType::Int, " "), Err(ArgProblem::Missing));
    assert!(matches!(
        arg_value(ScalarType::Int, "2.5"),
        Err(ArgProblem::NotANumber { .. })
    ));
    assert!(matches!(
        arg_value(ScalarType::Float, "inf"),
        Err(ArgProblem::NotANumber { .. })
    ));
}

#[test]
fn setup_reads_only_the_kernels_parameters() {
    let mut i = LabInputs::from_preset("strided-read");
    i.args.insert("unused".into(), "oops".into());
    let kernel = parse(&i.source).map(Arc::new);
    let Setup::Ready(job) = setup(&kernel, &i) else {
        panic!("ready");
    };
    assert_eq!(job.args, vec![("stride".to_string(), ArgValue::Int(2))]);
    i.args.remove("stride");
    assert!(matches!(
        setup(&kernel, &i),
        Setup::Args(_, ref p) if p == &vec![("stride".to_string(), ArgProblem::Missing)]
    ));
    i.source = "__global__ void k( {".into();
    assert!(matches!(
        setup(&parse(&i.source).map(Arc::new), &i),
        Setup::Parse(_)
    ));
}

#[test]
fn warps_are_placed_in_launch_order() {
    let i = LabInputs::from_preset("transpose-naive"); // grid 8×32, block 32×8: 8 warps a block
    let kernel = parse(&i.source).map(Arc::new);
    let Setup::Ready(job) = setup(&kernel, &i) else {
        panic!("ready");
    };
    assert_eq!(job.warps(), 8 * 32 * 8);
    assert_eq!(job.warp_place(0), ([0, 0, 0], 0));
    assert_eq!(job.warp_place(9), ([1, 0, 0], 1));
    assert_eq!(job.warp_place(8 * 8 + 3), ([0, 1, 0], 3));
}

#[test]
fn the_trace_matches_the_report() {
    let i = LabInputs::from_preset("strided-read");
    let kernel = parse(&i.source).map(Arc::new);
    let Setup::Ready(job) = setup(&kernel, &i) else {
        panic!("ready");
    };
    let report = run(&job.kernel, &crate::model::kernel::presets()[1].launch()).expect("runs");
    let t = trace(&job, &report, 3).expect("traced");
    // Line 4 `out[i] = in[i * stride]`: the load touches 8 sectors, the store 4.
    let acc = t.accesses_at(4);
    assert_eq!(acc.len(), 2);
    assert_eq!(
        acc.iter().map(|a| a.sectors).collect::<Vec<_>>(),
        vec![8, 4]
    );
}

#[test]
fn at_names_the_nth_line_of_code() {
    let owner = Owner::new();
    owner.set();
    let mut i = LabInputs::from_preset("copy-bounds");
    i.at = 2;
    let st = LabState::new(UrlInputs::detached(i));
    // Lines 1 (the signature: parameters), 3, 4, 5 have code; the second is line 3.
    let lines = match st.kernel.get_untracked() {
        Ok(k) => k.code_lines(),
        Err(e) => panic!("{e}"),
    };
    assert_eq!(st.line.get_untracked(), lines[1]);
    st.inputs.update(|i| i.at = 99);
    assert_eq!(Some(&st.line.get_untracked()), lines.last());
    st.inputs.update(|i| i.pick_line(4));
    assert_eq!(st.line.get_untracked(), 4);
}

#[test]
fn reactive_state_parses_and_waits_for_the_runner() {
    let owner = Owner::new();
    owner.set();
    let st = LabState::new(UrlInputs::detached(LabInputs::from_preset("gemv")));
    assert!(matches!(st.setup.get_untracked(), Setup::Ready(_)));
    assert!(st.running.get_untracked());
    assert_eq!(st.report.get_untracked(), None);
    st.inputs.update(|i| i.source.push_str("oops"));
    assert!(matches!(st.setup.get_untracked(), Setup::Parse(_)));
    assert!(!st.running.get_untracked());
}

proptest! {
    #[test]
    fn any_query_reads_without_panic_and_round_trips(q in ".{0,200}") {
        let (i, _) = LabInputs::from_query(&q);
        let (again, notices) = LabInputs::from_query(&i.to_query());
        prop_assert_eq!(again, i);
        prop_assert!(notices.is_empty());
    }
}
