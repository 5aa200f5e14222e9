//! Full all-different inside the CDCL search (generalized arc consistency on each unit, Régin's
//! matching-based filtering): a [`Theory`] that, at every propagation fixpoint, keeps a perfect
//! matching of each changed unit's open cells to its missing digits and removes every candidate
//! that lies in no perfect matching (Hall sets of any size: naked and hidden subsets of every
//! order), explained by a clause: the removed literal, or one of the candidates whose absence
//! made the Hall set. A unit without a perfect matching is a conflict, explained the same way.
//!
//! Per unit, the cell graph links cell `i` to the cell matched to each other open candidate of
//! `i`; candidate `(i, y)` lies in a perfect matching iff the cell matched to `y` reaches `i`
//! (an alternating cycle). Reachability is a bit-matrix closure (Warshall, a unit has at most 64
//! cells). When it fails, the cells `R` reachable from `y`'s cell hold exactly the digits they
//! are matched to (a Hall set without `i`, containing `y`): the clause is `i != y` or some cell of
//! `R` takes a digit outside `M(R)`.

use evoku_sat::{neg, pos, var, Lit, Theory};

use crate::board::Grid;

const NONE: u8 = u8::MAX;

pub(super) struct AllDiff {
    side: usize,
    /// The open cells of unit `u`: `cells[start[u]..start[u + 1]]`.
    cells: Vec<u32>,
    start: Vec<u32>,
    /// The units of each cell.
    cell_units: Vec<[u32; 3]>,
    /// Variable of (cell, digit - 1), `u32::MAX` when none.
    index: Vec<u32>,
    /// `(cell, digit - 1)` of each cell variable.
    vars: Vec<(u32, u8)>,
    /// The variables of cell `c`: `first[c]..first[c + 1]`.
    first: Vec<u32>,
    /// Candidates not false, per cell (bit `digit - 1`).
    open: Vec<u64>,
    /// The digit - 1 matched to each entry of `cells`, or `NONE`.
    mate: Vec<u8>,
    /// The entry (index inside its unit) matched to `(unit, digit - 1)`, or `NONE`.
    owner: Vec<u8>,
    /// Units changed since they were last filtered.
    dirty: Vec<bool>,
    pending: Vec<u32>,
}

impl AllDiff {
    /// Over `vars` (`(cell, digit)` per variable) of `grid` (the givens and what propagation
    /// fixed).
    pub(super) fn new(grid: &Grid, vars: &[(u32, u8)]) -> AllDiff {
        let g = grid.geometry();
        let n = g.side();
        assert!(n <= 64, "a unit's cells fit a u64");
        let mut index = vec![u32::MAX; g.cells() * n];
        let mut open = vec![0u64; g.cells()];
        for (v, &(cell, digit)) in vars.iter().enumerate() {
            let (c, d) = (cell as usize, digit as usize - 1);
            index[c * n + d] = v as u32;
            open[c] |= 1u64 << d;
        }
        let mut first = vec![0u32; g.cells() + 1];
        for &(cell, _) in vars {
            first[cell as usize + 1] += 1;
        }
        for c in 0..g.cells() {
            first[c + 1] += first[c];
        }
        assert!(
            vars.iter().enumerate().all(|(v, &(cell, _))| {
                (first[cell as usize]..first[cell as usize + 1]).contains(&(v as u32))
            }),
            "the encoding numbers each cell's variables together"
        );
        let all: Vec<usize> = g.unit_cells().collect();
        let mut cells = Vec::new();
        let mut start = vec![0u32];
        for u in 0..3 * n {
            cells.extend(
                all[u * n..(u + 1) * n]
                    .iter()
                    .filter(|&&c| open[c] != 0)
                    .map(|&c| c as u32),
            );
            start.push(cells.len() as u32);
        }
        AllDiff {
            side: n,
            mate: vec![NONE; cells.len()],
            cells,
            start,
            cell_units: (0..g.cells())
                .map(|c| g.units_of(c).map(|u| u as u32))
                .collect(),
            index,
            vars: vars.iter().map(|&(c, d)| (c, d - 1)).collect(),
            first,
            open,
            owner: vec![NONE; 3 * n * n],
            dirty: vec![true; 3 * n],
            pending: (0..3 * n as u32).collect(),
        }
    }

    fn mark(&mut self, cell: usize) {
        for u in self.cell_units[cell] {
            if !self.dirty[u as usize] {
                self.dirty[u as usize] = true;
                self.pending.push(u);
            }
        }
    }

    /// The variables of `cell` whose digit is outside `keep`, as positive literals.
    fn others(&self, cell: usize, keep: u64, clause: &mut Vec<Lit>) {
        for v in self.first[cell] as usize..self.first[cell + 1] as usize {
            if keep & (1u64 << self.vars[v].1) == 0 {
                clause.push(pos(v));
            }
        }
    }

