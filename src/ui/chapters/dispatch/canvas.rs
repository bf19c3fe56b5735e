//! The dispatch canvas: every SM with its block slots at the current cycle, coloured by wave.
//! Layout from [`SmGrid`]; colours from the CSS tokens; one `fillRect` per slot per frame.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::DispState;
use crate::geom::grid::SmGrid;
use crate::model::dispatch::Trace;
use crate::ui::charts::colors::Tokens;

/// Width of the figure, CSS px.
pub const WIDTH_PX: f64 = 960.0;
/// SMs per row.
pub const COLS: u32 = 12;

/// The layout for a trace's SMs and slots.
pub fn grid_for(sm_count: u32, slots: u32) -> SmGrid {
    SmGrid {
        sm_count,
        slots: slots.min(64),
        cols: COLS,
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
    /// Index of the last wave when it is partial.
    pub tail_wave: Option<u32>,
}

/// The moment of `trace` at `cycle`.
pub fn moment(trace: &Trace, cycle: u32) -> Moment {
    let started = trace.started_by(cycle);
    let waves = trace.wave_count();
    let last = waves.saturating_sub(1);
    let tail = trace
        .wave(last)
        .filter(|w| w.blocks < trace.full_wave_blocks());
    Moment {
        started,
        completed: trace.completed_by(cycle),
        current_wave: trace.wave_of_block(started.saturating_sub(1)),
        tail_wave: tail.map(|_| last),
    }
}

fn draw(
    canvas: &web_sys::HtmlCanvasElement,
    trace: &Trace,
    cycle: u32,
    buf: &mut Vec<Option<u32>>,
) -> Option<()> {
    let grid = grid_for(trace.sm_count(), trace.blocks_per_sm());
    let dpr = window().device_pixel_ratio().clamp(1.0, 3.0);
    let (w, h) = (WIDTH_PX, grid.height_px());
    let (pw, ph) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
    if canvas.width() != pw || canvas.height() != ph {
        canvas.set_width(pw);
        canvas.set_height(ph);
    }
    let ctx: web_sys::CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0).ok()?;
    let tokens = Tokens::of(canvas);
    let surface = tokens.css("--gx-surface", "#ffffff");
    let sm_bg = tokens.css("--gx-bg", "#f7f7f5");
    let idle = tokens.css("--gx-sm-idle", "#fbe9e7");
    let border = tokens.css("--gx-border", "#d9d9de");
    let muted = tokens.css("--gx-muted", "#5b5b66");
    let free = tokens.css("--gx-seg-free", "#e9e9ee");
    let prev = tokens.css("--gx-wave-prev", "#9bb7cf");
    let current = tokens.css("--gx-wave-current", "#2f6fa3");
    let tail = tokens.css("--gx-wave-tail", "#c2410c");

    ctx.set_fill_style_str(&surface);
    ctx.fill_rect(0.0, 0.0, w, h);
    trace.resident_at_into(cycle, buf);
    let m = moment(trace, cycle);
    let running = cycle < trace.makespan_cycles();
    let slots = trace.blocks_per_sm();
    ctx.set_font("9px sans-serif");
    ctx.set_line_width(1.0);
    for sm in 0..trace.sm_count() {
        let r = grid.sm_rect(sm);
        let row = buf
            .get((sm * slots) as usize..((sm + 1) * slots) as usize)
            .unwrap_or(&[]);
        let busy = row.iter().any(Option::is_some);
        ctx.set_fill_style_str(if running && !busy { &idle } else { &sm_bg });
        ctx.fill_rect(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
        ctx.set_stroke_style_str(&border);
        ctx.stroke_rect(r.x0 + 0.5, r.y0 + 0.5, r.x1 - r.x0 - 1.0, r.y1 - r.y0 - 1.0);
        ctx.set_fill_style_str(&muted);
        let _ = ctx.fill_text(&format!("SM {sm}"), r.x0 + 3.0, r.y0 + 9.5);
        for (slot, block) in row.iter().enumerate().take(64) {
            let color = match block {
                None => &free,
                Some(b) => {
                    let wave = trace.wave_of_block(*b);
                    if Some(wave) == m.tail_wave {
                        &tail
                    } else if wave == m.current_wave {
                        &current
                    } else {
                        &prev
                    }
                }
            };
            let s = grid.slot_rect(sm, slot as u32);
            ctx.set_fill_style_str(color);
            ctx.fill_rect(s.x0, s.y0, s.x1 - s.x0, s.y1 - s.y0);
        }
    }
    Some(())
}

/// The canvas, redrawn whenever the trace or the cycle changes.
#[component]
pub fn DispatchCanvas(
    /// Called with the SM under the pointer (None when it leaves).
    on_hover: Callback<Option<u32>>,
) -> impl IntoView {
    let st = expect_context::<DispState>();
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    Effect::new(move |prev: Option<Vec<Option<u32>>>| {
        let mut buf = prev.unwrap_or_default();
        let cycle = st.cycle.get();
        let out = st.outputs.read();
        if let (Some(el), Some(trace)) = (canvas.get(), out.trace.as_ref()) {
            let _ = draw(&el, trace, cycle, &mut buf);
        }
        buf
    });
    let aspect = move || {
        st.outputs.with(|o| {
            let h = o.trace.as_ref().map_or(200.0, |t| {
                grid_for(t.sm_count(), t.blocks_per_sm()).height_px()
            });
            format!("aspect-ratio: {WIDTH_PX} / {h:.1}")
        })
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
        let sm = st.outputs.with_untracked(|o| {
            o.trace
                .as_ref()
                .and_then(|t| grid_for(t.sm_count(), t.blocks_per_sm()).sm_from_px(x, y))
        });
        on_hover.run(sm);
    };
    view! {
        <canvas node_ref=canvas class="gx-dispatch__canvas" style=aspect data-testid="dispatch-canvas"
            role="img"
            on:mousemove=on_move
            on:mouseleave=move |_| on_hover.run(None)>
        </canvas>
    }
}
