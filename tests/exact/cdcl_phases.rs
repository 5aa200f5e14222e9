//! The CDCL search with rephasing, focused / stable modes, the decay ramp and random decisions
//! (`crates/evoku/src/exact/cdcl/phases.rs`): solves, proves, resumes and is a function of its seed.

use evoku::exact::cdcl::{
    Cdcl, Config, Cycle, Growth, Modes, Outcome, Rephase, SolverConfig, TargetReset,
};

use super::restarts::broken_seed_puzzle;
use super::*;

/// Every feature on, on schedules short enough to act within a few hundred conflicts.
fn all_on() -> Config {
    Config::from(SolverConfig {
        rephase: Rephase {
            interval: 40,
            growth: Growth::Arithmetic,
            cycle: Cycle::Cadical,
        },
        target_reset: TargetReset::Rephase,
        modes: Modes::Alternate {
            first: 50,
            growth: 2,
        },
        decay_ramp: Some(0.8),
        random_decisions: 0.02,
        ..SolverConfig::default()
    })
}

/// Each feature alone.
fn each_alone() -> Vec<Config> {
    let d = Config::default();
    let rephase = |growth, cycle| {
        Config::from(SolverConfig {
            rephase: Rephase {
                interval: 30,
                growth,
                cycle,
            },
            target_reset: TargetReset::Rephase,
            ..d.solver.clone()
        })
    };
    vec![
        rephase(Growth::Constant, Cycle::Best),
        rephase(Growth::Geometric, Cycle::BestOriginal),
        Config::from(SolverConfig {
            rephase: Rephase {
                interval: 30,
                ..Rephase::OFF
            },
            ..d.solver.clone()
        }),
        Config::from(SolverConfig {
            modes: Modes::Alternate {
                first: 20,
                growth: 3,
            },
            ..d.solver.clone()
        }),
        Config::from(SolverConfig {
            decay_ramp: Some(0.8),
            ..d.solver.clone()
        }),
        Config::from(SolverConfig {
            random_decisions: 0.05,
            ..d.solver.clone()
        }),
    ]
}

/// A search of `puzzle` run to its end, which must be a checked solution.
pub(super) fn solves(puzzle: &Grid, config: Config) -> Cdcl {
    let mut cdcl = Cdcl::new(puzzle, config, 1, 0);
    match cdcl.run(10_000_000) {
        Outcome::Solved(grid) => assert!(grid.solves(puzzle), "{grid} does not solve {puzzle}"),
        other => panic!("not solved: {other:?} for {puzzle}"),
    }
    cdcl
}

#[test]
fn cdcl_phases_solve_nine_sixteen_and_twenty_five() {
    let mut puzzles = nine("nine/top95.txt")[..5].to_vec();
    puzzles.push(instance(16, 45, 0));
    puzzles.push(instance(25, 45, 0));
    for p in &puzzles {
        solves(p, all_on());
    }
    // The schedules act: a search of a few hundred conflicts rephases and switches modes.
    let stats = solves(&instance(25, 45, 57), all_on()).stats();
    assert!(stats.conflicts > 200, "{stats:?}");
    assert!(stats.rephases >= 2 && stats.mode_switches >= 2, "{stats:?}");
    for config in each_alone() {
        solves(&instance(25, 45, 0), config);
    }
}

#[test]
fn cdcl_phases_prove_a_broken_puzzle_unsatisfiable() {
    for config in [all_on(), each_alone().swap_remove(3)] {
        let mut cdcl = Cdcl::new(&broken_seed_puzzle(), config, 1, 0);
        assert_eq!(cdcl.run(10_000_000), Outcome::Unsat);
        assert!(cdcl.stats().conflicts > 0);
    }
}

#[test]
fn cdcl_phases_are_a_function_of_the_seed() {
    let p = instance(25, 45, 57);
    let run = |config: Config, seed, stream| {
        let mut c = Cdcl::new(&p, config, seed, stream);
        let end = c.run(10_000_000);
        (end, c.stats())
    };
    let first = run(all_on(), 5, 0);
    assert_eq!(first, run(all_on(), 5, 0));
    assert_ne!(
        first.1,
        run(all_on(), 6, 0).1,
        "another seed, another search"
    );
    assert_ne!(
        first.1,
        run(all_on(), 5, 1).1,
        "another stream, another search"
    );
    // Each feature changes the trajectory of the default.
    let default = run(Config::default(), 5, 0).1;
    for config in each_alone() {
        assert_ne!(
            run(config.clone(), 5, 0).1,
            default,
            "{config:?} changes nothing"
        );
    }
}

/// Runs `cdcl` to its end in uneven steps of 1-7 conflicts; returns the end.
pub(super) fn run_in_steps(cdcl: &mut Cdcl) -> Outcome {
    let mut last = Outcome::Budget;
    let mut k = 0;
    while last == Outcome::Budget {
        k += 1;
        last = cdcl.run(k % 7 + 1);
    }
    last
}

#[test]
fn cdcl_phases_budget_split_equals_one_call() {
    let p = instance(25, 45, 57);
    for config in [all_on(), each_alone().swap_remove(3)] {
        let mut whole = Cdcl::new(&p, config.clone(), 1, 0);
        let end = whole.run(u64::MAX);
        assert!(matches!(end, Outcome::Solved(_)), "{end:?}");
        let total = whole.stats();
        assert!(
            total.conflicts > 100 && total.mode_switches > 0,
            "{total:?}"
        );
        // Uneven steps of 1-7 conflicts take the single run's trajectory to its end.
        let mut steps = Cdcl::new(&p, config.clone(), 1, 0);
        let last = run_in_steps(&mut steps);
        assert_eq!(last, end);
        assert_eq!(steps.stats(), total);
    }
}
