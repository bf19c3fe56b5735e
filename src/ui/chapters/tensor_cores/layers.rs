//! Sections "layers" (WMMA → PTX → SASS, the M = 1 waste, what the H200 measured) and
//! "generations" (a pointer to the next chapter, which now holds them).

use leptos::prelude::*;

use super::head_row;
use super::launch::mib;
use super::state::TcState;
use super::text;
use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::H200_COPY_BANDWIDTH_BYTES_PER_S;
use crate::model::w8a8::{
    measured_h200, W8a8Gemv, IMMA_PER_WMMA, MEASURED_COURSE_WARPS_ACTIVE, PTX_WMMA_MMA, SASS_IMMA,
};
use crate::ui::format::{fixed, grouped, micros, si, sig3};
use crate::ui::i18n::{t, use_lang};

const COMMANDS_1: &str =
    "nvcc -O3 -std=c++17 -arch=sm_80 -lineinfo -c w8a8_tc_gemv.cu -o w8a8_tc_gemv.o\n";
const COMMANDS: &str = "\
nvcc -O3 -std=c++17 -arch=compute_80 -ptx w8a8_tc_gemv.cu -o w8a8_tc_gemv.ptx\n\
nvcc -O3 -std=c++17 -arch=sm_80 -cubin w8a8_tc_gemv.cu -o w8a8_tc_gemv.cubin\n\
cuobjdump -sass w8a8_tc_gemv.cubin";

/// WMMA → PTX → SASS, the waste of M = 1, and the H200 measurements.
#[component]
pub fn LayersSection() -> impl IntoView {
    let _st = expect_context::<TcState>();
    let lang = use_lang();
    // The course shape: the measurements were taken at K = N = 4096, whatever the sliders say.
    let course = W8a8Gemv::course();
    let a100 = course.roofline(&GpuSpec::a100_sxm(), ValueSource::Course);
    let h200_floor_s = course.hbm_bytes() as f64 / H200_COPY_BANDWIDTH_BYTES_PER_S;
    let waste = move || {
        let util = course.tensor_utilisation();
        let (i, ridge, bound_t) = a100
            .map(|p| (p.intensity, p.roof.ridge_point(), p.time_lower_bound_s))
            .unwrap_or((0.0, 0.0, 0.0));
        let compute_t = a100.map(|p| p.compute_time_s).unwrap_or(0.0);
        let memory_t = a100.map(|p| p.memory_time_s).unwrap_or(0.0);
        let w = text::Waste {
            tensor_macs: grouped(course.tensor_macs()),
            useful_macs: grouped(course.useful_macs()),
            useful_pct: fixed(util * 100.0, 2),
            intensity: sig3(i),
            ridge: sig3(ridge),
            factor: fixed(ridge / i.max(f64::MIN_POSITIVE), 0),
            compute_time: micros(compute_t),
            weights: mib(course.hbm_bytes()),
            memory_time: micros(memory_t),
            padded_time: micros(compute_t / util.max(f64::MIN_POSITIVE)),
            bound_time: micros(bound_t),
        };
        text::waste(&w, lang.get())
    };
    let measured_rows = measured_h200()
        .into_iter()
        .map(|m| {
            view! {
                <tr>
                    <th scope="row">{t(text::measured(m.variant))}</th>
                    <td data-testid="measured-time">{micros(m.time_s)}</td>
                    <td>{si(m.bandwidth_bytes_per_s(), "B/s")}</td>
                    <td>{crate::ui::format::percent(m.share_of_copy())}</td>
                    <td>{format!("{} M", fixed(m.warp_instructions as f64 / 1e6, 2))}</td>
                    <td>{grouped(m.global_load_requests)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="l-body gx-section" data-testid="layers">
            {super::section_head(text::LAYERS_TITLE, text::LAYERS_INTRO)}
            <div class="gx-table-scroll">
            <table class="gx-table" data-testid="layer-table">
                {head_row(&[text::LAYER, text::COL_CONTAINS])}
                <tbody>
                    <tr><th scope="row">{t(text::LAYER_CPP)}</th><td><code>"wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);"</code></td></tr>
                    <tr><th scope="row">{t(text::LAYER_PTX)}</th><td><code data-testid="ptx">{PTX_WMMA_MMA}</code></td></tr>
                    <tr><th scope="row">{t(text::LAYER_SASS)}</th><td><code data-testid="sass">{format!("{IMMA_PER_WMMA} × {SASS_IMMA}")}</code>
                        {t(text::SASS_NOTE)}</td></tr>
                </tbody>
            </table>
            </div>
            <h3>{t(text::COMMANDS)}</h3>
            <pre class="gx-code" data-testid="commands"><code>{move || {
                let l = lang.get();
                format!("{}{COMMANDS_1}{}{COMMANDS}", text::COMMANDS_COMMENT_1.get(l), text::COMMANDS_COMMENT_2.get(l))
            }}</code></pre>
            <h3>{t(text::WASTE_TITLE)}</h3>
            <p data-testid="waste">{waste}</p>
            <p><a href="./roofline?kind=w8a8">{t(text::ROOFLINE_LINK)}</a></p>
            <h3>{t(text::MEASURED_TITLE)}</h3>
            <p>{t(text::MEASURED_INTRO)}</p>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric" data-testid="measured-table">
                {head_row(&[
                    text::COL_VARIANT,
                    text::COL_MEASURED_TIME,
                    text::COL_BANDWIDTH,
                    text::COL_OF_COPY,
                    text::COL_WARP_INSTRUCTIONS,
                    text::COL_LOAD_REQUESTS,
                ])}
                <tbody>{measured_rows}</tbody>
            </table>
            </div>
            <p class="gx-note">{move || text::measured_floor(&mib(course.hbm_bytes()), &micros(h200_floor_s), &fixed(MEASURED_COURSE_WARPS_ACTIVE * 100.0, 0), lang.get())}</p>
            <p>{t(text::MEASURED_LESSON)}</p>
        </section>
    }
}

/// Where the Tensor Core generations went: the next chapter.
#[component]
pub fn GenerationsSection() -> impl IntoView {
    view! {
        <section class="l-body gx-section" data-testid="generations">
            <h2>{t(text::GEN_TITLE)}</h2>
            <p>{t(text::GEN_MOVED)}</p>
            <p><a href="./tensor-core-generations" data-testid="generations-link">{t(text::GEN_LINK)}</a></p>
        </section>
    }
}
