//! Literals, the clause arena and the watch lists.
//!
//! A literal is `2 * var + sign` (sign 1: negated). Binary clauses live only in implication
//! lists (`lists[l].bins`: literals made true when `l` becomes true); longer ones in a flat arena,
//! two of their literals watched (`lists[l].watches`: clauses visited when `l` becomes true, since
//! they hold `!l`). A literal's two lists sit side by side in one cache line ([`Lists`]), so
//! propagating it misses the cache once for both. Learned long clauses are removed by
//! `Clauses::reduce` (`tiers.rs`), which compacts the arena; it runs at decision level 0, where
//! no clause is the reason of a literal analysis will read.

/// A literal: `2 * var + sign` (sign 1: negated); variables are numbered from 0.
pub type Lit = u32;

/// The variable of a literal.
#[inline(always)]
pub fn var(l: Lit) -> usize {
    (l >> 1) as usize
}

/// The positive literal of a variable.
#[inline(always)]
pub fn pos(v: usize) -> Lit {
    (v as u32) << 1
}

/// The negative literal of a variable.
#[inline(always)]
pub fn neg(v: usize) -> Lit {
    not(pos(v))
}

/// The negation of a literal.
#[inline(always)]
pub fn not(l: Lit) -> Lit {
    l ^ 1
}

/// A long clause's place in the arena: its header (length; LBD and flags; the conflict count
/// when analysis last used it) and literals follow.
pub(super) type ClauseRef = u32;

pub(super) const HEADER: usize = 3;
const LEARNT: u32 = 1;
const DELETED: u32 = 2;
/// Vivification (`vivify.rs`) has tried this clause.
const VIVIFIED: u32 = 4;
/// The LBD sits above the flags.
const FLAG_BITS: u32 = 3;

/// A watched long clause, with a literal of it whose truth spares the visit (the blocker).
#[derive(Clone, Copy, Debug)]
pub(super) struct Watch {
    pub cref: ClauseRef,
    pub blocker: Lit,
}

/// A literal's implication list and watch list. Aligned to a cache line: propagation reads
/// both headers of each literal it propagates, and apart they were two misses (the headers of
/// 8,000 literals at 36x36 fill 384 KiB, beyond the first-level cache).
#[derive(Clone, Debug, Default)]
#[repr(align(64))]
pub(super) struct Lists {
    /// Literals made true when this one becomes true (its binary clauses).
    pub bins: Vec<Lit>,
    /// Long clauses holding this literal's negation, visited when it becomes true.
    pub watches: Vec<Watch>,
}

/// Every clause of the problem and the learned ones.
///
/// Every literal held (in the implication lists and in the arena) is below `lists.len()`
/// (`2 * vars`): `add_binary` indexes `lists` by both of its literals and `add_long` asserts
/// it, and nothing else writes literals. Propagation relies on it to read the assignment
/// unchecked (`propagate.rs`).
#[derive(Clone, Debug, Default)]
pub(super) struct Clauses {
    pub arena: Vec<u32>,
    /// Per literal, its implication and watch lists.
    pub lists: Vec<Lists>,
    /// Learned long clauses alive.
    pub learnts: usize,
    /// Binary clauses, learned ones included.
    pub binaries: usize,
}

impl Clauses {
    pub(super) fn new(vars: usize) -> Clauses {
        Clauses {
            lists: vec![Lists::default(); 2 * vars],
            ..Clauses::default()
        }
    }

    pub(super) fn add_binary(&mut self, a: Lit, b: Lit) {
        self.lists[not(a) as usize].bins.push(b);
        self.lists[not(b) as usize].bins.push(a);
        self.binaries += 1;
    }

    /// A clause of three literals or more, its first two watched.
    /// `used`: the conflict count it is learned at (what [`Clauses::used`] reads back).
    pub(super) fn add_long(
        &mut self,
        lits: &[Lit],
        learnt: bool,
        lbd: u32,
        used: u64,
    ) -> ClauseRef {
        debug_assert!(lits.len() >= 3);
        assert!(
            lits.iter().all(|&l| (l as usize) < self.lists.len()),
            "a literal of another formula"
        );
        let cref = self.arena.len() as ClauseRef;
        self.arena.push(lits.len() as u32);
        self.arena
            .push((lbd << FLAG_BITS) | (u32::from(learnt) * LEARNT));
        self.arena.push(used as u32);
        self.arena.extend_from_slice(lits);
        self.watch(cref);
        self.learnts += usize::from(learnt);
        cref
    }

    pub(super) fn watch(&mut self, cref: ClauseRef) {
        let (a, b) = (self.lit(cref, 0), self.lit(cref, 1));
        self.lists[not(a) as usize]
            .watches
            .push(Watch { cref, blocker: b });
        self.lists[not(b) as usize]
            .watches
            .push(Watch { cref, blocker: a });
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

    /// Takes the clause out of its two watch lists (its first two literals'), as vivification
    /// does while it tries the clause.
    pub(super) fn unwatch(&mut self, cref: ClauseRef) {
        for i in 0..2 {
            let l = not(self.lit(cref, i)) as usize;
            self.lists[l].watches.retain(|w| w.cref != cref);
        }
    }

    fn meta(&self, cref: ClauseRef) -> u32 {
        self.arena[cref as usize + 1]
    }

    pub(super) fn lbd(&self, cref: ClauseRef) -> u32 {
        self.meta(cref) >> FLAG_BITS
    }

    pub(super) fn set_lbd(&mut self, cref: ClauseRef, lbd: u32) {
        let flags = self.meta(cref) & ((1 << FLAG_BITS) - 1);
        self.arena[cref as usize + 1] = (lbd << FLAG_BITS) | flags;
    }

    pub(super) fn is_learnt(&self, cref: ClauseRef) -> bool {
        self.meta(cref) & LEARNT != 0
    }

    pub(super) fn is_deleted(&self, cref: ClauseRef) -> bool {
        self.meta(cref) & DELETED != 0
    }

    pub(super) fn is_vivified(&self, cref: ClauseRef) -> bool {
        self.meta(cref) & VIVIFIED != 0
    }

    pub(super) fn set_vivified(&mut self, cref: ClauseRef) {
        self.arena[cref as usize + 1] |= VIVIFIED;
    }

    /// The conflict count when analysis last used the clause (or it was learned), modulo 2^32.
    pub(super) fn used(&self, cref: ClauseRef) -> u32 {
        self.arena[cref as usize + 2]
    }

    pub(super) fn set_used(&mut self, cref: ClauseRef, conflicts: u64) {
        self.arena[cref as usize + 2] = conflicts as u32;
    }

    /// Marks a learned clause removed (unwatch it first, or let [`Clauses::compact`] rebuild
    /// the watches); its space is reclaimed at the next compaction.
    pub(super) fn delete(&mut self, cref: ClauseRef) {
        debug_assert!(self.is_learnt(cref) && !self.is_deleted(cref));
        self.arena[cref as usize + 1] |= DELETED;
        self.learnts -= 1;
    }

    /// Every long clause in arena order, removed ones included.
    pub(super) fn crefs(&self) -> Vec<ClauseRef> {
        let mut out = Vec::new();
        let mut at = 0;
        while at < self.arena.len() {
            out.push(at as ClauseRef);
            at += HEADER + self.arena[at] as usize;
        }
        out
    }

    /// Drops the removed clauses from the arena and rebuilds the watches. Call at decision
    /// level 0 only (reasons of level-0 literals are never read).
    pub(super) fn compact(&mut self) {
        let old = std::mem::take(&mut self.arena);
        for lists in &mut self.lists {
            lists.watches.clear();
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
