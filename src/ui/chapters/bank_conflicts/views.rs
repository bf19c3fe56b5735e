//! The bank-conflict chapter's panels: phases and wavefronts with formulas, and the figure's
//! data table.

use leptos::prelude::*;

use super::state::BankState;
use super::text;
use crate::model::bank_conflicts::{Packing, PhaseSplit};
use crate::ui::i18n::{t, tr, use_lang, Lang, Tr};

fn state() -> BankState {
    expect_context::<BankState>()
}

fn row(name: Tr, formula: String, value: String, testid: &'static str) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">{t(name)}</th>
            <td class="gx-formula">{formula}</td>
            <td class="gx-value" data-testid=testid>{value}</td>
        </tr>
    }
}

fn split_text(s: PhaseSplit, lang: Lang) -> &'static str {
    match (s, lang) {
        (PhaseSplit::WholeWarp, Lang::En) => "one phase: the whole warp",
        (PhaseSplit::WholeWarp, Lang::Zh) => "一个 phase：整个 warp",
        (PhaseSplit::HalfWarps, Lang::En) => "two phases: half-warps 0–15, 16–31",
        (PhaseSplit::HalfWarps, Lang::Zh) => "两个 phase：半 warp 0–15、16–31",
        (PhaseSplit::QuarterWarps, Lang::En) => "four phases: quarter-warps of 8 lanes",
        (PhaseSplit::QuarterWarps, Lang::Zh) => "四个 phase：每 8 个 lane 一组",
    }
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
                let packing = r.packing.map(|p| match (p, lang) {
                    (Packing::AdjacentPairs, Lang::En) => "Pair-packing exception: lanes n and n^1 read the same address, so the phases halve.",
                    (Packing::AdjacentPairs, Lang::Zh) => "成对合并例外：lane n 与 n^1 地址相同，phase 数减半。",
                    (Packing::PairsTwoApart, Lang::En) => "Pair-packing exception: lanes n and n^2 read the same address, so the phases halve.",
                    (Packing::PairsTwoApart, Lang::Zh) => "成对合并例外：lane n 与 n^2 地址相同，phase 数减半。",
                });
                let per_phase: Vec<String> = r.phases.iter().map(|p| p.wavefronts.to_string()).collect();
                let sum = per_phase.join(" + ");
                Some(view! {
                    <table class="gx-table">
                        <thead><tr>
                            <th scope="col">{t(tr("Quantity", "量"))}</th>
                            <th scope="col">{t(tr("Formula", "算式"))}</th>
                            <th scope="col">{t(tr("Value", "数值"))}</th>
                        </tr></thead>
                        <tbody>
                            {row(tr("Bank of a word", "word 所在 bank"), "bank = (byte address / 4) mod 32".into(), "0…31".into(), "bank-formula")}
                            {row(tr("Phases", "Phase 划分"), format!("{w} B per lane"), split_text(r.phase_split, lang).into(), "phase-split")}
                            {row(tr("Wavefronts per phase", "每个 phase 的 wavefront"), "max over banks of distinct words".into(), per_phase.join(", "), "phase-wavefronts")}
                            <tr class="gx-numbers__verdict">
                                <th scope="row">{t(tr("Wavefronts", "wavefront 数"))}</th>
                                <td class="gx-formula">{format!("Σ phases = {sum}")}</td>
                                <td class="gx-value" data-testid="count-wavefronts">{r.wavefronts}</td>
                            </tr>
                            {row(tr("Ideal wavefronts", "理想 wavefront 数"), format!("⌈active lanes × {w} B / 128 B⌉ = ⌈{} × {w} / 128⌉", r.active_lanes), r.ideal_wavefronts.to_string(), "count-ideal")}
                            <tr class="gx-numbers__verdict">
                                <th scope="row">{t(tr("Bank conflicts", "bank 冲突"))}</th>
                                <td class="gx-formula">{format!("max(0, wavefronts − ideal) = max(0, {} − {})", r.wavefronts, r.ideal_wavefronts)}</td>
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
