//! First-UIP conflict analysis, recursive clause minimisation (MiniSat's), LBD and learning.

use super::clauses::{not, var, ClauseRef, Lit, HEADER};
use super::heap::VarHeap;
use super::scores::Scores;
use super::search::Conflict;
use super::{Reason, Solver};

impl Solver {
    /// Learns the first-UIP clause of `conflict` into `self.learnt` (asserting literal first,
    /// a literal of the backjump level second); returns the backjump level and the LBD.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> (usize, u32) {
        let current = self.trail_lim.len() as u32;
        self.learnt.clear();
        self.learnt.push(0);
        let mut pending = 0usize;
        match conflict {
            Conflict::Binary(a, b) => {
                self.see(a, current, &mut pending);
                self.see(b, current, &mut pending);
            }
            Conflict::Long(cref) => {
                self.touch(cref);
                self.see_clause(cref, 0, current, &mut pending);
            }
        }
        let mut index = self.trail.len();
        let uip = loop {
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
            // The false literals of its reason, other than `p` (the first of a long clause).
            match self.reason[var(p)] {
                Reason::None => {}
                Reason::Binary(a) => self.see(a, current, &mut pending),
                Reason::Long(cref) => {
                    self.touch(cref);
                    self.see_clause(cref, 1, current, &mut pending);
                }
            }
        };
        self.learnt[0] = not(uip);
        self.minimize();
        if self.config.bin_minimize {
            self.bin_minimize();
        }
        if self.config.shrink {
            self.shrink();
        }
        if self.config.bump_reasons {
            self.bump_reasons();
        }
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

    /// [`Solver::see`] for the literals of a long clause from its `from`-th on, in clause order.
    fn see_clause(&mut self, cref: ClauseRef, from: usize, current: u32, pending: &mut usize) {
        let at = cref as usize + HEADER;
        let len = self.clauses.len(cref);
        let Solver {
            clauses,
            seen,
            level,
            learnt,
            activity,
            var_inc,
            heap,
            scores,
            stats,
            ..
        } = self;
        // The marks and levels as slices, so the stores do not reload them; only a literal met
        // for the first time goes on to the bump (rare against the ones already seen).
        let (seen, level) = (&mut seen[..], &level[..]);
        for &q in &clauses.arena[at + from..at + len] {
            let v = var(q);
            if seen[v] || level[v] == 0 {
                continue;
            }
            seen[v] = true;
            if level[v] >= current {
                *pending += 1;
            } else {
                learnt.push(q);
            }
            scores.met(v, stats.conflicts, activity, var_inc, heap);
        }
    }

    /// A false literal of the conflict or of a reason: the first time its variable is met
    /// (above level 0), bumped, and counted pending at the conflict's level or kept for the
    /// learned clause below it.
    #[inline(always)]
    fn see(&mut self, q: Lit, current: u32, pending: &mut usize) {
        let v = var(q);
        if self.seen[v] || self.level[v] == 0 {
            return;
        }
        self.seen[v] = true;
        self.bump(v);
        if self.level[v] >= current {
            *pending += 1;
        } else {
            self.learnt.push(q);
        }
    }

    /// Drops every literal of `learnt[1..]` implied by the others (MiniSat's recursive
    /// minimisation, pruned by the clause's literals per level, with CaDiCaL's marks of the
    /// variables that do not follow, so that each variable is walked at most once); clears the
    /// marks.
    fn minimize(&mut self) {
        let Solver {
            learnt,
            to_clear,
            stack,
            seen,
            level,
            reason,
            clauses,
            poison,
            poisoned,
            level_count,
            ..
        } = self;
        to_clear.clear();
        to_clear.extend_from_slice(learnt);
        for &l in &learnt[1..] {
            level_count[level[var(l)] as usize] += 1;
        }
        let mut kept = 1;
        for i in 1..learnt.len() {
            let l = learnt[i];
            if reason[var(l)] == Reason::None
                || !redundant(
                    l,
                    level_count,
                    stack,
                    to_clear,
                    seen,
                    poison,
                    poisoned,
                    level,
                    reason,
                    &clauses.arena,
                )
            {
                learnt[kept] = l;
                kept += 1;
            }
        }
        for &l in &learnt[1..] {
            level_count[level[var(l)] as usize] = 0;
        }
        learnt.truncate(kept);
        for &l in to_clear.iter() {
            seen[var(l)] = false;
        }
        for &v in poisoned.iter() {
            poison[v as usize] = false;
        }
        poisoned.clear();
    }

