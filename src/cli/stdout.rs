//! Standard output, written so that a failure names it: a full disk or a closed descriptor ends
//! the command with "cannot write to standard output: ..." and exit 2, never a panic (as
//! `println!` does). A reader that went away (`| head`) still ends the command quietly: the
//! broken-pipe error stays in the chain, where `main` finds it.

use std::io::Write;

/// The message every failed write to standard output starts with.
pub const CANNOT_WRITE: &str = "cannot write to standard output";

/// `e`, from a write to standard output, as an error that says so.
pub fn error(e: std::io::Error) -> anyhow::Error {
    anyhow::Error::from(e).context(CANNOT_WRITE)
}

/// Writes `text` as it is to standard output and flushes.
pub fn write(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(error)
}

/// Writes `text` and a newline to standard output and flushes.
pub fn line(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(error)
}
