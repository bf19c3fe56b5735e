//! The launch on the chosen GPU: occupancy (the kernel's `__shared__` bytes, the registers
//! field, the block size), waves (the grid in waves of resident blocks) and the roofline (the
//! FLOPs the arithmetic executed over the distinct sectors touched, the ideal-cache lower bound),
//! each linked to its chapter with the same parameters.

use leptos::prelude::*;
use leptos_router::components::A;

use super::state::LabState;
use super::text;
use crate::geom::chart::ChartFrame;
use crate::model::dispatch::{waves, Waves};
use crate::model::gpu_spec::{GpuSpec, ValueSource};
use crate::model::occupancy::{occupancy_steps, Carveout, KernelConfig, OccupancySteps};
use crate::model::roofline::{chart_spec, place, Bound, Placement, Precision};
use crate::ui::charts::roofline_chart::{self, RooflineCanvas, RooflineDrawing};
use crate::ui::format::{bytes_binary, duration, percent, si, sig3};
use crate::ui::i18n::{t, use_lang, Lang};
use crate::ui::shared::launch::bars::{resource_bars, BudgetBars, ResourceBar};
use crate::ui::shared::launch::text::limiter_name;
use crate::ui::shared::scroll_figure::ScrollFigure;
use crate::ui::shell::route_href;
use crate::ui::url::keys::{self, dispatch, launch, roofline};
use crate::ui::url::query;

fn state() -> LabState {
    expect_context::<LabState>()
}

/// Everything this section shows, from the launch, the GPU, the registers and the report.
#[derive(Clone, Debug, PartialEq)]
pub struct InContext {
    /// The GPU.
    pub gpu: GpuSpec,
    /// What occupancy takes.
    pub kernel: KernelConfig,
    /// Occupancy, step by step.
    pub occupancy: OccupancySteps,
    /// The four budget bars.
    pub bars: Vec<ResourceBar>,
    /// Blocks in the grid.
    pub grid_blocks: u64,
    /// The waves (`None` when no block fits).
    pub waves: Option<Waves>,
    /// FLOPs and ideal-cache DRAM bytes of the report, and their place under the roof of the
    /// precision that did most of them (`None` without both).
    pub roofline: Option<(Placement, Precision)>,
}

/// The section's numbers. `flops_bytes`: `(FP32, FP64, DRAM bytes)` of the report, if any.
pub fn in_context(
    gpu: GpuSpec,
    threads_per_block: u64,
    regs: u32,
    static_smem_bytes: u32,
    grid_blocks: u64,
    flops_bytes: Option<(u64, u64, u64)>,
) -> InContext {
    let kernel = KernelConfig {
        threads_per_block: u32::try_from(threads_per_block).unwrap_or(u32::MAX),
        regs_per_thread: regs,
        static_smem_bytes,
        dynamic_smem_bytes: 0,
        carveout: Carveout::Default,
    };
    let occupancy = occupancy_steps(&gpu, &kernel);
    let bars = resource_bars(&gpu, &occupancy);
    let waves = waves(gpu.sm_count, occupancy.blocks_per_sm, grid_blocks).ok();
    let roofline = flops_bytes.and_then(|(fp32, fp64, bytes)| {
        let precision = if fp64 > fp32 {
            Precision::Fp64
        } else {
            Precision::Fp32
        };
        let flops = (fp32 + fp64) as f64;
        if flops == 0.0 || bytes == 0 {
            return None;
        }
        let roof = gpu.roof_from(precision, ValueSource::Course)?;
        Some((place(flops, bytes as f64, roof), precision))
    });
    InContext {
        gpu,
        kernel,
        occupancy,
        bars,
        grid_blocks,
        waves,
        roofline,
    }
}

/// The chapter links with the same parameters.
pub fn occupancy_query(c: &InContext) -> String {
    let k = &c.kernel;
    query::join([
        (launch::GPU, c.gpu.id),
        (launch::THREADS, &k.threads_per_block.to_string()),
        (launch::REGS, &k.regs_per_thread.to_string()),
        (launch::SMEM, &k.static_smem_bytes.to_string()),
    ])
}

