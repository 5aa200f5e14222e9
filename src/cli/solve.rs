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
    /// Which solver runs.
    #[arg(long, value_enum, default_value = "ga")]
    algorithm: Algorithm,
    #[command(flatten)]
    device: DeviceArgs,
    #[command(flatten)]
    ga: GaArgs,
    #[command(flatten)]
    aco: AcoArgs,
    /// Seconds per puzzle.
    #[arg(long)]
    time_limit: Option<f64>,
    /// Input format (default: detected).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// How cells are written: `standard` (1-9, A-Z, ...; `.` or `0` empty) or `hex` (0-F).
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
    let time_limit = match args.time_limit {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => anyhow::bail!("--time-limit must be a positive number of seconds, got {s}"),
        None => None,
    };
    let device = match args.algorithm {
        Algorithm::Ga | Algorithm::Aco => args.device.select(args.quiet)?,
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
    // Every file is read before any solving: each bad one is reported (all of them, not just
    // the first), the good ones are solved, and the exit code is 2 at the end.
    let mut bad_files = 0usize;
    let mut inputs = Vec::new();
    for file in &args.files {
        match format::read_puzzles(file, &parse) {
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
    let (mut solved, mut total) = (0usize, 0usize);
    let start = std::time::Instant::now();
    let stdout = std::io::stdout();
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
        for puzzle in puzzles {
            let cap = match args.algorithm {
                Algorithm::Aco => aco.max_iterations,
                _ => config.max_generations,
            };
            let mut bar =
                RunBar::new(&puzzle.name, cap as u64, args.quiet).with_time_limit(time_limit);
            let report =
                solve_puzzle(puzzle, &options, &mut |p| bar.update(p)).with_context(|| {
                    format!("solving {} ({}:{})", puzzle.name, puzzle.file, puzzle.line)
                })?;
            bar.finish();
            total += 1;
            solved += usize::from(report.solved);
            let text = render(&report, &puzzle.grid, output, args.symbols)?;
            let mut out = stdout.lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            if !args.quiet {
                eprintln!("{}", summary(&report));
            }
            if let Some(path) = &args.plot {
                plot_fitness(path, puzzle, &options, &report, several)?;
            }
        }
    }
    if !args.quiet && (several || bad_files > 0) {
        eprintln!("{}", tally(solved, total, bad_files, start.elapsed()));
    }
    Ok(if bad_files > 0 {
        ExitCode::from(2)
    } else if solved == total {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The last line of a run over several puzzles: `solved 9 of 10 puzzles in 12.3 s`.
fn tally(solved: usize, total: usize, bad_files: usize, elapsed: Duration) -> String {
    let mut line = format!(
        "solved {solved} of {}",
        evoku::export::count(total, "puzzle")
    );
    line.push_str(&format!(" in {:.1} s", elapsed.as_secs_f64()));
    if bad_files > 0 {
        line.push_str(&format!(
            "; {} not read (see the errors above)",
            evoku::export::count(bad_files, "file")
        ));
    }
    line
}

/// The text printed on stdout for one puzzle.
fn render(
    report: &SolveReport,
    puzzle: &evoku::board::Grid,
    output: Output,
    symbols: Symbols,
) -> Result<String> {
    let grid = match &report.best {
        Some(best) if report.solved => best,
        _ => puzzle,
    };
    Ok(match output {
        Output::Json => serde_json::to_string(report)? + "\n",
        Output::Line => {
            let line = format::write_grid(grid, Format::Line, symbols);
            let status = if report.solved {
                String::new()
            } else {
                " unsolved".to_string()
            };
            format!("{}  {}{}\n", line.trim_end(), report.name, status)
        }
        Output::Grid => {
            let mut text = format!(
                "# {}{}\n",
                report.name,
                if report.solved { "" } else { " (unsolved)" }
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
    } else {
        let why = match (r.stopped_by_time, r.algorithm) {
            (true, _) => "time limit",
            (false, Algorithm::Aco) => "iteration cap",
            (false, _) => "generation cap",
        };
        match r.fitness {
            Some(fitness) => format!("not solved ({why}; best fitness {fitness})"),
            None => format!("not solved ({why})"),
        }
    };
    use evoku::export::count;
    let algorithm = match r.algorithm {
        Algorithm::Ga => format!(
            "{}, {}, {}",
            count(r.generations, "generation"),
            count(r.restarts, "restart"),
            count(r.presolved_cells, "presolved cell")
        ),
        Algorithm::Exact => count(r.evaluations, "node"),
        Algorithm::Aco => format!(
            "{}, {}, {}, {}",
            count(r.generations, "iteration"),
            count(r.evaluations, "ant tour"),
            count(r.restarts, "restart"),
            count(r.presolved_cells, "presolved cell")
        ),
    };
    format!(
        "{}: {what} in {:.3} s on {} ({algorithm}, seed {})",
        r.name, r.seconds, r.backend, r.seed
    )
}

/// `solve --plot`: replays the run (same seed, same generations) recording the fitness, and
/// draws it. A puzzle proven unsolvable before the GA ran has nothing to draw.
fn plot_fitness(
    path: &std::path::Path,
    puzzle: &evoku::format::Puzzle,
    options: &SolveOptions,
    report: &SolveReport,
    several: bool,
) -> Result<()> {
    if report.unsolvable.is_some() {
        return Ok(());
    }
    let trace = evoku::plot::trace_run(puzzle, options, report.generations, 2000)
        .with_context(|| format!("recording the fitness of {}", puzzle.name))?;
    let title = format!(
        "{}: {} after {}, {} (seed {})",
        puzzle.name,
        if report.solved {
            "solved"
        } else {
            "not solved"
        },
        evoku::export::count(report.generations, "generation"),
        evoku::export::count(report.restarts, "restart"),
        report.seed
    );
    let file = evoku::plot::path_for(path, &puzzle.name, several);
    Ok(evoku::plot::fitness_chart(&file, &title, &trace)?)
}
