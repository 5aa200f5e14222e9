//! Naked and hidden pairs inside the CDCL search (all-different reasoning beyond unit
//! propagation, which finds singles only): a [`Theory`] that, at every propagation fixpoint,
//! looks in each unit for two open cells whose candidates are the same two digits (the digits go
//! from the unit's other cells) and for two digits whose places are the same two cells (the
//! cells lose their other digits), and explains each removal by a clause: the removed literal, or
//! one of the candidates whose absence made the pair.
//!
//! It counts, per cell and per (unit, digit), the variables not false, as the search assigns and
//! undoes them; a pair can only form when a count falls to two, so only those are checked.

use evoku_sat::{neg, pos, var, Lit, Theory};

use crate::board::Grid;

/// The puzzle's units over its cell variables, and the counts.
pub(super) struct Pairs {
    side: usize,
    /// The cells of each unit, `side` per unit.
    units: Vec<u32>,
    /// The units of each cell.
    cell_units: Vec<[u32; 3]>,
    /// Variable of (cell, digit - 1), `u32::MAX` when none.
    index: Vec<u32>,
    /// `(cell, digit - 1)` of each variable (a cell's variables are consecutive).
    vars: Vec<(u32, u8)>,
    /// The variables of cell `c`: `first[c]..first[c + 1]`.
    first: Vec<u32>,
    /// Variables not false, per cell and per (unit, digit - 1).
    cell_count: Vec<u32>,
    place_count: Vec<u32>,
    /// Counts that fell to two since the last fixpoint: cells, and (unit, digit - 1) as
    /// `unit * side + digit - 1`.
    cells_at_two: Vec<u32>,
    places_at_two: Vec<u32>,
}

impl Pairs {
    /// Over `vars` (`(cell, digit)` per variable) of `grid` (the givens and what propagation
    /// fixed).
    pub(super) fn new(grid: &Grid, vars: &[(u32, u8)]) -> Pairs {
        let g = grid.geometry();
        let n = g.side();
        let mut index = vec![u32::MAX; g.cells() * n];
        let mut cell_count = vec![0; g.cells()];
        let mut place_count = vec![0; 3 * n * n];
        let cell_units: Vec<[u32; 3]> = (0..g.cells())
            .map(|c| g.units_of(c).map(|u| u as u32))
            .collect();
        for (v, &(cell, digit)) in vars.iter().enumerate() {
            let (c, d) = (cell as usize, digit as usize - 1);
            index[c * n + d] = v as u32;
            cell_count[c] += 1;
            for u in cell_units[c] {
                place_count[u as usize * n + d] += 1;
            }
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
        Pairs {
            side: n,
            units: g.unit_cells().map(|c| c as u32).collect(),
            first,
            cell_units,
            index,
            vars: vars.iter().map(|&(c, d)| (c, d - 1)).collect(),
            cell_count,
            place_count,
            cells_at_two: Vec::new(),
            places_at_two: Vec::new(),
        }
    }

    fn var(&self, cell: usize, digit: usize) -> Option<usize> {
        let v = self.index[cell * self.side + digit];
        (v != u32::MAX).then_some(v as usize)
    }

    /// The variables of `cell`.
    fn cell_vars(&self, cell: usize) -> std::ops::Range<usize> {
        self.first[cell] as usize..self.first[cell + 1] as usize
    }

    /// The open candidates of `cell` (bit `digit - 1`).
    fn open(&self, value: &[i8], cell: usize) -> u64 {
        self.cell_vars(cell)
            .filter(|&v| value[pos(v) as usize] == 0)
            .fold(0, |m, v| m | 1u64 << self.vars[v].1)
    }

    /// The candidates of `cell` outside `keep`, as positive literals (all false now).
    fn others(&self, cell: usize, keep: u64, clause: &mut Vec<Lit>) {
        for v in self.cell_vars(cell) {
            if keep & (1u64 << self.vars[v].1) == 0 {
                clause.push(pos(v));
            }
        }
    }

    /// `cell` has two open candidates: a naked pair with another cell of one of its units takes
    /// those digits from the unit's other cells.
    fn naked(&self, value: &[i8], a: usize, out: &mut Vec<Vec<Lit>>) {
        let n = self.side;
        let m = self.open(value, a);
        if m.count_ones() != 2 {
            return;
        }
        for u in self.cell_units[a] {
            let cells = &self.units[u as usize * n..(u as usize + 1) * n];
            let Some(&b) = cells.iter().find(|&&b| {
                b as usize != a
                    && self.cell_count[b as usize] == 2
                    && self.open(value, b as usize) == m
            }) else {
                continue;
            };
            for &j in cells.iter().filter(|&&j| j as usize != a && j != b) {
                let mut hit = self.open(value, j as usize) & m;
                while hit != 0 {
                    let d = hit.trailing_zeros() as usize;
                    hit &= hit - 1;
                    let x = self
                        .var(j as usize, d)
                        .expect("an open candidate is a variable");
                    let mut clause = vec![neg(x)];
                    self.others(a, m, &mut clause);
                    self.others(b as usize, m, &mut clause);
                    out.push(clause);
                }
            }
        }
    }

    /// Digit `d1` has two open places in unit `u`: a hidden pair with another digit of the same
    /// two places takes the two cells' other digits.
    fn hidden(&self, value: &[i8], u: usize, d1: usize, out: &mut Vec<Vec<Lit>>) {
        let n = self.side;
        let cells = &self.units[u * n..(u + 1) * n];
        let open_place = |c: u32| {
            self.var(c as usize, d1)
                .is_some_and(|v| value[pos(v) as usize] == 0)
        };
        let mut places = cells.iter().enumerate().filter(|&(_, &c)| open_place(c));
        let (Some((ka, &a)), Some((kb, &b)), None) = (places.next(), places.next(), places.next())
        else {
            return;
        };
        let (oa, ob) = (self.open(value, a as usize), self.open(value, b as usize));
        let mut partners = oa & ob & !(1u64 << d1);
        while partners != 0 {
            let d2 = partners.trailing_zeros() as usize;
            partners &= partners - 1;
            if self.place_count[u * n + d2] != 2 {
                continue;
            }
            let pair = 1u64 << d1 | 1u64 << d2;
            for (h, open) in [(a as usize, oa), (b as usize, ob)] {
                let mut extra = open & !pair;
                while extra != 0 {
                    let w = extra.trailing_zeros() as usize;
                    extra &= extra - 1;
                    let x = self.var(h, w).expect("an open candidate is a variable");
                    let mut clause = vec![neg(x)];
                    for (k, &j) in cells.iter().enumerate() {
                        if k == ka || k == kb {
                            continue;
                        }
                        for d in [d1, d2] {
                            if let Some(v) = self.var(j as usize, d) {
                                clause.push(pos(v));
                            }
                        }
                    }
                    out.push(clause);
                }
            }
            return;
        }
    }
}

impl Theory for Pairs {
    fn assigned(&mut self, lit: Lit) {
        let v = var(lit);
        // Only a cell variable turning false changes a count.
        if lit == pos(v) || v >= self.vars.len() {
            return;
        }
        let (cell, d) = self.vars[v];
        let (c, d) = (cell as usize, d as usize);
        self.cell_count[c] -= 1;
        if self.cell_count[c] == 2 {
            self.cells_at_two.push(cell);
        }
        for u in self.cell_units[c] {
            let k = u as usize * self.side + d;
            self.place_count[k] -= 1;
            if self.place_count[k] == 2 {
                self.places_at_two.push(k as u32);
            }
        }
    }

