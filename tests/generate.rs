//! Tests: generation — unique puzzles at the asked level, symmetry, determinism, complete grids,
//! the store, and `evoku generate`.

use std::process::Command;

use evoku::board::{Geometry, Grid};
use evoku::exact;
use evoku::generate::{
    complete_grids, generate, GenerateOptions, Generator, Outcome, PuzzleRecord, Store,
};
use evoku::rate::{Level, Rater};

use crate::util;

fn nine() -> Geometry {
    Geometry::new(3).unwrap()
}

/// Every emitted puzzle: proven unique again from scratch, solved by its solution, and rated at
/// the asked level again.
fn check(outcome: &Outcome, options: &GenerateOptions) -> Grid {
    let g = outcome.puzzle.as_ref().expect("a puzzle at the level");
    let again = exact::count_solutions(&g.puzzle, 2);
    assert_eq!(again.is_unique(), Some(true), "not unique: {}", g.puzzle);
    assert_eq!(again.first(), Some(&g.solution));
    assert!(g.solution.solves(&g.puzzle));
    let mut rater = Rater::new(options.geometry);
    assert_eq!(rater.level(&g.puzzle), options.level, "{}", g.puzzle);
    assert_eq!(g.rating.level, options.level);
    assert!(g.puzzle.givens() < options.geometry.cells());
    for b in &outcome.byproducts {
        assert_eq!(exact::count_solutions(&b.puzzle, 2).is_unique(), Some(true));
        assert_ne!(b.rating.level, options.level);
    }
    g.puzzle.clone()
}

fn symmetric(p: &Grid) -> bool {
    let cells = p.geometry().cells();
    (0..cells).all(|c| (p.get(c) == 0) == (p.get(cells - 1 - c) == 0))
}

#[test]
fn puzzles_are_unique_and_at_the_asked_level() {
    for level in Level::ALL {
        let mut options = GenerateOptions::new(nine(), level, 3);
        for symmetric_givens in [false, true] {
            options.symmetric = symmetric_givens;
            let outcomes = generate(&options, 0..3, &|_| {});
            let mut seen = std::collections::HashSet::new();
            for o in &outcomes {
                let p = check(o, &options);
                if symmetric_givens {
                    assert!(symmetric(&p), "{p} is not symmetric");
                }
                assert!(seen.insert(p.to_string()));
            }
        }
    }
}

#[test]
fn symmetric_is_not_the_default() {
    let options = GenerateOptions::new(nine(), Level::MEDIUM, 4);
    let outcomes = generate(&options, 0..4, &|_| {});
    assert!(outcomes
        .iter()
        .any(|o| !symmetric(&o.puzzle.as_ref().unwrap().puzzle)));
}

#[test]
fn the_same_seed_gives_the_same_puzzles_whatever_the_threads() {
    let options = GenerateOptions::new(nine(), Level::HARD, 11);
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| generate(&options, 0..4, &|_| {}))
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, generate(&options, 0..4, &|_| {}));
    // Puzzle k does not depend on the range it was asked in.
    assert_eq!(one[2..], generate(&options, 2..4, &|_| {})[..]);
    let other = GenerateOptions {
        seed: 12,
        ..options.clone()
    };
    let different = generate(&other, 0..4, &|_| {});
    for (a, b) in one.iter().zip(&different) {
        assert_ne!(a.puzzle, b.puzzle);
    }
}

#[test]
fn larger_boards_give_unique_puzzles() {
    let sixteen = Geometry::from_side(16).unwrap();
    for level in [Level::EASY, Level::HARD] {
        let options = GenerateOptions::new(sixteen, level, 1);
        let outcome = Generator::new(sixteen).puzzle(&options, 0);
        check(&outcome, &options);
    }
    let twenty_five = Geometry::from_side(25).unwrap();
    let options = GenerateOptions {
        symmetric: true,
        ..GenerateOptions::new(twenty_five, Level::EASY, 1)
    };
    let outcome = Generator::new(twenty_five).puzzle(&options, 0);
    let p = check(&outcome, &options);
    assert!(symmetric(&p));
    // Digging stops where proofs get costly, below half the board.
    assert!(p.givens() < 625 / 2, "{} givens", p.givens());
}

#[test]
fn complete_grids_are_valid_distinct_and_repeatable() {
    for (side, count) in [(9, 500), (16, 20), (25, 2)] {
        let g = Geometry::from_side(side).unwrap();
        let grids = complete_grids(g, 7, count);
        assert_eq!(grids.len(), count);
        let distinct: std::collections::HashSet<_> = grids.iter().map(|x| x.to_string()).collect();
        assert_eq!(distinct.len(), count);
        for grid in &grids {
            assert!(grid.solves(&Grid::empty(g)), "{grid}");
        }
        assert_eq!(grids, complete_grids(g, 7, count));
        assert_ne!(grids[0], complete_grids(g, 8, 1)[0]);
    }
    // 4x4 has exactly 288 grids: asking for more finds them all, and no more.
    let g = Geometry::new(2).unwrap();
    assert_eq!(complete_grids(g, 1, 300).len(), 288);
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("evoku-generate-{}-{name}", std::process::id()))
}

