//! The Roofline chapter's views. Each reads [`RooflineState`] from context.

use leptos::prelude::*;

use crate::ui::shared::scroll_figure::ScrollFigure;

use crate::ui::shared::gpu_select::{all_gpu_ids, GpuSelect};

use crate::ui::shell::{FieldSlider, Terms};

use super::state::{limits, Family, PointKind, RooflineInputs, RooflineState};
use super::text;
use crate::geom::chart::ChartFrame;
use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::{Dtype, KernelShape, Placement, Precision};
use crate::ui::charts;
use crate::ui::charts::roofline_chart::{self, RooflineCanvas, RooflineDrawing};
use crate::ui::format::{bytes_both, duration, fixed, micros, si, sig3};
use crate::ui::i18n::{t, use_lang, Lang, Tr};
use crate::ui::shared::roving::Roving;
use crate::ui::widgets::{live_rows, RowCells};
use crate::ui::widgets::{DataDetails, NumberField, Scale};

fn state() -> RooflineState {
    expect_context::<RooflineState>()
}

fn point_class(kind: PointKind) -> &'static str {
    match kind {
        PointKind::Course(_) => "gx-pt gx-pt--course",
        PointKind::User => "gx-pt gx-pt--user",
        PointKind::Tiled => "gx-pt gx-pt--tiled",
        PointKind::Measured(_) => "gx-pt gx-pt--measured",
    }
}

/// A point's `data-testid`: "point-" and its kind in lower case, parentheses as dashes
/// ("point-user", "point-course-gemm-", "point-measured-elementwisevec16-").
fn point_testid(kind: PointKind) -> String {
    use super::state::CourseKernel;
    use crate::model::roofline::MeasuredId;
    let (group, item) = match kind {
        PointKind::User => return "point-user".into(),
        PointKind::Tiled => return "point-tiled".into(),
        PointKind::Course(c) => (
            "course",
            match c {
                CourseKernel::Elementwise => "elementwise",
                CourseKernel::RmsNorm => "rmsnorm",
                CourseKernel::Attention => "attention",
                CourseKernel::Gemm => "gemm",
                CourseKernel::W8a8 => "w8a8",
            },
        ),
        PointKind::Measured(m) => (
            "measured",
            match m {
                MeasuredId::ElementwiseNaive => "elementwisenaive",
                MeasuredId::ElementwiseVec16 => "elementwisevec16",
                MeasuredId::RmsNorm => "rmsnorm",
                MeasuredId::GemmBf16 => "gemmbf16",
            },
        ),
    };
    ["point-", group, "-", item, "-"].concat()
}

/// The number (1, 2, …) of a course kernel's point, in the order the points are listed; `None`
/// for the other points.
fn course_key(points: &[super::state::ChartPoint], kind: PointKind) -> Option<u32> {
    if !matches!(kind, PointKind::Course(_)) {
        return None;
    }
    let n = points
        .iter()
        .filter(|p| matches!(p.kind, PointKind::Course(_)))
        .position(|p| p.kind == kind)?;
    u32::try_from(n + 1).ok()
}

