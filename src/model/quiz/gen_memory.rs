//! Generators of the memory chapters: divergence (a branch's then-side mask and serialised
//! paths), coalescing (sectors and requests) and bank conflicts (wavefronts, and conflicts as
//! Nsight Compute counts them). Each known mistake is the same model run without one rule.

use super::draw::{count, step, with_mistake, with_mistakes, Draw};
use super::{Answer, Field, Mistake, Params, Part, Step, StepLabel};
use crate::model::access::{AccessPattern, Pattern};
use crate::model::bank_conflicts::{bank_conflicts, SmemAccess, BANKS, BANK_WIDTH_BYTES};
use crate::model::coalescing::{coalesce, coalesce_detail, CoalescingReport, SECTOR_BYTES};
use crate::model::rng::SplitMix64;
use crate::model::simt::{launch_mask, preset, split, Cond, Stmt, WarpInput};
use crate::model::WARP_SIZE;

/// The first `if` of a body: its condition and whether its then and else sides have
/// statements.
fn first_if(body: &[Stmt]) -> Option<(Cond, bool, bool)> {
    body.iter().find_map(|s| match s {
        Stmt::If {
            cond,
            then_body,
            else_body,
            ..
        } => Some((*cond, !then_body.is_empty(), !else_body.is_empty())),
        _ => None,
    })
}

pub(super) fn branch(rng: &mut SplitMix64) -> Draw {
    const PRESETS: [&str; 4] = ["odd-even", "lane-lt-16", "bounds-check", "warp-aligned"];
    let id = *rng.choose(&PRESETS)?;
    let p = preset(id)?;
    let program = p.program;
    let (cond, _, has_else) = first_if(&program.body)?;
    let block = if rng.below(2) == 0 {
        32 * rng.range_inclusive(1, 32) as u32
    } else {
        rng.range_inclusive(1, 1024) as u32
    };
    let warp = rng.below(u64::from(block.div_ceil(WARP_SIZE))) as u32;
    let (block_index, n) = if id == "bounds-check" {
        let bidx = rng.range_inclusive(0, 63) as u32;
        let first = bidx * block + warp * WARP_SIZE;
        let n = (first + rng.range_inclusive(0, 40) as u32)
            .saturating_sub(4)
            .max(1);
        (bidx, Some(n))
    } else {
        (0, None)
    };
    let input = WarpInput {
        threads_per_block: block,
        block_index,
        warp_index: warp,
        n: n.unwrap_or(p.input.n),
        ..p.input
    };
    let launch = launch_mask(block, warp);
    let sides = split(launch, |lane| cond.eval(&input, lane));
    let cond_mask = split(u32::MAX, |lane| cond.eval(&input, lane)).taken;
    // The answer is the run of the program the prompt lists.
    let trace = program.run(&input);
    let mut mask = Part {
        field: Field::ThenMask,
        answer: Answer::Mask(sides.taken),
        mistakes: Vec::new(),
    };
    mask = with_mistake(
        mask,
        Mistake::PartialWarpLaunchMask,
        Some(f64::from(cond_mask)),
    );
    mask = with_mistake(
        mask,
        Mistake::ElseSideMask,
        Some(f64::from(sides.not_taken)),
    );
    mask = with_mistake(
        mask,
        Mistake::ReversedBitOrder,
        Some(f64::from(sides.taken.reverse_bits())),
    );
    let mut paths = count(Field::SerialisedPaths, u64::from(trace.serialized_paths));
    if sides.diverged() && !has_else {
        // Without the rule that a side with no instructions is not run: both sides counted.
        paths = with_mistake(paths, Mistake::EmptySideCounted, Some(2.0));
    }
    if !sides.diverged() {
        // Without the rule that a uniform branch runs under the full mask: the side taken (or
        // both sides) counted as serialised.
        paths = with_mistakes(paths, Mistake::UniformBranchSerialised, [1.0, 2.0]);
    }
    let condition = match cond {
        Cond::InBounds => {
            let first = u64::from(block_index) * u64::from(block) + u64::from(warp * WARP_SIZE);
            format!(
                "i = {block_index} × {block} + {warp} × 32 + lane = {first} + lane < {} → 0x{cond_mask:08x}",
                input.n
            )
        }
        _ => format!("{} → 0x{cond_mask:08x}", cond.source()),
    };
    let serialised = if has_else {
        step(
            StepLabel::Serialised,
            format!(
                "then 0x{:08x}, else 0x{:08x} → {}",
                sides.taken, sides.not_taken, trace.serialized_paths
            ),
        )
    } else {
        step(
            StepLabel::SerialisedThenOnly,
            format!(
                "then 0x{:08x}; else ∅ → {}",
                sides.taken, trace.serialized_paths
            ),
        )
    };
    let steps = vec![
        step(
            StepLabel::LaunchMask,
            format!("blockDim.x = {block}, warp {warp} → 0x{launch:08x}"),
        ),
        step(StepLabel::Condition, condition),
        step(
            StepLabel::ThenMask,
            format!("0x{launch:08x} & 0x{cond_mask:08x} = 0x{:08x}", sides.taken),
        ),
        serialised,
    ];
    let params = Params::Branch {
        preset: p.id,
        condition: cond.source(),
        program,
        block,
        warp,
        block_index,
        n,
    };
    Some((params, vec![mask, paths], steps))
}

