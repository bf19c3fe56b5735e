//! Section "step through": one warp's K-tile iteration and the block's epilogue, from
//! [`crate::model::w8a8::W8a8Gemv::trace`].

use leptos::prelude::*;

use super::state::{limits, TcState};
use super::text;
use crate::model::tensor_core::Operand;
use crate::model::w8a8::{KernelStep, MemoryLayout, StepAction, StepScope, TileWrite};
use crate::ui::format::grouped;
use crate::ui::i18n::{t, tr, use_lang, Lang};
use crate::ui::widgets::{PlayerControls, RangeSlider, StepButtons};

use super::fragments::{CELL_PX, LEFT_PX, TOP_PX};

fn state() -> TcState {
    expect_context::<TcState>()
}

/// The course listing's loop and epilogue, one string per line.
const LISTING: [&str; 21] = [
    "for (int k0 = k_begin; k0 < k_end; k0 += WMMA_K) {",
    "  for (int i = lane; i < WMMA_M * WMMA_K; i += 32) {",
    "    a_tile[warp][i] = (i < WMMA_K) ? qact[k0 + i] : int8{0};",
    "    const int n = i / WMMA_K;",
    "    const int kk = i % WMMA_K;",
    "    b_tile[warp][i] = qweight[(out_base + n) * K + k0 + kk];",
    "  }",
    "  __syncwarp();",
    "  wmma::load_matrix_sync(a_frag, a_tile[warp], WMMA_K);",
    "  wmma::load_matrix_sync(b_frag, b_tile[warp], WMMA_K);",
    "  wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag); // s8 × s8 → s32",
    "  __syncwarp();",
    "}",
    "wmma::store_matrix_sync(c_tile[warp], acc_frag, WMMA_N, wmma::mem_row_major);",
    "__syncthreads();",
    "if (tid < WMMA_N) {",
    "  int z = 0;",
    "  for (int w = 0; w < WARPS_PER_BLOCK; ++w) z += c_tile[w][tid];",
    "  const int o = out_base + tid;",
    "  y[o] = __float2half(static_cast<float>(z) * act_scale * w_scale[o]);",
    "}",
];

/// Lines of [`LISTING`] a step highlights.
fn lines_of(id: &str) -> &'static [usize] {
    match id {
        "fill_tiles" => &[1, 2, 3, 4, 5, 6],
        "syncwarp_tiles_ready" => &[7],
        "load_a" => &[8],
        "load_b" => &[9],
        "mma" => &[10],
        "syncwarp_tiles_free" => &[11],
        "repeat_k_tiles" => &[0, 12],
        "store_accumulator" => &[13],
        "syncthreads" => &[14],
        "reduce_partials" => &[15, 16, 17],
        "dequantize" => &[19],
        "write_output" => &[18, 19, 20],
        _ => &[],
    }
}

fn scope_text(s: StepScope) -> (&'static str, &'static str) {
    match s {
        StepScope::Lanes => ("each lane on its own (SIMT)", "每个 Lane 各自执行（SIMT）"),
        StepScope::Warp => ("the whole warp together", "整个 Warp 协同执行"),
        StepScope::Block => ("the whole block", "整个 Block"),
    }
}

fn layout_name(m: MemoryLayout) -> &'static str {
    match m {
        MemoryLayout::RowMajor => "row_major",
        MemoryLayout::ColMajor => "col_major",
    }
}

