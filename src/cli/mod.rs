//! Command-line arguments and the commands they run: one file per command.

mod aco_args;
mod bench;
mod device_args;
mod devices;
mod ga_args;
mod generate;
mod paper;
mod play;
mod player;
mod rate;
mod solve;
mod study;
mod suite;

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
    /// CPU against GPU: individual-generations per second of the same GA work, per board size.
    Bench(bench::BenchArgs),
    /// The Mantere & Koljonen experiment: runs solved and mean generations per puzzle and
    /// operator set, beside the paper's figures.
    Paper(paper::PaperArgs),
    /// Solving power: success rate and time to solve per board size and fill.
    Suite(suite::SuiteArgs),
    /// Parameter study: population, crossover and mutation rates against generations and
    /// success.
    Study(study::StudyArgs),
    /// Rate puzzles: entropy, technique ladder and level, and R independent GA runs.
    Rate(rate::RateArgs),
    /// Generate puzzles with one proven solution at a chosen level, or complete grids.
    Generate(generate::GenerateArgs),
    /// Play Sudoku in the terminal at your level (the game is saved when you quit).
    Play(play::PlayArgs),
    /// Your level and the next puzzle for it, without a terminal (for scripts).
    Player(player::PlayerArgs),
}

/// Runs the command; the exit code is 0 when everything asked for succeeded, 1 when some
/// puzzle was not solved, and errors (exit code 2) come back as `Err`.
pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Devices(args) => devices::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Paper(args) => paper::run(args),
        Command::Suite(args) => suite::run(args),
        Command::Study(args) => study::run(args),
        Command::Rate(args) => rate::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Play(args) => play::run(args),
        Command::Player(args) => player::run(args),
    }
}
