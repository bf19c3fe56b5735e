//! The permalink notices: what a link asked for that the page could not honour.

use leptos::prelude::*;

use crate::ui::i18n::{use_lang, Lang};
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
                            let (en, zh) = n.text();
                            view! {
                                <li>{move || if lang.get() == Lang::Zh { zh.clone() } else { en.clone() }}</li>
                            }
                        })
                        .collect_view()}
                </ul>
                <button class="gx-button gx-button--small" on:click=move |_| open.set(false)>
                    {move || if lang.get() == Lang::Zh { "知道了" } else { "Dismiss" }}
                </button>
            </div>
        </Show>
    }
}