    /// Binary minimisation ([`crate::Config::bin_minimize`]): drops each literal `l` of
    /// `learnt[1..]` whose negation the asserting literal's negation implies through a binary
    /// clause (`!l` true now, in `uip`'s implication list); resolving the learned clause with
    /// that binary clause removes `l`. Uses the `seen` marks (all clear between analyses).
    fn bin_minimize(&mut self) {
        let n = self.learnt.len();
        if n <= 2 || n > 30 {
            return;
        }
        let Solver {
            learnt,
            seen,
            value,
            clauses,
            stats,
            ..
        } = self;
        for &l in &learnt[1..] {
            seen[var(l)] = true;
        }
        let uip = not(learnt[0]);
        for &t in &clauses.lists[uip as usize].bins {
            if seen[var(t)] && value[t as usize] == 1 {
                seen[var(t)] = false;
            }
        }
        let mut kept = 1;
        for i in 1..n {
            let l = learnt[i];
            if seen[var(l)] {
                seen[var(l)] = false;
                learnt[kept] = l;
                kept += 1;
            }
        }
        stats.bin_minimized += (n - kept) as u64;
        learnt.truncate(kept);
    }

    /// Shrinking ([`crate::Config::shrink`]): each lower level's literals of `learnt[1..]`, two or
    /// more, replaced by their UIP on that level where one is found.
    fn shrink(&mut self) {
        if self.learnt.len() <= 2 {
            return;
        }
        let mut lits: Vec<Lit> = self.learnt[1..].to_vec();
        for &l in &lits {
            self.seen[var(l)] = true;
        }
        let level = &self.level;
        lits.sort_by_key(|&l| std::cmp::Reverse(level[var(l)]));
        let mut out = vec![self.learnt[0]];
        let mut i = 0;
        while i < lits.len() {
            let lv = self.level[var(lits[i])];
            let mut j = i;
            while j < lits.len() && self.level[var(lits[j])] == lv {
                j += 1;
            }
            let uip = if j - i >= 2 {
                self.block_uip(lv, &lits[i..j])
            } else {
                None
            };
            match uip {
                Some(u) => out.push(not(u)),
                None => out.extend_from_slice(&lits[i..j]),
            }
            i = j;
        }
        for &l in &lits {
            self.seen[var(l)] = false;
        }
        self.stats.shrunk += (self.learnt.len() - out.len()) as u64;
        self.learnt = out;
    }

    /// The literal of level `lv` on the trail that implies every literal of `block` (false
    /// literals of that level) through reasons whose other literals are in the clause (marked
    /// `seen`) or at level 0; `None` when resolving meets another literal. The walk marks its
    /// variables with minimisation's `poison` marks (all clear between minimisations).
    fn block_uip(&mut self, lv: u32, block: &[Lit]) -> Option<Lit> {
        for &l in block {
            self.poison[var(l)] = true;
            self.poisoned.push(var(l) as u32);
        }
        let mut open = block.len();
        let start = self.trail_lim[lv as usize - 1];
        let end = self.trail_lim[lv as usize];
        let mut result = None;
        'walk: for idx in (start..end).rev() {
            let p = self.trail[idx];
            let v = var(p);
            if !self.poison[v] {
                continue;
            }
            if open == 1 {
                result = Some(p);
                break;
            }
            let antecedents: &[Lit] = match self.reason[v] {
                Reason::None => break,
                Reason::Binary(ref a) => std::slice::from_ref(a),
                Reason::Long(cref) => {
                    let at = cref as usize + HEADER;
                    &self.clauses.arena[at + 1..at + self.clauses.len(cref)]
                }
            };
            for &a in antecedents {
                let w = var(a);
                let lw = self.level[w];
                if lw == 0 || (lw != lv && self.seen[w]) {
                    continue;
                }
                if lw != lv {
                    break 'walk;
                }
                if !self.poison[w] {
                    self.poison[w] = true;
                    self.poisoned.push(w as u32);
                    open += 1;
                }
            }
            open -= 1;
        }
        for v in self.poisoned.drain(..) {
            self.poison[v as usize] = false;
        }
        result
    }

    /// Bumps the variables of the reasons of the learned clause's literals (one level deep, each
    /// once, none at level 0 and none of the clause's own).
    fn bump_reasons(&mut self) {
        let marked = self.to_clear.len();
        for i in 0..self.learnt.len() {
            let v = var(self.learnt[i]);
            self.seen[v] = true;
            self.to_clear.push(self.learnt[i]);
        }
        for i in 0..self.learnt.len() {
            match self.reason[var(self.learnt[i])] {
                Reason::None => {}
                Reason::Binary(a) => self.bump_reason_lit(a),
                Reason::Long(cref) => {
                    let at = cref as usize + HEADER;
                    for k in 1..self.clauses.len(cref) {
                        let q = self.clauses.arena[at + k];
                        self.bump_reason_lit(q);
                    }
                }
            }
        }
        for &l in &self.to_clear[marked..] {
            self.seen[var(l)] = false;
        }
        self.to_clear.truncate(marked);
    }

    fn bump_reason_lit(&mut self, q: Lit) {
        let v = var(q);
        if self.seen[v] || self.level[v] == 0 {
            return;
        }
        self.seen[v] = true;
        self.to_clear.push(q);
        match &mut self.scores {
            Scores::Lrb(lrb) => lrb.reason(v),
            _ => self.bump(v),
        }
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

    /// `v` met by the current conflict's analysis ([`Scores::met`]).
    fn bump(&mut self, v: usize) {
        let conflicts = self.stats.conflicts;
        self.scores.met(
            v,
            conflicts,
            &mut self.activity,
            &mut self.var_inc,
            &mut self.heap,
        );
    }
}

