//! One warp-level load or store: lane addresses (indices checked), the counters of spec §4–5,
//! the data moved, and the trace event.

use super::counters::{global_sectors, shared_wavefronts, LineCounters};
use super::error::RunError;
use super::exec::{first_lane, Env, Machine, Warp};
use super::exec_ops::Lanes;
use super::ir::{MemRef, Space};
use super::memory::{
    buffer_base, read_le, write_le, MemLimit, MAX_TOUCHED_BYTES, MAX_WRITTEN_BYTES,
};
use super::trace::{MemoryEvent, MemorySpace, TraceEvent};
use super::types::{as_i64, ScalarType};

/// The counts of one memory instruction.
#[derive(Default)]
struct MemCounts {
    shared: bool,
    sectors: u64,
    wavefronts: u64,
    conflicts: u64,
}

impl MemCounts {
    fn add_to(&self, c: &mut LineCounters, store: bool) {
        match (self.shared, store) {
            (false, false) => {
                c.global_load.requests += 1;
                c.global_load.sectors += self.sectors;
            }
            (false, true) => {
                c.global_store.requests += 1;
                c.global_store.sectors += self.sectors;
            }
            (true, false) => {
                c.shared_load.instructions += 1;
                c.shared_load.wavefronts += self.wavefronts;
                c.shared_load_bank_conflicts += self.conflicts;
            }
            (true, true) => {
                c.shared_store.instructions += 1;
                c.shared_store.wavefronts += self.wavefronts;
                c.shared_store_bank_conflicts += self.conflicts;
            }
        }
    }
}

