//! The Roofline chart: roofs and axes drawn by plotters on a canvas; kernel points drawn as
//! focusable SVG circles over it. Both place everything through one [`ChartFrame`] and its
//! log–log axes ([`ChartFrame::log_log`]): the canvas draws its grid, ticks and labels at the
//! frame's decades itself (plotters' primitives on the backend's pixels, not its chart
//! builder, whose generic mesh and coordinate code was ~20 KB of the chapter's wasm), so a
//! point in the SVG lands on the canvas's pixel by construction.
//!
//! Length: the canvas draws its own axes, grid, ticks and labels (above) in the same file as the
//! frame the SVG overlay uses, so the two cannot drift apart.

use crate::ui::charts::backend::MeasuredCanvas;
use leptos::prelude::*;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontDesc, FontFamily, FontStyle, FontTransform};
use wasm_bindgen::JsCast;

use super::text;
use crate::geom::chart::{ChartFrame, LogLogAxes, Rect as FrameRect};
use crate::geom::legible::{place_labels, LabelBox};
use crate::geom::scale::roofline_domains;
use crate::model::roofline::{Precision, RooflineChartSpec, H200_COPY_BANDWIDTH_BYTES_PER_S};
use crate::ui::charts::colors::Tokens;
use crate::ui::format::{si, sig3};
use crate::ui::i18n::Lang;
use crate::ui::theme::ThemeKey;

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

/// The error of a plotters call that failed (a canvas call threw): the chart logs it and stays
/// as it was. A fixed message: formatting plotters' error types would ship `core::fmt` code for
/// a message nobody sees.
const DRAW_FAILED: &str = "a plotters call failed";

/// The chart's font at `size` backing pixels. Named by [`FontFamily::SansSerif`], not by the
/// string "sans-serif": plotters reads a family given as a string through `str::to_lowercase`,
/// whose Unicode case tables (~15 KB of data) would otherwise ship with the chapter. The canvas
/// gets the same CSS font either way ("normal {size}px sans-serif").
fn sans_serif(size: f64) -> FontDesc<'static> {
    FontDesc::new(FontFamily::SansSerif, size, FontStyle::Normal)
}

fn decade_label(v: f64) -> String {
    let e = v.log10().round() as i32;
    match e {
        -3 => "0.001".into(),
        -2 => "0.01".into(),
        -1 => "0.1".into(),
        0..=3 => format!("{}", 10f64.powi(e)),
        // Five digits are grouped, as every number on the site.
        4 => "10,000".into(),
        _ => format!("1e{e}"),
    }
}

/// The chart's colours, from the design tokens on the page's canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Palette {
    bg: RGBColor,
    text: RGBColor,
    grid: RGBColor,
    roof: RGBColor,
    accent: RGBColor,
    bw: RGBColor,
    measured: RGBColor,
}

impl Palette {
    fn of(canvas: &web_sys::HtmlCanvasElement) -> Palette {
        let tokens = Tokens::of(canvas);
        Palette {
            bg: tokens.color("--gx-surface", RGBColor(255, 255, 255)),
            text: tokens.color("--gx-text", RGBColor(30, 30, 30)),
            grid: tokens.color("--gx-grid", RGBColor(225, 225, 225)),
            roof: tokens.color("--gx-roof", RGBColor(90, 90, 110)),
            accent: tokens.color("--gx-accent", RGBColor(0, 110, 160)),
            bw: tokens.color("--gx-roof-bw", RGBColor(150, 60, 30)),
            measured: tokens.color("--gx-measured", RGBColor(170, 40, 120)),
        }
    }
}

/// What the static layer was drawn for: the drawing without its kernel points, the theme its
/// colours were read under and the backing store's pixel ratio.
type LayerKey = (RooflineDrawing, ThemeKey, u64);

/// The layer of the chart that the kernel points do not move (background, grid, axes and their
/// labels, the roofs' lines, the bandwidth roof and its label, the measured copy roof), drawn
/// once on a canvas of its own and copied under each drawing: a slider tick that moves only
/// the reader's kernel redraws just the labels that keep clear of it and the ridge points.
pub struct RoofLayer {
    key: LayerKey,
    /// The colours read under the key's theme: read again only when the theme changes, not on
    /// every slider tick (reading the tokens forces a style recalculation of the page the tick
    /// has just changed).
    palette: Palette,
    canvas: web_sys::HtmlCanvasElement,
    /// The smallest font the layer drew text in (backing pixels).
    min_font: f64,
}

