//! Faults: every long command stops within about a second of SIGINT or SIGTERM, keeps and
//! prints what it finished, says it was stopped and exits 130 (issue 37: generate, rate,
//! player and bench ignored the signal or lost their work). Bounds are generous for a loaded
//! 2-core CI machine, far below what the faults cost (tens of seconds to minutes).

use super::*;

/// How long a stopped command may take to end on a loaded test machine.
const STOP_BOUND: Duration = Duration::from_secs(3);

/// Starts `args`, waits `after`, sends `signal`, and returns the output and the time it took
/// to end after the signal (failing if it does not end within [`STOP_BOUND`] plus slack).
#[cfg(unix)]
fn stopped(args: &[&str], after: Duration, signal: libc::c_int) -> (Output, Duration) {
    stopped_with(command(args), after, signal)
}

#[cfg(unix)]
fn stopped_with(mut command: Command, after: Duration, signal: libc::c_int) -> (Output, Duration) {
    let child = command.spawn().expect("spawn");
    let pid = child.id() as libc::pid_t;
    // Its output is read as it comes (a full pipe would hold the command up, not the signal).
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send((child.wait_with_output(), Instant::now()));
    });
    std::thread::sleep(after);
    // SAFETY: kill(2) with the pid of a child we spawned; the waiting thread reaps it.
    let sent_ok = unsafe { libc::kill(pid, signal) } == 0;
    let sent = Instant::now();
    let Ok((out, ended)) = rx.recv_timeout(STOP_BOUND * 4) else {
        // SAFETY: as above; the child is still running, so the pid is still its own.
        unsafe { libc::kill(pid, libc::SIGKILL) };
        panic!("still running {:?} after the signal", STOP_BOUND * 4);
    };
    let out = out.expect("output");
    assert!(
        sent_ok && ended > sent,
        "the command ended before the signal: nothing to test ({})",
        text(&out.stderr)
    );
    (out, ended - sent)
}

#[cfg(unix)]
fn assert_stopped(out: &Output, took: Duration, what: &str) -> String {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{what}: {stderr}");
    assert!(
        took < STOP_BOUND,
        "{what} stopped {took:?} after the signal"
    );
    assert!(stderr.contains("stopped by a signal"), "{what}: {stderr}");
    stderr
}

