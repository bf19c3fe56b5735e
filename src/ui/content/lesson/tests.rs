//! Tests of the parent module.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;
use proptest::prelude::*;

fn chapters(slug: &str) -> bool {
    ["chip", "occupancy", "roofline"].contains(&slug)
}

fn sample() -> Lesson {
    Lesson {
        title: Text::Own("Waves\tand tails".into()),
        steps: vec![
            Step {
                chapter: "occupancy".into(),
                query: "regs=128&threads=256".into(),
                caption: Text::Own("Two blocks.\nWhy?".into()),
                question: Text::Own("How many warps?".into()),
                answer: Text::Own("16 \\ 64".into()),
                ..Step::default()
            },
            Step {
                chapter: "chip".into(),
                advance: Some(Advance {
                    key: "step".into(),
                    last: 7,
                }),
                ..Step::default()
            },
        ],
    }
}

#[test]
fn a_lesson_round_trips_through_its_link_and_its_file() {
    let l = sample();
    let link = decode(&encode(&l), &chapters);
    assert_eq!((link.lesson, link.problems), (l.clone(), vec![]));
    let file = from_json(&to_json(&l), &chapters);
    assert_eq!((file.lesson, file.problems), (l, vec![]));
}

#[test]
fn an_older_link_and_file_without_a_crop_still_read() {
    // Written before the crop field: 9 fields (focus last), and a file without "crop".
    let old = format!(
        "1.{}",
        base64url_encode("t\nchip\tx=1\tcap\t\t\t\t\t\t[data-testid=memory]".as_bytes())
    );
    let read = decode(&old, &chapters);
    assert_eq!(read.problems, vec![]);
    let s = &read.lesson.steps[0];
    assert_eq!(
        (s.focus.as_str(), s.crop.as_str()),
        ("[data-testid=memory]", "")
    );
    let file = from_json(
        r#"{"version":1,"steps":[{"chapter":"chip","focus":"svg"}]}"#,
        &chapters,
    );
    assert_eq!(file.lesson.steps[0].crop, "");
    // A crop round-trips, and a link from a later build with more fields still reads.
    let l = Lesson {
        steps: vec![Step {
            chapter: "chip".into(),
            crop: "g.row:nth-of-type(-n+8)".into(),
            ..Step::default()
        }],
        ..Lesson::default()
    };
    assert_eq!(decode(&encode(&l), &chapters).lesson, l);
    let later = format!(
        "1.{}",
        base64url_encode("t\nchip\t\t\t\t\t\t\t\t\tg\tfuture".as_bytes())
    );
    assert_eq!(decode(&later, &chapters).lesson.steps[0].crop, "g");
}

#[test]
fn a_bad_step_is_left_out_and_the_rest_kept() {
    let mut l = sample();
    l.steps.insert(
        1,
        Step {
            chapter: "nope".into(),
            ..Step::default()
        },
    );
    let read = decode(&encode(&l), &chapters);
    assert_eq!(read.lesson.steps.len(), 2);
    assert_eq!(
        read.problems,
        vec![Problem::UnknownChapter {
            index: 2,
            chapter: "nope".into()
        }]
    );
    let json = r#"{"version":1,"title":"t","steps":[3,{"chapter":"chip"},{"query":"x"}]}"#;
    let read = from_json(json, &chapters);
    assert_eq!(read.lesson.steps.len(), 1);
    assert_eq!(
        read.problems,
        vec![Problem::BadStep { index: 1 }, Problem::BadStep { index: 3 }]
    );
}

#[test]
fn garbage_is_not_a_lesson() {
    for bad in ["", "hello", "1.!!!", "x.abc", "1.gA"] {
        let read = decode(bad, &chapters);
        assert!(read.lesson.steps.is_empty(), "{bad}");
        assert!(!read.problems.is_empty() || bad == "1.gA", "{bad}");
    }
    assert_eq!(
        decode("2.abc", &chapters).problems,
        vec![Problem::Version("2".into())]
    );
    assert_eq!(
        from_json("[1]", &chapters).problems,
        vec![Problem::NotALesson]
    );
}

#[test]
fn base64url_matches_rfc_4648() {
    for (plain, enc) in [
        ("", ""),
        ("f", "Zg"),
        ("fo", "Zm8"),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg"),
    ] {
        assert_eq!(base64url_encode(plain.as_bytes()), enc);
        assert_eq!(base64url_decode(enc).as_deref(), Some(plain.as_bytes()));
    }
}

fn arb_text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-z \\t\\n\\\\\u{e9}\u{5360}\u{7528}?=&.:]{0,12}")
        .expect("regex")
}

proptest! {
    #[test]
    fn any_lesson_round_trips(
        title in arb_text(),
        steps in proptest::collection::vec(
            (0usize..4, arb_text(), arb_text(), arb_text(), arb_text(), proptest::option::of(0u32..50), proptest::option::of(1u32..=MAX_MINUTES)),
            0..6,
        ),
    ) {
        let slugs = ["chip", "occupancy", "roofline", TEXT_STEP];
        let lesson = Lesson {
            title: Text::Own(title.replace('\r', "")),
            steps: steps.into_iter().map(|(c, q, cap, notes, ans, adv, minutes)| Step {
                chapter: slugs[c].into(),
                query: q.replace('\r', "").trim_start_matches('?').to_string(),
                caption: Text::Own(cap.replace('\r', "")),
                focus: q.replace('\r', ""),
                crop: cap.replace('\r', ""),
                notes: Text::Own(notes.replace('\r', "")),
                answer: Text::Own(ans.replace('\r', "")),
                advance: adv.map(|last| Advance { key: "step".into(), last }),
                minutes,
                ..Step::default()
            }).collect(),
        };
        let link = decode(&encode(&lesson), &chapters);
        prop_assert_eq!(&link.lesson, &lesson);
        let file = from_json(&to_json(&lesson), &chapters);
        prop_assert_eq!(&file.lesson, &lesson);
    }

    #[test]
    fn decoding_never_panics(s in ".{0,200}") {
        let _ = decode(&s, &chapters);
        let _ = decode(&format!("1.{s}"), &chapters);
        let _ = from_json(&s, &chapters);
    }

    #[test]
    fn decoding_any_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = decode(&format!("1.{}", base64url_encode(&bytes)), &chapters);
    }
}
