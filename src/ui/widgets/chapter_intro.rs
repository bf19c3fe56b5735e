//! The top of every chapter page: "Chapter N" kicker, title, and the intro paragraphs.

use leptos::prelude::*;

use crate::ui::i18n::{t, use_lang, Lang, Tr};

/// Kicker, `<h1>` and intro paragraphs, in the current language.
#[component]
pub fn ChapterIntro(
    /// Chapter number; 0 for a page that is not a numbered chapter (no kicker).
    number: u32,
    /// Title.
    title: Tr,
    /// Intro paragraphs.
    intro: &'static [Tr],
) -> impl IntoView {
    let lang = use_lang();
    view! {
        // Pages that are not numbered chapters (the quiz) pass 0 and get no kicker.
        {(number > 0).then(|| view! {
            <p class="gx-kicker">
                {move || match lang.get() {
                    Lang::En => format!("Chapter {number}"),
                    Lang::Zh => format!("第 {number} 章"),
                }}
            </p>
        })}
        <h1>{t(title)}</h1>
        {intro.iter().map(|p| view! { <p>{t(*p)}</p> }).collect_view()}
    }
}
