//! Section "fragment maps": the tile grid coloured by owning lane, the lane strip, and what the
//! selected lane or element holds.

use leptos::prelude::*;

use crate::ui::shared::scroll_figure::ScrollFigure;

use crate::ui::widgets::{self, markup_block, markup_into, DataDetails, Markup};
use wasm_bindgen::JsCast;

use super::state::{is_course_tile, FragmentView, TcInputs, TcState};
use super::text;
use crate::model::tensor_core::{ElementType, FragmentLayout, MmaShape, Operand};
use crate::ui::i18n::{t, tr, use_lang, Lang, Tr};
use crate::ui::shared::roving::{item_index, Roving};

fn state() -> TcState {
    expect_context::<TcState>()
}

/// Cell size and margins of a tile grid, CSS pixels.
pub const CELL_PX: u32 = 34;
/// Width of a cell on a narrow screen: a 16-column tile's lane and index numbers (two digits at
/// 12–13 px) still fit, and all 16 columns fit a 390 px phone.
pub const NARROW_CELL_W_PX: u32 = 20;
/// Row labels on a narrow screen.
pub const NARROW_LEFT_PX: u32 = 22;

/// The width of a cell and of the row-label column, for the screen's width.
pub fn cell_geometry(narrow: bool) -> (u32, u32) {
    if narrow {
        (NARROW_CELL_W_PX, NARROW_LEFT_PX)
    } else {
        (CELL_PX, LEFT_PX)
    }
}
/// Left margin for row numbers.
pub const LEFT_PX: u32 = 30;
/// Top margin for column numbers.
pub const TOP_PX: u32 = 20;

/// Element types offered for A and B.
const INPUT_TYPES: [ElementType; 4] = [
    ElementType::S8,
    ElementType::U8,
    ElementType::F16,
    ElementType::Bf16,
];

/// Columns of the selected lane's table.
const LANE_COLS: [Tr; 5] = [
    tr("x[i]", "x[i]"),
    text::COL_ROW_COL,
    text::COL_REGISTER,
    text::COL_BITS,
    text::COL_VALUE,
];

/// Columns of the data table.
const DATA_COLS: [Tr; 2] = [
    tr("lane", "lane"),
    tr("x[0..] → (row, col)", "x[0..] → (row, col)"),
];

fn focus_cell(r: u32, c: u32) {
    let Some(doc) = window().document() else {
        return;
    };
    if let Some(el) = doc.get_element_by_id(&format!("tc-cell-{r}-{c}")) {
        // SVG elements have focus() too (HTMLOrSVGElement); the call is structural.
        let _ = el.unchecked_into::<web_sys::HtmlElement>().focus();
    }
}

/// A `<select>` of the fragment controls: `options` as (value, text), the one equal to
/// `current` selected; `set` applies a picked value to the inputs.
fn select_field(
    label: Tr,
    testid: &'static str,
    options: Vec<(&'static str, &'static str)>,
    current: Memo<&'static str>,
    set: fn(&mut TcInputs, &str),
) -> AnyView {
    let st = state();
    widgets::select_field(
        label,
        testid,
        options
            .into_iter()
            .map(|(value, text)| (value.to_string(), Tr { en: text, zh: text }))
            .collect(),
        Signal::derive(move || current.get().to_string()),
        move |v| st.inputs.update(|i| set(i, &v)),
    )
}

/// The controls of the fragment map: instruction, operand, element type.
#[component]
pub fn FragmentControls() -> impl IntoView {
    let st = state();
    let op: fn(&TcInputs) -> &'static str = |i| i.op.slug();
    let op = st.inputs.part(op);
    let shape: fn(&TcInputs) -> &'static str = |i| i.shape.slug();
    let el: fn(&TcInputs) -> &'static str = |i| i.el.label();
    view! {
        <div class="gx-tc-controls" data-testid="fragment-controls">
            {select_field(
                text::SHAPE,
                "select-shape",
                MmaShape::ALL.iter().map(|s| (s.slug(), s.label())).collect(),
                st.inputs.part(shape),
                |i, v| {
                    if let Some(s) = MmaShape::from_slug(v) {
                        i.shape = s;
                        // mma.sync m16n8k32 / m8n8k16 take only 8-bit inputs.
                        if !s.is_wmma() && s != MmaShape::MmaM16N8K16 && i.el.bits() != 8 {
                            i.el = ElementType::S8;
                        }
                        i.row = -1;
                        i.col = -1;
                    }
                },
            )}
            {select_field(
                text::ELEMENT,
                "select-element",
                INPUT_TYPES.iter().map(|e| (e.label(), e.label())).collect(),
                st.inputs.part(el),
                |i, v| {
                    if let Some(e) = ElementType::from_label(v) {
                        i.el = e;
                        i.row = -1;
                        i.col = -1;
                    }
                },
            )}
            <fieldset class="gx-field gx-radios gx-radios--inline">
                <legend class="gx-field__label">{t(text::OPERAND)}</legend>
                {Operand::ALL.iter().map(|o| {
                    let o = *o;
                    view! {
                        <label>
                            <input type="radio" name="tc-operand" data-testid=format!("op-{}", o.slug())
                                prop:checked=move || op.get() == o.slug()
                                on:change=move |_| st.inputs.update(|i| { i.op = o; i.row = -1; i.col = -1; })/>
                            {t(text::operand(o))}
                        </label>
                    }
                }).collect_view()}
            </fieldset>
        </div>
    }
}