/// The chart: canvas roofs plus focusable SVG points and a tooltip.
#[component]
pub fn Figure() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let focused = RwSignal::new(None::<PointKind>);
    // The canvas's layout: the page's fixed frame, or the box it fills where it is given one
    // of its own (the classroom's stage: `FILL_ATTR` on a figure around it, sized).
    let stack = NodeRef::<leptos::html::Div>::new();
    // `(width, height, zoom)`: the box in its own CSS px and how much the page zooms it.
    let filled = RwSignal::new(None::<(u32, u32, u32)>);
    let read_box = move || {
        let Some(el) = stack.get_untracked() else {
            return;
        };
        let fill = el
            .closest(&format!("[{}]", charts::FILL_ATTR))
            .ok()
            .flatten()
            .map(|_| {
                let (w, h) = (el.client_width(), el.client_height());
                let zoom = el.get_bounding_client_rect().width() / f64::from(w.max(1));
                (
                    u32::try_from(w).unwrap_or(0),
                    u32::try_from(h).unwrap_or(0),
                    (zoom * 1000.0).round() as u32,
                )
            })
            .filter(|&(w, h, z)| w > 0 && h > 0 && z > 0);
        if filled.get_untracked() != fill {
            filled.set(fill);
        }
    };
    let relayout = window_event_listener_untyped(charts::RELAYOUT_EVENT, move |_| read_box());
    let resized = window_event_listener(leptos::ev::resize, move |_| read_box());
    on_cleanup(move || {
        relayout.remove();
        resized.remove();
    });
    let frame = Memo::new(move |_| match filled.get() {
        Some((w, h, _)) => ChartFrame::roofline_at(f64::from(w), f64::from(h)),
        None => ChartFrame::ROOFLINE,
    });
    let box_zoom = move || filled.get().map_or(1.0, |(_, _, z)| f64::from(z) / 1000.0);
    // The memos are read in place (`with`), not cloned whole at every tick.
    let drawing = Signal::derive(move || {
        let show_measured_copy = st.inputs.with(|i| i.measured && i.gpu == "h200");
        let (lang, frame, box_zoom) = (lang.get(), frame.get(), box_zoom());
        st.outputs.with(|out| RooflineDrawing {
            spec: out.spec.clone(),
            highlight: out.user.map(|_| out.user_shape.precision()),
            show_measured_copy,
            lang,
            memory_kind: out.gpu.memory_kind,
            points: out
                .points
                .iter()
                .map(|p| (p.intensity, p.flops_per_s, course_key(&out.points, p.kind)))
                .collect(),
            user: out
                .points
                .iter()
                .find(|p| p.kind == PointKind::User)
                .map(|p| (p.intensity, p.flops_per_s)),
            frame,
            box_zoom,
        })
    });
    // The measured layer's legend: `Some(true)` its mark (on the H200), `Some(false)` the hint
    // to pick the H200, `None` nothing (the layer off).
    let measured_shown =
        Memo::new(move |_| st.inputs.with(|i| i.measured.then_some(i.gpu == "h200")));
    let page = ChartFrame::ROOFLINE;
    let y_axis = NodeRef::<leptos::html::Canvas>::new();
    let view_box = move || frame.with(|f| format!("0 0 {} {}", f.width_px, f.height_px));
    let positioned = Memo::new(move |_| {
        let frame = frame.get();
        st.outputs.with(|out| {
            let (x_domain, y_domain) = roofline_chart::domains(&out.spec);
            let axes = frame.log_log(x_domain, y_domain);
            let rect = frame.plot_rect();
            out.points
                .iter()
                .map(|p| {
                    let (x, y) = axes.px_from_data(p.intensity, p.flops_per_s);
                    let inside = rect.contains(x, y);
                    (
                        *p,
                        x.clamp(rect.x0, rect.x1),
                        y.clamp(rect.y0, rect.y1),
                        inside,
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    // The points are one tab stop; the arrow keys walk them.
    let roving = Roving::new(Signal::derive(move || positioned.with(Vec::len)), 0);
    let tooltip = move || {
        let kind = focused.get()?;
        let (p, x, y, _) = positioned
            .get()
            .into_iter()
            .find(|(p, ..)| p.kind == kind)?;
        let (width, height) = frame.with(|f| (f.width_px, f.height_px));
        let left = x / width * 100.0;
        let top = y / height * 100.0;
        let flip = if left > 55.0 {
            "gx-tooltip gx-tooltip--left"
        } else {
            "gx-tooltip"
        };
        Some(view! {
            <div class=flip style=format!("left:{left:.2}%;top:{top:.2}%") role="tooltip" data-testid="tooltip">
                {text::describe(&p, lang.get())}
            </div>
        })
    };
    // The points' kinds: the points are rebuilt when they change (another kernel family, the
    // measured layer), not at a slider tick. A plain list, not a keyed `<For>`: the keyed diff's
    // code is the chapter's to ship, and nothing here keeps state across such a change.
    let point_keys =
        Memo::new(move |_| positioned.with(|v| v.iter().map(|(p, ..)| p.kind).collect::<Vec<_>>()));
    // The numbered key of the course's kernels (the numbers the chart writes beside their dots),
    // in the order the points are listed.
    let course_key_list = move || {
        let l = lang.get();
        point_keys.with(|kinds| {
            kinds
                .iter()
                .filter(|k| matches!(k, PointKind::Course(_)))
                .enumerate()
                .map(|(n, kind)| {
                    let name = text::point(*kind).get(l);
                    view! { <li data-testid="course-key"><b class="gx-key-number">{n + 1}</b>" "{name}</li> }
                })
                .collect_view()
        })
    };
    // Built once per point; a slider tick moves it and rewrites its label.
    let point = move |i: usize, kind: PointKind| {
        let at = move || positioned.with(|v| v.get(i).copied());
        let label = move || {
            at().map(|(p, ..)| text::describe(&p, lang.get()))
                .unwrap_or_default()
        };
        let r = if kind == PointKind::User { "8" } else { "6" };
        view! {
            <g class=point_class(kind) class:gx-pt--clipped=move || at().is_some_and(|a| !a.3)
                data-testid=point_testid(kind)>
                <circle
                    cx=move || format!("{:.1}", at().map_or(0.0, |a| a.1)) cy=move || format!("{:.1}", at().map_or(0.0, |a| a.2)) r=r
                    tabindex=roving.tabindex(i) data-roving=i.to_string()
                    role="img" aria-label=label
                    on:mouseenter=move |_| focused.set(Some(kind))
                    on:mouseleave=move |_| focused.set(None)
                    on:focus=move |_| focused.set(Some(kind))
                    on:blur=move |_| focused.set(None)
                >
                    <title>{label}</title>
                </circle>
            </g>
        }
        .into_any()
    };
    view! {
        <figure class="gx-figure gx-chart" data-testid="figure">
            <ScrollFigure label=text::CHART width_px=page.width_px label_px=roofline_chart::y_axis_strip_px()
                height_px=page.height_px label_canvas=y_axis parts_focusable=true>
            <div class="gx-chart__stack" node_ref=stack data-can-fill=format!("{} {}", page.width_px, page.height_px)>
                <RooflineCanvas drawing=drawing y_axis=y_axis/>
                <svg class="gx-chart__overlay" viewBox=view_box role="group"
                    aria-label=t(text::KERNELS_ON_THE_ROOFLINE)
                    tabindex="-1" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>
                    {move || point_keys.get().into_iter().enumerate().map(|(i, kind)| point(i, kind)).collect_view()}
                </svg>
                {tooltip}
            </div>
            </ScrollFigure>
            <figcaption>
                <ul class="gx-legend">
                    <li><span class="gx-legend__mark gx-pt--course"></span>{t(text::COURSE_KERNELS)}</li>
                    {course_key_list}
                    <li><span class="gx-legend__mark gx-pt--user"></span>{t(text::YOUR_KERNEL)}</li>
                    <li><span class="gx-legend__mark gx-pt--tiled"></span>{t(text::TILES)}</li>
                    {move || measured_shown.get().map(|on_h200| if on_h200 {
                        view! { <li><span class="gx-legend__mark gx-pt--measured"></span>{t(text::MEASURED_LEGEND)}</li> }.into_any()
                    } else {
                        view! { <li class="gx-legend__hint">{t(text::MEASURED_HINT)}</li> }.into_any()
                    })}
                </ul>
            </figcaption>
        </figure>
    }
}

/// A kernel family's `<option>` value (its name in the code, as the page has always written it).
fn family_value(f: Family) -> &'static str {
    match f {
        Family::Gemm => "Gemm",
        Family::Elementwise => "Elementwise",
        Family::Rmsnorm => "Rmsnorm",
        Family::Attention => "Attention",
        Family::W8a8 => "W8a8",
        Family::Custom => "Custom",
    }
}

fn set(f: impl Fn(&mut RooflineInputs) + 'static + Send + Sync) {
    state().inputs.update(f);
}

fn slider(
    label: Tr,
    range: (u64, u64),
    scale: Scale,
    get: fn(&RooflineInputs) -> u64,
    put: fn(&mut RooflineInputs, u64),
    testid: &'static str,
) -> impl IntoView {
    let inputs = state().inputs;
    view! { <FieldSlider inputs=inputs label=label min=range.0 max=range.1 scale=scale get=get put=put testid=testid/> }
}

/// A kernel family's sliders: `(family, label, range, scale, read, write, data-testid)`, in
/// the order they are shown.
type FamilySlider = (
    Family,
    Tr,
    (u64, u64),
    Scale,
    fn(&RooflineInputs) -> u64,
    fn(&mut RooflineInputs, u64),
    &'static str,
);

const FAMILY_SLIDERS: [FamilySlider; 13] = [
    (
        Family::Gemm,
        text::M_ROWS_OF_A,
        limits::DIM,
        Scale::Log2,
        |i| i.m,
        |i, v| i.m = v,
        "slider-m",
    ),
    (
        Family::Gemm,
        text::N_COLUMNS_OF_B,
        limits::DIM,
        Scale::Log2,
        |i| i.n,
        |i, v| i.n = v,
        "slider-n",
    ),
    (
        Family::Gemm,
        text::K_REDUCTION_LENGTH,
        limits::DIM,
        Scale::Log2,
        |i| i.k,
        |i, v| i.k = v,
        "slider-k",
    ),
    (
        Family::Elementwise,
        text::N_ELEMENTS,
        limits::ELEMS,
        Scale::Log2,
        |i| i.elems,
        |i, v| i.elems = v,
        "slider-elems",
    ),
    (
        Family::Rmsnorm,
        text::ROWS_TOKENS,
        limits::ROWS,
        Scale::Log2,
        |i| i.rows,
        |i, v| i.rows = v,
        "slider-rows",
    ),
    (
        Family::Rmsnorm,
        text::D_HIDDEN_SIZE,
        limits::WIDTH,
        Scale::Log2,
        |i| i.d,
        |i, v| i.d = v,
        "slider-d",
    ),
    (
        Family::Attention,
        text::S_CONTEXT_LENGTH_TOKENS,
        limits::ROWS,
        Scale::Log2,
        |i| i.s,
        |i, v| i.s = v,
        "slider-s",
    ),
    (
        Family::Attention,
        text::LAYERS,
        limits::COUNT,
        Scale::Linear,
        |i| i.layers,
        |i, v| i.layers = v,
        "slider-layers",
    ),
    (
        Family::Attention,
        text::KV_HEADS,
        limits::COUNT,
        Scale::Linear,
        |i| i.kvh,
        |i, v| i.kvh = v,
        "slider-kvh",
    ),
    (
        Family::Attention,
        text::Q_HEADS,
        limits::COUNT,
        Scale::Linear,
        |i| i.qh,
        |i, v| i.qh = v,
        "slider-qh",
    ),
    (
        Family::Attention,
        text::D_HEAD,
        limits::WIDTH,
        Scale::Log2,
        |i| i.dh,
        |i, v| i.dh = v,
        "slider-dh",
    ),
    (
        Family::W8a8,
        text::K_INPUT_FEATURES,
        limits::DIM,
        Scale::Log2,
        |i| i.wk,
        |i, v| i.wk = v,
        "slider-wk",
    ),
    (
        Family::W8a8,
        text::N_OUTPUT_FEATURES,
        limits::DIM,
        Scale::Log2,
        |i| i.wn,
        |i, v| i.wn = v,
        "slider-wn",
    ),
];

/// The controls: GPU, value source, measured layer, the reader's kernel, tile sizes.
#[component]
pub fn Controls() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let kind = Memo::new(move |_| st.inputs.with(|i| i.kind));
    let family_sliders = move || {
        match kind.get() {
        Family::Custom => view! {
            <NumberField label=text::FLOPS min=limits::AMOUNT.0 max=limits::AMOUNT.1 testid="field-flops"
                value=st.inputs.part(|i| i.flops)
                on_input=Callback::new(move |v| st.inputs.update(|i| i.flops = v))/>
            <NumberField label=text::BYTES_MOVED_TO_FROM min=limits::AMOUNT.0 max=limits::AMOUNT.1 testid="field-bytes"
                value=st.inputs.part(|i| i.bytes)
                on_input=Callback::new(move |v| st.inputs.update(|i| i.bytes = v))/>
            <label class="gx-field">
                <span class="gx-field__label">{t(text::ROOF)}</span>
                <select class="gx-select" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(p) = Precision::ALL.iter().find(|p| p.label() == v) {
                        let p = *p;
                        set(move |i| i.prec = p);
                    }
                }>
                    {Precision::ALL.iter().map(|p| view! {
                        <option value=p.label() selected=move || st.inputs.with(|i| i.prec == *p)>{p.label()}</option>
                    }).collect_view()}
                </select>
            </label>
        }.into_any(),
        // The other families: their sliders, from the table.
        family => FAMILY_SLIDERS
            .iter()
            .filter(|s| s.0 == family)
            .map(|&(_, label, range, scale, get, put, testid)| slider(label, range, scale, get, put, testid))
            .collect_view()
            .into_any(),
    }
    };
    let shows_dtype = Memo::new(move |_| {
        matches!(
            kind.get(),
            Family::Gemm | Family::Elementwise | Family::Rmsnorm | Family::Attention
        )
    });
    view! {
        <aside class="gx-controls" aria-label=t(crate::ui::text::CONTROLS)>
            <GpuSelect ids=all_gpu_ids() selected=st.inputs.part(|i| i.gpu.clone())
                on_pick=Callback::new(move |id: String| set(move |i| i.gpu = id.clone()))/>
            <fieldset class="gx-field gx-radios">
                <legend class="gx-field__label">{t(text::VALUES)}</legend>
                <label>
                    <input type="radio" name="roofline-src" data-testid="src-course"
                        prop:checked=move || st.inputs.with(|i| i.src == ValueSource::Course)
                        on:change=move |_| set(|i| i.src = ValueSource::Course)/>
                    {t(text::COURSE_VALUES)}
                </label>
                <label>
                    <input type="radio" name="roofline-src" data-testid="src-datasheet"
                        prop:checked=move || st.inputs.with(|i| i.src == ValueSource::Datasheet)
                        on:change=move |_| set(|i| i.src = ValueSource::Datasheet)/>
                    {t(text::DATASHEET_VALUES)}
                </label>
            </fieldset>
            {move || {
                let l = lang.get();
                st.outputs
                    .with(|o| o.gpu.course.is_none().then(|| text::no_course_values_note(&o.gpu, l)))
                    .map(|note| view! { <p class="gx-note" data-testid="no-course-values">{note}</p> })
            }}
            <label class="gx-check">
                <input type="checkbox" data-testid="toggle-measured"
                    disabled=move || st.inputs.with(|i| i.gpu != "h200")
                    prop:checked=move || st.inputs.with(|i| i.measured)
                    on:change=move |ev| { let on = event_target_checked(&ev); set(move |i| i.measured = on); }/>
                {t(text::SHOW_MEASURED)}
            </label>
            <h2 class="gx-h3">{t(text::YOUR_KERNEL)}</h2>
            <label class="gx-field">
                <span class="gx-field__label">{t(text::FAMILY)}</span>
                <select class="gx-select" data-testid="select-family" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(f) = Family::ALL.iter().find(|f| family_value(**f) == v) {
                        let f = *f;
                        // A kernel family is a preset: its own history entry.
                        state().inputs.navigate_update(move |i| i.kind = f);
                    }
                }>
                    {Family::ALL.iter().map(|f| {
                        let f = *f;
                        view! { <option value=family_value(f) selected=move || kind.get() == f>{move || text::family(f).get(lang.get())}</option> }
                    }).collect_view()}
                </select>
            </label>
            {move || shows_dtype.get().then(|| view! {
                <label class="gx-field">
                    <span class="gx-field__label">{t(text::DTYPE)}</span>
                    <select class="gx-select" data-testid="select-dtype" on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(d) = Dtype::ALL.iter().find(|d| d.label() == v) {
                            let d = *d;
                            set(move |i| i.dtype = d);
                        }
                    }>
                        {Dtype::ALL.iter().map(|d| view! {
                            <option value=d.label() selected=move || st.inputs.with(|i| i.dtype == *d)>{d.label()}</option>
                        }).collect_view()}
                    </select>
                </label>
            })}
            {family_sliders}
            <h2 class="gx-h3">{t(text::TILES)}</h2>
            {slider(text::BM_TILE_ROWS, limits::TILE, Scale::Log2, |i| i.bm, |i, v| i.bm = v, "slider-bm")}
            {slider(text::BN_TILE_COLUMNS, limits::TILE, Scale::Log2, |i| i.bn, |i, v| i.bn = v, "slider-bn")}
            {slider(text::BK_K_PER_STAGE, limits::TILE_K, Scale::Log2, |i| i.bk, |i, v| i.bk = v, "slider-bk")}
        </aside>
    }
}

/// `(FLOPs formula, bytes formula)` of a shape, with its numbers substituted.
fn formulas(shape: &KernelShape, lang: Lang) -> (String, String) {
    match *shape {
        KernelShape::Gemm { m, n, k, dtype } => (
            format!("2·M·N·K = 2·{m}·{n}·{k}"),
            format!("(M·K + K·N + M·N)·{} B", dtype.bytes()),
        ),
        KernelShape::Elementwise { n, dtype } => {
            (format!("n = {n}"), format!("3·n·{} B  (read x, b; write y)", dtype.bytes()))
        }
        KernelShape::RmsNorm { rows, d, dtype } => (
            format!("4·rows·d = 4·{rows}·{d}"),
            format!("2·rows·d·{} B  (read + write)", dtype.bytes()),
        ),
        KernelShape::DecodeAttention { s, layers, kv_heads, q_heads, d_head, dtype } => (
            format!("4·q_heads·d_head·s·layers = 4·{q_heads}·{d_head}·{s}·{layers}"),
            format!("2·kv_heads·d_head·{}·s·layers = 2·{kv_heads}·{d_head}·{}·{s}·{layers} B  (K and V)", dtype.bytes(), dtype.bytes()),
        ),
        KernelShape::W8a8Gemv { k, n } => (
            format!("2·K·N = 2·{k}·{n}"),
            format!("N·K + K + 4·N + 2·N = {n}·{k} + {k} + 4·{n} + 2·{n} B"),
        ),
        KernelShape::Custom { .. } => {
            let typed = text::TYPED_IN.get(lang);
            (typed.into(), typed.into())
        }
    }
}

/// The reader's kernel's rows `(quantity, formula, value)`; the last is the verdict.
fn panel_cells(
    shape: KernelShape,
    p: Placement,
    memory_kind: &'static str,
    lang: Lang,
) -> RowCells {
    let (ff, bf) = formulas(&shape, lang);
    let prec = shape.precision().label();
    let unit = text::ops(shape.precision());
    let ridge = p.roof.ridge_point();
    vec![
        (text::FLOPS_ROW, ff, si(p.flops, "")),
        (text::BYTES_MINIMUM, bf, bytes_both(p.bytes)),
        (
            text::ARITHMETIC_INTENSITY_I,
            "FLOPs / bytes".into(),
            format!("{} FLOP/byte", sig3(p.intensity)),
        ),
        (
            text::COMPUTE_ROOF_P,
            prec.to_string(),
            si(p.roof.peak_flops_per_s, unit),
        ),
        (
            text::BANDWIDTH_BW,
            memory_kind.to_string(),
            si(p.roof.bandwidth_bytes_per_s, "B/s"),
        ),
        (
            text::RIDGE_POINT,
            "P / BW".into(),
            format!("{} FLOP/byte", sig3(ridge)),
        ),
        (
            text::ATTAINABLE,
            "min(P, I × BW)".into(),
            si(p.attainable_flops_per_s, unit),
        ),
        (
            text::COMPUTE_TIME,
            "FLOPs / P".into(),
            duration(p.compute_time_s),
        ),
        (
            text::MEMORY_TIME,
            "bytes / BW".into(),
            duration(p.memory_time_s),
        ),
        (
            text::TIME_LOWER_BOUND,
            "max(FLOPs / P, bytes / BW)".into(),
            duration(p.time_lower_bound_s),
        ),
        (
            text::BOUND,
            if p.intensity < ridge {
                "I < ridge"
            } else if p.intensity > ridge {
                "I > ridge"
            } else {
                "I = ridge"
            }
            .into(),
            text::bound(p.bound).get(lang).into(),
        ),
    ]
}

/// Rows of [`panel_cells`] before the verdict.
const PANEL_ROWS: usize = 10;

/// Every derived number of the reader's kernel with its formula.
#[component]
pub fn NumbersPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // The rows are built once (rebuilt only when the GPU gains or loses the kernel's unit); a
    // slider tick rewrites their text.
    let cells = Memo::new(move |_| {
        let l = lang.get();
        st.outputs.with(|o| {
            o.user
                .map(|p| panel_cells(o.user_shape, p, o.gpu.memory_kind, l))
                .unwrap_or_default()
        })
    });
    let placed = Memo::new(move |_| st.outputs.with(|o| o.user.is_some()));
    view! {
        <section class="l-body gx-numbers" data-testid="numbers">
            <h2>{t(text::NUMBERS)}</h2>
            <p class="gx-numbers__gpu">{move || {
                let name = st.outputs.with(|o| o.gpu.name);
                format!("{} · {}", name, text::family(st.inputs.with(|i| i.kind)).get(lang.get()))
            }}</p>
            {move || {
                if placed.get() {
                    let verdict = move |f: fn(&(Tr, String, String), Lang) -> String| move || {
                        let l = lang.get();
                        cells.with(|c| c.get(PANEL_ROWS).map(|r| f(r, l)).unwrap_or_default())
                    };
                    view! {
                        <table class="gx-table">
                            <thead><tr>
                                <th scope="col">{t(text::QUANTITY)}</th>
                                <th scope="col">{t(text::FORMULA)}</th>
                                <th scope="col">{t(text::VALUE)}</th>
                            </tr></thead>
                            <tbody>
                                {live_rows(cells, 0..PANEL_ROWS)}
                                <tr class="gx-numbers__verdict">
                                    <th scope="row">{t(text::BOUND)}</th>
                                    <td class="gx-formula">{verdict(|r, _| r.1.clone())}</td>
                                    <td class="gx-value" data-testid="user-bound">{verdict(|r, _| r.2.clone())}</td>
                                </tr>
                            </tbody>
                        </table>
                    }.into_any()
                } else {
                    view! { <p class="gx-error" role="alert" data-testid="no-unit">{move || {
                        let l = lang.get();
                        st.outputs.with(|o| text::no_unit(o.user_shape.precision(), &o.gpu, l))
                    }}</p> }.into_any()
                }
            }}
        </section>
    }
}

