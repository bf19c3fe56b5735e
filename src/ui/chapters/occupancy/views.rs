//! The Occupancy chapter's controls, verdict and numbers panel. Each reads [`OccState`] from
//! context.

use leptos::prelude::*;

use crate::ui::format::percent as pct;
use crate::ui::shared::gpu_select::{all_gpu_ids, GpuSelect};

use crate::ui::shell::FieldSlider;

use super::state::{limits, OccInputs, OccOutputs, OccState, Preset, SmemUnit};
use super::text;
use crate::model::occupancy::UNLIMITED;
use crate::ui::format::grouped;
use crate::ui::i18n::{t, use_lang, Lang, Tr};
use crate::ui::shared::launch::bars::limit_text;
use crate::ui::shared::launch::text as launch_text;
use crate::ui::shell::ChapterInputs;
use crate::ui::widgets::RangeSlider;

fn state() -> OccState {
    expect_context::<OccState>()
}

/// The result in big numbers, and the limiter (or the launch error) in words.
#[component]
pub fn Verdict() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // The error, or the numbers: the block is rebuilt only when the error changes; a slider
    // tick rewrites the numbers' text.
    let error = Memo::new(move |_| st.outputs.with(|o| o.error));
    let steps = move |f: fn(&crate::model::occupancy::OccupancySteps) -> String| {
        move || st.outputs.with(|o| f(&o.steps))
    };
    view! {
        {move || {
            let l = lang.get();
            match error.get() {
                Some(err) => {
                    let (reason, advice) = launch_text::launch_error(&err, l);
                    view! {
                        <div class="gx-error gx-occ-error" role="alert" data-testid="launch-error">
                            <strong>{launch_text::CANNOT_RUN.get(l)}</strong>
                            <p>{reason}</p>
                            <p>{advice}</p>
                        </div>
                    }.into_any()
                }
                None => {
                    view! {
                        <div class="gx-verdict" data-testid="verdict">
                            <div class="gx-verdict__nums">
                                <span><b data-testid="blocks-per-sm">{steps(|s| s.blocks_per_sm.to_string())}</b>" "{move || st.outputs.with(|o| if o.steps.blocks_per_sm == 1 { text::UNIT_BLOCK_PER_SM } else { text::UNIT_BLOCKS_PER_SM }).get(l)}</span>
                                <span><b data-testid="warps-per-sm">{steps(|s| s.warps_per_sm.to_string())}</b>" / "{steps(|s| s.max_warps_per_sm.to_string())}" "{text::UNIT_WARPS.get(l)}</span>
                                <span><b data-testid="occupancy">{steps(|s| pct(s.ratio()))}</b>" "{text::UNIT_OCCUPANCY.get(l)}</span>
                            </div>
                        </div>
                    }.into_any()
                }
            }
        }}
        <Show when=move || st.outputs.with(|o| o.error.is_none())>
            <p class="gx-limiter" data-testid="limiter">{move || { let l = lang.get(); st.outputs.with(|o| text::limiter_sentence(o, l)) }}</p>
        </Show>
    }
}

fn slider(
    label: Tr,
    range: (u32, u32),
    step: u64,
    unit: &'static str,
    get: fn(&OccInputs) -> u32,
    put: fn(&mut OccInputs, u32),
    testid: &'static str,
) -> impl IntoView {
    let (min, max) = (u64::from(range.0), u64::from(range.1));
    view! { <FieldSlider inputs=state().inputs label=label min=min max=max step=step unit=unit get=get put=put testid=testid/> }
}

