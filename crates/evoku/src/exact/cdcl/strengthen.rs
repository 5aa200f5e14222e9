//! The exact solver's propagation at decision level 0, inside the CDCL search: every
//! [`Strengthen::every`] conflicts the search goes back to level 0, its level-0 facts become
//! candidate masks, and the exact solver's propagation (naked and hidden singles, all-different
//! filtering by matchings, locked candidates; optionally failed-literal probing of the cells with
//! two candidates) runs on them. What it removes goes back to the search as unit clauses, what
//! it proves impossible ends the search. Unit propagation over the clauses sees neither Hall
//! sets nor locked candidates, so the level-0 facts the search learns can imply more than it
//! finds by itself.
//!
//! Everything it adds follows from the puzzle: a candidate goes only when the exact solver's
//! rules (or a contradiction after assuming it) exclude it.

use evoku_sat::{neg, pos, Lit, Solver};

use crate::board::Grid;
use crate::exact;

/// When the search strengthens its level-0 facts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Strengthen {
    /// Conflicts between two passes (0: never).
    pub every: u64,
    /// Also probe each cell with two candidates left: a digit whose assumption the exact
    /// solver's propagation refutes goes.
    pub probe: bool,
}

/// What the passes did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StrengthenStats {
    pub passes: u64,
    /// Level-0 facts the search had at the last pass (cell variables fixed either way).
    pub root_facts: u64,
    /// Unit clauses added over all passes (candidates removed, cells fixed).
    pub units: u64,
    /// Candidates removed by probing over all passes.
    pub probed: u64,
}

/// One pass: `solver` back at level 0, its facts over the cell variables `cells` (of the
/// puzzle propagated to `base`) propagated by `exact`, the news added as unit clauses. A pass
/// that proves the puzzle has no solution adds the empty clause.
pub(super) fn strengthen(
    solver: &mut Solver,
    exact: &mut exact::Solver,
    base: &Grid,
    cells: &[(u32, u8)],
    probe: bool,
    stats: &mut StrengthenStats,
) {
    let Some(values) = solver.root_values() else {
        return;
    };
    stats.passes += 1;
    let bit = |digit: u8| 1u64 << (digit - 1);
    let mut masks: Vec<u64> = (0..base.geometry().cells())
        .map(|c| match base.get(c) {
            0 => 0,
            d => bit(d),
        })
        .collect();
    let mut root_facts = 0;
    for (v, &(cell, digit)) in cells.iter().enumerate() {
        root_facts += u64::from(values[v].is_some());
        if values[v] != Some(false) {
            masks[cell as usize] |= bit(digit);
        }
    }
    for (v, &(cell, digit)) in cells.iter().enumerate() {
        if values[v] == Some(true) {
            masks[cell as usize] = bit(digit);
        }
    }
    stats.root_facts = root_facts;
    if exact.propagate_candidates(&mut masks).is_err()
        || (probe && !probed(exact, &mut masks, stats))
    {
        solver.add_clause(&[]);
        return;
    }
    let mut units: Vec<Lit> = Vec::new();
    for (v, &(cell, digit)) in cells.iter().enumerate() {
        let m = masks[cell as usize];
        if m & bit(digit) == 0 && values[v] != Some(false) {
            units.push(neg(v));
        } else if m == bit(digit) && values[v] != Some(true) {
            units.push(pos(v));
        }
    }
    stats.units += units.len() as u64;
    for unit in units {
        if !solver.add_clause(&[unit]) {
            return;
        }
    }
}

/// Failed-literal probing of the cells with two candidates, on propagated `masks`, until a
/// whole sweep removes nothing; `false` when the masks turn out contradictory.
fn probed(exact: &mut exact::Solver, masks: &mut [u64], stats: &mut StrengthenStats) -> bool {
    let mut scratch = masks.to_vec();
    loop {
        let mut removed = false;
        for cell in 0..masks.len() {
            let m = masks[cell];
            if m.count_ones() != 2 {
                continue;
            }
            let mut rest = m;
            while rest != 0 {
                let b = rest & rest.wrapping_neg();
                rest &= rest - 1;
                scratch.copy_from_slice(masks);
                let digit = b.trailing_zeros() as u8 + 1;
                if exact.assign(&mut scratch, cell, digit).is_err() {
                    masks[cell] &= !b;
                    stats.probed += 1;
                    removed = true;
                    if exact.propagate_candidates(masks).is_err() {
                        return false;
                    }
                    break;
                }
            }
        }
        if !removed {
            return true;
        }
    }
}