/// The dispatch chapter's query: the occupancy keys and the grid.
pub fn dispatch_query(c: &InContext) -> String {
    format!(
        "{}&{}",
        occupancy_query(c),
        query::pair(dispatch::GRID, &c.grid_blocks.to_string())
    )
}

/// The roofline chapter's query: the GPU, a custom kernel of these FLOPs and bytes, its roof.
pub fn roofline_query(c: &InContext) -> Option<String> {
    let (p, precision) = c.roofline?;
    // The chapter's custom roofs are the CUDA-core ones: FP64, or FP32 for anything else.
    let prec = match precision {
        Precision::Fp64 => Precision::Fp64,
        _ => Precision::Fp32,
    };
    Some(query::join([
        (roofline::GPU, c.gpu.id),
        (
            roofline::KIND,
            roofline::family::slug(roofline::Family::Custom),
        ),
        (roofline::FLOPS, &p.flops.to_string()),
        (roofline::BYTES, &p.bytes.to_string()),
        (roofline::PREC, keys::precision::slug(prec)),
    ]))
}

fn limiter_words(s: &OccupancySteps, lang: Lang) -> String {
    use crate::ui::shared::launch::bars::Resource;
    Resource::ALL
        .iter()
        .filter(|r| s.limiters.contains(&r.limiter()))
        .map(|r| limiter_name(*r).get(lang))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The section.
#[component]
pub fn Context() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let gpu = st.inputs.part(|i| i.gpu_spec());
    let regs = st.inputs.part(|i| i.regs);
    let numbers = Memo::new(move |_| {
        let launch = st.setup.with(|s| {
            s.job().map(|j| {
                (
                    j.threads_per_block(),
                    j.blocks(),
                    j.kernel.static_smem_bytes(),
                )
            })
        });
        let (threads, blocks, smem) = launch?;
        let fb = st.report.with(|r| {
            r.as_ref().map(|r| {
                (
                    r.totals.fp32_flops,
                    r.totals.fp64_flops,
                    r.dram_load_bytes() + r.dram_store_bytes(),
                )
            })
        });
        Some(in_context(gpu.get(), threads, regs.get(), smem, blocks, fb))
    });
    let bars = Memo::new(move |_| {
        numbers.with(|n| n.as_ref().map(|n| n.bars.clone()).unwrap_or_default())
    });
    let gpu_name = Signal::derive(move || gpu.with(|g| g.name));
    let occ_line = move || {
        let l = lang.get();
        numbers.with(|n| {
            let n = n.as_ref()?;
            let s = &n.occupancy;
            Some(if s.blocks_per_sm == 0 {
                text::DOES_NOT_FIT.get(l).to_string()
            } else {
                text::occupancy_line(
                    s.blocks_per_sm,
                    s.warps_per_sm,
                    s.max_warps_per_sm,
                    &percent(s.ratio()),
                    &limiter_words(s, l),
                    l,
                )
            })
        })
    };
    let smem_line = move || {
        let l = lang.get();
        numbers.with(|n| {
            n.as_ref().map(|n| {
                text::smem_line(
                    n.kernel.static_smem_bytes,
                    n.kernel.regs_per_thread,
                    u64::from(n.kernel.threads_per_block),
                    l,
                )
            })
        })
    };
    let waves_line = move || {
        let l = lang.get();
        numbers.with(|n| {
            let n = n.as_ref()?;
            let w = n.waves?;
            Some(text::waves_line(
                n.grid_blocks,
                w.full_wave_blocks,
                w.count,
                w.last_wave_blocks,
                &percent(w.efficiency),
                l,
            ))
        })
    };
    let roof_lines = move || {
        let l = lang.get();
        numbers.with(|n| {
            let n = n.as_ref()?;
            Some(match n.roofline {
                Some((p, precision)) => vec![
                    text::roofline_line(
                        &si(p.flops, ""),
                        &bytes_binary(p.bytes),
                        &sig3(p.intensity),
                        precision.label(),
                        l,
                    ),
                    text::time_bound_line(
                        &duration(p.time_lower_bound_s),
                        p.bound == Bound::Memory,
                        l,
                    ),
                ],
                None => vec![text::NO_FLOPS.get(l).to_string()],
            })
        })
    };
    let link = move |slug: &'static str,
                     q: Option<String>,
                     label: crate::ui::i18n::Tr,
                     testid: &'static str| {
        q.map(|q| {
            view! {
                <p class="gx-lab__link"><A href=format!("{}?{q}", route_href(slug)) attr:data-testid=testid>{t(label)}</A></p>
            }
        })
    };
    view! {
        <section class="l-page gx-lab__context" aria-labelledby="gx-lab-context" data-testid="lab-context">
            <h2 id="gx-lab-context" class="gx-lab__h">{t(text::CONTEXT)}</h2>
            <div class="gx-lab__context-grid">
                <div class="gx-lab__occ" data-testid="lab-occupancy">
                    <h3 class="gx-lab__h3">{t(text::OCCUPANCY)}</h3>
                    <p>{smem_line}</p>
                    <p data-testid="lab-occupancy-line">{occ_line}</p>
                    <BudgetBars bars=bars gpu_name=gpu_name/>
                    {move || link("occupancy", numbers.with(|n| n.as_ref().map(occupancy_query)), text::OPEN_OCCUPANCY, "lab-open-occupancy")}
                    <h3 class="gx-lab__h3">{t(text::WAVES)}</h3>
                    <p data-testid="lab-waves-line">{waves_line}</p>
                    {move || link("dispatch", numbers.with(|n| n.as_ref().map(dispatch_query)), text::OPEN_DISPATCH, "lab-open-dispatch")}
                </div>
                <div class="gx-lab__roof" data-testid="lab-roofline">
                    <h3 class="gx-lab__h3">{t(text::ROOFLINE)}</h3>
                    {move || roof_lines().unwrap_or_default().into_iter().map(|s| view! { <p data-testid="lab-roofline-line">{s}</p> }).collect_view()}
                    <RoofChart numbers=numbers/>
                    <p class="gx-note">{t(text::IDEAL_CACHE)}</p>
                    {move || link("roofline", numbers.with(|n| n.as_ref().and_then(roofline_query)), text::OPEN_ROOFLINE, "lab-open-roofline")}
                </div>
            </div>
        </section>
    }
}

