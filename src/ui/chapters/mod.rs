//! The one list of chapters. The home page, the nav, the router and the browser tests all
//! read [`ALL`].

use leptos::prelude::*;

use crate::ui::i18n::{tr, Tr};

pub mod access;
pub mod bank_conflicts;
pub mod chip;
pub mod coalescing;
pub mod dispatch;
pub mod divergence;
pub mod home;
pub mod occupancy;
pub mod roofline;
pub mod scheduling;
pub mod tensor_cores;

/// One chapter (or tool page) of the explainer.
#[derive(Clone, Copy, Debug)]
pub struct Chapter {
    /// Chapter number as the course map shows it; `None` for the quiz and classroom pages.
    pub number: Option<u32>,
    /// URL path segment, e.g. "roofline".
    pub slug: &'static str,
    /// Title.
    pub title: Tr,
    /// One-line summary for the home page.
    pub summary: Tr,
    /// The chapter's page, or `None` while it is still being written.
    pub view: Option<fn() -> AnyView>,
}

/// A chapter's page function. Without the `split` feature it renders the chapter directly.
/// With `split` (experiment, see docs/wasm-split.md) the chapter's view code sits behind a
/// `#[lazy]` split point: wasm-split-cli moves it into its own wasm chunk, fetched the first
/// time the chapter is opened.
macro_rules! chapter_view {
    ($view_fn:ident, $lazy_fn:ident, $module:ident :: $component:ident) => {
        #[cfg(not(feature = "split"))]
        fn $view_fn() -> AnyView {
            $module::$component().into_any()
        }

        #[cfg(feature = "split")]
        #[leptos::lazy]
        fn $lazy_fn() -> AnyView {
            $module::$component().into_any()
        }

        #[cfg(feature = "split")]
        fn $view_fn() -> AnyView {
            view! { <Suspense fallback=|| ()>{Suspend::new($lazy_fn())}</Suspense> }.into_any()
        }
    };
}

chapter_view!(chip_view, chip_lazy, chip::ChipChapter);
chapter_view!(
    divergence_view,
    divergence_lazy,
    divergence::DivergenceChapter
);
chapter_view!(
    scheduling_view,
    scheduling_lazy,
    scheduling::SchedulingChapter
);
chapter_view!(
    coalescing_view,
    coalescing_lazy,
    coalescing::CoalescingChapter
);
chapter_view!(
    bank_conflicts_view,
    bank_conflicts_lazy,
    bank_conflicts::BankConflictsChapter
);
chapter_view!(dispatch_view, dispatch_lazy, dispatch::DispatchChapter);
chapter_view!(occupancy_view, occupancy_lazy, occupancy::OccupancyChapter);
chapter_view!(roofline_view, roofline_lazy, roofline::RooflineChapter);
chapter_view!(
    tensor_cores_view,
    tensor_cores_lazy,
    tensor_cores::TensorCoresChapter
);

/// Every chapter, in teaching order.
pub const ALL: &[Chapter] = &[
    Chapter {
        number: Some(1),
        slug: "chip",
        title: tr("Chip anatomy", "芯片结构"),
        summary: tr(
            "GPC → TPC → SM → 4 partitions, and the memory hierarchy of the A100.",
            "GPC → TPC → SM → 4 个处理分区，以及 A100 的存储层次。",
        ),
        view: Some(chip_view),
    },
    Chapter {
        number: Some(2),
        slug: "occupancy",
        title: tr("Occupancy", "占用率"),
        summary: tr(
            "How registers, threads and shared memory limit the blocks resident on one SM.",
            "寄存器、线程数和 shared memory 如何限制一个 SM 上驻留的 block 数。",
        ),
        view: Some(occupancy_view),
    },
    Chapter {
        number: Some(3),
        slug: "dispatch",
        title: tr("Block dispatch", "Block 分派"),
        summary: tr(
            "A grid's blocks land on all 108 SMs in waves; the tail wave.",
            "grid 的 block 按波次分派到全部 108 个 SM；尾波。",
        ),
        view: Some(dispatch_view),
    },
    Chapter {
        number: Some(4),
        slug: "scheduling",
        title: tr("Warp scheduling", "Warp 调度"),
        summary: tr(
            "Four schedulers hide memory latency by switching warps: warps needed ≈ L / k.",
            "四个调度器靠切换 warp 隐藏访存延迟：所需 warp 数 ≈ L / k。",
        ),
        view: Some(scheduling_view),
    },
    Chapter {
        number: Some(5),
        slug: "divergence",
        title: tr("SIMT divergence", "SIMT 分歧"),
        summary: tr(
            "32 lanes, one instruction: active masks, serialised paths, reconvergence.",
            "32 个 lane 一条指令：active mask、路径串行与重汇合。",
        ),
        view: Some(divergence_view),
    },
    Chapter {
        number: Some(6),
        slug: "coalescing",
        title: tr("Coalescing", "合并访存"),
        summary: tr(
            "32 lane addresses become 32-byte sectors: requests, sectors, efficiency.",
            "32 个 lane 的地址变成 32 字节 sector：请求数、sector 数与效率。",
        ),
        view: Some(coalescing_view),
    },
    Chapter {
        number: Some(7),
        slug: "bank-conflicts",
        title: tr("Bank conflicts", "Bank 冲突"),
        summary: tr(
            "32 banks × 4 bytes: wavefronts, conflicts, padding and swizzles.",
            "32 个 4 字节 bank：wavefront、冲突、padding 与 swizzle。",
        ),
        view: Some(bank_conflicts_view),
    },
    Chapter {
        number: Some(8),
        slug: "tensor-cores",
        title: tr("Tensor Cores and the W8A8 GEMV", "Tensor Core 与 W8A8 GEMV"),
        summary: tr(
            "The course's INT8 kernel end to end, fragment by fragment, lane by lane.",
            "课程的 INT8 kernel 从头到尾：逐个 fragment、逐个 lane。",
        ),
        view: Some(tensor_cores_view),
    },
    Chapter {
        number: Some(9),
        slug: "roofline",
        title: tr("Roofline", "Roofline 模型"),
        summary: tr(
            "Arithmetic intensity, ridge points and time lower bounds on A100 and H100.",
            "算术强度、拐点与 A100 / H100 上的理论时间下界。",
        ),
        view: Some(roofline_view),
    },
    Chapter {
        number: None,
        slug: "quiz",
        title: tr("Quiz", "测验"),
        summary: tr(
            "All self-check questions plus questions generated from the models.",
            "全部自测题，以及由模型随机出题、自动判分。",
        ),
        view: None,
    },
];

/// The chapter with this slug.
pub fn by_slug(slug: &str) -> Option<&'static Chapter> {
    ALL.iter().find(|c| c.slug == slug)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_unique_url_safe() {
        for (i, c) in ALL.iter().enumerate() {
            assert!(c
                .slug
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch == '-'));
            assert!(ALL[i + 1..].iter().all(|d| d.slug != c.slug), "{}", c.slug);
            assert!(by_slug(c.slug).is_some());
        }
        assert!(by_slug("nope").is_none());
    }
}
