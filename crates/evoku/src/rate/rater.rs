//! The deterministic ratings of one puzzle (everything but the GA), with reusable tables.

use serde::Serialize;

use super::ladder::Ladder;
use super::{entropy_level, entropy_with, Level, LogicRating, RateError, Technique};
use crate::board::{cell_name, Geometry, Grid};
use crate::exact::{Limits, Solver};

/// The deterministic ratings of one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// Cells of the board.
    pub cells: usize,
    pub givens: usize,
    /// Solutions found, up to 2 (2 means two or more).
    pub solutions: usize,
    /// Entropy `d` (bits) along the path to the (first) solution.
    pub entropy: f64,
    /// `f(d)`, see [`entropy_level`].
    pub entropy_level: u8,
    /// Hardest technique of the ladder (Sudoku Explainer scale); `None` when propagation of
    /// givens alone finishes the puzzle, or the puzzle is complete.
    pub technique: Option<Technique>,
    /// Whether the ladder finished the puzzle.
    pub logic_solved: bool,
    /// Cells the ladder left open (0 when it finished the puzzle).
    pub open: usize,
    /// Empty cells of the puzzle.
    pub empty: usize,
    /// The default level.
    pub level: Level,
    /// Work the exact solver spent deciding uniqueness: search nodes of the tree search up to
    /// 25x25, conflicts of the CDCL searches from 36x36 on.
    pub nodes: u64,
}

impl Rating {
    /// A continuous score behind the level, for ranking: the Sudoku Explainer figure of the
    /// hardest technique when the ladder finishes the puzzle (1.0 when nothing is needed), else
    /// `6 + 5 * (share of the empty cells left open)`, above every ladder technique.
    pub fn score(&self) -> f64 {
        if self.logic_solved {
            self.technique.map_or(1.0, |t| t.difficulty())
        } else {
            6.0 + 5.0 * self.open as f64 / self.empty.max(1) as f64
        }
    }
}

/// Reusable rater for one geometry: the exact solver and the ladder's tables.
pub struct Rater {
    solver: Solver,
    ladder: Ladder,
}

impl Rater {
    pub fn new(geometry: Geometry) -> Rater {
        Rater {
            solver: Solver::new(geometry),
            ladder: Ladder::new(geometry),
        }
    }

    pub fn geometry(&self) -> Geometry {
        self.ladder.geometry()
    }

    /// Rates `puzzle`, deciding uniqueness with the exact solver within `limits` (the solution
    /// count is capped at 2 whatever `limits` says; from 36x36 on by CDCL searches).
    pub fn rate(&mut self, puzzle: &Grid, limits: &Limits) -> Result<Rating, RateError> {
        if let Some(c) = puzzle.first_clash() {
            return Err(RateError::NoSolution(format!(
                "digit {} appears twice in a unit ({} and {})",
                c.digit,
                cell_name(c.first, puzzle.geometry().side()),
                cell_name(c.second, puzzle.geometry().side())
            )));
        }
        let decided = super::uniqueness::decide(&mut self.solver, puzzle, limits)?;
        let mut rating = self.rate_with_solution(puzzle, &decided.solution)?;
        rating.solutions = decided.solutions;
        rating.nodes = decided.work;
        Ok(rating)
    }

    /// Rates a puzzle whose solution is known (uniqueness is taken for granted: `solutions` is 1
    /// and `nodes` 0).
    pub fn rate_with_solution(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
    ) -> Result<Rating, RateError> {
        let d = entropy_with(&mut self.solver, puzzle, solution)?;
        let logic = self.ladder.rate(puzzle);
        let cells = puzzle.geometry().cells();
        Ok(Rating {
            cells,
            givens: puzzle.givens(),
            solutions: 1,
            entropy: d,
            entropy_level: entropy_level(d),
            technique: logic.hardest,
            logic_solved: logic.solved,
            open: logic.open,
            empty: logic.empty,
            level: Level::of(&logic),
            nodes: 0,
        })
    }

    /// The default level only (the ladder alone; uniqueness is the caller's business).
    pub fn level(&mut self, puzzle: &Grid) -> Level {
        let logic = self.ladder.rate(puzzle);
        Level::of(&logic)
    }

    /// The ladder alone.
    pub fn logic(&mut self, puzzle: &Grid) -> LogicRating {
        self.ladder.rate(puzzle)
    }

    /// The ladder, and the grid as far as it filled it (0 where it stalled).
    pub fn logic_grid(&mut self, puzzle: &Grid) -> (LogicRating, Grid) {
        let rating = self.ladder.rate(puzzle);
        (rating, self.ladder.grid())
    }
}

/// Rates one puzzle without limits (see [`Rater::rate`]).
pub fn rate(puzzle: &Grid) -> Result<Rating, RateError> {
    Rater::new(puzzle.geometry()).rate(puzzle, &Limits::solutions(2))
}
