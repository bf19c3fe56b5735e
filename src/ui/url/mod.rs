//! The URL is the global state: every chapter's inputs serialise to the query string, so any
//! view is a permalink.
//!
//! A permalink is untrusted input. [`QueryReader`] reads it field by field: a value that does
//! not parse falls back to the default, a number out of range is clamped, an unknown key is
//! ignored, and each case leaves a [`Notice`] the page shows. Nothing here panics, whatever the
//! bytes. Pairs are split and percent-decoded with `percent-encoding` and written with
//! `form_urlencoded` (`application/x-www-form-urlencoded`: `+` for a space), keeping only the
//! fields that differ from the defaults so links stay short. Both are flat `key=value` formats:
//! no `a[b]=1` nesting (such a pair is [`Notice::Malformed`]).

pub mod keys;
pub mod query;

use std::collections::BTreeMap;
use std::fmt::Display;
use std::str::FromStr;

use serde::de::{DeserializeOwned, IntoDeserializer};
use serde::ser::{self, Impossible};
use serde::Serialize;

/// Something a permalink asked for that the page could not honour exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A key the chapter does not know; ignored.
    UnknownKey {
        /// The key as given.
        key: String,
    },
    /// A value that does not parse; the default is used.
    Unparsable {
        /// The key.
        key: String,
        /// The value as given.
        value: String,
    },
    /// A number out of range; clamped to the nearest limit.
    Clamped {
        /// The key.
        key: String,
        /// The value as given.
        value: String,
        /// The value used.
        used: String,
        /// The allowed range, as text ("1–1024").
        allowed: String,
    },
    /// The query string itself is malformed; the parts that parsed were used.
    Malformed,
}

/// Keys every page understands (read by the app shell, not by a chapter): the language.
pub const GLOBAL_KEYS: [&str; 1] = ["lang"];

/// The values of `lang` a link may carry, lower case: the rule of the page's inline check
/// (`assets/precheck.js`), which starts the app in Chinese for `zh` or `zh-cn`, in English for
/// `en`, and otherwise in the stored or the browser's language.
pub const LANG_VALUES: [&str; 3] = ["en", "zh", "zh-cn"];

/// The notice for a link's `lang=<value>`, when the value is not one of [`LANG_VALUES`] (the
/// page then starts in the stored or the browser's language, its default).
pub fn lang_notice(value: &str) -> Option<Notice> {
    (!LANG_VALUES.contains(&value.trim().to_ascii_lowercase().as_str())).then(|| {
        Notice::Unparsable {
            key: "lang".into(),
            value: echo(value),
        }
    })
}

/// Longest value echoed back in a notice, in characters (a permalink can be arbitrarily long).
const MAX_ECHO_CHARS: usize = 40;

/// `value` as a notice quotes it: at most [`MAX_ECHO_CHARS`] characters, then `…`.
pub fn echo(value: &str) -> String {
    let mut s: String = value.chars().take(MAX_ECHO_CHARS).collect();
    if value.chars().count() > MAX_ECHO_CHARS {
        s.push('…');
    }
    s
}

/// Reads one chapter's inputs from a query string, collecting [`Notice`]s.
#[derive(Debug)]
pub struct QueryReader {
    pairs: BTreeMap<String, String>,
    read: Vec<String>,
    /// Key prefixes read with [`QueryReader::prefixed`].
    read_prefixes: Vec<String>,
    notices: Vec<Notice>,
}

