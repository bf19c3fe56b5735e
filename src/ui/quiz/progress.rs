//! Quiz progress without an account: attempts, correct answers and streak per kind, a simple
//! Leitner review schedule, the course questions' self-assessed marks and a log of every
//! attempt, kept in `localStorage` as tab-separated lines (no JSON parser in the wasm) and
//! exported as JSON or CSV with the seeds, so a teacher can regenerate and check every question.
//!
//! Pure data: the page reads and writes the storage string ([`super::storage`]); this module
//! never touches the browser. Spaced review after Leitner (1972): a right answer moves a kind
//! up one box and its next review `2^box` attempts later; a miss sends it back to box 0, due at
//! once (H5P and Orbit do the same with more boxes).

use std::collections::BTreeMap;

use crate::model::quiz::Kind;

/// The storage key (versioned: a new format gets a new key).
pub const STORAGE_KEY: &str = "warpscope.quiz.v1";

/// Attempts kept in the log (oldest dropped first), so storage stays small.
pub const MAX_LOG: usize = 500;

/// Highest Leitner box.
pub const MAX_BOX: u32 = 5;

/// The stored text is not quiz progress of this format (another format, or corrupt).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotOurs;

/// Progress on one kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindStats {
    /// Questions answered.
    pub attempts: u32,
    /// Answered right.
    pub correct: u32,
    /// Right answers in a row, up to now.
    pub streak: u32,
    /// Leitner box, 0..=MAX_BOX.
    pub leitner_box: u32,
    /// The attempt number (over all kinds) at which the kind is due again.
    pub due_at: u32,
    /// True when the last answer was wrong.
    pub missed_last: bool,
}

/// One attempt, as exported.
#[derive(Clone, Debug, PartialEq)]
pub struct Attempt {
    /// Kind slug, or `course:<id>` for a course question.
    pub kind: String,
    /// Seed (0 for course questions).
    pub seed: u64,
    /// Parameters, `key=value` separated by spaces.
    pub params: String,
    /// What was answered (fields separated by ` | `; "got it" / "not yet" for course questions).
    pub answer: String,
    /// Graded right (or marked "got it").
    pub correct: bool,
    /// Milliseconds since 1970 (the browser's clock).
    pub time_ms: f64,
}

/// Everything stored.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Per kind.
    pub kinds: BTreeMap<Kind, KindStats>,
    /// Course question id → marked "got it" (true) or "not yet" (false).
    pub course: BTreeMap<String, bool>,
    /// Every attempt, oldest first.
    pub log: Vec<Attempt>,
}

/// Removes tabs and line breaks from text typed by the student before it is stored.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

impl Progress {
    /// Attempts over all kinds.
    pub fn total_attempts(&self) -> u32 {
        self.kinds.values().map(|s| s.attempts).sum()
    }

    /// Records a graded attempt.
    pub fn record(
        &mut self,
        kind: Kind,
        seed: u64,
        params: &str,
        answer: &str,
        correct: bool,
        time_ms: f64,
    ) {
        let now = self.total_attempts() + 1;
        let s = self.kinds.entry(kind).or_default();
        s.attempts += 1;
        if correct {
            s.correct += 1;
            s.streak += 1;
            s.leitner_box = (s.leitner_box + 1).min(MAX_BOX);
            s.due_at = now + (1 << s.leitner_box);
            s.missed_last = false;
        } else {
            s.streak = 0;
            s.leitner_box = 0;
            // A miss comes back sooner: right after the next question.
            s.due_at = now + 1;
            s.missed_last = true;
        }
        self.push(Attempt {
            kind: kind.slug().to_string(),
            seed,
            params: clean(params),
            answer: clean(answer),
            correct,
            time_ms,
        });
    }

    /// Records a self-assessed course question.
    pub fn mark_course(&mut self, id: &str, got_it: bool, time_ms: f64) {
        self.course.insert(clean(id), got_it);
        self.push(Attempt {
            kind: format!("course:{}", clean(id)),
            seed: 0,
            params: String::new(),
            answer: if got_it { "got it" } else { "not yet" }.to_string(),
            correct: got_it,
            time_ms,
        });
    }

    fn push(&mut self, a: Attempt) {
        self.log.push(a);
        if self.log.len() > MAX_LOG {
            let extra = self.log.len() - MAX_LOG;
            self.log.drain(..extra);
        }
    }

    /// Kinds to review, most urgent first: missed last time, then due by the schedule.
    pub fn review(&self) -> Vec<Kind> {
        let now = self.total_attempts();
        let mut due: Vec<(bool, u32, Kind)> = self
            .kinds
            .iter()
            .filter(|(_, s)| s.attempts > 0 && (s.missed_last || s.due_at <= now))
            .map(|(&k, s)| (!s.missed_last, s.due_at, k))
            .collect();
        crate::model::sort_short_by(&mut due, |a, b| a < b);
        due.into_iter().map(|(_, _, k)| k).collect()
    }

    /// The storage string: one line per kind, course mark and attempt.
    pub fn to_storage(&self) -> String {
        let mut out = String::from("warpscope-quiz\t1\n");
        for (k, s) in &self.kinds {
            out.push_str(&format!(
                "k\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
                k.slug(),
                s.attempts,
                s.correct,
                s.streak,
                s.leitner_box,
                s.due_at,
                u8::from(s.missed_last)
            ));
        }
        for (id, got) in &self.course {
            out.push_str(&format!("c\t{id}\t{}\n", u8::from(*got)));
        }
        for a in &self.log {
            out.push_str(&format!(
                "a\t{}\t{}\t{}\t{}\t{}\t{}\n",
                a.kind,
                a.seed,
                a.params,
                a.answer,
                u8::from(a.correct),
                a.time_ms
            ));
        }
        out
    }