/// One cell of a tile grid, `<g class=class><rect class="gx-lane-{lane}">` (`testid`: the
/// `<g>`'s `data-testid`): `rect` adds the rect's own attributes (an id, a role), then come
/// its `<title>`, its lane and index numbers.
pub fn grid_cell(
    h: &mut Markup,
    class: String,
    testid: Option<String>,
    (x, y, w): (u32, u32, u32),
    (lane, index): (u32, u32),
    title: String,
    rect: impl FnOnce(&mut Markup),
) {
    let num = |v: u32| v.to_string();
    h.open("g").class(class);
    if let Some(id) = testid {
        h.attr("data-testid", id);
    }
    h.open("rect")
        .class(format!("gx-lane-{lane}"))
        .attr("x", num(x))
        .attr("y", num(y))
        .attr("width", num(w))
        .attr("height", num(CELL_PX));
    rect(h);
    h.leaf("title", title)
        .close()
        .svg_text("gx-frag__lane", num(x + w / 2), num(y + 15), num(lane))
        .svg_text("gx-frag__index", num(x + w / 2), num(y + 29), num(index))
        .close();
}

/// A grid's axis numbers: `n` column numbers (`0..n`) along the top of a grid whose cells start
/// at `left`, or (`rows`) the row labels `0, step, 2·step, …` in the frozen column of width
/// `left` over a mask below the column header, `height` high.
pub fn axis_markup(n: u32, left: u32, rows: Option<(u32, u32)>, w: u32) -> Markup {
    let mut h = Markup::new();
    if let Some((step, height)) = rows {
        h.open("path")
            .class("gx-sfig__mask")
            .attr("d", format!("M0 {}h{left}V{height}H0z", TOP_PX - 2))
            .close();
        for i in 0..n {
            h.svg_text(
                "gx-frag__axis gx-frag__axis--row",
                (left - 5).to_string(),
                (TOP_PX + i * CELL_PX + CELL_PX / 2 + 4).to_string(),
                (i * step).to_string(),
            );
        }
        return h;
    }
    for i in 0..n {
        h.svg_text(
            "gx-frag__axis",
            (left + i * w + w / 2).to_string(),
            (TOP_PX - 6).to_string(),
            i.to_string(),
        );
    }
    h
}

