//! The CDCL search with shrinking on (`SolverConfig::shrink`, all-UIP per level): it solves,
//! proves no solution, finds a second solution exactly when the tree search counts two, and
//! stays a function of its seed and budget, as `cdcl.rs` checks for the default.

use evoku::exact::cdcl::{Cdcl, Config, Outcome, SolverConfig};

use super::cdcl::{assert_second_solution_exactly_when_there_is_one, assert_solves, finish};
use super::restarts::broken_seed_puzzle;
use super::*;

fn shrink() -> Config {
    Config::from(SolverConfig {
        shrink: true,
        ..SolverConfig::default()
    })
}

#[test]
fn cdcl_with_shrinking_solves_nine_sixteen_and_twenty_five() {
    let mut puzzles = nine("nine/top95.txt")[..10].to_vec();
    puzzles.push(instance(16, 45, 0));
    puzzles.push(instance(25, 45, 0));
    puzzles.push(instance(25, 40, 0));
    for p in &puzzles {
        assert_solves(p, shrink());
    }
}

#[test]
fn shrinking_shortens_learned_clauses_and_changes_the_search() {
    let p = instance(25, 45, 57);
    let plain = finish(&p, Config::default(), 1).1.stats();
    let shrunk = finish(&p, shrink(), 1).1.stats();
    assert_eq!(plain.shrunk, 0, "off means off");
    assert!(shrunk.shrunk > 0, "no literal shrunk: {shrunk:?}");
    assert_ne!(plain, shrunk);
}

#[test]
fn cdcl_with_shrinking_proves_a_broken_puzzle_unsatisfiable() {
    let (outcome, cdcl) = finish(&broken_seed_puzzle(), shrink(), 1);
    assert_eq!(outcome, Outcome::Unsat);
    assert!(cdcl.stats().conflicts > 0);
}

/// A clause shrinking got wrong would cut solutions off: the search for a second solution
/// finds one exactly when the tree search counts two.
#[test]
fn cdcl_with_shrinking_finds_a_second_solution_exactly_when_there_is_one() {
    let mut puzzles = nine("nine/top95.txt")[..4].to_vec();
    for (k, taken) in [(0, 5), (1, 6), (2, 4)] {
        let mut loose: Grid = puzzles[k].clone();
        let givens: Vec<usize> = (0..81).filter(|&c| loose.get(c) != 0).take(taken).collect();
        for c in givens {
            loose.set(c, 0);
        }
        puzzles.push(loose);
    }
    puzzles.push(instance(16, 45, 0));
    puzzles.push(instance(25, 45, 0));
    assert_second_solution_exactly_when_there_is_one(&puzzles, shrink());
}

#[test]
fn cdcl_with_shrinking_is_a_function_of_its_seed_and_budget_split() {
    let p = instance(25, 45, 57);
    let (first, a) = finish(&p, shrink(), 5);
    let (second, b) = finish(&p, shrink(), 5);
    assert_eq!(first, second);
    assert_eq!(a.stats(), b.stats());
    let mut split = Cdcl::new(&p, shrink(), 5, 0);
    let mut outcome = split.run(7);
    while outcome == Outcome::Budget {
        outcome = split.run(13);
    }
    assert_eq!(outcome, first);
    assert_eq!(split.stats(), a.stats());
}
