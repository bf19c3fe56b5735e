//! Comparing a schedule with a measurement: per-SM block counts and their histogram
//! ([`sm_counts`], [`count_histogram`]) and which blocks the model put on a different SM than the
//! H200 did ([`order_differences`]).

use super::*;

/// Per-SM block counts of a list of SM ids (ids ≥ `sm_count` are ignored).
pub fn sm_counts(sms: impl Iterator<Item = u32>, sm_count: u32) -> Vec<u32> {
    let mut counts = vec![0u32; sm_count as usize];
    for sm in sms {
        if let Some(c) = counts.get_mut(sm as usize) {
            *c += 1;
        }
    }
    counts
}

/// Histogram of per-SM counts: `(blocks on an SM, number of SMs with that many)`, ascending.
/// The H200 probe's 565 blocks at 16 per SM give `[(4, 95), (5, 37)]`.
pub fn count_histogram(counts: &[u32]) -> Vec<(u32, u32)> {
    let mut sorted = counts.to_vec();
    sorted.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for c in sorted {
        match out.last_mut() {
            Some((v, n)) if *v == c => *n += 1,
            _ => out.push((c, 1)),
        }
    }
    out
}

/// One block the model puts on another SM than the measurement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SmDifference {
    /// Block id.
    pub block: u32,
    /// SM in the model's trace.
    pub model_sm: u32,
    /// SM in the measured trace.
    pub observed_sm: u32,
}

/// Where a measured dispatch differs from the model ([`order_differences`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderComparison {
    /// Blocks present in both (the shorter length).
    pub blocks_compared: u32,
    /// Blocks on the same SM in both.
    pub same_sm: u32,
    /// Every block on a different SM, by block id.
    pub differences: Vec<SmDifference>,
    /// SMs in the order the measurement gave them their first block (the H200: 128, 129, 130,
    /// 131, 124, …, 127, then pairs 0, 1, 16, 17, 32, 33, …).
    pub observed_first_sm_order: Vec<u32>,
    /// Per-SM block counts, model.
    pub model_blocks_per_sm: Vec<u32>,
    /// Per-SM block counts, measured (ids ≥ the model's SM count ignored).
    pub observed_blocks_per_sm: Vec<u32>,
    /// True when both give the same multiset of per-SM counts (the same spread, whatever the
    /// SM numbering).
    pub same_spread: bool,
}

/// Compares the model's SM for each block with a measured one (`observed_sm_of_block[b]` =
/// `%smid` of block `b`). The model's numbering is `i mod sm_count`; real GPUs number SMs by
/// GPC/TPC, so ids differ while the spread (blocks per SM) usually agrees.
pub fn order_differences(model: &Trace, observed_sm_of_block: &[u32]) -> OrderComparison {
    let model_sms = model.sm_of_blocks();
    let n = model_sms.len().min(observed_sm_of_block.len());
    let mut differences = Vec::new();
    for (b, (&m, &o)) in model_sms.iter().zip(observed_sm_of_block).enumerate() {
        if m != o {
            differences.push(SmDifference {
                block: b as u32,
                model_sm: m,
                observed_sm: o,
            });
        }
    }
    let mut seen = vec![false; model.sm_count as usize];
    let mut observed_first_sm_order = Vec::new();
    for &o in observed_sm_of_block {
        if let Some(s) = seen.get_mut(o as usize) {
            if !*s {
                *s = true;
                observed_first_sm_order.push(o);
            }
        }
    }
    let model_blocks_per_sm = model.blocks_per_sm_counts();
    let observed_blocks_per_sm = sm_counts(observed_sm_of_block.iter().copied(), model.sm_count);
    let same_spread =
        count_histogram(&model_blocks_per_sm) == count_histogram(&observed_blocks_per_sm);
    OrderComparison {
        blocks_compared: n as u32,
        same_sm: (n - differences.len()) as u32,
        differences,
        observed_first_sm_order,
        model_blocks_per_sm,
        observed_blocks_per_sm,
        same_spread,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_counts() {
        assert_eq!(count_histogram(&[5, 4, 4, 5, 4]), vec![(4, 3), (5, 2)]);
        assert!(count_histogram(&[]).is_empty());
    }
}
