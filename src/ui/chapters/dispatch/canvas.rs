//! The dispatch canvas: every SM with its block slots at the current time, coloured by wave,
//! for any [`Timeline`] (the model's simulated trace or the H200's measured one). Layout from
//! [`SmGrid`]; colours from the CSS tokens; one filled path per colour per frame.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::geom::chart::Rect;
use crate::geom::grid::SmGrid;
use crate::model::dispatch::Timeline;
use crate::ui::charts::colors::Tokens;
use crate::ui::i18n::{use_lang, Tr};
use crate::ui::theme::{track_theme, DrawWhenConnected, ThemeKey};
use crate::ui::widgets::DataDetails;

/// Width of the figure, CSS px: 780 fits a 1280×720 projector at 150 % (853 CSS px less the
/// page's and the figure's padding) at scale ≥ 1, so the 12 px SM labels stay ≥ 12 CSS px; the
/// canvas never draws narrower (`min-width`) and a phone scrolls it sideways.
pub const WIDTH_PX: f64 = 780.0;
/// Font of the SM labels, canvas px (= CSS px at scale ≥ 1).
const LABEL_FONT: &str = "12px sans-serif";
/// [`LABEL_FONT`]'s size, CSS px at the canvas's own size (recorded for the classroom's fit).
const LABEL_FONT_PX: f64 = 12.0;

/// SMs per row in the model's figure (108 SMs = 9 rows).
pub const MODEL_COLS: u32 = 12;
/// SMs per row on the classroom stage: 18 (108 SMs = 6 rows, labelled by bare id), so the grid,
/// its read-out and the event line fit a 1280×720 projector at 150 % (853×480 CSS px) with the
/// 12 px labels at scale ≥ 1.
pub const STAGE_COLS: u32 = 18;
/// SMs per row in the H200 replay: 16, so the hardware's stride of 16 SM ids shows as columns.
pub const REPLAY_COLS: u32 = 16;

/// Which SM each grid position shows (`order[p]` = SM id at position `p`); `None` = SM `p`.
pub type SmOrder = Arc<Vec<u32>>;

/// Grid position of every SM id under `order` (identity for `None`). SMs the order leaves out
/// follow the ordered ones, by id; ids beyond the GPU and repeats are ignored.
fn positions(order: Option<&[u32]>, sm_count: u32) -> Vec<u32> {
    let Some(order) = order else {
        return (0..sm_count).collect();
    };
    let mut pos: Vec<Option<u32>> = vec![None; sm_count as usize];
    let mut next = 0;
    for &sm in order.iter().chain(&(0..sm_count).collect::<Vec<_>>()) {
        if let Some(p @ None) = pos.get_mut(sm as usize) {
            *p = Some(next);
            next += 1;
        }
    }
    pos.into_iter().map(|p| p.unwrap_or(0)).collect()
}

/// A schedule the canvas can draw, shared between the memo that built it and the frames.
pub type SharedTimeline = Arc<dyn Timeline + Send + Sync>;

/// The layout for `sm_count` SMs of `slots` slots, `cols` SMs per row.
pub fn grid_for(sm_count: u32, slots: u32, cols: u32) -> SmGrid {
    SmGrid {
        sm_count,
        slots: slots.min(64),
        cols,
        width_px: WIDTH_PX,
    }
}

/// What the canvas shows at `cycle`: the wave being dispatched and whether it is the tail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment {
    /// Blocks started by now.
    pub started: u32,
    /// Blocks finished by now.
    pub completed: u32,
    /// The newest wave with a started block (0 before any).
    pub current_wave: u32,
    /// Index of the last wave when it is partial and follows full waves (a grid smaller than one
    /// full wave has no tail: it is all there is).
    pub tail_wave: Option<u32>,
}

/// The moment of `trace` at `cycle`.
pub fn moment(trace: &dyn Timeline, cycle: u32) -> Moment {
    let waves = trace.wave_count();
    let last = waves.saturating_sub(1);
    // O(1): the last wave is partial when the grid is not a multiple of the full wave.
    let partial = !trace
        .block_count()
        .is_multiple_of(trace.full_wave_blocks().max(1));
    Moment {
        started: trace.started_by(cycle),
        completed: trace.completed_by(cycle),
        current_wave: trace.newest_started_wave(cycle),
        tail_wave: (partial && waves > 1).then_some(last),
    }
}

