//! Unit tests of the exact solver's parts.

use super::search::*;
use super::*;

fn grid(b: usize, line: &str) -> Grid {
    let g = Geometry::new(b).unwrap();
    let cells = line
        .chars()
        .map(|c| crate::board::symbol_digit(c).unwrap_or(0))
        .collect();
    Grid::from_cells(g, cells).unwrap()
}

/// Every combination of the optional propagators.
fn solvers(g: Geometry) -> Vec<Solver> {
    let mut v = Vec::new();
    for locked in [false, true] {
        for alldiff in [false, true] {
            let mut s = Solver::new(g);
            s.set_locked_candidates(locked);
            s.set_alldiff(alldiff);
            v.push(s);
        }
    }
    v
}

/// A solver with the all-different propagator on or off.
fn with_alldiff(g: Geometry, alldiff: bool) -> Solver {
    let mut s = Solver::new(g);
    s.set_alldiff(alldiff);
    s
}

/// The candidates of an empty 9x9 board but for `cells`, which hold `mask`.
fn empty_9x9_but(cells: std::ops::Range<usize>, mask: u64) -> (Geometry, Vec<u64>) {
    let g = Geometry::new(3).unwrap();
    let mut masks = vec![g.all_digits(); 81];
    masks[cells].fill(mask);
    (g, masks)
}

fn sorted(mut v: Vec<Grid>) -> Vec<Grid> {
    v.sort_by(|a, b| a.cells().cmp(b.cells()));
    v
}

#[test]
fn propagators_agree_on_every_solution() {
    // Puzzles with many solutions: the solution sets must not depend on the propagators.
    // Givens are blanked, first to last, until a unique puzzle has a few hundred solutions.
    let loosen = |b: usize, line: &str, enough: usize| {
        let mut p = grid(b, line);
        for c in 0..p.geometry().cells() {
            if p.get(c) != 0 {
                p.set(c, 0);
                if count_solutions(&p, enough).solutions.len() >= enough {
                    break;
                }
            }
        }
        p.to_string()
    };
    let cases = [
        (2, "................".to_string()),
        (
            3,
            loosen(
                3,
                "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
                2,
            ),
        ),
        (
            3,
            loosen(
                3,
                "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
                100,
            ),
        ),
        (
            4,
            "1.3.5.7.9.B.D.F.\
             ................\
             ................\
             ................\
             2...............\
             ................\
             ................\
             ................\
             ................\
             ................\
             ................\
             ................\
             ................\
             ................\
             ................\
             ................"
                .to_string(),
        ),
    ];
    let mut complete = 0;
    for (b, line) in &cases {
        let p = grid(*b, line);
        let mut reference: Option<ExactResult> = None;
        for mut s in solvers(p.geometry()) {
            let r = s.solve(&p, &Limits::solutions(400));
            assert!(r.solutions.iter().all(|x| x.solves(&p)));
            match &reference {
                None => reference = Some(r),
                Some(first) => {
                    assert_eq!(r.solutions.len(), first.solutions.len(), "{line}");
                    if r.status == Status::Complete {
                        assert_eq!(first.status, Status::Complete);
                        assert_eq!(sorted(r.solutions.clone()), sorted(first.solutions.clone()));
                    }
                }
            }
        }
        let r = reference.unwrap();
        assert!(r.solutions.len() >= 2, "{line}");
        complete += usize::from(r.status == Status::Complete);
    }
    assert!(complete >= 2, "too few fully counted cases");
}

#[test]
fn propagators_agree_on_contradictions() {
    // Unique 9x9 puzzles made unsolvable by one wrong (clash-free) given.
    let p = grid(
        3,
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    );
    let solution = count_solutions(&p, 1).solutions[0].clone();
    let mut broken = 0;
    for c in (0..81).filter(|&c| p.get(c) == 0).step_by(7) {
        for d in 1..=9u8 {
            let mut q = p.clone();
            q.set(c, d);
            if d == solution.get(c) || q.first_clash().is_some() {
                continue;
            }
            broken += 1;
            for mut s in solvers(q.geometry()) {
                assert!(s.solve(&q, &Limits::solutions(2)).has_no_solution());
            }
            break;
        }
    }
    assert!(broken >= 5);
}

#[test]
fn alldiff_removes_a_naked_pair() {
    // Row 1 of a 9x9: cells 1 and 2 can only hold 1 or 2 (columns 2-3 are blocked for 3-9 by
    // givens below), so 1 and 2 leave the rest of the row, though singles see nothing.
    let p = grid(
        3,
        ".........\
         .34......\
         .56......\
         .7.......\
         .8.......\
         .9.......\
         ..7......\
         ..8......\
         ..9......",
    );
    let mut plain = with_alldiff(p.geometry(), false);
    let mut strong = with_alldiff(p.geometry(), true);
    let weak = plain.propagate(&p).unwrap();
    let tight = strong.propagate(&p).unwrap();
    assert_eq!(weak.candidates[1], 0b11);
    assert_eq!(tight.candidates[1], 0b11);
    assert_ne!(weak.candidates[0] & 0b11, 0);
    assert_eq!(tight.candidates[0] & 0b11, 0);
    for c in 3..9 {
        assert_eq!(tight.candidates[c] & 0b11, 0, "cell {c}");
    }
}

