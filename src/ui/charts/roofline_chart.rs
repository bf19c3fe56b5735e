//! The Roofline chart: roofs and axes drawn by plotters on a canvas; kernel points drawn as
//! focusable SVG circles over it, positioned through the same [`ChartFrame`].

use crate::ui::charts::backend::MeasuredCanvas;
use leptos::prelude::*;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use wasm_bindgen::JsCast;

use super::text;
use crate::geom::chart::{ChartFrame, Rect as FrameRect};
use crate::geom::legible::{place_labels, LabelBox};
use crate::geom::scale::roofline_domains;
use crate::model::roofline::{Precision, RooflineChartSpec, H200_COPY_BANDWIDTH_BYTES_PER_S};
use crate::ui::charts::colors::Tokens;
use crate::ui::format::{si, sig3};
use crate::ui::i18n::Lang;

/// What the canvas draws (roofs, highlighted roof, optional measured copy roof, axis titles).
#[derive(Clone, Debug, PartialEq)]
pub struct RooflineDrawing {
    /// Roofs and domains.
    pub spec: RooflineChartSpec,
    /// The roof to draw thicker (the reader's kernel's).
    pub highlight: Option<Precision>,
    /// Draw the H200's measured copy bandwidth as a dashed roof.
    pub show_measured_copy: bool,
    /// Axis-title language.
    pub lang: Lang,
    /// Device memory kind for the slanted roof's label ("HBM2e", "GDDR6X", …).
    pub memory_kind: &'static str,
    /// The kernel points the SVG overlay draws, `(FLOP/byte, FLOP/s, key)`: the roof labels keep
    /// clear of them, and a point with a key (the course's kernels, numbered as in the figure's
    /// legend) gets that number placed beside it without overlap.
    pub points: Vec<(f64, f64, Option<u32>)>,
    /// The reader's kernel's point `(FLOP/byte, FLOP/s)`, also in `points`: labelled "your
    /// kernel" first, so the course's numbers keep clear of it and of its label (the default
    /// kernel is the course's GEMM, whose number would otherwise seem to name the reader's dot).
    pub user: Option<(f64, f64)>,
    /// The canvas's layout in CSS px: [`ChartFrame::ROOFLINE`] on the chapter's page, the box
    /// it fills where it has one of its own ([`ChartFrame::roofline_at`], the classroom).
    pub frame: ChartFrame,
    /// How much the page zooms the box the canvas fills (1 on the chapter's page; the
    /// classroom's stage enlarges a filled chart on a big screen): the backing store gets that
    /// many more pixels, so the zoomed drawing stays sharp.
    pub box_zoom: f64,
}

/// The chart's axis domains `(x, y)` for `spec` (FLOP/byte, FLOP/s), decade-aligned: shared by
/// the canvas and the SVG overlay of points so both use the same axes.
pub fn domains(spec: &RooflineChartSpec) -> ((f64, f64), (f64, f64)) {
    roofline_domains(
        spec.intensity_extent,
        spec.bandwidth_bytes_per_s,
        spec.top_flops_per_s,
    )
}

fn decade_label(v: f64) -> String {
    let e = v.log10().round() as i32;
    match e {
        -3 => "0.001".into(),
        -2 => "0.01".into(),
        -1 => "0.1".into(),
        0..=4 => format!("{}", 10f64.powi(e)),
        _ => format!("1e{e}"),
    }
}

