//! The bank-conflict chapter's panels: phases and wavefronts with formulas, and the figure's
//! data table.

use leptos::prelude::*;

use super::state::BankState;
use super::text;
use crate::ui::i18n::{t, use_lang};

fn state() -> BankState {
    expect_context::<BankState>()
}

/// Phases, wavefronts, ideal, conflicts and conflicts as Nsight Compute counts them, each with
/// its formula. The table is built once (while
/// a launch is shown) and each formula and value follows one memo of strings: a slider tick
/// rewrites the text that changed (it rebuilt the table, 30 elements, each tick).
#[component]
pub fn NumbersPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // Per row (as ROWS): formula and value; the packing note.
    let cells = Memo::new(move |_| {
        let b = st.outputs.get().shown?;
        let r = b.result;
        let lang = lang.get();
        let w = r.bytes_per_lane;
        let per_phase: Vec<String> = r.phases.iter().map(|p| p.wavefronts.to_string()).collect();
        let rows = [
            (text::F_BANK.get(lang).to_string(), "0…31".to_string()),
            (
                text::bytes_per_lane(w, lang),
                text::phase_split(r.phase_split).get(lang).to_string(),
            ),
            (
                text::PHASE_WAVEFRONTS_FORMULA.get(lang).to_string(),
                per_phase.join(", "),
            ),
            (
                format!(
                    "{} = {}",
                    text::F_SUM_PHASES.get(lang),
                    per_phase.join(" + ")
                ),
                r.wavefronts.to_string(),
            ),
            (
                format!(
                    "⌈{} × {w} B / 128 B⌉ = ⌈{} × {w} / 128⌉",
                    text::F_ACTIVE_LANES.get(lang),
                    r.active_lanes
                ),
                r.ideal_wavefronts.to_string(),
            ),
            (
                format!(
                    "{} = max(0, {} − {})",
                    text::F_CONFLICTS.get(lang),
                    r.wavefronts,
                    r.ideal_wavefronts
                ),
                r.conflicts.to_string(),
            ),
            (
                format!(
                    "{} = {} − {}",
                    text::F_NCU_CONFLICTS.get(lang),
                    r.wavefronts,
                    r.phases.iter().filter(|p| p.lane_mask != 0).count()
                ),
                r.ncu_conflicts().to_string(),
            ),
        ];
        // The lessons' "n-way conflict": the worst phase's wavefronts, as the conflicts count it.
        let way = r.phases.iter().map(|p| p.wavefronts).max().unwrap_or(0);
        let way_note =
            (way > 1 && way - 1 <= r.conflicts).then(|| text::n_way(way, r.conflicts, lang));
        Some((
            rows,
            r.packing.map(|p| text::packing(p).get(lang).to_string()),
            way_note,
        ))
    });
    let shown = Memo::new(move |_| cells.with(Option::is_some));
    let has_packing = Memo::new(move |_| cells.with(|c| c.as_ref().is_some_and(|c| c.1.is_some())));
    let has_way = Memo::new(move |_| cells.with(|c| c.as_ref().is_some_and(|c| c.2.is_some())));
    // The byte after the highest one the pattern touches, when it is past the most shared
    // memory a block can have on any GPU of the site.
    let past_smem = Memo::new(move |_| {
        let limit = crate::model::gpu_spec::GpuSpec::presets()
            .iter()
            .map(|g| u64::from(g.smem_per_block_optin_bytes))
            .max()
            .unwrap_or(0);
        st.outputs.with(|o| {
            let s = o.shown.as_ref()?;
            let top = s.indices.iter().flatten().max()?;
            let end = u64::try_from(*top)
                .ok()?
                .saturating_add(1)
                .saturating_mul(u64::from(s.elem_bytes))
                .saturating_add(s.offset_bytes);
            (end > limit).then_some((end, limit))
        })
    });
    let cell = move |k: usize, value: bool| {
        move || {
            cells.with(|c| {
                c.as_ref()
                    .and_then(|c| c.0.get(k))
                    .map(|(f, v)| if value { v.clone() } else { f.clone() })
                    .unwrap_or_default()
            })
        }
    };
    view! {
        <section class="l-body gx-numbers" class:gx-stale=st.stale() data-testid="numbers">
            <h2>{t(text::NUMBERS)}</h2>
            {crate::ui::shared::access::state::stale_note(st)}
            {move || shown.get().then(|| {
                let rows = ROWS
                    .iter()
                    .enumerate()
                    .map(|(k, &(name, testid, verdict))| view! {
                        <tr class:gx-numbers__verdict=verdict>
                            <th scope="row">{t(name)}</th>
                            <td class="gx-formula">{cell(k, false)}</td>
                            <td class="gx-value" data-testid=testid>{cell(k, true)}</td>
                        </tr>
                    })
                    .collect_view();
                view! {
                    <table class="gx-table">
                        {crate::ui::widgets::head_row(&[text::COL_QUANTITY, text::COL_FORMULA, text::COL_VALUE])}
                        <tbody>{rows}</tbody>
                    </table>
                    {move || has_packing.get().then(|| view! {
                        <p class="gx-note" data-testid="packing">{move || cells.with(|c| c.as_ref().and_then(|c| c.1.clone()).unwrap_or_default())}</p>
                    })}
                    {move || has_way.get().then(|| view! {
                        <p class="gx-note" data-testid="n-way">{move || cells.with(|c| c.as_ref().and_then(|c| c.2.clone()).unwrap_or_default())}</p>
                    })}
                    {move || past_smem.get().map(|(end, limit)| view! {
                        <p class="gx-note" data-testid="past-smem">{move || text::past_shared_memory(end, limit, lang.get())}</p>
                    })}
                    <p class="gx-note">{t(text::MEASURED_NOTE)}</p>
                    <p class="gx-note" data-testid="conflicts-note">{t(text::CONFLICTS_NOTE)}</p>
                }
            })}
        </section>
    }
}

/// The numbers panel's rows: quantity, the value cell's test id, whether it is a verdict row.
const ROWS: [(crate::ui::i18n::Tr, &str, bool); 7] = [
    (text::BANK_OF_WORD, "bank-formula", false),
    (text::PHASES, "phase-split", false),
    (text::PHASE_WAVEFRONTS, "phase-wavefronts", false),
    (text::WAVEFRONTS, "count-wavefronts", true),
    (text::IDEAL, "count-ideal", false),
    (text::CONFLICTS, "count-conflicts", true),
    (text::NCU_CONFLICTS, "count-ncu-conflicts", true),
];
