//! Counting-based branching, maxSD (Pesant, Quimper and Zanarini, "Counting-Based Search:
//! Branching Heuristics for Constraint Satisfaction Problems", JAIR 2012; measured there to
//! beat dom/wdeg and impact-based search on quasigroup completion): branch on the cell and digit
//! that the most solutions of one unit's all-different constraint use, the digit first.
//!
//! A unit's solutions are the perfect matchings of its open cells to its missing digits; their
//! number, the permanent of the candidate matrix, is bounded above by Bregman's bound
//! `prod_i (r_i!)^(1/r_i)` over the cells' candidate counts `r_i`. Fixing cell `c` to digit `d`
//! removes `c` and takes `d` from every other cell holding it, so the share of the unit's
//! solutions with `c = d`, normalised over `c`'s candidates, is `w(d) / sum_{d' in c} w(d')`
//! with `w(d) = prod over the unit's cells holding d of f(r_i - 1) / f(r_i)`, `f(r) =
//! (r!)^(1/r)` (`c`'s own factor is the same for every digit and cancels). Ties and near-ties
//! are broken by the search's key, so restarts take different paths.

use super::search::Level;
use super::tables::Tables;

/// How much the key perturbs the densities (a share), so that restarts differ.
const NOISE: f64 = 0.02;

/// `ln f(r - 1) - ln f(r)` for `r` in `1..=64` (index `r`), `ln f(r) = ln(r!) / r`.
fn log_ratios() -> [f64; 65] {
    let mut ln_fact = [0.0f64; 65];
    for r in 1..65 {
        ln_fact[r] = ln_fact[r - 1] + (r as f64).ln();
    }
    let ln_f = |r: usize| if r == 0 { 0.0 } else { ln_fact[r] / r as f64 };
    let mut out = [0.0; 65];
    for (r, o) in out.iter_mut().enumerate().skip(1) {
        *o = ln_f(r - 1) - ln_f(r);
    }
    out
}

/// The (cell, digit) of the highest solution density over all units, as a branching level over
/// the cell's candidates with that digit first; `None` when every cell is fixed.
pub(super) fn choose_density(t: &Tables, state: &[u64], tie: u32) -> Option<Level> {
    let cand = &state[..t.cells];
    let n = t.side;
    let ratios = log_ratios();
    let mut sums = [0.0f64; 64];
    let mut best: Option<(f64, usize, u64)> = None;
    for u in 0..3 * n {
        let cells = &t.units[u * n..(u + 1) * n];
        sums[..n].fill(0.0);
        let mut open = false;
        for &c in cells {
            let m = cand[c as usize];
            let r = m.count_ones() as usize;
            if r < 2 {
                continue;
            }
            open = true;
            let mut rest = m;
            while rest != 0 {
                sums[rest.trailing_zeros() as usize] += ratios[r];
                rest &= rest - 1;
            }
        }
        if !open {
            continue;
        }
        for &c in cells {
            let m = cand[c as usize];
            if m.count_ones() < 2 {
                continue;
            }
            let mut top = f64::NEG_INFINITY;
            let mut digit = 0;
            let mut rest = m;
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                if sums[d] > top {
                    top = sums[d];
                    digit = d;
                }
                rest &= rest - 1;
            }
            let mut total = 0.0;
            let mut rest = m;
            while rest != 0 {
                total += (sums[rest.trailing_zeros() as usize] - top).exp();
                rest &= rest - 1;
            }
            let draw = crate::rng::mix(tie ^ (c as u32 * 64 + digit as u32));
            let score = (1.0 + NOISE * draw as f64 / u32::MAX as f64) / total;
            if best.is_none_or(|(s, _, _)| score > s) {
                best = Some((score, c as usize, 1u64 << digit));
            }
        }
    }
    best.map(|(_, cell, first)| Level {
        cell,
        remaining: cand[cell],
        place: None,
        first,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bregman_ratios_fall_below_one() {
        let r = log_ratios();
        // f(0) = 1, f(1) = 1: a cell with one candidate left keeps the bound.
        assert_eq!(r[1], 0.0);
        // f(2) = sqrt 2.
        assert!((r[2] + 0.5 * 2f64.ln()).abs() < 1e-12);
        assert!(r[2..].iter().all(|&x| x < 0.0));
    }
}
