//! Tests: exact.

use std::path::Path;
use std::time::{Duration, Instant};

use evoku::board::{Geometry, Grid};
use evoku::exact::{self, Contradiction, Limits, Status};

use crate::util;

/// 81-character puzzles of a `tests/data/nine/` file (see `nine_at`).
fn nine(relative: &str) -> Vec<Grid> {
    nine_at(&util::data(relative))
}

/// 81-character puzzles of a file in the `nine/` format ('.' or '0' empty; '#' lines and `//`
/// tails skipped).
fn nine_at(path: &Path) -> Vec<Grid> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let g = Geometry::new(3).unwrap();
    text.lines()
        .map(|l| l.split("//").next().unwrap().trim())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| line_grid(g, l))
        .collect()
}

fn line_grid(g: Geometry, line: &str) -> Grid {
    let cells: Vec<u8> = line
        .chars()
        .take(g.cells())
        .map(|c| c.to_digit(10).unwrap_or(0) as u8)
        .collect();
    Grid::from_cells(g, cells).unwrap_or_else(|| panic!("bad puzzle line {line}"))
}

/// A Lloyd & Amos instance: box size, an unused line, then n tab-separated rows, -1 for empty.
fn lloyd_amos(path: &Path) -> Grid {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let b: usize = lines.next().unwrap().trim().parse().unwrap();
    let g = Geometry::new(b).unwrap();
    lines.next();
    let cells: Vec<u8> = lines
        .flat_map(|l| l.split_whitespace())
        .map(|v| v.parse::<i32>().unwrap().max(0) as u8)
        .collect();
    Grid::from_cells(g, cells).unwrap()
}

/// A Lloyd & Amos instance carried in `tests/data`.
fn instance(side: usize, fill: usize, k: usize) -> Grid {
    lloyd_amos(&util::lloyd_amos(&format!(
        "inst{side}x{side}_{fill}_{k}.txt"
    )))
}

/// A Lloyd & Amos instance of the full set under `benchmarks` (`EVOKU_BENCHMARKS`).
fn full_set_instance(benchmarks: &Path, side: usize, fill: usize, k: usize) -> Grid {
    lloyd_amos(&benchmarks.join(format!(
        "lloyd-amos/general/inst{side}x{side}_{fill}_{k}.txt"
    )))
}

fn seed_puzzles() -> Vec<(String, Grid)> {
    let text = std::fs::read_to_string(util::data("seed-puzzles.txt")).unwrap();
    let g = Geometry::new(3).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            let grid = line_grid(g, fields[2]);
            assert_eq!(grid.givens().to_string(), fields[1], "{}", fields[0]);
            (fields[0].to_string(), grid)
        })
        .collect()
}

fn solve_and_check(puzzle: &Grid) {
    let r = exact::solve(puzzle, &Limits::default());
    let first = r
        .first()
        .unwrap_or_else(|| panic!("no solution for {puzzle}: {:?}", r.status));
    assert!(first.solves(puzzle), "{first} does not solve {puzzle}");
}

mod cdcl;
mod cdcl_options;
mod cdcl_phases;
mod cdcl_segments;
mod cdcl_trajectory;
mod cdcl_vivify;
mod cdcl_walk;
mod limits;
mod lloyd_amos;
mod member;
mod probe;
mod propagation;
mod restarts;
mod solutions;
mod wdeg;
