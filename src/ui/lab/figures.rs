//! The chapters' access figures for a warp's access at a line: the coalescing figure for a
//! global load or store, the bank-conflict figure for a shared one. Each view provides the
//! figure's [`AccessState`] from the lab's access (the addresses the model traced, relative to
//! their buffer), so the figure draws exactly what it draws in its chapter.

use leptos::prelude::*;

use crate::model::bank_conflicts::{bank_conflicts, BankReport, SmemAccess};
use crate::model::coalescing::{coalesce_detail, CoalescingDetail, WarpAccess};
use crate::model::kernel::{MemoryEvent, MemorySpace};
use crate::ui::shared::access::state::{AccessOutputs, AccessState, Shown};
use crate::ui::shared::access::{banks, coalescing, default_inputs, AccessChapter, AccessQuery};
use crate::ui::shell::UrlInputs;

/// Bytes below a buffer's base: the lab gives buffer `k` the address `(k + 1) · 2^40`.
const BUFFER_SPAN: u64 = 1 << 40;

/// One warp access as the figures take it: addresses relative to the buffer (global) or the
/// block's shared memory, and the width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabAccess {
    /// Per lane: the byte address relative to its buffer (`None`: inactive).
    pub addresses: [Option<u64>; 32],
    /// Bytes per lane.
    pub bytes_per_lane: u32,
    /// Global or shared.
    pub space: MemorySpace,
}

impl LabAccess {
    /// The access of a traced event.
    pub fn from_event(e: &MemoryEvent) -> LabAccess {
        let relative = |a: u64| match e.space {
            MemorySpace::Global => a % BUFFER_SPAN,
            MemorySpace::Shared => a,
        };
        LabAccess {
            addresses: e.addresses.map(|a| a.map(relative)),
            bytes_per_lane: e.bytes_per_lane,
            space: e.space,
        }
    }

    /// Element index per lane (address / width: the lab's accesses are naturally aligned).
    fn indices(&self) -> [Option<i64>; 32] {
        let w = u64::from(self.bytes_per_lane.max(1));
        self.addresses
            .map(|a| a.and_then(|a| i64::try_from(a / w).ok()))
    }

    /// What a memory figure draws for this access and the model's `result` for it.
    fn shown<R>(&self, result: R) -> Shown<R> {
        Shown {
            indices: self.indices(),
            elem_bytes: self.bytes_per_lane,
            offset_bytes: 0,
            result,
        }
    }
}

/// What the coalescing figure draws for `a`.
pub fn coalesced(a: &LabAccess) -> Option<Shown<CoalescingDetail>> {
    let result = coalesce_detail(&WarpAccess {
        addresses: a.addresses,
        bytes_per_lane: a.bytes_per_lane,
    })
    .ok()?;
    Some(a.shown(result))
}

/// What the bank-conflict figure draws for `a`.
pub fn banked(a: &LabAccess) -> Option<Shown<BankReport>> {
    let addresses = a.addresses.map(|x| x.and_then(|x| u32::try_from(x).ok()));
    let result = bank_conflicts(&SmemAccess {
        addresses,
        bytes_per_lane: a.bytes_per_lane,
    })
    .ok()?;
    Some(a.shown(result))
}

/// Provides the figure state of chapter model `R` drawing `shown` of the lab's access.
fn provide<R: AccessChapter>(
    access: Memo<Option<LabAccess>>,
    shown: fn(&LabAccess) -> Option<Shown<R>>,
) {
    let outputs = Memo::new(move |_| AccessOutputs {
        problem: None,
        shown: access.with(|a| a.as_ref().and_then(shown)),
    });
    provide_context(AccessState::<R> {
        inputs: UrlInputs::detached(AccessQuery::new(default_inputs(R::PRESETS))),
        outputs,
        selected_lane: RwSignal::new(None),
    });
}

/// The coalescing chapter's figure of a global access.
#[component]
pub fn CoalescingView(access: Memo<Option<LabAccess>>) -> impl IntoView {
    provide::<CoalescingDetail>(access, coalesced);
    view! { <div class="gx-lab__figure" data-testid="lab-coalescing"><coalescing::Figure/></div> }
}

/// The bank-conflict chapter's figure of a shared access.
#[component]
pub fn BankView(access: Memo<Option<LabAccess>>) -> impl IntoView {
    provide::<BankReport>(access, banked);
    view! { <div class="gx-lab__figure" data-testid="lab-banks"><banks::Figure/></div> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::kernel::{parse, preset, trace_warp};

    #[test]
    fn the_figures_count_what_the_lab_counts() {
        for (id, line) in [
            ("strided-read", 4),
            ("transpose-tiled", 16),
            ("transpose-padded", 16),
        ] {
            let p = preset(id).expect("preset");
            let k = parse(p.source).expect("parses");
            let t = trace_warp(&k, &p.launch(), [0, 0, 0], 1).expect("traced");
            assert!(!t.accesses_at(line).is_empty(), "{id}");
            for e in t.accesses_at(line) {
                let a = LabAccess::from_event(e);
                match e.space {
                    MemorySpace::Global => {
                        let s = coalesced(&a).expect("aligned");
                        assert_eq!(s.result.report.sectors, e.sectors, "{id}");
                    }
                    MemorySpace::Shared => {
                        let s = banked(&a).expect("aligned");
                        assert_eq!(s.result.wavefronts, e.wavefronts, "{id}");
                    }
                }
            }
        }
    }
}
