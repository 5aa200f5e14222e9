//! Unit propagation: binary implication lists, then two watched literals with blockers, for
//! each literal of the trail in turn (the CDCL's hot loop, most of its time).
//!
//! The loop works on the assignment's arrays as separate slices, handed to one function as
//! arguments: the compiler then knows that writing a value or a watch does not move another
//! array, and keeps their addresses and lengths in registers instead of reloading them from the
//! search's struct after every store. The literals it reads from the clauses index the
//! assignment without bounds checks: `Clauses` keeps every literal below `2 * vars`, and
//! `propagate_trail` asserts on entry that the arrays have that many entries (literals) or half
//! as many (variables). What it visits, and in which order, is MiniSat's; the only additions are
//! prefetches (hints to the CPU: nothing read or decided changes): the clause two watches ahead,
//! the list headers of the literal two ahead on the trail and the lists' first entries of the
//! next one. With them 10-20 % less time per conflict at 36x36 (docs/results/hardness.md, "A
//! prefetch in propagation", "Lists side by side").

use super::clauses::{not, var, Clauses, Lists, Lit, Watch, HEADER};
use super::search::Conflict;
use super::{Reason, Solver};

impl Solver {
    /// Unit propagation of the trail's pending literals; the first false clause met, if any.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        if self.qhead == self.trail.len() {
            return None;
        }
        let Clauses { arena, lists, .. } = &mut self.clauses;
        let level = self.trail_lim.len() as u32;
        let start = self.qhead;
        let conflict = propagate_trail(
            &mut self.qhead,
            &mut self.trail,
            &mut self.value,
            &mut self.level,
            &mut self.reason,
            arena,
            lists,
            level,
        );
        self.stats.propagations += (self.qhead - start) as u64;
        conflict
    }
}

/// How many watches ahead of the one visited the loop asks the CPU to fetch the clause's first
/// cache line: a visit whose blocker is not true reads the clause, a cache miss on large CNFs.
const PREFETCH_AHEAD: usize = 2;

/// Asks the CPU to bring `target` into cache; nothing where the target has no prefetch
/// instruction in stable Rust. A hint: no value read or written changes.
#[inline(always)]
fn prefetch<T>(target: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch reads nothing architecturally; the pointer is to a live value.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((target as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = target;
}

/// Propagates `trail[*qhead..]` (and what it implies, pushed on `trail` at decision level
/// `level`); stops at the first false clause, `*qhead` just past the literal that found it.
#[allow(clippy::too_many_arguments)]
fn propagate_trail(
    qhead: &mut usize,
    trail: &mut Vec<Lit>,
    value: &mut [i8],
    levels: &mut [u32],
    reasons: &mut [Reason],
    arena: &mut [u32],
    lists: &mut [Lists],
    level: u32,
) -> Option<Conflict> {
    let literals = value.len();
    assert!(
        lists.len() == literals && 2 * levels.len() == literals && 2 * reasons.len() == literals,
        "the assignment and the clauses disagree on the variables"
    );
    // `q` is a literal of a clause: below `literals` (the invariant of `Clauses`), so `q`,
    // `not(q)` index `value` and `var(q)` indexes `levels` and `reasons`.
    macro_rules! value_of {
        ($q:expr) => {{
            let q: Lit = $q;
            debug_assert!((q as usize) < literals);
            // SAFETY: see above.
            unsafe { *value.get_unchecked(q as usize) }
        }};
    }
    macro_rules! assign {
        ($q:expr, $r:expr) => {{
            let q: Lit = $q;
            debug_assert!((q as usize) < literals);
            // SAFETY: see above.
            unsafe {
                *value.get_unchecked_mut(q as usize) = 1;
                *value.get_unchecked_mut(not(q) as usize) = -1;
                *levels.get_unchecked_mut(var(q)) = level;
                *reasons.get_unchecked_mut(var(q)) = $r;
            }
            trail.push(q);
        }};
    }
    while *qhead < trail.len() {
        let p = trail[*qhead];
        *qhead += 1;
        let false_lit = not(p);
        // Two literals ahead on the trail, the lists' headers; one ahead, what they point to
        // (its headers were asked for one literal earlier).
        if let Some(&l) = trail.get(*qhead + 1) {
            prefetch(&lists[l as usize]);
        }
        if let Some(&l) = trail.get(*qhead) {
            let next = &lists[l as usize];
            if let Some(first) = next.bins.first() {
                prefetch(first);
            }
            if let Some(first) = next.watches.first() {
                prefetch(first);
            }
        }
        for &q in &lists[p as usize].bins {
            match value_of!(q) {
                1 => {}
                0 => assign!(q, Reason::Binary(false_lit)),
                _ => return Some(Conflict::Binary(false_lit, q)),
            }
        }
        if lists[p as usize].watches.is_empty() {
            continue;
        }
        let mut ws = std::mem::take(&mut lists[p as usize].watches);
        let n = ws.len();
        let (mut i, mut j) = (0, 0);
        let mut conflict = None;
        while i < n {
            let w = ws[i];
            if let Some(ahead) = ws.get(i + PREFETCH_AHEAD) {
                if let Some(clause) = arena.get(ahead.cref as usize) {
                    prefetch(clause);
                }
            }
            i += 1;
            if value_of!(w.blocker) == 1 {
                ws[j] = w;
                j += 1;
                continue;
            }
            let cref = w.cref;
            let at = cref as usize + HEADER;
            let len = arena[cref as usize] as usize;
            let lits = &mut arena[at..at + len];
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let kept = Watch {
                cref,
                blocker: first,
            };
            if first != w.blocker && value_of!(first) == 1 {
                ws[j] = kept;
                j += 1;
                continue;
            }
            // A literal not false to watch instead of `false_lit`, the first in clause order.
            if let Some(k) = lits[2..].iter().position(|&l| value_of!(l) != -1) {
                lits.swap(1, k + 2);
                lists[not(lits[1]) as usize].watches.push(kept);
                continue;
            }
            ws[j] = kept;
            j += 1;
            if value_of!(first) == -1 {
                conflict = Some(Conflict::Long(cref));
                ws.copy_within(i..n, j);
                j += n - i;
                break;
            }
            assign!(first, Reason::Long(cref));
        }
        ws.truncate(j);
        lists[p as usize].watches = ws;
        if conflict.is_some() {
            return conflict;
        }
    }
    None
}
