//! Tests: what the `evoku` binary prints: a quiet start, error wording, one JSON style across
//! commands, help text on every flag. Each test is named after the fault it guards against.

use std::path::PathBuf;
use std::process::{Command, Output};

use crate::util;

mod messages;
mod results;

/// Runs the built binary in the repository root with `env` set and `XDG_RUNTIME_DIR` and
/// `RUST_LOG` removed (as on a server or in a container).
fn evoku_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_evoku"));
    command
        .args(args)
        .current_dir(util::repo(""))
        .env_remove("XDG_RUNTIME_DIR")
        .env_remove("RUST_LOG");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("run evoku")
}

fn evoku(args: &[&str]) -> Output {
    evoku_env(args, &[])
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file in the system temp folder holding `contents`.
fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("evoku-output-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("write temp file");
    path
}
