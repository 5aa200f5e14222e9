//! A conflict-driven clause-learning (CDCL) search over the puzzle's open candidates, resumable
//! under a conflict budget.
//!
//! The exact solver's propagation fixes what it can first; every (open cell, candidate digit)
//! left is a Boolean variable (`encode.rs`). The search is the standard one (MiniSat, Glucose):
//! two watched literals with binary clauses in implication lists (`clauses.rs`, the loop in
//! `propagate.rs`), first-UIP conflict analysis with recursive clause minimisation
//! (`analyze.rs`), EVSIDS activities in a binary heap (`heap.rs`), phase saving, Luby or
//! Glucose-style restarts and removal of learned clauses by LBD or in three tiers (`search.rs`,
//! `restart.rs`, `tiers.rs`), vivification of learned clauses (`vivify.rs`).
//!
//! A run is a pure function of (puzzle, [`Config`], seed): the initial activities (and phases
//! when [`Phase::Random`]) are drawn from the counter-based hash keyed by the seed, floating
//! point is used in a fixed order, and [`Cdcl::run`] stops only right after a conflict, so
//! running `a` then `b` conflicts takes the very trajectory of one run of `a + b`. Every
//! solution is checked against the puzzle's rules before it is returned.

mod analyze;
mod clauses;
mod encode;
mod heap;
mod phases;
mod propagate;
mod restart;
mod search;
mod share;
mod tiers;
mod vivify;
mod walk;
mod walk_cells;
mod walk_formula;

use clauses::{not, pos, ClauseRef, Clauses, Lit};
use encode::{encode, Encoded};
use heap::VarHeap;
use phases::PhaseState;
pub use phases::{Cycle, Growth, Modes, Rephase, TargetReset};
use restart::RestartState;
pub use restart::Restarts;
pub use share::{ShareLimits, Shared};
pub use walk::{Walk, WalkScore, WalkStats};

use crate::board::Grid;
use crate::rng;

/// Stream key separating the CDCL's draws from every other use of the seed.
const CDCL_STREAM: u32 = 0xcdc1_5eed;

/// The initial value a decision gives a variable never assigned before (phase saving keeps the
/// last value after that).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// "This cell does not take this digit" (MiniSat's default).
    False,
    /// "This cell takes this digit" (a value choice, as the tree search makes).
    True,
    /// Drawn per variable from the seed.
    Random,
}

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

/// Work done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub conflicts: u64,
    /// Literals taken off the propagation queue.
    pub propagations: u64,
    pub decisions: u64,
    pub restarts: u64,
    /// Learned clauses removed.
    pub removed: u64,
    /// Rephases and switches between focused and stable mode (`phases.rs`).
    pub rephases: u64,
    pub mode_switches: u64,
    /// Clauses taken from other searches ([`Cdcl::import`]).
    pub imported: u64,
    /// Learned clauses vivification shortened, and the propagations it spent (not counted in
    /// `propagations`).
    pub vivified: u64,
    pub vivify_propagations: u64,
}

/// Why a literal is true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    /// A decision or a level-0 fact.
    None,
    /// A binary clause; the other literal (false).
    Binary(Lit),
    /// A long clause whose first literal is the one implied.
    Long(ClauseRef),
}

