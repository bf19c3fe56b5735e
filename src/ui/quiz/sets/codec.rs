//! A question set in a link, and a student's answers in a file: both untrusted input.
//!
//! The link: the set as compact JSON (short keys, kinds by slug, course questions as
//! `c:<id>`), raw deflate (RFC 1951, `miniz_oxide`) and base64url (RFC 4648 §5), in the query's
//! `set` beside `v=1` (the format's version). [`unpack_set`] refuses a value longer than
//! [`MAX_PACKED_CHARS`], anything not base64url or deflate, a stream that inflates past
//! [`MAX_SET_JSON_BYTES`] (the inflater stops there), unknown kinds or course ids, and sets out
//! of the model's bounds ([`QuestionSet::validate`]).
//!
//! The answers file ([`AnswersFile`]): JSON with the set's code, the student's name, the
//! answers and timestamps (ms since 1970 from the browser's clock). [`read_answers`] takes
//! bytes from any file a teacher drops: it refuses more than [`MAX_FILE_BYTES`], text that is
//! not UTF-8 or JSON (a truncated file says so), another format or version, another set, and
//! more questions than the set has. The file's own verdicts are kept for display only; the
//! results are always graded again from the seeds ([`crate::model::quiz::set::regrade`]).

use serde::{Deserialize, Serialize};

use crate::model::quiz::set::{
    normalise_student, QuestionSet, Seeding, SetError, SetItem, MAX_ANSWER_CHARS, MAX_PARTS,
    MAX_SET_QUESTIONS, MAX_STUDENT_CHARS,
};
use crate::model::quiz::Kind;
use crate::ui::content::lesson::{base64url_decode, base64url_encode};
use crate::ui::content::questions::BANK;

/// The version of the `set` format, written as `v=1`.
pub const VERSION: u32 = 1;

/// Longest `set` value read, in characters: a set at its bounds packs to well under 2 KiB.
pub const MAX_PACKED_CHARS: usize = 4096;

/// Most bytes a `set` value inflates to (a set at its bounds is about 2 KiB of JSON).
pub const MAX_SET_JSON_BYTES: usize = 8 * 1024;

/// Largest answers file read, in bytes: 60 questions with a long open answer each fit.
pub const MAX_FILE_BYTES: usize = 512 * 1024;

/// The `format` field of an answers file.
pub const FILE_FORMAT: &str = "warpscope-set-answers";

/// Prefix of a course question in the link's item list.
const COURSE_PREFIX: &str = "c:";

/// Deflate level: 9 (best).
const LEVEL: u8 = 9;

/// Why a `set` value could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetLinkError {
    /// Longer than [`MAX_PACKED_CHARS`].
    TooLong,
    /// Not base64url.
    NotBase64,
    /// Not a deflate stream (or a cut one).
    NotDeflate,
    /// Inflates past [`MAX_SET_JSON_BYTES`].
    TooLarge,
    /// Not a set's JSON.
    NotASet,
    /// A kind this site does not have (a newer link).
    UnknownKind(String),
    /// A course question this site does not have.
    UnknownCourse(String),
    /// Outside the model's bounds.
    Invalid(SetError),
    /// A version this site does not read.
    Version,
}

/// The set as the link carries it.
#[derive(Serialize, Deserialize)]
struct WireSet {
    /// Title.
    #[serde(default)]
    t: String,
    /// Salt.
    s: u32,
    /// Per-student seeds.
    #[serde(default)]
    p: bool,
    /// Exam mode.
    #[serde(default)]
    e: bool,
    /// Items: `(kind slug or "c:<id>", count)`.
    i: Vec<(String, u32)>,
}

/// The `set` value of `set`.
pub fn pack_set(set: &QuestionSet) -> String {
    let wire = WireSet {
        t: set.title.clone(),
        s: set.salt,
        p: set.seeding == Seeding::PerStudent,
        e: set.exam,
        i: set
            .items
            .iter()
            .map(|i| match i {
                SetItem::Generated { kind, count } => (kind.slug().to_string(), *count),
                SetItem::Course { id } => (format!("{COURSE_PREFIX}{id}"), 1),
            })
            .collect(),
    };
    let json = serde_json::to_string(&wire).unwrap_or_default();
    base64url_encode(&miniz_oxide::deflate::compress_to_vec(
        json.as_bytes(),
        LEVEL,
    ))
}

