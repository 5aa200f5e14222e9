//! Board geometry and the row-major grid every other module reads and writes.
//!
//! A board has box size `b`, side `n = b*b` and `n*n` cells holding digits `1..=n`, 0 for empty.
//! Nothing here assumes 9x9: every size from 4x4 (b = 2) to 64x64 (b = 8) is supported.

use std::fmt;

/// Smallest supported box size (4x4 boards).
pub const MIN_BOX_SIZE: usize = 2;
/// Largest supported box size (64x64 boards); digits must fit a `u8` and candidates a `u64`.
pub const MAX_BOX_SIZE: usize = 8;

/// The shape of a board: box size, side and cell count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    box_size: usize,
}

impl Geometry {
    /// Returns `None` for box sizes outside `MIN_BOX_SIZE..=MAX_BOX_SIZE`.
    pub fn new(box_size: usize) -> Option<Geometry> {
        (MIN_BOX_SIZE..=MAX_BOX_SIZE)
            .contains(&box_size)
            .then_some(Geometry { box_size })
    }

    /// The geometry whose side is `side`, if `side` is the square of a supported box size.
    pub fn from_side(side: usize) -> Option<Geometry> {
        (MIN_BOX_SIZE..=MAX_BOX_SIZE)
            .find(|b| b * b == side)
            .map(|box_size| Geometry { box_size })
    }

    /// The geometry with `cells` cells, if that is `n*n` for a supported side `n`.
    pub fn from_cell_count(cells: usize) -> Option<Geometry> {
        (MIN_BOX_SIZE..=MAX_BOX_SIZE)
            .find(|b| b * b * b * b == cells)
            .map(|box_size| Geometry { box_size })
    }

    pub fn box_size(self) -> usize {
        self.box_size
    }

    /// Side `n = b*b`: the number of digits, and of cells in a row, column or box.
    pub fn side(self) -> usize {
        self.box_size * self.box_size
    }

    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    pub fn row_of(self, cell: usize) -> usize {
        cell / self.side()
    }

    pub fn col_of(self, cell: usize) -> usize {
        cell % self.side()
    }

    /// Box index of a row-major cell, boxes numbered row-major too.
    pub fn box_of(self, cell: usize) -> usize {
        let b = self.box_size;
        (self.row_of(cell) / b) * b + self.col_of(cell) / b
    }

    /// Row-major cell index of position `pos` (row-major inside the box) of box `box_index`.
    pub fn box_cell(self, box_index: usize, pos: usize) -> usize {
        let b = self.box_size;
        let row = (box_index / b) * b + pos / b;
        let col = (box_index % b) * b + pos % b;
        row * self.side() + col
    }

    /// The cells of every unit, `n` each: the rows, then the columns, then the boxes (cells of
    /// a box row-major inside it), so unit `u` is entries `u * n..(u + 1) * n`.
    pub fn unit_cells(self) -> impl Iterator<Item = usize> {
        let n = self.side();
        let rows = 0..n * n;
        let cols = (0..n * n).map(move |k| (k % n) * n + k / n);
        let boxes = (0..n * n).map(move |k| self.box_cell(k / n, k % n));
        rows.chain(cols).chain(boxes)
    }

    /// The units of `cell`, numbered as in [`Geometry::unit_cells`]: its row, `n +` its column,
    /// `2n +` its box.
    pub fn units_of(self, cell: usize) -> [usize; 3] {
        let n = self.side();
        [
            self.row_of(cell),
            n + self.col_of(cell),
            2 * n + self.box_of(cell),
        ]
    }

    /// Bit mask with one bit for each digit `1..=n` (bit `d-1` for digit `d`).
    pub fn all_digits(self) -> u64 {
        if self.side() == 64 {
            u64::MAX
        } else {
            (1u64 << self.side()) - 1
        }
    }

    /// Human name such as `9x9`.
    pub fn name(self) -> String {
        format!("{0}x{0}", self.side())
    }
}

/// A board's cells in row-major order, 0 for an empty cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    geometry: Geometry,
    cells: Vec<u8>,
}

/// A row-major cell index as messages name it: `r3c7`, row and column counted from 1 (as the
/// puzzle reader's messages count them).
pub fn cell_name(cell: usize, side: usize) -> String {
    format!("r{}c{}", cell / side + 1, cell % side + 1)
}

/// Two cells of the same row, column or box holding the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    pub first: usize,
    pub second: usize,
    pub digit: u8,
}

impl Grid {
    /// An empty board.
    pub fn empty(geometry: Geometry) -> Grid {
        Grid {
            geometry,
            cells: vec![0; geometry.cells()],
        }
    }

    /// Returns `None` if the cell count does not match the geometry or a digit exceeds the side.
    pub fn from_cells(geometry: Geometry, cells: Vec<u8>) -> Option<Grid> {
        let side = geometry.side();
        (cells.len() == geometry.cells() && cells.iter().all(|&d| (d as usize) <= side))
            .then_some(Grid { geometry, cells })
    }

