//! The kernel lab (`/lab`): one `__global__` function as a student writes it, run over the whole
//! grid by the model ([`crate::model::kernel`]), with the counters Nsight Compute reports per
//! launch and per line; a picked line shown for one warp with the coalescing, bank-conflict and
//! divergence chapters' figures; the launch on the chosen GPU's occupancy, waves and roofline.
//!
//! A tool page, not a numbered chapter: it has no course questions and no previous / next, and a
//! numbered entry would make the roofline chapter's "next" warm (build off the page) a page that
//! starts an analysis. State: [`state::LabState`]; the analysis runs in slices ([`run`]).

mod context;
mod editor;
mod figures;
mod launch;
pub mod link;
mod report;
pub mod run;
pub mod state;
pub(crate) mod text;
mod why;

use leptos::prelude::*;

use crate::ui::shell::{after_first_paint_split, ChapterBody, LessonAdvance, UrlInputs};
use state::LabState;

/// The lab's body inside the shell's frame.
pub struct Page;

impl ChapterBody for Page {
    type Inputs = state::LabInputs;
    const INTRO: &'static [crate::ui::i18n::Tr] = &text::INTRO;
    const QUESTIONS: &'static [&'static crate::ui::content::questions::BankQuestion] = &[];

    fn body(inputs: UrlInputs<Self::Inputs>) -> AnyView {
        let st = LabState::new(inputs);
        provide_context(st);
        // A lesson step of the lab steps through the kernel's lines of code with the keys.
        provide_context(LessonAdvance {
            key: "at",
            last: Signal::derive(move || {
                st.kernel
                    .with(|k| k.as_ref().map_or(0, |k| k.code_lines().len() as u32))
            }),
        });
        let stop = run::drive(st);
        // The editor, the launch and the status line are the first answer; the counters, the
        // picked line and the launch in context follow after the first paint (shell `staged`).
        view! {
            <section class="l-page gx-lab" data-testid="lab">
                <div class="gx-lab__editor">
                    <editor::Presets/>
                    <editor::Editor/>
                    <editor::Status stop=stop/>
                </div>
                <launch::Launch/>
            </section>
            {after_first_paint_split(|| Box::pin(later()))}
        }
        .into_any()
    }
}

/// The parts after the first figure, in the chapter's later module (fetched after the first
/// paint: shell `staged`).
#[::leptos::wasm_split::wasm_split(lab_later, wasm_split_path = ::leptos::wasm_split)]
fn later() -> AnyView {
    view! {
        <why::Why/>
        <report::Counters/>
        <report::Lines/>
        <context::Context/>
    }
    .into_any()
}
