//! Every generated question kind over 10,000 seeds: no panic, deterministic, the stated answer
//! grades right and another wrong, the answer equals the chapter's model for the same
//! parameters, and seeds give varied answers (the counts are printed: `--nocapture`).

use std::collections::HashSet;

use warpscope::model::access::{AccessPattern, Pattern};
use warpscope::model::bank_conflicts::bank_conflicts;
use warpscope::model::coalescing::coalesce;
use warpscope::model::dispatch::waves;
use warpscope::model::gpu_spec::GpuSpec;
use warpscope::model::occupancy::{occupancy, Carveout, KernelConfig};
use warpscope::model::quiz::{
    generate, grade, parse_mask, parse_number, Answer, Category, Kind, Mistake, Params, Question,
    Verdict,
};
use warpscope::model::roofline::tiled_gemm;
use warpscope::model::scheduler::{utilisation_estimate, warps_needed, SchedulerConfig};
use warpscope::model::tensor_core::fragment_layout;
use warpscope::model::tensor_core::ElementType;
use warpscope::model::tensor_core_gen::pe_array::{pe_trace, PeArray, PeProblem};
use warpscope::model::tensor_core_gen::peak::tensor_peaks;
use warpscope::model::tensor_core_gen::smem_banks::{
    operand_swizzle_effect, worst_core_matrix_wavefronts,
};
use warpscope::model::tensor_core_gen::smem_layout::SmemOperandLayout;
use warpscope::model::tensor_core_gen::tmem::{alloc_columns, Tcgen05Kind, Tcgen05Mma};
use warpscope::model::tensor_core_gen::wgmma::WgmmaShape;
use warpscope::model::tensor_core_gen::wgmma_fragments::WgmmaDLayout;
use warpscope::model::tensor_core_gen::{wgmma_accumulator_slot, WarpgroupSlot};
use warpscope::model::w8a8::W8a8Gemv;

const SEEDS: u64 = 10_000;

/// A value the part must reject.
fn wrong_response(answer: &Answer) -> String {
    match answer {
        Answer::Count(n) => (n + 1).to_string(),
        Answer::Mask(m) => format!("0x{:08x}", m ^ 1),
        Answer::Real { value, .. } => format!("{}", value * 1.05 + 1.0),
        Answer::Choice { options, correct } => (0..options.len())
            .find(|i| !correct.contains(i))
            .map_or("99".into(), |i| i.to_string()),
    }
}

