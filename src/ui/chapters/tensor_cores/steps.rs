//! Section "step through": one warp's K-tile iteration and the block's epilogue, from
//! [`crate::model::w8a8::W8a8Gemv::trace`].

use leptos::prelude::*;

use crate::ui::shared::scroll_figure::ScrollFigure;
use wasm_bindgen::JsCast;

use super::slider;
use super::state::{limits, TcState};
use super::text;
use crate::model::w8a8::{StepAction, TileWrite};
use crate::ui::i18n::{t, use_lang};
use crate::ui::widgets::{markup_block, markup_into, Markup, PlayerControls, Scale, StepButtons};

use super::fragments::{axis_markup, grid_cell, CELL_PX, LEFT_PX, TOP_PX};

fn state() -> TcState {
    expect_context::<TcState>()
}

/// The course listing's loop and epilogue, one string per line.
const LISTING: [&str; 21] = [
    "for (int k0 = k_begin; k0 < k_end; k0 += WMMA_K) {",
    "  for (int i = lane; i < WMMA_M * WMMA_K; i += 32) {",
    "    a_tile[warp][i] = (i < WMMA_K) ? qact[k0 + i] : int8{0};",
    "    const int n = i / WMMA_K;",
    "    const int kk = i % WMMA_K;",
    "    b_tile[warp][i] = qweight[(out_base + n) * K + k0 + kk];",
    "  }",
    "  __syncwarp();",
    "  wmma::load_matrix_sync(a_frag, a_tile[warp], WMMA_K);",
    "  wmma::load_matrix_sync(b_frag, b_tile[warp], WMMA_K);",
    "  wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag); // s8 × s8 → s32",
    "  __syncwarp();",
    "}",
    "wmma::store_matrix_sync(c_tile[warp], acc_frag, WMMA_N, wmma::mem_row_major);",
    "__syncthreads();",
    "if (tid < WMMA_N) {",
    "  int z = 0;",
    "  for (int w = 0; w < WARPS_PER_BLOCK; ++w) z += c_tile[w][tid];",
    "  const int o = out_base + tid;",
    "  y[o] = __float2half(static_cast<float>(z) * act_scale * w_scale[o]);",
    "}",
];

/// Lines of [`LISTING`] a step highlights.
fn lines_of(id: &str) -> &'static [usize] {
    match id {
        "fill_tiles" => &[1, 2, 3, 4, 5, 6],
        "syncwarp_tiles_ready" => &[7],
        "load_a" => &[8],
        "load_b" => &[9],
        "mma" => &[10],
        "syncwarp_tiles_free" => &[11],
        "repeat_k_tiles" => &[0, 12],
        "store_accumulator" => &[13],
        "syncthreads" => &[14],
        "reduce_partials" => &[15, 16, 17],
        "dequantize" => &[19],
        "write_output" => &[18, 19, 20],
        _ => &[],
    }
}

