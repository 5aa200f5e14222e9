//! Tests: the `evoku` binary — exit codes, output formats, error messages.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use evoku::board::Grid;
use evoku::format::{self, ParseOptions};

use crate::util;

fn evoku(args: &[&str]) -> Output {
    evoku_with_stdin(args, None)
}

fn evoku_with_stdin(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .env("WGPU_BACKEND", "vulkan")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run evoku");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("write stdin");
    drop(input);
    child.wait_with_output().expect("evoku output")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file in the system temp folder holding `contents`.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("evoku-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("write temp file");
    path
}

fn grid_of(line: &str) -> Grid {
    format::parse_one(line, &ParseOptions::default()).expect("grid")
}

#[test]
fn solves_a_seed_puzzle_and_prints_a_checked_solution() {
    let out = evoku(&["solve", "--backend", "cpu", "puzzles/fig1-mantere.txt"]);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let line = stdout.split_whitespace().next().expect("a solution");
    let puzzle = grid_of(&std::fs::read_to_string(util::repo("puzzles/fig1-mantere.txt")).unwrap());
    assert!(
        grid_of(line).solves(&puzzle),
        "printed grid does not solve the puzzle: {line}"
    );
    assert!(stdout.contains("fig1-mantere"));
    assert!(text(&out.stderr).contains("fig1-mantere: solved"));
}

#[test]
fn json_has_every_documented_field() {
    let out = evoku(&[
        "solve",
        "--backend",
        "cpu",
        "--json",
        "--seed",
        "3",
        "puzzles/fig1-kashan.txt",
    ]);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", text(&out.stderr));
    let value: serde_json::Value =
        serde_json::from_str(text(&out.stdout).trim()).expect("one JSON line");
    for field in [
        "name",
        "size",
        "givens",
        "solved",
        "solution",
        "fitness",
        "generations",
        "restarts",
        "evaluations",
        "seconds",
        "backend",
        "algorithm",
        "seed",
        "presolved_cells",
        "adapter",
    ] {
        assert!(value.get(field).is_some(), "missing field {field}: {value}");
    }
    assert_eq!(value["solved"], true);
    assert_eq!(value["fitness"], 0);
    assert_eq!(value["size"], 9);
    assert_eq!(value["givens"], 24);
    assert_eq!(value["seed"], 3);
    assert_eq!(value["backend"], "cpu");
    assert_eq!(value["algorithm"], "auto");
}

#[test]
fn same_seed_same_json_apart_from_time() {
    let run = || {
        let out = evoku(&[
            "solve",
            "--backend",
            "cpu",
            "--json",
            "--seed",
            "9",
            "--threads",
            "1",
            "puzzles/ai-escargot.txt",
        ]);
        let mut v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
        v["seconds"] = serde_json::Value::Null;
        v
    };
    assert_eq!(run(), run());
}

#[test]
fn reads_standard_input_and_many_puzzles_per_file() {
    let input = std::fs::read_to_string(util::data("nine/easy50.txt")).unwrap();
    let three: String = input
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    let out = evoku_with_stdin(&["solve", "--backend", "cpu", "--json", "-"], Some(&three));
    assert_eq!(out.status.code(), Some(0), "stderr: {}", text(&out.stderr));
    let lines: Vec<_> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3);
    for line in lines {
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["solved"], true);
        assert_eq!(v["file"], "<stdin>");
    }
}

#[test]
fn exact_algorithm_and_grid_output() {
    let out = evoku(&[
        "solve",
        "--algorithm",
        "exact",
        "--output",
        "grid",
        "puzzles/ai-escargot.txt",
    ]);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let rows: Vec<_> = stdout.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(rows.len(), 9, "{stdout}");
    assert!(
        !stdout.contains('.'),
        "grid output has empty cells: {stdout}"
    );
}

