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
            let mut v = vec![pair(scheduling::L, latency_cycles), pair(scheduling::K, k)];
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
            pair(
                roofline::KIND,
                roofline::family::slug(roofline::Family::Custom),
            ),
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
            pair(
                roofline::KIND,
                roofline::family::slug(roofline::Family::Gemm),
            ),
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
    use crate::model::roofline::{Dtype, Precision};
    use crate::model::simt::Program;
    use crate::model::tensor_core::{ElementType, MmaShape, Operand};
    use crate::model::tensor_core_gen::smem_descriptor::{Major, MatrixDescriptor, Swizzle};
    use crate::model::tensor_core_gen::smem_layout::SmemOperand;
    use crate::model::tensor_core_gen::tmem::CtaGroup;

    /// Each kind of parameters gives the link the quiz has always written (permalinks in the
    /// wild): every key, value spelling, order and escape.
    #[test]
    fn links_keep_their_spelling() {
        let program = Program {
            signature: String::new(),
            body: Vec::new(),
        };
        let cases: Vec<(Params, &str)> = vec![
            (
                Params::Chip {
                    gpu: "rtx5090",
                    clock_mhz: 2152,
                },
                "gpu=rtx5090",
            ),
            (
                Params::Thread {
                    grid: (32, 7),
                    block: (32, 9),
                    block_idx: (6, 5),
                    thread_idx: (27, 5),
                },
                "gx=32&gy=7&bx=32&by=9&kx=6&ky=5&tx=27&ty=5",
            ),
            (
                Params::Launch {
                    gpu: "a100",
                    threads: 128,
                    regs: 94,
                    smem_bytes: 0,
                    dsmem_bytes: 16384,
                },
                "gpu=a100&threads=128&regs=94&smem=0&dsmem=16384",
            ),
            (
                Params::Grid {
                    gpu: "rtx5090",
                    sm_count: 170,
                    threads: 336,
                    regs: 57,
                    blocks_per_sm: 2,
                    grid: 3148,
                },
                "gpu=rtx5090&threads=336&regs=57&grid=3148",
            ),
            (
                Params::Latency {
                    latency_cycles: 280,
                    k: 14,
                    warps: None,
                },
                "l=280&k=14",
            ),
            (
                Params::Latency {
                    latency_cycles: 600,
                    k: 7,
                    warps: Some(50),
                },
                "l=600&k=7&w=50",
            ),
            (
                Params::Branch {
                    preset: "bounds-check",
                    program: program.clone(),
                    condition: "i < n".into(),
                    block: 960,
                    warp: 21,
                    block_index: 38,
                    n: Some(37166),
                },
                "preset=bounds-check&block=960&warp=21&bidx=38&n=37166",
            ),
            (
                Params::Branch {
                    preset: "odd-even",
                    program,
                    condition: "threadIdx.x % 2 == 0".into(),
                    block: 252,
                    warp: 7,
                    block_index: 0,
                    n: None,
                },
                "preset=odd-even&block=252&warp=7&bidx=0",
            ),
            (
                Params::Global {
                    elem_bytes: 8,
                    stride: 61,
                    offset_bytes: 128,
                },
                "preset=custom&elem=8&stride=61&offset=128",
            ),
            (
                Params::Shared {
                    elem_bytes: 4,
                    stride: 33,
                    group: 1,
                },
                "preset=custom&elem=4&stride=33",
            ),
            (
                Params::Shared {
                    elem_bytes: 8,
                    stride: 32,
                    group: 4,
                },
                "preset=custom&elem=8&stride=32&f=(lane/4)*32",
            ),
            (
                Params::Fragment {
                    shape: MmaShape::WmmaM16N16K16,
                    operand: Operand::Accumulator,
                    element: ElementType::S32,
                    row: 10,
                    col: 14,
                },
                "shape=wmma_m16n16k16&op=acc&el=s32&row=10&col=14",
            ),
            (
                Params::W8a8 {
                    k: 12544,
                    n: 8592,
                    warps: 2,
                },
                "k=12544&n=8592&warps=2",
            ),
            (
                Params::Kernel {
                    gpu: Some("l4"),
                    precision: Precision::Fp16Tensor,
                    flops: 1.78e12,
                    bytes: 1.19e9,
                },
                "gpu=l4&kind=custom&prec=fp16tensor&flops=1.78e12&bytes=1.19e9",
            ),
            (
                Params::Kernel {
                    gpu: None,
                    precision: Precision::Fp32,
                    flops: 5.97e11,
                    bytes: 3.01e9,
                },
                "gpu=a100&kind=custom&prec=fp32&flops=5.97e11&bytes=3.01e9",
            ),
            (
                Params::Tiled {
                    m: 4608,
                    n: 6144,
                    k: 4608,
                    bm: 64,
                    bn: 256,
                    bk: 8,
                    dtype: Dtype::Fp32,
                },
                "kind=gemm&m=4608&n=6144&k=4608&bm=64&bn=256&bk=8&dtype=fp32",
            ),
            (
                Params::PeArray {
                    side: 5,
                    dot_length: 4,
                    k_total: 28,
                },
                "",
            ),
            (
                Params::TensorPeak {
                    gpu: "a100",
                    precision: Precision::Int8Tensor,
                    clock_mhz: Some(1070),
                },
                "gpu=a100",
            ),
            (Params::Wgmma { n: 200 }, "n=200"),
            (
                Params::WgmmaElement {
                    n: 224,
                    dtype: ElementType::F32,
                    row: 54,
                    col: 147,
                },
                "n=224&wf=d-f32&wt=-1&wr=54&wc=147",
            ),
            (
                Params::WgmmaElement {
                    n: 8,
                    dtype: ElementType::S32,
                    row: 1,
                    col: 2,
                },
                "n=8&wf=d-s32&wt=-1&wr=1&wc=2",
            ),
            (
                Params::TmemAccumulator {
                    cta_group: CtaGroup::Two,
                    m: 256,
                    n: 176,
                },
                "tk=f16&cg=2&tm=256&tn=176",
            ),
            (
                Params::Descriptor {
                    operand: SmemOperand {
                        major: Major::Mn,
                        element_bits: 16,
                        mn: 16,
                        descriptor: MatrixDescriptor {
                            start_address_bytes: 27648,
                            leading_byte_offset_bytes: 16,
                            stride_byte_offset_bytes: 1024,
                            base_offset: 0,
                            swizzle: Swizzle::B128,
                        },
                    },
                    row: 9,
                    k: 6,
                },
                "dmaj=mn&dbits=16&dmn=16&dswz=128b&dstart=27648&dlbo=16&dsbo=1024&drow=9&dk=6",
            ),
            (
                Params::Lab {
                    preset: "offset-read",
                    args: vec![("offset", 31)],
                    line: 4,
                    column: 20,
                    name: "a".into(),
                    store: false,
                    execution: 1,
                    warp: 211,
                    block: [0, 0, 0],
                    warp_in_block: 0,
                },
                "preset=offset-read&a.offset=31&line=4&warp=211",
            ),
        ];
        for (params, want) in cases {
            assert_eq!(chapter_query(&params), want, "{params:?}");
        }
    }
}
