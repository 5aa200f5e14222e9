//! The CDCL loop: propagation by watched literals, decisions, backjumps, restarts and removal
//! of learned clauses.

use super::clauses::{not, pos, var, ClauseRef, Lit, Watch};
use super::{Cdcl, Outcome, Reason, TargetReset};

/// A clause found false: its literals.
#[derive(Clone, Copy, Debug)]
pub(super) enum Conflict {
    Binary(Lit, Lit),
    Long(ClauseRef),
}

impl Cdcl {
    /// Searches until a solution, a proof of none, or `budget` more conflicts (then
    /// [`Outcome::Budget`]; calling again continues exactly where it stopped). Once the search
    /// has ended every call returns its end. A budget of 0 does nothing.
    pub fn run(&mut self, budget: u64) -> Outcome {
        if let Some(done) = &self.done {
            return done.clone();
        }
        if budget == 0 {
            return Outcome::Budget;
        }
        let stop = self.stats.conflicts.saturating_add(budget);
        loop {
            if let Some(conflict) = self.propagate() {
                self.stats.conflicts += 1;
                if self.trail_lim.is_empty() {
                    return self.finish(Outcome::Unsat);
                }
                self.update_phases();
                let (back, lbd) = self.analyze(conflict);
                self.backtrack(back);
                self.learn(lbd);
                self.var_inc /= self.decay();
                self.restart.conflict(lbd);
                if self.stats.conflicts >= stop {
                    return Outcome::Budget;
                }
            } else if self.restart.due() {
                self.restart();
            } else if self.phases_due() {
                self.rephase_or_switch();
            } else {
                match self.pick() {
                    Some(lit) => {
                        self.stats.decisions += 1;
                        self.trail_lim.push(self.trail.len());
                        self.assign(lit, Reason::None);
                    }
                    None => {
                        let Some(grid) = self.model() else {
                            log::error!(
                                "the CDCL's full assignment breaks a Sudoku rule (an encoding \
                                 bug): this search gives up"
                            );
                            return self.finish(Outcome::Abandoned);
                        };
                        return self.finish(Outcome::Solved(grid));
                    }
                }
            }
        }
    }

    fn finish(&mut self, outcome: Outcome) -> Outcome {
        self.done = Some(outcome.clone());
        outcome
    }

    /// Makes `lit` true at the current decision level.
    #[inline(always)]
    pub(super) fn assign(&mut self, lit: Lit, reason: Reason) {
        let v = var(lit);
        self.value[lit as usize] = 1;
        self.value[not(lit) as usize] = -1;
        self.level[v] = self.trail_lim.len() as u32;
        self.reason[v] = reason;
        self.trail.push(lit);
    }

    /// Unit propagation of the trail's pending literals; the first false clause met, if any.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        let level = self.trail_lim.len() as u32;
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            self.stats.propagations += 1;
            let Cdcl {
                clauses,
                value,
                level: levels,
                reason,
                trail,
                ..
            } = self;
            macro_rules! assign {
                ($q:expr, $r:expr) => {{
                    let q: Lit = $q;
                    value[q as usize] = 1;
                    value[not(q) as usize] = -1;
                    levels[var(q)] = level;
                    reason[var(q)] = $r;
                    trail.push(q);
                }};
            }
            for &q in &clauses.bins[p as usize] {
                match value[q as usize] {
                    1 => {}
                    0 => assign!(q, Reason::Binary(not(p))),
                    _ => return Some(Conflict::Binary(not(p), q)),
                }
            }
            let false_lit = not(p);
            let mut ws = std::mem::take(&mut clauses.watches[p as usize]);
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            while i < ws.len() {
                let w = ws[i];
                i += 1;
                if value[w.blocker as usize] == 1 {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                let cref = w.cref;
                let lits = clauses.lits_mut(cref);
                if lits[0] == false_lit {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                let kept = Watch {
                    cref,
                    blocker: first,
                };
                if first != w.blocker && value[first as usize] == 1 {
                    ws[j] = kept;
                    j += 1;
                    continue;
                }
                let mut moved = None;
                for k in 2..lits.len() {
                    if value[lits[k] as usize] != -1 {
                        lits.swap(1, k);
                        moved = Some(lits[1]);
                        break;
                    }
                }
                if let Some(new) = moved {
                    clauses.watches[not(new) as usize].push(kept);
                    continue;
                }
                ws[j] = kept;
                j += 1;
                if value[first as usize] == -1 {
                    conflict = Some(Conflict::Long(cref));
                    while i < ws.len() {
                        ws[j] = ws[i];
                        i += 1;
                        j += 1;
                    }
                } else {
                    assign!(first, Reason::Long(cref));
                }
            }
            ws.truncate(j);
            clauses.watches[p as usize] = ws;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    /// Undoes every level above `to`, saving phases and returning variables to the heap.
    pub(super) fn backtrack(&mut self, to: usize) {
        if self.trail_lim.len() <= to {
            return;
        }
        let start = self.trail_lim[to];
        for i in (start..self.trail.len()).rev() {
            let lit = self.trail[i];
            let v = var(lit);
            self.value[lit as usize] = 0;
            self.value[not(lit) as usize] = 0;
            self.phase[v] = lit == pos(v);
            self.heap.insert(v as u32, &self.activity);
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(to);
        self.qhead = start;
    }

    /// The unassigned variable of highest activity (or, at times, a random one), with its
    /// target or saved phase.
    fn pick(&mut self) -> Option<Lit> {
        if let Some(v) = self.random_decision() {
            return Some(self.decision_lit(v));
        }
        while let Some(v) = self.heap.pop(&self.activity) {
            let v = v as usize;
            if self.value[pos(v) as usize] == 0 {
                return Some(self.decision_lit(v));
            }
        }
        None
    }

    /// Back to level 0; removes learned clauses when due.
    fn restart(&mut self) {
        self.backtrack(0);
        self.restart.restarted();
        self.stats.restarts += 1;
        if self.stats.conflicts >= self.next_reduce {
            let before = self.clauses.learnts;
            for &lit in &self.trail {
                self.reason[var(lit)] = Reason::None;
            }
            self.clauses.reduce(self.reduce_policy());
            self.stats.removed += (before - self.clauses.learnts) as u64;
            self.vivify();
            self.reductions += 1;
            if self.config.target_reset == TargetReset::Reduce {
                self.target.fill(0);
                self.target_len = 0;
            }
            self.next_reduce = self.stats.conflicts
                + self.config.reduce_first
                + self.reductions * self.config.reduce_step;
        }
        self.walk_if_due();
    }
}