/// Draws the chart on `canvas` (sized for `devicePixelRatio`).
pub fn draw_roofline(
    canvas: web_sys::HtmlCanvasElement,
    drawing: &RooflineDrawing,
) -> Result<(), String> {
    let frame = drawing.frame;
    let screen_dpr = window().device_pixel_ratio().clamp(1.0, 3.0);
    let dpr = screen_dpr * drawing.box_zoom.clamp(0.25, 4.0);
    let px = |v: f64| (v * dpr).round() as u32;
    canvas.set_width(px(frame.width_px));
    canvas.set_height(px(frame.height_px));
    let tokens = Tokens::of(&canvas);
    let bg = tokens.color("--gx-surface", RGBColor(255, 255, 255));
    let text = tokens.color("--gx-text", RGBColor(30, 30, 30));
    let grid = tokens.color("--gx-grid", RGBColor(225, 225, 225));
    let roof_color = tokens.color("--gx-roof", RGBColor(90, 90, 110));
    let accent = tokens.color("--gx-accent", RGBColor(0, 110, 160));
    let bw_color = tokens.color("--gx-roof-bw", RGBColor(150, 60, 30));
    let measured = tokens.color("--gx-measured", RGBColor(170, 40, 120));

    let spec = &drawing.spec;
    let ((x0, x1), (y0, y1)) = domains(spec);
    let backend = MeasuredCanvas::new(canvas.clone()).ok_or("no 2d context")?;
    let min_font = backend.min_font();
    let root = backend.into_drawing_area();
    root.fill(&bg).map_err(|e| e.to_string())?;
    let font = |size: f64| ("sans-serif", size * dpr).into_font().color(&text);
    let mut chart = ChartBuilder::on(&root)
        .margin(px(frame.margin_px))
        .x_label_area_size(px(frame.x_label_area_px))
        .y_label_area_size(px(frame.y_label_area_px))
        .build_cartesian_2d((x0..x1).log_scale(), (y0..y1).log_scale())
        .map_err(|e| e.to_string())?;
    let (x_title, y_title) = (
        text::X_AXIS.get(drawing.lang),
        text::Y_AXIS.get(drawing.lang),
    );
    chart
        .configure_mesh()
        .x_desc(x_title)
        .y_desc(y_title)
        .axis_desc_style(font(13.0))
        .label_style(font(12.0))
        .axis_style(text.mix(0.6))
        .bold_line_style(grid.stroke_width(px(1.0)))
        .light_line_style(grid.mix(0.4))
        .x_label_formatter(&|v| decade_label(*v))
        .y_label_formatter(&|v| si(*v, "").trim().to_string())
        .draw()
        .map_err(|e| e.to_string())?;

    let bw = spec.bandwidth_bytes_per_s;
    // Labels are drawn last, each on a backdrop, so no line runs through text.
    let mut labels: Vec<(String, (f64, f64), RGBColor)> = Vec::new();
    let mut ridges: Vec<((f64, f64), RGBColor)> = Vec::new();
    // The flat part of every roof `(ridge, peak, line width)`: the point labels keep off it.
    let mut flat_roofs: Vec<(f64, f64, f64)> = Vec::new();
    for (i, roof) in spec.roofs.iter().enumerate() {
        let peak = roof.roof.peak_flops_per_s;
        let ridge = roof.ridge_point;
        // Roofs within 1 % of each other (INT8 and FP8 on Hopper: 1978.9 vs the course's 1979
        // TFLOPS) are drawn and labelled once.
        let near = |a: f64, b: f64| (a / b - 1.0).abs() < 0.01;
        let same_roof = |r: &crate::model::roofline::RoofLine| near(r.roof.peak_flops_per_s, peak);
        if spec.roofs[..i].iter().any(same_roof) {
            continue;
        }
        let same: Vec<Precision> = spec
            .roofs
            .iter()
            .filter(|r| same_roof(r))
            .map(|r| r.precision)
            .collect();
        let highlighted = same.iter().any(|p| {
            drawing.highlight == Some(*p)
                || (drawing.highlight == Some(Precision::Fp16Tensor) && *p == Precision::Bf16Tensor)
        });
        let (color, width) = if highlighted {
            (accent, 3.0)
        } else {
            (roof_color, 1.5)
        };
        let pts = vec![(x0, (bw * x0).max(y0)), (ridge, peak), (x1, peak)];
        chart
            .draw_series(LineSeries::new(pts, color.stroke_width(px(width))))
            .map_err(|e| e.to_string())?;
        ridges.push(((ridge, peak), color));
        flat_roofs.push((ridge, peak, width));
        let names = same
            .iter()
            .map(|p| p.label().trim_end_matches(" Tensor"))
            .collect::<Vec<_>>()
            .join(" / ");
        let tensor = if roof.precision.is_tensor() {
            " Tensor"
        } else {
            ""
        };
        let ridge_word = text::RIDGE.get(drawing.lang);
        // One label per roof at its right end, sitting on the line: roofs 2× apart are ~20 px
        // apart, more than a line of 11.5 px text.
        let unit = if same.contains(&Precision::Int8Tensor) && same.len() == 1 {
            "OP/s"
        } else {
            "FLOP/s"
        };
        let label = format!(
            "{names}{tensor} {} · {ridge_word} {}",
            si(peak, unit),
            sig3(ridge)
        );
        labels.push((label, (x1 / 1.15, peak * 1.04), color));
    }
    let top_ridge = spec
        .roofs
        .iter()
        .map(|r| (r.ridge_point, r.roof.peak_flops_per_s))
        .fold((x0, bw * x0), |a, b| if b.1 > a.1 { b } else { a });
    // The bandwidth roof itself, labelled along the slope.
    let bw_label = text::bandwidth_roof(drawing.memory_kind, &si(bw, "B/s"), drawing.lang);
    let label_x = (x0 * 3.0).min(x1);
    chart
        .draw_series(std::iter::once(Text::new(
            bw_label,
            (label_x * 1.3, (bw * label_x / 1.3).max(y0)),
            font(12.0)
                .color(&bw_color)
                .pos(Pos::new(HPos::Left, VPos::Top)),
        )))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(
            // The slanted roof ends where it meets the highest compute roof.
            vec![(x0, (bw * x0).max(y0)), top_ridge],
            bw_color.stroke_width(px(1.0)),
        ))
        .map_err(|e| e.to_string())?;
    if drawing.show_measured_copy {
        let copy = H200_COPY_BANDWIDTH_BYTES_PER_S;
        let end = (y1 / copy).min(x1);
        chart
            .draw_series(DashedLineSeries::new(
                vec![(x0, copy * x0), (end, copy * end)],
                px(6.0),
                px(4.0),
                measured.stroke_width(px(1.5)),
            ))
            .map_err(|e| e.to_string())?;
    }
    // Label placement (backend px): the roof labels sit on their roof, as far right as they can
    // without touching a kernel point, a ridge point, the bandwidth roof or another label; then
    // each numbered point gets its number beside it (geom::legible::place_labels).
    let plot = {
        let (l, t) = chart.backend_coord(&(x0, y1));
        let (r, b) = chart.backend_coord(&(x1, y0));
        FrameRect {
            x0: f64::from(l),
            y0: f64::from(t),
            x1: f64::from(r),
            y1: f64::from(b),
        }
    };
    let at = |x: f64, y: f64| {
        let (a, b) = chart.backend_coord(&(x, y));
        (f64::from(a), f64::from(b))
    };
    let square = |(cx, cy): (f64, f64), half: f64| FrameRect {
        x0: cx - half,
        y0: cy - half,
        x1: cx + half,
        y1: cy + half,
    };
    let mut obstacles: Vec<FrameRect> = drawing
        .points
        .iter()
        .filter(|(x, y, _)| *x > 0.0 && *y > 0.0)
        .map(|(x, y, _)| square(at(*x, *y), f64::from(px(10.0))))
        .collect();
    obstacles.extend(
        ridges
            .iter()
            .map(|((x, y), _)| square(at(*x, *y), f64::from(px(5.0)))),
    );
    // The slanted roof, sampled every ~12 px.
    let (bx0, by0) = at(x0, (bw * x0).max(y0));
    let (bx1, by1) = at(top_ridge.0, top_ridge.1);
    let samples = ((bx1 - bx0).hypot(by1 - by0) / f64::from(px(12.0)))
        .ceil()
        .max(1.0) as usize;
    for i in 0..=samples {
        let f = i as f64 / samples as f64;
        obstacles.push(square(
            (bx0 + f * (bx1 - bx0), by0 + f * (by1 - by0)),
            f64::from(px(3.0)),
        ));
    }
    for (text, (_, y), color) in labels {
        let style = font(12.0).color(&color);
        let (w, h) = root
            .estimate_text_size(&text, &style)
            .map_err(|e| e.to_string())?;
        let (w, h) = (f64::from(w), f64::from(h));
        let (_, line_y) = at(x1, y / 1.04);
        let gap = f64::from(px(3.0));
        let step = f64::from(px(24.0));
        // Right-aligned above the roof, stepping left; then below it.
        let mut candidates = Vec::new();
        for above in [true, false] {
            for k in 0..24 {
                let right = plot.x1 - gap - k as f64 * step;
                let top = if above {
                    line_y - gap - h
                } else {
                    line_y + gap
                };
                candidates.push(FrameRect {
                    x0: right - w,
                    y0: top,
                    x1: right,
                    y1: top + h,
                });
            }
        }
        let spot = candidates
            .iter()
            .find(|r| {
                r.x0 >= plot.x0
                    && r.y0 >= plot.y0
                    && r.y1 <= plot.y1
                    && !obstacles
                        .iter()
                        .any(|o| o.x0 < r.x1 && r.x0 < o.x1 && o.y0 < r.y1 && r.y0 < o.y1)
            })
            .copied()
            .unwrap_or(candidates[0]);
        obstacles.push(spot);
        let pad = f64::from(px(2.0));
        // A label at the plot's right end backs all the way to the edge: otherwise a 1 px stub
        // of a roof it covers shows between its backing and the edge (step 28, zh, 853×480).
        let backing_right = if spot.x1 + gap >= plot.x1 - 0.5 {
            plot.x1
        } else {
            spot.x1 + pad
        };
        root.draw(&Rectangle::new(
            [
                ((spot.x0 - pad) as i32, (spot.y0 - pad / 2.0) as i32),
                (backing_right.ceil() as i32, spot.y1 as i32),
            ],
            bg.mix(0.7).filled(),
        ))
        .map_err(|e| e.to_string())?;
        root.draw(&Text::new(text, (spot.x0 as i32, spot.y0 as i32), style))
            .map_err(|e| e.to_string())?;
    }
    let keyed: Vec<(u32, (f64, f64))> = drawing
        .points
        .iter()
        .filter_map(|(x, y, key)| Some(((*key)?, at(*x, *y))))
        .collect();
    let key_style = font(13.0);
    let user_style = ("sans-serif", 13.0 * dpr).into_font().color(&accent);
    let user_text = text::YOUR_KERNEL.get(drawing.lang);
    let user = drawing
        .user
        .filter(|(x, y)| *x > 0.0 && *y > 0.0)
        .map(|(x, y)| {
            let (w, h) = root
                .estimate_text_size(user_text, &user_style)
                .unwrap_or((80, 14));
            LabelBox {
                anchor: at(x, y),
                width_px: f64::from(w),
                height_px: f64::from(h),
            }
        });
    let boxes: Vec<LabelBox> = user
        .into_iter()
        .chain(keyed.iter().map(|(key, anchor)| {
            let (w, h) = root
                .estimate_text_size(&key.to_string(), &key_style)
                .unwrap_or((8, 14));
            LabelBox {
                anchor: *anchor,
                width_px: f64::from(w),
                height_px: f64::from(h),
            }
        }))
        .collect();
    // The point labels also keep off the flat roofs (the reader's kernel often sits on one).
    let mut point_obstacles = obstacles.clone();
    point_obstacles.extend(flat_roofs.iter().map(|&(ridge, peak, width)| {
        let (rx, ry) = at(ridge, peak);
        let half = f64::from(px(width / 2.0 + 1.0));
        FrameRect {
            x0: rx,
            y0: ry - half,
            x1: plot.x1,
            y1: ry + half,
        }
    }));
    let mut spots = place_labels(&boxes, &point_obstacles, plot).into_iter();
    // A label on a light backing, at the spot the placement chose.
    let label = |r: FrameRect, words: String, style: &TextStyle| -> Result<(), String> {
        root.draw(&Rectangle::new(
            [
                (r.x0 as i32 - 1, r.y0 as i32),
                (r.x1 as i32 + 1, r.y1 as i32),
            ],
            bg.mix(0.8).filled(),
        ))
        .map_err(|e| e.to_string())?;
        root.draw(&Text::new(words, (r.x0 as i32, r.y0 as i32), style.clone()))
            .map_err(|e| e.to_string())
    };
    if user.is_some() {
        if let Some(r) = spots.next().flatten() {
            label(r, user_text.to_string(), &user_style)?;
        }
    }
    for ((key, _), spot) in keyed.iter().zip(spots) {
        let Some(r) = spot else { continue };
        label(r, key.to_string(), &key_style)?;
    }
    // Ridge points on top of everything.
    chart
        .draw_series(
            ridges
                .into_iter()
                .map(|(at, color)| Circle::new(at, px(3.5), color.filled())),
        )
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())?;
    // In CSS px at the canvas's own size (its backing over the screen's pixel ratio).
    super::record_min_font(&canvas, min_font.get(), screen_dpr);
    Ok(())
}

