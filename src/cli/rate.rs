//! `evoku rate`: rate every puzzle of the given files (entropy, technique ladder, GA runs).

use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use clap::Args;

use super::choices::choice;
use crate::progress::{CountBar, RunBar};
use evoku::device::Device;
use evoku::exact::Limits;
use evoku::format::{self, Format, ParseOptions, Puzzle, Symbols};
use evoku::rate::{
    rate_puzzle, GaRatingOptions, GaRatingProgress, RateError, RateOptions, RateReport,
    DEFAULT_RATING_GENERATIONS,
};
use evoku::solve::batch::{self, run_ordered, BatchPlan};
use evoku::state_size::Available;

use super::device_args::DeviceArgs;
use super::ga_args::GaArgs;
use super::shard_args::ShardArgs;

#[derive(Args, Debug)]
// A rating run has its own cap: the solver's default (a million generations) would make an
// unsolvable run of 100 islands last hours.
#[command(mut_arg("max_generations", |a| a
    // One small string leaked once per process: clap wants a `'static` default.
    .default_value(&*DEFAULT_RATING_GENERATIONS.to_string().leak())
    .help("Generations after which a GA run counts as unsolved")))]
pub struct RateArgs {
    /// Puzzle files; `-` for standard input. A file may hold many puzzles.
    #[arg(required = true)]
    files: Vec<String>,
    /// Independent GA runs per puzzle (islands of one engine run); 0 skips the GA rating.
    #[arg(long, default_value_t = 100)]
    runs: u32,
    #[command(flatten)]
    device: DeviceArgs,
    #[command(flatten)]
    ga: GaArgs,
    /// Seconds per puzzle for every rating: the uniqueness check gets at most all of it, the GA
    /// rating what is left (runs still going then count at the generations reached).
    #[arg(long, value_parser = super::values::seconds, allow_hyphen_values = true)]
    time_limit: Option<Duration>,
    #[arg(long, help = super::limits::rate_exact_help(), value_parser = super::values::seconds, allow_hyphen_values = true)]
    exact_time_limit: Option<Duration>,
    /// Input format (default: detected).
    #[arg(long, value_parser = choice::<Format>())]
    format: Option<Format>,
    /// How cells are written: `standard` (1-9, A-Z, ...; `.` or `0` empty) or `hex` (0-F).
    #[arg(long, value_parser = choice::<Symbols>(), default_value = "standard")]
    symbols: Symbols,
    /// The most puzzles rated at once (default: as many as the threads and memory allow).
    /// `--jobs 1` rates one at a time, each with every thread. Results do not depend on it.
    #[arg(long, value_parser = super::values::jobs)]
    jobs: Option<usize>,
    /// One JSON object per puzzle per line instead of a table.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    shard: ShardArgs,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: RateArgs) -> Result<ExitCode> {
    let config = args.ga.config();
    let ga_rating = GaRatingOptions {
        runs: args.runs,
        max_generations: config.max_generations,
        threads: args.device.threads,
        generations_per_step: None,
        time_limit: args.time_limit,
    };
    evoku::ga::config::check_runs(args.runs, true)?;
    if args.runs > 0 {
        evoku::rate::rating_config(&config, &ga_rating).validate()?;
    }
    let device = if args.runs > 0 {
        args.device.select(args.quiet)?
    } else {
        Device::Cpu
    };
    let mut options = RateOptions {
        device,
        ga: config.clone(),
        ga_rating,
        exact_limits: Limits {
            max_solutions: 2,
            max_nodes: u64::MAX,
            time_limit: args.exact_time_limit,
        },
    };
    let parse = ParseOptions {
        format: args.format,
        symbols: args.symbols,
    };
    // Every file is read before the first rating: a bad path or puzzle fails at once.
    let mut inputs = Vec::new();
    for file in &args.files {
        inputs.push(format::read_puzzles(file, &parse)?);
    }
    let stdout = std::io::stdout();
    let mut header = !args.json;
    let shard = args.shard.shard;
    if !shard.is_all() && !args.quiet {
        let puzzles: usize = inputs.iter().map(|(p, _)| p.len()).sum();
        eprintln!(
            "{}rating {} of {puzzles}",
            shard.prefix(),
            evoku::export::count(shard.share(puzzles), "puzzle")
        );
    }
    // Puzzles are numbered across all files, in order: the shard's items.
    let taken: Vec<&Puzzle> = inputs
        .iter()
        .flat_map(|(puzzles, _)| puzzles)
        .enumerate()
        .filter(|&(number, _)| shard.takes(number))
        .map(|(_, puzzle)| puzzle)
        .collect();
    // A batch: min(n, T) puzzles rated at once, each on its share of the threads, printed in
    // input order (a rating does not depend on the thread count).
    let plan = batch_plan(&args, &options, &taken);
    let single = plan.width == 1;
    options.ga_rating.threads = plan.threads_for(args.device.threads);
    let work = |index: usize| -> Rated {
        let puzzle = taken[index];
        let mut options = options.clone();
        options.exact_limits.time_limit = args
            .exact_time_limit
            .or_else(|| super::limits::rate_exact_default(puzzle.grid.geometry().side()));
        let result = if single {
            let mut bar = RunBar::new(&puzzle.name, config.max_generations.into(), args.quiet)
                .with_time_limit(options.ga_rating.time_limit)
                .with_limit_template(|_| {
                    "{prefix} [{elapsed_precise}] {bar:30} time limit {msg}".to_string()
                });
            let result = rate_puzzle(puzzle, &options, &mut |p| show_rating(&mut bar, p));
            bar.finish();
            result
        } else {
            rate_puzzle(puzzle, &options, &mut |_| {})
        };
        Rated {
            result,
            cut: evoku::stop::requested(),
        }
    };
    let mut bar = CountBar::new("puzzles", taken.len() as u64, args.quiet || single);
    let (mut rated, mut undecided) = (0usize, 0usize);
    let mut end: Option<Result<ExitCode>> = None;
    let mut deliver = |index: usize, done: Rated| -> ControlFlow<()> {
        let puzzle = taken[index];
        let mut text = match done.result {
            // The rating was cut short: not printed as if it were one.
            _ if done.cut => {
                bar.println(&format!(
                    "evoku: stopped by a signal while rating {}; {rated} puzzles rated before \
                     it (partial)",
                    puzzle.name
                ));
                end = Some(Ok(ExitCode::from(evoku::stop::EXIT_INTERRUPTED)));
                return ControlFlow::Break(());
            }
            Ok(report) if args.json => match serde_json::to_string(&report) {
                Ok(text) => text,
                Err(e) => {
                    end = Some(Err(e.into()));
                    return ControlFlow::Break(());
                }
            },
            Ok(report) => table_row(&report),
            // Not decided within the limits: said so, and the batch goes on.
            Err(e @ RateError::Undecided { .. }) => {
                undecided += 1;
                undecided_line(puzzle, &e, args.json)
            }
            Err(e) => {
                end = Some(Err(anyhow::Error::from(e).context(format!(
                    "rating {} ({}:{})",
                    puzzle.name, puzzle.file, puzzle.line
                ))));
                return ControlFlow::Break(());
            }
        };
        rated += 1;
        bar.inc();
        if std::mem::take(&mut header) {
            text = format!("{}\n{text}", table_header(args.runs > 0));
        }
        let mut out = stdout.lock();
        match writeln!(out, "{text}").and_then(|()| out.flush()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                end = Some(Ok(ExitCode::SUCCESS));
                ControlFlow::Break(())
            }
            Err(e) => {
                end = Some(Err(super::stdout::error(e)));
                ControlFlow::Break(())
            }
        }
    };
    run_ordered(
        taken.len(),
        plan.width,
        &evoku::stop::requested,
        &work,
        &mut deliver,
    );
    bar.finish();
    if let Some(end) = end {
        return end;
    }
    if rated < taken.len() && evoku::stop::requested() {
        // Stopped between two puzzles: the ones rated are printed, the rest never began.
        eprintln!(
            "evoku: stopped by a signal; {rated} of {} puzzles rated (partial)",
            taken.len()
        );
        return Ok(ExitCode::from(evoku::stop::EXIT_INTERRUPTED));
    }
    if undecided > 0 {
        eprintln!(
            "evoku: {undecided} of {rated} puzzles undecided within the uniqueness check's limit; \
             raise --exact-time-limit"
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// One puzzle's rating, made by the thread that rated it.
struct Rated {
    result: Result<RateReport, RateError>,
    /// A stop was requested by the time it ended: the rating may be cut short.
    cut: bool,
}

/// How many puzzles are rated at once: [`evoku::solve::batch::plan`] for the threads and
/// `--jobs`, and no more than this machine's memory holds when each runs the GA rating (its
/// populations, on the CPU; on a GPU the same size of buffers, a conservative stand-in).
fn batch_plan(args: &RateArgs, options: &RateOptions, taken: &[&Puzzle]) -> BatchPlan {
    let puzzles = taken.len().min(args.jobs.unwrap_or(usize::MAX));
    let base = batch::plan(puzzles, args.device.threads, &options.device);
    if base.width <= 1 || options.ga_rating.runs == 0 {
        return base;
    }
    let config = evoku::rate::rating_config(&options.ga, &options.ga_rating);
    let side = taken
        .iter()
        .map(|p| p.grid.geometry().side())
        .max()
        .unwrap_or(0);
    let per_puzzle = evoku::ga::cpu::engine::host_bytes(&config, side).bytes;
    let width = evoku::plan::memory::batch_width(base.width, per_puzzle, Available::here());
    BatchPlan::sharing(width, args.device.threads)
}

/// The line of a puzzle the uniqueness check did not decide: `"undecided": true` in JSON.
fn undecided_line(puzzle: &evoku::format::Puzzle, e: &RateError, json: bool) -> String {
    if json {
        serde_json::json!({
            "name": puzzle.name,
            "file": puzzle.file,
            "line": puzzle.line,
            "puzzle": puzzle.grid.to_string(),
            "size": puzzle.grid.geometry().side(),
            "givens": puzzle.grid.givens(),
            "undecided": true,
            "error": e.to_string(),
        })
        .to_string()
    } else {
        format!(
            "{:<24} {:>6} undecided: {e}",
            puzzle.name,
            puzzle.grid.givens()
        )
    }
}

fn table_header(ga: bool) -> String {
    let mut h = format!(
        "{:<24} {:>6} {:>8} {:>3} {:<24} {:>5} {:<9}",
        "puzzle", "givens", "entropy", "f", "technique", "score", "level"
    );
    if ga {
        h.push_str(&format!(
            " {:>9} {:>10} {:>10}",
            "ga solved", "mean gen", "median gen"
        ));
    }
    h
}

fn table_row(r: &RateReport) -> String {
    // The JSON's `technique` (its spelling, `none` for null), then `, stuck` when the ladder did
    // not finish the puzzle (the JSON's `logic_solved: false`).
    let mut technique = match r.technique {
        None => "none".to_string(),
        Some(t) => serde_json::to_value(t)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default(),
    };
    if !r.logic_solved {
        technique.push_str(", stuck");
    }
    let mut name = r.name.clone();
    if r.solutions > 1 {
        name.push_str(" (not unique)");
    }
    let mut row = format!(
        "{:<24} {:>6} {:>8.2} {:>3} {:<24} {:>5.2} {:<9}",
        name,
        r.givens,
        r.entropy,
        r.entropy_level,
        technique,
        r.score,
        format!("{} {}", r.level.number(), r.level_name)
    );
    if let (Some(solved), Some(mean), Some(median)) =
        (r.ga_solved, r.ga_mean_generations, r.ga_median_generations)
    {
        row.push_str(&format!(
            " {:>9} {:>10.1} {:>10.1}",
            format!("{solved}/{}", r.ga_runs),
            mean,
            median
        ));
    }
    row
}

/// One puzzle's GA rating on its bar: the runs solved, and the generation when the bar fills
/// with time.
fn show_rating(bar: &mut RunBar, p: &GaRatingProgress) {
    let at_limit = bar.fills_with_time();
    if let Some(bar) = bar.advance(p.elapsed, p.generation) {
        let runs = format!("{}/{} runs solved", p.solved, p.runs);
        bar.set_message(if at_limit {
            format!("gen {} {runs}", p.generation)
        } else {
            runs
        });
    }
}
