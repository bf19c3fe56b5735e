//! The permalink notices: what a link asked for that the page could not honour.

use leptos::prelude::*;

use crate::ui::i18n::{t, use_lang};
use crate::ui::text;
use crate::ui::url::Notice;

/// More notices than this collapse into one summary line that expands.
pub const MAX_LISTED_NOTICES: usize = 3;

/// A dismissible list of [`Notice`]s; renders nothing when there are none. Up to
/// [`MAX_LISTED_NOTICES`] are listed; more become one summary line (a link with hundreds of bad
/// parameters must not push the figure off the screen).
#[component]
pub fn Notices(notices: Vec<Notice>) -> impl IntoView {
    let lang = use_lang();
    let open = RwSignal::new(!notices.is_empty());
    let count = notices.len();
    let notices = StoredValue::new(notices);
    let list = move || {
        let items = notices.with_value(|ns| {
            ns.iter()
                .map(|n| {
                    let n = n.clone();
                    view! { <li>{move || text::notice(&n, lang.get())}</li> }
                })
                .collect_view()
        });
        if count > MAX_LISTED_NOTICES {
            view! {
                <details class="gx-notices__more" data-testid="notices-summary">
                    <summary>{move || text::notices_summary(count, lang.get())}</summary>
                    <ul>{items}</ul>
                </details>
            }
            .into_any()
        } else {
            view! { <ul>{items}</ul> }.into_any()
        }
    };
    view! {
        <Show when=move || open.get()>
            <div class="gx-notices" role="status" data-testid="notices">
                {list()}
                <button class="gx-button gx-button--small" on:click=move |_| open.set(false)>
                    {t(text::DISMISS)}
                </button>
            </div>
        </Show>
    }
}
