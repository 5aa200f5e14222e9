//! Randomized, restarted and guided searches: determinism, solving, proofs of no solution.

use super::*;

/// A seed puzzle made unsolvable by changing one empty cell to a digit that does not clash with
/// the givens but differs from the solution's (as in `hidden_contradiction_has_no_solution`),
/// with every other empty cell filled by the solution but `open` of them: the search then has
/// to explore a small tree to prove it.
pub(super) fn broken_seed_puzzle() -> Grid {
    let (_, seed) = &seed_puzzles()[5];
    let solution = exact::solve(seed, &Limits::default())
        .first()
        .unwrap()
        .clone();
    let mut broken = seed.clone();
    for c in 0..81 {
        if broken.get(c) != 0 {
            continue;
        }
        for d in 1..=9u8 {
            if d == solution.get(c) {
                continue;
            }
            broken.set(c, d);
            if broken.first_clash().is_none() {
                return broken;
            }
            broken.set(c, 0);
        }
    }
    panic!("no cell to break");
}

#[test]
fn randomized_search_is_a_function_of_its_key() {
    let p = instance(25, 40, 0);
    let g = p.geometry();
    let limits = Limits {
        max_nodes: 20_000,
        ..Limits::default()
    };
    let mut solver = exact::Solver::new(g);
    let a = solver.solve_randomized(&p, &limits, 11);
    let b = solver.solve_randomized(&p, &limits, 11);
    assert_eq!(a, b, "same key, same search");
    let s = a.first().expect("25x25_40_0 solves within 20,000 nodes");
    assert!(s.solves(&p));
    // Different keys take different paths: node counts or solutions differ for some key.
    let differs = (12..20).any(|key| solver.solve_randomized(&p, &limits, key) != a);
    assert!(differs, "every key searched the same tree");
    // The randomized search leaves the plain search as it was.
    assert_eq!(solver.solve(&p, &limits), exact::solve(&p, &limits));
}

#[test]
fn restarted_search_is_deterministic_and_solves() {
    let p = instance(25, 40, 2);
    let limits = Limits {
        max_nodes: 200_000,
        ..Limits::default()
    };
    let a = exact::restarts::solve(&p, &limits, 5, 50);
    let b = exact::restarts::solve(&p, &limits, 5, 50);
    assert_eq!(a, b, "same seed, same run");
    assert!(a.first().expect("solved").solves(&p));
    // A unit too small for one search to finish forces restarts, counted in the node total.
    let g = p.geometry();
    let mut solver = exact::Solver::new(g);
    let (r, searches) = exact::restarts::solve_with(&mut solver, &p, &limits, 5, 1);
    assert!(r.first().expect("solved").solves(&p));
    assert!(
        searches > 1,
        "unit 1 must restart, ran {searches} search(es)"
    );
}

#[test]
fn restarted_search_still_proves_no_solution() {
    let broken = broken_seed_puzzle();
    let plain = exact::count_solutions(&broken, 1);
    assert!(plain.has_no_solution());
    assert!(plain.nodes > 1, "the proof must need search");
    for seed in 0..4 {
        let mut solver = exact::Solver::new(broken.geometry());
        let r = solver.solve_randomized(&broken, &Limits::default(), seed as u32);
        assert!(r.has_no_solution(), "key {seed}: {:?}", r.status);
        // Unit 1: the first searches stop at their budget (no proof), a later one completes.
        let (r, searches) =
            exact::restarts::solve_with(&mut solver, &broken, &Limits::default(), seed, 1);
        assert!(r.has_no_solution(), "seed {seed}: {:?}", r.status);
        assert!(searches > 1, "seed {seed}: one search");
    }
    // A total node limit below every proof's cost proves nothing.
    let r = exact::restarts::solve(
        &broken,
        &Limits {
            max_nodes: 1,
            ..Limits::default()
        },
        0,
        1,
    );
    assert_eq!(r.status, Status::NodeLimit);
    assert!(!r.has_no_solution());
}

#[test]
fn guided_restarts_follow_the_best_state_and_stay_complete() {
    // Solution-guided restarts: each search tries first the digits of the most advanced state
    // the earlier ones reached. The order changes, not what a finished search proves.
    let p = instance(25, 40, 2);
    let run = |seed: u64, guide: bool| {
        let mut solver = exact::Solver::new(p.geometry());
        solver.set_guided(guide);
        let mut schedule = exact::restarts::Schedule::new(seed, 1, 5);
        let limits = Limits::default();
        let mut nodes = 0;
        loop {
            let r = schedule.search(&mut solver, &p, &limits);
            nodes += r.nodes;
            if r.status != Status::NodeLimit {
                return (r.first().cloned(), nodes, schedule.searches());
            }
        }
    };
    let a = run(5, true);
    assert_eq!(a, run(5, true), "same seed, same run");
    assert!(a.0.as_ref().expect("solved").solves(&p));
    assert!(a.2 > 1, "unit 5 must restart: {} search(es)", a.2);
    // Without the guide the same keys search other trees.
    assert!(
        (5..9).any(|seed| run(seed, true) != run(seed, false)),
        "the guide changed no search"
    );
    // Still complete: a puzzle with no solution is proven so.
    let broken = broken_seed_puzzle();
    let mut solver = exact::Solver::new(broken.geometry());
    solver.set_guided(true);
    let mut schedule = exact::restarts::Schedule::new(0, 0, 1);
    let proof = loop {
        let r = schedule.search(&mut solver, &broken, &Limits::default());
        if r.status != Status::NodeLimit {
            break r;
        }
    };
    assert!(proof.has_no_solution(), "{:?}", proof.status);
}
