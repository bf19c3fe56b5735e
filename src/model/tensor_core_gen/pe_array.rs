//! The course's processing-element (PE) array: how a Tensor Core turns `D = A · B + C` into
//! one clock's worth of parallel hardware (course text, "TensorCore 架构设计 - 原理科普").
//!
//! An `n × n` array of PEs; PE `(i, j)` owns output element `D[i][j]`. Each cycle the array
//! reads a `k`-wide slice of A and B: **row `i` of A is broadcast horizontally** to every PE of
//! array row `i`, **column `j` of B vertically** to every PE of array column `j` (hard-wired, so
//! no two PEs contend for a register). Every PE multiplies its `k` pairs at once, sums the
//! products with a **reduction tree of `log2 k` adder levels**, and adds the sum into its
//! 32-bit accumulator. The course's array is 4 × 4 with `k = 4`: 64 multiply-adds per cycle,
//! which is exactly Volta's 64 FP16 FMA per clock per Tensor Core.
//!
//! The stepper splits one cycle into stages (broadcast, multiply, each adder level, accumulate)
//! so that a reader can watch them; the course notes that the hardware may finish several of
//! them in one clock. Inputs are FP16 values held as `f32` (every FP16 value is exact in `f32`,
//! and so is the product of two of them: 11 + 11 significant bits ≤ 24), accumulation is FP32.
//! The generator below draws whole numbers in [−4, 4], which FP16 holds exactly (and which keep
//! every label short enough to read on a phone).

use std::fmt;

use crate::model::rng::SplitMix64;

/// The shape of a PE array: `pes_per_side × pes_per_side` PEs, each reducing `dot_length`
/// products per cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PeArray {
    /// PEs per row and per column (n).
    pub pes_per_side: u32,
    /// Products each PE multiplies and reduces per cycle (k); a power of two.
    pub dot_length: u32,
}

/// The course's array: 4 × 4 PEs, 4 products each.
pub const COURSE_PE_ARRAY: PeArray = PeArray {
    pes_per_side: 4,
    dot_length: 4,
};

/// Largest side and dot length the stepper accepts (keeps traces small).
pub const MAX_SIDE: u32 = 8;
/// Largest total reduction length (K of the whole product) the stepper accepts.
pub const MAX_K_TOTAL: u32 = 64;

impl PeArray {
    /// Multiply-adds per cycle of the whole array: `n² · k` (course array: 64).
    pub fn macs_per_cycle(&self) -> u32 {
        self.pes_per_side * self.pes_per_side * self.dot_length
    }

    /// Adder levels of each PE's reduction tree: `log2 k` (course array: 2).
    pub fn adder_levels(&self) -> u32 {
        self.dot_length.max(1).ilog2()
    }

    /// Adders in one PE's tree: `k − 1`.
    pub fn adders_per_pe(&self) -> u32 {
        self.dot_length.saturating_sub(1)
    }

    /// Stages the stepper shows per cycle: broadcast, multiply, the adder levels, accumulate.
    pub fn stages_per_cycle(&self) -> u32 {
        3 + self.adder_levels()
    }
}

/// What the array does in one stage of a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PeStage {
    /// A's row slices go out horizontally, B's column slices vertically.
    Broadcast,
    /// Every PE multiplies its `k` pairs at once.
    Multiply,
    /// Adder level `1..=log2 k` of the reduction tree (level `l` leaves `k / 2^l` sums).
    Reduce(u32),
    /// The tree's sum is added into the PE's FP32 accumulator.
    Accumulate,
}

/// One PE array problem: `D = A · B + C` with A `n × k_total`, B `k_total × n`, C `n × n`,
/// all row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct PeProblem {
    /// The array.
    pub array: PeArray,
    /// Reduction length of the whole product; a multiple of `array.dot_length`.
    pub k_total: u32,
    /// A, `n × k_total`, FP16 values.
    pub a: Vec<f32>,
    /// B, `k_total × n`, FP16 values.
    pub b: Vec<f32>,
    /// C, `n × n`, FP32.
    pub c: Vec<f32>,
}

