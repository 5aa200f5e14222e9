//! Conflict-history-based branching (CHB; Liang, Ganesh, Poupart and Czarnecki, 2016), in
//! place of EVSIDS when [`crate::Config::branching`] is [`crate::Branching::Chb`]: each variable's score is an exponential
//! recency-weighted average of rewards, one each time it is decided, propagated or asserted;
//! the reward is larger the more recently the variable took part in a conflict's analysis, and
//! larger again when the propagation round that assigned it ended in a conflict. The scores
//! live in the search's `activity` array, so the heap orders by them unchanged.

use super::clauses::var;
use super::scores::{Scores, StepSize};
use super::Solver;

/// CHB's state: when each variable last took part in a conflict, and the step size.
#[derive(Clone, Debug)]
pub(crate) struct Chb {
    last_conflict: Vec<u64>,
    alpha: StepSize,
}

impl Chb {
    pub(crate) fn new(vars: usize) -> Chb {
        Chb {
            last_conflict: vec![0; vars],
            alpha: StepSize::START,
        }
    }

    /// `v` took part in the analysis of conflict number `conflicts`.
    #[inline(always)]
    pub(crate) fn seen(&mut self, v: usize, conflicts: u64) {
        self.last_conflict[v] = conflicts;
    }
}

impl Solver {
    /// Rewards the variables of `trail[from..]`, assigned in the propagation round that just
    /// ended (`conflict`: in a conflict, after its analysis), and after a conflict lowers the
    /// step size.
    pub(super) fn chb_reward(&mut self, from: usize, conflict: bool) {
        let Scores::Chb(chb) = &mut self.scores else {
            return;
        };
        let multiplier = if conflict { 1.0 } else { 0.9 };
        let conflicts = self.stats.conflicts;
        let alpha = chb.alpha.get();
        for &lit in &self.trail[from..] {
            let v = var(lit);
            let reward = multiplier / (conflicts - chb.last_conflict[v] + 1) as f64;
            self.activity[v] = (1.0 - alpha) * self.activity[v] + alpha * reward;
            self.heap.update(v as u32, &self.activity);
        }
        if conflict {
            chb.alpha.after_conflict();
        }
    }
}
