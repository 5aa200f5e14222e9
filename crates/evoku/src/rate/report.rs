//! One puzzle, every rating: the work behind `evoku rate`.

use std::time::Instant;

use serde::Serialize;

use super::{ga_rating, GaRatingOptions, GaRatingProgress, Level, RateError, Rater, Technique};
use crate::device::Device;
use crate::exact::Limits;
use crate::ga::GaConfig;

/// Everything [`rate_puzzle`] needs besides the puzzle.
#[derive(Clone)]
pub struct RateOptions {
    /// Where the GA runs.
    pub device: Device,
    /// The GA settings; islands, migration and the cap are set by [`rating_config`](crate::rate::rating_config).
    pub ga: GaConfig,
    /// `runs == 0` skips the GA rating.
    pub ga_rating: GaRatingOptions,
    /// Limits of the exact solver's uniqueness check.
    pub exact_limits: Limits,
}

/// One line of `evoku rate --json`.
#[derive(Clone, Debug, Serialize)]
pub struct RateReport {
    pub name: String,
    pub file: String,
    pub line: usize,
    /// The puzzle in line format.
    pub puzzle: String,
    /// Side `n` of the board.
    pub size: usize,
    pub givens: usize,
    /// Solutions, up to 2 (2 means two or more; the ratings then follow the first solution).
    pub solutions: usize,
    /// Entropy `d` in bits (see [`entropy_with`](crate::rate::entropy_with)).
    pub entropy: f64,
    /// `f(d)` (see [`entropy_level`](crate::rate::entropy_level)).
    pub entropy_level: u8,
    /// The default level, 1..=5 (see [`Level`]).
    pub level: Level,
    pub level_name: &'static str,
    /// Hardest ladder technique applied (see `logic_solved`); `null` when none was needed.
    pub technique: Option<Technique>,
    /// Whether the ladder finished the puzzle.
    pub logic_solved: bool,
    /// The continuous score behind the level (see [`Rating::score`](crate::rate::Rating::score)).
    pub score: f64,
    /// GA runs (0 when the GA rating was skipped).
    pub ga_runs: u32,
    pub ga_solved: Option<u32>,
    pub ga_mean_generations: Option<f64>,
    pub ga_median_generations: Option<f64>,
    /// Generations of each run (the cap for an unsolved one), run order.
    pub ga_generations: Option<Vec<u32>>,
    /// The cap on each run's generations.
    pub ga_max_generations: Option<u32>,
    pub ga_seconds: Option<f64>,
    pub ga_stopped_by_time: bool,
    /// Where the GA ran (`cpu` or `gpu`).
    pub backend: String,
    pub seed: u64,
    /// Wall time for every rating of this puzzle.
    pub seconds: f64,
}

/// Rates one puzzle: uniqueness, entropy, ladder and (unless `runs` is 0) the GA.
pub fn rate_puzzle(
    puzzle: &crate::format::Puzzle,
    options: &RateOptions,
    progress: &mut dyn FnMut(&GaRatingProgress),
) -> Result<RateReport, RateError> {
    let start = Instant::now();
    let grid = &puzzle.grid;
    // `ga_rating.time_limit` bounds the whole puzzle: the uniqueness check gets at most all of
    // it (and at most its own limit), the GA what is left.
    let total = options.ga_rating.time_limit;
    let mut exact_limits = options.exact_limits.clone();
    exact_limits.time_limit = match (exact_limits.time_limit, total) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let rating = Rater::new(grid.geometry()).rate(grid, &exact_limits)?;
    let ga = if options.ga_rating.runs > 0 {
        let mut ga_options = options.ga_rating.clone();
        ga_options.time_limit = total.map(|t| t.saturating_sub(start.elapsed()));
        Some(ga_rating(
            grid,
            &options.device,
            &options.ga,
            &ga_options,
            progress,
        )?)
    } else {
        None
    };
    Ok(RateReport {
        name: puzzle.name.clone(),
        file: puzzle.file.clone(),
        line: puzzle.line,
        puzzle: grid.to_string(),
        size: grid.geometry().side(),
        givens: rating.givens,
        solutions: rating.solutions,
        entropy: rating.entropy,
        entropy_level: rating.entropy_level,
        level: rating.level,
        level_name: rating.level.name(),
        technique: rating.technique,
        logic_solved: rating.logic_solved,
        score: rating.score(),
        ga_runs: ga.as_ref().map_or(0, |g| g.runs),
        ga_solved: ga.as_ref().map(|g| g.solved),
        ga_mean_generations: ga.as_ref().map(|g| g.mean_generations),
        ga_median_generations: ga.as_ref().map(|g| g.median_generations),
        ga_generations: ga.as_ref().map(|g| g.generations.clone()),
        ga_max_generations: ga.as_ref().map(|g| g.max_generations),
        ga_seconds: ga.as_ref().map(|g| g.seconds),
        ga_stopped_by_time: ga.as_ref().is_some_and(|g| g.stopped_by_time),
        backend: options.device.name().to_string(),
        seed: options.ga.seed,
        seconds: start.elapsed().as_secs_f64(),
    })
}