/// Width of the chart's y axis (margin and label area), in its CSS px at scale 1.
pub fn y_axis_strip_px() -> f64 {
    let f = ChartFrame::ROOFLINE;
    f.margin_px + f.y_label_area_px
}

/// Copies the y axis of the drawn chart `from` into `to`, pixel for pixel: the left
/// [`y_axis_strip_px`], from the top down to just below the plot (the lowest tick label), so the
/// x axis's labels scroll freely under nothing.
fn copy_y_axis(from: &web_sys::HtmlCanvasElement, to: &web_sys::HtmlCanvasElement, f: ChartFrame) {
    let scale = f64::from(from.width()) / f.width_px;
    let w = (y_axis_strip_px() * scale).round() as u32;
    let h = ((f.height_px - f.margin_px - f.x_label_area_px + 6.0) * scale).round() as u32;
    if to.width() != w || to.height() != h {
        to.set_width(w);
        to.set_height(h);
    }
    let ctx = to
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok());
    if let Some(ctx) = ctx {
        let _ = ctx.draw_image_with_html_canvas_element(from, 0.0, 0.0);
    }
    // The copy shows the tick labels and the axis title at the figure's text size.
    match from.get_attribute(super::MIN_FONT_ATTR) {
        Some(v) => {
            let _ = to.set_attribute(super::MIN_FONT_ATTR, &v);
        }
        None => {
            let _ = to.remove_attribute(super::MIN_FONT_ATTR);
        }
    }
}

