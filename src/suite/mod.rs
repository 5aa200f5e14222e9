//! The solving-power suite: many instances grouped by board size and fill, each solved within a
//! wall-clock limit by any algorithm `solve_puzzle` supports; success rate and time to solve per
//! bucket. The work behind `evoku suite`.
//!
//! Lloyd & Amos instance files are named `inst{N}x{N}_{fill}_{k}.txt` (fill: percent of cells
//! given), so their bucket is read from the name before the file is opened; puzzles of any other
//! collection are bucketed by their size and their fill rounded to the nearest 5 %.

use std::ops::ControlFlow;
use std::time::Duration;

use serde::Serialize;

use evoku::error::{Error, Result};
use evoku::ga::Progress;
use evoku::shard::Shard;
use evoku::solve::{batch, solve_puzzle, SolveOptions};

mod curve;
mod instances;
mod summary;

pub use curve::{curve_panels, draw_curve};

pub use instances::{
    bucket_of, collect, instance_file_name, parse_instance_name, Instance, Selection,
};
pub use summary::{bucket_table, runs_table, summarize, BucketSummary};

/// A board size and a fill (percent of cells given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Bucket {
    /// Side `n` of the board.
    pub side: usize,
    pub fill: u32,
}

impl std::fmt::Display for Bucket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{0}x{0} {1}%", self.side, self.fill)
    }
}

/// The environment variable naming a benchmark folder laid out as the repository's `tests/data`
/// (`lloyd-amos/general`, `nine/`, `ratings/`), with the full sets the repository does not carry.
pub const BENCHMARKS_VAR: &str = "EVOKU_BENCHMARKS";

/// Where the Lloyd & Amos instances lie inside a benchmark folder.
pub const LLOYD_AMOS_GENERAL: &str = "lloyd-amos/general";

/// The time limit of a board side unless one is given: `evoku solve`'s default.
pub fn default_time_limit(side: usize) -> Duration {
    evoku::defaults::default_time_limit(side)
}

/// The share of a bucket Lloyd & Amos's Ant Colony System solved within 20 s on one 2-core
/// machine (their data's README): every 9x9 and 16x16 instance, 25x25 at 30-40 % and 50-60 %
/// always, about 80 % of 25x25 at 45 %. `None` where no figure was published.
pub fn acs_reference(bucket: Bucket) -> Option<f64> {
    match (bucket.side, bucket.fill) {
        (9 | 16, _) => Some(1.0),
        (25, 30..=40) | (25, 50..=60) => Some(1.0),
        (25, 45) => Some(0.8),
        _ => None,
    }
}

/// How the suite runs.
#[derive(Clone)]
pub struct SuiteOptions {
    /// Algorithm, device, GA settings, threads; `time_limit` there is ignored.
    pub solve: SolveOptions,
    /// One limit for every size; `None` = [`default_time_limit`].
    pub time_limit: Option<Duration>,
    /// Runs per instance, seeds `seed`, `seed + 1`, ...
    pub runs: u32,
    /// The runs to make: item `number * runs + run` of the whole suite when the shard takes it.
    pub shard: Shard,
}

/// One solve of one instance.
#[derive(Clone, Debug, Serialize)]
pub struct SuiteRun {
    pub name: String,
    pub file: String,
    pub bucket: Bucket,
    pub run: u32,
    pub seed: u64,
    pub solved: bool,
    pub seconds: f64,
    pub time_limit: f64,
    pub generations: u64,
    pub evaluations: u64,
    pub stopped_by_time: bool,
    /// The best penalty reached (GA: digits missing from rows and columns; ACS: cells the best
    /// ant left empty); 0 when solved, `None` for the exact solver, which has no partial grid.
    pub best_penalty: Option<u32>,
    /// Why the instance has no solution, when that was proven.
    pub unsolvable: Option<String>,
    /// Why the solve failed (an option this board refuses, a device error); the run counts as
    /// not solved.
    pub error: Option<String>,
}

/// The runs [`run_suite`] makes: every instance `options.runs` times, those the shard takes.
pub fn run_count(instances: &[Instance], options: &SuiteOptions) -> usize {
    run_items(instances, options).len()
}

/// (instance number, run) of every run the shard takes, in suite order.
fn run_items(instances: &[Instance], options: &SuiteOptions) -> Vec<(usize, u32)> {
    (0..instances.len())
        .flat_map(|number| (0..options.runs).map(move |run| (number, run)))
        .filter(|&(number, run)| {
            options
                .shard
                .takes(number * options.runs as usize + run as usize)
        })
        .collect()
}

