//! The entropy rating: `d`, the uncertainty of the exact search on its path to the solution.

use super::RateError;
use crate::board::Grid;
use crate::exact::{Limits, Solver};

/// The entropy `d` of `puzzle` (see the module documentation), solving it first. For a puzzle
/// with several solutions it is measured along the path to the first one the search finds.
pub fn entropy(puzzle: &Grid) -> Result<f64, RateError> {
    let mut solver = Solver::new(puzzle.geometry());
    let result = solver.solve(puzzle, &Limits::solutions(1));
    match result.first() {
        Some(solution) => entropy_with(&mut solver, puzzle, &solution.clone()),
        None => Err(RateError::NoSolution("the exact solver proved it".into())),
    }
}

/// Replays the exact search along `solution`: propagate, take the minimum-remaining-values cell
/// (lowest index on ties, as [`crate::exact::solve`] does), add `log2` of its candidate count, fix it to
/// the solution's digit, propagate again. Every node of that path is a node of the real search, so
/// the sum is the search's uncertainty on the way to the solution, without the refuted branches.
pub fn entropy_with(solver: &mut Solver, puzzle: &Grid, solution: &Grid) -> Result<f64, RateError> {
    let mut cand = solver
        .propagate(puzzle)
        .map_err(|c| RateError::NoSolution(c.to_string()))?
        .candidates;
    let mut d = 0.0;
    loop {
        let mut best: Option<(usize, u32)> = None;
        for (cell, &m) in cand.iter().enumerate() {
            let count = m.count_ones();
            if count > 1 && best.is_none_or(|(_, b)| count < b) {
                best = Some((cell, count));
                if count == 2 {
                    break;
                }
            }
        }
        let Some((cell, count)) = best else {
            break;
        };
        d += f64::from(count).log2();
        solver
            .assign(&mut cand, cell, solution.get(cell))
            .map_err(|c| RateError::NoSolution(format!("the given solution is wrong: {c}")))?;
    }
    Ok(d)
}
