//! A chapter's inputs, kept in the URL: the address bar is the state a link, Back, Forward or a
//! classroom step changes, and the chapter follows it.
//!
//! [`UrlInputs`] reads the router's query (so a navigation that changes only the query of the
//! chapter on screen is seen), lets controls edit the inputs locally with no latency, and writes
//! the edits back to the address bar:
//! - an edit (a slider, a typed number) replaces the current history entry once the inputs have
//!   rested for [`WRITE_INTERVAL_MS`]: never inside the frame that paints the edit (Chromium's
//!   `history.replaceState` took 2–8 ms of each slider tick's frame), never during a drag, and
//!   at most once per [`WRITE_INTERVAL_MS`] (browsers throttle history updates: 100 per 10 s in
//!   Safari);
//! - a navigation ([`UrlInputs::navigate`]: a preset, a step) pushes its own entry, so Back
//!   returns to the previous preset.
//!
//! No effect writes a signal: the inputs on screen are a memo over the router's query and the
//! local edit made on top of that query; a query the page did not write itself wins.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::NavigateOptions;

use crate::ui::i18n::{use_lang, Lang};
use crate::ui::url::Notice;

/// How long the inputs rest before the address bar is written, in milliseconds (so also the
/// minimum time between two writes).
pub const WRITE_INTERVAL_MS: f64 = 100.0;

/// A chapter's inputs as they travel in the URL.
pub trait ChapterInputs: Clone + PartialEq + Send + Sync + 'static {
    /// Reads a query string (with or without `?`, possibly with `lang=`): never panics; a value
    /// that cannot be honoured exactly falls back and leaves a [`Notice`].
    fn from_query(query: &str) -> (Self, Vec<Notice>);
    /// The query string for these inputs (no `?`, only non-default values, no `lang`).
    fn to_query(&self) -> String;
}

/// The query without its `lang=` pairs (the language is global, not a chapter input).
pub fn without_lang(query: &str) -> String {
    crate::ui::url::query::without(query, "lang")
}

/// The notice for the query's `lang` (the last one), when the site has no such language.
fn lang_notices(query: &str) -> Vec<Notice> {
    crate::ui::url::query::value(query, "lang")
        .and_then(|v| crate::ui::url::lang_notice(&v))
        .into_iter()
        .collect()
}

/// The notices of a router query (with its `lang`): the chapter's, then the language's.
fn notices_of_search(
    search: &str,
    chapter_notices: impl FnOnce(&str) -> Vec<Notice>,
) -> Vec<Notice> {
    let mut notices = chapter_notices(&without_lang(search));
    notices.extend(lang_notices(search));
    notices
}

/// Whether two router paths name the same page (`/quiz` and `/quiz/` do: the static host
/// serves a route's page from its folder).
fn same_page(a: &str, b: &str) -> bool {
    a.trim_end_matches('/') == b.trim_end_matches('/')
}

/// The router's navigation function.
type Navigate = Rc<dyn Fn(&str, NavigateOptions)>;

/// What the page last wrote to the address bar.
#[derive(Clone, Debug, Default)]
struct Written {
    /// The chapter query written (no `lang`).
    query: String,
    /// The notices of the query it replaced.
    notices: Vec<Notice>,
}

/// A local edit: the inputs, and the chapter query they were edited on top of.
#[derive(Clone, PartialEq)]
struct Edit<I> {
    base: String,
    inputs: I,
}

/// A chapter's inputs, following the URL. `Copy`: closures capture it freely.
pub struct UrlInputs<I: ChapterInputs> {
    /// The router's query, without `lang`.
    query: Memo<String>,
    /// The last edit, if one was made on top of the current query.
    edit: RwSignal<Option<Edit<I>>>,
    /// The query this page last wrote itself (a write is not a navigation), and the notices
    /// of the navigation it replaced (they stay on screen).
    written: StoredValue<Written>,
    /// The inputs on screen.
    current: Memo<I>,
    /// Notices from reading the last navigated-to query.
    notices: Memo<Vec<Notice>>,
    /// The page language (part of every URL written).
    lang: RwSignal<Lang>,
    /// The router's navigation, captured where the router context is known.
    navigate: StoredValue<Option<Navigate>, LocalStorage>,
    /// Where edits go instead of the address bar, for inputs bound to another owner's query
    /// ([`UrlInputs::bound`]).
    sink: Option<Callback<QueryWrite>>,
}

/// A change a chapter asks of a query it does not own ([`UrlInputs::bound`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryWrite {
    /// The chapter's new query (no `?`, no `lang`).
    pub query: String,
    /// True for a navigation (a preset): the owner may keep it as its own step in history.
    pub push: bool,
}

impl<I: ChapterInputs> Clone for UrlInputs<I> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<I: ChapterInputs> Copy for UrlInputs<I> {}

