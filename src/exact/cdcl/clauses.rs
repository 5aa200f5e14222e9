//! Literals, the clause arena and the watch lists.
//!
//! A literal is `2 * var + sign` (sign 1: negated). Binary clauses live only in implication
//! lists (`bins[l]`: literals made true when `l` becomes true); longer ones in a flat arena, two of
//! their literals watched (`watches[l]`: clauses visited when `l` becomes true, since they hold
//! `!l`). Learned long clauses are removed by [`Clauses::reduce`], which compacts the arena; it
//! runs at decision level 0, where no clause is the reason of a literal analysis will read.

pub(super) type Lit = u32;

#[inline(always)]
pub(super) fn var(l: Lit) -> usize {
    (l >> 1) as usize
}

/// The positive literal of a variable.
#[inline(always)]
pub(super) fn pos(v: usize) -> Lit {
    (v as u32) << 1
}

#[inline(always)]
pub(super) fn not(l: Lit) -> Lit {
    l ^ 1
}

/// A long clause's place in the arena: its header (length, then LBD and flags) and literals follow.
pub(super) type ClauseRef = u32;

const HEADER: usize = 2;
const LEARNT: u32 = 1;
const DELETED: u32 = 2;

/// A watched long clause, with a literal of it whose truth spares the visit (the blocker).
#[derive(Clone, Copy, Debug)]
pub(super) struct Watch {
    pub cref: ClauseRef,
    pub blocker: Lit,
}

/// Every clause of the problem and the learned ones.
#[derive(Clone, Debug, Default)]
pub(super) struct Clauses {
    pub arena: Vec<u32>,
    pub bins: Vec<Vec<Lit>>,
    pub watches: Vec<Vec<Watch>>,
    /// Learned long clauses alive.
    pub learnts: usize,
    /// Binary clauses, learned ones included.
    pub binaries: usize,
}

impl Clauses {
    pub(super) fn new(vars: usize) -> Clauses {
        Clauses {
            bins: vec![Vec::new(); 2 * vars],
            watches: vec![Vec::new(); 2 * vars],
            ..Clauses::default()
        }
    }

    pub(super) fn add_binary(&mut self, a: Lit, b: Lit) {
        self.bins[not(a) as usize].push(b);
        self.bins[not(b) as usize].push(a);
        self.binaries += 1;
    }

    /// A clause of three literals or more, its first two watched.
    pub(super) fn add_long(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> ClauseRef {
        debug_assert!(lits.len() >= 3);
        let cref = self.arena.len() as ClauseRef;
        self.arena.push(lits.len() as u32);
        self.arena.push((lbd << 2) | (u32::from(learnt) * LEARNT));
        self.arena.extend_from_slice(lits);
        self.watch(cref);
        self.learnts += usize::from(learnt);
        cref
    }

    fn watch(&mut self, cref: ClauseRef) {
        let (a, b) = (self.lit(cref, 0), self.lit(cref, 1));
        self.watches[not(a) as usize].push(Watch { cref, blocker: b });
        self.watches[not(b) as usize].push(Watch { cref, blocker: a });
    }

    #[inline(always)]
    pub(super) fn len(&self, cref: ClauseRef) -> usize {
        self.arena[cref as usize] as usize
    }

    #[inline(always)]
    pub(super) fn lit(&self, cref: ClauseRef, i: usize) -> Lit {
        self.arena[cref as usize + HEADER + i]
    }

    #[inline(always)]
    pub(super) fn lits(&self, cref: ClauseRef) -> &[Lit] {
        let start = cref as usize + HEADER;
        &self.arena[start..start + self.len(cref)]
    }

    #[inline(always)]
    pub(super) fn lits_mut(&mut self, cref: ClauseRef) -> &mut [Lit] {
        let start = cref as usize + HEADER;
        let len = self.len(cref);
        &mut self.arena[start..start + len]
    }

    fn meta(&self, cref: ClauseRef) -> u32 {
        self.arena[cref as usize + 1]
    }

    pub(super) fn lbd(&self, cref: ClauseRef) -> u32 {
        self.meta(cref) >> 2
    }

    pub(super) fn is_learnt(&self, cref: ClauseRef) -> bool {
        self.meta(cref) & LEARNT != 0
    }

    /// Every long clause in arena order.
    fn crefs(&self) -> Vec<ClauseRef> {
        let mut out = Vec::new();
        let mut at = 0;
        while at < self.arena.len() {
            out.push(at as ClauseRef);
            at += HEADER + self.arena[at] as usize;
        }
        out
    }

    /// Removes half of the learned long clauses whose LBD exceeds `keep_lbd`: those of highest
    /// LBD, the older first among equals. Then compacts the arena and rebuilds the watches.
    /// Call at decision level 0 only (reasons of level-0 literals are never read).
    pub(super) fn reduce(&mut self, keep_lbd: u32) {
        let mut candidates: Vec<(u32, ClauseRef)> = self
            .crefs()
            .into_iter()
            .filter(|&c| self.is_learnt(c) && self.lbd(c) > keep_lbd)
            .map(|c| (self.lbd(c), c))
            .collect();
        // Highest LBD first; among equals the older (lower cref) first.
        candidates.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for &(_, c) in &candidates[..candidates.len() / 2] {
            self.arena[c as usize + 1] |= DELETED;
            self.learnts -= 1;
        }
        let old = std::mem::take(&mut self.arena);
        for w in &mut self.watches {
            w.clear();
        }
        let mut at = 0;
        while at < old.len() {
            let len = old[at] as usize;
            if old[at + 1] & DELETED == 0 {
                let cref = self.arena.len() as ClauseRef;
                self.arena.extend_from_slice(&old[at..at + HEADER + len]);
                self.watch(cref);
            }
            at += HEADER + len;
        }
    }
}
