//! The CDCL loop: propagation (`propagate.rs`), decisions, backjumps, restarts and removal of
//! learned clauses.

use super::clauses::{not, pos, var, ClauseRef, Lit};
use crate::scores::Scores;
use crate::{Reason, Solver, Status, TargetReset};

/// A clause found false: its literals.
#[derive(Clone, Copy, Debug)]
pub(super) enum Conflict {
    Binary(Lit, Lit),
    Long(ClauseRef),
}

impl Solver {
    /// Searches until a model, a proof of none, or `budget` more conflicts (then
    /// [`Status::Budget`]; calling again continues exactly where it stopped). Once the search
    /// has ended every call returns its end. A budget of 0 does nothing.
    pub fn solve(&mut self, budget: u64) -> Status {
        if let Some(done) = self.done {
            return done;
        }
        if budget == 0 {
            return Status::Budget;
        }
        let stop = self.stats.conflicts.saturating_add(budget);
        loop {
            // Where this propagation round starts: CHB rewards what it assigns (`chb.rs`).
            let round = self.qhead;
            if let Some(conflict) = self.propagate() {
                self.lrb_assigned(round);
                self.stats.conflicts += 1;
                if self.trail_lim.is_empty() {
                    return self.finish(Status::Unsat);
                }
                self.update_phases();
                let (back, lbd) = self.analyze(conflict);
                self.score_conflict(round);
                self.backtrack(back);
                self.learn(lbd);
                self.restart.conflict(lbd);
                if self.stats.conflicts >= stop || self.interrupted() {
                    return Status::Budget;
                }
                continue;
            }
            self.chb_reward(round, false);
            self.lrb_assigned(round);
            if self.restart.due() {
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
                    None => return self.finish(Status::Sat),
                }
            }
        }
    }

    /// The decision order's step after a conflict's analysis (before the backjump, while the
    /// round's assignments are still on the trail from `round`): CHB rewards them, LRB lowers its
    /// step size, EVSIDS grows its increment (which only EVSIDS's bumps read).
    fn score_conflict(&mut self, round: usize) {
        match self.scores {
            Scores::Lrb(_) => self.lrb_conflict(),
            Scores::Chb(_) => self.chb_reward(round, true),
            Scores::Evsids => self.var_inc /= self.decay(),
        }
    }

    /// Whether the caller's interrupt ([`Solver::set_interrupt`]) holds, polled every
    /// [`INTERRUPT_EVERY`](crate::solver::INTERRUPT_EVERY) conflicts.
    fn interrupted(&self) -> bool {
        self.stats
            .conflicts
            .is_multiple_of(crate::solver::INTERRUPT_EVERY)
            && self.interrupt.as_ref().is_some_and(|poll| poll())
    }

    fn finish(&mut self, outcome: Status) -> Status {
        self.done = Some(outcome);
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

    /// Undoes every level above `to`, saving phases and returning variables to the heap.
    pub(super) fn backtrack(&mut self, to: usize) {
        if self.trail_lim.len() <= to {
            return;
        }
        let start = self.trail_lim[to];
        self.lrb_unassigned(start);
        // Slices, not the vectors: the byte stores then cannot move the arrays' addresses, so
        // they stay in registers. The heap sees the variables in the same (reverse trail) order.
        let undone = &self.trail[start..];
        let value = &mut self.value[..];
        let phase = &mut self.phase[..];
        for &lit in undone.iter().rev() {
            let v = var(lit);
            value[lit as usize] = 0;
            value[not(lit) as usize] = 0;
            phase[v] = lit == pos(v);
        }
        for &lit in undone.iter().rev() {
            self.heap.insert(var(lit) as u32, &self.activity);
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(to);
        self.qhead = start;
    }

    /// The unassigned variable of highest activity (or, at times, a random one; with
    /// [`crate::Config::group_decisions`], the best of the first few by their groups), with its
    /// target or saved phase.
    fn pick(&mut self) -> Option<Lit> {
        if let Some(v) = self.random_decision() {
            return Some(self.decision_lit(v));
        }
        let wanted = match self.groups {
            Some(_) => crate::groups::CANDIDATES,
            None => 1,
        };
        let mut candidates = [0; crate::groups::CANDIDATES];
        let mut taken = 0;
        while taken < wanted && !self.heap.is_empty() {
            let v = self.heap.nth(0) as usize;
            if self.value[pos(v) as usize] == 0 && self.lrb_decayed(v) {
                continue;
            }
            self.heap.pop();
            if self.value[pos(v) as usize] == 0 {
                candidates[taken] = v;
                taken += 1;
            }
        }
        match taken {
            0 => None,
            1 => Some(self.decision_lit(candidates[0])),
            _ => {
                let v = self.group_choice(&candidates[..taken]);
                Some(self.decision_lit(v))
            }
        }
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
