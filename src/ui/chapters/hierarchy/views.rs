//! The hierarchy chapter's controls, readouts, figures, code and the two hierarchy pictures.
//!
//! Length: the chapter's small views (controls, readouts, the two pictures, the code) side by side,
//! none over 150 lines.

use leptos::prelude::*;

use crate::ui::shared::scroll_figure::ScrollFigure;

use crate::ui::shared::gpu_select::GpuSelect;

use super::state::{gpu_ids, limits, see_also_queries, HierarchyInputs, HierarchyState};
use super::text;
use crate::model::hierarchy::{Dim3, HierarchyError, Launch, ThreadCoords};
use crate::model::WARP_SIZE;
use crate::ui::i18n::{t, use_lang, Tr};
use crate::ui::shared::roving::Roving;
use crate::ui::shell::route_href;
use crate::ui::shell::FieldSlider;
use crate::ui::widgets::{markup_block, Markup, RangeSlider, Scale};

fn state() -> HierarchyState {
    expect_context::<HierarchyState>()
}

/// Block shapes worth a click: (x, y, z).
const SHAPES: [(u32, u32, u32); 6] = [
    (16, 16, 1),
    (24, 8, 1),
    (32, 4, 1),
    (48, 1, 1),
    (10, 10, 1),
    (8, 8, 4),
];

/// Cell size of the block figure, px (SVG drawn at 1:1 so its 12 px text stays 12 px).
const CELL_PX: f64 = 26.0;
/// Cell size of the warps figure, px.
const LANE_PX: f64 = 18.0;
/// Room for the row labels, px.
const LABEL_PX: f64 = 40.0;

/// Warp `w`'s colour class (eight colours, repeating).
fn warp_class(w: u32) -> String {
    format!("gx-hier__warp-{}", w % 8)
}

/// The cell an event hit and the two numbers it carries in attributes `names` (a cell's text
/// lets the pointer through to it: `pointer-events: none`).
fn cell_data(ev: &web_sys::Event, names: [&str; 2]) -> Option<(web_sys::Element, [u32; 2])> {
    use wasm_bindgen::JsCast;
    let hit = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let cell = hit.closest(&format!("[{}]", names[0])).ok()??;
    let read = |name: &str| cell.get_attribute(name)?.parse().ok();
    let values = [read(names[0])?, read(names[1])?];
    Some((cell, values))
}

/// Gives the cell under the pointer its tooltip, a `<title>` of `text(values)`, the first time
/// it is hovered: 256–1024 cells each with a title would be as many more elements to build and
/// style when the chapter opens (chapter → chapter, issue #18).
fn title_on_hover(ev: &web_sys::Event, names: [&str; 2], text: impl Fn([u32; 2]) -> String) {
    let Some((cell, values)) = cell_data(ev, names) else {
        return;
    };
    if cell.first_element_child().is_some() {
        return;
    }
    if let Ok(title) = document().create_element_ns(Some("http://www.w3.org/2000/svg"), "title") {
        title.set_text_content(Some(&text(values)));
        let _ = cell.append_child(&title);
    }
}

/// A column header label at `x` (view-box units), 14 units down.
fn axis_label(h: &mut Markup, x: f64, label: String) {
    h.open("text")
        .class("gx-hier__axis")
        .attr("x", x.to_string())
        .attr("y", "14")
        .attr("text-anchor", "middle")
        .text(label)
        .close();
}

