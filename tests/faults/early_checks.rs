//! Faults: options, output paths and input files checked before any work; the no-solution check
//! before the ACS.

use super::*;

#[test]
fn too_many_threads_are_refused_at_once() {
    // Before: `--threads 100000` spawned threads for minutes and never started.
    for args in [
        &["solve", "--threads", "100000", "puzzles/mantere-no29.txt"][..],
        &["generate", "--threads", "100000"],
        &["bench", "--threads", "0"],
    ] {
        let child = command(args).spawn().expect("spawn");
        let out = wait_bounded(child, Duration::from_secs(10), "--threads");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("256"), "{args:?} gives the bound: {stderr}");
    }
}

#[test]
fn exact_streams_out_of_range_are_refused_with_the_bound() {
    use evoku::portfolio::restarts::MAX_EXACT_STREAMS;
    let over = (MAX_EXACT_STREAMS + 1).to_string();
    for args in [
        &["solve", "--exact-streams", "0", "puzzles/mantere-no29.txt"][..],
        &[
            "solve",
            "--exact-streams",
            &over,
            "puzzles/mantere-no29.txt",
        ],
        &[
            "suite",
            "--exact-streams",
            "two",
            "puzzles/mantere-no29.txt",
        ],
    ] {
        let child = command(args).spawn().expect("spawn");
        let out = wait_bounded(child, Duration::from_secs(10), "--exact-streams");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("--exact-streams") && stderr.contains(&MAX_EXACT_STREAMS.to_string()),
            "{args:?} names the option and its bound: {stderr}"
        );
    }
}

#[test]
fn bad_output_paths_fail_before_any_work() {
    let cases: [&[&str]; 4] = [
        &[
            "suite",
            "puzzles/mantere-no29.txt",
            "--export",
            "json",
            "/nonexistent/x.json",
        ],
        &[
            "suite",
            "puzzles/mantere-no29.txt",
            "--export-runs",
            "csv",
            "/nonexistent/runs.csv",
        ],
        &[
            "solve",
            "puzzles/mantere-no29.txt",
            "--algorithm",
            "ga",
            "--plot",
            "/nonexistent/x.svg",
        ],
        &[
            "study",
            "--export",
            "markdown",
            "/nonexistent/x.md",
            "--runs",
            "1",
        ],
    ];
    for args in cases {
        let child = command(args).spawn().expect("spawn");
        let out = wait_bounded(child, Duration::from_secs(10), "bad output path");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("/nonexistent/"),
            "{args:?} names the path: {stderr}"
        );
        assert!(
            stderr.contains("cannot create") || stderr.contains("cannot write"),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?} solved something first");
    }
}

#[test]
fn every_input_file_is_read_before_the_first_solve() {
    // Before: `solve good bad good2` solved the first file, then failed on the second. Every
    // file is read first; the bad one is reported and the good ones are solved, exit 2.
    let out = evoku(&[
        "solve",
        "puzzles/mantere-no29.txt",
        "/nonexistent/bad.txt",
        "puzzles/mantere-no77.txt",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/nonexistent/bad.txt"));
    let stderr = text(&out.stderr);
    let first_solve = stderr.find("mantere-no29: solved").unwrap_or(usize::MAX);
    let bad = stderr.find("/nonexistent/bad.txt").unwrap();
    assert!(
        bad < first_solve,
        "solved before reading every file: {stderr}"
    );
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.lines().count(),
        2,
        "both good files solved: {stdout}"
    );
}

#[test]
fn aco_on_a_puzzle_without_solution_gets_the_no_solution_check() {
    // Propagation finds no contradiction here; only a search proves there is no solution.
    // Before: the ACS ran to its 10,000,000-iteration cap (about 45 minutes).
    let line = ".........43....7....8...6..6.3.4...9.24...57.9...1.264..7...9.5.524............4.";
    let path = temp_path("aco-nosolution.txt");
    std::fs::write(&path, format!("{line}\n")).unwrap();
    let child = command(&[
        "solve",
        "--json",
        "--algorithm",
        "aco",
        "--backend",
        "cpu",
        path.to_str().unwrap(),
    ])
    .spawn()
    .expect("spawn");
    let out = wait_bounded(child, Duration::from_secs(30), "aco without solution");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("JSON");
    assert_eq!(
        v["unsolvable"], "the exact solver proved there is no solution",
        "{v}"
    );
    let _ = std::fs::remove_file(path);
}

/// Issue 37: `-inf` and `-1/2` are values of the option before them, refused by its own check.
#[test]
fn hyphen_values_reach_the_options_check() {
    for (args, option) in [
        (
            &["solve", "--time-limit", "-inf", "puzzles/mantere-no29.txt"][..],
            "--time-limit",
        ),
        (
            &["suite", "--time-limit", "-inf", "puzzles/mantere-no29.txt"][..],
            "--time-limit",
        ),
        (
            &["rate", "--shard", "-1/2", "puzzles/mantere-no29.txt"][..],
            "--shard",
        ),
    ] {
        let out = evoku(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("unexpected argument"),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains(option), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