pub(super) fn global(rng: &mut SplitMix64) -> Draw {
    const WIDTHS: [u32; 5] = [1, 2, 4, 8, 16];
    const STRIDES: [u32; 9] = [0, 1, 1, 2, 3, 4, 8, 16, 32];
    let elem = *rng.choose(&WIDTHS)?;
    let stride = if rng.below(4) == 0 {
        rng.range_inclusive(1, 64) as u32
    } else {
        *rng.choose(&STRIDES)?
    };
    let offset = elem * rng.range_inclusive(0, 40) as u32;
    let pattern = |offset: u32| AccessPattern {
        offset_bytes: i64::from(offset),
        ..AccessPattern::new(
            Pattern::Strided {
                stride_elems: i64::from(stride),
            },
            elem,
        )
    };
    let detail = coalesce_detail(&pattern(offset).warp_access().ok()?).ok()?;
    let report = &detail.report;
    let at_zero = coalesce(&pattern(0).warp_access().ok()?).ok()?;
    let last = u64::from(offset) + 31 * u64::from(stride) * u64::from(elem);
    let (fields, counted) = coalescing_fields(
        report,
        at_zero.sectors,
        WARP_SIZE,
        Some(detail.legacy.requests),
    );
    let mut steps = vec![step(
        StepLabel::Addresses,
        format!(
            "{offset} + lane × {stride} × {elem} B: {offset}, {}, …, {last}",
            u64::from(offset) + u64::from(stride) * u64::from(elem)
        ),
    )];
    steps.extend(counted);
    let params = Params::Global {
        elem_bytes: elem,
        stride,
        offset_bytes: offset,
    };
    Some((params, fields, steps))
}

/// The answer of a coalescing question and the worked steps after the addresses: sectors (the
/// wrong answers diagnosed: lines counted, the offset ignored (`sectors_aligned`: the sectors of
/// the same access moved to a line boundary), requested bytes / 32) and requests (one per
/// active lane, one per line, and where given the pre-Volta half-warp count).
pub(super) fn coalescing_fields(
    report: &CoalescingReport,
    sectors_aligned: u32,
    active_lanes: u32,
    legacy_requests: Option<u32>,
) -> (Vec<Part>, Vec<Step>) {
    let sectors = count(Field::Sectors, u64::from(report.sectors));
    let sectors = with_mistake(
        sectors,
        Mistake::LinesNotSectors,
        Some(f64::from(report.lines)),
    );
    let sectors = with_mistake(
        sectors,
        Mistake::IgnoredOffset,
        Some(f64::from(sectors_aligned)),
    );
    let sectors = with_mistake(
        sectors,
        Mistake::RequestedBytesNotSectors,
        Some(report.bytes_requested.div_ceil(SECTOR_BYTES) as f64),
    );
    let requests = count(Field::Requests, u64::from(report.requests));
    let requests = with_mistake(
        requests,
        Mistake::RequestPerLane,
        Some(f64::from(active_lanes)),
    );
    let requests = match legacy_requests {
        Some(legacy) => with_mistake(
            requests,
            Mistake::LegacyHalfWarpRequests,
            Some(f64::from(legacy)),
        ),
        None => requests,
    };
    let requests = with_mistake(
        requests,
        Mistake::RequestPerLine,
        Some(f64::from(report.lines)),
    );
    let steps = vec![
        step(
            StepLabel::Sectors,
            format!("⌊addr / 32⌋ → {}", report.sectors),
        ),
        step(StepLabel::Lines, format!("⌊addr / 128⌋ → {}", report.lines)),
        step(StepLabel::Requests, report.requests.to_string()),
    ];
    (vec![sectors, requests], steps)
}

