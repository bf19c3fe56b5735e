//! Section "fragment maps": the tile grid coloured by owning lane, the lane strip, and what the
//! selected lane or element holds.

use leptos::prelude::*;

use crate::ui::shared::scroll_figure::ScrollFigure;

use crate::ui::widgets::DataDetails;
use wasm_bindgen::JsCast;

use super::head_row;
use super::state::{TcInputs, TcState};
use super::text;
use crate::model::tensor_core::{ElementType, FragmentLayout, MmaShape, Operand};
use crate::ui::i18n::{t, tr, use_lang, Tr};
use crate::ui::shared::roving::Roving;

fn state() -> TcState {
    expect_context::<TcState>()
}

/// Cell size and margins of a tile grid, CSS pixels.
pub const CELL_PX: u32 = 34;
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

/// `true` when the map shows the course kernel's own tiles (WMMA m16n16k16 with 8-bit inputs).
fn is_course_tile(i: &TcInputs) -> bool {
    i.shape == MmaShape::WmmaM16N16K16 && matches!(i.el, ElementType::S8 | ElementType::U8)
}

fn focus_cell(r: u32, c: u32) {
    let Some(doc) = window().document() else {
        return;
    };
    if let Some(el) = doc.get_element_by_id(&format!("tc-cell-{r}-{c}")) {
        // SVG elements have focus() too (HTMLOrSVGElement); the call is structural.
        let _ = el.unchecked_into::<web_sys::HtmlElement>().focus();
    }
}

/// The controls of the fragment map: instruction, operand, element type.
#[component]
pub fn FragmentControls() -> impl IntoView {
    let st = state();
    let (shape, el, op) = (
        st.inputs.part(|i| i.shape),
        st.inputs.part(|i| i.el),
        st.inputs.part(|i| i.op),
    );
    view! {
        <div class="gx-tc-controls" data-testid="fragment-controls">
            <label class="gx-field">
                <span class="gx-field__label">{t(text::SHAPE)}</span>
                <select class="gx-select" data-testid="select-shape" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(s) = MmaShape::from_slug(&v) {
                        st.inputs.update(|i| {
                            i.shape = s;
                            // mma.sync m16n8k32 / m8n8k16 take only 8-bit inputs.
                            if !s.is_wmma() && s != MmaShape::MmaM16N8K16 && i.el.bits() != 8 {
                                i.el = ElementType::S8;
                            }
                            i.row = -1;
                            i.col = -1;
                        });
                    }
                }>
                    {MmaShape::ALL.iter().map(|s| {
                        let s = *s;
                        view! { <option value=s.slug() selected=move || shape.get() == s>{s.label()}</option> }
                    }).collect_view()}
                </select>
            </label>
            <label class="gx-field">
                <span class="gx-field__label">{t(text::ELEMENT)}</span>
                <select class="gx-select" data-testid="select-element" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(e) = ElementType::from_label(&v) {
                        st.inputs.update(|i| { i.el = e; i.row = -1; i.col = -1; });
                    }
                }>
                    {INPUT_TYPES.iter().map(|e| {
                        let e = *e;
                        view! { <option value=e.label() selected=move || el.get() == e>{e.label()}</option> }
                    }).collect_view()}
                </select>
            </label>
            <fieldset class="gx-field gx-radios gx-radios--inline">
                <legend class="gx-field__label">{t(text::OPERAND)}</legend>
                {Operand::ALL.iter().map(|o| {
                    let o = *o;
                    view! {
                        <label>
                            <input type="radio" name="tc-operand" data-testid=format!("op-{}", o.slug())
                                prop:checked=move || op.get() == o
                                on:change=move |_| st.inputs.update(|i| { i.op = o; i.row = -1; i.col = -1; })/>
                            {t(text::operand(o))}
                        </label>
                    }
                }).collect_view()}
            </fieldset>
        </div>
    }
}