#[test]
fn lloyd_amos_input_is_answered_in_lloyd_amos_format() {
    let path = util::lloyd_amos("inst16x16_70_0.txt");
    let out = evoku(&["solve", "--backend", "cpu", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("4\r\n1\r\n"), "{stdout:?}");
    assert!(!stdout.contains("-1"), "unsolved cells in {stdout:?}");
}

#[test]
fn bad_input_names_file_line_and_column_with_exit_code_2() {
    let short = temp_file("short.txt", "# a comment\n12345678\n");
    let out = evoku(&["solve", short.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!("{}:2:", short.display())),
        "{stderr}"
    );

    let symbol = temp_file(
        "symbol.txt",
        &format!("{}x{}\n", ".".repeat(40), ".".repeat(40)),
    );
    let out = evoku(&["solve", symbol.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!("{}:1:41", symbol.display())),
        "{stderr}"
    );

    let clash = temp_file("clash.txt", &format!("5.....5..{}\n", ".".repeat(72)));
    let out = evoku(&["solve", clash.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("r1c1") && stderr.contains("r1c7"),
        "{stderr}"
    );

    let out = evoku(&["solve", "/nonexistent/evoku-puzzle.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/nonexistent/evoku-puzzle.txt"));
    for path in [short, symbol, clash] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn bad_options_exit_with_code_2() {
    for args in [
        &["solve", "--time-limit", "-1", "puzzles/fig1-mantere.txt"][..],
        &["solve", "--population", "1", "puzzles/fig1-mantere.txt"][..],
        &["solve", "--mutation-rate", "2", "puzzles/fig1-mantere.txt"][..],
        &["solve", "--crossover", "bogus", "puzzles/fig1-mantere.txt"][..],
    ] {
        let out = evoku(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn puzzle_without_solution_is_reported_not_looped_on() {
    // Propagation finds no contradiction at once, but no grid fits: exit code 1, reason given.
    let line = format!("12345678.{}{}", "........9", ".".repeat(63));
    let path = temp_file("nosolution.txt", &format!("{line}\n"));
    let out = evoku(&[
        "solve",
        "--json",
        "--backend",
        "cpu",
        "--no-presolve",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "stderr: {}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["solved"], false);
    assert!(v["unsolvable"].is_string(), "{v}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn generation_cap_gives_exit_code_1() {
    let out = evoku(&[
        "solve",
        "--backend",
        "cpu",
        "--preset",
        "paper",
        "--no-exact-shortcut",
        "--max-generations",
        "3",
        "--json",
        "puzzles/ai-escargot.txt",
    ]);
    assert_eq!(out.status.code(), Some(1), "stderr: {}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["solved"], false);
    assert_eq!(v["generations"], 3);
    assert!(v["solution"].is_null());
    assert!(v["fitness"].as_u64().unwrap() > 0);
}

#[test]
fn missing_gpu_is_a_clear_error_and_auto_falls_back() {
    let no_gpu = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_evoku"))
            .args(args)
            .current_dir(util::repo(""))
            .env("WGPU_BACKEND", "metal") // no Metal adapter on Linux or Windows
            .output()
            .expect("run evoku")
    };
    if cfg!(target_os = "macos") {
        return;
    }
    let out = no_gpu(&["solve", "--backend", "gpu", "puzzles/fig1-mantere.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--backend cpu"),
        "{}",
        text(&out.stderr)
    );
    let out = no_gpu(&[
        "solve",
        "--backend",
        "auto",
        "--json",
        "puzzles/fig1-mantere.txt",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("\"backend\":\"cpu\""));
}

#[test]
fn suite_without_paths_reads_evoku_benchmarks_or_says_what_to_set() {
    let suite = |benchmarks: Option<PathBuf>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_evoku"));
        command
            .args(["suite", "--algorithm", "exact", "--size", "9"])
            .args(["--fill", "45", "--per-bucket", "2", "--quiet"])
            .current_dir(util::repo(""));
        match benchmarks {
            Some(dir) => command.env(util::BENCHMARKS_VAR, dir),
            None => command.env_remove(util::BENCHMARKS_VAR),
        };
        command.output().expect("run evoku suite")
    };
    let out = suite(None);
    assert_eq!(out.status.code(), Some(2), "stderr: {}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains(util::BENCHMARKS_VAR),
        "{}",
        text(&out.stderr)
    );
    // tests/data is laid out as a benchmark folder: its lloyd-amos/general is read.
    let out = suite(Some(util::data("")));
    assert_eq!(out.status.code(), Some(0), "stderr: {}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let row = stdout.lines().last().unwrap_or_default();
    assert!(row.split_whitespace().take(2).eq(["9", "45"]), "{stdout}");
}

/// `--backend auto` runs the default solver on the CPU and says so in one line, and the GA alone
/// is not sent there by that rule (it goes to a hardware GPU when there is one).
#[test]
fn auto_backend_runs_the_default_solver_on_the_cpu_and_says_why() {
    let out = evoku(&["solve", "puzzles/ai-escargot.txt", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    let notes: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("running on"))
        .collect();
    assert_eq!(notes.len(), 1, "{stderr}");
    assert!(
        notes[0].contains("default solver measured faster on the CPU"),
        "{stderr}"
    );
    assert!(
        text(&out.stdout).contains("\"backend\":\"cpu\""),
        "{}",
        text(&out.stdout)
    );
    let ga = evoku(&[
        "solve",
        "puzzles/ai-escargot.txt",
        "--algorithm",
        "ga",
        "--json",
    ]);
    assert!(
        !text(&ga.stderr).contains("default solver measured faster"),
        "{}",
        text(&ga.stderr)
    );
}
