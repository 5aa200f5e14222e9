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
    Cycle, Growth, Modes, Phase, Rephase, Restarts, ShareLimits, Shared, TargetReset, Walk,
    WalkScore, WalkStats,
};

use crate::board::Grid;

/// The search's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub restarts: Restarts,
    pub phase: Phase,
    /// Activity decay per conflict (EVSIDS): the increment grows by `1 / decay`.
    pub decay: f64,
    /// Learned clauses are halved first after this many conflicts...
    pub reduce_first: u64,
    /// ...then every `reduce_first + k * reduce_step` conflicts after the k-th.
    pub reduce_step: u64,
    /// Learned clauses of this LBD or less are never removed.
    pub keep_lbd: u32,
    /// Target phases (CaDiCaL's stable mode): decisions take the values of the longest
    /// conflict-free assignment met since the last removal of learned clauses, where it set
    /// the variable, the saved phase elsewhere.
    pub target: bool,
    /// When the saved phases are overwritten by the first, inverted or best ones (`phases.rs`).
    /// Off: at 36x36 50 % (400,000 conflicts, seed 1, stream 0) no cycle or reset solved any of
    /// 50_3, 4, 6, 8, and 50_9 took 703-923 thousand conflicts against 646 (docs/results/exact-and-cdcl.md#a-cdcl-stream-in-the-exact-member-issue-13).
    pub rephase: Rephase,
    /// When the target phases are reset.
    pub target_reset: TargetReset,
    /// Stable mode only, or alternating with focused mode (alternating lost 50_9 and slowed the
    /// other solved 50 % instances 2-9 times).
    pub modes: Modes,
    /// Glucose's decay ramp: from this decay up by 0.01 every 5,000 conflicts to `decay` (off:
    /// mixed on the solved 50 % instances, none of the open ones).
    pub decay_ramp: Option<f64>,
    /// Share of decisions on a variable drawn at random (MiniSat's random decisions; off: 1 %
    /// solved none of the open 50 % instances, 50_7 took 8 times the conflicts).
    pub random_decisions: f64,
    /// Local-search phases (`walk.rs`): off by default; [`Walk::SCREENED`] is the best
    /// setting measured (docs/results/exact-and-cdcl.md#local-search-phases-in-the-cdcl-kissats-walk-rephasing-issue-13-walksat-branch, "Local-search phases in the CDCL").
    pub walk: Walk,
    /// Three tiers of learned clauses (`tiers.rs`): LBD at most `keep_lbd` kept for ever, at
    /// most `tier2_lbd` kept while analysis used it in the last `tier2_window` conflicts, the
    /// rest halved at each reduction; analysis lowers a clause's LBD when it can. Off: the
    /// learned clauses above `keep_lbd` are halved by LBD alone. Off by default: at 36x36 50 %
    /// (seed 1, key 0, 500,000 conflicts) it solves all the default solves plus 50_9 (155,076
    /// conflicts against 646,218) and cuts 45 %'s slowest from 454,645 to 69,762 conflicts, but
    /// none of 50_3, 4, 6, 8 (docs/results/exact-and-cdcl.md#learned-clause-management-three-tiers-and-vivification, "Learned-clause management").
    pub tiers: bool,
    /// The highest LBD of the middle tier, and of the clauses vivification tries.
    pub tier2_lbd: u32,
    pub tier2_window: u64,
    /// Vivification of learned clauses at each reduction (`vivify.rs`), its effort in percent
    /// of the search's propagations since the last one (in propagations); 0: off. Off by
    /// default: 10 % solves 50_8 at 36x36 (key 0, 264,177 conflicts) but loses 50_7 at
    /// 500,000; 20 %, and 10 % with key 1, solve none of 50_3, 4, 6, 8, 9.
    pub vivify: u64,
    /// Reason-side bumping (CaDiCaL's `bumpreason`, after Liang et al.'s learning-rate
    /// branching): after a conflict, the variables of the reasons of the learned clause's
    /// literals are bumped too, one level deep. On by default: one stream of 1,000,000
    /// conflicts solves all ten 49x49 at 45 % with it (at most 787,369 conflicts), three of ten
    /// without (docs/results/exact-and-cdcl.md#cadical-beside-the-exact-member-and-reason-side-bumping-2026-11-25, "CaDiCaL beside the exact member, and reason-side bumping").
    /// The portfolio's 36x36 streams turn it off
    /// (`portfolio::restarts::EXACT_BUMP_REASONS_FROM_BOX`).
    pub bump_reasons: bool,
    /// Segment variables (`encode.rs`): one per digit and (row or column) x box intersection,
    /// with at-least-one and at-most-one clauses per line and per box, so unit propagation
    /// finds locked candidates (walks stay on the cell variables). Off by default: one stream
    /// of 1,000,000 conflicts at 36x36 50 % solves none of 50_3, 4, 6, 8 with it either, and
    /// the portfolio's mix with it loses 50_4 and 50_6 (docs/results/exact-and-cdcl.md#segment-variables-other-sat-solvers-both-36x36-streams-bumping-2026-11-25-ninth-session, "Segment variables").
    pub segments: bool,
}

/// The best of the settings screened at 36x36 (docs/results/exact-and-cdcl.md#a-cdcl-stream-in-the-exact-member-issue-13, "A CDCL stream in the exact
/// member"): Luby restarts of unit 100 (Glucose-style ones restart every few conflicts here and
/// solve less), value decisions ("the cell takes the digit", one instance more than MiniSat's
/// false phase at 45 %) and target phases (a quarter of the median conflicts, all ten at 45 %).
impl Default for Config {
    fn default() -> Config {
        Config {
            restarts: Restarts::Luby { unit: 100 },
            phase: Phase::True,
            decay: 0.95,
            reduce_first: 2_000,
            reduce_step: 300,
            keep_lbd: 2,
            target: true,
            rephase: Rephase::OFF,
            target_reset: TargetReset::Reduce,
            modes: Modes::Stable,
            decay_ramp: None,
            random_decisions: 0.0,
            walk: Walk::OFF,
            tiers: false,
            tier2_lbd: 6,
            tier2_window: 30_000,
            vivify: 0,
            bump_reasons: true,
            segments: false,
        }
    }
}

impl Config {
    /// The solver's settings (all but [`Config::segments`], which the encoding reads).
    pub fn solver(&self) -> evoku_sat::Config {
        evoku_sat::Config {
            restarts: self.restarts,
            phase: self.phase,
            decay: self.decay,
            reduce_first: self.reduce_first,
            reduce_step: self.reduce_step,
            keep_lbd: self.keep_lbd,
            target: self.target,
            rephase: self.rephase,
            target_reset: self.target_reset,
            modes: self.modes,
            decay_ramp: self.decay_ramp,
            random_decisions: self.random_decisions,
            walk: self.walk,
            tiers: self.tiers,
            tier2_lbd: self.tier2_lbd,
            tier2_window: self.tier2_window,
            vivify: self.vivify,
            bump_reasons: self.bump_reasons,
        }
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
        let mut solver = Solver::new(vars, config.solver(), seed, stream);
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
