//! The library's error type: every variant carries the data a user needs to fix the problem.

use std::path::PathBuf;

/// Errors returned by the library. The binary adds context with `anyhow` and maps them to exit
/// codes.
///
/// The variants are made with `thiserror`, which derives `Display` and `source` from the
/// attributes below and adds nothing to the public API.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad puzzle input; `line` and `column` are 1-based and point at the offending character.
    #[error("{file}:{line}:{column}: {message}")]
    Parse {
        /// The file (or `<stdin>`, `<string>`) the input came from.
        file: String,
        /// 1-based line of the offending character.
        line: usize,
        /// 1-based column of the offending character.
        column: usize,
        /// What was found and what was expected.
        message: String,
    },
    /// A file that could not be read, created or written; the OS error is the source (printed
    /// after this message by `{:#}`, so not repeated in it).
    #[error("cannot {action} {}", path.display())]
    Io {
        /// What was being done to the file.
        action: IoAction,
        /// The file.
        path: PathBuf,
        /// The OS error.
        #[source]
        source: std::io::Error,
    },
    /// One option's value outside what the option accepts.
    #[error("invalid configuration: {option} must be {allowed}, got {value}")]
    InvalidOption {
        /// The option, as the command line spells it (`--population`).
        option: String,
        /// The value given.
        value: String,
        /// The values accepted (`2..=1048576`, `one of band, uniform`).
        allowed: String,
    },
    /// A configuration that cannot run for a reason no single option's range says (a
    /// combination of options, a memory cap).
    #[error("invalid configuration: {0}")]
    Config(String),
    /// A puzzle that has no solution, or that a run cannot start on; `reason` says why.
    #[error("{puzzle}: no solution: {reason}")]
    NoSolution {
        /// The puzzle's name.
        puzzle: String,
        /// Why (a contradiction among the givens, a cell left without a candidate).
        reason: String,
    },
    /// No usable GPU adapter, or one that failed; the message says what to do instead.
    #[error("GPU: {message}")]
    Gpu {
        /// The adapter, as `GpuContext::describe` names it; `None` before one was chosen.
        adapter: Option<String>,
        /// What was being done: choosing an adapter, opening it, sizing buffers to its limits,
        /// or the engine call that failed.
        stage: String,
        /// What went wrong and what to do instead.
        message: String,
    },
    /// Text that is not the JSON expected (an exported table, a profile, a store record).
    #[error("{what}")]
    Json {
        /// What was being read or written.
        what: String,
        /// The JSON error.
        #[source]
        source: serde_json::Error,
    },
    /// A broken invariant inside evoku: a bug, never the user's input.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// An [`Error::InvalidOption`].
    pub fn invalid_option(
        option: impl Into<String>,
        value: impl std::fmt::Display,
        allowed: impl Into<String>,
    ) -> Error {
        Error::InvalidOption {
            option: option.into(),
            value: value.to_string(),
            allowed: allowed.into(),
        }
    }

    /// An [`Error::Gpu`] at `stage`, on `adapter` when one was chosen.
    pub fn gpu(
        adapter: Option<String>,
        stage: impl Into<String>,
        message: impl Into<String>,
    ) -> Error {
        Error::Gpu {
            adapter,
            stage: stage.into(),
            message: message.into(),
        }
    }
}

/// What was being done to a file when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoAction {
    /// Reading it.
    Read,
    /// Creating it.
    Create,
    /// Writing it.
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

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