/// The controls: GPU, the course's presets, the kernel's resources, the carveout.
#[component]
pub fn Controls() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let unit = st.inputs.part(|i| i.dunit);
    let percent = st.inputs.part(|i| i.carveout >= 0);
    let odd_kib = st.inputs.part(|i| i.dsmem % 1024 != 0);
    view! {
        <aside class="gx-controls" aria-label=t(crate::ui::text::CONTROLS)>
            // On a phone the result is a screen above the sliders: this strip keeps it in view
            // while they scroll (hidden elsewhere; the verdict above says it for screen readers).
            <p class="gx-occ-strip" aria-hidden="true" data-testid="result-strip">
                {move || { let l = lang.get(); st.outputs.with(|o| text::result_strip(o, l)) }}
            </p>
            <GpuSelect ids=all_gpu_ids() selected=st.inputs.part(|i| i.gpu.clone())
                on_pick=Callback::new(move |id: String| st.inputs.update(move |i| i.gpu = id))/>
            <div class="gx-field">
                <span class="gx-field__label">{t(text::PRESETS)}</span>
                <div class="gx-presets">
                    {Preset::ALL.iter().map(|&p| view! {
                        <button class="gx-button gx-preset"
                            data-testid=format!("preset-{:?}", p).to_ascii_lowercase()
                            aria-pressed={ let on = st.inputs.part(move |i| p.is_active(i)); move || on.get().to_string() }
                            on:click=move |_| st.inputs.navigate_update(|i| p.apply(i))>
                            "A100 · "{t(text::preset(p))}
                        </button>
                    }).collect_view()}
                </div>
            </div>
            {slider(text::THREADS, limits::THREADS, 32, "", |i| i.threads, |i, v| i.threads = v, "slider-threads")}
            <p class="gx-field__hint">{t(text::THREADS_HINT)}</p>
            {slider(text::REGS, limits::REGS, 1, "", |i| i.regs, |i, v| i.regs = v, "slider-regs")}
            {slider(text::STATIC_SMEM, limits::STATIC_SMEM, 128, "B", |i| i.smem, |i, v| i.smem = v, "slider-smem")}
            <fieldset class="gx-field gx-radios gx-radios--inline">
                <legend class="gx-field__label">{t(text::UNIT)}</legend>
                <label>
                    <input type="radio" name="occ-dunit" data-testid="dunit-b"
                        prop:checked=move || unit.get() == SmemUnit::B
                        on:change=move |_| st.inputs.update(|i| i.dunit = SmemUnit::B)/>
                    "B"
                </label>
                <label>
                    <input type="radio" name="occ-dunit" data-testid="dunit-kib"
                        prop:checked=move || unit.get() == SmemUnit::Kib
                        on:change=move |_| st.inputs.update(|i| i.dunit = SmemUnit::Kib)/>
                    "KiB"
                </label>
            </fieldset>
            {move || match unit.get() {
                SmemUnit::B => slider(text::DYNAMIC_SMEM_B, limits::DYNAMIC_SMEM, 128, "B", |i| i.dsmem, |i, v| i.dsmem = v, "slider-dsmem").into_any(),
                SmemUnit::Kib => slider(
                    text::DYNAMIC_SMEM_KIB,
                    (limits::DYNAMIC_SMEM.0 / 1024, limits::DYNAMIC_SMEM.1 / 1024),
                    1,
                    "KiB",
                    |i| i.dsmem / 1024,
                    |i, v| i.dsmem = v.saturating_mul(1024),
                    "slider-dsmem",
                ).into_any(),
            }}
            <Show when=move || unit.get() == SmemUnit::Kib && odd_kib.get()>
                <p class="gx-field__hint">{move || {
                    let b = st.inputs.with(|i| i.dsmem);
                    text::exact_bytes(b, lang.get())
                }}</p>
            </Show>
            <fieldset class="gx-field gx-radios">
                <legend class="gx-field__label">{t(text::CARVEOUT)}</legend>
                <label>
                    <input type="radio" name="occ-carveout" data-testid="carveout-default"
                        prop:checked=move || !percent.get()
                        on:change=move |_| st.inputs.update(|i| i.carveout = -1)/>
                    {t(text::CARVEOUT_DEFAULT)}
                </label>
                <label>
                    <input type="radio" name="occ-carveout" data-testid="carveout-percent"
                        prop:checked=move || percent.get()
                        on:change=move |_| st.inputs.update(|i| if i.carveout < 0 { i.carveout = 50 })/>
                    {t(text::CARVEOUT_PERCENT)}
                </label>
            </fieldset>
            <Show when=move || percent.get()>
                <RangeSlider label=text::CARVEOUT_SLIDER min=0 max=100 unit="%" testid="slider-carveout"
                    value=st.inputs.part(|i| u64::try_from(i.carveout).unwrap_or(0))
                    on_input=Callback::new(move |v: u64| st.inputs.update(|i| i.carveout = i32::try_from(v).unwrap_or(100)))/>
            </Show>
            <a data-testid="to-dispatch" href=move || {
                let q = st.inputs.with(|i| i.to_query());
                if q.is_empty() { "dispatch".to_string() } else { format!("dispatch?{q}") }
            }>{t(text::SEE_THIS_KERNEL_WAVES)}</a>
        </aside>
    }
}

/// One row of the numbers table.
struct Row {
    label: Tr,
    formula: String,
    value: String,
    key: &'static str,
}

