//! `evoku generate`: new puzzles with one proven solution at a chosen level, or complete grids.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};

use super::choices::choice;
use evoku::board::Geometry;
use evoku::device::Backend;
use evoku::ga::Preset;
use evoku::generate::{generate, recheck, GenerateOptions, Generator, PuzzleRecord, Store};
use evoku::rate::Level;
use evoku::stop::Stop;
use serde::Serialize;

use evoku::export::count;

use super::shard_args::ShardArgs;

mod grids;
mod progress;
mod shard;

use grids::{run_complete, run_instances};
use progress::{rate, PuzzleBar};

/// How puzzles are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Output {
    /// One puzzle (or grid) per line, `.` for empty.
    Line,
    /// One JSON object per line, with the rating.
    Json,
}

/// How complete grids are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GridMethod {
    Exact,
    Ga,
}

/// The GA settings of `--complete --method ga`.
#[derive(Args, Debug)]
struct GaGridArgs {
    /// With --method ga: the GA preset (the walk is the strongest GA-engine setting measured).
    #[arg(long, value_parser = choice::<Preset>(), default_value = "walk")]
    preset: Preset,
    /// With --method ga: where the GA runs (`auto`: a hardware GPU if there is one).
    #[arg(long, value_parser = choice::<Backend>(), default_value = "auto")]
    backend: Backend,
    /// With --method ga: the GPU adapter whose name contains this text.
    #[arg(long)]
    adapter: Option<String>,
    /// With --method ga: box assignments per child and generation (default: the preset's; lower
    /// it on lavapipe when the engine asks).
    #[arg(long)]
    assign_steps: Option<u32>,
    /// With --method ga: the box assignment's noise bound (500 is the best measured on empty
    /// boards, against 1,200 for the walk preset on puzzles; docs/results/generation.md#complete-grids-by-the-ga---complete---method-ga).
    #[arg(long, default_value_t = 500)]
    assign_noise: u32,
    /// With --method ga: generations one GA run may take before a new run (new seed) starts.
    #[arg(long, default_value_t = 100_000)]
    max_generations: u32,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Board side: 9, 16 or 25 (any square of 2..=8 works).
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Level 1..=5 or its name: easy, medium, hard, expert, extreme (see `evoku rate`).
    #[arg(long, default_value = "medium")]
    level: Level,
    /// How many puzzles (or grids).
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// Givens symmetric under the 180-degree rotation.
    #[arg(long, conflicts_with = "complete")]
    symmetric: bool,
    /// The same seed gives the same puzzles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// JSON-lines store of puzzles by level: matching puzzles are served from it first (and
    /// removed from it); puzzles generated on the way at other levels are added to it.
    #[arg(long, conflicts_with = "complete")]
    store: Option<PathBuf>,
    /// Output format: `line`, or `json` (one object per line, with the rating).
    #[arg(long, value_enum, default_value = "line")]
    output: Output,
    /// Same as `--output json`.
    #[arg(long)]
    json: bool,
    /// Complete grids from the empty board instead of puzzles.
    #[arg(long)]
    complete: bool,
    /// How --complete grids are made: `exact`, a shuffled exact fill of the empty board (faster),
    /// or `ga`, the GA engine run on the empty board as the magazine article did.
    #[arg(long, value_enum, default_value = "exact", requires = "complete")]
    method: GridMethod,
    #[command(flatten)]
    ga: GaGridArgs,
    /// Lloyd & Amos-style instances instead of unique puzzles: a random complete grid, then
    /// cells removed at random until FILL % of the cells are given (rounded up); solutions need
    /// not be unique. Comma separated or repeated; `--count` instances per fill.
    #[arg(long, value_delimiter = ',', conflicts_with_all = ["complete", "symmetric", "store"])]
    fill: Vec<u32>,
    /// With --fill: write each instance to DIR/inst{N}x{N}_{fill}_{k}.txt, Lloyd & Amos's format
    /// and names (`evoku suite` buckets them by size and fill), instead of printing it.
    #[arg(long, requires = "fill")]
    out_dir: Option<PathBuf>,
    /// CPU threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = super::values::threads)]
    threads: Option<usize>,
    /// Most search nodes one uniqueness proof may take (default: by size, see docs/results/generation.md#generation);
    /// a removal not proven unique within it is undone.
    #[arg(long)]
    proof_nodes: Option<u64>,
    /// Fresh grids tried for one puzzle before giving up on its level.
    #[arg(long, default_value_t = 10_000)]
    max_attempts: u32,
    #[arg(long, help = super::limits::generate_help(), value_parser = super::values::seconds, allow_hyphen_values = true)]
    time_limit: Option<Duration>,
    /// No progress bar and no summary on stderr.
    #[arg(long, short)]
    quiet: bool,
    /// Puzzles: of indices 0..count, those the shard takes; a shard reports an index that gave
    /// up (exit code 1) where the whole batch would go on to the next index. Instances (--fill):
    /// item f*count+k is instance k of the f-th fill. Not with --store or --complete.
    #[command(flatten)]
    shard: ShardArgs,
}

