//! Sections "datapath" (generations table), "wmma" (WMMA vs mma.sync) and "measured" (the H200
//! loops and their SASS).

use leptos::prelude::*;

use super::text;
use crate::model::measured::tensor_core_peak::{
    TcLoop, CUBLAS_BF16_4096_TFLOPS, H200_DENSE_BF16_FLOPS_PER_S, SASS_MMA_SYNC, SASS_WGMMA,
    TC_PEAK_RUNS_H200,
};
use crate::model::tensor_core_gen::Generation;
use crate::ui::format::{fixed, grouped};
use crate::ui::i18n::{t, use_lang};

const COMMANDS: &str = "\
cd tests/gpu && python3 tensor_core_peak_wgmma.py > w.h\n\
nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -o tensor_core_peak tensor_core_peak.cu\n\
./tensor_core_peak > ../fixtures/tensor_core_peak_h200.json   # the runs\n\
cuobjdump -sass tensor_core_peak | grep -E 'HMMA|HGMMA|WARPGROUP'";

/// The data path by generation.
#[component]
pub fn PathSection() -> impl IntoView {
    let lang = use_lang();
    let rows = Generation::ALL
        .into_iter()
        .map(|g| {
            let types = g.added_types().join(", ");
            view! {
                <tr data-testid=format!("gen-{}", g.slug())>
                    <th scope="row">{move || text::generation_name(g, lang.get())}</th>
                    <td>{g.tensor_cores_per_sm()}</td>
                    <td>{g.threads_per_tensor_core()}</td>
                    <td><code>{g.instruction()}</code></td>
                    <td>{move || text::issue_level(g.issue_level(), lang.get())}</td>
                    <td>{move || text::operand_path(g.operand_path(), lang.get())}</td>
                    <td data-testid="d-storage">{move || text::tmem::storage(g.accumulator_storage(), lang.get())}</td>
                    <td>{move || g.async_copy().map(str::to_string).unwrap_or_else(|| text::NO_ASYNC.get(lang.get()).to_string())}</td>
                    <td>{types}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="l-page gx-section" data-testid="datapath">
            <div class="l-body">
                <h2>{t(text::PATH_TITLE)}</h2>
                <p>{t(text::PATH_INTRO)}</p>
            </div>
            <div class="gx-table-scroll">
                <table class="gx-table gx-table--text" data-testid="generations-table">
                    <thead><tr>{text::PATH_HEAD[..6].iter().chain([&text::tmem::STORAGE_HEAD]).chain(&text::PATH_HEAD[6..]).map(|h| view! { <th scope="col">{t(*h)}</th> }).collect_view()}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p class="l-body gx-note" data-testid="path-5090">{t(text::tmem::PATH_5090)}</p>
        </section>
    }
}

/// WMMA against mma.sync, with the link to the bank-conflict chapter's swizzle.
#[component]
pub fn WmmaSection() -> impl IntoView {
    let items = text::WMMA_CANNOT
        .iter()
        .map(|x| view! { <li>{t(*x)}</li> })
        .collect_view();
    let rows = text::APIS
        .iter()
        .map(|r| {
            view! {
                <tr>
                    <th scope="row">{t(r[0])}</th>
                    {r[1..].iter().map(|c| view! { <td>{t(*c)}</td> }).collect_view()}
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="l-body gx-section" data-testid="wmma">
            <h2>{t(text::WMMA_TITLE)}</h2>
            <p>{t(text::WMMA_INTRO)}</p>
            <ol data-testid="wmma-cannot">{items}</ol>
            <p><a href="./bank-conflicts?preset=tile-column-xor" data-testid="swizzle-link">{t(text::SWIZZLE_LINK)}</a></p>
            <p class="gx-note">{t(text::SYNC_NOTE)}</p>
            <div class="gx-table-scroll">
                <table class="gx-table gx-table--text" data-testid="api-table">
                    <thead><tr>{text::API_HEAD.iter().map(|h| view! { <th scope="col">{t(*h)}</th> }).collect_view()}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}

/// What the H200 measured, with the method and the SASS.
#[component]
pub fn MeasuredSection() -> impl IntoView {
    let lang = use_lang();
    let peak_tflops = H200_DENSE_BF16_FLOPS_PER_S / 1e12;
    let rows = TC_PEAK_RUNS_H200
        .iter()
        .map(|r| {
            let share = r.tflops / peak_tflops * 100.0;
            let kind = match r.kernel {
                TcLoop::MmaSyncM16n8k16 => "mma",
                TcLoop::WgmmaM64nNk16 => "wgmma",
            };
            view! {
                <tr data-testid=format!("run-{kind}-{}-{}", r.n, r.warps_per_sm)>
                    <th scope="row"><code>{text::tc_loop(r.kernel, r.n)}</code></th>
                    <td>{r.warps_per_sm}</td>
                    <td>{fixed(r.tflops, 1)}</td>
                    <td>{format!("{} %", fixed(share, 1))}</td>
                    <td>{format!("{} MHz", grouped(r.sm_mhz.round() as u64))}</td>
                    <td>{fixed(r.fma_per_clk_per_tensor_core(), 1)}</td>
                </tr>
            }
        })
        .collect_view();
    let sass = format!(
        "mma.sync m16n8k16:   {SASS_MMA_SYNC}\nwgmma m64n256k16:    {}\n                     16 × {}\n                     {}",
        SASS_WGMMA[0], SASS_WGMMA[1], SASS_WGMMA[2]
    );
    view! {
        <section class="l-body gx-section" data-testid="measured">
            <h2>{t(text::MEASURED_TITLE)}</h2>
            <p>{t(text::MEASURED_INTRO)}</p>
            <div class="gx-table-scroll">
                <table class="gx-table gx-table--numeric" data-testid="measured-table">
                    <thead><tr>{text::MEASURED_HEAD.iter().map(|h| view! { <th scope="col">{t(*h)}</th> }).collect_view()}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p data-testid="measured-lesson">{move || text::measured_lesson(&fixed(CUBLAS_BF16_4096_TFLOPS, 0), lang.get())}</p>
            <h3>{t(text::SASS_TITLE)}</h3>
            <pre class="gx-code" data-testid="sass"><code>{sass}</code></pre>
            <h3>{t(text::COMMANDS_TITLE)}</h3>
            <pre class="gx-code" data-testid="commands"><code>{COMMANDS}</code></pre>
        </section>
    }
}
