//! The home page: the chapter map.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::ui::chapters::ALL;
use crate::ui::i18n::{t, tr, use_lang, Lang};

/// The chapter map with one card per chapter.
#[component]
pub fn Home() -> impl IntoView {
    let lang = use_lang();
    Effect::new(move |_| {
        document().set_title(match lang.get() {
            Lang::En => "warpscope: how a GPU runs a kernel",
            Lang::Zh => "warpscope：GPU 如何运行一个 kernel",
        });
    });
    view! {
        <div class="gx-home l-body">
            <h1>{t(tr("How a GPU runs a kernel", "GPU 如何运行一个 kernel"))}</h1>
            <p class="gx-lead">
                {t(tr(
                    "An interactive explainer of the NVIDIA A100 (and H100): from the chip down to the 32 lanes of a warp. Every number on these pages comes from an exact model, checked against NVIDIA's documents and against measurements on a real GPU. Move a slider and every figure follows.",
                    "一个交互式讲解：从 NVIDIA A100（以及 H100）整颗芯片，一直到一个 warp 的 32 个 lane。页面上的每个数字都来自精确模型，并对照 NVIDIA 文档和真实 GPU 上的测量做过检验。拖动滑块，所有图都会跟着变。",
                ))}
            </p>
            <ol class="gx-chapter-map" data-testid="chapter-map">
                {ALL
                    .iter()
                    .map(|c| {
                        let href = crate::ui::app::route_href(c.slug);
                        let ready = c.page.is_some();
                        view! {
                            <li class="gx-chapter-card" class:gx-chapter-card--soon=!ready>
                                <A href=href>
                                    <span class="gx-chapter-card__number">
                                        {c.number.map(|n| n.to_string()).unwrap_or_else(|| "·".into())}
                                    </span>
                                    <span class="gx-chapter-card__title">{move || c.title.get(lang.get())}</span>
                                </A>
                                <p>{move || c.summary.get(lang.get())}</p>
                                {(!ready).then(|| view! {
                                    <span class="gx-badge">{move || if lang.get() == Lang::Zh { "编写中" } else { "in preparation" }}</span>
                                })}
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
        </div>
    }
}