/// The chosen GPU's roofline with the kernel's point.
#[component]
fn RoofChart(numbers: Memo<Option<InContext>>) -> impl IntoView {
    let lang = use_lang();
    let frame = ChartFrame::ROOFLINE;
    let point = Memo::new(move |_| {
        numbers.with(|n| {
            n.as_ref()
                .and_then(|n| n.roofline.map(|(p, prec)| (n.gpu.clone(), p, prec)))
        })
    });
    let spec = Memo::new(move |_| {
        numbers.with(|n| {
            n.as_ref().map(|n| {
                let xs: Vec<f64> = n.roofline.iter().map(|(p, _)| p.intensity).collect();
                (
                    chart_spec(&n.gpu, ValueSource::Course, &xs),
                    n.gpu.memory_kind,
                )
            })
        })
    });
    let drawing = Signal::derive(move || {
        let l = lang.get();
        let (spec, memory_kind) = spec.get()?;
        let at = point.with(|p| {
            p.as_ref()
                .map(|(_, p, _)| (p.intensity, p.attainable_flops_per_s))
        });
        Some(RooflineDrawing {
            spec,
            highlight: point.with(|p| p.as_ref().map(|(_, _, prec)| *prec)),
            show_measured_copy: false,
            lang: l,
            memory_kind,
            points: at.iter().map(|&(x, y)| (x, y, None)).collect(),
            user: at,
            frame,
            box_zoom: 1.0,
        })
    });
    let xy = Memo::new(move |_| {
        let (spec, _) = spec.get()?;
        let (x, y) = point.with(|p| {
            p.as_ref()
                .map(|(_, p, _)| (p.intensity, p.attainable_flops_per_s))
        })?;
        let (xd, yd) = roofline_chart::domains(&spec);
        let axes = frame.log_log(xd, yd);
        let rect = frame.plot_rect();
        let (px, py) = axes.px_from_data(x, y);
        Some((px.clamp(rect.x0, rect.x1), py.clamp(rect.y0, rect.y1)))
    });
    let label = move || {
        let l = lang.get();
        point.with(|p| {
            p.as_ref()
                .map(|(_, p, _)| {
                    format!(
                        "{}: {} FLOP/byte, {}FLOP/s",
                        text::YOUR_KERNEL.get(l),
                        sig3(p.intensity),
                        si(p.attainable_flops_per_s, "")
                    )
                })
                .unwrap_or_default()
        })
    };
    let y_axis = NodeRef::<leptos::html::Canvas>::new();
    view! {
        <Show when=move || drawing.with(Option::is_some) && xy.with(Option::is_some)>
            <figure class="gx-figure gx-chart gx-lab__chart">
                <ScrollFigure label=text::ROOFLINE_FIGURE width_px=frame.width_px label_px=roofline_chart::y_axis_strip_px()
                    height_px=frame.height_px label_canvas=y_axis parts_focusable=true>
                    <div class="gx-chart__stack">
                        <RooflineCanvas drawing=Signal::derive(move || drawing.get().unwrap_or_else(|| empty_drawing(frame))) y_axis=y_axis/>
                        <svg class="gx-chart__overlay" viewBox=format!("0 0 {} {}", frame.width_px, frame.height_px)
                            role="group" aria-label=t(text::ROOFLINE_FIGURE)>
                            {move || xy.get().map(|(x, y)| view! {
                                <g class="gx-pt gx-pt--user" data-testid="lab-roof-point">
                                    <circle cx=format!("{x:.1}") cy=format!("{y:.1}") r="8" tabindex="0" role="img" aria-label=label>
                                        <title>{label}</title>
                                    </circle>
                                </g>
                            })}
                        </svg>
                    </div>
                </ScrollFigure>
                <figcaption>
                    <ul class="gx-legend">
                        <li><span class="gx-legend__mark gx-pt--user"></span>{t(text::YOUR_KERNEL)}</li>
                    </ul>
                </figcaption>
            </figure>
        </Show>
    }
}