/// One line of `--output json`.
#[derive(Serialize)]
struct JsonLine<'a> {
    #[serde(flatten)]
    record: &'a PuzzleRecord,
    /// `generated` or `store`.
    source: &'static str,
}

pub fn run(args: GenerateArgs) -> Result<ExitCode> {
    let geometry = Geometry::from_side(args.size).with_context(|| {
        format!(
            "--size must be the square of a box size 2..=8 (4, 9, 16, 25, ...), got {}",
            args.size
        )
    })?;
    let pool = match args.threads {
        Some(t) => Some(evoku::threads::pool(t).with_context(|| format!("starting {t} threads"))?),
        None => None,
    };
    let mut args = args;
    if args.json {
        args.output = Output::Json;
    }
    let shard = args.shard.shard;
    if !shard.is_all() {
        if args.complete {
            anyhow::bail!(
                "--shard does not split --complete grids (duplicates are dropped across the \
                 whole batch); shard puzzles or --fill instances"
            );
        }
        if args.store.is_some() {
            anyhow::bail!("--shard and --store cannot go together: shards would share one store");
        }
    }
    let items = args.count.saturating_mul(args.fill.len().max(1));
    let limit = args
        .time_limit
        .unwrap_or_else(|| super::limits::generate_default(args.size, items));
    let stop = Stop::after(Some(limit));
    let work = || {
        if !args.fill.is_empty() {
            run_instances(&args, geometry, stop)
        } else if !shard.is_all() {
            shard::run_puzzle_shard(&args, geometry, shard, stop)
        } else if args.complete {
            run_complete(&args, geometry, stop)
        } else {
            run_puzzles(&args, geometry, stop)
        }
    };
    match pool {
        Some(pool) => pool.install(work),
        None => work(),
    }
}

/// The generator's settings of `args`.
fn puzzle_options(args: &GenerateArgs, geometry: Geometry, stop: Stop) -> GenerateOptions {
    let mut options = GenerateOptions::new(geometry, args.level, args.seed);
    options.stop = stop;
    options.symmetric = args.symmetric;
    options.max_attempts = args.max_attempts.max(1);
    if let Some(nodes) = args.proof_nodes {
        options.proof_nodes = nodes.max(1);
    }
    options
}