/// The 16 × 16 bytes of the shared tiles, coloured by the writing lane.
#[component]
fn FillGrid(writes: Vec<TileWrite>) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let sel = st.lane;
    let side = 16u32;
    // Row labels here are byte offsets up to 240: a wider margin than the fragment grids.
    let left = LEFT_PX + 10;
    let width = left + side * CELL_PX + 2;
    let height = TOP_PX + side * CELL_PX + 2;
    // The axis and the 256 cells as a read-only block of SVG elements (no control inside),
    // rebuilt when the selected lane (highlight) or the language (the cells' titles) changes.
    let cells = move || {
        let lane_sel = sel.get();
        let lang = lang.get();
        let mut h = axis_markup(side, left, None, CELL_PX);
        for w in &writes {
            let (r, c) = (w.tile_byte / side, w.tile_byte % side);
            let lane = w.lane;
            let mut class = String::from("gx-frag__cell");
            match lane_sel {
                Some(l) if l == lane => class.push_str(" is-hl"),
                Some(_) => class.push_str(" is-dim"),
                None => {}
            };
            if w.activation_index.is_some() {
                class.push_str(" is-act");
            }
            grid_cell(
                &mut h,
                class,
                None,
                (left + c * CELL_PX, TOP_PX + r * CELL_PX, CELL_PX),
                (lane, w.iteration),
                text::write_label(w, lang),
                |_| {},
            );
        }
        h
    };
    // The frozen row labels (byte offsets), over a mask below the column header.
    let rows = move || {
        markup_block(
            "g",
            "",
            None,
            Signal::stored(axis_markup(side, left, Some((side, height)), CELL_PX)),
        )
    };
    view! {
        <figure class="gx-fill" data-testid="fill-grid">
            <ScrollFigure label=text::FILL_GRID width_px=f64::from(width) label_px=f64::from(left)
                height_px=f64::from(height) natural_size=true labels=rows>
                <svg class="gx-frag__svg" viewBox=format!("0 0 {width} {height}") width=width.to_string() height=height.to_string()
                    role="img" aria-label=move || t(text::FILL_GRID)()>
                    {markup_block("g", "gx-fill__cells", None, Signal::derive(cells))}
                </svg>
            </ScrollFigure>
            <figcaption class="gx-note">{t(text::FILL_GRID)}{t(text::FILL_GRID_KEY)}</figcaption>
        </figure>
    }
}

/// The index of the step button a click hit (its `<li>`'s place in the list).
fn step_clicked(ev: &web_sys::Event) -> Option<u64> {
    let target = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    let mut li = target.closest("button").ok()??.parent_element();
    let mut n = 0;
    while let Some(prev) = li.and_then(|e| e.previous_element_sibling()) {
        n += 1;
        li = Some(prev);
    }
    Some(n)
}

/// Focuses the current step's button once its `aria-current` has moved (after the next frame),
/// so ← / → keep working after a click or a key.
fn focus_current_step() {
    request_animation_frame(|| {
        let Some(doc) = window().document() else {
            return;
        };
        if let Ok(Some(el)) = doc.query_selector("[data-testid=step-list] [aria-current=step]") {
            let _ = el.unchecked_into::<web_sys::HtmlElement>().focus();
        }
    });
}

