//! Read-only blocks (tables of numbers, readouts, listings, static SVG grids) described as a
//! flat list of element, attribute and text operations and built into the DOM by one function
//! of the page (`__wsMarkup`, `assets/start.js`) in one call: one copy of the building code for
//! every block of the app, instead of a typed view tree per table (about 0.1 KB of wasm per
//! cell, mostly code unique to the cell).
//!
//! Nothing is parsed: tags and attribute names are `&'static str` written in the program, and
//! every value and text goes in through `setAttribute` and text nodes, so text from a permalink
//! or a text field shows as text whatever it holds (no `innerHTML`, no markup strings). A block
//! follows its description: a new one of the same shape (a slider tick) rewrites only the
//! attributes and texts that changed; any other is built anew, replacing every node. So keep
//! inputs out of blocks; buttons may be in one whose shape does not change with what they do
//! (their handlers on the block's element, [`markup_into`]: the tensor cores' grid cells, lane
//! chips and step list), since a patch keeps the nodes and the focus.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::js_sys;

use crate::ui::i18n::{Lang, Tr};
use leptos::prelude::*;

/// One step of a [`Markup`] description.
#[derive(Clone, Debug, PartialEq)]
enum Op {
    /// Opens a child element of the open element (SVG children inside `<svg>`).
    Open(&'static str),
    /// Sets an attribute of the element just opened.
    Attr(&'static str, String),
    /// Appends a text node to the open element.
    Text(String),
    /// Closes the open element.
    Close,
}

/// A read-only block of elements and text, built with chained calls and shown by
/// [`markup_block`]. Unclosed elements are closed at the end.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Markup(Vec<Op>);

impl Markup {
    /// An empty block.
    pub fn new() -> Markup {
        Markup(Vec::with_capacity(256))
    }

    /// Opens element `tag`.
    pub fn open(&mut self, tag: &'static str) -> &mut Markup {
        self.0.push(Op::Open(tag));
        self
    }

    /// Sets attribute `name` of the element just opened.
    pub fn attr(&mut self, name: &'static str, value: impl Into<String>) -> &mut Markup {
        self.0.push(Op::Attr(name, value.into()));
        self
    }

    /// `class` of the element just opened.
    pub fn class(&mut self, class: impl Into<String>) -> &mut Markup {
        self.attr("class", class)
    }

    /// Text in the open element.
    pub fn text(&mut self, text: impl Into<String>) -> &mut Markup {
        self.0.push(Op::Text(text.into()));
        self
    }

    /// Closes the open element.
    pub fn close(&mut self) -> &mut Markup {
        self.0.push(Op::Close);
        self
    }

    /// An SVG `<text class x y>text</text>` (x, y in the figure's px).
    pub fn svg_text(
        &mut self,
        class: impl Into<String>,
        x: impl Into<String>,
        y: impl Into<String>,
        text: impl Into<String>,
    ) -> &mut Markup {
        self.open("text")
            .class(class)
            .attr("x", x)
            .attr("y", y)
            .text(text)
            .close()
    }

    /// The opaque band behind a scrolling figure's sticky label column (`gx-sfig__mask`, from
    /// the top-left corner), `width × height` px, so cells scrolled under the labels are hidden.
    pub fn label_mask(
        &mut self,
        width: impl Into<String>,
        height: impl Into<String>,
    ) -> &mut Markup {
        self.open("rect")
            .class("gx-sfig__mask")
            .attr("x", "0")
            .attr("y", "0")
            .attr("width", width)
            .attr("height", height)
            .close()
    }

    /// `<tag>text</tag>`.
    pub fn leaf(&mut self, tag: &'static str, text: impl Into<String>) -> &mut Markup {
        self.open(tag).text(text).close()
    }

    /// `<tag class=class>text</tag>`.
    pub fn leaf_class(
        &mut self,
        tag: &'static str,
        class: &'static str,
        text: impl Into<String>,
    ) -> &mut Markup {
        self.open(tag).class(class).text(text).close()
    }

    /// `<tag data-testid=testid>text</tag>`.
    pub fn leaf_testid(
        &mut self,
        tag: &'static str,
        testid: &'static str,
        text: impl Into<String>,
    ) -> &mut Markup {
        self.open(tag)
            .attr("data-testid", testid)
            .text(text)
            .close()
    }

    /// A table's header row: `<thead><tr>` with one `<th scope="col">` per column.
    pub fn head(&mut self, cols: &[Tr], lang: Lang) -> &mut Markup {
        self.open("thead").open("tr");
        for c in cols {
            self.col_head(c.get(lang));
        }
        self.close().close()
    }

    /// `<th scope="col">text</th>`.
    pub fn col_head(&mut self, text: impl Into<String>) -> &mut Markup {
        self.open("th").attr("scope", "col").text(text).close()
    }

    /// Opens a body row whose first cell is `<th scope="row">head</th>`: close it with
    /// [`Markup::close`].
    pub fn row_open(&mut self, head: impl Into<String>) -> &mut Markup {
        self.open("tr")
            .open("th")
            .attr("scope", "row")
            .text(head)
            .close()
    }

    /// A body row: `head` in `<th scope="row">`, then one `<td>` per cell; cell `testid.0`
    /// carries `data-testid=testid.1`.
    pub fn row(
        &mut self,
        head: &str,
        cells: &[&str],
        testid: Option<(usize, &str)>,
    ) -> &mut Markup {
        self.row_open(head);
        for (k, c) in cells.iter().enumerate() {
            self.open("td");
            if let Some((at, id)) = testid {
                if at == k {
                    self.attr("data-testid", id);
                }
            }
            self.text(*c).close();
        }
        self.close()
    }

    /// Opens `<div class="gx-table-scroll"><table class=class data-testid=testid>`: close
    /// both with [`Markup::table_end`].
    pub fn table(&mut self, class: &'static str, testid: Option<&'static str>) -> &mut Markup {
        self.open("div")
            .class("gx-table-scroll")
            .open("table")
            .class(class);
        if let Some(id) = testid {
            self.attr("data-testid", id);
        }
        self
    }

    /// Closes [`Markup::table`]'s table and its box.
    pub fn table_end(&mut self) -> &mut Markup {
        self.close().close()
    }

    /// Builds the block as the children of `parent` (replacing what it held). Returns, per
    /// operation, the node it made or set (an attribute's element; `null` for a close), for
    /// [`Markup::patch`]; empty where the page has no builder.
    ///
    /// The page's builder (`__wsMarkup`, `assets/start.js`) makes the nodes from one call with
    /// every tag, name, value and text in one string: a call into the page and a string decoded
    /// per operation cost more than the DOM work itself (a 256-cell grid: ~40 % of its build).
    fn build_into(&self, parent: &web_sys::Element) -> js_sys::Array {
        self.build_in_page(parent).unwrap_or_default()
    }

    /// [`Markup::build_into`]'s call: the operations as one text, each a code (`0` open, `1`
    /// attribute, `2` text, `3` close) followed by its strings, each as its length in UTF-16
    /// units, `:` and the string. `None` where the page has no builder or it threw.
    fn build_in_page(&self, parent: &web_sys::Element) -> Option<js_sys::Array> {
        let build = js_sys::Reflect::get(&window(), &JsValue::from_str("__wsMarkup"))
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()?;
        let mut ops = String::with_capacity(self.0.len() * 12);
        let put = |ops: &mut String, s: &str| {
            let units = if s.is_ascii() {
                s.len()
            } else {
                s.encode_utf16().count()
            };
            crate::geom::fixed::push_u64(ops, units as u64);
            ops.push(':');
            ops.push_str(s);
        };
        for op in &self.0 {
            match op {
                Op::Open(tag) => {
                    ops.push('0');
                    put(&mut ops, tag);
                }
                Op::Attr(name, value) => {
                    ops.push('1');
                    put(&mut ops, name);
                    put(&mut ops, value);
                }
                Op::Text(t) => {
                    ops.push('2');
                    put(&mut ops, t);
                }
                Op::Close => ops.push('3'),
            }
        }
        build
            .call2(&JsValue::NULL, parent, &JsValue::from_str(&ops))
            .ok()?
            .dyn_into::<js_sys::Array>()
            .ok()
    }

    /// Whether `self` has `old`'s shape: the same elements, attribute names and text places, in
    /// the same order (only values and texts may differ).
    fn same_shape(&self, old: &Markup) -> bool {
        self.0.len() == old.0.len()
            && self.0.iter().zip(&old.0).all(|pair| match pair {
                (Op::Open(a), Op::Open(b)) => a == b,
                (Op::Attr(a, _), Op::Attr(b, _)) => a == b,
                (Op::Text(_), Op::Text(_)) | (Op::Close, Op::Close) => true,
                _ => false,
            })
    }

    /// Brings a block built from `old` (its `nodes`, from [`Markup::build_into`]) to `self`,
    /// which has its shape: only the attributes and texts that differ are written (a slider
    /// tick changes a few numbers, not the table).
    fn patch(&self, old: &Markup, nodes: &js_sys::Array) {
        for (i, (op, was)) in (0u32..).zip(self.0.iter().zip(&old.0)) {
            let node = || nodes.get(i).dyn_into::<web_sys::Node>().ok();
            match (op, was) {
                (Op::Attr(name, value), Op::Attr(_, before)) if value != before => {
                    if let Some(el) = node().and_then(|n| n.dyn_into::<web_sys::Element>().ok()) {
                        let _ = el.set_attribute(name, value);
                    }
                }
                (Op::Text(text), Op::Text(before)) if text != before => {
                    if let Some(n) = node() {
                        n.set_text_content(Some(text));
                    }
                }
                _ => {}
            }
        }
    }
}

/// A block on screen: what it was built from and its nodes.
struct Built {
    markup: Markup,
    nodes: js_sys::Array,
}

/// Keeps the children of `el` what `markup` describes, as a directive on any element
/// (`<ol use:markup_into=markup on:click=…>`, where the element itself needs its own tag or
/// handlers): a new description of the same shape is patched in place (the nodes stay, and
/// with them the focus), any other is built anew.
pub fn markup_into(el: web_sys::Element, markup: Signal<Markup>) {
    // The DOM is outside the reactive graph: this effect writes nodes, never a signal.
    Effect::new(move |before: Option<Built>| {
        let m = markup.get();
        if let Some(b) = before {
            if m.same_shape(&b.markup) {
                m.patch(&b.markup, &b.nodes);
                return Built { markup: m, ..b };
            }
        }
        let nodes = m.build_into(&el);
        Built { markup: m, nodes }
    });
}

/// `<tag class=class data-testid=testid>` holding the block `markup` describes, brought up to
/// date when it changes ([`markup_into`]). `tag`: `div`, `section`, `pre`, `figcaption`, or `g`
/// inside an `<svg>` (then the block's elements are SVG elements); another tag is drawn as a
/// `div`.
#[inline(never)]
pub fn markup_block(
    tag: &'static str,
    class: &'static str,
    testid: Option<&'static str>,
    markup: Signal<Markup>,
) -> AnyView {
    match tag {
        "section" => {
            view! { <section use:markup_into=markup class=class data-testid=testid></section> }
                .into_any()
        }
        "pre" => {
            view! { <pre use:markup_into=markup class=class data-testid=testid></pre> }.into_any()
        }
        "figcaption" => view! {
            <figcaption use:markup_into=markup class=class data-testid=testid></figcaption>
        }
        .into_any(),
        "g" => view! { <g use:markup_into=markup class=class data-testid=testid></g> }.into_any(),
        _ => view! { <div use:markup_into=markup class=class data-testid=testid></div> }.into_any(),
    }
}

/// The `attr` value (a whole number) of the element an event hit or the nearest ancestor that
/// has it: which cell of a [`markup_block`] was clicked, e.g. `data_index(ev, "data-cm")`.
pub fn data_index(ev: &web_sys::Event, attr: &str) -> Option<u32> {
    use wasm_bindgen::JsCast;
    let el = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    el.closest(&format!("[{attr}]"))
        .ok()??
        .get_attribute(attr)?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::Markup;

    #[test]
    fn helpers_are_their_elements_and_text_stays_one_text_op() {
        let mut short = Markup::new();
        short
            .table("gx-table", Some("t"))
            .row("A100", &["<b>1</b>", "2"], Some((1, "cell")))
            .table_end();
        let mut long = Markup::new();
        long.open("div")
            .class("gx-table-scroll")
            .open("table")
            .class("gx-table")
            .attr("data-testid", "t")
            .open("tr")
            .open("th")
            .attr("scope", "row")
            .text("A100")
            .close()
            .open("td")
            .text("<b>1</b>")
            .close()
            .open("td")
            .attr("data-testid", "cell")
            .text("2")
            .close()
            .close()
            .close()
            .close();
        assert_eq!(short, long);
    }

    #[test]
    fn a_new_value_keeps_the_shape_a_new_element_does_not() {
        let table = |cell: &str, extra: bool| {
            let mut m = Markup::new();
            m.table("gx-table", None).row("x", &[cell], Some((0, "qx")));
            if extra {
                m.leaf("p", "note");
            }
            m.table_end();
            m
        };
        assert!(table("42", false).same_shape(&table("-79", false)));
        assert!(!table("42", true).same_shape(&table("42", false)));
        let mut a = Markup::new();
        a.open("td").attr("class", "x").close();
        let mut b = Markup::new();
        b.open("td").attr("data-testid", "x").close();
        assert!(!a.same_shape(&b));
    }
}
