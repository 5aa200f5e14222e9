//! Summary statistics for repeated runs: mean, median, standard deviation, extremes and ranks.
//!
//! Every function takes the samples as given (any order) and returns `None` for an empty slice,
//! so a cell with no solved run reads as "no figure" rather than as zero.

use serde::{Deserialize, Serialize};

/// The arithmetic mean.
pub fn mean(samples: &[f64]) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    Some(samples.iter().sum::<f64>() / samples.len() as f64)
}

/// The median: the middle sample, or the mean of the two middle ones.
pub fn median(samples: &[f64]) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    Some(if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    })
}

/// The sample standard deviation (divisor `n - 1`, as spreadsheets' STDEV); 0 for one sample.
pub fn std_dev(samples: &[f64]) -> Option<f64> {
    let m = mean(samples)?;
    if samples.len() < 2 {
        return Some(0.0);
    }
    let squares: f64 = samples.iter().map(|x| (x - m) * (x - m)).sum();
    Some((squares / (samples.len() - 1) as f64).sqrt())
}

pub fn min(samples: &[f64]) -> Option<f64> {
    samples.iter().copied().min_by(f64::total_cmp)
}

pub fn max(samples: &[f64]) -> Option<f64> {
    samples.iter().copied().max_by(f64::total_cmp)
}

/// Ranks from 1, ties sharing the mean of the ranks they span (as Spearman's rho needs).
pub fn ranks(samples: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..samples.len()).collect();
    order.sort_by(|&a, &b| samples[a].total_cmp(&samples[b]));
    let mut ranks = vec![0.0; samples.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && samples[order[end]] == samples[order[start]] {
            end += 1;
        }
        // Positions start..end hold equal values: ranks start+1 ..= end, averaged.
        let rank = (start + 1 + end) as f64 / 2.0;
        for &i in &order[start..end] {
            ranks[i] = rank;
        }
        start = end;
    }
    ranks
}

/// Spearman's rank correlation: Pearson's correlation of the ranks. `None` when the slices
/// differ in length, hold fewer than two pairs, or one of them is constant.
pub fn spearman(xs: &[f64], ys: &[f64]) -> Option<f64> {
    if xs.len() != ys.len() || xs.len() < 2 {
        return None;
    }
    pearson(&ranks(xs), &ranks(ys))
}

/// Pearson's correlation coefficient; `None` if either side is constant.
pub fn pearson(xs: &[f64], ys: &[f64]) -> Option<f64> {
    if xs.len() != ys.len() || xs.len() < 2 {
        return None;
    }
    let (mx, my) = (mean(xs)?, mean(ys)?);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (x, y) in xs.iter().zip(ys) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    if sxx == 0.0 || syy == 0.0 {
        return None;
    }
    Some(sxy / (sxx * syy).sqrt())
}

/// The usual figures of a set of samples.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub count: usize,
    pub mean: f64,
    pub median: f64,
    /// Sample standard deviation (divisor `n - 1`).
    pub std_dev: f64,
    pub min: f64,
    pub max: f64,
}

impl Summary {
    /// `None` for no samples.
    pub fn of(samples: &[f64]) -> Option<Summary> {
        Some(Summary {
            count: samples.len(),
            mean: mean(samples)?,
            median: median(samples)?,
            std_dev: std_dev(samples)?,
            min: min(samples)?,
            max: max(samples)?,
        })
    }
}
