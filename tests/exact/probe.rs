//! Failed-literal probing in randomized searches: it removes what fails, keeps proofs, and a
//! screening harness for the large boards (ignored: run by hand, docs/results/large-boards.md#large-boards).

use super::*;

use evoku::exact::restarts::Schedule;
use evoku::exact::Probe;
use evoku::portfolio::restarts::{EXACT_GUIDED, EXACT_RESTART_UNIT, EXACT_STREAMS, EXACT_WDEG};

/// Probing at the root only, to a fixpoint.
const ROOT: Probe = Probe {
    depth: 0,
    per_node: 0,
    places: true,
    charge: false,
    lookahead: false,
};

/// Probing at every node, 16 literals per node, charged as nodes.
const EVERYWHERE: Probe = Probe {
    depth: u32::MAX,
    per_node: 16,
    places: true,
    charge: true,
    lookahead: false,
};

/// top95 puzzles that failed-literal probing at the root solves without a branch (measured).
const SOLVED_AT_ROOT: usize = 30;

/// One randomized dual search of `p` with `probe` and `limits`, key 7.
fn search(p: &Grid, probe: Option<Probe>, limits: &Limits) -> (exact::ExactResult, (u64, u64)) {
    let mut solver = exact::Solver::new(p.geometry());
    solver.set_dual(true);
    solver.set_probe(probe);
    let r = solver.solve_randomized(p, limits, 7);
    (r, solver.probes())
}

#[test]
fn failed_literals_found_at_the_root_solve_what_propagation_leaves_open() {
    // One node: the root's propagation, and its probing, decide alone.
    let one = Limits {
        max_nodes: 1,
        ..Limits::default()
    };
    let mut solved = 0;
    for p in nine("nine/top95.txt") {
        let (plain, _) = search(&p, None, &one);
        assert!(
            plain.first().is_none(),
            "propagation alone solves a top95 puzzle"
        );
        let (r, (probes, failed)) = search(&p, Some(ROOT), &one);
        assert!(probes > 0, "nothing probed");
        if let Some(g) = r.first() {
            assert!(g.solves(&p));
            assert_eq!(r.status, Status::Complete);
            assert!(failed > 0, "solved without a failed literal");
            solved += 1;
        }
    }
    // Fails if the probing stops removing failed literals (or removes too few).
    assert!(solved >= SOLVED_AT_ROOT, "{solved} solved at the root");
}

#[test]
fn probing_searches_stay_complete_and_repeatable() {
    // A puzzle without a solution is still proven so, whatever the key, probing everywhere.
    let broken = super::restarts::broken_seed_puzzle();
    let (r, (_, failed)) = search(&broken, Some(EVERYWHERE), &Limits::default());
    assert!(r.has_no_solution(), "{:?}", r.status);
    assert!(failed > 0);
    // Unique puzzles stay unique: the whole tree is searched for a second solution.
    for p in nine("nine/top95.txt").iter().take(12) {
        let two = Limits::solutions(2);
        let (r, probes) = search(p, Some(EVERYWHERE), &two);
        assert_eq!(r.is_unique(), Some(true));
        assert!(r.first().unwrap().solves(p));
        assert_eq!(
            (r, probes),
            search(p, Some(EVERYWHERE), &two),
            "same key, same run"
        );
    }
}

/// A probe setting from `EVOKU_PROBE`: `off`, or `depth,per_node,places,charge,lookahead`
/// (the last three 0 or 1).
fn probe_from_env() -> Option<Probe> {
    let text = std::env::var("EVOKU_PROBE").unwrap_or_else(|_| "off".into());
    if text == "off" {
        return None;
    }
    let v: Vec<u32> = text.split(',').map(|x| x.trim().parse().unwrap()).collect();
    Some(Probe {
        depth: v[0],
        per_node: v[1],
        places: v.get(2).is_some_and(|&p| p != 0),
        charge: v.get(3).is_some_and(|&c| c != 0),
        lookahead: v.get(4).is_some_and(|&l| l != 0),
    })
}

/// One stream of the portfolio's large-board exact member (seed 1, its unit, guidance and
/// weights), with `probe`, until it solves or spends `budget` units of work (nodes, and probes
/// when they are not charged as nodes): (solved, nodes, probes, failed literals, seconds).
fn stream(p: &Grid, stream: u32, probe: Option<Probe>, budget: u64) -> (bool, u64, u64, u64, f64) {
    let start = Instant::now();
    let mut solver = exact::Solver::new(p.geometry());
    solver.set_guided(EXACT_GUIDED);
    solver.set_wdeg(EXACT_WDEG[stream as usize]);
    solver.set_probe(probe);
    let mut schedule = Schedule::new(1, stream, EXACT_RESTART_UNIT);
    let mut nodes = 0;
    loop {
        let r = schedule.search(&mut solver, p, &Limits::default());
        nodes += r.nodes;
        if let Some(g) = r.first() {
            assert!(g.solves(p), "a solution that does not solve");
        }
        let (probes, failed) = solver.probes();
        let work = nodes
            + if probe.is_some_and(|p| !p.charge) {
                probes
            } else {
                0
            };
        if r.status != Status::NodeLimit || work >= budget {
            let solved = r.first().is_some();
            return (solved, nodes, probes, failed, start.elapsed().as_secs_f64());
        }
    }
}

/// Screening, load-independent: for each instance of `EVOKU_SCREEN` (names such as `50_3`,
/// space-separated; default the ten of 50 % and of 45 %) in `EVOKU_LARGE_SETS` (default
/// `large-sets/36x36`), both streams side by side, each up to `EVOKU_SCREEN_NODES`
/// (default 2,000,000) units of work, with `EVOKU_PROBE`'s probing. Prints one line per instance and stream.
#[test]
#[ignore]
fn measure_probing_on_large_boards() {
    let probe = probe_from_env();
    let dir = std::env::var("EVOKU_LARGE_SETS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| util::repo("large-sets/36x36"));
    let names = std::env::var("EVOKU_SCREEN").unwrap_or_else(|_| {
        let fills = [50, 45];
        let all: Vec<String> = fills
            .iter()
            .flat_map(|f| (0..10).map(move |k| format!("{f}_{k}")))
            .collect();
        all.join(" ")
    });
    let budget: u64 = std::env::var("EVOKU_SCREEN_NODES")
        .map(|b| b.parse().unwrap())
        .unwrap_or(2_000_000);
    println!("probe {probe:?}, budget {budget} work per stream");
    for name in names.split_whitespace() {
        let path = [36, 49, 64]
            .map(|side| dir.join(format!("inst{side}x{side}_{name}.txt")))
            .into_iter()
            .find(|p| p.exists())
            .unwrap_or_else(|| panic!("no instance {name} in {}", dir.display()));
        let p = lloyd_amos(&path);
        let runs: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..EXACT_STREAMS)
                .map(|s| {
                    let p = &p;
                    scope.spawn(move || stream(p, s, probe, budget))
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for (s, (solved, nodes, probes, failed, secs)) in runs.iter().enumerate() {
            let work = nodes
                + if probe.is_some_and(|p| !p.charge) {
                    *probes
                } else {
                    0
                };
            println!(
                "{name} stream {s}: {} work {work} nodes {nodes} probes {probes} failed {failed} \
                 {secs:.1} s {:.0} work/s",
                if *solved { "SOLVED" } else { "unsolved" },
                work as f64 / secs
            );
        }
    }
}