/// The square of a cell whose box starts at (`px`, `py`) and is `size_px` wide (drawn 1 px
/// inside it, so neighbours show a gap), with `class` (outlined when `picked`) and three
/// `data-` attributes (what a click or a hover reads back: `cell_data`).
fn cell_rect(
    h: &mut Markup,
    mut class: String,
    picked: bool,
    (px, py, size_px): (f64, f64, f64),
    data: [(&'static str, String); 3],
) {
    if picked {
        class.push_str(" gx-hier__cell--picked");
    }
    h.open("rect")
        .class(class)
        .attr("x", (px + 1.0).to_string())
        .attr("y", (py + 1.0).to_string())
        .attr("width", (size_px - 2.0).to_string())
        .attr("height", (size_px - 2.0).to_string());
    for (name, value) in data {
        h.attr(name, value);
    }
    h.close();
}

/// Half a digit's advance of the cells' 12 px numbers, in view-box units (sans-serif digits
/// are ~0.6 em wide): the two digits of warp 10 and up sit this far either side of the centre.
const HALF_DIGIT_PX: f64 = 3.7;

/// The block figure's column header (threadIdx.x, every 8th past 32 columns) and one square per
/// thread of z slice `z` of block `b`, coloured and numbered by warp, `picked` outlined. A cell
/// carries its warp (`data-warp`) and its threadIdx.x / .y (`data-x`, `data-y`: a click picks it).
///
/// A row's warp numbers are one `<text>` with a position per digit (SVG: each absolutely
/// positioned character is its own chunk, centred by `text-anchor: middle`), not a `<text>`
/// per cell: the 16×16 block's figure styled and laid out in 22 → 11 ms (chapter → chapter,
/// issue #18).
fn block_cells(b: Dim3, z: u32, picked: Option<Dim3>) -> Markup {
    let mut h = Markup::new();
    let every = if b.x <= 32 { 1 } else { 8 };
    for x in (0..b.x).filter(|x| x % every == 0) {
        axis_label(
            &mut h,
            LABEL_PX + f64::from(x) * CELL_PX + CELL_PX / 2.0,
            x.to_string(),
        );
    }
    for y in 0..b.y {
        let py = 20.0 + f64::from(y) * CELL_PX;
        let (mut digits, mut digit_x) = (String::new(), String::new());
        for x in 0..b.x {
            let tid = x + y * b.x + z * b.x * b.y;
            let w = tid / WARP_SIZE;
            let px = LABEL_PX + f64::from(x) * CELL_PX;
            cell_rect(
                &mut h,
                format!("gx-hier__cell {}", warp_class(w)),
                picked == Some(Dim3::new(x, y, z)),
                (px, py, CELL_PX),
                [
                    ("data-warp", w.to_string()),
                    ("data-x", x.to_string()),
                    ("data-y", y.to_string()),
                ],
            );
            let number = w.to_string();
            let centre = px + CELL_PX / 2.0;
            let first = centre - HALF_DIGIT_PX * (number.len() as f64 - 1.0);
            for k in 0..number.len() {
                if !digit_x.is_empty() {
                    digit_x.push(' ');
                }
                digit_x.push_str(&(first + 2.0 * HALF_DIGIT_PX * k as f64).to_string());
            }
            digits.push_str(&number);
        }
        h.svg_text(
            "gx-hier__cell-text",
            digit_x,
            (py + CELL_PX / 2.0 + 4.0).to_string(),
            digits,
        );
    }
    h
}

/// The warps figure's lane header (0, 8, 16, 24, 31) and one square per lane of each of launch
/// `l`'s block's warps, coloured by warp, hollow where the lane has no thread, `picked` (warp,
/// lane) outlined. A lane carries `data-live` and its warp and lane (`data-w`, `data-lane`: a
/// click picks its thread).
fn warp_lanes(l: Launch, picked: Option<(u32, u32)>) -> Markup {
    let mut h = Markup::new();
    for lane in [0u32, 8, 16, 24, 31] {
        axis_label(
            &mut h,
            LABEL_PX + f64::from(lane) * LANE_PX + LANE_PX / 2.0,
            lane.to_string(),
        );
    }
    for w in 0..l.warps_per_block() {
        for lane in 0..WARP_SIZE {
            let live = l.warp_mask(w) & (1 << lane) != 0;
            let (px, py) = (
                LABEL_PX + f64::from(lane) * LANE_PX,
                20.0 + f64::from(w) * LANE_PX,
            );
            let fill = if live {
                warp_class(w)
            } else {
                "gx-hier__lane--idle".to_string()
            };
            cell_rect(
                &mut h,
                format!("gx-hier__lane {fill}"),
                picked == Some((w, lane)),
                (px, py, LANE_PX),
                [
                    ("data-live", live.to_string()),
                    ("data-w", w.to_string()),
                    ("data-lane", lane.to_string()),
                ],
            );
        }
    }
    h
}

/// The GPU switch, the shape sliders and the shapes to try.
#[component]
pub fn ShapeControls() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let inputs = st.inputs;
    // The shape buttons are a toolbar: one tab stop, the arrow keys walk it.
    let roving = Roving::new(SHAPES.len(), 0);
    let shape_button = move |(n, (x, y, z)): (usize, (u32, u32, u32))| {
        let label = if z > 1 {
            format!("{x}×{y}×{z}")
        } else {
            format!("{x}×{y}")
        };
        view! {
            <button type="button" class="gx-button" data-testid=format!("shape-{x}x{y}x{z}")
                tabindex=roving.tabindex(n) data-roving=n.to_string()
                aria-pressed=move || inputs.with(|i| (i.bx, i.by, i.bz) == (x, y, z)).to_string()
                on:click=move |_| inputs.update(|i| { i.bx = x; i.by = y; i.bz = z; })>
                {label}
            </button>
        }
    };
    view! {
        <section class="l-page gx-hier__controls" data-testid="shape-controls">
            <h2>{t(text::SHAPE)}</h2>
            <GpuSelect ids=gpu_ids() selected=inputs.part(|i| i.gpu.clone())
                on_pick=Callback::new(move |id: String| inputs.update(|i| i.gpu = id))/>
            <div class="gx-hier__sliders">
                <div>
                    <FieldSlider inputs=inputs label=text::GRID_X min=u64::from(limits::GRID_X.0) max=u64::from(limits::GRID_X.1) scale=Scale::Log2
                        get=|i: &HierarchyInputs| i.gx put=|i: &mut HierarchyInputs, v| i.gx = v testid="slider-gx"/>
                    <FieldSlider inputs=inputs label=text::GRID_Y min=u64::from(limits::GRID_YZ.0) max=u64::from(limits::GRID_YZ.1) scale=Scale::Log2
                        get=|i: &HierarchyInputs| i.gy put=|i: &mut HierarchyInputs, v| i.gy = v testid="slider-gy"/>
                    <FieldSlider inputs=inputs label=text::GRID_Z min=u64::from(limits::GRID_YZ.0) max=u64::from(limits::GRID_YZ.1) scale=Scale::Log2
                        get=|i: &HierarchyInputs| i.gz put=|i: &mut HierarchyInputs, v| i.gz = v testid="slider-gz"/>
                </div>
                <div>
                    <FieldSlider inputs=inputs label=text::BLOCK_X min=u64::from(limits::BLOCK_XY.0) max=u64::from(limits::BLOCK_XY.1)
                        get=|i: &HierarchyInputs| i.bx put=|i: &mut HierarchyInputs, v| i.bx = v testid="slider-bx"/>
                    <FieldSlider inputs=inputs label=text::BLOCK_Y min=u64::from(limits::BLOCK_XY.0) max=u64::from(limits::BLOCK_XY.1)
                        get=|i: &HierarchyInputs| i.by put=|i: &mut HierarchyInputs, v| i.by = v testid="slider-by"/>
                    <FieldSlider inputs=inputs label=text::BLOCK_Z min=u64::from(limits::BLOCK_Z.0) max=u64::from(limits::BLOCK_Z.1)
                        get=|i: &HierarchyInputs| i.bz put=|i: &mut HierarchyInputs, v| i.bz = v testid="slider-bz"/>
                </div>
            </div>
            <p class="gx-hier__shapes" role="toolbar" aria-label=t(text::SHAPES)
                on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>
                <span class="gx-field__label" aria-hidden="true">{t(text::SHAPES)}</span>
                {SHAPES.into_iter().enumerate().map(shape_button).collect_view()}
            </p>
            <p class="gx-hier__summary" data-testid="summary" role="status">
                {move || st.outputs.with(|o| match &o.launch {
                    Ok(l) => view! {
                        <span>{text::summary(lang.get(), l.blocks(), l.threads_per_block(), l.warps_per_block(), l.threads())}</span>
                        {l.int_index_overflow().map(|x| view! {
                            " "<span class="gx-hier__warn" data-testid="int-overflow">{text::int_index_overflow(x, lang.get())}</span>
                        })}
                    }.into_any(),
                    Err(HierarchyError::TotalOverflow) => view! {
                        <span class="gx-hier__error" data-testid="launch-error">
                            {text::error(&HierarchyError::TotalOverflow, lang.get())}
                        </span>
                    }.into_any(),
                    Err(e) => view! {
                        <span class="gx-hier__error" data-testid="launch-error">
                            <strong>{t(text::LAUNCH_FAILS)}</strong>{text::error(e, lang.get())}
                        </span>
                    }.into_any(),
                })}
            </p>
        </section>
    }
}

/// The sliders that pick a thread: rebuilt when the shape changes (their ranges follow it).
#[component]
pub fn PickControls() -> impl IntoView {
    let st = state();
    let inputs = st.inputs;
    // The drawing reads only the block's shape (warps, lanes, thread indices).
    let launch = launch_by_block_shape(st);
    let global = Signal::derive(move || st.outputs.with(|o| o.pick.map(|t| t.global).unwrap_or(0)));
    move || {
        launch.get().map(|l: Launch| {
            let (g, b) = (l.grid(), l.block());
            let last = l.threads().saturating_sub(1);
            let pick_global = Callback::new(move |v: u64| {
                if let Ok(t) = l.thread_at(v) {
                    inputs.update(|i| i.pick(&t));
                }
            });
            let slider = |label: Tr, extent: u32, get: fn(&HierarchyInputs) -> u32, put: fn(&mut HierarchyInputs, u32), testid: &'static str| {
                (extent > 1).then(|| view! {
                    <FieldSlider inputs=inputs label=label min=0 max=u64::from(extent - 1) get=get put=put testid=testid/>
                })
            };
            view! {
                <section class="l-page gx-hier__pick" data-testid="pick-controls">
                    <h2>{t(text::PICK)}</h2>
                    <div class="gx-hier__sliders">
                        <div>
                            {slider(text::BLOCK_IDX_X, g.x, |i| i.kx, |i, v| i.kx = v, "slider-kx")}
                            {slider(text::BLOCK_IDX_Y, g.y, |i| i.ky, |i, v| i.ky = v, "slider-ky")}
                            {slider(text::BLOCK_IDX_Z, g.z, |i| i.kz, |i, v| i.kz = v, "slider-kz")}
                        </div>
                        <div>
                            {slider(text::THREAD_IDX_X, b.x, |i| i.tx, |i, v| i.tx = v, "slider-tx")}
                            {slider(text::THREAD_IDX_Y, b.y, |i| i.ty, |i, v| i.ty = v, "slider-ty")}
                            {slider(text::THREAD_IDX_Z, b.z, |i| i.tz, |i, v| i.tz = v, "slider-tz")}
                        </div>
                    </div>
                    <RangeSlider label=text::GLOBAL min=0 max=last value=global on_input=pick_global testid="slider-global"/>
                </section>
            }
        })
    }
}

