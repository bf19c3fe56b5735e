//! Questions drawn from the kernel lab's presets (the lab page): one warp's global access at a
//! line of a preset, launched with a drawn argument, and one warp's shared-memory access. The
//! answer is the lab's own run of the kernel ([`crate::model::kernel::trace_warp`]: the
//! warp's 32 addresses), counted by the coalescing and bank-conflict models; each mistake is
//! that count without one rule.

use super::draw::{count, step, with_mistake, Draw};
use super::gen_memory::{coalescing_fields, wavefronts_in_phases};
use super::{Field, Mistake, Params, StepLabel};
use crate::model::bank_conflicts::{bank_conflicts, SmemAccess};
use crate::model::coalescing::{coalesce_detail, WarpAccess, LINE_BYTES};
use crate::model::kernel::{parse, preset, trace_warp, Launch, MemoryEvent, MemorySpace};
use crate::model::rng::SplitMix64;
use crate::model::WARP_SIZE;

/// A preset, the argument drawn for it (name and choices), and the line whose accesses are
/// asked about.
struct Site {
    preset: &'static str,
    arg: Option<(&'static str, &'static [i64])>,
    line: u32,
}

/// Global accesses: strided, offset, AoS fields, the naive transpose's column store, the GEMV's
/// matrix column and vector broadcast, the bounds-checked copy's partial warp.
const GLOBAL_SITES: [Site; 8] = [
    Site {
        preset: "strided-read",
        arg: Some(("stride", &[1, 2, 3, 4, 5, 6, 8, 16, 32])),
        line: 4,
    },
    Site {
        preset: "offset-read",
        arg: Some(("offset", &[0, 1, 2, 3, 4, 7, 8, 16, 31, 32])),
        line: 4,
    },
    Site {
        preset: "aos",
        arg: None,
        line: 6,
    },
    Site {
        preset: "aos",
        arg: None,
        line: 8,
    },
    Site {
        preset: "transpose-naive",
        arg: None,
        line: 7,
    },
    Site {
        preset: "gemv",
        arg: Some(("cols", &[32, 64, 100, 128, 129])),
        line: 7,
    },
    Site {
        preset: "copy-bounds",
        arg: Some(("n", &[1000, 2500, 5000, 9999, 10_000, 10_008, 10_017])),
        line: 5,
    },
    Site {
        preset: "stencil-2d",
        arg: None,
        line: 10,
    },
];

/// Shared accesses: the tiled transpose's column read (with and without padding) and its row
/// store, the strided reduction's conflicted index, and the interleaved and sequential
/// reductions' partial warps.
const SHARED_SITES: [Site; 6] = [
    Site {
        preset: "transpose-tiled",
        arg: None,
        line: 16,
    },
    Site {
        preset: "transpose-padded",
        arg: None,
        line: 16,
    },
    Site {
        preset: "transpose-tiled",
        arg: None,
        line: 11,
    },
    Site {
        preset: "reduce-strided",
        arg: None,
        line: 13,
    },
    Site {
        preset: "reduce-sequential",
        arg: None,
        line: 12,
    },
    Site {
        preset: "reduce-interleaved",
        arg: None,
        line: 12,
    },
];

/// The site's preset launch with the drawn argument, a warp that runs the line, and the access
/// drawn among its executions there.
fn draw_access(
    sites: &[Site],
    space: MemorySpace,
    rng: &mut SplitMix64,
) -> Option<(Params, MemoryEvent)> {
    let site = rng.choose(sites)?;
    let p = preset(site.preset)?;
    let mut launch: Launch = p.launch();
    let mut args = Vec::new();
    if let Some((name, values)) = site.arg {
        let v = *rng.choose(values)?;
        if let Some(slot) = launch.args.iter_mut().find(|(n, _)| n == name) {
            slot.1 = v;
        }
        args.push((name, v));
    }
    let kernel = parse(p.source).ok()?;
    let per_block = u64::from(launch.block.iter().product::<u32>().div_ceil(WARP_SIZE));
    let warps = launch.threads().div_ceil(u64::from(WARP_SIZE)).max(1);
    // The bounds-checked copy: half the time the warp that holds element n − 1 (partial).
    let warp = match (site.preset, args.first()) {
        ("copy-bounds", Some(&(_, n))) if rng.below(2) == 0 => (n.max(1) as u64 - 1) / 32,
        _ => rng.below(warps.min(4096)),
    };
    let linear = warp / per_block;
    let [gx, gy, _] = launch.grid.map(u64::from);
    let block = [
        (linear % gx) as u32,
        ((linear / gx) % gy) as u32,
        (linear / (gx * gy)) as u32,
    ];
    let in_block = (warp % per_block) as u32;
    let trace = trace_warp(&kernel, &launch, block, in_block).ok()?;
    let events: Vec<&MemoryEvent> = trace
        .accesses_at(site.line)
        .into_iter()
        .filter(|e| e.space == space)
        .collect();
    // One column of the line (one access of the source), one of its executions.
    let first = rng.choose(&events)?;
    let same: Vec<&&MemoryEvent> = events
        .iter()
        .filter(|e| e.column == first.column && e.store == first.store)
        .collect();
    let exec = rng.below(same.len() as u64) as usize;
    let event: MemoryEvent = (**same.get(exec)?).clone();
    let params = Params::Lab {
        preset: site.preset,
        args,
        line: site.line,
        column: event.column,
        name: event.name.clone(),
        store: event.store,
        execution: exec as u32 + 1,
        warp,
        block,
        warp_in_block: in_block,
    };
    Some((params, event))
}

/// The lane addresses as the prompt's solution shows them: relative to the buffer.
fn relative(e: &MemoryEvent) -> [Option<u64>; 32] {
    e.addresses.map(|a| {
        a.map(|a| match e.space {
            MemorySpace::Global => a % (1 << 40),
            MemorySpace::Shared => a,
        })
    })
}

