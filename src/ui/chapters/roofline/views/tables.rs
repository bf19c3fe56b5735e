//! The course's table, what an H200 measured, and the chart's data as a table.

use leptos::prelude::*;

use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::Precision;
use crate::ui::chapters::roofline::text;
use crate::ui::format::{fixed, micros, si, sig3};
use crate::ui::i18n::{t, use_lang};
use crate::ui::widgets::DataDetails;

use super::state;

/// The course's table, A100 vs H100, reproduced from the model.
#[component]
pub fn CourseTable() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // Rebuilt when the course's rows change (the value source), not at every slider tick; the
    // rows' words follow the language in place.
    let course_src = st.inputs.part(|i| i.src == ValueSource::Course);
    view! {
        <section class="l-body" data-testid="course-table">
            <h2>{move || if course_src.get() { text::COURSE_TABLE } else { text::COURSE_TABLE_DATASHEET }.get(lang.get())}</h2>
            <div class="gx-table-scroll" tabindex="0" role="region" aria-label=t(text::COURSE_TABLE)>
            <table class="gx-table gx-table--numeric">
                <thead><tr>
                    <th scope="col">"kernel"</th>
                    <th scope="col">"FLOPs"</th>
                    <th scope="col">{t(text::BYTES)}</th>
                    <th scope="col">"I"</th>
                    <th scope="col">"A100 (µs)"</th>
                    <th scope="col">"H100 (µs)"</th>
                    <th scope="col">{t(text::BOUND_LABEL)}</th>
                    <th scope="col">{t(text::SPEED_UP)}</th>
                </tr></thead>
                <tbody>
                    {move || { course_src.track(); st.outputs.with_untracked(|o| o.course_rows.clone()) }.into_iter().map(|(c, cmp)| {
                        let name = t(text::course_kernel(c));
                        match cmp {
                            Some(cmp) => view! {
                                <tr>
                                    <th scope="row">{name}</th>
                                    <td>{format!("{:.3e}", cmp.a.flops)}</td>
                                    <td>{format!("{:.3e}", cmp.a.bytes)}</td>
                                    <td>{sig3(cmp.a.intensity)}</td>
                                    <td data-testid="course-a100">{fixed(cmp.a.time_lower_bound_s * 1e6, 1)}</td>
                                    <td data-testid="course-h100">{fixed(cmp.b.time_lower_bound_s * 1e6, 1)}</td>
                                    <td>{t(text::bound(cmp.a.bound))}</td>
                                    <td>{format!("{}×", fixed(cmp.speedup, 2))}</td>
                                </tr>
                            }.into_any(),
                            None => view! { <tr><th scope="row">{name}</th><td colspan="7">"—"</td></tr> }.into_any(),
                        }
                    }).collect_view()}
                </tbody>
            </table>
            </div>
            <p class="gx-note">{move || {
                let src = st.inputs.with(|i| i.src);
                let (a, h) = (GpuSpec::a100_sxm(), GpuSpec::h100_sxm());
                let bw = (h.bandwidth_from(src), a.bandwidth_from(src));
                let pk = (
                    h.roof_from(Precision::Bf16Tensor, src).map(|r| r.peak_flops_per_s).unwrap_or(f64::NAN),
                    a.roof_from(Precision::Bf16Tensor, src).map(|r| r.peak_flops_per_s).unwrap_or(f64::NAN),
                );
                text::course_table_note(bw, pk, lang.get())
            }}</p>
            <p class="gx-note">{move || text::values_note(st.inputs.with(|i| i.src), lang.get())}</p>
        </section>
    }
}

/// What the H200 measured, against its roofs.
#[component]
pub fn MeasuredTable() -> impl IntoView {
    let st = state();
    // The measurements are fixed: the rows are built once; their names follow the language.
    view! {
        <section class="l-body" data-testid="measured">
            <h2>{t(text::MEASURED_TITLE)}</h2>
            <p>{t(text::MEASURED_NOTE)}</p>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric">
                <thead><tr>
                    <th scope="col">"kernel"</th>
                    <th scope="col">{t(text::TIME)}</th>
                    <th scope="col">{t(text::BANDWIDTH)}</th>
                    <th scope="col">{t(text::OF_COPY_4277_GB)}</th>
                    <th scope="col">{t(text::ACHIEVED)}</th>
                </tr></thead>
                <tbody>
                    {st.outputs.with_untracked(|o| o.measured).into_iter().map(|m| view! {
                        <tr>
                            <th scope="row">{t(text::measured(m.id))}</th>
                            <td>{micros(m.time_s)}</td>
                            <td>{si(m.achieved_bandwidth_bytes_per_s(), "B/s")}</td>
                            <td>{crate::ui::format::percent(m.share_of_copy())}</td>
                            <td>{si(m.achieved_flops_per_s(), "FLOP/s")}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            </div>
        </section>
    }
}

/// The chart's data as a table, collapsible, for screen readers and for checking.
#[component]
pub fn DataTable() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // The roofs' rows are rebuilt when the roofs change; the points' items are built once per
    // point and follow its text.
    let roof_key = st.inputs.part(|i| {
        let mut key = i.gpu.clone();
        key.push(if i.src == ValueSource::Course {
            'c'
        } else {
            'd'
        });
        key
    });
    let point_count = Memo::new(move |_| st.outputs.with(|o| o.points.len()));
    view! {
        <DataDetails summary=text::DATA_TABLE>
            <table class="gx-table gx-table--numeric">
                <caption>{move || st.outputs.with(|o| o.gpu.name)}</caption>
                <thead><tr>
                    <th scope="col">{t(text::ROOF_LABEL)}</th>
                    <th scope="col">"P"</th>
                    <th scope="col">"BW"</th>
                    <th scope="col">{t(text::RIDGE_FLOP_BYTE)}</th>
                </tr></thead>
                <tbody>
                    {move || { roof_key.track(); st.outputs.with_untracked(|o| o.spec.roofs.clone()) }.into_iter().map(|r| view! {
                        <tr>
                            <th scope="row">{r.precision.label()}</th>
                            <td>{si(r.roof.peak_flops_per_s, "FLOP/s")}</td>
                            <td>{si(r.roof.bandwidth_bytes_per_s, "B/s")}</td>
                            <td>{sig3(r.ridge_point)}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            <ul class="gx-data-table__points">
                {move || (0..point_count.get()).map(|k| view! {
                    <li>{move || { let l = lang.get(); st.outputs.with(|o| o.points.get(k).map(|p| text::describe(p, l)).unwrap_or_default()) }}</li>
                }.into_any()).collect_view()}
            </ul>
        </DataDetails>
    }
}
