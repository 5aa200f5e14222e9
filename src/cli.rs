//! Command-line arguments and the commands they run.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use evoku::format::{self, Format, ParseOptions, Symbols};
use evoku::ga::{CrossoverKind, GaConfig, InitKind, MutationKind, Preset};
use evoku::solve::{solve_puzzle, Algorithm, Backend, SolveOptions, SolveReport};

use crate::progress::RunBar;

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
    Solve(SolveArgs),
}

/// How solutions are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Output {
    Line,
    Grid,
    LloydAmos,
    Json,
}

#[derive(Args, Debug)]
struct SolveArgs {
    /// Puzzle files; `-` for standard input. A file may hold many puzzles.
    #[arg(required = true)]
    files: Vec<String>,
    #[arg(long, value_enum, default_value = "ga")]
    algorithm: Algorithm,
    /// `auto` uses the CPU engine unless a hardware GPU is present.
    #[arg(long, value_enum, default_value = "auto")]
    backend: Backend,
    /// Pick a GPU adapter whose name contains this text.
    #[arg(long)]
    adapter: Option<String>,
    #[arg(long, value_enum, default_value = "default")]
    preset: Preset,
    /// Random seed: the same seed gives the same run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    population: Option<u32>,
    /// Independent populations run side by side.
    #[arg(long)]
    islands: Option<u32>,
    #[arg(long)]
    elites: Option<u32>,
    #[arg(long)]
    tournament: Option<u32>,
    #[arg(long, value_enum)]
    crossover: Option<CrossoverKind>,
    #[arg(long)]
    crossover_rate: Option<f64>,
    #[arg(long, value_enum)]
    mutation: Option<MutationKind>,
    #[arg(long)]
    mutation_rate: Option<f64>,
    /// Mutated variants tried per child (0 = no local search).
    #[arg(long)]
    local_search: Option<u32>,
    /// Aging penalty on elites that stay best.
    #[arg(long, overrides_with = "no_aging")]
    aging: bool,
    #[arg(long)]
    no_aging: bool,
    /// Restart an island after this many generations without improvement (0 = never).
    #[arg(long)]
    restart_after: Option<u32>,
    /// Individuals kept at a restart.
    #[arg(long)]
    restart_keep: Option<u32>,
    /// Migrate each island's best to the next island every N generations (0 = never).
    #[arg(long)]
    migration: Option<u32>,
    #[arg(long, value_enum)]
    init: Option<InitKind>,
    /// Propagate singles first, fix forced cells, draw the population from the candidates left.
    #[arg(long, overrides_with = "no_presolve")]
    presolve: bool,
    #[arg(long)]
    no_presolve: bool,
    #[arg(long)]
    max_generations: Option<u32>,
    /// Seconds per puzzle.
    #[arg(long)]
    time_limit: Option<f64>,
    /// CPU threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
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
}

impl SolveArgs {
    fn ga_config(&self) -> GaConfig {
        let mut c = GaConfig::preset(self.preset);
        c.seed = self.seed;
        macro_rules! set {
            ($($field:ident <- $arg:ident),*) => {$(if let Some(v) = self.$arg { c.$field = v; })*};
        }
        set!(population_size <- population, islands <- islands, elites <- elites,
             tournament_size <- tournament, crossover <- crossover, crossover_rate <- crossover_rate,
             mutation <- mutation, mutation_rate <- mutation_rate,
             local_search_children <- local_search, restart_after <- restart_after,
             restart_keep <- restart_keep, migration_interval <- migration, init <- init,
             max_generations <- max_generations);
        if self.aging || self.no_aging {
            c.aging = self.aging;
        }
        if self.presolve || self.no_presolve {
            c.presolve = self.presolve;
        }
        c
    }
}

pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve(args),
    }
}

fn solve(args: SolveArgs) -> Result<ExitCode> {
    let config = args.ga_config();
    config.validate()?;
    let time_limit = match args.time_limit {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => anyhow::bail!("--time-limit must be a positive number of seconds, got {s}"),
        None => None,
    };
    let options = SolveOptions {
        algorithm: args.algorithm,
        backend: args.backend,
        adapter: args.adapter.clone(),
        ga: config.clone(),
        threads: args.threads,
        time_limit,
        unsolvable_check_nodes: 200_000,
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
            let mut bar = RunBar::new(&puzzle.name, config.max_generations as u64, args.quiet);
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
        Algorithm::Ga => format!(
            "{} generations, {} restarts, {} presolved cells",
            r.generations, r.restarts, r.presolved_cells
        ),
        Algorithm::Exact => format!("{} nodes", r.evaluations),
    };
    format!(
        "{}: {what} in {:.3} s on {} ({algorithm}, seed {})",
        r.name, r.seconds, r.backend, r.seed
    )
}