impl QueryReader {
    /// Splits `query` (with or without the leading `?`) into key/value pairs: `&`-separated,
    /// `+` is a space, percent-escapes decoded (a `%` not followed by two hex digits is kept as
    /// text). The last value of a repeated key wins. A pair whose key is empty or uses bracket
    /// syntax (`a[b]=1`), or whose bytes are not UTF-8 once decoded, is dropped and yields one
    /// [`Notice::Malformed`]; the other pairs are used.
    pub fn parse(query: &str) -> QueryReader {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut pairs = BTreeMap::new();
        let mut malformed = false;
        for part in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            match (decode(key), decode(value)) {
                (Some(k), Some(v)) if !k.is_empty() && !key.contains('[') => {
                    pairs.insert(k, v);
                }
                _ => malformed = true,
            }
        }
        QueryReader {
            pairs,
            read: Vec::new(),
            read_prefixes: Vec::new(),
            notices: if malformed {
                vec![Notice::Malformed]
            } else {
                Vec::new()
            },
        }
    }

    fn take(&mut self, key: &str) -> Option<String> {
        self.read.push(key.to_string());
        self.pairs.get(key).cloned()
    }

    /// A whole number in `min..=max`; missing → `default`. One rule for bad values: a number
    /// that parses but lies outside the range (`-1`, `99999999`, `1e308`,
    /// `18446744073709551616`) is clamped to the nearest limit with a notice naming the range;
    /// text that is not a number falls back to `default` with a notice quoting it.
    pub fn num<T>(&mut self, key: &str, default: T, min: T, max: T) -> T
    where
        T: FromStr + PartialOrd + Copy + Display + Into<i128>,
    {
        let Some(raw) = self.take(key) else {
            return default;
        };
        let text = raw.trim();
        if let Ok(v) = text.parse::<T>() {
            if v >= min && v <= max {
                return v;
            }
        }
        // Out of the type's range too, or written as a float: compare as a real number.
        let value = text
            .parse::<i128>()
            .map(|v| v as f64)
            .or_else(|_| text.parse::<f64>())
            .ok()
            .filter(|v| !v.is_nan());
        let (lo, hi) = (min.into() as f64, max.into() as f64);
        match value {
            // Not whole (`7.5`, `1e9.5`), or in range and not read as the type: not a valid
            // value for this field, wherever it lies (never truncated into range).
            Some(v) if v.fract() != 0.0 || (v >= lo && v <= hi) => {
                self.notices.push(Notice::Unparsable {
                    key: key.into(),
                    value: echo(&raw),
                });
                default
            }
            Some(v) => {
                let used = if v < lo { min } else { max };
                self.clamped(key, &raw, used, min, max);
                used
            }
            None => {
                self.notices.push(Notice::Unparsable {
                    key: key.into(),
                    value: echo(&raw),
                });
                default
            }
        }
    }

    fn clamped(
        &mut self,
        key: &str,
        raw: &str,
        used: impl Display,
        min: impl Display,
        max: impl Display,
    ) {
        self.notices.push(Notice::Clamped {
            key: key.into(),
            value: echo(raw),
            used: used.to_string(),
            allowed: format!("{min}–{max}"),
        });
    }

    /// A float in `min..=max`: out of range (infinities included) → clamped + notice; NaN or
    /// not a number → `default` + notice.
    pub fn float(&mut self, key: &str, default: f64, min: f64, max: f64) -> f64 {
        let Some(raw) = self.take(key) else {
            return default;
        };
        match raw.trim().parse::<f64>() {
            Ok(v) if v >= min && v <= max => v,
            Ok(v) if !v.is_nan() => {
                let used = v.clamp(min, max);
                self.clamped(key, &raw, used, min, max);
                used
            }
            _ => {
                self.notices.push(Notice::Unparsable {
                    key: key.into(),
                    value: echo(&raw),
                });
                default
            }
        }
    }

    /// A serde-named choice (an enum with `rename_all`, or a bool); unknown → `default` + notice.
    pub fn choice<T: DeserializeOwned>(&mut self, key: &str, default: T) -> T {
        let Some(raw) = self.take(key) else {
            return default;
        };
        let de: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
            raw.as_str().into_deserializer();
        match T::deserialize(de) {
            Ok(v) => v,
            Err(_) => {
                self.notices.push(Notice::Unparsable {
                    key: key.into(),
                    value: echo(&raw),
                });
                default
            }
        }
    }

    /// A value spelled by one of the [`keys`] vocabularies: `parse` of the exact text; anything
    /// else → `default` + notice.
    pub fn parsed<T>(&mut self, key: &str, default: T, parse: fn(&str) -> Option<T>) -> T {
        let Some(raw) = self.take(key) else {
            return default;
        };
        match parse(&raw) {
            Some(v) => v,
            None => {
                self.notices.push(Notice::Unparsable {
                    key: key.into(),
                    value: echo(&raw),
                });
                default
            }
        }
    }

    /// One of `allowed` strings; anything else → `default` + notice.
    pub fn one_of(&mut self, key: &str, default: &str, allowed: &[&str]) -> String {
        let Some(raw) = self.take(key) else {
            return default.to_string();
        };
        if let Some(hit) = allowed.iter().find(|a| a.eq_ignore_ascii_case(raw.trim())) {
            hit.to_string()
        } else {
            self.notices.push(Notice::Unparsable {
                key: key.into(),
                value: echo(&raw),
            });
            default.to_string()
        }
    }

    /// Free text of at most `max_chars` characters; longer → `default` + notice. The text is
    /// only ever shown as text (never parsed as HTML).
    pub fn text(&mut self, key: &str, default: &str, max_chars: usize) -> String {
        let Some(raw) = self.take(key) else {
            return default.to_string();
        };
        if raw.chars().count() <= max_chars {
            raw
        } else {
            self.notices.push(Notice::Unparsable {
                key: key.into(),
                value: echo(&raw),
            });
            default.to_string()
        }
    }

    /// `true`/`false`/`1`/`0`; anything else → `default` + notice.
    pub fn flag(&mut self, key: &str, default: bool) -> bool {
        let Some(raw) = self.take(key) else {
            return default;
        };
        match raw.as_str() {
            "1" | "true" => true,
            "0" | "false" => false,
            _ => {
                self.notices.push(Notice::Unparsable {
                    key: key.into(),
                    value: echo(&raw),
                });
                default
            }
        }
    }

    /// Every pair whose key starts with `prefix`, as `(rest of the key, value)` in key order,
    /// marked as read: a family of keys named by the page's data (the lab's `a.n`, `a.stride`:
    /// one per kernel parameter). At most `max` pairs are returned; the others are read too
    /// (no notice of their own) and dropped with one [`Notice::Malformed`].
    pub fn prefixed(&mut self, prefix: &str, max: usize) -> Vec<(String, String)> {
        let found: Vec<(String, String)> = self
            .pairs
            .iter()
            .filter_map(|(k, v)| {
                k.strip_prefix(prefix)
                    .map(|rest| (rest.to_string(), v.clone()))
            })
            .collect();
        self.read_prefixes.push(prefix.to_string());
        if found.len() > max {
            self.notices.push(Notice::Malformed);
        }
        found.into_iter().take(max).collect()
    }

    /// Adds a notice the page found itself (a value that read but could not be used).
    pub fn notice(&mut self, notice: Notice) {
        self.notices.push(notice);
    }

    /// Marks `key` as known without reading it (a key another chapter sharing the link owns).
    pub fn skip(&mut self, key: &str) {
        self.read.push(key.to_string());
    }

    /// Ends reading: every key that was not asked for becomes an [`Notice::UnknownKey`].
    pub fn finish(mut self) -> Vec<Notice> {
        for key in self.pairs.keys() {
            let read = self.read.iter().any(|k| k == key)
                || self
                    .read_prefixes
                    .iter()
                    .any(|p| key.starts_with(p.as_str()));
            if !read && !GLOBAL_KEYS.contains(&key.as_str()) {
                self.notices.push(Notice::UnknownKey { key: echo(key) });
            }
        }
        self.notices
    }
}