/// The grid cell (row, column) an event hit: its rect's id is `tc-cell-{r}-{c}`.
fn cell_of(ev: &web_sys::Event) -> Option<(u32, u32)> {
    let id = ev.target()?.dyn_ref::<web_sys::Element>()?.id();
    let (r, c) = id.strip_prefix("tc-cell-")?.split_once('-')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

/// Selects grid cell (r, c).
fn select_cell(st: TcState, (r, c): (u32, u32)) {
    st.inputs.update(|i| {
        i.row = i64::from(r);
        i.col = i64::from(c);
    });
}

/// The grid's cells are buttons (`role="button"`, one tab stop: the selected cell or (0, 0)):
/// a click or the focus selects one, the arrow keys, Home and End move the selection and the
/// focus. One handler each on the grid's box, for every cell (the cells are a [`Markup`]
/// block).
fn on_grid_event(ev: web_sys::Event) {
    let Some((r, c)) = cell_of(&ev) else {
        return;
    };
    let st = state();
    let Some(key) = ev.dyn_ref::<web_sys::KeyboardEvent>().map(|k| k.key()) else {
        select_cell(st, (r, c));
        return;
    };
    let Some((rows, cols)) = st
        .layout
        .with_untracked(|l| l.as_ref().ok().map(|l| (l.rows(), l.cols())))
    else {
        return;
    };
    let (nr, nc) = match key.as_str() {
        "ArrowUp" => (r.saturating_sub(1), c),
        "ArrowDown" => ((r + 1).min(rows - 1), c),
        "ArrowLeft" => (r, c.saturating_sub(1)),
        "ArrowRight" => (r, (c + 1).min(cols - 1)),
        "Home" => (r, 0),
        "End" => (r, cols - 1),
        _ => return,
    };
    ev.prevent_default();
    select_cell(st, (nr, nc));
    focus_cell(nr, nc);
}

/// The tile grid, coloured by owning lane: a [`Markup`] block, patched in place when the
/// selection or the language changes (the events: [`on_grid_event`]).
#[component]
fn TileGrid(layout: FragmentLayout) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let sel_lane = st.lane;
    let sel_cell = Memo::new(move |_| st.fragment.with(|f| f.cell));
    let (rows, cols) = (layout.rows(), layout.cols());
    let course = st.inputs.with_untracked(is_course_tile);
    let padding_rows = course && layout.operand() != Operand::B;
    // A phone gets narrow cells (every column at once) unless the tile is wider than 16.
    let narrow = crate::ui::theme::use_narrow_screen().get_untracked() && cols <= 16;
    let (cw, left) = cell_geometry(narrow);
    let width = left + cols * cw + 2;
    let height = TOP_PX + rows * CELL_PX + 2;
    let view_box = format!("0 0 {width} {height}");
    let cells = move || {
        let (lane_sel, cell, lang) = (sel_lane.get(), sel_cell.get(), lang.get());
        let home = cell.unwrap_or((0, 0));
        let mut h = axis_markup(cols, left, None, cw);
        let grid = layout.owner_grid();
        for r in 0..rows {
            for c in 0..cols {
                let owner = grid
                    .get(r as usize)
                    .and_then(|row| row.get(c as usize))
                    .copied()
                    .unwrap_or_default();
                let mut class = String::from("gx-frag__cell");
                if let Some(l) = lane_sel {
                    let has = layout.slots_of(r, c).iter().any(|s| s.lane == l);
                    class.push_str(if has { " is-hl" } else { " is-dim" });
                }
                if padding_rows && r > 0 {
                    class.push_str(" is-pad");
                }
                if cell == Some((r, c)) {
                    class.push_str(" is-sel");
                }
                let label = text::cell_label(&layout, r, c, lang);
                let title = label.clone();
                grid_cell(
                    &mut h,
                    class,
                    Some(format!("cell-{r}-{c}")),
                    (left + c * cw, TOP_PX + r * CELL_PX, cw),
                    (owner.lane, owner.index),
                    title,
                    |h| {
                        h.attr("id", format!("tc-cell-{r}-{c}"))
                            .attr("tabindex", if home == (r, c) { "0" } else { "-1" })
                            .attr("role", "button")
                            .attr("aria-label", label);
                    },
                );
            }
        }
        h
    };
    let row_labels = move || {
        markup_block(
            "g",
            "",
            None,
            Signal::stored(axis_markup(rows, left, Some((1, height)), cw)),
        )
    };
    view! {
        <ScrollFigure label=text::GRID_LABEL width_px=f64::from(width) label_px=f64::from(left)
            height_px=f64::from(height) natural_size=true parts_focusable=true labels=row_labels>
            <svg class="gx-frag__svg" viewBox=view_box width=width.to_string() height=height.to_string()
                role="group" aria-label=move || t(text::GRID_LABEL)()>
                {markup_block("g", "gx-frag__cells", None, Signal::derive(cells))}
            </svg>
        </ScrollFigure>
    }
}

