//! The CDCL search with each of its options on that the default search leaves off (shrinking,
//! binary minimisation, conflict-history-based and learning-rate-based branching, decisions in
//! the smallest group): it solves, proves no solution, finds
//! a second solution exactly when the tree search counts two, and stays a function of its seed
//! and budget, as `cdcl.rs` checks for the default.

use evoku::exact::cdcl::{Branching, Cdcl, Config, Outcome, SolverConfig};

use super::cdcl::{
    assert_second_solution_exactly_when_there_is_one, assert_solves, finish,
    nine_sixteen_and_twenty_five,
};
use super::restarts::broken_seed_puzzle;
use super::*;

/// Each option on alone, by name.
fn options() -> [(&'static str, Config); 5] {
    let with = |change: fn(&mut SolverConfig)| {
        let mut solver = SolverConfig::default();
        change(&mut solver);
        Config::from(solver)
    };
    [
        ("shrink", with(|c| c.shrink = true)),
        ("bin_minimize", with(|c| c.bin_minimize = true)),
        ("chb", with(|c| c.branching = Branching::Chb)),
        ("lrb", with(|c| c.branching = Branching::Lrb)),
        ("groups", with(|c| c.group_decisions = true)),
    ]
}

#[test]
fn cdcl_with_each_option_solves_nine_sixteen_and_twenty_five() {
    let puzzles = nine_sixteen_and_twenty_five();
    for (_, config) in options() {
        for p in &puzzles {
            assert_solves(p, config.clone());
        }
    }
}

#[test]
fn each_option_does_its_work_and_changes_the_search() {
    let p = instance(25, 45, 57);
    let plain = finish(&p, Config::default(), 1).1.stats();
    assert_eq!((plain.shrunk, plain.bin_minimized), (0, 0), "off means off");
    for (name, config) in options() {
        let stats = finish(&p, config, 1).1.stats();
        match name {
            "shrink" => assert!(stats.shrunk > 0, "no literal shrunk: {stats:?}"),
            "bin_minimize" => assert!(stats.bin_minimized > 0, "none minimised: {stats:?}"),
            _ => assert_eq!((stats.shrunk, stats.bin_minimized), (0, 0), "{name}"),
        }
        assert_ne!(plain, stats, "{name} changed nothing");
    }
}

#[test]
fn cdcl_with_each_option_proves_a_broken_puzzle_unsatisfiable() {
    for (name, config) in options() {
        let (outcome, cdcl) = finish(&broken_seed_puzzle(), config, 1);
        assert_eq!(outcome, Outcome::Unsat, "{name}");
        assert!(cdcl.stats().conflicts > 0, "{name}");
    }
}

/// A clause learned wrong would cut solutions off: the search for a second solution finds one
/// exactly when the tree search counts two.
#[test]
fn cdcl_with_each_option_finds_a_second_solution_exactly_when_there_is_one() {
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
    for (_, config) in options() {
        assert_second_solution_exactly_when_there_is_one(&puzzles, config);
    }
}

#[test]
fn cdcl_with_each_option_is_a_function_of_its_seed_and_budget_split() {
    let p = instance(25, 45, 57);
    for (name, config) in options() {
        let (first, a) = finish(&p, config.clone(), 5);
        let (second, b) = finish(&p, config.clone(), 5);
        assert_eq!(first, second, "{name}");
        assert_eq!(a.stats(), b.stats(), "{name}");
        let mut split = Cdcl::new(&p, config, 5, 0);
        let mut outcome = split.run(7);
        while outcome == Outcome::Budget {
            outcome = split.run(13);
        }
        assert_eq!(outcome, first, "{name}");
        assert_eq!(split.stats(), a.stats(), "{name}");
    }
}
