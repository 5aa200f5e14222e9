//! Conflict-directed branching (dom/wdeg): the weights grow on failures and steer later searches.

use super::*;

use evoku::exact::restarts::{stream_restart_key, Schedule};
use evoku::exact::Growth;

/// Runs `searches` restarts of stream 1 of seed 5 (unit 5 nodes), or fewer if one ends for
/// another reason than its budget; returns the solver (with its weights) and the node counts.
fn restarts(p: &Grid, growth: Option<Growth>, searches: u32) -> (exact::Solver, Vec<u64>) {
    let mut solver = exact::Solver::new(p.geometry());
    solver.set_wdeg(growth);
    let mut schedule = Schedule::new(5, 1, 5);
    let mut nodes = Vec::new();
    while schedule.searches() < searches {
        let r = schedule.search(&mut solver, p, &Limits::default());
        nodes.push(r.nodes);
        if r.status != Status::NodeLimit {
            break;
        }
    }
    (solver, nodes)
}

/// One dual randomized search with key `key` and 2,000 nodes: its course, as (nodes, entropy).
fn course(solver: &mut exact::Solver, p: &Grid, key: u32) -> (u64, f64) {
    solver.set_dual(true);
    let limits = Limits {
        max_nodes: 2_000,
        ..Limits::default()
    };
    let r = solver.solve_randomized(p, &limits, key);
    (r.nodes, r.entropy)
}

#[test]
fn wdeg_weights_grow_on_failures_and_steer_later_searches() {
    let p = instance(25, 40, 2);
    let key = stream_restart_key(5, 1, 1_000);
    for growth in [Growth::Plain, Growth::Decay, Growth::PerDigit] {
        let (mut learned, nodes) = restarts(&p, Some(growth), 40);
        assert_eq!(
            nodes.len(),
            40,
            "{growth:?}: solved too soon to learn: {nodes:?}"
        );
        let (mut again, nodes_again) = restarts(&p, Some(growth), 40);
        assert_eq!(nodes, nodes_again, "same seed, same run");
        assert_eq!(learned.wdeg_weights(), again.wdeg_weights());
        let failures = learned.wdeg_failures();
        assert!(failures > 0, "{growth:?}: no failure counted");
        let weights = learned.wdeg_weights().expect("on");
        let per_unit = if growth == Growth::PerDigit { 25 } else { 1 };
        assert_eq!(weights.len(), 75 * per_unit, "per row, column and box");
        // Every failure blames one to three units; plain weights count them exactly.
        let raised: u64 = weights.iter().map(|w| w - 1).sum();
        match growth {
            Growth::Plain => assert!((failures..=3 * failures).contains(&raised)),
            Growth::Decay | Growth::PerDigit => assert!(raised >= failures),
        }
        // What 40 searches learned steers the next one: the same key from fresh weights, or
        // without weights, takes another course.
        let next = course(&mut learned, &p, key);
        assert_eq!(
            next,
            course(&mut again, &p, key),
            "same weights, same search"
        );
        let mut fresh = exact::Solver::new(p.geometry());
        fresh.set_wdeg(Some(growth));
        assert_ne!(
            next,
            course(&mut fresh, &p, key),
            "{growth:?}: weights unused"
        );
    }
    let (solver, _) = restarts(&p, None, 3);
    assert_eq!(solver.wdeg_failures(), 0);
    assert!(solver.wdeg_weights().is_none());
}