/// How the suite's runs share the machine: as many at once as the threads, this machine's
/// memory and a GPU's allow, each with the threads it keeps busy ([`batch::plan_for`]). Made
/// once, before any run, and handed to [`check_options`], [`run_suite`] and the suite's table
/// (what a time limit lets a run reach depends on it).
pub fn batch_plan(instances: &[Instance], options: &SuiteOptions) -> batch::BatchPlan {
    let items = run_items(instances, options);
    let grids = items
        .iter()
        .map(|&(number, _)| &instances[number].puzzle.grid);
    batch::plan_for(grids, &options.solve)
}

/// Checks every option a board size can refuse (memory, a GPU's buffer limits and loop
/// budget) on the emptiest instance of each size, before any run: `Err` names the instance
/// refused (issue 37: the suite recorded a failed run per instance and went on).
pub fn check_options(
    instances: &[Instance],
    options: &SuiteOptions,
    plan: &batch::BatchPlan,
) -> anyhow::Result<()> {
    let mut checked = options.solve.clone();
    checked.threads = plan.threads_for(options.solve.threads);
    evoku::plan::check_sizes(instances.iter().map(|i| &i.puzzle.grid), &checked).map_err(
        |(index, error)| {
            let puzzle = &instances[index].puzzle;
            anyhow::Error::from(error).context(format!(
                "checking {} ({}:{}) before any run",
                puzzle.name, puzzle.file, puzzle.line
            ))
        },
    )
}

/// Solves every instance `options.runs` times, as one batch ([`evoku::solve::batch`]): on the
/// CPU `plan.width` runs at once ([`batch_plan`]), each exactly the run it is alone.
/// `done(instance number, run)` is called on this thread after each run, in suite order. A run
/// whose solve fails (a device error; options are checked first, [`check_options`]) is recorded
/// with its `error` and the suite goes on. A stop request ([`evoku::stop`]) ends it with the
/// runs finished so far.
pub fn run_suite(
    instances: &[Instance],
    options: &SuiteOptions,
    plan: &batch::BatchPlan,
    done: &mut dyn FnMut(usize, &SuiteRun),
) -> Result<Vec<SuiteRun>> {
    if options.runs == 0 {
        return Err(Error::invalid_option("--runs", 0, "at least 1"));
    }
    let items = run_items(instances, options);
    let threads = plan.threads_for(options.solve.threads);
    let work = |index: usize| -> Option<SuiteRun> {
        let (number, run) = items[index];
        let instance = &instances[number];
        let limit = options
            .time_limit
            .unwrap_or_else(|| default_time_limit(instance.bucket.side));
        let mut solve = options.solve.clone();
        solve.time_limit = Some(limit);
        solve.threads = threads;
        solve.ga.seed = options.solve.ga.seed.wrapping_add(run as u64);
        let mut result = SuiteRun {
            name: instance.puzzle.name.clone(),
            file: instance.puzzle.file.clone(),
            bucket: instance.bucket,
            run,
            seed: solve.ga.seed,
            solved: false,
            seconds: 0.0,
            time_limit: limit.as_secs_f64(),
            generations: 0,
            evaluations: 0,
            stopped_by_time: false,
            best_penalty: None,
            unsolvable: None,
            error: None,
        };
        match solve_puzzle(&instance.puzzle, &solve, &mut |_: &Progress| {}) {
            // Cut short by a stop request: not a finished run.
            Ok(report) if report.interrupted => return None,
            Ok(report) => {
                result.solved = report.solved;
                result.seconds = report.seconds;
                result.generations = report.generations;
                result.evaluations = report.evaluations;
                result.stopped_by_time = report.stopped_by_time;
                // `null` where no heuristic measured one (the exact solver).
                result.best_penalty = report.fitness;
                result.unsolvable = report.unsolvable;
            }
            Err(error) => result.error = Some(error.to_string()),
        }
        Some(result)
    };
    let mut results = Vec::new();
    batch::run_ordered(
        items.len(),
        plan.width,
        &evoku::stop::requested,
        &work,
        &mut |index, result| match result {
            Some(result) => {
                done(items[index].0, &result);
                results.push(result);
                ControlFlow::Continue(())
            }
            None => ControlFlow::Break(()),
        },
    );
    Ok(results)
}
