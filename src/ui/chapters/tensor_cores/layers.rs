//! Sections "layers" (WMMA → PTX → SASS, the M = 1 waste, what the H200 measured) and
//! "generations" (Volta → Blackwell; wmma vs mma.sync vs wgmma).

use leptos::prelude::*;

use super::launch::mib;
use super::state::TcState;
use super::text;
use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::roofline::H200_COPY_BANDWIDTH_BYTES_PER_S;
use crate::model::w8a8::{
    measured_h200, W8a8Gemv, IMMA_PER_WMMA, MEASURED_COURSE_WARPS_ACTIVE, PTX_WMMA_MMA, SASS_IMMA,
};
use crate::ui::format::{fixed, grouped, micros, si, sig3};
use crate::ui::i18n::{t, tr, use_lang, Lang};

const COMMANDS_EN: &str = "# common build: a linkable host object with A100 device code\n";
const COMMANDS_ZH: &str = "# 常用构建：生成可链接的 Host Object，并内嵌 A100 Device Code\n";
const COMMANDS_EN_2: &str = "\n# look at the virtual ISA and at A100 machine code separately\n";
const COMMANDS_ZH_2: &str = "\n# 分别观察虚拟 ISA 与 A100 原生机器码\n";
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
        match lang.get() {
            Lang::En => format!(
                "With one token, A has one real row: the Tensor Cores perform {} multiply-adds for {} useful ones ({} %). That sounds terrible, but the kernel's intensity is I = {} OP/byte against an INT8 ridge of {} on the A100: it is memory-bound by a factor of about {}. Even at full INT8 speed the useful work would take {} of Tensor time, while streaming {} of weights takes {}; doing 16× the arithmetic costs {} — still far below the memory time. The waste is real, but the bytes set the time (lower bound {}).",
                grouped(course.tensor_macs()), grouped(course.useful_macs()), fixed(util * 100.0, 2),
                sig3(i), sig3(ridge), fixed(ridge / i.max(f64::MIN_POSITIVE), 0),
                micros(compute_t), mib(course.hbm_bytes()), micros(memory_t),
                micros(compute_t / util.max(f64::MIN_POSITIVE)), micros(bound_t)
            ),
            Lang::Zh => format!(
                "只有一个 token 时 A 只有一行真实数据：Tensor Core 做了 {} 次乘加，其中有用的只有 {} 次（{} %）。听起来很糟，但这个 Kernel 的算术强度 I = {} OP/byte，而 A100 的 INT8 拐点是 {}：它离拐点差了约 {} 倍，是 memory-bound。即使按 INT8 峰值计算，有用的运算也只需 {}，而搬运 {} 权重需要 {}；多做 16 倍的算术也只要 {}——仍远低于访存时间。浪费是真的，但时间由字节决定（理论下界 {}）。",
                grouped(course.tensor_macs()), grouped(course.useful_macs()), fixed(util * 100.0, 2),
                sig3(i), sig3(ridge), fixed(ridge / i.max(f64::MIN_POSITIVE), 0),
                micros(compute_t), mib(course.hbm_bytes()), micros(memory_t),
                micros(compute_t / util.max(f64::MIN_POSITIVE)), micros(bound_t)
            ),
        }
    };
    let measured_rows = measured_h200()
        .into_iter()
        .map(|m| {
            view! {
                <tr>
                    <th scope="row">{move || text::measured(m.variant).get(lang.get())}</th>
                    <td data-testid="measured-time">{micros(m.time_s)}</td>
                    <td>{si(m.bandwidth_bytes_per_s(), "B/s")}</td>
                    <td>{format!("{} %", fixed(m.share_of_copy() * 100.0, 1))}</td>
                    <td>{format!("{} M", fixed(m.warp_instructions as f64 / 1e6, 2))}</td>
                    <td>{grouped(m.global_load_requests)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="l-body gx-section" data-testid="layers">
            <h2>{t(text::LAYERS_TITLE)}</h2>
            <p>{t(text::LAYERS_INTRO)}</p>
            <div class="gx-table-scroll">
            <table class="gx-table" data-testid="layer-table">
                <thead><tr><th scope="col">{t(text::LAYER)}</th><th scope="col">{t(tr("what the course kernel contains", "课程 Kernel 中的对应内容"))}</th></tr></thead>
                <tbody>
                    <tr><th scope="row">{t(text::LAYER_CPP)}</th><td><code>"wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);"</code></td></tr>
                    <tr><th scope="row">{t(text::LAYER_PTX)}</th><td><code data-testid="ptx">{PTX_WMMA_MMA}</code></td></tr>
                    <tr><th scope="row">{t(text::LAYER_SASS)}</th><td><code data-testid="sass">{format!("{IMMA_PER_WMMA} × {SASS_IMMA}")}</code>
                        {t(tr(" per mma_sync, e.g. IMMA.16816.S8.S8 R8, R2.reuse.ROW, R12.COL, R8 (no wgmma / IGMMA in either build)", " 每次 mma_sync，例如 IMMA.16816.S8.S8 R8, R2.reuse.ROW, R12.COL, R8（两种构建都没有 wgmma / IGMMA）"))}</td></tr>
                </tbody>
            </table>
            </div>
            <h3>{t(text::COMMANDS)}</h3>
            <pre class="gx-code" data-testid="commands"><code>{move || if lang.get() == Lang::Zh {
                format!("{COMMANDS_ZH}{COMMANDS_1}{COMMANDS_ZH_2}{COMMANDS}")
            } else {
                format!("{COMMANDS_EN}{COMMANDS_1}{COMMANDS_EN_2}{COMMANDS}")
            }}</code></pre>
            <h3>{t(text::WASTE_TITLE)}</h3>
            <p data-testid="waste">{waste}</p>
            <p><a href="./roofline?kind=w8a8">{t(text::ROOFLINE_LINK)}</a></p>
            <h3>{t(text::MEASURED_TITLE)}</h3>
            <p>{t(text::MEASURED_INTRO)}</p>
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--numeric" data-testid="measured-table">
                <thead><tr>
                    <th scope="col">{t(tr("variant (K = N = 4096)", "版本（K = N = 4096）"))}</th>
                    <th scope="col">{t(tr("time, L2 flushed", "时间（清空 L2）"))}</th>
                    <th scope="col">{t(tr("bandwidth", "带宽"))}</th>
                    <th scope="col">{t(tr("of copy (4277 GB/s)", "占拷贝带宽（4277 GB/s）"))}</th>
                    <th scope="col">{t(tr("warp instructions", "Warp 指令数"))}</th>
                    <th scope="col">{t(tr("global load requests", "Global 加载请求"))}</th>
                </tr></thead>
                <tbody>{measured_rows}</tbody>
            </table>
            </div>
            <p class="gx-note">{move || match lang.get() {
                Lang::En => format!("Floor at the copy bandwidth: {} / 4277 GB/s = {}. Course kernel warps active: about {} % of peak (ncu).", mib(course.hbm_bytes()), micros(h200_floor_s), fixed(MEASURED_COURSE_WARPS_ACTIVE * 100.0, 0)),
                Lang::Zh => format!("按拷贝带宽计算的下限：{} / 4277 GB/s = {}。课程 Kernel 的 Warp 活跃度：约为峰值的 {} %（ncu）。", mib(course.hbm_bytes()), micros(h200_floor_s), fixed(MEASURED_COURSE_WARPS_ACTIVE * 100.0, 0)),
            }}</p>
            <p>{t(text::MEASURED_LESSON)}</p>
        </section>
    }
}

/// Tensor Core generations and the three warp-level matrix instructions.
#[component]
pub fn GenerationsSection() -> impl IntoView {
    let table = |head: &'static [crate::ui::i18n::Tr; 5],
                 rows: &'static [[crate::ui::i18n::Tr; 5]],
                 testid: &'static str| {
        view! {
            <div class="gx-table-scroll">
            <table class="gx-table gx-table--text" data-testid=testid>
                <thead><tr>{head.iter().map(|h| view! { <th scope="col">{t(*h)}</th> }).collect_view()}</tr></thead>
                <tbody>
                    {rows.iter().map(|r| view! {
                        <tr>
                            <th scope="row">{t(r[0])}</th>
                            {r[1..].iter().map(|c| view! { <td>{t(*c)}</td> }).collect_view()}
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            </div>
        }
    };
    view! {
        <section class="l-body gx-section" data-testid="generations">
            <h2>{t(text::GEN_TITLE)}</h2>
            <p>{t(text::GEN_INTRO)}</p>
            {table(&text::GEN_HEAD, &text::GENERATIONS, "generations-table")}
            <h3>{t(text::API_TITLE)}</h3>
            {table(&text::API_HEAD, &text::APIS, "api-table")}
        </section>
    }
}
