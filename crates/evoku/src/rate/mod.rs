//! Rating puzzles: the GA rating of Mantere & Koljonen, the entropy rating of the Kashan paper,
//! and the technique ladder whose level is the default (docs/ALGORITHMS.md section 5).
//!
//! * [`ga_rating`]: R independent GA runs as R islands of one engine run (no migration); every
//!   island's own solve generation is read from the island states, so the figures do not depend on
//!   the step size, the thread count or the order islands finish in.
//! * [`entropy()`]: `d`, the sum of `log2(candidates of the chosen cell)` over the branching nodes on
//!   the search path from the root to the solution, with the exact solver's propagation (singles
//!   below 16x16; also locked candidates and all-different from 16x16 up) and its MRV cell choice.
//!   The path, not the whole tree, because (a) for a unique puzzle it does not depend on the order
//!   digits are tried in (the tree up to the first solution does), (b) the whole tree of a
//!   uniqueness proof charges the cost of refuting wrong guesses, which tracks how hard a puzzle
//!   is for a search program rather than for a person, and (c) the path agrees better with Sudoku
//!   Explainer (docs/results/rating.md#rating-against-sudoku-explainer). [`entropy_level`] is the paper's `f(d)`.
//! * [`logic_rating`]: a human-style solver that always applies the easiest technique that makes
//!   progress, in Sudoku Explainer's order and with its difficulty figures (hidden single 1.2 ...
//!   hidden quad 5.4); the rating is the hardest technique needed. A puzzle the ladder cannot
//!   finish needs chains or trial and error; it is rated above the ladder, by the share of the
//!   empty cells the ladder leaves open.
//! * [`Level`]: the default level, from the ladder. It agrees best with Sudoku Explainer
//!   (Spearman correlations in docs/results/rating.md#rating-against-sudoku-explainer): 0.98 on both rated sets, against 0.85 for the
//!   entropy level and 0.78 for the GA rating.

mod entropy;
mod ga;
mod ladder;
mod level;
mod rater;
mod report;
mod technique;
mod uniqueness;

pub use entropy::{entropy, entropy_with};
pub use ga::{
    ga_rating, rate_engine, rating_config, GaRating, GaRatingOptions, GaRatingProgress,
    DEFAULT_RATING_GENERATIONS,
};
pub use ladder::{logic_rating, LogicRating};
pub use level::{entropy_level, Level, ENTROPY_LEVEL_BOUNDS, EXTREME_OPEN_SHARE};
pub use rater::{rate, Rater, Rating};
pub use report::{rate_puzzle, RateOptions, RateReport};
pub use technique::Technique;

/// Why a puzzle could not be rated.
#[derive(Debug, thiserror::Error)]
pub enum RateError {
    /// The puzzle has no solution (clashing givens or a proven contradiction).
    #[error("the puzzle has no solution: {0}")]
    NoSolution(String),
    /// The exact solver hit its limits before deciding whether a solution exists.
    #[error("the exact solver gave up after {nodes} nodes without deciding the puzzle")]
    Undecided { nodes: u64 },
    /// A stop request (SIGINT, SIGTERM) came before the puzzle was decided.
    #[error("stopped by a signal before the puzzle was decided")]
    Interrupted,
    /// The GA engine failed (GPU errors, invalid settings).
    #[error(transparent)]
    Engine(#[from] crate::error::Error),
}

/// Spearman's rank correlation of `a` and `b` (ties get their mean rank); `NaN` when either is
/// constant or the lengths differ or are below 2 (see [`crate::stats::spearman`]).
pub fn spearman(a: &[f64], b: &[f64]) -> f64 {
    crate::stats::spearman(a, b).unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spearman_of_known_orders() {
        assert!((spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]) - 1.0).abs() < 1e-12);
        assert!((spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
        assert!(spearman(&[1.0, 1.0], &[1.0, 2.0]).is_nan());
    }
}
