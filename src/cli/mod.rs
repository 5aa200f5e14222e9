//! Command-line arguments and the commands they run: one file per command.

mod aco_args;
mod batch_args;
mod bench;
mod choices;
mod device_args;
mod devices;
mod engine_args;
mod exact_args;
mod export_args;
mod ga_args;
mod generate;
mod limits;
mod paper;
mod play;
mod player;
mod rate;
mod shard_args;
mod solve;
pub(crate) mod stdout;
mod study;
mod suite;
mod values;

#[cfg(test)]
mod fuzz;

use std::process::ExitCode;

use anyhow::Result;
use clap::{ArgAction, CommandFactory, FromArgMatches, Parser, Subcommand};

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
    /// operator set, beside the paper's figures (default: the built-in seed puzzles, the paper
    /// preset, 100 runs, a 100,000-generation cap).
    Paper(paper::PaperArgs),
    /// Solving power: success rate and time to solve per board size and fill.
    Suite(suite::SuiteArgs),
    /// Parameter study: population, crossover and mutation rates against generations and
    /// success (default: Difficult No. 77, the paper preset, 20 runs per value).
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

/// Prints a measuring command's table on stdout: as text, or with `--json` as the JSON document
/// `--export json` writes.
fn print_table(table: &evoku::export::Table, json: bool) -> Result<()> {
    let text = if json {
        table.to_json()
    } else {
        table.to_text()
    };
    if text.ends_with('\n') {
        stdout::write(&text)
    } else {
        stdout::line(&text)
    }
}

/// Parses the command line. Every option that takes a value accepts a negative number as that
/// value (`--time-limit -1`), so that it reaches the option's own check and its message instead
/// of being taken for an unknown flag.
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let negatives = |arg: clap::Arg| {
        let takes_value = matches!(arg.get_action(), ArgAction::Set | ArgAction::Append);
        if takes_value && !arg.is_positional() {
            arg.allow_negative_numbers(true)
        } else {
            arg
        }
    };
    let mut command = Cli::command().mut_subcommands(|sub| sub.mut_args(negatives));
    let matches = command.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command))
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

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every argument of every subcommand, as `path --flag`, that has no help text.
    fn without_help(command: &clap::Command, path: &str, missing: &mut Vec<String>) {
        let path = format!("{path} {}", command.get_name());
        for arg in command.get_arguments() {
            let id = arg.get_id().as_str();
            // clap's own `--help` and `--version` carry clap's help.
            if id == "help" || id == "version" {
                continue;
            }
            let help = arg.get_help().or(arg.get_long_help());
            if help.is_none_or(|h| h.to_string().trim().is_empty()) {
                missing.push(format!("{path} {id}"));
            }
        }
        for sub in command.get_subcommands() {
            without_help(sub, &path, missing);
        }
    }

    #[test]
    fn every_argument_has_help() {
        let mut missing = Vec::new();
        without_help(&super::Cli::command(), "", &mut missing);
        assert!(missing.is_empty(), "arguments without help: {missing:?}");
    }

    #[test]
    fn help_walk_sees_a_missing_help() {
        let command = clap::Command::new("x")
            .arg(clap::Arg::new("bare").long("bare"))
            .arg(clap::Arg::new("told").long("told").help("has help"));
        let mut missing = Vec::new();
        without_help(&command, "", &mut missing);
        assert_eq!(missing, [" x bare"]);
    }
}