/// The tile grid, coloured by owning lane.
#[component]
fn TileGrid(layout: FragmentLayout) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let sel_lane = st.lane;
    let sel_cell = Memo::new(move |_| st.fragment.with(|f| f.cell));
    let (rows, cols) = (layout.rows(), layout.cols());
    let course = st.inputs.with_untracked(is_course_tile);
    let padding_rows = course && layout.operand() != Operand::B;
    let width = LEFT_PX + cols * CELL_PX + 2;
    let height = TOP_PX + rows * CELL_PX + 2;
    let view_box = format!("0 0 {width} {height}");
    let home = move || sel_cell.get().unwrap_or((0, 0));
    let grid = layout.owner_grid();
    let mut cells = Vec::with_capacity((rows * cols) as usize);
    for r in 0..rows {
        for c in 0..cols {
            let owner = grid
                .get(r as usize)
                .and_then(|row| row.get(c as usize))
                .copied()
                .unwrap_or_default();
            let lanes: Vec<u32> = layout.slots_of(r, c).iter().map(|s| s.lane).collect();
            let label_l = layout.clone();
            let label = move || text::cell_label(&label_l, r, c, lang.get());
            let title = label.clone();
            let x = LEFT_PX + c * CELL_PX;
            let y = TOP_PX + r * CELL_PX;
            let hl = {
                let lanes = lanes.clone();
                move || sel_lane.get().is_some_and(|l| lanes.contains(&l))
            };
            let dim = move || sel_lane.get().is_some_and(|l| !lanes.contains(&l));
            let pad = padding_rows && r > 0;
            let select = move || {
                st.inputs.update(|i| {
                    i.row = i64::from(r);
                    i.col = i64::from(c);
                })
            };
            let on_key = move |ev: leptos::ev::KeyboardEvent| {
                let (nr, nc) = match ev.key().as_str() {
                    "ArrowUp" => (r.saturating_sub(1), c),
                    "ArrowDown" => ((r + 1).min(rows - 1), c),
                    "ArrowLeft" => (r, c.saturating_sub(1)),
                    "ArrowRight" => (r, (c + 1).min(cols - 1)),
                    "Home" => (r, 0),
                    "End" => (r, cols - 1),
                    _ => return,
                };
                ev.prevent_default();
                st.inputs.update(|i| {
                    i.row = i64::from(nr);
                    i.col = i64::from(nc);
                });
                focus_cell(nr, nc);
            };
            cells.push(view! {
                <g class="gx-frag__cell" class:is-hl=hl class:is-dim=dim class:is-pad=pad
                    class:is-sel=move || sel_cell.get() == Some((r, c))
                    data-testid=format!("cell-{r}-{c}")>
                    <rect id=format!("tc-cell-{r}-{c}") class=format!("gx-lane-{}", owner.lane)
                        x=x.to_string() y=y.to_string() width=CELL_PX.to_string() height=CELL_PX.to_string()
                        tabindex=move || if home() == (r, c) { "0" } else { "-1" }
                        role="button" aria-label=label
                        on:click=move |_| select()
                        on:focus=move |_| select()
                        on:keydown=on_key>
                        <title>{title}</title>
                    </rect>
                    <text class="gx-frag__lane" x=(x + CELL_PX / 2).to_string() y=(y + 15).to_string()>{owner.lane}</text>
                    <text class="gx-frag__index" x=(x + CELL_PX / 2).to_string() y=(y + 29).to_string()>{owner.index}</text>
                </g>
            });
        }
    }
    let col_labels = (0..cols)
        .map(|c| {
            view! { <text class="gx-frag__axis" x=(LEFT_PX + c * CELL_PX + CELL_PX / 2).to_string() y=(TOP_PX - 6).to_string()>{c}</text> }
        })
        .collect_view();
    // The frozen row labels, over a mask below the column header.
    let row_labels = move || {
        let labels = (0..rows)
            .map(|r| {
                view! { <text class="gx-frag__axis gx-frag__axis--row" x=(LEFT_PX - 5).to_string() y=(TOP_PX + r * CELL_PX + CELL_PX / 2 + 4).to_string()>{r}</text> }
            })
            .collect_view();
        view! { <path class="gx-sfig__mask" d=format!("M0 {}h{LEFT_PX}V{height}H0z", TOP_PX - 2)/>{labels} }
    };
    view! {
        <ScrollFigure label=text::GRID_LABEL width_px=f64::from(width) label_px=f64::from(LEFT_PX)
            height_px=f64::from(height) natural_size=true parts_focusable=true labels=row_labels>
            <svg class="gx-frag__svg" viewBox=view_box width=width.to_string() height=height.to_string()
                role="group" aria-label=move || t(text::GRID_LABEL)()>
                {col_labels}
                {cells}
            </svg>
        </ScrollFigure>
    }
}

