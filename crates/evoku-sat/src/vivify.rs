//! Vivification of learned clauses (Luo, Li, Xiao, Manyà and Lü, IJCAI 2017; CaDiCaL's
//! `vivify`): at decision level 0, right after a reduction, a learned clause is tried by making
//! its literals false one at a time, each at a new decision level, with unit propagation over
//! every other clause. A conflict, or a literal of the clause found true, shows that the
//! decisions behind it already imply the clause: those literals (plus the true one) are a
//! shorter clause that replaces it. A literal found false is dropped. Then back to level 0.
//!
//! The clauses tried are the learned ones of LBD at most `tier2_lbd`, those never tried first,
//! the most recent first among equals; the effort is bounded by a propagation budget, a
//! percentage (`Config::vivify`) of the search's propagations since the last vivification, so
//! the work done is a pure function of the search so far.

use super::clauses::{not, var, ClauseRef, Lit};
use super::search::Conflict;
use super::{Reason, Solver};

/// What trying a clause gave.
enum Tried {
    /// Kept as it was, or replaced by a shorter one.
    Done,
    /// Shortened to one literal, now a level-0 fact: the search must propagate it before any
    /// further vivification.
    Unit,
}

impl Solver {
    /// Vivifies learned clauses within this round's budget. Call at decision level 0, with the
    /// level-0 literals propagated and no clause a reason analysis will read.
    pub(super) fn vivify(&mut self) {
        let search_props = self.stats.propagations;
        let budget = (search_props - self.vivify_mark) * self.config.vivify / 100;
        self.vivify_mark = search_props;
        if budget == 0 || self.done.is_some() {
            return;
        }
        debug_assert!(self.trail_lim.is_empty() && self.qhead == self.trail.len());
        let mut candidates: Vec<(bool, ClauseRef)> = self
            .clauses
            .crefs()
            .into_iter()
            .filter(|&c| {
                self.clauses.is_learnt(c)
                    && !self.clauses.is_deleted(c)
                    && self.clauses.lbd(c) <= self.config.tier2_lbd
            })
            .map(|c| (self.clauses.is_vivified(c), c))
            .collect();
        // Never tried first, then the most recent (highest cref).
        candidates.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        for (_, cref) in candidates {
            if self.stats.propagations - search_props >= budget {
                break;
            }
            if let Tried::Unit = self.vivify_clause(cref) {
                break;
            }
        }
        self.stats.vivify_propagations += self.stats.propagations - search_props;
        self.stats.propagations = search_props;
    }

    fn vivify_clause(&mut self, cref: ClauseRef) -> Tried {
        let lits: Vec<Lit> = self.clauses.lits(cref).to_vec();
        if lits.iter().any(|&l| self.value[l as usize] == 1) {
            // Satisfied at level 0 for good.
            self.clauses.unwatch(cref);
            self.clauses.delete(cref);
            return Tried::Done;
        }
        self.clauses.unwatch(cref);
        let mut kept = Vec::with_capacity(lits.len());
        let mut shorter = None;
        for &l in &lits {
            match self.value[l as usize] {
                // False at level 0, or implied false by the literals before it: dropped.
                -1 => {}
                1 => {
                    let mut clause = self.decisions_behind(&[l]);
                    clause.push(l);
                    shorter = Some(clause);
                    break;
                }
                _ => {
                    kept.push(l);
                    self.trail_lim.push(self.trail.len());
                    self.assign(not(l), Reason::None);
                    if let Some(conflict) = self.propagate() {
                        let found = match conflict {
                            Conflict::Binary(a, b) => vec![a, b],
                            Conflict::Long(c) => self.clauses.lits(c).to_vec(),
                        };
                        shorter = Some(self.decisions_behind(&found));
                        break;
                    }
                }
            }
        }
        self.undo_to_root();
        let clause = shorter.unwrap_or(kept);
        if clause.len() == lits.len() {
            self.clauses.watch(cref);
            self.clauses.set_vivified(cref);
            return Tried::Done;
        }
        self.stats.vivified += 1;
        self.clauses.delete(cref);
        match clause.len() {
            0 => unreachable!("a conflict below the root with every level-0 literal propagated"),
            1 => {
                self.assign(clause[0], Reason::None);
                return Tried::Unit;
            }
            2 => self.clauses.add_binary(clause[0], clause[1]),
            len => {
                let lbd = self.clauses.lbd(cref).min(len as u32 - 1);
                let used = u64::from(self.clauses.used(cref));
                let new = self.clauses.add_long(&clause, true, lbd, used);
                self.clauses.set_vivified(new);
            }
        }
        Tried::Done
    }

    /// The clause's literals whose negations, decided by vivification, imply the false literals
    /// `found` (a conflict, or the negation of a literal found true): the decisions met walking
    /// the implication graph back from them, in the clause's order.
    fn decisions_behind(&mut self, found: &[Lit]) -> Vec<Lit> {
        for &l in found {
            if self.level[var(l)] > 0 {
                self.seen[var(l)] = true;
            }
        }
        let mut out = Vec::new();
        let mut lits = Vec::new();
        for i in (self.trail_lim[0]..self.trail.len()).rev() {
            let p = self.trail[i];
            let v = var(p);
            if !self.seen[v] {
                continue;
            }
            self.seen[v] = false;
            lits.clear();
            match self.reason[v] {
                Reason::None => out.push(not(p)),
                Reason::Binary(a) => lits.push(a),
                Reason::Long(c) => lits.extend_from_slice(&self.clauses.lits(c)[1..]),
            }
            for &q in &lits {
                if self.level[var(q)] > 0 {
                    self.seen[var(q)] = true;
                }
            }
        }
        // The decisions were made in the clause's order: the trail reversed them.
        out.reverse();
        out
    }

    /// Undoes vivification's levels without touching saved phases (the search's own).
    fn undo_to_root(&mut self) {
        let Some(&start) = self.trail_lim.first() else {
            return;
        };
        for i in start..self.trail.len() {
            let lit = self.trail[i];
            self.value[lit as usize] = 0;
            self.value[not(lit) as usize] = 0;
            self.heap.insert(var(lit) as u32, &self.activity);
        }
        self.trail.truncate(start);
        self.trail_lim.clear();
        self.qhead = start;
    }
}