/// The figure: grid, lane strip, and the selection readouts.
#[component]
pub fn FragmentFigure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let (layout, course) = (st.layout, st.course);
    let padding: fn(&TcInputs) -> bool = |i| is_course_tile(i) && i.op != Operand::B;
    let padding = st.inputs.part(padding);
    // The key: lane, index and (for the course's A and accumulator tiles) the padding rows.
    let legend = move || {
        let lang = lang.get();
        let mut h = Markup::new();
        h.open("span")
            .class("gx-frag__key")
            .leaf_class("span", "gx-frag__key-lane", "5")
            .text(text::KEY_LANE.get(lang))
            .close()
            .open("span")
            .class("gx-frag__key")
            .leaf_class("span", "gx-frag__key-index", "2")
            .text(text::KEY_INDEX.get(lang))
            .close();
        if padding.get() {
            h.open("span")
                .class("gx-frag__key")
                .open("span")
                .class("gx-frag__key-pad")
                .close()
                .text(text::PADDING.get(lang))
                .close();
        }
        h
    };
    let grid = move || match layout.get() {
        Ok(l) => view! { <TileGrid layout=l/> }.into_any(),
        Err(e) => super::error_box(
            "layout-error",
            Some(text::layout_error(&e, lang.get())),
            text::NO_LAYOUT,
            None,
        ),
    };
    let caption = move || {
        let l = layout.get().ok()?;
        let title = format!(
            "{} · {} · {} · {} × {}",
            l.shape().label(),
            text::operand(l.operand()).get(lang.get()),
            l.element().label(),
            l.rows(),
            l.cols()
        );
        let note = if course.get() {
            Some(match l.operand() {
                Operand::A => text::W8A8_A_NOTE,
                Operand::B => text::W8A8_B_NOTE,
                Operand::Accumulator => text::W8A8_ACC_NOTE,
            })
        } else if l.copies_per_element() > 1 {
            Some(text::F16_DUPLICATES)
        } else {
            None
        };
        Some(view! {
            <p class="gx-frag__title" data-testid="fragment-title">{title}</p>
            {note.map(|n| super::para(Some("gx-note"), n))}
        })
    };
    view! {
        <figure class="gx-figure gx-frag" data-testid="figure">
            {caption}
            <div class="gx-frag__scroll" data-testid="fragment-grid"
                on:click=|ev: leptos::ev::MouseEvent| on_grid_event(ev.into())
                on:focusin=|ev: leptos::ev::FocusEvent| on_grid_event(ev.into())
                on:keydown=|ev: leptos::ev::KeyboardEvent| on_grid_event(ev.into())>{grid}</div>
            <LaneStrip/>
            {markup_block("figcaption", "gx-frag__legend", None, Signal::derive(legend))}
        </figure>
    }
}

/// 32 lane chips; click or focus one to select it. The chips are a [`Markup`] block (patched in
/// place, so a chip keeps the focus) of real buttons; the handlers sit on the strip.
#[component]
fn LaneStrip() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let roving = Roving::new(32, 0);
    let chips = move || {
        let (on, active, lang) = (st.lane.get(), roving.active(), lang.get());
        let mut h = Markup::new();
        for l in 0u32..32 {
            let pressed = on == Some(l);
            let mut class = format!("gx-lanes__chip gx-lane-{l}");
            if pressed {
                class.push_str(" is-on");
            }
            h.open("button")
                .class(class)
                .attr("data-testid", format!("lane-{l}"))
                .attr("tabindex", if active == l as usize { "0" } else { "-1" })
                .attr("data-roving", l.to_string())
                .attr("aria-pressed", if pressed { "true" } else { "false" })
                .attr("aria-label", text::lane_chip(l, lang))
                .text(l.to_string())
                .close();
        }
        h
    };
    let select = move |ev: &web_sys::Event| {
        if let Some(l) = ev.target().as_ref().and_then(item_index) {
            st.inputs
                .update(|i| i.lane = i64::try_from(l).unwrap_or(-1));
        }
    };
    let roving_focus = roving.on_focusin();
    view! {
        <div class="gx-lanes" role="group" aria-label=move || t(text::LANES)() data-testid="lane-strip">
            <span class="gx-lanes__label">{t(text::LANES)}</span>
            // The 32 lane buttons are one tab stop; the arrow keys walk them.
            <div class="gx-lanes__chips" use:markup_into=Signal::derive(chips)
                on:keydown=roving.on_keydown()
                on:focusin=move |ev| {
                    select(&ev);
                    roving_focus(ev);
                }
                on:click=move |ev| select(&ev)></div>
            <button class="gx-button gx-button--small" data-testid="clear-selection"
                on:click=move |_| st.inputs.update(|i| { i.lane = -1; i.row = -1; i.col = -1; })>
                {t(text::CLEAR)}
            </button>
        </div>
    }
}