fn rows(out: &OccOutputs, lang: Lang) -> Vec<Row> {
    let s = &out.steps;
    let g = &out.gpu;
    let k = &out.kernel;
    let n = |v: u64| grouped(v);
    let lim = |v: u32| limit_text(v);
    let mut rows = vec![
        Row {
            label: text::WARPS_PER_BLOCK,
            formula: format!("⌈{} / {}⌉", n(k.threads_per_block.into()), g.warp_size),
            value: n(s.warps_per_block.into()),
            key: "warps-per-block",
        },
        Row {
            label: text::REGISTERS_PER_WARP_ALLOCATED,
            formula: format!(
                "⌈{} × {} / {u}⌉ × {u} = ⌈{} / {u}⌉ × {u}",
                k.regs_per_thread,
                g.warp_size,
                n(s.regs_per_warp_requested),
                u = g.reg_alloc_unit_per_warp
            ),
            value: n(s.regs_per_warp),
            key: "regs-per-warp",
        },
        Row {
            label: text::REGISTERS_PER_BLOCK,
            formula: format!(
                "{} × {} ≤ {}?",
                n(s.regs_per_warp),
                s.warps_per_block,
                n(g.regs_per_block.into())
            ),
            value: n(s.regs_per_block),
            key: "regs-per-block",
        },
    ];
    if s.warps_per_block_hw_check != u64::from(s.warps_per_block) {
        rows.push(Row {
            label: text::WITH_WARPS_ROUNDED_UP,
            formula: format!(
                "{} × {} ≤ {}?",
                n(s.regs_per_warp),
                s.warps_per_block_hw_check,
                n(g.regs_per_block.into())
            ),
            value: n(s.regs_per_block_hw_check),
            key: "regs-hw-check",
        });
    }
    let by_regs = if s.warps_per_partition_by_regs == UNLIMITED {
        "∞".to_string()
    } else {
        n(s.warps_per_partition_by_regs.into())
    };
    rows.extend([
        Row {
            label: text::WARPS_PER_PARTITION_SMSP,
            formula: format!(
                "⌊{} / {}⌋  ({} / {} {})",
                n(s.regs_per_partition.into()),
                n(s.regs_per_warp),
                n(g.regs_per_sm.into()),
                g.partitions_per_sm,
                text::PARTITIONS_WORD.get(lang)
            ),
            value: by_regs.clone(),
            key: "warps-per-smsp",
        },
        Row {
            label: text::WARPS_PER_SM_BY,
            formula: format!("{by_regs} × {}", g.partitions_per_sm),
            value: lim(s.warps_per_sm_by_regs),
            key: "warps-by-regs",
        },
        Row {
            label: text::BLOCKS_ALLOWED_BY_REGISTERS,
            formula: format!("⌊{} / {}⌋", lim(s.warps_per_sm_by_regs), s.warps_per_block),
            value: lim(s.limit_by_registers),
            key: "limit-regs",
        },
        Row {
            label: text::BLOCKS_ALLOWED_BY_WARP,
            formula: format!("⌊{} / {}⌋", s.max_warps_per_sm, s.warps_per_block),
            value: lim(s.limit_by_warps),
            key: "limit-warps",
        },
        Row {
            label: text::BLOCKS_ALLOWED_BY_BLOCK,
            formula: format!(
                "{} = {}",
                text::MAX_BLOCKS_PER_SM_WORDS.get(lang),
                g.max_blocks_per_sm
            ),
            value: lim(s.limit_by_blocks),
            key: "limit-blocks",
        },
        Row {
            label: text::SHARED_MEMORY_PER_BLOCK,
            formula: format!(
                "⌈({} + {} + {}) / {g_}⌉ × {g_}",
                n(k.static_smem_bytes.into()),
                n(k.dynamic_smem_bytes.into()),
                n(g.reserved_smem_per_block_bytes.into()),
                g_ = g.smem_alloc_granularity_bytes
            ),
            value: format!("{} B", n(s.smem_per_block_bytes)),
            key: "smem-per-block",
        },
        Row {
            label: text::PER_BLOCK_LIMIT_OPT,
            formula: format!(
                "{} ≤ {}?",
                n(s.smem_per_block_bytes),
                n(s.smem_per_block_limit_bytes)
            ),
            value: format!("{} B", n(s.smem_per_block_limit_bytes)),
            key: "smem-limit",
        },
        Row {
            label: text::CARVEOUT_IN_FORCE,
            formula: text::carveout_formula(out, lang),
            value: format!("{} B", n(s.carveout_bytes.into())),
            key: "carveout",
        },
        Row {
            label: text::BLOCKS_ALLOWED_BY_SHARED,
            formula: format!(
                "⌊{} / {}⌋",
                n(s.carveout_bytes.into()),
                n(s.smem_per_block_bytes)
            ),
            value: lim(s.limit_by_shared_memory),
            key: "limit-smem",
        },
    ]);
    if s.limit_by_barriers != UNLIMITED {
        rows.push(Row {
            label: text::BLOCKS_ALLOWED_BY_SLOTS,
            formula: format!(
                "{} × {} / 1",
                g.block_barriers_per_block_slot, g.max_blocks_per_sm
            ),
            value: lim(s.limit_by_barriers),
            key: "limit-barriers",
        });
    }
    let failed = out.error.is_some();
    rows.extend([
        Row {
            label: text::RESIDENT_BLOCKS_PER_SM,
            formula: if failed {
                text::LAUNCH_FAILS_ZERO.get(lang).into()
            } else {
                format!(
                    "min({}, {}, {}, {})",
                    lim(s.limit_by_registers),
                    lim(s.limit_by_warps),
                    lim(s.limit_by_blocks),
                    lim(s.limit_by_shared_memory)
                )
            },
            value: n(s.blocks_per_sm.into()),
            key: "blocks",
        },
        Row {
            label: text::RESIDENT_WARPS_PER_SM,
            formula: format!("{} × {}", s.blocks_per_sm, s.warps_per_block),
            value: n(s.warps_per_sm.into()),
            key: "warps",
        },
        Row {
            label: text::OCCUPANCY,
            formula: format!("{} / {}", s.warps_per_sm, s.max_warps_per_sm),
            value: pct(s.ratio()),
            key: "occupancy",
        },
    ]);
    rows
}