/// The set a `set` value holds.
pub fn unpack_set(packed: &str) -> Result<QuestionSet, SetLinkError> {
    if packed.len() > MAX_PACKED_CHARS {
        return Err(SetLinkError::TooLong);
    }
    let bytes = base64url_decode(packed).ok_or(SetLinkError::NotBase64)?;
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_SET_JSON_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => SetLinkError::TooLarge,
            _ => SetLinkError::NotDeflate,
        })?;
    let wire: WireSet = serde_json::from_slice(&raw).map_err(|_| SetLinkError::NotASet)?;
    if wire.i.len() > crate::model::quiz::set::MAX_SET_ITEMS {
        return Err(SetLinkError::Invalid(SetError::TooManyItems));
    }
    let mut items = Vec::with_capacity(wire.i.len());
    for (name, count) in wire.i {
        if let Some(id) = name.strip_prefix(COURSE_PREFIX) {
            if !BANK.iter().any(|q| q.id == id) {
                return Err(SetLinkError::UnknownCourse(crate::ui::url::echo(id)));
            }
            items.push(SetItem::Course { id: id.to_string() });
        } else {
            let kind = Kind::from_slug(&name)
                .ok_or_else(|| SetLinkError::UnknownKind(crate::ui::url::echo(&name)))?;
            items.push(SetItem::Generated { kind, count });
        }
    }
    let set = QuestionSet {
        title: wire.t,
        salt: wire.s,
        seeding: if wire.p {
            Seeding::PerStudent
        } else {
            Seeding::Fixed
        },
        exam: wire.e,
        items,
    };
    set.validate().map_err(SetLinkError::Invalid)?;
    Ok(set)
}

/// One question's entry in an answers file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FileQuestion {
    /// Kind slug (generated questions), for people reading the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Seed (generated questions), for people reading the file; grading derives its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Course question id (open questions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub course: Option<String>,
    /// What the student typed, one string per field (an open question: one text).
    #[serde(default)]
    pub answers: Vec<String>,
    /// The page's verdict when the student answered (never read when grading).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correct: Option<bool>,
    /// When the student submitted this question, ms since 1970.
    #[serde(default)]
    pub answered_ms: f64,
}

/// A student's finished set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnswersFile {
    /// Always [`FILE_FORMAT`].
    pub format: String,
    /// The format's version, [`VERSION`].
    pub v: u32,
    /// The set's code (its link's `set` value).
    pub set: String,
    /// The set's title, for people reading the file.
    #[serde(default)]
    pub title: String,
    /// The name or number the student typed.
    pub student: String,
    /// When the student started, ms since 1970.
    #[serde(default)]
    pub started_ms: f64,
    /// When the student finished, ms since 1970.
    #[serde(default)]
    pub finished_ms: f64,
    /// One entry per question, in set order.
    pub questions: Vec<FileQuestion>,
}

impl AnswersFile {
    /// The file's JSON text (pretty, so a teacher can read it).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The responses per question, as [`crate::model::quiz::set::regrade`] takes them.
    pub fn responses(&self) -> Vec<Vec<String>> {
        self.questions.iter().map(|q| q.answers.clone()).collect()
    }
}

/// Why an answers file was not graded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// Larger than [`MAX_FILE_BYTES`].
    TooLarge,
    /// Empty.
    Empty,
    /// Not text (UTF-8).
    NotText,
    /// Not JSON.
    NotJson,
    /// JSON that stops early (a cut download).
    Truncated,
    /// JSON, but not a set's answers file (another format).
    NotAnswers,
    /// A version this site does not read.
    Version(u32),
    /// Answers to another set.
    OtherSet,
    /// No name, or a name longer than [`MAX_STUDENT_CHARS`].
    BadName,
    /// More questions, fields or text than the set allows.
    TooMuch,
    /// A second file of a student already graded.
    Duplicate(String),
}

