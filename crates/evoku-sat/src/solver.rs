//! The solver's state, its settings, and adding clauses.
//!
//! The search is the standard one (MiniSat, Glucose):
//! two watched literals with binary clauses in implication lists (`clauses.rs`, the loop in
//! `propagate.rs`), first-UIP conflict analysis with recursive clause minimisation
//! (`analyze.rs`), EVSIDS activities in a binary heap (`heap.rs`), phase saving, Luby or
//! Glucose-style restarts and removal of learned clauses by LBD or in three tiers (`search.rs`,
//! `restart.rs`, `tiers.rs`), vivification of learned clauses (`vivify.rs`).
//!
//! A run is a pure function of (clauses, [`Config`], seed): the initial activities (and phases
//! when [`Phase::Random`]) are drawn from the counter-based hash keyed by the seed, floating
//! point is used in a fixed order, and [`Cdcl::run`] stops only right after a conflict, so
//! running `a` then `b` conflicts takes the very trajectory of one run of `a + b`.

use crate::clauses::{not, pos, ClauseRef, Clauses, Lit};
use crate::heap::VarHeap;
use crate::phases::{self, PhaseState};
use crate::restart::RestartState;
use crate::rng;
use crate::walk::{self, WalkScope};
use crate::{share, Modes, Rephase, Restarts, TargetReset, Walk};

/// Stream key separating the CDCL's draws from every other use of the seed.
pub(crate) const CDCL_STREAM: u32 = 0xcdc1_5eed;

/// The initial value a decision gives a variable never assigned before (phase saving keeps the
/// last value after that).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// False (MiniSat's default).
    False,
    /// True (on a Sudoku encoding: "this cell takes this digit", a value choice).
    True,
    /// Drawn per variable from the seed.
    Random,
}

/// How the search picks its next decision variable: the unassigned one of highest score, each
/// kind keeping its scores in the same heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branching {
    /// Exponential VSIDS (MiniSat's): each variable met by a conflict's analysis (and, with
    /// [`Config::bump_reasons`], each in the reasons of the learned clause's literals) gains
    /// an increment that grows by `1 / decay` a conflict.
    Evsids,
    /// Conflict-history-based branching (CHB, `chb.rs`): a recency-weighted average of
    /// rewards each time a variable is assigned, larger the more recently it took part in a
    /// conflict (with `bump_reasons`, taking part includes the reasons' variables). One stream
    /// of 1,000,000 conflicts at 36x36 45 % needs 323,862 conflicts for the ten against
    /// 836,080 with EVSIDS.
    Chb,
    /// Learning-rate-based branching (LRB, `lrb.rs`), CHB's successor: a recency-weighted
    /// average of each variable's learning rate over the intervals it stays assigned (with
    /// `bump_reasons`, plus the reason-side rate), and scores that fade while unassigned.
    Lrb,
}

impl std::str::FromStr for Branching {
    type Err = String;

