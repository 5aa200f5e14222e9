//! Tests: faults a user or a fault tester met (issue 16), named after the fault they guard
//! against: signals, options checked before work, time limits at every size, hangs, broken pipes.

use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use evoku::board::{Geometry, Grid};
use evoku::format::{self, Format, Symbols};

use crate::util;

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_evoku"));
    command
        .args(args)
        .current_dir(util::repo(""))
        .env("WGPU_BACKEND", "vulkan")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn evoku(args: &[&str]) -> Output {
    command(args).output().expect("run evoku")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Seconds a time-limit test allows beyond the limit's own bound (5 % + 0.2 s) when the test
/// machine is loaded: far below what the faults cost (seconds to minutes).
const LOAD_SLACK: f64 = 0.8;

/// A path in the system temp folder, unique to this test process.
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("evoku-faults-{}-{name}", std::process::id()))
}

/// A `box_size`² board from the pattern grid `(r mod b) b + r div b + c` with about `keep` of
/// every thousand cells given (a fixed hash picks them), written to a temp file.
fn pattern_puzzle(box_size: usize, keep: usize, name: &str) -> PathBuf {
    let geometry = Geometry::new(box_size).expect("geometry");
    let n = box_size * box_size;
    let cells = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let digit = ((r % box_size) * box_size + r / box_size + c) % n + 1;
            let kept = (r * 7919 + c * 104_729 + 12_345) % 1000 < keep;
            if kept {
                digit as u8
            } else {
                0
            }
        })
        .collect();
    let grid = Grid::from_cells(geometry, cells).expect("grid");
    let path = temp_path(name);
    std::fs::write(
        &path,
        format::write_grid(&grid, Format::Line, Symbols::Standard),
    )
    .expect("write puzzle");
    path
}

/// Waits for `child` at most `limit`; kills it and fails when it takes longer.
fn wait_bounded(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

#[cfg(unix)]
fn interrupt(child: &Child) {
    // SAFETY: kill(2) with the pid of a child we spawned and have not yet reaped.
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    assert_eq!(sent, 0, "kill -INT");
}

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
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
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
    // Before: `solve good bad good2` solved the first file, then failed on the second.
    let out = evoku(&[
        "solve",
        "puzzles/mantere-no29.txt",
        "/nonexistent/bad.txt",
        "puzzles/mantere-no77.txt",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/nonexistent/bad.txt"));
    assert!(out.stdout.is_empty(), "solved before reading every file");
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

#[test]
fn gl_backend_is_refused_not_hung() {
    // Before: WGPU_BACKEND=gl --backend gpu ran a 9x9 on llvmpipe for 4 minutes, no output.
    let child = command(&[
        "solve",
        "--backend",
        "gpu",
        "--time-limit",
        "5",
        "puzzles/mantere-no29.txt",
    ])
    .env("WGPU_BACKEND", "gl")
    .env("XDG_RUNTIME_DIR", std::env::temp_dir())
    .spawn()
    .expect("spawn");
    let out = wait_bounded(child, Duration::from_secs(30), "GL backend");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot run evoku's compute shaders") || stderr.contains("no GPU adapter"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn broken_pipe_exits_quietly() {
    // Before: `evoku solve ... | head -1` printed "evoku: error: Broken pipe".
    let mut child = command(&[
        "solve",
        "--backend",
        "cpu",
        "--output",
        "grid",
        "puzzles/mantere-no29.txt",
        "puzzles/mantere-no77.txt",
        "puzzles/mantere-no106.txt",
    ])
    .spawn()
    .expect("spawn");
    drop(child.stdout.take());
    let out = wait_bounded(child, Duration::from_secs(60), "solve into a closed pipe");
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("error"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn gpu_limits_are_checked_before_the_no_solution_check() {
    // Before: the 200,000-node exact check ran first (about 10 s at 49x49 here), and only then
    // the engine said the population does not fit the adapter.
    let path = pattern_puzzle(7, 500, "gpu-limits-49.txt");
    let start = Instant::now();
    let out = command(&[
        "solve",
        "--backend",
        "gpu",
        "--population",
        "1000000",
        path.to_str().unwrap(),
    ])
    .env("XDG_RUNTIME_DIR", std::env::temp_dir())
    .output()
    .expect("run evoku");
    let took = start.elapsed();
    let stderr = text(&out.stderr);
    let _ = std::fs::remove_file(path);
    if stderr.contains("no GPU adapter") && std::env::var_os("EVOKU_REQUIRE_GPU").is_none() {
        eprintln!("skipped: no GPU adapter (set EVOKU_REQUIRE_GPU=1 to fail instead)");
        return;
    }
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--population"), "{stderr}");
    assert!(took < Duration::from_secs(5), "refused after {took:?}");
}