fn address_list(a: &[Option<u64>; 32]) -> String {
    let active: Vec<u64> = a.iter().flatten().copied().collect();
    match active.as_slice() {
        [] => "—".into(),
        [x] => x.to_string(),
        [x, y] => format!("{x}, {y}"),
        [x, y, .., z] => format!("{x}, {y}, …, {z}"),
    }
}

/// Sectors and requests of a warp's global access at a preset's line.
pub(super) fn global(rng: &mut SplitMix64) -> Draw {
    let (params, e) = draw_access(&GLOBAL_SITES, MemorySpace::Global, rng)?;
    let addresses = relative(&e);
    let detail = coalesce_detail(&WarpAccess {
        addresses,
        bytes_per_lane: e.bytes_per_lane,
    })
    .ok()?;
    let report = &detail.report;
    if report.sectors != e.sectors {
        return None; // never: the lab counts with the same model
    }
    let active = e.active_mask.count_ones();
    // Lane 0's address taken as line-aligned: every address moved down by its offset in a line.
    let offset = addresses
        .iter()
        .flatten()
        .next()
        .map_or(0, |a| a % LINE_BYTES);
    let aligned = coalesce_detail(&WarpAccess {
        addresses: addresses.map(|a| a.map(|a| a - offset)),
        bytes_per_lane: e.bytes_per_lane,
    })
    .ok()?;
    let (fields, counted) = coalescing_fields(report, aligned.report.sectors, active, None);
    let mut steps = vec![step(
        StepLabel::Addresses,
        format!(
            "{active} × {} B: {}",
            e.bytes_per_lane,
            address_list(&addresses)
        ),
    )];
    steps.extend(counted);
    Some((params, fields, steps))
}

/// The active lanes, wavefronts and ncu's bank conflicts of a warp's shared access at a
/// preset's line.
pub(super) fn shared(rng: &mut SplitMix64) -> Draw {
    let (params, e) = draw_access(&SHARED_SITES, MemorySpace::Shared, rng)?;
    let access = SmemAccess {
        addresses: relative(&e).map(|a| a.and_then(|a| u32::try_from(a).ok())),
        bytes_per_lane: e.bytes_per_lane,
    };
    let report = bank_conflicts(&access).ok()?;
    if report.wavefronts != e.wavefronts {
        return None; // never: the lab counts with the same model
    }
    let ncu = report.ncu_conflicts();
    let lanes_per_phase = report.phase_split.lanes_per_phase().max(1);
    let (naive, phases) = wavefronts_in_phases(&access, lanes_per_phase, false);
    let mut wavefronts = count(Field::Wavefronts, u64::from(report.wavefronts));
    wavefronts = with_mistake(
        wavefronts,
        Mistake::BroadcastAsConflict,
        Some(f64::from(naive)),
    );
    let mut conflicts = count(Field::Conflicts, u64::from(ncu));
    conflicts = with_mistake(
        conflicts,
        Mistake::BroadcastAsConflict,
        Some(f64::from(naive.saturating_sub(phases))),
    );
    conflicts = with_mistake(
        conflicts,
        Mistake::ConflictsNotExtra,
        Some(f64::from(report.wavefronts)),
    );
    let banks: Vec<String> = report
        .lanes
        .iter()
        .flatten()
        .take(4)
        .filter_map(|l| l.banks().next().map(|b| b.to_string()))
        .collect();
    let steps = vec![
        step(
            StepLabel::Addresses,
            format!(
                "{} × {} B: {}",
                e.active_mask.count_ones(),
                e.bytes_per_lane,
                address_list(&relative(&e))
            ),
        ),
        step(
            StepLabel::Banks,
            format!("addr / 4 mod 32: {}, …", banks.join(", ")),
        ),
        step(StepLabel::Wavefronts, report.wavefronts.to_string()),
        step(
            StepLabel::Conflicts,
            format!("{} − {phases} = {ncu}", report.wavefronts),
        ),
    ];
    let lanes = count(Field::ActiveLanes, u64::from(e.active_mask.count_ones()));
    let lanes = with_mistake(
        lanes,
        Mistake::PartialWarpLaunchMask,
        Some(f64::from(WARP_SIZE)),
    );
    Some((params, vec![lanes, wavefronts, conflicts], steps))
}

#[cfg(test)]
mod tests {
    use super::super::{generate, Answer, Kind};
    use crate::model::kernel::{parse, preset};

    #[test]
    fn every_site_is_a_line_with_that_kind_of_access() {
        for (sites, shared) in [
            (&super::GLOBAL_SITES[..], false),
            (&super::SHARED_SITES[..], true),
        ] {
            for s in sites {
                let p = preset(s.preset).expect("preset");
                let k = parse(p.source).expect("parses");
                let r = crate::model::kernel::run(&k, &p.launch()).expect("runs");
                let l = r.line(s.line).expect("ran");
                let n = if shared {
                    l.shared_load.instructions + l.shared_store.instructions
                } else {
                    l.global_load.requests + l.global_store.requests
                };
                assert!(n > 0, "{} line {}", s.preset, s.line);
            }
        }
    }

    #[test]
    fn questions_come_out_for_every_seed_and_name_their_access() {
        for kind in [Kind::LabSectors, Kind::LabWavefronts] {
            for seed in 0..300 {
                let q = generate(kind, seed).expect("question");
                let super::Params::Lab { line, name, .. } = &q.params else {
                    panic!("lab params");
                };
                assert!(*line > 0 && !name.is_empty());
                assert!(matches!(q.parts[0].answer, Answer::Count(n) if n >= 1));
            }
        }
    }
}
