//! Question sets on the quiz page: make one (`mode=make`), take one (`mode=take`), print it
//! with its answer key (`mode=sheet`) and grade the answers files students send back
//! (`mode=results`). The set itself travels in the link (`set=…&v=1`, [`codec`]); nothing
//! leaves the browser.
//!
//! Pure parts, tested natively: the link and the answers file ([`codec`]), grading many files
//! and the gradebook CSV ([`results`]), the LMS exports ([`export`]). Views: [`make`],
//! [`take`], [`sheet`], [`results_view`] with its bar charts ([`chart`]).

pub mod chart;
pub mod codec;
pub mod export;
mod make;
pub mod results;
mod results_view;
mod sheet;
mod take;

use leptos::prelude::*;

use super::{text, QuizInputs};
use crate::model::quiz::set::QuestionSet;
use crate::ui::i18n::{t, use_lang};
use crate::ui::shell::{route_href, UrlInputs};
use codec::{unpack_set, SetLinkError};

/// Which page of the quiz is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetMode {
    /// The practice page (no `mode` key).
    Practice,
    /// Making a set.
    Make,
    /// Taking a set.
    Take,
    /// The printable sheet and answer key.
    Sheet,
    /// The results page.
    Results,
}

impl SetMode {
    /// The `mode` values a link may carry (`""` is practice).
    pub const SLUGS: [&'static str; 5] = ["", "make", "take", "sheet", "results"];

    /// The `mode` value.
    pub fn slug(self) -> &'static str {
        match self {
            SetMode::Practice => "",
            SetMode::Make => "make",
            SetMode::Take => "take",
            SetMode::Sheet => "sheet",
            SetMode::Results => "results",
        }
    }

    /// The mode of a `mode` value.
    pub fn from_slug(slug: &str) -> Option<SetMode> {
        [
            SetMode::Practice,
            SetMode::Make,
            SetMode::Take,
            SetMode::Sheet,
            SetMode::Results,
        ]
        .into_iter()
        .find(|m| m.slug() == slug)
    }
}

/// The query of the quiz page in `mode` for the set with code `code`.
pub fn set_query(mode: SetMode, code: &str) -> String {
    QuizInputs {
        mode,
        set: code.to_string(),
        ..QuizInputs::default()
    }
    .to_query_string()
}

impl QuizInputs {
    /// The inputs as a query (no `?`).
    pub fn to_query_string(&self) -> String {
        crate::ui::shell::ChapterInputs::to_query(self)
    }
}

/// The href of the quiz page in `mode` for the set `code`.
pub fn set_href(mode: SetMode, code: &str) -> String {
    format!("{}?{}", route_href("quiz"), set_query(mode, code))
}

/// The set pages: reads the set from the link once, then shows the page of the mode.
#[component]
pub fn SetPage(inputs: UrlInputs<QuizInputs>) -> impl IntoView {
    let lang = use_lang();
    let mode = Memo::new(move |_| inputs.with(|i| i.mode));
    let code = Memo::new(move |_| inputs.with(|i| i.set.clone()));
    let set: Memo<Option<Result<QuestionSet, SetLinkError>>> = Memo::new(move |_| {
        let c = code.get();
        (!c.is_empty()).then(|| unpack_set(&c))
    });
    let back = route_href("quiz");
    // The teacher's pages (the sheet, the results) and a page without a set link to the maker,
    // with the set when there is one; a student's page does not.
    let maker = move || {
        let m = mode.get();
        let valid = set.with(|s| matches!(s, Some(Ok(_))));
        let code = if valid { code.get() } else { String::new() };
        (m != SetMode::Make && (m != SetMode::Take || !valid)).then(|| {
            let label = if valid { text::sets::OPEN_IN_MAKER } else { text::sets::MAKE_ONE };
            view! { " · " <a href=set_href(SetMode::Make, &code) data-testid="set-make-link">{t(label)}</a> }
        })
    };
    view! {
        <div class="gx-quiz gx-sets" data-testid="quiz-sets">
            <p class="l-body gx-sets__back gx-sheet__tools"><a href=back>{t(text::sets::BACK_TO_PRACTICE)}</a>{maker}</p>
            {move || {
                let m = mode.get();
                if m == SetMode::Make {
                    let start = set.get().and_then(Result::ok);
                    return view! { <make::Maker start=start/> }.into_any();
                }
                match set.get() {
                    None => view! {
                        <p class="l-body gx-notice" role="alert" data-testid="set-error">{t(text::sets::NO_SET)}</p>
                    }.into_any(),
                    Some(Err(e)) => view! {
                        <p class="l-body gx-notice" role="alert" data-testid="set-error">
                            {move || text::sets::link_error(&e, lang.get())}
                        </p>
                    }.into_any(),
                    Some(Ok(s)) => {
                        let c = code.get_untracked();
                        match m {
                            SetMode::Take => view! { <take::Take set=s code=c/> }.into_any(),
                            SetMode::Sheet => view! { <sheet::SetSheet set=s/> }.into_any(),
                            _ => view! { <results_view::Results set=s code=c/> }.into_any(),
                        }
                    }
                }
            }}
        </div>
    }
}