/// One row of the coordinates table.
fn coord_row(
    what: Tr,
    expr: &'static str,
    value: impl IntoView + 'static,
    testid: &'static str,
) -> impl IntoView {
    view! {
        <tr data-testid=testid>
            <th scope="row">{t(what)}</th>
            <td><code>{expr}</code></td>
            <td class="gx-num">{value}</td>
        </tr>
    }
}

/// Every coordinate of the picked thread with its CUDA expression. The table is built once
/// (while a thread is picked) and its values follow the pick: a slider tick rewrites the numbers
/// that changed (it rebuilt the section, 40 elements, each tick).
#[component]
pub fn Coordinates() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let pick = Memo::new(move |_| st.outputs.with(|o| o.pick));
    let picked = Memo::new(move |_| pick.with(Option::is_some));
    let value = move |f: fn(&ThreadCoords) -> String| {
        move || pick.with(|p| p.as_ref().map(f).unwrap_or_default())
    };
    fn d3(d: Dim3) -> String {
        format!("({}, {}, {})", d.x, d.y, d.z)
    }
    move || {
        picked.get().then(|| {
            view! {
                <section class="l-page gx-hier__coords" data-testid="coords">
                    <h2>{t(text::COORDS)}</h2>
                    <p class="gx-hier__picked" data-testid="picked">{move || pick.get().map(|p| text::picked(lang.get(), p.warp, p.lane, p.tid))}</p>
                    <div class="gx-table-scroll">
                        <table class="gx-table">
                            <thead><tr><th>{t(text::COL_WHAT)}</th><th>{t(text::COL_EXPR)}</th><th>{t(text::COL_VALUE)}</th></tr></thead>
                            <tbody>
                                {coord_row(text::ROW_BLOCK_IDX, "blockIdx", value(|p| d3(p.block_idx)), "coord-block-idx")}
                                {coord_row(text::ROW_THREAD_IDX, "threadIdx", value(|p| d3(p.thread_idx)), "coord-thread-idx")}
                                {coord_row(text::ROW_TID, "threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y", value(|p| p.tid.to_string()), "coord-tid")}
                                {coord_row(text::ROW_WARP, "tid / warpSize", value(|p| p.warp.to_string()), "coord-warp")}
                                {coord_row(text::ROW_LANE, "tid % warpSize", value(|p| p.lane.to_string()), "coord-lane")}
                                {coord_row(text::ROW_GLOBAL_X, "blockIdx.x * blockDim.x + threadIdx.x", value(|p| p.global_xyz.0.to_string()), "coord-gx")}
                                {coord_row(text::ROW_GLOBAL_Y, "blockIdx.y * blockDim.y + threadIdx.y", value(|p| p.global_xyz.1.to_string()), "coord-gy")}
                                {coord_row(text::ROW_GLOBAL_Z, "blockIdx.z * blockDim.z + threadIdx.z", value(|p| p.global_xyz.2.to_string()), "coord-gz")}
                                {coord_row(text::ROW_BLOCK_LINEAR, "blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y", value(|p| p.block_linear.to_string()), "coord-block-linear")}
                                {coord_row(text::ROW_GLOBAL, "blockId * (blockDim.x * blockDim.y * blockDim.z) + tid", value(|p| p.global.to_string()), "coord-global")}
                            </tbody>
                        </table>
                    </div>
                </section>
            }
        })
    }
}

