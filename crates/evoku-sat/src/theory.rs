//! Clauses from outside the formula during the search (a theory propagator, as in lazy clause
//! generation): at every propagation fixpoint without a conflict the [`Theory`] may hand back
//! clauses the problem implies that are unit or false under the current assignment; a unit one
//! assigns its open literal (the clause as its reason, kept as a learned clause), a false one is
//! a conflict. Either goes back first to the highest level among the clause's false literals,
//! where the clause belongs.

use crate::clauses::{var, Lit};
use crate::search::Conflict;
use crate::{Reason, Solver, Status};

/// A propagator beyond the clauses.
pub trait Theory: Send {
    /// `lit` became true (told in trail order, before the fixpoint's [`Theory::propagate`]).
    fn assigned(&mut self, lit: Lit);
    /// `lit`, told true before, is open again (backtracking; latest first).
    fn unassigned(&mut self, lit: Lit);
    /// At a fixpoint of unit propagation without a conflict: clauses the problem implies that
    /// are unit or false under `value` (per literal: 1 true, -1 false, 0 open), pushed on `out`
    /// (others are ignored).
    fn propagate(&mut self, value: &[i8], out: &mut Vec<Vec<Lit>>);
}

/// What the theory did at a fixpoint.
pub(crate) enum Step {
    /// Nothing: the search decides.
    Quiet,
    /// Literals assigned: propagate again.
    Assigned,
    /// A clause false: analyse it.
    Conflict(Conflict),
}

impl Solver {
    /// Asks the theory, if any, for clauses at this fixpoint and adds them.
    pub(crate) fn theory_step(&mut self) -> Step {
        let Some(mut theory) = self.theory.take() else {
            return Step::Quiet;
        };
        let mut clauses = std::mem::take(&mut self.theory_out);
        clauses.clear();
        for &lit in &self.trail[self.theory_head..] {
            theory.assigned(lit);
        }
        self.theory_head = self.trail.len();
        theory.propagate(&self.value, &mut clauses);
        self.theory = Some(theory);
        let mut step = Step::Quiet;
        for lits in &mut clauses {
            if lits.is_empty() || lits.iter().any(|&l| self.value[l as usize] == 1) {
                continue;
            }
            // Literals false at level 0 stay false: the clause holds without them.
            let (value, level) = (&self.value, &self.level);
            lits.retain(|&l| value[l as usize] == 0 || level[var(l)] > 0);
            if lits.is_empty() {
                self.done = Some(Status::Unsat);
                break;
            }
            let open = lits
                .iter()
                .filter(|&&l| self.value[l as usize] == 0)
                .count();
            if open > 1 {
                continue;
            }
            // Open literal first, then the false ones from the highest level down.
            let (value, level) = (&self.value, &self.level);
            lits.sort_by_key(|&l| (value[l as usize] != 0, std::cmp::Reverse(level[var(l)])));
            self.stats.theory += 1;
            let current = self.trail_lim.len();
            if open == 1 {
                let back = lits.get(1).map_or(0, |&l| self.level[var(l)] as usize);
                if back < current {
                    self.backtrack(back);
                }
                self.add_reason(lits);
                step = Step::Assigned;
                if back < current {
                    // The other clauses were built for the assignment left behind.
                    break;
                }
            } else {
                let top = self.level[var(lits[0])] as usize;
                if top < current {
                    self.backtrack(top);
                }
                step = match lits.len() {
                    1 => {
                        // A level-0 fact, false: no solution.
                        self.done = Some(Status::Unsat);
                        Step::Quiet
                    }
                    2 => {
                        self.clauses.add_binary(lits[0], lits[1]);
                        Step::Conflict(Conflict::Binary(lits[0], lits[1]))
                    }
                    n => {
                        let cref =
                            self.clauses
                                .add_long(lits, true, n as u32, self.stats.conflicts);
                        Step::Conflict(Conflict::Long(cref))
                    }
                };
                break;
            }
        }
        self.theory_out = clauses;
        step
    }

    /// Adds `lits` (its first literal open, the others false) and assigns its first literal
    /// with the clause as reason.
    fn add_reason(&mut self, lits: &[Lit]) {
        match lits.len() {
            1 => {
                self.backtrack(0);
                self.assign(lits[0], Reason::None);
            }
            2 => {
                self.clauses.add_binary(lits[0], lits[1]);
                self.assign(lits[0], Reason::Binary(lits[1]));
            }
            n => {
                let cref = self
                    .clauses
                    .add_long(lits, true, n as u32, self.stats.conflicts);
                self.assign(lits[0], Reason::Long(cref));
            }
        }
    }
}