/// EVSIDS: raises `v`'s activity by the increment, rescaling all when it grows too large.
#[inline(always)]
pub(super) fn bump(activity: &mut [f64], var_inc: &mut f64, heap: &mut VarHeap, v: usize) {
    activity[v] += *var_inc;
    if activity[v] > 1e100 {
        rescale(activity, var_inc, heap);
    }
    heap.increased(v as u32, activity);
}

/// Scales every activity, the heap's copies and the increment down by 1e-100 (the order is
/// unchanged), once some activity has grown past 1e100.
pub(super) fn rescale(activity: &mut [f64], var_inc: &mut f64, heap: &mut VarHeap) {
    for a in activity.iter_mut() {
        *a *= 1e-100;
    }
    heap.rescale(1e-100);
    *var_inc *= 1e-100;
}

/// Whether `lit` follows from literals already in the learned clause (marked `seen`): every
/// path back from it through the reasons ends in the clause or at level 0. A depth-first walk of
/// the reasons: a variable shown to follow is marked `seen` (kept in `to_clear`) and one shown
/// not to is marked `poison` (kept in `poisoned`), both for the rest of the minimisation, so no
/// variable is walked twice in one conflict. The answer is a property of the implication graph
/// and the clause, whatever the order of the walks, so the clause is MiniSat's. Free of
/// `Solver` so that the arrays it reads stay in registers while it writes the marks.
#[allow(clippy::too_many_arguments)]
fn redundant(
    lit: Lit,
    level_count: &[u32],
    stack: &mut Vec<(Lit, u32)>,
    to_clear: &mut Vec<Lit>,
    seen: &mut [bool],
    poison: &mut [bool],
    poisoned: &mut Vec<u32>,
    level: &[u32],
    reason: &[Reason],
    arena: &[u32],
) -> bool {
    // Every literal propagated at a level has another of that level in its reason, so a walk
    // back from a literal of level d either meets a literal of the clause of level d or ends at
    // d's decision: a literal alone at its level in the clause does not follow, nor does one of
    // a level the clause has none of (what MiniSat's abstraction of levels approximates). Were
    // a literal ever propagated without one, it would only be kept, never wrongly dropped.
    if level_count[level[var(lit)] as usize] == 1 {
        return false;
    }
    stack.clear();
    stack.push((lit, 0));
    while let Some(&mut (q, ref mut next)) = stack.last_mut() {
        // The next literal of `q`'s reason, if any is left.
        let antecedent = match reason[var(q)] {
            Reason::None => None,
            Reason::Binary(a) => (*next == 0).then_some(a),
            Reason::Long(cref) => {
                let at = cref as usize + HEADER;
                let k = 1 + *next as usize;
                (k < arena[cref as usize] as usize).then(|| arena[at + k])
            }
        };
        let Some(u) = antecedent else {
            // Every antecedent follows: so does `q`.
            stack.pop();
            if stack.is_empty() {
                return true;
            }
            seen[var(q)] = true;
            to_clear.push(q);
            continue;
        };
        *next += 1;
        let w = var(u);
        if seen[w] || level[w] == 0 {
            continue;
        }
        if !poison[w] && reason[w] != Reason::None && level_count[level[w] as usize] != 0 {
            stack.push((u, 0));
            continue;
        }
        // `u` does not follow, nor does any literal on the path to it.
        if !poison[w] {
            poison[w] = true;
            poisoned.push(w as u32);
        }
        for &(p, _) in &stack[1..] {
            poison[var(p)] = true;
            poisoned.push(var(p) as u32);
        }
        return false;
    }
    unreachable!("the walk returns before its stack empties")
}
