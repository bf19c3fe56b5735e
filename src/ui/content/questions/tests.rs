//! Tests of the parent module.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;
use crate::ui::app::registry::ALL;

#[test]
fn ids_are_unique() {
    for (i, q) in BANK.iter().enumerate() {
        assert!(
            BANK[i + 1..].iter().all(|r| r.id != q.id),
            "duplicate id {}",
            q.id
        );
    }
}

#[test]
fn ids_follow_the_source() {
    for q in BANK {
        match q.source {
            Source::Course {
                course,
                section,
                number,
            } => {
                assert_eq!(q.id, format!("{}-{section}-{number}", course.id()))
            }
            Source::Warpscope { .. } => assert!(q.id.starts_with("ws-"), "{}", q.id),
        }
    }
}

#[test]
fn every_question_is_shown_by_a_real_chapter() {
    for q in BANK {
        assert!(!q.chapters.is_empty(), "{} is shown by no chapter", q.id);
        for slug in q.chapters {
            let chapter = ALL.iter().find(|c| c.slug == *slug);
            assert!(
                chapter.is_some_and(|c| c.page.is_some()),
                "{}: no chapter {slug}",
                q.id
            );
        }
        assert!(q
            .chapters
            .iter()
            .all(|s| for_chapter(s).any(|r| r.id == q.id)));
    }
}

#[test]
fn all_course_questions_are_there_once() {
    let expected = (1..=13)
        .map(|n| (Course::A100ChipToSimt, 6, n))
        .chain((1..=5).map(|n| (Course::KernelHardwareRoofline, 11, n)));
    let mut count = 0;
    for (course, section, number) in expected {
        let found = BANK
            .iter()
            .filter(|q| {
                q.source
                    == Source::Course {
                        course,
                        section,
                        number,
                    }
            })
            .count();
        assert_eq!(found, 1, "{} §{section} Q{number}", course.id());
        count += 1;
    }
    let course_questions = BANK
        .iter()
        .filter(|q| matches!(q.source, Source::Course { .. }));
    assert_eq!(course_questions.count(), count);
    assert_eq!(count, 18);
}

#[test]
fn sources_read_the_same_everywhere() {
    assert_eq!(
        source_text(course000(5), Lang::En),
        "NVIDIA A100: from chip to SIMT, §6 Q5"
    );
    assert_eq!(
        source_text(course000(5), Lang::Zh),
        "《NVIDIA A100：从芯片到 SIMT》§6 第 5 题"
    );
    assert_eq!(
        source_text(course001(2), Lang::Zh),
        "《GPU Kernel 工程 1：硬件与 Roofline》§11 第 2 题"
    );
    let ids: Vec<_> = for_chapter("occupancy").map(|q| q.id).collect();
    assert_eq!(ids, ["000-6-3", "000-6-5", "001-11-2"]);
}