/// The picked z slice of the block: one square per thread, coloured by warp.
#[component]
pub fn BlockFigure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let inputs = st.inputs;
    // The grid is drawn once per launch and z slice; picking another thread in the slice only
    // moves the picked class (a slider tick re-draws two cells, not the block).
    let picked = Memo::new(move |_| st.outputs.with(|o| o.pick.map(|p| p.thread_idx)));
    // The drawing reads only the block's shape: a new grid size is no change here.
    let slice = Memo::new_with_compare(
        move |_| {
            st.outputs
                .with(|o| o.launch.ok().zip(o.pick.map(|p| p.thread_idx.z)))
        },
        |a, b| {
            let key = |s: Option<&Option<(Launch, u32)>>| {
                s.copied().flatten().map(|(l, z)| (l.block(), z))
            };
            key(a) != key(b)
        },
    );
    let view_of = move |l: Launch, z: u32| {
        let b = l.block();
        let width = LABEL_PX + f64::from(b.x) * CELL_PX;
        let height = 20.0 + f64::from(b.y) * CELL_PX;
        // The column header and the cells: one `Markup` block, patched in place when the pick
        // moves (two class attributes); a click is read off the cell it hit (`pick_cell`).
        let cells = Signal::derive(move || block_cells(b, z, picked.get()));
        let pick_cell = move |ev: leptos::ev::MouseEvent| {
            if let Some((_, [x, y])) = cell_data(&ev, ["data-x", "data-y"]) {
                inputs.update(|i| {
                    i.tx = x;
                    i.ty = y;
                });
            }
        };
        // The frozen row labels (threadIdx.y), over a mask below the column header.
        let rows = move || {
            let labels = (0..b.y)
                .map(|y| view! {
                    <text class="gx-hier__axis" x=LABEL_PX - 6.0 y=20.0 + f64::from(y) * CELL_PX + CELL_PX / 2.0 + 4.0 text-anchor="end">{y.to_string()}</text>
                })
                .collect_view();
            view! { <path class="gx-sfig__mask" d=format!("M0 18h{LABEL_PX}V{height}H0z")/>{labels} }
        };
        view! {
            {(b.z > 1).then(|| view! { <p class="gx-note">{move || text::slice(lang.get(), z, b.z)}</p> })}
            <ScrollFigure label=text::BLOCK_FIG width_px=width label_px=LABEL_PX height_px=height box_class="gx-hier__scroll"
                testid="block-figure" class="gx-hier__svg" labels=rows>
                <svg class="gx-hier__svg" width=width height=height viewBox=format!("0 0 {width} {height}") role="img" aria-label=move || t(text::BLOCK_FIG)()
                    on:click=pick_cell on:pointerover=move |ev| title_on_hover(&ev, ["data-x", "data-y"], |[x, y]| {
                        let tid = x + y * b.x + z * b.x * b.y;
                        format!("threadIdx ({x}, {y}, {z}) · tid {tid} · warp {} · lane {}", tid / WARP_SIZE, tid % WARP_SIZE)
                    })>
                    {markup_block("g", "", None, cells)}
                </svg>
            </ScrollFigure>
        }
    };
    view! {
        <section class="l-page gx-hier__figure gx-defer" data-testid="figure">
            <h2>{t(text::BLOCK_FIG)}</h2>
            <p class="gx-note">{t(text::BLOCK_FIG_NOTE)}</p>
            {move || match slice.get() {
                Some((l, z)) => view_of(l, z).into_any(),
                None => no_figure().into_any(),
            }}
        </section>
    }
}

