//! Tests: faults a user or a fault tester met (issue 16), named after the fault they guard
//! against: signals, options checked before work, time limits at every size, hangs, broken pipes.

use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use evoku::board::{Geometry, Grid};
use evoku::format::{self, Format, Symbols};

use crate::util::{self, skipped_without_gpu};

mod backends_and_pipes;
mod early_checks;
mod input_cap;
mod lost_files;
mod memory;
mod messages;
mod play_stop;
mod setup_limits;
mod signals;
mod stops;
mod suite_and_conflicts;
mod time_limits;
mod write_errors;

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

/// [`command`] for a run on a GPU (lavapipe looks for `XDG_RUNTIME_DIR`).
fn gpu_command(args: &[&str]) -> Command {
    let mut command = command(args);
    command.env("XDG_RUNTIME_DIR", std::env::temp_dir());
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
