//! Grading many answers files at once, and the gradebook CSV. Pure: the page reads the files
//! ([`super::results_view`]) and hands their bytes here.
//!
//! Every file is read with [`read_answers`] (a bad one is set aside with its reason, the others
//! are still graded) and graded again from the set and the student's name
//! ([`regrade`]): the verdicts a file carries are never read, so editing them changes nothing.
//! A second file of a student already graded is set aside too.

use crate::model::quiz::set::{
    normalise_student, regrade, QuestionGrade, QuestionSet, StudentResult,
};

use super::codec::{read_answers, AnswersFile, FileError};

/// Most files graded in one go (a large class; the page says so past it).
pub const MAX_FILES: usize = 500;

/// A file that was graded.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    /// The file's name as dropped.
    pub file_name: String,
    /// What it held.
    pub file: AnswersFile,
    /// The regraded result.
    pub result: StudentResult,
}

/// A file that was not graded, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Rejected {
    /// The file's name as dropped.
    pub file_name: String,
    /// Why.
    pub error: FileError,
}

/// Grades `files` (`(name, bytes)`) against `set`, in the order given; files beyond
/// [`MAX_FILES`] are rejected as [`FileError::TooMuch`].
pub fn grade_files(set: &QuestionSet, files: &[(String, Vec<u8>)]) -> (Vec<Graded>, Vec<Rejected>) {
    let mut graded: Vec<Graded> = Vec::new();
    let mut rejected = Vec::new();
    for (i, (name, bytes)) in files.iter().enumerate() {
        if i >= MAX_FILES {
            rejected.push(Rejected {
                file_name: name.clone(),
                error: FileError::TooMuch,
            });
            continue;
        }
        match read_answers(bytes, set) {
            Ok(file) => {
                let who = normalise_student(&file.student);
                if let Some(g) = graded
                    .iter()
                    .find(|g| normalise_student(&g.file.student) == who)
                {
                    rejected.push(Rejected {
                        file_name: name.clone(),
                        error: FileError::Duplicate(g.file_name.clone()),
                    });
                    continue;
                }
                let result = regrade(set, &file.student, &file.responses());
                graded.push(Graded {
                    file_name: name.clone(),
                    file,
                    result,
                });
            }
            Err(error) => rejected.push(Rejected {
                file_name: name.clone(),
                error,
            }),
        }
    }
    (graded, rejected)
}

