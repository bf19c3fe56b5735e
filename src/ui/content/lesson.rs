//! Lessons of classroom mode: a lesson is a title and a list of steps; a step is a chapter, the
//! chapter's query (its permalink parameters), what to highlight in its figure, a caption,
//! speaker notes, and a question whose answer stays hidden until revealed.
//!
//! This module is plain data and parsing (no Leptos, no DOM), so it is tested natively.
//!
//! A teacher's lesson travels in two forms, both untrusted input:
//! - a link: [`encode`] / [`decode`], `1.` followed by the base64url (no padding) of a text
//!   where line 0 is the title and every further line a step, its fields separated by tabs
//!   (`\t`, `\n` and `\\` inside a field are escaped as `\t`, `\n`, `\\`). Version 1 is the
//!   only one; a new layout would get a new leading number. Fields added later go at the end
//!   of a step's line (the focus, then the crop), so an older link, whose lines stop before
//!   them, reads with those fields empty, and an older build ignores the fields it does not know.
//! - a JSON file: [`to_json`] / [`from_json`], `{"format":"warpscope-lesson","version":1,
//!   "title":…,"steps":[{"chapter":…,"query":…,"caption":…,…}]}`.
//!
//! Reading either never panics: a step that cannot be used is left out with a [`Problem`]
//! saying which step and why, and every valid step is kept.

use serde::Serialize;

use crate::ui::i18n::{Lang, Tr};

/// The `chapter` of a text slide (see [`Step::is_text`]); no chapter has this slug.
pub const TEXT_STEP: &str = "text";
/// Most minutes one step may plan.
pub const MAX_MINUTES: u32 = 600;

/// The version this build writes and reads.
pub const VERSION: u32 = 1;
/// Most steps a lesson keeps (more are left out with a [`Problem`]).
pub const MAX_STEPS: usize = 200;
/// Longest text field, in characters (longer text is cut with a [`Problem`]).
pub const MAX_FIELD_CHARS: usize = 4000;
/// The `format` value of a lesson file.
pub const JSON_FORMAT: &str = "warpscope-lesson";

/// A text of a lesson: both languages for the built-in lesson, the teacher's own words for
/// theirs (shown in either language, as text only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    /// Built-in text in both languages.
    Both(Tr),
    /// A teacher's text.
    Own(String),
}

impl Text {
    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match self {
            Text::Both(t) => t.get(lang),
            Text::Own(s) => s,
        }
    }

    /// True when there is nothing to show.
    pub fn is_empty(&self) -> bool {
        self.get(Lang::En).trim().is_empty()
    }

    fn own(&self) -> String {
        self.get(Lang::En).to_string()
    }
}

impl Default for Text {
    fn default() -> Self {
        Text::Own(String::new())
    }
}

/// A simulation the step advances one event per key press: the chapter query key that holds
/// the simulation's step, and its last value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advance {
    /// The query key (`step`, …).
    pub key: String,
    /// The last value a key press reaches.
    pub last: u32,
}

/// One screen of a lesson.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Step {
    /// The chapter's slug.
    pub chapter: String,
    /// The chapter's query (no `?`, no `lang`).
    pub query: String,
    /// A CSS selector of the part of the chapter that fills the screen (empty: its figure).
    pub focus: String,
    /// A CSS selector of the figure's parts to highlight (empty: none).
    pub highlight: String,
    /// A CSS selector of the part of the focus the step is about, shown at reading size instead
    /// of the whole figure shrunk (empty: the whole focus). Inside an SVG, the drawing is cut to
    /// the box around the matching elements; the caption says which part the class sees.
    pub crop: String,
    /// The caption under the figure.
    pub caption: Text,
    /// Speaker notes, for the presenter window.
    pub notes: Text,
    /// A question for the room (empty: none).
    pub question: Text,
    /// Its answer, hidden until revealed.
    pub answer: Text,
    /// A simulation stepped by the next/previous keys, if any.
    pub advance: Option<Advance>,
    /// Minutes the teacher plans for the step (the presenter shows the plan against the clock).
    pub minutes: Option<u32>,
}

impl Step {
    /// A text slide: no chapter, its caption shown large on the stage (a title, a summary, a
    /// question for the room).
    pub fn is_text(&self) -> bool {
        self.chapter == TEXT_STEP
    }
}

/// A lesson: a title and its steps.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Lesson {
    /// The title.
    pub title: Text,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// What could not be used in a lesson link or file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not a lesson at all (wrong prefix, bad base64, not UTF-8, not JSON): nothing was read.
    NotALesson,
    /// A version this build does not read.
    Version(String),
    /// Step `index` (1-based) names a chapter that does not exist; left out.
    UnknownChapter {
        /// 1-based step number.
        index: usize,
        /// The chapter as given (shortened).
        chapter: String,
    },
    /// Step `index` (1-based) is not a step (wrong type, no chapter); left out.
    BadStep {
        /// 1-based step number.
        index: usize,
    },
    /// More than [`MAX_STEPS`] steps; the rest were left out.
    TooManySteps(usize),
    /// A text longer than [`MAX_FIELD_CHARS`] was cut.
    TooLong,
    /// Read, but no step of it is valid (an empty lesson): nothing to show.
    NoSteps,
}