/// What a step does, with its numbers, in both languages.
fn describe(step: &KernelStep, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match &step.action {
        StepAction::FillSharedTiles {
            k0,
            loop_bound,
            loop_stride,
            iterations_per_lane,
            activation_bytes,
            zero_bytes,
            weight_bytes,
            global_requests,
            global_sectors,
            ..
        } => {
            if zh {
                format!("k0 = {k0}。每个 Lane 执行 i = lane; i < {loop_bound}; i += {loop_stride}：共 {iterations_per_lane} 次迭代。a_tile 写入 {activation_bytes} 个 Activation 字节（第 0 行）和 {zero_bytes} 个 0（第 1–15 行）；b_tile 写入 {weight_bytes} 个权重字节。共 {global_requests} 条 Warp 级 Global 加载指令，涉及 {global_sectors} 个 32 字节 sector。")
            } else {
                format!("k0 = {k0}. Every lane runs i = lane; i < {loop_bound}; i += {loop_stride}: {iterations_per_lane} iterations. a_tile gets {activation_bytes} activation bytes (row 0) and {zero_bytes} zeros (rows 1–15); b_tile gets {weight_bytes} weight bytes. {global_requests} warp-level global loads touching {global_sectors} 32-byte sectors.")
            }
        }
        StepAction::SyncWarp => {
            if step.id == "syncwarp_tiles_ready" {
                if zh {
                    "等待 Warp 内 32 个 Lane 都写完：之后任何 Lane 都能读到整个 Tile。".into()
                } else {
                    "Wait until all 32 lanes have written: after this, every lane may read the whole tile.".into()
                }
            } else if zh {
                "等待所有 Lane 都用完这一 Tile，下一次迭代才能覆写它。".into()
            } else {
                "Wait until every lane is done with this tile before the next iteration overwrites it.".into()
            }
        }
        StepAction::LoadMatrix {
            operand,
            element,
            memory_layout,
            ldm,
            elements_per_lane,
            sass,
        } => {
            let op = if *operand == Operand::A {
                "a_frag ← a_tile"
            } else {
                "b_frag ← b_tile"
            };
            if zh {
                format!("{op}（{}，{}，ldm = {ldm}）：每个 Lane 得到 {elements_per_lane} 个 {element} 元素（2 个 32 位寄存器），分布见上方的 Fragment 映射。SASS：{sass}。", operand.label(), layout_name(*memory_layout))
            } else {
                format!("{op} ({}, {}, ldm = {ldm}): each lane receives {elements_per_lane} {element} elements (two 32-bit registers), as in the fragment map above. SASS: {sass}.", operand.label(), layout_name(*memory_layout))
            }
        }
        StepAction::MmaSync {
            shape,
            imma_instructions,
            tensor_macs,
            useful_macs,
            ptx,
            sass,
        } => {
            if zh {
                format!("{shape}：acc += A · B，s8 × s8 累加到 s32。PTX：{ptx}；SASS：{imma_instructions} 条 {sass}。Tensor Core 做 {} 次乘加，其中只有 {} 次有用（A 的第 0 行）。", grouped(*tensor_macs), grouped(*useful_macs))
            } else {
                format!("{shape}: acc += A · B, s8 × s8 accumulated in s32. PTX: {ptx}; SASS: {imma_instructions} × {sass}. The Tensor Cores do {} multiply-adds, of which {} are useful (row 0 of A).", grouped(*tensor_macs), grouped(*useful_macs))
            }
        }
        StepAction::RepeatKTiles {
            tiles,
            k_begin,
            k_end,
            k_step,
        } => {
            if zh {
                format!("以上步骤对 k0 = {k_begin}, {}, … < {k_end} 重复，共 {tiles} 次；累加器一直留在寄存器中。", k_begin + k_step)
            } else {
                format!("Everything above repeats for k0 = {k_begin}, {}, … < {k_end}: {tiles} times; the accumulator stays in registers.", k_begin + k_step)
            }
        }
        StepAction::StoreAccumulator {
            memory_layout,
            ldm,
            bytes,
            c_tile_offset_bytes,
        } => {
            if zh {
                format!("把 16 × 16 的 s32 累加器写到 c_tile[warp]（偏移 {c_tile_offset_bytes} B，{}，ldm = {ldm}）：{bytes} B。", layout_name(*memory_layout))
            } else {
                format!("The 16 × 16 s32 accumulator goes to c_tile[warp] (offset {c_tile_offset_bytes} B, {}, ldm = {ldm}): {bytes} B.", layout_name(*memory_layout))
            }
        }
        StepAction::SyncThreads => {
            if zh {
                "等待 Block 中所有 Warp 都写完自己的部分和。".into()
            } else {
                "Wait until every warp of the block has stored its partial sums.".into()
            }
        }
        StepAction::ReducePartials {
            threads,
            partials_per_thread,
        } => {
            if zh {
                format!("线程 0–{} 各自把 {partials_per_thread} 个 Warp 的部分和相加：z = Σ_w c_tile[w][tid]（只用第 0 行）。其余线程空闲。", threads - 1)
            } else {
                format!("Threads 0–{} each add the {partials_per_thread} warps' partials: z = Σ_w c_tile[w][tid] (row 0 only). The other threads idle.", threads - 1)
            }
        }
        StepAction::Dequantize { outputs } => {
            if zh {
                format!("{outputs} 个输出各自在 FP32 中计算 float(z) · act_scale · w_scale[o]：唯一一次回到浮点。")
            } else {
                format!("Each of the {outputs} outputs computes float(z) · act_scale · w_scale[o] in FP32: the only return to floating point.")
            }
        }
        StepAction::WriteOutput {
            first_output,
            outputs,
            bytes,
        } => {
            if zh {
                format!(
                    "y[{first_output} … {}] = __float2half(…)：{outputs} 个 FP16 输出，{bytes} B。",
                    first_output + outputs - 1
                )
            } else {
                format!(
                    "y[{first_output} … {}] = __float2half(…): {outputs} FP16 outputs, {bytes} B.",
                    first_output + outputs - 1
                )
            }
        }
    }
}

