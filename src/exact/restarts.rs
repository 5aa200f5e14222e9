//! Randomized restarts for the exact solver.
//!
//! Completing a partial Latin square or Sudoku is known for heavy-tailed search costs (Gomes,
//! Selman and Kautz, 1998-2000): one fixed search order may need millions of nodes where another
//! needs a hundred. So instead of one long deterministic search, [`solve`] runs a sequence of
//! short searches, each with a different random tie-break among the most constrained cells and a
//! different digit order ([`Solver::solve_randomized`]), branching also on where a digit goes in a
//! unit when that has fewer choices than the best cell ([`Solver::set_dual`]: measured to solve
//! more at 36x36 than cell branching alone, docs/RESULTS.md "Large boards"), with node budgets from the Luby sequence
//! ([`luby`]) times a unit: 1, 1, 2, 1, 1, 2, 4, 1, ... Each search's key is drawn from the seed and
//! the restart number with the counter-based hash, so a run stays a pure function of
//! (puzzle, limits, seed, unit). A search that exhausts its tree proves there is no solution,
//! whatever its order, so restarts keep the solver complete in that sense; with Luby budgets the
//! largest search keeps growing, so an unsolvable puzzle is eventually proven too.

use std::time::Instant;

use super::{ExactResult, Limits, Solver, Status};
use crate::board::Grid;
use crate::rng;

/// Stream key separating the restart keys from every other use of the seed.
const RESTART_STREAM: u32 = 0x5e57_a127;

/// The Luby sequence, 1-based: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (`luby(0)` is
/// taken as `luby(1)`). Its partial sums stay within a log factor of any fixed cutoff's cost.
pub fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // The smallest k with 2^k - 1 >= i.
        let k = 64 - i.leading_zeros() as u64;
        if (1u64 << k) - 1 == i {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// The key of restart `restart` (0-based) of a run seeded `seed`.
pub fn restart_key(seed: u64, restart: u32) -> u32 {
    rng::stream_key(seed, RESTART_STREAM, restart, 0)
}

/// Restarted randomized search on `puzzle`: restart `i` (0-based) gets `luby(i + 1) * unit`
/// nodes, until a search ends for another reason than its budget (a solution, a proof, the time
/// limit, a stop request) or `limits.max_nodes` nodes are spent in all. The result's nodes and
/// entropy are the sums over every restart; its solutions are the last search's. `unit` 0 is
/// taken as 1.
pub fn solve(puzzle: &Grid, limits: &Limits, seed: u64, unit: u64) -> ExactResult {
    super::with_solver(puzzle.geometry(), |solver| {
        solve_with(solver, puzzle, limits, seed, unit).0
    })
}

/// [`solve`] on a given solver; also returns how many searches ran.
pub fn solve_with(
    solver: &mut Solver,
    puzzle: &Grid,
    limits: &Limits,
    seed: u64,
    unit: u64,
) -> (ExactResult, u32) {
    let start = Instant::now();
    solver.set_dual(true);
    let mut nodes = 0u64;
    let mut entropy = 0.0;
    let mut restart = 0u32;
    loop {
        let budget = luby(restart as u64 + 1).saturating_mul(unit.max(1));
        let left = limits.max_nodes.saturating_sub(nodes);
        let time_limit = limits
            .time_limit
            .map(|limit| limit.saturating_sub(start.elapsed()));
        let step = Limits {
            max_solutions: limits.max_solutions,
            max_nodes: budget.min(left),
            time_limit,
        };
        let mut result = solver.solve_randomized(puzzle, &step, restart_key(seed, restart));
        restart += 1;
        nodes = nodes.saturating_add(result.nodes);
        entropy += result.entropy;
        let budget_end = result.status == Status::NodeLimit && budget < left;
        if !budget_end {
            solver.set_dual(false);
            result.nodes = nodes;
            result.entropy = entropy;
            return (result, restart);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_starts_as_published() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(0), 1);
        assert_eq!(luby(31), 16);
        assert_eq!(luby(32), 1);
        assert_eq!(luby(62), 16);
        assert_eq!(luby(63), 32);
    }

    #[test]
    fn restart_keys_differ() {
        let keys: std::collections::HashSet<u32> = (0..1000).map(|r| restart_key(7, r)).collect();
        assert_eq!(keys.len(), 1000);
        assert_ne!(restart_key(7, 0), restart_key(8, 0));
    }
}
