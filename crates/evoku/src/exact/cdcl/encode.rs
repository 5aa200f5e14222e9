//! The CNF of a puzzle after the exact solver's propagation: one variable per (open cell,
//! candidate digit); givens and cells propagation fixed are not variables.
//!
//! Clauses: at least one digit per open cell; at least one place per (unit, missing digit) over
//! its candidate cells; at most one digit per cell and at most one of two peer cells per digit, as
//! binary clauses (each peer pair once, however many units the two cells share).

use evoku_sat::dimacs::Cnf;
use evoku_sat::{not, pos, Lit, WalkScope};

use crate::board::Grid;
use crate::exact::propagate;

/// A puzzle as clauses over its open candidates.
#[derive(Clone, Debug)]
pub(super) struct Encoding {
    /// The givens plus every cell propagation fixed.
    pub grid: Grid,
    /// `(cell, digit)` of each cell variable; the segment variables, if any, come after them.
    pub vars: Vec<(u32, u8)>,
    /// Segment variables ([`segments`]), numbered from `vars.len()`.
    pub segments: usize,
    pub binaries: Vec<(Lit, Lit)>,
    /// Clauses of one literal or more (at-least-one clauses).
    pub clauses: Vec<Vec<Lit>>,
    /// How many of `binaries` and `clauses` are over cell variables only (the segment clauses
    /// follow them).
    pub cell_clauses: (usize, usize),
}

impl Encoding {
    /// Cell and segment variables together.
    pub fn variables(&self) -> usize {
        self.vars.len() + self.segments
    }

    /// What the local-search walks walk over: the clauses over the cell variables only
    /// (segment variables follow from them), binary ones first, and each open cell's
    /// variables as an exactly-one group (the encoding numbers them cell by cell).
    pub fn walk_scope(&self) -> WalkScope {
        let mut scope = WalkScope::new(self.vars.len());
        let (binaries, clauses) = self.cell_clauses;
        for &(a, b) in &self.binaries[..binaries] {
            scope.push_clause(&[a, b]);
        }
        for clause in &self.clauses[..clauses] {
            scope.push_clause(clause);
        }
        scope.set_groups(cell_groups(&self.vars));
        scope
    }

    /// The clauses as a CNF, binary ones first (the order the search adds them in).
    pub fn cnf(&self) -> Cnf {
        let binaries = self.binaries.iter().map(|&(a, b)| vec![a, b]);
        Cnf {
            vars: self.variables(),
            clauses: binaries.chain(self.clauses.iter().cloned()).collect(),
        }
    }
}

/// Where each cell's variables start (the encoding numbers them cell by cell), and the end.
fn cell_groups(vars: &[(u32, u8)]) -> Vec<u32> {
    let mut starts: Vec<u32> = (0..vars.len())
        .filter(|&v| v == 0 || vars[v].0 != vars[v - 1].0)
        .map(|v| v as u32)
        .collect();
    starts.push(vars.len() as u32);
    starts
}

/// What encoding found.
pub(super) enum Encoded {
    /// Propagation alone showed there is no solution.
    Unsat,
    /// Propagation alone filled the board.
    Solved(Grid),
    Cnf(Encoding),
}

pub(super) fn encode(puzzle: &Grid, with_segments: bool) -> Encoded {
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
    let mut enc = Encoding {
        grid: p.grid,
        vars,
        segments: 0,
        cell_clauses: (binaries.len(), clauses.len()),
        binaries,
        clauses,
    };
    if with_segments {
        segments(&mut enc, &index);
    }
    Encoded::Cnf(enc)
}

