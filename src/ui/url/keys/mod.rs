//! Every chapter's URL vocabulary, written once: the keys of its query (one module per chapter,
//! `pub const THREADS: &str = "threads"`) and the text of each value that is not a plain number
//! (this module: a precision, an element type, a swizzle mode… as `slug` / `parse` pairs).
//!
//! The chapter reads and writes its permalink with these tables; the quiz's and the lab's links
//! into a chapter, and the classroom's checks of its steps, use the same ones. The spellings are
//! the URLs already in the wild: a change here breaks permalinks (the chapters' round-trip tests
//! and the quiz's link tests read them back).

pub mod access;
pub mod chip;
pub mod dispatch;
pub mod divergence;
pub mod hierarchy;
pub mod lab;
pub mod launch;
pub mod roofline;
pub mod scheduling;
pub mod tensor_core_generations;
pub mod tensor_cores;

use crate::model::roofline::{Dtype, Precision};
use crate::model::tensor_core::ElementType;
use crate::model::tensor_core_gen::smem_descriptor::{Major, Swizzle};
use crate::model::tensor_core_gen::tmem::Tcgen05Kind;

/// A module spelling the values of one enum in URLs: `ALL` (value, text) in menu order, `slug`,
/// its inverse `parse` (exact text, `None` for anything else) and `serialize` (for a field's
/// `#[serde(serialize_with = "…::serialize")]`).
macro_rules! vocabulary {
    ($(#[$doc:meta])* $name:ident: $ty:ty { $($variant:path => $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        pub mod $name {
            #[allow(unused_imports)]
            use super::*;

            /// Every value and its URL text, in menu order.
            pub const ALL: &[($ty, &str)] = &[$(($variant, $text)),+];

            /// Every value's URL text, in menu order.
            pub const NAMES: &[&str] = &[$($text),+];

            /// The URL text of `x`.
            pub fn slug(x: $ty) -> &'static str {
                match x {
                    $($variant => $text),+
                }
            }

            /// The value written `text` (exactly); `None` for anything else.
            pub fn parse(text: &str) -> Option<$ty> {
                ALL.iter().find(|(_, t)| *t == text).map(|(v, _)| *v)
            }

            /// Writes `x` as its URL text (for `#[serde(serialize_with)]`).
            pub fn serialize<S: serde::Serializer>(x: &$ty, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(slug(*x))
            }
        }
    };
}
pub(crate) use vocabulary;

vocabulary! {
    /// A roof's precision (the roofline chapter's `prec`).
    precision: Precision {
        Precision::Fp64 => "fp64",
        Precision::Fp32 => "fp32",
        Precision::Tf32Tensor => "tf32tensor",
        Precision::Fp16Tensor => "fp16tensor",
        Precision::Bf16Tensor => "bf16tensor",
        Precision::Int8Tensor => "int8tensor",
        Precision::Fp8Tensor => "fp8tensor",
    }
}

vocabulary! {
    /// A kernel's element type (the roofline chapter's `dtype`).
    dtype: Dtype {
        Dtype::Fp32 => "fp32",
        Dtype::Fp16 => "fp16",
        Dtype::Bf16 => "bf16",
        Dtype::Fp8 => "fp8",
        Dtype::Int8 => "int8",
    }
}

vocabulary! {
    /// A Tensor Core element type, as PTX writes it (the tensor-cores chapter's `el`, the wgmma
    /// map's accumulator in `wf=d-…`).
    element: ElementType {
        ElementType::F16 => "f16",
        ElementType::Bf16 => "bf16",
        ElementType::S8 => "s8",
        ElementType::U8 => "u8",
        ElementType::F32 => "f32",
        ElementType::S32 => "s32",
    }
}

vocabulary! {
    /// A shared-memory descriptor's swizzle mode (`dswz`).
    swizzle: Swizzle {
        Swizzle::None => "none",
        Swizzle::B32 => "32b",
        Swizzle::B64 => "64b",
        Swizzle::B128 => "128b",
    }
}

vocabulary! {
    /// A shared-memory operand's major-ness (`dmaj`).
    major: Major {
        Major::K => "k",
        Major::Mn => "mn",
    }
}

vocabulary! {
    /// The `tcgen05.mma` kind (`tk`), PTX's `.kind::…` without the prefix.
    tcgen05_kind: Tcgen05Kind {
        Tcgen05Kind::F16 => "f16",
        Tcgen05Kind::Tf32 => "tf32",
        Tcgen05Kind::F8f6f4 => "f8f6f4",
        Tcgen05Kind::I8 => "i8",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each table is one-to-one and `parse` inverts `slug`.
    #[test]
    fn every_vocabulary_round_trips() {
        fn check<T: Copy + PartialEq + std::fmt::Debug>(
            all: &[(T, &str)],
            slug: fn(T) -> &'static str,
            parse: fn(&str) -> Option<T>,
        ) {
            for (i, (v, t)) in all.iter().enumerate() {
                assert_eq!(slug(*v), *t);
                assert_eq!(parse(t), Some(*v));
                assert!(all[..i].iter().all(|(w, u)| w != v && u != t), "{t}");
            }
            assert_eq!(parse(""), None);
        }
        check(precision::ALL, precision::slug, precision::parse);
        check(dtype::ALL, dtype::slug, dtype::parse);
        check(element::ALL, element::slug, element::parse);
        check(swizzle::ALL, swizzle::slug, swizzle::parse);
        check(major::ALL, major::slug, major::parse);
        check(tcgen05_kind::ALL, tcgen05_kind::slug, tcgen05_kind::parse);
        assert_eq!(precision::ALL.len(), Precision::ALL.len());
        assert_eq!(dtype::ALL.len(), Dtype::ALL.len());
        assert_eq!(element::ALL.len(), ElementType::ALL.len());
        assert_eq!(swizzle::ALL.len(), Swizzle::ALL.len());
        assert_eq!(tcgen05_kind::ALL.len(), Tcgen05Kind::ALL.len());
    }
}