    fn unassigned(&mut self, lit: Lit) {
        let v = var(lit);
        if lit == pos(v) || v >= self.vars.len() {
            return;
        }
        let (cell, d) = self.vars[v];
        let (c, d) = (cell as usize, d as usize);
        self.cell_count[c] += 1;
        for u in self.cell_units[c] {
            self.place_count[u as usize * self.side + d] += 1;
        }
    }

    fn propagate(&mut self, value: &[i8], out: &mut Vec<Vec<Lit>>) {
        let cells = std::mem::take(&mut self.cells_at_two);
        for &c in &cells {
            if self.cell_count[c as usize] == 2 {
                self.naked(value, c as usize, out);
            }
        }
        let places = std::mem::take(&mut self.places_at_two);
        for &k in &places {
            if self.place_count[k as usize] == 2 {
                let (u, d) = (k as usize / self.side, k as usize % self.side);
                self.hidden(value, u, d, out);
            }
        }
        self.cells_at_two = cells;
        self.cells_at_two.clear();
        self.places_at_two = places;
        self.places_at_two.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::super::encode::{encode, Encoded};
    use super::*;
    use crate::board::Geometry;
    use crate::exact::{solve, Limits};
    use evoku_sat::{Config, Solver, Status};

    /// The pairs' theory, every clause it gives checked twice: against a known solution (a
    /// clause must hold in every solution), and as an explanation: with the clause's other
    /// literals false (and nothing else assumed), some unit of the removed candidate's cell
    /// has no perfect matching of its open cells to its missing digits that uses it.
    struct Checked {
        inner: Pairs,
        truth: Vec<bool>,
    }

    /// Whether `cells` (candidate masks) can take distinct digits (Kuhn's augmenting paths).
    fn matchable(cells: &[u64]) -> bool {
        fn augment(cells: &[u64], c: usize, seen: &mut u64, owner: &mut [Option<usize>]) -> bool {
            let mut m = cells[c];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                if *seen & (1u64 << d) != 0 {
                    continue;
                }
                *seen |= 1u64 << d;
                if owner[d].is_none_or(|o| augment(cells, o, seen, owner)) {
                    owner[d] = Some(c);
                    return true;
                }
            }
            false
        }
        let mut owner = vec![None; 64];
        (0..cells.len()).all(|c| augment(cells, c, &mut 0, &mut owner))
    }

    impl Checked {
        fn explains(&self, clause: &[Lit]) -> bool {
            let p = &self.inner;
            let n = p.side;
            let x = var(clause[0]);
            assert_eq!(clause[0], neg(x), "the removed candidate comes first");
            let (cell, digit) = (p.vars[x].0 as usize, p.vars[x].1 as usize);
            let off: Vec<usize> = clause[1..].iter().map(|&l| var(l)).collect();
            p.cell_units[cell].iter().any(|&u| {
                // The unit's open cells with every candidate but the clause's false ones, the
                // removed candidate's cell fixed to it.
                let masks: Vec<u64> = p.units[u as usize * n..(u as usize + 1) * n]
                    .iter()
                    .filter(|&&c| p.first[c as usize] < p.first[c as usize + 1])
                    .map(|&c| {
                        if c as usize == cell {
                            return 1u64 << digit;
                        }
                        p.cell_vars(c as usize)
                            .filter(|v| !off.contains(v))
                            .fold(0, |m, v| m | 1u64 << p.vars[v].1)
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
            }
        }
    }

    #[test]
    fn every_pair_clause_holds_in_a_solution() {
        let mut clauses = 0;
        for (box_size, blank) in [(4, 55), (4, 62), (4, 70), (5, 58)] {
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
                inner: Pairs::new(&enc.grid, &enc.vars),
                truth,
            };
            solver.set_theory(Some(Box::new(checked)));
            assert_eq!(solver.solve(u64::MAX), Status::Sat);
            clauses += solver.stats().theory;
        }
        assert!(clauses > 0, "no pair clause: the test checks nothing");
    }
}
