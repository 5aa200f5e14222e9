//! `--export FORMAT FILE`, shared by every command that measures: one definition of the option,
//! and its files created before the command's work starts.

use std::path::{Path, PathBuf};

use clap::Args;
use evoku::error::Result;
use evoku::export::Exports;

#[derive(Args, Debug, Clone)]
pub struct ExportArgs {
    /// Write the result table: FORMAT (json, jsonl, csv, markdown) and FILE; may be repeated. The file
    /// is created before the work starts; a stopped run (Ctrl-C) writes the part done.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    export: Vec<String>,
}

impl ExportArgs {
    /// Checks every format and creates every file.
    pub fn create(&self) -> Result<Exports> {
        Exports::create("--export", &self.export)
    }
}

/// Output files (`--plot` and the like) created empty before any work, so that a bad path fails
/// at once, naming the path; those not marked written are removed again when this is dropped,
/// so a command that fails or is stopped leaves no empty file behind.
#[derive(Debug, Default)]
pub struct Outputs(Vec<PathBuf>);

impl Outputs {
    /// Creates `path`, the file of option `flag`.
    pub fn create(&mut self, flag: &str, path: &Path) -> anyhow::Result<()> {
        std::fs::File::create(path).map_err(|source| {
            // The OS error stays the source, printed once after the message.
            anyhow::Error::from(evoku::error::Error::Io {
                action: evoku::error::IoAction::Create,
                path: path.to_path_buf(),
                source,
            })
            .context(flag.to_string())
        })?;
        self.0.push(path.to_path_buf());
        Ok(())
    }

    /// `path` now holds its output: keep it.
    pub fn written(&mut self, path: &Path) {
        self.0.retain(|p| p != path);
    }
}

impl Drop for Outputs {
    fn drop(&mut self) {
        for path in &self.0 {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// When a stop was requested (SIGINT, SIGTERM), marks `table` as partial and says so on stderr;
/// returns the exit code for a command whose work is otherwise done: 130 when stopped, else 0.
pub fn mark_partial(table: &mut evoku::export::Table, done: &str) -> std::process::ExitCode {
    if !evoku::stop::requested() {
        return std::process::ExitCode::SUCCESS;
    }
    let note = format!("stopped by a signal: the table holds only the {done} finished before it");
    table.meta("partial", note.clone());
    eprintln!("evoku: {note}");
    std::process::ExitCode::from(evoku::stop::EXIT_INTERRUPTED)
}
