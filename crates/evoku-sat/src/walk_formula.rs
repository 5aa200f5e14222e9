//! What the local-search walks (`walk.rs`, `walk_cells.rs`) share: the formula at level 0 with
//! its occurrence lists, true-literal counts per clause kept incrementally with the list of
//! false clauses, and the choice weighted by break counts.

use super::clauses::{not, pos, var, Lit};
use crate::rng;

/// Break counts at or above this share the last weight.
const MAX_BREAK: usize = 64;
/// Weight of a flip that breaks nothing.
const WEIGHT_ONE: f64 = (1u32 << 20) as f64;

/// Integer weight per break count, so a choice is exact whatever the platform's rounding of
/// sums.
#[derive(Clone, Debug)]
pub(super) struct Weights([u64; MAX_BREAK + 1]);

impl Weights {
    /// `f(break)` scaled, at least 1.
    pub(super) fn new(f: impl Fn(f64) -> f64) -> Weights {
        let mut table = [0u64; MAX_BREAK + 1];
        for (b, w) in table.iter_mut().enumerate() {
            *w = ((f(b as f64) * WEIGHT_ONE).round() as u64).max(1);
        }
        Weights(table)
    }

    #[inline(always)]
    pub(super) fn of(&self, breaks: usize) -> u64 {
        self.0[breaks.min(MAX_BREAK)]
    }
}

/// An index drawn with probability proportional to its weight, given the running sums of the
/// weights (`sums.last()` the total, non-zero).
pub(super) fn weighted_pick(sums: &[u64], draws: &mut rng::Rng) -> usize {
    let total = *sums.last().expect("a choice among some");
    let pick = (u64::from(draws.next_u32()) << 32 | u64::from(draws.next_u32())) % total;
    sums.iter()
        .position(|&s| pick < s)
        .unwrap_or(sums.len() - 1)
}

/// One walk's formula: the clauses not satisfied at level 0, their unassigned literals, and
/// for each literal the clauses that hold it.
pub(super) struct Formula {
    lits: Vec<Lit>,
    starts: Vec<u32>,
    occ: Vec<u32>,
    occ_starts: Vec<u32>,
}

impl Formula {
    /// The clauses `lits[starts[i]..starts[i + 1]]` under the level-0 values `value` (per
    /// literal: 1 true, -1 false, 0 open).
    pub(super) fn new(all_lits: &[Lit], all_starts: &[u32], value: &[i8]) -> Formula {
        let mut lits = Vec::new();
        let mut starts = vec![0u32];
        for w in all_starts.windows(2) {
            let clause = &all_lits[w[0] as usize..w[1] as usize];
            if clause.iter().any(|&l| value[l as usize] == 1) {
                continue;
            }
            lits.extend(clause.iter().filter(|&&l| value[l as usize] == 0));
            starts.push(lits.len() as u32);
        }
        let mut occ_starts = vec![0u32; value.len() + 1];
        for &l in &lits {
            occ_starts[l as usize + 1] += 1;
        }
        for i in 1..occ_starts.len() {
            occ_starts[i] += occ_starts[i - 1];
        }
        let mut fill = occ_starts.clone();
        let mut occ = vec![0u32; lits.len()];
        for (c, w) in starts.windows(2).enumerate() {
            for &l in &lits[w[0] as usize..w[1] as usize] {
                occ[fill[l as usize] as usize] = c as u32;
                fill[l as usize] += 1;
            }
        }
        Formula {
            lits,
            starts,
            occ,
            occ_starts,
        }
    }

    pub(super) fn clauses(&self) -> usize {
        self.starts.len() - 1
    }

    #[inline(always)]
    pub(super) fn clause(&self, c: u32) -> &[Lit] {
        &self.lits[self.starts[c as usize] as usize..self.starts[c as usize + 1] as usize]
    }

    #[inline(always)]
    pub(super) fn occurrences(&self, l: Lit) -> &[u32] {
        &self.occ[self.occ_starts[l as usize] as usize..self.occ_starts[l as usize + 1] as usize]
    }
}

