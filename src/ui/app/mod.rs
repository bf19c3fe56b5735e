//! The app: header (chapter nav, language switch), router, footer, the registry of pages and
//! the home page. The top floor of the UI: it imports the pages, nothing imports it.
//!
//! Routing: `leptos_router` with one route per chapter slug (`/:chapter`, looked up in
//! [`registry::ALL`]). The router's base is read at run time from the document's `<base href>`,
//! so the same build works at `/` and under any sub-path (`/warpscope/`).

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::hooks::use_params_map;
use leptos_router::path;

mod home;
pub mod registry;

use crate::ui::i18n::{initial_lang, switch_lang, t, use_lang, Lang, LangCtx};
use crate::ui::shell::{self, route_href, BasePath, Site};
use crate::ui::text;
use home::Home;
use registry::ALL;

/// The router base: the path of the document's base URL without its trailing slash
/// ("" at the root, "/warpscope" under a sub-path).
fn base_path() -> String {
    let base = document().base_uri().ok().flatten().unwrap_or_default();
    // base is absolute: scheme://host[:port]/path…
    let path = base
        .split_once("://")
        .and_then(|(_, rest)| rest.find('/').map(|i| rest[i..].to_string()))
        .unwrap_or_else(|| "/".into());
    let path = path.split(['?', '#']).next().unwrap_or("/");
    // Keep the directory part only.
    let dir = match path.rfind('/') {
        Some(i) => &path[..i],
        None => "",
    };
    dir.to_string()
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    // The registry, handed down to the frame, the quiz and the classroom.
    shell::install(Site {
        pages: ALL,
        lesson_button: |chapter| {
            view! { <crate::ui::classroom::AddToLesson chapter=chapter/> }.into_any()
        },
    });
    let lang = RwSignal::new(initial_lang());
    provide_context(LangCtx(lang));
    crate::ui::theme::provide_theme();
    // Effects talk to the outside world only: <html lang> and the stored choice.
    Effect::new(move |_| {
        let l = lang.get();
        if let Some(html) = document().document_element() {
            let _ = html.set_attribute("lang", l.tag());
        }
    });
    let base = base_path();
    provide_context(BasePath(base.clone()));
    view! {
        <Router base=base>
            <Header/>
            <main class="gx-main" id="main" tabindex="-1">
                <Routes fallback=NotFound>
                    <Route path=path!("/") view=Home/>
                    <Route path=path!("/classroom") view=registry::classroom_page/>
                    <Route path=path!("/:chapter") view=ChapterPage/>
                    <Route path=path!("/:chapter/") view=ChapterPage/>
                </Routes>
            </main>
            <Footer/>
        </Router>
    }
}

#[component]
fn Header() -> impl IntoView {
    // The header lives as long as the app, inside the router: the owner the next chapter is
    // warmed under (`shell::warm`).
    shell::keep_app_owner();
    let lang = use_lang();
    let switch = move |to: Lang| switch_lang(lang, to);
    view! {
        <header class="gx-header">
            <a class="gx-skip" href="#main" on:click=skip_to_main>{t(text::SKIP_TO_CONTENT)}</a>
            <A href=route_href("") attr:class="gx-brand">"warpscope"</A>
            <nav class="gx-nav" aria-label=t(text::NAV_CHAPTERS)>
                <ul>
                    {ALL
                        .iter()
                        .map(|c| {
                            view! {
                                <li>
                                    <A href=route_href(c.slug)>
                                        {c.number.map(|n| format!("{n} ")).unwrap_or_default()}
                                        {move || c.title.get(lang.get())}
                                    </A>
                                </li>
                            }
                        })
                        .collect_view()}
                    <li><A href=route_href("classroom")>{t(crate::ui::classroom::text::TITLE)}</A></li>
                </ul>
            </nav>
            <div class="gx-lang" role="group" aria-label=text::LANGUAGE_GROUP>
                <button
                    class="gx-lang__btn"
                    data-testid="lang-zh"
                    aria-pressed=move || (lang.get() == Lang::Zh).to_string()
                    on:click=move |_| switch(Lang::Zh)
                >
                    {text::CHINESE}
                </button>
                <button
                    class="gx-lang__btn"
                    data-testid="lang-en"
                    aria-pressed=move || (lang.get() == Lang::En).to_string()
                    on:click=move |_| switch(Lang::En)
                >
                    "English"
                </button>
            </div>
        </header>
    }
}

#[component]
fn Footer() -> impl IntoView {
    view! {
        <footer class="gx-footer l-body">
            <p>
                {t(text::FOOTER)}
            </p>
        </footer>
    }
}

/// One chapter's page, or a "being written" note, looked up by the `:chapter` segment.
#[component]
fn ChapterPage() -> impl IntoView {
    let params = use_params_map();
    let lang = use_lang();
    // The outside world: the tab title names the chapter.
    Effect::new(move |_| {
        let slug = params.read().get("chapter").unwrap_or_default();
        if let Some(c) = shell::by_slug(&slug) {
            document().set_title(&text::tab_title(c.title.get(lang.get()), lang.get()));
        }
    });
    move || {
        let slug = params.read().get("chapter").unwrap_or_default();
        match shell::by_slug(&slug) {
            Some(chapter) => match chapter.page {
                Some(page) => page(chapter),
                None => view! {
                    <div class="l-body gx-soon" data-testid="chapter-soon">
                        <h1>{move || chapter.title.get(lang.get())}</h1>
                        <p>{move || chapter.summary.get(lang.get())}</p>
                        <p>{t(text::CHAPTER_BEING_WRITTEN)}</p>
                    </div>
                }
                .into_any(),
            },
            None => view! { <NotFound/> }.into_any(),
        }
    }
}

/// The skip link moves the focus to `<main>` itself: `#main` resolves against `<base href>`
/// (the site's root), so following it would leave the page for the home page.
fn skip_to_main(ev: leptos::ev::MouseEvent) {
    ev.prevent_default();
    if let Some(main) = document().get_element_by_id("main") {
        use wasm_bindgen::JsCast;
        let _ = main.unchecked_into::<web_sys::HtmlElement>().focus();
    }
}

/// An unknown path: inside the app, and as `dist/404.html` (what static hosts serve for a
/// missing file): a message and every chapter.
#[component]
fn NotFound() -> impl IntoView {
    let lang = use_lang();
    view! {
        <div class="l-body" data-testid="not-found">
            <h1>{t(text::NOT_FOUND)}</h1>
            <p>{t(text::NOT_FOUND_HELP)}</p>
            <ol class="gx-not-found__chapters" data-testid="not-found-chapters">
                {ALL.iter().map(|c| {
                    let number = c.number.map(|n| format!("{n}. ")).unwrap_or_default();
                    view! { <li><A href=route_href(c.slug)>{move || format!("{number}{}", c.title.get(lang.get()))}</A></li> }
                }).collect_view()}
            </ol>
            <p>
                <A href=route_href("")>{t(text::BACK_TO_MAP)}</A>
            </p>
        </div>
    }
}
