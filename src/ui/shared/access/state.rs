//! The reactive state both memory chapters share: the access inputs, one memo that turns them
//! into lane indices and calls the chapter's model, and the selected lane. When the inputs are
//! wrong (a bad formula, a misaligned address) the memo reports the problem and keeps the last
//! valid result on screen ([`keep_last_valid`]).

use leptos::prelude::*;

use super::text;
use super::{keep_last_valid, AccessChapter, AccessInputs, AccessQuery, Problem};
use crate::ui::i18n::{t, use_lang, Lang, Tr};
use crate::ui::shell::UrlInputs;
use crate::ui::widgets::DataDetails;

/// A pattern the model accepted, with everything the figure draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown<R> {
    /// Element index per lane (`None` = inactive).
    pub indices: [Option<i64>; 32],
    /// Bytes per lane.
    pub elem_bytes: u32,
    /// Offset in bytes.
    pub offset_bytes: u64,
    /// The model's answer.
    pub result: R,
}

/// Everything a memory chapter shows.
#[derive(Clone, Debug, PartialEq)]
pub struct AccessOutputs<R> {
    /// What is wrong with the current inputs, if anything.
    pub problem: Option<Problem>,
    /// The current pattern, or the last valid one when `problem` is `Some` (`None` only if
    /// even the default preset failed, which the chapters' tests rule out).
    pub shown: Option<Shown<R>>,
}

/// The model's view of `inputs`, or why there is none.
pub fn shown<R: AccessChapter>(inputs: &AccessInputs) -> Result<Shown<R>, Problem> {
    let indices = inputs.indices(R::PRESETS)?;
    let result = R::model(inputs, &indices).map_err(Problem::Access)?;
    Ok(Shown {
        indices,
        elem_bytes: inputs.elem,
        offset_bytes: inputs.offset,
        result,
    })
}

/// The whole chapter as a function of its inputs and the previous outputs.
pub fn compute<R: AccessChapter>(
    inputs: &AccessInputs,
    previous: Option<&AccessOutputs<R>>,
) -> AccessOutputs<R> {
    let (problem, shown) = keep_last_valid(
        inputs,
        previous.and_then(|p| p.shown.as_ref()),
        R::PRESETS,
        shown::<R>,
    );
    AccessOutputs { problem, shown }
}

/// A memory chapter's reactive state.
pub struct AccessState<R: AccessChapter> {
    /// Every input.
    pub inputs: UrlInputs<AccessQuery<R>>,
    /// Everything derived: the only place the model is called.
    pub outputs: Memo<AccessOutputs<R>>,
    /// The lane the reader clicked or focused (view state, not in the URL).
    pub selected_lane: RwSignal<Option<u32>>,
}

impl<R: AccessChapter> Clone for AccessState<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: AccessChapter> Copy for AccessState<R> {}

impl<R: AccessChapter> AccessState<R> {
    /// State following `inputs`, with chapter `R`'s presets and model.
    pub fn new(inputs: UrlInputs<AccessQuery<R>>) -> Self {
        let outputs =
            Memo::new(move |prev: Option<&AccessOutputs<R>>| inputs.with(|i| compute(i, prev)));
        AccessState {
            inputs,
            outputs,
            selected_lane: RwSignal::new(None),
        }
    }
}

impl<R: AccessChapter> AccessState<R> {
    /// Whether a problem stands, so that what is drawn and counted is the last valid pattern,
    /// not the inputs': figures and tables are dimmed (`gx-stale`) and say so.
    pub fn stale(self) -> impl Fn() -> bool + Copy + Send + Sync + 'static {
        move || self.outputs.with(|o| o.problem.is_some())
    }
}

/// The line over a panel of numbers while [`AccessState::stale`]: they are the last valid
/// pattern's.
pub fn stale_note<R: AccessChapter>(st: AccessState<R>) -> impl IntoView {
    let stale = st.stale();
    view! {
        <Show when=stale>
            <p class="gx-note gx-note--stale" data-testid="stale-note" role="status">{t(text::STALE_NUMBERS)}</p>
        </Show>
    }
}

/// The figure as a list, one line per lane, for screen readers and for checking: the same
/// sentence the figure's lane readout gives (`describe`), for all 32 lanes.
#[component]
pub fn LaneTable<R: AccessChapter>(
    /// The summary line.
    summary: Tr,
    /// The chapter's sentence for one lane.
    describe: fn(&Shown<R>, u32, Lang) -> String,
) -> impl IntoView {
    let st = expect_context::<AccessState<R>>();
    let lang = use_lang();
    view! {
        <DataDetails summary=summary>
            <ul class="gx-data-table__points">
                // One render effect for the 32 lines (an effect per line woke 32 effects at
                // every slider tick); a re-run rewrites only the lines that changed.
                {move || {
                    let lang = lang.get();
                    st.outputs.with(|o| o.shown.as_ref().map(|s| {
                        (0..32u32).map(|l| view! { <li>{describe(s, l, lang)}</li> }).collect_view()
                    }))
                }}
            </ul>
        </DataDetails>
    }
}