/// What reading a lesson gave: the lesson (every valid step) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Read {
    /// The valid part.
    pub lesson: Lesson,
    /// What was left out or changed.
    pub problems: Vec<Problem>,
}

fn shorten(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// A lesson with no valid step says so ([`Problem::NoSteps`]).
fn no_steps(mut read: Read) -> Read {
    if read.lesson.steps.is_empty() {
        read.problems.push(Problem::NoSteps);
    }
    read
}

/// `s` without control characters other than line breaks and tabs (a NUL title is no title),
/// cut to [`MAX_FIELD_CHARS`] ([`Problem::TooLong`]).
fn cap(s: &str, problems: &mut Vec<Problem>) -> String {
    let s: String = s
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .collect();
    if s.chars().count() > MAX_FIELD_CHARS {
        if !problems.contains(&Problem::TooLong) {
            problems.push(Problem::TooLong);
        }
        s.chars().take(MAX_FIELD_CHARS).collect()
    } else {
        s
    }
}

/// Reads `key:last` (the link's advance field).
fn parse_advance(s: &str) -> Option<Advance> {
    let (key, last) = s.split_once(':')?;
    let ok = !key.is_empty()
        && key.len() <= 16
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let last = last.parse::<u32>().ok()?;
    ok.then(|| Advance {
        key: key.to_string(),
        last,
    })
}

/// The fields of a step as strings, in link order.
struct Fields<'a> {
    chapter: &'a str,
    query: &'a str,
    caption: &'a str,
    notes: &'a str,
    question: &'a str,
    answer: &'a str,
    highlight: &'a str,
    advance: &'a str,
    focus: &'a str,
    crop: &'a str,
    minutes: &'a str,
}

/// Checks and keeps one step (1-based `index`), or records why not.
fn accept(f: Fields<'_>, index: usize, is_chapter: &dyn Fn(&str) -> bool, read: &mut Read) {
    if read.lesson.steps.len() >= MAX_STEPS {
        if !read
            .problems
            .iter()
            .any(|p| matches!(p, Problem::TooManySteps(_)))
        {
            read.problems.push(Problem::TooManySteps(MAX_STEPS));
        }
        return;
    }
    if f.chapter != TEXT_STEP && !is_chapter(f.chapter) {
        read.problems.push(Problem::UnknownChapter {
            index,
            chapter: shorten(f.chapter),
        });
        return;
    }
    let p = &mut read.problems;
    let step = Step {
        chapter: f.chapter.to_string(),
        query: cap(f.query.trim_start_matches('?'), p),
        focus: cap(f.focus, p),
        highlight: cap(f.highlight, p),
        crop: cap(f.crop, p),
        caption: Text::Own(cap(f.caption, p)),
        notes: Text::Own(cap(f.notes, p)),
        question: Text::Own(cap(f.question, p)),
        answer: Text::Own(cap(f.answer, p)),
        advance: parse_advance(f.advance),
        minutes: f
            .minutes
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|m| (1..=MAX_MINUTES).contains(m)),
    };
    read.lesson.steps.push(step);
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// A lesson as a link parameter: `1.` + base64url of its text (see the module docs).
pub fn encode(lesson: &Lesson) -> String {
    let mut text = escape(&lesson.title.own());
    for s in &lesson.steps {
        let advance = s
            .advance
            .as_ref()
            .map(|a| format!("{}:{}", a.key, a.last))
            .unwrap_or_default();
        let fields = [
            s.chapter.clone(),
            s.query.clone(),
            s.caption.own(),
            s.notes.own(),
            s.question.own(),
            s.answer.own(),
            s.highlight.clone(),
            advance,
            s.focus.clone(),
            s.crop.clone(),
            s.minutes.map(|m| m.to_string()).unwrap_or_default(),
        ];
        let mut fields: Vec<String> = fields.iter().map(|f| escape(f)).collect();
        while fields.last().is_some_and(|f| f.is_empty()) {
            fields.pop();
        }
        text.push('\n');
        text.push_str(&fields.join("\t"));
    }
    format!("{VERSION}.{}", base64url_encode(text.as_bytes()))
}

