//! Local-search phases (Kissat's "walk" rephasing): at decision level 0, on a conflict
//! schedule, a ProbSAT walk over the problem's clauses (a [`WalkScope`]) starts from the phases the search
//! would decide and leaves the best assignment it met as the saved (and optionally target)
//! phases.
//!
//! ProbSAT (Balint and Schöning, "Choosing probability distributions for stochastic local
//! search and the role of make versus break", SAT 2012): pick an unsatisfied clause, flip one of
//! its variables with probability proportional to `f(break)`, the break count being how many
//! clauses the flip would leave with no true literal. Level-0 facts stay fixed; learned clauses
//! are left out (they follow from the others). The walk is a pure function of the search's state,
//! its seed, stream and the walk's number (counter-based draws, integer weights), and it spends a
//! fixed number of flips per clause, so a run stays a pure function of (puzzle, config, seed).
//! A walk that satisfies every clause leaves a solution in the phases: the next descent takes it
//! without a conflict.

use crate::analyze::rescale;
use crate::clauses::{not, pos, var, Lit};
use crate::rng;
use crate::scores::Scores;
use crate::walk_cells::walk_cells;
use crate::walk_formula::{weighted_pick, Best, Counts, Formula, Weights};
use crate::Solver;

/// Stream key of the walks' draws (the walk's number is the generation).
const WALK_STREAM: u32 = 0x3a1c_5eed;
/// Flips of one walk, at most (about a second of one core).
const MAX_FLIPS: u64 = 4_000_000;

/// How a flip's break count weighs its choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WalkScore {
    /// `(1 + break)^-cb` (ProbSAT's polynomial form).
    Poly { cb: f64 },
    /// `cb^-break` (ProbSAT's exponential form).
    Exp { cb: f64 },
}

/// When and how long the search walks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Walk {
    /// Conflicts before the first walk (0: never walk); the k-th walk waits `k * interval`
    /// conflicts after the one before, at the first restart past it.
    pub interval: u64,
    /// Flips per clause left at level 0 (bounded by a few million per walk).
    pub flips_per_clause: u64,
    pub score: WalkScore,
    /// The walk's best assignment becomes the target phases too; otherwise the target phases
    /// are cleared, so decisions take the saved phases until the search sets new targets.
    pub target: bool,
    /// Moves that keep one variable true per exactly-one group of the [`WalkScope`]
    /// (`walk_cells.rs`; on Sudoku: a cell changes its digit) instead of single flips; single
    /// flips when the scope has no groups.
    pub cells: bool,
    /// Conflict-frequency bumps (Cai and Zhang, "Deep cooperation of CDCL and local search for
    /// SAT", SAT 2021): after each walk, every open variable's score rises by `bump` times its
    /// share of the walk's false clauses (how many of the clauses the walk picked held it,
    /// over the most any variable was picked in), so the decisions start where the walk kept
    /// failing; for EVSIDS in units of the current increment. 0: no bumps.
    pub bump: f64,
}

impl Walk {
    /// No walks: the default until the screen below is finished (evoku's docs/results/exact-and-cdcl.md#local-search-phases-in-the-cdcl-kissats-walk-rephasing-issue-13-walksat-branch,
    /// "Local-search phases in the CDCL").
    pub const OFF: Walk = Walk {
        interval: 0,
        flips_per_clause: 10,
        score: WalkScore::Poly { cb: 2.5 },
        target: true,
        cells: false,
        bump: 0.0,
    };

    /// The best setting screened (36x36, seed 1, stream 0, a million conflicts): literal walks
    /// of 10 flips per clause, exponential score 8, from 5,000 conflicts, the target phases
    /// cleared after each. It solved 50_6 (open without walks) in 620,536 conflicts and 50_9
    /// in 370,735 (646,218), kept the other five solved at 50 %, and took 36x36 45 % from a
    /// median of 45,193 conflicts to 5,438 (four of ten solved by the first walk). Stream 1's
    /// key: none of the open four, 45 % median 40,672 to 10,522, but 50_9 lost (826,515
    /// without walks, open at a million), so not `Config::default`. In the portfolio's exact
    /// member, beside a stream without walks and sharing clauses with it, stream 1 with these
    /// walks solves 50_4 and 50_6 (docs/results/exact-and-cdcl.md#a-mixed-portfolio-of-cdcl-streams-issue-13-mix-branch, "A mixed portfolio of CDCL streams").
    pub const SCREENED: Walk = Walk {
        interval: 5_000,
        flips_per_clause: 10,
        score: WalkScore::Exp { cb: 8.0 },
        target: false,
        cells: false,
        bump: 0.0,
    };
}

/// What the walks did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkStats {
    pub walks: u64,
    pub flips: u64,
    /// Walks that satisfied every clause.
    pub solutions: u64,
    /// Clauses the last walk's best assignment left false.
    pub last_best: u64,
}

