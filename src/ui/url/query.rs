//! Query strings read and written by every page but a chapter's inputs (those go through
//! [`super::QueryReader`] and [`super::to_query`]): the language, the classroom's link, a
//! lesson step's parameters. One parser and one writer, `form_urlencoded` (`application/
//! x-www-form-urlencoded`: `&`-separated pairs, `+` for a space, percent-escapes), so every
//! page splits, decodes and encodes the same way. Untrusted input: nothing here panics, a broken
//! escape is kept as text and bytes that are not UTF-8 become U+FFFD.

/// The decoded `(key, value)` pairs of `query` (with or without its leading `?`), in order.
pub fn pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    let query = query.strip_prefix('?').unwrap_or(query);
    form_urlencoded::parse(query.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned()))
}

/// The decoded value of `key` in `query` (the last one when repeated).
pub fn value(query: &str, key: &str) -> Option<String> {
    pairs(query)
        .filter(|(k, _)| k == key)
        .map(|(_, v)| v)
        .last()
}

/// The value of `key` in `query` as a whole number.
pub fn number(query: &str, key: &str) -> Option<u32> {
    value(query, key).and_then(|v| v.trim().parse().ok())
}

/// `query` without its `key` pairs, the others as they were written (no `?`).
pub fn without(query: &str, key: &str) -> String {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .filter(|p| {
            let raw_key = p.split_once('=').map_or(*p, |(k, _)| k);
            form_urlencoded::parse(raw_key.as_bytes())
                .next()
                .map_or(raw_key != key, |(k, _)| k != key)
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// `query` with `key` set to `value` (its other pairs kept, `key` written last).
pub fn with_value(query: &str, key: &str, value: &str) -> String {
    let mut out = without(query, key);
    if !out.is_empty() {
        out.push('&');
    }
    out.push_str(&pair(key, value));
    out
}

/// One `key=value` pair, encoded.
pub fn pair(key: &str, value: &str) -> String {
    form_urlencoded::Serializer::new(String::new())
        .append_pair(key, value)
        .finish()
}

/// `pairs` written as a query string (no `?`), each encoded.
pub fn join<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        out.append_pair(k, v);
    }
    out.finish()
}

/// `s` encoded as one query value (`+` for a space, escapes for the rest).
pub fn component(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_the_last_value_decoded() {
        let q = "?a=1&lesson=1.abc%2Bd&b=x+y&a=2";
        assert_eq!(value(q, "a").as_deref(), Some("2"));
        assert_eq!(value(q, "lesson").as_deref(), Some("1.abc+d"));
        assert_eq!(value(q, "b").as_deref(), Some("x y"));
        assert_eq!(value(q, "c"), None);
        assert_eq!(number("step=3&x", "step"), Some(3));
        assert_eq!(number("step=-3", "step"), None);
        // A broken escape stays text.
        assert_eq!(value("a=%zz%", "a").as_deref(), Some("%zz%"));
    }

    #[test]
    fn edits_one_key_and_keeps_the_others_as_written() {
        assert_eq!(without("lang=zh&regs=64&lang=en", "lang"), "regs=64");
        assert_eq!(without("?l%61ng=zh&x=%20", "lang"), "x=%20");
        assert_eq!(
            with_value("event=3&grid=1000", "event", "4"),
            "grid=1000&event=4"
        );
        assert_eq!(with_value("", "step", "2"), "step=2");
        assert_eq!(join([("f", "lane * 2"), ("n", "1")]), "f=lane+*+2&n=1");
    }

    proptest! {
        #[test]
        fn a_value_written_reads_back(k in "[a-z]{1,6}", v in ".{0,40}", rest in "[a-z=&0-9%+]{0,30}") {
            let q = with_value(&rest, &k, &v);
            prop_assert_eq!(value(&q, &k), Some(v.clone()));
            prop_assert_eq!(value(&format!("x={}", component(&v)), "x"), Some(v));
        }
    }
}
