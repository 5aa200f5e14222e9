//! Tests: exact.

use std::path::Path;
use std::time::{Duration, Instant};

use evoku::board::{Geometry, Grid};
use evoku::exact::{self, Contradiction, Limits, Status};

use crate::util;

/// 81-character puzzles of a `tests/data/nine/` file (see `nine_at`).
fn nine(relative: &str) -> Vec<Grid> {
    nine_at(&util::data(relative))
}

/// 81-character puzzles of a file in the `nine/` format ('.' or '0' empty; '#' lines and `//`
/// tails skipped).
fn nine_at(path: &Path) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let g = Geometry::new(3).unwrap();
    text.lines()
        .map(|l| l.split("//").next().unwrap().trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| line_grid(g, l))
        .collect()
}

fn line_grid(g: Geometry, line: &str) -> Grid {
    let cells: Vec<u8> = line
        .chars()
        .take(g.cells())
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    Grid::from_cells(g, cells).unwrap_or_else(|| panic!("bad puzzle line {line}"))
}

/// A Lloyd & Amos instance: box size, an unused line, then n tab-separated rows, -1 for empty.
fn lloyd_amos(path: &Path) -> Grid {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let b: usize = lines.next().unwrap().trim().parse().unwrap();
    let g = Geometry::new(b).unwrap();
    lines.next();
    let cells: Vec<u8> = lines
        .flat_map(|l| l.split_whitespace())
        .map(|v| v.parse::<i32>().unwrap().max(0) as u8)
        .collect();
    Grid::from_cells(g, cells).unwrap()
}

/// A Lloyd & Amos instance carried in `tests/data`.
fn instance(side: usize, fill: usize, k: usize) -> Grid {
    lloyd_amos(&util::lloyd_amos(&format!(
        "inst{side}x{side}_{fill}_{k}.txt"
    )))
}

/// A Lloyd & Amos instance of the full set under `benchmarks` (`EVOKU_BENCHMARKS`).
fn full_set_instance(benchmarks: &Path, side: usize, fill: usize, k: usize) -> Grid {
    lloyd_amos(&benchmarks.join(format!(
        "lloyd-amos/general/inst{side}x{side}_{fill}_{k}.txt"
    )))
}

fn seed_puzzles() -> Vec<(String, Grid)> {
    let text = std::fs::read_to_string(util::data("seed-puzzles.txt")).unwrap();
    let g = Geometry::new(3).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            let grid = line_grid(g, fields[2]);
            assert_eq!(grid.givens().to_string(), fields[1], "{}", fields[0]);
            (fields[0].to_string(), grid)
        })
        .collect()
}

fn solve_and_check(puzzle: &Grid) {
    let r = exact::solve(puzzle, &Limits::default());
    let first = r
        .first()
        .unwrap_or_else(|| panic!("no solution for {puzzle}: {:?}", r.status));
    assert!(first.solves(puzzle), "{first} does not solve {puzzle}");
}

#[test]
fn seed_puzzles_are_unique() {
    let seeds = seed_puzzles();
    assert_eq!(seeds.len(), 6);
    for (name, p) in &seeds {
        let r = exact::count_solutions(p, 2);
        assert_eq!(r.is_unique(), Some(true), "{name}: {:?}", r.status);
        assert_eq!(r.status, Status::Complete, "{name}");
        assert!(r.solutions[0].solves(p), "{name}");
    }
}

#[test]
fn top1465_sample_solves() {
    let puzzles = nine("nine/magictour-top1465.txt");
    assert_eq!(puzzles.len(), 1465);
    for p in puzzles.iter().step_by(20) {
        solve_and_check(p);
    }
}

#[test]
fn forum_hardest_sample_solves() {
    let puzzles = nine("nine/forum-hardest-1106.txt");
    assert!(puzzles.len() >= 300);
    for p in puzzles.iter().step_by(10) {
        solve_and_check(p);
    }
}

