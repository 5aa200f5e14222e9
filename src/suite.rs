//! The solving-power suite: many instances grouped by board size and fill, each solved within a
//! wall-clock limit by any algorithm `solve_puzzle` supports; success rate and time to solve per
//! bucket. The work behind `evoku suite`.
//!
//! Lloyd & Amos instance files are named `inst{N}x{N}_{fill}_{k}.txt` (fill: percent of cells
//! given), so their bucket is read from the name before the file is opened; puzzles of any other
//! collection are bucketed by their size and their fill rounded to the nearest 5 %.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;

use crate::error::{Error, IoAction, Result};
use crate::export::{Table, Value};
use crate::format::{self, ParseOptions, Puzzle};
use crate::ga::Progress;
use crate::shard::Shard;
use crate::solve::{solve_puzzle, SolveOptions};
use crate::stats;

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

/// `(side, fill, k)` of a Lloyd & Amos file name `inst{N}x{N}_{fill}_{k}.txt`.
pub fn parse_instance_name(file_name: &str) -> Option<(usize, u32, u32)> {
    let rest = file_name.strip_prefix("inst")?.strip_suffix(".txt")?;
    let (size, rest) = rest.split_once('_')?;
    let (fill, k) = rest.split_once('_')?;
    let (a, b) = size.split_once('x')?;
    let side: usize = a.parse().ok()?;
    if b.parse::<usize>().ok()? != side {
        return None;
    }
    Some((side, fill.parse().ok()?, k.parse().ok()?))
}

/// The Lloyd & Amos file name of instance `k` of a side and fill; [`parse_instance_name`] reads it.
pub fn instance_file_name(side: usize, fill: u32, k: u64) -> String {
    format!("inst{side}x{side}_{fill}_{k}.txt")
}

/// The bucket of a puzzle from a collection: its size and its fill rounded to the nearest 5 %.
pub fn bucket_of(puzzle: &Puzzle) -> Bucket {
    let geometry = puzzle.grid.geometry();
    let percent = 100.0 * puzzle.grid.givens() as f64 / geometry.cells() as f64;
    Bucket {
        side: geometry.side(),
        fill: ((percent / 5.0).round() * 5.0) as u32,
    }
}

/// One puzzle of the suite.
#[derive(Clone, Debug)]
pub struct Instance {
    pub puzzle: Puzzle,
    pub bucket: Bucket,
    /// `k` of a Lloyd & Amos file name.
    pub index: Option<u32>,
}

/// Which instances to take.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Board sides to keep (empty: all).
    pub sizes: Vec<usize>,
    /// Fills to keep (empty: all).
    pub fills: Vec<u32>,
    /// At most this many instances per bucket (the lowest `k` first).
    pub per_bucket: Option<usize>,
}

impl Selection {
    fn keeps(&self, bucket: Bucket) -> bool {
        (self.sizes.is_empty() || self.sizes.contains(&bucket.side))
            && (self.fills.is_empty() || self.fills.contains(&bucket.fill))
    }
}

/// Files under `path` (itself when a file), sorted; a folder is searched recursively for
/// `.txt` files.
fn files_under(path: &Path, out: &mut Vec<(PathBuf, bool)>) -> Result<()> {
    let io = |source| Error::Io {
        action: IoAction::Read,
        path: path.to_path_buf(),
        source,
    };
    if !path.is_dir() {
        out.push((path.to_path_buf(), true));
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(io)?
        .map(|e| e.map(|e| e.path()).map_err(io))
        .collect::<Result<_>>()?;
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            files_under(&entry, out)?;
        } else if entry.extension().is_some_and(|e| e == "txt") {
            out.push((entry, false));
        }
    }
    Ok(())
}

/// The instances of `paths` (files or folders) that `selection` keeps, by bucket then `k`.
/// A file found in a folder that is not a puzzle file is skipped with a message to `warn`; a
/// file named directly must parse.
pub fn collect(
    paths: &[PathBuf],
    selection: &Selection,
    warn: &mut dyn FnMut(String),
) -> Result<Vec<Instance>> {
    let mut files = Vec::new();
    for path in paths {
        files_under(path, &mut files)?;
    }
    let mut instances = Vec::new();
    for (file, named) in files {
        let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        let from_name = file_name.as_deref().and_then(parse_instance_name);
        if let Some((side, fill, _)) = from_name {
            if !selection.keeps(Bucket { side, fill }) {
                continue;
            }
        }
        let text = file.to_string_lossy().into_owned();
        let puzzles = match format::read_puzzles(&text, &ParseOptions::default()) {
            Ok((puzzles, _)) => puzzles,
            Err(e) if !named => {
                warn(format!("skipping {text}: {e}"));
                continue;
            }
            Err(e) => return Err(e),
        };
        for puzzle in puzzles {
            let (bucket, index) = match from_name {
                Some((side, fill, k)) => (Bucket { side, fill }, Some(k)),
                None => (bucket_of(&puzzle), None),
            };
            if selection.keeps(bucket) {
                instances.push(Instance {
                    puzzle,
                    bucket,
                    index,
                });
            }
        }
    }
    // Stable: collection puzzles keep their file order within a bucket.
    instances.sort_by_key(|i| (i.bucket, i.index));
    if let Some(limit) = selection.per_bucket {
        let mut kept: Vec<Instance> = Vec::new();
        for instance in instances {
            if kept.iter().filter(|k| k.bucket == instance.bucket).count() < limit {
                kept.push(instance);
            }
        }
        instances = kept;
    }
    Ok(instances)
}

/// The time limit of a board side unless one is given: `evoku solve`'s default.
pub fn default_time_limit(side: usize) -> Duration {
    crate::defaults::default_time_limit(side)
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
}