    /// A board written as one line of symbols (`.` or `0` empty), as this crate writes them
    /// (`Display`); `None` if a symbol is unknown or the count does not fit `geometry`. The
    /// puzzle reader (`crate::format`) is the one for user input: it names file, line, column.
    pub fn from_symbols(geometry: Geometry, text: &str) -> Option<Grid> {
        let cells = text
            .chars()
            .map(|c| match c {
                '.' | '0' => Some(0),
                c => symbol_digit(c),
            })
            .collect::<Option<Vec<u8>>>()?;
        Grid::from_cells(geometry, cells)
    }

    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell; `digit` must be `0..=n`.
    pub fn set(&mut self, cell: usize, digit: u8) {
        debug_assert!((digit as usize) <= self.geometry.side());
        self.cells[cell] = digit;
    }

    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// Whether two filled cells break a rule: one bit per digit and unit, so that reading a file
    /// of thousands of puzzles checks each without building [`Grid::first_clash`]'s tables.
    fn has_clash(&self) -> bool {
        let g = self.geometry;
        let n = g.side();
        let b = g.box_size();
        let mut seen = vec![0u64; 3 * n];
        for (row, cells) in self.cells.chunks_exact(n).enumerate() {
            for (col, &digit) in cells.iter().enumerate() {
                if digit == 0 {
                    continue;
                }
                let bit = 1u64 << (digit - 1);
                for unit in [row, n + col, 2 * n + row / b * b + col / b] {
                    if seen[unit] & bit != 0 {
                        return true;
                    }
                    seen[unit] |= bit;
                }
            }
        }
        false
    }

    /// The first pair of filled cells (in row-major order of the later cell) that break a rule.
    pub fn first_clash(&self) -> Option<Clash> {
        let g = self.geometry;
        let n = g.side();
        if !self.has_clash() {
            return None;
        }
        // Last cell seen with each digit, per row, column and box.
        let mut rows = vec![usize::MAX; n * (n + 1)];
        let mut cols = vec![usize::MAX; n * (n + 1)];
        let mut boxes = vec![usize::MAX; n * (n + 1)];
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let d = digit as usize;
            for (table, unit) in [
                (&mut rows, g.row_of(cell)),
                (&mut cols, g.col_of(cell)),
                (&mut boxes, g.box_of(cell)),
            ] {
                let slot = &mut table[unit * (n + 1) + d];
                if *slot != usize::MAX {
                    return Some(Clash {
                        first: *slot,
                        second: cell,
                        digit,
                    });
                }
                *slot = cell;
            }
        }
        None
    }

    /// True when the grid is complete, breaks no rule and agrees with every given of `puzzle`.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.geometry == puzzle.geometry
            && self.is_complete()
            && self.first_clash().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &cell)| given == 0 || given == cell)
    }

    /// `(row, column)`, both 1-based, for messages.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        (
            self.geometry.row_of(cell) + 1,
            self.geometry.col_of(cell) + 1,
        )
    }
}

/// Symbol for digit `d` in line format: `1-9`, then `A-Z`, then `a-z` and a few more for 64x64.
pub fn digit_symbol(digit: u8) -> char {
    const SYMBOLS: &[u8] = b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@#%";
    SYMBOLS
        .get(digit as usize)
        .map(|&c| c as char)
        .unwrap_or('?')
}

/// Inverse of [`digit_symbol`] for non-empty symbols.
pub fn symbol_digit(symbol: char) -> Option<u8> {
    match symbol {
        '1'..='9' => Some(symbol as u8 - b'0'),
        'A'..='Z' => Some(symbol as u8 - b'A' + 10),
        'a'..='z' => Some(symbol as u8 - b'a' + 36),
        '@' => Some(62),
        '#' => Some(63),
        '%' => Some(64),
        _ => None,
    }
}

impl fmt::Display for Grid {
    /// Line format: `n*n` symbols, `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &d in &self.cells {
            write!(f, "{}", digit_symbol(d))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_maps_boxes_to_cells() {
        let g = Geometry::new(3).unwrap();
        assert_eq!(g.box_cell(0, 0), 0);
        assert_eq!(g.box_cell(4, 4), 40);
        assert_eq!(g.box_cell(8, 8), 80);
        for cell in 0..g.cells() {
            let bx = g.box_of(cell);
            assert!((0..9).any(|p| g.box_cell(bx, p) == cell));
        }
        assert_eq!(Geometry::from_side(25).map(|g| g.box_size()), Some(5));
        assert_eq!(Geometry::from_side(10), None);
        assert_eq!(Geometry::from_cell_count(256).map(|g| g.side()), Some(16));
        assert_eq!(Geometry::new(9), None);
    }

    #[test]
    fn symbols_round_trip() {
        for d in 1..=64u8 {
            assert_eq!(symbol_digit(digit_symbol(d)), Some(d));
        }
        assert_eq!(symbol_digit('.'), None);
    }

    #[test]
    fn clash_names_both_cells() {
        let g = Geometry::new(2).unwrap();
        let mut grid = Grid::empty(g);
        grid.set(0, 3);
        grid.set(5, 3);
        let clash = grid.first_clash().unwrap();
        assert_eq!((clash.first, clash.second, clash.digit), (0, 5, 3));
    }
}
