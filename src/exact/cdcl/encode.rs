//! The CNF of a puzzle after the exact solver's propagation: one variable per (open cell,
//! candidate digit); givens and cells propagation fixed are not variables.
//!
//! Clauses: at least one digit per open cell; at least one place per (unit, missing digit) over
//! its candidate cells; at most one digit per cell and at most one of two peer cells per digit, as
//! binary clauses (each peer pair once, however many units the two cells share).

use super::clauses::{not, pos, Lit};
use crate::board::Grid;
use crate::exact::propagate;

/// A puzzle as clauses over its open candidates.
#[derive(Clone, Debug)]
pub(super) struct Encoding {
    /// The givens plus every cell propagation fixed.
    pub grid: Grid,
    /// `(cell, digit)` of each variable.
    pub vars: Vec<(u32, u8)>,
    pub binaries: Vec<(Lit, Lit)>,
    /// Clauses of one literal or more (at-least-one clauses).
    pub clauses: Vec<Vec<Lit>>,
}

/// What encoding found.
pub(super) enum Encoded {
    /// Propagation alone showed there is no solution.
    Unsat,
    /// Propagation alone filled the board.
    Solved(Grid),
    Cnf(Encoding),
}

pub(super) fn encode(puzzle: &Grid) -> Encoded {
    let p = match propagate(puzzle) {
        Ok(p) => p,
        Err(_) => return Encoded::Unsat,
    };
    if p.is_solved() {
        return Encoded::Solved(p.grid);
    }
    let g = puzzle.geometry();
    let n = g.side();
    let open = |c: usize| p.grid.get(c) == 0;
    // Variable of (cell, digit - 1), u32::MAX when none.
    let mut index = vec![u32::MAX; g.cells() * n];
    let mut vars = Vec::new();
    let mut clauses = Vec::new();
    let mut binaries = Vec::new();
    for c in (0..g.cells()).filter(|&c| open(c)) {
        let mut cell_lits = Vec::new();
        let mut m = p.candidates[c];
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let v = vars.len();
            index[c * n + d] = v as u32;
            vars.push((c as u32, d as u8 + 1));
            cell_lits.push(pos(v));
        }
        for (i, &a) in cell_lits.iter().enumerate() {
            for &b in &cell_lits[i + 1..] {
                binaries.push((not(a), not(b)));
            }
        }
        clauses.push(cell_lits);
    }
    // Peer pairs, each once.
    for a in (0..g.cells()).filter(|&c| open(c)) {
        let ua = g.units_of(a);
        for b in (a + 1..g.cells()).filter(|&c| open(c)) {
            let ub = g.units_of(b);
            if !(0..3).any(|k| ua[k] == ub[k]) {
                continue;
            }
            let mut common = p.candidates[a] & p.candidates[b];
            while common != 0 {
                let d = common.trailing_zeros() as usize;
                common &= common - 1;
                let (x, y) = (index[a * n + d], index[b * n + d]);
                binaries.push((not(pos(x as usize)), not(pos(y as usize))));
            }
        }
    }
    // At least one place per (unit, digit) the unit's fixed cells lack.
    let units: Vec<usize> = g.unit_cells().collect();
    for unit in units.chunks(n) {
        let placed = unit
            .iter()
            .filter(|&&c| !open(c))
            .fold(0u64, |m, &c| m | 1u64 << (p.grid.get(c) - 1));
        for d in 0..n {
            if placed & (1u64 << d) != 0 {
                continue;
            }
            let places: Vec<Lit> = unit
                .iter()
                .map(|&c| index[c * n + d])
                .filter(|&v| v != u32::MAX)
                .map(|v| pos(v as usize))
                .collect();
            clauses.push(places);
        }
    }
    Encoded::Cnf(Encoding {
        grid: p.grid,
        vars,
        binaries,
        clauses,
    })
}
