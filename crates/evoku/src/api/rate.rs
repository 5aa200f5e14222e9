//! [`rate`]: what `evoku rate` does, for one puzzle.

use std::time::Duration;

use super::{Backend, Puzzle};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::exact::Limits;
use crate::ga::{GaConfig, Preset};
use crate::rate::{rate_puzzle, GaRatingOptions, RateError, RateOptions, RateReport};

pub use crate::rate::Level;

/// How [`rate`] works. [`RateSettings::default`] is what `evoku rate` does with no options:
/// the technique ladder, the entropy and 100 GA runs of the `default` preset (capped at
/// [`crate::rate::DEFAULT_RATING_GENERATIONS`] generations each), on a hardware GPU when there
/// is one, seed 1.
#[derive(Clone, Debug, PartialEq)]
pub struct RateSettings {
    ga_runs: u32,
    backend: Backend,
    seed: u64,
    threads: Option<usize>,
    ga_time_limit: Option<Duration>,
}

impl Default for RateSettings {
    fn default() -> RateSettings {
        RateSettings {
            ga_runs: GaRatingOptions::default().runs,
            backend: Backend::Auto,
            seed: 1,
            threads: None,
            ga_time_limit: None,
        }
    }
}

impl RateSettings {
    /// The settings of `evoku rate` with no options (see [`RateSettings`]).
    pub fn new() -> RateSettings {
        RateSettings::default()
    }
}

setters! {
    RateSettings {
        /// Independent GA runs (`--runs`); 0 skips the GA rating, leaving the ladder and entropy
        /// (fast and deterministic).
        ga_runs: u32,
        /// Where the GA runs (`--backend`).
        backend: Backend,
        /// The GA's random seed (`--seed`).
        seed: u64,
        /// CPU threads (`--threads`). Results do not depend on it.
        threads: usize => Some,
        /// Time for the GA runs (`--time-limit`); runs still going then count at the generations
        /// reached.
        ga_time_limit: Duration => Some,
    }
}

/// A puzzle's ratings: its level, the score behind it, its entropy and the GA's figures.
#[derive(Clone, Debug)]
pub struct Rating {
    inner: RateReport,
}

impl Rating {
    /// The level, 1 (easy) to 5 (extreme), from the technique ladder.
    pub fn level(&self) -> Level {
        self.inner.level
    }

    /// The continuous score behind the level (Sudoku Explainer's scale on the ladder).
    pub fn score(&self) -> f64 {
        self.inner.score
    }

    /// Solutions found, up to 2 (2 means two or more).
    pub fn solutions(&self) -> usize {
        self.inner.solutions
    }

    /// The entropy `d`, in bits, along the search path to the solution.
    pub fn entropy(&self) -> f64 {
        self.inner.entropy
    }

    /// GA runs that solved the puzzle, of [`RateSettings::ga_runs`]; `None` when skipped.
    pub fn ga_solved(&self) -> Option<u32> {
        self.inner.ga_solved
    }

    /// The rating as `evoku rate --json` prints it: one JSON object.
    pub fn to_json(&self) -> String {
        // A report holds strings, numbers and options only: serializing it cannot fail.
        serde_json::to_string(&self.inner).unwrap_or_default()
    }
}

/// Rates `puzzle` as `evoku rate` does with `settings`.
///
/// ```
/// use evoku::{rate, Level, Puzzle, RateSettings};
///
/// let puzzle: Puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse()?;
/// let rating = rate(&puzzle, &RateSettings::new().ga_runs(0))?;
/// assert_eq!(rating.level(), Level::EASY);
/// # Ok::<(), evoku::Error>(())
/// ```
pub fn rate(puzzle: &Puzzle, settings: &RateSettings) -> Result<Rating> {
    let config = GaConfig {
        seed: settings.seed,
        ..GaConfig::preset(Preset::Default)
    };
    let ga_rating = GaRatingOptions {
        runs: settings.ga_runs,
        max_generations: crate::rate::DEFAULT_RATING_GENERATIONS,
        threads: settings.threads,
        generations_per_step: None,
        time_limit: settings.ga_time_limit,
    };
    let device = if settings.ga_runs > 0 {
        crate::rate::rating_config(&config, &ga_rating).validate()?;
        Device::select(settings.backend, None)?
    } else {
        Device::Cpu
    };
    let options = RateOptions {
        device,
        ga: config,
        ga_rating,
        exact_limits: Limits {
            max_solutions: 2,
            max_nodes: u64::MAX,
            time_limit: None,
        },
    };
    let inner = rate_puzzle(puzzle.inner(), &options, &mut |_| {}).map_err(|e| match e {
        RateError::NoSolution(reason) => Error::NoSolution {
            puzzle: puzzle.name().to_string(),
            reason,
        },
        RateError::Undecided { .. } | RateError::Interrupted => Error::NoSolution {
            puzzle: puzzle.name().to_string(),
            reason: format!("undecided: {e}"),
        },
        RateError::Engine(e) => e,
    })?;
    Ok(Rating { inner })
}
