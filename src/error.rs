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
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// An output file that cannot be created or written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
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

pub type Result<T, E = Error> = std::result::Result<T, E>;