/// The canvas part of the chart; redraws whenever `drawing` changes.
#[component]
pub fn RooflineCanvas(
    /// What to draw.
    #[prop(into)]
    drawing: Signal<RooflineDrawing>,
    /// A canvas to copy the y axis into after each drawing (the margin and the y-label area,
    /// [`y_axis_strip_px`] wide): the frozen label column of a scrolling chart.
    #[prop(optional)]
    y_axis: Option<NodeRef<leptos::html::Canvas>>,
) -> impl IntoView {
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    Effect::new(move |_| {
        let d = drawing.get();
        // Redraw with the new tokens when the system switches between light and dark.
        let _dark = crate::ui::theme::track_theme();
        let Some(el) = canvas.get() else { return };
        if let Err(err) = draw_roofline(el.clone(), &d) {
            leptos::logging::error!("roofline chart: {err}");
        }
        if let Some(to) = y_axis.and_then(|n| n.get()) {
            copy_y_axis(&el, &to, d.frame);
        }
    });
    view! {
        <canvas
            node_ref=canvas
            class="gx-chart__canvas"
            width=ChartFrame::ROOFLINE.width_px.to_string()
            height=ChartFrame::ROOFLINE.height_px.to_string()
            aria-hidden="true"
        ></canvas>
    }
}