#[test]
fn the_store_round_trips_and_serves_by_level() {
    let path = temp("store.jsonl");
    let _ = std::fs::remove_file(&path);
    let mut store = Store::open(&path).unwrap();
    assert!(store.is_empty());
    let options = GenerateOptions::new(nine(), Level::HARD, 5);
    let mut added = 0;
    for o in generate(&options, 0..3, &|_| {}) {
        for g in o.byproducts.iter().chain(&o.puzzle) {
            added += usize::from(store.add(PuzzleRecord::new(g, options.seed)));
        }
    }
    assert!(added > 3, "no by-products");
    let duplicate = store.records()[0].clone();
    assert!(!store.add(duplicate));
    store.save().unwrap();
    let mut reopened = Store::open(&path).unwrap();
    assert_eq!(reopened.records(), store.records());
    let hard = reopened.count(9, Level::HARD, false);
    assert!(hard >= 3);
    let taken = reopened.take(9, Level::HARD, false, 2);
    assert_eq!(taken.len(), 2);
    assert!(taken
        .iter()
        .all(|r| r.level == 3 && r.size == 9 && !r.symmetric));
    assert_eq!(reopened.count(9, Level::HARD, false), hard - 2);
    assert!(reopened.take(9, Level::HARD, true, 5).is_empty());
    reopened.save().unwrap();
    assert_eq!(Store::open(&path).unwrap().len(), store.len() - 2);

    // A broken line is an error naming the file, line and column.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"size\": 9, oops}\n");
    std::fs::write(&path, &text).unwrap();
    let err = Store::open(&path).unwrap_err().to_string();
    let line = text.lines().count();
    assert!(err.contains(&format!(":{line}:")), "{err}");
    let _ = std::fs::remove_file(&path);
}

fn evoku(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .output()
        .expect("run evoku")
}

