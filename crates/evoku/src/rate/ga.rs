//! Mantere & Koljonen's GA rating: R independent runs as R islands of one engine run.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::RateError;
use crate::board::Grid;
use crate::device::Device;
use crate::ga::{Engine, GaConfig, Island, Problem};
use crate::stats;
use crate::step_loop::step_until;

/// How to run the GA rating.
#[derive(Clone, Debug)]
pub struct GaRatingOptions {
    /// Independent runs (islands of one engine run).
    pub runs: u32,
    /// Generations after which a run counts as unsolved.
    pub max_generations: u32,
    /// CPU threads; `None` = all cores. Results do not depend on it.
    pub threads: Option<usize>,
    /// Generations per engine step; `None` = the engine's choice. Results do not depend on it.
    pub generations_per_step: Option<u32>,
    pub time_limit: Option<Duration>,
}

impl Default for GaRatingOptions {
    fn default() -> GaRatingOptions {
        GaRatingOptions {
            runs: 100,
            max_generations: DEFAULT_RATING_GENERATIONS,
            threads: None,
            generations_per_step: None,
            time_limit: None,
        }
    }
}

/// The default cap on the generations of one rating run.
pub const DEFAULT_RATING_GENERATIONS: u32 = 20_000;

/// The result of the GA rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GaRating {
    pub runs: u32,
    pub solved: u32,
    /// Generations each run took, island order; an unsolved run counts as the generations it ran
    /// (the cap, or less when the time limit stopped the rating).
    pub generations: Vec<u32>,
    /// Mean of `generations` (unsolved runs at the cap: a lower bound of the true mean).
    pub mean_generations: f64,
    pub median_generations: f64,
    pub max_generations: u32,
    pub seconds: f64,
    pub stopped_by_time: bool,
}

/// Reported after every engine step.
#[derive(Clone, Copy, Debug)]
pub struct GaRatingProgress {
    pub generation: u32,
    pub solved: u32,
    pub runs: u32,
    pub elapsed: Duration,
}

/// The GA configuration of a rating: `config` with one island per run and no migration (runs
/// must be independent), capped at `max_generations`.
pub fn rating_config(config: &GaConfig, options: &GaRatingOptions) -> GaConfig {
    GaConfig {
        islands: options.runs,
        migration: 0,
        max_generations: options.max_generations,
        ..config.clone()
    }
}

/// Mantere & Koljonen's rating: `options.runs` independent GA runs of `puzzle` on `device`, as
/// one batch of islands. Every island runs until it solves or reaches the cap; an island that
/// solved is frozen by the engine, so its generation count is exact whatever the step size.
pub fn ga_rating(
    puzzle: &Grid,
    device: &Device,
    config: &GaConfig,
    options: &GaRatingOptions,
    progress: &mut dyn FnMut(&GaRatingProgress),
) -> Result<GaRating, RateError> {
    let config = rating_config(config, options);
    config.validate()?;
    let problem = Problem::for_config(puzzle, &config).map_err(|u| RateError::NoSolution(u.0))?;
    let mut engine = crate::plan::engines::ga_engine(device, problem, &config, options.threads)?;
    rate_engine(engine.as_mut(), options, progress)
}

/// The GA rating on an engine built by the caller from [`rating_config`] (one island per run, no
/// migration); `options.runs` is taken from the engine's island count.
pub fn rate_engine(
    engine: &mut dyn Engine,
    options: &GaRatingOptions,
    progress: &mut dyn FnMut(&GaRatingProgress),
) -> Result<GaRating, RateError> {
    let start = Instant::now();
    let cap = options.max_generations;
    let islands = engine.islands()?;
    let runs = islands.len() as u32;
    let mut report = |generation: u32, islands: &[Island]| {
        progress(&GaRatingProgress {
            generation,
            solved: islands.iter().filter(|s| s.solved != 0).count() as u32,
            runs,
            elapsed: start.elapsed(),
        })
    };
    report(0, &islands);
    let stopped = step_until(
        start,
        cap,
        options.time_limit,
        islands,
        |islands: &Vec<Island>| islands.iter().all(|s| s.solved != 0),
        |left| {
            let step = options
                .generations_per_step
                .unwrap_or_else(|| engine.generations_per_step())
                .clamp(1, left);
            engine.step(step)?;
            Ok::<_, RateError>((step, engine.islands()?))
        },
        |generation, islands: &Vec<Island>| report(generation, islands),
    )?;
    let (islands, generation) = (stopped.state, stopped.rounds);
    let generations: Vec<u32> = islands
        .iter()
        .map(|s| {
            if s.solved != 0 {
                s.generation
            } else {
                generation
            }
        })
        .collect();
    let solved = islands.iter().filter(|s| s.solved != 0).count() as u32;
    let samples: Vec<f64> = generations.iter().map(|&g| f64::from(g)).collect();
    Ok(GaRating {
        runs,
        solved,
        mean_generations: stats::mean(&samples).unwrap_or(0.0),
        median_generations: stats::median(&samples).unwrap_or(0.0),
        generations,
        max_generations: cap,
        seconds: start.elapsed().as_secs_f64(),
        stopped_by_time: stopped.stopped_by_time,
    })
}
