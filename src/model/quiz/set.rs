//! Question sets a teacher hands out, and grading the sets students hand back.
//!
//! A [`QuestionSet`] lists kinds with how many questions of each, and course questions by
//! their bank id (open questions the teacher grades). Its seeds are either fixed (everyone gets
//! the same questions) or one variant per student ([`Seeding::PerStudent`]: each seed mixes a
//! stable hash of the student's normalised name or number, [`student_key`], with the set's
//! salt). [`QuestionSet::questions`] gives the questions a student takes, in order; the same
//! set and name give the same questions on every machine.
//!
//! [`regrade`] grades a student's answers again from the seeds alone, with [`super::grade`]
//! (whatever verdicts an answers file carries are never read), and [`summarise`] aggregates
//! many students: share correct per question and per kind, the diagnosed mistakes and how
//! often, each student's score. Pure data: the UI reads and writes the files and links.
//! Sources: PrairieLearn's per-student variants from a seed and Numbas' exam mode (feedback at
//! the end) for the design; FNV-1a (Fowler, Noll, Vo) for the name hash.

use super::{generate, grade, Kind, Mistake, Verdict, MAX_SEED};
use crate::model::rng::SplitMix64;

/// Most entries (kinds or course questions) in one set.
pub const MAX_SET_ITEMS: usize = 40;
/// Most questions of one kind in one set.
pub const MAX_PER_KIND: u32 = 20;
/// Most questions in one set, all entries together.
pub const MAX_SET_QUESTIONS: usize = 60;
/// Longest course-question id kept in a set, in bytes.
pub const MAX_COURSE_ID_BYTES: usize = 48;
/// Longest title of a set, in characters.
pub const MAX_TITLE_CHARS: usize = 120;
/// Longest student name or number, in characters (after normalising).
pub const MAX_STUDENT_CHARS: usize = 80;
/// Most fields a question asks for (a generated question has at most 4; headroom for files).
pub const MAX_PARTS: usize = 8;
/// Longest answer kept per field, in characters (an open question's text included).
pub const MAX_ANSWER_CHARS: usize = 4000;

/// How the seeds of a set are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seeding {
    /// Every student gets the same questions (seeds from the set's salt alone).
    Fixed,
    /// One variant per student: seeds from the salt and the student's name or number.
    PerStudent,
}

/// One entry of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetItem {
    /// `count` generated questions of `kind`.
    Generated {
        /// The kind.
        kind: Kind,
        /// How many, 1..=[`MAX_PER_KIND`].
        count: u32,
    },
    /// One course question (the bank's id, e.g. `"000-6-5"`), answered in words and graded by
    /// the teacher.
    Course {
        /// The bank id.
        id: String,
    },
}

/// A question set: its entries in order, how seeds are chosen, and whether feedback waits for
/// the end (exam mode).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuestionSet {
    /// A title for the sheet and the results (may be empty).
    pub title: String,
    /// The salt every seed mixes in: two sets with the same entries but other salts differ.
    pub salt: u32,
    /// Fixed or per-student seeds.
    pub seeding: Seeding,
    /// Exam mode: no feedback until the last question is answered.
    pub exam: bool,
    /// The entries, in the order students take them.
    pub items: Vec<SetItem>,
}

/// Why a set is not one the site takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// No entries.
    Empty,
    /// More than [`MAX_SET_ITEMS`] entries.
    TooManyItems,
    /// A count of 0 or above [`MAX_PER_KIND`].
    BadCount(Kind),
    /// More than [`MAX_SET_QUESTIONS`] questions in all.
    TooManyQuestions,
    /// A course id that is empty, too long or not `[a-z0-9-]`.
    BadCourseId,
    /// A title longer than [`MAX_TITLE_CHARS`].
    TitleTooLong,
}

/// One question of a set as a student takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetQuestion {
    /// A generated question: `(kind, seed)` gives it ([`generate`]).
    Generated {
        /// The kind.
        kind: Kind,
        /// The seed, ≤ [`MAX_SEED`].
        seed: u64,
    },
    /// A course question, by bank id.
    Course {
        /// The bank id.
        id: String,
    },
}

impl QuestionSet {
    /// Checks the bounds above. A set read from a link is checked before anything uses it.
    pub fn validate(&self) -> Result<(), SetError> {
        if self.items.is_empty() {
            return Err(SetError::Empty);
        }
        if self.items.len() > MAX_SET_ITEMS {
            return Err(SetError::TooManyItems);
        }
        if self.title.chars().count() > MAX_TITLE_CHARS {
            return Err(SetError::TitleTooLong);
        }
        let mut total = 0usize;
        for item in &self.items {
            match item {
                SetItem::Generated { kind, count } => {
                    if *count == 0 || *count > MAX_PER_KIND {
                        return Err(SetError::BadCount(*kind));
                    }
                    total += *count as usize;
                }
                SetItem::Course { id } => {
                    let ok = !id.is_empty()
                        && id.len() <= MAX_COURSE_ID_BYTES
                        && id
                            .bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
                    if !ok {
                        return Err(SetError::BadCourseId);
                    }
                    total += 1;
                }
            }
        }
        if total > MAX_SET_QUESTIONS {
            return Err(SetError::TooManyQuestions);
        }
        Ok(())
    }