fn num(a: &Answer) -> f64 {
    match a {
        Answer::Count(n) => *n as f64,
        Answer::Mask(m) => f64::from(*m),
        Answer::Real { value, .. } => *value,
        Answer::Choice { .. } => f64::NAN,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// Recomputes every numeric answer of `q` from its parameters with the chapter's model.
fn check_against_model(q: &Question) {
    let n: Vec<f64> = q.parts.iter().map(|p| num(&p.answer)).collect();
    match &q.params {
        Params::Thread {
            grid,
            block,
            block_idx,
            thread_idx,
        } => {
            use warpscope::model::hierarchy::{Dim3, DimLimits, Launch};
            let launch = Launch::new(
                Dim3::new(grid.0, grid.1, 1),
                Dim3::new(block.0, block.1, 1),
                &DimLimits::for_gpu(&GpuSpec::a100_sxm()),
            )
            .expect("launchable");
            let t = launch
                .thread(
                    Dim3::new(block_idx.0, block_idx.1, 0),
                    Dim3::new(thread_idx.0, thread_idx.1, 0),
                )
                .expect("in range");
            assert_eq!(n[0], f64::from(t.tid));
            assert_eq!(n[1], f64::from(t.warp));
            assert_eq!(n[2], f64::from(t.lane));
            assert_eq!(n[3], t.global_xyz.0 as f64);
            // The divergence model's launch mask has this lane in this warp.
            assert!(launch.warp_mask(t.warp) & (1 << t.lane) != 0);
        }
        Params::Chip { gpu, clock_mhz } => {
            let g = GpuSpec {
                boost_clock_mhz: *clock_mhz,
                ..GpuSpec::by_id(gpu).expect("gpu")
            };
            assert!(*clock_mhz <= GpuSpec::by_id(gpu).expect("gpu").boost_clock_mhz);
            assert_eq!(n[0], f64::from(g.fp32_lanes()));
            assert!(close(n[1], g.fp32_flops_per_s_from_units() / 1e12));
        }
        Params::Launch {
            gpu,
            threads,
            regs,
            smem_bytes,
            dsmem_bytes,
        } => {
            let g = GpuSpec::by_id(gpu).expect("gpu");
            let occ = occupancy(
                &g,
                &KernelConfig {
                    threads_per_block: *threads,
                    regs_per_thread: *regs,
                    static_smem_bytes: *smem_bytes,
                    dynamic_smem_bytes: *dsmem_bytes,
                    carveout: Carveout::Default,
                },
            )
            .expect("launchable");
            match q.kind {
                Kind::OccupancyBlocks => {
                    assert_eq!(n[0], f64::from(occ.blocks_per_sm));
                    let Answer::Choice { options, correct } = &q.parts[1].answer else {
                        panic!("limiter is a choice")
                    };
                    let chosen: Vec<Category> = correct.iter().map(|&i| options[i]).collect();
                    let expected: Vec<Category> =
                        occ.limiters.iter().map(|&l| Category::Limiter(l)).collect();
                    assert_eq!(chosen.len(), expected.len());
                    assert!(chosen.iter().all(|c| expected.contains(c)));
                }
                _ => assert!(close(n[0], occ.ratio() * 100.0)),
            }
        }
        Params::Grid {
            gpu,
            threads,
            regs,
            blocks_per_sm,
            grid,
            ..
        } => {
            let g = GpuSpec::by_id(gpu).expect("gpu");
            let occ = occupancy(
                &g,
                &KernelConfig {
                    threads_per_block: *threads,
                    regs_per_thread: *regs,
                    static_smem_bytes: 0,
                    dynamic_smem_bytes: 0,
                    carveout: Carveout::Default,
                },
            )
            .expect("launchable");
            assert_eq!(occ.blocks_per_sm, *blocks_per_sm);
            let w = waves(g.sm_count, occ.blocks_per_sm, *grid).expect("waves");
            assert_eq!((n[0], n[1]), (w.count as f64, w.last_wave_blocks as f64));
        }
        Params::Latency {
            latency_cycles,
            k,
            warps,
        } => match warps {
            None => assert!(close(
                n[0],
                warps_needed(*latency_cycles, *k).expect("k > 0")
            )),
            Some(w) => {
                let c = SchedulerConfig {
                    resident_warps: *w,
                    latency_cycles: *latency_cycles,
                    independent_per_load: *k,
                    ..SchedulerConfig::default()
                };
                assert!(close(n[0], utilisation_estimate(&c) * 100.0));
            }
        },
        Params::Branch {
            preset,
            program,
            block,
            warp,
            block_index,
            n: bound,
            ..
        } => {
            use warpscope::model::simt::{launch_mask, preset as simt_preset, WarpInput};
            let p = simt_preset(preset).expect("preset");
            // The program the prompt lists is the chapter's preset.
            assert_eq!(program, &p.program);
            let input = WarpInput {
                threads_per_block: *block,
                block_index: *block_index,
                warp_index: *warp,
                n: bound.unwrap_or(p.input.n),
                ..p.input
            };
            let trace = p.program.run(&input);
            assert_eq!(trace.launch_mask, launch_mask(*block, *warp));
            // The then-side mask is the mask of the first step inside the then body, when it runs.
            assert_eq!(n[1], f64::from(trace.serialized_paths));
            let m = n[0] as u32;
            assert_eq!(
                m & !trace.launch_mask,
                0,
                "then mask inside the launch mask"
            );
        }
        Params::Global {
            elem_bytes,
            stride,
            offset_bytes,
        } => {
            let a = AccessPattern {
                offset_bytes: i64::from(*offset_bytes),
                ..AccessPattern::new(
                    Pattern::Strided {
                        stride_elems: i64::from(*stride),
                    },
                    *elem_bytes,
                )
            };
            let r = coalesce(&a.warp_access().expect("access")).expect("report");
            assert_eq!((n[0], n[1]), (f64::from(r.sectors), f64::from(r.requests)));
        }
        Params::Shared {
            elem_bytes,
            stride,
            group,
        } => {
            // The chapter's custom access: index = (lane / group) * stride.
            let s = i64::from(*stride);
            let g = i64::from(*group);
            let a = warpscope::model::access::smem_access_from_fn(0, 0, *elem_bytes, |lane| {
                Some(i64::from(lane) / g * s)
            })
            .expect("access");
            let r = bank_conflicts(&a).expect("report");
            // Conflicts as Nsight Compute counts them (measured: bank_conflicts_quiz_h200.json).
            assert_eq!(
                (n[0], n[1]),
                (f64::from(r.wavefronts), f64::from(r.ncu_conflicts()))
            );
        }
        Params::Fragment {
            shape,
            operand,
            element,
            row,
            col,
        } => {
            let l = fragment_layout(*shape, *operand, *element).expect("layout");
            let slots = l.slots_of(*row, *col);
            assert_eq!(slots.len(), 1);
            assert_eq!(n[0], f64::from(slots[0].lane));
            let reg = l.register_of(slots[0]).expect("register");
            assert_eq!(n[1], f64::from(reg.register));
            assert_eq!(l.element_at(slots[0]), Some((*row, *col)));
        }
        Params::W8a8 { k, n: cols, warps } => {
            let g = W8a8Gemv::new(*k, *cols, *warps).expect("valid");
            assert_eq!(
                (n[0], n[1], n[2]),
                (
                    f64::from(g.grid_blocks()),
                    f64::from(g.threads_per_block()),
                    f64::from(g.mma_per_warp())
                )
            );
        }
        Params::Kernel {
            gpu,
            precision,
            flops,
            bytes,
        } => match gpu {
            Some(id) => {
                let roof = GpuSpec::by_id(id)
                    .and_then(|g| g.roof(*precision))
                    .expect("roof");
                assert!(close(n[0], roof.ridge_point()));
            }
            None => {
                for (i, g) in [GpuSpec::a100_sxm(), GpuSpec::h100_sxm()]
                    .iter()
                    .enumerate()
                {
                    let roof = g.roof(*precision).expect("roof");
                    assert!(close(n[i], roof.time_lower_bound_s(*flops, *bytes) * 1e6));
                }
            }
        },
        Params::Tiled {
            m,
            n: cols,
            k,
            bm,
            bn,
            bk,
            dtype,
        } => {
            let t = tiled_gemm(*m, *cols, *k, *bm, *bn, *bk, *dtype);
            assert!(close(n[0], t.intensity));
        }
        Params::PeArray {
            side,
            dot_length,
            k_total,
        } => {
            // Stepping a problem of that shape counts the same MACs and cycles.
            let array = PeArray {
                pes_per_side: *side,
                dot_length: *dot_length,
            };
            let p = PeProblem::from_seed(array, *k_total, q.seed).expect("valid");
            let t = pe_trace(&p).expect("valid");
            let last = t.last().expect("steps");
            let cycles = t.len() as u32 / array.stages_per_cycle();
            assert_eq!(n[0], f64::from(array.macs_per_cycle()));
            assert_eq!(
                last.macs_done,
                u64::from(array.macs_per_cycle()) * u64::from(cycles)
            );
            assert_eq!(n[1], f64::from(array.adder_levels()));
            assert_eq!(n[2], f64::from(cycles));
        }
        Params::TensorPeak {
            gpu,
            precision,
            clock_mhz,
        } => {
            let p = tensor_peaks(gpu)
                .expect("derivable")
                .into_iter()
                .find(|p| p.precision == *precision)
                .expect("precision");
            let clock = clock_mhz.unwrap_or(p.clock_mhz);
            assert!(clock <= p.boost_clock_mhz);
            assert!(close(n[0], p.flops_at_mhz(clock) / 1e12));
            // And the units agree with the datasheet within 0.5 %.
            assert!(p.relative_difference().expect("datasheet").abs() < 0.005);
        }
        Params::Wgmma { n: cols } => {
            let s = WgmmaShape::new(*cols).expect("legal");
            assert_eq!(n[0], f64::from(s.mma_sync_equivalent()));
            assert_eq!(n[1], f64::from(s.f32_accumulators_per_thread()));
            assert_eq!(u64::from(s.mma_sync_equivalent()) * 16 * 8 * 16, s.macs());
        }
        Params::WgmmaElement {
            n: cols,
            dtype,
            row,
            col,
        } => {
            let d = WgmmaDLayout::new(*cols, *dtype).expect("legal");
            let e = d.slot_of(*row, *col).expect("in range");
            assert_eq!(n[0], f64::from(e.thread));
            assert_eq!(n[1], f64::from(e.position.register));
            // The thread's own fragment holds the element, and for f32 the public API agrees.
            assert_eq!(d.element_at(e.thread, e.index), Some((*row, *col)));
            if *dtype == ElementType::F32 {
                assert_eq!(
                    wgmma_accumulator_slot(*cols, *row, *col),
                    Some(WarpgroupSlot {
                        thread: e.thread,
                        register: e.position.register
                    })
                );
            }
        }
        Params::TmemAccumulator {
            cta_group,
            m,
            n: cols,
        } => {
            let mma = Tcgen05Mma::new(Tcgen05Kind::F16, *cta_group, *m, *cols, ElementType::F32)
                .expect("legal");
            assert_eq!(n[0], f64::from(mma.columns_per_cta()));
            assert_eq!(n[1], f64::from(mma.alloc_columns()));
            // Every element sits inside those columns, and the allocation is one tcgen05.alloc takes.
            let widest = (0..*m)
                .flat_map(|r| (0..*cols).map(move |c| (r, c)))
                .filter_map(|(r, c)| mma.accumulator_cell(r, c))
                .map(|cell| cell.column)
                .max();
            assert_eq!(widest, Some(mma.columns_per_cta() - 1));
            assert!(alloc_columns(mma.alloc_columns()).is_ok());
        }
        Params::Descriptor { operand, row, k } => {
            let smem = GpuSpec::h100_sxm().smem_per_sm_bytes;
            let l = SmemOperandLayout::new(*operand, smem).expect("canonical");
            assert_eq!(n[0], f64::from(l.byte_address(*row, *k).expect("in range")));
            let (plain, stored) = operand_swizzle_effect(&l);
            assert_eq!(n[1], f64::from(stored - 1));
            assert_eq!(n[2], f64::from(plain - 1));
            // Every canonical layout reads conflict-free as laid out (PTX ISA's layouts).
            assert_eq!(worst_core_matrix_wavefronts(&l), 1);
        }
        Params::Lab {
            preset,
            args,
            line,
            column,
            store,
            execution,
            block,
            warp_in_block,
            ..
        } => {
            // The lab's run of the preset with the drawn arguments, this warp alone.
            use warpscope::model::kernel::{parse, preset as lab_preset, trace_warp};
            let p = lab_preset(preset).expect("preset");
            let mut launch = p.launch();
            for (name, v) in args {
                if let Some(slot) = launch.args.iter_mut().find(|(a, _)| a == name) {
                    slot.1 = *v;
                }
            }
            let k = parse(p.source).expect("parses");
            let t = trace_warp(&k, &launch, *block, *warp_in_block).expect("traced");
            let e = t
                .accesses_at(*line)
                .into_iter()
                .filter(|e| e.column == *column && e.store == *store)
                .nth(*execution as usize - 1)
                .expect("the access");
            match q.kind {
                Kind::LabSectors => {
                    let r = coalesce(&e.warp_access().expect("global")).expect("aligned");
                    assert_eq!((n[0], n[1]), (f64::from(r.sectors), f64::from(r.requests)));
                    assert_eq!(r.sectors, e.sectors);
                }
                _ => {
                    // The active lanes, then wavefronts and ncu's conflicts.
                    let r = bank_conflicts(&e.smem_access().expect("shared")).expect("aligned");
                    assert_eq!(
                        (n[0], n[1], n[2]),
                        (
                            f64::from(e.active_mask.count_ones()),
                            f64::from(r.wavefronts),
                            f64::from(r.ncu_conflicts())
                        )
                    );
                }
            }
        }
    }
}

#[test]
fn every_kind_over_ten_thousand_seeds() {
    let mut report = Vec::new();
    for kind in Kind::ALL {
        let mut answers = HashSet::new();
        let mut diagnosed = 0u32;
        for seed in 0..SEEDS {
            let q = generate(kind, seed).unwrap_or_else(|e| panic!("{e} at seed {seed}"));
            assert_eq!(q.kind, kind);
            assert!(!q.parts.is_empty() && !q.steps.is_empty());
            if seed % 100 == 0 {
                assert_eq!(generate(kind, seed), Ok(q.clone()), "deterministic");
            }
            for part in &q.parts {
                let right = part.answer.text();
                assert_eq!(
                    grade(part, &right),
                    Verdict::Correct,
                    "{kind:?} {seed} {right}"
                );
                let wrong = wrong_response(&part.answer);
                assert!(
                    !grade(part, &wrong).is_correct(),
                    "{kind:?} seed {seed}: {wrong} accepted for {right}"
                );
                for &(m, v) in &part.mistakes {
                    let text = if matches!(part.answer, Answer::Mask(_)) {
                        format!("0x{:x}", v as u32)
                    } else {
                        format!("{v}")
                    };
                    assert_eq!(
                        grade(part, &text),
                        Verdict::Wrong(Some(m)),
                        "{kind:?} {seed}"
                    );
                    diagnosed += 1;
                }
            }
            check_against_model(&q);
            answers.insert(q.answer_text().join("|"));
        }
        report.push(format!(
            "{:<22} {:>5} distinct answers, {:>5} diagnosable mistakes",
            kind.slug(),
            answers.len(),
            diagnosed
        ));
        assert!(
            answers.len() >= 10,
            "{kind:?}: only {} answers",
            answers.len()
        );
    }
    println!("{}", report.join("\n"));
}

#[test]
fn kinds_have_slugs_and_every_chapter_has_one() {
    for k in Kind::ALL {
        assert_eq!(Kind::from_slug(k.slug()), Some(k));
    }
    for ch in [
        "chip",
        "occupancy",
        "dispatch",
        "scheduling",
        "divergence",
        "coalescing",
        "bank-conflicts",
        "tensor-cores",
        "tensor-core-generations",
        "roofline",
    ] {
        assert!(Kind::of_chapter(ch).count() >= 1, "{ch}");
    }
    assert!(Kind::ALL.len() >= 12);
}

#[test]
fn reading_answers_as_people_type_them() {
    assert_eq!(parse_number("1,234"), Some(1234.0));
    assert_eq!(parse_number(" 12.5 % "), Some(12.5));
    assert_eq!(parse_number("1.5e3"), Some(1500.0));
    assert_eq!(parse_number(""), None);
    assert_eq!(parse_number("abc"), None);
    // Commas separate thousands only: a decimal comma is unreadable (retype), not a wrong 522.
    assert_eq!(parse_number("16,896"), Some(16896.0));
    assert_eq!(parse_number("1,234,567.5"), Some(1_234_567.5));
    assert_eq!(parse_number("1，234"), Some(1234.0));
    assert_eq!(parse_number("-2,048"), Some(-2048.0));
    assert_eq!(parse_number("52,2"), None);
    assert_eq!(parse_number("1,23"), None);
    // A space or an underscore separates thousands only, as a comma does.
    assert_eq!(parse_number("1 234 567"), Some(1_234_567.0));
    assert_eq!(parse_number("65_536"), Some(65536.0));
    assert_eq!(parse_number("1 2"), None);
    assert_eq!(parse_number("12 34"), None);
    assert_eq!(parse_number("1,2345"), None);
    assert_eq!(parse_number("1.5,3"), None);
    assert_eq!(parse_number("1,5e3"), None);
    assert_eq!(parse_mask("0x0000FFFF"), Some(0xffff));
    assert_eq!(parse_mask("ffff_0000"), Some(0xffff_0000));
    assert_eq!(parse_mask("0x1_0000_0000"), None);
}

#[test]
fn known_mistakes_are_diagnosed() {
    // Somewhere in the first seeds each diagnosis of the issue shows up.
    let mut seen = HashSet::new();
    for kind in Kind::ALL {
        for seed in 0..500 {
            let q = generate(kind, seed).expect("question");
            for p in &q.parts {
                for (m, _) in &p.mistakes {
                    seen.insert(*m);
                }
            }
        }
    }
    for m in Mistake::ALL {
        assert!(seen.contains(&m), "{m:?} never offered");
    }
}

#[test]
fn warps_needed_accepts_the_whole_numbers_either_side() {
    // "How many warps does one scheduler need": L / k = 690 / 31 = 22.26 reads as 22 or 23 warps.
    for seed in 0..2_000 {
        let q = generate(Kind::WarpsNeeded, seed).expect("question");
        let part = &q.parts[0];
        let Answer::Real { value, whole, .. } = part.answer else {
            panic!("warps needed is a real number");
        };
        assert!(whole);
        assert_eq!(grade(part, &value.floor().to_string()), Verdict::Correct);
        assert_eq!(grade(part, &value.ceil().to_string()), Verdict::Correct);
        // One more or one fewer is wrong unless the ±1 % already covers it (L / k ≥ 100).
        for beyond in [value.ceil() + 1.0, value.floor() - 1.0] {
            if beyond >= 1.0 && (beyond - value).abs() > 0.01 * value {
                assert_ne!(
                    grade(part, &beyond.to_string()),
                    Verdict::Correct,
                    "{beyond} for {value}"
                );
            }
        }
    }
    // Other real answers stay within ±1 % only.
    let q = generate(Kind::RooflineRidge, 5).expect("question");
    assert!(q
        .parts
        .iter()
        .all(|p| !matches!(p.answer, Answer::Real { whole: true, .. })));
}

#[test]
fn another_like_this_never_repeats_the_question() {
    use warpscope::model::quiz::another_seed;
    for kind in Kind::ALL {
        for seed in 0..300u64 {
            let here = generate(kind, seed).expect("question").params;
            for salt in [0u64, 1, seed.wrapping_mul(0x9E37_79B9), u64::MAX] {
                let next = another_seed(kind, seed, salt);
                assert_ne!(next, seed);
                assert!(next <= warpscope::model::quiz::MAX_SEED);
                let there = generate(kind, next).expect("question").params;
                assert_ne!(there, here, "{kind:?} seed {seed} salt {salt} → {next}");
            }
        }
    }
}

/// Wrong answers a student commonly gives for `answer`: slips of arithmetic and units (off by
/// one, ×/÷ 2, 4, 10, 32, 1000; a mask complemented, shifted, half-cleared, reversed, all or no
/// lanes; every wrong option), as the text they would type.
fn common_slips(answer: &Answer) -> Vec<String> {
    match answer {
        Answer::Count(n) => {
            let n = *n;
            let mut v = vec![n + 1, 2 * n, 4 * n, 32 * n, n / 2, n / 4, n / 32];
            v.extend(n.checked_sub(1));
            v.into_iter().map(|x| x.to_string()).collect()
        }
        Answer::Mask(m) => [
            !m,
            m.reverse_bits(),
            m << 1,
            m >> 1,
            m & 0xffff,
            u32::MAX,
            0,
        ]
        .iter()
        .map(|x| format!("0x{x:08x}"))
        .collect(),
        Answer::Real { value, .. } => [2.0, 0.5, 4.0, 0.25, 10.0, 0.1, 1e3, 1e-3]
            .iter()
            .map(|f| format!("{}", value * f))
            .collect(),
        Answer::Choice { options, correct } => (0..options.len())
            .filter(|i| !correct.contains(i))
            .map(|i| i.to_string())
            .collect(),
    }
}

#[test]
fn the_diagnosed_share_of_wrong_answers_per_kind() {
    // Per kind over 1,000 seeds: the wrong answers generated (each diagnosis's own value, plus
    // the common slips above), distinct per (seed, field, value), and how many of them a
    // diagnosis names. Printed with --nocapture; the closing note quotes the table.
    let mut report = vec![format!(
        "{:<22} {:>8} {:>9} {:>6} {:>10}",
        "kind", "wrong", "diagnosed", "share", "own values"
    )];
    for kind in Kind::ALL {
        let (mut wrong, mut named, mut own_values) = (0usize, 0usize, 0usize);
        let mut kinds_of_mistake = std::collections::BTreeSet::new();
        for seed in 0..1_000 {
            let q = generate(kind, seed).expect("question");
            for part in &q.parts {
                kinds_of_mistake.extend(part.mistakes.iter().map(|(m, _)| format!("{m:?}")));
                let mut tried = HashSet::new();
                let own: Vec<String> = part
                    .mistakes
                    .iter()
                    .map(|&(_, v)| match part.answer {
                        Answer::Mask(_) => format!("0x{:08x}", v as u32),
                        _ => format!("{v}"),
                    })
                    .collect();
                own_values += own.len();
                for text in own.into_iter().chain(common_slips(&part.answer)) {
                    match grade(part, &text) {
                        Verdict::Wrong(m) => {
                            if tried.insert(text.clone()) {
                                wrong += 1;
                                named += usize::from(m.is_some());
                            }
                        }
                        Verdict::Correct | Verdict::Unreadable(_) => {}
                    }
                }
            }
        }
        report.push(format!(
            "{:<22} {wrong:>8} {named:>9} {:>5.1}% {own_values:>10}  {}",
            kind.slug(),
            100.0 * named as f64 / wrong.max(1) as f64,
            kinds_of_mistake.into_iter().collect::<Vec<_>>().join(", ")
        ));
        assert!(named > 0, "{kind:?}: no wrong answer diagnosed");
    }
    println!("{}", report.join("\n"));
}

#[test]
fn each_mistake_fires_for_its_value_and_never_for_a_right_answer() {
    let mut fired: std::collections::HashMap<Mistake, u32> = Default::default();
    for kind in Kind::ALL {
        for seed in 0..1_000 {
            let q = generate(kind, seed).expect("question");
            for part in &q.parts {
                assert_eq!(grade(part, &part.answer.text()), Verdict::Correct);
                for &(m, v) in &part.mistakes {
                    let text = match part.answer {
                        Answer::Mask(_) => format!("0x{:x}", v as u32),
                        _ => format!("{v}"),
                    };
                    assert_eq!(
                        grade(part, &text),
                        Verdict::Wrong(Some(m)),
                        "{kind:?} {seed}"
                    );
                    *fired.entry(m).or_default() += 1;
                }
            }
        }
    }
    let mut lines: Vec<String> = Mistake::ALL
        .iter()
        .map(|m| format!("{m:?}: {}", fired.get(m).copied().unwrap_or(0)))
        .collect();
    lines.sort();
    println!("{}", lines.join("\n"));
    assert!(Mistake::ALL.iter().all(|m| fired.contains_key(m)));
}

#[test]
fn the_issues_cases() {
    // Divergence: a bounds check on a warp that straddles n has no else in its listing and one
    // path (the then side) runs under a partial mask.
    let q = (0..)
        .filter_map(|s| generate(Kind::DivergenceMask, s).ok())
        .find(|q| {
            matches!(
                q.params,
                Params::Branch {
                    preset: "bounds-check",
                    ..
                }
            ) && q.parts[1].answer == Answer::Count(1)
        })
        .expect("a straddling warp");
    let listing = q.listing().expect("listing").join("\n");
    assert!(
        listing.contains("if (i < n) {") && !listing.contains("else"),
        "{listing}"
    );
    // FP64 on the H100 SXM and H200: 34 TFLOP/s, the datasheet's.
    for g in [GpuSpec::h100_sxm(), GpuSpec::h200_sxm()] {
        assert_eq!(g.peaks.fp64_flops_per_s, Some(34e12), "{}", g.id);
        let roof = g
            .roof(warpscope::model::roofline::Precision::Fp64)
            .expect("fp64");
        assert_eq!(roof.peak_flops_per_s, 34e12);
    }
    // Input: negative, overflowing, bad hex, too wide, unpicked: each its own reason.
    use warpscope::model::quiz::Unreadable;
    let q = generate(Kind::DivergenceMask, 1).expect("question");
    assert_eq!(
        grade(&q.parts[1], "-1"),
        Verdict::Unreadable(Unreadable::Negative)
    );
    assert_eq!(
        grade(&q.parts[1], "1e999"),
        Verdict::Unreadable(Unreadable::TooLarge)
    );
    assert_eq!(
        grade(&q.parts[0], "0xqq"),
        Verdict::Unreadable(Unreadable::NotHex)
    );
    assert_eq!(
        grade(&q.parts[0], "0x1ffffffff"),
        Verdict::Unreadable(Unreadable::MaskTooWide)
    );
    let q = generate(Kind::OccupancyBlocks, 2).expect("question");
    assert_eq!(
        grade(&q.parts[1], ""),
        Verdict::Unreadable(Unreadable::NoChoice)
    );
}
