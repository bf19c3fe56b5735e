//! The bank-conflict chapter's panels: phases and wavefronts with formulas, and the figure's
//! data table.

use leptos::prelude::*;

use crate::ui::widgets::formula_row_testid as row;

use super::state::BankState;
use super::text;
use crate::ui::i18n::{t, use_lang};

fn state() -> BankState {
    expect_context::<BankState>()
}

/// Phases, wavefronts, ideal and conflicts, each with its formula.
#[component]
pub fn NumbersPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    view! {
        <section class="l-body gx-numbers" data-testid="numbers">
            <h2>{t(text::NUMBERS)}</h2>
            {move || {
                let b = st.outputs.get().shown?;
                let r = b.result;
                let lang = lang.get();
                let w = r.bytes_per_lane;
                let packing = r.packing.map(|p| text::packing(p).get(lang));
                let per_phase: Vec<String> = r.phases.iter().map(|p| p.wavefronts.to_string()).collect();
                let sum = per_phase.join(" + ");
                Some(view! {
                    <table class="gx-table">
                        <thead><tr>
                            <th scope="col">{t(text::COL_QUANTITY)}</th>
                            <th scope="col">{t(text::COL_FORMULA)}</th>
                            <th scope="col">{t(text::COL_VALUE)}</th>
                        </tr></thead>
                        <tbody>
                            {row(text::BANK_OF_WORD, text::F_BANK.get(lang).into(), "0…31".into(), "bank-formula")}
                            {row(text::PHASES, text::bytes_per_lane(w, lang), text::phase_split(r.phase_split).get(lang).into(), "phase-split")}
                            {row(text::PHASE_WAVEFRONTS, text::PHASE_WAVEFRONTS_FORMULA.get(lang).into(), per_phase.join(", "), "phase-wavefronts")}
                            <tr class="gx-numbers__verdict">
                                <th scope="row">{t(text::WAVEFRONTS)}</th>
                                <td class="gx-formula">{format!("{} = {sum}", text::F_SUM_PHASES.get(lang))}</td>
                                <td class="gx-value" data-testid="count-wavefronts">{r.wavefronts}</td>
                            </tr>
                            {row(text::IDEAL, format!("⌈{} × {w} B / 128 B⌉ = ⌈{} × {w} / 128⌉", text::F_ACTIVE_LANES.get(lang), r.active_lanes), r.ideal_wavefronts.to_string(), "count-ideal")}
                            <tr class="gx-numbers__verdict">
                                <th scope="row">{t(text::CONFLICTS)}</th>
                                <td class="gx-formula">{format!("{} = max(0, {} − {})", text::F_CONFLICTS.get(lang), r.wavefronts, r.ideal_wavefronts)}</td>
                                <td class="gx-value" data-testid="count-conflicts">{r.conflicts}</td>
                            </tr>
                        </tbody>
                    </table>
                    {packing.map(|p| view! { <p class="gx-note" data-testid="packing">{p}</p> })}
                    <p class="gx-note">{text::MEASURED_NOTE.get(lang)}</p>
                })
            }}
        </section>
    }
}
