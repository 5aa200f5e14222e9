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
//!
//! The k x k costs are computed once per assignment into a table (the Hungarian reads each entry
//! about 3 times), its size fixed by the board side so a 9x9 board does not clear a 64 x 64 one.

use super::mutation::digit_bit;
use crate::ga::Problem;
use crate::rng::{index_mix, mul_hi, Rng};

/// Cost of one conflict (the noise, `0..noise`, is measured against it).
pub const ASSIGN_UNIT: i32 = 1000;
/// First draw index of the noise (`Rng::at(ASSIGN_NOISE_DRAW + 64 * cell + digit)`), far from the
/// sequential draws.
pub const ASSIGN_NOISE_DRAW: u32 = 0x4000_0000;
/// `index_mix(ASSIGN_NOISE_DRAW + 64 * cell + digit)` at `64 * cell + digit`: the noise draws'
/// key-independent half, mixed once at compile time instead of once per draw.
static NOISE_INDEX_MIX: [u32; 64 * 64] = {
    let mut mixed = [0; 64 * 64];
    let mut i = 0;
    while i < 64 * 64 {
        mixed[i] = index_mix(ASSIGN_NOISE_DRAW + i as u32);
        i += 1;
    }
    mixed
};
/// Larger than any sum of costs and potentials.
pub const ASSIGN_INF: i32 = 1 << 30;

/// Minimum-cost perfect matching of `k` rows to `k` columns (`k <= 64`); `cost(row, col)`.
/// Returns the column of each row. Ties are resolved by the order of the scans in `hungarian`,
/// which the WGSL twin repeats.
pub fn min_cost_matching(k: usize, cost: impl Fn(usize, usize) -> i32) -> [u8; 64] {
    assert!(k <= 64, "at most 64 rows");
    let mut table = [0i32; 64 * 64];
    for row in 0..k {
        for col in 0..k {
            table[row * k + col] = cost(row, col);
        }
    }
    hungarian::<65>(k, &table)
}

