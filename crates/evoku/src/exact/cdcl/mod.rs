//! A conflict-driven clause-learning (CDCL) search over the puzzle's open candidates, resumable
//! under a conflict budget: the Sudoku layer over the `evoku-sat` solver.
//!
//! The exact solver's propagation fixes what it can first; every (open cell, candidate digit)
//! left is a Boolean variable (`encode.rs`), and [`evoku_sat::Solver`] searches the clauses
//! (two watched literals, first-UIP learning, EVSIDS, target phases, Luby restarts, tiers,
//! vivification, local-search walks over the cells as exactly-one groups).
//!
//! A run is a pure function of (puzzle, [`Config`], seed): the solver's draws are keyed by the
//! seed, and [`Cdcl::run`] stops only right after a conflict, so running `a` then `b` conflicts
//! takes the very trajectory of one run of `a + b`. Every solution is checked against the
//! puzzle's rules before it is returned.

mod dimacs;
mod encode;

pub use dimacs::dimacs;
use encode::{encode, Encoded};
use evoku_sat::{neg, Solver, Status};
pub use evoku_sat::{
    Branching, Cycle, Growth, Modes, Phase, Rephase, Restarts, ShareLimits, Shared, TargetReset,
    Walk, WalkScore, WalkStats,
};

use crate::board::Grid;

/// The solver's settings ([`evoku_sat::Config`]: restarts, phases, learned-clause management,
/// walks; their defaults are the best screened on Sudoku encodings at 36x36,
/// docs/results/exact-and-cdcl.md#a-cdcl-stream-in-the-exact-member-issue-13).
pub use evoku_sat::Config as SolverConfig;

/// The search's settings: the solver's, and how the puzzle is encoded. Reads and writes of the
/// solver's fields go through to them (`config.walk`, [`std::ops::Deref`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    pub solver: SolverConfig,
    /// Segment variables (`encode.rs`): one per digit and (row or column) x box intersection,
    /// with at-least-one and at-most-one clauses per line and per box, so unit propagation
    /// finds locked candidates (walks stay on the cell variables). Off by default: one stream
    /// of 1,000,000 conflicts at 36x36 50 % solves none of 50_3, 4, 6, 8 with it either, and
    /// the portfolio's mix with it loses 50_4 and 50_6 (docs/results/exact-and-cdcl.md#segment-variables-other-sat-solvers-both-36x36-streams-bumping-2026-11-25-ninth-session, "Segment variables").
    pub segments: bool,
}

impl From<SolverConfig> for Config {
    /// The solver's settings on the cell variables alone (no segments).
    fn from(solver: SolverConfig) -> Config {
        Config {
            solver,
            segments: false,
        }
    }
}

impl std::ops::Deref for Config {
    type Target = SolverConfig;
    fn deref(&self) -> &SolverConfig {
        &self.solver
    }
}

impl std::ops::DerefMut for Config {
    fn deref_mut(&mut self) -> &mut SolverConfig {
        &mut self.solver
    }
}

/// Where a run stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution, checked against the puzzle.
    Solved(Grid),
    /// Proven: the puzzle has no solution.
    Unsat,
    /// The conflict budget is spent; [`Cdcl::run`] again continues.
    Budget,
    /// The full assignment failed the host's check (a bug, never seen): the search ends without
    /// an answer rather than return a wrong grid or panic.
    Abandoned,
}

/// Work done so far (the solver's).
pub use evoku_sat::Stats;

/// A resumable CDCL search on one puzzle.
pub struct Cdcl {
    puzzle: Grid,
    /// The givens plus the cells propagation fixed.
    base: Grid,
    /// `(cell, digit)` of each cell variable.
    cells: Vec<(u32, u8)>,
    solver: Solver,
    done: Option<Outcome>,
}

impl Cdcl {
    /// The search for `puzzle` (propagated first), keyed by `seed`; `stream` keys independent
    /// searches of one seed.
    pub fn new(puzzle: &Grid, config: Config, seed: u64, stream: u32) -> Cdcl {
        let (base, enc, done) = match encode(puzzle, config.segments) {
            Encoded::Unsat => (puzzle.clone(), None, Some(Outcome::Unsat)),
            Encoded::Solved(grid) if grid.solves(puzzle) => {
                (grid.clone(), None, Some(Outcome::Solved(grid)))
            }
            Encoded::Cnf(enc) => (enc.grid.clone(), Some(enc), None),
            Encoded::Solved(_) => unreachable!("propagation filled the board against a rule"),
        };
        let vars = enc.as_ref().map_or(0, encode::Encoding::variables);
        let mut solver = Solver::new(vars, config.solver.clone(), seed, stream);
        // A stop request ends a long budget within a few conflicts ([`Cdcl::set_stop`]).
        solver.set_interrupt(Some(Box::new(crate::stop::requested)));
        if let Some(enc) = &enc {
            if config.walk.interval > 0 {
                solver.set_walk_scope(enc.walk_scope());
            }
            // Binary clauses first, then the others, each as given.
            for &(a, b) in &enc.binaries {
                solver.add_clause(&[a, b]);
            }
            for clause in &enc.clauses {
                solver.add_clause(clause);
            }
        }
        Cdcl {
            puzzle: puzzle.clone(),
            base,
            cells: enc.map_or_else(Vec::new, |e| e.vars),
            solver,
            done,
        }
    }