/// The block's warps as rows of 32 lanes; lanes without a thread are hollow.
#[component]
pub fn WarpsFigure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let inputs = st.inputs;
    // Drawn once per launch; a pick only moves the picked class.
    let picked = Memo::new(move |_| st.outputs.with(|o| o.pick.map(|p| (p.warp, p.lane))));
    // The drawing reads only the block's shape (warps, lanes, thread indices).
    let launch = launch_by_block_shape(st);
    let view_of = move |l: Launch| {
        let warps = l.warps_per_block();
        let width = LABEL_PX + f64::from(WARP_SIZE) * LANE_PX;
        let height = 20.0 + f64::from(warps) * LANE_PX;
        // The lane header and the lanes: one `Markup` block (as the block figure's).
        let lanes = Signal::derive(move || warp_lanes(l, picked.get()));
        let pick_lane = move |ev: leptos::ev::MouseEvent| {
            let Some((_, [w, lane])) = cell_data(&ev, ["data-w", "data-lane"]) else {
                return;
            };
            if let Some(d) = l.thread_idx_of(w * WARP_SIZE + lane) {
                inputs.update(|i| {
                    i.tx = d.x;
                    i.ty = d.y;
                    i.tz = d.z;
                });
            }
        };
        // The frozen row labels (warp numbers), over a mask below the lane header.
        let rows = move || {
            let labels = (0..warps)
                .map(|w| view! {
                    <text class="gx-hier__axis" x=LABEL_PX - 6.0 y=20.0 + f64::from(w) * LANE_PX + LANE_PX / 2.0 + 4.0 text-anchor="end">{format!("w{w}")}</text>
                })
                .collect_view();
            view! { <path class="gx-sfig__mask" d=format!("M0 18h{LABEL_PX}V{height}H0z")/>{labels} }
        };
        let last = warps.saturating_sub(1);
        let live_last = l.warp_mask(last).count_ones();
        view! {
            <ScrollFigure label=text::WARPS_FIG width_px=width label_px=LABEL_PX height_px=height box_class="gx-hier__scroll"
                testid="warps-figure" class="gx-hier__svg" labels=rows>
                <svg class="gx-hier__svg" width=width height=height viewBox=format!("0 0 {width} {height}") role="img" aria-label=move || t(text::WARPS_FIG)()
                    on:click=pick_lane on:pointerover=move |ev| title_on_hover(&ev, ["data-w", "data-lane"], |[w, lane]| {
                        match l.thread_idx_of(w * WARP_SIZE + lane) {
                            Some(d) => format!("warp {w} · lane {lane} · threadIdx ({}, {}, {})", d.x, d.y, d.z),
                            None => format!("warp {w} · lane {lane} · —"),
                        }
                    })>
                    {markup_block("g", "", None, lanes)}
                </svg>
            </ScrollFigure>
            {(live_last < WARP_SIZE).then(|| view! {
                <p class="gx-hier__partial" data-testid="partial-warp">{move || text::partial(lang.get(), last, live_last)}</p>
            })}
        }
    };
    view! {
        <section class="l-page gx-hier__figure gx-defer" data-testid="warps">
            <h2>{t(text::WARPS_FIG)}</h2>
            <p class="gx-note">{t(text::WARPS_FIG_NOTE)}</p>
            {move || match launch.get() {
                Some(l) => view_of(l).into_any(),
                None => no_figure().into_any(),
            }}
        </section>
    }
}