    /// Filters unit `u`; false if it has no perfect matching (the conflict's clause on `out`).
    fn filter(&mut self, u: usize, out: &mut Vec<Vec<Lit>>) -> bool {
        let n = self.side;
        let (lo, hi) = (self.start[u] as usize, self.start[u + 1] as usize);
        let k = hi - lo;
        if k == 0 {
            return true;
        }
        let mut masks = [0u64; 64];
        for (m, &c) in masks.iter_mut().zip(&self.cells[lo..hi]) {
            *m = self.open[c as usize];
        }
        let mate = &mut self.mate[lo..hi];
        let owner = &mut self.owner[u * n..(u + 1) * n];
        // Repair the matching: drop the pairs whose candidate went false, then augment.
        for i in 0..k {
            let y = mate[i];
            if y != NONE && masks[i] & (1u64 << y) == 0 {
                owner[y as usize] = NONE;
                mate[i] = NONE;
            }
        }
        for i in 0..k {
            if mate[i] != NONE {
                continue;
            }
            let mut seen = 0u64;
            if !augment(i, &masks, mate, owner, &mut seen) {
                // The cells met (i and the owners of the digits seen) have only the digits
                // seen, one fewer than themselves.
                let mut clause = Vec::new();
                self.others(self.cells[lo + i] as usize, seen, &mut clause);
                let mut s = seen;
                while s != 0 {
                    let d = s.trailing_zeros() as usize;
                    s &= s - 1;
                    let j = self.owner[u * n + d] as usize;
                    self.others(self.cells[lo + j] as usize, seen, &mut clause);
                }
                out.push(clause);
                return false;
            }
        }
        // The cell graph's closure: reach[i] has j when i reaches j.
        let mut reach = [0u64; 64];
        for ((r, &cands), &y) in reach.iter_mut().zip(&masks[..k]).zip(mate.iter()) {
            let mut m = cands & !(1u64 << y);
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                *r |= 1u64 << owner[d];
            }
        }
        for j in 0..k {
            let bit = 1u64 << j;
            let rj = reach[j];
            for r in reach.iter_mut().take(k) {
                if *r & bit != 0 {
                    *r |= rj;
                }
            }
        }
        for (i, &cands) in masks[..k].iter().enumerate() {
            let mut m = cands & !(1u64 << self.mate[lo + i]);
            while m != 0 {
                let y = m.trailing_zeros() as usize;
                m &= m - 1;
                let j = self.owner[u * n + y] as usize;
                if reach[j] & (1u64 << i) != 0 {
                    continue;
                }
                // The Hall set: the cells j reaches, with the digits matched to them.
                let hall = reach[j] | 1u64 << j;
                let mut digits = 0u64;
                let mut h = hall;
                while h != 0 {
                    let r = h.trailing_zeros() as usize;
                    h &= h - 1;
                    digits |= 1u64 << self.mate[lo + r];
                }
                let cell = self.cells[lo + i] as usize;
                let x = self.index[cell * n + y] as usize;
                let mut clause = vec![neg(x)];
                let mut h = hall;
                while h != 0 {
                    let r = h.trailing_zeros() as usize;
                    h &= h - 1;
                    self.others(self.cells[lo + r] as usize, digits, &mut clause);
                }
                out.push(clause);
            }
        }
        true
    }
}

/// Kuhn's augmenting path from entry `i` over `masks`; marks the digits it meets in `seen`.
fn augment(i: usize, masks: &[u64], mate: &mut [u8], owner: &mut [u8], seen: &mut u64) -> bool {
    let mut m = masks[i] & !*seen;
    while m != 0 {
        let y = m.trailing_zeros() as usize;
        m &= m - 1;
        if *seen & (1u64 << y) != 0 {
            continue;
        }
        *seen |= 1u64 << y;
        let o = owner[y];
        if o == NONE || augment(o as usize, masks, mate, owner, seen) {
            owner[y] = i as u8;
            mate[i] = y as u8;
            return true;
        }
    }
    false
}

impl Theory for AllDiff {
    fn assigned(&mut self, lit: Lit) {
        let v = var(lit);
        // Only a cell variable turning false changes a unit.
        if lit == pos(v) || v >= self.vars.len() {
            return;
        }
        let (cell, d) = self.vars[v];
        self.open[cell as usize] &= !(1u64 << d);
        self.mark(cell as usize);
    }

    fn unassigned(&mut self, lit: Lit) {
        let v = var(lit);
        if lit == pos(v) || v >= self.vars.len() {
            return;
        }
        let (cell, d) = self.vars[v];
        self.open[cell as usize] |= 1u64 << d;
        // What was filtered at a deeper level may not hold here: filter again.
        self.mark(cell as usize);
    }

