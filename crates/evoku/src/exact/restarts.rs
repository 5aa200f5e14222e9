//! Randomized restarts for the exact solver.
//!
//! Completing a partial Latin square or Sudoku is known for heavy-tailed search costs (Gomes,
//! Selman and Kautz, 1998-2000): one fixed search order may need millions of nodes where another
//! needs a hundred. So instead of one long deterministic search, [`solve`] runs a sequence of
//! short searches, each with a different random tie-break among the most constrained cells and a
//! different digit order ([`Solver::solve_randomized`]), branching also on where a digit goes in a
//! unit when that has fewer choices than the best cell ([`Solver::set_dual`]: measured to solve
//! more at 36x36 than cell branching alone, docs/results/large-boards.md#large-boards "Large boards"), with node budgets from the Luby sequence
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

/// The Luby sequence, 1-based (the CDCL's, in `evoku-sat`).
pub use evoku_sat::luby;

/// The key of restart `restart` (0-based) of a run seeded `seed`.
pub fn restart_key(seed: u64, restart: u32) -> u32 {
    stream_restart_key(seed, 0, restart)
}

/// The key of restart `restart` of stream `stream` of a run seeded `seed`: independent
/// sequences of restarts for searches run side by side (the portfolio's exact member). Stream 0
/// is [`restart_key`]'s.
pub fn stream_restart_key(seed: u64, stream: u32, restart: u32) -> u32 {
    rng::stream_key(seed, RESTART_STREAM, restart, stream)
}

/// A sequence of randomized dual-branching searches with Luby budgets, run one search at a time
/// (so that a caller can spread it over rounds): search `i` (0-based) gets `luby(i + 1) * unit`
/// nodes and the key [`stream_restart_key`]`(seed, stream, i)`.
#[derive(Clone, Debug)]
pub struct Schedule {
    seed: u64,
    stream: u32,
    unit: u64,
    restart: u32,
}

impl Schedule {
    /// `unit` 0 is taken as 1.
    pub fn new(seed: u64, stream: u32, unit: u64) -> Schedule {
        Schedule {
            seed,
            stream,
            unit: unit.max(1),
            restart: 0,
        }
    }

    /// Searches run so far.
    pub fn searches(&self) -> u32 {
        self.restart
    }

    /// The node budget of the next search.
    pub fn next_budget(&self) -> u64 {
        luby(self.restart as u64 + 1).saturating_mul(self.unit)
    }

    /// Runs the next search with its budget, cut to `limits.max_nodes` when that is smaller.
    /// Whether it ended on its budget: `status == NodeLimit` (then a next search may follow).
    pub fn search(&mut self, solver: &mut Solver, puzzle: &Grid, limits: &Limits) -> ExactResult {
        let step = Limits {
            max_solutions: limits.max_solutions,
            max_nodes: self.next_budget().min(limits.max_nodes),
            time_limit: limits.time_limit,
        };
        let key = stream_restart_key(self.seed, self.stream, self.restart);
        solver.set_dual(true);
        let result = solver.solve_randomized(puzzle, &step, key);
        solver.set_dual(false);
        self.restart += 1;
        result
    }
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
    let mut schedule = Schedule::new(seed, 0, unit);
    let mut nodes = 0u64;
    let mut entropy = 0.0;
    loop {
        let budget = schedule.next_budget();
        let left = limits.max_nodes.saturating_sub(nodes);
        let step = Limits {
            max_solutions: limits.max_solutions,
            max_nodes: left,
            time_limit: limits
                .time_limit
                .map(|limit| limit.saturating_sub(start.elapsed())),
        };
        let mut result = schedule.search(solver, puzzle, &step);
        nodes = nodes.saturating_add(result.nodes);
        entropy += result.entropy;
        let budget_end = result.status == Status::NodeLimit && budget < left;
        if !budget_end {
            result.nodes = nodes;
            result.entropy = entropy;
            return (result, schedule.searches());
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
        assert_eq!(stream_restart_key(7, 0, 3), restart_key(7, 3));
        assert_ne!(stream_restart_key(7, 1, 3), restart_key(7, 3));
    }

    #[test]
    fn a_schedule_gives_luby_budgets() {
        let schedule = Schedule::new(1, 0, 1_000);
        assert_eq!(schedule.next_budget(), 1_000);
        assert_eq!(Schedule::new(1, 0, 0).next_budget(), 1);
    }
}