#[test]
fn every_solution_is_found_once() {
    // Remove givens of a unique puzzle, first to last, until it has several solutions; counting
    // with a high limit must then find them all, each distinct and valid.
    let (_, p) = &seed_puzzles()[0];
    let solution = exact::solve(p, &Limits::default()).first().unwrap().clone();
    let mut loose = p.clone();
    let mut r = exact::count_solutions(&loose, 1);
    for c in 0..81 {
        if loose.get(c) != 0 {
            loose.set(c, 0);
            r = exact::count_solutions(&loose, 10_000);
            if r.solutions.len() >= 2 {
                break;
            }
        }
    }
    assert_eq!(r.status, Status::Complete);
    assert!(r.solutions.len() >= 2);
    assert!(r.solutions.contains(&solution));
    let mut distinct: Vec<&[u8]> = r.solutions.iter().map(|s| s.cells()).collect();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), r.solutions.len(), "a solution was repeated");
    assert!(r.solutions.iter().all(|s| s.solves(&loose)));
    let again = exact::count_solutions(&loose, 2);
    assert_eq!(again.solutions.len(), 2);
    assert_eq!(again.status, Status::SolutionLimit);
    assert_eq!(again.solutions[..], r.solutions[..2]);
}

#[test]
fn two_solutions_are_not_unique() {
    // A deadly pattern: swapping 1 and 2 in rows 1-2 and columns 1-2 of a solved grid.
    let solved =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    let g = Geometry::new(3).unwrap();
    let mut p = line_grid(g, solved);
    assert!(p.first_clash().is_none() && p.is_complete());
    let full = exact::count_solutions(&p, 2);
    assert_eq!(full.is_unique(), Some(true));
    assert_eq!(full.status, Status::Complete);
    // Rows 4-5 hold 2,1 / ... find a rectangle: cells (0,0)=1,(0,1)=2,(3,0)=2,(3,1)=1.
    assert_eq!((p.get(0), p.get(1), p.get(27), p.get(28)), (1, 2, 2, 1));
    for c in [0, 1, 27, 28] {
        p.set(c, 0);
    }
    let r = exact::count_solutions(&p, 2);
    assert_eq!(r.is_unique(), Some(false));
    assert_eq!(r.solutions.len(), 2);
    assert_ne!(r.solutions[0], r.solutions[1]);
    assert!(r.solutions.iter().all(|s| s.solves(&p)));
    assert!(!r.has_no_solution());
    let exhaustive = exact::count_solutions(&p, 100);
    assert_eq!(exhaustive.solutions.len(), 2);
    assert_eq!(exhaustive.status, Status::Complete);
}

#[test]
fn empty_boards_have_many_solutions() {
    for (b, limit) in [(2, 288), (2, 10), (3, 50), (4, 3), (5, 2)] {
        let g = Geometry::new(b).unwrap();
        let r = exact::count_solutions(&Grid::empty(g), limit);
        assert_eq!(r.solutions.len(), limit, "{}", g.name());
        assert!(r.solutions.iter().all(|s| s.solves(&Grid::empty(g))));
    }
    // 4x4 has exactly 288 solutions.
    let g = Geometry::new(2).unwrap();
    let r = exact::count_solutions(&Grid::empty(g), 1000);
    assert_eq!(r.solutions.len(), 288);
    assert_eq!(r.status, Status::Complete);
    assert_eq!(r.is_unique(), Some(false));
}

#[test]
fn large_empty_boards_solve() {
    for b in 6..=8 {
        let g = Geometry::new(b).unwrap();
        let limits = Limits {
            max_nodes: 1_000_000,
            ..Limits::default()
        };
        let r = exact::solve(&Grid::empty(g), &limits);
        let s = r
            .first()
            .unwrap_or_else(|| panic!("{}: {:?}", g.name(), r.status));
        assert!(s.solves(&Grid::empty(g)));
    }
}