    /// `evsids`, `chb` or `lrb`.
    fn from_str(name: &str) -> Result<Branching, String> {
        match name {
            "evsids" => Ok(Branching::Evsids),
            "chb" => Ok(Branching::Chb),
            "lrb" => Ok(Branching::Lrb),
            _ => Err(format!(
                "a decision order is evsids, chb or lrb, not {name:?}"
            )),
        }
    }
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
    /// 50_3, 4, 6, 8, and 50_9 took 703-923 thousand conflicts against 646 (docs/RESULTS.md).
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
    /// setting measured (docs/RESULTS.md, "Local-search phases in the CDCL").
    pub walk: Walk,
    /// Three tiers of learned clauses (`tiers.rs`): LBD at most `keep_lbd` kept for ever, at
    /// most `tier2_lbd` kept while analysis used it in the last `tier2_window` conflicts, the
    /// rest halved at each reduction; analysis lowers a clause's LBD when it can. Off: the
    /// learned clauses above `keep_lbd` are halved by LBD alone. Off by default: at 36x36 50 %
    /// (seed 1, key 0, 500,000 conflicts) it solves all the default solves plus 50_9 (155,076
    /// conflicts against 646,218) and cuts 45 %'s slowest from 454,645 to 69,762 conflicts, but
    /// none of 50_3, 4, 6, 8 (docs/RESULTS.md, "Learned-clause management").
    pub tiers: bool,
    /// Shrinking (all-UIP per level, Feng and Bacchus; Kissat's `shrink`): after minimisation,
    /// the learned clause's literals of one lower level are replaced by that level's UIP of
    /// them where resolving to it brings no literal of another level not in the clause.
    pub shrink: bool,
    /// Binary minimisation (Glucose's `binResMinimize`): after minimisation, a literal of a
    /// learned clause of at most 30 literals is dropped when a binary clause with the
    /// asserting literal resolves it away (the asserting literal's implication list holds its
    /// negation, true at the conflict).
    pub bin_minimize: bool,
    /// How the search orders its decisions ([`Branching`]): EVSIDS by default; the
    /// portfolio's streams take CHB at 36x36 and its first stream at 49x49 and 64x64 too
    /// (`portfolio::restarts::EXACT_CHB_MAX_BOX`).
    pub branching: Branching,
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
    /// without (docs/RESULTS.md, "CaDiCaL beside the exact member, and reason-side bumping").
    /// The portfolio's 36x36 streams turn it off
    /// (`portfolio::restarts::EXACT_BUMP_REASONS_FROM_BOX`).
    pub bump_reasons: bool,
    /// Decisions in the smallest group (`groups.rs`): of the few unassigned variables of
    /// highest score, the decision goes to the one of highest score per unassigned variable of
    /// its smallest all-positive problem clause (a constraint solver's dom/wdeg). Off by
    /// default: one CHB stream at 36x36 50 % solves three of the four instances open at 1 M
    /// conflicts without it (50_4, 50_6, 50_8; seed 1, one with seed 2), but the portfolio's
    /// member with it solved 39 of 50 runs in 100 rounds (seeds 1-5) against 38 without, and
    /// the 60 s suite 33 against 35 (evoku's
    /// docs/results/hardness.md, "Decisions in the smallest group").
    pub group_decisions: bool,
}

/// The best of the settings screened on Sudoku encodings at 36x36 (evoku's docs/RESULTS.md, "A
/// CDCL stream in the exact member"): Luby restarts of unit 100 (Glucose-style ones restart every few conflicts here and
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
            shrink: false,
            bin_minimize: false,
            branching: Branching::Evsids,
            tier2_lbd: 6,
            tier2_window: 30_000,
            vivify: 0,
            bump_reasons: true,
            group_decisions: false,
        }
    }
}

/// Where a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every variable is assigned and every clause holds: [`Solver::model`].
    Sat,
    /// Proven: the clauses have no model.
    Unsat,
    /// The conflict budget is spent; [`Solver::solve`] again continues.
    Budget,
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
    /// Clauses taken from other searches ([`Solver::import`]).
    pub imported: u64,
    /// Learned clauses vivification shortened, and the propagations it spent (not counted in
    /// `propagations`).
    pub vivified: u64,
    pub vivify_propagations: u64,
    /// Literals shrinking took out of learned clauses.
    pub shrunk: u64,
    /// Literals binary minimisation took out of learned clauses.
    pub bin_minimized: u64,
}

/// Why a literal is true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reason {
    /// A decision or a level-0 fact.
    None,
    /// A binary clause; the other literal (false).
    Binary(Lit),
    /// A long clause whose first literal is the one implied.
    Long(ClauseRef),
}

