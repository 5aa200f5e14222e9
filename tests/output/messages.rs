//! Output: what the binary says on stderr: a quiet start, errors that name the file or the
//! backend once, the tally, and warnings.

use super::*;

#[test]
fn quiet_start_no_mesa_noise_no_log_lines_and_q_hides_the_backend_note() {
    for backend in ["vulkan", "metal"] {
        let env = [("WGPU_BACKEND", backend)];
        let out = evoku_env(&["solve", "-q", "puzzles/fig1-mantere.txt"], &env);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(text(&out.stderr), "", "-q with WGPU_BACKEND={backend}");

        let out = evoku_env(&["solve", "puzzles/fig1-mantere.txt"], &env);
        let stderr = text(&out.stderr);
        assert!(!stderr.contains("XDG_RUNTIME_DIR"), "{stderr}");
        assert!(
            !stderr.contains("INFO") && !stderr.contains("WARN"),
            "{stderr}"
        );
        // At most the backend note, then the summary.
        let lines: Vec<&str> = stderr.lines().collect();
        assert!(lines.len() <= 2, "{stderr}");
        assert!(lines
            .last()
            .is_some_and(|l| l.contains("fig1-mantere: solved")));
        if lines.len() == 2 {
            assert!(lines[0].starts_with("evoku: running on"), "{stderr}");
        }
    }
}

