//! The registry: every page of the site in teaching order. The home page, the header's nav,
//! the router and the browser tests read [`ALL`]; the frame, the quiz and the classroom get it
//! handed down at start (`shell::install`).
//!
//! Every chapter body sits behind a lazy split point ([`shell::lazy_page!`] and
//! [`shell::lazy_embed!`]), and so does the classroom page ([`classroom_page`]): the first
//! load carries only the app, its header and the home page.

use leptos::prelude::*;

use crate::ui::chapters::{
    bank_conflicts, chip, coalescing, dispatch, divergence, hierarchy, occupancy, roofline,
    scheduling, tensor_core_generations, tensor_cores,
};
use crate::ui::glossary;
use crate::ui::lab;
use crate::ui::quiz;
use crate::ui::shell::{self, Chapter};
use crate::ui::text;

/// Every chapter, in teaching order.
pub const ALL: &[Chapter] = &[
    Chapter {
        number: Some(1),
        slug: "chip",
        title: chip::text::TITLE,
        summary: text::CHIP_SUMMARY,
        page: Some(shell::lazy_page!(chip)),
        embed: Some(shell::lazy_embed!(chip)),
    },
    Chapter {
        number: Some(2),
        slug: "hierarchy",
        title: hierarchy::text::TITLE,
        summary: text::HIERARCHY_SUMMARY,
        page: Some(shell::lazy_page!(hierarchy)),
        embed: Some(shell::lazy_embed!(hierarchy)),
    },
    Chapter {
        number: Some(3),
        slug: "occupancy",
        title: occupancy::text::TITLE,
        summary: text::OCCUPANCY_SUMMARY,
        page: Some(shell::lazy_page!(occupancy)),
        embed: Some(shell::lazy_embed!(occupancy)),
    },
    Chapter {
        number: Some(4),
        slug: "dispatch",
        title: dispatch::text::TITLE,
        summary: text::DISPATCH_SUMMARY,
        page: Some(shell::lazy_page!(dispatch)),
        embed: Some(shell::lazy_embed!(dispatch)),
    },
    Chapter {
        number: Some(5),
        slug: "scheduling",
        title: scheduling::text::TITLE,
        summary: text::SCHEDULING_SUMMARY,
        page: Some(shell::lazy_page!(scheduling)),
        embed: Some(shell::lazy_embed!(scheduling)),
    },
    Chapter {
        number: Some(6),
        slug: "divergence",
        title: divergence::text::TITLE,
        summary: text::DIVERGENCE_SUMMARY,
        page: Some(shell::lazy_page!(divergence)),
        embed: Some(shell::lazy_embed!(divergence)),
    },
    Chapter {
        number: Some(7),
        slug: "coalescing",
        title: coalescing::text::TITLE,
        summary: text::COALESCING_SUMMARY,
        page: Some(shell::lazy_page!(coalescing)),
        embed: Some(shell::lazy_embed!(coalescing)),
    },
    Chapter {
        number: Some(8),
        slug: "bank-conflicts",
        title: bank_conflicts::text::TITLE,
        summary: text::BANK_CONFLICTS_SUMMARY,
        page: Some(shell::lazy_page!(bank_conflicts)),
        embed: Some(shell::lazy_embed!(bank_conflicts)),
    },
    Chapter {
        number: Some(9),
        slug: "tensor-cores",
        title: tensor_cores::text::TITLE,
        summary: text::TENSOR_CORES_SUMMARY,
        page: Some(shell::lazy_page!(tensor_cores)),
        embed: Some(shell::lazy_embed!(tensor_cores)),
    },
    Chapter {
        number: Some(10),
        slug: "tensor-core-generations",
        title: tensor_core_generations::text::TITLE,
        summary: text::TENSOR_CORE_GENERATIONS_SUMMARY,
        page: Some(shell::lazy_page!(tensor_core_generations)),
        embed: Some(shell::lazy_embed!(tensor_core_generations)),
    },
    Chapter {
        number: Some(11),
        slug: "roofline",
        title: roofline::text::TITLE,
        summary: text::ROOFLINE_SUMMARY,
        page: Some(shell::lazy_page!(roofline)),
        embed: Some(shell::lazy_embed!(roofline)),
    },
    Chapter {
        number: None,
        slug: "lab",
        title: text::LAB_TITLE,
        summary: text::LAB_SUMMARY,
        page: Some(shell::lazy_page!(lab)),
        embed: Some(shell::lazy_embed!(lab)),
    },
    Chapter {
        number: None,
        slug: "quiz",
        title: text::QUIZ_TITLE,
        summary: text::QUIZ_SUMMARY,
        page: Some(shell::lazy_page!(quiz)),
        embed: None,
    },
    Chapter {
        number: None,
        slug: "glossary",
        title: text::GLOSSARY_TITLE,
        summary: text::GLOSSARY_SUMMARY,
        page: Some(shell::lazy_page!(glossary)),
        embed: None,
    },
];

/// The classroom page (`/classroom`), loaded lazily like a chapter: the projector, presenter,
/// lesson editor and the built-in lesson are in split module `classroom`.
pub fn classroom_page() -> AnyView {
    #[::leptos::wasm_split::wasm_split(classroom, wasm_split_path = ::leptos::wasm_split)]
    fn page() -> AnyView {
        view! { <crate::ui::classroom::ClassroomPage/> }.into_any()
    }
    shell::suspended(page())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::chapters::tests::READERS;

    #[test]
    fn slugs_are_unique_url_safe() {
        for (i, c) in ALL.iter().enumerate() {
            assert!(c
                .slug
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch == '-'));
            assert!(ALL[i + 1..].iter().all(|d| d.slug != c.slug), "{}", c.slug);
        }
    }

    #[test]
    fn every_chapter_has_a_query_reader_under_test() {
        let with_body = ALL.iter().filter(|c| c.embed.is_some()).count();
        assert_eq!(READERS.len(), with_body);
        for (slug, _) in READERS {
            assert!(
                ALL.iter().any(|c| c.slug == *slug && c.embed.is_some()),
                "{slug}"
            );
        }
    }
}
