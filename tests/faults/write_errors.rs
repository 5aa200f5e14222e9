//! Faults (issue 37): a failed write ends the command with a message naming the stream or file
//! and exit 2, never a panic; OS errors are said once.

use super::*;

/// `args` run with standard output on the full device (every write fails with ENOSPC).
#[cfg(unix)]
fn to_full(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("open /dev/full");
    command(args)
        .stdout(Stdio::from(full))
        .output()
        .expect("run evoku")
}

#[cfg(unix)]
fn says_stdout_is_full(what: &str, out: &Output) {
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
    assert!(
        stderr.contains("cannot write to standard output: No space left on device"),
        "{what}: {stderr}"
    );
    assert_eq!(stderr.matches("os error").count(), 1, "{what}: {stderr}");
}

#[cfg(unix)]
#[test]
fn player_commands_on_a_full_stdout_say_so() {
    let dir = temp_path("player-full");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let profile = dir.join("profile.json");
    let p = profile.to_str().unwrap();
    let puzzle = std::fs::read_to_string(util::repo("puzzles/mantere-no29.txt")).unwrap();
    let puzzle = puzzle
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    let record = [
        "player",
        "record",
        "--profile",
        p,
        "--puzzle",
        puzzle.as_str(),
        "--seconds",
        "300",
        "--outcome",
        "finished",
    ];
    says_stdout_is_full("player record", &to_full(&record));
    // The game was recorded before the level was printed: the profile holds it.
    assert!(profile.is_file(), "the profile was saved");
    says_stdout_is_full("player show", &to_full(&["player", "show", "--profile", p]));
    says_stdout_is_full(
        "player next",
        &to_full(&["player", "next", "--profile", p, "--no-store"]),
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn solve_and_suite_on_a_full_stdout_name_it() {
    says_stdout_is_full(
        "solve",
        &to_full(&[
            "solve",
            "--backend",
            "cpu",
            "-q",
            "puzzles/mantere-no29.txt",
        ]),
    );
    says_stdout_is_full(
        "suite",
        &to_full(&[
            "suite",
            "--backend",
            "cpu",
            "-q",
            "--runs",
            "1",
            "puzzles/mantere-no29.txt",
        ]),
    );
}

#[cfg(unix)]
#[test]
fn devices_on_a_full_stdout_does_not_panic() {
    let out = to_full(&["devices"]);
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    // Without an adapter there is nothing to print, and that is said instead.
    if !stderr.contains("no GPU adapter") {
        says_stdout_is_full("devices", &out);
    }
}

#[test]
fn a_folder_as_profile_says_the_os_error_once() {
    let dir = temp_path("profile-dir");
    std::fs::create_dir_all(&dir).unwrap();
    let out = evoku(&["player", "show", "--profile", dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(dir.to_str().unwrap()), "{stderr}");
    assert_eq!(stderr.matches("os error").count(), 1, "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
}
