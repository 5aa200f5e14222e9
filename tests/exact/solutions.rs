//! Solutions found, counted and proved absent (seed puzzles, samples, empty boards, contradictions).

use super::*;

#[test]
fn seed_puzzles_are_unique() {
    let seeds = seed_puzzles();
    assert_eq!(seeds.len(), 6);
    for (name, p) in &seeds {
        let r = exact::count_solutions(p, 2);
        assert_eq!(r.is_unique(), Some(true), "{name}: {:?}", r.status);
        assert_eq!(r.status, Status::Complete, "{name}");
        assert!(r.solutions[0].solves(p), "{name}");
    }
}

#[test]
fn top1465_sample_solves() {
    let puzzles = nine("nine/magictour-top1465.txt");
    assert_eq!(puzzles.len(), 1465);
    for p in puzzles.iter().step_by(20) {
        solve_and_check(p);
    }
}

#[test]
fn forum_hardest_sample_solves() {
    let puzzles = nine("nine/forum-hardest-1106.txt");
    assert!(puzzles.len() >= 300);
    for p in puzzles.iter().step_by(10) {
        solve_and_check(p);
    }
}

#[test]
fn every_solution_is_found_once() {
    // Remove givens of a unique puzzle, first to last, until it has several solutions; counting
    // with a high limit must then find them all, each distinct and valid.
    let (_, p) = &seed_puzzles()[0];
    let solution = exact::solve(p, &Limits::default()).first().unwrap().clone();
    let mut loose = p.clone();
    let mut r = exact::count_solutions(&loose, 1);
    for c in 0..81 {
        if loose.get(c) != 0 {
            loose.set(c, 0);
            r = exact::count_solutions(&loose, 10_000);
            if r.solutions.len() >= 2 {
                break;
            }
        }
    }
    assert_eq!(r.status, Status::Complete);
    assert!(r.solutions.len() >= 2);
    assert!(r.solutions.contains(&solution));
    let mut distinct: Vec<&[u8]> = r.solutions.iter().map(|s| s.cells()).collect();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), r.solutions.len(), "a solution was repeated");
    assert!(r.solutions.iter().all(|s| s.solves(&loose)));
    let again = exact::count_solutions(&loose, 2);
    assert_eq!(again.solutions.len(), 2);
    assert_eq!(again.status, Status::SolutionLimit);
    assert_eq!(again.solutions[..], r.solutions[..2]);
}

#[test]
fn two_solutions_are_not_unique() {
    // A deadly pattern: swapping 1 and 2 in rows 1-2 and columns 1-2 of a solved grid.
    let solved =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    let g = Geometry::new(3).unwrap();
    let mut p = line_grid(g, solved);
    assert!(p.first_clash().is_none() && p.is_complete());
    let full = exact::count_solutions(&p, 2);
    assert_eq!(full.is_unique(), Some(true));
    assert_eq!(full.status, Status::Complete);
    // Rows 4-5 hold 2,1 / ... find a rectangle: cells (0,0)=1,(0,1)=2,(3,0)=2,(3,1)=1.
    assert_eq!((p.get(0), p.get(1), p.get(27), p.get(28)), (1, 2, 2, 1));
    for c in [0, 1, 27, 28] {
        p.set(c, 0);
    }
    let r = exact::count_solutions(&p, 2);
    assert_eq!(r.is_unique(), Some(false));
    assert_eq!(r.solutions.len(), 2);
    assert_ne!(r.solutions[0], r.solutions[1]);
    assert!(r.solutions.iter().all(|s| s.solves(&p)));
    assert!(!r.has_no_solution());
    let exhaustive = exact::count_solutions(&p, 100);
    assert_eq!(exhaustive.solutions.len(), 2);
    assert_eq!(exhaustive.status, Status::Complete);
}

#[test]
fn empty_boards_have_many_solutions() {
    for (b, limit) in [(2, 288), (2, 10), (3, 50), (4, 3), (5, 2)] {
        let g = Geometry::new(b).unwrap();
        let r = exact::count_solutions(&Grid::empty(g), limit);
        assert_eq!(r.solutions.len(), limit, "{}", g.name());
        assert!(r.solutions.iter().all(|s| s.solves(&Grid::empty(g))));
    }
    // 4x4 has exactly 288 solutions.
    let g = Geometry::new(2).unwrap();
    let r = exact::count_solutions(&Grid::empty(g), 1000);
    assert_eq!(r.solutions.len(), 288);
    assert_eq!(r.status, Status::Complete);
    assert_eq!(r.is_unique(), Some(false));
}

#[test]
fn large_empty_boards_solve() {
    for b in 6..=8 {
        let g = Geometry::new(b).unwrap();
        let limits = Limits {
            max_nodes: 1_000_000,
            ..Limits::default()
        };
        let r = exact::solve(&Grid::empty(g), &limits);
        let s = r
            .first()
            .unwrap_or_else(|| panic!("{}: {:?}", g.name(), r.status));
        assert!(s.solves(&Grid::empty(g)));
    }
}

#[test]
fn clashing_givens_have_no_solution() {
    let g = Geometry::new(3).unwrap();
    let mut p = Grid::empty(g);
    p.set(0, 5);
    p.set(80, 5);
    p.set(10, 5); // same box as cell 0
    let r = exact::solve(&p, &Limits::default());
    assert!(r.has_no_solution());
    assert_eq!(r.status, Status::Complete);
    assert_eq!(r.is_unique(), Some(false));
    assert_eq!(
        exact::propagate(&p).unwrap_err(),
        Contradiction::Clash {
            first: 0,
            second: 10,
            digit: 5,
            side: 9
        }
    );
}

#[test]
fn hidden_contradiction_has_no_solution() {
    // Row 1 holds 1-7 in columns 1-7; 8 and 9 must go to columns 8-9, but column 9 already has 8
    // and 9 elsewhere, so one digit of the row has no place. No givens clash.
    let g = Geometry::new(3).unwrap();
    let p = line_grid(
        g,
        "1234567..\
         ........8\
         ........9\
         .........\
         .........\
         .........\
         .........\
         .........\
         .........",
    );
    assert!(p.first_clash().is_none());
    let r = exact::solve(&p, &Limits::solutions(2));
    assert!(r.has_no_solution(), "{:?}", r);
    assert_eq!(r.nodes, 1, "propagation alone must find it");
    let err = exact::propagate(&p).unwrap_err();
    assert!(
        matches!(
            err,
            Contradiction::EmptyCell { .. } | Contradiction::NoPlace { .. }
        ),
        "{err:?}"
    );
    assert!(!err.to_string().is_empty());

    // A contradiction that needs search: a valid, clash-free puzzle whose completion is
    // impossible. Take a unique puzzle's solution and change a given to another digit that does
    // not clash.
    let (_, seed) = &seed_puzzles()[5];
    let solution = exact::solve(seed, &Limits::default())
        .first()
        .unwrap()
        .clone();
    let mut broken = seed.clone();
    let mut done = false;
    for c in 0..81 {
        if broken.get(c) != 0 || done {
            continue;
        }
        for d in 1..=9u8 {
            if d == solution.get(c) {
                continue;
            }
            broken.set(c, d);
            if broken.first_clash().is_none() {
                done = true;
                break;
            }
            broken.set(c, 0);
        }
    }
    assert!(done);
    let r = exact::count_solutions(&broken, 2);
    assert!(r.has_no_solution(), "{:?}", r.status);
    assert_eq!(r.is_unique(), Some(false));
}
