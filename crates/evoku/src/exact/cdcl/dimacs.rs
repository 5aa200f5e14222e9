//! A puzzle's CNF as DIMACS, for an outside SAT solver (`examples/dimacs.rs`,
//! `scripts/cadical.py`).

use evoku_sat::dimacs::Cnf;

use super::encode::{encode, Encoded};
use crate::board::Grid;

/// `puzzle`'s CNF after propagation as DIMACS (`--segments`: with segment variables), the
/// clauses as the CDCL search gets them. Comment lines tell how to read a model back:
/// `c evoku box B`, `c evoku base D,D,...` (the givens plus the cells propagation fixed, 0 for
/// an open cell, row by row) and `c evoku var V CELL DIGIT` for each cell variable (`V` from 1 as
/// in the clauses, `CELL` from 0 row by row); segment variables are numbered after them. When
/// propagation alone solves the puzzle the CNF has no variable; when it proves there is no
/// solution, one empty clause.
pub fn dimacs(puzzle: &Grid, with_segments: bool) -> String {
    let g = puzzle.geometry();
    let base = |grid: &Grid| {
        let digits: Vec<String> = (0..g.cells()).map(|c| grid.get(c).to_string()).collect();
        format!("evoku base {}", digits.join(","))
    };
    let mut comments = vec![
        format!("evoku: a {0}x{0} Sudoku after propagation", g.side()),
        format!("evoku box {}", g.box_size()),
    ];
    let cnf = match encode(puzzle, with_segments) {
        Encoded::Unsat => {
            comments.push("evoku: propagation proves there is no solution".into());
            Cnf {
                vars: 0,
                clauses: vec![Vec::new()],
            }
        }
        Encoded::Solved(grid) => {
            comments.push(base(&grid));
            Cnf::default()
        }
        Encoded::Cnf(enc) => {
            comments.push(base(&enc.grid));
            for (v, &(cell, digit)) in enc.vars.iter().enumerate() {
                comments.push(format!("evoku var {} {cell} {digit}", v + 1));
            }
            enc.cnf()
        }
    };
    evoku_sat::dimacs::write(&cnf, &comments)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Geometry;
    use evoku_sat::{dimacs::parse, Config, Status};

    /// The grid a model of `text` (a CNF `dimacs` wrote) gives, read through its comments.
    fn decode(text: &str, model: &[bool]) -> Vec<u8> {
        let mut grid: Vec<u8> = Vec::new();
        for line in text.lines() {
            let t: Vec<&str> = line.split_whitespace().collect();
            match t.get(..3) {
                Some(["c", "evoku", "base"]) => {
                    grid = t[3].split(',').map(|d| d.parse().unwrap()).collect();
                }
                Some(["c", "evoku", "var"]) => {
                    let [v, cell, digit] = [t[3], t[4], t[5]].map(|x| x.parse::<usize>().unwrap());
                    if model[v - 1] {
                        grid[cell] = digit as u8;
                    }
                }
                _ => {}
            }
        }
        grid
    }

    /// The DIMACS of a puzzle read back and solved by the plain solver gives, through the
    /// comment lines, a grid that solves the puzzle; with segment variables too.
    #[test]
    fn a_written_cnf_solves_the_puzzle_through_its_comments() {
        let g = Geometry::new(3).unwrap();
        let mut puzzle = Grid::empty(g);
        for (cell, digit) in [(0, 5), (10, 3), (20, 8), (40, 1), (80, 9)] {
            puzzle.set(cell, digit);
        }
        for segments in [false, true] {
            let text = dimacs(&puzzle, segments);
            let cnf = parse(&text).unwrap();
            assert!(cnf.vars > 0);
            let mut solver = cnf.solver(Config::default(), 1, 0);
            assert_eq!(solver.solve(u64::MAX), Status::Sat);
            let digits = decode(&text, &solver.model().unwrap());
            let mut grid = Grid::empty(g);
            for (c, &d) in digits.iter().enumerate() {
                grid.set(c, d);
            }
            assert!(grid.solves(&puzzle), "segments {segments}");
        }
    }

    /// A puzzle propagation proves broken is one empty clause.
    #[test]
    fn a_broken_puzzle_is_an_empty_clause() {
        let mut puzzle = Grid::empty(Geometry::new(2).unwrap());
        puzzle.set(0, 1);
        puzzle.set(1, 1);
        let cnf = parse(&dimacs(&puzzle, false)).unwrap();
        assert_eq!(cnf.clauses, vec![Vec::<evoku_sat::Lit>::new()]);
    }
}