/// The figure: grid, lane strip, and the selection readouts.
#[component]
pub fn FragmentFigure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let layout = Memo::new(move |_| st.fragment.with(|f| f.layout.clone()));
    let course = st.inputs.part(is_course_tile);
    let padding = st.inputs.part(|i| is_course_tile(i) && i.op != Operand::B);
    let grid = move || match layout.get() {
        Ok(l) => view! { <TileGrid layout=l/> }.into_any(),
        Err(e) => view! {
            <div class="gx-error" role="alert" data-testid="layout-error">
                <p><strong>{e.to_string()}</strong></p>
                <p>{t(text::NO_LAYOUT)}</p>
            </div>
        }
        .into_any(),
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
            {note.map(|n| view! { <p class="gx-note">{n.get(lang.get())}</p> })}
        })
    };
    view! {
        <figure class="gx-figure gx-frag" data-testid="figure">
            {caption}
            <div class="gx-frag__scroll" data-testid="fragment-grid">{grid}</div>
            <LaneStrip/>
            <figcaption class="gx-frag__legend">
                <span class="gx-frag__key"><span class="gx-frag__key-lane">"5"</span>{t(text::KEY_LANE)}</span>
                <span class="gx-frag__key"><span class="gx-frag__key-index">"2"</span>{t(text::KEY_INDEX)}</span>
                <Show when=move || padding.get()>
                    <span class="gx-frag__key"><span class="gx-frag__key-pad"></span>{t(text::PADDING)}</span>
                </Show>
            </figcaption>
        </figure>
    }
}

/// 32 lane chips; click or focus one to select it.
#[component]
fn LaneStrip() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let roving = Roving::new(32, 0);
    view! {
        <div class="gx-lanes" role="group" aria-label=move || t(text::LANES)() data-testid="lane-strip">
            <span class="gx-lanes__label">{t(text::LANES)}</span>
            // The 32 lane buttons are one tab stop; the arrow keys walk them.
            <div class="gx-lanes__chips" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>
                {(0u32..32).map(|l| {
                    let pressed = move || st.lane.get() == Some(l);
                    let select = move || st.inputs.update(|i| i.lane = i64::from(l));
                    view! {
                        <button class=format!("gx-lanes__chip gx-lane-{l}") class:is-on=pressed
                            data-testid=format!("lane-{l}")
                            tabindex=roving.tabindex(l as usize) data-roving=l.to_string()
                            aria-pressed=move || pressed().to_string()
                            aria-label=move || text::lane_chip(l, lang.get())
                            on:click=move |_| select()
                            on:focus=move |_| select()>
                            {l}
                        </button>
                    }
                }).collect_view()}
            </div>
            <button class="gx-button gx-button--small" data-testid="clear-selection"
                on:click=move |_| st.inputs.update(|i| { i.lane = -1; i.row = -1; i.col = -1; })>
                {t(text::CLEAR)}
            </button>
        </div>
    }
}

