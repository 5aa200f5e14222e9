//! Box assignment: re-arrange one box of a child as a noisy minimum-cost matching of its free
//! cells to its missing digits (a many-cell move, where a mutation moves two cells).
//!
//! Twin of `box_assignment` in `shaders/assign.wgsl`. The cost of putting digit `d` in free cell
//! `c` is `ASSIGN_UNIT` for each of the cell's row and column that already holds `d` outside the
//! box (exactly what the move adds to the penalty), `ASSIGN_UNIT` more when `d` is not one of the
//! cell's candidates, plus a random `0..noise` (`--assign-noise`, by default 1,200: a little
//! more than one conflict). Without the noise the matching is the best arrangement of the box
//! given the rest of the board; the noise lets it take slightly worse ones and so walk off
//! plateaus. The matching is the Hungarian algorithm (potentials, O(k^3) for k free cells), in
//! integers so both engines agree exactly.

use super::mutation::digit_bit;
use crate::ga::Problem;
use crate::rng::Rng;

/// Cost of one conflict (the noise, `0..noise`, is measured against it).
pub const ASSIGN_UNIT: i32 = 1000;
/// First draw index of the noise (`Rng::at(ASSIGN_NOISE_DRAW + 64 * cell + digit)`), far from the
/// sequential draws.
pub const ASSIGN_NOISE_DRAW: u32 = 0x4000_0000;
/// Larger than any sum of costs and potentials.
const INF: i32 = 1 << 30;

/// Minimum-cost perfect matching of `k` rows to `k` columns (`k <= 64`); `cost(row, col)`.
/// Returns the column of each row. Ties are resolved by the order of the scans below, which the
/// WGSL twin repeats.
pub fn min_cost_matching(k: usize, cost: impl Fn(usize, usize) -> i32) -> [u8; 64] {
    // 1-based rows and columns; column 0 is the algorithm's virtual start.
    let (mut u, mut v) = ([0i32; 65], [0i32; 65]);
    let (mut row_of_col, mut way) = ([0usize; 65], [0usize; 65]);
    for i in 1..=k {
        row_of_col[0] = i;
        let mut j0 = 0;
        let mut min_v = [INF; 65];
        let mut used = [false; 65];
        loop {
            used[j0] = true;
            let i0 = row_of_col[j0];
            let (mut delta, mut j1) = (INF, 0);
            for j in 1..=k {
                if !used[j] {
                    let reduced = cost(i0 - 1, j - 1) - u[i0] - v[j];
                    if reduced < min_v[j] {
                        min_v[j] = reduced;
                        way[j] = j0;
                    }
                    if min_v[j] < delta {
                        delta = min_v[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=k {
                if used[j] {
                    u[row_of_col[j]] += delta;
                    v[j] -= delta;
                } else {
                    min_v[j] -= delta;
                }
            }
            j0 = j1;
            if row_of_col[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            row_of_col[j0] = row_of_col[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut col_of_row = [0u8; 64];
    for j in 1..=k {
        if row_of_col[j] != 0 {
            col_of_row[row_of_col[j] - 1] = (j - 1) as u8;
        }
    }
    col_of_row
}

/// Re-arranges the free cells of a random box of `genome` (see the module comment); `noise` is
/// the bound of the random part of each cost (`GaConfig::assign_noise`).
pub fn box_assignment(problem: &Problem, noise: u32, rng: &mut Rng, genome: &mut [u8]) {
    let n = problem.side();
    let bx = rng.below(n as u32) as usize;
    let help = problem.help();
    let line_cells = problem.line_cells();
    let b = problem.geometry().box_size();
    // Digits in each of the box's b rows and b columns outside the box (position p of the box
    // is in its row p / b and column p % b), read once per line, not once per cell.
    let (first_row, first_col) = (problem.row_of()[bx * n], problem.col_of()[bx * n]);
    let (mut row_has, mut col_has) = ([0u64; 8], [0u64; 8]);
    for q in 0..b {
        for (line, has) in [
            (first_row as usize + q, &mut row_has[q]),
            (n + first_col as usize + q, &mut col_has[q]),
        ] {
            for &other in &line_cells[line * n..(line + 1) * n] {
                let other = other as usize;
                if other / n != bx {
                    *has |= digit_bit(genome[other]);
                }
            }
        }
    }
    // The free cells (genome index and box position) and their digits.
    let (mut free, mut position, mut digits) = ([0usize; 64], [0usize; 64], [0u8; 64]);
    let mut k = 0;
    for p in 0..n {
        let g = bx * n + p;
        if help[g] != 0 {
            continue;
        }
        (free[k], position[k], digits[k]) = (g, p, genome[g]);
        k += 1;
    }
    if k < 2 {
        return;
    }
    let candidates = problem.candidates();
    let draws = *rng;
    let cost = |cell: usize, digit: usize| {
        let bit = digit_bit(digits[digit]);
        let p = position[cell];
        let conflicts = (row_has[p / b] & bit != 0) as i32
            + (col_has[p % b] & bit != 0) as i32
            + (candidates[free[cell]] & bit == 0) as i32;
        let draw = draws.at(ASSIGN_NOISE_DRAW + 64 * cell as u32 + digit as u32);
        let random = if noise == 0 { 0 } else { draw % noise };
        conflicts * ASSIGN_UNIT + random as i32
    };
    let matching = min_cost_matching(k, cost);
    for cell in 0..k {
        genome[free[cell]] = digits[matching[cell] as usize];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every permutation of `0..k`, for a brute-force check.
    fn permutations(k: usize) -> Vec<Vec<usize>> {
        if k == 0 {
            return vec![vec![]];
        }
        let mut all = Vec::new();
        for p in permutations(k - 1) {
            for at in 0..=p.len() {
                let mut q = p.clone();
                q.insert(at, k - 1);
                all.push(q);
            }
        }
        all
    }

    #[test]
    fn the_matching_has_the_least_total_cost() {
        let rng = Rng::new(7);
        for k in 1..=6 {
            for trial in 0..40u32 {
                let cost = |r: usize, c: usize| {
                    (rng.at(trial * 4096 + 64 * r as u32 + c as u32) % 50) as i32
                };
                let found = min_cost_matching(k, cost);
                let mut seen = [false; 64];
                for r in 0..k {
                    assert!(!seen[found[r] as usize], "not a permutation");
                    seen[found[r] as usize] = true;
                }
                let total: i32 = (0..k).map(|r| cost(r, found[r] as usize)).sum();
                let best = permutations(k)
                    .iter()
                    .map(|p| (0..k).map(|r| cost(r, p[r])).sum::<i32>())
                    .min()
                    .unwrap();
                assert_eq!(total, best, "k {k}, trial {trial}");
            }
        }
    }
}
