//! Parser and checker: every supported construct, every refusal with its line and column.

use super::error::{ParseErrorKind as K, Unsupported as U};
use super::*;

fn ok(src: &str) -> Kernel {
    parse(src).unwrap_or_else(|e| panic!("{e}\n{src}"))
}

/// The refusal of `src` (panics if it parses); shared with the other parser tests.
pub(super) fn err(src: &str) -> ParseError {
    match parse(src) {
        Ok(_) => panic!("accepted:\n{src}"),
        Err(e) => e,
    }
}

/// Wraps `body` in a kernel with a few parameters; the body starts on line 2.
fn body(b: &str) -> String {
    format!("__global__ void k(const float* in, float* out, int n, unsigned u, float f, double* d, float4* v4, const float2* v2, bool* flags)\n{{\n{b}\n}}\n")
}

#[test]
fn parameters_of_every_supported_form() {
    let k = ok("__global__ void k(const float* __restrict__ a, float *b, int n, unsigned int m, unsigned u, float f, double* d, int* i, unsigned* ui, float2* f2, float4 const* f4, const int c, float* __restrict__ const r) { }");
    let kinds: Vec<&ParamKind> = k.params.iter().map(|p| &p.kind).collect();
    assert_eq!(
        kinds[0],
        &ParamKind::Pointer {
            elem: ValueType::Scalar(ScalarType::Float),
            is_const: true
        }
    );
    assert_eq!(
        kinds[2],
        &ParamKind::Scalar {
            ty: ScalarType::Int
        }
    );
    assert_eq!(
        kinds[3],
        &ParamKind::Scalar {
            ty: ScalarType::UInt
        }
    );
    assert_eq!(
        kinds[10],
        &ParamKind::Pointer {
            elem: ValueType::Float4,
            is_const: true
        }
    );
    assert_eq!(k.params.len(), 13);
    ok("__global__ void __launch_bounds__(256, 2) k(void) { }");
    ok("__global__ void k() { return; }");
}

#[test]
fn every_statement_and_expression_form_parses() {
    let src = body(
        "    int i = blockIdx.x * blockDim.x + threadIdx.x, j;
    unsigned int w = gridDim.y + blockIdx.z + threadIdx.z + blockDim.z + warpSize;
    const int c = 3;
    bool b = i < n && !(u >= 2u) || true;
    float x = 2.0f, y = 2.0, z = 1e-3f + .5f + (float)i + float(u) + static_cast<float>(c);
    double dd = 0x1f + 010 + 2u;
    float4 q = v4[i];
    float2 p = v2[i];
    q.x = p.y + q.w;
    v4[i] = make_float4(q.x, q.y, q.z, 1.0f);
    v4[i].y = 3.0f;
    j = i++ + ++i - i-- - --i;
    j += 1; j -= 1; j *= 2; j /= 2; j %= 5; j &= 7; j |= 8; j ^= 1; j <<= 2; j >>= 1;
    j = (j, c);
    j = b ? j : -j;
    j = ~j ^ (j & 3) | (j << 1) >> 2;
    if (i < n) out[i] = in[i]; else if (i == n) out[i] = 0.0f; else { }
    for (int k = 0; k < 4; k++) { if (k == 2) continue; if (k == 3) break; }
    for (;;) { break; }
    while (j > 0) j--;
    do { j++; } while (j < 3);
    x = min(x, y) + max(i, 2) + fminf(x, 1.0f) + fmaxf(x, 1.0f) + fabsf(x) + sqrtf(x) + expf(x) + floorf(x) + ceilf(x) + abs(j);
    dd = fmin(dd, 1.0) + fmax(dd, 1.0) + fabs(dd) + sqrt(dd) + exp(dd) + floor(dd) + ceil(dd);
    d[i] = dd;
    flags[i] = b;
    __syncthreads();
    ;
    {{ int shadow = 1; {{ int shadow2 = shadow; }} }}",
    );
    ok(&src);
}

