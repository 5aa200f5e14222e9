//! Command-line arguments and the commands they run: one file per command.

mod devices;
mod ga_args;
mod solve;

use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "evoku",
    version,
    about = "Evolutionary Sudoku solver for the CPU and the GPU"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve the puzzles of one or more files (`-` reads standard input).
    Solve(solve::SolveArgs),
    /// List every GPU adapter wgpu sees (honours WGPU_BACKEND and WGPU_ADAPTER_NAME).
    Devices(devices::DevicesArgs),
}

/// Runs the command; the exit code is 0 when everything asked for succeeded, 1 when some
/// puzzle was not solved, and errors (exit code 2) come back as `Err`.
pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Devices(args) => devices::run(args),
    }
}
