//! `evoku solve`: solve every puzzle of the given files and print the solutions.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use super::choices::choice;
use evoku::defaults;
use evoku::format::{self, Format, ParseOptions, Symbols};
use evoku::solve::Algorithm;

use super::engine_args::EngineArgs;
use super::exact_args::ExactArgs;
use super::values::TimeLimit;

mod batch;
mod output;
mod plot;

use output::Output;

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzle files; `-` for standard input. A file may hold many puzzles.
    #[arg(required = true)]
    files: Vec<String>,
    /// `auto` (the default without `--preset`): the strongest measured for the board, a
    /// portfolio of the exact solver, the Ant Colony System and the box-assignment walk in
    /// lock-step rounds, the first to solve wins (docs/results/default-solver.md#the-default-solver-evoku-solve-without-options, "The default solver"). `ga`
    /// (the default with `--preset`) runs the walk unless `--preset` says otherwise.
    #[arg(long, value_parser = choice::<Algorithm>())]
    algorithm: Option<Algorithm>,
    #[command(flatten)]
    engine: EngineArgs,
    /// Seconds per puzzle; 0 = no limit.
    #[arg(long, help = time_limit_help(), value_parser = super::values::limit, allow_hyphen_values = true)]
    time_limit: Option<TimeLimit>,
    /// Run the chosen method even when the exact solver's no-solution check finds the solution
    /// first (to measure the GA alone); by default that solution is the answer.
    #[arg(long)]
    no_exact_shortcut: bool,
    #[command(flatten)]
    exact: ExactArgs,
    /// Input format (default: detected).
    #[arg(long, value_parser = choice::<Format>())]
    format: Option<Format>,
    /// How cells are written: `standard` (1-9, A-Z, ...; `.` or `0` empty) or `hex` (0-F).
    #[arg(long, value_parser = choice::<Symbols>(), default_value = "standard")]
    symbols: Symbols,
    /// Output format (default: the input's).
    #[arg(long, value_enum)]
    output: Option<Output>,
    /// Same as `--output json`: one JSON object per puzzle per line (not with `--output`).
    #[arg(long, conflicts_with = "output")]
    json: bool,
    /// No progress bar and no summary lines on stderr.
    #[arg(long, short)]
    quiet: bool,
    /// Draw the run to this SVG file, one `FILE-<puzzle>.svg` each when there are several
    /// puzzles: the default solver's members' best penalty per round, or with `--algorithm ga`
    /// best and mean fitness per generation (restarts marked; replays the run). Not with `exact`
    /// or `aco`.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<std::path::PathBuf>,
}

/// `--time-limit`'s help, with the defaults per size from `evoku::defaults`.
fn time_limit_help() -> String {
    format!(
        "Seconds per puzzle (default: {}); 0 = no limit",
        defaults::default_time_limit_text()
    )
}

pub fn run(args: SolveArgs) -> Result<ExitCode> {
    let (algorithm, options) =
        args.engine
            .solve_options(args.algorithm, &args.exact, args.no_exact_shortcut)?;
    if args.plot.is_some() && matches!(algorithm, Algorithm::Aco | Algorithm::Exact) {
        anyhow::bail!(
            "--plot draws the GA's generations or the default solver's rounds: it needs \
             --algorithm ga or auto"
        );
    }
    // `Some(None)`: no limit (0); `None`: the default of the board's size.
    let time_limit = args.time_limit.map(|limit| limit.0);
    let options = options.on(args.engine.device.select_for(algorithm, args.quiet)?);
    let parse = ParseOptions {
        format: args.format,
        symbols: args.symbols,
    };
    // Every file is read before any solving: each bad one is reported (all of them, not just
    // the first), the puzzles of the good ones are solved, and the exit code is 2 at the end.
    let mut bad_files = 0usize;
    let args_files = args.files.len();
    let mut inputs = Vec::new();
    // A long line-format file is read on the batch's threads.
    let threads = evoku::solve::batch::thread_count(options.threads);
    for file in &args.files {
        match format::read_puzzles_on(file, &parse, threads) {
            Ok((puzzles, input_format)) => {
                // Shown with -q too: it warns that a different puzzle may be solved.
                if let Some(warning) = format::hex_warning(&puzzles, args.symbols) {
                    eprintln!("evoku: warning: {warning}");
                }
                inputs.push((puzzles, input_format));
            }
            Err(error) => {
                eprintln!("evoku: error: {:#}", anyhow::Error::from(error));
                bad_files += 1;
            }
        }
    }
    let several = inputs.iter().map(|(p, _)| p.len()).sum::<usize>() > 1;
    // Every plot file is checked before the first solve: a bad path, or two puzzles drawn to one
    // file, fails at once.
    let mut plots = evoku::output_file::Claims::default();
    if let Some(path) = &args.plot {
        for (puzzles, _) in &inputs {
            for puzzle in puzzles {
                plots.claim(
                    &format!("--plot for {}:{}", puzzle.file, puzzle.line),
                    &crate::plot::path_for(path, &puzzle.name, several),
                )?;
            }
        }
    }
    // Each puzzle with the output its file asks for.
    let mut jobs = Vec::new();
    for (puzzles, input_format) in &inputs {
        let output = if args.json {
            Output::Json
        } else {
            args.output.unwrap_or(match *input_format {
                Format::Line => Output::Line,
                Format::Grid => Output::Grid,
                Format::LloydAmos => Output::LloydAmos,
            })
        };
        jobs.extend(puzzles.iter().map(|puzzle| (puzzle, output)));
    }
    let settings = batch::Settings {
        options: &options,
        time_limit,
        cap: match algorithm {
            Algorithm::Aco => options.aco.max_iterations,
            _ => options.ga.max_generations,
        },
        symbols: args.symbols,
        quiet: args.quiet,
        plot: args.plot.as_deref(),
        several,
    };
    let tally = batch::solve_all(&jobs, &settings)?;
    if bad_files == args_files {
        eprintln!("evoku: error: no file read (see the errors above), nothing solved");
    } else if bad_files > 0 {
        eprintln!(
            "evoku: error: {} not read (see the errors above); the others were solved",
            evoku::export::count(bad_files, "file")
        );
    }
    Ok(if tally.interrupted {
        ExitCode::from(evoku::stop::EXIT_INTERRUPTED)
    } else if bad_files > 0 || tally.failed > 0 {
        ExitCode::from(2)
    } else if tally.solved == tally.total {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
