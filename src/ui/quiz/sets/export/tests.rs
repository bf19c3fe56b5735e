//! Tests of the parent module.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;
use crate::model::quiz::set::SetItem;
use crate::model::quiz::{Kind, REAL_TOLERANCE};
use std::process::Command;

/// A set with every kind once (choices, masks, reals with `whole`, counts) and two course
/// questions.
fn every_kind() -> QuestionSet {
    QuestionSet {
        title: "All: <kinds> & \"more\"".into(),
        salt: 31,
        seeding: Seeding::Fixed,
        exam: false,
        items: Kind::ALL
            .iter()
            .map(|&kind| SetItem::Generated { kind, count: 1 })
            .chain(
                ["000-6-5", "001-11-1"]
                    .iter()
                    .map(|id| SetItem::Course { id: id.to_string() }),
            )
            .collect(),
    }
}

/// A set with one variant per student exports `variants` variants of each generated
/// question (distinct seeds, each the set of the student "variant v"), a course question
/// once, each question's variants in a category of its own; a set with fixed seeds ignores
/// the count.
#[test]
fn per_student_sets_export_variants_by_question() {
    let mut set = every_kind();
    let fixed = qti_files(&set, Lang::En, 7);
    assert_eq!(fixed.len(), set.len() + 1);
    set.seeding = Seeding::PerStudent;
    let files = qti_files(&set, Lang::En, 3);
    let generated = Kind::ALL.len();
    assert_eq!(files.len(), 1 + 3 * generated + 2);
    assert!(files.iter().any(|(p, _)| p == "items/q01v03.xml"));
    assert!(files
        .iter()
        .any(|(p, _)| p == &format!("items/q{:02}.xml", generated + 1)));
    let student = set.questions(&variant_student(2));
    let SetQuestion::Generated { seed, .. } = student[0] else {
        panic!("first question is generated")
    };
    let (_, v2) = &files[2];
    assert!(v2.contains(&format!("seed {seed}")), "{v2}");
    let m = moodle_xml(&set, Lang::En, 3);
    assert!(m.contains("$course$/warpscope/All: &lt;kinds&gt; &amp; &quot;more&quot;/Q1<"));
    assert_eq!(
        m.matches("<question type=\"category\">").count(),
        1 + generated + 2
    );
    assert_eq!(
        m.matches("<question type=\"cloze\">").count(),
        3 * generated
    );
    let g = gift(&set, Lang::En, 3);
    assert_eq!(g.matches("$CATEGORY:").count(), generated + 2);
    assert!(g.contains("::Q1 · v3 · "));
    assert_eq!(qti_files(&set, Lang::En, 999).len(), 1 + 20 * generated + 2);
    assert_eq!(qti_files(&set, Lang::En, 0).len(), 1 + generated + 2);
}

#[test]
fn gift_escapes_its_special_characters() {
    assert_eq!(
        gift_escape("a=b {c} ~d #e: \\"),
        "a\\=b \\{c\\} \\~d \\#e\\: \\\\"
    );
    // A code listing keeps its lines inside the question (no blank line ends it early).
    assert_eq!(gift_escape("a\r\n\nb"), "a&\\#10;&\\#10;b");
}

#[test]
fn tolerances_are_written_at_six_significant_digits_rounded_up() {
    assert_eq!(super::tolerance(0.491_673_600_000_000_04), "0.491674");
    assert_eq!(super::tolerance(3.910_447_761_194_029_6), "3.91045");
    assert_eq!(super::tolerance(0.5), "0.5");
    assert_eq!(super::tolerance(1_459.2), "1459.2");
    assert_eq!(super::tolerance(1_234_567.0), "1234570");
    assert_eq!(super::tolerance(0.0), "0");
    assert_eq!(super::tolerance(f64::NAN), "0");
}

#[test]
fn tolerances_follow_the_quiz() {
    let set = every_kind();
    let g = gift(&set, Lang::En, 1);
    // Reals: ±1 % written as an absolute GIFT tolerance; the quiz's constant.
    assert!((REAL_TOLERANCE - 0.01).abs() < 1e-12);
    assert!(g.contains("{#="), "whole-number reals list the neighbours");
    assert!(g.contains(":0}"), "counts are exact");
    let m = moodle_xml(&set, Lang::En, 1);
    assert!(m.contains("{1:NUMERICAL:="));
    assert!(m.contains("{1:MULTICHOICE:"));
    assert!(m.contains("{1:SHORTANSWER:=0x"));
    assert!(m.contains("<graderinfo"));
}

/// Runs `tool args…` on `path`; the tool must be installed (scripts/setup.sh installs it).
fn check(tool: &str, args: &[&str], path: &std::path::Path) -> String {
    let out = Command::new(tool)
        .args(args)
        .arg(path)
        .output()
        .unwrap_or_else(|e| panic!("{tool} not found ({e}): run scripts/setup.sh"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{tool} {path:?}: {text}");
    text
}

/// The three exports in both languages: Moodle XML and every QTI file are well-formed XML
/// (`xmllint`, libxml2), the QTI zip tests clean with `unzip -t` and lists the manifest and
/// one item per question. GIFT is parsed by gift-pegjs in the browser tests
/// (tests/e2e/quiz-sets.test.mjs).
#[test]
fn exports_pass_xmllint_and_unzip() {
    let dir = std::env::temp_dir().join(format!("warpscope-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let set = every_kind();
    for lang in [Lang::En, Lang::Zh] {
        let moodle = dir.join(format!("moodle-{}.xml", lang.tag()));
        std::fs::write(&moodle, moodle_xml(&set, lang, 1)).expect("write");
        check("xmllint", &["--noout"], &moodle);
        let files = qti_files(&set, lang, 1);
        assert_eq!(files.len(), set.len() + 1);
        for (path, text) in &files {
            let p = dir.join(path.replace('/', "_"));
            std::fs::write(&p, text).expect("write");
            check("xmllint", &["--noout"], &p);
        }
        let zip = dir.join(format!("qti-{}.zip", lang.tag()));
        std::fs::write(&zip, qti_zip(&set, lang, 1)).expect("write");
        let listing = check("unzip", &["-t"], &zip);
        assert!(listing.contains("No errors detected"), "{listing}");
        assert!(listing.contains("imsmanifest.xml"));
        assert_eq!(listing.matches("items/q").count(), set.len());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