#[test]
fn clashing_givens_have_no_solution() {
    let g = Geometry::new(3).unwrap();
    let mut p = Grid::empty(g);
    p.set(0, 5);
    p.set(80, 5);
    p.set(10, 5); // same box as cell 0
    let r = exact::solve(&p, &Limits::default());
    assert!(r.has_no_solution());
    assert_eq!(r.status, Status::Complete);
    assert_eq!(r.is_unique(), Some(false));
    assert_eq!(
        exact::propagate(&p).unwrap_err(),
        Contradiction::Clash {
            first: 0,
            second: 10,
            digit: 5
        }
    );
}

#[test]
fn hidden_contradiction_has_no_solution() {
    // Row 1 holds 1-7 in columns 1-7; 8 and 9 must go to columns 8-9, but column 9 already has 8
    // and 9 elsewhere, so one digit of the row has no place. No givens clash.
    let g = Geometry::new(3).unwrap();
    let p = line_grid(
        g,
        "1234567..\
         ........8\
         ........9\
         .........\
         .........\
         .........\
         .........\
         .........\
         .........",
    );
    assert!(p.first_clash().is_none());
    let r = exact::solve(&p, &Limits::solutions(2));
    assert!(r.has_no_solution(), "{:?}", r);
    assert_eq!(r.nodes, 1, "propagation alone must find it");
    let err = exact::propagate(&p).unwrap_err();
    assert!(
        matches!(
            err,
            Contradiction::EmptyCell { .. } | Contradiction::NoPlace { .. }
        ),
        "{err:?}"
    );
    assert!(!err.to_string().is_empty());

    // A contradiction that needs search: a valid, clash-free puzzle whose completion is
    // impossible. Take a unique puzzle's solution and change a given to another digit that does
    // not clash.
    let (_, seed) = &seed_puzzles()[5];
    let solution = exact::solve(seed, &Limits::default())
        .first()
        .unwrap()
        .clone();
    let mut broken = seed.clone();
    let mut done = false;
    for c in 0..81 {
        if broken.get(c) != 0 || done {
            continue;
        }
        for d in 1..=9u8 {
            if d == solution.get(c) {
                continue;
            }
            broken.set(c, d);
            if broken.first_clash().is_none() {
                done = true;
                break;
            }
            broken.set(c, 0);
        }
    }
    assert!(done);
    let r = exact::count_solutions(&broken, 2);
    assert!(r.has_no_solution(), "{:?}", r.status);
    assert_eq!(r.is_unique(), Some(false));
}

#[test]
fn propagation_fixes_cells_on_an_easy_puzzle() {
    let puzzles = nine("nine/easy50.txt");
    let p = &puzzles[0];
    let prop = exact::propagate(p).unwrap();
    assert!(prop.fixed > 0);
    assert_eq!(prop.grid.givens(), p.givens() + prop.fixed);
    assert!(prop.grid.first_clash().is_none());
    let solution = exact::solve(p, &Limits::default()).first().unwrap().clone();
    for c in 0..81 {
        if p.get(c) != 0 {
            assert_eq!(prop.grid.get(c), p.get(c));
        }
        if prop.grid.get(c) != 0 {
            assert_eq!(prop.grid.get(c), solution.get(c));
            assert_eq!(prop.candidates[c], 1u64 << (prop.grid.get(c) - 1));
        } else {
            assert!(prop.candidates[c].count_ones() >= 2);
        }
        // The solution's digit always survives.
        assert_ne!(prop.candidates[c] & (1u64 << (solution.get(c) - 1)), 0);
    }
    // Easy puzzles fall to singles alone: no search.
    let solved = puzzles
        .iter()
        .filter(|p| exact::propagate(p).unwrap().is_solved())
        .count();
    assert!(
        solved >= 40,
        "only {solved} of 50 easy puzzles solved by singles"
    );
    // A hard puzzle keeps candidates open, and every candidate mask is within the digits.
    let hard = &seed_puzzles()[5].1;
    let prop = exact::propagate(hard).unwrap();
    assert!(!prop.is_solved());
    assert!(prop.candidates.iter().all(|&m| m != 0 && m < 1 << 9));
}

