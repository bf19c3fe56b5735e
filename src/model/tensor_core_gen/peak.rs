//! Peak from units: a GPU's dense Tensor Core peak is
//! `Tensor Cores per SM × dense FMA per clock per Tensor Core × 2 FLOP × SMs × clock`.
//!
//! The per-Tensor-Core rates come from the whitepapers; the clock is the one that makes the
//! product equal the datasheet, which is **not always the maximum boost clock**: the H100 SXM's
//! 989.4 TFLOPS BF16 works out at 1,830 MHz, while its FP32 66.9 TFLOPS uses the 1,980 MHz
//! maximum (132 × 128 lanes × 2 × 1.98 GHz). At 1,980 MHz the Tensor Cores' units would give
//! 1,070.5 TFLOPS, 8 % above the datasheet. The datasheet values compared against are those of
//! [`crate::model::gpu_spec`] (dense, no 2:4 sparsity).
//!
//! Sources for the rates: Volta whitepaper ("each Tensor Core performs 64 floating point FMA
//! mixed-precision operations per clock", eight per SM); Turing whitepaper (64 FP16 FMA per
//! clock, INT8 at twice that rate, eight per SM); A100 whitepaper ("256 FP16/FP32 FMA operations
//! per clock", four per SM; TF32 at half, INT8 at twice that rate, as the datasheet's 156 : 312 :
//! 624 TFLOPS); H100 whitepaper (the SM's dense MMA rate is twice A100's clock for clock, FP8
//! twice FP16: 512 FP16 FMA per clock per Tensor Core, four per SM). The 1,830 MHz tensor clock:
//! G. Lockwood, "H100" and "Peak FLOPS" notes (glennklockwood.com: "1.83 GHz (low precision),
//! 1.98 GHz (high precision)", "H100 clocks at 1.83 GHz, which means 989,429.76 GFLOPS BF16").

use std::fmt;

use super::Generation;
use crate::model::gpu_spec::GpuSpec;
use crate::model::roofline::Precision;

/// How the clock of a derivation was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockBasis {
    /// The published boost clock (V100 1,530, T4 1,590, A100 1,410 MHz).
    BoostClock,
    /// A clock below the maximum boost that the datasheet's Tensor figures assume and that a
    /// secondary source publishes (H100 / H200 SXM: 1,830 MHz, not 1,980).
    TensorClock,
    /// Not published anywhere we found: the clock at which the units give the datasheet peak
    /// (H100 PCIe: 1,620 MHz; its printed boost, 1,755 MHz, would give 819.5 TFLOPS).
    DerivedFromDatasheet,
}

/// One dense Tensor Core peak rebuilt from its units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TensorPeak {
    /// The GPU preset ([`GpuSpec::id`]).
    pub gpu_id: &'static str,
    /// Its Tensor Core generation.
    pub generation: Generation,
    /// The data type (Tensor Core precisions of [`Precision`]).
    pub precision: Precision,
    /// SMs on the product.
    pub sm_count: u32,
    /// Tensor Cores per SM.
    pub tensor_cores_per_sm: u32,
    /// Dense multiply-adds per clock of one Tensor Core for this data type.
    pub fma_per_clk_per_tensor_core: u32,
    /// The clock that makes the datasheet add up, MHz.
    pub clock_mhz: u32,
    /// How that clock was found.
    pub clock_basis: ClockBasis,
    /// The published maximum boost clock, MHz (for comparison).
    pub boost_clock_mhz: u32,
}

impl TensorPeak {
    /// FLOP per clock of one SM: Tensor Cores × FMA × 2.
    pub fn flops_per_clk_per_sm(&self) -> u64 {
        u64::from(self.tensor_cores_per_sm) * u64::from(self.fma_per_clk_per_tensor_core) * 2
    }

    /// The derived peak, FLOP/s (OP/s for INT8): SMs × FLOP/clk/SM × clock.
    pub fn flops_per_s(&self) -> f64 {
        self.flops_at_mhz(self.clock_mhz)
    }

