//! The "permalink to this view" link at the end of a chapter (the shell keeps the address bar
//! itself equal to the chapter's inputs: [`crate::ui::shell::UrlInputs`]).

use leptos::prelude::*;

use crate::ui::i18n::t;
use crate::ui::text;

/// The "permalink to this view" link at the end of a chapter.
#[component]
pub fn PermalinkLink(
    /// The URL ([`crate::ui::shell::UrlInputs::permalink`]).
    url: Memo<String>,
) -> impl IntoView {
    view! {
        <p class="l-body gx-permalink">
            <a href=move || url.get() data-testid="permalink">
                {t(text::PERMALINK)}
            </a>
        </p>
    }
}