/// The launch while it can run and a thread is picked, changing only when the block's shape
/// does (a pick or a grid change redraws nothing that reads it).
fn launch_by_block_shape(st: HierarchyState) -> Memo<Option<Launch>> {
    Memo::new_with_compare(
        move |_| {
            st.outputs
                .with(|o| o.launch.ok().filter(|_| o.pick.is_some()))
        },
        |a, b| {
            let key = |s: Option<&Option<Launch>>| s.copied().flatten().map(|l| l.block());
            key(a) != key(b)
        },
    )
}

/// In place of a figure or links while the launch cannot run (its error is above).
fn no_figure() -> impl IntoView {
    view! { <p class="gx-note" data-testid="no-figure">{t(text::NO_FIGURE)}</p> }
}

/// Links to the chapters that show the same shape.
#[component]
pub fn SeeAlso() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // The three hrefs (none while the launch cannot run): the list is built once and a slider
    // tick rewrites only the hrefs that changed.
    let hrefs = Memo::new(move |_| {
        let lang = lang.get().param();
        st.outputs
            .with(|o| o.launch.ok().zip(o.pick))
            .map(|(l, p)| {
                let gpu = st.inputs.with(|i| i.gpu.clone());
                let threads = l.threads_per_block();
                let b = l.block();
                let live = l.warp_mask(p.warp).count_ones();
                let href = |slug: &str, q: &str| format!("{}?{q}&lang={lang}", route_href(slug));
                let [c, d, o] = see_also_queries(&gpu, b.x, p.warp, live, threads);
                [
                    href("coalescing", &c),
                    href("divergence", &d),
                    href("occupancy", &o),
                ]
            })
    });
    let href = move |k: usize| move || hrefs.with(|h| h.as_ref().map(|h| h[k].clone()));
    view! {
        <section class="l-body" data-testid="see-also">
            <h2>{t(text::SEE_ALSO)}</h2>
            <Show when=move || hrefs.with(Option::is_some) fallback=no_figure>
                <ul class="gx-hier__links">
                    <li><a href=href(0) data-testid="link-coalescing">{t(text::LINK_COALESCING)}</a></li>
                    <li><a href=href(1) data-testid="link-divergence">{t(text::LINK_DIVERGENCE)}</a></li>
                    <li><a href=href(2) data-testid="link-occupancy">{t(text::LINK_OCCUPANCY)}</a></li>
                </ul>
            </Show>
        </section>
    }
}