/// One key or value of a query, decoded: `+` → space, then percent-escapes; `None` when the
/// decoded bytes are not UTF-8.
fn decode(raw: &str) -> Option<String> {
    let spaced = raw.replace('+', " ");
    percent_encoding::percent_decode_str(&spaced)
        .decode_utf8()
        .ok()
        .map(|s| s.into_owned())
}

/// Serialises `state` as a query string (no leading `?`), keeping only the pairs that differ
/// from `defaults`. Empty when everything is default. `state` is a flat struct of numbers,
/// bools, strings, unit-variant enums and options (`None` is left out); each value is written
/// with `Display` (`1000000`, never `1e6`).
pub fn to_query<T: Serialize>(state: &T, defaults: &T) -> String {
    let (Some(now), Some(base)) = (pairs_of(state), pairs_of(defaults)) else {
        return String::new();
    };
    changed_pairs(&now, &base)
}

/// The keys [`to_query`] can write for `state`: its fields' names (a `None` left out), in
/// order; empty if it is not a flat struct. What a chapter's tests hold against its [`keys`]
/// table.
pub fn field_keys<T: Serialize>(state: &T) -> Vec<&'static str> {
    pairs_of(state)
        .unwrap_or_default()
        .into_iter()
        .map(|(k, _)| k)
        .collect()
}