pub(crate) fn memory_op(
    env: &Env,
    m: &mut Machine,
    w: &mut Warp,
    mr: &MemRef,
    pos: super::error::Pos,
    tracing: bool,
) -> Result<(), RunError> {
    let line = pos.line;
    let active = w.active;
    let mut offs = [0u64; 32];
    let index = |k: usize| -> (&Lanes, bool) {
        (&w.regs[mr.idx[k] as usize], mr.idx_ty[k] == ScalarType::Int)
    };
    match mr.space {
        Space::Global { buf } => {
            let (idx, signed) = index(0);
            let (eb, ob) = (u64::from(mr.elem_bytes), u64::from(mr.offset_bytes));
            // An index of 2^31 or more: negative as an `int`, wrapped below zero as an
            // `unsigned` (the module docs, "Memory").
            let mut wrapped = 0u32;
            for (l, (o, v)) in offs.iter_mut().zip(idx.iter()).enumerate() {
                let v = *v as u32;
                if v >= 1 << 31 {
                    wrapped |= 1 << l;
                }
                *o = u64::from(v) * eb + ob;
            }
            if wrapped & active != 0 {
                let l = first_lane(wrapped & active);
                let buffer = env
                    .buffer_names
                    .get(buf as usize)
                    .cloned()
                    .unwrap_or_default();
                let (block, thread) = (env.block, w.thread(l));
                return Err(if signed {
                    RunError::NegativeGlobalIndex {
                        line,
                        buffer,
                        index: as_i64(idx[l], ScalarType::Int),
                        block,
                        thread,
                    }
                } else {
                    RunError::WrappedGlobalIndex {
                        line,
                        buffer,
                        index: u64::from(idx[l] as u32),
                        offset_bytes: offs[l],
                        block,
                        thread,
                    }
                });
            }
        }
        Space::Shared { arr } => {
            let Some(a) = env.shared.get(arr as usize) else {
                return Ok(());
            };
            let mut flat = [0u64; 32];
            for k in 0..usize::from(mr.n_idx) {
                let (idx, signed) = index(k);
                let extent = a.dims.get(k).copied().unwrap_or(1);
                let mut bad = 0u32;
                for (l, (f, v)) in flat.iter_mut().zip(idx.iter()).enumerate() {
                    let v = *v as u32;
                    if v >= extent || (signed && (v as i32) < 0) {
                        bad |= 1 << l;
                    }
                    *f = *f * u64::from(extent) + u64::from(v);
                }
                if bad & active != 0 {
                    let l = first_lane(bad & active);
                    let ty = if signed {
                        ScalarType::Int
                    } else {
                        ScalarType::UInt
                    };
                    return Err(RunError::SharedIndexOutOfBounds {
                        line,
                        array: a.name.clone(),
                        index: as_i64(idx[l], ty),
                        extent,
                        block: env.block,
                        thread: w.thread(l),
                    });
                }
            }
            let (base, eb, ob) = (
                u64::from(a.offset_bytes),
                u64::from(mr.elem_bytes),
                u64::from(mr.offset_bytes),
            );
            for (o, f) in offs.iter_mut().zip(flat.iter()) {
                *o = base + f * eb + ob;
            }
        }
    }
    let comps = usize::from(mr.comps).min(4);
    let cb = mr.comp.bytes();
    let mut event = tracing.then(|| MemoryEvent {
        line,
        column: pos.column,
        space: MemorySpace::Global,
        store: mr.store,
        name: String::new(),
        bytes_per_lane: mr.width_bytes,
        active_mask: active,
        addresses: [None; 32],
        requests: 0,
        sectors: 0,
        wavefronts: 0,
        bank_conflicts: 0,
    });
    let mut counts = MemCounts::default();
    match mr.space {
        Space::Global { buf } => {
            let sectors = u64::from(global_sectors(&offs, active));
            counts.sectors = sectors;
            let limit = |e: MemLimit| match e {
                MemLimit::Written => RunError::MemoryLimit {
                    line,
                    limit_bytes: MAX_WRITTEN_BYTES,
                },
                MemLimit::Touched => RunError::FootprintLimit {
                    line,
                    limit_bytes: MAX_TOUCHED_BYTES,
                },
            };
            let regs = w
                .regs
                .get_mut(mr.reg as usize..mr.reg as usize + comps)
                .unwrap_or_default();
            m.memory
                .access(buf as usize, &offs, active, mr.comp, regs, mr.store)
                .map_err(limit)?;
            if let Some(e) = event.as_mut() {
                let base = buffer_base(buf);
                e.name = env
                    .buffer_names
                    .get(buf as usize)
                    .cloned()
                    .unwrap_or_default();
                e.addresses =
                    std::array::from_fn(|l| ((active >> l) & 1 == 1).then(|| base + offs[l]));
                e.requests = 1;
                e.sectors = sectors as u32;
            }
        }
        Space::Shared { arr } => {
            let offs32: [u32; 32] = offs.map(|o| o as u32);
            let (wf, conflicts) = shared_wavefronts(&offs32, active, mr.width_bytes);
            counts.shared = true;
            counts.wavefronts = u64::from(wf);
            counts.conflicts = u64::from(conflicts);
            let mut lanes = active;
            while lanes != 0 {
                let l = first_lane(lanes);
                lanes &= lanes - 1;
                for k in 0..comps {
                    let at = offs[l] as usize + k * cb as usize;
                    if mr.store {
                        let v = w.regs[mr.reg as usize + k][l];
                        write_le(&mut m.smem, at, cb as usize, v);
                    } else {
                        w.regs[mr.reg as usize + k][l] = read_le(&m.smem, at, cb as usize);
                    }
                }
            }
            if let Some(e) = event.as_mut() {
                e.space = MemorySpace::Shared;
                e.name = env
                    .shared
                    .get(arr as usize)
                    .map(|a| a.name.clone())
                    .unwrap_or_default();
                e.addresses = std::array::from_fn(|l| ((active >> l) & 1 == 1).then_some(offs[l]));
                e.wavefronts = wf;
                e.bank_conflicts = conflicts;
            }
        }
    }
    if let Some(lc) = m.lines.get_mut(line as usize) {
        counts.add_to(lc, mr.store);
    }
    counts.add_to(&mut w.counts, mr.store);
    if let Some(e) = event {
        m.events.push(TraceEvent::Memory(Box::new(e)));
    }
    Ok(())
}
