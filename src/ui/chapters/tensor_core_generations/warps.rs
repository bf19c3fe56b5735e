//! Sections "volta" (m8n8k4 quad-pairs against m16n8k16) and "hopper" (the warp group, wgmma
//! counts and the asynchronous protocol).

use leptos::prelude::*;

use super::state::{limits, GenState, WGMMA_NS};
use super::text;
use crate::model::measured::tensor_core_peak::SASS_COURSE_M64N8K16;
use crate::model::tensor_core::{fragment_layout, ElementType, MmaShape, Operand};
use crate::model::tensor_core_gen::quad_pair::{
    quad_pair_lanes, quad_pair_of, M8n8k4Fragment, PRODUCTS_PER_WARP,
};
use crate::model::tensor_core_gen::wgmma::{ProtocolStep, WARPS_PER_WARP_GROUP};
use crate::model::WARP_SIZE;
use crate::ui::format::grouped;
use crate::ui::i18n::{t, use_lang};
use crate::ui::shared::roving::Roving;
use crate::ui::widgets::RangeSlider;

/// The selected lane, if any.
fn selected(st: GenState) -> Option<u32> {
    st.inputs.with(|i| u32::try_from(i.lane).ok())
}

/// Volta's quad-pairs and Ampere's whole-warp fragment, for the selected lane.
#[component]
pub fn VoltaSection() -> impl IntoView {
    let st = expect_context::<GenState>();
    let lang = use_lang();
    // Memos over only what each part reads: a change of the values (seed) or of another
    // section's input redraws none of the fragments (issue #18).
    let frag_memo = Memo::new(move |_| st.inputs.with(|i| i.frag));
    let frag = move || frag_memo.get();
    let sel = Memo::new(move |_| selected(st));
    let lane_elements = Memo::new(move |_| st.outputs.with(|o| o.lane_elements.clone()));
    // The 32 lanes are one tab stop (rows of 8, as drawn); the arrow keys walk them.
    let roving = Roving::new(WARP_SIZE as usize, 8);
    let lanes = (0..WARP_SIZE)
        .map(|lane| {
            let q = quad_pair_of(lane).unwrap_or(0);
            view! {
                <button class=format!("gx-tcg__lane gx-tcg__lane--q{q}") data-testid=format!("lane-{lane}")
                    tabindex=roving.tabindex(lane as usize) data-roving=lane.to_string()
                    aria-pressed=move || (sel.get() == Some(lane)).to_string()
                    on:click=move |_| st.inputs.update(|i| i.lane = i64::from(lane))>
                    {lane}
                </button>
            }
        })
        .collect_view();
    let products = move || {
        let f = frag();
        let own: Vec<(u32, u32, u32)> =
            lane_elements.with(|es| es.iter().map(|e| (e.product, e.row, e.col)).collect());
        let sel_q = sel.get().and_then(quad_pair_of);
        (0..PRODUCTS_PER_WARP)
            .map(|p| {
                let cells = (0..f.rows())
                    .flat_map(|r| (0..f.cols()).map(move |c| (r, c)))
                    .map(|(r, c)| {
                        let mine = own.contains(&(p, r, c));
                        view! { <span class="gx-tcg__cell" class:is-own=mine data-testid=format!("p{p}-{r}-{c}")></span> }
                    })
                    .collect_view();
                view! {
                    <figure class=format!("gx-tcg__product gx-tcg__product--q{p}") class:is-dim=sel_q.is_some_and(|q| q != p) data-testid=format!("product-{p}")>
                        <figcaption>{move || text::product(p, lang.get())}</figcaption>
                        <div class="gx-tcg__tile" style=format!("grid-template-columns: repeat({}, 1fr)", f.cols())>{cells}</div>
                    </figure>
                }
            })
            .collect_view()
    };
    let info = move || {
        let l = lang.get();
        let Some(lane) = sel.get() else {
            return view! { <p>{text::PICK_LANE.get(l)}</p> }.into_any();
        };
        let q = quad_pair_of(lane).unwrap_or(0);
        let ql = quad_pair_lanes(q);
        let range = |s: &[u32]| match (s.first(), s.last()) {
            (Some(a), Some(b)) => format!("{a}–{b}"),
            _ => String::new(),
        };
        let lanes_text = format!(
            "{}, {}",
            range(&ql[..4.min(ql.len())]),
            range(&ql[4.min(ql.len())..])
        );
        let label = match frag() {
            M8n8k4Fragment::ARow | M8n8k4Fragment::ACol => "A",
            M8n8k4Fragment::BRow | M8n8k4Fragment::BCol => "B",
            _ => "C",
        };
        let items = lane_elements
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, e)| view! { <li>{text::element_line(i as u32, &e, label, l)}</li> })
            .collect_view();
        view! {
            <p data-testid="lane-info">{text::lane_info(lane, q, &lanes_text, l)}</p>
            <ul class="gx-tcg__elements" data-testid="lane-elements">{items}</ul>
        }
        .into_any()
    };
    // Ampere: the m16n8k16 f32 accumulator, the same lane highlighted.
    let ampere = fragment_layout(
        MmaShape::MmaM16N8K16,
        Operand::Accumulator,
        ElementType::F32,
    )
    .ok();
    let ampere_grid = move || {
        let Some(layout) = ampere.clone() else {
            return ().into_any();
        };
        let sel = sel.get();
        let grid = layout.owner_grid();
        let cells = grid
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, s)| (r, c, s.lane)))
            .map(|(r, c, lane)| {
                let mine = sel == Some(lane);
                view! { <span class="gx-tcg__cell gx-tcg__cell--ampere" class:is-own=mine data-testid=format!("amp-{r}-{c}")></span> }
            })
            .collect_view();
        let text_line = sel.map(|lane| {
            let cells = layout
                .lane_elements(lane)
                .iter()
                .map(|(r, c)| format!("({r}, {c})"))
                .collect::<Vec<_>>()
                .join(", ");
            view! { <p data-testid="ampere-lane">{move || text::ampere_lane(lane, &cells, lang.get())}</p> }
        });
        view! {
            <div class="gx-tcg__tile gx-tcg__tile--ampere" style=format!("grid-template-columns: repeat({}, 1fr)", layout.cols()) data-testid="ampere-grid">{cells}</div>
            {text_line}
        }
        .into_any()
    };
    view! {
        <section class="l-body gx-section" data-testid="volta">
            <h2>{t(text::VOLTA_TITLE)}</h2>
            <p>{t(text::VOLTA_INTRO)}</p>
            <label class="gx-field gx-tcg__pick">
                <span class="gx-field__label">{t(text::FRAG_LABEL)}</span>
                <select class="gx-select" data-testid="select-frag" on:change=move |ev| {
                    if let Some(f) = M8n8k4Fragment::from_slug(&event_target_value(&ev)) {
                        st.inputs.update(|i| i.frag = f);
                    }
                }>
                    {M8n8k4Fragment::ALL.into_iter().map(|f| view! {
                        <option value=f.slug() selected=move || frag() == f>{format!("mma.m8n8k4 {}", f.label())}</option>
                    }).collect_view()}
                </select>
            </label>
            <div class="gx-tcg__lanes" role="group" aria-label=t(text::LANES_LABEL)
                on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>{lanes}</div>
            <div aria-live="polite" data-substep="">{info}</div>
            <div class="gx-tcg__products">{products}</div>
            <p class="gx-note" data-testid="volta-count">{t(text::VOLTA_COUNT)}</p>
            <h3>{t(text::AMPERE_TITLE)}</h3>
            <p>{t(text::AMPERE_INTRO)}</p>
            {ampere_grid}
            <p class="gx-note">{t(text::AMPERE_COUNT)}</p>
        </section>
    }
}