/// A drawing with no roofs (never shown: the chart is only built with a drawing).
fn empty_drawing(frame: ChartFrame) -> RooflineDrawing {
    RooflineDrawing {
        spec: chart_spec(&GpuSpec::h100_sxm(), ValueSource::Course, &[]),
        highlight: None,
        show_measured_copy: false,
        lang: Lang::En,
        memory_kind: "",
        points: Vec::new(),
        user: None,
        frame,
        box_zoom: 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_launch_feeds_occupancy_waves_and_the_roofline() {
        // The tiled transpose: 256 threads, 32 registers, 4 KiB of tile, 64 blocks on an H100.
        let c = in_context(GpuSpec::h100_sxm(), 256, 32, 4096, 64, Some((0, 0, 0)));
        assert_eq!(c.occupancy.blocks_per_sm, 8);
        let w = c.waves.expect("fits");
        assert_eq!((w.count, w.last_wave_blocks), (1, 64));
        assert!(c.roofline.is_none());
        assert_eq!(
            occupancy_query(&c),
            "gpu=h100&threads=256&regs=32&smem=4096"
        );
        assert_eq!(
            dispatch_query(&c),
            "gpu=h100&threads=256&regs=32&smem=4096&grid=64"
        );
        // 1 FP32 FLOP per 8 bytes: memory-bound on the FP32 roof.
        let c = in_context(GpuSpec::h100_sxm(), 256, 32, 0, 64, Some((1000, 0, 8000)));
        let (p, prec) = c.roofline.expect("a point");
        assert_eq!((prec, p.bound), (Precision::Fp32, Bound::Memory));
        assert_eq!(p.intensity, 0.125);
        assert!(roofline_query(&c)
            .expect("query")
            .contains("kind=custom&flops=1000&bytes=8000&prec=fp32"));
    }
}