    /// Questions in the set.
    pub fn len(&self) -> usize {
        self.items
            .iter()
            .map(|i| match i {
                SetItem::Generated { count, .. } => *count as usize,
                SetItem::Course { .. } => 1,
            })
            .sum()
    }

    /// True when the set has no questions.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The questions `student` takes, in order (the name is ignored for fixed seeds). Two
    /// questions of one kind in a set never repeat one question: a seed whose parameters equal
    /// an earlier one's of the same kind is skipped (up to 32 tries, never reached in the
    /// tests). Deterministic; never panics; an invalid set gives what it lists up to
    /// [`MAX_SET_QUESTIONS`].
    pub fn questions(&self, student: &str) -> Vec<SetQuestion> {
        let base = match self.seeding {
            Seeding::Fixed => u64::from(self.salt),
            Seeding::PerStudent => u64::from(self.salt) ^ student_key(student),
        };
        let mut out = Vec::new();
        let mut draw = 0u64;
        let mut seen: Vec<(Kind, super::Params)> = Vec::new();
        for item in &self.items {
            match item {
                SetItem::Generated { kind, count } => {
                    for _ in 0..(*count).min(MAX_PER_KIND) {
                        if out.len() >= MAX_SET_QUESTIONS {
                            return out;
                        }
                        let mut seed = SplitMix64::nth(base, draw) & MAX_SEED;
                        draw += 1;
                        for _ in 0..32 {
                            let params = generate(*kind, seed).ok().map(|q| q.params);
                            let repeat = params
                                .as_ref()
                                .is_some_and(|p| seen.iter().any(|(k, s)| k == kind && s == p));
                            if !repeat {
                                if let Some(p) = params {
                                    seen.push((*kind, p));
                                }
                                break;
                            }
                            seed = SplitMix64::nth(base, draw) & MAX_SEED;
                            draw += 1;
                        }
                        out.push(SetQuestion::Generated { kind: *kind, seed });
                    }
                }
                SetItem::Course { id } => {
                    if out.len() >= MAX_SET_QUESTIONS {
                        return out;
                    }
                    out.push(SetQuestion::Course { id: id.clone() });
                }
            }
        }
        out
    }

    /// The kinds of the set, each once, in set order.
    pub fn kinds(&self) -> Vec<Kind> {
        let mut kinds = Vec::new();
        for item in &self.items {
            if let SetItem::Generated { kind, .. } = item {
                if !kinds.contains(kind) {
                    kinds.push(*kind);
                }
            }
        }
        kinds
    }
}

