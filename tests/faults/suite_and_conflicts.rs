//! Faults (issue 37, items 7 and 8): the suite follows no symbolic-link loop, reports skipped
//! files with `-q` too and exits 1 when nothing was solved; CSV and JSON lines of a stopped run
//! are marked partial; options that contradict each other are refused, naming both.

use super::*;

const PUZZLE: &str =
    ".1.5.6.2.3.......6..91.45...9..1..4..7.3.2.5..3..8..6...32.71..9.......2.5.6.1.8.\n";

/// A fresh folder in the temp folder holding `good.txt` (one 9x9 puzzle).
fn folder(name: &str) -> PathBuf {
    let dir = temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::write(dir.join("good.txt"), PUZZLE).expect("write puzzle");
    dir
}

#[cfg(unix)]
#[test]
fn suite_follows_no_symlink_loop() {
    // Before: a link to the folder itself made one file count 41 times.
    let dir = folder("loop");
    std::os::unix::fs::symlink(&dir, dir.join("again")).expect("symlink");
    std::os::unix::fs::symlink(dir.join("good.txt"), dir.join("same.txt")).expect("symlink");
    let runs = dir.join("runs.csv");
    let out = evoku(&[
        "suite",
        dir.to_str().unwrap(),
        "--algorithm",
        "exact",
        "-q",
        "--export-runs",
        "csv",
        runs.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let csv = std::fs::read_to_string(&runs).expect("runs.csv");
    assert_eq!(csv.lines().count(), 2, "a header and one run: {csv}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn suite_reports_skipped_files_with_quiet() {
    // Before: with -q an unreadable file was skipped without a word.
    let dir = folder("skip");
    std::fs::write(dir.join("bad.txt"), "not a puzzle at all\n").expect("write");
    let out = evoku(&["suite", dir.to_str().unwrap(), "--algorithm", "exact", "-q"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("bad.txt") && stderr.contains("skipped 1 file"),
        "names and counts the skipped file: {stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn suite_exits_1_when_nothing_is_solved() {
    // Before: exit 0 with every run unsolved. Cell r1c9 can only be 9, which column 9 holds
    // already: no solution, though no two givens clash.
    let dir = temp_path("none");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("mkdir");
    let bad = format!("12345678.........9{}\n", ".".repeat(63));
    std::fs::write(dir.join("none.txt"), bad).expect("write");
    let out = evoku(&["suite", dir.to_str().unwrap(), "--algorithm", "exact", "-q"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("no run solved"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn csv_and_json_lines_of_a_stopped_run_are_marked_partial() {
    use evoku::export::{ExportFormat, Table, Value};
    let mut table = Table::new("runs", &["name", "solved"]);
    table
        .rows
        .push(vec![Value::Text("a".into()), Value::Bool(true)]);
    let plain_csv = table.render(ExportFormat::Csv);
    assert!(!plain_csv.contains("partial"), "{plain_csv}");
    table.meta("partial", "stopped by a signal");
    let csv = table.render(ExportFormat::Csv);
    assert_eq!(csv, "name,solved,partial\na,yes,yes\n");
    let jsonl = table.render(ExportFormat::Jsonl);
    assert_eq!(jsonl.lines().count(), 1, "{jsonl}");
    let row: serde_json::Value = serde_json::from_str(jsonl.trim()).expect("JSON line");
    assert_eq!(row["partial"], true, "{jsonl}");
    assert_eq!(row["name"], "a", "{jsonl}");
}

#[test]
fn contradicting_options_are_refused_naming_both() {
    // Before: both were accepted and one of them silently ignored.
    let cases: [(&[&str], [&str; 2]); 4] = [
        (
            &["solve", "--algorithm", "exact", "--preset", "walk"],
            ["--algorithm exact", "--preset"],
        ),
        (
            &["solve", "--algorithm", "aco", "--preset", "walk"],
            ["--algorithm aco", "--preset"],
        ),
        (
            &["solve", "--json", "--output", "line"],
            ["--json", "--output"],
        ),
        (
            &["suite", "--algorithm", "exact", "--preset", "walk"],
            ["--algorithm exact", "--preset"],
        ),
    ];
    for (args, names) in cases {
        let mut args = args.to_vec();
        args.push("puzzles/mantere-no29.txt");
        let out = evoku(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing solved");
        for name in names {
            assert!(stderr.contains(name), "{args:?} names {name}: {stderr}");
        }
    }
}

#[test]
fn acs_best_keeps_the_givens_before_the_first_iteration() {
    // Before: a run stopped before its first iteration printed a best of dots only.
    let path = pattern_puzzle(6, 500, "acs-best.txt");
    let out = evoku(&[
        "solve",
        path.to_str().unwrap(),
        "--algorithm",
        "aco",
        "--time-limit",
        "0.001",
        "--no-exact-shortcut",
        "--json",
        "-q",
    ]);
    let stdout = text(&out.stdout);
    let report: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
    let best = report["best"]
        .as_str()
        .or(report["solution"].as_str())
        .expect("a best grid");
    let puzzle = std::fs::read_to_string(&path).expect("puzzle");
    let puzzle = puzzle.trim();
    assert_eq!(best.len(), puzzle.len(), "{best}");
    for (i, (given, cell)) in puzzle.chars().zip(best.chars()).enumerate() {
        if given != '.' && given != '0' {
            assert_eq!(cell, given, "cell {} keeps its given: {best}", i + 1);
        }
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn suite_checks_every_size_before_the_first_run() {
    // Before: each instance the options could not run on was recorded as a failed run and the
    // suite went on (issue 37: every option is checked before the first puzzle). A population
    // of 2^20 fits the 9x9's memory, not the 64x64's.
    let dir = folder("sizes");
    std::fs::copy(
        "puzzles/large/inst64x64_45_0.txt",
        dir.join("inst64x64_45_0.txt"),
    )
    .expect("copy");
    let out = evoku(&[
        "suite",
        dir.to_str().unwrap(),
        "--backend",
        "cpu",
        "--algorithm",
        "ga",
        "--population",
        "1048576",
        "-q",
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty(), "a run was made: {stderr}");
    assert!(
        stderr.contains("inst64x64_45_0.txt:1) before any run") && stderr.contains("bytes"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
