//! One source for what is shown and what is graded: every kind × 1,000 seeds, in both
//! languages, the rendered prompt is tied to the answer.
//!
//! - The numbers in the prompt are exactly the inputs of the model call (the parameters, the
//!   GPU preset's values the model reads, the roofs of `Params::roofs`, the Tensor Core units),
//!   as a multiset: nothing the answer depends on is missing, nothing else is stated.
//! - A divergence question's listing reads back into the program the answer ran, and running
//!   the program read back gives the same answer.
//! - A field with a unit (TFLOP/s, %, µs, FLOP/byte, hex) has that unit in its prompt.
//!
//! The counts per kind are printed (`cargo test --lib prompt_tests -- --nocapture`).

use super::text;
use crate::model::bank_conflicts::{BANKS, BANK_WIDTH_BYTES};
use crate::model::gpu_spec::GpuSpec;
use crate::model::quiz::{generate, Answer, Field, Kind, Params, Question};
use crate::model::simt::{launch_mask, split, Program, Stmt, WarpInput};
use crate::model::tensor_core::REGISTER_BITS;
use crate::model::tensor_core_gen::peak::tensor_peaks;
use crate::model::tensor_core_gen::smem_descriptor::{
    Swizzle, CORE_MATRIX_ROWS, CORE_MATRIX_ROW_BYTES,
};
use crate::model::tensor_core_gen::tmem::{
    TMEM_ALLOC_UNIT_COLUMNS, TMEM_CELL_BITS, TMEM_COLUMNS, TMEM_LANES,
};
use crate::model::tensor_core_gen::wgmma::{THREADS_PER_WARP_GROUP, WGMMA_M};
use crate::ui::i18n::Lang;

const SEEDS: u64 = 1_000;

/// Numbers written as numbers in `text`: digits not glued to a letter or `_` on either side,
/// nor to a ratio's `:` (so `m16n8k16`, `sm_90`, `FP32`, `2:4`, `0x…` are names, not numbers), with a
/// decimal point, thousands commas and an `e` exponent (`1.23e12`).
fn numbers_in(text: &str) -> Vec<f64> {
    let c: Vec<char> = text.chars().collect();
    let digit = |i: usize| c.get(i).is_some_and(char::is_ascii_digit);
    let letter = |i: usize| {
        c.get(i)
            .is_some_and(|ch| ch.is_ascii_alphabetic() || *ch == '_')
    };
    // Glued before i: a letter, `_` or `.` at i − 1, or a ratio's `d:` (i − 1 is `:`, i − 2 a digit).
    let glued_before = |i: usize| {
        i.checked_sub(1).is_some_and(|p| {
            letter(p) || c.get(p) == Some(&'.') || (c.get(p) == Some(&':') && p > 0 && digit(p - 1))
        })
    };
    // Glued after a token ending before j: a letter or `_` at j, or a ratio's `:d`.
    let glued_after = |j: usize| letter(j) || (c.get(j) == Some(&':') && digit(j + 1));
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if !digit(i) {
            i += 1;
            continue;
        }
        let mut j = i;
        while digit(j) || (matches!(c.get(j), Some('.') | Some(',')) && digit(j + 1)) {
            j += 1;
        }
        if c.get(j) == Some(&'e') && (digit(j + 1) || (c.get(j + 1) == Some(&'-') && digit(j + 2)))
        {
            j += 2;
            while digit(j) {
                j += 1;
            }
        }
        if !glued_before(i) && !glued_after(j) {
            let token: String = c[i..j].iter().filter(|&&ch| ch != ',').collect();
            if let Ok(v) = token.parse::<f64>() {
                out.push(v);
            }
        }
        i = j;
    }
    out
}

fn gpu(id: &str) -> GpuSpec {
    GpuSpec::by_id(id).expect("preset")
}