/// The warp group, the wgmma numbers and the asynchronous protocol.
#[component]
pub fn HopperSection() -> impl IntoView {
    let st = expect_context::<GenState>();
    let lang = use_lang();
    let out = st.outputs;
    // Memos: the numbers, warps and groups are rebuilt when their part of the outputs changes,
    // not at every tick of another section's slider.
    let shape_memo = Memo::new(move |_| out.with(|o| o.shape));
    let shape = move || shape_memo.get();
    let complete = Memo::new(move |_| out.with(|o| o.complete.clone()));
    let numbers = move || {
        let s = shape();
        let values = [
            grouped(s.macs()),
            s.mma_sync_equivalent().to_string(),
            s.mma_sync_per_warp().to_string(),
            s.f32_accumulators_per_thread().to_string(),
            format!("{} B", grouped(u64::from(s.b_shared_bytes()))),
            s.sass_bf16(),
        ];
        text::HOPPER_NUMBERS
            .iter()
            .zip(values)
            .enumerate()
            .map(|(k, (label, v))| {
                view! {
                    <div><dt>{t(*label)}</dt><dd data-testid=format!("wg-{k}")>{v}</dd></div>
                }
            })
            .collect_view()
    };
    let warps = move || {
        let s = shape();
        (0..WARPS_PER_WARP_GROUP)
            .map(|w| {
                let rows = s.rows_of_warp(w).map(|r| format!("{} … {}", r.start, r.end - 1)).unwrap_or_default();
                view! {
                    <div class=format!("gx-tcg__warp gx-tcg__lane--q{w}") data-testid=format!("wg-warp-{w}")>
                        <strong>{move || format!("{} {w}", text::WARP_LABEL.get(lang.get()))}</strong>
                        <span>{move || format!("{}: {rows}", text::ROWS_LABEL.get(lang.get()))}</span>
                    </div>
                }
            })
            .collect_view()
    };
    let protocol = ProtocolStep::ALL
        .into_iter()
        .map(|s| {
            let sass = match s {
                ProtocolStep::Fence => Some(SASS_COURSE_M64N8K16[0]),
                ProtocolStep::MmaAsync => Some(SASS_COURSE_M64N8K16[1]),
                ProtocolStep::WaitGroup => Some(SASS_COURSE_M64N8K16[2]),
                ProtocolStep::ProxyFence | ProtocolStep::CommitGroup => None,
            };
            view! {
                <tr>
                    <th scope="row"><code>{s.ptx()}</code></th>
                    <td>{match sass {
                        Some(x) => view! { <code>{x}</code> }.into_any(),
                        None => view! { <span class="gx-muted">{t(text::NO_SASS)}</span> }.into_any(),
                    }}</td>
                    <td>{move || text::protocol_text(s, lang.get())}</td>
                </tr>
            }
        })
        .collect_view();
    let groups = move || {
        complete
            .get()
            .into_iter()
            .enumerate()
            .map(|(g, done)| view! {
                <li class="gx-tcg__group" class:is-done=done data-testid=format!("group-{g}")>
                    {move || format!("{}: {}", text::group(g, lang.get()), if done { text::GROUP_DONE.get(lang.get()) } else { text::GROUP_PENDING.get(lang.get()) })}
                </li>
            })
            .collect_view()
    };
    let n_value = Signal::derive(move || shape().n().into());
    view! {
        <section class="l-body gx-section" data-testid="hopper">
            <h2>{t(text::HOPPER_TITLE)}</h2>
            <p>{t(text::HOPPER_INTRO)}</p>
            <RangeSlider label=text::N_LABEL min=8 max=256 step=8 testid="slider-n" value=n_value
                on_input=Callback::new(move |v: u64| {
                    // The number field takes any value: round down to a legal N.
                    let n = (v / 8 * 8).clamp(8, 256).to_string();
                    if WGMMA_NS.contains(&n.as_str()) {
                        st.inputs.update(|i| i.n = n.clone());
                    }
                })/>
            <div class="gx-tcg__group-figure" data-testid="warp-group">
                <div class="gx-tcg__warps">{warps}</div>
                <div class="gx-tcg__bshared">{t(text::B_SHARED)}</div>
            </div>
            <p class="gx-note" data-testid="inference">{t(text::INFERENCE)}</p>
            <dl class="gx-tcg__counters" data-testid="wg-numbers">{numbers}</dl>
            <h3>{t(text::PROTOCOL_TITLE)}</h3>
            <p>{t(text::PROTOCOL_INTRO)}</p>
            <div class="gx-table-scroll">
                <table class="gx-table gx-table--text gx-tcg__protocol" data-testid="protocol-table">
                    <thead><tr>{text::PROTOCOL_HEAD.iter().map(|h| view! { <th scope="col">{t(*h)}</th> }).collect_view()}</tr></thead>
                    <tbody>{protocol}</tbody>
                </table>
            </div>
            <div class="gx-tcg__controls">
                <RangeSlider label=text::GROUPS_LABEL min=limits::GROUPS.0 max=limits::GROUPS.1 testid="slider-groups"
                    value=Signal::derive(move || st.inputs.with(|i| i.groups))
                    on_input=Callback::new(move |v| st.inputs.update(|i| i.groups = v))/>
                <RangeSlider label=text::WAIT_LABEL min=limits::WAIT.0 max=limits::WAIT.1 testid="slider-wait"
                    value=Signal::derive(move || st.inputs.with(|i| i.wait))
                    on_input=Callback::new(move |v| st.inputs.update(|i| i.wait = v))/>
            </div>
            <p data-testid="wait-summary">{move || st.inputs.with(|i| text::wait_summary(i.groups as u32, i.wait as u32, lang.get()))}</p>
            <ol class="gx-tcg__groups">{groups}</ol>
        </section>
    }
}