/// One roof as drawn: its line, colour and width, its label and ridge point.
struct Roof {
    line: Vec<(f64, f64)>,
    color: RGBColor,
    width: f64,
    label: String,
    ridge: (f64, f64),
}

/// Every distinct roof of `drawing` (roofs within 1 % of each other drawn and labelled once).
fn roofs(drawing: &RooflineDrawing, palette: &Palette) -> Vec<Roof> {
    let spec = &drawing.spec;
    let ((x0, x1), (y0, _)) = domains(spec);
    let bw = spec.bandwidth_bytes_per_s;
    let mut out = Vec::new();
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
            (palette.accent, 3.0)
        } else {
            (palette.roof, 1.5)
        };
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
        out.push(Roof {
            line: vec![(x0, (bw * x0).max(y0)), (ridge, peak), (x1, peak)],
            color,
            width,
            label: format!(
                "{names}{tensor} {} · {ridge_word} {}",
                si(peak, unit),
                sig3(ridge)
            ),
            ridge: (ridge, peak),
        });
    }
    out
}

/// The highest roof's ridge point, where the slanted roof ends.
fn top_ridge(spec: &RooflineChartSpec) -> (f64, f64) {
    let ((x0, _), _) = domains(spec);
    let bw = spec.bandwidth_bytes_per_s;
    spec.roofs
        .iter()
        .map(|r| (r.ridge_point, r.roof.peak_flops_per_s))
        .fold((x0, bw * x0), |a, b| if b.1 > a.1 { b } else { a })
}

/// The chart's layout in backing pixels: the frame scaled by `dpr` (margins and label areas
/// rounded to whole pixels, as the page's layout is), its plot rectangle and log–log axes.
struct Geometry {
    frame: ChartFrame,
    plot: FrameRect,
    axes: LogLogAxes,
}

impl Geometry {
    fn of(drawing: &RooflineDrawing, dpr: f64) -> Geometry {
        let f = drawing.frame;
        let frame = ChartFrame {
            width_px: (f.width_px * dpr).round(),
            height_px: (f.height_px * dpr).round(),
            margin_px: (f.margin_px * dpr).round(),
            x_label_area_px: (f.x_label_area_px * dpr).round(),
            y_label_area_px: (f.y_label_area_px * dpr).round(),
        };
        let (x_domain, y_domain) = domains(&drawing.spec);
        Geometry {
            frame,
            plot: frame.plot_rect(),
            axes: frame.log_log(x_domain, y_domain),
        }
    }

    /// The backing pixel of a data point `(FLOP/byte, FLOP/s)`, rounded to a whole pixel: where
    /// the canvas draws it, so the labels' placement tests the lines as drawn (roofs 2× apart
    /// are ~21.7 px apart at the page's size, a label 16 px high between two: a fraction of a
    /// pixel decides whether it fits).
    fn at(&self, x: f64, y: f64) -> (f64, f64) {
        let (x, y) = self.axes.px_from_data(x, y);
        (x.round(), y.round())
    }
}

/// A backing-pixel position as plotters' integer coordinate.
fn coord((x, y): (f64, f64)) -> (i32, i32) {
    (x.round() as i32, y.round() as i32)
}

/// A polyline through data points, in backing pixels.
fn data_path(g: &Geometry, points: &[(f64, f64)]) -> Vec<(i32, i32)> {
    points.iter().map(|&(x, y)| coord(g.at(x, y))).collect()
}

type Root = DrawingArea<MeasuredCanvas, plotters::coord::Shift>;