/// A resumable CDCL search over a fixed set of variables.
pub struct Solver {
    pub(crate) config: Config,
    pub(crate) clauses: Clauses,
    /// Per literal: 1 true, -1 false, 0 unassigned.
    pub(crate) value: Vec<i8>,
    pub(crate) level: Vec<u32>,
    pub(crate) reason: Vec<Reason>,
    pub(crate) trail: Vec<Lit>,
    pub(crate) trail_lim: Vec<usize>,
    pub(crate) qhead: usize,
    pub(crate) activity: Vec<f64>,
    pub(crate) var_inc: f64,
    pub(crate) heap: VarHeap,
    /// The decision order's state after [`Config::branching`] (`scores.rs`).
    pub(crate) scores: crate::scores::Scores,
    /// Saved phase per variable: true for the positive literal.
    pub(crate) phase: Vec<bool>,
    /// Target phase per variable (1 positive, -1 negative, 0 none) and the length of the
    /// assignment it was taken from.
    pub(crate) target: Vec<i8>,
    pub(crate) target_len: usize,
    pub(crate) phases: PhaseState,
    /// The all-positive problem clauses, when [`Config::group_decisions`] (`groups.rs`).
    pub(crate) groups: Option<crate::groups::Groups>,
    // Analysis scratch.
    pub(crate) seen: Vec<bool>,
    pub(crate) learnt: Vec<Lit>,
    pub(crate) to_clear: Vec<Lit>,
    pub(crate) stack: Vec<(Lit, u32)>,
    /// Minimisation's marks of variables that do not follow from the learned clause.
    pub(crate) poison: Vec<bool>,
    pub(crate) poisoned: Vec<u32>,
    /// Per decision level, the learned clause's literals there (during minimisation; else 0).
    pub(crate) level_count: Vec<u32>,
    pub(crate) level_stamp: Vec<u64>,
    pub(crate) stamp: u64,
    pub(crate) restart: RestartState,
    pub(crate) next_reduce: u64,
    pub(crate) reductions: u64,
    /// The search's propagations at the last vivification.
    pub(crate) vivify_mark: u64,
    pub(crate) stats: Stats,
    pub(crate) done: Option<Status>,
    pub(crate) walker: Option<walk::Walker>,
    /// Short learned clauses kept for another search, when exporting ([`Solver::set_export`]).
    pub(crate) exports: Option<share::Exports>,
    pub(crate) seed: u64,
    pub(crate) stream: u32,
    /// Polled every [`INTERRUPT_EVERY`] conflicts ([`Solver::set_interrupt`]).
    pub(crate) interrupt: Option<Interrupt>,
}

/// A caller's stop condition (a signal flag, a deadline), polled inside [`Solver::solve`].
pub type Interrupt = Box<dyn Fn() -> bool + Send + Sync>;

/// Conflicts between two polls of the interrupt: a few milliseconds on the largest boards.
pub(crate) const INTERRUPT_EVERY: u64 = 64;

impl Solver {
    /// A search over `vars` variables and no clause yet, keyed by `seed`; `stream` keys
    /// independent searches of one seed.
    pub fn new(vars: usize, config: Config, seed: u64, stream: u32) -> Solver {
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
        let scores = crate::scores::Scores::new(config.branching, vars);
        let next_reduce = config.reduce_first;
        let restart = RestartState::new(&phases::first_restarts(&config));
        let phases = PhaseState::new(&config, phase.clone(), seed, stream);
        let groups = config
            .group_decisions
            .then(|| crate::groups::Groups::new(vars));
        Solver {
            config,
            clauses: Clauses::new(vars),
            value: vec![0; 2 * vars],
            level: vec![0; vars],
            reason: vec![Reason::None; vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            heap: VarHeap::new(vars, &activity),
            scores,
            activity,
            var_inc: 1.0,
            phase,
            target: vec![0; vars],
            target_len: 0,
            phases,
            groups,
            seen: vec![false; vars],
            learnt: Vec::new(),
            to_clear: Vec::new(),
            stack: Vec::new(),
            poison: vec![false; vars],
            poisoned: Vec::new(),
            level_count: vec![0; vars + 1],
            level_stamp: vec![0; vars + 1],
            stamp: 0,
            restart,
            next_reduce,
            reductions: 0,
            vivify_mark: 0,
            stats: Stats::default(),
            done: None,
            walker: None,
            exports: None,
            seed,
            stream,
            interrupt: None,
        }
    }

    /// A condition [`Solver::solve`] polls every few conflicts: once it holds, `solve` returns
    /// [`Status::Budget`] early (calling again continues where it stopped), so that a caller's
    /// stop request or deadline ends a long budget within milliseconds. None by default.
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.interrupt = interrupt;
    }

