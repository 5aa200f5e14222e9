//! The puzzles `evoku bench` measures on by default, each made unsolvable by one wrong given
//! where one is found, so no island stops breeding during a measurement.

use evoku::error::{Error, Result};
use evoku::exact;
use evoku::format::{self, ParseOptions, Puzzle};

/// The puzzle a size is measured on by default: AI Escargot (9x9) and the Lloyd & Amos 45 %
/// instances (16x16, 25x25), with one wrong given where one is found ([`never_solvable`]: 9x9
/// and 16x16); other box sizes get an empty board. The 25x25 instance has so many solutions that
/// no single wrong given was found; it keeps its givens: the GA does not solve it within a
/// measurement, and an island that did would be counted out.
pub fn default_puzzle(box_size: usize) -> Result<Puzzle> {
    let text = match box_size {
        3 => include_str!("../../puzzles/ai-escargot.txt"),
        4 => include_str!("../../puzzles/lloyd-amos-16x16-45.txt"),
        5 => include_str!("../../puzzles/lloyd-amos-25x25-45.txt"),
        b => {
            let side = b * b;
            let geometry = evoku::board::Geometry::new(b).ok_or_else(|| {
                Error::invalid_option("box size", b, "2..=8 (boards 4x4 to 64x64)")
            })?;
            return Ok(Puzzle {
                name: format!("empty-{side}x{side}"),
                grid: evoku::board::Grid::empty(geometry),
                file: "<built-in>".into(),
                line: 1,
            });
        }
    };
    let (mut puzzles, _) = format::parse_str(text, "<built-in>", &ParseOptions::default())?;
    let puzzle = puzzles.remove(0);
    Ok(never_solvable(&puzzle).unwrap_or(puzzle))
}

/// `puzzle` plus one wrong given that singles propagation does not expose, proven by the exact
/// solver to leave no solution: to the GA it looks like the original and is as much work per
/// generation, but no island can ever solve it and stop. On a puzzle with one solution the first
/// digit tried works; on one with many, a digit may still leave solutions and the next is tried.
/// `None` when none is found within a small search budget.
pub fn never_solvable(puzzle: &Puzzle) -> Option<Puzzle> {
    let limits = exact::Limits {
        max_solutions: 1,
        max_nodes: 20_000,
        time_limit: None,
    };
    let solution = exact::solve(&puzzle.grid, &limits).first()?.clone();
    let propagated = exact::propagate(&puzzle.grid).ok()?;
    let mut attempts = 0;
    for cell in 0..puzzle.grid.geometry().cells() {
        if propagated.grid.get(cell) != 0 {
            continue;
        }
        let candidates = propagated.candidates[cell];
        for digit in 1..=puzzle.grid.geometry().side() as u8 {
            if candidates & (1u64 << (digit - 1)) == 0 || digit == solution.get(cell) {
                continue;
            }
            attempts += 1;
            if attempts > 12 {
                return None;
            }
            let mut grid = puzzle.grid.clone();
            grid.set(cell, digit);
            if exact::propagate(&grid).is_err() || !exact::solve(&grid, &limits).has_no_solution() {
                continue;
            }
            return Some(Puzzle {
                name: format!("{} +1 wrong given", puzzle.name),
                grid,
                file: puzzle.file.clone(),
                line: puzzle.line,
            });
        }
    }
    None
}