/// The fields of a flat struct as `(key, value)` text pairs; `None` if it is not one.
fn pairs_of<T: Serialize>(state: &T) -> Option<Vec<Pair>> {
    let mut w = PairWriter::default();
    state.serialize(&mut w).ok()?;
    Some(w.pairs)
}

/// A field's key and its value as text.
type Pair = (&'static str, String);

/// The pairs of `now` that are not in `base`, in `now`'s order, form-urlencoded. Not generic,
/// so one copy serves every chapter's [`to_query`].
#[inline(never)]
fn changed_pairs(now: &[Pair], base: &[Pair]) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (key, value) in now.iter().filter(|p| !base.contains(p)) {
        out.append_pair(key, value);
    }
    out.finish()
}

/// A serde serializer that records a flat struct's fields as text pairs.
#[derive(Default)]
struct PairWriter {
    /// The field being written.
    key: &'static str,
    pairs: Vec<Pair>,
}

impl PairWriter {
    #[inline(never)]
    fn push(&mut self, value: String) -> Result<(), Error> {
        if self.key.is_empty() {
            return Err(unsupported()); // a value outside a struct's field
        }
        self.pairs.push((self.key, value));
        Ok(())
    }
}

type Error = serde::de::value::Error;

fn unsupported() -> Error {
    ser::Error::custom("not a flat struct of plain values")
}

macro_rules! write_display {
    ($($method:ident: $ty:ty),*) => {$(
        fn $method(self, v: $ty) -> Result<(), Error> {
            self.push(v.to_string())
        }
    )*};
}

impl ser::Serializer for &mut PairWriter {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Error>;

    write_display!(
        serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_f32: f32, serialize_f64: f64, serialize_char: char,
        serialize_str: &str
    );

    fn serialize_bytes(self, _: &[u8]) -> Result<(), Error> {
        Err(unsupported())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Ok(())
    }
    fn serialize_some<V: ?Sized + Serialize>(self, value: &V) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.push(String::new())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.push(String::new())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.push(variant.to_string())
    }
    fn serialize_newtype_struct<V: ?Sized + Serialize>(
        self,
        _: &'static str,
        value: &V,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<V: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &V,
    ) -> Result<(), Error> {
        Err(unsupported())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(unsupported())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(unsupported())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(unsupported())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(unsupported())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(unsupported())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(unsupported())
    }
}

impl ser::SerializeStruct for &mut PairWriter {
    type Ok = ();
    type Error = Error;

    fn serialize_field<V: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &V,
    ) -> Result<(), Error> {
        self.key = key;
        value.serialize(&mut **self)
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