/// One CSV cell: quoted when it holds a comma, quote or line break (RFC 4180, quotes doubled);
/// text a spreadsheet would run as a formula (starting `=`, `+`, `-`, `@`, tab or CR) gets a
/// leading `'` first (OWASP, "CSV injection").
pub fn csv_cell(text: &str) -> String {
    let guarded = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// The gradebook: one row per graded student — name, questions right, questions scored,
/// percent, minutes taken, then per question `1`/`0` (generated) or the student's words (open
/// questions, for the teacher to grade). Header names are language-free column ids. Lines end
/// with CRLF (RFC 4180).
pub fn gradebook_csv(set: &QuestionSet, graded: &[Graded]) -> String {
    let n = set.len();
    let mut header = vec![
        "student".to_string(),
        "correct".to_string(),
        "scored".to_string(),
        "percent".to_string(),
        "minutes".to_string(),
    ];
    header.extend((1..=n).map(|i| format!("q{i}")));
    let mut out = header.join(",");
    out.push_str("\r\n");
    for g in graded {
        let r = &g.result;
        let percent = if r.scored == 0 {
            0.0
        } else {
            100.0 * r.correct as f64 / r.scored as f64
        };
        let minutes = ((g.file.finished_ms - g.file.started_ms) / 60_000.0).max(0.0);
        let mut row = vec![
            csv_cell(&r.student),
            r.correct.to_string(),
            r.scored.to_string(),
            format!("{percent:.1}"),
            if minutes.is_finite() {
                format!("{minutes:.1}")
            } else {
                String::new()
            },
        ];
        row.extend(r.grades.iter().map(|q| match q {
            QuestionGrade::Generated { correct, .. } => u8::from(*correct).to_string(),
            QuestionGrade::Open { text, .. } => csv_cell(text),
            QuestionGrade::Missing => "0".to_string(),
        }));
        out.push_str(&row.join(","));
        out.push_str("\r\n");
    }
    out
}

/// The scored results, for the summary ([`crate::model::quiz::set::summarise`]).
pub fn results(graded: &[Graded]) -> Vec<StudentResult> {
    graded.iter().map(|g| g.result.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::quiz::set::{Seeding, SetItem, SetQuestion};
    use crate::model::quiz::{generate, Answer, Kind};
    use crate::ui::quiz::sets::codec::{pack_set, FileQuestion, FILE_FORMAT, VERSION};

    fn set() -> QuestionSet {
        QuestionSet {
            title: "T".into(),
            salt: 9,
            seeding: Seeding::PerStudent,
            exam: false,
            items: vec![
                SetItem::Generated {
                    kind: Kind::DispatchWaves,
                    count: 2,
                },
                SetItem::Course {
                    id: "000-6-5".into(),
                },
            ],
        }
    }

    /// A file of `student` with every generated answer right (`right`) or every one "0", and
    /// the given verdict written into every entry.
    fn file(set: &QuestionSet, student: &str, right: bool, claimed: bool) -> Vec<u8> {
        let questions = set
            .questions(student)
            .into_iter()
            .map(|q| match q {
                SetQuestion::Generated { kind, seed } => {
                    let g = generate(kind, seed).expect("question");
                    FileQuestion {
                        kind: Some(kind.slug().into()),
                        seed: Some(seed),
                        course: None,
                        answers: g
                            .parts
                            .iter()
                            .map(|p| match (&p.answer, right) {
                                (Answer::Real { value, .. }, true) => format!("{value}"),
                                (a, true) => a.text(),
                                (_, false) => "0".into(),
                            })
                            .collect(),
                        correct: Some(claimed),
                        answered_ms: 10.0,
                    }
                }
                SetQuestion::Course { id } => FileQuestion {
                    kind: None,
                    seed: None,
                    course: Some(id),
                    answers: vec!["=SUM(A1), \"quoted\"\nline".into()],
                    correct: None,
                    answered_ms: 10.0,
                },
            })
            .collect();
        AnswersFile {
            format: FILE_FORMAT.into(),
            v: VERSION,
            set: pack_set(set),
            title: set.title.clone(),
            student: student.into(),
            started_ms: 0.0,
            finished_ms: 180_000.0,
            questions,
        }
        .to_json()
        .into_bytes()
    }

    #[test]
    fn edited_verdicts_change_nothing_and_bad_files_are_set_aside() {
        let s = set();
        let files = vec![
            ("ada.json".to_string(), file(&s, "Ada", true, true)),
            // Wrong answers with every verdict edited to "correct".
            ("bo.json".to_string(), file(&s, "Bo", false, true)),
            ("notes.txt".to_string(), b"hello".to_vec()),
            (
                "cut.json".to_string(),
                file(&s, "Cy", true, true)[..50].to_vec(),
            ),
            ("ada-again.json".to_string(), file(&s, " ADA ", true, true)),
        ];
        let (graded, rejected) = grade_files(&s, &files);
        assert_eq!(graded.len(), 2);
        assert_eq!((graded[0].result.correct, graded[0].result.scored), (2, 2));
        assert_eq!((graded[1].result.correct, graded[1].result.scored), (0, 2));
        let reasons: Vec<_> = rejected.iter().map(|r| r.error.clone()).collect();
        assert_eq!(
            reasons,
            vec![
                FileError::NotJson,
                FileError::Truncated,
                FileError::Duplicate("ada.json".into())
            ]
        );
        // The same answers with honest verdicts grade the same.
        let honest = grade_files(&s, &[("bo.json".to_string(), file(&s, "Bo", false, false))]).0;
        assert_eq!(honest[0].result, graded[1].result);
    }

    #[test]
    fn the_gradebook_quotes_and_guards_cells() {
        let s = set();
        let files = vec![
            (
                "a.json".to_string(),
                file(&s, "Ada, \"the first\"", true, true),
            ),
            ("b.json".to_string(), file(&s, "=cmd", false, false)),
        ];
        let (graded, _) = grade_files(&s, &files);
        let csv = gradebook_csv(&s, &graded);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[0], "student,correct,scored,percent,minutes,q1,q2,q3");
        assert!(
            lines[1].starts_with(
                "\"Ada, \"\"the first\"\"\",2,2,100.0,3.0,1,1,\"'=SUM(A1), \"\"quoted\"\"\nline\""
            ),
            "{}",
            lines[1]
        );
        assert!(csv.contains("'=cmd,0,2,0.0,3.0,0,0,"), "{csv}");
        assert_eq!(csv_cell("plain"), "plain");
        assert_eq!(csv_cell("-1"), "'-1");
    }
}
