//! `--export FORMAT FILE`, shared by every command that measures: one definition of the option,
//! and its files checked before the command's work starts.

use clap::Args;
use evoku::error::Result;
use evoku::export::{Exports, Table};
use evoku::output_file::Claims;

use super::shard_args::ShardArgs;

#[derive(Args, Debug, Clone)]
pub struct ExportArgs {
    /// Write the result table: FORMAT (json, jsonl, csv, markdown) and FILE; may be repeated. The
    /// file is checked before the work starts and written whole when it ends (a stopped run,
    /// Ctrl-C, writes the part done); a run that fails leaves the file as it was.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    export: Vec<String>,
}

impl ExportArgs {
    /// Checks every format and every file, claimed in `claims` (one file for two outputs is
    /// refused).
    pub fn create(&self, claims: &mut Claims) -> Result<Exports> {
        Exports::create("--export", &self.export, claims)
    }
}

/// When a stop was requested (SIGINT, SIGTERM), marks `table` as partial and says so on stderr;
/// returns the exit code for a command whose work is otherwise done: 130 when stopped, else 0.
pub fn mark_partial(table: &mut Table, done: &str) -> std::process::ExitCode {
    if !evoku::stop::requested() {
        return std::process::ExitCode::SUCCESS;
    }
    let note = format!("stopped by a signal: the table holds only the {done} finished before it");
    table.meta("partial", note.clone());
    eprintln!("evoku: {note}");
    std::process::ExitCode::from(evoku::stop::EXIT_INTERRUPTED)
}

/// The command line, as a measurement table's `command` note gives it.
pub fn command_line() -> String {
    std::env::args().collect::<Vec<_>>().join(" ")
}

/// A sharded measurement's table out: the shard noted, marked partial when stopped
/// ([`mark_partial`]; `done` names its items), printed (as JSON with `json`) and written to every
/// `--export`. Returns [`mark_partial`]'s exit code.
pub fn finish_table(
    table: &mut Table,
    shard: &ShardArgs,
    done: &str,
    json: bool,
    exports: &mut Exports,
) -> anyhow::Result<std::process::ExitCode> {
    shard.note(table);
    let code = mark_partial(table, done);
    super::print_table(table, json)?;
    exports.write(table)?;
    Ok(code)
}