#[test]
fn a_digit_without_a_place_is_found() {
    // No cell of row 1 may hold 9, yet every cell has candidates.
    let (g, mut masks) = empty_9x9_but(0..9, 0xff);
    let mut s = with_alldiff(g, false);
    assert_eq!(
        s.propagate_candidates(&mut masks),
        Err(Contradiction::NoPlace {
            unit: Unit::Row(0),
            digit: 9
        })
    );
}

#[test]
fn alldiff_finds_a_hall_violation() {
    // Three cells of row 1 share the candidates {1, 2}: no assignment exists, though every
    // cell has candidates and every digit has places.
    let (g, mut masks) = empty_9x9_but(0..3, 0b11);
    let mut strong = with_alldiff(g, true);
    let err = strong.propagate_candidates(&mut masks.clone()).unwrap_err();
    assert!(
        matches!(
            err,
            Contradiction::Unfillable {
                unit: Unit::Row(0) | Unit::Box(0)
            }
        ),
        "{err}"
    );
    let mut weak = with_alldiff(g, false);
    assert_eq!(weak.propagate_candidates(&mut masks), Ok(0));
}

#[test]
fn assign_matches_propagating_from_scratch() {
    let p = grid(
        3,
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    );
    let solution = count_solutions(&p, 1).solutions[0].clone();
    let mut s = Solver::new(p.geometry());
    let start = s.propagate(&p).unwrap();
    let mut masks = start.candidates.clone();
    // The same masks rebuilt from the givens alone propagate to the same fixpoint.
    let mut raw: Vec<u64> = p
        .cells()
        .iter()
        .map(|&d| if d == 0 { 0x1ff } else { 1 << (d - 1) })
        .collect();
    assert_eq!(
        s.propagate_candidates(&mut raw),
        Ok(p.givens() + start.fixed)
    );
    assert_eq!(raw, masks);
    // Fixing open cells to the solution's digits, one by one, ends in the solution; each step
    // agrees with propagating the extended puzzle from scratch.
    let mut extended = p.clone();
    for c in 0..81 {
        if masks[c].count_ones() > 1 {
            let d = solution.get(c);
            s.assign(&mut masks, c, d).unwrap();
            extended.set(c, d);
            assert_eq!(masks, s.propagate(&extended).unwrap().candidates);
        }
    }
    assert!(masks
        .iter()
        .enumerate()
        .all(|(c, &m)| m == 1 << (solution.get(c) - 1)));
    // A digit that is not a candidate is refused; a wrong candidate fails sooner or later.
    let mut masks = start.candidates.clone();
    let open = (0..81).find(|&c| masks[c].count_ones() > 1).unwrap();
    let absent = (1..=9u8)
        .find(|&d| masks[open] & (1 << (d - 1)) == 0)
        .unwrap();
    assert!(s.assign(&mut masks, open, absent).is_err());
    let wrong = (1..=9u8)
        .find(|&d| masks[open] & (1 << (d - 1)) != 0 && d != solution.get(open))
        .unwrap();
    let mut failed = s.assign(&mut masks, open, wrong).is_err();
    for c in 0..81 {
        if failed {
            break;
        }
        if masks[c].count_ones() > 1 {
            let d = (masks[c].trailing_zeros() + 1) as u8;
            failed = s.assign(&mut masks, c, d).is_err();
        }
    }
    assert!(failed, "a wrong digit led to a full grid");
}

#[test]
fn search_is_deterministic() {
    let g = Geometry::new(3).unwrap();
    let empty = Grid::empty(g);
    let a = count_solutions(&empty, 5);
    let b = Solver::new(g).solve(&empty, &Limits::solutions(5));
    assert_eq!(a, b);
    // MRV ties go to the lowest cell and digits go up: the first solution starts 123456789.
    assert_eq!(&a.solutions[0].to_string()[..9], "123456789");
}

#[test]
fn contradiction_messages_name_the_place() {
    let c = Contradiction::NoPlace {
        unit: Unit::Column(2),
        digit: 7,
    };
    assert_eq!(
        c.to_string(),
        "contradiction: digit 7 has no place left in column 3"
    );
    // Issue 37: cells are named by 1-based row and column, never by a 0-based index.
    let e: Box<dyn std::error::Error> = Box::new(Contradiction::EmptyCell { cell: 4, side: 9 });
    assert!(e.to_string().contains("cell r1c5 "), "{e}");
    let clash = Contradiction::Clash {
        first: 0,
        second: 80,
        digit: 3,
        side: 9,
    };
    assert!(clash.to_string().contains("at r1c1 and r9c9 "), "{clash}");
}

#[test]
fn limits_default_and_unique_logic() {
    let l = Limits::default();
    assert_eq!(
        (l.max_solutions, l.max_nodes, l.time_limit),
        (1, u64::MAX, None)
    );
    let g = Geometry::new(2).unwrap();
    let r = ExactResult {
        solutions: vec![Grid::empty(g)],
        status: Status::NodeLimit,
        nodes: 3,
        entropy: 0.0,
    };
    assert_eq!(r.is_unique(), None);
    assert!(!r.has_no_solution());
    let none = ExactResult {
        solutions: vec![],
        status: Status::TimeLimit,
        nodes: 3,
        entropy: 0.0,
    };
    assert!(!none.has_no_solution());
    assert_eq!(none.is_unique(), None);
}