/// The colours of one theme, read from the CSS tokens.
#[derive(Clone, Debug, PartialEq)]
struct Colors {
    surface: String,
    sm_bg: String,
    idle: String,
    free: String,
    prev: String,
    current: String,
    tail: String,
}

impl Colors {
    fn of(canvas: &web_sys::HtmlCanvasElement) -> Colors {
        let t = Tokens::of(canvas);
        Colors {
            surface: t.css("--gx-surface", "#ffffff"),
            sm_bg: t.css("--gx-bg", "#f7f7f5"),
            idle: t.css("--gx-sm-idle", "#f6dcd2"),
            free: t.css("--gx-seg-free", "#e9e9ee"),
            prev: t.css("--gx-wave-prev", "#9bb7cf"),
            current: t.css("--gx-wave-current", "#2f6fa3"),
            tail: t.css("--gx-wave-tail", "#c2410c"),
        }
    }
}

/// What the dynamic layer keeps between frames: the resident-block buffer, and the colours with
/// the theme they were read under.
#[derive(Default)]
struct FrameState {
    buf: Vec<Option<u32>>,
    colors: Option<(Colors, ThemeKey)>,
}

/// The 2D context of `canvas`, its backing store sized for the figure's [`WIDTH_PX`] layout as
/// shown: × the screen's pixel ratio, and × how much wider than [`WIDTH_PX`] the canvas is shown
/// (the chapter page at 1280: 863 CSS px, the replay's 1222), so the drawing stays sharp. Measured
/// when drawn; on the classroom stage both layers draw again after each fit enlarges them
/// ([`crate::ui::theme::track_theme`]: 1243 CSS px at 1280×800). A chapter page's canvas keeps
/// its size through a window resize until the next drawing. Returns the context (drawing in
/// layout px) and that zoom (≥ 1).
fn context(
    canvas: &web_sys::HtmlCanvasElement,
    height_px: f64,
) -> Option<(web_sys::CanvasRenderingContext2d, f64)> {
    let zoom = crate::ui::charts::shown_zoom(canvas, WIDTH_PX);
    let dpr = window().device_pixel_ratio().clamp(1.0, 3.0) * zoom;
    let (pw, ph) = (
        (WIDTH_PX * dpr).round() as u32,
        (height_px * dpr).round() as u32,
    );
    if canvas.width() != pw || canvas.height() != ph {
        canvas.set_width(pw);
        canvas.set_height(ph);
    }
    let ctx: web_sys::CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0).ok()?;
    Some((ctx, zoom))
}

