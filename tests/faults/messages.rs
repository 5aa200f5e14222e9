//! Faults (issue 37, section 8): messages name the option the user gave, state the true limits,
//! count cells from 1 and say an OS error once; a run whose only file is unreadable fails.

use super::*;

const PUZZLE: &str = "puzzles/mantere-no29.txt";

/// `args` must fail at once (exit 2, nothing on stdout) with `needle` in its message.
fn refused_with(args: &[&str], needle: &str) -> String {
    let out = evoku(args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} did work first");
    stderr
}

#[test]
fn runs_out_of_range_blame_runs_not_islands() {
    // Before: "--islands must be 1..=65536, got 0", an option the user never gave.
    for args in [
        &["paper", "--runs", "0"][..],
        &["paper", "--runs", "70000"],
        &["study", "--runs", "0"],
        &["rate", "--runs", "70000", PUZZLE],
    ] {
        let stderr = refused_with(args, "--runs");
        assert!(!stderr.contains("--islands"), "{args:?}: {stderr}");
        assert!(
            stderr.contains("65536"),
            "{args:?} gives the bound: {stderr}"
        );
    }
}

#[test]
fn any_u64_shard_count_is_accepted_and_past_it_the_limit_is_said() {
    // Before: N past u32 was refused with "1 <= I <= N", a rule 1/18446744073709551615 meets.
    let out = evoku(&[
        "rate",
        "--runs",
        "0",
        "--shard",
        "1/18446744073709551615",
        PUZZLE,
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        text(&out.stdout).contains("mantere-no29"),
        "shard 1 takes the only puzzle: {stderr}"
    );
    refused_with(
        &["rate", "--shard", "1/18446744073709551616", PUZZLE],
        "N <= 18446744073709551615",
    );
}

#[test]
fn a_contradiction_names_its_cell_by_row_and_column_from_one() {
    // Row 1 holds 1-8; the 9 at r2c9 shares r1c9's box, so propagation empties a cell of row 1.
    // Before: "contradiction: cell 0 has no candidate left" (a 0-based row-major index).
    let path = temp_path("contradiction.txt");
    let line = format!("12345678.........9{}\n", ".".repeat(63));
    std::fs::write(&path, line).unwrap();
    let file = path.to_str().unwrap();
    for args in [
        &["solve", file][..],
        &["solve", "--algorithm", "ga", "--no-exact-shortcut", file],
    ] {
        let out = evoku(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("contradiction: cell r1c"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("cell 0"), "{args:?}: {stderr}");
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_directory_given_as_a_file_is_named_once_with_one_os_error() {
    let dir = temp_path("d-as-file");
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    let cases: [&[&str]; 7] = [
        &["solve", d],
        &["rate", d],
        &["paper", "--runs", "1", "--only-files", d],
        &["suite", PUZZLE, "--export", "json", d],
        &["solve", PUZZLE, "--algorithm", "ga", "--plot", d],
        &["player", "show", "--profile", d],
        &[
            "generate",
            "--size",
            "9",
            "--fill",
            "40",
            "--count",
            "1",
            "--out-dir",
            PUZZLE,
        ],
    ];
    for args in cases {
        let out = evoku(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        let errors: Vec<&str> = stderr
            .lines()
            .filter(|l| l.starts_with("evoku: error:"))
            .collect();
        let first = errors.first().expect("an error line");
        let named = if args.contains(&"--out-dir") {
            PUZZLE
        } else {
            d
        };
        assert_eq!(first.matches(named).count(), 1, "{args:?}: {stderr}");
        assert!(first.matches("os error").count() <= 1, "{args:?}: {stderr}");
        assert!(
            first.to_lowercase().matches("directory").count() == 1,
            "{args:?} says it once: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn solve_whose_only_file_cannot_be_read_fails_and_says_nothing_was_solved() {
    // Before: exit 2, but "1 file not read ...; the others were solved" when there were none.
    let dir = temp_path("only-bad");
    std::fs::create_dir_all(&dir).unwrap();
    for bad in [dir.to_str().unwrap(), "/nonexistent/bad.txt"] {
        let stderr = refused_with(&["solve", bad], bad);
        assert!(stderr.contains("nothing solved"), "{stderr}");
        assert!(!stderr.contains("the others were solved"), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn devices_honours_wgpu_adapter_name_as_solve_does() {
    // Before: `devices` listed every adapter and exited 0 whatever WGPU_ADAPTER_NAME said.
    let filter = "no-such-adapter-evoku";
    let out = command(&["devices", "--json"])
        .env("WGPU_ADAPTER_NAME", filter)
        .output()
        .expect("run evoku");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(filter) || stderr.contains("no GPU adapter found"),
        "{stderr}"
    );
    for line in text(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(v["chosen"], false, "{v}");
        assert_eq!(v["matches_adapter_name"], false, "{v}");
    }
    // Without a filter the best adapter is the one `--backend gpu` opens; with its name as the
    // filter, that adapter is still the chosen one.
    let all = command(&["devices", "--json"])
        .env_remove("WGPU_ADAPTER_NAME")
        .output()
        .expect("run evoku");
    if all.status.code() != Some(0) {
        return; // no adapter on this machine
    }
    let listed: Vec<serde_json::Value> = text(&all.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(listed[0]["chosen"], true, "{listed:?}");
    assert_eq!(listed.iter().filter(|v| v["chosen"] == true).count(), 1);
    let name = listed[0]["name"].as_str().unwrap();
    let out = command(&["devices"])
        .env("WGPU_ADAPTER_NAME", name)
        .output()
        .expect("run evoku");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("opened by --backend gpu"));
}
