//! Faults: SIGINT ends a solve or a suite with what was finished, exit code 130.

use super::*;

#[cfg(unix)]
#[test]
fn sigint_on_solve_prints_the_best_so_far_and_exits_130() {
    let path = pattern_puzzle(7, 500, "sigint-49.txt");
    let child = command(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--time-limit",
        "120",
        path.to_str().unwrap(),
    ])
    .spawn()
    .expect("spawn");
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&child);
    let sent = Instant::now();
    let out = wait_bounded(child, Duration::from_secs(20), "solve after SIGINT");
    let took = sent.elapsed();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "stderr: {stderr}");
    assert!(
        took < Duration::from_secs(3),
        "stopped {took:?} after SIGINT"
    );
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("JSON");
    assert_eq!(v["interrupted"], true, "{v}");
    assert_eq!(v["solved"], false, "{v}");
    let best = v["best"].as_str().expect("the best grid so far");
    assert_eq!(best.len(), 49 * 49, "{best}");
    assert!(stderr.contains("interrupted"), "summary: {stderr}");
    let _ = std::fs::remove_file(path);
}

#[cfg(unix)]
#[test]
fn sigint_on_suite_writes_the_runs_finished_so_far() {
    let hard = pattern_puzzle(7, 500, "sigint-suite-49.txt");
    let export = temp_path("sigint-suite.json");
    let child = command(&[
        "suite",
        "puzzles/mantere-no29.txt",
        hard.to_str().unwrap(),
        "--backend",
        "cpu",
        "--time-limit",
        "120",
        "--export",
        "json",
        export.to_str().unwrap(),
    ])
    .spawn()
    .expect("spawn");
    // The 9x9 is solved within a second; the 49x49 then runs until the signal.
    std::thread::sleep(Duration::from_millis(3000));
    interrupt(&child);
    let out = wait_bounded(child, Duration::from_secs(20), "suite after SIGINT");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "stderr: {stderr}");
    assert!(
        stderr.contains("partial") || stderr.contains("finished before"),
        "{stderr}"
    );
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&export).expect("export written"))
            .expect("export JSON");
    assert!(table["meta"]["partial"].is_string(), "{table}");
    let rows = table["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 1, "only the 9x9 bucket finished: {table}");
    let _ = std::fs::remove_file(hard);
    let _ = std::fs::remove_file(export);
}
