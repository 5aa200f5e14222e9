//! Faults: time limits hold at every size and are reported as given; absurd ones are refused.

use super::*;

#[test]
fn time_limit_holds_on_a_49x49_board_including_the_no_solution_check() {
    // Before: the 200,000-node check ran outside the limit (49x49 --time-limit 2 took 4-10 s).
    let path = pattern_puzzle(7, 500, "limit-49.txt");
    let limit = 2.0;
    let start = Instant::now();
    let out = evoku(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--time-limit",
        "2",
        path.to_str().unwrap(),
    ]);
    let wall = start.elapsed().as_secs_f64();
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("JSON");
    let seconds = v["seconds"].as_f64().expect("seconds");
    assert!(v["stopped_by_time"] == true || v["solved"] == true, "{v}");
    // The bound is the (5 % + 0.2 s) plus slack for a loaded test machine (every test
    // runs at once); before the fix this run took 4-10 s.
    assert!(
        seconds <= limit * 1.05 + 0.2 + LOAD_SLACK,
        "ran {seconds} s with a {limit} s limit"
    );
    assert!(wall < limit + 3.0, "the process took {wall} s");
    let _ = std::fs::remove_file(path);
}

#[test]
fn time_limit_holds_for_the_acs_on_a_software_gpu_at_64x64() {
    // Before: one 64x64 ACS iteration on lavapipe is one submit of about 14 s, and
    // `--time-limit 2` took 14-35 s. Now an iteration's tours go in pieces of about 0.1 s with
    // the limit checked between them. (On a hardware GPU the run is simply fast.)
    time_limit_holds_on_a_gpu_at_64x64(&["--algorithm", "aco"]);
}

#[test]
fn time_limit_holds_for_the_ga_on_a_software_gpu_at_64x64() {
    // Before: the GA's `init` of 4,096 64x64 genomes on lavapipe was one submit of about 10 s
    // (and the first compile of its pipelines about 15 s more, which lavapipe does when the
    // first dispatch runs), and a generation tens of seconds: `--time-limit 2` took 11-17 s
    // with no generation. Now both go in pieces whose waits are cut.
    time_limit_holds_on_a_gpu_at_64x64(&["--algorithm", "ga", "--assign-steps", "0"]);
}

fn time_limit_holds_on_a_gpu_at_64x64(options: &[&str]) {
    let limit = 2.0;
    let mut args = vec!["solve", "--json", "--backend", "gpu", "--time-limit", "2"];
    args.extend(options);
    args.push("puzzles/large/inst64x64_45_0.txt");
    let out = gpu_command(&args).output().expect("run evoku");
    let stderr = text(&out.stderr);
    if skipped_without_gpu(&stderr) {
        return;
    }
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim())
        .unwrap_or_else(|e| panic!("JSON: {e}: {stderr}"));
    let seconds = v["seconds"].as_f64().expect("seconds");
    assert!(v["stopped_by_time"] == true || v["solved"] == true, "{v}");
    assert!(
        seconds <= limit * 1.05 + 0.2 + LOAD_SLACK,
        "ran {seconds} s with a {limit} s limit"
    );
}

#[test]
fn suite_time_limit_is_the_time_reported() {
    // Before: `suite --time-limit 3` reported "not solved in 5.652 s".
    let path = pattern_puzzle(7, 500, "suite-limit-49.txt");
    let export = temp_path("suite-limit-runs.json");
    let out = evoku(&[
        "suite",
        path.to_str().unwrap(),
        "--backend",
        "cpu",
        "--time-limit",
        "1.5",
        "--export-runs",
        "json",
        export.to_str().unwrap(),
        "-q",
    ]);
    // 1 when the run did not solve its puzzle in time (nothing solved).
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&export).expect("runs")).expect("JSON");
    let seconds = table["rows"][0]["seconds"].as_f64().expect("seconds");
    assert!(
        seconds <= 1.5 * 1.05 + 0.2 + LOAD_SLACK,
        "suite run took {seconds} s"
    );
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(export);
}

#[test]
fn huge_and_negative_time_limits_are_refused_not_a_panic() {
    for args in [
        &["solve", "--time-limit", "1e30", "puzzles/mantere-no29.txt"][..],
        &["solve", "--time-limit", "-1", "puzzles/mantere-no29.txt"],
        &["solve", "--time-limit", "nan", "puzzles/mantere-no29.txt"],
        &["suite", "--time-limit", "1e30", "puzzles/mantere-no29.txt"],
        &["rate", "--time-limit", "1e30", "puzzles/mantere-no29.txt"],
        &[
            "rate",
            "--exact-time-limit",
            "1e30",
            "puzzles/mantere-no29.txt",
        ],
        &[
            "rate",
            "--exact-time-limit",
            "-0.5",
            "puzzles/mantere-no29.txt",
        ],
    ] {
        let out = evoku(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            stderr.contains("time-limit"),
            "{args:?} names the option: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?} did work");
    }
}
