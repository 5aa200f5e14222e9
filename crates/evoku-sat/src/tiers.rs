//! Which learned clauses a reduction removes: by LBD alone (MiniSat / Glucose) or in three tiers
//! (Chanseok Oh's, as in Maple and CaDiCaL).
//!
//! Tiers: `core` (LBD at most `keep_lbd`) is kept for ever; `tier2` (LBD at most `tier2_lbd`)
//! is kept while conflict analysis has used it within the last `tier2_window` conflicts, and
//! competes with the local ones once it has not; `local` (the rest) is halved at each reduction,
//! the highest LBD first, among equals the one analysis used longest ago. Analysis
//! ([`Solver::touch`]) stamps each learned clause it reads with the conflict count and lowers its
//! LBD when the clause now spans fewer levels, so a clause can climb tiers.

use super::clauses::{var, ClauseRef, Clauses};
use super::Solver;

/// The removal policy a reduction applies.
#[derive(Clone, Copy, Debug)]
pub(super) struct Policy {
    /// Never removed at or below this LBD.
    pub keep_lbd: u32,
    /// `Some((tier2_lbd, tier2_window, conflicts now))`: three tiers; `None`: LBD alone.
    pub tier2: Option<(u32, u64, u64)>,
}

impl Clauses {
    /// Removes half of the learned long clauses the policy leaves open to removal, then
    /// compacts the arena and rebuilds the watches. Call at decision level 0 only.
    pub(super) fn reduce(&mut self, policy: Policy) {
        let open = |c: ClauseRef| -> bool {
            let lbd = self.lbd(c);
            if !self.is_learnt(c) || self.is_deleted(c) || lbd <= policy.keep_lbd {
                return false;
            }
            match policy.tier2 {
                None => true,
                Some((tier2_lbd, window, now)) => {
                    lbd > tier2_lbd || u64::from((now as u32).wrapping_sub(self.used(c))) > window
                }
            }
        };
        let mut candidates: Vec<(u32, u32, ClauseRef)> = self
            .crefs()
            .into_iter()
            .filter(|&c| open(c))
            .map(|c| match policy.tier2 {
                // Older (lower cref) first among equals.
                None => (self.lbd(c), 0, c),
                // Used longest ago first among equals, then older.
                Some((_, _, now)) => (self.lbd(c), (now as u32).wrapping_sub(self.used(c)), c),
            })
            .collect();
        // Highest LBD first, then the longest unused, then the older.
        candidates.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        for &(_, _, c) in &candidates[..candidates.len() / 2] {
            self.delete(c);
        }
        self.compact();
    }
}

impl Solver {
    /// Conflict analysis reads the long clause `cref` (a conflict or a reason): with tiers on,
    /// a learned clause is stamped used now and its LBD lowered if its literals (all assigned)
    /// now span fewer decision levels.
    pub(super) fn touch(&mut self, cref: ClauseRef) {
        if !self.config.tiers || !self.clauses.is_learnt(cref) {
            return;
        }
        self.clauses.set_used(cref, self.stats.conflicts);
        let old = self.clauses.lbd(cref);
        if old <= self.config.keep_lbd {
            return;
        }
        self.stamp += 1;
        let mut lbd = 0;
        for &l in self.clauses.lits(cref) {
            let level = self.level[var(l)] as usize;
            if self.level_stamp[level] != self.stamp {
                self.level_stamp[level] = self.stamp;
                lbd += 1;
                if lbd >= old {
                    return;
                }
            }
        }
        self.clauses.set_lbd(cref, lbd);
    }
}

impl Solver {
    /// The policy of the reduction due now.
    pub(super) fn reduce_policy(&self) -> Policy {
        Policy {
            keep_lbd: self.config.keep_lbd,
            tier2: self.config.tiers.then_some((
                self.config.tier2_lbd,
                self.config.tier2_window,
                self.stats.conflicts,
            )),
        }
    }
}
