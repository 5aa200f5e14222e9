//! Conflict-directed branching (dom/wdeg): the weights grow on failures and steer later searches.

use super::*;

use evoku::exact::restarts::{stream_restart_key, Schedule};

/// Runs `searches` restarts of stream 1 of seed 5 (unit 5 nodes), or fewer if one ends for
/// another reason than its budget; returns the solver (with its weights) and the node counts.
fn restarts(p: &Grid, wdeg: bool, searches: u32) -> (exact::Solver, Vec<u64>) {
    let mut solver = exact::Solver::new(p.geometry());
    solver.set_wdeg(wdeg);
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
    let (mut learned, nodes) = restarts(&p, true, 40);
    assert_eq!(nodes.len(), 40, "solved too soon to learn: {nodes:?}");
    let (mut again, nodes_again) = restarts(&p, true, 40);
    assert_eq!(nodes, nodes_again, "same seed, same run");
    assert_eq!(learned.wdeg_weights(), again.wdeg_weights());
    let failures = learned.wdeg_failures();
    assert!(failures > 0, "no failure counted");
    let weights = learned.wdeg_weights().expect("on");
    assert_eq!(weights.len(), 75, "one weight per row, column and box");
    // Every failure blames one to three units and raises each by one.
    let raised: u64 = weights.iter().map(|w| w - 1).sum();
    assert!(
        (failures..=3 * failures).contains(&raised),
        "{raised} for {failures}"
    );
    // What 40 searches learned steers the next one: the same key from fresh weights takes
    // another course.
    let key = stream_restart_key(5, 1, 1_000);
    let next = course(&mut learned, &p, key);
    assert_eq!(
        next,
        course(&mut again, &p, key),
        "same weights, same search"
    );
    let mut fresh = exact::Solver::new(p.geometry());
    fresh.set_wdeg(true);
    assert_ne!(
        next,
        course(&mut fresh, &p, key),
        "the weights steered nothing"
    );
    // Off: nothing counted, no weights.
    let (solver, _) = restarts(&p, false, 3);
    assert_eq!(solver.wdeg_failures(), 0);
    assert!(solver.wdeg_weights().is_none());
}