/// Rows of the tiled panel before its verdict.
const TILED_ROWS: usize = 7;

/// The tiled GEMM's traffic without L2 reuse, and where it lands against the ridge.
#[component]
pub fn TiledPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // The rows are built once; a slider tick rewrites their text.
    let cells = Memo::new(move |_| {
        let l = lang.get();
        let i = st.inputs.get();
        st.outputs.with(|out| {
            let tg = out.tiled;
            let (m, n, k) = if i.kind == Family::Gemm {
                (i.m, i.n, i.k)
            } else {
                (4096, 4096, 4096)
            };
            let e = i.dtype.bytes();
            vec![
                (
                    text::BLOCKS,
                    format!("⌈M/BM⌉·⌈N/BN⌉ = ⌈{m}/{}⌉·⌈{n}/{}⌉", i.bm, i.bn),
                    crate::ui::format::grouped(tg.blocks),
                ),
                (
                    text::ELEMENTS_READ_PER_BLOCK,
                    format!("(BM + BN)·K = ({} + {})·{k}", i.bm, i.bn),
                    crate::ui::format::grouped(tg.elements_read_per_block),
                ),
                (
                    text::HBM_BYTES_NO_L2,
                    format!("blocks·(BM + BN)·K·{e} + M·N·{e}"),
                    bytes_both(tg.bytes),
                ),
                (
                    text::NAIVE_GEMM_BYTES,
                    format!("(2·M·N·K + M·N)·{e}"),
                    bytes_both(tg.naive_bytes),
                ),
                (
                    text::SAVING_VS_NAIVE,
                    "naive / tiled".into(),
                    format!("{}×", sig3(tg.naive_bytes / tg.bytes)),
                ),
                (
                    text::INTENSITY_WITHOUT_L2_REUSE,
                    "2·M·N·K / bytes".into(),
                    format!("{} FLOP/byte", sig3(tg.intensity)),
                ),
                (
                    text::SHARED_MEMORY_PER_STAGE,
                    format!("(BM + BN)·BK·{e} = ({} + {})·{}·{e}", i.bm, i.bn, i.bk),
                    {
                        let (one, two) = (
                            crate::ui::format::bytes_binary(tg.smem_per_stage_bytes as f64),
                            crate::ui::format::bytes_binary(2.0 * tg.smem_per_stage_bytes as f64),
                        );
                        text::one_double_buffered(one, two, l)
                    },
                ),
            ]
        })
    });
    let verdict = Memo::new(move |_| {
        let l = lang.get();
        let dtype = st.inputs.with(|i| i.dtype);
        st.outputs.with(|out| {
            out.tiled_place
                .map(|p| {
                    let ridge = p.roof.ridge_point();
                    let rel = if p.intensity < ridge { "<" } else { "≥" };
                    format!(
                        "I = {} {rel} {} → {}",
                        sig3(p.intensity),
                        sig3(ridge),
                        text::bound(p.bound).get(l)
                    )
                })
                .unwrap_or_else(|| text::no_unit(dtype.tensor_precision(), &out.gpu, l))
        })
    });
    view! {
        <section class="l-body gx-numbers" data-testid="tiled">
            <h2>{t(text::TILES)}</h2>
            <p>{t(text::ONE_BLOCK_COMPUTES_A)}</p>
            <table class="gx-table">
                <tbody>
                    {live_rows(cells, 0..TILED_ROWS)}
                    <tr class="gx-numbers__verdict"><th scope="row">{t(text::AGAINST_THE_RIDGE)}</th><td colspan="2" data-testid="tiled-verdict">{verdict}</td></tr>
                </tbody>
            </table>
            <p class="gx-note"><Terms text=text::REAL_GEMMS_GET_WELL/></p>
        </section>
    }
}

