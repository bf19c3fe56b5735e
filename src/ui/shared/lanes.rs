//! A warp's 32 lanes as a strip of cells, each coloured by what the lane does at one point (in
//! the active mask, masked off, returned, not launched) with its mask bit: the divergence
//! chapter's figure, and the kernel lab's view of a branch. The 32 lanes are one tab stop;
//! the arrow keys walk them ([`Roving`]).

use leptos::prelude::*;

use crate::geom::fixed::fixed;
use crate::geom::legible::WrappedStrip;
use crate::ui::i18n::{use_lang, Tr};
use crate::ui::shared::roving::Roving;
use crate::ui::theme::use_narrow_screen;

/// Lanes in a warp, as `usize` for indexing.
pub const LANES: usize = 32;

/// What a lane is doing at a point of the warp's run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LaneState {
    /// In the active mask (its bit is 1).
    Active,
    /// Launched and alive, but masked off: waits for the other path.
    Masked,
    /// Left the kernel through `return` (or, in the lab, inactive here).
    Exited,
    /// Never launched: past the end of the block (partial last warp).
    NotLaunched,
}

/// `0x0000ffff`-style hex of a mask.
pub fn hex(mask: u32) -> String {
    format!("0x{mask:08x}")
}

/// The mask as 32 bits, lane 31 first, grouped by 8 (as `__activemask()` prints in binary).
pub fn bits(mask: u32) -> String {
    let s = format!("{mask:032b}");
    s.as_bytes()
        .chunks(8)
        .map(|c| std::str::from_utf8(c).unwrap_or(""))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The lane strip: one row of 32 cells on a wide screen (712 units, ≥ scale 1 in the figure's
/// column on a 1440 desktop and a 853 px projector), two rows of 16 on a narrow one (344 units,
/// scale ≥ 1 on a 390 px phone), so the 12-unit lane numbers stay ≥ 12 CSS px.
pub fn strip(narrow: bool) -> WrappedStrip {
    if narrow {
        WrappedStrip {
            cols: 16,
            cell_w_px: 21.0,
            row_h_px: 50.0,
            margin_px: 4.0,
        }
    } else {
        WrappedStrip {
            cols: 32,
            cell_w_px: 22.0,
            row_h_px: 48.0,
            margin_px: 4.0,
        }
    }
}

/// The CSS classes of a lane cell in state `s`.
pub fn lane_class(s: LaneState) -> &'static str {
    match s {
        LaneState::Active => "gx-lane gx-lane--active",
        LaneState::Masked => "gx-lane gx-lane--masked",
        LaneState::Exited => "gx-lane gx-lane--exited",
        LaneState::NotLaunched => "gx-lane gx-lane--off",
    }
}

/// The 32 lanes in `states`, each named by `lane_label` (its accessible name and tooltip); a
/// click or focus on a lane sets `picked`. Built once: each lane follows its own state.
#[component]
pub fn LaneStrip(
    /// Every lane's state.
    states: Memo<[LaneState; LANES]>,
    /// The strip's accessible name.
    label: Tr,
    /// Lane `i`'s name (read reactively: it may follow the language and the states).
    lane_label: Callback<usize, String>,
    /// The lane the reader clicked or focused.
    picked: RwSignal<Option<usize>>,
) -> impl IntoView {
    let lang = use_lang();
    let roving = Roving::new(LANES, 0);
    let narrow = use_narrow_screen();
    let lanes = (0..LANES)
        .map(|lane| {
            let s = Memo::new(move |_| {
                states.with(|v| v.get(lane).copied().unwrap_or(LaneState::NotLaunched))
            });
            let origin = move || {
                let g = strip(narrow.get());
                let (x, y0) = g.cell_origin_px(lane as u32);
                (x, y0, g.cell_w_px)
            };
            let name = Memo::new(move |_| lane_label.run(lane));
            let class = move || {
                let picked = if picked.get() == Some(lane) { " gx-lane--picked" } else { "" };
                format!("{}{picked}", lane_class(s.get()))
            };
            view! {
                <g class=class
                    data-testid="lane" data-state=move || format!("{:?}", s.get()).to_ascii_lowercase()
                    tabindex=roving.tabindex(lane) data-roving=lane.to_string() role="img" aria-label=name
                    on:click=move |_| picked.set(Some(lane)) on:focus=move |_| picked.set(Some(lane))>
                    {crate::ui::widgets::svg_title(name)}
                    <rect x=move || { let (x, _, _) = origin(); fixed(x + 1.0, 1) } y=move || { let (_, y0, _) = origin(); fixed(y0 + 18.0, 1) }
                        width=move || { let (_, _, cell) = origin(); fixed(cell - 2.0, 1) } height="26" rx="3"/>
                    <text class="gx-lane__bit" x=move || { let (x, _, cell) = origin(); fixed(x + cell / 2.0, 1) } y=move || { let (_, y0, _) = origin(); fixed(y0 + 36.0, 1) }
                        text-anchor="middle">{move || if s.get() == LaneState::Active { "1" } else { "0" }}</text>
                    <text class="gx-lane__no" x=move || { let (x, _, cell) = origin(); fixed(x + cell / 2.0, 1) } y=move || { let (_, y0, _) = origin(); fixed(y0 + 13.0, 1) }
                        text-anchor="middle">{lane}</text>
                </g>
            }
        })
        .collect_view();
    view! {
        <svg class="gx-lanes" viewBox=move || { let g = strip(narrow.get()); format!("0 0 {} {}", g.width_px(), g.height_px(LANES as u32)) }
            style=move || format!("max-width: {}px", strip(narrow.get()).width_px() * 1.6)
            role="group" data-testid="lanes"
            aria-label=move || label.get(lang.get())
            tabindex="-1" on:keydown=roving.on_keydown() on:focusin=roving.on_focusin()>
            {lanes}
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_print_as_hex_and_grouped_bits() {
        assert_eq!(hex(0xffff), "0x0000ffff");
        assert_eq!(bits(1), "00000000 00000000 00000000 00000001");
    }
}