#[test]
fn propagation_works_on_large_boards() {
    let p = instance(25, 60, 0);
    let prop = exact::propagate(&p).unwrap();
    assert!(prop.fixed > 0);
    assert!(prop.grid.first_clash().is_none());
    // 64x64: a cell whose row, column and box hold every other digit must be fixed.
    let g = Geometry::new(8).unwrap();
    let mut p = Grid::empty(g);
    for c in 1..64 {
        p.set(c, c as u8); // row 0: digits 1..63 in columns 1..63
    }
    let prop = exact::propagate(&p).unwrap();
    assert_eq!(prop.grid.get(0), 64);
    assert_eq!(prop.fixed, 1);
    assert_eq!(prop.candidates[0], 1u64 << 63);
    p.set(64 * 5, 64); // column 0 holds 64 too: no place left for cell 0
    assert!(exact::propagate(&p).is_err());
    assert!(exact::solve(&p, &Limits::default()).has_no_solution());
}

#[test]
fn node_limit_stops_the_search() {
    let puzzles = nine("nine/forum-hardest-1106.txt");
    let p = &puzzles[0];
    let full = exact::count_solutions(p, 2);
    assert!(full.nodes > 10, "needs a search that branches");
    let limits = Limits {
        max_solutions: 2,
        max_nodes: 5,
        time_limit: None,
    };
    let r = exact::solve(p, &limits);
    assert_eq!(r.status, Status::NodeLimit);
    assert_eq!(r.nodes, 5);
    assert_eq!(r.is_unique(), None);
    assert!(!r.has_no_solution());
    // A limit exactly at what the full search needs still completes it.
    let exact_limit = Limits {
        max_nodes: full.nodes,
        ..limits
    };
    assert_eq!(exact::solve(p, &exact_limit).status, Status::Complete);
}

#[test]
fn time_limit_stops_the_search() {
    // Counting the solutions of an empty 9x9 board takes far longer than 50 ms.
    let g = Geometry::new(3).unwrap();
    let limits = Limits {
        max_solutions: usize::MAX,
        max_nodes: u64::MAX,
        time_limit: Some(Duration::from_millis(50)),
    };
    // Keep memory small: count on a board with a few givens so solutions stay few per ms.
    let mut p = Grid::empty(g);
    for (c, d) in [
        (0, 1),
        (10, 2),
        (20, 3),
        (30, 4),
        (40, 5),
        (50, 6),
        (60, 7),
        (70, 8),
    ] {
        p.set(c, d);
    }
    let t = Instant::now();
    let r = exact::solve(&p, &limits);
    let elapsed = t.elapsed();
    assert_eq!(r.status, Status::TimeLimit);
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    assert!(r.nodes > 0 && !r.solutions.is_empty());
    assert_eq!(r.is_unique(), Some(false));
}

#[test]
fn solved_by_propagation_is_complete_with_one_solution_requested() {
    let p = &nine("nine/easy50.txt")[0];
    let r = exact::solve(p, &Limits::default());
    assert_eq!(r.nodes, 1);
    assert_eq!(r.status, Status::Complete);
    assert_eq!(r.is_unique(), Some(true));
    assert_eq!(r.entropy, 0.0);
    let hard = exact::solve(&seed_puzzles()[5].1, &Limits::default());
    assert!(hard.entropy > 0.0);
}

#[test]
fn lloyd_amos_16x16_at_45_percent_solve() {
    let limits = Limits {
        max_solutions: 1,
        max_nodes: 2_000_000,
        time_limit: Some(Duration::from_secs(5)),
    };
    for k in 0..20 {
        let p = instance(16, 45, k);
        let r = exact::solve(&p, &limits);
        let s = r
            .first()
            .unwrap_or_else(|| panic!("16x16_45_{k}: {:?} after {} nodes", r.status, r.nodes));
        assert!(s.solves(&p), "16x16_45_{k}");
    }
}