/// Adds segment variables: for each digit and each intersection of a row (or column) with a
/// box, a variable true when the digit is in the intersection (`s` implies one of its cells,
/// each of its cells implies `s`), then at least one and at most one true segment per (line,
/// digit) and per (box, direction, digit). Unit propagation then finds locked candidates: a
/// digit a box keeps to one row leaves the rest of the row, and the other way round. The cell
/// clauses all stay (they are implied, but a screen with CaDiCaL solved fewer without them).
fn segments(enc: &mut Encoding, index: &[u32]) {
    let g = enc.grid.geometry();
    let (b, n) = (g.box_size(), g.side());
    let first = enc.vars.len();
    // seg[((dir * n + line) * b + k) * n + d]: the segment of `line` (a row when dir is 0, a
    // column when 1) in its k-th box along it, for digit d; u32::MAX when no cell is open there.
    let mut seg = vec![u32::MAX; 2 * n * b * n];
    for dir in 0..2 {
        for line in 0..n {
            for k in 0..b {
                for d in 0..n {
                    let cells: Vec<Lit> = (0..b)
                        .map(|i| match dir {
                            0 => line * n + k * b + i,
                            _ => (k * b + i) * n + line,
                        })
                        .map(|c| index[c * n + d])
                        .filter(|&v| v != u32::MAX)
                        .map(|v| pos(v as usize))
                        .collect();
                    if cells.is_empty() {
                        continue;
                    }
                    let s = first + enc.segments;
                    enc.segments += 1;
                    seg[((dir * n + line) * b + k) * n + d] = s as u32;
                    let mut clause = vec![not(pos(s))];
                    clause.extend_from_slice(&cells);
                    enc.clauses.push(clause);
                    enc.binaries.extend(cells.iter().map(|&x| (not(x), pos(s))));
                }
            }
        }
    }
    // A digit already placed in a unit has no segment there (propagation took it out of the
    // unit's candidates); the masks keep an at-least-one clause off such a unit regardless.
    // Digits fixed in each unit, numbered as `Geometry::units_of` numbers them: rows, columns,
    // boxes.
    let mut placed = vec![0u64; 3 * n];
    for c in 0..g.cells() {
        let v = enc.grid.get(c);
        if v != 0 {
            for u in g.units_of(c) {
                placed[u] |= 1 << (v - 1);
            }
        }
    }
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for dir in 0..2 {
        for d in 0..n {
            // The b segments of one line.
            for line in (0..n).filter(|&line| placed[dir * n + line] >> d & 1 == 0) {
                groups.push(
                    (0..b)
                        .map(|k| seg[((dir * n + line) * b + k) * n + d])
                        .collect(),
                );
            }
            // The b segments of one box in this direction: lines band * b + i, box k along them.
            for band in 0..b {
                for k in 0..b {
                    let bx = if dir == 0 { band * b + k } else { k * b + band };
                    if placed[2 * n + bx] >> d & 1 == 0 {
                        groups.push(
                            (0..b)
                                .map(|i| seg[((dir * n + band * b + i) * b + k) * n + d])
                                .collect(),
                        );
                    }
                }
            }
        }
    }
    for members in groups {
        let lits: Vec<Lit> = members
            .into_iter()
            .filter(|&v| v != u32::MAX)
            .map(|v| pos(v as usize))
            .collect();
        for (i, &x) in lits.iter().enumerate() {
            for &y in &lits[i + 1..] {
                enc.binaries.push((not(x), not(y)));
            }
        }
        enc.clauses.push(lits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Geometry;
    use evoku_sat::var;

    /// Unit propagation to a fixpoint by scanning every clause (slow, plain): the literals made
    /// true from `assumed`, or `None` on a conflict.
    fn unit_propagate(enc: &Encoding, assumed: &[Lit]) -> Option<Vec<i8>> {
        let mut value = vec![0i8; 2 * enc.variables()];
        let set = |value: &mut Vec<i8>, l: Lit| {
            value[l as usize] = 1;
            value[not(l) as usize] = -1;
        };
        for &l in assumed {
            set(&mut value, l);
        }
        let clauses: Vec<Vec<Lit>> = enc
            .binaries
            .iter()
            .map(|&(a, b)| vec![a, b])
            .chain(enc.clauses.iter().cloned())
            .collect();
        loop {
            let mut changed = false;
            for clause in &clauses {
                if clause.iter().any(|&l| value[l as usize] == 1) {
                    continue;
                }
                let open: Vec<Lit> = clause
                    .iter()
                    .copied()
                    .filter(|&l| value[l as usize] == 0)
                    .collect();
                match open.len() {
                    0 => return None,
                    1 => {
                        set(&mut value, open[0]);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return Some(value);
            }
        }
    }

    fn cnf(puzzle: &Grid, segments: bool) -> Encoding {
        match encode(puzzle, segments) {
            Encoded::Cnf(enc) => enc,
            _ => panic!("an empty board is not decided by propagation"),
        }
    }

    /// Digit 1 kept out of box 0's rows 1 and 2 must be in its row 0, so it leaves the rest of
    /// row 0 (pointing): unit propagation finds it with segment variables, not without.
    #[test]
    fn segments_make_unit_propagation_find_locked_candidates() {
        let g = Geometry::new(3).unwrap();
        let empty = Grid::empty(g);
        let var_of = |enc: &Encoding, cell: usize, digit: u8| {
            enc.vars
                .iter()
                .position(|&v| v == (cell as u32, digit))
                .unwrap()
        };
        for segments in [false, true] {
            let enc = cnf(&empty, segments);
            assert_eq!(enc.vars.len(), 729);
            assert_eq!(enc.segments > 0, segments);
            let assumed: Vec<Lit> = [9, 10, 11, 18, 19, 20]
                .iter()
                .map(|&c| not(pos(var_of(&enc, c, 1))))
                .collect();
            let value = unit_propagate(&enc, &assumed).expect("no conflict");
            for cell in 3..9 {
                let out = value[not(pos(var_of(&enc, cell, 1))) as usize] == 1;
                assert_eq!(out, segments, "cell {cell}, segments {segments}");
            }
        }
    }

    /// A solution satisfies every clause once each segment variable is the disjunction of its
    /// cells: the segment clauses add reasoning, never a constraint a solution breaks.
    #[test]
    fn a_solution_with_its_segments_satisfies_every_clause() {
        let g = Geometry::new(3).unwrap();
        let puzzle = Grid::from_symbols(
            g,
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let solution = match crate::exact::count_solutions(&puzzle, 1).solutions.first() {
            Some(s) => s.clone(),
            None => panic!("the puzzle has a solution"),
        };
        let enc = cnf(&puzzle, true);
        let mut truth: Vec<bool> = enc
            .vars
            .iter()
            .map(|&(c, d)| solution.get(c as usize) == d)
            .collect();
        // Segment variables are numbered in the order the clauses `s -> cells` were added.
        for clause in &enc.clauses[enc.cell_clauses.1..] {
            if clause[0] == not(pos(truth.len())) {
                truth.push(clause[1..].iter().any(|&l| truth[var(l)]));
            }
        }
        assert_eq!(truth.len(), enc.variables());
        let sat = |l: Lit| truth[var(l)] == (l == pos(var(l)));
        assert!(enc.binaries.iter().all(|&(a, b)| sat(a) || sat(b)));
        assert!(enc.clauses.iter().all(|c| c.iter().any(|&l| sat(l))));
    }
}
