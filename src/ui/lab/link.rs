//! The kernel in a link: the source as raw deflate (RFC 1951, `miniz_oxide`), then base64url
//! without padding (RFC 4648 §5), in the query's `k` beside `v=1` (the format's version).
//!
//! A link is untrusted input: [`unpack`] refuses a value longer than [`MAX_PACKED_CHARS`],
//! anything that is not base64url, a stream that is not deflate, one that inflates to more than
//! [`MAX_SOURCE_BYTES`] (a small link can inflate to gigabytes: the inflater stops at the
//! limit), and bytes that are not UTF-8. It never panics and its work is bounded by the limits.

use crate::ui::content::lesson::{base64url_decode, base64url_encode};

/// The version of the `k` format, written as `v=1`.
pub const VERSION: &str = "1";

/// Longest kernel source the lab keeps in a link (and accepts in the editor), in bytes of UTF-8:
/// a kernel of a few hundred lines.
pub const MAX_SOURCE_BYTES: usize = 16 * 1024;

/// Longest `k` value read: the base64url of a deflated source of [`MAX_SOURCE_BYTES`] that does
/// not compress at all (deflate's stored blocks add 5 bytes per 65,535), with room to spare.
pub const MAX_PACKED_CHARS: usize = 24 * 1024;

/// Deflate level: 9 (best); a kernel of a few KiB packs in well under a millisecond.
const LEVEL: u8 = 9;

/// Why a `k` value could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnpackError {
    /// Longer than [`MAX_PACKED_CHARS`].
    TooLong,
    /// Not base64url.
    NotBase64,
    /// Not a deflate stream (or a truncated one).
    NotDeflate,
    /// Inflates to more than [`MAX_SOURCE_BYTES`].
    TooLarge,
    /// The inflated bytes are not UTF-8.
    NotUtf8,
}

/// The `k` value of `source`.
pub fn pack(source: &str) -> String {
    base64url_encode(&miniz_oxide::deflate::compress_to_vec(
        source.as_bytes(),
        LEVEL,
    ))
}

/// The source a `k` value holds.
pub fn unpack(k: &str) -> Result<String, UnpackError> {
    if k.len() > MAX_PACKED_CHARS {
        return Err(UnpackError::TooLong);
    }
    let bytes = base64url_decode(k).ok_or(UnpackError::NotBase64)?;
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_SOURCE_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => UnpackError::TooLarge,
            _ => UnpackError::NotDeflate,
        })?;
    String::from_utf8(raw).map_err(|_| UnpackError::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_preset_round_trips_and_packs_small() {
        let (mut packed, mut escaped) = (0, 0);
        for p in crate::model::kernel::presets() {
            let k = pack(p.source);
            assert_eq!(unpack(&k).as_deref(), Ok(p.source), "{}", p.id);
            // Against the source written into the query as text (percent-escaped): a kernel of
            // a few lines packs about as long, a longer one much shorter.
            let plain = crate::ui::url::query::component(p.source).len();
            assert!(k.len() < plain + 16, "{}: {} vs {plain}", p.id, k.len());
            packed += k.len();
            escaped += plain;
        }
        assert!(packed * 10 < escaped * 8, "{packed} vs {escaped}");
    }

    #[test]
    fn bad_values_are_refused() {
        assert_eq!(unpack("not base64!"), Err(UnpackError::NotBase64));
        assert_eq!(unpack("AAAA"), Err(UnpackError::NotDeflate));
        assert_eq!(
            unpack(&"A".repeat(MAX_PACKED_CHARS + 1)),
            Err(UnpackError::TooLong)
        );
        // 1 MiB of spaces deflates to about a kilobyte: refused at the inflate limit.
        let bomb = pack(&" ".repeat(1 << 20));
        assert!(bomb.len() < MAX_PACKED_CHARS);
        assert_eq!(unpack(&bomb), Err(UnpackError::TooLarge));
        let latin1 = base64url_encode(&miniz_oxide::deflate::compress_to_vec(&[0xff, 0xfe], 9));
        assert_eq!(unpack(&latin1), Err(UnpackError::NotUtf8));
        // The largest source a link holds, incompressible: it still fits.
        let noise: String = (0..MAX_SOURCE_BYTES / 4)
            .map(|i| char::from_u32(0x4e00 + (i as u32 * 7919) % 20_000).unwrap_or('x'))
            .take(MAX_SOURCE_BYTES / 3)
            .collect();
        assert!(noise.len() <= MAX_SOURCE_BYTES);
        let k = pack(&noise);
        assert!(k.len() <= MAX_PACKED_CHARS, "{}", k.len());
        assert_eq!(unpack(&k), Ok(noise));
    }

    proptest! {
        #[test]
        fn any_text_round_trips(s in ".{0,400}") {
            prop_assert_eq!(unpack(&pack(&s)), Ok(s));
        }

        #[test]
        fn any_value_is_read_or_refused_without_panic(k in "[A-Za-z0-9_\\-]{0,300}") {
            let _ = unpack(&k);
        }
    }
}
