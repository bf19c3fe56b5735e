//! A chapter's self-check questions from the bank ([`crate::ui::content::questions`]), with
//! answers revealed on demand.

use leptos::prelude::*;

use crate::ui::content::questions::{source_text, BankQuestion};
use crate::ui::i18n::{t, use_lang};
use crate::ui::text;

/// The questions of one chapter; each answer is hidden until its button is pressed.
#[component]
pub fn Questions(
    /// The chapter's questions (its `ChapterBody::QUESTIONS`, one of the bank's per-chapter
    /// lists), in bank order.
    questions: &'static [&'static BankQuestion],
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <section class="gx-questions l-body" data-testid="questions">
            <h2>{t(text::QUESTIONS_HEADING)}</h2>
            <ol>
                {questions
                    .iter()
                    .map(|&q| {
                        let shown = RwSignal::new(false);
                        view! {
                            <li class="gx-question" id=q.element_id()>
                                <p class="gx-question__text">{move || q.question.get(lang.get())}</p>
                                <p class="gx-question__source">
                                    {move || source_text(q.source, lang.get())}
                                </p>
                                <button
                                    class="gx-button"
                                    aria-expanded=move || shown.get().to_string()
                                    on:click=move |_| shown.update(|s| *s = !*s)
                                >
                                    {move || text::answer_toggle(shown.get()).get(lang.get())}
                                </button>
                                <Show when=move || shown.get()>
                                    <p class="gx-question__answer">{move || q.answer.get(lang.get())}</p>
                                </Show>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </section>
    }
}