/// Solves every instance `options.runs` times. `progress(instance number, run, progress)` is
/// called during GA runs; `done` after each solve. A stop request ([`crate::stop`]) ends it with
/// the runs finished so far.
pub fn run_suite(
    instances: &[Instance],
    options: &SuiteOptions,
    progress: &mut dyn FnMut(usize, u32, &Progress),
    done: &mut dyn FnMut(usize, &SuiteRun),
) -> Result<Vec<SuiteRun>> {
    if options.runs == 0 {
        return Err(Error::invalid_option("--runs", 0, "at least 1"));
    }
    let mut results = Vec::new();
    for (number, instance) in instances.iter().enumerate() {
        let limit = options
            .time_limit
            .unwrap_or_else(|| default_time_limit(instance.bucket.side));
        for run in 0..options.runs {
            if !options
                .shard
                .takes(number * options.runs as usize + run as usize)
            {
                continue;
            }
            if crate::stop::requested() {
                return Ok(results);
            }
            let mut solve = options.solve.clone();
            solve.time_limit = Some(limit);
            solve.ga.seed = options.solve.ga.seed.wrapping_add(run as u64);
            let report = solve_puzzle(&instance.puzzle, &solve, &mut |p| progress(number, run, p))?;
            if report.interrupted {
                // Cut short by a stop request: not a finished run.
                return Ok(results);
            }
            let result = SuiteRun {
                name: instance.puzzle.name.clone(),
                file: instance.puzzle.file.clone(),
                bucket: instance.bucket,
                run,
                seed: solve.ga.seed,
                solved: report.solved,
                seconds: report.seconds,
                time_limit: limit.as_secs_f64(),
                generations: report.generations,
                evaluations: report.evaluations,
                stopped_by_time: report.stopped_by_time,
                // `null` where no heuristic measured one (the exact solver).
                best_penalty: report.fitness,
                unsolvable: report.unsolvable,
            };
            done(number, &result);
            results.push(result);
        }
    }
    Ok(results)
}

/// The figures of one bucket.
#[derive(Clone, Debug, Serialize)]
pub struct BucketSummary {
    pub bucket: Bucket,
    pub instances: usize,
    pub runs: usize,
    pub solved: usize,
    pub success_rate: f64,
    /// Median and longest time among solved runs.
    pub median_seconds: Option<f64>,
    pub max_seconds: Option<f64>,
    pub time_limit: f64,
    /// What the Ant Colony System reached there (see [`acs_reference`]).
    pub acs_reference: Option<f64>,
}

/// One summary per bucket, in bucket order.
pub fn summarize(runs: &[SuiteRun]) -> Vec<BucketSummary> {
    let mut buckets: Vec<Bucket> = runs.iter().map(|r| r.bucket).collect();
    buckets.sort();
    buckets.dedup();
    buckets
        .into_iter()
        .map(|bucket| {
            let mine: Vec<&SuiteRun> = runs.iter().filter(|r| r.bucket == bucket).collect();
            let mut names: Vec<(&str, &str)> = mine
                .iter()
                .map(|r| (r.file.as_str(), r.name.as_str()))
                .collect();
            names.sort();
            names.dedup();
            let times: Vec<f64> = mine
                .iter()
                .filter(|r| r.solved)
                .map(|r| r.seconds)
                .collect();
            BucketSummary {
                bucket,
                instances: names.len(),
                runs: mine.len(),
                solved: times.len(),
                success_rate: times.len() as f64 / mine.len().max(1) as f64,
                median_seconds: stats::median(&times),
                max_seconds: stats::max(&times),
                time_limit: mine.iter().map(|r| r.time_limit).fold(0.0, f64::max),
                acs_reference: acs_reference(bucket),
            }
        })
        .collect()
}

/// The bucket summaries as a table; `meta` says what ran where.
pub fn bucket_table(summaries: &[BucketSummary], meta: &[(String, String)]) -> Table {
    let mut table = Table::new(
        "Solving-power suite: success within the time limit per size and fill",
        &[
            "size",
            "fill",
            "instances",
            "runs",
            "solved",
            "success_rate",
            "median_s",
            "max_s",
            "time_limit_s",
            "acs_success_rate",
        ],
    );
    table.meta.extend(meta.iter().cloned());
    table.meta(
        "acs_success_rate",
        "Lloyd & Amos's Ant Colony System, 20 s limit, one 2-core machine (their README)",
    );
    for s in summaries {
        table.push(vec![
            s.bucket.side.into(),
            s.bucket.fill.into(),
            s.instances.into(),
            s.runs.into(),
            s.solved.into(),
            s.success_rate.into(),
            s.median_seconds.into(),
            s.max_seconds.into(),
            s.time_limit.into(),
            s.acs_reference.into(),
        ]);
    }
    table
}

/// Every run as a table.
pub fn runs_table(runs: &[SuiteRun], meta: &[(String, String)]) -> Table {
    let mut table = Table::new(
        "Solving-power suite: every run",
        &[
            "name",
            "file",
            "size",
            "fill",
            "run",
            "seed",
            "solved",
            "seconds",
            "time_limit_s",
            "generations",
            "evaluations",
            "best_penalty",
            "note",
        ],
    );
    table.meta.extend(meta.iter().cloned());
    for r in runs {
        table.push(vec![
            r.name.as_str().into(),
            r.file.as_str().into(),
            r.bucket.side.into(),
            r.bucket.fill.into(),
            r.run.into(),
            r.seed.into(),
            r.solved.into(),
            r.seconds.into(),
            r.time_limit.into(),
            r.generations.into(),
            r.evaluations.into(),
            r.best_penalty.into(),
            match &r.unsolvable {
                Some(why) => format!("no solution: {why}").into(),
                None if r.stopped_by_time => "time limit".into(),
                None => Value::Empty,
            },
        ]);
    }
    table
}
