//! Lloyd & Amos instances, and the throughput measurement.

use super::*;

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
