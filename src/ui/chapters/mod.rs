//! The one list of chapters. The home page, the nav, the router and the browser tests all
//! read [`ALL`].

use leptos::prelude::*;

use crate::ui::i18n::{tr, Tr};
use crate::ui::shell;

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

/// One chapter (or tool page) of the explainer: everything the shell needs to frame it.
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
    /// The intro paragraphs under the title.
    pub intro: &'static [Tr],
    /// The page: [`shell::frame`] over the chapter's body, or `None` while it is being written.
    pub page: Option<fn(&'static Chapter) -> AnyView>,
    /// The body alone, bound to a query someone else owns ([`shell::embed`]); `None` for pages
    /// that are not chapters.
    pub embed: Option<shell::Embed>,
}

/// Every chapter, in teaching order.
pub const ALL: &[Chapter] = &[
    Chapter {
        number: Some(1),
        slug: "chip",
        title: chip::text::TITLE,
        summary: tr(
            "GPC → TPC → SM → 4 partitions, and the memory hierarchy of the A100.",
            "GPC → TPC → SM → 4 个处理分区，以及 A100 的存储层次。",
        ),
        intro: &chip::text::INTRO,
        page: Some(shell::frame::<chip::Page>),
        embed: Some(shell::embed::<chip::Page>),
    },
    Chapter {
        number: Some(2),
        slug: "occupancy",
        title: occupancy::text::TITLE,
        summary: tr(
            "How registers, threads and shared memory limit the blocks resident on one SM.",
            "寄存器、线程数和 shared memory 如何限制一个 SM 上驻留的 block 数。",
        ),
        intro: &occupancy::text::INTRO,
        page: Some(shell::frame::<occupancy::Page>),
        embed: Some(shell::embed::<occupancy::Page>),
    },
    Chapter {
        number: Some(3),
        slug: "dispatch",
        title: dispatch::text::TITLE,
        summary: tr(
            "A grid's blocks land on all 108 SMs in waves; the tail wave.",
            "grid 的 block 按波次分派到全部 108 个 SM；尾波。",
        ),
        intro: &dispatch::text::INTRO,
        page: Some(shell::frame::<dispatch::Page>),
        embed: Some(shell::embed::<dispatch::Page>),
    },
    Chapter {
        number: Some(4),
        slug: "scheduling",
        title: scheduling::text::TITLE,
        summary: tr(
            "Four schedulers hide memory latency by switching warps: warps needed ≈ L / k.",
            "四个调度器靠切换 warp 隐藏访存延迟：所需 warp 数 ≈ L / k。",
        ),
        intro: &scheduling::text::INTRO,
        page: Some(shell::frame::<scheduling::Page>),
        embed: Some(shell::embed::<scheduling::Page>),
    },
    Chapter {
        number: Some(5),
        slug: "divergence",
        title: divergence::text::TITLE,
        summary: tr(
            "32 lanes, one instruction: active masks, serialised paths, reconvergence.",
            "32 个 lane 一条指令：active mask、路径串行与重汇合。",
        ),
        intro: &divergence::text::INTRO,
        page: Some(shell::frame::<divergence::Page>),
        embed: Some(shell::embed::<divergence::Page>),
    },
    Chapter {
        number: Some(6),
        slug: "coalescing",
        title: coalescing::text::TITLE,
        summary: tr(
            "32 lane addresses become 32-byte sectors: requests, sectors, efficiency.",
            "32 个 lane 的地址变成 32 字节 sector：请求数、sector 数与效率。",
        ),
        intro: &coalescing::text::INTRO,
        page: Some(shell::frame::<coalescing::Page>),
        embed: Some(shell::embed::<coalescing::Page>),
    },
    Chapter {
        number: Some(7),
        slug: "bank-conflicts",
        title: bank_conflicts::text::TITLE,
        summary: tr(
            "32 banks × 4 bytes: wavefronts, conflicts, padding and swizzles.",
            "32 个 4 字节 bank：wavefront、冲突、padding 与 swizzle。",
        ),
        intro: &bank_conflicts::text::INTRO,
        page: Some(shell::frame::<bank_conflicts::Page>),
        embed: Some(shell::embed::<bank_conflicts::Page>),
    },
    Chapter {
        number: Some(8),
        slug: "tensor-cores",
        title: tensor_cores::text::TITLE,
        summary: tr(
            "The course's INT8 kernel end to end, fragment by fragment, lane by lane.",
            "课程的 INT8 kernel 从头到尾：逐个 fragment、逐个 lane。",
        ),
        intro: &tensor_cores::text::INTRO,
        page: Some(shell::frame::<tensor_cores::Page>),
        embed: Some(shell::embed::<tensor_cores::Page>),
    },
    Chapter {
        number: Some(9),
        slug: "roofline",
        title: roofline::text::TITLE,
        summary: tr(
            "Arithmetic intensity, ridge points and time lower bounds on A100 and H100.",
            "算术强度、拐点与 A100 / H100 上的理论时间下界。",
        ),
        intro: &roofline::text::INTRO,
        page: Some(shell::frame::<roofline::Page>),
        embed: Some(shell::embed::<roofline::Page>),
    },
    Chapter {
        number: None,
        slug: "quiz",
        title: tr("Quiz", "测验"),
        summary: tr(
            "All self-check questions plus questions generated from the models.",
            "全部自测题，以及由模型随机出题、自动判分。",
        ),
        intro: &[],
        page: None,
        embed: None,
    },
];

/// The chapters before and after `slug` in teaching order (numbered chapters only).
pub fn neighbours(slug: &str) -> (Option<&'static Chapter>, Option<&'static Chapter>) {
    let numbered: Vec<&'static Chapter> = ALL.iter().filter(|c| c.number.is_some()).collect();
    let Some(i) = numbered.iter().position(|c| c.slug == slug) else {
        return (None, None);
    };
    let prev = i.checked_sub(1).and_then(|j| numbered.get(j).copied());
    (prev, numbered.get(i + 1).copied())
}

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
