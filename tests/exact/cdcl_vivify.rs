//! The CDCL search with three tiers of learned clauses and vivification on: solving, proving no
//! solution, determinism and resumable budgets, as `cdcl.rs` checks for the default.

use evoku::exact::cdcl::{Config, Outcome, SolverConfig};

use super::cdcl::{finish, nine_sixteen_and_twenty_five};
use super::restarts::broken_seed_puzzle;
use super::*;

/// Reductions (and so vivification rounds) every few hundred conflicts, so that small puzzles
/// see many of them.
fn often(tiers: bool, vivify: u64) -> Config {
    Config::from(SolverConfig {
        tiers,
        vivify,
        reduce_first: 200,
        reduce_step: 50,
        ..SolverConfig::default()
    })
}

#[test]
fn cdcl_with_tiers_and_vivification_solves_nine_sixteen_and_twenty_five() {
    let puzzles = nine_sixteen_and_twenty_five();
    for config in [often(true, 20), often(false, 20), often(true, 0)] {
        for p in &puzzles {
            match finish(p, config.clone(), 1).0 {
                Outcome::Solved(grid) => assert!(grid.solves(p), "{grid} does not solve {p}"),
                other => panic!("{config:?}: not solved: {other:?} for {p}"),
            }
        }
    }
}

#[test]
fn vivification_shortens_learned_clauses_and_tiers_change_the_search() {
    let p = instance(25, 45, 57);
    let plain = finish(&p, often(false, 0), 1).1.stats();
    let vivified = finish(&p, often(false, 20), 1).1.stats();
    assert!(vivified.vivified > 0, "no clause shortened: {vivified:?}");
    assert!(vivified.vivify_propagations > 0);
    assert_eq!(
        plain.vivified + plain.vivify_propagations,
        0,
        "off means off"
    );
    assert_ne!(plain, vivified);
    let tiered = finish(&p, often(true, 0), 1).1.stats();
    assert_eq!(tiered.vivified, 0);
    assert_ne!(plain, tiered, "tiers keep other clauses, so another search");
}

#[test]
fn cdcl_with_tiers_and_vivification_proves_a_broken_puzzle_unsatisfiable() {
    let broken = broken_seed_puzzle();
    for config in [often(true, 20), often(false, 50)] {
        let (outcome, cdcl) = finish(&broken, config, 1);
        assert_eq!(outcome, Outcome::Unsat);
        assert!(cdcl.stats().conflicts > 0);
    }
}

#[test]
fn cdcl_with_tiers_and_vivification_is_a_function_of_its_seed() {
    let p = instance(25, 45, 0);
    let (first, a) = finish(&p, often(true, 20), 5);
    let (second, b) = finish(&p, often(true, 20), 5);
    assert_eq!(first, second);
    assert_eq!(a.stats(), b.stats());
    let (_, other) = finish(&p, often(true, 20), 6);
    assert_ne!(a.stats(), other.stats(), "another seed, another search");
}

#[test]
fn cdcl_with_tiers_and_vivification_budget_split_equals_one_call() {
    let p = instance(25, 45, 57);
    for config in [often(true, 20), often(false, 20), often(true, 0)] {
        super::cdcl::assert_budget_split(&p, config, 500);
    }
}
