//! The chapter's read-only blocks (the launch's tables, the selection readouts, the layers
//! section) as one string of markup each, set as their element's `innerHTML`: no buttons or
//! inputs inside, so nothing is lost, and one view function draws them all (a typed view tree per
//! table cost ~0.1 KB of wasm per cell, mostly code unique to the cell). Text is escaped.

use leptos::prelude::*;

use crate::ui::i18n::{Lang, Tr};

/// Markup under construction.
#[derive(Default)]
pub struct Html(String);

impl Html {
    /// Empty markup.
    pub fn new() -> Html {
        Html(String::with_capacity(2048))
    }

    /// Markup written in this chapter's code (tags and attributes; never data).
    pub fn raw(&mut self, markup: &str) -> &mut Html {
        self.0.push_str(markup);
        self
    }

    /// Text, escaped (`&`, `<`, `>`, `"`).
    pub fn text(&mut self, text: &str) -> &mut Html {
        for c in text.chars() {
            match c {
                '&' => self.0.push_str("&amp;"),
                '<' => self.0.push_str("&lt;"),
                '>' => self.0.push_str("&gt;"),
                '"' => self.0.push_str("&quot;"),
                c => self.0.push(c),
            }
        }
        self
    }

    /// `open`, then `text` escaped, then `close`.
    pub fn el(&mut self, open: &str, text: &str, close: &str) -> &mut Html {
        self.raw(open).text(text).raw(close)
    }

    /// A table's header row: `<thead><tr>` with one `<th scope="col">` per column.
    pub fn head(&mut self, cols: &[Tr], lang: Lang) -> &mut Html {
        self.raw("<thead><tr>");
        for c in cols {
            self.el("<th scope=\"col\">", c.get(lang), "</th>");
        }
        self.raw("</tr></thead>")
    }

    /// A body row: `head` in `<th scope="row">`, then one `<td>` per cell; cell `testid.0`
    /// carries `data-testid=testid.1`.
    pub fn row(&mut self, head: &str, cells: &[&str], testid: Option<(usize, &str)>) -> &mut Html {
        self.el("<tr><th scope=\"row\">", head, "</th>");
        for (k, c) in cells.iter().enumerate() {
            match testid {
                Some((at, id)) if at == k => self.el("<td data-testid=\"", id, "\">"),
                _ => self.raw("<td>"),
            };
            self.el("", c, "</td>");
        }
        self.raw("</tr>")
    }

    /// `<div class="gx-table-scroll"><table class=class data-testid=testid>`: close with
    /// [`Html::table_end`].
    pub fn table(&mut self, class: &str, testid: Option<&str>) -> &mut Html {
        self.el(
            "<div class=\"gx-table-scroll\"><table class=\"",
            class,
            "\"",
        );
        if let Some(id) = testid {
            self.el(" data-testid=\"", id, "\"");
        }
        self.raw(">")
    }

    /// Closes [`Html::table`].
    pub fn table_end(&mut self) -> &mut Html {
        self.raw("</table></div>")
    }

    /// The markup.
    pub fn finish(self) -> String {
        self.0
    }
}

/// `<div class=class data-testid=testid>` holding the markup `html` returns (tracked: the block
/// is rewritten when what it reads changes).
#[inline(never)]
pub fn html_div(
    class: &'static str,
    testid: Option<&'static str>,
    html: Signal<String>,
) -> AnyView {
    view! { <div class=class data-testid=testid inner_html=move || html.get()></div> }.into_any()
}

/// [`html_div`] as a `<section>`.
#[inline(never)]
pub fn html_section(
    class: &'static str,
    testid: Option<&'static str>,
    html: Signal<String>,
) -> AnyView {
    view! { <section class=class data-testid=testid inner_html=move || html.get()></section> }
        .into_any()
}

#[cfg(test)]
mod tests {
    use super::Html;

    #[test]
    fn text_is_escaped_and_rows_carry_their_testid() {
        let mut h = Html::new();
        h.el("<p>", "i < 16 && \"x\" > 0", "</p>");
        h.row("A100", &["1", "2"], Some((1, "t")));
        assert_eq!(
            h.finish(),
            "<p>i &lt; 16 &amp;&amp; &quot;x&quot; &gt; 0</p>\
             <tr><th scope=\"row\">A100</th><td>1</td><td data-testid=\"t\">2</td></tr>"
        );
    }
}
