//! Tests: generation — unique puzzles at the asked level, symmetry, determinism, complete grids,
//! the store, and `evoku generate`.

use std::process::Command;

use evoku::board::{Geometry, Grid};
use evoku::exact;
use evoku::generate::{
    complete_grids, generate, GenerateOptions, Generator, Outcome, PuzzleRecord, Store,
};
use evoku::rate::{Level, Rater};

use crate::util;

mod puzzles;
mod store_and_command;
mod uniqueness_proofs;

fn nine() -> Geometry {
    Geometry::new(3).unwrap()
}

/// Every emitted puzzle: proven unique again from scratch, solved by its solution, and rated at
/// the asked level again.
fn check(outcome: &Outcome, options: &GenerateOptions) -> Grid {
    let g = outcome.puzzle.as_ref().expect("a puzzle at the level");
    let again = exact::count_solutions(&g.puzzle, 2);
    assert_eq!(again.is_unique(), Some(true), "not unique: {}", g.puzzle);
    assert_eq!(again.first(), Some(&g.solution));
    assert!(g.solution.solves(&g.puzzle));
    let mut rater = Rater::new(options.geometry);
    assert_eq!(rater.level(&g.puzzle), options.level, "{}", g.puzzle);
    assert_eq!(g.rating.level, options.level);
    assert!(g.puzzle.givens() < options.geometry.cells());
    for b in &outcome.byproducts {
        assert_eq!(exact::count_solutions(&b.puzzle, 2).is_unique(), Some(true));
        assert_ne!(b.rating.level, options.level);
    }
    g.puzzle.clone()
}

fn symmetric(p: &Grid) -> bool {
    let cells = p.geometry().cells();
    (0..cells).all(|c| (p.get(c) == 0) == (p.get(cells - 1 - c) == 0))
}
