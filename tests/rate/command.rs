//! Rating: `evoku rate`, its JSON lines, its table and its errors.

use super::*;

fn evoku(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_evoku"))
        .args(args)
        .current_dir(util::repo(""))
        .env("WGPU_BACKEND", "vulkan")
        .output()
        .expect("run evoku")
}

fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("evoku-rate-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn rate_command_prints_json_lines_and_a_table() {
    let file = temp_file(
        "two.txt",
        "....8.5..1......9..96.....4........38.3.7...6.5...698..4.......7.91..4..51...47.. easy\n\
         3....8.421.6..........9.3.6.5.81.4..9.1.26.....2.45.......3...4......6192.....53. expert\n",
    );
    let path = file.to_str().unwrap();
    let out = evoku(&[
        "rate",
        path,
        "--json",
        "--backend",
        "cpu",
        "--runs",
        "4",
        "--max-generations",
        "50",
        "--population",
        "10",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for field in [
        "puzzle",
        "givens",
        "entropy",
        "level",
        "ga_runs",
        "ga_solved",
        "ga_mean_generations",
        "ga_median_generations",
    ] {
        assert!(!lines[0][field].is_null(), "{field} missing");
    }
    assert_eq!(lines[0]["name"], "easy");
    assert_eq!(lines[0]["ga_runs"], 4);
    assert_eq!(lines[0]["entropy"], 0.0);
    assert!(lines[1]["level"].as_u64() > lines[0]["level"].as_u64());
    assert!(lines[1]["ga_mean_generations"].as_f64() > Some(0.0));

    let out = evoku(&["rate", path, "--runs", "0"]);
    assert!(out.status.success());
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.starts_with("puzzle"), "{table}");
    assert_eq!(table.lines().count(), 3);
    assert!(!table.contains("ga solved"));
    let _ = std::fs::remove_file(file);
}

#[test]
fn rate_command_names_the_bad_line_and_column() {
    let file = temp_file(
        "bad.txt",
        &format!("{}\n{}x\n", ".".repeat(81), ".".repeat(80)),
    );
    let out = evoku(&["rate", file.to_str().unwrap(), "--runs", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":2:81"), "{err}");
    // No clash, but cell 9 of row 1 has no digit left (9 is in its column).
    let clash = temp_file(
        "stuck.txt",
        &format!("12345678.........9{}\n", ".".repeat(63)),
    );
    let out = evoku(&["rate", clash.to_str().unwrap(), "--runs", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no solution") && err.contains(":1)"), "{err}");
    let _ = std::fs::remove_file(file);
    let _ = std::fs::remove_file(clash);
}

/// From 36x36 on `rate` decides uniqueness by CDCL searches (the tree search below would need far
/// too many nodes): the 36x36 sample at 45 % has several solutions, and the command says so at
/// once.
#[test]
fn rate_decides_a_large_board_with_several_solutions() {
    let out = evoku(&[
        "rate",
        "puzzles/large/inst36x36_45_0.txt",
        "--runs",
        "0",
        "--backend",
        "cpu",
        "--exact-time-limit",
        "60",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8(out.stdout).unwrap();
    let json: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(json["size"], 36, "{json}");
    assert_eq!(json["solutions"], 2, "{json}");
}

#[test]
fn a_file_is_rated_as_a_batch_with_each_puzzle_rated_as_alone() {
    // The first twelve puzzles of top95, rated one at a time (`--jobs 1`, and on one thread)
    // and two at a time, on the CPU and on lavapipe: the same JSON lines in input order,
    // timings and backend aside.
    let text = std::fs::read_to_string(util::repo("tests/data/nine/top95.txt")).expect("top95");
    let twelve: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(12)
        .collect();
    let file = temp_file("batch.txt", &(twelve.join("\n") + "\n"));
    let path = file.to_str().unwrap();
    let rate = |extra: &[&str]| -> Option<Vec<serde_json::Value>> {
        let mut args = vec![
            "rate",
            path,
            "--json",
            "-q",
            "--runs",
            "4",
            "--max-generations",
            "300",
            "--population",
            "20",
            "--seed",
            "3",
        ];
        args.extend_from_slice(extra);
        let out = Command::new(env!("CARGO_BIN_EXE_evoku"))
            .args(&args)
            .current_dir(util::repo(""))
            .env("WGPU_BACKEND", "vulkan")
            .env("XDG_RUNTIME_DIR", std::env::temp_dir())
            .output()
            .expect("run evoku");
        let stderr = String::from_utf8_lossy(&out.stderr);
        if util::skipped_without_gpu(&stderr) {
            return None;
        }
        assert_eq!(out.status.code(), Some(0), "{extra:?}: {stderr}");
        let lines = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|line| {
                let mut value: serde_json::Value = serde_json::from_str(line).expect(line);
                let object = value.as_object_mut().expect("an object");
                object.remove("seconds");
                object.remove("ga_seconds");
                object.remove("backend");
                value
            })
            .collect();
        Some(lines)
    };
    let one_thread = rate(&["--backend", "cpu", "--threads", "1"]).expect("the CPU");
    assert_eq!(one_thread.len(), 12);
    let lines: Vec<u64> = one_thread
        .iter()
        .map(|v| v["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, (1..=12).collect::<Vec<u64>>(), "input order");
    let cpu = |extra: &[&str]| rate(&[&["--backend", "cpu"], extra].concat());
    assert_eq!(
        cpu(&["--threads", "2"]),
        Some(one_thread.clone()),
        "two at a time"
    );
    assert_eq!(
        cpu(&["--threads", "2", "--jobs", "1"]),
        Some(one_thread.clone()),
        "--jobs 1"
    );
    if let Some(gpu) = rate(&["--backend", "gpu", "--threads", "2"]) {
        assert_eq!(gpu, one_thread, "two at a time on one GPU");
    }
    let refused = evoku(&["rate", path, "--jobs", "0"]);
    assert_eq!(refused.status.code(), Some(2));
    let _ = std::fs::remove_file(file);
}