    fn propagate(&mut self, _value: &[i8], out: &mut Vec<Vec<Lit>>) {
        while let Some(u) = self.pending.pop() {
            self.dirty[u as usize] = false;
            if !self.filter(u as usize, out) {
                // Filter it again after the conflict's backjump.
                self.dirty[u as usize] = true;
                self.pending.push(u);
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::encode::{encode, Encoded};
    use super::*;
    use crate::board::Geometry;
    use crate::exact::{solve, Limits};
    use evoku_sat::{Config, Solver, Status};

    /// The theory, every clause it gives checked twice: against a known solution (a clause must
    /// hold in every solution), and as an explanation: with the clause's other literals false
    /// (and nothing else assumed), some unit has no perfect matching of its open cells to its
    /// missing digits (that uses the removed candidate, when the clause removes one).
    struct Checked {
        inner: AllDiff,
        truth: Vec<bool>,
    }

    /// Whether `cells` (candidate masks) can take distinct digits.
    fn matchable(cells: &[u64]) -> bool {
        let mut mate = vec![NONE; cells.len()];
        let mut owner = vec![NONE; 64];
        (0..cells.len()).all(|c| augment(c, cells, &mut mate, &mut owner, &mut 0))
    }

    impl Checked {
        fn explains(&self, clause: &[Lit]) -> bool {
            let p = &self.inner;
            let n = p.side;
            let head = (clause[0] == neg(var(clause[0]))).then(|| {
                let x = var(clause[0]);
                (p.vars[x].0 as usize, p.vars[x].1 as usize)
            });
            let body = if head.is_some() { &clause[1..] } else { clause };
            assert!(body.iter().all(|&l| l == pos(var(l))));
            let off: Vec<usize> = body.iter().map(|&l| var(l)).collect();
            (0..3 * n).any(|u| {
                let cells = &p.cells[p.start[u] as usize..p.start[u + 1] as usize];
                if let Some((cell, _)) = head {
                    if !cells.contains(&(cell as u32)) {
                        return false;
                    }
                }
                let masks: Vec<u64> = cells
                    .iter()
                    .map(|&c| match head {
                        Some((cell, digit)) if c as usize == cell => 1u64 << digit,
                        _ => (p.first[c as usize]..p.first[c as usize + 1])
                            .filter(|v| !off.contains(&(*v as usize)))
                            .fold(0, |m, v| m | 1u64 << p.vars[v as usize].1),
                    })
                    .collect();
                !matchable(&masks)
            })
        }
    }

    impl Theory for Checked {
        fn assigned(&mut self, lit: Lit) {
            self.inner.assigned(lit);
        }
        fn unassigned(&mut self, lit: Lit) {
            self.inner.unassigned(lit);
        }
        fn propagate(&mut self, value: &[i8], out: &mut Vec<Vec<Lit>>) {
            let from = out.len();
            self.inner.propagate(value, out);
            for clause in &out[from..] {
                let holds = clause
                    .iter()
                    .any(|&l| self.truth[var(l)] == (l == pos(var(l))));
                assert!(holds, "a clause the solution breaks: {clause:?}");
                assert!(
                    self.explains(clause),
                    "a clause all-different does not imply: {clause:?}"
                );
                let open = clause.iter().filter(|&&l| value[l as usize] == 0).count();
                assert!(open <= 1, "a clause neither unit nor false: {clause:?}");
            }
        }
    }

    #[test]
    fn every_alldiff_clause_holds_in_a_solution_and_is_implied() {
        let mut clauses = 0;
        for (box_size, blank) in [(4, 55), (4, 62), (4, 70), (5, 58), (5, 66)] {
            let g = Geometry::new(box_size).unwrap();
            let full = solve(&Grid::empty(g), &Limits::solutions(1))
                .first()
                .unwrap()
                .clone();
            let mut puzzle = full.clone();
            for c in 0..g.cells() {
                if crate::rng::mix(c as u32 ^ blank) % 100 < blank {
                    puzzle.set(c, 0);
                }
            }
            let Encoded::Cnf(enc) = encode(&puzzle, false) else {
                panic!("propagation settled {box_size} at {blank} %");
            };
            let truth = enc
                .vars
                .iter()
                .map(|&(c, d)| full.get(c as usize) == d)
                .collect();
            let mut solver = Solver::new(enc.variables(), Config::default(), 1, 0);
            for &(a, b) in &enc.binaries {
                solver.add_clause(&[a, b]);
            }
            for clause in &enc.clauses {
                solver.add_clause(clause);
            }
            let checked = Checked {
                inner: AllDiff::new(&enc.grid, &enc.vars),
                truth,
            };
            solver.set_theory(Some(Box::new(checked)));
            assert_eq!(solver.solve(u64::MAX), Status::Sat);
            clauses += solver.stats().theory;
        }
        assert!(
            clauses > 0,
            "no all-different clause: the test checks nothing"
        );
    }
}