/// One stage of the trace: what every PE holds after it.
#[derive(Clone, Debug, PartialEq)]
pub struct PeStep {
    /// Cycle, from 0; cycle `c` reads columns `c·k .. c·k + k` of A (rows of B).
    pub cycle: u32,
    /// The stage within the cycle.
    pub stage: PeStage,
    /// The A values on each array row's horizontal wires: `a_row[i]` has `k` values.
    pub a_row: Vec<Vec<f32>>,
    /// The B values on each array column's vertical wires: `b_col[j]` has `k` values.
    pub b_col: Vec<Vec<f32>>,
    /// What PE `(i, j)` (at `i · n + j`) holds after this stage: empty after the broadcast,
    /// `k` products after the multiply, `k / 2^l` partial sums after adder level `l`, and the
    /// accumulator after the accumulate.
    pub pe_values: Vec<Vec<f32>>,
    /// The accumulators after this stage (`n × n`, row-major).
    pub accumulators: Vec<f32>,
    /// Multiply-adds completed so far (counted at each accumulate: `n² · k` per cycle).
    pub macs_done: u64,
}

/// A PE problem the stepper refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeError {
    /// Side outside `1..=MAX_SIDE`, or dot length not a power of two in `1..=MAX_SIDE`.
    BadArray(PeArray),
    /// `k_total` is 0, above [`MAX_K_TOTAL`], or not a multiple of the dot length.
    BadK {
        /// The requested K.
        k_total: u32,
        /// The array's dot length.
        dot_length: u32,
    },
    /// An operand has the wrong number of values.
    BadLength {
        /// "A", "B" or "C".
        operand: &'static str,
        /// Values expected.
        expected: usize,
        /// Values given.
        got: usize,
    },
}

impl fmt::Display for PeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeError::BadArray(a) => write!(
                f,
                "a PE array needs 1–{MAX_SIDE} PEs per side and a power-of-two dot length up to {MAX_SIDE}; got {} and {}",
                a.pes_per_side, a.dot_length
            ),
            PeError::BadK { k_total, dot_length } => write!(
                f,
                "K = {k_total} must be a positive multiple of {dot_length}, at most {MAX_K_TOTAL}"
            ),
            PeError::BadLength {
                operand,
                expected,
                got,
            } => write!(f, "{operand} needs {expected} values, got {got}"),
        }
    }
}

impl std::error::Error for PeError {}

impl PeProblem {
    /// A problem with A and B drawn from `seed`: whole numbers in [−4, 4] (exact in FP16),
    /// C = 0. Err for a bad array or K.
    pub fn from_seed(array: PeArray, k_total: u32, seed: u64) -> Result<PeProblem, PeError> {
        check_shape(array, k_total)?;
        let n = array.pes_per_side as usize;
        let k = k_total as usize;
        let mut rng = SplitMix64::new(seed);
        let mut draw = || rng.range_inclusive(0, 8) as f32 - 4.0;
        let a = (0..n * k).map(|_| draw()).collect();
        let b = (0..k * n).map(|_| draw()).collect();
        Ok(PeProblem {
            array,
            k_total,
            a,
            b,
            c: vec![0.0; n * n],
        })
    }

    /// `A · B + C` in `f64` (the exact result for the generator's values), row-major `n × n`.
    pub fn reference(&self) -> Vec<f64> {
        let n = self.array.pes_per_side as usize;
        let k = self.k_total as usize;
        let mut d = vec![0.0f64; n * n];
        for i in 0..n {
            for j in 0..n {
                let mut s = f64::from(self.c.get(i * n + j).copied().unwrap_or(0.0));
                for kk in 0..k {
                    let a = self.a.get(i * k + kk).copied().unwrap_or(0.0);
                    let b = self.b.get(kk * n + j).copied().unwrap_or(0.0);
                    s += f64::from(a) * f64::from(b);
                }
                if let Some(x) = d.get_mut(i * n + j) {
                    *x = s;
                }
            }
        }
        d
    }
}

fn check_shape(array: PeArray, k_total: u32) -> Result<(), PeError> {
    let side_ok = (1..=MAX_SIDE).contains(&array.pes_per_side);
    let dot_ok = (1..=MAX_SIDE).contains(&array.dot_length) && array.dot_length.is_power_of_two();
    if !side_ok || !dot_ok {
        return Err(PeError::BadArray(array));
    }
    if k_total == 0 || k_total > MAX_K_TOTAL || !k_total.is_multiple_of(array.dot_length) {
        return Err(PeError::BadK {
            k_total,
            dot_length: array.dot_length,
        });
    }
    Ok(())
}

