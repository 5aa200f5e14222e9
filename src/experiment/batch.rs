//! One batch of independent runs (the islands of one engine) and its figures.

use std::time::{Duration, Instant};

use serde::Serialize;

use evoku::device::Device;
use evoku::error::{Error, Result};
use evoku::format::Puzzle;
use evoku::ga::{Engine, GaConfig, Problem, Progress};
use evoku::stats::{self, Summary};

/// What happened to every run of a batch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BatchOutcome {
    /// Per run (island): `Some(generations)` when it solved, `None` when it hit the cap.
    pub generations: Vec<Option<u32>>,
    /// Restarts per run.
    pub restarts: Vec<u32>,
    /// Generations the batch ran (the cap, or less when every run solved earlier).
    pub generations_run: u32,
    pub seconds: f64,
}

impl BatchOutcome {
    pub fn solved(&self) -> usize {
        self.generations.iter().filter(|g| g.is_some()).count()
    }
}

/// Where a batch stands, reported after every step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BatchProgress {
    pub generation: u32,
    pub runs: usize,
    pub solved: usize,
    /// Lowest penalty any unsolved run has seen (0 once every run solved).
    pub best_penalty: u32,
    /// Restarts of all runs together.
    pub restarts: u32,
    pub elapsed: Duration,
}

impl BatchProgress {
    /// As the run loop reports it, for the progress bar.
    pub fn progress(&self) -> Progress {
        Progress {
            generation: self.generation,
            best_penalty: self.best_penalty,
            restarts: self.restarts,
            elapsed: self.elapsed,
        }
    }
}

/// Advances `engine` until every island has solved, `max_generations` have run or a stop is
/// requested ([`evoku::stop`]), `step` generations at a time (`None`: the engine's own step);
/// `progress` is called after each step.
pub fn run_batch(
    engine: &mut dyn Engine,
    max_generations: u32,
    step: Option<u32>,
    progress: &mut dyn FnMut(&BatchProgress),
) -> Result<BatchOutcome> {
    let start = Instant::now();
    let mut generation = 0u32;
    let mut islands = engine.islands()?;
    while generation < max_generations && islands.iter().any(|s| s.solved == 0) {
        if evoku::stop::requested() {
            break;
        }
        let now = step
            .unwrap_or_else(|| engine.generations_per_step())
            .clamp(1, max_generations - generation);
        engine.step(now)?;
        generation += now;
        islands = engine.islands()?;
        let solved = islands.iter().filter(|s| s.solved != 0).count();
        let best = islands
            .iter()
            .filter(|s| s.solved == 0)
            .map(|s| s.overall_best_penalty)
            .min()
            .unwrap_or(0);
        progress(&BatchProgress {
            generation,
            runs: islands.len(),
            solved,
            best_penalty: best,
            restarts: islands.iter().map(|s| s.restarts).sum(),
            elapsed: start.elapsed(),
        });
    }
    Ok(BatchOutcome {
        generations: islands
            .iter()
            .map(|s| (s.solved != 0).then_some(s.generation))
            .collect(),
        restarts: islands.iter().map(|s| s.restarts).collect(),
        generations_run: generation,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// How a set of runs is made.
#[derive(Clone)]
pub struct BatchOptions {
    /// Independent runs (islands of one engine).
    pub runs: u32,
    pub max_generations: u32,
    pub device: Device,
    /// CPU threads; `None` = all cores.
    pub threads: Option<usize>,
    /// Generations per step; `None` = the engine's.
    pub step: Option<u32>,
}

/// `config` made into a batch: `runs` islands, no migration, the cap.
pub fn batch_config(config: &GaConfig, options: &BatchOptions) -> GaConfig {
    let mut c = config.clone();
    c.islands = options.runs;
    c.migration = 0;
    c.max_generations = options.max_generations;
    c
}

/// Runs `options.runs` independent runs of `config` on `puzzle`.
pub fn run_runs(
    puzzle: &Puzzle,
    config: &GaConfig,
    options: &BatchOptions,
    progress: &mut dyn FnMut(&BatchProgress),
) -> Result<BatchOutcome> {
    let config = batch_config(config, options);
    config.validate()?;
    let problem = Problem::for_config(&puzzle.grid, &config).map_err(|e| Error::NoSolution {
        puzzle: puzzle.name.clone(),
        reason: e.0,
    })?;
    let mut engine =
        evoku::plan::engines::ga_engine(&options.device, problem, &config, options.threads)?;
    run_batch(
        engine.as_mut(),
        options.max_generations,
        options.step,
        progress,
    )
}

/// The figures of one batch: counts, generation statistics, wall time.
#[derive(Clone, Debug, Serialize)]
pub struct RunStats {
    pub runs: u32,
    pub solved: u32,
    /// Mean generations over all runs, an unsolved run counted at the cap (the paper's mean).
    pub mean_capped: f64,
    /// Statistics of the solved runs' generation counts.
    pub solved_generations: Option<Summary>,
    pub max_generations: u32,
    pub wall_seconds: f64,
}

impl RunStats {
    pub fn of(outcome: &BatchOutcome, max_generations: u32) -> RunStats {
        let solved: Vec<f64> = outcome
            .generations
            .iter()
            .flatten()
            .map(|&g| g as f64)
            .collect();
        let capped: Vec<f64> = outcome
            .generations
            .iter()
            .map(|g| g.unwrap_or(max_generations) as f64)
            .collect();
        RunStats {
            runs: outcome.generations.len() as u32,
            solved: solved.len() as u32,
            mean_capped: stats::mean(&capped).unwrap_or(0.0),
            solved_generations: Summary::of(&solved),
            max_generations,
            wall_seconds: outcome.seconds,
        }
    }
}

/// The names of [`RunStats::generation_columns`].
pub const GENERATION_COLUMNS: [&str; 6] = [
    "solved_mean",
    "solved_median",
    "solved_std_dev",
    "solved_min",
    "solved_max",
    "wall_s",
];

impl RunStats {
    /// The export columns of the solved runs' generations (mean, median, standard deviation,
    /// least, most; empty when none solved) and the wall seconds, in that order (`paper` and
    /// `study` end their rows with them).
    pub fn generation_columns(&self) -> [evoku::export::Value; 6] {
        let g = self.solved_generations.as_ref();
        [
            g.map(|g| g.mean).into(),
            g.map(|g| g.median).into(),
            g.map(|g| g.std_dev).into(),
            g.map(|g| g.min).into(),
            g.map(|g| g.max).into(),
            self.wall_seconds.into(),
        ]
    }
}
