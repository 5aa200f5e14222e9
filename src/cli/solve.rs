//! `evoku solve`: solve every puzzle of the given files and print the solutions.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use evoku::format::{self, Format, ParseOptions, Symbols};
use evoku::solve::{solve_puzzle, Algorithm, Device, SolveOptions, SolveReport};

use super::aco_args::AcoArgs;
use super::device_args::DeviceArgs;
use super::export_args::Outputs;
use super::ga_args::GaArgs;
use crate::progress::RunBar;

/// How solutions are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Output {
    Line,
    Grid,
    LloydAmos,
    Json,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzle files; `-` for standard input. A file may hold many puzzles.
    #[arg(required = true)]
    files: Vec<String>,
    #[arg(long, value_enum, default_value = "ga")]
    algorithm: Algorithm,
    #[command(flatten)]
    device: DeviceArgs,
    #[command(flatten)]
    ga: GaArgs,
    #[command(flatten)]
    aco: AcoArgs,
    /// Seconds per puzzle.
    #[arg(long, value_parser = super::values::seconds)]
    time_limit: Option<Duration>,
    /// Input format (default: detected).
    #[arg(long, value_enum)]
    format: Option<Format>,
    #[arg(long, value_enum, default_value = "standard")]
    symbols: Symbols,
    /// Output format (default: the input's).
    #[arg(long, value_enum)]
    output: Option<Output>,
    /// Same as `--output json`: one JSON object per puzzle per line.
    #[arg(long)]
    json: bool,
    /// No progress bar and no summary lines on stderr.
    #[arg(long, short)]
    quiet: bool,
    /// Draw best and mean fitness per generation (restarts marked) to this SVG file, one
    /// `FILE-<puzzle>.svg` each when there are several puzzles. GA only; replays the run.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<std::path::PathBuf>,
}