/// Readouts: the layout's numbers, source and caveat; the selected lane and element.
#[component]
pub fn FragmentReadout() -> impl IntoView {
    let st = state();
    let course = st.inputs.part(is_course_tile);
    let lang = use_lang();
    let layout = Memo::new(move |_| st.fragment.with(|f| f.layout.clone()));
    let facts = move || {
        let l = layout.get().ok()?;
        let src = l.source();
        Some(view! {
            <dl class="gx-facts">
                <dt>{t(text::ELEMENTS_PER_LANE)}</dt><dd data-testid="elements-per-lane">{l.elements_per_lane()}</dd>
                <dt>{t(text::REGISTERS_PER_LANE)}</dt><dd>{l.registers_per_lane()}</dd>
                <dt>{t(text::COPIES)}</dt><dd>{l.copies_per_element()}</dd>
                <dt>{t(text::SOURCE)}</dt><dd data-testid="layout-source">{move || text::source_text(src, lang.get())}</dd>
                <dt>{t(text::CAVEAT)}</dt><dd data-testid="layout-caveat">{move || text::caveat_text(src, lang.get())}</dd>
            </dl>
        })
    };
    let lane_view = move || {
        let lane = st.lane.get()?;
        let fragment = st.fragment.get();
        let l = fragment.layout.as_ref().ok()?.clone();
        let course_a = course.get() && l.operand() == Operand::A;
        let rows = fragment
            .lane_slots
            .iter()
            .map(|&(index, (r, c), reg)| {
                let dup = l.copies_per_element() > 1 && index >= l.elements_per_lane() / 2;
                let what = if course_a {
                    if r == 0 {
                        format!("qact[k0 + {c}]")
                    } else {
                        "0".to_string()
                    }
                } else {
                    String::new()
                };
                view! {
                    <tr class:gx-dup=dup>
                        <td>{format!("x[{index}]")}</td>
                        <td>{format!("({r}, {c})")}</td>
                        <td>{format!("R{}", reg.register)}</td>
                        <td>{format!("{}–{}", reg.bit_offset, reg.bit_offset + reg.bits - 1)}</td>
                        <td>{what}{if dup { " (= x[".to_string() + &(index - l.elements_per_lane() / 2).to_string() + "])" } else { String::new() }}</td>
                    </tr>
                }
            })
            .collect_view();
        Some(view! {
            <div class="gx-frag__sel" data-testid="lane-info">
                <h3>{move || format!("{} {lane}", t(text::SELECTED_LANE)())}</h3>
                <p class="gx-note">{move || text::lane_groups(lane, lang.get())}</p>
                <table class="gx-table gx-table--compact">
                    {head_row(&LANE_COLS)}
                    <tbody>{rows}</tbody>
                </table>
            </div>
        })
    };
    let cell_view = move || {
        let fragment = st.fragment.get();
        let (r, c) = fragment.cell?;
        let l = fragment.layout.as_ref().ok()?.clone();
        let items = fragment
            .cell_slots
            .iter()
            .map(|&(s, reg)| {
                let txt = move || text::cell_holder(s.lane, s.index, reg, lang.get());
                view! { <li>{txt}</li> }
            })
            .collect_view();
        Some(view! {
            <div class="gx-frag__sel" data-testid="cell-info">
                <h3>{move || format!("{} {}({r}, {c})", t(text::SELECTED_CELL)(), l.operand().label())}</h3>
                <ul>{items}</ul>
            </div>
        })
    };
    view! {
        <div class="gx-frag__readout" data-testid="fragment-readout">
            {facts}
            {lane_view}
            {cell_view}
        </div>
    }
}

/// Every lane's elements as a table, collapsible.
#[component]
pub fn FragmentDataTable() -> impl IntoView {
    let st = state();
    let layout = Memo::new(move |_| st.fragment.with(|f| f.layout.clone()));
    view! {
        <DataDetails summary=text::FRAG_TABLE testid="fragment-data-table">
            {move || layout.get().ok().map(|l| view! {
                <table class="gx-table">
                    <caption>{format!("{} {} {}", l.shape().label(), l.operand().label(), l.element().label())}</caption>
                    {head_row(&DATA_COLS)}
                    <tbody>
                        {(0u32..32).map(|lane| view! {
                            <tr>
                                <th scope="row">{lane}</th>
                                <td>{l.lane_elements(lane).iter().map(|(r, c)| format!("({r},{c})")).collect::<Vec<_>>().join(" ")}</td>
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
            })}
        </DataDetails>
    }
}