/// A student's name or number as the seeds read it: Unicode lowercase, surrounding space
/// dropped, inner runs of white space as one space, at most [`MAX_STUDENT_CHARS`] characters.
/// `"  Ada   LOVELACE "` and `"ada lovelace"` are one student.
pub fn normalise_student(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
        .chars()
        .take(MAX_STUDENT_CHARS)
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// A stable 64-bit key of a student: FNV-1a (64-bit offset basis and prime) over the UTF-8 of
/// [`normalise_student`], then mixed by SplitMix64 so close names give unrelated seeds.
pub fn student_key(name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in normalise_student(name).bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    SplitMix64::nth(h, 0)
}

/// The grade of one question of a set.
#[derive(Clone, Debug, PartialEq)]
pub enum QuestionGrade {
    /// A generated question, graded field by field.
    Generated {
        /// Its kind.
        kind: Kind,
        /// Its seed (from the set and the student, never from the file).
        seed: u64,
        /// One verdict per field; a missing or unreadable field is not correct.
        verdicts: Vec<Verdict>,
        /// All fields correct.
        correct: bool,
    },
    /// A course question: the student's words, for the teacher to grade.
    Open {
        /// The bank id.
        id: String,
        /// What the student wrote (may be empty).
        text: String,
    },
    /// The question could not be generated (never seen in the tests): counted wrong.
    Missing,
}

/// One student's regraded set.
#[derive(Clone, Debug, PartialEq)]
pub struct StudentResult {
    /// The name or number as the student typed it.
    pub student: String,
    /// One grade per question of the set, in order.
    pub grades: Vec<QuestionGrade>,
    /// Generated questions with every field right.
    pub correct: usize,
    /// Generated questions in the set (open questions are not scored here).
    pub scored: usize,
}

/// Grades `answers` (one list of field responses per question, in set order; missing ones are
/// empty) of `student` against `set`: every question regenerated from its seed and graded with
/// [`grade`]. Responses beyond [`MAX_PARTS`] fields or [`MAX_ANSWER_CHARS`] characters are cut.
pub fn regrade(set: &QuestionSet, student: &str, answers: &[Vec<String>]) -> StudentResult {
    let mut grades = Vec::new();
    let (mut correct, mut scored) = (0, 0);
    for (i, q) in set.questions(student).into_iter().enumerate() {
        let given: &[String] = answers.get(i).map_or(&[], |a| a.as_slice());
        match q {
            SetQuestion::Generated { kind, seed } => {
                scored += 1;
                let Ok(question) = generate(kind, seed) else {
                    grades.push(QuestionGrade::Missing);
                    continue;
                };
                let verdicts: Vec<Verdict> = question
                    .parts
                    .iter()
                    .enumerate()
                    .map(|(j, part)| {
                        let r = given
                            .get(j)
                            .filter(|_| j < MAX_PARTS)
                            .map(|s| cut(s))
                            .unwrap_or_default();
                        grade(part, &r)
                    })
                    .collect();
                let right = verdicts.iter().all(|v| v.is_correct());
                correct += usize::from(right);
                grades.push(QuestionGrade::Generated {
                    kind,
                    seed,
                    verdicts,
                    correct: right,
                });
            }
            SetQuestion::Course { id } => grades.push(QuestionGrade::Open {
                id,
                text: given.first().map(|s| cut(s)).unwrap_or_default(),
            }),
        }
    }
    StudentResult {
        student: student.to_string(),
        grades,
        correct,
        scored,
    }
}

/// `s` cut to [`MAX_ANSWER_CHARS`] characters.
fn cut(s: &str) -> String {
    s.chars().take(MAX_ANSWER_CHARS).collect()
}

/// How often one mistake was diagnosed.
#[derive(Clone, Debug, PartialEq)]
pub struct MistakeCount {
    /// The mistake.
    pub mistake: Mistake,
    /// Fields it was diagnosed on.
    pub count: usize,
}

/// Counts over one question position or one kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// Graded questions (students × questions).
    pub answered: usize,
    /// Of those, all fields right.
    pub correct: usize,
    /// Diagnosed mistakes, most frequent first (ties in first-seen order).
    pub mistakes: Vec<MistakeCount>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            answered: 0,
            correct: 0,
            mistakes: Vec::new(),
        }
    }

    /// Share correct, 0..=1 (0 when nothing was answered).
    pub fn share_correct(&self) -> f64 {
        if self.answered == 0 {
            0.0
        } else {
            self.correct as f64 / self.answered as f64
        }
    }

    fn add(&mut self, verdicts: &[Verdict], correct: bool) {
        self.answered += 1;
        self.correct += usize::from(correct);
        for v in verdicts {
            if let Verdict::Wrong(Some(m)) = v {
                match self.mistakes.iter_mut().find(|c| c.mistake == *m) {
                    Some(c) => c.count += 1,
                    None => self.mistakes.push(MistakeCount {
                        mistake: *m,
                        count: 1,
                    }),
                }
            }
        }
    }

    fn sort(&mut self) {
        crate::model::sort_short_by(&mut self.mistakes, |a, b| a.count > b.count);
    }
}

/// The class's results: per question position, per kind, per student.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// One tally per question of the set, in order; `None` for an open question.
    pub per_question: Vec<Option<Tally>>,
    /// One tally per kind of the set, in set order.
    pub per_kind: Vec<(Kind, Tally)>,
    /// Each student's `(correct, scored)`, in the order given.
    pub scores: Vec<(String, usize, usize)>,
}

/// Aggregates regraded results of one set.
pub fn summarise(set: &QuestionSet, results: &[StudentResult]) -> Summary {
    let n = set.len().min(MAX_SET_QUESTIONS);
    let template = set.questions("");
    let mut per_question: Vec<Option<Tally>> = (0..n)
        .map(|i| match template.get(i) {
            Some(SetQuestion::Generated { .. }) => Some(Tally::new()),
            _ => None,
        })
        .collect();
    let mut per_kind: Vec<(Kind, Tally)> =
        set.kinds().into_iter().map(|k| (k, Tally::new())).collect();
    for r in results {
        for (i, g) in r.grades.iter().enumerate() {
            if let QuestionGrade::Generated {
                kind,
                verdicts,
                correct,
                ..
            } = g
            {
                if let Some(Some(t)) = per_question.get_mut(i) {
                    t.add(verdicts, *correct);
                }
                if let Some((_, t)) = per_kind.iter_mut().find(|(k, _)| k == kind) {
                    t.add(verdicts, *correct);
                }
            } else if let (QuestionGrade::Missing, Some(Some(t))) = (g, per_question.get_mut(i)) {
                t.add(&[], false);
            }
        }
    }
    for t in per_question.iter_mut().flatten() {
        t.sort();
    }
    for (_, t) in per_kind.iter_mut() {
        t.sort();
    }
    Summary {
        per_question,
        per_kind,
        scores: results
            .iter()
            .map(|r| (r.student.clone(), r.correct, r.scored))
            .collect(),
    }
}

#[cfg(test)]
mod tests;