/// Reads an answers file for `set`.
pub fn read_answers(bytes: &[u8], set: &QuestionSet) -> Result<AnswersFile, FileError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(FileError::TooLarge);
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(FileError::Empty);
    }
    let text = std::str::from_utf8(bytes).map_err(|_| FileError::NotText)?;
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            FileError::Truncated
        } else {
            FileError::NotJson
        }
    })?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FILE_FORMAT) {
        return Err(FileError::NotAnswers);
    }
    match value.get("v").and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => return Err(FileError::Version(v.min(u64::from(u32::MAX)) as u32)),
        None => return Err(FileError::NotAnswers),
    }
    let file: AnswersFile = serde_json::from_value(value).map_err(|_| FileError::NotAnswers)?;
    match unpack_set(&file.set) {
        Ok(s) if s == *set => {}
        _ => return Err(FileError::OtherSet),
    }
    let name = normalise_student(&file.student);
    if name.is_empty() || file.student.chars().count() > MAX_STUDENT_CHARS {
        return Err(FileError::BadName);
    }
    let too_much = file.questions.len() > set.len().min(MAX_SET_QUESTIONS)
        || file.questions.iter().any(|q| {
            q.answers.len() > MAX_PARTS
                || q.answers
                    .iter()
                    .any(|a| a.chars().count() > MAX_ANSWER_CHARS)
        });
    if too_much {
        return Err(FileError::TooMuch);
    }
    Ok(file)
}

