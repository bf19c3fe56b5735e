//! The practice worksheet: its size, and the printable sheet with its answer key.

use leptos::prelude::*;

use super::{
    answer_words, kinds_for, sheet_blank, sheet_seed, storage, text, QuizInputs, MAX_SHEET,
};
use crate::model::quiz::{generate, Question};
use crate::ui::i18n::{t, use_lang};
use crate::ui::shell::{self, UrlInputs};
use crate::ui::widgets::IntegerInput;

/// Worksheet size and the "make" button.
#[component]
pub(super) fn WorksheetPanel(inputs: UrlInputs<QuizInputs>) -> impl IntoView {
    let size = RwSignal::new(10u32);
    view! {
        <section class="l-body gx-quiz__sheet-panel" aria-labelledby="quiz-sheet-h">
            <h2 id="quiz-sheet-h">{t(text::WORKSHEET)}</h2>
            <p>{t(text::WORKSHEET_INTRO)}</p>
            <p class="gx-quiz__actions">
                <span class="gx-quiz__control">
                    <label for="quiz-sheet-size">{t(text::SHEET_SIZE)}</label>
                    <IntegerInput id="quiz-sheet-size" min=1 max=u64::from(MAX_SHEET)
                        class="gx-quiz__input gx-quiz__input--short" testid="quiz-sheet-size"
                        value=Signal::derive(move || u64::from(size.get()))
                        on_input=Callback::new(move |n: u64| size.set(n as u32))/>
                </span>
                <button type="button" class="gx-button" data-testid="quiz-sheet-make"
                    on:click=move |_| inputs.navigate_update(|i| i.sheet = size.get_untracked())>
                    {t(text::SHEET_MAKE)}
                </button>
            </p>
            <p>
                <a data-testid="quiz-set-make" href=super::sets::set_href(super::sets::SetMode::Make, "")>
                    {t(text::sets::MAKE_LINK)}
                </a>
            </p>
        </section>
    }
}

/// The printable worksheet and its answer key (print stylesheet: `style/quiz.css`).
#[component]
pub(super) fn Worksheet(inputs: QuizInputs) -> impl IntoView {
    let lang = use_lang();
    let kinds = kinds_for(&inputs.chapter);
    let questions: Vec<Question> = (0..inputs.sheet)
        .filter_map(|i| {
            let kind = *kinds.get(i as usize % kinds.len().max(1))?;
            generate(kind, sheet_seed(inputs.seed, i)).ok()
        })
        .collect();
    let questions = StoredValue::new(questions);
    let (seed, n) = (inputs.seed, inputs.sheet);
    let chapter = shell::by_slug(&inputs.chapter);
    let heading = move || {
        let ch = chapter
            .map(|c| c.title.get(lang.get()).to_string())
            .unwrap_or_else(|| text::ALL_CHAPTERS.get(lang.get()).to_string());
        format!("{} — {ch}", text::WORKSHEET.get(lang.get()))
    };
    let link = move || window().location().href().unwrap_or_default();
    let print_key = RwSignal::new(false);
    view! {
        <section class="l-body gx-sheet" data-testid="worksheet">
            <p class="gx-sheet__tools">
                <button type="button" class="gx-button" data-testid="quiz-print" on:click=move |_| storage::print()>{t(text::PRINT)}</button>
                " "
                <button type="button" class="gx-button" on:click=move |_| {
                    let _ = window().history().map(|h| h.back());
                }>{t(text::SHEET_CLOSE)}</button>
                " "
                <PrintKey print_key=print_key/>
            </p>
            <header>
                <h2>{heading}</h2>
                <p>{move || text::sheet_line(lang.get(), seed, n)}</p>
                <p class="gx-sheet__link">{link}</p>
                <p>{t(text::NAME_LINE)}</p>
            </header>
            <ol class="gx-sheet__list">
                {move || questions.with_value(|qs| qs.iter().map(|q| {
                    let l = lang.get();
                    view! {
                        <li class="gx-sheet__q">
                            <p>{text::prompt(q, l)}</p>
                            {q.listing().map(|lines| view! { <pre class="gx-quiz__listing"><code>{lines.join("\n")}</code></pre> })}
                            <p class="gx-sheet__blanks">
                                {q.parts.iter().map(|p| sheet_blank(p, l)).collect::<Vec<_>>().join("    ")}
                            </p>
                        </li>
                    }
                }).collect_view())}
            </ol>
            <section class="gx-sheet__key" class:gx-sheet__key--screen-only=move || !print_key.get() data-testid="worksheet-key">
                <h2>{move || format!("{} — {}", text::ANSWER_KEY.get(lang.get()), text::sheet_line(lang.get(), seed, n))}</h2>
                <ol>
                    {move || questions.with_value(|qs| qs.iter().map(|q| {
                        let l = lang.get();
                        let answers = q.parts.iter().map(|p| format!("{} = {}", text::field_label(p.field).get(l), answer_words(p, l))).collect::<Vec<_>>().join("; ");
                        view! { <li>{format!("{answers}  ({} · {})", q.kind.slug(), text::seed_line(l, q.seed))}</li> }
                    }).collect_view())}
                </ol>
            </section>
        </section>
    }
}

/// Whether a sheet's answer key is printed with it (off: a sheet printed for a class must not
/// carry it; it stays on screen for the teacher). Each key line names its question's kind and
/// seed, which reopen the question with its worked solution, so the questions themselves do not.
#[component]
pub fn PrintKey(
    /// On: the key prints, on a page of its own.
    print_key: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <label class="gx-quiz__choice">
            <input type="checkbox" data-testid="print-key" prop:checked=move || print_key.get()
                on:change=move |ev| print_key.set(event_target_checked(&ev))/>
            " "{t(text::PRINT_KEY)}
        </label>
    }
}
