//! The library's error type: every variant carries the data a user needs to fix the problem.

use std::path::PathBuf;

/// Errors returned by the library. The binary adds context with `anyhow` and maps them to exit codes.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad puzzle input; `line` and `column` are 1-based and point at the offending character.
    #[error("{file}:{line}:{column}: {message}")]
    Parse {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
    /// A file that could not be read, created or written; the OS error is the source (printed
    /// after this message by `{:#}`, so not repeated in it).
    #[error("cannot {action} {}", path.display())]
    Io {
        action: IoAction,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A configuration that cannot run (population too small, rate out of range, ...).
    #[error("invalid configuration: {0}")]
    Config(String),
    /// No usable GPU adapter, or one that failed; the message says what to do instead.
    #[error("GPU: {0}")]
    Gpu(String),
}

/// What was being done to a file when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoAction {
    Read,
    Create,
    Write,
}

impl std::fmt::Display for IoAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            IoAction::Read => "read",
            IoAction::Create => "create",
            IoAction::Write => "write",
        })
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
