//! Generation: unique puzzles at the asked level, symmetry on request, the same puzzles for the
//! same seed whatever the threads, larger boards, complete grids.

use super::*;

#[test]
fn puzzles_are_unique_and_at_the_asked_level() {
    for level in Level::ALL {
        let mut options = GenerateOptions::new(nine(), level, 3);
        for symmetric_givens in [false, true] {
            options.symmetric = symmetric_givens;
            let outcomes = generate(&options, 0..3, &|_| {});
            let mut seen = std::collections::HashSet::new();
            for o in &outcomes {
                let p = check(o, &options);
                if symmetric_givens {
                    assert!(symmetric(&p), "{p} is not symmetric");
                }
                assert!(seen.insert(p.to_string()));
            }
        }
    }
}

#[test]
fn symmetric_is_not_the_default() {
    let options = GenerateOptions::new(nine(), Level::MEDIUM, 4);
    let outcomes = generate(&options, 0..4, &|_| {});
    assert!(outcomes
        .iter()
        .any(|o| !symmetric(&o.puzzle.as_ref().unwrap().puzzle)));
}

#[test]
fn the_same_seed_gives_the_same_puzzles_whatever_the_threads() {
    let options = GenerateOptions::new(nine(), Level::HARD, 11);
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| generate(&options, 0..4, &|_| {}))
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, generate(&options, 0..4, &|_| {}));
    // Puzzle k does not depend on the range it was asked in.
    assert_eq!(one[2..], generate(&options, 2..4, &|_| {})[..]);
    let other = GenerateOptions {
        seed: 12,
        ..options.clone()
    };
    let different = generate(&other, 0..4, &|_| {});
    for (a, b) in one.iter().zip(&different) {
        assert_ne!(a.puzzle, b.puzzle);
    }
}

#[test]
fn larger_boards_give_unique_puzzles() {
    let sixteen = Geometry::from_side(16).unwrap();
    for level in [Level::EASY, Level::HARD] {
        let options = GenerateOptions::new(sixteen, level, 1);
        let outcome = Generator::new(sixteen).puzzle(&options, 0);
        check(&outcome, &options);
    }
    let twenty_five = Geometry::from_side(25).unwrap();
    let options = GenerateOptions {
        symmetric: true,
        ..GenerateOptions::new(twenty_five, Level::EASY, 1)
    };
    let outcome = Generator::new(twenty_five).puzzle(&options, 0);
    let p = check(&outcome, &options);
    assert!(symmetric(&p));
    // Digging stops where proofs get costly, below half the board.
    assert!(p.givens() < 625 / 2, "{} givens", p.givens());
}

#[test]
fn complete_grids_are_valid_distinct_and_repeatable() {
    for (side, count) in [(9, 500), (16, 20), (25, 2)] {
        let g = Geometry::from_side(side).unwrap();
        let grids = complete_grids(g, 7, count, evoku::stop::Stop::on_request());
        assert_eq!(grids.len(), count);
        let distinct: std::collections::HashSet<_> = grids.iter().map(|x| x.to_string()).collect();
        assert_eq!(distinct.len(), count);
        for grid in &grids {
            assert!(grid.solves(&Grid::empty(g)), "{grid}");
        }
        assert_eq!(
            grids,
            complete_grids(g, 7, count, evoku::stop::Stop::on_request())
        );
        assert_ne!(
            grids[0],
            complete_grids(g, 8, 1, evoku::stop::Stop::on_request())[0]
        );
    }
    // 4x4 has exactly 288 grids: asking for more finds them all, and no more.
    let g = Geometry::new(2).unwrap();
    assert_eq!(
        complete_grids(g, 1, 300, evoku::stop::Stop::on_request()).len(),
        288
    );
}
