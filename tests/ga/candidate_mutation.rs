//! The candidate mutation: legal pairs, determinism, free cells without candidates.

use super::*;

/// Whether the digit at genome index `g` occurs more than once in its row or column.
fn duplicated(problem: &Problem, genome: &[u8], g: usize) -> bool {
    let n = problem.side();
    let lines = [
        problem.line_a_of()[g] as usize,
        n + problem.line_b_of()[g] as usize,
    ];
    lines.iter().any(|&line| {
        problem.line_cells()[line * n..(line + 1) * n]
            .iter()
            .filter(|&&c| genome[c as usize] == genome[g])
            .count()
            > 1
    })
}

/// Whether cell `g` may take digit `d` under `candidate_mutation`'s rule: `d` is one of its
/// candidates, or the cell holds a non-candidate now.
fn takes(problem: &Problem, genome: &[u8], g: usize, d: u8) -> bool {
    let has = |d: u8| problem.candidates()[g] >> (d - 1) & 1 != 0;
    has(d) || !has(genome[g])
}

/// How often `d` occurs in line `line` (rows `0..n`, columns `n..2n`).
fn occurrences(problem: &Problem, genome: &[u8], line: usize, d: u8) -> usize {
    let n = problem.side();
    problem.line_cells()[line * n..(line + 1) * n]
        .iter()
        .filter(|&&c| genome[c as usize] == d)
        .count()
}

/// Whether cell `to` would take `from`'s digit without meeting it again in its row or column.
fn fits(problem: &Problem, genome: &[u8], to: usize, from: usize) -> bool {
    let n = problem.side();
    let (row, col) = (problem.line_a_of(), problem.line_b_of());
    let d = genome[from];
    (row[to] == row[from] || occurrences(problem, genome, row[to] as usize, d) == 0)
        && (col[to] == col[from] || occurrences(problem, genome, n + col[to] as usize, d) == 0)
}

/// Cells holding one of their candidates.
fn cells_on_candidates(problem: &Problem, genome: &[u8]) -> usize {
    (0..problem.cells())
        .filter(|&g| problem.candidates()[g] >> (genome[g] - 1) & 1 != 0)
        .count()
}

#[test]
fn candidate_mutation_swaps_only_legal_pairs_when_there_are_some() {
    let mut tiers_seen = [0usize; 5];
    for (board, grid) in boards().iter().enumerate() {
        for presolve in [false, true] {
            let problem = Problem::new(grid, InitKind::Candidates, presolve).expect("solvable");
            let n = problem.side();
            let params = Params::new(&problem, &config(InitKind::Candidates, presolve));
            for seed in 0..30u32 {
                let mut genome = random_genome(&problem, &params, seed);
                let mut rng = Rng::new(seed.wrapping_mul(7919));
                for step in 0..60 {
                    let what = format!("board {board}, presolve {presolve}, seed {seed}/{step}");
                    // Replays the draws: the box, then the first cell among the duplicated ones
                    // (or all free ones when none is).
                    let mut replay = rng;
                    let bx = replay.below(n as u32) as usize;
                    let free: Vec<usize> = (bx * n..(bx + 1) * n)
                        .filter(|&g| problem.help()[g] == 0)
                        .collect();
                    let dups: Vec<usize> = free
                        .iter()
                        .copied()
                        .filter(|&g| duplicated(&problem, &genome, g))
                        .collect();
                    let drawn = candidate_mutation(&problem, &mut rng, &genome);
                    if free.len() < 2 {
                        assert_eq!(drawn, None, "{what}: box {bx} has too few free cells");
                        continue;
                    }
                    let pool = if dups.is_empty() { &free } else { &dups };
                    let i = pool[replay.below(pool.len() as u32) as usize];
                    let others = free.iter().copied().filter(|&j| j != i);
                    let legal = |j: &usize| {
                        takes(&problem, &genome, i, genome[*j])
                            && takes(&problem, &genome, *j, genome[i])
                    };
                    let tiers: [Vec<usize>; 4] = [
                        others
                            .clone()
                            .filter(|j| {
                                legal(j)
                                    && fits(&problem, &genome, i, *j)
                                    && fits(&problem, &genome, *j, i)
                            })
                            .collect(),
                        others
                            .clone()
                            .filter(|j| legal(j) && duplicated(&problem, &genome, *j))
                            .collect(),
                        others.clone().filter(legal).collect(),
                        others
                            .clone()
                            .filter(|&j| takes(&problem, &genome, i, genome[j]))
                            .collect(),
                    ];
                    let tier = tiers.iter().position(|t| !t.is_empty()).unwrap_or(4);
                    tiers_seen[tier] += 1;
                    let Some((a, b)) = drawn else {
                        assert_eq!(tier, 4, "{what}: abandoned with a partner in tier {tier}");
                        continue;
                    };
                    assert_eq!(a, i, "{what}: not the replayed first cell");
                    assert!(
                        tiers[tier].contains(&b),
                        "{what}: {b} is not in tier {tier}"
                    );
                    let (on_candidates, penalty) = (
                        cells_on_candidates(&problem, &genome),
                        fitness(&problem, &genome),
                    );
                    genome.swap(a, b);
                    assert_invariants(&problem, &genome, &what);
                    if tier < 3 {
                        assert!(
                            cells_on_candidates(&problem, &genome) >= on_candidates,
                            "{what}: a legal swap took a cell's candidate away"
                        );
                    }
                    if tier == 0 {
                        assert!(
                            fitness(&problem, &genome) <= penalty,
                            "{what}: a tier-0 swap raised the penalty"
                        );
                    }
                }
            }
        }
    }
    // Every branch was taken somewhere (tier 4: abandoned).
    assert!(
        tiers_seen[..4].iter().all(|&k| k > 0),
        "tiers drawn: {tiers_seen:?}"
    );
}

#[test]
fn candidate_mutation_is_deterministic_and_uses_every_free_cell_without_candidates() {
    let grid = puzzle("puzzles/lloyd-amos-25x25-45.txt");
    let problem = Problem::new(&grid, InitKind::Candidates, true).expect("solvable");
    let params = Params::new(&problem, &config(InitKind::Candidates, true));
    let genome = random_genome(&problem, &params, 3);
    let draws = |seed: u32| {
        let mut rng = Rng::new(seed);
        let pairs: Vec<_> = (0..200)
            .map(|_| candidate_mutation(&problem, &mut rng, &genome))
            .collect();
        (pairs, rng.next_u32())
    };
    assert_eq!(draws(17), draws(17), "same draws, same pairs");
    assert_ne!(draws(17).0, draws(18).0, "another seed gave the same pairs");

    // With `--init random` every digit is a candidate: nothing is ever abandoned in a box with
    // two free cells, and every pair is legal.
    let random = Problem::new(&grid, InitKind::Random, false).expect("solvable");
    let mut rng = Rng::new(5);
    for _ in 0..500 {
        let mut replay = rng;
        let bx = replay.below(random.side() as u32) as usize;
        let free = (0..random.side())
            .filter(|&p| random.help()[bx * random.side() + p] == 0)
            .count();
        let drawn = candidate_mutation(&random, &mut rng, &genome);
        assert_eq!(drawn.is_some(), free >= 2, "box {bx}, {free} free cells");
    }
    assert!(may_take(&random, &genome, 0, 1));
}