    /// The same units at another clock, FLOP/s.
    pub fn flops_at_mhz(&self, clock_mhz: u32) -> f64 {
        f64::from(self.sm_count) * self.flops_per_clk_per_sm() as f64 * f64::from(clock_mhz) * 1e6
    }

    /// The datasheet's dense figure ([`GpuSpec::peaks`]), FLOP/s; `None` if the preset has none.
    pub fn datasheet_flops_per_s(&self) -> Option<f64> {
        GpuSpec::by_id(self.gpu_id)?.peaks.get(self.precision)
    }

    /// `derived / datasheet − 1`; `None` without a datasheet figure.
    pub fn relative_difference(&self) -> Option<f64> {
        let d = self.datasheet_flops_per_s()?;
        (d > 0.0).then(|| self.flops_per_s() / d - 1.0)
    }

    /// Where the per-Tensor-Core rate comes from, in words.
    pub fn rate_source(&self) -> &'static str {
        match self.generation {
            Generation::Volta => "Volta whitepaper: 64 FP16 FMA per clock per Tensor Core, 8 per SM",
            Generation::Turing => {
                "Turing whitepaper: 64 FP16 FMA per clock per Tensor Core (INT8 twice that), 8 per SM"
            }
            Generation::Ampere => {
                "A100 whitepaper: 256 FP16/FP32 FMA per clock per Tensor Core, 4 per SM; TF32 half, INT8 twice"
            }
            Generation::Hopper | Generation::Blackwell => {
                "H100 whitepaper: twice A100's dense rate per SM clock for clock (512 FP16 FMA per Tensor Core), FP8 twice FP16; 4 per SM"
            }
        }
    }

    /// Where the clock comes from, in words.
    pub fn clock_source(&self) -> &'static str {
        match self.clock_basis {
            ClockBasis::BoostClock => "the published boost clock",
            ClockBasis::TensorClock => {
                "1,830 MHz, the clock the H100 datasheet's Tensor figures assume (G. Lockwood: 1.83 GHz low precision, 1.98 GHz high precision); FP32 66.9 TFLOPS uses the 1,980 MHz maximum"
            }
            ClockBasis::DerivedFromDatasheet => {
                "not published: the clock at which the units give the datasheet figure"
            }
        }
    }
}

/// Why a GPU has no unit derivation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeakError {
    /// No preset with this id.
    UnknownGpu(String),
    /// The preset exists but its units are not published.
    NotPublished {
        /// The preset.
        gpu_id: &'static str,
        /// What is missing.
        reason: &'static str,
    },
}

impl fmt::Display for PeakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeakError::UnknownGpu(id) => write!(f, "no GPU preset named {id:?}"),
            PeakError::NotPublished { gpu_id, reason } => write!(f, "{gpu_id}: {reason}"),
        }
    }
}

impl std::error::Error for PeakError {}

/// GPUs whose dense Tensor Core peaks this module rebuilds from units, oldest first.
pub const PEAK_GPUS: [&str; 6] = ["v100", "t4", "a100", "h100", "h200", "h100pcie"];

/// Dense FMA per clock per Tensor Core by generation and data type (sources in the module
/// docs); `None` where the generation has no such Tensor Core type.
pub fn fma_per_clk_per_tensor_core(generation: Generation, precision: Precision) -> Option<u32> {
    use Precision::*;
    match (generation, precision) {
        (Generation::Volta, Fp16Tensor) => Some(64),
        (Generation::Turing, Fp16Tensor) => Some(64),
        (Generation::Turing, Int8Tensor) => Some(128),
        (Generation::Ampere, Tf32Tensor) => Some(128),
        (Generation::Ampere, Fp16Tensor | Bf16Tensor) => Some(256),
        (Generation::Ampere, Int8Tensor) => Some(512),
        (Generation::Hopper, Tf32Tensor) => Some(256),
        (Generation::Hopper, Fp16Tensor | Bf16Tensor) => Some(512),
        (Generation::Hopper, Int8Tensor | Fp8Tensor) => Some(1024),
        _ => None,
    }
}

