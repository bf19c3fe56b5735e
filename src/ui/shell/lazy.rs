//! Lazy chapters: every registry entry's body is a split point, so the main module holds the
//! app shell, the router, the home page and the chapter list, and each chapter's code arrives
//! (as its own wasm module plus the chunks it shares with others) only when it is opened.
//!
//! [`lazy_page!`](crate::ui::shell::lazy_page) and [`lazy_embed!`](crate::ui::shell::lazy_embed)
//! turn a chapter module into the registry's `page` and `embed` functions. Both put their code
//! in the split module named after the chapter's module, so the page and the classroom's embed
//! of one chapter load one module. The split itself is done after the build by the splitter
//! (`xtask split`, see `scripts/split.sh`); on native targets (tests) the calls are direct.
//!
//! While a module loads, the chapter's place shows an empty, `aria-busy` placeholder; hovering
//! or focusing a chapter link fetches its module ahead (`assets/start.js`).
//!
//! A chapter's route page may carry its first screen prerendered at build time
//! (`scripts/prerender.mjs`: the default inputs, English, a wide screen), shown while the
//! modules load and the app's own nodes are kept invisible behind it (`style/layout.css`,
//! `[data-ws-pre]`). It is removed when the first chapter view is mounted, in the same task,
//! so no frame shows both or neither.

use leptos::prelude::*;

/// The chapter view `load` resolves to, shown once its module is loaded.
pub fn suspended<F>(load: F) -> AnyView
where
    F: std::future::Future<Output = AnyView> + Send + 'static,
{
    view! {
        <Suspense fallback=loading>
            {Suspend::new(async move {
                let chapter = load.await;
                // Runs once the chapter view is built and mounted, before the next paint.
                Effect::new(|_| dismiss_prerender());
                chapter
            })}
        </Suspense>
    }
    .into_any()
}

/// The place of code still loading (a chapter's module, or its later parts'): empty and
/// `aria-busy`; the classroom's fit waits until none is left.
pub(super) fn loading() -> AnyView {
    view! { <div class="gx-chapter-loading" aria-busy="true" data-testid="chapter-loading"></div> }
        .into_any()
}

/// Removes the prerendered first screen of the route page (`[data-ws-pre]` elements), if any:
/// the app's chapter is on screen now. Does nothing on pages without one.
fn dismiss_prerender() {
    let Some(found) = window()
        .document()
        .and_then(|d| d.query_selector_all("[data-ws-pre]").ok())
    else {
        return;
    };
    for i in 0..found.length() {
        if let Some(node) = found.item(i) {
            if let Some(parent) = node.parent_node() {
                let _ = parent.remove_child(&node);
            }
        }
    }
}

/// The registry's `page` for chapter module `$m` (which has a `Page: ChapterBody`): the whole
/// chapter page ([`crate::ui::shell::frame`]), loaded lazily from split module `$m`.
macro_rules! lazy_page {
    ($m:ident) => {{
        #[::leptos::wasm_split::wasm_split($m, wasm_split_path = ::leptos::wasm_split)]
        fn page(chapter: &'static $crate::ui::shell::Chapter) -> ::leptos::prelude::AnyView {
            $crate::ui::shell::frame::<$m::Page>(chapter)
        }
        fn page_now(chapter: &'static $crate::ui::shell::Chapter) -> ::leptos::prelude::AnyView {
            $crate::ui::shell::suspended(page(chapter))
        }
        page_now as fn(&'static $crate::ui::shell::Chapter) -> ::leptos::prelude::AnyView
    }};
}

/// The registry's `embed` for chapter module `$m`: the body alone
/// ([`crate::ui::shell::embed`]), loaded lazily from the same split module as its page.
macro_rules! lazy_embed {
    ($m:ident) => {{
        #[::leptos::wasm_split::wasm_split($m, wasm_split_path = ::leptos::wasm_split)]
        fn embed(
            query: ::leptos::prelude::Signal<String>,
            sink: ::leptos::prelude::Callback<$crate::ui::shell::QueryWrite>,
        ) -> ::leptos::prelude::AnyView {
            $crate::ui::shell::embed::<$m::Page>(query, sink)
        }
        fn embed_now(
            query: ::leptos::prelude::Signal<String>,
            sink: ::leptos::prelude::Callback<$crate::ui::shell::QueryWrite>,
        ) -> ::leptos::prelude::AnyView {
            $crate::ui::shell::suspended(embed(query, sink))
        }
        embed_now as $crate::ui::shell::EmbedFn
    }};
}

/// A chapter module's `Page` (its [`ChapterBody`](crate::ui::shell::ChapterBody)) and its later
/// module, in one place:
///
/// ```ignore
/// chapter_body! {
///     inputs: state::OccInputs,
///     state: OccState,
///     intro: text::INTRO,
///     questions: OCCUPANCY,
///     first: |state| { /* the figure and its controls */ },
///     later(occupancy_later): { /* the parts after them */ },
/// }
/// ```
///
/// The chapter's state is built from the inputs (`<state>::new(inputs)`) and provided as context
/// for every view of the chapter; `first` gets it as `|state|`. `first` is what a link paints
/// first (the chapter's first answer); `later` is built after the first paint, a part per turn,
/// from split module `later(<chapter>_later)`, which a link's critical path does not carry
/// ([`after_first_paint_split`](crate::ui::shell::after_first_paint_split)). `questions` names
/// one of [`crate::ui::content::questions`]'s per-chapter lists.
macro_rules! chapter_body {
    (
        inputs: $inputs:ty,
        state: $state:ty,
        intro: $intro:expr,
        questions: $questions:ident,
        first: |$arg:ident| $first:block,
        later($later:ident): $rest:block $(,)?
    ) => {
        /// The chapter's body inside the shell's frame.
        pub struct Page;

        impl $crate::ui::shell::ChapterBody for Page {
            type Inputs = $inputs;
            const INTRO: &'static [$crate::ui::i18n::Tr] = &$intro;
            const QUESTIONS: &'static [&'static $crate::ui::content::questions::BankQuestion] =
                $crate::ui::content::questions::$questions;

            fn body(
                inputs: $crate::ui::shell::UrlInputs<Self::Inputs>,
            ) -> ::leptos::prelude::AnyView {
                let $arg = <$state>::new(inputs);
                ::leptos::prelude::provide_context($arg);
                let first = ::leptos::prelude::IntoAny::into_any($first);
                let later =
                    $crate::ui::shell::after_first_paint_split(|| ::std::boxed::Box::pin(later()));
                ::leptos::prelude::IntoAny::into_any((first, later))
            }
        }

        /// The parts after the chapter's first answer, in its later module (fetched after the
        /// first paint: shell `staged`).
        #[::leptos::wasm_split::wasm_split($later, wasm_split_path = ::leptos::wasm_split)]
        fn later() -> ::leptos::prelude::AnyView {
            ::leptos::prelude::IntoAny::into_any($rest)
        }
    };
}

pub(crate) use {chapter_body, lazy_embed, lazy_page};
