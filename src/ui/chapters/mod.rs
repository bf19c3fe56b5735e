//! The one list of chapters. The home page, the nav, the router and the browser tests all
//! read [`ALL`].

use leptos::prelude::*;

use crate::ui::i18n::Tr;
use crate::ui::quiz;
use crate::ui::shell;

pub mod bank_conflicts;
pub mod chip;
pub mod coalescing;
pub mod dispatch;
pub mod divergence;
pub mod hierarchy;
pub mod home;
pub mod occupancy;
pub mod roofline;
pub mod scheduling;
pub mod tensor_core_generations;
pub mod tensor_cores;
mod text;

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
    /// The page: [`shell::frame`] over the chapter's body, or `None` while it is being written.
    pub page: Option<fn(&'static Chapter) -> AnyView>,
    /// The body alone, bound to a query someone else owns ([`shell::embed`]); `None` for pages
    /// that are not chapters.
    pub embed: Option<shell::EmbedFn>,
}

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
        slug: "quiz",
        title: text::QUIZ_TITLE,
        summary: text::QUIZ_SUMMARY,
        page: Some(shell::lazy_page!(quiz)),
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

    use crate::ui::shell::{ChapterBody, ChapterInputs};
    use proptest::prelude::*;

    /// Reads `query` as chapter `B` would, then reads what it wrote back: the second reading
    /// must give the same inputs with no notice.
    fn read_and_round_trip<B: ChapterBody>(query: &str) -> Result<(), String> {
        let (inputs, _) = B::Inputs::from_query(query);
        let written = inputs.to_query();
        let (again, notices) = B::Inputs::from_query(&written);
        if again != inputs || !notices.is_empty() {
            return Err(format!("{query:?} → {written:?} → notices {notices:?}"));
        }
        Ok(())
    }

    /// Reads a query, then what it wrote back.
    type Reader = fn(&str) -> Result<(), String>;

    /// Every chapter's query reader, by slug.
    const READERS: &[(&str, Reader)] = &[
        ("chip", read_and_round_trip::<chip::Page>),
        ("hierarchy", read_and_round_trip::<hierarchy::Page>),
        ("occupancy", read_and_round_trip::<occupancy::Page>),
        ("dispatch", read_and_round_trip::<dispatch::Page>),
        ("scheduling", read_and_round_trip::<scheduling::Page>),
        ("divergence", read_and_round_trip::<divergence::Page>),
        ("coalescing", read_and_round_trip::<coalescing::Page>),
        (
            "bank-conflicts",
            read_and_round_trip::<bank_conflicts::Page>,
        ),
        ("tensor-cores", read_and_round_trip::<tensor_cores::Page>),
        (
            "tensor-core-generations",
            read_and_round_trip::<tensor_core_generations::Page>,
        ),
        ("roofline", read_and_round_trip::<roofline::Page>),
    ];

    /// A chapter's question ids.
    type QuestionIds = fn() -> Vec<&'static str>;

    /// The ids of chapter `B`'s questions.
    fn question_ids<B: ChapterBody>() -> Vec<&'static str> {
        B::QUESTIONS.iter().map(|q| q.id).collect()
    }

    #[test]
    fn every_chapter_lists_the_questions_that_name_it() {
        use crate::ui::content::questions::for_chapter;
        let lists: [(&str, QuestionIds); 11] = [
            ("chip", question_ids::<chip::Page>),
            ("hierarchy", question_ids::<hierarchy::Page>),
            ("occupancy", question_ids::<occupancy::Page>),
            ("dispatch", question_ids::<dispatch::Page>),
            ("scheduling", question_ids::<scheduling::Page>),
            ("divergence", question_ids::<divergence::Page>),
            ("coalescing", question_ids::<coalescing::Page>),
            ("bank-conflicts", question_ids::<bank_conflicts::Page>),
            ("tensor-cores", question_ids::<tensor_cores::Page>),
            (
                "tensor-core-generations",
                question_ids::<tensor_core_generations::Page>,
            ),
            ("roofline", question_ids::<roofline::Page>),
        ];
        assert_eq!(lists.len(), READERS.len());
        for (slug, ids) in lists {
            let want: Vec<_> = for_chapter(slug).map(|q| q.id).collect();
            assert!(!want.is_empty(), "{slug}");
            assert_eq!(ids(), want, "{slug}");
        }
    }

    #[test]
    fn every_chapter_has_a_query_reader_under_test() {
        let with_body = ALL.iter().filter(|c| c.embed.is_some()).count();
        assert_eq!(READERS.len(), with_body);
        for (slug, _) in READERS {
            assert!(by_slug(slug).and_then(|c| c.embed).is_some(), "{slug}");
        }
    }

    /// A value a permalink might carry: numbers of every size and sign, floats, words, markup,
    /// long and empty strings, percent-escapes.
    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<i64>().prop_map(|v| v.to_string()),
            any::<u64>().prop_map(|v| v.to_string()),
            any::<f64>().prop_map(|v| v.to_string()),
            Just("1e308".to_string()),
            Just("-0".to_string()),
            Just("%3Cb%3Ex%3C/b%3E".to_string()),
            "[a-z0-9_\\-]{0,12}",
            ".{0,40}",
        ]
    }

    /// Keys the chapters read, plus strangers.
    fn key() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::sample::select(vec![
                "gpu", "threads", "regs", "smem", "dsmem", "dunit", "carveout", "y", "grid", "dur",
                "jit", "run", "arrange", "l", "k", "w", "ilp", "preset", "block", "bidx", "warp",
                "n", "seed", "order", "step", "elem", "stride", "offset", "lanes", "f", "kind",
                "prec", "src", "m", "bm", "bn", "bk", "gx", "by", "tx", "lane", "op", "kb", "frag",
                "groups", "wait",
            ])
            .prop_map(String::from),
            "[a-z%\\[\\]]{1,8}",
        ]
    }

    proptest! {
        // 100,000 generated queries, each read by every chapter (issue: "fuzz in the suite").
        #![proptest_config(ProptestConfig { cases: 100_000, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn every_chapter_reads_any_query_without_panic(
            pairs in prop::collection::vec((key(), value()), 0..6),
            raw in ".{0,60}",
            use_raw: bool,
        ) {
            let query = if use_raw {
                raw
            } else {
                pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
            };
            for (_, read) in READERS {
                // A panic fails the test; the round trip is checked separately below.
                let _ = read(&query);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2_000, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn what_a_chapter_writes_it_reads_back_unchanged(
            pairs in prop::collection::vec((key(), value()), 0..6),
        ) {
            let query = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
            for (slug, read) in READERS {
                prop_assert!(read(&query).is_ok(), "{}: {:?}", slug, read(&query));
            }
        }
    }
}