    /// The search for a solution of `puzzle` other than `solution` (one of its solutions): the
    /// search of [`Cdcl::new`] with one clause more, that some open cell holds another digit
    /// than in `solution` (cells propagation fixed hold the same digit in every solution). It
    /// ends [`Outcome::Unsat`] when `solution` is the only one, as it does at once when
    /// propagation alone solves the puzzle.
    pub fn excluding(
        puzzle: &Grid,
        solution: &Grid,
        config: Config,
        seed: u64,
        stream: u32,
    ) -> Cdcl {
        let mut cdcl = Cdcl::new(puzzle, config, seed, stream);
        match &cdcl.done {
            Some(Outcome::Solved(_)) => cdcl.done = Some(Outcome::Unsat),
            Some(_) => {}
            None => {
                let other: Vec<_> = (cdcl.cells.iter().enumerate())
                    .filter(|&(_, &(cell, digit))| solution.get(cell as usize) == digit)
                    .map(|(v, _)| neg(v))
                    .collect();
                cdcl.solver.add_clause(&other);
            }
        }
        cdcl
    }

    /// Ends every later [`Cdcl::run`] early ([`Outcome::Budget`]) once `stop` is reached: its
    /// request or its deadline, polled every few conflicts.
    pub fn set_stop(&mut self, stop: crate::stop::Stop) {
        self.solver
            .set_interrupt(Some(Box::new(move || stop.reached())));
    }

    /// Searches until a solution, a proof of none, or `budget` more conflicts (then
    /// [`Outcome::Budget`]; calling again continues exactly where it stopped). Once the search
    /// has ended every call returns its end. A budget of 0 does nothing.
    pub fn run(&mut self, budget: u64) -> Outcome {
        if let Some(done) = &self.done {
            return done.clone();
        }
        let outcome = match self.solver.solve(budget) {
            Status::Budget => return Outcome::Budget,
            Status::Unsat => Outcome::Unsat,
            Status::Sat => match self.model() {
                Some(grid) => Outcome::Solved(grid),
                None => {
                    log::error!(
                        "the CDCL's full assignment breaks a Sudoku rule (an encoding bug): this \
                         search gives up"
                    );
                    Outcome::Abandoned
                }
            },
        };
        self.done = Some(outcome.clone());
        outcome
    }

    /// Variables of the encoding (open candidates after propagation, and segments when
    /// [`Config::segments`]).
    pub fn variables(&self) -> usize {
        self.solver.variables()
    }

    /// Binary and long clauses now held (learned ones included).
    pub fn clause_counts(&self) -> (usize, usize) {
        self.solver.clause_counts()
    }

    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// What the walks did (all zero when walks are off).
    pub fn walk_stats(&self) -> WalkStats {
        self.solver.walk_stats()
    }

    /// The search's end, once it has one.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.done.as_ref()
    }

    /// Whether this search keeps its short learned clauses for [`Cdcl::take_exports`], and
    /// which (off until set: a search nobody reads from keeps nothing).
    pub fn set_export(&mut self, limits: Option<ShareLimits>) {
        self.solver.set_export(limits);
    }

    /// The clauses kept since the last call (none when exporting is off).
    pub fn take_exports(&mut self) -> Shared {
        self.solver.take_exports()
    }

    /// Adds `shared` (clauses another search of this puzzle learned: every search of one
    /// puzzle numbers its cell variables alike, the encoding depending on the puzzle alone) to
    /// this search ([`Solver::import`]); a clause over segment variables this search lacks is
    /// skipped. Returns how many were added.
    pub fn import(&mut self, shared: &Shared) -> usize {
        if self.done.is_some() {
            return 0;
        }
        self.solver.import(shared)
    }

    /// The full assignment as a grid, checked; `None` if it breaks a rule (a bug).
    fn model(&self) -> Option<Grid> {
        let mut grid = self.base.clone();
        for (v, &(cell, digit)) in self.cells.iter().enumerate() {
            if self.solver.value(v) == Some(true) {
                grid.set(cell as usize, digit);
            }
        }
        grid.solves(&self.puzzle).then_some(grid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Geometry;
    use evoku_sat::pos;

    /// A clause naming a variable the importer lacks (a segment variable of a search with
    /// `Config::segments`) is skipped; one over its own variables is taken.
    #[test]
    fn import_skips_clauses_over_variables_the_search_lacks() {
        let empty = Grid::empty(Geometry::new(3).unwrap());
        let mut cdcl = Cdcl::new(&empty, Config::default(), 1, 0);
        let vars = cdcl.variables();
        assert_eq!(vars, 729);
        let mut shared = Shared::default();
        shared.push(&[pos(0), pos(vars + 3)], 2);
        assert_eq!(cdcl.import(&shared), 0);
        shared.push(&[pos(0), pos(1), pos(2)], 2);
        assert_eq!(cdcl.import(&shared), 1);
        assert_eq!(cdcl.stats().imported, 1);
    }
}
