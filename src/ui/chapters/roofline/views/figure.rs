//! The roofline figure: the roofs, the ridge points and every kernel's point on the chart.

use leptos::prelude::*;

use crate::ui::shared::scroll_figure::ScrollFigure;

use crate::geom::chart::ChartFrame;
use crate::ui::chapters::roofline::state::PointKind;
use crate::ui::chapters::roofline::text;
use crate::ui::charts;
use crate::ui::charts::roofline_chart::{self, RooflineCanvas, RooflineDrawing};
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::roving::Roving;

use super::state;

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
    use crate::model::roofline::MeasuredId;
    use crate::ui::chapters::roofline::state::CourseKernel;
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
fn course_key(
    points: &[crate::ui::chapters::roofline::state::ChartPoint],
    kind: PointKind,
) -> Option<u32> {
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
