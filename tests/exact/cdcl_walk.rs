//! The CDCL search with local-search phases (`exact::cdcl::Walk`): it still solves and proves,
//! stays a function of its seed and budget split, and a walk that satisfies every clause ends
//! the search with a checked grid.

use evoku::exact::cdcl::{Cdcl, Config, Outcome, SolverConfig, Walk, WalkScore};

use super::cdcl::finish;
use super::restarts::broken_seed_puzzle;
use super::*;

/// Walks from the first restart on, short and greedy (the settings screened at 36x36), without
/// reason-side bumping, as the portfolio's walking stream at 36x36.
fn walking(target: bool, cells: bool) -> Config {
    Config::from(SolverConfig {
        walk: Walk {
            interval: 50,
            flips_per_clause: 10,
            score: WalkScore::Exp { cb: 8.0 },
            target,
            cells,
            bump: 0.0,
        },
        bump_reasons: false,
        ..SolverConfig::default()
    })
}

fn assert_solved(puzzle: &Grid, outcome: &Outcome) {
    match outcome {
        Outcome::Solved(grid) => assert!(grid.solves(puzzle), "{grid} does not solve {puzzle}"),
        other => panic!("not solved: {other:?} for {puzzle}"),
    }
}

#[test]
fn cdcl_with_walks_solves_nine_sixteen_and_twenty_five() {
    let mut puzzles = nine("nine/top95.txt")[..10].to_vec();
    puzzles.push(instance(16, 45, 0));
    puzzles.push(instance(25, 45, 0));
    puzzles.push(instance(25, 45, 99));
    let mut walks = 0;
    for p in &puzzles {
        for (target, cells) in [(true, false), (false, false), (true, true)] {
            let (outcome, cdcl) = finish(p, walking(target, cells), 1);
            assert_solved(p, &outcome);
            walks += cdcl.walk_stats().walks;
        }
    }
    assert!(walks > 0, "no walk ran: the test would not cover them");
    // Every score form.
    for score in [WalkScore::Poly { cb: 2.5 }, WalkScore::Exp { cb: 2.0 }] {
        let mut config = walking(true, false);
        config.walk.score = score;
        let p = instance(25, 45, 0);
        let (outcome, cdcl) = finish(&p, config, 1);
        assert_solved(&p, &outcome);
        assert!(cdcl.walk_stats().flips > 0);
    }
    // Conflict-frequency bumps after the walks, of either kind.
    for cells in [false, true] {
        let mut config = walking(true, cells);
        config.walk.bump = 0.5;
        let p = instance(25, 45, 0);
        let (outcome, cdcl) = finish(&p, config, 1);
        assert_solved(&p, &outcome);
        assert!(cdcl.walk_stats().walks > 0);
    }
}

#[test]
fn a_walk_that_satisfies_every_clause_ends_the_search() {
    // 25x25 at 40 %: the first walk (at the first restart, 100 conflicts) satisfies every
    // clause with seed 1, where the search alone needs some 650 conflicts.
    let p = instance(25, 40, 0);
    let (outcome, cdcl) = finish(&p, walking(false, false), 1);
    assert_solved(&p, &outcome);
    let walks = cdcl.walk_stats();
    assert_eq!(walks.solutions, 1, "{walks:?}");
    assert_eq!(walks.last_best, 0);
    assert_eq!(
        cdcl.stats().conflicts,
        100,
        "the descent after the walk takes its solution without a conflict"
    );
}

#[test]
fn cdcl_with_walks_proves_a_broken_puzzle_unsatisfiable() {
    let broken = broken_seed_puzzle();
    let (outcome, _) = finish(&broken, walking(true, false), 1);
    assert_eq!(outcome, Outcome::Unsat);
    let (outcome, cdcl) = finish(&broken, walking(true, true), 1);
    assert_eq!(outcome, Outcome::Unsat);
    assert!(cdcl.stats().conflicts > 0);
}

#[test]
fn cdcl_with_walks_is_a_function_of_its_seed_and_budget_split() {
    for cells in [false, true] {
        seed_and_split(walking(true, cells));
    }
}

fn seed_and_split(config: Config) {
    let p = instance(25, 45, 0);
    let (end, whole) = finish(&p, config.clone(), 1);
    assert_solved(&p, &end);
    let (again, same) = finish(&p, config.clone(), 1);
    assert_eq!((end.clone(), whole.stats()), (again, same.stats()));
    assert_eq!(whole.walk_stats(), same.walk_stats());
    assert!(whole.walk_stats().walks >= 2, "{:?}", whole.walk_stats());
    let (_, other) = finish(&p, config.clone(), 2);
    assert_ne!(
        (whole.stats(), whole.walk_stats()),
        (other.stats(), other.walk_stats()),
        "another seed, another search"
    );
    // Uneven steps stop where one call does and finish as the whole run.
    let total = whole.stats().conflicts;
    let mut steps = Cdcl::new(&p, config, 1, 0);
    let mut last = Outcome::Budget;
    let mut k = 0;
    while last == Outcome::Budget {
        k += 1;
        last = steps.run(k % 7 + 1);
        assert!(steps.stats().conflicts <= total);
    }
    assert_eq!(last, end);
    assert_eq!(steps.stats(), whole.stats());
    assert_eq!(steps.walk_stats(), whole.walk_stats());
}
