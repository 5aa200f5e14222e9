//! Fuzzing the solver: real puzzles with cells changed at random (a given removed, a digit added
//! or changed, which often leaves no solution), solved in-process by the default solver under a
//! short time limit. Every answer must be a solution the host re-checks, a "no solution" the
//! exact solver confirms, or "not solved" within the limit plus 5 % and 0.2 s; never a panic.
//! The normal run tries a few dozen cases; `EVOKU_FUZZ_CASES=N` sets the count for a long run
//! (docs/results/faults.md has the run of record).

use std::time::{Duration, Instant};

use evoku::{Algorithm, Backend, Puzzle, Settings};
use proptest::prelude::*;

use crate::util;

/// Time limit per solve: short, so that a hard mutant costs little.
const LIMIT: Duration = Duration::from_millis(200);

/// Cases: `EVOKU_FUZZ_CASES`, else 48 (each solve is short, but a few take the whole limit).
fn cases() -> u32 {
    std::env::var("EVOKU_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48)
}

/// The seed puzzles: hard 9x9s, a 4x4 and 16x16 instances of the repository's data (read once).
fn seeds() -> &'static [Puzzle] {
    static SEEDS: std::sync::OnceLock<Vec<Puzzle>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(read_seeds)
}

fn read_seeds() -> Vec<Puzzle> {
    let mut seeds = Vec::new();
    for file in [
        util::data("nine/top95.txt"),
        util::repo("puzzles/ai-escargot.txt"),
        util::data("lloyd-amos/general/inst16x16_45_0.txt"),
        util::data("lloyd-amos/general/inst16x16_30_3.txt"),
    ] {
        let puzzles = Puzzle::read(&file).expect("seed puzzles");
        seeds.extend(puzzles.into_iter().take(4));
    }
    seeds.push("1.3.....2..3.3..".parse().expect("4x4"));
    seeds
}

fn settings(algorithm: Algorithm) -> Settings {
    Settings::new()
        .backend(Backend::Cpu)
        .algorithm(algorithm)
        .threads(1)
        .time_limit(LIMIT)
}

/// `seed` with each edit (cell, digit) applied: digit 0 empties the cell.
fn mutant(seed: &Puzzle, edits: &[(u16, u8)]) -> Option<Puzzle> {
    let side = seed.side();
    let mut cells = seed.cells().to_vec();
    for &(cell, digit) in edits {
        let at = usize::from(cell) % cells.len();
        cells[at] = digit % (side as u8 + 1);
    }
    Puzzle::from_cells(side, &cells)
}

fn check(puzzle: &Puzzle) {
    let started = Instant::now();
    let report = evoku::solve(puzzle, &settings(Algorithm::Auto)).expect("a solve never fails");
    let took = started.elapsed();
    let bound = LIMIT.mul_f64(1.05) + Duration::from_millis(200);
    assert!(
        took <= bound,
        "{puzzle}: {took:?} past the limit's bound {bound:?}"
    );
    if let Some(solution) = report.solution() {
        assert!(report.solved());
        assert!(puzzle.is_solved_by(solution), "{puzzle}: a wrong solution");
    } else if let Some(why) = report.unsolvable() {
        // A proof of no solution: the exact solver, with all the time it needs, agrees.
        let exact = Settings::new()
            .backend(Backend::Cpu)
            .algorithm(Algorithm::Exact)
            .threads(1)
            .no_time_limit();
        let exact = evoku::solve(puzzle, &exact).expect("exact solve");
        assert!(
            !exact.solved(),
            "{puzzle}: said unsolvable ({why}), but has a solution"
        );
    } else {
        assert!(
            !report.solved(),
            "{puzzle}: solved without a checked solution"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_solver_answers_every_mutant_correctly_within_its_limit(
        which in any::<u16>(),
        edits in prop::collection::vec((any::<u16>(), any::<u8>()), 0..12),
    ) {
        let seeds = seeds();
        let seed = &seeds[usize::from(which) % seeds.len()];
        if let Some(puzzle) = mutant(seed, &edits) {
            check(&puzzle);
        }
    }
}