/// Writes `text` to the clipboard where the Clipboard API exists; `on_done(true)` once written,
/// `on_done(false)` when refused or missing.
fn copy_to_clipboard(text: &str, on_done: Callback<bool>) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::js_sys::{Function, Promise, Reflect};
    let clipboard = web_sys::window()
        .and_then(|w| Reflect::get(&w.navigator(), &JsValue::from_str("clipboard")).ok())
        .filter(|c| !c.is_undefined() && !c.is_null());
    let Some(clipboard) = clipboard else {
        on_done.run(false);
        return;
    };
    let promise = Reflect::get(&clipboard, &JsValue::from_str("writeText"))
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .and_then(|f| f.call1(&clipboard, &JsValue::from_str(text)).ok())
        .and_then(|p| p.dyn_into::<Promise>().ok());
    let Some(promise) = promise else {
        on_done.run(false);
        return;
    };
    let ok = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| on_done.run(true));
    let err = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| on_done.run(false));
    let _ = promise.then2(&ok, &err);
    // The page lives as long as the promise may settle; the two closures are small.
    ok.forget();
    err.forget();
}

/// The generated kernel and launch, with a Copy button.
#[component]
pub fn Code() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let copied = RwSignal::new(None::<bool>);
    let code = Memo::new(move |_| {
        let shape = st.inputs.with(|i| (i.grid(), i.block()));
        text::code(shape.0, shape.1, lang.get())
    });
    let copy = move |_| {
        copy_to_clipboard(
            &code.get_untracked(),
            Callback::new(move |ok| copied.set(Some(ok))),
        );
    };
    view! {
        <section class="l-page gx-hier__code" data-testid="code">
            <h2>{t(text::CODE)}</h2>
            <div class="gx-hier__code-bar">
                <button type="button" class="gx-button" data-testid="copy-code" on:click=copy>{t(text::COPY)}</button>
                <span role="status" data-testid="copy-status">{move || copied.get().map(|ok| if ok { t(text::COPIED)() } else { t(text::COPY_FAILED)() })}</span>
            </div>
            <pre class="gx-hier__pre"><code data-testid="code-text" on:input=move |_| copied.set(None)>{move || code.get()}</code></pre>
        </section>
    }
}

