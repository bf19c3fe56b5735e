//! The home page: the chapter map.

use leptos::prelude::*;
use leptos_router::components::A;

use super::registry::ALL;
use crate::ui::i18n::{t, use_lang};
use crate::ui::shell::route_href;
use crate::ui::text;

/// The chapter map with one card per chapter.
#[component]
pub fn Home() -> impl IntoView {
    let lang = use_lang();
    Effect::new(move |_| {
        document().set_title(text::HOME_TAB_TITLE.get(lang.get()));
    });
    view! {
        <div class="gx-home l-body">
            <h1>{t(text::HOME_HEADING)}</h1>
            <p class="gx-lead">
                {t(text::HOME_LEAD)}
            </p>
            <ol class="gx-chapter-map" data-testid="chapter-map">
                {ALL
                    .iter()
                    .map(|c| {
                        let href = route_href(c.slug);
                        let ready = c.page.is_some();
                        view! {
                            <li class="gx-chapter-card" class:gx-chapter-card--soon=!ready>
                                <A href=href>
                                    <span class="gx-chapter-card__number">
                                        {c.number.map(|n| n.to_string()).unwrap_or_else(|| "·".into())}
                                    </span>
                                    <span class="gx-chapter-card__title">{move || c.title.get(lang.get())}</span>
                                </A>
                                <p>{move || c.summary.get(lang.get())}</p>
                                {(!ready).then(|| view! {
                                    <span class="gx-badge">{t(text::IN_PREPARATION)}</span>
                                })}
                            </li>
                        }
                    })
                    .collect_view()}
                <li class="gx-chapter-card">
                    <A href=route_href("classroom")>
                        <span class="gx-chapter-card__number">"·"</span>
                        <span class="gx-chapter-card__title">{t(crate::ui::classroom::text::TITLE)}</span>
                    </A>
                    <p>{t(text::CLASSROOM_SUMMARY)}</p>
                </li>
            </ol>
        </div>
    }
}
