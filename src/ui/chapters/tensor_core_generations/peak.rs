//! Section "peak": a GPU's dense Tensor Core peaks rebuilt from units, beside the datasheet.

use leptos::prelude::*;

use crate::ui::shared::gpu_select::GpuSelect;

use super::state::{GenState, GPUS};
use super::text;
use crate::model::roofline::Precision;
use crate::ui::format::{fixed, grouped};
use crate::ui::i18n::{t, use_lang};

/// `x` with one decimal and thousands separators: 1070.46 → "1,070.5".
fn grouped_tenths(x: f64) -> String {
    let tenths = (x.max(0.0) * 10.0).round() as u64;
    format!("{}.{}", grouped(tenths / 10), tenths % 10)
}

/// The GPU switch and the derivation table.
#[component]
pub fn PeakSection() -> impl IntoView {
    let st = expect_context::<GenState>();
    let lang = use_lang();
    let out = st.outputs;
    // Rebuilt when the GPU's peaks change, not at every tick of another section's slider.
    let peaks = Memo::new(move |_| out.with(|o| o.peaks.clone()));
    let rows = move || {
        peaks.with(|peaks| match peaks {
            Ok(peaks) => peaks
                .iter()
                .map(|p| {
                    let derived = p.flops_per_s() / 1e12;
                    let sheet = p.datasheet_flops_per_s().map(|x| x / 1e12);
                    // Round first so that a difference of −0.001 % does not print as "-0.00".
                    let diff = p.relative_difference().map(|d| (d * 1e4).round() / 100.0 + 0.0);
                    let label = p.precision.label();
                    view! {
                        <tr data-testid=format!("peak-{}", label.split(' ').next().unwrap_or("").to_ascii_lowercase())>
                            <th scope="row">{label}</th>
                            <td>{p.tensor_cores_per_sm}</td>
                            <td>{grouped(u64::from(p.fma_per_clk_per_tensor_core))}</td>
                            <td>{format!("× 2 × {}", p.sm_count)}</td>
                            <td>{format!("{} MHz", grouped(u64::from(p.clock_mhz)))}</td>
                            <td data-testid="derived">{fixed(derived, 2)}</td>
                            <td data-testid="datasheet">{sheet.map(|s| fixed(s, 1)).unwrap_or_else(|| "—".into())}</td>
                            <td>{diff.map(|d| format!("{} %", fixed(d, 2))).unwrap_or_else(|| "—".into())}</td>
                        </tr>
                    }
                })
                .collect_view()
                .into_any(),
            Err(_) => ().into_any(),
        })
    };
    let notes = move || {
        let l = lang.get();
        peaks.with(|peaks| match peaks {
            Ok(peaks) => {
                let Some(p) = peaks.first() else {
                    return Vec::new();
                };
                let fp16 = peaks
                    .iter()
                    .find(|x| x.precision == Precision::Fp16Tensor)
                    .unwrap_or(p);
                let at_boost = grouped_tenths(fp16.flops_at_mhz(p.boost_clock_mhz) / 1e12);
                vec![
                    text::clock_note(
                        p.clock_basis,
                        &grouped(u64::from(p.boost_clock_mhz)),
                        &at_boost,
                        l,
                    ),
                    text::rate_note(p.generation, l).to_string(),
                ]
            }
            Err(e) => vec![text::peak_error(e, l)],
        })
    };
    view! {
        <section class="l-body gx-section" data-testid="peak">
            <h2>{t(text::PEAK_TITLE)}</h2>
            <p>{t(text::PEAK_INTRO)}</p>
            <GpuSelect ids=GPUS.to_vec() selected=Signal::derive(move || st.inputs.with(|i| i.gpu.clone()))
                on_pick=Callback::new(move |id: String| st.inputs.update(|i| i.gpu = id)) class="gx-tcg__pick"/>
            <div class="gx-table-scroll">
                <table class="gx-table gx-table--numeric" data-testid="peak-table">
                    <thead><tr>{text::PEAK_HEAD.iter().map(|h| view! { <th scope="col">{t(*h)}</th> }).collect_view()}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <div data-testid="peak-notes">
                {move || notes().into_iter().map(|n| view! { <p class="gx-note">{n}</p> }).collect_view()}
            </div>
        </section>
    }
}