/// The grid (light lines at 2–9 × a power of ten, bold at the powers of ten), the axes with
/// their ticks and decade labels, and the axis titles, laid out as plotters' chart builder
/// laid out its mesh: ticks 5 CSS px long, labels two ticks from the axis, the titles at the
/// label areas' outer edges, the y title turned a quarter left. Sizes are CSS px × `dpr`, so
/// the chart looks the same at every pixel ratio (plotters' ticks were 5 backing px).
fn draw_mesh(
    root: &Root,
    g: &Geometry,
    drawing: &RooflineDrawing,
    palette: &Palette,
    dpr: f64,
) -> Result<(), &'static str> {
    let px = |v: f64| (v * dpr).round();
    let p = g.plot;
    let (ax, ay) = (g.axes.x, g.axes.y);
    let line = |a: (f64, f64), b: (f64, f64), style: ShapeStyle| {
        root.draw(&PathElement::new(vec![coord(a), coord(b)], style))
            .map_err(|_| DRAW_FAILED)
    };
    let light = ShapeStyle::from(&palette.grid.mix(0.4));
    let bold = palette.grid.stroke_width(px(1.0) as u32);
    for (ticks, style) in [
        ((ax.minor_ticks(), ay.minor_ticks()), light),
        ((ax.decade_ticks(), ay.decade_ticks()), bold),
    ] {
        for x in ticks.0 {
            let x = ax.px_from_value(x);
            line((x, p.y0), (x, p.y1), style)?;
        }
        for y in ticks.1 {
            let y = ay.px_from_value(y);
            line((p.x0, y), (p.x1, y), style)?;
        }
    }
    let axis = ShapeStyle::from(&palette.text.mix(0.6));
    line((p.x0, p.y0), (p.x0, p.y1), axis)?;
    line((p.x0, p.y1), (p.x1, p.y1), axis)?;
    let tick = px(5.0);
    let labels = sans_serif(12.0 * dpr).color(&palette.text);
    for x in ax.decade_ticks() {
        let at = ax.px_from_value(x);
        line((at, p.y1), (at, p.y1 + tick), axis)?;
        let style = labels.pos(Pos::new(HPos::Center, VPos::Top));
        root.draw(&Text::new(
            decade_label(x),
            coord((at, p.y1 + 2.0 * tick)),
            style,
        ))
        .map_err(|_| DRAW_FAILED)?;
    }
    for y in ay.decade_ticks() {
        let at = ay.px_from_value(y);
        line((p.x0 - tick, at), (p.x0, at), axis)?;
        let style = labels.pos(Pos::new(HPos::Right, VPos::Center));
        let words = si(y, "").trim().to_string();
        root.draw(&Text::new(words, coord((p.x0 - 2.0 * tick, at)), style))
            .map_err(|_| DRAW_FAILED)?;
    }
    let titles = sans_serif(13.0 * dpr).color(&palette.text);
    let x_title = titles.pos(Pos::new(HPos::Center, VPos::Bottom));
    let bottom = g.frame.height_px - g.frame.margin_px;
    root.draw(&Text::new(
        text::X_AXIS.get(drawing.lang),
        coord(((p.x0 + p.x1) / 2.0, bottom)),
        x_title,
    ))
    .map_err(|_| DRAW_FAILED)?;
    let y_title = titles
        .transform(FontTransform::Rotate270)
        .pos(Pos::new(HPos::Center, VPos::Top));
    root.draw(&Text::new(
        text::Y_AXIS.get(drawing.lang),
        coord((g.frame.margin_px, (p.y0 + p.y1) / 2.0)),
        y_title,
    ))
    .map_err(|_| DRAW_FAILED)
}