/// The course's table, A100 vs H100, reproduced from the model.
#[component]
pub fn CourseTable() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // Rebuilt when the course's rows change (the value source), not at every slider tick; the
    // rows' words follow the language in place.
    let course_src = st.inputs.part(|i| i.src == ValueSource::Course);
    view! {
        <section class="l-body" data-testid="course-table">
            <h2>{move || if course_src.get() { text::COURSE_TABLE } else { text::COURSE_TABLE_DATASHEET }.get(lang.get())}</h2>
            <div class="gx-table-scroll" tabindex="0" role="region" aria-label=t(text::COURSE_TABLE)>
            <table class="gx-table gx-table--numeric">
                <thead><tr>
                    <th scope="col">"kernel"</th>
                    <th scope="col">"FLOPs"</th>
                    <th scope="col">{t(text::BYTES)}</th>
                    <th scope="col">"I"</th>
                    <th scope="col">"A100 (µs)"</th>
                    <th scope="col">"H100 (µs)"</th>
                    <th scope="col">{t(text::BOUND_LABEL)}</th>
                    <th scope="col">{t(text::SPEED_UP)}</th>
                </tr></thead>
                <tbody>
                    {move || { course_src.track(); st.outputs.with_untracked(|o| o.course_rows.clone()) }.into_iter().map(|(c, cmp)| {
                        let name = t(text::course_kernel(c));
                        match cmp {
                            Some(cmp) => view! {
                                <tr>
                                    <th scope="row">{name}</th>
                                    <td>{format!("{:.3e}", cmp.a.flops)}</td>
                                    <td>{format!("{:.3e}", cmp.a.bytes)}</td>
                                    <td>{sig3(cmp.a.intensity)}</td>
                                    <td data-testid="course-a100">{fixed(cmp.a.time_lower_bound_s * 1e6, 1)}</td>
                                    <td data-testid="course-h100">{fixed(cmp.b.time_lower_bound_s * 1e6, 1)}</td>
                                    <td>{t(text::bound(cmp.a.bound))}</td>
                                    <td>{format!("{}×", fixed(cmp.speedup, 2))}</td>
                                </tr>
                            }.into_any(),
                            None => view! { <tr><th scope="row">{name}</th><td colspan="7">"—"</td></tr> }.into_any(),
                        }
                    }).collect_view()}
                </tbody>
            </table>
            </div>
            <p class="gx-note">{move || {
                let src = st.inputs.with(|i| i.src);
                let (a, h) = (GpuSpec::a100_sxm(), GpuSpec::h100_sxm());
                let bw = (h.bandwidth_from(src), a.bandwidth_from(src));
                let pk = (
                    h.roof_from(Precision::Bf16Tensor, src).map(|r| r.peak_flops_per_s).unwrap_or(f64::NAN),
                    a.roof_from(Precision::Bf16Tensor, src).map(|r| r.peak_flops_per_s).unwrap_or(f64::NAN),
                );
                text::course_table_note(bw, pk, lang.get())
            }}</p>
            <p class="gx-note">{move || text::values_note(st.inputs.with(|i| i.src), lang.get())}</p>
        </section>
    }
}

