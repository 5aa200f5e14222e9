//! Propagation to a fixpoint: peer elimination of singles, hidden singles, and the stronger rules
//! (`alldiff.rs`, `locked.rs`) when enabled.

use super::alldiff::alldiff_units;
use super::locked::locked_candidates;
use super::tables::{Scratch, Tables};
use super::wdeg::Blame;
use super::{Contradiction, Fail};
use crate::board::Grid;

/// Fill `state` from the puzzle: every cell all digits, givens a single digit and queued.
pub(super) fn init(t: &Tables, s: &mut Scratch, state: &mut [u64], puzzle: &Grid) {
    let (cand, done) = state.split_at_mut(t.cells);
    done.fill(0);
    s.clear();
    for (c, (slot, &d)) in cand.iter_mut().zip(puzzle.cells()).enumerate() {
        if d == 0 {
            *slot = t.all;
        } else {
            *slot = 1u64 << (d - 1);
            s.queue.push(c as u16);
        }
    }
    s.mark_all(t);
}

/// Propagate to a fixpoint: peer elimination of queued singles, hidden singles in dirty units and,
/// when enabled, locked candidates.
pub(super) fn run(
    t: &Tables,
    s: &mut Scratch,
    cand: &mut [u64],
    done: &mut [u64],
) -> Result<(), Fail> {
    loop {
        // Naked singles.
        while let Some(cell) = s.queue.pop() {
            let cell = cell as usize;
            let bit = cand[cell];
            done[cell >> 6] |= 1u64 << (cell & 63);
            for &p in &t.peers[cell * t.npeers..(cell + 1) * t.npeers] {
                let p = p as usize;
                let m = cand[p];
                if m & bit != 0 {
                    let m = m & !bit;
                    cand[p] = m;
                    if m == 0 {
                        s.queue.clear();
                        s.blame = Blame::cell(t, p, Some(cell));
                        return Err(Contradiction::EmptyCell {
                            cell: p,
                            side: t.side,
                        });
                    }
                    s.mark(t, p);
                    if m & (m - 1) == 0 {
                        s.queue.push(p as u16);
                    }
                }
            }
        }
        // Hidden singles in the units that changed.
        let dirty = s.dirty;
        if dirty == [0; 3] {
            if t.alldiff && alldiff_units(t, s, cand)? {
                continue;
            }
            if t.locked && locked_candidates(t, s, cand)? {
                continue;
            }
            return Ok(());
        }
        s.dirty = [0; 3];
        if t.alldiff {
            for (pending, d) in s.alldiff_dirty.iter_mut().zip(dirty) {
                *pending |= d;
            }
        }
        if t.locked {
            // Every changed cell dirties its box unit (2n + box).
            let n = t.side;
            for bx in 0..n {
                let u = 2 * n + bx;
                if dirty[u >> 6] & (1u64 << (u & 63)) != 0 {
                    s.bands_dirty |= 1u64 << (bx / t.box_size);
                    s.stacks_dirty |= 1u64 << (bx % t.box_size);
                }
            }
        }
        for (w, mut bits) in dirty.into_iter().enumerate() {
            while bits != 0 {
                let u = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let unit = &t.units[u * t.side..(u + 1) * t.side];
                let (mut once, mut twice, mut singles) = (0u64, 0u64, 0u64);
                for &c in unit {
                    let m = cand[c as usize];
                    twice |= once & m;
                    once |= m;
                    if m & (m - 1) == 0 {
                        singles |= m;
                    }
                }
                if once != t.all {
                    s.queue.clear();
                    s.blame = Blame::unit(u);
                    let digit = (!once & t.all).trailing_zeros() as u8 + 1;
                    return Err(Contradiction::NoPlace {
                        unit: t.unit_name(u),
                        digit,
                    });
                }
                let hidden = once & !twice & !singles;
                if hidden == 0 {
                    continue;
                }
                for &c in unit {
                    let c = c as usize;
                    let m = cand[c];
                    let h = m & hidden;
                    if h != 0 {
                        if h & (h - 1) != 0 {
                            // Two digits whose only place in this unit is the same cell.
                            s.queue.clear();
                            s.blame = Blame::unit(u);
                            return Err(Contradiction::NoPlace {
                                unit: t.unit_name(u),
                                digit: 64 - h.leading_zeros() as u8,
                            });
                        }
                        cand[c] = h;
                        s.mark(t, c);
                        s.queue.push(c as u16);
                    }
                }
            }
        }
    }
}

/// Remove `mask` from a cell; queue it if it became a single.
#[inline(always)]
pub(super) fn eliminate(
    t: &Tables,
    s: &mut Scratch,
    cand: &mut [u64],
    cell: usize,
    mask: u64,
) -> Result<bool, Fail> {
    let old = cand[cell];
    if old & mask == 0 {
        return Ok(false);
    }
    let m = old & !mask;
    cand[cell] = m;
    if m == 0 {
        s.blame = Blame::cell(t, cell, None);
        return Err(Contradiction::EmptyCell { cell, side: t.side });
    }
    s.mark(t, cell);
    if m & (m - 1) == 0 {
        s.queue.push(cell as u16);
    }
    Ok(true)
}
