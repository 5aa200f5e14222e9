//! Learning-rate-based branching (LRB; Liang, Ganesh, Poupart and Czarnecki, SAT 2016), in
//! place of EVSIDS when [`crate::Config::branching`] is [`crate::Branching::Lrb`]: each variable's score is an exponential
//! recency-weighted average of its learning rate over each interval it stays assigned, the
//! share of that interval's conflicts whose analysis it took part in (with
//! [`crate::Config::bump_reasons`], plus the share in which it was in a reason of the learned
//! clause's literals: the reason-side rate). Unassigned variables lose 5 % of their score per
//! conflict since they were last unassigned, applied when one reaches the top of the heap (the
//! locality extension). The scores live in the search's `activity` array, so the heap orders by
//! them unchanged.

use super::clauses::var;
use super::scores::{Scores, StepSize};
use super::Solver;

/// The score a variable keeps per conflict it waits unassigned (locality).
const LOCALITY: f64 = 0.95;

/// LRB's state: when each variable was last assigned and unassigned (in conflicts), the
/// conflicts it took part in since it was assigned, and the step size.
#[derive(Clone, Debug)]
pub(crate) struct Lrb {
    assigned: Vec<u64>,
    canceled: Vec<u64>,
    participated: Vec<u32>,
    reasoned: Vec<u32>,
    alpha: StepSize,
}

impl Lrb {
    pub(crate) fn new(vars: usize) -> Lrb {
        Lrb {
            assigned: vec![0; vars],
            canceled: vec![0; vars],
            participated: vec![0; vars],
            reasoned: vec![0; vars],
            alpha: StepSize::START,
        }
    }

    /// `v` took part in a conflict's analysis.
    #[inline(always)]
    pub(crate) fn seen(&mut self, v: usize) {
        self.participated[v] += 1;
    }

    /// `v` is in the reason of a learned clause's literal.
    #[inline(always)]
    pub(crate) fn reason(&mut self, v: usize) {
        self.reasoned[v] += 1;
    }
}

impl Solver {
    /// Starts the intervals of the variables of `trail[from..]`, assigned in the propagation
    /// round that just ended (before its conflict, if any, is counted).
    pub(super) fn lrb_assigned(&mut self, from: usize) {
        let Scores::Lrb(lrb) = &mut self.scores else {
            return;
        };
        let conflicts = self.stats.conflicts;
        for &lit in &self.trail[from..] {
            let v = var(lit);
            lrb.assigned[v] = conflicts;
            lrb.participated[v] = 0;
            lrb.reasoned[v] = 0;
        }
    }

    /// Ends the intervals of the variables of `trail[from..]`, about to be unassigned: each
    /// score moves towards the interval's learning rate (when the interval held a conflict).
    pub(super) fn lrb_unassigned(&mut self, from: usize) {
        let Scores::Lrb(lrb) = &mut self.scores else {
            return;
        };
        let conflicts = self.stats.conflicts;
        let alpha = lrb.alpha.get();
        for &lit in &self.trail[from..] {
            let v = var(lit);
            let interval = conflicts - lrb.assigned[v];
            if interval > 0 {
                let rate = f64::from(lrb.participated[v] + lrb.reasoned[v]) / interval as f64;
                self.activity[v] = (1.0 - alpha) * self.activity[v] + alpha * rate;
                self.heap.update(v as u32, &self.activity);
            }
            lrb.canceled[v] = conflicts;
        }
    }

    /// After a conflict: lowers the step size.
    pub(super) fn lrb_conflict(&mut self) {
        if let Scores::Lrb(lrb) = &mut self.scores {
            lrb.alpha.after_conflict();
        }
    }

    /// Locality: whether `v` (unassigned, at the top of the heap) had conflicts pass since it
    /// was unassigned; then its score is lowered for them and the heap reordered.
    pub(super) fn lrb_decayed(&mut self, v: usize) -> bool {
        let Scores::Lrb(lrb) = &mut self.scores else {
            return false;
        };
        let age = self.stats.conflicts - lrb.canceled[v];
        if age == 0 {
            return false;
        }
        self.activity[v] *= LOCALITY.powi(age.min(100_000) as i32);
        lrb.canceled[v] = self.stats.conflicts;
        self.heap.update(v as u32, &self.activity);
        true
    }
}