/// The inputs of the model call that answers `q`, as the prompt must state them.
fn model_inputs(q: &Question) -> Vec<f64> {
    let f = f64::from;
    match &q.params {
        Params::Thread {
            grid,
            block,
            block_idx,
            thread_idx,
        } => vec![
            f(grid.0),
            f(grid.1),
            f(block.0),
            f(block.1),
            f(block_idx.0),
            f(block_idx.1),
            f(thread_idx.0),
            f(thread_idx.1),
        ],
        Params::Chip { gpu: id, clock_mhz } => {
            let g = gpu(id);
            vec![f(g.sm_count), f(g.fp32_lanes_per_sm), f(*clock_mhz), 2.0]
        }
        Params::Launch {
            gpu: id,
            threads,
            regs,
            smem_bytes,
            dsmem_bytes,
        } => {
            let g = gpu(id);
            let (major, minor) = g.compute_capability;
            vec![
                format!("{major}.{minor}").parse().expect("cc"),
                f(g.max_warps_per_sm()),
                f(g.max_blocks_per_sm),
                f(g.regs_per_sm),
                f(g.partitions_per_sm),
                f(g.smem_per_sm_bytes),
                f(*threads),
                f(*regs),
                f(*smem_bytes),
                f(*dsmem_bytes),
                f(g.reg_alloc_unit_per_warp),
                f(g.smem_alloc_granularity_bytes),
            ]
            .into_iter()
            .chain(
                (g.reserved_smem_per_block_bytes > 0).then(|| f(g.reserved_smem_per_block_bytes)),
            )
            .collect()
        }
        Params::Grid {
            sm_count,
            threads,
            regs,
            blocks_per_sm,
            grid,
            ..
        } => vec![
            f(*sm_count),
            f(*threads),
            f(*regs),
            f(*blocks_per_sm),
            *grid as f64,
        ],
        Params::Latency {
            latency_cycles,
            k,
            warps,
        } => match warps {
            None => vec![f(*k), f(*latency_cycles)],
            Some(w) => vec![f(*w), 4.0, f(*k), f(*latency_cycles), 1.0, 1.0],
        },
        Params::Branch {
            block,
            warp,
            block_index,
            n,
            ..
        } => {
            let mut v = vec![f(*block), f(*warp), f(*block_index), 0.0];
            v.extend(n.map(f));
            v
        }
        Params::Global {
            elem_bytes,
            stride,
            offset_bytes,
        } => vec![
            f(*elem_bytes),
            f(*offset_bytes),
            f(*stride),
            f(*elem_bytes),
            32.0,
        ],
        Params::Shared {
            elem_bytes,
            stride,
            group,
        } => {
            let mut v = vec![f(*elem_bytes), f(*stride), f(*elem_bytes)];
            if *group > 1 {
                v.push(f(*group));
            }
            v
        }
        Params::Fragment { row, col, .. } => vec![f(*row), f(*col), 0.0, 32.0],
        Params::W8a8 { k, n, warps } => vec![f(*k), f(*n), f(*warps), 16.0],
        Params::Kernel { flops, bytes, .. } => {
            let mut v = vec![*flops, *bytes];
            for r in q.params.roofs() {
                v.push(r.roof.peak_flops_per_s / 1e12);
                v.push(r.roof.bandwidth_bytes_per_s / 1e12);
            }
            v
        }
        Params::Tiled {
            m,
            n,
            k,
            bm,
            bn,
            bk,
            dtype,
        } => [*m, *n, *k, dtype.bytes(), *bm, *bn, *bk, 2]
            .iter()
            .map(|&x| x as f64)
            .collect(),
        Params::PeArray {
            side,
            dot_length,
            k_total,
        } => vec![f(*side), f(*side), f(*dot_length), f(*k_total)],
        Params::TensorPeak {
            gpu: id,
            precision,
            clock_mhz,
        } => {
            let p = tensor_peaks(id)
                .expect("derivable")
                .into_iter()
                .find(|p| p.precision == *precision)
                .expect("precision");
            let mut v = vec![
                f(p.sm_count),
                f(p.tensor_cores_per_sm),
                f(p.fma_per_clk_per_tensor_core),
                f(p.clock_mhz),
                f(p.boost_clock_mhz),
            ];
            if let Some(c) = clock_mhz {
                v.extend([f(*c), f(*c)]);
            }
            v
        }
        Params::Wgmma { n } => vec![f(*n), 128.0],
        // The warp group's threads, the shape, the element and the register width.
        Params::WgmmaElement { n, row, col, .. } => vec![
            f(THREADS_PER_WARP_GROUP),
            f(WGMMA_M),
            f(*n),
            f(*row),
            f(*col),
            f(REGISTER_BITS),
        ],
        // The CTA group, the shape, Tensor Memory's size, its cell width and allocation unit.
        Params::TmemAccumulator { cta_group, m, n } => vec![
            f(cta_group.ctas()),
            f(*m),
            f(*n),
            f(TMEM_LANES),
            f(TMEM_COLUMNS),
            f(TMEM_CELL_BITS),
            f(TMEM_ALLOC_UNIT_COLUMNS),
        ],
        // The operand and its descriptor, the element, and the read: 8 lanes reading the 8
        // rows of 16 bytes of a core matrix over 32 banks of 4 bytes.
        Params::Descriptor { operand, row, k } => {
            let d = operand.descriptor;
            let mut v = vec![
                f(operand.element_bits),
                f(operand.mn),
                f(d.start_address_bytes),
                f(d.leading_byte_offset_bytes),
                f(d.stride_byte_offset_bytes),
                f(*row),
                f(*k),
                f(CORE_MATRIX_ROWS),
                f(CORE_MATRIX_ROW_BYTES),
                f(CORE_MATRIX_ROWS),
                f(BANKS),
                f(BANK_WIDTH_BYTES),
            ];
            if d.swizzle != Swizzle::None {
                v.push(f(d.swizzle.row_bytes()));
            }
            v
        }
        Params::Lab {
            preset,
            args,
            line,
            column,
            execution,
            warp,
            block,
            warp_in_block,
            ..
        } => {
            let p = crate::model::kernel::preset(preset).expect("preset");
            let mut v: Vec<f64> = p.grid.iter().chain(p.block.iter()).map(|&d| f(d)).collect();
            for (n, x) in p.args {
                let x = args.iter().find(|(a, _)| a == n).map_or(*x, |(_, y)| *y);
                v.push(x as f64);
            }
            v.extend([*warp as f64, f(*warp_in_block)]);
            v.extend(block.iter().map(|&b| f(b)));
            v.extend([f(*line), f(*column), f(*execution)]);
            // The sectors' 32 bytes and cudaMalloc's 256, or shared memory's offset 0.
            if q.kind == Kind::LabWavefronts {
                v.push(0.0);
            } else {
                v.extend([32.0, 256.0]);
            }
            v
        }
    }
}

