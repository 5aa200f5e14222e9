//! [`Puzzle`]: a board with its givens, read with the command line's format readers.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::format::{self, ParseOptions};

/// A Sudoku puzzle of side `n = b * b` (4, 9, 16, 25, ... up to 64): its givens and its name.
///
/// Read from text in any of the formats `evoku solve` reads (one puzzle per line, a grid of
/// rows, or Lloyd & Amos's files), detected from the text. A bad puzzle is an
/// [`Error::Parse`] naming the line and column at fault.
///
/// ```
/// let puzzle: evoku::Puzzle = "1.3.....2..3.3..".parse()?;
/// assert_eq!((puzzle.side(), puzzle.givens()), (4, 5));
/// assert_eq!(puzzle.to_string(), "1.3.....2..3.3..");
/// # Ok::<(), evoku::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    inner: format::Puzzle,
}

impl Puzzle {
    /// Reads the one puzzle of `text`; a text with none or with several is an error.
    pub fn parse(text: &str) -> Result<Puzzle> {
        let mut puzzles = Puzzle::parse_all(text)?;
        if puzzles.len() > 1 {
            let second = &puzzles[1].inner;
            return Err(Error::Parse {
                file: second.file.clone(),
                line: second.line,
                column: 1,
                message: format!(
                    "one puzzle expected, found {} (use Puzzle::parse_all)",
                    puzzles.len()
                ),
            });
        }
        Ok(puzzles.remove(0))
    }

    /// Reads every puzzle of `text`, in order; a text without any is an error.
    pub fn parse_all(text: &str) -> Result<Vec<Puzzle>> {
        let (puzzles, _) = format::parse_str(text, "<string>", &ParseOptions::default())?;
        Ok(puzzles.into_iter().map(Puzzle::from).collect())
    }

    /// Reads every puzzle of the file at `path`, as `evoku solve FILE` does (`-` reads standard
    /// input).
    pub fn read(path: impl AsRef<Path>) -> Result<Vec<Puzzle>> {
        let path = path.as_ref().to_string_lossy();
        // A long line-format file is read on every core, as `evoku solve` reads it (the same
        // puzzles and errors as one reader).
        let threads = crate::solve::batch::thread_count(None);
        let (puzzles, _) = format::read_puzzles_on(&path, &ParseOptions::default(), threads)?;
        Ok(puzzles.into_iter().map(Puzzle::from).collect())
    }

    /// A puzzle of side `side` from its cells, row by row: `0` for an empty cell, else a digit
    /// `1..=side`. `None` when `side` is not the square of a box size 2..=8 or the cells are not
    /// `side * side` such values.
    pub fn from_cells(side: usize, cells: &[u8]) -> Option<Puzzle> {
        let geometry = crate::board::Geometry::from_side(side)?;
        let grid = crate::board::Grid::from_cells(geometry, cells.to_vec())?;
        Some(Puzzle::from(format::Puzzle {
            name: "<cells>".into(),
            grid,
            file: "<cells>".into(),
            line: 1,
        }))
    }

    /// The name written beside the puzzle, else one made from the file (`p#2` for the second).
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The side `n` of the board.
    pub fn side(&self) -> usize {
        self.inner.grid.geometry().side()
    }

    /// The cells given.
    pub fn givens(&self) -> usize {
        self.inner.grid.givens()
    }

    /// The cells, row by row: `0` for an empty cell, else a digit `1..=side`.
    pub fn cells(&self) -> &[u8] {
        self.inner.grid.cells()
    }

    /// Whether `cells` (row by row, as [`Puzzle::cells`]) complete this puzzle: every given kept
    /// and every row, column and box holding each digit once.
    pub fn is_solved_by(&self, cells: &[u8]) -> bool {
        let geometry = self.inner.grid.geometry();
        crate::board::Grid::from_cells(geometry, cells.to_vec())
            .is_some_and(|grid| grid.solves(&self.inner.grid))
    }

    /// The puzzle as the engine reads it.
    pub(crate) fn inner(&self) -> &format::Puzzle {
        &self.inner
    }
}

impl From<format::Puzzle> for Puzzle {
    fn from(inner: format::Puzzle) -> Puzzle {
        Puzzle { inner }
    }
}

impl FromStr for Puzzle {
    type Err = Error;

    fn from_str(text: &str) -> Result<Puzzle> {
        Puzzle::parse(text)
    }
}

/// The puzzle in line format: `side * side` symbols (`1-9`, then `A-Z`, ...), `.` for empty.
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.grid.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_puzzle_or_an_error_naming_the_line() {
        let two = "1.3.....2..3.3..\n1.3.....2..3.3..\n";
        match Puzzle::parse(two) {
            Err(Error::Parse { line: 2, .. }) => {}
            other => panic!("{other:?}"),
        }
        assert_eq!(Puzzle::parse_all(two).unwrap().len(), 2);
        match Puzzle::parse("1.3.....2..3.3.x") {
            Err(Error::Parse {
                line: 1,
                column: 16,
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn cells_round_trip_and_check_a_solution() {
        let puzzle: Puzzle = "1.3.....2..3.3..".parse().unwrap();
        let again = Puzzle::from_cells(4, puzzle.cells()).unwrap();
        assert_eq!(again.cells(), puzzle.cells());
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert!(puzzle.is_solved_by(&solution));
        let mut wrong = solution;
        wrong.swap(0, 1);
        assert!(!puzzle.is_solved_by(&wrong));
        assert!(Puzzle::from_cells(5, &[0; 25]).is_none());
    }
}
