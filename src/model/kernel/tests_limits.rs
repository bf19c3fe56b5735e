//! The lab's limits and C's constant rules at the edges: operator chains bounded so that no
//! input overflows the stack, constant array sizes in C's types.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).

use super::error::ParseErrorKind as K;
use super::tests_parse::err;
use super::*;

#[test]
fn constant_sizes_follow_cs_types() {
    // Constant sizes in C's types: unsigned arithmetic wraps modulo 2^32, a `const` holds its
    // declared type's value, a signed overflow is no constant.
    let size = |decl: &str| {
        parse(&format!("__global__ void k() {{ {decl} }}"))
            .map(|k| k.shared.last().map(|a| a.dims.clone()).unwrap_or_default())
            .map_err(|e| e.kind)
    };
    assert_eq!(size("__shared__ float s[~0u >> 24];"), Ok(vec![255]));
    assert_eq!(size("__shared__ float s[-1u >> 22];"), Ok(vec![1023]));
    assert_eq!(size("__shared__ float s[(0u - 1) % 10];"), Ok(vec![5]));
    assert_eq!(size("__shared__ float s[-7 / 2 + 5];"), Ok(vec![2]));
    assert_eq!(size("__shared__ float s[(-1 < 0u) + 1];"), Ok(vec![1]));
    assert_eq!(
        size("const bool B = 8; __shared__ float s[B];"),
        Ok(vec![1])
    );
    assert_eq!(
        size("const int N = 4294967295u; __shared__ float s[N];"),
        Err(K::ArraySizeInvalid {
            name: "s".into(),
            size: -1
        })
    );
    assert_eq!(
        size("__shared__ float s[(65536 * 65536) + 4];"),
        Err(K::ArraySizeNotConstant { name: "s".into() })
    );
    assert_eq!(
        size("__shared__ float s[1 << 32];"),
        Err(K::ArraySizeNotConstant { name: "s".into() })
    );
}

#[test]
fn long_operator_chains_are_bounded_and_run_on_a_small_stack() {
    let chain = |n: usize, op: &str| {
        format!(
            "__global__ void k(float* a)\n{{\n    a[0] = 1{};\n}}",
            format!("{op}1").repeat(n - 1)
        )
    };
    // 3000 terms: refused before the lowering recurses 3000 deep.
    for op in ["+", "<", ","] {
        let e = err(&chain(3000, op));
        assert_eq!(
            e.kind,
            K::TooComplex {
                what: error::LabLimit::OperatorChain,
                limit: parser::MAX_OPERATOR_CHAIN
            },
            "{op}"
        );
    }
    // At the limit, inside 20 parentheses (each two levels of nesting): parsed, lowered, run and
    // dropped on a 1 MiB stack (a wasm page's) in an optimised build; an unoptimised build's
    // frames are several times larger.
    let deep = format!(
        "__global__ void k(float* a)\n{{\n    a[0] = {}1{}{};\n}}",
        "(".repeat(20),
        "+1".repeat(parser::MAX_OPERATOR_CHAIN as usize),
        ")".repeat(20)
    );
    let handle = std::thread::Builder::new()
        .stack_size(if cfg!(debug_assertions) {
            4 << 20
        } else {
            1 << 20
        })
        .spawn(move || {
            let k = parse(&deep).map_err(|e| e.to_string())?;
            run(
                &k,
                &Launch {
                    grid: [1, 1, 1],
                    block: [32, 1, 1],
                    args: vec![],
                },
            )
            .map(|r| r.global_store.requests)
            .map_err(|e| e.to_string())
        })
        .unwrap_or_else(|e| panic!("the thread does not start: {e}"));
    let stores = match handle.join() {
        Ok(r) => r,
        Err(_) => panic!("the kernel's thread panicked"),
    };
    assert_eq!(stores, Ok(1));
}
