//! The chapter's self-check questions, with answers revealed on demand.

use leptos::prelude::*;

use crate::ui::i18n::{use_lang, Tr};

/// One self-check question from the course, with its answer.
#[derive(Clone, Copy, Debug)]
pub struct Question {
    /// Stable id (e.g. "001-11-q1"), used as the element id.
    pub id: &'static str,
    /// Where it comes from, e.g. "Course 001 §11 Q1".
    pub source: Tr,
    /// The question.
    pub question: Tr,
    /// The answer.
    pub answer: Tr,
}

/// A list of questions; each answer is hidden until its button is pressed.
#[component]
pub fn Questions(questions: &'static [Question]) -> impl IntoView {
    let lang = use_lang();
    view! {
        <section class="gx-questions l-body" data-testid="questions">
            <h2>{move || if lang.get() == crate::ui::i18n::Lang::Zh { "自测" } else { "Check yourself" }}</h2>
            <ol>
                {questions
                    .iter()
                    .map(|q| {
                        let shown = RwSignal::new(false);
                        view! {
                            <li class="gx-question" id=q.id>
                                <p class="gx-question__text">{move || q.question.get(lang.get())}</p>
                                <p class="gx-question__source">{move || q.source.get(lang.get())}</p>
                                <button
                                    class="gx-button"
                                    aria-expanded=move || shown.get().to_string()
                                    on:click=move |_| shown.update(|s| *s = !*s)
                                >
                                    {move || match (lang.get(), shown.get()) {
                                        (crate::ui::i18n::Lang::Zh, false) => "显示答案",
                                        (crate::ui::i18n::Lang::Zh, true) => "隐藏答案",
                                        (_, false) => "Show answer",
                                        (_, true) => "Hide answer",
                                    }}
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
