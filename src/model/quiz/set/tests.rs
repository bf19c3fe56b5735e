//! Question sets: codes, seeds per student, limits and regrading.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;
use proptest::prelude::*;

fn sample(seeding: Seeding) -> QuestionSet {
    QuestionSet {
        title: "Week 3".into(),
        salt: 77,
        seeding,
        exam: false,
        items: vec![
            SetItem::Generated {
                kind: Kind::CoalescingSectors,
                count: 3,
            },
            SetItem::Course {
                id: "000-6-5".into(),
            },
            SetItem::Generated {
                kind: Kind::OccupancyBlocks,
                count: 2,
            },
        ],
    }
}

#[test]
fn fixed_seeds_ignore_the_name_and_per_student_seeds_follow_it() {
    let fixed = sample(Seeding::Fixed);
    assert_eq!(fixed.questions("Ada"), fixed.questions("Bo"));
    assert_eq!(fixed.questions("Ada").len(), 6);
    let per = sample(Seeding::PerStudent);
    assert_ne!(per.questions("Ada"), per.questions("Bo"));
    assert_eq!(per.questions("  ADA "), per.questions("ada"));
    // Another salt, other questions.
    let other = QuestionSet {
        salt: 78,
        ..fixed.clone()
    };
    assert_ne!(other.questions(""), fixed.questions(""));
    // The course question keeps its place.
    assert_eq!(
        fixed.questions("")[3],
        SetQuestion::Course {
            id: "000-6-5".into()
        }
    );
}

#[test]
fn no_question_repeats_inside_a_set_over_many_salts() {
    for salt in 0..300 {
        let set = QuestionSet {
            title: String::new(),
            salt,
            seeding: Seeding::Fixed,
            exam: true,
            items: vec![SetItem::Generated {
                kind: Kind::DispatchWaves,
                count: MAX_PER_KIND,
            }],
        };
        let params: Vec<_> = set
            .questions("")
            .into_iter()
            .map(|q| match q {
                SetQuestion::Generated { kind, seed } => {
                    generate(kind, seed).expect("question").params
                }
                SetQuestion::Course { .. } => unreachable!(),
            })
            .collect();
        for (i, p) in params.iter().enumerate() {
            assert!(!params[i + 1..].contains(p), "salt {salt}");
        }
    }
}

#[test]
fn validate_bounds() {
    assert_eq!(sample(Seeding::Fixed).validate(), Ok(()));
    let mut s = sample(Seeding::Fixed);
    s.items.clear();
    assert_eq!(s.validate(), Err(SetError::Empty));
    let mut s = sample(Seeding::Fixed);
    s.items[0] = SetItem::Generated {
        kind: Kind::ChipFp32,
        count: 0,
    };
    assert_eq!(s.validate(), Err(SetError::BadCount(Kind::ChipFp32)));
    let mut s = sample(Seeding::Fixed);
    s.items = vec![
        SetItem::Generated {
            kind: Kind::ChipFp32,
            count: MAX_PER_KIND,
        };
        4
    ];
    assert_eq!(s.validate(), Err(SetError::TooManyQuestions));
    let mut s = sample(Seeding::Fixed);
    s.items[1] = SetItem::Course { id: "<b>".into() };
    assert_eq!(s.validate(), Err(SetError::BadCourseId));
    let mut s = sample(Seeding::Fixed);
    s.title = "x".repeat(MAX_TITLE_CHARS + 1);
    assert_eq!(s.validate(), Err(SetError::TitleTooLong));
}

/// The answers of `student` that the model computes: every field right.
fn right_answers(set: &QuestionSet, student: &str) -> Vec<Vec<String>> {
    set.questions(student)
        .into_iter()
        .map(|q| match q {
            SetQuestion::Generated { kind, seed } => generate(kind, seed)
                .expect("question")
                .parts
                .iter()
                .map(|p| match &p.answer {
                    super::super::Answer::Real { value, .. } => format!("{value}"),
                    a => a.text(),
                })
                .collect(),
            SetQuestion::Course { .. } => vec!["because".to_string()],
        })
        .collect()
}

#[test]
fn regrade_scores_right_and_wrong_and_summarise_counts() {
    let set = sample(Seeding::PerStudent);
    let ada = regrade(&set, "Ada", &right_answers(&set, "Ada"));
    assert_eq!((ada.correct, ada.scored), (5, 5));
    assert_eq!(
        ada.grades[3],
        QuestionGrade::Open {
            id: "000-6-5".into(),
            text: "because".into()
        }
    );
    // Bo answers Ada's questions: right only where the two variants agree.
    let bo = regrade(&set, "Bo", &right_answers(&set, "Ada"));
    assert!(bo.correct < 5);
    // Nothing answered: all wrong, no panic.
    let cy = regrade(&set, "Cy", &[]);
    assert_eq!((cy.correct, cy.scored), (0, 5));
    let sum = summarise(&set, &[ada.clone(), bo.clone(), cy]);
    assert_eq!(sum.per_question.len(), 6);
    assert!(sum.per_question[3].is_none());
    let q0 = sum.per_question[0].as_ref().expect("tally");
    assert_eq!(q0.answered, 3);
    assert!(q0.correct >= 1);
    let (k, t) = &sum.per_kind[0];
    assert_eq!(*k, Kind::CoalescingSectors);
    assert_eq!(t.answered, 9);
    assert_eq!(sum.scores[0], ("Ada".to_string(), 5, 5));
}

#[test]
fn a_known_mistake_is_counted() {
    // Coalescing: answering the 128-byte line count as sectors is diagnosed when it differs.
    let set = QuestionSet {
        title: String::new(),
        salt: 5,
        seeding: Seeding::Fixed,
        exam: false,
        items: vec![SetItem::Generated {
            kind: Kind::CoalescingSectors,
            count: 10,
        }],
    };
    let answers: Vec<Vec<String>> = set
        .questions("")
        .into_iter()
        .map(|q| match q {
            SetQuestion::Generated { kind, seed } => {
                let q = generate(kind, seed).expect("question");
                let lines = q.parts[0]
                    .mistakes
                    .iter()
                    .find(|(m, _)| *m == Mistake::LinesNotSectors)
                    .map(|(_, v)| format!("{v}"))
                    .unwrap_or_else(|| q.parts[0].answer.text());
                vec![lines, q.parts[1].answer.text()]
            }
            SetQuestion::Course { .. } => vec![],
        })
        .collect();
    let r = regrade(&set, "x", &answers);
    let sum = summarise(&set, &[r]);
    let t = &sum.per_kind[0].1;
    let lines = t
        .mistakes
        .iter()
        .find(|c| c.mistake == Mistake::LinesNotSectors)
        .map_or(0, |c| c.count);
    assert!(lines > 0, "{t:?}");
    assert_eq!(lines + t.correct, 10);
}

proptest! {
    #[test]
    fn any_answers_never_panic(student in ".{0,40}", answers in proptest::collection::vec(proptest::collection::vec(".{0,12}", 0..4), 0..8)) {
        let set = sample(Seeding::PerStudent);
        let r = regrade(&set, &student, &answers);
        prop_assert_eq!(r.grades.len(), 6);
        prop_assert!(r.correct <= r.scored);
        let s = summarise(&set, &[r]);
        prop_assert_eq!(s.scores.len(), 1);
    }

    #[test]
    fn normalising_is_idempotent(name in ".{0,100}") {
        let n = normalise_student(&name);
        prop_assert_eq!(normalise_student(&n), n.clone());
        prop_assert_eq!(student_key(&name), student_key(&n));
    }
}