fn run_puzzles(args: &GenerateArgs, geometry: Geometry, stop: Stop) -> Result<ExitCode> {
    let start = Instant::now();
    let options = puzzle_options(args, geometry, stop);
    let mut store = match &args.store {
        Some(path) => Some(Store::open(path).context("the --store file")?),
        None => None,
    };
    let mut out = std::io::stdout().lock();
    let mut emitted = 0usize;
    let mut from_store = 0usize;
    let mut stored = 0usize;
    let mut checker = Generator::new(geometry);
    if let Some(store) = store.as_mut() {
        for record in store.take(args.size, args.level, args.symmetric, args.count) {
            // Served only if still proven unique and still at the asked level.
            let Some(g) = recheck(&mut checker, &record, options.proof_nodes) else {
                continue;
            };
            if g.rating.level != args.level {
                continue;
            }
            let mut record = PuzzleRecord::new(&g, args.seed);
            record.seed = None;
            record.index = None;
            emitted += 1;
            from_store += 1;
            if !print(&mut out, args.output, &record, "store")? {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
    let bar = PuzzleBar::new((args.count - emitted) as u64, "puzzles", args.quiet);
    let batch = (rayon::current_num_threads() * 2).max(4) as u64;
    let mut next = 0u64;
    let mut failed = 0usize;
    let mut attempts = 0u64;
    while emitted < args.count && !stop.reached() {
        let want = (args.count - emitted) as u64;
        let range = next..next + want.min(batch);
        next = range.end;
        let outcomes = generate(&options, range, &|o| {
            if o.puzzle.is_some() {
                bar.inc();
            }
        });
        let mut any = false;
        // Finished puzzles up to the first the stop cut: what a full run prints first.
        for o in outcomes.into_iter().take_while(|o| !o.stopped) {
            attempts += u64::from(o.attempts);
            if let Some(store) = store.as_mut() {
                for b in &o.byproducts {
                    stored += usize::from(store.add(PuzzleRecord::new(b, args.seed)));
                }
            }
            match &o.puzzle {
                Some(g) if emitted < args.count => {
                    any = true;
                    emitted += 1;
                    let record = PuzzleRecord::new(g, args.seed);
                    if !print(&mut out, args.output, &record, "generated")? {
                        bar.finish();
                        save(store.as_ref())?;
                        return Ok(ExitCode::SUCCESS);
                    }
                }
                Some(_) => {}
                None => failed += 1,
            }
        }
        if !any {
            break;
        }
    }
    bar.finish();
    save(store.as_ref())?;
    if let Some(code) = stopped(&stop, "", emitted, args.count, "puzzles") {
        return Ok(code);
    }
    let seconds = start.elapsed().as_secs_f64();
    if !args.quiet {
        let generated = emitted - from_store;
        eprintln!(
            "{} at level {} in {seconds:.3} s: {generated} generated ({}, {} tried, seed {}), \
             {from_store} from the store{}",
            count(emitted, &format!("unique {} puzzle", geometry.name())),
            args.level,
            rate(generated, seconds, "puzzle"),
            count(attempts, "grid"),
            args.seed,
            match &store {
                Some(s) => format!(
                    ", {} of other levels added to the store ({} in it)",
                    count(stored, "puzzle"),
                    s.len()
                ),
                None => String::new(),
            }
        );
    }
    if emitted < args.count {
        eprintln!(
            "evoku: {} of {} did not reach level {} within {} grids each \
             ({failed} gave up); try another level or a larger --max-attempts",
            args.count - emitted,
            count(args.count, "puzzle"),
            args.level,
            options.max_attempts
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// The end of a run the stop cut short, said on stderr: exit code 130 after a signal, 1 at the
/// time limit; `None` when it was not cut short.
fn stopped(stop: &Stop, prefix: &str, made: usize, asked: usize, what: &str) -> Option<ExitCode> {
    if evoku::stop::requested() {
        eprintln!("evoku: {prefix}stopped by a signal after {made} of {asked} {what} (partial)");
        Some(ExitCode::from(evoku::stop::EXIT_INTERRUPTED))
    } else if stop.timed_out() && made < asked {
        eprintln!(
            "evoku: {prefix}time limit reached after {made} of {asked} {what} (partial); \
             raise --time-limit"
        );
        Some(ExitCode::from(1))
    } else {
        None
    }
}

fn save(store: Option<&Store>) -> Result<()> {
    if let Some(store) = store {
        store.save().context("the --store file")?;
    }
    Ok(())
}

/// Prints one puzzle; `false` when stdout was closed (a pipe to `head`).
fn print(
    out: &mut impl Write,
    output: Output,
    record: &PuzzleRecord,
    source: &'static str,
) -> Result<bool> {
    let line = match output {
        Output::Line => record.puzzle.clone(),
        Output::Json => serde_json::to_string(&JsonLine { record, source })?,
    };
    write_line(out, &line)
}

/// Writes a line and flushes; `false` when the reader went away.
fn write_line(out: &mut impl Write, line: &str) -> Result<bool> {
    match writeln!(out, "{line}").and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(super::stdout::error(e)),
    }
}