/// The Hungarian algorithm on the `k` x `k` table `cost` (row-major, stride `k`); `K1 > k` bounds
/// the 1-based arrays.
///
/// The textbook version (`reference_matching` in the tests; the WGSL twin) subtracts each round's
/// `delta` from every unused column's `min_v` and moves the potentials of every used column and
/// its row. Here `min_v` is kept plus the phase's running sum of deltas `d`, and each used column
/// records `d` when it joined, so the potentials move once at the end of the phase by the deltas
/// since then. Every comparison is the textbook's shifted by the same `d`, in the same order: the
/// same matching, ties included, with one pass over the unused columns per round instead of two
/// over all of them.
fn hungarian<const K1: usize>(k: usize, cost: &[i32]) -> [u8; 64] {
    // 1-based rows and columns; column 0 is the algorithm's virtual start.
    let (mut u, mut v) = ([0i32; K1], [0i32; K1]);
    let (mut row_of_col, mut way) = ([0usize; K1], [0usize; K1]);
    let (mut min_v, mut joined) = ([ASSIGN_INF; K1], [0i32; K1]);
    // The unused columns in increasing order (so ties go the textbook's way) and the used ones.
    let (mut open, mut used) = ([0usize; K1], [0usize; K1]);
    for i in 1..=k {
        row_of_col[0] = i;
        let mut j0 = 0;
        for j in 1..=k {
            min_v[j] = ASSIGN_INF;
            open[j - 1] = j;
        }
        let (mut open_len, mut used_len, mut d) = (k, 0, 0);
        loop {
            used[used_len] = j0;
            used_len += 1;
            joined[j0] = d;
            // Row i0's potential has not moved yet: its column joined just now.
            let i0 = row_of_col[j0];
            let row = &cost[(i0 - 1) * k..i0 * k];
            let shift = d - u[i0];
            let (mut least, mut at) = (ASSIGN_INF, 0);
            for (t, &j) in open[..open_len].iter().enumerate() {
                let reduced = row[j - 1] + shift - v[j];
                if reduced < min_v[j] {
                    min_v[j] = reduced;
                    way[j] = j0;
                }
                if min_v[j] < least {
                    least = min_v[j];
                    at = t;
                }
            }
            d = least;
            j0 = open[at];
            // A short shift by hand: `copy_within` calls `memmove`.
            open_len -= 1;
            for t in at..open_len {
                open[t] = open[t + 1];
            }
            if row_of_col[j0] == 0 {
                break;
            }
        }
        for &j in &used[..used_len] {
            let moved = d - joined[j];
            u[row_of_col[j]] += moved;
            v[j] -= moved;
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
    // The cost table's side is the board's (k <= n free cells): a fixed size per class of board.
    match problem.side() {
        0..=9 => assign::<{ 9 * 9 }, 10>(problem, noise, rng, genome),
        10..=16 => assign::<{ 16 * 16 }, 17>(problem, noise, rng, genome),
        17..=25 => assign::<{ 25 * 25 }, 26>(problem, noise, rng, genome),
        26..=36 => assign::<{ 36 * 36 }, 37>(problem, noise, rng, genome),
        _ => assign::<{ 64 * 64 }, 65>(problem, noise, rng, genome),
    }
}

/// The digits of the genome cells `line` lists, except those at positions `skip`.
#[inline(always)]
fn digits_outside(line: &[u16], skip: std::ops::Range<usize>, genome: &[u8]) -> u64 {
    let digits = |part: &[u16]| {
        part.iter()
            .fold(0, |has, &cell| has | digit_bit(genome[cell as usize]))
    };
    digits(&line[..skip.start]) | digits(&line[skip.end..])
}

/// `box_assignment` with a cost table of `TABLE` entries and Hungarian arrays of `K1`.
fn assign<const TABLE: usize, const K1: usize>(
    problem: &Problem,
    noise: u32,
    rng: &mut Rng,
    genome: &mut [u8],
) {
    let n = problem.side();
    let bx = rng.below(n as u32) as usize;
    let help = problem.help();
    let line_cells = problem.line_cells();
    let b = problem.geometry().box_size();
    // Digits in each of the box's b rows and b columns outside the box (position p of the box
    // is in its row p / b and column p % b), read once per line, not once per cell.
    let first = bx * n;
    let (first_row, first_col) = (problem.line_a_of()[first], problem.line_b_of()[first]);
    let (mut row_has, mut col_has) = ([0u64; 8], [0u64; 8]);
    for q in 0..b {
        let row = &line_cells[(first_row as usize + q) * n..][..n];
        let col = &line_cells[(n + first_col as usize + q) * n..][..n];
        // Along a row the box holds columns `first_col..first_col + b`; along a column, rows.
        row_has[q] = digits_outside(row, first_col as usize..first_col as usize + b, genome);
        col_has[q] = digits_outside(col, first_row as usize..first_row as usize + b, genome);
    }
    // The free cells (genome index and box position) and their digits.
    let (mut free, mut position, mut digits) = ([0usize; K1], [0usize; K1], [0u8; K1]);
    let mut k = 0;
    for p in 0..n {
        let g = first + p;
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
    let mut bits = [0u64; K1];
    for (bit, &digit) in bits.iter_mut().zip(&digits[..k]) {
        *bit = digit_bit(digit);
    }
    let mut cost = [0i32; TABLE];
    for cell in 0..k {
        let p = position[cell];
        let (row, col) = (row_has[p / b], col_has[p % b]);
        let allowed = candidates[free[cell]];
        let mixed = &NOISE_INDEX_MIX[64 * cell..64 * cell + k];
        for (digit, entry) in cost[cell * k..(cell + 1) * k].iter_mut().enumerate() {
            let bit = bits[digit];
            let conflicts =
                (row & bit != 0) as i32 + (col & bit != 0) as i32 + (allowed & bit == 0) as i32;
            let random = mul_hi(draws.at_mixed(mixed[digit]), noise);
            *entry = conflicts * ASSIGN_UNIT + random as i32;
        }
    }
    let matching = hungarian::<K1>(k, &cost[..k * k]);
    for cell in 0..k {
        genome[free[cell]] = digits[matching[cell] as usize];
    }
}

/// Loop iterations (as lavapipe counts them, [`super::loop_run`]) of a child's GPU box
/// assignments. Each: the box's 2b lines, its free cells, the Hungarian algorithm for up to n
/// cells (n rows, each: a reset, up to n rounds of one pass over the columns, one pass moving the
/// potentials, the augmenting path), the write-back.
pub fn loop_bound(params: &crate::ga::Params) -> u64 {
    use super::loop_run as run;
    let (n, b) = (params.side as u64, params.box_size as u64);
    let hungarian = run(n) * (run(n + 1) + run(n) * run(n) + run(n + 1) + run(n));
    let step = run(b) + b * 2 * run(n) + run(n) + hungarian + run(n);
    let steps = params.assign_steps as u64;
    run(steps) + steps * step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{parse_one, ParseOptions};
    use crate::ga::cpu::init::init_slot;
    use crate::ga::{GaConfig, InitKind, Params, Preset};

    /// The textbook Hungarian algorithm, as the WGSL twin runs it.
    fn reference_matching(k: usize, cost: impl Fn(usize, usize) -> i32) -> [u8; 64] {
        const K1: usize = 65;
        // 1-based rows and columns; column 0 is the algorithm's virtual start.
        let (mut u, mut v) = ([0i32; K1], [0i32; K1]);
        let (mut row_of_col, mut way) = ([0usize; K1], [0usize; K1]);
        let (u, v, row_of_col, way) = (
            &mut u[..=k],
            &mut v[..=k],
            &mut row_of_col[..=k],
            &mut way[..=k],
        );
        let mut min_v = [ASSIGN_INF; K1];
        let mut used = [false; K1];
        let (min_v, used) = (&mut min_v[..=k], &mut used[..=k]);
        for i in 1..=k {
            row_of_col[0] = i;
            let mut j0 = 0;
            min_v.fill(ASSIGN_INF);
            used.fill(false);
            loop {
                used[j0] = true;
                let i0 = row_of_col[j0];
                let u_i0 = u[i0];
                let (mut delta, mut j1) = (ASSIGN_INF, 0);
                for j in 1..=k {
                    if !used[j] {
                        let reduced = cost(i0 - 1, j - 1) - u_i0 - v[j];
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

    #[test]
    fn the_lazy_potentials_change_no_matching() {
        let rng = Rng::new(3);
        for k in 1..=64 {
            for (trial, spread) in [1u32, 3, 20, 5000].into_iter().enumerate() {
                let at = |r: usize, c: usize| {
                    64 * 64 * (4 * k + trial) as u32 + 64 * r as u32 + c as u32
                };
                let cost = |r: usize, c: usize| (rng.at(at(r, c)) % spread) as i32 * 997;
                let expected = reference_matching(k, cost);
                assert_eq!(
                    min_cost_matching(k, cost),
                    expected,
                    "k {k}, spread {spread}"
                );
            }
        }
    }

    /// `box_assignment` as first written (the WGSL twin): costs computed whenever the textbook
    /// matching reads them, box membership by division.
    fn reference_assignment(problem: &Problem, noise: u32, rng: &mut Rng, genome: &mut [u8]) {
        let n = problem.side();
        let b = problem.geometry().box_size();
        let bx = rng.below(n as u32) as usize;
        let (row0, col0) = (
            problem.line_a_of()[bx * n] as usize,
            problem.line_b_of()[bx * n] as usize,
        );
        let line_has = |line: usize| {
            let cells = &problem.line_cells()[line * n..(line + 1) * n];
            cells
                .iter()
                .filter(|&&other| other as usize / n != bx)
                .fold(0, |has, &other| has | digit_bit(genome[other as usize]))
        };
        let row_has: Vec<u64> = (0..b).map(|q| line_has(row0 + q)).collect();
        let col_has: Vec<u64> = (0..b).map(|q| line_has(n + col0 + q)).collect();
        let free: Vec<usize> = (0..n)
            .filter(|&p| problem.help()[bx * n + p] == 0)
            .collect();
        if free.len() < 2 {
            return;
        }
        let digits: Vec<u8> = free.iter().map(|&p| genome[bx * n + p]).collect();
        let draws = *rng;
        let cost = |cell: usize, digit: usize| {
            let (bit, p) = (digit_bit(digits[digit]), free[cell]);
            let conflicts = (row_has[p / b] & bit != 0) as i32
                + (col_has[p % b] & bit != 0) as i32
                + (problem.candidates()[bx * n + p] & bit == 0) as i32;
            let draw = draws.at(ASSIGN_NOISE_DRAW + 64 * cell as u32 + digit as u32);
            conflicts * ASSIGN_UNIT + ((draw as u64 * noise as u64) >> 32) as i32
        };
        let matching = reference_matching(free.len(), cost);
        for (cell, &p) in free.iter().enumerate() {
            genome[bx * n + p] = digits[matching[cell] as usize];
        }
    }

    #[test]
    fn the_cost_table_changes_no_assignment() {
        let nine =
            "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
        let (sixteen, twenty_five) = (".".repeat(256), ".".repeat(625));
        for text in [nine, &sixteen, &twenty_five] {
            let puzzle = parse_one(text, &ParseOptions::default()).unwrap();
            let problem = Problem::new(&puzzle, InitKind::Random, false).unwrap();
            let params = Params::new(&problem, &GaConfig::preset(Preset::Paper));
            let mut genome = vec![0u8; params.genome_bytes()];
            init_slot(&params, &problem, 0, 0, 0, &mut genome);
            for (step, noise) in [0, 1, 7, 1200, 5000]
                .into_iter()
                .cycle()
                .take(60)
                .enumerate()
            {
                let (mut rng, mut expected_rng) = (Rng::new(step as u32), Rng::new(step as u32));
                let mut expected = genome.clone();
                reference_assignment(&problem, noise, &mut expected_rng, &mut expected);
                box_assignment(&problem, noise, &mut rng, &mut genome);
                assert_eq!(genome, expected, "side {}, step {step}", problem.side());
                assert_eq!(rng.next_u32(), expected_rng.next_u32());
            }
        }
    }

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
