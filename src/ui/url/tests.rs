//! Tests of the parent module.
//!
//! Test code only: compiled for `cargo test` (`#[cfg(test)] mod` in its parent).
#![cfg(test)]

use super::*;
use proptest::prelude::*;

#[derive(Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Fast,
    Slow,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
struct State {
    n: u32,
    x: f64,
    mode: Mode,
    on: bool,
}

const DEFAULT: State = State {
    n: 8,
    x: 1.5,
    mode: Mode::Fast,
    on: false,
};

fn read(query: &str) -> (State, Vec<Notice>) {
    let mut r = QueryReader::parse(query);
    let s = State {
        n: r.num("n", DEFAULT.n, 1, 100),
        x: r.float("x", DEFAULT.x, 0.0, 10.0),
        mode: r.choice("mode", DEFAULT.mode),
        on: r.flag("on", DEFAULT.on),
    };
    (s, r.finish())
}

#[test]
fn round_trips_through_the_query() {
    let s = State {
        n: 42,
        x: 2.25,
        mode: Mode::Slow,
        on: true,
    };
    let q = to_query(&s, &DEFAULT);
    assert_eq!(read(&q), (s, vec![]));
    assert_eq!(to_query(&DEFAULT, &DEFAULT), "");
}

#[test]
fn bad_values_fall_back_with_notices() {
    let (s, notices) = read("?n=1000&x=abc&mode=warp&on=maybe&zzz=1");
    assert_eq!(s.n, 100);
    assert_eq!(s.x, DEFAULT.x);
    assert_eq!(s.mode, DEFAULT.mode);
    assert_eq!(s.on, DEFAULT.on);
    assert_eq!(notices.len(), 5, "{notices:?}");
    assert!(notices.contains(&Notice::UnknownKey { key: "zzz".into() }));
    assert_eq!(read("lang=zh").1, vec![]);
}

#[test]
fn nan_and_negative_are_rejected() {
    let (s, notices) = read("x=NaN&n=-3");
    assert_eq!(
        (s.x, s.n),
        (DEFAULT.x, 1),
        "-3 is a number below the range: clamped"
    );
    assert_eq!(notices.len(), 2);
    assert!(notices
        .iter()
        .any(|n| matches!(n, Notice::Clamped { allowed, .. } if allowed == "1–100")));
}

#[test]
fn out_of_range_numbers_clamp_to_the_nearest_limit() {
    for (q, n) in [
        ("n=-1", 1),
        ("n=0", 1),
        ("n=99999999", 100),
        ("n=1e308", 100),
        ("n=-1e308", 1),
        ("n=18446744073709551616", 100),
        ("n=7.5", DEFAULT.n),
        ("n=250.5", DEFAULT.n),
    ] {
        let (s, notices) = read(q);
        assert_eq!(s.n, n, "{q}");
        assert_eq!(notices.len(), 1, "{q}: {notices:?}");
    }
    let (s, notices) = read("n=abc");
    assert_eq!(s.n, DEFAULT.n);
    assert!(matches!(&notices[0], Notice::Unparsable { .. }));
    let (s, _) = read("x=inf");
    assert_eq!(s.x, 10.0);
}

/// `parse` keeps what serde_qs 0.15 (the parser before this one) read from each link: the
/// expected pairs and Malformed flags below are its outputs, except `=1` (serde_qs: the key
/// `=1`; now an empty key, Malformed).
/// A link, the pairs read from it, and whether it is Malformed.
type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], bool);

#[test]
fn parse_reads_links_as_before() {
    let m = true;
    #[rustfmt::skip]
        let cases: &[Case] = &[
            ("", &[], false),
            ("?", &[], false),
            ("?a=1", &[("a", "1")], false),
            ("a=1&b=2", &[("a", "1"), ("b", "2")], false),
            ("a=1&a=2", &[("a", "2")], false),
            ("a=x+y", &[("a", "x y")], false),
            ("a=x%20y", &[("a", "x y")], false),
            ("a=%2B", &[("a", "+")], false),
            ("a=%zz", &[("a", "%zz")], false),
            ("a=%", &[("a", "%")], false),
            ("a=%ff", &[], m),
            ("a=%C3%A9", &[("a", "é")], false),
            ("a[b]=1", &[], m),
            ("a%5Bb%5D=1", &[("a[b]", "1")], false),
            ("a[]=1", &[], m),
            ("a[0]=1", &[], m),
            ("&&a=1&&", &[("a", "1")], false),
            ("a", &[("a", "")], false),
            ("a=", &[("a", "")], false),
            ("=1", &[], m),
            ("a=1=2", &[("a", "1=2")], false),
            ("a=1&b[c]=2&d=3", &[("a", "1"), ("d", "3")], m),
            ("a=[x]", &[("a", "[x]")], false),
            ("a=1&a[b]=2", &[("a", "1")], m),
            ("%61=1", &[("a", "1")], false),
            ("a+b=1", &[("a b", "1")], false),
            ("a=1;b=2", &[("a", "1;b=2")], false),
            ("a=x&b", &[("a", "x"), ("b", "")], false),
            ("?a=1?b=2", &[("a", "1?b=2")], false),
            ("a=1#x", &[("a", "1#x")], false),
            ("a]=1", &[("a]", "1")], false),
            ("a[=1", &[], m),
            ("a[b=1", &[], m),
            ("a%=1", &[("a%", "1")], false),
            ("lang=zh&a=%zz", &[("a", "%zz"), ("lang", "zh")], false),
            ("a=%ff&a[b]=1&b=2", &[("b", "2")], m),
        ];
    for (q, pairs, malformed) in cases {
        let r = QueryReader::parse(q);
        let want: BTreeMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        assert_eq!(r.pairs, want, "{q}");
        let notices = if *malformed {
            vec![Notice::Malformed]
        } else {
            vec![]
        };
        assert_eq!(r.notices, notices, "{q}");
    }
}

#[derive(Serialize)]
struct Texts {
    s: String,
    o: Option<u8>,
    f: f64,
    i: i64,
}

/// `to_query` writes what serde_qs 0.15 wrote: the same escapes (`+` for a space, only
/// `*-._` and alphanumerics bare), floats with `Display`, `None` left out.
#[test]
fn to_query_writes_links_as_before() {
    let base = Texts {
        s: String::new(),
        o: None,
        f: 0.0,
        i: 0,
    };
    for (s, q) in [
        ("a b", "s=a+b&f=1000000000000&i=-3"),
        ("x&y=z", "s=x%26y%3Dz&f=1000000000000&i=-3"),
        ("é*-._~+", "s=%C3%A9*-._%7E%2B&f=1000000000000&i=-3"),
    ] {
        let t = Texts {
            s: s.into(),
            o: None,
            f: 1e12,
            i: -3,
        };
        assert_eq!(to_query(&t, &base), q);
        assert_eq!(QueryReader::parse(q).pairs["s"], s);
    }
    let t = Texts {
        s: String::new(),
        o: Some(7),
        f: 0.25,
        i: 0,
    };
    assert_eq!(to_query(&t, &base), "o=7&f=0.25");
    assert_eq!(to_query(&1u8, &2u8), "", "not a struct: nothing written");
}

proptest! {
    #[test]
    fn arbitrary_queries_never_panic(q in ".{0,200}") {
        let (s, _) = read(&q);
        prop_assert!((1..=100).contains(&s.n));
        prop_assert!((0.0..=10.0).contains(&s.x));
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let q = String::from_utf8_lossy(&bytes);
        let _ = read(&q);
    }
}