/// The arithmetic, step by step, with the current numbers; the suggested block size.
#[component]
pub fn NumbersPanel() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // `(key, label, formula, value)` of every step; the rows are keyed by step, built once, and
    // a slider tick rewrites only their text.
    let table = Memo::new(move |_| {
        let l = lang.get();
        st.outputs.with(|out| {
            rows(out, l)
                .into_iter()
                .map(|r| (r.key, r.label.get(l), r.formula, r.value))
                .collect::<Vec<_>>()
        })
    });
    let row = move |key: &'static str| {
        let cell = move |f: fn(&(&'static str, &'static str, String, String)) -> String| {
            move || table.with(|t| t.iter().find(|r| r.0 == key).map(f).unwrap_or_default())
        };
        let verdict = matches!(key, "blocks" | "warps" | "occupancy");
        view! {
            <tr class:gx-numbers__verdict=verdict data-testid=format!("step-{key}")>
                <th scope="row">{cell(|r| r.1.to_string())}</th>
                <td class="gx-formula">{cell(|r| r.2.clone())}</td>
                <td class="gx-value">{cell(|r| r.3.clone())}</td>
            </tr>
        }
    };
    view! {
        <section class="l-body gx-numbers gx-defer" data-testid="numbers">
            <h2>{t(text::NUMBERS)}</h2>
            <p class="gx-numbers__gpu">{move || {
                let g = st.outputs.with(|o| o.gpu.clone());
                crate::ui::text::gpu_line(g.name, g.compute_capability, g.sm_count, lang.get())
            }}</p>
            <div class="gx-table-scroll">
            <table class="gx-table">
                <tbody>
                    <For each=move || table.with(|t| t.iter().map(|r| r.0).collect::<Vec<_>>()) key=|k| *k children=row/>
                </tbody>
            </table>
            </div>
            <Suggested/>
        </section>
    }
}

/// `cudaOccupancyMaxPotentialBlockSize` for the current registers and shared memory.
#[component]
fn Suggested() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    // `(block size, grid, SMs, the current block size is it)`: the paragraph is rebuilt only
    // when one of these changes, not at every slider tick.
    let suggested = Memo::new(move |_| {
        st.outputs.with(|o| {
            o.suggested.map(|(size, grid)| {
                (
                    size,
                    grid,
                    o.gpu.sm_count,
                    o.kernel.threads_per_block == size,
                )
            })
        })
    });
    view! {
        <div class="gx-suggested" data-testid="suggested">
            {move || {
                match (suggested.get(), lang.get()) {
                    (None, l) => view! { <p>{text::NO_BLOCK_SIZE.get(l)}</p> }.into_any(),
                    (Some((size, grid, sms, current)), l) => {
                        let per_sm = grid / sms.max(1);
                        let text = text::suggested(size, per_sm, grid, sms, l);
                        view! {
                            <p>{text}" "
                                <button class="gx-button gx-button--small" data-testid="use-suggested" disabled=current
                                    on:click=move |_| st.inputs.update(|i| i.threads = size)>
                                    {text::USE_IT.get(l)}
                                </button>
                            </p>
                        }.into_any()
                    }
                }
            }}
        </div>
    }
}

/// Why the GEMM tile gets 4 blocks on the A100, not the course's 5 (shown with that preset).
#[component]
pub fn GemmNote() -> impl IntoView {
    let st = state();
    let gemm = st.inputs.part(|i| Preset::GemmTile.is_active(i));
    // Only beside the course's GEMM tile: for any other kernel the "4" it explains is not on screen.
    move || {
        gemm.get().then(|| view! {
            <aside class="l-body gx-note gx-occ-note gx-occ-note--active" data-testid="gemm-note">
                <p>{t(text::GEMM_NOTE)}</p>
            </aside>
        })
    }
}
