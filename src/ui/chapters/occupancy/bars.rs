//! The figure: one SM's four budgets as stacked bars ([`crate::ui::shared::launch::bars`])
//! under the verdict.

use leptos::prelude::*;

use super::state::OccState;
use super::text;
use super::views::Verdict;
use crate::ui::i18n::use_lang;
use crate::ui::shared::launch::bars::{BarsTable, BudgetBars};

/// The bars and the verdict.
#[component]
pub fn Figure() -> impl IntoView {
    let st = expect_context::<OccState>();
    let lang = use_lang();
    let bars = Memo::new(move |_| st.outputs.with(|o| o.bars.clone()));
    let gpu_name = Signal::derive(move || st.outputs.with(|o| o.gpu.name));
    view! {
        <figure class="gx-figure gx-occ-figure" data-testid="figure">
            <Verdict/>
            <BudgetBars bars=bars gpu_name=gpu_name/>
            <p class="gx-sr-only">{move || { let l = lang.get(); st.outputs.with(|o| text::limiter_sentence(o, l)) }}</p>
        </figure>
    }
}

/// The bars as a table, collapsible, for screen readers and for checking.
#[component]
pub fn DataTable() -> impl IntoView {
    let st = expect_context::<OccState>();
    let bars = Memo::new(move |_| st.outputs.with(|o| o.bars.clone()));
    let gpu_name = Signal::derive(move || st.outputs.with(|o| o.gpu.name));
    view! { <BarsTable bars=bars gpu_name=gpu_name summary=text::DATA_TABLE/> }
}
