//! Propagation: the cells it fixes, on small and large boards.

use super::*;

#[test]
fn propagation_fixes_cells_on_an_easy_puzzle() {
    let puzzles = nine("nine/easy50.txt");
    let p = &puzzles[0];
    let prop = exact::propagate(p).unwrap();
    assert!(prop.fixed > 0);
    assert_eq!(prop.grid.givens(), p.givens() + prop.fixed);
    assert!(prop.grid.first_clash().is_none());
    let solution = exact::solve(p, &Limits::default()).first().unwrap().clone();
    for c in 0..81 {
        if p.get(c) != 0 {
            assert_eq!(prop.grid.get(c), p.get(c));
        }
        if prop.grid.get(c) != 0 {
            assert_eq!(prop.grid.get(c), solution.get(c));
            assert_eq!(prop.candidates[c], 1u64 << (prop.grid.get(c) - 1));
        } else {
            assert!(prop.candidates[c].count_ones() >= 2);
        }
        // The solution's digit always survives.
        assert_ne!(prop.candidates[c] & (1u64 << (solution.get(c) - 1)), 0);
    }
    // Easy puzzles fall to singles alone: no search.
    let solved = puzzles
        .iter()
        .filter(|p| exact::propagate(p).unwrap().is_solved())
        .count();
    assert!(
        solved >= 40,
        "only {solved} of 50 easy puzzles solved by singles"
    );
    // A hard puzzle keeps candidates open, and every candidate mask is within the digits.
    let hard = &seed_puzzles()[5].1;
    let prop = exact::propagate(hard).unwrap();
    assert!(!prop.is_solved());
    assert!(prop.candidates.iter().all(|&m| m != 0 && m < 1 << 9));
}

#[test]
fn propagation_works_on_large_boards() {
    let p = instance(25, 60, 0);
    let prop = exact::propagate(&p).unwrap();
    assert!(prop.fixed > 0);
    assert!(prop.grid.first_clash().is_none());
    // 64x64: a cell whose row, column and box hold every other digit must be fixed.
    let g = Geometry::new(8).unwrap();
    let mut p = Grid::empty(g);
    for c in 1..64 {
        p.set(c, c as u8); // row 0: digits 1..63 in columns 1..63
    }
    let prop = exact::propagate(&p).unwrap();
    assert_eq!(prop.grid.get(0), 64);
    assert_eq!(prop.fixed, 1);
    assert_eq!(prop.candidates[0], 1u64 << 63);
    p.set(64 * 5, 64); // column 0 holds 64 too: no place left for cell 0
    assert!(exact::propagate(&p).is_err());
    assert!(exact::solve(&p, &Limits::default()).has_no_solution());
}