/// What the H200 measured, against its roofs.
#[component]
pub fn MeasuredTable() -> impl IntoView {
    let st = state();
    // The measurements are fixed: the rows are built once; their names follow the language.
    view! {
        <section class="l-body" data-testid="measured">
            <h2>{t(text::MEASURED_TITLE)}</h2>
            <p>{t(text::MEASURED_NOTE)}</p>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric">
                <thead><tr>
                    <th scope="col">"kernel"</th>
                    <th scope="col">{t(text::TIME)}</th>
                    <th scope="col">{t(text::BANDWIDTH)}</th>
                    <th scope="col">{t(text::OF_COPY_4277_GB)}</th>
                    <th scope="col">{t(text::ACHIEVED)}</th>
                </tr></thead>
                <tbody>
                    {st.outputs.with_untracked(|o| o.measured).into_iter().map(|m| view! {
                        <tr>
                            <th scope="row">{t(text::measured(m.id))}</th>
                            <td>{micros(m.time_s)}</td>
                            <td>{si(m.achieved_bandwidth_bytes_per_s(), "B/s")}</td>
                            <td>{crate::ui::format::percent(m.share_of_copy())}</td>
                            <td>{si(m.achieved_flops_per_s(), "FLOP/s")}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            </div>
        </section>
    }
}

/// The chart's data as a table, collapsible, for screen readers and for checking.
#[component]
pub fn DataTable() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // The roofs' rows are rebuilt when the roofs change; the points' items are built once per
    // point and follow its text.
    let roof_key = st.inputs.part(|i| {
        let mut key = i.gpu.clone();
        key.push(if i.src == ValueSource::Course {
            'c'
        } else {
            'd'
        });
        key
    });
    let point_count = Memo::new(move |_| st.outputs.with(|o| o.points.len()));
    view! {
        <DataDetails summary=text::DATA_TABLE>
            <table class="gx-table gx-table--numeric">
                <caption>{move || st.outputs.with(|o| o.gpu.name)}</caption>
                <thead><tr>
                    <th scope="col">{t(text::ROOF_LABEL)}</th>
                    <th scope="col">"P"</th>
                    <th scope="col">"BW"</th>
                    <th scope="col">{t(text::RIDGE_FLOP_BYTE)}</th>
                </tr></thead>
                <tbody>
                    {move || { roof_key.track(); st.outputs.with_untracked(|o| o.spec.roofs.clone()) }.into_iter().map(|r| view! {
                        <tr>
                            <th scope="row">{r.precision.label()}</th>
                            <td>{si(r.roof.peak_flops_per_s, "FLOP/s")}</td>
                            <td>{si(r.roof.bandwidth_bytes_per_s, "B/s")}</td>
                            <td>{sig3(r.ridge_point)}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            <ul class="gx-data-table__points">
                {move || (0..point_count.get()).map(|k| view! {
                    <li>{move || { let l = lang.get(); st.outputs.with(|o| o.points.get(k).map(|p| text::describe(p, l)).unwrap_or_default()) }}</li>
                }.into_any()).collect_view()}
            </ul>
        </DataDetails>
    }
}
