//! Learned clauses passed between searches of the same problem (a parallel portfolio's clause
//! sharing, made deterministic by exchanging only at points the caller fixes).
//!
//! Searches of one problem numbered alike have the same variables, so a clause one search
//! learned is a consequence of the problem the other can use as is (a search skips a clause over
//! variables it lacks: evoku's Sudoku searches with extra segment variables share with those
//! without). A search that exports keeps the short ones it learns (units, binaries, and long clauses
//! of low LBD and few literals) until [`Solver::take_exports`]; [`Solver::import`] adds another
//! search's to this one at decision level 0. Where the caller exchanges after fixed work (the
//! portfolio: between rounds), the run stays a pure function of problem, settings and seeds.

use crate::clauses::{var, Lit};
use crate::{Reason, Solver, Status};

/// Which learned clauses a search exports: units and binaries always, a longer one when both
/// its LBD and its length are within these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShareLimits {
    pub max_lbd: u32,
    pub max_len: usize,
}

impl ShareLimits {
    /// LBD at most 2, at most 8 literals: the glue clauses that keep their worth in another
    /// search, few enough to pass every round (evoku's docs/results/exact-and-cdcl.md#clause-sharing-between-the-two-cdcl-streams-the-default-since-this-section, "Clause sharing between the two
    /// CDCL streams").
    pub const DEFAULT: ShareLimits = ShareLimits {
        max_lbd: 2,
        max_len: 8,
    };

    fn admits(&self, len: usize, lbd: u32) -> bool {
        len <= 2 || (lbd <= self.max_lbd && len <= self.max_len)
    }
}

impl Default for ShareLimits {
    fn default() -> ShareLimits {
        ShareLimits::DEFAULT
    }
}

/// A search's exporting: its limits and what it kept since the last take.
#[derive(Clone, Debug)]
pub(super) struct Exports {
    limits: ShareLimits,
    kept: Shared,
}

/// Clauses to hand to another search: flat literals, each clause's end, its LBD.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shared {
    lits: Vec<Lit>,
    ends: Vec<u32>,
    lbds: Vec<u32>,
}

impl Shared {
    /// Clauses held.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Adds a clause of LBD `lbd`.
    pub fn push(&mut self, clause: &[Lit], lbd: u32) {
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len() as u32);
        self.lbds.push(lbd);
    }

    fn clauses(&self) -> impl Iterator<Item = (&[Lit], u32)> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .zip(&self.lbds)
            .map(|((start, &end), &lbd)| (&self.lits[start as usize..end as usize], lbd))
    }
}

impl Solver {
    /// Whether this search keeps its short learned clauses for [`Solver::take_exports`], and
    /// which (off until set: a search nobody reads from keeps nothing).
    pub fn set_export(&mut self, limits: Option<ShareLimits>) {
        self.exports = limits.map(|limits| Exports {
            limits,
            kept: Shared::default(),
        });
    }

    /// The clauses kept since the last call (none when exporting is off).
    pub fn take_exports(&mut self) -> Shared {
        match &mut self.exports {
            Some(exports) => std::mem::take(&mut exports.kept),
            None => Shared::default(),
        }
    }

    /// Called by `learn` with each learned clause.
    pub(super) fn export(&mut self, lbd: u32) {
        let Some(exports) = &mut self.exports else {
            return;
        };
        if exports.limits.admits(self.learnt.len(), lbd) {
            exports.kept.push(&self.learnt, lbd);
        }
    }

    /// Adds `shared` (clauses another search of this problem learned) to this search: it goes
    /// back to decision level 0 first (as a restart does, without counting one), then each
    /// clause without its level-0 false literals; one true at level 0 is skipped, a unit is
    /// assigned, an empty one proves there is no solution, one over variables this search does
    /// not have is skipped. Returns how many were added.
    pub fn import(&mut self, shared: &Shared) -> usize {
        if self.done.is_some() || shared.is_empty() {
            return 0;
        }
        self.backtrack(0);
        let mut added = 0;
        let mut clause = Vec::new();
        for (lits, lbd) in shared.clauses() {
            // A clause over variables this search lacks is skipped (evoku: segment variables
            // of a search that has them, this one not).
            if lits.iter().any(|&lit| var(lit) >= self.level.len()) {
                continue;
            }
            clause.clear();
            let mut satisfied = false;
            for &lit in lits {
                match self.value[lit as usize] {
                    1 => satisfied = true,
                    0 => clause.push(lit),
                    _ => {}
                }
            }
            if satisfied {
                continue;
            }
            added += 1;
            match clause.len() {
                0 => {
                    self.done = Some(Status::Unsat);
                    return added;
                }
                1 => self.assign(clause[0], Reason::None),
                2 => self.clauses.add_binary(clause[0], clause[1]),
                _ => {
                    self.clauses
                        .add_long(&clause, true, lbd, self.stats.conflicts);
                }
            }
        }
        self.stats.imported += added as u64;
        added
    }
}