/// Fills every rectangle of one colour with a single path (far fewer state changes than one
/// `fillRect` per slot).
fn fill_all(ctx: &web_sys::CanvasRenderingContext2d, color: &str, rects: &[Rect]) {
    if rects.is_empty() {
        return;
    }
    ctx.begin_path();
    for r in rects {
        ctx.rect(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
    }
    ctx.set_fill_style_str(color);
    ctx.fill();
}

/// The static layer: SM frames and labels (redrawn only when the layout changes).
fn draw_labels(
    canvas: &web_sys::HtmlCanvasElement,
    grid: SmGrid,
    order: Option<&[u32]>,
) -> Option<()> {
    let sm_count = grid.sm_count;
    let pos = positions(order, sm_count);
    let (ctx, zoom) = context(canvas, grid.height_px())?;
    ctx.clear_rect(0.0, 0.0, WIDTH_PX, grid.height_px());
    let t = Tokens::of(canvas);
    ctx.set_stroke_style_str(&t.css("--gx-border", "#d9d9de"));
    ctx.set_fill_style_str(&t.css("--gx-muted", "#5b5b66"));
    ctx.set_font(LABEL_FONT);
    ctx.set_line_width(1.0);
    // "SM 131" where the widest label fits, bare ids in narrow columns (the replay's 16 per row,
    // the stage's 18): one style for the whole grid.
    let widest = grid.sm_rect(0);
    let named = ctx
        .measure_text(&format!("SM {}", sm_count.saturating_sub(1)))
        .is_ok_and(|m| m.width() <= widest.x1 - widest.x0 - 5.0);
    for sm in 0..sm_count {
        let r = grid.sm_rect(pos[sm as usize]);
        ctx.stroke_rect(r.x0 + 0.5, r.y0 + 0.5, r.x1 - r.x0 - 1.0, r.y1 - r.y0 - 1.0);
        let label = if named {
            format!("SM {sm}")
        } else {
            sm.to_string()
        };
        let _ = ctx.fill_text(&label, r.x0 + 3.0, r.y0 + 12.5);
    }
    let drawn = if sm_count > 0 {
        LABEL_FONT_PX
    } else {
        f64::INFINITY
    };
    // In CSS px at the canvas's own size (its backing store over the screen's pixel ratio).
    crate::ui::charts::record_min_font(canvas, drawn * zoom, 1.0);
    Some(())
}

/// The dynamic layer: SM backgrounds (idle tinted) and every slot coloured by wave.
fn draw(
    canvas: &web_sys::HtmlCanvasElement,
    trace: &dyn Timeline,
    cols: u32,
    order: Option<&[u32]>,
    cycle: u32,
    theme: ThemeKey,
    frame: &mut FrameState,
) -> Option<()> {
    let grid = grid_for(trace.sm_count(), trace.blocks_per_sm(), cols);
    let pos = positions(order, trace.sm_count());
    let (ctx, _) = context(canvas, grid.height_px())?;
    let colors = match &frame.colors {
        Some((c, read_under)) if *read_under == theme => c.clone(),
        _ => {
            let c = Colors::of(canvas);
            frame.colors = Some((c.clone(), theme));
            c
        }
    };
    ctx.set_fill_style_str(&colors.surface);
    ctx.fill_rect(0.0, 0.0, WIDTH_PX, grid.height_px());
    trace.resident_at_into(cycle, &mut frame.buf);
    let m = moment(trace, cycle);
    let running = cycle < trace.makespan_cycles();
    let slots = trace.blocks_per_sm();
    let (mut busy_sms, mut idle_sms) = (Vec::new(), Vec::new());
    let mut by_color: [Vec<Rect>; 4] = Default::default();
    for sm in 0..trace.sm_count() {
        let at = pos[sm as usize];
        let row = frame
            .buf
            .get((sm * slots) as usize..((sm + 1) * slots) as usize)
            .unwrap_or(&[]);
        let busy = row.iter().any(Option::is_some);
        if running && !busy {
            idle_sms.push(grid.sm_rect(at));
        } else {
            busy_sms.push(grid.sm_rect(at));
        }
        for (slot, block) in row.iter().enumerate().take(64) {
            let k = match block {
                None => 0,
                Some(b) => {
                    let wave = trace.wave_of_block(*b);
                    if Some(wave) == m.tail_wave {
                        3
                    } else if wave == m.current_wave {
                        2
                    } else {
                        1
                    }
                }
            };
            by_color[k].push(grid.slot_rect(at, slot as u32));
        }
    }
    fill_all(&ctx, &colors.sm_bg, &busy_sms);
    fill_all(&ctx, &colors.idle, &idle_sms);
    for (rects, color) in
        by_color
            .iter()
            .zip([&colors.free, &colors.prev, &colors.current, &colors.tail])
    {
        fill_all(&ctx, color, rects);
    }
    Some(())
}

/// The canvas of one schedule, redrawn whenever the schedule or the time changes.
#[component]
pub fn DispatchCanvas(
    /// The schedule (None draws nothing: the launch failed).
    #[prop(into)]
    timeline: Signal<Option<SharedTimeline>>,
    /// The time shown, in the schedule's ticks.
    #[prop(into)]
    t: Signal<u32>,
    /// SMs per row.
    cols: u32,
    /// Accessible name (the numbers are in a data table).
    label: Tr,
    /// `data-testid` of the canvas.
    testid: &'static str,
    /// Called with the SM under the pointer (None when it leaves).
    on_hover: Callback<Option<u32>>,
    /// Where each SM is drawn (default: SM `p` at position `p`).
    #[prop(optional)]
    order: Option<Signal<Option<SmOrder>>>,
) -> impl IntoView {
    let order = order.unwrap_or_else(|| Signal::derive(|| None));
    let lang = use_lang();
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let labels = NodeRef::<leptos::html::Canvas>::new();
    let layout = Memo::new(move |_| {
        timeline.with(|tl| tl.as_ref().map(|t| (t.sm_count(), t.blocks_per_sm())))
    });
    // Both layers take their colours from the tokens: redrawn when the theme changes, and
    // drawn only once the canvas is in the document ([`DrawWhenConnected`]).
    let labels_when_connected = DrawWhenConnected::default();
    let frame_when_connected = DrawWhenConnected::default();
    Effect::new(move |_| {
        let order = order.get();
        let _theme = track_theme();
        if let (Some(el), Some((sms, slots))) = (labels.get(), layout.get()) {
            labels_when_connected.draw(&el.clone().into(), move || {
                let _ = draw_labels(
                    &el,
                    grid_for(sms, slots, cols),
                    order.as_deref().map(Vec::as_slice),
                );
            });
        }
    });
    // The resident-block buffer and the colours, kept between frames.
    let frame = std::rc::Rc::new(std::cell::RefCell::new(FrameState::default()));
    Effect::new(move |_| {
        let now = t.get();
        let order = order.get();
        let theme = track_theme();
        if let (Some(el), Some(tl)) = (canvas.get(), timeline.get()) {
            let frame = frame.clone();
            frame_when_connected.draw(&el.clone().into(), move || {
                let order = order.as_deref().map(Vec::as_slice);
                let _ = draw(
                    &el,
                    tl.as_ref(),
                    cols,
                    order,
                    now,
                    theme,
                    &mut frame.borrow_mut(),
                );
            });
        }
    });
    let aspect = move || {
        let h = layout
            .get()
            .map_or(200.0, |(sms, slots)| grid_for(sms, slots, cols).height_px());
        format!("aspect-ratio: {WIDTH_PX} / {h:.1}")
    };
    let on_move = move |ev: leptos::ev::MouseEvent| {
        let Some(el) = canvas.get_untracked() else {
            return;
        };
        let rect = el.get_bounding_client_rect();
        if rect.width() <= 0.0 {
            return;
        }
        let scale = WIDTH_PX / rect.width();
        let x = (f64::from(ev.client_x()) - rect.left()) * scale;
        let y = (f64::from(ev.client_y()) - rect.top()) * scale;
        let at = layout
            .get_untracked()
            .and_then(|(sms, slots)| grid_for(sms, slots, cols).sm_from_px(x, y));
        // The position under the pointer → the SM drawn there.
        let sm = at.map(|p| {
            let sms = layout.get_untracked().map_or(0, |(sms, _)| sms);
            let order = order.get_untracked();
            let pos = positions(order.as_deref().map(Vec::as_slice), sms);
            pos.iter().position(|&q| q == p).map_or(p, |sm| sm as u32)
        });
        on_hover.run(sm);
    };
    view! {
        <div class="gx-scroll-x">
            <div class="gx-dispatch__stack" on:mousemove=on_move on:mouseleave=move |_| on_hover.run(None)>
                <canvas node_ref=canvas class="gx-dispatch__canvas" style=aspect data-testid=testid role="img"
                    aria-label=move || label.get(lang.get())></canvas>
                <canvas node_ref=labels class="gx-dispatch__labels" aria-hidden="true"></canvas>
            </div>
        </div>
    }
}

/// Per-SM resident blocks at `t` as a list, for screen readers (built only while open, so the
/// animation does not rebuild it every frame).
#[component]
pub fn SmTable(
    /// The schedule.
    #[prop(into)]
    timeline: Signal<Option<SharedTimeline>>,
    /// The time shown.
    #[prop(into)]
    t: Signal<u32>,
    /// The summary line.
    summary: Tr,
    /// `data-testid` of the `<details>`.
    testid: &'static str,
) -> impl IntoView {
    view! {
        <DataDetails summary=summary testid=testid>
            <ul class="gx-data-table__points">
                {move || {
                    let now = t.get();
                    timeline.get().map(|tl| {
                        let mut buf = Vec::new();
                        tl.resident_at_into(now, &mut buf);
                        let slots = tl.blocks_per_sm().max(1) as usize;
                        buf.chunks(slots).enumerate().map(|(sm, row)| {
                            let blocks: Vec<String> = row.iter().flatten().map(u32::to_string).collect();
                            view! { <li>{format!("SM {sm}: {} [{}]", blocks.len(), blocks.join(", "))}</li> }
                        }).collect_view()
                    })
                }}
            </ul>
        </DataDetails>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_follow_the_order_and_keep_the_rest() {
        assert_eq!(positions(None, 3), vec![0, 1, 2]);
        // SM 2 drawn first, then SM 0; SM 1 is not in the order and comes after them.
        assert_eq!(positions(Some(&[2, 0]), 3), vec![1, 2, 0]);
        // Ids beyond the GPU and repeats are ignored.
        assert_eq!(positions(Some(&[7, 1, 1, 0]), 2), vec![1, 0]);
    }
}