/// The dense Tensor Core peaks of `gpu_id` rebuilt from units, one per Tensor Core data type the
/// generation has (TF32, FP16, BF16, INT8, FP8 order).
///
/// Err for an unknown id, and for presets whose units are not published (B200: NVIDIA gives
/// neither a clock nor a per-Tensor-Core rate; consumer parts: not modelled here).
pub fn tensor_peaks(gpu_id: &str) -> Result<Vec<TensorPeak>, PeakError> {
    let gpu = GpuSpec::by_id(gpu_id).ok_or_else(|| PeakError::UnknownGpu(gpu_id.to_string()))?;
    let (generation, clock_mhz, clock_basis) = match gpu.id {
        "v100" => (Generation::Volta, 1530, ClockBasis::BoostClock),
        "t4" => (Generation::Turing, 1590, ClockBasis::BoostClock),
        "a100" => (Generation::Ampere, 1410, ClockBasis::BoostClock),
        "h100" | "h200" => (Generation::Hopper, 1830, ClockBasis::TensorClock),
        "h100pcie" => (Generation::Hopper, 1620, ClockBasis::DerivedFromDatasheet),
        "b200" => {
            return Err(PeakError::NotPublished {
                gpu_id: gpu.id,
                reason: "NVIDIA publishes neither the B200's clock nor a per-Tensor-Core rate, so its dense 2.25 PFLOPS BF16 cannot be split into units without a guess",
            })
        }
        id => {
            return Err(PeakError::NotPublished {
                gpu_id: gpu.id,
                reason: if id.starts_with("rtx") || id == "l4" {
                    "consumer and inference parts: not modelled here (GeForce halves the rate with FP32 accumulation)"
                } else {
                    "not modelled"
                },
            })
        }
    };
    let order = [
        Precision::Tf32Tensor,
        Precision::Fp16Tensor,
        Precision::Bf16Tensor,
        Precision::Int8Tensor,
        Precision::Fp8Tensor,
    ];
    Ok(order
        .into_iter()
        .filter_map(|precision| {
            let fma = fma_per_clk_per_tensor_core(generation, precision)?;
            Some(TensorPeak {
                gpu_id: gpu.id,
                generation,
                precision,
                sm_count: gpu.sm_count,
                tensor_cores_per_sm: generation.tensor_cores_per_sm(),
                fma_per_clk_per_tensor_core: fma,
                clock_mhz,
                clock_basis,
                boost_clock_mhz: gpu.boost_clock_mhz,
            })
        })
        .collect())
}

/// The clock, MHz, at which `peak`'s units give `flops_per_s` (what a measurement implies).
pub fn clock_for(peak: &TensorPeak, flops_per_s: f64) -> f64 {
    let per_clk = f64::from(peak.sm_count) * peak.flops_per_clk_per_sm() as f64;
    if per_clk > 0.0 {
        flops_per_s / per_clk / 1e6
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_derived_peak_is_within_half_a_percent_of_its_datasheet() {
        for id in PEAK_GPUS {
            let peaks = tensor_peaks(id).expect("modelled");
            assert!(!peaks.is_empty(), "{id}");
            for p in peaks {
                let diff = p.relative_difference().expect("datasheet figure");
                assert!(diff.abs() < 0.005, "{id} {:?}: {diff}", p.precision);
            }
        }
    }

    #[test]
    fn b200_and_unknown_ids_are_errors() {
        assert!(matches!(
            tensor_peaks("b200"),
            Err(PeakError::NotPublished { .. })
        ));
        assert!(matches!(tensor_peaks("x"), Err(PeakError::UnknownGpu(_))));
    }
}