#[test]
fn unknown_wgpu_backend_is_one_clear_line_not_six_warnings() {
    let env = [("WGPU_BACKEND", "foo")];
    // `--backend auto` probes the GPU for the ACS alone (the default solver stays on the CPU
    // without probing).
    let out = evoku_env(
        &["solve", "--algorithm", "aco", "puzzles/fig1-mantere.txt"],
        &env,
    );
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    let mentions = stderr
        .lines()
        .filter(|l| l.contains("WGPU_BACKEND"))
        .count();
    assert_eq!(mentions, 1, "{stderr}");
    assert!(!stderr.contains("WARN"), "{stderr}");
    let out = evoku_env(
        &["solve", "--backend", "gpu", "puzzles/fig1-mantere.txt"],
        &env,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("WGPU_BACKEND=foo"));
    assert_eq!(
        text(&out.stderr).lines().count(),
        1,
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn output_files_that_cannot_be_made_are_create_or_write_errors_with_one_os_error() {
    let plot = evoku(&[
        "solve",
        "--backend",
        "cpu",
        "-q",
        "--algorithm",
        "ga",
        "--plot",
        "/nonexistent/evoku/x.svg",
        "puzzles/fig1-mantere.txt",
    ]);
    let export = evoku(&[
        "suite",
        "--backend",
        "cpu",
        "-q",
        "--export",
        "json",
        "/nonexistent/evoku/x.json",
        "puzzles/mantere-no29.txt",
    ]);
    for (what, out) in [("plot", plot), ("export", export)] {
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(!stderr.contains("cannot read"), "{what}: {stderr}");
        assert!(
            stderr.contains("cannot create") || stderr.contains("cannot write"),
            "{what}: {stderr}"
        );
        assert!(stderr.contains("/nonexistent/evoku/x."), "{what}: {stderr}");
        assert_eq!(stderr.matches("os error").count(), 1, "{what}: {stderr}");
    }
}

#[test]
fn missing_input_is_a_read_error_with_the_os_error_once() {
    let out = evoku(&["solve", "/nonexistent/evoku-puzzle.txt"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("cannot read /nonexistent/evoku-puzzle.txt"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("os error").count(), 1, "{stderr}");
    assert_eq!(stderr.matches("evoku-puzzle.txt").count(), 1, "{stderr}");
}

#[test]
fn solve_reads_every_file_reports_each_bad_one_and_exits_2_at_the_end() {
    // Every file is read before any solving: each bad one is reported, the good ones are still
    // solved (issue 37), and the exit code is 2 at the end.
    let bad1 = temp_file("bad1.txt", b"12345678\n");
    let bad2 = temp_file("bad2.txt", b"123\n");
    let out = evoku(&[
        "solve",
        "--backend",
        "cpu",
        "puzzles/fig1-mantere.txt",
        bad1.to_str().unwrap(),
        "puzzles/fig1-kashan.txt",
        bad2.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("fig1-mantere") && stdout.contains("fig1-kashan"),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!("{}:1:", bad1.display())),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{}:1:", bad2.display())),
        "{stderr}"
    );
    assert!(stderr.contains("2 files not read"), "{stderr}");
    for path in [bad1, bad2] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn several_puzzles_end_with_a_tally_line() {
    let out = evoku(&[
        "solve",
        "--backend",
        "cpu",
        "puzzles/fig1-mantere.txt",
        "puzzles/fig1-kashan.txt",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    let last = stderr.lines().last().unwrap_or("");
    assert!(last.starts_with("solved 2 of 2 puzzles in "), "{stderr}");
    // One puzzle: no tally.
    let out = evoku(&["solve", "--backend", "cpu", "puzzles/fig1-mantere.txt"]);
    assert!(!text(&out.stderr).contains(" of 1 puzzle"));
}

#[test]
fn binary_input_is_not_a_puzzle_file_at_its_line_and_column() {
    let binary = temp_file("binary.bin", b"1.3\n..\x005\x9a\xff");
    let out = evoku(&["solve", binary.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("not a puzzle file"), "{stderr}");
    assert!(
        stderr.contains(&format!("{}:2:3", binary.display())),
        "{stderr}"
    );
    assert!(!stderr.contains("too big"), "{stderr}");
    let invalid = temp_file("invalid.bin", b"12\xfe\xff");
    let out = evoku(&["solve", invalid.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!("{}:1:3: not a puzzle file", invalid.display())),
        "{stderr}"
    );
    for path in [binary, invalid] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn a_board_above_64x64_says_so() {
    let line = temp_file("81.txt", format!("{}\n", ".".repeat(81 * 81)).as_bytes());
    let row = vec!["0"; 81].join(" ");
    let grid = temp_file("81g.txt", format!("{row}\n").repeat(81).as_bytes());
    for path in [line, grid] {
        let out = evoku(&["solve", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let stderr = text(&out.stderr);
        assert!(stderr.contains("81x81"), "{stderr}");
        assert!(stderr.contains("above the 64x64 maximum"), "{stderr}");
        assert!(!stderr.contains("expected 4096"), "{stderr}");
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn an_unsolved_exact_run_has_no_meaningless_fitness() {
    let args = [
        "solve",
        "--algorithm",
        "exact",
        "--time-limit",
        "0.001",
        "puzzles/lloyd-amos-25x25-45.txt",
    ];
    let out = evoku(&[&args[..], &["--json"]].concat());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(v["solved"], false);
    assert!(v["fitness"].is_null(), "{v}");
    let out = evoku(&args);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("not solved (time limit)"), "{stderr}");
    assert!(!stderr.contains("4294967295"), "{stderr}");
}

/// A valid 16x16 solution grid written in hex (`0-F`), with about half its cells emptied.
fn hex_puzzle() -> String {
    (0..256)
        .map(|i| {
            let (r, c) = (i / 16, i % 16);
            let digit = (4 * (r % 4) + r / 4 + c) % 16;
            if (i * 7 + 3) % 11 < 5 {
                '.'
            } else {
                char::from_digit(digit as u32, 16)
                    .unwrap()
                    .to_ascii_uppercase()
            }
        })
        .collect::<String>()
        + "\n"
}

#[test]
fn a_hex_written_16x16_read_without_symbols_hex_is_warned_about() {
    let path = temp_file("hex16.txt", hex_puzzle().as_bytes());
    let file = path.to_str().unwrap();
    let out = evoku(&["solve", "--backend", "cpu", "--max-generations", "1", file]);
    let stderr = text(&out.stderr);
    let warnings: Vec<&str> = stderr.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    assert!(
        warnings[0].contains(file) && warnings[0].contains("--symbols hex"),
        "{stderr}"
    );
    let out = evoku(&["solve", "--backend", "cpu", "--symbols", "hex", file]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("warning"));
    // A 16x16 written with standard symbols that gives a 16 (G) is not warned about.
    let out = evoku(&["solve", "--backend", "cpu", "puzzles/easy-16x16.txt"]);
    assert!(
        !text(&out.stderr).contains("warning"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_file(path);
}
