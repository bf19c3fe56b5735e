//! Sections "layers" (WMMA → PTX → SASS, the M = 1 waste, what the H200 measured) and
//! "generations" (a pointer to the next chapter, which now holds them).

use leptos::prelude::*;

use super::launch::mib;
use super::text;
use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::H200_COPY_BANDWIDTH_BYTES_PER_S;
use crate::model::w8a8::{
    measured_h200, W8a8Gemv, IMMA_PER_WMMA, MEASURED_COURSE_WARPS_ACTIVE, PTX_WMMA_MMA, SASS_IMMA,
};
use crate::ui::format::{fixed, grouped, micros, si, sig3};
use crate::ui::i18n::{use_lang, Lang};
use crate::ui::widgets::{markup_block, Markup};

const COMMANDS_1: &str =
    "nvcc -O3 -std=c++17 -arch=sm_80 -lineinfo -c w8a8_tc_gemv.cu -o w8a8_tc_gemv.o\n";
const COMMANDS: &str = "\
nvcc -O3 -std=c++17 -arch=compute_80 -ptx w8a8_tc_gemv.cu -o w8a8_tc_gemv.ptx\n\
nvcc -O3 -std=c++17 -arch=sm_80 -cubin w8a8_tc_gemv.cu -o w8a8_tc_gemv.cubin\n\
cuobjdump -sass w8a8_tc_gemv.cubin";

/// WMMA → PTX → SASS, the waste of M = 1, and the H200 measurements, as a read-only block
/// ([`Markup`]): the whole section depends on the language only.
pub fn layers_markup(lang: Lang) -> Markup {
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
        useful_pct: crate::ui::format::percent(util),
        intensity: sig3(i),
        ridge: sig3(ridge),
        factor: fixed(ridge / i.max(f64::MIN_POSITIVE), 0),
        compute_time: micros(compute_t),
        weights: mib(course.hbm_bytes()),
        memory_time: micros(memory_t),
        padded_time: micros(compute_t / util.max(f64::MIN_POSITIVE)),
        bound_time: micros(bound_t),
    };
    let mut h = Markup::new();
    h.leaf("h2", text::LAYERS_TITLE.get(lang))
        .leaf("p", text::LAYERS_INTRO.get(lang))
        .table("gx-table", Some("layer-table"))
        .head(&[text::LAYER, text::COL_CONTAINS], lang)
        .open("tbody")
        .row_open(text::LAYER_CPP.get(lang))
        .open("td")
        .leaf(
            "code",
            "wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);",
        )
        .close()
        .close()
        .row_open(text::LAYER_PTX.get(lang))
        .open("td")
        .leaf_testid("code", "ptx", PTX_WMMA_MMA)
        .close()
        .close()
        .row_open(text::LAYER_SASS.get(lang))
        .open("td")
        .leaf_testid("code", "sass", format!("{IMMA_PER_WMMA} × {SASS_IMMA}"))
        .text(text::SASS_NOTE.get(lang))
        .close()
        .close()
        .close()
        .table_end()
        .leaf("h3", text::COMMANDS.get(lang))
        .open("pre")
        .class("gx-code")
        .attr("data-testid", "commands")
        .open("code")
        .text(text::COMMANDS_COMMENT_1.get(lang))
        .text(COMMANDS_1)
        .text(text::COMMANDS_COMMENT_2.get(lang))
        .text(COMMANDS)
        .close()
        .close()
        .leaf("h3", text::WASTE_TITLE.get(lang))
        .leaf_testid("p", "waste", text::waste(&w, lang))
        .open("p")
        .open("a")
        .attr("href", "./roofline?kind=w8a8")
        .text(text::ROOFLINE_LINK.get(lang))
        .close()
        .close()
        .leaf("h3", text::MEASURED_TITLE.get(lang))
        .leaf("p", text::MEASURED_INTRO.get(lang))
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
        .open("tbody");
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
    h.close()
        .table_end()
        .leaf_class("p", "gx-note", floor)
        .leaf("p", text::MEASURED_LESSON.get(lang));
    h
}

/// Where the Tensor Core generations went (the next chapter), as a read-only block.
pub fn generations_markup(lang: Lang) -> Markup {
    let mut h = Markup::new();
    h.leaf("h2", text::GEN_TITLE.get(lang))
        .leaf("p", text::GEN_MOVED.get(lang))
        .open("p")
        .open("a")
        .attr("href", "./tensor-core-generations")
        .attr("data-testid", "generations-link")
        .text(text::GEN_LINK.get(lang))
        .close()
        .close();
    h
}

/// The layers and generations sections.
pub fn layers_sections() -> AnyView {
    let lang = use_lang();
    view! {
        {markup_block("section", "l-body gx-section", Some("layers"), Signal::derive(move || layers_markup(lang.get())))}
        {markup_block("section", "l-body gx-section", Some("generations"), Signal::derive(move || generations_markup(lang.get())))}
    }
    .into_any()
}
