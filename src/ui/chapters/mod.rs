//! The chapters: one folder each (its inputs, state, views and text), each a page of the
//! registry (`ui::app::registry`). A chapter imports nothing of another chapter: what two
//! chapters share lives below them (`ui::shared`, `ui::widgets`, the model).

pub mod bank_conflicts;
pub mod chip;
pub mod coalescing;
pub mod dispatch;
pub mod divergence;
pub mod hierarchy;
pub mod occupancy;
pub mod roofline;
pub mod scheduling;
pub mod tensor_core_generations;
pub mod tensor_cores;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

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
    pub(crate) type Reader = fn(&str) -> Result<(), String>;

    /// Every chapter's query reader, by slug.
    pub(crate) const READERS: &[(&str, Reader)] = &[
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
        // Not a chapter, but a page a lesson step can show (it reads the same kind of link).
        ("lab", read_and_round_trip::<crate::ui::lab::Page>),
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
        // Every reader but the lab's (a tool page without course questions) is a chapter's.
        assert_eq!(lists.len(), READERS.len() - 1);
        for (slug, ids) in lists {
            let want: Vec<_> = for_chapter(slug).map(|q| q.id).collect();
            assert!(!want.is_empty(), "{slug}");
            assert_eq!(ids(), want, "{slug}");
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

    /// Every page's URL table ([`crate::ui::url::keys`]), by slug: the keys it reads.
    pub(crate) const KEY_TABLES: &[(&str, &[&[&str]])] = {
        use crate::ui::url::keys::*;
        &[
            ("chip", &[chip::ALL]),
            ("hierarchy", &[hierarchy::ALL]),
            ("occupancy", &[launch::ALL]),
            ("dispatch", &[launch::ALL, dispatch::ALL]),
            ("scheduling", &[scheduling::ALL]),
            ("divergence", &[divergence::ALL]),
            ("coalescing", &[access::ALL]),
            ("bank-conflicts", &[access::ALL]),
            ("tensor-cores", &[tensor_cores::ALL]),
            ("tensor-core-generations", &[tensor_core_generations::ALL]),
            ("roofline", &[roofline::ALL]),
            ("lab", &[lab::ALL]),
        ]
    };

    /// The keys page `slug` reads (its tables joined); empty for an unknown slug.
    pub(crate) fn table_of(slug: &str) -> Vec<&'static str> {
        KEY_TABLES
            .iter()
            .find(|(s, _)| *s == slug)
            .map(|(_, t)| t.concat())
            .unwrap_or_default()
    }

    /// The keys of the notices chapter `B` raises for unknown keys reading `query`.
    fn unknown_keys<B: ChapterBody>(query: &str) -> Vec<String> {
        let (_, notices) = B::Inputs::from_query(query);
        notices
            .into_iter()
            .filter_map(|n| match n {
                crate::ui::url::Notice::UnknownKey { key } => Some(key),
                _ => None,
            })
            .collect()
    }

    /// Reads a query, returns the keys it raised as unknown.
    type UnknownKeys = fn(&str) -> Vec<String>;

    /// Every key of a page's table is one the page reads (no "unknown key" notice).
    #[test]
    fn every_key_in_a_table_is_read_by_its_page() {
        let pages: [(&str, UnknownKeys); 12] = [
            ("chip", unknown_keys::<chip::Page>),
            ("hierarchy", unknown_keys::<hierarchy::Page>),
            ("occupancy", unknown_keys::<occupancy::Page>),
            ("dispatch", unknown_keys::<dispatch::Page>),
            ("scheduling", unknown_keys::<scheduling::Page>),
            ("divergence", unknown_keys::<divergence::Page>),
            ("coalescing", unknown_keys::<coalescing::Page>),
            ("bank-conflicts", unknown_keys::<bank_conflicts::Page>),
            ("tensor-cores", unknown_keys::<tensor_cores::Page>),
            (
                "tensor-core-generations",
                unknown_keys::<tensor_core_generations::Page>,
            ),
            ("roofline", unknown_keys::<roofline::Page>),
            ("lab", unknown_keys::<crate::ui::lab::Page>),
        ];
        assert_eq!(pages.len(), KEY_TABLES.len());
        assert_eq!(pages.len(), READERS.len());
        for (slug, unknown) in pages {
            let table = table_of(slug);
            assert!(!table.is_empty(), "{slug}");
            let query = table
                .iter()
                .map(|k| format!("{k}=1"))
                .collect::<Vec<_>>()
                .join("&");
            assert_eq!(unknown(&query), Vec::<String>::new(), "{slug}");
            assert_eq!(unknown("zz=1"), vec!["zz".to_string()], "{slug}");
        }
    }

    /// Every key a chapter's `to_query` can write is in its table, in the table's order, and
    /// every key of the table is one it writes (its inputs' fields are the keys).
    #[test]
    fn every_key_written_is_in_the_table() {
        use crate::ui::url::{field_keys, keys};
        let written: [(&str, Vec<&str>, &[&str]); 10] = [
            (
                "chip",
                field_keys(&chip::state::ChipInputs::default()),
                keys::chip::ALL,
            ),
            (
                "hierarchy",
                field_keys(&hierarchy::state::HierarchyInputs::default()),
                keys::hierarchy::ALL,
            ),
            (
                "occupancy",
                field_keys(&occupancy::state::OccInputs::default()),
                keys::launch::ALL,
            ),
            (
                "dispatch",
                [
                    field_keys(&dispatch::state::GridInputs::default()),
                    field_keys(&dispatch::state::ReplayInputs::default()),
                    vec![keys::dispatch::EVENT],
                ]
                .concat(),
                keys::dispatch::ALL,
            ),
            (
                "scheduling",
                field_keys(&scheduling::state::SchedulingInputs::default()),
                keys::scheduling::ALL,
            ),
            (
                "divergence",
                field_keys(&divergence::state::DivergenceInputs::default()),
                keys::divergence::ALL,
            ),
            (
                "coalescing",
                field_keys(&*<coalescing::Page as ChapterBody>::Inputs::from_query("").0),
                keys::access::ALL,
            ),
            (
                "tensor-cores",
                field_keys(&tensor_cores::state::TcInputs::default()),
                keys::tensor_cores::ALL,
            ),
            (
                "tensor-core-generations",
                field_keys(&tensor_core_generations::state::GenInputs::default()),
                keys::tensor_core_generations::ALL,
            ),
            (
                "roofline",
                field_keys(&roofline::state::RooflineInputs::default()),
                keys::roofline::ALL,
            ),
        ];
        for (slug, fields, table) in written {
            assert_eq!(fields, table, "{slug}");
        }
    }

    /// Keys the chapters read (every page's table, two of the lab's arguments), plus strangers.
    fn key() -> impl Strategy<Value = String> {
        let mut known: Vec<String> = KEY_TABLES
            .iter()
            .flat_map(|(_, t)| t.concat())
            .map(String::from)
            .collect();
        known.sort();
        known.dedup();
        known.extend(["a.n".to_string(), "a.x".to_string()]);
        prop_oneof![prop::sample::select(known), "[a-z%\\[\\]]{1,8}",]
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