impl<I: ChapterInputs> UrlInputs<I> {
    /// Inputs read from the router's current query, written back as they change. Call inside
    /// the router (the chapter shell does).
    pub fn from_router() -> Self {
        let location = use_location();
        let search = location.search;
        let query = Memo::new(move |_| search.with(|s| without_lang(s)));
        let parsed = Memo::new(move |_| query.with(|q| I::from_query(q)));
        let edit: RwSignal<Option<Edit<I>>> = RwSignal::new(None);
        let written = StoredValue::new(Written::default());
        let current = Memo::new(move |_| {
            let q = query.get();
            let own = written.with_value(|w| w.query == q);
            edit.with(|e| match e {
                Some(e) if e.base == q || own => e.inputs.clone(),
                _ => parsed.with(|p| p.0.clone()),
            })
        });
        // A query this page wrote keeps the notices of the navigation it replaced (recorded at
        // the write: the write can come before this memo ever read the navigation's query).
        let notices = Memo::new(move |_| {
            let q = query.get();
            written
                .with_value(|w| (w.query == q).then(|| w.notices.clone()))
                .unwrap_or_else(|| {
                    search.with(|s| notices_of_search(s, |_| parsed.with(|p| p.1.clone())))
                })
        });
        let navigate = use_navigate();
        let this = UrlInputs {
            query,
            edit,
            written,
            current,
            notices,
            lang: use_lang(),
            navigate: StoredValue::new_local(Some(Rc::new(navigate) as Navigate)),
            sink: None,
        };
        // A chapter built off the page (warming its code, `super::warm`) shows the query of the
        // page on screen and must never write it.
        if use_context::<super::warm::WarmBuild>().is_none() {
            let own_path = location.pathname.get_untracked();
            this.write_back(own_path, location.pathname, location.search);
        }
        this
    }

    /// Inputs with no URL behind them (reactive-state tests, previews): edits and navigations
    /// both just set them.
    pub fn detached(inputs: I) -> Self {
        let query = Memo::new(|_| String::new());
        let edit = RwSignal::new(Some(Edit {
            base: String::new(),
            inputs,
        }));
        let current = Memo::new(move |_| {
            edit.with(|e| e.as_ref().map(|e| e.inputs.clone()))
                .unwrap_or_else(|| I::from_query("").0)
        });
        UrlInputs {
            query,
            edit,
            written: StoredValue::new(Written::default()),
            current,
            notices: Memo::new(|_| Vec::new()),
            lang: use_lang(),
            navigate: StoredValue::new_local(None),
            sink: None,
        }
    }

    /// Inputs that follow `query`, owned by someone else (a classroom step, a presenter
    /// window): the chapter shows what `query` says, and every edit or navigation is handed to
    /// `sink` as a new query, which the owner applies (or not) to `query`.
    pub fn bound(query: Signal<String>, sink: Callback<QueryWrite>) -> Self {
        let query = Memo::new(move |_| query.with(|q| without_lang(q)));
        let parsed = Memo::new(move |_| query.with(|q| I::from_query(q)));
        UrlInputs {
            query,
            edit: RwSignal::new(None),
            written: StoredValue::new(Written::default()),
            current: Memo::new(move |_| parsed.with(|p| p.0.clone())),
            notices: Memo::new(move |_| parsed.with(|p| p.1.clone())),
            lang: use_lang(),
            navigate: StoredValue::new_local(None),
            sink: Some(sink),
        }
    }

    /// The effect that keeps the address bar equal to the inputs: see [`write_back`]. Only
    /// reading the inputs is generic; the rest is one copy for every chapter.
    fn write_back(self, own_path: String, pathname: Memo<String>, search: Memo<String>) {
        let Some(navigate) = self.navigate.get_value() else {
            return;
        };
        let current = self.current;
        write_back(WriteBack {
            own_path,
            pathname,
            search,
            lang: self.lang,
            written: self.written,
            navigate,
            query_now: Rc::new(move || current.try_with_untracked(|i| i.to_query())),
            track: Rc::new(move || current.track()),
            notices_of: |q| I::from_query(q).1,
        });
    }

    /// The inputs on screen, tracked.
    pub fn get(&self) -> I {
        self.current.get()
    }

    /// The inputs on screen, untracked.
    pub fn get_untracked(&self) -> I {
        self.current.get_untracked()
    }

    /// Reads the inputs by reference, tracked.
    pub fn with<T>(&self, f: impl FnOnce(&I) -> T) -> T {
        self.current.with(f)
    }

    /// Reads the inputs by reference, untracked.
    pub fn with_untracked<T>(&self, f: impl FnOnce(&I) -> T) -> T {
        self.current.with_untracked(f)
    }

