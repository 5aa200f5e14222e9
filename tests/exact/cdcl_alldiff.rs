//! The CDCL search with full all-different inside it (`exact::cdcl::Config::alldiff`): it
//! still solves and proves, adds its clauses, and stays a function of its seed and
//! budget split.

use evoku::exact::cdcl::{Cdcl, Config, Outcome};

use super::cdcl::finish;
use super::restarts::broken_seed_puzzle;
use super::*;

fn alldiff() -> Config {
    Config {
        alldiff: true,
        ..Config::default()
    }
}

fn assert_solved(puzzle: &Grid, outcome: &Outcome) {
    match outcome {
        Outcome::Solved(grid) => assert!(grid.solves(puzzle), "{grid} does not solve {puzzle}"),
        other => panic!("not solved: {other:?} for {puzzle}"),
    }
}

#[test]
fn cdcl_with_alldiff_solves_nine_sixteen_and_twenty_five() {
    let mut puzzles = nine("nine/top95.txt")[..20].to_vec();
    puzzles.push(instance(16, 45, 0));
    puzzles.push(instance(25, 45, 0));
    puzzles.push(instance(25, 45, 57));
    puzzles.push(instance(25, 45, 99));
    let mut clauses = 0;
    for p in &puzzles {
        let (outcome, cdcl) = finish(p, alldiff(), 1);
        assert_solved(p, &outcome);
        clauses += cdcl.stats().theory;
    }
    assert!(
        clauses > 0,
        "no all-different clause: the test would not cover them"
    );
}

#[test]
fn cdcl_with_alldiff_proves_a_broken_puzzle_unsatisfiable() {
    let (outcome, cdcl) = finish(&broken_seed_puzzle(), alldiff(), 1);
    assert_eq!(outcome, Outcome::Unsat);
    assert!(cdcl.stats().conflicts > 0);
}

#[test]
fn cdcl_with_alldiff_is_a_function_of_its_seed_and_budget_split() {
    let p = instance(25, 45, 57);
    let (end, whole) = finish(&p, alldiff(), 1);
    assert_solved(&p, &end);
    assert!(whole.stats().theory > 0);
    let (again, same) = finish(&p, alldiff(), 1);
    assert_eq!((end.clone(), whole.stats()), (again, same.stats()));
    let (_, other) = finish(&p, alldiff(), 2);
    assert_ne!(whole.stats(), other.stats(), "another seed, another search");
    let mut steps = Cdcl::new(&p, alldiff(), 1, 0);
    let mut last = Outcome::Budget;
    let mut k = 0;
    while last == Outcome::Budget {
        k += 1;
        last = steps.run(k % 7 + 1);
    }
    assert_eq!(last, end);
    assert_eq!(steps.stats(), whole.stats());
}
