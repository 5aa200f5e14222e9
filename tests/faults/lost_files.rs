//! Faults (issue 37): no output file lost. A failed or stopped run leaves what the file held
//! before; a device or FIFO is written in place and never removed; one file named by two
//! outputs is refused before any work.

use super::*;

/// A fresh folder in the system temp folder.
fn folder(name: &str) -> PathBuf {
    let dir = temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

#[test]
fn a_failed_suite_keeps_the_old_export() {
    let dir = folder("old-export");
    let old = dir.join("old.json");
    std::fs::write(&old, "the old results\n").unwrap();
    // No 16x16 in a 9x9 file: the suite fails after the exports were checked.
    let out = evoku(&[
        "suite",
        "puzzles/mantere-no29.txt",
        "--size",
        "16",
        "--export",
        "json",
        old.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("no instance matches"));
    assert_eq!(
        std::fs::read_to_string(&old).expect("the old export is still there"),
        "the old results\n"
    );
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary left"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_export_replaces_the_old_file_whole() {
    let dir = folder("replace-export");
    let old = dir.join("old.csv");
    std::fs::write(&old, "the old results\n").unwrap();
    let out = evoku(&[
        "suite",
        "puzzles/mantere-no29.txt",
        "--runs",
        "1",
        "-q",
        "--export",
        "csv",
        old.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let csv = std::fs::read_to_string(&old).unwrap();
    assert!(csv.starts_with("size,") || csv.contains(','), "{csv}");
    assert!(!csv.contains("the old results"), "{csv}");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary left"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn a_fifo_export_is_neither_opened_early_nor_removed() {
    let dir = folder("fifo-export");
    let fifo = dir.join("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo(3) with a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
    // Opening the FIFO before the work would wait for a reader that never comes.
    let child = command(&[
        "suite",
        "puzzles/mantere-no29.txt",
        "--size",
        "16",
        "--export",
        "json",
        fifo.to_str().unwrap(),
    ])
    .spawn()
    .expect("spawn");
    let out = wait_bounded(child, Duration::from_secs(60), "suite with a FIFO export");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    use std::os::unix::fs::FileTypeExt;
    let kind = std::fs::metadata(&fifo)
        .expect("the FIFO is still there")
        .file_type();
    assert!(kind.is_fifo());
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn a_full_device_as_plot_is_reported_and_kept() {
    let dir = folder("full-plot");
    // A node of the kernel's full device (1, 7) of our own, so that a regression removes this
    // one and not /dev/full; only root may make one: others use /dev/full itself.
    let own = dir.join("full");
    let c = std::ffi::CString::new(own.to_str().unwrap()).unwrap();
    // SAFETY: mknod(2) with a valid NUL-terminated path and a character device number.
    let made = unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 7)) } == 0;
    let full = if made {
        own
    } else {
        PathBuf::from("/dev/full")
    };
    let out = evoku(&[
        "solve",
        "puzzles/mantere-no29.txt",
        "--algorithm",
        "ga",
        "--backend",
        "cpu",
        "--no-exact-shortcut",
        "-q",
        "--plot",
        full.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let message = format!("cannot write {}: No space left on device", full.display());
    assert!(stderr.contains(&message), "{stderr}");
    assert_eq!(
        stderr.matches(full.to_str().unwrap()).count(),
        1,
        "{stderr}"
    );
    use std::os::unix::fs::FileTypeExt;
    let kind = std::fs::metadata(&full)
        .expect("the device is still there")
        .file_type();
    assert!(kind.is_char_device());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn export_to_a_full_device_names_it() {
    let out = evoku(&[
        "suite",
        "puzzles/mantere-no29.txt",
        "--runs",
        "1",
        "-q",
        "--export",
        "json",
        "/dev/full",
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot write /dev/full: No space left on device"),
        "{stderr}"
    );
    assert!(!stderr.contains("Invalid argument"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn sigint_on_solve_keeps_the_old_plot() {
    let dir = folder("sigint-plot");
    let old = dir.join("old.svg");
    std::fs::write(&old, "<svg>old</svg>\n").unwrap();
    let path = pattern_puzzle(7, 500, "sigint-plot-49.txt");
    let child = command(&[
        "solve",
        "--algorithm",
        "ga",
        "--backend",
        "cpu",
        "-q",
        "--time-limit",
        "120",
        "--plot",
        old.to_str().unwrap(),
        path.to_str().unwrap(),
    ])
    .spawn()
    .expect("spawn");
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&child);
    let out = wait_bounded(child, Duration::from_secs(20), "solve --plot after SIGINT");
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(&old).expect("the old plot is still there"),
        "<svg>old</svg>\n"
    );
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_file(path);
}

/// `args` must fail at once (no work done) naming `path` as given twice and both options.
fn refused_twice(args: &[&str], path: &std::path::Path, options: [&str; 2]) {
    let out = evoku(args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("given twice"), "{stderr}");
    for option in options {
        assert!(stderr.contains(option), "{option}: {stderr}");
    }
    assert!(!path.exists(), "nothing written: {}", path.display());
    assert!(out.stdout.is_empty(), "no work: {}", text(&out.stdout));
}

#[test]
fn one_file_for_two_exports_is_refused() {
    let dir = folder("twice");
    let f = dir.join("t.out");
    let fs = f.to_str().unwrap();
    refused_twice(
        &[
            "suite",
            "puzzles/mantere-no29.txt",
            "--export",
            "json",
            fs,
            "--export",
            "csv",
            fs,
        ],
        &f,
        ["--export json", "--export csv"],
    );
    // The same file through another spelling of its path.
    let other = format!(
        "{}/../{}/t.out",
        dir.display(),
        dir.file_name().unwrap().to_str().unwrap()
    );
    refused_twice(
        &[
            "suite",
            "puzzles/mantere-no29.txt",
            "--export",
            "json",
            fs,
            "--export-runs",
            "jsonl",
            &other,
        ],
        &f,
        ["--export json", "--export-runs jsonl"],
    );
    refused_twice(
        &["study", "--runs", "1", "--export", "json", fs, "--plot", fs],
        &f,
        ["--export json", "--plot"],
    );
    refused_twice(
        &[
            "paper",
            "--runs",
            "1",
            "--plot-means",
            fs,
            "--plot-range",
            fs,
        ],
        &f,
        ["--plot-means", "--plot-range"],
    );
    let _ = std::fs::remove_dir_all(dir);
}
