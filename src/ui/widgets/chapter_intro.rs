//! The top of every chapter page: "Chapter N" kicker, title, and the intro paragraphs (their
//! marked terms linked to the glossary, [`super::TermText`]).

use leptos::prelude::*;

use super::TermText;
use crate::ui::i18n::{t, use_lang, Tr};
use crate::ui::text;

/// Kicker, `<h1>` and intro paragraphs, in the current language.
#[component]
pub fn ChapterIntro(
    /// Chapter number; 0 for a page that is not a numbered chapter.
    number: u32,
    /// Title.
    title: Tr,
    /// Intro paragraphs, with `[[…]]` term markers.
    intro: &'static [Tr],
    /// The glossary page's link, for the marked terms.
    glossary: String,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        // A page that is not a numbered chapter (the quiz) passes 0: no kicker.
        {(number > 0).then(|| view! {
            <p class="gx-kicker">{move || text::chapter_kicker(number, lang.get())}</p>
        })}
        <h1>{t(title)}</h1>
        {intro.iter().map(|p| view! { <p><TermText text=*p glossary=glossary.clone()/></p> }).collect_view()}
    }
}
