//! Node and time limits, and puzzles propagation alone completes.

use super::*;

#[test]
fn node_limit_stops_the_search() {
    let puzzles = nine("nine/forum-hardest-1106.txt");
    let p = &puzzles[0];
    let full = exact::count_solutions(p, 2);
    assert!(full.nodes > 10, "needs a search that branches");
    let limits = Limits {
        max_solutions: 2,
        max_nodes: 5,
        time_limit: None,
    };
    let r = exact::solve(p, &limits);
    assert_eq!(r.status, Status::NodeLimit);
    assert_eq!(r.nodes, 5);
    assert_eq!(r.is_unique(), None);
    assert!(!r.has_no_solution());
    // A limit exactly at what the full search needs still completes it.
    let exact_limit = Limits {
        max_nodes: full.nodes,
        ..limits
    };
    assert_eq!(exact::solve(p, &exact_limit).status, Status::Complete);
}

#[test]
fn time_limit_stops_the_search() {
    // Counting the solutions of an empty 9x9 board takes far longer than 50 ms.
    let g = Geometry::new(3).unwrap();
    let limits = Limits {
        max_solutions: usize::MAX,
        max_nodes: u64::MAX,
        time_limit: Some(Duration::from_millis(50)),
    };
    // Keep memory small: count on a board with a few givens so solutions stay few per ms.
    let mut p = Grid::empty(g);
    for (c, d) in [
        (0, 1),
        (10, 2),
        (20, 3),
        (30, 4),
        (40, 5),
        (50, 6),
        (60, 7),
        (70, 8),
    ] {
        p.set(c, d);
    }
    let t = Instant::now();
    let r = exact::solve(&p, &limits);
    let elapsed = t.elapsed();
    assert_eq!(r.status, Status::TimeLimit);
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    assert!(r.nodes > 0 && !r.solutions.is_empty());
    assert_eq!(r.is_unique(), Some(false));
}

#[test]
fn solved_by_propagation_is_complete_with_one_solution_requested() {
    let p = &nine("nine/easy50.txt")[0];
    let r = exact::solve(p, &Limits::default());
    assert_eq!(r.nodes, 1);
    assert_eq!(r.status, Status::Complete);
    assert_eq!(r.is_unique(), Some(true));
    assert_eq!(r.entropy, 0.0);
    let hard = exact::solve(&seed_puzzles()[5].1, &Limits::default());
    assert!(hard.entropy > 0.0);
}
