//! Generation: uniqueness proofs at 25x25 (a measurement, run by hand) and the shuffled search
//! that finds the same solutions in another order.

use super::*;

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
    let grids = complete_grids(g, 3, 3, evoku::stop::Stop::on_request());
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