#[test]
fn shared_arrays_sizes_and_layout() {
    let k = ok("#define TILE 32
__shared__ float g[8];
__global__ void k(float* out)
{
    const int R = 4;
    __shared__ float tile[TILE][TILE + 1];
    __shared__ double dd[R * 2];
    __shared__ int count;
    __shared__ float4 v[3];
    tile[threadIdx.y][threadIdx.x] = g[0];
    count = 1;
    out[0] = tile[0][0] + dd[1] + v[0].x + (float)count;
}");
    let names: Vec<(&str, Vec<u32>, u32)> = k
        .shared
        .iter()
        .map(|a| (a.name.as_str(), a.dims.clone(), a.offset_bytes))
        .collect();
    // Declaration order, each aligned to its element: 32 + 4224 = 4256, double at 4256,
    // int at 4320, float4 aligned up to 4336.
    assert_eq!(
        names,
        vec![
            ("g", vec![8], 0),
            ("tile", vec![32, 33], 32),
            ("dd", vec![8], 4256),
            ("count", vec![], 4320),
            ("v", vec![3], 4336)
        ]
    );
    assert_eq!(k.static_smem_bytes(), 4336 + 48);
    let e = err("__global__ void k() { __shared__ float s[20000]; }");
    assert_eq!(
        e.kind,
        K::SharedMemoryTooLarge {
            bytes: 80_000,
            limit_bytes: 49_152
        }
    );
    assert_eq!(
        err("__global__ void k(int n) { __shared__ float s[n]; }").kind,
        K::ArraySizeNotConstant { name: "s".into() }
    );
    assert_eq!(
        err("__global__ void k() { __shared__ float s[2 - 2]; }").kind,
        K::ArraySizeInvalid {
            name: "s".into(),
            size: 0
        }
    );
    assert_eq!(
        err("__global__ void k() { __shared__ float s[1 / 0]; }").kind,
        K::ConstantDivisionByZero
    );
}

/// (source of the body, line, column, what): each refusal names its construct and place.
#[test]
fn refused_constructs_name_the_construct_line_and_column() {
    let cases: Vec<(&str, u32, u32, K)> = vec![
        ("    out[0] = *in;", 3, 14, K::Unsupported(U::Dereference)),
        (
            "    float* p = out;",
            3,
            10,
            K::Unsupported(U::PointerVariable),
        ),
        (
            "    out[0] = in[0] + (in + 1)[0];",
            3,
            26,
            K::Unsupported(U::PointerArithmetic),
        ),
        (
            "    int x = 1;\n    int* q = &x;",
            4,
            8,
            K::Unsupported(U::PointerVariable),
        ),
        ("    float r[4];", 3, 12, K::Unsupported(U::LocalArray)),
        (
            "    atomicAdd(out, 1.0f);",
            3,
            5,
            K::Unsupported(U::Atomic {
                name: "atomicAdd".into(),
            }),
        ),
        // As it is usually written: the atomic is named, not the `&` of its argument.
        (
            "    atomicAdd(&out[0], 1.0f);",
            3,
            5,
            K::Unsupported(U::Atomic {
                name: "atomicAdd".into(),
            }),
        ),
        // A misspelt type is an undeclared name, as nvcc says.
        (
            "    flaot x = 1.0f;",
            3,
            5,
            K::UnknownIdentifier {
                name: "flaot".into(),
            },
        ),
        (
            "    float x = __shfl_sync(0xffffffffu, f, 0);",
            3,
            15,
            K::Unsupported(U::WarpIntrinsic {
                name: "__shfl_sync".into(),
            }),
        ),
        (
            "    __syncwarp();",
            3,
            5,
            K::Unsupported(U::WarpIntrinsic {
                name: "__syncwarp".into(),
            }),
        ),
        ("    printf(\"x\");", 3, 5, K::Unsupported(U::Printf)),
        ("    out[0] = 'a';", 3, 14, K::Unsupported(U::CharLiteral)),
        (
            "    int x = \"s\"[0];",
            3,
            13,
            K::Unsupported(U::StringLiteral),
        ),
        ("    goto end;", 3, 5, K::Unsupported(U::Goto)),
        ("    end: return;", 3, 5, K::Unsupported(U::Goto)),
        ("    switch (n) { }", 3, 5, K::Unsupported(U::Switch)),
        (
            "    long x = 1;",
            3,
            5,
            K::Unsupported(U::Type {
                name: "long".into(),
            }),
        ),
        (
            "    size_t i = 0;",
            3,
            5,
            K::Unsupported(U::Type {
                name: "size_t".into(),
            }),
        ),
        (
            "    int4 q;",
            3,
            5,
            K::Unsupported(U::Type {
                name: "int4".into(),
            }),
        ),
        (
            "    int s = sizeof(float);",
            3,
            13,
            K::Unsupported(U::Sizeof),
        ),
        (
            "    volatile float x = 1.0f;",
            3,
            5,
            K::Unsupported(U::Volatile),
        ),
        (
            "    extern __shared__ float dyn[];",
            3,
            5,
            K::Unsupported(U::DynamicSharedMemory),
        ),
        (
            "    __shared__ float s[2][2][2];",
            3,
            5,
            K::Unsupported(U::SharedArrayRank { dims: 3 }),
        ),
        (
            "    __shared__ float s[4] = {0};",
            3,
            27,
            K::Unsupported(U::SharedInitializer),
        ),
        (
            "    struct P { float x; };",
            3,
            5,
            K::Unsupported(U::UserType {
                keyword: "struct".into(),
            }),
        ),
        ("    asm(\"nop\");", 3, 5, K::Unsupported(U::Asm)),
        ("    out[0] = 1ll;", 3, 14, K::Unsupported(U::LongLiteral)),
        (
            "    float x = (float4)f;",
            3,
            15,
            K::Unsupported(U::VectorCast),
        ),
        (
            "    out[0] = foo(1);",
            3,
            14,
            K::Unsupported(U::Function { name: "foo".into() }),
        ),
        (
            "    static int s = 1;",
            3,
            5,
            K::Unsupported(U::StorageClass {
                name: "static".into(),
            }),
        ),
        (
            "    int* p = new int;",
            3,
            8,
            K::Unsupported(U::PointerVariable),
        ),
        (
            "    delete out;",
            3,
            5,
            K::Unsupported(U::CppFeature {
                name: "delete".into(),
            }),
        ),
        (
            "    float x = out->y;",
            3,
            18,
            K::Unsupported(U::Dereference),
        ),
    ];
    let mut wrong = Vec::new();
    for (b, line, column, kind) in cases {
        let e = err(&body(b));
        if !(e.kind == kind && e.pos == Pos { line, column }) {
            wrong.push(format!("{b}: got {e} ({:?})", e.kind));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn refusals_outside_the_body() {
    assert_eq!(
        err("template <int N> __global__ void k() {}").kind,
        K::Unsupported(U::Template)
    );
    assert_eq!(
        err("__device__ float f() { return 1.0f; }").kind,
        K::Unsupported(U::DeviceFunction)
    );
    assert_eq!(err("float g() {}").kind, K::Unsupported(U::DeviceFunction));
    assert_eq!(
        err("__global__ void a() {}\n__global__ void b() {}").kind,
        K::Unsupported(U::SecondKernel)
    );
    assert_eq!(err("__global__ int k() {}").kind, K::KernelNotVoid);
    // The kernel without its `__global__`; after the kernel, a helper is a device function.
    let e = err("void copy(float* a) {}");
    assert_eq!(
        (e.kind, e.pos.line, e.pos.column),
        (
            K::MissingGlobal {
                name: "copy".into()
            },
            1,
            1
        )
    );
    for src in [
        "__global__ void k() {}\nvoid f() {}",
        "void f() {}\n__global__ void k() {}",
    ] {
        assert_eq!(err(src).kind, K::Unsupported(U::DeviceFunction), "{src}");
    }
    assert_eq!(err("").kind, K::NoKernel);
    assert_eq!(err("// nothing\n").kind, K::NoKernel);
    assert_eq!(err("__global__ void k(float) {}").kind, K::UnnamedParameter);
    assert_eq!(
        err("__global__ void k(float4 v) {}").kind,
        K::Unsupported(U::Type {
            name: "float4 parameter".into()
        })
    );
    assert_eq!(
        err("__global__ void k(float** p) {}").kind,
        K::Unsupported(U::Type {
            name: "float**".into()
        })
    );
    assert_eq!(
        err("#if 1\n__global__ void k() {}").kind,
        K::Unsupported(U::Directive { name: "if".into() })
    );
    assert_eq!(
        err("#pragma once\n__global__ void k() {}").kind,
        K::Unsupported(U::Directive {
            name: "pragma once".into()
        })
    );
    assert_eq!(
        err("extern __shared__ float s[];\n__global__ void k() {}").kind,
        K::Unsupported(U::DynamicSharedMemory)
    );
}

#[test]
fn type_errors_name_the_line() {
    let cases: Vec<(&str, u32, K)> = vec![
        (
            "    out[0] = missing;",
            3,
            K::UnknownIdentifier {
                name: "missing".into(),
            },
        ),
        (
            "    in[0] = 1.0f;",
            3,
            K::AssignToConstPointee { name: "in".into() },
        ),
        (
            "    const int c = 1;\n    c = 2;",
            4,
            K::AssignToConst { name: "c".into() },
        ),
        ("    n[0] = 1;", 3, K::IndexNotArray { name: "n".into() }),
        (
            "    out[f] = 1.0f;",
            3,
            K::IndexNotInteger {
                found: "float".into(),
            },
        ),
        (
            "    float x = out;",
            3,
            K::ArrayAsValue { name: "out".into() },
        ),
        (
            "    float x = f % 2.0f;",
            3,
            K::InvalidOperands {
                op: "%".into(),
                left: "float".into(),
                right: "float".into(),
            },
        ),
        (
            "    float4 a = v4[0];\n    float4 b = a + a;",
            4,
            K::InvalidOperands {
                op: "+".into(),
                left: "float4".into(),
                right: "float4".into(),
            },
        ),
        (
            "    float x = f.x;",
            3,
            K::NoSuchMember {
                ty: "float".into(),
                member: "x".into(),
            },
        ),
        (
            "    float2 p = v2[0];\n    float x = p.z;",
            4,
            K::NoSuchMember {
                ty: "float2".into(),
                member: "z".into(),
            },
        ),
        (
            "    int x = threadIdx;",
            3,
            K::BuiltinWithoutAxis {
                name: "threadIdx".into(),
            },
        ),
        (
            "    int x = threadIdx.w;",
            3,
            K::NoSuchMember {
                ty: "uint3".into(),
                member: "w".into(),
            },
        ),
        ("    threadIdx.x = 1;", 3, K::NotAssignable),
        ("    3 = n;", 3, K::NotAssignable),
        ("    break;", 3, K::BreakOutsideLoop),
        ("    continue;", 3, K::ContinueOutsideLoop),
        ("    return 1;", 3, K::ReturnWithValue),
        (
            "    int x = 1;\n    int x = 2;",
            4,
            K::Redeclared { name: "x".into() },
        ),
        (
            "    float x = min(1.0f);",
            3,
            K::WrongArgumentCount {
                function: "min".into(),
                expected: 2,
                found: 1,
            },
        ),
        (
            "    if (v4[0]) { }",
            3,
            K::InvalidOperand {
                op: "if".into(),
                ty: "float4".into(),
            },
        ),
        (
            "    float4 a = 1.0f;",
            3,
            K::InvalidConversion {
                from: "float".into(),
                to: "float4".into(),
            },
        ),
        (
            "    int x = (__syncthreads(), 1);",
            3,
            K::SyncthreadsInExpression,
        ),
        (
            "    __shared__ float s[4][4];\n    float x = s[1];",
            4,
            K::WrongIndexCount {
                name: "s".into(),
                expected: 2,
                found: 1,
            },
        ),
        ("    out++;", 3, K::Unsupported(U::PointerArithmetic)),
        ("    out += 2;", 3, K::Unsupported(U::PointerArithmetic)),
        (
            "    __shared__ float s[4];\n    float x = s[1][2];",
            4,
            K::WrongIndexCount {
                name: "s".into(),
                expected: 1,
                found: 2,
            },
        ),
        (
            "    bool b = true;\n    b++;",
            4,
            K::InvalidOperand {
                op: "++".into(),
                ty: "bool".into(),
            },
        ),
        (
            "    int x = ~f;",
            3,
            K::InvalidOperand {
                op: "~".into(),
                ty: "float".into(),
            },
        ),
    ];
    for (b, line, kind) in cases {
        let e = err(&body(b));
        assert!(
            e.kind == kind && e.pos.line == line,
            "{b}: got {e} ({:?})",
            e.kind
        );
    }
}

#[test]
fn syntax_errors_say_what_was_expected() {
    let e = err(&body("    int x = 1"));
    assert_eq!(
        (e.pos.line, &e.kind),
        (
            4,
            &K::Expected {
                expected: Expected::Token(";"),
                found: "}".into()
            }
        )
    );
    let e = err(&body("    out[0] = (1 + ;"));
    assert_eq!(
        e.kind,
        K::Expected {
            expected: Expected::Expression,
            found: ";".into()
        }
    );
    let e = err("__global__ void k() {");
    assert_eq!(
        e.kind,
        K::Expected {
            expected: Expected::Token("}"),
            found: "end of input".into()
        }
    );
    // Nesting is bounded: no input can overflow the stack.
    let deep = format!(
        "__global__ void k(int* o) {{ o[0] = {}1{}; }}",
        "(".repeat(500),
        ")".repeat(500)
    );
    assert!(matches!(err(&deep).kind, K::TooComplex { .. }));
    let deep = format!(
        "__global__ void k() {{ {} }}",
        "{".repeat(300) + &"}".repeat(300)
    );
    assert!(matches!(err(&deep).kind, K::TooComplex { .. }));
}

#[test]
fn display_is_plain_english_with_the_place() {
    let e = err(&body("    atomicAdd(out, 1.0f);"));
    assert_eq!(
        e.to_string(),
        "line 3, column 5: `atomicAdd` is not supported by the lab (atomics are not modelled)"
    );
    assert_eq!(e.line(), 3);
}

#[test]
fn code_lines_are_the_lines_with_operations() {
    let k = ok("__global__ void k(float* o)\n{\n    // comment\n    int i = threadIdx.x;\n\n    o[i] = 1.0f;\n}\n");
    assert_eq!(k.code_lines(), vec![4, 6]);
}
