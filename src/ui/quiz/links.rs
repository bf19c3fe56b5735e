//! A question's link into its chapter: the chapter's permalink query for the question's
//! parameters, spelled with the chapter's URL table ([`crate::ui::url::keys`]), so the chapter
//! opens on exactly the question's values. The model hands the parameters over typed
//! ([`Params`]); only this file turns them into a chapter's keys and value spellings.
//!
//! The pairs are joined as `key=value` without escaping (a formula's `(lane/2)*4` stays as it
//! reads), as the quiz's links have always been written: the chapters read both forms.

use crate::model::quiz::{sci, Params};
use crate::ui::url::keys::{
    self, access, chip, dispatch, divergence, hierarchy, lab, launch, roofline, scheduling,
    tensor_core_generations as tcg, tensor_cores,
};

/// The query (no `?`) that opens the question's chapter with exactly `params`: the chapter's
/// own keys ([`crate::ui::url::keys`]); empty when the chapter shows its default (the PE array
/// question: the chapter's array is the course's 4 × 4 × 4, the question's own is in the
/// prompt).
pub fn chapter_query(params: &Params) -> String {
    let pairs: Vec<(String, String)> = match params {
        Params::Chip { gpu, .. } => vec![pair(chip::GPU, gpu)],
        Params::Thread {
            grid,
            block,
            block_idx,
            thread_idx,
        } => vec![
            pair(hierarchy::GX, grid.0),
            pair(hierarchy::GY, grid.1),
            pair(hierarchy::BX, block.0),
            pair(hierarchy::BY, block.1),
            pair(hierarchy::KX, block_idx.0),
            pair(hierarchy::KY, block_idx.1),
            pair(hierarchy::TX, thread_idx.0),
            pair(hierarchy::TY, thread_idx.1),
        ],
        Params::Launch {
            gpu,
            threads,
            regs,
            smem_bytes,
            dsmem_bytes,
        } => vec![
            pair(launch::GPU, gpu),
            pair(launch::THREADS, threads),
            pair(launch::REGS, regs),
            pair(launch::SMEM, smem_bytes),
            pair(launch::DSMEM, dsmem_bytes),
        ],
        Params::Grid {
            gpu,
            threads,
            regs,
            grid,
            ..
        } => vec![
            pair(launch::GPU, gpu),
            pair(launch::THREADS, threads),
            pair(launch::REGS, regs),
            pair(dispatch::GRID, grid),
        ],
        Params::Latency {
            latency_cycles,
            k,
            warps,
        } => {
            let mut v = vec![
                pair(scheduling::L, latency_cycles),
                pair(scheduling::K, k),
            ];
            v.extend(warps.map(|w| pair(scheduling::W, w)));
            v
        }
        Params::Branch {
            preset,
            block,
            warp,
            block_index,
            n,
            ..
        } => {
            let mut v = vec![
                pair(divergence::PRESET, preset),
                pair(divergence::BLOCK, block),
                pair(divergence::WARP, warp),
                pair(divergence::BIDX, block_index),
            ];
            v.extend(n.map(|n| pair(divergence::N, n)));
            v
        }
        Params::Global {
            elem_bytes,
            stride,
            offset_bytes,
        } => vec![
            pair(access::PRESET, access::CUSTOM),
            pair(access::ELEM, elem_bytes),
            pair(access::STRIDE, stride),
            pair(access::OFFSET, offset_bytes),
        ],
        Params::Shared {
            elem_bytes,
            stride,
            group,
        } => {
            let mut v = vec![
                pair(access::PRESET, access::CUSTOM),
                pair(access::ELEM, elem_bytes),
                pair(access::STRIDE, stride),
            ];
            if *group > 1 {
                v.push(pair(access::FORMULA, format!("(lane/{group})*{stride}")));
            }
            v
        }
        Params::Fragment {
            shape,
            operand,
            element,
            row,
            col,
        } => vec![
            pair(tensor_cores::SHAPE, shape.slug()),
            pair(tensor_cores::OP, operand.slug()),
            pair(tensor_cores::EL, keys::element::slug(*element)),
            pair(tensor_cores::ROW, row),
            pair(tensor_cores::COL, col),
        ],
        Params::W8a8 { k, n, warps } => vec![
            pair(tensor_cores::K, k),
            pair(tensor_cores::N, n),
            pair(tensor_cores::WARPS, warps),
        ],
        Params::Kernel {
            gpu,
            precision,
            flops,
            bytes,
        } => vec![
            // A time question names no GPU (it asks for both): the chapter opens on the A100.
            pair(roofline::GPU, gpu.unwrap_or("a100")),
            pair(roofline::KIND, roofline::family::slug(roofline::Family::Custom)),
            pair(roofline::PREC, keys::precision::slug(*precision)),
            pair(roofline::FLOPS, sci(*flops)),
            pair(roofline::BYTES, sci(*bytes)),
        ],
        Params::Tiled {
            m,
            n,
            k,
            bm,
            bn,
            bk,
            dtype,
        } => vec![
            pair(roofline::KIND, roofline::family::slug(roofline::Family::Gemm)),
            pair(roofline::M, m),
            pair(roofline::N, n),
            pair(roofline::K, k),
            pair(roofline::BM, bm),
            pair(roofline::BN, bn),
            pair(roofline::BK, bk),
            pair(roofline::DTYPE, keys::dtype::slug(*dtype)),
        ],
        Params::PeArray { .. } => Vec::new(),
        Params::TensorPeak { gpu, .. } => vec![pair(tcg::GPU, gpu)],
        Params::Wgmma { n } => vec![pair(tcg::N, n)],
        // The element selected, no thread (the chapter then zooms to the element's tile).
        Params::WgmmaElement { n, dtype, row, col } => vec![
            pair(tcg::N, n),
            pair(
                tcg::WF,
                tcg::WgFrag::of_accumulator(*dtype).map_or_else(
                    || format!("d-{}", keys::element::slug(*dtype)),
                    |f| f.slug().to_string(),
                ),
            ),
            pair(tcg::WT, -1),
            pair(tcg::WR, row),
            pair(tcg::WC, col),
        ],
        Params::TmemAccumulator { cta_group, m, n } => vec![
            pair(
                tcg::TK,
                keys::tcgen05_kind::slug(crate::model::tensor_core_gen::tmem::Tcgen05Kind::F16),
            ),
            pair(tcg::CG, cta_group.ctas()),
            pair(tcg::TM, m),
            pair(tcg::TN, n),
        ],
        Params::Descriptor { operand, row, k } => {
            let d = operand.descriptor;
            vec![
                pair(tcg::DMAJ, keys::major::slug(operand.major)),
                pair(tcg::DBITS, operand.element_bits),
                pair(tcg::DMN, operand.mn),
                pair(tcg::DSWZ, keys::swizzle::slug(d.swizzle)),
                pair(tcg::DSTART, d.start_address_bytes),
                pair(tcg::DLBO, d.leading_byte_offset_bytes),
                pair(tcg::DSBO, d.stride_byte_offset_bytes),
                pair(tcg::DROW, row),
                pair(tcg::DK, k),
            ]
        }
        // The lab: the preset, its changed arguments, the line and the warp.
        Params::Lab {
            preset,
            args,
            line,
            warp,
            ..
        } => {
            let mut v = vec![pair(lab::PRESET, preset)];
            v.extend(args.iter().map(|(n, x)| (lab::arg(n), x.to_string())));
            v.push(pair(lab::LINE, line));
            v.push(pair(lab::WARP, warp));
            v
        }
    };
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("&")
}

fn pair(key: &str, value: impl std::fmt::Display) -> (String, String) {
    (key.to_string(), value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::quiz::{generate, Kind};

    /// The links read exactly as the quiz has always written them (permalinks in the wild).
    #[test]
    fn links_keep_their_spelling() {
        let golden = std::fs::read_to_string("/work/targets/keys/golden-before.txt")
            .expect("golden");
        let mut n = 0;
        for line in golden.lines() {
            let mut f = line.split('\t');
            let (Some(kind), Some(seed), Some(query)) = (f.next(), f.next(), f.next()) else {
                continue;
            };
            let kind = Kind::from_slug(kind).expect("kind");
            let q = generate(kind, seed.parse().expect("seed")).expect("question");
            assert_eq!(chapter_query(&q.params), query, "{kind:?} {seed}");
            n += 1;
        }
        assert_eq!(n, 6900);
    }
}