/// Reads a lesson link parameter. `is_chapter` says which chapter slugs exist.
pub fn decode(param: &str, is_chapter: &dyn Fn(&str) -> bool) -> Read {
    let mut read = Read::default();
    let Some((version, body)) = param.trim().split_once('.') else {
        read.problems.push(Problem::NotALesson);
        return read;
    };
    if version != VERSION.to_string() {
        read.problems.push(
            if version.chars().all(|c| c.is_ascii_digit()) && !version.is_empty() {
                Problem::Version(shorten(version))
            } else {
                Problem::NotALesson
            },
        );
        return read;
    }
    let Some(text) = base64url_decode(body).and_then(|b| String::from_utf8(b).ok()) else {
        read.problems.push(Problem::NotALesson);
        return read;
    };
    let mut lines = text.split('\n');
    let title = lines.next().map(unescape).unwrap_or_default();
    read.lesson.title = Text::Own(cap(&title, &mut read.problems));
    for (i, line) in lines.enumerate() {
        let f: Vec<String> = line.split('\t').map(unescape).collect();
        let get = |j: usize| f.get(j).map(String::as_str).unwrap_or("");
        let fields = Fields {
            chapter: get(0),
            query: get(1),
            caption: get(2),
            notes: get(3),
            question: get(4),
            answer: get(5),
            highlight: get(6),
            advance: get(7),
            focus: get(8),
            crop: get(9),
            minutes: get(10),
        };
        accept(fields, i + 1, is_chapter, &mut read);
    }
    no_steps(read)
}

/// One step as the lesson file writes it.
#[derive(Serialize)]
struct JsonStep<'a> {
    chapter: &'a str,
    query: &'a str,
    caption: String,
    notes: String,
    question: String,
    answer: String,
    highlight: &'a str,
    #[serde(skip_serializing_if = "String::is_empty")]
    advance: String,
    #[serde(skip_serializing_if = "str::is_empty")]
    focus: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    crop: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    minutes: Option<u32>,
}

/// The lesson file.
#[derive(Serialize)]
struct JsonLesson<'a> {
    format: &'static str,
    version: u32,
    title: String,
    steps: Vec<JsonStep<'a>>,
}

/// The lesson as a JSON file (pretty-printed).
pub fn to_json(lesson: &Lesson) -> String {
    let file = JsonLesson {
        format: JSON_FORMAT,
        version: VERSION,
        title: lesson.title.own(),
        steps: lesson
            .steps
            .iter()
            .map(|s| JsonStep {
                chapter: &s.chapter,
                query: &s.query,
                caption: s.caption.own(),
                notes: s.notes.own(),
                question: s.question.own(),
                answer: s.answer.own(),
                highlight: &s.highlight,
                advance: s
                    .advance
                    .as_ref()
                    .map(|a| format!("{}:{}", a.key, a.last))
                    .unwrap_or_default(),
                focus: &s.focus,
                crop: &s.crop,
                minutes: s.minutes,
            })
            .collect(),
    };
    serde_json::to_string_pretty(&file).unwrap_or_default()
}

/// Reads a lesson file. `is_chapter` says which chapter slugs exist.
pub fn from_json(json: &str, is_chapter: &dyn Fn(&str) -> bool) -> Read {
    use serde_json::Value;
    let mut read = Read::default();
    let Ok(Value::Object(root)) = serde_json::from_str::<Value>(json) else {
        read.problems.push(Problem::NotALesson);
        return read;
    };
    match root.get("version") {
        Some(Value::Number(n)) if n.as_u64() == Some(u64::from(VERSION)) => {}
        None => {}
        Some(other) => {
            read.problems
                .push(Problem::Version(shorten(&other.to_string())));
            return read;
        }
    }
    let title = root.get("title").and_then(Value::as_str).unwrap_or("");
    read.lesson.title = Text::Own(cap(title, &mut read.problems));
    let Some(Value::Array(steps)) = root.get("steps") else {
        read.problems.push(Problem::NotALesson);
        return read;
    };
    for (i, step) in steps.iter().enumerate() {
        let Some(obj) = step.as_object() else {
            read.problems.push(Problem::BadStep { index: i + 1 });
            continue;
        };
        let get = |k: &str| obj.get(k).and_then(Value::as_str).unwrap_or("");
        if get("chapter").is_empty() {
            read.problems.push(Problem::BadStep { index: i + 1 });
            continue;
        }
        let fields = Fields {
            chapter: get("chapter"),
            query: get("query"),
            caption: get("caption"),
            notes: get("notes"),
            question: get("question"),
            answer: get("answer"),
            highlight: get("highlight"),
            advance: get("advance"),
            focus: get("focus"),
            crop: get("crop"),
            minutes: &obj
                .get("minutes")
                .and_then(Value::as_u64)
                .map(|m| m.to_string())
                .unwrap_or_default(),
        };
        accept(fields, i + 1, is_chapter, &mut read);
    }
    no_steps(read)
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 §5).
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk.first().copied().unwrap_or(0),
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            let idx = ((n >> (18 - 6 * i)) & 63) as usize;
            out.push(char::from(B64[idx]));
        }
    }
    out
}

/// Decodes base64url (padding and whitespace tolerated); `None` for anything else.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for c in text.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            b'=' | b' ' | b'\n' | b'\r' => continue,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push(((acc >> bits) & 0xff) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests;