/// The prompt with the GPU's name taken out (names hold digits: "A100 SXM4 80GB").
fn prompt_without_names(q: &Question, lang: Lang) -> String {
    let mut p = text::prompt(q, lang);
    for g in GpuSpec::all() {
        p = p.replace(g.name, "");
    }
    p
}

fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v
}

fn same_numbers(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x - y).abs() <= 1e-6 * y.abs().max(1e-3))
}

#[test]
fn the_numbers_in_every_prompt_are_the_inputs_of_its_model_call() {
    let mut report = Vec::new();
    for kind in Kind::ALL {
        let mut checked = 0;
        for seed in 0..SEEDS {
            let q = generate(kind, seed).expect("question");
            let expected = sorted(model_inputs(&q));
            for lang in [Lang::En, Lang::Zh] {
                let p = prompt_without_names(&q, lang);
                let shown = sorted(numbers_in(&p));
                assert!(
                    same_numbers(&shown, &expected),
                    "{kind:?} seed {seed} {lang:?}: shown {shown:?}, model {expected:?}\n{p}"
                );
            }
            checked += 1;
        }
        report.push(format!("{:<22} {checked} seeds", kind.slug()));
    }
    println!("{}", report.join("\n"));
}

/// The then-side mask and serialised paths of `program` for the question's warp.
fn run(program: &Program, q: &Question) -> (u32, u32) {
    let Params::Branch {
        preset,
        block,
        warp,
        block_index,
        n,
        ..
    } = &q.params
    else {
        panic!("branch")
    };
    let defaults = crate::model::simt::preset(preset).expect("preset").input;
    let input = WarpInput {
        threads_per_block: *block,
        block_index: *block_index,
        warp_index: *warp,
        n: n.unwrap_or(defaults.n),
        ..defaults
    };
    let cond = program
        .body
        .iter()
        .find_map(|s| match s {
            Stmt::If { cond, .. } => Some(*cond),
            _ => None,
        })
        .expect("an if");
    let then = split(launch_mask(*block, *warp), |lane| cond.eval(&input, lane)).taken;
    (then, program.run(&input).serialized_paths)
}