/// A resumable CDCL search on one puzzle.
pub struct Cdcl {
    puzzle: Grid,
    /// The givens plus the cells propagation fixed.
    base: Grid,
    /// `(cell, digit)` of each variable.
    cells: Vec<(u32, u8)>,
    config: Config,
    clauses: Clauses,
    /// Per literal: 1 true, -1 false, 0 unassigned.
    value: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    qhead: usize,
    activity: Vec<f64>,
    var_inc: f64,
    heap: VarHeap,
    /// Saved phase per variable: true for the positive literal.
    phase: Vec<bool>,
    /// Target phase per variable (1 positive, -1 negative, 0 none) and the length of the
    /// assignment it was taken from.
    target: Vec<i8>,
    target_len: usize,
    phases: PhaseState,
    // Analysis scratch.
    seen: Vec<bool>,
    learnt: Vec<Lit>,
    to_clear: Vec<Lit>,
    stack: Vec<Lit>,
    level_stamp: Vec<u64>,
    stamp: u64,
    restart: RestartState,
    next_reduce: u64,
    reductions: u64,
    /// The search's propagations at the last vivification.
    vivify_mark: u64,
    stats: Stats,
    done: Option<Outcome>,
    walker: Option<walk::Walker>,
    /// Short learned clauses kept for another search, when exporting ([`Cdcl::set_export`]).
    exports: Option<share::Exports>,
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
        let key = rng::stream_key(seed, CDCL_STREAM, 0, stream);
        let mut draws = rng::Rng::new(key);
        // Initial activities below one increment: a keyed tie-break until conflicts decide.
        let activity: Vec<f64> = (0..vars)
            .map(|_| f64::from(draws.next_u32()) / 4_294_967_296.0 * 1e-3)
            .collect();
        let phase: Vec<bool> = (0..vars)
            .map(|_| match config.phase {
                Phase::False => false,
                Phase::True => true,
                Phase::Random => draws.next_u32() & 1 == 1,
            })
            .collect();
        let next_reduce = config.reduce_first;
        let restart = RestartState::new(&phases::first_restarts(&config));
        let phases = PhaseState::new(&config, phase.clone(), seed, stream);
        let walker = enc
            .as_ref()
            .and_then(|e| walk::Walker::new(&config.walk, e, seed, stream));
        let mut cdcl = Cdcl {
            puzzle: puzzle.clone(),
            base,
            cells: enc.as_ref().map_or_else(Vec::new, |e| e.vars.clone()),
            config,
            clauses: Clauses::new(vars),
            value: vec![0; 2 * vars],
            level: vec![0; vars],
            reason: vec![Reason::None; vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            heap: VarHeap::new(vars, &activity),
            activity,
            var_inc: 1.0,
            phase,
            target: vec![0; vars],
            target_len: 0,
            phases,
            seen: vec![false; vars],
            learnt: Vec::new(),
            to_clear: Vec::new(),
            stack: Vec::new(),
            level_stamp: vec![0; vars + 1],
            stamp: 0,
            restart,
            next_reduce,
            reductions: 0,
            vivify_mark: 0,
            stats: Stats::default(),
            done,
            walker,
            exports: None,
        };
        if let Some(enc) = enc {
            cdcl.load(&enc);
        }
        cdcl
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
                let other: Vec<Lit> = (cdcl.cells.iter().enumerate())
                    .filter(|&(_, &(cell, digit))| solution.get(cell as usize) == digit)
                    .map(|(v, _)| not(pos(v)))
                    .collect();
                cdcl.add_clause(&other);
            }
        }
        cdcl
    }

    /// Adds the encoding's clauses; a clause found empty or false at level 0 ends the search.
    fn load(&mut self, enc: &encode::Encoding) {
        for &(a, b) in &enc.binaries {
            self.clauses.add_binary(a, b);
        }
        for clause in &enc.clauses {
            self.add_clause(clause);
        }
    }

    /// Adds a clause of the problem at decision level 0; one found empty or false ends the
    /// search.
    fn add_clause(&mut self, clause: &[Lit]) {
        match clause.len() {
            0 => self.done = Some(Outcome::Unsat),
            1 => match self.value[clause[0] as usize] {
                -1 => self.done = Some(Outcome::Unsat),
                0 => self.assign(clause[0], Reason::None),
                _ => {}
            },
            2 => self.clauses.add_binary(clause[0], clause[1]),
            _ => {
                self.clauses.add_long(clause, false, 0, 0);
            }
        }
    }

    /// Variables of the encoding (open candidates after propagation, and segments when
    /// [`Config::segments`]).
    pub fn variables(&self) -> usize {
        self.level.len()
    }

    /// Binary and long clauses now held (learned ones included).
    pub fn clause_counts(&self) -> (usize, usize) {
        let long = self.clauses.watches.iter().map(Vec::len).sum::<usize>() / 2;
        (self.clauses.binaries, long)
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The search's end, once it has one.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.done.as_ref()
    }

    /// The full assignment as a grid, checked; `None` if it breaks a rule (a bug).
    fn model(&self) -> Option<Grid> {
        let mut grid = self.base.clone();
        for (v, &(cell, digit)) in self.cells.iter().enumerate() {
            if self.value[pos(v) as usize] == 1 {
                grid.set(cell as usize, digit);
            }
        }
        grid.solves(&self.puzzle).then_some(grid)
    }
}