#[test]
fn generate_command_is_repeatable_and_serves_from_the_store() {
    let args = [
        "generate", "--level", "expert", "--count", "3", "--seed", "9", "-q",
    ];
    let first = evoku(&args);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let text = String::from_utf8_lossy(&first.stdout).into_owned();
    assert_eq!(text, String::from_utf8_lossy(&evoku(&args).stdout));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        let cells: Vec<u8> = line
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0) as u8)
            .collect();
        let p = Grid::from_cells(nine(), cells).unwrap();
        assert_eq!(exact::count_solutions(&p, 2).is_unique(), Some(true));
    }

    // JSON output with the rating; the store collects by-products and serves them later.
    let store = temp("cli-store.jsonl");
    let _ = std::fs::remove_file(&store);
    let store_arg = store.to_str().unwrap();
    let out = evoku(&[
        "generate", "--level", "3", "--count", "2", "--output", "json", "--store", store_arg, "-q",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["level"], 3);
        assert_eq!(v["source"], "generated");
        assert!(v["entropy"].is_number() && v["solution"].is_string());
    }
    let stored = Store::open(&store).unwrap();
    let (level, count) = [Level::EASY, Level::MEDIUM, Level::EXPERT, Level::EXTREME]
        .into_iter()
        .map(|l| (l, stored.count(9, l, false)))
        .max_by_key(|&(_, n)| n)
        .unwrap();
    assert!(count > 0, "the store got no by-products");
    let out = evoku(&[
        "generate",
        "--level",
        &level.number().to_string(),
        "--count",
        "1",
        "--output",
        "json",
        "--store",
        store_arg,
        "-q",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(v["source"], "store");
    assert_eq!(
        Store::open(&store).unwrap().count(9, level, false),
        count - 1
    );
    let _ = std::fs::remove_file(&store);
}

#[test]
fn generate_command_makes_complete_grids_and_rejects_bad_sizes() {
    let out = evoku(&["generate", "--complete", "--count", "50", "-q"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let grids: std::collections::HashSet<&str> = text.lines().collect();
    assert_eq!(grids.len(), 50);
    assert!(grids.iter().all(|l| l.len() == 81 && !l.contains('.')));

    let out = evoku(&["generate", "--size", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--size"));
    let out = evoku(&["generate", "--level", "9"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A Lloyd & Amos instance of the full set under `benchmarks` (box size, an unused line, rows of
/// tab-separated values, -1 empty).
fn lloyd_amos(benchmarks: &std::path::Path, name: &str) -> Grid {
    let path = benchmarks.join(format!("lloyd-amos/general/{name}"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let b: usize = lines.next().unwrap().trim().parse().unwrap();
    lines.next();
    let cells = lines
        .flat_map(|l| l.split_whitespace())
        .map(|v| v.parse::<i32>().unwrap().max(0) as u8)
        .collect();
    Grid::from_cells(Geometry::new(b).unwrap(), cells).unwrap()
}

/// Uniqueness proofs at 25x25, 40-45 % fill, with the exact solver's strong propagation and with
/// singles only: `cargo test --release --test tests measure_uniqueness_proofs -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn measure_uniqueness_proofs_at_25x25() {
    let Some(benchmarks) = util::benchmarks("generate::measure_uniqueness_proofs_at_25x25") else {
        return;
    };
    use std::time::{Duration, Instant};
    let limit = Duration::from_secs(10);
    let instances = 20;
    for fill in [40, 45] {
        for strong in [true, false] {
            let mut times = Vec::new();
            let (mut unique, mut several, mut undecided) = (0, 0, 0);
            for k in 0..instances {
                let p = lloyd_amos(&benchmarks, &format!("inst25x25_{fill}_{k}.txt"));
                let mut solver = exact::Solver::new(p.geometry());
                solver.set_locked_candidates(strong);
                solver.set_alldiff(strong);
                let start = Instant::now();
                let r = solver.solve(
                    &p,
                    &exact::Limits {
                        max_solutions: 2,
                        max_nodes: u64::MAX,
                        time_limit: Some(limit),
                    },
                );
                times.push(start.elapsed().as_secs_f64());
                match r.is_unique() {
                    Some(true) => unique += 1,
                    Some(false) => several += 1,
                    None => undecided += 1,
                }
            }
            times.sort_by(f64::total_cmp);
            println!(
                "25x25 {fill} % fill, {}: {unique} unique, {several} several, {undecided} \
                 undecided at {} s; median {:.3} s, max {:.3} s",
                if strong {
                    "locked candidates + all-different"
                } else {
                    "singles only"
                },
                limit.as_secs(),
                times[times.len() / 2],
                times[times.len() - 1]
            );
        }
    }
    // Digging: every removal must be proven unique within a node budget; the stronger the
    // propagation, the deeper the digging gets for the same time.
    let g = Geometry::from_side(25).unwrap();
    let grids = complete_grids(g, 3, 3);
    for strong in [true, false] {
        for budget in [30u64, 200, 1000] {
            let start = Instant::now();
            let (mut givens, mut undecided, mut checks) = (0, 0, 0);
            for (k, solution) in grids.iter().enumerate() {
                let mut solver = exact::Solver::new(g);
                solver.set_locked_candidates(strong);
                solver.set_alldiff(strong);
                let mut rng = evoku::rng::Rng::new(k as u32);
                let mut order: Vec<usize> = (0..625).collect();
                for i in (1..order.len()).rev() {
                    order.swap(i, rng.below(i as u32 + 1) as usize);
                }
                let mut p = solution.clone();
                for c in order {
                    p.set(c, 0);
                    let r = solver.solve(
                        &p,
                        &exact::Limits {
                            max_solutions: 2,
                            max_nodes: budget,
                            time_limit: None,
                        },
                    );
                    checks += 1;
                    undecided += usize::from(r.is_unique().is_none());
                    if r.is_unique() != Some(true) {
                        p.set(c, solution.get(c));
                    }
                }
                givens += p.givens();
            }
            println!(
                "25x25 digging, {}, {budget} nodes per proof: {:.1} % givens left, {:.1} % of \
                 proofs undecided, {:.2} s per puzzle",
                if strong {
                    "locked candidates + all-different"
                } else {
                    "singles only"
                },
                100.0 * givens as f64 / (grids.len() * 625) as f64,
                100.0 * undecided as f64 / checks as f64,
                start.elapsed().as_secs_f64() / grids.len() as f64
            );
        }
    }
}

#[test]
fn a_shuffled_search_finds_the_same_solutions_in_another_order() {
    // A 9x9 puzzle with a few hundred solutions: the shuffled search must find the same set (it
    // only reorders the digits tried), in an order that depends on the key.
    let line = "3....8.421.6..........9.3.6.5.81.4..9.1.26.....2.45.......3...4......6192.....53.";
    let cells = line
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    let mut p = Grid::from_cells(nine(), cells).unwrap();
    for c in 0..81 {
        if exact::count_solutions(&p, 100).solutions.len() >= 100 {
            break;
        }
        p.set(c, 0);
    }
    let limits = exact::Limits::solutions(100_000);
    let plain = exact::Solver::new(nine()).solve(&p, &limits);
    assert_eq!(plain.status, exact::Status::Complete);
    assert!(plain.solutions.len() > 100, "{}", plain.solutions.len());
    let mut solver = exact::Solver::new(nine());
    let a = solver.solve_shuffled(&p, &limits, 1);
    let b = solver.solve_shuffled(&p, &limits, 2);
    assert_eq!(solver.solve(&p, &limits), plain, "shuffling left a trace");
    let sorted = |v: &[Grid]| {
        let mut v: Vec<String> = v.iter().map(|g| g.to_string()).collect();
        v.sort();
        v
    };
    assert_eq!(sorted(&a.solutions), sorted(&plain.solutions));
    assert_eq!(sorted(&b.solutions), sorted(&plain.solutions));
    assert_ne!(a.solutions, plain.solutions);
    assert_ne!(a.solutions, b.solutions);
    assert_eq!(a, solver.solve_shuffled(&p, &limits, 1));
}