/// The two pictures: who contains whom, who is handed to whom; the four sentences.
#[component]
pub fn Hierarchies() -> impl IntoView {
    let nest = |levels: [&'static str; 4]| {
        view! {
            <div class="gx-hier__nest">{levels[0]}
                <div class="gx-hier__nest">{levels[1]}
                    <div class="gx-hier__nest">{levels[2]}
                        <div class="gx-hier__nest">{levels[3]}</div>
                    </div>
                </div>
            </div>
        }
    };
    view! {
        <section class="l-page gx-hier__two" data-testid="hierarchies">
            <div class="gx-hier__picture" data-testid="contains">
                <h2>{t(text::CONTAINS)}</h2>
                <div class="gx-hier__pair">
                    <div>
                        <h3>{t(text::SOFTWARE)}</h3>
                        {nest(["Grid", "Block", "Warp", "Thread"])}
                    </div>
                    <div>
                        <h3>{t(text::HARDWARE)}</h3>
                        <div class="gx-hier__nest">"GPC"
                            <div class="gx-hier__nest">"TPC"
                                <div class="gx-hier__nest">"SM"
                                    <div class="gx-hier__nest">{t(text::PIPELINES)}</div>
                                </div>
                            </div>
                        </div>
                    </div>
                </div>
            </div>
            <div class="gx-hier__picture" data-testid="handed">
                <h2>{t(text::HANDED)}</h2>
                <ol class="gx-hier__flow">
                    <li>{t(text::HANDED_BLOCK)}</li>
                    <li>{t(text::HANDED_WARP)}</li>
                    <li>{t(text::HANDED_PIPE)}</li>
                </ol>
            </div>
        </section>
        <section class="l-body" data-testid="four-sentences">
            <p class="gx-hier__warning" data-testid="not-paired" role="note">{t(text::NOT_PAIRED)}</p>
            <h2>{t(text::FOUR)}</h2>
            <ol>
                {text::SENTENCES.into_iter().map(|s| view! { <li>{t(s)}</li> }).collect_view()}
            </ol>
        </section>
    }
}