#[test]
fn lloyd_amos_small_boards_solve() {
    for (side, fill) in [(9, 20), (9, 45), (16, 30), (16, 60), (25, 70)] {
        let p = instance(side, fill, 3);
        let r = exact::solve(
            &p,
            &Limits {
                max_nodes: 1_000_000,
                ..Limits::default()
            },
        );
        let s = r
            .first()
            .unwrap_or_else(|| panic!("{side}_{fill}: {:?}", r.status));
        assert!(s.solves(&p));
    }
}

#[test]
fn lloyd_amos_25x25_at_40_percent_solve() {
    // Instances the strong propagation of large boards settles in a few hundred nodes; plain
    // singles need thousands to millions on this band.
    for k in [0, 2, 3, 4, 7] {
        let p = instance(25, 40, k);
        let limits = Limits {
            max_nodes: 20_000,
            ..Limits::default()
        };
        let r = exact::solve(&p, &limits);
        let s = r
            .first()
            .unwrap_or_else(|| panic!("25x25_40_{k}: {:?} after {} nodes", r.status, r.nodes));
        assert!(s.solves(&p), "25x25_40_{k}");
    }
}

/// Throughput report; asserts nothing about time. Run with
/// `cargo test --release --test tests exact::throughput -- --ignored --nocapture`.
#[test]
#[ignore]
fn throughput() {
    let Some(benchmarks) = util::benchmarks("exact::throughput") else {
        return;
    };
    let runs: usize = std::env::var("EXACT_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    for file in [
        "nine/magictour-top1465.txt",
        "nine/forum-hardest-1106.txt",
        "nine/seventeen-clue.txt",
    ] {
        let mut puzzles = nine_at(&benchmarks.join(file));
        puzzles.truncate(10_000);
        let mut rates = Vec::new();
        let mut nodes = 0;
        for _ in 0..runs {
            let t = Instant::now();
            nodes = 0;
            for p in &puzzles {
                let r = exact::solve(p, &Limits::default());
                assert!(r.first().unwrap().solves(p));
                nodes += r.nodes;
            }
            rates.push(puzzles.len() as f64 / t.elapsed().as_secs_f64());
        }
        rates.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "{file}: {} puzzles, median {:.0} puzzles/s (runs {:?}), {:.1} nodes/puzzle",
            puzzles.len(),
            rates[rates.len() / 2],
            rates.iter().map(|r| r.round()).collect::<Vec<_>>(),
            nodes as f64 / puzzles.len() as f64
        );
    }
    let count = |side: usize, fills: &[usize], secs: u64, n: usize| {
        let limits = Limits {
            time_limit: Some(Duration::from_secs(secs)),
            ..Limits::default()
        };
        for &fill in fills {
            let mut solved = 0;
            let mut times = Vec::new();
            for k in 0..n {
                let p = full_set_instance(&benchmarks, side, fill, k);
                let t = Instant::now();
                let r = exact::solve(&p, &limits);
                let el = t.elapsed().as_secs_f64();
                if let Some(s) = r.first() {
                    assert!(s.solves(&p));
                    solved += 1;
                    times.push(el);
                }
            }
            times.sort_by(|a, b| a.partial_cmp(b).unwrap());
            println!(
                "{side}x{side} fill {fill}%: {solved}/{n} solved within {secs} s, median solved {:.4} s, max {:.4} s",
                times.get(times.len() / 2).copied().unwrap_or(f64::NAN),
                times.last().copied().unwrap_or(f64::NAN)
            );
        }
    };
    count(16, &[40, 45, 50], 1, 100);
    let secs: u64 = std::env::var("EXACT_25_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let n: usize = std::env::var("EXACT_25_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    count(25, &[40, 45], secs, n);
}

/// A seed puzzle made unsolvable by changing one empty cell to a digit that does not clash with
/// the givens but differs from the solution's (as in `hidden_contradiction_has_no_solution`),
/// with every other empty cell filled by the solution but `open` of them: the search then has
/// to explore a small tree to prove it.
fn broken_seed_puzzle() -> Grid {
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
