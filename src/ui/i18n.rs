//! Two languages, English and Simplified Chinese (zh-CN), with every string a compile-time pair.
//!
//! A [`Tr`] holds both texts, so a string that exists in only one language does not compile.
//! The seeds' Chinese terms (占用率, 合并访存, 算术强度, 拐点 …) are the reference vocabulary.
//! The language defaults to the browser's (`navigator.language` starting with "zh") and is
//! remembered in `localStorage` under [`STORAGE_KEY`].

use leptos::prelude::*;

/// `localStorage` key of the chosen language.
pub const STORAGE_KEY: &str = "warpscope.lang";

/// A language the site is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// The value of the `lang` URL parameter: "en" or "zh".
    pub fn param(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// BCP 47 tag for `<html lang>`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// Parses a stored or browser language tag; anything starting with "zh" is Chinese.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }
}

/// One user-visible string in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tr {
    /// English text.
    pub en: &'static str,
    /// Simplified Chinese text.
    pub zh: &'static str,
}

impl Tr {
    /// The text in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Zh => self.zh,
        }
    }
}

/// Builds a [`Tr`]: `tr("Occupancy", "占用率")`.
pub const fn tr(en: &'static str, zh: &'static str) -> Tr {
    Tr { en, zh }
}

/// The app-wide language signal, provided by the app shell.
#[derive(Clone, Copy)]
pub struct LangCtx(pub RwSignal<Lang>);

/// The current language signal (English if no app shell provided one, e.g. in a unit test).
pub fn use_lang() -> RwSignal<Lang> {
    use_context::<LangCtx>()
        .map(|c| c.0)
        .unwrap_or_else(|| RwSignal::new(Lang::En))
}

/// A reactive closure yielding `text` in the current language, for `view!`.
pub fn t(text: Tr) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || text.get(lang.get())
}

/// A sentence with arguments, in one language: both templates name the arguments, and each
/// argument is written once after them (`name = value`). Expands to a `match` over the two
/// `format!` calls, so it costs nothing at run time beyond the one format.
///
/// ```
/// use warpscope::{trf, ui::i18n::Lang};
/// let blocks = 4;
/// assert_eq!(trf!(Lang::En, "{n} blocks per SM", "每个 SM {n} 个 block", n = blocks), "4 blocks per SM");
/// assert_eq!(trf!(Lang::Zh, "{n} blocks per SM", "每个 SM {n} 个 block", n = blocks), "每个 SM 4 个 block");
/// ```
#[macro_export]
macro_rules! trf {
    ($lang:expr, $en:literal, $zh:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        // `n = n` is the usual call: the binding is not redundant where the value is an expression.
        $(#[allow(clippy::redundant_locals)] let $name = $value;)*
        match $lang {
            $crate::ui::i18n::Lang::En => format!($en),
            $crate::ui::i18n::Lang::Zh => format!($zh),
        }
    }};
}

/// Two sentences one after the other: a space between them in English, none in Chinese (a
/// full stop “。” already separates them).
pub fn sentences(lang: Lang, first: &str, second: &str) -> String {
    match lang {
        Lang::En => format!("{first} {second}"),
        Lang::Zh => format!("{first}{second}"),
    }
}

/// Reactive choice between two formatted strings (for text with numbers in it).
pub fn pick(lang: Lang, en: String, zh: String) -> String {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// The language to start with, as the page's inline check decided it before the first paint
/// (`assets/precheck.js`: the link's `lang`, else the stored choice, else the browser's) and wrote
/// to `<html data-start-lang>`: one rule for the page, its loader and the app. English where the
/// page has no such attribute (a page built without the check).
pub fn initial_lang() -> Lang {
    document()
        .document_element()
        .and_then(|e| e.get_attribute("data-start-lang"))
        .map_or(Lang::En, |tag| Lang::from_tag(&tag))
}

/// Switches the app to `to` and remembers the choice: what the language buttons do. Both
/// languages' text is in the wasm (every [`Tr`]), so the switch is immediate.
pub fn switch_lang(lang: RwSignal<Lang>, to: Lang) {
    lang.set(to);
    store_lang(to);
}

/// Remembers the chosen language (ignored if storage is unavailable, e.g. private mode).
pub fn store_lang(lang: Lang) {
    if let Ok(Some(storage)) = window().local_storage() {
        let _ = storage.set_item(STORAGE_KEY, lang.tag());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_parse() {
        assert_eq!(Lang::from_tag("zh-CN"), Lang::Zh);
        assert_eq!(Lang::from_tag("zh-TW"), Lang::Zh);
        assert_eq!(Lang::from_tag("en-US"), Lang::En);
        assert_eq!(Lang::from_tag(""), Lang::En);
        assert_eq!(tr("a", "甲").get(Lang::Zh), "甲");
    }
}