/// A file name for a student's answers: `set-answers-<name>.json` with the name reduced to
/// `[a-z0-9-]` (at most 40 characters).
pub fn answers_file_name(student: &str) -> String {
    let mut slug = String::new();
    for c in normalise_student(student).chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
        if slug.len() >= 40 {
            break;
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "set-answers.json".to_string()
    } else {
        format!("set-answers-{slug}.json")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    pub(crate) fn sample() -> QuestionSet {
        QuestionSet {
            title: "Week 3: memory".into(),
            salt: 4242,
            seeding: Seeding::PerStudent,
            exam: true,
            items: vec![
                SetItem::Generated {
                    kind: Kind::CoalescingSectors,
                    count: 2,
                },
                SetItem::Course {
                    id: "000-6-5".into(),
                },
                SetItem::Generated {
                    kind: Kind::RooflineRidge,
                    count: 1,
                },
            ],
        }
    }

    fn file_for(set: &QuestionSet, student: &str) -> AnswersFile {
        AnswersFile {
            format: FILE_FORMAT.into(),
            v: VERSION,
            set: pack_set(set),
            title: set.title.clone(),
            student: student.into(),
            started_ms: 1.0,
            finished_ms: 2.0,
            questions: vec![],
        }
    }

    #[test]
    fn a_set_round_trips_and_packs_small() {
        let set = sample();
        let code = pack_set(&set);
        assert_eq!(unpack_set(&code), Ok(set));
        // The largest set the model allows still packs well inside the bound.
        let big = QuestionSet {
            title: "é".repeat(crate::model::quiz::set::MAX_TITLE_CHARS),
            salt: u32::MAX,
            seeding: Seeding::Fixed,
            exam: false,
            items: Kind::ALL
                .iter()
                .map(|&kind| SetItem::Generated { kind, count: 2 })
                .chain(BANK.iter().take(14).map(|q| SetItem::Course {
                    id: q.id.to_string(),
                }))
                .take(crate::model::quiz::set::MAX_SET_ITEMS)
                .collect(),
        };
        assert_eq!(big.validate(), Ok(()));
        let code = pack_set(&big);
        assert!(code.len() < MAX_PACKED_CHARS / 2, "{}", code.len());
        assert_eq!(unpack_set(&code), Ok(big));
    }

    fn pack_json(json: &str) -> String {
        base64url_encode(&miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9))
    }

    #[test]
    fn bad_links_are_refused_with_their_reason() {
        assert_eq!(unpack_set("not base64!"), Err(SetLinkError::NotBase64));
        assert_eq!(unpack_set("AAAA"), Err(SetLinkError::NotDeflate));
        assert_eq!(
            unpack_set(&"A".repeat(MAX_PACKED_CHARS + 1)),
            Err(SetLinkError::TooLong)
        );
        let bomb = pack_json(&" ".repeat(MAX_SET_JSON_BYTES * 10));
        assert_eq!(unpack_set(&bomb), Err(SetLinkError::TooLarge));
        assert_eq!(unpack_set(&pack_json("[1,2]")), Err(SetLinkError::NotASet));
        assert_eq!(
            unpack_set(&pack_json(r#"{"s":1,"i":[["warp-drive",1]]}"#)),
            Err(SetLinkError::UnknownKind("warp-drive".into()))
        );
        assert_eq!(
            unpack_set(&pack_json(r#"{"s":1,"i":[["c:999-1-1",1]]}"#)),
            Err(SetLinkError::UnknownCourse("999-1-1".into()))
        );
        assert_eq!(
            unpack_set(&pack_json(r#"{"s":1,"i":[]}"#)),
            Err(SetLinkError::Invalid(SetError::Empty))
        );
        assert_eq!(
            unpack_set(&pack_json(r#"{"s":1,"i":[["chip-fp32",1000]]}"#)),
            Err(SetLinkError::Invalid(SetError::BadCount(Kind::ChipFp32)))
        );
    }

    #[test]
    fn answers_files_are_checked() {
        let set = sample();
        let mut f = file_for(&set, "Ada");
        f.questions = vec![FileQuestion {
            kind: Some("coalescing-sectors".into()),
            seed: Some(3),
            course: None,
            answers: vec!["16".into(), "1".into()],
            correct: Some(true),
            answered_ms: 1.5,
        }];
        let json = f.to_json();
        assert_eq!(read_answers(json.as_bytes(), &set), Ok(f.clone()));
        assert_eq!(
            read_answers(&json.as_bytes()[..json.len() / 2], &set),
            Err(FileError::Truncated)
        );
        assert_eq!(read_answers(b"hello", &set), Err(FileError::NotJson));
        assert_eq!(read_answers(b"  \n", &set), Err(FileError::Empty));
        assert_eq!(
            read_answers(&[0xff, 0xfe, 0x00], &set),
            Err(FileError::NotText)
        );
        assert_eq!(
            read_answers(&vec![b' '; MAX_FILE_BYTES + 1], &set),
            Err(FileError::TooLarge)
        );
        assert_eq!(
            read_answers(br#"{"lesson":1}"#, &set),
            Err(FileError::NotAnswers)
        );
        let other = QuestionSet {
            salt: 1,
            ..set.clone()
        };
        assert_eq!(
            read_answers(file_for(&other, "Ada").to_json().as_bytes(), &set),
            Err(FileError::OtherSet)
        );
        let mut v2 = f.clone();
        v2.v = 2;
        assert_eq!(
            read_answers(v2.to_json().as_bytes(), &set),
            Err(FileError::Version(2))
        );
        assert_eq!(
            read_answers(file_for(&set, "   ").to_json().as_bytes(), &set),
            Err(FileError::BadName)
        );
        let mut many = f.clone();
        many.questions = vec![f.questions[0].clone(); 5];
        assert_eq!(
            read_answers(many.to_json().as_bytes(), &set),
            Err(FileError::TooMuch)
        );
    }

    #[test]
    fn file_names_are_safe() {
        assert_eq!(
            answers_file_name("Ada Lovelace"),
            "set-answers-ada-lovelace.json"
        );
        assert_eq!(answers_file_name("../../etc"), "set-answers-etc.json");
        assert_eq!(answers_file_name("张三"), "set-answers.json");
    }

    proptest! {
        #[test]
        fn any_link_never_panics(s in ".{0,200}") {
            let _ = unpack_set(&s);
        }

        #[test]
        fn any_deflated_json_never_panics(s in ".{0,200}") {
            let _ = unpack_set(&pack_json(&s));
        }

        #[test]
        fn any_file_bytes_never_panic(b in proptest::collection::vec(any::<u8>(), 0..400)) {
            let _ = read_answers(&b, &sample());
        }

        #[test]
        fn sets_round_trip(salt in any::<u32>(), per in any::<bool>(), exam in any::<bool>(),
                           picks in proptest::collection::vec((0usize..Kind::ALL.len(), 1u32..4), 1..8),
                           title in "[^\u{0}]{0,30}") {
            let set = QuestionSet {
                title,
                salt,
                seeding: if per { Seeding::PerStudent } else { Seeding::Fixed },
                exam,
                items: picks.into_iter().map(|(k, count)| SetItem::Generated { kind: Kind::ALL[k], count }).collect(),
            };
            prop_assert_eq!(unpack_set(&pack_set(&set)), Ok(set));
        }
    }
}