/// Whole section.
#[component]
pub fn StepsSection() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let playing = RwSignal::new(false);
    let steps = Signal::derive(move || {
        st.trace
            .with(|t| t.as_ref().map(Vec::len).unwrap_or(0))
            .try_into()
            .unwrap_or(u32::MAX)
    });
    let step_of = |i: &super::state::TcInputs| u32::try_from(i.step).unwrap_or(u32::MAX);
    let current = st.inputs.part(step_of);
    // The shared player's behaviour: stops at the first and the last step, Play from the last
    // step starts over, reduced motion steps instead of animating.
    let controls = PlayerControls::new(
        Callback::new(move |()| st.inputs.with_untracked(step_of)),
        Callback::new(move |s: u32| st.inputs.update(|i| i.step = u64::from(s))),
        Signal::derive(move || steps.get().saturating_sub(1)),
        playing,
        1,
        1400,
    );
    // The step list is one tab stop (the current step; arrow keys change the step) and is drawn
    // once per trace, so the focus stays on a step button when Enter shows that step.
    let ids = Memo::new(move |_| {
        st.trace.with(|trace| {
            trace
                .as_ref()
                .map(|t| t.iter().map(|s| s.id).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    let shown = move || (st.step.get() as usize).min(ids.with(Vec::len).saturating_sub(1));
    // ← / ↑ and → / ↓ in the list move to the previous / next step, as the player's keys do;
    // the focus follows the current step (the list's one tab stop, as in a tab list).
    let on_list_key = move |ev: leptos::ev::KeyboardEvent| {
        let delta: i64 = match ev.key().as_str() {
            "ArrowLeft" | "ArrowUp" => -1,
            "ArrowRight" | "ArrowDown" => 1,
            _ => return,
        };
        ev.prevent_default();
        playing.set(false);
        let last = ids.with_untracked(Vec::len).saturating_sub(1) as u64;
        st.inputs
            .update(|i| i.step = i.step.saturating_add_signed(delta).min(last));
        focus_current_step();
    };
    // The list as a [`Markup`] block of buttons: a new step or language patches it in place (the
    // focused button stays); a click on a button shows its step.
    let list = move || {
        let (on, lang) = (shown(), lang.get());
        let mut h = Markup::new();
        ids.with(|ids| {
            for (n, id) in ids.iter().enumerate() {
                let here = n == on;
                h.open("li")
                    .class(if here { "is-on" } else { "" })
                    .open("button")
                    .class("gx-steps__item")
                    .attr("aria-current", if here { "step" } else { "false" })
                    .attr("tabindex", if here { "0" } else { "-1" })
                    .text(text::step_title(id).get(lang))
                    .close()
                    .close();
            }
        });
        h
    };
    let on_list_click = move |ev: leptos::ev::MouseEvent| {
        if let Some(n) = step_clicked(&ev) {
            st.inputs.update(|i| i.step = n);
        }
    };
    let main = move || {
        let Ok(steps) = st.trace.get() else {
            return ().into_any();
        };
        let idx = (st.step.get() as usize).min(steps.len().saturating_sub(1));
        let Some(step) = steps.get(idx).cloned() else {
            return ().into_any();
        };
        let hl = lines_of(step.id);
        let mut listing = Markup::new();
        listing.open("code");
        for (n, line) in LISTING.iter().enumerate() {
            let on = hl.contains(&n);
            listing
                .open("span")
                .class(if on {
                    "gx-code__line is-on"
                } else {
                    "gx-code__line"
                })
                .text(*line)
                .text("\n")
                .close();
        }
        listing.close();
        let scope = text::scope(step.scope);
        let fill = match &step.action {
            StepAction::FillSharedTiles { writes, .. } => {
                Some(view! { <FillGrid writes=writes.clone()/> })
            }
            _ => None,
        };
        let id = step.id;
        view! {
            <h3 data-testid="step-title">{t(text::step_title(id))}</h3>
            {super::para(Some("gx-note"), scope)}
            <p data-testid="step-text" data-substep="" aria-live="polite">{move || text::step_description(&step, lang.get())}</p>
            {markup_block("pre", "gx-code", Some("listing"), Signal::derive(move || listing.clone()))}
            {fill}
        }
        .into_any()
    };
    let ok = Memo::new(move |_| st.trace.with(Result::is_ok));
    let body = move || {
        if ok.get() {
            return view! {
                <div class="gx-steps__grid">
                    <ol class="gx-steps__list" data-testid="step-list" use:markup_into=Signal::derive(list)
                        on:keydown=on_list_key on:click=on_list_click></ol>
                    <div class="gx-steps__main">{main}</div>
                </div>
            }
            .into_any();
        }
        let Err(e) = st.trace.get() else {
            return ().into_any();
        };
        let why = text::launch_error(&e, lang.get());
        view! {
            <div class="gx-error" role="alert" data-testid="trace-error">
                <p>{t(text::NO_TRACE)}" "{text::model_error_detail(&e, lang.get()).map(|d| view! { <strong>{d}</strong> })}</p>
                <p>{why}</p>
            </div>
        }
        .into_any()
    };
    view! {
        <section class="l-page gx-section gx-defer" data-testid="steps">
            {super::body_head(text::STEPS_TITLE, text::STEPS_INTRO)}
            <StepButtons controls=controls steps=steps current=current
                prev=text::PREV play=text::PLAY pause=text::PAUSE next=text::NEXT label=text::STEP_CONTROLS/>
            <div class="gx-steps__pick">
                {slider(text::BLOCK_LABEL, limits::INDEX, Scale::Linear, "slider-block", |i| i.block, |i, v| i.block = v)}
                {slider(text::WARP_LABEL, limits::WARP_INDEX, Scale::Linear, "slider-warp", |i| i.warp, |i, v| i.warp = v)}
                {slider(text::KT_LABEL, limits::INDEX, Scale::Linear, "slider-kt", |i| i.kt, |i, v| i.kt = v)}
            </div>
            {body}
        </section>
    }
}