/// Draws the static layer ([`RoofLayer`]) on `canvas`; returns the smallest font it drew text
/// in (backing pixels).
fn draw_layer(
    canvas: web_sys::HtmlCanvasElement,
    drawing: &RooflineDrawing,
    palette: &Palette,
    dpr: f64,
) -> Result<f64, &'static str> {
    let px = |v: f64| (v * dpr).round() as u32;
    let spec = &drawing.spec;
    let g = Geometry::of(drawing, dpr);
    let ((x0, x1), (y0, y1)) = domains(spec);
    let backend = MeasuredCanvas::new(canvas).ok_or("no 2d context")?;
    let min_font = backend.min_font();
    let root = backend.into_drawing_area();
    root.fill(&palette.bg).map_err(|_| DRAW_FAILED)?;
    draw_mesh(&root, &g, drawing, palette, dpr)?;
    // Every line below lies inside the plot (the domains hold the roofs and the measured
    // copy roof), so nothing is clipped.
    for roof in roofs(drawing, palette) {
        root.draw(&PathElement::new(
            data_path(&g, &roof.line),
            roof.color.stroke_width(px(roof.width)),
        ))
        .map_err(|_| DRAW_FAILED)?;
    }
    let bw = spec.bandwidth_bytes_per_s;
    // The bandwidth roof itself, labelled along the slope.
    let bw_label = text::bandwidth_roof(drawing.memory_kind, &si(bw, "B/s"), drawing.lang);
    let label_x = (x0 * 3.0).min(x1);
    root.draw(&Text::new(
        bw_label,
        coord(g.at(label_x * 1.3, (bw * label_x / 1.3).max(y0))),
        sans_serif(12.0 * dpr)
            .color(&palette.bw)
            .pos(Pos::new(HPos::Left, VPos::Top)),
    ))
    .map_err(|_| DRAW_FAILED)?;
    // The slanted roof ends where it meets the highest compute roof.
    root.draw(&PathElement::new(
        data_path(&g, &[(x0, (bw * x0).max(y0)), top_ridge(spec)]),
        palette.bw.stroke_width(px(1.0)),
    ))
    .map_err(|_| DRAW_FAILED)?;
    if drawing.show_measured_copy {
        let copy = H200_COPY_BANDWIDTH_BYTES_PER_S;
        let end = (y1 / copy).min(x1);
        root.draw(&DashedPathElement::new(
            data_path(&g, &[(x0, copy * x0), (end, copy * end)]),
            px(6.0),
            px(4.0),
            palette.measured.stroke_width(px(1.5)),
        ))
        .map_err(|_| DRAW_FAILED)?;
    }
    root.present().map_err(|_| DRAW_FAILED)?;
    Ok(min_font.get())
}