fn write_label(w: &TileWrite, lang: Lang) -> String {
    let a = match w.activation_index {
        Some(k) => format!("qact[{k}]"),
        None => "0".into(),
    };
    match lang {
        Lang::En => format!(
            "byte {}: lane {}, iteration {}; a_tile = {a}; b_tile = qweight[{}][{}] (byte {})",
            w.tile_byte, w.lane, w.iteration, w.weight_row, w.weight_col, w.weight_byte
        ),
        Lang::Zh => format!(
            "字节 {}：Lane {}，第 {} 次迭代；a_tile = {a}；b_tile = qweight[{}][{}]（第 {} 字节）",
            w.tile_byte, w.lane, w.iteration, w.weight_row, w.weight_col, w.weight_byte
        ),
    }
}

/// The 16 × 16 bytes of the shared tiles, coloured by the writing lane.
#[component]
fn FillGrid(writes: Vec<TileWrite>) -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let sel = Memo::new(move |_| st.inputs.with(|i| i.selected_lane()));
    let side = 16u32;
    // Row labels here are byte offsets up to 240: a wider margin than the fragment grids.
    let left = LEFT_PX + 10;
    let width = left + side * CELL_PX + 2;
    let height = TOP_PX + side * CELL_PX + 2;
    let cells = writes
        .into_iter()
        .map(|w| {
            let (r, c) = (w.tile_byte / side, w.tile_byte % side);
            let x = left + c * CELL_PX;
            let y = TOP_PX + r * CELL_PX;
            let lane = w.lane;
            let label = move || write_label(&w, lang.get());
            view! {
                <g class="gx-frag__cell" class:is-hl=move || sel.get() == Some(lane)
                    class:is-dim=move || sel.get().is_some_and(|l| l != lane)
                    class:is-act=w.activation_index.is_some()>
                    <rect class=format!("gx-lane-{lane}") x=x.to_string() y=y.to_string()
                        width=CELL_PX.to_string() height=CELL_PX.to_string()>
                        <title>{label}</title>
                    </rect>
                    <text class="gx-frag__lane" x=(x + CELL_PX / 2).to_string() y=(y + 12).to_string()>{lane}</text>
                    <text class="gx-frag__index" x=(x + CELL_PX / 2).to_string() y=(y + 22).to_string()>{w.iteration}</text>
                </g>
            }
        })
        .collect_view();
    let axis = (0..side)
        .map(|i| {
            view! {
                <text class="gx-frag__axis" x=(left + i * CELL_PX + CELL_PX / 2).to_string() y=(TOP_PX - 6).to_string()>{i}</text>
                <text class="gx-frag__axis gx-frag__axis--row" x=(left - 5).to_string() y=(TOP_PX + i * CELL_PX + CELL_PX / 2 + 4).to_string()>{i * side}</text>
            }
        })
        .collect_view();
    view! {
        <figure class="gx-fill" data-testid="fill-grid">
            <svg class="gx-frag__svg" viewBox=format!("0 0 {width} {height}") width=width.to_string() height=height.to_string()
                role="img" aria-label=move || t(text::FILL_GRID)()>
                {axis}
                {cells}
            </svg>
            <figcaption class="gx-note">{t(text::FILL_GRID)}{t(tr(". Large number: lane; small: iteration j (i = lane + 32·j). Select a lane in the strip above to highlight its 8 bytes.", "。大数字：Lane；小数字：迭代次数 j（i = lane + 32·j）。在上方 Lane 条中选择一个 Lane，可高亮它写的 8 个字节。"))}</figcaption>
        </figure>
    }
}

