//! `evoku solve`: solve every puzzle of the given files and print the solutions.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use evoku::defaults;
use evoku::format::{self, Format, ParseOptions, Symbols};
use evoku::ga::Preset;
use evoku::solve::{solve_puzzle, Algorithm, Device, FillDevice, SolveOptions, SolveReport};

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
    /// `auto` (the default without `--preset`): the strongest measured for the board, a
    /// portfolio of the exact solver, the Ant Colony System and the box-assignment walk in
    /// lock-step rounds, the first to solve wins (docs/RESULTS.md, "The default solver"). `ga`
    /// (the default with `--preset`) runs the walk unless `--preset` says otherwise.
    #[arg(long, value_enum)]
    algorithm: Option<Algorithm>,
    #[command(flatten)]
    device: DeviceArgs,
    #[command(flatten)]
    ga: GaArgs,
    #[command(flatten)]
    aco: AcoArgs,
    /// Seconds per puzzle; 0 = no limit.
    #[arg(long, help = time_limit_help())]
    time_limit: Option<f64>,
    /// Run the chosen method even when the exact solver's no-solution check finds the solution
    /// first (to measure the GA alone); by default that solution is the answer.
    #[arg(long)]
    no_exact_shortcut: bool,
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

/// `--time-limit`'s help, with the defaults per size from `evoku::defaults`.
fn time_limit_help() -> String {
    format!(
        "Seconds per puzzle (default: {}); 0 = no limit",
        defaults::default_time_limit_text()
    )
}

/// The time limit `--time-limit` asks for: `Some(None)` for 0 (no limit), `None` when not given
/// (the default of the board's size applies).
pub(super) fn parse_time_limit(given: Option<f64>) -> Result<Option<Option<Duration>>> {
    match given {
        Some(0.0) => Ok(Some(None)),
        Some(s) if s.is_finite() && s > 0.0 => Ok(Some(Some(Duration::from_secs_f64(s)))),
        Some(s) => anyhow::bail!("--time-limit must be a number of seconds (0 = none), got {s}"),
        None => Ok(None),
    }
}

/// `--algorithm`, else `ga` when `--preset` is given, else `auto`.
pub(super) fn algorithm(given: Option<Algorithm>, ga: &GaArgs) -> Algorithm {
    given.unwrap_or(if ga.preset_given() {
        Algorithm::Ga
    } else {
        Algorithm::Auto
    })
}

pub fn run(args: SolveArgs) -> Result<ExitCode> {
    let algorithm = algorithm(args.algorithm, &args.ga);
    let preset = args.ga.preset_or(Preset::Walk);
    let config = args.ga.config_or(Preset::Walk);
    config.validate()?;
    let aco = args.aco.config(config.seed);
    aco.validate()?;
    if args.plot.is_some() && algorithm != Algorithm::Ga {
        anyhow::bail!("--plot draws GA generations: it needs --algorithm ga");
    }
    let time_limit = parse_time_limit(args.time_limit)?;
    let device = match algorithm {
        Algorithm::Auto | Algorithm::Ga | Algorithm::Aco => args.device.select()?,
        Algorithm::Exact => Device::Cpu,
    };
    let mut options = SolveOptions {
        algorithm,
        device,
        ga: config.clone(),
        aco: aco.clone(),
        threads: args.device.threads,
        time_limit: None,
        unsolvable_check_nodes: 200_000,
        preset,
        fill_device: FillDevice {
            islands: args.ga.islands_auto(),
            colonies: args.aco.colonies_auto(),
        },
        exact_shortcut: !args.no_exact_shortcut,
    };
    let parse = ParseOptions {
        format: args.format,
        symbols: args.symbols,
    };
    let mut all_solved = true;
    let stdout = std::io::stdout();
    for file in &args.files {
        let (puzzles, input_format) =
            format::read_puzzles(file, &parse).with_context(|| format!("reading {file}"))?;
        let output = if args.json {
            Output::Json
        } else {
            args.output.unwrap_or(match input_format {
                Format::Line => Output::Line,
                Format::Grid => Output::Grid,
                Format::LloydAmos => Output::LloydAmos,
            })
        };
        for puzzle in &puzzles {
            let side = puzzle.grid.geometry().side();
            options.time_limit =
                time_limit.unwrap_or_else(|| Some(defaults::default_time_limit(side)));
            let cap = match algorithm {
                Algorithm::Aco => aco.max_iterations,
                _ => config.max_generations,
            };
            let mut bar = RunBar::new(&puzzle.name, cap as u64, args.quiet)
                .with_time_limit(options.time_limit);
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
            if let Some(path) = &args.plot {
                let several = args.files.len() > 1 || puzzles.len() > 1;
                plot_fitness(path, puzzle, &options, &report, several)?;
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
    } else if r.stopped_by_time {
        format!("not solved (time limit; best fitness {})", r.fitness)
    } else {
        format!("not solved (best fitness {})", r.fitness)
    };
    let algorithm = match r.algorithm {
        Algorithm::Auto => {
            let members: Vec<String> = r
                .members
                .iter()
                .map(|m| match m.name.as_str() {
                    "exact" => format!("exact {} nodes", m.work),
                    "aco" => format!("aco {} iterations x {} colonies", m.work, m.islands),
                    name => format!("{name} {} generations x {} islands", m.work, m.islands),
                })
                .collect();
            let members = if members.is_empty() {
                String::new()
            } else {
                format!("; {}", members.join(", "))
            };
            format!(
                "{}, {} rounds, solved by {}{members}",
                r.configuration,
                r.generations,
                r.solved_by.as_deref().unwrap_or("none"),
            )
        }
        Algorithm::Ga if r.solved_by.as_deref() == Some("exact") => format!(
            "preset {}: the exact check solved it in {} nodes",
            r.configuration, r.evaluations
        ),
        Algorithm::Ga => format!(
            "preset {}, {} islands, {} generations, {} restarts, {} presolved cells",
            r.configuration,
            r.islands.unwrap_or(0),
            r.generations,
            r.restarts,
            r.presolved_cells
        ),
        Algorithm::Exact => format!("{} nodes", r.evaluations),
        Algorithm::Aco => format!(
            "{} iterations, {} ant tours, {} restarts, {} presolved cells",
            r.generations, r.evaluations, r.restarts, r.presolved_cells
        ),
    };
    let limit = r
        .time_limit
        .map_or("no limit".to_string(), |t| format!("limit {t} s"));
    let device = match &r.adapter {
        Some(adapter) => format!("{} ({})", r.backend, adapter.name),
        None => r.backend.clone(),
    };
    format!(
        "{}: {what} in {:.3} s on {device}, {} threads ({algorithm}, seed {}, {limit})",
        r.name, r.seconds, r.threads, r.seed
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
    if report.unsolvable.is_some() || report.solved_by.as_deref() == Some("exact") {
        return Ok(());
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
        .with_context(|| format!("writing {}", file.display()))
}
