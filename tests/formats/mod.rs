//! Tests: formats.

use evoku::board::{Geometry, Grid};
use evoku::error::Error;
use evoku::format::{
    detect, parse_str, read_puzzles, write_grid, write_grids, Format, ParseOptions, Puzzle, Symbols,
};
use proptest::prelude::*;

use crate::util;

mod benchmark_files;
mod errors;
mod grid_text;
mod hex_and_names;
mod no_panic;
mod puzzle_folder;
mod round_trip;

// ---------------------------------------------------------------------------------------------
// Helpers

fn auto() -> ParseOptions {
    ParseOptions::default()
}

fn forced(format: Format) -> ParseOptions {
    ParseOptions {
        format: Some(format),
        symbols: Symbols::Standard,
    }
}

fn hex(format: Option<Format>) -> ParseOptions {
    ParseOptions {
        format,
        symbols: Symbols::Hex,
    }
}

fn parse(text: &str, options: &ParseOptions) -> (Vec<Puzzle>, Format) {
    parse_str(text, "test.txt", options).unwrap_or_else(|e| panic!("{e}\n--- text:\n{text}"))
}

/// The (line, column, message) of a parse error; panics on success or another error.
fn parse_err(text: &str, options: &ParseOptions) -> (usize, usize, String) {
    match parse_str(text, "bad.txt", options) {
        Err(Error::Parse {
            file,
            line,
            column,
            message,
        }) => {
            assert_eq!(file, "bad.txt");
            (line, column, message)
        }
        Err(e) => panic!("expected a parse error, got {e}"),
        Ok((p, f)) => panic!("expected a parse error, read {} puzzles as {f}", p.len()),
    }
}

fn read(path: std::path::PathBuf) -> (Vec<Puzzle>, Format) {
    let path = path.to_str().expect("UTF-8 path").to_string();
    read_puzzles(&path, &auto()).unwrap_or_else(|e| panic!("{e}"))
}

/// A small deterministic generator, so that grids built from a proptest seed shrink sensibly.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A valid complete grid (shuffled pattern) with about `fill_percent` % of its cells kept.
fn random_grid(box_size: usize, seed: u64, fill_percent: usize) -> Grid {
    let g = Geometry::new(box_size).unwrap();
    let (b, n) = (box_size, g.side());
    let mut rng = SplitMix(seed);
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let shuffled_lines = |rng: &mut SplitMix| {
        let mut bands: Vec<usize> = (0..b).collect();
        rng.shuffle(&mut bands);
        let mut out = Vec::with_capacity(n);
        for band in bands {
            let mut inner: Vec<usize> = (0..b).collect();
            rng.shuffle(&mut inner);
            out.extend(inner.into_iter().map(|i| band * b + i));
        }
        out
    };
    let rows = shuffled_lines(&mut rng);
    let cols = shuffled_lines(&mut rng);
    let mut grid = Grid::empty(g);
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            if rng.below(100) < fill_percent {
                let pattern = (b * (pr % b) + pr / b + pc) % n;
                grid.set(r * n + c, digits[pattern]);
            }
        }
    }
    assert!(grid.first_clash().is_none());
    grid
}

fn symbol_sets(side: usize) -> Vec<Symbols> {
    if side <= 16 {
        vec![Symbols::Standard, Symbols::Hex]
    } else {
        vec![Symbols::Standard]
    }
}

/// Writes, reads back (auto-detected and forced) and compares.
fn assert_round_trip(grid: &Grid) {
    let side = grid.geometry().side();
    for format in Format::ALL {
        for symbols in symbol_sets(side) {
            let text = write_grid(grid, format, symbols);
            assert!(text.ends_with('\n'), "{format} {symbols}: {text:?}");
            for format_option in [None, Some(format)] {
                let options = ParseOptions {
                    format: format_option,
                    symbols,
                };
                let (puzzles, found) = parse(&text, &options);
                assert_eq!(found, format, "{symbols}, detected from:\n{text}");
                assert_eq!(puzzles.len(), 1, "{format} {symbols}");
                assert_eq!(&puzzles[0].grid, grid, "{format} {symbols}:\n{text}");
            }
        }
    }
}

fn count_lines_starting_with_cells(text: &str) -> usize {
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            !t.is_empty() && !t.starts_with('#')
        })
        .count()
}

const SUDOKU_ROWS: [&str; 9] = [
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
];

fn sudoku_line() -> String {
    SUDOKU_ROWS.concat()
}
