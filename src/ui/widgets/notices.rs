//! The permalink notices: what a link asked for that the page could not honour.

use leptos::prelude::*;

use crate::ui::i18n::{t, use_lang};
use crate::ui::text;
use crate::ui::url::Notice;

/// A dismissible list of [`Notice`]s; renders nothing when there are none.
#[component]
pub fn Notices(notices: Vec<Notice>) -> impl IntoView {
    let lang = use_lang();
    let open = RwSignal::new(!notices.is_empty());
    view! {
        <Show when=move || open.get()>
            <div class="gx-notices" role="status" data-testid="notices">
                <ul>
                    {notices
                        .iter()
                        .map(|n| {
                            let n = n.clone();
                            view! { <li>{move || text::notice(&n, lang.get())}</li> }
                        })
                        .collect_view()}
                </ul>
                <button class="gx-button gx-button--small" on:click=move |_| open.set(false)>
                    {t(text::DISMISS)}
                </button>
            </div>
        </Show>
    }
}
