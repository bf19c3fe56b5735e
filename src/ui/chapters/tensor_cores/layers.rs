//! Sections "layers" (WMMA → PTX → SASS, the M = 1 waste, what the H200 measured) and
//! "generations" (a pointer to the next chapter, which now holds them).

use leptos::prelude::*;

use super::html::{html_section, Html};
use super::launch::mib;
use super::text;
use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::H200_COPY_BANDWIDTH_BYTES_PER_S;
use crate::model::w8a8::{
    measured_h200, W8a8Gemv, IMMA_PER_WMMA, MEASURED_COURSE_WARPS_ACTIVE, PTX_WMMA_MMA, SASS_IMMA,
};
use crate::ui::format::{fixed, grouped, micros, si, sig3};
use crate::ui::i18n::{use_lang, Lang};

const COMMANDS_1: &str =
    "nvcc -O3 -std=c++17 -arch=sm_80 -lineinfo -c w8a8_tc_gemv.cu -o w8a8_tc_gemv.o\n";
const COMMANDS: &str = "\
nvcc -O3 -std=c++17 -arch=compute_80 -ptx w8a8_tc_gemv.cu -o w8a8_tc_gemv.ptx\n\
nvcc -O3 -std=c++17 -arch=sm_80 -cubin w8a8_tc_gemv.cu -o w8a8_tc_gemv.cubin\n\
cuobjdump -sass w8a8_tc_gemv.cubin";

/// WMMA → PTX → SASS, the waste of M = 1, and the H200 measurements, as markup
/// ([`super::html`]): the whole section depends on the language only.
pub fn layers_html(lang: Lang) -> String {
    // The course shape: the measurements were taken at K = N = 4096, whatever the sliders say.
    let course = W8a8Gemv::course();
    let a100 = course.roofline(&GpuSpec::a100_sxm(), ValueSource::Course);
    let h200_floor_s = course.hbm_bytes() as f64 / H200_COPY_BANDWIDTH_BYTES_PER_S;
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
    let mut h = Html::new();
    h.el("<h2>", text::LAYERS_TITLE.get(lang), "</h2>")
        .el("<p>", text::LAYERS_INTRO.get(lang), "</p>")
        .table("gx-table", Some("layer-table"))
        .head(&[text::LAYER, text::COL_CONTAINS], lang)
        .el(
            "<tbody><tr><th scope=\"row\">",
            text::LAYER_CPP.get(lang),
            "</th>",
        )
        .raw("<td><code>wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);</code></td></tr>")
        .el("<tr><th scope=\"row\">", text::LAYER_PTX.get(lang), "</th>")
        .el(
            "<td><code data-testid=\"ptx\">",
            PTX_WMMA_MMA,
            "</code></td></tr>",
        )
        .el(
            "<tr><th scope=\"row\">",
            text::LAYER_SASS.get(lang),
            "</th>",
        )
        .el(
            "<td><code data-testid=\"sass\">",
            &format!("{IMMA_PER_WMMA} × {SASS_IMMA}"),
            "</code>",
        )
        .el("", text::SASS_NOTE.get(lang), "</td></tr></tbody>")
        .table_end()
        .el("<h3>", text::COMMANDS.get(lang), "</h3>")
        .el(
            "<pre class=\"gx-code\" data-testid=\"commands\"><code>",
            text::COMMANDS_COMMENT_1.get(lang),
            "",
        )
        .text(COMMANDS_1)
        .text(text::COMMANDS_COMMENT_2.get(lang))
        .el("", COMMANDS, "</code></pre>")
        .el("<h3>", text::WASTE_TITLE.get(lang), "</h3>")
        .el("<p data-testid=\"waste\">", &text::waste(&w, lang), "</p>")
        .el(
            "<p><a href=\"./roofline?kind=w8a8\">",
            text::ROOFLINE_LINK.get(lang),
            "</a></p>",
        )
        .el("<h3>", text::MEASURED_TITLE.get(lang), "</h3>")
        .el("<p>", text::MEASURED_INTRO.get(lang), "</p>")
        .table("gx-table gx-table--numeric", Some("measured-table"))
        .head(
            &[
                text::COL_VARIANT,
                text::COL_MEASURED_TIME,
                text::COL_BANDWIDTH,
                text::COL_OF_COPY,
                text::COL_WARP_INSTRUCTIONS,
                text::COL_LOAD_REQUESTS,
            ],
            lang,
        )
        .raw("<tbody>");
    for m in measured_h200() {
        h.row(
            text::measured(m.variant).get(lang),
            &[
                &micros(m.time_s),
                &si(m.bandwidth_bytes_per_s(), "B/s"),
                &crate::ui::format::percent(m.share_of_copy()),
                &format!("{} M", fixed(m.warp_instructions as f64 / 1e6, 2)),
                &grouped(m.global_load_requests),
            ],
            Some((0, "measured-time")),
        );
    }
    let floor = text::measured_floor(
        &mib(course.hbm_bytes()),
        &micros(h200_floor_s),
        &fixed(MEASURED_COURSE_WARPS_ACTIVE * 100.0, 0),
        lang,
    );
    h.raw("</tbody>")
        .table_end()
        .el("<p class=\"gx-note\">", &floor, "</p>")
        .el("<p>", text::MEASURED_LESSON.get(lang), "</p>");
    h.finish()
}

/// Where the Tensor Core generations went (the next chapter), as markup.
pub fn generations_html(lang: Lang) -> String {
    let mut h = Html::new();
    h.el("<h2>", text::GEN_TITLE.get(lang), "</h2>")
        .el("<p>", text::GEN_MOVED.get(lang), "</p>")
        .el(
            "<p><a href=\"./tensor-core-generations\" data-testid=\"generations-link\">",
            text::GEN_LINK.get(lang),
            "</a></p>",
        );
    h.finish()
}

/// The layers and generations sections.
pub fn layers_sections() -> AnyView {
    let lang = use_lang();
    view! {
        {html_section("l-body gx-section", Some("layers"), Signal::derive(move || layers_html(lang.get())))}
        {html_section("l-body gx-section", Some("generations"), Signal::derive(move || generations_html(lang.get())))}
    }
    .into_any()
}