#[cfg(unix)]
#[test]
fn sigint_on_generate_instances_keeps_the_files_written() {
    // Before: every one of the 300,000 files was written, exit 0.
    let dir = temp_path("stop-instances");
    let (out, took) = stopped(
        &[
            "generate",
            "--size",
            "9",
            "--fill",
            "40",
            "--count",
            "300000",
            "--out-dir",
            dir.to_str().unwrap(),
        ],
        Duration::from_millis(1500),
        libc::SIGINT,
    );
    let stderr = assert_stopped(&out, took, "generate --fill --out-dir");
    assert!(stderr.contains("partial"), "{stderr}");
    let files = std::fs::read_dir(&dir).expect("the folder").count();
    assert!(files > 0 && files < 300_000, "{files} files");
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn sigterm_on_generate_prints_each_instance_as_it_is_made() {
    // Before: SIGTERM was ignored, and nothing was printed until the end.
    let (out, took) = stopped(
        &[
            "generate", "--size", "25", "--fill", "40", "--count", "3000",
        ],
        Duration::from_millis(2000),
        libc::SIGTERM,
    );
    assert_stopped(&out, took, "generate --size 25 --fill 40");
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert!(
        !lines.is_empty() && lines.len() < 3000,
        "{} lines",
        lines.len()
    );
    for line in &lines {
        assert_eq!(line.len(), 625, "a whole 25x25 puzzle per line: {line}");
    }
}

#[cfg(unix)]
#[test]
fn sigint_on_large_generate_and_complete_grids_ends_at_once() {
    // Before: `--level easy` ignored it (35 s); `--complete` took 8.8 s to stop.
    for args in [
        &["generate", "--size", "64", "--level", "easy"][..],
        // Many grids: one 64x64 grid can take about a second, less than the wait.
        &["generate", "--size", "64", "--complete", "--count", "1000"],
        &["generate", "--size", "16", "--count", "100000"],
    ] {
        let (out, took) = stopped(args, Duration::from_millis(1500), libc::SIGINT);
        assert_stopped(&out, took, &format!("{args:?}"));
    }
}

#[cfg(unix)]
#[test]
fn sigint_in_the_36x36_uniqueness_check_is_an_interruption_not_a_failure() {
    // Before: exit 2 with "the exact solver gave up" after seconds.
    let made = evoku(&[
        "generate", "--size", "36", "--fill", "50", "--count", "1", "--seed", "5",
    ]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    let path = temp_path("stop-rate-36.txt");
    std::fs::write(&path, &made.stdout).expect("write T36");
    let (out, took) = stopped(
        &["rate", "--runs", "0", path.to_str().unwrap()],
        Duration::from_millis(1500),
        libc::SIGINT,
    );
    let stderr = assert_stopped(&out, took, "rate T36");
    assert!(!stderr.contains("gave up"), "{stderr}");
    let _ = std::fs::remove_file(path);
}

#[cfg(unix)]
#[test]
fn sigint_on_player_next_while_a_64x64_is_made() {
    // Before: ignored until the puzzle was made (half a minute).
    let home = temp_path("stop-player-home");
    std::fs::create_dir_all(&home).expect("home");
    let mut command = command(&["player", "next", "--size", "64"]);
    command
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"));
    let (out, took) = stopped_with(command, Duration::from_millis(1500), libc::SIGINT);
    assert_stopped(&out, took, "player next --size 64");
    let _ = std::fs::remove_dir_all(home);
}

#[cfg(unix)]
#[test]
fn sigint_on_the_acs_on_a_software_gpu_at_64x64() {
    // Before: one 64x64 ACS iteration on lavapipe is one submit of about 14 s, and the run
    // ended 13-28 s after the signal. Now an iteration's tours go in pieces of about 0.1 s.
    sigint_on_a_gpu_at_64x64(&["--algorithm", "aco"], 4000);
}

#[cfg(unix)]
#[test]
fn sigint_on_the_ga_on_a_software_gpu_at_64x64() {
    // Before: the GA's `init` (about 10 s on lavapipe at 64x64, with a first compile of about
    // 15 s) and each generation (tens of seconds) were one submit each. The signal comes during
    // `init` (generations cut short: `gpu::whole_runs::generations_cut_between_pieces_resume_the_same_run`).
    sigint_on_a_gpu_at_64x64(&["--algorithm", "ga", "--assign-steps", "0"], 2000);
}

#[cfg(unix)]
#[test]
fn sigint_on_an_acs_batch_on_a_software_gpu_at_64x64() {
    // Two puzzles in one engine, their iterations' tours in pieces as one puzzle's are. The
    // time limit keeps the pre-checks (a quarter of it) short, so the signal comes during the
    // run; the time limit alone would end it with exit 1, not 130.
    let file = "puzzles/large/inst64x64_45_0.txt";
    let options = ["--algorithm", "aco", "--no-exact-shortcut", file];
    sigint_on_a_gpu_at_64x64_within(&options, 6000, "8");
}

#[cfg(unix)]
fn sigint_on_a_gpu_at_64x64(options: &[&str], after_ms: u64) {
    sigint_on_a_gpu_at_64x64_within(options, after_ms, "60");
}

#[cfg(unix)]
fn sigint_on_a_gpu_at_64x64_within(options: &[&str], after_ms: u64, limit: &str) {
    let mut args = vec!["solve", "--backend", "gpu", "--time-limit", limit];
    args.extend(options);
    args.push("puzzles/large/inst64x64_45_0.txt");
    let command = gpu_command(&args);
    let (out, took) = stopped_with(command, Duration::from_millis(after_ms), libc::SIGINT);
    let stderr = text(&out.stderr);
    if skipped_without_gpu(&stderr) {
        return;
    }
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        took < STOP_BOUND,
        "stopped {took:?} after the signal: {stderr}"
    );
    // "interrupted (best fitness so far N)" once there is a population, else "interrupted in".
    assert!(stderr.contains(": interrupted "), "{stderr}");
}

#[cfg(unix)]
#[test]
fn sigint_on_bench_prints_the_partial_table() {
    // Before: `--generations 4294967295` ignored it.
    let (out, took) = stopped(
        &["bench", "--backend", "cpu", "--generations", "4294967295"],
        Duration::from_millis(2000),
        libc::SIGINT,
    );
    assert_stopped(&out, took, "bench");
    assert!(
        text(&out.stdout).contains("partial"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn generate_time_limit_holds_and_keeps_what_was_made() {
    // Before: generate had no limit (`--size 64 --level easy` took 35 s).
    let start = Instant::now();
    let out = evoku(&[
        "generate",
        "--size",
        "64",
        "--level",
        "easy",
        "--time-limit",
        "1",
    ]);
    let wall = start.elapsed();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("time limit reached"), "{stderr}");
    assert!(
        wall < Duration::from_secs(3),
        "took {wall:?} with a 1 s limit"
    );
}

#[test]
fn an_undecided_puzzle_is_reported_and_the_batch_goes_on() {
    // Before: the batch ended with an error at the undecided puzzle; the third was not rated.
    let made = evoku(&[
        "generate", "--size", "36", "--fill", "50", "--count", "1", "--seed", "5",
    ]);
    let path = temp_path("undecided-36.txt");
    std::fs::write(&path, &made.stdout).expect("write T36");
    let out = evoku(&[
        "rate",
        "--json",
        "--runs",
        "0",
        "--exact-time-limit",
        "0.2",
        "puzzles/mantere-no29.txt",
        path.to_str().unwrap(),
        "puzzles/mantere-no29.txt",
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[1]["undecided"], true, "{}", lines[1]);
    assert_eq!(lines[2]["name"], "mantere-no29", "{}", lines[2]);
    assert!(stderr.contains("undecided"), "{stderr}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn rate_time_limit_bounds_the_36x36_uniqueness_check() {
    // Before: `rate T36 --time-limit 2` ran over 200 s.
    let made = evoku(&[
        "generate", "--size", "36", "--fill", "50", "--count", "1", "--seed", "5",
    ]);
    let path = temp_path("rate-limit-36.txt");
    std::fs::write(&path, &made.stdout).expect("write T36");
    let start = Instant::now();
    let out = evoku(&["rate", "--time-limit", "1", path.to_str().unwrap()]);
    let wall = start.elapsed();
    assert!(
        wall < Duration::from_secs(4),
        "took {wall:?} with a 1 s limit"
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let _ = std::fs::remove_file(path);
}
