//! A solution and whether there are others: the exact tree search up to 25x25; from 36x36 on,
//! where that search needs far too many nodes (the default solver's exact member changes method
//! there too, [`RESTARTS_FROM_BOX`]), two CDCL searches, the second excluding the first's
//! solution ([`Cdcl::excluding`]).

use std::time::Instant;

use super::RateError;
use crate::board::Grid;
use crate::exact::cdcl::{Cdcl, Config, Outcome};
use crate::exact::{Limits, Solver};
use crate::portfolio::restarts::RESTARTS_FROM_BOX;
use crate::stop::Stop;

/// Conflicts between two looks at the clock and the stop request.
const CDCL_CHUNK: u64 = 10_000;

/// What [`decide`] found.
pub(super) struct Decided {
    /// The first solution found.
    pub solution: Grid,
    /// Solutions found, up to 2; 1 also when a limit cut the search for a second short.
    pub solutions: usize,
    /// Search nodes of the tree search, or conflicts of the CDCL searches.
    pub work: u64,
}

/// A solution of `puzzle` and whether a second exists, within `limits` (their solution count is
/// ignored: at most two are looked for).
pub(super) fn decide(
    solver: &mut Solver,
    puzzle: &Grid,
    limits: &Limits,
) -> Result<Decided, RateError> {
    if puzzle.geometry().box_size() >= RESTARTS_FROM_BOX {
        return decide_by_cdcl(puzzle, limits);
    }
    let limits = Limits {
        max_solutions: 2,
        ..limits.clone()
    };
    let result = solver.solve(puzzle, &limits);
    let Some(solution) = result.first().cloned() else {
        return Err(if result.has_no_solution() {
            RateError::NoSolution("the exact solver proved it".into())
        } else if crate::stop::requested() {
            RateError::Interrupted
        } else {
            RateError::Undecided {
                nodes: result.nodes,
            }
        });
    };
    Ok(Decided {
        solution,
        solutions: result.solutions.len(),
        work: result.nodes,
    })
}

/// [`decide`] by the CDCL: a search for a solution, then one for another (seed and settings
/// fixed, so the answer and its work are a function of the puzzle). Each stops at the time limit
/// or a stop request.
fn decide_by_cdcl(puzzle: &Grid, limits: &Limits) -> Result<Decided, RateError> {
    let deadline = limits.time_limit.map(|limit| Instant::now() + limit);
    let mut first = Cdcl::new(puzzle, Config::default(), 1, 0);
    first.set_stop(Stop::at(deadline));
    let solution = match run(&mut first, deadline) {
        Outcome::Solved(solution) => solution,
        Outcome::Unsat => return Err(RateError::NoSolution("the CDCL search proved it".into())),
        Outcome::Budget | Outcome::Abandoned if crate::stop::requested() => {
            return Err(RateError::Interrupted)
        }
        Outcome::Budget | Outcome::Abandoned => {
            return Err(RateError::Undecided {
                nodes: first.stats().conflicts,
            })
        }
    };
    let mut second = Cdcl::excluding(puzzle, &solution, Config::default(), 1, 1);
    second.set_stop(Stop::at(deadline));
    let solutions = match run(&mut second, deadline) {
        Outcome::Solved(_) => 2,
        Outcome::Budget | Outcome::Abandoned if crate::stop::requested() => {
            return Err(RateError::Interrupted)
        }
        _ => 1,
    };
    Ok(Decided {
        solution,
        solutions,
        work: first.stats().conflicts + second.stats().conflicts,
    })
}

/// Runs `cdcl` to its end, or until `deadline` or a stop request ([`Outcome::Budget`]).
fn run(cdcl: &mut Cdcl, deadline: Option<Instant>) -> Outcome {
    loop {
        match cdcl.run(CDCL_CHUNK) {
            Outcome::Budget => {
                let late = deadline.is_some_and(|deadline| Instant::now() >= deadline);
                if late || crate::stop::requested() {
                    return Outcome::Budget;
                }
            }
            end => return end,
        }
    }
}