#[test]
fn the_divergence_listing_reads_back_into_the_program_it_runs() {
    let mut empty_else = 0;
    for seed in 0..SEEDS {
        let q = generate(Kind::DivergenceMask, seed).expect("question");
        let Params::Branch { program, .. } = &q.params else {
            panic!("branch")
        };
        let listing = q.listing().expect("a listing");
        let back = Program::from_listing(&listing).expect("the listing reads back");
        assert_eq!(back, program.without_branch_order(), "seed {seed}");
        let (Answer::Mask(mask), Answer::Count(paths)) = (&q.parts[0].answer, &q.parts[1].answer)
        else {
            panic!("mask and paths")
        };
        assert_eq!(run(&back, &q), (*mask, *paths as u32), "seed {seed}");
        // An empty side is not printed as a block: no `else` line without an else body.
        let has_else = program
            .body
            .iter()
            .any(|s| matches!(s, Stmt::If { else_body, .. } if !else_body.is_empty()));
        assert_eq!(listing.iter().any(|l| l.contains("else")), has_else);
        empty_else += usize::from(!has_else);
    }
    assert!(empty_else > 100, "{empty_else}");
}

#[test]
fn the_unit_of_each_field_is_in_its_prompt() {
    const WITH_UNITS: [Field; 9] = [
        Field::Fp32PeakTflops,
        Field::OccupancyPercent,
        Field::UtilisationPercent,
        Field::ThenMask,
        Field::RidgePoint,
        Field::Intensity,
        Field::TimeA100Us,
        Field::TimeH100Us,
        Field::TensorPeakTflops,
    ];
    for kind in Kind::ALL {
        for seed in 0..SEEDS {
            let q = generate(kind, seed).expect("question");
            for lang in [Lang::En, Lang::Zh] {
                let p = text::prompt(&q, lang);
                for part in q.parts.iter().filter(|p| WITH_UNITS.contains(&p.field)) {
                    let unit = text::unit(part.field).get(lang);
                    assert!(
                        p.contains(unit),
                        "{kind:?} {seed} {lang:?}: {unit} not in {p}"
                    );
                }
            }
        }
    }
}

#[test]
fn chip_questions_draw_the_chip_chapters_gpus() {
    assert_eq!(
        crate::model::quiz::CHIP_GPUS,
        crate::ui::chapters::chip::state::GPUS
    );
}

#[test]
fn numbers_are_read_as_a_student_reads_them() {
    assert_eq!(
        numbers_in(
            "m16n8k16, sm_90, FP32, 2:4, 0x1f, 1.23e12 and 1,024 at 8.6; 32-bit (0), block 3:"
        ),
        [1.23e12, 1024.0, 8.6, 32.0, 0.0, 3.0]
    );
}
