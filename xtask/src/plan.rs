//! Which split module goes into which pack.
//!
//! The splitter writes one module per chapter (`split_<chapter>`) and one chunk per *set* of
//! chapters that share code (`chunk_<n>`, a few hundred small modules). Fetched one by one that
//! is dozens of requests per chapter, so they are packed: one `common` pack with every chunk that
//! `common_min` or more chapters use, and one pack per chapter with its own module and the chunks
//! it shares with fewer chapters (copied into each of their packs). A *standalone* chapter uses
//! no common pack: its own pack holds every chunk it needs.
//!
//! A chapter's *later* module (`<chapter>_later`: the parts its page builds after the first
//! paint, `ui::shell::after_first_paint_split`) is packed like a chapter but not counted towards
//! the common pack: the common pack is on every link's critical path, so only what the first
//! parts share goes there; a chunk only later parts share is copied into their own packs.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

/// The split graph: each chapter (split point name) and the chunks it needs, as file stems
/// (`chunk_12`), in the order the splitter instantiates them.
pub type Graph = BTreeMap<String, Vec<String>>;

/// The name of the pack of the chunks most chapters share.
pub const COMMON: &str = "common";

/// The suffix of a chapter's later module's name (`occupancy_later`).
pub const LATER_SUFFIX: &str = "_later";

/// Whether split module `name` holds a chapter's later parts (see the module docs).
pub fn is_later(name: &str) -> bool {
    name.ends_with(LATER_SUFFIX)
}

/// Whether module `name` uses no common pack: a standalone chapter, or its later module.
fn alone(standalone: &BTreeSet<String>, name: &str) -> bool {
    standalone.contains(name)
        || name
            .strip_suffix(LATER_SUFFIX)
            .is_some_and(|chapter| standalone.contains(chapter))
}

/// Where every module goes.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Plan {
    /// Pack name → the file stems of the modules merged into it (`split_<chapter>` first).
    pub packs: BTreeMap<String, Vec<String>>,
    /// Chapter → the packs it instantiates, in order (`common` first where it uses it).
    pub needs: BTreeMap<String, Vec<String>>,
    /// Chunk stem → its number in the pack headers: chunks numbered anew, those of the same
    /// chapters next to each other.
    pub chunk_ids: BTreeMap<String, usize>,
    /// Chapter → its later module (`occupancy` → `occupancy_later`), for every chapter that has
    /// one: the site's pages and loader read the pairing here, never the names' suffix.
    pub later: BTreeMap<String, String>,
}

