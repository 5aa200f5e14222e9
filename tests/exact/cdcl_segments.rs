//! The CDCL search over segment variables (`Config::segments`, `crates/evoku/src/exact/cdcl/encode.rs`):
//! solves, proves, resumes, is a function of its seed, and walks over the cell clauses.

use evoku::exact::cdcl::{Cdcl, Config, Outcome, ShareLimits, SolverConfig, Walk};

use super::cdcl_phases::{run_in_steps, solves};
use super::restarts::broken_seed_puzzle;
use super::*;

fn segments() -> Config {
    Config {
        segments: true,
        ..Config::default()
    }
}

#[test]
fn cdcl_segments_solve_nine_sixteen_and_twenty_five() {
    let mut puzzles = nine("nine/top95.txt")[..5].to_vec();
    puzzles.push(instance(16, 45, 0));
    puzzles.push(instance(25, 45, 0));
    puzzles.push(instance(25, 45, 57));
    for p in &puzzles {
        let with = solves(p, segments());
        let without = Cdcl::new(p, Config::default(), 1, 0);
        // One segment variable per digit and (line, box) intersection with an open candidate.
        assert!(
            with.variables() > without.variables(),
            "{} segments",
            with.variables()
        );
    }
    // With the walks (over the cell clauses only) as well.
    let walking = Config {
        solver: SolverConfig {
            walk: Walk {
                interval: 20,
                ..Walk::SCREENED
            },
            ..segments().solver
        },
        ..segments()
    };
    let cdcl = solves(&instance(25, 45, 57), walking);
    assert!(cdcl.walk_stats().walks > 0, "{:?}", cdcl.walk_stats());
}

#[test]
fn cdcl_segments_prove_a_broken_puzzle_unsatisfiable() {
    let mut cdcl = Cdcl::new(&broken_seed_puzzle(), segments(), 1, 0);
    assert_eq!(cdcl.run(10_000_000), Outcome::Unsat);
}

#[test]
fn cdcl_segments_are_a_function_of_the_seed_and_change_the_search() {
    let p = instance(25, 45, 57);
    let run = |config: Config, seed| {
        let mut c = Cdcl::new(&p, config, seed, 0);
        let end = c.run(10_000_000);
        (end, c.stats())
    };
    let first = run(segments(), 5);
    assert!(matches!(first.0, Outcome::Solved(_)), "{first:?}");
    assert_eq!(first, run(segments(), 5));
    assert_ne!(
        first.1,
        run(segments(), 6).1,
        "another seed, another search"
    );
    assert_ne!(
        first.1,
        run(Config::default(), 5).1,
        "segments change nothing"
    );
}

#[test]
fn cdcl_segments_budget_split_equals_one_call() {
    let p = instance(25, 45, 57);
    let mut whole = Cdcl::new(&p, segments(), 1, 0);
    let end = whole.run(u64::MAX);
    let total = whole.stats();
    assert!(total.conflicts > 20, "{total:?}");
    let mut steps = Cdcl::new(&p, segments(), 1, 0);
    assert_eq!(run_in_steps(&mut steps), end);
    assert_eq!(steps.stats(), total);
}

/// A search with segment variables and one without trade clauses: the one without takes the
/// clauses over cell variables only, and both stay sound to the end.
#[test]
fn cdcl_segments_share_with_a_search_without_them() {
    let puzzle = instance(25, 45, 57);
    let mut pair = [
        Cdcl::new(&puzzle, segments(), 1, 0),
        Cdcl::new(&puzzle, Config::default(), 1, 1),
    ];
    for cdcl in &mut pair {
        cdcl.set_export(Some(ShareLimits::DEFAULT));
    }
    let mut offered = 0;
    for _ in 0..1_000 {
        let given = [pair[0].take_exports(), pair[1].take_exports()];
        offered += given[0].len();
        pair[0].import(&given[1]);
        pair[1].import(&given[0]);
        for cdcl in &mut pair {
            match cdcl.run(10) {
                Outcome::Budget => {}
                Outcome::Solved(grid) => {
                    assert!(grid.solves(&puzzle));
                    assert!(offered > 0, "nothing was traded");
                    return;
                }
                other => panic!("{other:?}"),
            }
        }
    }
    panic!("no end in 1,000 turns");
}
