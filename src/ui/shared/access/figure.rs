//! The frame both memory chapters draw their figure in: the SVG sized to the pattern, the lane
//! readout (announced politely when a lane is picked), and the chapter's legend.

use leptos::prelude::*;

use super::state::{AccessState, Shown};
use super::AccessChapter;
use crate::geom::warp_memory as g;
use crate::ui::i18n::{t, use_lang, Lang, Tr};
use crate::ui::shared::roving::Roving;
use crate::ui::shared::scroll_figure::ScrollFigure;

/// A memory chapter's figure: `draw` the current pattern into an SVG `height_px` tall (given
/// `None` before any valid pattern), describe the selected lane with `describe`, and show the
/// legend items passed as children. `draw` and `labels` are called once, with the memo of the
/// pattern shown: they build the drawing once and update only the attributes and elements that
/// read what changed (issue #18: a slider tick used to redraw the whole figure, 11,857
/// attribute writes on the bank-conflict grid). The 32 lanes are one tab stop: `draw` gives lane `i`
/// `tabindex=roving.tabindex(i)` and `data-roving=i` with the [`Roving`] this provides as context.
/// On a narrow screen the figure scrolls sideways and what `labels` draws (headings, row labels,
/// in the figure's units, `label_px` wide) stays at the box's left edge ([`ScrollFigure`]).
#[component]
pub fn AccessFigure<R: AccessChapter, V: IntoView + 'static, W: IntoView + 'static>(
    /// Accessible name of the SVG.
    label: Tr,
    /// The readout before a lane is picked.
    select_lane: Tr,
    /// Height of the SVG, in its user units, for a pattern (or none yet).
    height_px: fn(Option<&Shown<R>>) -> f64,
    /// The drawing of the pattern shown (`None` before any valid one), built once.
    draw: fn(Memo<Option<Shown<R>>>) -> V,
    /// The frozen label column of the pattern shown: headings and row labels, built once.
    labels: fn(Memo<Option<Shown<R>>>) -> W,
    /// Width of the label column, in the figure's units.
    label_px: f64,
    /// The sentence for one lane.
    describe: fn(&Shown<R>, u32, Lang) -> String,
    /// The legend's `<li>` items.
    children: Children,
) -> impl IntoView {
    let st = expect_context::<AccessState<R>>();
    let lang = use_lang();
    let shown = Memo::new(move |_| st.outputs.with(|o| o.shown.clone()));
    let roving = Roving::new(32, 0);
    provide_context(roving);
    let height = Signal::derive(move || shown.with(|s| height_px(s.as_ref())).round());
    let view_box = move || format!("0 0 {} {:.0}", g::FIGURE_WIDTH_PX, height.get());
    let readout = move || {
        let lane = st.selected_lane.get()?;
        let lang = lang.get();
        shown.with(|s| s.as_ref().map(|s| describe(s, lane, lang)))
    };
    view! {
        <figure class="gx-figure gx-mem" class:gx-stale=st.stale() data-testid="figure">
            <ScrollFigure label=label width_px=g::FIGURE_WIDTH_PX label_px=label_px height_px=height
                class="gx-mem__svg" parts_focusable=true labels=move || labels(shown)>
                <svg class="gx-mem__svg" viewBox=view_box
                    role="group" aria-label=t(label)
                    tabindex="-1" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>
                    {draw(shown)}
                </svg>
            </ScrollFigure>
            <figcaption>
                <p class="gx-mem__readout" data-testid="lane-readout" aria-live="polite">
                    {move || readout().unwrap_or_else(|| select_lane.get(lang.get()).to_string())}
                </p>
                <ul class="gx-legend">{children()}</ul>
            </figcaption>
        </figure>
    }
}

/// Lane `lane`'s chip in a memory figure's strip of 32 (both memory chapters): a focusable
/// button of the roving strip, named by `label` (also its tooltip), styled by `class`, which
/// selects the lane when clicked or focused.
pub fn lane_chip(
    lane: u32,
    class: impl Fn() -> String + Send + Sync + 'static,
    label: Memo<String>,
    selected: RwSignal<Option<u32>>,
    roving: Roving,
) -> impl IntoView {
    use crate::geom::fixed::fixed;
    let x = g::lane_x_px(lane);
    view! {
        <g class=class
            tabindex=roving.tabindex(lane as usize) data-roving=lane.to_string()
            role="button" aria-label=label data-testid=format!("lane-{lane}")
            on:click=move |_| selected.set(Some(lane))
            on:focus=move |_| selected.set(Some(lane))>
            <rect x=fixed(x, 1) y=fixed(g::LANE_TOP_PX, 1) width=fixed(g::lane_slot_px() - 2.0, 1) height=fixed(g::LANE_HEIGHT_PX, 1) rx="3"/>
            <text x=fixed(g::lane_center_px(lane), 1) y=fixed(g::LANE_TOP_PX + 17.0, 1)>{lane.to_string()}</text>
            {crate::ui::widgets::svg_title(label)}
        </g>
    }
}