/// What the walks walk over: clauses over the variables `0..vars` (the problem's, or those of
/// its clauses over the variables that decide the others), and exactly-one groups of
/// consecutive variables for the group moves of [`Walk::cells`].
#[derive(Clone, Debug, Default)]
pub struct WalkScope {
    vars: usize,
    /// The clauses, in the order given: `lits[starts[i]..starts[i + 1]]`.
    lits: Vec<Lit>,
    starts: Vec<u32>,
    /// Where each group starts, then the end (empty: no groups).
    groups: Vec<u32>,
}

impl WalkScope {
    /// Walks over variables `0..vars`, no clause yet.
    pub fn new(vars: usize) -> WalkScope {
        WalkScope {
            vars,
            lits: Vec::new(),
            starts: vec![0],
            groups: Vec::new(),
        }
    }

    /// A clause to walk over (its literals' variables below `vars`).
    pub fn push_clause(&mut self, clause: &[Lit]) {
        assert!(
            clause.iter().all(|&l| var(l) < self.vars),
            "a walk clause beyond the walked variables"
        );
        self.lits.extend_from_slice(clause);
        self.starts.push(self.lits.len() as u32);
    }

    /// Exactly-one groups of consecutive variables: group `i` is `starts[i]..starts[i + 1]`,
    /// the last entry the end (at most `vars`).
    pub fn set_groups(&mut self, starts: Vec<u32>) {
        assert!(
            starts.windows(2).all(|w| w[0] < w[1])
                && starts.last().is_none_or(|&e| e as usize <= self.vars),
            "groups must be increasing and within the walked variables"
        );
        self.groups = starts;
    }
}

/// The walks' schedule, the clauses they walk over and their scratch space.
#[derive(Clone, Debug)]
pub(crate) struct Walker {
    config: Walk,
    seed: u64,
    stream: u32,
    scope: WalkScope,
    /// Weight of each break count (integers: the choice is exact).
    weights: Weights,
    next: u64,
    stats: WalkStats,
}

impl Walker {
    /// The walks of `config` over `scope`; `None` when walks are off.
    pub(crate) fn new(config: &Walk, scope: WalkScope, seed: u64, stream: u32) -> Option<Walker> {
        if config.interval == 0 {
            return None;
        }
        let weights = match config.score {
            WalkScore::Poly { cb } => Weights::new(|b| (1.0 + b).powf(-cb)),
            WalkScore::Exp { cb } => Weights::new(|b| cb.powf(-b)),
        };
        Some(Walker {
            config: *config,
            seed,
            stream,
            scope,
            weights,
            next: config.interval,
            stats: WalkStats::default(),
        })
    }
}

/// A walk over `formula` from `truth` (per variable) flipping one literal at a time; leaves
/// the best assignment met in `truth` and returns its number of false clauses and the flips.
/// `picked` counts, per variable, the false clauses picked that held it.
fn walk(
    formula: &Formula,
    truth: &mut [bool],
    weights: &Weights,
    draws: &mut rng::Rng,
    (flips, picked): (u64, &mut [u32]),
) -> (usize, u64) {
    let mut state = Counts::new(formula, truth);
    let mut best = Best::new(state.unsat());
    let mut scores: Vec<u64> = Vec::new();
    let mut done = 0;
    while done < flips && state.unsat() > 0 {
        let c = state.pick_unsat(draws);
        let clause = formula.clause(c);
        // Every literal of `c` is false: flipping its variable breaks the clauses where the
        // variable's true literal is the only true one.
        scores.clear();
        let mut total = 0u64;
        for &l in clause {
            picked[var(l)] += 1;
            total += weights.of(state.breaks(formula, not(l), |_| false));
            scores.push(total);
        }
        let l = clause[weighted_pick(&scores, draws)];
        state.make_true(formula, truth, l);
        best.moved(&[var(l) as u32], state.unsat());
        done += 1;
    }
    (best.restore(formula, truth), done)
}

impl Solver {
    /// Walks when one is due; call at decision level 0, propagation done.
    pub(super) fn walk_if_due(&mut self) {
        let Some(mut walker) = self.walker.take() else {
            return;
        };
        if self.stats.conflicts >= walker.next {
            self.walk(&mut walker);
        }
        self.walker = Some(walker);
    }