/// Draws the chart on `canvas` (sized for `devicePixelRatio`): the static layer from `layer`
/// (drawn there first when it was drawn for another drawing, theme or pixel ratio), then the
/// labels that keep clear of the kernel points, and the ridge points. `theme` is the colour
/// scheme the page's tokens follow now ([`track_theme`](crate::ui::theme::track_theme)).
pub fn draw_roofline(
    canvas: web_sys::HtmlCanvasElement,
    drawing: &RooflineDrawing,
    theme: ThemeKey,
    layer: &mut Option<RoofLayer>,
) -> Result<(), &'static str> {
    let frame = drawing.frame;
    let screen_dpr = window().device_pixel_ratio().clamp(1.0, 3.0);
    let box_zoom = drawing.box_zoom.clamp(0.25, 4.0);
    // A chapter page shows the canvas at its column's full width; ≈ 1 where a box sized it
    // (`box_zoom`, the classroom's stage).
    let dpr = screen_dpr * box_zoom * super::shown_zoom(&canvas, frame.width_px * box_zoom);
    let px = |v: f64| (v * dpr).round() as u32;
    let (width, height) = (px(frame.width_px), px(frame.height_px));
    // Setting the size clears the canvas (and writes the attribute) even when unchanged: the
    // layer copied below covers every pixel.
    if canvas.width() != width {
        canvas.set_width(width);
    }
    if canvas.height() != height {
        canvas.set_height(height);
    }
    let key: LayerKey = (
        RooflineDrawing {
            points: Vec::new(),
            user: None,
            ..drawing.clone()
        },
        theme,
        dpr.to_bits(),
    );
    if layer.as_ref().is_none_or(|l| l.key != key) {
        let palette = match layer.as_ref() {
            Some(l) if l.key.1 == theme => l.palette,
            _ => Palette::of(&canvas),
        };
        let doc = canvas.owner_document().ok_or("no document")?;
        let off: web_sys::HtmlCanvasElement = doc
            .create_element("canvas")
            .map_err(|_| "no canvas")?
            .dyn_into()
            .map_err(|_| "no canvas")?;
        off.set_width(width);
        off.set_height(height);
        let min_font = draw_layer(off.clone(), drawing, &palette, dpr)?;
        *layer = Some(RoofLayer {
            key,
            palette,
            canvas: off,
            min_font,
        });
    }
    let Some(base) = layer.as_ref() else {
        return Ok(());
    };
    let palette = base.palette;
    let backend = MeasuredCanvas::new(canvas.clone()).ok_or("no 2d context")?;
    backend
        .context()
        .draw_image_with_html_canvas_element(&base.canvas, 0.0, 0.0)
        .map_err(|_| "drawImage failed")?;
    let min_font = backend.min_font();
    let root = backend.into_drawing_area();
    let Palette {
        bg, text, accent, ..
    } = palette;
    let font = |size: f64| sans_serif(size * dpr).color(&text);
    let g = Geometry::of(drawing, dpr);
    let spec = &drawing.spec;
    let ((x0, x1), (y0, _)) = domains(spec);
    let bw = spec.bandwidth_bytes_per_s;
    let roofs = roofs(drawing, &palette);
    let top_ridge = top_ridge(spec);
    // Label placement (backend px): the roof labels sit on their roof, as far right as they can
    // without touching a kernel point, a ridge point, the bandwidth roof or another label; then
    // each numbered point gets its number beside it (geom::legible::place_labels).
    let plot = g.plot;
    let at = |x: f64, y: f64| g.at(x, y);
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
        roofs
            .iter()
            .map(|r| square(at(r.ridge.0, r.ridge.1), f64::from(px(5.0)))),
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
    for roof in &roofs {
        let (text, color) = (roof.label.clone(), roof.color);
        let style = font(12.0).color(&color);
        let (w, h) = root
            .estimate_text_size(&text, &style)
            .map_err(|_| DRAW_FAILED)?;
        let (w, h) = (f64::from(w), f64::from(h));
        let (_, line_y) = at(x1, roof.ridge.1);
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
        .map_err(|_| DRAW_FAILED)?;
        root.draw(&Text::new(text, (spot.x0 as i32, spot.y0 as i32), style))
            .map_err(|_| DRAW_FAILED)?;
    }
    let keyed: Vec<(u32, (f64, f64))> = drawing
        .points
        .iter()
        .filter_map(|(x, y, key)| Some(((*key)?, at(*x, *y))))
        .collect();
    let key_style = font(13.0);
    let user_style = sans_serif(13.0 * dpr).color(&accent);
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
    point_obstacles.extend(roofs.iter().map(|r| {
        let (ridge, peak, width) = (r.ridge.0, r.ridge.1, r.width);
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
    let label = |r: FrameRect, words: String, style: &TextStyle| -> Result<(), &'static str> {
        root.draw(&Rectangle::new(
            [
                (r.x0 as i32 - 1, r.y0 as i32),
                (r.x1 as i32 + 1, r.y1 as i32),
            ],
            bg.mix(0.8).filled(),
        ))
        .map_err(|_| DRAW_FAILED)?;
        root.draw(&Text::new(words, (r.x0 as i32, r.y0 as i32), style.clone()))
            .map_err(|_| DRAW_FAILED)
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
    for r in &roofs {
        root.draw(&Circle::new(
            coord(at(r.ridge.0, r.ridge.1)),
            px(3.5),
            r.color.filled(),
        ))
        .map_err(|_| DRAW_FAILED)?;
    }
    root.present().map_err(|_| DRAW_FAILED)?;
    // In CSS px at the canvas's own size (its backing over the screen's pixel ratio).
    super::record_min_font(&canvas, min_font.get().min(base.min_font), screen_dpr);
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
        Some(v) if to.get_attribute(super::MIN_FONT_ATTR).as_deref() != Some(v.as_str()) => {
            let _ = to.set_attribute(super::MIN_FONT_ATTR, &v);
        }
        None if to.has_attribute(super::MIN_FONT_ATTR) => {
            let _ = to.remove_attribute(super::MIN_FONT_ATTR);
        }
        _ => {}
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
    // The static layer, kept between drawings (not reactive state: the drawing's cache).
    let layer = std::rc::Rc::new(std::cell::RefCell::new(None::<RoofLayer>));
    let when_connected = crate::ui::theme::DrawWhenConnected::default();
    Effect::new(move |_| {
        let d = drawing.get();
        // Redraw with the new tokens when the system switches between light and dark, or the
        // classroom stage to high contrast.
        let theme = crate::ui::theme::track_theme();
        let Some(el) = canvas.get() else { return };
        let to = y_axis.and_then(|n| n.get());
        let layer = layer.clone();
        when_connected.draw(&el.clone().into(), move || {
            if let Err(err) = draw_roofline(el.clone(), &d, theme, &mut layer.borrow_mut()) {
                leptos::logging::error!("roofline chart: {err}");
            }
            if let Some(to) = to {
                copy_y_axis(&el, &to, d.frame);
            }
        });
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
