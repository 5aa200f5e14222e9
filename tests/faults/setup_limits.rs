//! Faults (issue 37, section 4): the time limit covers a run's setup (building the engine, its
//! generation 0) and the plot drawn after it.

use super::*;

/// Seconds `args` (with `--json`) reported and took, the JSON value.
fn timed(args: &[&str]) -> (f64, f64, serde_json::Value) {
    let start = Instant::now();
    let out = evoku(args);
    let wall = start.elapsed().as_secs_f64();
    let stdout = text(&out.stdout);
    let v: serde_json::Value = serde_json::from_str(stdout.trim())
        .unwrap_or_else(|_| panic!("{args:?}: {stdout} {}", text(&out.stderr)));
    let seconds = v["seconds"].as_f64().expect("seconds");
    (seconds, wall, v)
}

#[test]
fn a_ga_whose_build_outlasts_the_limit_stops_at_the_limit() {
    // Before: `--islands 65536 --time-limit 2` on a 36x36 took 11-17 s (the engine's build and
    // generation 0 ran outside the limit) and reported 0 generations.
    let path = pattern_puzzle(6, 500, "setup-36.txt");
    let limit = 1.0;
    let (seconds, wall, v) = timed(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--algorithm",
        "ga",
        "--islands",
        "65536",
        "--time-limit",
        "1",
        path.to_str().unwrap(),
    ]);
    assert!(v["stopped_by_time"] == true || v["solved"] == true, "{v}");
    assert!(
        seconds <= limit * 1.05 + 0.2 + LOAD_SLACK,
        "ran {seconds} s with a {limit} s limit: {v}"
    );
    assert!(wall < limit + 3.0, "the process took {wall} s");
    let _ = std::fs::remove_file(path);
}

#[test]
fn the_plot_is_drawn_within_the_time_limit() {
    // Before: the chart replayed the whole run after the limit, so `--time-limit 1 --plot`
    // took 1.95 s (and twice the limit on longer runs).
    let path = pattern_puzzle(6, 300, "plot-36.txt");
    let svg = temp_path("plot-36.svg");
    let limit = 2.0;
    let start = Instant::now();
    let out = evoku(&[
        "solve",
        "--backend",
        "cpu",
        "--algorithm",
        "ga",
        "--no-exact-shortcut",
        "--time-limit",
        "2",
        "--plot",
        svg.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    let wall = start.elapsed().as_secs_f64();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    let chart = std::fs::read_to_string(&svg).expect("the chart is written");
    assert!(chart.contains("<svg"), "{chart}");
    // The summary states the limit given, not the run's share of it.
    let stderr = text(&out.stderr);
    assert!(stderr.contains("limit 2 s)"), "{stderr}");
    assert!(
        wall <= limit * 1.05 + 0.2 + LOAD_SLACK,
        "solve and plot took {wall} s with a {limit} s limit"
    );
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(svg);
}
