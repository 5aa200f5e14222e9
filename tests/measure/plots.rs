//! Measurement: the SVG charts and the fitness trace of a replayed run.

use super::*;

#[test]
fn charts_are_written_as_svg() {
    let dir = temp_dir("charts");
    let series = vec![
        Series {
            label: "a".into(),
            points: vec![(24.0, 100.0), (28.0, 2000.0), (30.0, 50_000.0)],
        },
        Series {
            label: "b".into(),
            points: vec![(24.0, 10.0)],
        },
    ];
    plot::line_chart(&dir.join("log.svg"), "t", "x", "y", &series, true, true).unwrap();
    plot::line_chart(&dir.join("lin.svg"), "t", "x", "y", &series, false, false).unwrap();
    plot::line_chart(&dir.join("empty.svg"), "t", "x", "y", &[], true, true).unwrap();
    let ranges = vec![RangeSeries {
        label: "r".into(),
        ranges: vec![Some((3.0, 300.0)), None],
    }];
    plot::range_chart(
        &dir.join("range.svg"),
        "t",
        "x",
        "y",
        &["p".into(), "q".into()],
        &ranges,
    )
    .unwrap();
    for f in ["log.svg", "lin.svg", "empty.svg", "range.svg"] {
        assert_svg(&dir.join(f));
    }
    assert!(plot::line_chart(
        &dir.join("no/such/dir.svg"),
        "t",
        "x",
        "y",
        &series,
        true,
        true
    )
    .is_err());
    assert_eq!(
        plot::path_for(&dir.join("f.svg"), "no 29", true),
        dir.join("f-no_29.svg")
    );
}

#[test]
fn fitness_trace_replays_the_solved_run() {
    let puzzle = read_puzzle("puzzles/mantere-no106.txt");
    let mut config = GaConfig::preset(Preset::Default);
    config.seed = 3;
    let options = SolveOptions {
        algorithm: Algorithm::Ga,
        device: Device::Cpu,
        ga: config,
        aco: Default::default(),
        threads: None,
        jobs: None,
        time_limit: None,
        unsolvable_check_nodes: 1000,
        preset: evoku::ga::Preset::Default,
        fill_device: Default::default(),
        exact_shortcut: false,
        exact_restarts: 0,
        exact_streams: evoku::portfolio::restarts::EXACT_STREAMS,
    };
    let report = solve_puzzle(&puzzle, &options, &mut |_| {}).unwrap();
    assert!(report.solved);
    let trace = plot::trace_run(&puzzle, &options, report.generations, 2000).unwrap();
    let last = trace.points.last().unwrap();
    assert_eq!(last.generation as u64, report.generations);
    assert_eq!((last.best, last.best_so_far), (0, 0));
    assert_eq!(trace.points[0].generation, 0);
    assert!(trace.points.iter().all(|p| p.mean >= p.best as f64));
    let path = temp_dir("trace").join("fitness.svg");
    plot::fitness_chart(&path, "no106", &trace).unwrap();
    assert_svg(&path);
}

/// `evoku suite --plot` draws the hardness curve: both panels, one series per board size.
#[test]
fn suite_plot_draws_the_hardness_curve() {
    let path = temp_dir("suite-curve").join("curve.svg");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(["suite", "--algorithm", "exact", "--size", "9,16"])
        .args(["--fill", "40,45", "--per-bucket", "1", "--quiet", "--plot"])
        .arg(&path)
        .arg(util::data("lloyd-amos/general"))
        .output()
        .expect("run evoku suite");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_svg(&path);
    let svg = std::fs::read_to_string(&path).unwrap();
    for label in ["solved within the limit", "median time", "9x9", "16x16"] {
        assert!(svg.contains(label), "{label} missing from the curve");
    }
}
