//! First-UIP conflict analysis, recursive clause minimisation (MiniSat's), LBD and learning.

use super::clauses::{not, var, Lit};
use super::search::Conflict;
use super::{Cdcl, Reason};

/// The false literals of a reason or conflict clause other than the one it implied (all of a
/// conflict's), written to `out`.
fn other_lits(cdcl: &Cdcl, reason: Reason, out: &mut Vec<Lit>) {
    out.clear();
    match reason {
        Reason::None => {}
        Reason::Binary(a) => out.push(a),
        Reason::Long(cref) => out.extend_from_slice(&cdcl.clauses.lits(cref)[1..]),
    }
}

impl Cdcl {
    /// Learns the first-UIP clause of `conflict` into `self.learnt` (asserting literal first,
    /// a literal of the backjump level second); returns the backjump level and the LBD.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> (usize, u32) {
        let current = self.trail_lim.len() as u32;
        let mut lits = Vec::new();
        match conflict {
            Conflict::Binary(a, b) => lits.extend_from_slice(&[a, b]),
            Conflict::Long(cref) => {
                self.touch(cref);
                lits.extend_from_slice(self.clauses.lits(cref));
            }
        }
        self.learnt.clear();
        self.learnt.push(0);
        let mut pending = 0usize;
        let mut index = self.trail.len();
        let uip = loop {
            for &q in &lits {
                let v = var(q);
                if self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                self.bump(v);
                if self.level[v] >= current {
                    pending += 1;
                } else {
                    self.learnt.push(q);
                }
            }
            // The latest literal of the trail that takes part.
            let p = loop {
                index -= 1;
                let p = self.trail[index];
                if self.seen[var(p)] {
                    break p;
                }
            };
            self.seen[var(p)] = false;
            pending -= 1;
            if pending == 0 {
                break p;
            }
            let reason = self.reason[var(p)];
            if let Reason::Long(cref) = reason {
                self.touch(cref);
            }
            other_lits(self, reason, &mut lits);
        };
        self.learnt[0] = not(uip);
        self.minimize();
        // Backjump level: the highest among the rest, its literal moved second.
        let mut back = 0;
        for i in 1..self.learnt.len() {
            let l = self.level[var(self.learnt[i])] as usize;
            if l > back {
                back = l;
                self.learnt.swap(1, i);
            }
        }
        (back, self.lbd())
    }

    /// Drops every literal of `learnt[1..]` implied by the others (MiniSat's recursive
    /// minimisation, pruned by the levels' abstraction); clears the `seen` marks.
    fn minimize(&mut self) {
        self.to_clear.clear();
        self.to_clear.extend_from_slice(&self.learnt);
        let abstraction = self.learnt[1..]
            .iter()
            .fold(0u32, |a, &l| a | self.abstract_level(var(l)));
        let mut kept = 1;
        for i in 1..self.learnt.len() {
            let l = self.learnt[i];
            if self.reason[var(l)] == Reason::None || !self.redundant(l, abstraction) {
                self.learnt[kept] = l;
                kept += 1;
            }
        }
        self.learnt.truncate(kept);
        for k in 0..self.to_clear.len() {
            self.seen[var(self.to_clear[k])] = false;
        }
    }

    fn abstract_level(&self, v: usize) -> u32 {
        1u32 << (self.level[v] & 31)
    }

    /// Whether `lit` follows from literals already in the learned clause (marked `seen`).
    fn redundant(&mut self, lit: Lit, abstraction: u32) -> bool {
        self.stack.clear();
        self.stack.push(lit);
        let top = self.to_clear.len();
        let mut lits = Vec::new();
        while let Some(q) = self.stack.pop() {
            let reason = self.reason[var(q)];
            other_lits(self, reason, &mut lits);
            for &l in &lits {
                let v = var(l);
                if self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                if self.reason[v] != Reason::None && self.abstract_level(v) & abstraction != 0 {
                    self.seen[v] = true;
                    self.stack.push(l);
                    self.to_clear.push(l);
                } else {
                    for k in top..self.to_clear.len() {
                        self.seen[var(self.to_clear[k])] = false;
                    }
                    self.to_clear.truncate(top);
                    return false;
                }
            }
        }
        true
    }

    /// Distinct decision levels among the learned clause's literals.
    fn lbd(&mut self) -> u32 {
        self.stamp += 1;
        let mut count = 0;
        for &l in &self.learnt {
            let level = self.level[var(l)] as usize;
            if self.level_stamp[level] != self.stamp {
                self.level_stamp[level] = self.stamp;
                count += 1;
            }
        }
        count
    }

    /// Adds the learned clause (after the backjump) and asserts its first literal.
    pub(super) fn learn(&mut self, lbd: u32) {
        self.export(lbd);
        let learnt = std::mem::take(&mut self.learnt);
        match learnt.len() {
            1 => self.assign(learnt[0], Reason::None),
            2 => {
                self.clauses.add_binary(learnt[0], learnt[1]);
                self.assign(learnt[0], Reason::Binary(learnt[1]));
            }
            _ => {
                let cref = self
                    .clauses
                    .add_long(&learnt, true, lbd, self.stats.conflicts);
                self.assign(learnt[0], Reason::Long(cref));
            }
        }
        self.learnt = learnt;
    }

    /// EVSIDS: raises `v`'s activity by the increment, rescaling all when it grows too large.
    fn bump(&mut self, v: usize) {
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_inc *= 1e-100;
        }
        self.heap.increased(v as u32, &self.activity);
    }
}
