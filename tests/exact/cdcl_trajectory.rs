//! The CDCL's trajectory pinned: decisions, conflicts and propagations of fixed runs, as the
//! search made them before its speed work (`propagate.rs`, the heap's copied activities, the
//! allocation-free analysis). A change meant to make the search faster must leave every count
//! as it is; one meant to change the search updates these numbers and says why. Reason-side
//! bumping, on by default since 2026-11-25, changed the default's counts (they were 1,560
//! conflicts, 361,177 propagations, 7,492 decisions, 9 restarts: the second row pins that search
//! with the bumping off); the other rows keep it off, so their counts are the ones pinned before.

use evoku::exact::cdcl::{
    Cdcl, Config, Cycle, Growth, Modes, Outcome, Phase, Rephase, Restarts, SolverConfig,
};

use super::*;

/// Runs `config` (seed 1, stream 0) to its end; the counts that decide the trajectory.
fn counts(puzzle: &Grid, config: Config) -> [u64; 6] {
    let mut cdcl = Cdcl::new(puzzle, config, 1, 0);
    match cdcl.run(u64::MAX) {
        Outcome::Solved(grid) => assert!(grid.solves(puzzle)),
        other => panic!("not solved: {other:?}"),
    }
    let (s, w) = (cdcl.stats(), cdcl.walk_stats());
    [
        s.conflicts,
        s.propagations,
        s.decisions,
        s.restarts,
        s.vivify_propagations,
        w.flips,
    ]
}

#[test]
fn cdcl_trajectory_is_pinned() {
    let p = instance(25, 45, 57);
    assert_eq!(
        counts(&p, Config::default()),
        [2_998, 710_726, 8_284, 14, 0, 0]
    );
    let no_reason_bumps = Config::from(SolverConfig {
        bump_reasons: false,
        ..SolverConfig::default()
    });
    assert_eq!(
        counts(&p, no_reason_bumps.clone()),
        [1_560, 361_177, 7_492, 9, 0, 0]
    );
    // The off-by-default options together: random decisions read the heap's layout, tiers and
    // vivification the clause arena, rephasing and modes the phases.
    let options = Config::from(SolverConfig {
        restarts: Restarts::Glucose,
        phase: Phase::Random,
        random_decisions: 0.05,
        decay_ramp: Some(0.8),
        rephase: Rephase {
            interval: 500,
            growth: Growth::Arithmetic,
            cycle: Cycle::Cadical,
        },
        modes: Modes::Alternate {
            first: 300,
            growth: 2,
        },
        tiers: true,
        vivify: 10,
        ..no_reason_bumps.solver.clone()
    });
    assert_eq!(
        counts(&p, options),
        [5_916, 1_897_398, 83_377, 802, 128_645, 0]
    );
    let mut walking = no_reason_bumps;
    walking.walk.interval = 200;
    walking.walk.cells = true;
    assert_eq!(
        counts(&p, walking),
        [3_057, 794_399, 13_979, 14, 0, 863_960]
    );
}
