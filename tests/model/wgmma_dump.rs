//! The Hopper dump `tests/fixtures/wgmma_layout_h100.json` (every register of every thread after
//! one `wgmma.mma_async.m64nNk16` whose D\[r\]\[c\] = r + 64·c, plus 13 shared-memory layouts of
//! the same product; taken on an H100 80GB HBM3, the H200's GH100 chip and sm_90a instruction
//! set, by `tests/gpu/wgmma_layout.cu`) against the wgmma layout models.

use warpscope::model::tensor_core::ElementType;
use warpscope::model::tensor_core_gen::smem_descriptor::{Major, MatrixDescriptor, Swizzle};
use warpscope::model::tensor_core_gen::smem_layout::{SmemOperand, SmemOperandLayout};
use warpscope::model::tensor_core_gen::wgmma_fragments::WgmmaDLayout;

use crate::common::fixture_json;

const SMEM_H200: u32 = 233_472;

fn d_layout(n: u32, dtype: ElementType) -> WgmmaDLayout {
    WgmmaDLayout::new(n, dtype).unwrap_or_else(|e| panic!("m64n{n} {dtype:?}: {e}"))
}

fn hex(v: &serde_json::Value) -> u64 {
    let s = v.as_str().expect("hex string");
    u64::from_str_radix(s.trim_start_matches("0x"), 16).expect("hex")
}

fn fnv1a64(addresses: impl Iterator<Item = u32>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for a in addresses {
        for byte in a.to_le_bytes() {
            h ^= u64::from(byte);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

#[test]
fn the_h200_dump_matches_figure_149_register_by_register() {
    let fx = fixture_json("wgmma_layout_h100.json");
    assert_eq!(fx["error"], "no error");
    let mut matched = 0;
    for (key, dtype) in [("f32", ElementType::F32), ("f16", ElementType::F16)] {
        let shapes = fx[key].as_array().expect("shapes");
        assert!(!shapes.is_empty());
        for shape in shapes {
            let n = shape["n"].as_u64().expect("n") as u32;
            let d = d_layout(n, dtype);
            let threads = shape["d"].as_array().expect("threads");
            assert_eq!(threads.len(), 128);
            for (t, regs) in threads.iter().enumerate() {
                let regs = regs.as_array().expect("values");
                assert_eq!(regs.len() as u32, d.elements_per_thread());
                for (i, v) in regs.iter().enumerate() {
                    let v = v
                        .as_f64()
                        .unwrap_or_else(|| panic!("{key} N={n} T{t} d{i}: {v}"));
                    let (row, col) = ((v as u32) % 64, (v as u32) / 64);
                    assert_eq!(
                        v,
                        f64::from(row + 64 * col),
                        "{key} N={n} T{t} d{i} not exact"
                    );
                    assert_eq!(
                        d.element_at(t as u32, i as u32),
                        Some((row, col)),
                        "{key} N={n} T{t} d{i}"
                    );
                    matched += 1;
                }
            }
        }
    }
    // f32: 64·(8+16+24+32+64+128+256) elements; f16: 64·(8+16+24+32).
    assert_eq!(matched, 64 * 528 + 64 * 80);
}

#[test]
fn the_h200_read_every_descriptor_variant_where_the_model_says() {
    let fx = fixture_json("wgmma_layout_h100.json");
    let variants = fx["descriptor_variants"].as_array().expect("variants");
    assert!(variants.len() >= 13);
    for v in variants {
        let name = v["name"].as_str().expect("name");
        assert_eq!(
            (v["mismatches"].as_u64(), v["nonfinite"].as_u64()),
            (Some(0), Some(0)),
            "{name}"
        );
        for side in ["a", "b"] {
            let o = &v[side];
            let major = if o["major"] == "mn" {
                Major::Mn
            } else {
                Major::K
            };
            let swizzle = match o["swizzle_bytes"].as_u64() {
                Some(32) => Swizzle::B32,
                Some(64) => Swizzle::B64,
                Some(128) => Swizzle::B128,
                _ => Swizzle::None,
            };
            let field = |k: &str| o[k].as_u64().expect("field") as u32;
            let descriptor = MatrixDescriptor {
                start_address_bytes: field("start_offset"),
                leading_byte_offset_bytes: field("lbo"),
                stride_byte_offset_bytes: field("sbo"),
                base_offset: 0,
                swizzle,
            };
            let operand = SmemOperand {
                major,
                element_bits: 16,
                mn: 64,
                descriptor,
            };
            let l = SmemOperandLayout::new(operand, SMEM_H200)
                .unwrap_or_else(|e| panic!("{name} {side}: {e}"));
            let addresses = (0..64).flat_map(|mn| (0..16).map(move |k| (mn, k)));
            let hash = fnv1a64(addresses.map(|(mn, k)| l.byte_address(mn, k).expect("in range")));
            assert_eq!(hash, hex(&o["address_fnv1a64"]), "{name} {side} addresses");
            let absolute = MatrixDescriptor {
                start_address_bytes: field("region_shared_address") + field("start_offset"),
                ..descriptor
            };
            assert_eq!(
                absolute.encode(),
                Ok(hex(&o["descriptor"])),
                "{name} {side} descriptor"
            );
        }
    }
}