/// Wavefronts of `access` served in phases of `lanes_per_phase` lanes: per phase, the most any
/// bank delivers, counting each distinct word once (`broadcast`) or once per lane asking for it.
/// Returns `(wavefronts, phases with an active lane)`.
pub(super) fn wavefronts_in_phases(
    access: &SmemAccess,
    lanes_per_phase: u32,
    broadcast: bool,
) -> (u32, u32) {
    let words = access.bytes_per_lane.div_ceil(BANK_WIDTH_BYTES);
    let (mut wavefronts, mut phases) = (0, 0);
    for first in (0..WARP_SIZE).step_by(lanes_per_phase.max(1) as usize) {
        let mut per_bank: Vec<Vec<u32>> = vec![Vec::new(); BANKS as usize];
        let mut active = false;
        for lane in first..(first + lanes_per_phase).min(WARP_SIZE) {
            let Some(Some(address)) = access.addresses.get(lane as usize).copied() else {
                continue;
            };
            active = true;
            for i in 0..words {
                let word = address / BANK_WIDTH_BYTES + i;
                if let Some(bank) = per_bank.get_mut((word % BANKS) as usize) {
                    if !broadcast || !bank.contains(&word) {
                        bank.push(word);
                    }
                }
            }
        }
        if active {
            phases += 1;
            wavefronts += per_bank.iter().map(|b| b.len() as u32).max().unwrap_or(0);
        }
    }
    (wavefronts, phases)
}

