//! Prose with links to the glossary at a term's first use.
//!
//! A text module marks a term where a page first uses it: `[[sector]]` shows "sector" and
//! links to `glossary#sector`; `[[sectors|sector]]` shows "sectors" and links to the same
//! entry; in Chinese `[[合并访存|coalescing]]`. [`TermText`] renders such a text as text nodes
//! and links (never as markup: the text is not parsed as HTML), in the current language. The
//! slugs are those of `ui::content::glossary` (its tests check every marker of every text
//! module against it, and that both languages of a pair link the same terms).

use leptos::prelude::*;

use crate::ui::i18n::{use_lang, Tr};

/// A piece of a marked text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermSpan<'a> {
    /// Plain text.
    Text(&'a str),
    /// A term: the words shown and the glossary entry they link to.
    Term {
        /// What the reader sees.
        shown: &'a str,
        /// The glossary entry's slug (its anchor id).
        slug: &'a str,
    },
}

/// Splits `text` at its `[[shown|slug]]` / `[[slug]]` markers. An unclosed or empty marker is
/// left as text.
pub fn term_spans(text: &str) -> Vec<TermSpan<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("[[") {
        let Some(len) = rest[open + 2..].find("]]") else {
            break;
        };
        let inner = &rest[open + 2..open + 2 + len];
        let (shown, slug) = inner.split_once('|').unwrap_or((inner, inner));
        if shown.is_empty() || slug.is_empty() || inner.contains("[[") {
            // Not a marker: keep "[[" as text and look further on.
            out.push(TermSpan::Text(&rest[..open + 2]));
            rest = &rest[open + 2..];
            continue;
        }
        if open > 0 {
            out.push(TermSpan::Text(&rest[..open]));
        }
        out.push(TermSpan::Term { shown, slug });
        rest = &rest[open + 2 + len + 2..];
    }
    if !rest.is_empty() {
        out.push(TermSpan::Text(rest));
    }
    out
}

/// `text` without its markers: what a reader sees, for places that cannot hold links
/// (a tab title, an `aria-label`).
pub fn term_plain(text: &str) -> String {
    term_spans(text)
        .into_iter()
        .map(|s| match s {
            TermSpan::Text(t) => t,
            TermSpan::Term { shown, .. } => shown,
        })
        .collect()
}

/// `text` in the current language, its marked terms as links to `glossary#slug`.
#[component]
pub fn TermText(
    /// The text, with `[[…]]` markers.
    text: Tr,
    /// The glossary page's link (the shell's `route_href("glossary")`).
    glossary: String,
) -> impl IntoView {
    let lang = use_lang();
    move || {
        term_spans(text.get(lang.get()))
            .into_iter()
            .map(|span| match span {
                TermSpan::Text(t) => t.into_any(),
                TermSpan::Term { shown, slug } => view! {
                    <a class="gx-term" href=format!("{glossary}#{slug}")>{shown}</a>
                }
                .into_any(),
            })
            .collect_view()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TermSpan::{Term, Text};

    #[test]
    fn markers_become_terms_and_the_rest_stays_text() {
        assert_eq!(
            term_spans("a [[sector]] of [[cache lines|cache-line]]."),
            [
                Text("a "),
                Term {
                    shown: "sector",
                    slug: "sector"
                },
                Text(" of "),
                Term {
                    shown: "cache lines",
                    slug: "cache-line"
                },
                Text("."),
            ]
        );
        assert_eq!(
            term_spans("[[合并访存|coalescing]]：32 个 [[lane]]"),
            [
                Term {
                    shown: "合并访存",
                    slug: "coalescing"
                },
                Text("：32 个 "),
                Term {
                    shown: "lane",
                    slug: "lane"
                },
            ]
        );
        assert_eq!(term_spans(""), []);
        assert_eq!(term_spans("plain"), [Text("plain")]);
    }

    #[test]
    fn malformed_markers_stay_text() {
        for s in ["a [[b", "x[[]]y", "[[|s]]", "[[s|]]", "a [[b [[c]]"] {
            let joined: String = term_spans(s)
                .iter()
                .map(|p| match p {
                    Text(t) => t.to_string(),
                    Term { shown, slug } => format!("<{shown}|{slug}>"),
                })
                .collect();
            let want = if s == "a [[b [[c]]" { "a [[b <c|c>" } else { s };
            assert_eq!(joined, want, "{s}");
        }
        assert_eq!(
            term_plain("the [[sectors|sector]] and [[lane]]"),
            "the sectors and lane"
        );
    }
}
