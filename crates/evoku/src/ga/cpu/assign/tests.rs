//! Tests of the box assignment and its matching against textbook references and brute force.

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
    super::matching::col_of_row(k, row_of_col)
}

#[test]
fn the_lazy_potentials_change_no_matching() {
    let rng = Rng::new(3);
    for k in 1..=64 {
        for (trial, spread) in [1u32, 3, 20, 5000].into_iter().enumerate() {
            let at =
                |r: usize, c: usize| 64 * 64 * (4 * k + trial) as u32 + 64 * r as u32 + c as u32;
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
    let nine = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
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
            let cost =
                |r: usize, c: usize| (rng.at(trial * 4096 + 64 * r as u32 + c as u32) % 50) as i32;
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

#[test]
fn a_childs_assignments_share_one_noise_table() {
    let nine = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..";
    let (sixteen, twenty_five) = (".".repeat(256), ".".repeat(625));
    // A first row given: boxes of 20 free cells and of 25.
    let twenty_five_given = format!("123456789ABCDEFGHIJKLMNOP{}", ".".repeat(600));
    for text in [nine, &sixteen, &twenty_five, &twenty_five_given] {
        let puzzle = parse_one(text, &ParseOptions::default()).unwrap();
        let problem = Problem::new(&puzzle, InitKind::Random, false).unwrap();
        let params = Params::new(&problem, &GaConfig::preset(Preset::Paper));
        let mut genome = vec![0u8; params.genome_bytes()];
        init_slot(&params, &problem, 0, 0, 0, &mut genome);
        for (trial, (noise, steps)) in [(0, 3), (1200, 50), (5000, 7), (7, 0)]
            .into_iter()
            .enumerate()
        {
            let (mut rng, mut expected_rng) = (Rng::new(trial as u32), Rng::new(trial as u32));
            let mut expected = genome.clone();
            for _ in 0..steps {
                reference_assignment(&problem, noise, &mut expected_rng, &mut expected);
            }
            box_assignments(&problem, noise, &mut rng, &mut genome, steps);
            assert_eq!(genome, expected, "side {}, trial {trial}", problem.side());
            assert_eq!(rng.next_u32(), expected_rng.next_u32());
        }
    }
}