pub fn run(args: SolveArgs) -> Result<ExitCode> {
    let config = args.ga.config();
    config.validate()?;
    let aco = args.aco.config(config.seed);
    aco.validate()?;
    if args.plot.is_some() && args.algorithm != Algorithm::Ga {
        anyhow::bail!("--plot draws GA generations: it needs --algorithm ga");
    }
    let time_limit = args.time_limit;
    let device = match args.algorithm {
        Algorithm::Ga | Algorithm::Aco => args.device.select()?,
        Algorithm::Exact => Device::Cpu,
    };
    let options = SolveOptions {
        algorithm: args.algorithm,
        device,
        ga: config.clone(),
        aco: aco.clone(),
        threads: args.device.threads,
        time_limit,
        unsolvable_check_nodes: 200_000,
    };
    let parse = ParseOptions {
        format: args.format,
        symbols: args.symbols,
    };
    // Every file is read, and every plot file created, before the first solve: a bad path or a
    // bad puzzle fails at once.
    let mut inputs = Vec::new();
    for file in &args.files {
        inputs.push(format::read_puzzles(file, &parse).with_context(|| format!("reading {file}"))?);
    }
    let several = inputs
        .iter()
        .map(|(puzzles, _)| puzzles.len())
        .sum::<usize>()
        > 1;
    let mut plots = Outputs::default();
    if let Some(path) = &args.plot {
        for (puzzles, _) in &inputs {
            for puzzle in puzzles {
                plots.create(
                    "--plot",
                    &evoku::plot::path_for(path, &puzzle.name, several),
                )?;
            }
        }
    }
    let mut all_solved = true;
    let stdout = std::io::stdout();
    for (puzzles, input_format) in &inputs {
        let input_format = *input_format;
        let output = if args.json {
            Output::Json
        } else {
            args.output.unwrap_or(match input_format {
                Format::Line => Output::Line,
                Format::Grid => Output::Grid,
                Format::LloydAmos => Output::LloydAmos,
            })
        };
        for puzzle in puzzles {
            let cap = match args.algorithm {
                Algorithm::Aco => aco.max_iterations,
                _ => config.max_generations,
            };
            let mut bar = RunBar::new(&puzzle.name, cap as u64, args.quiet);
            let report =
                solve_puzzle(puzzle, &options, &mut |p| bar.update(p)).with_context(|| {
                    format!("solving {} ({}:{})", puzzle.name, puzzle.file, puzzle.line)
                })?;
            bar.finish();
            all_solved &= report.solved;
            let text = render(&report, &puzzle.grid, output, args.symbols)?;
            let mut out = stdout.lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            if !args.quiet {
                eprintln!("{}", summary(&report));
            }
            if report.interrupted || evoku::stop::requested() {
                return Ok(ExitCode::from(evoku::stop::EXIT_INTERRUPTED));
            }
            if let Some(path) = &args.plot {
                if let Some(file) = plot_fitness(path, puzzle, &options, &report, several)? {
                    plots.written(&file);
                }
            }
        }
    }
    Ok(if all_solved {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The text printed on stdout for one puzzle.
fn render(
    report: &SolveReport,
    puzzle: &evoku::board::Grid,
    output: Output,
    symbols: Symbols,
) -> Result<String> {
    // A stopped run shows its best grid so far; an unsolved one that ran out its limits shows
    // the puzzle.
    let grid = match &report.best {
        Some(best) if report.solved || report.interrupted => best,
        _ => puzzle,
    };
    let unsolved = if report.interrupted {
        "interrupted"
    } else {
        "unsolved"
    };
    Ok(match output {
        Output::Json => serde_json::to_string(report)? + "\n",
        Output::Line => {
            let line = format::write_grid(grid, Format::Line, symbols);
            let status = if report.solved {
                String::new()
            } else {
                format!(" {unsolved}")
            };
            format!("{}  {}{}\n", line.trim_end(), report.name, status)
        }
        Output::Grid => {
            let mut text = format!(
                "# {}{}\n",
                report.name,
                if report.solved {
                    String::new()
                } else {
                    format!(" ({unsolved})")
                }
            );
            text.push_str(&format::write_grid(grid, Format::Grid, symbols));
            text
        }
        Output::LloydAmos => format::write_grid(grid, Format::LloydAmos, symbols),
    })
}

/// One line on stderr per puzzle.
fn summary(r: &SolveReport) -> String {
    let what = if r.solved {
        "solved".to_string()
    } else if let Some(why) = &r.unsolvable {
        format!("no solution: {why}")
    } else if r.interrupted {
        format!("interrupted (best fitness so far {})", r.fitness)
    } else if r.stopped_by_time {
        format!("not solved (time limit; best fitness {})", r.fitness)
    } else {
        format!("not solved (best fitness {})", r.fitness)
    };
    let algorithm = match r.algorithm {
        Algorithm::Ga => format!(
            "{} generations, {} restarts, {} presolved cells",
            r.generations, r.restarts, r.presolved_cells
        ),
        Algorithm::Exact => format!("{} nodes", r.evaluations),
        Algorithm::Aco => format!(
            "{} iterations, {} ant tours, {} restarts, {} presolved cells",
            r.generations, r.evaluations, r.restarts, r.presolved_cells
        ),
    };
    format!(
        "{}: {what} in {:.3} s on {} ({algorithm}, seed {})",
        r.name, r.seconds, r.backend, r.seed
    )
}

/// `solve --plot`: replays the run (same seed, same generations) recording the fitness, and
/// draws it; returns the file written. A puzzle proven unsolvable before the GA ran has nothing
/// to draw.
fn plot_fitness(
    path: &std::path::Path,
    puzzle: &evoku::format::Puzzle,
    options: &SolveOptions,
    report: &SolveReport,
    several: bool,
) -> Result<Option<std::path::PathBuf>> {
    if report.unsolvable.is_some() {
        return Ok(None);
    }
    let trace = evoku::plot::trace_run(puzzle, options, report.generations, 2000)
        .with_context(|| format!("recording the fitness of {}", puzzle.name))?;
    let title = format!(
        "{}: {} after {} generations (seed {})",
        puzzle.name,
        if report.solved {
            "solved"
        } else {
            "not solved"
        },
        report.generations,
        report.seed
    );
    let file = evoku::plot::path_for(path, &puzzle.name, several);
    evoku::plot::fitness_chart(&file, &title, &trace)
        .with_context(|| format!("writing {}", file.display()))?;
    Ok(Some(file))
}