/// Steps `problem` stage by stage; the last step's accumulators are `A · B + C` in FP32.
///
/// Err for a bad array, K or operand length.
pub fn pe_trace(problem: &PeProblem) -> Result<Vec<PeStep>, PeError> {
    let array = problem.array;
    check_shape(array, problem.k_total)?;
    let n = array.pes_per_side as usize;
    let k = array.dot_length as usize;
    let kt = problem.k_total as usize;
    for (operand, expected, got) in [
        ("A", n * kt, problem.a.len()),
        ("B", kt * n, problem.b.len()),
        ("C", n * n, problem.c.len()),
    ] {
        if expected != got {
            return Err(PeError::BadLength {
                operand,
                expected,
                got,
            });
        }
    }
    let cycles = kt / k;
    let mut acc = problem.c.clone();
    let mut macs_done = 0u64;
    let mut steps = Vec::with_capacity(cycles * array.stages_per_cycle() as usize);
    for cycle in 0..cycles {
        let k0 = cycle * k;
        let a_row: Vec<Vec<f32>> = (0..n)
            .map(|i| problem.a[i * kt + k0..i * kt + k0 + k].to_vec())
            .collect();
        let b_col: Vec<Vec<f32>> = (0..n)
            .map(|j| (0..k).map(|kk| problem.b[(k0 + kk) * n + j]).collect())
            .collect();
        let mut push = |stage, pe_values: Vec<Vec<f32>>, acc: &[f32], macs_done| {
            steps.push(PeStep {
                cycle: cycle as u32,
                stage,
                a_row: a_row.clone(),
                b_col: b_col.clone(),
                pe_values,
                accumulators: acc.to_vec(),
                macs_done,
            });
        };
        push(PeStage::Broadcast, vec![Vec::new(); n * n], &acc, macs_done);
        // All n²·k products at once: FP16 × FP16 is exact in FP32.
        let mut level: Vec<Vec<f32>> = (0..n * n)
            .map(|p| {
                let (i, j) = (p / n, p % n);
                (0..k).map(|kk| a_row[i][kk] * b_col[j][kk]).collect()
            })
            .collect();
        push(PeStage::Multiply, level.clone(), &acc, macs_done);
        // The reduction tree: level l adds neighbours pairwise.
        for l in 1..=array.adder_levels() {
            level = level
                .iter()
                .map(|v| v.chunks(2).map(|p| p.iter().sum()).collect())
                .collect();
            push(PeStage::Reduce(l), level.clone(), &acc, macs_done);
        }
        for (a, v) in acc.iter_mut().zip(&level) {
            *a += v.first().copied().unwrap_or(0.0);
        }
        macs_done += u64::from(array.macs_per_cycle());
        let shown: Vec<Vec<f32>> = acc.iter().map(|&x| vec![x]).collect();
        push(PeStage::Accumulate, shown, &acc, macs_done);
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_course_array_does_64_macs_per_cycle_in_five_stages() {
        let a = COURSE_PE_ARRAY;
        assert_eq!(
            (a.macs_per_cycle(), a.adder_levels(), a.stages_per_cycle()),
            (64, 2, 5)
        );
        let p = PeProblem::from_seed(a, 16, 7).expect("valid");
        let t = pe_trace(&p).expect("valid");
        assert_eq!(t.len(), 4 * 5);
        assert_eq!(t.last().map(|s| s.macs_done), Some(4 * 64));
    }

    #[test]
    fn bad_shapes_are_errors() {
        let bad = PeArray {
            pes_per_side: 4,
            dot_length: 3,
        };
        assert!(matches!(
            PeProblem::from_seed(bad, 12, 0),
            Err(PeError::BadArray(_))
        ));
        assert!(matches!(
            PeProblem::from_seed(COURSE_PE_ARRAY, 6, 0),
            Err(PeError::BadK { .. })
        ));
        let mut p = PeProblem::from_seed(COURSE_PE_ARRAY, 4, 0).expect("valid");
        p.a.pop();
        assert!(matches!(
            pe_trace(&p),
            Err(PeError::BadLength { operand: "A", .. })
        ));
    }
}