    /// One part of the inputs (a field, a few fields), as a memo: what reads it re-runs only
    /// when that part changes, not at every edit of another input (a slider tick of a chapter
    /// otherwise re-checks every reader of the inputs).
    pub fn part<T>(&self, part: impl Fn(&I) -> T + Send + Sync + 'static) -> Memo<T>
    where
        T: PartialEq + Send + Sync + 'static,
    {
        let current = self.current;
        Memo::new(move |_| current.with(&part))
    }

    /// `f` of the inputs, computed again only when `key` of the inputs changes (`f` reads
    /// nothing but what `key` returns, so the value is the same as `f` at every edit).
    pub fn keyed<K, T>(
        &self,
        key: impl Fn(&I) -> K + Send + Sync + 'static,
        f: impl Fn(&I) -> T + Send + Sync + 'static,
    ) -> Memo<T>
    where
        K: PartialEq + Send + Sync + 'static,
        T: PartialEq + Send + Sync + 'static,
    {
        let key = self.part(key);
        let current = self.current;
        Memo::new(move |_| {
            // Read (not only tracked), so that the key memo runs and follows the inputs.
            key.with(|_| ());
            current.with_untracked(&f)
        })
    }

    /// An edit (slider, typed value): shown at once; replaces the current history entry.
    pub fn set(&self, inputs: I) {
        if let Some(sink) = self.sink {
            sink.run(QueryWrite {
                query: inputs.to_query(),
                push: false,
            });
            return;
        }
        let base = self.query.get_untracked();
        self.edit.set(Some(Edit { base, inputs }));
    }

    /// An edit of some fields: see [`Self::set`].
    pub fn update(&self, f: impl FnOnce(&mut I)) {
        let mut inputs = self.get_untracked();
        f(&mut inputs);
        self.set(inputs);
    }

    /// A navigation (a preset, a step): its own history entry, so Back returns here.
    pub fn navigate(&self, inputs: I) {
        let query = inputs.to_query();
        if let Some(sink) = self.sink {
            sink.run(QueryWrite { query, push: true });
            return;
        }
        let edit = self.edit;
        if !push_query(self.navigate, self.written, self.lang, &query, &move || {
            edit.set(None)
        }) {
            // Detached: no address bar to push to.
            self.set(inputs);
        }
    }

    /// A navigation that changes some fields: see [`Self::navigate`].
    pub fn navigate_update(&self, f: impl FnOnce(&mut I)) {
        let mut inputs = self.get_untracked();
        f(&mut inputs);
        self.navigate(inputs);
    }

    /// What reading the last link could not honour exactly.
    pub fn notices(&self) -> Memo<Vec<Notice>> {
        self.notices
    }

    /// The current page URL (path, query, `lang`), for the permalink link.
    pub fn permalink(&self) -> Memo<String> {
        let (lang, current) = (self.lang, self.current);
        let path = use_location().pathname;
        Memo::new(move |_| path.with(|p| href(p, &current.with(|i| i.to_query()), lang.get())))
    }
}

/// What [`write_back`] needs of a chapter's [`UrlInputs`], with the inputs' type erased.
struct WriteBack {
    /// The page the chapter is on.
    own_path: String,
    /// The router's path and query.
    pathname: Memo<String>,
    search: Memo<String>,
    lang: RwSignal<Lang>,
    written: StoredValue<Written>,
    navigate: Navigate,
    /// The query of the inputs on screen, untracked; `None` once the chapter is gone.
    query_now: Rc<dyn Fn() -> Option<String>>,
    /// Tracks the inputs on screen.
    track: Rc<dyn Fn()>,
    /// The notices of reading a chapter query.
    notices_of: fn(&str) -> Vec<Notice>,
}

/// The effect that keeps the address bar equal to the inputs (and the language). A write
/// waits while the router is still completing a navigation (its URL differs from the address
/// bar's: writing then would replace the entry the navigation is about to leave), and until
/// the inputs have not changed for [`WRITE_INTERVAL_MS`]: it comes from a timer, after the
/// frame that paints the change. Once the router is on another page than
/// `own_path` (Back from this chapter to the page before it), the chapter never writes
/// again: its inputs read from the other page's query are not that page's state.
fn write_back(wb: WriteBack) {
    let WriteBack {
        own_path,
        pathname,
        search,
        lang,
        written,
        navigate,
        query_now,
        track,
        notices_of,
    } = wb;
    let last_change_ms = Rc::new(Cell::new(f64::NEG_INFINITY));
    let timer: Rc<Cell<Option<IntervalHandle>>> = Rc::new(Cell::new(None));
    // Ok(true): done (written, or nothing to write); Ok(false): try again later;
    // Err(()): the chapter is gone.
    let attempt = {
        let last_change_ms = Rc::clone(&last_change_ms);
        move || -> Result<bool, ()> {
            let (Some(path), Some(search), Some(lang)) = (
                pathname.try_get_untracked(),
                search.try_get_untracked(),
                lang.try_get_untracked(),
            ) else {
                return Err(());
            };
            if !same_page(&path, &own_path) {
                return Err(()); // the router left this chapter's page
            }
            let bar = window().location();
            let bar_path = bar.pathname().unwrap_or_default();
            let bar_search = bar.search().unwrap_or_default();
            let router_search = if search.is_empty() {
                String::new()
            } else {
                format!("?{search}")
            };
            if bar_path != path || bar_search != router_search {
                return Ok(false);
            }
            if crate::ui::widgets::monotonic_ms() - last_change_ms.get() < WRITE_INTERVAL_MS {
                return Ok(false); // still moving
            }
            // Serialised only once the inputs rest (not at every timer tick of a drag).
            let Some(q) = query_now() else {
                return Err(());
            };
            let href = href(&path, &q, lang);
            if format!("{bar_path}{bar_search}") == href {
                return Ok(true);
            }
            // The notices to keep: those of the navigation this write replaces.
            let replaced = without_lang(&search);
            let notices = written
                .with_value(|w| (w.query == replaced).then(|| w.notices.clone()))
                .unwrap_or_else(|| notices_of_search(&search, notices_of));
            written.set_value(Written { query: q, notices });
            // The fragment (a glossary entry, `/glossary#sector`) is no input: it stays.
            let fragment = bar.hash().unwrap_or_default();
            navigate(
                &format!("{href}{fragment}"),
                NavigateOptions {
                    replace: true,
                    scroll: false,
                    resolve: false,
                    ..Default::default()
                },
            );
            Ok(true)
        }
    };
    let stop = {
        let timer = Rc::clone(&timer);
        move || {
            if let Some(h) = timer.take() {
                h.clear();
            }
        }
    };
    Effect::new(move |_| {
        track();
        lang.track();
        search.track();
        last_change_ms.set(crate::ui::widgets::monotonic_ms());
        if timer.get().is_some() {
            return; // the running timer writes the latest inputs
        }
        let tick = {
            let attempt = attempt.clone();
            let stop = stop.clone();
            move || {
                // Written, nothing to write, or the chapter was left: the timer ends.
                if attempt() != Ok(false) {
                    stop();
                }
            }
        };
        let every = std::time::Duration::from_millis(WRITE_INTERVAL_MS as u64 / 2);
        if let Ok(h) = set_interval_with_handle(tick, every) {
            timer.set(Some(h));
        }
    });
}

/// Pushes `query` (a chapter's navigation) as a new history entry of the current page, after
/// `clear_edit`. False when there is no router to push to (detached inputs).
fn push_query(
    navigate: StoredValue<Option<Navigate>, LocalStorage>,
    written: StoredValue<Written>,
    lang: RwSignal<Lang>,
    query: &str,
    clear_edit: &dyn Fn(),
) -> bool {
    let Some(navigate) = navigate.get_value() else {
        return false;
    };
    let Some(path) = window().location().pathname().ok() else {
        return true;
    };
    let href = href(&path, query, lang.get_untracked());
    clear_edit();
    written.set_value(Written::default());
    navigate(
        &href,
        NavigateOptions {
            scroll: false,
            resolve: false,
            ..Default::default()
        },
    );
    true
}

/// `path?query&lang=xx`.
fn href(path: &str, query: &str, lang: Lang) -> String {
    let lang = lang.param();
    if query.is_empty() {
        format!("{path}?lang={lang}")
    } else {
        format!("{path}?{query}&lang={lang}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lang_is_not_a_chapter_input() {
        assert_eq!(without_lang("?a=1&lang=zh&b=2"), "a=1&b=2");
        assert_eq!(without_lang("lang=en"), "");
        assert_eq!(without_lang(""), "");
        assert_eq!(without_lang("language=x"), "language=x");
    }

    #[test]
    fn a_language_the_site_does_not_have_is_a_notice() {
        let none = |_: &str| Vec::new();
        assert_eq!(notices_of_search("a=1&lang=zh", none), vec![]);
        assert_eq!(notices_of_search("lang=zh-CN&lang=EN", none), vec![]);
        assert_eq!(
            notices_of_search("lang=fr&a=1", none),
            vec![Notice::Unparsable {
                key: "lang".into(),
                value: "fr".into()
            }]
        );
        // The chapter reads its query without `lang`.
        let seen = |q: &str| {
            assert_eq!(q, "a=1");
            Vec::new()
        };
        assert_eq!(notices_of_search("a=1&lang=en", seen), vec![]);
    }

    #[test]
    fn a_trailing_slash_names_the_same_page() {
        assert!(same_page("/warpscope/quiz", "/warpscope/quiz/"));
        assert!(same_page("/warpscope/quiz/", "/warpscope/quiz/"));
        assert!(!same_page("/warpscope/quiz", "/warpscope/divergence"));
    }
}
