//! Running the analysis without blocking the page: the launch runs in slices of at most
//! [`SLICE_MS`] (the model's resumable [`Runner::step`]), each a browser task of its own, so a
//! 2^20-thread launch keeps the page answering input; a newer job (an edit, a link, Back) makes
//! the running one stop at its next slice.
//!
//! This is the page's one effect that leads to signal writes, and why: the job can change by
//! navigation (a link, Back, a classroom step), where no handler of the lab runs, and an
//! analysis is work spread over time, like the address-bar writer of `shell::UrlInputs`. The
//! effect only schedules (it writes no signal); the slices, browser callbacks, write
//! [`LabState::finished`] and [`LabState::progress`], and nothing else does (apart from the
//! Stop button's handler).

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::*;

use super::state::{Finished, Job, LabState, Outcome};
use crate::model::kernel::{Progress, Runner};

/// Longest a slice runs before it yields to the browser, ms (the issue: no task over 50 ms).
pub const SLICE_MS: f64 = 30.0;
/// Warp-level steps between two looks at the clock (~1–2 ms in wasm: `Runner::step`).
const CHUNK_STEPS: u64 = 10_000;

/// The job counter: a slice whose number is not the latest stops.
#[derive(Clone, Default)]
pub struct Generation(Rc<Cell<u64>>);

impl Generation {
    fn next(&self) -> u64 {
        let g = self.0.get() + 1;
        self.0.set(g);
        g
    }

    fn is(&self, g: u64) -> bool {
        self.0.get() == g
    }
}

/// Starts analysing every job `st.setup` becomes, one at a time (see the module docs). Returns
/// the stop function the Stop button calls.
pub fn drive(st: LabState) -> Rc<dyn Fn()> {
    let generation = Generation::default();
    let gen_effect = generation.clone();
    Effect::new(move |_| {
        let job = st.setup.with(|s| s.job().cloned());
        let g = gen_effect.next();
        let Some(job) = job else { return };
        if st
            .finished
            .with_untracked(|f| f.as_ref().is_some_and(|f| f.job == job))
        {
            return; // already analysed (the same job again after an undo or a Back)
        }
        let generation = gen_effect.clone();
        set_timeout(move || start(st, job, g, generation), Duration::ZERO);
    });
    Rc::new(move || {
        let job = st.setup.with_untracked(|s| s.job().cloned());
        generation.next();
        if let Some(job) = job {
            let _ = st.finished.try_set(Some(Finished {
                job,
                outcome: Outcome::Stopped,
            }));
        }
        let _ = st.progress.try_set(None);
    })
}

fn end(st: LabState, job: Job, outcome: Outcome) {
    let _ = st.progress.try_set(None);
    let _ = st.finished.try_set(Some(Finished { job, outcome }));
}

fn start(st: LabState, job: Job, g: u64, generation: Generation) {
    if !generation.is(g) {
        return;
    }
    match Runner::with_values(&job.kernel, job.grid, job.block, &job.args) {
        Err(e) => end(st, job, Outcome::Failed(e)),
        Ok(runner) => slice(st, job, runner, g, generation),
    }
}

fn slice(st: LabState, job: Job, mut runner: Runner, g: u64, generation: Generation) {
    if !generation.is(g) {
        return; // a newer job took over
    }
    let t0 = crate::ui::widgets::monotonic_ms();
    loop {
        match runner.step(CHUNK_STEPS) {
            Err(e) => return end(st, job, Outcome::Failed(e)),
            Ok(p) if p.is_done() => {
                let outcome = match runner.finish() {
                    Ok(r) => Outcome::Report(std::sync::Arc::new(r)),
                    Err(e) => Outcome::Failed(e),
                };
                return end(st, job, outcome);
            }
            Ok(p) if crate::ui::widgets::monotonic_ms() - t0 >= SLICE_MS => {
                if st.progress.try_set(Some(p)).is_some() {
                    return; // the page is gone
                }
                set_timeout(
                    move || slice(st, job, runner, g, generation),
                    Duration::ZERO,
                );
                return;
            }
            Ok(_) => {}
        }
    }
}

/// Done / total blocks as a fraction, 0.0..=1.0.
pub fn fraction(p: &Progress) -> f64 {
    if p.total_blocks == 0 {
        1.0
    } else {
        p.done_blocks as f64 / p.total_blocks as f64
    }
}