/// The best assignment a walk has met: its number of false clauses, and the variables flipped
/// since (each flip toggles, so their order does not matter).
pub(super) struct Best {
    unsat: usize,
    since: Vec<u32>,
}

impl Best {
    /// The walk's start, with `unsat` false clauses.
    pub(super) fn new(unsat: usize) -> Best {
        Best {
            unsat,
            since: Vec::new(),
        }
    }

    /// After a move that flipped `vars` and left `unsat` clauses false.
    #[inline(always)]
    pub(super) fn moved(&mut self, vars: &[u32], unsat: usize) {
        self.since.extend_from_slice(vars);
        if unsat < self.unsat {
            self.unsat = unsat;
            self.since.clear();
        }
    }

    /// Undoes the flips made since the best assignment, leaving `truth` at it; returns its
    /// number of false clauses.
    pub(super) fn restore(self, formula: &Formula, truth: &mut [bool]) -> usize {
        for &v in &self.since {
            truth[v as usize] = !truth[v as usize];
        }
        debug_assert_eq!(
            Counts::new(formula, truth).unsat(),
            self.unsat,
            "the counts lost track"
        );
        self.unsat
    }
}

fn is_true(truth: &[bool], l: Lit) -> bool {
    truth[var(l)] == (l == pos(var(l)))
}

/// True literals per clause of an assignment, and its false clauses (each removable in constant
/// time).
pub(super) struct Counts {
    count: Vec<u32>,
    unsat: Vec<u32>,
    /// Place of each clause in `unsat`, `u32::MAX` when satisfied.
    at: Vec<u32>,
}

impl Counts {
    pub(super) fn new(formula: &Formula, truth: &[bool]) -> Counts {
        let n = formula.clauses();
        let mut counts = Counts {
            count: vec![0; n],
            unsat: Vec::new(),
            at: vec![u32::MAX; n],
        };
        for c in 0..n as u32 {
            let k = formula
                .clause(c)
                .iter()
                .filter(|&&l| is_true(truth, l))
                .count();
            counts.count[c as usize] = k as u32;
            if k == 0 {
                counts.add(c);
            }
        }
        counts
    }

    fn add(&mut self, c: u32) {
        self.at[c as usize] = self.unsat.len() as u32;
        self.unsat.push(c);
    }

    fn remove(&mut self, c: u32) {
        let i = self.at[c as usize] as usize;
        let last = self.unsat.pop().expect("a listed clause");
        if last != c {
            self.unsat[i] = last;
            self.at[last as usize] = i as u32;
        }
        self.at[c as usize] = u32::MAX;
    }

    /// False clauses.
    #[inline(always)]
    pub(super) fn unsat(&self) -> usize {
        self.unsat.len()
    }

    /// A false clause drawn uniformly.
    #[inline(always)]
    pub(super) fn pick_unsat(&self, draws: &mut rng::Rng) -> u32 {
        self.unsat[draws.below(self.unsat.len() as u32) as usize]
    }

    /// Clauses whose only true literal is `l` (true now), those `spared` holds left out.
    #[inline(always)]
    pub(super) fn breaks(&self, formula: &Formula, l: Lit, spared: impl Fn(u32) -> bool) -> usize {
        formula
            .occurrences(l)
            .iter()
            .filter(|&&d| self.count[d as usize] == 1 && !spared(d))
            .count()
    }

    /// Flips the variable of `l` (false now) to make `l` true.
    #[inline(always)]
    pub(super) fn make_true(&mut self, formula: &Formula, truth: &mut [bool], l: Lit) {
        for &d in formula.occurrences(l) {
            self.count[d as usize] += 1;
            if self.count[d as usize] == 1 {
                self.remove(d);
            }
        }
        for &d in formula.occurrences(not(l)) {
            self.count[d as usize] -= 1;
            if self.count[d as usize] == 0 {
                self.add(d);
            }
        }
        truth[var(l)] = !truth[var(l)];
    }
}