    fn walk(&mut self, walker: &mut Walker) {
        debug_assert!(self.trail_lim.is_empty(), "walks start at level 0");
        let formula = Formula::new(&walker.scope.lits, &walker.scope.starts, &self.value);
        let vars = walker.scope.vars;
        let mut truth: Vec<bool> = (0..vars)
            .map(|v| match self.value[pos(v) as usize] {
                0 => match self.target[v] {
                    0 => self.phase[v],
                    t => t > 0,
                },
                fixed => fixed > 0,
            })
            .collect();
        let key = rng::stream_key(
            walker.seed,
            WALK_STREAM,
            walker.stats.walks as u32,
            walker.stream,
        );
        let flips = (walker.config.flips_per_clause * formula.clauses() as u64).min(MAX_FLIPS);
        let mut draws = rng::Rng::new(key);
        let mut picked = vec![0u32; vars];
        let (best, done) = if walker.config.cells && walker.scope.groups.len() > 1 {
            let open = |v: usize| self.value[pos(v) as usize] == 0;
            walk_cells(
                &formula,
                &mut truth,
                (&walker.scope.groups, &open),
                &walker.weights,
                &mut draws,
                (flips, &mut picked),
            )
        } else {
            walk(
                &formula,
                &mut truth,
                &walker.weights,
                &mut draws,
                (flips, &mut picked),
            )
        };
        walker.stats.walks += 1;
        walker.stats.flips += done;
        walker.stats.last_best = best as u64;
        walker.stats.solutions += u64::from(best == 0);
        walker.next = self.stats.conflicts + (walker.stats.walks + 1) * walker.config.interval;
        // A solution is taken at the next descent whatever the settings: it must be the target.
        let as_target = walker.config.target || best == 0;
        for (v, &t) in truth.iter().enumerate() {
            if self.value[pos(v) as usize] == 0 {
                self.phase[v] = t;
                self.target[v] = if !as_target {
                    0
                } else if t {
                    1
                } else {
                    -1
                };
            }
        }
        self.target_len = 0;
        if walker.config.bump > 0.0 {
            self.bump_picked(&picked, walker.config.bump);
        }
    }

    /// Raises each variable's score by `bump` times its count in `picked` over the largest
    /// count ([`Walk::bump`]).
    fn bump_picked(&mut self, picked: &[u32], bump: f64) {
        let most = picked.iter().copied().max().unwrap_or(0);
        if most == 0 {
            return;
        }
        let unit = match self.scores {
            Scores::Evsids => self.var_inc,
            Scores::Chb(_) | Scores::Lrb(_) => 1.0,
        };
        let mut large = false;
        for (v, &n) in picked.iter().enumerate() {
            if n > 0 && self.value[pos(v) as usize] == 0 {
                self.activity[v] += bump * unit * f64::from(n) / f64::from(most);
                large |= self.activity[v] > 1e100;
                self.heap.increased(v as u32, &self.activity);
            }
        }
        if large {
            rescale(&mut self.activity, &mut self.var_inc, &mut self.heap);
        }
    }

    /// What the walks did (all zero when walks are off).
    pub fn walk_stats(&self) -> WalkStats {
        self.walker
            .as_ref()
            .map_or_else(WalkStats::default, |w| w.stats)
    }
}

#[cfg(test)]
mod tests {
    use crate::{neg, pos, Branching, Config, Solver, Walk, WalkScope};

    /// Variables 0 and 1 in the four clauses no assignment satisfies (a walk keeps picking
    /// them), 2 and 3 in one clause the start already satisfies: each variable's score after
    /// one walk with `bump`, less its score before, and the variable the heap gives first.
    fn raises(bump: f64, branching: Branching) -> (Vec<f64>, u32) {
        let config = Config {
            branching,
            walk: Walk {
                interval: 1,
                bump,
                ..Walk::SCREENED
            },
            ..Config::default()
        };
        let clauses = [
            [pos(0), pos(1)],
            [pos(0), neg(1)],
            [neg(0), pos(1)],
            [neg(0), neg(1)],
            [pos(2), pos(3)],
        ];
        let mut solver = Solver::new(4, config, 1, 0);
        let mut scope = WalkScope::new(4);
        for clause in &clauses {
            solver.add_clause(clause);
            scope.push_clause(clause);
        }
        solver.set_walk_scope(scope);
        let before = solver.activity.clone();
        let mut walker = solver.walker.take().expect("walks are on");
        solver.walk(&mut walker);
        let raised = solver.activity.iter().zip(&before).map(|(a, b)| a - b);
        (raised.collect(), solver.heap.pop().expect("open variables"))
    }

    #[test]
    fn a_walk_bumps_the_variables_of_the_clauses_it_picked_the_most_picked_by_the_bump() {
        for branching in [Branching::Evsids, Branching::Chb, Branching::Lrb] {
            let (raised, first) = raises(0.75, branching);
            assert!(
                raised[0] > 0.0 && raised[1] > 0.0,
                "{branching:?}: {raised:?}"
            );
            assert_eq!(
                raised[2..],
                [0.0, 0.0],
                "{branching:?}: never in a false clause"
            );
            let most = raised[0].max(raised[1]);
            assert!((most - 0.75).abs() < 1e-12, "{branching:?}: {raised:?}");
            assert!(
                first < 2,
                "{branching:?}: the heap gives a bumped variable first"
            );
            let (raised, _) = raises(0.0, branching);
            assert_eq!(raised, [0.0; 4], "{branching:?}: no bump, no change");
        }
    }
}