/// The packs of `graph`: a chunk used by `common_min` or more chapters that are not in
/// `standalone` and not later modules goes to the common pack (and into each standalone user's
/// pack); any other chunk into each of its users' packs.
pub fn plan(graph: &Graph, common_min: usize, standalone: &BTreeSet<String>) -> Plan {
    let mut users: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (chapter, chunks) in graph {
        for chunk in chunks {
            users.entry(chunk).or_default().push(chapter);
        }
    }
    let mut packs: BTreeMap<String, Vec<String>> = graph
        .keys()
        .map(|c| (c.clone(), vec![format!("split_{c}")]))
        .collect();
    let mut common = BTreeSet::new();
    for (&chunk, chapters) in &users {
        let shared = chapters
            .iter()
            .filter(|c| !alone(standalone, c) && !is_later(c))
            .count();
        let into: Vec<&str> = if shared >= common_min {
            common.insert(chunk);
            packs.entry(COMMON.into()).or_default().push(chunk.into());
            chapters
                .iter()
                .copied()
                .filter(|c| alone(standalone, c))
                .collect()
        } else {
            chapters.clone()
        };
        for c in into {
            packs.entry(c.into()).or_default().push(chunk.into());
        }
    }
    let needs = graph
        .iter()
        .map(|(chapter, chunks)| {
            let uses_common =
                !alone(standalone, chapter) && chunks.iter().any(|c| common.contains(c.as_str()));
            let mut n = Vec::new();
            if uses_common {
                n.push(COMMON.to_string());
            }
            n.push(chapter.clone());
            (chapter.clone(), n)
        })
        .collect();
    // Numbered by the set of chapters that use them (the most used first).
    let mut order: Vec<(&str, Vec<bool>)> = users
        .iter()
        .map(|(&chunk, chapters)| {
            let key = graph
                .keys()
                .map(|c| chapters.contains(&c.as_str()))
                .collect();
            (chunk, key)
        })
        .collect();
    order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let chunk_ids = order
        .into_iter()
        .enumerate()
        .map(|(i, (chunk, _))| (chunk.to_string(), i))
        .collect();
    let later = graph
        .keys()
        .filter_map(|m| {
            let chapter = m.strip_suffix(LATER_SUFFIX)?;
            graph
                .contains_key(chapter)
                .then(|| (chapter.to_string(), m.clone()))
        })
        .collect();
    Plan {
        packs,
        needs,
        chunk_ids,
        later,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(rows: &[(&str, &[&str])]) -> Graph {
        rows.iter()
            .map(|(c, chunks)| {
                (
                    c.to_string(),
                    chunks.iter().map(|s| s.to_string()).collect(),
                )
            })
            .collect()
    }
    fn set(xs: &[&str]) -> BTreeSet<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }
    fn strings(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn chunks_of_many_chapters_go_to_the_common_pack_others_are_copied() {
        let g = graph(&[
            ("a", &["chunk_1", "chunk_2"]),
            ("b", &["chunk_1", "chunk_2", "chunk_3"]),
            ("c", &["chunk_1", "chunk_3"]),
        ]);
        let p = plan(&g, 3, &set(&[]));
        assert_eq!(p.packs["common"], strings(&["chunk_1"]));
        assert_eq!(p.packs["a"], strings(&["split_a", "chunk_2"]));
        assert_eq!(p.packs["b"], strings(&["split_b", "chunk_2", "chunk_3"]));
        assert_eq!(p.packs["c"], strings(&["split_c", "chunk_3"]));
        assert_eq!(p.needs["a"], strings(&["common", "a"]));
    }

    #[test]
    fn a_standalone_chapter_holds_every_chunk_it_needs_and_does_not_count() {
        let g = graph(&[
            ("a", &["chunk_1"]),
            ("b", &["chunk_1", "chunk_2"]),
            ("quiz", &["chunk_1", "chunk_2"]),
        ]);
        let p = plan(&g, 2, &set(&["quiz"]));
        // chunk_1: two chapters besides the quiz → common, and copied into the quiz's pack.
        assert_eq!(p.packs["common"], strings(&["chunk_1"]));
        assert_eq!(
            p.packs["quiz"],
            strings(&["split_quiz", "chunk_1", "chunk_2"])
        );
        // chunk_2: one chapter besides the quiz → copied.
        assert_eq!(p.packs["b"], strings(&["split_b", "chunk_2"]));
        assert_eq!(p.needs["quiz"], strings(&["quiz"]));
        assert_eq!(p.needs["b"], strings(&["common", "b"]));
    }

    #[test]
    fn later_modules_do_not_count_towards_the_common_pack() {
        let g = graph(&[
            ("a", &["chunk_1", "chunk_2"]),
            ("a_later", &["chunk_1", "chunk_2", "chunk_3"]),
            ("b", &["chunk_1"]),
            ("b_later", &["chunk_2", "chunk_3"]),
        ]);
        let p = plan(&g, 2, &set(&[]));
        // chunk_1: two first modules → common, which a_later uses too.
        assert_eq!(p.packs["common"], strings(&["chunk_1"]));
        // chunk_2: one first module and two later ones → copied, not common.
        assert_eq!(p.packs["a"], strings(&["split_a", "chunk_2"]));
        assert_eq!(
            p.packs["a_later"],
            strings(&["split_a_later", "chunk_2", "chunk_3"])
        );
        assert_eq!(
            p.packs["b_later"],
            strings(&["split_b_later", "chunk_2", "chunk_3"])
        );
        assert_eq!(p.needs["a_later"], strings(&["common", "a_later"]));
        assert_eq!(p.needs["b_later"], strings(&["b_later"]));
        assert_eq!(
            p.later,
            BTreeMap::from([
                ("a".to_string(), "a_later".to_string()),
                ("b".to_string(), "b_later".to_string())
            ])
        );
    }

    #[test]
    fn a_standalone_chapters_later_module_is_standalone_too() {
        let g = graph(&[
            ("a", &["chunk_1"]),
            ("b", &["chunk_1"]),
            ("lab", &["chunk_2"]),
            ("lab_later", &["chunk_1", "chunk_2"]),
        ]);
        let p = plan(&g, 2, &set(&["lab"]));
        assert_eq!(p.packs["common"], strings(&["chunk_1"]));
        assert_eq!(
            p.packs["lab_later"],
            strings(&["split_lab_later", "chunk_1", "chunk_2"])
        );
        assert_eq!(p.needs["lab_later"], strings(&["lab_later"]));
    }

    #[test]
    fn a_chapter_of_no_common_chunk_needs_only_its_pack() {
        let g = graph(&[("a", &["chunk_1"]), ("b", &["chunk_1"]), ("c", &[])]);
        let p = plan(&g, 2, &set(&[]));
        assert_eq!(p.needs["c"], strings(&["c"]));
        assert_eq!(p.packs["c"], strings(&["split_c"]));
    }

    #[test]
    fn every_chunk_has_one_number_and_every_module_is_in_a_pack() {
        let g = graph(&[
            ("a", &["chunk_9", "chunk_10"]),
            ("b", &["chunk_10", "chunk_11"]),
        ]);
        let p = plan(&g, 2, &set(&[]));
        let mut ids: Vec<usize> = p.chunk_ids.values().copied().collect();
        ids.sort();
        assert_eq!(ids, vec![0, 1, 2]);
        // The chunk both use first.
        assert_eq!(p.chunk_ids["chunk_10"], 0);
        for (chapter, chunks) in &g {
            let held: BTreeSet<&String> = p.needs[chapter]
                .iter()
                .flat_map(|pack| &p.packs[pack])
                .collect();
            for c in chunks {
                assert!(held.contains(c), "{chapter} lacks {c}");
            }
        }
    }
}