pub(super) fn shared(rng: &mut SplitMix64) -> Draw {
    const WIDTHS: [u32; 3] = [4, 8, 16];
    const STRIDES: [u32; 10] = [0, 1, 2, 3, 4, 8, 16, 17, 32, 33];
    const GROUPS: [u32; 6] = [1, 1, 1, 2, 4, 8];
    let elem = *rng.choose(&WIDTHS)?;
    let stride = *rng.choose(&STRIDES)?;
    let group = *rng.choose(&GROUPS)?;
    let pattern = if group == 1 {
        Pattern::Strided {
            stride_elems: i64::from(stride),
        }
    } else {
        Pattern::LaneGroups {
            group_lanes: group,
            stride_elems: i64::from(stride),
        }
    };
    let access = AccessPattern::new(pattern, elem).smem_access().ok()?;
    let report = bank_conflicts(&access).ok()?;
    let ncu = report.ncu_conflicts();
    let lanes_per_phase = report.phase_split.lanes_per_phase().max(1);
    let phases = WARP_SIZE.div_ceil(lanes_per_phase);
    // Without one rule each: broadcasts free; phases by width; the packing exception.
    let (naive, _) = wavefronts_in_phases(&access, lanes_per_phase, false);
    let (whole, _) = wavefronts_in_phases(&access, WARP_SIZE, true);
    let by_width = crate::model::bank_conflicts::PhaseSplit::for_width(elem).lanes_per_phase();
    let (unpacked, unpacked_phases) = wavefronts_in_phases(&access, by_width, true);
    let mut wavefronts = count(Field::Wavefronts, u64::from(report.wavefronts));
    let mut conflicts = count(Field::Conflicts, u64::from(ncu));
    wavefronts = with_mistake(
        wavefronts,
        Mistake::BroadcastAsConflict,
        Some(f64::from(naive)),
    );
    conflicts = with_mistake(
        conflicts,
        Mistake::IdealNotPhases,
        Some(f64::from(report.conflicts)),
    );
    conflicts = with_mistake(
        conflicts,
        Mistake::BroadcastAsConflict,
        Some(f64::from(naive.saturating_sub(phases))),
    );
    if elem > BANK_WIDTH_BYTES {
        wavefronts = with_mistake(wavefronts, Mistake::NoPhaseSplit, Some(f64::from(whole)));
        conflicts = with_mistake(
            conflicts,
            Mistake::NoPhaseSplit,
            Some(f64::from(whole.saturating_sub(1))),
        );
    }
    if report.packing.is_some() {
        wavefronts = with_mistake(
            wavefronts,
            Mistake::NoPairPacking,
            Some(f64::from(unpacked)),
        );
        conflicts = with_mistake(
            conflicts,
            Mistake::NoPairPacking,
            Some(f64::from(unpacked.saturating_sub(unpacked_phases))),
        );
    }
    conflicts = with_mistake(
        conflicts,
        Mistake::ConflictsNotExtra,
        Some(f64::from(report.wavefronts)),
    );
    let banks: Vec<String> = (0..4)
        .filter_map(|l| {
            report.lanes[l]
                .as_ref()
                .and_then(|lb| lb.banks().next())
                .map(|b| b.to_string())
        })
        .collect();
    let steps = vec![
        step(
            StepLabel::Phases,
            format!(
                "{elem} B × 32 = {} B → {phases} × {lanes_per_phase}",
                elem * 32
            ),
        ),
        step(
            StepLabel::Banks,
            format!(
                "(lane / {group}) × {stride} × {elem} B / 4 mod 32: {}, …",
                banks.join(", ")
            ),
        ),
        step(StepLabel::Wavefronts, report.wavefronts.to_string()),
        step(
            StepLabel::Conflicts,
            format!("{} − {phases} = {ncu}", report.wavefronts),
        ),
    ];
    let params = Params::Shared {
        elem_bytes: elem,
        stride,
        group,
    };
    Some((params, vec![wavefronts, conflicts], steps))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::quiz::{generate, grade, Kind, Verdict};

    #[test]
    fn the_bounds_check_listing_has_no_else_and_one_path_runs() {
        // The case: a warp straddling n diverges, only the then side has instructions.
        let mut seen = 0;
        for seed in 0..2_000 {
            let q = generate(Kind::DivergenceMask, seed).expect("question");
            let Params::Branch {
                preset, program, ..
            } = &q.params
            else {
                panic!("branch")
            };
            if *preset != "bounds-check" {
                continue;
            }
            let listing = program.listing().join("\n");
            assert!(!listing.contains("else"), "{listing}");
            let Answer::Mask(m) = q.parts[0].answer else {
                panic!("mask")
            };
            let launch = q.steps[0]
                .math
                .rsplit("0x")
                .next()
                .unwrap_or_default()
                .to_string();
            let full = u32::from_str_radix(&launch, 16).expect("hex");
            if m != 0 && m != full {
                seen += 1;
                assert_eq!(q.parts[1].answer, Answer::Count(1), "{seed}");
                assert_eq!(
                    grade(&q.parts[1], "2"),
                    Verdict::Wrong(Some(Mistake::EmptySideCounted))
                );
                assert_eq!(q.steps[3].label, StepLabel::SerialisedThenOnly);
            }
        }
        assert!(seen > 20, "{seen}");
    }

    #[test]
    fn wavefronts_in_phases_is_the_model_with_its_own_split() {
        for seed in 0..500 {
            let q = generate(Kind::BankWavefronts, seed).expect("question");
            let Params::Shared {
                elem_bytes,
                stride,
                group,
            } = q.params
            else {
                panic!("shared")
            };
            let access = crate::model::access::smem_access_from_fn(0, 0, elem_bytes, |l| {
                Some(i64::from(l / group * stride))
            })
            .expect("access");
            let r = bank_conflicts(&access).expect("report");
            let (wf, phases) = wavefronts_in_phases(&access, r.phase_split.lanes_per_phase(), true);
            assert_eq!(
                (wf, wf - phases),
                (r.wavefronts, r.ncu_conflicts()),
                "{seed}"
            );
        }
    }
}