    /// Reads a storage string. `Err` when it is not ours at all; lines that do not read are
    /// skipped and counted (the second value).
    pub fn from_storage(text: &str) -> Result<(Progress, usize), NotOurs> {
        let mut lines = text.lines();
        if lines.next() != Some("warpscope-quiz\t1") {
            return Err(NotOurs);
        }
        let mut p = Progress::default();
        let mut bad = 0;
        for line in lines {
            let f: Vec<&str> = line.split('\t').collect();
            let ok = match f.as_slice() {
                ["k", slug, a, c, s, b, d, m] => (|| {
                    let kind = Kind::from_slug(slug)?;
                    let stats = KindStats {
                        attempts: a.parse().ok()?,
                        correct: c.parse().ok()?,
                        streak: s.parse().ok()?,
                        leitner_box: b.parse::<u32>().ok()?.min(MAX_BOX),
                        due_at: d.parse().ok()?,
                        missed_last: *m == "1",
                    };
                    p.kinds.insert(kind, stats);
                    Some(())
                })()
                .is_some(),
                ["c", id, got] => {
                    p.course.insert(id.to_string(), *got == "1");
                    true
                }
                ["a", kind, seed, params, answer, correct, time] => (|| {
                    p.log.push(Attempt {
                        kind: kind.to_string(),
                        seed: seed.parse().ok()?,
                        params: params.to_string(),
                        answer: answer.to_string(),
                        correct: *correct == "1",
                        time_ms: time.parse().ok()?,
                    });
                    Some(())
                })()
                .is_some(),
                [""] => true,
                _ => false,
            };
            if !ok {
                bad += 1;
            }
        }
        Ok((p, bad))
    }

    /// The log as CSV (RFC 4180 quoting): kind, seed, parameters, answer, correct, time.
    pub fn to_csv(&self) -> String {
        let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
        let mut out = String::from("kind,seed,parameters,answer,correct,time\n");
        for a in &self.log {
            out.push_str(&format!(
                "{},{},{},{},{},{}\n",
                quote(&a.kind),
                a.seed,
                quote(&a.params),
                quote(&a.answer),
                a.correct,
                iso_time(a.time_ms)
            ));
        }
        out
    }

    /// The whole session as JSON: per-kind stats, course marks and the log.
    pub fn to_json(&self) -> String {
        let kinds: Vec<String> = self
            .kinds
            .iter()
            .map(|(k, s)| {
                format!(
                    "{{\"kind\":{},\"attempts\":{},\"correct\":{},\"streak\":{}}}",
                    json_str(k.slug()),
                    s.attempts,
                    s.correct,
                    s.streak
                )
            })
            .collect();
        let course: Vec<String> = self
            .course
            .iter()
            .map(|(id, got)| format!("{{\"id\":{},\"got_it\":{got}}}", json_str(id)))
            .collect();
        let log: Vec<String> = self
            .log
            .iter()
            .map(|a| {
                format!(
                    "{{\"kind\":{},\"seed\":{},\"parameters\":{},\"answer\":{},\"correct\":{},\"time\":{}}}",
                    json_str(&a.kind),
                    a.seed,
                    json_str(&a.params),
                    json_str(&a.answer),
                    a.correct,
                    json_str(&iso_time(a.time_ms))
                )
            })
            .collect();
        format!(
            "{{\"format\":\"warpscope-quiz\",\"version\":1,\"kinds\":[{}],\"course\":[{}],\"attempts\":[{}]}}\n",
            kinds.join(","),
            course.join(","),
            log.join(",")
        )
    }
}

/// A JSON string literal.
fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `2026-12-01T15:04:05Z` from milliseconds since 1970 (UTC, civil-from-days after
/// H. Hinnant's date algorithms).
pub fn iso_time(ms: f64) -> String {
    if !ms.is_finite() || ms < 0.0 {
        return String::new();
    }
    let secs = (ms / 1000.0).floor() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiz_progress_round_trips_and_schedules_misses_sooner() {
        let mut p = Progress::default();
        p.record(
            Kind::DispatchWaves,
            7,
            "gpu=a100 grid=1000",
            "5 | 64",
            true,
            1.7e12,
        );
        p.record(
            Kind::CoalescingSectors,
            9,
            "elem=4",
            "8\t|\n4",
            false,
            1.7e12,
        );
        p.mark_course("000-6-1", true, 1.7e12);
        assert_eq!(p.review(), vec![Kind::CoalescingSectors]);
        let (back, bad) = Progress::from_storage(&p.to_storage()).expect("ours");
        assert_eq!((back, bad), (p.clone(), 0));
        assert!(Progress::from_storage("{not ours").is_err());
        let (_, bad) =
            Progress::from_storage("warpscope-quiz\t1\nk\tnope\t1\nzzz\n").expect("ours");
        assert_eq!(bad, 2);
        assert!(p.to_csv().lines().count() == 4);
        assert!(p.to_json().contains("\"seed\":9"));
        assert_eq!(iso_time(0.0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_time(1_764_601_445_000.0), "2025-12-01T15:04:05Z");
    }
}