/// Readouts: the layout's numbers, source and caveat; the selected lane and element, as a
/// read-only block ([`Markup`]).
fn readout_markup(f: &FragmentView, lane: Option<u32>, course: bool, lang: Lang) -> Markup {
    let mut h = Markup::new();
    let Ok(l) = &f.layout else {
        return h;
    };
    let src = l.source();
    h.open("dl")
        .class("gx-facts")
        .leaf("dt", text::ELEMENTS_PER_LANE.get(lang))
        .leaf_testid("dd", "elements-per-lane", l.elements_per_lane().to_string())
        .leaf("dt", text::REGISTERS_PER_LANE.get(lang))
        .leaf("dd", l.registers_per_lane().to_string())
        .leaf("dt", text::COPIES.get(lang))
        .leaf("dd", l.copies_per_element().to_string())
        .leaf("dt", text::SOURCE.get(lang))
        .leaf_testid("dd", "layout-source", text::source_text(src, lang))
        .leaf("dt", text::CAVEAT.get(lang))
        .leaf_testid("dd", "layout-caveat", text::caveat_text(src, lang))
        .close();
    if let Some(lane) = lane {
        // The course's tiles say what each element holds; another shape has no value column.
        let operand = l.operand();
        let half = l.elements_per_lane() / 2;
        let is_padding = |r: u32| course && operand != Operand::B && r > 0;
        let only_padding = course
            && !f.lane_slots.is_empty()
            && f.lane_slots.iter().all(|&(_, (r, _), _)| is_padding(r));
        let cols: &[Tr] = if course { &LANE_COLS } else { &LANE_COLS[..4] };
        h.open("div")
            .class("gx-frag__sel")
            .attr("data-testid", "lane-info")
            .leaf("h3", format!("{} {lane}", text::SELECTED_LANE.get(lang)))
            .leaf_class("p", "gx-note", text::lane_groups(lane, lang));
        if only_padding {
            h.leaf_testid(
                "p",
                "lane-only-padding",
                text::lane_only_padding(lane, lang),
            );
        }
        h.open("table")
            .class("gx-table gx-table--compact")
            .head(cols, lang)
            .open("tbody");
        for &(index, (r, c), reg) in &f.lane_slots {
            let dup = l.copies_per_element() > 1 && index >= half;
            let mut cells = vec![
                format!("x[{index}]"),
                format!("({r}, {c})"),
                format!("R{}", reg.register),
                format!("{}–{}", reg.bit_offset, reg.bit_offset + reg.bits - 1),
            ];
            if course {
                let mut what = text::course_value(operand, r, c, lang);
                if dup {
                    what.push_str(&format!(" (= x[{}])", index - half));
                }
                cells.push(what);
            }
            h.open("tr");
            if dup {
                h.class("gx-dup");
            } else if is_padding(r) {
                h.class("gx-row--pad");
            }
            for cell in cells {
                h.leaf("td", cell);
            }
            h.close();
        }
        h.close().close().close();
    }
    if let Some((r, c)) = f.cell {
        h.open("div")
            .class("gx-frag__sel")
            .attr("data-testid", "cell-info")
            .leaf(
                "h3",
                format!(
                    "{} {}({r}, {c})",
                    text::SELECTED_CELL.get(lang),
                    l.operand().label()
                ),
            )
            .open("ul");
        for &(s, reg) in &f.cell_slots {
            h.leaf("li", text::cell_holder(s.lane, s.index, reg, lang));
        }
        h.close().close();
    }
    h
}

/// [`readout_markup`] of the current selection.
pub fn fragment_readout() -> AnyView {
    let st = state();
    let lang = use_lang();
    let html = Signal::derive(move || {
        let (lane, course) = (st.lane.get(), st.course.get());
        st.fragment
            .with(|f| readout_markup(f, lane, course, lang.get()))
    });
    markup_block("div", "gx-frag__readout", Some("fragment-readout"), html)
}

/// Every lane's elements as a table (a read-only block).
fn data_table_markup(l: &FragmentLayout, lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.open("table")
        .class("gx-table")
        .leaf(
            "caption",
            format!(
                "{} {} {}",
                l.shape().label(),
                l.operand().label(),
                l.element().label()
            ),
        )
        .head(&DATA_COLS, lang)
        .open("tbody");
    for lane in 0u32..32 {
        let cells: Vec<String> = l
            .lane_elements(lane)
            .iter()
            .map(|(r, c)| format!("({r},{c})"))
            .collect();
        h.row(&lane.to_string(), &[&cells.join(" ")], None);
    }
    h.close().close();
    h
}

/// Every lane's elements as a table, collapsible.
#[component]
pub fn FragmentDataTable() -> impl IntoView {
    let layout = state().layout;
    let lang = use_lang();
    view! {
        <DataDetails summary=text::FRAG_TABLE testid="fragment-data-table">
            {markup_block("div", "gx-table-scroll", None, Signal::derive(move || {
                layout.with(|l| l.as_ref().map(|l| data_table_markup(l, lang.get())).unwrap_or_default())
            }))}
        </DataDetails>
    }
}