/// Whole section.
#[component]
pub fn StepsSection() -> impl IntoView {
    let st = state();
    let lang = use_lang();
    let playing = RwSignal::new(false);
    let steps = Signal::derive(move || {
        st.outputs
            .with(|o| o.trace.as_ref().map(|t| t.len()).unwrap_or(0))
            .try_into()
            .unwrap_or(u32::MAX)
    });
    let step_of = |i: &super::state::TcInputs| u32::try_from(i.step).unwrap_or(u32::MAX);
    let current = Signal::derive(move || st.inputs.with(step_of));
    // The shared player's behaviour: stops at the first and the last step, Play from the last
    // step starts over, reduced motion steps instead of animating.
    let controls = PlayerControls::new(
        Callback::new(move |()| st.inputs.with_untracked(step_of)),
        Callback::new(move |s: u32| st.inputs.update(|i| i.step = u64::from(s))),
        Signal::derive(move || steps.get().saturating_sub(1)),
        playing,
        1,
        1400,
    );
    let body = move || {
        let out = st.outputs.get();
        let steps = match out.trace {
            Ok(s) => s,
            Err(e) => {
                let why = text::launch_error(&e);
                return view! {
                    <div class="gx-error" role="alert" data-testid="trace-error">
                        <p>{t(text::NO_TRACE)}" "{(lang.get() == Lang::En).then(|| view! { <strong>{e.to_string()}</strong> })}</p>
                        <p>{why.get(lang.get())}</p>
                    </div>
                }
                .into_any();
            }
        };
        let idx = (st.inputs.with(|i| i.step) as usize).min(steps.len().saturating_sub(1));
        let Some(step) = steps.get(idx).cloned() else {
            return ().into_any();
        };
        let hl = lines_of(step.id);
        let listing = LISTING
            .iter()
            .enumerate()
            .map(|(n, line)| {
                view! { <span class="gx-code__line" class:is-on=hl.contains(&n)>{*line}"\n"</span> }
            })
            .collect_view();
        let (scope_en, scope_zh) = scope_text(step.scope);
        let fill = match &step.action {
            StepAction::FillSharedTiles { writes, .. } => {
                Some(view! { <FillGrid writes=writes.clone()/> })
            }
            _ => None,
        };
        let list = steps
            .iter()
            .enumerate()
            .map(|(n, s)| {
                let id = s.id;
                view! {
                    <li class:is-on=n == idx>
                        <button class="gx-steps__item" aria-current=if n == idx { "step" } else { "false" }
                            on:click=move |_| st.inputs.update(|i| i.step = n as u64)>
                            {move || text::step_title(id).get(lang.get())}
                        </button>
                    </li>
                }
            })
            .collect_view();
        let id = step.id;
        view! {
            <div class="gx-steps__grid">
                <ol class="gx-steps__list" data-testid="step-list">{list}</ol>
                <div class="gx-steps__main">
                    <h3 data-testid="step-title">{move || text::step_title(id).get(lang.get())}</h3>
                    <p class="gx-note">{move || if lang.get() == Lang::Zh { scope_zh } else { scope_en }}</p>
                    <p data-testid="step-text" aria-live="polite">{move || describe(&step, lang.get())}</p>
                    <pre class="gx-code" data-testid="listing"><code>{listing}</code></pre>
                    {fill}
                </div>
            </div>
        }
        .into_any()
    };
    view! {
        <section class="l-page gx-section" data-testid="steps">
            <div class="l-body">
                <h2>{t(text::STEPS_TITLE)}</h2>
                <p>{t(text::STEPS_INTRO)}</p>
            </div>
            <StepButtons controls=controls steps=steps current=current
                prev=text::PREV play=text::PLAY pause=text::PAUSE next=text::NEXT/>
            <div class="gx-steps__pick">
                <RangeSlider label=text::BLOCK_LABEL min=limits::INDEX.0 max=limits::INDEX.1 testid="slider-block"
                    value=Signal::derive(move || st.inputs.with(|i| i.block))
                    on_input=Callback::new(move |v| st.inputs.update(|i| i.block = v))/>
                <RangeSlider label=text::WARP_LABEL min=limits::WARP_INDEX.0 max=limits::WARP_INDEX.1 testid="slider-warp"
                    value=Signal::derive(move || st.inputs.with(|i| i.warp))
                    on_input=Callback::new(move |v| st.inputs.update(|i| i.warp = v))/>
                <RangeSlider label=text::KT_LABEL min=limits::INDEX.0 max=limits::INDEX.1 testid="slider-kt"
                    value=Signal::derive(move || st.inputs.with(|i| i.kt))
                    on_input=Callback::new(move |v| st.inputs.update(|i| i.kt = v))/>
            </div>
            {body}
        </section>
    }
}