    /// Adds a clause (literals of variables below [`Solver::variables`]) at decision level 0;
    /// allowed before the first [`Solver::solve`] and between calls (the search goes back to
    /// level 0 first, as a restart does, without counting one). Repeated literals count once;
    /// a clause with a literal and its negation is dropped. An empty clause, or a unit one
    /// false at level 0, ends the search [`Status::Unsat`]. Returns `false` once the search is
    /// known unsatisfiable. After [`Status::Sat`] the search goes on with the clause added
    /// (a blocking clause, say).
    ///
    /// Before any propagation the clause goes in as given (the pending level-0 literals are
    /// propagated later); after, it is first simplified by the level-0 values, so that its two
    /// watched literals are never false at level 0.
    pub fn add_clause(&mut self, clause: &[Lit]) -> bool {
        match self.done {
            Some(Status::Unsat) => return false,
            // A clause more after a model: the search goes on from it.
            Some(_) => self.done = None,
            None => {}
        }
        let vars = self.variables();
        assert!(
            clause.iter().all(|&l| crate::var(l) < vars),
            "a literal of a variable beyond the solver's {vars}"
        );
        self.backtrack(0);
        let mut lits: Vec<Lit> = Vec::with_capacity(clause.len());
        for &l in clause {
            if lits.contains(&not(l)) {
                return true;
            }
            if !lits.contains(&l) {
                lits.push(l);
            }
        }
        if self.qhead > 0 {
            if lits.iter().any(|&l| self.value[l as usize] == 1) {
                return true;
            }
            lits.retain(|&l| self.value[l as usize] == 0);
        }
        self.add_problem_clause(&lits);
        self.done != Some(Status::Unsat)
    }

    /// Adds a clause of the problem at decision level 0; one found empty or false ends the
    /// search.
    fn add_problem_clause(&mut self, clause: &[Lit]) {
        match clause.len() {
            0 => self.done = Some(Status::Unsat),
            1 => match self.value[clause[0] as usize] {
                -1 => self.done = Some(Status::Unsat),
                0 => self.assign(clause[0], Reason::None),
                _ => {}
            },
            2 => self.clauses.add_binary(clause[0], clause[1]),
            _ => {
                self.clauses.add_long(clause, false, 0, 0);
            }
        }
        if let Some(groups) = &mut self.groups {
            groups.add(clause);
        }
    }

    /// The variables (fixed at [`Solver::new`]).
    pub fn variables(&self) -> usize {
        self.level.len()
    }

    /// Binary and long clauses now held (learned ones included).
    pub fn clause_counts(&self) -> (usize, usize) {
        let long = self
            .clauses
            .lists
            .iter()
            .map(|l| l.watches.len())
            .sum::<usize>()
            / 2;
        (self.clauses.binaries, long)
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The search's end, once it has one.
    pub fn status(&self) -> Option<Status> {
        self.done
    }

    /// The value of variable `v` in the model, once [`Status::Sat`] (`None` before).
    pub fn value(&self, v: usize) -> Option<bool> {
        (self.done == Some(Status::Sat)).then(|| self.value[pos(v) as usize] == 1)
    }

    /// The model, one value per variable, once [`Status::Sat`].
    pub fn model(&self) -> Option<Vec<bool>> {
        (self.done == Some(Status::Sat)).then(|| {
            (0..self.variables())
                .map(|v| self.value[pos(v) as usize] == 1)
                .collect()
        })
    }

    /// Walks (`Config::walk`) over `scope`: without one, no walk is made.
    pub fn set_walk_scope(&mut self, scope: WalkScope) {
        self.walker = walk::Walker::new(&self.config.walk, scope, self.seed, self.stream);
    }
}

#[cfg(test)]
mod tests {
    use super::Branching;

    #[test]
    fn each_decision_order_is_read_by_its_name_and_no_other() {
        for b in [Branching::Evsids, Branching::Chb, Branching::Lrb] {
            let name = format!("{b:?}").to_lowercase();
            assert_eq!(name.parse::<Branching>(), Ok(b));
        }
        for bad in ["vsids", "CHB", "", "lrb "] {
            let err = bad.parse::<Branching>().unwrap_err();
            assert!(err.contains("evsids, chb or lrb"), "{err}");
        }
    }
}
